/*
 * cmd_play.c - `rankfile play`: apply moves to a position and print the result.
 */
#include "cli.h"

#include <getopt.h>
#include <stdlib.h>
#include <string.h>

static const char help[] =
    "usage: rankfile play FEN [MOVE ...] [--san] [--uci] [--json] [--chess960]\n"
    "                     [--variant standard|atomic]\n"
    "\n"
    "Plays the moves on the position, in order, and prints the resulting FEN.\n"
    "Each move may be UCI (e2e4, e7e8q, castling e1g1 or e1h1) or SAN (e4, Nf3, exd5, O-O,\n"
    "e8=Q), read leniently: check signs and annotations are ignored, 0-0 is O-O, 'x' and '='\n"
    "are optional, over-specified moves (Ng1f3) are accepted. The FEN is one argument: quote it.\n"
    "\n"
    "options:\n"
    "  --san      after the FEN, print the moves played as SAN on one line\n"
    "  --uci      after the FEN (and the SAN line), print the moves played as UCI on one line\n"
    "  --json     one object: {\"fen\",\"moves_uci\":[...],\"moves_san\":[...],\"status\":{...}}\n"
    "             where status has the members of 'rankfile status --json' (without \"fen\"),\n"
    "             repetitions counted over the moves played (threefold, fivefold)\n"
    "\n"
    "The game is followed as the Laws count repetitions, but moves are played after the game has\n"
    "ended too (after a checkmate or stalemate no move is legal); the status describes the last\n"
    "position. A move that is malformed, illegal or ambiguous stops the command: one line on\n"
    "stderr naming the move's number and text, nothing on stdout, exit status 65.\n"
    "\n"
    "examples:\n"
    "  rankfile play 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' e4 e7e5 Nf3\n"
    "    rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2\n"
    "  rankfile play '4k3/8/8/8/8/8/8/R3K3 w Q - 0 1' 0-0-0 --uci\n"
    "    4k3/8/8/8/8/8/8/2KR4 b - - 1 1\n"
    "    e1c1\n";

typedef struct played {
    char uci[RF_UCI_MAX];
    char san[RF_SAN_MAX];
} played;

static void json_list(const played *moves, int n, int san)
{
    putchar('[');
    for (int i = 0; i < n; i++) printf("%s\"%s\"", i ? "," : "", san ? moves[i].san : moves[i].uci);
    putchar(']');
}

int cli_cmd_play(int argc, char **argv)
{
    enum { OPT_SAN = CLI_OPT_FIRST_FREE, OPT_UCI };
    static const struct option longopts[] = {
        CLI_COMMON_LONG_OPTIONS,
        {"san", no_argument, NULL, OPT_SAN},
        {"uci", no_argument, NULL, OPT_UCI},
        {NULL, 0, NULL, 0},
    };
    cli_common o = {"play", 0, 0, RF_STANDARD};
    int san = 0, uci = 0, c;
    cli_getopt_reset();
    while ((c = getopt_long(argc, argv, ":", longopts, NULL)) != -1) {
        if (c == OPT_SAN) {
            san = 1;
        } else if (c == OPT_UCI) {
            uci = 1;
        } else {
            int r = cli_common_option(&o, c, help, argv);
            if (r >= 0) return r;
        }
    }
    if (optind >= argc) return cli_usage(o.command, "a FEN is needed");

    const char *fen_text = argv[optind];
    rf_position pos;
    rf_error err;
    unsigned flags = (o.chess960 ? RF_PARSE_CHESS960 : 0) |
                     (o.variant == RF_ATOMIC ? RF_PARSE_ATOMIC : 0);
    if (rf_position_parse(&pos, fen_text, strlen(fen_text), flags, RF_ACCEPT_DEFAULT, &err) !=
        RF_OK) {
        cli_error(o.command, "%s", err.message);
        return CLI_DATAERR;
    }

    int n = argc - optind - 1;
    played *moves = calloc(n ? (size_t)n : 1, sizeof *moves);
    static rf_game game;
    if (!moves) {
        cli_error(o.command, "out of memory");
        return CLI_SOFTWARE;
    }
    rf_game_start(&game, &pos);
    for (int i = 0; i < n; i++) {
        const char *text = argv[optind + 1 + i];
        rf_move m;
        if (rf_move_parse(&m, &game.pos, text, strlen(text), &err) != RF_OK) {
            /* The library's message reads "move: 'TEXT' ..."; name the move's number too. */
            const char *what = err.message;
            if (strncmp(what, "move: ", 6) == 0) what += 6;
            cli_error(o.command, "move %d: %s", i + 1, what);
            free(moves);
            return CLI_DATAERR;
        }
        rf_move_to_uci(&game.pos, m, moves[i].uci, sizeof moves[i].uci);
        rf_move_to_san(&game.pos, m, moves[i].san, sizeof moves[i].san);
        rf_game_play(&game, m);
    }

    char fen[RF_FEN_MAX];
    rf_position_to_fen(&game.pos, fen, sizeof fen, 0);
    if (o.json) {
        fputs("{\"fen\":", stdout);
        cli_json_string(stdout, fen, strlen(fen));
        fputs(",\"moves_uci\":", stdout);
        json_list(moves, n, 0);
        fputs(",\"moves_san\":", stdout);
        json_list(moves, n, 1);
        fputs(",\"status\":{", stdout);
        cli_status_json_members(stdout, &game);
        puts("}}");
    } else {
        puts(fen);
        if (san)
            for (int i = 0; i < n; i++) printf(i + 1 < n ? "%s " : "%s\n", moves[i].san);
        if (san && n == 0) putchar('\n');
        if (uci)
            for (int i = 0; i < n; i++) printf(i + 1 < n ? "%s " : "%s\n", moves[i].uci);
        if (uci && n == 0) putchar('\n');
    }
    free(moves);
    return cli_finish(o.command, CLI_OK);
}
