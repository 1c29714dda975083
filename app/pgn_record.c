/*
 * pgn_record.c - the game record and the visitor that fills it (see pgn_record.h).
 */
#include "pgn_columns.h"
#include "pgn_record.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void pgn_bytes_grow(bytes *b, const char *s, size_t n)
{
    if (b->failed) return;
    if (b->len + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 1024;
        while (cap < b->len + n + 1) cap *= 2;
        char *p = realloc(b->p, cap);
        if (!p) {
            if (!b->common) {
                b->failed = 1;
                return;
            }
            cli_error(b->common, "out of memory");
            exit(CLI_SOFTWARE);
        }
        b->p = p;
        b->cap = cap;
    }
    if (n) memcpy(b->p + b->len, s, n);
    b->len += n;
    b->p[b->len] = 0;
}

/* The record's buffers, for what is done to all of them. */
#define RECORD_BUFFERS(r) {&(r)->tags, &(r)->san, &(r)->uci, &(r)->moves, &(r)->clocks, &(r)->evals, \
                           &(r)->comments, &(r)->movetext}
enum { RECORD_NBUFFERS = 8 };

void pgn_record_init(pgn_record *r, const pgn_record_options *opt, const cli_common *common)
{
    memset(r, 0, sizeof *r);
    r->opt = *opt;
    bytes *all[RECORD_NBUFFERS] = RECORD_BUFFERS(r);
    for (int i = 0; i < RECORD_NBUFFERS; i++) all[i]->common = common;
}

void pgn_record_free(pgn_record *r)
{
    bytes *all[RECORD_NBUFFERS] = RECORD_BUFFERS(r);
    for (int i = 0; i < RECORD_NBUFFERS; i++) {
        free(all[i]->p);
        all[i]->p = NULL;
        all[i]->len = all[i]->cap = 0;
    }
}

int pgn_record_failed(const pgn_record *r)
{
    const bytes *all[RECORD_NBUFFERS] = RECORD_BUFFERS(r);
    for (int i = 0; i < RECORD_NBUFFERS; i++)
        if (all[i]->failed) return 1;
    return 0;
}

static int write_text(void *ctx, const char *text, size_t len)
{
    pgn_bytes_add(ctx, text, len);
    return 0;
}

static int begin_game(void *user, unsigned long index)
{
    pgn_record *r = user;
    r->index = index;
    r->tags.len = r->san.len = r->uci.len = r->moves.len = r->movetext.len = 0;
    r->clocks.len = r->evals.len = r->comments.len = 0;
    r->annotated = 0;
    r->var_depth = 0;
    r->offset = r->reader ? rf_pgn_reader_offset(r->reader) : 0;
    r->ntags = 0;
    r->keep = 1;
    r->start_ok = 0;
    r->game = NULL;
    if (r->opt.needs & PGN_NEED_ECO) rf_eco_walk_start(&r->eco_walk, NULL, NULL); /* none until its start is known */
    r->eco_going = 0;
    if (r->begin) r->begin(r->user, r);
    return RF_PGN_CONTINUE;
}

static void header(void *user, const char *name, size_t name_len, const char *value, size_t value_len)
{
    pgn_record *r = user;
    pgn_bytes_item(&r->tags, name, name_len);
    /* Kept NUL-terminated: a NUL byte in the value becomes U+FFFD, as JSON shows bad bytes. */
    for (const char *nul; (nul = memchr(value, 0, value_len)) != NULL;) {
        pgn_bytes_add(&r->tags, value, (size_t)(nul - value));
        pgn_bytes_add(&r->tags, "\xEF\xBF\xBD", 3);
        value_len -= (size_t)(nul + 1 - value);
        value = nul + 1;
    }
    pgn_bytes_item(&r->tags, value, value_len);
    r->ntags++;
}

static int end_headers(void *user, const rf_position *start)
{
    pgn_record *r = user;
    r->start_ok = start != NULL;
    if (start && r->opt.variant_given && (start->variant != r->opt.variant || start->chess960 != r->opt.chess960))
        r->keep = 0;
    if (!r->keep) return RF_PGN_SKIP;
    if (r->admit && r->admit(r->user, r, start) == RF_PGN_SKIP) return RF_PGN_SKIP;
    if (r->opt.needs & PGN_NEED_ECO) rf_eco_walk_start(&r->eco_walk, r->opt.eco, start), r->eco_going = 1;
    if (r->opt.needs & PGN_NEED_MOVETEXT) rf_pgn_writer_start(&r->writer, write_text, &r->movetext);
    return RF_PGN_CONTINUE;
}

/* A main-line move: its text and its empty per-ply entries, as the needs ask. */
static void main_line_move(pgn_record *r, const rf_position *before, rf_move m)
{
    unsigned needs = r->opt.needs;
    char text[RF_SAN_MAX > RF_UCI_MAX ? RF_SAN_MAX : RF_UCI_MAX];
    if (needs & PGN_NEED_COMMENTS) {
        r->comment_last = r->comments.len;
        pgn_bytes_item(&r->comments, "", 0);
    }
    if (needs & PGN_NEED_ANNOTATIONS) { /* a "-" for the ply until a comment gives its clock or eval */
        r->clock_last = r->clocks.len;
        r->eval_last = r->evals.len;
        pgn_bytes_item(&r->clocks, "-", 1);
        pgn_bytes_item(&r->evals, "-", 1);
    }
    if (needs & PGN_NEED_SAN) pgn_bytes_item(&r->san, text, rf_move_to_san(text, sizeof text, before, m));
    if (needs & PGN_NEED_UCI) pgn_bytes_item(&r->uci, text, rf_move_to_uci(text, sizeof text, before, m));
    if (needs & PGN_NEED_MOVES) pgn_bytes_add(&r->moves, (const char *)&m, sizeof m);
    if (r->eco_going) r->eco_going = rf_eco_walk_move(&r->eco_walk, before, m);
}

static void move(void *user, const rf_position *before, rf_move m, unsigned depth)
{
    pgn_record *r = user;
    if (depth == 0) main_line_move(r, before, m);
    if (r->opt.needs & PGN_NEED_MOVETEXT) rf_pgn_write_move(&r->writer, before, m);
    if (r->move) r->move(r->user, r, before, m, depth);
}

/* A main-line move's comment: its text kept, its [%clk] and [%eval] read (the last wins). */
static void comment(void *user, const char *text, size_t len)
{
    pgn_record *r = user;
    if (r->opt.needs & PGN_NEED_MOVETEXT) rf_pgn_write_comment(&r->writer, text, len);
    if (r->var_depth > 0) return;
    if (r->comments.len) {
        size_t had = r->comments.len - r->comment_last - 1;
        r->comments.len--; /* reopen the last item */
        if (had) pgn_bytes_add(&r->comments, " ", 1);
        pgn_bytes_add(&r->comments, text, len);
        for (size_t i = r->comment_last; i < r->comments.len; i++)
            if (r->comments.p[i] == 0) r->comments.p[i] = ' '; /* a NUL in a comment: a space */
        r->comments.len++; /* its NUL, written by bytes_add */
    }
    if (r->clocks.len) {
        char clock[32], eval[32];
        pgn_annotations(text, len, clock, eval);
        if (clock[0]) {
            r->clocks.len = r->clock_last;
            pgn_bytes_item(&r->clocks, clock, strlen(clock));
            r->annotated = 1;
        }
        if (eval[0]) {
            r->evals.len = r->eval_last;
            pgn_bytes_item(&r->evals, eval, strlen(eval));
            r->annotated = 1;
        }
    }
}

static void nag(void *user, unsigned value)
{
    pgn_record *r = user;
    rf_pgn_write_nag(&r->writer, value);
}

static int begin_variation(void *user)
{
    pgn_record *r = user;
    r->var_depth++;
    if (r->opt.needs & PGN_NEED_MOVETEXT) rf_pgn_write_begin_variation(&r->writer);
    return RF_PGN_CONTINUE;
}

static void end_variation(void *user)
{
    pgn_record *r = user;
    if (r->var_depth) r->var_depth--;
    if (r->opt.needs & PGN_NEED_MOVETEXT) rf_pgn_write_end_variation(&r->writer);
}

/* Its error and warning as the CLI says them; --strict makes the warning the error. */
static void problems(pgn_record *r, const rf_pgn_game *g)
{
    int error = g->status != RF_OK, warning = g->warnings != 0;
    r->bad = error || (warning && r->opt.strict);
    r->warned = warning && !r->opt.strict;
    r->error_line = r->error_column = 0;
    r->error[0] = r->warning[0] = 0;
    if (warning)
        snprintf(r->warning, sizeof r->warning, "game %lu (line %lu): %s", g->index, g->warning_line, g->warning);
    if (error) {
        snprintf(r->error, sizeof r->error, "game %lu (line %lu, column %lu): %s", g->index, g->error_line,
                 g->error_column, g->error);
        r->error_line = g->error_line;
        r->error_column = g->error_column;
    } else if (r->bad) {
        memcpy(r->error, r->warning, sizeof r->error);
        r->error_line = g->warning_line;
    }
    if (!r->warned) r->warning[0] = 0;
}

static void end_game(void *user, const rf_pgn_game *g)
{
    pgn_record *r = user;
    r->game = g;
    r->opening.entry = NULL;
    r->opening.ply = 0;
    if (r->keep && (r->opt.needs & PGN_NEED_ECO)) r->opening = rf_eco_walk_end(&r->eco_walk, &g->game->pos);
    memset(&r->outcome, 0, sizeof r->outcome);
    if (r->keep && r->start_ok && (r->opt.needs & PGN_NEED_OUTCOME)) r->outcome = rf_game_outcome(g->game);
    problems(r, g);
    if (r->done) r->done(r->user, r);
    r->game = NULL;
}

rf_pgn_visitor pgn_record_visitor(pgn_record *r)
{
    rf_pgn_visitor v = {r,       begin_game, header,          end_headers,  move,
                        comment, nag,        begin_variation, end_variation, end_game};
    unsigned needs = r->opt.needs;
    if (!(needs & (PGN_NEED_SAN | PGN_NEED_UCI | PGN_NEED_ANNOTATIONS | PGN_NEED_COMMENTS | PGN_NEED_MOVETEXT |
                   PGN_NEED_MOVES | PGN_NEED_ECO)) && !r->move)
        v.move = NULL; /* nothing to do per move (--count): the reader still checks each one */
    if (!(needs & PGN_NEED_MOVETEXT)) v.nag = NULL; /* the reader need not keep what is not written */
    if (!(needs & (PGN_NEED_MOVETEXT | PGN_NEED_COMMENTS | PGN_NEED_ANNOTATIONS)))
        v.comment = NULL, v.begin_variation = NULL, v.end_variation = NULL;
    return v;
}

void pgn_record_moves_text(bytes *out, const rf_position *start, const rf_move *moves, size_t n, int san)
{
    rf_position pos = *start;
    char buf[RF_SAN_MAX > RF_UCI_MAX ? RF_SAN_MAX : RF_UCI_MAX];
    for (size_t k = 0; k < n; k++) {
        size_t len = san ? rf_move_to_san(buf, sizeof buf, &pos, moves[k]) : rf_move_to_uci(buf, sizeof buf, &pos, moves[k]);
        if (k) pgn_bytes_add(out, " ", 1);
        pgn_bytes_add(out, buf, len);
        rf_position_play(&pos, moves[k]);
    }
}

const char *pgn_opening_name(char out[PGN_OPENING_NAME_MAX], const rf_eco_entry *e)
{
    snprintf(out, PGN_OPENING_NAME_MAX, "%s%s%s", e->name, *e->variation ? ": " : "", e->variation);
    return out;
}
