/* FEN parsing and writing: dialects, defaults, errors with field and offset, validity flags,
 * and inputs that must be rejected without crashing. */
#include "position.h"
#include "harness.h"

#include <stdlib.h>

#define START "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
#define STD RF_VARIANT_STANDARD
#define ATOMIC RF_VARIANT_ATOMIC

static char out[RF_FEN_MAX];

/* The FEN rankfile writes for `fen` (parsed with the default accept mask), or "(error)". */
static const char *norm(const char *fen, unsigned pflags, unsigned wflags)
{
    rf_position pos;
    if (rf_position_parse(&pos, fen, strlen(fen), STD, pflags, RF_ACCEPT_DEFAULT, NULL) != RF_OK)
        return "(error)";
    rf_position_to_fen(out, sizeof out, &pos, wflags);
    return out;
}

/* Parses text expecting a syntax error in `field` at byte `offset`. */
static void syntax(const char *text, size_t len, rf_field field, size_t offset)
{
    rf_position pos;
    rf_error err;
    rf_status st = rf_position_parse(&pos, text, len, STD, 0, 0, &err);
    CHECK_MSG(st == RF_ERR_SYNTAX, "'%.40s': status %d", text, st);
    CHECK_MSG(err.status == st, "'%.40s': err.status %d", text, err.status);
    CHECK_MSG(err.field == field, "'%.40s': field %d, expected %d (%s)", text, err.field, field, err.message);
    CHECK_MSG(err.offset == offset, "'%.40s': offset %zu, expected %zu (%s)", text, err.offset, offset, err.message);
    CHECK_MSG(strchr(err.message, '\n') == NULL && strlen(err.message) > 10, "message '%s'", err.message);
}

/* The RF_INVALID_* rules a FEN breaks in a variant (0 when it parses). */
static uint32_t validity(const char *fen, rf_variant variant)
{
    rf_position pos;
    rf_error err;
    rf_status st = rf_position_parse(&pos, fen, strlen(fen), variant, 0, 0, &err);
    if (st == RF_OK) {
        CHECK_MSG(rf__position_check(&pos) == NULL, "'%s' inconsistent: %s", fen, rf__position_check(&pos));
        CHECK_MSG(rf_position_validity(&pos) == 0, "'%s' parsed, validity %#x", fen, rf_position_validity(&pos));
        return 0;
    }
    CHECK_MSG(st == RF_ERR_INVALID, "'%s': %s", fen, err.message);
    CHECK_MSG(err.status == st && err.validity != 0, "'%s': validity %#x", fen, err.validity);
    return err.validity;
}

TEST(missing_fields_default_to_w_dash_dash_0_1)
{
    CHECK_STR(norm("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", 0, 0),
              "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1");
    CHECK_STR(norm("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -", 0, 0), START);
}

TEST(white_space_around_and_between_fields)
{
    CHECK_STR(norm("  " START "  \r\n", 0, 0), START);
    CHECK_STR(norm("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR\tw\tqkQK -", 0, 0), START);
    CHECK_STR(norm("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR   w  KQkq   -  0   1", 0, 0), START);
}

TEST(shredder_fen_in_and_out)
{
    CHECK_STR(norm("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1", 0, 0), START);
    CHECK_STR(norm(START, 0, RF_FEN_SHREDDER), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1");
}

TEST(board_only_output)
{
    CHECK_STR(norm(START, 0, RF_FEN_BOARD_ONLY), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR");
}

TEST(upper_case_side_and_fullmove_zero)
{
    CHECK_STR(norm("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR W KQkq - 7 0", 0, 0),
              "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 7 1");
}

/* Chess960 mode: detected from a king off e or a rook off a/h, or forced; HAha on the standard
 * setup is standard chess. */
TEST(chess960_mode_detected_or_forced)
{
    rf_position pos;
    CHECK(rf_position_from_fen(&pos, START, STD, NULL) == RF_OK && pos.chess960 == 0);
    CHECK(rf_position_parse(&pos, START, strlen(START), STD, RF_PARSE_CHESS960, RF_ACCEPT_DEFAULT, NULL) == RF_OK &&
          pos.chess960 == 1);
    CHECK(rf_position_from_fen(&pos, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1", STD, NULL) == RF_OK &&
          pos.chess960 == 0);
    CHECK(rf_position_from_fen(&pos, "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf -", STD, NULL) == RF_OK &&
          pos.chess960 == 1);
    CHECK_INT(pos.castle_rook[RF_WHITE][RF_KINGSIDE], RF_SQUARE(7, 0));
    CHECK_INT(pos.castle_rook[RF_WHITE][RF_QUEENSIDE], RF_SQUARE(5, 0));
    CHECK_INT(pos.castle_rook[RF_BLACK][RF_QUEENSIDE], RF_SQUARE(5, 7));
}

/* X-FEN: K/Q for the outermost rook, a file letter for an inner one. */
TEST(xfen_letter_only_for_an_inner_rook)
{
    rf_position pos;
    CHECK_STR(norm("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf -", 0, 0),
              "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 0 1");
    CHECK_STR(norm("rr2k3/8/8/8/8/8/8/RR2K3 w Bb - 0 1", 0, 0), "rr2k3/8/8/8/8/8/8/RR2K3 w Bb - 0 1");
    CHECK_STR(norm("rr2k3/8/8/8/8/8/8/RR2K3 w Qq - 0 1", 0, 0), "rr2k3/8/8/8/8/8/8/RR2K3 w Qq - 0 1");
    CHECK(rf_position_from_fen(&pos, "rr2k3/8/8/8/8/8/8/RR2K3 w Qq - 0 1", STD, NULL) == RF_OK);
    CHECK_INT(pos.castle_rook[RF_WHITE][RF_QUEENSIDE], RF_SQUARE(0, 0));
    CHECK_INT(pos.chess960, 0);
    CHECK(rf_position_from_fen(&pos, "rr2k3/8/8/8/8/8/8/RR2K3 w Bb - 0 1", STD, NULL) == RF_OK);
    CHECK_INT(pos.castle_rook[RF_WHITE][RF_QUEENSIDE], RF_SQUARE(1, 0));
    CHECK_INT(pos.chess960, 1);
}

TEST(ep_square_written_only_when_a_capture_is_legal)
{
    CHECK_STR(norm("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", 0, 0),
              "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    CHECK_STR(norm("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", 0, RF_FEN_EP_ALWAYS),
              "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    CHECK_STR(norm("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", 0, 0),
              "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
}

/* The horizontal pin through both pawns makes the capture illegal. */
TEST(ep_capture_illegal_through_horizontal_pin)
{
    CHECK_STR(norm("8/8/8/8/k2pP2R/8/8/4K3 b - e3 0 1", 0, 0), "8/8/8/8/k2pP2R/8/8/4K3 b - - 0 1");
}

TEST(ep_capture_of_the_checking_pawn_is_legal)
{
    CHECK_STR(norm("8/8/8/3k4/3pP3/8/8/4K3 b - e3 0 1", 0, 0), "8/8/8/3k4/3pP3/8/8/4K3 b - e3 0 1");
}

TEST(board_syntax_errors_name_field_and_offset)
{
    syntax("", 0, RF_FIELD_BOARD, 0);
    syntax("   ", 3, RF_FIELD_BOARD, 3);
    syntax("rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR", 43, RF_FIELD_BOARD, 18);
    syntax("rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", 42, RF_FIELD_BOARD, 16);
    syntax("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/8", 45, RF_FIELD_BOARD, 43);
    syntax("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP", 34, RF_FIELD_BOARD, 34);
    syntax("rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR", 44, RF_FIELD_BOARD, 19);
    syntax("rnbqkbnrr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", 44, RF_FIELD_BOARD, 8);
    syntax("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX", 43, RF_FIELD_BOARD, 42);
    syntax("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN\0", 43, RF_FIELD_BOARD, 42);
}

TEST(field_syntax_errors_name_field_and_offset)
{
    syntax("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x", 45, RF_FIELD_SIDE, 44);
    syntax(START "X", sizeof START, RF_FIELD_FULLMOVE, 56);
    syntax("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQXq - 0 1", 55, RF_FIELD_CASTLING, 48);
    syntax("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KK - 0 1", 53, RF_FIELD_CASTLING, 47);
    syntax("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w K- - 0 1", 53, RF_FIELD_CASTLING, 47);
    syntax("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqA - 0 1", 56, RF_FIELD_CASTLING, 50);
    syntax("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1", 56, RF_FIELD_EP, 51);
    syntax("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 1x 1", 56, RF_FIELD_HALFMOVE, 54);
    syntax("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 18446744073709551617", 75, RF_FIELD_FULLMOVE, 64);
}

/* Text after the fullmove number is read as EPD operations: one that does not start with a
 * letter, or has no ';', is an error in the EPD field. */
TEST(extra_text_after_the_last_field)
{
    syntax(START " 7", sizeof START + 1, RF_FIELD_EXTRA, sizeof START);
    syntax(START " -1", sizeof START + 2, RF_FIELD_EXTRA, sizeof START);
    rf_position pos;
    rf_error err;
    CHECK_INT(rf_position_parse(&pos, START " extra", sizeof START + 5, STD, 0, 0, &err), RF_ERR_SYNTAX);
    CHECK_INT(err.field, RF_FIELD_EPD);
    CHECK(err.offset >= sizeof START - 1 && err.offset <= sizeof START + 5);
}

TEST(castling_syntax_error_message)
{
    rf_position pos;
    rf_error err;
    CHECK(rf_position_from_fen(&pos, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQXq - 0 1", STD, &err) == RF_ERR_SYNTAX);
    CHECK_STR(err.message, "castling field: 'X' is not a castling right (byte 48)");
}

TEST(validity_kings_and_empty_board)
{
    CHECK_INT(validity(START, STD), 0);
    CHECK_INT(validity("8/8/8/8/8/8/8/8", STD), RF_INVALID_EMPTY_BOARD | RF_INVALID_MISSING_KING);
    CHECK_INT(validity("8/8/8/8/8/8/8/4K3", STD), RF_INVALID_MISSING_KING);
    CHECK_INT(validity("4k3/8/8/8/8/8/8/3KK3", STD), RF_INVALID_TOO_MANY_KINGS);
}

TEST(validity_pawns_on_back_rank)
{
    CHECK_INT(validity("4k2P/8/8/8/8/8/8/4K3", STD), RF_INVALID_PAWNS_ON_BACKRANK);
}

TEST(validity_castling_rights_need_king_and_rook)
{
    CHECK_INT(validity("4k3/8/8/8/8/8/8/4K3 w K - 0 1", STD), RF_INVALID_BAD_CASTLING);
    CHECK_INT(validity("4k3/8/8/8/8/8/8/R3K2R w KQB - 0 1", STD), RF_INVALID_BAD_CASTLING);
    CHECK_INT(validity("4k3/8/8/8/8/8/8/4K2R w - - 0 1", STD), 0);
}

TEST(validity_ep_square_needs_a_double_push)
{
    CHECK_INT(validity("4k3/8/8/8/8/8/8/4K3 w - e6 0 1", STD), RF_INVALID_BAD_EP_SQUARE);
    CHECK_INT(validity("4k3/8/8/8/8/8/8/4K3 w - e3 0 1", STD), RF_INVALID_BAD_EP_SQUARE);
    CHECK_INT(validity("7k/8/8/8/4P3/8/8/r3K3 w - e3 0 1", STD) & RF_INVALID_BAD_EP_SQUARE, RF_INVALID_BAD_EP_SQUARE);
}

TEST(validity_side_not_to_move_in_check)
{
    CHECK_INT(validity("4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", STD), RF_INVALID_OPPOSITE_CHECK);
    CHECK_INT(validity("4k3/8/8/8/8/8/8/3K4 w - - 0 1", STD), 0);
    CHECK_INT(validity("3k4/3K4/8/8/8/8/8/8 w - - 0 1", STD), RF_INVALID_OPPOSITE_CHECK);
    CHECK_INT(validity("8/8/8/8/4P3/8/2k5/4K2r b - e3 0 1", STD), RF_INVALID_OPPOSITE_CHECK);
    CHECK_INT(validity("4k3/8/8/8/1b1pP3/8/8/4K3 b - e3 0 1", STD), RF_INVALID_OPPOSITE_CHECK);
    CHECK_INT(validity("4k3/8/8/8/4P3/8/8/r3K3 b - e3 0 1", STD) & RF_INVALID_OPPOSITE_CHECK, RF_INVALID_OPPOSITE_CHECK);
}

/* Three checkers; two knights; two checkers on one line with the king. */
TEST(validity_impossible_checks)
{
    CHECK_INT(validity("4k3/8/8/8/8/3n1n2/8/r3K3 w - - 0 1", STD), RF_INVALID_IMPOSSIBLE_CHECK);
    CHECK_INT(validity("4k3/8/8/8/8/3n1n2/8/4K3 w - - 0 1", STD), RF_INVALID_IMPOSSIBLE_CHECK);
    CHECK_INT(validity("4r3/8/8/8/4K3/8/8/4r1k1 w - - 0 1", STD), RF_INVALID_IMPOSSIBLE_CHECK);
    CHECK_INT(validity("4k3/8/8/8/8/5n2/8/r3K3 w - - 0 1", STD), 0);
    CHECK_INT(validity("4k3/8/8/b7/4P3/8/8/4K3 w - - 0 1", STD), 0);
}

/* After a double push: a check the push neither gave nor uncovered is impossible. */
TEST(validity_checks_after_a_double_push)
{
    CHECK_INT(validity("4k3/8/8/8/3P4/8/8/r3K3 b - d3 0 1", STD) & RF_INVALID_IMPOSSIBLE_CHECK, 0);
    CHECK_INT(validity("8/8/7k/8/3P4/8/8/2B1K3 b - d3 0 1", STD), 0);
    CHECK_INT(validity("8/8/7k/8/3P4/8/8/4K2R b - d3 0 1", STD), RF_INVALID_IMPOSSIBLE_CHECK);
    CHECK_INT(validity("8/8/8/4k3/3P4/8/8/4K3 b - d3 0 1", STD), 0);
    CHECK_INT(validity("8/8/8/8/3P4/8/2k5/4K3 w - - 0 1", STD) & RF_INVALID_IMPOSSIBLE_CHECK, 0);
}

TEST(validity_too_much_material)
{
    CHECK_INT(validity("QQQQQQQQ/QQk5/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", STD) & RF_INVALID_TOO_MUCH_MATERIAL,
              RF_INVALID_TOO_MUCH_MATERIAL);
    CHECK_INT(validity("4k3/8/8/8/8/8/PPPPPPPP/QQ2K3 w - - 0 1", STD), RF_INVALID_TOO_MUCH_MATERIAL);
    CHECK_INT(validity("4k3/8/8/8/8/8/PPPPPPP1/QQ2K3 w - - 0 1", STD), 0);
}

/* Atomic: the side to move may have lost its king; kings that touch give no check. */
TEST(validity_atomic_rules)
{
    CHECK_INT(validity("8/8/8/8/8/8/8/4K3 b - - 0 1", ATOMIC), 0);
    CHECK_INT(validity("8/8/8/8/8/8/8/4K3 w - - 0 1", ATOMIC), RF_INVALID_VARIANT);
    CHECK_INT(validity("8/8/8/8/8/8/8/8 w - - 0 1", ATOMIC), RF_INVALID_EMPTY_BOARD | RF_INVALID_MISSING_KING);
    CHECK_INT(validity("8/8/8/8/8/8/3k4/r3K3 b - - 0 1", ATOMIC), 0);
    CHECK_INT(validity("8/8/8/8/8/8/3k4/r3K3 b - - 0 1", STD), RF_INVALID_OPPOSITE_CHECK);
}

/* Accepted bad rights and squares are dropped; other accepted rules leave the position as
 * written. */
TEST(accepted_flags_drop_bad_rights_and_ep_square)
{
    rf_position pos;
    rf_error err;
    const char *badc = "4k3/8/8/8/8/8/8/4K3 w KQ e6 0 1";
    CHECK(rf_position_parse(&pos, badc, strlen(badc), STD, 0, RF_INVALID_BAD_CASTLING | RF_INVALID_BAD_EP_SQUARE, &err) == RF_OK);
    CHECK(rf_position_to_fen(out, sizeof out, &pos, RF_FEN_EP_ALWAYS) > 0);
    CHECK_STR(out, "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    CHECK(rf__position_check(&pos) == NULL);
    CHECK(rf_position_parse(&pos, "8/8/8/8/8/8/8/8", 15, STD, 0, RF_INVALID_ALL, &err) == RF_OK);
    CHECK(rf__position_check(&pos) == NULL);
    CHECK_INT(rf_position_validity(&pos), RF_INVALID_EMPTY_BOARD | RF_INVALID_MISSING_KING);
}

TEST(fen_output_is_snprintf_like)
{
    rf_position pos;
    CHECK(rf_position_startpos(&pos, STD) == RF_OK);
    char small[10];
    CHECK_INT(rf_position_to_fen(small, sizeof small, &pos, 0), strlen(START));
    CHECK_STR(small, "rnbqkbnr/");
    CHECK_INT(rf_position_to_fen(NULL, 0, &pos, 0), strlen(START));
    char one[1] = {'X'};
    CHECK_INT(rf_position_to_fen(one, 1, &pos, 0), strlen(START));
    CHECK(one[0] == '\0');
}

TEST(validity_describe_is_snprintf_like)
{
    char vbuf[8], full[128];
    CHECK_INT(rf_validity_describe(vbuf, sizeof vbuf, RF_INVALID_EMPTY_BOARD | RF_INVALID_MISSING_KING),
              strlen("empty board, missing king"));
    CHECK_STR(vbuf, "empty b");
    rf_validity_describe(full, sizeof full, RF_INVALID_EMPTY_BOARD | RF_INVALID_MISSING_KING);
    CHECK_STR(full, "empty board, missing king");
}

TEST(position_equal_and_zobrist_key)
{
    rf_position pos, pos2;
    CHECK(rf_position_startpos(&pos, STD) == RF_OK);
    CHECK(rf_position_from_fen(&pos2, START, STD, NULL) == RF_OK);
    CHECK(rf_position_equal(&pos, &pos2));
    CHECK(pos.key == pos2.key && pos.key == rf__compute_key(&pos));
    CHECK(rf_position_from_fen(&pos2, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1", STD, NULL) == RF_OK);
    CHECK(!rf_position_equal(&pos, &pos2) && pos.key != pos2.key);
    CHECK(rf__position_check(&pos) == NULL);
    /* the same board in another variant is another position */
    CHECK(rf_position_from_fen(&pos2, START, ATOMIC, NULL) == RF_OK);
    CHECK(!rf_position_equal(&pos, &pos2));
}

/* Random bytes, NULs and FEN-like noise: nothing may crash, an accepted position holds every
 * invariant, a failure is a well-formed error. */
TEST(garbage_input_is_rejected_cleanly)
{
    rf_position pos;
    rf_error err;
    uint64_t s = 42;
    int bad = 0;
    for (int i = 0; i < HARNESS_SCALE(20000); i++) {
        char buf[96];
        size_t n = (size_t)(i % 96);
        for (size_t j = 0; j < n; j++) {
            s = s * 6364136223846793005ULL + 1442695040888963407ULL;
            const char alphabet[] = "pnbrqkPNBRQK12345678/ wb-KQkqAHah0369e \0\xff";
            buf[j] = (i & 1) ? (char)(s >> 56) : alphabet[(s >> 33) % (sizeof alphabet - 1)];
        }
        rf_status st = rf_position_parse(&pos, buf, n, (i & 2) ? ATOMIC : STD, 0, 0, &err);
        if (st == RF_OK) {
            if (rf__position_check(&pos) != NULL) bad++;
        } else if ((st != RF_ERR_SYNTAX && st != RF_ERR_INVALID) || err.status != st ||
                   strchr(err.message, '\n') || err.offset > n) {
            bad++;
        }
    }
    CHECK_INT(bad, 0);
}

TEST(huge_inputs_are_syntax_errors)
{
    rf_position pos;
    rf_error err;
    size_t big = 1 << 20;
    char *huge = malloc(big);
    if (!CHECK(huge != NULL)) return;
    memset(huge, 'p', big);
    CHECK(rf_position_parse(&pos, huge, big, STD, 0, 0, &err) == RF_ERR_SYNTAX);
    memset(huge, '/', big);
    CHECK(rf_position_parse(&pos, huge, big, STD, 0, 0, &err) == RF_ERR_SYNTAX);
    memset(huge, ' ', big);
    CHECK(rf_position_parse(&pos, huge, big, STD, 0, 0, &err) == RF_ERR_SYNTAX);
    free(huge);
}

TEST(null_text_is_a_syntax_error)
{
    rf_position pos;
    rf_error err;
    CHECK(rf_position_parse(&pos, NULL, 0, STD, 0, 0, &err) == RF_ERR_SYNTAX);
    CHECK(rf_position_from_fen(&pos, NULL, STD, &err) == RF_ERR_SYNTAX);
}

TEST(unplayed_variant_is_an_argument_error)
{
    rf_position pos;
    rf_error err;
    CHECK_INT(rf_position_from_fen(&pos, START, (rf_variant)(RF_VARIANT_COUNT + 3), &err), RF_ERR_ARGUMENT);
    CHECK_INT(rf_position_from_fen(&pos, START, (rf_variant)RF_VARIANT_COUNT, &err), RF_ERR_ARGUMENT);
    CHECK_INT(rf_position_startpos(&pos, (rf_variant)RF_VARIANT_COUNT), RF_ERR_ARGUMENT);
}
