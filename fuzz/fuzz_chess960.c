/*
 * fuzz_chess960.c - the Chess960 start check on arbitrary bytes.
 *
 * Input: any bytes, read three ways: as a back rank (rf_chess960_check_rank, and
 * rf_chess960_number on the text up to its first NUL), as a board or FEN (rf_chess960_check in
 * each of its four modes), and as numbers (the first bytes as a setup number and as the five
 * draws, any int). Properties:
 *   - an answer is -1 with a reason and a one-line message, or a number 0..959 with reason
 *     RF_CHESS960_START and an empty message;
 *   - a back rank read as setup N is the back rank of setup N (letters in either case);
 *   - a board read as setup N is the board of rf_chess960_position(N) (Double Fischer Random:
 *     rf_chess960_double_position of both numbers); in back-rank mode the back ranks are;
 *   - the modes nest: a start is a start in back-rank mode and in Double Fischer Random mode too,
 *     with the same numbers;
 *   - number -> draws -> number and number -> back rank -> number are the identity, and numbers
 *     or draws out of range are refused;
 *   - the languages (check_languages): rf_language_find finds one of the table or none, in any
 *     case; rf_language_untranslate changes exactly a language's letters, and undoes
 *     rf_language_translate.
 */
#include "fuzz.h"
#include "position.h"

#include <ctype.h>

static void check_verdict(int number, const rf_chess960_verdict *v)
{
    FUZZ_CHECK(number >= -1 && number < RF_CHESS960_COUNT, "number %d", number);
    if (number < 0) {
        FUZZ_CHECK(v->reason != RF_CHESS960_START, "-1 with reason start");
        FUZZ_CHECK(fuzz_is_one_line(v->message, sizeof v->message), "message '%.128s'",
                   v->message);
        FUZZ_CHECK(v->white == -1 && v->black == -1, "numbers %d %d", v->white, v->black);
    } else {
        FUZZ_CHECK(v->reason == RF_CHESS960_START && v->message[0] == '\0' && v->white == number,
                   "start %d: reason %d, white %d, '%.128s'", number, v->reason, v->white,
                   v->message);
        FUZZ_CHECK(v->black >= 0 && v->black < RF_CHESS960_COUNT, "black %d", v->black);
    }
    FUZZ_CHECK(strcmp(rf_chess960_reason_name(v->reason), "unknown") != 0, "reason %d",
               v->reason);
}

static void check_rank_text(const uint8_t *data, size_t size)
{
    rf_chess960_verdict v;
    int number = rf_chess960_check_rank(&v, (const char *)data, size);
    check_verdict(number, &v);
    if (number >= 0) {
        char rank[9];
        FUZZ_CHECK(rf_chess960_back_rank(rank, number) == RF_OK, "back rank %d", number);
        for (int f = 0; f < 8; f++)
            FUZZ_CHECK(toupper(data[f]) == rank[f], "'%.8s' read as %d = %s", data, number,
                       rank);
        FUZZ_CHECK(v.black == number, "one rank, black %d", v.black);
    }
    char text[64];
    size_t n = size < sizeof text - 1 ? size : sizeof text - 1;
    memcpy(text, data, n);
    text[n] = '\0';
    int by_name = rf_chess960_number(text);
    int want = strlen(text) == size ? number : rf_chess960_check_rank(NULL, text, strlen(text));
    FUZZ_CHECK(by_name == want, "rf_chess960_number %d, check_rank %d", by_name, want);
}

/* The back ranks of two positions agree; or, with `all`, their whole boards. */
static int same_board(const rf_position *a, const rf_position *b, int all)
{
    for (int sq = 0; sq < 64; sq++) {
        int rank = RF_RANK_OF(sq);
        if ((all || rank == 0 || rank == 7) && a->board[sq] != b->board[sq]) return 0;
    }
    return 1;
}

static void check_board(const uint8_t *data, size_t size)
{
    rf_position pos;
    if (rf_position_parse(&pos, (const char *)data, size, RF_VARIANT_STANDARD, 0, RF_INVALID_ALL, NULL) != RF_OK)
        return;
    rf_chess960_verdict v[4];
    int number[4];
    for (unsigned mode = 0; mode < 4; mode++) {
        number[mode] = rf_chess960_check(&v[mode], &pos, mode);
        check_verdict(number[mode], &v[mode]);
        if (number[mode] < 0) continue;
        rf_position start;
        FUZZ_CHECK(rf_chess960_double_position(&start, v[mode].white, v[mode].black) == RF_OK,
                   "setups %d %d", v[mode].white, v[mode].black);
        char fen[RF_FEN_MAX];
        FUZZ_CHECK(same_board(&pos, &start, !(mode & RF_CHESS960_BACK_RANKS)),
                   "%s read as %d %d in mode %u", fuzz_fen(&pos, fen), v[mode].white,
                   v[mode].black, mode);
        if (!(mode & RF_CHESS960_DOUBLE))
            FUZZ_CHECK(v[mode].black == v[mode].white, "mirror %d %d", v[mode].white,
                       v[mode].black);
    }
    /* Each mode drops a rule of the one before it: RF_CHESS960_DOUBLE the mirror,
     * RF_CHESS960_BACK_RANKS the pawns. */
    for (unsigned mode = 0; mode < 4; mode++) {
        for (unsigned wider = 0; wider < 4; wider++) {
            if ((mode & wider) != mode || number[mode] < 0) continue;
            FUZZ_CHECK(number[wider] == number[mode] && v[wider].black == v[mode].black,
                       "mode %u start %d/%d, mode %u %d/%d", mode, number[mode], v[mode].black,
                       wider, number[wider], v[wider].black);
        }
    }
}

static int read_int(const uint8_t *data, size_t size, size_t at)
{
    uint32_t v = 0;
    for (size_t i = at; i < at + 4 && i < size; i++) v = v << 8 | data[i];
    /* Mostly small numbers, near the ends of the ranges, sometimes any int. */
    return (v & 0x80000000u) ? (int)(v & 0x7FFFFFFF) - (1 << 30) : (int)(v % 1200) - 100;
}

static void check_numbers(const uint8_t *data, size_t size)
{
    int number = read_int(data, size, 0);
    char rank[9];
    rf_chess960_draws d;
    rf_position pos;
    int in_range = number >= 0 && number < RF_CHESS960_COUNT;
    FUZZ_CHECK((rf_chess960_back_rank(rank, number) == RF_OK) == in_range, "number %d", number);
    FUZZ_CHECK((rf_chess960_number_draws(&d, number) == RF_OK) == in_range, "number %d", number);
    FUZZ_CHECK((rf_chess960_position(&pos, number) == RF_OK) == in_range, "number %d", number);
    if (in_range) {
        FUZZ_CHECK(rf_chess960_number(rank) == number, "%s is not %d", rank, number);
        FUZZ_CHECK(rf_chess960_draws_number(&d) == number, "draws of %d", number);
        FUZZ_CHECK(rf_chess960_check(NULL, &pos, 0) == number, "position %d", number);
        FUZZ_CHECK(rf__position_check(&pos) == NULL, "position %d", number);
    } else {
        FUZZ_CHECK(rank[0] == '\0', "number %d gave '%.8s'", number, rank);
    }

    rf_chess960_draws any = {read_int(data, size, 4), read_int(data, size, 8),
                             read_int(data, size, 12), read_int(data, size, 16),
                             read_int(data, size, 20)};
    int from_draws = rf_chess960_draws_number(&any);
    char stages[6][9];
    rf_status st = rf_chess960_stages(stages, &any);
    FUZZ_CHECK((from_draws >= 0) == (st == RF_OK), "draws number %d, stages %d", from_draws, st);
    if (from_draws >= 0) {
        FUZZ_CHECK(from_draws < RF_CHESS960_COUNT, "draws number %d", from_draws);
        FUZZ_CHECK(rf_chess960_number(stages[5]) == from_draws, "stages end in %s, not %d",
                   stages[5], from_draws);
    }
}

/* The languages: rf_language_find on the text up to the first NUL finds a language of the
 * table or none, the same one for the text in upper case (ASCII letters); and in each
 * language rf_language_untranslate changes exactly the language's letters (either case) to
 * English ones of the same case, counts the other bytes, and rf_language_translate takes an
 * upper-case back rank back. */
static void check_languages(const uint8_t *data, size_t size)
{
    char text[64], upper[64];
    size_t n = size < sizeof text - 1 ? size : sizeof text - 1;
    memcpy(text, data, n);
    text[n] = '\0';
    for (size_t i = 0; i <= n; i++) upper[i] = (char)toupper((unsigned char)text[i]);
    const rf_language *found = rf_language_find(text);
    int in_table = found == NULL;
    for (size_t i = 0; rf_language_at(i); i++) in_table |= found == rf_language_at(i);
    FUZZ_CHECK(in_table, "rf_language_find('%s') is no language of the table", text);
    FUZZ_CHECK(rf_language_find(upper) == found, "'%s' and '%s' find different languages",
               text, upper);
    static const char english[] = "KQRBN";
    for (size_t i = 0; rf_language_at(i); i++) {
        const rf_language *lang = rf_language_at(i);
        char out[64], back[64];
        size_t foreign = rf_language_untranslate(out, sizeof out, lang, text, n), others = 0;
        FUZZ_CHECK(strlen(out) <= n, "%s: untranslate wrote %zu bytes of %zu", lang->code,
                   strlen(out), n);
        for (size_t k = 0; k < n; k++) {
            const char *at = text[k] && isalpha((unsigned char)text[k])
                                 ? strchr(lang->letters, toupper((unsigned char)text[k]))
                                 : NULL;
            if (!at) {
                others++;
                FUZZ_CHECK(out[k] == text[k], "%s: byte %zu changed", lang->code, k);
                continue;
            }
            char want = english[at - lang->letters];
            if (islower((unsigned char)text[k])) want = (char)tolower((unsigned char)want);
            FUZZ_CHECK(out[k] == want, "%s: '%c' became '%c', not '%c'", lang->code, text[k],
                       out[k], want);
        }
        FUZZ_CHECK(foreign == others, "%s: %zu foreign bytes counted, %zu found", lang->code,
                   foreign, others);
        if (foreign == 0 && n == strlen(text)) {
            for (size_t k = 0; k < n; k++) out[k] = (char)toupper((unsigned char)out[k]);
            rf_language_translate(back, sizeof back, lang, out);
            FUZZ_CHECK(strcmp(back, upper) == 0, "%s: '%s' back as '%s'", lang->code, upper,
                       back);
        }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    check_rank_text(data, size);
    check_languages(data, size);
    check_board(data, size);
    check_numbers(data, size);
    return 0;
}
