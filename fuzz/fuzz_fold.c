/*
 * fuzz_fold.c - text compared with letters in either case (app/fold.c: `rankfile pgn --player`,
 * --where's = and ~), from any bytes.
 *
 * Input: two texts split at the first NUL byte (no NUL: the second text is empty). Properties:
 *   - folding is idempotent: cli_fold(cli_fold(c)) == cli_fold(c) for every code point read;
 *   - cli_fold_equal is reflexive and symmetric, and it agrees with reading both texts code point
 *     by code point with cli_fold_next;
 *   - a text holds itself, its every suffix, and the empty text (cli_fold_contains);
 *   - a text equal to another but for case holds it, and is held by it;
 *   - cli_fold_next always moves forward, by at most 4 bytes, and never past the NUL.
 */
#include "fold.h"
#include "fuzz.h"

/* Equal by code points, each folded, read with cli_fold_next: the plain definition. */
static int equal_by_code_points(const char *a, const char *b)
{
    for (;;) {
        uint32_t x = cli_fold_next(&a), y = cli_fold_next(&b);
        if (x != y) return 0;
        if (x == 0) return 1;
    }
}

static void check_text(const char *s)
{
    const char *p = s, *end = s + strlen(s);
    for (;;) {
        const char *was = p;
        uint32_t c = cli_fold_next(&p);
        if (c == 0) {
            FUZZ_CHECK(p == was && p == end, "cli_fold_next moved at the end (offset %td)", was - s);
            break;
        }
        FUZZ_CHECK(p > was && p - was <= 4 && p <= end, "cli_fold_next moved by %td at offset %td", p - was, was - s);
        FUZZ_CHECK(cli_fold(c) == c, "a folded code point U+%04X folds again to U+%04X", (unsigned)c,
                   (unsigned)cli_fold(c));
    }
    FUZZ_CHECK(cli_fold_equal(s, s), "a text is not equal to itself");
    FUZZ_CHECK(cli_fold_contains(s, ""), "a text does not hold the empty text");
    FUZZ_CHECK(cli_fold_contains(s, s), "a text does not hold itself");
    /* Every suffix that starts where a code point starts. */
    for (const char *q = s; *q;) {
        FUZZ_CHECK(cli_fold_contains(s, q), "a text does not hold its suffix at offset %td", q - s);
        cli_fold_next(&q);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 4096) return 0;
    char *buf = malloc(size + 2);
    if (!buf) return 0;
    memcpy(buf, data, size);
    buf[size] = buf[size + 1] = '\0';
    const char *a = buf, *b = buf + strlen(buf) + 1; /* no NUL in the input: buf[size + 1], "" */
    check_text(a);
    check_text(b);
    int eq = cli_fold_equal(a, b);
    FUZZ_CHECK(eq == cli_fold_equal(b, a), "cli_fold_equal is not symmetric");
    FUZZ_CHECK(eq == equal_by_code_points(a, b), "cli_fold_equal says %d, the code points say otherwise", eq);
    if (eq) FUZZ_CHECK(cli_fold_contains(a, b) && cli_fold_contains(b, a), "equal texts do not hold each other");
    free(buf);
    return 0;
}
