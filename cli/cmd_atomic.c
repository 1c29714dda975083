/*
 * cmd_atomic.c - `rankfile atomic`: play one move on a board by Atomic rules and print the
 * board after the explosion.
 */
#include "cli.h"

#include <stddef.h>

#include <string.h>

enum { OPT_EXPLAIN = 1 };

static const cli_option options[] = {
    {OPT_EXPLAIN, "explain", 0, NULL,
     "after the board, a line naming the explosion's centre and the pieces lost"},
    {0, NULL, 0, NULL, NULL},
};

static const char *const intro[] = {
    "usage: rankfile atomic BOARD MOVE [--explain] [--json]\n"
    "       rankfile atomic [--explain] [--json] < lines of 'BOARD MOVE'\n"
    "\n"
    "Plays MOVE on BOARD (a FEN board field, or a whole FEN) by the rules of Atomic chess and\n"
    "prints the board field afterwards. The side to move is the colour of the moving piece.\n"
    "MOVE is two squares, plus q, r, b or n for a promotion (f2g3, e7f8q). A pawn moving\n"
    "diagonally to an empty square captures en passant. A capture explodes: the captured\n"
    "piece, the capturing piece and every piece that is not a pawn on the eight squares around\n"
    "the capture square leave the board (for en passant, around the square the pawn lands on).\n"
    "Only the movement of the piece is checked, not the safety of its king; there is no\n"
    "castling here (`rankfile play` in the atomic variant plays complete Atomic games).\n"
    "\n"
    "With no arguments, each line of standard input holds a board and a move (a comma between\n"
    "them is allowed) and is answered by one line; a bad line is answered 'error MESSAGE'.\n",
    NULL,
};

static const char *const outro[] = {
    "JSON: {\"board\",\"move\",\"capture\",\"center\",\"blast\":[squares],\n"
    "\"lost\":[{\"square\",\"piece\"}]} (the explosion always: --explain adds nothing to it),\n"
    "or {\"input\",\"error\"}.\n"
    "\n"
    "examples:\n"
    "  rankfile atomic rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR g1f3\n"
    "    rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R\n"
    "  rankfile atomic --explain 3kBb1r/pp5p/3p4/4pn2/P7/1P2P1pP/2rP1P2/R1B3RK f2g3\n"
    "    3kBb1r/pp5p/3p4/4pn2/P7/1P2P2P/2rP4/R1B3RK\n"
    "    explosion at g3: white pawn f2, black pawn g3\n",
    NULL,
};

static const char *piece_name(rf_piece pc)
{
    static const char *const names[] = {"?", "pawn", "knight", "bishop", "rook", "queen", "king"};
    return names[RF_PIECE_TYPE(pc) <= RF_KING ? RF_PIECE_TYPE(pc) : 0];
}

typedef struct atomic_run {
    cli_common common;
    int explain;
} atomic_run;

/* Answers one board and move; `input` is the whole text, for error answers. */
static int answer_move(const atomic_run *o, const cli_where *where, const char *input,
                       size_t input_len, const char *board, size_t board_len, const char *move,
                       size_t move_len)
{
    rf_position pos;
    rf_error err;
    rf_explosion ex;
    rf_status st = rf_position_parse(&pos, board, board_len, RF_VARIANT_ATOMIC, 0,
                                     RF_INVALID_ALL, &err);
    if (st == RF_OK) st = rf_atomic_board_move(&pos, &ex, move, move_len, &err);
    if (st != RF_OK) return cli_fail(&o->common, where, input, input_len, &err, "%s", err.message);
    char board_fen[RF_FEN_MAX], sq[3];
    rf_position_to_fen(board_fen, sizeof board_fen, &pos, RF_FEN_BOARD_ONLY);
    if (o->common.json) {
        cli_json j;
        cli_json_answer(&j, &o->common);
        cli_json_kstr(&j, "board", board_fen);
        cli_json_key(&j, "move");
        cli_json_string(&j, move, move_len);
        cli_json_kbool(&j, "capture", ex.center != RF_NO_SQUARE);
        if (ex.center != RF_NO_SQUARE) {
            rf_square_name(sq, ex.center);
            cli_json_kstr(&j, "center", sq);
            cli_json_key(&j, "blast");
            cli_json_squares(&j, ex.blast);
            cli_json_key(&j, "lost");
            cli_json_array(&j);
            for (unsigned i = 0; i < ex.lost_count; i++) {
                char piece[2] = {rf_piece_to_char(ex.lost_piece[i]), '\0'};
                rf_square_name(sq, ex.lost_square[i]);
                cli_json_object(&j);
                cli_json_kstr(&j, "square", sq);
                cli_json_kstr(&j, "piece", piece);
                cli_json_end(&j);
            }
            cli_json_end(&j);
        }
        cli_json_end(&j);
        return CLI_OK;
    }
    fprintf(o->common.io->out, "%s\n", board_fen);
    if (!o->explain) return CLI_OK;
    if (ex.center == RF_NO_SQUARE) {
        fputs("no capture, no explosion\n", o->common.io->out);
        return CLI_OK;
    }
    rf_square_name(sq, ex.center);
    fprintf(o->common.io->out, "explosion at %s:", sq);
    for (unsigned i = 0; i < ex.lost_count; i++) {
        rf_square_name(sq, ex.lost_square[i]);
        fprintf(o->common.io->out, "%s %s %s %s", i ? "," : "",
               RF_PIECE_COLOR(ex.lost_piece[i]) == RF_WHITE ? "white" : "black",
               piece_name(ex.lost_piece[i]), sq);
    }
    putc('\n', o->common.io->out);
    return CLI_OK;
}

/* A line of standard input: the move is the last word; a comma may stand before it. */
static int answer_line(void *ctx, const char *line, size_t len, const cli_where *where)
{
    const atomic_run *o = ctx;
    size_t end = len;
    while (end && (line[end - 1] == ' ' || line[end - 1] == '\t')) end--;
    size_t start = end;
    while (start && line[start - 1] != ' ' && line[start - 1] != '\t' && line[start - 1] != ',')
        start--;
    size_t board_end = start;
    while (board_end && (line[board_end - 1] == ' ' || line[board_end - 1] == '\t' ||
                         line[board_end - 1] == ','))
        board_end--;
    if (start == end || board_end == 0)
        return cli_fail(&o->common, where, line, len, NULL, "expected a board and a move");
    return answer_move(o, where, line, len, line, board_end, line + start, end - start);
}

/* BOARD MOVE as two arguments is answered here; lines of standard input by the batch. */
static int ready(void *run, int *n_, char ***args_)
{
    atomic_run *o = run;
    int n = *n_;
    char **args = *args_;
    if (o->common.json && o->explain)
        cli_warn(&o->common, "--json always describes the explosion; --explain changes "
                             "nothing");
    if (n == 2) {
        const char *board = args[0], *move = args[1];
        cli_where none = {NULL, NULL, 0, 0};
        int st = answer_move(o, &none, board, strlen(board), board, strlen(board), move,
                             strlen(move));
        return cli_finish(&o->common, st);
    }
    if (n != 0) return cli_usage(&o->common, "expected BOARD MOVE, or lines on standard input");
    return -1;
}

static const cli_batch_spec batch = {sizeof(atomic_run), NULL, offsetof(atomic_run, explain),
                                      ready, answer_line, NULL, NULL};

const cli_command cli_command_atomic = {
    "atomic", "play one Atomic chess capture on a board and show what explodes", intro, options,
    CLI_COMMON_JSON, outro, NULL, &batch};
