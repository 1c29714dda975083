/*
 * variants/atomic.c - Atomic chess (the rules lichess plays).
 *
 * Rules:
 *  - Every capture explodes: the captured piece, the capturing piece and every piece that is not
 *    a pawn on the eight squares around the capture square leave the board. For en passant the
 *    centre of the explosion is the square the capturing pawn lands on.
 *  - A king cannot capture (it would explode itself). A move that explodes one's own king is
 *    illegal; a move that explodes the enemy king wins at once and is legal even when it leaves
 *    one's own king attacked.
 *  - Kings that touch cannot give check to each other: capturing either would explode both.
 *    So a king is in check when an enemy piece other than the king attacks it and the enemy king
 *    does not stand next to it.
 *  - Castling follows the same rule for attacked squares: the king may not start in check, nor
 *    cross a square an enemy non-king piece attacks (judged with the king lifted off its square
 *    and the rook still on its own) unless the enemy king stands next to that square (the
 *    "connected kings" exception, which matters in Atomic960); where the king lands is judged
 *    like any move, on the board after castling.
 *  - Castling rights die when the king or the castling rook explodes.
 *  - The game ends when a king is gone.
 *
 * Move generation, perft and the API's make-move (the row template row.h) run on nodes, by
 * atomic_generate.h and atomic_make.h beside this file; the simple generator, their test oracle, on
 * positions, with its own blast (play_simple).
 * Compiled once per instruction set (see variant.h); Atomic's functions of the public API
 * (rf_atomic_explosion, rf_atomic_board_move) are in src/explosion.c, compiled once.
 */
#include "atomic_make.h"
#include "../kernel/perft.h"
#include "../pseudo.h"
#include "../validate.h"
#include "../variant.h"

#include <stdio.h>

/* The squares a capture on `to` clears besides the capturing piece: the captured piece's square
 * and every non-pawn piece on the eight squares around `to`. For en passant `to` is the landing
 * square (the captured pawn itself is removed separately). */
RF_INLINE rf_bitboard explosion_mask(const rf_position *pos, rf_square to)
{
    return (rf__king_attacks[to] & pos->by_type[0] & ~pos->by_type[RF_PAWN]) | RF_BB(to);
}

/* 1 when the move captures (and so explodes). */
RF_INLINE bool is_capture(const rf_position *pos, rf_move m)
{
    unsigned kind = RF_MOVE_KIND(m);
    return kind == RF_MOVE_EN_PASSANT || (kind != RF_MOVE_CASTLING && pos->board[RF_MOVE_TO(m)]);
}

/* The enemy pieces giving check to the king of colour c: any piece but a king attacks, and none
 * does while the two kings touch (capturing a king next to its own king would explode the
 * capturer's king too). */
RF_INLINE rf_bitboard atomic_checkers(const rf_position *pos, rf_color c)
{
    rf_bitboard kings = rf__pieces(pos, c, RF_KING);
    rf_bitboard their_kings = rf__pieces(pos, rf__other(c), RF_KING);
    if (!kings || rf__more_than_one(kings)) return 0;
    rf_square ksq = rf__lsb(kings);
    if (!their_kings || (rf__king_attacks[ksq] & their_kings)) return 0;
    return rf__attackers_to(pos, ksq, pos->by_type[0]) & pos->by_color[rf__other(c)] &
           ~pos->by_type[RF_KING];
}

/* Whether the side `them` attacks `sq` in the Atomic sense, with occupancy `occ`. */
RF_INLINE bool atomic_attacked(const rf_position *pos, rf_square sq, rf_color them, rf_bitboard occ)
{
    rf_bitboard their_kings = rf__pieces(pos, them, RF_KING);
    if (!their_kings || (rf__king_attacks[sq] & their_kings)) return false;
    return (rf__attackers_to(pos, sq, occ) & pos->by_color[them] & ~pos->by_type[RF_KING]) != 0;
}

/* Castling on `side` before the landing square is judged: the right exists, every square the
 * king and rook cross or land on is empty but for the two of them, and no square the king
 * crosses is attacked (king lifted, rook in place, connected kings excepted). The caller has
 * checked that the king is not in check. */
RF_INLINE bool atomic_castling_path_ok(const rf_position *pos, rf_color us, rf_square ksq, int side)
{
    rf_square rsq = pos->castle_rook[us][side];
    if (rsq == RF_NO_SQUARE) return false;
    rf_square kto = rf__castle_king_to(us, side), rto = rf__castle_rook_to(us, side);
    rf_bitboard occ = pos->by_type[0], movers = RF_BB(ksq) | RF_BB(rsq);
    rf_bitboard must_be_empty =
        (rf__between[ksq][kto] | RF_BB(kto) | rf__between[rsq][rto] | RF_BB(rto)) & ~movers;
    if (occ & must_be_empty) return false;
    for (rf_bitboard path = rf__between[ksq][kto]; path;)
        if (atomic_attacked(pos, rf__pop_lsb(&path), rf__other(us), occ ^ RF_BB(ksq))) return false;
    return true;
}

/* The simple method: after the board move, a capture's blast takes the capturer (now on `to`)
 * and every piece but a pawn around `to`, and the castling rights of an exploded rook or king. */
static void play_simple(rf_position *pos, const rf_position *before, rf_move move)
{
    if (!is_capture(before, move)) return;
    const rf_bitboard blast = explosion_mask(pos, RF_MOVE_TO(move));
    for (rf_bitboard b = blast; b;) rf__remove_piece(pos, rf__pop_lsb(&b));
    for (int c = 0; c < 2; c++)
        for (int s = 0; s < 2; s++) {
            const rf_square r = pos->castle_rook[c][s];
            if (r == RF_NO_SQUARE) continue;
            if (!(blast & RF_BB(r)) && (rf__pieces(pos, (rf_color)c, RF_KING) & RF_RANK_BB(c == RF_WHITE ? 0 : 7)))
                continue;
            pos->castle_rook[c][s] = RF_NO_SQUARE;
            pos->key ^= rf__zobrist_castling[c * 2 + s];
        }
}

/* Perft's generator: counting goes through one out-of-line copy of the generator per side, not
 * one inlined at each of the walk's counting sites. */
__attribute__((noinline)) static unsigned count_white(const rf__node *n)
{
    rf__emit e = {n, RF_WHITE, true, NULL, NULL, 0};
    rf__atomic_generate(&e);
    return e.total;
}
__attribute__((noinline)) static unsigned count_black(const rf__node *n)
{
    rf__emit e = {n, RF_BLACK, true, NULL, NULL, 0};
    rf__atomic_generate(&e);
    return e.total;
}
RF_KERNEL_INLINE void generate_node(rf__emit *e)
{
    if (e->count)
        e->total += e->us == RF_WHITE ? count_white(e->n) : count_black(e->n);
    else
        rf__atomic_generate(e);
}
/* The visit kind of a legal move, for rf_position_play: a capture (not en passant, not a
 * promotion) is an explosion whatever the capturer. */
RF_INLINE int play_kind(const rf__node *n, rf_move m, rf_piece_type pt, rf_color us)
{
    const bool explodes =
        RF_MOVE_KIND(m) == RF_MOVE_NORMAL && ((n->color[RF_WHITE] | n->color[RF_BLACK]) & RF_BB(RF_MOVE_TO(m)));
    return explodes ? RF_VISIT_EXPLODE : rf__move_kind(m, pt, us);
}
#define RF_ROW_GENERATE generate_node
#define RF_ROW_MAKE rf__atomic_make
#define RF_ROW_KIND play_kind
#define RF_ROW_LIST rf__visit_list
#define RF_ROW_STATE 0
#include "row.h"

static rf_bitboard checkers(const rf_position *pos, rf_color c) { return atomic_checkers(pos, c); }

/* After our move: our king must survive; then either the enemy king is gone, or our king is out
 * of check. */
static bool legal_after(const rf_position *after, rf_color us)
{
    if (!rf__pieces(after, us, RF_KING)) return false;
    if (!rf__pieces(after, rf__other(us), RF_KING)) return true;
    return atomic_checkers(after, us) == 0;
}

/* The simple generator: the pseudo-legal moves (the king steps to empty squares only, castling
 * whose squares are empty and not attacked), each played on a copy and kept when legal_after
 * says so. No move is legal once the enemy king is gone. */
static rf_move *generate_simple(const rf_position *pos, rf_move *out)
{
    rf_color us = (rf_color)pos->side;
    if (!rf__pieces(pos, rf__other(us), RF_KING)) return out;
    rf_move pseudo[RF_MAX_MOVES * 2], *end = pseudo_moves(pos, pseudo, us, ~pos->by_type[0]);
    rf_bitboard kings = rf__pieces(pos, us, RF_KING);
    if (kings && !rf__more_than_one(kings) && !atomic_checkers(pos, us))
        for (int side = 0; side < 2; side++)
            if (atomic_castling_path_ok(pos, us, rf__lsb(kings), side))
                *end++ = RF_MOVE_MAKE_KIND(rf__lsb(kings), pos->castle_rook[us][side], RF_MOVE_CASTLING);
    for (rf_move *m = pseudo; m < end; m++) {
        rf_position after = *pos;
        rf__play_simple(&after, *m);
        if (legal_after(&after, us)) *out++ = *m;
    }
    return out;
}

/* Atomic chess: the side to move may have had its king exploded (the game is over); the side that
 * just moved cannot have exploded its own. Kings that touch give no check, and a king stepping
 * away from the enemy king can uncover any number of checks at once, so no check is impossible. */
static uint32_t validity(const rf_position *pos)
{
    uint32_t v = rf__validity_common(pos);
    rf_color us = (rf_color)pos->side, them = rf__other(us);
    rf_bitboard ours = rf__pieces(pos, us, RF_KING), theirs = rf__pieces(pos, them, RF_KING);
    if (!ours && !theirs)
        v |= RF_INVALID_MISSING_KING;
    else if (!theirs)
        v |= RF_INVALID_VARIANT;
    if (ours && theirs && !rf__more_than_one(ours) && !rf__more_than_one(theirs) &&
        atomic_checkers(pos, them))
        v |= RF_INVALID_OPPOSITE_CHECK;
    return v;
}

/* Atomic's king rules, named: the side that just moved cannot have exploded its own king. */
static int explain(char *buf, size_t cap, const rf_position *pos, uint32_t flag)
{
    if (flag == RF_INVALID_MISSING_KING) return snprintf(buf, cap, "neither side has a king");
    if (flag != RF_INVALID_VARIANT) return 0;
    const char *moved = pos->side == RF_WHITE ? "Black" : "White";
    return snprintf(buf, cap, "%s has no king, yet %s moved last (a side cannot explode its own king)",
                    moved, moved);
}

/* Atomic chess ends when a king explodes: the side that still has its king has won. */
static rf_result variant_end(const rf_position *pos)
{
    rf_bitboard white = rf__pieces(pos, RF_WHITE, RF_KING);
    rf_bitboard black = rf__pieces(pos, RF_BLACK, RF_KING);
    if (white && !black) return RF_RESULT_WHITE_WINS;
    if (black && !white) return RF_RESULT_BLACK_WINS;
    return RF_RESULT_ONGOING;
}

/* The code of the variant's own end (variant.h). */
static const char *const end_codes[] = {"explosion", NULL};

/* lichess's rule, side by side: side c cannot win when the enemy king still stands and either c
 * has a bare king; or the enemy has more than a king but the board holds only kings and bishops,
 * each side's bishops on one colour and the two sides' on different colours (no bishop can then
 * ever capture, so no explosion can reach a king); or the enemy king is bare, no queen or pawn is
 * left, and c has one knight, bishop or rook alone, or one or two knights and nothing else. Any
 * other material can explode a king, with the loser's help if need be. */
static int side_insufficient(const rf_position *pos, rf_color c)
{
    rf_color them = rf__other(c);
    rf_bitboard kings = pos->by_type[RF_KING], occ = pos->by_type[0];
    if (!(kings & pos->by_color[them])) return false;
    if (!(pos->by_color[c] & ~kings)) return true;
    if (pos->by_color[them] & ~kings) {
        rf_bitboard bishops = pos->by_type[RF_BISHOP];
        if (occ != (bishops | kings)) return false;
        rf_bitboard white = bishops & pos->by_color[RF_WHITE];
        rf_bitboard black = bishops & pos->by_color[RF_BLACK];
        if (!(white & RF_DARK_SQUARES)) return !(black & ~RF_DARK_SQUARES);
        if (!(white & ~RF_DARK_SQUARES)) return !(black & RF_DARK_SQUARES);
        return false;
    }
    if (pos->by_type[RF_QUEEN] | pos->by_type[RF_PAWN]) return false;
    rf_bitboard pieces = pos->by_type[RF_KNIGHT] | pos->by_type[RF_BISHOP] | pos->by_type[RF_ROOK];
    if (rf__popcount(pieces) == 1) return true;
    if (occ == (pos->by_type[RF_KNIGHT] | kings)) return rf__popcount(pos->by_type[RF_KNIGHT]) <= 2;
    return false;
}

const rf__variant RF_KERNEL(rf__variant_atomic) = {
    .id = RF_VARIANT_ATOMIC,
    .name = "atomic",
    .pgn_name = "Atomic",
    .uci_name = "atomic",
    .validity = validity,
    .explain = explain,
    .generate = generate,
    .generate_simple = generate_simple,
    .play = play,
    .node_ep_legal = node_ep_legal,
    .play_simple = play_simple,
    .checkers = checkers,
    .perft = perft,
    .variant_end = variant_end,
    .end_codes = end_codes,
    .end_text = {[RF_RESULT_WHITE_WINS] = "Black's king exploded", [RF_RESULT_BLACK_WINS] = "White's king exploded"},
    .insufficient_material = side_insufficient,
    .blast = rf__atomic_marked_blast,
};
