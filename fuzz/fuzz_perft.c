/*
 * fuzz_perft.c - perft by the fast paths against perft by simple ones.
 *
 * Input: the first line is a FEN, read in every variant this build plays (standard chess, Atomic,
 * King of the Hill, Three-check, Racing Kings, Horde, ...), every rule of chess accepted (perft
 * must count any position it is given, and count it right).
 * Properties, at depth 2 and, when that tree is small, depth 3:
 *   - in every variant: rf_perft, perft with a transposition table, the perft of each build of
 *     the variant's module (portable, and BMI2 where the CPU runs it) and a perft through each
 *     build's generate_simple (every pseudo-legal move played and tested) give one count;
 *   - standard chess: a naive perft written here from the public API alone gives it too; the
 *     naive one generates moves square by square, plays each with rf_position_play and keeps it
 *     when the mover's king is not attacked afterwards (rf_attacked_by), and at every node its
 *     moves must be rf_generate_moves's;
 *   - the perft split (src/perft_plan.h) at plies 1 and 2 adds up to the count, from its jobs'
 *     positions and from their FENs read back; in a job file's order the FENs of one root
 *     rise strictly (positions merge exactly when their FENs are the same).
 */
#include "fuzz.h"
#include "bitboard.h"
#include "perft_plan.h"
#include "variant.h"

#include <string.h>

/* The naive generator's moves of a piece stepping or sliding by (df, dr). */
static unsigned naive_steps(const rf_position *pos, rf_square from, const int (*dirs)[2], int n,
                            int slide, rf_move *out)
{
    rf_color us = (rf_color)pos->side;
    unsigned count = 0;
    for (int d = 0; d < n; d++) {
        int f = RF_FILE_OF(from), r = RF_RANK_OF(from);
        for (;;) {
            f += dirs[d][0];
            r += dirs[d][1];
            if (f < 0 || f > 7 || r < 0 || r > 7) break;
            rf_piece pc = pos->board[RF_SQUARE(f, r)];
            if (pc != RF_NO_PIECE && RF_PIECE_COLOR(pc) == us) break;
            out[count++] = RF_MOVE_MAKE(from, RF_SQUARE(f, r));
            if (pc != RF_NO_PIECE || !slide) break;
        }
    }
    return count;
}

static unsigned naive_pawn(const rf_position *pos, rf_square from, rf_move *out)
{
    rf_color us = (rf_color)pos->side;
    int dr = us == RF_WHITE ? 1 : -1, f = RF_FILE_OF(from), r = RF_RANK_OF(from) + dr;
    int last = us == RF_WHITE ? 7 : 0, second = us == RF_WHITE ? 1 : 6;
    unsigned count = 0;
    if (r < 0 || r > 7) return 0;
    rf_move tos[4];
    unsigned nto = 0;
    if (pos->board[RF_SQUARE(f, r)] == RF_NO_PIECE) {
        tos[nto++] = RF_SQUARE(f, r);
        if (RF_RANK_OF(from) == second && pos->board[RF_SQUARE(f, r + dr)] == RF_NO_PIECE)
            out[count++] = RF_MOVE_MAKE(from, RF_SQUARE(f, r + dr));
    }
    for (int df = -1; df <= 1; df += 2) {
        if (f + df < 0 || f + df > 7) continue;
        rf_square to = RF_SQUARE(f + df, r);
        rf_piece pc = pos->board[to];
        if (pc != RF_NO_PIECE && RF_PIECE_COLOR(pc) != us) tos[nto++] = to;
        if (to == pos->ep) out[count++] = RF_MOVE_MAKE_KIND(from, to, RF_MOVE_EN_PASSANT);
    }
    for (unsigned i = 0; i < nto; i++) {
        if (r != last) {
            out[count++] = RF_MOVE_MAKE(from, tos[i]);
            continue;
        }
        for (int pt = RF_KNIGHT; pt <= RF_QUEEN; pt++)
            out[count++] = RF_MOVE_MAKE_PROMOTION(from, tos[i], pt);
    }
    return count;
}

/* Castling by the rules as written: the king not in check, the squares between king and rook
 * and their destinations empty but for the two of them, and no square the king crosses or lands
 * on attacked with the castling rook off the board. */
static unsigned naive_castling(const rf_position *pos, rf_square ksq, rf_move *out)
{
    rf_color us = (rf_color)pos->side, them = (rf_color)!us;
    unsigned count = 0;
    if (rf_attacked_by(pos, them) & ((rf_bitboard)1 << ksq)) return 0;
    int back = us == RF_WHITE ? 0 : 7;
    for (int side = 0; side < 2; side++) {
        rf_square rsq = pos->castle_rook[us][side];
        if (rsq == RF_NO_SQUARE) continue;
        int kf = RF_FILE_OF(ksq), rook_file = RF_FILE_OF(rsq);
        int kto = side == RF_KINGSIDE ? 6 : 2, rto = side == RF_KINGSIDE ? 5 : 3;
        int lo = kf, hi = kf;
        int files[4] = {kf, kto, rook_file, rto};
        for (int i = 0; i < 4; i++) {
            lo = files[i] < lo ? files[i] : lo;
            hi = files[i] > hi ? files[i] : hi;
        }
        int ok = 1;
        for (int f = lo; f <= hi && ok; f++)
            ok = f == kf || f == rook_file || pos->board[RF_SQUARE(f, back)] == RF_NO_PIECE;
        if (!ok) continue;
        rf_position without = *pos;
        rf_bitboard rook = (rf_bitboard)1 << rsq;
        without.board[rsq] = RF_NO_PIECE;
        without.by_color[us] &= ~rook;
        without.by_type[RF_ROOK] &= ~rook;
        without.by_type[0] &= ~rook;
        rf_bitboard attacked = rf_attacked_by(&without, them);
        int step = kto > kf ? 1 : -1;
        for (int f = kf; f != kto && ok;) {
            f += step;
            ok = !(attacked & ((rf_bitboard)1 << RF_SQUARE(f, back)));
        }
        if (ok) out[count++] = RF_MOVE_MAKE_KIND(ksq, rsq, RF_MOVE_CASTLING);
    }
    return count;
}

static const int knight_dirs[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2},
                                      {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
/* The rook's four directions, then the bishop's. */
static const int king_dirs[8][2] = {{1, 0}, {0, 1}, {-1, 0}, {0, -1},
                                    {1, 1}, {-1, 1}, {-1, -1}, {1, -1}};

/* The legal moves of a standard-chess position, the slow way. */
static unsigned naive_moves(const rf_position *pos, rf_move *out)
{
    rf_color us = (rf_color)pos->side, them = (rf_color)!us;
    rf_bitboard kings = pos->by_color[us] & pos->by_type[RF_KING];
    if (!kings || (kings & (kings - 1))) return 0;
    rf_move pseudo[512];
    unsigned n = 0;
    for (int sq = 0; sq < 64; sq++) {
        rf_piece pc = pos->board[sq];
        if (pc == RF_NO_PIECE || RF_PIECE_COLOR(pc) != us) continue;
        rf_square from = (rf_square)sq;
        switch (RF_PIECE_TYPE(pc)) {
        case RF_PAWN: n += naive_pawn(pos, from, pseudo + n); break;
        case RF_KNIGHT: n += naive_steps(pos, from, knight_dirs, 8, 0, pseudo + n); break;
        case RF_BISHOP: n += naive_steps(pos, from, king_dirs + 4, 4, 1, pseudo + n); break;
        case RF_ROOK: n += naive_steps(pos, from, king_dirs, 4, 1, pseudo + n); break;
        case RF_QUEEN: n += naive_steps(pos, from, king_dirs, 8, 1, pseudo + n); break;
        case RF_KING:
            n += naive_steps(pos, from, king_dirs, 8, 0, pseudo + n);
            n += naive_castling(pos, from, pseudo + n);
            break;
        default: break;
        }
    }
    unsigned count = 0;
    for (unsigned i = 0; i < n; i++) {
        rf_position after = *pos;
        rf_position_play(&after, pseudo[i]);
        rf_bitboard king = after.by_color[us] & after.by_type[RF_KING];
        if (!(rf_attacked_by(&after, them) & king)) out[count++] = pseudo[i];
    }
    return count;
}

static int compare_moves(const void *a, const void *b)
{
    return (int)*(const rf_move *)a - (int)*(const rf_move *)b;
}

static uint64_t naive_perft(const rf_position *pos, int depth)
{
    rf_move moves[512];
    unsigned n = naive_moves(pos, moves);
    rf_movelist list;
    rf_generate_moves(&list, pos);
    qsort(moves, n, sizeof *moves, compare_moves);
    qsort(list.moves, list.count, sizeof *list.moves, compare_moves);
    unsigned diff = 0;
    while (diff < n && diff < list.count && moves[diff] == list.moves[diff]) diff++;
    char fen[RF_FEN_MAX], uci[RF_UCI_MAX] = "-";
    if (diff < n || diff < list.count)
        rf_move_to_uci(uci, sizeof uci, pos, diff < n ? moves[diff] : list.moves[diff]);
    FUZZ_CHECK(n == list.count && diff == n, "%s: %u naive moves, %u generated, first "
               "difference %s", fuzz_fen(pos, fen), n, list.count, uci);
    if (depth <= 1) return n;
    uint64_t nodes = 0;
    for (unsigned i = 0; i < n; i++) {
        rf_position child = *pos;
        rf_position_play(&child, moves[i]);
        nodes += naive_perft(&child, depth - 1);
    }
    return nodes;
}

/* The split of *pos `ply` plies down adds up to `nodes` = perft(pos, depth), counted from the
 * jobs' positions and from their texts; the texts of one root rise strictly. */
static void check_split(const rf_position *pos, int depth, int ply, unsigned flags,
                        uint64_t nodes, const char *fen)
{
    rf__perft_split s;
    rf__perft_texts t;
    if (rf__perft_split_make(&s, pos, ply, flags, 100000, NULL) != RF_OK) return;
    if (rf__perft_split_texts(&t, &s, RF_FEN_SHREDDER, NULL) != RF_OK) {
        rf__perft_split_free(&s);
        return;
    }
    uint64_t direct = 0, read = 0;
    for (size_t i = 0; i < s.count; i++) {
        const rf__perft_job *j = &s.jobs[i];
        rf_position back;
        direct += j->count * rf_perft(&j->pos, depth - ply);
        FUZZ_CHECK(rf_position_parse(&back, t.fen[i], strlen(t.fen[i]), (rf_variant)pos->variant,
                                     pos->chess960 ? RF_PARSE_CHESS960 : 0, RF_INVALID_ALL,
                                     NULL) == RF_OK,
                   "%s: split job '%s' does not read back", fen, t.fen[i]);
        read += j->count * rf_perft(&back, depth - ply);
        FUZZ_CHECK(i == 0 || s.jobs[i - 1].root != j->root || strcmp(t.fen[i - 1], t.fen[i]) < 0,
                   "%s ply %d: jobs '%s' and '%s' out of order or not merged", fen, ply,
                   t.fen[i - 1], t.fen[i]);
    }
    FUZZ_CHECK(direct == nodes && read == nodes, "%s depth %d ply %d: %llu, split %llu, read %llu",
               fen, depth, ply, (unsigned long long)nodes, (unsigned long long)direct,
               (unsigned long long)read);
    rf__perft_texts_free(&t);
    rf__perft_split_free(&s);
}

static void check_perft(const rf_position *pos, int depth)
{
    char fen[RF_FEN_MAX];
    fuzz_fen(pos, fen);
    uint64_t nodes = rf_perft(pos, depth);
    rf_perft_options opt = {.threads = 1, .hash_mb = 1};
    rf_count hashed;
    FUZZ_CHECK(rf_perft_run(&hashed, pos, depth, &opt, NULL) == RF_OK, "%s: perft with a table",
               fen);
    FUZZ_CHECK(hashed.hi == 0 && hashed.lo == nodes, "%s depth %d: %llu, with a table %llu", fen,
               depth, (unsigned long long)nodes, (unsigned long long)hashed.lo);
    /* Every build of the variant's module, and its play-and-test generator. */
    for (int isa = 0; isa < 2; isa++) {
        const rf__variant *row = rf__variant_build((rf_variant)pos->variant, isa);
        if (!row) continue;
        uint64_t built = row->perft(pos, depth, NULL);
        FUZZ_CHECK(nodes == built, "%s depth %d: %llu, build %d %llu", fen, depth,
                   (unsigned long long)nodes, isa, (unsigned long long)built);
        uint64_t simple = rf__perft_simple(row, pos, depth);
        FUZZ_CHECK(nodes == simple, "%s depth %d: %llu, build %d simple %llu", fen, depth,
                   (unsigned long long)nodes, isa, (unsigned long long)simple);
    }
    if (depth == 2) {
        check_split(pos, depth, 1, RF__SPLIT_DIVIDE, nodes, fen);
        check_split(pos, depth, 2, 0, nodes, fen);
    }
    if (pos->variant != RF_VARIANT_STANDARD) return;
    uint64_t naive = naive_perft(pos, depth);
    FUZZ_CHECK(nodes == naive, "%s depth %d: %llu, naive %llu", fen, depth,
               (unsigned long long)nodes, (unsigned long long)naive);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    size_t len, at;
    fuzz_split_line(data, size, &len, &at);
    /* Every variant this build plays. */
    for (int v = 0; v < RF_VARIANT_COUNT; v++) {
        rf_position pos;
        if (!rf_variant_available((rf_variant)v) ||
            rf_position_parse(&pos, (const char *)data, len, (rf_variant)v, 0, RF_INVALID_ALL,
                              NULL) != RF_OK)
            continue;
        check_perft(&pos, 2);
        /* Depth 3 while the tree stays small enough for thousands of runs a second. */
        if (rf_perft(&pos, 2) <= 400) check_perft(&pos, 3);
    }
    return 0;
}
