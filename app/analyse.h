/*
 * analyse.h - `rankfile analyse` as a function: every position of the main line of every game of
 * some inputs (PGN games, or FEN/EPD lines) evaluated by a pool of UCI engines (app/uci.h), one
 * thread and one engine process each, the games handed back in input order from the caller's
 * thread. The command (cmd_analyse.c) and the Python extension (rankfile.dask.analyse) call it.
 *
 * The run keeps no global state, never exits and prints nothing: what goes wrong is an answer
 * (a position's error in its game, or the run's status and message). It hands back whole games
 * (a game's PGN needs all its answers); analyse_rows / analyse_row_get read a game's rows, one
 * per asked position and line, as the tables write them.
 *
 * Order and memory: positions are handed to the engines in input order and the games come back
 * in that order (a reorder buffer), whatever the number of engines; at most `window` positions
 * are in flight, so a file of any size is read as it goes, one game at a time.
 *
 * Determinism: each position is searched after `ucinewgame` (the engine's hash cleared), from the
 * game's start and its moves (so that the engine sees the repetitions), so that at a fixed node
 * count with one engine thread the answer depends on the position and its game alone, not on
 * which engine got it or what it searched before.
 */
#ifndef RANKFILE_APP_ANALYSE_H
#define RANKFILE_APP_ANALYSE_H

#include "app.h"
#include "uci.h"

#include <signal.h>

/* A run's answer about itself besides CLI_* codes. */
#define ANALYSE_STOPPED (-1) /* *stop was set: the run ended early, the checkpoint flushed */

typedef struct analyse_config {
    uci_config engine;   /* the engine and its options (threads: 1 when 0) */
    uci_limit limit;     /* each search's limit (none given: depth 18... the caller's choice) */
    int engines;         /* engine processes in parallel, >= 1 */
    unsigned long from_ply; /* the first ply analysed (0: the game's start) */
    unsigned long every;    /* then every N-th (1: every ply) */
    cli_encoding encoding;  /* the inputs' text */
    const cli_common *common; /* the run whose stderr takes the inputs' notes; NULL: quiet inputs */
    /* FEN lines: read in these rules (as --variant / --chess960). */
    rf_variant variant;
    int chess960;
    const char *checkpoint; /* the journal's path, NULL: none */
    const char *key;        /* what the journal is keyed by: the inputs and options as text */
    volatile sig_atomic_t *stop; /* set (by a signal handler) to stop soon; may be NULL */
    size_t window;          /* positions in flight; 0: 8 per engine */
} analyse_config;

/* One input: its name for messages, read through `in` (opened by the caller, not closed here). */
typedef struct analyse_source {
    const char *name;
    cli_input *in;
} analyse_source;

/* What became of one position. */
typedef struct analyse_eval {
    int asked;          /* the ply is among those analysed (--from-ply, --every) */
    int terminal;       /* no legal move or a variant end: no engine asked; `end` says why */
    const char *end;    /* "checkmate", "stalemate", a variant end's code; NULL */
    int fault;          /* 0, or the uci_fault that left it without an answer */
    char *error;        /* the error's text ("the engine crashed ... (its stderr: ...)"), NULL */
    int replayed;       /* the answer came from the checkpoint */
    uci_result *result; /* the engine's answer (asked, not terminal, no fault) */
} analyse_eval;

/* One event of a game's movetext, for writing it back (analyse_output.c). */
typedef struct analyse_event {
    unsigned char kind;  /* 'm' move, 'c' comment, 'n' NAG, '(' and ')' variations */
    unsigned depth;      /* a move's variation depth (0: the main line) */
    rf_move move;
    unsigned nag;
    size_t pos;          /* a move: its position in game->positions; a comment: its text's offset */
    size_t len;          /* a comment's length */
} analyse_event;

typedef struct analyse_game {
    unsigned long index;        /* from 1, across the inputs */
    const char *source;         /* the input's name */
    unsigned long number;       /* the game's number in its input (a FEN line: its line) */
    unsigned long line;         /* where it starts */
    int fen_line;               /* a FEN/EPD line, not a PGN game */
    size_t ntags;
    char **tag_names, **tag_values;
    int start_ok;               /* the start is known */
    rf_position start;
    size_t plies;               /* main-line moves */
    rf_move *moves;             /* [plies] */
    rf_position *main;          /* [plies + 1]: the main line's positions, main[0] = start */
    analyse_eval *evals;        /* [plies + 1] */
    char result[8];             /* the termination marker, "" when none */
    char *error;                /* the game cannot be read ("line L, column C: WHAT"); NULL */
    char *warning;              /* what may be wrong ("line L: WHAT"); NULL */
    /* the movetext, for the PGN writer */
    size_t nevents;
    analyse_event *events;
    rf_position *var_positions; /* the positions before variation moves */
    size_t nvar;
    char *text;                 /* comments, one after another */
    size_t text_len;
    size_t pending;             /* (the run's) asked positions not yet answered */
    size_t next_ply;            /* (the run's) the next ply to hand out */
} analyse_game;

/* Progress, for a line on a terminal. */
typedef struct analyse_progress {
    unsigned long long positions; /* answered */
    unsigned long long replayed;  /* of which from the checkpoint */
    unsigned long long games;     /* delivered */
    unsigned long long known;     /* positions to answer in the games read so far */
    int input_done;               /* every input is read: `known` is the total */
    double seconds;
    uint64_t consumed, size;      /* the current input's bytes (size 0: unknown) */
} analyse_progress;

typedef struct analyse_callbacks {
    void *ctx;
    /* A game, every asked position answered, in input order; nonzero stops the run (its value is
     * returned). Called from the caller's thread. */
    int (*game)(void *ctx, const analyse_game *g);
    /* About four times a second, from the caller's thread; may be NULL. */
    void (*progress)(void *ctx, const analyse_progress *p);
} analyse_callbacks;

/* Runs the analysis. Returns 0 when every game was delivered (some may carry errors), the value a
 * callback stopped it with, ANALYSE_STOPPED after *stop, or a CLI_* status with message[0..cap)
 * saying why: CLI_UNAVAILABLE (the engine cannot be run or is no UCI engine), CLI_USAGE (an
 * option the engine refuses, a checkpoint of another command line), CLI_DATAERR (a file that is
 * no checkpoint; or, after the games, an input that could not be read to its end),
 * CLI_NOINPUT / CLI_IOERR (an input or the checkpoint cannot be read or written),
 * CLI_SOFTWARE (out of memory, no thread). */
int analyse_run(const analyse_config *cfg, const analyse_source *inputs, size_t ninputs,
                const analyse_callbacks *cb, char *message, size_t cap);

/* The score of line `k` of an answer from White's point of view (UCI's is the mover's). */
uci_score analyse_white_score(const analyse_game *g, size_t ply, size_t k);

/* One row of an answered position, as the tables write it (analyse_output.c): line k (from 0)
 * of the answer at `ply`. Pointers point into the game. */
typedef struct analyse_row {
    unsigned long game;      /* g->index */
    size_t ply, multipv;     /* multipv from 1 */
    const rf_position *pos;
    int has_move;            /* the game's move from here (not at its end) */
    rf_move move;
    int has_score;           /* the line's score, from White's side */
    uci_score score;
    int has_best;            /* the best move: bestmove for line 1, else the line's first move */
    rf_move best;
    const rf_move *pv;       /* moves from pos */
    size_t pv_len;
    int has_numbers;         /* depth, nodes, time_ms said (an answer, not a fault or an end) */
    int depth;
    uint64_t nodes;
    long time_ms;
    const char *end;         /* the rules ended the game here: why ("checkmate", ...); NULL */
    const char *error;       /* no answer: why; NULL */
} analyse_row;

/* The rows of `ply`: 0 when it was not asked, else its lines (1 for an error or an end). */
size_t analyse_rows(const analyse_game *g, size_t ply);
void analyse_row_get(const analyse_game *g, size_t ply, size_t k, analyse_row *out);

/* ---- analyse_checkpoint.c: the journal of answers (--checkpoint) ------------------------- */

typedef struct analyse_journal analyse_journal;

/* Opens (creating) the journal at path for `key`: an existing journal of another key is
 * refused (CLI_USAGE; a file that is no journal: CLI_DATAERR); one of this key is read (its answers kept for replay, a torn last
 * record dropped). 0 or a CLI_* status with the message. */
int analyse_journal_open(analyse_journal **out, const char *path, const char *key, char *message,
                         size_t cap);
/* The answer journaled for position `seq` (whose position is *pos and key `check`), read into
 * *out: 1, or 0 when there is none (or it does not fit). */
int analyse_journal_find(analyse_journal *j, unsigned long long seq, const rf_position *pos,
                         uint64_t check, uci_result *out);
/* Appends an answer (one write; made durable at most a second later, and by flush). 0, or -1
 * after a write error (errno). */
int analyse_journal_add(analyse_journal *j, unsigned long long seq, const rf_position *pos,
                        uint64_t check, const uci_result *r);
int analyse_journal_flush(analyse_journal *j);
void analyse_journal_close(analyse_journal *j);

/* The key of a journal line: text with what cannot be on one line made safe. Exposed for the
 * fuzz target: the record codec. Writes the record of an answer into buf (cap >= 8192): its
 * length, or 0 when it does not fit. */
size_t analyse_record_write(char *buf, size_t cap, const rf_position *pos, const uci_result *r);
/* Reads a record's text back: 0, or -1 when it is not one (nothing read past len). */
int analyse_record_read(const char *text, size_t len, const rf_position *pos, uci_result *out);

#endif
