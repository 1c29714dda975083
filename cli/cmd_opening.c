/*
 * cmd_opening.c - `rankfile opening`: the ECO code and name of positions or move sequences, from
 * an ECO file read at run time (the library's rf_eco_*; the project ships no opening data).
 */
#include "cli.h"
#include "pgn_filter.h"

#include <stdlib.h>
#include <string.h>

/* The longest move sequence read. */
#define OPENING_MAX_PLIES 1024

static const char *const intro[] = {
    "usage: rankfile opening [FEN ...] [--eco FILE] [--json]\n"
    "       rankfile opening --moves ['MOVES' ...] [--eco FILE] [--json]\n"
    "\n"
    "Names the opening of positions, or of move sequences with --moves, from an ECO file: its\n"
    "ECO code, the opening's name, its variation, and the ply where the named position was\n"
    "reached. A position is looked up as it stands; a move sequence (SAN or UCI, move numbers\n"
    "allowed: '1. e4 c5 2. Nf3') from the standard start is named by the last position along it\n"
    "that the file knows, whatever the move order that reached it (transpositions count). With\n"
    "no arguments it reads one FEN (or with --moves one move sequence) per line from standard\n"
    "input. The answer is one line: CODE NAME[: VARIATION] (ply N), or 'none' when the file\n"
    "knows no position of the input.\n"
    "\n"
    "The ECO file is read when the command starts: pgn-extract's eco.pgn (Debian's package\n"
    "pgn-extract installs " CLI_ECO_DEFAULT ", the default when present) or lichess's\n"
    "chess-openings TSV (columns eco, name, pgn, with their header line; the name's part after\n"
    "': ' is the variation); the format is told by the content. rankfile ships no opening data.\n"
    "Where two entries reach one position, a move sequence's own entry (the same moves) names\n"
    "it; else the deeper entry, then the later in the file. (pgn-extract -e differs: it ignores\n"
    "the side to move, matches only a few plies past an entry's length, and takes the earliest\n"
    "of such entries.)\n",
    NULL,
};

static const char *const outro[] = {
    "JSON: one object per input: {\"fen\"} (with --moves {\"moves\",\"fen\"}, the position after\n"
    "the moves), \"eco\", \"name\", \"variation\" (null when the file names none) and \"ply\"; eco,\n"
    "name, variation and ply are null when the file knows no position of the input.\n"
    "\n"
    "Exit status 1 when some input has no opening (answered 'none'). A file that cannot be opened\n"
    "is exit status 66 (no file given and " CLI_ECO_DEFAULT " missing too); a malformed\n"
    "ECO file is exit status 65, with the line and column of its first bad entry. A position or\n"
    "move that cannot be read is an error as in the other commands (exit status 65; from standard\n"
    "input it is answered 'error MESSAGE' in its place and the rest are still answered).\n"
    "\n"
    "examples:\n"
    "  rankfile opening --moves '1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6'\n"
    "    B90 Sicilian: Najdorf (ply 10)\n"
    "  rankfile opening --moves 'Nf3 c5 e4'\n"
    "    B27 Sicilian defence (ply 3)\n"
    "  rankfile opening 'rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 0 2'\n"
    "    B20 Sicilian defence (ply 2)\n"
    "  rankfile opening --eco openings.tsv --json --moves 'd4 d5 c4'\n",
    NULL,
};

enum { OPT_ECO = 1, OPT_MOVES };

static const cli_option options[] = {
    {OPT_ECO, "eco", 0, "FILE", "the ECO file: pgn-extract's eco.pgn or lichess's TSV\n(default " CLI_ECO_DEFAULT ")"},
    {OPT_MOVES, "moves", 0, NULL, "the inputs are move sequences from the standard start, not FENs"},
    {0, NULL, 0, NULL, NULL},
};

typedef struct opening_run {
    cli_common common;
    const char *path; /* --eco */
    int moves;        /* --moves */
    rf_eco *eco;
} opening_run;

static int option(void *run, int id, const char *value)
{
    opening_run *o = run;
    if (id == OPT_ECO) o->path = value;
    else o->moves = 1;
    return 0;
}

/* The answer for the position reached (match.entry NULL: none); `moves` the input with --moves. */
static int say(const opening_run *o, const rf_position *pos, rf_eco_match match, const char *moves,
               size_t moves_len)
{
    const rf_eco_entry *e = match.entry;
    if (o->common.json) {
        cli_json j;
        cli_json_answer(&j, &o->common);
        if (moves) {
            cli_json_key(&j, "moves");
            cli_json_string(&j, moves, moves_len);
        }
        char fen[RF_FEN_MAX];
        rf_position_to_fen(fen, sizeof fen, pos, 0);
        cli_json_kstr(&j, "fen", fen);
        cli_json_kstr(&j, "eco", e ? e->eco : NULL);
        cli_json_kstr(&j, "name", e ? e->name : NULL);
        cli_json_kstr(&j, "variation", e && *e->variation ? e->variation : NULL);
        cli_json_key(&j, "ply");
        if (e) cli_json_int(&j, match.ply);
        else cli_json_null(&j);
        cli_json_end(&j);
    } else if (e) {
        fprintf(o->common.io->out, "%s %s%s%s (ply %u)\n", e->eco, e->name, *e->variation ? ": " : "",
                e->variation, match.ply);
    } else {
        fputs("none\n", o->common.io->out);
    }
    return e ? CLI_OK : CLI_NO;
}

static int answer_position(void *run, const char *text, size_t len, const rf_position *pos,
                           const rf_setup *setup)
{
    const opening_run *o = run;
    (void)text, (void)len, (void)setup;
    rf_eco_match match = {rf_eco_find(o->eco, pos), 0};
    /* A position has no line: its ply is that of the entry's moves. */
    if (match.entry) match.ply = match.entry->plies;
    return say(o, pos, match, NULL, 0);
}

static int answer_moves(void *ctx, const char *text, size_t len, const cli_where *where)
{
    const opening_run *o = ctx;
    rf_position start, pos;
    rf_position_startpos(&start, RF_VARIANT_STANDARD);
    pos = start;
    rf_move *moves = malloc(OPENING_MAX_PLIES * sizeof *moves);
    if (!moves) {
        cli_error(&o->common, "out of memory");
        return CLI_SOFTWARE;
    }
    size_t n;
    rf_error err;
    rf_status st = pgn_moves_read(&pos, text, len, moves, OPENING_MAX_PLIES, &n, &err);
    int status;
    if (st == RF_ERR_ARGUMENT)
        status = cli_fail(&o->common, where, text, len, NULL, "more than %d moves", OPENING_MAX_PLIES);
    else if (st != RF_OK)
        status = cli_fail(&o->common, where, text, len, NULL, "move %zu: %s", n + 1, err.message + err.detail);
    else
        status = say(o, &pos, rf_eco_classify(o->eco, &start, moves, n), text, len);
    free(moves);
    return status;
}

static int ready(void *run, int *n, char ***args)
{
    opening_run *o = run;
    int st = cli_eco_load(&o->common, o->path, &o->eco);
    if (st) return st;
    if (o->moves) return cli_batch(&o->common, *n, *args, answer_moves, o);
    return -1;
}

static void finish(void *run)
{
    opening_run *o = run;
    rf_eco_free(o->eco);
}

static const cli_batch_spec batch = {sizeof(opening_run), option, 0, ready, NULL, answer_position, finish};

const cli_command cli_command_opening = {
    "opening", "the ECO code and name of openings, from an ECO file", intro, options,
    CLI_COMMON_POSITION | CLI_COMMON_JSON, outro, NULL, &batch};
