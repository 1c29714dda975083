/*
 * variant.c - the variants as values: their names, and the table of modules rf_init() fills with
 * one build of each (see variant.h).
 */
#include "variant.h"

#include <ctype.h>
#include <string.h>

/* The builds of every module, by rf_variant: [0] portable, [1] BMI2. */
#define RF__ROW(file, id) [RF_VARIANT_##id] = &rf__variant_##file##_portable,
static const rf__variant *const portable[RF_VARIANT_COUNT] = {RF_VARIANT_LIST(RF__ROW)};
#undef RF__ROW
#ifdef RF_HAVE_BMI2_BUILD
#define RF__ROW(file, id) [RF_VARIANT_##id] = &rf__variant_##file##_bmi2,
static const rf__variant *const bmi2[RF_VARIANT_COUNT] = {RF_VARIANT_LIST(RF__ROW)};
#undef RF__ROW
#endif

/* The list (variants/list.h) and the enum of rankfile.h agree: as many rows as enumerators, and
 * every enumerator among them. */
#define RF__ONE(file, id) +1
#define RF__BIT(file, id) | (1u << RF_VARIANT_##id)
_Static_assert(0 RF_VARIANT_LIST(RF__ONE) == RF_VARIANT_COUNT, "one row in variants/list.h per rf_variant");
_Static_assert((0 RF_VARIANT_LIST(RF__BIT)) == (1u << RF_VARIANT_COUNT) - 1, "every rf_variant in variants/list.h");
#undef RF__ONE
#undef RF__BIT

/* Names of standard chess in Chess960 castling mode, folded, NULL-terminated. */
static const char *const chess960_names[] = {"chess960", "fischerandom", "fischerrandom", "960", NULL};

const char *rf_variant_name(rf_variant variant)
{
    return (unsigned)variant < RF_VARIANT_COUNT ? portable[variant]->name : "unknown";
}

const char *rf_variant_pgn_name(rf_variant variant)
{
    return (unsigned)variant < RF_VARIANT_COUNT ? portable[variant]->pgn_name : "unknown";
}

const char *rf_variant_uci_name(rf_variant variant)
{
    return (unsigned)variant < RF_VARIANT_COUNT ? portable[variant]->uci_name : "unknown";
}

/* The aliases of a variant in one castling mode (NULL-terminated), or NULL for none. */
static const char *const *aliases_of(rf_variant variant, int chess960)
{
    if ((unsigned)variant >= RF_VARIANT_COUNT) return NULL;
    if (chess960) return variant == RF_VARIANT_STANDARD ? chess960_names : NULL;
    return portable[variant]->aliases;
}

const char *rf_variant_alias(rf_variant variant, int chess960, int index)
{
    const char *const *list = aliases_of(variant, chess960);
    for (int i = 0; list && list[i]; i++)
        if (i == index) return list[i];
    return NULL;
}

/* A name folded for comparison: lower case, without spaces, hyphens and underscores. Returns 0
 * when it does not fit (no name is that long) or holds a byte outside printable ASCII. */
static int fold(char out[32], const char *name, size_t len)
{
    size_t n = 0;
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)name[i];
        if (c < 0x20 || c > 0x7E) return 0;
        if (c == ' ' || c == '-' || c == '_') continue;
        if (n == 31) return 0;
        out[n++] = (char)tolower(c);
    }
    out[n] = '\0';
    return n > 0;
}

/* 1 when `word` is one of the words of `list` (NULL-terminated; NULL for none). */
static int in_list(const char *const *list, const char *word)
{
    for (; list && *list; list++)
        if (strcmp(*list, word) == 0) return 1;
    return 0;
}

rf_status rf_variant_from_name(rf_variant *out, int *chess960, const char *name, size_t len)
{
    char word[32];
    if (!name || !fold(word, name, len)) return RF_ERR_NOT_FOUND;
    if (in_list(chess960_names, word)) {
        *out = RF_VARIANT_STANDARD;
        if (chess960) *chess960 = 1;
        return RF_OK;
    }
    for (int v = 0; v < RF_VARIANT_COUNT; v++) {
        if (strcmp(word, portable[v]->name) == 0 || in_list(portable[v]->aliases, word)) {
            *out = (rf_variant)v;
            if (chess960) *chess960 = 0;
            return RF_OK;
        }
    }
    return RF_ERR_NOT_FOUND;
}

const rf__variant *rf__variants[RF_VARIANT_COUNT];

/* The build rf__variants holds: 0 portable, 1 BMI2 (see kernel_names). */
static int chosen_isa;

static const char *const kernel_names[2] = {"portable", "bmi2"};

/* 1 when the BMI2 build is compiled in and the CPU runs it fast (rf__use_bmi2, set by
 * rf__bitboard_build, which also built the PEXT tables that build reads). */
static int bmi2_runs(void)
{
#ifdef RF_HAVE_BMI2_BUILD
    return rf__use_bmi2;
#else
    return 0;
#endif
}

/* The rows as the library reads them, by build and rf_variant: a module's row with each NULL slot
 * that stands for standard chess's rule filled with it (variant.h). Filled once, by the first
 * rf__variants_choose (rf_init's). */
static rf__variant filled[2][RF_VARIANT_COUNT];
static int filled_once;

static void fill(rf__variant *out, const rf__variant *row)
{
    *out = *row;
    if (!out->start_fen) out->start_fen = rf__standard_start_fen;
    if (!out->validity) out->validity = rf__standard_validity;
    if (!out->checkers) out->checkers = rf__standard_checkers;
    if (!out->variant_end) out->variant_end = rf__standard_variant_end;
    if (!out->insufficient_material) out->insufficient_material = rf__standard_insufficient_material;
}

static void fill_all(void)
{
    for (int v = 0; v < RF_VARIANT_COUNT; v++) {
        fill(&filled[0][v], portable[v]);
#ifdef RF_HAVE_BMI2_BUILD
        fill(&filled[1][v], bmi2[v]);
#endif
    }
    filled_once = 1;
}

static void use_build(int isa)
{
    for (int v = 0; v < RF_VARIANT_COUNT; v++) rf__variants[v] = &filled[isa][v];
    chosen_isa = isa;
}

void rf__variants_choose(void)
{
    if (!filled_once) fill_all();
    use_build(bmi2_runs());
}

const char *rf_kernel_name(void)
{
    rf_init();
    return kernel_names[chosen_isa];
}

rf_status rf_kernel_select(const char *name)
{
    rf_init();
    if (!name) return RF_ERR_NOT_FOUND;
    if (strcmp(name, "auto") == 0) {
        rf__variants_choose();
        return RF_OK;
    }
    for (int isa = 0; isa < 2; isa++) {
        if (strcmp(name, kernel_names[isa]) != 0) continue;
        if (isa == 1 && !bmi2_runs()) return RF_ERR_ARGUMENT;
        use_build(isa);
        return RF_OK;
    }
    return RF_ERR_NOT_FOUND;
}

const rf__variant *rf__variant_get(rf_variant variant)
{
    rf_init();
    return (unsigned)variant < RF_VARIANT_COUNT ? rf__variants[variant] : NULL;
}

const rf__variant *rf__variant_build(rf_variant variant, int isa)
{
    rf_init();
    if ((unsigned)variant >= RF_VARIANT_COUNT) return NULL;
    if (isa == 0) return &filled[0][variant];
#ifdef RF_HAVE_BMI2_BUILD
    if (isa == 1 && rf__use_bmi2) return &filled[1][variant];
#endif
    return NULL;
}

int rf_variant_available(rf_variant variant) { return rf__variant_get(variant) != NULL; }

int rf__material_never_insufficient(const rf_position *pos, rf_color c)
{
    (void)pos;
    (void)c;
    return 0;
}
