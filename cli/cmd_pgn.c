/*
 * cmd_pgn.c - `rankfile pgn`: read PGN games (plain, gzip or zstd), check every move, convert
 * them or count them.
 */
#include "cli.h"
#include "pgn_drive.h"
#include "pgn_run.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

enum {
    OPT_FORMAT = 1,
    OPT_MIN_PLIES,
    OPT_HEADERS,
    OPT_COUNT,
    OPT_STRICT,
    OPT_ENCODING,
    OPT_PROGRESS,
    OPT_NO_PROGRESS,
    OPT_WHERE,
    OPT_PLAYER,
    OPT_RESULT,
    OPT_TERMINATION,
    OPT_COLUMNS,
    OPT_THREADS,
    OPT_RANGE,
    OPT_POSITION,
    OPT_OPENING,
    OPT_ECO,
    OPT_NO_ECO
};

static const cli_option options[] = {
    {OPT_FORMAT, "format", 'f', "FORMAT",
     "what to print for each game: pgn (the default: the game in PGN's export\n"
     "format, comments and variations kept), san or uci (its main-line moves on one\n"
     "line), fen (its start and the position after each move, one FEN per line,\n"
     "an empty line after the game), json (one object per game, see below),\n"
     "tsv or csv (a table: a header line, then one row per game; see --columns)"},
    {OPT_COLUMNS, "columns", 0, "LIST",
     "the table's columns, comma-separated (default " PGN_COLUMNS_DEFAULT "):\n"
     "any tag by its name (empty when the game has none), and index, offset (the\n"
     "game's first byte in the decoded text), variant, chess960, start_fen,\n"
     "moves_uci, moves_san (the main line, space-joined), plies, result (the\n"
     "marker, * when none), termination and winner (what the rules say of the\n"
     "last position, as 'rankfile status': checkmate, white, ...), final_fen,\n"
     "error, error_line, error_column, warning, clocks and evals (per main-line\n"
     "ply, space-joined, - where a ply has none: the seconds of lichess's [%clk],\n"
     "and its [%eval] in centipawns or #N for a mate), eco, opening and\n"
     "opening_ply (from the ECO file, see --eco; the tags are ECO and Opening);\n"
     "all-tags stands for every tag the first 1,000 games of the first input\n"
     "hold, in the order met, but those the list names itself"},
    {OPT_MIN_PLIES, "min-plies", 0, "N", "keep only games with at least N moves (plies) in the main line"},
    {OPT_WHERE, "where", 0, "EXPR",
     "keep only games whose tags meet EXPR, a tag, an operator and a value:\n"
     "WhiteElo>=2500, TimeControl=180+0, Event~Blitz (~: holds the text, letters\n"
     "in either case), Date>=2024.06.01; operators = != < <= > >=. The orders\n"
     "(< <= > >=) compare numbers, dates (YYYY.MM.DD, or YYYY-MM-DD; YYYY.MM and,\n"
     "for a ...Date tag, YYYY span their month or year) and times (HH:MM:SS,\n"
     "HH:MM), never text; a tag not of the value's kind (as \"?\") meets no\n"
     "order, and a date with ?? parts meets a condition only when every date it\n"
     "may be does (2024.??.?? is not >= 2024.06.01). = and != compare numbers\n"
     "and dates as such, other values as text. A game without the tag does not\n"
     "meet it; a tag no game has is said after the run, with the nearest name\n"
     "seen. Repeatable: every condition must hold"},
    {OPT_PLAYER, "player", 0, "NAME",
     "keep only games NAME played, as White or Black (letters in either case,\n"
     "accented, Greek and Cyrillic ones too: MÜLLER finds Müller). Given more\n"
     "than once: the games between two of them (twice: the games between the two)"},
    {OPT_RESULT, "result", 0, "R",
     "keep only games whose result is R: 1-0, 0-1, 1/2-1/2 or *, by the\n"
     "[Result] tag, or by the result marker after the moves when the game has\n"
     "no tag (when both exist and differ, the tag; the game has a warning).\n"
     "Repeatable: any of them"},
    {OPT_TERMINATION, "termination", 0, "T",
     "keep only games whose [Termination] tag is T (lichess's: Normal, Time\n"
     "forfeit, Abandoned, Rules infraction; letters in either case).\n"
     "Repeatable: any of them"},
    {OPT_RANGE, "range", 0, "START:END",
     "read only the games that begin in bytes START to END (END excluded) of\n"
     "one plain file: from the first game boundary at or after START (a '['\n"
     "that begins a line after a blank line, or the file's start) to the first\n"
     "at or after END, so that ranges covering the file read each game once\n"
     "(START or END left out: the file's start or end). Game numbers and lines\n"
     "count from the range's start; offsets are the file's. For batch systems:\n"
     "one job per range (see docs/cluster.md)"},
    {OPT_POSITION, "position", 0, "FEN",
     "keep only games whose main line reaches this position at some ply (the\n"
     "start and the last position included), by its key: the pieces, the side to\n"
     "move, the castling rights, a legal en passant capture and the variant's\n"
     "state (clocks aside). The FEN is read in --variant's rules (standard chess\n"
     "by default; startpos is its start) and only games of that variant and\n"
     "castling mode can match. Repeatable: every position must be reached"},
    {OPT_OPENING, "opening", 0, "MOVES",
     "keep only games whose main line starts with these moves: SAN or UCI,\n"
     "move numbers allowed ('e4 c5 Nf3', 'e2e4 c7c5', '1. e4 c5 2. Nf3'), read\n"
     "from the start position of --variant (standard chess by default, #518 for\n"
     "chess960); a game matches when it starts there (a [FEN] tag of another\n"
     "position never does) and its first moves are these"},
    {OPT_ECO, "eco", 0, "FILE|CODES",
     "name each game's opening from an ECO file (see 'Openings' below). FILE:\n"
     "pgn-extract's eco.pgn or lichess's chess-openings TSV (default\n"
     CLI_ECO_DEFAULT " when present). CODES: keep only games\n"
     "whose opening's code is among them: a code (B20), a range (B20-B99) or a\n"
     "comma list ('B20-B99,C60'), each a capital letter (ECO's are A-E) and two\n"
     "digits; a game whose code's first three characters are in a range is kept\n"
     "(B90a is in B20-B99). Any other value is a FILE (write ./B20 for a file\n"
     "of that name). Both may be given: --eco FILE --eco CODES"},
    {OPT_NO_ECO, "no-eco", 0, NULL, "no openings: JSON without eco, opening and opening_ply, even when\n" CLI_ECO_DEFAULT " exists"},
    {OPT_HEADERS, "headers", 0, NULL, "print only the games' tags (their moves are not checked)"},
    {OPT_COUNT, "count", 0, NULL,
     "print no games but a table of totals: games, plies, results, errors\n"
     "and warnings per variant (with --json one object: {\"games\", \"plies\",\n"
     "\"errors\", \"warnings\", \"results\", \"variants\": {NAME: the same for\n"
     "one variant}})"},
    {OPT_STRICT, "strict", 0, NULL,
     "warnings are errors: a game without its result marker (maybe cut\n"
     "short), a [Result] tag that disagrees with the marker, a tag line\n"
     "skipped is reported as an error and left out, a file that is not\n"
     "UTF-8 (with --encoding auto or utf-8) is an error (exit status 65)"},
    {OPT_ENCODING, "encoding", 0, "NAME",
     "the files' text: auto (the default: UTF-8, or Windows-1252 for a file\n"
     "that is not UTF-8, as old ChessBase and TWIC files are, with a\n"
     "warning), utf-8 (bytes that are not UTF-8 become U+FFFD, with a\n"
     "warning) or latin-1 (Windows-1252); the output is always UTF-8"},
    {OPT_PROGRESS, "progress", 0, NULL,
     "show progress on stderr (games/s, bytes done of total): a line kept\n"
     "up to date on a terminal, else a plain line every 5 seconds and at\n"
     "the end; the default when stderr is a terminal"},
    {OPT_NO_PROGRESS, "no-progress", 0, NULL, "no progress line"},
    {OPT_THREADS, "threads", 0, "N",
     "read with N threads, 1-256 (default: one per CPU): one reads the text and\n"
     "cuts it into batches of games, N check them; the output is the same, in\n"
     "the same order, whatever N"},
    {0, NULL, 0, NULL, NULL},
};

static const char *const intro[] = {
    "usage: rankfile pgn [FILE ...] [--format pgn|san|uci|fen|json|tsv|csv] [--variant NAME]\n"
    "                    [--where EXPR ...] [--player NAME ...] [--result R ...]\n"
    "                    [--termination T ...]\n"
    "                    [--position FEN ...] [--opening MOVES] [--eco FILE|CODES ...]\n"
    "                    [--no-eco] [--columns LIST]\n"
    "                    [--min-plies N] [--headers] [--count] [--strict]\n"
    "                    [--json] [--encoding auto|utf-8|latin-1]\n"
    "                    [--threads N] [--range START:END]\n"
    "\n"
    "Reads the games of PGN files (standard input when none is given, or '-'), checks every\n"
    "move of every game, variations included, and prints each game in the chosen format.\n"
    "Files compressed with gzip (.pgn.gz) or zstd (.pgn.zst, as lichess's database is) are\n"
    "read directly when this rankfile was built with zlib and libzstd; memory stays the same\n"
    "whatever the size of the file.\n"
    "\n"
    "A game's variant comes from its [Variant] tag, by lichess's names (Standard, Chess960,\n"
    "From Position, Atomic, King of the Hill, Three-check, Racing Kings, Horde, Antichess,\n"
    "Crazyhouse); its start from the [FEN] tag (with [SetUp \"1\"]), else the variant's start.\n"
    "Reading is lenient as python-chess is: move numbers missing or written 1...e5, 0-0, e8Q,\n"
    "wrong check marks, !? suffixes, % escape lines, a byte-order mark, CRLF, UCI moves\n"
    "(g1f3) and the null move (--, Z0, 0000, @@@@; written --). With --variant\n"
    "NAME only the games of that variant are kept (--variant chess960: Chess960 games); the\n"
    "others are skipped unchecked. So are the games the tag filters (--where, --player,\n"
    "--result, --termination) leave out: their moves are not read as moves, their errors\n"
    "and warnings not reported, and --count counts the games kept (a game without a [Result]\n"
    "tag is read to its result marker for --result, and left out unreported when that fails).\n"
    "\n"
    "--position and --opening need the moves: a game's main line is checked up to its end or\n"
    "its first error, and the game is kept when those moves meet them (a bad game is kept,\n"
    "and reported, when they met them before its error). The games they leave out are not\n"
    "printed, reported or counted. --headers does not check moves, so it takes neither.\n",
    NULL,
};

static const char *const outro[] = {
    "JSON: one object per game: {\"index\" (from 1 in each file), \"file\" (when read from a\n"
    "named file), \"headers\":{name: value}, \"variant\", \"chess960\", \"start_fen\", \"moves_san\",\n"
    "\"moves_uci\", \"comments\", \"clocks\", \"evals\" (per main-line ply: the comments after the\n"
    "move, the seconds of lichess's [%clk], its [%eval] in centipawns or \"#N\" for a mate; null\n"
    "where a ply has none), \"result\" (the game's termination marker, \"*\" when it has none),\n"
    "\"final_fen\", \"outcome\":{\"result\",\"winner\",\"reason\",\"text\"} (what the rules say of\n"
    "the last position, as 'rankfile status --json'), \"error\" (null, or where and what),\n"
    "\"warning\" (null, or where and what)}.\n"
    "A game with an error lists the moves up to it. With --headers: {\"index\",\"headers\"}.\n"
    "With an ECO file (--eco FILE, or " CLI_ECO_DEFAULT " when it exists and\n"
    "--no-eco is not given) each object also has \"eco\", \"opening\" and \"opening_ply\" before\n"
    "\"error\" (null when the file knows no position of the game).\n"
    "\n"
    "Openings: a game is named by the ECO file's last position its main line reaches, by\n"
    "position (transpositions count), as 'rankfile opening' names move sequences: an entry\n"
    "whose moves are the game's first moves, else the deeper entry, then the later in the file.\n"
    "\"opening\" is the name, then ': ' and the variation when the file names one; opening_ply\n"
    "the ply where that position was last reached. Games of other variants, or whose moves\n"
    "the file never reaches, have none. The file is read once, whatever --threads. Asking\n"
    "for a column eco, opening or opening_ply, or for --eco CODES, with no ECO file (none\n"
    "given, the default missing) is exit status 66; a malformed ECO file is 65.\n"
    "\n"
    "TSV and CSV: a header line naming the columns, then a row per game, bad games too\n"
    "(their error column says why; the moves up to the error). TSV has no quoting: a tab or\n"
    "line break in a value becomes a space. CSV quotes as RFC 4180 does.\n"
    "\n"
    "A bad game (an illegal or ambiguous move, a word that is no move, a bad [FEN] or an\n"
    "unknown [Variant], a comment or variation not closed) is reported on stderr in one line,\n"
    "'rankfile: pgn: game N (line L, column C): WHAT' (with the file's name before 'game'\n"
    "when read from a named file), left out of the pgn, san, uci and fen output, and the other\n"
    "games are still read; the exit status is then 65. A file that cannot be opened (or is a\n"
    "directory): 66.\n"
    "\n"
    "A game that may not be what its file means is kept, with a warning on stderr,\n"
    "'rankfile: pgn: warning: game N (line L): WHAT': a game without its result marker\n"
    "(1-0, 0-1, 1/2-1/2, *) before the end of the input or the next game's tags, as when\n"
    "a file was cut short ('no result marker; the game may be cut short'), a [Result] tag\n"
    "that disagrees with the marker, a line starting with '[' that is no tag pair. The\n"
    "export's Result tag is always the game's marker, \"*\" when it has none. A tag cut by\n"
    "the end of the input, a tag value not closed on its line or holding a NUL byte are\n"
    "errors. --strict makes every warning an error.\n"
    "\n"
    "examples:\n"
    "  printf '1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\\n' | rankfile pgn --format san\n"
    "    e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7#\n"
    "  rankfile pgn --count lichess_db_atomic_rated_2024-01.pgn.zst\n"
    "  rankfile pgn --variant atomic --min-plies 20 --format uci games.pgn\n"
    "  rankfile pgn --count --where 'WhiteElo>=2500' --where 'BlackElo>=2500' --result 1-0 games.pgn\n"
    "  rankfile pgn --format csv --columns Site,WhiteElo,BlackElo,result,plies,clocks games.pgn.zst\n"
    "  rankfile pgn --count --opening '1. e4 c5 2. Nf3 d6 3. d4' games.pgn\n"
    "  rankfile pgn --count --eco B20-B99 games.pgn\n"
    "  rankfile pgn --format tsv --columns White,Black,eco,opening --eco openings.tsv games.pgn\n"
    "  rankfile pgn --format san --position 'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3' games.pgn\n",
    NULL,
};

static const char *const format_names[FORMAT_COUNT] = {"pgn", "san", "uci", "fen", "json", "tsv", "csv"};

/* ---- progress ------------------------------------------------------------------------------ */

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* The progress line: on a terminal rewritten in place (a carriage return, and the rest of the
 * old line cleared) four times a second; elsewhere (a file, a pipe) a plain line every 5
 * seconds. `last`: the input's end, always shown (on a line of its own). */
static void progress(pgn_run *o, const cli_input *in, int last)
{
    double t = now();
    int terminal = o->progress == 1;
    if (!last && t - o->last < (terminal ? 0.25 : 5)) return;
    o->last = t;
    double rate = t > o->started ? (double)o->games_seen / (t - o->started) : 0;
    uint64_t done = cli_input_consumed(in), total = cli_input_size(in);
    FILE *err = o->common.io->err;
    fprintf(err, "%srankfile: pgn: %s: %llu games, %.0f games/s, %.1f", terminal ? "\r" : "",
            cli_input_name(in), o->games_seen, rate, (double)done / 1e6);
    if (total)
        fprintf(err, " of %.1f MB (%.0f%%)", (double)total / 1e6, 100.0 * (double)done / (double)total);
    else
        fputs(" MB", err);
    if (terminal) fputs("\033[K", err);
    if (last || !terminal) fputc('\n', err);
    fflush(err);
    o->shown = 1;
}

/* ---- totals -------------------------------------------------------------------------------- */

static const char *const result_names[4] = {"1-0", "0-1", "1/2-1/2", "*"};

/* The row name of a variant and castling mode: "atomic", "chess960", "atomic960". */
static const char *tally_name(char out[40], int v, int c960)
{
    if (!c960) return rf_variant_name((rf_variant)v);
    if (v == RF_VARIANT_STANDARD) return "chess960";
    snprintf(out, 40, "%s960", rf_variant_name((rf_variant)v));
    return out;
}

static void tally_add(tally *all, const tally *t)
{
    all->games += t->games;
    all->plies += t->plies;
    all->errors += t->errors;
    all->warnings += t->warnings;
    for (int r = 0; r < 4; r++) all->results[r] += t->results[r];
}

static void tally_row(FILE *out, const char *name, const tally *t)
{
    fprintf(out, "%-14s %10llu %12llu %9llu %9llu %9llu %9llu %8llu %8llu\n", name, t->games, t->plies,
           t->results[0], t->results[1], t->results[2], t->results[3], t->errors, t->warnings);
}

static void tally_json(cli_json *j, const tally *t)
{
    cli_json_kint(j, "games", (long long)t->games);
    cli_json_kint(j, "plies", (long long)t->plies);
    cli_json_kint(j, "errors", (long long)t->errors);
    cli_json_kint(j, "warnings", (long long)t->warnings);
    cli_json_key(j, "results");
    cli_json_object(j);
    for (int r = 0; r < 4; r++) cli_json_kint(j, result_names[r], (long long)t->results[r]);
    cli_json_end(j);
}

static void print_totals(const pgn_run *o)
{
    tally all;
    memset(&all, 0, sizeof all);
    for (int v = 0; v < RF_VARIANT_COUNT; v++)
        for (int c = 0; c < 2; c++) tally_add(&all, &o->totals[v][c]);
    char name[40];
    if (o->common.json) {
        cli_json j;
        cli_json_answer(&j, &o->common);
        tally_json(&j, &all);
        cli_json_key(&j, "variants");
        cli_json_object(&j);
        for (int v = 0; v < RF_VARIANT_COUNT; v++) {
            for (int c = 0; c < 2; c++) {
                if (!o->totals[v][c].games) continue;
                cli_json_key(&j, tally_name(name, v, c));
                cli_json_object(&j);
                tally_json(&j, &o->totals[v][c]);
                cli_json_end(&j);
            }
        }
        cli_json_end(&j);
        cli_json_end(&j);
        return;
    }
    FILE *out = o->common.io->out;
    fprintf(out, "%-14s %10s %12s %9s %9s %9s %9s %8s %8s\n", "variant", "games", "plies", "1-0", "0-1",
           "1/2-1/2", "*", "errors", "warnings");
    for (int v = 0; v < RF_VARIANT_COUNT; v++)
        for (int c = 0; c < 2; c++)
            if (o->totals[v][c].games) tally_row(out, tally_name(name, v, c), &o->totals[v][c]);
    tally_row(out, "total", &all);
}

/* ---- the command --------------------------------------------------------------------------- */

/* ---- reading: the driver (app/pgn_drive.h) ------------------------------------------------- */

/* A worker's run: a copy of the run, printing into the batch's output. */
typedef struct pgn_worker {
    pgn_run run;
    cli_io io;
} pgn_worker;

/* A batch's output and messages (none: the caller's thread prints directly), and what its
 * games add up. */
typedef struct pgn_output {
    FILE *out, *err;
    char *out_text, *err_text;
    size_t out_len, err_len;
    int direct; /* the games of the caller's thread: printed as read, emitted one by one */
    pgn_counts counts;
} pgn_output;

static void out_of_memory(const pgn_run *o)
{
    cli_error(&o->common, "out of memory");
    exit(CLI_SOFTWARE);
}

/* The caller's thread's record prints as the run; a worker's, as a copy of it. */
static int record_new(void *user, pgn_record *r, int worker)
{
    pgn_run *o = user;
    if (!worker) {
        pgn_run_record(o, r);
        return 0;
    }
    pgn_worker *w = malloc(sizeof *w);
    if (!w) return -1;
    w->run = *o;
    pgn_run *c = &w->run;
    c->common.io = &w->io;
    w->io = *o->common.io;
    bytes none = {NULL, 0, 0, &c->common, 0};
    c->text = none;
    c->counts = NULL; /* the batch's (aim) */
    pgn_run_record(c, r);
    return 0;
}

static void record_free(void *user, pgn_record *r)
{
    pgn_record_free(r);
    if (r->user == user) return;
    pgn_free_game_buffers(r->user);
    free(r->user);
}

static void *output_new(void *user)
{
    (void)user;
    return calloc(1, sizeof(pgn_output));
}

static void output_free(void *user, void *result)
{
    pgn_output *b = result;
    (void)user;
    if (b->out) fclose(b->out);
    if (b->err) fclose(b->err);
    free(b->out_text);
    free(b->err_text);
    free(b);
}

/* Before a game: a worker's copy of the run prints into the batch's output, counts in its
 * counts. */
static void aim(void *user, pgn_record *r, void *result)
{
    pgn_output *b = result;
    pgn_run *c = r->user;
    c->counts = &b->counts;
    if (c == user) {
        b->direct = 1;
        return;
    }
    pgn_worker *w = (pgn_worker *)c;
    if (!b->out) {
        b->out = open_memstream(&b->out_text, &b->out_len);
        b->err = open_memstream(&b->err_text, &b->err_len);
        if (!b->out || !b->err) out_of_memory(c);
    }
    w->io.out = b->out;
    w->io.err = b->err;
}

/* In the reading thread, the batches in order: their output and messages printed, their
 * counts added to the run's. */
static int output_emit(void *user, void *result)
{
    pgn_run *o = user;
    pgn_output *b = result;
    if (b->out) {
        if (fclose(b->out) != 0 || fclose(b->err) != 0) out_of_memory(o);
        b->out = b->err = NULL;
        fwrite(b->err_text, 1, b->err_len, o->common.io->err);
        fwrite(b->out_text, 1, b->out_len, o->common.io->out);
        free(b->out_text);
        free(b->err_text);
        b->out_text = b->err_text = NULL;
    }
    o->games_seen += b->counts.games;
    o->status = cli_worse(o->status, b->counts.status);
    for (int v = 0; v < RF_VARIANT_COUNT; v++)
        for (int c = 0; c < 2; c++) tally_add(&o->totals[v][c], &b->counts.totals[v][c]);
    int counted = b->counts.games != 0;
    memset(&b->counts, 0, sizeof b->counts);
    /* One thread: a game at a time, the progress line looked at every 256 games. */
    if (o->progress && (!b->direct || (counted && (o->games_seen & 255) == 0))) progress(o, o->input, 0);
    return ferror(o->common.io->out) ? 1 : 0;
}

static size_t read_input(void *ctx, char *buf, size_t cap)
{
    return cli_decoder_read(ctx, buf, cap);
}

/* Reads the games of the decoder's text with o->threads threads; 0 at the end, -1 after a read
 * error. */
static int read_games(pgn_run *o, rf_pgn_read_fn read, void *ctx)
{
    pgn_drive d = {.threads = o->threads, .batch = o->batch, .read = read, .read_ctx = ctx,
                   .start = &o->place, .user = o, .record_new = record_new, .record_free = record_free,
                   .result_new = output_new, .result_free = output_free, .aim = aim, .emit = output_emit};
    int rc = pgn_drive_run(&d);
    if (rc == PGN_THREADS_NOMEM) out_of_memory(o);
    return rc == PGN_THREADS_FAILED ? -1 : 0;
}

/* ---- --columns all-tags ------------------------------------------------------------------- */

/* The text read ahead, then the rest of the input. */
typedef struct ahead {
    cli_decoder *text;
    bytes kept;    /* what was read ahead */
    size_t served; /* of it, handed to the reader */
    int replaying;
} ahead;

static size_t replay(void *ctx, char *buf, size_t cap)
{
    ahead *a = ctx;
    if (a->replaying && a->served < a->kept.len) {
        size_t n = a->kept.len - a->served < cap ? a->kept.len - a->served : cap;
        memcpy(buf, a->kept.p + a->served, n);
        a->served += n;
        return n;
    }
    size_t n = cli_decoder_read(a->text, buf, cap);
    if (!a->replaying && n != (size_t)-1) pgn_bytes_add(&a->kept, buf, n);
    return n;
}

typedef struct names_seen {
    pgn_run *o;
    unsigned long games;
} names_seen;

static int ahead_game(void *user, unsigned long index)
{
    names_seen *seen = user;
    (void)index;
    return ++seen->games > PGN_ALL_TAGS_GAMES ? RF_PGN_SKIP : RF_PGN_CONTINUE;
}

/* A tag of one of the first games: its name kept once. */
static void ahead_tag(void *user, const char *name, size_t len, const char *value, size_t value_len)
{
    names_seen *seen = user;
    pgn_run *o = seen->o;
    (void)value, (void)value_len;
    const char *p = o->tag_names.p;
    for (size_t i = 0; i < o->ntag_names; i++, p += strlen(p) + 1)
        if (strlen(p) == len && memcmp(p, name, len) == 0) return;
    if (memchr(name, 0, len)) return;
    pgn_bytes_item(&o->tag_names, name, len);
    o->ntag_names++;
}

/* --columns all-tags: the tags of the input's first games (read ahead, kept for the reading
 * that follows) take its place. */
static void read_ahead(pgn_run *o, ahead *a)
{
    names_seen seen = {o, 0};
    rf_pgn_visitor v = {0};
    v.user = &seen;
    v.begin_game = ahead_game;
    v.header = ahead_tag;
    rf_pgn_reader *r = rf_pgn_reader_new(replay, a);
    if (!r) out_of_memory(o);
    while (seen.games <= PGN_ALL_TAGS_GAMES && rf_pgn_read_game(r, &v) == 1) {}
    rf_pgn_reader_free(r);
    a->replaying = 1;
    size_t left_out = pgn_columns_expand(&o->columns, o->tag_names.p, o->ntag_names);
    if (left_out)
        cli_warn(&o->common, "--columns all-tags: %zu of the %zu tags seen are left out (a table has at most %d columns)",
                 left_out, o->ntag_names, PGN_COLUMNS_MAX);
}

/* Reads every game of one input. What is wrong with the input itself (a read error, bytes that
 * are not UTF-8) is said after its games, so that it comes at the same place whatever the
 * threads. */
static void read_file(pgn_run *o, const char *path)
{
    cli_input *in = cli_input_open(&o->common, path);
    if (!in) {
        o->status = cli_worse(o->status, CLI_NOINPUT);
        return;
    }
    o->file = strcmp(path, "-") == 0 ? NULL : path;
    rf_pgn_place start = {0, 0, 1, 0, 1};
    o->place = start;
    if (o->ranged) {
        uint64_t from;
        if (cli_input_range(in, o->range_start, o->range_end, &from) != 0) {
            o->status = cli_worse(o->status, CLI_USAGE);
            cli_input_close(in);
            return;
        }
        o->place.offset = o->place.line_start = from;
    }
    o->opened++;
    char error[512];
    cli_input_defer(in, error, sizeof error);
    cli_decoder *text = malloc(sizeof *text);
    if (!text) out_of_memory(o);
    cli_decoder_start(text, &o->common, in, o->encoding, o->strict);
    o->input = in;
    o->started = o->last = now();
    o->games_seen = 0;
    o->shown = 0;
    ahead pre = {text, {NULL, 0, 0, &o->common, 0}, 0, 0};
    if (pgn_columns_pending(&o->columns)) read_ahead(o, &pre);
    if (o->table && !o->header_done) {
        pgn_columns_header(&o->columns, o->common.io->out);
        o->header_done = 1;
    }
    rf_pgn_read_fn read = pre.kept.len ? replay : read_input;
    void *ctx = pre.kept.len ? (void *)&pre : (void *)text;
    int rc = read_games(o, read, ctx);
    free(pre.kept.p);
    /* The last line: on a terminal when one was shown, elsewhere always (a log's end). */
    if (o->progress == 2 || (o->progress && o->shown)) progress(o, in, 1);
    cli_decoder_say(text);
    if (error[0]) cli_error(&o->common, "%s", error);
    if (rc < 0) o->status = cli_worse(o->status, CLI_DATAERR);
    o->status = cli_worse(o->status, text->status);
    o->input = NULL;
    free(text);
    cli_input_close(in);
}

/* The bytes of text per batch: RANKFILE_PGN_BATCH when set (small batches test the threads on
 * small files), else 256 KiB. */
static int batch_size(pgn_run *o)
{
    const char *env = getenv("RANKFILE_PGN_BATCH");
    uint64_t n = PGN_THREADS_BATCH;
    if (env && *env &&
        cli_parse_u64(&o->common, "RANKFILE_PGN_BATCH", env, 1, (uint64_t)1 << 30, &n))
        return -1;
    o->batch = (size_t)n;
    return 0;
}

/* --range START:END, either side left out. */
static int parse_range(pgn_run *o, const char *text)
{
    const char *colon = strchr(text, ':');
    char shown[64];
    if (!colon)
        return cli_usage(&o->common, "--range takes START:END (bytes; either may be left out), not '%s'",
                         cli_shown(text, strlen(text), shown));
    uint64_t start = 0, end = UINT64_MAX;
    if (colon > text) {
        char first[32];
        size_t n = (size_t)(colon - text);
        if (n >= sizeof first) n = sizeof first - 1;
        memcpy(first, text, n);
        first[n] = 0;
        if (cli_parse_u64(&o->common, "--range's START", first, 0, UINT64_MAX, &start)) return -1;
    }
    if (colon[1] && cli_parse_u64(&o->common, "--range's END", colon + 1, 0, UINT64_MAX, &end)) return -1;
    if (end < start)
        return cli_usage(&o->common, "--range %s: END is before START", cli_shown(text, strlen(text), shown));
    o->ranged = 1;
    o->range_start = start;
    o->range_end = end;
    return 0;
}

/* What the options said that the run does not keep. */
typedef struct given {
    int format, columns, progress; /* progress: -1 not said, 0 --no-progress, 1 --progress */
    const char *eco_file;          /* --eco FILE */
    int no_eco;                    /* --no-eco */
} given;

/* --eco FILE or --eco CODES (told apart by their form). */
static int parse_eco(pgn_run *o, given *g, const char *value)
{
    if (pgn_eco_codes_form(value)) return pgn_eco_codes_add(&o->eco_codes, &o->common, value);
    char shown[64];
    if (g->eco_file)
        return cli_usage(&o->common, "--eco %s: one ECO file only (%s given already); ECO codes are written "
                         "B20, B20-B99 or 'B20-B99,C60'", cli_shown(value, strlen(value), shown), g->eco_file);
    /* A value like no file and no list of codes: a code mistyped more likely than a file. */
    if (!strpbrk(value, "/.") && access(value, F_OK) != 0)
        return cli_usage(&o->common, "--eco %s: neither ECO codes (a capital letter and two digits: B20, a range "
                         "B20-B99, a list 'B20-B99,C60') nor a file", cli_shown(value, strlen(value), shown));
    g->eco_file = value;
    return 0;
}

/* One option of the command line into the run. 0, or CLI_USAGE after saying why. */
static int parse_option(pgn_run *o, given *g, int id, const char *value)
{
    long n;
    switch (id) {
    case OPT_FORMAT: {
        size_t i = 0;
        while (i < FORMAT_COUNT && strcmp(value, format_names[i]) != 0) i++;
        if (i == FORMAT_COUNT)
            return cli_usage(&o->common, "unknown format '%s' (pgn, san, uci, fen, json, tsv or csv)", value);
        o->format = (int)i;
        g->format = 1;
        return 0;
    }
    case OPT_MIN_PLIES:
        if (cli_parse_int(&o->common, "--min-plies", value, 0, 1000000000L, &n)) return CLI_USAGE;
        o->min_plies = (unsigned long)n;
        o->min_plies_given = 1;
        return 0;
    case OPT_HEADERS: o->headers_only = 1; return 0;
    case OPT_COUNT: o->count = 1; return 0;
    case OPT_STRICT: o->strict = 1; return 0;
    case OPT_ENCODING:
        if (cli_encoding_parse(value, &o->encoding) != 0)
            return cli_usage(&o->common, "unknown encoding '%s' (auto, utf-8 or latin-1)", value);
        return 0;
    case OPT_WHERE: return pgn_filter_where(&o->filter, &o->common, value);
    case OPT_PLAYER: return pgn_filter_player(&o->filter, &o->common, value);
    case OPT_RESULT: return pgn_filter_result(&o->filter, &o->common, value);
    case OPT_TERMINATION: return pgn_filter_termination(&o->filter, &o->common, value);
    case OPT_POSITION: return pgn_line_position(&o->line, &o->common, value) ? CLI_USAGE : 0;
    case OPT_OPENING: return pgn_line_opening(&o->line, &o->common, value) ? CLI_USAGE : 0;
    case OPT_COLUMNS:
        g->columns = 1;
        return pgn_columns_parse(&o->columns, &o->common, value) ? CLI_USAGE : 0;
    case OPT_THREADS:
        if (cli_parse_int(&o->common, "--threads", value, 1, 256, &n)) return CLI_USAGE;
        o->threads = (int)n;
        return 0;
    case OPT_RANGE: return parse_range(o, value) ? CLI_USAGE : 0;
    case OPT_ECO: return parse_eco(o, g, value) ? CLI_USAGE : 0;
    case OPT_NO_ECO: g->no_eco = 1; return 0;
    case OPT_PROGRESS: g->progress = 1; return 0;
    case OPT_NO_PROGRESS: g->progress = 0; return 0;
    default: return 0;
    }
}

/* The options together: what cannot go with what, and what follows from them. 0, or
 * CLI_USAGE after saying why. */
static int check_options(pgn_run *o, const given *g)
{
    const char *format = format_names[o->format];
    if (o->common.json) {
        if (g->format && o->format != FORMAT_JSON)
            return cli_usage(&o->common, "--json and --format %s ask for two formats", format);
        if (!o->count) o->format = FORMAT_JSON;
    }
    if (o->count && o->headers_only) return cli_usage(&o->common, "--count and --headers ask for two outputs");
    if (o->count && g->format)
        return cli_usage(&o->common,
                         "--count prints totals, not games: --format %s has no effect with it "
                         "(--json gives the totals as JSON)", format);
    if (o->headers_only && g->format && o->format != FORMAT_PGN && o->format != FORMAT_JSON)
        return cli_usage(&o->common, "--headers prints tags: as PGN (the default) or JSON, not --format %s", format);
    if (o->headers_only && o->line.given)
        return cli_usage(&o->common, "--headers does not check moves: --position and --opening cannot apply");
    if (o->line.given && pgn_line_ready(&o->line, &o->common)) return CLI_USAGE;
    o->table = o->format == FORMAT_TSV || o->format == FORMAT_CSV;
    if (batch_size(o)) return CLI_USAGE;
    if (g->columns && !o->table)
        return cli_usage(&o->common, "--columns chooses the columns of a table: give --format tsv or csv too");
    if (o->table) {
        o->columns.csv = o->format == FORMAT_CSV;
        if (!g->columns) pgn_columns_parse(&o->columns, &o->common, PGN_COLUMNS_DEFAULT);
    }
    if (g->no_eco && (g->eco_file || o->eco_codes.count || (o->table && (o->columns.needs & PGN_NEED_ECO))))
        return cli_usage(&o->common, "--no-eco asks for no openings: it cannot go with --eco or the columns eco, "
                         "opening, opening_ply");
    if (o->headers_only && o->eco_codes.count)
        return cli_usage(&o->common, "--headers does not check moves: --eco CODES cannot apply");
    if (o->headers_only && o->min_plies_given)
        cli_warn(&o->common, "--headers does not check moves: --min-plies is not applied");
    /* The last option given wins; without one, a terminal on stderr shows the line. */
    FILE *err = o->common.io->err;
    int terminal = fileno(err) >= 0 && isatty(fileno(err));
    o->progress = g->progress == 0 ? 0 : terminal ? 1 : g->progress == 1 ? 2 : 0;
    return 0;
}

/* The ECO file, when the run has a use for one: a column or --eco CODES need it (the default
 * when none is given, an error when that is missing too); JSON takes it when given or when the
 * default exists (not with --no-eco). --eco FILE is read even when nothing uses it (--count), so
 * that a bad file is said. 0, or the exit status after saying why. */
static int load_eco(pgn_run *o, const given *g)
{
    int needed = o->eco_codes.count || (o->table && (o->columns.needs & PGN_NEED_ECO));
    int json = o->format == FORMAT_JSON && !o->count && !o->headers_only;
    if (g->no_eco || !(needed || g->eco_file || (json && cli_eco_default_exists()))) return 0;
    int st = cli_eco_load(&o->common, g->eco_file, &o->eco);
    if (st) return st;
    o->eco_fields = json;
    o->eco_wanted = needed || json;
    return 0;
}

static int run(cli_io *io, int argc, char **argv)
{
    pgn_run o;
    cli_args a;
    memset(&o, 0, sizeof o);
    cli_args_start(&a, &o.common, &cli_command_pgn, io, argc, argv);
    o.tag_names.common = o.text.common = &o.common;
    o.threads = rf_cpu_count() < 256 ? rf_cpu_count() : 256;
    given g = {0, 0, -1, NULL, 0};
    int id;
    while ((id = cli_args_next(&a)) > 0)
        if (parse_option(&o, &g, id, a.value)) return CLI_USAGE;
    if (id == CLI_ARGS_STOP) return a.status;
    if (check_options(&o, &g)) return CLI_USAGE;
    int st = load_eco(&o, &g);
    if (st) return cli_finish(&o.common, st);
    if (o.ranged && (a.rest + 1 != argc || strcmp(argv[a.rest], "-") == 0))
        return cli_usage(&o.common, "--range reads a byte range of one plain file: give exactly one FILE");
    pgn_filter_seen seen; /* the tags the filters name that games have */
    pgn_filter_watch(&o.filter, &seen);
    if (a.rest >= argc) {
        read_file(&o, "-");
    } else {
        for (int i = a.rest; i < argc && !ferror(io->out); i++) read_file(&o, argv[i]);
    }
    if (o.table && !o.header_done) { /* no input could be read: the header alone */
        pgn_columns_expand(&o.columns, "", 0);
        pgn_columns_header(&o.columns, io->out);
    }
    pgn_filter_say(&o.filter, &o.common);
    /* No table when no input could be read: its zeros would be no total. */
    if (o.count && o.opened) print_totals(&o);
    pgn_free_game_buffers(&o);
    free(o.tag_names.p);
    rf_eco_free(o.eco);
    return cli_finish(&o.common, o.status);
}

const cli_command cli_command_pgn = {
    "pgn", "read, check and convert PGN games: --format pgn|san|uci|fen|json", intro, options,
    CLI_COMMON_VARIANT | CLI_COMMON_JSON, outro, run, NULL};
