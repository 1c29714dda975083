/*
 * perft_plan.c - one perft count cut into jobs: the split (positions), the jobs' text, job and
 * result lines, the index of job keys, the hash and the 128-bit counts (see perft_plan.h).
 */
#include "perft_plan.h"

#include "types.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the split ---------------------------------------------------------------------------- */

/* The positions are merged as the walk reaches them: a hash table of the jobs so far (by root
 * and Zobrist key) finds the job a position joins, so that only distinct positions are kept. */
typedef struct collector {
    rf__perft_split *s;
    size_t cap;      /* of s->jobs */
    size_t *slots;   /* the hash table: a job's index + 1, or 0 for an empty slot */
    size_t mask;     /* its size - 1, a power of two minus one */
    size_t max;      /* the most move orders to collect */
    int divide;      /* RF__SPLIT_DIVIDE: a job's root is its root move; else -1 */
    rf_status status;
} collector;

/* 1 when two positions of one variant and castling mode have the same FEN without the move
 * counters: the Zobrist key first (it covers that state, so such positions have equal keys),
 * then the state itself. */
static int same_position(const rf_position *a, const rf_position *b)
{
    rf_square ea = a->ep_legal ? a->ep : RF_NO_SQUARE, eb = b->ep_legal ? b->ep : RF_NO_SQUARE;
    return a->key == b->key && a->side == b->side && ea == eb && a->promoted == b->promoted &&
           memcmp(a->board, b->board, sizeof a->board) == 0 &&
           memcmp(a->castle_rook, b->castle_rook, sizeof a->castle_rook) == 0 &&
           memcmp(a->pocket, b->pocket, sizeof a->pocket) == 0 &&
           memcmp(a->remaining_checks, b->remaining_checks, sizeof a->remaining_checks) == 0;
}

/* The first slot of a position under a root. */
static size_t slot_of(const collector *c, uint64_t key, int root)
{
    uint64_t h = key ^ ((uint64_t)(root + 1) * 0x9E3779B97F4A7C15ull);
    return (size_t)(h ^ h >> 29) & c->mask;
}

/* The table twice as large (or its first 1024 slots), the jobs put in again. 0 without memory. */
static int grow_table(collector *c)
{
    size_t n = c->slots ? (c->mask + 1) * 2 : 1024;
    size_t *slots = calloc(n, sizeof *slots);
    if (!slots) return 0;
    free(c->slots);
    c->slots = slots;
    c->mask = n - 1;
    for (size_t i = 0; i < c->s->count; i++) {
        const rf__perft_job *j = &c->s->jobs[i];
        size_t k = slot_of(c, j->pos.key, j->root);
        while (slots[k]) k = (k + 1) & c->mask;
        slots[k] = i + 1;
    }
    return 1;
}

/* A new job for *pos under `root`, the list grown up to c->max; its index, or SIZE_MAX with
 * c->status set. */
static size_t add_job(collector *c, const rf_position *pos, int root)
{
    rf__perft_split *s = c->s;
    if (s->count == c->cap) {
        size_t cap = c->cap ? c->cap * 2 : 1024;
        if (cap > c->max) cap = c->max;
        void *p = realloc(s->jobs, cap * sizeof *s->jobs);
        if (!p) {
            c->status = RF_ERR_NO_MEMORY;
            return SIZE_MAX;
        }
        s->jobs = p;
        c->cap = cap;
    }
    rf__perft_job *j = &s->jobs[s->count];
    j->pos = *pos;
    /* The position its FEN says: an en passant square that allows no capture is not kept
     * (the FEN leaves it out), so the walk below it does not look at it. */
    if (!j->pos.ep_legal) j->pos.ep = RF_NO_SQUARE;
    j->count = 0;
    j->root = root;
    return s->count++;
}

/* A position reached under root move `root`: one more move order of its job, a new job for a
 * position not seen before. */
static void collect_leaf(collector *c, const rf_position *pos, int root)
{
    rf__perft_split *s = c->s;
    if (!c->divide) root = -1;
    if (s->orders == c->max) {
        c->status = RF_ERR_ARGUMENT;
        return;
    }
    if ((s->count + 1) * 2 > c->mask + 1 && !grow_table(c)) {
        c->status = RF_ERR_NO_MEMORY;
        return;
    }
    size_t k = slot_of(c, pos->key, root);
    for (; c->slots[k]; k = (k + 1) & c->mask) {
        rf__perft_job *j = &s->jobs[c->slots[k] - 1];
        if (j->root == root && same_position(&j->pos, pos)) break;
    }
    if (!c->slots[k]) {
        size_t i = add_job(c, pos, root);
        if (i == SIZE_MAX) return;
        c->slots[k] = i + 1;
    }
    s->jobs[c->slots[k] - 1].count++;
    s->orders++;
}

static void collect(collector *c, const rf_position *pos, int ply, int root)
{
    if (c->status != RF_OK) return;
    if (ply == 0) {
        collect_leaf(c, pos, root);
        return;
    }
    rf_movelist list;
    rf_generate_moves(&list, pos);
    for (unsigned i = 0; i < list.count; i++) {
        rf_position child = *pos;
        rf_position_play(&child, list.moves[i]);
        collect(c, &child, ply - 1, root < 0 ? (int)i : root);
    }
}

rf_status rf__perft_split_make(rf__perft_split *s, const rf_position *root, int ply,
                               unsigned flags, size_t max_positions, rf_error *err)
{
    memset(s, 0, sizeof *s);
    if (ply < 0 || ply > RF_PERFT_MAX_DEPTH)
        return rf__error(err, RF_ERR_ARGUMENT, RF_FIELD_NONE, 0, 0, "split ply out of range");
    rf_generate_moves(&s->roots, root);
    if (max_positions > SIZE_MAX / 4 / sizeof *s->jobs)
        max_positions = SIZE_MAX / 4 / sizeof *s->jobs;
    collector c = {s, 0, NULL, 0, max_positions, (flags & RF__SPLIT_DIVIDE) != 0, RF_OK};
    collect(&c, root, ply, -1);
    free(c.slots);
    if (c.status != RF_OK) {
        rf__perft_split_free(s);
        if (c.status == RF_ERR_NO_MEMORY)
            return rf__error(err, RF_ERR_NO_MEMORY, RF_FIELD_NONE, 0, 0,
                             "no memory for the positions %d plies down", ply);
        return rf__error(err, RF_ERR_ARGUMENT, RF_FIELD_NONE, 0, 0,
                         "more than %zu positions %d plies down", max_positions, ply);
    }
    return RF_OK;
}

void rf__perft_split_free(rf__perft_split *s)
{
    free(s->jobs);
    s->jobs = NULL;
    s->count = 0;
    s->orders = 0;
}

/* ---- job text ----------------------------------------------------------------------------- */

void rf__perft_fen(char *buf, const rf_position *pos, unsigned fen_flags)
{
    rf_position_to_fen(buf, RF_FEN_MAX, pos, fen_flags);
    /* Perft does not depend on the halfmove and fullmove counters: without them,
     * transpositions merge. */
    for (int i = 0; i < 2; i++) {
        char *p = strrchr(buf, ' ');
        if (p) *p = '\0';
    }
}

/* A job's FEN while the texts are sorted: where it starts in the block, whose job it is. */
typedef struct job_text {
    size_t at;
    size_t job;
    int root;
    const char *block; /* set once the block is whole */
} job_text;

static int by_root_text(const void *a, const void *b)
{
    const job_text *x = a, *y = b;
    if (x->root != y->root) return x->root < y->root ? -1 : 1;
    return strcmp(x->block + x->at, y->block + y->at);
}

/* Writes the FEN of every job into one block; their places into order[i].at. 1, or 0 without
 * memory. */
static int write_texts(char **block, job_text *order, const rf__perft_split *s,
                       unsigned fen_flags)
{
    size_t used = 0, cap = 0;
    *block = NULL;
    for (size_t i = 0; i < s->count; i++) {
        char fen[RF_FEN_MAX];
        rf__perft_fen(fen, &s->jobs[i].pos, fen_flags);
        size_t len = strlen(fen) + 1;
        if (used + len > cap) {
            cap = cap ? cap * 2 : 64 * 1024;
            char *p = realloc(*block, cap);
            if (!p) return 0;
            *block = p;
        }
        memcpy(*block + used, fen, len);
        order[i].at = used;
        order[i].job = i;
        order[i].root = s->jobs[i].root;
        used += len;
    }
    return 1;
}

/* Moves job order[k].job to place k for every k, following each cycle of the permutation;
 * order[k].job is left k. */
static void permute_jobs(rf__perft_split *s, job_text *order)
{
    for (size_t k = 0; k < s->count; k++) {
        if (order[k].job == k) continue;
        rf__perft_job held = s->jobs[k];
        size_t to = k;
        while (order[to].job != k) {
            size_t from = order[to].job;
            s->jobs[to] = s->jobs[from];
            order[to].job = to;
            to = from;
        }
        s->jobs[to] = held;
        order[to].job = to;
    }
}

rf_status rf__perft_split_texts(rf__perft_texts *t, rf__perft_split *s, unsigned fen_flags,
                                rf_error *err)
{
    t->block = NULL;
    t->fen = NULL;
    size_t n = s->count ? s->count : 1;
    job_text *order = malloc(n * sizeof *order);
    const char **fen = malloc(n * sizeof *fen);
    if (!order || !fen || !write_texts(&t->block, order, s, fen_flags)) {
        free(order);
        free(fen);
        free(t->block);
        t->block = NULL;
        return rf__error(err, RF_ERR_NO_MEMORY, RF_FIELD_NONE, 0, 0,
                         "no memory for the jobs' FENs");
    }
    for (size_t i = 0; i < s->count; i++) order[i].block = t->block;
    if (s->count > 1) qsort(order, s->count, sizeof *order, by_root_text);
    for (size_t k = 0; k < s->count; k++) fen[k] = t->block + order[k].at;
    permute_jobs(s, order);
    free(order);
    t->fen = fen;
    return RF_OK;
}

void rf__perft_texts_free(rf__perft_texts *t)
{
    free(t->block);
    free((void *)t->fen);
    t->block = NULL;
    t->fen = NULL;
}

/* ---- job and result lines ----------------------------------------------------------------- */

size_t rf__perft_job_format(char *buf, size_t cap, const rf__perft_job_line *j)
{
    int n = snprintf(buf, cap, "%.*s%s%d %llu %.*s", j->root ? (int)j->root_len : 0,
                     j->root ? j->root : "", j->root ? " " : "", j->depth,
                     (unsigned long long)j->count, (int)j->fen_len, j->fen);
    return n < 0 ? 0 : (size_t)n;
}

static int is_blank(char c) { return c == ' ' || c == '\t'; }

/* The next field of [*p, end): its start and length, *p moved past it and the blanks before
 * it. */
static const char *next_field(const char **p, const char *end, size_t *len)
{
    const char *s = *p;
    while (s < end && is_blank(*s)) s++;
    const char *e = s;
    while (e < end && !is_blank(*e)) e++;
    *len = (size_t)(e - s);
    *p = e;
    return s;
}

int rf__perft_job_parse(rf__perft_job_line *j, const char *text, size_t len, int with_root)
{
    const char *p = text, *end = text + len, *f;
    size_t n;
    uint64_t depth, count;
    j->root = NULL;
    j->root_len = 0;
    if (with_root) {
        j->root = next_field(&p, end, &j->root_len);
        if (!j->root_len) return 0;
    }
    f = next_field(&p, end, &n);
    if (!rf__count_parse_u64(f, n, &depth) || depth > RF_PERFT_MAX_DEPTH) return 0;
    f = next_field(&p, end, &n);
    if (!rf__count_parse_u64(f, n, &count) || count == 0) return 0;
    while (p < end && is_blank(*p)) p++;
    while (end > p && is_blank(end[-1])) end--;
    if (p == end) return 0;
    j->depth = (int)depth;
    j->count = count;
    j->fen = p;
    j->fen_len = (size_t)(end - p);
    return 1;
}

int rf__perft_result_parse(rf_count *nodes, rf__perft_job_line *j, const char *text, size_t len,
                           int with_root)
{
    const char *space = memchr(text, ' ', len);
    size_t n = space ? (size_t)(space - text) : len;
    return rf__count_parse(text, n, nodes) &&
           rf__perft_job_parse(j, text + n, len - n, with_root);
}

size_t rf__perft_result_format(char *buf, size_t cap, rf_count nodes, const char *job,
                               size_t job_len)
{
    char digits[48];
    rf_count_format(digits, sizeof digits, nodes);
    int n = snprintf(buf, cap, "%s %.*s", digits, (int)job_len, job);
    return n < 0 ? 0 : (size_t)n;
}

/* ---- the index of job keys ---------------------------------------------------------------- */

/* The canonical text of a job line read, malloc'd; NULL without memory. */
static char *key_text(const rf__perft_job_line *j)
{
    size_t cap = rf__perft_job_format(NULL, 0, j) + 1;
    char *text = malloc(cap);
    if (text) rf__perft_job_format(text, cap, j);
    return text;
}

rf_status rf__perft_index_add(rf__perft_index *x, const rf__perft_job_line *j, size_t item,
                              rf_error *err)
{
    if (x->count == x->cap) {
        size_t cap = x->cap ? x->cap * 2 : 256;
        rf__perft_key *p = realloc(x->keys, cap * sizeof *p);
        if (!p) return rf__error(err, RF_ERR_NO_MEMORY, RF_FIELD_NONE, 0, 0, "out of memory");
        x->keys = p;
        x->cap = cap;
    }
    char *text = key_text(j);
    if (!text) return rf__error(err, RF_ERR_NO_MEMORY, RF_FIELD_NONE, 0, 0, "out of memory");
    x->keys[x->count].text = text;
    x->keys[x->count].item = item;
    x->count++;
    return RF_OK;
}

static int by_text_item(const void *a, const void *b)
{
    const rf__perft_key *x = a, *y = b;
    int c = strcmp(x->text, y->text);
    if (c) return c;
    return x->item < y->item ? -1 : x->item > y->item;
}

void rf__perft_index_sort(rf__perft_index *x)
{
    if (x->count > 1) qsort(x->keys, x->count, sizeof *x->keys, by_text_item);
}

const rf__perft_key *rf__perft_index_find(const rf__perft_index *x, const char *key)
{
    /* The first of equal keys: the lowest place where the text is not below it. */
    size_t lo = 0, hi = x->count;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (strcmp(x->keys[mid].text, key) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < x->count && strcmp(x->keys[lo].text, key) == 0 ? &x->keys[lo] : NULL;
}

void rf__perft_index_free(rf__perft_index *x)
{
    for (size_t i = 0; i < x->count; i++) free(x->keys[i].text);
    free(x->keys);
    x->keys = NULL;
    x->count = x->cap = 0;
}

/* ---- the hash and the counts -------------------------------------------------------------- */

uint64_t rf__perft_hash(const char *text, size_t len)
{
    uint64_t h = 14695981039346656037ull; /* the FNV-1a 64 offset basis */
    for (size_t i = 0; i < len; i++) {
        h ^= (unsigned char)text[i];
        h *= 1099511628211ull; /* the FNV 64 prime */
    }
    return h;
}

void rf__count_add(rf_count *total, rf_count b)
{
    total->lo += b.lo;
    total->hi += b.hi + (total->lo < b.lo);
}

void rf__count_add_product(rf_count *total, rf_count a, uint64_t m)
{
    /* (hi*2^64 + lo) * m, keeping the low 128 bits: lo * m in 32-bit halves. */
    uint64_t ll = (a.lo & 0xFFFFFFFFu) * (m & 0xFFFFFFFFu);
    uint64_t hl = (a.lo >> 32) * (m & 0xFFFFFFFFu);
    uint64_t lh = (a.lo & 0xFFFFFFFFu) * (m >> 32);
    uint64_t hh = (a.lo >> 32) * (m >> 32);
    uint64_t cross = (ll >> 32) + (hl & 0xFFFFFFFFu) + (lh & 0xFFFFFFFFu);
    rf_count p;
    p.lo = (cross << 32) | (ll & 0xFFFFFFFFu);
    p.hi = (hl >> 32) + (lh >> 32) + (cross >> 32) + hh + a.hi * m;
    rf__count_add(total, p);
}

int rf__count_parse(const char *s, size_t len, rf_count *out)
{
    rf_count v = {0, 0};
    if (len == 0 || len > 39) return 0;
    for (size_t i = 0; i < len; i++) {
        if (s[i] < '0' || s[i] > '9') return 0;
        /* v * 10 + digit must stay below 2^128. */
        if (v.hi > UINT64_MAX / 10) return 0;
        rf_count t = {0, 0}, d = {0, (uint64_t)(s[i] - '0')};
        rf__count_add_product(&t, v, 10);
        if (t.hi < v.hi) return 0;
        rf__count_add(&t, d);
        if (t.hi < v.hi) return 0;
        v = t;
    }
    *out = v;
    return 1;
}

int rf__count_parse_u64(const char *s, size_t len, uint64_t *out)
{
    rf_count v;
    if (len > 20 || !rf__count_parse(s, len, &v) || v.hi) return 0;
    *out = v.lo;
    return 1;
}

size_t rf_count_format(char *buf, size_t cap, rf_count c)
{
    char digits[48];
    size_t n = 0;
    /* Repeated division of the 128-bit value by 10, in 32-bit limbs. */
    uint32_t limb[4] = {(uint32_t)(c.hi >> 32), (uint32_t)c.hi, (uint32_t)(c.lo >> 32),
                        (uint32_t)c.lo};
    do {
        uint64_t rem = 0;
        for (int i = 0; i < 4; i++) {
            uint64_t cur = (rem << 32) | limb[i];
            limb[i] = (uint32_t)(cur / 10);
            rem = cur % 10;
        }
        digits[n++] = (char)('0' + rem);
    } while (limb[0] | limb[1] | limb[2] | limb[3]);
    for (size_t i = 0; i < n && i + 1 < cap; i++) buf[i] = digits[n - 1 - i];
    if (cap) buf[n < cap ? n : cap - 1] = '\0';
    return n;
}
