/*
 * svg.c - the SVG diagram of a position written to a file or to the run's output (`show
 * --svg`, `960 --svg`).
 */
#include "app.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* Writes the n bytes of svg to `path` ("-": the run's output). */
static int write_to(const cli_common *c, const char *path, const char *svg, size_t n)
{
    if (strcmp(path, "-") == 0) {
        fwrite(svg, 1, n, c->io->out); /* a failure shows in cli_finish */
        return CLI_OK;
    }
    FILE *f = fopen(path, "w");
    if (!f) {
        cli_error(c, "cannot create '%s': %s", path, strerror(errno));
        return CLI_CANTCREAT;
    }
    int ok = fwrite(svg, 1, n, f) == n;
    ok &= fclose(f) == 0;
    if (!ok) {
        cli_error(c, "cannot write '%s': %s", path, strerror(errno ? errno : EIO));
        return CLI_IOERR;
    }
    return CLI_OK;
}

int cli_write_svg(const cli_common *c, const char *path, const rf_position *pos,
                  const rf_render_options *opt)
{
    char *svg = malloc(RF_RENDER_SVG_MAX);
    if (!svg) {
        cli_error(c, "out of memory");
        return CLI_SOFTWARE;
    }
    size_t n = rf_render_svg(svg, RF_RENDER_SVG_MAX, pos, opt);
    int st = write_to(c, path, svg, n);
    free(svg);
    return st;
}
