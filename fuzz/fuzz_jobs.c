/*
 * fuzz_jobs.c - perft job and result files (`rankfile perft --jobs -` and `--sum -`), their
 * header (variant, chess960, root, depth, split, jobs, move orders, fingerprint, part) included.
 *
 * Input: a job file or a result file, on standard input of the command run in-process
 * (cli_run.h). Properties:
 *   - `--sum -`: exit 0 with standard output exactly "Nodes searched: N" and nothing on standard
 *     error, or exit 65 with nothing on standard output and one error line: never a total after
 *     an error;
 *   - `--jobs -`, run only when the header's depth minus its split is at most 2 (a deeper count
 *     costs time, not coverage): exit 0 with a result file on standard output (its first line
 *     "# rankfile perft results", its last "Nodes searched: N") that `--sum -` adds up to the
 *     same line; or exit 65 with nothing on standard output (the whole file is checked before a
 *     job is counted) and one error line;
 *   - cli_check's properties of every run.
 */
#include "cli_run.h"
#include "fuzz.h"

#include <stdlib.h>
#include <string.h>

static unsigned long lines_of(const char *s)
{
    unsigned long n = 0;
    for (; *s; s++) n += *s == '\n';
    return n;
}

/* The number after "\n# KEY: " in the input, or -1. */
static long header_number(const uint8_t *data, size_t size, const char *key)
{
    size_t kl = strlen(key);
    for (size_t i = 0; i + kl < size; i++) {
        if ((i > 0 && data[i - 1] != '\n') || memcmp(data + i, key, kl) != 0) continue;
        long v = 0;
        size_t j = i + kl;
        if (j >= size || data[j] < '0' || data[j] > '9') return -1;
        for (; j < size && data[j] >= '0' && data[j] <= '9' && v < 1000; j++) v = v * 10 + (data[j] - '0');
        return v;
    }
    return -1;
}

static void check_sum(const uint8_t *data, size_t size, char *total_out, size_t cap)
{
    static char program[] = "rankfile", perft[] = "perft", sum[] = "--sum", dash[] = "-";
    char *argv[] = {program, perft, sum, dash, NULL};
    cli_result r;
    cli_run(&r, 4, argv, data, size, 1);
    cli_check(&r, "perft");
    if (r.code == 0) {
        FUZZ_CHECK(strncmp(r.out, "Nodes searched: ", 16) == 0 && lines_of(r.out) == 1 &&
                       r.err_len == 0,
                   "--sum: exit 0 with stdout '%.200s'", r.out);
        if (total_out) snprintf(total_out, cap, "%s", r.out);
    } else {
        FUZZ_CHECK(r.code == 65 && r.out_len == 0 && lines_of(r.err) == 1,
                   "--sum: exit %d, stdout '%.200s', stderr '%.300s'", r.code, r.out, r.err);
        if (total_out) total_out[0] = '\0';
    }
    cli_result_free(&r);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    check_sum(data, size, NULL, 0);
    long depth = header_number(data, size, "# depth: "), split = header_number(data, size, "# split: ");
    if (depth < 0 || split < 0 || depth - split > 2) return 0;

    static char program[] = "rankfile", perft[] = "perft", jobs[] = "--jobs", dash[] = "-",
                threads[] = "--threads", one[] = "1";
    char *argv[] = {program, perft, jobs, dash, threads, one, NULL};
    cli_result r;
    cli_run(&r, 6, argv, data, size, 1);
    cli_check(&r, "perft");
    if (r.code != 0) {
        FUZZ_CHECK(r.code == 65 && r.out_len == 0 && lines_of(r.err) == 1,
                   "--jobs: exit %d, stdout '%.200s', stderr '%.300s'", r.code, r.out, r.err);
        cli_result_free(&r);
        return 0;
    }
    const char *last = r.out_len >= 2 ? r.out + r.out_len - 2 : r.out;
    while (last > r.out && last[-1] != '\n') last--;
    FUZZ_CHECK(strncmp(r.out, "# rankfile perft results\n", 25) == 0 &&
                   strncmp(last, "Nodes searched: ", 16) == 0 && r.err_len == 0,
               "--jobs: exit 0 with stdout '%.300s'", r.out);
    char total[96];
    check_sum((const uint8_t *)r.out, r.out_len, total, sizeof total);
    FUZZ_CHECK(strcmp(total, last) == 0, "--sum of --jobs' results: '%s', --jobs said '%s'", total,
               last);
    cli_result_free(&r);
    return 0;
}
