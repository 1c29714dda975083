/*
 * fuzz_uci.c - the UCI driver's line reader (uci_read_line, app/uci.c): what an engine says
 * during a search, read into a result.
 *
 * Input: the first byte picks the position searched (below) and, by its top bit, the engine's
 * castling mode (Chess960: king-takes-rook); every further line is one line the engine said,
 * read in order into one result, as uci_search reads them. Properties, after every line:
 *   - the answer is 0, 1 (only for a line whose first word is `bestmove`) or UCI_ILLEGAL, and
 *     the error says the same: UCI_OK with an empty message, or UCI_ILLEGAL with a one-line
 *     message of printable ASCII;
 *   - an `info` line that is UCI_ILLEGAL leaves the result as it was (no half-read line);
 *   - the result holds only what can be: line_count <= UCI_MAX_MULTIPV, lines[i].multipv = i + 1,
 *     pv_len <= UCI_MAX_PV, every pv move legal when the line is played from the position, in
 *     order; a best move legal in the position (none after an illegal bestmove or `(none)`, which
 *     is accepted only where there is no legal move), a ponder move only with a best move and
 *     legal after it;
 *   - every castling move kept (pv, best, ponder) is written back by rf_move_to_uci as the
 *     engine's mode writes it, and that text reads back as the move.
 */
#include "fuzz.h"
#include "uci.h"

static const struct {
    const char *fen;
    unsigned flags;
} positions[] = {
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 0},
    {"r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4", 0},
    {"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", RF_PARSE_CHESS960},
    {"r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 2 4", 0},
    {"r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4", 0}, /* mated */
    {"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", 0},                                  /* stalemate */
    {"2bkb3/2p1p3/8/8/8/8/PPP5/RK6 w A - 0 1", RF_PARSE_CHESS960},
    {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 0},
    {"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", 0},
};
#define POSITIONS (sizeof positions / sizeof *positions)

static void check_move_text(const rf_position *pos, rf_move m, int chess960)
{
    if (RF_MOVE_KIND(m) != RF_MOVE_CASTLING) return;
    rf_position mode;
    memset(&mode, 0, sizeof mode);
    mode.chess960 = (uint8_t)(chess960 != 0);
    char text[RF_UCI_MAX];
    size_t n = rf_move_to_uci(text, sizeof text, &mode, m);
    rf_move back;
    FUZZ_CHECK(rf_move_from_uci(&back, pos, text, n, NULL) == RF_OK && back == m,
               "castling %s does not read back", text);
    if (chess960) FUZZ_CHECK(RF_MOVE_TO(m) == rf_square_parse(text + 2, 2), "Chess960 castling %s is not king-takes-rook", text);
}

static void check_result(const uci_result *r, const rf_position *pos, int chess960)
{
    FUZZ_CHECK(r->line_count <= UCI_MAX_MULTIPV, "%zu lines", r->line_count);
    for (size_t i = 0; i < r->line_count; i++) {
        const uci_line *l = &r->lines[i];
        FUZZ_CHECK(l->multipv == (int)i + 1, "line %zu says multipv %d", i, l->multipv);
        FUZZ_CHECK(l->pv_len <= UCI_MAX_PV, "pv of %zu moves", l->pv_len);
        rf_position at = *pos;
        for (size_t k = 0; k < l->pv_len; k++) {
            FUZZ_CHECK(l->pv[k] != RF_MOVE_NULL && rf_move_is_legal(&at, l->pv[k]),
                       "line %zu pv move %zu (%04x) is not legal", i, k, l->pv[k]);
            check_move_text(&at, l->pv[k], chess960);
            rf_position_play(&at, l->pv[k]);
        }
    }
    if (r->has_best) {
        FUZZ_CHECK(r->best != RF_MOVE_NULL && rf_move_is_legal(pos, r->best), "best move %04x not legal", r->best);
        check_move_text(pos, r->best, chess960);
        if (r->has_ponder) {
            rf_position after = *pos;
            rf_position_play(&after, r->best);
            FUZZ_CHECK(r->ponder != RF_MOVE_NULL && rf_move_is_legal(&after, r->ponder),
                       "ponder move %04x not legal", r->ponder);
            check_move_text(&after, r->ponder, chess960);
        }
    } else {
        FUZZ_CHECK(!r->has_ponder, "a ponder move without a best move");
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0) return 0;
    unsigned pick = data[0] & 0x7f;
    int chess960 = (data[0] & 0x80) != 0;
    rf_position pos;
    const char *fen = positions[pick % POSITIONS].fen;
    unsigned flags = positions[pick % POSITIONS].flags;
    if (flags & RF_PARSE_CHESS960) chess960 = 1; /* a Chess960 position needs that mode */
    if (rf_position_parse(&pos, fen, strlen(fen), RF_VARIANT_STANDARD, flags, RF_ACCEPT_DEFAULT, NULL) != RF_OK)
        abort();
    rf_movelist legal;
    int has_moves = rf_generate_moves(&legal, &pos) > 0;
    uci_result res;
    uci_result_clear(&res);
    size_t at = 1;
    while (at < size) {
        const uint8_t *nl = memchr(data + at, '\n', size - at);
        size_t len = nl ? (size_t)(nl - (data + at)) : size - at;
        const char *line = (const char *)data + at;
        at += len + (nl ? 1 : 0);
        /* The line in its own buffer, so that a read past its end is caught by ASan. */
        char *copy = malloc(len ? len : 1);
        if (!copy) abort();
        memcpy(copy, line, len);
        uci_result before;
        memcpy(&before, &res, sizeof res);
        uci_error err;
        int r = uci_read_line(&res, &pos, chess960, copy, len, &err);
        size_t s = 0;
        while (s < len && (copy[s] == ' ' || copy[s] == '\t')) s++;
        int is_best = len - s >= 8 && memcmp(copy + s, "bestmove", 8) == 0 &&
                      (len - s == 8 || copy[s + 8] == ' ' || copy[s + 8] == '\t');
        int is_info = len - s >= 4 && memcmp(copy + s, "info", 4) == 0 &&
                      (len - s == 4 || copy[s + 4] == ' ' || copy[s + 4] == '\t');
        free(copy);
        FUZZ_CHECK(r == 0 || r == 1 || r == UCI_ILLEGAL, "answer %d", r);
        FUZZ_CHECK(r != 1 || is_best, "1 for a line that is not bestmove");
        FUZZ_CHECK(!is_best || r != 0, "a bestmove line answered 0");
        if (r == UCI_ILLEGAL) {
            FUZZ_CHECK(is_best || is_info, "UCI_ILLEGAL for a line that is neither info nor bestmove");
            FUZZ_CHECK(err.fault == UCI_ILLEGAL, "fault %d", (int)err.fault);
            FUZZ_CHECK(fuzz_is_one_line(err.message, sizeof err.message), "message '%s'", err.message);
            if (is_info) FUZZ_CHECK(memcmp(&before, &res, sizeof res) == 0, "an illegal info line changed the result");
            if (is_best) FUZZ_CHECK(!res.has_best, "a best move kept from an illegal bestmove");
        } else {
            FUZZ_CHECK(err.fault == UCI_OK && err.message[0] == '\0', "fault %d with %d", (int)err.fault, r);
        }
        if (r == 1 && !res.has_best) FUZZ_CHECK(!has_moves, "no best move in a position with legal moves");
        check_result(&res, &pos, chess960);
    }
    return 0;
}
