/*
 * number.c - numbers on the command line and in files: whole numbers in a range and sizes in
 * MiB, read strictly (digits alone) with messages that say what was expected.
 */
#include "app.h"

#include <string.h>
#include <unistd.h>

int cli_number_u64(const char *s, size_t len, uint64_t *out)
{
    uint64_t v = 0;
    if (len == 0 || len > 20) return 0;
    for (size_t i = 0; i < len; i++) {
        if (s[i] < '0' || s[i] > '9') return 0;
        unsigned d = (unsigned)(s[i] - '0');
        if (v > (UINT64_MAX - d) / 10) return 0;
        v = v * 10 + d;
    }
    *out = v;
    return 1;
}

int cli_parse_u64(const cli_common *c, const char *what, const char *text, uint64_t min,
                  uint64_t max, uint64_t *out)
{
    uint64_t v;
    if (!cli_number_u64(text, strlen(text), &v) || v < min || v > max) {
        char shown[64];
        return cli_usage(c, "%s must be a whole number %llu-%llu, not '%s'", what,
                         (unsigned long long)min, (unsigned long long)max,
                         cli_shown(text, strlen(text), shown));
    }
    *out = v;
    return 0;
}

int cli_parse_int(const cli_common *c, const char *what, const char *text, long min, long max,
                  long *out)
{
    uint64_t v;
    /* Every range the program asks for starts at 0 or above. */
    int st = cli_parse_u64(c, what, text, (uint64_t)(min < 0 ? 0 : min), (uint64_t)max, &v);
    if (st == 0) *out = (long)v;
    return st;
}

int cli_parse_mb(const cli_common *c, const char *what, const char *text, size_t *out)
{
    uint64_t mb;
    int st = cli_parse_u64(c, what, text, 1, 1u << 20, &mb);
    if (st) return st;
    /* A table larger than the machine's memory would only swap. */
    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    if (pages > 0 && page > 0) {
        uint64_t have = (uint64_t)pages / (1048576u / (uint64_t)page);
        if (mb > have)
            return cli_usage(c, "%s %llu MiB is more than this machine's memory (%llu MiB)",
                             what, (unsigned long long)mb, (unsigned long long)have);
    }
    *out = (size_t)mb;
    return 0;
}
