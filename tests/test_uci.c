/* The UCI engine driver (app/uci.c): the shared transcripts (tests/uci/transcripts) played back
 * by tests/uci/replay.py as the engine, each fault from a hand-written transcript or a program
 * that is no engine, the line reader alone, and real Stockfish (/usr/games/stockfish; the cases
 * skip without it, a failure under RF_CI=1) and Fairy-Stockfish for a variant. */
#include "harness.h"
#include "uci.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <time.h>
#include <unistd.h>

#ifndef RF_UCI_DIR
#define RF_UCI_DIR "tests/uci"
#endif
#define STOCKFISH "/usr/games/stockfish"
#define FAIRY "/usr/games/fairy-stockfish"

/* ---- helpers ---- */

static int on_path(const char *name)
{
    const char *path = getenv("PATH");
    if (!path) return 0;
    char buf[4096];
    while (*path) {
        const char *colon = strchr(path, ':');
        size_t n = colon ? (size_t)(colon - path) : strlen(path);
        snprintf(buf, sizeof buf, "%.*s/%s", (int)n, path, name);
        if (access(buf, X_OK) == 0) return 1;
        path += n + (colon ? 1 : 0);
    }
    return 0;
}

/* A config that runs path with args, nothing set but the time-outs (0: the driver's). */
static uci_config program_config(const char *path, const char *const *args, double start_timeout_s,
                                 double hang_timeout_s)
{
    uci_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.path = path;
    cfg.args = args;
    cfg.start_timeout_s = start_timeout_s;
    cfg.hang_timeout_s = hang_timeout_s;
    return cfg;
}

/* A config that runs replay.py on a transcript (and --log LOG when log is not NULL). */
static const char *replay_argv[6];
static char replay_path[512], transcript_path[512], log_path[512];

static uci_config replay_config(const char *transcript, const char *log)
{
    snprintf(replay_path, sizeof replay_path, "%s/replay.py", RF_UCI_DIR);
    snprintf(transcript_path, sizeof transcript_path, "%s/transcripts/%s", RF_UCI_DIR, transcript);
    int i = 0;
    replay_argv[i++] = replay_path;
    replay_argv[i++] = transcript_path;
    if (log) {
        snprintf(log_path, sizeof log_path, "%s", log);
        replay_argv[i++] = "--log";
        replay_argv[i++] = log_path;
    }
    replay_argv[i] = NULL;
    return program_config("python3", replay_argv, 20, 20);
}

/* replay_config with its own argument strings (for threads): free_config frees them. */
static uci_config replay_config_copy(const char *transcript)
{
    char **argv = calloc(3, sizeof *argv);
    argv[0] = malloc(512);
    argv[1] = malloc(512);
    snprintf(argv[0], 512, "%s/replay.py", RF_UCI_DIR);
    snprintf(argv[1], 512, "%s/transcripts/%s", RF_UCI_DIR, transcript);
    return program_config("python3", (const char *const *)argv, 20, 20);
}

static void free_config(uci_config *cfg)
{
    char **argv = (char **)cfg->args;
    free(argv[0]);
    free(argv[1]);
    free(argv);
}

/* Whether program is on PATH; a skip (why: how to get it) when it is not. */
static int need_program(const char *program, const char *why)
{
    if (on_path(program)) return 1;
    HARNESS_SKIP("%s is missing%s", program, why);
    return 0;
}

static int need_python(void)
{
    return need_program("python3", " (replay.py plays the transcripts; apt-get install python3)");
}

/* python-chess, which replay.py needs to compare `position` commands by the position they set
 * up (without it they are compared as text); a skip when python3 cannot import it. */
static int need_python_chess(void)
{
    if (!need_python()) return 0;
    if (system("python3 -c 'import chess' >/dev/null 2>&1") == 0) return 1;
    HARNESS_SKIP("python-chess is missing (python3 -m pip install chess==1.11.2): replay.py compares"
                 " positions with it");
    return 0;
}

static int need_stockfish(void)
{
    if (access(STOCKFISH, X_OK) == 0) return 1;
    HARNESS_SKIP(STOCKFISH " is missing (apt-get install stockfish)");
    return 0;
}

static rf_position fen(const char *text, unsigned flags)
{
    rf_position pos;
    rf_error e;
    if (rf_position_parse(&pos, text, strlen(text), RF_VARIANT_STANDARD, flags, RF_ACCEPT_DEFAULT, &e) != RF_OK) {
        fprintf(stderr, "bad test FEN %s: %s\n", text, e.message);
        abort();
    }
    return pos;
}

static rf_move mv(const rf_position *pos, const char *uci)
{
    rf_move m = RF_MOVE_NONE;
    rf_move_from_uci(&m, pos, uci, strlen(uci), NULL);
    return m;
}

/* The moves of a line as UCI text ("g1f3 g8f6"), played from pos. */
static const char *pv_text(const rf_position *pos, const uci_line *line, int chess960)
{
    static char buf[UCI_MAX_PV * 6 + 1];
    rf_position at = *pos, mode;
    memset(&mode, 0, sizeof mode);
    mode.chess960 = (uint8_t)chess960;
    size_t n = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < line->pv_len; i++) {
        if (n) buf[n++] = ' ';
        n += rf_move_to_uci(buf + n, sizeof buf - n, &mode, line->pv[i]);
        rf_position_play(&at, line->pv[i]);
    }
    buf[n] = '\0';
    return buf;
}

static const char *uci_of(rf_move m, int chess960)
{
    static char buf[RF_UCI_MAX];
    rf_position mode;
    memset(&mode, 0, sizeof mode);
    mode.chess960 = (uint8_t)chess960;
    rf_move_to_uci(buf, sizeof buf, &mode, m);
    return buf;
}

static int process_gone(pid_t pid)
{
    return kill(pid, 0) != 0 && errno == ESRCH;
}

static char *read_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    static char buf[1 << 16];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = '\0';
    fclose(f);
    return buf;
}

static const char *temp_log(const char *name)
{
    static char path[512];
    const char *dir = getenv("TMPDIR");
    snprintf(path, sizeof path, "%s/rf_test_uci_%ld_%s.log", dir && *dir ? dir : "/tmp", (long)getpid(), name);
    unlink(path);
    return path;
}

/* A config that runs `shell -c script` (sh or python3): the engine is the script. */
static const char *script_argv[3];

static uci_config script_config(const char *shell, const char *script, double start_timeout_s,
                                double hang_timeout_s)
{
    script_argv[0] = "-c";
    script_argv[1] = script;
    script_argv[2] = NULL;
    return program_config(shell, script_argv, start_timeout_s, hang_timeout_s);
}

/* The engine cfg describes, started; NULL, a failed check at the caller's line, when it does not
 * start. */
#define START(cfg, err) start_at(__LINE__, (cfg), (err))

static uci_engine *start_at(int line, const uci_config *cfg, uci_error *err)
{
    uci_engine *e;
    int r = uci_start(&e, cfg, err);
    return harness_checkf(r == 0, __FILE__, line, "uci_start(cfg) == 0", "%s", err->message) ? e : NULL;
}

/* The engine cfg describes does not start: uci_start answers fault and leaves no engine. */
#define START_FAILS(cfg, fault, err) start_fails_at(__LINE__, (cfg), (fault), (err))

static void start_fails_at(int line, const uci_config *cfg, int fault, uci_error *err)
{
    uci_engine *e = (uci_engine *)cfg; /* not NULL before: uci_start must clear it */
    harness_check_int(uci_start(&e, cfg, err), fault, __FILE__, line, "uci_start(cfg)", "fault");
    harness_check(e == NULL, __FILE__, line, "e == NULL", NULL);
}

/* replay.py on a transcript, started as START does; NULL, the case skipped, when python3 is
 * missing. */
#define REPLAY(transcript, err) replay_at(__LINE__, (transcript), (err))

static uci_engine *replay_at(int line, const char *transcript, uci_error *err)
{
    if (!need_python()) return NULL;
    uci_config cfg = replay_config(transcript, NULL);
    return start_at(line, &cfg, err);
}

static rf_position startpos(void)
{
    rf_position pos;
    rf_position_startpos(&pos, RF_VARIANT_STANDARD);
    return pos;
}

/* A search of pos with no moves after it: uci_search's answer. */
static int search(uci_engine *e, const rf_position *pos, uci_limit limit, uci_result *res, uci_error *err)
{
    return uci_search(e, pos, NULL, 0, &limit, res, err);
}

/* A search of the start position. */
static int search_start(uci_engine *e, uci_limit limit, uci_result *res, uci_error *err)
{
    rf_position start = startpos();
    return search(e, &start, limit, res, err);
}

/* ---- the transcripts recorded from Stockfish ---- */

TEST(transcript_analyse_nodes)
{
    if (!need_python()) return;
    const char *log = temp_log("analyse");
    uci_config cfg = replay_config("analyse_nodes.uci", log);
    uci_error err;
    uci_engine *e = START(&cfg, &err);
    if (!e) return;
    CHECK_STR(uci_name(e), "Stockfish 15.1");
    CHECK(uci_pid(e) > 0);
    CHECK_INT(uci_new_game(e, &err), 0);
    rf_position start = startpos();
    rf_move moves[2];
    moves[0] = mv(&start, "e2e4");
    rf_position after = start;
    rf_position_play(&after, moves[0]);
    moves[1] = mv(&after, "e7e5");
    rf_position_play(&after, moves[1]);
    uci_limit limit = {0, 2000, 0};
    uci_result res;
    int r = uci_search(e, &start, moves, 2, &limit, &res, &err);
    if (!CHECK_MSG(r == 0, "%d %s", r, err.message)) return;
    CHECK(res.has_best);
    CHECK_STR(uci_of(res.best, 0), "g1f3");
    CHECK(res.has_ponder);
    CHECK_STR(uci_of(res.ponder, 0), "g8f6");
    CHECK_INT(res.depth, 9);
    CHECK_U64(res.nodes, 2001);
    CHECK_INT(res.time_ms, 3);
    CHECK_INT(res.line_count, 1);
    CHECK_INT(res.lines[0].multipv, 1);
    CHECK_INT(res.lines[0].depth, 9);
    CHECK_INT(res.lines[0].seldepth, 5);
    CHECK(res.lines[0].has_score && !res.lines[0].score.is_mate);
    CHECK_INT(res.lines[0].score.value, 74);
    CHECK_STR(pv_text(&after, &res.lines[0], 0), "g1f3 g8f6 f3e5");
    uci_quit(e);
    /* What the engine was told, in order (replay.py's log). */
    const char *said = read_file(log);
    if (CHECK(said != NULL))
        CHECK_STR(said, "uci\nisready\nucinewgame\nisready\nposition startpos moves e2e4 e7e5\n"
                        "go nodes 2000\nquit\n");
    unlink(log);
}

TEST(transcript_multipv)
{
    if (!need_python()) return;
    uci_config cfg = replay_config("multipv_depth.uci", NULL);
    cfg.multipv = 3;
    uci_error err;
    uci_engine *e = START(&cfg, &err);
    if (!e) return;
    rf_position start = startpos();
    uci_result res;
    if (CHECK_MSG(search(e, &start, (uci_limit){8, 0, 0}, &res, &err) == 0, "%s", err.message)) {
        CHECK_INT(res.line_count, 3);
        CHECK_STR(uci_of(res.best, 0), "e2e4");
        CHECK_STR(uci_of(res.ponder, 0), "c7c5");
        static const int cp[3] = {34, 21, 13};
        static const char *const pvs[3] = {
            "e2e4 c7c5 g1f3 b8c6 d2d4 c5d4 f3d4",
            "d2d4 g8f6 c2c4 e7e6 g1f3 f8e7 b1c3 e8g8 g2g3 d7d5",
            "c2c4 g8f6 d2d4 e7e6 b1c3 f8b4 c1d2 e8g8",
        };
        for (int i = 0; i < 3; i++) {
            CHECK_INT(res.lines[i].multipv, i + 1);
            CHECK_INT(res.lines[i].depth, 8);
            CHECK_INT(res.lines[i].seldepth, 10);
            CHECK_INT(res.lines[i].score.value, cp[i]);
            CHECK_STR(pv_text(&start, &res.lines[i], 0), pvs[i]);
        }
        CHECK_INT(res.time_ms, 21);
        CHECK_U64(res.nodes, 22464);
    }
    uci_quit(e);
}

TEST(transcript_chess960)
{
    if (!need_python()) return;
    uci_config cfg = replay_config("chess960.uci", NULL);
    cfg.chess960 = 1;
    uci_error err;
    uci_engine *e = START(&cfg, &err);
    if (!e) return;
    rf_position pos = fen("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", RF_PARSE_CHESS960);
    uci_result res;
    if (CHECK_MSG(search(e, &pos, (uci_limit){0, 5000, 0}, &res, &err) == 0, "%s", err.message)) {
        CHECK_STR(uci_of(res.best, 1), "e2e3");
        CHECK_STR(uci_of(res.ponder, 1), "h7h5");
        /* The last line is a bound: its score says so. */
        CHECK_INT(res.lines[0].score.value, -136);
        CHECK(res.lines[0].score.upperbound && !res.lines[0].score.lowerbound);
        CHECK_STR(pv_text(&pos, &res.lines[0], 1), "e2e3 h7h5");
    }
    uci_quit(e);
}

/* Castling in the pv: king-takes-rook in Chess960 mode, the king's two squares in standard mode;
 * each form is illegal in the other mode. */
TEST(transcript_castling_both_modes)
{
    if (!need_python()) return;
    static const char *const fen960 = "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w HAha - 4 4";
    static const char *const fenstd = "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";
    uci_limit limit = {8, 0, 0};
    uci_result res;
    uci_engine *e;
    uci_error err;
    for (int mode = 0; mode < 2; mode++) {
        uci_config cfg = replay_config(mode ? "chess960_castling.uci" : "castling.uci", NULL);
        cfg.chess960 = mode;
        if (!(e = START(&cfg, &err))) return;
        rf_position pos = fen(mode ? fen960 : fenstd, mode ? RF_PARSE_CHESS960 : 0);
        if (CHECK_MSG(uci_search(e, &pos, NULL, 0, &limit, &res, &err) == 0, "%s", err.message)) {
            CHECK_STR(uci_of(res.best, mode), "c2c3");
            CHECK_STR(pv_text(&pos, &res.lines[0], mode),
                      mode ? "c2c3 g8f6 d2d4 e5d4 e1h1 f6e4 c3d4" : "c2c3 g8f6 d2d4 e5d4 e1g1 f6e4 c3d4");
            CHECK_INT(RF_MOVE_KIND(res.lines[0].pv[4]), RF_MOVE_CASTLING);
        }
        uci_quit(e);
    }
    /* The Chess960 transcript heard by a driver in standard mode: "e1h1" is no move there (the
     * driver's `position` command differs from the transcript's as text, not as a position). */
    if (!need_python_chess()) return;
    uci_config cfg = replay_config("chess960_castling.uci", NULL);
    if (!(e = START(&cfg, &err))) return;
    rf_position pos = fen(fenstd, 0);
    CHECK_INT(uci_search(e, &pos, NULL, 0, &limit, &res, &err), UCI_ILLEGAL);
    CHECK_MSG(strstr(err.message, "'e1h1'") != NULL, "%s", err.message);
    uci_quit(e);
}

TEST(transcript_mate_and_no_move)
{
    uci_error err;
    uci_engine *e = REPLAY("mate.uci", &err);
    if (!e) return;
    rf_position pos = fen("r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 2 4", 0);
    uci_limit limit = {5, 0, 0};
    uci_result res;
    if (CHECK_MSG(uci_search(e, &pos, NULL, 0, &limit, &res, &err) == 0, "%s", err.message)) {
        CHECK_STR(uci_of(res.best, 0), "f3f7");
        CHECK(!res.has_ponder);
        CHECK(res.lines[0].score.is_mate);
        CHECK_INT(res.lines[0].score.value, 1);
    }
    /* Checkmated: `bestmove (none)`, the score mate 0 and no pv. */
    pos = fen("r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4", 0);
    if (CHECK_MSG(uci_search(e, &pos, NULL, 0, &limit, &res, &err) == 0, "%s", err.message)) {
        CHECK(!res.has_best);
        CHECK(!res.has_ponder);
        CHECK_INT(res.line_count, 1);
        CHECK(res.lines[0].has_score && res.lines[0].score.is_mate);
        CHECK_INT(res.lines[0].score.value, 0);
        CHECK_INT(res.lines[0].pv_len, 0);
        CHECK_INT(res.depth, 0);
    }
    uci_quit(e);
}

TEST(transcript_bestmove_0000)
{
    uci_error err;
    uci_engine *e = REPLAY("no_legal_move.uci", &err);
    if (!e) return;
    rf_position pos = fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", 0);
    uci_result res;
    if (CHECK_MSG(search(e, &pos, (uci_limit){5, 0, 0}, &res, &err) == 0, "%s", err.message)) {
        CHECK(!res.has_best);
        CHECK_INT(res.lines[0].score.value, 0);
    }
    uci_quit(e);
}

/* ---- faults ---- */

TEST(fault_crash_exit_with_stderr)
{
    uci_error err;
    uci_engine *e = REPLAY("crash_exit.uci", &err);
    if (!e) return;
    pid_t pid = uci_pid(e);
    rf_position start = startpos();
    rf_move m = mv(&start, "e2e4");
    uci_limit limit = {10, 0, 0};
    uci_result res;
    CHECK_INT(uci_search(e, &start, &m, 1, &limit, &res, &err), UCI_CRASHED);
    CHECK_INT(err.fault, UCI_CRASHED);
    CHECK_MSG(strstr(err.message, "exited with status 3 while searching") != NULL, "%s", err.message);
    CHECK_STR(err.stderr_tail, "Assertion failed: pos_is_ok() (position.cpp:1234)\nfatal: giving up the search\n");
    CHECK(process_gone(pid));
    /* The engine is gone: another search says so at once. */
    CHECK_INT(uci_search(e, &start, &m, 1, &limit, &res, &err), UCI_CRASHED);
    CHECK_MSG(strstr(err.message, "gone") != NULL, "%s", err.message);
    uci_quit(e);
}

TEST(fault_crash_signal)
{
    uci_error err;
    uci_engine *e = REPLAY("crash_signal.uci", &err);
    if (!e) return;
    uci_result res;
    CHECK_INT(search_start(e, (uci_limit){0, 1000, 0}, &res, &err), UCI_CRASHED);
    CHECK_MSG(strstr(err.message, "signal 11 (SIGSEGV)") != NULL, "%s", err.message);
    CHECK_STR(err.stderr_tail, "Segmentation fault in search thread\n");
    uci_quit(e);
}

static double seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* A search by depth: the hang time-out alone. */
TEST(fault_hang_killed)
{
    if (!need_python()) return;
    uci_config cfg = replay_config("hang_depth.uci", NULL);
    cfg.hang_timeout_s = 0.5;
    uci_error err;
    uci_engine *e = START(&cfg, &err);
    if (!e) return;
    pid_t pid = uci_pid(e);
    uci_result res;
    double t0 = seconds();
    CHECK_INT(search_start(e, (uci_limit){20, 0, 0}, &res, &err), UCI_HUNG);
    double t = seconds() - t0;
    CHECK_MSG(t >= 0.5 && t < 5, "%.3f s", t);
    CHECK_MSG(strstr(err.message, "said nothing for") && strstr(err.message, "killed"), "%s", err.message);
    CHECK(process_gone(pid));
    /* What came before the hang was read. */
    CHECK_INT(res.depth, 1);
    uci_quit(e);
}

/* The shared hang.uci: a movetime search is given its movetime and the hang time-out. */
TEST(fault_hang_movetime)
{
    if (!need_python()) return;
    uci_config cfg = replay_config("hang.uci", NULL);
    cfg.hang_timeout_s = 0.3;
    uci_error err;
    uci_engine *e = START(&cfg, &err);
    if (!e) return;
    CHECK_INT(uci_new_game(e, &err), 0);
    pid_t pid = uci_pid(e);
    uci_result res;
    double t0 = seconds();
    CHECK_INT(search_start(e, (uci_limit){0, 0, 100}, &res, &err), UCI_HUNG);
    double t = seconds() - t0;
    CHECK_MSG(t >= 0.4 && t < 5, "%.3f s", t);
    CHECK(process_gone(pid));
    CHECK_INT(res.lines[0].score.value, 10);
    uci_quit(e);
}

TEST(fault_crash_search_shared)
{
    uci_error err;
    uci_engine *e = REPLAY("crash_search.uci", &err);
    if (!e) return;
    CHECK_STR(uci_name(e), "Crashy 1.0");
    CHECK_INT(uci_new_game(e, &err), 0);
    uci_result res;
    CHECK_INT(search_start(e, (uci_limit){0, 1000, 0}, &res, &err), UCI_CRASHED);
    CHECK_MSG(strstr(err.message, "SIGSEGV") && strstr(err.message, "while searching"), "%s", err.message);
    CHECK_STR(err.stderr_tail, "");
    uci_quit(e);
}

TEST(fault_exit_at_start)
{
    if (!need_python()) return;
    uci_config cfg = replay_config("exit_at_start.uci", NULL);
    uci_error err;
    START_FAILS(&cfg, UCI_NOT_AN_ENGINE, &err);
    CHECK_MSG(strstr(err.message, "exited with status 1 before answering uci"), "%s", err.message);
    CHECK_STR(err.stderr_tail, "fatal: no network file\n");
}

/* An option of a type UCI does not have: the engine runs; that option cannot be set. */
TEST(bad_option_type)
{
    if (!need_python()) return;
    uci_config cfg = replay_config("bad_option.uci", NULL);
    uci_engine *e;
    uci_error err;
    if (CHECK_MSG(uci_start(&e, &cfg, &err) == 0, "%s", err.message)) {
        CHECK_STR(uci_name(e), "Odd 1.0");
        uci_quit(e);
    }
    const char *opts[1] = {"strange thing=3"};
    cfg.options = opts;
    cfg.option_count = 1;
    CHECK_INT(uci_start(&e, &cfg, &err), UCI_REFUSED);
    CHECK_MSG(strstr(err.message, "'Strange Thing' is of a type UCI does not have ('wibble')"), "%s", err.message);
}

/* The shared garbage.uci: noise before uciok is skipped; the first unreadable info line makes
 * the search UCI_ILLEGAL (the C driver is strict; rankfile.engine skips such fields), read on
 * to its bestmove; an illegal bestmove is UCI_ILLEGAL. */
TEST(fault_garbage_shared)
{
    uci_error err;
    uci_engine *e = REPLAY("garbage.uci", &err);
    if (!e) return;
    CHECK_STR(uci_name(e), "Garbage 0");
    CHECK_INT(uci_new_game(e, &err), 0);
    rf_position start = startpos();
    uci_limit limit = {0, 100, 0};
    uci_result res;
    CHECK_INT(uci_search(e, &start, NULL, 0, &limit, &res, &err), UCI_ILLEGAL);
    CHECK_MSG(strstr(err.message, "'banana' where a number belongs after depth"), "%s", err.message);
    /* The readable lines and the bestmove were kept. */
    CHECK(res.has_best);
    CHECK_STR(uci_of(res.best, 0), "d2d4");
    CHECK_STR(pv_text(&start, &res.lines[0], 0), "d2d4 d7d5 c2c4");
    rf_move m = res.best;
    CHECK_INT(uci_search(e, &start, &m, 1, &limit, &res, &err), UCI_ILLEGAL);
    CHECK_MSG(strstr(err.message, "'d7d6d5'"), "%s", err.message);
    uci_quit(e);
}

/* bad_info.uci: a line of another protocol is ignored; an info line that cannot be read is
 * UCI_ILLEGAL, and the engine stays usable. */
TEST(fault_garbage_line)
{
    uci_error err;
    uci_engine *e = REPLAY("bad_info.uci", &err);
    if (!e) return;
    rf_position start = startpos();
    uci_limit limit = {3, 0, 0};
    uci_result res;
    CHECK_INT(uci_search(e, &start, NULL, 0, &limit, &res, &err), UCI_ILLEGAL);
    CHECK_INT(err.fault, UCI_ILLEGAL);
    CHECK_MSG(strstr(err.message, "'two' where a number belongs after depth") &&
                  strstr(err.message, "info depth two"), "%s", err.message);
    /* The engine was stopped, its bestmove read: the next search is clean. */
    rf_move m = mv(&start, "e2e4");
    limit.depth = 1;
    if (CHECK_MSG(uci_search(e, &start, &m, 1, &limit, &res, &err) == 0, "%s", err.message)) {
        rf_position after = start;
        rf_position_play(&after, m);
        CHECK_STR(uci_of(res.best, 0), "e7e5");
        CHECK_INT(res.lines[0].score.value, -20);
    }
    uci_quit(e);
}

TEST(fault_illegal_bestmove)
{
    uci_error err;
    uci_engine *e = REPLAY("illegal_bestmove.uci", &err);
    if (!e) return;
    uci_result res;
    CHECK_INT(search_start(e, (uci_limit){1, 0, 0}, &res, &err), UCI_ILLEGAL);
    CHECK_MSG(strstr(err.message, "'e2e5'") && strstr(err.message, "bestmove e2e5"), "%s", err.message);
    CHECK(!res.has_best);
    uci_quit(e);
}

TEST(fault_illegal_pv_move)
{
    uci_error err;
    uci_engine *e = REPLAY("illegal_pv.uci", &err);
    if (!e) return;
    uci_result res;
    CHECK_INT(search_start(e, (uci_limit){3, 0, 0}, &res, &err), UCI_ILLEGAL);
    CHECK_MSG(strstr(err.message, "move 3") && strstr(err.message, "'e4e5'") &&
                  strstr(err.message, "pv e2e4 e7e5 e4e5"), "%s", err.message);
    /* The bad line left nothing in the result. */
    CHECK_INT(res.line_count, 0);
    uci_quit(e);
}

TEST(fault_no_uciok_cat)
{
    if (access("/bin/cat", X_OK) != 0) {
        HARNESS_SKIP("/bin/cat is missing");
        return;
    }
    uci_config cfg = program_config("/bin/cat", NULL, 0.5, 0);
    uci_error err;
    START_FAILS(&cfg, UCI_NOT_AN_ENGINE, &err);
    CHECK_INT(err.fault, UCI_NOT_AN_ENGINE);
    CHECK_MSG(strstr(err.message, "did not answer uci with uciok"), "%s", err.message);
}

TEST(fault_no_uciok_exits)
{
    if (!need_python()) return;
    uci_config cfg = script_config("python3", "import sys; sys.stderr.write('no engine here\\n')", 0, 0);
    uci_error err;
    START_FAILS(&cfg, UCI_NOT_AN_ENGINE, &err);
    CHECK_MSG(strstr(err.message, "exited with status 0 before answering uci"), "%s", err.message);
    CHECK_STR(err.stderr_tail, "no engine here\n");
}

TEST(fault_path_missing)
{
    static const char *const paths[] = {"/nonexistent/dir/engine", "rankfile-no-such-engine-on-path"};
    for (int i = 0; i < 2; i++) {
        uci_config cfg = program_config(paths[i], NULL, 0, 0);
        uci_error err;
        START_FAILS(&cfg, UCI_NOT_AN_ENGINE, &err);
        CHECK_MSG(strstr(err.message, "cannot run") && strstr(err.message, paths[i]) &&
                      strstr(err.message, "No such file"), "%s", err.message);
    }
    /* No program at all. */
    uci_config cfg = program_config(NULL, NULL, 0, 0);
    uci_engine *e;
    uci_error err;
    CHECK_INT(uci_start(&e, &cfg, &err), UCI_NOT_AN_ENGINE);
}

TEST(fault_option_newline_refused)
{
    if (!need_python()) return;
    static const char *const bad[] = {"Hash=16\nquit", "Style\r=Solid", "Style=Solid\x01", "Clear Hash\n"};
    for (int i = 0; i < 4; i++) {
        const char *log = temp_log("newline");
        uci_config cfg = replay_config("analyse_nodes.uci", log);
        const char *opts[1] = {bad[i]};
        cfg.options = opts;
        cfg.option_count = 1;
        uci_error err;
        START_FAILS(&cfg, UCI_REFUSED, &err);
        CHECK_MSG(strstr(err.message, "control character") && !strchr(err.message, '\n'), "%s", err.message);
        /* Nothing was run, so nothing was sent. */
        CHECK(access(log, F_OK) != 0);
    }
}

TEST(fault_unknown_option_refused)
{
    if (!need_python()) return;
    struct {
        const char *opt, *says;
    } cases[] = {
        {"No Such Option=1", "has no option 'No Such Option'"},
        {"Hash=5000", "is 1 to 1024, not 5000"},
        {"Style=Wild", "has no value 'Wild'"},
        {"UCI_Chess960=maybe", "true or false"},
        {"Clear Hash=now", "takes no value"},
        {"Hash", "needs a value"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        const char *log = temp_log("unknown");
        uci_config cfg = replay_config("illegal_bestmove.uci", log);
        const char *opts[1] = {cases[i].opt};
        cfg.options = opts;
        cfg.option_count = 1;
        uci_error err;
        START_FAILS(&cfg, UCI_REFUSED, &err);
        CHECK_MSG(strstr(err.message, cases[i].says), "%s: %s", cases[i].opt, err.message);
        /* The engine heard `uci` and `quit`, no setoption. */
        const char *said = read_file(log);
        CHECK_MSG(said && strcmp(said, "uci\nquit\n") == 0, "%s", said ? said : "(no log)");
        unlink(log);
    }
    /* Options the engine has, any case, with spaces in names: set, in order. */
    const char *log = temp_log("known");
    uci_config cfg = replay_config("illegal_bestmove.uci", log);
    const char *opts[3] = {"style=Risky", "Clear Hash", "Hash=64"};
    cfg.options = opts;
    cfg.option_count = 3;
    cfg.threads = 2;
    uci_engine *e;
    uci_error err;
    if (CHECK_MSG(uci_start(&e, &cfg, &err) == 0, "%s", err.message)) uci_quit(e);
    const char *said = read_file(log);
    CHECK_STR(said, "uci\nsetoption name Threads value 2\nsetoption name Style value Risky\n"
                    "setoption name Clear Hash\nsetoption name Hash value 64\nisready\nquit\n");
    unlink(log);
    /* A variant for an engine without UCI_Variant. */
    cfg = replay_config("illegal_bestmove.uci", NULL);
    cfg.variant = RF_VARIANT_CRAZYHOUSE;
    CHECK_INT(uci_start(&e, &cfg, &err), UCI_REFUSED);
    CHECK_MSG(strstr(err.message, "plays no variant"), "%s", err.message);
}

/* An engine that stops reading its input: writing to it raises SIGPIPE, which must not kill us. */
TEST(fault_sigpipe_survived)
{
    if (!need_program("sh", "")) return;
    uci_config cfg = script_config("sh", "read line; exec 0<&-; echo uciok; sleep 3", 5, 0);
    uci_engine *e;
    uci_error err;
    CHECK_INT(uci_start(&e, &cfg, &err), UCI_CRASHED);
    CHECK_MSG(strstr(err.message, "isready"), "%s", err.message);
    sigset_t pending;
    sigpending(&pending);
    CHECK(!sigismember(&pending, SIGPIPE));
}

/* An engine that writes much more to standard error than a pipe holds before it answers: read
 * while waiting, so it cannot stall; the tail kept is its last whole lines. */
TEST(stderr_flood_drained)
{
    if (!need_program("sh", "")) return;
    uci_config cfg = script_config("sh",
                                   "read l; yes 'noise on standard error' | head -n 20000 >&2; "
                                   "echo 'last words' >&2; echo uciok; read l; echo readyok; read l; read l; exit 7",
                                   10, 0);
    uci_error err;
    uci_engine *e = START(&cfg, &err);
    if (!e) return;
    uci_result res;
    CHECK_INT(search_start(e, (uci_limit){1, 0, 0}, &res, &err), UCI_CRASHED);
    CHECK_MSG(strstr(err.message, "status 7"), "%s", err.message);
    size_t n = strlen(err.stderr_tail);
    CHECK(n > 100 && n < sizeof err.stderr_tail);
    CHECK(strncmp(err.stderr_tail, "noise on standard error\n", 24) == 0);
    CHECK(n >= 11 && strcmp(err.stderr_tail + n - 11, "last words\n") == 0);
    uci_quit(e);
}

/* A line longer than the driver reads (64 KiB): UCI_ILLEGAL, the rest of it skipped, the
 * bestmove after it read. */
TEST(fault_overlong_line)
{
    if (!need_program("sh", "")) return;
    uci_config cfg = script_config("sh",
                                   "read l; echo uciok; read l; echo readyok; read l; read l; "
                                   "printf 'info string '; yes x | head -n 100000 | tr -d '\\n'; echo; "
                                   "echo 'bestmove e2e4'; read l; read l",
                                   10, 10);
    uci_error err;
    uci_engine *e = START(&cfg, &err);
    if (!e) return;
    uci_result res;
    CHECK_INT(search_start(e, (uci_limit){1, 0, 0}, &res, &err), UCI_ILLEGAL);
    CHECK_MSG(strstr(err.message, "longer than"), "%s", err.message);
    CHECK(res.has_best);
    uci_quit(e);
}

TEST(refused_searches)
{
    uci_error err;
    uci_engine *e = REPLAY("illegal_bestmove.uci", &err);
    if (!e) return;
    rf_position start, horde;
    rf_position_startpos(&start, RF_VARIANT_STANDARD);
    rf_position_startpos(&horde, RF_VARIANT_HORDE);
    uci_result res;
    uci_limit none = {0, 0, 0}, depth = {1, 0, 0};
    CHECK_INT(uci_search(e, &start, NULL, 0, &none, &res, &err), UCI_REFUSED);
    CHECK_INT(uci_search(e, &horde, NULL, 0, &depth, &res, &err), UCI_REFUSED);
    CHECK_MSG(strstr(err.message, "horde"), "%s", err.message);
    rf_move bad = RF_MOVE_MAKE(12, 36); /* e2e5 */
    CHECK_INT(uci_search(e, &start, &bad, 1, &depth, &res, &err), UCI_REFUSED);
    rf_position c960 = fen("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", RF_PARSE_CHESS960);
    CHECK_INT(uci_search(e, &c960, NULL, 0, &depth, &res, &err), UCI_REFUSED);
    /* Nothing was sent: the engine still answers the transcript's search (an illegal bestmove). */
    CHECK_INT(uci_search(e, &start, NULL, 0, &depth, &res, &err), UCI_ILLEGAL);
    uci_quit(e);
}

#ifdef __linux__
/* The pipes this process holds now, as /proc names them ("pipe:[123]"). */
static int held_pipes(char out[][64], int cap)
{
    int n = 0;
    for (int fd = 0; fd < 1024 && n < cap; fd++) {
        char p[64], t[64];
        snprintf(p, sizeof p, "/proc/self/fd/%d", fd);
        ssize_t len = readlink(p, t, sizeof t - 1);
        if (len <= 0) continue;
        t[len] = '\0';
        if (strncmp(t, "pipe:", 5) == 0) memcpy(out[n++], t, sizeof t);
    }
    return n;
}

/* Two engines at once: the second holds no pipe of the first (close-on-exec). */
TEST(engines_hold_no_other_pipes)
{
    if (!need_python()) return;
    static char before[64][64], after[64][64];
    int nbefore = held_pipes(before, 64);
    uci_config cfg = replay_config("illegal_bestmove.uci", NULL);
    uci_error err;
    uci_engine *a = START(&cfg, &err), *b;
    if (!a) return;
    if (!(b = START(&cfg, &err))) {
        uci_quit(a);
        return;
    }
    /* The pipes the driver made: a's three ends and b's. */
    int nafter = held_pipes(after, 64), ours = 0, leaks = 0, seen = 0;
    for (int fd = 0; fd < 1024; fd++) {
        char p[64], t[64];
        snprintf(p, sizeof p, "/proc/%ld/fd/%d", (long)uci_pid(b), fd);
        ssize_t n = readlink(p, t, sizeof t - 1);
        if (n <= 0) continue;
        t[n] = '\0';
        seen++;
        if (fd <= 2) continue; /* its own standard streams */
        for (int i = 0; i < nafter; i++) {
            int old = 0;
            for (int k = 0; k < nbefore; k++) old |= strcmp(after[i], before[k]) == 0;
            if (!old && strcmp(t, after[i]) == 0) {
                leaks++;
                fprintf(stderr, "engine fd %d is %s, a pipe of the driver\n", fd, t);
            }
        }
    }
    for (int i = 0; i < nafter; i++) {
        int old = 0;
        for (int k = 0; k < nbefore; k++) old |= strcmp(after[i], before[k]) == 0;
        ours += !old;
    }
    CHECK_INT(ours, 6);
    CHECK(seen >= 3);
    CHECK_INT(leaks, 0);
    uci_quit(b);
    uci_quit(a);
}
#endif

/* Engines in parallel threads, one each: every search answers as its transcript says. */
static void *thread_search(void *arg)
{
    int *ok = arg;
    uci_config cfg = replay_config_copy("multipv_depth.uci");
    cfg.multipv = 3;
    uci_engine *e;
    uci_error err;
    *ok = 0;
    int started = uci_start(&e, &cfg, &err);
    free_config(&cfg); /* the driver keeps copies of what it needs */
    if (started != 0) return NULL;
    uci_result res;
    *ok = search_start(e, (uci_limit){8, 0, 0}, &res, &err) == 0 && res.line_count == 3 &&
          res.lines[2].score.value == 13 && res.lines[1].pv_len == 10;
    uci_quit(e);
    return NULL;
}

TEST(engines_in_threads)
{
    if (!need_python()) return;
    pthread_t t[4];
    int ok[4];
    for (int i = 0; i < 4; i++) CHECK(pthread_create(&t[i], NULL, thread_search, &ok[i]) == 0);
    for (int i = 0; i < 4; i++) {
        pthread_join(t[i], NULL);
        CHECK_MSG(ok[i], "thread %d", i);
    }
}

/* ---- the line reader alone ---- */

TEST(read_line_fields)
{
    rf_position start = startpos();
    uci_result res;
    uci_error err;
    uci_result_clear(&res);
    const char *l1 = "info depth 12 seldepth 15 multipv 2 score cp -31 lowerbound nodes 123456789012 nps 5 "
                     "hashfull 3 tbhits 0 time 77 wdl 100 800 100 pv d2d4 d7d5 currmove e2e4 currmovenumber 3";
    CHECK_INT(uci_read_line(&res, &start, 0, l1, strlen(l1), &err), 0);
    CHECK_INT(res.line_count, 2);
    CHECK_INT(res.lines[0].multipv, 1);
    CHECK(!res.lines[0].has_score);
    const uci_line *L = &res.lines[1];
    CHECK_INT(L->multipv, 2);
    CHECK_INT(L->depth, 12);
    CHECK_INT(L->seldepth, 15);
    CHECK(L->has_score && !L->score.is_mate && L->score.lowerbound && !L->score.upperbound);
    CHECK_INT(L->score.value, -31);
    CHECK_U64(L->nodes, 123456789012ull);
    CHECK_INT(L->time_ms, 77);
    CHECK(L->has_wdl);
    CHECK_INT(L->wdl[1], 800);
    CHECK_STR(pv_text(&start, L, 0), "d2d4 d7d5");
    CHECK_INT(res.depth, 12);
    CHECK_U64(res.nodes, 123456789012ull);
    /* `string`: the rest is free text, even words that look like fields. */
    const char *l2 = "info string depth banana pv z9z9";
    CHECK_INT(uci_read_line(&res, &start, 0, l2, strlen(l2), &err), 0);
    CHECK_INT(res.depth, 12);
    /* Unknown words are ignored; refutation and currline are skipped. */
    const char *l3 = "info depth 13 foo 7 refutation e2e4 e7e5 currline 1 d2d4 score mate -3 pv e2e4";
    CHECK_INT(uci_read_line(&res, &start, 0, l3, strlen(l3), &err), 0);
    CHECK(res.lines[0].score.is_mate);
    CHECK_INT(res.lines[0].score.value, -3);
    /* Lines that are not info or bestmove: ignored. */
    static const char *const others[] = {"", "   ", "readyok", "id name X", "infodepth 3", "\x01\xff"};
    for (int i = 0; i < 6; i++) CHECK_INT(uci_read_line(&res, &start, 0, others[i], strlen(others[i]), &err), 0);
    /* Tabs and a line ending left in. */
    const char *l4 = "bestmove\te2e4\tponder\te7e5\r";
    CHECK_INT(uci_read_line(&res, &start, 0, l4, strlen(l4) - 1, &err), 1);
    CHECK_STR(uci_of(res.best, 0), "e2e4");
    CHECK_STR(uci_of(res.ponder, 0), "e7e5");
    /* A ponder move that is not legal is left out, the best move kept. */
    const char *l5 = "bestmove e2e4 ponder e2e4";
    CHECK_INT(uci_read_line(&res, &start, 0, l5, strlen(l5), &err), 1);
    CHECK(res.has_best && !res.has_ponder);
}

TEST(read_line_faults)
{
    rf_position start = startpos();
    static const char *const bad[] = {
        "info depth",
        "info depth -1",
        "info depth 99999999999999999999",
        "info multipv 0 score cp 1",
        "info score",
        "info score cp",
        "info score centipawns 3",
        "info score cp 1.5",
        "info nodes -4",
        "info nodes 18446744073709551616",
        "info wdl 1 2",
        "info currmove e2e5",
        "info currmove",
        "info pv e2e4 e2e4",
        "info pv 0000",
        "info pv e1g1",
        "info pv e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6 e1g1 f8e7 f1e1 b7b5 a4b3 d7d6 c2c3 e8g8 h2h3 x",
        "bestmove",
        "bestmove e2e5",
        "bestmove (none)",
        "bestmove 0000",
        "bestmove e7e5",
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        uci_result res;
        uci_error err;
        uci_result_clear(&res);
        int r = uci_read_line(&res, &start, 0, bad[i], strlen(bad[i]), &err);
        CHECK_MSG(r == UCI_ILLEGAL, "'%s' gave %d", bad[i], r);
        CHECK_MSG(err.fault == UCI_ILLEGAL && strstr(err.message, "the engine said"), "'%s': %s", bad[i], err.message);
        CHECK_INT(res.line_count, 0);
        CHECK(!res.has_best);
    }
    /* A pv longer than the result holds: kept up to UCI_MAX_PV, every move checked. */
    char line[2048] = "info score cp 0 pv";
    for (int i = 0; i < 40; i++) strcat(line, " g1f3 g8f6 f3g1 f6g8");
    uci_result res;
    uci_error err;
    uci_result_clear(&res);
    CHECK_INT(uci_read_line(&res, &start, 0, line, strlen(line), &err), 0);
    CHECK_INT(res.lines[0].pv_len, UCI_MAX_PV);
    strcat(line, " e2e5");
    CHECK_INT(uci_read_line(&res, &start, 0, line, strlen(line), &err), UCI_ILLEGAL);
    CHECK_MSG(strstr(err.message, "move 161"), "%s", err.message);
    CHECK_STR(uci_fault_name(UCI_HUNG), "hung");
    CHECK_STR(uci_fault_name(UCI_CRASHED), "crashed");
}

/* ---- real engines ---- */

TEST(stockfish_searches)
{
    if (!need_stockfish()) return;
    uci_config cfg = program_config(STOCKFISH, NULL, 0, 0);
    cfg.hash_mb = 16;
    cfg.threads = 1;
    cfg.multipv = 2;
    uci_error err;
    uci_engine *e = START(&cfg, &err);
    if (!e) return;
    CHECK_MSG(strncmp(uci_name(e), "Stockfish", 9) == 0, "%s", uci_name(e));
    CHECK_INT(uci_new_game(e, &err), 0);
    rf_position start = startpos();
    rf_move moves[4];
    rf_position at = start;
    static const char *const game[4] = {"e2e4", "e7e5", "g1f3", "b8c6"};
    for (int i = 0; i < 4; i++) {
        moves[i] = mv(&at, game[i]);
        rf_position_play(&at, moves[i]);
    }
    uci_limit limit = {6, 0, 0};
    uci_result res;
    if (CHECK_MSG(uci_search(e, &start, moves, 4, &limit, &res, &err) == 0, "%s", err.message)) {
        CHECK(res.has_best && rf_move_is_legal(&at, res.best));
        CHECK_INT(res.line_count, 2);
        CHECK(res.lines[0].pv_len > 0 && res.lines[0].pv[0] == res.best);
        CHECK(res.lines[1].pv_len > 0 && res.lines[1].pv[0] != res.best);
        CHECK_INT(res.depth, 6);
    }
    /* Mate in one, then the mated side: bestmove (none). */
    rf_position m1 = fen("r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 2 4", 0);
    if (CHECK_MSG(uci_search(e, &m1, NULL, 0, &limit, &res, &err) == 0, "%s", err.message)) {
        CHECK_STR(uci_of(res.best, 0), "f3f7");
        CHECK(res.lines[0].score.is_mate && res.lines[0].score.value == 1);
    }
    rf_position_play(&m1, res.best);
    if (CHECK_MSG(uci_search(e, &m1, NULL, 0, &limit, &res, &err) == 0, "%s", err.message)) {
        CHECK(!res.has_best);
        CHECK(res.lines[0].score.is_mate && res.lines[0].score.value == 0);
    }
    /* Nodes and movetime limits. */
    uci_limit nodes = {0, 500, 0}, movetime = {0, 0, 50};
    CHECK_MSG(uci_search(e, &start, NULL, 0, &nodes, &res, &err) == 0, "%s", err.message);
    CHECK(res.has_best && res.nodes >= 1);
    CHECK_MSG(uci_search(e, &start, NULL, 0, &movetime, &res, &err) == 0, "%s", err.message);
    CHECK(res.has_best && res.time_ms >= 1);
    pid_t pid = uci_pid(e);
    uci_quit(e);
    CHECK(process_gone(pid));
}

TEST(stockfish_chess960_castles)
{
    if (!need_stockfish()) return;
    /* "stockfish" is found on PATH when /usr/games is on it. */
    uci_config cfg = program_config(on_path("stockfish") ? "stockfish" : STOCKFISH, NULL, 0, 0);
    cfg.chess960 = 1;
    uci_error err;
    uci_engine *e = START(&cfg, &err);
    if (!e) return;
    /* King on b1, rook on a1: castling queenside (king to c1, rook to d1) mates, written "b1a1". */
    rf_position pos = fen("2bkb3/2p1p3/8/8/8/8/PPP5/RK6 w A - 0 1", RF_PARSE_CHESS960);
    uci_result res;
    if (CHECK_MSG(search(e, &pos, (uci_limit){8, 0, 0}, &res, &err) == 0, "%s", err.message)) {
        CHECK(res.has_best && rf_move_is_legal(&pos, res.best));
        CHECK_MSG(RF_MOVE_KIND(res.best) == RF_MOVE_CASTLING, "best %s", uci_of(res.best, 1));
        CHECK_STR(uci_of(res.best, 1), "b1a1");
    }
    uci_quit(e);
}

TEST(fairy_stockfish_variants)
{
    if (access(FAIRY, X_OK) != 0) {
        HARNESS_SKIP(FAIRY " is missing (apt-get install fairy-stockfish)");
        return;
    }
    uci_config cfg = program_config(FAIRY, NULL, 0, 0);
    cfg.variant = RF_VARIANT_CRAZYHOUSE;
    uci_error err;
    uci_engine *e = START(&cfg, &err);
    if (!e) return;
    rf_position pos;
    rf_position_from_fen(&pos, "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R[Pp] w KQkq - 0 1",
                         RF_VARIANT_CRAZYHOUSE, NULL);
    uci_limit limit = {6, 0, 0};
    uci_result res;
    if (CHECK_MSG(uci_search(e, &pos, NULL, 0, &limit, &res, &err) == 0, "%s", err.message))
        CHECK(res.has_best && rf_move_is_legal(&pos, res.best));
    uci_quit(e);
    /* Three-check by its name in Fairy-Stockfish ("3check"). */
    cfg.variant = RF_VARIANT_THREECHECK;
    if (!(e = START(&cfg, &err))) return;
    rf_position_startpos(&pos, RF_VARIANT_THREECHECK);
    if (CHECK_MSG(uci_search(e, &pos, NULL, 0, &limit, &res, &err) == 0, "%s", err.message))
        CHECK(res.has_best && rf_move_is_legal(&pos, res.best));
    uci_quit(e);
}
