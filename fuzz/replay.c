/*
 * replay.c - a standalone driver for the fuzz targets, built with any C compiler: feeds every
 * file of the directories (or the files) named on the command line to LLVMFuzzerTestOneInput,
 * in name order, so that the corpora replay as ordinary tests in every build, under the
 * sanitizers in the sanitizer build. A broken property aborts the program (FUZZ_CHECK), naming
 * the input first.
 *
 * usage: fuzz_replay_TARGET DIR-OR-FILE...
 */
#include "fuzz.h"

#include <dirent.h>
#include <errno.h>
#include <sys/stat.h>

static int replay_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "replay: cannot open %s: %s\n", path, strerror(errno));
        return 1;
    }
    size_t cap = 4096, size = 0, n;
    uint8_t *data = malloc(cap);
    while (data && (n = fread(data + size, 1, cap - size, f)) > 0) {
        size += n;
        if (size == cap) {
            uint8_t *bigger = realloc(data, cap *= 2);
            if (!bigger) free(data);
            data = bigger;
        }
    }
    int failed = !data || ferror(f);
    fclose(f);
    if (failed) {
        fprintf(stderr, "replay: cannot read %s\n", path);
        free(data);
        return 1;
    }
    /* Named before it runs, so that a crash shows which input caused it. */
    fprintf(stderr, "replay: %s\n", path);
    /* A copy of exactly `size` bytes, as libFuzzer gives, so that reading past the end is
     * caught by the sanitizers. */
    uint8_t *exact = malloc(size ? size : 1);
    if (!exact) {
        free(data);
        return 1;
    }
    memcpy(exact, data, size);
    free(data);
    LLVMFuzzerTestOneInput(exact, size);
    free(exact);
    return 0;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Replays every regular file of a directory, in name order; returns the number of failures and
 * adds the files replayed to *count. */
static int replay_dir(const char *dir, unsigned long *count)
{
    DIR *d = opendir(dir);
    if (!d) {
        fprintf(stderr, "replay: cannot open %s: %s\n", dir, strerror(errno));
        return 1;
    }
    char **names = NULL;
    size_t n = 0, cap = 0;
    int failures = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.') continue;
        if (n == cap) {
            char **bigger = realloc(names, (cap = cap ? 2 * cap : 256) * sizeof *names);
            if (!bigger) break;
            names = bigger;
        }
        size_t len = strlen(dir) + strlen(e->d_name) + 2;
        if ((names[n] = malloc(len)) == NULL) break;
        snprintf(names[n++], len, "%s/%s", dir, e->d_name);
    }
    closedir(d);
    if (n) qsort(names, n, sizeof *names, by_name);
    for (size_t i = 0; i < n; i++) {
        struct stat st;
        if (stat(names[i], &st) == 0 && S_ISREG(st.st_mode)) {
            failures += replay_file(names[i]);
            ++*count;
        }
        free(names[i]);
    }
    free(names);
    return failures;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s DIR-OR-FILE...\n", argv[0]);
        return 64;
    }
    unsigned long count = 0;
    int failures = 0;
    for (int i = 1; i < argc; i++) {
        struct stat st;
        if (stat(argv[i], &st) == 0 && S_ISDIR(st.st_mode)) {
            failures += replay_dir(argv[i], &count);
        } else {
            failures += replay_file(argv[i]);
            count++;
        }
    }
    printf("%lu inputs replayed, %d unreadable\n", count, failures);
    return failures || count == 0 ? 1 : 0;
}
