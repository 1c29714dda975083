/*
 * variants/antichess.c - Antichess (the rules lichess plays, chessops' code): captures are
 * compulsory (when any capture exists only captures are legal, en passant included); there is no
 * check and no checkmate: the king is an ordinary piece, which may be captured and may step onto
 * an attacked square, and a side may have any number of kings, none included; a pawn may also
 * promote to a king. A side with no piece left, or with no legal move (stalemated), WINS.
 * Insufficient material is lichess's rule (chessops' hasInsufficientMaterial): only bishops left,
 * one side's all on one colour and the other's with one on the other colour; or one knight each,
 * which can never both be unable to win (the side to move decides which).
 *
 * The outcome's code: "antichess_no_pieces" (a variant end), or "stalemate" (no legal move: not a
 * variant end, as chessops has it, but won by the stalemated side), with the words
 * ("White has no pieces left", "White has no legal moves").
 *
 * Castling: lichess has none. chessops drops any castling right a FEN gives, and so does this
 * variant (the row's no_castling: the setup leaves them out; a caller that accepts nothing, `fen
 * --strict`, is refused them). python-chess's giveaway suite
 * (tests/data/antichess.perft) has no position with a right, so the two oracles do not disagree
 * on it. No castling move is ever generated.
 *
 * SAN: no "+" ever (no checks); "#" after a move that ends the game with a winner, as chessops
 * writes it (the generic writer: here the player who moved has just lost, by taking the opponent
 * to no pieces or no moves).
 *
 * Perft runs on the node kernel with this module's own generator, an rf__generator (kernel/emit.h): every
 * pseudo-legal move is legal (no king safety), so a node's captures are bitboards (pawn captures
 * by shifts, each piece's attacks on enemy pieces), and only when there is none the quiet moves
 * are generated; counting is by popcounts. Make-move is the kernel's rf__make, which plays a
 * king's capture and the promotion to a king as any other.
 *
 * Compiled once per instruction set: see variant.h.
 */
#include "../kernel/make.h"
#include "../kernel/perft.h"
#include "../validate.h"
#include "../variant.h"

#include <stdio.h>

/* The promotions of a set of pawn destinations, each reached from to - delta: five per
 * destination, queen first, king last. */
RF_KERNEL_INLINE void emit_promotions(rf__emit *e, rf_bitboard set, const int delta)
{
    rf__emit_promotions(e, set, delta);
    rf__emit_pawns(e, RF_VISIT_PROMO_K, set, delta);
}

/* Adds a piece's captures and quiet moves to the counts. In the BMI2 build a popcount is one
 * instruction: both are counted, without a branch. In the portable build it is a routine: only
 * the counts that can matter (no quiet move once a capture is found). */
RF_INLINE void count_targets(rf_bitboard captures, rf_bitboard quiets, unsigned *caps, unsigned *quiet)
{
#if RF_PEXT
    *caps += (unsigned)rf__popcount(captures);
    *quiet += (unsigned)rf__popcount(quiets);
#else
    if (captures) *caps += (unsigned)rf__popcount(captures);
    if (!*caps) *quiet += (unsigned)rf__popcount(quiets);
#endif
}

/* The pieces of a node of one side, by type: knights, bishops, rooks, queens, kings. */
typedef struct anti_pieces {
    rf_bitboard set[5];
} anti_pieces;

static const int anti_kinds[5] = {RF_VISIT_KNIGHT, RF_VISIT_BISHOP, RF_VISIT_ROOK, RF_VISIT_QUEEN, RF_VISIT_KING};

/* The attacks of a piece of type index i (anti_pieces' order) on `from`. */
RF_INLINE rf_bitboard anti_attacks(const int i, rf_square from, rf_bitboard occ)
{
    switch (i) {
    case 0: return rf__knight_attacks[from];
    case 1: return rf__bishop_attacks(from, occ);
    case 2: return rf__rook_attacks(from, occ);
    case 3: return rf__queen_attacks(from, occ);
    default: return rf__king_attacks[from];
    }
}

/* Adds the captures and quiet moves of the pieces `set` of type index i to the counts. */
RF_INLINE void count_type(const int i, rf_bitboard set, rf_bitboard occ, rf_bitboard theirs, unsigned *caps,
                          unsigned *quiet)
{
    for (rf_bitboard b = set; b;) {
        const rf_bitboard a = anti_attacks(i, rf__pop_lsb(&b), occ);
        count_targets(a & theirs, a & ~occ, caps, quiet);
    }
}

/* Keeps the squares each piece of `set` (type index i) may go to in att[k...]; returns the next
 * k, and adds the squares to *reach. */
RF_INLINE unsigned attacks_type(const int i, rf_bitboard set, rf_bitboard occ, rf_bitboard ours, rf_bitboard *att,
                                unsigned k, rf_bitboard *reach)
{
    for (rf_bitboard b = set; b;) *reach |= att[k++] = anti_attacks(i, rf__pop_lsb(&b), occ) & ~ours;
    return k;
}

/* The moves of the pieces `set` of type index i to att[k...] & target; returns the next k. */
RF_KERNEL_INLINE unsigned emit_type(rf__emit *e, const int i, rf_bitboard set, const rf_bitboard *att, unsigned k,
                                    rf_bitboard target)
{
    for (rf_bitboard b = set; b;) {
        rf_square from = rf__pop_lsb(&b);
        rf__emit_set(e, anti_kinds[i], from, att[k++] & target);
    }
    return k;
}

/* Counting: captures and quiet moves side by side from each piece's attack set; the captures
 * when there is any. */
RF_KERNEL_INLINE unsigned count_anti(const rf__node *n, const rf_color us, const anti_pieces *pc, rf_bitboard ep_from)
{
    const rf_bitboard ours = n->color[us], theirs = n->color[rf__other(us)], occ = ours | theirs;
    const rf_bitboard rank8 = rf__rank8(us), pawns = n->pawns & ours;
    const rf_bitboard west = rf__forward(us, rf__west(pawns)) & theirs, east = rf__forward(us, rf__east(pawns)) & theirs;
    unsigned caps = (unsigned)(rf__popcount(west) + rf__popcount(east) + rf__popcount(ep_from));
    if ((west | east) & rank8) caps += 4u * (unsigned)(rf__popcount(west & rank8) + rf__popcount(east & rank8));
    unsigned quiet = 0;
    /* One call per type, so that each type's attacks are a constant choice. */
    count_type(0, pc->set[0], occ, theirs, &caps, &quiet);
    count_type(1, pc->set[1], occ, theirs, &caps, &quiet);
    count_type(2, pc->set[2], occ, theirs, &caps, &quiet);
    count_type(3, pc->set[3], occ, theirs, &caps, &quiet);
    count_type(4, pc->set[4], occ, theirs, &caps, &quiet);
    if (caps) return caps;
    const rf_bitboard single = rf__forward(us, n->pawns & ours) & ~occ, dbl = rf__forward(us, single & rf__rank3(us)) & ~occ;
    return quiet + (unsigned)(rf__popcount(single) + rf__popcount(dbl)) + 4u * (unsigned)rf__popcount(single & rank8);
}

/* The pawn moves of a walk: the captures (and en passant) when `captures`, else the pushes. */
RF_KERNEL_INLINE void emit_anti_pawns(rf__emit *e, const rf__pawn_moves *p, rf_bitboard ep_from, const bool captures)
{
    const int up = rf__up(e->us);
    const rf_bitboard rank8 = rf__rank8(e->us);
    if (!captures) {
        rf__emit_pawns(e, RF_VISIT_PAWN, p->single & ~rank8, up);
        rf__emit_pawns(e, RF_VISIT_DOUBLE, p->dbl, 2 * up);
        if (p->single & rank8) emit_promotions(e, p->single & rank8, up);
        return;
    }
    rf__emit_pawns(e, RF_VISIT_PAWN, p->west & ~rank8, up - 1);
    rf__emit_pawns(e, RF_VISIT_PAWN, p->east & ~rank8, up + 1);
    if ((p->west | p->east) & rank8) {
        emit_promotions(e, p->west & rank8, up - 1);
        emit_promotions(e, p->east & rank8, up + 1);
    }
    for (rf_bitboard b = ep_from; b;) {
        rf_square from = rf__pop_lsb(&b);
        rf__emit_one(e, RF_VISIT_EP, from, rf__lsb(e->n->special & rf__node_ep_rank(e->us)));
    }
}

/* The legal moves of Antichess for side e->us. Walking computes the attack sets once, in a
 * fixed order of piece types, and keeps them for a second pass, which gives the captures when
 * there is any capture at all, else the quiet moves. The en passant square is kept in a node
 * only when the pawn that skipped it stands in front. */
RF_KERNEL_INLINE void generate_anti(rf__emit *e)
{
    const rf__node *n = e->n;
    const rf_color us = e->us, them = rf__other(us);
    const rf_bitboard ours = n->color[us], theirs = n->color[them], occ = ours | theirs;
    const rf_bitboard epbb = n->special & rf__node_ep_rank(us);
    const rf_bitboard ep_from = epbb ? rf__pawn_attacks[them][rf__lsb(epbb)] & n->pawns & ours : 0;
    const anti_pieces pc = {{n->knights & ours, n->diag & ~n->orth & ours, n->orth & ~n->diag & ours,
                             n->diag & n->orth & ours, n->kings & ours}};
    if (e->count) {
        e->total += count_anti(n, us, &pc, ep_from);
        return;
    }
    const rf__pawn_moves p = rf__pawn_moves_of(us, n->pawns & ours, ~occ, theirs);
    rf_bitboard att[64], reach = 0;
    unsigned k = attacks_type(0, pc.set[0], occ, ours, att, 0, &reach);
    k = attacks_type(1, pc.set[1], occ, ours, att, k, &reach);
    k = attacks_type(2, pc.set[2], occ, ours, att, k, &reach);
    k = attacks_type(3, pc.set[3], occ, ours, att, k, &reach);
    attacks_type(4, pc.set[4], occ, ours, att, k, &reach);
    /* Captures are compulsory: with any, the captures alone; else the quiet moves. */
    const bool captures = ((reach & theirs) | p.west | p.east | ep_from) != 0;
    const rf_bitboard target = captures ? theirs : ~occ;
    emit_anti_pawns(e, &p, ep_from, captures);
    k = emit_type(e, 0, pc.set[0], att, 0, target);
    k = emit_type(e, 1, pc.set[1], att, k, target);
    k = emit_type(e, 2, pc.set[2], att, k, target);
    k = emit_type(e, 3, pc.set[3], att, k, target);
    emit_type(e, 4, pc.set[4], att, k, target);
}

#define RF_ROW_GENERATE generate_anti
#define RF_ROW_MAKE rf__make
#define RF_ROW_KIND rf__play_kind
#define RF_ROW_LIST rf__visit_list
#define RF_ROW_STATE 0
#include "row.h"

/* No piece ever gives check. */
static rf_bitboard checkers(const rf_position *pos, rf_color c)
{
    (void)pos;
    (void)c;
    return 0;
}

RF_INLINE rf_move *add_moves(rf_move *out, rf_square from, rf_bitboard targets)
{
    while (targets) *out++ = RF_MOVE_MAKE(from, rf__pop_lsb(&targets));
    return out;
}

/* The simple generator: every pseudo-legal move (each piece by its type, any number of kings,
 * pawns promoting to Q R B N or K, en passant), each played on a copy; a move is a capture when
 * the enemy has fewer pieces after it, and when any move is a capture only the captures are
 * kept. */
static rf_move *generate_simple(const rf_position *pos, rf_move *out)
{
    const rf_color us = (rf_color)pos->side, them = rf__other(us);
    const rf_bitboard occ = pos->by_type[0], ours = pos->by_color[us], theirs = pos->by_color[them];
    const int up = us == RF_WHITE ? 8 : -8, last = us == RF_WHITE ? 7 : 0, start = us == RF_WHITE ? 1 : 6;
    rf_move pseudo[RF_MAX_MOVES * 2], *end = pseudo;
    for (rf_bitboard b = ours; b;) {
        rf_square from = rf__pop_lsb(&b);
        rf_piece_type pt = RF_PIECE_TYPE(pos->board[from]);
        if (pt != RF_PAWN) {
            end = add_moves(end, from, rf__piece_attacks(pt, from, occ) & ~ours);
            continue;
        }
        rf_bitboard targets = rf__pawn_attacks[us][from] & theirs;
        /* Shifted, not added: a pawn on its last rank (accepted outside the rules) has no square
         * ahead. */
        rf_bitboard one = (us == RF_WHITE ? rf__north(RF_BB(from)) : rf__south(RF_BB(from))) & ~occ;
        targets |= one;
        if (one && RF_RANK_OF(from) == start && !(occ & RF_BB(from + 2 * up))) targets |= RF_BB(from + 2 * up);
        while (targets) {
            rf_square to = rf__pop_lsb(&targets);
            if (RF_RANK_OF(to) == last) {
                for (int pt2 = RF_QUEEN; pt2 >= RF_KNIGHT; pt2--) *end++ = RF_MOVE_MAKE_PROMOTION(from, to, pt2);
                *end++ = RF_MOVE_MAKE_PROMOTION(from, to, RF_KING);
            } else {
                *end++ = RF_MOVE_MAKE(from, to);
            }
        }
        if (pos->ep != RF_NO_SQUARE && (rf__pawn_attacks[us][from] & RF_BB(pos->ep)) && !(occ & RF_BB(pos->ep)) &&
            pos->board[pos->ep - up] == RF_MAKE_PIECE(them, RF_PAWN))
            *end++ = RF_MOVE_MAKE_KIND(from, pos->ep, RF_MOVE_EN_PASSANT);
    }
    const int before = rf__popcount(theirs);
    rf_move quiet[RF_MAX_MOVES * 2], *quiet_end = quiet, *kept = out;
    for (rf_move *m = pseudo; m < end; m++) {
        rf_position after = *pos;
        rf__play_simple(&after, *m);
        if (rf__popcount(after.by_color[them]) < before)
            *kept++ = *m;
        else
            *quiet_end++ = *m;
    }
    if (kept > out) return kept;
    for (rf_move *m = quiet; m < quiet_end; m++) *kept++ = *m;
    return kept;
}

/* More pieces than promotions explain, a king beyond the first counting as a promoted piece. */
static uint32_t validity_material(const rf_position *pos)
{
    for (int c = 0; c < 2; c++) {
        rf_bitboard mine = pos->by_color[c];
        int pawns = rf__popcount(mine & pos->by_type[RF_PAWN]), extra = 0;
        static const int start_count[7] = {0, 8, 2, 2, 2, 1, 1};
        for (int pt = RF_KNIGHT; pt <= RF_KING; pt++) {
            int k = rf__popcount(mine & pos->by_type[pt]) - start_count[pt];
            if (k > 0) extra += k;
        }
        if (rf__popcount(mine) > 16 || pawns > 8 || extra > 8 - pawns) return RF_INVALID_TOO_MUCH_MATERIAL;
    }
    return 0;
}

/* chessops' Antichess validate: a board with pieces, no pawn on a back rank; any number of kings
 * and no checks to judge. Besides: an en passant square a double step explains, material that
 * promotions explain, and no castling right (the setup drops them: see the top of the file). */
static uint32_t validity(const rf_position *pos)
{
    uint32_t v = 0;
    if (!pos->by_type[0]) v |= RF_INVALID_EMPTY_BOARD;
    if (pos->by_type[RF_PAWN] & (RF_RANK_1_BB | RF_RANK_8_BB)) v |= RF_INVALID_PAWNS_ON_BACKRANK;
    v |= rf__validity_castling(pos) | rf__validity_ep(pos) | validity_material(pos);
    if (rf__castling_bits(pos)) v |= RF_INVALID_VARIANT;
    return v;
}

/* Antichess's own rules, named: no castling, and a king beyond the first is a promoted piece. */
static int explain(char *buf, size_t cap, const rf_position *pos, uint32_t flag)
{
    (void)pos;
    if (flag == RF_INVALID_VARIANT) return snprintf(buf, cap, "castling rights (Antichess has no castling)");
    if (flag == RF_INVALID_TOO_MUCH_MATERIAL)
        return snprintf(buf, cap, "too much material (more pieces, a second king counted, than promotions explain)");
    return 0;
}

/* The side to move has won when it has no piece left (chessops' isVariantEnd). */
static rf_result variant_end(const rf_position *pos)
{
    if (pos->by_color[pos->side]) return RF_RESULT_ONGOING;
    return pos->side == RF_WHITE ? RF_RESULT_WHITE_WINS : RF_RESULT_BLACK_WINS;
}

/* A stalemated side (pieces, but no legal move) has won too. */
static rf_result stalemate_result(const rf_position *pos)
{
    return pos->side == RF_WHITE ? RF_RESULT_WHITE_WINS : RF_RESULT_BLACK_WINS;
}

/* The codes end_reason gives (variant.h). */
static const char *const end_codes[] = {"antichess_no_pieces", "stalemate", NULL};

static rf__end_reason end_reason(const rf_position *pos)
{
    bool white = pos->side == RF_WHITE;
    /* Stable codes: the variant's own end names itself; a stalemate stays a stalemate
     * (status says so), won by the stalemated side. */
    rf__end_reason no_pieces = {end_codes[0], white ? "White has no pieces left" : "Black has no pieces left"};
    rf__end_reason no_moves = {end_codes[1], white ? "White has no legal moves" : "Black has no legal moves"};
    return pos->by_color[pos->side] ? no_moves : no_pieces;
}

/* chessops' hasInsufficientMaterial for Antichess: side c cannot win (cannot lose all its
 * pieces) when it has pieces and the enemy has none; or when only bishops are left and one of c's
 * bishops stands on a colour none of the enemy's does while the enemy's are all on the other (no
 * capture can ever happen); or with one knight each, by the knights' square colours and the side
 * to move (a knight can be forced to capture, or cannot, depending on who moves first). */
static bool side_insufficient(const rf_position *pos, rf_color c)
{
    const rf_color them = rf__other(c);
    const rf_bitboard mine = pos->by_color[c], theirs = pos->by_color[them], occ = pos->by_type[0];
    if (!mine) return false;
    if (!theirs) return true;
    if (occ == pos->by_type[RF_BISHOP]) {
        bool we_light = (mine & RF_LIGHT_SQUARES) != 0, we_dark = (mine & ~RF_LIGHT_SQUARES) != 0;
        bool they_all_dark = !(theirs & RF_LIGHT_SQUARES), they_all_light = !(theirs & ~RF_LIGHT_SQUARES);
        return (we_light && they_all_dark) || (we_dark && they_all_light);
    }
    if (occ == pos->by_type[RF_KNIGHT] && rf__popcount(occ) == 2) {
        bool white_light = (pos->by_color[RF_WHITE] & RF_LIGHT_SQUARES) != 0;
        bool black_dark = (pos->by_color[RF_BLACK] & ~RF_LIGHT_SQUARES) != 0;
        return (white_light != black_dark) != (pos->side == c);
    }
    return false;
}

static int insufficient_material(const rf_position *pos, rf_color c) { return side_insufficient(pos, c); }

const rf__variant RF_KERNEL(rf__variant_antichess) = {
    .id = RF_VARIANT_ANTICHESS,
    .name = "antichess",
    .pgn_name = "Antichess",
    .uci_name = "antichess",
    .start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
    .validity = validity,
    .explain = explain,
    .generate = generate,
    .generate_simple = generate_simple,
    .play = play,
    .node_ep_legal = node_ep_legal,
    .checkers = checkers,
    .perft = perft,
    .variant_end = variant_end,
    .end_reason = end_reason,
    .end_codes = end_codes,
    .insufficient_material = insufficient_material,
    .stalemate_result = stalemate_result,
    .no_castling = true,
    .king_promotions = true,
};
