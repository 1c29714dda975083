/*
 * perft_suite.c - the reader of perft suite lines (see perft_plan.h, "perft suites").
 */
#include "perft_plan.h"

#include <ctype.h>
#include <string.h>

void rf__suite_line_start(rf__suite_line *l, char *text, unsigned long line)
{
    char *hash = strchr(text, '#');
    if (hash) *hash = '\0';
    while (isspace((unsigned char)*text)) text++;
    size_t n = strlen(text);
    while (n && isspace((unsigned char)text[n - 1])) text[--n] = '\0';
    l->next = n ? text : NULL;
    l->line = line;
    l->fields = 0;
}

/* Reads "DEPTH NODES" (white space between, nothing after). */
static int depth_count(const char *p, int *depth, uint64_t *nodes)
{
    uint64_t d;
    while (isspace((unsigned char)*p)) p++;
    size_t n = strcspn(p, " \t");
    if (!rf__count_parse_u64(p, n, &d) || d > RF__SUITE_MAX_DEPTH) return 0;
    p += n;
    while (isspace((unsigned char)*p)) p++;
    n = strcspn(p, " \t");
    if (!rf__count_parse_u64(p, n, nodes)) return 0;
    p += n;
    while (isspace((unsigned char)*p)) p++;
    *depth = (int)d;
    return *p == '\0';
}

/* The words a suite line starts with. */
static int starts_word(const char *p, const char *word)
{
    size_t n = strlen(word);
    return strncmp(p, word, n) == 0 && (p[n] == ' ' || p[n] == '\t');
}

static rf__suite_kind item_error(rf__suite_line *l, rf__suite_item *item, const char *message)
{
    l->next = NULL;
    item->message = message;
    return item->kind = RF__SUITE_ERROR;
}

/* The next ';' field of a one-line record: "D<depth> <nodes>" (or d). */
static rf__suite_kind next_field(rf__suite_line *l, rf__suite_item *item)
{
    char *field = l->next + 1, *semi = strchr(field, ';');
    if (semi) *semi = '\0';
    l->next = semi;
    while (isspace((unsigned char)*field)) field++;
    if ((field[0] != 'D' && field[0] != 'd') || !depth_count(field + 1, &item->depth, &item->nodes))
        return item_error(l, item, "expected ';D<depth> <nodes>'");
    return item->kind = RF__SUITE_COUNT;
}

/* A keyword line, or a one-line record's FEN. */
static rf__suite_kind whole_line(rf__suite_line *l, rf__suite_item *item)
{
    char *p = l->next, *semi;
    size_t n = strlen(p);
    l->next = NULL;
    if (starts_word(p, "id") || starts_word(p, "epd")) {
        size_t skip = p[0] == 'i' ? 3 : 4;
        item->text = p + skip;
        item->len = n - skip;
        return item->kind = p[0] == 'i' ? RF__SUITE_ID : RF__SUITE_EPD;
    }
    if (starts_word(p, "perft")) {
        if (!depth_count(p + 6, &item->depth, &item->nodes))
            return item_error(l, item, "expected 'perft DEPTH NODES'");
        return item->kind = RF__SUITE_COUNT;
    }
    if (!(semi = strchr(p, ';')))
        return item_error(l, item, "not a suite line (id, epd, perft, or FEN ;D1 N)");
    /* FEN ;D1 20 ;D2 400 */
    n = (size_t)(semi - p);
    while (n && isspace((unsigned char)p[n - 1])) n--;
    item->text = p;
    item->len = n;
    l->next = semi;
    l->fields = 1;
    return item->kind = RF__SUITE_FEN;
}

rf__suite_kind rf__suite_line_next(rf__suite_line *l, rf__suite_item *item)
{
    memset(item, 0, sizeof *item);
    item->line = l->line;
    if (!l->next) return item->kind = RF__SUITE_END;
    return l->fields ? next_field(l, item) : whole_line(l, item);
}
