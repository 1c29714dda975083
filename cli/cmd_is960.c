/*
 * cmd_is960.c - `rankfile is960`: is a board a Chess960 start position, which number, and if
 * not, which rule it breaks first. Built for batches: one line in, one line out, a million
 * lines in seconds.
 */
#include "cli.h"

#include <string.h>

enum { OPT_DOUBLE = 1, OPT_BACK_RANK };

static const cli_option options[] = {
    {OPT_DOUBLE, "double", 0, NULL,
     "Double Fischer Random: Black's setup need not mirror White's (rules 7\n"
     "and 8 hold for each side); answers 'true W B' with both numbers"},
    {OPT_BACK_RANK, "back-rank", 0, NULL,
     "judge the back ranks alone, whatever ranks 2-7 hold (pawns may have\n"
     "moved): rules 4 and 5 become 'each back-rank square holds a piece of\n"
     "its side, not a pawn' and rule 2 counts the back ranks' pieces"},
    {0, NULL, 0, NULL, NULL},
};

static const char *const intro[] = {
    "usage: rankfile is960 [BOARD-OR-FEN ...] [--double] [--back-rank] [--json]\n"
    "\n"
    "Decides whether each board is a Chess960 (Fischer Random) start position. Input is a FEN\n"
    "board field, a whole FEN (only its board counts: side, castling and counters are not\n"
    "judged), or a back rank alone as 8 letters K Q R B N ('BBQNNRKR'). With no arguments it\n"
    "reads one input per line from standard input. One answer line per input, in order:\n"
    "  true N            a start position, N its number 0-959 (Scharnagl; 518 = RNBQKBNR)\n"
    "  false REASON      not one: the first rule it breaks, in words\n"
    "  error MESSAGE     not a board at all (the message names the field and byte; a single\n"
    "                    argument's error is said once, on stderr)\n"
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
    "  8 the king between the rooks                      white's king on b1 is not between ...\n",
    NULL,
};

static const char *const outro[] = {
    "JSON: one object per input: {\"input\",\"chess960\":true,\"number\"} (--double:\n"
    "\"white_number\",\"black_number\"), {\"input\",\"chess960\":false,\"rule\",\"reason\"},\n"
    "or {\"input\",\"error\"}.\n"
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
    "  rankfile is960 < boards.txt | grep -c '^true'\n",
    NULL,
};

const cli_command cli_command_is960 = {
    "is960", "is a board a Chess960 start position, and which number", intro, options,
    CLI_COMMON_JSON, outro, cli_cmd_is960};

typedef struct is960_run {
    cli_common common;
    unsigned flags; /* RF_CHESS960_* */
} is960_run;

/* A back rank alone: 8 piece letters with no rank separator. */
static int is_rank_text(const char *s, size_t len)
{
    if (len != 8) return 0;
    for (size_t i = 0; i < len; i++)
        if (!s[i] || !strchr("KQRBNkqrbn", s[i])) return 0;
    return 1;
}

/* Answers one input: CLI_OK (true), CLI_NO (false) or CLI_DATAERR. */
static int answer(void *ctx, const char *text, size_t len, const cli_where *where)
{
    const is960_run *o = ctx;
    rf_chess960_verdict v;
    int number;
    /* A back rank alone may come with the white space a line carries. */
    size_t start = 0, end = len;
    while (start < end && (text[start] == ' ' || text[start] == '\t')) start++;
    while (end > start && (text[end - 1] == ' ' || text[end - 1] == '\t')) end--;
    if (is_rank_text(text + start, end - start)) {
        number = rf_chess960_check_rank(&v, text + start, end - start);
    } else {
        rf_position pos;
        /* Only the board is judged: every validity rule is accepted. An error is answered in
         * place as the batch driver says (not for a single argument: stderr says it once). */
        int st = cli_position_read(&o->common, where, text, len, &pos, NULL);
        if (st) return st;
        number = rf_chess960_check(&v, &pos, o->flags);
    }
    int dbl = (o->flags & RF_CHESS960_DOUBLE) != 0;
    if (o->common.json) {
        cli_json j;
        cli_json_answer(&j);
        cli_json_key(&j, "input");
        cli_json_string(&j, text, len);
        cli_json_kbool(&j, "chess960", number >= 0);
        if (number < 0) {
            cli_json_kstr(&j, "rule", rf_chess960_reason_name(v.reason));
            cli_json_kstr(&j, "reason", v.message);
        } else if (dbl) {
            cli_json_kint(&j, "white_number", v.white);
            cli_json_kint(&j, "black_number", v.black);
        } else {
            cli_json_kint(&j, "number", number);
        }
        cli_json_end(&j);
    } else if (number < 0) {
        printf("false %s\n", v.message);
    } else if (dbl) {
        printf("true %d %d\n", v.white, v.black);
    } else {
        printf("true %d\n", number);
    }
    return number < 0 ? CLI_NO : CLI_OK;
}

int cli_cmd_is960(int argc, char **argv)
{
    is960_run o;
    cli_args a;
    memset(&o, 0, sizeof o);
    cli_args_start(&a, &o.common, &cli_command_is960, argc, argv);
    o.common.accept = RF_INVALID_ALL;
    int id;
    while ((id = cli_args_next(&a)) > 0)
        o.flags |= id == OPT_DOUBLE ? RF_CHESS960_DOUBLE : RF_CHESS960_BACK_RANKS;
    if (id == CLI_ARGS_STOP) return a.status;
    return cli_batch(&o.common, argc - a.rest, argv + a.rest, answer, &o);
}
