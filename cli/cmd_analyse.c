/*
 * cmd_analyse.c - `rankfile analyse`: every position of the main line of every game evaluated
 * by UCI engines in parallel (analyse.c), written back as PGN with [%eval] comments or as rows.
 */
#include "analyse.h"
#include "cli.h"
#include "analyse_output.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

enum {
    OPT_ENGINE = 1,
    OPT_DEPTH,
    OPT_NODES,
    OPT_MOVETIME,
    OPT_MULTIPV,
    OPT_HASH,
    OPT_THREADS,
    OPT_OPTION,
    OPT_ENGINES,
    OPT_FROM_PLY,
    OPT_EVERY,
    OPT_FORMAT,
    OPT_SUMMARY,
    OPT_CHECKPOINT,
    OPT_OUTPUT,
    OPT_ENGINE_TIMEOUT,
    OPT_ENCODING,
    OPT_NO_PROGRESS
};

#define DEFAULT_NODES 1000000

static const cli_option options[] = {
    {OPT_ENGINE, "engine", 'e', "PATH",
     "the UCI engine to run (a path, or a name found on PATH), e.g.\n"
     "/usr/games/stockfish; required"},
    {OPT_DEPTH, "depth", 'd', "N", "search each position to depth N (1-200)"},
    {OPT_NODES, "nodes", 'n', "N",
     "search each position N nodes (the default: " "1000000" " when no limit is\n"
     "given); with --threads 1 the answers are the same on every run"},
    {OPT_MOVETIME, "movetime", 0, "MS", "search each position MS milliseconds"},
    {OPT_MULTIPV, "multipv", 0, "K", "the K best lines of each position, 1-16 (default 1)"},
    {OPT_HASH, "hash", 0, "MB", "each engine's hash table in MiB (default: the engine's)"},
    {OPT_THREADS, "threads", 0, "N", "threads of each engine, 1-1024 (default 1)"},
    {OPT_OPTION, "option", 'o', "NAME=VALUE",
     "set the engine's option NAME (as the engine lists it) to VALUE;\n"
     "NAME alone presses a button; repeatable"},
    {OPT_ENGINES, "engines", 'j', "K", "run K engines in parallel, 1-256 (default: one per CPU)"},
    {OPT_FROM_PLY, "from-ply", 0, "N", "analyse each game from ply N on (0, the default, is its start)"},
    {OPT_EVERY, "every", 0, "N", "analyse every N-th ply from there (default 1: every ply)"},
    {OPT_FORMAT, "format", 'f', "FORMAT",
     "pgn (the default: the games with [%eval] comments), tsv, csv or json\n"
     "(a row per position; see below)"},
    {OPT_SUMMARY, "summary", 0, NULL,
     "per game and side: the average centipawn loss and the inaccuracies,\n"
     "mistakes and blunders, as lichess counts them (see below)"},
    {OPT_CHECKPOINT, "checkpoint", 0, "FILE",
     "journal each answer in FILE; a run stopped at any moment (Ctrl-C, kill,\n"
     "a crash) goes on where it stopped when given the same command again"},
    {OPT_OUTPUT, "output", 'O', "FILE",
     "write to FILE (written as FILE.part, renamed when the run is complete)\n"
     "instead of standard output"},
    {OPT_ENGINE_TIMEOUT, "engine-timeout", 0, "S",
     "an engine silent for S seconds past its limit is hung: killed,\n"
     "restarted, the position tried once more (default 60)"},
    {OPT_ENCODING, "encoding", 0, "NAME", "the files' text: auto (the default), utf-8 or latin-1"},
    {OPT_NO_PROGRESS, "no-progress", 0, NULL,
     "no progress line (shown on stderr when it is a terminal: positions/s,\n"
     "how far, time left)"},
    {0, NULL, 0, NULL, NULL},
};

static const char *const intro[] = {
    "usage: rankfile analyse [FILE ...] --engine PATH [--depth N | --nodes N | --movetime MS]\n"
    "                        [--multipv K] [--hash MB] [--threads N] [--option NAME=VALUE ...]\n"
    "                        [--engines K] [--from-ply N] [--every N]\n"
    "                        [--format pgn|tsv|csv|json] [--summary] [--checkpoint FILE]\n"
    "                        [--output FILE] [--engine-timeout S] [--variant NAME]\n"
    "\n"
    "Evaluates every position of the main line of every game, from the start (ply 0) to the\n"
    "last, with a UCI engine such as Stockfish, running K engines side by side. The games are\n"
    "read as 'rankfile pgn' reads them (gzip or zstd files, Latin-1 text, variants from the\n"
    "[Variant] and [FEN] tags). With no FILE, or '-', standard input is read, which may also\n"
    "hold FEN or EPD lines, one position each (told apart by the first line that is not blank:\n"
    "a first word holding '/' is a FEN; read in --variant's rules).\n"
    "\n"
    "The output is in the input's order whatever K, and the same for any K when the engine is\n"
    "deterministic: each position is searched after 'ucinewgame' (the engine's hash cleared),\n"
    "given as the game's start and its moves so that the engine sees repetitions. Stockfish at\n"
    "--nodes N with one thread (the default) gives the same answers on every run.\n",
    NULL,
};

static const char *const outro[] = {
    "PGN: each game as 'rankfile pgn' writes it (tags, comments, variations kept) with the\n"
    "eval of the position after each analysed main-line move in its comment, as lichess\n"
    "writes it: [%eval 0.23] (pawns, from White's side), [%eval #-3] (Black mates in 3). An\n"
    "[%eval] already there is replaced. A game without moves (a FEN line) gets its start's\n"
    "eval as a comment. --summary adds the tags WhiteACPL, WhiteInaccuracies, WhiteMistakes,\n"
    "WhiteBlunders and Black's. A game that cannot be read (an illegal move, a bad [FEN]) is\n"
    "left out, as 'rankfile pgn' leaves it out, with a line on stderr (exit status 65).\n"
    "\n"
    "TSV, CSV, JSON: one row (NDJSON: one object) per analysed position, per line with\n"
    "--multipv K > 1, with the columns game (from 1, counted across the inputs), ply (0: the\n"
    "start), multipv (only with K > 1), fen, move (the game's move from there in UCI, \"\" at\n"
    "the end), eval_cp and mate (from White's side: mate 3 White mates in 3, -3 Black does;\n"
    "one of them empty / null), best, pv (UCI, space-separated), depth, nodes, time_ms and\n"
    "error. JSON adds \"end\" (\"checkmate\", \"stalemate\", a variant's end, else null): such a\n"
    "position is not searched and has no eval. --summary: instead, two rows per game, game,\n"
    "side, moves, acpl, inaccuracies, mistakes, blunders (JSON: {\"game\", \"white\": {...},\n"
    "\"black\": {...}}).\n"
    "\n"
    "Summary, by lichess's rules (lila, modules/analyse: AccuracyCP.scala and Advice.scala): a\n"
    "move's loss is the drop of the eval from the mover's side between the positions before\n"
    "and after it, each ceiled to +-1000 centipawns (a mate counts as 1000), at least 0; acpl\n"
    "is the mean over the side's moves, rounded. A move whose winning chances,\n"
    "2 / (1 + exp(-0.004 * cp)) - 1, drop by 0.3 or more is a blunder, 0.2 a mistake, 0.1 an\n"
    "inaccuracy; where a mate is in either eval, a mate now unavoidable is an inaccuracy when\n"
    "the eval before was already below -999, a mistake below -700, else a blunder, and a\n"
    "forced mate lost likewise by the eval after (above 999, above 700). Only moves with an\n"
    "eval before and after count (--every N > 1 leaves none).\n"
    "\n"
    "Faults: an engine that crashes or stops answering (--engine-timeout) is killed,\n"
    "restarted and the position searched once more; if that fails too, or the engine says\n"
    "something that is not UCI or a move that is not legal, the position gets an error (in\n"
    "its row, or a comment 'analysis error: ...' in PGN, and a line on stderr with the\n"
    "engine's last stderr lines), the rest goes on, and the exit status is 65.\n"
    "\n"
    "Checkpoint: each answer is appended to the --checkpoint FILE as it comes (made durable\n"
    "within a second). Run again with the same command, the answers there are used and\n"
    "only the rest is searched; the output is then the whole output of a run that was never\n"
    "stopped. A checkpoint written for other inputs or options is refused (exit 64). The\n"
    "file is kept at the end: delete it, or keep it to write the same analysis in another\n"
    "--format without searching again (the format is not part of its key).\n"
    "\n"
    "Exit status: 0 done; 64 usage error (also an option the engine does not have, a value\n"
    "with a line break); 65 a game that cannot be read or a position without an answer; 66\n"
    "a file cannot be opened; 69 the engine cannot be run or does not speak UCI; 73 the\n"
    "output or the checkpoint cannot be created; 74 writing failed; 130 or 143 stopped by\n"
    "SIGINT or SIGTERM (engines stopped, the checkpoint flushed).\n"
    "\n"
    "examples:\n"
    "  rankfile analyse games.pgn --engine /usr/games/stockfish --nodes 100000 -O analysed.pgn\n"
    "  rankfile analyse games.pgn.zst -e stockfish --depth 18 --engines 8 --checkpoint run.ckpt\n"
    "  rankfile analyse games.pgn -e stockfish --summary --format tsv\n"
    "  echo 'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3' |\n"
    "    rankfile analyse -e stockfish --nodes 100000 --multipv 3 --format json\n",
    NULL,
};

typedef struct cmd_run {
    cli_common common;
    analyse_config cfg;
    analyse_output out;
    const char *output;
    int status;
    int progress;
    int progress_shown;
    const char *options[UCI_MAX_OPTIONS];
    size_t noptions;
    int limit_given;
} cmd_run;

/* The signal that stops the run (set by the handler). */
static volatile sig_atomic_t stop_signal;

static void on_signal(int sig)
{
    stop_signal = sig;
}

static int has_break(const char *s)
{
    return strchr(s, '\n') || strchr(s, '\r');
}

/* The options of the engine and its search; 1 when `id` is none of them, else 0 or CLI_USAGE
 * after saying what is wrong. */
static int parse_engine_option(cmd_run *o, int id, const char *v)
{
    const cli_common *c = &o->common;
    long n;
    uint64_t u;
    size_t mb;
    switch (id) {
    case OPT_ENGINE:
        if (!*v) return cli_usage(c, "--engine needs a program");
        o->cfg.engine.path = v;
        return 0;
    case OPT_DEPTH:
        if (cli_parse_int(c, "--depth", v, 1, 200, &n)) return CLI_USAGE;
        o->cfg.limit.depth = (int)n;
        o->limit_given = 1;
        return 0;
    case OPT_NODES:
        if (cli_parse_u64(c, "--nodes", v, 1, UINT64_C(1) << 53, &u)) return CLI_USAGE;
        o->cfg.limit.nodes = u;
        o->limit_given = 1;
        return 0;
    case OPT_MOVETIME:
        if (cli_parse_int(c, "--movetime", v, 1, 86400000L, &n)) return CLI_USAGE;
        o->cfg.limit.movetime_ms = n;
        o->limit_given = 1;
        return 0;
    case OPT_MULTIPV:
        if (cli_parse_int(c, "--multipv", v, 1, UCI_MAX_MULTIPV, &n)) return CLI_USAGE;
        o->cfg.engine.multipv = (int)n;
        return 0;
    case OPT_HASH:
        if (cli_parse_mb(c, "--hash", v, &mb)) return CLI_USAGE;
        o->cfg.engine.hash_mb = mb;
        return 0;
    case OPT_THREADS:
        if (cli_parse_int(c, "--threads", v, 1, 1024, &n)) return CLI_USAGE;
        o->cfg.engine.threads = (int)n;
        return 0;
    case OPT_OPTION:
        if (has_break(v)) return cli_usage(c, "--option: a line break cannot be sent to the engine");
        if (!*v || *v == '=') return cli_usage(c, "--option needs NAME=VALUE, not '%s'", v);
        if (o->noptions == UCI_MAX_OPTIONS) return cli_usage(c, "at most %d --option", UCI_MAX_OPTIONS);
        o->options[o->noptions++] = v;
        return 0;
    case OPT_ENGINES:
        if (cli_parse_int(c, "--engines", v, 1, 256, &n)) return CLI_USAGE;
        o->cfg.engines = (int)n;
        return 0;
    case OPT_ENGINE_TIMEOUT:
        if (cli_parse_int(c, "--engine-timeout", v, 1, 86400, &n)) return CLI_USAGE;
        o->cfg.engine.hang_timeout_s = (double)n;
        return 0;
    default: return 1;
    }
}

/* The options of what is analysed and what is written; 0, or CLI_USAGE after an error. */
static int parse_run_option(cmd_run *o, int id, const char *v)
{
    const cli_common *c = &o->common;
    long n;
    switch (id) {
    case OPT_FROM_PLY:
        if (cli_parse_int(c, "--from-ply", v, 0, 1000000, &n)) return CLI_USAGE;
        o->cfg.from_ply = (unsigned long)n;
        return 0;
    case OPT_EVERY:
        if (cli_parse_int(c, "--every", v, 1, 1000000, &n)) return CLI_USAGE;
        o->cfg.every = (unsigned long)n;
        return 0;
    case OPT_FORMAT:
        if (strcmp(v, "pgn") == 0) o->out.format = ANALYSE_PGN;
        else if (strcmp(v, "tsv") == 0) o->out.format = ANALYSE_TSV;
        else if (strcmp(v, "csv") == 0) o->out.format = ANALYSE_CSV;
        else if (strcmp(v, "json") == 0) o->out.format = ANALYSE_JSON;
        else return cli_usage(c, "--format must be pgn, tsv, csv or json, not '%s'", v);
        return 0;
    case OPT_SUMMARY: o->out.summary = 1; return 0;
    case OPT_CHECKPOINT:
        if (!*v) return cli_usage(c, "--checkpoint needs a file");
        o->cfg.checkpoint = v;
        return 0;
    case OPT_OUTPUT:
        if (!*v) return cli_usage(c, "--output needs a file");
        o->output = v;
        return 0;
    case OPT_ENCODING:
        if (cli_encoding_parse(v, &o->cfg.encoding))
            return cli_usage(c, "--encoding must be auto, utf-8 or latin-1, not '%s'", v);
        return 0;
    case OPT_NO_PROGRESS: o->progress = 0; return 0;
    default: return 0;
    }
}

static int parse_option(cmd_run *o, int id, const char *v)
{
    int st = parse_engine_option(o, id, v);
    return st == 1 ? parse_run_option(o, id, v) : st;
}

/* ---- the key of a checkpoint: what the answers depend on ------------------------------------- */

static void key_add(char **key, size_t *len, size_t *cap, const char *fmt, const char *s, unsigned long long n)
{
    char part[4200];
    int m = snprintf(part, sizeof part, fmt, s, n);
    if (m < 0) return;
    if ((size_t)m >= sizeof part) m = (int)sizeof part - 1;
    if (*len + (size_t)m + 1 > *cap) {
        size_t c = *cap ? *cap * 2 : 1024;
        while (c < *len + (size_t)m + 1) c *= 2;
        char *p = realloc(*key, c);
        if (!p) return;
        *key = p;
        *cap = c;
    }
    memcpy(*key + *len, part, (size_t)m + 1);
    *len += (size_t)m;
}

static char *make_key(const cmd_run *o, int n, char **files)
{
    char *key = NULL;
    size_t len = 0, cap = 0;
    const analyse_config *c = &o->cfg;
    key_add(&key, &len, &cap, "engine=%s", c->engine.path, 0);
    key_add(&key, &len, &cap, " depth=%s%llu", "", (unsigned long long)c->limit.depth);
    key_add(&key, &len, &cap, " nodes=%s%llu", "", (unsigned long long)c->limit.nodes);
    key_add(&key, &len, &cap, " movetime=%s%llu", "", (unsigned long long)c->limit.movetime_ms);
    key_add(&key, &len, &cap, " multipv=%s%llu", "", (unsigned long long)c->engine.multipv);
    key_add(&key, &len, &cap, " hash=%s%llu", "", (unsigned long long)c->engine.hash_mb);
    key_add(&key, &len, &cap, " threads=%s%llu", "", (unsigned long long)c->engine.threads);
    for (size_t i = 0; i < o->noptions; i++) key_add(&key, &len, &cap, " option=%s%.0llu", o->options[i], 0);
    key_add(&key, &len, &cap, " from-ply=%s%llu", "", (unsigned long long)c->from_ply);
    key_add(&key, &len, &cap, " every=%s%llu", "", (unsigned long long)c->every);
    key_add(&key, &len, &cap, " variant=%s%.0llu", rf_variant_name(c->variant), 0);
    key_add(&key, &len, &cap, " chess960=%s%llu", "", (unsigned long long)c->chess960);
    key_add(&key, &len, &cap, " encoding=%s%llu", "", (unsigned long long)c->encoding);
    for (int i = 0; i < n; i++) {
        struct stat st;
        unsigned long long size = 0;
        if (strcmp(files[i], "-") != 0 && stat(files[i], &st) == 0 && S_ISREG(st.st_mode)) size = (unsigned long long)st.st_size;
        key_add(&key, &len, &cap, " input=%s:%llu", files[i], size);
    }
    if (n == 0) key_add(&key, &len, &cap, " input=%s%.0llu", "-", 0);
    return key;
}

/* ---- callbacks --------------------------------------------------------------------------------- */

static int on_game(void *ctx, const analyse_game *g)
{
    cmd_run *o = ctx;
    const cli_common *c = &o->common;
    char where[600];
    /* a message takes the progress line's place (it is written again a moment later) */
    int says = g->error || g->warning;
    for (size_t ply = 0; !says && ply <= g->plies; ply++) says = g->evals[ply].error != NULL;
    if (says && o->progress_shown) {
        fputs("\r\033[K", c->io->err);
        o->progress_shown = 0;
    }
    if (g->fen_line) snprintf(where, sizeof where, "%s%sline %lu", g->source ? g->source : "", g->source ? ": " : "", g->line);
    else snprintf(where, sizeof where, "%s%sgame %lu", g->source ? g->source : "", g->source ? ": " : "", g->number);
    if (g->error) {
        if (g->fen_line) cli_error(c, "%s%s%s", g->source ? g->source : "", g->source ? ": " : "", g->error);
        else cli_error(c, "%s (%s)", where, g->error);
        o->status = cli_worse(o->status, CLI_DATAERR);
        return 0;
    }
    if (g->warning) cli_warn(c, "%s (%s)", where, g->warning);
    for (size_t ply = 0; ply <= g->plies; ply++) {
        const analyse_eval *ev = &g->evals[ply];
        if (!ev->error) continue;
        char fen[RF_FEN_MAX];
        rf_position_to_fen(fen, sizeof fen, &g->main[ply], 0);
        cli_error(c, "%s, ply %zu (%s): %s", where, ply, fen, ev->error);
        o->status = cli_worse(o->status, CLI_DATAERR);
    }
    analyse_output_game(&o->out, g);
    if (ferror(o->out.out)) return CLI_IOERR;
    return 0;
}

static void on_progress(void *ctx, const analyse_progress *p)
{
    cmd_run *o = ctx;
    if (!o->progress) return;
    FILE *err = o->common.io->err;
    double rate = p->seconds > 0 ? (double)(p->positions - p->replayed) / p->seconds : 0;
    /* the total: known once every input is read, else guessed from the bytes read */
    double total = (double)p->known;
    if (!p->input_done && p->size && p->consumed && p->consumed < p->size)
        total = (double)p->known * (double)p->size / (double)p->consumed;
    fprintf(err, "\rrankfile: analyse: %llu of %s%.0f positions", p->positions, p->input_done ? "" : "~", total);
    if (p->replayed) fprintf(err, " (%llu from the checkpoint)", p->replayed);
    fprintf(err, ", %llu games, %.1f positions/s", p->games, rate);
    if (rate > 0 && total > (double)p->positions && (p->input_done || p->size))
        fprintf(err, ", about %.0f s left", (total - (double)p->positions) / rate);
    fputs("\033[K", err);
    fflush(err);
    o->progress_shown = 1;
}

/* ---- the command ------------------------------------------------------------------------------- */

/* The options, checked, and the configuration they make. -1 to go on, else the exit status. */
static int read_command_line(cmd_run *o, cli_args *a)
{
    int format_given = 0, id, st = 0;
    while ((id = cli_args_next(a)) > 0) {
        if (id == OPT_FORMAT) format_given = 1;
        if ((st = parse_option(o, id, a->value)) != 0) break;
    }
    if (st) return CLI_USAGE;
    if (id == CLI_ARGS_STOP) return a->status;
    const cli_common *c = &o->common;
    if (o->common.json) {
        if (format_given && o->out.format != ANALYSE_JSON) return cli_usage(c, "--json and --format other than json");
        o->out.format = ANALYSE_JSON;
    }
    if (!o->cfg.engine.path) return cli_usage(c, "give the engine: --engine PATH (e.g. --engine /usr/games/stockfish)");
    if (has_break(o->cfg.engine.path)) return cli_usage(c, "--engine: a path with a line break");
    if ((o->cfg.limit.depth != 0) + (o->cfg.limit.nodes != 0) + (o->cfg.limit.movetime_ms != 0) > 1)
        return cli_usage(c, "give one limit: --depth, --nodes or --movetime");
    if (!o->limit_given) o->cfg.limit.nodes = DEFAULT_NODES;
    if (!o->cfg.engine.threads) o->cfg.engine.threads = 1;
    o->cfg.engine.options = o->options;
    o->cfg.engine.option_count = o->noptions;
    o->cfg.variant = o->common.variant;
    o->cfg.chess960 = o->common.chess960;
    o->cfg.common = &o->common;
    return -1;
}

/* The inputs, opened now so that a missing file is said before any engine starts: into
 * src[0..*nsrc). Returns CLI_OK, or CLI_NOINPUT when one could not be opened (said). */
static int open_sources(const cmd_run *o, int n, char **files, analyse_source *src, size_t *nsrc)
{
    const cli_common *c = &o->common;
    int status = CLI_OK;
    *nsrc = 0;
    for (int i = 0; i < n; i++) {
        if (strcmp(files[i], "-") == 0) cli_input_notice(c, "PGN games or FEN lines");
        cli_input *in = cli_input_open(c, files[i]);
        if (!in) {
            status = cli_worse(status, CLI_NOINPUT);
            continue;
        }
        src[*nsrc].name = strcmp(files[i], "-") == 0 ? NULL : files[i];
        src[*nsrc].in = in;
        ++*nsrc;
    }
    return status;
}

/* The output: standard output, or --output's FILE written as FILE.part (*part, malloc'd) until
 * the run is complete. NULL after an error (said). */
static FILE *open_output(const cmd_run *o, cli_io *io, char **part)
{
    *part = NULL;
    if (!o->output || strcmp(o->output, "-") == 0) return io->out;
    size_t pl = strlen(o->output) + 6;
    *part = malloc(pl);
    if (*part) snprintf(*part, pl, "%s.part", o->output);
    FILE *out = *part ? fopen(*part, "w") : NULL;
    if (!out) cli_error(&o->common, "cannot create %s: %s", *part ? *part : o->output, strerror(errno));
    return out;
}

/* Runs the analysis with SIGINT and SIGTERM stopping it (the driver keeps a dead engine's pipe
 * from raising SIGPIPE). *complete: every game handed back (done, or an input that could not be
 * read to its end, said). Returns the status so far, worse than `status`. */
static int analyse_inputs(cmd_run *o, cli_io *io, analyse_source *src, size_t nsrc, int status, int *complete)
{
    const cli_common *c = &o->common;
    struct sigaction sa, old_int, old_term;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    stop_signal = 0;
    sigaction(SIGINT, &sa, &old_int);
    sigaction(SIGTERM, &sa, &old_term);
    o->cfg.stop = &stop_signal;

    analyse_callbacks cb = {o, on_game, on_progress};
    char message[2048];
    int rc = analyse_run(&o->cfg, src, nsrc, &cb, message, sizeof message);
    *complete = rc == 0 || (rc == CLI_DATAERR && !message[0]);
    if (o->progress_shown) fputs("\r\033[K", io->err);

    sigaction(SIGINT, &old_int, NULL);
    sigaction(SIGTERM, &old_term, NULL);

    if (rc == ANALYSE_STOPPED) {
        int sig = stop_signal ? (int)stop_signal : SIGINT;
        cli_error(c, "stopped by %s%s%s", sig == SIGTERM ? "SIGTERM" : "SIGINT",
                  o->cfg.checkpoint ? "; the answers so far are in " : "", o->cfg.checkpoint ? o->cfg.checkpoint : "");
        status = 128 + sig;
    } else if (rc == CLI_DATAERR && !message[0]) {
        status = cli_worse(status, CLI_DATAERR); /* an input said why */
    } else if (rc != 0) {
        if (message[0]) cli_error(c, "%s", message);
        status = rc > 0 ? rc : CLI_SOFTWARE;
    }
    if (*complete) {
        analyse_output_end(&o->out);
        status = cli_worse(status, o->status);
    }
    return status;
}

/* --output's file: closed, and renamed from FILE.part to FILE when the run is complete (else
 * removed). Returns the status, worse after an error (said). */
static int close_output(const cmd_run *o, FILE *out, const char *part, int complete, int status)
{
    int bad = fflush(out) != 0 || ferror(out);
    if (!bad) bad = fsync(fileno(out)) != 0 && errno != EINVAL;
    bad |= fclose(out) != 0;
    if (bad && complete) {
        cli_error(&o->common, "cannot write %s: %s", part, strerror(errno));
        status = CLI_IOERR;
        unlink(part);
    } else if (complete) {
        if (rename(part, o->output) != 0) {
            cli_error(&o->common, "cannot rename %s to %s: %s", part, o->output, strerror(errno));
            status = CLI_CANTCREAT;
        }
    } else {
        unlink(part);
    }
    return status;
}

static int run(cli_io *io, int argc, char **argv)
{
    cmd_run *o = calloc(1, sizeof *o);
    if (!o) return CLI_SOFTWARE;
    cli_args a;
    cli_args_start(&a, &o->common, &cli_command_analyse, io, argc, argv);
    o->cfg.every = 1;
    o->cfg.engines = rf_cpu_count() < 256 ? rf_cpu_count() : 256;
    o->out.format = ANALYSE_PGN;
    o->progress = isatty(fileno(io->err));
    int st = read_command_line(o, &a);
    if (st >= 0) {
        free(o);
        return st;
    }
    int n = argc - a.rest;
    char **files = argv + a.rest;
    char *dash[] = {"-"};
    if (n == 0) {
        files = dash;
        n = 1;
    }
    char *key = make_key(o, argc - a.rest, argv + a.rest);
    o->cfg.key = key;
    analyse_source *src = calloc((size_t)n, sizeof *src);
    if (!src || !key) {
        free(src);
        free(key);
        free(o);
        return CLI_SOFTWARE;
    }
    size_t nsrc;
    int status = open_sources(o, n, files, src, &nsrc), complete = 0;
    char *part;
    FILE *out = open_output(o, io, &part);
    if (!out) {
        status = CLI_CANTCREAT;
    } else {
        analyse_output_start(&o->out, out, o->out.format, o->cfg.engine.multipv, o->out.summary);
        status = analyse_inputs(o, io, src, nsrc, status, &complete);
    }
    for (size_t i = 0; i < nsrc; i++) cli_input_close(src[i].in);
    free(src);
    free(key);
    if (out && out != io->out) status = close_output(o, out, part, complete, status);
    free(part);
    int final = out ? cli_finish(&o->common, status) : status;
    free(o);
    return final;
}

const cli_command cli_command_analyse = {
    "analyse", "evaluate every position of PGN games with UCI engines: [%eval] in PGN, or rows",
    intro, options, CLI_COMMON_VARIANT | CLI_COMMON_JSON, outro, run, NULL};
