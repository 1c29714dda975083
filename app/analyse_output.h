/*
 * analyse_output.h - the writers of `rankfile analyse` (analyse_output.c): an analysed game as
 * PGN with [%eval] comments, as rows of TSV, CSV or NDJSON, or (--summary) each side's average
 * centipawn loss and its inaccuracies, mistakes and blunders as lichess counts them.
 */
#ifndef RANKFILE_APP_ANALYSE_OUTPUT_H
#define RANKFILE_APP_ANALYSE_OUTPUT_H

#include "analyse.h"
#include "pgn_columns.h"

enum { ANALYSE_PGN, ANALYSE_TSV, ANALYSE_CSV, ANALYSE_JSON };

typedef struct analyse_output {
    FILE *out;
    int format;
    int multipv;     /* lines per position: > 1 adds the column multipv */
    int summary;
    int header_done;
    pgn_columns cols; /* only its csv flag: the quoting of pgn_columns_cell */
} analyse_output;

/* One side's summary of a game (lila's AccuracyCP and Advice). acpl: -1 when no move of the side
 * has evals before and after it. */
typedef struct analyse_side {
    long moves;        /* moves with evals before and after */
    long loss_sum;
    long acpl;
    long inaccuracies, mistakes, blunders;
} analyse_side;

void analyse_output_start(analyse_output *o, FILE *out, int format, int multipv, int summary);
void analyse_output_game(analyse_output *o, const analyse_game *g);
/* After the last game: a table's header line when no game was written. */
void analyse_output_end(analyse_output *o);

/* The columns of the tables, in order (multipv only with --multipv > 1): the one list of their
 * names, for the writers here and rankfile.dask.analyse (python/src/analyse.c). */
#define ANALYSE_COLUMNS 13
extern const char *const analyse_columns[ANALYSE_COLUMNS];

/* A row (analyse_row_get) as the tables write its values: text, the flags saying which are
 * present (else an empty cell, JSON's null). */
typedef struct analyse_text {
    char game[24], ply[24], multipv[24], fen[RF_FEN_MAX], move[RF_UCI_MAX + 2], eval_cp[16], mate[16],
        best[RF_UCI_MAX + 2], depth[16], nodes[24], time_ms[24];
    char pv[UCI_MAX_PV * (RF_UCI_MAX + 1) + 1];
    int has_eval, has_mate, has_best, has_numbers;
    const char *error, *end;
} analyse_text;

void analyse_row_text(const analyse_game *g, size_t ply, size_t k, analyse_text *out);

/* [0] White's, [1] Black's. */
void analyse_summary(const analyse_game *g, analyse_side out[2]);

/* The [%eval] text of an answered position, from White's side as lichess writes it ("0.23",
 * "-1.50", "#3", "#-2"): its length, 0 when the position has no score. */
size_t analyse_eval_text(char *buf, size_t cap, const analyse_game *g, size_t ply);

#endif
