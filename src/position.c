/*
 * position.c - the position value: Zobrist keys, attack queries, equality and the consistency
 * check that debug builds and tests run after every change to a position.
 */
#include "position.h"
#include "kernel/node.h"

#include "rng.h"
#include "validate.h"
#include "variant.h"

#include <string.h>

uint64_t rf__zobrist_piece[16][64];
uint64_t rf__zobrist_castling[4];
uint64_t rf__zobrist_ep[8];
uint64_t rf__zobrist_side;
uint64_t rf__zobrist_checks[2][4];
uint64_t rf__zobrist_promoted[64];
uint64_t rf__zobrist_pocket[2][8][64];

/* The keys: SplitMix64 (rng.h) from a fixed seed, the same in every build and on every platform. */
void rf__zobrist_build(void)
{
    uint64_t state = 0x72616E6B66696C65ULL; /* "rankfile" */
    for (int pc = 0; pc < 16; pc++)
        for (int sq = 0; sq < 64; sq++)
            rf__zobrist_piece[pc][sq] = (RF_PIECE_TYPE(pc) >= RF_PAWN && RF_PIECE_TYPE(pc) <= RF_KING)
                                            ? rf__splitmix64(&state)
                                            : 0;
    for (int i = 0; i < 4; i++) rf__zobrist_castling[i] = rf__splitmix64(&state);
    for (int i = 0; i < 8; i++) rf__zobrist_ep[i] = rf__splitmix64(&state);
    rf__zobrist_side = rf__splitmix64(&state);
    /* Three-check's counters; 0 for a counter of 0, so that variants without them (both 0)
     * keep the keys they had. */
    for (int c = 0; c < 2; c++)
        for (int r = 1; r < 4; r++) rf__zobrist_checks[c][r] = rf__splitmix64(&state);
    /* Crazyhouse's promoted pieces and pockets, drawn after the others (so that their keys stay
     * as they were); a count of 0 has the key 0. */
    for (int sq = 0; sq < 64; sq++) rf__zobrist_promoted[sq] = rf__splitmix64(&state);
    for (int c = 0; c < 2; c++)
        for (int pt = RF_PAWN; pt <= RF_QUEEN; pt++)
            for (int n = 1; n < 64; n++) rf__zobrist_pocket[c][pt][n] = rf__splitmix64(&state);
}

unsigned rf__castling_bits(const rf_position *pos)
{
    unsigned bits = 0;
    rf__castle_right r;
    for (int i = 0; rf__castle_next(pos, &i, &r);) bits |= 1u << (r.color * 2 + r.side);
    return bits;
}

int rf__ep_legal(const rf_position *pos)
{
    if (pos->ep == RF_NO_SQUARE) return 0;
    rf__node n;
    rf__node_from_position(&n, pos);
    return rf__variant_of(pos)->node_ep_legal(&n, (rf_color)pos->side);
}

uint64_t rf__compute_key(const rf_position *pos)
{
    uint64_t key = 0;
    for (int sq = 0; sq < 64; sq++) key ^= rf__zobrist_piece[pos->board[sq]][sq];
    unsigned bits = rf__castling_bits(pos);
    for (int i = 0; i < 4; i++)
        if (bits & (1u << i)) key ^= rf__zobrist_castling[i];
    if (rf__ep_legal(pos)) key ^= rf__zobrist_ep[RF_FILE_OF(pos->ep)];
    if (pos->side == RF_BLACK) key ^= rf__zobrist_side;
    for (int c = 0; c < 2; c++) key ^= rf__zobrist_checks[c][pos->remaining_checks[c] & 3];
    for (rf_bitboard b = pos->promoted; b;) key ^= rf__zobrist_promoted[rf__pop_lsb(&b)];
    for (int c = 0; c < 2; c++)
        for (int pt = RF_PAWN; pt <= RF_QUEEN; pt++) key ^= rf__zobrist_pocket[c][pt][pos->pocket[c][pt] & 63];
    return key;
}

void rf__position_clear(rf_position *pos)
{
    memset(pos, 0, sizeof *pos);
    pos->castle_rook[0][0] = pos->castle_rook[0][1] = RF_NO_SQUARE;
    pos->castle_rook[1][0] = pos->castle_rook[1][1] = RF_NO_SQUARE;
    pos->ep = RF_NO_SQUARE;
    pos->fullmove = 1;
}

rf_bitboard rf_attacked_by(const rf_position *pos, rf_color color)
{
    rf_init();
    rf_bitboard occ = pos->by_type[0], att = 0, b;
    rf_bitboard pawns = rf__pieces(pos, color, RF_PAWN);
    att |= color == RF_WHITE ? rf__north(rf__east(pawns) | rf__west(pawns))
                             : rf__south(rf__east(pawns) | rf__west(pawns));
    for (rf_piece_type pt = RF_KNIGHT; pt <= RF_KING; pt++)
        for (b = rf__pieces(pos, color, pt); b;) att |= rf__piece_attacks(pt, rf__pop_lsb(&b), occ);
    return att;
}

rf_bitboard rf_checkers(const rf_position *pos)
{
    rf_init();
    return rf__variant_of(pos)->checkers(pos, (rf_color)pos->side);
}

int rf_position_equal(const rf_position *a, const rf_position *b)
{
    return memcmp(a->board, b->board, sizeof a->board) == 0 &&
           memcmp(a->castle_rook, b->castle_rook, sizeof a->castle_rook) == 0 &&
           a->ep == b->ep && a->side == b->side && a->variant == b->variant &&
           a->chess960 == b->chess960 && a->halfmove == b->halfmove &&
           a->fullmove == b->fullmove && a->promoted == b->promoted &&
           memcmp(a->pocket, b->pocket, sizeof a->pocket) == 0 &&
           memcmp(a->remaining_checks, b->remaining_checks, sizeof a->remaining_checks) == 0;
}

const char *rf__position_check_core(const rf_position *pos)
{
    rf_init();
    rf_bitboard by_color[2] = {0, 0}, by_type[7] = {0};
    for (int sq = 0; sq < 64; sq++) {
        rf_piece pc = pos->board[sq];
        if (pc == RF_NO_PIECE) continue;
        if (RF_PIECE_TYPE(pc) < RF_PAWN || RF_PIECE_TYPE(pc) > RF_KING || (pc & 0xF0))
            return "board holds a value that is not a piece";
        by_color[RF_PIECE_COLOR(pc)] |= RF_BB(sq);
        by_type[RF_PIECE_TYPE(pc)] |= RF_BB(sq);
        by_type[0] |= RF_BB(sq);
    }
    if (memcmp(by_color, pos->by_color, sizeof by_color) != 0) return "colour bitboards";
    if (memcmp(by_type, pos->by_type, sizeof by_type) != 0) return "piece bitboards";
    if (pos->side > 1) return "side to move";
    if (pos->variant >= RF_VARIANT_COUNT || !rf__variants[pos->variant]) return "variant";
    if (pos->chess960 > 1) return "castling mode";
    if (pos->fullmove < 1) return "fullmove number";
    rf__castle_right r;
    for (int i = 0; rf__castle_next(pos, &i, &r);) {
        const char *broken = rf__castle_right_broken(pos, &r);
        if (broken) return broken;
        rf_bitboard king = rf__pieces(pos, r.color, RF_KING) & RF_RANK_BB(r.color == RF_WHITE ? 0 : 7);
        int kf = RF_FILE_OF(rf__lsb(king));
        if (!pos->chess960 && (kf != 4 || RF_FILE_OF(r.rook) != (r.side == RF_KINGSIDE ? 7 : 0)))
            return "standard castling mode with Chess960 squares";
    }
    if (pos->ep != RF_NO_SQUARE) {
        if (pos->ep > 63) return "en passant square";
        if (RF_RANK_OF(pos->ep) != (pos->side == RF_WHITE ? 5 : 2))
            return "en passant square on the wrong rank";
    }
    if (pos->ep_legal != rf__ep_legal(pos)) return "en passant legality flag";
    if (pos->key != rf__compute_key(pos)) return "Zobrist key";
    return NULL;
}

const char *rf__position_check(const rf_position *pos)
{
    const char *core = rf__position_check_core(pos);
    if (core) return core;
    static const uint8_t zero[sizeof pos->reserved];
    if (memcmp(pos->reserved, zero, sizeof zero) != 0) return "reserved bytes";
    if (!(rf__variant_of(pos)->fen_extras & RF_SETUP_POCKET)) {
        static const uint8_t empty[sizeof pos->pocket];
        if (pos->promoted || memcmp(pos->pocket, empty, sizeof empty) != 0)
            return "pocket state in a variant without pockets";
    }
    if (!(rf__variant_of(pos)->fen_extras & RF_SETUP_CHECKS) &&
        (pos->remaining_checks[0] | pos->remaining_checks[1]))
        return "check counters in a variant without them";
    return NULL;
}
