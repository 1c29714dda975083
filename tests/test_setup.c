/* The 0.2 reading API: rf_setup_parse (syntax only) vs rf_position_from_setup (the rules of a
 * variant), castling rights in every notation, errors that name their field and byte, variant
 * names, EPD operations, and the output-parameter-first functions. */
#include "castling.h"
#include "position.h"
#include "harness.h"

#define START "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
#define STD RF_VARIANT_STANDARD

static rf_bitboard squares(const char *names)
{
    rf_bitboard set = 0;
    for (const char *p = names; p[0] && p[1]; p += p[2] ? 3 : 2) set |= (rf_bitboard)1 << rf_square_parse(p, 2);
    return set;
}

static rf_setup setup_of(const char *text)
{
    rf_setup s;
    rf_error err;
    if (!CHECK_MSG(rf_setup_parse(&s, text, strlen(text), &err) == RF_OK, "'%s': %s", text, err.message))
        rf_setup_clear(&s);
    return s;
}

TEST(setup_clear_is_an_empty_board_white_to_move)
{
    rf_setup s;
    memset(&s, 0xAB, sizeof s);
    rf_setup_clear(&s);
    int empty = 1;
    for (int sq = 0; sq < 64; sq++) empty &= s.board[sq] == RF_NO_PIECE;
    CHECK(empty);
    CHECK(s.side == RF_WHITE && s.castling == 0 && s.ep == RF_NO_SQUARE && s.halfmove == 0 && s.fullmove == 1);
    CHECK(s.extras == 0 && s.epd_len == 0 && s.promoted == 0);
}

/* A setup is what the text says: no kings, impossible rights and squares are not its business. */
TEST(setup_parse_checks_syntax_only)
{
    const char *text = "8/8/8/8/8/8/8/8 b KQkq e3 7 12";
    rf_setup s = setup_of(text);
    CHECK(s.side == RF_BLACK && s.ep == rf_square_parse("e3", 2) && s.halfmove == 7 && s.fullmove == 12);
    CHECK(s.castling == squares("a1 h1 a8 h8"));
    rf_position pos;
    rf_error err;
    CHECK_INT(rf_position_from_setup(&pos, &s, STD, 0, 0, &err), RF_ERR_INVALID);
    CHECK(err.validity & RF_INVALID_EMPTY_BOARD);
    CHECK(err.validity & RF_INVALID_BAD_CASTLING);
    CHECK(err.validity & RF_INVALID_BAD_EP_SQUARE);
    CHECK_INT(rf_setup_parse(&s, "8/8/8/8/8/8/8/9", 15, &err), RF_ERR_SYNTAX);
    CHECK_INT(err.field, RF_FIELD_BOARD);
}

TEST(setup_board_and_fields)
{
    rf_setup s = setup_of(START);
    CHECK_INT(s.board[rf_square_parse("e1", 2)], RF_MAKE_PIECE(RF_WHITE, RF_KING));
    CHECK_INT(s.board[rf_square_parse("d8", 2)], RF_MAKE_PIECE(RF_BLACK, RF_QUEEN));
    CHECK_INT(s.board[rf_square_parse("e4", 2)], RF_NO_PIECE);
    CHECK(s.side == RF_WHITE && s.ep == RF_NO_SQUARE && s.halfmove == 0 && s.fullmove == 1);
    CHECK(s.extras == 0 && s.epd_len == 0);
}

/* KQkq, X-FEN and Shredder-FEN all name rook squares. */
TEST(castling_kqkq_resolves_to_the_corner_rooks)
{
    CHECK(setup_of(START).castling == squares("a1 h1 a8 h8"));
    CHECK(setup_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1").castling == squares("a1 h1 a8 h8"));
    CHECK(setup_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w qkQK - 0 1").castling == squares("a1 h1 a8 h8"));
}

TEST(castling_kq_resolves_to_the_outermost_rook)
{
    CHECK(setup_of("rr2k3/8/8/8/8/8/8/RR2K3 w Qq - 0 1").castling == squares("a1 a8"));
    CHECK(setup_of("4k1rr/8/8/8/8/8/8/4K1RR w Kk - 0 1").castling == squares("h1 h8"));
    CHECK(setup_of("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq -").castling == squares("f1 h1 f8 h8"));
}

TEST(castling_file_letters_name_their_file)
{
    CHECK(setup_of("rr2k3/8/8/8/8/8/8/RR2K3 w Bb - 0 1").castling == squares("b1 b8"));
    CHECK(setup_of("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf -").castling == squares("f1 h1 f8 h8"));
    CHECK(setup_of("rr2k3/8/8/8/8/8/8/RR2K3 w QBqb - 0 1").castling == squares("a1 b1 a8 b8"));
}

/* With no rook on that side K and Q name the corner, which the rules then refuse. */
TEST(castling_right_without_a_rook_names_the_corner)
{
    CHECK(setup_of("4k3/8/8/8/8/8/8/4K3 w K - 0 1").castling == squares("h1"));
    CHECK(setup_of("4k3/8/8/8/8/8/8/4K3 w q - 0 1").castling == squares("a8"));
}

/* The error names the castling field, its byte offset and which right is bad. */
TEST(bad_castling_right_is_named)
{
    rf_position pos;
    rf_error err;
    const char *fen = "4k3/8/8/8/8/8/8/4K3 w K - 0 1";
    CHECK_INT(rf_position_parse(&pos, fen, strlen(fen), STD, 0, 0, &err), RF_ERR_INVALID);
    CHECK_INT(err.status, RF_ERR_INVALID);
    CHECK_INT(err.field, RF_FIELD_CASTLING);
    CHECK_INT(err.offset, 22);
    CHECK_INT(err.validity, RF_INVALID_BAD_CASTLING);
    CHECK_MSG(strstr(err.message, "h1") && strstr(err.message, "no white rook"), "message '%s'", err.message);
    /* a hand-made setup: Chess960 rights on a1 h1 a8 are good, h8 has no rook */
    fen = "r3k3/8/8/8/8/8/8/R2K3R w - - 0 1";
    rf_setup s = setup_of(fen);
    s.castling = squares("a1 h1 a8 h8");
    CHECK_INT(rf_position_from_setup(&pos, &s, STD, 0, 0, &err), RF_ERR_INVALID);
    CHECK_INT(err.field, RF_FIELD_CASTLING);
    CHECK_MSG(strstr(err.message, "h8") && strstr(err.message, "no black rook"), "message '%s'", err.message);
    CHECK_INT(rf_position_from_setup(&pos, &s, STD, 0, RF_INVALID_BAD_CASTLING, &err), RF_OK);
    CHECK(pos.chess960 == 1 && pos.castle_rook[RF_WHITE][RF_QUEENSIDE] == 0 && pos.castle_rook[RF_WHITE][RF_KINGSIDE] == 7 &&
          pos.castle_rook[RF_BLACK][RF_QUEENSIDE] == 56 && pos.castle_rook[RF_BLACK][RF_KINGSIDE] == RF_NO_SQUARE);
    /* a right on the same side as another right */
    fen = "4k3/8/8/8/8/8/8/RR2K3 w QB - 0 1";
    CHECK_INT(rf_position_parse(&pos, fen, strlen(fen), STD, 0, 0, &err), RF_ERR_INVALID);
    CHECK_MSG(strstr(err.message, "queenside") != NULL, "message '%s'", err.message);
}

TEST(bad_ep_square_names_the_ep_field)
{
    rf_position pos;
    rf_error err;
    const char *fen = "4k3/8/8/8/8/8/8/4K3 w - e6 0 1";
    CHECK_INT(rf_position_parse(&pos, fen, strlen(fen), STD, 0, 0, &err), RF_ERR_INVALID);
    CHECK_INT(err.field, RF_FIELD_EP);
    CHECK_INT(err.offset, 24);
    CHECK_INT(err.validity, RF_INVALID_BAD_EP_SQUARE);
}

TEST(board_rule_names_the_board_field)
{
    rf_position pos;
    rf_error err;
    const char *fen = "   4k3/8/8/8/8/8/8/3KK3 w - - 0 1";
    CHECK_INT(rf_position_parse(&pos, fen, strlen(fen), STD, 0, 0, &err), RF_ERR_INVALID);
    CHECK_INT(err.field, RF_FIELD_BOARD);
    CHECK_INT(err.offset, 3);
    CHECK_INT(err.validity, RF_INVALID_TOO_MANY_KINGS);
    CHECK(strchr(err.message, '\n') == NULL && strlen(err.message) > 10);
}

/* Several broken rules: the field is the first refused one's; accepted rules do not count. */
TEST(first_refused_rule_names_the_field)
{
    rf_position pos;
    rf_error err;
    const char *fen = "4k3/8/8/8/8/8/8/4K3 w K e6 0 1";
    CHECK_INT(rf_position_parse(&pos, fen, strlen(fen), STD, 0, 0, &err), RF_ERR_INVALID);
    CHECK_INT(err.field, RF_FIELD_CASTLING);
    CHECK_INT(err.validity, RF_INVALID_BAD_CASTLING | RF_INVALID_BAD_EP_SQUARE);
    CHECK_INT(rf_position_parse(&pos, fen, strlen(fen), STD, 0, RF_INVALID_BAD_CASTLING, &err), RF_ERR_INVALID);
    CHECK_INT(err.field, RF_FIELD_EP);
    CHECK_INT(err.validity, RF_INVALID_BAD_CASTLING | RF_INVALID_BAD_EP_SQUARE);
    CHECK_INT(rf_position_parse(&pos, fen, strlen(fen), STD, 0, RF_INVALID_BAD_CASTLING | RF_INVALID_BAD_EP_SQUARE, &err),
              RF_OK);
    CHECK(pos.castle_rook[RF_WHITE][RF_KINGSIDE] == RF_NO_SQUARE && pos.ep == RF_NO_SQUARE);
}

/* A FEN of seven or more words with a bad side field blames the side field. */
TEST(long_fen_with_bad_side_blames_the_side_field)
{
    rf_position pos;
    rf_error err;
    const char *fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1 bm e4;";
    CHECK_INT(rf_position_parse(&pos, fen, strlen(fen), STD, 0, 0, &err), RF_ERR_SYNTAX);
    CHECK_INT(err.field, RF_FIELD_SIDE);
    CHECK_INT(err.offset, 44);
    fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR white KQkq - 0 1 2 3";
    CHECK_INT(rf_position_parse(&pos, fen, strlen(fen), STD, 0, 0, &err), RF_ERR_SYNTAX);
    CHECK_INT(err.field, RF_FIELD_SIDE);
    CHECK_INT(err.offset, 44);
}

TEST(epd_operations_after_four_fields)
{
    const char *text = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e4; id \"start\";";
    rf_setup s = setup_of(text);
    CHECK_INT(s.epd_offset, 53);
    CHECK_INT(s.epd_len, strlen(text) - 53);
    CHECK(s.halfmove == 0 && s.fullmove == 1);
    rf_position pos;
    rf_error err;
    CHECK_INT(rf_position_parse(&pos, text, strlen(text), STD, 0, 0, &err), RF_OK);
    char fen[RF_FEN_MAX];
    rf_position_to_fen(fen, sizeof fen, &pos, 0);
    CHECK_STR(fen, START);
    /* and after the counters */
    text = START " c0 \"a; b\"; bm Nf3;";
    s = setup_of(text);
    CHECK_INT(s.epd_offset, strlen(START) + 1);
    CHECK_INT(s.epd_len, strlen(text) - strlen(START) - 1);
}

TEST(epd_next_reads_each_operation)
{
    const char *text = "bm e4 Nf3; id \"start\";c0 \"semi; colon\" ; noop;";
    size_t len = strlen(text), at = 0;
    rf_epd_op op;
    rf_error err;
    CHECK_INT(rf_epd_next(&op, text, len, &at, &err), RF_OK);
    CHECK(op.opcode == text && op.opcode_len == 2);
    CHECK(op.operands_len == 6 && memcmp(op.operands, "e4 Nf3", 6) == 0);
    CHECK_INT(at, 10);
    CHECK_INT(rf_epd_next(&op, text, len, &at, &err), RF_OK);
    CHECK(op.opcode_len == 2 && memcmp(op.opcode, "id", 2) == 0);
    CHECK(op.operands_len == 7 && memcmp(op.operands, "\"start\"", 7) == 0);
    CHECK_INT(rf_epd_next(&op, text, len, &at, &err), RF_OK);
    CHECK(op.opcode_len == 2 && memcmp(op.opcode, "c0", 2) == 0);
    CHECK_MSG(op.operands_len == 13 && memcmp(op.operands, "\"semi; colon\"", 13) == 0, "operands '%.*s'",
              (int)op.operands_len, op.operands);
    CHECK_INT(rf_epd_next(&op, text, len, &at, &err), RF_OK);
    CHECK(op.opcode_len == 4 && memcmp(op.opcode, "noop", 4) == 0 && op.operands_len == 0);
    CHECK_INT(at, len);
    CHECK_INT(rf_epd_next(&op, text, len, &at, &err), RF_ERR_NOT_FOUND);
    size_t blank = 0;
    CHECK_INT(rf_epd_next(&op, "   ", 3, &blank, &err), RF_ERR_NOT_FOUND);
}

TEST(epd_next_syntax_errors)
{
    rf_epd_op op;
    rf_error err;
    size_t at = 0;
    CHECK_INT(rf_epd_next(&op, "bm e4", 5, &at, &err), RF_ERR_SYNTAX);
    CHECK(err.status == RF_ERR_SYNTAX && err.offset <= 5 && strchr(err.message, '\n') == NULL);
    at = 0;
    CHECK_INT(rf_epd_next(&op, "4x e4;", 6, &at, &err), RF_ERR_SYNTAX);
    CHECK_INT(err.offset, 0);
    at = 0;
    CHECK_INT(rf_epd_next(&op, "id \"open;", 9, &at, &err), RF_ERR_SYNTAX);
    CHECK(err.offset >= 3 && err.offset <= 9);
    at = 7;
    CHECK_INT(rf_epd_next(&op, "bm e4; ;", 8, &at, &err), RF_ERR_SYNTAX);
    CHECK_INT(err.offset, 7);
}

/* An EPD text whose operations are broken is not a setup. */
TEST(fen_with_broken_epd_operations_is_a_syntax_error)
{
    rf_setup s;
    rf_error err;
    const char *text = START " bm e4";
    CHECK_INT(rf_setup_parse(&s, text, strlen(text), &err), RF_ERR_SYNTAX);
    CHECK(err.offset >= strlen(START) && err.offset <= strlen(text));
}

TEST(setup_round_trip_through_a_position)
{
    rf_position pos, again;
    rf_setup s;
    rf_error err;
    const char *fen = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
    CHECK(rf_position_from_fen(&pos, fen, STD, &err) == RF_OK);
    rf_setup_from_position(&s, &pos);
    CHECK(s.castling == squares("f1 h1 f8 h8") && s.halfmove == 2 && s.fullmove == 9 && s.epd_len == 0);
    CHECK_INT(rf_position_from_setup(&again, &s, STD, 0, 0, &err), RF_OK);
    CHECK(rf_position_equal(&pos, &again) && pos.key == again.key);
    /* by hand: kings, a rook, one right */
    rf_setup_clear(&s);
    s.board[rf_square_parse("e1", 2)] = RF_MAKE_PIECE(RF_WHITE, RF_KING);
    s.board[rf_square_parse("h1", 2)] = RF_MAKE_PIECE(RF_WHITE, RF_ROOK);
    s.board[rf_square_parse("e8", 2)] = RF_MAKE_PIECE(RF_BLACK, RF_KING);
    s.castling = squares("h1");
    CHECK_INT(rf_position_from_setup(&pos, &s, STD, 0, 0, &err), RF_OK);
    char fen_out[RF_FEN_MAX];
    rf_position_to_fen(fen_out, sizeof fen_out, &pos, 0);
    CHECK_STR(fen_out, "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    CHECK(rf__position_check(&pos) == NULL);
    for (int v = 0; v < RF_VARIANT_COUNT; v++)
        if (!rf_variant_available((rf_variant)v))
            CHECK_INT(rf_position_from_setup(&pos, &s, (rf_variant)v, 0, 0, &err), RF_ERR_ARGUMENT);
    CHECK_INT(rf_position_from_setup(&pos, &s, (rf_variant)RF_VARIANT_COUNT, 0, 0, &err), RF_ERR_ARGUMENT);
}

/* ---- Variant names ---- */

static int read_name(const char *name, rf_variant *v, int *c960)
{
    *v = (rf_variant)99;
    *c960 = 99;
    return rf_variant_from_name(v, c960, name, strlen(name));
}

TEST(variant_names_and_pgn_names)
{
    static const char *const names[RF_VARIANT_COUNT] = {"standard", "atomic", "kingofthehill", "threecheck",
                                                        "racingkings", "horde", "antichess", "crazyhouse"};
    static const char *const pgn[RF_VARIANT_COUNT] = {"Standard", "Atomic", "King of the Hill", "Three-check",
                                                      "Racing Kings", "Horde", "Antichess", "Crazyhouse"};
    for (int i = 0; i < RF_VARIANT_COUNT; i++) {
        rf_variant v;
        int c960;
        CHECK_STR(rf_variant_name((rf_variant)i), names[i]);
        CHECK_STR(rf_variant_pgn_name((rf_variant)i), pgn[i]);
        CHECK_MSG(read_name(names[i], &v, &c960) == RF_OK && v == (rf_variant)i && c960 == 0, "%s", names[i]);
        CHECK_MSG(read_name(pgn[i], &v, &c960) == RF_OK && v == (rf_variant)i && c960 == 0, "%s", pgn[i]);
    }
    CHECK_STR(rf_variant_name((rf_variant)RF_VARIANT_COUNT), "unknown");
    CHECK_STR(rf_variant_pgn_name((rf_variant)-1), "unknown");
}

TEST(variant_from_name_aliases_case_and_separators)
{
    static const struct {
        const char *name;
        rf_variant v;
        int chess960;
    } names[] = {
        {"chess", STD, 0}, {"fromposition", STD, 0}, {"From Position", STD, 0}, {"STANDARD", STD, 0},
        {"koth", RF_VARIANT_KINGOFTHEHILL, 0}, {"king-of-the-hill", RF_VARIANT_KINGOFTHEHILL, 0},
        {"King_of_the_Hill", RF_VARIANT_KINGOFTHEHILL, 0}, {"3check", RF_VARIANT_THREECHECK, 0},
        {"three check", RF_VARIANT_THREECHECK, 0}, {"zh", RF_VARIANT_CRAZYHOUSE, 0}, {"ZH", RF_VARIANT_CRAZYHOUSE, 0},
        {"Racing-Kings", RF_VARIANT_RACINGKINGS, 0}, {"aToMiC", RF_VARIANT_ATOMIC, 0},
        {"chess960", STD, 1}, {"Chess960", STD, 1}, {"fischerandom", STD, 1}, {"fischerrandom", STD, 1},
        {"Fischer Random", STD, 1}, {"960", STD, 1}, {"chess-960", STD, 1},
    };
    for (unsigned i = 0; i < sizeof names / sizeof *names; i++) {
        rf_variant v;
        int c960;
        rf_status st = read_name(names[i].name, &v, &c960);
        CHECK_MSG(st == RF_OK && v == names[i].v && c960 == names[i].chess960, "'%s': status %d, variant %d, chess960 %d",
                  names[i].name, st, v, c960);
    }
    rf_variant v = RF_VARIANT_HORDE;
    CHECK_INT(rf_variant_from_name(&v, NULL, "atomic", 6), RF_OK);
    CHECK_INT(v, RF_VARIANT_ATOMIC);
    /* only len bytes are read */
    CHECK_INT(rf_variant_from_name(&v, NULL, "hordeXYZ", 5), RF_OK);
    CHECK_INT(v, RF_VARIANT_HORDE);
}

TEST(unknown_variant_name_is_not_found)
{
    static const char *const unknown[] = {"", "   ", "atomik", "standard960", "chess 961", "kingofthehill2", "x", "-"};
    for (unsigned i = 0; i < sizeof unknown / sizeof *unknown; i++) {
        rf_variant v;
        int c960;
        CHECK_MSG(read_name(unknown[i], &v, &c960) == RF_ERR_NOT_FOUND && v == (rf_variant)99 && c960 == 99,
                  "'%s' found", unknown[i]);
    }
    rf_variant v = RF_VARIANT_ATOMIC;
    CHECK_INT(rf_variant_from_name(&v, NULL, "atomic\0", 7), RF_ERR_NOT_FOUND);
    CHECK_INT(v, RF_VARIANT_ATOMIC);
}

TEST(variants_available_in_this_build)
{
    CHECK_INT(rf_variant_available(RF_VARIANT_STANDARD), 1);
    CHECK_INT(rf_variant_available(RF_VARIANT_ATOMIC), 1);
    CHECK_INT(rf_variant_available(RF_VARIANT_KINGOFTHEHILL), 1);
    CHECK_INT(rf_variant_available(RF_VARIANT_THREECHECK), 1);
    CHECK_INT(rf_variant_available(RF_VARIANT_RACINGKINGS), 1);
    CHECK_INT(rf_variant_available(RF_VARIANT_HORDE), 1);
    CHECK_INT(rf_variant_available(RF_VARIANT_ANTICHESS), 1);
    CHECK_INT(rf_variant_available(RF_VARIANT_CRAZYHOUSE), 1);
    CHECK_INT(rf_variant_available((rf_variant)RF_VARIANT_COUNT), 0);
}

/* ---- Output parameters first ---- */

TEST(square_name_writes_into_its_first_argument)
{
    char name[3] = "xx";
    rf_square_name(name, RF_SQUARE(4, 3));
    CHECK_STR(name, "e4");
    rf_square_name(name, RF_NO_SQUARE);
    CHECK_STR(name, "-");
    rf_square_name(name, 63);
    CHECK_STR(name, "h8");
    CHECK_INT(rf_square_parse("h8", 2), 63);
    CHECK_INT(rf_square_parse("i1", 2), RF_NO_SQUARE);
}

TEST(generate_moves_fills_its_first_argument)
{
    rf_position pos;
    rf_movelist list;
    memset(&list, 0xFF, sizeof list);
    CHECK(rf_position_startpos(&pos, STD) == RF_OK);
    CHECK_INT(rf_generate_moves(&list, &pos), 20);
    CHECK_INT(list.count, 20);
    int legal = 1;
    for (unsigned i = 0; i < list.count; i++) legal &= rf_move_is_legal(&pos, list.moves[i]);
    CHECK(legal);
}

TEST(chess960_check_writes_its_verdict_first)
{
    rf_position pos;
    rf_chess960_verdict v;
    rf_chess960_draws d;
    rf_rng rng;
    CHECK(rf_chess960_position(&pos, 518) == RF_OK);
    CHECK_INT(rf_chess960_check(&v, &pos, 0), 518);
    CHECK(v.reason == RF_CHESS960_START && v.white == 518);
    CHECK_INT(rf_chess960_check_rank(&v, "RKRNNQBB", 8), 959);
    rf_rng_seed(&rng, 42);
    CHECK_INT(rf_chess960_random(&d, &rng), 781);
}

/* lichess's variant fields: Crazyhouse pockets (brackets or a ninth rank) and promoted pieces,
 * Three-check counters (remaining, "3+3", or given, "+1+0"). */
TEST(setup_reads_crazyhouse_pockets_and_promoted_pieces)
{
    rf_setup s = setup_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[QNNp] w KQkq - 0 1");
    CHECK_INT(s.extras, RF_SETUP_POCKET);
    CHECK_INT(s.pocket[RF_WHITE][RF_QUEEN], 1);
    CHECK_INT(s.pocket[RF_WHITE][RF_KNIGHT], 2);
    CHECK_INT(s.pocket[RF_BLACK][RF_PAWN], 1);
    CHECK_INT(s.pocket[RF_BLACK][RF_QUEEN], 0);
    CHECK(s.side == RF_WHITE && s.castling == squares("a1 h1 a8 h8"));
    s = setup_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/Bp w KQkq - 0 1");
    CHECK_INT(s.extras, RF_SETUP_POCKET);
    CHECK_INT(s.pocket[RF_WHITE][RF_BISHOP], 1);
    CHECK_INT(s.pocket[RF_BLACK][RF_PAWN], 1);
    s = setup_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1");
    CHECK_INT(s.extras, RF_SETUP_POCKET);
    s = setup_of("r1b1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RQ~BQ~KBNR w KQkq - 0 1");
    CHECK_INT(s.extras, RF_SETUP_POCKET);
    CHECK(s.promoted == squares("b1 d1"));
    CHECK_INT(s.board[rf_square_parse("d1", 2)], RF_MAKE_PIECE(RF_WHITE, RF_QUEEN));
}

TEST(setup_reads_three_check_counters)
{
    rf_setup s = setup_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+2 4 9");
    CHECK_INT(s.extras, RF_SETUP_CHECKS);
    CHECK(s.remaining_checks[RF_WHITE] == 3 && s.remaining_checks[RF_BLACK] == 2);
    CHECK(s.halfmove == 4 && s.fullmove == 9);
    s = setup_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 4 9 +1+3");
    CHECK_INT(s.extras, RF_SETUP_CHECKS);
    CHECK(s.remaining_checks[RF_WHITE] == 2 && s.remaining_checks[RF_BLACK] == 0);
    CHECK(s.halfmove == 4 && s.fullmove == 9);
    s = setup_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 1+1");
    CHECK(s.remaining_checks[RF_WHITE] == 1 && s.remaining_checks[RF_BLACK] == 1 && s.fullmove == 1);
    s = setup_of(START);
    CHECK_INT(s.extras, 0);
}

TEST(setup_variant_field_errors_name_field_and_byte)
{
    static const struct {
        const char *text;
        rf_field field;
        size_t offset;
    } bad[] = {
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Qx] w - - 0 1", RF_FIELD_POCKET, 45},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Q w - - 0 1", RF_FIELD_POCKET, 45},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Q]x w - - 0 1", RF_FIELD_POCKET, 46},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/~NBQKBNR w - - 0 1", RF_FIELD_BOARD, 35},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R~~NBQKBNR w - - 0 1", RF_FIELD_BOARD, 37},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 4+3 0 1", RF_FIELD_CHECKS, 50},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 3+10 0 1", RF_FIELD_CHECKS, 52},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1 +0+4", RF_FIELD_CHECKS, 57},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 3+3 0 1 +0+0", RF_FIELD_CHECKS, 58},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1 2", RF_FIELD_EXTRA, 54},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        rf_setup s;
        rf_error err;
        CHECK_MSG(rf_setup_parse(&s, bad[i].text, strlen(bad[i].text), &err) == RF_ERR_SYNTAX, "'%s' read", bad[i].text);
        CHECK_MSG(err.field == bad[i].field && err.offset == bad[i].offset, "'%s': field %d byte %zu (%s)",
                  bad[i].text, (int)err.field, err.offset, err.message);
    }
}

/* A variant's fields in a variant without them: an error whatever is accepted (the position
 * would lose them), pointing at the field. */
TEST(variant_fields_outside_their_variant_are_refused)
{
    rf_position pos;
    rf_error err;
    const char *pocket = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Qn] w KQkq - 0 1";
    CHECK_INT(rf_position_parse(&pos, pocket, strlen(pocket), STD, 0, RF_INVALID_ALL, &err), RF_ERR_INVALID);
    CHECK_INT(err.field, RF_FIELD_POCKET);
    CHECK_INT(err.offset, 43);
    CHECK(strstr(err.message, "Crazyhouse pocket") != NULL);
    CHECK(strncmp(err.message, "invalid position: ", err.detail) == 0 && err.detail == 18);
    CHECK(strncmp(err.message + err.detail, "a Crazyhouse pocket", 19) == 0);
    CHECK_INT(err.validity, RF_INVALID_VARIANT); /* the library names no option: the CLI adds its hint */
    CHECK(strstr(err.message, "--") == NULL);
    const char *checks = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1";
    CHECK_INT(rf_position_parse(&pos, checks, strlen(checks), RF_VARIANT_ATOMIC, 0, RF_INVALID_ALL, &err),
              RF_ERR_INVALID);
    CHECK_INT(err.field, RF_FIELD_CHECKS);
    CHECK_INT(err.offset, 53);
    CHECK(strstr(err.message, "Three-check counters") != NULL);
    CHECK(strstr(err.message, "--") == NULL);
    CHECK_STR(rf_field_name(RF_FIELD_POCKET), "pocket");
    CHECK_STR(rf_field_name(RF_FIELD_CHECKS), "check counters");
}

/* The message of an invalid position: each refused rule once, in the order of its bit, "; "
 * between two, in the variant's own words where the variant has its own rule (issue 23). */
static const char *invalid_message(const char *fen, rf_variant variant, uint32_t accept)
{
    static rf_error err;
    rf_position pos;
    if (!rf_variant_available(variant)) return NULL;
    if (!CHECK_MSG(rf_position_parse(&pos, fen, strlen(fen), variant, 0, accept, &err) == RF_ERR_INVALID,
                   "'%s' is read", fen))
        return "";
    CHECK_MSG(strchr(err.message, '\n') == NULL, "message '%s'", err.message);
    return err.message;
}

#define CHECK_MESSAGE(fen, variant, accept, want)                                                     \
    do {                                                                                              \
        const char *got_ = invalid_message(fen, variant, accept);                                     \
        if (got_) CHECK_STR(got_, want);                                                              \
    } while (0)

TEST(invalid_position_names_the_rule_broken)
{
    /* Standard chess: the generic names; two rules, each named, the castling one with why. */
    CHECK_MESSAGE("4k3/8/8/8/8/8/8/3KK3 w - - 0 1", STD, 0, "invalid position: too many kings");
    CHECK_MESSAGE("k7/8/8/8/8/8/8/K6P w KQ - 0 1", STD, 0,
                  "invalid position: pawns on a back rank; bad castling rights (the castling right of the "
                  "rook on a1: no white rook stands there)");
    /* An accepted rule is not named. */
    CHECK_MESSAGE("k7/8/8/8/8/8/8/K6P w KQ - 0 1", STD, RF_INVALID_BAD_CASTLING,
                  "invalid position: pawns on a back rank");
    /* Horde: White has no king at all; its pawns may stand on the first rank. */
    CHECK_MESSAGE(START, RF_VARIANT_HORDE, 0, "invalid position: White has a king (Horde's White has none)");
    CHECK_MESSAGE("4k2k/8/8/8/8/8/8/PPPPPPPP w - - 0 1", RF_VARIANT_HORDE, 0,
                  "invalid position: Black has more than one king");
    CHECK_MESSAGE("8/8/8/8/8/8/8/PPPPPPPP w - - 0 1", RF_VARIANT_HORDE, 0, "invalid position: Black has no king");
    CHECK_MESSAGE("4k3/8/8/8/8/8/8/p3P3 w - - 0 1", RF_VARIANT_HORDE, 0,
                  "invalid position: a black pawn on the first rank");
    CHECK_MESSAGE("p3k3/8/8/8/8/8/8/4K2P w - - 0 1", RF_VARIANT_HORDE, 0,
                  "invalid position: White has a king (Horde's White has none); a pawn on the eighth rank");
    CHECK_MESSAGE("4k3/8/8/PPPPP3/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w - - 0 1", RF_VARIANT_HORDE, 0,
                  "invalid position: White has 37 pieces, more than the horde's 36");
    /* Racing Kings: its own rules, named. */
    CHECK_MESSAGE(START, RF_VARIANT_RACINGKINGS, 0,
                  "invalid position: pawns on the board and castling rights (Racing Kings has no pawns and no "
                  "castling)");
    CHECK_MESSAGE("k7/r7/8/8/8/8/8/K7 w - - 0 1", RF_VARIANT_RACINGKINGS, 0,
                  "invalid position: White's king in check (Racing Kings has no king in check)");
    /* Atomic: the side that moved last cannot have exploded its own king. */
    CHECK_MESSAGE("8/8/8/8/8/8/8/K7 w - - 0 1", RF_VARIANT_ATOMIC, 0,
                  "invalid position: Black has no king, yet Black moved last (a side cannot explode its own king)");
    CHECK_MESSAGE("8/8/8/8/8/8/8/Q7 w - - 0 1", RF_VARIANT_ATOMIC, 0, "invalid position: neither side has a king");
    /* Crazyhouse: no king in a pocket; Antichess: no castling (refused when nothing is accepted). */
    CHECK_MESSAGE("k7/8/8/8/8/8/8/K7[K] w - - 0 1", RF_VARIANT_CRAZYHOUSE, 0,
                  "invalid position: a king in a pocket (a captured king would have ended the game)");
    CHECK_MESSAGE(START, RF_VARIANT_ANTICHESS, 0, "invalid position: castling rights (Antichess has no castling)");
}

/* The castling-rights iterator gives each right once, White's kingside first, with its rook. */
TEST(castling_rights_iterate_in_order)
{
    rf_position pos;
    CHECK_INT(rf_position_from_fen(&pos, "r3k2r/8/8/8/8/8/8/R3K2R w Kq - 0 1", RF_VARIANT_STANDARD, NULL), RF_OK);
    rf__castle_right r, seen[4];
    int n = 0;
    for (int i = 0; rf__castle_next(&pos, &i, &r); n++)
        if (n < 4) seen[n] = r;
    CHECK_INT(n, 2);
    CHECK(seen[0].color == RF_WHITE && seen[0].side == RF_KINGSIDE && seen[0].rook == RF_SQUARE(7, 0));
    CHECK(seen[1].color == RF_BLACK && seen[1].side == RF_QUEENSIDE && seen[1].rook == RF_SQUARE(0, 7));
    CHECK_INT(rf__castling_bits(&pos), 1u | 8u);
    CHECK_INT(rf_position_from_fen(&pos, "4k3/8/8/8/8/8/8/4K3 w - - 0 1", RF_VARIANT_STANDARD, NULL), RF_OK);
    int i = 0;
    CHECK(!rf__castle_next(&pos, &i, &r));
}

/* rf_error.detail: where the bare message starts, after a context; 0 for a message without one. */
TEST(error_detail_skips_the_context)
{
    rf_position pos;
    rf_error err;
    rf_move m;
    CHECK_INT(rf_position_startpos(&pos, RF_VARIANT_STANDARD), RF_OK);
    CHECK_INT(rf_move_parse(&m, &pos, "e2e5", 4, &err), RF_ERR_ILLEGAL);
    CHECK_INT(err.detail, 6);
    CHECK(strncmp(err.message, "move: ", 6) == 0 && err.message[6] != ' ');
    CHECK_INT(rf_position_from_fen(&pos, "8/8/8/8/8/8/8/8 w - - 0 1", RF_VARIANT_STANDARD, &err), RF_ERR_INVALID);
    CHECK_INT(err.detail, 18);
    CHECK_INT(rf_position_from_fen(&pos, "8/8/8/8/8/8/8/8 x - - 0 1", RF_VARIANT_STANDARD, &err), RF_ERR_SYNTAX);
    CHECK_INT(err.detail, 0);
}
