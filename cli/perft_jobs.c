/*
 * perft_jobs.c - one deep count spread over processes or machines: `rankfile perft --split`
 * writes a job file, `--jobs` counts its jobs (or a part of them), `--sum` adds up the results.
 */
#include "perft_cli.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* ---- job and result files: the header --------------------------------------------------------
 *
 * A job file (--split) and a result file (--jobs) open with a header that says everything the
 * count depends on, one "# KEY: VALUE" line each, in this order:
 *
 *   # rankfile perft jobs            (a result file: "# rankfile perft results")
 *   # variant: atomic                (rf_variant_name)
 *   # chess960: no                   (yes: Chess960 castling mode)
 *   # root: FEN                      (the position split)
 *   # depth: 5                       (of the whole count)
 *   # split: 2                       (plies below the root; every job has depth - split)
 *   # jobs: 400                      (job lines in the job file)
 *   # move orders: 400               (the sum of their COUNTs)
 *   # fingerprint: 0123456789abcdef  (FNV-1a 64 of the seven lines from "# variant" to
 *                                     "# move orders", each with its newline)
 *   # part: 1/1                      (a result file only: the part of the jobs it counted)
 *
 * The fingerprint names the split: results carry their job file's, so that --sum never adds
 * results of two different splits, and a header edited by hand no longer matches it. */

#define JOBS_MAGIC "# rankfile perft jobs"
#define RESULTS_MAGIC "# rankfile perft results"

typedef struct job_header {
    rf_variant variant;
    int chess960;
    char root[RF_FEN_MAX];
    long depth, split;
    uint64_t jobs, orders, fingerprint;
    unsigned long part_k, part_n; /* a result file's part; 1/1 for a job file */
    unsigned fen_flags;           /* the root's castling notation, kept in the jobs' FENs */
} job_header;

static uint64_t fnv1a64(const char *s, size_t n)
{
    uint64_t h = 14695981039346656037ull;
    for (size_t i = 0; i < n; i++) {
        h ^= (unsigned char)s[i];
        h *= 1099511628211ull;
    }
    return h;
}

/* The header lines the fingerprint covers, into buf; their length, or 0 when they do not fit. */
static size_t header_fields(char *buf, size_t cap, const job_header *h)
{
    int n = snprintf(buf, cap,
                     "# variant: %s\n# chess960: %s\n# root: %s\n# depth: %ld\n# split: %ld\n"
                     "# jobs: %llu\n# move orders: %llu\n",
                     rf_variant_name(h->variant), h->chess960 ? "yes" : "no", h->root, h->depth,
                     h->split, (unsigned long long)h->jobs, (unsigned long long)h->orders);
    return n > 0 && (size_t)n < cap ? (size_t)n : 0;
}

/* Writes the header of a job file (results 0) or a result file: as text, or as one JSON object
 * {"variant","chess960","root","depth","split","jobs","move_orders","fingerprint"[,"part"]}. */
static void header_write(const perft_run *o, const job_header *h, int results)
{
    char fields[2 * RF_FEN_MAX + 256], fp[17], part[48];
    header_fields(fields, sizeof fields, h);
    snprintf(fp, sizeof fp, "%016llx", (unsigned long long)h->fingerprint);
    snprintf(part, sizeof part, "%lu/%lu", h->part_k, h->part_n);
    if (o->common.json) {
        cli_json j;
        cli_json_answer(&j);
        cli_json_kstr(&j, "variant", rf_variant_name(h->variant));
        cli_json_kbool(&j, "chess960", h->chess960);
        cli_json_kstr(&j, "root", h->root);
        cli_json_kint(&j, "depth", h->depth);
        cli_json_kint(&j, "split", h->split);
        cli_json_kint(&j, "jobs", (long long)h->jobs);
        cli_json_kint(&j, "move_orders", (long long)h->orders);
        cli_json_kstr(&j, "fingerprint", fp);
        if (results) cli_json_kstr(&j, "part", part);
        cli_json_end(&j);
        return;
    }
    printf("%s\n%s# fingerprint: %s\n", results ? RESULTS_MAGIC : JOBS_MAGIC, fields, fp);
    if (results) printf("# part: %s\n", part);
}

int perft_parse_part(const char *s, size_t len, unsigned long *k, unsigned long *n)
{
    const char *slash = memchr(s, '/', len);
    uint64_t a, b;
    if (!slash || !cli_number_u64(s, (size_t)(slash - s), &a) ||
        !cli_number_u64(slash + 1, len - (size_t)(slash + 1 - s), &b) || a < 1 || a > b ||
        b > PART_MAX)
        return 0;
    *k = (unsigned long)a;
    *n = (unsigned long)b;
    return 1;
}

/* Reads the header of a job file (results 0) or a result file from `l` into *h, checking each
 * value, the fingerprint, and that the root is a position of its variant. 0 or an exit code,
 * after a one-line error. */
static int header_read(const perft_run *o, cli_lines *l, const char *path, int results,
                       job_header *h)
{
    static const char *const order[] = {"variant", "chess960", "root",        "depth", "split",
                                        "jobs",    "move orders", "fingerprint", "part"};
    const char *cmd = o->common.command;
    const char *magic = results ? RESULTS_MAGIC : JOBS_MAGIC;
    const char *what = results ? "a result file of 'rankfile perft --jobs'"
                               : "a job file of 'rankfile perft --split'";
    memset(h, 0, sizeof *h);
    h->part_k = h->part_n = 1;
    if (!cli_lines_next(l)) {
        cli_error(cmd, "%s: the file is empty: no jobs (expected %s)", path, what);
        return CLI_DATAERR;
    }
    if (l->too_long || strcmp(l->buf, magic) != 0) {
        if (l->buf[0] == '{')
            cli_error(cmd, "%s:%lu: --%s reads the text form of --%s, not JSON", path, l->no,
                      results ? "sum" : "jobs", results ? "jobs" : "split");
        else if (!results && strncmp(l->buf, JOBS_MAGIC ":", strlen(JOBS_MAGIC) + 1) == 0)
            cli_error(cmd, "%s:%lu: a job file of an older rankfile, which does not say the variant "
                           "and depth it was split for: split again",
                      path, l->no);
        else
            cli_error(cmd, "%s:%lu: not %s (its first line is not '%s')", path, l->no, what,
                      magic);
        return CLI_DATAERR;
    }
    char fields[2 * RF_FEN_MAX + 256];
    size_t used = 0;
    int nkeys = results ? 9 : 8;
    for (int k = 0; k < nkeys; k++) {
        size_t kl = strlen(order[k]);
        if (!cli_lines_next(l) || !l->ended) {
            cli_error(cmd, "%s: the header is cut short (no '# %s:' line)", path, order[k]);
            return CLI_DATAERR;
        }
        if (l->too_long || l->len < kl + 4 || strncmp(l->buf, "# ", 2) != 0 ||
            strncmp(l->buf + 2, order[k], kl) != 0 || strncmp(l->buf + 2 + kl, ": ", 2) != 0 ||
            memchr(l->buf, '\0', l->len)) {
            cli_error(cmd, "%s:%lu: expected the header line '# %s: ...'", path, l->no, order[k]);
            return CLI_DATAERR;
        }
        const char *v = l->buf + kl + 4;
        size_t vl = l->len - kl - 4;
        if (k < 7) {
            if (used + l->len + 1 >= sizeof fields) {
                cli_error(cmd, "%s:%lu: the header line is too long", path, l->no);
                return CLI_DATAERR;
            }
            memcpy(fields + used, l->buf, l->len);
            used += l->len;
            fields[used++] = '\n';
        }
        uint64_t n = 0;
        int good = 1, c960 = 0;
        switch (k) {
        case 0:
            good = rf_variant_from_name(&h->variant, &c960, v, vl) == RF_OK && !c960 &&
                   strlen(rf_variant_name(h->variant)) == vl &&
                   memcmp(rf_variant_name(h->variant), v, vl) == 0;
            if (good && !rf_variant_available(h->variant)) {
                cli_error(cmd, "%s:%lu: this rankfile does not play %s", path, l->no,
                          rf_variant_name(h->variant));
                return CLI_DATAERR;
            }
            break;
        case 1:
            good = (vl == 3 && memcmp(v, "yes", 3) == 0) || (vl == 2 && memcmp(v, "no", 2) == 0);
            h->chess960 = vl == 3;
            break;
        case 2:
            good = vl > 0 && vl < sizeof h->root;
            if (good) memcpy(h->root, v, vl);
            break;
        case 3:
            good = cli_number_u64(v, vl, &n) && n <= MAX_DEPTH;
            h->depth = (long)n;
            break;
        case 4:
            good = cli_number_u64(v, vl, &n) && n >= 1 && n <= 6 && (long)n <= h->depth;
            h->split = (long)n;
            break;
        case 5: good = cli_number_u64(v, vl, &h->jobs) && h->jobs >= 1; break;
        case 6: good = cli_number_u64(v, vl, &h->orders) && h->orders >= h->jobs; break;
        case 7:
            good = vl == 16;
            for (size_t i = 0; good && i < vl; i++) {
                int d = isdigit((unsigned char)v[i]) ? v[i] - '0'
                        : v[i] >= 'a' && v[i] <= 'f' ? v[i] - 'a' + 10
                                                      : -1;
                good = d >= 0;
                n = n << 4 | (uint64_t)(d < 0 ? 0 : d);
            }
            if (good && n != fnv1a64(fields, used)) {
                cli_error(cmd, "%s:%lu: the fingerprint does not match the header's lines: the "
                               "header was changed",
                          path, l->no);
                return CLI_DATAERR;
            }
            h->fingerprint = n;
            break;
        default: good = perft_parse_part(v, vl, &h->part_k, &h->part_n); break;
        }
        if (!good) {
            char shown[64];
            cli_error(cmd, "%s:%lu: '%s' is not a valid %s", path, l->no, cli_shown(v, vl, shown),
                      order[k]);
            return CLI_DATAERR;
        }
    }
    rf_position pos;
    rf_error err;
    const cli_common *c = &o->common;
    if (rf_position_parse(&pos, h->root, strlen(h->root), h->variant,
                          h->chess960 ? RF_PARSE_CHESS960 : 0, c->accept, &err) != RF_OK) {
        cli_error(cmd, "%s: root: %s", path, err.message);
        return CLI_DATAERR;
    }
    if (pos.chess960 != h->chess960) {
        cli_error(cmd, "%s: root: its castling rights are of Chess960, where the header says "
                       "'chess960: no'", path);
        return CLI_DATAERR;
    }
    h->fen_flags = perft_castling_notation(h->root, strlen(h->root));
    return 0;
}

/* ---- --split ------------------------------------------------------------------------------ */

/* The positions `ply` plies down, each with the number of move orders reaching it. */
typedef struct split_list {
    char (*fens)[RF_FEN_MAX];
    size_t count, cap;
    unsigned fen_flags;
    int failed;
} split_list;

#define SPLIT_MAX_POSITIONS 20000000

static void split_collect(split_list *l, const rf_position *pos, int ply)
{
    if (l->failed) return;
    if (ply == 0) {
        if (l->count == l->cap) {
            size_t cap = l->cap ? l->cap * 2 : 4096;
            void *p = cap <= SPLIT_MAX_POSITIONS ? realloc(l->fens, cap * sizeof *l->fens) : NULL;
            if (!p) {
                l->failed = 1;
                return;
            }
            l->fens = p;
            l->cap = cap;
        }
        rf_position_to_fen(l->fens[l->count++], RF_FEN_MAX, pos, l->fen_flags);
        return;
    }
    rf_movelist list;
    rf_generate_moves(&list, pos);
    for (unsigned i = 0; i < list.count; i++) {
        rf_position child = *pos;
        rf_position_play(&child, list.moves[i]);
        split_collect(l, &child, ply - 1);
    }
}

static int compare_fen(const void *a, const void *b) { return strcmp(a, b); }

/* Perft does not depend on the halfmove and fullmove counters: dropped, transpositions merge. */
static void drop_counters(char *fen)
{
    for (int i = 0; i < 2; i++) {
        char *p = strrchr(fen, ' ');
        if (p) *p = '\0';
    }
}

int perft_run_split(const perft_run *o, const char *fen, const char *depth_text)
{
    long depth;
    char what[48];
    snprintf(what, sizeof what, "DEPTH with --split %ld", o->split);
    if (cli_parse_int(&o->common, what, depth_text, o->split, MAX_DEPTH, &depth)) return CLI_USAGE;
    rf_position pos;
    int st = cli_position_read(&o->common, NULL, fen, strlen(fen), &pos, NULL);
    if (st) return st;
    job_header h;
    memset(&h, 0, sizeof h);
    h.variant = (rf_variant)pos.variant;
    h.chess960 = pos.chess960;
    h.fen_flags = perft_castling_notation(fen, strlen(fen));
    rf_position_to_fen(h.root, sizeof h.root, &pos, h.fen_flags);
    h.depth = depth;
    h.split = o->split;
    h.part_k = h.part_n = 1;
    split_list l = {NULL, 0, 0, h.fen_flags, 0};
    split_collect(&l, &pos, (int)o->split);
    if (l.failed) {
        free(l.fens);
        cli_error(o->common.command, "--split %ld gives more than %d positions; split at a lower ply",
                  o->split, SPLIT_MAX_POSITIONS);
        return CLI_USAGE;
    }
    if (!l.count) {
        /* A job file always has jobs: a split of none would read as a count of nothing. */
        cli_error(o->common.command, "no position is %ld plies below this one (the game ends "
                                     "sooner): nothing to split; count it directly",
                  o->split);
        return CLI_DATAERR;
    }
    for (size_t i = 0; i < l.count; i++) drop_counters(l.fens[i]);
    qsort(l.fens, l.count, sizeof *l.fens, compare_fen);
    for (size_t i = 0; i < l.count; i++) h.jobs += i == 0 || strcmp(l.fens[i - 1], l.fens[i]) != 0;
    h.orders = l.count;
    char fields[2 * RF_FEN_MAX + 256];
    h.fingerprint = fnv1a64(fields, header_fields(fields, sizeof fields, &h));
    header_write(o, &h, 0);
    for (size_t i = 0; i < l.count;) {
        size_t k = i;
        while (k < l.count && strcmp(l.fens[i], l.fens[k]) == 0) k++;
        if (o->common.json) {
            cli_json j;
            cli_json_answer(&j);
            cli_json_kint(&j, "depth", depth - o->split);
            cli_json_kint(&j, "count", (long long)(k - i));
            cli_json_kstr(&j, "fen", l.fens[i]);
            cli_json_end(&j);
        } else {
            printf("%ld %zu %s\n", depth - o->split, k - i, l.fens[i]);
        }
        i = k;
    }
    free(l.fens);
    return cli_finish(o->common.command, CLI_OK);
}

/* The closing total of --jobs and --sum: 'Nodes searched: N', or {"nodes":N,KEY:n}. */
static void print_total(const perft_run *o, rf_count total, const char *key, size_t n)
{
    if (o->common.json) {
        cli_json j;
        cli_json_answer(&j);
        cli_json_kcount(&j, "nodes", total);
        cli_json_kint(&j, key, (long long)n);
        cli_json_end(&j);
        return;
    }
    char text[48];
    rf_count_format(text, sizeof text, total);
    printf("Nodes searched: %s\n", text);
}

/* ---- jobs and results ----------------------------------------------------------------------- */

/* A job, as --split writes it and --jobs repeats it: "DEPTH COUNT FEN". Its key is that text
 * with single spaces, the same whether read from the job file or from a result line. */
typedef struct job {
    long depth;
    uint64_t count;
    const char *fen; /* into the line read */
    size_t fen_len;
} job;

/* Reads "DEPTH COUNT FEN" from p; 1 on success. */
static int parse_job(const char *p, job *j)
{
    uint64_t d;
    while (*p == ' ' || *p == '\t') p++;
    size_t n = strcspn(p, " \t");
    if (!cli_number_u64(p, n, &d) || d > MAX_DEPTH) return 0;
    p += n;
    while (*p == ' ' || *p == '\t') p++;
    n = strcspn(p, " \t");
    if (!cli_number_u64(p, n, &j->count) || j->count == 0) return 0;
    p += n;
    while (*p == ' ' || *p == '\t') p++;
    size_t len = strlen(p);
    while (len && (p[len - 1] == ' ' || p[len - 1] == '\t')) len--;
    if (!len) return 0;
    j->depth = (long)d;
    j->fen = p;
    j->fen_len = len;
    return 1;
}

static char *job_key(const job *j)
{
    size_t cap = j->fen_len + 48;
    char *key = malloc(cap);
    if (key) snprintf(key, cap, "%ld %llu %.*s", j->depth, (unsigned long long)j->count,
                      (int)j->fen_len, j->fen);
    return key;
}

typedef struct answered {
    char *key;
    const char *file;
    unsigned long line;
    unsigned hits; /* job file entries: how many results answer it */
} answered;

typedef struct key_list {
    answered *items;
    size_t count, cap;
} key_list;

static int key_add(key_list *l, char *key, const char *file, unsigned long line)
{
    if (!key) return 0;
    if (l->count == l->cap) {
        size_t cap = l->cap ? l->cap * 2 : 256;
        answered *p = realloc(l->items, cap * sizeof *p);
        if (!p) {
            free(key);
            return 0;
        }
        l->items = p;
        l->cap = cap;
    }
    answered a = {key, file, line, 0};
    l->items[l->count++] = a;
    return 1;
}

static void key_free(key_list *l)
{
    for (size_t i = 0; i < l->count; i++) free(l->items[i].key);
    free(l->items);
}

static int by_key(const void *a, const void *b)
{
    return strcmp(((const answered *)a)->key, ((const answered *)b)->key);
}

/* Checks a job line against its header: its depth, and (positions 1) that its FEN is a position
 * of the header's variant. 0, or an exit code after a one-line error naming path:no. */
static int job_check(const perft_run *o, const job_header *h, const job *jb, int positions,
                     const char *path, unsigned long no)
{
    const char *cmd = o->common.command;
    if (jb->depth != h->depth - h->split) {
        cli_error(cmd, "%s:%lu: a job of depth %ld in a split of depth %ld at ply %ld (expected "
                       "depth %ld)",
                  path, no, jb->depth, h->depth, h->split, h->depth - h->split);
        return CLI_DATAERR;
    }
    if (!positions) return 0;
    rf_position pos;
    rf_error err;
    if (rf_position_parse(&pos, jb->fen, jb->fen_len, h->variant,
                          h->chess960 ? RF_PARSE_CHESS960 : 0, o->common.accept, &err) != RF_OK) {
        cli_error(cmd, "%s:%lu: %s", path, no, err.message);
        return CLI_DATAERR;
    }
    return 0;
}

/* Reads a whole job file: its header into *h and its jobs' keys, in file order, into *jobs,
 * checking that the jobs are as many as the header says, with the move orders it says, each
 * once. 0 or an exit code after a one-line error. */
static int job_file_read(const perft_run *o, const char *path, job_header *h, key_list *jobs)
{
    FILE *f = perft_open_input(o, path);
    if (!f) return CLI_NOINPUT;
    static cli_lines lines;
    cli_lines_start(&lines, f);
    const char *cmd = o->common.command;
    int status = header_read(o, &lines, path, 0, h);
    uint64_t orders = 0;
    while (status == 0 && cli_lines_next(&lines)) {
        job jb;
        if (lines.len == 0 || lines.buf[0] == '#') continue;
        if (lines.too_long || !lines.ended || memchr(lines.buf, '\0', lines.len) ||
            !parse_job(lines.buf, &jb)) {
            cli_error(cmd, "%s:%lu: expected 'DEPTH COUNT FEN'%s", path, lines.no,
                      lines.ended ? "" : " (the file is cut short)");
            status = CLI_DATAERR;
        } else if ((status = job_check(o, h, &jb, 1, path, lines.no)) != 0) {
            break;
        } else if (jobs->count == h->jobs) {
            cli_error(cmd, "%s:%lu: more jobs than the header's %llu", path, lines.no,
                      (unsigned long long)h->jobs);
            status = CLI_DATAERR;
        } else if (!key_add(jobs, job_key(&jb), path, lines.no)) {
            cli_error(cmd, "out of memory");
            status = CLI_SOFTWARE;
        } else {
            orders += jb.count;
        }
    }
    perft_close_input(f);
    if (status) return status;
    if (jobs->count < h->jobs) {
        cli_error(cmd, "%s: %zu jobs where its header says %llu: the file is cut short", path,
                  jobs->count, (unsigned long long)h->jobs);
        return CLI_DATAERR;
    }
    if (orders != h->orders) {
        cli_error(cmd, "%s: its jobs' counts add up to %llu move orders where its header says %llu",
                  path, (unsigned long long)orders, (unsigned long long)h->orders);
        return CLI_DATAERR;
    }
    answered *sorted = malloc(jobs->count * sizeof *sorted);
    if (!sorted) {
        cli_error(cmd, "out of memory");
        return CLI_SOFTWARE;
    }
    memcpy(sorted, jobs->items, jobs->count * sizeof *sorted);
    qsort(sorted, jobs->count, sizeof *sorted, by_key);
    for (size_t i = 1; i < jobs->count && status == 0; i++)
        if (strcmp(sorted[i - 1].key, sorted[i].key) == 0) {
            const answered *a = sorted[i - 1].line < sorted[i].line ? &sorted[i] : &sorted[i - 1];
            cli_error(cmd, "%s:%lu: job '%s' is listed twice", path, a->line, a->key);
            status = CLI_DATAERR;
        }
    free(sorted);
    return status;
}

/* --variant and --chess960 may repeat what the job or result file `path` says, never
 * contradict it. */
static int check_mode(const perft_run *o, const job_header *h, const char *path)
{
    const cli_common *c = &o->common;
    if (!c->variant_given) return 0;
    /* --chess960 alone leaves the variant standard: only a variant named is compared. */
    int named = c->variant != RF_VARIANT_STANDARD || !c->chess960;
    if ((named && c->variant != h->variant) || (c->chess960 && !h->chess960)) {
        return cli_usage(c->command, "%s%s contradicts the %s file %s (variant %s%s)",
                         named ? "--variant " : "--chess960",
                         named ? rf_variant_name(c->variant) : "",
                         path == o->jobs ? "job" : "result", path,
                         rf_variant_name(h->variant), h->chess960 ? ", chess960" : "");
    }
    return 0;
}

int perft_run_jobs(const perft_run *o)
{
    job_header h;
    key_list jobs = {NULL, 0, 0};
    int status = job_file_read(o, o->jobs, &h, &jobs);
    if (status == 0) status = check_mode(o, &h, o->jobs);
    if (status == 0 && o->part_n > h.jobs) {
        cli_usage(o->common.command, "--part %lu/%lu: the job file %s has only %llu jobs",
                  o->part_k, o->part_n, o->jobs, (unsigned long long)h.jobs);
        status = CLI_USAGE;
    }
    if (status) {
        key_free(&jobs);
        return cli_finish(o->common.command, status);
    }
    h.part_k = o->part_k;
    h.part_n = o->part_n;
    header_write(o, &h, 1);
    fflush(stdout);
    const cli_common *c = &o->common;
    unsigned long counted = 0;
    rf_count total = {0, 0};
    for (size_t i = o->part_k - 1; i < jobs.count; i += o->part_n) {
        job jb;
        rf_position pos;
        rf_error err;
        /* Both were read and checked whole by job_file_read. */
        if (!parse_job(jobs.items[i].key, &jb) ||
            rf_position_parse(&pos, jb.fen, jb.fen_len, h.variant,
                              h.chess960 ? RF_PARSE_CHESS960 : 0, c->accept, &err) != RF_OK) {
            cli_error(c->command, "%s:%lu: the job cannot be read again", o->jobs,
                      jobs.items[i].line);
            status = CLI_SOFTWARE;
            break;
        }
        rf_count nodes, scaled = {0, 0};
        if ((status = perft_count_nodes(o, &pos, (int)jb.depth, &nodes, NULL)) != 0) break;
        cli_count_add_product(&scaled, nodes, jb.count);
        cli_count_add(&total, scaled);
        counted++;
        if (c->json) {
            cli_json j;
            cli_json_answer(&j);
            cli_json_kint(&j, "depth", jb.depth);
            cli_json_kint(&j, "count", (long long)jb.count);
            cli_json_key(&j, "fen");
            cli_json_string(&j, jb.fen, jb.fen_len);
            cli_json_kcount(&j, "nodes", scaled);
            cli_json_end(&j);
        } else {
            char text[48];
            rf_count_format(text, sizeof text, scaled);
            printf("%s %s\n", text, jobs.items[i].key);
        }
        fflush(stdout);
    }
    key_free(&jobs);
    /* The total line says that every job was counted: it is left out after an error, so that a
     * partial total can never be taken for the whole. */
    if (status == 0) print_total(o, total, "jobs", counted);
    return cli_finish(o->common.command, status ? status : CLI_OK);
}

/* ---- --sum ---------------------------------------------------------------------------------- */

/* Reads one result file into `results`, adding its lines to *sum; *first is the header of the
 * first result file read (have_first 0: none yet), whose split every other file must answer.
 * 0 or an exit code. */
static int read_results(const perft_run *o, const char *path, key_list *results, rf_count *sum,
                        job_header *first, int *have_first, const char *first_path)
{
    FILE *f = perft_open_input(o, path);
    if (!f) return CLI_NOINPUT;
    static cli_lines lines;
    cli_lines_start(&lines, f);
    const char *cmd = o->common.command;
    rf_count mine = {0, 0}, said = {0, 0};
    int have_total = 0;
    job_header h;
    int status = header_read(o, &lines, path, 1, &h);
    if (status == 0 && *have_first && h.fingerprint != first->fingerprint) {
        cli_error(cmd, "%s: results of another split (fingerprint %016llx) than %s's (%016llx): "
                       "add up the results of one job file",
                  path, (unsigned long long)h.fingerprint, first_path,
                  (unsigned long long)first->fingerprint);
        status = CLI_DATAERR;
    }
    if (status == 0 && !*have_first) {
        *first = h;
        *have_first = 1;
    }
    while (status == 0 && cli_lines_next(&lines)) {
        const char *p = lines.buf;
        if (lines.len == 0 || p[0] == '#') continue;
        if (!lines.ended) {
            cli_error(cmd, "%s:%lu: the last line is cut short (no newline)", path, lines.no);
            status = CLI_DATAERR;
        } else if (have_total) {
            cli_error(cmd, "%s:%lu: a line after the total line", path, lines.no);
            status = CLI_DATAERR;
        } else if (strncmp(p, "Nodes searched: ", 16) == 0) {
            if (!cli_count_parse(p + 16, lines.len - 16, &said)) {
                cli_error(cmd, "%s:%lu: expected 'Nodes searched: N'", path, lines.no);
                status = CLI_DATAERR;
            }
            have_total = 1;
        } else {
            size_t n = strcspn(p, " ");
            rf_count nodes;
            job jb;
            if (p[0] == '{') {
                cli_error(cmd, "%s:%lu: --sum reads the text form of --jobs, not JSON", path,
                          lines.no);
                status = CLI_DATAERR;
            } else if (lines.too_long || memchr(p, '\0', lines.len) ||
                       !cli_count_parse(p, n, &nodes) || !parse_job(p + n, &jb)) {
                cli_error(cmd, "%s:%lu: expected 'NODES DEPTH COUNT FEN'", path, lines.no);
                status = CLI_DATAERR;
            } else if ((status = job_check(o, &h, &jb, 0, path, lines.no)) != 0) {
                break;
            } else if (!key_add(results, job_key(&jb), path, lines.no)) {
                cli_error(cmd, "out of memory");
                status = CLI_SOFTWARE;
            } else {
                cli_count_add(&mine, nodes);
            }
        }
    }
    perft_close_input(f);
    if (status) return status;
    if (!have_total) {
        cli_error(cmd, "%s: no 'Nodes searched' line: the file is cut short, or its --jobs run "
                       "did not finish",
                  path);
        return CLI_DATAERR;
    }
    if (mine.hi != said.hi || mine.lo != said.lo) {
        cli_error(cmd, "%s: its lines do not add up to its total line", path);
        return CLI_DATAERR;
    }
    cli_count_add(sum, mine);
    return 0;
}

/* Every job answered exactly once, and nothing else answered. 0 or CLI_DATAERR. */
static int check_answers(const perft_run *o, key_list *jobs, key_list *results)
{
    const char *cmd = o->common.command;
    int status = 0;
    /* Each kind of fault is one line: the first instance, and how many more there are. */
    size_t twice = 0;
    const answered *first = NULL, *again = NULL;
    if (results->count) qsort(results->items, results->count, sizeof *results->items, by_key);
    for (size_t i = 1; i < results->count; i++) {
        const answered *a = &results->items[i - 1], *b = &results->items[i];
        if (strcmp(a->key, b->key) != 0 || (i > 1 && strcmp(results->items[i - 2].key, a->key) == 0))
            continue;
        if (!twice++) {
            first = a;
            again = b;
        }
    }
    if (twice) {
        char more[64] = "";
        if (twice > 1) snprintf(more, sizeof more, "; %zu more jobs answered twice", twice - 1);
        cli_error(cmd, "%s:%lu: job '%s' is answered again (first at %s:%lu%s)", again->file,
                  again->line, again->key, first->file, first->line, more);
        status = CLI_DATAERR;
    }
    if (!jobs) return status;
    if (jobs->count) qsort(jobs->items, jobs->count, sizeof *jobs->items, by_key);
    size_t unknown = 0, missing = 0;
    const answered *stray = NULL, *lost = NULL;
    for (size_t i = 0; i < results->count; i++) {
        answered *r = &results->items[i];
        answered *j = jobs->count ? bsearch(r, jobs->items, jobs->count, sizeof *jobs->items, by_key)
                                  : NULL;
        if (j)
            j->hits++;
        else if (!unknown++ || r->line < stray->line)
            stray = r;
    }
    /* The missing job named is the first in the job file. */
    for (size_t i = 0; i < jobs->count; i++)
        if (!jobs->items[i].hits && (!missing++ || jobs->items[i].line < lost->line))
            lost = &jobs->items[i];
    if (unknown) {
        cli_error(cmd, "%s:%lu: job '%s' is not in %s (and %zu more)", stray->file, stray->line,
                  stray->key, o->jobs, unknown - 1);
        status = CLI_DATAERR;
    }
    if (missing) {
        cli_error(cmd, "%s:%lu: job '%s' is not answered (and %zu more)", o->jobs, lost->line,
                  lost->key, missing - 1);
        status = CLI_DATAERR;
    }
    return status;
}

int perft_run_sum(const perft_run *o, int nfiles, char **files)
{
    const char *cmd = o->common.command;
    key_list results = {NULL, 0, 0}, jobs = {NULL, 0, 0};
    rf_count total = {0, 0};
    job_header first;
    int have_first = 0, status = 0;
    const char *first_path = NULL;
    if (o->jobs) {
        status = job_file_read(o, o->jobs, &first, &jobs);
        have_first = status == 0;
        first_path = o->jobs;
        if (status == 0) status = check_mode(o, &first, o->jobs);
    }
    for (int i = 0; i < nfiles && status == 0; i++) {
        status = read_results(o, files[i], &results, &total, &first, &have_first,
                              first_path ? first_path : files[i]);
        if (!first_path) {
            first_path = files[i];
            if (status == 0) status = check_mode(o, &first, first_path);
        }
    }
    if (status == 0) status = check_answers(o, o->jobs ? &jobs : NULL, &results);
    /* Without the job file, its header says how many jobs there are: a part missing is still
     * found (named by --jobs). */
    if (status == 0 && results.count != first.jobs) {
        cli_error(cmd, "%zu of the split's %llu jobs are answered: the results of a part are "
                       "missing (with --jobs JOBS, --sum names the jobs not answered)",
                  results.count, (unsigned long long)first.jobs);
        status = CLI_DATAERR;
    }
    if (status == 0) print_total(o, total, "results", results.count);
    key_free(&results);
    key_free(&jobs);
    return cli_finish(cmd, status ? status : CLI_OK);
}
