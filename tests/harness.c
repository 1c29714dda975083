/*
 * harness.c - the main() of every unit-test program: runs the registered cases (see harness.h).
 *
 * usage: test_NAME [-l] [-k SUBSTRING]... [ARG...]
 *   -l            list the cases, one name a line, and run none
 *   -k SUBSTRING  run only the cases whose name contains SUBSTRING (several -k: any of them)
 *   ARG           left to the cases (harness_arg)
 */
#include "harness.h"

#include <stdarg.h>
#include <stdlib.h>

#define MAX_CASES 512
#define MAX_ARGS 64
#define MAX_FILTERS 16
/* Failures shown per case; the rest are only counted. */
#define SHOWN_FAILURES 12

typedef struct harness_case {
    const char *name;
    harness_fn fn;
    const char *file;
    int line;
} harness_case;

static harness_case cases[MAX_CASES];
static int case_count, case_overflow;

static const char *args[MAX_ARGS];
static int arg_count;

/* The running case's tallies and its first failures, printed after its verdict line. */
static long case_checks, case_failures;
static char shown[SHOWN_FAILURES][640];
static char skip_reason[512]; /* the running case's HARNESS_SKIP, "" when none */
static char first_skip[700];  /* the first skipped case's reason and name */
static int case_skipped;

void harness_register(const char *name, harness_fn fn, const char *file, int line)
{
    if (case_count == MAX_CASES) {
        case_overflow = 1;
        return;
    }
    cases[case_count++] = (harness_case){name, fn, file, line};
}

int harness_check(int ok, const char *file, int line, const char *expr, const char *msg)
{
    case_checks++;
    if (ok) return 1;
    if (case_failures < SHOWN_FAILURES)
        snprintf(shown[case_failures], sizeof shown[case_failures], "%s:%d: %s%s%s", file, line,
                 expr, msg ? ": " : "", msg ? msg : "");
    case_failures++;
    return 0;
}

int harness_checkf(int ok, const char *file, int line, const char *expr, const char *fmt, ...)
{
    if (ok) return harness_check(1, file, line, expr, NULL);
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return harness_check(0, file, line, expr, msg);
}

int harness_check_int(long long a, long long b, const char *file, int line, const char *ea,
                      const char *eb)
{
    (void)eb;
    return harness_checkf(a == b, file, line, "CHECK_INT", "%s = %lld, expected %lld", ea, a, b);
}

int harness_check_u64(uint64_t a, uint64_t b, const char *file, int line, const char *ea,
                      const char *eb)
{
    (void)eb;
    return harness_checkf(a == b, file, line, "CHECK_U64", "%s = %" PRIu64 ", expected %" PRIu64,
                          ea, a, b);
}

int harness_check_str(const char *a, const char *b, const char *file, int line, const char *ea,
                      const char *eb)
{
    (void)eb;
    return harness_checkf(a && b && strcmp(a, b) == 0, file, line, "CHECK_STR",
                          "%s = \"%s\", expected \"%s\"", ea, a ? a : "(null)",
                          b ? b : "(null)");
}

void harness_skip(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(skip_reason, sizeof skip_reason, fmt, ap);
    va_end(ap);
    case_skipped = 1;
}

int harness_argc(void) { return arg_count; }

const char *harness_arg(int i) { return i >= 0 && i < arg_count ? args[i] : NULL; }

/* Cases in the order they are written (constructors may run in any order). */
static int by_place(const void *a, const void *b)
{
    const harness_case *x = a, *y = b;
    int c = strcmp(x->file, y->file);
    return c ? c : (x->line > y->line) - (x->line < y->line);
}

static int selected(const char *name, const char *const *filters, int nfilters)
{
    if (nfilters == 0) return 1;
    for (int i = 0; i < nfilters; i++)
        if (strstr(name, filters[i])) return 1;
    return 0;
}

static int usage(const char *prog)
{
    fprintf(stderr, "usage: %s [-l] [-k SUBSTRING]... [ARG...]\n", prog);
    return 64;
}

int main(int argc, char **argv)
{
    const char *filters[MAX_FILTERS];
    int nfilters = 0, list = 0, options = 1;
    for (int i = 1; i < argc; i++) {
        if (options && strcmp(argv[i], "--") == 0) {
            options = 0;
        } else if (options && strcmp(argv[i], "-l") == 0) {
            list = 1;
        } else if (options && strcmp(argv[i], "-k") == 0) {
            if (i + 1 == argc || nfilters == MAX_FILTERS) return usage(argv[0]);
            filters[nfilters++] = argv[++i];
        } else if (options && argv[i][0] == '-' && argv[i][1] != '\0') {
            return usage(argv[0]);
        } else if (arg_count < MAX_ARGS) {
            args[arg_count++] = argv[i];
        } else {
            return usage(argv[0]);
        }
    }
    if (case_overflow) {
        fprintf(stderr, "%s: more than %d cases\n", argv[0], MAX_CASES);
        return 70;
    }
    qsort(cases, (size_t)case_count, sizeof *cases, by_place);
    for (int i = 1; i < case_count; i++)
        if (strcmp(cases[i].name, cases[i - 1].name) == 0) {
            fprintf(stderr, "%s: two cases named %s\n", argv[0], cases[i].name);
            return 70;
        }
    if (list) {
        for (int i = 0; i < case_count; i++)
            if (selected(cases[i].name, filters, nfilters)) printf("%s\n", cases[i].name);
        return 0;
    }

    int ran = 0, failed = 0, skipped = 0;
    const char *ci = getenv("RF_CI");
    int skip_fails = ci && *ci && strcmp(ci, "0") != 0;
    long checks = 0;
    for (int i = 0; i < case_count; i++) {
        if (!selected(cases[i].name, filters, nfilters)) continue;
        /* What ran before a crash is on the terminal already. */
        fflush(stdout);
        case_checks = case_failures = 0;
        case_skipped = 0;
        skip_reason[0] = 0;
        cases[i].fn();
        ran++;
        checks += case_checks;
        if (case_skipped && case_failures == 0) {
            printf("%s %s: %s\n", skip_fails ? "FAIL (RF_CI: no skips) skip" : "skip",
                   cases[i].name, skip_reason);
            if (skip_fails) failed++;
            else if (skipped++ == 0)
                snprintf(first_skip, sizeof first_skip, "%s (case %s)", skip_reason, cases[i].name);
            continue;
        }
        if (case_failures == 0 && case_checks > 0) {
            printf("ok %s (%ld check%s)\n", cases[i].name, case_checks,
                   case_checks == 1 ? "" : "s");
            continue;
        }
        failed++;
        if (case_checks == 0) {
            printf("FAIL %s (no checks ran)\n    %s:%d: the case tested nothing\n",
                   cases[i].name, cases[i].file, cases[i].line);
            continue;
        }
        printf("FAIL %s (%ld checks, %ld failed)\n", cases[i].name, case_checks, case_failures);
        for (long f = 0; f < case_failures && f < SHOWN_FAILURES; f++) printf("    %s\n", shown[f]);
        if (case_failures > SHOWN_FAILURES)
            printf("    ... and %ld more\n", case_failures - SHOWN_FAILURES);
    }
    printf("%d case%s, %d passed, %d failed, ", ran, ran == 1 ? "" : "s", ran - failed - skipped,
           failed);
    if (skipped) printf("%d skipped, ", skipped);
    printf("%ld checks\n", checks);
    if (ran == 0) {
        fprintf(stderr, "%s: no case matches\n", argv[0]);
        return 1;
    }
    /* The line `make test` lists a skipped test by (tests/skipped.sh), as the scripts print it. */
    if (!failed && skipped)
        printf("SKIP: %s%s\n", first_skip, skipped > 1 ? ", and other cases" : "");
    return failed ? 1 : skipped ? 77 : 0;
}
