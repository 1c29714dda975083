/* Every position of the given perft files: parse, write, parse again gives the same position
 * (in both output dialects), writing is idempotent, and each position passes the consistency
 * check. */
#include "position.h"
#include "check.h"

#include <stdlib.h>

static void roundtrip(const char *fen, unsigned pflags, const char *where)
{
    rf_position a, b;
    rf_error err;
    if (!CHECK_MSG(rf_position_from_fen(&a, fen, pflags, &err) == RF_OK, "%s: %s: %s", where, fen, err.message))
        return;
    CHECK_MSG(rf__position_check(&a) == NULL, "%s: inconsistent: %s", where, rf__position_check(&a));
    static const unsigned dialects[] = {0, RF_FEN_SHREDDER, RF_FEN_EP_ALWAYS, RF_FEN_SHREDDER | RF_FEN_EP_ALWAYS};
    for (unsigned d = 0; d < 4; d++) {
        char once[RF_FEN_MAX], twice[RF_FEN_MAX];
        rf_position_to_fen(&a, once, sizeof once, dialects[d]);
        unsigned again = pflags | (a.chess960 ? RF_PARSE_CHESS960 : 0);
        if (!CHECK_MSG(rf_position_from_fen(&b, once, again, &err) == RF_OK, "%s: reparse %s: %s", where, once, err.message))
            continue;
        rf_position_to_fen(&b, twice, sizeof twice, dialects[d]);
        CHECK_MSG(strcmp(once, twice) == 0, "%s: %s -> %s", where, once, twice);
        if (dialects[d] & RF_FEN_EP_ALWAYS)
            CHECK_MSG(rf_position_equal(&a, &b) && a.key == b.key, "%s: %s differs after a round trip", where, once);
        else
            CHECK_MSG(a.key == b.key, "%s: %s: key differs after a round trip", where, once);
    }
}

int main(int argc, char **argv)
{
    int positions = 0;
    for (int i = 1; i < argc; i++) {
        FILE *f = fopen(argv[i], "r");
        if (!CHECK_MSG(f != NULL, "cannot open %s", argv[i])) continue;
        unsigned pflags = strstr(argv[i], "atomic") ? RF_PARSE_ATOMIC : 0;
        char line[512];
        int lineno = 0;
        while (fgets(line, sizeof line, f)) {
            lineno++;
            if (strncmp(line, "epd ", 4) != 0) continue;
            line[strcspn(line, "\r\n")] = '\0';
            char where[600];
            snprintf(where, sizeof where, "%s:%d", argv[i], lineno);
            roundtrip(line + 4, pflags, where);
            positions++;
        }
        fclose(f);
    }
    printf("%d positions\n", positions);
    CHECK(positions > 0);
    return check_summary();
}
