/*
 * cli_run.h - the `rankfile` program run inside the fuzz target's process: cli_main (the
 * application library) with its standard input read from a buffer and its standard output and
 * error written into buffers (memory streams). Nothing global changes: libFuzzer's and the
 * sanitizers' reports still reach the real standard streams during a run.
 */
#ifndef RF_FUZZ_CLI_RUN_H
#define RF_FUZZ_CLI_RUN_H

#include <stddef.h>
#include <stdint.h>

/* What one run left behind. */
typedef struct cli_result {
    int code;       /* the exit status cli_main returned */
    char *out;      /* standard output, NUL-terminated (empty when not kept) */
    size_t out_len;
    char *err;      /* standard error, NUL-terminated */
    size_t err_len;
} cli_result;

/* Runs the program with argv[0..argc-1] (argv[0] the program's name; argv[argc] must be NULL),
 * standard input reading the `in_len` bytes of `in`, standard output kept when `keep_out` (else
 * thrown away). Free the result with cli_result_free. */
void cli_run(cli_result *r, int argc, char **argv, const uint8_t *in, size_t in_len,
             int keep_out);

void cli_result_free(cli_result *r);

/* The properties every run has: the exit status is one the manual lists; standard error is empty
 * after status 0, and every line on it reads "rankfile: ..." (with "rankfile: COMMAND: ..." when
 * `command` is not NULL); no error line is empty or unreasonably long. */
void cli_check(const cli_result *r, const char *command);

#endif
