/*
 * variants/kingofthehill.c - King of the Hill (the rules lichess plays): standard chess, and a
 * king that reaches one of the four centre squares d4, e4, d5, e5 (the hill) wins at once, by a
 * step or by a capture there. Once a king stands on the hill the game is over: no side has a
 * legal move (so no en passant capture either), it is neither checkmate nor stalemate, and the
 * side whose king it is has won. Insufficient material is never claimed: a side with a king can
 * always walk it to the hill. Castling, Chess960 and validity are standard chess's (a king on the
 * hill is allowed: the game is then over; both kings cannot stand there, as the four squares touch
 * and touching kings are an opposite check).
 *
 * Everything but the hill is standard chess, and is taken from it: the kernel's node generator
 * and make-move for the fast paths, the standard row of the same build (see variant.h) for the
 * simple generator and SAN's moves to a square, and the row's NULL slots for the start position,
 * validity and checks.
 *
 * Compiled once per instruction set: see variant.h.
 */
#include "../kernel/make.h"
#include "../kernel/perft.h"
#include "../variant.h"

#define RF_HILL ((rf_bitboard)0x0000001818000000ULL) /* d4 e4 d5 e5 */

#define STANDARD RF_KERNEL(rf__variant_standard)

/* The legal moves of a node, as rf__generate gives them: none once a king is on the hill. */
RF_KERNEL_INLINE void generate_hill(rf__emit *e)
{
    if (!(e->n->kings & RF_HILL)) rf__generate(e);
}

#define RF_ROW_GENERATE generate_hill
#define RF_ROW_MAKE rf__make
#define RF_ROW_KIND rf__play_kind
#define RF_ROW_LIST rf__visit_list
#define RF_ROW_STATE 0
#include "row.h"

/* The simple generator: none on the hill, else standard chess's (every pseudo-legal move played
 * on a copy). */
static rf_move *generate_simple(const rf_position *pos, rf_move *out)
{
    if (pos->by_type[RF_KING] & RF_HILL) return out;
    return STANDARD.generate_simple(pos, out);
}

/* A piece's moves to a square (SAN reading): none on the hill, else standard chess's. */
static rf_move *moves_to(const rf_position *pos, rf_move *out, rf_piece_type pt, rf_square to)
{
    if (pos->by_type[RF_KING] & RF_HILL) return out;
    return STANDARD.moves_to(pos, out, pt, to);
}

/* The side whose king stands on the hill has won (White's is looked at first, as chessops does,
 * in a position accepted with kings of both colours there). */
static rf_result variant_end(const rf_position *pos)
{
    if (rf__pieces(pos, RF_WHITE, RF_KING) & RF_HILL) return RF_RESULT_WHITE_WINS;
    if (rf__pieces(pos, RF_BLACK, RF_KING) & RF_HILL) return RF_RESULT_BLACK_WINS;
    return RF_RESULT_ONGOING;
}

/* The code of the variant's own end (variant.h). */
static const char *const end_codes[] = {"king_of_the_hill", NULL};

/* The other names rf_variant_from_name reads (variant.h). */
static const char *const aliases[] = {"koth", NULL};

const rf__variant RF_KERNEL(rf__variant_kingofthehill) = {
    .id = RF_VARIANT_KINGOFTHEHILL,
    .name = "kingofthehill",
    .pgn_name = "King of the Hill",
    .uci_name = "kingofthehill",
    .aliases = aliases,
    .generate = generate,
    .moves_to = moves_to,
    .generate_simple = generate_simple,
    .play = play,
    .node_ep_legal = node_ep_legal,
    .perft = perft,
    .variant_end = variant_end,
    .end_codes = end_codes,
    .end_text = {[RF_RESULT_WHITE_WINS] = "White's king reached the hill",
                 [RF_RESULT_BLACK_WINS] = "Black's king reached the hill"},
    .insufficient_material = rf__material_never_insufficient, /* any king can walk to the hill */
};
