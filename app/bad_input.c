/*
 * bad_input.c - the answer to an input that cannot be answered: one line on the run's error
 * stream naming where it stands, and on its output 'error MESSAGE' in place, or with --json an
 * object {"input","error",...}. The batch driver (batch.c) and the position reader (position.c)
 * answer bad input through it.
 */
#include "app.h"

#include <stdarg.h>

static void where_prefix(const cli_where *w, char *buf, size_t cap)
{
    if (!w || (!w->file && !w->kind))
        buf[0] = '\0';
    else if (w->file)
        snprintf(buf, cap, "%s:%lu: ", w->file, w->no);
    else
        snprintf(buf, cap, "%s %lu: ", w->kind, w->no);
}

int cli_fail(const cli_common *c, const cli_where *w, const char *input, size_t len,
             const rf_error *err, const char *fmt, ...)
{
    char msg[400], where[300];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    where_prefix(w, where, sizeof where);
    cli_error(c, "%s%s", where, msg);
    if (c->json) {
        cli_json j;
        cli_json_answer(&j, c);
        cli_json_key(&j, "input");
        cli_json_string(&j, input, len);
        cli_json_kstr(&j, "error", msg);
        if (w && w->kind && !w->file) cli_json_kint(&j, w->kind, (long long)w->no);
        if (err && err->field != RF_FIELD_NONE) {
            cli_json_kstr(&j, "field", rf_field_name(err->field));
            cli_json_kint(&j, "offset", (long long)err->offset);
        }
        if (err && err->status == RF_ERR_INVALID) cli_json_validity(&j, err->validity);
        cli_json_end(&j);
    } else if (w && w->in_place) {
        fprintf(c->io->out, "error %s\n", msg);
    }
    return CLI_DATAERR;
}
