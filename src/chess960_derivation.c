/*
 * chess960_derivation.c - how a Chess960 setup arises, in words: the steps `rankfile 960
 * --verbose` prints and the web page shows (see rf_chess960_derivation in rankfile.h).
 */
#include "types.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* The free squares of a stage, as "a b d e g h". */
static void free_files(const char *stage, char *out)
{
    size_t n = 0;
    for (int f = 0; f < 8; f++)
        if (stage[f] >= 'a' && stage[f] <= 'h') {
            if (n) out[n++] = ' ';
            out[n++] = stage[f];
        }
    out[n] = '\0';
}

/* The file a step placed its piece on (the first square a stage filled), as a letter. */
static char placed_file(const char *before, const char *after)
{
    for (int f = 0; f < 8; f++)
        if (before[f] != after[f]) return (char)('a' + f);
    return '?';
}

typedef struct lines {
    int n;
    char (*line)[RF_CHESS960_STEP_MAX];
} lines;

static void step(lines *out, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void step(lines *out, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    if (out->n < RF_CHESS960_STEPS) vsnprintf(out->line[out->n++], RF_CHESS960_STEP_MAX, fmt, ap);
    va_end(ap);
}

int rf_chess960_derivation(char steps[RF_CHESS960_STEPS][RF_CHESS960_STEP_MAX],
                           const rf_language *lang, int number, const rf_chess960_draws *draws)
{
    rf_chess960_draws d;
    if (draws) {
        d = *draws;
        number = rf_chess960_draws_number(&d);
    } else if (rf_chess960_number_draws(&d, number) != RF_OK) {
        return RF_ERR_ARGUMENT;
    }
    char st[7][9], shown[7][9], fr[6][16];
    memcpy(st[0], "abcdefgh", 9);
    if (!lang || number < 0 || rf_chess960_stages(st + 1, &d) != RF_OK) return RF_ERR_ARGUMENT;
    for (int i = 0; i < 7; i++) rf_language_translate(shown[i], 9, lang, st[i]);
    for (int i = 0; i < 6; i++) free_files(st[i], fr[i]);
    char q = placed_file(st[2], st[3]), k1 = placed_file(st[3], st[4]), k2 = placed_file(st[4], st[5]);
    lines out = {0, steps};
    if (draws) {
        step(&out, "%s   the empty back rank: free squares show their file letters", shown[0]);
        step(&out, "%s   light-squared bishop: %d of 0-3 -> %c (b d f h)", shown[1], d.light_bishop,
             'b' + 2 * d.light_bishop);
        step(&out, "%s   dark-squared bishop: %d of 0-3 -> %c (a c e g)", shown[2], d.dark_bishop,
             'a' + 2 * d.dark_bishop);
        step(&out, "%s   queen: %d of 0-5 -> %c (free: %s)", shown[3], d.queen, q, fr[2]);
        step(&out, "%s   first knight: %d of 0-4 -> %c (free: %s)", shown[4], d.knight1, k1, fr[3]);
        step(&out, "%s   second knight: %d of 0-3 -> %c (free: %s)", shown[5], d.knight2, k2, fr[4]);
    } else {
        int n = number, n1 = n / 4, n2 = n1 / 4, pair = n2 / 6;
        /* The knights' pair as indexes into the five free squares: the first knight's index,
         * and the second's among the five (one past its index among the four left). */
        int i = d.knight1, j = d.knight2 + 1;
        char lo = k1 < k2 ? k1 : k2, hi = k1 < k2 ? k2 : k1;
        step(&out, "%s   %d in the mixed radix 4, 4, 6, 10: %d = %d + 4*(%d + 4*(%d + 6*%d))", shown[0],
             n, n, n % 4, n1 % 4, n2 % 6, pair);
        step(&out, "%s   %d mod 4 = %d: light-squared bishop on %c (b d f h); %d div 4 = %d", shown[1], n,
             n % 4, 'b' + 2 * d.light_bishop, n, n1);
        step(&out, "%s   %d mod 4 = %d: dark-squared bishop on %c (a c e g); %d div 4 = %d", shown[2], n1,
             n1 % 4, 'a' + 2 * d.dark_bishop, n1, n2);
        step(&out, "%s   %d mod 6 = %d: queen on free square %d = %c (free: %s); %d div 6 = %d", shown[3],
             n2, n2 % 6, d.queen, q, fr[2], n2, pair);
        step(&out,
             "%s   %d: knight pair %d = %d%d of 01 02 03 04 12 13 14 23 24 34 -> %c and %c (free: %s)",
             shown[5], pair, pair, i, j, lo, hi, fr[3]);
    }
    step(&out, "%s   rook, king, rook on the last three free squares: %s", shown[6], fr[5]);
    return out.n;
}
