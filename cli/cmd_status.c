/*
 * cmd_status.c - `rankfile status`: check, checkmate, stalemate, insufficient material and the
 * outcome of positions. Also the status line and JSON members that `play` prints.
 */
#include "cli.h"

#include <stdlib.h>

#include <string.h>

static const char *const intro[] = {
    "usage: rankfile status [FEN ...] [--json] [--chess960] [--variant NAME] [--accept RULES]\n"
    "\n"
    "Answers one line per position: how the game stands for the side to move.\n"
    "With no FEN arguments it reads one position per line from standard input.\n"
    "\n"
    "The line is one of\n"
    "  ongoing                      the game goes on\n"
    "  check                        the game goes on, the side to move is in check\n"
    "  REASON RESULT                the game is over: RESULT is 'white wins', 'black wins' or\n"
    "                               'draw'; REASON is checkmate, stalemate (in Antichess won\n"
    "                               by the stalemated side), insufficient_material,\n"
    "                               seventy_five_moves, fivefold_repetition, or the rule of\n"
    "                               the variant that ended the game: explosion (Atomic: a king\n"
    "                               exploded), king_of_the_hill (a king reached d4, e4, d5 or\n"
    "                               e5), three_check (a side gave its third check), race\n"
    "                               (Racing Kings: a king reached the eighth rank),\n"
    "                               horde_destroyed (Horde: White has no pawn or piece left),\n"
    "                               pieces_gone (Horde: Black has no piece left),\n"
    "                               antichess_no_pieces (Antichess: the side to move has no\n"
    "                               piece left, and wins); variant_end for a rule of a\n"
    "                               variant that has no name of its own\n"
    "and a game that goes on may be followed by ' claim fifty_moves' (halfmove clock >= 100:\n"
    "either player may claim a draw), e.g. 'ongoing claim fifty_moves'.\n"
    "\n"
    "Insufficient material is the rule of python-chess and chessops (lichess): no pawn, rook or\n"
    "queen, and besides the kings only bishops all on squares of one colour, or one knight.\n"
    "Each variant has its own: Atomic lichess's; never in King of the Hill and Racing Kings (a\n"
    "king can always walk to the goal); in Three-check a side with a bare king cannot win;\n"
    "Crazyhouse only when at most three pieces are left on the board and in the pockets.\n"
    "With --json, \"insufficient\" says it for each side (\"white\": White cannot win).\n"
    "A position alone has no history, so it is never a repetition; `rankfile play` counts them.\n",
    NULL,
};

static const char *const outro[] = {
    "JSON: one object per position: {\"fen\", \"variant\", \"check\", \"checkmate\", \"stalemate\",\n"
    "\"insufficient_material\" (neither side can win by material), \"insufficient\": {\"white\",\n"
    "\"black\"} (that side cannot), \"checkers\" (squares), \"legal_moves\" (count), \"fifty_moves\",\n"
    "\"seventy_five_moves\", \"repetitions\", \"threefold_repetition\", \"fivefold_repetition\",\n"
    "\"variant_end\", \"outcome\": {\"result\" (1-0, 0-1, 1/2-1/2 or *), \"winner\" (white, black\n"
    "or null), \"reason\" (as above, or null), \"text\" (the reason in words: \"Black's king\n"
    "reached the hill\", or null), \"claims\" (fifty_moves, threefold_repetition)},\n"
    "\"epd\": [{\"opcode\",\"operands\"}] (the EPD operations after the FEN)}.\n"
    "\n"
    "A position that cannot be read is an error: one line on stderr, exit status 65; from\n"
    "standard input it is answered 'error MESSAGE' on stdout and the rest are still answered.\n"
    "\n"
    "examples:\n"
    "  rankfile status 'rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3'\n"
    "    checkmate black wins\n"
    "  rankfile status '7k/5Q2/6K1/8/8/8/8/8 b - - 0 1'\n"
    "    stalemate draw\n",
    NULL,
};

static int answer(void *run, const char *text, size_t len, const rf_position *pos,
                  const rf_setup *setup)
{
    const cli_common *o = run;
    (void)len;
    rf_game *game = malloc(sizeof *game); /* 12 KiB: off the stack */
    if (!game) {
        cli_error(o, "out of memory");
        return CLI_SOFTWARE;
    }
    rf_game_start(game, pos);
    if (!o->json) {
        cli_status_text(o->io->out, game);
        free(game);
        return CLI_OK;
    }
    cli_json j;
    cli_json_answer_fen(&j, o, pos);
    cli_json_kstr(&j, "variant", rf_variant_name((rf_variant)pos->variant));
    cli_status_json(&j, game);
    cli_epd_write(NULL, &j, text, setup);
    cli_json_end(&j);
    free(game);
    return CLI_OK;
}

static const cli_batch_spec batch = {sizeof(cli_common), NULL, 0, NULL, NULL, answer, NULL};

const cli_command cli_command_status = {
    "status", "check, checkmate, stalemate, insufficient material, outcome", intro, NULL,
    CLI_COMMON_POSITION | CLI_COMMON_JSON, outro, NULL, &batch};
