/*
 * fuzz_cli.c - the command line: arguments and standard input of any command.
 *
 * Input: the first line is the argument vector after the program's name, arguments separated by
 * tabs ("fen\t--json\trnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"); the rest is standard input.
 * Standard output is thrown away. Runs whose work grows with a number in the arguments rather
 * than with the input (a deep perft, thousands of random setups) or that touch files (--svg
 * FILE, perft --suite/--jobs/--sum FILE, pgn FILE or --progress) are skipped: other targets and
 * the CLI tests cover them. pgn reads its games from standard input.
 * Properties (cli_check): the exit status is one the manual lists; status 0 comes with nothing on
 * standard error; every error line reads "rankfile: COMMAND: ..." and no line is empty or huge;
 * nothing crashes, leaks or hangs (with no arguments at all the usage goes to standard error);
 * and a run leaves nothing behind that changes the next one: a fixed command run after each
 * input gives its fixed answer. A pgn run is made twice, with --threads 1 and --threads 3 (and
 * RANKFILE_PGN_BATCH=7, so that every few games make a batch): the exit status, standard output
 * and standard error are the same.
 */
#include "cli_run.h"
#include "fuzz.h"

#include <errno.h>
#include <stdlib.h>

#define MAX_ARGS 64

static const char *const commands[] = {"fen", "moves", "play",  "status", "judge", "perft", "atomic",
                                       "960", "is960", "show", "key",    "pgn"};

/* The value of an option written "--name=VALUE" or "--name VALUE"; NULL when there is none. */
static const char *option_value(char **argv, int argc, int i)
{
    const char *eq = strchr(argv[i], '=');
    if (eq) return eq + 1;
    return i + 1 < argc ? argv[i + 1] : NULL;
}

/* A whole number as strtol reads it (the way the commands read theirs), or -1 when it is not
 * one; out of long's range counts as large. */
static long number(const char *s)
{
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (end == s || *end) return -1;
    return errno == ERANGE ? 0x7FFFFFFFL : v;
}

/* 1 when `arg` (up to an '=') is the long option `name`: the program takes long options only
 * written in full (an abbreviation is an unknown option, answered with a suggestion). */
static int names(const char *arg, const char *name)
{
    size_t n = strcspn(arg, "=");
    return n == strlen(name) && strncmp(arg, name, n) == 0;
}

/* Whether argv[i] (i > 1) of a pgn run names a file: a word that is neither an option nor the
 * value of one. */
static int pgn_file(char **argv, int i)
{
    static const char *const with_value[] = {"--format", "-f",       "--variant", "--min-plies",   "--encoding",
                                             "--where",  "--player", "--result",  "--termination", "--columns",
                                             "--position", "--opening"};
    if (argv[i][0] == '-') return 0;
    for (size_t k = 0; k < sizeof with_value / sizeof *with_value; k++)
        if (strcmp(argv[i - 1], with_value[k]) == 0) return 0;
    return 1;
}

/* Runs the fuzzer does not make: see the top comment. */
static int skipped(int argc, char **argv)
{
    const char *cmd = argc > 1 ? argv[1] : "";
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (names(a, "--svg")) {
            const char *v = option_value(argv, argc, i);
            if (!v || strcmp(v, "-") != 0) return 1;
        }
        if (strcmp(cmd, "perft") == 0) {
            if (names(a, "--suite") || names(a, "--sum") || names(a, "--jobs"))
                return 1;
            const char *eq = strchr(a, '=');
            if (number(eq ? eq + 1 : a) > 2) return 1;
        }
        /* pgn reads standard input only here: a file argument, and the progress line (which
         * redraws itself with carriage returns), are left to the CLI tests. */
        if (strcmp(cmd, "pgn") == 0 && i > 1 && (names(a, "--progress") || pgn_file(argv, i)))
            return 1;
        if (strcmp(cmd, "960") == 0 && names(a, "--count")) {
            const char *v = option_value(argv, argc, i);
            if (v && number(v) > 64) return 1;
        }
    }
    return 0;
}

/* The fixed command run after each input, and its answer. */
static void check_next_run(void)
{
    static char program[] = "rankfile", fen[] = "fen",
                start[] = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
    static const char want[] = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1\n";
    char *argv[] = {program, fen, start, NULL};
    cli_result r;
    cli_run(&r, 3, argv, NULL, 0, 1);
    FUZZ_CHECK(r.code == 0 && strcmp(r.out, want) == 0, "the next run answers %d: %.200s%.200s",
               r.code, r.out, r.err);
    cli_result_free(&r);
}

/* argv with "--threads N" after the command (an option given later wins). */
static void with_threads(char **argv, int argc, char **out, char *n)
{
    static char option[] = "--threads";
    out[0] = argv[0];
    out[1] = argv[1];
    out[2] = option;
    out[3] = n;
    for (int i = 2; i <= argc; i++) out[i + 2] = argv[i];
}

/* A pgn run: the same with one thread and with three. */
static void check_threads(int argc, char **argv, const uint8_t *in, size_t in_len)
{
    static char one[] = "1", three[] = "3";
    char *args[MAX_ARGS + 5];
    cli_result a, b;
    setenv("RANKFILE_PGN_BATCH", "7", 1);
    with_threads(argv, argc, args, one);
    cli_run(&a, argc + 2, args, in, in_len, 1);
    with_threads(argv, argc, args, three);
    cli_run(&b, argc + 2, args, in, in_len, 1);
    FUZZ_CHECK(a.code == b.code, "pgn: exit status %d with one thread, %d with three", a.code, b.code);
    FUZZ_CHECK(a.out_len == b.out_len && memcmp(a.out, b.out, a.out_len) == 0,
               "pgn: the output differs with one thread and with three");
    FUZZ_CHECK(a.err_len == b.err_len && memcmp(a.err, b.err, a.err_len) == 0,
               "pgn: the messages differ with one thread and with three:\n%.300s\n%.300s", a.err, b.err);
    cli_result_free(&a);
    cli_result_free(&b);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    size_t len, at;
    fuzz_split_line(data, size, &len, &at);
    char *line = malloc(len + 1);
    FUZZ_CHECK(line, "out of memory");
    memcpy(line, data, len);
    line[len] = '\0';
    static char program[] = "rankfile";
    char *argv[MAX_ARGS + 2];
    int argc = 0;
    argv[argc++] = program;
    for (char *p = line; argc <= MAX_ARGS;) {
        argv[argc++] = p;
        p = strchr(p, '\t');
        if (!p) break;
        *p++ = '\0';
    }
    argv[argc] = NULL;
    if (len == 0) argc = 1;

    if (!skipped(argc, argv)) {
        const char *command = NULL;
        for (size_t i = 0; i < sizeof commands / sizeof *commands; i++)
            if (argc > 1 && strcmp(argv[1], commands[i]) == 0) command = commands[i];
        cli_result r;
        cli_run(&r, argc, argv, data + at, size - at, 0);
        /* Without a command the program shows its usage on stderr; top-level errors (an
         * unknown command) name no command. */
        if (argc == 1)
            FUZZ_CHECK(r.code == 64 && strstr(r.err, "usage: rankfile"),
                       "no command: exit status %d", r.code);
        else
            cli_check(&r, command);
        cli_result_free(&r);
        if (command && strcmp(command, "pgn") == 0) check_threads(argc, argv, data + at, size - at);
        check_next_run();
    }
    free(line);
    return 0;
}
