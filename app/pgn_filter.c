/*
 * pgn_filter.c - `rankfile pgn`'s tag filters: parsing --where, --player, --result and
 * --termination, testing a game's tags against them, and the tags no game has (see
 * pgn_filter.h).
 */
#include "pgn_filter.h"

#include "fold.h"

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

/* A part of a date or time at *p: `width` digits (its value) or as many '?' (-1: unknown); -2
 * when it is neither. */
static int date_part(const char **p, int width)
{
    int v = 0, unknown = (*p)[0] == '?';
    for (int i = 0; i < width; i++) {
        char ch = (*p)[i];
        if (unknown ? ch != '?' : !(ch >= '0' && ch <= '9')) return -2;
        v = v * 10 + (ch - '0');
    }
    *p += width;
    return unknown ? -1 : v;
}

/* A date: YYYY.MM.DD (PGN's) or YYYY-MM-DD (ISO's), or YYYY.MM, YYYY-MM, or YYYY alone when
 * `year_alone`; parts may be ?? (????: the year unknown). As an interval of yyyymmdd. */
static int parse_date(const char *s, int year_alone, double *lo, double *hi)
{
    const char *p = s;
    int y = date_part(&p, 4), m = -1, d = -1;
    char sep = *p;
    if (y == -2 || (sep && sep != '.' && sep != '-') || (!sep && !year_alone)) return 0;
    if (sep) {
        p++;
        if ((m = date_part(&p, 2)) == -2) return 0;
        if (*p == sep) {
            p++;
            if ((d = date_part(&p, 2)) == -2) return 0;
        }
    }
    if (*p || (m == 0 || m > 12) || d == 0 || d > 31 || (m == -1 && d >= 0)) return 0;
    if (y < 0) *lo = 0, *hi = 99991231;
    else *lo = y * 10000.0 + (m < 0 ? 101 : m * 100 + (d < 0 ? 1 : d)), *hi = y * 10000.0 + (m < 0 ? 1231 : m * 100 + (d < 0 ? 31 : d));
    return 1;
}

/* A time of day: HH:MM or HH:MM:SS, as an interval of seconds (HH:MM: its minute). */
static int parse_time(const char *s, double *lo, double *hi)
{
    const char *p = s;
    int h = date_part(&p, 2), m = -2, sec = -1;
    if (h >= 0 && *p == ':') p++, m = date_part(&p, 2);
    if (m >= 0 && *p == ':') p++, sec = date_part(&p, 2);
    if (*p || h < 0 || h > 24 || m < 0 || m > 59 || sec < -1 || sec > 60) return 0;
    *lo = h * 3600.0 + m * 60 + (sec < 0 ? 0 : sec);
    *hi = *lo + (sec < 0 ? 59 : 0);
    return 1;
}

/* A tag named ...Date (Date, UTCDate, EventDate) holds a date. */
static int date_tag(const char *name, size_t len)
{
    return len >= 4 && memcmp(name + len - 4, "Date", 4) == 0;
}

/* A value of `kind` (not text) as an interval; 0 when the text is none. */
static int parse_as(pgn_value_kind kind, const char *text, int year_alone, double *lo, double *hi)
{
    if (kind == PGN_VALUE_NUMBER) {
        if (!parse_number(text, lo)) return 0;
        *hi = *lo;
        return 1;
    }
    return kind == PGN_VALUE_DATE ? parse_date(text, year_alone, lo, hi) : parse_time(text, lo, hi);
}

static int add(pgn_filter *f, const cli_common *c, pgn_condition cond)
{
    if (f->count == PGN_FILTER_MAX)
        return cli_usage(c, "more than %d filters (--where, --player, --result, --termination)", PGN_FILTER_MAX);
    f->conditions[f->count++] = cond;
    return 0;
}

/* An operator at *p, moved past it; -1 when none. */
static int read_op(const char **p)
{
    static const char *const texts[] = {"!=", "<=", ">=", "==", "=", "<", ">", "~"};
    static const pgn_filter_op ops[] = {PGN_OP_NE, PGN_OP_LE, PGN_OP_GE, PGN_OP_EQ, PGN_OP_EQ, PGN_OP_LT, PGN_OP_GT, PGN_OP_CONTAINS};
    for (size_t i = 0; i < sizeof ops / sizeof *ops; i++) {
        size_t n = strlen(texts[i]);
        if (strncmp(*p, texts[i], n) == 0) {
            *p += n;
            return (int)ops[i];
        }
    }
    return -1;
}

/* The operator a mistyped one (=>, =<, <>, =!, ~=, =~) stands for, or NULL. */
static const char *meant_op(const char *typed)
{
    static const char *const pairs[][2] = {{"=>", ">="}, {"=<", "<="}, {"<>", "!="}, {"=!", "!="}, {"~=", "~"}, {"=~", "~"}};
    for (size_t i = 0; i < sizeof pairs / sizeof *pairs; i++)
        if (strncmp(typed, pairs[i][0], 2) == 0) return pairs[i][1];
    return NULL;
}

/* The kind of an order's value: a number, a date or a time; else says why (cli_usage), with the
 * number meant when letters O and l stand for digits ("25OO"), and returns CLI_USAGE. */
static int order_kind(pgn_condition *cond, const cli_common *c, const char *expr)
{
    int dated = date_tag(cond->name, cond->name_len);
    if (dated && parse_date(cond->value, 1, &cond->lo, &cond->hi)) cond->kind = PGN_VALUE_DATE;
    else if (dated)
        return cli_usage(c, "--where '%s': %.*s holds dates: compare it with YYYY.MM.DD or YYYY-MM-DD (or YYYY.MM, YYYY), "
                         "not '%s'", expr, (int)cond->name_len, cond->name, cond->value);
    else if (parse_number(cond->value, &cond->lo)) cond->kind = PGN_VALUE_NUMBER, cond->hi = cond->lo;
    else if (parse_date(cond->value, 0, &cond->lo, &cond->hi)) cond->kind = PGN_VALUE_DATE;
    else if (parse_time(cond->value, &cond->lo, &cond->hi)) cond->kind = PGN_VALUE_TIME;
    if (cond->kind == PGN_VALUE_DATE && cond->hi == 99991231 && cond->lo == 0)
        return cli_usage(c, "--where '%s': a date to compare with needs its year", expr);
    if (cond->kind != PGN_VALUE_TEXT) return 0;
    char digits[64];
    size_t n = strlen(cond->value);
    double number;
    if (n < sizeof digits) {
        for (size_t i = 0; i <= n; i++) {
            char ch = cond->value[i];
            digits[i] = ch == 'O' || ch == 'o' ? '0' : ch == 'l' || ch == 'I' ? '1' : ch;
        }
    }
    int typo = n < sizeof digits && parse_number(digits, &number);
    return cli_usage(c,
                     "--where '%s': %s compares numbers (WhiteElo>=2500), dates (Date>=2024.06.01) or times "
                     "(UTCTime<12:00), and '%s' is none of them%s%s%s",
                     expr, op_texts[cond->op], cond->value, typo ? " (did you mean " : "; = != ~ compare text",
                     typo ? digits : "", typo ? "?)" : "");
}

int pgn_filter_where(pgn_filter *f, const cli_common *c, const char *expr)
{
    const char *p = expr;
    while ((*p >= 'A' && *p <= 'Z') || (*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || *p == '_') p++;
    pgn_condition cond = {expr, (size_t)(p - expr), NULL, PGN_OP_EQ, PGN_GROUP_WHERE, PGN_VALUE_TEXT, 0, 0};
    while (*p == ' ') p++;
    const char *typed = p, *meant = meant_op(p);
    int op = read_op(&p);
    if (!cond.name_len || op < 0)
        return cli_usage(c,
                         "--where '%s': expected a tag, an operator and a value, as in "
                         "WhiteElo>=2500 (operators: = != < <= > >= ~)",
                         expr);
    if (meant)
        return cli_usage(c, "--where '%s': '%.2s' is no operator (did you mean %s?)", expr, typed, meant);
    cond.op = (pgn_filter_op)op;
    while (*p == ' ') p++;
    cond.value = p;
    if (strchr("=<>!~", *p) && *p)
        return cli_usage(c, "--where '%s': '%.*s' is no operator (operators: = != < <= > >= ~)", expr,
                         (int)(p + 1 - typed), typed);
    if (cond.op >= PGN_OP_LT && cond.op <= PGN_OP_GE) {
        if (!*p) return cli_usage(c, "--where '%s': nothing to compare with after '%s'", expr, op_texts[cond.op]);
        if (order_kind(&cond, c, expr)) return CLI_USAGE;
    } else if (cond.op != PGN_OP_CONTAINS && !strchr(p, '?')) { /* = and !=: "Date=????.??.??" is text */
        int dated = date_tag(cond.name, cond.name_len);
        if (dated && parse_date(p, 1, &cond.lo, &cond.hi)) cond.kind = PGN_VALUE_DATE;
        else if (parse_number(p, &cond.lo)) cond.kind = PGN_VALUE_NUMBER, cond.hi = cond.lo;
        else if (parse_date(p, 0, &cond.lo, &cond.hi)) cond.kind = PGN_VALUE_DATE;
    }
    return add(f, c, cond);
}

int pgn_filter_player(pgn_filter *f, const cli_common *c, const char *name)
{
    if (!*name) return cli_usage(c, "--player needs a name");
    pgn_condition cond = {NULL, 0, name, PGN_OP_PLAYER, PGN_GROUP_PLAYER, PGN_VALUE_TEXT, 0, 0};
    return add(f, c, cond);
}

int pgn_filter_result(pgn_filter *f, const cli_common *c, const char *result)
{
    static const char *const results[] = {"1-0", "0-1", "1/2-1/2", "*"};
    for (size_t i = 0; i < 4; i++)
        if (strcmp(result, results[i]) == 0) {
            pgn_condition cond = {"Result", 6, results[i], PGN_OP_IS, PGN_GROUP_RESULT, PGN_VALUE_TEXT, 0, 0};
            return add(f, c, cond);
        }
    return cli_usage(c, "--result '%s': expected 1-0, 0-1, 1/2-1/2 or *", result);
}

int pgn_filter_termination(pgn_filter *f, const cli_common *c, const char *termination)
{
    if (!*termination) return cli_usage(c, "--termination needs a value (lichess's: Normal, Time forfeit, Abandoned, ...)");
    pgn_condition cond = {"Termination", 11, termination, PGN_OP_IS, PGN_GROUP_TERMINATION, PGN_VALUE_TEXT, 0, 0};
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

/* A condition on an interval value, the tag's value read as one: holds for every point of both. */
static int interval_meets(const pgn_condition *cond, double lo, double hi)
{
    switch (cond->op) {
    case PGN_OP_EQ: return cond->lo <= lo && hi <= cond->hi;
    case PGN_OP_NE: return hi < cond->lo || lo > cond->hi;
    case PGN_OP_LT: return hi < cond->lo;
    case PGN_OP_LE: return hi <= cond->hi;
    case PGN_OP_GT: return lo > cond->hi;
    default: return lo >= cond->lo; /* PGN_OP_GE */
    }
}

/* Notes which sides of the game the player of a --player condition plays. */
static void player_sides(const pgn_condition *cond, const char *tags, size_t ntags, int *white_named,
                         int *black_named)
{
    const char *white = pgn_tag_value(tags, ntags, "White", 5), *black = pgn_tag_value(tags, ntags, "Black", 5);
    if (white && cli_fold_equal(white, cond->value)) *white_named = 1;
    if (black && cli_fold_equal(black, cond->value)) *black_named = 1;
}

static int meets(const pgn_condition *cond, const char *tags, size_t ntags)
{
    const char *value = pgn_tag_value(tags, ntags, cond->name, cond->name_len);
    if (!value) return 0;
    if (cond->op == PGN_OP_IS) return cli_fold_equal(value, cond->value);
    if (cond->op == PGN_OP_CONTAINS) return cli_fold_contains(value, cond->value);
    double lo, hi;
    /* A tag that is not of the value's kind (as "?" for an unknown rating) is in no order with it,
     * and equal to it only as the same text. */
    if (cond->kind != PGN_VALUE_TEXT && parse_as(cond->kind, value, 0, &lo, &hi)) {
        if (cond->kind == PGN_VALUE_DATE && lo == 0 && hi == 99991231) return 0; /* ????.??.?? */
        return interval_meets(cond, lo, hi);
    }
    if (cond->op != PGN_OP_EQ && cond->op != PGN_OP_NE) return 0;
    return (strcmp(value, cond->value) == 0) == (cond->op == PGN_OP_EQ);
}

/* Notes which of the unseen conditions' tags this game has, and for the others the nearest tag
 * name it has (the nearer, or the first in byte order of two as near: the same whatever the
 * order in which threads see the games), for the first games only: a name misspelt is wrong in
 * every game, and its nearest name is common. */
static void watch(pgn_filter_seen *s, const pgn_filter *f, const char *tags, size_t ntags)
{
    uint32_t unseen = atomic_load_explicit(&s->unseen, memory_order_relaxed);
    if (!unseen) return; /* every tag named is seen: the common case costs one load */
    if (!atomic_load_explicit(&s->checked, memory_order_relaxed)) atomic_store_explicit(&s->checked, 1, memory_order_relaxed);
    for (size_t i = 0; unseen && i < f->count; i++) {
        if (!(unseen & (1u << i))) continue;
        const pgn_condition *cond = &f->conditions[i];
        if (pgn_tag_value(tags, ntags, cond->name, cond->name_len)) {
            atomic_fetch_and_explicit(&s->unseen, ~(1u << i), memory_order_relaxed);
            continue;
        }
        if (atomic_fetch_add_explicit(&s->looked, 1, memory_order_relaxed) >= PGN_FILTER_NEAR_GAMES * f->count) continue;
        char name[64];
        snprintf(name, sizeof name, "%.*s", (int)cond->name_len, cond->name);
        const char *t = tags;
        for (size_t k = 0; k < ntags; k++, t += strlen(t) + 1, t += strlen(t) + 1) {
            if (strlen(t) >= 64) continue;
            unsigned d = (unsigned)cli_edit_distance(name, t);
            if (d > atomic_load_explicit(&s->distance[i], memory_order_relaxed)) continue;
            pthread_mutex_lock(&s->lock);
            unsigned best = atomic_load_explicit(&s->distance[i], memory_order_relaxed);
            if (d < best || (d == best && strcmp(t, s->nearest[i]) < 0)) {
                strcpy(s->nearest[i], t);
                atomic_store_explicit(&s->distance[i], d, memory_order_relaxed);
            }
            pthread_mutex_unlock(&s->lock);
        }
    }
}

int pgn_filter_pass(pgn_filter *f, const char *tags, size_t ntags)
{
    unsigned present = 0, met = 0; /* per group */
    int pass = 1, players = 0, white_named = 0, black_named = 0;
    f->result_pending = 0;
    for (size_t i = 0; i < f->count && pass; i++) {
        const pgn_condition *cond = &f->conditions[i];
        present |= 1u << cond->group;
        if (cond->op == PGN_OP_PLAYER) {
            players++;
            player_sides(cond, tags, ntags, &white_named, &black_named);
        } else if (cond->group == PGN_GROUP_RESULT && !pgn_tag_value(tags, ntags, "Result", 6)) {
            f->result_pending = 1; /* the marker will say */
            met |= 1u << cond->group;
        } else if (meets(cond, tags, ntags)) {
            met |= 1u << cond->group;
        } else if (cond->group == PGN_GROUP_WHERE) {
            pass = 0;
        }
    }
    /* --player once: a game of that player; more than once: a game between two of them. */
    if (players == 1 ? white_named || black_named : white_named && black_named) met |= 1u << PGN_GROUP_PLAYER;
    if (f->seen) watch(f->seen, f, tags, ntags);
    return pass && (present & ~met & ~1u) == 0;
}

int pgn_filter_marker(const pgn_filter *f, const char *marker)
{
    if (!f->result_pending) return 1;
    if (!*marker) marker = "*";
    for (size_t i = 0; i < f->count; i++)
        if (f->conditions[i].group == PGN_GROUP_RESULT && strcmp(f->conditions[i].value, marker) == 0) return 1;
    return 0;
}

void pgn_filter_watch(pgn_filter *f, pgn_filter_seen *seen)
{
    uint32_t named = 0;
    for (size_t i = 0; i < f->count; i++) {
        const pgn_condition *cond = &f->conditions[i];
        if (cond->group == PGN_GROUP_WHERE || cond->group == PGN_GROUP_TERMINATION) named |= 1u << i;
        atomic_init(&seen->distance[i], 64);
        seen->nearest[i][0] = 0;
    }
    atomic_init(&seen->unseen, named);
    atomic_init(&seen->checked, 0);
    atomic_init(&seen->looked, 0);
    pthread_mutex_init(&seen->lock, NULL);
    f->seen = named ? seen : NULL;
    if (!named) pthread_mutex_destroy(&seen->lock);
}

void pgn_filter_say(pgn_filter *f, const cli_common *c)
{
    pgn_filter_seen *s = f->seen;
    if (!s) return;
    uint32_t unseen = atomic_load(&s->unseen);
    for (size_t i = 0; i < f->count && atomic_load(&s->checked); i++) {
        const pgn_condition *cond = &f->conditions[i];
        if (!(unseen & (1u << i))) continue;
        int said = 0; /* an earlier condition on the same tag */
        for (size_t k = 0; k < i && !said; k++)
            said = (unseen & (1u << k)) && f->conditions[k].name_len == cond->name_len &&
                   memcmp(f->conditions[k].name, cond->name, cond->name_len) == 0;
        if (said) continue;
        char name[64], where[300];
        snprintf(name, sizeof name, "%.*s", (int)cond->name_len, cond->name);
        if (cond->group == PGN_GROUP_WHERE) snprintf(where, sizeof where, "--where '%.200s'", cond->name);
        else snprintf(where, sizeof where, "--termination '%.200s'", cond->value);
        const char *nearest = s->nearest[i];
        const char *near = *nearest ? cli_suggest(name, &nearest, 1, 0) : NULL;
        cli_warn(c, "no game has the tag %s (%s)%s%s%s", name, where, near ? "; did you mean " : "",
                 near ? near : "", near ? "?" : "");
    }
    pthread_mutex_destroy(&s->lock);
    f->seen = NULL;
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
