/*
 * uci.h - the UCI engine driver of the application library (`rankfile analyse`, the Python
 * extension): one chess engine process spoken to over its standard input and output.
 *
 * An engine is started (uci_start: the program run with pipes, `uci` .. `uciok`, the options
 * set, `isready` .. `readyok`), asked about positions one at a time (uci_search: `position`,
 * `go`, the `info` lines read into a result until `bestmove`), and stopped (uci_quit). The core
 * library starts no process; this file does, for the programs.
 *
 * Faults are answers, never a crash or a hang of the caller: every read has a deadline (an engine
 * that says nothing past it is killed: UCI_HUNG), an engine that exits or dies is UCI_CRASHED
 * (with its exit status or signal, and the last lines of its standard error), a `bestmove` that
 * is not a legal move of the position, or an `info` line that cannot be read, is UCI_ILLEGAL
 * naming the line, and a program that does not answer `uci` with `uciok` is UCI_NOT_AN_ENGINE.
 * Text that would carry a line break or a second command into the engine's input (an option's
 * name or value) is UCI_REFUSED before anything is sent. After any fault but UCI_REFUSED and
 * UCI_ILLEGAL the engine is gone: uci_quit it, then uci_start a new one if wanted.
 *
 * An engine is used by one thread at a time; several engines may run in parallel threads (the
 * pipes are close-on-exec: no engine holds another's). A write to an engine that has gone raises
 * no SIGPIPE in the caller (uci.c blocks it for the write and takes the pending one back).
 * Under Emscripten there are no processes: uci_start is UCI_SYSTEM.
 */
#ifndef RANKFILE_APP_UCI_H
#define RANKFILE_APP_UCI_H

#include "rankfile.h"

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#define UCI_MAX_MULTIPV 16
#define UCI_MAX_PV 64
#define UCI_MAX_OPTIONS 32

typedef enum uci_fault {
    UCI_OK = 0,
    UCI_NOT_AN_ENGINE = -1, /* cannot be run, or does not answer `uci` with `uciok` */
    UCI_CRASHED = -2,       /* exited or died while it was needed */
    UCI_HUNG = -3,          /* said nothing before the deadline; it has been killed */
    UCI_ILLEGAL = -4,       /* said something that is not UCI, or a move not legal there */
    UCI_REFUSED = -5,       /* an option or position that cannot be sent safely; nothing sent */
    UCI_SYSTEM = -6         /* the system refused (pipes, fork, memory) */
} uci_fault;

/* What went wrong, for a one-line message: `message` says it ("the engine exited with status 1
 * while searching"), `stderr_tail` holds the last lines the engine wrote on its standard error
 * (each line ended by '\n'; "" when none). */
typedef struct uci_error {
    uci_fault fault;
    char message[256];
    char stderr_tail[1024];
} uci_error;

/* How to run an engine. Zero means "the engine's default" for the numbers. */
typedef struct uci_config {
    const char *path;                /* the program: a path, or a name looked up on PATH */
    const char *const *args;         /* its arguments after argv[0], NULL-ended; NULL: none */
    size_t hash_mb;                  /* setoption name Hash */
    int threads;                     /* setoption name Threads */
    int multipv;                     /* setoption name MultiPV (1 when 0) */
    /* Any other options, "NAME=VALUE" each (the name as the engine lists it; "NAME" alone for a
     * button). Checked against the engine's `option` lines: an unknown name is UCI_REFUSED. */
    const char *const *options;
    size_t option_count;
    /* Not standard: setoption name UCI_Variant, by Fairy-Stockfish's names for lichess's
     * variants (atomic, kingofthehill, 3check, racingkings, horde, antichess, crazyhouse); an
     * engine without that option or value is UCI_REFUSED. */
    rf_variant variant;
    int chess960;                    /* setoption name UCI_Chess960 value true */
    double start_timeout_s;          /* for `uciok` and `readyok`; 10 when 0 */
    /* A search is thought hung when nothing has come for this long past what its limit allows
     * (movetime + this; depth or nodes: this alone); 60 when 0. */
    double hang_timeout_s;
} uci_config;

/* One search's limit: the first of those given (non-zero) that is reached ends it. */
typedef struct uci_limit {
    int depth;
    uint64_t nodes;
    long movetime_ms;
} uci_limit;

/* A score: centipawns, or mate in `mate` moves (negative: the side to move is mated), from the
 * point of view of the side to move, as the engine said it. */
typedef struct uci_score {
    int is_mate;
    int value;       /* centipawns, or the signed number of moves to mate */
    int lowerbound;  /* the engine said "lowerbound" */
    int upperbound;
} uci_score;

/* One principal variation: what the last `info` line with a `score` or a `pv` for it said (its
 * multipv, 1 when it named none; a line with neither, such as `info depth 3 currmove e2e4`,
 * changes no line). `info depth 0 score mate 0` (no legal move) is a line with a score and an
 * empty pv. Moves past UCI_MAX_PV are checked but not kept; a multipv over UCI_MAX_MULTIPV is
 * not kept. */
typedef struct uci_line {
    int multipv;           /* 1.. */
    int has_score;
    uci_score score;
    int depth, seldepth;
    uint64_t nodes;
    long time_ms;
    int has_wdl;           /* the engine said `wdl W D L` (UCI_ShowWDL): per mille, */
    int wdl[3];            /* win, draw, loss for the side to move */
    size_t pv_len;
    rf_move pv[UCI_MAX_PV]; /* legal moves from the position, in the library's encoding */
} uci_line;

/* What a search answered. */
typedef struct uci_result {
    int has_best;          /* 0 after `bestmove (none)` (no legal move) */
    rf_move best;
    int has_ponder;
    rf_move ponder;
    size_t line_count;     /* lines[0] is multipv 1 */
    uci_line lines[UCI_MAX_MULTIPV];
    int depth;             /* of the last info line that said one */
    uint64_t nodes;        /* the last said */
    long time_ms;          /* the last said; else the time measured */
} uci_result;
/* A `bestmove` without a legal move (`(none)`, `0000`) is accepted only in a position that has
 * no legal move; a `ponder` move that is not legal after the best move is left out (it is a
 * hint), not a fault. */

typedef struct uci_engine uci_engine;

/* The engine's identity as it said it after `uci` (printable ASCII, other bytes as '?'). */
const char *uci_name(const uci_engine *e);   /* `id name`, "" when it said none */
pid_t uci_pid(const uci_engine *e);

/* Starts the engine of `cfg` and sets it up. *out is NULL after a fault. The config's strings
 * are copied. Each option (Threads, Hash, MultiPV when over 1, UCI_Variant for a variant,
 * UCI_Chess960, then `options` in order) is checked against the engine's `option` lines before
 * any is sent: names case-insensitively, a spin's range, a check's true/false, a combo's values,
 * a button's lack of value; a mismatch is UCI_REFUSED (the engine is quit). Text with a control
 * byte is UCI_REFUSED before the program is run. */
int uci_start(uci_engine **out, const uci_config *cfg, uci_error *err);

/* `ucinewgame` and `isready` .. `readyok`: the next positions are of another game. */
int uci_new_game(uci_engine *e, uci_error *err);

/* Sets up `root` and the moves played from it (so that the engine sees the game's repetitions),
 * searches the last position under `limit`, and reads the answer into *out. Returns 0 or a
 * uci_fault. Sent: `position startpos` for the standard start position, else `position fen`
 * (Shredder-FEN castling in Chess960 mode), `moves ...` in UCI (castling as king-takes-rook in
 * Chess960 mode), then `go` with each non-zero limit. UCI_REFUSED, nothing sent: no limit, a
 * position of another variant than the engine's, a Chess960 position for an engine not in
 * Chess960 mode, a move that is not legal. A line that cannot be read, or names a move that is not
 * legal, makes the search UCI_ILLEGAL: the driver sends `stop` and reads on to `bestmove`, so
 * that the engine is ready for the next search; *out keeps what was read before. */
int uci_search(uci_engine *e, const rf_position *root, const rf_move *moves, size_t move_count,
               const uci_limit *limit, uci_result *out, uci_error *err);

/* `quit`, then waits a moment for the process and kills it if it is still there; frees e. */
void uci_quit(uci_engine *e);

/* Reads one line the engine said during a search of `pos` into *out (what uci_search does with
 * each line; exposed for the fuzz target and the tests): `info` lines update the result,
 * `bestmove` sets the best move and returns 1 (the search is over), other lines are ignored
 * (0). A line that cannot be read, or a move that is not legal, is UCI_ILLEGAL. `chess960`: the
 * engine writes castling as king-takes-rook. */
int uci_read_line(uci_result *out, const rf_position *pos, int chess960, const char *line,
                  size_t len, uci_error *err);

/* Empties *out for a new search, as uci_search does: no best move, no lines (lines[i].multipv =
 * i + 1). A caller of uci_read_line clears its result first. */
void uci_result_clear(uci_result *out);

/* The text of a fault code ("crashed", "hung", ...). */
const char *uci_fault_name(int fault);

#endif
