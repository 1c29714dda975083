/*
 * analyse_checkpoint.c - the journal of `rankfile analyse --checkpoint FILE` (analyse.h): each
 * answered position appended as one line, so that a run killed at any moment (a signal, even
 * SIGKILL, or a crash) goes on where it stopped when started again with the same command line.
 *
 * The file: a first line "rankfile analyse checkpoint 1 KEYHASH KEY" (KEY the inputs and
 * options the answers depend on, one line; KEYHASH its FNV-1a hash in hex), then one record per
 * answered position: "SEQ CHECK RECORD", SEQ the position's number in the run (0 the first
 * analysed), CHECK its Zobrist key in hex (a record is used only for the same position), RECORD
 * the answer (analyse_record_write). Each record is written by one write(2) on a file opened
 * O_APPEND, so a process killed at any point leaves whole records and at most one torn last
 * line, which the next run drops; the kernel keeps what was written when the process dies, and
 * fdatasync(2) at most once a second (and at the end) keeps it through a power loss too.
 */
#include "analyse.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define JOURNAL_MAGIC "rankfile analyse checkpoint 1 "

struct analyse_journal {
    int fd;
    struct record {
        unsigned long long seq;
        size_t order;    /* its place in the file: of two records of one seq the later counts */
        char *text;      /* the record's text after SEQ */
    } *records;          /* sorted by seq once read (a file of any numbers costs its size) */
    size_t nrecords, cap;
    double synced;   /* when it was last made durable */
    int dirty;
};

static uint64_t fnv(const char *s)
{
    uint64_t h = 1469598103934665603ull;
    for (; *s; s++) h = (h ^ (unsigned char)*s) * 1099511628211ull;
    return h;
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* The key as one line: bytes below space become '?'. */
static char *one_line(const char *key)
{
    char *s = strdup(key);
    if (!s) return NULL;
    for (char *p = s; *p; p++)
        if ((unsigned char)*p < 0x20 || *p == 0x7f) *p = '?';
    return s;
}

static int write_all(int fd, const char *p, size_t n)
{
    while (n) {
        ssize_t w = write(fd, p, n);
        if (w < 0) {
            if (errno == EINTR) continue;
            return -1;
        }
        p += w;
        n -= (size_t)w;
    }
    return 0;
}

static int keep(analyse_journal *j, unsigned long long seq, const char *text, size_t len)
{
    if (j->nrecords == j->cap) {
        size_t n = j->cap ? j->cap * 2 : 1024;
        struct record *p = realloc(j->records, n * sizeof *p);
        if (!p) return -1;
        j->records = p;
        j->cap = n;
    }
    char *s = malloc(len + 1);
    if (!s) return -1;
    memcpy(s, text, len);
    s[len] = 0;
    j->records[j->nrecords].seq = seq;
    j->records[j->nrecords].order = j->nrecords;
    j->records[j->nrecords].text = s;
    j->nrecords++;
    return 0;
}

static int by_seq(const void *a, const void *b)
{
    const struct record *x = a, *y = b;
    if (x->seq != y->seq) return x->seq < y->seq ? -1 : 1;
    return x->order < y->order ? -1 : x->order > y->order;
}

/* The key line of an old journal (its first line, without the newline): 0 when it is this
 * run's; 1 when it is no journal's; CLI_USAGE when it is another command line's (said, with what
 * that was, in printable ASCII). */
static int check_head(const char *line, const char *head, const char *line_key, const char *path, char *message,
                      size_t cap)
{
    if (strncmp(line, JOURNAL_MAGIC, strlen(JOURNAL_MAGIC)) != 0) return 1;
    if (strncmp(line, head, strlen(head)) == 0 && strcmp(line + strlen(head), line_key) == 0) return 0;
    char theirs[301];
    const char *t = strlen(line) > strlen(JOURNAL_MAGIC) + 17 ? line + strlen(JOURNAL_MAGIC) + 17 : "?";
    size_t k = 0;
    for (; t[k] && k < sizeof theirs - 1; k++) theirs[k] = t[k] >= 0x20 && t[k] < 0x7f ? t[k] : '?';
    theirs[k] = 0;
    snprintf(message, cap,
             "the checkpoint %s was written for another command line (%.300s); give the "
             "same command, or remove it to start again",
             path, theirs);
    return CLI_USAGE;
}

/* The lines of an old journal from f: its key line checked, its records kept in j, a torn last
 * one left. *no: the lines read; *good: the bytes of the whole lines kept. Returns 0; 1 when it is
 * no journal (at line *no); CLI_USAGE (another command line's, said); CLI_SOFTWARE (said). */
static int read_records(analyse_journal *j, FILE *f, const char *head, const char *line_key, const char *path,
                        unsigned long *no, off_t *good, char *message, size_t cap)
{
    char *line = NULL;
    size_t lcap = 0;
    ssize_t n;
    int st = 0;
    while (st == 0 && (n = getline(&line, &lcap, f)) > 0) {
        ++*no;
        if (line[n - 1] != '\n') break; /* torn: written by a run killed in the middle of it */
        line[--n] = 0;
        if (*no == 1) {
            st = check_head(line, head, line_key, path, message, cap);
        } else {
            char *end;
            errno = 0;
            unsigned long long seq = strtoull(line, &end, 10);
            if (errno || end == line || *end != ' ') {
                st = 1;
            } else if (keep(j, seq, end + 1, (size_t)(n - (end + 1 - line)))) {
                snprintf(message, cap, "out of memory");
                st = CLI_SOFTWARE;
            }
        }
        if (st == 0) *good += (off_t)n + 1;
    }
    free(line);
    return st;
}

/* A new journal: its key line, synced. 0, or CLI_IOERR (said). */
static int start_journal(analyse_journal *j, const char *head, const char *line_key, const char *path,
                         char *message, size_t cap)
{
    if (write_all(j->fd, head, strlen(head)) || write_all(j->fd, line_key, strlen(line_key)) ||
        write_all(j->fd, "\n", 1) || fdatasync(j->fd)) {
        snprintf(message, cap, "cannot write the checkpoint %s: %s", path, strerror(errno));
        return CLI_IOERR;
    }
    return 0;
}

/* An old journal of `size` bytes: its key must be this one; its records are read, a torn last
 * one dropped (the file cut there). 0; or CLI_USAGE, CLI_SOFTWARE, CLI_DATAERR (said). */
static int resume_journal(analyse_journal *j, off_t size, const char *head, const char *line_key, const char *path,
                          char *message, size_t cap)
{
    FILE *f = fdopen(dup(j->fd), "r");
    if (!f) {
        snprintf(message, cap, "cannot read the checkpoint %s: %s", path, strerror(errno));
        return CLI_DATAERR;
    }
    unsigned long no = 0;
    off_t good = 0;
    int read = read_records(j, f, head, line_key, path, &no, &good, message, cap);
    fclose(f);
    if (read == CLI_USAGE || read == CLI_SOFTWARE) return read;
    if (read || no == 0) {
        snprintf(message, cap, "%s is not a checkpoint of rankfile analyse (line %lu); remove it to start again",
                 path, no ? no : 1);
        return CLI_DATAERR;
    }
    if (j->nrecords) qsort(j->records, j->nrecords, sizeof *j->records, by_seq);
    if (good < size && ftruncate(j->fd, good)) {
        snprintf(message, cap, "cannot write the checkpoint %s: %s", path, strerror(errno));
        return CLI_DATAERR;
    }
    return 0;
}

int analyse_journal_open(analyse_journal **out, const char *path, const char *key, char *message,
                         size_t cap)
{
    *out = NULL;
    analyse_journal *j = calloc(1, sizeof *j);
    char *line_key = one_line(key);
    if (!j || !line_key) {
        free(j);
        free(line_key);
        snprintf(message, cap, "out of memory");
        return CLI_SOFTWARE;
    }
    char head[64];
    snprintf(head, sizeof head, JOURNAL_MAGIC "%016" PRIx64 " ", fnv(line_key));
    j->fd = open(path, O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (j->fd < 0) {
        snprintf(message, cap, "cannot open the checkpoint %s: %s", path, strerror(errno));
        free(j);
        free(line_key);
        return CLI_CANTCREAT;
    }
    struct stat st;
    if (fstat(j->fd, &st) || !S_ISREG(st.st_mode)) {
        snprintf(message, cap, "the checkpoint %s is not a regular file", path);
        goto fail_data;
    }
    int status = st.st_size == 0 ? start_journal(j, head, line_key, path, message, cap)
                                 : resume_journal(j, st.st_size, head, line_key, path, message, cap);
    free(line_key);
    if (status == 0) {
        j->synced = now();
        *out = j;
    } else if (status == CLI_IOERR || status == CLI_USAGE) {
        close(j->fd);
        free(j);
    } else {
        analyse_journal_close(j);
    }
    return status;
fail_data:
    analyse_journal_close(j);
    free(line_key);
    return CLI_DATAERR;
}

/* ---- records --------------------------------------------------------------------------------- */

static size_t put(char *buf, size_t cap, size_t at, const char *fmt, ...) __attribute__((format(printf, 4, 5)));

#include <stdarg.h>

static size_t put(char *buf, size_t cap, size_t at, const char *fmt, ...)
{
    if (at >= cap) return cap;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf + at, cap - at, fmt, ap);
    va_end(ap);
    if (n < 0 || (size_t)n >= cap - at) return cap;
    return at + (size_t)n;
}

size_t analyse_record_write(char *buf, size_t cap, const rf_position *pos, const uci_result *r)
{
    char best[RF_UCI_MAX + 2] = "-", ponder[RF_UCI_MAX + 2] = "-";
    if (r->has_best) rf_move_to_uci(best, sizeof best, pos, r->best);
    if (r->has_ponder) rf_move_to_uci(ponder, sizeof ponder, pos, r->ponder);
    size_t lines = r->line_count > UCI_MAX_MULTIPV ? UCI_MAX_MULTIPV : r->line_count;
    size_t at = put(buf, cap, 0, "%s %s %d %" PRIu64 " %ld %zu", best, ponder, r->depth, r->nodes, r->time_ms, lines);
    for (size_t k = 0; k < lines; k++) {
        const uci_line *l = &r->lines[k];
        size_t pv = l->pv_len > UCI_MAX_PV ? UCI_MAX_PV : l->pv_len;
        at = put(buf, cap, at, " %d %c %d %d %d %d %" PRIu64 " %ld %zu", l->multipv,
                 !l->has_score ? '-' : l->score.is_mate ? 'm' : 'c', l->score.value,
                 (l->score.lowerbound ? 1 : 0) | (l->score.upperbound ? 2 : 0), l->depth, l->seldepth,
                 l->nodes, l->time_ms, pv);
        rf_position p = *pos;
        for (size_t i = 0; i < pv; i++) {
            char m[RF_UCI_MAX + 2];
            rf_move_to_uci(m, sizeof m, &p, l->pv[i]);
            at = put(buf, cap, at, " %s", m);
            rf_position_play(&p, l->pv[i]);
        }
    }
    return at >= cap ? 0 : at;
}

/* The next word of text[*at..len). */
static int word(const char *text, size_t len, size_t *at, const char **w, size_t *n)
{
    while (*at < len && text[*at] == ' ') (*at)++;
    size_t s = *at;
    while (*at < len && text[*at] != ' ') (*at)++;
    *w = text + s;
    *n = *at - s;
    return *n ? 0 : -1;
}

static int number(const char *text, size_t len, size_t *at, long long min, long long max, long long *out)
{
    const char *w;
    size_t n;
    if (word(text, len, at, &w, &n) || n > 20) return -1;
    char b[24];
    memcpy(b, w, n);
    b[n] = 0;
    char *end;
    errno = 0;
    long long v = strtoll(b, &end, 10);
    if (errno || *end || v < min || v > max) return -1;
    *out = v;
    return 0;
}

static int unumber(const char *text, size_t len, size_t *at, uint64_t *out)
{
    const char *w;
    size_t n;
    if (word(text, len, at, &w, &n)) return -1;
    return cli_number_u64(w, n, out) ? 0 : -1;
}

static int move_word(const char *text, size_t len, size_t *at, const rf_position *pos, int *has, rf_move *m)
{
    const char *w;
    size_t n;
    if (word(text, len, at, &w, &n)) return -1;
    if (n == 1 && *w == '-') {
        *has = 0;
        return 0;
    }
    *has = 1;
    return rf_move_from_uci(m, pos, w, n, NULL) == RF_OK ? 0 : -1;
}

/* "DEPTH NODES TIME" as analyse_record_write puts them: a result's depth, a line's seldepth. */
static int effort(const char *text, size_t len, size_t *at, int *depth, uint64_t *nodes, long *time_ms)
{
    long long v;
    if (number(text, len, at, 0, 100000, &v)) return -1;
    *depth = (int)v;
    if (unumber(text, len, at, nodes)) return -1;
    if (number(text, len, at, 0, 1000000000000LL, &v)) return -1;
    *time_ms = (long)v;
    return 0;
}

int analyse_record_read(const char *text, size_t len, const rf_position *pos, uci_result *out)
{
    memset(out, 0, sizeof *out);
    size_t at = 0;
    long long v, lines;
    if (move_word(text, len, &at, pos, &out->has_best, &out->best)) return -1;
    /* the ponder move is a move of the position after the best one */
    rf_position after = *pos;
    if (out->has_best) rf_position_play(&after, out->best);
    {
        const char *w;
        size_t n;
        if (word(text, len, &at, &w, &n)) return -1;
        if (!(n == 1 && *w == '-')) {
            if (!out->has_best || rf_move_from_uci(&out->ponder, &after, w, n, NULL) != RF_OK) return -1;
            out->has_ponder = 1;
        }
    }
    if (effort(text, len, &at, &out->depth, &out->nodes, &out->time_ms)) return -1;
    if (number(text, len, &at, 0, UCI_MAX_MULTIPV, &lines)) return -1;
    out->line_count = (size_t)lines;
    for (long long k = 0; k < lines; k++) {
        uci_line *l = &out->lines[k];
        const char *w;
        size_t n;
        if (number(text, len, &at, 1, 1000, &v)) return -1;
        l->multipv = (int)v;
        if (word(text, len, &at, &w, &n) || n != 1 || !strchr("-mc", *w)) return -1;
        l->has_score = *w != '-';
        l->score.is_mate = *w == 'm';
        if (number(text, len, &at, -1000000, 1000000, &v)) return -1;
        l->score.value = (int)v;
        if (number(text, len, &at, 0, 3, &v)) return -1;
        l->score.lowerbound = (int)(v & 1);
        l->score.upperbound = (int)(v >> 1 & 1);
        if (number(text, len, &at, 0, 100000, &v)) return -1;
        l->depth = (int)v;
        if (effort(text, len, &at, &l->seldepth, &l->nodes, &l->time_ms)) return -1;
        long long pv;
        if (number(text, len, &at, 0, UCI_MAX_PV, &pv)) return -1;
        l->pv_len = (size_t)pv;
        rf_position p = *pos;
        for (long long i = 0; i < pv; i++) {
            int has;
            if (move_word(text, len, &at, &p, &has, &l->pv[i]) || !has) return -1;
            rf_position_play(&p, l->pv[i]);
        }
    }
    while (at < len && text[at] == ' ') at++;
    return at == len ? 0 : -1;
}

int analyse_journal_find(analyse_journal *j, unsigned long long seq, const rf_position *pos,
                         uint64_t check, uci_result *out)
{
    if (!j || !j->nrecords) return 0;
    /* the last record of this seq: the last of its run in the sorted array */
    size_t lo = 0, hi = j->nrecords;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (j->records[mid].seq <= seq) lo = mid + 1;
        else hi = mid;
    }
    if (lo == 0 || j->records[lo - 1].seq != seq) return 0;
    const char *text = j->records[lo - 1].text;
    char *end;
    errno = 0;
    unsigned long long c = strtoull(text, &end, 16);
    if (errno || end == text || *end != ' ' || c != check) return 0;
    end++;
    if (analyse_record_read(end, strlen(end), pos, out)) {
        memset(out, 0, sizeof *out);
        return 0;
    }
    return 1;
}

int analyse_journal_add(analyse_journal *j, unsigned long long seq, const rf_position *pos,
                        uint64_t check, const uci_result *r)
{
    char buf[16384];
    int head = snprintf(buf, sizeof buf, "%llu %" PRIx64 " ", seq, check);
    size_t n = analyse_record_write(buf + head, sizeof buf - (size_t)head - 1, pos, r);
    if (!n) return 0; /* cannot be written: it will be searched again */
    n += (size_t)head;
    buf[n++] = '\n';
    if (write_all(j->fd, buf, n)) return -1;
    j->dirty = 1;
    double t = now();
    if (t - j->synced >= 1.0) {
        j->synced = t;
        j->dirty = 0;
        if (fdatasync(j->fd)) return -1;
    }
    return 0;
}

int analyse_journal_flush(analyse_journal *j)
{
    if (!j || !j->dirty) return 0;
    j->dirty = 0;
    return fdatasync(j->fd);
}

void analyse_journal_close(analyse_journal *j)
{
    if (!j) return;
    if (j->fd >= 0) close(j->fd);
    for (size_t i = 0; i < j->nrecords; i++) free(j->records[i].text);
    free(j->records);
    free(j);
}
