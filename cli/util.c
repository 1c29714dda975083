/*
 * util.c - the pieces every command shares: errors, options, line reading, JSON strings.
 */
#include "cli.h"

#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <string.h>

void cli_error(const char *command, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (command)
        fprintf(stderr, "rankfile: %s: %s\n", command, msg);
    else
        fprintf(stderr, "rankfile: %s\n", msg);
}

int cli_usage(const char *command, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (command)
        fprintf(stderr, "rankfile: %s: %s (see 'rankfile %s --help')\n", command, msg, command);
    else
        fprintf(stderr, "rankfile: %s (see 'rankfile --help')\n", msg);
    return CLI_USAGE;
}

/* optind = 0 asks glibc, musl and the BSDs for a full restart: with 1, glibc goes on from where
 * an earlier parse left off inside a cluster of short options ("-xy"), in an argv that may be
 * gone when the commands run more than once in a process (the fuzz targets run them so). */
void cli_getopt_reset(void)
{
    optind = 0;
    opterr = 0;
}

int cli_common_option(cli_common *common, int code, const char *help, char *const argv[])
{
    switch (code) {
    case CLI_OPT_JSON: common->json = 1; return -1;
    case CLI_OPT_CHESS960: common->chess960 = 1; return -1;
    case CLI_OPT_VARIANT:
        if (strcmp(optarg, "standard") == 0 || strcmp(optarg, "chess") == 0)
            common->variant = RF_STANDARD;
        else if (strcmp(optarg, "atomic") == 0)
            common->variant = RF_ATOMIC;
        else
            return cli_usage(common->command, "unknown variant '%s' (standard or atomic)", optarg);
        return -1;
    case CLI_OPT_HELP:
        fputs(help, stdout);
        return cli_finish(common->command, CLI_OK);
    case ':':
        return cli_usage(common->command, "option '%s' needs a value", argv[optind - 1]);
    case '?':
        if (optopt)
            return cli_usage(common->command, "unknown option '-%c'", optopt);
        return cli_usage(common->command, "unknown option '%s'", argv[optind - 1]);
    default:
        return cli_usage(common->command, "unhandled option");
    }
}

int cli_read_line(FILE *f, char *buf, size_t cap, size_t *len, int *too_long)
{
    size_t n = 0;
    int c, any = 0;
    *too_long = 0;
    /* A batch whose answers can no longer be written reads no further (cli_finish reports the
     * error): an endless input to a full disk would otherwise never end. */
    if (ferror(stdout)) return 0;
    while ((c = getc(f)) != EOF) {
        any = 1;
        if (c == '\n') break;
        if (n + 1 < cap)
            buf[n++] = (char)c;
        else
            *too_long = 1;
    }
    if (!any) return 0;
    if (n && buf[n - 1] == '\r' && !*too_long) n--;
    buf[n] = '\0';
    *len = n;
    return 1;
}

/* The length of the valid UTF-8 sequence starting at s (at most n bytes), or 0. */
static size_t utf8_length(const unsigned char *s, size_t n)
{
    size_t len;
    unsigned min;
    if (s[0] >= 0xC2 && s[0] <= 0xDF) { len = 2; min = 0x80; }
    else if (s[0] >= 0xE0 && s[0] <= 0xEF) { len = 3; min = 0x800; }
    else if (s[0] >= 0xF0 && s[0] <= 0xF4) { len = 4; min = 0x10000; }
    else return 0;
    if (len > n) return 0;
    unsigned cp = s[0] & (0x7F >> len);
    for (size_t i = 1; i < len; i++) {
        if ((s[i] & 0xC0) != 0x80) return 0;
        cp = (cp << 6) | (s[i] & 0x3F);
    }
    if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
    return len;
}

void cli_json_string(FILE *out, const char *s, size_t len)
{
    const unsigned char *u = (const unsigned char *)s;
    putc('"', out);
    for (size_t i = 0; i < len; i++) {
        unsigned char c = u[i];
        if (c == '"' || c == '\\') {
            putc('\\', out);
            putc(c, out);
        } else if (c < 0x20 || c == 0x7F) {
            fprintf(out, "\\u%04x", c);
        } else if (c >= 0x80) {
            /* Valid UTF-8 passes through; a byte that is not part of a valid sequence becomes
             * U+FFFD, so the output stays valid JSON whatever arrived. */
            size_t n = utf8_length(u + i, len - i);
            if (n) {
                fwrite(u + i, 1, n, out);
                i += n - 1;
            } else {
                fputs("\\ufffd", out);
            }
        } else {
            putc(c, out);
        }
    }
    putc('"', out);
}

const char *cli_shown(const char *s, size_t len, char buf[64])
{
    size_t n = len > 60 ? 57 : len, i;
    for (i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        buf[i] = (c >= 0x20 && c < 0x7F) ? (char)c : '?';
    }
    if (len > 60) {
        memcpy(buf + i, "...", 3);
        i += 3;
    }
    buf[i] = '\0';
    return buf;
}

int cli_finish(const char *command, int code)
{
    if (fflush(stdout) != 0 || ferror(stdout)) {
        cli_error(command, "cannot write output: %s", strerror(errno ? errno : EIO));
        return CLI_IOERR;
    }
    return code;
}
