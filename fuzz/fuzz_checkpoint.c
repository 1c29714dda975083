/*
 * fuzz_checkpoint.c - rankfile-mpi's checkpoint file (mpi/checkpoint.c) read back from any bytes.
 *
 * Input: the bytes of a checkpoint file, opened for two counts of the start position: depth 3
 * cut at ply 2, and depth 3 cut at ply 1 with --divide (each on its own copy of the file).
 * Properties of mpi_checkpoint_open:
 *   - it answers 0 or an exit status the manual lists for a bad checkpoint (65 data, 66 cannot
 *     open, 73 cannot create, 74 cannot write), never crashes or leaks;
 *   - an error is exactly one line on stderr, "rankfile-mpi: ..."; success says nothing;
 *   - on success the jobs it marks done are as many as it says it resumed, and the file it
 *     leaves (torn last line cut off, header written to an empty file) opens again with the same
 *     jobs done and the same counts: reading a checkpoint twice never changes what it says.
 */
#include "fuzz.h"
#include "mpi_perft.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char path[64];

static void write_file(const uint8_t *data, size_t size)
{
    FILE *f = fopen(path, "wb");
    FUZZ_CHECK(f && fwrite(data, 1, size, f) == size && fclose(f) == 0, "cannot write %s", path);
}

/* mpi_checkpoint_open with its messages caught: the status, the done jobs' marks in done[] and
 * nodes[], the number resumed, and what it printed (malloc'd). */
static int open_once(mpi_plan *plan, const mpi_checkpoint_id *id, size_t *resumed, char **err)
{
    for (size_t i = 0; i < plan->count; i++) {
        plan->jobs[i].done = 0;
        plan->jobs[i].nodes.hi = plan->jobs[i].nodes.lo = 0;
    }
    size_t err_len = 0;
    cli_io io = {stdin, stdout, open_memstream(err, &err_len)};
    FUZZ_CHECK(io.err, "cannot catch the messages");
    cli_common run = {.io = &io, .command = "rankfile-mpi"};
    mpi_checkpoint cp;
    *resumed = 0;
    int status = mpi_checkpoint_open(&cp, &run, path, id, plan, resumed);
    fclose(io.err);
    if (status == 0) mpi_checkpoint_close(&cp);
    return status;
}

static void check_count(const uint8_t *data, size_t size, mpi_plan *plan, const mpi_checkpoint_id *id)
{
    write_file(data, size);
    size_t resumed;
    char *err;
    int status = open_once(plan, id, &resumed, &err);
    FUZZ_CHECK(status == 0 || status == 65 || status == 66 || status == 73 || status == 74,
               "exit status %d", status);
    if (status != 0) {
        size_t n = strlen(err);
        FUZZ_CHECK(strncmp(err, "rankfile-mpi: ", 14) == 0 && n > 15 && err[n - 1] == '\n' &&
                       memchr(err, '\n', n - 1) == NULL,
                   "an error is not one 'rankfile-mpi:' line: %.300s", err);
        free(err);
        return;
    }
    FUZZ_CHECK(err[0] == '\0', "a checkpoint read without error printed: %.300s", err);
    free(err);
    size_t done = 0;
    mpi_job *first = malloc((plan->count ? plan->count : 1) * sizeof *first);
    FUZZ_CHECK(first, "out of memory");
    for (size_t i = 0; i < plan->count; i++) {
        done += plan->jobs[i].done != 0;
        first[i] = plan->jobs[i];
    }
    FUZZ_CHECK(done == resumed, "%zu jobs marked done, %zu resumed", done, resumed);
    size_t again;
    status = open_once(plan, id, &again, &err);
    FUZZ_CHECK(status == 0 && err[0] == '\0', "the checkpoint left behind does not open again: %d %.300s",
               status, err);
    free(err);
    FUZZ_CHECK(again == resumed, "read again: %zu jobs resumed, first %zu", again, resumed);
    for (size_t i = 0; i < plan->count; i++) {
        const mpi_job *a = &first[i], *b = &plan->jobs[i];
        FUZZ_CHECK(!a->done == !b->done && (!a->done || (a->nodes.hi == b->nodes.hi && a->nodes.lo == b->nodes.lo)),
                   "job %zu reads differently the second time", i);
    }
    free(first);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static mpi_plan plans[2];
    static char fens[2][RF_FEN_MAX];
    static mpi_checkpoint_id ids[2];
    static int ready;
    if (!ready) {
        snprintf(path, sizeof path, "/tmp/rf-fuzz-checkpoint-%ld", (long)getpid());
        rf_position start;
        rf_position_startpos(&start, RF_VARIANT_STANDARD);
        for (int k = 0; k < 2; k++) {
            FUZZ_CHECK(mpi_plan_make(&plans[k], &start, 3, 2 - k, k) == 0, "no plan");
            rf_position_to_fen(fens[k], sizeof fens[k], &start, RF_FEN_SHREDDER);
            for (int cut = 0; cut < 2; cut++) *strrchr(fens[k], ' ') = '\0';
            ids[k] = (mpi_checkpoint_id){"standard", 0, 3, 2 - k, k, fens[k]};
        }
        ready = 1;
    }
    for (int k = 0; k < 2; k++) check_count(data, size, &plans[k], &ids[k]);
    unlink(path);
    return 0;
}
