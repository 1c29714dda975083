/* The move generator's code path, chosen by rf_init and by rf_kernel_select: the name says which
 * build of the variant modules runs, selecting one switches every variant's row, a kernel the
 * CPU cannot run is refused, and every kernel counts the same trees through the public API
 * (perft, threads and the table, move lists) in standard chess, Chess960 and Atomic chess. */
#include "variant.h"
#include "harness.h"

/* 1 when the BMI2 build is compiled in and the CPU runs it fast. */
static int bmi2_runs(void) { return rf__variant_build(RF_VARIANT_STANDARD, 1) != NULL; }

/* The build rf_init chooses: BMI2 where it runs. */
static const char *auto_name(void) { return bmi2_runs() ? "bmi2" : "portable"; }

/* Every played variant's row is build `isa` of its module. */
static void check_rows(int isa)
{
    for (int v = 0; v < RF_VARIANT_COUNT; v++) {
        const rf__variant *row = rf__variant_get((rf_variant)v);
        if (!row) continue;
        CHECK_MSG(row == rf__variant_build((rf_variant)v, isa), "%s: the row is not build %d",
                  rf_variant_name((rf_variant)v), isa);
    }
}

typedef struct counted {
    const char *name, *fen;
    rf_variant variant;
    int depth;
    uint64_t nodes;
    unsigned moves; /* legal moves at the root */
} counted;

static const counted positions[] = {
    {"start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", RF_VARIANT_STANDARD, 4,
     197281, 20},
    {"kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
     RF_VARIANT_STANDARD, 3, 97862, 48},
    {"chess960", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
     RF_VARIANT_STANDARD, 4, 326672, 21},
    {"atomic start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
     RF_VARIANT_ATOMIC, 4, 197326, 20},
};
#define POSITIONS (sizeof positions / sizeof *positions)

/* The known counts with the kernel in use: rf_perft, rf_perft_run with two threads and a table,
 * and the root's move list. */
static void check_counts(void)
{
    const char *kernel = rf_kernel_name();
    for (size_t i = 0; i < POSITIONS; i++) {
        const counted *c = &positions[i];
        rf_position pos;
        rf_error err;
        if (!CHECK_MSG(rf_position_from_fen(&pos, c->fen, c->variant, &err) == RF_OK, "%s: %s",
                       c->name, err.message))
            continue;
        uint64_t n = rf_perft(&pos, c->depth);
        CHECK_MSG(n == c->nodes, "%s, %s kernel: perft %d = %llu, expected %llu", c->name, kernel,
                  c->depth, (unsigned long long)n, (unsigned long long)c->nodes);
        rf_perft_options opt = {.threads = 2, .hash_mb = 1};
        rf_count total;
        CHECK_MSG(rf_perft_run(&total, &pos, c->depth, &opt, &err) == RF_OK && total.hi == 0 &&
                      total.lo == c->nodes,
                  "%s, %s kernel: rf_perft_run with threads and a table", c->name, kernel);
        rf_movelist list;
        CHECK_MSG(rf_generate_moves(&list, &pos) == c->moves, "%s, %s kernel: %u root moves",
                  c->name, kernel, list.count);
    }
}

/* Runs first: a choice made before anything else has used the library is not undone when the
 * library initialises itself. */
TEST(select_before_first_use_stays)
{
    CHECK_INT(rf_kernel_select("portable"), RF_OK);
    rf_init();
    CHECK_STR(rf_kernel_name(), "portable");
    rf_position pos;
    CHECK_INT(rf_position_startpos(&pos, RF_VARIANT_STANDARD), RF_OK);
    CHECK_STR(rf_kernel_name(), "portable");
    check_rows(0);
    CHECK_INT(rf_kernel_select("auto"), RF_OK);
}

TEST(auto_is_the_build_rf_init_chooses)
{
    CHECK_INT(rf_kernel_select("auto"), RF_OK);
    CHECK_STR(rf_kernel_name(), auto_name());
    check_rows(bmi2_runs());
    printf("auto: %s\n", rf_kernel_name());
}

TEST(portable_counts_the_known_trees)
{
    CHECK_INT(rf_kernel_select("portable"), RF_OK);
    CHECK_STR(rf_kernel_name(), "portable");
    check_rows(0);
    check_counts();
    CHECK_INT(rf_kernel_select("auto"), RF_OK);
}

/* Where the CPU runs it, bmi2 is chosen and counts the same trees; elsewhere it is refused with
 * RF_ERR_ARGUMENT and the choice stays as it was. */
TEST(bmi2_counts_the_known_trees_or_is_refused)
{
    CHECK_INT(rf_kernel_select("portable"), RF_OK);
    if (bmi2_runs()) {
        CHECK_INT(rf_kernel_select("bmi2"), RF_OK);
        CHECK_STR(rf_kernel_name(), "bmi2");
        check_rows(1);
        check_counts();
    } else {
        CHECK_INT(rf_kernel_select("bmi2"), RF_ERR_ARGUMENT);
        CHECK_STR(rf_kernel_name(), "portable");
        check_rows(0);
        printf("bmi2 does not run on this CPU or build: refused\n");
    }
    CHECK_INT(rf_kernel_select("auto"), RF_OK);
    CHECK_STR(rf_kernel_name(), auto_name());
}

TEST(unknown_names_change_nothing)
{
    static const char *const names[] = {"", "Portable", "BMI2", "pext", "magic", "auto ",
                                        "portable\n", "bmi"};
    CHECK_INT(rf_kernel_select("portable"), RF_OK);
    CHECK_INT(rf_kernel_select(NULL), RF_ERR_NOT_FOUND);
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        CHECK_MSG(rf_kernel_select(names[i]) == RF_ERR_NOT_FOUND, "'%s' was taken", names[i]);
    CHECK_STR(rf_kernel_name(), "portable");
    check_rows(0);
    CHECK_INT(rf_kernel_select("auto"), RF_OK);
}

/* Switching back and forth between counts: each count uses the kernel chosen last. */
TEST(switching_between_counts)
{
    for (int round = 0; round < 4; round++) {
        const char *name = round % 2 ? "auto" : "portable";
        CHECK_INT(rf_kernel_select(name), RF_OK);
        CHECK_STR(rf_kernel_name(), round % 2 ? auto_name() : "portable");
        check_counts();
    }
}
