/*
 * cmd_is960.c - `rankfile is960`: is a board a Chess960 start position, which number, and if
 * not, which rule it breaks first. Built for batches: one line in, one line out, a million
 * lines in seconds.
 */
#include "cli.h"

#include <string.h>

enum { OPT_DOUBLE = 1, OPT_BACK_RANK, OPT_LANG };

static const cli_option options[] = {
    {OPT_DOUBLE, "double", 0, NULL,
     "Double Fischer Random: Black's setup need not mirror White's (rules 7\n"
     "and 8 hold for each side); answers 'true W B' with both numbers"},
    {OPT_BACK_RANK, "back-rank", 0, NULL,
     "judge the back ranks alone, whatever ranks 2-7 hold (pawns may have\n"
     "moved): rules 4 and 5 become 'each back-rank square holds a piece of\n"
     "its side, not a pawn' and rule 2 counts the back ranks' pieces"},
    {OPT_LANG, "lang", 'l', "CODE",
     "read back-rank letters in this language (as 'rankfile 960 --lang'\n"
     "takes it: de, DE, de_DE, german, Deutsch), English letters too;\n"
     "without it the language is recognised from the letters, and from\n"
     "the greeting of a 'rankfile 960' line"},
    {0, NULL, 0, NULL, NULL},
};

static const char *const intro[] = {
    "usage: rankfile is960 [BOARD-OR-FEN ...] [--double] [--back-rank] [--lang CODE] [--json]\n"
    "\n"
    "Decides whether each board is a Chess960 (Fischer Random) start position. Input is a FEN\n"
    "board field, a whole FEN (only its board counts: side, castling and counters are not\n"
    "judged), a back rank alone as 8 letters K Q R B N ('BBQNNRKR') or in the letters of any\n"
    "language 'rankfile 960 --lang' knows ('TSLDKLST'), or a line 'rankfile 960' prints in any\n"
    "format and language ('  TCFDRFCT   Allez!   #518', '#518 a1=rl ...', its JSON;\n"
    "the number it states must be its setup's). With no arguments it reads one input per line\n"
    "from standard input. One answer line per input, in order:\n"
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
    "  rankfile 960 --seed 1 --count 9 --lang fr | rankfile is960     reads 960's lines back\n"
    "  rankfile is960 < boards.txt | grep -c '^true'\n",
    NULL,
};

typedef struct is960_run {
    cli_common common;
    unsigned flags;            /* RF_CHESS960_* */
    const rf_language *lang;   /* --lang, or NULL: recognised from the letters */
} is960_run;

static int is_blank(char c) { return c == ' ' || c == '\t'; }

static int is_letter(char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'); }

/* Back-rank letters: one rank of 8 letters, or (a `rankfile 960 --double` line) two joined by
 * '/'. */
static int is_letters(const char *s, size_t len)
{
    if (len != 8 && len != 17) return 0;
    for (size_t i = 0; i < len; i++)
        if (i == 8 ? s[i] != '/' : !is_letter(s[i])) return 0;
    return 1;
}

/* Whether the letters (ranks in English by now) are setups: each rank of 8. */
static int are_setups(const char *english, size_t len)
{
    char rank[9];
    for (size_t at = 0; at < len; at += 9) {
        memcpy(rank, english + at, 8);
        rank[8] = '\0';
        if (rf_chess960_number(rank) < 0) return 0;
    }
    return 1;
}

/* The back-rank letters in English (out, len + 1 bytes), read in --lang's language (or
 * English), else in the language whose greeting the line has, else in any language whose
 * letters they are. The languages that read them must agree: a setup in one reading wins over
 * readings that are none; English wins when no reading is a setup. 0, or -1 with *why set when
 * no language has these letters, or languages read them differently. */
static int resolve(const is960_run *o, const char *s, size_t len, const char *greeting,
                   size_t glen, char *out, char *why, size_t cap)
{
    const rf_language *fit[32], *by_greeting = NULL;
    char text[32][18];
    size_t nfit = 0;
    for (size_t i = 0; rf_language_at(i) && greeting; i++) {
        const char *g = rf_language_at(i)->greeting;
        if (strlen(g) == glen && memcmp(g, greeting, glen) == 0) by_greeting = rf_language_at(i);
    }
    /* The greeting is a hint: letters that are not its language's are read in any. */
    if (by_greeting &&
        rf_language_untranslate(text[0], sizeof text[0], by_greeting, s, len) != (len == 17))
        by_greeting = NULL;
    for (size_t i = 0; rf_language_at(i) && nfit < 32; i++) {
        const rf_language *l = rf_language_at(i);
        int english = strcmp(l->code, "en") == 0;
        if (o->lang ? l != o->lang && !english : by_greeting && l != by_greeting) continue;
        /* The '/' between two ranks is no letter of any language. */
        if (rf_language_untranslate(text[nfit], sizeof text[nfit], l, s, len) != (len == 17))
            continue;
        fit[nfit++] = l;
    }
    const char *chosen = NULL, *other = NULL;
    const rf_language *chosen_lang = NULL, *other_lang = NULL;
    for (int pass = 0; pass < 2 && !chosen; pass++) {
        for (size_t i = 0; i < nfit; i++) {
            /* Pass 0: the readings that are setups; pass 1: all of them, English first. */
            if (pass == 0 && !are_setups(text[i], len)) continue;
            if (pass == 1 && strcmp(fit[i]->code, "en") == 0) {
                chosen = text[i];
                chosen_lang = fit[i];
                other = NULL;
                break;
            }
            if (!chosen) {
                chosen = text[i];
                chosen_lang = fit[i];
            } else if (strcmp(chosen, text[i]) != 0 && !other) {
                other = text[i];
                other_lang = fit[i];
            }
        }
    }
    if (!chosen) {
        snprintf(why, cap, "'%.*s' are not the piece letters of %.12s%s", (int)len, s,
                 o->lang ? o->lang->name : "any language", o->lang ? " or English" : "");
        return -1;
    }
    if (other) {
        snprintf(why, cap, "'%.*s' reads as %.17s in %.12s and as %.17s in %.12s: name the "
                           "language with --lang", (int)len, s, chosen, chosen_lang->name, other,
                 other_lang->name);
        return -1;
    }
    memcpy(out, chosen, len + 1);
    return 0;
}

/* What an input holds: a board to judge, and the numbers a `rankfile 960` line states. */
typedef struct reading {
    char text[RF_FEN_MAX];  /* a FEN (or board field), or a back rank alone */
    size_t len;
    int rank;               /* text is one back rank, 8 letters */
    int stated[2];          /* '#W/#B', '#N' (both the same), or -1 */
} reading;

/* Where the word that starts at s[i] ends: the next space, or len. */
static size_t word_end(const char *s, size_t i, size_t len)
{
    while (i < len && s[i] != ' ') i++;
    return i;
}

/* A number after `key` in a JSON line, or -1. */
static int json_number(const char *s, size_t len, const char *key)
{
    size_t k = strlen(key);
    for (size_t i = 0; i + k < len; i++)
        if (memcmp(s + i, key, k) == 0) {
            int n = 0, digits = 0;
            for (i += k; i < len && s[i] >= '0' && s[i] <= '9' && digits < 4; i++, digits++)
                n = n * 10 + (s[i] - '0');
            return digits ? n : -1;
        }
    return -1;
}

/* '#N' or '#W/#B' (s, len: the text from '#'): 0, or -1 when it is not that. */
static int stated_numbers(const char *s, size_t len, int out[2])
{
    size_t i = 0;
    for (int k = 0; k < 2; k++) {
        if (i >= len || s[i] != '#') return -1;
        int n = 0, digits = 0;
        for (i++; i < len && s[i] >= '0' && s[i] <= '9' && digits < 4; i++, digits++)
            n = n * 10 + (s[i] - '0');
        if (!digits) return -1;
        out[k] = n;
        if (k == 0 && i < len && s[i] == '/') {
            i++;
            continue;
        }
        if (k == 0) out[1] = n;
        break;
    }
    return i == len ? 0 : -1;
}

/* Two ranks (English, "WHITE/black") as a FEN board: pawns on their ranks. */
static void board_of(reading *r, const char *english)
{
    char black[9];
    for (int i = 0; i < 8; i++) {
        char c = english[9 + i];
        black[i] = c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c;
    }
    black[8] = '\0';
    r->len = (size_t)snprintf(r->text, sizeof r->text, "%s/pppppppp/8/8/8/8/PPPPPPPP/%.8s",
                              black, english);
}

/* --format json: its "fen" member, and the numbers. 0, or 1 when it has no "fen" that fits. */
static int read_json_form(const char *s, size_t len, reading *r)
{
    static const char key[] = "\"fen\":\"";
    const char *at = NULL;
    for (size_t i = 0; i + sizeof key - 1 <= len && !at; i++)
        if (memcmp(s + i, key, sizeof key - 1) == 0) at = s + i + sizeof key - 1;
    const char *end = at ? memchr(at, '"', len - (size_t)(at - s)) : NULL;
    if (!end || (size_t)(end - at) >= sizeof r->text) return 1;
    r->len = (size_t)(end - at);
    memcpy(r->text, at, r->len);
    r->text[r->len] = '\0';
    r->stated[0] = json_number(s, len, "\"number\":");
    r->stated[1] = r->stated[0];
    if (r->stated[0] < 0) {
        r->stated[0] = json_number(s, len, "\"white_number\":");
        r->stated[1] = json_number(s, len, "\"black_number\":");
    }
    return 0;
}

/* A board of piece letters (0 for an empty square), rank 1 first, as a FEN board into r. */
static void fen_board_of(reading *r, char board[8][8])
{
    size_t n = 0;
    for (int rank = 7; rank >= 0; rank--) {
        int empty = 0;
        for (int f = 0; f < 8; f++) {
            if (!board[rank][f]) {
                empty++;
                continue;
            }
            if (empty) r->text[n++] = (char)('0' + empty);
            empty = 0;
            r->text[n++] = board[rank][f];
        }
        if (empty) r->text[n++] = (char)('0' + empty);
        if (rank) r->text[n++] = '/';
    }
    r->text[n] = '\0';
    r->len = n;
}

/* --format map: '#N' and 32 squares 'a1=rl' (piece letter, l White, d Black). 0; 1 when it does
 * not start as a map; -1 with *why set for a square that is not SQUARE=PIECE+l|d. */
static int read_map_form(const char *s, size_t len, reading *r, char *why, size_t cap)
{
    size_t i = word_end(s, 0, len);
    if (stated_numbers(s, i, r->stated) < 0) return 1;
    char board[8][8];
    memset(board, 0, sizeof board);
    while (i < len) {
        while (i < len && s[i] == ' ') i++;
        if (i == len) break;
        if (len - i < 5 || s[i] < 'a' || s[i] > 'h' || s[i + 1] < '1' || s[i + 1] > '8' || s[i + 2] != '=' ||
            !strchr("kqrbnp", s[i + 3]) || (s[i + 4] != 'l' && s[i + 4] != 'd') || (len - i > 5 && s[i + 5] != ' ')) {
            size_t w = word_end(s, i, len) - i;
            snprintf(why, cap, "map square '%.*s' is not SQUARE=PIECE+l|d (byte %zu)", (int)(w < 12 ? w : 12), s + i,
                     i);
            return -1;
        }
        char c = s[i + 3];
        board[s[i + 1] - '1'][s[i] - 'a'] = s[i + 4] == 'l' ? (char)(c - 'a' + 'A') : c;
        i += 5;
    }
    fen_board_of(r, board);
    return 0;
}

/* The line form, 'LETTERS   GREETING   #N' (--double: 'WHITE/black ... #W/#B'), or a back rank
 * alone in any language's letters (a FEN is never 8 letters). 0; 1 when it is neither; -1 with
 * *why set when its letters cannot be read. */
static int read_line_form(const is960_run *o, const char *s, size_t len, reading *r, char *why, size_t cap)
{
    char english[18];
    size_t first = 0;
    while (first < len && !is_blank(s[first])) first++;
    size_t last = len;
    while (last > first && !is_blank(s[last - 1])) last--;
    if (first < len && last > first && s[last] == '#' && is_letters(s, first)) {
        if (stated_numbers(s + last, len - last, r->stated) < 0) return 1;
        size_t g = first, gend = last;
        while (g < gend && is_blank(s[g])) g++;
        while (gend > g && is_blank(s[gend - 1])) gend--;
        if (resolve(o, s, first, s + g, gend - g, english, why, cap) < 0) return -1;
    } else if (is_letters(s, len) && len == 8) {
        if (resolve(o, s, len, NULL, 0, english, why, cap) < 0) return -1;
        first = len;
    } else {
        return 1;
    }
    if (first == 8) {
        memcpy(r->text, english, 9);
        r->len = 8;
        r->rank = 1;
    } else {
        board_of(r, english);
    }
    return 0;
}

/* Reads an input: a line `rankfile 960` prints (line, map or json form, in any language), a
 * back rank in any language's letters (8 letters: never a FEN), or a FEN. 0; 1 when it is none
 * of the first ones (the text is read as a FEN); -1 with *why set when it is one of them but
 * cannot be read. */
static int read_input(const is960_run *o, const char *s, size_t len, reading *r, char *why,
                      size_t cap)
{
    r->stated[0] = r->stated[1] = -1;
    r->rank = 0;
    if (len && s[0] == '{') return read_json_form(s, len, r);
    if (len && s[0] == '#') return read_map_form(s, len, r, why, cap);
    return read_line_form(o, s, len, r, why, cap);
}

/* Answers one input: CLI_OK (true), CLI_NO (false) or CLI_DATAERR. */
static int answer(void *ctx, const char *text, size_t len, const cli_where *where)
{
    const is960_run *o = ctx;
    rf_chess960_verdict v;
    int number;
    /* An input may come with the white space a line carries. */
    size_t start = 0, end = len;
    while (start < end && is_blank(text[start])) start++;
    while (end > start && is_blank(text[end - 1])) end--;
    reading r;
    char why[200];
    int got = read_input(o, text + start, end - start, &r, why, sizeof why);
    if (got < 0) return cli_fail(&o->common, where, text, len, NULL, "%s", why);
    if (got == 0 && r.rank) {
        number = rf_chess960_check_rank(&v, r.text, r.len);
    } else {
        rf_position pos;
        /* Only the board is judged: every validity rule is accepted. An error is answered in
         * place as the batch driver says (not for a single argument: stderr says it once). */
        int st = got == 0 ? cli_position_read(&o->common, where, r.text, r.len, &pos, NULL)
                          : cli_position_read(&o->common, where, text, len, &pos, NULL);
        if (st) return st;
        number = rf_chess960_check(&v, &pos, o->flags);
    }
    /* A `rankfile 960` line says its number(s): they must be the board's. */
    if (got == 0 && number >= 0 && r.stated[0] >= 0 &&
        (r.stated[0] != v.white || r.stated[1] != v.black))
        return r.stated[0] == r.stated[1] && v.white == v.black
                   ? cli_fail(&o->common, where, text, len, NULL,
                              "the line says #%d, but its setup is #%d", r.stated[0], v.white)
                   : cli_fail(&o->common, where, text, len, NULL,
                              "the line says #%d/#%d, but its setups are #%d/#%d", r.stated[0],
                              r.stated[1], v.white, v.black);
    int dbl = (o->flags & RF_CHESS960_DOUBLE) != 0;
    if (o->common.json) {
        cli_json j;
        cli_json_answer(&j, &o->common);
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
        fprintf(o->common.io->out, "false %s\n", v.message);
    } else if (dbl) {
        fprintf(o->common.io->out, "true %d %d\n", v.white, v.black);
    } else {
        fprintf(o->common.io->out, "true %d\n", number);
    }
    return number < 0 ? CLI_NO : CLI_OK;
}

static int run(cli_io *io, int argc, char **argv)
{
    is960_run o;
    cli_args a;
    memset(&o, 0, sizeof o);
    cli_args_start(&a, &o.common, &cli_command_is960, io, argc, argv);
    o.common.accept = RF_INVALID_ALL;
    int id;
    while ((id = cli_args_next(&a)) > 0) {
        if (id == OPT_LANG) {
            o.lang = cli_language(&o.common, a.value);
            if (!o.lang) return CLI_USAGE;
        } else {
            o.flags |= id == OPT_DOUBLE ? RF_CHESS960_DOUBLE : RF_CHESS960_BACK_RANKS;
        }
    }
    if (id == CLI_ARGS_STOP) return a.status;
    return cli_batch(&o.common, argc - a.rest, argv + a.rest, answer, &o);
}

const cli_command cli_command_is960 = {
    "is960", "is a board a Chess960 start position, and which number", intro, options,
    CLI_COMMON_JSON, outro, run, NULL};
