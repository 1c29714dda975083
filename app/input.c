/*
 * input.c - input files as streams of bytes: plain, or gzip and zstd decompressed on the fly
 * (the magic bytes tell which), with constant memory and one large buffer of stored bytes.
 * Concatenated gzip members and zstd frames are one stream; a stream that stops inside a member
 * or frame is an error.
 */
#include "app.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
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
#include <zstd_errors.h>
#endif

#define INPUT_BUFFER (256 * 1024)

typedef enum { INPUT_PLAIN, INPUT_GZIP, INPUT_ZSTD } input_kind;

struct cli_input {
    const cli_common *common; /* the run (cli_input_open), for messages; else NULL */
    char *name;           /* for messages */
    int fd;               /* -1: bytes in memory (mem), or a stream */
    const unsigned char *mem; /* cli_input_open_quiet's bytes in memory, else NULL */
    size_t mem_len, mem_at;
    char *error;          /* cli_input_open_quiet: a failure's text goes here, not to stderr */
    size_t error_cap;
    FILE *stream;         /* standard input as a stream with no file descriptor (an in-process
                             run's, as the CLI fuzz target makes): read with fread, else NULL */
    int own_fd;           /* 0 for standard input, which stays open */
    input_kind kind;
    int eof;              /* read(2) has returned 0 */
    int failed;           /* an error has been reported */
    int limited;          /* cli_input_range: only `left` more bytes are read */
    uint64_t left;
    int in_frame;         /* compressed: bytes of a member or frame fed, its end not yet seen */
    uint64_t size;        /* stored bytes, 0 when unknown */
    uint64_t fetched;     /* stored bytes read from the file so far */
    size_t pos, len;      /* buf[pos..len) are stored bytes not yet consumed */
    unsigned char *buf;   /* INPUT_BUFFER bytes */
#ifdef RF_HAVE_ZLIB
    z_stream z;
    int z_open;
#endif
#ifdef RF_HAVE_ZSTD
    ZSTD_DCtx *zd;
    size_t zd_hint;       /* ZSTD_decompressStream's last answer: 0 at a frame's end */
#endif
};

static const char *kind_names[] = {"plain", "gzip", "zstd"};

/* Says what is wrong: on stderr, or into the caller's buffer (cli_input_open_quiet). */
static void say(const cli_input *in, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void say(const cli_input *in, const char *fmt, ...)
{
    char text[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    if (in->error) {
        if (!in->error[0]) snprintf(in->error, in->error_cap, "%s", text);
    } else {
        cli_error(in->common, "%s", text);
    }
}

/* Reports an error on the input and marks it failed; returns CLI_INPUT_ERROR. */
static size_t fail(cli_input *in, const char *what, const char *detail)
{
    if (detail)
        say(in, "%s: %s (%s)", in->name, what, detail);
    else
        say(in, "%s: %s", in->name, what);
    in->failed = 1;
    return CLI_INPUT_ERROR;
}

/* One read: read(2), a copy from memory, or fread for a standard input that is a stream without
 * a descriptor. */
static ssize_t raw_read(cli_input *in, void *buf, size_t cap)
{
    if (in->mem) {
        size_t n = in->mem_len - in->mem_at < cap ? in->mem_len - in->mem_at : cap;
        memcpy(buf, in->mem + in->mem_at, n);
        in->mem_at += n;
        return (ssize_t)n;
    }
    if (in->limited) {
        if (in->left == 0) return 0;
        if (cap > in->left) cap = (size_t)in->left;
        ssize_t n = read(in->fd, buf, cap);
        if (n > 0) in->left -= (uint64_t)n;
        return n;
    }
    if (!in->stream) return read(in->fd, buf, cap);
    size_t n = fread(buf, 1, cap, in->stream);
    if (n == 0 && ferror(in->stream)) {
        errno = EIO;
        return -1;
    }
    return (ssize_t)n;
}

/* One read(2) into the free part of the buffer (compacted first). 0, or -1 after an error. */
static int fill(cli_input *in)
{
    if (in->pos == in->len) {
        in->pos = in->len = 0;
    } else if (in->pos > 0) {
        memmove(in->buf, in->buf + in->pos, in->len - in->pos);
        in->len -= in->pos;
        in->pos = 0;
    }
    if (in->eof || in->len == INPUT_BUFFER) return 0;
    for (;;) {
        ssize_t n = raw_read(in, in->buf + in->len, INPUT_BUFFER - in->len);
        if (n > 0) {
            in->len += (size_t)n;
            in->fetched += (uint64_t)n;
            return 0;
        }
        if (n == 0) {
            in->eof = 1;
            return 0;
        }
        if (errno != EINTR) {
            fail(in, "read error", strerror(errno));
            return -1;
        }
    }
}

static int ends_with(const char *s, const char *tail)
{
    size_t n = strlen(s), m = strlen(tail);
    return n >= m && strcmp(s + n - m, tail) == 0;
}

/* The kind the first bytes announce. zstd skippable frames (magic 0x184D2A50-5F, stored little
 * endian) open a zstd stream too. */
static input_kind sniff(const unsigned char *b, size_t n)
{
    if (n >= 2 && b[0] == 0x1f && b[1] == 0x8b) return INPUT_GZIP;
    if (n >= 4 && b[0] == 0x28 && b[1] == 0xb5 && b[2] == 0x2f && b[3] == 0xfd) return INPUT_ZSTD;
    if (n >= 4 && (b[0] & 0xf0) == 0x50 && b[1] == 0x2a && b[2] == 0x4d && b[3] == 0x18)
        return INPUT_ZSTD;
    return INPUT_PLAIN;
}

#if !defined(RF_HAVE_ZLIB) || !defined(RF_HAVE_ZSTD)
/* A compressed input this build cannot read: says how to decompress it first; -1. */
static int unbuilt(cli_input *in, const char *path, const char *kind, const char *library,
                   const char *tool)
{
    if (strcmp(path, "-") == 0)
        say(in, "%s is %s-compressed but this rankfile was built without %s; decompress it "
                "first: %s -dc", in->name, kind, library, tool);
    else
        say(in, "%s is %s-compressed but this rankfile was built without %s; decompress it "
                "first: %s -d %s", in->name, kind, library, tool, path);
    return -1;
}
#endif

/* Sets up the decompressor for in->kind; 0, or -1 after a message. */
static int start_decoder(cli_input *in, const char *path)
{
    (void)path;
    if (in->kind == INPUT_GZIP) {
#ifdef RF_HAVE_ZLIB
        memset(&in->z, 0, sizeof in->z);
        if (inflateInit2(&in->z, 16 + MAX_WBITS) != Z_OK) {
            say(in, "%s: cannot start gzip decompression", in->name);
            return -1;
        }
        in->z_open = 1;
        return 0;
#else
        return unbuilt(in, path, "gzip", "zlib", "gzip");
#endif
    }
    if (in->kind == INPUT_ZSTD) {
#ifdef RF_HAVE_ZSTD
        in->zd = ZSTD_createDCtx();
        if (!in->zd) {
            say(in, "%s: cannot start zstd decompression", in->name);
            return -1;
        }
        in->zd_hint = 0;
        return 0;
#else
        return unbuilt(in, path, "zstd", "libzstd", "zstd");
#endif
    }
    return 0;
}

/* A new input named `name` (its buffer, no file yet), or NULL after saying so. */
static cli_input *input_new(const cli_common *c, const char *name, char *error, size_t error_cap)
{
    size_t name_size = strlen(name) + 1;
    cli_input *in = calloc(1, sizeof *in);
    if (in) {
        in->buf = malloc(INPUT_BUFFER);
        in->name = malloc(name_size);
    }
    if (!in || !in->buf || !in->name) {
        if (error)
            snprintf(error, error_cap, "cannot open %s: %s", name, strerror(ENOMEM));
        else
            cli_error(c, "cannot open %s: %s", name, strerror(ENOMEM));
        if (in) {
            free(in->buf);
            free(in->name);
            free(in);
        }
        return NULL;
    }
    memcpy(in->name, name, name_size);
    in->common = c;
    in->error = error;
    in->error_cap = error_cap;
    if (error && error_cap > 0) error[0] = '\0';
    return in;
}

/* Reads the first bytes, tells the kind (a name ending in .gz or .zst must match it) and starts
 * the decompressor: 0, or -1 after saying what is wrong. */
static int input_begin(cli_input *in, const char *path, int check_name)
{
    /* Enough of the start to see the magic bytes (a pipe may give them a few at a time). */
    while (in->len < 4 && !in->eof)
        if (fill(in) < 0) return -1;
    in->kind = sniff(in->buf, in->len);
    if (check_name) {
        if (ends_with(in->name, ".gz") && in->kind != INPUT_GZIP) {
            say(in, "%s: not gzip data, though its name ends in .gz", in->name);
            return -1;
        }
        if (ends_with(in->name, ".zst") && in->kind != INPUT_ZSTD) {
            say(in, "%s: not zstd data, though its name ends in .zst", in->name);
            return -1;
        }
    }
    return start_decoder(in, path);
}

cli_input *cli_input_open_quiet(int fd, const void *data, size_t len, const char *name, char *error,
                                size_t error_cap)
{
    cli_input *in = input_new(NULL, name, error, error_cap);
    if (!in) {
        if (fd >= 0) close(fd);
        return NULL;
    }
    in->fd = fd;
    if (fd >= 0) {
        in->own_fd = 1;
        struct stat st;
        if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode)) in->size = (uint64_t)st.st_size;
    } else {
        in->mem = data ? data : (const void *)"";
        in->mem_len = len;
        in->size = len;
    }
    if (input_begin(in, name, 1) < 0) {
        cli_input_close(in);
        return NULL;
    }
    return in;
}

void cli_input_defer(cli_input *in, char *error, size_t cap)
{
    in->error = error;
    in->error_cap = cap;
    if (cap) error[0] = 0;
}

int cli_input_quiet(const cli_input *in)
{
    return in->error != NULL;
}

cli_input *cli_input_open(const cli_common *c, const char *path)
{
    int is_stdin = strcmp(path, "-") == 0;
    cli_input *in = input_new(c, is_stdin ? "standard input" : path, NULL, 0);
    if (!in) return NULL;
    in->fd = is_stdin ? fileno(c->io->in) : -1;
    if (is_stdin && in->fd < 0) in->stream = c->io->in;
    if (!is_stdin) {
        do
            in->fd = open(path, O_RDONLY | O_CLOEXEC);
        while (in->fd < 0 && errno == EINTR);
        if (in->fd < 0) {
            cli_error(c, "cannot open %s: %s", path, strerror(errno));
            goto fail;
        }
        in->own_fd = 1;
    }

    struct stat st;
    if (in->fd >= 0 && fstat(in->fd, &st) == 0) {
        if (S_ISDIR(st.st_mode)) {
            cli_error(c, "cannot open %s: %s", in->name, strerror(EISDIR));
            goto fail;
        }
        if (S_ISREG(st.st_mode)) {
            off_t at = is_stdin ? lseek(in->fd, 0, SEEK_CUR) : 0;
            if (at < 0 || at > st.st_size) at = 0;
            in->size = (uint64_t)(st.st_size - at);
#ifdef POSIX_FADV_SEQUENTIAL
            (void)posix_fadvise(in->fd, 0, 0, POSIX_FADV_SEQUENTIAL);
#endif
        }
    }

    if (input_begin(in, path, !is_stdin) < 0) goto fail;
    return in;

fail:
    cli_input_close(in);
    return NULL;
}

static size_t read_plain(cli_input *in, char *buf, size_t cap)
{
    if (in->pos < in->len) {
        size_t n = in->len - in->pos < cap ? in->len - in->pos : cap;
        memcpy(buf, in->buf + in->pos, n);
        in->pos += n;
        return n;
    }
    while (!in->eof) {
        ssize_t n = raw_read(in, buf, cap);
        if (n > 0) {
            in->fetched += (uint64_t)n;
            return (size_t)n;
        }
        if (n == 0)
            in->eof = 1;
        else if (errno != EINTR)
            return fail(in, "read error", strerror(errno));
    }
    return 0;
}

#ifdef RF_HAVE_ZLIB
/* Inflates until buf is full, or some output is at hand and more would mean waiting for input.
 * At the end of a member the next one, if any bytes follow, starts from a reset stream. */
static size_t read_gzip(cli_input *in, char *buf, size_t cap)
{
    z_stream *z = &in->z;
    size_t done = 0;
    while (done < cap) {
        if (in->pos == in->len && !in->eof) {
            if (done > 0) break;
            if (fill(in) < 0) return CLI_INPUT_ERROR;
            continue;
        }
        if (in->pos == in->len && !in->in_frame) break; /* the end, between members */
        /* zlib counts in unsigned int: feed and take at most 1 GiB at a time. */
        size_t avail = in->len - in->pos, room = cap - done;
        z->next_in = in->buf + in->pos;
        z->avail_in = (unsigned)(avail < (1u << 30) ? avail : (1u << 30));
        z->next_out = (unsigned char *)buf + done;
        z->avail_out = (unsigned)(room < (1u << 30) ? room : (1u << 30));
        unsigned in_before = z->avail_in, out_before = z->avail_out;
        if (z->avail_in > 0) in->in_frame = 1;
        int ret = inflate(z, Z_NO_FLUSH);
        in->pos += in_before - z->avail_in;
        done += out_before - z->avail_out;
        if (ret == Z_STREAM_END) {
            in->in_frame = 0;
            inflateReset(z);
            continue;
        }
        if (ret == Z_OK) continue;
        if (ret == Z_BUF_ERROR) {
            /* No progress: only when the input has run out inside a member. */
            if (in->pos == in->len && in->eof) return fail(in, "truncated gzip data", NULL);
            continue;
        }
        if (ret == Z_MEM_ERROR) return fail(in, "gzip decompression", strerror(ENOMEM));
        return fail(in, "corrupt gzip data", z->msg ? z->msg : "invalid stream");
    }
    return done;
}
#endif

#ifdef RF_HAVE_ZSTD
/* As read_gzip; libzstd goes from one frame to the next by itself. */
static size_t read_zstd(cli_input *in, char *buf, size_t cap)
{
    ZSTD_outBuffer out = {buf, cap, 0};
    while (out.pos < out.size) {
        if (in->pos == in->len && !in->eof) {
            if (out.pos > 0) break;
            if (fill(in) < 0) return CLI_INPUT_ERROR;
            continue;
        }
        if (in->pos == in->len && in->zd_hint == 0) break; /* the end, between frames */
        ZSTD_inBuffer src = {in->buf, in->len, in->pos};
        size_t out_before = out.pos;
        size_t ret = ZSTD_decompressStream(in->zd, &out, &src);
        in->pos = src.pos;
        if (ZSTD_isError(ret)) {
            if (ZSTD_getErrorCode(ret) == ZSTD_error_memory_allocation)
                return fail(in, "zstd decompression", strerror(ENOMEM));
            /* Memory stays bounded: a window over libzstd's default limit (128 MiB, what
             * `zstd --long=31` writes) is refused as the zstd tool refuses it. */
            if (ZSTD_getErrorCode(ret) == ZSTD_error_frameParameter_windowTooLarge)
                return fail(in, "zstd data needs a window over 128 MiB (written with zstd "
                                "--long); decompress it first: zstd -d --long=31", NULL);
            return fail(in, "corrupt zstd data", ZSTD_getErrorName(ret));
        }
        in->zd_hint = ret;
        /* Nothing left to feed and nothing more came out: the input stops inside a frame. */
        if (ret != 0 && in->pos == in->len && in->eof && out.pos == out_before)
            return fail(in, "truncated zstd data", NULL);
    }
    return out.pos;
}
#endif

size_t cli_input_read(cli_input *in, char *buf, size_t cap)
{
    if (in->failed) return CLI_INPUT_ERROR;
    if (cap == 0) return 0;
    switch (in->kind) {
#ifdef RF_HAVE_ZLIB
    case INPUT_GZIP:
        return read_gzip(in, buf, cap);
#endif
#ifdef RF_HAVE_ZSTD
    case INPUT_ZSTD:
        return read_zstd(in, buf, cap);
#endif
    default:
        return read_plain(in, buf, cap);
    }
}

/* The byte at `at` of the file, or -1 (an error, or past its end). */
static int byte_at(int fd, uint64_t at)
{
    unsigned char c;
    ssize_t n;
    do
        n = pread(fd, &c, 1, (off_t)at);
    while (n < 0 && errno == EINTR);
    return n == 1 ? c : -1;
}

/* 1 when the line that ends just before `at` (its '\n' at at - 1) holds only blanks. */
static int blank_line_before(int fd, uint64_t at, const unsigned char *win, uint64_t win_at)
{
    for (uint64_t p = at - 1; p > 0; p--) { /* p - 1: the byte before the '\n' at p */
        int c = p - 1 >= win_at ? win[p - 1 - win_at] : byte_at(fd, p - 1);
        if (c == '\n') return 1;
        if (c != ' ' && c != '\t' && c != '\r') return 0;
    }
    return 1; /* the file's first line */
}

/* The first game boundary at or after x: 0, the file's size, or a '[' that begins a line after
 * a blank line. -1 after a read error. */
static int64_t boundary(int fd, uint64_t x, uint64_t size)
{
    if (x == 0) return 0;
    unsigned char win[64 * 1024];
    for (uint64_t at = x - 1; at < size;) { /* the window begins one byte early: the '\n' */
        ssize_t n;
        do
            n = pread(fd, win, sizeof win, (off_t)at);
        while (n < 0 && errno == EINTR);
        if (n < 0) return -1;
        if (n < 2) break;
        for (ssize_t i = 1; i < n; i++)
            if (win[i] == '[' && win[i - 1] == '\n' && blank_line_before(fd, at + (uint64_t)i, win, at))
                return (int64_t)(at + (uint64_t)i);
        at += (uint64_t)n - 1;
    }
    return (int64_t)size;
}

int cli_input_range(cli_input *in, uint64_t start, uint64_t end, uint64_t *from)
{
    struct stat st;
    if (in->kind != INPUT_PLAIN || in->fd < 0 || in->mem || fstat(in->fd, &st) != 0 ||
        !S_ISREG(st.st_mode)) {
        say(in, "%s: --range reads a plain file (not compressed, not a pipe): a compressed "
                "stream cannot be entered in the middle", in->name);
        in->failed = 1;
        return -1;
    }
    uint64_t size = (uint64_t)st.st_size;
    int64_t a = boundary(in->fd, start < size ? start : size, size);
    int64_t b = boundary(in->fd, end < size ? end : size, size);
    if (a < 0 || b < 0 || lseek(in->fd, (off_t)a, SEEK_SET) < 0) {
        fail(in, "read error", strerror(errno));
        return -1;
    }
    if (b < a) b = a;
    in->pos = in->len = 0;
    in->eof = 0;
    in->limited = 1;
    in->left = (uint64_t)(b - a);
    in->size = in->left;
    in->fetched = 0;
    *from = (uint64_t)a;
    return 0;
}

const char *cli_input_name(const cli_input *in)
{
    return in->name;
}

uint64_t cli_input_size(const cli_input *in)
{
    return in->size;
}

uint64_t cli_input_consumed(const cli_input *in)
{
    return in->fetched - (uint64_t)(in->len - in->pos);
}

const char *cli_input_kind(const cli_input *in)
{
    return kind_names[in->kind];
}

void cli_input_close(cli_input *in)
{
    if (!in) return;
#ifdef RF_HAVE_ZLIB
    if (in->z_open) inflateEnd(&in->z);
#endif
#ifdef RF_HAVE_ZSTD
    ZSTD_freeDCtx(in->zd);
#endif
    if (in->own_fd && in->fd >= 0) close(in->fd);
    free(in->buf);
    free(in->name);
    free(in);
}
