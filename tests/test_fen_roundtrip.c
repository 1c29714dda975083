/* Every position of the perft suites: parse, write, parse again gives the same position (in
 * both output dialects), writing is idempotent, the setup of a position makes the position
 * again, and each position passes the consistency check. */
#include "position.h"
#include "harness.h"
#include "perft_file.h"

#include <stdlib.h>

static void roundtrip(const char *fen, rf_variant variant, const char *where)
{
    rf_position a, b;
    rf_error err;
    if (!CHECK_MSG(rf_position_from_fen(&a, fen, variant, &err) == RF_OK, "%s: %s: %s", where, fen, err.message))
        return;
    CHECK_MSG(rf__position_check(&a) == NULL, "%s: inconsistent: %s", where, rf__position_check(&a));
    CHECK_MSG(a.variant == variant, "%s: variant %d", where, a.variant);
    static const unsigned dialects[] = {0, RF_FEN_SHREDDER, RF_FEN_EP_ALWAYS, RF_FEN_SHREDDER | RF_FEN_EP_ALWAYS};
    for (unsigned d = 0; d < 4; d++) {
        char once[RF_FEN_MAX], twice[RF_FEN_MAX];
        size_t n = rf_position_to_fen(once, sizeof once, &a, dialects[d]);
        unsigned again = a.chess960 ? RF_PARSE_CHESS960 : 0;
        if (!CHECK_MSG(rf_position_parse(&b, once, n, variant, again, RF_ACCEPT_DEFAULT, &err) == RF_OK,
                       "%s: reparse %s: %s", where, once, err.message))
            continue;
        rf_position_to_fen(twice, sizeof twice, &b, dialects[d]);
        CHECK_MSG(strcmp(once, twice) == 0, "%s: %s -> %s", where, once, twice);
        if (dialects[d] & RF_FEN_EP_ALWAYS)
            CHECK_MSG(rf_position_equal(&a, &b) && a.key == b.key, "%s: %s differs after a round trip", where, once);
        else
            CHECK_MSG(a.key == b.key, "%s: %s: key differs after a round trip", where, once);
    }
    /* position -> setup -> position */
    rf_setup setup;
    rf_setup_from_position(&setup, &a);
    CHECK_MSG(setup.epd_len == 0, "%s: setup with EPD operations", where);
    CHECK_MSG(rf_position_from_setup(&b, &setup, variant, a.chess960 ? RF_PARSE_CHESS960 : 0, RF_ACCEPT_DEFAULT, &err) == RF_OK &&
                  rf_position_equal(&a, &b) && a.key == b.key,
              "%s: the setup of %s makes another position", where, fen);
}

static void suite(const char *name, rf_variant variant)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", RF_TEST_DATA, name);
    int n;
    perft_record *recs = perft_file_load(path, &n);
    if (!CHECK_MSG(recs != NULL && n > 0, "cannot read %s", path)) return;
    /* every position of the small suites; a spread of the large ones under a sanitizer */
    int step = n > 1000 && HARNESS_SANITIZED ? 8 : 1;
    for (int i = 0; i < n; i += step) {
        char where[600];
        snprintf(where, sizeof where, "%s:%lu", name, recs[i].line);
        roundtrip(recs[i].fen, variant, where);
    }
    free(recs);
}

TEST(roundtrip_tricky_suite) { suite("tricky.perft", RF_VARIANT_STANDARD); }
TEST(roundtrip_random_suite) { suite("random.perft", RF_VARIANT_STANDARD); }
TEST(roundtrip_chess960_suite) { suite("chess960.perft", RF_VARIANT_STANDARD); }
TEST(roundtrip_atomic_suite) { suite("atomic.perft", RF_VARIANT_ATOMIC); }
TEST(roundtrip_kingofthehill_suite) { suite("kingofthehill.perft", RF_VARIANT_KINGOFTHEHILL); }
TEST(roundtrip_threecheck_suite) { suite("threecheck.perft", RF_VARIANT_THREECHECK); }
TEST(roundtrip_antichess_suite) { suite("antichess.perft", RF_VARIANT_ANTICHESS); }
