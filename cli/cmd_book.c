/*
 * cmd_book.c - `rankfile book`: the moves a Polyglot opening book (.bin) holds for positions.
 *
 * The library reads the book (rf_book: entries found by key, moves made legal moves of the
 * position); this file maps it into memory (only the pages the searches touch are read, so memory
 * stays flat whatever the book's size), or reads it whole when it is no regular file (a pipe).
 */
#include "cli.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *const intro[] = {
    "usage: rankfile book FILE.bin [FEN] [--chess960] [--variant NAME] [--json]\n"
    "\n"
    "Lists the moves a Polyglot opening book (FILE.bin) holds for a position, the most weighted\n"
    "first: each move in UCI and SAN, its weight and its share of the position's weights, one\n"
    "a line. With no FEN it reads one position per line from standard input and answers each\n"
    "with one line: its book moves as UCI:WEIGHT separated by spaces (an empty line when the\n"
    "book has none). The position is looked up by its Polyglot key (see 'rankfile key').\n",
    NULL,
};

static const char *const outro[] = {
    "JSON: one object per position: {\"fen\",\"key\",\"moves\":[{\"uci\",\"san\",\"weight\",\n"
    "\"learn\"}]}.\n"
    "\n"
    "A book that cannot be opened is exit status 66; a file whose size is not a whole number of\n"
    "16-byte entries is not a Polyglot book (exit status 65). Entries are read as python-chess\n"
    "reads them (castling as e1h1 or e1g1); an entry that names no legal move of its position is\n"
    "left out, with a warning on stderr. A position that cannot be read is an error as in the\n"
    "other commands (exit status 65).\n"
    "\n"
    "example:\n"
    "  rankfile book book.bin 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'\n"
    "    e2e4 e4 120 60.0%\n"
    "    d2d4 d4 80 40.0%\n",
    NULL,
};

typedef struct book_run {
    cli_common common;
    const char *path;
    rf_book book;
    void *map;      /* the mapped file (munmap), or NULL */
    size_t map_size;
    char *read;     /* the book read whole (free), or NULL */
    int one;        /* a single FEN argument: one move a line */
} book_run;

typedef struct book_move {
    rf_book_hit hit;
    char uci[RF_UCI_MAX], san[RF_SAN_MAX];
} book_move;

static int by_weight(const void *a, const void *b)
{
    const book_move *x = a, *y = b;
    if (x->hit.entry.weight != y->hit.entry.weight) return x->hit.entry.weight < y->hit.entry.weight ? 1 : -1;
    return strcmp(x->uci, y->uci);
}

/* The book's moves for *pos into found[RF_MAX_MOVES], the most weighted first, with a warning
 * for the entries left out. Returns their number; *total is the sum of their weights. */
static unsigned book_moves(const book_run *o, const rf_position *pos, uint64_t key, book_move *found,
                           uint64_t *total)
{
    rf_book_hit hits[RF_MAX_MOVES];
    size_t unknown, all = rf_book_lookup(hits, RF_MAX_MOVES, &o->book, pos, key, 0, &unknown);
    unsigned n = all < RF_MAX_MOVES ? (unsigned)all : RF_MAX_MOVES;
    *total = 0;
    for (unsigned i = 0; i < n; i++) {
        found[i].hit = hits[i];
        rf_move_to_uci(found[i].uci, sizeof found[i].uci, pos, hits[i].move);
        rf_move_to_san(found[i].san, sizeof found[i].san, pos, hits[i].move);
        *total += hits[i].entry.weight;
    }
    if (unknown)
        cli_warn(&o->common, "%s: %zu entr%s for %016" PRIx64 " name%s no legal move, left out",
                 o->path, unknown, unknown == 1 ? "y" : "ies", key, unknown == 1 ? "s" : "");
    if (all > n)
        cli_warn(&o->common, "%s: %zu entries for %016" PRIx64 " past the first %u, left out", o->path,
                 all - n, key, n);
    qsort(found, n, sizeof *found, by_weight);
    return n;
}

static void write_json(const book_run *o, const rf_position *pos, uint64_t key, const book_move *found,
                       unsigned n)
{
    char hex[17];
    snprintf(hex, sizeof hex, "%016" PRIx64, key);
    cli_json j;
    cli_json_answer_fen(&j, &o->common, pos);
    cli_json_kstr(&j, "key", hex);
    cli_json_key(&j, "moves");
    cli_json_array(&j);
    for (unsigned i = 0; i < n; i++) {
        cli_json_object(&j);
        cli_json_kstr(&j, "uci", found[i].uci);
        cli_json_kstr(&j, "san", found[i].san);
        cli_json_kint(&j, "weight", found[i].hit.entry.weight);
        cli_json_kint(&j, "learn", found[i].hit.entry.learn);
        cli_json_end(&j);
    }
    cli_json_end(&j);
    cli_json_end(&j);
}

static int answer(void *run, const char *text, size_t len, const rf_position *pos,
                  const rf_setup *setup)
{
    const book_run *o = run;
    (void)text, (void)len, (void)setup;
    uint64_t key = rf_polyglot_key(pos), total;
    book_move found[RF_MAX_MOVES];
    unsigned n = book_moves(o, pos, key, found, &total);
    if (o->common.json) {
        write_json(o, pos, key, found, n);
        return CLI_OK;
    }
    FILE *out = o->common.io->out;
    for (unsigned i = 0; i < n; i++) {
        unsigned weight = found[i].hit.entry.weight;
        if (o->one)
            fprintf(out, "%s %s %u %.1f%%\n", found[i].uci, found[i].san, weight,
                    total ? 100.0 * weight / (double)total : 0.0);
        else
            fprintf(out, "%s%s:%u", i ? " " : "", found[i].uci, weight);
    }
    if (!o->one) putc('\n', out);
    return CLI_OK;
}

/* The whole of a file that is no regular file (a pipe) into o->read; 0 and errno on failure. */
static int read_whole(book_run *o, FILE *f, size_t *size)
{
    size_t cap = 0, n = 0;
    for (;;) {
        if (n == cap) {
            char *more = realloc(o->read, cap = cap ? 2 * cap : 1 << 16);
            if (!more) return 0;
            o->read = more;
        }
        size_t got = fread(o->read + n, 1, cap - n, f);
        n += got;
        if (got == 0) break;
    }
    *size = n;
    return !ferror(f);
}

/* Opens the book at o->path: mapped (a regular file) or read whole. Returns -1, or an exit
 * status after an error. */
static int open_book(book_run *o)
{
    FILE *f = fopen(o->path, "rb");
    struct stat st;
    int error = !f ? errno : fstat(fileno(f), &st) != 0 ? errno : S_ISDIR(st.st_mode) ? EISDIR : 0;
    size_t size = 0;
    const void *bytes = NULL;
    if (!error && S_ISREG(st.st_mode) && st.st_size > 0) {
        size = (size_t)st.st_size;
        o->map = mmap(NULL, size, PROT_READ, MAP_PRIVATE, fileno(f), 0);
        if (o->map == MAP_FAILED) error = errno, o->map = NULL;
        else o->map_size = size, bytes = o->map;
    } else if (!error && !S_ISREG(st.st_mode)) {
        if (!read_whole(o, f, &size)) error = errno ? errno : ENOMEM;
        bytes = o->read;
    }
    if (f) fclose(f);
    if (error) {
        cli_error(&o->common, "cannot open %s: %s", o->path, strerror(error));
        return CLI_NOINPUT;
    }
    if (rf_book_init(&o->book, bytes, size) != RF_OK) {
        cli_error(&o->common, "%s is not a Polyglot book (%zu bytes, not a whole number of 16-byte entries)",
                  o->path, size);
        return CLI_DATAERR;
    }
    if (o->map) posix_madvise(o->map, size, POSIX_MADV_RANDOM);
    return -1;
}

/* The book file first, then at most one FEN. */
static int ready(void *run, int *n, char ***args)
{
    book_run *o = run;
    if (*n < 1) return cli_usage(&o->common, "no book given (rankfile book FILE.bin [FEN])");
    if (*n > 2) return cli_one_position(&o->common, *n - 1);
    o->path = (*args)[0];
    o->one = *n == 2;
    --*n, ++*args;
    return open_book(o);
}

static void finish(void *run)
{
    book_run *o = run;
    if (o->map) munmap(o->map, o->map_size);
    free(o->read);
}

static const cli_batch_spec batch = {sizeof(book_run), NULL, 0, ready, NULL, answer, finish};

const cli_command cli_command_book = {
    "book", "the moves a Polyglot opening book holds for positions", intro, NULL,
    CLI_COMMON_POSITION | CLI_COMMON_JSON, outro, NULL, &batch};
