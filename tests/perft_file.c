/* perft_file.c - the perft suite reader (see perft_file.h). */
#include "perft_file.h"

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

/* A decimal number of at most 20 digits that fits 64 bits; *end after it. */
static int read_number(const char *s, uint64_t *out, const char **end)
{
    uint64_t v = 0;
    const char *p = s;
    if (!isdigit((unsigned char)*p)) return 0;
    for (; isdigit((unsigned char)*p); p++) {
        unsigned d = (unsigned)(*p - '0');
        if (v > (UINT64_MAX - d) / 10) return 0;
        v = v * 10 + d;
    }
    *out = v;
    *end = p;
    return 1;
}

static int add_count(perft_file *pf, perft_record *rec, unsigned long line, uint64_t depth,
                     uint64_t nodes)
{
    if (depth < 1 || depth > 64) return fail(pf, line, "depth %" PRIu64 " out of range", depth);
    if (rec->count == PERFT_MAX_DEPTHS) return fail(pf, line, "too many depths");
    rec->depth[rec->count] = (int)depth;
    rec->nodes[rec->count] = nodes;
    rec->count++;
    return 0;
}

/* `FEN ;D1 20 ;D2 400`: the FEN before the first ';', then "D<depth> <nodes>" per field. */
static int read_one_line(perft_file *pf, perft_record *rec, const char *text, unsigned long line)
{
    const char *semi = strchr(text, ';');
    size_t n = (size_t)(semi - text);
    while (n && isspace((unsigned char)text[n - 1])) n--;
    if (n == 0) return fail(pf, line, "no FEN before ';'");
    memcpy(rec->fen, text, n);
    rec->fen[n] = '\0';
    rec->line = line;
    snprintf(rec->id, sizeof rec->id, "line %lu", line);
    for (const char *p = semi; p && *p == ';'; p = strchr(p, ';')) {
        p++;
        while (*p == ' ' || *p == '\t') p++;
        uint64_t depth, nodes;
        const char *e;
        if (*p != 'D' || !read_number(p + 1, &depth, &e))
            return fail(pf, line, "'%.20s' is not ';D<depth> <nodes>'", p);
        p = e;
        while (*p == ' ' || *p == '\t') p++;
        if (!read_number(p, &nodes, &e)) return fail(pf, line, "no node count after D%" PRIu64, depth);
        p = e;
        while (*p == ' ' || *p == '\t') p++;
        if (*p && *p != ';') return fail(pf, line, "'%.20s' after a node count", p);
        if (add_count(pf, rec, line, depth, nodes)) return -1;
    }
    return 1;
}

int perft_file_next(perft_file *pf, perft_record *rec)
{
    char buf[PERFT_MAX_LINE];
    unsigned long line;
    int st;
    memset(rec, 0, sizeof *rec);
    int have_id = 0, have_fen = 0;
    while ((st = read_line(pf, buf, &line)) > 0) {
        if (buf[0] == '\0' || buf[0] == '#') continue;
        if (strncmp(buf, "id ", 3) == 0 || strncmp(buf, "epd ", 4) == 0) {
            int is_id = buf[0] == 'i';
            /* The start of the next record ends this one. */
            if (have_fen || (is_id && have_id)) {
                memcpy(pf->pending, buf, sizeof buf);
                pf->pending_line = line;
                break;
            }
            if (is_id) {
                snprintf(rec->id, sizeof rec->id, "%.63s", buf + 3);
                have_id = 1;
            } else {
                snprintf(rec->fen, sizeof rec->fen, "%s", buf + 4);
                rec->line = line;
                if (!have_id) snprintf(rec->id, sizeof rec->id, "line %lu", line);
                have_fen = 1;
            }
        } else if (strncmp(buf, "perft ", 6) == 0) {
            uint64_t depth, nodes;
            const char *p = buf + 6, *e;
            if (!have_fen) return fail(pf, line, "a perft line before the record's epd line");
            if (!read_number(p, &depth, &e) || (*e != ' ' && *e != '\t'))
                return fail(pf, line, "'%s' is not 'perft DEPTH NODES'", buf);
            p = e + strspn(e, " \t");
            if (!read_number(p, &nodes, &e) || *e)
                return fail(pf, line, "'%s' is not 'perft DEPTH NODES'", buf);
            if (add_count(pf, rec, line, depth, nodes)) return -1;
        } else if (strchr(buf, ';')) {
            if (have_id || have_fen) {
                memcpy(pf->pending, buf, sizeof buf);
                pf->pending_line = line;
                break;
            }
            return read_one_line(pf, rec, buf, line);
        } else {
            return fail(pf, line, "'%.40s' is neither a record line nor 'FEN ;D1 N'", buf);
        }
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
