/*
 * fuzz_suite.c - perft suite files (`rankfile perft --suite -`), in both formats the command
 * reads, as standard chess and as Atomic chess.
 *
 * Input: the suite, on standard input of the command run in-process (cli_run.h), with
 * --max-depth 2 so that a line asking for a deep count costs nothing. Properties:
 *   - standard output is "ok ID" and "FAIL ..." lines, then "P passed, F failed, S skipped",
 *     with F the number of FAIL lines and P + F + S > 0; a suite with no count at all is no
 *     pass: nothing on standard output, the error "rankfile: perft: -: no perft counts to
 *     check ..." and exit status 65;
 *   - a malformed line is reported on standard error as "rankfile: perft: -:N: ..." (N within
 *     the input's lines) and the run goes on to the end; the exit status is 65 after such a line,
 *     else 1 when a count was wrong, else 0;
 *   - cli_check's properties of every run.
 */
#include "cli_run.h"
#include "fuzz.h"

static unsigned long count_lines(const uint8_t *data, size_t size)
{
    unsigned long n = 0;
    for (size_t i = 0; i < size; i++) n += data[i] == '\n';
    return n + (size && data[size - 1] != '\n');
}

static void check_run(const uint8_t *data, size_t size, int atomic)
{
    static char program[] = "rankfile", perft[] = "perft", suite[] = "--suite", dash[] = "-",
                max_depth[] = "--max-depth", two[] = "2", variant[] = "--variant",
                atomic_name[] = "atomic";
    char *argv[] = {program, perft, suite, dash, max_depth, two, variant, atomic_name, NULL};
    int argc = atomic ? 8 : 6;
    argv[argc] = NULL;
    cli_result r;
    cli_run(&r, argc, argv, data, size, 1);
    cli_check(&r, "perft");

    unsigned long lines = count_lines(data, size), fails = 0, passed, failed, skipped;
    static const char none[] = "rankfile: perft: -: no perft counts to check";
    const char *nothing = strstr(r.err, none);
    if (nothing) {
        FUZZ_CHECK(r.out_len == 0 && r.code == 65 && (nothing == r.err || nothing[-1] == '\n') &&
                       !strchr(nothing, '\n')[1],
                   "a suite without counts: exit %d, stdout '%.200s'", r.code, r.out);
        for (const char *p = r.err; p != nothing; p = strchr(p, '\n') + 1) {
            unsigned long no = 0;
            FUZZ_CHECK(sscanf(p, "rankfile: perft: -:%lu:", &no) == 1 && no >= 1 && no <= lines,
                       "error line '%.200s' of %lu input lines", p, lines);
        }
        cli_result_free(&r);
        return;
    }
    const char *last = r.out;
    for (const char *p = r.out; *p;) {
        const char *end = strchr(p, '\n');
        FUZZ_CHECK(end, "unterminated output line '%.200s'", p);
        last = p;
        if (strncmp(p, "FAIL ", 5) == 0)
            fails++;
        else if (end[1] != '\0')
            FUZZ_CHECK(strncmp(p, "ok ", 3) == 0, "output line '%.*s'", (int)(end - p), p);
        p = end + 1;
    }
    int n = sscanf(last, "%lu passed, %lu failed, %lu skipped\n", &passed, &failed, &skipped);
    FUZZ_CHECK(n == 3 && failed == fails && passed + failed + skipped > 0,
               "last line '%.200s' after %lu FAIL lines", last, fails);
    for (const char *p = r.err; *p; p = strchr(p, '\n') + 1) {
        unsigned long no = 0;
        FUZZ_CHECK(sscanf(p, "rankfile: perft: -:%lu:", &no) == 1 && no >= 1 && no <= lines,
                   "error line '%.200s' of %lu input lines", p, lines);
    }
    int want = r.err_len ? 65 : failed ? 1 : 0;
    FUZZ_CHECK(r.code == want, "exit status %d, expected %d", r.code, want);
    cli_result_free(&r);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    check_run(data, size, 0);
    check_run(data, size, 1);
    return 0;
}
