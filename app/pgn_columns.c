/*
 * pgn_columns.c - the columns of a table of games (see pgn_columns.h): the column table and
 * its writers, parsing --columns, quoting cells, and reading lichess's [%clk] and [%eval]
 * annotations.
 */
#include "pgn_columns.h"
#include "pgn_filter.h"

#include <string.h>

/* ---- the column table ------------------------------------------------------------------- */

static void set_text(pgn_cell *c, const char *s)
{
    c->s = s;
    c->len = strlen(s);
}

static void w_index(const pgn_record *r, pgn_cell *c) { c->n = (long long)r->game->index; }
static void w_offset(const pgn_record *r, pgn_cell *c) { c->n = (long long)r->offset; }
static void w_variant(const pgn_record *r, pgn_cell *c) { set_text(c, rf_variant_name(r->game->variant)); }
static void w_chess960(const pgn_record *r, pgn_cell *c) { c->n = r->game->chess960 != 0; }
static void w_plies(const pgn_record *r, pgn_cell *c) { c->n = (long long)r->game->plies; }
static void w_result(const pgn_record *r, pgn_cell *c) { set_text(c, r->game->result[0] ? r->game->result : "*"); }
static void w_error(const pgn_record *r, pgn_cell *c) { set_text(c, r->bad ? r->error : ""); }
static void w_error_line(const pgn_record *r, pgn_cell *c) { c->n = r->bad ? (long long)r->error_line : 0; }
static void w_error_column(const pgn_record *r, pgn_cell *c) { c->n = r->bad ? (long long)r->error_column : 0; }
static void w_warning(const pgn_record *r, pgn_cell *c) { set_text(c, r->warned ? r->warning : ""); }

/* A position's FEN, "" when the game's start is unknown. */
static void fen_cell(const pgn_record *r, const rf_position *pos, pgn_cell *c)
{
    c->s = c->buf;
    c->len = r->start_ok ? rf_position_to_fen(c->buf, sizeof c->buf, pos, 0) : 0;
}

static void w_start_fen(const pgn_record *r, pgn_cell *c) { fen_cell(r, &r->game->start, c); }
static void w_final_fen(const pgn_record *r, pgn_cell *c) { fen_cell(r, &r->game->game->pos, c); }

static void w_termination(const pgn_record *r, pgn_cell *c)
{
    set_text(c, r->start_ok && r->outcome.reason != RF_REASON_NONE ? r->outcome.code : "");
}

static void w_winner(const pgn_record *r, pgn_cell *c)
{
    rf_result w = r->outcome.result;
    set_text(c, !r->start_ok ? "" : w == RF_RESULT_WHITE_WINS ? "white" : w == RF_RESULT_BLACK_WINS ? "black" : "");
}

/* A list of NUL-terminated items, space-joined into the cell's scratch. */
static void joined(pgn_cell *c, const bytes *list)
{
    bytes *b = c->scratch;
    b->len = 0;
    for (size_t at = 0; at < list->len; at += strlen(list->p + at) + 1) {
        if (at) pgn_bytes_add(b, " ", 1);
        pgn_bytes_add(b, list->p + at, strlen(list->p + at));
    }
    c->s = b->len && !b->failed ? b->p : "";
    c->len = b->failed ? 0 : b->len;
}

/* The main line as SAN or UCI: the text gathered, else written from the moves kept. */
static void moves_cell(const pgn_record *r, pgn_cell *c, int san)
{
    if (r->opt.needs & (san ? PGN_NEED_SAN : PGN_NEED_UCI)) {
        joined(c, san ? &r->san : &r->uci);
        return;
    }
    bytes *b = c->scratch;
    b->len = 0;
    pgn_record_moves_text(b, &r->game->start, (const rf_move *)r->moves.p, r->moves.len / sizeof(rf_move), san);
    c->s = b->len && !b->failed ? b->p : "";
    c->len = b->failed ? 0 : b->len;
}

static void w_moves_uci(const pgn_record *r, pgn_cell *c) { moves_cell(r, c, 0); }
static void w_moves_san(const pgn_record *r, pgn_cell *c) { moves_cell(r, c, 1); }

static void w_clocks(const pgn_record *r, pgn_cell *c)
{
    if (r->annotated) joined(c, &r->clocks);
    else set_text(c, "");
}

static void w_evals(const pgn_record *r, pgn_cell *c)
{
    if (r->annotated) joined(c, &r->evals);
    else set_text(c, "");
}

static void w_eco(const pgn_record *r, pgn_cell *c) { set_text(c, r->opening.entry ? r->opening.entry->eco : ""); }

static void w_opening(const pgn_record *r, pgn_cell *c)
{
    set_text(c, r->opening.entry ? pgn_opening_name(c->buf, r->opening.entry) : "");
}

static void w_opening_ply(const pgn_record *r, pgn_cell *c)
{
    c->none = r->opening.entry == NULL;
    c->n = c->none ? 0 : (long long)r->opening.ply;
}

const pgn_column_def pgn_column_table[] = {
    {"index", PGN_TYPE_INT, 0, w_index, "the game's number in its input, from 1"},
    {"offset", PGN_TYPE_INT, 0, w_offset, "its first byte in the decoded text"},
    {"variant", PGN_TYPE_TEXT, 0, w_variant, "the variant's name"},
    {"chess960", PGN_TYPE_BOOL, 0, w_chess960, "a Chess960 game"},
    {"start_fen", PGN_TYPE_TEXT, 0, w_start_fen, "its start, \"\" when unknown"},
    {"moves_uci", PGN_TYPE_TEXT, PGN_NEED_UCI, w_moves_uci, "the main line in UCI, space-joined"},
    {"moves_san", PGN_TYPE_TEXT, PGN_NEED_SAN, w_moves_san, "the main line in SAN, space-joined"},
    {"plies", PGN_TYPE_INT, 0, w_plies, "the main line's moves"},
    {"result", PGN_TYPE_TEXT, 0, w_result, "the result marker, \"*\" when none"},
    {"termination", PGN_TYPE_TEXT, PGN_NEED_OUTCOME, w_termination, "what the rules say of the last position"},
    {"winner", PGN_TYPE_TEXT, PGN_NEED_OUTCOME, w_winner, "white, black or \"\""},
    {"final_fen", PGN_TYPE_TEXT, 0, w_final_fen, "the last position"},
    {"error", PGN_TYPE_TEXT, 0, w_error, "\"game N (line L, column C): what\", \"\""},
    {"error_line", PGN_TYPE_INT, 0, w_error_line, "0 when no error"},
    {"error_column", PGN_TYPE_INT, 0, w_error_column, "0 when no error"},
    {"warning", PGN_TYPE_TEXT, 0, w_warning, "\"game N (line L): what\", \"\""},
    {"clocks", PGN_TYPE_TEXT, PGN_NEED_ANNOTATIONS, w_clocks, "per ply the seconds of [%clk], - where none"},
    {"evals", PGN_TYPE_TEXT, PGN_NEED_ANNOTATIONS, w_evals, "per ply [%eval] in centipawns or #N, - where none"},
    {"eco", PGN_TYPE_TEXT, PGN_NEED_ECO, w_eco, "the opening's ECO code"},
    {"opening", PGN_TYPE_TEXT, PGN_NEED_ECO, w_opening, "the opening's name: variation"},
    {"opening_ply", PGN_TYPE_INT_OR_NONE, PGN_NEED_ECO, w_opening_ply, "the ply where it was last reached"},
};
const size_t pgn_column_count = sizeof pgn_column_table / sizeof *pgn_column_table;

const pgn_column_def *pgn_column_find(const char *name, size_t len)
{
    for (size_t i = 0; i < pgn_column_count; i++)
        if (strlen(pgn_column_table[i].name) == len && memcmp(pgn_column_table[i].name, name, len) == 0)
            return &pgn_column_table[i];
    return NULL;
}

void pgn_column_write(const pgn_column_def *def, const pgn_record *r, pgn_cell *cell)
{
    cell->s = "";
    cell->len = 0;
    cell->n = 0;
    cell->none = 0;
    def->write(r, cell);
}

/* Writes v in decimal at out (at most 20 characters, no NUL); returns how many. The values of a
 * lichess file's every ply pass here: no snprintf. */
static size_t put_decimal(char *out, unsigned long long v);

void pgn_cell_text(const pgn_column_def *def, pgn_cell *cell)
{
    if (def->type == PGN_TYPE_TEXT) return;
    if (def->type == PGN_TYPE_BOOL) {
        set_text(cell, cell->n ? "true" : "false");
        return;
    }
    if (cell->none) {
        set_text(cell, "");
        return;
    }
    size_t n = 0;
    unsigned long long v = (unsigned long long)cell->n;
    if (cell->n < 0) cell->buf[n++] = '-', v = 0 - v;
    n += put_decimal(cell->buf + n, v);
    cell->s = cell->buf;
    cell->len = n;
}

/* ---- --columns ----------------------------------------------------------------------------- */

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
        col->def = pgn_column_find(p, n);
        col->name = p;
        col->len = n;
        if (col->def) {
            col->kind = PGN_COL_COMPUTED;
            c->needs |= col->def->needs;
        } else if (n == 8 && memcmp(p, "all-tags", 8) == 0) {
            col->kind = PGN_COL_ALL_TAGS;
        }
        if (!p[n]) return 0;
        p += n + 1;
    }
}

void pgn_columns_row(const pgn_columns *c, FILE *out, const pgn_record *r, bytes *scratch)
{
    pgn_cell cell;
    cell.scratch = scratch;
    for (size_t i = 0; i < c->count; i++) {
        const pgn_column *col = &c->cols[i];
        if (col->kind == PGN_COL_COMPUTED) {
            pgn_column_write(col->def, r, &cell);
            pgn_cell_text(col->def, &cell);
        } else { /* a tag (all-tags is expanded before the first row) */
            const char *s = col->kind == PGN_COL_TAG ? pgn_tag_value(r->tags.p, r->ntags, col->name, col->len) : NULL;
            set_text(&cell, s ? s : "");
        }
        pgn_columns_cell(c, out, i == 0, cell.s, cell.len);
    }
    putc('\n', out);
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
