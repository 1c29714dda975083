/*
 * fuzz_judge.c - `rankfile judge`, the 'Rank and File' format, against a judge written here.
 *
 * Input: standard input of `rankfile judge`, run in-process (cli_run.h). The input is also read
 * here, by the format as its help states it, and every dataset judged by brute force on an 8x8
 * array of letters (rays walked square by square; a move is legal when the mover's king is not
 * attacked afterwards; capturing a king is no move). Properties:
 *   - standard output is this judge's answers, one line per dataset read before the first
 *     malformed one;
 *   - the exit status is 0, or 65 when the input is malformed (a line longer than the command
 *     reads is, wherever it stands), and then standard error is one
 *     line "rankfile: judge: ... line N: ..." naming the line where the input went wrong (the
 *     line after the last one when the input ends early);
 *   - cli_check's properties of every run.
 */
#include "cli_run.h"
#include "fuzz.h"

/* The longest line the command reads whole (cli.h's CLI_MAX_LINE less the NUL). */
#define MAX_LINE 8191

typedef struct lines {
    const char *data;
    size_t size, at;
    unsigned long no; /* lines read so far */
} lines;

/* The next line without its ending, trailing blanks (space, tab, CR) and, on the first line, a
 * byte-order mark: 1; 0 at the end of the input; -1 for a line too long to read, which is
 * malformed wherever it stands. */
static int next_line(lines *l, const char **text, size_t *len)
{
    if (l->at >= l->size) return 0;
    const char *s = l->data + l->at;
    const char *nl = memchr(s, '\n', l->size - l->at);
    size_t n = nl ? (size_t)(nl - s) : l->size - l->at;
    l->at += nl ? n + 1 : n;
    l->no++;
    if (n > MAX_LINE) return -1;
    /* A UTF-8 byte-order mark opens the input, not its first line's text (the line is still
     * line 1: a mark alone makes it blank). */
    if (l->no == 1 && n >= 3 && memcmp(s, "\xEF\xBB\xBF", 3) == 0) {
        s += 3;
        n -= 3;
    }
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r')) n--;
    *text = s;
    *len = n;
    return 1;
}

/* The next line that is not blank, without its leading blanks; as next_line. */
static int next_nonblank(lines *l, const char **text, size_t *len)
{
    int got;
    while ((got = next_line(l, text, len)) > 0) {
        size_t skip = 0;
        while (skip < *len && ((*text)[skip] == ' ' || (*text)[skip] == '\t')) skip++;
        if (skip < *len) {
            *text += skip;
            *len -= skip;
            return 1;
        }
    }
    return got;
}

/* sq[row][col]: row 0 is the 8th rank; lower case White. */
typedef struct board {
    char sq[8][8];
} board;

static int is_white(char c) { return c >= 'a' && c <= 'z'; }

/* Whether the piece on (r, c) attacks (tr, tc). */
static int attacks(const board *b, int r, int c, int tr, int tc)
{
    char p = (char)(b->sq[r][c] | 0x20);
    int dr = tr - r, dc = tc - c;
    int adr = dr < 0 ? -dr : dr, adc = dc < 0 ? -dc : dc;
    if (adr == 0 && adc == 0) return 0;
    if (p == 'k') return adr <= 1 && adc <= 1;
    if (p == 'n') return (adr == 1 && adc == 2) || (adr == 2 && adc == 1);
    int straight = dr == 0 || dc == 0, diagonal = adr == adc;
    if (!((p == 'r' && straight) || (p == 'b' && diagonal) || (p == 'q' && (straight || diagonal))))
        return 0;
    int sr = (dr > 0) - (dr < 0), sc = (dc > 0) - (dc < 0);
    for (int i = r + sr, j = c + sc; i != tr || j != tc; i += sr, j += sc)
        if (b->sq[i][j] != '.') return 0;
    return 1;
}

/* Whether the king of the side (white or not) stands attacked by the other side's pieces. */
static int king_attacked(const board *b, int white)
{
    int kr = -1, kc = -1;
    for (int r = 0; r < 8; r++)
        for (int c = 0; c < 8; c++)
            if ((b->sq[r][c] | 0x20) == 'k' && is_white(b->sq[r][c]) == white) kr = r, kc = c;
    for (int r = 0; r < 8; r++)
        for (int c = 0; c < 8; c++)
            if (b->sq[r][c] != '.' && is_white(b->sq[r][c]) != white && attacks(b, r, c, kr, kc))
                return 1;
    return 0;
}

static const char *verdict(const board *b, int white)
{
    if (!king_attacked(b, white)) return "SAFE";
    for (int r = 0; r < 8; r++) {
        for (int c = 0; c < 8; c++) {
            if (b->sq[r][c] == '.' || is_white(b->sq[r][c]) != white) continue;
            for (int tr = 0; tr < 8; tr++) {
                for (int tc = 0; tc < 8; tc++) {
                    char target = b->sq[tr][tc];
                    if (target != '.' && (is_white(target) == white || (target | 0x20) == 'k'))
                        continue;
                    if (!attacks(b, r, c, tr, tc)) continue;
                    board after = *b;
                    after.sq[tr][tc] = after.sq[r][c];
                    after.sq[r][c] = '.';
                    if (!king_attacked(&after, white)) return "CHECKED";
                }
            }
        }
    }
    return "CHECKMATED";
}

/* The expected run: answers appended to out; returns 0, or the line number of the error. */
static unsigned long expected(const uint8_t *data, size_t size, char *out, size_t cap)
{
    lines l = {(const char *)data, size, 0, 0};
    const char *s;
    size_t len, used = 0;
    out[0] = '\0';
    int got = next_nonblank(&l, &s, &len);
    if (got <= 0) return got ? l.no : l.no + 1;
    int count = 0;
    for (size_t i = 0; i < len; i++) {
        if (len > 3 || s[i] < '0' || s[i] > '9') return l.no;
        count = count * 10 + (s[i] - '0');
    }
    if (count < 1 || count > 100) return l.no;
    for (int d = 0; d < count; d++) {
        if ((got = next_nonblank(&l, &s, &len)) <= 0) return got ? l.no : l.no + 1;
        if (len != 1 || (s[0] != 'w' && s[0] != 'B')) return l.no;
        int white = s[0] == 'w';
        board b;
        int kings[2] = {0, 0};
        for (int row = 0; row < 8; row++) {
            if ((got = next_line(&l, &s, &len)) <= 0) return got ? l.no : l.no + 1;
            if (len != 8) return l.no;
            for (int col = 0; col < 8; col++) {
                char ch = s[col];
                if (!ch || !strchr(".rbqnkRBQNK", ch)) return l.no;
                if ((ch | 0x20) == 'k' && ++kings[is_white(ch)] > 1) return l.no;
                b.sq[row][col] = ch;
            }
        }
        if (!kings[0] || !kings[1]) return l.no;
        used += (size_t)snprintf(out + used, cap - used, "%s IS %s\n", white ? "WHITE" : "BLACK",
                                 verdict(&b, white));
    }
    return next_nonblank(&l, &s, &len) ? l.no : 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static char program[] = "rankfile", command[] = "judge";
    char *argv[] = {program, command, NULL};
    char want[100 * 24];
    unsigned long bad_line = expected(data, size, want, sizeof want);
    cli_result r;
    cli_run(&r, 2, argv, data, size, 1);
    cli_check(&r, "judge");
    FUZZ_CHECK(strcmp(r.out, want) == 0, "answers:\n%.400s\nexpected:\n%.400s", r.out, want);
    FUZZ_CHECK(r.code == (bad_line ? 65 : 0), "exit status %d, malformed at line %lu", r.code,
               bad_line);
    if (bad_line) {
        char where[40];
        snprintf(where, sizeof where, "line %lu: ", bad_line);
        FUZZ_CHECK(memchr(r.err, '\n', r.err_len) == r.err + r.err_len - 1 &&
                       strstr(r.err, where),
                   "stderr '%.300s' does not name line %lu", r.err, bad_line);
    }
    cli_result_free(&r);
    return 0;
}
