/*
 * analyse_output.c - what `rankfile analyse` prints of an analysed game (analyse_output.h): the
 * game in PGN with lichess's [%eval] after each analysed move, or one row per position (per line
 * with --multipv) as TSV, CSV or NDJSON; and with --summary each side's average centipawn loss
 * and its inaccuracies, mistakes and blunders, by lichess's rules (lila's
 * modules/analyse/src/main/AccuracyCP.scala and Advice.scala).
 */
#include "analyse_output.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

void analyse_output_start(analyse_output *o, FILE *out, int format, int multipv, int summary)
{
    memset(o, 0, sizeof *o);
    o->out = out;
    o->format = format;
    o->multipv = multipv > 1 ? multipv : 1;
    o->summary = summary;
    o->cols.csv = format == ANALYSE_CSV;
}

/* ---- evals ----------------------------------------------------------------------------------- */

/* The line k of an asked position's answer, with a score, or NULL. */
static const uci_line *line_of(const analyse_game *g, size_t ply, size_t k)
{
    const analyse_eval *ev = &g->evals[ply];
    if (!ev->asked || ev->terminal || ev->fault || !ev->result || k >= ev->result->line_count) return NULL;
    const uci_line *l = &ev->result->lines[k];
    return l->has_score ? l : NULL;
}

size_t analyse_eval_text(char *buf, size_t cap, const analyse_game *g, size_t ply)
{
    if (!line_of(g, ply, 0)) return 0;
    uci_score s = analyse_white_score(g, ply, 0);
    int n = s.is_mate ? snprintf(buf, cap, "#%d", s.value) : snprintf(buf, cap, "%.2f", s.value / 100.0);
    return n > 0 && (size_t)n < cap ? (size_t)n : 0;
}

/* ---- the summary: lichess's rules ----------------------------------------------------------- */

/* A score as lila reads it: centipawns ceiled at +-1000, a mate as +-1000 (forceAsCp). */
static int ceiled_cp(uci_score s)
{
    if (s.is_mate) return s.value >= 0 ? 1000 : -1000; /* mate 0: the side to move is mated */
    return s.value > 1000 ? 1000 : s.value < -1000 ? -1000 : s.value;
}

static double winning_chances(int cp)
{
    return 2 / (1 + exp(-0.004 * cp)) - 1;
}

void analyse_summary(const analyse_game *g, analyse_side out[2])
{
    memset(out, 0, 2 * sizeof *out);
    for (size_t ply = 0; ply < g->plies; ply++) {
        if (!line_of(g, ply, 0) || !line_of(g, ply + 1, 0)) continue;
        int mover = g->main[ply].side; /* RF_WHITE 0, RF_BLACK 1 */
        int sign = mover == RF_WHITE ? 1 : -1;
        uci_score a = analyse_white_score(g, ply, 0), b = analyse_white_score(g, ply + 1, 0);
        analyse_side *s = &out[mover == RF_WHITE ? 0 : 1];
        /* AccuracyCP: the loss of each move, from the mover's side, at least 0 */
        int loss = (ceiled_cp(a) - ceiled_cp(b)) * sign;
        s->loss_sum += loss > 0 ? loss : 0;
        s->moves++;
        /* Advice: winning chances for centipawns, mate sequences otherwise */
        int judgement = 0; /* 1 inaccuracy, 2 mistake, 3 blunder */
        if (!a.is_mate && !b.is_mate) {
            double delta = (winning_chances(ceiled_cp(a)) - winning_chances(ceiled_cp(b))) * sign;
            judgement = delta >= 0.3 ? 3 : delta >= 0.2 ? 2 : delta >= 0.1 ? 1 : 0;
        } else {
            /* from the mover's side */
            int prev_mate = a.is_mate ? a.value * sign : 0, next_mate = b.is_mate ? b.value * sign : 0;
            int prev_cp = a.is_mate ? 0 : a.value * sign, next_cp = b.is_mate ? 0 : b.value * sign;
            if (!a.is_mate && b.is_mate && next_mate < 0) /* checkmate is now unavoidable */
                judgement = prev_cp < -999 ? 1 : prev_cp < -700 ? 2 : 3;
            else if (a.is_mate && prev_mate > 0 && (!b.is_mate || next_mate < 0)) /* forced mate lost */
                judgement = next_cp > 999 ? 1 : next_cp > 700 ? 2 : 3;
        }
        if (judgement == 1) s->inaccuracies++;
        if (judgement == 2) s->mistakes++;
        if (judgement == 3) s->blunders++;
    }
    for (int i = 0; i < 2; i++) out[i].acpl = out[i].moves ? (long)lround((double)out[i].loss_sum / out[i].moves) : -1;
}

/* ---- PGN --------------------------------------------------------------------------------------- */

static int write_file(void *ctx, const char *text, size_t len)
{
    return fwrite(text, 1, len, ctx) == len ? 0 : -1;
}

/* A comment's text without its [%eval ...] commands (ours replaces them). */
static size_t without_eval(char *out, const char *text, size_t len)
{
    size_t n = 0;
    for (size_t i = 0; i < len;) {
        if (len - i >= 7 && memcmp(text + i, "[%eval ", 7) == 0) {
            const char *close = memchr(text + i, ']', len - i);
            if (close) {
                i = (size_t)(close - text) + 1;
                while (i < len && text[i] == ' ') i++;
                continue;
            }
        }
        out[n++] = text[i++];
    }
    while (n && out[n - 1] == ' ') n--;
    return n;
}

static void append(char **buf, size_t *len, size_t *cap, const char *s, size_t n)
{
    if (*len + n + 2 > *cap) {
        size_t c = *cap ? *cap : 256;
        while (c < *len + n + 2) c *= 2;
        char *p = realloc(*buf, c);
        if (!p) return; /* out of memory: the comment is cut */
        *buf = p;
        *cap = c;
    }
    memcpy(*buf + *len, s, n);
    *len += n;
}

/* The game's tags, SetUp for a FEN line, and with --summary each side's ACPL and counts. -1
 * (nothing written) out of memory. */
static int write_tags(const analyse_output *o, const analyse_game *g, rf_pgn_writer *w)
{
    size_t ntags = g->ntags, extra = 0;
    const char **names = malloc((ntags + 12) * 2 * sizeof *names);
    if (!names) return -1;
    const char **values = names + ntags + 12;
    for (size_t i = 0; i < ntags; i++) names[i] = g->tag_names[i], values[i] = g->tag_values[i];
    if (g->fen_line) names[ntags + extra] = "SetUp", values[ntags + extra++] = "1";
    char numbers[8][24];
    if (o->summary) {
        analyse_side s[2];
        analyse_summary(g, s);
        static const char *const tag[2][4] = {
            {"WhiteACPL", "WhiteInaccuracies", "WhiteMistakes", "WhiteBlunders"},
            {"BlackACPL", "BlackInaccuracies", "BlackMistakes", "BlackBlunders"}};
        for (int side = 0; side < 2; side++) {
            long v[4] = {s[side].acpl, s[side].inaccuracies, s[side].mistakes, s[side].blunders};
            for (int k = 0; k < 4; k++) {
                if (k == 0 && v[0] < 0) continue;
                snprintf(numbers[side * 4 + k], sizeof numbers[0], "%ld", v[k]);
                names[ntags + extra] = tag[side][k];
                values[ntags + extra++] = numbers[side * 4 + k];
            }
        }
    }
    rf_pgn_write_tags(w, names, values, ntags + extra, g->result);
    free(names);
    return 0;
}

/* A game without moves: the start's eval (or the analysis error) as a comment. */
static void write_start_eval(rf_pgn_writer *w, const analyse_game *g)
{
    char e[32];
    size_t n = analyse_eval_text(e, sizeof e, g, 0);
    if (n) {
        char c[48];
        int m = snprintf(c, sizeof c, "[%%eval %s]", e);
        rf_pgn_write_comment(w, c, (size_t)m);
    } else if (g->evals[0].error) {
        char c[1800];
        int m = snprintf(c, sizeof c, "analysis error: %s", g->evals[0].error);
        rf_pgn_write_comment(w, c, m > 0 && (size_t)m < sizeof c ? (size_t)m : sizeof c - 1);
    }
}

/* After a main-line move (event *i, ply `ply` reached): its NAGs, then one comment of the eval
 * (or the analysis error) and the game's own comments there, their old [%eval] left out; the
 * game's comments as they are when there is no eval. *i: the last event used; buf: scratch. */
static void write_after_move(rf_pgn_writer *w, const analyse_game *g, size_t *i, size_t ply, char **buf, size_t *cap)
{
    while (*i + 1 < g->nevents && g->events[*i + 1].kind == 'n') rf_pgn_write_nag(w, g->events[++*i].nag);
    size_t len = 0;
    char ev[32];
    size_t en = analyse_eval_text(ev, sizeof ev, g, ply);
    if (en) {
        append(buf, &len, cap, "[%eval ", 7);
        append(buf, &len, cap, ev, en);
        append(buf, &len, cap, "]", 1);
    } else if (g->evals[ply].error) {
        append(buf, &len, cap, "analysis error: ", 16);
        append(buf, &len, cap, g->evals[ply].error, strlen(g->evals[ply].error));
    }
    int ours = len > 0;
    while (*i + 1 < g->nevents && g->events[*i + 1].kind == 'c') {
        const analyse_event *c = &g->events[++*i];
        char *clean = malloc(c->len + 1);
        if (!clean) continue;
        size_t cn = ours ? without_eval(clean, g->text + c->pos, c->len) : c->len;
        if (!ours) memcpy(clean, g->text + c->pos, c->len);
        if (ours && cn == 0) {
            free(clean);
            continue;
        }
        if (!ours) {
            rf_pgn_write_comment(w, clean, cn);
        } else {
            append(buf, &len, cap, " ", 1);
            append(buf, &len, cap, clean, cn);
        }
        free(clean);
    }
    if (ours) rf_pgn_write_comment(w, *buf, len);
}

static void write_pgn(analyse_output *o, const analyse_game *g)
{
    rf_pgn_writer w;
    rf_pgn_writer_start(&w, write_file, o->out);
    if (write_tags(o, g, &w) < 0) return;
    char *buf = NULL;
    size_t cap = 0;
    if (g->plies == 0) write_start_eval(&w, g);
    for (size_t i = 0; i < g->nevents; i++) {
        const analyse_event *e = &g->events[i];
        switch (e->kind) {
        case 'm': {
            const rf_position *before = e->depth == 0 ? &g->main[e->pos] : &g->var_positions[e->pos];
            rf_pgn_write_move(&w, before, e->move);
            if (!e->depth) write_after_move(&w, g, &i, e->pos + 1, &buf, &cap);
            break;
        }
        case 'c': rf_pgn_write_comment(&w, g->text + e->pos, e->len); break;
        case 'n': rf_pgn_write_nag(&w, e->nag); break;
        case '(': rf_pgn_write_begin_variation(&w); break;
        case ')': rf_pgn_write_end_variation(&w); break;
        default: break;
        }
    }
    free(buf);
    rf_pgn_write_result(&w, g->result);
}

/* ---- rows -------------------------------------------------------------------------------------- */

const char *const analyse_columns[ANALYSE_COLUMNS] = {"game", "ply", "multipv", "fen", "move", "eval_cp", "mate",
                                                     "best", "pv", "depth", "nodes", "time_ms", "error"};

static int column_shown(const analyse_output *o, size_t c)
{
    return c != 2 || o->multipv > 1;
}

static void header(analyse_output *o)
{
    int first = 1;
    for (size_t c = 0; c < ANALYSE_COLUMNS; c++) {
        if (!column_shown(o, c)) continue;
        pgn_columns_cell(&o->cols, o->out, first, analyse_columns[c], strlen(analyse_columns[c]));
        first = 0;
    }
    putc('\n', o->out);
}

size_t analyse_rows(const analyse_game *g, size_t ply)
{
    const analyse_eval *ev = &g->evals[ply];
    if (!ev->asked) return 0;
    if (ev->result && !ev->fault && !ev->terminal && ev->result->line_count > 1) return ev->result->line_count;
    return 1;
}

void analyse_row_get(const analyse_game *g, size_t ply, size_t k, analyse_row *out)
{
    memset(out, 0, sizeof *out);
    const analyse_eval *ev = &g->evals[ply];
    const rf_position *pos = &g->main[ply];
    out->game = g->index;
    out->ply = ply;
    out->multipv = k + 1;
    out->pos = pos;
    if (ply < g->plies) out->has_move = 1, out->move = g->moves[ply];
    out->error = ev->error;
    out->end = ev->end;
    if (!ev->result || ev->fault || ev->terminal) return;
    if (ev->result->has_best && k == 0) out->has_best = 1, out->best = ev->result->best;
    if (k < ev->result->line_count) {
        const uci_line *ln = &ev->result->lines[k];
        if (k > 0 && ln->pv_len) out->has_best = 1, out->best = ln->pv[0];
        out->pv = ln->pv;
        out->pv_len = ln->pv_len;
        out->depth = ln->depth ? ln->depth : ev->result->depth;
        out->nodes = ln->nodes ? ln->nodes : ev->result->nodes;
        out->time_ms = ln->time_ms ? ln->time_ms : ev->result->time_ms;
        out->has_numbers = 1;
    }
    if (line_of(g, ply, k)) {
        out->has_score = 1;
        out->score = analyse_white_score(g, ply, k);
    }
}

void analyse_row_text(const analyse_game *g, size_t ply, size_t k, analyse_text *r)
{
    analyse_row a;
    analyse_row_get(g, ply, k, &a);
    memset(r, 0, sizeof *r);
    snprintf(r->game, sizeof r->game, "%lu", a.game);
    snprintf(r->ply, sizeof r->ply, "%zu", a.ply);
    snprintf(r->multipv, sizeof r->multipv, "%zu", a.multipv);
    rf_position_to_fen(r->fen, sizeof r->fen, a.pos, 0);
    if (a.has_move) rf_move_to_uci(r->move, sizeof r->move, a.pos, a.move);
    r->error = a.error;
    r->end = a.end;
    if (a.has_best) {
        rf_move_to_uci(r->best, sizeof r->best, a.pos, a.best);
        r->has_best = 1;
    }
    if (a.has_numbers) {
        size_t at = 0;
        rf_position p = *a.pos;
        for (size_t i = 0; i < a.pv_len && at + RF_UCI_MAX + 2 < sizeof r->pv; i++) {
            if (i) r->pv[at++] = ' ';
            at += rf_move_to_uci(r->pv + at, sizeof r->pv - at, &p, a.pv[i]);
            rf_position_play(&p, a.pv[i]);
        }
        snprintf(r->depth, sizeof r->depth, "%d", a.depth);
        snprintf(r->nodes, sizeof r->nodes, "%llu", (unsigned long long)a.nodes);
        snprintf(r->time_ms, sizeof r->time_ms, "%ld", a.time_ms);
        r->has_numbers = 1;
    }
    if (a.has_score) {
        if (a.score.is_mate) {
            snprintf(r->mate, sizeof r->mate, "%d", a.score.value);
            r->has_mate = 1;
        } else {
            snprintf(r->eval_cp, sizeof r->eval_cp, "%d", a.score.value);
            r->has_eval = 1;
        }
    }
}

static void table_row(analyse_output *o, const analyse_text *r)
{
    const char *cells[] = {r->game, r->ply, r->multipv, r->fen, r->move, r->eval_cp, r->mate, r->best,
                           r->pv, r->depth, r->nodes, r->time_ms, r->error ? r->error : ""};
    int first = 1;
    for (size_t c = 0; c < sizeof cells / sizeof *cells; c++) {
        if (!column_shown(o, c)) continue;
        pgn_columns_cell(&o->cols, o->out, first, cells[c], strlen(cells[c]));
        first = 0;
    }
    putc('\n', o->out);
}

static void json_row(analyse_output *o, const analyse_text *r)
{
    cli_json j;
    cli_json_start(&j, o->out);
    cli_json_object(&j);
    cli_json_key(&j, "game");
    cli_json_number(&j, r->game);
    cli_json_key(&j, "ply");
    cli_json_number(&j, r->ply);
    if (o->multipv > 1) {
        cli_json_key(&j, "multipv");
        cli_json_number(&j, r->multipv);
    }
    cli_json_kstr(&j, "fen", r->fen);
    cli_json_kstr(&j, "move", r->move);
    cli_json_key(&j, "eval_cp");
    if (r->has_eval) cli_json_number(&j, r->eval_cp);
    else cli_json_null(&j);
    cli_json_key(&j, "mate");
    if (r->has_mate) cli_json_number(&j, r->mate);
    else cli_json_null(&j);
    cli_json_kstr(&j, "best", r->has_best ? r->best : NULL);
    cli_json_kstr(&j, "pv", r->has_numbers ? r->pv : NULL);
    const char *numbers[3][2] = {{"depth", r->depth}, {"nodes", r->nodes}, {"time_ms", r->time_ms}};
    for (int i = 0; i < 3; i++) {
        cli_json_key(&j, numbers[i][0]);
        if (r->has_numbers) cli_json_number(&j, numbers[i][1]);
        else cli_json_null(&j);
    }
    cli_json_kstr(&j, "end", r->end);
    cli_json_kstr(&j, "error", r->error);
    cli_json_end(&j);
}

static void summary_rows(analyse_output *o, const analyse_game *g)
{
    analyse_side s[2];
    analyse_summary(g, s);
    static const char *const cols[] = {"game", "side", "moves", "acpl", "inaccuracies", "mistakes", "blunders"};
    if (o->format == ANALYSE_JSON) {
        cli_json j;
        cli_json_start(&j, o->out);
        cli_json_object(&j);
        cli_json_kint(&j, "game", (long long)g->index);
        for (int side = 0; side < 2; side++) {
            cli_json_key(&j, side ? "black" : "white");
            cli_json_object(&j);
            cli_json_kint(&j, "moves", s[side].moves);
            cli_json_key(&j, "acpl");
            if (s[side].acpl >= 0) cli_json_int(&j, s[side].acpl);
            else cli_json_null(&j);
            cli_json_kint(&j, "inaccuracies", s[side].inaccuracies);
            cli_json_kint(&j, "mistakes", s[side].mistakes);
            cli_json_kint(&j, "blunders", s[side].blunders);
            cli_json_end(&j);
        }
        cli_json_end(&j);
        return;
    }
    if (!o->header_done) {
        for (size_t c = 0; c < sizeof cols / sizeof *cols; c++) pgn_columns_cell(&o->cols, o->out, c == 0, cols[c], strlen(cols[c]));
        putc('\n', o->out);
        o->header_done = 1;
    }
    for (int side = 0; side < 2; side++) {
        char v[7][24];
        snprintf(v[0], sizeof v[0], "%lu", g->index);
        snprintf(v[1], sizeof v[1], "%s", side ? "black" : "white");
        snprintf(v[2], sizeof v[2], "%ld", s[side].moves);
        if (s[side].acpl >= 0) snprintf(v[3], sizeof v[3], "%ld", s[side].acpl);
        else v[3][0] = 0;
        snprintf(v[4], sizeof v[4], "%ld", s[side].inaccuracies);
        snprintf(v[5], sizeof v[5], "%ld", s[side].mistakes);
        snprintf(v[6], sizeof v[6], "%ld", s[side].blunders);
        for (int c = 0; c < 7; c++) pgn_columns_cell(&o->cols, o->out, c == 0, v[c], strlen(v[c]));
        putc('\n', o->out);
    }
}

void analyse_output_game(analyse_output *o, const analyse_game *g)
{
    if (o->format == ANALYSE_PGN) {
        write_pgn(o, g);
        return;
    }
    if (o->summary) {
        summary_rows(o, g);
        return;
    }
    if (o->format != ANALYSE_JSON && !o->header_done) {
        header(o);
        o->header_done = 1;
    }
    analyse_text r;
    for (size_t ply = 0; ply <= g->plies; ply++) {
        size_t lines = analyse_rows(g, ply);
        for (size_t k = 0; k < lines; k++) {
            analyse_row_text(g, ply, k, &r);
            if (o->format == ANALYSE_JSON) json_row(o, &r);
            else table_row(o, &r);
        }
    }
}

void analyse_output_end(analyse_output *o)
{
    /* A table with no game still has its header line. */
    if (o->format != ANALYSE_PGN && o->format != ANALYSE_JSON && !o->header_done) {
        if (o->summary) {
            static const char *const cols[] = {"game", "side", "moves", "acpl", "inaccuracies", "mistakes", "blunders"};
            for (size_t c = 0; c < 7; c++) pgn_columns_cell(&o->cols, o->out, c == 0, cols[c], strlen(cols[c]));
            putc('\n', o->out);
        } else {
            header(o);
        }
        o->header_done = 1;
    }
}
