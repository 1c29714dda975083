/*
 * types.h - internal basics shared by every source file: inline helpers, internal asserts,
 * and the short vocabulary (us, them, ksq, from, to, occ) the code uses.
 */
#ifndef RF_TYPES_H
#define RF_TYPES_H

#include "rankfile.h"

#include <assert.h>
#include <stdbool.h>
#include <stdint.h>

#define RF_INLINE static inline __attribute__((always_inline))

/* For the generator phases and make-move of a variant, which the perft walk (the template
 * kernel/walk.h) is built from: inlined there, with the side to move and the kind of move as
 * constants, in optimised builds; an unoptimised build calls them. Sanitizer and fuzzing builds (RF_NO_FORCE_INLINE)
 * leave the choice to the compiler: forced, the perft walks grow large enough to take
 * instrumented compilers many minutes. */
#if defined(__OPTIMIZE__) && !defined(RF_NO_FORCE_INLINE)
#define RF_KERNEL_INLINE static inline __attribute__((always_inline))
#else
#define RF_KERNEL_INLINE static inline
#endif
#define RF_UNUSED __attribute__((unused))

/* Internal asserts: on in debug builds and tests, free in release builds. */
#ifdef NDEBUG
#define RF_ASSERT(cond) ((void)0)
#else
#define RF_ASSERT(cond) assert(cond)
#endif

/* Fills *err (when not NULL) with a failure: status, field, byte offset, validity flags and the
 * one-line message: "CONTEXT: " (context may be NULL) and then the words fmt formats, with
 * err->detail where the words start (so callers that name the context their own way read
 * err->message + err->detail). Returns `status`, so that a failing function can end with
 * `return rf__error_in(err, ...)`; rf__error is the same without a context. */
rf_status rf__error_in(rf_error *err, rf_status status, rf_field field, size_t offset,
                       uint32_t validity, const char *context, const char *fmt, ...)
    __attribute__((format(printf, 7, 8)));
#define rf__error(err, status, field, offset, validity, ...)                                      \
    rf__error_in(err, status, field, offset, validity, NULL, __VA_ARGS__)

#define RF_BB(sq) ((rf_bitboard)1 << (sq))

enum { RF_FILE_A = 0, RF_FILE_H = 7, RF_RANK_1 = 0, RF_RANK_8 = 7 };


RF_INLINE rf_color rf__other(rf_color c) { return (rf_color)(c ^ 1); }

#endif
