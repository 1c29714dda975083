/*
 * commands.c - the `rankfile` program as a function, cli_main: the command table, the global
 * options and dispatch to one command per file, on the streams the caller gives.
 */
#include "cli.h"

#include <string.h>

/* The commands, in the order 'rankfile --help' lists them. */
static const cli_command *const cli_commands[] = {
    &cli_command_fen,   &cli_command_moves,  &cli_command_play, &cli_command_status,
    &cli_command_judge, &cli_command_perft,  &cli_command_atomic, &cli_command_960,
    &cli_command_is960, &cli_command_show,   &cli_command_key,
    &cli_command_book,  &cli_command_opening, &cli_command_pgn, &cli_command_tb,
    &cli_command_analyse,
};
static const size_t cli_command_count = sizeof cli_commands / sizeof *cli_commands;

static void usage(FILE *out)
{
    fputs("rankfile - chess positions and games: FEN, Chess960 and variants, legal moves, perft, PGN\n"
          "\n"
          "usage: rankfile COMMAND [ARGUMENTS] [OPTIONS]\n"
          "       rankfile COMMAND --help      what one command does, with examples\n"
          "       rankfile --version\n"
          "\n"
          "commands:\n",
          out);
    for (size_t i = 0; i < cli_command_count; i++)
        fprintf(out, "  %-10s %s\n", cli_commands[i]->name, cli_commands[i]->summary);
    fputs("\n"
          "Commands that take positions read one per line from standard input when given none,\n"
          "and answer one line per input line, in order ('error MESSAGE' for a bad one). A\n"
          "UTF-8 byte-order mark and CRLF line endings are read as well.\n"
          "\n"
          "options most commands take (see each command's --help):\n"
          "  --json                  one JSON object per answer (NDJSON)\n"
          "  --variant NAME",
          out);
    char names[512], text[600];
    cli_variant_list(names, sizeof names, 0);
    snprintf(text, sizeof text, "%s (lichess's names too)", names);
    cli_print_wrapped(out, text, strlen("  --variant NAME"), 26, 84);
    fputs("  --chess960              force Chess960 castling mode (else detected from the FEN)\n"
          "  --accept RULES          take positions that break these rules\n"
          "  -h, --help              the command's help\n"
          "\n"
          "exit status:\n"
          "  0 ok or yes, 1 a no answer, 64 usage error, 65 bad input data,\n"
          "  66 file cannot be opened, 69 a part this build lacks or an engine that cannot run,\n"
          "  70 internal error, 73 output file cannot be created, 74 output cannot be written\n"
          "\n"
          "errors are one line on stderr: rankfile: COMMAND: WHAT IS WRONG (WHERE)\n",
          out);
}

static const cli_command *find(const char *name)
{
    for (size_t i = 0; i < cli_command_count; i++)
        if (strcmp(name, cli_commands[i]->name) == 0) return cli_commands[i];
    return NULL;
}

static int unknown_command(const cli_common *top, const char *name)
{
    const char *names[16];
    for (size_t i = 0; i < cli_command_count; i++) names[i] = cli_commands[i]->name;
    const char *near = cli_suggest(name, names, cli_command_count, 0);
    char shown[64];
    cli_shown(name, strlen(name), shown);
    if (near) return cli_usage(top, "unknown command '%s' (did you mean '%s'?)", shown, near);
    return cli_usage(top, "unknown command '%s'", shown);
}

int cli_main(cli_io *io, int argc, char **argv)
{
    cli_common top = {.io = io}; /* the program's own messages: "rankfile: MESSAGE" */
    if (argc < 2) {
        usage(io->err);
        return CLI_USAGE;
    }
    const char *name = argv[1];
    if (strcmp(name, "--help") == 0 || strcmp(name, "-h") == 0 || strcmp(name, "help") == 0) {
        if (strcmp(name, "help") == 0 && argc > 2) {
            const cli_command *cmd = find(argv[2]);
            if (!cmd) return unknown_command(&top, argv[2]);
            cli_help(io->out, cmd);
            return cli_finish(&top, CLI_OK);
        }
        usage(io->out);
        return cli_finish(&top, CLI_OK);
    }
    if (strcmp(name, "--version") == 0 || strcmp(name, "-V") == 0) {
        cli_version(io->out);
        return cli_finish(&top, CLI_OK);
    }
    const cli_command *cmd = find(name);
    if (cmd && cmd->run) return cmd->run(io, argc - 1, argv + 1);
    if (cmd) return cli_batch_run(cmd, io, argc - 1, argv + 1);
    if (name[0] == '-') {
        static const char *const global[] = {"--help", "--version"};
        const char *near = cli_suggest(name, global, 2, 2);
        char shown[64];
        cli_shown(name, strlen(name), shown);
        if (near) return cli_usage(&top, "unknown option '%s' (did you mean '%s'?)", shown, near);
        return cli_usage(&top, "unknown option '%s'", shown);
    }
    return unknown_command(&top, name);
}
