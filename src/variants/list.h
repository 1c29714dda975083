/*
 * variants/list.h - the variants the library plays, one X-macro row each, in rf_variant order:
 * X(file, ID), where src/variants/FILE.c defines the row RF_KERNEL(rf__variant_FILE) and ID is
 * the tail of its enumerator RF_VARIANT_ID in include/rankfile.h. The public header stays
 * self-contained, so the enum is written there by hand; src/variant.c checks at compile time
 * that the two agree (one row per enumerator, each enumerator once).
 *
 * Read by src/variant.h (the rows' declarations and the table), and by tests/CMakeLists.txt
 * (the per-variant tests: it takes each X(file, ...) line's first argument), so a row has one line
 * of its own here, in this form.
 */
#ifndef RF_VARIANTS_LIST_H
#define RF_VARIANTS_LIST_H

#define RF_VARIANT_LIST(X)                                                                        \
    X(standard, STANDARD)                                                                         \
    X(atomic, ATOMIC)                                                                             \
    X(kingofthehill, KINGOFTHEHILL)                                                               \
    X(threecheck, THREECHECK)                                                                     \
    X(racingkings, RACINGKINGS)                                                                   \
    X(horde, HORDE)                                                                               \
    X(antichess, ANTICHESS)                                                                       \
    X(crazyhouse, CRAZYHOUSE)

#endif
