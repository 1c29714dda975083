/*
 * cmd_moves.c - `rankfile moves`: the legal moves of positions, in UCI or SAN.
 */
#include "cli.h"

#include <getopt.h>
#include <stdlib.h>
#include <string.h>

static const char help[] =
    "usage: rankfile moves [FEN] [--san] [--json] [--chess960] [--variant standard|atomic]\n"
    "\n"
    "Prints the legal moves of a position, one per line, in UCI (e2e4, e7e8q; castling e1g1,\n"
    "or king-takes-rook e1h1 in Chess960 mode), sorted by their UCI text.\n"
    "With no FEN argument it reads one position per line from standard input and answers each\n"
    "with one line: its moves separated by spaces (an empty line when there is none).\n"
    "\n"
    "options:\n"
    "  --san      write the moves in SAN (Nf3, exd5, O-O, e8=Q+), still in UCI order\n"
    "  --json     one object per position: {\"fen\",\"moves\":[...]}\n"
    "\n"
    "A position that cannot be read is an error: one line on stderr, exit status 65; from\n"
    "standard input it is answered 'error MESSAGE' on stdout and the rest are still answered.\n"
    "\n"
    "examples:\n"
    "  rankfile moves '7k/8/8/8/8/8/8/R3K2R w KQ - 0 1' --san\n"
    "  echo 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -' | rankfile moves\n";

typedef struct moves_options {
    cli_common common;
    int san;
} moves_options;

typedef struct move_text {
    char uci[RF_UCI_MAX];
    char shown[RF_SAN_MAX]; /* the text printed: UCI or SAN */
} move_text;

static int by_uci(const void *a, const void *b)
{
    return strcmp(((const move_text *)a)->uci, ((const move_text *)b)->uci);
}

/* One answer. `batch` selects the one-line form; `where` names the input in messages. */
static int answer(const moves_options *o, const char *text, size_t len, const char *where,
                  int batch)
{
    rf_position pos;
    rf_error err;
    unsigned flags = (o->common.chess960 ? RF_PARSE_CHESS960 : 0) |
                     (o->common.variant == RF_ATOMIC ? RF_PARSE_ATOMIC : 0);
    if (rf_position_parse(&pos, text, len, flags, RF_ACCEPT_DEFAULT, &err) != RF_OK) {
        if (where)
            cli_error(o->common.command, "%s: %s", where, err.message);
        else
            cli_error(o->common.command, "%s", err.message);
        if (o->common.json) {
            fputs("{\"input\":", stdout);
            cli_json_string(stdout, text, len);
            fputs(",\"error\":", stdout);
            cli_json_string(stdout, err.message, strlen(err.message));
            puts("}");
        } else if (batch) {
            printf("error %s\n", err.message);
        }
        return CLI_DATAERR;
    }
    rf_movelist list;
    move_text texts[RF_MAX_MOVES];
    unsigned n = rf_generate_moves(&pos, &list);
    for (unsigned i = 0; i < n; i++) {
        rf_move_to_uci(&pos, list.moves[i], texts[i].uci, sizeof texts[i].uci);
        if (o->san)
            rf_move_to_san(&pos, list.moves[i], texts[i].shown, sizeof texts[i].shown);
        else
            memcpy(texts[i].shown, texts[i].uci, sizeof texts[i].uci);
    }
    qsort(texts, n, sizeof *texts, by_uci);
    if (o->common.json) {
        char fen[RF_FEN_MAX];
        rf_position_to_fen(&pos, fen, sizeof fen, 0);
        fputs("{\"fen\":", stdout);
        cli_json_string(stdout, fen, strlen(fen));
        fputs(",\"moves\":[", stdout);
        for (unsigned i = 0; i < n; i++) printf("%s\"%s\"", i ? "," : "", texts[i].shown);
        puts("]}");
    } else if (batch) {
        for (unsigned i = 0; i < n; i++) printf("%s%s", i ? " " : "", texts[i].shown);
        putchar('\n');
    } else {
        for (unsigned i = 0; i < n; i++) puts(texts[i].shown);
    }
    return 0;
}

int cli_cmd_moves(int argc, char **argv)
{
    enum { OPT_SAN = CLI_OPT_FIRST_FREE };
    static const struct option longopts[] = {
        CLI_COMMON_LONG_OPTIONS,
        {"san", no_argument, NULL, OPT_SAN},
        {NULL, 0, NULL, 0},
    };
    moves_options o = {{"moves", 0, 0, RF_STANDARD}, 0};
    int c;
    cli_getopt_reset();
    while ((c = getopt_long(argc, argv, ":", longopts, NULL)) != -1) {
        if (c == OPT_SAN) {
            o.san = 1;
            continue;
        }
        int r = cli_common_option(&o.common, c, help, argv);
        if (r >= 0) return r;
    }
    if (argc - optind > 1)
        return cli_usage(o.common.command,
                         "one FEN at most, in quotes (several: one per line on standard input)");
    if (optind < argc) {
        int status = answer(&o, argv[optind], strlen(argv[optind]), NULL, 0);
        return cli_finish(o.common.command, status);
    }
    static char line[CLI_MAX_LINE];
    size_t len;
    int too_long, status = CLI_OK;
    unsigned long lineno = 0;
    while (cli_read_line(stdin, line, sizeof line, &len, &too_long)) {
        char where[40];
        snprintf(where, sizeof where, "line %lu", ++lineno);
        if (too_long) {
            cli_error(o.common.command, "%s: longer than %d bytes", where, CLI_MAX_LINE - 1);
            if (o.common.json)
                printf("{\"error\":\"line longer than %d bytes\",\"line\":%lu}\n",
                       CLI_MAX_LINE - 1, lineno);
            else
                printf("error line longer than %d bytes\n", CLI_MAX_LINE - 1);
            status = CLI_DATAERR;
            continue;
        }
        if (answer(&o, line, len, where, 1)) status = CLI_DATAERR;
    }
    return cli_finish(o.common.command, status);
}
