/*
 * cmd_status.c - `rankfile status`: check, checkmate, stalemate, insufficient material and the
 * outcome of positions. Also the status line and JSON members that `play` prints.
 */
#include "cli.h"

#include <stdlib.h>

#include <string.h>

static const char *const intro[] = {
    "usage: rankfile status [FEN ...] [--tb DIR] [--json] [--chess960] [--variant NAME]\n"
    "                       [--accept RULES]\n"
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
    "A position alone has no history, so it is never a repetition; `rankfile play` counts them.\n"
    "\n"
    "With --tb DIR the line goes on with the Syzygy tablebases' verdict, as `rankfile tb` gives\n"
    "it: ' tb CATEGORY wdl N dtz N best MOVE' (e.g. 'ongoing tb win wdl 2 dtz 13 best b1b7'), or\n"
    "' tb unknown (WHY)' for a position the tables cannot answer (castling rights, more pieces\n"
    "than the largest table, a variant, a missing table file).\n",
    NULL,
};

static const cli_option options[] = {
    {1, "tb", 0, "DIR", "also the Syzygy tablebase verdict, from the table files in DIR\n"
                        "(several: DIR1:DIR2); see `rankfile tb`"},
    {0, NULL, 0, NULL, NULL},
};

static const char *const outro[] = {
    "JSON: one object per position: {\"fen\", \"variant\", \"check\", \"checkmate\", \"stalemate\",\n"
    "\"insufficient_material\" (neither side can win by material), \"insufficient\": {\"white\",\n"
    "\"black\"} (that side cannot), \"checkers\" (squares), \"legal_moves\" (count), \"fifty_moves\",\n"
    "\"seventy_five_moves\", \"repetitions\", \"threefold_repetition\", \"fivefold_repetition\",\n"
    "\"variant_end\", \"outcome\": {\"result\" (1-0, 0-1, 1/2-1/2 or *), \"winner\" (white, black\n"
    "or null), \"reason\" (as above, or null), \"text\" (the reason in words: \"Black's king\n"
    "reached the hill\", or null), \"claims\" (fifty_moves, threefold_repetition)},\n"
    "\"epd\": [{\"opcode\",\"operands\"}] (the EPD operations after the FEN)}; with --tb also\n"
    "\"tablebase\": {\"wdl\",\"dtz\",\"category\",\"best\"}, or {\"unknown\": WHY}.\n"
    "\n"
    "A position that cannot be read is an error: one line on stderr, exit status 65; from\n"
    "standard input it is answered 'error MESSAGE' on stdout and the rest are still answered.\n"
    "\n"
    "examples:\n"
    "  rankfile status 'rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3'\n"
    "    checkmate black wins\n"
    "  rankfile status '7k/5Q2/6K1/8/8/8/8/8 b - - 0 1'\n"
    "    stalemate draw\n"
    "  rankfile status --tb ~/syzygy '8/8/8/8/8/8/2k5/K1q5 w - - 0 1'\n"
    "    check tb loss wdl -2 dtz -2 best a1a2\n"
    "\n"
    "exit status: 0 all answered; 65 a position that cannot be read; with --tb as `rankfile tb`\n"
    "for the tables themselves: 65 a damaged table file, 66 DIR cannot be read or holds no\n"
    "tables, 69 this rankfile was built without tablebase support.\n",
    NULL,
};

typedef struct status_run {
    cli_common common;
    const char *tb_path; /* --tb */
    rf_tb *tb;
} status_run;

static int option(void *run, int id, const char *value)
{
    status_run *o = run;
    (void)id;
    o->tb_path = value;
    return 0;
}

static int ready(void *run, int *n, char ***args)
{
    status_run *o = run;
    (void)n, (void)args;
    return o->tb_path ? cli_tb_open(&o->common, o->tb_path, &o->tb) : -1;
}

static int answer(void *run, const char *text, size_t len, const rf_position *pos,
                  const rf_setup *setup)
{
    status_run *o = run;
    (void)len;
    rf_game *game = malloc(sizeof *game); /* 12 KiB: off the stack */
    rf_tb_root *root = o->tb ? malloc(sizeof *root) : NULL;
    if (!game || (o->tb && !root)) {
        free(game);
        free(root);
        cli_error(&o->common, "out of memory");
        return CLI_SOFTWARE;
    }
    rf_game_start(game, pos);
    rf_error err;
    int probed = root && rf_tb_probe_root(root, o->tb, pos, &err) == RF_OK;
    FILE *out = o->common.io->out;
    if (!o->common.json) {
        cli_status_line(out, game);
        if (probed) {
            fputs(" tb ", out);
            cli_tb_text(out, pos, root);
        } else if (root) {
            fprintf(out, " tb unknown (%s)", err.message);
        }
        putc('\n', out);
    } else {
        cli_json j;
        cli_json_answer_fen(&j, &o->common, pos);
        cli_json_kstr(&j, "variant", rf_variant_name((rf_variant)pos->variant));
        cli_status_json(&j, game);
        cli_epd_write(NULL, &j, text, setup);
        if (root) {
            cli_json_key(&j, "tablebase");
            cli_json_object(&j);
            if (probed) cli_tb_json(&j, pos, root);
            else cli_json_kstr(&j, "unknown", err.message);
            cli_json_end(&j);
        }
        cli_json_end(&j);
    }
    free(root);
    free(game);
    return CLI_OK;
}

static void finish(void *run)
{
    status_run *o = run;
    rf_tb_close(o->tb);
}

static const cli_batch_spec batch = {sizeof(status_run), option, 0, ready, NULL, answer, finish};

const cli_command cli_command_status = {
    "status", "check, checkmate, stalemate, insufficient material, outcome", intro, options,
    CLI_COMMON_POSITION | CLI_COMMON_JSON, outro, NULL, &batch};
