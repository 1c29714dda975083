/* perft_file.c - perft suites as records, on the library's suite reader (see perft_file.h). */
#include "perft_file.h"

#include "perft_plan.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

void perft_file_init(perft_file *pf, FILE *f, const char *name)
{
    memset(pf, 0, sizeof *pf);
    pf->f = f;
    pf->path = name;
}

int perft_file_open(perft_file *pf, const char *path)
{
    perft_file_init(pf, NULL, path);
    pf->f = fopen(path, "r");
    if (!pf->f) {
        snprintf(pf->error, sizeof pf->error, "%s: %s", path, strerror(errno));
        return -1;
    }
    pf->own = 1;
    return 0;
}

void perft_file_close(perft_file *pf)
{
    if (pf->own && pf->f) fclose(pf->f);
    pf->f = NULL;
}

static int fail(perft_file *pf, unsigned long line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static int fail(perft_file *pf, unsigned long line, const char *fmt, ...)
{
    char what[160];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    snprintf(pf->error, sizeof pf->error, "%s:%lu: %s", pf->path, line, what);
    return -1;
}

/* The next line without its ending and surrounding blanks into buf; 0 at the end of the file,
 * -1 for a line too long. */
static int read_line(perft_file *pf, char *buf, unsigned long *line)
{
    if (pf->pending[0]) {
        memcpy(buf, pf->pending, sizeof pf->pending);
        *line = pf->pending_line;
        pf->pending[0] = '\0';
        return 1;
    }
    if (!fgets(buf, PERFT_MAX_LINE, pf->f)) return 0;
    *line = ++pf->lineno;
    size_t n = strlen(buf);
    if (n == PERFT_MAX_LINE - 1 && buf[n - 1] != '\n' && !feof(pf->f))
        return fail(pf, *line, "line longer than %d bytes", PERFT_MAX_LINE - 2);
    while (n && isspace((unsigned char)buf[n - 1])) buf[--n] = '\0';
    size_t lead = strspn(buf, " \t");
    memmove(buf, buf + lead, n - lead + 1);
    return 1;
}

static int add_count(perft_file *pf, perft_record *rec, const rf__suite_item *it)
{
    if (it->depth < 1 || it->depth > 64)
        return fail(pf, it->line, "depth %d out of range", it->depth);
    if (rec->count == PERFT_MAX_DEPTHS) return fail(pf, it->line, "too many depths");
    rec->depth[rec->count] = it->depth;
    rec->nodes[rec->count] = it->nodes;
    rec->count++;
    return 0;
}

/* `FEN ;D1 20 ;D2 400`: the FEN item read, then the counts of the rest of the line. */
static int read_one_line(perft_file *pf, perft_record *rec, rf__suite_line *l,
                         const rf__suite_item *fen)
{
    rf__suite_item it;
    if (fen->len == 0) return fail(pf, fen->line, "no FEN before ';'");
    snprintf(rec->fen, sizeof rec->fen, "%.*s", (int)fen->len, fen->text);
    rec->line = fen->line;
    snprintf(rec->id, sizeof rec->id, "line %lu", fen->line);
    while (rf__suite_line_next(l, &it) != RF__SUITE_END) {
        if (it.kind == RF__SUITE_ERROR) return fail(pf, it.line, "%s", it.message);
        if (add_count(pf, rec, &it)) return -1;
    }
    return 1;
}

/* One item that starts a line: 0 to read on, 1 when the record is whole (a one-line record),
 * 2 when the line starts the next record (kept for the next call), -1 on an error. */
static int read_item(perft_file *pf, perft_record *rec, rf__suite_line *l,
                     const rf__suite_item *it, int *have_id, int *have_fen)
{
    int next = it->kind == RF__SUITE_FEN ? *have_id || *have_fen
               : it->kind == RF__SUITE_EPD ? *have_fen
               : it->kind == RF__SUITE_ID  ? *have_fen || *have_id
                                           : 0;
    if (next) return 2;
    switch (it->kind) {
    case RF__SUITE_ID:
        snprintf(rec->id, sizeof rec->id, "%.*s", (int)(it->len < 63 ? it->len : 63), it->text);
        *have_id = 1;
        return 0;
    case RF__SUITE_EPD:
        snprintf(rec->fen, sizeof rec->fen, "%.*s", (int)it->len, it->text);
        rec->line = it->line;
        if (!*have_id) snprintf(rec->id, sizeof rec->id, "line %lu", it->line);
        *have_fen = 1;
        return 0;
    case RF__SUITE_COUNT:
        if (!*have_fen) return fail(pf, it->line, "a perft line before the record's epd line");
        return add_count(pf, rec, it);
    case RF__SUITE_FEN: return read_one_line(pf, rec, l, it);
    default: return fail(pf, it->line, "%s", it->message);
    }
}

int perft_file_next(perft_file *pf, perft_record *rec)
{
    char buf[PERFT_MAX_LINE], work[PERFT_MAX_LINE];
    unsigned long line;
    int st, have_id = 0, have_fen = 0;
    memset(rec, 0, sizeof *rec);
    while ((st = read_line(pf, buf, &line)) > 0) {
        rf__suite_line l;
        rf__suite_item it;
        memcpy(work, buf, sizeof buf);
        rf__suite_line_start(&l, work, line);
        if (rf__suite_line_next(&l, &it) == RF__SUITE_END) continue;
        st = read_item(pf, rec, &l, &it, &have_id, &have_fen);
        if (st == 2) {
            /* The start of the next record ends this one. */
            memcpy(pf->pending, buf, sizeof buf);
            pf->pending_line = line;
            break;
        }
        if (st) return st;
    }
    if (st < 0) return -1;
    if (!have_fen) {
        if (have_id) return fail(pf, pf->lineno, "record '%s' has no epd line", rec->id);
        return 0;
    }
    if (rec->count == 0) return fail(pf, rec->line, "record '%s' has no perft line", rec->id);
    return 1;
}

perft_record *perft_file_load(const char *path, int *count)
{
    perft_file pf;
    *count = 0;
    if (perft_file_open(&pf, path) != 0) {
        fprintf(stderr, "%s\n", pf.error);
        return NULL;
    }
    int cap = 64, n = 0, st = 0;
    perft_record *recs = malloc((size_t)cap * sizeof *recs);
    while (recs && (st = perft_file_next(&pf, &recs[n])) > 0) {
        if (++n == cap) {
            perft_record *bigger = realloc(recs, (size_t)(cap *= 2) * sizeof *recs);
            if (!bigger) free(recs);
            recs = bigger;
        }
    }
    if (recs && st < 0) {
        fprintf(stderr, "%s\n", pf.error);
        free(recs);
        recs = NULL;
    }
    perft_file_close(&pf);
    if (recs) *count = n;
    return recs;
}
