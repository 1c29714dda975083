/*
 * cmd_play.c - `rankfile play`: apply moves to positions and print the results.
 */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

enum { OPT_SAN = 1, OPT_UCI };

static const cli_option options[] = {
    {OPT_SAN, "san", 0, NULL, "after the FEN, print the moves played as SAN on one line"},
    {OPT_UCI, "uci", 0, NULL, "after the FEN (and the SAN line), print the moves as UCI"},
    {0, NULL, 0, NULL, NULL},
};

static const char *const intro[] = {
    "usage: rankfile play FEN [MOVE ...] [--san] [--uci] [--json] [--chess960] [--variant NAME]\n"
    "       rankfile play [MOVE ...] [options] < positions\n"
    "\n"
    "Plays the moves on the position, in order, and prints the resulting FEN.\n"
    "Each move may be UCI (e2e4, e7e8q, castling e1g1 or e1h1) or SAN (e4, Nf3, exd5, O-O,\n"
    "e8=Q), read leniently: check signs and annotations are ignored, 0-0 is O-O, 'x' and '='\n"
    "are optional, over-specified moves (Ng1f3) are accepted. The FEN is one argument: quote it.\n"
    "When the first argument is a move rather than a FEN (a FEN has a '/' between its ranks),\n"
    "the positions come from standard input, one per line, and every one gets the same moves\n"
    "and its own answer, in order.\n",
    NULL,
};

static const char *const outro[] = {
    "JSON: one object per position: {\"fen\",\"moves_uci\":[...],\"moves_san\":[...],\n"
    "\"status\":{...}} where status has the members of 'rankfile status --json' (without \"fen\"),\n"
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
    "  echo 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' | rankfile play e4 e5\n",
    NULL,
};

const cli_command cli_command_play = {
    "play", "apply UCI or SAN moves to a position, print the resulting FEN", intro, options,
    CLI_COMMON_POSITION | CLI_COMMON_JSON, outro, cli_cmd_play};

typedef struct played {
    char uci[RF_UCI_MAX];
    char san[RF_SAN_MAX];
} played;

typedef struct play_run {
    cli_common common;
    int san, uci;
    int nmoves;
    char **moves;
    played *done;
} play_run;

static void move_line(const play_run *o, int san)
{
    for (int i = 0; i < o->nmoves; i++) {
        if (i) putchar(' ');
        fputs(san ? o->done[i].san : o->done[i].uci, stdout);
    }
    putchar('\n');
}

static int answer(void *ctx, const char *text, size_t len, const cli_where *where)
{
    const play_run *o = ctx;
    rf_position pos;
    int st = cli_position_read(&o->common, where, text, len, &pos, NULL);
    if (st) return st;
    static rf_game game;
    rf_game_start(&game, &pos);
    for (int i = 0; i < o->nmoves; i++) {
        const char *move = o->moves[i];
        rf_move m;
        rf_error err;
        if (rf_move_parse(&m, &game.pos, move, strlen(move), &err) != RF_OK) {
            /* The library's message reads "move: 'TEXT' ..."; name the move's number too. */
            const char *what = err.message;
            if (strncmp(what, "move: ", 6) == 0) what += 6;
            return cli_fail(&o->common, where, text, len, NULL, "move %d: %s", i + 1, what);
        }
        rf_move_to_uci(o->done[i].uci, sizeof o->done[i].uci, &game.pos, m);
        rf_move_to_san(o->done[i].san, sizeof o->done[i].san, &game.pos, m);
        rf_game_play(&game, m);
    }
    char fen[RF_FEN_MAX];
    rf_position_to_fen(fen, sizeof fen, &game.pos, 0);
    if (!o->common.json) {
        puts(fen);
        if (o->san) move_line(o, 1);
        if (o->uci) move_line(o, 0);
        return CLI_OK;
    }
    cli_json j;
    cli_json_answer(&j);
    cli_json_kstr(&j, "fen", fen);
    for (int san = 0; san < 2; san++) {
        cli_json_key(&j, san ? "moves_san" : "moves_uci");
        cli_json_array(&j);
        for (int i = 0; i < o->nmoves; i++) cli_json_text(&j, san ? o->done[i].san : o->done[i].uci);
        cli_json_end(&j);
    }
    cli_json_key(&j, "status");
    cli_json_object(&j);
    cli_status_json(&j, &game);
    cli_json_end(&j);
    cli_json_end(&j);
    return CLI_OK;
}

/* Whether the first argument is a move (the position then comes from standard input) rather
 * than a FEN: a board field has a '/' between its ranks, a move is a short word of move
 * letters ("e4", "Nxf3+", "O-O", "e7e8q", "0000"). Anything else is read as a FEN, so that a
 * broken one is reported as such. */
static int looks_like_move(const char *s)
{
    size_t n = strlen(s);
    return n >= 2 && n <= 10 && strspn(s, "abcdefgh12345678NBRQKPOo0x:=+#!?-qrbnep.") == n;
}

int cli_cmd_play(int argc, char **argv)
{
    play_run o;
    cli_args a;
    memset(&o, 0, sizeof o);
    cli_args_start(&a, &o.common, &cli_command_play, argc, argv);
    int id;
    while ((id = cli_args_next(&a)) > 0) {
        if (id == OPT_SAN) o.san = 1;
        if (id == OPT_UCI) o.uci = 1;
    }
    if (id == CLI_ARGS_STOP) return a.status;
    if (o.common.json && (o.san || o.uci))
        cli_warn(o.common.command, "--json always lists the moves in both notations; --san and "
                                   "--uci change nothing");
    int from_stdin = a.rest >= argc || looks_like_move(argv[a.rest]);
    int first_move = a.rest + !from_stdin;
    o.nmoves = argc - first_move;
    o.moves = argv + first_move;
    o.done = calloc(o.nmoves ? (size_t)o.nmoves : 1, sizeof *o.done);
    if (!o.done) {
        cli_error(o.common.command, "out of memory");
        return CLI_SOFTWARE;
    }
    int st = cli_batch(&o.common, from_stdin ? 0 : 1, argv + a.rest, answer, &o);
    free(o.done);
    return st;
}
