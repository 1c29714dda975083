/*
 * cmd_fen.c - `rankfile fen`: validate and normalise positions.
 */
#include "cli.h"

#include <getopt.h>
#include <string.h>

static const char help[] =
    "usage: rankfile fen [FEN ...] [--shredder] [--ep legal|always] [--strict|--accept FLAGS]\n"
    "                    [--chess960] [--variant standard|atomic] [--json]\n"
    "\n"
    "Reads each position (6-field FEN, 4-field EPD, or the board field alone: missing fields\n"
    "default to 'w - - 0 1'), checks it and prints it normalised, one line per position.\n"
    "With no FEN arguments it reads one position per line from standard input.\n"
    "Castling may be written KQkq, as X-FEN (a file letter for an inner rook) or as\n"
    "Shredder-FEN (HAha), in any order; Chess960 castling mode is detected from the letters and\n"
    "the king and rook files, or forced with --chess960.\n"
    "\n"
    "options:\n"
    "  --shredder        write castling rights as rook files (HAha) instead of X-FEN (KQkq)\n"
    "  --ep legal        write the en passant square only when a legal capture exists (default)\n"
    "  --ep always       write the en passant square whenever the position has one\n"
    "  --strict          also reject impossible checks (checks no legal last move gives,\n"
    "                    found in some perft suites; accepted by default)\n"
    "  --accept FLAGS    accept positions that break these rules, comma-separated:\n"
    "                    castling (drop bad rights), ep (drop a bad square), check, material,\n"
    "                    backrank, kings, all\n"
    "  --json            one object per position: {\"input\",\"fen\",\"chess960\",\"variant\",\n"
    "                    \"invalid\"} (rules broken but accepted) or {\"input\",\"error\",\"field\",\n"
    "                    \"offset\",\"invalid\"}\n"
    "\n"
    "A position that cannot be read, or breaks a rule of chess, is an error: one line on\n"
    "stderr naming the field and byte offset, exit status 65. From standard input, such a line\n"
    "is answered 'error MESSAGE' on stdout (so answers stay in step with questions), the rest\n"
    "are still answered, and the exit status is 65.\n"
    "\n"
    "examples:\n"
    "  rankfile fen 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1'\n"
    "    rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n"
    "  rankfile fen --shredder 'bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq -'\n"
    "    bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 0 1\n";

static const struct {
    const char *name;
    uint32_t flags;
} accept_names[] = {
    {"castling", RF_INVALID_BAD_CASTLING},
    {"ep", RF_INVALID_BAD_EP_SQUARE},
    {"check", RF_INVALID_OPPOSITE_CHECK | RF_INVALID_IMPOSSIBLE_CHECK},
    {"material", RF_INVALID_TOO_MUCH_MATERIAL},
    {"backrank", RF_INVALID_PAWNS_ON_BACKRANK},
    {"kings", RF_INVALID_MISSING_KING | RF_INVALID_TOO_MANY_KINGS | RF_INVALID_EMPTY_BOARD},
    {"all", RF_INVALID_ALL},
};

static int parse_accept(const char *list, uint32_t *out)
{
    const char *p = list;
    while (*p) {
        size_t n = strcspn(p, ",");
        size_t i;
        for (i = 0; i < sizeof accept_names / sizeof *accept_names; i++) {
            if (strlen(accept_names[i].name) == n && strncmp(p, accept_names[i].name, n) == 0) {
                *out |= accept_names[i].flags;
                break;
            }
        }
        if (i == sizeof accept_names / sizeof *accept_names) return 0;
        p += n;
        if (*p == ',') p++;
    }
    return 1;
}

static const char *field_key(rf_field f)
{
    static const char *const keys[] = {"input", "board", "side", "castling", "ep",
                                       "halfmove", "fullmove", "extra", "move"};
    return (unsigned)f < sizeof keys / sizeof *keys ? keys[f] : "input";
}

/* Writes ,"invalid":["name",...] for the flags set. */
static void json_validity(uint32_t validity)
{
    fputs(",\"invalid\":[", stdout);
    int first = 1;
    for (unsigned bit = 0; bit < 32; bit++) {
        if (!(validity & RF_INVALID_ALL & (1u << bit))) continue;
        char name[64];
        rf_validity_describe(1u << bit, name, sizeof name);
        printf("%s\"%s\"", first ? "" : ",", name);
        first = 0;
    }
    putchar(']');
}

typedef struct fen_options {
    cli_common common;
    unsigned write_flags;
    uint32_t accept;
} fen_options;

/* Answers one position. `where` names it in stderr messages ("line 3"), or is NULL. `batch`
 * says whether an error also gets an answer line on stdout. Returns 0 or CLI_DATAERR. */
static int answer(const fen_options *o, const char *text, size_t len, const char *where,
                  int batch)
{
    rf_position pos;
    rf_error err;
    unsigned flags = (o->common.chess960 ? RF_PARSE_CHESS960 : 0) |
                     (o->common.variant == RF_ATOMIC ? RF_PARSE_ATOMIC : 0);
    rf_status st = rf_position_parse(&pos, text, len, flags, o->accept, &err);
    if (st == RF_OK) {
        char fen[RF_FEN_MAX];
        rf_position_to_fen(&pos, fen, sizeof fen, o->write_flags);
        if (o->common.json) {
            fputs("{\"input\":", stdout);
            cli_json_string(stdout, text, len);
            fputs(",\"fen\":", stdout);
            cli_json_string(stdout, fen, strlen(fen));
            printf(",\"chess960\":%s,\"variant\":\"%s\"", pos.chess960 ? "true" : "false",
                   pos.variant == RF_ATOMIC ? "atomic" : "standard");
            json_validity(rf_position_validity(&pos));
            puts("}");
        } else {
            puts(fen);
        }
        return 0;
    }
    if (where)
        cli_error(o->common.command, "%s: %s", where, err.message);
    else
        cli_error(o->common.command, "%s", err.message);
    if (o->common.json) {
        fputs("{\"input\":", stdout);
        cli_json_string(stdout, text, len);
        fputs(",\"error\":", stdout);
        cli_json_string(stdout, err.message, strlen(err.message));
        printf(",\"field\":\"%s\",\"offset\":%zu", field_key(err.field), err.offset);
        json_validity(err.validity);
        puts("}");
    } else if (batch) {
        printf("error %s\n", err.message);
    }
    return CLI_DATAERR;
}

int cli_cmd_fen(int argc, char **argv)
{
    enum { OPT_SHREDDER = CLI_OPT_FIRST_FREE, OPT_EP, OPT_ACCEPT, OPT_STRICT };
    static const struct option longopts[] = {
        CLI_COMMON_LONG_OPTIONS,
        {"shredder", no_argument, NULL, OPT_SHREDDER},
        {"ep", required_argument, NULL, OPT_EP},
        {"accept", required_argument, NULL, OPT_ACCEPT},
        {"strict", no_argument, NULL, OPT_STRICT},
        {NULL, 0, NULL, 0},
    };
    fen_options o = {{"fen", 0, 0, RF_STANDARD}, 0, RF_ACCEPT_DEFAULT};
    int c;
    cli_getopt_reset();
    while ((c = getopt_long(argc, argv, ":", longopts, NULL)) != -1) {
        switch (c) {
        case OPT_SHREDDER: o.write_flags |= RF_FEN_SHREDDER; break;
        case OPT_EP:
            if (strcmp(optarg, "always") == 0)
                o.write_flags |= RF_FEN_EP_ALWAYS;
            else if (strcmp(optarg, "legal") == 0)
                o.write_flags &= ~RF_FEN_EP_ALWAYS;
            else
                return cli_usage(o.common.command, "--ep takes 'legal' or 'always', not '%s'",
                                 optarg);
            break;
        case OPT_STRICT: o.accept = 0; break;
        case OPT_ACCEPT:
            if (!parse_accept(optarg, &o.accept))
                return cli_usage(o.common.command,
                                 "--accept takes castling, ep, check, material, backrank, kings "
                                 "or all, not '%s'",
                                 optarg);
            break;
        default: {
            int r = cli_common_option(&o.common, c, help, argv);
            if (r >= 0) return r;
        }
        }
    }
    int status = CLI_OK;
    if (optind < argc) {
        int many = argc - optind > 1;
        for (int i = optind; i < argc; i++) {
            char where[32];
            snprintf(where, sizeof where, "argument %d", i - optind + 1);
            if (answer(&o, argv[i], strlen(argv[i]), many ? where : NULL, 0)) status = CLI_DATAERR;
        }
        return cli_finish(o.common.command, status);
    }
    static char line[CLI_MAX_LINE];
    size_t len;
    int too_long;
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
        if (answer(&o, line, len, where, 1)) status = CLI_DATAERR;
    }
    return cli_finish(o.common.command, status);
}
