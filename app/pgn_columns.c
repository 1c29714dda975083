/*
 * pgn_columns.c - the columns of `rankfile pgn --format tsv|csv` (see pgn_columns.h): parsing
 * --columns, quoting cells, and reading lichess's [%clk] and [%eval] annotations.
 */
#include "pgn_columns.h"

#include <string.h>

static const struct {
    const char *name;
    pgn_column_kind kind;
    unsigned needs;
} computed[] = {
    {"index", PGN_COL_INDEX, 0},
    {"offset", PGN_COL_OFFSET, 0},
    {"variant", PGN_COL_VARIANT, 0},
    {"chess960", PGN_COL_CHESS960, 0},
    {"start_fen", PGN_COL_START_FEN, 0},
    {"moves_uci", PGN_COL_MOVES_UCI, PGN_NEED_UCI},
    {"moves_san", PGN_COL_MOVES_SAN, PGN_NEED_SAN},
    {"plies", PGN_COL_PLIES, 0},
    {"result", PGN_COL_RESULT, 0},
    {"termination", PGN_COL_TERMINATION, 0},
    {"winner", PGN_COL_WINNER, 0},
    {"final_fen", PGN_COL_FINAL_FEN, 0},
    {"error", PGN_COL_ERROR, 0},
    {"error_line", PGN_COL_ERROR_LINE, 0},
    {"error_column", PGN_COL_ERROR_COLUMN, 0},
    {"warning", PGN_COL_WARNING, 0},
    {"clocks", PGN_COL_CLOCKS, PGN_NEED_ANNOTATIONS},
    {"evals", PGN_COL_EVALS, PGN_NEED_ANNOTATIONS},
    {"eco", PGN_COL_ECO, PGN_NEED_ECO},
    {"opening", PGN_COL_OPENING, PGN_NEED_ECO},
    {"opening_ply", PGN_COL_OPENING_PLY, PGN_NEED_ECO},
    {"all-tags", PGN_COL_ALL_TAGS, 0},
};

int pgn_columns_parse(pgn_columns *c, const cli_common *common, const char *list)
{
    c->count = 0;
    c->needs = 0;
    for (const char *p = list;;) {
        size_t n = strcspn(p, ",");
        if (n == 0)
            return cli_usage(common, "--columns '%s': an empty column name (names are separated by commas)", list);
        if (c->count == PGN_COLUMNS_MAX) return cli_usage(common, "--columns: more than %d columns", PGN_COLUMNS_MAX);
        pgn_column *col = &c->cols[c->count++];
        col->kind = PGN_COL_TAG;
        col->name = p;
        col->len = n;
        for (size_t i = 0; i < sizeof computed / sizeof *computed; i++)
            if (strlen(computed[i].name) == n && memcmp(computed[i].name, p, n) == 0) {
                col->kind = computed[i].kind;
                c->needs |= computed[i].needs;
            }
        if (!p[n]) return 0;
        p += n + 1;
    }
}

void pgn_columns_cell(const pgn_columns *c, FILE *out, int first, const char *value, size_t n)
{
    if (!first) putc(c->csv ? ',' : '\t', out);
    if (!c->csv) {
        for (size_t i = 0; i < n; i++) putc(value[i] == '\t' || value[i] == '\n' || value[i] == '\r' ? ' ' : value[i], out);
        return;
    }
    int quote = 0;
    for (size_t i = 0; i < n && !quote; i++) quote = value[i] == ',' || value[i] == '"' || value[i] == '\n' || value[i] == '\r';
    if (!quote) {
        fwrite(value, 1, n, out);
        return;
    }
    putc('"', out);
    for (size_t i = 0; i < n; i++) {
        if (value[i] == '"') putc('"', out);
        putc(value[i], out);
    }
    putc('"', out);
}

int pgn_columns_pending(const pgn_columns *c)
{
    for (size_t i = 0; i < c->count; i++)
        if (c->cols[i].kind == PGN_COL_ALL_TAGS) return 1;
    return 0;
}

/* 1 when the list names the tag itself. */
static int names_tag(const pgn_columns *c, const char *name, size_t len)
{
    for (size_t i = 0; i < c->count; i++)
        if (c->cols[i].kind == PGN_COL_TAG && c->cols[i].len == len && memcmp(c->cols[i].name, name, len) == 0)
            return 1;
    return 0;
}

size_t pgn_columns_expand(pgn_columns *c, const char *names, size_t count)
{
    pgn_columns out = *c;
    size_t left_out = 0;
    int done = 0; /* all-tags given twice: the tags once */
    out.count = 0;
    for (size_t i = 0; i < c->count; i++) {
        if (c->cols[i].kind != PGN_COL_ALL_TAGS) {
            out.cols[out.count++] = c->cols[i];
            continue;
        }
        if (done++) continue;
        const char *p = names;
        for (size_t k = 0; k < count; k++, p += strlen(p) + 1) {
            if (names_tag(c, p, strlen(p))) continue;
            if (out.count + (c->count - i - 1) >= PGN_COLUMNS_MAX) {
                left_out++;
                continue;
            }
            pgn_column *col = &out.cols[out.count++];
            col->kind = PGN_COL_TAG;
            col->name = p;
            col->len = strlen(p);
        }
    }
    *c = out;
    return left_out;
}

void pgn_columns_header(const pgn_columns *c, FILE *out)
{
    for (size_t i = 0; i < c->count; i++) pgn_columns_cell(c, out, i == 0, c->cols[i].name, c->cols[i].len);
    putc('\n', out);
}

/* The text after "[%NAME" and its spaces in text, or NULL. */
static const char *command_value(const char *text, size_t len, const char *name, const char **end)
{
    size_t n = strlen(name);
    for (size_t i = 0; i + n + 2 <= len; i++) {
        if (text[i] != '[' || text[i + 1] != '%' || memcmp(text + i + 2, name, n) != 0) continue;
        const char *p = text + i + 2 + n;
        *end = text + len;
        if (p == *end || (*p != ' ' && *p != '\t')) continue;
        while (p < *end && (*p == ' ' || *p == '\t')) p++;
        return p;
    }
    return NULL;
}

static size_t digits(const char *p, const char *end, unsigned long long *v)
{
    size_t n = 0;
    *v = 0;
    for (; p + n < end && p[n] >= '0' && p[n] <= '9' && n < 12; n++) *v = *v * 10 + (unsigned long long)(p[n] - '0');
    return n;
}

/* Writes v in decimal at out (at most 20 characters, no NUL); returns how many. The values of a
 * lichess file's every ply pass here: no snprintf. */
static size_t put_decimal(char *out, unsigned long long v)
{
    char rev[20];
    size_t n = 0;
    do
        rev[n++] = (char)('0' + v % 10);
    while ((v /= 10) != 0);
    for (size_t i = 0; i < n; i++) out[i] = rev[n - 1 - i];
    return n;
}

/* [%clk H:MM:SS] or [%clk H:MM:SS.f]: the seconds, decimals as written. */
static void read_clock(const char *p, const char *end, char out[32])
{
    unsigned long long h, m, s;
    size_t a = digits(p, end, &h);
    if (!a || p + a >= end || p[a] != ':') return;
    p += a + 1;
    size_t b = digits(p, end, &m);
    if (b != 2 || p + b >= end || p[b] != ':' || m > 59) return;
    p += b + 1;
    size_t c = digits(p, end, &s);
    if (c != 2 || s > 59) return;
    p += c;
    size_t len = put_decimal(out, h * 3600 + m * 60 + s); /* h < 10^12: at most 16 digits */
    if (p < end && *p == '.') {
        unsigned long long f;
        size_t d = digits(p + 1, end, &f);
        if (d && d < 10) {
            out[len++] = '.';
            memcpy(out + len, p + 1, d);
            len += d;
        }
    }
    out[len] = 0;
}

/* [%eval 0.25], [%eval -1.08], [%eval #3], [%eval #-2] (a ",depth" after it is ignored). */
static void read_eval(const char *p, const char *end, char out[32])
{
    size_t len = 0;
    if (p < end && *p == '#') {
        const char *q = p + 1;
        int minus = q < end && *q == '-';
        unsigned long long n;
        size_t d = digits(q + minus, end, &n);
        if (!d) return;
        out[len++] = '#';
        if (minus) out[len++] = '-';
        len += put_decimal(out + len, n);
        out[len] = 0;
        return;
    }
    int minus = p < end && *p == '-';
    if (p < end && (*p == '-' || *p == '+')) p++;
    unsigned long long whole, frac = 0;
    size_t d = digits(p, end, &whole), f = 0;
    if (!d) return;
    p += d;
    if (p < end && *p == '.') {
        /* Centipawns: two decimals, the third rounds (half away from zero). */
        const char *q = p + 1;
        for (; q < end && *q >= '0' && *q <= '9' && f < 3; q++, f++) frac = frac * 10 + (unsigned long long)(*q - '0');
    }
    unsigned long long cp = f == 0 ? 0 : f == 1 ? frac * 10 : f == 2 ? frac : (frac + 5) / 10;
    cp += whole * 100;
    if (minus && cp) out[len++] = '-';
    len += put_decimal(out + len, cp);
    out[len] = 0;
}

void pgn_annotations(const char *text, size_t len, char clock[32], char eval[32])
{
    const char *end;
    clock[0] = eval[0] = 0;
    const char *p = command_value(text, len, "clk", &end);
    if (p) read_clock(p, end, clock);
    p = command_value(text, len, "eval", &end);
    if (p) read_eval(p, end, eval);
}
