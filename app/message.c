/*
 * message.c - the program's voice: one-line errors and warnings on the run's error stream,
 * usage errors with a pointer to --help, and the final flush that turns a failed write into
 * exit status 74.
 */
#include "app.h"

#include <errno.h>
#include <stdarg.h>
#include <string.h>

static void say(const cli_common *c, const char *label, const char *fmt, va_list ap,
                const char *tail)
{
    const char *command = c->command;
    FILE *err = c->io->err;
    char msg[512];
    vsnprintf(msg, sizeof msg, fmt, ap);
    /* A program of its own (rankfile-mpi) speaks under its name: "rankfile-mpi: MESSAGE". */
    if (command && strncmp(command, "rankfile-", 9) == 0) {
        fprintf(err, "%s: %s%s%s\n", command, label, msg, tail);
        return;
    }
    fprintf(err, "rankfile: %s%s%s%s%s\n", command ? command : "", command ? ": " : "", label,
            msg, tail);
}

void cli_error(const cli_common *c, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    say(c, "", fmt, ap, "");
    va_end(ap);
}

void cli_warn(const cli_common *c, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    say(c, "warning: ", fmt, ap, "");
    va_end(ap);
}

int cli_usage(const cli_common *c, const char *fmt, ...)
{
    const char *command = c->command;
    char tail[64];
    if (command && strncmp(command, "rankfile-", 9) == 0)
        snprintf(tail, sizeof tail, " (see '%s --help')", command);
    else if (command)
        snprintf(tail, sizeof tail, " (see 'rankfile %s --help')", command);
    else
        snprintf(tail, sizeof tail, " (see 'rankfile --help')");
    va_list ap;
    va_start(ap, fmt);
    say(c, "", fmt, ap, tail);
    va_end(ap);
    return CLI_USAGE;
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

int cli_finish(const cli_common *c, int code)
{
    FILE *out = c->io->out;
    if (fflush(out) != 0 || ferror(out)) {
        cli_error(c, "cannot write output: %s", strerror(errno ? errno : EIO));
        return CLI_IOERR;
    }
    return code;
}

/* Usage and system errors stop a batch and win; then bad data, then a "no". */
int cli_worse(int a, int b)
{
    if (a != CLI_OK && a != CLI_NO && a != CLI_DATAERR) return a;
    if (b != CLI_OK && b != CLI_NO && b != CLI_DATAERR) return b;
    if (a == CLI_DATAERR || b == CLI_DATAERR) return CLI_DATAERR;
    if (a == CLI_NO || b == CLI_NO) return CLI_NO;
    return CLI_OK;
}
