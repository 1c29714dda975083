/*
 * variants/threecheck.c - Three-check (the rules lichess plays): standard chess, and each check
 * a side gives counts down its remaining checks (3 at the start); a side that has given its
 * third check has won at once. The counters are part of the position (rf_position's
 * remaining_checks, its key and FEN field "3+3", White's first), so positions that differ only
 * in them are different positions, also for repetitions.
 *
 * Once a counter is 0 the game is over: no side has a legal move (so no en passant capture
 * either), it is neither checkmate nor stalemate, and the side whose counter it is has won
 * (White's is looked at first, as chessops does). Insufficient material: a side with its king
 * alone cannot win (it can give no check); the game is drawn by material only when both kings
 * stand alone (chessops).
 *
 * Everything but the counters is standard chess, and is taken from it: the kernel's node
 * generator and make-move for the fast paths (the counters ride in the node's `state` word:
 * White's in bits 0-7, Black's in bits 8-15), the standard row of the same build (see
 * variant.h) for the simple generator and SAN's moves to a square, and the row's NULL slots for
 * the start position's board, validity and checks.
 *
 * Compiled once per instruction set: see variant.h.
 */
#include "../kernel/make.h"
#include "../kernel/perft.h"
#include "../variant.h"

#define STANDARD RF_KERNEL(rf__variant_standard)

/* 1 when a counter of the node is 0: the game is over. */
RF_INLINE bool checks_over(uint64_t state) { return !(state & 0xFF) || !(state & 0xFF00); }

/* The legal moves of a node, as rf__generate gives them: none once a side has given three
 * checks. */
RF_KERNEL_INLINE void generate_checks(rf__emit *e)
{
    if (!checks_over(e->n->state)) rf__generate(e);
}

/* rf__make, and a check given counts down the mover's remaining checks. */
RF_INLINE void make_checks(rf__node *c, const rf__node *n, const rf_color us, const int kind,
                           rf_square from, rf_square to, const bool hashed)
{
    rf__make(c, n, us, kind, from, to, hashed);
    const rf_color them = rf__other(us);
    const rf_bitboard occ = c->color[RF_WHITE] | c->color[RF_BLACK];
    for (rf_bitboard kings = c->kings & c->color[them]; kings;) {
        if (rf__node_attacked(c, them, rf__pop_lsb(&kings), occ)) {
            c->state -= (uint64_t)1 << (8 * us);
            break;
        }
    }
}

static rf_bitboard checkers(const rf_position *pos, rf_color c) { return rf__standard_checkers(pos, c); }

static bool pos_over(const rf_position *pos) { return !pos->remaining_checks[0] || !pos->remaining_checks[1]; }

/* A piece's moves to a square (SAN reading): none after the third check, else standard
 * chess's. */
static rf_move *moves_to(const rf_position *pos, rf_move *out, rf_piece_type pt, rf_square to)
{
    if (pos_over(pos)) return out;
    return STANDARD.moves_to(pos, out, pt, to);
}

/* The simple method: a check given counts down the mover's counter (and its key). */
static void play_simple(rf_position *pos, const rf_position *before, rf_move move)
{
    (void)move;
    const rf_color us = (rf_color)before->side;
    const uint8_t r = pos->remaining_checks[us];
    if (!r || !checkers(pos, rf__other(us))) return;
    pos->key ^= rf__zobrist_checks[us][r] ^ rf__zobrist_checks[us][r - 1];
    pos->remaining_checks[us] = (uint8_t)(r - 1);
}

#define RF_ROW_GENERATE generate_checks
#define RF_ROW_MAKE make_checks
#define RF_ROW_KIND rf__play_kind
#define RF_ROW_LIST rf__visit_list
#define RF_ROW_STATE RF_SETUP_CHECKS
#include "row.h"

/* The simple generator: none once the game is over, else standard chess's (every pseudo-legal
 * move played on a copy). */
static rf_move *generate_simple(const rf_position *pos, rf_move *out)
{
    if (pos_over(pos)) return out;
    return STANDARD.generate_simple(pos, out);
}

static rf_result variant_end(const rf_position *pos)
{
    if (!pos->remaining_checks[RF_WHITE]) return RF_RESULT_WHITE_WINS;
    if (!pos->remaining_checks[RF_BLACK]) return RF_RESULT_BLACK_WINS;
    return RF_RESULT_ONGOING;
}

/* The code of the variant's own end (variant.h). */
static const char *const end_codes[] = {"three_check", NULL};

/* A side with its king alone can give no check (chessops). */
static int insufficient_material(const rf_position *pos, rf_color c)
{
    return !(pos->by_color[c] & ~pos->by_type[RF_KING]);
}

/* The other names rf_variant_from_name reads (variant.h). */
static const char *const aliases[] = {"3check", NULL};

const rf__variant RF_KERNEL(rf__variant_threecheck) = {
    .id = RF_VARIANT_THREECHECK,
    .name = "threecheck",
    .pgn_name = "Three-check",
    .uci_name = "3check",
    .aliases = aliases,
    .start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1",
    .fen_extras = RF_SETUP_CHECKS,
    .generate = generate,
    .moves_to = moves_to,
    .generate_simple = generate_simple,
    .play = play,
    .node_ep_legal = node_ep_legal,
    .play_simple = play_simple,
    .perft = perft,
    .variant_end = variant_end,
    .end_codes = end_codes,
    .end_text = {[RF_RESULT_WHITE_WINS] = "White gave the third check",
                 [RF_RESULT_BLACK_WINS] = "Black gave the third check"},
    .insufficient_material = insufficient_material,
};
