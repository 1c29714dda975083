/*
 * cmd_moves.c - `rankfile moves`: the legal moves of positions, in UCI or SAN.
 */
#include "cli.h"

#include <stddef.h>

#include <stdlib.h>
#include <string.h>

enum { OPT_SAN = 1 };

static const cli_option options[] = {
    {OPT_SAN, "san", 0, NULL, "write the moves in SAN (Nf3, exd5, O-O, e8=Q+), still in UCI order"},
    {0, NULL, 0, NULL, NULL},
};

static const char *const intro[] = {
    "usage: rankfile moves [FEN] [--san] [--json] [--chess960] [--variant NAME] [--accept RULES]\n"
    "\n"
    "Prints the legal moves of a position, one per line, in UCI (e2e4, e7e8q; castling e1g1,\n"
    "or king-takes-rook e1h1 in Chess960 mode), sorted by their UCI text.\n"
    "With no FEN argument it reads one position per line from standard input and answers each\n"
    "with one line: its moves separated by spaces (an empty line when there is none).\n",
    NULL,
};

static const char *const outro[] = {
    "JSON: one object per position: {\"fen\",\"moves\":[...]}.\n"
    "\n"
    "A position that cannot be read is an error: one line on stderr, exit status 65; from\n"
    "standard input it is answered 'error MESSAGE' on stdout and the rest are still answered.\n"
    "\n"
    "examples:\n"
    "  rankfile moves '7k/8/8/8/8/8/8/R3K2R w KQ - 0 1' --san\n"
    "  echo 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -' | rankfile moves\n",
    NULL,
};

typedef struct moves_run {
    cli_common common;
    int san;
    int one; /* a single FEN argument: one move a line */
} moves_run;

typedef struct move_text {
    char uci[RF_UCI_MAX];
    char shown[RF_SAN_MAX]; /* the text printed: UCI or SAN */
} move_text;

static int by_uci(const void *a, const void *b)
{
    return strcmp(((const move_text *)a)->uci, ((const move_text *)b)->uci);
}

static int answer(void *run, const char *text, size_t len, const rf_position *pos,
                  const rf_setup *setup)
{
    const moves_run *o = run;
    (void)text, (void)len, (void)setup;
    rf_movelist list;
    move_text texts[RF_MAX_MOVES];
    unsigned n = rf_generate_moves(&list, pos);
    for (unsigned i = 0; i < n; i++) {
        rf_move_to_uci(texts[i].uci, sizeof texts[i].uci, pos, list.moves[i]);
        if (o->san)
            rf_move_to_san(texts[i].shown, sizeof texts[i].shown, pos, list.moves[i]);
        else
            memcpy(texts[i].shown, texts[i].uci, sizeof texts[i].uci);
    }
    qsort(texts, n, sizeof *texts, by_uci);
    if (o->common.json) {
        cli_json j;
        cli_json_answer_fen(&j, &o->common, pos);
        cli_json_key(&j, "moves");
        cli_json_array(&j);
        for (unsigned i = 0; i < n; i++) cli_json_text(&j, texts[i].shown);
        cli_json_end(&j);
        cli_json_end(&j);
    } else {
        /* One position: a move a line; a batch: a line a position. */
        for (unsigned i = 0; i < n; i++) {
            if (i && !o->one) putc(' ', o->common.io->out);
            fputs(texts[i].shown, o->common.io->out);
            if (o->one) putc('\n', o->common.io->out);
        }
        if (!o->one) putc('\n', o->common.io->out);
    }
    return CLI_OK;
}

static int ready(void *run, int *n, char ***args)
{
    moves_run *o = run;
    (void)args;
    o->one = *n == 1;
    return *n > 1 ? cli_one_position(&o->common, *n) : -1;
}

static const cli_batch_spec batch = {sizeof(moves_run), NULL, offsetof(moves_run, san),
                                      ready, NULL, answer, NULL};

const cli_command cli_command_moves = {"moves", "the legal moves of a position, in UCI or SAN",
                                       intro, options, CLI_COMMON_POSITION | CLI_COMMON_JSON,
                                       outro, NULL, &batch};
