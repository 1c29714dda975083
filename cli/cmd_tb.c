/*
 * cmd_tb.c - `rankfile tb`: Syzygy endgame tablebase answers for positions (WDL, DTZ and the
 * best move, and with --moves every legal move's), through the library's rf_tb_* (Fathom).
 */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

static const char *const intro[] = {
    "usage: rankfile tb --path DIR [FEN ...] [--moves] [--json]\n"
    "\n"
    "Looks positions up in Syzygy endgame tablebases (the table files KQvKR.rtbw, KQvKR.rtbz,\n"
    "... in DIR) and answers each with one line:\n"
    "  CATEGORY wdl N dtz N best MOVE\n"
    "WDL is win/draw/loss for the side to move: 2 win, 1 cursed win (a win the 50-move rule\n"
    "makes a draw), 0 draw, -1 blessed loss, -2 loss. DTZ counts the plies to the next capture\n"
    "or pawn move with best play, signed as WDL is (beyond 100: the 50-move rule comes first).\n"
    "Both ignore the position's halfmove clock, as python-chess does. The best move (UCI) wins\n"
    "the quickest way to the next zeroing move, draws, or loses the slowest; 'none' when the\n"
    "side to move is mated or stalemated. With no FEN, one position per line is read from\n"
    "standard input. The tables answer standard chess without castling rights, with at most as\n"
    "many pieces as the largest table in DIR (3 to 7, kings included).\n",
    NULL,
};

static const cli_option options[] = {
    {1, "path", 0, "DIR", "the directory of the table files (several: DIR1:DIR2); default\n"
                          "$RANKFILE_SYZYGY_PATH"},
    {2, "moves", 0, NULL, "also every legal move, best first, one a line after the position's:\n"
                          "'  UCI SAN CATEGORY wdl N dtz N' (from the mover's point of view;\n"
                          "its DTZ counts the move itself)"},
    {0, NULL, 0, NULL, NULL},
};

static const char *const outro[] = {
    "JSON: one object per position: {\"fen\",\"wdl\",\"dtz\",\"category\",\"best\"}, with\n"
    "--moves also \"moves\":[{\"uci\",\"san\",\"wdl\",\"dtz\",\"category\"}].\n"
    "\n"
    "exit status: 0 all answered; 64 usage error (no --path and no RANKFILE_SYZYGY_PATH);\n"
    "65 a position the tables cannot answer (castling rights, too many pieces, a variant, a\n"
    "missing table file: answered 'error MESSAGE' in place) or a damaged table file (a truncated\n"
    "or foreign .rtbw/.rtbz refuses the whole directory); 66 DIR cannot be read or holds no\n"
    "tables; 69 this rankfile was built without tablebase support (Fathom: apt-get install\n"
    "libfathom-dev, then build again).\n"
    "\n"
    "The 50-move rule in a game: a win (or loss) stands when DTZ's size plus the halfmove\n"
    "clock is at most 100; a cursed win is a draw unless the opponent errs.\n"
    "\n"
    "Tables: https://tablebase.sesse.net/syzygy/ (3-4-5 pieces: about 1 GB).\n"
    "\n"
    "examples:\n"
    "  rankfile tb --path ~/syzygy '8/8/8/8/8/8/2k5/K1q5 w - - 0 1'\n"
    "    loss wdl -2 dtz -2 best a1a2\n"
    "  export RANKFILE_SYZYGY_PATH=~/syzygy\n"
    "  rankfile tb --moves '8/8/8/3k4/8/8/2KP4/8 b - - 0 1' | head -3\n"
    "    draw wdl 0 dtz 0 best d5c4\n"
    "      d5c4 Kc4 draw wdl 0 dtz 0\n"
    "      d5c6 Kc6 draw wdl 0 dtz 0\n"
    "  rankfile tb --json '8/8/1k6/8/8/8/8/KBN5 w - - 0 1'\n"
    "    {\"fen\":\"8/8/1k6/8/8/8/8/KBN5 w - - 0 1\",\"wdl\":2,\"dtz\":58,\"category\":\"win\",\"best\":\"a1b2\"}\n",
    NULL,
};

typedef struct tb_run {
    cli_common common;
    const char *path;
    int moves;
    rf_tb *tb;
} tb_run;

static const char *category(int wdl)
{
    switch (wdl) {
    case 2: return "win";
    case 1: return "cursed-win";
    case 0: return "draw";
    case -1: return "blessed-loss";
    default: return "loss";
    }
}

static int option(void *run, int id, const char *value)
{
    tb_run *o = run;
    if (id == 1) o->path = value;
    else o->moves = 1;
    return 0;
}

int cli_tb_open(const cli_common *c, const char *path, rf_tb **tb)
{
    *tb = NULL;
    if (!rf_tb_available()) {
        cli_error(c, "this rankfile was built without Syzygy tablebase support "
                     "(apt-get install libfathom-dev, then build again)");
        return CLI_UNAVAILABLE;
    }
    rf_error err;
    rf_status st = rf_tb_open(tb, path, &err);
    if (st == RF_OK) return -1;
    cli_error(c, "%s", err.message);
    return st == RF_ERR_CORRUPT ? CLI_DATAERR : st == RF_ERR_NOT_FOUND ? CLI_NOINPUT : CLI_SOFTWARE;
}

void cli_tb_text(FILE *out, const rf_position *pos, const rf_tb_root *root)
{
    char best[RF_UCI_MAX] = "none";
    if (root->best != RF_MOVE_NONE) rf_move_to_uci(best, sizeof best, pos, root->best);
    fprintf(out, "%s wdl %d dtz %d best %s", category(root->wdl), root->wdl, root->dtz, best);
}

void cli_tb_json(cli_json *j, const rf_position *pos, const rf_tb_root *root)
{
    char best[RF_UCI_MAX];
    if (root->best != RF_MOVE_NONE) rf_move_to_uci(best, sizeof best, pos, root->best);
    cli_json_kint(j, "wdl", root->wdl);
    cli_json_kint(j, "dtz", root->dtz);
    cli_json_kstr(j, "category", category(root->wdl));
    cli_json_kstr(j, "best", root->best != RF_MOVE_NONE ? best : NULL);
}

static int ready(void *run, int *n, char ***args)
{
    tb_run *o = run;
    (void)n, (void)args;
    if (!rf_tb_available()) return cli_tb_open(&o->common, o->path, &o->tb);
    if (!o->path) o->path = getenv("RANKFILE_SYZYGY_PATH");
    if (!o->path || !*o->path)
        return cli_usage(&o->common, "no tables given: --path DIR, or RANKFILE_SYZYGY_PATH=DIR");
    return cli_tb_open(&o->common, o->path, &o->tb);
}

static int answer(void *run, const char *text, size_t len, const cli_where *where)
{
    tb_run *o = run;
    rf_position pos;
    int st = cli_position_read(&o->common, where, text, len, &pos, NULL);
    if (st) return st;
    rf_tb_root root;
    rf_error err;
    if (rf_tb_probe_root(&root, o->tb, &pos, &err) != RF_OK)
        return cli_fail(&o->common, where, text, len, NULL, "%s", err.message);
    FILE *out = o->common.io->out;
    if (o->common.json) {
        cli_json j;
        cli_json_answer_fen(&j, &o->common, &pos);
        cli_tb_json(&j, &pos, &root);
        if (o->moves) {
            cli_json_key(&j, "moves");
            cli_json_array(&j);
            for (unsigned i = 0; i < root.count; i++) {
                char uci[RF_UCI_MAX], san[RF_SAN_MAX];
                rf_move_to_uci(uci, sizeof uci, &pos, root.moves[i].move);
                rf_move_to_san(san, sizeof san, &pos, root.moves[i].move);
                cli_json_object(&j);
                cli_json_kstr(&j, "uci", uci);
                cli_json_kstr(&j, "san", san);
                cli_json_kint(&j, "wdl", root.moves[i].wdl);
                cli_json_kint(&j, "dtz", root.moves[i].dtz);
                cli_json_kstr(&j, "category", category(root.moves[i].wdl));
                cli_json_end(&j);
            }
            cli_json_end(&j);
        }
        cli_json_end(&j);
        return CLI_OK;
    }
    cli_tb_text(out, &pos, &root);
    putc('\n', out);
    for (unsigned i = 0; o->moves && i < root.count; i++) {
        char uci[RF_UCI_MAX], san[RF_SAN_MAX];
        rf_move_to_uci(uci, sizeof uci, &pos, root.moves[i].move);
        rf_move_to_san(san, sizeof san, &pos, root.moves[i].move);
        fprintf(out, "  %s %s %s wdl %d dtz %d\n", uci, san, category(root.moves[i].wdl),
                root.moves[i].wdl, root.moves[i].dtz);
    }
    return CLI_OK;
}

static void finish(void *run)
{
    tb_run *o = run;
    rf_tb_close(o->tb);
}

static const cli_batch_spec batch = {sizeof(tb_run), option, 0, ready, answer, NULL, finish};

const cli_command cli_command_tb = {
    "tb", "Syzygy endgame tablebases: WDL, DTZ and the best move", intro, options,
    CLI_COMMON_POSITION | CLI_COMMON_JSON, outro, NULL, &batch};
