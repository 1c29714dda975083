/*
 * uci.c - the UCI engine driver (uci.h): one engine process spoken to over pipes.
 *
 * The process: posix_spawnp (a bare name is looked up on PATH) with its standard input, output
 * and error on three pipes made close-on-exec (pipe2 where the system has it), so that an engine
 * started by one thread never holds the pipe ends of another thread's engine; the child gets
 * the three ends by dup2, which clears the flag on them alone, an empty signal mask and SIGPIPE
 * at its default. Our ends are non-blocking; every wait is a poll() with a deadline on the
 * monotonic clock, and the engine's standard error is read in the same poll as its output, so
 * that a chatty engine cannot fill that pipe and stall: its last bytes are kept for messages.
 *
 * SIGPIPE: writing to an engine that has exited raises SIGPIPE, which kills a process that has
 * not set it aside. MSG_NOSIGNAL is for sockets only, and the caller's disposition is the
 * caller's, so each write blocks SIGPIPE in the calling thread (pthread_sigmask; a pipe's
 * SIGPIPE is sent to the thread that wrote), and when the write failed with EPIPE and SIGPIPE
 * was not already pending before, takes the one it raised off the thread with a zero-timeout
 * sigtimedwait before restoring the mask. The write then reads as EPIPE: the engine is gone.
 *
 * Under Emscripten (the web page compiles the application library) there are no processes:
 * uci_start answers UCI_SYSTEM.
 */
#if !defined(_GNU_SOURCE) && defined(__linux__)
#define _GNU_SOURCE /* pipe2 */
#endif
#include "uci.h"

#include "app.h" /* cli_number_u64 */

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifndef __EMSCRIPTEN__
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>
extern char **environ;
#endif

/* The longest line read from an engine; a longer one is UCI_ILLEGAL. */
#define UCI_LINE_MAX 65536
#define UCI_TAIL_MAX 1023

typedef struct uci_option_info {
    char *name; /* as the engine listed it */
    char *rest; /* the words after `type`: "spin default 16 min 1 max 33554432" */
} uci_option_info;

struct uci_engine {
    pid_t pid;
    int in_fd, out_fd, err_fd; /* our ends; -1 when closed */
    int dead;                  /* the process is gone (waited for) */
    int chess960;
    rf_variant variant;
    double start_timeout, hang_timeout;
    char path[256];
    char name[256];
    size_t option_count, option_cap;
    uci_option_info *options;
    /* Standard output not yet read as lines: buf[start..len). */
    char *buf;
    size_t start, len;
    int skipping; /* discarding the rest of an over-long line */
    /* The last bytes of standard error. */
    char tail[UCI_TAIL_MAX];
    size_t tail_len;
    int tail_cut; /* bytes before tail[0] were dropped */
};

/* ---------------------------------------------------------------------------------------------
 * Errors and small helpers
 * ------------------------------------------------------------------------------------------- */

const char *uci_fault_name(int fault)
{
    switch (fault) {
    case UCI_OK: return "ok";
    case UCI_NOT_AN_ENGINE: return "not an engine";
    case UCI_CRASHED: return "crashed";
    case UCI_HUNG: return "hung";
    case UCI_ILLEGAL: return "illegal";
    case UCI_REFUSED: return "refused";
    case UCI_SYSTEM: return "system error";
    default: return "unknown fault";
    }
}

static void clear_error(uci_error *err)
{
    if (!err) return;
    err->fault = UCI_OK;
    err->message[0] = '\0';
    err->stderr_tail[0] = '\0';
}

static int fail(uci_error *err, int fault, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int fail(uci_error *err, int fault, const char *fmt, ...)
{
    if (err) {
        err->fault = (uci_fault)fault;
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err->message, sizeof err->message, fmt, ap);
        va_end(ap);
        /* One line of printable ASCII, whatever bytes an engine put into it. */
        for (char *p = err->message; *p; p++)
            if ((unsigned char)*p < 0x20 || (unsigned char)*p >= 0x7f) *p = '?';
    }
    return fault;
}

/* `len` bytes of engine text for a message: at most `cap` - 1 bytes, bytes other than printable
 * ASCII as '?', "..." when cut. */
static void quote(char *out, size_t cap, const char *text, size_t len)
{
    size_t n = 0;
    int cut = len > cap - 1;
    size_t keep = cut ? (cap > 4 ? cap - 4 : 0) : len;
    for (size_t i = 0; i < keep && n + 1 < cap; i++) {
        unsigned char c = (unsigned char)text[i];
        out[n++] = c < 0x20 || c >= 0x7f ? '?' : (char)c;
    }
    if (cut)
        for (int i = 0; i < 3 && n + 1 < cap; i++) out[n++] = '.';
    out[n] = '\0';
}

/* Words of a line: spaces and tabs separate them. */
typedef struct words {
    const char *p, *end;
} words;

static int next_word(words *w, const char **word, size_t *len)
{
    while (w->p < w->end && (*w->p == ' ' || *w->p == '\t')) w->p++;
    if (w->p >= w->end) return 0;
    const char *s = w->p;
    while (w->p < w->end && *w->p != ' ' && *w->p != '\t') w->p++;
    *word = s;
    *len = (size_t)(w->p - s);
    return 1;
}

static int word_is(const char *word, size_t len, const char *lit)
{
    return strlen(lit) == len && memcmp(word, lit, len) == 0;
}

/* A decimal integer, optionally signed, within [lo, hi]. */
static int read_int(const char *word, size_t len, long long lo, long long hi, long long *out)
{
    size_t i = 0;
    int neg = 0;
    if (i < len && (word[i] == '-' || word[i] == '+')) neg = word[i++] == '-';
    if (i == len) return 0;
    unsigned long long v = 0;
    for (; i < len; i++) {
        if (word[i] < '0' || word[i] > '9') return 0;
        if (v > (~0ull - 9) / 10) return 0;
        v = v * 10 + (unsigned)(word[i] - '0');
    }
    if (v > (unsigned long long)1 << 62) return 0;
    long long s = neg ? -(long long)v : (long long)v;
    if (s < lo || s > hi) return 0;
    *out = s;
    return 1;
}

/* ---------------------------------------------------------------------------------------------
 * Reading the engine's lines (no process needed: uci_read_line)
 * ------------------------------------------------------------------------------------------- */

void uci_result_clear(uci_result *out)
{
    memset(out, 0, sizeof *out);
    for (int i = 0; i < UCI_MAX_MULTIPV; i++) out->lines[i].multipv = i + 1;
}

static const char *const info_keywords[] = {
    "depth", "seldepth", "time", "nodes", "pv", "multipv", "score", "currmove", "currmovenumber",
    "hashfull", "nps", "tbhits", "sbhits", "cpuload", "string", "refutation", "currline", "wdl",
};

static int is_info_keyword(const char *word, size_t len)
{
    for (size_t i = 0; i < sizeof info_keywords / sizeof *info_keywords; i++)
        if (word_is(word, len, info_keywords[i])) return 1;
    return 0;
}

/* The line quoted into a UCI_ILLEGAL message. */
static int illegal(uci_error *err, const char *line, size_t len, const char *what, const char *word,
                   size_t wlen)
{
    char q[120], w[40];
    quote(q, sizeof q, line, len);
    if (word) {
        quote(w, sizeof w, word, wlen);
        return fail(err, UCI_ILLEGAL, "the engine said %s '%s' in '%s'", what, w, q);
    }
    return fail(err, UCI_ILLEGAL, "the engine said %s in '%s'", what, q);
}

static int bad_number(uci_error *err, const char *line, size_t len, const char *key, size_t kl,
                      const char *word, size_t wl)
{
    char q[120], w[40], k[24];
    quote(q, sizeof q, line, len);
    quote(w, sizeof w, word, wl);
    quote(k, sizeof k, key, kl);
    return fail(err, UCI_ILLEGAL, "the engine said '%s' where a number belongs after %s in '%s'", w, k, q);
}

/* A move of the engine's text, legal in *pos, castling written as the engine's mode writes it
 * (king-takes-rook when chess960, else the king's two-square step). The null move is not one. */
static int engine_move(rf_move *out, const rf_position *pos, int chess960, const char *word,
                       size_t len)
{
    if (len < 4 || len > 5) return 0;
    rf_move m;
    if (rf_move_from_uci(&m, pos, word, len, NULL) != RF_OK || m == RF_MOVE_NULL) return 0;
    if (RF_MOVE_KIND(m) == RF_MOVE_CASTLING) {
        rf_position mode;
        memset(&mode, 0, sizeof mode);
        mode.chess960 = (uint8_t)(chess960 != 0);
        char text[RF_UCI_MAX];
        rf_move_to_uci(text, sizeof text, &mode, m);
        if (len != strlen(text) || memcmp(text, word, len) != 0) return 0;
    }
    *out = m;
    return 1;
}

/* An info line being read: its words, the word at hand, and what it said so far. */
typedef struct info_reader {
    words w;
    const char *word;
    size_t wl;
    int have; /* a word is at hand */
    const char *line;
    size_t len;
    uci_error *err;
    const rf_position *pos;
    int chess960;
    uci_line cand;
    int said_depth, said_nodes, said_time, said_score, said_pv;
} info_reader;

static void advance(info_reader *r)
{
    r->have = next_word(&r->w, &r->word, &r->wl);
}

/* depth, seldepth, multipv, time, hashfull, cpuload, currmovenumber and their number. */
static int info_int(info_reader *r, const char *key, size_t kl)
{
    long long v;
    if (!next_word(&r->w, &r->word, &r->wl)) return illegal(r->err, r->line, r->len, "no number after", key, kl);
    long long lo = word_is(key, kl, "multipv") ? 1 : 0;
    if (!read_int(r->word, r->wl, lo, word_is(key, kl, "time") ? (1ll << 53) : 1000000000, &v))
        return bad_number(r->err, r->line, r->len, key, kl, r->word, r->wl);
    if (word_is(key, kl, "depth")) r->cand.depth = (int)v, r->said_depth = 1;
    else if (word_is(key, kl, "seldepth")) r->cand.seldepth = (int)v;
    else if (word_is(key, kl, "multipv")) r->cand.multipv = (int)v;
    else if (word_is(key, kl, "time")) r->cand.time_ms = (long)v, r->said_time = 1;
    advance(r);
    return 0;
}

/* nodes, nps, tbhits, sbhits and their count. */
static int info_count(info_reader *r, const char *key, size_t kl)
{
    uint64_t u;
    if (!next_word(&r->w, &r->word, &r->wl)) return illegal(r->err, r->line, r->len, "no number after", key, kl);
    if (!cli_number_u64(r->word, r->wl, &u)) return bad_number(r->err, r->line, r->len, key, kl, r->word, r->wl);
    if (word_is(key, kl, "nodes")) r->cand.nodes = u, r->said_nodes = 1;
    advance(r);
    return 0;
}

/* score cp|mate N [lowerbound|upperbound]. */
static int info_score(info_reader *r)
{
    long long v;
    if (!next_word(&r->w, &r->word, &r->wl)) return illegal(r->err, r->line, r->len, "nothing after", "score", 5);
    int mate = word_is(r->word, r->wl, "mate");
    if (!mate && !word_is(r->word, r->wl, "cp"))
        return illegal(r->err, r->line, r->len, "a score that is neither cp nor mate:", r->word, r->wl);
    if (!next_word(&r->w, &r->word, &r->wl))
        return illegal(r->err, r->line, r->len, "no number after score", mate ? "mate" : "cp", mate ? 4 : 2);
    if (!read_int(r->word, r->wl, -1000000000, 1000000000, &v))
        return bad_number(r->err, r->line, r->len, mate ? "score mate" : "score cp", mate ? 10 : 8, r->word, r->wl);
    r->cand.has_score = 1;
    r->cand.score.is_mate = mate;
    r->cand.score.value = (int)v;
    r->said_score = 1;
    advance(r);
    while (r->have && (word_is(r->word, r->wl, "lowerbound") || word_is(r->word, r->wl, "upperbound"))) {
        if (r->word[0] == 'l') r->cand.score.lowerbound = 1;
        else r->cand.score.upperbound = 1;
        advance(r);
    }
    return 0;
}

/* wdl W D L. */
static int info_wdl(info_reader *r)
{
    long long v;
    for (int i = 0; i < 3; i++) {
        if (!next_word(&r->w, &r->word, &r->wl)) return illegal(r->err, r->line, r->len, "too few numbers after", "wdl", 3);
        if (!read_int(r->word, r->wl, 0, 1000000, &v)) return bad_number(r->err, r->line, r->len, "wdl", 3, r->word, r->wl);
        r->cand.wdl[i] = (int)v;
    }
    r->cand.has_wdl = 1;
    advance(r);
    return 0;
}

/* currmove MOVE: legal, not kept. */
static int info_currmove(info_reader *r)
{
    rf_move m;
    if (!next_word(&r->w, &r->word, &r->wl)) return illegal(r->err, r->line, r->len, "no move after", "currmove", 8);
    if (!engine_move(&m, r->pos, r->chess960, r->word, r->wl))
        return illegal(r->err, r->line, r->len, "a currmove that is not a legal move:", r->word, r->wl);
    advance(r);
    return 0;
}

/* pv MOVE...: each legal after the ones before, the first UCI_MAX_PV kept. */
static int info_pv(info_reader *r)
{
    rf_position at = *r->pos;
    r->cand.pv_len = 0;
    r->said_pv = 1;
    size_t ply = 0;
    advance(r);
    while (r->have && !is_info_keyword(r->word, r->wl)) {
        rf_move m;
        if (!engine_move(&m, &at, r->chess960, r->word, r->wl)) {
            char what[64];
            snprintf(what, sizeof what, "a pv whose move %zu is not legal:", ply + 1);
            return illegal(r->err, r->line, r->len, what, r->word, r->wl);
        }
        if (r->cand.pv_len < UCI_MAX_PV) r->cand.pv[r->cand.pv_len++] = m;
        rf_position_play(&at, m);
        ply++;
        advance(r);
    }
    return 0;
}

/* The line's fields into *out: depth, nodes and time as said; the line of its multipv when it
 * said a score or a pv. */
static void keep_info(uci_result *out, const info_reader *r)
{
    if (r->said_depth) out->depth = r->cand.depth;
    if (r->said_nodes) out->nodes = r->cand.nodes;
    if (r->said_time) out->time_ms = r->cand.time_ms;
    if ((r->said_score || r->said_pv) && r->cand.multipv <= UCI_MAX_MULTIPV) {
        size_t i = (size_t)r->cand.multipv - 1;
        out->lines[i] = r->cand;
        if (out->line_count < i + 1) {
            for (size_t k = out->line_count; k < i; k++) out->lines[k].multipv = (int)k + 1;
            out->line_count = i + 1;
        }
    }
}

/* An info line; w: its words after "info". */
static int read_info(uci_result *out, const rf_position *pos, int chess960, const char *line,
                     size_t len, words w, uci_error *err)
{
    info_reader r;
    memset(&r, 0, sizeof r);
    r.w = w, r.line = line, r.len = len, r.err = err, r.pos = pos, r.chess960 = chess960;
    r.cand.multipv = 1;
    advance(&r);
    while (r.have) {
        if (word_is(r.word, r.wl, "string")) break; /* the rest is free text */
        const char *key = r.word;
        size_t kl = r.wl;
        int st = 0;
        if (word_is(key, kl, "depth") || word_is(key, kl, "seldepth") || word_is(key, kl, "multipv") ||
            word_is(key, kl, "time") || word_is(key, kl, "hashfull") || word_is(key, kl, "cpuload") ||
            word_is(key, kl, "currmovenumber")) {
            st = info_int(&r, key, kl);
        } else if (word_is(key, kl, "nodes") || word_is(key, kl, "nps") || word_is(key, kl, "tbhits") ||
                   word_is(key, kl, "sbhits")) {
            st = info_count(&r, key, kl);
        } else if (word_is(key, kl, "score")) {
            st = info_score(&r);
        } else if (word_is(key, kl, "wdl")) {
            st = info_wdl(&r);
        } else if (word_is(key, kl, "currmove")) {
            st = info_currmove(&r);
        } else if (word_is(key, kl, "pv")) {
            st = info_pv(&r);
        } else if (word_is(key, kl, "refutation") || word_is(key, kl, "currline")) {
            /* Moves (currline: a CPU number first) that are not kept. */
            advance(&r);
            while (r.have && !is_info_keyword(r.word, r.wl)) advance(&r);
        } else {
            advance(&r); /* a word the protocol does not know: ignored, as UCI says */
        }
        if (st) return st;
    }
    keep_info(out, &r);
    return 0;
}

/* A bestmove line; w: its words after "bestmove". */
static int read_bestmove(uci_result *out, const rf_position *pos, int chess960, const char *line,
                         size_t len, words w, uci_error *err)
{
    const char *word;
    size_t wl;
    out->has_best = 0;
    out->has_ponder = 0;
    out->best = out->ponder = RF_MOVE_NONE;
    if (!next_word(&w, &word, &wl)) return illegal(err, line, len, "a bestmove without a move", NULL, 0);
    rf_movelist list;
    if (word_is(word, wl, "(none)") || word_is(word, wl, "0000")) {
        if (rf_generate_moves(&list, pos) != 0)
            return illegal(err, line, len, "there is no move, in a position that has legal moves,",
                           NULL, 0);
        return 1;
    }
    rf_move best;
    if (!engine_move(&best, pos, chess960, word, wl))
        return illegal(err, line, len, "a bestmove that is not a legal move:", word, wl);
    out->has_best = 1;
    out->best = best;
    /* A ponder move is a hint: one that is not legal after the best move is left out. */
    if (next_word(&w, &word, &wl) && word_is(word, wl, "ponder") && next_word(&w, &word, &wl)) {
        rf_position after = *pos;
        rf_position_play(&after, best);
        rf_move ponder;
        if (engine_move(&ponder, &after, chess960, word, wl)) {
            out->has_ponder = 1;
            out->ponder = ponder;
        }
    }
    return 1;
}

int uci_read_line(uci_result *out, const rf_position *pos, int chess960, const char *line,
                  size_t len, uci_error *err)
{
    clear_error(err);
    words w = {line, line + len};
    const char *word;
    size_t wl;
    if (!next_word(&w, &word, &wl)) return 0;
    if (word_is(word, wl, "info")) return read_info(out, pos, chess960, line, len, w, err);
    if (word_is(word, wl, "bestmove")) return read_bestmove(out, pos, chess960, line, len, w, err);
    return 0;
}

/* ---------------------------------------------------------------------------------------------
 * The process
 * ------------------------------------------------------------------------------------------- */

const char *uci_name(const uci_engine *e)
{
    return e ? e->name : "";
}

pid_t uci_pid(const uci_engine *e)
{
    return e ? e->pid : (pid_t)-1;
}

#ifdef __EMSCRIPTEN__

int uci_start(uci_engine **out, const uci_config *cfg, uci_error *err)
{
    (void)cfg;
    *out = NULL;
    clear_error(err);
    return fail(err, UCI_SYSTEM, "engines cannot be run here (no processes)");
}

int uci_new_game(uci_engine *e, uci_error *err)
{
    (void)e;
    clear_error(err);
    return fail(err, UCI_SYSTEM, "engines cannot be run here (no processes)");
}

int uci_search(uci_engine *e, const rf_position *root, const rf_move *moves, size_t move_count,
               const uci_limit *limit, uci_result *out, uci_error *err)
{
    (void)e, (void)root, (void)moves, (void)move_count, (void)limit;
    uci_result_clear(out);
    clear_error(err);
    return fail(err, UCI_SYSTEM, "engines cannot be run here (no processes)");
}

void uci_quit(uci_engine *e)
{
    free(e);
}

#else

static int has_control(const char *s)
{
    for (; *s; s++)
        if ((unsigned char)*s < 0x20 || *s == 0x7f) return 1;
    return 0;
}

static int ieq(const char *a, size_t alen, const char *b)
{
    size_t blen = strlen(b);
    if (alen != blen) return 0;
    for (size_t i = 0; i < alen; i++) {
        unsigned char x = (unsigned char)a[i], y = (unsigned char)b[i];
        if (x >= 'A' && x <= 'Z') x = (unsigned char)(x + 32);
        if (y >= 'A' && y <= 'Z') y = (unsigned char)(y + 32);
        if (x != y) return 0;
    }
    return 1;
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Milliseconds until `deadline` for poll(), at least 0. */
static int poll_ms(double deadline)
{
    double left = deadline - now_s();
    if (left <= 0) return 0;
    if (left > 1e6) return 1000000000;
    return (int)(left * 1000.0) + 1;
}

static void sleep_ms(long ms)
{
    struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
    while (nanosleep(&ts, &ts) != 0 && errno == EINTR) {}
}

/* Keeps the last bytes of standard error. */
static void tail_add(uci_engine *e, const char *data, size_t n)
{
    if (n >= UCI_TAIL_MAX) {
        memcpy(e->tail, data + n - UCI_TAIL_MAX, UCI_TAIL_MAX);
        e->tail_len = UCI_TAIL_MAX;
        e->tail_cut = 1;
        return;
    }
    if (e->tail_len + n > UCI_TAIL_MAX) {
        size_t drop = e->tail_len + n - UCI_TAIL_MAX;
        memmove(e->tail, e->tail + drop, e->tail_len - drop);
        e->tail_len -= drop;
        e->tail_cut = 1;
    }
    memcpy(e->tail + e->tail_len, data, n);
    e->tail_len += n;
}

/* Reads what standard error has now; 0 at its end (the fd is then closed). */
static int drain_stderr(uci_engine *e)
{
    char chunk[4096];
    for (;;) {
        ssize_t n = read(e->err_fd, chunk, sizeof chunk);
        if (n > 0) {
            tail_add(e, chunk, (size_t)n);
            continue;
        }
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return 1;
        close(e->err_fd);
        e->err_fd = -1;
        return 0;
    }
}

/* The kept standard error into err: whole lines, each ended by '\n', control bytes as '?'. */
static void copy_tail(const uci_engine *e, uci_error *err)
{
    if (!err) return;
    size_t from = 0;
    if (e->tail_cut) {
        while (from < e->tail_len && e->tail[from] != '\n') from++;
        if (from < e->tail_len) from++;
    }
    size_t n = 0, cap = sizeof err->stderr_tail;
    for (size_t i = from; i < e->tail_len && n + 2 < cap; i++) {
        unsigned char c = (unsigned char)e->tail[i];
        if (c == '\r') continue;
        err->stderr_tail[n++] = (c < 0x20 && c != '\n' && c != '\t') || c == 0x7f ? '?' : (char)c;
    }
    if (n > 0 && err->stderr_tail[n - 1] != '\n') err->stderr_tail[n++] = '\n';
    err->stderr_tail[n] = '\0';
}

static void close_fd(int *fd)
{
    if (*fd >= 0) close(*fd);
    *fd = -1;
}

/* Waits for the process until `deadline`; kills it (SIGKILL) when it is still there then.
 * *status: its wait status; returns 1 when it had exited by itself, 0 when it was killed. */
static int reap(uci_engine *e, double deadline, int *status)
{
    *status = 0;
    if (e->dead) return 1;
    for (;;) {
        pid_t r = waitpid(e->pid, status, WNOHANG);
        if (r == e->pid || (r < 0 && errno != EINTR)) {
            e->dead = 1;
            return r == e->pid;
        }
        if (now_s() >= deadline) break;
        sleep_ms(2);
    }
    kill(e->pid, SIGKILL);
    while (waitpid(e->pid, status, 0) < 0 && errno == EINTR) {}
    e->dead = 1;
    return 0;
}

static const char *signal_name(int sig)
{
    switch (sig) {
    case SIGSEGV: return "SIGSEGV";
    case SIGABRT: return "SIGABRT";
    case SIGKILL: return "SIGKILL";
    case SIGTERM: return "SIGTERM";
    case SIGBUS: return "SIGBUS";
    case SIGFPE: return "SIGFPE";
    case SIGILL: return "SIGILL";
    case SIGPIPE: return "SIGPIPE";
    case SIGINT: return "SIGINT";
    case SIGHUP: return "SIGHUP";
    default: return "a signal";
    }
}

/* The engine stopped talking (its output ended, or a write found its input closed): gathers the
 * rest of its standard error and its exit, closes our ends, and says so as `fault`. */
static int gone(uci_engine *e, uci_error *err, int fault, const char *doing)
{
    double deadline = now_s() + 1.0;
    while (e->err_fd >= 0) {
        struct pollfd p = {e->err_fd, POLLIN, 0};
        int r = poll(&p, 1, poll_ms(deadline));
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0) break;
        if (!drain_stderr(e)) break;
    }
    int status;
    int exited = reap(e, now_s() + 1.0, &status);
    close_fd(&e->in_fd);
    close_fd(&e->out_fd);
    close_fd(&e->err_fd);
    copy_tail(e, err);
    if (exited && WIFEXITED(status))
        return fail(err, fault, "the engine '%s' exited with status %d %s", e->path,
                    WEXITSTATUS(status), doing);
    if (exited && WIFSIGNALED(status))
        return fail(err, fault, "the engine '%s' was killed by signal %d (%s) %s", e->path,
                    WTERMSIG(status), signal_name(WTERMSIG(status)), doing);
    return fail(err, fault, "the engine '%s' closed its pipes %s; it has been killed", e->path,
                doing);
}

/* Said nothing before the deadline: killed. */
static int hung(uci_engine *e, uci_error *err, int fault, double waited, const char *doing)
{
    int status;
    if (e->err_fd >= 0) drain_stderr(e);
    reap(e, 0, &status);
    close_fd(&e->in_fd);
    close_fd(&e->out_fd);
    close_fd(&e->err_fd);
    copy_tail(e, err);
    return fail(err, fault, "the engine '%s' said nothing for %.3g s %s; it has been killed", e->path,
                waited, doing);
}

enum { LINE_OK = 1, LINE_EOF = 0, LINE_TIMEOUT = -1, LINE_LONG = -2, LINE_SYSTEM = -3 };

/* Moves unread output to the front of the buffer and reads what there is room for. 1: read
 * something or nothing there; 0: end of output; -1: error. */
static int fill(uci_engine *e)
{
    if (e->start > 0) {
        memmove(e->buf, e->buf + e->start, e->len - e->start);
        e->len -= e->start;
        e->start = 0;
    }
    for (;;) {
        if (e->len >= UCI_LINE_MAX) return 1;
        ssize_t n = read(e->out_fd, e->buf + e->len, UCI_LINE_MAX - e->len);
        if (n > 0) {
            e->len += (size_t)n;
            continue;
        }
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return 1;
        return n == 0 ? 0 : -1;
    }
}

/* The next line of standard output (without its '\n' or "\r\n") before `deadline`. */
static int next_line(uci_engine *e, double deadline, const char **line, size_t *len)
{
    int at_eof = 0;
    for (;;) {
        char *nl = e->len > e->start ? memchr(e->buf + e->start, '\n', e->len - e->start) : NULL;
        if (nl) {
            const char *s = e->buf + e->start;
            size_t n = (size_t)(nl - s);
            e->start += n + 1;
            if (e->skipping) {
                e->skipping = 0;
                continue;
            }
            if (n > 0 && s[n - 1] == '\r') n--;
            *line = s;
            *len = n;
            return LINE_OK;
        }
        if (e->len - e->start >= UCI_LINE_MAX) {
            e->start = e->len; /* the rest of that line goes too */
            if (e->skipping) continue;
            e->skipping = 1;
            return LINE_LONG;
        }
        if (at_eof) {
            if (e->len > e->start && !e->skipping) { /* a last line without its '\n' */
                *line = e->buf + e->start;
                *len = e->len - e->start;
                e->start = e->len;
                return LINE_OK;
            }
            return LINE_EOF;
        }
        struct pollfd p[2] = {{e->out_fd, POLLIN, 0}, {e->err_fd, POLLIN, 0}};
        int r = poll(p, e->err_fd >= 0 ? 2 : 1, poll_ms(deadline));
        if (r < 0 && errno == EINTR) continue;
        if (r < 0) return LINE_SYSTEM;
        if (r == 0) {
            if (now_s() >= deadline) return LINE_TIMEOUT;
            continue;
        }
        if (e->err_fd >= 0 && p[1].revents) drain_stderr(e);
        if (p[0].revents) {
            int f = fill(e);
            if (f < 0) return LINE_SYSTEM;
            if (f == 0) at_eof = 1;
        }
    }
}

/* Writes all of `data` before `deadline`, reading the engine's output meanwhile (so that an
 * engine blocked on a full output pipe cannot block us). 0, or -1 (input closed: EPIPE), -2
 * (deadline), -3 (another error). SIGPIPE: see the top of the file. */
static int write_all(uci_engine *e, const char *data, size_t len, double deadline)
{
    sigset_t pipe_set, pending, old;
    sigemptyset(&pipe_set);
    sigaddset(&pipe_set, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &pipe_set, &old);
    sigpending(&pending);
    int was_pending = sigismember(&pending, SIGPIPE) == 1;
    int result = 0, broke = 0;
    size_t done = 0;
    while (done < len) {
        ssize_t n = write(e->in_fd, data + done, len - done);
        if (n > 0) {
            done += (size_t)n;
            continue;
        }
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 && errno == EPIPE) {
            result = -1;
            broke = 1;
            break;
        }
        if (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK) {
            result = -3;
            break;
        }
        struct pollfd p[3] = {{e->in_fd, POLLOUT, 0}, {e->out_fd, POLLIN, 0}, {e->err_fd, POLLIN, 0}};
        int nfd = e->err_fd >= 0 ? 3 : 2;
        int r = poll(p, (nfds_t)nfd, poll_ms(deadline));
        if (r < 0 && errno == EINTR) continue;
        if (r < 0) {
            result = -3;
            break;
        }
        if (r == 0 && now_s() >= deadline) {
            result = -2;
            break;
        }
        if (nfd == 3 && p[2].revents) drain_stderr(e);
        if (p[1].revents && e->len - e->start < UCI_LINE_MAX) fill(e);
        if (p[0].revents & (POLLERR | POLLHUP)) {
            result = -1;
            break;
        }
    }
    if (broke && !was_pending) {
        struct timespec zero = {0, 0};
        while (sigtimedwait(&pipe_set, NULL, &zero) < 0 && errno == EINTR) {}
    }
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    return result;
}

/* Sends one command (a '\n' is added). */
static int send_command(uci_engine *e, const char *text, double timeout, uci_error *err,
                        int fault, const char *doing)
{
    if (e->dead || e->in_fd < 0)
        return fail(err, UCI_CRASHED, "the engine '%s' is gone (after an earlier fault)", e->path);
    size_t n = strlen(text);
    char small[512];
    char *line = n + 2 <= sizeof small ? small : malloc(n + 2);
    if (!line) return fail(err, UCI_SYSTEM, "out of memory");
    memcpy(line, text, n);
    line[n] = '\n';
    int r = write_all(e, line, n + 1, now_s() + timeout);
    if (line != small) free(line);
    if (r == 0) return 0;
    if (r == -1) return gone(e, err, fault, doing);
    if (r == -2) return hung(e, err, fault == UCI_CRASHED ? UCI_HUNG : fault, timeout, doing);
    return fail(err, UCI_SYSTEM, "cannot write to the engine '%s': %s", e->path, strerror(errno));
}

/* Makes fd at least 3, so that the child's dup2 onto 0..2 is never a no-op that keeps
 * close-on-exec. */
static int high_fd(int fd)
{
    if (fd >= 3) return fd;
    int h = fcntl(fd, F_DUPFD_CLOEXEC, 3);
    close(fd);
    return h;
}

static pthread_mutex_t spawn_lock = PTHREAD_MUTEX_INITIALIZER;

static int make_pipe(int fds[2])
{
#if defined(__linux__)
    if (pipe2(fds, O_CLOEXEC) != 0) return -1;
#else
    /* Without pipe2 the flag is set after: spawn_lock (held by the caller) keeps this driver's
     * own spawns from running in between. */
    if (pipe(fds) != 0) return -1;
    fcntl(fds[0], F_SETFD, FD_CLOEXEC);
    fcntl(fds[1], F_SETFD, FD_CLOEXEC);
#endif
    fds[0] = high_fd(fds[0]);
    fds[1] = high_fd(fds[1]);
    if (fds[0] < 0 || fds[1] < 0) {
        if (fds[0] >= 0) close(fds[0]);
        if (fds[1] >= 0) close(fds[1]);
        return -1;
    }
    return 0;
}

/* Runs the program; 0 or a fault. */
static int spawn(uci_engine *e, const uci_config *cfg, uci_error *err)
{
    int in[2] = {-1, -1}, out[2] = {-1, -1}, er[2] = {-1, -1};
    size_t argc = 0;
    if (cfg->args)
        while (cfg->args[argc]) argc++;
    char **argv = calloc(argc + 2, sizeof *argv);
    if (!argv) return fail(err, UCI_SYSTEM, "out of memory");
    argv[0] = (char *)cfg->path;
    for (size_t i = 0; i < argc; i++) argv[i + 1] = (char *)cfg->args[i];

    pthread_mutex_lock(&spawn_lock);
    int rc = 0;
    if (make_pipe(in) || make_pipe(out) || make_pipe(er)) {
        rc = fail(err, UCI_SYSTEM, "cannot make pipes for the engine: %s", strerror(errno));
    } else {
        posix_spawn_file_actions_t fa;
        posix_spawnattr_t attr;
        posix_spawn_file_actions_init(&fa);
        posix_spawn_file_actions_adddup2(&fa, in[0], 0);
        posix_spawn_file_actions_adddup2(&fa, out[1], 1);
        posix_spawn_file_actions_adddup2(&fa, er[1], 2);
        posix_spawnattr_init(&attr);
        sigset_t none, def;
        sigemptyset(&none);
        sigemptyset(&def);
        sigaddset(&def, SIGPIPE);
        posix_spawnattr_setsigmask(&attr, &none);
        posix_spawnattr_setsigdefault(&attr, &def);
        posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
        int r = posix_spawnp(&e->pid, cfg->path, &fa, &attr, argv, environ);
        posix_spawn_file_actions_destroy(&fa);
        posix_spawnattr_destroy(&attr);
        if (r != 0) {
            if (r == ENOENT || r == EACCES || r == ENOEXEC || r == ENOTDIR || r == ELOOP ||
                r == ENAMETOOLONG || r == EISDIR || r == EPERM)
                rc = fail(err, UCI_NOT_AN_ENGINE, "cannot run the engine '%s': %s", e->path, strerror(r));
            else
                rc = fail(err, UCI_SYSTEM, "cannot start the engine '%s': %s", e->path, strerror(r));
        }
    }
    pthread_mutex_unlock(&spawn_lock);
    free(argv);
    close_fd(&in[0]);
    close_fd(&out[1]);
    close_fd(&er[1]);
    e->in_fd = in[1];
    e->out_fd = out[0];
    e->err_fd = er[0];
    if (rc != 0) {
        close_fd(&e->in_fd);
        close_fd(&e->out_fd);
        close_fd(&e->err_fd);
        e->dead = 1;
        return rc;
    }
    fcntl(e->in_fd, F_SETFL, fcntl(e->in_fd, F_GETFL) | O_NONBLOCK);
    fcntl(e->out_fd, F_SETFL, fcntl(e->out_fd, F_GETFL) | O_NONBLOCK);
    fcntl(e->err_fd, F_SETFL, fcntl(e->err_fd, F_GETFL) | O_NONBLOCK);
    return 0;
}

/* ---------------------------------------------------------------------------------------------
 * Options
 * ------------------------------------------------------------------------------------------- */

/* `option name NAME type ...`: NAME is the words between `name` and `type`. */
static int add_option(uci_engine *e, const char *line, size_t len)
{
    words w = {line, line + len};
    const char *word, *name = NULL, *name_end = NULL;
    size_t wl;
    next_word(&w, &word, &wl); /* option */
    if (!next_word(&w, &word, &wl) || !word_is(word, wl, "name")) return 0;
    while (next_word(&w, &word, &wl)) {
        if (word_is(word, wl, "type")) break;
        if (!name) name = word;
        name_end = word + wl;
    }
    if (!name || !word_is(word, wl, "type")) return 0;
    if (e->option_count == e->option_cap) {
        size_t cap = e->option_cap ? e->option_cap * 2 : 32;
        uci_option_info *o = realloc(e->options, cap * sizeof *o);
        if (!o) return -1;
        e->options = o;
        e->option_cap = cap;
    }
    size_t nl = (size_t)(name_end - name), rl = (size_t)(w.end - w.p);
    char *n = malloc(nl + 1), *r = malloc(rl + 1);
    if (!n || !r) {
        free(n);
        free(r);
        return -1;
    }
    memcpy(n, name, nl);
    n[nl] = '\0';
    memcpy(r, w.p, rl);
    r[rl] = '\0';
    e->options[e->option_count].name = n;
    e->options[e->option_count].rest = r;
    e->option_count++;
    return 0;
}

static const uci_option_info *find_option(const uci_engine *e, const char *name, size_t len)
{
    for (size_t i = 0; i < e->option_count; i++)
        if (ieq(name, len, e->options[i].name)) return &e->options[i];
    return NULL;
}

/* The value `value` checked against the option's type: a spin's range, a check's true/false, a
 * combo's values, a button's none. 0 when it fits, else a fault (message set). */
static int check_value(const uci_option_info *o, const char *value, uci_error *err)
{
    words w = {o->rest, o->rest + strlen(o->rest)};
    const char *type, *word;
    size_t tl, wl;
    if (!next_word(&w, &type, &tl)) return 0;
    if (word_is(type, tl, "button")) {
        if (value) return fail(err, UCI_REFUSED, "the engine's option '%s' is a button: it takes no value", o->name);
        return 0;
    }
    if (!value) return fail(err, UCI_REFUSED, "the engine's option '%s' needs a value (NAME=VALUE)", o->name);
    size_t vl = strlen(value);
    if (word_is(type, tl, "check")) {
        if (!ieq(value, vl, "true") && !ieq(value, vl, "false"))
            return fail(err, UCI_REFUSED, "the engine's option '%s' is true or false, not '%.60s'", o->name, value);
    } else if (word_is(type, tl, "spin")) {
        long long v, lo = -(1ll << 62), hi = 1ll << 62, x;
        if (!read_int(value, vl, lo, hi, &v))
            return fail(err, UCI_REFUSED, "the engine's option '%s' is a number, not '%.60s'", o->name, value);
        while (next_word(&w, &word, &wl)) {
            int is_min = word_is(word, wl, "min"), is_max = word_is(word, wl, "max");
            if ((is_min || is_max) && next_word(&w, &word, &wl) && read_int(word, wl, lo, hi, &x)) {
                if (is_min) lo = x;
                else hi = x;
            }
        }
        if (v < lo || v > hi)
            return fail(err, UCI_REFUSED, "the engine's option '%s' is %lld to %lld, not %lld", o->name, lo, hi, v);
    } else if (word_is(type, tl, "combo")) {
        int found = 0;
        while (next_word(&w, &word, &wl))
            if (word_is(word, wl, "var") && next_word(&w, &word, &wl) && ieq(word, wl, value)) found = 1;
        if (!found)
            return fail(err, UCI_REFUSED, "the engine's option '%s' has no value '%.60s'", o->name, value);
    } else if (!word_is(type, tl, "string")) {
        /* An engine may list an option of a type UCI does not have: it can run, but that
         * option cannot be set safely. */
        char t[24];
        quote(t, sizeof t, type, tl);
        return fail(err, UCI_REFUSED, "the engine's option '%s' is of a type UCI does not have ('%s')", o->name, t);
    }
    return 0;
}

/* One `setoption` to send: checked, then written into *cmd (malloc'd). */
static int plan_option(uci_engine *e, const char *name, const char *value, char **cmd, uci_error *err)
{
    const uci_option_info *o = find_option(e, name, strlen(name));
    if (!o) return fail(err, UCI_REFUSED, "the engine '%s' has no option '%.80s'", e->path, name);
    int r = check_value(o, value, err);
    if (r) return r;
    size_t n = strlen(o->name) + (value ? strlen(value) : 0) + 32;
    *cmd = malloc(n);
    if (!*cmd) return fail(err, UCI_SYSTEM, "out of memory");
    if (value) snprintf(*cmd, n, "setoption name %s value %s", o->name, value);
    else snprintf(*cmd, n, "setoption name %s", o->name);
    return 0;
}

/* The config's own text, checked before anything runs. */
static int check_config(const uci_config *cfg, uci_error *err)
{
    if (!cfg->path || !cfg->path[0]) return fail(err, UCI_NOT_AN_ENGINE, "no engine program given");
    if ((int)cfg->variant < 0 || (int)cfg->variant >= RF_VARIANT_COUNT)
        return fail(err, UCI_REFUSED, "no such variant (%d)", (int)cfg->variant);
    if (cfg->multipv < 0 || cfg->multipv > UCI_MAX_MULTIPV)
        return fail(err, UCI_REFUSED, "MultiPV %d is not 1 to %d", cfg->multipv, UCI_MAX_MULTIPV);
    if (cfg->threads < 0) return fail(err, UCI_REFUSED, "Threads %d is not a count", cfg->threads);
    if (cfg->start_timeout_s < 0 || cfg->hang_timeout_s < 0 || cfg->start_timeout_s != cfg->start_timeout_s ||
        cfg->hang_timeout_s != cfg->hang_timeout_s)
        return fail(err, UCI_REFUSED, "a timeout is negative");
    if (cfg->option_count > 0 && !cfg->options) return fail(err, UCI_REFUSED, "options counted but not given");
    for (size_t i = 0; i < cfg->option_count; i++) {
        const char *opt = cfg->options[i];
        if (!opt) return fail(err, UCI_REFUSED, "option %zu is missing", i + 1);
        if (has_control(opt)) {
            char q[80];
            quote(q, sizeof q, opt, strlen(opt));
            return fail(err, UCI_REFUSED,
                        "the option '%s' holds a line break or another control character; nothing was sent", q);
        }
        const char *eq = strchr(opt, '=');
        size_t nl = eq ? (size_t)(eq - opt) : strlen(opt);
        int blank = 1;
        for (size_t k = 0; k < nl; k++) blank &= opt[k] == ' ';
        if (blank) return fail(err, UCI_REFUSED, "the option '%.80s' has no name (NAME=VALUE)", opt);
    }
    return 0;
}

/* ---------------------------------------------------------------------------------------------
 * Start, new game, search, quit
 * ------------------------------------------------------------------------------------------- */

static void free_engine(uci_engine *e)
{
    if (!e) return;
    for (size_t i = 0; i < e->option_count; i++) {
        free(e->options[i].name);
        free(e->options[i].rest);
    }
    free(e->options);
    free(e->buf);
    free(e);
}

/* Waits for `want` ("uciok", "readyok") before `deadline`, reading `id name` and `option` lines
 * on the way when `handshake`. */
static int wait_for(uci_engine *e, const char *want, double timeout, int handshake, uci_error *err,
                    const char *doing)
{
    double deadline = now_s() + timeout;
    for (;;) {
        const char *line;
        size_t len;
        int r = next_line(e, deadline, &line, &len);
        if (r == LINE_EOF) return gone(e, err, handshake ? UCI_NOT_AN_ENGINE : UCI_CRASHED, doing);
        if (r == LINE_TIMEOUT) {
            if (!handshake) return hung(e, err, UCI_HUNG, timeout, doing);
            hung(e, err, UCI_NOT_AN_ENGINE, timeout, doing);
            return fail(err, UCI_NOT_AN_ENGINE, "'%s' did not answer uci with uciok within %.3g s: not a UCI engine",
                        e->path, timeout);
        }
        if (r == LINE_SYSTEM) return fail(err, UCI_SYSTEM, "cannot read from the engine '%s': %s", e->path, strerror(errno));
        if (r == LINE_LONG) continue;
        words w = {line, line + len};
        const char *word;
        size_t wl;
        if (!next_word(&w, &word, &wl)) continue;
        if (word_is(word, wl, want)) return 0;
        if (!handshake) continue;
        if (word_is(word, wl, "id")) {
            if (next_word(&w, &word, &wl) && word_is(word, wl, "name")) {
                while (w.p < w.end && (*w.p == ' ' || *w.p == '\t')) w.p++;
                quote(e->name, sizeof e->name, w.p, (size_t)(w.end - w.p));
            }
        } else if (word_is(word, wl, "option")) {
            if (add_option(e, line, len) < 0) return fail(err, UCI_SYSTEM, "out of memory");
        }
    }
}

/* The commands that set the configuration's options (Threads, Hash, MultiPV, UCI_Variant,
 * UCI_Chess960, then the caller's NAME=VALUE ones), each checked against the engine's list: into
 * cmds[0..*ncmd) (malloc'd, also after an error). 0, or the error. */
static int plan_options(uci_engine *e, const uci_config *cfg, char **cmds, size_t *ncmd, uci_error *err)
{
    int r = 0;
    char num[32];
    if (cfg->threads > 0) {
        snprintf(num, sizeof num, "%d", cfg->threads);
        r = plan_option(e, "Threads", num, &cmds[*ncmd], err);
        if (!r) ++*ncmd;
    }
    if (!r && cfg->hash_mb > 0) {
        snprintf(num, sizeof num, "%zu", cfg->hash_mb);
        r = plan_option(e, "Hash", num, &cmds[*ncmd], err);
        if (!r) ++*ncmd;
    }
    if (!r && cfg->multipv > 1) {
        snprintf(num, sizeof num, "%d", cfg->multipv);
        r = plan_option(e, "MultiPV", num, &cmds[*ncmd], err);
        if (!r) ++*ncmd;
    }
    if (!r && cfg->variant != RF_VARIANT_STANDARD) {
        r = plan_option(e, "UCI_Variant", rf_variant_uci_name(cfg->variant), &cmds[*ncmd], err);
        if (r && !find_option(e, "UCI_Variant", 11))
            fail(err, r, "the engine '%s' plays no variant (it has no option UCI_Variant)", e->path);
        if (!r) ++*ncmd;
    }
    if (!r && cfg->chess960) {
        r = plan_option(e, "UCI_Chess960", "true", &cmds[*ncmd], err);
        if (!r) ++*ncmd;
    }
    if (!r && cfg->option_count > UCI_MAX_OPTIONS)
        r = fail(err, UCI_REFUSED, "more than %d options", UCI_MAX_OPTIONS);
    for (size_t i = 0; !r && i < cfg->option_count; i++) {
        const char *opt = cfg->options[i], *eq = strchr(opt, '=');
        size_t nl = eq ? (size_t)(eq - opt) : strlen(opt);
        while (nl > 0 && opt[nl - 1] == ' ') nl--;
        const char *name = opt;
        while (*name == ' ') name++, nl--;
        char nm[256];
        if (nl >= sizeof nm) {
            r = fail(err, UCI_REFUSED, "the option name '%.60s...' is too long", name);
            break;
        }
        memcpy(nm, name, nl);
        nm[nl] = '\0';
        r = plan_option(e, nm, eq ? eq + 1 : NULL, &cmds[*ncmd], err);
        if (!r) ++*ncmd;
    }
    return r;
}

int uci_start(uci_engine **out, const uci_config *cfg, uci_error *err)
{
    *out = NULL;
    clear_error(err);
    int r = check_config(cfg, err);
    if (r) return r;
    uci_engine *e = calloc(1, sizeof *e);
    if (!e) return fail(err, UCI_SYSTEM, "out of memory");
    e->buf = malloc(UCI_LINE_MAX);
    if (!e->buf) {
        free(e);
        return fail(err, UCI_SYSTEM, "out of memory");
    }
    e->in_fd = e->out_fd = e->err_fd = -1;
    e->chess960 = cfg->chess960 != 0;
    e->variant = cfg->variant;
    e->start_timeout = cfg->start_timeout_s > 0 ? cfg->start_timeout_s : 10.0;
    e->hang_timeout = cfg->hang_timeout_s > 0 ? cfg->hang_timeout_s : 60.0;
    quote(e->path, sizeof e->path, cfg->path, strlen(cfg->path));
    r = spawn(e, cfg, err);
    if (r) {
        free_engine(e);
        return r;
    }
    r = send_command(e, "uci", e->start_timeout, err, UCI_NOT_AN_ENGINE, "before answering uci");
    if (!r) r = wait_for(e, "uciok", e->start_timeout, 1, err, "before answering uci with uciok");

    /* The options, each checked against the engine's list before any is sent. */
    char *cmds[UCI_MAX_OPTIONS + 8];
    size_t ncmd = 0;
    if (!r) r = plan_options(e, cfg, cmds, &ncmd, err);
    for (size_t i = 0; !r && i < ncmd; i++)
        r = send_command(e, cmds[i], e->start_timeout, err, UCI_CRASHED, "while its options were set");
    for (size_t i = 0; i < ncmd; i++) free(cmds[i]);
    if (!r) r = send_command(e, "isready", e->start_timeout, err, UCI_CRASHED, "before answering isready");
    if (!r) r = wait_for(e, "readyok", e->start_timeout, 0, err, "before answering isready with readyok");
    if (r) {
        uci_quit(e);
        return r;
    }
    *out = e;
    return 0;
}

int uci_new_game(uci_engine *e, uci_error *err)
{
    clear_error(err);
    int r = send_command(e, "ucinewgame", e->start_timeout, err, UCI_CRASHED, "at ucinewgame");
    if (!r) r = send_command(e, "isready", e->start_timeout, err, UCI_CRASHED, "before answering isready");
    if (!r) r = wait_for(e, "readyok", e->start_timeout, 0, err, "before answering isready with readyok");
    return r;
}

/* `position fen ... moves ...` for the engine, after checking that it can be sent. */
static int position_command(const uci_engine *e, const rf_position *root, const rf_move *moves,
                            size_t move_count, rf_position *last, char **cmd, uci_error *err)
{
    if (root->variant != e->variant)
        return fail(err, UCI_REFUSED, "a position of %s for an engine set up for %s",
                    rf_variant_name((rf_variant)root->variant), rf_variant_name(e->variant));
    if (root->chess960 && !e->chess960)
        return fail(err, UCI_REFUSED, "a Chess960 position for an engine not started in Chess960 mode");
    if (move_count > 100000) return fail(err, UCI_REFUSED, "%zu moves are too many", move_count);
    rf_position mode;
    memset(&mode, 0, sizeof mode);
    mode.chess960 = (uint8_t)e->chess960;
    size_t cap = RF_FEN_MAX + 32 + move_count * RF_UCI_MAX;
    char *s = malloc(cap);
    if (!s) return fail(err, UCI_SYSTEM, "out of memory");
    /* The standard start position as `startpos` (what a transcript recorded from a GUI says),
     * any other as its FEN: Shredder-FEN castling in Chess960 mode (no ambiguity of KQkq). */
    rf_position start;
    size_t n;
    if (!root->chess960 && rf_position_startpos(&start, (rf_variant)root->variant) == RF_OK &&
        root->variant == RF_VARIANT_STANDARD && rf_position_equal(root, &start)) {
        n = (size_t)snprintf(s, cap, "position startpos");
    } else {
        n = (size_t)snprintf(s, cap, "position fen ");
        n += rf_position_to_fen(s + n, cap - n, root, e->chess960 ? RF_FEN_SHREDDER : 0);
    }
    if (move_count) n += (size_t)snprintf(s + n, cap - n, " moves");
    *last = *root;
    for (size_t i = 0; i < move_count; i++) {
        if (moves[i] == RF_MOVE_NULL || !rf_move_is_legal(last, moves[i])) {
            free(s);
            return fail(err, UCI_REFUSED, "move %zu of the game is not legal there", i + 1);
        }
        s[n++] = ' ';
        n += rf_move_to_uci(s + n, cap - n, &mode, moves[i]);
        rf_position_play(last, moves[i]);
    }
    s[n] = '\0';
    *cmd = s;
    return 0;
}

/* Sends the position and `go` with the limit; *pos: the position searched, *started: when `go`
 * was sent. 0, or the error. */
static int start_search(uci_engine *e, const rf_position *root, const rf_move *moves, size_t move_count,
                        const uci_limit *limit, rf_position *pos, double *started, uci_error *err)
{
    char *cmd = NULL;
    int r = position_command(e, root, moves, move_count, pos, &cmd, err);
    if (r) return r;
    r = send_command(e, cmd, e->hang_timeout, err, UCI_CRASHED, "at its position");
    free(cmd);
    if (r) return r;
    char go[128];
    size_t n = (size_t)snprintf(go, sizeof go, "go");
    if (limit->depth) n += (size_t)snprintf(go + n, sizeof go - n, " depth %d", limit->depth);
    if (limit->nodes) n += (size_t)snprintf(go + n, sizeof go - n, " nodes %llu", (unsigned long long)limit->nodes);
    if (limit->movetime_ms) snprintf(go + n, sizeof go - n, " movetime %ld", limit->movetime_ms);
    *started = now_s();
    return send_command(e, go, e->hang_timeout, err, UCI_CRASHED, "at go");
}

/* Reads the search's lines until `bestmove`, into *out. A line that cannot be read is
 * remembered (*bad, *first), the search stopped and its bestmove awaited, so that the engine is
 * ready for the next search. 0, or the error of an engine that crashed, hung or cannot be read. */
static int read_search(uci_engine *e, const rf_position *pos, const uci_limit *limit, double started,
                       uci_result *out, int *bad, uci_error *first, uci_error *err)
{
    double allowed = (double)limit->movetime_ms / 1000.0 + e->hang_timeout;
    double last = started;
    int stopped = 0;
    for (;;) {
        double deadline = last + e->hang_timeout;
        if (started + allowed > deadline) deadline = started + allowed;
        const char *line;
        size_t len;
        int got = next_line(e, deadline, &line, &len);
        if (got == LINE_EOF) return gone(e, err, UCI_CRASHED, "while searching");
        if (got == LINE_TIMEOUT) return hung(e, err, UCI_HUNG, now_s() - last, "while searching");
        if (got == LINE_SYSTEM)
            return fail(err, UCI_SYSTEM, "cannot read from the engine '%s': %s", e->path, strerror(errno));
        last = now_s();
        int ended = 0;
        if (got == LINE_LONG) {
            if (!*bad) fail(first, UCI_ILLEGAL, "the engine said a line longer than %d bytes", UCI_LINE_MAX);
            *bad = 1;
        } else {
            words w = {line, line + len};
            const char *word;
            size_t wl;
            ended = next_word(&w, &word, &wl) && word_is(word, wl, "bestmove");
            uci_error one;
            if (uci_read_line(out, pos, e->chess960, line, len, &one) == UCI_ILLEGAL) {
                if (!*bad) *first = one;
                *bad = 1;
            }
        }
        if (ended) return 0;
        if (*bad && !stopped) { /* no use searching on: its bestmove ends the search */
            stopped = 1;
            int r = send_command(e, "stop", e->hang_timeout, err, UCI_CRASHED, "while searching");
            if (r) return r;
        }
    }
}

int uci_search(uci_engine *e, const rf_position *root, const rf_move *moves, size_t move_count,
               const uci_limit *limit, uci_result *out, uci_error *err)
{
    clear_error(err);
    uci_result_clear(out);
    if (e->dead) return fail(err, UCI_CRASHED, "the engine '%s' is gone (after an earlier fault)", e->path);
    if (!limit || limit->depth < 0 || limit->movetime_ms < 0 ||
        (limit->depth == 0 && limit->nodes == 0 && limit->movetime_ms == 0))
        return fail(err, UCI_REFUSED, "a search needs a limit: depth, nodes or movetime");
    rf_position pos;
    double started;
    int r = start_search(e, root, moves, move_count, limit, &pos, &started, err);
    if (r) return r;
    int bad = 0;
    uci_error first;
    clear_error(&first);
    out->time_ms = -1; /* none said yet */
    r = read_search(e, &pos, limit, started, out, &bad, &first, err);
    if (out->time_ms < 0) out->time_ms = (long)((now_s() - started) * 1000.0);
    if (r) return r;
    if (bad) {
        if (err) *err = first;
        return UCI_ILLEGAL;
    }
    return 0;
}

void uci_quit(uci_engine *e)
{
    if (!e) return;
    if (!e->dead) {
        if (e->in_fd >= 0) {
            write_all(e, "quit\n", 5, now_s() + 1.0); /* whatever comes of it, it goes */
        }
        close_fd(&e->in_fd);
        int status;
        reap(e, now_s() + 1.0, &status);
    }
    close_fd(&e->in_fd);
    close_fd(&e->out_fd);
    close_fd(&e->err_fd);
    free_engine(e);
}

#endif
