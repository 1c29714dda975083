/*
 * bitboard.h - bit operations on sets of squares, leaper tables, slider attacks and the
 * between/line tables. Slider attacks use fancy magic bitboards: the relevant occupancy of a
 * square is multiplied by a magic number and shifted into an index of a shared attack table.
 */
#ifndef RF_BITBOARD_H
#define RF_BITBOARD_H

#include "types.h"

/* Population count: the CPU's instruction where the build may use it; on x86-64 without POPCNT
 * (the portable build) the builtin is a library call, so the bits are summed in place. */
#if defined(__x86_64__) && !defined(__POPCNT__)
RF_INLINE int rf__popcount(rf_bitboard b)
{
    b = b - ((b >> 1) & UINT64_C(0x5555555555555555));
    b = (b & UINT64_C(0x3333333333333333)) + ((b >> 2) & UINT64_C(0x3333333333333333));
    b = (b + (b >> 4)) & UINT64_C(0x0f0f0f0f0f0f0f0f);
    return (int)((b * UINT64_C(0x0101010101010101)) >> 56);
}
#else
RF_INLINE int rf__popcount(rf_bitboard b) { return __builtin_popcountll(b); }
#endif
/* The lowest square of a non-empty set. */
RF_INLINE rf_square rf__lsb(rf_bitboard b) { RF_ASSERT(b); return (rf_square)__builtin_ctzll(b); }
RF_INLINE rf_square rf__msb(rf_bitboard b) { RF_ASSERT(b); return (rf_square)(63 ^ __builtin_clzll(b)); }
RF_INLINE rf_square rf__pop_lsb(rf_bitboard *b) { rf_square s = rf__lsb(*b); *b &= *b - 1; return s; }
RF_INLINE bool rf__more_than_one(rf_bitboard b) { return (b & (b - 1)) != 0; }

#define RF_FILE_A_BB ((rf_bitboard)0x0101010101010101ULL)
#define RF_FILE_H_BB (RF_FILE_A_BB << 7)
#define RF_RANK_1_BB ((rf_bitboard)0xFFULL)
#define RF_RANK_8_BB (RF_RANK_1_BB << 56)
#define RF_FILE_BB(f) (RF_FILE_A_BB << (f))
#define RF_RANK_BB(r) (RF_RANK_1_BB << (8 * (r)))
/* The squares of each colour: a1 is dark, b1 light. */
#define RF_DARK_SQUARES ((rf_bitboard)0xAA55AA55AA55AA55ULL)
#define RF_LIGHT_SQUARES (~RF_DARK_SQUARES)

/* Shift a whole set one step, dropping squares that leave the board. */
RF_INLINE rf_bitboard rf__north(rf_bitboard b) { return b << 8; }
RF_INLINE rf_bitboard rf__south(rf_bitboard b) { return b >> 8; }
RF_INLINE rf_bitboard rf__east(rf_bitboard b) { return (b & ~RF_FILE_H_BB) << 1; }
RF_INLINE rf_bitboard rf__west(rf_bitboard b) { return (b & ~RF_FILE_A_BB) >> 1; }

typedef struct rf__magic {
    rf_bitboard mask;   /* relevant occupancy: the rays without their last square */
    uint64_t magic;
    const rf_bitboard *attacks;      /* indexed by (occ & mask) * magic >> shift */
    const rf_bitboard *pext_attacks; /* indexed by pext(occ, mask); NULL without fast PEXT */
    unsigned shift;
} rf__magic;

/* 1 when rf_init() found a CPU with POPCNT, BMI1 and a fast BMI2 PEXT (x86-64), and built the
 * PEXT tables: then the variant modules' BMI2 build (see variant.h) may run. Set once. */
extern int rf__use_bmi2;

/* The BMI2 build of the variant modules is compiled with RF_PEXT defined to 1 (by CMake); its
 * slider lookups then use PEXT. */
#ifndef RF_PEXT
#define RF_PEXT 0
#endif

#if RF_PEXT
RF_INLINE uint64_t rf__pext(uint64_t value, uint64_t mask)
{
    uint64_t r;
    __asm__("pextq %2, %1, %0" : "=r"(r) : "r"(value), "r"(mask));
    return r;
}
#endif

/* Tables built by rf_init(); read-only afterwards. */
extern rf_bitboard rf__knight_attacks[64];
extern rf_bitboard rf__king_attacks[64];
extern rf_bitboard rf__pawn_attacks[2][64];
extern rf_bitboard rf__between[64][64]; /* squares strictly between two aligned squares */
extern rf_bitboard rf__line[64][64];    /* the whole line through two aligned squares, else 0 */
extern rf_bitboard rf__bishop_rays[64]; /* a bishop's attacks on an empty board */
extern rf_bitboard rf__rook_rays[64];   /* a rook's attacks on an empty board */
extern rf__magic rf__rook_magics[64];
extern rf__magic rf__bishop_magics[64];

RF_INLINE rf_bitboard rf__magic_lookup(const rf__magic *m, rf_bitboard occ)
{
#if RF_PEXT
    return m->pext_attacks[rf__pext(occ, m->mask)];
#else
    return m->attacks[((occ & m->mask) * m->magic) >> m->shift];
#endif
}
RF_INLINE rf_bitboard rf__rook_attacks(rf_square sq, rf_bitboard occ)
{
    return rf__magic_lookup(&rf__rook_magics[sq], occ);
}
RF_INLINE rf_bitboard rf__bishop_attacks(rf_square sq, rf_bitboard occ)
{
    return rf__magic_lookup(&rf__bishop_magics[sq], occ);
}
RF_INLINE rf_bitboard rf__queen_attacks(rf_square sq, rf_bitboard occ)
{
    return rf__rook_attacks(sq, occ) | rf__bishop_attacks(sq, occ);
}

/* The attacks of a piece type (not a pawn) from sq through occupancy occ. */
RF_INLINE rf_bitboard rf__piece_attacks(rf_piece_type pt, rf_square sq, rf_bitboard occ)
{
    switch (pt) {
    case RF_KNIGHT: return rf__knight_attacks[sq];
    case RF_BISHOP: return rf__bishop_attacks(sq, occ);
    case RF_ROOK: return rf__rook_attacks(sq, occ);
    case RF_QUEEN: return rf__queen_attacks(sq, occ);
    case RF_KING: return rf__king_attacks[sq];
    default: return 0;
    }
}

/* Fills the tables above; called once by rf_init(). */
void rf__bitboard_build(void);

/* Slider attacks by walking the rays square by square: the reference the tables are built from
 * and tested against. */
rf_bitboard rf__slider_attacks_slow(rf_piece_type pt, rf_square sq, rf_bitboard occ);

#endif
