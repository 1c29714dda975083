/*
 * fuzz_batch.c - batch mode: commands reading one input per line from standard input.
 *
 * Input: standard input, given to each batch command (fen, is960, status, moves, atomic; with
 * and without --json; is960 --lang de; show --json; moves of Atomic, status of King of the
 * Hill) run in-process
 * (cli_run.h). Properties:
 *   - one answer line per input line, in order, whatever a line holds;
 *   - a bad line is answered "error MESSAGE" (JSON: an object with an "error" member) in its
 *     place, and reported on standard error as "rankfile: COMMAND: line N: ..." with N its line
 *     number; every other line gets a real answer, and the run goes on to the end;
 *   - the exit status is 65 when some line was bad, else 0 (is960: 1 when some answer is false);
 *   - with --json every answer line is one valid JSON object (strings in valid UTF-8);
 *   - cli_check's properties of every run.
 */
#include "cli_run.h"
#include "fuzz.h"

/* ---- a strict JSON reader, enough to check the output ---------------------------------- */

static const char *json_value(const char *p, int depth);

static const char *json_space(const char *p)
{
    while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n') p++;
    return p;
}

/* The length of a valid UTF-8 sequence at p, or 0. */
static size_t utf8_sequence(const unsigned char *p)
{
    unsigned cp;
    size_t n;
    if (p[0] >= 0xC2 && p[0] <= 0xDF) n = 2, cp = p[0] & 0x1Fu;
    else if (p[0] >= 0xE0 && p[0] <= 0xEF) n = 3, cp = p[0] & 0x0Fu;
    else if (p[0] >= 0xF0 && p[0] <= 0xF4) n = 4, cp = p[0] & 0x07u;
    else return 0;
    for (size_t i = 1; i < n; i++) {
        if ((p[i] & 0xC0) != 0x80) return 0;
        cp = cp << 6 | (p[i] & 0x3Fu);
    }
    static const unsigned min[5] = {0, 0, 0x80, 0x800, 0x10000};
    if (cp < min[n] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
    return n;
}

static const char *json_string(const char *p)
{
    if (*p++ != '"') return NULL;
    for (;;) {
        unsigned char c = (unsigned char)*p;
        if (c == '"') return p + 1;
        if (c < 0x20) return NULL;
        if (c == '\\') {
            p++;
            if (*p == 'u') {
                for (int i = 1; i <= 4; i++)
                    if (!strchr("0123456789abcdefABCDEF", p[i]) || !p[i]) return NULL;
                p += 5;
            } else if (*p && strchr("\"\\/bfnrt", *p)) {
                p++;
            } else {
                return NULL;
            }
        } else if (c >= 0x80) {
            size_t n = utf8_sequence((const unsigned char *)p);
            if (!n) return NULL;
            p += n;
        } else {
            p++;
        }
    }
}

static const char *json_number(const char *p)
{
    if (*p == '-') p++;
    if (*p == '0') p++;
    else if (*p >= '1' && *p <= '9') while (*p >= '0' && *p <= '9') p++;
    else return NULL;
    if (*p == '.') {
        if (*++p < '0' || *p > '9') return NULL;
        while (*p >= '0' && *p <= '9') p++;
    }
    if (*p == 'e' || *p == 'E') {
        p++;
        if (*p == '+' || *p == '-') p++;
        if (*p < '0' || *p > '9') return NULL;
        while (*p >= '0' && *p <= '9') p++;
    }
    return p;
}

/* Members of an object (close '}') or elements of an array (close ']'). */
static const char *json_list(const char *p, char close, int depth)
{
    p = json_space(p + 1);
    if (*p == close) return p + 1;
    for (;;) {
        if (close == '}') {
            p = json_string(p);
            if (!p) return NULL;
            p = json_space(p);
            if (*p++ != ':') return NULL;
        }
        p = json_value(p, depth + 1);
        if (!p) return NULL;
        p = json_space(p);
        if (*p == close) return p + 1;
        if (*p++ != ',') return NULL;
    }
}

static const char *json_value(const char *p, int depth)
{
    if (depth > 32) return NULL;
    p = json_space(p);
    switch (*p) {
    case '{': return json_list(p, '}', depth);
    case '[': return json_list(p, ']', depth);
    case '"': return json_string(p);
    case 't': return strncmp(p, "true", 4) == 0 ? p + 4 : NULL;
    case 'f': return strncmp(p, "false", 5) == 0 ? p + 5 : NULL;
    case 'n': return strncmp(p, "null", 4) == 0 ? p + 4 : NULL;
    default: return json_number(p);
    }
}

/* One line (NUL-terminated) holding exactly one JSON object. */
static int json_object_line(const char *line)
{
    if (*line != '{') return 0;
    const char *end = json_value(line, 0);
    return end && *json_space(end) == '\0';
}

/* ---- the batch runs ---------------------------------------------------------------------- */

typedef struct batch {
    const char *command;
    const char *option; /* NULL, or one more argument */
    const char *option2;
} batch;

static const batch batches[] = {
    {"fen", NULL, NULL},       {"fen", "--json", NULL},     {"is960", NULL, NULL},
    {"is960", "--json", NULL}, {"is960", "--lang", "de"},   {"status", NULL, NULL},
    {"status", "--json", NULL}, {"moves", NULL, NULL},      {"moves", "--json", NULL},
    {"atomic", NULL, NULL},     {"atomic", "--json", NULL}, {"show", "--json", NULL},
    {"moves", "--variant", "atomic"}, {"status", "--variant", "koth"},
};

static unsigned long count_lines(const uint8_t *data, size_t size)
{
    unsigned long n = 0;
    for (size_t i = 0; i < size; i++) n += data[i] == '\n';
    return n + (size && data[size - 1] != '\n');
}

static void check_batch(const batch *b, const uint8_t *data, size_t size)
{
    char argv_text[4][16];
    char *argv[5];
    int argc = 0;
    const char *words[4] = {"rankfile", b->command, b->option, b->option2};
    for (int i = 0; i < 4 && words[i]; i++) {
        snprintf(argv_text[i], sizeof argv_text[i], "%s", words[i]);
        argv[argc++] = argv_text[i];
    }
    argv[argc] = NULL;
    int json = b->option && strcmp(b->option, "--json") == 0;
    cli_result r;
    cli_run(&r, argc, argv, data, size, 1);
    cli_check(&r, b->command);

    unsigned long lines = count_lines(data, size), answers = 0, errors = 0, no_answers = 0;
    const char *err = r.err;
    for (char *p = r.out; *p;) {
        char *end = strchr(p, '\n');
        FUZZ_CHECK(end, "%s: unterminated answer '%.200s'", b->command, p);
        *end = '\0';
        answers++;
        int error = json ? strstr(p, "\"error\":") != NULL : strncmp(p, "error ", 6) == 0;
        if (json)
            FUZZ_CHECK(json_object_line(p), "%s: answer %lu is not a JSON object: %.300s",
                       b->command, answers, p);
        if (error) {
            /* The error's report names this line. */
            errors++;
            unsigned long no = 0;
            char head[40];
            snprintf(head, sizeof head, "rankfile: %s: line %%lu:", b->command);
            FUZZ_CHECK(*err && sscanf(err, head, &no) == 1 && no == answers,
                       "%s: error answer %lu, stderr '%.200s'", b->command, answers, err);
            err = strchr(err, '\n') + 1;
        } else if (!json && strcmp(b->command, "is960") == 0) {
            FUZZ_CHECK(strncmp(p, "true ", 5) == 0 || strncmp(p, "false ", 6) == 0,
                       "is960 answer '%.200s'", p);
            no_answers += p[0] == 'f';
        } else if (json && strcmp(b->command, "is960") == 0) {
            no_answers += strstr(p, "\"chess960\":false") != NULL;
        }
        p = end + 1;
    }
    FUZZ_CHECK(answers == lines, "%s: %lu answers to %lu lines", b->command, answers, lines);
    FUZZ_CHECK(*err == '\0', "%s: stderr without an error answer: '%.200s'", b->command, err);
    int want = errors ? 65 : no_answers ? 1 : 0;
    FUZZ_CHECK(r.code == want, "%s: exit status %d, expected %d", b->command, r.code, want);
    cli_result_free(&r);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    for (size_t i = 0; i < sizeof batches / sizeof *batches; i++)
        check_batch(&batches[i], data, size);
    return 0;
}
