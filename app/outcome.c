/*
 * outcome.c - the status of a game's current position, as `status` answers it and `play`
 * prints it: the one-line text, the JSON members, and the members of an outcome object (which
 * `pgn` writes too).
 */
#include "app.h"

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

void cli_status_line(FILE *out, const rf_game *game)
{
    rf_outcome o = rf_game_outcome(game);
    if (o.result != RF_RESULT_ONGOING) {
        fprintf(out, "%s %s", o.code, result_words(o.result));
        return;
    }
    fputs(rf_position_is_check(&game->pos) ? "check" : "ongoing", out);
    if (o.claims) {
        fputs(" claim", out);
        if (o.claims & RF_CLAIM_FIFTY_MOVES) fputs(" fifty_moves", out);
        if (o.claims & RF_CLAIM_THREEFOLD_REPETITION) fputs(" threefold_repetition", out);
    }
}

void cli_status_text(FILE *out, const rf_game *game)
{
    cli_status_line(out, game);
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
