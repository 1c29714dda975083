/*
 * variant.h - the variant interface: one table row per variant, one file per variant under
 * src/variants/.
 *
 * A variant module fills an rf__variant with its names and rules. The rest of the library asks
 * the row of a position's variant (rf__variant_of) and never branches on the variant itself. A
 * slot a row leaves NULL means "as in standard chess": src/variant.c fills it with standard
 * chess's rule (src/rules_standard.c) in the rows the library reads, so a row lists only the
 * rules that are its own. The slots that say so are optional instead (NULL: the caller does
 * without, as standard chess needs nothing there).
 *
 * Each module is compiled once per instruction set (CMake builds every file of src/variants/
 * twice: plain, and for x86-64 with POPCNT/BMI2, where slider attacks are PEXT lookups), so a
 * module exports one row per build, named by RF_KERNEL(): rf__variant_atomic_portable,
 * rf__variant_atomic_bmi2. rf_init() chooses one build for every variant (rf_kernel_select may
 * choose the other later), and the library and perft then use only that build; nothing in one
 * build calls into the other (code compiled once, like src/rules_standard.c, serves both). Inside
 * a module the hot path (move generation, make-move, the perft walk of src/kernel/walk.h)
 * is static inline code of constant arguments, so each row's functions are fully specialised
 * copies; the row template src/variants/row.h writes that half of every row (perft, play,
 * node_ep_legal, generate) from the module's generator and make-move on nodes.
 *
 * Adding a variant takes exactly:
 *   1. src/variants/NAME.c, defining `const rf__variant RF_KERNEL(rf__variant_NAME)` with its
 *      id, names (name = "NAME"), generators, play, perft (row.h writes these from its
 *      generator and make-move on nodes) and the slots whose rules differ from standard chess's
 *      (CMake compiles every file there, twice);
 *   2. one row X(NAME, ID) in src/variants/list.h, in enum order;
 *   3. one enumerator RF_VARIANT_ID in include/rankfile.h, before RF_VARIANT_COUNT, which grows
 *      by one (src/variant.c does not compile while the list and the enum disagree).
 * The tests then take it in: test_variants and the fuzz targets walk the table, and
 * tests/CMakeLists.txt gives it the per-variant tests whose files exist (tests/test_NAME.c,
 * tests/cli/NAME.sh, tests/data/NAME.perft, and chessops' oracle under NAME). The documentation
 * test (docs_tables) fails until the manual's variant lists (rankfile.h, man/rankfile.1, README,
 * the --variant help) name it. The Python package offers a variant through a class of its own
 * (python/rankfile/variant.py), added when it should have one.
 */
#ifndef RF_VARIANT_H
#define RF_VARIANT_H

#include "position.h"
#include "variants/list.h"

struct rf__tt;
struct rf__node;

/* Why a rule of a variant ended the game: a stable code for programs ("king_of_the_hill") and
 * the words for people ("Black's king reached the hill"). Both static. */
typedef struct rf__end_reason {
    const char *code;
    const char *text;
} rf__end_reason;

typedef struct rf__variant {
    rf_variant id;
    /* The short name (rf_variant_name: the module's file name), lichess's [Variant] tag
     * (rf_variant_pgn_name), the value of the UCI option UCI_Variant that asks an engine for the
     * variant (rf_variant_uci_name: Fairy-Stockfish's names), and the other names
     * rf_variant_from_name reads, folded (lower case, no spaces, hyphens or underscores),
     * NULL-terminated (rf_variant_alias; NULL for none). */
    const char *name;
    const char *pgn_name;
    const char *uci_name;
    const char *const *aliases;
    /* The start position as FEN (in standard castling mode). */
    const char *start_fen;
    /* The RF_SETUP_* fields of a FEN that belong to this variant (read and written); a setup
     * with other extras is not a position of this variant. */
    unsigned fen_extras;
    /* Every RF_INVALID_* rule the position breaks, the variant's own rules included (built
     * from the parts in validate.c). */
    uint32_t (*validity)(const rf_position *pos);
    /* The legal moves, written from `out` on (at most RF_MAX_MOVES); returns the end. */
    rf_move *(*generate)(const rf_position *pos, rf_move *out);
    /* Optional (NULL: callers filter `generate`'s list): the legal moves of the side to move's
     * pieces of type `pt` to square `to`, castling left out, written from `out` on; returns the
     * end. Exactly `generate`'s moves of that piece and square (fuzz_move checks it): SAN reading
     * asks for these and need not list every move. */
    rf_move *(*moves_to)(const rf_position *pos, rf_move *out, rf_piece_type pt, rf_square to);
    /* The same moves by the simple method: every pseudo-legal move played on a copy and kept
     * when the rules allow the result. The test oracle of `generate`. */
    rf_move *(*generate_simple)(const rf_position *pos, rf_move *out);
    /* Plays a legal move: the template kernel/play.h's, over the variant's make-move on nodes
     * (the one perft inlines), written back into the position by kernel/sync.h. */
    void (*play)(rf_position *pos, rf_move move);
    /* 1 when side `us` has a legal en passant capture in node n, by the variant's generator. */
    bool (*node_ep_legal)(const struct rf__node *n, rf_color us);
    /* Optional: the variant's own effects of a move for the simple method (rf__play_simple,
     * src/play_simple.c), on rf_position and without the kernel, after the plain board update
     * of *before (Atomic's blast, Crazyhouse's pocket, Three-check's count). */
    void (*play_simple)(rf_position *pos, const rf_position *before, rf_move move);
    /* The enemy pieces giving check to the king of colour c, as the variant counts checks. */
    rf_bitboard (*checkers)(const rf_position *pos, rf_color c);
    /* Perft below the position; `tt` (may be NULL) remembers subtree counts. depth >= 1. */
    uint64_t (*perft)(const rf_position *pos, int depth, const struct rf__tt *tt);
    /* The winner when a rule of the variant itself has ended the game (Atomic: a king
     * exploded), else RF_RESULT_ONGOING. */
    rf_result (*variant_end)(const rf_position *pos);
    /* Why variant_end ended the game (called only when it has, and for a stalemate when
     * stalemate_result is set). May be NULL: the code is then end_codes[0] and the words
     * end_text[the result], or, without end_codes, "variant_end" and "variant end". */
    rf__end_reason (*end_reason)(const rf_position *pos);
    /* Every code the variant's own end gives, NULL-terminated (NULL for none): end_reason takes
     * its codes from this list, and the documentation's tests read it (tests/doc_tables.c). */
    const char *const *end_codes;
    /* Without end_reason: the words of the variant's own end, by the result variant_end gives
     * ([RF_RESULT_WHITE_WINS], [RF_RESULT_BLACK_WINS], [RF_RESULT_DRAW]). */
    const char *end_text[4];
    /* 1 when colour c cannot win, by the variant's material rule (chessops'
     * hasInsufficientMaterial); neither side can when it holds for both. */
    int (*insufficient_material)(const rf_position *pos, rf_color c);
    /* The result when the side to move has no legal move and is not in check, the game not over
     * by variant_end; NULL: a draw (stalemate). When set, end_reason names this end too
     * (Antichess: the stalemated side wins). */
    rf_result (*stalemate_result)(const rf_position *pos);
    /* Optional (NULL: the rule's generic name): why *pos breaks the rule `flag` (one
     * RF_INVALID_* bit), in the variant's own terms where they differ from standard chess's
     * ("White has a king (Horde's White has none)"); written to buf like snprintf. Returns 0
     * to leave the generic name. The text holds no "; " (it separates the rules of a message). */
    int (*explain)(char *buf, size_t cap, const rf_position *pos, uint32_t flag);
    /* 1 when the variant has no castling (Antichess): the castling rights a setup gives are
     * dropped, and refused (RF_INVALID_VARIANT) only when the caller accepts nothing. */
    bool no_castling;
    /* 1 when a pawn may promote to a king (Antichess): pseudo-legal moves list that promotion
     * too (rf_generate_pseudo_moves). */
    bool king_promotions;
    /* Optional (NULL: nothing, as in standard chess): the squares a move of *before blows up
     * (its centre and the eight around it), for the board's marks (rf_render_mark). */
    rf_bitboard (*blast)(const rf_position *before, rf_move move);
} rf__variant;

/* The name of a module's row in the build being compiled. */
#if RF_PEXT
#define RF_KERNEL(name) name##_bmi2
#else
#define RF_KERNEL(name) name##_portable
#endif

#define RF__DECLARE_MODULE(file, id)                                                              \
    extern const rf__variant rf__variant_##file##_portable;                                       \
    extern const rf__variant rf__variant_##file##_bmi2;
RF_VARIANT_LIST(RF__DECLARE_MODULE)
#undef RF__DECLARE_MODULE

/* The rows in use (rf_init's choice, or rf_kernel_select's), by rf_variant, NULL slots filled
 * (see the top). */
extern const rf__variant *rf__variants[RF_VARIANT_COUNT];

/* Chooses the build of every module (the BMI2 one where it is compiled in and rf__use_bmi2);
 * called once by rf_init, and again by rf_kernel_select("auto"). */
void rf__variants_choose(void);

/* The chosen row of a variant, or NULL for a value out of range. */
const rf__variant *rf__variant_get(rf_variant variant);

/* One build of a variant's module, for tests that compare builds: isa 0 the portable build, 1
 * the BMI2 build (NULL where it is not compiled or the CPU cannot run it). */
const rf__variant *rf__variant_build(rf_variant variant, int isa);

/* The rules of standard chess a NULL slot stands for (src/rules_standard.c): the start position,
 * the checks (checkers), the validity rules, the material rule (insufficient_material), and no
 * rule of the variant ending the game (variant_end). */
extern const char rf__standard_start_fen[];
rf_bitboard rf__standard_checkers(const rf_position *pos, rf_color c);
uint32_t rf__standard_validity(const rf_position *pos);
int rf__standard_insufficient_material(const rf_position *pos, rf_color c);
rf_result rf__standard_variant_end(const rf_position *pos);

/* Atomic's blast (src/explosion.c): rf_atomic_explosion's squares, none for a move that captures
 * nothing. */
rf_bitboard rf__atomic_marked_blast(const rf_position *before, rf_move move);

/* A material rule several variants share: never insufficient, a king always having a goal to walk
 * to (King of the Hill, Racing Kings). */
int rf__material_never_insufficient(const rf_position *pos, rf_color c);

/* Why the null move may not be played in *pos, after the side to move ("is in check", "has no
 * legal move (the game is over)"), or
 * NULL when it may (see RF_MOVE_NULL in rankfile.h). */
const char *rf__null_move_refused(const rf_position *pos);

/* rf_position_play through a given row (a build of the position's variant, for tests that compare
 * builds): the row's node_make, and the child written back into the position. */
void rf__play_by(const rf__variant *row, rf_position *pos, rf_move move);

/* The simple method's make-move: a move of the side to move played on rf_position by removing
 * and putting pieces (rights, en passant square, counters; the key of the pieces), then the
 * row's play_simple hook; pos->ep_legal is left 0 (the simple generator does not read it). The
 * oracle's make-move, independent of the kernel's. */
void rf__play_simple(rf_position *pos, rf_move move);

/* Perft by a row's simple generator and make-move, with no shortcut: the oracle the fast perft
 * (row->perft) is tested against. depth >= 1. In play_simple.c, beside rf__play_simple. */
uint64_t rf__perft_simple(const rf__variant *row, const rf_position *pos, int depth);

/* The row of a position's variant. */
RF_INLINE const rf__variant *rf__variant_of(const rf_position *pos)
{
    RF_ASSERT(pos->variant < RF_VARIANT_COUNT && rf__variants[pos->variant]);
    return rf__variants[pos->variant];
}

#endif
