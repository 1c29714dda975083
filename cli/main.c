/*
 * main.c - the `rankfile` program: global options and dispatch to one command per file.
 */
#include "cli.h"

#include <string.h>

typedef struct command {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
} command;

static const command commands[] = {
    {"fen", cli_cmd_fen, "validate and normalise FEN positions"},
    {"moves", cli_cmd_moves, "the legal moves of a position, in UCI or SAN"},
    {"play", cli_cmd_play, "apply UCI or SAN moves to a position, print the resulting FEN"},
    {"status", cli_cmd_status, "check, checkmate, stalemate, insufficient material, outcome"},
    {"judge", cli_cmd_judge, "the 'Rank and File' judge: SAFE, CHECKED or CHECKMATED"},
    {"perft", cli_cmd_perft, "count move sequences (perft), divide, or check a perft suite"},
    {"atomic", cli_cmd_atomic, "play one Atomic chess capture on a board and show what explodes"},
    {"960", cli_cmd_960, "Chess960 start positions: random or by number, 21 languages"},
    {"is960", cli_cmd_is960, "is a board a Chess960 start position, and which number"},
    {"show", cli_cmd_show, "draw a position: terminal diagram, SVG image or JSON"},
};

#define NCOMMANDS (sizeof commands / sizeof *commands)

static void usage(FILE *out)
{
    fputs("rankfile - chess positions: FEN in every dialect, Chess960, legal moves, perft\n"
          "\n"
          "usage: rankfile COMMAND [ARGUMENTS] [OPTIONS]\n"
          "       rankfile COMMAND --help      what one command does, with examples\n"
          "       rankfile --version\n"
          "\n"
          "commands:\n",
          out);
    for (size_t i = 0; i < NCOMMANDS; i++)
        fprintf(out, "  %-10s %s\n", commands[i].name, commands[i].summary);
    fputs("\n"
          "Commands that take positions read one per line from standard input when given none,\n"
          "and answer one line per input line, in order.\n"
          "\n"
          "options every command takes:\n"
          "  --json                  one JSON object per answer (NDJSON)\n"
          "  --variant standard|atomic\n"
          "  --chess960              force Chess960 castling mode (else detected from the FEN)\n"
          "  --help                  the command's help\n"
          "\n"
          "exit status:\n"
          "  0 ok or yes, 1 a no answer, 64 usage error, 65 bad input data,\n"
          "  66 file cannot be opened, 70 internal error, 73 output file cannot be created,\n"
          "  74 output cannot be written\n"
          "\n"
          "errors are one line on stderr: rankfile: COMMAND: WHAT IS WRONG (WHERE)\n",
          out);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return CLI_USAGE;
    }
    const char *name = argv[1];
    if (strcmp(name, "--help") == 0 || strcmp(name, "-h") == 0 || strcmp(name, "help") == 0) {
        if (strcmp(name, "help") == 0 && argc > 2) {
            for (size_t i = 0; i < NCOMMANDS; i++) {
                if (strcmp(argv[2], commands[i].name) == 0) {
                    char *help_argv[] = {argv[2], "--help", NULL};
                    return commands[i].run(2, help_argv);
                }
            }
            return cli_usage(NULL, "unknown command '%s'", argv[2]);
        }
        usage(stdout);
        return cli_finish(NULL, CLI_OK);
    }
    if (strcmp(name, "--version") == 0 || strcmp(name, "-V") == 0) {
        printf("rankfile %s\n", rf_version());
        return cli_finish(NULL, CLI_OK);
    }
    for (size_t i = 0; i < NCOMMANDS; i++)
        if (strcmp(name, commands[i].name) == 0) return commands[i].run(argc - 1, argv + 1);
    if (name[0] == '-') return cli_usage(NULL, "unknown option '%s'", name);
    return cli_usage(NULL, "unknown command '%s'", name);
}
