/*
 * perft_suite_cmd.c - `rankfile perft --suite FILE`: every position of a perft suite counted
 * and checked against its expected counts.
 */
#include "perft_cli.h"

#include <string.h>

typedef struct suite_state {
    const perft_run *o;
    cli_where where;
    char id[128];
    rf_position pos;
    unsigned fen_flags; /* the position's castling notation as written */
    int have_pos;
    unsigned long passed, failed, skipped;
    int pos_failed, pos_checked;
    int status;
} suite_state;

static void finish_position(suite_state *s)
{
    if (s->have_pos && s->pos_checked && !s->pos_failed && !s->o->common.json)
        fprintf(s->o->common.io->out, "ok %s\n", s->id);
    s->have_pos = 0;
    s->pos_failed = 0;
    s->pos_checked = 0;
}

static void suite_error(suite_state *s, const char *what)
{
    cli_error(&s->o->common, "%s:%lu: %s", s->where.file, s->where.no, what);
    s->status = cli_worse(s->status, CLI_DATAERR);
}

static void start_position(suite_state *s, const char *fen, size_t len)
{
    rf_error err;
    const cli_common *c = &s->o->common;
    finish_position(s);
    if (rf_position_parse(&s->pos, fen, len, c->variant, c->chess960 ? RF_PARSE_CHESS960 : 0,
                          c->accept, &err) != RF_OK) {
        suite_error(s, err.message);
        return;
    }
    s->fen_flags = perft_castling_notation(fen, len);
    s->have_pos = 1;
}

static void check_count(suite_state *s, long depth, uint64_t expected)
{
    const perft_run *o = s->o;
    char fen[RF_FEN_MAX];
    rf_position_to_fen(fen, sizeof fen, &s->pos, s->fen_flags);
    cli_json j;
    cli_json_start(&j, o->common.io->out);
    int skip = depth > MAX_DEPTH || (o->max_depth >= 0 && depth > o->max_depth) ||
               expected > o->max_nodes;
    rf_count count = {0, 0};
    if (!skip && perft_count_nodes(o, &s->pos, (int)depth, &count, NULL)) {
        s->status = cli_worse(s->status, CLI_DATAERR);
        return;
    }
    int pass = count.hi == 0 && count.lo == expected;
    if (o->common.json) {
        cli_json_object(&j);
        cli_json_kstr(&j, "id", s->id);
        cli_json_kstr(&j, "fen", fen);
        cli_json_kint(&j, "depth", depth);
        rf_count want = {0, expected};
        cli_json_kcount(&j, "expected", want);
        if (skip) {
            cli_json_kbool(&j, "skipped", 1);
        } else {
            cli_json_kcount(&j, "nodes", count);
            cli_json_kbool(&j, "pass", pass);
        }
        cli_json_end(&j);
    }
    if (skip) {
        s->skipped++;
        return;
    }
    s->pos_checked = 1;
    if (pass) {
        s->passed++;
        return;
    }
    s->failed++;
    s->pos_failed = 1;
    if (!o->common.json) {
        char got[48];
        rf_count_format(got, sizeof got, count);
        fprintf(o->common.io->out, "FAIL %s depth %ld: %s nodes, expected %llu (%s)\n", s->id, depth, got,
               (unsigned long long)expected, fen);
    }
}

/* Starts the position of an `epd` line, or of a one-line record (its id: its line). */
static void suite_position(suite_state *s, const rf__suite_item *it)
{
    if (it->kind == RF__SUITE_EPD && s->have_pos) {
        finish_position(s);
        s->id[0] = '\0';
    }
    if (it->kind == RF__SUITE_FEN) finish_position(s);
    if (!s->id[0] || it->kind == RF__SUITE_FEN)
        snprintf(s->id, sizeof s->id, "line-%lu", s->where.no);
    start_position(s, it->text, it->len);
}

static void suite_line(suite_state *s, char *p)
{
    rf__suite_line l;
    rf__suite_item it;
    int one_line = 0;
    rf__suite_line_start(&l, p, s->where.no);
    while (rf__suite_line_next(&l, &it) != RF__SUITE_END) {
        if (it.kind == RF__SUITE_ID) {
            finish_position(s);
            snprintf(s->id, sizeof s->id, "%.*s", (int)it.len, it.text);
        } else if (it.kind == RF__SUITE_EPD || it.kind == RF__SUITE_FEN) {
            suite_position(s, &it);
            one_line = it.kind == RF__SUITE_FEN;
            /* A one-line record's counts are not read without its position. */
            if (one_line && !s->have_pos) break;
        } else if (it.kind == RF__SUITE_COUNT) {
            if (s->have_pos) check_count(s, it.depth, it.nodes);
        } else {
            suite_error(s, it.message);
        }
    }
    if (one_line) {
        finish_position(s);
        s->id[0] = '\0';
    }
}

int perft_run_suite(const perft_run *o)
{
    FILE *f = perft_open_input(o, o->suite);
    if (!f) return CLI_NOINPUT;
    suite_state s;
    cli_lines *lines = o->lines;
    memset(&s, 0, sizeof s);
    s.o = o;
    s.where.file = o->suite;
    cli_lines_start(lines, f, o->common.io->out);
    while (cli_lines_next(lines)) {
        s.where.no = lines->no;
        if (lines->too_long || memchr(lines->buf, '\0', lines->len))
            suite_error(&s, lines->too_long ? "line too long" : "NUL byte in line");
        else
            suite_line(&s, lines->buf);
    }
    finish_position(&s);
    perft_close_input(o, f);
    /* A suite that checks nothing is no pass: an empty file, or one of another kind. */
    if (s.passed + s.failed + s.skipped == 0) {
        cli_error(&o->common, "%s: no perft counts to check (a suite has 'perft DEPTH "
                                     "NODES' lines or 'FEN ;D1 20' lines)",
                  o->suite);
        return cli_finish(&o->common, CLI_DATAERR);
    }
    if (o->common.json) {
        cli_json j;
        cli_json_answer(&j, &o->common);
        cli_json_kint(&j, "passed", (long long)s.passed);
        cli_json_kint(&j, "failed", (long long)s.failed);
        cli_json_kint(&j, "skipped", (long long)s.skipped);
        cli_json_end(&j);
    } else {
        fprintf(o->common.io->out, "%lu passed, %lu failed, %lu skipped\n", s.passed, s.failed, s.skipped);
    }
    int code = s.status != CLI_OK ? s.status : s.failed ? CLI_NO : CLI_OK;
    return cli_finish(&o->common, code);
}
