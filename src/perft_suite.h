/*
 * perft_suite.h - the reader of perft suites (.perft files), line by line. Internal: not in
 * rankfile.h. Two formats, mixed freely in one file:
 *   records    `id NAME`, `epd FEN`, then `perft DEPTH NODES` lines;
 *   one line   `FEN ;D1 20 ;D2 400 ...` (Ethereal's fischer.epd), a whole record on one line.
 * `#` starts a comment, to the end of the line; blank lines hold nothing. A suite names no
 * variant: its positions are of the variant the caller reads them as.
 *
 * The reader says what each line holds, item by item; which id and counts go with which
 * position is the caller's (`rankfile perft --suite` checks counts as they come, the tests
 * gather records). It never prints: a malformed line or field is an item with its message.
 */
#ifndef RF_PERFT_SUITE_H
#define RF_PERFT_SUITE_H

#include <stddef.h>
#include <stdint.h>

typedef enum rf__suite_kind {
    RF__SUITE_END,   /* the line holds nothing more */
    RF__SUITE_ID,    /* `id NAME`: text is NAME */
    RF__SUITE_EPD,   /* `epd FEN`: text is FEN */
    RF__SUITE_FEN,   /* `FEN ;D1 N ...`: text is FEN (blanks around it left out); the line's
                        counts follow */
    RF__SUITE_COUNT, /* a `perft DEPTH NODES` line or a `;D<depth> <nodes>` field */
    RF__SUITE_ERROR  /* a malformed line or field: message; the rest of the line is skipped */
} rf__suite_kind;

/* The deepest count a suite line may ask for (deeper than perft goes: the caller skips it). */
#define RF__SUITE_MAX_DEPTH 1000

typedef struct rf__suite_item {
    rf__suite_kind kind;
    unsigned long line;  /* the line's number, as given to rf__suite_line_start */
    const char *text;    /* ID, EPD, FEN: into the line */
    size_t len;
    int depth;           /* COUNT: 0 .. RF__SUITE_MAX_DEPTH */
    uint64_t nodes;      /* COUNT: the expected number of leaves */
    const char *message; /* ERROR: what is wrong, a static string */
} rf__suite_item;

typedef struct rf__suite_line {
    char *next;        /* where the next item starts, NULL at the end of the line */
    unsigned long line;
    int fields;        /* 1 in a one-line record: the counts are ';' fields */
} rf__suite_line;

/* Starts reading one line (its ending left out), NUL-terminated; the line is changed in place
 * (its comment cut, fields ended). `line` is its number, given back with every item. */
void rf__suite_line_start(rf__suite_line *l, char *text, unsigned long line);

/* The line's next item into *item; its kind (RF__SUITE_END when the line holds no more). */
rf__suite_kind rf__suite_line_next(rf__suite_line *l, rf__suite_item *item);

#endif
