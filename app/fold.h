/*
 * fold.h - text compared with letters in either case: UTF-8 read code point by code point, each
 * case-folded (Unicode's simple folding, as str.casefold() where that gives one letter) over the
 * scripts of players' names: Latin (ASCII, Latin-1, Latin Extended-A and -B, Latin Extended
 * Additional), Greek, Cyrillic and Armenian. Dotted and dotless i (İ, ı) fold to i, so that a
 * Turkish name matches however it was typed. Bytes that are not UTF-8 compare as themselves.
 */
#ifndef RANKFILE_APP_FOLD_H
#define RANKFILE_APP_FOLD_H

#include <stdint.h>

/* The folded code point of c. */
uint32_t cli_fold(uint32_t c);

/* The code point at *s, folded, *s moved past it; 0 at the text's end (a NUL byte). A byte that
 * does not begin a well-formed UTF-8 sequence is read alone, as 0x110000 + the byte. */
uint32_t cli_fold_next(const char **s);

/* 1 when a and b are the same text but for the case of their letters. */
int cli_fold_equal(const char *a, const char *b);

/* 1 when hay holds needle, letters in either case (an empty needle: always). */
int cli_fold_contains(const char *hay, const char *needle);

#endif
