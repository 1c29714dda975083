/*
 * pgn_game.c - a game of `rankfile pgn` as the reader reports it (the visitor of pgn_run.h):
 * its tags, moves, comments and annotations gathered, then printed at its end in the chosen
 * format (pgn, san, uci, fen, json, tsv, csv) or counted; its error and warning said.
 */
#include "pgn_run.h"

#include <stdlib.h>
#include <string.h>

/* An opening's name and variation together: an ECO file's names are short; a longer one is cut. */
#define PGN_OPENING_NAME_MAX 512

void pgn_bytes_add(bytes *b, const char *s, size_t n)
{
    if (b->len + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 1024;
        while (cap < b->len + n + 1) cap *= 2;
        char *p = realloc(b->p, cap);
        if (!p) {
            cli_error(b->common, "out of memory");
            exit(CLI_SOFTWARE);
        }
        b->p = p;
        b->cap = cap;
    }
    memcpy(b->p + b->len, s, n);
    b->len += n;
    b->p[b->len] = 0;
}

void pgn_bytes_item(bytes *b, const char *s, size_t n)
{
    pgn_bytes_add(b, s, n);
    b->len++; /* keep the NUL pgn_bytes_add wrote */
}

static int write_text(void *ctx, const char *text, size_t len)
{
    pgn_bytes_add(ctx, text, len);
    return 0;
}

/* The writer's sink: ctx the run's output stream. */
static int write_out(void *ctx, const char *text, size_t len)
{
    return fwrite(text, 1, len, ctx) == len ? 0 : -1;
}

static int begin_game(void *user, unsigned long index)
{
    pgn_run *o = user;
    (void)index;
    o->tags.len = o->san.len = o->uci.len = o->text.len = 0;
    o->clocks.len = o->evals.len = o->comments.len = 0;
    o->annotated = 0;
    o->var_depth = 0;
    if (o->reader) o->offset = rf_pgn_reader_offset(o->reader);
    o->ntags = 0;
    o->keep = 1;
    o->filtered = 0;
    o->start_ok = 0;
    if (o->eco_wanted) rf_eco_walk_start(&o->eco_walk, NULL, NULL); /* no opening until its start is known */
    o->eco_going = 0;
    return RF_PGN_CONTINUE;
}

static void header(void *user, const char *name, size_t name_len, const char *value,
                   size_t value_len)
{
    pgn_run *o = user;
    pgn_bytes_item(&o->tags, name, name_len);
    /* Kept NUL-terminated: a NUL byte in the value becomes U+FFFD, as JSON shows bad bytes. */
    for (const char *nul; (nul = memchr(value, 0, value_len)) != NULL;) {
        pgn_bytes_add(&o->tags, value, (size_t)(nul - value));
        pgn_bytes_add(&o->tags, "\xEF\xBF\xBD", 3);
        value_len -= (size_t)(nul + 1 - value);
        value = nul + 1;
    }
    pgn_bytes_item(&o->tags, value, value_len);
    o->ntags++;
}

static int end_headers(void *user, const rf_position *start)
{
    pgn_run *o = user;
    o->start_ok = start != NULL;
    if (start && o->common.variant_given &&
        (start->variant != o->common.variant || start->chess960 != o->common.chess960))
        o->keep = 0;
    if (o->keep && o->filter.count && !pgn_filter_pass(&o->filter, o->tags.p, o->ntags)) o->keep = 0, o->filtered = 1;
    if (o->keep && o->line.given && !pgn_line_start(&o->line, &o->line_game, start)) o->keep = 0, o->filtered = 1;
    if (!o->keep || o->headers_only) return RF_PGN_SKIP;
    if (o->eco_wanted) rf_eco_walk_start(&o->eco_walk, o->eco, start), o->eco_going = 1;
    if (o->format == FORMAT_PGN && !o->count) rf_pgn_writer_start(&o->writer, write_text, &o->text);
    if (o->format == FORMAT_FEN && start && !o->count) {
        char fen[RF_FEN_MAX];
        size_t n = rf_position_to_fen(fen, sizeof fen, start, 0);
        pgn_bytes_add(&o->text, fen, n);
        pgn_bytes_add(&o->text, "\n", 1);
    }
    return RF_PGN_CONTINUE;
}

static void move(void *user, const rf_position *before, rf_move m, unsigned depth)
{
    pgn_run *o = user;
    if (depth == 0 && o->line.given) pgn_line_move(&o->line, &o->line_game, before, m);
    if (depth == 0 && o->eco_going) o->eco_going = rf_eco_walk_move(&o->eco_walk, before, m);
    if (o->count) return;
    if (o->format == FORMAT_PGN) {
        rf_pgn_write_move(&o->writer, before, m);
        return;
    }
    if (depth > 0) return;
    char text[RF_SAN_MAX > RF_UCI_MAX ? RF_SAN_MAX : RF_UCI_MAX];
    if (o->format == FORMAT_JSON) {
        o->comment_last = o->comments.len;
        pgn_bytes_item(&o->comments, "", 0);
        o->clock_last = o->clocks.len;
        o->eval_last = o->evals.len;
        pgn_bytes_item(&o->clocks, "-", 1);
        pgn_bytes_item(&o->evals, "-", 1);
    }
    if (o->table) {
        if (o->columns.needs & PGN_NEED_SAN) pgn_bytes_item(&o->san, text, rf_move_to_san(text, sizeof text, before, m));
        if (o->columns.needs & PGN_NEED_UCI) pgn_bytes_item(&o->uci, text, rf_move_to_uci(text, sizeof text, before, m));
        if (o->columns.needs & PGN_NEED_ANNOTATIONS) {
            o->clock_last = o->clocks.len;
            o->eval_last = o->evals.len;
            pgn_bytes_item(&o->clocks, "-", 1);
            pgn_bytes_item(&o->evals, "-", 1);
        }
        return;
    }
    if (o->format == FORMAT_SAN || o->format == FORMAT_JSON) {
        size_t n = rf_move_to_san(text, sizeof text, before, m);
        pgn_bytes_item(&o->san, text, n);
    }
    if (o->format == FORMAT_UCI || o->format == FORMAT_JSON) {
        size_t n = rf_move_to_uci(text, sizeof text, before, m);
        pgn_bytes_item(&o->uci, text, n);
    }
    if (o->format == FORMAT_FEN) {
        rf_position after = *before;
        rf_position_play(&after, m);
        char fen[RF_FEN_MAX];
        size_t n = rf_position_to_fen(fen, sizeof fen, &after, 0);
        pgn_bytes_add(&o->text, fen, n);
        pgn_bytes_add(&o->text, "\n", 1);
    }
}

static void comment(void *user, const char *text, size_t len)
{
    pgn_run *o = user;
    if (o->format == FORMAT_PGN && !o->count) rf_pgn_write_comment(&o->writer, text, len);
    if (o->format == FORMAT_JSON && o->var_depth == 0 && o->comments.len) { /* a main-line move's comment */
        size_t had = o->comments.len - o->comment_last - 1;
        o->comments.len--; /* reopen the last item */
        if (had) pgn_bytes_add(&o->comments, " ", 1);
        pgn_bytes_add(&o->comments, text, len);
        for (size_t i = o->comment_last; i < o->comments.len; i++)
            if (o->comments.p[i] == 0) o->comments.p[i] = ' '; /* a NUL in a comment: a space */
        o->comments.len++; /* its NUL, written by bytes_add */
    }
    if ((o->table || o->format == FORMAT_JSON) && o->var_depth == 0 && o->clocks.len) { /* its annotations */
        char clock[32], eval[32];
        pgn_annotations(text, len, clock, eval);
        if (clock[0]) {
            o->clocks.len = o->clock_last;
            pgn_bytes_item(&o->clocks, clock, strlen(clock));
            o->annotated = 1;
        }
        if (eval[0]) {
            o->evals.len = o->eval_last;
            pgn_bytes_item(&o->evals, eval, strlen(eval));
            o->annotated = 1;
        }
    }
}

static void nag(void *user, unsigned value)
{
    pgn_run *o = user;
    if (o->format == FORMAT_PGN && !o->count) rf_pgn_write_nag(&o->writer, value);
}

static int begin_variation(void *user)
{
    pgn_run *o = user;
    o->var_depth++;
    if (o->format == FORMAT_PGN && !o->count) rf_pgn_write_begin_variation(&o->writer);
    return RF_PGN_CONTINUE;
}

static void end_variation(void *user)
{
    pgn_run *o = user;
    if (o->var_depth) o->var_depth--;
    if (o->format == FORMAT_PGN && !o->count) rf_pgn_write_end_variation(&o->writer);
}

/* The tags as arrays for the writer. */
static void write_tags(pgn_run *o, const char *result)
{
    const char **names = malloc((o->ntags + 1) * 2 * sizeof *names), **values = names + o->ntags + 1;
    if (!names) {
        cli_error(&o->common, "out of memory");
        exit(CLI_SOFTWARE);
    }
    const char *p = o->tags.p;
    for (size_t i = 0; i < o->ntags; i++) {
        names[i] = p;
        p += strlen(p) + 1;
        values[i] = p;
        p += strlen(p) + 1;
    }
    rf_pgn_writer w;
    rf_pgn_writer_start(&w, write_out, o->common.io->out);
    rf_pgn_write_tags(&w, names, values, o->ntags, result);
    free(names);
}

static void json_list(cli_json *j, const char *key, const bytes *b)
{
    cli_json_key(j, key);
    cli_json_array(j);
    for (size_t at = 0; at < b->len; at += strlen(b->p + at) + 1) cli_json_text(j, b->p + at);
    cli_json_end(j);
}

/* A per-ply list as a JSON array: null for a ply without a value ("" for comments, "-" for the
 * others); `as`: 0 strings, 1 numbers, 2 numbers but a mate's "#N" a string. */
static void json_per_ply(cli_json *j, const char *key, const bytes *b, int as)
{
    cli_json_key(j, key);
    cli_json_array(j);
    for (size_t at = 0; at < b->len; at += strlen(b->p + at) + 1) {
        const char *v = b->p + at;
        if (as == 0 ? !*v : strcmp(v, "-") == 0)
            cli_json_null(j);
        else if (as == 0 || (as == 2 && v[0] == '#'))
            cli_json_text(j, v);
        else
            cli_json_number(j, v);
    }
    cli_json_end(j);
}

static void json_headers(cli_json *j, const pgn_run *o)
{
    cli_json_key(j, "headers");
    cli_json_object(j);
    const char *p = o->tags.p;
    for (size_t i = 0; i < o->ntags; i++) {
        const char *name = p;
        p += strlen(p) + 1;
        cli_json_key(j, name);
        cli_json_text(j, p);
        p += strlen(p) + 1;
    }
    cli_json_end(j);
}

/* An opening as JSON's "opening" and the column opening write it: "Name: Variation", or the name
 * alone when the file names no variation. */
static const char *opening_name(char out[PGN_OPENING_NAME_MAX], const rf_eco_entry *e)
{
    snprintf(out, PGN_OPENING_NAME_MAX, "%s%s%s", e->name, *e->variation ? ": " : "", e->variation);
    return out;
}

static void json_game(const pgn_run *o, const rf_pgn_game *g, const char *where,
                      const char *warning)
{
    cli_json j;
    cli_json_answer(&j, &o->common);
    cli_json_kint(&j, "index", (long long)g->index);
    if (o->file) cli_json_kstr(&j, "file", o->file);
    json_headers(&j, o);
    if (o->headers_only) {
        cli_json_end(&j);
        return;
    }
    cli_json_kstr(&j, "variant", rf_variant_name(g->variant));
    cli_json_kbool(&j, "chess960", g->chess960);
    char fen[RF_FEN_MAX];
    rf_position_to_fen(fen, sizeof fen, &g->start, 0);
    cli_json_kstr(&j, "start_fen", o->start_ok ? fen : NULL);
    json_list(&j, "moves_san", &o->san);
    json_list(&j, "moves_uci", &o->uci);
    json_per_ply(&j, "comments", &o->comments, 0);
    json_per_ply(&j, "clocks", &o->clocks, 1);
    json_per_ply(&j, "evals", &o->evals, 2);
    cli_json_kstr(&j, "result", g->result[0] ? g->result : "*");
    rf_position_to_fen(fen, sizeof fen, &g->game->pos, 0);
    cli_json_kstr(&j, "final_fen", o->start_ok ? fen : NULL);
    cli_json_key(&j, "outcome");
    if (o->start_ok) {
        rf_outcome out = rf_game_outcome(g->game);
        cli_json_object(&j);
        cli_outcome_json(&j, &out);
        cli_json_end(&j);
    } else {
        cli_json_null(&j);
    }
    if (o->eco_fields) {
        const rf_eco_entry *e = o->eco_match.entry;
        cli_json_kstr(&j, "eco", e ? e->eco : NULL);
        char name[PGN_OPENING_NAME_MAX];
        cli_json_kstr(&j, "opening", e ? opening_name(name, e) : NULL);
        cli_json_key(&j, "opening_ply");
        if (e) cli_json_int(&j, o->eco_match.ply);
        else cli_json_null(&j);
    }
    cli_json_kstr(&j, "error", where);
    cli_json_kstr(&j, "warning", warning);
    cli_json_end(&j);
}

/* A list of NUL-terminated items written space-joined into b. */
static void joined(bytes *b, const bytes *list)
{
    for (size_t at = 0; at < list->len; at += strlen(list->p + at) + 1) {
        if (at) pgn_bytes_add(b, " ", 1);
        pgn_bytes_add(b, list->p + at, strlen(list->p + at));
    }
}

/* The game's row of the table. */
static void table_row(pgn_run *o, const rf_pgn_game *g, const char *where, const char *warning)
{
    FILE *out = o->common.io->out;
    rf_outcome outcome = {0};
    if (o->start_ok) outcome = rf_game_outcome(g->game);
    char fen[RF_FEN_MAX], name[PGN_OPENING_NAME_MAX];
    bytes *cell = &o->text; /* free while a table is written */
    for (size_t i = 0; i < o->columns.count; i++) {
        const pgn_column *col = &o->columns.cols[i];
        const char *s = "";
        char number[32];
        cell->len = 0;
        switch (col->kind) {
        case PGN_COL_TAG: s = pgn_tag_value(o->tags.p, o->ntags, col->name, col->len); if (!s) s = ""; break;
        case PGN_COL_INDEX: snprintf(number, sizeof number, "%lu", g->index); s = number; break;
        case PGN_COL_OFFSET: snprintf(number, sizeof number, "%llu", (unsigned long long)o->offset); s = number; break;
        case PGN_COL_VARIANT: s = rf_variant_name(g->variant); break;
        case PGN_COL_CHESS960: s = g->chess960 ? "true" : "false"; break;
        case PGN_COL_START_FEN:
            if (o->start_ok) rf_position_to_fen(fen, sizeof fen, &g->start, 0), s = fen;
            break;
        case PGN_COL_MOVES_UCI: joined(cell, &o->uci); s = cell->len ? cell->p : ""; break;
        case PGN_COL_MOVES_SAN: joined(cell, &o->san); s = cell->len ? cell->p : ""; break;
        case PGN_COL_PLIES: snprintf(number, sizeof number, "%u", g->plies); s = number; break;
        case PGN_COL_RESULT: s = g->result[0] ? g->result : "*"; break;
        case PGN_COL_TERMINATION: s = o->start_ok && outcome.reason != RF_REASON_NONE ? outcome.code : ""; break;
        case PGN_COL_WINNER:
            s = !o->start_ok ? "" : outcome.result == RF_RESULT_WHITE_WINS ? "white"
                                  : outcome.result == RF_RESULT_BLACK_WINS ? "black" : "";
            break;
        case PGN_COL_FINAL_FEN:
            if (o->start_ok) rf_position_to_fen(fen, sizeof fen, &g->game->pos, 0), s = fen;
            break;
        case PGN_COL_ERROR: s = where ? where : ""; break;
        case PGN_COL_ERROR_LINE:
        case PGN_COL_ERROR_COLUMN: {
            unsigned long v = 0;
            if (g->status != RF_OK) v = col->kind == PGN_COL_ERROR_LINE ? g->error_line : g->error_column;
            else if (where && col->kind == PGN_COL_ERROR_LINE) v = g->warning_line; /* --strict */
            snprintf(number, sizeof number, "%lu", v);
            s = number;
            break;
        }
        case PGN_COL_WARNING: s = warning ? warning : ""; break;
        case PGN_COL_ALL_TAGS: break; /* expanded before the first row */
        case PGN_COL_ECO:
        case PGN_COL_OPENING:
        case PGN_COL_OPENING_PLY: {
            const rf_eco_entry *e = o->eco_match.entry;
            if (!e) break;
            if (col->kind == PGN_COL_ECO) s = e->eco;
            else if (col->kind == PGN_COL_OPENING_PLY) snprintf(number, sizeof number, "%u", o->eco_match.ply), s = number;
            else s = opening_name(name, e);
            break;
        }
        case PGN_COL_CLOCKS:
        case PGN_COL_EVALS:
            if (o->annotated) joined(cell, col->kind == PGN_COL_CLOCKS ? &o->clocks : &o->evals);
            s = cell->len ? cell->p : "";
            break;
        }
        pgn_columns_cell(&o->columns, out, i == 0, s, strlen(s));
    }
    putc('\n', out);
}

static int result_index(const char *r)
{
    if (strcmp(r, "1-0") == 0) return 0;
    if (strcmp(r, "0-1") == 0) return 1;
    if (strcmp(r, "1/2-1/2") == 0) return 2;
    return 3;
}

static void end_game(void *user, const rf_pgn_game *g)
{
    pgn_run *o = user;
    o->games_seen++;
    if (o->keep && !o->filtered && o->line.given && !pgn_line_pass(&o->line, &o->line_game, &g->game->pos))
        o->filtered = 1;
    if (o->keep && !o->filtered && !pgn_filter_marker(&o->filter, g->result)) o->filtered = 1; /* --result */
    if (o->keep && o->eco_wanted) {
        o->eco_match = rf_eco_walk_end(&o->eco_walk, &g->game->pos);
        if (!o->filtered && o->eco_codes.count &&
            !pgn_eco_codes_pass(&o->eco_codes, o->eco_match.entry ? o->eco_match.entry->eco : NULL))
            o->filtered = 1;
    }
    if (o->filtered) return;
    int bad = g->status != RF_OK, warned = g->warnings != 0;
    char where[300], warning[300];
    if (bad)
        snprintf(where, sizeof where, "game %lu (line %lu, column %lu): %s", g->index,
                 g->error_line, g->error_column, g->error);
    if (warned)
        snprintf(warning, sizeof warning, "game %lu (line %lu): %s", g->index, g->warning_line,
                 g->warning);
    if (warned && o->strict && !bad) { /* the warning is the game's error */
        memcpy(where, warning, sizeof where);
        bad = 1;
        warned = 0;
    }
    if (bad) {
        if (o->file)
            cli_error(&o->common, "%s: %s", o->file, where);
        else
            cli_error(&o->common, "%s", where);
        o->status = cli_worse(o->status, CLI_DATAERR);
    }
    if (warned && !o->strict) {
        if (o->file)
            cli_warn(&o->common, "%s: %s", o->file, warning);
        else
            cli_warn(&o->common, "%s", warning);
    }
    if (!o->keep) return;
    int long_enough = !o->min_plies_given || o->headers_only || g->plies >= o->min_plies;
    if (!bad && !long_enough) return;
    if (o->count) {
        tally *t = &o->totals[g->variant][g->chess960 ? 1 : 0];
        t->games++;
        t->plies += g->plies;
        if (bad)
            t->errors++;
        else
            t->results[result_index(g->result)]++;
        if (warned && !o->strict) t->warnings++;
        return;
    }
    if (o->format == FORMAT_JSON || (o->common.json && o->headers_only)) {
        json_game(o, g, bad ? where : NULL, warned && !o->strict ? warning : NULL);
        return;
    }
    if (o->table) {
        table_row(o, g, bad ? where : NULL, warned && !o->strict ? warning : NULL);
        return;
    }
    if (bad) return;
    if (o->headers_only) {
        write_tags(o, g->result);
        return;
    }
    FILE *out = o->common.io->out;
    switch (o->format) {
    case FORMAT_PGN:
        write_tags(o, g->result);
        rf_pgn_write_result(&o->writer, g->result);
        fwrite(o->text.p, 1, o->text.len, out);
        break;
    case FORMAT_SAN:
    case FORMAT_UCI: {
        const bytes *b = o->format == FORMAT_SAN ? &o->san : &o->uci;
        for (size_t at = 0; at < b->len; at += strlen(b->p + at) + 1) {
            if (at) putc(' ', out);
            fputs(b->p + at, out);
        }
        putc('\n', out);
        break;
    }
    case FORMAT_FEN:
        fwrite(o->text.p, 1, o->text.len, out);
        putc('\n', out);
        break;
    default:
        break;
    }
}

/* The visitor of a run: what it reads and reports. */
rf_pgn_visitor pgn_visitor(pgn_run *o)
{
    rf_pgn_visitor v = {o,       begin_game, header,          end_headers,  move,
                        comment, nag,        begin_variation, end_variation, end_game};
    if (o->count || o->format != FORMAT_PGN) /* no comments written: the reader need not keep them */
        v.nag = NULL;
    if ((o->count || o->format != FORMAT_PGN) && o->format != FORMAT_JSON &&
        !(o->table && (o->columns.needs & PGN_NEED_ANNOTATIONS)))
        v.comment = NULL, v.begin_variation = NULL, v.end_variation = NULL;
    return v;
}

/* Frees the buffers of the game being read. */
void pgn_free_game_buffers(pgn_run *r)
{
    free(r->tags.p);
    free(r->san.p);
    free(r->uci.p);
    free(r->text.p);
    free(r->clocks.p);
    free(r->evals.p);
    free(r->comments.p);
}
