/*
 * perft_job_file.c - the job files of `rankfile perft --split` and the result files of
 * `--jobs`: their header, and their lines read into lists of job keys (the library's perft
 * plan writes, reads and keys the lines themselves).
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
 * results of two different splits, and a header edited by hand no longer matches it.
 */
#include "perft_cli.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#define JOBS_MAGIC "# rankfile perft jobs"
#define RESULTS_MAGIC "# rankfile perft results"

static const char *const header_keys[] = {"variant", "chess960",    "root",        "depth", "split",
                                          "jobs",    "move orders", "fingerprint", "part"};

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

uint64_t perft_header_fingerprint(const job_header *h)
{
    char fields[2 * RF_FEN_MAX + 256];
    return rf__perft_hash(fields, header_fields(fields, sizeof fields, h));
}

void perft_header_write(const perft_run *o, const job_header *h, int results)
{
    char fields[2 * RF_FEN_MAX + 256], fp[17], part[48];
    header_fields(fields, sizeof fields, h);
    snprintf(fp, sizeof fp, "%016llx", (unsigned long long)h->fingerprint);
    snprintf(part, sizeof part, "%lu/%lu", h->part_k, h->part_n);
    if (o->common.json) {
        cli_json j;
        cli_json_answer(&j, &o->common);
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
    fprintf(o->common.io->out, "%s\n%s# fingerprint: %s\n", results ? RESULTS_MAGIC : JOBS_MAGIC, fields, fp);
    if (results) fprintf(o->common.io->out, "# part: %s\n", part);
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

/* The header's first line. 0, or an exit code after a one-line error. */
static int header_magic(const perft_run *o, cli_lines *l, const char *path, int results)
{
    const cli_common *cmd = &o->common;
    const char *magic = results ? RESULTS_MAGIC : JOBS_MAGIC;
    const char *what = results ? "a result file of 'rankfile perft --jobs'"
                               : "a job file of 'rankfile perft --split'";
    if (!cli_lines_next(l)) {
        cli_error(cmd, "%s: the file is empty: no jobs (expected %s)", path, what);
        return CLI_DATAERR;
    }
    if (!l->too_long && strcmp(l->buf, magic) == 0) return 0;
    if (l->buf[0] == '{')
        cli_error(cmd, "%s:%lu: --%s reads the text form of --%s, not JSON", path, l->no,
                  results ? "sum" : "jobs", results ? "jobs" : "split");
    else if (!results && strncmp(l->buf, JOBS_MAGIC ":", strlen(JOBS_MAGIC) + 1) == 0)
        cli_error(cmd, "%s:%lu: a job file of an older rankfile, which does not say the variant "
                       "and depth it was split for: split again",
                  path, l->no);
    else
        cli_error(cmd, "%s:%lu: not %s (its first line is not '%s')", path, l->no, what, magic);
    return CLI_DATAERR;
}

/* The variant line's value: its exact name. 1, 0 when it is not one, -1 after the error of a
 * variant this rankfile does not play. */
static int header_variant(const perft_run *o, job_header *h, const char *v, size_t vl,
                          const char *path, unsigned long no)
{
    int c960 = 0;
    if (rf_variant_from_name(&h->variant, &c960, v, vl) != RF_OK || c960 ||
        strlen(rf_variant_name(h->variant)) != vl || memcmp(rf_variant_name(h->variant), v, vl))
        return 0;
    if (rf_variant_available(h->variant)) return 1;
    cli_error(&o->common, "%s:%lu: this rankfile does not play %s", path, no,
              rf_variant_name(h->variant));
    return -1;
}

/* The fingerprint line's value: 16 lowercase hex digits, the hash of `fields`. As above. */
static int header_fingerprint(const perft_run *o, job_header *h, const char *v, size_t vl,
                              const char *path, unsigned long no, const char *fields, size_t used)
{
    uint64_t n = 0;
    if (vl != 16) return 0;
    for (size_t i = 0; i < vl; i++) {
        int d = isdigit((unsigned char)v[i]) ? v[i] - '0'
                : v[i] >= 'a' && v[i] <= 'f' ? v[i] - 'a' + 10
                                              : -1;
        if (d < 0) return 0;
        n = n << 4 | (uint64_t)d;
    }
    if (n != rf__perft_hash(fields, used)) {
        cli_error(&o->common, "%s:%lu: the fingerprint does not match the header's lines: "
                                     "the header was changed",
                  path, no);
        return -1;
    }
    h->fingerprint = n;
    return 1;
}

/* The value of header line k (of header_keys). 1 good, 0 not valid, -1 after an error. */
static int header_value(const perft_run *o, job_header *h, int k, const char *v, size_t vl,
                        const char *path, unsigned long no, const char *fields, size_t used)
{
    uint64_t n = 0;
    int good;
    switch (k) {
    case 0: return header_variant(o, h, v, vl, path, no);
    case 1:
        h->chess960 = vl == 3;
        return (vl == 3 && memcmp(v, "yes", 3) == 0) || (vl == 2 && memcmp(v, "no", 2) == 0);
    case 2:
        good = vl > 0 && vl < sizeof h->root;
        if (good) memcpy(h->root, v, vl);
        return good;
    case 3:
        good = cli_number_u64(v, vl, &n) && n <= MAX_DEPTH;
        h->depth = (long)n;
        return good;
    case 4:
        good = cli_number_u64(v, vl, &n) && n >= 1 && n <= 6 && (long)n <= h->depth;
        h->split = (long)n;
        return good;
    case 5: return cli_number_u64(v, vl, &h->jobs) && h->jobs >= 1;
    case 6: return cli_number_u64(v, vl, &h->orders) && h->orders >= h->jobs;
    case 7: return header_fingerprint(o, h, v, vl, path, no, fields, used);
    default: return perft_parse_part(v, vl, &h->part_k, &h->part_n);
    }
}

/* Header line k: "# KEY: VALUE", added to `fields` (the fingerprint's text) when it is one of
 * the seven it covers. 0, or an exit code after a one-line error. */
static int header_line(const perft_run *o, cli_lines *l, const char *path, int k, job_header *h,
                       char *fields, size_t *used)
{
    const cli_common *cmd = &o->common;
    const char *key = header_keys[k];
    size_t kl = strlen(key);
    if (!cli_lines_next(l) || !l->ended) {
        cli_error(cmd, "%s: the header is cut short (no '# %s:' line)", path, key);
        return CLI_DATAERR;
    }
    if (l->too_long || l->len < kl + 4 || strncmp(l->buf, "# ", 2) != 0 ||
        strncmp(l->buf + 2, key, kl) != 0 || strncmp(l->buf + 2 + kl, ": ", 2) != 0 ||
        memchr(l->buf, '\0', l->len)) {
        cli_error(cmd, "%s:%lu: expected the header line '# %s: ...'", path, l->no, key);
        return CLI_DATAERR;
    }
    if (k < 7) {
        if (*used + l->len + 1 >= 2 * RF_FEN_MAX + 256) {
            cli_error(cmd, "%s:%lu: the header line is too long", path, l->no);
            return CLI_DATAERR;
        }
        memcpy(fields + *used, l->buf, l->len);
        *used += l->len;
        fields[(*used)++] = '\n';
    }
    const char *v = l->buf + kl + 4;
    size_t vl = l->len - kl - 4;
    int good = header_value(o, h, k, v, vl, path, l->no, fields, *used);
    if (good < 0) return CLI_DATAERR;
    if (!good) {
        char shown[64];
        cli_error(cmd, "%s:%lu: '%s' is not a valid %s", path, l->no, cli_shown(v, vl, shown), key);
        return CLI_DATAERR;
    }
    return 0;
}

int perft_header_read(const perft_run *o, cli_lines *l, const char *path, int results,
                      job_header *h)
{
    memset(h, 0, sizeof *h);
    h->part_k = h->part_n = 1;
    int st = header_magic(o, l, path, results);
    char fields[2 * RF_FEN_MAX + 256];
    size_t used = 0;
    for (int k = 0; st == 0 && k < (results ? 9 : 8); k++)
        st = header_line(o, l, path, k, h, fields, &used);
    if (st) return st;
    rf_position pos;
    rf_error err;
    const cli_common *cmd = &o->common;
    if (rf_position_parse(&pos, h->root, strlen(h->root), h->variant,
                          h->chess960 ? RF_PARSE_CHESS960 : 0, o->common.accept, &err) != RF_OK) {
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

/* ---- lists of jobs -------------------------------------------------------------------------- */

int perft_list_add(job_list *l, const rf__perft_job_line *j, const char *file, unsigned long line)
{
    if (l->index.count == l->cap) {
        size_t cap = l->cap ? l->cap * 2 : 256;
        job_place *p = realloc(l->at, cap * sizeof *p);
        if (!p) return 0;
        l->at = p;
        l->cap = cap;
    }
    job_place at = {file, line, 0};
    l->at[l->index.count] = at;
    return rf__perft_index_add(&l->index, j, l->index.count, NULL) == RF_OK;
}

void perft_list_free(job_list *l)
{
    rf__perft_index_free(&l->index);
    free(l->at);
    l->at = NULL;
    l->cap = 0;
}

int perft_job_check(const perft_run *o, const job_header *h, const rf__perft_job_line *jb,
                    int positions, const char *path, unsigned long no)
{
    const cli_common *cmd = &o->common;
    if (jb->depth != h->depth - h->split) {
        cli_error(cmd, "%s:%lu: a job of depth %d in a split of depth %ld at ply %ld (expected "
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

/* A job line of a job file into *jobs. 0, or an exit code after a one-line error. */
static int job_line(const perft_run *o, const cli_lines *l, const char *path, const job_header *h,
                    job_list *jobs, uint64_t *orders)
{
    const cli_common *cmd = &o->common;
    rf__perft_job_line jb;
    int st;
    if (l->too_long || !l->ended || memchr(l->buf, '\0', l->len) ||
        !rf__perft_job_parse(&jb, l->buf, l->len, 0)) {
        cli_error(cmd, "%s:%lu: expected 'DEPTH COUNT FEN'%s", path, l->no,
                  l->ended ? "" : " (the file is cut short)");
        return CLI_DATAERR;
    }
    if ((st = perft_job_check(o, h, &jb, 1, path, l->no)) != 0) return st;
    if (jobs->index.count == h->jobs) {
        cli_error(cmd, "%s:%lu: more jobs than the header's %llu", path, l->no,
                  (unsigned long long)h->jobs);
        return CLI_DATAERR;
    }
    if (!perft_list_add(jobs, &jb, path, l->no)) {
        cli_error(cmd, "out of memory");
        return CLI_SOFTWARE;
    }
    *orders += jb.count;
    return 0;
}

/* The jobs of a whole file: as many as its header says, with the move orders it says, each
 * once (the index sorted). 0, or an exit code after a one-line error. */
static int job_file_check(const perft_run *o, const char *path, const job_header *h,
                          job_list *jobs, uint64_t orders)
{
    const cli_common *cmd = &o->common;
    if (jobs->index.count < h->jobs) {
        cli_error(cmd, "%s: %zu jobs where its header says %llu: the file is cut short", path,
                  jobs->index.count, (unsigned long long)h->jobs);
        return CLI_DATAERR;
    }
    if (orders != h->orders) {
        cli_error(cmd, "%s: its jobs' counts add up to %llu move orders where its header says %llu",
                  path, (unsigned long long)orders, (unsigned long long)h->orders);
        return CLI_DATAERR;
    }
    rf__perft_index_sort(&jobs->index);
    const rf__perft_key *k = jobs->index.keys;
    for (size_t i = 1; i < jobs->index.count; i++)
        if (strcmp(k[i - 1].text, k[i].text) == 0) {
            /* Equal keys keep their file order: the second is the one listed again. */
            cli_error(cmd, "%s:%lu: job '%s' is listed twice", path, jobs->at[k[i].item].line,
                      k[i].text);
            return CLI_DATAERR;
        }
    return 0;
}

int perft_job_file_read(const perft_run *o, const char *path, job_header *h, job_list *jobs)
{
    FILE *f = perft_open_input(o, path);
    if (!f) return CLI_NOINPUT;
    cli_lines *lines = o->lines;
    cli_lines_start(lines, f, o->common.io->out);
    int status = perft_header_read(o, lines, path, 0, h);
    uint64_t orders = 0;
    while (status == 0 && cli_lines_next(lines))
        if (lines->len && lines->buf[0] != '#')
            status = job_line(o, lines, path, h, jobs, &orders);
    perft_close_input(o, f);
    return status ? status : job_file_check(o, path, h, jobs, orders);
}

/* ---- result files --------------------------------------------------------------------------- */

/* The header of a result file, checked against the first one read (*have_first 0: none yet;
 * then this one is the first). 0, or an exit code after a one-line error. */
static int results_header(const perft_run *o, cli_lines *l, const char *path, job_header *h,
                          job_header *first, int *have_first, const char *first_path)
{
    int status = perft_header_read(o, l, path, 1, h);
    if (status == 0 && *have_first && h->fingerprint != first->fingerprint) {
        cli_error(&o->common, "%s: results of another split (fingerprint %016llx) than "
                                     "%s's (%016llx): add up the results of one job file",
                  path, (unsigned long long)h->fingerprint, first_path,
                  (unsigned long long)first->fingerprint);
        status = CLI_DATAERR;
    }
    if (status == 0 && !*have_first) {
        *first = *h;
        *have_first = 1;
    }
    return status;
}

/* One result line "NODES DEPTH COUNT FEN" into *results and *mine. As above. */
static int result_line(const perft_run *o, const cli_lines *l, const char *path,
                       const job_header *h, job_list *results, rf_count *mine)
{
    const cli_common *cmd = &o->common;
    rf_count nodes;
    rf__perft_job_line jb;
    int st;
    if (l->buf[0] == '{') {
        cli_error(cmd, "%s:%lu: --sum reads the text form of --jobs, not JSON", path, l->no);
        return CLI_DATAERR;
    }
    if (l->too_long || memchr(l->buf, '\0', l->len) ||
        !rf__perft_result_parse(&nodes, &jb, l->buf, l->len, 0)) {
        cli_error(cmd, "%s:%lu: expected 'NODES DEPTH COUNT FEN'", path, l->no);
        return CLI_DATAERR;
    }
    if ((st = perft_job_check(o, h, &jb, 0, path, l->no)) != 0) return st;
    if (!perft_list_add(results, &jb, path, l->no)) {
        cli_error(cmd, "out of memory");
        return CLI_SOFTWARE;
    }
    rf__count_add(mine, nodes);
    return 0;
}

/* The lines after a result file's header: results, then the total line, which must be last
 * and say what they add up to. As above. */
static int result_lines(const perft_run *o, cli_lines *l, const char *path, const job_header *h,
                        job_list *results, rf_count *mine)
{
    const cli_common *cmd = &o->common;
    rf_count said = {0, 0};
    int have_total = 0, status = 0;
    while (status == 0 && cli_lines_next(l)) {
        const char *p = l->buf;
        if (l->len == 0 || p[0] == '#') continue;
        if (!l->ended) {
            cli_error(cmd, "%s:%lu: the last line is cut short (no newline)", path, l->no);
            status = CLI_DATAERR;
        } else if (have_total) {
            cli_error(cmd, "%s:%lu: a line after the total line", path, l->no);
            status = CLI_DATAERR;
        } else if (strncmp(p, "Nodes searched: ", 16) == 0) {
            if (!rf__count_parse(p + 16, l->len - 16, &said)) {
                cli_error(cmd, "%s:%lu: expected 'Nodes searched: N'", path, l->no);
                status = CLI_DATAERR;
            }
            have_total = 1;
        } else {
            status = result_line(o, l, path, h, results, mine);
        }
    }
    if (status) return status;
    if (!have_total) {
        cli_error(cmd, "%s: no 'Nodes searched' line: the file is cut short, or its --jobs run "
                       "did not finish",
                  path);
        return CLI_DATAERR;
    }
    if (mine->hi != said.hi || mine->lo != said.lo) {
        cli_error(cmd, "%s: its lines do not add up to its total line", path);
        return CLI_DATAERR;
    }
    return 0;
}

int perft_results_read(const perft_run *o, const char *path, job_list *results, rf_count *sum,
                       job_header *first, int *have_first, const char *first_path)
{
    FILE *f = perft_open_input(o, path);
    if (!f) return CLI_NOINPUT;
    cli_lines *lines = o->lines;
    cli_lines_start(lines, f, o->common.io->out);
    rf_count mine = {0, 0};
    job_header h;
    int status = results_header(o, lines, path, &h, first, have_first, first_path);
    if (status == 0) status = result_lines(o, lines, path, &h, results, &mine);
    perft_close_input(o, f);
    if (status == 0) rf__count_add(sum, mine);
    return status;
}
