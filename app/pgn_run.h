/*
 * pgn_run.h - one run of `rankfile pgn`: its options and the state of the game being read
 * (cmd_pgn.c reads the inputs, on one thread or several; pgn_game.c is the visitor that reads
 * a game and prints it in the chosen format).
 */
#ifndef RANKFILE_CLI_PGN_RUN_H
#define RANKFILE_CLI_PGN_RUN_H

#include "app.h"
#include "pgn_columns.h"
#include "pgn_filter.h"

enum { FORMAT_PGN, FORMAT_SAN, FORMAT_UCI, FORMAT_FEN, FORMAT_JSON, FORMAT_TSV, FORMAT_CSV, FORMAT_COUNT };

/* A growing byte buffer. */
typedef struct bytes {
    char *p;
    size_t len, cap;
    const cli_common *common; /* the run: where running out of memory is said */
} bytes;

/* Appends n bytes (kept NUL-terminated); out of memory ends the program (CLI_SOFTWARE). */
void pgn_bytes_add(bytes *b, const char *s, size_t n);
/* Appends s and its NUL: a list of strings one after another. */
void pgn_bytes_item(bytes *b, const char *s, size_t n);

/* Totals of one variant (and castling mode). */
typedef struct tally {
    unsigned long long games, plies, errors, warnings, results[4]; /* 1-0, 0-1, 1/2-1/2, * */
} tally;

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
    bytes tags;   /* name\0value\0 ... */
    size_t ntags;
    bytes san, uci; /* main-line moves, each NUL-terminated */
    bytes text;     /* the pgn or fen output */
    rf_pgn_writer writer;
    int keep;     /* it passes the variant filter and the other filters (so far) */
    int filtered; /* a filter (on tags, --position, --opening) left it out: nothing of it is reported */
    pgn_filter filter;
    pgn_line_filter line; /* --position, --opening */
    pgn_line_game line_game;
    /* tables (--format tsv, csv) */
    int table;                  /* the format is tsv or csv */
    pgn_columns columns;
    const rf_pgn_reader *reader; /* the input's reader: the game's offset */
    uint64_t offset;            /* the game's first byte */
    bytes clocks, evals;        /* per main-line ply, "-" where none */
    size_t clock_last, eval_last; /* where the last ply's entry starts */
    bytes comments;             /* JSON: per main-line ply, "" where none */
    size_t comment_last;
    int annotated;              /* a clock or eval was found in the game */
    unsigned long var_depth;    /* the variations open where the reader is */
    int start_ok; /* its start position is known */
    /* openings (--eco) */
    rf_eco *eco;             /* the ECO file, loaded once: the run's own; workers share it */
    int eco_fields;          /* JSON objects gain eco, opening and opening_ply */
    int eco_wanted;          /* games are classified (eco_fields, a column, --eco CODES) */
    pgn_eco_codes eco_codes; /* --eco CODES */
    rf_eco_walk eco_walk;    /* the game being read, along its main line */
    int eco_going;           /* a later position of the game may still be named */
    rf_eco_match eco_match;  /* at its end, its opening */
    tally (*totals)[2]; /* where the games are counted: total_store, or (threads) the batch's,
                           so that a batch read again is not counted twice */
    tally total_store[RF_VARIANT_COUNT][2];
    /* progress */
    int shown;
    double started, last, last_line;
    unsigned long long games_seen;
} pgn_run;

/* The visitor that reads a game into the run and prints it (the callbacks' user: the run). */
rf_pgn_visitor pgn_visitor(pgn_run *o);

/* Frees the buffers of the game being read. */
void pgn_free_game_buffers(pgn_run *r);

#endif
