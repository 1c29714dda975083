/*
 * cmd_judge.c - `rankfile judge`: the 'Rank and File' judge, standard input to
 * standard output.
 *
 * Input: a line with the number of datasets D (1-100); then per dataset a line "w" (White is
 * analysed and moves) or "B" (Black), and 8 lines of 8 characters: "." an empty square, r b q n k
 * WHITE pieces, R B Q N K BLACK pieces (the reverse of FEN's cases); no pawns, exactly one king
 * per side. Output per dataset: "WHITE IS " or "BLACK IS " and SAFE, CHECKED or CHECKMATED.
 *
 * The judge's rules, which are chess's without castling, en passant and pawns: a king is checked
 * when an enemy piece (the enemy king included) attacks it, and checkmated when it is checked and
 * no move of its side ends the check; capturing the enemy king is not a move (a king is never
 * captured). Stalemate is SAFE. Boards no game reaches (three checkers, both kings in check,
 * kings side by side) are judged by the same rules: the legal moves come from the library's
 * generator, which is sound on any board with one king per side, less those that capture a king.
 */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

static const char *const intro[] = {
    "usage: rankfile judge\n"
    "\n"
    "Reads the 'Rank and File' judge format on standard input: a line with the number of\n"
    "datasets D (1-100), then per dataset a line 'w' or 'B' (the side analysed, which is to\n"
    "move) and 8 board lines of 8 characters: '.' empty, r b q n k White's rook, bishop, queen,\n"
    "knight and king, R B Q N K Black's (no pawns; exactly one king per side). For each dataset\n"
    "it prints 'WHITE IS ' or 'BLACK IS ' followed by SAFE, CHECKED or CHECKMATED.\n"
    "\n"
    "A king is checked when an enemy piece, the enemy king included, attacks it; checkmated when\n"
    "checked and no move ends the check (capturing a king is not a move). Stalemate is SAFE.\n"
    "There is no castling and no en passant. Line endings may be CRLF; trailing spaces and blank\n"
    "lines between datasets are ignored.\n"
    "\n"
    "Datasets are answered as they are read. At the first malformed one (a bad character, a line\n"
    "not 8 long, a missing line, a side other than w or B, not one king per side, D not a number\n"
    "from 1 to 100, text after the last dataset, a line longer than 8191 bytes) the command\n"
    "stops with one line on stderr, e.g. 'rankfile: judge: dataset 2, line 14: ...' (lines\n"
    "counted from the start of the input), and exit status 65; the datasets before it have\n"
    "been answered.\n",
    NULL,
};

static const char *const outro[] = {
    "example:\n"
    "  printf '1\\nB\\n....K...\\n........\\n....q...\\n........\\n........\\n........\\n"
    "........\\n....k...\\n' | rankfile judge\n"
    "    BLACK IS CHECKED\n",
    NULL,
};

typedef struct reader {
    const cli_common *common;
    cli_lines in;
    char *line;
    size_t len;
    unsigned long lineno;
} reader;

/* Reads the next line without its line ending and trailing spaces: 1; 0 at the end of input;
 * -1 for a line longer than the reader holds, which is malformed wherever it stands. */
static int next_line(reader *r)
{
    if (!cli_lines_next(&r->in)) return 0;
    r->line = r->in.buf;
    r->len = r->in.len;
    r->lineno = r->in.no;
    if (r->in.too_long) return -1;
    while (r->len && (r->line[r->len - 1] == ' ' || r->line[r->len - 1] == '\t' ||
                      r->line[r->len - 1] == '\r'))
        r->len--;
    r->line[r->len] = '\0';
    return 1;
}

/* Reads the next line that is not blank, without its leading blanks, into *text and *len: 1; 0
 * at the end of input; -1 for a line too long. */
static int next_nonblank(reader *r, const char **text, size_t *len)
{
    int got;
    while ((got = next_line(r)) > 0) {
        size_t skip = strspn(r->line, " \t");
        if (skip < r->len) {
            *text = r->line + skip;
            *len = r->len - skip;
            return 1;
        }
    }
    return got;
}

static int fail_at(const reader *r, int dataset, unsigned long lineno, const char *what)
{
    if (dataset)
        cli_error(r->common, "dataset %d, line %lu: %s", dataset, lineno, what);
    else
        cli_error(r->common, "line %lu: %s", lineno, what);
    cli_finish(r->common, CLI_DATAERR);
    return CLI_DATAERR;
}

static int fail_too_long(const reader *r, int dataset, unsigned long lineno)
{
    char msg[64];
    snprintf(msg, sizeof msg, "longer than %d bytes", CLI_MAX_LINE - 1);
    return fail_at(r, dataset, lineno, msg);
}

/* Judges one board: SAFE, CHECKED or CHECKMATED. */
static const char *judge(const rf_setup *setup)
{
    rf_position pos;
    if (rf_position_from_setup(&pos, setup, RF_VARIANT_STANDARD, 0, RF_INVALID_ALL, NULL) != RF_OK)
        return NULL;
    if (!rf_checkers(&pos)) return "SAFE";
    rf_movelist list;
    rf_generate_moves(&list, &pos);
    for (unsigned i = 0; i < list.count; i++)
        if (RF_PIECE_TYPE(pos.board[RF_MOVE_TO(list.moves[i])]) != RF_KING) return "CHECKED";
    return "CHECKMATED";
}

/* Reads and judges the datasets of r's input. */
/* One board line (row 0: rank 8) of dataset d into *setup, counting its kings. 0, or the
 * exit status after the error. */
static int board_line(reader *r, int d, int row, rf_setup *setup, int kings[2])
{
    char msg[200], shown[64];
    int got = next_line(r);
    if (got < 0) return fail_too_long(r, d, r->lineno);
    if (!got) {
        snprintf(msg, sizeof msg, "missing board line %d of 8 (the input ends)", row + 1);
        return fail_at(r, d, r->lineno + 1, msg);
    }
    if (r->len != 8) {
        snprintf(msg, sizeof msg, "board line %d has %zu characters, not 8: '%s'", row + 1,
                 r->len, cli_shown(r->line, r->len, shown));
        return fail_at(r, d, r->lineno, msg);
    }
    for (int col = 0; col < 8; col++) {
        char ch = r->line[col];
        if (ch == '.') continue;
        if (!ch || !strchr("rbqnkRBQNK", ch)) {
            snprintf(msg, sizeof msg,
                     "board line %d, column %d: '%s' is not '.' or one of r b q n k "
                     "(white) R B Q N K (black)",
                     row + 1, col + 1, cli_shown(&r->line[col], 1, shown));
            return fail_at(r, d, r->lineno, msg);
        }
        int white = ch >= 'a';
        if ((ch == 'k' || ch == 'K') && ++kings[!white] > 1) {
            snprintf(msg, sizeof msg, "a second %s king (exactly one per side)",
                     white ? "white" : "black");
            return fail_at(r, d, r->lineno, msg);
        }
        /* The judge writes White in lower case, FEN letters White in upper case. */
        setup->board[RF_SQUARE(col, 7 - row)] = rf_piece_from_char((char)(ch ^ 0x20));
    }
    return 0;
}

/* Dataset d of count: its side line and board, judged and answered. 0 or an exit status. */
static int dataset(reader *r, int d, int count)
{
    const char *s;
    size_t len;
    char msg[200], shown[64];
    int got = next_nonblank(r, &s, &len);
    if (got < 0) return fail_too_long(r, d, r->lineno);
    if (!got) {
        snprintf(msg, sizeof msg, "missing: the input ends after %d of %d datasets", d - 1, count);
        return fail_at(r, d, r->lineno + 1, msg);
    }
    if (len != 1 || (s[0] != 'w' && s[0] != 'B')) {
        snprintf(msg, sizeof msg, "the side must be 'w' or 'B', not '%s'", cli_shown(s, len, shown));
        return fail_at(r, d, r->lineno, msg);
    }
    int black = s[0] == 'B', kings[2] = {0, 0}, st;
    rf_setup setup;
    rf_setup_clear(&setup);
    setup.side = black ? RF_BLACK : RF_WHITE;
    for (int row = 0; row < 8; row++)
        if ((st = board_line(r, d, row, &setup, kings)) != 0) return st;
    if (!kings[0] || !kings[1]) {
        snprintf(msg, sizeof msg, "no %s king (exactly one per side)",
                 !kings[0] ? "white" : "black");
        return fail_at(r, d, r->lineno, msg);
    }
    const char *verdict = judge(&setup);
    if (!verdict) return fail_at(r, d, r->lineno, "the board cannot be read");
    fprintf(r->common->io->out, "%s IS %s\n", black ? "BLACK" : "WHITE", verdict);
    return 0;
}

/* Reads and judges the datasets of r's input. */
static int judge_all(reader *r)
{
    const char *s;
    size_t len;
    char msg[200], shown[64];
    int got = next_nonblank(r, &s, &len);
    if (got < 0) return fail_too_long(r, 0, r->lineno);
    if (!got) {
        int failed = cli_lines_failed(r->common, &r->in, "standard input");
        if (failed) return failed;
        return fail_at(r, 0, r->lineno + 1, "missing the number of datasets");
    }
    int count = 0, st;
    size_t digits = strspn(s, "0123456789");
    if (digits == 0 || digits > 3 || digits != len || (count = atoi(s)) < 1 || count > 100) {
        snprintf(msg, sizeof msg, "the number of datasets must be 1 to 100, not '%s'",
                 cli_shown(s, len, shown));
        return fail_at(r, 0, r->lineno, msg);
    }
    for (int d = 1; d <= count; d++)
        if ((st = dataset(r, d, count)) != 0) return st;
    if ((got = next_nonblank(r, &s, &len)) < 0) return fail_too_long(r, 0, r->lineno);
    if (got) {
        snprintf(msg, sizeof msg, "text after the last of %d datasets: '%s'", count,
                 cli_shown(s, len, shown));
        return fail_at(r, 0, r->lineno, msg);
    }
    return cli_finish(r->common, CLI_OK);
}

static int run(cli_io *io, int argc, char **argv)
{
    cli_common o;
    cli_args a;
    cli_args_start(&a, &o, &cli_command_judge, io, argc, argv);
    if (cli_args_next(&a) == CLI_ARGS_STOP) return a.status;
    if (a.rest < argc)
        return cli_usage(&o, "no arguments: the datasets come on standard input");
    reader *r = malloc(sizeof *r); /* its line buffer: 8 KiB */
    if (!r) {
        cli_error(&o, "out of memory");
        return CLI_SOFTWARE;
    }
    r->common = &o;
    r->lineno = 0;
    cli_lines_start(&r->in, io->in, io->out);
    int st = judge_all(r);
    free(r);
    return st;
}

const cli_command cli_command_judge = {"judge", "the 'Rank and File' judge: SAFE, CHECKED or CHECKMATED", intro, NULL, 0, outro, run, NULL};
