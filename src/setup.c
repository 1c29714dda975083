/*
 * setup.c - from a setup (what a text says) to a position (what the rules allow), and back.
 * It reads no text: fen.c reads and writes FEN on top of it.
 */
#include "validate.h"
#include "variant.h"

#include <stdio.h>

void rf_setup_clear(rf_setup *setup)
{
    memset(setup, 0, sizeof *setup);
    setup->ep = RF_NO_SQUARE;
    setup->fullmove = 1;
}

void rf_setup_from_position(rf_setup *setup, const rf_position *pos)
{
    rf_setup_clear(setup);
    memcpy(setup->board, pos->board, sizeof setup->board);
    setup->side = pos->side;
    for (int c = 0; c < 2; c++)
        for (int s = 0; s < 2; s++)
            if (pos->castle_rook[c][s] != RF_NO_SQUARE) setup->castling |= RF_BB(pos->castle_rook[c][s]);
    setup->ep = pos->ep;
    setup->halfmove = pos->halfmove;
    setup->fullmove = pos->fullmove;
    setup->promoted = pos->promoted;
    memcpy(setup->pocket, pos->pocket, sizeof setup->pocket);
    memcpy(setup->remaining_checks, pos->remaining_checks, sizeof setup->remaining_checks);
    const rf__variant *variant = rf__variant_get((rf_variant)pos->variant);
    setup->extras = variant ? variant->fen_extras : 0;
}

static const char *const color_names[2] = {"white", "black"};

/* Gives each castling right of the setup its king and side. A right is bad (and left out, with
 * why in `why`) when its square is off both back ranks, holds no rook of that colour, has no
 * single king of that colour on the back rank beside it, or shares a side with another right. */
static uint32_t place_castling(rf_position *pos, rf_bitboard rights, char *why, size_t cap)
{
    uint32_t bad = 0;
    for (rf_bitboard b = rights; b;) {
        rf_square r = rf__pop_lsb(&b);
        char name[3];
        rf_square_name(name, r);
        const char *problem = NULL;
        char detail[64];
        int rank = RF_RANK_OF(r);
        rf_color c = rank == 0 ? RF_WHITE : RF_BLACK;
        rf_bitboard kings = rf__pieces(pos, c, RF_KING) & RF_RANK_BB(rank);
        if (rank != 0 && rank != 7) {
            problem = "not on a back rank";
        } else if (pos->board[r] != RF_MAKE_PIECE(c, RF_ROOK)) {
            snprintf(detail, sizeof detail, "no %s rook stands there", color_names[c]);
            problem = detail;
        } else if (!kings || rf__more_than_one(kings)) {
            snprintf(detail, sizeof detail, "the %s king is not on its back rank", color_names[c]);
            problem = detail;
        } else {
            int side = RF_FILE_OF(r) > RF_FILE_OF(rf__lsb(kings)) ? RF_KINGSIDE : RF_QUEENSIDE;
            if (pos->castle_rook[c][side] != RF_NO_SQUARE) {
                snprintf(detail, sizeof detail, "%s already has a %s right", color_names[c],
                         side == RF_KINGSIDE ? "kingside" : "queenside");
                problem = detail;
            } else {
                pos->castle_rook[c][side] = r;
            }
        }
        if (problem && !bad) snprintf(why, cap, "the castling right of the rook on %s: %s", name, problem);
        if (problem) bad |= RF_INVALID_BAD_CASTLING;
    }
    return bad;
}

/* Standard castling mode holds when every right is an e-file king with its rook in the corner,
 * however the rights were written (KQkq and HAha name the same rooks there). */
static int needs_chess960(const rf_position *pos)
{
    for (int c = 0; c < 2; c++) {
        for (int s = 0; s < 2; s++) {
            rf_square r = pos->castle_rook[c][s];
            if (r == RF_NO_SQUARE) continue;
            rf_bitboard k = rf__pieces(pos, (rf_color)c, RF_KING) & RF_RANK_BB(RF_RANK_OF(r));
            if (RF_FILE_OF(rf__lsb(k)) != 4 || RF_FILE_OF(r) != (s == RF_KINGSIDE ? 7 : 0)) return 1;
        }
    }
    return 0;
}

/* The variant's own fields of a setup into *pos: Three-check's counters (3+3 unless the setup
 * says), Crazyhouse's pockets and '~' kept on pieces that can have been promoted; the fields of
 * another variant refused (an error whatever is accepted, since the position would lose them). */
static rf_status place_extras(rf_position *pos, const rf_setup *setup, const rf__variant *rules, rf_variant variant,
                              rf_error *err)
{
    unsigned foreign = setup->extras & ~rules->fen_extras;
    if (foreign & RF_SETUP_POCKET)
        return rf__error_in(err, RF_ERR_INVALID, RF_FIELD_POCKET, 0, RF_INVALID_VARIANT, RF_INVALID_CONTEXT,
                         "a Crazyhouse pocket or promoted piece ('~'), which %s "
                         "does not have",
                         rf_variant_name(variant));
    if (foreign & RF_SETUP_CHECKS)
        return rf__error_in(err, RF_ERR_INVALID, RF_FIELD_CHECKS, 0, RF_INVALID_VARIANT, RF_INVALID_CONTEXT,
                         "Three-check counters, which %s does not have",
                         rf_variant_name(variant));
    if (rules->fen_extras & RF_SETUP_CHECKS) {
        if (setup->remaining_checks[0] > 3 || setup->remaining_checks[1] > 3)
            return rf__error(err, RF_ERR_ARGUMENT, RF_FIELD_CHECKS, 0, 0,
                             "the setup's check counters are not 0-3");
        pos->remaining_checks[0] = setup->extras & RF_SETUP_CHECKS ? setup->remaining_checks[0] : 3;
        pos->remaining_checks[1] = setup->extras & RF_SETUP_CHECKS ? setup->remaining_checks[1] : 3;
    }
    if (rules->fen_extras & RF_SETUP_POCKET) {
        for (int c = 0; c < 2; c++)
            for (int pt = 0; pt < 8; pt++)
                if (setup->pocket[c][pt] && (pt < RF_PAWN || pt > RF_KING))
                    return rf__error(err, RF_ERR_ARGUMENT, RF_FIELD_POCKET, 0, 0,
                                     "the setup's pocket holds a value that is not a piece type");
        unsigned held = 0;
        for (int c = 0; c < 2; c++)
            for (int pt = RF_PAWN; pt <= RF_KING; pt++) held += setup->pocket[c][pt];
        if (held + (unsigned)rf__popcount(pos->by_type[0]) > 64)
            return rf__error_in(err, RF_ERR_INVALID, RF_FIELD_POCKET, 0, RF_INVALID_VARIANT, RF_INVALID_CONTEXT,
                             "%u pieces in the pockets and %d on the board, more "
                             "than the 64 a game can hold",
                             held, rf__popcount(pos->by_type[0]));
        memcpy(pos->pocket, setup->pocket, sizeof pos->pocket);
        pos->promoted = setup->promoted & pos->by_type[0] & ~pos->by_type[RF_PAWN] & ~pos->by_type[RF_KING];
    }
    return RF_OK;
}

/* The message of the rules refused: each in the order of its bit, in the variant's words where it
 * has its own (Horde's White has no king: not "too many kings"), "; " between two; the generic
 * names when that is too long for an rf_error's message. */
static void explain_refused(char *what, size_t cap, const rf_position *pos, const rf__variant *rules,
                            uint32_t refused, const char *castling_why)
{
    for (int words = 1; words >= 0; words--) {
        size_t len = 0;
        for (unsigned bit = 0; bit < 32; bit++) {
            uint32_t flag = 1u << bit;
            if (!(refused & flag)) continue;
            char part[256];
            if (!words || !rules->explain || rules->explain(part, sizeof part, pos, flag) <= 0)
                rf_validity_describe(part, sizeof part, flag);
            if (flag == RF_INVALID_BAD_CASTLING && words) {
                size_t n = strlen(part);
                snprintf(part + n, sizeof part - n, " (%s)",
                         castling_why[0] ? castling_why : "a castling right without its king and rook");
            }
            if (len < cap) len += (size_t)snprintf(what + len, cap - len, "%s%s", len ? "; " : "", part);
        }
        if (len + sizeof RF_INVALID_CONTEXT ": " <= sizeof((rf_error *)0)->message) break;
    }
}

rf_status rf_position_from_setup(rf_position *pos, const rf_setup *setup, rf_variant variant,
                                 unsigned flags, uint32_t accept, rf_error *err)
{
    rf_init();
    if (err) memset(err, 0, sizeof *err);
    const rf__variant *rules = rf__variant_get(variant);
    if (!pos || !setup)
        return rf__error(err, RF_ERR_ARGUMENT, RF_FIELD_NONE, 0, 0,
                         "no position or no setup given");
    if (!rules)
        return rf__error(err, RF_ERR_ARGUMENT, RF_FIELD_NONE, 0, 0,
                       "variant '%s' is not available in this build", rf_variant_name(variant));
    rf__position_clear(pos);
    pos->variant = (uint8_t)variant;
    for (int sq = 0; sq < 64; sq++) {
        rf_piece pc = setup->board[sq];
        if (pc == RF_NO_PIECE) continue;
        if (RF_PIECE_TYPE(pc) < RF_PAWN || RF_PIECE_TYPE(pc) > RF_KING || pc > 15)
            return rf__error(err, RF_ERR_ARGUMENT, RF_FIELD_BOARD, 0, 0,
                           "the setup's board holds a value that is not a piece");
        rf__put_piece(pos, pc, (rf_square)sq);
    }
    pos->side = setup->side ? RF_BLACK : RF_WHITE;
    pos->halfmove = setup->halfmove;
    pos->fullmove = setup->fullmove ? setup->fullmove : 1;

    char castling_why[160] = "";
    uint32_t bad = 0;
    if (!rules->no_castling) {
        bad = place_castling(pos, setup->castling, castling_why, sizeof castling_why);
    } else if (setup->castling && !accept) {
        /* A variant without castling (Antichess) drops the rights a text gives, as chessops
         * does; a caller that accepts no broken rule at all (fen --strict) is refused them. */
        bad = RF_INVALID_VARIANT;
    }
    rf_status st = place_extras(pos, setup, rules, variant, err);
    if (st != RF_OK) return st;
    if (setup->ep != RF_NO_SQUARE) {
        /* A square off the rank a double step skips cannot be kept even for inspection: every
         * en passant rule reads the squares beside it. */
        if (setup->ep < 64 && RF_RANK_OF(setup->ep) == (pos->side == RF_WHITE ? 5 : 2))
            pos->ep = setup->ep;
        else
            bad |= RF_INVALID_BAD_EP_SQUARE;
    }
    pos->chess960 = (flags & RF_PARSE_CHESS960) || needs_chess960(pos);

    uint32_t validity = bad | rules->validity(pos);
    if (validity & accept & RF_INVALID_BAD_EP_SQUARE) pos->ep = RF_NO_SQUARE;
    pos->ep_legal = (uint8_t)rf__ep_legal(pos);
    pos->key = rf__compute_key(pos);
    uint32_t refused = validity & ~accept;
    if (!refused) return RF_OK;

    char what[512];
    explain_refused(what, sizeof what, pos, rules, refused, castling_why);
    rf_field field = (refused & RF_INVALID_BAD_CASTLING) ? RF_FIELD_CASTLING
                     : (refused & RF_INVALID_BAD_EP_SQUARE) ? RF_FIELD_EP
                                                           : RF_FIELD_BOARD;
    return rf__error_in(err, RF_ERR_INVALID, field, 0, validity, RF_INVALID_CONTEXT, "%s", what);
}
