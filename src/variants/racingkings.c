/*
 * variants/racingkings.c - Racing Kings (the rules lichess plays, chessops' code): no pawns and
 * no castling; no move may give check (a move that leaves the mover's king attacked is illegal
 * as in chess, and so is one that attacks the enemy king); a king reaching the eighth rank wins.
 * Black moves second, so when White's king reaches the rank first Black has one move to follow:
 * the game is over at once when Black's king is on the rank, or White is to move with a king
 * there, or (Black to move, White's king there) Black's king has no square of the eighth rank it
 * may step to (chessops: not a black piece's square, and not attacked by White with the black
 * king lifted). Both kings on the rank: a draw. Once the game is over no side has a legal move.
 * Insufficient material is never claimed (a king can always race).
 *
 * Perft runs on the node kernel with this module's own generator: per node, the squares from
 * which each piece type would attack the enemy king (the "check squares") and the pieces of ours
 * that alone block one of our sliders' lines to it (moving one off the line would discover
 * check) are computed once, and the moves to those squares are masked out, so the last ply is
 * still counted by popcounts. Positions outside the game's rules (pawns, castling rights, a king
 * in check, not one king a side: accepted only when asked for) take a plain path: standard
 * chess's legal moves, each made and tested. Play is kernel/make.h's make-move, through the
 * template kernel/play.h.
 *
 * Compiled once per instruction set: see variant.h.
 */
#include "../kernel/make.h"
#include "../kernel/perft.h"
#include "../variant.h"

#include <stdio.h>
#include <string.h>

#define RF_GOAL RF_RANK_8_BB

#define STANDARD RF_KERNEL(rf__variant_standard)

/* 1 when the race is over in a node with side `us` to move (chessops' isVariantEnd). */
RF_KERNEL_INLINE bool race_over(const rf__node *n, const rf_color us)
{
    const rf_bitboard in_goal = n->kings & RF_GOAL;
    if (!in_goal) return false;
    if (us == RF_WHITE || (in_goal & n->color[RF_BLACK])) return true;
    /* White's king has arrived; Black to move: over unless Black's king can follow. */
    const rf_bitboard bk = n->kings & n->color[RF_BLACK];
    if (!bk || rf__more_than_one(bk)) return true;
    const rf_square ksq = rf__lsb(bk);
    const rf_bitboard occ = (n->color[RF_WHITE] | n->color[RF_BLACK]) ^ bk;
    for (rf_bitboard t = rf__king_attacks[ksq] & RF_GOAL & ~n->color[RF_BLACK]; t;)
        if (!rf__node_attacked(n, RF_BLACK, rf__pop_lsb(&t), occ)) return false;
    return true;
}

/* 1 when a king of the side not `us` is attacked in node c (after a move of side `us`). */
RF_KERNEL_INLINE bool gives_check(const rf__node *c, const rf_color us)
{
    const rf_color them = rf__other(us);
    const rf_bitboard occ = c->color[RF_WHITE] | c->color[RF_BLACK];
    for (rf_bitboard k = c->kings & c->color[them]; k;)
        if (rf__node_attacked(c, them, rf__pop_lsb(&k), occ)) return true;
    return false;
}

/* The plain path: standard chess's legal moves, each made, kept when it gives no check; returns
 * how many when counting. Out of line, and given the emitter's fields rather than the emitter,
 * so that the fast path's emitter stays in registers. */
__attribute__((noinline)) static unsigned generate_tested(const rf__node *n, const rf_color us, const bool count,
                                                         rf__walk *w, const rf__visit visit)
{
    rf_move moves[RF_MAX_MOVES];
    rf__walk list = {moves, 0, 0, NULL, NULL, 0};
    rf__emit all = {n, us, false, &list, rf__visit_list, 0};
    rf__generate(&all);
    unsigned total = 0;
    for (rf_move *m = moves; m < list.out; m++) {
        const rf_square from = RF_MOVE_FROM(*m), to = RF_MOVE_TO(*m);
        const int kind = rf__visit_kind(n, *m);
        rf__node child;
        rf__make(&child, n, us, kind, from, to, false);
        if (gives_check(&child, us)) continue;
        if (count)
            total++;
        else
            visit(w, n, us, kind, from, to);
    }
    return total;
}

/* Our pieces that alone stand between one of our sliders and the enemy king on eksq: moving one
 * off that line would discover check. */
RF_INLINE rf_bitboard discoverers(const rf__node *n, const rf__masks *m, rf_square eksq)
{
    const rf_bitboard our_diag = n->diag & m->ours, our_orth = n->orth & m->ours;
    rf_bitboard disc = 0;
    for (rf_bitboard s = (rf__rook_rays[eksq] & our_orth) ? rf__rook_attacks(eksq, m->theirs) & our_orth : 0; s;) {
        rf_bitboard between = rf__between[eksq][rf__pop_lsb(&s)] & m->occ;
        if (!rf__more_than_one(between)) disc |= between;
    }
    for (rf_bitboard s = (rf__bishop_rays[eksq] & our_diag) ? rf__bishop_attacks(eksq, m->theirs) & our_diag : 0; s;) {
        rf_bitboard between = rf__between[eksq][rf__pop_lsb(&s)] & m->occ;
        if (!rf__more_than_one(between)) disc |= between;
    }
    return disc;
}

/* The legal moves of Racing Kings: none once the race is over, else
 * standard chess's moves less those that give check. The check squares (a knight, bishop or
 * rook there attacks the enemy king; a queen: either) are taken out of each piece's targets; a
 * king never gives check, as kings cannot touch. */
RF_KERNEL_INLINE void generate_race(rf__emit *e)
{
    const rf__node *n = e->n;
    if (race_over(n, e->us)) return;
    rf__masks m;
    const rf_bitboard ekbb = n->kings & n->color[rf__other(e->us)];
    if ((n->pawns | n->special) || !ekbb || rf__more_than_one(ekbb) || !rf__masks_of(&m, n, e->us)) {
        e->total += generate_tested(n, e->us, e->count, e->w, e->visit);
        return;
    }
    const rf_square eksq = rf__lsb(ekbb);
    const rf_bitboard nchk = rf__knight_attacks[eksq], bchk = rf__bishop_attacks(eksq, m.occ),
                      rchk = rf__rook_attacks(eksq, m.occ);
    /* Checks standing already (either king): only in positions accepted outside the rules. */
    if (m.checkers || (nchk & n->knights & m.ours) || (bchk & n->diag & m.ours) || (rchk & n->orth & m.ours)) {
        e->total += generate_tested(n, e->us, e->count, e->w, e->visit);
        return;
    }
    const rf_bitboard disc = discoverers(n, &m, eksq);

    /* The king: to squares not attacked with it lifted, along its line when a discoverer. */
    rf_bitboard targets = rf__king_attacks[m.ksq] & ~m.ours & ~rf__king_attacks[eksq];
    if (disc & m.kbb) targets &= rf__line[eksq][m.ksq];
    rf__emit_set(e, RF_VISIT_KING, m.ksq, rf__king_steps(n, rf__other(e->us), targets, m.occ ^ m.kbb));

    const rf__targets t = {~m.ours & ~nchk, ~m.ours & ~bchk, ~m.ours & ~rchk, ~m.ours & ~(bchk | rchk), disc, eksq};
    rf__gen_pieces(e, &m, &t);
}

#define RF_ROW_GENERATE generate_race
#define RF_ROW_MAKE rf__make
#define RF_ROW_KIND rf__play_kind
#define RF_ROW_LIST rf__visit_list
#define RF_ROW_STATE 0
#include "row.h"

static rf_bitboard checkers(const rf_position *pos, rf_color c) { return rf__standard_checkers(pos, c); }

static bool position_over(const rf_position *pos)
{
    rf__node n;
    rf__node_from_position(&n, pos);
    return race_over(&n, (rf_color)pos->side);
}

/* The simple generator: none once the race is over, else standard chess's (every pseudo-legal
 * move played on a copy), less the moves after which an enemy king is attacked. */
static rf_move *generate_simple(const rf_position *pos, rf_move *out)
{
    if (position_over(pos)) return out;
    rf_color them = rf__other((rf_color)pos->side);
    rf_move moves[RF_MAX_MOVES], *end = STANDARD.generate_simple(pos, moves);
    for (rf_move *m = moves; m < end; m++) {
        rf_position after = *pos;
        rf__play_simple(&after, *m);
        if (!checkers(&after, them)) *out++ = *m;
    }
    return out;
}

/* Standard chess's rules, and (chessops, lichess) no pawns, no king of the side to move in
 * check, no castling rights. */
static uint32_t validity(const rf_position *pos)
{
    uint32_t v = rf__standard_validity(pos);
    if (pos->by_type[RF_PAWN] || checkers(pos, (rf_color)pos->side)) v |= RF_INVALID_VARIANT;
    if (rf__castling_bits(pos)) v |= RF_INVALID_VARIANT;
    return v;
}

/* Which of Racing Kings' own rules a position breaks (RF_INVALID_VARIANT): no pawns, no king in
 * check, no castling. */
static int explain(char *buf, size_t cap, const rf_position *pos, uint32_t flag)
{
    if (flag != RF_INVALID_VARIANT) return 0;
    const char *what[3], *rule[3];
    int n = 0;
    if (pos->by_type[RF_PAWN]) what[n] = "pawns on the board", rule[n++] = "no pawns";
    if (checkers(pos, (rf_color)pos->side))
        what[n] = pos->side == RF_WHITE ? "White's king in check" : "Black's king in check",
        rule[n++] = "no king in check";
    if (rf__castling_bits(pos)) what[n] = "castling rights", rule[n++] = "no castling";
    if (!n) return 0;
    /* "A, B and C (Racing Kings has a, b and c)" */
    char whats[100] = "", rules[60] = "";
    for (int i = 0; i < n; i++) {
        const char *sep = i == 0 ? "" : i == n - 1 ? " and " : ", ";
        size_t a = strlen(whats), b = strlen(rules);
        snprintf(whats + a, sizeof whats - a, "%s%s", sep, what[i]);
        snprintf(rules + b, sizeof rules - b, "%s%s", sep, rule[i]);
    }
    return snprintf(buf, cap, "%s (Racing Kings has %s)", whats, rules);
}

/* The winner once the race is over: the side whose king alone is on the eighth rank; both
 * there, a draw (chessops' variantOutcome). */
static rf_result variant_end(const rf_position *pos)
{
    if (!position_over(pos)) return RF_RESULT_ONGOING;
    bool white = (rf__pieces(pos, RF_WHITE, RF_KING) & RF_GOAL) != 0;
    bool black = (rf__pieces(pos, RF_BLACK, RF_KING) & RF_GOAL) != 0;
    if (white && !black) return RF_RESULT_WHITE_WINS;
    if (black && !white) return RF_RESULT_BLACK_WINS;
    return RF_RESULT_DRAW;
}

/* The code of the variant's own end (variant.h). */
static const char *const end_codes[] = {"race", NULL};

const rf__variant RF_KERNEL(rf__variant_racingkings) = {
    .id = RF_VARIANT_RACINGKINGS,
    .name = "racingkings",
    .pgn_name = "Racing Kings",
    .uci_name = "racingkings",
    .start_fen = "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1",
    .validity = validity,
    .explain = explain,
    .generate = generate,
    .generate_simple = generate_simple,
    .play = play,
    .node_ep_legal = node_ep_legal,
    .perft = perft,
    .variant_end = variant_end,
    .end_codes = end_codes,
    .end_text = {[RF_RESULT_WHITE_WINS] = "White's king reached the eighth rank",
                 [RF_RESULT_BLACK_WINS] = "Black's king reached the eighth rank",
                 [RF_RESULT_DRAW] = "both kings reached the eighth rank"},
    .insufficient_material = rf__material_never_insufficient, /* a king can always race */
};
