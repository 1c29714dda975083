/*
 * cmd_play.c - `rankfile play`: apply moves to positions and print the results.
 */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

enum { OPT_SAN = 1, OPT_UCI, OPT_PGN };

static const cli_option options[] = {
    {OPT_SAN, "san", 0, NULL, "after the FEN, print the moves played as SAN on one line"},
    {OPT_UCI, "uci", 0, NULL, "after the FEN (and the SAN line), print the moves as UCI"},
    {OPT_PGN, "pgn", 0, NULL,
     "after the FEN (and the SAN and UCI lines), print the moves as PGN movetext:\n"
     "numbered, with the result when the game has ended (else *)"},
    {0, NULL, 0, NULL, NULL},
};

static const char *const intro[] = {
    "usage: rankfile play FEN [MOVE ...] [--san] [--uci] [--pgn] [--json] [--chess960]\n"
    "                     [--variant NAME]\n"
    "       rankfile play [MOVE ...] [options] < positions\n"
    "\n"
    "Plays the moves on the position, in order, and prints the resulting FEN.\n"
    "Each move may be UCI (e2e4, e7e8q, castling e1g1 or e1h1) or SAN (e4, Nf3, exd5, O-O,\n"
    "e8=Q), read leniently: check signs and annotations are ignored, 0-0 is O-O, 'x' and '='\n"
    "are optional, over-specified moves (Ng1f3) are accepted. PGN move text is read too: move\n"
    "numbers (1. e4 e5 2. Nf3, 1...e5), {comments}, $NAGs and a result are passed over, and\n"
    "several moves may share one argument ('1. e4 e5 2. Nf3'). The FEN is one argument: quote it.\n"
    "The null move passes the turn (written -- and 0000; refused in check): give it as Z0, 0000\n"
    "or @@@@, or as -- after a first -- (which ends the options).\n"
    "When the first argument is a move rather than a FEN (a FEN has a '/' between its ranks),\n"
    "the positions come from standard input, one per line, and every one gets the same moves\n"
    "and its own answer, in order.\n",
    NULL,
};

static const char *const outro[] = {
    "JSON: one object per position: {\"fen\",\"moves_uci\":[...],\"moves_san\":[...],\n"
    "\"status\":{...}} where status has the members of 'rankfile status --json' (without \"fen\"),\n"
    "and with --pgn \"pgn\": the movetext,\n"
    "repetitions counted over the moves played (threefold, fivefold).\n"
    "\n"
    "The game is followed as the Laws count repetitions, but moves are played after the game has\n"
    "ended too (after a checkmate or stalemate no move is legal); the status describes the last\n"
    "position. A move that is malformed, illegal or ambiguous is an error naming the move's\n"
    "number and text: one line on stderr and exit status 65 (from standard input also\n"
    "'error MESSAGE' in the position's place).\n"
    "\n"
    "examples:\n"
    "  rankfile play 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' e4 e7e5 Nf3\n"
    "    rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2\n"
    "  rankfile play '4k3/8/8/8/8/8/8/R3K3 w Q - 0 1' 0-0-0 --uci\n"
    "    4k3/8/8/8/8/8/8/2KR4 b - - 1 1\n"
    "    e1c1\n"
    "  echo 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' | rankfile play e4 e5\n"
    "  rankfile play 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' \\\n"
    "      '1. f3 e5 2. g4 Qh4#' --pgn\n"
    "    rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3\n"
    "    1. f3 e5 2. g4 Qh4# 0-1\n",
    NULL,
};

typedef struct played {
    rf_move move;
    char uci[RF_UCI_MAX];
    char san[RF_SAN_MAX];
} played;

typedef struct play_run {
    cli_common common;
    int san, uci, pgn;
    int nmoves;
    char **moves;
    played *done;
    rf_game *game; /* the game of the answer under way (12 KiB, off the stack) */
    char *store;   /* the moves' text */
} play_run;

static void move_line(const play_run *o, int san)
{
    FILE *out = o->common.io->out;
    for (int i = 0; i < o->nmoves; i++) {
        if (i) putc(' ', out);
        fputs(san ? o->done[i].san : o->done[i].uci, out);
    }
    putc('\n', out);
}

static int append(void *ctx, const char *text, size_t len)
{
    char **at = ctx;
    memcpy(*at, text, len);
    *at += len;
    return 0;
}

/* The moves played (o->done) from `start` as PGN movetext, with the game's result, into a new string
 * (NULL when out of memory). */
static char *movetext(const play_run *o, const rf_position *start, const rf_game *game)
{
    /* A move takes at most "12345... " and its SAN; lines end in one byte. */
    size_t cap = (size_t)o->nmoves * (RF_SAN_MAX + 24) + 32;
    char *text = malloc(cap), *at = text;
    if (!text) return NULL;
    rf_pgn_writer w;
    rf_pgn_writer_start(&w, append, &at);
    rf_position pos = *start;
    for (int i = 0; i < o->nmoves; i++) {
        rf_pgn_write_move(&w, &pos, o->done[i].move);
        rf_position_play(&pos, o->done[i].move);
    }
    rf_pgn_write_result(&w, rf_result_name(rf_game_outcome(game).result));
    while (at > text && at[-1] == '\n') at--; /* the writer's empty line after a game */
    *at = 0;
    return text;
}

static int answer(void *ctx, const char *text, size_t len, const cli_where *where)
{
    const play_run *o = ctx;
    rf_position pos;
    int st = cli_position_read(&o->common, where, text, len, &pos, NULL);
    if (st) return st;
    rf_game *game = o->game;
    rf_game_start(game, &pos);
    for (int i = 0; i < o->nmoves; i++) {
        const char *move = o->moves[i];
        rf_move m;
        rf_error err;
        if (rf_move_parse(&m, &game->pos, move, strlen(move), &err) != RF_OK) {
            /* The library's message without its "move: " context; name the move's number too. */
            const char *what = err.message + err.detail;
            return cli_fail(&o->common, where, text, len, NULL, "move %d: %s", i + 1, what);
        }
        o->done[i].move = m;
        rf_move_to_uci(o->done[i].uci, sizeof o->done[i].uci, &game->pos, m);
        rf_move_to_san(o->done[i].san, sizeof o->done[i].san, &game->pos, m);
        rf_game_play(game, m);
    }
    char *pgn = NULL;
    if (o->pgn && !(pgn = movetext(o, &pos, game))) {
        cli_error(&o->common, "out of memory");
        return CLI_SOFTWARE;
    }
    if (!o->common.json) {
        char fen[RF_FEN_MAX];
        rf_position_to_fen(fen, sizeof fen, &game->pos, 0);
        fprintf(o->common.io->out, "%s\n", fen);
        if (o->san) move_line(o, 1);
        if (o->uci) move_line(o, 0);
        if (pgn) fprintf(o->common.io->out, "%s\n", pgn);
        free(pgn);
        return CLI_OK;
    }
    cli_json j;
    cli_json_answer_fen(&j, &o->common, &game->pos);
    for (int san = 0; san < 2; san++) {
        cli_json_key(&j, san ? "moves_san" : "moves_uci");
        cli_json_array(&j);
        for (int i = 0; i < o->nmoves; i++) cli_json_text(&j, san ? o->done[i].san : o->done[i].uci);
        cli_json_end(&j);
    }
    if (pgn) cli_json_kstr(&j, "pgn", pgn);
    free(pgn);
    cli_json_key(&j, "status");
    cli_json_object(&j);
    cli_status_json(&j, game);
    cli_json_end(&j);
    cli_json_end(&j);
    return CLI_OK;
}

/* Whether the first argument is a move (the position then comes from standard input) rather
 * than a FEN: a board field has a '/' between its ranks, moves are words of move letters ("e4",
 * "Nxf3+", "O-O", "e7e8q", "0000"), move numbers ("1." "1...e5"), results, $NAGs and
 * {comments}. Anything else is read as a FEN, so that a broken one is reported as such. */
static int looks_like_move(const char *s)
{
    size_t n = strlen(s);
    if (n < 2) return 0;
    /* A '/' outside a "1/2-1/2" result is a FEN's. */
    size_t slashes = 0, results = 0;
    for (const char *p = s; (p = strchr(p, '/')) != NULL; p++) slashes++;
    for (const char *p = s; (p = strstr(p, "1/2-1/2")) != NULL; p += 7) results++;
    if (slashes != 2 * results) return 0;
    if (s[0] == '{') return 1; /* a comment first */
    return strspn(s, "abcdefgh123456789NBRQKPOo0x:=+#!?-qrbnep./ \t$*{}") == n;
}

/* Whether a word is a result ("1-0", "0-1", "1/2-1/2", "*"). */
static int is_result(const char *w, size_t n)
{
    return (n == 3 && (memcmp(w, "1-0", 3) == 0 || memcmp(w, "0-1", 3) == 0)) ||
           (n == 7 && memcmp(w, "1/2-1/2", 7) == 0) || (n == 1 && w[0] == '*');
}

/* The moves of the move arguments, read as PGN move text: split at white space; move numbers
 * ("12." "12..." and the "12." of "12.e4"), {comments}, ";" comments, $NAGs and results left
 * out. The words are written NUL-terminated into `store` (as big as the arguments together)
 * and listed in `words`; returns their number, or -1 after a usage error (a variation or an
 * unclosed comment). */
static int move_words(const cli_common *c, int argc, char **argv, char *store, char **words)
{
    int n = 0;
    char *out = store;
    int in_comment = 0;
    for (int i = 0; i < argc; i++) {
        const char *s = argv[i];
        while (*s) {
            if (in_comment) {
                if (*s++ == '}') in_comment = 0;
                continue;
            }
            if (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r') {
                s++;
                continue;
            }
            if (*s == '{') {
                in_comment = 1;
                s++;
                continue;
            }
            if (*s == ';') break; /* to the end of the argument */
            if (*s == '}') {
                cli_usage(c, "'}' without the '{' that opens its comment");
                return -1;
            }
            if (*s == '(' || *s == ')') {
                cli_usage(c, "variations ('(' ... ')') are not played: play the main "
                                      "line, or read the game with 'rankfile pgn'");
                return -1;
            }
            const char *w = s;
            while (*s && !strchr(" \t\n\r{};()", *s)) s++;
            size_t len = (size_t)(s - w);
            if (w[0] == '$' || is_result(w, len)) continue;
            size_t k = 0;
            while (k < len && w[k] >= '0' && w[k] <= '9') k++;
            if (k > 0 && k < len && w[k] == '.') {
                while (k < len && w[k] == '.') k++;
                w += k;
                len -= k;
            } else if (k == len && !(len == 4 && memcmp(w, "0000", 4) == 0)) {
                len = 0; /* a move number without its dot (but 0000 is UCI's null move) */
            }
            if (!len) continue;
            memcpy(out, w, len);
            out[len] = 0;
            words[n++] = out;
            out += len + 1;
        }
    }
    if (in_comment) {
        cli_usage(c, "a comment ('{') is not closed ('}')");
        return -1;
    }
    return n;
}

static int option(void *run, int id, const char *value)
{
    play_run *o = run;
    (void)value;
    if (id == OPT_SAN) o->san = 1;
    if (id == OPT_UCI) o->uci = 1;
    if (id == OPT_PGN) o->pgn = 1;
    return 0;
}

/* FEN MOVE... answers one position; MOVE... alone, each line of standard input. */
static int ready(void *run, int *n, char ***args)
{
    play_run *o = run;
    if (o->common.json && (o->san || o->uci))
        cli_warn(&o->common, "--json always lists the moves in both notations; --san and "
                             "--uci change nothing");
    int from_stdin = *n == 0 || looks_like_move((*args)[0]);
    int first_move = !from_stdin;
    size_t room = 1;
    for (int i = first_move; i < *n; i++) room += strlen((*args)[i]) + 1;
    o->store = malloc(room);
    o->moves = malloc(room * sizeof *o->moves);
    o->done = calloc(room, sizeof *o->done);
    o->game = malloc(sizeof *o->game);
    if (!o->store || !o->moves || !o->done || !o->game) {
        cli_error(&o->common, "out of memory");
        return CLI_SOFTWARE;
    }
    o->nmoves = move_words(&o->common, *n - first_move, *args + first_move, o->store, o->moves);
    *n = from_stdin ? 0 : 1;
    return o->nmoves >= 0 ? -1 : CLI_USAGE;
}

static void finish(void *run)
{
    play_run *o = run;
    free(o->store);
    free(o->moves);
    free(o->done);
    free(o->game);
}

static const cli_batch_spec batch = {sizeof(play_run), option, 0, ready, answer, NULL, finish};

const cli_command cli_command_play = {
    "play", "apply UCI or SAN moves to a position, print the resulting FEN", intro, options,
    CLI_COMMON_POSITION | CLI_COMMON_JSON, outro, NULL, &batch};
