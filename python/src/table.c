/*
 * table.c - rankfile.pgn.read_table, iter_tables, to_parquet and iter_games: a PGN input read in
 * C, with the GIL released, into columns (one value per game), as `rankfile pgn --format json`
 * reads it, the clocks and evals columns as `rankfile pgn --format tsv` writes them.
 *
 * A reader (PgnTableReader) keeps the input open and reads it a batch of games at a time:
 * next(n) reads up to n games into a new PgnTableData, next(0) the rest of the input. The batch
 * is one call of read_games() on a `build`, which needs nothing of Python: another driver may
 * fill builds the same way.
 *
 * The input is a file (plain, gzip or zstd) or bytes in memory, read by the CLI's own input and
 * decoder (app/input.c, app/encoding.c, opened quiet: their errors come back as text, raised
 * here): so its text is what `rankfile pgn --encoding auto` reads, the same bytes decompressed
 * and decoded the same way, and a Latin-1 file gives the same UnicodeWarning text as the CLI's
 * warning line.
 *
 * While reading, each game's fields go into growable arrays and one text arena (no Python
 * object is made); afterwards, with the GIL held again, the columns become Python objects:
 * numeric columns as bytes of int64 (or uint8 for chess960) that pgn.py hands to
 * numpy.frombuffer, text columns as lists of str.
 */
#include "rfpy.h"

#include "app.h"
#include "pgn_columns.h"
#include "pgn_threads.h"

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

/* ---- the games ----------------------------------------------------------------------------- */

/* The columns besides the tags, in the table's order (the tags come after offset). */
enum {
    COL_INDEX, COL_OFFSET, COL_VARIANT, COL_CHESS960, COL_START_FEN, COL_MOVES_UCI, COL_MOVES_SAN,
    COL_PLIES, COL_RESULT, COL_TERMINATION, COL_WINNER, COL_FINAL_FEN, COL_ERROR, COL_ERROR_LINE,
    COL_ERROR_COLUMN, COL_WARNING, COL_CLOCKS, COL_EVALS, COL_ECO, COL_OPENING, COL_COUNT
};
static const char *const col_names[COL_COUNT] = {
    "index", "offset", "variant", "chess960", "start_fen", "moves_uci", "moves_san", "plies",
    "result", "termination", "winner", "final_fen", "error", "error_line", "error_column", "warning",
    "clocks", "evals", "eco", "opening",
};

typedef struct game_row {
    int64_t index, offset, plies, error_line, error_column;
    uint8_t variant, chess960, start_ok, winner; /* winner: 0 none, 1 white, 2 black */
    const char *termination;                     /* static, or NULL */
    char result[8];
    span start_fen, final_fen, error, warning;
    span clocks, evals;                          /* empty when the game has no [%clk] nor [%eval] */
    span eco, opening;                           /* empty when the ECO table names none */
    size_t tag_first, tag_count;                 /* into tag_entries */
    size_t move_first, move_count;               /* the main line, into `moves` */
    size_t start;                                /* its start, into `starts` */
} game_row;

typedef struct tag_entry {
    uint32_t name; /* index into the tag names */
    span value;
} tag_entry;

#define NAME_HASH 1024

/* What a reader keeps of the games: the columns asked for, and the variant filter. */
typedef struct table_options {
    int want[COL_COUNT];
    int filter, filter_chess960;
    rf_variant filter_variant;
    const rf_eco *eco; /* the ECO table of the columns eco and opening (the reader holds it) */
} table_options;

/* One batch of games: every column's data, in C. */
typedef struct build {
    table_options opt;     /* a copy: the batch outlives its reader */
    rf_pgn_reader *reader; /* while reading: the game's offset */
    arena text;        /* every string */
    arena rows;        /* game_row[] */
    arena tags;        /* tag_entry[] */
    arena names;       /* tag names, each a span in `text`: span[] */
    int32_t name_hash[NAME_HASH];
    arena moves;       /* rf_move[]: every kept game's main line */
    arena starts;      /* rf_position[]: every kept game's start */
    size_t tag_first, move_first;
    int64_t offset;
    int keep, start_ok;
    size_t games;
    /* The clocks and evals of the game being read, as `rankfile pgn --format tsv` writes them:
     * per main-line ply "-" or the value, space-separated (pgn_annotations reads a comment). */
    int annotate;                 /* the clocks or evals column is asked for */
    arena clocks, evals;
    size_t clock_last, eval_last; /* where the last ply's entry starts */
    int annotated;                /* a clock or an eval was found in the game */
    unsigned long var_depth;      /* the variations open where the reader is */
    /* The opening of the game being read (eco, opening), as `rankfile pgn --eco` finds it. */
    rf_eco_walk eco_walk;
    int eco_going;
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

static int on_begin_game(void *user, unsigned long index)
{
    build *b = user;
    (void)index;
    b->offset = (int64_t)rf_pgn_reader_offset(b->reader);
    b->tag_first = b->tags.len / sizeof(tag_entry);
    b->move_first = b->moves.len / sizeof(rf_move);
    b->keep = 1;
    b->start_ok = 0;
    b->clocks.len = b->evals.len = 0;
    b->annotated = 0;
    b->var_depth = 0;
    if (b->opt.eco) rf_eco_walk_start(&b->eco_walk, NULL, NULL); /* none until its start is known */
    b->eco_going = 0;
    return RF_PGN_CONTINUE;
}

static void on_header(void *user, const char *name, size_t name_len, const char *value,
                      size_t value_len)
{
    build *b = user;
    tag_entry e;
    /* A name of more tags than the hash holds is still kept, found by the slow path. */
    e.name = name_id(b, name, name_len);
    e.value.at = b->text.len;
    /* A NUL byte becomes U+FFFD, as the CLI's JSON shows it. */
    for (const char *nul; (nul = memchr(value, 0, value_len)) != NULL;) {
        arena_add(&b->text, value, (size_t)(nul - value));
        arena_add(&b->text, "\xEF\xBF\xBD", 3);
        value_len -= (size_t)(nul + 1 - value);
        value = nul + 1;
    }
    arena_add(&b->text, value, value_len);
    e.value.len = (uint32_t)(b->text.len - e.value.at);
    arena_add(&b->tags, &e, sizeof e);
}

static int on_end_headers(void *user, const rf_position *start)
{
    build *b = user;
    b->start_ok = start != NULL;
    if (start && b->opt.filter &&
        (start->variant != b->opt.filter_variant || start->chess960 != b->opt.filter_chess960))
        b->keep = 0;
    if (b->keep && b->opt.eco) rf_eco_walk_start(&b->eco_walk, b->opt.eco, start), b->eco_going = 1;
    return b->keep ? RF_PGN_CONTINUE : RF_PGN_SKIP;
}

/* The main line's moves are kept as they are; their SAN and UCI are written when a column
 * asks for them (moves_text), by playing them again from the start. */
static void on_move(void *user, const rf_position *before, rf_move m, unsigned depth)
{
    build *b = user;
    if (depth > 0) return;
    arena_add(&b->moves, &m, sizeof m);
    if (b->eco_going) b->eco_going = rf_eco_walk_move(&b->eco_walk, before, m);
    if (b->annotate) { /* a "-" for the ply until a comment gives its clock or eval */
        if (b->clocks.len) arena_add(&b->clocks, " ", 1);
        if (b->evals.len) arena_add(&b->evals, " ", 1);
        b->clock_last = b->clocks.len;
        b->eval_last = b->evals.len;
        arena_add(&b->clocks, "-", 1);
        arena_add(&b->evals, "-", 1);
    }
}

/* A comment after a main-line move: its [%clk] and [%eval], the last given winning. */
static void on_comment(void *user, const char *text, size_t len)
{
    build *b = user;
    if (b->var_depth > 0 || b->clocks.len == 0) return;
    char clock[32], eval[32];
    pgn_annotations(text, len, clock, eval);
    if (clock[0]) {
        b->clocks.len = b->clock_last;
        arena_add(&b->clocks, clock, strlen(clock));
        b->annotated = 1;
    }
    if (eval[0]) {
        b->evals.len = b->eval_last;
        arena_add(&b->evals, eval, strlen(eval));
        b->annotated = 1;
    }
}

static int on_begin_variation(void *user)
{
    ((build *)user)->var_depth++;
    return RF_PGN_CONTINUE;
}

static void on_end_variation(void *user)
{
    ((build *)user)->var_depth--;
}

static span fen_span(build *b, const rf_position *pos)
{
    char fen[RF_FEN_MAX];
    size_t n = rf_position_to_fen(fen, sizeof fen, pos, 0);
    return arena_span(&b->text, fen, n);
}

static void on_end_game(void *user, const rf_pgn_game *g)
{
    build *b = user;
    if (!b->keep) {
        b->tags.len = b->tag_first * sizeof(tag_entry);
        b->moves.len = b->move_first * sizeof(rf_move);
        return;
    }
    game_row r;
    memset(&r, 0, sizeof r);
    r.index = (int64_t)g->index;
    r.offset = b->offset;
    r.plies = g->plies;
    r.variant = (uint8_t)g->variant;
    r.chess960 = (uint8_t)(g->chess960 != 0);
    r.start_ok = (uint8_t)b->start_ok;
    snprintf(r.result, sizeof r.result, "%s", g->result[0] ? g->result : "*");
    if (b->start_ok) {
        if (b->opt.want[COL_START_FEN]) r.start_fen = fen_span(b, &g->start);
        if (b->opt.want[COL_FINAL_FEN]) r.final_fen = fen_span(b, &g->game->pos);
        if (b->opt.want[COL_TERMINATION] || b->opt.want[COL_WINNER]) {
            rf_outcome o = rf_game_outcome(g->game);
            r.termination = o.reason == RF_REASON_NONE ? NULL : o.code;
            r.winner = o.result == RF_RESULT_WHITE_WINS ? 1 : o.result == RF_RESULT_BLACK_WINS ? 2 : 0;
        }
    }
    r.move_first = b->move_first;
    r.move_count = b->moves.len / sizeof(rf_move) - b->move_first;
    r.start = b->starts.len / sizeof(rf_position);
    arena_add(&b->starts, &g->start, sizeof g->start);
    char where[300];
    if (g->status != RF_OK) {
        int n = snprintf(where, sizeof where, "game %lu (line %lu, column %lu): %s", g->index,
                         g->error_line, g->error_column, g->error);
        r.error = arena_span(&b->text, where, n < 0 ? 0 : (size_t)n < sizeof where ? (size_t)n : sizeof where - 1);
        r.error_line = (int64_t)g->error_line;
        r.error_column = (int64_t)g->error_column;
    }
    if (g->warnings) {
        int n = snprintf(where, sizeof where, "game %lu (line %lu): %s", g->index, g->warning_line,
                         g->warning);
        r.warning = arena_span(&b->text, where, n < 0 ? 0 : (size_t)n < sizeof where ? (size_t)n : sizeof where - 1);
    }
    if (b->opt.eco) {
        rf_eco_match match = rf_eco_walk_end(&b->eco_walk, &g->game->pos);
        if (match.entry) {
            const rf_eco_entry *e = match.entry;
            r.eco = arena_span(&b->text, e->eco, strlen(e->eco));
            /* "Name: Variation", as the CLI's opening column */
            size_t at = b->text.len;
            arena_add(&b->text, e->name, strlen(e->name));
            if (*e->variation) arena_add(&b->text, ": ", 2), arena_add(&b->text, e->variation, strlen(e->variation));
            r.opening.at = at;
            r.opening.len = (uint32_t)(b->text.len - at);
        }
    }
    if (b->annotated) {
        if (b->opt.want[COL_CLOCKS]) r.clocks = arena_span(&b->text, b->clocks.p, b->clocks.len);
        if (b->opt.want[COL_EVALS]) r.evals = arena_span(&b->text, b->evals.p, b->evals.len);
    }
    r.tag_first = b->tag_first;
    r.tag_count = b->tags.len / sizeof(tag_entry) - b->tag_first;
    arena_add(&b->rows, &r, sizeof r);
    b->games++;
}

static int build_failed(const build *b)
{
    return b->text.failed || b->rows.failed || b->tags.failed || b->names.failed ||
           b->moves.failed || b->starts.failed || b->clocks.failed || b->evals.failed;
}

/* A new empty batch for the columns of `opt`; NULL when memory ran out. */
static build *build_new(const table_options *opt)
{
    build *b = calloc(1, sizeof *b);
    if (!b) return NULL;
    b->opt = *opt;
    b->annotate = opt->want[COL_CLOCKS] || opt->want[COL_EVALS];
    for (int i = 0; i < NAME_HASH; i++) b->name_hash[i] = -1;
    return b;
}

static void build_free(build *b)
{
    if (!b) return;
    free(b->text.p);
    free(b->rows.p);
    free(b->tags.p);
    free(b->names.p);
    free(b->moves.p);
    free(b->starts.p);
    free(b->clocks.p);
    free(b->evals.p);
    free(b);
}

/* Empties b for the next batch (its memory kept). */
static void build_clear(build *b)
{
    b->text.len = b->rows.len = b->tags.len = b->names.len = b->moves.len = b->starts.len = 0;
    b->clocks.len = b->evals.len = 0;
    for (int i = 0; i < NAME_HASH; i++) b->name_hash[i] = -1;
    b->games = 0;
}

static void span_move(span *s, size_t by)
{
    if (s->len) s->at += by;
}

/* Appends the games of src (a batch read after dst's) to dst. 0, or -1 when memory ran out. */
static int build_append(build *dst, const build *src)
{
    size_t text_at = dst->text.len, tag_at = dst->tags.len / sizeof(tag_entry);
    size_t move_at = dst->moves.len / sizeof(rf_move), start_at = dst->starts.len / sizeof(rf_position);
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
    arena_add(&dst->moves, src->moves.p, src->moves.len);
    arena_add(&dst->starts, src->starts.p, src->starts.len);
    const game_row *rows = (const game_row *)src->rows.p;
    for (size_t i = 0; i < src->games; i++) {
        game_row r = rows[i];
        r.tag_first += tag_at;
        r.move_first += move_at;
        r.start += start_at;
        span_move(&r.start_fen, text_at);
        span_move(&r.final_fen, text_at);
        span_move(&r.error, text_at);
        span_move(&r.warning, text_at);
        span_move(&r.clocks, text_at);
        span_move(&r.evals, text_at);
        span_move(&r.eco, text_at);
        span_move(&r.opening, text_at);
        arena_add(&dst->rows, &r, sizeof r);
    }
    dst->games += src->games;
    return build_failed(dst) ? -1 : 0;
}

/* The reader's visitor, filling b. */
static rf_pgn_visitor build_visitor(build *b)
{
    rf_pgn_visitor v = {b, on_begin_game, on_header, on_end_headers, on_move, NULL, NULL, NULL,
                        NULL, on_end_game};
    if (b->annotate) {
        v.comment = on_comment;
        v.begin_variation = on_begin_variation;
        v.end_variation = on_end_variation;
    }
    return v;
}

/* Reads the next games of `reader` into b until b holds `max` games (0: no limit; the games
 * the variant filter skips do not count) or the input ends. Returns 1 when it stopped at
 * `max` (the reader is then just after the last game, ready for the next batch), 0 at the end
 * of the input, -1 when reading failed, with why ("out of memory", or the read error of `t`,
 * the text the reader reads). Needs no Python: run it without the GIL. */
static int read_games(build *b, rf_pgn_reader *reader, const text *t, size_t max, char *why,
                      size_t why_cap)
{
    rf_pgn_visitor v = build_visitor(b);
    b->reader = reader;
    int rc = 0;
    while ((max == 0 || b->games < max) && (rc = rf_pgn_read_game(reader, &v)) == 1 && !build_failed(b))
        ;
    b->reader = NULL;
    if (build_failed(b)) {
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
static int moves_text(const build *b, int san, arena *out, span *spans)
{
    const game_row *rows = (const game_row *)b->rows.p;
    const rf_move *moves = (const rf_move *)b->moves.p;
    const rf_position *starts = (const rf_position *)b->starts.p;
    char buf[RF_SAN_MAX > RF_UCI_MAX ? RF_SAN_MAX : RF_UCI_MAX];
    for (size_t i = 0; i < b->games; i++) {
        const game_row *r = &rows[i];
        rf_position pos = starts[r->start];
        spans[i].at = out->len;
        for (size_t k = 0; k < r->move_count; k++) {
            rf_move m = moves[r->move_first + k];
            size_t n = san ? rf_move_to_san(buf, sizeof buf, &pos, m) : rf_move_to_uci(buf, sizeof buf, &pos, m);
            if (k) arena_add(out, " ", 1);
            arena_add(out, buf, n);
            rf_position_play(&pos, m);
        }
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

static int is_numeric(int col)
{
    return col == COL_INDEX || col == COL_OFFSET || col == COL_CHESS960 || col == COL_PLIES ||
           col == COL_ERROR_LINE || col == COL_ERROR_COLUMN;
}

/* A numeric column: n values of 8 bytes (or 1 for chess960) in a bytes object. */
static PyObject *numbers(const build *b, int col)
{
    const game_row *rows = (const game_row *)b->rows.p;
    size_t n = b->games, width = col == COL_CHESS960 ? 1 : 8;
    PyObject *bytes = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)(n * width));
    if (!bytes) return NULL;
    char *p = PyBytes_AsString(bytes);
    for (size_t i = 0; i < n; i++) {
        const game_row *r = &rows[i];
        int64_t v = 0;
        switch (col) {
        case COL_INDEX: v = r->index; break;
        case COL_OFFSET: v = r->offset; break;
        case COL_PLIES: v = (int64_t)r->move_count; break;
        case COL_ERROR_LINE: v = r->error_line; break;
        case COL_ERROR_COLUMN: v = r->error_column; break;
        default: p[i] = (char)r->chess960; continue;
        }
        memcpy(p + i * 8, &v, 8);
    }
    return bytes;
}

/* moves_san or moves_uci: written in C without the GIL, then one str per game. */
static PyObject *moves_column(const build *b, int san)
{
    arena out = {0};
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

static PyObject *texts(const build *b, int col)
{
    if (col == COL_MOVES_SAN || col == COL_MOVES_UCI) return moves_column(b, col == COL_MOVES_SAN);
    const game_row *rows = (const game_row *)b->rows.p;
    PyObject *list = PyList_New((Py_ssize_t)b->games);
    if (!list) return NULL;
    static const char *const winners[3] = {"", "white", "black"};
    for (size_t i = 0; i < b->games; i++) {
        const game_row *r = &rows[i];
        PyObject *s;
        switch (col) {
        case COL_VARIANT: s = PyUnicode_FromString(rf_variant_name((rf_variant)r->variant)); break;
        case COL_START_FEN: s = span_str(b, r->start_fen); break;
        case COL_RESULT: s = PyUnicode_FromString(r->result); break;
        case COL_TERMINATION: s = PyUnicode_FromString(r->termination ? r->termination : ""); break;
        case COL_WINNER: s = PyUnicode_FromString(winners[r->winner]); break;
        case COL_FINAL_FEN: s = span_str(b, r->final_fen); break;
        case COL_ERROR: s = span_str(b, r->error); break;
        case COL_CLOCKS: s = span_str(b, r->clocks); break;
        case COL_EVALS: s = span_str(b, r->evals); break;
        case COL_ECO: s = span_str(b, r->eco); break;
        case COL_OPENING: s = span_str(b, r->opening); break;
        default: s = span_str(b, r->warning); break;
        }
        if (!s) {
            Py_DECREF(list);
            return NULL;
        }
        PyList_SetItem(list, (Py_ssize_t)i, s);
    }
    return list;
}

/* The tag names in the order the games first use them. */
static PyObject *table_tag_names(PyObject *self, PyObject *unused)
{
    (void)unused;
    const build *b = ((table_object *)self)->b;
    const span *names = (const span *)b->names.p;
    const tag_entry *tags = (const tag_entry *)b->tags.p;
    const game_row *rows = (const game_row *)b->rows.p;
    size_t count = b->names.len / sizeof(span);
    char *used = calloc(count ? count : 1, 1);
    PyObject *list = used ? PyList_New(0) : PyErr_NoMemory();
    for (size_t i = 0; list && i < b->games; i++)
        for (size_t j = 0; list && j < rows[i].tag_count; j++) {
            uint32_t id = tags[rows[i].tag_first + j].name;
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
    const span *names = (const span *)b->names.p;
    const tag_entry *tags = (const tag_entry *)b->tags.p;
    const game_row *rows = (const game_row *)b->rows.p;
    size_t count = b->names.len / sizeof(span), id = 0;
    while (id < count && !(names[id].len == (size_t)len && memcmp(b->text.p + names[id].at, name, (size_t)len) == 0))
        id++;
    PyObject *empty = PyUnicode_FromString("");
    PyObject *list = empty ? PyList_New((Py_ssize_t)b->games) : NULL;
    for (size_t i = 0; list && i < b->games; i++) {
        PyObject *value = empty;
        Py_INCREF(value);
        for (size_t j = 0; id < count && j < rows[i].tag_count; j++) {
            const tag_entry *e = &tags[rows[i].tag_first + j];
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
    for (int c = 0; c < COL_COUNT; c++)
        if (strcmp(name, col_names[c]) == 0 && (size_t)len == strlen(col_names[c])) {
            if (!b->opt.want[c]) break;
            return is_numeric(c) ? numbers(b, c) : texts(b, c);
        }
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
    for (int c = 0; list && c < COL_COUNT; c++) {
        if (!b->opt.want[c]) continue;
        PyObject *name = PyUnicode_FromString(col_names[c]);
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
    const span *names = (const span *)b->names.p;
    const tag_entry *tags = (const tag_entry *)b->tags.p;
    const game_row *rows = (const game_row *)b->rows.p;
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
        for (size_t j = 0; j < rows[i].tag_count; j++) {
            const tag_entry *e = &tags[rows[i].tag_first + j];
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

static void table_dealloc(PyObject *self)
{
    build_free(((table_object *)self)->b);
    PyTypeObject *type = Py_TYPE(self);
    freefunc free_self = (freefunc)PyType_GetSlot(type, Py_tp_free);
    free_self(self);
    Py_DECREF(type);
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
} reader_object;

static PyTypeObject *reader_type;

/* The input is over (or failed, or closed): its file and buffers are given back at once. */
static void reader_release(reader_object *r)
{
    rf_pgn_reader_free(r->reader);
    r->reader = NULL;
    if (r->t) {
        cli_input_close(r->t->in);
        free(r->t);
        r->t = NULL;
    }
    Py_CLEAR(r->hold);
    Py_CLEAR(r->eco);
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
        rc = read_games(b, r->reader, r->t, (size_t)max, why, sizeof why);
        Py_END_ALLOW_THREADS
        r->busy = 0;
        /* Bytes that are not UTF-8 were read as Windows-1252: said once, as the CLI says it. */
        char note[sizeof r->t->decoder.note] = "";
        if (rc >= 0 && !r->warned) snprintf(note, sizeof note, "%s", r->t->decoder.note);
        int auto_encoding = r->t->decoder.encoding == CLI_ENCODING_AUTO;
        if (rc <= 0) reader_release(r); /* the decoder, its note with it, is gone from here */
        if (rc < 0) {
            build_free(b);
            if (strcmp(why, "out of memory") == 0) return PyErr_NoMemory();
            return PyErr_Format(PyExc_ValueError, "cannot read the PGN input: %s", why);
        }
        if (note[0]) {
            r->warned = 1;
            if (PyErr_WarnFormat(PyExc_UnicodeWarning, 1, "%s; %s", note,
                                 auto_encoding ? "encoding='latin-1' says so"
                                               : "encoding='latin-1' reads them as Latin-1") < 0) {
                build_free(b);
                return NULL;
            }
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

/* ---- run(): the rest of the input on several threads (app/pgn_threads.c) ------------------- */

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

static void *run_worker_new(void *user) { return user; }
static void run_worker_free(void *user, void *worker) { (void)user, (void)worker; }
static void *run_result_new(void *user) { return build_new(&((runner *)user)->r->opt); }
static void run_result_free(void *user, void *result) { (void)user, build_free(result); }

static int run_game(void *worker, rf_pgn_reader *reader, void *result)
{
    (void)worker;
    build *b = result;
    rf_pgn_visitor v = build_visitor(b);
    b->reader = reader;
    int rc = rf_pgn_read_game(reader, &v);
    b->reader = NULL;
    return build_failed(b) ? 0 : rc;
}

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
    pgn_threads t = {0};
    t.threads = threads;
    t.read = text_read;
    t.read_ctx = r->t;
    t.start = &r->place;
    t.user = &u;
    t.worker_new = run_worker_new;
    t.worker_free = run_worker_free;
    t.result_new = run_result_new;
    t.result_free = run_result_free;
    t.game = run_game;
    t.emit = run_emit;
    r->started = r->busy = 1;
    u.saved = PyEval_SaveThread();
    int rc = pgn_threads_run(&t);
    if (rc == PGN_THREADS_END && !u.failed && (u.acc->games || !u.handed)) run_flush(&u);
    PyEval_RestoreThread(u.saved);
    r->busy = 0;
    build_free(u.acc);
    char note[sizeof r->t->decoder.note];
    snprintf(note, sizeof note, "%s", r->t->decoder.note);
    int auto_encoding = r->t->decoder.encoding == CLI_ENCODING_AUTO;
    char why[sizeof r->t->error];
    snprintf(why, sizeof why, "%s", r->t->error[0] ? r->t->error : "read error");
    reader_release(r);
    if (u.failed) return NULL;
    if (u.nomem || rc == PGN_THREADS_NOMEM) return PyErr_NoMemory();
    if (rc == PGN_THREADS_FAILED) return PyErr_Format(PyExc_ValueError, "cannot read the PGN input: %s", why);
    if (note[0] && !r->warned) {
        r->warned = 1;
        if (PyErr_WarnFormat(PyExc_UnicodeWarning, 1, "%s; %s", note,
                             auto_encoding ? "encoding='latin-1' says so"
                                           : "encoding='latin-1' reads them as Latin-1") < 0)
            return NULL;
    }
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
    PyTypeObject *type = Py_TYPE(self);
    freefunc free_self = (freefunc)PyType_GetSlot(type, Py_tp_free);
    free_self(self);
    Py_DECREF(type);
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

/* The options of _pgn_reader: the columns (None: all) and the variant (None: every game). 0, or
 * -1 with an exception set. */
static int parse_options(table_options *opt, PyObject *only, PyObject *variant_name, PyObject *eco)
{
    memset(opt, 0, sizeof *opt);
    if (eco != Py_None && !(opt->eco = rfpy_eco_table(eco))) return -1;
    for (int c = 0; c < COL_COUNT; c++) {
        if ((c == COL_ECO || c == COL_OPENING) && !opt->eco) continue; /* no table: no such columns */
        if (only == Py_None) {
            opt->want[c] = 1;
            continue;
        }
        PyObject *name = PyUnicode_FromString(col_names[c]);
        if (!name) return -1;
        opt->want[c] = PySequence_Contains(only, name);
        Py_DECREF(name);
        if (opt->want[c] < 0) return -1;
    }
    if (variant_name != Py_None) {
        Py_ssize_t len;
        const char *name = PyUnicode_AsUTF8AndSize(variant_name, &len);
        if (!name) return -1;
        int c960 = 0;
        if (rf_variant_from_name(&opt->filter_variant, &c960, name, (size_t)len) != RF_OK) {
            PyErr_Format(PyExc_ValueError, "unknown variant '%U'", variant_name);
            return -1;
        }
        opt->filter = 1;
        opt->filter_chess960 = c960;
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
    r->t = NULL;
    r->reader = NULL;
    r->hold = NULL;
    r->eco = NULL;
    r->closed = r->busy = r->warned = r->started = 0;
    rf_pgn_place start = {0, 0, 1, 0, 1};
    r->place = start;
    r->range_end = 0;
    if (parse_options(&r->opt, only, variant_name, eco) < 0) goto fail;
    if (r->opt.eco) {
        Py_INCREF(eco);
        r->eco = eco;
    }
    if (!(r->t = calloc(1, sizeof *r->t))) {
        PyErr_NoMemory();
        goto fail;
    }
    if (open_source(r->t, src, is_path, encoding, &r->hold) < 0) goto fail;
    if (range != Py_None) {
        uint64_t from;
        if (cli_input_range(r->t->in, range_start, range_stop, &from) != 0) {
            PyErr_Format(PyExc_ValueError, "%s", r->t->error);
            goto fail;
        }
        r->place.offset = r->place.line_start = from;
        r->range_end = from + cli_input_size(r->t->in);
    }
    if (!(r->reader = rf_pgn_reader_new(text_read, r->t)) || rf_pgn_reader_set_place(r->reader, &r->place) != RF_OK) {
        PyErr_NoMemory();
        goto fail;
    }
    return (PyObject *)r;
fail:
    Py_DECREF(r);
    return NULL;
}

static PyMethodDef table_functions[] = {
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
