/*
 * cli_main.c - the CLI's dispatcher as a function the fuzz targets can call: cli/main.c compiled
 * with its main() renamed rf_fuzz_cli_main (declared in cli_run.h).
 */
#include "cli_run.h"

#define main rf_fuzz_cli_main
#include "../cli/main.c"
