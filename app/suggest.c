/*
 * suggest.c - "did you mean": the known word nearest to a mistyped command or option.
 */
#include "app.h"

#include <string.h>

/* Levenshtein distance with adjacent transpositions (optimal string alignment), words of up to
 * 63 bytes; longer ones count as far. */
size_t cli_edit_distance(const char *a, const char *b)
{
    size_t n = strlen(a), m = strlen(b);
    if (n > 63 || m > 63) return 99;
    size_t d[64][64];
    for (size_t i = 0; i <= n; i++) d[i][0] = i;
    for (size_t j = 0; j <= m; j++) d[0][j] = j;
    for (size_t i = 1; i <= n; i++)
        for (size_t j = 1; j <= m; j++) {
            size_t cost = a[i - 1] != b[j - 1];
            size_t best = d[i - 1][j - 1] + cost;
            if (d[i - 1][j] + 1 < best) best = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1 < best) best = d[i][j - 1] + 1;
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] &&
                d[i - 2][j - 2] + 1 < best)
                best = d[i - 2][j - 2] + 1;
            d[i][j] = best;
        }
    return d[n][m];
}

const char *cli_suggest(const char *word, const char *const *candidates, size_t n, size_t skip)
{
    char w[64];
    size_t wl = strcspn(word, "=");
    if (wl <= skip || wl >= sizeof w) return NULL;
    memcpy(w, word + skip, wl - skip);
    w[wl - skip] = '\0';
    wl -= skip;
    const char *best = NULL;
    size_t best_d = 99;
    for (size_t i = 0; i < n; i++) {
        const char *c = candidates[i] + skip;
        size_t cl = strlen(c), d = cli_edit_distance(w, c);
        /* An abbreviation, or a word with a little more, is close whatever its length. */
        if (wl >= 2 && (strncmp(c, w, wl) == 0 || (cl >= 3 && strncmp(w, c, cl) == 0))) d = 1;
        if (d < best_d) {
            best_d = d;
            best = candidates[i];
        }
    }
    /* Two edits are a typo in a word of five letters or more; one in a shorter one. */
    size_t limit = wl >= 5 ? 2 : 1;
    return best_d <= limit ? best : NULL;
}
