/*
 * perft_plan.h - one perft count cut into jobs, as the library's threads (rf_perft_run),
 * `rankfile perft --split/--jobs/--sum` and rankfile-mpi share it. Internal: not in rankfile.h.
 *
 *   the split   every position PLY plies below a root, the positions several move orders reach
 *               merged into one job with that multiplicity, so that
 *                   perft(root, depth) = sum over the jobs of count * perft(job, depth - PLY);
 *   job lines   "[ROOT ]DEPTH COUNT FEN" (a job's key: the same job always has the same text)
 *               and result lines "NODES [ROOT ]DEPTH COUNT FEN", written and read here;
 *   the index   job keys sorted, to find the job a result line answers;
 *   the hash    FNV-1a 64 of a text: the fingerprint of a job file's header and the checksum
 *               of a checkpoint line;
 *   counts      128-bit sums of job results.
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
    char fen[RF_FEN_MAX]; /* the position, without its move counters (perft ignores them) */
    uint64_t count;       /* the move orders from the root that reach it (under its root move) */
    int root;             /* with RF__SPLIT_DIVIDE, the index of its root move in roots; else -1 */
} rf__perft_job;

typedef struct rf__perft_split {
    rf__perft_job *jobs; /* sorted by root, then by FEN (strcmp) */
    size_t count;
    uint64_t orders;     /* the sum of the jobs' counts: perft(root, ply) */
    rf_movelist roots;   /* the root's legal moves, in generation order */
} rf__perft_split;

/* Positions under different root moves stay apart (the counts of a --divide). */
#define RF__SPLIT_DIVIDE 1u

/* Cuts the tree of *root `ply` plies down (0: the root is the one job), writing each FEN with
 * `fen_flags` (rf_position_to_fen). At most `max_positions` move orders (positions before
 * merging) are collected: more is RF_ERR_ARGUMENT; no memory is RF_ERR_NO_MEMORY. A root whose
 * games all end sooner gives no job. On failure *s holds nothing to free. */
rf_status rf__perft_split_make(rf__perft_split *s, const rf_position *root, int ply,
                               unsigned flags, unsigned fen_flags, size_t max_positions,
                               rf_error *err);
void rf__perft_split_free(rf__perft_split *s);

/* The FEN of *pos without its move counters into buf (RF_FEN_MAX bytes). */
void rf__perft_fen(char *buf, const rf_position *pos, unsigned fen_flags);

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

#endif
