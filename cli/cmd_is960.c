/*
 * cmd_is960.c - `rankfile is960`: is a board a Chess960 start position, which number, and if
 * not, which rule it breaks first. Built for batches: one line in, one line out, a million
 * lines in seconds.
 */
#include "cli.h"

#include <getopt.h>
#include <string.h>

static const char help[] =
    "usage: rankfile is960 [BOARD-OR-FEN ...] [--double] [--back-rank] [--json]\n"
    "\n"
    "Decides whether each board is a Chess960 (Fischer Random) start position. Input is a FEN\n"
    "board field, a whole FEN (only its board counts: side, castling and counters are not\n"
    "judged), or a back rank alone as 8 letters K Q R B N ('BBQNNRKR'). With no arguments it\n"
    "reads one input per line from standard input. One answer line per input, in order:\n"
    "  true N            a start position, N its number 0-959 (Scharnagl; 518 = RNBQKBNR)\n"
    "  false REASON      not one: the first rule it breaks, in words\n"
    "  error MESSAGE     not a board at all (the message names the field and byte)\n"
    "\n"
    "The rules, in the order tested (the first broken one is the reason):\n"
    "  1 some piece on the board                         empty board\n"
    "  2 each side: 8 pawns, 2 knights, 2 bishops, 2 rooks, a queen, a king\n"
    "                                                    black has 7 pawns\n"
    "  3 the colours not swapped                         colours swapped: ...\n"
    "  4 every pawn on its side's 2nd (7th) rank         white pawn on e4 is not on ...\n"
    "  5 every other piece on its back rank              white knight on c3 is not on ...\n"
    "  6 Black's back rank the mirror image of White's   black's back rank ... does not mirror\n"
    "  7 the bishops on squares of opposite colours      white's bishops on c1 and g1 ...\n"
    "  8 the king between the rooks                      white's king on b1 is not between ...\n"
    "\n"
    "options:\n"
    "  --double          Double Fischer Random: Black's setup need not mirror White's (rules 7\n"
    "                    and 8 hold for each side); answers 'true W B' with both numbers\n"
    "  --back-rank       judge the back ranks alone, whatever ranks 2-7 hold (pawns may have\n"
    "                    moved): rules 4 and 5 become 'each back-rank square holds a piece of\n"
    "                    its side, not a pawn' and rule 2 counts the back ranks' pieces\n"
    "  --json            one object per input: {\"input\",\"chess960\":true,\"number\"}\n"
    "                    (--double: \"white_number\",\"black_number\"),\n"
    "                    {\"input\",\"chess960\":false,\"rule\",\"reason\"},\n"
    "                    or {\"input\",\"error\"}\n"
    "\n"
    "exit status: 0 every answer true, 1 some answer false (and none an error), 65 some input\n"
    "not a board; errors are also reported on stderr with the argument or line number.\n"
    "\n"
    "examples:\n"
    "  rankfile is960 rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR\n"
    "    true 518\n"
    "  rankfile is960 'rkbqnnbr/pppppppp/8/8/8/8/PPPPPPPP/RKBQNNBR w KQkq - 0 1'\n"
    "    false white's bishops on c1 and g1 stand on squares of one colour\n"
    "  rankfile is960 QNBBRKNR/PPPPPPPP/8/8/8/8/pppppppp/qnbbrknr\n"
    "    false colours swapped: white's pawns stand on the 7th rank, black's on the 2nd\n"
    "  rankfile is960 --double bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR\n"
    "    true 518 0\n"
    "  rankfile is960 --back-rank 'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R'\n"
    "    false g1 is empty: white's back rank is not complete\n"
    "  rankfile is960 --back-rank 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR'\n"
    "    true 518\n"
    "  rankfile is960 RKRNNQBB\n"
    "    true 959\n"
    "  rankfile is960 < boards.txt | grep -c '^true'\n";

typedef struct is960_options {
    cli_common common;
    unsigned flags; /* RF_CHESS960_* */
} is960_options;

/* A back rank alone: 8 piece letters with no rank separator. */
static int is_rank_text(const char *s, size_t len)
{
    if (len != 8) return 0;
    for (size_t i = 0; i < len; i++)
        if (!strchr("KQRBNkqrbn", s[i]) || s[i] == '\0') return 0;
    return 1;
}

/* Answers one input. `kind` and `no` name it in stderr messages ("line 3"); kind NULL names
 * nothing. Returns CLI_OK, CLI_NO or CLI_DATAERR. */
static int answer(const is960_options *o, const char *text, size_t len, const char *kind,
                  unsigned long no)
{
    rf_chess960_verdict v;
    int number;
    /* A back rank alone may come with the white space a line carries. */
    size_t start = 0, end = len;
    while (start < end && (text[start] == ' ' || text[start] == '\t')) start++;
    while (end > start && (text[end - 1] == ' ' || text[end - 1] == '\t')) end--;
    if (is_rank_text(text + start, end - start)) {
        number = rf_chess960_check_rank(text + start, end - start, &v);
    } else {
        rf_position pos;
        rf_error err;
        rf_status st = rf_position_parse(&pos, text, len, 0, RF_INVALID_ALL, &err);
        if (st != RF_OK) {
            if (kind)
                cli_error(o->common.command, "%s %lu: %s", kind, no, err.message);
            else
                cli_error(o->common.command, "%s", err.message);
            if (o->common.json) {
                fputs("{\"input\":", stdout);
                cli_json_string(stdout, text, len);
                fputs(",\"error\":", stdout);
                cli_json_string(stdout, err.message, strlen(err.message));
                fputs("}\n", stdout);
            } else {
                printf("error %s\n", err.message);
            }
            return CLI_DATAERR;
        }
        number = rf_chess960_check(&pos, o->flags, &v);
    }
    int dbl = (o->flags & RF_CHESS960_DOUBLE) != 0;
    if (o->common.json) {
        fputs("{\"input\":", stdout);
        cli_json_string(stdout, text, len);
        if (number < 0) {
            printf(",\"chess960\":false,\"rule\":\"%s\",\"reason\":",
                   rf_chess960_reason_name(v.reason));
            cli_json_string(stdout, v.message, strlen(v.message));
            fputs("}\n", stdout);
        } else if (dbl) {
            printf(",\"chess960\":true,\"white_number\":%d,\"black_number\":%d}\n", v.white,
                   v.black);
        } else {
            printf(",\"chess960\":true,\"number\":%d}\n", number);
        }
    } else if (number < 0) {
        printf("false %s\n", v.message);
    } else if (dbl) {
        printf("true %d %d\n", v.white, v.black);
    } else {
        printf("true %d\n", number);
    }
    return number < 0 ? CLI_NO : CLI_OK;
}

/* The exit status of a batch: an error outranks a false answer, which outranks true. */
static int worse(int a, int b)
{
    if (a == CLI_DATAERR || b == CLI_DATAERR) return CLI_DATAERR;
    if (a == CLI_NO || b == CLI_NO) return CLI_NO;
    return CLI_OK;
}

int cli_cmd_is960(int argc, char **argv)
{
    enum { OPT_DOUBLE = CLI_OPT_FIRST_FREE, OPT_BACK_RANK };
    static const struct option longopts[] = {
        CLI_COMMON_LONG_OPTIONS,
        {"double", no_argument, NULL, OPT_DOUBLE},
        {"back-rank", no_argument, NULL, OPT_BACK_RANK},
        {NULL, 0, NULL, 0},
    };
    is960_options o = {{"is960", 0, 0, RF_STANDARD}, 0};
    int c;
    cli_getopt_reset();
    while ((c = getopt_long(argc, argv, ":", longopts, NULL)) != -1) {
        switch (c) {
        case OPT_DOUBLE: o.flags |= RF_CHESS960_DOUBLE; break;
        case OPT_BACK_RANK: o.flags |= RF_CHESS960_BACK_RANKS; break;
        default: {
            int r = cli_common_option(&o.common, c, help, argv);
            if (r >= 0) return r;
        }
        }
    }
    int status = CLI_OK;
    if (optind < argc) {
        int many = argc - optind > 1;
        for (int i = optind; i < argc; i++) {
            status = worse(status, answer(&o, argv[i], strlen(argv[i]), many ? "argument" : NULL,
                                          (unsigned long)(i - optind + 1)));
        }
        return cli_finish(o.common.command, status);
    }
    static char line[CLI_MAX_LINE];
    size_t len;
    int too_long;
    unsigned long lineno = 0;
    while (cli_read_line(stdin, line, sizeof line, &len, &too_long)) {
        lineno++;
        if (too_long) {
            cli_error(o.common.command, "line %lu: longer than %d bytes", lineno,
                      CLI_MAX_LINE - 1);
            if (o.common.json)
                printf("{\"error\":\"line longer than %d bytes\",\"line\":%lu}\n",
                       CLI_MAX_LINE - 1, lineno);
            else
                printf("error line longer than %d bytes\n", CLI_MAX_LINE - 1);
            status = CLI_DATAERR;
            continue;
        }
        status = worse(status, answer(&o, line, len, "line", lineno));
    }
    return cli_finish(o.common.command, status);
}
