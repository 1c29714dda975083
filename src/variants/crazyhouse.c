/*
 * variants/crazyhouse.c - Crazyhouse (the rules lichess plays, chessops' code): standard chess,
 * and a captured piece goes to the capturer's pocket, from which it may be dropped, as a piece of
 * the capturer's colour, on any empty square instead of a move; pawns not on the first or last
 * rank (a pawn dropped on its second rank may step two squares later). A piece that was a pawn
 * (promoted, '~' in FEN) returns to the pocket as a pawn. A drop may block a check from a
 * distance; against a contact check or a double check only a king move or a capture helps.
 *
 * The pockets are the FEN's "[QNp]" (read also as a ninth rank), held in rf_position's pocket
 * and promoted fields and in its key. Drops are moves of their own (RF_MOVE_MAKE_DROP: from
 * square = to square, the piece type in the high bits), written "N@f3" in UCI and SAN alike.
 *
 * Perft runs on the node kernel: the pockets ride in the node's state word (6 bits a count,
 * rf__node_pocket_shift), the promoted pieces in its promoted set; the board moves are standard
 * chess's generator, the drops are added as sets (counted by popcounts on the last ply), and
 * make-move is standard chess's followed by the pocket and promoted bookkeeping.
 *
 * Compiled once per instruction set: see variant.h.
 */
#include "../kernel/make.h"
#include "../kernel/perft.h"
#include "../variant.h"

#include <stdio.h>

#define STANDARD RF_KERNEL(rf__variant_standard)

/* The visit kinds of drops: ZH_DROP + (type - RF_PAWN). */
enum { ZH_DROP = RF_VISIT_VARIANT };

#define ZH_ONE(c, pt) ((uint64_t)1 << rf__node_pocket_shift(c, pt))
#define ZH_COUNT(state, c, pt) ((unsigned)((state) >> rf__node_pocket_shift(c, pt)) & 63u)
#define ZH_HAND_MASK ((UINT64_C(1) << 30) - 1)

/* The squares where a drop leaves every king of side `us` unattacked, tested one by one: for
 * positions accepted with more than one king. */
__attribute__((noinline)) static rf_bitboard drop_targets_tested(const rf__node *n, const rf_color us)
{
    const rf_bitboard occ = n->color[RF_WHITE] | n->color[RF_BLACK];
    rf_bitboard safe = 0;
    for (rf_bitboard t = ~occ; t;) {
        rf_square sq = rf__pop_lsb(&t);
        bool attacked = false;
        for (rf_bitboard k = n->kings & n->color[us]; k && !attacked;)
            attacked = rf__node_attacked(n, us, rf__pop_lsb(&k), occ | RF_BB(sq));
        if (!attacked) safe |= RF_BB(sq);
    }
    return safe;
}

/* The squares side `us` may drop on (pawns also off the back ranks): the empty ones, or with
 * the king in check by one distant piece the squares between; none against any other check. */
RF_KERNEL_INLINE rf_bitboard drop_targets(const rf__node *n, const rf_color us)
{
    const rf_color them = rf__other(us);
    const rf_bitboard occ = n->color[RF_WHITE] | n->color[RF_BLACK], kbb = n->kings & n->color[us];
    if (!kbb) return ~occ; /* positions accepted without a king: nothing to guard */
    if (rf__more_than_one(kbb)) return drop_targets_tested(n, us);
    const rf_square ksq = rf__lsb(kbb);
    const rf_bitboard checkers =
        ((rf__pawn_attacks[us][ksq] & n->pawns) | (rf__knight_attacks[ksq] & n->knights) |
         (rf__king_attacks[ksq] & n->kings) | (rf__bishop_attacks(ksq, occ) & n->diag) |
         (rf__rook_attacks(ksq, occ) & n->orth)) &
        n->color[them];
    if (!checkers) return ~occ;
    if (rf__more_than_one(checkers)) return 0;
    return rf__between[ksq][rf__lsb(checkers)];
}

/* The legal moves of Crazyhouse: standard chess's, then the drops. */
RF_KERNEL_INLINE void generate_zh(rf__emit *e)
{
    rf__generate(e);
    const uint64_t hand = (e->n->state >> rf__node_pocket_shift(e->us, RF_PAWN)) & ZH_HAND_MASK;
    if (!hand) return;
    const rf_bitboard targets = drop_targets(e->n, e->us);
    if (!targets) return;
    for (int pt = RF_PAWN; pt <= RF_QUEEN; pt++) {
        if (!((hand >> ((pt - RF_PAWN) * 6)) & 63)) continue;
        rf_bitboard to = pt == RF_PAWN ? targets & ~RF_NODE_BACK_RANKS : targets;
        if (e->count) {
            e->total += (unsigned)rf__popcount(to);
        } else {
            while (to) {
                rf_square sq = rf__pop_lsb(&to);
                e->visit(e->w, e->n, e->us, ZH_DROP + (pt - RF_PAWN), sq, sq);
            }
        }
    }
}

/* The child of node n after side `us` plays a move: standard chess's make-move, then the
 * captured piece to the pocket (a promoted one as a pawn) and the promoted set moved along;
 * a drop takes the piece from the pocket. */
RF_KERNEL_INLINE void make_zh(rf__node *c, const rf__node *n, const rf_color us, const int kind,
                              rf_square from, rf_square to, const bool hashed)
{
    const rf_color them = rf__other(us);
    const rf_bitboard t = RF_BB(to), f = RF_BB(from);
    if (kind >= ZH_DROP) {
        const rf_piece_type pt = (rf_piece_type)(RF_PAWN + (kind - ZH_DROP));
        c->color[us] = n->color[us] | t;
        c->color[them] = n->color[them];
        c->pawns = n->pawns | (pt == RF_PAWN ? t : 0);
        c->knights = n->knights | (pt == RF_KNIGHT ? t : 0);
        c->kings = n->kings;
        c->diag = n->diag | (pt == RF_BISHOP || pt == RF_QUEEN ? t : 0);
        c->orth = n->orth | (pt == RF_ROOK || pt == RF_QUEEN ? t : 0);
        c->special = n->special & ~RF_NODE_EP_RANKS;
        c->state = n->state - ZH_ONE(us, pt);
        c->promoted = n->promoted;
        if (hashed) c->key = n->key ^ rf__zobrist_piece[RF_MAKE_PIECE(us, pt)][to];
        return;
    }
    rf__make(c, n, us, kind, from, to, hashed);
    uint64_t state = n->state;
    rf_bitboard promoted = n->promoted, changed = 0;
    if (kind == RF_VISIT_EP) {
        state += ZH_ONE(us, RF_PAWN);
    } else if (kind != RF_VISIT_CASTLE) {
        if (n->color[them] & t) {
            rf_piece_type pt = (promoted & t) ? RF_PAWN : rf__node_type_at(n, t);
            if (pt != RF_KING) state += ZH_ONE(us, pt); /* a king is taken only off the rules */
        }
        /* The piece on `to` is promoted when a promoted piece moved there (whatever it took) or
         * a pawn promoted. */
        rf_bitboard now = promoted & ~(f | t);
        if ((promoted & f) || (kind >= RF_VISIT_PROMO_N && kind <= RF_VISIT_PROMO_Q)) now |= t;
        changed = promoted ^ now;
        promoted = now;
    }
    c->state = state;
    c->promoted = promoted;
    if (hashed)
        for (rf_bitboard b = changed; b;) c->key ^= rf__zobrist_promoted[rf__pop_lsb(&b)];
}

/* Listing: drops as RF_MOVE_MAKE_DROP, the other moves as rf__visit_list writes them. */
RF_KERNEL_INLINE void visit_list_zh(rf__walk *w, const rf__node *n, rf_color us, int kind, rf_square from,
                                    rf_square to)
{
    if (kind >= ZH_DROP)
        *w->out++ = RF_MOVE_MAKE_DROP(to, RF_PAWN + (kind - ZH_DROP));
    else
        rf__visit_list(w, n, us, kind, from, to);
}

static void pocket_add(rf_position *pos, rf_color c, rf_piece_type pt, int delta)
{
    pos->key ^= rf__zobrist_pocket[c][pt][pos->pocket[c][pt] & 63];
    pos->pocket[c][pt] = (uint8_t)(pos->pocket[c][pt] + delta);
    pos->key ^= rf__zobrist_pocket[c][pt][pos->pocket[c][pt] & 63];
}

static void promoted_toggle(rf_position *pos, rf_bitboard squares)
{
    pos->promoted ^= squares;
    for (rf_bitboard b = squares; b;) pos->key ^= rf__zobrist_promoted[rf__pop_lsb(&b)];
}

/* The simple method: a drop takes the piece from the pocket (a pawn's restarts the halfmove
 * clock); a capture puts the captured piece in the mover's pocket (a promoted one as a pawn), and
 * the promoted pieces follow the move. */
static void play_simple(rf_position *pos, const rf_position *before, rf_move move)
{
    const rf_color us = (rf_color)before->side;
    const rf_square from = RF_MOVE_FROM(move), to = RF_MOVE_TO(move);
    const unsigned kind = RF_MOVE_KIND(move);
    if (kind == RF_MOVE_DROP) {
        pocket_add(pos, us, RF_MOVE_DROPPED(move), -1);
        if (RF_MOVE_DROPPED(move) == RF_PAWN) pos->halfmove = 0;
        return;
    }
    if (kind == RF_MOVE_CASTLING) return;
    if (kind == RF_MOVE_EN_PASSANT) {
        pocket_add(pos, us, RF_PAWN, 1);
        return;
    }
    /* The piece taken goes to the pocket, a promoted one as a pawn; a king (taken only off the
     * rules, by an unchecked move) does not, unless it was a pawn once. */
    const rf_piece captured = before->board[to];
    const int captured_promoted = (before->promoted & RF_BB(to)) != 0;
    if (captured != RF_NO_PIECE && (captured_promoted || RF_PIECE_TYPE(captured) != RF_KING))
        pocket_add(pos, us, captured_promoted ? RF_PAWN : RF_PIECE_TYPE(captured), 1);
    rf_bitboard changed = before->promoted & RF_BB(to);
    if (before->promoted & RF_BB(from))
        changed ^= RF_BB(from) | RF_BB(to);
    else if (kind == RF_MOVE_PROMOTION)
        changed ^= RF_BB(to);
    promoted_toggle(pos, changed);
}

/* The visit kind of a legal move, for rf_position_play: a drop by its own kind. */
RF_INLINE int play_kind(const rf__node *n, rf_move m, rf_piece_type pt, rf_color us)
{
    if (RF_MOVE_KIND(m) == RF_MOVE_DROP) return (int)(ZH_DROP + (RF_MOVE_DROPPED(m) - RF_PAWN));
    (void)n;
    return rf__move_kind(m, pt, us);
}
#define RF_ROW_GENERATE generate_zh
#define RF_ROW_MAKE make_zh
#define RF_ROW_KIND play_kind
#define RF_ROW_LIST visit_list_zh
#define RF_ROW_STATE RF_SETUP_POCKET
#include "row.h"

static rf_bitboard checkers(const rf_position *pos, rf_color c) { return rf__standard_checkers(pos, c); }

/* A piece's moves on the board to a square (SAN reading; drops are read apart): standard
 * chess's. */
static rf_move *moves_to(const rf_position *pos, rf_move *out, rf_piece_type pt, rf_square to)
{
    return STANDARD.moves_to(pos, out, pt, to);
}

/* The simple generator: standard chess's (every pseudo-legal move played on a copy), and every
 * drop of a piece in hand on an empty square, played on a copy and kept when the mover's king is
 * not attacked afterwards. */
static rf_move *generate_simple(const rf_position *pos, rf_move *out)
{
    const rf_color us = (rf_color)pos->side;
    out = STANDARD.generate_simple(pos, out);
    for (int pt = RF_PAWN; pt <= RF_QUEEN; pt++) {
        if (!pos->pocket[us][pt]) continue;
        for (int sq = 0; sq < 64; sq++) {
            if (pos->board[sq] != RF_NO_PIECE) continue;
            if (pt == RF_PAWN && (RF_RANK_OF(sq) == 0 || RF_RANK_OF(sq) == 7)) continue;
            rf_move m = RF_MOVE_MAKE_DROP(sq, pt);
            rf_position after = *pos;
            rf__play_simple(&after, m);
            if (!checkers(&after, us)) *out++ = m;
        }
    }
    return out;
}

/* Standard chess's rules, less the limit on material (a pocket's pieces come back to the
 * board), and (chessops) no king in a pocket. The pockets and the board together hold at most
 * 64 pieces: the setup refuses more. */
static uint32_t validity(const rf_position *pos)
{
    uint32_t v = rf__standard_validity(pos) & ~RF_INVALID_TOO_MUCH_MATERIAL;
    if (pos->pocket[RF_WHITE][RF_KING] | pos->pocket[RF_BLACK][RF_KING]) v |= RF_INVALID_VARIANT;
    return v;
}

/* Crazyhouse's own rule: no king in a pocket. */
static int explain(char *buf, size_t cap, const rf_position *pos, uint32_t flag)
{
    (void)pos;
    if (flag != RF_INVALID_VARIANT) return 0;
    return snprintf(buf, cap, "a king in a pocket (a captured king would have ended the game)");
}

/* Material never leaves the game, so only a position set up with little can be short of it
 * (chessops, lichess): at most three pieces on the board and in the pockets together, none a
 * pawn, rook, queen or promoted piece; then neither side can win. */
static int insufficient_material(const rf_position *pos, rf_color color)
{
    (void)color; /* the rule looks at both sides' material */
    unsigned held = 0;
    for (int c = 0; c < 2; c++)
        for (int pt = RF_PAWN; pt <= RF_KING; pt++) held += pos->pocket[c][pt];
    for (int c = 0; c < 2; c++)
        if (pos->pocket[c][RF_PAWN] | pos->pocket[c][RF_ROOK] | pos->pocket[c][RF_QUEEN]) return 0;
    return held + (unsigned)rf__popcount(pos->by_type[0]) <= 3 && !pos->promoted &&
           !(pos->by_type[RF_PAWN] | pos->by_type[RF_ROOK] | pos->by_type[RF_QUEEN]);
}

/* The other names rf_variant_from_name reads (variant.h). */
static const char *const aliases[] = {"zh", NULL};

const rf__variant RF_KERNEL(rf__variant_crazyhouse) = {
    .id = RF_VARIANT_CRAZYHOUSE,
    .name = "crazyhouse",
    .pgn_name = "Crazyhouse",
    .uci_name = "crazyhouse",
    .aliases = aliases,
    .start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
    .fen_extras = RF_SETUP_POCKET,
    .validity = validity,
    .explain = explain,
    .generate = generate,
    .moves_to = moves_to,
    .generate_simple = generate_simple,
    .play = play,
    .node_ep_legal = node_ep_legal,
    .play_simple = play_simple,
    .perft = perft,
    .insufficient_material = insufficient_material,
};
