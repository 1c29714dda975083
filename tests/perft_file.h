/*
 * perft_file.h - perft suites (the files tests/data/NAME.perft) read as records, shared by the
 * tests; the lines are read by the library's suite reader (src/perft_plan.h).
 *
 * Two formats, mixed freely in one file:
 *   records      `id NAME`, `epd FEN`, then `perft DEPTH NODES` lines; a record starts at its
 *                `id` line (or at an `epd` line without one, named after its line number);
 *   one line     `FEN ;D1 20 ;D2 400 ...`, a whole record on one line (Ethereal's fischer.epd).
 * `#` starts a comment; blank lines separate nothing in particular. Line endings may be
 * "\n" or "\r\n".
 */
#ifndef RF_PERFT_FILE_H
#define RF_PERFT_FILE_H

#include <stdint.h>
#include <stdio.h>

#define PERFT_MAX_DEPTHS 32
#define PERFT_MAX_LINE 512

typedef struct perft_record {
    char id[64];                       /* the record's name */
    char fen[PERFT_MAX_LINE];          /* the position as the file writes it */
    unsigned long line;                /* the line of its FEN */
    int count;                         /* the expected counts: */
    int depth[PERFT_MAX_DEPTHS];       /*   depth of each, */
    uint64_t nodes[PERFT_MAX_DEPTHS];  /*   and its number of leaf nodes */
} perft_record;

typedef struct perft_file {
    FILE *f;
    int own;                  /* 1 when perft_file_open opened f (perft_file_close closes it) */
    const char *path;         /* for messages */
    unsigned long lineno;     /* lines read so far */
    char pending[PERFT_MAX_LINE]; /* a line read ahead (the next record's `id`/`epd`), or "" */
    unsigned long pending_line;
    char error[256];          /* after perft_file_next returned -1: "PATH:LINE: what is wrong" */
} perft_file;

/* Opens a suite file. Returns 0, or -1 (pf->error says why). */
int perft_file_open(perft_file *pf, const char *path);

/* Reads a suite from an open stream (not closed by perft_file_close). */
void perft_file_init(perft_file *pf, FILE *f, const char *name);

/* Reads the next record: 1 when *rec holds one, 0 at the end of the file, -1 on a malformed
 * line (pf->error). A record without any `perft` line is malformed. */
int perft_file_next(perft_file *pf, perft_record *rec);

void perft_file_close(perft_file *pf);

/* Reads every record of a file into a new array (free() it); *count receives their number.
 * Returns NULL with a message on stderr when the file cannot be read or is malformed. */
perft_record *perft_file_load(const char *path, int *count);

#endif
