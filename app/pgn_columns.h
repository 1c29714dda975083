/*
 * pgn_columns.h - the columns of a table of games, one row per game: the one column table
 * (every computed column's name, type and writer, record -> cell), shared by
 * `rankfile pgn --format tsv|csv --columns LIST` and Python's read_table; and how the CLI
 * writes a cell (TSV: tabs and line breaks in a value become spaces; CSV: RFC 4180 quoting).
 * A column added to pgn_column_table (pgn_columns.c) appears in both.
 */
#ifndef RANKFILE_APP_PGN_COLUMNS_H
#define RANKFILE_APP_PGN_COLUMNS_H

#include "app.h"
#include "pgn_record.h"

#include <stdio.h>

/* The columns computed from the game rather than read from a tag. */
typedef enum pgn_column_kind {
    PGN_COL_TAG,        /* the value of the tag of that name ("" when the game has none) */
    PGN_COL_COMPUTED,   /* one of pgn_column_table */
    PGN_COL_ALL_TAGS    /* all-tags: replaced by the tags of the first games (pgn_columns_expand) */
} pgn_column_kind;

/* A cell's type: what a table of them holds (Python: int64, bool, str, int64 with nulls). */
typedef enum pgn_type {
    PGN_TYPE_TEXT,
    PGN_TYPE_INT,
    PGN_TYPE_BOOL,
    PGN_TYPE_INT_OR_NONE /* an int, or none (the CLI writes "", Python None) */
} pgn_type;

/* One cell as a column's writer gives it: text (s, len) for TEXT; n for the others (none:
 * the cell is empty). `scratch` is the writer's to use for text it builds (emptied first). */
typedef struct pgn_cell {
    const char *s;
    size_t len;
    long long n;
    int none;
    bytes *scratch;
    char buf[PGN_OPENING_NAME_MAX > RF_FEN_MAX ? PGN_OPENING_NAME_MAX : RF_FEN_MAX];
} pgn_cell;

/* A computed column: its name, type, what the reading must gather for it, and its writer
 * (record -> cell; the record as the visitor left it at the game's end, game set). */
typedef struct pgn_column_def {
    const char *name;
    pgn_type type;
    unsigned needs;
    void (*write)(const pgn_record *r, pgn_cell *cell);
    const char *text; /* what it holds, for the documentation of Python's columns */
} pgn_column_def;

/* The one table of computed columns, in the order of Python's tables (index and offset, then
 * the tags, then the others). The CLI's --columns, its TSV and CSV rows, and Python's
 * read_table (and rankfile._rankfile.table_columns()) take them from here. */
extern const pgn_column_def pgn_column_table[];
extern const size_t pgn_column_count;
/* The computed columns that come before the tags in Python's tables. */
#define PGN_COLUMNS_BEFORE_TAGS 2

/* The column of that name, or NULL. */
const pgn_column_def *pgn_column_find(const char *name, size_t len);

/* Writes r's cell of a column; a moves_san or moves_uci column whose record gathered the
 * moves (PGN_NEED_MOVES) but not their text is written from them. */
void pgn_column_write(const pgn_column_def *def, const pgn_record *r, pgn_cell *cell);

/* A cell as the CLI writes it: text as is, numbers in decimal, booleans true or false, none
 * as "". Points cell->s and cell->len at it. */
void pgn_cell_text(const pgn_column_def *def, pgn_cell *cell);

typedef struct pgn_column {
    pgn_column_kind kind;
    const pgn_column_def *def; /* PGN_COL_COMPUTED */
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

/* A game's row: its cells in the columns' order, and the line's end (scratch: for the text
 * the writers build). */
void pgn_columns_row(const pgn_columns *c, FILE *out, const pgn_record *r, bytes *scratch);

/* One cell (the separator before it when `first` is 0), the value's n bytes quoted as the format
 * needs. */
void pgn_columns_cell(const pgn_columns *c, FILE *out, int first, const char *value, size_t n);

/* Parses a comment's [%clk H:MM:SS] into `out` (seconds, decimals kept: "180", "7.5") and its
 * [%eval X] into `eval` (centipawns "25", "-108", or "#3", "#-2"); each is "" when the comment has
 * none. Both buffers hold 32 bytes. */
void pgn_annotations(const char *text, size_t len, char clock[32], char eval[32]);

#endif
