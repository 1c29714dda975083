/*
 * analyse_read.h - the inputs of `rankfile analyse` read into games (analyse_game.c), for the
 * run (analyse.c): a PGN file game by game, or FEN/EPD lines one position each, told apart by
 * the input's first line that is not blank (a first word holding '/' is a FEN's board).
 */
#ifndef RANKFILE_APP_ANALYSE_READ_H
#define RANKFILE_APP_ANALYSE_READ_H

#include "analyse.h"

typedef struct analyse_reader analyse_reader;

/* Opens a reader of src (reading its first bytes). NULL with *status CLI_NOINPUT (a read
 * error, said by the input) or CLI_SOFTWARE (no memory). */
analyse_reader *analyse_reader_open(const analyse_config *cfg, const analyse_source *src, int *status);
/* The next game into *out (the caller frees it with analyse_game_free): 1, 0 at the end, -1 out
 * of memory, -2 after a read error (said by the input). */
int analyse_reader_next(analyse_reader *r, analyse_game **out);
int analyse_reader_failed(const analyse_reader *r);
void analyse_reader_close(analyse_reader *r);
void analyse_game_free(analyse_game *g);

#endif
