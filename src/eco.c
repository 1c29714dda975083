/*
 * eco.c - opening names: an ECO file read into a table of positions, and games classified by
 * the positions they reach (see "Opening names (ECO)" in rankfile.h).
 *
 * Two formats, told apart by their first line: lichess's chess-openings TSV starts with a header
 * of tab-separated column names, one of them "eco"; anything else is read as PGN (pgn-extract's eco.pgn), by the
 * library's own PGN reader, so that its moves are read and checked as any game's are.
 *
 * The table owns three pools (entries, text, moves), each grown by doubling while the file is
 * read; the entries' pointers into the pools are set once the pools stop moving. Positions are
 * found through an open-addressing hash table of entry indexes keyed by the Zobrist key, which
 * holds for each key the entry the rule chooses (more plies, then later in the file).
 *
 * Landmarks let a walk along a game stop early. A position's landmark is what it cannot win
 * back in standard chess: its pawns still on their second ranks (a pawn never returns there),
 * its pieces and pawns per side, its castling rights. A position P can lead to an entry's
 * position E only if P has all that E has (E's unmoved pawns unmoved in P, no fewer pieces or
 * pawns, E's rights). The table keeps the entries' landmarks that no other is below: while P has
 * one of them, some entry may still come; once it has none, no entry can.
 */
#include "position.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct rf_eco {
    rf_eco_entry *entries;
    size_t count, cap;
    char *text; /* each entry's ECO code, name and variation, NUL-terminated */
    size_t text_len, text_cap;
    rf_move *moves; /* each entry's moves, one after another */
    size_t moves_len, moves_cap;
    uint32_t *slots; /* entry index + 1, 0 empty; a power of two in size */
    uint64_t *slot_keys; /* per slot its entries' key: a probe that misses reads no entry */
    uint32_t *latest; /* per slot: the last entry of the file with the slot's key, + 1 */
    uint32_t *earlier; /* per entry: the entry before it in the file with its key, + 1, or 0 */
    size_t slot_mask;
    struct eco_landmark *landmarks; /* the least of the entries' landmarks (see above) */
    size_t nlandmarks;
    unsigned max_plies; /* the longest entry's */
    uint64_t start_key; /* the standard start position's key */
};

/* What a position cannot win back: `home` its pawns on their second ranks; `counts` packs its
 * pieces per side (5 bits each, at bits 0 and 6), pawns per side (4 bits each, at bits 12 and
 * 17) and castling rights (bits 24-27: White kingside, queenside, Black kingside, queenside).
 * The bit above each count (5, 11, 16, 21) is kept clear: may_reach compares the four counts in
 * one subtraction, that bit set above each as a guard that a borrow clears. */
typedef struct eco_landmark {
    uint64_t home;
    uint32_t counts;
} eco_landmark;

#define LANDMARK_GUARDS (1u << 5 | 1u << 11 | 1u << 16 | 1u << 21)
#define LANDMARK_COUNTS (0x1fu | 0x1fu << 6 | 0xfu << 12 | 0xfu << 17)
#define LANDMARK_CASTLING 24

static eco_landmark landmark_of(const rf_position *pos)
{
    rf_bitboard white = pos->by_color[RF_WHITE], black = pos->by_color[RF_BLACK], pawns = pos->by_type[RF_PAWN];
    eco_landmark l;
    l.home = (pawns & white & RF_RANK_BB(1)) | (pawns & black & RF_RANK_BB(6));
    l.counts = (uint32_t)rf__popcount(white) | (uint32_t)rf__popcount(black) << 6 |
               (uint32_t)rf__popcount(pawns & white) << 12 | (uint32_t)rf__popcount(pawns & black) << 17;
    for (int c = 0; c < 2; c++)
        for (int side = 0; side < 2; side++)
            if (pos->castle_rook[c][side] != RF_NO_SQUARE) l.counts |= 1u << (LANDMARK_CASTLING + 2 * c + side);
    return l;
}

/* 1 when a position of landmark `from` may lead to one of landmark `to`: it has all `to` has
 * (each of its counts at least `to`'s: a count's guard bit survives from - to, where a borrow,
 * from < to, would take it; no borrow leaves a field, as each difference plus its guard is
 * positive). */
static int may_reach(eco_landmark from, eco_landmark to)
{
    if ((to.home & ~from.home) || (to.counts >> LANDMARK_CASTLING & ~(from.counts >> LANDMARK_CASTLING)))
        return 0;
    uint32_t diff = ((from.counts & LANDMARK_COUNTS) | LANDMARK_GUARDS) - (to.counts & LANDMARK_COUNTS);
    return (diff & LANDMARK_GUARDS) == LANDMARK_GUARDS;
}

static int landmark_size(eco_landmark l)
{
    return rf__popcount(l.home) + rf__popcount(l.counts);
}

static int by_size(const void *a, const void *b)
{
    int x = landmark_size(*(const eco_landmark *)a), y = landmark_size(*(const eco_landmark *)b);
    return (x > y) - (x < y);
}

#define RF_ECO_PLIES_TEXT "128"
_Static_assert(RF_ECO_PLIES_MAX == 128, "RF_ECO_PLIES_TEXT says RF_ECO_PLIES_MAX");

/* While reading, an entry's strings and moves are offsets into the pools. */
typedef struct eco_pending {
    size_t eco, name, variation, moves;
} eco_pending;

static int grow(void **p, size_t *cap, size_t need, size_t size)
{
    if (need <= *cap) return 0;
    size_t n = *cap ? *cap : 64;
    while (n < need) n *= 2;
    void *q = realloc(*p, n * size);
    if (!q) return -1;
    *p = q;
    *cap = n;
    return 0;
}

/* Copies s[0..len) into the text pool with a NUL; its offset, or (size_t)-1 out of memory. */
static size_t add_text(rf_eco *eco, const char *s, size_t len)
{
    if (grow((void **)&eco->text, &eco->text_cap, eco->text_len + len + 1, 1)) return (size_t)-1;
    size_t at = eco->text_len;
    if (len) memcpy(eco->text + at, s, len);
    eco->text[at + len] = '\0';
    eco->text_len += len + 1;
    return at;
}

static int add_move(rf_eco *eco, rf_move m)
{
    if (grow((void **)&eco->moves, &eco->moves_cap, eco->moves_len + 1, sizeof *eco->moves)) return -1;
    eco->moves[eco->moves_len++] = m;
    return 0;
}

/* Line and column (from 1) of byte `offset` of text. */
static void place_of(const char *text, size_t offset, unsigned long *line, unsigned long *column)
{
    unsigned long l = 1;
    size_t start = 0;
    for (size_t i = 0; i < offset; i++)
        if (text[i] == '\n') l++, start = i + 1;
    *line = l;
    *column = (unsigned long)(offset - start) + 1;
}

/* The byte offset of line `line`, column `column` (from 1), within len bytes. */
static size_t offset_of(const char *text, size_t len, unsigned long line, unsigned long column)
{
    size_t i = 0;
    for (unsigned long l = 1; l < line && i < len; i++)
        if (text[i] == '\n') l++;
    while (column > 1 && i < len && text[i] != '\n') i++, column--;
    return i;
}

/* A failure at byte `offset`: "line L, column C: WHAT" (printable ASCII), detail after the place. */
static rf_status fail(rf_error *err, rf_status status, const char *text, size_t offset,
                      const char *fmt, ...) __attribute__((format(printf, 5, 6)));
static rf_status fail(rf_error *err, rf_status status, const char *text, size_t offset,
                      const char *fmt, ...)
{
    if (!err) return status;
    memset(err, 0, sizeof *err);
    err->status = status;
    err->field = RF_FIELD_NONE;
    err->offset = offset;
    unsigned long line, column;
    place_of(text, offset, &line, &column);
    int n = snprintf(err->message, sizeof err->message, "line %lu, column %lu: ", line, column);
    if (n < 0 || (size_t)n >= sizeof err->message) n = 0;
    err->detail = (unsigned short)n;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->message + n, sizeof err->message - (size_t)n, fmt, ap);
    va_end(ap);
    for (char *p = err->message; *p; p++)
        if ((unsigned char)*p < 0x20 || (unsigned char)*p > 0x7e) *p = '?';
    return status;
}

static rf_status no_memory(rf_error *err, const char *text)
{
    return fail(err, RF_ERR_NO_MEMORY, text, 0, "out of memory reading the ECO file");
}

/* An ECO code as files write it: 1 to 15 printable ASCII bytes, no space. */
static int eco_code_ok(const char *s, size_t len)
{
    if (len == 0 || len > 15) return 0;
    for (size_t i = 0; i < len; i++)
        if ((unsigned char)s[i] <= ' ' || (unsigned char)s[i] > '~') return 0;
    return 1;
}

/* Adds an entry whose moves (from the standard start) are the last `plies` of the move pool. */
static int add_entry(rf_eco *eco, eco_pending **pending, size_t *pending_cap, uint64_t key,
                     unsigned plies, unsigned long line, size_t code, size_t name, size_t variation)
{
    if (grow((void **)&eco->entries, &eco->cap, eco->count + 1, sizeof *eco->entries)) return -1;
    if (grow((void **)pending, pending_cap, eco->count + 1, sizeof **pending)) return -1;
    rf_eco_entry *e = &eco->entries[eco->count];
    memset(e, 0, sizeof *e);
    e->key = key;
    e->plies = plies;
    e->line = line;
    (*pending)[eco->count] = (eco_pending){code, name, variation, eco->moves_len - plies};
    eco->count++;
    return 0;
}

/* ---- pgn-extract's eco.pgn: games with [ECO], [Opening] and [Variation] tags ---------------- */

typedef struct pgn_load {
    rf_eco *eco;
    eco_pending **pending;
    size_t *pending_cap;
    const char *text;
    size_t len;
    size_t tags;      /* tag pairs of the game */
    unsigned plies;   /* its main-line moves, at the end of the move pool */
    int have_eco;
    size_t tag_at[3];  /* the ECO, Opening and Variation tags' values in the text pool */
    size_t tag_len[3];
    int failed;       /* 1: the reading stops with `status` (err says why) */
    rf_status status;
    int oom;
    rf_error *err;
} pgn_load;

static void pgn_header(void *user, const char *name, size_t name_len, const char *value, size_t value_len)
{
    pgn_load *l = user;
    l->tags++;
    int which = -1;
    if (name_len == 3 && memcmp(name, "ECO", 3) == 0) which = 0;
    else if (name_len == 7 && memcmp(name, "Opening", 7) == 0) which = 1;
    else if (name_len == 9 && memcmp(name, "Variation", 9) == 0) which = 2;
    if (which < 0) return;
    /* The value goes to the pool at once (a second tag of a name replaces the first). */
    size_t at = add_text(l->eco, value, value_len);
    if (at == (size_t)-1) {
        l->oom = 1;
        return;
    }
    l->tag_at[which] = at;
    l->tag_len[which] = value_len;
    if (which == 0) l->have_eco = 1;
}

static void pgn_move(void *user, const rf_position *before, rf_move move, unsigned depth)
{
    pgn_load *l = user;
    (void)before;
    if (depth != 0 || l->oom) return;
    if (add_move(l->eco, move)) l->oom = 1;
    else l->plies++;
}

static int pgn_begin(void *user, unsigned long index)
{
    pgn_load *l = user;
    (void)index;
    if (l->failed) return RF_PGN_SKIP;
    l->tags = 0;
    l->plies = 0;
    l->have_eco = 0;
    l->oom = 0;
    for (int i = 0; i < 3; i++) l->tag_at[i] = (size_t)-1, l->tag_len[i] = 0;
    return RF_PGN_CONTINUE;
}

static void pgn_end(void *user, const rf_pgn_game *g)
{
    pgn_load *l = user;
    if (l->failed || g->skipped) return;
    if (l->oom) {
        l->failed = 1;
        l->status = no_memory(l->err, l->text);
        return;
    }
    if (g->status != RF_OK) {
        l->failed = 1;
        l->status = fail(l->err, RF_ERR_SYNTAX, l->text, offset_of(l->text, l->len, g->error_line, g->error_column),
             "%s", g->error);
        return;
    }
    /* Text before the first game (eco.pgn's opening comment) is a game with nothing in it. */
    if (l->tags == 0 && l->plies == 0) return;
    rf_position start;
    rf_position_startpos(&start, RF_VARIANT_STANDARD);
    const char *why = NULL;
    if (g->variant != RF_VARIANT_STANDARD || g->chess960 || g->start.key != start.key)
        why = "an ECO entry starts from the standard start position (no [FEN] or [Variant] tag)";
    else if (!l->have_eco)
        why = "no [ECO] tag: each entry is an [ECO \"code\"] tag, [Opening] and [Variation] tags, and moves";
    else if (!eco_code_ok(l->eco->text + l->tag_at[0], l->tag_len[0]))
        why = "the [ECO] tag is not a code (1 to 15 printable ASCII characters, no space, as \"B90\")";
    else if (l->plies > RF_ECO_PLIES_MAX)
        why = "an ECO entry of more than " RF_ECO_PLIES_TEXT " plies";
    if (why) {
        l->failed = 1;
        l->status = fail(l->err, RF_ERR_SYNTAX, l->text, offset_of(l->text, l->len, g->line, 1), "%s", why);
        return;
    }
    /* A missing Opening or Variation tag is "" (the ECO code's NUL ends it). */
    size_t empty = l->tag_at[0] + l->tag_len[0];
    size_t name = l->tag_at[1] != (size_t)-1 ? l->tag_at[1] : empty;
    size_t variation = l->tag_at[2] != (size_t)-1 ? l->tag_at[2] : empty;
    if (add_entry(l->eco, l->pending, l->pending_cap, g->game->pos.key, l->plies, g->line, l->tag_at[0],
                  name, variation)) {
        l->failed = 1;
        l->status = no_memory(l->err, l->text);
    }
}

static rf_status load_pgn(rf_eco *eco, eco_pending **pending, size_t *pending_cap, const char *text,
                          size_t len, rf_error *err)
{
    rf_pgn_reader *r = rf_pgn_reader_new_memory(text, len);
    if (!r) return no_memory(err, text);
    pgn_load l = {.eco = eco, .pending = pending, .pending_cap = pending_cap, .text = text, .len = len,
                  .err = err};
    rf_pgn_visitor v = {.user = &l, .begin_game = pgn_begin, .header = pgn_header, .move = pgn_move,
                        .end_game = pgn_end};
    while (!l.failed && rf_pgn_read_game(r, &v) == 1) {}
    rf_pgn_reader_free(r);
    return l.failed ? l.status : RF_OK;
}

/* ---- lichess's chess-openings TSV: a header line naming the columns eco, name and pgn ------- */

/* The cell `column` of line [p, end) (tab-separated); 0 when the line has fewer cells. */
static int cell(const char *p, const char *end, int column, const char **s, size_t *len)
{
    for (int c = 0; c < column; c++) {
        const char *tab = memchr(p, '\t', (size_t)(end - p));
        if (!tab) return 0;
        p = tab + 1;
    }
    const char *tab = memchr(p, '\t', (size_t)(end - p));
    *s = p;
    *len = (size_t)((tab ? tab : end) - p);
    return 1;
}

static int is_result(const char *w, size_t n)
{
    return (n == 1 && w[0] == '*') || (n == 3 && (!memcmp(w, "1-0", 3) || !memcmp(w, "0-1", 3))) ||
           (n == 7 && !memcmp(w, "1/2-1/2", 7));
}

/* A TSV's header: a first line of cells separated by tabs, one of them "eco". */
static int tsv_header(const char *p, size_t len)
{
    const char *nl = memchr(p, '\n', len), *end = nl ? nl : p + len;
    if (end > p && end[-1] == '\r') end--;
    if (!memchr(p, '\t', (size_t)(end - p))) return 0;
    for (const char *c = p; c <= end;) {
        const char *tab = memchr(c, '\t', (size_t)(end - c));
        const char *cell_end = tab ? tab : end;
        if (cell_end - c == 3 && memcmp(c, "eco", 3) == 0) return 1;
        if (!tab) break;
        c = tab + 1;
    }
    return 0;
}

/* The header's columns eco, name and pgn: their numbers into col[3]; an error naming the first
 * missing. */
static const char *const tsv_names[3] = {"eco", "name", "pgn"};

static rf_status tsv_columns(const char *p, const char *line_end, int col[3], const char *text, size_t bom,
                             rf_error *err)
{
    for (int c = 0;; c++) {
        const char *s;
        size_t n;
        if (!cell(p, line_end, c, &s, &n)) break;
        for (int k = 0; k < 3; k++)
            if (n == strlen(tsv_names[k]) && memcmp(s, tsv_names[k], n) == 0 && col[k] < 0) col[k] = c;
    }
    for (int k = 0; k < 3; k++)
        if (col[k] < 0)
            return fail(err, RF_ERR_SYNTAX, text, bom,
                        "the TSV header has no column '%s' (lichess's chess-openings: eco, name, pgn)", tsv_names[k]);
    return RF_OK;
}

/* The moves of a pgn cell, [w, moves_end): SAN or UCI, after optional move numbers ("1." "1..."
 * "12.e4"), up to a result; played from *pos and added to the table's moves, *plies counted. */
static rf_status tsv_moves(rf_eco *eco, rf_position *pos, unsigned *plies, const char *w, const char *moves_end,
                           const char *text, rf_error *err)
{
    while (w < moves_end) {
        while (w < moves_end && (*w == ' ' || *w == '\t')) w++;
        if (w == moves_end) break;
        const char *we = w;
        while (we < moves_end && *we != ' ' && *we != '\t') we++;
        size_t n = (size_t)(we - w), digits = 0;
        while (digits < n && w[digits] >= '0' && w[digits] <= '9') digits++;
        const char *word = w;
        if (digits && digits < n && w[digits] == '.') {
            while (digits < n && w[digits] == '.') digits++;
            word += digits;
            n -= digits;
        }
        if (n && !is_result(word, n)) {
            rf_move m;
            rf_error merr;
            if (rf_move_parse(&m, pos, word, n, &merr) != RF_OK)
                return fail(err, RF_ERR_SYNTAX, text, (size_t)(word - text), "move %u: %s", *plies + 1,
                            merr.message + merr.detail);
            if (m == RF_MOVE_NULL)
                return fail(err, RF_ERR_SYNTAX, text, (size_t)(word - text),
                            "move %u: a null move is no opening move", *plies + 1);
            if (*plies == RF_ECO_PLIES_MAX)
                return fail(err, RF_ERR_SYNTAX, text, (size_t)(word - text),
                            "an ECO entry of more than " RF_ECO_PLIES_TEXT " plies");
            if (add_move(eco, m)) return no_memory(err, text);
            rf_position_play(pos, m);
            ++*plies;
        }
        w = we;
    }
    return RF_OK;
}

/* One entry line [p, line_end) of the TSV (line number `line`): its cells checked, its moves
 * played from the start position, the entry filed. */
static rf_status tsv_entry(rf_eco *eco, eco_pending **pending, size_t *pending_cap, const char *p,
                           const char *line_end, const int col[3], const rf_position *start, unsigned long line,
                           const char *text, rf_error *err)
{
    const char *cells[3];
    size_t lens[3];
    for (int k = 0; k < 3; k++)
        if (!cell(p, line_end, col[k], &cells[k], &lens[k]))
            return fail(err, RF_ERR_SYNTAX, text, (size_t)(line_end - text),
                        "no '%s' column: the header names more columns than this line has", tsv_names[k]);
    if (!eco_code_ok(cells[0], lens[0]))
        return fail(err, RF_ERR_SYNTAX, text, (size_t)(cells[0] - text),
                    "'%.*s' is not an ECO code (1 to 15 printable ASCII characters, no space, as B90)",
                    (int)(lens[0] < 20 ? lens[0] : 20), cells[0]);
    rf_position pos = *start;
    unsigned plies = 0;
    rf_status st = tsv_moves(eco, &pos, &plies, cells[2], cells[2] + lens[2], text, err);
    if (st != RF_OK) return st;
    /* lichess's names are "Opening: Variation, Subvariation": the opening before ": ". */
    const char *name = cells[1];
    size_t name_len = lens[1], var_at = lens[1];
    for (size_t i = 0; i + 1 < lens[1]; i++)
        if (name[i] == ':' && name[i + 1] == ' ') {
            name_len = i;
            var_at = i + 2;
            break;
        }
    size_t code = add_text(eco, cells[0], lens[0]);
    size_t nm = add_text(eco, name, name_len);
    size_t var = add_text(eco, name + var_at, lens[1] - var_at);
    if (code == (size_t)-1 || nm == (size_t)-1 || var == (size_t)-1 ||
        add_entry(eco, pending, pending_cap, pos.key, plies, line, code, nm, var))
        return no_memory(err, text);
    return RF_OK;
}

static rf_status load_tsv(rf_eco *eco, eco_pending **pending, size_t *pending_cap, const char *text,
                          size_t len, size_t bom, rf_error *err)
{
    const char *p = text + bom, *end = text + len;
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    const char *line_end = nl ? nl : end;
    if (line_end > p && line_end[-1] == '\r') line_end--;
    int col[3] = {-1, -1, -1}; /* eco, name, pgn */
    rf_status st = tsv_columns(p, line_end, col, text, bom, err);
    if (st != RF_OK) return st;
    const char *header = text + bom;
    size_t header_len = (size_t)(line_end - header);
    rf_position start;
    rf_position_startpos(&start, RF_VARIANT_STANDARD);
    unsigned long line = 1;
    for (p = nl ? nl + 1 : end; p < end; p = nl ? nl + 1 : end) {
        line++;
        nl = memchr(p, '\n', (size_t)(end - p));
        line_end = nl ? nl : end;
        if (line_end > p && line_end[-1] == '\r') line_end--;
        if (line_end == p) continue; /* an empty line */
        /* The header again: lichess's files a.tsv .. e.tsv joined by cat. */
        if ((size_t)(line_end - p) == header_len && memcmp(p, header, header_len) == 0) continue;
        if ((st = tsv_entry(eco, pending, pending_cap, p, line_end, col, &start, line, text, err)) != RF_OK) return st;
    }
    return RF_OK;
}

/* ---- the table ------------------------------------------------------------------------------ */

/* Fibonacci hashing of a key to a slot. */
static size_t slot_of(const rf_eco *eco, uint64_t key)
{
    return (size_t)((key * UINT64_C(0x9E3779B97F4A7C15)) >> 32) & eco->slot_mask;
}

static int build_index(rf_eco *eco)
{
    size_t n = 16;
    while (n < 2 * eco->count) n *= 2;
    eco->slots = calloc(n, sizeof *eco->slots);
    eco->slot_keys = calloc(n, sizeof *eco->slot_keys);
    eco->latest = calloc(n, sizeof *eco->latest);
    eco->earlier = calloc(eco->count, sizeof *eco->earlier);
    if (!eco->slots || !eco->slot_keys || !eco->latest || !eco->earlier) return -1;
    eco->slot_mask = n - 1;
    for (size_t i = 0; i < eco->count; i++) {
        const rf_eco_entry *e = &eco->entries[i];
        size_t s = slot_of(eco, e->key);
        while (eco->slots[s] && eco->slot_keys[s] != e->key) s = (s + 1) & eco->slot_mask;
        eco->slot_keys[s] = e->key;
        /* Two entries of one position: the deeper one, then the later one in the file. */
        if (!eco->slots[s] || e->plies >= eco->entries[eco->slots[s] - 1].plies) eco->slots[s] = (uint32_t)i + 1;
        eco->earlier[i] = eco->latest[s];
        eco->latest[s] = (uint32_t)i + 1;
    }
    return 0;
}

/* The slot of a key, or (size_t)-1. */
static size_t find_slot(const rf_eco *eco, uint64_t key)
{
    if (!eco || !eco->count) return (size_t)-1;
    for (size_t s = slot_of(eco, key); eco->slots[s]; s = (s + 1) & eco->slot_mask)
        if (eco->slot_keys[s] == key) return s;
    return (size_t)-1;
}

void rf_eco_free(rf_eco *eco)
{
    if (!eco) return;
    free(eco->entries);
    free(eco->text);
    free(eco->moves);
    free(eco->slots);
    free(eco->slot_keys);
    free(eco->latest);
    free(eco->earlier);
    free(eco->landmarks);
    free(eco);
}

/* The entries' landmarks, but those another is below (a position that has the higher has the
 * lower: the lower alone decides). Landmarks are taken in order of size (bits set), so that
 * one can only be below those before it. */
static int build_landmarks(rf_eco *eco)
{
    eco_landmark *all = malloc(eco->count * sizeof *all);
    if (!all) return -1;
    rf_position start;
    rf_position_startpos(&start, RF_VARIANT_STANDARD);
    eco->start_key = start.key;
    for (size_t i = 0; i < eco->count; i++) {
        const rf_eco_entry *e = &eco->entries[i];
        rf_position pos = start;
        for (unsigned k = 0; k < e->plies; k++) rf_position_play(&pos, e->moves[k]);
        all[i] = landmark_of(&pos);
        if (e->plies > eco->max_plies) eco->max_plies = e->plies;
    }
    qsort(all, eco->count, sizeof *all, by_size);
    size_t kept = 0;
    for (size_t i = 0; i < eco->count; i++) {
        size_t k = 0;
        while (k < kept && !may_reach(all[i], all[k])) k++;
        if (k == kept) all[kept++] = all[i];
    }
    eco->landmarks = all;
    eco->nlandmarks = kept;
    return 0;
}

rf_status rf_eco_load(rf_eco **out, const char *text, size_t len, rf_error *err)
{
    if (!out || (!text && len)) {
        if (out) *out = NULL;
        if (err) {
            memset(err, 0, sizeof *err);
            err->status = RF_ERR_ARGUMENT;
            snprintf(err->message, sizeof err->message, "no ECO file text given");
        }
        return RF_ERR_ARGUMENT;
    }
    *out = NULL;
    if (!text) text = "";
    rf_init();
    rf_eco *eco = calloc(1, sizeof *eco);
    if (!eco) return no_memory(err, text);
    eco_pending *pending = NULL;
    size_t pending_cap = 0;
    size_t bom = len >= 3 && memcmp(text, "\xef\xbb\xbf", 3) == 0 ? 3 : 0;
    rf_status st;
    if (tsv_header(text + bom, len - bom))
        st = load_tsv(eco, &pending, &pending_cap, text, len, bom, err);
    else
        st = load_pgn(eco, &pending, &pending_cap, text, len, err);
    if (st == RF_OK && eco->count == 0)
        st = fail(err, RF_ERR_SYNTAX, text, 0,
                  "no ECO entries (pgn-extract's eco.pgn: games with [ECO] tags; lichess's TSV: eco, name, pgn)");
    if (st == RF_OK && eco->count > UINT32_MAX - 1)
        st = fail(err, RF_ERR_ARGUMENT, text, 0, "more than %u ECO entries", (unsigned)UINT32_MAX - 1);
    if (st == RF_OK && build_index(eco)) st = no_memory(err, text);
    if (st != RF_OK) {
        free(pending);
        rf_eco_free(eco);
        return st;
    }
    for (size_t i = 0; i < eco->count; i++) {
        rf_eco_entry *e = &eco->entries[i];
        e->eco = eco->text + pending[i].eco;
        e->name = eco->text + pending[i].name;
        e->variation = eco->text + pending[i].variation;
        e->moves = eco->moves ? eco->moves + pending[i].moves : NULL;
    }
    free(pending);
    if (build_landmarks(eco)) {
        rf_eco_free(eco);
        return no_memory(err, text);
    }
    *out = eco;
    return RF_OK;
}

size_t rf_eco_count(const rf_eco *eco) { return eco ? eco->count : 0; }

const rf_eco_entry *rf_eco_entry_at(const rf_eco *eco, size_t index)
{
    return eco && index < eco->count ? &eco->entries[index] : NULL;
}

const rf_eco_entry *rf_eco_lookup(const rf_eco *eco, uint64_t key)
{
    size_t s = find_slot(eco, key);
    return s == (size_t)-1 ? NULL : &eco->entries[eco->slots[s] - 1];
}

const rf_eco_entry *rf_eco_find(const rf_eco *eco, const rf_position *pos)
{
    if (!pos || pos->variant != RF_VARIANT_STANDARD) return NULL;
    return rf_eco_lookup(eco, pos->key);
}

/* The walk is at `pos`, after w->ply moves: its entry, if any, becomes the match (the line's own
 * entry first: the last in the file whose moves are the line's), then its landmark decides
 * whether a later position can have one. */
static void walk_look(rf_eco_walk *w, const rf_position *pos)
{
    const rf_eco *eco = w->eco;
    if (pos->variant != RF_VARIANT_STANDARD) {
        w->done = 1;
        return;
    }
    size_t s = find_slot(eco, pos->key);
    if (s != (size_t)-1) {
        const rf_eco_entry *e = &eco->entries[eco->slots[s] - 1];
        if (w->from_start && w->ply <= eco->max_plies)
            for (uint32_t i = eco->latest[s]; i; i = eco->earlier[i - 1]) {
                const rf_eco_entry *own = &eco->entries[i - 1];
                if (own->plies == w->ply && (!w->ply || memcmp(own->moves, w->line, w->ply * sizeof *w->line) == 0)) {
                    e = own;
                    break;
                }
            }
        w->match.entry = e;
        w->match.ply = w->ply;
    }
    eco_landmark l = landmark_of(pos);
    if (l.home == w->home && l.counts == w->counts) return; /* nothing lost since the last */
    w->home = l.home;
    w->counts = l.counts;
    if (w->hint < eco->nlandmarks && may_reach(l, eco->landmarks[w->hint])) return;
    for (size_t i = 0; i < eco->nlandmarks; i++)
        if (may_reach(l, eco->landmarks[i])) {
            w->hint = (uint32_t)i;
            return;
        }
    w->done = 1;
}

void rf_eco_walk_start(rf_eco_walk *w, const rf_eco *eco, const rf_position *start)
{
    memset(w, 0, offsetof(rf_eco_walk, line));
    w->eco = eco;
    w->done = !eco || !eco->count || !start || start->variant != RF_VARIANT_STANDARD;
    if (w->done) return;
    w->from_start = start->key == eco->start_key;
}

int rf_eco_walk_move(rf_eco_walk *w, const rf_position *before, rf_move move)
{
    if (w->done) return 0;
    walk_look(w, before);
    if (w->ply < RF_ECO_PLIES_MAX) w->line[w->ply] = move;
    w->ply++;
    return !w->done;
}

rf_eco_match rf_eco_walk_end(rf_eco_walk *w, const rf_position *last)
{
    if (!w->done && last) walk_look(w, last);
    w->done = 1;
    return w->match;
}

rf_eco_match rf_eco_classify(const rf_eco *eco, const rf_position *start, const rf_move *moves,
                             size_t n)
{
    rf_eco_match none = {NULL, 0};
    if (!start || !eco) return none;
    rf_eco_walk w;
    rf_eco_walk_start(&w, eco, start);
    rf_position pos = *start;
    for (size_t i = 0; i < n; i++) {
        if (!rf_move_is_legal(&pos, moves[i])) break;
        if (!rf_eco_walk_move(&w, &pos, moves[i])) break;
        rf_position_play(&pos, moves[i]);
    }
    return rf_eco_walk_end(&w, &pos);
}
