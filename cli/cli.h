/*
 * cli.h - the `rankfile` program: its command table and what several commands share. The
 * plumbing under them (options, messages, numbers, JSON, batch, input, the PGN game record and
 * column table, the UCI driver) is the application library, app/app.h; the commands use the
 * chess library only through rankfile.h. One section per file:
 *   commands.c  the command table and cli_main, the program as a function
 *   cmd_tb.c    the Syzygy tables as `tb` and `status --tb` open and print them
 *   cmd_*.c     one command each
 */
#ifndef RF_CLI_H
#define RF_CLI_H

#include "app.h"

/* The `rankfile` program: argv[0] its name, argv[1] the command. Returns the exit status. Runs
 * may follow each other in one process (a test, a fuzz target) and share nothing. */
int cli_main(cli_io *io, int argc, char **argv);

/* ---- cmd_tb.c -------------------------------------------------------------------------- */

/* Opens the Syzygy tables at `path` (tb, status --tb): -1 with *tb open, else after a one-line
 * message the exit status: CLI_UNAVAILABLE (built without Fathom), CLI_DATAERR (a damaged
 * table file), CLI_NOINPUT (a directory cannot be read or holds no tables), CLI_SOFTWARE. */
int cli_tb_open(const cli_common *c, const char *path, rf_tb **tb);
/* A root probe's answer: "CATEGORY wdl N dtz N best MOVE" (no newline), or its JSON members
 * "wdl", "dtz", "category", "best" (into an open object). */
void cli_tb_text(FILE *out, const rf_position *pos, const rf_tb_root *root);
void cli_tb_json(cli_json *j, const rf_position *pos, const rf_tb_root *root);

/* ---- commands.c and cmd_*.c ------------------------------------------------------------- */

/* The commands, each in its file. */
extern const cli_command cli_command_fen, cli_command_moves, cli_command_play,
    cli_command_status, cli_command_judge, cli_command_perft, cli_command_atomic,
    cli_command_960, cli_command_is960, cli_command_show, cli_command_key,
    cli_command_book, cli_command_opening, cli_command_pgn, cli_command_tb, cli_command_analyse;

#endif
