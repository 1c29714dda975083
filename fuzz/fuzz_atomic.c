/*
 * fuzz_atomic.c - Atomic chess: the seed's board-and-move job, explosions and move generation.
 *
 * Input: the first line is a board or FEN (read as `rankfile atomic` reads it: Atomic, every rule
 * of chess may be broken), the rest a move text for rf_atomic_board_move. Properties:
 *   - a refused move leaves the position untouched and says why in one line;
 *   - a move played changes the board exactly as its explosion report says: without a capture
 *     the piece moves and nothing else changes; with one, the squares reported lost are empty
 *     afterwards and every other square is as it was; the lost pieces are the capturer, the
 *     captured piece and every piece but a pawn next to the centre, so no pawn besides the
 *     capturer and the captured piece goes, and nothing more than one step from the centre but
 *     the capturer's own square;
 *   - the position afterwards passes the internal consistency check.
 * The same holds for each legal move of the position (rf_atomic_explosion, then
 * rf_position_play), and the fast generator gives the same moves as the simple play-and-test one,
 * on boards that break rules of chess too.
 */
#include "fuzz.h"
#include "bitboard.h"
#include "variant.h"

/* Squares at most one king step apart. */
static int near(rf_square a, rf_square b)
{
    int df = RF_FILE_OF(a) - RF_FILE_OF(b), dr = RF_RANK_OF(a) - RF_RANK_OF(b);
    return df >= -1 && df <= 1 && dr >= -1 && dr <= 1;
}

/* The board before and after a move from `from` to `to` agrees with the report. */
static void check_explosion(const rf_position *before, const rf_position *after, rf_square from,
                            rf_square to, const rf_explosion *ex, int castling)
{
    char fen[RF_FEN_MAX], sq_from[3], sq_to[3];
    fuzz_fen(before, fen);
    rf_square_name(sq_from, from);
    rf_square_name(sq_to, to);
    FUZZ_CHECK(ex->lost_count <= 10, "%s %s%s: %u lost", fen, sq_from, sq_to, ex->lost_count);
    if (ex->center == RF_NO_SQUARE) {
        FUZZ_CHECK(ex->lost_count == 0 && ex->blast == 0, "%s %s%s: no centre, %u lost", fen,
                   sq_from, sq_to, ex->lost_count);
        if (castling) return;
        for (int sq = 0; sq < 64; sq++) {
            if (sq == from || sq == to) continue;
            FUZZ_CHECK(before->board[sq] == after->board[sq], "%s %s%s: square %d changed", fen,
                       sq_from, sq_to, sq);
        }
        FUZZ_CHECK(after->board[from] == RF_NO_PIECE && before->board[to] == RF_NO_PIECE &&
                       RF_PIECE_COLOR(after->board[to]) == RF_PIECE_COLOR(before->board[from]),
                   "%s %s%s: not a quiet move", fen, sq_from, sq_to);
        return;
    }
    rf_square center = ex->center;
    FUZZ_CHECK(center == to, "%s %s%s: centre %d", fen, sq_from, sq_to, center);
    FUZZ_CHECK(ex->blast == (rf__king_attacks[to] | RF_BB(to)), "%s %s%s: blast", fen, sq_from,
               sq_to);
    /* The captured piece: on the target square, or (en passant) beside it. */
    rf_color us = RF_PIECE_COLOR(before->board[from]);
    rf_square victim = before->board[to] != RF_NO_PIECE ? to
                       : us == RF_WHITE                  ? (rf_square)(to - 8)
                                                         : (rf_square)(to + 8);
    rf_bitboard lost = 0;
    for (unsigned i = 0; i < ex->lost_count; i++) {
        rf_square sq = ex->lost_square[i];
        FUZZ_CHECK(sq < 64 && (i == 0 || sq > ex->lost_square[i - 1]), "%s %s%s: lost square %d",
                   fen, sq_from, sq_to, sq);
        FUZZ_CHECK(ex->lost_piece[i] == before->board[sq] && ex->lost_piece[i] != RF_NO_PIECE,
                   "%s %s%s: lost piece %d on %d", fen, sq_from, sq_to, ex->lost_piece[i], sq);
        FUZZ_CHECK(after->board[sq] == RF_NO_PIECE, "%s %s%s: %d survived", fen, sq_from, sq_to,
                   sq);
        if (RF_PIECE_TYPE(ex->lost_piece[i]) == RF_PAWN)
            FUZZ_CHECK(sq == from || sq == victim, "%s %s%s: pawn on %d exploded", fen, sq_from,
                       sq_to, sq);
        if (sq != from)
            FUZZ_CHECK(near(sq, center), "%s %s%s: %d is far from the centre", fen, sq_from,
                       sq_to, sq);
        lost |= RF_BB(sq);
    }
    FUZZ_CHECK((lost & RF_BB(from)) && (lost & RF_BB(victim)), "%s %s%s: capturer or captured "
               "piece survived", fen, sq_from, sq_to);
    for (int sq = 0; sq < 64; sq++) {
        rf_piece pc = before->board[sq];
        if (lost & RF_BB(sq)) continue;
        FUZZ_CHECK(after->board[sq] == pc, "%s %s%s: square %d changed", fen, sq_from, sq_to,
                   sq);
        FUZZ_CHECK(pc == RF_NO_PIECE || RF_PIECE_TYPE(pc) == RF_PAWN ||
                       !near((rf_square)sq, center),
                   "%s %s%s: piece on %d next to the centre survived", fen, sq_from, sq_to, sq);
    }
}

static void check_board_move(const rf_position *start, const char *move, size_t len)
{
    rf_position pos = *start;
    rf_explosion ex;
    rf_error err;
    rf_status st = rf_atomic_board_move(&pos, &ex, move, len, &err);
    if (st != RF_OK) {
        FUZZ_CHECK(st == RF_ERR_SYNTAX || st == RF_ERR_ILLEGAL, "status %d", st);
        FUZZ_CHECK(err.status == st && fuzz_is_one_line(err.message, sizeof err.message),
                   "error '%.160s'", err.message);
        FUZZ_CHECK(memcmp(&pos, start, sizeof pos) == 0, "refused move changed the position");
        return;
    }
    rf_square from = rf_square_parse(move, 2), to = rf_square_parse(move + 2, 2);
    FUZZ_CHECK(from != RF_NO_SQUARE && to != RF_NO_SQUARE, "'%.*s' played",
               (int)(len < 20 ? len : 20), move);
    check_explosion(start, &pos, from, to, &ex, 0);
    const char *broken = rf__position_check(&pos);
    char fen[RF_FEN_MAX];
    FUZZ_CHECK(!broken, "%s after %.5s: %s", fuzz_fen(start, fen), move, broken);
}

static int compare_moves(const void *a, const void *b)
{
    return (int)*(const rf_move *)a - (int)*(const rf_move *)b;
}

static void check_legal_moves(const rf_position *pos)
{
    const rf__variant *row = rf__variant_get(RF_VARIANT_ATOMIC);
    rf_move fast[RF_MAX_MOVES], simple[RF_MAX_MOVES];
    size_t nf = (size_t)(row->generate(pos, fast) - fast);
    size_t ns = (size_t)(row->generate_simple(pos, simple) - simple);
    qsort(fast, nf, sizeof *fast, compare_moves);
    qsort(simple, ns, sizeof *simple, compare_moves);
    char fen[RF_FEN_MAX];
    FUZZ_CHECK(nf == ns && memcmp(fast, simple, nf * sizeof *fast) == 0,
               "%s: %zu fast moves, %zu simple", fuzz_fen(pos, fen), nf, ns);
    for (size_t i = 0; i < nf; i++) {
        rf_explosion ex;
        rf_atomic_explosion(&ex, pos, fast[i]);
        rf_position after = *pos;
        rf_position_play(&after, fast[i]);
        check_explosion(pos, &after, RF_MOVE_FROM(fast[i]), RF_MOVE_TO(fast[i]), &ex,
                        RF_MOVE_KIND(fast[i]) == RF_MOVE_CASTLING);
        const char *broken = rf__position_check(&after);
        FUZZ_CHECK(!broken, "%s after move %#x: %s", fen, fast[i], broken);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    size_t len, at;
    fuzz_split_line(data, size, &len, &at);
    rf_position pos;
    rf_status st = rf_position_parse(&pos, (const char *)data, len, RF_VARIANT_ATOMIC, 0,
                                     RF_INVALID_ALL, NULL);
    if (st != RF_OK) return 0;
    check_board_move(&pos, (const char *)data + at, size - at);
    check_legal_moves(&pos);
    return 0;
}
