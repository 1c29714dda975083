/*
 * pgn.c - the PGN reader: games from a stream of bytes, every move checked, reported to a
 * visitor (see "PGN games" in rankfile.h).
 *
 * The reader holds a block of input (refilled by the read callback), the text of the comment or
 * tag value being read, and one game's state: the main line as an rf_game (for repetitions) and
 * per open variation the position before its last move and the position now. Nothing grows with
 * the input but the text buffer, which stops at RF_PGN_TEXT_MAX.
 *
 * Where a game ends: at its termination marker (with the comments that follow it on the same
 * line), at a line whose first non-blank byte is '[' (the next game's tags), or at the end of
 * the input. After an error the game is read on to that end without checking or reporting.
 */
#include "position.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BLOCK (64 * 1024)
#define WORD_MAX 64    /* a longer word is no move: kept only for the message */
#define NAME_MAX 256   /* a tag name's bytes kept */
#define FEN_TAG_MAX 512

typedef struct level {
    rf_position before;      /* the position before the last move at this level */
    rf_position now;         /* the position now (level 0 uses the reader's rf_game) */
    int has_move;            /* a move has been played at this level */
    unsigned long line, col; /* where its '(' is */
} level;

struct rf_pgn_reader {
    rf_pgn_read_fn read;
    void *ctx;
    char *buf;               /* the input block (the text itself in memory mode) */
    size_t at, end;          /* next byte, end of the block */
    int own_buf, eof, failed;
    uint64_t base;           /* offset of buf[0] in the input */
    unsigned long line;      /* the line of the next byte, from 1 */
    uint64_t line_start;     /* offset of that line's first byte */
    int blank_line;          /* only white space so far on the current line */

    char *text;              /* comment or tag value being read */
    size_t text_len, text_cap;
    char name[NAME_MAX];
    size_t name_len;
    char variant_tag[64];
    size_t variant_len;
    unsigned long variant_line, variant_col;
    int has_variant;
    char fen_tag[FEN_TAG_MAX];
    size_t fen_len;
    unsigned long fen_line, fen_col;
    int has_fen, fen_too_long;
    char result_tag[48];     /* the [Result] tag's value (its first bytes) */
    size_t result_tag_len;   /* its length */
    unsigned long result_tag_line;
    int has_result_tag;
    unsigned long last_line; /* the line of the game's last tag or movetext token */
    unsigned long empty_line; /* the last line that held only white space (0: none yet) */
    int movetext_seen;       /* the game has a movetext token */
    int end_known;           /* why the game has no marker is known: the input ended inside a
                                tag or a comment, or the marker came inside a variation */

    unsigned long games;
    rf_pgn_place place;      /* where the game being read began */
    int started;             /* the reader has read (rf_pgn_reader_set_place no longer can) */
    int has_end;             /* rf_pgn_reader_set_end: no game begins at or past `end_at` */
    uint64_t end_at;
    rf_pgn_game info;
    int checking;            /* moves are checked and reported (no error, not skipped) */
    int quiet;               /* the visitor skipped the whole game */
    unsigned long depth;     /* open variations */
    unsigned long quiet_from; /* depth of a variation the visitor skipped, 0 when none */
    rf_game main;
    level levels[RF_PGN_MAX_DEPTH + 1];
};

/* ---- input --------------------------------------------------------------------------------- */

static int fill(rf_pgn_reader *r)
{
    if (r->eof) return 0;
    if (!r->read) {
        r->eof = 1;
        return 0;
    }
    r->base += r->end;
    r->at = r->end = 0;
    size_t n = r->read(r->ctx, r->buf, BLOCK);
    /* The first block holds the input's first 3 bytes (when it has them), so that
     * skip_to_game sees a byte-order mark whole, whatever sizes the callback reads. */
    while (r->base == 0 && n > 0 && n < 3) {
        size_t more = r->read(r->ctx, r->buf + n, BLOCK - n);
        if (more == 0) break;
        n = more == (size_t)-1 || more > BLOCK - n ? (size_t)-1 : n + more;
    }
    if (n == (size_t)-1 || n > BLOCK) {
        r->failed = r->eof = 1;
        return 0;
    }
    if (n == 0) {
        r->eof = 1;
        return 0;
    }
    r->end = n;
    return 1;
}

static inline int peek(rf_pgn_reader *r)
{
    if (r->at == r->end && !fill(r)) return -1;
    return (unsigned char)r->buf[r->at];
}

/* The byte after the one peek returned, or -1: when that one ends the block, it is moved to the
 * block's start and the next bytes are read after it. */
static int peek_second(rf_pgn_reader *r)
{
    if (r->at + 1 < r->end) return (unsigned char)r->buf[r->at + 1];
    if (r->at >= r->end || r->eof || !r->read) return -1;
    r->buf[0] = r->buf[r->at];
    r->base += r->at;
    r->at = 0;
    r->end = 1;
    size_t n = r->read(r->ctx, r->buf + 1, BLOCK - 1);
    if (n == (size_t)-1 || n > BLOCK - 1) {
        r->failed = r->eof = 1;
        return -1;
    }
    if (n == 0) {
        r->eof = 1;
        return -1;
    }
    r->end = 1 + n;
    return (unsigned char)r->buf[1];
}

/* Consumes the byte peek returned. */
static inline void advance(rf_pgn_reader *r)
{
    char c = r->buf[r->at++];
    if (c == '\n') {
        if (r->blank_line) r->empty_line = r->line;
        r->line++;
        r->line_start = r->base + r->at;
        r->blank_line = 1;
    } else if (c != ' ' && c != '\t' && c != '\r') {
        r->blank_line = 0;
    }
}

static inline unsigned long column(const rf_pgn_reader *r)
{
    return (unsigned long)(r->base + r->at - r->line_start + 1);
}

/* The class of each byte of movetext, one load per byte where the reader scans: BLANK (space,
 * tab, CR, LF, FF, VT) or WORD (any byte above the space that does not start or end something
 * else: not { } ( ) ; [ ] " $ or DEL). */
enum { BYTE_BLANK = 1, BYTE_WORD = 2 };
#define BLANK_BYTE(c) ((c) == ' ' || (c) == '\t' || (c) == '\r' || (c) == '\n' || (c) == '\f' || (c) == '\v')
#define WORD_BYTE(c)                                                                                              \
    ((c) > ' ' && (c) != '{' && (c) != '}' && (c) != '(' && (c) != ')' && (c) != ';' && (c) != '[' &&           \
     (c) != ']' && (c) != '"' && (c) != '$' && (c) != 0x7f)
#define CLASS(c) (BLANK_BYTE(c) ? BYTE_BLANK : WORD_BYTE(c) ? BYTE_WORD : 0)
#define CLASS4(c) CLASS(c), CLASS((c) + 1), CLASS((c) + 2), CLASS((c) + 3)
#define CLASS16(c) CLASS4(c), CLASS4((c) + 4), CLASS4((c) + 8), CLASS4((c) + 12)
#define CLASS64(c) CLASS16(c), CLASS16((c) + 16), CLASS16((c) + 32), CLASS16((c) + 48)
static const uint8_t byte_class[256] = {CLASS64(0), CLASS64(64), CLASS64(128), CLASS64(192)};
/* For skip_unchecked, which runs over words and blanks until a byte that may matter: SKIP_STOP
 * for a line end, FF and VT (the line is no longer blank), '{', the bytes that may be in a
 * termination marker ('-' and '*'), '%', and every byte that is neither blank nor word;
 * SKIP_WORD for the other word bytes; 0 for space, tab and CR. */
enum { SKIP_STOP = 1, SKIP_WORD = 2 };
#define STOP_BYTE(c)                                                                                              \
    (!(BLANK_BYTE(c) || WORD_BYTE(c)) || (c) == '\n' || (c) == '\f' || (c) == '\v' || (c) == '{' ||           \
     (c) == '-' || (c) == '*' || (c) == '%')
#undef CLASS
#define CLASS(c) (STOP_BYTE(c) ? SKIP_STOP : WORD_BYTE(c) ? SKIP_WORD : 0)
static const uint8_t skip_class[256] = {CLASS64(0), CLASS64(64), CLASS64(128), CLASS64(192)};
#undef STOP_BYTE
#undef CLASS64
#undef CLASS16
#undef CLASS4
#undef CLASS
#undef WORD_BYTE
#undef BLANK_BYTE

static int is_blank(int c) { return c >= 0 && byte_class[c & 255] == BYTE_BLANK; }

/* Consumes the rest of the line, its newline included. */
static void skip_line(rf_pgn_reader *r)
{
    int c;
    while ((c = peek(r)) >= 0) {
        advance(r);
        if (c == '\n') return;
    }
}

static void text_reset(rf_pgn_reader *r) { r->text_len = 0; }

/* Appends n bytes to the text; 0 when they do not all fit (RF_PGN_TEXT_MAX) or memory ran out. */
static int text_add_bytes(rf_pgn_reader *r, const char *s, size_t n)
{
    if (n == 0) return 1; /* the text may not exist yet */
    if (r->text_len + n > r->text_cap) {
        size_t cap = r->text_cap ? r->text_cap : 256;
        while (cap < r->text_len + n && cap < RF_PGN_TEXT_MAX) cap *= 2;
        if (cap > RF_PGN_TEXT_MAX) cap = RF_PGN_TEXT_MAX;
        if (cap > r->text_cap) {
            char *t = realloc(r->text, cap);
            if (!t) return 0;
            r->text = t;
            r->text_cap = cap;
        }
        if (r->text_len + n > r->text_cap) {
            size_t room = r->text_cap - r->text_len;
            memcpy(r->text + r->text_len, s, room);
            r->text_len += room;
            return 0;
        }
    }
    memcpy(r->text + r->text_len, s, n);
    r->text_len += n;
    return 1;
}

/* What consume_until does with the bytes: nothing, count them (a comment nobody reads, which is
 * still an error when longer than RF_PGN_TEXT_MAX), or append them to the text. */
enum { KEEP_NONE, KEEP_LENGTH, KEEP_TEXT };

/* Consumes the bytes before the next `stop` byte (which is left unread) or the end of the input,
 * a block at a time, kept as `keep` says. Returns `stop`, or -1 at the end; *full is set when
 * the text could not hold them all. */
static int consume_until(rf_pgn_reader *r, char stop, int keep, int *full)
{
    for (;;) {
        if (r->at == r->end && !fill(r)) return -1;
        const char *start = r->buf + r->at;
        size_t avail = r->end - r->at;
        const char *hit = memchr(start, stop, avail);
        size_t n = hit ? (size_t)(hit - start) : avail;
        for (const char *p = memchr(start, '\n', n); p;
             p = memchr(p + 1, '\n', n - (size_t)(p + 1 - start))) {
            r->line++;
            r->line_start = r->base + r->at + (size_t)(p + 1 - start);
        }
        if (n) r->blank_line = 0;
        if (keep == KEEP_TEXT && !*full && !text_add_bytes(r, start, n)) *full = 1;
        if (keep == KEEP_LENGTH && !*full && (r->text_len += n) > RF_PGN_TEXT_MAX) *full = 1;
        r->at += n;
        if (hit) return (unsigned char)stop;
    }
}

/* ---- the reader's life --------------------------------------------------------------------- */

static rf_pgn_reader *reader_alloc(void)
{
    rf_init();
    rf_pgn_reader *r = calloc(1, sizeof *r);
    if (!r) return NULL;
    r->line = 1;
    r->blank_line = 1;
    r->place.line = 1;
    r->place.blank_line = 1;
    return r;
}

rf_pgn_reader *rf_pgn_reader_new(rf_pgn_read_fn read, void *ctx)
{
    if (!read) return NULL;
    rf_pgn_reader *r = reader_alloc();
    if (!r) return NULL;
    r->buf = malloc(BLOCK);
    if (!r->buf) {
        free(r);
        return NULL;
    }
    r->own_buf = 1;
    r->read = read;
    r->ctx = ctx;
    return r;
}

rf_pgn_reader *rf_pgn_reader_new_memory(const char *text, size_t len)
{
    if (!text && len) return NULL;
    rf_pgn_reader *r = reader_alloc();
    if (!r) return NULL;
    r->buf = (char *)(uintptr_t)(text ? text : ""); /* read only: never written through */
    r->end = text ? len : 0;
    return r;
}

void rf_pgn_reader_free(rf_pgn_reader *r)
{
    if (!r) return;
    if (r->own_buf) free(r->buf);
    free(r->text);
    free(r);
}

uint64_t rf_pgn_reader_offset(const rf_pgn_reader *r) { return r ? r->base + r->at : 0; }

rf_pgn_place rf_pgn_reader_game_place(const rf_pgn_reader *r)
{
    rf_pgn_place none = {0, 0, 1, 0, 1};
    return r ? r->place : none;
}

rf_status rf_pgn_reader_set_place(rf_pgn_reader *r, const rf_pgn_place *place)
{
    if (!r || !place || r->started || place->line == 0 || place->line_start > place->offset)
        return RF_ERR_ARGUMENT;
    r->base = place->offset;
    r->line_start = place->line_start;
    r->line = place->line;
    r->games = place->games;
    r->blank_line = place->blank_line != 0;
    r->place = *place;
    return RF_OK;
}

rf_status rf_pgn_reader_set_end(rf_pgn_reader *r, uint64_t offset)
{
    if (!r) return RF_ERR_ARGUMENT;
    r->has_end = 1;
    r->end_at = offset;
    return RF_OK;
}

/* ---- errors -------------------------------------------------------------------------------- */

/* A copy of at most 40 bytes of s, printable ASCII ('?' for other bytes). */
static const char *shown(char out[48], const char *s, size_t len)
{
    size_t n = len > 40 ? 40 : len;
    for (size_t i = 0; i < n; i++) out[i] = (s[i] >= 0x20 && s[i] < 0x7f) ? s[i] : '?';
    if (len > 40) {
        memcpy(out + n, "...", 3);
        n += 3;
    }
    out[n] = 0;
    return out;
}

/* A message made printable ASCII in place: every other byte becomes '?'. */
static void printable_only(char *text)
{
    for (char *p = text; *p; p++)
        if (*p < 0x20 || *p > 0x7e) *p = '?';
}

static void game_error(rf_pgn_reader *r, rf_status status, unsigned long line, unsigned long col,
                       const char *fmt, ...) __attribute__((format(printf, 5, 6)));

/* Records the game's first error and stops its checking. */
static void game_error(rf_pgn_reader *r, rf_status status, unsigned long line, unsigned long col,
                       const char *fmt, ...)
{
    r->checking = 0;
    if (r->info.status != RF_OK) return;
    r->info.status = status;
    r->info.error_line = line;
    r->info.error_column = col;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->info.error, sizeof r->info.error, fmt, ap);
    va_end(ap);
    printable_only(r->info.error);
}

static void game_warning(rf_pgn_reader *r, unsigned kind, unsigned long line, const char *fmt,
                         ...) __attribute__((format(printf, 4, 5)));

/* Records a warning: its bit, and its text and line when it is the game's first. */
static void game_warning(rf_pgn_reader *r, unsigned kind, unsigned long line, const char *fmt,
                         ...)
{
    if (r->info.warnings == 0) {
        r->info.warning_line = line;
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(r->info.warning, sizeof r->info.warning, fmt, ap);
        va_end(ap);
        printable_only(r->info.warning);
    }
    r->info.warnings |= kind;
}

/* ---- tags ---------------------------------------------------------------------------------- */

static inline int is_name_byte(int c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' ||
           c == '+' || c == '#' || c == '=' || c == ':' || c == '-';
}

static int name_is(const rf_pgn_reader *r, const char *name)
{
    size_t n = strlen(name);
    return r->name_len == n && memcmp(r->name, name, n) == 0;
}

/* How many bytes of the tag's name a message shows. */
static int shown_len(const rf_pgn_reader *r) { return r->name_len < 40 ? (int)r->name_len : 40; }

static void skip_spaces(rf_pgn_reader *r)
{
    int c;
    while ((c = peek(r)) == ' ' || c == '\t' || c == '\r') advance(r);
}

/* Reads a tag's quoted value after its '"' into the text buffer (kept unless the reader is quiet;
 * *full when it did not fit, *nul_col the column of a first NUL byte). Returns 0 at its closing
 * '"', TAG_CUT when the input ends inside it, TAG_OPEN when its line ends first (an error said). */
enum { TAG_CUT = 1, TAG_OPEN = 2 };
static int read_tag_value(rf_pgn_reader *r, unsigned long line, unsigned long col, int *full,
                          unsigned long *nul_col)
{
    for (;;) {
        /* The plain bytes up to the next '"', '\\', line end or NUL, at once (the line holds the
         * tag's '[': it is no longer blank). */
        size_t n = 0;
        for (const char *b = r->buf + r->at; n < r->end - r->at && b[n] != '"' && b[n] != '\\' && b[n] != '\n' && b[n];)
            n++;
        if (n) {
            if (!r->quiet && !*full && !text_add_bytes(r, r->buf + r->at, n)) *full = 1;
            r->at += n;
            r->blank_line = 0;
        }
        int c = peek(r);
        if (c < 0) return TAG_CUT;
        if (c == '\n') {
            game_error(r, RF_ERR_SYNTAX, line, col,
                       "[%.*s]: its value is not closed: the line ends before its '\"'",
                       shown_len(r), r->name);
            return TAG_OPEN;
        }
        if (c == 0 && !*nul_col) *nul_col = column(r);
        advance(r);
        if (c == '"') return 0;
        if (c == '\\') {
            int e = peek(r);
            if (e == '"' || e == '\\') {
                c = e;
                advance(r);
            }
        }
        char byte = (char)c;
        if (!r->quiet && !text_add_bytes(r, &byte, 1)) *full = 1;
    }
}

/* Keeps what the reader itself needs of a tag read whole (in r->name and r->text): the
 * [Variant], [FEN] and [Result] values. */
static void keep_tag(rf_pgn_reader *r, unsigned long line, unsigned long col)
{
    if (name_is(r, "Variant")) {
        r->has_variant = 1;
        r->variant_len = r->text_len < sizeof r->variant_tag ? r->text_len : sizeof r->variant_tag;
        if (r->variant_len) memcpy(r->variant_tag, r->text, r->variant_len);
        r->variant_line = line;
        r->variant_col = col;
    } else if (name_is(r, "FEN")) {
        r->has_fen = 1;
        r->fen_too_long = r->text_len > FEN_TAG_MAX;
        r->fen_len = r->fen_too_long ? 0 : r->text_len;
        if (r->fen_len) memcpy(r->fen_tag, r->text, r->fen_len);
        r->fen_line = line;
        r->fen_col = col;
    } else if (name_is(r, "Result")) {
        r->has_result_tag = 1;
        r->result_tag_len = r->text_len;
        size_t kept = r->text_len < sizeof r->result_tag ? r->text_len : sizeof r->result_tag;
        if (kept) memcpy(r->result_tag, r->text, kept);
        r->result_tag_line = line;
    }
}

/* Reads one tag pair at '['. The input ending inside it, or its line inside its value, is an
 * error (the tag is lost: a file cut short, a quote missing); another malformed one is skipped
 * to the end of its line, as python-chess skips it, with a warning. */
static void read_tag(rf_pgn_reader *r, const rf_pgn_visitor *v)
{
    unsigned long line = r->line, col = column(r), nul_col = 0;
    r->last_line = line;
    advance(r); /* '[' */
    skip_spaces(r);
    r->name_len = 0;
    int c;
    while ((c = peek(r)) >= 0 && is_name_byte(c)) {
        if (r->name_len < NAME_MAX) r->name[r->name_len] = (char)c;
        r->name_len++;
        advance(r);
    }
    if (c < 0) goto cut;
    if (r->name_len == 0 || r->name_len > NAME_MAX) goto malformed;
    skip_spaces(r);
    if ((c = peek(r)) < 0) goto cut;
    if (c != '"') goto malformed;
    advance(r);
    text_reset(r);
    int full = 0, value = read_tag_value(r, line, col, &full, &nul_col);
    if (value == TAG_CUT) goto cut;
    if (value == TAG_OPEN) return;
    skip_spaces(r);
    if ((c = peek(r)) < 0) goto cut;
    if (c != ']') goto malformed;
    advance(r);
    if (r->quiet) return; /* a game skipped whole: its tags are read past, not kept */
    if (full) {
        game_error(r, RF_ERR_ARGUMENT, line, col, "the value of tag '%.*s' is longer than %u bytes",
                   shown_len(r), r->name, RF_PGN_TEXT_MAX);
        return;
    }
    if (nul_col)
        game_error(r, RF_ERR_SYNTAX, line, nul_col,
                   "[%.*s]: a NUL byte in its value (no text holds one)", shown_len(r), r->name);
    keep_tag(r, line, col);
    if (v && v->header) v->header(v->user, r->name, r->name_len, r->text ? r->text : "", r->text_len);
    return;
cut:
    game_error(r, RF_ERR_SYNTAX, line, col, "a tag cut short: the input ends inside it");
    r->end_known = 1;
    return;
malformed:
    game_warning(r, RF_PGN_WARN_BAD_TAG, line,
                 "a line starting with '[' is no tag pair ([Name \"value\"]): skipped");
    if (peek(r) != '\n') skip_line(r);
}

/* The [Variant] names an unknown one is told, from the variants' rows: lichess's name of each
 * ("Standard, Atomic, ..."), then Chess960's first name; written to buf like snprintf. */
static void variant_names(char *buf, size_t cap)
{
    size_t n = 0;
    for (int v = 0; v < RF_VARIANT_COUNT && n < cap; v++)
        n += (size_t)snprintf(buf + n, cap - n, "%s%s", v ? ", " : "", rf_variant_pgn_name((rf_variant)v));
    if (n < cap) snprintf(buf + n, cap - n, ", or %s", rf_variant_alias(RF_VARIANT_STANDARD, 1, 0));
}

/* The start position from the [Variant] and [FEN] tags; 0 after an error. */
static int start_position(rf_pgn_reader *r, rf_position *start)
{
    rf_variant variant = RF_VARIANT_STANDARD;
    int chess960 = 0;
    char q[48];
    if (r->has_variant &&
        rf_variant_from_name(&variant, &chess960, r->variant_tag, r->variant_len) != RF_OK) {
        char names[160];
        variant_names(names, sizeof names);
        game_error(r, RF_ERR_NOT_FOUND, r->variant_line, r->variant_col,
                   "[Variant \"%s\"]: unknown variant (lichess's names: %s)",
                   shown(q, r->variant_tag, r->variant_len), names);
        return 0;
    }
    r->info.variant = variant;
    if (r->has_fen) {
        if (r->fen_too_long) {
            game_error(r, RF_ERR_SYNTAX, r->fen_line, r->fen_col,
                       "[FEN]: longer than %d bytes", FEN_TAG_MAX);
            return 0;
        }
        rf_error err;
        rf_status st = rf_position_parse(start, r->fen_tag, r->fen_len, variant,
                                         chess960 ? RF_PARSE_CHESS960 : 0, RF_ACCEPT_DEFAULT, &err);
        if (st != RF_OK) {
            game_error(r, st, r->fen_line, r->fen_col, "[FEN \"%s\"]: %s",
                       shown(q, r->fen_tag, r->fen_len), err.message);
            return 0;
        }
    } else {
        if (rf_position_startpos(start, variant) != RF_OK) {
            game_error(r, RF_ERR_ARGUMENT, r->variant_line, r->variant_col,
                       "[Variant]: this build does not play %s", rf_variant_name(variant));
            return 0;
        }
        start->chess960 = (uint8_t)chess960;
    }
    r->info.chess960 = start->chess960;
    return 1;
}

/* ---- movetext ------------------------------------------------------------------------------ */

/* Whether moves and the rest are checked and reported at the current depth. */
static int active(const rf_pgn_reader *r)
{
    return r->checking && (r->quiet_from == 0 || r->depth < r->quiet_from);
}

static rf_position *current(rf_pgn_reader *r)
{
    return r->depth == 0 ? &r->main.pos : &r->levels[r->depth].now;
}

static void report_nag(rf_pgn_reader *r, const rf_pgn_visitor *v, unsigned nag)
{
    if (active(r) && v && v->nag) v->nag(v->user, nag);
}

/* A comment's text is in r->text. */
static void report_comment(rf_pgn_reader *r, const rf_pgn_visitor *v)
{
    if (active(r) && v && v->comment) v->comment(v->user, r->text ? r->text : "", r->text_len);
}

/* Reads a {comment} at '{'. 0 when the input ended inside it. */
static int read_brace_comment(rf_pgn_reader *r, const rf_pgn_visitor *v)
{
    unsigned long line = r->line, col = column(r);
    advance(r);
    text_reset(r);
    int full = 0, keep = !active(r) ? KEEP_NONE : v && v->comment ? KEEP_TEXT : KEEP_LENGTH;
    int c = consume_until(r, '}', keep, &full);
    if (c < 0) {
        if (r->checking)
            game_error(r, RF_ERR_SYNTAX, line, col, "comment not closed: '{' without '}'");
        r->end_known = 1;
        return 0;
    }
    advance(r);
    if (full)
        game_error(r, RF_ERR_ARGUMENT, line, col, "comment longer than %u bytes", RF_PGN_TEXT_MAX);
    report_comment(r, v);
    return 1;
}

/* Reads a "; comment" at ';' to the end of its line. */
static void read_line_comment(rf_pgn_reader *r, const rf_pgn_visitor *v)
{
    advance(r);
    text_reset(r);
    int full = 0;
    consume_until(r, '\n', active(r) && v && v->comment ? KEEP_TEXT : KEEP_NONE, &full);
    if (r->text_len && r->text[r->text_len - 1] == '\r') r->text_len--;
    report_comment(r, v);
}

static const char *const suffix_nags[] = {"!", "?", "!!", "??", "!?", "?!"};

/* The NAG of a suffix annotation ("!?" 5), or 0 for another run of ! and ?. */
static unsigned suffix_nag(const char *s, size_t len)
{
    for (unsigned i = 0; i < 6; i++)
        if (strlen(suffix_nags[i]) == len && memcmp(s, suffix_nags[i], len) == 0) return i + 1;
    return 0;
}

/* A termination marker: 1-0, 0-1, 1/2-1/2 or *. Most words fail on their length or first byte. */
static inline int is_result(const char *w, size_t n)
{
    if (n == 3) return w[1] == '-' && ((w[0] == '1' && w[2] == '0') || (w[0] == '0' && w[2] == '1'));
    if (n == 7) return memcmp(w, "1/2-1/2", 7) == 0;
    return n == 1 && w[0] == '*';
}

/* Plays a move word (move number and suffix annotation already taken off). */
static void play_word(rf_pgn_reader *r, const rf_pgn_visitor *v, const char *w, size_t n,
                      unsigned long line, unsigned long col)
{
    rf_position *pos = current(r);
    rf_move m;
    rf_error err;
    rf_status st = rf_move_from_san(&m, pos, w, n, &err);
    if (st != RF_OK) {
        char q[48];
        const char *what = err.message + err.detail;
        game_error(r, st, line, col, "%u%s %s: %s", (unsigned)pos->fullmove,
                   pos->side == RF_WHITE ? "." : "...", shown(q, w, n), what);
        return;
    }
    if (v && v->move) v->move(v->user, pos, m, (unsigned)r->depth);
    level *l = &r->levels[r->depth];
    l->before = *pos;
    l->has_move = 1;
    if (r->depth == 0) {
        rf_game_play(&r->main, m);
        r->info.plies++;
    } else {
        rf_position_play(&l->now, m);
    }
}

/* A word of movetext: a move with its number and annotations, or a number alone. */
static void read_word(rf_pgn_reader *r, const rf_pgn_visitor *v, const char *w, size_t n,
                      unsigned long line, unsigned long col)
{
    char q[48];
    size_t i = 0;
    /* A move number: digits, then dots ("12." "12..." "12...e5"); digits alone are a number
     * written without its dot. */
    while (i < n && w[i] >= '0' && w[i] <= '9') i++;
    if (n == 4 && memcmp(w, "0000", 4) == 0) {
        i = 0; /* UCI's null move, not a number: refused as a move */
    } else if (i > 0 && (i == n || w[i] == '.')) {
        while (i < n && w[i] == '.') i++;
    } else {
        i = 0;
        while (i < n && w[i] == '.') i++; /* "..." alone, or "...e5" */
    }
    if (i == n || !active(r)) return;
    w += i;
    n -= i;
    col += (unsigned long)i;
    /* A suffix annotation after the move (and its check sign). */
    size_t end = n;
    while (end > 0 && (w[end - 1] == '!' || w[end - 1] == '?')) end--;
    unsigned nag = suffix_nag(w + end, n - end);
    if (end == 0) {
        if (nag) report_nag(r, v, nag);
        else game_error(r, RF_ERR_SYNTAX, line, col, "'%s' is not an annotation", shown(q, w, n));
        return;
    }
    if (n > WORD_MAX) {
        game_error(r, RF_ERR_SYNTAX, line, col, "'%s' is not a move", shown(q, w, n));
        return;
    }
    play_word(r, v, w, end, line, col);
    if (nag) report_nag(r, v, nag);
}

static inline int is_word_byte(int c) { return c >= 0 && byte_class[c & 255] == BYTE_WORD; }

/* The game ends: an open variation is an error. */
static void close_game(rf_pgn_reader *r)
{
    if (r->depth > 0 && r->checking) {
        const level *l = &r->levels[r->depth <= RF_PGN_MAX_DEPTH ? r->depth : RF_PGN_MAX_DEPTH];
        game_error(r, RF_ERR_SYNTAX, l->line, l->col,
                   "variation not closed: '(' without ')' before the game ends");
    }
}

/* After the termination marker: comments on the rest of its line belong to this game. */
static void after_result(rf_pgn_reader *r, const rf_pgn_visitor *v)
{
    for (;;) {
        skip_spaces(r);
        int c = peek(r);
        if (c == '{') {
            if (!read_brace_comment(r, v)) return;
        } else if (c == ';') {
            read_line_comment(r, v);
            return;
        } else {
            if (c == '\n') advance(r);
            return;
        }
    }
}

static void open_variation(rf_pgn_reader *r, const rf_pgn_visitor *v)
{
    unsigned long line = r->line, col = column(r);
    advance(r);
    if (!active(r)) {
        r->depth++;
        if (r->depth <= RF_PGN_MAX_DEPTH) {
            r->levels[r->depth].line = line;
            r->levels[r->depth].col = col;
        }
        return;
    }
    level *l = &r->levels[r->depth];
    if (!l->has_move) {
        game_error(r, RF_ERR_SYNTAX, line, col,
                   "a variation must follow the move it replaces: '(' before any move");
        r->depth++;
        return;
    }
    if (r->depth == RF_PGN_MAX_DEPTH) {
        game_error(r, RF_ERR_ARGUMENT, line, col, "variations nested deeper than %d",
                   RF_PGN_MAX_DEPTH);
        r->depth++;
        return;
    }
    level *next = &r->levels[r->depth + 1];
    next->now = l->before;
    next->has_move = 0;
    next->line = line;
    next->col = col;
    r->depth++;
    if (v && v->begin_variation && v->begin_variation(v->user) == RF_PGN_SKIP)
        r->quiet_from = r->depth;
}

static void close_variation(rf_pgn_reader *r, const rf_pgn_visitor *v)
{
    unsigned long line = r->line, col = column(r);
    advance(r);
    if (r->depth == 0) {
        if (r->checking)
            game_error(r, RF_ERR_SYNTAX, line, col, "')' without a variation to close");
        return;
    }
    int was_active = active(r) || (r->checking && r->quiet_from == r->depth);
    if (r->quiet_from == r->depth) r->quiet_from = 0;
    r->depth--;
    if (was_active && v && v->end_variation) v->end_variation(v->user);
}

/* Movetext no longer checked (the game skipped, or after its first error), read fast: the blanks
 * words and {comments} of the block from the reader's place, with the lines counted as advance()
 * counts them, up to anything else (a variation, a NAG, a ';' comment, a '%' or '[', a word or
 * comment the block cuts), which read_movetext reads. Words are not taken one by one: the scan
 * runs over word and blank bytes to a byte that may matter (skip_class), and looks at a word
 * only when it holds '-' or '*', as a termination marker does. Returns 1 at the termination
 * marker (stored as read_movetext stores it), the reader just past it. */
static int skip_unchecked(rf_pgn_reader *r)
{
    const char *b = r->buf;
    size_t at = r->at, end = r->end;
    while (at < end) {
        size_t run = at;
        unsigned seen = 0; /* SKIP_WORD: the run holds a word */
        unsigned k;
        while (at < end && !((k = skip_class[(unsigned char)b[at]]) & SKIP_STOP)) {
            seen |= k;
            at++;
        }
        if (at == end) {
            /* The block may cut the run's last word: read_movetext reads that one whole. */
            size_t w = at;
            while (w > run && byte_class[(unsigned char)b[w - 1]] == BYTE_WORD) w--;
            if (w < at) {
                seen = 0;
                for (size_t i = run; i < w; i++) seen |= skip_class[(unsigned char)b[i]];
                at = w;
            }
        }
        if (seen) {
            r->last_line = r->line;
            r->movetext_seen = 1;
            r->blank_line = 0;
        }
        if (at == end) break;
        const unsigned char c = (unsigned char)b[at];
        if (c == '\n') {
            int empty = r->blank_line;
            if (empty) r->empty_line = r->line;
            r->line++;
            r->line_start = r->base + at + 1;
            r->blank_line = 1;
            at++;
            if (empty && r->depth == 0) break; /* read_movetext looks at what follows */
            continue;
        }
        if (c == '\f' || c == '\v') {
            r->blank_line = 0;
            at++;
            continue;
        }
        if (c == '{') { /* a comment closed in the block: its lines counted */
            const char *close = memchr(b + at + 1, '}', end - at - 1);
            if (!close) break;
            r->last_line = r->line;
            r->movetext_seen = 1;
            for (const char *p = b + at + 1; (p = memchr(p, '\n', (size_t)(close - p))) != NULL; p++) {
                r->line++;
                r->line_start = r->base + (size_t)(p + 1 - b);
            }
            r->blank_line = 0;
            at = (size_t)(close + 1 - b);
            continue;
        }
        if (c != '-' && c != '*') break; /* '%' and the bytes that are no word */
        /* The word around the '-' or '*'. */
        size_t w = at;
        while (w > run && byte_class[(unsigned char)b[w - 1]] == BYTE_WORD) w--;
        while (at < end && byte_class[(unsigned char)b[at]] == BYTE_WORD) at++;
        if (at == end) { /* the block may cut it */
            at = w;
            break;
        }
        r->last_line = r->line;
        r->movetext_seen = 1;
        r->blank_line = 0;
        if (is_result(b + w, at - w)) {
            r->at = at;
            if (r->depth > 0) {
                r->end_known = 1; /* close_game(): no error in a game not checked */
            } else {
                memcpy(r->info.result, b + w, at - w);
                r->info.result[at - w] = 0;
            }
            return 1;
        }
    }
    r->at = at;
    return 0;
}

/* Reads movetext to the game's end. */
static void read_movetext(rf_pgn_reader *r, const rf_pgn_visitor *v)
{
    char word[WORD_MAX + 8];
    for (;;) {
        if (!r->checking && !(r->depth == 0 && r->movetext_seen && r->empty_line > r->last_line) &&
            skip_unchecked(r)) {
            after_result(r, v);
            return;
        }
        int c = peek(r);
        if (c < 0) {
            close_game(r);
            return;
        }
        if (is_blank(c)) {
            advance(r);
            continue;
        }
        unsigned long line = r->line, col = column(r);
        /* An empty line since the game's last token, outside variations: "1." starts a game. */
        if (c == '1' && r->depth == 0 && r->movetext_seen && r->empty_line > r->last_line &&
            peek_second(r) == '.') {
            close_game(r);
            return;
        }
        if (c != '[' || !r->blank_line) { /* not the next game's tags */
            r->last_line = line;
            r->movetext_seen = 1;
        }
        switch (c) {
        case '%':
            if (col == 1) {
                skip_line(r);
                continue;
            }
            break;
        case '[':
            if (r->blank_line) {
                close_game(r);
                return;
            }
            break;
        case '{':
            if (!read_brace_comment(r, v)) {
                close_game(r);
                return;
            }
            continue;
        case ';':
            read_line_comment(r, v);
            continue;
        case '(':
            open_variation(r, v);
            continue;
        case ')':
            close_variation(r, v);
            continue;
        case '$': {
            advance(r);
            unsigned long nag = 0;
            size_t digits = 0;
            while ((c = peek(r)) >= '0' && c <= '9') {
                if (nag < 1000) nag = nag * 10 + (unsigned long)(c - '0');
                digits++;
                advance(r);
            }
            if (!active(r)) continue;
            if (digits == 0 || nag > 255)
                game_error(r, RF_ERR_SYNTAX, line, col,
                           "'$' must be followed by a number 0-255 (a NAG)");
            else
                report_nag(r, v, (unsigned)nag);
            continue;
        }
        default:
            break;
        }
        if (!is_word_byte(c)) {
            advance(r);
            if (r->checking)
                game_error(r, RF_ERR_SYNTAX, line, col, "unexpected '%c' in the moves",
                           c >= 0x20 && c < 0x7f ? c : '?');
            continue;
        }
        /* The word, straight from the block (a word has no newline to count). */
        size_t n = 0;
        r->blank_line = 0;
        while (r->at < r->end || fill(r)) {
            const char *b = r->buf;
            size_t at = r->at, end = r->end;
            while (at < end && is_word_byte((unsigned char)b[at])) {
                if (n < sizeof word) word[n] = b[at];
                n++;
                at++;
            }
            r->at = at;
            if (at < end) break;
        }
        size_t kept = n < sizeof word ? n : sizeof word;
        if (is_result(word, n)) {
            if (r->depth > 0) {
                close_game(r); /* an error when still checking */
                r->end_known = 1;
            } else {
                memcpy(r->info.result, word, n);
                r->info.result[n] = 0;
            }
            after_result(r, v);
            return;
        }
        read_word(r, v, word, kept < n ? kept : n, line, col);
        if (n > kept && r->checking) {
            char q[48];
            game_error(r, RF_ERR_SYNTAX, line, col, "'%s' is not a move", shown(q, word, kept));
        }
    }
}

/* The game's end: a missing termination marker, or a [Result] tag that says another result.
 * A game whose end is known without a marker (an error ended it: a comment or variation not
 * closed) has neither warning: its error is what is said of it. */
static void check_result(rf_pgn_reader *r)
{
    const char *result = r->info.result;
    size_t n = strlen(result);
    if (n == 0) {
        if (!r->end_known)
            game_warning(r, RF_PGN_WARN_NO_RESULT, r->last_line, "no result marker; the game may be cut short");
    } else if (r->has_result_tag && (r->result_tag_len != n || memcmp(r->result_tag, result, n))) {
        char q[48];
        game_warning(r, RF_PGN_WARN_RESULT_TAG, r->result_tag_line,
                     "[Result \"%s\"] disagrees with the result marker %s",
                     shown(q, r->result_tag, r->result_tag_len > 41 ? 41 : r->result_tag_len),
                     result);
    }
}

/* Skips what comes before a game: white space, escape lines, a byte-order mark, ';' lines. */
static void skip_to_game(rf_pgn_reader *r)
{
    for (;;) {
        int c = peek(r);
        if (c < 0) return;
        if (r->base + r->at == 0 && c == 0xEF && r->end >= 3 &&
            memcmp(r->buf, "\xEF\xBB\xBF", 3) == 0) {
            r->at = 3;
            r->line_start = 3;
            continue;
        }
        if (is_blank(c)) {
            advance(r);
        } else if ((c == '%' && column(r) == 1) || c == ';') {
            skip_line(r);
        } else {
            return;
        }
    }
}

int rf_pgn_read_game(rf_pgn_reader *r, const rf_pgn_visitor *v)
{
    if (!r) return RF_ERR_ARGUMENT;
    if (r->failed) return RF_ERR_ARGUMENT;
    r->started = 1;
    skip_to_game(r);
    if (peek(r) < 0) return r->failed ? RF_ERR_ARGUMENT : 0;
    r->place.offset = r->base + r->at;
    r->place.line_start = r->line_start;
    r->place.line = r->line;
    r->place.games = r->games;
    r->place.blank_line = r->blank_line;
    if (r->has_end && r->place.offset >= r->end_at) return 0; /* that game is not read */

    memset(&r->info, 0, sizeof r->info);
    r->info.index = ++r->games;
    r->info.line = r->line;
    r->info.game = &r->main;
    r->has_variant = r->has_fen = r->has_result_tag = r->end_known = r->movetext_seen = 0;
    r->last_line = r->line;
    r->depth = r->quiet_from = 0;
    r->checking = 1;
    r->quiet = v && v->begin_game && v->begin_game(v->user, r->info.index) == RF_PGN_SKIP;

    /* Tags, with blank lines, escape lines and ';' lines among them. */
    for (;;) {
        int c = peek(r);
        if (c < 0) break;
        if (is_blank(c)) {
            advance(r);
        } else if ((c == '%' && column(r) == 1) || (c == ';' && r->blank_line)) {
            skip_line(r);
        } else if (c == '[') {
            read_tag(r, v);
        } else {
            break;
        }
    }

    rf_position start;
    int ok = r->checking && !r->quiet && start_position(r, &start);
    if (!ok) rf_position_startpos(&start, RF_VARIANT_STANDARD);
    r->info.start = start;
    rf_game_start(&r->main, &start);
    r->levels[0].has_move = 0;
    if (r->quiet) {
        r->checking = 0;
        r->info.skipped = 1;
    } else if (v && v->end_headers && v->end_headers(v->user, ok ? &start : NULL) == RF_PGN_SKIP) {
        r->checking = 0;
        r->info.skipped = 1;
    }
    read_movetext(r, v);
    check_result(r);
    if (v && v->end_game) v->end_game(v->user, &r->info);
    return 1;
}
