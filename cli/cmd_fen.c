/*
 * cmd_fen.c - `rankfile fen`: validate and normalise positions, EPD operations kept.
 */
#include "cli.h"

#include <string.h>

enum { OPT_SHREDDER = 1, OPT_EP };

static const cli_option options[] = {
    {OPT_SHREDDER, "shredder", 0, NULL,
     "write castling rights as rook files (HAha) instead of X-FEN (KQkq)"},
    {OPT_EP, "ep", 0, "WHEN",
     "legal: write the en passant square only when a legal capture\n"
     "exists (the default); always: whenever the position has one"},
    {0, NULL, 0, NULL, NULL},
};

static const char *const intro[] = {
    "usage: rankfile fen [FEN ...] [--shredder] [--ep legal|always] [--strict] [--accept RULES]\n"
    "                    [--chess960] [--variant NAME] [--json]\n"
    "\n"
    "Reads each position (6-field FEN, 4-field EPD, or the board field alone: missing fields\n"
    "default to 'w - - 0 1'), checks it and prints it normalised, one line per position, with\n"
    "its EPD operations ('bm e4; id \"start\";') written back after it.\n"
    "With no FEN arguments it reads one position per line from standard input.\n"
    "Castling may be written KQkq, as X-FEN (a file letter for an inner rook) or as\n"
    "Shredder-FEN (HAha), in any order; Chess960 castling mode is detected from the letters and\n"
    "the king and rook files, or forced with --chess960.\n",
    NULL,
};

static const char *const outro[] = {
    "JSON: one object per position: {\"input\",\"fen\",\"chess960\",\"variant\",\"invalid\" (rules\n"
    "broken but accepted),\"epd\":[{\"opcode\",\"operands\"}]}, or {\"input\",\"error\",\"field\",\n"
    "\"offset\",\"invalid\"} for a position that cannot be read.\n"
    "\n"
    "A position that cannot be read, or breaks a rule of chess, is an error: one line on\n"
    "stderr naming the field and byte offset, exit status 65. From standard input (or with\n"
    "several arguments) it is answered 'error MESSAGE' in its place, the rest are still\n"
    "answered, and the exit status is 65.\n"
    "\n"
    "examples:\n"
    "  rankfile fen 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1'\n"
    "    rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n"
    "  rankfile fen --shredder 'bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq -'\n"
    "    bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 0 1\n"
    "  rankfile fen 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e4; id \"start\";'\n"
    "    rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 bm e4; id \"start\";\n",
    NULL,
};

typedef struct fen_run {
    cli_common common;
    unsigned write_flags;
} fen_run;

static int answer(void *run, const char *text, size_t len, const rf_position *pos,
                  const rf_setup *setup)
{
    const fen_run *o = run;
    char fen[RF_FEN_MAX];
    rf_position_to_fen(fen, sizeof fen, pos, o->write_flags);
    if (!o->common.json) {
        FILE *out = o->common.io->out;
        fputs(fen, out);
        cli_epd_write(out, NULL, text, setup);
        putc('\n', out);
        return CLI_OK;
    }
    cli_json j;
    cli_json_answer(&j, &o->common);
    cli_json_key(&j, "input");
    cli_json_string(&j, text, len);
    cli_json_kstr(&j, "fen", fen);
    cli_json_kbool(&j, "chess960", pos->chess960);
    cli_json_kstr(&j, "variant", rf_variant_name((rf_variant)pos->variant));
    cli_json_validity(&j, rf_position_validity(pos));
    cli_epd_write(NULL, &j, text, setup);
    cli_json_end(&j);
    return CLI_OK;
}

static int option(void *run, int id, const char *value)
{
    fen_run *o = run;
    if (id == OPT_SHREDDER) {
        o->write_flags |= RF_FEN_SHREDDER;
    } else if (strcmp(value, "always") == 0) {
        o->write_flags |= RF_FEN_EP_ALWAYS;
    } else if (strcmp(value, "legal") == 0) {
        o->write_flags &= ~RF_FEN_EP_ALWAYS;
    } else {
        char shown[64];
        return cli_usage(&o->common, "--ep takes 'legal' or 'always', not '%s'",
                         cli_shown(value, strlen(value), shown));
    }
    return 0;
}

static const cli_batch_spec batch = {sizeof(fen_run), option, 0, NULL, NULL, answer, NULL};

const cli_command cli_command_fen = {
    "fen", "validate and normalise FEN positions (EPD operations kept)", intro, options,
    CLI_COMMON_POSITION | CLI_COMMON_JSON, outro, NULL, &batch};
