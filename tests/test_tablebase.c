/* test_tablebase.c - the Syzygy handle (rf_tb_*): Fathom's process-wide tables shared by handles
 * on the same paths and refused to other paths, the checks made before Fathom sees a position,
 * and a build without Fathom answering RF_ERR_UNAVAILABLE everywhere, one table's stored values
 * (python-chess's test cases) and a quiet reopening. The values themselves are
 * python-chess's business (tests/oracle/syzygy.sh). */
#include <rankfile.h>

#include "harness.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define TABLES RF_SHARED_DATA "/python-chess/syzygy"

/* 1 when this build probes and the shared tables are there; else the test is skipped. */
static int tables_ready(void)
{
    struct stat st;
    if (!rf_tb_available()) {
        HARNESS_SKIP("built without Fathom");
        return 0;
    }
    if (stat(TABLES "/KQvK.rtbw", &st) != 0) {
        HARNESS_SKIP("%s missing", TABLES);
        return 0;
    }
    return 1;
}

static rf_position parse(const char *fen, rf_variant variant)
{
    rf_position pos;
    rf_position_parse(&pos, fen, strlen(fen), variant, 0, RF_ACCEPT_DEFAULT, NULL);
    return pos;
}

TEST(without_fathom_every_call_is_unavailable)
{
    CHECK_STR(rf_strerror(RF_ERR_UNAVAILABLE), "not available in this build");
    if (rf_tb_available()) return; /* the other cases */
    rf_tb *tb = (rf_tb *)1;
    rf_error err;
    CHECK_INT(rf_tb_open(&tb, TABLES, &err), RF_ERR_UNAVAILABLE);
    CHECK(tb == NULL);
    CHECK(strstr(err.message, "libfathom-dev") != NULL);
    rf_position pos = parse("8/8/8/8/8/8/2k5/K1q5 w - - 0 1", RF_VARIANT_STANDARD);
    int v;
    CHECK_INT(rf_tb_probe_wdl(&v, NULL, &pos, NULL), RF_ERR_UNAVAILABLE);
}

TEST(handles_share_one_set_of_paths)
{
    if (!tables_ready()) return;
    rf_tb *a, *b, *c = (rf_tb *)1;
    rf_error err;
    if (!CHECK_INT(rf_tb_open(&a, TABLES, &err), RF_OK)) return;
    CHECK_INT(rf_tb_max_pieces(a), 4);
    CHECK_INT(rf_tb_open(&b, TABLES, &err), RF_OK);
    /* Other paths while handles are open: refused, saying why. */
    CHECK_INT(rf_tb_open(&c, TABLES ":" TABLES, &err), RF_ERR_BUSY);
    CHECK(c == NULL);
    CHECK(strstr(err.message, "process-wide") != NULL);
    rf_tb_close(a);
    rf_position pos = parse("8/8/8/8/8/8/2k5/K1q5 w - - 0 1", RF_VARIANT_STANDARD);
    int wdl = 9, dtz = 9;
    CHECK_INT(rf_tb_probe_wdl(&wdl, b, &pos, NULL), RF_OK);
    CHECK_INT(wdl, RF_TB_LOSS);
    CHECK_INT(rf_tb_probe_dtz(&dtz, b, &pos, NULL), RF_OK);
    CHECK_INT(dtz, -2);
    rf_tb_close(b);
    /* Once all are closed, other paths may be opened (the same tables twice here). */
    CHECK_INT(rf_tb_open(&c, TABLES ":" TABLES, &err), RF_OK);
    rf_tb_close(c);
    rf_tb_close(NULL);
}

TEST(positions_the_tables_cannot_answer)
{
    if (!tables_ready()) return;
    rf_tb *tb;
    if (!CHECK_INT(rf_tb_open(&tb, TABLES, NULL), RF_OK)) return;
    static const struct {
        const char *fen;
        rf_variant variant;
        const char *why;
    } cases[] = {
        {"4k3/8/8/8/8/8/8/4K2R w K - 0 1", RF_VARIANT_STANDARD, "castling rights"},
        {"7k/8/6b1/8/2r5/1Q6/8/K7 w - - 0 1", RF_VARIANT_STANDARD, "5 pieces"},
        {"8/8/8/8/8/8/2k5/K1q5 w - - 0 1", RF_VARIANT_ATOMIC, "not atomic"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        rf_position pos = parse(cases[i].fen, cases[i].variant);
        rf_error err;
        int v = 99;
        rf_tb_root root;
        CHECK_INT(rf_tb_probe_wdl(&v, tb, &pos, &err), RF_ERR_NO_TABLE);
        CHECK_MSG(strstr(err.message, cases[i].why) != NULL, "%s: %s", cases[i].fen, err.message);
        CHECK_INT(rf_tb_probe_dtz(&v, tb, &pos, NULL), RF_ERR_NO_TABLE);
        CHECK_INT(rf_tb_probe_root(&root, tb, &pos, NULL), RF_ERR_NO_TABLE);
        CHECK_INT(v, 99);
    }
    rf_tb_close(tb);
}

/* A table file damaged after the tables were loaded is refused at the next first handle. */
TEST(files_checked_again_at_each_first_handle)
{
    if (!tables_ready()) return;
    char dir[] = "/tmp/rf_tb_XXXXXX", wdl[64], dtz[64];
    if (!CHECK(mkdtemp(dir) != NULL)) return;
    snprintf(wdl, sizeof wdl, "%s/KQvK.rtbw", dir);
    snprintf(dtz, sizeof dtz, "%s/KQvK.rtbz", dir);
    CHECK(symlink(TABLES "/KQvK.rtbw", wdl) == 0);
    CHECK(symlink(TABLES "/KQvK.rtbz", dtz) == 0);
    rf_tb *tb;
    rf_error err;
    if (CHECK_INT(rf_tb_open(&tb, dir, &err), RF_OK)) rf_tb_close(tb);
    unlink(dtz);
    FILE *f = fopen(dtz, "wb");
    if (CHECK(f != NULL)) {
        fwrite("\xd7\x66\x0c\xa5", 1, 4, f); /* a DTZ table's magic, and nothing after it */
        fclose(f);
    }
    CHECK_INT(rf_tb_open(&tb, dir, &err), RF_ERR_CORRUPT);
    CHECK_MSG(strstr(err.message, "KQvK.rtbz is damaged: 4 bytes") != NULL, "%s", err.message);
    unlink(wdl);
    unlink(dtz);
    rmdir(dir);
}

TEST(bad_paths)
{
    if (!rf_tb_available()) {
        HARNESS_SKIP("built without Fathom");
        return;
    }
    rf_tb *tb;
    rf_error err;
    CHECK_INT(rf_tb_open(&tb, "", &err), RF_ERR_ARGUMENT);
    CHECK_INT(rf_tb_open(&tb, NULL, &err), RF_ERR_ARGUMENT);
    CHECK_INT(rf_tb_open(&tb, "/nonexistent/syzygy", &err), RF_ERR_NOT_FOUND);
    CHECK(strstr(err.message, "No such file or directory") != NULL);
    CHECK(tb == NULL);
}


/* One table's stored values (rf_tb_probe_wdl_table, rf_tb_probe_dtz_table) and the DTZ without
 * en passant: python-chess's values for these positions (its test.py, SyzygyTestCase). */
TEST(one_table_values)
{
    if (!tables_ready()) return;
    rf_tb *tb;
    if (!CHECK_INT(rf_tb_open(&tb, TABLES, NULL), RF_OK)) return;
    static const struct {
        const char *fen;
        int wdl; /* the table's WDL for the DTZ read */
        int dtz, stored;
    } dtz_cases[] = {
        {"7n/6k1/4R3/4K3/8/8/8/8 w - - 0 1", 2, 0, 0}, /* KRvKN's DTZ file: Black to move only */
        {"7n/6k1/4R3/4K3/8/8/8/8 b - - 1 1", -2, 8, 1},
        {"8/1K6/1P6/8/8/8/6n1/7k w - - 0 1", 2, 2, 1},
    };
    for (size_t i = 0; i < sizeof dtz_cases / sizeof *dtz_cases; i++) {
        rf_position pos = parse(dtz_cases[i].fen, RF_VARIANT_STANDARD);
        int dtz = 99, stored = 99;
        CHECK_INT(rf_tb_probe_dtz_table(&dtz, &stored, tb, &pos, dtz_cases[i].wdl, NULL), RF_OK);
        CHECK_INT(dtz, dtz_cases[i].dtz);
        CHECK_INT(stored, dtz_cases[i].stored);
    }
    static const struct {
        const char *fen;
        int wdl_table;
    } wdl_cases[] = {
        {"8/8/8/5N2/5K2/2kB4/8/8 b - - 0 1", -2}, {"7B/5kNK/8/8/8/8/8/8 w - - 0 1", 2},
        {"8/8/1NkB4/8/7K/8/8/8 w - - 1 1", 0},    {"8/8/8/2n5/2b1K3/2k5/8/8 w - - 0 1", -2},
        {"8/8/2K5/4P3/8/8/8/3r3k b - - 1 1", 0},   {"8/8/2K5/8/4P3/8/8/3r3k b - - 1 1", 2},
        {"8/8/8/8/8/8/8/K6k w - - 0 1", 0},
        /* en passant is ignored: a draw in the table, a win with the capture */
        {"8/8/8/k2Pp3/8/8/8/4K3 w - e6 0 2", 0},
    };
    for (size_t i = 0; i < sizeof wdl_cases / sizeof *wdl_cases; i++) {
        rf_position pos = parse(wdl_cases[i].fen, RF_VARIANT_STANDARD);
        int wdl = 99;
        CHECK_INT(rf_tb_probe_wdl_table(&wdl, tb, &pos, NULL), RF_OK);
        CHECK_MSG(wdl == wdl_cases[i].wdl_table, "%s: %d", wdl_cases[i].fen, wdl);
    }
    rf_position ep = parse("8/8/8/8/2pP4/2K5/4k3/8 b - d3 0 1", RF_VARIANT_STANDARD);
    int dtz = 99, stored;
    CHECK_INT(rf_tb_probe_dtz_no_ep(&dtz, tb, &ep, NULL), RF_OK);
    CHECK_INT(dtz, -1);
    CHECK_INT(rf_tb_probe_dtz(&dtz, tb, &ep, NULL), RF_OK);
    CHECK_INT(dtz, 1);
    /* probe_ab: a capture that wins outright cuts (2); the window's bound where captures give
     * at least the table's value */
    static const struct {
        const char *fen;
        int alpha, beta, wdl, how;
    } ab_cases[] = {
        {"4k3/8/8/8/8/8/3q4/3RK3 w - - 0 1", -2, 2, 2, 2},
        {"4k3/8/8/8/8/8/3q4/3RK3 w - - 0 1", -2, -1, -1, 2},
        {"8/8/8/5N2/5K2/2kB4/8/8 b - - 0 1", -2, 2, 0, 1},
        {"8/8/8/5N2/5K2/2kB4/8/8 b - - 0 1", 1, 2, 1, 2},
        {"7k/6b1/6K1/8/8/8/8/3R4 b - - 12 7", -2, 2, -2, 1},
    };
    for (size_t i = 0; i < sizeof ab_cases / sizeof *ab_cases; i++) {
        rf_position pos = parse(ab_cases[i].fen, RF_VARIANT_STANDARD);
        int wdl = 99, how = 99;
        CHECK_INT(rf_tb_probe_ab(&wdl, &how, tb, &pos, ab_cases[i].alpha, ab_cases[i].beta, NULL),
                  RF_OK);
        CHECK_MSG(wdl == ab_cases[i].wdl && how == ab_cases[i].how, "%s %d..%d: %d %d",
                  ab_cases[i].fen, ab_cases[i].alpha, ab_cases[i].beta, wdl, how);
    }
    /* a WDL value out of range; a material whose table is not there; castling rights */
    rf_error err;
    CHECK_INT(rf_tb_probe_dtz_table(&dtz, &stored, tb, &ep, 3, &err), RF_ERR_ARGUMENT);
    rf_position kings = parse("8/8/8/8/8/8/8/K6k w - - 0 1", RF_VARIANT_STANDARD);
    CHECK_INT(rf_tb_probe_dtz_table(&dtz, &stored, tb, &kings, 0, &err), RF_ERR_NO_TABLE);
    rf_position castling = parse("4k3/8/8/8/8/8/8/4K2R w K - 0 1", RF_VARIANT_STANDARD);
    CHECK_INT(rf_tb_probe_wdl_table(&dtz, tb, &castling, &err), RF_ERR_NO_TABLE);
    CHECK(strstr(err.message, "castling") != NULL);
    rf_tb_close(tb);
}

/* Opening other paths releases the tables loaded before: Fathom's lines about it ("munmap")
 * do not reach stderr. */
TEST(reopening_prints_nothing)
{
    if (!tables_ready()) return;
    char path[] = "/tmp/rf_tb_stderr_XXXXXX";
    int fd = mkstemp(path);
    if (!CHECK(fd >= 0)) return;
    fflush(stderr);
    int saved = dup(STDERR_FILENO);
    dup2(fd, STDERR_FILENO);
    rf_position pos = parse("8/8/8/8/8/8/2k5/K1q5 w - - 0 1", RF_VARIANT_STANDARD);
    const char *paths[] = {TABLES, TABLES ":" TABLES, TABLES};
    for (int i = 0; i < 3; i++) {
        rf_tb *tb;
        int dtz;
        if (rf_tb_open(&tb, paths[i], NULL) != RF_OK) continue;
        rf_tb_probe_dtz(&dtz, tb, &pos, NULL); /* maps the tables */
        rf_tb_close(tb);
    }
    fflush(stderr);
    dup2(saved, STDERR_FILENO);
    close(saved);
    struct stat st;
    CHECK(fstat(fd, &st) == 0 && st.st_size == 0);
    close(fd);
    unlink(path);
}
