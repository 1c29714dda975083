/* board_query.c's functions on random games of every variant: the pseudo-legal moves hold every
 * legal move but the drops, masks select exactly the moves they name, every pseudo-legal move
 * and the null move played unchecked leave a position that keeps every invariant (the debug
 * consistency check, rf__position_check), and what cannot be played is refused with *pos
 * untouched; rf_attackers agrees with rf_checkers in standard chess; rf_pin_mask on known pins.
 * (python/tests/test_moves.py compares all of them with python-chess.) */
#include "variant.h"
#include "harness.h"

#include <string.h>

static int holds(const rf_movelist *list, rf_move m)
{
    for (unsigned i = 0; i < list->count; i++)
        if (list->moves[i] == m) return 1;
    return 0;
}

static void check_position(const rf_position *pos, rf_rng *rng)
{
    rf_movelist legal, pseudo, masked;
    rf_generate_moves(&legal, pos);
    rf_generate_pseudo_moves(&pseudo, pos, ~(rf_bitboard)0, ~(rf_bitboard)0);
    for (unsigned i = 0; i < legal.count; i++)
        if (RF_MOVE_KIND(legal.moves[i]) != RF_MOVE_DROP)
            CHECK_MSG(holds(&pseudo, legal.moves[i]), "legal move %04x not pseudo-legal", legal.moves[i]);
    rf_bitboard from_mask = rf_rng_next(rng), to_mask = rf_rng_next(rng) | rf_rng_next(rng);
    rf_generate_pseudo_moves(&masked, pos, from_mask, to_mask);
    unsigned expected = 0;
    for (unsigned i = 0; i < pseudo.count; i++) {
        rf_move m = pseudo.moves[i];
        if (!((from_mask >> RF_MOVE_FROM(m)) & 1) || !((to_mask >> RF_MOVE_TO(m)) & 1)) continue;
        expected++;
        CHECK_MSG(holds(&masked, m), "masked move %04x missing", m);
    }
    CHECK_INT(masked.count, expected);
    for (unsigned i = 0; i <= pseudo.count; i++) {
        rf_position next = *pos;
        rf_move m = i < pseudo.count ? pseudo.moves[i] : RF_MOVE_NULL;
        if (!CHECK_MSG(rf_position_play_unchecked(&next, m) == RF_OK, "move %04x refused", m)) continue;
        const char *broken = rf__position_check(&next);
        CHECK_MSG(broken == NULL, "move %04x: %s", m, broken ? broken : "");
    }
    /* A move from an empty square, or of the other side's piece, is refused and changes nothing. */
    rf_bitboard empty = ~pos->by_type[0], theirs = pos->by_color[!pos->side];
    rf_position copy = *pos;
    if (empty) {
        rf_square e = (rf_square)__builtin_ctzll(empty);
        CHECK(rf_position_play_unchecked(&copy, RF_MOVE_MAKE(e, e == 0 ? 1 : 0)) == RF_ERR_ARGUMENT);
    }
    if (theirs) {
        rf_square t = (rf_square)__builtin_ctzll(theirs);
        CHECK(rf_position_play_unchecked(&copy, RF_MOVE_MAKE(t, t == 0 ? 1 : 0)) == RF_ERR_ARGUMENT);
    }
    CHECK(memcmp(&copy, pos, sizeof copy) == 0);
    if (pos->variant == RF_VARIANT_STANDARD) {
        rf_bitboard kings = pos->by_type[RF_KING] & pos->by_color[pos->side];
        if (kings)
            CHECK_U64(rf_attackers(pos, (rf_color)!pos->side, (rf_square)__builtin_ctzll(kings), pos->by_type[0]),
                      rf_checkers(pos));
    }
}

TEST(random_games_every_variant)
{
    rf_rng rng;
    rf_rng_seed(&rng, 36);
    for (int v = 0; v < RF_VARIANT_COUNT; v++) {
        for (int game = 0; game < 40; game++) {
            rf_position pos;
            rf_position_startpos(&pos, (rf_variant)v);
            for (int ply = 0; ply < 120; ply++) {
                check_position(&pos, &rng);
                rf_movelist legal;
                if (!rf_generate_moves(&legal, &pos)) break;
                rf_position_play(&pos, legal.moves[rf_rng_next(&rng) % legal.count]);
            }
        }
    }
}

TEST(pin_masks)
{
    rf_position pos;
    /* python-chess's test_pin: the bishop on f2 and the knight on d2 are pinned to e1. */
    CHECK(rf_position_from_fen(&pos, "rnb1k1nr/2pppppp/3P4/8/1b5q/8/PPPNPBPP/RNBQKB1R w KQkq - 0 1",
                               RF_VARIANT_STANDARD, NULL) == RF_OK);
    CHECK_U64(rf_pin_mask(&pos, RF_WHITE, 13), rf_line(4, 31));                     /* f2: e1-h4 */
    CHECK_U64(rf_pin_mask(&pos, RF_WHITE, 11), rf_line(4, 32));                     /* d2: e1-a5 */
    CHECK_U64(rf_pin_mask(&pos, RF_WHITE, 1), ~(rf_bitboard)0);                     /* b1 */
    CHECK_U64(rf_pin_mask(&pos, RF_WHITE, 4), ~(rf_bitboard)0);                     /* the king */
    CHECK_U64(rf_pin_mask(&pos, RF_BLACK, 31), ~(rf_bitboard)0);                    /* h4 */
    CHECK_U64(rf_pin_mask(&pos, RF_WHITE, 64), ~(rf_bitboard)0);                    /* no square */
    CHECK_U64(rf_attackers(&pos, RF_BLACK, 64, pos.by_type[0]), 0);
    /* An empty square between a king and a rook counts as pinned (python-chess's pin_in_check). */
    CHECK(rf_position_from_fen(&pos, "1n1R2k1/2b1qpp1/p3p2p/1p6/1P2Q2P/4PNP1/P4PB1/6K1 b - - 0 1",
                               RF_VARIANT_STANDARD, NULL) == RF_OK);
    CHECK_U64(rf_pin_mask(&pos, RF_BLACK, 57), ~(rf_bitboard)0);                    /* b8: outside */
    CHECK_U64(rf_pin_mask(&pos, RF_BLACK, 60), RF_RANK_BB(7));                      /* e8 */
}
