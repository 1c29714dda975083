/*
 * fuzz_fen.c - FEN parsing and writing.
 *
 * Input: any bytes, read as one FEN text. Each input is parsed eight ways: standard and Atomic,
 * detected and forced Chess960 castling mode, the default accept mask and every flag accepted.
 * Properties:
 *   - a failure says what is wrong: err->status is the status returned, the message is one line
 *     of printable ASCII whatever bytes the input held, the offset lies within the input, and
 *     RF_ERR_INVALID names a rule the caller did not accept;
 *   - a parsed position passes the internal consistency check (also after RF_ERR_INVALID, which
 *     leaves the position as written), and breaks no rule the caller did not accept;
 *   - parse -> write -> parse is the identity (rf_position_equal) and the second writing is the
 *     same text, in X-FEN and in Shredder-FEN (with the en passant square always written; by
 *     default it is written only when a legal capture exists, and that text parses to the
 *     position without the square);
 *   - every legal move can be played, and the position after it passes the consistency check;
 *     the moves of positions that break rules of chess (accepted) included.
 */
#include "fuzz.h"
#include "position.h"

static void check_error(rf_status st, const rf_error *err, size_t len, uint32_t accept)
{
    FUZZ_CHECK(err->status == st, "status %d, err->status %d", st, err->status);
    FUZZ_CHECK(fuzz_is_one_line(err->message, sizeof err->message), "message '%.160s'",
               err->message);
    FUZZ_CHECK(err->offset <= len, "offset %zu of %zu bytes", err->offset, len);
    FUZZ_CHECK(st == RF_ERR_SYNTAX || st == RF_ERR_INVALID, "status %d", st);
    if (st == RF_ERR_INVALID)
        FUZZ_CHECK(err->validity & ~accept, "validity %#x, accepted %#x", err->validity, accept);
    else
        FUZZ_CHECK(err->field >= RF_FIELD_BOARD && err->field <= RF_FIELD_EXTRA, "field %d",
                   err->field);
}

/* Writes *pos with `flags`, parses the text back and compares. */
static void check_roundtrip(const rf_position *pos, unsigned parse_flags, uint32_t accept,
                            unsigned write_flags)
{
    char fen[RF_FEN_MAX], again[RF_FEN_MAX];
    size_t n = rf_position_to_fen(pos, fen, sizeof fen, write_flags);
    FUZZ_CHECK(n < sizeof fen && strlen(fen) == n, "FEN of %zu bytes", n);
    /* The text carries the castling mode only through the rights it names. */
    unsigned flags = parse_flags | (pos->chess960 ? RF_PARSE_CHESS960 : 0);
    rf_position back;
    rf_error err;
    rf_status st = rf_position_parse(&back, fen, n, flags, accept, &err);
    FUZZ_CHECK(st == RF_OK, "'%s' written, parsed back: %s", fen, err.message);
    rf_position want = *pos;
    if (!(write_flags & RF_FEN_EP_ALWAYS) && !pos->ep_legal) want.ep = RF_NO_SQUARE;
    FUZZ_CHECK(rf_position_equal(&back, &want), "'%s' parses to another position", fen);
    FUZZ_CHECK(back.key == pos->key, "'%s': keys differ", fen);
    rf_position_to_fen(&back, again, sizeof again, write_flags);
    FUZZ_CHECK(strcmp(fen, again) == 0, "'%s' written again as '%s'", fen, again);
}

static void check_moves(const rf_position *pos)
{
    rf_movelist list;
    unsigned n = rf_generate_moves(pos, &list);
    FUZZ_CHECK(n <= RF_MAX_MOVES && n == list.count, "%u moves", n);
    for (unsigned i = 0; i < n; i++) {
        rf_position after = *pos;
        rf_position_play(&after, list.moves[i]);
        const char *broken = rf__position_check(&after);
        char fen[RF_FEN_MAX], uci[RF_UCI_MAX];
        rf_move_to_uci(pos, list.moves[i], uci, sizeof uci);
        FUZZ_CHECK(!broken, "after %s in %s: %s", uci, fuzz_fen(pos, fen), broken);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *text = (const char *)data;
    static const unsigned parse_flags[4] = {0, RF_PARSE_CHESS960, RF_PARSE_ATOMIC,
                                            RF_PARSE_ATOMIC | RF_PARSE_CHESS960};
    static const uint32_t accepts[2] = {RF_ACCEPT_DEFAULT, RF_INVALID_ALL};
    for (int f = 0; f < 4; f++) {
        for (int a = 0; a < 2; a++) {
            rf_position pos;
            rf_error err;
            rf_status st = rf_position_parse(&pos, text, size, parse_flags[f], accepts[a], &err);
            if (st != RF_OK) check_error(st, &err, size, accepts[a]);
            if (st == RF_ERR_SYNTAX) continue;
            const char *broken = rf__position_check(&pos);
            char fen[RF_FEN_MAX];
            FUZZ_CHECK(!broken, "%s parsed: %s", fuzz_fen(&pos, fen), broken);
            if (st != RF_OK) continue;
            uint32_t validity = rf_position_validity(&pos);
            FUZZ_CHECK(!(validity & ~accepts[a]), "%s breaks rules %#x", fuzz_fen(&pos, fen),
                       validity);
            check_roundtrip(&pos, parse_flags[f], accepts[a], RF_FEN_EP_ALWAYS);
            check_roundtrip(&pos, parse_flags[f], accepts[a], RF_FEN_EP_ALWAYS | RF_FEN_SHREDDER);
            check_roundtrip(&pos, parse_flags[f], accepts[a], 0);
            /* The moves do not depend on how the text was written: one parse per variant. */
            if (a == 1 && !(parse_flags[f] & RF_PARSE_CHESS960)) check_moves(&pos);
        }
    }
    return 0;
}
