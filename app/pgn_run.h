/*
 * pgn_run.h - one run of `rankfile pgn`: its options and the game being read (cmd_pgn.c reads
 * the inputs through the driver, pgn_drive.h, on one thread or several; the record, pgn_record.h,
 * gathers each game; pgn_game.c prints it in the chosen format).
 */
#ifndef RANKFILE_APP_PGN_RUN_H
#define RANKFILE_APP_PGN_RUN_H

#include "app.h"
#include "pgn_columns.h"
#include "pgn_filter.h"
#include "pgn_record.h"

enum { FORMAT_PGN, FORMAT_SAN, FORMAT_UCI, FORMAT_FEN, FORMAT_JSON, FORMAT_TSV, FORMAT_CSV, FORMAT_COUNT };

/* Totals of one variant (and castling mode). */
typedef struct tally {
    unsigned long long games, plies, errors, warnings, results[4]; /* 1-0, 0-1, 1/2-1/2, * */
} tally;

/* What a run's games add up, in the thread that read them: a batch's (pgn_drive.h), added to
 * the run's when the batch is emitted, so that a batch read again is not counted twice. */
typedef struct pgn_counts {
    tally totals[RF_VARIANT_COUNT][2]; /* --count */
    int status;                        /* the worst exit status of its games */
    unsigned long long games;          /* games read */
} pgn_counts;

typedef struct pgn_run {
    cli_common common;
    int format, min_plies_given, headers_only, count, strict;
    int progress;     /* 0 none, 1 a line kept up to date on the terminal, 2 plain lines */
    int opened;       /* inputs that could be opened */
    int threads;      /* --threads */
    size_t batch;     /* bytes of text per batch handed to a thread */
    const cli_input *input; /* the input being read (the progress line) */
    int ranged;       /* --range */
    uint64_t range_start, range_end;
    rf_pgn_place place; /* where the text read begins in the file (--range) */
    int header_done;  /* the table's header line is printed */
    bytes tag_names;  /* all-tags: the names seen in the first games, each NUL-terminated */
    size_t ntag_names;
    cli_encoding encoding;
    unsigned long min_plies;
    const char *file; /* the input's name for messages, NULL for standard input */
    int status;
    /* the game being read */
    bytes text;      /* the fen output; the table's scratch */
    int filtered;    /* a filter (on tags, --position, --opening) left it out: nothing of it is reported */
    pgn_filter filter;
    pgn_line_filter line; /* --position, --opening */
    pgn_line_game line_game;
    /* tables (--format tsv, csv) */
    int table;                  /* the format is tsv or csv */
    pgn_columns columns;
    /* openings (--eco) */
    rf_eco *eco;             /* the ECO file, loaded once: the run's own; workers share it */
    int eco_fields;          /* JSON objects gain eco, opening and opening_ply */
    int eco_wanted;          /* games are classified (eco_fields, a column, --eco CODES) */
    pgn_eco_codes eco_codes; /* --eco CODES */
    pgn_counts *counts; /* where the game being read is counted: its batch's */
    tally totals[RF_VARIANT_COUNT][2]; /* the games of the batches emitted */
    /* progress */
    int shown;
    double started, last, last_line;
    unsigned long long games_seen;
} pgn_run;

/* Sets up a record for the run: the needs of its format and columns, its hooks (which print
 * each game in the chosen format on o's output, or count it in o->counts). */
void pgn_run_record(pgn_run *o, pgn_record *r);

/* Frees the buffers of the run's game output. */
void pgn_free_game_buffers(pgn_run *o);

#endif
