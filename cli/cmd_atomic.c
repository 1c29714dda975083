/*
 * cmd_atomic.c - `rankfile atomic`: play one move on a board by Atomic rules and print the
 * board after the explosion (the job of seed 001).
 */
#include "cli.h"

#include <getopt.h>
#include <string.h>

static const char help[] =
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
    "castling here (`rankfile play --variant atomic` plays complete Atomic games).\n"
    "\n"
    "With no arguments, each line of standard input holds a board and a move (a comma between\n"
    "them is allowed) and is answered by one line; a bad line is answered 'error MESSAGE'.\n"
    "\n"
    "options:\n"
    "  --explain   after the board, a line naming the explosion's centre and the pieces lost\n"
    "  --json      {\"board\",\"move\",\"capture\",\"center\",\"blast\":[squares],\n"
    "              \"lost\":[{\"square\",\"piece\"}]} or {\"input\",\"error\"}\n"
    "\n"
    "examples:\n"
    "  rankfile atomic rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR g1f3\n"
    "    rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R\n"
    "  rankfile atomic --explain 3kBb1r/pp5p/3p4/4pn2/P7/1P2P1pP/2rP1P2/R1B3RK f2g3\n"
    "    3kBb1r/pp5p/3p4/4pn2/P7/1P2P2P/2rP4/R1B3RK\n"
    "    explosion at g3: white pawn f2, black pawn g3\n";

static const char *piece_name(rf_piece pc)
{
    static const char *const names[] = {"?", "pawn", "knight", "bishop", "rook", "queen", "king"};
    return names[RF_PIECE_TYPE(pc) <= RF_KING ? RF_PIECE_TYPE(pc) : 0];
}

typedef struct atomic_options {
    cli_common common;
    int explain;
} atomic_options;

/* Answers one board and move. `where` names the input in stderr messages, or is NULL; `batch`
 * says whether an error also gets an answer line on stdout. Returns 0 or CLI_DATAERR. */
static int answer(const atomic_options *o, const char *board, size_t board_len, const char *move,
                  size_t move_len, const char *where, int batch)
{
    rf_position pos;
    rf_error err;
    rf_explosion ex;
    rf_status st = rf_position_parse(&pos, board, board_len, RF_PARSE_ATOMIC, RF_INVALID_ALL, &err);
    if (st == RF_OK) st = rf_atomic_board_move(&pos, move, move_len, &ex, &err);
    if (st != RF_OK) {
        if (where)
            cli_error(o->common.command, "%s: %s", where, err.message);
        else
            cli_error(o->common.command, "%s", err.message);
        if (o->common.json) {
            fputs("{\"board\":", stdout);
            cli_json_string(stdout, board, board_len);
            fputs(",\"move\":", stdout);
            cli_json_string(stdout, move, move_len);
            fputs(",\"error\":", stdout);
            cli_json_string(stdout, err.message, strlen(err.message));
            puts("}");
        } else if (batch) {
            printf("error %s\n", err.message);
        }
        return CLI_DATAERR;
    }
    char out[RF_FEN_MAX], sq[3];
    rf_position_to_fen(&pos, out, sizeof out, RF_FEN_BOARD_ONLY);
    if (o->common.json) {
        fputs("{\"board\":", stdout);
        cli_json_string(stdout, out, strlen(out));
        fputs(",\"move\":", stdout);
        cli_json_string(stdout, move, move_len);
        printf(",\"capture\":%s", ex.center == RF_NO_SQUARE ? "false" : "true");
        if (ex.center != RF_NO_SQUARE) {
            rf_square_name(ex.center, sq);
            printf(",\"center\":\"%s\",\"blast\":[", sq);
            int first = 1;
            for (rf_square s = 0; s < 64; s++) {
                if (!(ex.blast >> s & 1)) continue;
                rf_square_name(s, sq);
                printf("%s\"%s\"", first ? "" : ",", sq);
                first = 0;
            }
            fputs("],\"lost\":[", stdout);
            for (unsigned i = 0; i < ex.lost_count; i++) {
                rf_square_name(ex.lost_square[i], sq);
                printf("%s{\"square\":\"%s\",\"piece\":\"%c\"}", i ? "," : "", sq,
                       rf_piece_to_char(ex.lost_piece[i]));
            }
            putchar(']');
        }
        puts("}");
        return 0;
    }
    puts(out);
    if (o->explain) {
        if (ex.center == RF_NO_SQUARE) {
            puts("no capture, no explosion");
        } else {
            rf_square_name(ex.center, sq);
            printf("explosion at %s:", sq);
            for (unsigned i = 0; i < ex.lost_count; i++) {
                rf_square_name(ex.lost_square[i], sq);
                printf("%s %s %s %s", i ? "," : "",
                       RF_PIECE_COLOR(ex.lost_piece[i]) == RF_WHITE ? "white" : "black",
                       piece_name(ex.lost_piece[i]), sq);
            }
            putchar('\n');
        }
    }
    return 0;
}

int cli_cmd_atomic(int argc, char **argv)
{
    enum { OPT_EXPLAIN = CLI_OPT_FIRST_FREE };
    static const struct option longopts[] = {
        CLI_COMMON_LONG_OPTIONS,
        {"explain", no_argument, NULL, OPT_EXPLAIN},
        {NULL, 0, NULL, 0},
    };
    atomic_options o;
    memset(&o, 0, sizeof o);
    o.common.command = "atomic";
    int c;
    cli_getopt_reset();
    while ((c = getopt_long(argc, argv, ":", longopts, NULL)) != -1) {
        if (c == OPT_EXPLAIN) {
            o.explain = 1;
            continue;
        }
        int r = cli_common_option(&o.common, c, help, argv);
        if (r >= 0) return r;
    }
    int rest = argc - optind;
    if (rest == 2) {
        int st = answer(&o, argv[optind], strlen(argv[optind]), argv[optind + 1],
                        strlen(argv[optind + 1]), NULL, 0);
        return cli_finish(o.common.command, st);
    }
    if (rest != 0) return cli_usage(o.common.command, "expected BOARD MOVE, or lines on standard input");
    static char line[CLI_MAX_LINE];
    size_t len;
    int too_long, status = CLI_OK;
    unsigned long lineno = 0;
    while (cli_read_line(stdin, line, sizeof line, &len, &too_long)) {
        char where[40];
        snprintf(where, sizeof where, "line %lu", ++lineno);
        if (too_long) {
            cli_error(o.common.command, "%s: longer than %d bytes", where, CLI_MAX_LINE - 1);
            if (o.common.json)
                printf("{\"error\":\"line longer than %d bytes\",\"line\":%lu}\n",
                       CLI_MAX_LINE - 1, lineno);
            else
                printf("error line longer than %d bytes\n", CLI_MAX_LINE - 1);
            status = CLI_DATAERR;
            continue;
        }
        /* The move is the last word; a comma may stand before it. */
        size_t end = len;
        while (end && (line[end - 1] == ' ' || line[end - 1] == '\t')) end--;
        size_t start = end;
        while (start && line[start - 1] != ' ' && line[start - 1] != '\t' && line[start - 1] != ',') start--;
        size_t board_end = start;
        while (board_end && (line[board_end - 1] == ' ' || line[board_end - 1] == '\t' || line[board_end - 1] == ',')) board_end--;
        if (start == end || board_end == 0) {
            cli_error(o.common.command, "%s: expected a board and a move", where);
            printf(o.common.json ? "{\"error\":\"expected a board and a move\",\"line\":%lu}\n"
                                 : "error expected a board and a move\n", lineno);
            status = CLI_DATAERR;
            continue;
        }
        if (answer(&o, line, board_end, line + start, end - start, where, 1)) status = CLI_DATAERR;
    }
    return cli_finish(o.common.command, status);
}
