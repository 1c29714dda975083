/*
 * eco_file.c - the ECO file of `rankfile opening`, `rankfile pgn` and the Python module's
 * rankfile.openings.load: a whole input (plain, gzip or zstd) read into memory and loaded by
 * rf_eco_load.
 */
#include "app.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int cli_eco_read(cli_input *in, rf_eco **out, char *error, size_t cap)
{
    char *text = NULL;
    size_t len = 0, size = 0;
    int status = 0;
    *out = NULL;
    error[0] = 0;
    for (;;) {
        if (size - len < 65536) {
            size_t grown = size ? size * 2 : 1 << 20;
            char *p = realloc(text, grown);
            if (!p) {
                snprintf(error, cap, "out of memory reading %s", cli_input_name(in));
                status = CLI_SOFTWARE;
                break;
            }
            text = p;
            size = grown;
        }
        size_t got = cli_input_read(in, text + len, size - len);
        if (got == CLI_INPUT_ERROR) {
            status = CLI_DATAERR;
            break;
        }
        if (got == 0) break;
        len += got;
    }
    if (!status) {
        rf_error err;
        rf_status st = rf_eco_load(out, text, len, &err);
        if (st == RF_ERR_NO_MEMORY) {
            snprintf(error, cap, "%s: %s", cli_input_name(in), err.message + err.detail);
            status = CLI_SOFTWARE;
        } else if (st != RF_OK) {
            snprintf(error, cap, "%s: not an ECO file: %s", cli_input_name(in), err.message);
            status = CLI_DATAERR;
        }
    }
    free(text);
    return status;
}

int cli_eco_default_exists(void)
{
    return access(CLI_ECO_DEFAULT, F_OK) == 0;
}

int cli_eco_load(const cli_common *c, const char *path, rf_eco **out)
{
    *out = NULL;
    if (!path) {
        if (!cli_eco_default_exists()) {
            cli_error(c, "no ECO file: give one with --eco FILE (pgn-extract's eco.pgn or lichess's "
                         "chess-openings TSV); " CLI_ECO_DEFAULT " is missing (Debian: apt install pgn-extract)");
            return CLI_NOINPUT;
        }
        path = CLI_ECO_DEFAULT;
    }
    cli_input *in = cli_input_open(c, path);
    if (!in) return CLI_NOINPUT;
    char error[400];
    int status = cli_eco_read(in, out, error, sizeof error);
    if (error[0]) cli_error(c, "%s", error);
    cli_input_close(in);
    return status;
}
