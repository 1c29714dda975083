/* Status: check, checkmate, stalemate, insufficient material (python-chess's and chessops'
 * definition), the fifty- and seventy-five-move rules, and repetitions through rf_game, exact
 * however long the game. */
#include "harness.h"
#include "rankfile.h"

#include <stdlib.h>

#define STD RF_VARIANT_STANDARD
#define ATOMIC RF_VARIANT_ATOMIC
#define KOTH RF_VARIANT_KINGOFTHEHILL

static rf_position at(const char *fen, rf_variant variant)
{
    rf_position pos;
    rf_error err;
    if (!CHECK_MSG(rf_position_from_fen(&pos, fen, variant, &err) == RF_OK, "%s: %s", fen, err.message))
        rf_position_startpos(&pos, STD);
    return pos;
}

/* "REASON RESULT" of a position alone, e.g. "checkmate 0-1", "none *". */
static const char *outcome(const char *fen, rf_variant variant)
{
    static char buf[64];
    rf_position pos = at(fen, variant);
    rf_outcome o = rf_position_outcome(&pos);
    snprintf(buf, sizeof buf, "%s %s%s", rf_reason_name(o.reason), rf_result_name(o.result),
             o.claims & RF_CLAIM_FIFTY_MOVES ? " claim50" : "");
    return buf;
}

static int insufficient(const char *fen, rf_variant variant)
{
    rf_position pos = at(fen, variant);
    return rf_position_is_insufficient_material(&pos);
}

/* Plays space-separated moves (UCI or SAN) on the game; 0 when one is not legal. */
static int play(rf_game *game, const char *moves)
{
    const char *p = moves;
    while (*p) {
        while (*p == ' ') p++;
        size_t n = strcspn(p, " ");
        if (!n) break;
        rf_move m;
        rf_error err;
        if (!CHECK_MSG(rf_move_parse(&m, &game->pos, p, n, &err) == RF_OK, "%.*s: %s", (int)n, p, err.message))
            return 0;
        rf_game_play(game, m);
        p += n;
    }
    return 1;
}

TEST(result_and_reason_names)
{
    CHECK_STR(rf_result_name(RF_RESULT_ONGOING), "*");
    CHECK_STR(rf_result_name(RF_RESULT_WHITE_WINS), "1-0");
    CHECK_STR(rf_result_name(RF_RESULT_BLACK_WINS), "0-1");
    CHECK_STR(rf_result_name(RF_RESULT_DRAW), "1/2-1/2");
    CHECK_STR(rf_result_name((rf_result)99), "*");
    CHECK_STR(rf_reason_name(RF_REASON_NONE), "none");
    CHECK_STR(rf_reason_name(RF_REASON_INSUFFICIENT_MATERIAL), "insufficient_material");
    CHECK_STR(rf_reason_name(RF_REASON_SEVENTY_FIVE_MOVES), "seventy_five_moves");
    CHECK_STR(rf_reason_name(RF_REASON_FIVEFOLD_REPETITION), "fivefold_repetition");
    CHECK_STR(rf_reason_name(RF_REASON_VARIANT_END), "variant_end");
}

TEST(start_position_goes_on)
{
    rf_position pos;
    CHECK(rf_position_startpos(&pos, STD) == RF_OK);
    CHECK(!rf_position_is_check(&pos) && !rf_position_is_checkmate(&pos) &&
          !rf_position_is_stalemate(&pos) && !rf_position_is_insufficient_material(&pos) &&
          !rf_position_is_variant_end(&pos) && !rf_position_is_fifty_moves(&pos));
    CHECK_STR(outcome("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", STD), "none *");
}

/* Fool's mate, back rank, smothered, queen and king; king escapes that look like mates. */
TEST(checkmates)
{
    CHECK_STR(outcome("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", STD), "checkmate 0-1");
    CHECK_STR(outcome("R5k1/5ppp/8/8/8/8/8/4K3 b - - 1 1", STD), "checkmate 1-0");
    CHECK_STR(outcome("6rk/5Npp/8/8/8/8/8/4K3 b - - 1 1", STD), "checkmate 1-0");
    CHECK_STR(outcome("7k/6Q1/6K1/8/8/8/8/8 b - - 1 1", STD), "checkmate 1-0");
    CHECK_STR(outcome("4k3/8/8/8/8/8/8/4K2r w - - 0 1", STD), "none *");
    CHECK_STR(outcome("8/8/8/8/8/5k2/4q3/3K4 w - - 0 1", STD), "none *");
    CHECK_STR(outcome("8/8/8/8/8/5k2/3q4/4K3 w - - 0 1", STD), "none *");
    CHECK_STR(outcome("8/8/8/8/8/4k3/4q3/4K3 w - - 0 1", STD), "checkmate 0-1");
    CHECK_STR(outcome("8/8/8/8/8/4k3/3q4/4K3 w - - 0 1", STD), "none *");
}

/* Rook e8 and knight f6: only the king could answer, and it cannot. */
TEST(double_check_mate)
{
    CHECK_STR(outcome("4R1k1/5p1p/5NpP/8/8/8/8/6K1 b - - 1 1", STD), "checkmate 1-0");
    rf_position pos = at("4R1k1/5p1p/5NpP/8/8/8/8/6K1 b - - 1 1", STD);
    CHECK_INT(__builtin_popcountll(rf_checkers(&pos)), 2);
    CHECK(rf_position_is_checkmate(&pos) && rf_position_is_check(&pos) && !rf_position_is_stalemate(&pos));
}

/* The bishop leaves the back rank and uncovers the rook's check. */
TEST(discovered_check_mate)
{
    static rf_game game;
    rf_position pos = at("R2B2k1/5ppp/8/8/8/8/8/6K1 w - - 0 1", STD);
    rf_game_start(&game, &pos);
    CHECK(play(&game, "Bb6"));
    CHECK(rf_position_is_checkmate(&game.pos));
    CHECK_INT(rf_checkers(&game.pos), (rf_bitboard)1 << RF_SQUARE(0, 7));
}

TEST(stalemates)
{
    CHECK_STR(outcome("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", STD), "stalemate 1/2-1/2");
    CHECK_STR(outcome("k7/2Q5/1K6/8/8/8/8/8 b - - 0 1", STD), "stalemate 1/2-1/2");
    CHECK_STR(outcome("k7/P7/1K6/8/8/8/8/8 b - - 0 1", STD), "stalemate 1/2-1/2");
    CHECK_STR(outcome("k7/P7/1K6/8/8/8/7p/8 b - - 0 1", STD), "none *");
    rf_position pos = at("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", STD);
    CHECK(rf_position_is_stalemate(&pos) && !rf_position_is_checkmate(&pos) && !rf_position_is_check(&pos));
}

TEST(insufficient_material_standard_rule)
{
    CHECK(insufficient("8/8/8/4k3/8/8/8/4K3 w - - 0 1", STD));      /* K v K */
    CHECK(insufficient("8/8/8/4k3/8/8/8/2B1K3 w - - 0 1", STD));    /* KB v K */
    CHECK(insufficient("8/8/8/4k3/8/8/8/1N2K3 w - - 0 1", STD));    /* KN v K */
    CHECK(insufficient("8/8/8/4k3/8/8/8/1n2K3 w - - 0 1", STD));    /* K v KN */
    CHECK(insufficient("5b2/8/8/4k3/8/8/8/2B1K3 w - - 0 1", STD));  /* KB v KB, both dark */
    CHECK(!insufficient("4b3/8/8/4k3/8/8/8/2B1K3 w - - 0 1", STD)); /* KB v KB, opposite */
    CHECK(insufficient("8/8/8/4k3/8/8/3B4/2B1K3 w - - 0 1", STD));  /* KBB v K, one colour */
    CHECK(!insufficient("8/8/8/4k3/8/8/8/2BBK3 w - - 0 1", STD));   /* KBB v K, both */
    CHECK(insufficient("b7/1b6/8/4k3/8/8/8/4K2B w - - 0 1", STD));  /* many, all light */
    CHECK(!insufficient("8/8/8/4k3/8/8/8/1NN1K3 w - - 0 1", STD));  /* KNN v K */
    CHECK(!insufficient("8/8/8/4k3/8/8/8/1N1nK3 w - - 0 1", STD));  /* KN v KN */
    CHECK(!insufficient("8/8/8/4k3/8/8/8/1N1bK3 w - - 0 1", STD));  /* KN v KB */
    CHECK(!insufficient("8/8/8/4k3/8/8/8/1NB1K3 w - - 0 1", STD));  /* KNB v K */
    CHECK(!insufficient("8/8/8/4k3/8/8/4P3/4K3 w - - 0 1", STD));   /* a pawn */
    CHECK(!insufficient("8/8/8/4k3/8/8/8/R3K3 w - - 0 1", STD));    /* a rook */
    CHECK(!insufficient("8/8/8/4k3/8/8/8/3QK3 w - - 0 1", STD));    /* a queen */
    CHECK_STR(outcome("8/8/8/4k3/8/8/8/2B1K3 w - - 0 1", STD), "insufficient_material 1/2-1/2");
}

/* Stalemate is named before insufficient material; a check does not change either. */
TEST(stalemate_before_insufficient_material)
{
    CHECK_STR(outcome("7k/5B2/6K1/8/8/8/8/8 b - - 0 1", STD), "stalemate 1/2-1/2");
    CHECK_STR(outcome("k7/8/1K6/8/8/8/8/7B b - - 0 1", STD), "insufficient_material 1/2-1/2");
    CHECK_STR(outcome("k7/8/1K6/N7/8/8/8/8 b - - 0 1", STD), "insufficient_material 1/2-1/2");
    CHECK_STR(outcome("k7/8/NK6/8/8/8/8/8 b - - 0 1", STD), "stalemate 1/2-1/2");
}

/* Atomic counts material by lichess's rule: a lone rook cannot win there. */
TEST(insufficient_material_atomic_rule)
{
    CHECK(insufficient("8/8/8/4k3/8/8/8/R3K3 w - - 0 1", ATOMIC));
    CHECK(insufficient("8/8/8/4k3/8/8/8/1NN1K3 w - - 0 1", ATOMIC));
    CHECK(!insufficient("8/8/8/4k3/8/8/8/NNN1K3 w - - 0 1", ATOMIC));
    CHECK(!insufficient("8/8/8/4k3/8/8/8/3QK3 w - - 0 1", ATOMIC));
    CHECK(!insufficient("8/8/8/4k3/8/8/8/1N1nK3 w - - 0 1", ATOMIC));
    CHECK(insufficient("8/8/8/4k3/8/8/8/4K3 w - - 0 1", ATOMIC));
    CHECK(insufficient("5b2/8/8/4k3/8/8/8/1B2K3 w - - 0 1", ATOMIC));  /* dark v light */
    CHECK(!insufficient("5b2/8/8/4k3/8/8/8/2B1K3 w - - 0 1", ATOMIC)); /* one colour */
}

/* Atomic: the game is over once a king has exploded; the side with its king has won. */
TEST(atomic_exploded_king_is_a_variant_end)
{
    rf_position pos = at("8/8/8/4k3/8/8/8/R7 w - - 0 1", ATOMIC);
    CHECK(rf_position_is_variant_end(&pos));
    CHECK(!rf_position_is_checkmate(&pos) && !rf_position_is_stalemate(&pos));
    rf_outcome o = rf_position_outcome(&pos);
    CHECK(o.result == RF_RESULT_BLACK_WINS && o.reason == RF_REASON_VARIANT_END && o.claims == 0);
    pos = at("8/8/8/4k3/8/8/8/4K3 w - - 0 1", ATOMIC);
    CHECK(!rf_position_is_variant_end(&pos));
    pos = at("8/8/8/4k3/8/8/8/4K3 w - - 0 1", STD);
    CHECK(!rf_position_is_variant_end(&pos));
}

/* King of the Hill: a king on d4, e4, d5 or e5 has won; the game is over there, whatever checks
 * stand, and no material is ever insufficient. */
TEST(kingofthehill_king_on_the_hill_is_a_variant_end)
{
    static const struct {
        const char *fen;
        rf_result result;
        const char *text;
    } ended[] = {
        {"4k3/8/8/8/4K3/8/8/8 b - - 1 1", RF_RESULT_WHITE_WINS, "White's king reached the hill"},
        {"8/8/8/3k4/8/8/8/4K3 w - - 0 1", RF_RESULT_BLACK_WINS, "Black's king reached the hill"},
        {"4k3/8/8/3K4/8/8/8/3r4 w - - 0 1", RF_RESULT_WHITE_WINS, "White's king reached the hill"},
        {"8/8/8/8/3k4/8/8/Q3K3 b - - 0 1", RF_RESULT_BLACK_WINS, "Black's king reached the hill"},
    };
    for (unsigned i = 0; i < sizeof ended / sizeof *ended; i++) {
        rf_position pos = at(ended[i].fen, KOTH);
        rf_movelist list;
        CHECK_MSG(rf_position_is_variant_end(&pos) && rf_generate_moves(&list, &pos) == 0, "%s", ended[i].fen);
        CHECK_MSG(!rf_position_is_checkmate(&pos) && !rf_position_is_stalemate(&pos), "%s", ended[i].fen);
        rf_outcome o = rf_position_outcome(&pos);
        CHECK_MSG(o.result == ended[i].result && o.reason == RF_REASON_VARIANT_END && o.claims == 0, "%s",
                  ended[i].fen);
        CHECK_STR(o.code, "king_of_the_hill");
        CHECK_STR(o.text, ended[i].text);
        CHECK_INT(rf_perft(&pos, 3), 0);
    }
    rf_position pos = at("4k3/8/8/8/8/4K3/8/8 w - - 0 1", KOTH);
    CHECK(!rf_position_is_variant_end(&pos) && !rf_position_is_insufficient_material(&pos));
    CHECK_STR(outcome("4k3/8/8/8/8/4K3/8/8 w - - 0 1", KOTH), "none *");
    CHECK_STR(outcome("4k3/8/8/8/8/4K3/8/8 w - - 0 1", STD), "insufficient_material 1/2-1/2");
    /* a standard mate is a mate */
    CHECK_STR(outcome("4R1k1/5p1p/5NpP/8/8/8/8/6K1 b - - 1 1", KOTH), "checkmate 1-0");
    /* the step onto the hill wins: SAN marks it "#" */
    rf_move m;
    char san[RF_SAN_MAX];
    CHECK(rf_move_from_uci(&m, &pos, "e3e4", 4, NULL) == RF_OK);
    rf_move_to_san(san, sizeof san, &pos, m);
    CHECK_STR(san, "Ke4#");
    /* no en passant once the game is over: not in the FEN, not in the key */
    rf_position with = at("4k3/8/8/4K3/3pP3/8/8/8 b - e3 0 1", KOTH);
    rf_position without = at("4k3/8/8/4K3/3pP3/8/8/8 b - - 0 1", KOTH);
    char fen[RF_FEN_MAX];
    rf_position_to_fen(fen, sizeof fen, &with, 0);
    CHECK_STR(fen, "4k3/8/8/4K3/3pP3/8/8/8 b - - 0 1");
    CHECK(!with.ep_legal && with.key == without.key);
    with = at("4k3/8/8/4K3/3pP3/8/8/8 b - e3 0 1", STD);
    CHECK(with.ep_legal);
}

/* The reason in a stable code and in words: the variant's own where it names its rule. */
TEST(outcome_code_and_text)
{
    static const struct {
        const char *fen;
        rf_variant variant;
        const char *code, *text;
    } cases[] = {
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", STD, "none", "ongoing"},
        {"rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", STD, "checkmate", "checkmate"},
        {"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", STD, "stalemate", "stalemate"},
        {"4k3/8/8/8/8/8/8/4K3 w - - 0 1", STD, "insufficient_material", "insufficient material"},
        {"4k3/8/8/8/8/8/8/R3K3 w - - 150 100", STD, "seventy_five_moves", "seventy-five moves"},
        {"8/8/8/4k3/8/8/8/R7 w - - 0 1", ATOMIC, "explosion", "White's king exploded"},
        {"8/8/8/3k4/8/8/8/4K3 w - - 0 1", KOTH, "king_of_the_hill", "Black's king reached the hill"},
    };
    for (unsigned i = 0; i < sizeof cases / sizeof *cases; i++) {
        rf_position pos = at(cases[i].fen, cases[i].variant);
        rf_outcome o = rf_position_outcome(&pos);
        CHECK_MSG(o.code && strcmp(o.code, cases[i].code) == 0, "%s: code %s", cases[i].fen,
                  o.code ? o.code : "NULL");
        CHECK_MSG(o.text && strcmp(o.text, cases[i].text) == 0, "%s: text %s", cases[i].fen,
                  o.text ? o.text : "NULL");
    }
}

TEST(fifty_and_seventy_five_move_clock)
{
    static const struct {
        int halfmove;
        const char *want;
        int fifty, seventy_five;
    } clock[] = {
        {0, "none *", 0, 0},
        {99, "none *", 0, 0},
        {100, "none * claim50", 1, 0},
        {149, "none * claim50", 1, 0},
        {150, "seventy_five_moves 1/2-1/2", 1, 1},
        {400, "seventy_five_moves 1/2-1/2", 1, 1},
    };
    for (size_t i = 0; i < sizeof clock / sizeof *clock; i++) {
        char fen[96];
        snprintf(fen, sizeof fen, "4k3/8/8/8/8/8/8/R3K3 w - - %d 80", clock[i].halfmove);
        CHECK_STR(outcome(fen, STD), clock[i].want);
        rf_position pos = at(fen, STD);
        CHECK_INT(rf_position_is_fifty_moves(&pos), clock[i].fifty);
        CHECK_INT(rf_position_is_seventy_five_moves(&pos), clock[i].seventy_five);
    }
}

/* A mate on the 150th ply takes precedence; so does a stalemate (no move to claim with);
 * insufficient material outranks the clock. */
TEST(mate_and_stalemate_outrank_the_clock)
{
    CHECK_STR(outcome("R5k1/5ppp/8/8/8/8/8/4K3 b - - 150 90", STD), "checkmate 1-0");
    CHECK_STR(outcome("7k/5Q2/6K1/8/8/8/8/8 b - - 150 90", STD), "stalemate 1/2-1/2");
    rf_position pos = at("R5k1/5ppp/8/8/8/8/8/4K3 b - - 150 90", STD);
    CHECK(!rf_position_is_fifty_moves(&pos) && !rf_position_is_seventy_five_moves(&pos));
    CHECK_STR(outcome("8/8/8/4k3/8/8/8/4K3 w - - 200 1", STD), "insufficient_material 1/2-1/2");
}

TEST(move_reaching_150_plies_ends_the_game)
{
    static rf_game game;
    rf_position pos = at("4k3/8/8/8/8/8/8/R3K3 w - - 149 80", STD);
    rf_game_start(&game, &pos);
    CHECK(rf_game_outcome(&game).result == RF_RESULT_ONGOING);
    CHECK(play(&game, "Ra2"));
    CHECK(rf_game_outcome(&game).reason == RF_REASON_SEVENTY_FIVE_MOVES);
}

/* The start position occurs again after each four knight moves. */
TEST(threefold_and_fivefold_repetition)
{
    static rf_game game;
    rf_position pos;
    rf_position_startpos(&pos, STD);
    rf_game_start(&game, &pos);
    CHECK_INT(rf_game_repetitions(&game), 1);
    CHECK(play(&game, "Nf3 Nf6 Ng1 Ng8"));
    CHECK_INT(rf_game_repetitions(&game), 2);
    rf_outcome o = rf_game_outcome(&game);
    CHECK(o.result == RF_RESULT_ONGOING && o.claims == 0);
    CHECK(play(&game, "Nf3"));
    CHECK_INT(rf_game_repetitions(&game), 2); /* the position after 1. Nf3 */
    CHECK(play(&game, "Nf6 Ng1 Ng8"));
    CHECK_INT(rf_game_repetitions(&game), 3);
    o = rf_game_outcome(&game);
    CHECK(o.result == RF_RESULT_ONGOING && o.claims == RF_CLAIM_THREEFOLD_REPETITION);
    CHECK(play(&game, "Nc3 Nc6 Nb1 Nb8"));
    CHECK_INT(rf_game_repetitions(&game), 4);
    CHECK(rf_game_outcome(&game).claims == RF_CLAIM_THREEFOLD_REPETITION);
    CHECK(play(&game, "Nf3 Nf6 Ng1 Ng8"));
    CHECK_INT(rf_game_repetitions(&game), 5);
    o = rf_game_outcome(&game);
    CHECK(o.result == RF_RESULT_DRAW && o.reason == RF_REASON_FIVEFOLD_REPETITION && o.claims == 0);
    CHECK_STR(o.code, "fivefold_repetition");
    CHECK_STR(o.text, "fivefold repetition");
    CHECK_INT(game.plies, 16);
}

/* A pawn move forgets the history: nothing before it can recur. */
TEST(pawn_move_forgets_the_history)
{
    static rf_game game;
    rf_position pos;
    rf_position_startpos(&pos, STD);
    rf_game_start(&game, &pos);
    CHECK(play(&game, "Nf3 Nf6 Ng1 Ng8 e4"));
    CHECK_INT(game.count, 1);
    CHECK_INT(rf_game_repetitions(&game), 1);
    CHECK(play(&game, "e5 Nf3 Nf6 Ng1 Ng8"));
    CHECK_INT(rf_game_repetitions(&game), 2);
}

/* Castling rights are part of the position: the king's trip back is not a repetition. */
TEST(castling_rights_are_part_of_the_position)
{
    static rf_game game;
    rf_position pos = at("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", STD);
    rf_game_start(&game, &pos);
    CHECK(play(&game, "Kf1 Kf8 Ke1 Ke8"));
    CHECK_INT(rf_game_repetitions(&game), 1);
    CHECK(play(&game, "Kf1 Kf8 Ke1 Ke8"));
    CHECK_INT(rf_game_repetitions(&game), 2);
}

/* The en passant square counts only when the capture is legal. After 1. e4 no black pawn can
 * take, so the position is the one reached again by moving knights back and forth; with a
 * legal capture the first occurrence differs from the later ones. */
TEST(ep_square_counts_only_when_the_capture_is_legal)
{
    static rf_game game;
    rf_position pos;
    rf_position_startpos(&pos, STD);
    rf_game_start(&game, &pos);
    CHECK(play(&game, "e4 Nf6 Nf3 Ng8 Ng1"));
    CHECK_INT(rf_game_repetitions(&game), 2);
    pos = at("4k3/8/8/8/3p4/8/4P3/4K2N w - - 0 1", STD);
    rf_game_start(&game, &pos);
    CHECK(play(&game, "e4")); /* dxe3 is legal now */
    CHECK(play(&game, "Kd7 Ng3 Ke8 Nh1 Kd7 Ng3 Ke8 Nh1"));
    CHECK_INT(rf_game_repetitions(&game), 2); /* not 3: the first had en passant */
}

/* 1,200 plies of Ng1-f3, Ng8-f6, Nf3-g1, Nf6-g8: four distinct positions, each counted
 * exactly, far beyond RF_GAME_HISTORY plies. */
TEST(knight_shuffle_1200_plies_counts_exactly)
{
    static rf_game game;
    rf_position pos;
    rf_position_startpos(&pos, STD);
    rf_game_start(&game, &pos);
    static const char *const cycle[4] = {"Nf3", "Nf6", "Ng1", "Ng8"};
    int ok = 1;
    for (int ply = 0; ply < 1200 && ok; ply++) {
        ok = play(&game, cycle[ply % 4]);
        /* after p plies the position of step p % 4 has occurred at plies p % 4, p % 4 + 4, ..., p */
        unsigned want = (unsigned)((ply + 1) / 4) + 1;
        if (!CHECK_MSG(rf_game_repetitions(&game) == want, "ply %d: %u repetitions, expected %u", ply + 1,
                       rf_game_repetitions(&game), want))
            break;
    }
    CHECK_INT(game.plies, 1200);
    CHECK_INT(game.count, 4);
    CHECK_INT(rf_game_repetitions(&game), 301);
    CHECK(rf_position_equal(&game.pos, &pos) || game.pos.key == pos.key);
    rf_outcome o = rf_game_outcome(&game);
    CHECK(o.result == RF_RESULT_DRAW && o.reason == RF_REASON_SEVENTY_FIVE_MOVES);
    /* one more cycle adds one to the start position's count; a copy counts on its own */
    rf_game copy = game;
    CHECK(play(&copy, "Nf3 Nf6 Ng1 Ng8"));
    CHECK_INT(rf_game_repetitions(&copy), 302);
    CHECK_INT(rf_game_repetitions(&game), 301);
}

/* Random knight-and-king games: rf_game_repetitions equals a count over every key since the
 * last capture or pawn move, as long as the game has no more distinct positions than it keeps. */
TEST(repetitions_match_brute_force_count)
{
    static rf_game game;
    static uint64_t keys[4096];
    rf_rng rng;
    rf_rng_seed(&rng, 2024);
    int mismatches = 0, checked = 0;
    for (int g = 0; g < HARNESS_SCALE(16); g++) {
        rf_position pos = at("n3k3/8/8/8/8/8/8/N3K3 w - - 0 1", STD);
        rf_game_start(&game, &pos);
        int nkeys = 0, distinct = 1;
        keys[nkeys++] = pos.key;
        for (int ply = 0; ply < 2000 && nkeys < 4096; ply++) {
            rf_movelist list;
            if (rf_generate_moves(&list, &game.pos) == 0) break;
            /* few squares: moves that stay on the a- to c-files of the first and last three ranks */
            rf_move pick = RF_MOVE_NONE;
            for (int tries = 0; tries < 8 && pick == RF_MOVE_NONE; tries++) {
                rf_move m = list.moves[rf_rng_below(&rng, list.count)];
                int f = RF_FILE_OF(RF_MOVE_TO(m)), r = RF_RANK_OF(RF_MOVE_TO(m));
                if (f <= 2 && (r <= 2 || r >= 5)) pick = m;
            }
            if (pick == RF_MOVE_NONE) pick = list.moves[0];
            int irreversible = game.pos.board[RF_MOVE_TO(pick)] != RF_NO_PIECE;
            rf_game_play(&game, pick);
            if (irreversible) nkeys = distinct = 0;
            unsigned count = 1;
            for (int i = 0; i < nkeys; i++) count += keys[i] == game.pos.key;
            distinct += count == 1;
            keys[nkeys++] = game.pos.key;
            if (distinct > RF_GAME_HISTORY) break;
            checked++;
            if (rf_game_repetitions(&game) != count) mismatches++;
            if ((unsigned)distinct != game.count) mismatches++;
        }
    }
    CHECK_MSG(checked >= 100 * HARNESS_SCALE(16), "%d plies checked", checked);
    CHECK_INT(mismatches, 0);
}

/* Antichess: the side to move wins with no pieces left (a variant end) or with no legal move (a
 * stalemate, won); no check ever; insufficient material by lichess's rule (bishops that can never
 * meet). */
TEST(antichess_no_pieces_or_no_moves_wins)
{
    const rf_variant anti = RF_VARIANT_ANTICHESS;
    rf_position pos = at("8/8/8/8/8/8/1K6/8 b - - 0 1", anti);
    rf_outcome o = rf_position_outcome(&pos);
    CHECK(rf_position_is_variant_end(&pos) && !rf_position_is_stalemate(&pos) && !rf_position_is_checkmate(&pos));
    CHECK_MSG(o.result == RF_RESULT_BLACK_WINS && o.reason == RF_REASON_VARIANT_END, "%d %d", o.result, o.reason);
    CHECK_STR(o.code, "antichess_no_pieces");
    CHECK_STR(o.text, "Black has no pieces left");

    pos = at("8/8/8/8/p7/P7/8/8 w - - 0 1", anti);
    o = rf_position_outcome(&pos);
    CHECK(!rf_position_is_variant_end(&pos) && rf_position_is_stalemate(&pos) && !rf_position_is_check(&pos));
    CHECK_MSG(o.result == RF_RESULT_WHITE_WINS && o.reason == RF_REASON_STALEMATE, "%d %d", o.result, o.reason);
    CHECK_STR(o.code, "stalemate");
    CHECK_STR(o.text, "White has no legal moves");
    /* the result a stalemate has, asked before any move is looked for: won by the stalemated side
     * here, by either side to move, stalemated or not; drawn in standard chess */
    CHECK_INT(rf_position_stalemate_result(&pos), RF_RESULT_WHITE_WINS);
    pos = at("8/8/8/8/p7/P7/8/8 b - - 0 1", anti);
    CHECK_INT(rf_position_stalemate_result(&pos), RF_RESULT_BLACK_WINS);
    pos = at("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", anti);
    CHECK_INT(rf_position_stalemate_result(&pos), RF_RESULT_WHITE_WINS);
    pos = at("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", STD);
    CHECK_INT(rf_position_stalemate_result(&pos), RF_RESULT_DRAW);
    pos = at("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", STD);
    CHECK_INT(rf_position_stalemate_result(&pos), RF_RESULT_DRAW);
    /* the same board in standard chess is no position (no kings); a standard stalemate is drawn */
    CHECK_STR(outcome("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", STD), "stalemate 1/2-1/2");

    /* a king attacked is no check */
    pos = at("8/8/8/8/8/8/1k6/K7 w - - 0 1", anti);
    CHECK(!rf_position_is_check(&pos) && rf_checkers(&pos) == 0);
    CHECK_STR(outcome("8/8/8/8/8/8/1k6/K7 w - - 0 1", anti), "none *");

    CHECK_INT(insufficient("8/8/8/8/8/2b5/8/1B6 w - - 0 1", anti), 1);  /* light against dark */
    CHECK_INT(insufficient("8/8/8/8/8/1b6/8/1B6 w - - 0 1", anti), 0);  /* one colour: they meet */
    CHECK_INT(insufficient("8/8/8/8/8/2n5/8/1N6 w - - 0 1", anti), 0);  /* knights: never both */
    CHECK_INT(insufficient("8/8/8/8/8/8/8/1B6 w - - 0 1", anti), 0);    /* Black has won */
    CHECK_INT(insufficient("4k3/8/8/8/8/8/8/4K3 w - - 0 1", anti), 0);  /* kings can meet */
    CHECK_STR(outcome("8/8/8/8/8/2b5/8/1B6 w - - 0 1", anti), "insufficient_material 1/2-1/2");
    /* each side (chessops' hasInsufficientMaterial): a side whose enemy has no pieces cannot win
     * any more; a side without pieces has won */
    pos = at("8/8/8/8/8/8/8/1B6 w - - 0 1", anti);
    CHECK_INT(rf_position_has_insufficient_material(&pos, RF_WHITE), 1);
    CHECK_INT(rf_position_has_insufficient_material(&pos, RF_BLACK), 0);
    /* one knight each: exactly one side cannot win, by the squares' colours and the side to move */
    pos = at("8/8/8/8/8/2n5/8/1N6 w - - 0 1", anti);
    CHECK_INT(rf_position_has_insufficient_material(&pos, RF_WHITE) + rf_position_has_insufficient_material(&pos, RF_BLACK),
              1);
}
