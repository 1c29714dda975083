/* doc_tables: prints the library's own tables of names, one fact a line, for the tests that
 * check the documentation against the program (tests/cli/docs.sh, completion.sh):
 *
 *   variant NAME              rf_variant_name of every variant, in rf_variant order
 *   pgn-name NAME TEXT        its lichess name (rf_variant_pgn_name; TEXT may hold spaces)
 *   uci-name NAME TEXT        its engines' UCI_Variant value (rf_variant_uci_name)
 *   available NAME 0|1        rf_variant_available
 *   alias NAME ALIAS          every other name rf_variant_from_name reads for it (folded,
 *                             rf_variant_alias)
 *   chess960-name ALIAS       the names of standard chess in Chess960 castling mode
 *   reason CODE               rf_reason_name of every reason that ends a game
 *   end-code NAME CODE        every code a variant's own end gives (rf_outcome.code)
 *
 * Nothing here is a list of its own: every line comes from a table of the library, so a name
 * added there reaches the documentation tests without an edit here. */
#include "rankfile.h"
#include "variant.h"

#include <stdio.h>
#include <string.h>

/* Prints "PREFIX ALIAS" for every alias of a variant in one castling mode (rf_variant_alias). */
static void aliases(const char *prefix, rf_variant v, int chess960)
{
    const char *alias;
    for (int i = 0; (alias = rf_variant_alias(v, chess960, i)) != NULL; i++) printf("%s %s\n", prefix, alias);
}

int main(void)
{
    rf_init();
    for (int v = 0; v < RF_VARIANT_COUNT; v++) {
        const char *name = rf_variant_name((rf_variant)v);
        char prefix[64];
        printf("variant %s\n", name);
        printf("pgn-name %s %s\n", name, rf_variant_pgn_name((rf_variant)v));
        printf("uci-name %s %s\n", name, rf_variant_uci_name((rf_variant)v));
        printf("available %s %d\n", name, rf_variant_available((rf_variant)v));
        snprintf(prefix, sizeof prefix, "alias %s", name);
        aliases(prefix, (rf_variant)v, 0);
    }
    aliases("chess960-name", RF_VARIANT_STANDARD, 1);
    /* rf_reason_name answers "none" for RF_REASON_NONE and for every value past the last. */
    const char *none = rf_reason_name(RF_REASON_NONE);
    for (int r = RF_REASON_NONE + 1; strcmp(rf_reason_name((rf_reason)r), none) != 0; r++)
        printf("reason %s\n", rf_reason_name((rf_reason)r));
    for (int v = 0; v < RF_VARIANT_COUNT; v++) {
        if (!rf_variant_available((rf_variant)v)) continue;
        const rf__variant *row = rf__variant_get((rf_variant)v);
        for (const char *const *c = row->end_codes; c && *c; c++)
            printf("end-code %s %s\n", rf_variant_name((rf_variant)v), *c);
    }
    return ferror(stdout) ? 1 : 0;
}
