/*
 * check.h - the unit-test harness: CHECK macros count passed and failed cases, and every test
 * program ends with check_summary(), which prints "N passed, M failed" and gives the exit code.
 */
#ifndef RF_CHECK_H
#define RF_CHECK_H

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static int check_passed, check_failed;

#define CHECK(cond) check_report(!!(cond), __FILE__, __LINE__, #cond, NULL)
#define CHECK_MSG(cond, ...) check_report_fmt(!!(cond), __FILE__, __LINE__, #cond, __VA_ARGS__)
#define CHECK_INT(a, b)                                                                           \
    do {                                                                                          \
        long long check_a_ = (long long)(a), check_b_ = (long long)(b);                           \
        CHECK_MSG(check_a_ == check_b_, "%s = %lld, expected %lld", #a, check_a_, check_b_);      \
    } while (0)
#define CHECK_STR(a, b)                                                                           \
    do {                                                                                          \
        const char *check_a_ = (a), *check_b_ = (b);                                              \
        CHECK_MSG(check_a_ && check_b_ && strcmp(check_a_, check_b_) == 0,                        \
                  "%s = \"%s\", expected \"%s\"", #a, check_a_ ? check_a_ : "(null)",             \
                  check_b_ ? check_b_ : "(null)");                                                \
    } while (0)

static inline int check_report(int ok, const char *file, int line, const char *expr,
                               const char *msg)
{
    if (ok) {
        check_passed++;
    } else {
        check_failed++;
        if (check_failed <= 50)
            fprintf(stderr, "%s:%d: FAILED: %s%s%s\n", file, line, expr, msg ? ": " : "",
                    msg ? msg : "");
    }
    return ok;
}

static inline int __attribute__((format(printf, 5, 6)))
check_report_fmt(int ok, const char *file, int line, const char *expr, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return check_report(ok, file, line, expr, msg);
}

static inline int check_summary(void)
{
    printf("%d passed, %d failed\n", check_passed, check_failed);
    return check_failed ? 1 : 0;
}

#endif
