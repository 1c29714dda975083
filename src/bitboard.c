/*
 * bitboard.c - the attack tables: leapers, fancy-magic sliders, between and line.
 *
 * Magic numbers were found once by tools/genmagic.c (a random search, reproducible from its
 * fixed seed) and are stored in magic_numbers.h; rf_init() fills the attack tables from them by
 * enumerating every subset of each relevant-occupancy mask (Carry-Rippler) and checks nothing
 * collides, so a wrong magic cannot go unnoticed in any build.
 */
#include "bitboard.h"

#include <stdlib.h>

#ifndef RF_GENMAGIC
#include "magic_numbers.h"
#endif

rf_bitboard rf__knight_attacks[64];
rf_bitboard rf__king_attacks[64];
rf_bitboard rf__pawn_attacks[2][64];
rf_bitboard rf__between[64][64];
rf_bitboard rf__line[64][64];
rf_bitboard rf__bishop_rays[64];
rf_bitboard rf__rook_rays[64];
rf__magic rf__rook_magics[64];
rf__magic rf__bishop_magics[64];

/* 102,400 rook entries and 5,248 bishop entries: the sum of 2^bits(mask) over the squares. */
#define RF_ROOK_TABLE_SIZE 102400
#define RF_BISHOP_TABLE_SIZE 5248
static rf_bitboard rook_table[RF_ROOK_TABLE_SIZE];
static rf_bitboard bishop_table[RF_BISHOP_TABLE_SIZE];
static rf_bitboard rook_pext_table[RF_ROOK_TABLE_SIZE];
static rf_bitboard bishop_pext_table[RF_BISHOP_TABLE_SIZE];
int rf__use_bmi2;

static const int rook_dirs[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
static const int bishop_dirs[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

rf_bitboard rf__slider_attacks_slow(rf_piece_type pt, rf_square sq, rf_bitboard occ)
{
    rf_bitboard att = 0;
    for (int d = 0; d < 8; d++) {
        const int *dir;
        if (d < 4) {
            if (pt != RF_ROOK && pt != RF_QUEEN) continue;
            dir = rook_dirs[d];
        } else {
            if (pt != RF_BISHOP && pt != RF_QUEEN) continue;
            dir = bishop_dirs[d - 4];
        }
        int f = RF_FILE_OF(sq) + dir[0], r = RF_RANK_OF(sq) + dir[1];
        while (f >= 0 && f < 8 && r >= 0 && r < 8) {
            att |= RF_BB(RF_SQUARE(f, r));
            if (occ & RF_BB(RF_SQUARE(f, r))) break;
            f += dir[0];
            r += dir[1];
        }
    }
    return att;
}

/* The relevant occupancy: the attack rays on an empty board less their last square, because a
 * piece on the edge never changes which squares are attacked. */
static rf_bitboard relevant_mask(rf_piece_type pt, rf_square sq)
{
    rf_bitboard edges = ((RF_RANK_1_BB | RF_RANK_8_BB) & ~RF_RANK_BB(RF_RANK_OF(sq))) |
                        ((RF_FILE_A_BB | RF_FILE_H_BB) & ~RF_FILE_BB(RF_FILE_OF(sq)));
    return rf__slider_attacks_slow(pt, sq, 0) & ~edges;
}

static rf_bitboard leaper(rf_square sq, const int (*steps)[2], int n)
{
    rf_bitboard b = 0;
    for (int i = 0; i < n; i++) {
        int f = RF_FILE_OF(sq) + steps[i][0], r = RF_RANK_OF(sq) + steps[i][1];
        if (f >= 0 && f < 8 && r >= 0 && r < 8) b |= RF_BB(RF_SQUARE(f, r));
    }
    return b;
}

#ifndef RF_GENMAGIC
/* The software equivalent of PEXT: the bits of `value` selected by `mask`, packed low. */
/* The attacks of a slider through `occ` from its empty-board rays: along each ray, everything up
 * to and including the first blocker. `rays[d]` holds the ray of direction d from the square;
 * directions 0-3 run towards higher squares (first blocker = lowest bit), 4-7 towards lower. */
static rf_bitboard ray_attacks(rf_bitboard rays[8][64], const int *dirs, int n, rf_square sq,
                               rf_bitboard occ)
{
    rf_bitboard att = 0;
    for (int i = 0; i < n; i++) {
        int d = dirs[i];
        rf_bitboard ray = rays[d][sq], blockers = ray & occ;
        if (blockers) {
            rf_square b = d < 4 ? rf__lsb(blockers) : rf__msb(blockers);
            ray ^= rays[d][b];
        }
        att |= ray;
    }
    return att;
}

/* Fills the magic table of a piece type, and its PEXT table when `pext_table` is not NULL, from
 * one computation of each subset's attacks. The Carry-Rippler walk visits the subsets of a mask in
 * the order of their PEXT index (0, 1, 2, ...), so the PEXT index is the step count. */
static void init_magics(rf_piece_type pt, rf__magic *magics, rf_bitboard *table,
                        const uint64_t *numbers, rf_bitboard *pext_table)
{
    /* Rays by direction: north, east, north-east, north-west (towards higher squares), then
     * south, west, south-west, south-east. */
    static const int steps[8][2] = {{0, 1}, {1, 0}, {1, 1}, {-1, 1}, {0, -1}, {-1, 0}, {-1, -1}, {1, -1}};
    static const int rook_rays[4] = {0, 1, 4, 5}, bishop_rays[4] = {2, 3, 6, 7};
    static rf_bitboard rays[8][64];
    for (int d = 0; d < 8; d++) {
        for (int sq = 0; sq < 64; sq++) {
            rf_bitboard ray = 0;
            for (int f = RF_FILE_OF(sq) + steps[d][0], r = RF_RANK_OF(sq) + steps[d][1];
                 f >= 0 && f < 8 && r >= 0 && r < 8; f += steps[d][0], r += steps[d][1])
                ray |= RF_BB(RF_SQUARE(f, r));
            rays[d][sq] = ray;
        }
    }
    const int *dirs = pt == RF_ROOK ? rook_rays : bishop_rays;
    size_t used = 0;
    for (int sq = 0; sq < 64; sq++) {
        rf__magic *m = &magics[sq];
        m->mask = relevant_mask(pt, (rf_square)sq);
        m->magic = numbers[sq];
        m->shift = 64u - (unsigned)rf__popcount(m->mask);
        m->attacks = table + used;
        m->pext_attacks = pext_table ? pext_table + used : NULL;
        size_t size = (size_t)1 << rf__popcount(m->mask);
        for (size_t i = 0; i < size; i++) table[used + i] = 0;
        rf_bitboard sub = 0;
        size_t step = 0;
        do {
            rf_bitboard att = ray_attacks(rays, dirs, 4, (rf_square)sq, sub);
            size_t idx = (size_t)((sub * m->magic) >> m->shift);
            /* Two occupancies may share an index only when they attack the same squares. */
            if (table[used + idx] && table[used + idx] != att) abort();
            table[used + idx] = att;
            if (pext_table) pext_table[used + step] = att;
            step++;
            sub = (sub - m->mask) & m->mask;
        } while (sub);
        used += size;
    }
}

/* PEXT is one fast instruction on Intel CPUs with BMI2 and on AMD from Zen 3 on; earlier AMD
 * CPUs run it in microcode, slower than a magic multiplication. */
static int cpu_has_fast_pext(void)
{
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
    __builtin_cpu_init();
    if (!__builtin_cpu_supports("popcnt") || !__builtin_cpu_supports("bmi") ||
        !__builtin_cpu_supports("bmi2"))
        return 0;
    if (__builtin_cpu_is("amd") && (__builtin_cpu_is("amdfam15h") || __builtin_cpu_is("znver1") ||
                                    __builtin_cpu_is("znver2")))
        return 0;
    return 1;
#else
    return 0;
#endif
}

void rf__bitboard_build(void)
{
    static const int knight_steps[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2},
                                           {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
    static const int king_steps[8][2] = {{1, 0}, {1, 1}, {0, 1}, {-1, 1},
                                         {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
    static const int white_pawn_steps[2][2] = {{-1, 1}, {1, 1}};
    static const int black_pawn_steps[2][2] = {{-1, -1}, {1, -1}};
    for (int sq = 0; sq < 64; sq++) {
        rf__knight_attacks[sq] = leaper((rf_square)sq, knight_steps, 8);
        rf__king_attacks[sq] = leaper((rf_square)sq, king_steps, 8);
        rf__pawn_attacks[RF_WHITE][sq] = leaper((rf_square)sq, white_pawn_steps, 2);
        rf__pawn_attacks[RF_BLACK][sq] = leaper((rf_square)sq, black_pawn_steps, 2);
        rf__bishop_rays[sq] = rf__slider_attacks_slow(RF_BISHOP, (rf_square)sq, 0);
        rf__rook_rays[sq] = rf__slider_attacks_slow(RF_ROOK, (rf_square)sq, 0);
    }
    int pext = cpu_has_fast_pext();
    init_magics(RF_ROOK, rf__rook_magics, rook_table, rf__rook_magic_numbers,
                pext ? rook_pext_table : NULL);
    init_magics(RF_BISHOP, rf__bishop_magics, bishop_table, rf__bishop_magic_numbers,
                pext ? bishop_pext_table : NULL);
    rf__use_bmi2 = pext;
    for (int a = 0; a < 64; a++) {
        for (int b = 0; b < 64; b++) {
            rf__between[a][b] = rf__line[a][b] = 0;
            if (a == b) continue;
            rf_square sa = (rf_square)a, sb = (rf_square)b;
            for (rf_piece_type pt = RF_BISHOP; pt <= RF_ROOK; pt++) {
                if (rf__slider_attacks_slow(pt, sa, 0) & RF_BB(sb)) {
                    rf__line[a][b] = (rf__slider_attacks_slow(pt, sa, 0) &
                                      rf__slider_attacks_slow(pt, sb, 0)) |
                                     RF_BB(sa) | RF_BB(sb);
                    rf__between[a][b] = rf__slider_attacks_slow(pt, sa, RF_BB(sb)) &
                                        rf__slider_attacks_slow(pt, sb, RF_BB(sa));
                }
            }
        }
    }
}
#endif

/* ---- The public face of the tables (rankfile.h: "Attacks and lines") ---- */

rf_bitboard rf_piece_attacks(rf_piece piece, rf_square sq, rf_bitboard occupied)
{
    if (sq >= 64) return 0;
    rf_piece_type pt = RF_PIECE_TYPE(piece);
    if (pt == RF_PAWN) return rf__pawn_attacks[RF_PIECE_COLOR(piece) & 1][sq];
    if (pt < RF_KNIGHT || pt > RF_KING) return 0;
    return rf__piece_attacks(pt, sq, occupied);
}

rf_bitboard rf_between(rf_square a, rf_square b)
{
    return a < 64 && b < 64 ? rf__between[a][b] : 0;
}

rf_bitboard rf_line(rf_square a, rf_square b)
{
    return a < 64 && b < 64 ? rf__line[a][b] : 0;
}
