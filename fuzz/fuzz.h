/*
 * fuzz.h - what every fuzz target shares: the libFuzzer entry point and FUZZ_CHECK, which states
 * a property of the library and aborts with a message when an input breaks it, so that libFuzzer
 * keeps the input as a crash and the replay test (fuzz/replay.c) fails on it.
 *
 * The targets check properties, not only the absence of crashes: what is parsed and written
 * parses back to the same thing, a move text is accepted exactly when it names a legal move,
 * every position reached passes the internal consistency check, fast and simple generators agree.
 * Each target's top comment says which properties it checks and how it reads its input.
 */
#ifndef RF_FUZZ_H
#define RF_FUZZ_H

#include "rankfile.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Called by libFuzzer (or by replay.c) once per input; always returns 0. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Reports a broken property on file descriptor 2, which stays the terminal even while a CLI
 * target has pointed the stdio streams elsewhere, and aborts. */
static inline void __attribute__((noreturn, format(printf, 4, 5)))
fuzz_fail(const char *file, int line, const char *cond, const char *fmt, ...)
{
    char msg[1024];
    int n = snprintf(msg, sizeof msg, "%s:%d: property broken: %s: ", file, line, cond);
    va_list ap;
    va_start(ap, fmt);
    if (n >= 0 && (size_t)n < sizeof msg) n += vsnprintf(msg + n, sizeof msg - (size_t)n, fmt, ap);
    va_end(ap);
    size_t len = n < 0 ? 0 : (size_t)n < sizeof msg - 1 ? (size_t)n : sizeof msg - 2;
    msg[len++] = '\n';
    if (write(2, msg, len) < 0) abort();
    abort();
}

#define FUZZ_CHECK(cond, ...)                                                                     \
    do {                                                                                          \
        if (!(cond)) fuzz_fail(__FILE__, __LINE__, #cond, __VA_ARGS__);                           \
    } while (0)

/* A library message: one line of printable ASCII, not empty, NUL-terminated within its buffer
 * (whatever bytes the input held, none reaches a message raw). */
static inline int fuzz_is_one_line(const char *msg, size_t cap)
{
    size_t len = strnlen(msg, cap);
    for (size_t i = 0; i < len; i++)
        if (msg[i] < 0x20 || msg[i] > 0x7E) return 0;
    return len > 0 && len < cap;
}

/* The FEN of a position (default flags), for messages. */
static inline const char *fuzz_fen(const rf_position *pos, char buf[RF_FEN_MAX])
{
    rf_position_to_fen(buf, RF_FEN_MAX, pos, RF_FEN_EP_ALWAYS);
    return buf;
}

/* The first line of the data (without its line ending) and where the rest starts. */
static inline void fuzz_split_line(const uint8_t *data, size_t size, size_t *line_len,
                                   size_t *rest)
{
    const uint8_t *nl = memchr(data, '\n', size);
    size_t n = nl ? (size_t)(nl - data) : size;
    *rest = nl ? n + 1 : size;
    if (n && data[n - 1] == '\r') n--;
    *line_len = n;
}

/* The variant a line names in its first word ("atomic rnbqkbnr/..."), when this build plays it:
 * *text and *len then skip the word and its space. Otherwise standard chess, the line whole. */
static inline rf_variant fuzz_variant_prefix(const char **text, size_t *len)
{
    rf_variant variant = RF_VARIANT_STANDARD;
    const char *space = memchr(*text, ' ', *len);
    if (space && rf_variant_from_name(&variant, NULL, *text, (size_t)(space - *text)) == RF_OK &&
        rf_variant_available(variant)) {
        *len -= (size_t)(space + 1 - *text);
        *text = space + 1;
        return variant;
    }
    return RF_VARIANT_STANDARD;
}

#endif
