/*
 * cmd_status.c - `rankfile status`: check, checkmate, stalemate, insufficient material and the
 * outcome of positions. Also the status line and JSON members that `play` prints.
 */
#include "cli.h"

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

const cli_command cli_command_status = {
    "status", "check, checkmate, stalemate, insufficient material, outcome", intro, NULL,
    CLI_COMMON_POSITION | CLI_COMMON_JSON, outro, cli_cmd_status};

static const char *result_words(rf_result result)
{
    switch (result) {
    case RF_RESULT_WHITE_WINS: return "white wins";
    case RF_RESULT_BLACK_WINS: return "black wins";
    case RF_RESULT_DRAW: return "draw";
    case RF_RESULT_ONGOING: break;
    }
    return "ongoing";
}

void cli_status_text(FILE *out, const rf_game *game)
{
    rf_outcome o = rf_game_outcome(game);
    if (o.result != RF_RESULT_ONGOING) {
        fprintf(out, "%s %s\n", o.code, result_words(o.result));
        return;
    }
    fputs(rf_position_is_check(&game->pos) ? "check" : "ongoing", out);
    if (o.claims) {
        fputs(" claim", out);
        if (o.claims & RF_CLAIM_FIFTY_MOVES) fputs(" fifty_moves", out);
        if (o.claims & RF_CLAIM_THREEFOLD_REPETITION) fputs(" threefold_repetition", out);
    }
    putc('\n', out);
}

void cli_outcome_json(cli_json *j, const rf_outcome *o)
{
    cli_json_kstr(j, "result", rf_result_name(o->result));
    cli_json_kstr(j, "winner", o->result == RF_RESULT_WHITE_WINS   ? "white"
                               : o->result == RF_RESULT_BLACK_WINS ? "black"
                                                                   : NULL);
    cli_json_kstr(j, "reason", o->reason == RF_REASON_NONE ? NULL : o->code);
    cli_json_kstr(j, "text", o->reason == RF_REASON_NONE ? NULL : o->text);
}

void cli_status_json(cli_json *j, const rf_game *game)
{
    const rf_position *pos = &game->pos;
    rf_outcome o = rf_game_outcome(game);
    rf_movelist list;
    unsigned moves = rf_generate_moves(&list, pos);
    unsigned reps = rf_game_repetitions(game);
    cli_json_kbool(j, "check", rf_position_is_check(pos));
    cli_json_kbool(j, "checkmate", rf_position_is_checkmate(pos));
    cli_json_kbool(j, "stalemate", rf_position_is_stalemate(pos));
    cli_json_kbool(j, "insufficient_material", rf_position_is_insufficient_material(pos));
    cli_json_key(j, "insufficient");
    cli_json_object(j);
    cli_json_kbool(j, "white", rf_position_has_insufficient_material(pos, RF_WHITE));
    cli_json_kbool(j, "black", rf_position_has_insufficient_material(pos, RF_BLACK));
    cli_json_end(j);
    cli_json_key(j, "checkers");
    cli_json_squares(j, rf_checkers(pos));
    cli_json_kint(j, "legal_moves", moves);
    cli_json_kbool(j, "fifty_moves", rf_position_is_fifty_moves(pos));
    cli_json_kbool(j, "seventy_five_moves", rf_position_is_seventy_five_moves(pos));
    cli_json_kint(j, "repetitions", reps);
    cli_json_kbool(j, "threefold_repetition", reps >= 3);
    cli_json_kbool(j, "fivefold_repetition", reps >= 5);
    cli_json_kbool(j, "variant_end", rf_position_is_variant_end(pos));
    cli_json_key(j, "outcome");
    cli_json_object(j);
    cli_outcome_json(j, &o);
    cli_json_key(j, "claims");
    cli_json_array(j);
    if (o.claims & RF_CLAIM_FIFTY_MOVES) cli_json_text(j, "fifty_moves");
    if (o.claims & RF_CLAIM_THREEFOLD_REPETITION) cli_json_text(j, "threefold_repetition");
    cli_json_end(j);
    cli_json_end(j);
}

static int answer(void *ctx, const char *text, size_t len, const cli_where *where)
{
    const cli_common *o = ctx;
    rf_position pos;
    rf_setup setup;
    int st = cli_position_read(o, where, text, len, &pos, &setup);
    if (st) return st;
    static rf_game game;
    rf_game_start(&game, &pos);
    if (!o->json) {
        cli_status_text(stdout, &game);
        return CLI_OK;
    }
    char fen[RF_FEN_MAX];
    rf_position_to_fen(fen, sizeof fen, &pos, 0);
    cli_json j;
    cli_json_answer(&j);
    cli_json_kstr(&j, "fen", fen);
    cli_json_kstr(&j, "variant", rf_variant_name((rf_variant)pos.variant));
    cli_status_json(&j, &game);
    cli_epd_write(NULL, &j, text, &setup);
    cli_json_end(&j);
    return CLI_OK;
}

int cli_cmd_status(int argc, char **argv)
{
    cli_common o;
    cli_args a;
    cli_args_start(&a, &o, &cli_command_status, argc, argv);
    int id = cli_args_next(&a);
    if (id == CLI_ARGS_STOP) return a.status;
    return cli_batch(&o, argc - a.rest, argv + a.rest, answer, &o);
}
