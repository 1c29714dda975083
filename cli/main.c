/*
 * main.c - the `rankfile` program: cli_main (commands.c) on the process's standard streams.
 */
#include "cli.h"

int main(int argc, char **argv)
{
    cli_io io = {stdin, stdout, stderr};
    return cli_main(&io, argc, argv);
}
