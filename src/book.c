/*
 * book.c - Polyglot opening books: a book read from the caller's bytes, its entries found by key
 * and their moves made legal moves of a position.
 *
 * A book is a run of 16-byte entries, big-endian: key (8 bytes), move (2), weight (2), learn (4),
 * sorted by key. The search halves [0, count) with the middle rounded down, as python-chess's
 * bisect_key_left does, so that a book whose keys are out of order answers as python-chess's
 * reader answers; nothing is read outside the count * 16 bytes the book was given.
 *
 * An entry's move is read as python-chess reads it against a board: to square bits 0-5, from
 * square bits 6-11, bits 12-14 a piece (1 knight .. 5 king) promoted to, or dropped when from =
 * to; bit 15 is not looked at. Castling is the king taking its own rook (e1h1); outside Chess960
 * the king's two-square step (e1g1) names it too.
 */
#include "position.h"

rf_status rf_book_init(rf_book *book, const void *bytes, size_t size)
{
    book->bytes = NULL;
    book->count = 0;
    if (size % RF_BOOK_ENTRY_SIZE) return RF_ERR_CORRUPT;
    if (size) book->bytes = bytes;
    book->count = size / RF_BOOK_ENTRY_SIZE;
    return RF_OK;
}

static uint64_t big_endian(const unsigned char *p, int bytes)
{
    uint64_t v = 0;
    for (int i = 0; i < bytes; i++) v = v << 8 | p[i];
    return v;
}

static uint64_t key_at(const rf_book *book, size_t index)
{
    return big_endian(book->bytes + index * RF_BOOK_ENTRY_SIZE, 8);
}

rf_book_entry rf_book_entry_at(const rf_book *book, size_t index)
{
    rf_book_entry e = {0, 0, 0, 0};
    if (index >= book->count) return e;
    const unsigned char *p = book->bytes + index * RF_BOOK_ENTRY_SIZE;
    e.key = big_endian(p, 8);
    e.move = (unsigned)big_endian(p + 8, 2);
    e.weight = (unsigned)big_endian(p + 10, 2);
    e.learn = (uint32_t)big_endian(p + 12, 4);
    return e;
}

size_t rf_book_bisect(const rf_book *book, uint64_t key)
{
    size_t lo = 0, hi = book->count;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (key_at(book, mid) < key)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

size_t rf_book_find(const rf_book *book, uint64_t key, size_t *first)
{
    size_t at = rf_book_bisect(book, key), n = 0;
    while (at + n < book->count && key_at(book, at + n) == key) n++;
    if (first) *first = at;
    return n;
}

/* Castling outside Chess960 written as the king's step: the king on the e-file, its rook on a
 * corner, the step to the g- or c-file. */
static int castles_as_step(const rf_position *pos, rf_move m, rf_square to)
{
    if (pos->chess960) return 0;
    rf_square from = RF_MOVE_FROM(m);
    return to == RF_SQUARE(RF_MOVE_TO(m) > from ? 6 : 2, RF_RANK_OF(from));
}

/* Whether the legal move m answers to the entry move (from, to, piece bits). */
static int names(const rf_position *pos, rf_move m, rf_square from, rf_square to, unsigned piece)
{
    unsigned kind = RF_MOVE_KIND(m);
    if (from == to)
        return kind == RF_MOVE_DROP && RF_MOVE_TO(m) == to && piece &&
               RF_MOVE_DROPPED(m) == (rf_piece_type)(RF_PAWN + piece);
    if (kind == RF_MOVE_DROP || RF_MOVE_FROM(m) != from) return 0;
    if (kind == RF_MOVE_PROMOTION)
        return RF_MOVE_TO(m) == to && piece && RF_MOVE_PROMOTED(m) == (rf_piece_type)(RF_PAWN + piece);
    if (piece) return 0;
    return RF_MOVE_TO(m) == to || (kind == RF_MOVE_CASTLING && castles_as_step(pos, m, to));
}

/* The move of `legal` (the legal moves of *pos) an entry's move names. */
static rf_move decode(const rf_position *pos, const rf_movelist *legal, unsigned book_move)
{
    rf_square to = (rf_square)(book_move & 63), from = (rf_square)((book_move >> 6) & 63);
    unsigned piece = (book_move >> 12) & 7;
    for (unsigned i = 0; i < legal->count; i++)
        if (names(pos, legal->moves[i], from, to, piece)) return legal->moves[i];
    return RF_MOVE_NONE;
}

rf_move rf_book_move(const rf_position *pos, unsigned book_move)
{
    rf_movelist legal;
    rf_generate_moves(&legal, pos);
    return decode(pos, &legal, book_move);
}

size_t rf_book_lookup(rf_book_hit *out, size_t capacity, const rf_book *book, const rf_position *pos,
                      uint64_t key, unsigned minimum_weight, size_t *skipped)
{
    size_t first, n = rf_book_find(book, key, &first), found = 0, unknown = 0;
    rf_movelist legal;
    if (n) rf_generate_moves(&legal, pos);
    for (size_t i = first; i < first + n; i++) {
        rf_book_entry e = rf_book_entry_at(book, i);
        if (e.weight < minimum_weight) continue;
        rf_move m = decode(pos, &legal, e.move);
        if (m == RF_MOVE_NONE) {
            unknown++;
            continue;
        }
        if (found < capacity) {
            out[found].entry = e;
            out[found].move = m;
        }
        found++;
    }
    if (skipped) *skipped = unknown;
    return found;
}
