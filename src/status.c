/*
 * status.c - how a game stands: check, checkmate, stalemate, insufficient material, the fifty-
 * and seventy-five-move rules, repetitions over a game, and the end of the game by a rule of
 * the variant.
 *
 * The rules are the FIDE Laws of Chess as python-chess and chessops (lichess) implement them;
 * the header's "Notation and status" section states each one. Everything is decided through the
 * position's variant: the legal moves, the checks, insufficient material and the variant's own
 * end all come from the variant's module.
 */
#include "variant.h"

const char *rf_result_name(rf_result result)
{
    switch (result) {
    case RF_RESULT_ONGOING: return "*";
    case RF_RESULT_WHITE_WINS: return "1-0";
    case RF_RESULT_BLACK_WINS: return "0-1";
    case RF_RESULT_DRAW: return "1/2-1/2";
    }
    return "*";
}

const char *rf_reason_name(rf_reason reason)
{
    switch (reason) {
    case RF_REASON_NONE: return "none";
    case RF_REASON_CHECKMATE: return "checkmate";
    case RF_REASON_STALEMATE: return "stalemate";
    case RF_REASON_INSUFFICIENT_MATERIAL: return "insufficient_material";
    case RF_REASON_SEVENTY_FIVE_MOVES: return "seventy_five_moves";
    case RF_REASON_FIVEFOLD_REPETITION: return "fivefold_repetition";
    case RF_REASON_VARIANT_END: return "variant_end";
    }
    return "none";
}

static rf_result variant_result(const rf_position *pos)
{
    return rf__variant_of(pos)->variant_end(pos);
}

int rf_position_is_insufficient_material(const rf_position *pos)
{
    rf_init();
    const rf__variant *row = rf__variant_of(pos);
    return row->insufficient_material(pos, RF_WHITE) && row->insufficient_material(pos, RF_BLACK);
}

int rf_position_has_insufficient_material(const rf_position *pos, rf_color color)
{
    rf_init();
    return rf__variant_of(pos)->insufficient_material(pos, color == RF_BLACK ? RF_BLACK : RF_WHITE);
}

int rf_position_is_variant_end(const rf_position *pos)
{
    rf_init();
    return variant_result(pos) != RF_RESULT_ONGOING;
}

int rf_position_is_check(const rf_position *pos) { return rf_checkers(pos) != 0; }

static int has_legal_move(const rf_position *pos)
{
    rf_movelist list;
    return rf_generate_moves(&list, pos) != 0;
}

int rf_position_is_checkmate(const rf_position *pos)
{
    return !rf_position_is_variant_end(pos) && rf_position_is_check(pos) && !has_legal_move(pos);
}

int rf_position_is_stalemate(const rf_position *pos)
{
    return !rf_position_is_variant_end(pos) && !rf_position_is_check(pos) &&
           !has_legal_move(pos);
}

rf_result rf_position_stalemate_result(const rf_position *pos)
{
    rf_init();
    const rf__variant *row = rf__variant_of(pos);
    return row->stalemate_result ? row->stalemate_result(pos) : RF_RESULT_DRAW;
}

int rf_position_is_fifty_moves(const rf_position *pos)
{
    return pos->halfmove >= 100 && has_legal_move(pos);
}

int rf_position_is_seventy_five_moves(const rf_position *pos)
{
    return pos->halfmove >= 150 && has_legal_move(pos);
}

/* The reasons in words (rf_outcome.text); a variant's own rule has the variant's words. */
static const char *const reason_words[] = {
    [RF_REASON_NONE] = "ongoing",
    [RF_REASON_CHECKMATE] = "checkmate",
    [RF_REASON_STALEMATE] = "stalemate",
    [RF_REASON_INSUFFICIENT_MATERIAL] = "insufficient material",
    [RF_REASON_SEVENTY_FIVE_MOVES] = "seventy-five moves",
    [RF_REASON_FIVEFOLD_REPETITION] = "fivefold repetition",
    [RF_REASON_VARIANT_END] = "variant end",
};

static rf_outcome ended(rf_result result, rf_reason reason)
{
    rf_outcome o = {result, reason, 0, rf_reason_name(reason), reason_words[reason]};
    return o;
}

/* The end by the variant's own rule, named by the variant where it names it. */
static rf_outcome variant_ended(const rf_position *pos, rf_result result)
{
    rf_outcome o = ended(result, RF_REASON_VARIANT_END);
    const rf__variant *row = rf__variant_of(pos);
    if (row->end_reason) {
        rf__end_reason why = row->end_reason(pos);
        o.code = why.code;
        o.text = why.text;
    } else if (row->end_codes && row->end_text[result]) {
        o.code = row->end_codes[0];
        o.text = row->end_text[result];
    }
    return o;
}

rf_outcome rf_position_outcome(const rf_position *pos)
{
    rf_init();
    rf_result variant = variant_result(pos);
    if (variant != RF_RESULT_ONGOING) return variant_ended(pos, variant);
    int moves = has_legal_move(pos);
    /* A checkmate ends the game even on the move that reaches the seventy-five-move limit or a
     * dead position (articles 5.1.1 and 9.6.2). */
    if (!moves && rf_position_is_check(pos))
        return ended(pos->side == RF_WHITE ? RF_RESULT_BLACK_WINS : RF_RESULT_WHITE_WINS,
                     RF_REASON_CHECKMATE);
    if (!moves) {
        const rf__variant *row = rf__variant_of(pos);
        if (!row->stalemate_result) return ended(RF_RESULT_DRAW, RF_REASON_STALEMATE);
        /* A variant where a stalemate is no draw (Antichess) names it in its own words. */
        rf_outcome o = ended(row->stalemate_result(pos), RF_REASON_STALEMATE);
        if (row->end_reason) {
            rf__end_reason why = row->end_reason(pos);
            o.code = why.code;
            o.text = why.text;
        }
        return o;
    }
    if (rf_position_is_insufficient_material(pos))
        return ended(RF_RESULT_DRAW, RF_REASON_INSUFFICIENT_MATERIAL);
    if (pos->halfmove >= 150) return ended(RF_RESULT_DRAW, RF_REASON_SEVENTY_FIVE_MOVES);
    rf_outcome o = ended(RF_RESULT_ONGOING, RF_REASON_NONE);
    if (pos->halfmove >= 100) o.claims |= RF_CLAIM_FIFTY_MOVES;
    return o;
}

void rf_game_start(rf_game *game, const rf_position *start)
{
    game->pos = *start;
    game->plies = 0;
    game->count = 1;
    game->current = 0;
    game->keys[0] = start->key;
    game->seen[0] = 1;
}

void rf_game_play(rf_game *game, rf_move move)
{
    rf_position_play(&game->pos, move);
    game->plies++;
    /* A capture or a pawn move (the halfmove clock back at 0) can never be undone: no position
     * before it can occur again. */
    if (game->pos.halfmove == 0) game->count = 0;
    uint64_t key = game->pos.key;
    for (unsigned i = 0; i < game->count; i++) {
        if (game->keys[i] == key) {
            game->seen[i]++;
            game->current = i;
            return;
        }
    }
    if (game->count == RF_GAME_HISTORY) {
        /* More distinct positions than the history holds: the oldest is forgotten. */
        memmove(game->keys, game->keys + 1, (RF_GAME_HISTORY - 1) * sizeof *game->keys);
        memmove(game->seen, game->seen + 1, (RF_GAME_HISTORY - 1) * sizeof *game->seen);
        game->count--;
    }
    game->keys[game->count] = key;
    game->seen[game->count] = 1;
    game->current = game->count++;
}

unsigned rf_game_repetitions(const rf_game *game)
{
    if (game->current < game->count && game->keys[game->current] == game->pos.key)
        return game->seen[game->current];
    return 1;
}

rf_outcome rf_game_outcome(const rf_game *game)
{
    rf_outcome o = rf_position_outcome(&game->pos);
    if (o.result != RF_RESULT_ONGOING) return o;
    unsigned reps = rf_game_repetitions(game);
    if (reps >= 5) return ended(RF_RESULT_DRAW, RF_REASON_FIVEFOLD_REPETITION);
    if (reps >= 3) o.claims |= RF_CLAIM_THREEFOLD_REPETITION;
    return o;
}
