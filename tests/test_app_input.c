/* test_app_input.c - the input files of the application library (app/input.c, cli_input_*):
 * plain, gzip and zstd files written by the test read back byte for byte with any buffer size,
 * concatenated members and frames as one stream, truncated or corrupt data as an error, never as
 * an early end. */
#include <rankfile.h>

#include "app.h"
#include "harness.h"

#include <fcntl.h>
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

/* ---- temporary files: one directory, removed with what is in it at exit ---- */

#define MAX_FILES 64
static char tmp_dir[512];
static char tmp_files[MAX_FILES][600];
static int tmp_count;

static void remove_tmp(void)
{
    for (int i = 0; i < tmp_count; i++) unlink(tmp_files[i]);
    if (tmp_dir[0]) rmdir(tmp_dir);
}

/* The path of a new file NAME in the test's directory. */
static const char *tmp_path(const char *name)
{
    if (!tmp_dir[0]) {
        const char *base = getenv("TMPDIR");
        snprintf(tmp_dir, sizeof tmp_dir, "%s/rf_input_XXXXXX", base && *base ? base : "/tmp");
        if (!mkdtemp(tmp_dir)) {
            perror("mkdtemp");
            exit(1);
        }
        atexit(remove_tmp);
    }
    if (tmp_count == MAX_FILES) {
        fprintf(stderr, "too many temporary files\n");
        exit(1);
    }
    char *p = tmp_files[tmp_count++];
    snprintf(p, sizeof tmp_files[0], "%s/%s", tmp_dir, name);
    return p;
}

static int write_file(const char *path, const void *data, size_t len, const char *mode)
{
    FILE *f = fopen(path, mode);
    if (!f) return 0;
    int ok = fwrite(data, 1, len, f) == len;
    return fclose(f) == 0 && ok;
}

/* A file's bytes (malloc'd), *len its size; NULL when it cannot be read. */
static unsigned char *slurp(const char *path, size_t *len)
{
    *len = 0;
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    size_t cap = 1 << 16, n = 0, got;
    unsigned char *b = malloc(cap);
    while (b && (got = fread(b + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) b = realloc(b, cap *= 2);
    }
    fclose(f);
    *len = n;
    return b;
}

/* ---- sample text: PGN-like lines from a fixed generator, so compressible but not trivial ---- */

static char *sample_text(size_t len, uint32_t seed)
{
    static const char *const words[] = {"e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "O-O", "Nxe4",
                                        "d4", "exd4", "Qxd4+", "1-0", "{ [%clk 0:03:00] }",
                                        "[Event \"Rated Blitz game\"]\n", "\n\n", "1/2-1/2"};
    char *t = malloc(len + 1);
    size_t n = 0;
    uint32_t x = seed;
    while (t && n < len) {
        x = x * 1664525u + 1013904223u;
        const char *w = words[(x >> 24) % (sizeof words / sizeof *words)];
        for (size_t i = 0; w[i] && n < len; i++) t[n++] = w[i];
        if (n < len) t[n++] = (x >> 8) % 11 == 0 ? '\n' : ' ';
    }
    if (t) t[len] = '\0';
    return t;
}

/* ---- stderr captured into a file, to check the messages ---- */

static int saved_stderr = -1;
static const char *capture_path;
static char captured[2048];

static void capture_start(void)
{
    if (!capture_path) capture_path = tmp_path("stderr.txt");
    fflush(stderr);
    saved_stderr = dup(2);
    int fd = open(capture_path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    dup2(fd, 2);
    close(fd);
}

static const char *capture_end(void)
{
    fflush(stderr);
    dup2(saved_stderr, 2);
    close(saved_stderr);
    size_t n = 0;
    unsigned char *b = slurp(capture_path, &n);
    if (n >= sizeof captured) n = sizeof captured - 1;
    if (b) memcpy(captured, b, n);
    captured[b ? n : 0] = '\0';
    free(b);
    return captured;
}

/* The run the inputs are opened for: the command "pgn" on the process's standard streams. */
static const cli_common *pgn_run(void)
{
    static cli_io io;
    static cli_common common;
    io = (cli_io){stdin, stdout, stderr};
    common.io = &io;
    common.command = "pgn";
    return &common;
}

/* ---- reading a whole input ---- */

typedef struct {
    char *data;        /* the bytes read (malloc'd) */
    size_t len;
    int error;         /* cli_input_read returned CLI_INPUT_ERROR */
    int monotonic;     /* consumed never went down nor past the size */
    uint64_t size, consumed;
    char message[2048];
} reading;

/* Reads `path` to its end (or its error) with buffers of `cap` bytes. 0 when it cannot be
 * opened; the messages go to r->message. */
static int read_all(const char *path, size_t cap, reading *r)
{
    memset(r, 0, sizeof *r);
    capture_start();
    cli_input *in = cli_input_open(pgn_run(), path);
    char *buf = malloc(cap);
    size_t have = 1 << 16;
    r->data = malloc(have);
    r->monotonic = 1;
    if (in) {
        r->size = cli_input_size(in);
        uint64_t last = 0;
        for (;;) {
            size_t n = cli_input_read(in, buf, cap);
            uint64_t now = cli_input_consumed(in);
            if (now < last || (r->size && now > r->size)) r->monotonic = 0;
            last = now;
            if (n == CLI_INPUT_ERROR) {
                r->error = 1;
                /* Stays failed. */
                if (cli_input_read(in, buf, cap) != CLI_INPUT_ERROR) r->monotonic = 0;
                break;
            }
            if (n == 0) {
                /* The end stays the end. */
                if (cli_input_read(in, buf, cap) != 0) r->error = 1;
                break;
            }
            if (n > cap) r->monotonic = 0;
            while (r->len + n > have) r->data = realloc(r->data, have *= 2);
            memcpy(r->data + r->len, buf, n);
            r->len += n;
        }
        r->consumed = cli_input_consumed(in);
        cli_input_close(in);
    }
    free(buf);
    snprintf(r->message, sizeof r->message, "%s", capture_end());
    return in != NULL;
}

static const size_t caps[] = {1, 7, 4096, 256 * 1024, (1 << 20) + 3};

/* The file reads back as `want` with every buffer size, consumed() ending at size(), and
 * nothing said on stderr. */
static void check_reads_back(const char *path, const char *want, size_t want_len)
{
    size_t file_len = 0;
    free(slurp(path, &file_len));
    for (size_t i = 0; i < sizeof caps / sizeof *caps; i++) {
        /* Byte-sized reads of a large file are slow under the sanitizers: 1 MiB of it is enough. */
        if (caps[i] < 16 && want_len > (1u << 20) && HARNESS_SANITIZED) continue;
        reading r;
        if (!CHECK_MSG(read_all(path, caps[i], &r), "%s: %s", path, r.message)) return;
        CHECK_MSG(!r.error, "%s, buffer %zu: %s", path, caps[i], r.message);
        CHECK_MSG(r.len == want_len && memcmp(r.data, want, want_len) == 0,
                  "%s, buffer %zu: %zu bytes read, %zu expected", path, caps[i], r.len, want_len);
        CHECK_U64(r.size, file_len);
        CHECK_U64(r.consumed, file_len);
        CHECK(r.monotonic);
        CHECK_MSG(r.message[0] == '\0', "%s: unexpected message %s", path, r.message);
        free(r.data);
    }
}

/* The file cannot be read to its end: an error whose message names it and contains `what`. */
static void check_read_fails(const char *path, const char *what)
{
    reading r;
    int opened = read_all(path, 64 * 1024, &r);
    CHECK_MSG(!opened || r.error, "%s: read to an end (%zu bytes) without an error", path, r.len);
    CHECK_MSG(strstr(r.message, path) && strstr(r.message, what),
              "%s: message '%s' should name it and say '%s'", path, r.message, what);
    CHECK_MSG(strncmp(r.message, "rankfile: pgn: ", 15) == 0, "message '%s'", r.message);
    free(r.data);
}

static size_t big_len(void)
{
    return HARNESS_SANITIZED ? 600 * 1024 : 3 * 1024 * 1024;
}

/* ---- plain files ---- */

TEST(plain_file_reads_back_with_any_buffer)
{
    size_t len = big_len();
    char *text = sample_text(len, 1);
    const char *path = tmp_path("games.pgn");
    CHECK(write_file(path, text, len, "wb"));
    check_reads_back(path, text, len);
    reading r;
    read_all(path, 100, &r);
    free(r.data);
    capture_start();
    cli_input *in = cli_input_open(pgn_run(), path);
    capture_end();
    if (CHECK(in != NULL)) {
        CHECK_STR(cli_input_kind(in), "plain");
        CHECK_STR(cli_input_name(in), path);
        cli_input_close(in);
    }
    free(text);
}

TEST(short_and_empty_files)
{
    const char *empty = tmp_path("empty.pgn");
    CHECK(write_file(empty, "", 0, "wb"));
    check_reads_back(empty, "", 0);
    /* Shorter than any magic number, or starting like one: plain text all the same. */
    const char *tiny = tmp_path("tiny.pgn");
    CHECK(write_file(tiny, "1.", 2, "wb"));
    check_reads_back(tiny, "1.", 2);
    const char *almost = tmp_path("almost.pgn");
    CHECK(write_file(almost, "\x1f\x8a rest", 7, "wb"));
    check_reads_back(almost, "\x1f\x8a rest", 7);
}

TEST(missing_file_and_directory_are_refused)
{
    reading r;
    const char *missing = tmp_path("missing.pgn");
    CHECK(!read_all(missing, 4096, &r));
    char want[1024];
    snprintf(want, sizeof want, "rankfile: pgn: cannot open %s: No such file or directory\n",
             missing);
    CHECK_STR(r.message, want);
    free(r.data);
    CHECK(!read_all(tmp_dir, 4096, &r));
    snprintf(want, sizeof want, "rankfile: pgn: cannot open %s: Is a directory\n", tmp_dir);
    CHECK_STR(r.message, want);
    free(r.data);
}

/* A name that promises compression the bytes do not have is refused, not read as text. */
TEST(compressed_name_with_plain_bytes_is_refused)
{
    const char *gz = tmp_path("plain.pgn.gz");
    CHECK(write_file(gz, "1. e4 e5\n", 9, "wb"));
    check_read_fails(gz, "not gzip data");
    const char *zst = tmp_path("plain.pgn.zst");
    CHECK(write_file(zst, "1. e4 e5\n", 9, "wb"));
    check_read_fails(zst, "not zstd data");
}

/* Standard input ("-"), here redirected from a file: its size is known, its name is said. */
static void check_stdin(const char *path, const char *want, size_t want_len, const char *kind)
{
    int fd = open(path, O_RDONLY);
    if (!CHECK(fd >= 0)) return;
    int saved = dup(0);
    dup2(fd, 0);
    close(fd);
    capture_start();
    cli_input *in = cli_input_open(pgn_run(), "-");
    const char *msg = capture_end();
    if (CHECK_MSG(in != NULL, "%s", msg)) {
        CHECK_STR(cli_input_name(in), "standard input");
        CHECK_STR(cli_input_kind(in), kind);
        size_t file_len = 0;
        free(slurp(path, &file_len));
        CHECK_U64(cli_input_size(in), file_len);
        char *got = malloc(want_len + 1), buf[10000];
        size_t n, len = 0;
        int fits = 1;
        while ((n = cli_input_read(in, buf, sizeof buf)) != 0 && n != CLI_INPUT_ERROR) {
            if (len + n > want_len) fits = 0;
            else memcpy(got + len, buf, n);
            len += n;
        }
        CHECK(n == 0);
        CHECK(fits && len == want_len && memcmp(got, want, want_len) == 0);
        CHECK_U64(cli_input_consumed(in), file_len);
        free(got);
        cli_input_close(in);
    }
    dup2(saved, 0);
    close(saved);
    /* cli_input_close left standard input open. */
    CHECK(fcntl(0, F_GETFD) != -1);
}

TEST(standard_input_plain)
{
    char *text = sample_text(300000, 2);
    const char *path = tmp_path("stdin.pgn");
    CHECK(write_file(path, text, 300000, "wb"));
    check_stdin(path, text, 300000, "plain");
    free(text);
}

/* ---- gzip ---- */

#ifdef RF_HAVE_ZLIB
/* Writes one gzip member through zlib's file interface; mode "ab" adds a member to the file. */
static int write_gzip(const char *path, const char *mode, const char *data, size_t len)
{
    gzFile g = gzopen(path, mode);
    if (!g) return 0;
    int ok = 1;
    for (size_t at = 0; at < len && ok;) {
        unsigned n = (unsigned)(len - at < (1u << 20) ? len - at : (1u << 20));
        ok = gzwrite(g, data + at, n) == (int)n;
        at += n;
    }
    return gzclose(g) == Z_OK && ok;
}

TEST(gzip_reads_back_by_its_magic_bytes)
{
    size_t len = big_len();
    char *text = sample_text(len, 3);
    const char *path = tmp_path("games.pgn.gz");
    CHECK(write_gzip(path, "wb", text, len));
    check_reads_back(path, text, len);
    /* The same bytes under a name that says nothing. */
    const char *plain_name = tmp_path("games-gzip.pgn");
    size_t n = 0;
    unsigned char *bytes = slurp(path, &n);
    CHECK(bytes && write_file(plain_name, bytes, n, "wb"));
    check_reads_back(plain_name, text, len);
    check_stdin(path, text, len, "gzip");
    free(bytes);
    free(text);
}

TEST(gzip_concatenated_members_are_one_stream)
{
    size_t a_len = big_len() / 3, b_len = 70000;
    char *a = sample_text(a_len, 4), *b = sample_text(b_len, 5);
    char *both = malloc(a_len + 2 * b_len);
    memcpy(both, a, a_len);
    memcpy(both + a_len, b, b_len);
    memcpy(both + a_len + b_len, b, b_len);
    const char *path = tmp_path("three.pgn.gz");
    CHECK(write_gzip(path, "wb", a, a_len));
    CHECK(write_gzip(path, "ab", b, b_len));
    CHECK(write_gzip(path, "ab", b, b_len));
    check_reads_back(path, both, a_len + 2 * b_len);
    /* An empty member between two. */
    const char *empty_between = tmp_path("empty-member.pgn.gz");
    CHECK(write_gzip(empty_between, "wb", b, b_len));
    CHECK(write_gzip(empty_between, "ab", "", 0));
    CHECK(write_gzip(empty_between, "ab", b, b_len));
    check_reads_back(empty_between, both + a_len, 2 * b_len);
    free(a);
    free(b);
    free(both);
}

TEST(gzip_truncated_or_corrupt_is_an_error)
{
    size_t len = 500000;
    char *text = sample_text(len, 6);
    const char *path = tmp_path("whole.pgn.gz");
    CHECK(write_gzip(path, "wb", text, len));
    size_t n = 0;
    unsigned char *bytes = slurp(path, &n);
    if (!CHECK(bytes && n > 100)) return;
    /* Cut inside the header, the data, the trailer (CRC and length), one byte short. */
    const size_t cuts[] = {4, 12, n / 2, n - 8, n - 1};
    for (size_t i = 0; i < sizeof cuts / sizeof *cuts; i++) {
        const char *cut = tmp_path(i == 0 ? "cut0.pgn.gz" : i == 1 ? "cut1.pgn.gz"
                                   : i == 2 ? "cut2.pgn.gz" : i == 3 ? "cut3.pgn.gz"
                                                                     : "cut4.pgn.gz");
        CHECK(write_file(cut, bytes, cuts[i], "wb"));
        check_read_fails(cut, "truncated gzip data");
    }
    /* A second member cut short after a whole first one. */
    const char *second = tmp_path("cut-second.pgn.gz");
    CHECK(write_file(second, bytes, n, "wb") && write_file(second, bytes, n / 2, "ab"));
    check_read_fails(second, "truncated gzip data");
    /* Flipped bits in the data, and in the CRC. */
    const char *bad = tmp_path("corrupt.pgn.gz");
    bytes[n / 2] ^= 0x55;
    bytes[n / 2 + 1] ^= 0xaa;
    CHECK(write_file(bad, bytes, n, "wb"));
    check_read_fails(bad, "corrupt gzip data");
    bytes[n / 2] ^= 0x55;
    bytes[n / 2 + 1] ^= 0xaa;
    bytes[n - 6] ^= 1;
    const char *bad_crc = tmp_path("bad-crc.pgn.gz");
    CHECK(write_file(bad_crc, bytes, n, "wb"));
    check_read_fails(bad_crc, "corrupt gzip data");
    /* Bytes after the last member that are not another member. */
    bytes[n - 6] ^= 1;
    const char *trailing = tmp_path("trailing.pgn.gz");
    CHECK(write_file(trailing, bytes, n, "wb") && write_file(trailing, "junk\n", 5, "ab"));
    check_read_fails(trailing, "corrupt gzip data");
    free(bytes);
    free(text);
}
#else
TEST(gzip_refused_without_zlib)
{
    printf("    skipped: gzip reading (built without zlib)\n");
    const char *path = tmp_path("games.pgn.gz");
    CHECK(write_file(path, "\x1f\x8b\x08\x00\x00\x00\x00\x00", 8, "wb"));
    check_read_fails(path, "built without zlib; decompress it first: gzip -d");
}
#endif

/* ---- zstd ---- */

#ifdef RF_HAVE_ZSTD
/* One zstd frame with a checksum (as the zstd tool writes), appended to the file when mode is
 * "ab". */
static int write_zstd(const char *path, const char *mode, const char *data, size_t len)
{
    ZSTD_CCtx *cc = ZSTD_createCCtx();
    size_t cap = ZSTD_compressBound(len);
    void *out = malloc(cap);
    int ok = cc && out;
    if (ok) {
        ZSTD_CCtx_setParameter(cc, ZSTD_c_compressionLevel, 3);
        ZSTD_CCtx_setParameter(cc, ZSTD_c_checksumFlag, 1);
        size_t n = ZSTD_compress2(cc, out, cap, data, len);
        ok = !ZSTD_isError(n) && write_file(path, out, n, mode);
    }
    free(out);
    ZSTD_freeCCtx(cc);
    return ok;
}

TEST(zstd_reads_back_by_its_magic_bytes)
{
    size_t len = big_len();
    char *text = sample_text(len, 7);
    const char *path = tmp_path("games.pgn.zst");
    CHECK(write_zstd(path, "wb", text, len));
    check_reads_back(path, text, len);
    const char *plain_name = tmp_path("games-zstd.pgn");
    size_t n = 0;
    unsigned char *bytes = slurp(path, &n);
    CHECK(bytes && write_file(plain_name, bytes, n, "wb"));
    check_reads_back(plain_name, text, len);
    check_stdin(path, text, len, "zstd");
    free(bytes);
    free(text);
}

TEST(zstd_concatenated_frames_are_one_stream)
{
    size_t a_len = big_len() / 3, b_len = 70000;
    char *a = sample_text(a_len, 8), *b = sample_text(b_len, 9);
    char *both = malloc(a_len + 2 * b_len);
    memcpy(both, a, a_len);
    memcpy(both + a_len, b, b_len);
    memcpy(both + a_len + b_len, b, b_len);
    const char *path = tmp_path("three.pgn.zst");
    CHECK(write_zstd(path, "wb", a, a_len));
    CHECK(write_zstd(path, "ab", b, b_len));
    /* A skippable frame (magic 0x184D2A50, 4 bytes of size, the bytes) between two. */
    CHECK(write_file(path, "\x50\x2a\x4d\x18\x03\x00\x00\x00xyz", 11, "ab"));
    CHECK(write_zstd(path, "ab", b, b_len));
    check_reads_back(path, both, a_len + 2 * b_len);
    free(a);
    free(b);
    free(both);
}

TEST(zstd_truncated_or_corrupt_is_an_error)
{
    size_t len = 500000;
    char *text = sample_text(len, 10);
    const char *path = tmp_path("whole.pgn.zst");
    CHECK(write_zstd(path, "wb", text, len));
    size_t n = 0;
    unsigned char *bytes = slurp(path, &n);
    if (!CHECK(bytes && n > 100)) return;
    /* Cut inside the frame header, a block, the checksum, one byte short. */
    const size_t cuts[] = {5, n / 2, n - 3, n - 1};
    for (size_t i = 0; i < sizeof cuts / sizeof *cuts; i++) {
        const char *cut = tmp_path(i == 0 ? "cut0.pgn.zst" : i == 1 ? "cut1.pgn.zst"
                                   : i == 2 ? "cut2.pgn.zst" : "cut3.pgn.zst");
        CHECK(write_file(cut, bytes, cuts[i], "wb"));
        check_read_fails(cut, "truncated zstd data");
    }
    const char *second = tmp_path("cut-second.pgn.zst");
    CHECK(write_file(second, bytes, n, "wb") && write_file(second, bytes, n / 2, "ab"));
    check_read_fails(second, "truncated zstd data");
    const char *bad = tmp_path("corrupt.pgn.zst");
    bytes[n / 2] ^= 0x55;
    bytes[n / 2 + 1] ^= 0xaa;
    CHECK(write_file(bad, bytes, n, "wb"));
    check_read_fails(bad, "corrupt zstd data");
    bytes[n / 2] ^= 0x55;
    bytes[n / 2 + 1] ^= 0xaa;
    const char *trailing = tmp_path("trailing.pgn.zst");
    CHECK(write_file(trailing, bytes, n, "wb") && write_file(trailing, "junk\n", 5, "ab"));
    check_read_fails(trailing, "corrupt zstd data");
    free(bytes);
    free(text);
}
#else
TEST(zstd_refused_without_libzstd)
{
    printf("    skipped: zstd reading (built without libzstd)\n");
    const char *path = tmp_path("games.pgn.zst");
    CHECK(write_file(path, "\x28\xb5\x2f\xfd\x00\x00", 6, "wb"));
    check_read_fails(path, "built without libzstd; decompress it first: zstd -d");
}
#endif

/* ---- decoding to UTF-8 (app/encoding.c) ---- */

/* Decodes `path` with `encoding` in reads of `cap` bytes; the messages go to *message. */
static char *decode_all(const char *path, cli_encoding encoding, size_t cap, size_t *len,
                        char *message, size_t message_size)
{
    capture_start();
    cli_input *in = cli_input_open(pgn_run(), path);
    cli_decoder *d = malloc(sizeof *d);
    char *buf = malloc(cap), *out = NULL;
    size_t have = 0, n;
    *len = 0;
    if (in && d && buf) {
        cli_decoder_start(d, pgn_run(), in, encoding, 0);
        while ((n = cli_decoder_read(d, buf, cap)) != 0 && n != CLI_INPUT_ERROR) {
            if (*len + n > have) out = realloc(out, have = 2 * (*len + n));
            memcpy(out + *len, buf, n);
            *len += n;
        }
    }
    cli_input_close(in);
    free(d);
    free(buf);
    snprintf(message, message_size, "%s", capture_end());
    return out;
}

/* Whether s is UTF-8 (shortest forms, no surrogates, up to U+10FFFF). */
static int is_utf8(const unsigned char *s, size_t len)
{
    for (size_t i = 0; i < len;) {
        unsigned c = s[i];
        size_t n = c < 0x80 ? 1 : (c & 0xE0) == 0xC0 ? 2 : (c & 0xF0) == 0xE0 ? 3 : (c & 0xF8) == 0xF0 ? 4 : 0;
        if (!n || i + n > len) return 0;
        unsigned long u = n == 1 ? c : c & (0x7F >> n);
        for (size_t k = 1; k < n; k++) {
            if ((s[i + k] & 0xC0) != 0x80) return 0;
            u = u << 6 | (s[i + k] & 0x3F);
        }
        static const unsigned long least[5] = {0, 0, 0x80, 0x800, 0x10000};
        if (u < least[n] || u > 0x10FFFF || (u >= 0xD800 && u <= 0xDFFF)) return 0;
        i += n;
    }
    return 1;
}

static const size_t decode_caps[] = {4, 5, 7, 4096, 65536};

TEST(decoding_utf8_text_is_left_as_it_is)
{
    /* Letters of 2, 3 and 4 bytes everywhere, 64 KiB windows included. */
    static const char *const pieces[] = {"a", "\n", "\xC3\xBC", "\xE2\x82\xAC", "\xF0\x9F\x98\x80", "[Event \"x\"]"};
    size_t len = 0, cap = 200 * 1024;
    char *text = malloc(cap + 16);
    uint32_t seed = 1;
    while (len < cap) {
        seed = seed * 1103515245u + 12345u;
        const char *p = pieces[(seed >> 16) % 6];
        memcpy(text + len, p, strlen(p));
        len += strlen(p);
    }
    const char *path = tmp_path("utf8.txt");
    if (!CHECK(write_file(path, text, len, "w"))) return;
    for (size_t i = 0; i < sizeof decode_caps / sizeof *decode_caps; i++)
        for (int e = 0; e < 2; e++) {
            char message[2048];
            size_t n;
            char *out = decode_all(path, e ? CLI_ENCODING_UTF8 : CLI_ENCODING_AUTO, decode_caps[i],
                                   &n, message, sizeof message);
            CHECK_MSG(n == len && out && memcmp(out, text, len) == 0 && message[0] == 0,
                      "buffer %zu, %s: %zu bytes of %zu, message '%s'", decode_caps[i],
                      e ? "utf-8" : "auto", n, len, message);
            free(out);
        }
    free(text);
}

TEST(decoding_latin1_text)
{
    /* Windows-1252 bytes (0x80-0x9F its punctuation, 0x81 unassigned) and the UTF-8 they are. */
    static const char latin[] = "M\xFCnchen \x93x\x94 \x80 \x96 \x81 \xFF\n";
    static const char utf8[] = "M\xC3\xBCnchen \xE2\x80\x9Cx\xE2\x80\x9D \xE2\x82\xAC \xE2\x80\x93 "
                               "\xC2\x81 \xC3\xBF\n";
    size_t repeat = 5000, ll = sizeof latin - 1, ul = sizeof utf8 - 1;
    char *text = malloc(repeat * ll), *want = malloc(repeat * ul);
    for (size_t i = 0; i < repeat; i++) {
        memcpy(text + i * ll, latin, ll);
        memcpy(want + i * ul, utf8, ul);
    }
    const char *path = tmp_path("latin1.txt");
    if (!CHECK(write_file(path, text, repeat * ll, "w"))) return;
    for (size_t i = 0; i < sizeof decode_caps / sizeof *decode_caps; i++)
        for (int e = 0; e < 2; e++) {
            char message[2048];
            size_t n;
            char *out = decode_all(path, e ? CLI_ENCODING_LATIN1 : CLI_ENCODING_AUTO,
                                   decode_caps[i], &n, message, sizeof message);
            CHECK_MSG(n == repeat * ul && out && memcmp(out, want, n) == 0,
                      "buffer %zu, %s: %zu bytes, %zu expected", decode_caps[i],
                      e ? "latin-1" : "auto", n, repeat * ul);
            if (e) CHECK_MSG(message[0] == 0, "latin-1 says '%s'", message);
            else
                CHECK_MSG(strstr(message, "not UTF-8 text (line 1): read as Windows-1252") &&
                              strchr(message, '\n') == message + strlen(message) - 1,
                          "auto says '%s'", message);
            free(out);
        }
    free(text);
    free(want);
}

TEST(decoding_replaces_what_is_not_utf8)
{
    /* A Latin-1 byte, an overlong form, a surrogate, a sequence cut by a space and at the end:
     * each of their bytes is a U+FFFD in valid UTF-8, the rest is kept, one note names line 2. */
    static const char text[] = "ok\nM\xFCnchen \xC0\xAF \xED\xA0\x80 \xE2\x82 \xC3\xBC \xF0\x9F";
    const char *path = tmp_path("bad.txt");
    if (!CHECK(write_file(path, text, sizeof text - 1, "w"))) return;
    for (size_t i = 0; i < sizeof decode_caps / sizeof *decode_caps; i++) {
        char message[2048];
        size_t n;
        char *out = decode_all(path, CLI_ENCODING_UTF8, decode_caps[i], &n, message, sizeof message);
        if (!CHECK(out != NULL)) continue;
        CHECK_MSG(is_utf8((const unsigned char *)out, n), "buffer %zu: not UTF-8", decode_caps[i]);
#define R "\xEF\xBF\xBD"
        static const char want[] = "ok\nM" R "nchen " R R " " R R R " " R R " \xC3\xBC " R R;
#undef R
        CHECK_MSG(n == sizeof want - 1 && memcmp(out, want, n) == 0, "buffer %zu: '%.*s'",
                  decode_caps[i], (int)n, out);
        CHECK_MSG(strstr(message, "bytes that are not UTF-8 replaced by U+FFFD (first on line 2)") &&
                      strchr(message, '\n') == message + strlen(message) - 1,
                  "message '%s'", message);
        free(out);
    }
}
