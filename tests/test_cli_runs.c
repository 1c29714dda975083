/* test_cli_runs.c - the `rankfile` program as a function (cli_main, the application library):
 * runs one after another in one process, on memory streams, each with its own options, share
 * nothing; what one run chose (options, a variant, --json) does not reach the next. */
#include "harness.h"

#include "cli.h"

#include <stdarg.h>
#include <stdlib.h>

typedef struct run_result {
    int code;
    char *out, *err;
    size_t out_len, err_len;
} run_result;

/* Runs `rankfile ARGS...` (NULL-terminated) with `input` on its standard input. */
static void run(run_result *r, const char *input, ...)
{
    char *argv[16] = {"rankfile"};
    int argc = 1;
    va_list ap;
    va_start(ap, input);
    for (const char *s; argc < 15 && (s = va_arg(ap, const char *));) argv[argc++] = (char *)s;
    va_end(ap);
    argv[argc] = NULL;
    memset(r, 0, sizeof *r);
    cli_io io = {fmemopen((void *)input, strlen(input), "r"), open_memstream(&r->out, &r->out_len),
                 open_memstream(&r->err, &r->err_len)};
    r->code = cli_main(&io, argc, argv);
    fclose(io.in);
    fclose(io.out);
    fclose(io.err);
}

static void done(run_result *r)
{
    free(r->out);
    free(r->err);
}

#define KIWI "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"

TEST(two_runs_with_different_options_answer_each_by_its_own)
{
    run_result a, b;
    run(&a, "", "moves", "--json", "--san", KIWI, NULL);
    run(&b, "", "moves", KIWI, NULL);
    CHECK_INT(a.code, 0);
    CHECK_INT(b.code, 0);
    CHECK(strncmp(a.out, "{\"fen\"", 6) == 0);
    CHECK(strstr(a.out, "\"O-O\"") != NULL);
    /* The second run is text in UCI: the first run's --json and --san are gone. */
    CHECK(b.out[0] != '{');
    CHECK(strstr(b.out, "e1g1") != NULL);
    CHECK(strstr(b.out, "O-O") == NULL);
    CHECK_INT((long long)a.err_len + (long long)b.err_len, 0);
    done(&a);
    done(&b);
}

TEST(clusters_and_values_parse_the_same_in_a_second_run)
{
    run_result a, b, c;
    /* An error run between two good ones leaves nothing half-read behind. */
    run(&a, "", "fen", "--ep", "always", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", NULL);
    run(&b, "", "fen", "-x", NULL);
    run(&c, "", "fen", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", NULL);
    CHECK_STR(a.out, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1\n");
    CHECK_INT(b.code, 64);
    CHECK(strstr(b.err, "unknown option '-x'") != NULL);
    CHECK_STR(c.out, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n");
    CHECK_INT(c.code, 0);
    done(&a);
    done(&b);
    done(&c);
}

TEST(standard_input_is_the_runs_own)
{
    run_result a, b;
    run(&a, "8/8/8/8/8/8/8/K6k w - - 0 1\n", "status", NULL);
    run(&b, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n", "status", "--json", NULL);
    CHECK_STR(a.out, "insufficient_material draw\n");
    CHECK(strstr(b.out, "\"checkmate\":false") != NULL);
    CHECK(strstr(b.out, "insufficient_material draw") == NULL);
    done(&a);
    done(&b);
}
