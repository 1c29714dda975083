/*
 * pgn_record.h - one PGN game after reading: the game record, and the one visitor that fills it.
 *
 * Design. A PGN input reaches its users along one path, python/src -> app -> src:
 *
 *   src/pgn.c (the library's reader)  calls  the record's visitor (pgn_record_visitor, here),
 *   which fills a pgn_record (tags, main line, annotations, opening, error and warning) and at
 *   each game's end hands it to its owner (pgn_record.done);
 *   app/pgn_columns.c  is the one column table: each computed column's name, type and writer
 *   (record -> cell), read by the CLI's TSV/CSV writers and by Python's read_table alike;
 *   app/pgn_drive.c    is the one driver: a record per thread, the games read on one thread or
 *   by the PGN thread engine (pgn_threads.c), the batches handed back in input order.
 *
 * `rankfile pgn` (cli/cmd_pgn.c, printing by app/pgn_game.c) and rankfile.pgn.read_table
 * (python/src/table.c) are two owners of records: they say what the record must gather
 * (pgn_record_options.needs: the PGN_NEED_* of the columns or format chosen, nothing more, so
 * that a table of tags costs no SAN) and what to do with a game once read. Neither reads a game
 * itself. The CLI's other formats (pgn, fen) and its filters hang on the record's hooks (admit,
 * move); the record knows nothing of output.
 *
 * Memory: a record's buffers grow as games need and are reused game after game. Out of memory
 * either ends the program (a record of the CLI: common set, the error said) or marks the
 * record failed (common NULL: Python's, which raises MemoryError).
 */
#ifndef RANKFILE_APP_PGN_RECORD_H
#define RANKFILE_APP_PGN_RECORD_H

#include "app.h"

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* A growing byte buffer. */
typedef struct bytes {
    char *p;
    size_t len, cap;
    const cli_common *common; /* where running out of memory is said (the program then ends);
                                 NULL: `failed` is set instead */
    int failed;
} bytes;

/* Appends n bytes (kept NUL-terminated): in place when they fit (every move of every game
 * passes here), else by pgn_bytes_grow. */
void pgn_bytes_grow(bytes *b, const char *s, size_t n);
static inline void pgn_bytes_add(bytes *b, const char *s, size_t n)
{
    if (b->len + n < b->cap) {
        memcpy(b->p + b->len, s, n);
        b->len += n;
        b->p[b->len] = 0;
        return;
    }
    pgn_bytes_grow(b, s, n);
}
/* Appends s and its NUL: a list of strings one after another. */
static inline void pgn_bytes_item(bytes *b, const char *s, size_t n)
{
    pgn_bytes_add(b, s, n);
    if (!b->failed) b->len++; /* keep the NUL pgn_bytes_add wrote */
}

/* What the reading must collect (pgn_record_options.needs). */
#define PGN_NEED_SAN 1u
#define PGN_NEED_UCI 2u
#define PGN_NEED_ANNOTATIONS 4u /* clocks or evals: the main line's comments */
#define PGN_NEED_ECO 8u         /* eco, opening, opening_ply: an ECO file, games classified */
#define PGN_NEED_COMMENTS 16u   /* the main line's comments, per ply (JSON) */
#define PGN_NEED_MOVETEXT 32u   /* the game's movetext in PGN export format (comments, NAGs,
                                   variations kept) */
#define PGN_NEED_MOVES 64u      /* the main line's moves as rf_move (written as SAN or UCI
                                   later: pgn_record_moves_text) */
#define PGN_NEED_OUTCOME 128u   /* what the rules say of the last position (termination, winner) */

/* An opening's name and variation together: an ECO file's names are short; a longer one is cut. */
#define PGN_OPENING_NAME_MAX 512

typedef struct pgn_record_options {
    unsigned needs;          /* PGN_NEED_* */
    const rf_eco *eco;       /* the ECO file games are classified by (NULL: none) */
    int strict;              /* a warning is the game's error */
    int variant_given;       /* only games of this variant and castling mode are read; the
                                others are skipped unchecked (keep 0) */
    rf_variant variant;
    int chess960;
} pgn_record_options;

typedef struct pgn_record pgn_record;

struct pgn_record {
    pgn_record_options opt;
    /* The owner's: hooks (each may be NULL) and their user. */
    void *user;
    void (*begin)(void *user, pgn_record *r); /* a game begins (its fields emptied) */
    int (*admit)(void *user, pgn_record *r, const rf_position *start); /* after the tags of a
                                  game kept so far: RF_PGN_CONTINUE, or RF_PGN_SKIP (its moves
                                  unread; set keep 0 to leave it out) */
    void (*move)(void *user, pgn_record *r, const rf_position *before, rf_move m, unsigned depth);
    void (*done)(void *user, pgn_record *r); /* the game read: every field below is set */
    const rf_pgn_reader *reader; /* the reader, for the game's offset (NULL: offset 0) */

    /* The game. */
    unsigned long index;    /* from 1 in its input */
    uint64_t offset;        /* its first byte in the decoded text */
    bytes tags;             /* name\0value\0 ... (a NUL in a value is U+FFFD) */
    size_t ntags;
    int keep;               /* of the variant asked for and admitted by the owner */
    int start_ok;           /* its start is known (no bad [FEN] or [Variant]) */
    bytes san, uci;         /* main-line moves, each NUL-terminated (NEED_SAN, NEED_UCI) */
    bytes moves;            /* rf_move[] of the main line (NEED_MOVES) */
    bytes clocks, evals;    /* per main-line ply, "-" where none (NEED_ANNOTATIONS) */
    int annotated;          /* a clock or an eval was found */
    bytes comments;         /* per main-line ply, "" where none (NEED_COMMENTS) */
    bytes movetext;         /* NEED_MOVETEXT, the result marker not yet written */
    rf_pgn_writer writer;
    rf_eco_match opening;   /* NEED_ECO: the game's opening (entry NULL: none) */
    rf_outcome outcome;     /* NEED_OUTCOME, a game kept whose start is known: its last
                               position's outcome (else zeros) */
    const rf_pgn_game *game; /* while done runs: start, final position, result, plies, ... */
    int bad, warned;        /* an error (a warning under --strict), a warning */
    char error[300];        /* "game N (line L, column C): what" when bad */
    char warning[300];      /* "game N (line L): what" when warned */
    unsigned long error_line, error_column; /* 0 when not bad (strict: the warning's line) */
    /* While reading. */
    size_t clock_last, eval_last, comment_last; /* where the last ply's entry starts */
    unsigned long var_depth; /* the variations open where the reader is */
    rf_eco_walk eco_walk;
    int eco_going;
};

/* A record ready for games: options, buffers empty; `common` as for bytes. */
void pgn_record_init(pgn_record *r, const pgn_record_options *opt, const cli_common *common);

/* Frees its buffers. */
void pgn_record_free(pgn_record *r);

/* 1 when memory ran out while filling it (common NULL). */
int pgn_record_failed(const pgn_record *r);

/* The visitor that fills r, calling only what its needs ask for. */
rf_pgn_visitor pgn_record_visitor(pgn_record *r);

/* The main line as text: n moves from start, SAN (san 1) or UCI, space-joined, appended to out. */
void pgn_record_moves_text(bytes *out, const rf_position *start, const rf_move *moves, size_t n, int san);

/* "Name: Variation", or the name alone when the file names no variation. */
const char *pgn_opening_name(char out[PGN_OPENING_NAME_MAX], const rf_eco_entry *e);

#endif
