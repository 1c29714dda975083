/*
 * cmd_book.c - `rankfile book`: the moves a Polyglot opening book (.bin) holds for positions.
 *
 * A Polyglot book is a file of 16-byte entries, big-endian: key (8 bytes, rf_polyglot_key),
 * move (2, rf_polyglot_move), weight (2), learn (4), sorted by key. The entries of a position are
 * found by binary search in the file itself, read an entry at a time: memory stays flat whatever
 * the book's size.
 */
#include "cli.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

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
    "16-byte entries is not a Polyglot book (exit status 65). An entry that names no legal move\n"
    "of its position is left out, with a warning on stderr. A position that cannot be read is an\n"
    "error as in the other commands (exit status 65).\n"
    "\n"
    "example:\n"
    "  rankfile book book.bin 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'\n"
    "    e2e4 e4 120 60.0%\n"
    "    d2d4 d4 80 40.0%\n",
    NULL,
};

typedef struct book_run {
    cli_common common;
    FILE *file;
    const char *path;
    long entries;
    int one; /* a single FEN argument: one move a line */
} book_run;

typedef struct book_entry {
    uint64_t key;
    unsigned move, weight;
    uint32_t learn;
} book_entry;

static uint64_t big_endian(const unsigned char *p, int n)
{
    uint64_t v = 0;
    for (int i = 0; i < n; i++) v = v << 8 | p[i];
    return v;
}

/* Reads entry i; 0 when it cannot be read. */
static int read_entry(const book_run *o, long i, book_entry *e)
{
    unsigned char raw[16];
    if (fseek(o->file, i * 16, SEEK_SET) != 0 || fread(raw, 1, 16, o->file) != 16) return 0;
    e->key = big_endian(raw, 8);
    e->move = (unsigned)big_endian(raw + 8, 2);
    e->weight = (unsigned)big_endian(raw + 10, 2);
    e->learn = (uint32_t)big_endian(raw + 12, 4);
    return 1;
}

typedef struct book_move {
    rf_move move;
    unsigned weight;
    uint32_t learn;
    char uci[RF_UCI_MAX], san[RF_SAN_MAX];
} book_move;

static int by_weight(const void *a, const void *b)
{
    const book_move *x = a, *y = b;
    if (x->weight != y->weight) return x->weight < y->weight ? 1 : -1;
    return strcmp(x->uci, y->uci);
}

static int answer(void *run, const char *text, size_t len, const rf_position *pos,
                  const rf_setup *setup)
{
    const book_run *o = run;
    (void)text, (void)len, (void)setup;
    uint64_t key = rf_polyglot_key(pos);
    /* The first entry with this key: binary search over the sorted entries. */
    long lo = 0, hi = o->entries;
    book_entry e;
    while (lo < hi) {
        long mid = lo + (hi - lo) / 2;
        if (!read_entry(o, mid, &e)) {
            cli_error(&o->common, "%s: cannot read entry %ld", o->path, mid);
            return CLI_DATAERR;
        }
        if (e.key < key) lo = mid + 1;
        else hi = mid;
    }
    book_move found[RF_MAX_MOVES];
    unsigned n = 0, unknown = 0;
    uint64_t total = 0;
    for (long i = lo; i < o->entries && read_entry(o, i, &e) && e.key == key; i++) {
        rf_move m = rf_polyglot_move(pos, e.move);
        if (m == RF_MOVE_NONE || n == RF_MAX_MOVES) {
            unknown++;
            continue;
        }
        found[n].move = m;
        found[n].weight = e.weight;
        found[n].learn = e.learn;
        rf_move_to_uci(found[n].uci, sizeof found[n].uci, pos, m);
        rf_move_to_san(found[n].san, sizeof found[n].san, pos, m);
        total += e.weight;
        n++;
    }
    if (unknown)
        cli_warn(&o->common, "%s: %u entr%s for %016" PRIx64 " name%s no legal move, left out",
                  o->path, unknown, unknown == 1 ? "y" : "ies", key, unknown == 1 ? "s" : "");
    qsort(found, n, sizeof *found, by_weight);
    if (o->common.json) {
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
            cli_json_kint(&j, "weight", found[i].weight);
            cli_json_kint(&j, "learn", found[i].learn);
            cli_json_end(&j);
        }
        cli_json_end(&j);
        cli_json_end(&j);
        return CLI_OK;
    }
    for (unsigned i = 0; i < n; i++) {
        if (o->one)
            fprintf(o->common.io->out, "%s %s %u %.1f%%\n", found[i].uci, found[i].san, found[i].weight,
                   total ? 100.0 * found[i].weight / (double)total : 0.0);
        else
            fprintf(o->common.io->out, "%s%s:%u", i ? " " : "", found[i].uci, found[i].weight);
    }
    if (!o->one) putc('\n', o->common.io->out);
    return CLI_OK;
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
    o->file = fopen(o->path, "rb");
    if (!o->file) {
        cli_error(&o->common, "cannot open %s: %s", o->path, strerror(errno));
        return CLI_NOINPUT;
    }
    /* fopen opens a directory for reading on Linux: its size would read as a huge number. */
    struct stat st;
    if (fstat(fileno(o->file), &st) == 0 && S_ISDIR(st.st_mode)) {
        cli_error(&o->common, "cannot open %s: %s", o->path, strerror(EISDIR));
        return CLI_NOINPUT;
    }
    long size = -1;
    if (fseek(o->file, 0, SEEK_END) == 0) size = ftell(o->file);
    if (size < 0 || size % 16 != 0) {
        cli_error(&o->common, "%s is not a Polyglot book (%ld bytes, not a whole number of 16-byte entries)",
                  o->path, size);
        return CLI_DATAERR;
    }
    o->entries = size / 16;
    return -1;
}

static void finish(void *run)
{
    book_run *o = run;
    if (o->file) fclose(o->file);
}

static const cli_batch_spec batch = {sizeof(book_run), NULL, 0, ready, NULL, answer, finish};

const cli_command cli_command_book = {
    "book", "the moves a Polyglot opening book holds for positions", intro, NULL,
    CLI_COMMON_POSITION | CLI_COMMON_JSON, outro, NULL, &batch};
