/* Three-check: the counters in the position (make-move, key, FEN, repetitions), the end of the
 * game at the third check, and the outcome in words. Perft counts are in tests/data/
 * threecheck.perft; the fast generator against the simple one in test_variants. */
#include "variant.h"
#include "harness.h"

#define THREECHECK RF_VARIANT_THREECHECK

static rf_position at(const char *fen)
{
    rf_position pos;
    rf_error err;
    if (!CHECK_MSG(rf_position_from_fen(&pos, fen, THREECHECK, &err) == RF_OK, "%s: %s", fen, err.message))
        rf_position_startpos(&pos, THREECHECK);
    return pos;
}

static void play(rf_position *pos, const char *uci)
{
    rf_move m;
    if (CHECK_MSG(rf_move_from_uci(&m, pos, uci, strlen(uci), NULL) == RF_OK, "%s", uci)) rf_position_play(pos, m);
}

TEST(threecheck_start_has_three_checks_each)
{
    rf_position pos;
    rf_position_startpos(&pos, THREECHECK);
    CHECK(pos.remaining_checks[RF_WHITE] == 3 && pos.remaining_checks[RF_BLACK] == 3);
    char fen[RF_FEN_MAX];
    rf_position_to_fen(fen, sizeof fen, &pos, 0);
    CHECK_STR(fen, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1");
    rf_position read = at("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    CHECK(rf_position_equal(&pos, &read) && pos.key == read.key);
    CHECK(rf__position_check(&pos) == NULL);
}

TEST(threecheck_checks_count_down_and_enter_the_key)
{
    rf_position pos = at("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1");
    play(&pos, "e2e4");
    play(&pos, "d7d5");
    play(&pos, "f1b5"); /* check */
    CHECK(pos.remaining_checks[RF_WHITE] == 2 && pos.remaining_checks[RF_BLACK] == 3);
    CHECK(rf__position_check(&pos) == NULL);
    CHECK(pos.key == rf__compute_key(&pos));
    rf_position same_board = pos;
    same_board.remaining_checks[RF_WHITE] = 3;
    same_board.key = rf__compute_key(&same_board);
    CHECK(same_board.key != pos.key);
    /* the counters of a standard position (both 0) change no key */
    rf_position a, b;
    rf_position_startpos(&a, RF_VARIANT_STANDARD);
    rf_position_startpos(&b, THREECHECK);
    b.remaining_checks[0] = b.remaining_checks[1] = 0;
    CHECK(rf__compute_key(&b) == a.key);
}

TEST(threecheck_third_check_ends_the_game)
{
    rf_position pos = at("rnbqkbnr/ppp2ppp/8/3pp3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1+3 0 3");
    rf_move m;
    char san[RF_SAN_MAX];
    CHECK(rf_move_from_uci(&m, &pos, "f1b5", 4, NULL) == RF_OK);
    rf_move_to_san(san, sizeof san, &pos, m);
    CHECK_STR(san, "Bb5#");
    rf_position_play(&pos, m);
    CHECK(pos.remaining_checks[RF_WHITE] == 0);
    rf_movelist list;
    CHECK_INT(rf_generate_moves(&list, &pos), 0);
    CHECK(rf_position_is_variant_end(&pos) && !rf_position_is_checkmate(&pos) && !rf_position_is_stalemate(&pos));
    rf_outcome o = rf_position_outcome(&pos);
    CHECK(o.result == RF_RESULT_WHITE_WINS && o.reason == RF_REASON_VARIANT_END);
    CHECK_STR(o.code, "three_check");
    CHECK_STR(o.text, "White gave the third check");
    CHECK_INT(rf_perft(&pos, 3), 0);
    pos = at("rnb1kbnr/pppp1ppp/8/4p3/4P2q/3P4/PPP2PPP/RNBQKBNR w KQkq - 3+0 1 3");
    o = rf_position_outcome(&pos);
    CHECK(o.result == RF_RESULT_BLACK_WINS);
    CHECK_STR(o.text, "Black gave the third check");
    /* no en passant once the game is over: not in the FEN, not in the key */
    rf_position with = at("4k3/8/8/8/3pP3/8/8/4K2R b K e3 2+0 0 1");
    rf_position without = at("4k3/8/8/8/3pP3/8/8/4K2R b K - 2+0 0 1");
    CHECK(!with.ep_legal && with.key == without.key);
    with = at("4k3/8/8/8/3pP3/8/8/4K2R b K e3 2+1 0 1");
    CHECK(with.ep_legal);
}

TEST(threecheck_insufficient_material_is_two_bare_kings)
{
    rf_position pos = at("8/8/3k4/8/8/4K3/8/8 w - - 3+3 0 1");
    CHECK(rf_position_is_insufficient_material(&pos));
    pos = at("8/8/3k4/8/8/4K3/8/7N w - - 3+3 0 1");
    CHECK(!rf_position_is_insufficient_material(&pos));
}

/* The same board with other counters is another position: no repetition. */
TEST(threecheck_counters_are_part_of_repetitions)
{
    static const char *const checking[] = {"a1a8", "e8d7", "a8a1", "d7e8"};
    static const char *const quiet[] = {"a1a2", "e8d7", "a2a1", "d7e8"};
    for (int k = 0; k < 2; k++) {
        rf_game game;
        rf_position start = at("4k3/8/8/8/8/8/8/R3K3 w - - 3+3 0 1");
        rf_game_start(&game, &start);
        for (int round = 0; round < 2; round++)
            for (int i = 0; i < 4; i++) {
                rf_move m;
                const char *uci = (k ? quiet : checking)[i];
                if (CHECK_MSG(rf_move_from_uci(&m, &game.pos, uci, strlen(uci), NULL) == RF_OK, "%s", uci))
                    rf_game_play(&game, m);
            }
        CHECK_INT(rf_game_repetitions(&game), k ? 3 : 1);
    }
}
