/* Attack tables against the ray-walking reference, and the between/line tables' properties. */
#include "bitboard.h"
#include "harness.h"

static uint64_t rng_state = 0x1234567887654321ULL;
static uint64_t rng(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

/* PEXT in software, to index the PEXT tables from a portable test. */
static uint64_t pext(uint64_t value, uint64_t mask)
{
    uint64_t r = 0;
    for (uint64_t bit = 1; mask; bit <<= 1, mask &= mask - 1)
        if (value & mask & -mask) r |= bit;
    return r;
}

TEST(slider_attacks_match_ray_walk)
{
    rf_init();
    int bad_rook = 0, bad_bishop = 0;
    for (int sq = 0; sq < 64; sq++) {
        for (int i = 0; i < HARNESS_SCALE(2000); i++) {
            rf_bitboard occ = rng() & rng();
            if (rf__rook_attacks((rf_square)sq, occ) != rf__slider_attacks_slow(RF_ROOK, (rf_square)sq, occ)) bad_rook++;
            if (rf__bishop_attacks((rf_square)sq, occ) != rf__slider_attacks_slow(RF_BISHOP, (rf_square)sq, occ)) bad_bishop++;
        }
    }
    CHECK_INT(bad_rook, 0);
    CHECK_INT(bad_bishop, 0);
}

/* The PEXT tables are checked on every CPU, indexed by a software PEXT. */
TEST(pext_tables_match_ray_walk)
{
    rf_init();
    int bad_pext = 0;
    for (int sq = 0; sq < 64; sq++) {
        for (int i = 0; i < HARNESS_SCALE(500); i++) {
            rf_bitboard occ = rng() & rng();
            const rf__magic *r = &rf__rook_magics[sq], *b = &rf__bishop_magics[sq];
            if (r->pext_attacks[pext(occ, r->mask)] != rf__slider_attacks_slow(RF_ROOK, (rf_square)sq, occ)) bad_pext++;
            if (b->pext_attacks[pext(occ, b->mask)] != rf__slider_attacks_slow(RF_BISHOP, (rf_square)sq, occ)) bad_pext++;
        }
    }
    CHECK_INT(bad_pext, 0);
}

TEST(leaper_and_empty_board_attacks)
{
    rf_init();
    CHECK_INT(rf__popcount(rf__knight_attacks[0]), 2);
    CHECK_INT(rf__popcount(rf__knight_attacks[RF_SQUARE(3, 3)]), 8);
    CHECK_INT(rf__popcount(rf__king_attacks[RF_SQUARE(7, 7)]), 3);
    CHECK(rf__pawn_attacks[RF_WHITE][RF_SQUARE(4, 1)] == (RF_BB(RF_SQUARE(3, 2)) | RF_BB(RF_SQUARE(5, 2))));
    CHECK(rf__pawn_attacks[RF_BLACK][RF_SQUARE(0, 6)] == RF_BB(RF_SQUARE(1, 5)));
    CHECK_INT(rf__popcount(rf__rook_attacks(RF_SQUARE(0, 0), 0)), 14);
    CHECK_INT(rf__popcount(rf__bishop_attacks(RF_SQUARE(3, 3), 0)), 13);
}

/* between: strictly between aligned squares; line: the full line, both squares included. */
TEST(between_and_line_tables)
{
    rf_init();
    CHECK(rf__between[RF_SQUARE(0, 0)][RF_SQUARE(7, 7)] == (0x8040201008040201ULL & ~RF_BB(0) & ~RF_BB(63)));
    CHECK(rf__between[RF_SQUARE(0, 0)][RF_SQUARE(1, 2)] == 0);
    CHECK(rf__line[RF_SQUARE(2, 0)][RF_SQUARE(5, 0)] == RF_RANK_1_BB);
    CHECK(rf__line[RF_SQUARE(0, 0)][RF_SQUARE(1, 2)] == 0);
    int sym = 1;
    for (int a = 0; a < 64; a++)
        for (int b = 0; b < 64; b++)
            if (rf__between[a][b] != rf__between[b][a] || rf__line[a][b] != rf__line[b][a] ||
                (rf__between[a][b] & ~rf__line[a][b]))
                sym = 0;
    CHECK(sym);
}

TEST(init_is_idempotent)
{
    rf_init();
    rf_bitboard before = rf__knight_attacks[RF_SQUARE(3, 3)];
    rf_init();
    CHECK(rf__knight_attacks[RF_SQUARE(3, 3)] == before);
    CHECK_INT(rf__popcount(rf__knight_attacks[0]), 2);
}
