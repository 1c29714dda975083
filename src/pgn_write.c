/*
 * pgn_write.c - the PGN writer: games in the PGN standard's export format (see "PGN games" in
 * rankfile.h). Movetext is a stream of tokens separated by single spaces; a token that would
 * take the line past 79 characters starts a new line. A move and its number ("12. e4") are one
 * token, so they never part; a comment is written word by word, so it wraps like the moves.
 */
#include "position.h"

#include <stdio.h>
#include <string.h>

#define LINE_MAX_COLUMNS 79

static void emit(rf_pgn_writer *w, const char *text, size_t len)
{
    if (w->failed || !w->write || len == 0) return;
    if (w->write(w->ctx, text, len) != 0) w->failed = 1;
}

static void token(rf_pgn_writer *w, const char *text, size_t len)
{
    if (w->column > 0) {
        if (w->column + 1 + len > LINE_MAX_COLUMNS) {
            emit(w, "\n", 1);
            w->column = 0;
        } else {
            emit(w, " ", 1);
            w->column++;
        }
    }
    emit(w, text, len);
    w->column += (unsigned)len;
}

void rf_pgn_writer_start(rf_pgn_writer *w, rf_pgn_write_fn write, void *ctx)
{
    if (!w) return;
    memset(w, 0, sizeof *w);
    w->write = write;
    w->ctx = ctx;
    w->number_next = 1;
}

/* [Name "value"] with '"' and '\' escaped and control bytes made spaces. */
static void write_tag(rf_pgn_writer *w, const char *name, const char *value)
{
    emit(w, "[", 1);
    emit(w, name, strlen(name));
    emit(w, " \"", 2);
    const char *run = value;
    for (const char *p = value;; p++) {
        unsigned char c = (unsigned char)*p;
        if (c == 0 || c == '"' || c == '\\' || c < 0x20 || c == 0x7f) {
            emit(w, run, (size_t)(p - run));
            if (c == 0) break;
            if (c == '"' || c == '\\') {
                char esc[2] = {'\\', (char)c};
                emit(w, esc, 2);
            } else {
                emit(w, " ", 1);
            }
            run = p + 1;
        }
    }
    emit(w, "\"]\n", 3);
}

static const char *const roster[7] = {"Event", "Site", "Date", "Round", "White", "Black", "Result"};
static const char *const roster_default[7] = {"?", "?", "????.??.??", "?", "?", "?", "*"};

static int in_roster(const char *name)
{
    for (int i = 0; i < 7; i++)
        if (strcmp(name, roster[i]) == 0) return 1;
    return 0;
}

void rf_pgn_write_tags(rf_pgn_writer *w, const char *const *names, const char *const *values,
                       size_t n, const char *result)
{
    if (!w) return;
    /* The Result tag is the termination marker, whatever a Result among the tags says: the two
     * always agree ("*" when the result is not known). */
    if (!result || !*result) result = "*";
    for (int i = 0; i < 7; i++) {
        const char *value = i == 6 ? result : NULL;
        for (size_t k = 0; k < n && !value; k++)
            if (names[k] && values[k] && strcmp(names[k], roster[i]) == 0) value = values[k];
        write_tag(w, roster[i], value ? value : roster_default[i]);
    }
    for (size_t k = 0; k < n; k++)
        if (names[k] && values[k] && *names[k] && !in_roster(names[k]))
            write_tag(w, names[k], values[k]);
    emit(w, "\n", 1);
    w->column = 0;
    w->number_next = 1;
}

void rf_pgn_write_move(rf_pgn_writer *w, const rf_position *before, rf_move move)
{
    if (!w || !before) return;
    char text[64];
    size_t n = 0;
    if (before->side == RF_WHITE)
        n = (size_t)snprintf(text, sizeof text, "%u. ", (unsigned)before->fullmove);
    else if (w->number_next)
        n = (size_t)snprintf(text, sizeof text, "%u... ", (unsigned)before->fullmove);
    n += rf_move_to_san(text + n, sizeof text - n, before, move);
    token(w, text, n);
    w->number_next = 0;
}

void rf_pgn_write_comment(rf_pgn_writer *w, const char *text, size_t len)
{
    if (!w) return;
    if (!text) len = 0;
    token(w, "{", 1);
    size_t i = 0;
    for (;;) {
        while (i < len && (unsigned char)text[i] <= ' ') i++;
        if (i == len) break;
        size_t start = i;
        while (i < len && (unsigned char)text[i] > ' ' && text[i] != '}') i++;
        if (i > start) token(w, text + start, i - start);
        if (i < len && text[i] == '}') i++; /* a '}' would end the comment: left out */
    }
    token(w, "}", 1);
    w->number_next = 1;
}

void rf_pgn_write_nag(rf_pgn_writer *w, unsigned nag)
{
    if (!w) return;
    char text[16];
    int n = snprintf(text, sizeof text, "$%u", nag);
    token(w, text, (size_t)n);
}

void rf_pgn_write_begin_variation(rf_pgn_writer *w)
{
    if (!w) return;
    token(w, "(", 1);
    w->number_next = 1;
}

void rf_pgn_write_end_variation(rf_pgn_writer *w)
{
    if (!w) return;
    token(w, ")", 1);
    w->number_next = 1;
}

void rf_pgn_write_result(rf_pgn_writer *w, const char *result)
{
    if (!w) return;
    if (!result || !*result) result = "*";
    token(w, result, strlen(result));
    emit(w, "\n\n", 2);
    w->column = 0;
    w->number_next = 1;
}
