/*
 * fuzz_query.c - the questions asked of any board, legal or not (python-chess's, for the Python
 * package): pseudo-legal moves with masks, attackers, pins, the attack and line tables, and the
 * unchecked make-move.
 *
 * Input: the first line is a FEN, prefixed by a variant's name and a space for a position of that
 * variant ("atomic ", "crazyhouse ", ...), read with every validity rule waived (a board without
 * kings, pawns on the back rank, the side not to move in check: all taken); when it does not
 * read, the variant's start position. The rest is taken 10 bytes at a time: a from-mask and a
 * to-mask seed (1 byte each), a square, a colour bit and an occupancy seed (3 bytes), and a raw
 * 16-bit move (2 bytes) played unchecked. Properties, in every position reached:
 *   - rf_generate_pseudo_moves with masks lists exactly the full list's moves whose start is in
 *     the from-mask and target in the to-mask; every legal move (rf_generate_moves, drops aside)
 *     is pseudo-legal when the side to move has exactly one king (the library's legal moves
 *     need one);
 *   - rf_attackers equals the naive union over the colour's pieces of rf_piece_attacks through
 *     the same occupancy;
 *   - rf_pin_mask is every square or the line (rf_line) through the colour's king and the square;
 *   - the tables: rf_between lies inside rf_line, both symmetric, a queen on an empty board
 *     attacks exactly the squares with a line to it, the squares between two aligned squares are
 *     where queens on both ends meet on their line;
 *   - rf_move_is_legal holds exactly for the moves rf_generate_moves lists, on any board;
 *   - rf_position_play_unchecked either refuses (RF_ERR_ARGUMENT) and leaves the position as it
 *     was, byte for byte, or plays and leaves a position that passes the internal consistency
 *     check; a legal move played unchecked gives rf_position_play's position.
 */
#include "fuzz.h"
#include "position.h"

static rf_bitboard spread(uint8_t seed)
{
    /* A mask from one byte: every square, none, a rank, a file, or a scattered pattern. */
    switch (seed & 3) {
    case 0: return ~(rf_bitboard)0;
    case 1: return (rf_bitboard)0xFF << (8 * ((seed >> 2) & 7));
    case 2: return (rf_bitboard)0x0101010101010101ULL << ((seed >> 2) & 7);
    default: return (rf_bitboard)seed * 0x9E3779B97F4A7C15ULL;
    }
}

static int has(const rf_movelist *list, rf_move m)
{
    for (unsigned i = 0; i < list->count; i++)
        if (list->moves[i] == m) return 1;
    return 0;
}

/* The start and target squares a mask selects: castling by the king's square and the rook's. */
static int selected(rf_move m, rf_bitboard from_mask, rf_bitboard to_mask)
{
    return (from_mask >> RF_MOVE_FROM(m) & 1) && (to_mask >> RF_MOVE_TO(m) & 1);
}

static void check_pseudo(const rf_position *pos, rf_bitboard from_mask, rf_bitboard to_mask)
{
    static rf_movelist all, some, legal;
    char fen[RF_FEN_MAX];
    rf_generate_pseudo_moves(&all, pos, ~(rf_bitboard)0, ~(rf_bitboard)0);
    rf_generate_pseudo_moves(&some, pos, from_mask, to_mask);
    unsigned want = 0;
    for (unsigned i = 0; i < all.count; i++) {
        rf_move m = all.moves[i];
        FUZZ_CHECK(!RF_MOVE_IS_DROP(m), "a drop among the pseudo-legal moves of %s", fuzz_fen(pos, fen));
        if (!selected(m, from_mask, to_mask)) continue;
        want++;
        FUZZ_CHECK(has(&some, m), "the masks drop a move they select in %s", fuzz_fen(pos, fen));
    }
    FUZZ_CHECK(some.count == want, "%u moves under the masks, %u selected ones in %s", some.count, want,
               fuzz_fen(pos, fen));
    rf_bitboard kings = pos->by_type[RF_KING] & pos->by_color[pos->side];
    if (!kings || (kings & (kings - 1))) return;
    rf_generate_moves(&legal, pos);
    for (unsigned i = 0; i < legal.count; i++) {
        rf_move m = legal.moves[i];
        FUZZ_CHECK(RF_MOVE_IS_DROP(m) || has(&all, m), "a legal move is not pseudo-legal in %s",
                   fuzz_fen(pos, fen));
    }
}

static void check_attackers(const rf_position *pos, rf_color color, rf_square sq, rf_bitboard occ)
{
    rf_bitboard naive = 0;
    for (rf_bitboard own = pos->by_color[color]; own; own &= own - 1) {
        rf_square from = (rf_square)__builtin_ctzll(own);
        if (rf_piece_attacks(pos->board[from], from, occ) >> sq & 1) naive |= (rf_bitboard)1 << from;
    }
    char fen[RF_FEN_MAX];
    FUZZ_CHECK(rf_attackers(pos, color, sq, occ) == naive, "attackers of %u in %s", sq, fuzz_fen(pos, fen));
}

static void check_pin(const rf_position *pos, rf_color color, rf_square sq)
{
    rf_bitboard pin = rf_pin_mask(pos, color, sq);
    if (pin == ~(rf_bitboard)0) return;
    rf_bitboard kings = pos->by_type[RF_KING] & pos->by_color[color] & ~pos->promoted;
    char fen[RF_FEN_MAX];
    FUZZ_CHECK(kings != 0, "a pin without a king in %s", fuzz_fen(pos, fen));
    rf_square king = (rf_square)(63 - __builtin_clzll(kings));
    FUZZ_CHECK(pin == rf_line(king, sq), "the pin of %u is not the line to the king in %s", sq,
               fuzz_fen(pos, fen));
}

static void check_tables(rf_square a, rf_square b)
{
    rf_bitboard between = rf_between(a, b), line = rf_line(a, b);
    FUZZ_CHECK(between == rf_between(b, a) && line == rf_line(b, a), "tables not symmetric at %u %u", a, b);
    FUZZ_CHECK((between & ~line) == 0, "between outside the line at %u %u", a, b);
    rf_piece queen = RF_MAKE_PIECE(RF_WHITE, RF_QUEEN);
    int aligned = a != b && (rf_piece_attacks(queen, a, 0) >> b & 1);
    FUZZ_CHECK(aligned == (line != 0), "a line where no queen goes at %u %u", a, b);
    if (aligned) {
        rf_bitboard ends = ((rf_bitboard)1 << a) | ((rf_bitboard)1 << b);
        FUZZ_CHECK((line & ends) == ends, "the line misses its squares at %u %u", a, b);
        FUZZ_CHECK(between == (rf_piece_attacks(queen, a, ends) & rf_piece_attacks(queen, b, ends) & line & ~ends),
                   "between is not where both ends' queens meet at %u %u", a, b);
    } else {
        FUZZ_CHECK(between == 0, "squares between unaligned %u %u", a, b);
    }
}

static void check_play(rf_position *pos, rf_move move)
{
    rf_position before = *pos;
    if (move != RF_MOVE_NULL) {
        static rf_movelist legal;
        rf_generate_moves(&legal, pos);
        char fen0[RF_FEN_MAX];
        FUZZ_CHECK(rf_move_is_legal(pos, move) == has(&legal, move), "rf_move_is_legal(%04x) against the list in %s",
                   move, fuzz_fen(pos, fen0));
    }
    rf_status st = rf_position_play_unchecked(pos, move);
    char fen[RF_FEN_MAX];
    if (st != RF_OK) {
        FUZZ_CHECK(st == RF_ERR_ARGUMENT, "status %d", st);
        FUZZ_CHECK(memcmp(&before, pos, sizeof before) == 0, "a refused move changed %s", fuzz_fen(&before, fen));
        return;
    }
    const char *broken = rf__position_check(pos);
    FUZZ_CHECK(!broken, "move %04x from %s: %s", move, fuzz_fen(&before, fen), broken);
    if (rf_move_is_legal(&before, move)) {
        rf_position played = before;
        rf_position_play(&played, move);
        char a[RF_FEN_MAX], b[RF_FEN_MAX];
        FUZZ_CHECK(strcmp(fuzz_fen(&played, a), fuzz_fen(pos, b)) == 0, "legal %04x in %s: %s unchecked, %s played",
                   move, fuzz_fen(&before, fen), b, a);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    size_t len, at;
    fuzz_split_line(data, size, &len, &at);
    const char *text = (const char *)data;
    rf_variant variant = fuzz_variant_prefix(&text, &len);
    rf_position pos;
    if (rf_position_parse(&pos, text, len, variant, 0, RF_INVALID_ALL, NULL) != RF_OK) rf_position_startpos(&pos, variant);

    for (int step = 0; step < 48 && at + 10 <= size; step++, at += 10) {
        const uint8_t *b = data + at;
        rf_bitboard from_mask = spread(b[0]), to_mask = spread(b[1]);
        rf_square sq = (rf_square)(b[2] & 63), other = (rf_square)(b[3] & 63);
        rf_color color = (b[2] >> 6 & 1) ? RF_BLACK : RF_WHITE;
        rf_bitboard occ = b[4] & 1 ? pos.by_type[0] : pos.by_type[0] ^ spread(b[4]);
        check_pseudo(&pos, from_mask, to_mask);
        check_attackers(&pos, color, sq, occ);
        check_pin(&pos, color, sq);
        check_tables(sq, other);
        rf_move move = (rf_move)(b[8] | b[9] << 8);
        if (b[5] & 1) {
            /* Play a pseudo-legal move picked by the bytes instead of the raw value. */
            static rf_movelist all;
            rf_generate_pseudo_moves(&all, &pos, ~(rf_bitboard)0, ~(rf_bitboard)0);
            if (all.count) move = all.moves[(b[6] | b[7] << 8) % all.count];
        }
        check_play(&pos, move);
    }
    return 0;
}
