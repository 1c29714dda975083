/*
 * batch.c - input lines and the batch driver: every command that answers positions reads them
 * from its arguments or, given none, one per line from standard input, and answers each in
 * order, a bad one with 'error MESSAGE' in its place (--json: an object with "error").
 */
#include "app.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void cli_lines_start(cli_lines *l, FILE *f, FILE *out)
{
    l->f = f;
    l->out = out;
    l->no = 0;
    l->len = 0;
    l->too_long = 0;
    l->ended = 1;
    l->error = 0;
}

int cli_lines_next(cli_lines *l)
{
    size_t n = 0;
    int c, any = 0;
    l->too_long = 0;
    l->ended = 0;
    if (l->out && ferror(l->out)) return 0;
    while ((c = getc(l->f)) != EOF) {
        any = 1;
        if (c == '\n') {
            l->ended = 1;
            break;
        }
        if (n + 1 < sizeof l->buf)
            l->buf[n++] = (char)c;
        else
            l->too_long = 1;
    }
    /* A read that failed (standard input a directory: EISDIR) is not the end of the input. */
    if (c == EOF && ferror(l->f) && !l->error) l->error = errno ? errno : EIO;
    if (!any) return 0;
    if (n && l->buf[n - 1] == '\r' && !l->too_long) n--;
    /* A UTF-8 byte-order mark (EF BB BF), as some editors write, opens the input, not the
     * first line's text. */
    if (l->no == 0 && n >= 3 && memcmp(l->buf, "\xEF\xBB\xBF", 3) == 0) {
        memmove(l->buf, l->buf + 3, n - 3);
        n -= 3;
    }
    l->buf[n] = '\0';
    l->len = n;
    l->no++;
    return 1;
}

int cli_lines_failed(const cli_common *c, const cli_lines *l, const char *name)
{
    if (!l->error) return 0;
    cli_error(c, "cannot read %s: %s", name, strerror(l->error));
    return l->error == EISDIR ? CLI_NOINPUT : CLI_IOERR;
}

void cli_input_notice(const cli_common *c, const char *what)
{
    int fd = fileno(c->io->in);
    if (fd < 0 || !isatty(fd)) return;
    fflush(c->io->out);
    fprintf(c->io->err, "rankfile: %s: reading %s from standard input; Ctrl-D ends\n", c->command,
            what);
}

int cli_batch(const cli_common *c, int n, char **args, cli_answer_fn fn, void *ctx)
{
    int status = CLI_OK;
    cli_where w = {NULL, "argument", 0, n > 1};
    if (n > 0) {
        for (int i = 0; i < n && !ferror(c->io->out); i++) {
            w.no = (unsigned long)i + 1;
            /* One argument needs no name: the message is about it. */
            cli_where *where = n > 1 ? &w : NULL;
            cli_where none = {NULL, NULL, 0, 0};
            status = cli_worse(status, fn(ctx, args[i], strlen(args[i]), where ? where : &none));
            if (status != CLI_OK && status != CLI_NO && status != CLI_DATAERR) break;
        }
        return cli_finish(c, status);
    }
    cli_lines *lines = malloc(sizeof *lines);
    if (!lines) {
        cli_error(c, "out of memory");
        return CLI_SOFTWARE;
    }
    cli_input_notice(c, "positions");
    cli_lines_start(lines, c->io->in, c->io->out);
    w.kind = "line";
    w.in_place = 1;
    while (cli_lines_next(lines)) {
        w.no = lines->no;
        int st;
        if (lines->too_long)
            st = cli_fail(c, &w, lines->buf, 0, NULL, "longer than %d bytes", CLI_MAX_LINE - 1);
        else
            st = fn(ctx, lines->buf, lines->len, &w);
        status = cli_worse(status, st);
        if (status != CLI_OK && status != CLI_NO && status != CLI_DATAERR) break;
    }
    int failed = cli_lines_failed(c, lines, "standard input");
    free(lines);
    if (failed) status = cli_worse(failed, status);
    return cli_finish(c, status);
}

/* A batch command's run: its spec and its state, for read_position. */
typedef struct batch_run {
    const cli_batch_spec *spec;
    cli_common *run;
} batch_run;

static int read_position(void *ctx, const char *text, size_t len, const cli_where *where)
{
    const batch_run *b = ctx;
    rf_position pos;
    rf_setup setup;
    int st = cli_position_read(b->run, where, text, len, &pos, &setup);
    return st ? st : b->spec->position(b->run, text, len, &pos, &setup);
}

/* One of the command's own options. */
static int batch_option(const cli_batch_spec *b, cli_common *run, int id, const char *value)
{
    if (b->option) return b->option(run, id, value);
    if (!b->flag) return cli_usage(run, "unhandled option");
    *(int *)(void *)((char *)run + b->flag) = 1;
    return 0;
}

int cli_batch_run(const cli_command *cmd, cli_io *io, int argc, char **argv)
{
    const cli_batch_spec *b = cmd->batch;
    cli_common *run = calloc(1, b->size);
    if (!run) {
        cli_common c = {.io = io, .command = cmd->name};
        cli_error(&c, "out of memory");
        return CLI_SOFTWARE;
    }
    cli_args a;
    cli_args_start(&a, run, cmd, io, argc, argv);
    int id = 0, st = 0;
    while (st == 0 && (id = cli_args_next(&a)) > 0) st = batch_option(b, run, id, a.value);
    if (id == CLI_ARGS_STOP) {
        st = a.status;
    } else if (st == 0) {
        int n = argc - a.rest;
        char **args = argv + a.rest;
        batch_run ctx = {b, run};
        st = b->ready ? b->ready(run, &n, &args) : -1;
        if (st < 0 && b->position) st = cli_batch(run, n, args, read_position, &ctx);
        if (st < 0) st = cli_batch(run, n, args, b->answer, run);
        if (b->finish) b->finish(run);
    }
    free(run);
    return st;
}

int cli_one_position(const cli_common *c, int n)
{
    if (n <= 1) return 0;
    return cli_usage(c, "one FEN at most, in quotes (several: one per line on standard input)");
}
