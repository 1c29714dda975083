/*
 * cli_run.c - running the `rankfile` program in-process for the CLI fuzz targets (cli_run.h).
 */
#include "cli_run.h"

#include "cli.h"

#include "fuzz.h"

void cli_run(cli_result *r, int argc, char **argv, const uint8_t *in, size_t in_len,
             int keep_out)
{
    memset(r, 0, sizeof *r);
    /* fmemopen wants a writable buffer even to read; it is only read. */
    cli_io io = {in_len ? fmemopen((void *)(uintptr_t)in, in_len, "r") : fopen("/dev/null", "r"),
                 keep_out ? open_memstream(&r->out, &r->out_len) : fopen("/dev/null", "w"),
                 open_memstream(&r->err, &r->err_len)};
    FUZZ_CHECK(io.in && io.out && io.err, "cannot set up the streams of a run");
    r->code = cli_main(&io, argc, argv);
    fclose(io.in);
    fclose(io.out);
    fclose(io.err);
    if (!keep_out) {
        r->out = malloc(1);
        FUZZ_CHECK(r->out, "out of memory");
        r->out[0] = '\0';
    }
}

void cli_result_free(cli_result *r)
{
    free(r->out);
    free(r->err);
    r->out = r->err = NULL;
}

void cli_check(const cli_result *r, const char *command)
{
    static const int codes[] = {0, 1, 64, 65, 66, 70, 73, 74};
    int known = 0;
    for (size_t i = 0; i < sizeof codes / sizeof *codes; i++) known |= r->code == codes[i];
    FUZZ_CHECK(known, "exit status %d; stderr: %.300s", r->code, r->err);
    char prefix[64];
    snprintf(prefix, sizeof prefix, "rankfile: %s%s", command ? command : "", command ? ": " : "");
    size_t plen = strlen(prefix);
    /* Success may say only warnings on stderr ("rankfile: show: warning: ..."). */
    for (const char *line = r->err; r->code == 0 && line < r->err + r->err_len;) {
        const char *end = memchr(line, '\n', (size_t)(r->err + r->err_len - line));
        FUZZ_CHECK(command && (size_t)(r->err + r->err_len - line) > plen + 9 &&
                       memcmp(line, prefix, plen) == 0 && memcmp(line + plen, "warning: ", 9) == 0,
                   "status 0 with stderr: %.300s", line);
        line = end ? end + 1 : r->err + r->err_len;
    }
    for (const char *line = r->err; line < r->err + r->err_len;) {
        const char *end = memchr(line, '\n', (size_t)(r->err + r->err_len - line));
        FUZZ_CHECK(end, "stderr does not end with a newline: %.300s", line);
        size_t len = (size_t)(end - line);
        FUZZ_CHECK(len > plen && memcmp(line, prefix, plen) == 0, "stderr line '%.*s'",
                   (int)(len < 300 ? len : 300), line);
        FUZZ_CHECK(len < 1024 && !memchr(line, '\0', len), "stderr line of %zu bytes: '%.300s'",
                   len, line);
        line = end + 1;
    }
}
