/* Atomic chess: perft counts, explosion properties on every capture of random games, the
 * consistency of every position reached, and the seed's board-move job. */
#include "atomic.h"
#include "movegen.h"
#include "check.h"

static uint64_t rng_state = 0x243F6A8885A308D3ULL;
static unsigned rng(unsigned n)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (unsigned)(rng_state % n);
}

static void expect_perft(const char *fen, int depth, uint64_t nodes)
{
    rf_position pos;
    rf_error err;
    if (!CHECK_MSG(rf_position_from_fen(&pos, fen, RF_PARSE_ATOMIC, &err) == RF_OK, "%s: %s", fen, err.message)) return;
    uint64_t got = rf_perft(&pos, depth);
    CHECK_MSG(got == nodes, "%s depth %d: %llu, expected %llu", fen, depth, (unsigned long long)got, (unsigned long long)nodes);
}

/* Every capture: the explosion removes exactly the capturer, the captured piece and the
 * non-pawn pieces next to the centre; no pawn besides those two; nothing farther than one step. */
static int check_explosion(const rf_position *pos, rf_move m)
{
    rf_explosion ex;
    rf_atomic_explosion(pos, m, &ex);
    rf_position after = *pos;
    rf_position_play(&after, m);
    rf_bitboard removed = pos->by_type[0] & ~after.by_type[0];
    rf_square from = RF_MOVE_FROM(m), to = RF_MOVE_TO(m);
    if (ex.center == RF_NO_SQUARE) return removed == 0 || RF_MOVE_KIND(m) == RF_MOVE_CASTLING ? 1 : 0;
    if (ex.center != to) return 0;
    rf_bitboard near = rf__king_attacks[to] | RF_BB(to);
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

int main(void)
{
    /* The atomic suite's counts (small depths; the CLI suite test goes deeper). */
    expect_perft("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -", 3, 8902);
    expect_perft("rn2kb1r/1pp1p2p/p2q1pp1/3P4/2P3b1/4PN2/PP3PPP/R2QKB1R b KQkq -", 3, 45237);
    expect_perft("rn1qkb1r/p5pp/2p5/3p4/N3P3/5P2/PPP4P/R1BQK3 w Qkq -", 3, 23353);
    expect_perft("8/8/8/8/8/8/2k5/rR4KR w KQ -", 4, 61401);
    expect_perft("r3k1rR/5K2/8/8/8/8/8/8 b kq -", 4, 98729);
    expect_perft("Rr2k1rR/3K4/3p4/8/8/8/7P/8 w kq -", 3, 10631);

    /* Random games from the start position: consistency, explosion properties, and the rule
     * that a legal move never explodes the mover's own king. */
    int games = 0, plies = 0, captures = 0, bad_consistency = 0, bad_explosion = 0, own_king = 0;
    int generators_differ = 0;
    static const char *const starts[] = {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        "rk1r4/8/8/8/8/8/8/RK1R4 w DAda - 0 1",
        "8/8/8/8/8/8/2k5/rR4KR w KQ - 0 1",
    };
    for (int g = 0; g < 400; g++) {
        rf_position pos;
        rf_position_from_fen(&pos, starts[g % 4], RF_PARSE_ATOMIC, NULL);
        games++;
        for (int ply = 0; ply < 200; ply++) {
            rf_movelist list;
            rf_generate_moves(&pos, &list);
            /* The fast generator and the play-and-test one give the same moves. */
            rf_move simple[RF_MAX_MOVES];
            unsigned n_simple = (unsigned)(rf__generate_atomic_simple(&pos, simple) - simple);
            int same = n_simple == list.count;
            for (unsigned i = 0; same && i < n_simple; i++) same = rf_move_is_legal(&pos, simple[i]);
            if (!same) generators_differ++;
            if (list.count == 0) break;
            for (unsigned i = 0; i < list.count; i++) {
                if (!rf__atomic_is_capture(&pos, list.moves[i])) continue;
                captures++;
                if (!check_explosion(&pos, list.moves[i])) bad_explosion++;
                rf_position after = pos;
                rf_position_play(&after, list.moves[i]);
                if (!rf__pieces(&after, (rf_color)pos.side, RF_KING)) own_king++;
            }
            rf_position_play(&pos, list.moves[rng(list.count)]);
            plies++;
            if (rf__position_check(&pos)) bad_consistency++;
        }
    }
    printf("%d games, %d plies, %d captures checked\n", games, plies, captures);
    CHECK(captures > 1000);
    CHECK_INT(bad_consistency, 0);
    CHECK_INT(bad_explosion, 0);
    CHECK_INT(own_king, 0);
    CHECK_INT(generators_differ, 0);

    /* Kings that touch give no check; an exploded king ends the game (no moves). */
    rf_position pos;
    CHECK(rf_position_from_fen(&pos, "8/8/8/8/8/8/3k4/r3K3 w - - 0 1", RF_PARSE_ATOMIC, NULL) == RF_OK);
    CHECK_INT(rf_checkers(&pos), 0);
    CHECK(rf_position_from_fen(&pos, "8/8/8/8/8/8/8/4K3 b - - 0 1", RF_PARSE_ATOMIC, NULL) == RF_OK);
    CHECK_INT(rf_perft(&pos, 1), 0);
    /* A king cannot capture: Ke1 next to a black knight on d2 has no capture. */
    CHECK(rf_position_from_fen(&pos, "4k3/8/8/8/8/8/3n4/4K3 w - - 0 1", RF_PARSE_ATOMIC, NULL) == RF_OK);
    CHECK(!rf_move_is_legal(&pos, RF_MOVE_MAKE(RF_SQUARE(4, 0), RF_SQUARE(3, 1))));
    /* Exploding the enemy king wins even from check: the queen takes d7 next to the king. */
    CHECK(rf_position_from_fen(&pos, "4k3/3p4/8/8/8/8/3Q4/r3K3 w - - 0 1", RF_PARSE_ATOMIC, NULL) == RF_OK);
    CHECK(rf_checkers(&pos) != 0);
    CHECK(rf_move_is_legal(&pos, RF_MOVE_MAKE(RF_SQUARE(3, 1), RF_SQUARE(3, 6))));

    /* The seed's board-move job through the library. */
    rf_error err;
    char out[RF_FEN_MAX];
    rf_position_parse(&pos, "5r2/2k5/p1B5/1pP1p3/1P4P1/3P4/P7/1K3R1q", 39, RF_PARSE_ATOMIC, RF_INVALID_ALL, NULL);
    CHECK(rf_atomic_board_move(&pos, "c6h1", 4, NULL, &err) == RF_OK);
    rf_position_to_fen(&pos, out, sizeof out, RF_FEN_BOARD_ONLY);
    CHECK_STR(out, "5r2/2k5/p7/1pP1p3/1P4P1/3P4/P7/1K3R2");
    CHECK(rf_atomic_board_move(&pos, "h1h1", 4, NULL, &err) == RF_ERR_ILLEGAL);
    CHECK(rf_atomic_board_move(&pos, "i1h1", 4, NULL, &err) == RF_ERR_SYNTAX);
    CHECK(rf_atomic_board_move(&pos, "a2a4q", 5, NULL, &err) == RF_ERR_ILLEGAL);
    CHECK(rf_atomic_board_move(&pos, "", 0, NULL, &err) == RF_ERR_SYNTAX);
    return check_summary();
}
