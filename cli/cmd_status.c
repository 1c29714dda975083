/*
 * cmd_status.c - `rankfile status`: check, checkmate, stalemate, insufficient material and the
 * outcome of positions. Also the status line and JSON members that `play` prints.
 */
#include "cli.h"

#include <getopt.h>
#include <string.h>

static const char help[] =
    "usage: rankfile status [FEN ...] [--json] [--chess960] [--variant standard|atomic]\n"
    "\n"
    "Answers one line per position: how the game stands for the side to move.\n"
    "With no FEN arguments it reads one position per line from standard input.\n"
    "\n"
    "The line is one of\n"
    "  ongoing                      the game goes on\n"
    "  check                        the game goes on, the side to move is in check\n"
    "  REASON RESULT                the game is over: RESULT is 'white wins', 'black wins' or\n"
    "                               'draw'; REASON is checkmate, stalemate,\n"
    "                               insufficient_material, seventy_five_moves,\n"
    "                               fivefold_repetition or variant_end (Atomic: a king exploded)\n"
    "and a game that goes on may be followed by ' claim fifty_moves' (halfmove clock >= 100:\n"
    "either player may claim a draw), e.g. 'ongoing claim fifty_moves'.\n"
    "\n"
    "Insufficient material is the rule of python-chess and chessops (lichess): no pawn, rook or\n"
    "queen, and besides the kings only bishops all on squares of one colour, or one knight.\n"
    "A position alone has no history, so it is never a repetition; `rankfile play` counts them.\n"
    "\n"
    "options:\n"
    "  --json     one object per position:\n"
    "             {\"fen\", \"check\", \"checkmate\", \"stalemate\", \"insufficient_material\",\n"
    "              \"checkers\" (squares), \"legal_moves\" (count), \"fifty_moves\",\n"
    "              \"seventy_five_moves\", \"repetitions\", \"threefold_repetition\",\n"
    "              \"fivefold_repetition\", \"variant_end\" (Atomic positions only),\n"
    "              \"outcome\": {\"result\" (1-0, 0-1, 1/2-1/2 or *), \"winner\" (white, black or\n"
    "              null), \"reason\" (as above, or null), \"claims\" (fifty_moves,\n"
    "              threefold_repetition)}}\n"
    "\n"
    "A position that cannot be read is an error: one line on stderr, exit status 65; from\n"
    "standard input it is answered 'error MESSAGE' on stdout and the rest are still answered.\n"
    "\n"
    "examples:\n"
    "  rankfile status 'rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3'\n"
    "    checkmate black wins\n"
    "  rankfile status '7k/5Q2/6K1/8/8/8/8/8 b - - 0 1'\n"
    "    stalemate draw\n";

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
        fprintf(out, "%s %s\n", rf_reason_name(o.reason), result_words(o.result));
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

static const char *json_bool(int b) { return b ? "true" : "false"; }

void cli_status_json_members(FILE *out, const rf_game *game)
{
    const rf_position *pos = &game->pos;
    rf_outcome o = rf_game_outcome(game);
    rf_movelist list;
    unsigned moves = rf_generate_moves(pos, &list);
    unsigned reps = rf_game_repetitions(game);
    fprintf(out,
            "\"check\":%s,\"checkmate\":%s,\"stalemate\":%s,\"insufficient_material\":%s,"
            "\"checkers\":[",
            json_bool(rf_position_is_check(pos)), json_bool(rf_position_is_checkmate(pos)),
            json_bool(rf_position_is_stalemate(pos)),
            json_bool(rf_position_is_insufficient_material(pos)));
    rf_bitboard checkers = rf_checkers(pos);
    for (int sq = 0, first = 1; sq < 64; sq++) {
        if (!(checkers >> sq & 1)) continue;
        char name[3];
        rf_square_name((rf_square)sq, name);
        fprintf(out, "%s\"%s\"", first ? "" : ",", name);
        first = 0;
    }
    fprintf(out,
            "],\"legal_moves\":%u,\"fifty_moves\":%s,\"seventy_five_moves\":%s,"
            "\"repetitions\":%u,\"threefold_repetition\":%s,\"fivefold_repetition\":%s,",
            moves, json_bool(rf_position_is_fifty_moves(pos)),
            json_bool(rf_position_is_seventy_five_moves(pos)), reps, json_bool(reps >= 3),
            json_bool(reps >= 5));
    /* The key is reserved for the variants that end by their own rules. */
    if (pos->variant == RF_ATOMIC)
        fprintf(out, "\"variant_end\":%s,", json_bool(rf_position_is_variant_end(pos)));
    fprintf(out, "\"outcome\":{\"result\":\"%s\",\"winner\":", rf_result_name(o.result));
    if (o.result == RF_RESULT_WHITE_WINS || o.result == RF_RESULT_BLACK_WINS)
        fprintf(out, "\"%s\"", o.result == RF_RESULT_WHITE_WINS ? "white" : "black");
    else
        fputs("null", out);
    if (o.reason == RF_REASON_NONE)
        fputs(",\"reason\":null", out);
    else
        fprintf(out, ",\"reason\":\"%s\"", rf_reason_name(o.reason));
    fputs(",\"claims\":[", out);
    if (o.claims & RF_CLAIM_FIFTY_MOVES) fputs("\"fifty_moves\"", out);
    if (o.claims & RF_CLAIM_THREEFOLD_REPETITION)
        fprintf(out, "%s\"threefold_repetition\"", o.claims & RF_CLAIM_FIFTY_MOVES ? "," : "");
    fputs("]}", out);
}

/* Answers one position. `where` names it in stderr messages ("line 3"), or is NULL. `batch`
 * says whether an error also gets an answer line on stdout. Returns 0 or CLI_DATAERR. */
static int answer(const cli_common *o, const char *text, size_t len, const char *where,
                  int batch)
{
    rf_position pos;
    rf_error err;
    unsigned flags = (o->chess960 ? RF_PARSE_CHESS960 : 0) |
                     (o->variant == RF_ATOMIC ? RF_PARSE_ATOMIC : 0);
    if (rf_position_parse(&pos, text, len, flags, RF_ACCEPT_DEFAULT, &err) != RF_OK) {
        if (where)
            cli_error(o->command, "%s: %s", where, err.message);
        else
            cli_error(o->command, "%s", err.message);
        if (o->json) {
            fputs("{\"input\":", stdout);
            cli_json_string(stdout, text, len);
            fputs(",\"error\":", stdout);
            cli_json_string(stdout, err.message, strlen(err.message));
            puts("}");
        } else if (batch) {
            printf("error %s\n", err.message);
        }
        return CLI_DATAERR;
    }
    static rf_game game;
    rf_game_start(&game, &pos);
    if (o->json) {
        char fen[RF_FEN_MAX];
        rf_position_to_fen(&pos, fen, sizeof fen, 0);
        fputs("{\"fen\":", stdout);
        cli_json_string(stdout, fen, strlen(fen));
        putchar(',');
        cli_status_json_members(stdout, &game);
        puts("}");
    } else {
        cli_status_text(stdout, &game);
    }
    return 0;
}

int cli_cmd_status(int argc, char **argv)
{
    static const struct option longopts[] = {CLI_COMMON_LONG_OPTIONS, {NULL, 0, NULL, 0}};
    cli_common o = {"status", 0, 0, RF_STANDARD};
    int c;
    cli_getopt_reset();
    while ((c = getopt_long(argc, argv, ":", longopts, NULL)) != -1) {
        int r = cli_common_option(&o, c, help, argv);
        if (r >= 0) return r;
    }
    int status = CLI_OK;
    if (optind < argc) {
        int many = argc - optind > 1;
        for (int i = optind; i < argc; i++) {
            char where[32];
            snprintf(where, sizeof where, "argument %d", i - optind + 1);
            if (answer(&o, argv[i], strlen(argv[i]), many ? where : NULL, many))
                status = CLI_DATAERR;
        }
        return cli_finish(o.command, status);
    }
    static char line[CLI_MAX_LINE];
    size_t len;
    int too_long;
    unsigned long lineno = 0;
    while (cli_read_line(stdin, line, sizeof line, &len, &too_long)) {
        char where[40];
        snprintf(where, sizeof where, "line %lu", ++lineno);
        if (too_long) {
            cli_error(o.command, "%s: longer than %d bytes", where, CLI_MAX_LINE - 1);
            if (o.json)
                printf("{\"error\":\"line longer than %d bytes\",\"line\":%lu}\n",
                       CLI_MAX_LINE - 1, lineno);
            else
                printf("error line longer than %d bytes\n", CLI_MAX_LINE - 1);
            status = CLI_DATAERR;
            continue;
        }
        if (answer(&o, line, len, where, 1)) status = CLI_DATAERR;
    }
    return cli_finish(o.command, status);
}
