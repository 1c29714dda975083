/*
 * pgn_filter.c - `rankfile pgn`'s tag filters: parsing --where, --player, --result and
 * --termination, and testing a game's tags against them (see pgn_filter.h).
 */
#include "pgn_filter.h"

#include <string.h>

static const char *const op_texts[] = {"=", "!=", "<", "<=", ">", ">=", "~"};

/* A decimal number, the whole text: an optional sign, digits, an optional fraction. */
static int parse_number(const char *s, double *out)
{
    const char *p = s;
    if (*p == '-' || *p == '+') p++;
    int digits = 0;
    double v = 0;
    for (; *p >= '0' && *p <= '9'; p++, digits++) v = v * 10 + (*p - '0');
    if (*p == '.') {
        double scale = 0.1;
        for (p++; *p >= '0' && *p <= '9'; p++, digits++, scale /= 10) v += (*p - '0') * scale;
    }
    if (!digits || *p) return 0;
    *out = *s == '-' ? -v : v;
    return 1;
}

static int lower(int c) { return c >= 'A' && c <= 'Z' ? c + 32 : c; }

static int equal_nocase(const char *a, const char *b)
{
    while (*a && lower((unsigned char)*a) == lower((unsigned char)*b)) a++, b++;
    return *a == 0 && *b == 0;
}

static int contains_nocase(const char *hay, const char *needle)
{
    size_t n = strlen(needle);
    for (; *hay; hay++) {
        size_t i = 0;
        while (i < n && hay[i] && lower((unsigned char)hay[i]) == lower((unsigned char)needle[i])) i++;
        if (i == n) return 1;
    }
    return n == 0;
}

static int add(pgn_filter *f, const cli_common *c, pgn_condition cond)
{
    if (f->count == PGN_FILTER_MAX)
        return cli_usage(c, "more than %d filters (--where, --player, --result, --termination)", PGN_FILTER_MAX);
    f->conditions[f->count++] = cond;
    return 0;
}

int pgn_filter_where(pgn_filter *f, const cli_common *c, const char *expr)
{
    const char *p = expr;
    while ((*p >= 'A' && *p <= 'Z') || (*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || *p == '_') p++;
    size_t name_len = (size_t)(p - expr);
    pgn_condition cond = {expr, name_len, NULL, PGN_OP_EQ, 0, 0};
    if (p[0] == '!' && p[1] == '=') cond.op = PGN_OP_NE, p += 2;
    else if (p[0] == '<' && p[1] == '=') cond.op = PGN_OP_LE, p += 2;
    else if (p[0] == '>' && p[1] == '=') cond.op = PGN_OP_GE, p += 2;
    else if (p[0] == '=' && p[1] == '=') cond.op = PGN_OP_EQ, p += 2;
    else if (*p == '=') cond.op = PGN_OP_EQ, p++;
    else if (*p == '<') cond.op = PGN_OP_LT, p++;
    else if (*p == '>') cond.op = PGN_OP_GT, p++;
    else if (*p == '~') cond.op = PGN_OP_CONTAINS, p++;
    else p = NULL;
    if (!name_len || !p)
        return cli_usage(c,
                         "--where '%s': expected a tag, an operator and a value, as in "
                         "WhiteElo>=2500 (operators: = != < <= > >= ~)",
                         expr);
    cond.value = p;
    cond.numeric = parse_number(p, &cond.number);
    if (cond.op >= PGN_OP_LT && cond.op <= PGN_OP_GE && !*p)
        return cli_usage(c, "--where '%s': nothing to compare with after '%s'", expr, op_texts[cond.op]);
    return add(f, c, cond);
}

int pgn_filter_player(pgn_filter *f, const cli_common *c, const char *name)
{
    if (!*name) return cli_usage(c, "--player needs a name");
    pgn_condition cond = {NULL, 0, name, PGN_OP_PLAYER, 0, 0};
    return add(f, c, cond);
}

int pgn_filter_result(pgn_filter *f, const cli_common *c, const char *result)
{
    static const char *const results[] = {"1-0", "0-1", "1/2-1/2", "*"};
    for (size_t i = 0; i < 4; i++)
        if (strcmp(result, results[i]) == 0) {
            pgn_condition cond = {"Result", 6, results[i], PGN_OP_IS, 0, 0};
            return add(f, c, cond);
        }
    return cli_usage(c, "--result '%s': expected 1-0, 0-1, 1/2-1/2 or *", result);
}

int pgn_filter_termination(pgn_filter *f, const cli_common *c, const char *termination)
{
    if (!*termination) return cli_usage(c, "--termination needs a value (lichess's: Normal, Time forfeit, Abandoned, ...)");
    pgn_condition cond = {"Termination", 11, termination, PGN_OP_IS, 0, 0};
    return add(f, c, cond);
}

const char *pgn_tag_value(const char *tags, size_t ntags, const char *name, size_t name_len)
{
    for (size_t i = 0; i < ntags; i++) {
        size_t n = strlen(tags);
        const char *value = tags + n + 1;
        if (n == name_len && memcmp(tags, name, n) == 0) return value;
        tags = value + strlen(value) + 1;
    }
    return NULL;
}

static int meets(const pgn_condition *cond, const char *tags, size_t ntags)
{
    if (cond->op == PGN_OP_PLAYER) {
        const char *white = pgn_tag_value(tags, ntags, "White", 5), *black = pgn_tag_value(tags, ntags, "Black", 5);
        return (white && equal_nocase(white, cond->value)) || (black && equal_nocase(black, cond->value));
    }
    const char *value = pgn_tag_value(tags, ntags, cond->name, cond->name_len);
    if (!value) return 0;
    double number;
    switch (cond->op) {
    case PGN_OP_IS: return equal_nocase(value, cond->value);
    case PGN_OP_CONTAINS: return contains_nocase(value, cond->value);
    case PGN_OP_EQ:
    case PGN_OP_NE: {
        int same = cond->numeric && parse_number(value, &number) ? number == cond->number : strcmp(value, cond->value) == 0;
        return cond->op == PGN_OP_EQ ? same : !same;
    }
    default: break;
    }
    /* An order: as numbers when the value given is one (a tag that is no number, as "?" for an
     * unknown rating, is not in order with it), else by bytes (dates, times). */
    int order;
    if (cond->numeric) {
        if (!parse_number(value, &number)) return 0;
        order = number < cond->number ? -1 : number > cond->number;
    } else {
        order = strcmp(value, cond->value);
    }
    switch (cond->op) {
    case PGN_OP_LT: return order < 0;
    case PGN_OP_LE: return order <= 0;
    case PGN_OP_GT: return order > 0;
    default: return order >= 0; /* PGN_OP_GE */
    }
}

int pgn_filter_pass(const pgn_filter *f, const char *tags, size_t ntags)
{
    for (size_t i = 0; i < f->count; i++)
        if (!meets(&f->conditions[i], tags, ntags)) return 0;
    return 1;
}

/* ---- the main-line filters: --position, --opening ------------------------------------------ */

int pgn_line_position(pgn_line_filter *f, const cli_common *c, const char *fen)
{
    if (f->npositions == PGN_FILTER_MAX) return cli_usage(c, "more than %d --position filters", PGN_FILTER_MAX);
    f->fens[f->npositions++] = fen;
    f->given = 1;
    return 0;
}

int pgn_line_opening(pgn_line_filter *f, const cli_common *c, const char *moves)
{
    if (f->moves_text) return cli_usage(c, "--opening is given once: all the moves in one argument, as in 'e4 c5 Nf3'");
    f->moves_text = moves;
    f->given = 1;
    return 0;
}

/* A FEN, or `startpos`, in c's variant and castling mode, as the other commands read it. */
static rf_status read_fen(rf_position *pos, const cli_common *c, const char *fen, rf_error *err)
{
    unsigned flags = c->chess960 ? RF_PARSE_CHESS960 : 0;
    char start[RF_FEN_MAX];
    if (strcmp(fen, "startpos") == 0) {
        rf_status st = rf_position_startpos(pos, c->variant);
        if (st != RF_OK) return st;
        rf_position_to_fen(start, sizeof start, pos, 0);
        fen = start;
    }
    return rf_position_parse(pos, fen, strlen(fen), c->variant, flags, c->accept, err);
}

int pgn_moves_read(rf_position *pos, const char *text, size_t len, rf_move *moves, size_t max,
                   size_t *n, rf_error *err)
{
    const char *p = text, *end = text + len;
    *n = 0;
    for (;;) {
        while (p < end && (!*p || strchr(" \t\n\r", *p))) p++; /* a NUL byte too */
        if (p == end) break;
        const char *word = p;
        while (p < end && *p && !strchr(" \t\n\r", *p)) p++;
        size_t wlen = (size_t)(p - word), digits = 0;
        while (digits < wlen && word[digits] >= '0' && word[digits] <= '9') digits++;
        if (digits && digits < wlen && word[digits] == '.') { /* a move number */
            while (digits < wlen && word[digits] == '.') digits++;
            word += digits;
            wlen -= digits;
            if (!wlen) continue;
        }
        if (*n == max) return RF_ERR_ARGUMENT;
        rf_move m;
        rf_status st = rf_move_parse(&m, pos, word, wlen, err);
        if (st != RF_OK) return st;
        moves[(*n)++] = m;
        rf_position_play(pos, m);
    }
    return RF_OK;
}

/* Reads --opening's words from f->start. */
static int read_opening(pgn_line_filter *f, const cli_common *c)
{
    rf_position pos = f->start;
    rf_error err;
    rf_status st = pgn_moves_read(&pos, f->moves_text, strlen(f->moves_text), f->opening, PGN_OPENING_MAX,
                                  &f->opening_len, &err);
    if (st == RF_ERR_ARGUMENT) return cli_usage(c, "--opening: more than %d moves", PGN_OPENING_MAX);
    if (st != RF_OK)
        return cli_usage(c, "--opening '%.100s': move %zu: %s", f->moves_text, f->opening_len + 1,
                         err.message + err.detail);
    if (!f->opening_len) return cli_usage(c, "--opening needs moves, as in 'e4 c5 Nf3'");
    return 0;
}

/* The castling mode of a FEN is its own where its rights ask for Chess960 (a Shredder-FEN of a
 * Chess960 start); the positions and the opening must agree on it, or no game could meet them. */
static int same_mode(pgn_line_filter *f, const cli_common *c, const rf_position *pos, int first,
                     const char *option, const char *text)
{
    if (first) {
        f->variant = (rf_variant)pos->variant;
        f->chess960 = pos->chess960;
    } else if (pos->chess960 != f->chess960) {
        return cli_usage(c, "%s '%.100s': in %s castling mode, an earlier --position in the %s one (give --chess960)", option, text,
                         pos->chess960 ? "Chess960" : "standard", pos->chess960 ? "standard" : "Chess960");
    }
    return 0;
}

int pgn_line_ready(pgn_line_filter *f, const cli_common *c)
{
    rf_error err;
    for (size_t i = 0; i < f->npositions; i++) {
        rf_position pos;
        if (read_fen(&pos, c, f->fens[i], &err) != RF_OK)
            return cli_usage(c, "--position '%.100s': %s", f->fens[i], err.message);
        if (same_mode(f, c, &pos, i == 0, "--position", f->fens[i])) return CLI_USAGE;
        f->keys[i] = pos.key;
    }
    if (!f->moves_text) return 0;
    if (read_fen(&f->start, c, "startpos", &err) != RF_OK)
        return cli_usage(c, "--opening: %s", err.message);
    if (same_mode(f, c, &f->start, f->npositions == 0, "--opening", f->moves_text)) return CLI_USAGE;
    return read_opening(f, c);
}

int pgn_line_start(const pgn_line_filter *f, pgn_line_game *g, const rf_position *start)
{
    g->reached = 0;
    g->plies = 0;
    g->off_opening = 0;
    if (!start || start->variant != f->variant || start->chess960 != f->chess960) return 0;
    return !f->moves_text || start->key == f->start.key;
}

/* Marks the positions `pos` is (by its key: pieces, side to move, castling rights and a legal
 * en passant capture, and the variant's state). */
static void reach(const pgn_line_filter *f, pgn_line_game *g, const rf_position *pos)
{
    for (size_t i = 0; i < f->npositions; i++)
        if (pos->key == f->keys[i]) g->reached |= 1u << i;
}

void pgn_line_move(const pgn_line_filter *f, pgn_line_game *g, const rf_position *before, rf_move m)
{
    reach(f, g, before);
    if (g->plies < f->opening_len && m != f->opening[g->plies]) g->off_opening = 1;
    g->plies++;
}

int pgn_line_pass(const pgn_line_filter *f, pgn_line_game *g, const rf_position *last)
{
    reach(f, g, last);
    uint32_t all = (uint32_t)((1ull << f->npositions) - 1); /* PGN_FILTER_MAX <= 32 */
    return g->reached == all && !g->off_opening && g->plies >= f->opening_len;
}

/* ---- --eco CODES ---------------------------------------------------------------------------- */

static int eco_code_at(const char *p)
{
    return p[0] >= 'A' && p[0] <= 'Z' && p[1] >= '0' && p[1] <= '9' && p[2] >= '0' && p[2] <= '9';
}

int pgn_eco_codes_form(const char *text)
{
    for (const char *p = text;; p++) {
        if (!eco_code_at(p)) return 0;
        p += 3;
        if (*p == '-') {
            if (!eco_code_at(p + 1)) return 0;
            p += 4;
        }
        if (!*p) return 1;
        if (*p != ',') return 0;
    }
}

int pgn_eco_codes_add(pgn_eco_codes *f, const cli_common *c, const char *text)
{
    for (const char *p = text;; p++) { /* p at a code; the ',' after a range skipped */
        if (f->count == PGN_FILTER_MAX) return cli_usage(c, "--eco: more than %d ranges of ECO codes", PGN_FILTER_MAX);
        char *from = f->from[f->count], *to = f->to[f->count];
        memcpy(from, p, 3);
        p += 3;
        if (*p == '-') p += 4;
        memcpy(to, p - 3, 3);
        from[3] = to[3] = 0;
        if (strcmp(from, to) > 0)
            return cli_usage(c, "--eco %s-%s: the first code is after the last (write %s-%s)", from, to, to, from);
        f->count++;
        if (!*p) return 0;
    }
}

int pgn_eco_codes_pass(const pgn_eco_codes *f, const char *code)
{
    if (!code) return 0;
    for (size_t i = 0; i < f->count; i++)
        if (strncmp(code, f->from[i], 3) >= 0 && strncmp(code, f->to[i], 3) <= 0) return 1;
    return 0;
}
