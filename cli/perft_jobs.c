/*
 * perft_jobs.c - one deep count spread over processes or machines: `rankfile perft --split`
 * writes a job file, `--jobs` counts its jobs (or a part of them), `--sum` adds up the results.
 * The library's perft plan splits the tree, writes and reads the lines and adds the counts;
 * the files are read by perft_job_file.c.
 */
#include "perft_cli.h"

#include <stdlib.h>
#include <string.h>

/* A job file holds at most this many move orders (positions before merging). */
#define SPLIT_MAX_POSITIONS 20000000

static void print_total(const perft_run *o, rf_count total, const char *key, size_t n)
{
    if (o->common.json) {
        cli_json j;
        cli_json_answer(&j, &o->common);
        cli_json_kcount(&j, "nodes", total);
        cli_json_kint(&j, key, (long long)n);
        cli_json_end(&j);
        return;
    }
    char text[48];
    rf_count_format(text, sizeof text, total);
    fprintf(o->common.io->out, "Nodes searched: %s\n", text);
}
static int check_mode(const perft_run *o, const job_header *h, const char *path)
{
    const cli_common *c = &o->common;
    if (!c->variant_given) return 0;
    /* --chess960 alone leaves the variant standard: only a variant named is compared. */
    int named = c->variant != RF_VARIANT_STANDARD || !c->chess960;
    if ((named && c->variant != h->variant) || (c->chess960 && !h->chess960)) {
        return cli_usage(c, "%s%s contradicts the %s file %s (variant %s%s)",
                         named ? "--variant " : "--chess960",
                         named ? rf_variant_name(c->variant) : "",
                         path == o->jobs ? "job" : "result", path,
                         rf_variant_name(h->variant), h->chess960 ? ", chess960" : "");
    }
    return 0;
}

/* ---- --split ------------------------------------------------------------------------------ */

/* Prints the jobs of a split, in the order of their FENs (texts): "DEPTH COUNT FEN" or
 * {"depth","count","fen"} each. */
static void print_jobs(const perft_run *o, const rf__perft_split *split,
                       const rf__perft_texts *texts, int depth)
{
    for (size_t i = 0; i < split->count; i++) {
        const rf__perft_job *job = &split->jobs[i];
        const char *fen = texts->fen[i];
        if (o->common.json) {
            cli_json j;
            cli_json_answer(&j, &o->common);
            cli_json_kint(&j, "depth", depth);
            cli_json_kint(&j, "count", (long long)job->count);
            cli_json_kstr(&j, "fen", fen);
            cli_json_end(&j);
        } else {
            char line[RF_FEN_MAX + 64];
            rf__perft_job_line jl = {NULL, 0, depth, job->count, fen, strlen(fen)};
            rf__perft_job_format(line, sizeof line, &jl);
            fprintf(o->common.io->out, "%s\n", line);
        }
    }
}

/* The split of *pos for the job file of header *h (its ply and castling notation), its jobs'
 * FENs written, in the file's order. 0, or an exit code after a one-line error. */
static int split_jobs(const perft_run *o, const rf_position *pos, const job_header *h,
                      rf__perft_split *split, rf__perft_texts *texts)
{
    rf_error err;
    rf_status st = rf__perft_split_make(split, pos, (int)h->split, 0, SPLIT_MAX_POSITIONS, &err);
    if (st == RF_ERR_ARGUMENT) {
        cli_error(&o->common, "--split %ld gives more than %d positions; split at a lower ply",
                  h->split, SPLIT_MAX_POSITIONS);
        return CLI_USAGE;
    }
    if (st == RF_OK && !split->count) {
        /* A job file always has jobs: a split of none would read as a count of nothing. */
        cli_error(&o->common, "no position is %ld plies below this one (the game ends "
                              "sooner): nothing to split; count it directly",
                  h->split);
        return CLI_DATAERR;
    }
    if (st == RF_OK && (st = rf__perft_split_texts(texts, split, h->fen_flags, &err)) != RF_OK)
        rf__perft_split_free(split);
    if (st != RF_OK) {
        cli_error(&o->common, "%s", err.message);
        return CLI_SOFTWARE;
    }
    return 0;
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
    rf__perft_split split;
    rf__perft_texts texts;
    if ((st = split_jobs(o, &pos, &h, &split, &texts)) != 0) return st;
    h.jobs = split.count;
    h.orders = split.orders;
    h.fingerprint = perft_header_fingerprint(&h);
    perft_header_write(o, &h, 0);
    print_jobs(o, &split, &texts, (int)(depth - o->split));
    rf__perft_texts_free(&texts);
    rf__perft_split_free(&split);
    return cli_finish(&o->common, CLI_OK);
}

/* ---- --jobs ------------------------------------------------------------------------------- */

/* Counts the job of key `key` (its nodes times its count into *scaled) and prints its result
 * line. 0, or an exit code after a one-line error. */
static int count_job(const perft_run *o, const job_header *h, const char *key, rf_count *scaled)
{
    const cli_common *c = &o->common;
    rf__perft_job_line jb;
    rf_position pos;
    rf_count nodes;
    /* The key was read and checked whole by perft_job_file_read. */
    if (!rf__perft_job_parse(&jb, key, strlen(key), 0) ||
        rf_position_parse(&pos, jb.fen, jb.fen_len, h->variant,
                          h->chess960 ? RF_PARSE_CHESS960 : 0, c->accept, NULL) != RF_OK)
        return -1;
    int status = perft_count_nodes(o, &pos, jb.depth, &nodes, NULL);
    if (status) return status;
    scaled->hi = scaled->lo = 0;
    rf__count_add_product(scaled, nodes, jb.count);
    if (c->json) {
        cli_json j;
        cli_json_answer(&j, &o->common);
        cli_json_kint(&j, "depth", jb.depth);
        cli_json_kint(&j, "count", (long long)jb.count);
        cli_json_key(&j, "fen");
        cli_json_string(&j, jb.fen, jb.fen_len);
        cli_json_kcount(&j, "nodes", *scaled);
        cli_json_end(&j);
    } else {
        size_t cap = rf__perft_result_format(NULL, 0, *scaled, key, strlen(key)) + 1;
        char *line = malloc(cap);
        if (!line) return CLI_SOFTWARE;
        rf__perft_result_format(line, cap, *scaled, key, strlen(key));
        fprintf(o->common.io->out, "%s\n", line);
        free(line);
    }
    fflush(o->common.io->out);
    return 0;
}

/* Counts part K/N of the jobs (keys[i]: the job at place i of the file, jobs->at[i] where it
 * is) and prints the total
 * when every one was counted. The exit code. */
static int count_part(const perft_run *o, const job_header *h, const char **keys,
                      const job_list *jobs)
{
    size_t n = jobs->index.count;
    unsigned long counted = 0;
    rf_count total = {0, 0}, scaled;
    int status = 0;
    for (size_t i = o->part_k - 1; i < n && status == 0; i += o->part_n) {
        status = count_job(o, h, keys[i], &scaled);
        if (status < 0) {
            cli_error(&o->common, "%s:%lu: the job cannot be read again", o->jobs,
                      jobs->at[i].line);
            status = CLI_SOFTWARE;
        }
        if (status == 0) {
            rf__count_add(&total, scaled);
            counted++;
        }
    }
    /* The total line says that every job was counted: it is left out after an error, so that a
     * partial total can never be taken for the whole. */
    if (status == 0) print_total(o, total, "jobs", counted);
    return cli_finish(&o->common, status ? status : CLI_OK);
}

int perft_run_jobs(const perft_run *o)
{
    job_header h;
    job_list jobs = {{NULL, 0, 0}, NULL, 0};
    int status = perft_job_file_read(o, o->jobs, &h, &jobs);
    if (status == 0) status = check_mode(o, &h, o->jobs);
    if (status == 0 && o->part_n > h.jobs) {
        cli_usage(&o->common, "--part %lu/%lu: the job file %s has only %llu jobs",
                  o->part_k, o->part_n, o->jobs, (unsigned long long)h.jobs);
        status = CLI_USAGE;
    }
    const char **keys = status ? NULL : malloc(jobs.index.count * sizeof *keys);
    if (status == 0 && !keys) {
        cli_error(&o->common, "out of memory");
        status = CLI_SOFTWARE;
    }
    if (status) {
        perft_list_free(&jobs);
        return cli_finish(&o->common, status);
    }
    /* Back in file order: the parts are every N-th job of the file. */
    for (size_t i = 0; i < jobs.index.count; i++)
        keys[jobs.index.keys[i].item] = jobs.index.keys[i].text;
    h.part_k = o->part_k;
    h.part_n = o->part_n;
    perft_header_write(o, &h, 1);
    fflush(o->common.io->out);
    status = count_part(o, &h, keys, &jobs);
    free(keys);
    perft_list_free(&jobs);
    return status;
}

/* ---- --sum -------------------------------------------------------------------------------- */

/* No job answered twice (the index sorted). 0 or CLI_DATAERR after a one-line error. */
static int answered_once(const perft_run *o, const job_list *results)
{
    const rf__perft_key *k = results->index.keys;
    size_t twice = 0;
    const rf__perft_key *first = NULL, *again = NULL;
    /* Each kind of fault is one line: the first instance, and how many more there are. */
    for (size_t i = 1; i < results->index.count; i++) {
        if (strcmp(k[i - 1].text, k[i].text) != 0 ||
            (i > 1 && strcmp(k[i - 2].text, k[i - 1].text) == 0))
            continue;
        if (!twice++) {
            first = &k[i - 1];
            again = &k[i];
        }
    }
    if (!twice) return 0;
    char more[64] = "";
    if (twice > 1) snprintf(more, sizeof more, "; %zu more jobs answered twice", twice - 1);
    const job_place *a = &results->at[again->item], *f = &results->at[first->item];
    cli_error(&o->common, "%s:%lu: job '%s' is answered again (first at %s:%lu%s)", a->file,
              a->line, again->text, f->file, f->line, more);
    return CLI_DATAERR;
}

/* Every job of the job file answered, and nothing else (both indexes sorted). 0 or
 * CLI_DATAERR after a one-line error per fault. */
static int answered_all(const perft_run *o, job_list *jobs, const job_list *results)
{
    const cli_common *cmd = &o->common;
    size_t unknown = 0, missing = 0;
    const rf__perft_key *stray = NULL, *lost = NULL;
    for (size_t i = 0; i < results->index.count; i++) {
        const rf__perft_key *r = &results->index.keys[i];
        const rf__perft_key *j = rf__perft_index_find(&jobs->index, r->text);
        if (j)
            jobs->at[j->item].hits++;
        else if (!unknown++ || results->at[r->item].line < results->at[stray->item].line)
            stray = r;
    }
    /* The missing job named is the first in the job file. */
    for (size_t i = 0; i < jobs->index.count; i++) {
        const rf__perft_key *j = &jobs->index.keys[i];
        if (!jobs->at[j->item].hits && (!missing++ || j->item < lost->item)) lost = j;
    }
    if (unknown)
        cli_error(cmd, "%s:%lu: job '%s' is not in %s (and %zu more)",
                  results->at[stray->item].file, results->at[stray->item].line, stray->text,
                  o->jobs, unknown - 1);
    if (missing)
        cli_error(cmd, "%s:%lu: job '%s' is not answered (and %zu more)", o->jobs,
                  jobs->at[lost->item].line, lost->text, missing - 1);
    return unknown || missing ? CLI_DATAERR : 0;
}

/* Reads the job file (with --jobs) and every result file. 0, or an exit code. */
static int read_all(const perft_run *o, int nfiles, char **files, job_list *jobs,
                    job_list *results, rf_count *total, job_header *first)
{
    int have_first = 0, status = 0;
    const char *first_path = NULL;
    if (o->jobs) {
        status = perft_job_file_read(o, o->jobs, first, jobs);
        have_first = status == 0;
        first_path = o->jobs;
        if (status == 0) status = check_mode(o, first, o->jobs);
    }
    for (int i = 0; i < nfiles && status == 0; i++) {
        status = perft_results_read(o, files[i], results, total, first, &have_first,
                                    first_path ? first_path : files[i]);
        if (!first_path) {
            first_path = files[i];
            if (status == 0) status = check_mode(o, first, first_path);
        }
    }
    return status;
}

int perft_run_sum(const perft_run *o, int nfiles, char **files)
{
    const cli_common *cmd = &o->common;
    job_list results = {{NULL, 0, 0}, NULL, 0}, jobs = {{NULL, 0, 0}, NULL, 0};
    rf_count total = {0, 0};
    job_header first;
    int status = read_all(o, nfiles, files, &jobs, &results, &total, &first);
    if (status == 0) {
        rf__perft_index_sort(&results.index);
        status = answered_once(o, &results);
        if (o->jobs) status = cli_worse(status, answered_all(o, &jobs, &results));
    }
    /* Without the job file, its header says how many jobs there are: a part missing is still
     * found (named by --jobs). */
    if (status == 0 && results.index.count != first.jobs) {
        cli_error(cmd, "%zu of the split's %llu jobs are answered: the results of a part are "
                       "missing (with --jobs JOBS, --sum names the jobs not answered)",
                  results.index.count, (unsigned long long)first.jobs);
        status = CLI_DATAERR;
    }
    if (status == 0) print_total(o, total, "results", results.index.count);
    perft_list_free(&results);
    perft_list_free(&jobs);
    return cli_finish(cmd, status ? status : CLI_OK);
}
