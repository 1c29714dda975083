/*
 * table.c - rankfile.pgn.read_table, iter_tables, to_parquet and iter_games: a PGN input read in
 * C, with the GIL released, into columns (one value per game), as `rankfile pgn --format json`
 * reads it, the clocks and evals columns as `rankfile pgn --format tsv` writes them.
 *
 * A reader (PgnTableReader) keeps the input open and reads it a batch of games at a time:
 * next(n) reads up to n games into a new PgnTableData, next(0) the rest of the input; run()
 * reads the rest on several threads. Either way the games are read by app's one driver
 * (app/pgn_drive.h) into app's game record (app/pgn_record.h), and each record adds its cells to
 * a `build` by app's column table (app/pgn_columns.h: the computed columns, their types and
 * writers, the same as `rankfile pgn --columns`): this file keeps no PGN logic of its own, and
 * the path goes python/src -> app -> src, never back. A build needs nothing of Python.
 *
 * The input is a file (plain, gzip or zstd) or bytes in memory, read by the CLI's own input and
 * decoder (app/input.c, app/encoding.c, opened quiet: their errors come back as text, raised
 * here): so its text is what `rankfile pgn --encoding auto` reads, the same bytes decompressed
 * and decoded the same way, and a Latin-1 file gives the same UnicodeWarning text as the CLI's
 * warning line.
 *
 * While reading, each game's fields go into growable arrays, column by column (no Python
 * object is made), and only what the columns asked for need: a numeric column's 8 bytes a game
 * (1 for a bool), a text column's bytes and end offset, a tag asked for as a text column, the
 * moves and start only for moves_san and moves_uci, every tag only when no columns are named
 * (issue 39: columns=["plies"] had kept every tag). Afterwards, with the GIL held again, the
 * columns become Python objects:
 * numeric columns as bytes of int64 (or uint8 for chess960) that pgn.py hands to
 * numpy.frombuffer, text columns as lists of str.
 */
#include "rfpy.h"

#include "app.h"
#include "pgn_columns.h"
#include "pgn_drive.h"
#include "pgn_record.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---- the text: the CLI's input (app/input.c) and decoder (app/encoding.c), quiet ---------- */

typedef struct text {
    cli_input *in;
    cli_decoder decoder;
    char error[256]; /* "" or why reading failed (cli_input_open_quiet writes it) */
} text;

/* The reader's callback: UTF-8 text. */
static size_t text_read(void *ctx, char *buf, size_t cap)
{
    text *t = ctx;
    size_t n = cli_decoder_read(&t->decoder, buf, cap);
    return n == CLI_INPUT_ERROR ? (size_t)-1 : n;
}

/* ---- growable storage ---------------------------------------------------------------------- */

typedef struct arena {
    char *p;
    size_t len, cap;
    int failed;
} arena;

static int arena_reserve(arena *a, size_t n)
{
    if (a->len + n <= a->cap) return 0;
    size_t cap = a->cap ? a->cap : 4096;
    while (cap < a->len + n) cap *= 2;
    char *p = realloc(a->p, cap);
    if (!p) {
        a->failed = 1;
        return -1;
    }
    a->p = p;
    a->cap = cap;
    return 0;
}

static void arena_add(arena *a, const void *s, size_t n)
{
    if (n == 0 || arena_reserve(a, n) < 0) return;
    memcpy(a->p + a->len, s, n);
    a->len += n;
}

/* A piece of text in the arena. */
typedef struct span {
    size_t at;
    uint32_t len;
} span;

static span arena_span(arena *a, const char *s, size_t n)
{
    span sp = {a->len, (uint32_t)n};
    arena_add(a, s, n);
    return sp;
}

/* ---- the games: records (app/pgn_record.h) kept as rows ------------------------------------ */

#define MAX_COLUMNS 64 /* at least pgn_column_count */

/* A kept column's values, one per game, column by column (nothing per game but what the
 * columns asked for need): numbers as int64 (bool: one byte; int or None: a none byte too), text
 * as each game's end offset (uint64) into the column's own bytes. */
typedef struct column_store {
    arena values;
    arena none;
    arena text;
} column_store;

typedef struct span_pair {
    size_t first, count;
} span_pair;

typedef struct tag_entry {
    uint32_t name; /* index into the tag names */
    span value;
} tag_entry;

#define NAME_HASH 1024

/* What a reader keeps of the games: the columns asked for (indexes into pgn_column_table), the
 * tags asked for, the record's options (its needs, the ECO table, the variant filter). */
typedef struct table_options {
    int want[MAX_COLUMNS];
    int stored[MAX_COLUMNS]; /* the column's place among the stored ones, -1 for the moves
                                columns (written from the moves when asked for) */
    size_t nstored;
    int keep_moves;          /* moves_san or moves_uci asked for: moves and starts kept */
    int all_tags;            /* no columns named: every tag kept */
    char *tag_names;         /* else the names asked for that may be tags, each NUL-ended */
    size_t tag_names_len, ntag_names;
    pgn_record_options rec;
} table_options;

/* The place of a tag name among those asked for, or -1. */
static int asked_index(const table_options *o, const char *name, size_t n)
{
    const char *p = o->tag_names;
    for (size_t i = 0; i < o->ntag_names; i++) {
        size_t len = strlen(p);
        if (len == n && memcmp(p, name, n) == 0) return (int)i;
        p += len + 1;
    }
    return -1;
}

/* The columns moves_san and moves_uci are kept as moves, written when asked for. */
static int deferred(const pgn_column_def *def)
{
    return (def->needs & (PGN_NEED_SAN | PGN_NEED_UCI)) != 0;
}

/* One batch of games: every column's data, in C. */
typedef struct build {
    table_options opt; /* a copy (its tag names too): the batch outlives its reader */
    arena text;        /* the tags' names and values */
    arena tag_rows;    /* all_tags: span_pair[] per game into `tags` */
    arena tags;        /* all_tags: tag_entry[] */
    column_store *asked; /* else each tag asked for as a text column ("" where none) */
    arena asked_order; /* uint32_t[]: the places of the tags asked for that games have, in
                          the order the games first use them */
    unsigned char *asked_used;
    const char **asked_value; /* keep_asked_tags': a game's values */
    size_t *asked_len;
    arena names;       /* tag names, each a span in `text`: span[] */
    int32_t name_hash[NAME_HASH];
    arena move_rows;   /* span_pair[] per game into `moves` (keep_moves) */
    arena moves;       /* rf_move[]: every kept game's main line */
    arena starts;      /* rf_position[]: every kept game's start (keep_moves) */
    column_store cols[MAX_COLUMNS]; /* by stored place */
    bytes scratch;     /* the column writers' */
    size_t games;
    size_t seen; /* games read, kept or not */
    /* The input's last game: its warning when it has no result marker (the input cut short). */
    char cut[300];
} build;

static uint32_t name_id(build *b, const char *name, size_t len)
{
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < len; i++) h = (h ^ (unsigned char)name[i]) * 16777619u;
    span *names = (span *)b->names.p;
    size_t count = b->names.len / sizeof(span);
    for (uint32_t k = h % NAME_HASH;; k = (k + 1) % NAME_HASH) {
        int32_t id = b->name_hash[k];
        if (id < 0) {
            span sp = arena_span(&b->text, name, len);
            arena_add(&b->names, &sp, sizeof sp);
            if ((count + 1) * 2 < NAME_HASH) b->name_hash[k] = (int32_t)count;
            return (uint32_t)count;
        }
        if (names[id].len == len && memcmp(b->text.p + names[id].at, name, len) == 0)
            return (uint32_t)id;
    }
}

/* A record's tags into the batch (all_tags). */
static void keep_tags(build *b, const pgn_record *r)
{
    span_pair row = {b->tags.len / sizeof(tag_entry), r->ntags};
    const char *p = r->tags.p;
    for (size_t i = 0; i < r->ntags; i++) {
        size_t n = strlen(p);
        tag_entry e;
        /* A name of more tags than the hash holds is still kept, found by the slow path. */
        e.name = name_id(b, p, n);
        p += n + 1;
        n = strlen(p);
        e.value = arena_span(&b->text, p, n);
        p += n + 1;
        arena_add(&b->tags, &e, sizeof e);
    }
    arena_add(&b->tag_rows, &row, sizeof row);
}

/* A text column's next value. */
static void text_add(column_store *col, const char *s, size_t n)
{
    arena_add(&col->text, s, n);
    uint64_t end = col->text.len;
    arena_add(&col->values, &end, sizeof end);
}

/* A record's values of the tags asked for (the last one of a repeated name), each into its
 * column ("" where none); the names met for the first time noted in order. */
static void keep_asked_tags(build *b, const pgn_record *r)
{
    size_t count = b->opt.ntag_names;
    for (size_t k = 0; k < count; k++) b->asked_len[k] = 0;
    const char *p = r->tags.p;
    for (size_t i = 0; i < r->ntags; i++) {
        size_t n = strlen(p);
        int k = asked_index(&b->opt, p, n);
        p += n + 1;
        n = strlen(p);
        if (k >= 0) {
            if (!b->asked_used[k]) {
                uint32_t at = (uint32_t)k;
                b->asked_used[k] = 1;
                arena_add(&b->asked_order, &at, sizeof at);
            }
            b->asked_value[k] = p;
            b->asked_len[k] = n;
        }
        p += n + 1;
    }
    for (size_t k = 0; k < count; k++) text_add(&b->asked[k], b->asked_value[k], b->asked_len[k]);
}

/* A column's cell for this game, at the end of its store. */
static void keep_cell(column_store *col, const pgn_column_def *def, const pgn_cell *cell)
{
    if (def->type == PGN_TYPE_TEXT) {
        text_add(col, cell->s, cell->len);
    } else if (def->type == PGN_TYPE_BOOL) {
        unsigned char v = cell->n != 0;
        arena_add(&col->values, &v, 1);
    } else {
        int64_t v = cell->n;
        arena_add(&col->values, &v, sizeof v);
        if (def->type == PGN_TYPE_INT_OR_NONE) {
            unsigned char none = cell->none != 0;
            arena_add(&col->none, &none, 1);
        }
    }
}

/* The record's end (its done hook, the user its batch): the game's cells of the columns kept. */
static void keep_game(void *user, pgn_record *r)
{
    build *b = user;
    const rf_pgn_game *g = r->game;
    b->cut[0] = 0;
    b->seen++;
    if (r->warned && !g->result[0]) snprintf(b->cut, sizeof b->cut, "%s", r->warning);
    if (!r->keep) return;
    if (b->opt.all_tags) keep_tags(b, r);
    else if (b->opt.ntag_names) keep_asked_tags(b, r);
    if (b->opt.keep_moves) {
        span_pair row = {b->moves.len / sizeof(rf_move), r->moves.len / sizeof(rf_move)};
        arena_add(&b->move_rows, &row, sizeof row);
        arena_add(&b->moves, r->moves.p, r->moves.len);
        arena_add(&b->starts, &g->start, sizeof g->start);
    }
    pgn_cell cell;
    cell.scratch = &b->scratch;
    for (size_t c = 0; c < pgn_column_count; c++) {
        if (b->opt.stored[c] < 0) continue;
        const pgn_column_def *def = &pgn_column_table[c];
        pgn_column_write(def, r, &cell);
        keep_cell(&b->cols[b->opt.stored[c]], def, &cell);
    }
    b->games++;
}

static int build_failed(const build *b)
{
    int failed = b->text.failed || b->tag_rows.failed || b->tags.failed || b->names.failed ||
                 b->move_rows.failed || b->moves.failed || b->starts.failed || b->scratch.failed;
    for (size_t k = 0; k < b->opt.nstored; k++)
        failed |= b->cols[k].values.failed || b->cols[k].none.failed || b->cols[k].text.failed;
    for (size_t k = 0; k < b->opt.ntag_names; k++) failed |= b->asked[k].values.failed || b->asked[k].text.failed;
    return failed || b->asked_order.failed;
}

static void build_free(build *b);

/* A new empty batch for the columns of `opt`; NULL when memory ran out. */
static build *build_new(const table_options *opt)
{
    build *b = calloc(1, sizeof *b);
    if (!b) return NULL;
    b->opt = *opt;
    b->opt.tag_names = NULL;
    if (opt->tag_names_len) {
        if (!(b->opt.tag_names = malloc(opt->tag_names_len))) {
            free(b);
            return NULL;
        }
        memcpy(b->opt.tag_names, opt->tag_names, opt->tag_names_len);
    }
    size_t n = opt->ntag_names;
    if (n && (!(b->asked = calloc(n, sizeof *b->asked)) || !(b->asked_used = calloc(n, 1)) ||
              !(b->asked_value = calloc(n, sizeof *b->asked_value)) || !(b->asked_len = calloc(n, sizeof *b->asked_len)))) {
        build_free(b);
        return NULL;
    }
    for (int i = 0; i < NAME_HASH; i++) b->name_hash[i] = -1;
    return b;
}

static void build_free(build *b)
{
    if (!b) return;
    free(b->text.p);
    free(b->tag_rows.p);
    free(b->tags.p);
    free(b->names.p);
    free(b->move_rows.p);
    free(b->moves.p);
    free(b->starts.p);
    for (size_t k = 0; k < MAX_COLUMNS; k++) {
        free(b->cols[k].values.p);
        free(b->cols[k].none.p);
        free(b->cols[k].text.p);
    }
    for (size_t k = 0; b->asked && k < b->opt.ntag_names; k++) {
        free(b->asked[k].values.p);
        free(b->asked[k].text.p);
    }
    free(b->asked);
    free(b->asked_used);
    free(b->asked_value);
    free(b->asked_len);
    free(b->asked_order.p);
    free(b->scratch.p);
    free(b->opt.tag_names);
    free(b);
}

/* Empties b for the next batch (its memory kept). */
static void build_clear(build *b)
{
    b->text.len = b->tag_rows.len = b->tags.len = b->names.len = 0;
    b->move_rows.len = b->moves.len = b->starts.len = 0;
    for (size_t k = 0; k < MAX_COLUMNS; k++) b->cols[k].values.len = b->cols[k].none.len = b->cols[k].text.len = 0;
    for (size_t k = 0; k < b->opt.ntag_names; k++) {
        b->asked[k].values.len = b->asked[k].text.len = 0;
        b->asked_used[k] = 0;
    }
    b->asked_order.len = 0;
    for (int i = 0; i < NAME_HASH; i++) b->name_hash[i] = -1;
    b->games = b->seen = 0;
    b->cut[0] = 0;
}

static void span_move(span *s, size_t by)
{
    if (s->len) s->at += by;
}

/* Appends the pairs of src to dst, each `first` moved by `by`. */
static void rows_append(arena *dst, const arena *src, size_t by)
{
    const span_pair *rows = (const span_pair *)src->p;
    for (size_t i = 0; i < src->len / sizeof(span_pair); i++) {
        span_pair r = rows[i];
        r.first += by;
        arena_add(dst, &r, sizeof r);
    }
}

/* Appends src's values of a column to dst's (text ends moved past dst's text). */
static void column_append(column_store *dst, const column_store *src, int text)
{
    if (text) {
        uint64_t by = dst->text.len;
        const uint64_t *ends = (const uint64_t *)src->values.p;
        for (size_t i = 0; i < src->values.len / sizeof(uint64_t); i++) {
            uint64_t end = ends[i] + by;
            arena_add(&dst->values, &end, sizeof end);
        }
        arena_add(&dst->text, src->text.p, src->text.len);
        return;
    }
    arena_add(&dst->values, src->values.p, src->values.len);
    arena_add(&dst->none, src->none.p, src->none.len);
}

/* Appends the games of src (a batch read after dst's) to dst. 0, or -1 when memory ran out. */
static int build_append(build *dst, const build *src)
{
    size_t text_at = dst->text.len, tag_at = dst->tags.len / sizeof(tag_entry);
    size_t nnames = src->names.len / sizeof(span);
    uint32_t *names = malloc((nnames ? nnames : 1) * sizeof *names);
    if (!names) return -1;
    arena_add(&dst->text, src->text.p, src->text.len);
    const span *src_names = (const span *)src->names.p;
    for (size_t i = 0; i < nnames; i++)
        names[i] = name_id(dst, src->text.p + src_names[i].at, src_names[i].len);
    const tag_entry *tags = (const tag_entry *)src->tags.p;
    for (size_t i = 0; i < src->tags.len / sizeof(tag_entry); i++) {
        tag_entry e = tags[i];
        e.name = names[e.name];
        span_move(&e.value, text_at);
        arena_add(&dst->tags, &e, sizeof e);
    }
    free(names);
    rows_append(&dst->tag_rows, &src->tag_rows, tag_at);
    rows_append(&dst->move_rows, &src->move_rows, dst->moves.len / sizeof(rf_move));
    arena_add(&dst->moves, src->moves.p, src->moves.len);
    arena_add(&dst->starts, src->starts.p, src->starts.len);
    for (size_t k = 0; k < src->opt.ntag_names; k++) column_append(&dst->asked[k], &src->asked[k], 1);
    const uint32_t *order = (const uint32_t *)src->asked_order.p;
    for (size_t i = 0; i < src->asked_order.len / sizeof(uint32_t); i++)
        if (!dst->asked_used[order[i]]) {
            dst->asked_used[order[i]] = 1;
            arena_add(&dst->asked_order, &order[i], sizeof order[i]);
        }
    for (size_t c = 0; c < pgn_column_count; c++)
        if (src->opt.stored[c] >= 0)
            column_append(&dst->cols[src->opt.stored[c]], &src->cols[src->opt.stored[c]],
                          pgn_column_table[c].type == PGN_TYPE_TEXT);
    dst->games += src->games;
    if (src->seen) snprintf(dst->cut, sizeof dst->cut, "%s", src->cut);
    dst->seen += src->seen;
    return build_failed(dst) ? -1 : 0;
}

/* A record for the columns of `opt`, its games going to no batch yet (aim_record). */
static void record_start(pgn_record *r, const table_options *opt)
{
    pgn_record_init(r, &opt->rec, NULL);
    r->done = keep_game;
}

/* Its next games go to b. */
static void aim_record(pgn_record *r, build *b)
{
    r->user = b;
}

typedef struct batch_limit {
    build *b;
    size_t max; /* 0: no limit */
} batch_limit;

static int below_limit(void *ctx, pgn_record *r)
{
    batch_limit *l = ctx;
    (void)r;
    return !build_failed(l->b) && (l->max == 0 || l->b->games < l->max);
}

/* Reads the next games of `reader` (by r) into b until b holds `max` games (0: no limit; the
 * games the variant filter skips do not count) or the input ends. Returns 1 when it stopped at
 * `max` (the reader is then just after the last game, ready for the next batch), 0 at the end
 * of the input, -1 when reading failed, with why ("out of memory", or the read error of `t`,
 * the text the reader reads). Needs no Python: run it without the GIL. */
static int read_games(build *b, rf_pgn_reader *reader, pgn_record *r, const text *t, size_t max, char *why,
                      size_t why_cap)
{
    batch_limit limit = {b, max};
    aim_record(r, b);
    int rc = pgn_drive_here(reader, r, below_limit, &limit);
    if (build_failed(b) || pgn_record_failed(r)) {
        snprintf(why, why_cap, "out of memory");
        return -1;
    }
    if (max != 0 && b->games == max) return 1;
    if (rc < 0) {
        snprintf(why, why_cap, "%s", t->error[0] ? t->error : "read error");
        return -1;
    }
    return 0;
}

/* Writes every game's main line as SAN (san 1) or UCI (san 0), space-joined, into out, one
 * span per game in spans. 0, or -1 when memory ran out. Run without the GIL. */
static int moves_text(const build *b, int san, bytes *out, span *spans)
{
    const span_pair *rows = (const span_pair *)b->move_rows.p;
    const rf_move *moves = (const rf_move *)b->moves.p;
    const rf_position *starts = (const rf_position *)b->starts.p;
    for (size_t i = 0; i < b->games; i++) {
        spans[i].at = out->len;
        pgn_record_moves_text(out, &starts[i], moves + rows[i].first, rows[i].count, san);
        spans[i].len = (uint32_t)(out->len - spans[i].at);
    }
    return out->failed ? -1 : 0;
}

/* ---- Python objects ------------------------------------------------------------------------ */

/* The games read: the C data, turned into a column's Python objects when the column is asked
 * for (rankfile.pgn.Table caches each). */
typedef struct {
    PyObject_HEAD
    build *b;
} table_object;

static PyTypeObject *table_type;

static PyObject *span_str(const build *b, span s)
{
    if (s.len == 0) return PyUnicode_FromStringAndSize("", 0);
    return PyUnicode_DecodeUTF8(b->text.p + s.at, (Py_ssize_t)s.len, "replace");
}

/* A numeric column (int, bool): n values of 8 bytes (or 1 for a bool) in a bytes object; one
 * that may be none: a list of int or None. */
static PyObject *numbers(const build *b, const pgn_column_def *def, int stored)
{
    const column_store *col = &b->cols[stored];
    size_t n = b->games;
    if (def->type == PGN_TYPE_INT_OR_NONE) {
        PyObject *list = PyList_New((Py_ssize_t)n);
        for (size_t i = 0; list && i < n; i++) {
            int64_t v;
            memcpy(&v, col->values.p + i * 8, 8);
            PyObject *o = col->none.p[i] ? (Py_INCREF(Py_None), Py_None) : PyLong_FromLongLong(v);
            if (!o) Py_CLEAR(list);
            else PyList_SetItem(list, (Py_ssize_t)i, o);
        }
        return list;
    }
    size_t width = def->type == PGN_TYPE_BOOL ? 1 : 8;
    return PyBytes_FromStringAndSize(n ? col->values.p : "", (Py_ssize_t)(n * width));
}

/* moves_san or moves_uci: written in C without the GIL, then one str per game. */
static PyObject *moves_column(const build *b, int san)
{
    bytes out = {NULL, 0, 0, NULL, 0};
    span *spans = malloc((b->games ? b->games : 1) * sizeof *spans);
    if (!spans) return PyErr_NoMemory();
    int rc;
    Py_BEGIN_ALLOW_THREADS
    rc = moves_text(b, san, &out, spans);
    Py_END_ALLOW_THREADS
    PyObject *list = rc < 0 ? PyErr_NoMemory() : PyList_New((Py_ssize_t)b->games);
    for (size_t i = 0; list && i < b->games; i++) {
        PyObject *s = PyUnicode_DecodeUTF8(out.p ? out.p + spans[i].at : "", (Py_ssize_t)spans[i].len, "strict");
        if (!s) {
            Py_CLEAR(list);
            break;
        }
        PyList_SetItem(list, (Py_ssize_t)i, s);
    }
    free(out.p);
    free(spans);
    return list;
}

/* A text column's values: a list of str. */
static PyObject *texts(const column_store *col, size_t games)
{
    const uint64_t *ends = (const uint64_t *)col->values.p;
    PyObject *list = PyList_New((Py_ssize_t)games);
    if (!list) return NULL;
    for (size_t i = 0; i < games; i++) {
        uint64_t at = i ? ends[i - 1] : 0;
        PyObject *s = PyUnicode_DecodeUTF8(ends[i] > at ? col->text.p + at : "", (Py_ssize_t)(ends[i] - at), "replace");
        if (!s) {
            Py_DECREF(list);
            return NULL;
        }
        PyList_SetItem(list, (Py_ssize_t)i, s);
    }
    return list;
}

/* A computed column's Python data, by its type (pgn_column_table). */
static PyObject *computed_column(const build *b, size_t c)
{
    const pgn_column_def *def = &pgn_column_table[c];
    if (b->opt.stored[c] < 0) return moves_column(b, (def->needs & PGN_NEED_SAN) != 0);
    if (def->type == PGN_TYPE_TEXT) return texts(&b->cols[b->opt.stored[c]], b->games);
    return numbers(b, def, b->opt.stored[c]);
}

/* The tag names in the order the games first use them. */
static PyObject *table_tag_names(PyObject *self, PyObject *unused)
{
    (void)unused;
    const build *b = ((table_object *)self)->b;
    if (!b->opt.all_tags) { /* the tags asked for that the games have */
        const uint32_t *order = (const uint32_t *)b->asked_order.p;
        PyObject *names = PyList_New(0);
        for (size_t i = 0; names && i < b->asked_order.len / sizeof(uint32_t); i++) {
            const char *p = b->opt.tag_names;
            for (uint32_t k = 0; k < order[i]; k++) p += strlen(p) + 1;
            PyObject *name = PyUnicode_DecodeUTF8(p, (Py_ssize_t)strlen(p), "replace");
            if (!name || PyList_Append(names, name) < 0) Py_CLEAR(names);
            Py_XDECREF(name);
        }
        return names;
    }
    const span *names = (const span *)b->names.p;
    const tag_entry *tags = (const tag_entry *)b->tags.p;
    const span_pair *rows = (const span_pair *)b->tag_rows.p;
    size_t count = b->names.len / sizeof(span);
    char *used = calloc(count ? count : 1, 1);
    PyObject *list = used ? PyList_New(0) : PyErr_NoMemory();
    for (size_t i = 0; list && i < b->tag_rows.len / sizeof(span_pair); i++)
        for (size_t j = 0; list && j < rows[i].count; j++) {
            uint32_t id = tags[rows[i].first + j].name;
            if (used[id]) continue;
            used[id] = 1;
            PyObject *name = span_str(b, names[id]);
            if (!name || PyList_Append(list, name) < 0) Py_CLEAR(list);
            Py_XDECREF(name);
        }
    free(used);
    return list;
}

/* One tag's column: each game's value, "" where it has none (the last one where it has two). */
static PyObject *tag_column(const build *b, const char *name, Py_ssize_t len)
{
    int asked = b->opt.all_tags ? -1 : asked_index(&b->opt, name, (size_t)len);
    if (asked >= 0) return texts(&b->asked[asked], b->games);
    const span *names = (const span *)b->names.p;
    const tag_entry *tags = (const tag_entry *)b->tags.p;
    const span_pair *rows = (const span_pair *)b->tag_rows.p;
    size_t count = b->names.len / sizeof(span), id = 0;
    while (id < count && !(names[id].len == (size_t)len && memcmp(b->text.p + names[id].at, name, (size_t)len) == 0))
        id++;
    PyObject *empty = PyUnicode_FromString("");
    PyObject *list = empty ? PyList_New((Py_ssize_t)b->games) : NULL;
    for (size_t i = 0; list && i < b->games; i++) {
        PyObject *value = empty;
        Py_INCREF(value);
        for (size_t j = 0; id < count && j < rows[i].count; j++) {
            const tag_entry *e = &tags[rows[i].first + j];
            if (e->name != id) continue;
            Py_DECREF(value);
            value = span_str(b, e->value);
            if (!value) break;
        }
        if (!value) {
            Py_CLEAR(list);
            break;
        }
        PyList_SetItem(list, (Py_ssize_t)i, value);
    }
    Py_XDECREF(empty);
    return list;
}

/* column(name): a fixed column (bytes for the numeric ones, a list of str for the others), or
 * a tag's column. */
static PyObject *table_column(PyObject *self, PyObject *arg)
{
    const build *b = ((table_object *)self)->b;
    Py_ssize_t len;
    const char *name = PyUnicode_AsUTF8AndSize(arg, &len);
    if (!name) return NULL;
    const pgn_column_def *def = pgn_column_find(name, (size_t)len);
    if (def && b->opt.want[def - pgn_column_table]) return computed_column(b, (size_t)(def - pgn_column_table));
    return tag_column(b, name, len);
}

static PyObject *table_games(PyObject *self, PyObject *unused)
{
    (void)unused;
    return PyLong_FromSize_t(((table_object *)self)->b->games);
}

static PyObject *table_fixed(PyObject *self, PyObject *unused)
{
    (void)unused;
    const build *b = ((table_object *)self)->b;
    PyObject *list = PyList_New(0);
    for (size_t c = 0; list && c < pgn_column_count; c++) {
        if (!b->opt.want[c]) continue;
        PyObject *name = PyUnicode_FromString(pgn_column_table[c].name);
        if (!name || PyList_Append(list, name) < 0) Py_CLEAR(list);
        Py_XDECREF(name);
    }
    return list;
}

/* Each game's tags as a dict, in the order of the input (the last value of a repeated name). */
static PyObject *table_headers(PyObject *self, PyObject *unused)
{
    (void)unused;
    const build *b = ((table_object *)self)->b;
    if (!b->opt.all_tags)
        return PyErr_Format(PyExc_ValueError, "headers() needs every tag: a reader of columns=None");
    const span *names = (const span *)b->names.p;
    const tag_entry *tags = (const tag_entry *)b->tags.p;
    const span_pair *rows = (const span_pair *)b->tag_rows.p;
    size_t count = b->names.len / sizeof(span);
    PyObject **name_objs = calloc(count ? count : 1, sizeof *name_objs);
    PyObject *list = name_objs ? PyList_New((Py_ssize_t)b->games) : NULL;
    if (!name_objs) PyErr_NoMemory();
    if (!list) goto fail;
    for (size_t k = 0; k < count; k++)
        if (!(name_objs[k] = span_str(b, names[k]))) goto fail;
    for (size_t i = 0; i < b->games; i++) {
        PyObject *d = PyDict_New();
        if (!d || PyList_SetItem(list, (Py_ssize_t)i, d) < 0) goto fail;
        for (size_t j = 0; i < b->tag_rows.len / sizeof(span_pair) && j < rows[i].count; j++) {
            const tag_entry *e = &tags[rows[i].first + j];
            PyObject *v = span_str(b, e->value);
            if (!v || PyDict_SetItem(d, name_objs[e->name], v) < 0) {
                Py_XDECREF(v);
                goto fail;
            }
            Py_DECREF(v);
        }
    }
    for (size_t k = 0; k < count; k++) Py_XDECREF(name_objs[k]);
    free(name_objs);
    return list;
fail:
    if (name_objs)
        for (size_t k = 0; k < count; k++) Py_XDECREF(name_objs[k]);
    free(name_objs);
    Py_XDECREF(list);
    return NULL;
}

/* The bytes of game data the batch holds (its buffers' used lengths, not their capacity). */
static PyObject *table_held(PyObject *self, PyObject *unused)
{
    (void)unused;
    const build *b = ((table_object *)self)->b;
    size_t n = b->text.len + b->tag_rows.len + b->tags.len + b->names.len + b->move_rows.len + b->moves.len +
               b->starts.len;
    for (size_t k = 0; k < b->opt.nstored; k++) n += b->cols[k].values.len + b->cols[k].none.len + b->cols[k].text.len;
    for (size_t k = 0; k < b->opt.ntag_names; k++) n += b->asked[k].values.len + b->asked[k].text.len;
    return PyLong_FromSize_t(n + b->asked_order.len);
}

static void table_dealloc(PyObject *self)
{
    build_free(((table_object *)self)->b);
    rfpy_free_object(self);
}

static PyMethodDef table_methods[] = {
    {"games", table_games, METH_NOARGS, "games() -> int\n\nThe number of games read."},
    {"fixed", table_fixed, METH_NOARGS, "fixed() -> list\n\nThe names of the fixed columns kept, in order."},
    {"tag_names", table_tag_names, METH_NOARGS,
     "tag_names() -> list\n\nThe tag names, in the order the games first use them."},
    {"column", table_column, METH_O,
     "column(name) -> bytes | list\n\nA column: bytes of int64 (bool for chess960) for the numeric ones, a list of str\n"
     "for the others and for tags (\"\" where a game has no such tag)."},
    {"headers", table_headers, METH_NOARGS, "headers() -> list\n\nEach game's tags as a dict."},
    {"held", table_held, METH_NOARGS,
     "held() -> int\n\nThe bytes of game data held: only what the columns kept need (the tags asked for,\n"
     "the moves for moves_san and moves_uci, each other column's values)."},
    {NULL, NULL, 0, NULL},
};

static PyType_Slot table_slots[] = {
    {Py_tp_dealloc, table_dealloc},
    {Py_tp_methods, table_methods},
    {Py_tp_doc, "The games of one PGN input as read by rankfile.pgn.read_table (its C data)."},
    {0, NULL},
};

static PyType_Spec table_spec = {
    "rankfile._rankfile.PgnTableData", sizeof(table_object), 0, Py_TPFLAGS_DEFAULT, table_slots,
};

/* Opens the source into t->in: a path (str, bytes or os.PathLike; OSError when it cannot be
 * opened) or bytes-like data (kept in `*hold`); ValueError for compressed data that cannot be
 * read. 0, or -1 with an exception set. */
static int open_source(text *t, PyObject *src, int is_path, cli_encoding encoding, PyObject **hold)
{
    int fd = -1;
    const char *data = NULL;
    Py_ssize_t len = 0;
    PyObject *path = NULL;
    if (is_path) {
        if (!PyUnicode_FSConverter(src, &path)) return -1;
        const char *p = PyBytes_AsString(path);
        Py_BEGIN_ALLOW_THREADS
        do
            fd = open(p, O_RDONLY | O_CLOEXEC);
        while (fd < 0 && errno == EINTR);
        Py_END_ALLOW_THREADS
        struct stat st;
        if (fd >= 0 && fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
            close(fd);
            fd = -1;
            errno = EISDIR;
        }
        if (fd < 0) {
            PyErr_SetFromErrnoWithFilenameObject(PyExc_OSError, src);
            Py_DECREF(path);
            return -1;
        }
    } else {
        *hold = PyBytes_FromObject(src);
        if (!*hold || PyBytes_AsStringAndSize(*hold, (char **)&data, &len) < 0) return -1;
        path = PyBytes_FromString("the PGN bytes");
        if (!path) return -1;
    }
    int failed;
    Py_BEGIN_ALLOW_THREADS
    t->in = cli_input_open_quiet(fd, data, (size_t)len, PyBytes_AsString(path), t->error, sizeof t->error);
    failed = t->in == NULL;
    Py_END_ALLOW_THREADS
    Py_DECREF(path);
    if (failed) {
        PyErr_Format(PyExc_ValueError, "cannot read the PGN input: %s", t->error);
        return -1;
    }
    cli_decoder_start(&t->decoder, NULL, t->in, encoding, 0);
    return 0;
}

/* ---- the reader: an input read a batch at a time ------------------------------------------- */

typedef struct {
    PyObject_HEAD
    table_options opt;
    text *t;               /* NULL once the input is over or closed */
    rf_pgn_reader *reader;
    PyObject *hold;        /* the bytes read, when the source is bytes */
    PyObject *eco;         /* the EcoTable that opt.eco belongs to, or NULL */
    int closed;            /* close() was called: next() refuses */
    int started;           /* next() or run() has read */
    rf_pgn_place place;    /* where the text begins in its file (a byte range) */
    uint64_t range_end;    /* a byte range's end, else 0 */
    int busy;              /* a next() is reading (the GIL released) */
    int warned;            /* the decoder's note was given as a UnicodeWarning */
    pgn_record rec;        /* the games read by next() (app/pgn_record.h) */
    char name[256];        /* the input's name, for warnings */
    char cut[300];         /* the last game read: its warning when it has no result marker */
} reader_object;

static PyTypeObject *reader_type;

/* The input is over (or failed, or closed): its file and buffers are given back at once. */
static void reader_release(reader_object *r)
{
    pgn_record_free(&r->rec);
    pgn_drive_close(r->reader);
    r->reader = NULL;
    if (r->t) {
        cli_input_close(r->t->in);
        free(r->t);
        r->t = NULL;
    }
    Py_CLEAR(r->hold);
    Py_CLEAR(r->eco);
}

/* After a reading: what the CLI says on stderr, said as Python warnings, in the CLI's order (a
 * game cut short by the input's end, bytes that are not UTF-8, the input unreadable past the
 * games read); the input released at its end. The games read are kept whatever: a cut
 * .gz or .zst gives the games before the cut, as `rankfile pgn` does. rc: read_games'. 0, or -1
 * with an exception set (out of memory, a warning turned into an error). */
static int reader_said(reader_object *r, int rc, const char *why)
{
    char note[sizeof r->t->decoder.note] = "";
    /* Bytes that are not UTF-8 were read as Windows-1252: said once, as the CLI says it. */
    if (!r->warned) snprintf(note, sizeof note, "%s", r->t->decoder.note);
    int auto_encoding = r->t->decoder.encoding == CLI_ENCODING_AUTO;
    if (rc <= 0) reader_release(r); /* the decoder, its note with it, is gone from here */
    if (rc < 0 && strcmp(why, "out of memory") == 0) {
        PyErr_NoMemory();
        return -1;
    }
    if (rc <= 0 && r->cut[0]) {
        int bad = PyErr_WarnFormat(PyExc_UserWarning, 1, "%s: %s", r->name, r->cut);
        r->cut[0] = 0;
        if (bad < 0) return -1;
    }
    if (note[0]) {
        r->warned = 1;
        if (PyErr_WarnFormat(PyExc_UnicodeWarning, 1, "%s; %s", note,
                             auto_encoding ? "encoding='latin-1' says so"
                                           : "encoding='latin-1' reads them as Latin-1") < 0)
            return -1;
    }
    if (rc < 0 && PyErr_WarnFormat(PyExc_UserWarning, 1, "cannot read the PGN input past the games read: %s", why) < 0)
        return -1;
    return 0;
}

/* next(games) -> PgnTableData: the next `games` games (0: all the rest); fewer at the end of
 * the input, none after it. */
static PyObject *reader_next(PyObject *self, PyObject *arg)
{
    reader_object *r = (reader_object *)self;
    Py_ssize_t max = PyLong_AsSsize_t(arg);
    if (max == -1 && PyErr_Occurred()) return NULL;
    if (max < 0) return PyErr_Format(PyExc_ValueError, "next(%zd): a number of games, 0 (all) or more", max);
    if (r->closed) return PyErr_Format(PyExc_ValueError, "the PGN reader is closed: open the source again to read it");
    if (r->busy)
        return PyErr_Format(PyExc_RuntimeError,
                            "the PGN reader is reading in another thread: read one reader from one thread at a time");
    build *b = build_new(&r->opt);
    if (!b) return PyErr_NoMemory();
    r->started = 1;
    if (r->t) {
        char why[256] = "";
        int rc;
        r->busy = 1;
        Py_BEGIN_ALLOW_THREADS
        rc = read_games(b, r->reader, &r->rec, r->t, (size_t)max, why, sizeof why);
        Py_END_ALLOW_THREADS
        r->busy = 0;
        if (b->seen) snprintf(r->cut, sizeof r->cut, "%s", b->cut);
        if (reader_said(r, rc, why) < 0) {
            build_free(b);
            return NULL;
        }
    }
    table_object *obj = PyObject_New(table_object, table_type);
    if (!obj) {
        build_free(b);
        return NULL;
    }
    obj->b = b;
    return (PyObject *)obj;
}

/* ---- run(): the rest of the input on several threads (app/pgn_drive.c) --------------------- */

typedef struct runner {
    reader_object *r;
    build *acc;            /* the games emitted, not yet handed to the callback */
    size_t games;          /* hand them over once they are this many (0: at the end) */
    PyObject *callback;
    PyThreadState *saved;  /* the GIL released */
    int failed;            /* the callback raised, or memory ran out (error set once the GIL is back) */
    int nomem;
    int handed;            /* batches handed to the callback */
} runner;

static int run_record_new(void *user, pgn_record *r, int worker)
{
    (void)worker;
    record_start(r, &((runner *)user)->r->opt);
    return 0;
}

static void run_record_free(void *user, pgn_record *r) { (void)user, pgn_record_free(r); }
static void *run_result_new(void *user) { return build_new(&((runner *)user)->r->opt); }
static void run_result_free(void *user, void *result) { (void)user, build_free(result); }
static void run_aim(void *user, pgn_record *r, void *result) { (void)user, aim_record(r, result); }

/* Hands the games gathered to the callback, the GIL taken back for it. 0, or -1. */
static int run_flush(runner *u)
{
    PyEval_RestoreThread(u->saved);
    int rc = -1;
    table_object *obj = PyObject_New(table_object, table_type);
    if (obj) {
        obj->b = u->acc;
        u->acc = NULL;
        PyObject *out = PyObject_CallFunctionObjArgs(u->callback, (PyObject *)obj, NULL);
        Py_DECREF(obj);
        Py_XDECREF(out);
        if (out) rc = 0;
        u->handed++;
    }
    if (rc == 0 && !(u->acc = build_new(&u->r->opt))) rc = -1, PyErr_NoMemory();
    if (rc < 0) u->failed = 1; /* the exception stays set */
    u->saved = PyEval_SaveThread();
    return rc;
}

static int run_emit(void *user, void *result)
{
    runner *u = user;
    build *b = result;
    if (b->seen) snprintf(u->r->cut, sizeof u->r->cut, "%s", b->cut);
    int bad = build_failed(b) || build_append(u->acc, b) != 0;
    build_clear(b);
    if (bad) {
        u->nomem = 1;
        return 1;
    }
    if (u->games && u->acc->games >= u->games) return run_flush(u) != 0;
    return 0;
}

/* run(threads, games, callback) -> None: reads every game of the input on `threads` threads, the
 * GIL released but while `callback` gets each batch of `games` games (0: all of them at once)
 * as a PgnTableData, in input order; the last batch may be smaller, and an input without games
 * gives one empty batch. */
static PyObject *reader_run(PyObject *self, PyObject *args)
{
    reader_object *r = (reader_object *)self;
    int threads;
    Py_ssize_t games;
    PyObject *callback;
    if (!PyArg_ParseTuple(args, "inO", &threads, &games, &callback)) return NULL;
    if (threads < 1 || threads > 256) return PyErr_Format(PyExc_ValueError, "threads=%d: 1 to 256", threads);
    if (games < 0) return PyErr_Format(PyExc_ValueError, "games=%zd: 0 (all at once) or more", games);
    if (r->closed || r->started || !r->t)
        return PyErr_Format(PyExc_ValueError, "run() reads a PGN reader from its start, once");
    if (r->busy)
        return PyErr_Format(PyExc_RuntimeError,
                            "the PGN reader is reading in another thread: read one reader from one thread at a time");
    runner u = {r, build_new(&r->opt), (size_t)games, callback, NULL, 0, 0, 0};
    if (!u.acc) return PyErr_NoMemory();
    pgn_drive d = {.threads = threads, .read = text_read, .read_ctx = r->t, .start = &r->place,
                   .user = &u, .record_new = run_record_new, .record_free = run_record_free,
                   .result_new = run_result_new, .result_free = run_result_free, .aim = run_aim,
                   .emit = run_emit};
    r->started = r->busy = 1;
    u.saved = PyEval_SaveThread();
    int rc = pgn_drive_run(&d);
    /* The games before a read error are handed over too, as the CLI prints them. */
    if ((rc == PGN_THREADS_END || rc == PGN_THREADS_FAILED) && !u.failed && (u.acc->games || !u.handed))
        run_flush(&u);
    PyEval_RestoreThread(u.saved);
    r->busy = 0;
    build_free(u.acc);
    if (u.failed) {
        reader_release(r);
        return NULL;
    }
    if (u.nomem || rc == PGN_THREADS_NOMEM) {
        reader_release(r);
        return PyErr_NoMemory();
    }
    char why[sizeof r->t->error];
    snprintf(why, sizeof why, "%s", r->t->error[0] ? r->t->error : "read error");
    if (reader_said(r, rc == PGN_THREADS_FAILED ? -1 : 0, why) < 0) return NULL;
    Py_RETURN_NONE;
}

/* span() -> (first, end): the bytes of the file this reader reads (a byte range, or all). */
static PyObject *reader_span(PyObject *self, PyObject *unused)
{
    (void)unused;
    reader_object *r = (reader_object *)self;
    return Py_BuildValue("(KK)", (unsigned long long)r->place.offset, (unsigned long long)r->range_end);
}

static PyObject *reader_close(PyObject *self, PyObject *unused)
{
    (void)unused;
    reader_object *r = (reader_object *)self;
    if (r->busy)
        return PyErr_Format(PyExc_RuntimeError, "the PGN reader is reading in another thread: close it after that");
    reader_release(r);
    r->closed = 1;
    Py_RETURN_NONE;
}

static void reader_dealloc(PyObject *self)
{
    reader_release((reader_object *)self);
    free(((reader_object *)self)->opt.tag_names);
    rfpy_free_object(self);
}

static PyMethodDef reader_methods[] = {
    {"next", reader_next, METH_O,
     "next(games) -> PgnTableData\n\nReads the next `games` games (0: every game left), the GIL released; fewer\n"
     "at the end of the input, none after it."},
    {"close", reader_close, METH_NOARGS, "close() -> None\n\nCloses the input; next() then raises ValueError."},
    {"run", reader_run, METH_VARARGS,
     "run(threads, games, callback) -> None\n\nReads every game on `threads` threads (the GIL released), handing\n"
     "callback(PgnTableData) each `games` games (0: all at once), in input order."},
    {"span", reader_span, METH_NOARGS,
     "span() -> (first, end)\n\nThe file's bytes this reader reads: a byte range's (end 0 when it reads to the end)."},
    {NULL, NULL, 0, NULL},
};

static PyType_Slot reader_slots[] = {
    {Py_tp_dealloc, reader_dealloc},
    {Py_tp_methods, reader_methods},
    {Py_tp_doc, "An open PGN input read a batch of games at a time (rankfile.pgn.iter_tables)."},
    {0, NULL},
};

static PyType_Spec reader_spec = {
    "rankfile._rankfile.PgnTableReader", sizeof(reader_object), 0, Py_TPFLAGS_DEFAULT, reader_slots,
};

/* The names of `only` that are no computed column kept: the tags kept, into opt. 0, or -1
 * with an exception set. */
static int asked_tags(table_options *opt, PyObject *only)
{
    Py_ssize_t n = PySequence_Size(only);
    if (n < 0) return -1;
    bytes names = {NULL, 0, 0, NULL, 0};
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *item = PySequence_GetItem(only, i);
        Py_ssize_t len;
        const char *name = item ? PyUnicode_AsUTF8AndSize(item, &len) : NULL;
        if (!name) {
            Py_XDECREF(item);
            free(names.p);
            return -1;
        }
        const pgn_column_def *def = pgn_column_find(name, (size_t)len);
        opt->tag_names = names.p; /* the names so far, for asked_index */
        int again = !names.failed && asked_index(opt, name, (size_t)len) >= 0;
        opt->tag_names = NULL;
        if (!again && !(def && opt->want[def - pgn_column_table]) && !memchr(name, 0, (size_t)len)) {
            pgn_bytes_item(&names, name, (size_t)len);
            opt->ntag_names++;
        }
        Py_DECREF(item);
    }
    if (names.failed) {
        free(names.p);
        PyErr_NoMemory();
        return -1;
    }
    opt->tag_names = names.p;
    opt->tag_names_len = names.len;
    return 0;
}

/* The options of _pgn_reader: the columns (None: all) and the variant (None: every game). 0, or
 * -1 with an exception set. */
static int parse_options(table_options *opt, PyObject *only, PyObject *variant_name, PyObject *eco)
{
    memset(opt, 0, sizeof *opt);
    if (eco != Py_None && !(opt->rec.eco = rfpy_eco_table(eco))) return -1;
    for (size_t c = 0; c < pgn_column_count; c++) {
        const pgn_column_def *def = &pgn_column_table[c];
        opt->stored[c] = -1;
        if ((def->needs & PGN_NEED_ECO) && !opt->rec.eco) continue; /* no table: no such columns */
        if (only == Py_None) {
            opt->want[c] = 1;
        } else {
            PyObject *name = PyUnicode_FromString(def->name);
            if (!name) return -1;
            opt->want[c] = PySequence_Contains(only, name);
            Py_DECREF(name);
            if (opt->want[c] < 0) return -1;
        }
        if (!opt->want[c]) continue;
        if (deferred(def)) {
            opt->rec.needs |= PGN_NEED_MOVES;
            opt->keep_moves = 1;
            continue;
        }
        opt->stored[c] = (int)opt->nstored++;
        opt->rec.needs |= def->needs;
    }
    if (only == Py_None) opt->all_tags = 1;
    else if (asked_tags(opt, only) < 0) return -1;
    if (variant_name != Py_None) {
        Py_ssize_t len;
        const char *name = PyUnicode_AsUTF8AndSize(variant_name, &len);
        if (!name) return -1;
        int c960 = 0;
        if (rf_variant_from_name(&opt->rec.variant, &c960, name, (size_t)len) != RF_OK) {
            PyErr_Format(PyExc_ValueError, "unknown variant '%U'", variant_name);
            return -1;
        }
        opt->rec.variant_given = 1;
        opt->rec.chess960 = c960;
    }
    return 0;
}

/* _rankfile._pgn_reader(source, is_path, columns, variant, encoding='auto') -> PgnTableReader:
 * the input opened, no game read yet. */
static PyObject *pgn_reader(PyObject *self, PyObject *args)
{
    (void)self;
    PyObject *src, *only, *variant_name;
    int is_path;
    const char *encoding_name = "auto";
    PyObject *range = Py_None, *eco = Py_None;
    if (!PyArg_ParseTuple(args, "OpOO|sOO", &src, &is_path, &only, &variant_name, &encoding_name, &range, &eco))
        return NULL;
    unsigned long long range_start = 0, range_stop = 0;
    if (range != Py_None && !PyArg_ParseTuple(range, "KK;byte_range: (start, end), two byte offsets", &range_start,
                                              &range_stop))
        return NULL;
    if (range != Py_None && !is_path)
        return PyErr_Format(PyExc_ValueError, "byte_range reads a plain file: give its path");
    if (range != Py_None && range_stop < range_start)
        return PyErr_Format(PyExc_ValueError, "byte_range=(%llu, %llu): the end is before the start", range_start,
                            range_stop);
    cli_encoding encoding;
    if (cli_encoding_parse(encoding_name, &encoding) < 0)
        return PyErr_Format(PyExc_ValueError,
                            "unknown encoding '%s' (auto, utf-8 or latin-1; also utf8, latin1, iso-8859-1, "
                            "windows-1252, cp1252)", encoding_name);
    reader_object *r = PyObject_New(reader_object, reader_type);
    if (!r) return NULL;
    memset((char *)r + sizeof(PyObject), 0, sizeof *r - sizeof(PyObject)); /* all but the header: none yet */
    rf_pgn_place start = {0, 0, 1, 0, 1};
    r->place = start;
    if (parse_options(&r->opt, only, variant_name, eco) < 0) goto fail;
    record_start(&r->rec, &r->opt);
    if (r->opt.rec.eco) {
        Py_INCREF(eco);
        r->eco = eco;
    }
    if (!(r->t = calloc(1, sizeof *r->t))) {
        PyErr_NoMemory();
        goto fail;
    }
    if (open_source(r->t, src, is_path, encoding, &r->hold) < 0) goto fail;
    snprintf(r->name, sizeof r->name, "%s", cli_input_name(r->t->in));
    if (range != Py_None) {
        uint64_t from;
        if (cli_input_range(r->t->in, range_start, range_stop, &from) != 0) {
            PyErr_Format(PyExc_ValueError, "%s", r->t->error);
            goto fail;
        }
        r->place.offset = r->place.line_start = from;
        r->range_end = from + cli_input_size(r->t->in);
    }
    if (!(r->reader = pgn_drive_open(text_read, r->t, &r->place))) {
        PyErr_NoMemory();
        goto fail;
    }
    return (PyObject *)r;
fail:
    Py_DECREF(r);
    return NULL;
}

static const char *const type_names[] = {"str", "int", "bool", "int or None"};

/* table_columns() -> [(name, type)]: the computed columns of read_table, in order (app's one
 * column table, pgn_columns.c); type "str", "int", "bool" or "int or None". */
static PyObject *table_columns(PyObject *self, PyObject *unused)
{
    (void)self, (void)unused;
    PyObject *list = PyList_New((Py_ssize_t)pgn_column_count);
    for (size_t c = 0; list && c < pgn_column_count; c++) {
        PyObject *item = Py_BuildValue("(ss)", pgn_column_table[c].name, type_names[pgn_column_table[c].type]);
        if (!item) Py_CLEAR(list);
        else PyList_SetItem(list, (Py_ssize_t)c, item);
    }
    return list;
}

static PyMethodDef table_functions[] = {
    {"table_columns", table_columns, METH_NOARGS,
     "table_columns() -> list\n\nThe computed columns of rankfile.pgn.read_table as (name, type) pairs, in their\n"
     "order (index and offset come before the tags): type 'str', 'int', 'bool' or 'int or None'."},
    {"_pgn_reader", pgn_reader, METH_VARARGS,
     "_pgn_reader(source, is_path, columns, variant, encoding='auto', byte_range=None, eco=None) -> PgnTableReader\n\n"
     "Opens a PGN input to read in C a batch of games at a time (rankfile.pgn.read_table and\n"
     "iter_tables are the interface)."},
    {NULL, NULL, 0, NULL},
};

int rfpy_table_init(PyObject *module)
{
    table_type = (PyTypeObject *)PyType_FromSpec(&table_spec);
    if (!table_type) return -1;
    reader_type = (PyTypeObject *)PyType_FromSpec(&reader_spec);
    if (!reader_type) return -1;
    return PyModule_AddFunctions(module, table_functions);
}
