/*
 * pgn_game.c - a game of `rankfile pgn`, as its record (pgn_record.h) holds it at its end:
 * printed in the chosen format (pgn, san, uci, fen, json, tsv, csv) or counted; its error and
 * warning said. The record's hooks here add what only the program does: the filters, and the
 * FEN after each move.
 */
#include "pgn_run.h"

#include <stdlib.h>
#include <string.h>

/* The writer's sink: ctx the run's output stream. */
static int write_out(void *ctx, const char *text, size_t len)
{
    return fwrite(text, 1, len, ctx) == len ? 0 : -1;
}

static void fen_line(pgn_run *o, const rf_position *pos)
{
    char fen[RF_FEN_MAX];
    size_t n = rf_position_to_fen(fen, sizeof fen, pos, 0);
    pgn_bytes_add(&o->text, fen, n);
    pgn_bytes_add(&o->text, "\n", 1);
}

static void begin(void *user, pgn_record *r)
{
    pgn_run *o = user;
    (void)r;
    o->text.len = 0;
    o->filtered = 0;
}

/* The filters on tags, --position and --opening (a game they leave out is not reported). */
static int admit(void *user, pgn_record *r, const rf_position *start)
{
    pgn_run *o = user;
    if (o->filter.count && !pgn_filter_pass(&o->filter, r->tags.p, r->ntags)) r->keep = 0, o->filtered = 1;
    if (r->keep && o->line.given && !pgn_line_start(&o->line, &o->line_game, start)) r->keep = 0, o->filtered = 1;
    if (!r->keep || o->headers_only) return RF_PGN_SKIP;
    if (o->format == FORMAT_FEN && start && !o->count) fen_line(o, start);
    return RF_PGN_CONTINUE;
}

static void move(void *user, pgn_record *r, const rf_position *before, rf_move m, unsigned depth)
{
    pgn_run *o = user;
    (void)r;
    if (depth > 0) return;
    if (o->line.given) pgn_line_move(&o->line, &o->line_game, before, m);
    if (o->format == FORMAT_FEN && !o->count) {
        rf_position after = *before;
        rf_position_play(&after, m);
        fen_line(o, &after);
    }
}

/* The tags as arrays for the writer. */
static void write_tags(pgn_run *o, const pgn_record *r, const char *result)
{
    const char **names = malloc((r->ntags + 1) * 2 * sizeof *names), **values = names + r->ntags + 1;
    if (!names) {
        cli_error(&o->common, "out of memory");
        exit(CLI_SOFTWARE);
    }
    const char *p = r->tags.p;
    for (size_t i = 0; i < r->ntags; i++) {
        names[i] = p;
        p += strlen(p) + 1;
        values[i] = p;
        p += strlen(p) + 1;
    }
    rf_pgn_writer w;
    rf_pgn_writer_start(&w, write_out, o->common.io->out);
    rf_pgn_write_tags(&w, names, values, r->ntags, result);
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

static void json_headers(cli_json *j, const pgn_record *r)
{
    cli_json_key(j, "headers");
    cli_json_object(j);
    const char *p = r->tags.p;
    for (size_t i = 0; i < r->ntags; i++) {
        const char *name = p;
        p += strlen(p) + 1;
        cli_json_key(j, name);
        cli_json_text(j, p);
        p += strlen(p) + 1;
    }
    cli_json_end(j);
}

static void json_game(const pgn_run *o, const pgn_record *r)
{
    const rf_pgn_game *g = r->game;
    cli_json j;
    cli_json_answer(&j, &o->common);
    cli_json_kint(&j, "index", (long long)g->index);
    if (o->file) cli_json_kstr(&j, "file", o->file);
    json_headers(&j, r);
    if (o->headers_only) {
        cli_json_end(&j);
        return;
    }
    cli_json_kstr(&j, "variant", rf_variant_name(g->variant));
    cli_json_kbool(&j, "chess960", g->chess960);
    char fen[RF_FEN_MAX];
    rf_position_to_fen(fen, sizeof fen, &g->start, 0);
    cli_json_kstr(&j, "start_fen", r->start_ok ? fen : NULL);
    json_list(&j, "moves_san", &r->san);
    json_list(&j, "moves_uci", &r->uci);
    json_per_ply(&j, "comments", &r->comments, 0);
    json_per_ply(&j, "clocks", &r->clocks, 1);
    json_per_ply(&j, "evals", &r->evals, 2);
    cli_json_kstr(&j, "result", g->result[0] ? g->result : "*");
    rf_position_to_fen(fen, sizeof fen, &g->game->pos, 0);
    cli_json_kstr(&j, "final_fen", r->start_ok ? fen : NULL);
    cli_json_key(&j, "outcome");
    if (r->start_ok) {
        cli_json_object(&j);
        cli_outcome_json(&j, &r->outcome);
        cli_json_end(&j);
    } else {
        cli_json_null(&j);
    }
    if (o->eco_fields) {
        const rf_eco_entry *e = r->opening.entry;
        cli_json_kstr(&j, "eco", e ? e->eco : NULL);
        char name[PGN_OPENING_NAME_MAX];
        cli_json_kstr(&j, "opening", e ? pgn_opening_name(name, e) : NULL);
        cli_json_key(&j, "opening_ply");
        if (e) cli_json_int(&j, r->opening.ply);
        else cli_json_null(&j);
    }
    cli_json_kstr(&j, "error", r->bad ? r->error : NULL);
    cli_json_kstr(&j, "warning", r->warned ? r->warning : NULL);
    cli_json_end(&j);
}

static int result_index(const char *r)
{
    if (strcmp(r, "1-0") == 0) return 0;
    if (strcmp(r, "0-1") == 0) return 1;
    if (strcmp(r, "1/2-1/2") == 0) return 2;
    return 3;
}

/* A game's error and warning on stderr, and the exit status they make. */
static void say_problems(pgn_run *o, const pgn_record *r)
{
    if (r->bad) {
        if (o->file)
            cli_error(&o->common, "%s: %s", o->file, r->error);
        else
            cli_error(&o->common, "%s", r->error);
        o->counts->status = cli_worse(o->counts->status, CLI_DATAERR);
    }
    if (r->warned) {
        if (o->file)
            cli_warn(&o->common, "%s: %s", o->file, r->warning);
        else
            cli_warn(&o->common, "%s", r->warning);
    }
}

static void count_game(pgn_run *o, const pgn_record *r)
{
    const rf_pgn_game *g = r->game;
    tally *t = &o->counts->totals[g->variant][g->chess960 ? 1 : 0];
    t->games++;
    t->plies += g->plies;
    if (r->bad)
        t->errors++;
    else
        t->results[result_index(g->result)]++;
    if (r->warned) t->warnings++;
}

/* The game in the text formats: pgn, san, uci, fen, or its tags alone. */
static void print_text(pgn_run *o, pgn_record *r)
{
    const rf_pgn_game *g = r->game;
    if (o->headers_only) {
        write_tags(o, r, g->result);
        return;
    }
    FILE *out = o->common.io->out;
    switch (o->format) {
    case FORMAT_PGN:
        write_tags(o, r, g->result);
        rf_pgn_write_result(&r->writer, g->result);
        fwrite(r->movetext.p, 1, r->movetext.len, out);
        break;
    case FORMAT_SAN:
    case FORMAT_UCI: {
        const bytes *b = o->format == FORMAT_SAN ? &r->san : &r->uci;
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

/* The record's end: the game filtered, said, counted or printed. */
static void done(void *user, pgn_record *r)
{
    pgn_run *o = user;
    const rf_pgn_game *g = r->game;
    o->counts->games++;
    if (r->keep && !o->filtered && o->line.given && !pgn_line_pass(&o->line, &o->line_game, &g->game->pos))
        o->filtered = 1;
    if (r->keep && !o->filtered && !pgn_filter_marker(&o->filter, g->result)) o->filtered = 1; /* --result */
    if (r->keep && o->eco_wanted && !o->filtered && o->eco_codes.count &&
        !pgn_eco_codes_pass(&o->eco_codes, r->opening.entry ? r->opening.entry->eco : NULL))
        o->filtered = 1;
    if (o->filtered) return;
    say_problems(o, r);
    if (!r->keep) return;
    int long_enough = !o->min_plies_given || o->headers_only || g->plies >= o->min_plies;
    if (!r->bad && !long_enough) return;
    if (o->count) {
        count_game(o, r);
        return;
    }
    if (o->format == FORMAT_JSON || (o->common.json && o->headers_only)) {
        json_game(o, r);
        return;
    }
    if (o->table) {
        pgn_columns_row(&o->columns, o->common.io->out, r, &o->text);
        return;
    }
    if (!r->bad) print_text(o, r);
}

/* What the record must gather for the run's format and columns. */
static unsigned run_needs(const pgn_run *o)
{
    unsigned needs = o->eco_wanted ? PGN_NEED_ECO : 0;
    if (o->count) return needs;
    switch (o->format) {
    case FORMAT_PGN: return needs | PGN_NEED_MOVETEXT;
    case FORMAT_SAN: return needs | PGN_NEED_SAN;
    case FORMAT_UCI: return needs | PGN_NEED_UCI;
    case FORMAT_JSON:
        return needs | PGN_NEED_SAN | PGN_NEED_UCI | PGN_NEED_ANNOTATIONS | PGN_NEED_COMMENTS | PGN_NEED_OUTCOME;
    case FORMAT_TSV:
    case FORMAT_CSV: return needs | o->columns.needs;
    default: return needs;
    }
}

void pgn_run_record(pgn_run *o, pgn_record *r)
{
    pgn_record_options opt = {0};
    opt.needs = run_needs(o);
    opt.eco = o->eco;
    opt.strict = o->strict;
    opt.variant_given = o->common.variant_given;
    opt.variant = o->common.variant;
    opt.chess960 = o->common.chess960;
    pgn_record_init(r, &opt, &o->common);
    r->user = o;
    r->begin = begin;
    r->admit = admit;
    r->move = o->line.given || (o->format == FORMAT_FEN && !o->count) ? move : NULL; /* only they need it */
    r->done = done;
}

void pgn_free_game_buffers(pgn_run *o)
{
    free(o->text.p);
    o->text.p = NULL;
    o->text.len = o->text.cap = 0;
}
