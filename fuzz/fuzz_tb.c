/*
 * fuzz_tb.c - Syzygy probes (rf_tb_*, through Fathom) of positions made from the input.
 *
 * Input: byte 0 the side to move and options (bit 0 side, bit 1 every validity rule accepted,
 * bit 2 an en passant square, bit 3 castling right K), byte 1 the halfmove clock, bytes 2 and 3
 * the kings' squares, then pairs (piece, square) for up to three more pieces (so that 5-piece
 * positions ask more than the 3-4 piece tables hold). The pieces make a FEN that
 * rf_position_parse reads; what it refuses is left alone. The tables: $RANKFILE_SYZYGY_PATH, else
 * the shared 3-4 piece tables the build names (RF_FUZZ_SYZYGY); without them, or in a build
 * without Fathom, the target only checks that every probe answers RF_ERR_UNAVAILABLE or opens
 * nothing. Properties:
 *   - rf_tb_probe_wdl, rf_tb_probe_dtz and rf_tb_probe_root fail or succeed together, a failure
 *     being RF_ERR_NO_TABLE with a one-line message;
 *   - WDL is -2..2 and DTZ agrees with it (0 for a draw; 1..100 a win, above 100 a cursed win,
 *     and the mirror for losses), whatever the halfmove clock;
 *   - the root probe repeats WDL and DTZ, lists each legal move once, each move's WDL and DTZ
 *     agree as above; its best move is the first, legal, and keeps the position's WDL (none
 *     only when there is no legal move);
 *   - one table's values (rf_tb_probe_wdl_table, rf_tb_probe_dtz_table) are in range or
 *     RF_ERR_NO_TABLE; without a legal en passant capture, rf_tb_probe_ab(-2, 2) is the WDL and
 *     rf_tb_probe_dtz_no_ep the DTZ.
 */
#include "fuzz.h"

#ifndef RF_FUZZ_SYZYGY
#define RF_FUZZ_SYZYGY ""
#endif

static void check_values(int wdl, int dtz, const char *what)
{
    FUZZ_CHECK(wdl >= -2 && wdl <= 2, "%s: wdl %d", what, wdl);
    switch (wdl) {
    case 2: FUZZ_CHECK(dtz >= 1 && dtz <= 100, "%s: win, dtz %d", what, dtz); break;
    case 1: FUZZ_CHECK(dtz > 100, "%s: cursed win, dtz %d", what, dtz); break;
    case 0: FUZZ_CHECK(dtz == 0, "%s: draw, dtz %d", what, dtz); break;
    case -1: FUZZ_CHECK(dtz < -100, "%s: blessed loss, dtz %d", what, dtz); break;
    default: FUZZ_CHECK(dtz <= -1 && dtz >= -100, "%s: loss, dtz %d", what, dtz); break;
    }
}

static rf_tb *tables(void)
{
    static rf_tb *tb;
    static int tried;
    if (!tried) {
        tried = 1;
        const char *path = getenv("RANKFILE_SYZYGY_PATH");
        if (!path || !*path) path = RF_FUZZ_SYZYGY;
        rf_error err;
        rf_status st = rf_tb_open(&tb, *path ? path : "/nonexistent", &err);
        FUZZ_CHECK(st == RF_OK || fuzz_is_one_line(err.message, sizeof err.message),
                   "open: '%.160s'", err.message);
        FUZZ_CHECK(rf_tb_available() || st == RF_ERR_UNAVAILABLE, "open without Fathom: %d", st);
    }
    return tb;
}

/* The input's position as a FEN in buf; 0 when the input is too short. */
static int make_fen(char *buf, size_t cap, const uint8_t *data, size_t size)
{
    static const char pieces[] = "PNBRQpnbrq";
    if (size < 4) return 0;
    char board[64];
    memset(board, 0, sizeof board);
    board[data[2] & 63] = 'K';
    board[data[3] & 63] = 'k';
    for (size_t i = 4; i + 1 < size && i < 10; i += 2)
        board[data[i + 1] & 63] = pieces[data[i] % 10];
    size_t n = 0;
    for (int rank = 7; rank >= 0; rank--) {
        int empty = 0;
        for (int file = 0; file < 8; file++) {
            char c = board[rank * 8 + file];
            if (!c) {
                empty++;
                continue;
            }
            if (empty) buf[n++] = (char)('0' + empty);
            empty = 0;
            buf[n++] = c;
        }
        if (empty) buf[n++] = (char)('0' + empty);
        if (rank) buf[n++] = '/';
    }
    int black = data[0] & 1;
    char ep[3] = "-";
    if (data[0] & 4) {
        ep[0] = (char)('a' + (data[1] & 7));
        ep[1] = black ? '3' : '6';
    }
    snprintf(buf + n, cap - n, " %c %s %s %u 1", black ? 'b' : 'w', data[0] & 8 ? "K" : "-", ep,
             (unsigned)data[1] % 120);
    return 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    rf_tb *tb = tables();
    char fen[128];
    if (!make_fen(fen, sizeof fen, data, size)) return 0;
    rf_position pos;
    uint32_t accept = data[0] & 2 ? RF_INVALID_ALL & ~RF_INVALID_EMPTY_BOARD : RF_ACCEPT_DEFAULT;
    if (rf_position_parse(&pos, fen, strlen(fen), RF_VARIANT_STANDARD, 0, accept, NULL) != RF_OK)
        return 0;
    int wdl = 99, dtz = 99;
    rf_tb_root root;
    rf_error e1, e2, e3;
    rf_status s1 = rf_tb_probe_wdl(&wdl, tb, &pos, &e1);
    rf_status s2 = rf_tb_probe_dtz(&dtz, tb, &pos, &e2);
    rf_status s3 = rf_tb_probe_root(&root, tb, &pos, &e3);
    if (!tb) {
        FUZZ_CHECK(s1 != RF_OK && s2 != RF_OK && s3 != RF_OK, "%s: probes without tables", fen);
        return 0;
    }
    FUZZ_CHECK(s1 == s2 && s2 == s3, "%s: statuses %d %d %d", fen, s1, s2, s3);
    if (s1 != RF_OK) {
        FUZZ_CHECK(s1 == RF_ERR_NO_TABLE, "%s: status %d", fen, s1);
        FUZZ_CHECK(fuzz_is_one_line(e1.message, sizeof e1.message), "%s: '%.160s'", fen,
                   e1.message);
        return 0;
    }
    check_values(wdl, dtz, fen);
    FUZZ_CHECK(root.wdl == wdl && root.dtz == dtz, "%s: root %d/%d, probes %d/%d", fen, root.wdl,
               root.dtz, wdl, dtz);
    rf_movelist legal;
    rf_generate_moves(&legal, &pos);
    FUZZ_CHECK(root.count == legal.count, "%s: %u moves of %u", fen, root.count, legal.count);
    for (unsigned i = 0; i < root.count; i++) {
        FUZZ_CHECK(rf_move_is_legal(&pos, root.moves[i].move), "%s: move %u not legal", fen, i);
        for (unsigned j = 0; j < i; j++)
            FUZZ_CHECK(root.moves[j].move != root.moves[i].move, "%s: move %u twice", fen, i);
        check_values(root.moves[i].wdl, root.moves[i].dtz, fen);
        FUZZ_CHECK(root.moves[i].wdl <= wdl, "%s: move %u wdl %d above the position's %d", fen, i,
                   root.moves[i].wdl, wdl);
    }
    int table = 99, ab = 99, how = 99, no_ep = 99, stored = 99, raw = -1;
    rf_status st = rf_tb_probe_wdl_table(&table, tb, &pos, NULL);
    FUZZ_CHECK(st == RF_OK ? table >= -2 && table <= 2 : st == RF_ERR_NO_TABLE, "%s: table %d/%d",
               fen, st, table);
    st = rf_tb_probe_dtz_table(&raw, &stored, tb, &pos, wdl, NULL);
    FUZZ_CHECK(st == RF_OK ? raw >= 0 && (stored == 1 || (stored == 0 && raw == 0))
                           : st == RF_ERR_NO_TABLE,
               "%s: dtz table %d/%d/%d", fen, st, raw, stored);
    st = rf_tb_probe_ab(&ab, &how, tb, &pos, -2, 2, NULL);
    FUZZ_CHECK(st == RF_OK ? ab >= -2 && ab <= 2 && how >= 1 && how <= 2 : st == RF_ERR_NO_TABLE,
               "%s: ab %d/%d/%d", fen, st, ab, how);
    if (st == RF_OK && !pos.ep_legal)
        FUZZ_CHECK(ab == wdl, "%s: probe_ab %d, wdl %d", fen, ab, wdl);
    st = rf_tb_probe_dtz_no_ep(&no_ep, tb, &pos, NULL);
    FUZZ_CHECK(st == RF_OK || st == RF_ERR_NO_TABLE, "%s: dtz without ep %d", fen, st);
    if (st == RF_OK && !pos.ep_legal)
        FUZZ_CHECK(no_ep == dtz, "%s: dtz without ep %d, dtz %d", fen, no_ep, dtz);
    if (root.count == 0) {
        FUZZ_CHECK(root.best == RF_MOVE_NONE, "%s: a best move without legal moves", fen);
    } else {
        FUZZ_CHECK(root.best == root.moves[0].move && rf_move_is_legal(&pos, root.best),
                   "%s: best move not the first or not legal", fen);
        FUZZ_CHECK(root.moves[0].wdl == wdl, "%s: best move wdl %d, position %d", fen,
                   root.moves[0].wdl, wdl);
    }
    return 0;
}
