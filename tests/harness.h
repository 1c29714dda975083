/*
 * harness.h - named unit-test cases and the checks inside them.
 *
 * A test program is a set of cases, each one property or rule, named after it:
 *
 *     TEST(castling_960_rook_blocks_check)
 *     {
 *         CHECK_INT(rf_perft(&pos, 1), 16);
 *     }
 *
 * TEST registers the case when the program starts (a constructor; cases run in the order they
 * are written). harness.c holds main(), which runs every case, or those whose name contains a
 * substring given with -k, and prints one line per case:
 *
 *     ok castling_960_rook_blocks_check (3 checks)
 *     FAIL castling_960_rook_blocks_check (3 checks, 1 failed)
 *         tests/test_perft.c:120: CHECK_INT(rf_perft(&pos, 1), 16): rf_perft(&pos, 1) = 15,
 *         expected 16
 *
 * then a summary; the exit status is 1 when a case failed, or when -k matched no case. A case
 * that runs no check at all fails too: it tested nothing. A case that needs what this machine
 * lacks (a data file outside the project) calls HARNESS_SKIP("why") and returns: it prints
 * "skip NAME: why", and the program exits 77 (ctest's skip) when no case failed; under RF_CI=1
 * in the environment a skip is a failure. `-l` lists the cases; arguments that
 * are not options are left to the cases (harness_args).
 *
 * Every CHECK macro evaluates to 1 when the check passed and 0 when it failed, so a case can
 * stop early: `if (!CHECK(f != NULL)) return;`.
 */
#ifndef RF_HARNESS_H
#define RF_HARNESS_H

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

/* 1 in sanitizer builds (AddressSanitizer from gcc or clang, or the RF_SANITIZE build), where
 * the heaviest loops run fewer rounds: HARNESS_SCALE(n) is n, or n / 8 under a sanitizer. */
#if defined(RF_SANITIZE) || defined(__SANITIZE_ADDRESS__)
#define HARNESS_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define HARNESS_SANITIZED 1
#endif
#endif
#ifndef HARNESS_SANITIZED
#define HARNESS_SANITIZED 0
#endif
#define HARNESS_SCALE(n) (HARNESS_SANITIZED ? ((n) / 8 > 0 ? (n) / 8 : 1) : (n))

/* The directory of the data files (tests/data), set by the build. */
#ifndef RF_TEST_DATA
#define RF_TEST_DATA "tests/data"
#endif
/* The shared public data next to the project (../shared/data: other projects' files, read where
 * they are, never copied in), set by the build (RF_SHARED_DATA in CMake). */
#ifndef RF_SHARED_DATA
#define RF_SHARED_DATA "../shared/data"
#endif

typedef void (*harness_fn)(void);

/* Adds a case to the program's table (called by TEST's constructor). */
void harness_register(const char *name, harness_fn fn, const char *file, int line);

/* Records one check: ok, or a failure at file:line with the expression and a message (may be
 * NULL). Returns ok. */
int harness_check(int ok, const char *file, int line, const char *expr, const char *msg);
int harness_checkf(int ok, const char *file, int line, const char *expr, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));

/* The command-line arguments that are not harness options, in order. */
int harness_argc(void);
const char *harness_arg(int i);

#define TEST(name)                                                                                \
    static void test_##name(void);                                                                \
    static void __attribute__((constructor)) test_register_##name(void)                           \
    {                                                                                             \
        harness_register(#name, test_##name, __FILE__, __LINE__);                                 \
    }                                                                                             \
    static void test_##name(void)

#define CHECK(cond) harness_check(!!(cond), __FILE__, __LINE__, #cond, NULL)
#define CHECK_MSG(cond, ...) harness_checkf(!!(cond), __FILE__, __LINE__, #cond, __VA_ARGS__)
#define CHECK_INT(a, b) harness_check_int((long long)(a), (long long)(b), __FILE__, __LINE__, #a, #b)
#define CHECK_U64(a, b)                                                                           \
    harness_check_u64((uint64_t)(a), (uint64_t)(b), __FILE__, __LINE__, #a, #b)
#define CHECK_STR(a, b) harness_check_str((a), (b), __FILE__, __LINE__, #a, #b)

int harness_check_int(long long a, long long b, const char *file, int line, const char *ea,
                      const char *eb);
int harness_check_u64(uint64_t a, uint64_t b, const char *file, int line, const char *ea,
                      const char *eb);
int harness_check_str(const char *a, const char *b, const char *file, int line, const char *ea,
                      const char *eb);

/* The running case is skipped (see above); call it and return. */
void harness_skip(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
#define HARNESS_SKIP(...) harness_skip(__VA_ARGS__)

#endif
