/* Status: check, checkmate, stalemate, insufficient material (python-chess's and chessops'
 * definition), the fifty- and seventy-five-move rules, and repetitions through rf_game,
 * including what happens when its history fills up. */
#include "check.h"
#include "rankfile.h"

static rf_position at(const char *fen, unsigned flags)
{
    rf_position pos;
    rf_error err;
    if (!CHECK_MSG(rf_position_from_fen(&pos, fen, flags, &err) == RF_OK, "%s: %s", fen, err.message))
        rf_position_startpos(&pos);
    return pos;
}

/* "REASON RESULT" of a position alone, e.g. "checkmate 0-1", "none *". */
static const char *outcome(const char *fen, unsigned flags)
{
    static char buf[64];
    rf_position pos = at(fen, flags);
    rf_outcome o = rf_position_outcome(&pos);
    snprintf(buf, sizeof buf, "%s %s%s", rf_reason_name(o.reason), rf_result_name(o.result),
             o.claims & RF_CLAIM_FIFTY_MOVES ? " claim50" : "");
    return buf;
}

static int insufficient(const char *fen, unsigned flags)
{
    rf_position pos = at(fen, flags);
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

int main(void)
{
    rf_position pos;
    static rf_game game;

    /* Names. */
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

    /* The start position goes on. */
    rf_position_startpos(&pos);
    CHECK(!rf_position_is_check(&pos) && !rf_position_is_checkmate(&pos) &&
          !rf_position_is_stalemate(&pos) && !rf_position_is_insufficient_material(&pos) &&
          !rf_position_is_variant_end(&pos) && !rf_position_is_fifty_moves(&pos));
    CHECK_STR(outcome("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 0), "none *");

    /* Checkmates: fool's mate, back rank, smothered, queen and king, double check, discovered. */
    CHECK_STR(outcome("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", 0), "checkmate 0-1");
    CHECK_STR(outcome("R5k1/5ppp/8/8/8/8/8/4K3 b - - 1 1", 0), "checkmate 1-0");
    CHECK_STR(outcome("6rk/5Npp/8/8/8/8/8/4K3 b - - 1 1", 0), "checkmate 1-0");
    CHECK_STR(outcome("7k/6Q1/6K1/8/8/8/8/8 b - - 1 1", 0), "checkmate 1-0");
    CHECK_STR(outcome("4k3/8/8/8/8/8/8/4K2r w - - 0 1", 0), "none *"); /* Kd2 etc. */
    CHECK_STR(outcome("8/8/8/8/8/5k2/4q3/3K4 w - - 0 1", 0), "none *");   /* Kxe2? no: Kc1 */
    CHECK_STR(outcome("8/8/8/8/8/5k2/3q4/4K3 w - - 0 1", 0), "none *");   /* Kf1 */
    CHECK_STR(outcome("8/8/8/8/8/4k3/4q3/4K3 w - - 0 1", 0), "checkmate 0-1");
    CHECK_STR(outcome("8/8/8/8/8/4k3/3q4/4K3 w - - 0 1", 0), "none *");   /* Kf1 */
    /* Double check by rook e8 and knight f6: only the king could answer, and it cannot. */
    CHECK_STR(outcome("4R1k1/5p1p/5NpP/8/8/8/8/6K1 b - - 1 1", 0), "checkmate 1-0");
    pos = at("4R1k1/5p1p/5NpP/8/8/8/8/6K1 b - - 1 1", 0);
    CHECK_INT(__builtin_popcountll(rf_checkers(&pos)), 2);
    CHECK(rf_position_is_checkmate(&pos) && rf_position_is_check(&pos) && !rf_position_is_stalemate(&pos));
    /* Discovered: the bishop leaves the back rank and uncovers the rook's check. */
    rf_game_start(&game, (pos = at("R2B2k1/5ppp/8/8/8/8/8/6K1 w - - 0 1", 0), &pos));
    CHECK(play(&game, "Bb6"));
    CHECK(rf_position_is_checkmate(&game.pos));
    CHECK_INT(rf_checkers(&game.pos), (rf_bitboard)1 << RF_SQUARE(0, 7));

    /* Stalemates, and a position that only looks like one. */
    CHECK_STR(outcome("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", 0), "stalemate 1/2-1/2");
    CHECK_STR(outcome("k7/2Q5/1K6/8/8/8/8/8 b - - 0 1", 0), "stalemate 1/2-1/2");
    CHECK_STR(outcome("k7/P7/1K6/8/8/8/8/8 b - - 0 1", 0), "stalemate 1/2-1/2");
    CHECK_STR(outcome("k7/P7/1K6/8/8/8/7p/8 b - - 0 1", 0), "none *");
    pos = at("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", 0);
    CHECK(rf_position_is_stalemate(&pos) && !rf_position_is_checkmate(&pos) && !rf_position_is_check(&pos));

    /* Insufficient material: python-chess's and chessops' rule. */
    CHECK(insufficient("8/8/8/4k3/8/8/8/4K3 w - - 0 1", 0));           /* K v K */
    CHECK(insufficient("8/8/8/4k3/8/8/8/2B1K3 w - - 0 1", 0));         /* KB v K */
    CHECK(insufficient("8/8/8/4k3/8/8/8/1N2K3 w - - 0 1", 0));         /* KN v K */
    CHECK(insufficient("8/8/8/4k3/8/8/8/1n2K3 w - - 0 1", 0));         /* K v KN */
    CHECK(insufficient("5b2/8/8/4k3/8/8/8/2B1K3 w - - 0 1", 0));       /* KB v KB, both dark */
    CHECK(!insufficient("4b3/8/8/4k3/8/8/8/2B1K3 w - - 0 1", 0));      /* KB v KB, opposite */
    CHECK(insufficient("8/8/8/4k3/8/8/3B4/2B1K3 w - - 0 1", 0));       /* KBB v K, one colour */
    CHECK(!insufficient("8/8/8/4k3/8/8/8/2BBK3 w - - 0 1", 0));        /* KBB v K, both */
    CHECK(insufficient("b7/1b6/8/4k3/8/8/8/4K2B w - - 0 1", 0));       /* many, all light */
    CHECK(!insufficient("8/8/8/4k3/8/8/8/1NN1K3 w - - 0 1", 0));       /* KNN v K */
    CHECK(!insufficient("8/8/8/4k3/8/8/8/1N1nK3 w - - 0 1", 0));       /* KN v KN */
    CHECK(!insufficient("8/8/8/4k3/8/8/8/1N1bK3 w - - 0 1", 0));       /* KN v KB */
    CHECK(!insufficient("8/8/8/4k3/8/8/8/1NB1K3 w - - 0 1", 0));       /* KNB v K */
    CHECK(!insufficient("8/8/8/4k3/8/8/4P3/4K3 w - - 0 1", 0));        /* a pawn */
    CHECK(!insufficient("8/8/8/4k3/8/8/8/R3K3 w - - 0 1", 0));         /* a rook */
    CHECK(!insufficient("8/8/8/4k3/8/8/8/3QK3 w - - 0 1", 0));         /* a queen */
    CHECK_STR(outcome("8/8/8/4k3/8/8/8/2B1K3 w - - 0 1", 0), "insufficient_material 1/2-1/2");
    /* Stalemate is named before insufficient material; a check does not change either. */
    CHECK_STR(outcome("7k/5B2/6K1/8/8/8/8/8 b - - 0 1", 0), "stalemate 1/2-1/2");
    CHECK_STR(outcome("k7/8/1K6/8/8/8/8/7B b - - 0 1", 0), "insufficient_material 1/2-1/2");
    CHECK_STR(outcome("k7/8/1K6/N7/8/8/8/8 b - - 0 1", 0), "insufficient_material 1/2-1/2");
    CHECK_STR(outcome("k7/8/NK6/8/8/8/8/8 b - - 0 1", 0), "stalemate 1/2-1/2");
    /* Atomic counts material by lichess's rule: a lone rook cannot win there. */
    CHECK(insufficient("8/8/8/4k3/8/8/8/R3K3 w - - 0 1", RF_PARSE_ATOMIC));
    CHECK(insufficient("8/8/8/4k3/8/8/8/1NN1K3 w - - 0 1", RF_PARSE_ATOMIC));
    CHECK(!insufficient("8/8/8/4k3/8/8/8/NNN1K3 w - - 0 1", RF_PARSE_ATOMIC));
    CHECK(!insufficient("8/8/8/4k3/8/8/8/3QK3 w - - 0 1", RF_PARSE_ATOMIC));
    CHECK(!insufficient("8/8/8/4k3/8/8/8/1N1nK3 w - - 0 1", RF_PARSE_ATOMIC));
    CHECK(insufficient("8/8/8/4k3/8/8/8/4K3 w - - 0 1", RF_PARSE_ATOMIC));
    CHECK(insufficient("5b2/8/8/4k3/8/8/8/1B2K3 w - - 0 1", RF_PARSE_ATOMIC)); /* dark v light */
    CHECK(!insufficient("5b2/8/8/4k3/8/8/8/2B1K3 w - - 0 1", RF_PARSE_ATOMIC)); /* one colour */

    /* Atomic: the game is over once a king has exploded; the side with its king has won. */
    pos = at("8/8/8/4k3/8/8/8/R7 w - - 0 1", RF_PARSE_ATOMIC);
    CHECK(rf_position_is_variant_end(&pos));
    CHECK(!rf_position_is_checkmate(&pos) && !rf_position_is_stalemate(&pos));
    rf_outcome o = rf_position_outcome(&pos);
    CHECK(o.result == RF_RESULT_BLACK_WINS && o.reason == RF_REASON_VARIANT_END && o.claims == 0);
    pos = at("8/8/8/4k3/8/8/8/4K3 w - - 0 1", RF_PARSE_ATOMIC);
    CHECK(!rf_position_is_variant_end(&pos));
    pos = at("8/8/8/4k3/8/8/8/4K3 w - - 0 1", 0);
    CHECK(!rf_position_is_variant_end(&pos));

    /* Fifty and seventy-five moves, from the halfmove clock. */
    const char *rooks = "4k3/8/8/8/8/8/8/R3K3 w - - %d 80";
    char fen[96];
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
        snprintf(fen, sizeof fen, rooks, clock[i].halfmove);
        CHECK_STR(outcome(fen, 0), clock[i].want);
        pos = at(fen, 0);
        CHECK_INT(rf_position_is_fifty_moves(&pos), clock[i].fifty);
        CHECK_INT(rf_position_is_seventy_five_moves(&pos), clock[i].seventy_five);
    }
    /* A mate on the 150th ply takes precedence; so does a stalemate (no move to claim with). */
    CHECK_STR(outcome("R5k1/5ppp/8/8/8/8/8/4K3 b - - 150 90", 0), "checkmate 1-0");
    CHECK_STR(outcome("7k/5Q2/6K1/8/8/8/8/8 b - - 150 90", 0), "stalemate 1/2-1/2");
    pos = at("R5k1/5ppp/8/8/8/8/8/4K3 b - - 150 90", 0);
    CHECK(!rf_position_is_fifty_moves(&pos) && !rf_position_is_seventy_five_moves(&pos));
    /* Insufficient material outranks the clock. */
    CHECK_STR(outcome("8/8/8/4k3/8/8/8/4K3 w - - 200 1", 0), "insufficient_material 1/2-1/2");
    /* The move that reaches 150 plies ends the game. */
    rf_game_start(&game, (pos = at("4k3/8/8/8/8/8/8/R3K3 w - - 149 80", 0), &pos));
    CHECK(rf_game_outcome(&game).result == RF_RESULT_ONGOING);
    CHECK(play(&game, "Ra2"));
    CHECK(rf_game_outcome(&game).reason == RF_REASON_SEVENTY_FIVE_MOVES);

    /* Threefold and fivefold repetition. The start position occurs again after each four
     * knight moves. */
    rf_position_startpos(&pos);
    rf_game_start(&game, &pos);
    CHECK_INT(rf_game_repetitions(&game), 1);
    CHECK(play(&game, "Nf3 Nf6 Ng1 Ng8"));
    CHECK_INT(rf_game_repetitions(&game), 2);
    o = rf_game_outcome(&game);
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
    CHECK_INT(game.plies, 16);
    /* A pawn move forgets the history: nothing before it can recur. */
    CHECK(play(&game, "e4"));
    CHECK_INT(game.count, 1);
    CHECK_INT(rf_game_repetitions(&game), 1);
    CHECK(play(&game, "e5 Nf3 Nf6 Ng1 Ng8"));
    CHECK_INT(rf_game_repetitions(&game), 2);

    /* Castling rights are part of the position: the king's trip back is not a repetition. */
    rf_game_start(&game, (pos = at("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", 0), &pos));
    CHECK(play(&game, "Kf1 Kf8 Ke1 Ke8"));
    CHECK_INT(rf_game_repetitions(&game), 1);
    CHECK(play(&game, "Kf1 Kf8 Ke1 Ke8"));
    CHECK_INT(rf_game_repetitions(&game), 2);

    /* En passant: the square counts only when the capture is legal. After 1. e4 no black pawn
     * can take, so the position is the one reached again by moving knights back and forth. */
    rf_position_startpos(&pos);
    rf_game_start(&game, &pos);
    CHECK(play(&game, "e4 Nf6 Nf3 Ng8 Ng1"));
    CHECK_INT(rf_game_repetitions(&game), 2);
    /* With a legal en passant capture the first occurrence differs from the later ones. */
    rf_game_start(&game, (pos = at("4k3/8/8/8/3p4/8/4P3/4K2N w - - 0 1", 0), &pos));
    CHECK(play(&game, "e4")); /* dxe3 is legal now */
    CHECK(play(&game, "Kd7 Ng3 Ke8 Nh1 Kd7 Ng3 Ke8 Nh1"));
    CHECK_INT(rf_game_repetitions(&game), 2); /* not 3: the first had en passant */

    /* A full history drops its oldest key and still counts repetitions among the rest: 2000
     * plies of knight moves (halfmove clock far past the seventy-five-move rule). */
    rf_game_start(&game, (pos = at("n3k3/8/8/8/8/8/8/N3K3 w - - 0 1", 0), &pos));
    for (int i = 0; i < 500; i++)
        if (!play(&game, "Nb3 Nb6 Na1 Na8")) break;
    CHECK_INT(game.plies, 2000);
    CHECK_INT(game.count, RF_GAME_HISTORY);
    CHECK_INT(rf_game_repetitions(&game), RF_GAME_HISTORY / 4);
    o = rf_game_outcome(&game);
    CHECK(o.result == RF_RESULT_DRAW && o.reason == RF_REASON_SEVENTY_FIVE_MOVES);
    rf_game copy = game;
    CHECK(play(&copy, "Nb3"));
    CHECK_INT(copy.count, RF_GAME_HISTORY);
    CHECK_INT(rf_game_repetitions(&copy), RF_GAME_HISTORY / 4);
    CHECK_INT(rf_game_repetitions(&game), RF_GAME_HISTORY / 4);

    return check_summary();
}
