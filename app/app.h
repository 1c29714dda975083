/*
 * app.h - the application library (app/app.cmake): the plumbing that the `rankfile` program
 * (cli/), rankfile-mpi (mpi/), the web glue (web/), the Python extension (python/src/), the fuzz
 * targets and the tests share. It uses the chess library only through rankfile.h. One section
 * per file:
 *   message.c   exit codes, the one-line error format, flushing
 *   options.c   options declared once per command in a table: parsing, help, common options
 *   suggest.c   "did you mean" for unknown commands and options
 *   number.c    typed number arguments with clear messages
 *   json.c      the JSON writer (NDJSON answers; the one place text is quoted for JSON)
 *   bad_input.c the answer to an input that cannot be answered
 *   batch.c     input lines (BOM, CR, too long), the batch driver and batch commands
 *   position.c  FEN text + --variant/--chess960/--accept -> a position or an error answer
 *   input.c     input files read as bytes, plain or gzip/zstd-compressed (by their magic bytes)
 *   encoding.c  input text decoded to UTF-8
 *   outcome.c   a game's status and outcome, as text and JSON
 *   svg.c       the SVG diagram written to a file
 * Its other nouns have headers of their own: a PGN game after reading (pgn_record.h: the one
 * game record), its columns (pgn_columns.h: the one column table of the CLI's TSV/CSV/JSON and
 * Python's read_table), the reading of a whole input (pgn_drive.h over pgn_threads.h), the tag
 * filters (pgn_filter.h, with fold.h's case folding), one run of `rankfile pgn` (pgn_run.h); the
 * UCI engine driver (uci.h) and the engine pool (analyse.h, analyse_output.h, analyse_read.h). Every run has its streams (cli_io) and its state: nothing is global, so
 * runs may follow each other in one process. The names keep the prefix cli_: they are the
 * command line's plumbing, which two programs and the Python extension share.
 */
#ifndef RF_APP_H
#define RF_APP_H

#include "rankfile.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define CLI_PRINTF(fmt, args) __attribute__((format(printf, fmt, args)))

/* The streams of one run of the program (cli_main): standard input, output and error for the
 * `rankfile` program, memory streams for a test or a fuzz target. Nothing of a run is global:
 * what a command reads and writes goes through these, what it keeps lives in its run. */
typedef struct cli_io {
    FILE *in, *out, *err;
} cli_io;

typedef struct cli_common cli_common;

/* ---- message.c -------------------------------------------------------------------------- */

/* Exit codes (sysexits.h values where one fits). */
enum {
    CLI_OK = 0,         /* success, or a "yes" answer */
    CLI_NO = 1,         /* a "no" answer (is960 false, a suite count wrong, ...) */
    CLI_USAGE = 64,     /* the command line is wrong */
    CLI_DATAERR = 65,   /* bad input data: malformed FEN, illegal move, ... */
    CLI_NOINPUT = 66,   /* an input file cannot be opened */
    CLI_UNAVAILABLE = 69, /* this build lacks an optional part (tb without Fathom) */
    CLI_SOFTWARE = 70,  /* internal error */
    CLI_CANTCREAT = 73, /* an output file cannot be created */
    CLI_IOERR = 74      /* output cannot be written */
};

/* Messages of a run (c->io->err), about c->command ("rankfile-mpi" speaks for itself).
 * Prints "rankfile: COMMAND: MESSAGE" (command NULL: "rankfile: MESSAGE"). */
void cli_error(const cli_common *c, const char *fmt, ...) CLI_PRINTF(2, 3);

/* Prints "rankfile: COMMAND: warning: MESSAGE": an option that has no effect. */
void cli_warn(const cli_common *c, const char *fmt, ...) CLI_PRINTF(2, 3);

/* Prints a usage error with a pointer to --help; returns CLI_USAGE. */
int cli_usage(const cli_common *c, const char *fmt, ...) CLI_PRINTF(2, 3);

/* Flushes the run's output; on failure prints an error and returns CLI_IOERR, else `code`. */
int cli_finish(const cli_common *c, int code);

/* A copy of at most 60 bytes of s for messages: bytes outside printable ASCII become '?'. */
const char *cli_shown(const char *s, size_t len, char buf[64]);

/* The exit status of several answers: an error outranks a "no", which outranks "yes". */
int cli_worse(int a, int b);

/* ---- options.c -------------------------------------------------------------------------- */

/* The common options a command takes besides --help/-h and --version (which all take). */
#define CLI_COMMON_JSON (1u << 0)     /* --json */
#define CLI_COMMON_VARIANT (1u << 1)  /* --variant NAME, --chess960 */
#define CLI_COMMON_ACCEPT (1u << 2)   /* --accept RULES, --strict */
#define CLI_COMMON_POSITION (CLI_COMMON_VARIANT | CLI_COMMON_ACCEPT)

/* One option of a command. The table of a command's options is the only place an option is
 * stated: it drives the option parser and the "options:" part of the help. */
typedef struct cli_option {
    int id;            /* what cli_args_next returns for it (> 0); 0 ends a table */
    const char *name;  /* the long name, without "--" */
    char letter;       /* the short option letter, or 0 */
    const char *value; /* the argument's name in the help ("N", "FILE"); NULL: takes none */
    const char *help;  /* what it does; each '\n' starts a continuation line */
} cli_option;

typedef struct cli_batch_spec cli_batch_spec;

typedef struct cli_command {
    const char *name;
    const char *summary;          /* one line for 'rankfile --help' */
    const char *const *intro;     /* usage and description, before "options:" (NULL ends) */
    const cli_option *options;    /* the command's own options (ended by id 0) */
    unsigned common;              /* CLI_COMMON_* */
    const char *const *outro;     /* notes, exit status and examples, after the options */
    /* Runs the command (argv[0] its name); NULL for a command that answers its inputs one by
     * one (batch below), or a program of its own that only parses and helps through the table
     * (rankfile-mpi). */
    int (*run)(cli_io *io, int argc, char **argv);
    const cli_batch_spec *batch; /* with run NULL: the command as a batch (cli_batch_run) */
} cli_command;

/* What every command knows about its run: its name and the common options' values. */
struct cli_common {
    cli_io *io;          /* the run's streams */
    const cli_command *cmd;
    const char *command; /* cmd->name, for messages (NULL: the program's own) */
    int json;            /* --json */
    rf_variant variant;  /* --variant (RF_VARIANT_STANDARD by default) */
    int chess960;        /* --chess960, or --variant chess960 */
    uint32_t accept;     /* RF_INVALID_* accepted: RF_ACCEPT_DEFAULT, --strict 0, --accept */
    int variant_given;   /* --variant or --chess960 appeared */
};

#define CLI_MAX_OPTIONS 40

/* An option parse in progress: a small re-entrant reader of argv driven by the table (no
 * getopt, no global state). It reads what getopt_long reads: clusters of short options ("-qj",
 * "-d5", "-d 5"), "--name=value" and "--name value", "--" ending the options, and arguments
 * among the options (they are moved after them, in order). Long options must be written in
 * full. */
typedef struct cli_args {
    cli_common *common;
    int argc;
    char **argv;
    const char *value;   /* the value of the option just returned, or NULL */
    int status;          /* after CLI_ARGS_STOP: the exit status to return */
    int rest;            /* after CLI_ARGS_END: argv[rest..argc-1] are the arguments */
    int strict_given;    /* --strict appeared: the default's impossible checks are refused */
    uint32_t accepted;   /* the rules --accept named (RF_INVALID_* bits) */
    int args;            /* argv[1..args-1]: the options read; argv[args..next-1]: the
                            arguments met among them, to be moved after them */
    int next;            /* the next word of argv to read */
    const char *cluster; /* the rest of a cluster of short options, or NULL */
    int count;
    const cli_option *table[CLI_MAX_OPTIONS];
} cli_args;

enum { CLI_ARGS_END = 0, CLI_ARGS_STOP = -1 };

/* Starts parsing argv (argv[0] the command's name) for `cmd` in the run of `io`, filling
 * *common's defaults. */
void cli_args_start(cli_args *a, cli_common *common, const cli_command *cmd, cli_io *io,
                    int argc, char **argv);

/* The next option of the command's own: its id (> 0) with a->value; CLI_ARGS_END when the
 * options are over (a->rest: the first argument); CLI_ARGS_STOP after --help, --version or a
 * usage error has been answered (return a->status). Common options are handled inside. */
int cli_args_next(cli_args *a);

/* Prints the command's help on `out`. */
void cli_help(FILE *out, const cli_command *cmd);

/* The variants rankfile plays, from the library's table, for help texts: "standard (the default),
 * chess960, atomic, kingofthehill (koth), ... or crazyhouse (zh)" (without the parenthesised
 * default and aliases when `aliases` is 0), written to buf like snprintf. */
void cli_variant_list(char *buf, size_t cap, int aliases);

/* Writes text word-wrapped: each line starts at column `indent` (the first after `col` columns
 * already written) and ends by column `width` where the words allow. */
void cli_print_wrapped(FILE *out, const char *text, size_t col, size_t indent, size_t width);

/* Prints the program's version on `out`, then the move generator's code path in use, as
 * "kernel: bmi2 (x86-64 POPCNT/BMI2, PEXT slider lookups)" or "kernel: portable (...)". */
void cli_version(FILE *out);

/* Chooses the move generator's code path for an option `--kernel NAME`: auto, portable or bmi2
 * (rf_kernel_select). 0, or after a one-line error (an unknown name, or bmi2 where it does not
 * run) CLI_USAGE. */
int cli_kernel_select(const cli_common *c, const char *name);

/* --lang NAME (rf_language_find: a code, a locale, an English or native name): the language,
 * or NULL after a usage error that lists the codes. */
const rf_language *cli_language(const cli_common *c, const char *name);

/* ---- suggest.c -------------------------------------------------------------------------- */

/* The Levenshtein distance of a and b with adjacent transpositions (optimal string alignment);
 * words of up to 63 bytes, longer ones are 99 apart. */
size_t cli_edit_distance(const char *a, const char *b);
/* The candidate closest to `word` (edit distance, or one a prefix of the other), or NULL when
 * none is close. `skip` bytes are ignored at the start of both ("--"). */
const char *cli_suggest(const char *word, const char *const *candidates, size_t n, size_t skip);

/* ---- number.c --------------------------------------------------------------------------- */

/* Reads a whole number written as decimal digits alone (no sign, no space), len bytes. */
int cli_number_u64(const char *s, size_t len, uint64_t *out);

/* Option and argument numbers: on success 0; otherwise a usage error "WHAT must be a whole
 * number MIN-MAX, not 'TEXT'" is printed and CLI_USAGE returned. */
int cli_parse_int(const cli_common *c, const char *what, const char *text, long min, long max,
                  long *out);
int cli_parse_u64(const cli_common *c, const char *what, const char *text, uint64_t min,
                  uint64_t max, uint64_t *out);
/* A size in MiB, 1 up to the machine's memory. */
int cli_parse_mb(const cli_common *c, const char *what, const char *text, size_t *out);

/* ---- json.c ----------------------------------------------------------------------------- */

#define CLI_JSON_DEPTH 8

/* A JSON writer: commas and the newline after each top-level value are its business. */
typedef struct cli_json {
    FILE *out;
    int depth;
    int after_key;
    unsigned arrays;                     /* bit d: the container at depth d is an array */
    unsigned char items[CLI_JSON_DEPTH]; /* [depth] 1 once the open container has a value */
} cli_json;

void cli_json_start(cli_json *j, FILE *out);
/* Starts an answer: a writer on the run's output with its top-level object open. */
void cli_json_answer(cli_json *j, const cli_common *c);
/* Starts an answer about a position: cli_json_answer, then the member "fen" (its FEN). */
void cli_json_answer_fen(cli_json *j, const cli_common *c, const rf_position *pos);
void cli_json_object(cli_json *j);
void cli_json_array(cli_json *j);
void cli_json_end(cli_json *j); /* closes the innermost object or array */
void cli_json_key(cli_json *j, const char *key);
/* Values: valid UTF-8 passes through, other bytes become U+FFFD; control bytes are escaped. */
void cli_json_string(cli_json *j, const char *s, size_t len);
void cli_json_text(cli_json *j, const char *s); /* NUL-terminated; NULL writes null */
void cli_json_bool(cli_json *j, int b);
void cli_json_int(cli_json *j, long long v);
void cli_json_number(cli_json *j, const char *number); /* a JSON number written as text ("178.5") */
void cli_json_count(cli_json *j, rf_count v); /* exact at any size */
void cli_json_null(cli_json *j);
void cli_json_squares(cli_json *j, rf_bitboard set); /* ["a1",...] */
/* A member: the key, then the value. */
void cli_json_kstr(cli_json *j, const char *key, const char *s);
void cli_json_kbool(cli_json *j, const char *key, int b);
void cli_json_kint(cli_json *j, const char *key, long long v);
void cli_json_kcount(cli_json *j, const char *key, rf_count v);
/* Writes "invalid":[names] for validity flags. */
void cli_json_validity(cli_json *j, uint32_t validity);

/* ---- batch.c ---------------------------------------------------------------------------- */

#define CLI_MAX_LINE 8192

/* Lines of an input: without their ending (LF or CRLF), a UTF-8 byte-order mark at the start of
 * the input dropped. */
typedef struct cli_lines {
    FILE *f;
    FILE *out;          /* the output whose failure ends the reading (may be NULL) */
    unsigned long no;   /* the current line's number, from 1 */
    size_t len;         /* its length as stored (NUL bytes kept) */
    int too_long;       /* it had more than CLI_MAX_LINE - 1 bytes: buf holds its start */
    int ended;          /* it ended with a newline (0: the input stops in the middle of it) */
    int error;          /* errno of a read that failed (EISDIR: a directory), else 0 */
    char buf[CLI_MAX_LINE];
} cli_lines;

void cli_lines_start(cli_lines *l, FILE *f, FILE *out);
/* 1 for a line; 0 at the end of input, or once writing to l->out has failed (an endless input
 * to a full disk would otherwise never end). */
int cli_lines_next(cli_lines *l);
/* After cli_lines_next has answered 0: 0 when the input ended, else (a read failed) an error
 * "cannot read NAME: Is a directory" and CLI_NOINPUT for a directory, CLI_IOERR otherwise. */
int cli_lines_failed(const cli_common *c, const cli_lines *l, const char *name);

/* Where an input came from, for messages. */
typedef struct cli_where {
    const char *file;   /* a file's name: "FILE:N: " (N the line) */
    const char *kind;   /* else "line" or "argument": "line N: "; NULL names nothing */
    unsigned long no;
    int in_place;       /* an error is also answered on stdout ('error MESSAGE') */
} cli_where;

/* Answers one input: returns CLI_OK, CLI_NO or CLI_DATAERR to go on, anything else to stop. */
typedef int (*cli_answer_fn)(void *ctx, const char *text, size_t len, const cli_where *where);

/* When the run's input is a terminal (a person typing, or wondering why nothing happens), says
 * on stderr "rankfile: COMMAND: reading WHAT from standard input; Ctrl-D ends"; nothing for a
 * file or a pipe. Called by a command about to wait for its input lines. */
void cli_input_notice(const cli_common *c, const char *what);

/* The batch driver: each of the n arguments (n > 0), else each line of standard input, is
 * answered by fn, in order; a line too long is answered as an error in place. Returns the
 * worst status (cli_worse), flushed (cli_finish). */
int cli_batch(const cli_common *c, int n, char **args, cli_answer_fn fn, void *ctx);

/* A command that answers its inputs one by one, run by cli_batch_run: its run state, of `size`
 * bytes, zeroed, begins with its cli_common; the callbacks get it as `run`. */
struct cli_batch_spec {
    size_t size;
    /* One of the command's own options: 0 to go on, or the exit status to stop with. NULL: an
     * option sets the int at offset `flag` of the run state to 1 (a command whose options are
     * one switch), or, with flag 0, the command has none. */
    int (*option)(void *run, int id, const char *value);
    size_t flag;
    /* After the options, with the *n arguments at *args: -1 to answer them (or, *n == 0, the
     * lines of the input), else the exit status to stop with. It may take arguments of its own
     * (a file name first: *n and *args less it). NULL: always -1. */
    int (*ready)(void *run, int *n, char ***args);
    cli_answer_fn answer; /* ctx: the run state; NULL when `position` answers */
    /* Each input read as a position with the run's common options (cli_position_read, which
     * answers what cannot be read), then answered here: text[0..len) as given, its setup (EPD
     * operations). CLI_OK, CLI_NO or CLI_DATAERR to go on, anything else to stop. */
    int (*position)(void *run, const char *text, size_t len, const rf_position *pos,
                    const rf_setup *setup);
    void (*finish)(void *run); /* frees what ready took, even when it failed; NULL: nothing */
};

/* Runs a batch command (cmd->batch): options, ready, then cli_batch over its arguments or
 * input lines. Returns the exit status. */
int cli_batch_run(const cli_command *cmd, cli_io *io, int argc, char **argv);

/* The usage error of a command that takes one FEN argument at most, when n > 1; else 0. */
int cli_one_position(const cli_common *c, int n);

/* ---- bad_input.c ------------------------------------------------------------------------ */

/* Answers a bad input: "rankfile: CMD: WHERE: MESSAGE" on stderr; on stdout 'error MESSAGE'
 * in place, or with --json an object {"input","error"[,"field","offset","invalid"]} (err may
 * be NULL). Returns CLI_DATAERR. */
int cli_fail(const cli_common *c, const cli_where *w, const char *input, size_t len,
             const rf_error *err, const char *fmt, ...) CLI_PRINTF(6, 7);

/* ---- position.c ------------------------------------------------------------------------- */

/* Reads a position with the common options (variant, castling mode, accepted rules). On
 * failure answers it (cli_fail; the message says how --accept would take it) and returns
 * CLI_DATAERR. `setup` may be NULL; else it receives the text's setup (EPD operations). */
int cli_position_read(const cli_common *c, const cli_where *w, const char *text, size_t len,
                      rf_position *pos, rf_setup *setup);

/* The EPD operations of a setup read by cli_position_read from `text`: as text (" bm e4;
 * id \"start\";") on out when j is NULL, else as the member "epd":[{"opcode","operands"}]. */
void cli_epd_write(FILE *out, cli_json *j, const char *text, const rf_setup *setup);


/* ---- input.c ---------------------------------------------------------------------------- */

/* An input file read as a stream of bytes, decompressed when it is gzip (1f 8b; concatenated
 * members, as `cat a.gz b.gz` makes, are read one after another) or zstd (28 b5 2f fd, and
 * skippable frames; concatenated frames too). The magic bytes decide, not the name; but a name
 * ending in .gz or .zst whose bytes are not of that kind is refused. Memory is constant (a
 * 256 KiB buffer and the decompressor's state: 32 KiB for gzip, the frame's window for zstd,
 * at most 128 MiB). Built without zlib (RF_HAVE_ZLIB) or libzstd (RF_HAVE_ZSTD), such a file
 * is refused at open with a message saying how to decompress it. Not thread-safe; one reader
 * per object. */
typedef struct cli_input cli_input;

/* What cli_input_read returns after a read or decompression error. */
#define CLI_INPUT_ERROR ((size_t)-1)

/* Opens `path` ("-": the run's input) for the run of c (its messages and streams) and
 * reads its first bytes to tell its kind. NULL after a one-line error on stderr: "cannot open
 * FILE: REASON", "FILE is zstd-compressed but this rankfile was built without libzstd;
 * decompress it first: zstd -d FILE", "FILE: not gzip data, though its name ends in .gz", ...
 * (exit status CLI_NOINPUT fits). The object keeps a copy of the name. */
cli_input *cli_input_open(const cli_common *c, const char *path);

/* The same for a caller that reports errors in its own way (the Python module): reads the open
 * file descriptor fd (closed by cli_input_close), or when fd < 0 the len bytes at data (not
 * copied: they must outlive the object). `name` stands for the input in messages, and a name
 * ending in .gz or .zst must match the magic bytes as a path's must. Nothing is printed: the
 * text of an error (at open, or later from cli_input_read and cli_decoder_read, without the
 * "rankfile: COMMAND: " prefix) is written to error[0..cap), which must outlive the object.
 * NULL after an error (fd closed). */
cli_input *cli_input_open_quiet(int fd, const void *data, size_t len, const char *name, char *error,
                                size_t cap);

/* Makes an open input quiet from now on: the text of a later error goes to error[0..cap) (""
 * until then), which must outlive the input, and the caller says it when it chooses (as after
 * the input's games, at the same place however they were read). */
void cli_input_defer(cli_input *in, char *error, size_t cap);

/* Where Debian's pgn-extract package installs its ECO file: the default ECO file. */
#define CLI_ECO_DEFAULT "/usr/share/pgn-extract/eco.pgn"

/* 1 when CLI_ECO_DEFAULT exists. */
int cli_eco_default_exists(void);

/* Reads the whole input and loads it as an ECO file into *out (rf_eco_load). 0; CLI_DATAERR
 * after a read error (said as the input says its errors) or for a malformed file, whose
 * "NAME: not an ECO file: line L, column C: WHAT" goes to error[0..cap); CLI_SOFTWARE out of
 * memory, said there too. error is "" when the input said it, or nothing is wrong. */
int cli_eco_read(cli_input *in, rf_eco **out, char *error, size_t cap);

/* Opens and loads the ECO file at path (NULL: CLI_ECO_DEFAULT, and when it is missing a line
 * saying what to give or install), saying what is wrong in one line: 0, CLI_NOINPUT (66) for a
 * file that cannot be opened, CLI_DATAERR (65) for a malformed one, CLI_SOFTWARE. */
int cli_eco_load(const cli_common *c, const char *path, rf_eco **out);

/* 1 for an input opened by cli_input_open_quiet. */
int cli_input_quiet(const cli_input *in);

/* Reads up to cap (> 0) bytes of the decompressed stream into buf. Returns the count (it may be
 * less than cap before the end: what was at hand without waiting for more input), 0 at the end
 * (and again after it), or CLI_INPUT_ERROR after a one-line error on stderr naming the file
 * and what is wrong: "FILE: read error: REASON", "FILE: corrupt gzip data (REASON)",
 * "FILE: truncated zstd data" (a stream that stops inside a member or frame is an error, never
 * an early end). After an error every later call returns CLI_INPUT_ERROR. */
size_t cli_input_read(cli_input *in, char *buf, size_t cap);

/* Makes a plain file, not read yet (but for its magic bytes), read only the games that begin
 * in bytes [start, end): from the first game boundary at or after start to the first at or
 * after end, where a boundary is the file's start, its end, or a '[' beginning a line after a
 * blank line (so that ranges covering a file read each game once). *from: where it begins.
 * 0, or -1 after saying why (not a plain regular file, a read error). */
int cli_input_range(cli_input *in, uint64_t start, uint64_t end, uint64_t *from);

/* The name for messages: the path, or "standard input" for "-". */
const char *cli_input_name(const cli_input *in);

/* The input's size in bytes (compressed, as stored) when known: a regular file, standard
 * input redirected from one included (from its offset at open). 0 when unknown (a pipe). */
uint64_t cli_input_size(const cli_input *in);

/* The stored (compressed) bytes consumed so far; it reaches cli_input_size at the end. For a
 * progress line "N of M bytes". */
uint64_t cli_input_consumed(const cli_input *in);

/* "plain", "gzip" or "zstd". */
const char *cli_input_kind(const cli_input *in);

/* Closes the file (not standard input) and frees the object; NULL is allowed. */
void cli_input_close(cli_input *in);

/* ---- encoding.c ------------------------------------------------------------------------- */

/* Text input decoded to UTF-8 (`--encoding`; see encoding.c for what each one reads). */
typedef enum { CLI_ENCODING_AUTO, CLI_ENCODING_UTF8, CLI_ENCODING_LATIN1 } cli_encoding;

/* The encoding a name says: auto, utf-8 (utf8), latin-1 (latin1, iso-8859-1, windows-1252,
 * cp1252), in any case. 0, or -1 for another name. */
int cli_encoding_parse(const char *name, cli_encoding *out);

typedef struct cli_decoder {
    const cli_common *common; /* the run, for the note (NULL with a quiet input) */
    cli_input *in;
    cli_encoding encoding;
    int strict;           /* the note is an error (status CLI_DATAERR), not a warning */
    int windows1252;      /* the bytes are read as Windows-1252 (latin-1, or auto after a byte
                             that is not UTF-8) */
    int eof, bad, noted;
    int status;           /* CLI_OK, or CLI_DATAERR after the note under strict */
    unsigned long line;   /* the line of raw[pos], counted until the note */
    char note[256];       /* the note's text once made ("FILE: not UTF-8 text (line L): read as
                             Windows-1252 (Latin-1)"), else ""; printed with the --encoding
                             hint unless the input is quiet (cli_input_open_quiet) */
    size_t pos, checked, len; /* raw[pos..len) not yet handed out; raw[pos..checked) is UTF-8 */
    unsigned char raw[64 * 1024];
} cli_decoder;

/* Starts decoding `in` (the decoder does not own it). */
void cli_decoder_start(cli_decoder *d, const cli_common *c, cli_input *in, cli_encoding encoding,
                       int strict);

/* Reads up to cap (>= 4) bytes of UTF-8 into buf, as cli_input_read reads: the count, 0 at the
 * end, CLI_INPUT_ERROR after the input's error. A byte that is not UTF-8 (utf-8 or auto) is
 * noted once on stderr: "FILE: not UTF-8 text (line L): read as Windows-1252 (Latin-1)...",
 * "FILE: bytes that are not UTF-8 replaced by U+FFFD (first on line L)...". */
size_t cli_decoder_read(cli_decoder *d, char *buf, size_t cap);

/* Says the note (on the run's stderr, with the --encoding hint): what cli_decoder_read says
 * itself unless the input is quiet (cli_input_open_quiet, cli_input_defer). Nothing when no
 * note was made. */
void cli_decoder_say(const cli_decoder *d);

/* ---- outcome.c -------------------------------------------------------------------------- */

/* The status of a game's current position (`status`; `play` prints it too): the one-line
 * text answer with its newline, and the JSON members (into an open object). */
void cli_status_text(FILE *out, const rf_game *game);
void cli_status_line(FILE *out, const rf_game *game); /* the text answer without its newline */
void cli_status_json(cli_json *j, const rf_game *game);
/* The members of an outcome object: "result", "winner", "reason", "text" (pgn prints them too). */
void cli_outcome_json(cli_json *j, const rf_outcome *o);

/* ---- svg.c ------------------------------------------------------------------------------ */

/* Writes the SVG diagram of *pos to the file `path` ("-": the run's output). Returns CLI_OK, or
 * after an error message CLI_CANTCREAT (the file cannot be created), CLI_IOERR or (no memory)
 * CLI_SOFTWARE. */
int cli_write_svg(const cli_common *c, const char *path, const rf_position *pos,
                  const rf_render_options *opt);

#endif
