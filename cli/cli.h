/*
 * cli.h - what the commands of the `rankfile` program share: exit codes, the one-line error
 * format, option parsing, batch line reading and JSON output. The program uses the library only
 * through rankfile.h.
 */
#ifndef RF_CLI_H
#define RF_CLI_H

#include "rankfile.h"

#include <stdio.h>

/* Exit codes (sysexits.h values where one fits). */
enum {
    CLI_OK = 0,         /* success, or a "yes" answer */
    CLI_NO = 1,         /* a "no" answer (is960 false, ...) */
    CLI_USAGE = 64,     /* the command line is wrong */
    CLI_DATAERR = 65,   /* bad input data: malformed FEN, illegal move, ... */
    CLI_NOINPUT = 66,   /* an input file cannot be opened */
    CLI_SOFTWARE = 70,  /* internal error */
    CLI_CANTCREAT = 73, /* an output file cannot be created */
    CLI_IOERR = 74      /* output cannot be written */
};

/* The longest input line a batch command reads; longer lines are answered with an error. */
#define CLI_MAX_LINE 8192

/* Options every command takes. */
typedef struct cli_common {
    const char *command; /* the command's name, for messages */
    int json;            /* --json */
    int chess960;        /* --chess960 */
    rf_variant variant;  /* --variant */
} cli_common;

/* Option codes the shared parser uses (beyond any single character). */
enum { CLI_OPT_JSON = 1000, CLI_OPT_CHESS960, CLI_OPT_VARIANT, CLI_OPT_HELP, CLI_OPT_FIRST_FREE };

#define CLI_COMMON_LONG_OPTIONS                                                                   \
    {"json", no_argument, NULL, CLI_OPT_JSON}, {"chess960", no_argument, NULL, CLI_OPT_CHESS960}, \
        {"variant", required_argument, NULL, CLI_OPT_VARIANT},                                    \
        {"help", no_argument, NULL, CLI_OPT_HELP}

/* Prints "rankfile: COMMAND: MESSAGE" on stderr. */
void cli_error(const char *command, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Prints a usage error and a hint to --help; returns CLI_USAGE. */
int cli_usage(const char *command, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Handles an option code that getopt_long returned for a common option or an error. Returns -1
 * when the code was handled and parsing goes on, 0 after printing help (exit 0), or an exit
 * code. `help` is the command's help text. */
int cli_common_option(cli_common *common, int code, const char *help, char *const argv[]);

/* Resets getopt for a command's argument vector. */
void cli_getopt_reset(void);

/* Reads one line from f into buf (capacity cap) without its line ending (LF or CRLF).
 * Returns 1 for a line, 0 at the end of input or once writing to stdout has failed. A line
 * longer than cap-1 bytes is consumed to its end and reported by *too_long = 1 with buf holding
 * its start. NUL bytes are kept; *len is the line's length as stored. */
int cli_read_line(FILE *f, char *buf, size_t cap, size_t *len, int *too_long);

/* Writes s (len bytes, any content) as a JSON string with quotes. */
void cli_json_string(FILE *out, const char *s, size_t len);

/* A copy of at most 60 bytes of s for messages: bytes outside printable ASCII become '?'. */
const char *cli_shown(const char *s, size_t len, char buf[64]);

/* Flushes stdout; on failure prints an error and returns CLI_IOERR, else `code`. */
int cli_finish(const char *command, int code);

/* The status of a game's current position (cmd_status.c; `play` prints it too): the one-line
 * text answer with its newline, and the JSON object's members without the braces. */
void cli_status_text(FILE *out, const rf_game *game);
void cli_status_json_members(FILE *out, const rf_game *game);

/* The commands. Each gets argv[0] = its own name. */
int cli_cmd_fen(int argc, char **argv);
int cli_cmd_moves(int argc, char **argv);
int cli_cmd_play(int argc, char **argv);
int cli_cmd_status(int argc, char **argv);
int cli_cmd_judge(int argc, char **argv);
int cli_cmd_atomic(int argc, char **argv);
int cli_cmd_perft(int argc, char **argv);
int cli_cmd_960(int argc, char **argv);
int cli_cmd_is960(int argc, char **argv);
int cli_cmd_show(int argc, char **argv);

/* Writes the SVG diagram of *pos to the file `path` ("-": standard output). Returns CLI_OK, or
 * after an error message CLI_CANTCREAT (the file cannot be created) or CLI_IOERR. */
int cli_write_svg(const char *command, const char *path, const rf_position *pos,
                  const rf_render_options *opt);

#endif
