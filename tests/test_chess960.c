/* Chess960: the numbering both ways against an independent brute-force enumeration, the
 * placing procedure's uniformity, positions, the start-board check with its reasons (every case
 * of seed 000), the generator's golden values and a chi-square test that can fail, and the
 * letters of every language. */
#include "position.h"
#include "harness.h"

#include <stdlib.h>

/* ---- An independent numbering: the decode written out from the rule, with its own loops ---- */

static char table[960][9];

static void build_table(void)
{
    if (table[0][0]) return;
    static const char *const pairs[10] = {"01", "02", "03", "04", "12",
                                          "13", "14", "23", "24", "34"};
    for (int n = 0; n < 960; n++) {
        char r[9] = "........";
        int light = n % 4, dark = (n / 4) % 4, queen = (n / 16) % 6, pair = n / 96;
        int free_sq[8], nfree = 0;
        r[2 * light + 1] = 'B';
        r[2 * dark] = 'B';
        for (int f = 0; f < 8; f++)
            if (r[f] == '.') free_sq[nfree++] = f;
        r[free_sq[queen]] = 'Q';
        nfree = 0;
        for (int f = 0; f < 8; f++)
            if (r[f] == '.') free_sq[nfree++] = f;
        r[free_sq[pairs[pair][0] - '0']] = 'N';
        r[free_sq[pairs[pair][1] - '0']] = 'N';
        const char *rkr = "RKR";
        for (int f = 0; f < 8; f++)
            if (r[f] == '.') r[f] = *rkr++;
        memcpy(table[n], r, 9);
    }
}

static int table_number(const char *rank)
{
    build_table();
    for (int n = 0; n < 960; n++)
        if (strncmp(table[n], rank, 8) == 0) return n;
    return -1;
}

/* The rules of a setup, checked by brute force: the pieces, bishops on squares of opposite
 * colours (files of different parity), the king between the rooks. */
static int valid_setup(const char *r)
{
    int b[2], nb = 0, rk[2], nr = 0, k = -1, q = 0, n = 0;
    for (int f = 0; f < 8; f++) {
        switch (r[f]) {
        case 'B': if (nb < 2) b[nb] = f; nb++; break;
        case 'R': if (nr < 2) rk[nr] = f; nr++; break;
        case 'K': k = f; break;
        case 'Q': q++; break;
        case 'N': n++; break;
        default: return 0;
        }
    }
    return nb == 2 && nr == 2 && q == 1 && n == 2 && k >= 0 && (b[0] + b[1]) % 2 == 1 &&
           rk[0] < k && k < rk[1];
}

/* Every distinct arrangement of RNBQKBNR (8!/2!2!2! = 5040), by next permutation in order. */
static int next_permutation(char *s, int n)
{
    int i = n - 2;
    while (i >= 0 && s[i] >= s[i + 1]) i--;
    if (i < 0) return 0;
    int j = n - 1;
    while (s[j] <= s[i]) j--;
    char t = s[i];
    s[i] = s[j];
    s[j] = t;
    for (int a = i + 1, z = n - 1; a < z; a++, z--) {
        t = s[a];
        s[a] = s[z];
        s[z] = t;
    }
    return 1;
}

TEST(numbering_matches_an_independent_decode)
{
    build_table();
    char r[9];
    /* The anchors of the numbering. */
    CHECK(rf_chess960_back_rank(r, 518) == RF_OK);
    CHECK_STR(r, "RNBQKBNR");
    CHECK(rf_chess960_back_rank(r, 0) == RF_OK);
    CHECK_STR(r, "BBQNNRKR");
    CHECK(rf_chess960_back_rank(r, 959) == RF_OK);
    CHECK_STR(r, "RKRNNQBB");
    CHECK_STR(table[518], "RNBQKBNR");
    CHECK_STR(table[0], "BBQNNRKR");
    CHECK_STR(table[959], "RKRNNQBB");
    CHECK_INT(rf_chess960_number("RNBQKBNR"), 518);
    CHECK_INT(rf_chess960_number("rnbqkbnr"), 518);
    CHECK_INT(rf_chess960_number("BBQNNRKR"), 0);
    CHECK_INT(rf_chess960_number("RKRNNQBB"), 959);

    /* Every number round-trips, agrees with the independent table and obeys the rules; the
     * 960 strings are distinct. */
    static char all[960][9];
    int roundtrip = 0, agree = 0, rules = 0, draws_ok = 0, stages_ok = 0;
    for (int n = 0; n < 960; n++) {
        rf_chess960_draws d;
        char st[6][9];
        rf_chess960_back_rank(all[n], n);
        roundtrip += rf_chess960_number(all[n]) == n;
        agree += strcmp(all[n], table[n]) == 0;
        rules += valid_setup(all[n]);
        draws_ok += rf_chess960_number_draws(&d, n) == RF_OK && rf_chess960_draws_number(&d) == n;
        stages_ok += rf_chess960_stages(st, &d) == RF_OK && strcmp(st[5], all[n]) == 0 &&
                     strlen(st[0]) == 8 && strchr(st[4], 'K') == NULL;
    }
    CHECK_INT(roundtrip, 960);
    CHECK_INT(agree, 960);
    CHECK_INT(rules, 960);
    CHECK_INT(draws_ok, 960);
    CHECK_INT(stages_ok, 960);
    int dup = 0;
    for (int a = 0; a < 960; a++)
        for (int b = a + 1; b < 960; b++) dup += strcmp(all[a], all[b]) == 0;
    CHECK_INT(dup, 0);

    /* Brute force: of the 5040 arrangements exactly 960 obey the rules, they are exactly the
     * table's strings, and the library numbers every one as the table does and rejects the rest. */
    char p[9] = "BBKNNQRR";
    int arrangements = 0, valid = 0, numbered_right = 0, rejected = 0;
    do {
        arrangements++;
        if (valid_setup(p)) {
            valid++;
            int t = table_number(p);
            numbered_right += t >= 0 && rf_chess960_number(p) == t;
        } else {
            rejected += rf_chess960_number(p) == -1;
        }
    } while (next_permutation(p, 8));
    CHECK_INT(arrangements, 5040);
    CHECK_INT(valid, 960);
    CHECK_INT(numbered_right, 960);
    CHECK_INT(rejected, 5040 - 960);

    /* Not back ranks */
    CHECK_INT(rf_chess960_number(NULL), -1);
    CHECK_INT(rf_chess960_number(""), -1);
    CHECK_INT(rf_chess960_number("RNBQKBN"), -1);
    CHECK_INT(rf_chess960_number("RNBQKBNRR"), -1);
    CHECK_INT(rf_chess960_number("RNBQKBNP"), -1);
    CHECK_INT(rf_chess960_number("RNBQKBN "), -1);
    CHECK_INT(rf_chess960_number("RNBKQBNR"), 534);
    CHECK(rf_chess960_back_rank(r, -1) == RF_ERR_ARGUMENT && r[0] == '\0');
    CHECK(rf_chess960_back_rank(r, 960) == RF_ERR_ARGUMENT);
}

/* Each setup arises from exactly two of the 1920 draw sequences, so the draws are uniform. */
TEST(placing_procedure_is_uniform)
{
    int hits[960] = {0}, bad = 0;
    rf_chess960_draws d;
    for (d.light_bishop = 0; d.light_bishop < 4; d.light_bishop++)
        for (d.dark_bishop = 0; d.dark_bishop < 4; d.dark_bishop++)
            for (d.queen = 0; d.queen < 6; d.queen++)
                for (d.knight1 = 0; d.knight1 < 5; d.knight1++)
                    for (d.knight2 = 0; d.knight2 < 4; d.knight2++) {
                        int n = rf_chess960_draws_number(&d);
                        char st[6][9], r[9];
                        if (n < 0 || n >= 960) {
                            bad++;
                            continue;
                        }
                        hits[n]++;
                        rf_chess960_stages(st, &d);
                        rf_chess960_back_rank(r, n);
                        bad += strcmp(st[5], r) != 0;
                    }
    int twice = 0;
    for (int n = 0; n < 960; n++) twice += hits[n] == 2;
    CHECK_INT(bad, 0);
    CHECK_INT(twice, 960);

    /* 960.py's picture of the procedure, for 518: f, c, d, then the knights b and g. */
    rf_chess960_draws s = {2, 1, 2, 1, 2};
    char st[6][9];
    CHECK(rf_chess960_stages(st, &s) == RF_OK);
    CHECK_STR(st[0], "abcdeBgh");
    CHECK_STR(st[1], "abBdeBgh");
    CHECK_STR(st[2], "abBQeBgh");
    CHECK_STR(st[3], "aNBQeBgh");
    CHECK_STR(st[4], "aNBQeBNh");
    CHECK_STR(st[5], "RNBQKBNR");
    CHECK_INT(rf_chess960_draws_number(&s), 518);
    rf_chess960_draws other = {2, 1, 2, 3, 1}; /* the knights the other way round: g, then b */
    CHECK_INT(rf_chess960_draws_number(&other), 518);
    CHECK(rf_chess960_number_draws(&d, 518) == RF_OK);
    CHECK(d.light_bishop == 2 && d.dark_bishop == 1 && d.queen == 2 && d.knight1 == 1 &&
          d.knight2 == 2);
    rf_chess960_draws out_of_range[5] = {{4, 0, 0, 0, 0}, {0, -1, 0, 0, 0}, {0, 0, 6, 0, 0},
                                         {0, 0, 0, 5, 0}, {0, 0, 0, 0, 4}};
    for (int i = 0; i < 5; i++) {
        CHECK_INT(rf_chess960_draws_number(&out_of_range[i]), -1);
        CHECK(rf_chess960_stages(st, &out_of_range[i]) == RF_ERR_ARGUMENT);
    }
    CHECK(rf_chess960_number_draws(&d, 960) == RF_ERR_ARGUMENT);
}

TEST(start_positions)
{
    rf_position pos, keep;
    char fen[RF_FEN_MAX];
    CHECK(rf_chess960_position(&pos, 518) == RF_OK);
    CHECK_INT(pos.chess960, 1);
    rf_position_to_fen(fen, sizeof fen, &pos, 0);
    CHECK_STR(fen, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    rf_position_to_fen(fen, sizeof fen, &pos, RF_FEN_SHREDDER);
    CHECK_STR(fen, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1");
    CHECK(rf_chess960_position(&pos, 0) == RF_OK);
    rf_position_to_fen(fen, sizeof fen, &pos, RF_FEN_SHREDDER);
    CHECK_STR(fen, "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1");
    CHECK(rf_chess960_position(&pos, 959) == RF_OK);
    rf_position_to_fen(fen, sizeof fen, &pos, RF_FEN_SHREDDER);
    CHECK_STR(fen, "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1");

    /* Every start position is a consistent, legal position; its FEN parses back to it; the
     * board check finds its number. */
    int consistent = 0, legal = 0, reparsed = 0, checked = 0;
    for (int n = 0; n < 960; n++) {
        rf_position again;
        rf_chess960_verdict v;
        rf_chess960_position(&pos, n);
        consistent += rf__position_check(&pos) == NULL;
        legal += rf_position_validity(&pos) == 0;
        rf_position_to_fen(fen, sizeof fen, &pos, 0);
        reparsed += rf_position_parse(&again, fen, strlen(fen), RF_VARIANT_STANDARD, RF_PARSE_CHESS960, RF_ACCEPT_DEFAULT, NULL) == RF_OK &&
                    rf_position_equal(&pos, &again) && again.key == pos.key;
        checked += rf_chess960_check(&v, &pos, 0) == n && v.white == n && v.black == n &&
                   v.reason == RF_CHESS960_START && v.message[0] == '\0';
    }
    CHECK_INT(consistent, 960);
    CHECK_INT(legal, 960);
    CHECK_INT(reparsed, 960);
    CHECK_INT(checked, 960);

    /* Double Fischer Random: independent setups, both numbers found */
    CHECK(rf_chess960_double_position(&pos, 518, 0) == RF_OK);
    rf_position_to_fen(fen, sizeof fen, &pos, RF_FEN_SHREDDER);
    CHECK_STR(fen, "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAhf - 0 1");
    int doubles = 0;
    for (int w = 0; w < 960; w++) {
        int b = (w * 37 + 11) % 960;
        rf_chess960_verdict v;
        rf_chess960_double_position(&pos, w, b);
        doubles += rf__position_check(&pos) == NULL &&
                   rf_chess960_check(&v, &pos, RF_CHESS960_DOUBLE) == w && v.black == b &&
                   (w == b || rf_chess960_check(&v, &pos, 0) == -1);
    }
    CHECK_INT(doubles, 960);

    rf_position_startpos(&keep, RF_VARIANT_STANDARD);
    pos = keep;
    CHECK(rf_chess960_position(&pos, 960) == RF_ERR_ARGUMENT && rf_position_equal(&pos, &keep));
    CHECK(rf_chess960_double_position(&pos, 5, -1) == RF_ERR_ARGUMENT &&
          rf_position_equal(&pos, &keep));
}

/* ---- The start-board check ---- */

static int judge(const char *board, unsigned flags, rf_chess960_verdict *v)
{
    rf_position pos;
    rf_error err;
    rf_status st = rf_position_parse(&pos, board, strlen(board), RF_VARIANT_STANDARD, 0, RF_INVALID_ALL, &err);
    CHECK_MSG(st == RF_OK, "'%s' does not parse: %s", board, err.message);
    return rf_chess960_check(v, &pos, flags);
}

static void is_start(const char *board, int number)
{
    rf_chess960_verdict v;
    int n = judge(board, 0, &v);
    CHECK_MSG(n == number && v.reason == RF_CHESS960_START,
              "'%s': %d (%s), expected %d", board, n, v.message, number);
    /* cross-check against the independent table: the number of its white back rank */
    const char *rank1 = strrchr(board, '/') + 1;
    CHECK_MSG(table_number(rank1) == number, "'%s': the table says %d", board,
              table_number(rank1));
}

static void not_start(const char *board, unsigned flags, rf_chess960_reason reason,
                      const char *message)
{
    rf_chess960_verdict v;
    int n = judge(board, flags, &v);
    CHECK_MSG(n == -1 && v.reason == reason && v.white == -1 && strcmp(v.message, message) == 0,
              "'%s': %d, reason %s '%s', expected %s '%s'", board, n,
              rf_chess960_reason_name(v.reason), v.message, rf_chess960_reason_name(reason),
              message);
}

TEST(seed_000_start_boards_and_numbers)
{
    /* Seed 000: the valid boards (numbers pinned; is_start also asks the table) */
    is_start("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", 518);
    is_start("rqkbbrnn/pppppppp/8/8/8/8/PPPPPPPP/RQKBBRNN", 889);
    is_start("bqrnnkrb/pppppppp/8/8/8/8/PPPPPPPP/BQRNNKRB", 387);
    is_start("nrbbqnkr/pppppppp/8/8/8/8/PPPPPPPP/NRBBQNKR", 133);
    is_start("bqnrnkrb/pppppppp/8/8/8/8/PPPPPPPP/BQNRNKRB", 99);
    is_start("nnqrkrbb/pppppppp/8/8/8/8/PPPPPPPP/NNQRKRBB", 47);
    is_start("nnbrkqrb/pppppppp/8/8/8/8/PPPPPPPP/NNBRKQRB", 71);
    is_start("nbbrnkqr/pppppppp/8/8/8/8/PPPPPPPP/NBBRNKQR", 164);
    is_start("rknrnbbq/pppppppp/8/8/8/8/PPPPPPPP/RKNRNBBQ", 862);
    is_start("qnbbrknr/pppppppp/8/8/8/8/PPPPPPPP/QNBBRKNR", 197);
    /* a whole FEN is judged by its board */
    is_start("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b - - 5 9", 518);

}

TEST(seed_000_boards_that_are_not_starts)
{
    /* Seed 000: the invalid boards, each with the first rule it breaks */
    not_start("8/8/8/8/8/8/8/8", 0, RF_CHESS960_EMPTY_BOARD, "empty board");
    not_start("8/8/8/8/8/8/PPPPPPPP/RNBQKBNR", 0, RF_CHESS960_PIECE_COUNT, "black has no pieces");
    not_start("RNBQKBNR/PPPPPPPP/8/8/8/8/PPPPPPPP/RNBQKBNR", 0, RF_CHESS960_PIECE_COUNT,
              "white has 16 pawns, 4 knights, 4 bishops, 4 rooks, 2 queens and 2 kings; "
              "black has no pieces");
    not_start("rnbqkbnr/ppp1pppp/8/8/8/8/PPPPPPPP/RNBQKBNR", 0, RF_CHESS960_PIECE_COUNT,
              "black has 7 pawns");
    not_start("rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", 0, RF_CHESS960_MIRROR,
              "black's back rank rnbkqbnr does not mirror white's RNBQKBNR");
    not_start("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR", 0, RF_CHESS960_PAWNS,
              "white pawn on e4 is not on the 2nd rank");
    not_start("4q2k/2r1r3/4PR1p/p1p5/P1Bp1Q1P/1P6/6P1/6K1", 0, RF_CHESS960_PIECE_COUNT,
              "white has 5 pawns, no knights, 1 bishop and 1 rook; "
              "black has 4 pawns, no knights and no bishops");
    not_start("rkbqnnbr/pppppppp/8/8/8/8/PPPPPPPP/RKBQNNBR", 0, RF_CHESS960_BISHOPS,
              "white's bishops on c1 and g1 stand on squares of one colour");
    not_start("qkrnbbrn/pppppppp/8/8/8/8/PPPPPPPP/QKRNBBRN", 0, RF_CHESS960_KING,
              "white's king on b1 is not between its rooks on c1 and g1");
    not_start("rkrbbnnn/pppppppp/8/8/8/8/PPPPPPPP/RKRBBNNN", 0, RF_CHESS960_PIECE_COUNT,
              "white has 3 knights and no queen; black has 3 knights and no queen");
    not_start("QNBBRKNR/PPPPPPPP/8/8/8/8/pppppppp/qnbbrknr", 0, RF_CHESS960_COLORS_SWAPPED,
              "colours swapped: white's pawns stand on the 7th rank, black's on the 2nd");

}

TEST(start_check_rule_order)
{
    /* The other rules, and the order: counts before pawns before pieces before the mirror */
    not_start("rnbqkbnr/pppppppp/8/8/8/2N5/PPPPPPPP/R1BQKBNR", 0, RF_CHESS960_BACK_RANK,
              "white knight on c3 is not on the 1st rank");
    not_start("rnbqkbnr/ppppppp1/7p/8/8/8/PPPPPPPP/RNBQKBNR", 0, RF_CHESS960_PAWNS,
              "black pawn on h6 is not on the 7th rank");
    not_start("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1", 0, RF_CHESS960_PIECE_COUNT,
              "white has 1 rook");
    not_start("rkbqnnbr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", 0, RF_CHESS960_MIRROR,
              "black's back rank rkbqnnbr does not mirror white's RNBQKBNR");
}

TEST(double_fischer_random_checks_each_side)
{
    rf_chess960_verdict v;
    /* Double Fischer Random: no mirror, each side's own rules */
    not_start("rkbqnnbr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", RF_CHESS960_DOUBLE,
              RF_CHESS960_BISHOPS, "black's bishops on c8 and g8 stand on squares of one colour");
    not_start("qkrnbbrn/pppppppp/8/8/8/8/PPPPPPPP/RKBQNNBR", RF_CHESS960_DOUBLE,
              RF_CHESS960_BISHOPS, "white's bishops on c1 and g1 stand on squares of one colour");
    not_start("qkrnbbrn/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", RF_CHESS960_DOUBLE, RF_CHESS960_KING,
              "black's king on b8 is not between its rooks on c8 and g8");
    CHECK_INT(judge("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", RF_CHESS960_DOUBLE, &v), 518);
    CHECK_INT(v.black, 0);

}

TEST(back_rank_mode_ignores_the_middle)
{
    rf_chess960_verdict v;
    /* Back-rank mode: the other ranks do not count */
    CHECK_INT(judge("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR", RF_CHESS960_BACK_RANKS, &v),
              518);
    CHECK_INT(judge("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR", RF_CHESS960_BACK_RANKS,
                    &v), -1);
    CHECK_INT(judge("nrbbqnkr/8/8/8/8/8/8/NRBBQNKR", RF_CHESS960_BACK_RANKS, &v), 133);
    CHECK_INT(judge("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR", 0, &v), -1);
    not_start("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R", RF_CHESS960_BACK_RANKS,
              RF_CHESS960_BACK_RANK, "g1 is empty: white's back rank is not complete");
    not_start("rnbqkbnr/8/8/8/8/8/8/RNBQKBNP", RF_CHESS960_BACK_RANKS, RF_CHESS960_BACK_RANK,
              "h1 holds a white pawn, not a white piece of a setup");
    not_start("rnbqkbnr/8/8/8/8/8/8/RNBQKBNr", RF_CHESS960_BACK_RANKS, RF_CHESS960_BACK_RANK,
              "h1 holds a black rook, not a white piece of a setup");
    not_start("rnbqkbnr/8/8/8/8/8/8/RNBQKBNN", RF_CHESS960_BACK_RANKS, RF_CHESS960_PIECE_COUNT,
              "white's back rank has 3 knights and 1 rook");
    not_start("rnbqkbnr/8/8/8/8/8/8/BBQNNRKR", RF_CHESS960_BACK_RANKS, RF_CHESS960_MIRROR,
              "black's back rank rnbqkbnr does not mirror white's BBQNNRKR");
    CHECK_INT(judge("rnbqkbnr/8/8/8/8/8/8/BBQNNRKR", RF_CHESS960_BACK_RANKS | RF_CHESS960_DOUBLE,
                    &v), 0);
    CHECK_INT(v.black, 518);

}

TEST(back_rank_text_alone)
{
    rf_chess960_verdict v;
    /* A back rank alone */
    CHECK_INT(rf_chess960_check_rank(&v, "RKRNNQBB", 8), 959);
    CHECK_INT(rf_chess960_check_rank(NULL, "bbqnnrkr", 8), 0);
    CHECK_INT(rf_chess960_check_rank(&v, "RKRBBNNN", 8), -1);
    CHECK_STR(v.message, "the back rank has 3 knights and no queen");
    CHECK_INT(v.reason, RF_CHESS960_PIECE_COUNT);
    CHECK_INT(rf_chess960_check_rank(&v, "QKRNBBRN", 8), -1);
    CHECK_INT(v.reason, RF_CHESS960_KING);
    CHECK_INT(rf_chess960_check_rank(&v, "RNBQKBN", 7), -1);
    CHECK_INT(v.reason, RF_CHESS960_BACK_RANK);
    CHECK_INT(rf_chess960_check_rank(&v, "RNBQKBNRX", 8), 518); /* only len bytes count */

}

TEST(reason_names)
{
    /* Names of reasons */
    CHECK_STR(rf_chess960_reason_name(RF_CHESS960_START), "start");
    CHECK_STR(rf_chess960_reason_name(RF_CHESS960_KING), "king");
    CHECK_STR(rf_chess960_reason_name((rf_chess960_reason)99), "unknown");
}

/* ---- The generator ---- */

/* Pearson's chi-square statistic of counts against a uniform expectation. */
static double chi_square(const int *counts, int cells, int total)
{
    double expected = (double)total / cells, x = 0;
    for (int i = 0; i < cells; i++) x += (counts[i] - expected) * (counts[i] - expected) / expected;
    return x;
}

/* Samplers the test runs the statistic on: the library's, and two biased ones it must catch. */
static int sample_library(rf_rng *rng) { return rf_chess960_random(NULL, rng); }

/* The classic mistake: ten random bits folded onto 960 numbers (0..63 come twice as often). */
static int sample_mod_1024(rf_rng *rng) { return (int)(rf_rng_next(rng) & 1023) % 960; }

/* The subtler mistake: each draw taken as three random bits modulo its range, so the queen's
 * first two squares and the first knight's first three come up twice as often as the rest. */
static int sample_mod_8(rf_rng *rng)
{
    rf_chess960_draws d;
    d.light_bishop = (int)(rf_rng_next(rng) & 7) % 4;
    d.dark_bishop = (int)(rf_rng_next(rng) & 7) % 4;
    d.queen = (int)(rf_rng_next(rng) & 7) % 6;
    d.knight1 = (int)(rf_rng_next(rng) & 7) % 5;
    d.knight2 = (int)(rf_rng_next(rng) & 7) % 4;
    return rf_chess960_draws_number(&d);
}

static double statistic(int (*sampler)(rf_rng *), uint64_t seed)
{
    enum { PER_CELL = 200 };
    static int counts[960];
    rf_rng rng;
    rf_rng_seed(&rng, seed);
    memset(counts, 0, sizeof counts);
    for (int i = 0; i < 960 * PER_CELL; i++) counts[sampler(&rng)]++;
    return chi_square(counts, 960, 960 * PER_CELL);
}

TEST(generator_golden_values_and_chi_square)
{
    rf_rng rng;
    /* SplitMix64's published outputs for seed 0, and pinned ones for seed 42: a platform that
     * computed differently would fail here. */
    rf_rng_seed(&rng, 0);
    CHECK(rf_rng_next(&rng) == 0xE220A8397B1DCDAFULL);
    CHECK(rf_rng_next(&rng) == 0x6E789E6AA1B965F4ULL);
    CHECK(rf_rng_next(&rng) == 0x06C45D188009454FULL);
    rf_rng_seed(&rng, 42);
    CHECK(rf_rng_next(&rng) == 0xBDD732262FEB6E95ULL);
    CHECK(rf_rng_next(&rng) == 0x28EFE333B266F103ULL);
    CHECK(rf_rng_next(&rng) == 0x47526757130F9F52ULL);
    CHECK(rf_rng_next(&rng) == 0x581CE1FF0E4AE394ULL);
    /* The positions of seed 42, as `rankfile 960 --seed 42 --count 3` prints them */
    rf_rng_seed(&rng, 42);
    rf_chess960_draws d;
    CHECK_INT(rf_chess960_random(&d, &rng), 781);
    CHECK(d.light_bishop == 1 && d.dark_bishop == 3 && d.queen == 0 && d.knight1 == 4 &&
          d.knight2 == 2);
    CHECK_INT(rf_chess960_random(NULL, &rng), 230);
    CHECK_INT(rf_chess960_random(NULL, &rng), 43);
    /* Same seed, same sequence; a copy forks it */
    rf_rng a, b;
    rf_rng_seed(&a, 12345);
    rf_rng_seed(&b, 12345);
    int same = 0;
    for (int i = 0; i < 1000; i++) same += rf_rng_next(&a) == rf_rng_next(&b);
    CHECK_INT(same, 1000);
    b = a;
    CHECK(rf_rng_below(&a, 1000) == rf_rng_below(&b, 1000));
    /* Ranges: in range, and 0 or 1 draw nothing */
    rf_rng_seed(&a, 7);
    int in_range = 1;
    for (int i = 0; i < 100000; i++) in_range &= rf_rng_below(&a, 6) < 6;
    CHECK(in_range);
    uint64_t before = a.state;
    CHECK_INT(rf_rng_below(&a, 0), 0);
    CHECK_INT(rf_rng_below(&a, 1), 0);
    CHECK(a.state == before);
    /* A range near 2^32 stays in range and reaches its top half */
    int top = 0;
    in_range = 1;
    for (int i = 0; i < 1000; i++) {
        uint32_t x = rf_rng_below(&a, 0xC0000001u);
        in_range &= x < 0xC0000001u;
        top += x >= 0x60000000u;
    }
    CHECK(in_range && top > 400 && top < 600);
    /* Entropy: two seeds from the operating system differ */
    CHECK(rf_rng_seed_entropy(&a) == RF_OK && rf_rng_seed_entropy(&b) == RF_OK);
    CHECK(a.state != b.state);

    /* Chi-square over 960 * 200 draws, 959 degrees of freedom: the 0.1% and 99.9% quantiles
     * are about 829 and 1100. The library's sampler lands inside; the biased ones do not. */
    double lib = statistic(sample_library, 2024), lib2 = statistic(sample_library, 1);
    double biased1 = statistic(sample_mod_1024, 2024), biased2 = statistic(sample_mod_8, 2024);
    CHECK_MSG(lib > 829 && lib < 1100, "library sampler chi-square %.1f", lib);
    CHECK_MSG(lib2 > 829 && lib2 < 1100, "library sampler chi-square %.1f (seed 1)", lib2);
    CHECK_MSG(biased1 > 1100, "mod-1024 sampler chi-square %.1f not rejected", biased1);
    CHECK_MSG(biased2 > 1100, "mod-8 sampler chi-square %.1f not rejected", biased2);
}

/* ---- Languages ---- */

TEST(languages)
{
    static const struct {
        const char *code, *iso, *standard; /* standard = 518 in the language's letters */
    } expect[] = {
        {"no", "no", "TSLDKLST"}, {"se", "sv", "TSLDKLST"}, {"dk", "da", "TSLDKLST"},
        {"is", "is", "HRLDKLRH"}, {"fi", "fi", "TRLDKLRT"}, {"ee", "et", "VSOLKOSV"},
        {"lt", "lt", "BZRVKRZB"}, {"lv", "lv", "TZLDKLZT"}, {"pl", "pl", "WSGHKGSW"},
        {"ir", "ga", "CDEBREDC"}, {"cy", "cy", "CMEBTEMC"}, {"nl", "nl", "HPLDKLPH"},
        {"de", "de", "TSLDKLST"}, {"en", "en", "RNBQKBNR"}, {"es", "es", "TCADRACT"},
        {"fr", "fr", "TCFDRFCT"}, {"cs", "cs", "VJSDKSJV"}, {"hu", "hu", "BHFVKFHB"},
        {"it", "it", "TCADRACT"}, {"pt", "pt", "TCBDRBCT"}, {"ro", "ro", "TCNDRNCT"},
    };
    size_t n = sizeof expect / sizeof *expect;
    CHECK_INT(rf_language_count(), n);
    CHECK(rf_language_at(n) == NULL);
    char out[16];
    for (size_t i = 0; i < n; i++) {
        const rf_language *lang = rf_language_at(i);
        CHECK_MSG(lang && strcmp(lang->code, expect[i].code) == 0, "language %zu", i);
        if (!lang) continue;
        CHECK(rf_language_find(expect[i].code) == lang);
        CHECK(rf_language_find(expect[i].iso) == lang);
        CHECK_INT(strlen(lang->letters), 5);
        CHECK(lang->greeting && lang->greeting[0] && lang->name && lang->name[0]);
        CHECK_INT(rf_language_translate(out, sizeof out, lang, "RNBQKBNR"), 8);
        CHECK_MSG(strcmp(out, expect[i].standard) == 0, "%s: %s, expected %s", lang->code, out,
                  expect[i].standard);
    }
    CHECK(rf_language_find("xx") == NULL);
    CHECK(rf_language_find("") == NULL);
    CHECK(rf_language_find(NULL) == NULL);
    /* Codes in any case, locales, English names and the languages' own names (issue 23). */
    const rf_language *de = rf_language_find("de");
    CHECK(rf_language_find("EN") == rf_language_find("en"));
    CHECK(rf_language_find("DE") == de);
    CHECK(rf_language_find("de_DE") == de);
    CHECK(rf_language_find("de-AT") == de);
    CHECK(rf_language_find("de_CH.UTF-8@euro") == de);
    CHECK(rf_language_find("german") == de);
    CHECK(rf_language_find("GERMAN") == de);
    CHECK(rf_language_find("Deutsch") == de);
    CHECK(rf_language_find("sv_SE") == rf_language_find("se"));
    CHECK(rf_language_find("Svenska") == rf_language_find("se"));
    CHECK(rf_language_find("nb_NO") == rf_language_find("no"));
    CHECK(rf_language_find("Fran\xC3\xA7" "ais") == rf_language_find("fr"));
    CHECK(rf_language_find("DA") == rf_language_find("dk"));
    CHECK(rf_language_find("Danish") == rf_language_find("dk"));
    CHECK(rf_language_find("germ") == NULL);
    CHECK(rf_language_find("deu") == NULL);
    CHECK(rf_language_find("xx_XX") == NULL);
    CHECK(rf_language_find("C.UTF-8") == NULL);
    for (size_t i = 0; rf_language_at(i); i++) {
        const rf_language *lang = rf_language_at(i);
        CHECK_MSG(rf_language_find(lang->name) == lang && rf_language_find(lang->native) == lang,
                  "%s: %s, %s", lang->code, lang->name, lang->native);
        /* untranslate undoes translate, in either case */
        char there[9], back[9];
        rf_language_translate(there, sizeof there, lang, "RNBQKBNR");
        CHECK_INT(rf_language_untranslate(back, sizeof back, lang, there, 8), 0);
        CHECK_STR(back, "RNBQKBNR");
        for (int k = 0; k < 8; k++) there[k] = (char)(there[k] - 'A' + 'a');
        CHECK_INT(rf_language_untranslate(back, sizeof back, lang, there, 8), 0);
        CHECK_STR(back, "rnbqkbnr");
    }
    char back[9];
    CHECK_INT(rf_language_untranslate(back, sizeof back, rf_language_find("fr"), "RDTFCx1R", 8), 2);
    CHECK_STR(back, "KQRBNx1K");
    CHECK_INT(rf_language_untranslate(back, 4, de, "TSLDKLST", 8), 0);
    CHECK_STR(back, "RNB");
    /* 960.py's own examples */
    const rf_language *no = rf_language_find("no"), *fr = rf_language_find("fr"),
                      *nl = rf_language_find("nl");
    rf_language_translate(out, sizeof out, no, "NQBBNRKR");
    CHECK_STR(out, "SDLLSTKT");
    rf_language_translate(out, sizeof out, no, "RNBBKQNR");
    CHECK_STR(out, "TSLLKDST");
    rf_language_translate(out, sizeof out, fr, "NBBRKQRN");
    CHECK_STR(out, "CFFTRDTC");
    rf_language_translate(out, sizeof out, nl, "RNQKBBNR");
    CHECK_STR(out, "HPDKLLPH");
    CHECK_STR(no->greeting, "Lykke til!");
    /* Organisers print the greetings: Swedish and Danish wish good luck (issue 23). */
    CHECK_STR(rf_language_find("sv")->greeting, "Lycka till!");
    CHECK_STR(rf_language_find("da")->greeting, "Held og lykke!");
    CHECK_STR(rf_language_find("ga")->greeting, "Go n-\xC3\xA9ir\xC3\xAD leat!");
    /* Stages keep their file letters; the buffer behaves like snprintf */
    rf_language_translate(out, sizeof out, no, "abcdeBgh");
    CHECK_STR(out, "abcdeLgh");
    char small[4];
    CHECK_INT(rf_language_translate(small, sizeof small, no, "RNBQKBNR"), 8);
    CHECK_STR(small, "TSL");
}

/* The derivation in words: six steps for a number (its digits in the mixed radix), seven for
 * draws, the back rank shown in the language's letters, and refusals. */
TEST(derivation_steps)
{
    char steps[RF_CHESS960_STEPS][RF_CHESS960_STEP_MAX];
    const rf_language *en = rf_language_find("en"), *de = rf_language_find("de");
    CHECK_INT(rf_chess960_derivation(steps, en, 518, NULL), 6);
    CHECK_STR(steps[0], "abcdefgh   518 in the mixed radix 4, 4, 6, 10: 518 = 2 + 4*(1 + 4*(2 + 6*5))");
    CHECK_STR(steps[5], "RNBQKBNR   rook, king, rook on the last three free squares: a e h");
    CHECK_INT(rf_chess960_derivation(steps, de, 518, NULL), 6);
    CHECK_STR(steps[5], "TSLDKLST   rook, king, rook on the last three free squares: a e h");
    rf_chess960_draws d = {2, 1, 2, 0, 2};
    int number = rf_chess960_draws_number(&d);
    CHECK_INT(rf_chess960_derivation(steps, en, 0, &d), 7);
    CHECK_STR(steps[0], "abcdefgh   the empty back rank: free squares show their file letters");
    CHECK_STR(steps[1], "abcdeBgh   light-squared bishop: 2 of 0-3 -> f (b d f h)");
    char from_number[RF_CHESS960_STEPS][RF_CHESS960_STEP_MAX];
    CHECK_INT(rf_chess960_derivation(from_number, en, number, NULL), 6);
    CHECK_STR(steps[6] + 8, from_number[5] + 8);
    CHECK_INT(rf_chess960_derivation(steps, en, 960, NULL), RF_ERR_ARGUMENT);
    CHECK_INT(rf_chess960_derivation(steps, en, -1, NULL), RF_ERR_ARGUMENT);
    CHECK_INT(rf_chess960_derivation(steps, NULL, 518, NULL), RF_ERR_ARGUMENT);
    rf_chess960_draws bad = {4, 0, 0, 0, 0};
    CHECK_INT(rf_chess960_derivation(steps, en, 0, &bad), RF_ERR_ARGUMENT);
}
