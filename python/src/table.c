/*
 * table.c - rankfile.pgn.read_table and iter_games: a whole PGN input read in C, with the GIL
 * released, into columns (one value per game), as `rankfile pgn --format json` reads it.
 *
 * The input is a file (plain, gzip or zstd: the magic bytes tell, as the CLI's input.c does) or
 * bytes in memory. Its text is decoded to UTF-8 as the CLI's `--encoding auto` decodes it: UTF-8
 * while the bytes are UTF-8; from the first byte that is not, Windows-1252 for everything not yet
 * handed to the reader (a window of 64 KiB) and the rest of the input.
 *
 * While reading, each game's fields go into growable arrays and one text arena (no Python
 * object is made); afterwards, with the GIL held again, the columns become Python objects:
 * numeric columns as bytes of int64 (or uint8 for chess960) that pgn.py hands to
 * numpy.frombuffer, text columns as lists of str.
 */
#include "rfpy.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifdef RF_HAVE_ZLIB
#include <zlib.h>
#endif
#ifdef RF_HAVE_ZSTD
#include <zstd.h>
#endif

/* ---- stored bytes: a file descriptor or memory, decompressed when the magic says so ---------- */

#define RAW_BLOCK (256 * 1024)
#define WINDOW (64 * 1024)

enum { KIND_PLAIN, KIND_GZIP, KIND_ZSTD };

typedef struct source {
    int fd;                     /* -1: memory */
    const unsigned char *mem;   /* the bytes in memory mode */
    size_t mem_len, mem_at;
    unsigned char *buf;         /* stored bytes read, not yet used: buf[pos..len) */
    size_t pos, len;
    int eof, kind, in_frame;
    char error[200];            /* "" or why reading failed */
#ifdef RF_HAVE_ZLIB
    z_stream z;
    int z_open;
#endif
#ifdef RF_HAVE_ZSTD
    ZSTD_DCtx *zd;
    size_t zd_hint;
#endif
} source;

static size_t source_fail(source *s, const char *what)
{
    if (!s->error[0]) snprintf(s->error, sizeof s->error, "%s", what);
    return (size_t)-1;
}

/* Fetches more stored bytes after buf[pos..len) (moved to the front). 0, or -1 after an error. */
static int source_fill(source *s)
{
    if (s->pos > 0) {
        memmove(s->buf, s->buf + s->pos, s->len - s->pos);
        s->len -= s->pos;
        s->pos = 0;
    }
    if (s->eof || s->len == RAW_BLOCK) return 0;
    if (s->fd < 0) {
        size_t n = s->mem_len - s->mem_at;
        if (n > RAW_BLOCK - s->len) n = RAW_BLOCK - s->len;
        memcpy(s->buf + s->len, s->mem + s->mem_at, n);
        s->mem_at += n;
        s->len += n;
        if (n == 0) s->eof = 1;
        return 0;
    }
    for (;;) {
        ssize_t n = read(s->fd, s->buf + s->len, RAW_BLOCK - s->len);
        if (n > 0) {
            s->len += (size_t)n;
            return 0;
        }
        if (n == 0) {
            s->eof = 1;
            return 0;
        }
        if (errno != EINTR) {
            source_fail(s, strerror(errno));
            return -1;
        }
    }
}

/* Sniffs the kind and starts its decompressor: 0, or -1 with s->error. */
static int source_start(source *s)
{
    while (s->len < 4 && !s->eof)
        if (source_fill(s) < 0) return -1;
    const unsigned char *b = s->buf;
    if (s->len >= 2 && b[0] == 0x1f && b[1] == 0x8b)
        s->kind = KIND_GZIP;
    else if (s->len >= 4 && ((b[0] == 0x28 && b[1] == 0xb5 && b[2] == 0x2f && b[3] == 0xfd) ||
                             ((b[0] & 0xf0) == 0x50 && b[1] == 0x2a && b[2] == 0x4d && b[3] == 0x18)))
        s->kind = KIND_ZSTD;
    if (s->kind == KIND_GZIP) {
#ifdef RF_HAVE_ZLIB
        if (inflateInit2(&s->z, 16 + MAX_WBITS) != Z_OK) return (int)source_fail(s, "cannot start gzip decompression");
        s->z_open = 1;
#else
        return (int)source_fail(s, "gzip-compressed, but this rankfile was built without zlib");
#endif
    } else if (s->kind == KIND_ZSTD) {
#ifdef RF_HAVE_ZSTD
        s->zd = ZSTD_createDCtx();
        if (!s->zd) return (int)source_fail(s, "cannot start zstd decompression");
#else
        return (int)source_fail(s, "zstd-compressed, but this rankfile was built without libzstd");
#endif
    }
    return 0;
}

static void source_close(source *s)
{
#ifdef RF_HAVE_ZLIB
    if (s->z_open) inflateEnd(&s->z);
#endif
#ifdef RF_HAVE_ZSTD
    ZSTD_freeDCtx(s->zd);
#endif
    if (s->fd >= 0) close(s->fd);
    free(s->buf);
}

/* Up to cap bytes of the (decompressed) stream: the count, 0 at the end, (size_t)-1 on error. */
static size_t source_read(source *s, unsigned char *out, size_t cap)
{
    if (s->error[0]) return (size_t)-1;
    if (s->kind == KIND_PLAIN) {
        if (s->pos == s->len && source_fill(s) < 0) return (size_t)-1;
        size_t n = s->len - s->pos < cap ? s->len - s->pos : cap;
        memcpy(out, s->buf + s->pos, n);
        s->pos += n;
        return n;
    }
#ifdef RF_HAVE_ZLIB
    if (s->kind == KIND_GZIP) {
        size_t done = 0;
        while (done < cap) {
            if (s->pos == s->len && !s->eof) {
                if (done > 0) break;
                if (source_fill(s) < 0) return (size_t)-1;
                continue;
            }
            if (s->pos == s->len && !s->in_frame) break; /* the end, between members */
            size_t avail = s->len - s->pos, room = cap - done;
            s->z.next_in = s->buf + s->pos;
            s->z.avail_in = (unsigned)(avail < (1u << 30) ? avail : (1u << 30));
            s->z.next_out = out + done;
            s->z.avail_out = (unsigned)(room < (1u << 30) ? room : (1u << 30));
            unsigned in_before = s->z.avail_in, out_before = s->z.avail_out;
            if (s->z.avail_in > 0) s->in_frame = 1;
            int ret = inflate(&s->z, Z_NO_FLUSH);
            s->pos += in_before - s->z.avail_in;
            done += out_before - s->z.avail_out;
            if (ret == Z_STREAM_END) {
                s->in_frame = 0;
                inflateReset(&s->z);
            } else if (ret == Z_BUF_ERROR) {
                if (s->pos == s->len && s->eof) return source_fail(s, "truncated gzip data");
            } else if (ret != Z_OK) {
                return source_fail(s, "corrupt gzip data");
            }
        }
        return done;
    }
#endif
#ifdef RF_HAVE_ZSTD
    if (s->kind == KIND_ZSTD) {
        ZSTD_outBuffer o = {out, cap, 0};
        while (o.pos < o.size) {
            if (s->pos == s->len && !s->eof) {
                if (o.pos > 0) break;
                if (source_fill(s) < 0) return (size_t)-1;
                continue;
            }
            if (s->pos == s->len && s->zd_hint == 0) break; /* the end, between frames */
            ZSTD_inBuffer in = {s->buf, s->len, s->pos};
            size_t before = o.pos;
            size_t ret = ZSTD_decompressStream(s->zd, &o, &in);
            s->pos = in.pos;
            if (ZSTD_isError(ret)) return source_fail(s, "corrupt zstd data");
            s->zd_hint = ret;
            if (ret != 0 && s->pos == s->len && s->eof && o.pos == before)
                return source_fail(s, "truncated zstd data");
        }
        return o.pos;
    }
#endif
    return source_fail(s, "unreadable input");
}

/* ---- text: UTF-8, or Windows-1252 from the first byte that is not UTF-8 -------------------- */

static const uint16_t cp1252_high[32] = {
    0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160,
    0x2039, 0x0152, 0x008D, 0x017D, 0x008F, 0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022,
    0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178,
};

typedef struct text {
    source src;
    int latin;                /* reading Windows-1252 */
    size_t pos, checked, len; /* raw[pos..len) not handed out; raw[pos..checked) is UTF-8 */
    int eof;
    unsigned char raw[WINDOW];
} text;

/* 1..4: a whole UTF-8 sequence at s; 0: the start of one cut by the end of n; -1: not UTF-8. */
static int utf8_length(const unsigned char *s, size_t n)
{
    unsigned c = s[0], lo = 0x80, hi = 0xBF;
    int len;
    if (c < 0x80) return 1;
    if (c >= 0xC2 && c <= 0xDF)
        len = 2;
    else if (c >= 0xE0 && c <= 0xEF) {
        len = 3;
        if (c == 0xE0) lo = 0xA0;
        if (c == 0xED) hi = 0x9F;
    } else if (c >= 0xF0 && c <= 0xF4) {
        len = 4;
        if (c == 0xF0) lo = 0x90;
        if (c == 0xF4) hi = 0x8F;
    } else
        return -1;
    for (int i = 1; i < len; i++) {
        if ((size_t)i >= n) return 0;
        unsigned b = s[i];
        if (i == 1 ? (b < lo || b > hi) : (b < 0x80 || b > 0xBF)) return -1;
    }
    return len;
}

/* Checks raw[checked..len); a byte that is not UTF-8 turns the rest to Windows-1252. */
static void text_scan(text *t)
{
    size_t at = t->checked;
    while (at < t->len) {
        if (t->raw[at] < 0x80) {
            at++;
            continue;
        }
        int n = utf8_length(t->raw + at, t->len - at);
        if (n > 0) {
            at += (size_t)n;
        } else {
            if (n < 0 || t->eof) t->latin = 1;
            break;
        }
    }
    t->checked = at;
}

static int text_refill(text *t)
{
    size_t left = t->len - t->pos;
    memmove(t->raw, t->raw + t->pos, left);
    t->checked -= t->pos;
    t->len = left;
    t->pos = 0;
    size_t n = source_read(&t->src, t->raw + t->len, sizeof t->raw - t->len);
    if (n == (size_t)-1) return -1;
    if (n == 0) t->eof = 1;
    t->len += n;
    if (!t->latin) text_scan(t);
    return 0;
}

/* The reader's callback: UTF-8 text. */
static size_t text_read(void *ctx, char *buf, size_t cap)
{
    text *t = ctx;
    unsigned char *out = (unsigned char *)buf;
    size_t n = 0;
    while (n < cap) {
        if (t->len - t->pos < 4 && !t->eof && text_refill(t) < 0) return n ? n : (size_t)-1;
        if (t->pos == t->len) break;
        if (t->latin) {
            while (t->pos < t->len && n + 3 <= cap) {
                unsigned c = t->raw[t->pos++];
                unsigned u = c < 0x80 ? c : c < 0xA0 ? cp1252_high[c - 0x80] : c;
                if (u < 0x80) {
                    out[n++] = (unsigned char)u;
                } else if (u < 0x800) {
                    out[n++] = (unsigned char)(0xC0 | u >> 6);
                    out[n++] = (unsigned char)(0x80 | (u & 0x3F));
                } else {
                    out[n++] = (unsigned char)(0xE0 | u >> 12);
                    out[n++] = (unsigned char)(0x80 | ((u >> 6) & 0x3F));
                    out[n++] = (unsigned char)(0x80 | (u & 0x3F));
                }
            }
            if (n + 3 > cap) break;
            continue;
        }
        if (t->pos < t->checked) {
            size_t k = t->checked - t->pos;
            if (k > cap - n) k = cap - n;
            memcpy(out + n, t->raw + t->pos, k);
            n += k;
            t->pos += k;
            continue;
        }
        if (t->eof) break;
        if (text_refill(t) < 0) return n ? n : (size_t)-1;
    }
    return n;
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
    COL_ERROR_COLUMN, COL_WARNING, COL_COUNT
};
static const char *const col_names[COL_COUNT] = {
    "index", "offset", "variant", "chess960", "start_fen", "moves_uci", "moves_san", "plies",
    "result", "termination", "winner", "final_fen", "error", "error_line", "error_column", "warning",
};

typedef struct game_row {
    int64_t index, offset, plies, error_line, error_column;
    uint8_t variant, chess960, start_ok, winner; /* winner: 0 none, 1 white, 2 black */
    const char *termination;                     /* static, or NULL */
    char result[8];
    span start_fen, final_fen, error, warning;
    size_t tag_first, tag_count;                 /* into tag_entries */
    size_t move_first, move_count;               /* the main line, into `moves` */
    size_t start;                                /* its start, into `starts` */
} game_row;

typedef struct tag_entry {
    uint32_t name; /* index into the tag names */
    span value;
} tag_entry;

#define NAME_HASH 1024

typedef struct build {
    rf_pgn_reader *reader;
    int want[COL_COUNT];
    int filter, filter_chess960;
    rf_variant filter_variant;
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
    if (start && b->filter &&
        (start->variant != b->filter_variant || start->chess960 != b->filter_chess960))
        b->keep = 0;
    return b->keep ? RF_PGN_CONTINUE : RF_PGN_SKIP;
}

/* The main line's moves are kept as they are; their SAN and UCI are written when a column
 * asks for them (moves_text), by playing them again from the start. */
static void on_move(void *user, const rf_position *before, rf_move m, unsigned depth)
{
    build *b = user;
    (void)before;
    if (depth == 0) arena_add(&b->moves, &m, sizeof m);
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
        if (b->want[COL_START_FEN]) r.start_fen = fen_span(b, &g->start);
        if (b->want[COL_FINAL_FEN]) r.final_fen = fen_span(b, &g->game->pos);
        if (b->want[COL_TERMINATION] || b->want[COL_WINNER]) {
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
    r.tag_first = b->tag_first;
    r.tag_count = b->tags.len / sizeof(tag_entry) - b->tag_first;
    arena_add(&b->rows, &r, sizeof r);
    b->games++;
}

/* Reads every game of the text into b. Returns 0, or -1 with the error in `why`. */
static int read_all(build *b, text *t, char *why, size_t why_cap)
{
    b->reader = rf_pgn_reader_new(text_read, t);
    if (!b->reader) {
        snprintf(why, why_cap, "out of memory");
        return -1;
    }
    rf_pgn_visitor v = {b, on_begin_game, on_header, on_end_headers, on_move, NULL, NULL, NULL, NULL,
                        on_end_game};
    int rc;
    while ((rc = rf_pgn_read_game(b->reader, &v)) == 1)
        if (b->text.failed || b->rows.failed || b->tags.failed || b->names.failed ||
            b->moves.failed || b->starts.failed)
            break;
    rf_pgn_reader_free(b->reader);
    b->reader = NULL;
    if (b->text.failed || b->rows.failed || b->tags.failed || b->names.failed ||
        b->moves.failed || b->starts.failed) {
        snprintf(why, why_cap, "out of memory");
        return -1;
    }
    if (rc < 0) {
        snprintf(why, why_cap, "%s", t->src.error[0] ? t->src.error : "read error");
        return -1;
    }
    return 0;
}

static void build_free(build *b)
{
    free(b->text.p);
    free(b->rows.p);
    free(b->tags.p);
    free(b->names.p);
    free(b->moves.p);
    free(b->starts.p);
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
            if (!b->want[c]) break;
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
        if (!b->want[c]) continue;
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
    build *b = ((table_object *)self)->b;
    if (b) {
        build_free(b);
        free(b);
    }
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

/* Opens the source: a path (str, bytes or os.PathLike) or bytes-like data (kept in `*hold`). */
static int open_source(source *s, PyObject *src, int is_path, PyObject **hold)
{
    memset(s, 0, sizeof *s);
    s->fd = -1;
    s->buf = malloc(RAW_BLOCK);
    if (!s->buf) {
        PyErr_NoMemory();
        return -1;
    }
    if (is_path) {
        PyObject *path = NULL;
        if (!PyUnicode_FSConverter(src, &path)) return -1;
        const char *p = PyBytes_AsString(path);
        int fd;
        Py_BEGIN_ALLOW_THREADS
        do
            fd = open(p, O_RDONLY | O_CLOEXEC);
        while (fd < 0 && errno == EINTR);
        Py_END_ALLOW_THREADS
        if (fd < 0) {
            PyErr_SetFromErrnoWithFilenameObject(PyExc_OSError, src);
            Py_DECREF(path);
            return -1;
        }
        struct stat st;
        if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
            close(fd);
            errno = EISDIR;
            PyErr_SetFromErrnoWithFilenameObject(PyExc_OSError, src);
            Py_DECREF(path);
            return -1;
        }
        Py_DECREF(path);
        s->fd = fd;
        return 0;
    }
    *hold = PyBytes_FromObject(src);
    if (!*hold) return -1;
    char *data;
    Py_ssize_t len;
    if (PyBytes_AsStringAndSize(*hold, &data, &len) < 0) return -1;
    s->mem = (const unsigned char *)data;
    s->mem_len = (size_t)len;
    return 0;
}

/* _rankfile._pgn_table(source, is_path, columns, variant) -> PgnTableData: reads the whole
 * input (the GIL released). */
static PyObject *pgn_table(PyObject *self, PyObject *args)
{
    (void)self;
    PyObject *src, *only, *variant_name;
    int is_path;
    if (!PyArg_ParseTuple(args, "OpOO", &src, &is_path, &only, &variant_name)) return NULL;
    if (only == Py_None) only = NULL;
    build *b = calloc(1, sizeof *b);
    text *t = calloc(1, sizeof *t);
    PyObject *hold = NULL, *result = NULL;
    if (!b || !t) {
        PyErr_NoMemory();
        goto done;
    }
    for (int i = 0; i < NAME_HASH; i++) b->name_hash[i] = -1;
    for (int c = 0; c < COL_COUNT; c++) {
        if (!only) {
            b->want[c] = 1;
            continue;
        }
        PyObject *name = PyUnicode_FromString(col_names[c]);
        if (!name) goto done;
        b->want[c] = PySequence_Contains(only, name);
        Py_DECREF(name);
        if (b->want[c] < 0) goto done;
    }
    if (variant_name != Py_None) {
        Py_ssize_t len;
        const char *name = PyUnicode_AsUTF8AndSize(variant_name, &len);
        if (!name) goto done;
        int c960 = 0;
        if (rf_variant_from_name(&b->filter_variant, &c960, name, (size_t)len) != RF_OK) {
            PyErr_Format(PyExc_ValueError, "unknown variant '%U'", variant_name);
            goto done;
        }
        b->filter = 1;
        b->filter_chess960 = c960;
    }
    if (open_source(&t->src, src, is_path, &hold) < 0) goto done;
    char why[256] = "";
    int rc;
    Py_BEGIN_ALLOW_THREADS
    rc = source_start(&t->src);
    if (rc == 0) rc = read_all(b, t, why, sizeof why);
    else snprintf(why, sizeof why, "%s", t->src.error);
    Py_END_ALLOW_THREADS
    if (rc < 0) {
        if (strcmp(why, "out of memory") == 0)
            PyErr_NoMemory();
        else
            PyErr_Format(PyExc_ValueError, "cannot read the PGN input: %s", why);
        goto done;
    }
    table_object *obj = PyObject_New(table_object, table_type);
    if (!obj) goto done;
    obj->b = b;
    b = NULL;
    result = (PyObject *)obj;
done:
    if (t) {
        if (t->src.buf || t->src.fd >= 0) source_close(&t->src);
        free(t);
    }
    if (b) {
        build_free(b);
        free(b);
    }
    Py_XDECREF(hold);
    return result;
}

static PyMethodDef table_functions[] = {
    {"_pgn_table", pgn_table, METH_VARARGS,
     "_pgn_table(source, is_path, columns, variant) -> PgnTableData\n\n"
     "Reads a whole PGN input in C (rankfile.pgn.read_table is the interface)."},
    {NULL, NULL, 0, NULL},
};

int rfpy_table_init(PyObject *module)
{
    table_type = (PyTypeObject *)PyType_FromSpec(&table_spec);
    if (!table_type) return -1;
    return PyModule_AddFunctions(module, table_functions);
}
