/*
 * cmd_key.c - `rankfile key`: the Polyglot opening-book key of positions.
 */
#include "cli.h"

#include <inttypes.h>
#include <string.h>

static const char *const intro[] = {
    "usage: rankfile key [FEN ...] [--chess960] [--variant NAME] [--json]\n"
    "\n"
    "Prints the Polyglot key of each position: 16 hexadecimal digits, one line per position,\n"
    "the key an opening book in the Polyglot format (.bin) files the position under (what\n"
    "Stockfish, python-chess and most chess programs use to look a position up in a book).\n"
    "With no FEN arguments it reads one position per line from standard input.\n"
    "The key covers the pieces, the side to move, the castling rights whose rook stands on its\n"
    "corner, and the en passant file when a pawn of the side to move stands beside the pawn that\n"
    "just stepped twice; not the clocks. In a variant it is the key of the board alone (the\n"
    "format knows no pockets or check counters).\n",
    NULL,
};

static const char *const outro[] = {
    "JSON: one object per position: {\"fen\",\"key\"} (the key as 16 hexadecimal digits), or\n"
    "{\"input\",\"error\",...} for a position that cannot be read.\n"
    "\n"
    "A position that cannot be read is an error: one line on stderr, exit status 65; from\n"
    "standard input it is answered 'error MESSAGE' in its place and the rest are still answered.\n"
    "\n"
    "examples:\n"
    "  rankfile key 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'\n"
    "    463b96181691fc9c\n"
    "  rankfile key 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1'\n"
    "    823c9b50fd114196\n",
    NULL,
};

static int answer(void *run, const char *text, size_t len, const rf_position *pos,
                  const rf_setup *setup)
{
    const cli_common *o = run;
    (void)text, (void)len, (void)setup;
    char key[17];
    snprintf(key, sizeof key, "%016" PRIx64, rf_polyglot_key(pos));
    if (!o->json) {
        fprintf(o->io->out, "%s\n", key);
        return CLI_OK;
    }
    cli_json j;
    cli_json_answer_fen(&j, o, pos);
    cli_json_kstr(&j, "key", key);
    cli_json_end(&j);
    return CLI_OK;
}

static const cli_batch_spec batch = {sizeof(cli_common), NULL, 0, NULL, NULL, answer, NULL};

const cli_command cli_command_key = {
    "key", "the Polyglot opening-book key of positions", intro, NULL,
    CLI_COMMON_POSITION | CLI_COMMON_JSON, outro, NULL, &batch};
