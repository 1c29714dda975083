/* FEN parsing and writing: dialects, defaults, errors with field and offset, validity flags,
 * and inputs that must be rejected without crashing. */
#include "position.h"
#include "check.h"

#include <stdlib.h>

#define START "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

static char out[RF_FEN_MAX];

static const char *norm(const char *fen, unsigned pflags, unsigned wflags)
{
    rf_position pos;
    if (rf_position_from_fen(&pos, fen, pflags, NULL) != RF_OK) return "(error)";
    rf_position_to_fen(&pos, out, sizeof out, wflags);
    return out;
}

/* Parses text expecting a syntax error in `field` at byte `offset`. */
static void syntax(const char *text, size_t len, rf_field field, size_t offset)
{
    rf_position pos;
    rf_error err;
    rf_status st = rf_position_parse(&pos, text, len, 0, 0, &err);
    CHECK_MSG(st == RF_ERR_SYNTAX, "'%.40s': status %d", text, st);
    CHECK_MSG(err.field == field, "'%.40s': field %d, expected %d (%s)", text, err.field, field, err.message);
    CHECK_MSG(err.offset == offset, "'%.40s': offset %zu, expected %zu (%s)", text, err.offset, offset, err.message);
    CHECK_MSG(strchr(err.message, '\n') == NULL && strlen(err.message) > 10, "message '%s'", err.message);
}

static uint32_t validity(const char *fen, unsigned flags)
{
    rf_position pos;
    rf_error err;
    rf_status st = rf_position_parse(&pos, fen, strlen(fen), flags, 0, &err);
    if (st == RF_OK) return 0;
    CHECK_MSG(st == RF_ERR_INVALID, "'%s': %s", fen, err.message);
    CHECK_MSG(rf__position_check(&pos) == NULL, "'%s' inconsistent: %s", fen, rf__position_check(&pos));
    return err.validity;
}

int main(void)
{
    rf_position pos, pos2;
    rf_error err;

    /* Defaults and dialects */
    CHECK_STR(norm("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", 0, 0),
              "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1");
    CHECK_STR(norm("  " START "  \r\n", 0, 0), START);
    CHECK_STR(norm("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR\tw\tqkQK -", 0, 0), START);
    CHECK_STR(norm("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1", 0, 0), START);
    CHECK_STR(norm(START, 0, RF_FEN_SHREDDER), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1");
    CHECK_STR(norm(START, 0, RF_FEN_BOARD_ONLY), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR");
    CHECK_STR(norm("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR W KQkq - 7 0", 0, 0),
              "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 7 1");
    /* Chess960 detection: king off e, rook off a/h, a file letter; or forced */
    CHECK(rf_position_from_fen(&pos, START, 0, NULL) == RF_OK && pos.chess960 == 0);
    CHECK(rf_position_from_fen(&pos, START, RF_PARSE_CHESS960, NULL) == RF_OK && pos.chess960 == 1);
    CHECK(rf_position_from_fen(&pos, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1", 0, NULL) == RF_OK && pos.chess960 == 0);
    CHECK(rf_position_from_fen(&pos, "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf -", 0, NULL) == RF_OK && pos.chess960 == 1);
    CHECK_INT(pos.castle_rook[RF_WHITE][RF_KINGSIDE], RF_SQUARE(7, 0));
    CHECK_INT(pos.castle_rook[RF_WHITE][RF_QUEENSIDE], RF_SQUARE(5, 0));
    CHECK_INT(pos.castle_rook[RF_BLACK][RF_QUEENSIDE], RF_SQUARE(5, 7));
    /* X-FEN: K/Q for the outermost rook, a letter for an inner one */
    CHECK_STR(norm("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf -", 0, 0),
              "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 0 1");
    CHECK_STR(norm("rr2k3/8/8/8/8/8/8/RR2K3 w Bb - 0 1", 0, 0), "rr2k3/8/8/8/8/8/8/RR2K3 w Bb - 0 1");
    CHECK_STR(norm("rr2k3/8/8/8/8/8/8/RR2K3 w Qq - 0 1", 0, 0), "rr2k3/8/8/8/8/8/8/RR2K3 w Qq - 0 1");
    CHECK(rf_position_from_fen(&pos, "rr2k3/8/8/8/8/8/8/RR2K3 w Qq - 0 1", 0, NULL) == RF_OK);
    CHECK_INT(pos.castle_rook[RF_WHITE][RF_QUEENSIDE], RF_SQUARE(0, 0));
    CHECK_INT(pos.chess960, 0);
    CHECK(rf_position_from_fen(&pos, "rr2k3/8/8/8/8/8/8/RR2K3 w Bb - 0 1", 0, NULL) == RF_OK);
    CHECK_INT(pos.castle_rook[RF_WHITE][RF_QUEENSIDE], RF_SQUARE(1, 0));
    CHECK_INT(pos.chess960, 1);

    /* En passant: written only when a legal capture exists, unless asked */
    CHECK_STR(norm("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", 0, 0),
              "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    CHECK_STR(norm("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", 0, RF_FEN_EP_ALWAYS),
              "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    CHECK_STR(norm("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", 0, 0),
              "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    /* the horizontal pin through both pawns makes the capture illegal */
    CHECK_STR(norm("8/8/8/8/k2pP2R/8/8/4K3 b - e3 0 1", 0, 0), "8/8/8/8/k2pP2R/8/8/4K3 b - - 0 1");
    /* capturing the checking pawn en passant is legal */
    CHECK_STR(norm("8/8/8/3k4/3pP3/8/8/4K3 b - e3 0 1", 0, 0), "8/8/8/3k4/3pP3/8/8/4K3 b - e3 0 1");

    /* Syntax errors: field and byte offset */
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
    syntax("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x", 45, RF_FIELD_SIDE, 44);
    syntax(START "X", sizeof START, RF_FIELD_FULLMOVE, 56);
    syntax("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQXq - 0 1", 55, RF_FIELD_CASTLING, 48);
    syntax("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KK - 0 1", 53, RF_FIELD_CASTLING, 47);
    syntax("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w K- - 0 1", 53, RF_FIELD_CASTLING, 47);
    syntax("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqA - 0 1", 56, RF_FIELD_CASTLING, 50);
    syntax("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1", 56, RF_FIELD_EP, 51);
    syntax("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1", 56, RF_FIELD_HALFMOVE, 53);
    syntax("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 18446744073709551617", 75, RF_FIELD_FULLMOVE, 64);
    syntax(START " extra", sizeof START + 5, RF_FIELD_EXTRA, sizeof START);
    {
        rf_position_from_fen(&pos, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQXq - 0 1", 0, &err);
        CHECK_STR(err.message, "castling field: 'X' is not a castling right (byte 48)");
    }

    /* Validity flags */
    CHECK_INT(validity(START, 0), 0);
    CHECK_INT(validity("8/8/8/8/8/8/8/8", 0), RF_INVALID_EMPTY_BOARD | RF_INVALID_MISSING_KING);
    CHECK_INT(validity("8/8/8/8/8/8/8/4K3", 0), RF_INVALID_MISSING_KING);
    CHECK_INT(validity("4k3/8/8/8/8/8/8/3KK3", 0), RF_INVALID_TOO_MANY_KINGS);
    CHECK_INT(validity("4k2P/8/8/8/8/8/8/4K3", 0), RF_INVALID_PAWNS_ON_BACKRANK);
    CHECK_INT(validity("4k3/8/8/8/8/8/8/4K3 w K - 0 1", 0), RF_INVALID_BAD_CASTLING);
    CHECK_INT(validity("4k3/8/8/8/8/8/8/R3K2R w KQB - 0 1", 0), RF_INVALID_BAD_CASTLING);
    CHECK_INT(validity("4k3/8/8/8/8/8/8/4K3 w - e6 0 1", 0), RF_INVALID_BAD_EP_SQUARE);
    CHECK_INT(validity("4k3/8/8/8/8/8/8/4K3 w - e3 0 1", 0), RF_INVALID_BAD_EP_SQUARE);
    CHECK_INT(validity("4k3/8/8/8/8/8/8/4K2R w - - 0 1", 0), 0);
    CHECK_INT(validity("4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", 0), RF_INVALID_OPPOSITE_CHECK);
    CHECK_INT(validity("4k3/8/8/8/8/8/8/3K4 w - - 0 1", 0), 0);
    CHECK_INT(validity("3k4/3K4/8/8/8/8/8/8 w - - 0 1", 0), RF_INVALID_OPPOSITE_CHECK);
    /* three checkers; two knights; two checkers on one line with the king */
    CHECK_INT(validity("4k3/8/8/8/8/3n1n2/8/r3K3 w - - 0 1", 0), RF_INVALID_IMPOSSIBLE_CHECK);
    CHECK_INT(validity("4k3/8/8/8/8/3n1n2/8/4K3 w - - 0 1", 0), RF_INVALID_IMPOSSIBLE_CHECK);
    CHECK_INT(validity("4r3/8/8/8/4K3/8/8/4r1k1 w - - 0 1", 0), RF_INVALID_IMPOSSIBLE_CHECK);
    CHECK_INT(validity("4k3/8/8/8/8/5n2/8/r3K3 w - - 0 1", 0), 0);
    /* after a double push: a check the push neither gave nor uncovered */
    CHECK_INT(validity("4k3/8/8/8/3P4/8/8/r3K3 b - d3 0 1", 0) & RF_INVALID_IMPOSSIBLE_CHECK, 0);
    CHECK_INT(validity("8/8/7k/8/3P4/8/8/2B1K3 b - d3 0 1", 0), 0);
    CHECK_INT(validity("8/8/7k/8/3P4/8/8/4K2R b - d3 0 1", 0), RF_INVALID_IMPOSSIBLE_CHECK);
    CHECK_INT(validity("8/8/8/4k3/3P4/8/8/4K3 b - d3 0 1", 0), 0);
    CHECK_INT(validity("8/8/8/8/3P4/8/2k5/4K3 w - - 0 1", 0) & RF_INVALID_IMPOSSIBLE_CHECK, 0);
    CHECK_INT(validity("8/8/8/8/4P3/8/2k5/4K2r b - e3 0 1", 0) , RF_INVALID_OPPOSITE_CHECK);
    CHECK_INT(validity("4k3/8/8/b7/4P3/8/8/4K3 w - - 0 1", 0), 0);
    CHECK_INT(validity("7k/8/8/8/4P3/8/8/r3K3 w - e3 0 1", 0) & RF_INVALID_BAD_EP_SQUARE, RF_INVALID_BAD_EP_SQUARE);
    CHECK_INT(validity("4k3/8/8/8/1b1pP3/8/8/4K3 b - e3 0 1", 0), RF_INVALID_OPPOSITE_CHECK);
    CHECK_INT(validity("4k3/8/8/8/4P3/8/8/r3K3 b - e3 0 1", 0) & RF_INVALID_OPPOSITE_CHECK, RF_INVALID_OPPOSITE_CHECK);
    CHECK_INT(validity("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 0), 0);
    CHECK_INT(validity("QQQQQQQQ/QQk5/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", 0) & RF_INVALID_TOO_MUCH_MATERIAL, RF_INVALID_TOO_MUCH_MATERIAL);
    CHECK_INT(validity("4k3/8/8/8/8/8/PPPPPPPP/QQ2K3 w - - 0 1", 0), RF_INVALID_TOO_MUCH_MATERIAL);
    CHECK_INT(validity("4k3/8/8/8/8/8/PPPPPPP1/QQ2K3 w - - 0 1", 0), 0);
    /* Atomic: the side to move may have lost its king; kings that touch give no check */
    CHECK_INT(validity("8/8/8/8/8/8/8/4K3 b - - 0 1", RF_PARSE_ATOMIC), 0);
    CHECK_INT(validity("8/8/8/8/8/8/8/4K3 w - - 0 1", RF_PARSE_ATOMIC), RF_INVALID_VARIANT);
    CHECK_INT(validity("8/8/8/8/8/8/8/8 w - - 0 1", RF_PARSE_ATOMIC), RF_INVALID_EMPTY_BOARD | RF_INVALID_MISSING_KING);
    CHECK_INT(validity("8/8/8/8/8/8/3k4/r3K3 b - - 0 1", RF_PARSE_ATOMIC), 0);
    CHECK_INT(validity("8/8/8/8/8/8/3k4/r3K3 b - - 0 1", 0), RF_INVALID_OPPOSITE_CHECK);

    /* Accepting flags: bad rights and squares are dropped, others kept */
    const char *badc = "4k3/8/8/8/8/8/8/4K3 w KQ e6 0 1";
    CHECK(rf_position_parse(&pos, badc, strlen(badc), 0, RF_INVALID_BAD_CASTLING | RF_INVALID_BAD_EP_SQUARE, &err) == RF_OK);
    CHECK(rf_position_to_fen(&pos, out, sizeof out, RF_FEN_EP_ALWAYS) > 0 && strcmp(out, "4k3/8/8/8/8/8/8/4K3 w - - 0 1") == 0);
    CHECK(rf_position_parse(&pos, "8/8/8/8/8/8/8/8", 15, 0, RF_INVALID_ALL, &err) == RF_OK);
    CHECK(rf__position_check(&pos) == NULL);

    /* Output buffers behave like snprintf */
    rf_position_startpos(&pos);
    char small[10];
    CHECK_INT(rf_position_to_fen(&pos, small, sizeof small, 0), strlen(START));
    CHECK_STR(small, "rnbqkbnr/");
    CHECK_INT(rf_position_to_fen(&pos, NULL, 0, 0), strlen(START));
    char vbuf[8];
    CHECK_INT(rf_validity_describe(RF_INVALID_EMPTY_BOARD | RF_INVALID_MISSING_KING, vbuf, sizeof vbuf), strlen("empty board, missing king"));
    CHECK_STR(vbuf, "empty b");

    /* Equality and the key */
    rf_position_startpos(&pos);
    rf_position_from_fen(&pos2, START, 0, NULL);
    CHECK(rf_position_equal(&pos, &pos2));
    CHECK(pos.key == pos2.key && pos.key == rf__compute_key(&pos));
    rf_position_from_fen(&pos2, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1", 0, NULL);
    CHECK(!rf_position_equal(&pos, &pos2) && pos.key != pos2.key);
    CHECK(rf__position_check(&pos) == NULL);

    /* Garbage: random bytes, long inputs, NULs; nothing may crash or read out of bounds. */
    uint64_t s = 42;
    int crashed_shape = 0;
    for (int i = 0; i < 20000; i++) {
        char buf[96];
        size_t n = (size_t)(i % 96);
        for (size_t j = 0; j < n; j++) {
            s = s * 6364136223846793005ULL + 1442695040888963407ULL;
            const char alphabet[] = "pnbrqkPNBRQK12345678/ wb-KQkqAHah0369e \0\xff";
            buf[j] = (i & 1) ? (char)(s >> 56) : alphabet[(s >> 33) % (sizeof alphabet - 1)];
        }
        rf_status st = rf_position_parse(&pos, buf, n, 0, 0, &err);
        if (st == RF_OK || st == RF_ERR_INVALID) {
            if (rf__position_check(&pos) != NULL) crashed_shape++;
        } else if (st != RF_ERR_SYNTAX || strchr(err.message, '\n')) {
            crashed_shape++;
        }
    }
    CHECK_INT(crashed_shape, 0);
    size_t big = 1 << 20;
    char *huge = malloc(big);
    memset(huge, 'p', big);
    CHECK(rf_position_parse(&pos, huge, big, 0, 0, &err) == RF_ERR_SYNTAX);
    memset(huge, '/', big);
    CHECK(rf_position_parse(&pos, huge, big, 0, 0, &err) == RF_ERR_SYNTAX);
    memset(huge, ' ', big);
    CHECK(rf_position_parse(&pos, huge, big, 0, 0, &err) == RF_ERR_SYNTAX);
    free(huge);
    CHECK(rf_position_parse(&pos, NULL, 0, 0, 0, &err) == RF_ERR_SYNTAX);
    CHECK(rf_position_from_fen(&pos, NULL, 0, &err) == RF_ERR_SYNTAX);
    return check_summary();
}
