/*
 * fuzz_book.c - Polyglot books (rf_book): any bytes as a book, any key, never a read outside the
 * bytes given (the book lies at the end of the input, so AddressSanitizer sees the first byte
 * past it).
 *
 * Input: byte 0 picks a position (standard, castling, Chess960, promotions, Antichess,
 * Crazyhouse, Atomic); byte 1 is flags: bit 0 looks up the position's key instead of the key in
 * bytes 2-9, bit 1 gives the entries whose key starts with an even byte that key (so that
 * lookups find entries in random books); bytes 10-11 a minimum weight; the rest is the book.
 *
 * Properties: the book is refused exactly when its size is no whole number of 16-byte entries;
 * every entry reads back as its bytes, one past the end as zeros; the search ends between a key
 * below and a key not below the one sought (true of halving even on unsorted keys), and where
 * the book is sorted it is the first key not below; rf_book_find's run is exactly the entries of
 * the key from there; rf_book_move answers a legal move or none, and the strict
 * rf_polyglot_move's move where that has one, and reads every legal move written as an entry
 * (bit 15 set or not) as itself; rf_book_lookup's hits are the run's entries of at
 * least the weight whose move is legal, in order, the others counted as skipped, the same count
 * whatever the room given.
 */
#include "fuzz.h"

static const struct {
    rf_variant variant;
    const char *fen;
} positions[] = {
    {RF_VARIANT_STANDARD, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
    {RF_VARIANT_STANDARD, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"},
    {RF_VARIANT_STANDARD, "1r4kr/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAh - 0 1"},
    {RF_VARIANT_STANDARD, "8/1P4k1/8/8/8/8/6K1/8 w - - 0 1"},
    {RF_VARIANT_STANDARD, "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"},
    {RF_VARIANT_ANTICHESS, "8/1P6/8/8/8/8/6k1/8 w - - 0 1"},
    {RF_VARIANT_CRAZYHOUSE, "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R[NBp] w KQkq - 2 3"},
    {RF_VARIANT_ATOMIC, "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"},
};

static uint64_t read_be(const uint8_t *p, int n)
{
    uint64_t v = 0;
    for (int i = 0; i < n; i++) v = v << 8 | p[i];
    return v;
}

static int listed(const rf_movelist *list, rf_move m)
{
    for (unsigned i = 0; i < list->count; i++)
        if (list->moves[i] == m) return 1;
    return 0;
}

/* Entries read back as their bytes; past the end as zeros. */
static void check_entries(const rf_book *book, const uint8_t *bytes)
{
    for (size_t i = 0; i <= book->count; i++) {
        rf_book_entry e = rf_book_entry_at(book, i);
        if (i == book->count) {
            FUZZ_CHECK(!e.key && !e.move && !e.weight && !e.learn, "entry %zu past the end", i);
            break;
        }
        const uint8_t *p = bytes + i * RF_BOOK_ENTRY_SIZE;
        FUZZ_CHECK(e.key == read_be(p, 8) && e.move == read_be(p + 8, 2) && e.weight == read_be(p + 10, 2) &&
                       e.learn == read_be(p + 12, 4),
                   "entry %zu", i);
    }
}

/* The search and the run of a key. */
static void check_search(const rf_book *book, uint64_t key)
{
    size_t at = rf_book_bisect(book, key), first = 0, sorted = 1, lower = 0;
    FUZZ_CHECK(at <= book->count, "bisect %zu of %zu", at, book->count);
    FUZZ_CHECK(at == 0 || rf_book_entry_at(book, at - 1).key < key, "key before %zu not below", at);
    FUZZ_CHECK(at == book->count || rf_book_entry_at(book, at).key >= key, "key at %zu below", at);
    for (size_t i = 0; i < book->count; i++) {
        if (i && rf_book_entry_at(book, i - 1).key > rf_book_entry_at(book, i).key) sorted = 0;
        if (rf_book_entry_at(book, i).key < key) lower = i + 1;
    }
    FUZZ_CHECK(!sorted || at == lower, "sorted book: bisect %zu, first not below %zu", at, lower);
    size_t n = rf_book_find(book, key, &first);
    FUZZ_CHECK(first == at && at + n <= book->count, "find %zu from %zu", n, first);
    for (size_t i = at; i < at + n; i++) FUZZ_CHECK(rf_book_entry_at(book, i).key == key, "run entry %zu", i);
    FUZZ_CHECK(at + n == book->count || rf_book_entry_at(book, at + n).key != key, "run ends early at %zu", at + n);
}

/* Every legal move written as a book entry's move reads back as itself: from and to squares
 * (castling as the king taking its rook), the promotion piece, a drop as from = to. */
static void check_round_trip(const rf_position *pos, const rf_movelist *legal)
{
    for (unsigned i = 0; i < legal->count; i++) {
        rf_move m = legal->moves[i];
        unsigned kind = RF_MOVE_KIND(m), to = RF_MOVE_TO(m);
        unsigned raw = kind == RF_MOVE_DROP ? to | to << 6 | (unsigned)(RF_MOVE_DROPPED(m) - RF_PAWN) << 12
                                            : to | (unsigned)RF_MOVE_FROM(m) << 6;
        if (kind == RF_MOVE_PROMOTION) raw |= (unsigned)(RF_MOVE_PROMOTED(m) - RF_PAWN) << 12;
        if (kind == RF_MOVE_DROP && RF_MOVE_DROPPED(m) == RF_PAWN) continue; /* python-chess has no pawn drop entry */
        FUZZ_CHECK(rf_book_move(pos, raw) == m && rf_book_move(pos, raw | 0x8000) == m, "move %#x as %#x",
                   (unsigned)m, raw);
    }
}

/* Moves and lookups against the position. */
static void check_lookup(const rf_book *book, const rf_position *pos, uint64_t key, unsigned minimum)
{
    rf_movelist legal;
    rf_generate_moves(&legal, pos);
    check_round_trip(pos, &legal);
    size_t first, n = rf_book_find(book, key, &first), want = 0, unknown = 0;
    for (size_t i = first; i < first + n; i++) {
        rf_book_entry e = rf_book_entry_at(book, i);
        rf_move m = rf_book_move(pos, e.move), strict = rf_polyglot_move(pos, e.move);
        FUZZ_CHECK(m == RF_MOVE_NONE || listed(&legal, m), "book move %#x read as %#x", e.move, (unsigned)m);
        FUZZ_CHECK(strict == RF_MOVE_NONE || strict == m, "book move %#x: %#x, strictly %#x", e.move, (unsigned)m,
                   (unsigned)strict);
        if (e.weight >= minimum) m == RF_MOVE_NONE ? unknown++ : want++;
    }
    rf_book_hit hits[8];
    size_t skipped = 0, got = rf_book_lookup(hits, 8, book, pos, key, minimum, &skipped);
    FUZZ_CHECK(got == want && skipped == unknown, "lookup %zu (skipped %zu), want %zu (%zu)", got, skipped, want,
               unknown);
    FUZZ_CHECK(rf_book_lookup(NULL, 0, book, pos, key, minimum, NULL) == got, "lookup without room");
    size_t h = 0;
    for (size_t i = first; i < first + n && h < 8 && h < got; i++) {
        rf_book_entry e = rf_book_entry_at(book, i);
        rf_move m = rf_book_move(pos, e.move);
        if (e.weight < minimum || m == RF_MOVE_NONE) continue;
        FUZZ_CHECK(hits[h].move == m && hits[h].entry.key == e.key && hits[h].entry.move == e.move &&
                       hits[h].entry.weight == e.weight && hits[h].entry.learn == e.learn,
                   "hit %zu is not entry %zu", h, i);
        h++;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 12) return 0;
    rf_position pos;
    unsigned pick = data[0] % (unsigned)(sizeof positions / sizeof *positions);
    if (rf_position_from_fen(&pos, positions[pick].fen, positions[pick].variant, NULL) != RF_OK) return 0;
    unsigned flags = data[1], minimum = (unsigned)read_be(data + 10, 2);
    uint64_t key = flags & 1 ? rf_polyglot_key(&pos) : read_be(data + 2, 8);
    size_t len = size - 12;
    /* the book in a buffer of exactly its size, its keys rewritten as flag 2 asks */
    uint8_t *bytes = malloc(len ? len : 1);
    if (!bytes) return 0;
    memcpy(bytes, data + 12, len);
    if (flags & 2)
        for (size_t i = 0; i + RF_BOOK_ENTRY_SIZE <= len; i += RF_BOOK_ENTRY_SIZE)
            if (!(bytes[i] & 1))
                for (int b = 0; b < 8; b++) bytes[i + (size_t)b] = (uint8_t)(key >> (56 - 8 * b));
    rf_book book;
    rf_status st = rf_book_init(&book, bytes, len);
    FUZZ_CHECK((st == RF_OK) == (len % RF_BOOK_ENTRY_SIZE == 0), "%zu bytes: status %d", len, (int)st);
    FUZZ_CHECK(st == RF_OK ? book.count == len / RF_BOOK_ENTRY_SIZE : book.count == 0, "count %zu of %zu bytes",
               book.count, len);
    check_entries(&book, bytes);
    check_search(&book, key);
    check_lookup(&book, &pos, key, minimum);
    free(bytes);
    return 0;
}
