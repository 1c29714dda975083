/*
 * perft_plan.h - perft's internal interface: what `rankfile perft` (cli/), rankfile-mpi (mpi/)
 * and the tests use of the library beyond rankfile.h. It is the one header of src/ that cli/
 * and mpi/ include, and it declares every rf__ name they use.
 *
 * Internal, not part of the public API (rankfile.h), and not exported by the shared library
 * (rf__ names have hidden visibility: the programs link the static library). Why: a library
 * user who wants one count spread over threads has rf_perft_run, which splits the tree this
 * way inside; spreading a count over processes and machines is what the two programs do, and
 * the text here (job lines, result lines, the hash of a header) is their file formats, each
 * documented with its program (rankfile(1) FILES, rankfile-mpi(1)). Kept internal, the split
 * (its ply, the job's shape, the merge, the order) can change with the programs that read it,
 * with no ABI to keep; made public, every field below would be a promise to every user for
 * a use that the two programs already serve.
 *
 *   the split   every position PLY plies below a root, as an rf_position: the positions
 *               several move orders reach merged into one job with that multiplicity, so that
 *                   perft(root, depth) = sum over the jobs of count * perft(job, depth - PLY);
 *               the threads of rf_perft_run count the jobs' positions as they are;
 *   job text    a job's FEN (rf__perft_fen) and the jobs in the order of a job file: only
 *               where a job leaves the process (a job file, a checkpoint, an MPI message);
 *   job lines   "[ROOT ]DEPTH COUNT FEN" (a job's key: the same job always has the same text)
 *               and result lines "NODES [ROOT ]DEPTH COUNT FEN", written and read here;
 *   the index   job keys sorted, to find the job a result line answers;
 *   the hash    FNV-1a 64 of a text: the fingerprint of a job file's header and the checksum
 *               of a checkpoint line;
 *   counts      128-bit sums of job results;
 *   suites      the reader of perft suites (.perft files), line by line (perft_suite.c).
 * Nothing here prints: errors come back as an rf_status, with the message in an rf_error.
 */
#ifndef RF_PERFT_PLAN_H
#define RF_PERFT_PLAN_H

#include "rankfile.h"

#include <stddef.h>
#include <stdint.h>

/* ---- the split ---------------------------------------------------------------------------- */

/* One job: a position PLY plies below the root. */
typedef struct rf__perft_job {
    rf_position pos; /* the position, with the move counters of one move order reaching it
                        (perft does not read them) */
    uint64_t count;  /* the move orders from the root that reach it (under its root move) */
    int root;        /* with RF__SPLIT_DIVIDE, the index of its root move in roots; else -1 */
} rf__perft_job;

typedef struct rf__perft_split {
    rf__perft_job *jobs; /* in the order the walk of the tree (generation order) first
                            reaches them, so by root with RF__SPLIT_DIVIDE; a job file's order
                            is rf__perft_split_texts's */
    size_t count;
    uint64_t orders;     /* the sum of the jobs' counts: perft(root, ply) */
    rf_movelist roots;   /* the root's legal moves, in generation order */
} rf__perft_split;

/* Positions under different root moves stay apart (the counts of a --divide). */
#define RF__SPLIT_DIVIDE 1u

/* Cuts the tree of *root `ply` plies down (0: the root is the one job). Two positions are one
 * job when their FENs without the move counters are the same (pieces, side to move, castling
 * rights, the en passant square where a capture is legal, a variant's pockets and checks). At
 * most `max_positions` move orders (positions before merging) are collected: more is
 * RF_ERR_ARGUMENT; no memory is RF_ERR_NO_MEMORY. A root whose games all end sooner gives no
 * job. On failure *s holds nothing to free. */
rf_status rf__perft_split_make(rf__perft_split *s, const rf_position *root, int ply,
                               unsigned flags, size_t max_positions, rf_error *err);
void rf__perft_split_free(rf__perft_split *s);

/* ---- job text ----------------------------------------------------------------------------- */

/* The FEN of *pos without its move counters into buf (RF_FEN_MAX bytes), castling written
 * with `fen_flags` (rf_position_to_fen): a job's text. */
void rf__perft_fen(char *buf, const rf_position *pos, unsigned fen_flags);

/* The FENs of a split's jobs, written once. */
typedef struct rf__perft_texts {
    char *block;      /* every FEN, each ended by a NUL */
    const char **fen; /* [i]: the FEN of jobs[i] (rf__perft_fen), into block */
} rf__perft_texts;

/* Writes the FEN of every job of *s with `fen_flags` into *t, and puts the jobs in the order
 * of a job file's lines: by root, then by FEN (strcmp). RF_OK, or RF_ERR_NO_MEMORY with *t
 * holding nothing to free (and the jobs as they were). */
rf_status rf__perft_split_texts(rf__perft_texts *t, rf__perft_split *s, unsigned fen_flags,
                                rf_error *err);
void rf__perft_texts_free(rf__perft_texts *t);

/* ---- job and result lines ----------------------------------------------------------------- */

/* A job line read: its fields point into the text read. */
typedef struct rf__perft_job_line {
    const char *root; /* with a ROOT field, its text ("-" for none), else NULL */
    size_t root_len;
    int depth;        /* 0 .. RF_PERFT_MAX_DEPTH */
    uint64_t count;   /* 1 or more */
    const char *fen;  /* the rest of the line, trailing blanks left out */
    size_t fen_len;
} rf__perft_job_line;

/* Writes the job line of j, "[ROOT ]DEPTH COUNT FEN" (j->root NULL: no ROOT field), into buf;
 * the length it needs (as snprintf: the text is cut when cap is too small). */
size_t rf__perft_job_format(char *buf, size_t cap, const rf__perft_job_line *j);

/* Reads a job line of `len` bytes (with a ROOT field when with_root): fields separated by
 * spaces or tabs, blanks before and after the line allowed. 1, or 0 when it is not one. */
int rf__perft_job_parse(rf__perft_job_line *j, const char *text, size_t len, int with_root);

/* Reads a result line "NODES JOB": NODES up to the first space, then a job line. 1 or 0. */
int rf__perft_result_parse(rf_count *nodes, rf__perft_job_line *j, const char *text, size_t len,
                           int with_root);

/* Writes "NODES JOB" into buf; the length it needs (as snprintf). */
size_t rf__perft_result_format(char *buf, size_t cap, rf_count nodes, const char *job,
                               size_t job_len);

/* ---- the index of job keys ---------------------------------------------------------------- */

typedef struct rf__perft_key {
    char *text;  /* the job's key: its canonical job line (rf__perft_job_format) */
    size_t item; /* the caller's number for it (its place in a file, in a plan) */
} rf__perft_key;

typedef struct rf__perft_index {
    rf__perft_key *keys; /* in the order added until rf__perft_index_sort */
    size_t count, cap;
} rf__perft_index;

/* Adds the key of a job line read; RF_OK or RF_ERR_NO_MEMORY. */
rf_status rf__perft_index_add(rf__perft_index *x, const rf__perft_job_line *j, size_t item,
                              rf_error *err);
/* Sorts the keys by text (equal keys in the order added), for rf__perft_index_find. */
void rf__perft_index_sort(rf__perft_index *x);
/* The first key equal to `key` (a job line's canonical text) in a sorted index, or NULL. */
const rf__perft_key *rf__perft_index_find(const rf__perft_index *x, const char *key);
void rf__perft_index_free(rf__perft_index *x);

/* ---- the hash and the counts -------------------------------------------------------------- */

/* FNV-1a 64 of `len` bytes. */
uint64_t rf__perft_hash(const char *text, size_t len);

/* *total += b, and *total += a * m: 128-bit sums (wrapping at 2^128). */
void rf__count_add(rf_count *total, rf_count b);
void rf__count_add_product(rf_count *total, rf_count a, uint64_t m);

/* Reads a decimal count of `len` digits alone (1-39) that fits 128 bits. 1, or 0. */
int rf__count_parse(const char *s, size_t len, rf_count *out);
/* The same for a number of at most 20 digits that fits 64 bits. */
int rf__count_parse_u64(const char *s, size_t len, uint64_t *out);

/* ---- perft suites (perft_suite.c) --------------------------------------------------------- */

/* Two formats, mixed freely in one file:
 *   records    `id NAME`, `epd FEN`, then `perft DEPTH NODES` lines;
 *   one line   `FEN ;D1 20 ;D2 400 ...` (Ethereal's fischer.epd), a whole record on one line.
 * `#` starts a comment, to the end of the line; blank lines hold nothing. A suite names no
 * variant: its positions are of the variant the caller reads them as.
 *
 * The reader says what each line holds, item by item; which id and counts go with which
 * position is the caller's (`rankfile perft --suite` checks counts as they come, the tests
 * gather records). A malformed line or field is an item with its message. */

typedef enum rf__suite_kind {
    RF__SUITE_END,   /* the line holds nothing more */
    RF__SUITE_ID,    /* `id NAME`: text is NAME */
    RF__SUITE_EPD,   /* `epd FEN`: text is FEN */
    RF__SUITE_FEN,   /* `FEN ;D1 N ...`: text is FEN (blanks around it left out); the line's
                        counts follow */
    RF__SUITE_COUNT, /* a `perft DEPTH NODES` line or a `;D<depth> <nodes>` field */
    RF__SUITE_ERROR  /* a malformed line or field: message; the rest of the line is skipped */
} rf__suite_kind;

/* The deepest count a suite line may ask for (deeper than perft goes: the caller skips it). */
#define RF__SUITE_MAX_DEPTH 1000

typedef struct rf__suite_item {
    rf__suite_kind kind;
    unsigned long line;  /* the line's number, as given to rf__suite_line_start */
    const char *text;    /* ID, EPD, FEN: into the line */
    size_t len;
    int depth;           /* COUNT: 0 .. RF__SUITE_MAX_DEPTH */
    uint64_t nodes;      /* COUNT: the expected number of leaves */
    const char *message; /* ERROR: what is wrong, a static string */
} rf__suite_item;

typedef struct rf__suite_line {
    char *next;        /* where the next item starts, NULL at the end of the line */
    unsigned long line;
    int fields;        /* 1 in a one-line record: the counts are ';' fields */
} rf__suite_line;

/* Starts reading one line (its ending left out), NUL-terminated; the line is changed in place
 * (its comment cut, fields ended). `line` is its number, given back with every item. */
void rf__suite_line_start(rf__suite_line *l, char *text, unsigned long line);

/* The line's next item into *item; its kind (RF__SUITE_END when the line holds no more). */
rf__suite_kind rf__suite_line_next(rf__suite_line *l, rf__suite_item *item);

#endif
