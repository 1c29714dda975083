/*
 * fuzz_fen.c - reading setups and positions: FEN, EPD operations, variant names.
 *
 * Input: any bytes, read as one FEN text (and as a variant name). Properties:
 *   - rf_setup_parse either fails with a syntax error that says what is wrong (err->status is
 *     the status returned, a field, an offset within the input, a one-line message of printable
 *     ASCII whatever bytes the input held), or its EPD operations lie inside the input and
 *     rf_epd_next reads them one by one, each opcode and operand list inside them, to the end;
 *   - rf_epd_next on the whole input never reads outside it, always moves forward, and fails
 *     only with a well-formed syntax error or RF_ERR_NOT_FOUND;
 *   - rf_position_parse is rf_setup_parse followed by rf_position_from_setup: same status, same
 *     position. It is tried for standard chess, Atomic chess, King of the Hill and Three-check, detected and
 *     forced Chess960 castling mode, the default accept mask and every flag accepted;
 *   - RF_ERR_INVALID names a rule the caller did not accept, and the field of a rule (castling,
 *     en passant or board) at an offset within the input; its message names each rule refused,
 *     "; " between two (the CLI gives each its --accept hint by that count);
 *   - a parsed position passes the internal consistency check, breaks no rule the caller did not
 *     accept, and its setup makes the same position again (setup -> position -> setup);
 *   - parse -> write -> parse is the identity (rf_position_equal) and the second writing is the
 *     same text, in X-FEN and in Shredder-FEN (with the en passant square always written; by
 *     default it is written only when a legal capture exists, and that text parses to the
 *     position without the square);
 *   - every legal move can be played, and the position after it passes the consistency check;
 *   - the input read as a variant name is either not found (outputs untouched) or a variant
 *     whose own name, and each of its aliases in the castling mode read (rf_variant_alias, a
 *     list that ends), read back as it; its UCI_Variant name (rf_variant_uci_name) is text.
 */
#include "fuzz.h"
#include "position.h"

#include <string.h>

static void check_error(rf_status st, const rf_error *err, size_t len)
{
    FUZZ_CHECK(err->status == st, "status %d, err->status %d", st, err->status);
    FUZZ_CHECK(fuzz_is_one_line(err->message, sizeof err->message), "message '%.160s'",
               err->message);
    FUZZ_CHECK(err->offset <= len, "offset %zu of %zu bytes", err->offset, len);
}

static void check_invalid(const rf_error *err, size_t len, uint32_t accept)
{
    check_error(RF_ERR_INVALID, err, len);
    /* Refused: a rule not accepted, or another variant's fields (refused whatever is accepted). */
    FUZZ_CHECK((err->validity & ~accept) || err->field == RF_FIELD_POCKET || err->field == RF_FIELD_CHECKS,
               "validity %#x, accepted %#x", err->validity, accept);
    FUZZ_CHECK(err->field == RF_FIELD_CASTLING || err->field == RF_FIELD_EP ||
                   err->field == RF_FIELD_BOARD || err->field == RF_FIELD_POCKET ||
                   err->field == RF_FIELD_CHECKS,
               "field %d", err->field);
    if (err->field == RF_FIELD_POCKET || err->field == RF_FIELD_CHECKS) return;
    int parts = 1, refused = 0;
    for (const char *p = err->message; (p = strstr(p, "; ")) != NULL; p += 2) parts++;
    for (uint32_t v = err->validity & ~accept; v; v &= v - 1) refused++;
    FUZZ_CHECK(strncmp(err->message, "invalid position: ", 18) == 0 && parts == refused,
               "'%.160s': %d parts for %d rules refused", err->message, parts, refused);
}

/* The EPD operations of text[from, from + n): each inside, read to the end. */
static void check_epd(const char *text, size_t from, size_t n)
{
    size_t at = from, end = from + n;
    for (;;) {
        rf_epd_op op;
        rf_error err;
        size_t before = at;
        rf_status st = rf_epd_next(&op, text, end, &at, &err);
        if (st == RF_ERR_NOT_FOUND) break;
        FUZZ_CHECK(st == RF_OK, "operations the setup kept do not read: %s", err.message);
        FUZZ_CHECK(at > before && at <= end, "at %zu after %zu, end %zu", at, before, end);
        FUZZ_CHECK(op.opcode >= text + before && op.opcode + op.opcode_len <= text + at &&
                       op.opcode_len > 0,
                   "opcode outside its operation");
        FUZZ_CHECK(op.operands >= op.opcode + op.opcode_len &&
                       op.operands + op.operands_len <= text + at,
                   "operands outside their operation");
    }
}

/* rf_epd_next over any bytes. */
static void check_epd_anywhere(const char *text, size_t len)
{
    size_t at = 0;
    for (int i = 0; i < 256; i++) {
        rf_epd_op op;
        rf_error err;
        size_t before = at;
        rf_status st = rf_epd_next(&op, text, len, &at, &err);
        if (st == RF_ERR_NOT_FOUND) return;
        if (st != RF_OK) {
            FUZZ_CHECK(st == RF_ERR_SYNTAX, "status %d", st);
            check_error(st, &err, len);
            return;
        }
        FUZZ_CHECK(at > before && at <= len, "at %zu after %zu of %zu", at, before, len);
        FUZZ_CHECK(op.opcode >= text + before && op.operands + op.operands_len <= text + at,
                   "operation outside the text");
    }
}

/* Writes *pos with `flags`, parses the text back and compares. */
static void check_roundtrip(const rf_position *pos, unsigned parse_flags, uint32_t accept,
                            unsigned write_flags)
{
    char fen[RF_FEN_MAX], again[RF_FEN_MAX];
    size_t n = rf_position_to_fen(fen, sizeof fen, pos, write_flags);
    FUZZ_CHECK(n < sizeof fen && strlen(fen) == n, "FEN of %zu bytes", n);
    /* The text carries the castling mode only through the rights it names. */
    unsigned flags = parse_flags | (pos->chess960 ? RF_PARSE_CHESS960 : 0);
    rf_position back;
    rf_error err;
    rf_status st = rf_position_parse(&back, fen, n, (rf_variant)pos->variant, flags, accept, &err);
    FUZZ_CHECK(st == RF_OK, "'%s' written, parsed back: %s", fen, err.message);
    rf_position want = *pos;
    if (!(write_flags & RF_FEN_EP_ALWAYS) && !pos->ep_legal) want.ep = RF_NO_SQUARE;
    FUZZ_CHECK(rf_position_equal(&back, &want), "'%s' parses to another position", fen);
    FUZZ_CHECK(back.key == pos->key, "'%s': keys differ", fen);
    rf_position_to_fen(again, sizeof again, &back, write_flags);
    FUZZ_CHECK(strcmp(fen, again) == 0, "'%s' written again as '%s'", fen, again);
}

/* position -> setup -> position. */
static void check_setup_roundtrip(const rf_position *pos, uint32_t accept)
{
    rf_setup setup;
    rf_position back;
    rf_error err;
    char fen[RF_FEN_MAX];
    rf_setup_from_position(&setup, pos);
    FUZZ_CHECK(setup.epd_len == 0, "%s: a setup with EPD operations", fuzz_fen(pos, fen));
    rf_status st = rf_position_from_setup(&back, &setup, (rf_variant)pos->variant,
                                          pos->chess960 ? RF_PARSE_CHESS960 : 0, accept, &err);
    FUZZ_CHECK(st == RF_OK && rf_position_equal(&back, pos) && back.key == pos->key,
               "%s: its setup makes another position (%d: %s)", fuzz_fen(pos, fen), st,
               st ? err.message : "");
}

static void check_moves(const rf_position *pos)
{
    rf_movelist list;
    unsigned n = rf_generate_moves(&list, pos);
    FUZZ_CHECK(n <= RF_MAX_MOVES && n == list.count, "%u moves", n);
    for (unsigned i = 0; i < n; i++) {
        rf_position after = *pos;
        rf_position_play(&after, list.moves[i]);
        const char *broken = rf__position_check(&after);
        char fen[RF_FEN_MAX], uci[RF_UCI_MAX];
        rf_move_to_uci(uci, sizeof uci, pos, list.moves[i]);
        FUZZ_CHECK(!broken, "after %s in %s: %s", uci, fuzz_fen(pos, fen), broken);
    }
}

static void check_variant_name(const char *text, size_t size)
{
    rf_variant v = (rf_variant)-1;
    int chess960 = -1;
    rf_status st = rf_variant_from_name(&v, &chess960, text, size);
    if (st != RF_OK) {
        FUZZ_CHECK(st == RF_ERR_NOT_FOUND, "status %d", st);
        FUZZ_CHECK(v == (rf_variant)-1 && chess960 == -1, "outputs written when not found");
        return;
    }
    FUZZ_CHECK((unsigned)v < RF_VARIANT_COUNT && (chess960 == 0 || chess960 == 1),
               "variant %d, chess960 %d", v, chess960);
    const char *name = rf_variant_name(v);
    rf_variant again;
    FUZZ_CHECK(rf_variant_from_name(&again, NULL, name, strlen(name)) == RF_OK && again == v,
               "'%s' does not read back", name);
    /* Every alias of the variant in the mode read (rf_variant_alias) reads back to both; the list
     * ends, and its UCI_Variant name is static text. */
    const char *alias;
    int i = 0;
    for (; i < 64 && (alias = rf_variant_alias(v, chess960, i)) != NULL; i++) {
        int mode = -1;
        FUZZ_CHECK(rf_variant_from_name(&again, &mode, alias, strlen(alias)) == RF_OK && again == v &&
                       mode == chess960,
                   "the alias '%s' of %s does not read back", alias, name);
    }
    FUZZ_CHECK(i < 64 && !rf_variant_alias(v, chess960, -1), "the aliases of %s do not end", name);
    FUZZ_CHECK(rf_variant_uci_name(v)[0] != '\0', "%s has no UCI_Variant name", name);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *text = (const char *)data;
    check_variant_name(text, size);
    check_epd_anywhere(text, size);

    rf_setup setup;
    rf_error err;
    rf_status st = rf_setup_parse(&setup, text, size, &err);
    if (st != RF_OK) {
        FUZZ_CHECK(st == RF_ERR_SYNTAX, "setup status %d", st);
        check_error(st, &err, size);
        FUZZ_CHECK(err.field >= RF_FIELD_BOARD && err.field <= RF_FIELD_CHECKS &&
                       err.field != RF_FIELD_MOVE,
                   "field %d", err.field);
    } else {
        /* Variant fields: counters 0-3, and a variant without the fields refuses them, whatever
         * is accepted, naming the field. */
        FUZZ_CHECK(setup.remaining_checks[0] <= 3 && setup.remaining_checks[1] <= 3,
                   "remaining checks %u+%u", setup.remaining_checks[0], setup.remaining_checks[1]);
        FUZZ_CHECK((setup.extras & ~(unsigned)(RF_SETUP_POCKET | RF_SETUP_CHECKS)) == 0, "extras %u",
                   setup.extras);
        if (setup.extras) {
            rf_position refused;
            FUZZ_CHECK(rf_position_from_setup(&refused, &setup, RF_VARIANT_STANDARD, 0, RF_INVALID_ALL,
                                              &err) == RF_ERR_INVALID &&
                           (err.field == RF_FIELD_POCKET || err.field == RF_FIELD_CHECKS),
                       "variant fields in standard chess: field %d", err.field);
        }
        FUZZ_CHECK(setup.epd_offset <= size && setup.epd_len <= size - setup.epd_offset,
                   "EPD operations at %zu+%zu of %zu bytes", setup.epd_offset, setup.epd_len,
                   size);
        FUZZ_CHECK(setup.fullmove >= 1, "fullmove %u", (unsigned)setup.fullmove);
        if (setup.epd_len) check_epd(text, setup.epd_offset, setup.epd_len);
    }

    static const unsigned parse_flags[2] = {0, RF_PARSE_CHESS960};
    static const uint32_t accepts[2] = {RF_ACCEPT_DEFAULT, RF_INVALID_ALL};
    rf_variant variants[RF_VARIANT_COUNT];
    unsigned played = 0;
    for (int v = 0; v < RF_VARIANT_COUNT; v++) /* every variant this build plays */
        if (rf_variant_available((rf_variant)v)) variants[played++] = (rf_variant)v;
    for (unsigned v = 0; v < played; v++) {
        for (int f = 0; f < 2; f++) {
            for (int a = 0; a < 2; a++) {
                rf_position pos, via_setup;
                rf_error perr, serr;
                rf_status pst = rf_position_parse(&pos, text, size, variants[v], parse_flags[f],
                                                  accepts[a], &perr);
                FUZZ_CHECK((pst == RF_ERR_SYNTAX) == (st == RF_ERR_SYNTAX),
                           "rf_position_parse %d, rf_setup_parse %d", pst, st);
                if (pst == RF_ERR_SYNTAX) {
                    FUZZ_CHECK(perr.field == err.field && perr.offset == err.offset,
                               "syntax errors differ");
                    continue;
                }
                rf_status sst = rf_position_from_setup(&via_setup, &setup, variants[v],
                                                       parse_flags[f], accepts[a], &serr);
                FUZZ_CHECK(sst == pst, "from the setup %d, parsed %d", sst, pst);
                if (pst == RF_ERR_INVALID) {
                    check_invalid(&perr, size, accepts[a]);
                    FUZZ_CHECK(serr.validity == perr.validity && serr.field == perr.field,
                               "errors differ");
                    continue;
                }
                FUZZ_CHECK(pst == RF_OK, "status %d", pst);
                FUZZ_CHECK(rf_position_equal(&pos, &via_setup) && pos.key == via_setup.key &&
                               rf_polyglot_key(&pos) == rf_polyglot_key(&via_setup),
                           "the setup makes another position");
                char fen[RF_FEN_MAX];
                const char *broken = rf__position_check(&pos);
                FUZZ_CHECK(!broken, "%s parsed: %s", fuzz_fen(&pos, fen), broken);
                uint32_t validity = rf_position_validity(&pos);
                FUZZ_CHECK(!(validity & ~accepts[a]), "%s breaks rules %#x",
                           fuzz_fen(&pos, fen), validity);
                check_setup_roundtrip(&pos, accepts[a]);
                check_roundtrip(&pos, parse_flags[f], accepts[a], RF_FEN_EP_ALWAYS);
                check_roundtrip(&pos, parse_flags[f], accepts[a],
                                RF_FEN_EP_ALWAYS | RF_FEN_SHREDDER);
                check_roundtrip(&pos, parse_flags[f], accepts[a], 0);
                /* The moves do not depend on how the text was written: one parse per variant. */
                if (a == 1 && f == 0) check_moves(&pos);
            }
        }
    }
    return 0;
}
