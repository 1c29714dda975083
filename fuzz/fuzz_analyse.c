/*
 * fuzz_analyse.c - the input handling of `rankfile analyse` (app/analyse_game.c) and its
 * checkpoint records (app/analyse_checkpoint.c), from any bytes.
 *
 * Input: a first byte, then the rest. An even first byte: the rest is an input of `analyse`
 * (PGN games or FEN lines, told apart as the command does), read game by game; one whose low
 * bits are 01: the rest is a checkpoint record of the start position (the text after "SEQ
 * CHECK "); 11: the rest is a checkpoint file, opened with the key "k".
 * Properties:
 *   - reading never crashes, and a game without an error has a start, its main line's positions
 *     are its moves played from there, and its error text (for the others) is one line;
 *   - each such game, given an answer per position (a score, a pv of the first legal moves, a
 *     best move), is written as PGN and read back by the library's PGN reader with the same main
 *     line and no error; and as TSV rows, one per position, each of 12 cells;
 *   - every answer's checkpoint record reads back to the same answer (records are a codec);
 *   - a record read from any bytes writes back to text that reads to the same answer again;
 *   - a checkpoint file is opened (0) or refused as another command line's (64) or as no
 *     checkpoint (65) with a one-line message; one opened opens again (its torn last line
 *     dropped), and any record found for the start position (number 0) is found again.
 */
#include "fuzz.h"
#include "analyse.h"
#include "analyse_output.h"
#include "analyse_read.h"

#include <stdlib.h>
#include <string.h>

static int same_result(const uci_result *a, const uci_result *b)
{
    if (a->has_best != b->has_best || (a->has_best && a->best != b->best)) return 0;
    if (a->has_ponder != b->has_ponder || (a->has_ponder && a->ponder != b->ponder)) return 0;
    if (a->depth != b->depth || a->nodes != b->nodes || a->time_ms != b->time_ms || a->line_count != b->line_count)
        return 0;
    for (size_t k = 0; k < a->line_count; k++) {
        const uci_line *x = &a->lines[k], *y = &b->lines[k];
        if (x->multipv != y->multipv || x->has_score != y->has_score || x->depth != y->depth ||
            x->seldepth != y->seldepth || x->nodes != y->nodes || x->time_ms != y->time_ms || x->pv_len != y->pv_len)
            return 0;
        if (x->has_score && (x->score.is_mate != y->score.is_mate || x->score.value != y->score.value ||
                             x->score.lowerbound != y->score.lowerbound || x->score.upperbound != y->score.upperbound))
            return 0;
        for (size_t i = 0; i < x->pv_len; i++)
            if (x->pv[i] != y->pv[i]) return 0;
    }
    return 1;
}

/* A made-up answer for a position: up to 3 legal moves deep. */
static void answer(uci_result *r, const rf_position *pos, unsigned salt)
{
    memset(r, 0, sizeof *r);
    rf_movelist list;
    rf_position p = *pos;
    uci_line *l = &r->lines[0];
    l->multipv = 1;
    l->has_score = 1;
    l->score.is_mate = salt % 7 == 0;
    l->score.value = l->score.is_mate ? (int)(salt % 9) - 4 : (int)(salt % 2001) - 1000;
    l->score.lowerbound = salt % 5 == 0;
    l->depth = (int)(salt % 30);
    l->nodes = salt * 977u;
    l->time_ms = (long)(salt % 100);
    for (int i = 0; i < 3; i++) {
        if (rf_generate_moves(&list, &p) == 0) break;
        l->pv[l->pv_len++] = list.moves[(salt + (unsigned)i) % list.count];
        rf_position_play(&p, l->pv[l->pv_len - 1]);
    }
    r->line_count = 1;
    r->depth = l->depth;
    r->nodes = l->nodes;
    r->time_ms = l->time_ms;
    if (l->pv_len) r->has_best = 1, r->best = l->pv[0];
    if (l->pv_len > 1) r->has_ponder = 1, r->ponder = l->pv[1];
}

static void check_record(const rf_position *pos, const uci_result *r)
{
    char text[16384];
    size_t n = analyse_record_write(text, sizeof text, pos, r);
    FUZZ_CHECK(n > 0, "a record does not fit");
    uci_result back;
    FUZZ_CHECK(analyse_record_read(text, n, pos, &back) == 0, "a record written does not read: %s", text);
    FUZZ_CHECK(same_result(r, &back), "a record reads back otherwise: %s", text);
}

typedef struct pgn_check {
    const analyse_game *g;
    size_t plies;
    int bad;
} pgn_check;

static void pc_move(void *user, const rf_position *before, rf_move m, unsigned depth)
{
    pgn_check *c = user;
    (void)before;
    if (depth) return;
    if (c->plies >= c->g->plies || c->g->moves[c->plies] != m) c->bad = 1;
    c->plies++;
}

static void pc_end(void *user, const rf_pgn_game *game)
{
    pgn_check *c = user;
    if (game->status != RF_OK) c->bad = 2;
}

static void check_game(analyse_game *g)
{
    if (g->error) {
        FUZZ_CHECK(fuzz_is_one_line(g->error, strlen(g->error) + 1), "an error is not one line");
        return;
    }
    FUZZ_CHECK(g->start_ok, "a game without an error has no start");
    for (size_t i = 0; i < g->plies; i++) {
        rf_position p = g->main[i];
        FUZZ_CHECK(rf_move_is_legal(&p, g->moves[i]), "move %zu is not legal", i);
        rf_position_play(&p, g->moves[i]);
        FUZZ_CHECK(p.key == g->main[i + 1].key, "position %zu is not the moves played", i + 1);
    }
    for (size_t i = 0; i <= g->plies; i++) {
        analyse_eval *ev = &g->evals[i];
        ev->asked = 1;
        ev->result = malloc(sizeof *ev->result);
        FUZZ_CHECK(ev->result != NULL, "out of memory");
        answer(ev->result, &g->main[i], (unsigned)(i * 2654435761u + g->index));
        check_record(&g->main[i], ev->result);
    }
    /* PGN: read back with the same main line */
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    FUZZ_CHECK(f != NULL, "no memory stream");
    analyse_output o;
    analyse_output_start(&o, f, ANALYSE_PGN, 1, g->index % 2);
    analyse_output_game(&o, g);
    fclose(f);
    rf_pgn_reader *r = rf_pgn_reader_new_memory(text, len);
    pgn_check c = {g, 0, 0};
    rf_pgn_visitor v = {0};
    v.user = &c;
    v.move = pc_move;
    v.end_game = pc_end;
    FUZZ_CHECK(rf_pgn_read_game(r, &v) == 1, "the PGN written holds no game: %s", text);
    FUZZ_CHECK(!c.bad && c.plies == g->plies, "the PGN written reads back otherwise (%d, %zu of %zu plies): %s",
               c.bad, c.plies, g->plies, text);
    rf_pgn_reader_free(r);
    free(text);
    /* TSV: a row per position, 12 cells each */
    text = NULL;
    f = open_memstream(&text, &len);
    FUZZ_CHECK(f != NULL, "no memory stream");
    analyse_output_start(&o, f, ANALYSE_TSV, 1, 0);
    analyse_output_game(&o, g);
    fclose(f);
    size_t rows = 0, cells = 1;
    for (size_t i = 0; i < len; i++) {
        if (text[i] == '\t') cells++;
        if (text[i] == '\n') {
            FUZZ_CHECK(cells == 12, "a row of %zu cells", cells);
            rows++;
            cells = 1;
        }
    }
    FUZZ_CHECK(rows == g->plies + 2, "%zu rows for %zu positions", rows, g->plies + 1);
    free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1) return 0;
    const char *rest = (const char *)data + 1;
    size_t n = size - 1;
    if ((data[0] & 3) == 3) {
        char path[] = "/tmp/fuzz_analyse_XXXXXX";
        int fd = mkstemp(path);
        FUZZ_CHECK(fd >= 0, "no temporary file");
        FUZZ_CHECK(write(fd, rest, n) == (ssize_t)n, "cannot write the checkpoint");
        close(fd);
        rf_position start;
        rf_position_startpos(&start, RF_VARIANT_STANDARD);
        uci_result first, again;
        int found = 0;
        for (int round = 0; round < 2; round++) {
            analyse_journal *j = NULL;
            char message[512];
            int st = analyse_journal_open(&j, path, "k", message, sizeof message);
            FUZZ_CHECK(st == 0 || (round == 0 && (st == CLI_USAGE || st == CLI_DATAERR)),
                       "round %d: status %d: %s", round, st, st ? message : "");
            if (st) {
                FUZZ_CHECK(fuzz_is_one_line(message, sizeof message), "not one line: %s", message);
                break;
            }
            if (round == 0) found = analyse_journal_find(j, 0, &start, start.key, &first);
            else FUZZ_CHECK(analyse_journal_find(j, 0, &start, start.key, &again) == found &&
                            (!found || same_result(&first, &again)), "a record found once, not twice");
            analyse_journal_close(j);
        }
        unlink(path);
        return 0;
    }
    if (data[0] & 1) {
        rf_position start;
        rf_position_startpos(&start, RF_VARIANT_STANDARD);
        uci_result r;
        if (analyse_record_read(rest, n, &start, &r) == 0) check_record(&start, &r);
        return 0;
    }
    char error[256];
    cli_input *in = cli_input_open_quiet(-1, rest, n, "fuzz", error, sizeof error);
    if (!in) return 0;
    analyse_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.encoding = CLI_ENCODING_AUTO;
    analyse_source src = {"fuzz", in};
    int st;
    analyse_reader *reader = analyse_reader_open(&cfg, &src, &st);
    if (reader) {
        analyse_game *g;
        unsigned long index = 0;
        while (analyse_reader_next(reader, &g) == 1) {
            g->index = ++index;
            check_game(g);
            analyse_game_free(g);
        }
        analyse_reader_close(reader);
    }
    cli_input_close(in);
    return 0;
}
