/* Atomic chess: perft counts, explosion properties on every capture of random games, the
 * consistency of every position reached, and the seed's board-move job. */
#include "variant.h"
#include "bitboard.h"
#include "harness.h"

#define ATOMIC RF_VARIANT_ATOMIC

static uint64_t rng_state = 0x243F6A8885A308D3ULL;
static unsigned rng(unsigned n)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (unsigned)(rng_state % n);
}

static rf_position at(const char *fen)
{
    rf_position pos;
    rf_error err;
    if (!CHECK_MSG(rf_position_from_fen(&pos, fen, ATOMIC, &err) == RF_OK, "%s: %s", fen, err.message))
        rf_position_startpos(&pos, ATOMIC);
    return pos;
}

static void expect_perft(const char *fen, int depth, uint64_t nodes)
{
    rf_position pos = at(fen);
    uint64_t got = rf_perft(&pos, depth);
    CHECK_MSG(got == nodes, "%s depth %d: %llu, expected %llu", fen, depth, (unsigned long long)got, (unsigned long long)nodes);
}

/* A capture in Atomic chess: onto an enemy piece, or en passant (castling takes its own rook). */
static int is_capture(const rf_position *pos, rf_move m)
{
    unsigned kind = RF_MOVE_KIND(m);
    if (kind == RF_MOVE_EN_PASSANT) return 1;
    if (kind == RF_MOVE_CASTLING) return 0;
    rf_piece victim = pos->board[RF_MOVE_TO(m)];
    return victim != RF_NO_PIECE && RF_PIECE_COLOR(victim) != pos->side;
}

/* The explosion removes exactly the capturer, the captured piece and the non-pawn pieces next
 * to the centre; no pawn besides those two; nothing farther than one step. */
static int check_explosion(const rf_position *pos, rf_move m)
{
    rf_explosion ex;
    rf_atomic_explosion(&ex, pos, m);
    rf_position after = *pos;
    rf_position_play(&after, m);
    rf_bitboard removed = pos->by_type[0] & ~after.by_type[0];
    rf_square from = RF_MOVE_FROM(m), to = RF_MOVE_TO(m);
    if (ex.center == RF_NO_SQUARE) return removed == 0 || RF_MOVE_KIND(m) == RF_MOVE_CASTLING ? 1 : 0;
    if (ex.center != to) return 0;
    rf_bitboard near = rf__king_attacks[to] | RF_BB(to);
    if (ex.blast != near) return 0;
    rf_square victim = RF_MOVE_KIND(m) == RF_MOVE_EN_PASSANT ? (rf_square)(pos->side == RF_WHITE ? to - 8 : to + 8) : to;
    rf_bitboard pawns_lost = removed & pos->by_type[RF_PAWN] & ~RF_BB(from) & ~RF_BB(victim);
    if (pawns_lost) return 0;
    if (removed & ~near & ~RF_BB(from) & ~RF_BB(victim)) return 0;
    if (!(removed & RF_BB(from)) || !(removed & RF_BB(victim))) return 0;
    if (after.board[to] != RF_NO_PIECE) return 0;
    rf_bitboard listed = 0;
    for (unsigned i = 0; i < ex.lost_count; i++) {
        listed |= RF_BB(ex.lost_square[i]);
        if (pos->board[ex.lost_square[i]] != ex.lost_piece[i]) return 0;
    }
    return listed == removed;
}

/* The atomic suite's counts at small depths (the CLI suite test goes deeper). */
TEST(perft_start_position) { expect_perft("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -", 3, 8902); }
TEST(perft_game_positions)
{
    expect_perft("rn2kb1r/1pp1p2p/p2q1pp1/3P4/2P3b1/4PN2/PP3PPP/R2QKB1R b KQkq -", 3, 45237);
    expect_perft("rn1qkb1r/p5pp/2p5/3p4/N3P3/5P2/PPP4P/R1BQK3 w Qkq -", 3, 23353);
}
TEST(perft_atomic960_castling)
{
    expect_perft("8/8/8/8/8/8/2k5/rR4KR w KQ -", 4, 61401);
    expect_perft("r3k1rR/5K2/8/8/8/8/8/8 b kq -", 4, 98729);
    expect_perft("Rr2k1rR/3K4/3p4/8/8/8/7P/8 w kq -", 3, 10631);
}

/* Random games from four starts: consistency after every move, the explosion of every capture,
 * no legal move explodes the mover's own king, and the fast generator agrees with the simple
 * one at every position. */
TEST(random_games_explosions_and_invariants)
{
    const rf__variant *row = rf__variant_get(ATOMIC);
    if (!CHECK(row != NULL)) return;
    int plies = 0, captures = 0, bad_consistency = 0, bad_explosion = 0, own_king = 0, generators_differ = 0;
    static const char *const starts[] = {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        "rk1r4/8/8/8/8/8/8/RK1R4 w DAda - 0 1",
        "8/8/8/8/8/8/2k5/rR4KR w KQ - 0 1",
    };
    for (int g = 0; g < HARNESS_SCALE(400); g++) {
        rf_position pos = at(starts[g % 4]);
        for (int ply = 0; ply < 200; ply++) {
            rf_movelist list;
            rf_generate_moves(&list, &pos);
            rf_move simple[RF_MAX_MOVES];
            unsigned n_simple = (unsigned)(row->generate_simple(&pos, simple) - simple);
            int same = n_simple == list.count;
            for (unsigned i = 0; same && i < n_simple; i++) same = rf_move_is_legal(&pos, simple[i]);
            if (!same) generators_differ++;
            if (list.count == 0) break;
            for (unsigned i = 0; i < list.count; i++) {
                if (!is_capture(&pos, list.moves[i])) continue;
                captures++;
                if (!check_explosion(&pos, list.moves[i])) bad_explosion++;
                rf_position after = pos;
                rf_position_play(&after, list.moves[i]);
                if (!(after.by_color[pos.side] & after.by_type[RF_KING])) own_king++;
            }
            rf_position_play(&pos, list.moves[rng(list.count)]);
            plies++;
            if (rf__position_check(&pos)) bad_consistency++;
        }
    }
    CHECK_MSG(captures > HARNESS_SCALE(1000), "%d captures in %d plies", captures, plies);
    CHECK_INT(bad_consistency, 0);
    CHECK_INT(bad_explosion, 0);
    CHECK_INT(own_king, 0);
    CHECK_INT(generators_differ, 0);
}

TEST(touching_kings_give_no_check)
{
    rf_position pos = at("8/8/8/8/8/8/3k4/r3K3 w - - 0 1");
    CHECK_INT(rf_checkers(&pos), 0);
    CHECK(!rf_position_is_check(&pos));
}

TEST(exploded_king_ends_the_game)
{
    rf_position pos = at("8/8/8/8/8/8/8/4K3 b - - 0 1");
    CHECK_INT(rf_perft(&pos, 1), 0);
    CHECK(rf_position_is_variant_end(&pos));
}

/* Ke1 next to a black knight on d2 has no capture. */
TEST(king_cannot_capture)
{
    rf_position pos = at("4k3/8/8/8/8/8/3n4/4K3 w - - 0 1");
    CHECK(!rf_move_is_legal(&pos, RF_MOVE_MAKE(RF_SQUARE(4, 0), RF_SQUARE(3, 1))));
}

/* The queen takes d7 next to the king: that wins even from check. */
TEST(exploding_the_enemy_king_wins_from_check)
{
    rf_position pos = at("4k3/3p4/8/8/8/8/3Q4/r3K3 w - - 0 1");
    CHECK(rf_checkers(&pos) != 0);
    rf_move m = RF_MOVE_MAKE(RF_SQUARE(3, 1), RF_SQUARE(3, 6));
    CHECK(rf_move_is_legal(&pos, m));
    rf_position_play(&pos, m);
    CHECK(rf_position_is_variant_end(&pos));
    CHECK_INT(rf_position_outcome(&pos).result, RF_RESULT_WHITE_WINS);
}

TEST(explosion_report_of_a_capture)
{
    rf_position pos = at("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
    rf_explosion ex;
    rf_atomic_explosion(&ex, &pos, RF_MOVE_MAKE(RF_SQUARE(4, 3), RF_SQUARE(3, 4)));
    CHECK_INT(ex.center, RF_SQUARE(3, 4));
    CHECK(ex.blast == (rf__king_attacks[RF_SQUARE(3, 4)] | RF_BB(RF_SQUARE(3, 4))));
    CHECK_INT(ex.lost_count, 2);
    CHECK_INT(ex.lost_square[0], RF_SQUARE(4, 3));
    CHECK_INT(ex.lost_square[1], RF_SQUARE(3, 4));
    rf_atomic_explosion(&ex, &pos, RF_MOVE_MAKE(RF_SQUARE(6, 0), RF_SQUARE(5, 2)));
    CHECK_INT(ex.center, RF_NO_SQUARE);
    CHECK_INT(ex.lost_count, 0);
}

/* The seed's board-move job through the library. */
TEST(board_move_plays_any_side)
{
    rf_position pos;
    rf_error err;
    rf_explosion ex;
    char out[RF_FEN_MAX];
    CHECK(rf_position_parse(&pos, "5r2/2k5/p1B5/1pP1p3/1P4P1/3P4/P7/1K3R1q", 39, ATOMIC, 0, RF_INVALID_ALL, NULL) == RF_OK);
    CHECK(rf_atomic_board_move(&pos, &ex, "c6h1", 4, &err) == RF_OK);
    rf_position_to_fen(out, sizeof out, &pos, RF_FEN_BOARD_ONLY);
    CHECK_STR(out, "5r2/2k5/p7/1pP1p3/1P4P1/3P4/P7/1K3R2");
    CHECK_INT(ex.center, RF_SQUARE(7, 0));
    CHECK(rf_atomic_board_move(&pos, NULL, "f1f8", 4, &err) == RF_OK);
    rf_position_to_fen(out, sizeof out, &pos, RF_FEN_BOARD_ONLY);
    CHECK_STR(out, "8/2k5/p7/1pP1p3/1P4P1/3P4/P7/1K6");
}

TEST(board_move_errors)
{
    rf_position pos, before;
    rf_error err;
    CHECK(rf_position_parse(&pos, "5r2/2k5/p7/1pP1p3/1P4P1/3P4/P7/1K3R2", 36, ATOMIC, 0, RF_INVALID_ALL, NULL) == RF_OK);
    before = pos;
    CHECK_INT(rf_atomic_board_move(&pos, NULL, "h1h1", 4, &err), RF_ERR_ILLEGAL);
    CHECK_INT(err.status, RF_ERR_ILLEGAL);
    CHECK_INT(rf_atomic_board_move(&pos, NULL, "i1h1", 4, &err), RF_ERR_SYNTAX);
    CHECK_INT(rf_atomic_board_move(&pos, NULL, "a2a4q", 5, &err), RF_ERR_ILLEGAL);
    CHECK_INT(rf_atomic_board_move(&pos, NULL, "", 0, &err), RF_ERR_SYNTAX);
    CHECK(memcmp(&pos, &before, sizeof pos) == 0); /* a refused move changes nothing */
    CHECK_INT(rf_atomic_board_move(&pos, NULL, "b1c2", 4, NULL), RF_OK);
    CHECK(pos.board[RF_SQUARE(2, 1)] == RF_MAKE_PIECE(RF_WHITE, RF_KING));
}
