/*
 * fuzz_eco.c - the ECO file reader (src/eco.c): pgn-extract's eco.pgn and lichess's TSV.
 *
 * Input: any bytes, read as an ECO file (a TSV when its first line, after an optional UTF-8
 * byte-order mark, holds tabs and a cell "eco"; else PGN). Properties:
 *   - rf_eco_load either succeeds or fails with RF_ERR_SYNTAX (or RF_ERR_ARGUMENT for more
 *     entries than it counts), never anything else but RF_ERR_NO_MEMORY; a success has at least
 *     one entry and a table, a failure no table;
 *   - a failure's error is a one-line message "line L, column C: WHAT" whose place is that of
 *     err.offset, an offset within the input (at most its length), and err.detail points at WHAT;
 *   - on success, every entry has an ECO code of 1 to 15 printable ASCII bytes without a space,
 *     a name and a variation (maybe ""), a line within the input; its moves are legal from the
 *     standard start and reach a position whose key is the entry's; that key's entry
 *     (rf_eco_lookup, and rf_eco_find of the position) has the same key and is at least as deep;
 *     and the entry's own moves classify (rf_eco_classify) as an entry with the same key and the
 *     same moves at the entry's ply.
 */
#include "fuzz.h"

static unsigned long lines_in(const uint8_t *data, size_t size)
{
    unsigned long n = 1;
    for (size_t i = 0; i < size; i++) n += data[i] == '\n';
    return n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    rf_eco *eco = NULL;
    rf_error err;
    rf_status st = rf_eco_load(&eco, (const char *)data, size, &err);
    if (st != RF_OK) {
        FUZZ_CHECK(eco == NULL, "a failed load left a table");
        FUZZ_CHECK(st == RF_ERR_SYNTAX || st == RF_ERR_ARGUMENT || st == RF_ERR_NO_MEMORY,
                   "status %d", (int)st);
        FUZZ_CHECK(err.status == st, "err.status %d, returned %d", (int)err.status, (int)st);
        FUZZ_CHECK(fuzz_is_one_line(err.message, sizeof err.message), "message '%.160s'", err.message);
        if (st == RF_ERR_NO_MEMORY) return 0;
        FUZZ_CHECK(err.offset <= size, "offset %zu past the input (%zu bytes)", err.offset, size);
        /* The place the message names is that of the offset. */
        unsigned long line = 1, column = 1;
        for (size_t i = 0; i < err.offset; i++) {
            if (data[i] == '\n') line++, column = 1;
            else column++;
        }
        char place[64];
        int n = snprintf(place, sizeof place, "line %lu, column %lu: ", line, column);
        FUZZ_CHECK(strncmp(err.message, place, (size_t)n) == 0, "message '%s' at offset %zu (%s)",
                   err.message, err.offset, place);
        FUZZ_CHECK(line <= lines_in(data, size), "line %lu", line);
        FUZZ_CHECK(err.detail == (unsigned short)n && err.message[err.detail], "detail %u in '%s'",
                   err.detail, err.message);
        return 0;
    }
    FUZZ_CHECK(eco != NULL, "no table after RF_OK");
    size_t count = rf_eco_count(eco);
    FUZZ_CHECK(count > 0, "a table without entries");
    FUZZ_CHECK(rf_eco_entry_at(eco, count) == NULL, "an entry past the end");
    rf_position start;
    rf_position_startpos(&start, RF_VARIANT_STANDARD);
    unsigned long lines = lines_in(data, size);
    for (size_t i = 0; i < count; i++) {
        const rf_eco_entry *e = rf_eco_entry_at(eco, i);
        FUZZ_CHECK(e && e->eco && e->name && e->variation, "entry %zu incomplete", i);
        size_t len = strlen(e->eco);
        FUZZ_CHECK(len >= 1 && len <= 15, "entry %zu: code of %zu bytes", i, len);
        for (size_t k = 0; k < len; k++)
            FUZZ_CHECK(e->eco[k] > ' ' && e->eco[k] <= '~', "entry %zu: code byte 0x%02x", i,
                       (unsigned)(unsigned char)e->eco[k]);
        FUZZ_CHECK(e->line >= 1 && e->line <= lines, "entry %zu: line %lu of %lu", i, e->line, lines);
        FUZZ_CHECK(e->plies == 0 || e->moves, "entry %zu: %u plies without moves", i, e->plies);
        rf_position pos = start;
        for (unsigned k = 0; k < e->plies; k++) {
            FUZZ_CHECK(rf_move_is_legal(&pos, e->moves[k]), "entry %zu (line %lu): move %u not legal", i,
                       e->line, k + 1);
            rf_position_play(&pos, e->moves[k]);
        }
        FUZZ_CHECK(pos.key == e->key, "entry %zu (line %lu): key of its moves differs", i, e->line);
        const rf_eco_entry *filed = rf_eco_lookup(eco, e->key);
        FUZZ_CHECK(filed && filed->key == e->key && filed->plies >= e->plies,
                   "entry %zu (line %lu): its key's entry is another", i, e->line);
        FUZZ_CHECK(rf_eco_find(eco, &pos) == filed, "entry %zu: rf_eco_find differs from rf_eco_lookup", i);
        rf_eco_match m = rf_eco_classify(eco, &start, e->moves, e->plies);
        FUZZ_CHECK(m.entry && m.entry->key == e->key && m.ply == e->plies && m.entry->plies == e->plies &&
                       (e->plies == 0 || memcmp(m.entry->moves, e->moves, e->plies * sizeof *e->moves) == 0),
                   "entry %zu (line %lu): its moves classify as %s at ply %u", i, e->line,
                   m.entry ? m.entry->eco : "nothing", m.ply);
    }
    rf_eco_free(eco);
    return 0;
}
