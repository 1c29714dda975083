/*
 * pgn_columns.h - `rankfile pgn --format tsv|csv --columns LIST`: the columns of a table of games,
 * one row per game, and how a cell is written (TSV: tabs and line breaks in a value become
 * spaces; CSV: RFC 4180 quoting).
 */
#ifndef RANKFILE_CLI_PGN_COLUMNS_H
#define RANKFILE_CLI_PGN_COLUMNS_H

#include "app.h"

#include <stdio.h>

/* The columns computed from the game rather than read from a tag. */
typedef enum pgn_column_kind {
    PGN_COL_TAG,        /* the value of the tag of that name ("" when the game has none) */
    PGN_COL_INDEX,      /* the game's number in its file, from 1 */
    PGN_COL_OFFSET,     /* its first byte in the decoded text */
    PGN_COL_VARIANT,    /* the variant's name as the CLI writes it */
    PGN_COL_CHESS960,   /* true or false */
    PGN_COL_START_FEN,  /* "" when the start is unknown (a bad [FEN] or [Variant]) */
    PGN_COL_MOVES_UCI,  /* the main line, space-joined */
    PGN_COL_MOVES_SAN,
    PGN_COL_PLIES,
    PGN_COL_RESULT,     /* the termination marker, "*" when none */
    PGN_COL_TERMINATION, /* what the rules say of the last position: the outcome's reason, "" */
    PGN_COL_WINNER,     /* white, black or "" */
    PGN_COL_FINAL_FEN,
    PGN_COL_ERROR,      /* "game N (line L, column C): what", "" */
    PGN_COL_ERROR_LINE, /* 0 when no error */
    PGN_COL_ERROR_COLUMN,
    PGN_COL_WARNING,
    PGN_COL_CLOCKS,     /* per main-line ply, the seconds of [%clk H:MM:SS], "-" where none */
    PGN_COL_EVALS,      /* per ply, [%eval]: centipawns, or #N for mate in N, "-" where none */
    PGN_COL_ECO,        /* the opening's ECO code from the ECO file (--eco), "" when none */
    PGN_COL_OPENING,    /* its name, ": " and its variation when it has one, "" when none */
    PGN_COL_OPENING_PLY, /* the ply where its position was last reached, "" when none */
    PGN_COL_ALL_TAGS    /* all-tags: replaced by the tags of the first games (pgn_columns_expand) */
} pgn_column_kind;

typedef struct pgn_column {
    pgn_column_kind kind;
    const char *name; /* as given (points into the argument) */
    size_t len;
} pgn_column;

#define PGN_COLUMNS_MAX 256

typedef struct pgn_columns {
    pgn_column cols[PGN_COLUMNS_MAX];
    size_t count;
    int csv;          /* CSV, else TSV */
    unsigned needs;   /* PGN_NEED_* of the columns chosen */
} pgn_columns;

/* What the reading must collect for the columns. */
#define PGN_NEED_SAN 1u
#define PGN_NEED_UCI 2u
#define PGN_NEED_ANNOTATIONS 4u /* clocks or evals: the main line's comments */
#define PGN_NEED_ECO 8u         /* eco, opening, opening_ply: an ECO file, games classified */

/* The columns when --columns is not given. */
#define PGN_COLUMNS_DEFAULT "index,Event,Site,Date,Round,White,Black,Result,plies,moves_san,error"

/* Reads a comma-separated LIST of column names into *c; on an empty name or too many says why
 * (cli_usage) and returns CLI_USAGE, else 0. A name that is not a computed column is a tag. */
int pgn_columns_parse(pgn_columns *c, const cli_common *common, const char *list);

/* The tag names seen in the first games are read ahead for all-tags. */
#define PGN_ALL_TAGS_GAMES 1000

/* 1 when the list holds all-tags, not yet expanded. */
int pgn_columns_pending(const pgn_columns *c);

/* Puts the tags `names` (count names, each NUL-terminated, one after another; the memory must
 * outlive the columns) in place of all-tags, but those the list names itself; the tags past
 * PGN_COLUMNS_MAX columns are left out. Returns how many were left out. */
size_t pgn_columns_expand(pgn_columns *c, const char *names, size_t count);

/* The header line. */
void pgn_columns_header(const pgn_columns *c, FILE *out);

/* One cell (the separator before it when `first` is 0), the value's n bytes quoted as the format
 * needs. */
void pgn_columns_cell(const pgn_columns *c, FILE *out, int first, const char *value, size_t n);

/* Parses a comment's [%clk H:MM:SS] into `out` (seconds, decimals kept: "180", "7.5") and its
 * [%eval X] into `eval` (centipawns "25", "-108", or "#3", "#-2"); each is "" when the comment has
 * none. Both buffers hold 32 bytes. */
void pgn_annotations(const char *text, size_t len, char clock[32], char eval[32]);

#endif
