/*
 * checkpoint.c - the checkpoint file of a distributed count, so that a run killed at any
 * moment can be started again and skip what was finished:
 *
 *   # rankfile-mpi checkpoint 1 variant standard chess960 0 depth 6 split 2 divide 0 fen FEN
 *   NODES ROOT DEPTH COUNT FEN #CHECKSUM
 *
 * The header names the count; each later line is one finished job: NODES (already multiplied
 * by COUNT), the job's key (ROOT: its root move in UCI with --divide, else '-'; DEPTH: the
 * depth counted below the job's position; COUNT: the move orders reaching it), and the perft
 * plan's hash (FNV-1a 64) of the text before " #" in 16 hex digits. The lines of an older
 * rankfile-mpi, whose checksum had 8 digits (FNV-1a 32), are refused with a message saying so:
 * such a count is started again with a new checkpoint. Lines are appended whole and flushed to
 * the disk (fsync) one by one, so only the last line can be torn, and a torn line has no
 * newline: it is cut off and its job counted again. A run holds a write lock on the file from
 * before it reads it to its end: the ranks of a run whose mpirun was killed append for a moment
 * longer, and a run started again at once waits for them rather than count their jobs twice.
 */
#include "mpi_perft.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define HEADER_START "# rankfile-mpi checkpoint 1 "
#define LINE_MAX_BYTES (RF_FEN_MAX + 128)

static void header_text(char *buf, size_t cap, const mpi_checkpoint_id *id)
{
    snprintf(buf, cap, HEADER_START "variant %s chess960 %d depth %d split %d divide %d fen %s",
             id->variant, id->chess960, id->depth, id->ply, id->divide, id->fen);
}

/* The value of `key` in a header (" key VALUE"; fen: the rest of the line) into buf. */
static int header_field(const char *header, const char *key, char *buf, size_t cap)
{
    char pat[32];
    snprintf(pat, sizeof pat, " %s ", key);
    const char *p = strstr(header, pat);
    if (!p) return 0;
    p += strlen(pat);
    size_t n = strcmp(key, "fen") == 0 ? strlen(p) : strcspn(p, " ");
    snprintf(buf, cap, "%.*s", (int)n, p);
    return 1;
}

/* The first line of a file, without its newline; 1 when it had one. */
static int first_line(FILE *f, char *buf, size_t cap)
{
    if (!fgets(buf, (int)cap, f)) {
        buf[0] = '\0';
        return 0;
    }
    size_t n = strlen(buf);
    if (n && buf[n - 1] == '\n') {
        buf[n - 1] = '\0';
        return 1;
    }
    return 0;
}

int mpi_checkpoint_peek_ply(const cli_common *common, const char *path, int *ply, int *status)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        if (errno == ENOENT) return 0;
        cli_error(common, "cannot open checkpoint '%s': %s", path, strerror(errno));
        *status = CLI_NOINPUT;
        return -1;
    }
    char line[LINE_MAX_BYTES], value[32];
    int whole = first_line(f, line, sizeof line);
    fclose(f);
    if (!whole) return 0; /* empty, or a header torn while being written: started anew */
    long v;
    char *end;
    if (strncmp(line, HEADER_START, strlen(HEADER_START)) != 0 ||
        !header_field(line, "split", value, sizeof value) ||
        (v = strtol(value, &end, 10), *end != '\0' || v < 0 || v > 6)) {
        cli_error(common, "%s: not a rankfile-mpi checkpoint (its first line is not "
                           "'" HEADER_START "...')",
                  path);
        *status = CLI_DATAERR;
        return -1;
    }
    *ply = (int)v;
    return 1;
}

/* The index of the plan's job keys (item: the job). 0, or an exit status after a message. */
static int index_plan(const cli_common *common, rf__perft_index *x, const mpi_plan *plan)
{
    char key[LINE_MAX_BYTES];
    for (size_t i = 0; i < plan->count; i++) {
        rf__perft_job_line j;
        mpi_job_key(key, sizeof key, plan, i);
        if (!rf__perft_job_parse(&j, key, strlen(key), 1) ||
            rf__perft_index_add(x, &j, i, NULL) != RF_OK) {
            cli_error(common, "out of memory");
            return CLI_SOFTWARE;
        }
    }
    rf__perft_index_sort(x);
    return 0;
}

/* The checksum of a whole line (its newline cut off): 16 hex digits after " #", the hash of
 * the text before. 1, with " #" cut off the line; 0 for a damaged line (after a message when
 * it is a line of an older rankfile-mpi). */
static int line_checksum(const cli_common *common, char *line, const char *path, unsigned long no)
{
    char *hash = strstr(line, " #"), *end;
    if (!hash) return 0;
    size_t digits = strlen(hash + 2);
    unsigned long long sum = strtoull(hash + 2, &end, 16);
    if (*end != '\0' || hash[2] == '-' || hash[2] == '+' || hash[2] == ' ') return 0;
    if (digits == 8) {
        cli_error(common, "%s:%lu: a line of an older rankfile-mpi (an 8-digit checksum): "
                           "count again with a new checkpoint",
                  path, no);
        return -1;
    }
    if (digits != 16 || sum != rf__perft_hash(line, (size_t)(hash - line))) return 0;
    *hash = '\0';
    return 1;
}

/* One finished job's line (its newline cut off) marked done in the plan. 0 or an exit status
 * after a message. */
static int job_done(const cli_common *common, char *line, const char *path, unsigned long no,
                    mpi_plan *plan, const rf__perft_index *x, size_t *resumed)
{
    rf_count nodes;
    rf__perft_job_line j;
    char key[LINE_MAX_BYTES];
    int sum = line_checksum(common, line, path, no);
    char *space = strchr(line, ' ');
    if (sum < 0) return CLI_DATAERR;
    if (!sum || !space || !rf__count_parse(line, (size_t)(space - line), &nodes)) {
        cli_error(common, "%s:%lu: a damaged line (expected 'NODES ROOT DEPTH COUNT FEN "
                           "#CHECKSUM', the checksum matching)",
                  path, no);
        return CLI_DATAERR;
    }
    const rf__perft_key *hit = NULL;
    if (rf__perft_result_parse(&nodes, &j, line, strlen(line), 1) &&
        rf__perft_job_format(key, sizeof key, &j) < sizeof key)
        hit = rf__perft_index_find(x, key);
    if (!hit) {
        cli_error(common, "%s:%lu: job '%s' is not a job of this count", path, no, space + 1);
        return CLI_DATAERR;
    }
    mpi_job *job = &plan->jobs[hit->item];
    if (job->done) {
        cli_error(common, "%s:%lu: job '%s' is listed twice", path, no, space + 1);
        return CLI_DATAERR;
    }
    job->done = 1;
    job->nodes = nodes;
    ++*resumed;
    return 0;
}

/* Reads the finished jobs of an open checkpoint whose header matched. 0 or an exit status;
 * *valid_end: the offset after the last whole line. */
static int read_jobs(const cli_common *common, FILE *f, const char *path, mpi_plan *plan,
                     long *valid_end, size_t *resumed)
{
    rf__perft_index x = {NULL, 0, 0};
    int status = index_plan(common, &x, plan);
    char line[LINE_MAX_BYTES + 64];
    unsigned long no = 1;
    *valid_end = ftell(f);
    while (status == 0 && fgets(line, sizeof line, f)) {
        no++;
        size_t len = strlen(line);
        if (len == 0 || line[len - 1] != '\n') {
            if (len == sizeof line - 1) {
                cli_error(common, "%s:%lu: line too long", path, no);
                status = CLI_DATAERR;
            }
            break; /* torn: cut off below and counted again */
        }
        line[--len] = '\0';
        status = job_done(common, line, path, no, plan, &x, resumed);
        if (status == 0) *valid_end = ftell(f);
    }
    rf__perft_index_free(&x);
    return status;
}

/* How long a run waits for another to let go of the checkpoint: the ranks of a run whose
 * mpirun was killed live on for about a second, still appending, before they notice. */
#define LOCK_WAIT_SECONDS 30

/* Takes the write lock on the whole of cp->fd, waiting up to LOCK_WAIT_SECONDS for a run that
 * holds it (said once on stderr). 0, or an exit status after a one-line message. */
static int lock_file(mpi_checkpoint *cp)
{
    struct flock lk;
    for (int tries = 0;; tries++) {
        memset(&lk, 0, sizeof lk);
        lk.l_type = F_WRLCK;
        lk.l_whence = SEEK_SET;
        if (fcntl(cp->fd, F_SETLK, &lk) == 0) return 0;
        if (errno != EACCES && errno != EAGAIN) {
            cli_error(cp->common, "cannot lock checkpoint '%s': %s", cp->path, strerror(errno));
            return CLI_NOINPUT;
        }
        memset(&lk, 0, sizeof lk);
        lk.l_type = F_WRLCK;
        lk.l_whence = SEEK_SET;
        long pid = fcntl(cp->fd, F_GETLK, &lk) == 0 && lk.l_type != F_UNLCK ? (long)lk.l_pid : 0;
        if (tries == LOCK_WAIT_SECONDS * 10) {
            cli_error(cp->common, "%s is in use by another run (process %ld): stop it, or give "
                               "another checkpoint",
                      cp->path, pid);
            return CLI_NOINPUT;
        }
        if (tries == 0)
            fprintf(cp->common->io->err,
                    "%s: waiting for %s: another run (process %ld) still writes it\n",
                    cp->common->command, cp->path, pid);
        struct timespec ts = {0, 100000000L};
        nanosleep(&ts, NULL);
    }
}

/* Opens cp->path for the whole run and locks it. 0, or an exit status after a message. */
static int open_locked(mpi_checkpoint *cp)
{
    /* One descriptor for the whole run, locked before anything is read: a second run on the
     * same file (started while the ranks of a killed one still append) waits for the first to
     * end rather than count its jobs again. A POSIX lock goes with any descriptor of the file
     * the process closes, so the file is read and written through this one alone. */
    cp->fd = open(cp->path, O_RDWR | O_CREAT | O_APPEND, 0644);
    if (cp->fd < 0) {
        int e = errno;
        struct stat sb;
        int exists = stat(cp->path, &sb) == 0;
        cli_error(cp->common, "cannot %s checkpoint '%s': %s", exists ? "open" : "create", cp->path,
                  strerror(e));
        return exists ? CLI_NOINPUT : CLI_CANTCREAT;
    }
    int st = lock_file(cp);
    if (st == 0 && !(cp->f = fdopen(cp->fd, "a+"))) {
        cli_error(cp->common, "cannot open checkpoint '%s': %s", cp->path, strerror(errno));
        st = CLI_NOINPUT;
    }
    if (st) {
        close(cp->fd);
        cp->fd = -1;
    }
    return st;
}

/* Says how the header `have` differs from this count's, `want`. CLI_DATAERR. */
static int header_differs(const cli_common *common, const char *path, const char *have,
                          const char *want)
{
    static const char *const keys[] = {"variant", "chess960", "depth", "split", "divide", "fen"};
    char a[RF_FEN_MAX + 8], b[RF_FEN_MAX + 8];
    for (size_t k = 0; k < sizeof keys / sizeof *keys; k++) {
        if (!header_field(have, keys[k], a, sizeof a)) snprintf(a, sizeof a, "missing");
        header_field(want, keys[k], b, sizeof b);
        if (strcmp(a, b) != 0) {
            cli_error(common, "%s is the checkpoint of another count: its %s is '%s', this "
                               "count's is '%s'",
                      path, keys[k], a, b);
            return CLI_DATAERR;
        }
    }
    cli_error(common, "%s: not a rankfile-mpi checkpoint of this count (header '%s')", path,
              have);
    return CLI_DATAERR;
}

/* After reading: a torn last line (or a torn header: valid_end 0) cut off, what is whole
 * kept, the header written to a file without one. 0, or CLI_IOERR after a message. */
static int ready_to_append(mpi_checkpoint *cp, const char *want, long valid_end)
{
    struct stat sb;
    if (fstat(cp->fd, &sb) == 0 && sb.st_size != (off_t)valid_end &&
        ftruncate(cp->fd, (off_t)valid_end) != 0) {
        cli_error(cp->common, "cannot cut the torn last line of '%s': %s", cp->path,
                  strerror(errno));
        return CLI_IOERR;
    }
    /* From reading to appending: the stream is positioned anew. */
    if (fseek(cp->f, 0, SEEK_END) != 0 ||
        (valid_end == 0 &&
         (fprintf(cp->f, "%s\n", want) < 0 || fflush(cp->f) != 0 || fsync(cp->fd) != 0))) {
        cli_error(cp->common, "cannot write checkpoint '%s': %s", cp->path, strerror(errno));
        return CLI_IOERR;
    }
    return 0;
}

int mpi_checkpoint_open(mpi_checkpoint *cp, const cli_common *common, const char *path,
                        const mpi_checkpoint_id *id,
                        mpi_plan *plan, size_t *resumed)
{
    cp->common = common;
    char want[LINE_MAX_BYTES], have[LINE_MAX_BYTES];
    header_text(want, sizeof want, id);
    cp->f = NULL;
    cp->path = path;
    *resumed = 0;
    long valid_end = 0;
    int st = open_locked(cp);
    if (st) return st;
    rewind(cp->f);
    if (first_line(cp->f, have, sizeof have))
        st = strcmp(have, want) != 0 ? header_differs(cp->common, path, have, want)
                                     : read_jobs(common, cp->f, path, plan, &valid_end, resumed);
    if (st == 0) st = ready_to_append(cp, want, valid_end);
    if (st) mpi_checkpoint_close(cp);
    return st;
}

int mpi_checkpoint_add(mpi_checkpoint *cp, const mpi_plan *plan, size_t i)
{
    if (!cp->f) return 0;
    char line[LINE_MAX_BYTES + 64], key[LINE_MAX_BYTES];
    mpi_job_key(key, sizeof key, plan, i);
    size_t n = rf__perft_result_format(line, sizeof line, plan->jobs[i].nodes, key, strlen(key));
    if (n < sizeof line)
        snprintf(line + n, sizeof line - n, " #%016llx\n",
                 (unsigned long long)rf__perft_hash(line, n));
    /* One write per line: a kill can only leave the last line torn. */
    if (fputs(line, cp->f) == EOF || fflush(cp->f) != 0 || fsync(cp->fd) != 0) {
        cli_error(cp->common, "cannot write checkpoint '%s': %s", cp->path, strerror(errno));
        return CLI_IOERR;
    }
    return 0;
}

void mpi_checkpoint_close(mpi_checkpoint *cp)
{
    if (cp->f)
        fclose(cp->f);
    else if (cp->fd >= 0)
        close(cp->fd);
    cp->f = NULL;
    cp->fd = -1;
}
