/*
 * analyse_game.c - the games of `rankfile analyse` as they are read (analyse_game of analyse.h):
 * a PGN game through the library's reader (its tags, main line and movetext kept for writing it
 * back), or a FEN/EPD line as a game of one position; and the inputs read as either.
 */
#include "analyse_read.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- growing arrays ------------------------------------------------------------------------ */

static int grow(void **p, size_t *cap, size_t need, size_t size)
{
    if (need <= *cap) return 0;
    size_t n = *cap ? *cap : 16;
    while (n < need) n *= 2;
    void *q = realloc(*p, n * size);
    if (!q) return -1;
    *p = q;
    *cap = n;
    return 0;
}

typedef struct building {
    analyse_game *g;
    size_t cap_events, cap_var, cap_text, cap_tags, cap_moves;
    int failed;                  /* out of memory */
} building;

void analyse_game_free(analyse_game *g)
{
    if (!g) return;
    for (size_t i = 0; i < g->ntags; i++) free(g->tag_names[i]), free(g->tag_values[i]);
    free(g->tag_names);
    free(g->tag_values);
    free(g->moves);
    free(g->main);
    if (g->evals)
        for (size_t i = 0; i <= g->plies; i++) free(g->evals[i].error), free(g->evals[i].result);
    free(g->evals);
    free(g->error);
    free(g->warning);
    free(g->events);
    free(g->var_positions);
    free(g->text);
    free(g);
}

static char *copy(const char *s, size_t n)
{
    char *p = malloc(n + 1);
    if (!p) return NULL;
    memcpy(p, s, n);
    p[n] = 0;
    /* kept NUL-terminated: a NUL byte inside becomes a space */
    for (size_t i = 0; i < n; i++)
        if (!p[i]) p[i] = ' ';
    return p;
}

static analyse_event *event(building *b, unsigned char kind)
{
    analyse_game *g = b->g;
    if (grow((void **)&g->events, &b->cap_events, g->nevents + 1, sizeof *g->events)) {
        b->failed = 1;
        return NULL;
    }
    analyse_event *e = &g->events[g->nevents++];
    memset(e, 0, sizeof *e);
    e->kind = kind;
    return e;
}

static int v_begin_game(void *user, unsigned long index)
{
    (void)user;
    (void)index;
    return RF_PGN_CONTINUE;
}

static void v_header(void *user, const char *name, size_t name_len, const char *value, size_t value_len)
{
    building *b = user;
    analyse_game *g = b->g;
    if (grow((void **)&g->tag_names, &b->cap_tags, g->ntags + 1, sizeof *g->tag_names)) {
        b->failed = 1;
        return;
    }
    size_t cap = b->cap_tags;
    void *q = realloc(g->tag_values, cap * sizeof *g->tag_values);
    if (!q) {
        b->failed = 1;
        return;
    }
    g->tag_values = q;
    char *n = copy(name, name_len), *v = copy(value, value_len);
    if (!n || !v) {
        free(n);
        free(v);
        b->failed = 1;
        return;
    }
    g->tag_names[g->ntags] = n;
    g->tag_values[g->ntags] = v;
    g->ntags++;
}

static int v_end_headers(void *user, const rf_position *start)
{
    building *b = user;
    if (!start) return RF_PGN_SKIP;
    b->g->start_ok = 1;
    b->g->start = *start;
    return RF_PGN_CONTINUE;
}

static void v_move(void *user, const rf_position *before, rf_move m, unsigned depth)
{
    building *b = user;
    analyse_game *g = b->g;
    analyse_event *e = event(b, 'm');
    if (!e) return;
    e->depth = depth;
    e->move = m;
    if (depth == 0) {
        if (grow((void **)&g->moves, &b->cap_moves, g->plies + 1, sizeof *g->moves)) {
            b->failed = 1;
            return;
        }
        g->moves[g->plies++] = m;
        e->pos = g->plies - 1; /* main line: its ply (the position is main[ply]) */
    } else {
        if (grow((void **)&g->var_positions, &b->cap_var, g->nvar + 1, sizeof *g->var_positions)) {
            b->failed = 1;
            return;
        }
        g->var_positions[g->nvar] = *before;
        e->pos = g->nvar++;
    }
}

static void v_comment(void *user, const char *text, size_t len)
{
    building *b = user;
    analyse_game *g = b->g;
    if (grow((void **)&g->text, &b->cap_text, g->text_len + len + 1, 1)) {
        b->failed = 1;
        return;
    }
    analyse_event *e = event(b, 'c');
    if (!e) return;
    memcpy(g->text + g->text_len, text, len);
    e->pos = g->text_len;
    e->len = len;
    g->text_len += len;
}

static void v_nag(void *user, unsigned nag)
{
    building *b = user;
    analyse_event *e = event(b, 'n');
    if (e) e->nag = nag;
}

static int v_begin_variation(void *user)
{
    building *b = user;
    event(b, '(');
    return RF_PGN_CONTINUE;
}

static void v_end_variation(void *user)
{
    building *b = user;
    event(b, ')');
}

static void v_end_game(void *user, const rf_pgn_game *pg)
{
    building *b = user;
    analyse_game *g = b->g;
    g->line = pg->line;
    g->number = pg->index;
    snprintf(g->result, sizeof g->result, "%s", pg->result);
    if (pg->status != RF_OK) {
        char text[300];
        snprintf(text, sizeof text, "line %lu, column %lu: %s", pg->error_line, pg->error_column, pg->error);
        g->error = copy(text, strlen(text));
        if (!g->error) b->failed = 1;
    } else if (!g->start_ok) {
        g->error = copy("the game has no start position", 30);
    }
    if (pg->warnings) {
        char text[300];
        snprintf(text, sizeof text, "line %lu: %s", pg->warning_line, pg->warning);
        g->warning = copy(text, strlen(text));
    }
}

/* The main line's positions and the evals' array of a game read. */
static int finish_game(analyse_game *g)
{
    g->main = malloc((g->plies + 1) * sizeof *g->main);
    g->evals = calloc(g->plies + 1, sizeof *g->evals);
    if (!g->main || !g->evals) return -1;
    g->main[0] = g->start;
    for (size_t i = 0; i < g->plies; i++) {
        g->main[i + 1] = g->main[i];
        rf_position_play(&g->main[i + 1], g->moves[i]);
    }
    return 0;
}

/* ---- inputs ---------------------------------------------------------------------------------- */

struct analyse_reader {
    const analyse_config *cfg;
    const char *name;
    cli_decoder dec;
    int failed;              /* the input could not be read */
    int fen;                 /* FEN/EPD lines, not PGN */
    char *peek;              /* what was read to tell the kind, handed out first */
    size_t peek_len, peek_pos;
    int eof;
    rf_pgn_reader *pgn;
    /* FEN lines */
    char line[CLI_MAX_LINE];
    unsigned long line_no;
    char buf[64 * 1024];
    size_t buf_pos, buf_len;
};

static size_t raw_read(void *ctx, char *buf, size_t cap)
{
    analyse_reader *r = ctx;
    if (r->peek_pos < r->peek_len) {
        size_t n = r->peek_len - r->peek_pos;
        if (n > cap) n = cap;
        memcpy(buf, r->peek + r->peek_pos, n);
        r->peek_pos += n;
        return n;
    }
    if (r->eof || r->failed) return r->failed ? (size_t)-1 : 0;
    size_t n = cli_decoder_read(&r->dec, buf, cap);
    if (n == CLI_INPUT_ERROR) {
        r->failed = 1;
        return (size_t)-1;
    }
    if (n == 0) r->eof = 1;
    return n;
}

/* The first line's first word holds a '/' (a FEN's board), and the line is no tag, comment or
 * escape: FEN/EPD lines. */
static int looks_like_fen(const char *p, size_t n)
{
    size_t i = 0;
    if (n >= 3 && (unsigned char)p[0] == 0xEF && (unsigned char)p[1] == 0xBB && (unsigned char)p[2] == 0xBF) i = 3;
    while (i < n && (p[i] == ' ' || p[i] == '\t' || p[i] == '\r' || p[i] == '\n')) i++;
    if (i >= n) return 0;
    if (strchr("[%{;(", p[i])) return 0;
    if (n - i >= 8 && memcmp(p + i, "startpos", 8) == 0) return 1;
    for (; i < n && p[i] != ' ' && p[i] != '\t' && p[i] != '\r' && p[i] != '\n'; i++) {
        if (p[i] == '/') return 1;
        if (p[i] == '.' || p[i] == '-') return 0; /* a move number, a result ("1/2-1/2" is no board) */
    }
    return 0;
}

analyse_reader *analyse_reader_open(const analyse_config *cfg, const analyse_source *src, int *status)
{
    analyse_reader *r = calloc(1, sizeof *r);
    *status = CLI_SOFTWARE;
    if (!r) return NULL;
    r->cfg = cfg;
    r->name = src->name;
    cli_decoder_start(&r->dec, cfg->common, src->in, cfg->encoding, 0);
    /* Read until a line that is not blank has ended (or 64 KiB, or the end) to tell the kind. */
    size_t cap = 64 * 1024;
    r->peek = malloc(cap);
    if (!r->peek) {
        free(r);
        return NULL;
    }
    for (;;) {
        size_t n = cli_decoder_read(&r->dec, r->peek + r->peek_len, cap - r->peek_len);
        if (n == CLI_INPUT_ERROR) {
            r->failed = 1;
            break;
        }
        if (n == 0) {
            r->eof = 1;
            break;
        }
        r->peek_len += n;
        int seen = 0, done = 0;
        for (size_t i = 0; i < r->peek_len; i++) {
            char c = r->peek[i];
            if (c == '\n' && seen) {
                done = 1;
                break;
            }
            if (c != ' ' && c != '\t' && c != '\r' && c != '\n') seen = 1;
        }
        if (done || r->peek_len + 4 > cap) break;
    }
    if (r->failed) {
        *status = CLI_NOINPUT;
        analyse_reader_close(r);
        return NULL;
    }
    r->fen = looks_like_fen(r->peek, r->peek_len);
    if (!r->fen) {
        r->pgn = rf_pgn_reader_new(raw_read, r);
        if (!r->pgn) {
            analyse_reader_close(r);
            return NULL;
        }
    }
    *status = 0;
    return r;
}

void analyse_reader_close(analyse_reader *r)
{
    if (!r) return;
    if (r->pgn) rf_pgn_reader_free(r->pgn);
    free(r->peek);
    free(r);
}

int analyse_reader_failed(const analyse_reader *r)
{
    return r->failed;
}

/* The next line of a FEN input into r->line: its length, or -1 at the end. */
static long next_line(analyse_reader *r, int *too_long)
{
    size_t n = 0;
    *too_long = 0;
    for (;;) {
        if (r->buf_pos == r->buf_len) {
            size_t got = raw_read(r, r->buf, sizeof r->buf);
            if (got == (size_t)-1 || got == 0) {
                if (n || *too_long) break;
                return -1;
            }
            r->buf_pos = 0;
            r->buf_len = got;
        }
        char c = r->buf[r->buf_pos++];
        if (c == '\n') break;
        if (n < sizeof r->line - 1) r->line[n++] = c;
        else *too_long = 1;
    }
    r->line_no++;
    if (n && r->line[n - 1] == '\r') n--;
    size_t start = 0;
    if (r->line_no == 1 && n >= 3 && memcmp(r->line, "\xEF\xBB\xBF", 3) == 0) start = 3;
    if (start) memmove(r->line, r->line + 3, n -= 3);
    r->line[n] = 0;
    return (long)n;
}

/* A FEN line as a game of one position. */
static int fen_game(analyse_reader *r, analyse_game *g, size_t len, int too_long)
{
    g->fen_line = 1;
    g->number = r->line_no;
    g->line = r->line_no;
    const analyse_config *cfg = r->cfg;
    const char *text = r->line;
    size_t n = len;
    while (n && (text[n - 1] == ' ' || text[n - 1] == '\t')) n--;
    while (n && (*text == ' ' || *text == '\t')) text++, n--;
    rf_error err;
    rf_status st;
    if (too_long) {
        st = RF_ERR_ARGUMENT;
        snprintf(err.message, sizeof err.message, "the line is longer than %d bytes", CLI_MAX_LINE - 1);
    } else if (n == 8 && memcmp(text, "startpos", 8) == 0) {
        st = rf_position_startpos(&g->start, cfg->variant);
        if (st != RF_OK) snprintf(err.message, sizeof err.message, "no start position");
    } else {
        st = rf_position_parse(&g->start, text, n, cfg->variant, cfg->chess960 ? RF_PARSE_CHESS960 : 0,
                               RF_ACCEPT_DEFAULT, &err);
    }
    if (st != RF_OK) {
        char msg[300];
        char shown[64];
        snprintf(msg, sizeof msg, "line %lu: '%s': %s", r->line_no, cli_shown(text, n, shown), err.message);
        g->error = copy(msg, strlen(msg));
        return g->error ? 0 : -1;
    }
    g->start_ok = 1;
    /* the FEN as given is kept as the game's [FEN] tag for the PGN output */
    char fen[RF_FEN_MAX];
    size_t fl = rf_position_to_fen(fen, sizeof fen, &g->start, 0);
    g->tag_names = malloc(2 * sizeof *g->tag_names);
    g->tag_values = malloc(2 * sizeof *g->tag_values);
    if (!g->tag_names || !g->tag_values) return -1;
    int k = 0;
    if (g->start.variant != RF_VARIANT_STANDARD || g->start.chess960) {
        const char *vn = g->start.variant == RF_VARIANT_STANDARD ? "Chess960" : rf_variant_pgn_name(g->start.variant);
        g->tag_names[k] = copy("Variant", 7);
        g->tag_values[k++] = copy(vn, strlen(vn));
    }
    g->tag_names[k] = copy("FEN", 3);
    g->tag_values[k++] = copy(fen, fl);
    g->ntags = (size_t)k;
    for (int i = 0; i < k; i++)
        if (!g->tag_names[i] || !g->tag_values[i]) return -1;
    return 0;
}

int analyse_reader_next(analyse_reader *r, analyse_game **out)
{
    *out = NULL;
    analyse_game *g = calloc(1, sizeof *g);
    if (!g) return -1;
    g->source = r->name;
    if (r->fen) {
        long len;
        int too_long;
        do {
            len = next_line(r, &too_long);
        } while (len >= 0 && !too_long && strspn(r->line, " \t") == (size_t)len);
        if (len < 0) {
            free(g);
            return r->failed ? -2 : 0;
        }
        if (fen_game(r, g, (size_t)len, too_long) || finish_game(g)) {
            analyse_game_free(g);
            return -1;
        }
        *out = g;
        return 1;
    }
    building *b = calloc(1, sizeof *b);
    if (!b) {
        free(g);
        return -1;
    }
    b->g = g;
    rf_pgn_visitor v = {b, v_begin_game, v_header, v_end_headers, v_move, v_comment, v_nag,
                        v_begin_variation, v_end_variation, v_end_game};
    int got = rf_pgn_read_game(r->pgn, &v);
    int failed = b->failed;
    free(b);
    if (got != 1) {
        analyse_game_free(g);
        return got == 0 ? 0 : -2;
    }
    if (failed || finish_game(g)) {
        analyse_game_free(g);
        return -1;
    }
    *out = g;
    return 1;
}
