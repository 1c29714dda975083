/*
 * chess960.c - the 960 start positions of Fischer Random Chess: Scharnagl numbers both ways,
 * the placing procedure with its five draws, random setups, and the start-board check.
 *
 * Numbering (Reinhard Scharnagl). Number N, in the mixed radix 4, 4, 6, 10:
 *   N mod 4        the light-squared bishop on b d f h         N /= 4
 *   N mod 4        the dark-squared bishop on a c e g          N /= 4
 *   N mod 6        the queen on that free square, from the a-file, from 0     N /= 6
 *   N (0..9)       the knights on a pair of the five free squares:
 *                  01 02 03 04 12 13 14 23 24 34
 *   rook, king, rook on the last three free squares, in file order.
 * The placing procedure draws the same digits, except that the knights come one at a time
 * (0-4, then 0-3 among the four left): the pair {i, j} arises from the draws (i, j-1) and
 * (j, i), exactly two sequences of the 4*4*6*5*4 = 1920, so uniform draws give every one of
 * the 960 setups with probability 1/960.
 *
 * Reading a number back goes the other way and shares no code with the decoding: the bishops'
 * files give the first two digits, the queen's place among the six squares the bishops leave
 * the third, the knights' places among the five squares left the pair.
 *
 * The start-board check tests the rules in the order of rf_chess960_reason and reports the
 * first broken one: counting pieces comes first because every later rule speaks of "the"
 * bishops, "the" king; the pawns and the back ranks next because the mirror and setup rules
 * read the back ranks; the setup rules last, for White (and for Black in Double Fischer
 * Random, where Black need not mirror White).
 */
#include "position.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* The knight pairs of the numbering, as indexes into the five free squares. */
static const uint8_t knight_pairs[10][2] = {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2},
                                            {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}};

static int is_free(char c) { return c >= 'a' && c <= 'h'; }

/* Puts `piece` on the k-th free square (from the a-file, from 0) of a rank whose free squares
 * show their file letter. */
static void put_on_free(char rank[9], int k, char piece)
{
    for (int f = 0; f < 8; f++)
        if (is_free(rank[f]) && k-- == 0) {
            rank[f] = piece;
            return;
        }
}

static int draws_in_range(const rf_chess960_draws *d)
{
    return d && d->light_bishop >= 0 && d->light_bishop < 4 && d->dark_bishop >= 0 &&
           d->dark_bishop < 4 && d->queen >= 0 && d->queen < 6 && d->knight1 >= 0 &&
           d->knight1 < 5 && d->knight2 >= 0 && d->knight2 < 4;
}

rf_status rf_chess960_stages(char stages[6][9], const rf_chess960_draws *d)
{
    if (!stages || !draws_in_range(d)) return RF_ERR_ARGUMENT;
    char rank[9] = "abcdefgh";
    rank[2 * d->light_bishop + 1] = 'B';
    memcpy(stages[0], rank, 9);
    rank[2 * d->dark_bishop] = 'B';
    memcpy(stages[1], rank, 9);
    put_on_free(rank, d->queen, 'Q');
    memcpy(stages[2], rank, 9);
    put_on_free(rank, d->knight1, 'N');
    memcpy(stages[3], rank, 9);
    put_on_free(rank, d->knight2, 'N');
    memcpy(stages[4], rank, 9);
    /* The king stands between the rooks: the three squares left take R, K, R in file order. */
    put_on_free(rank, 0, 'R');
    put_on_free(rank, 0, 'K');
    put_on_free(rank, 0, 'R');
    memcpy(stages[5], rank, 9);
    return RF_OK;
}

int rf_chess960_draws_number(const rf_chess960_draws *d)
{
    if (!draws_in_range(d)) return -1;
    /* The second knight's draw counts the four squares left after the first: as an index into
     * the five, it skips the first knight's square. */
    int a = d->knight1, b = d->knight2 < a ? d->knight2 : d->knight2 + 1;
    int i = a < b ? a : b, j = a < b ? b : a, pair = 0;
    while (knight_pairs[pair][0] != i || knight_pairs[pair][1] != j) pair++;
    return d->light_bishop + 4 * (d->dark_bishop + 4 * (d->queen + 6 * pair));
}

rf_status rf_chess960_number_draws(rf_chess960_draws *d, int number)
{
    if (!d || number < 0 || number >= RF_CHESS960_COUNT) return RF_ERR_ARGUMENT;
    d->light_bishop = number % 4;
    number /= 4;
    d->dark_bishop = number % 4;
    number /= 4;
    d->queen = number % 6;
    number /= 6;
    d->knight1 = knight_pairs[number][0];
    d->knight2 = knight_pairs[number][1] - 1; /* the first knight's square is no longer free */
    return RF_OK;
}

rf_status rf_chess960_back_rank(char out[9], int number)
{
    rf_chess960_draws d;
    char stages[6][9];
    if (rf_chess960_number_draws(&d, number) != RF_OK) {
        if (out) out[0] = '\0';
        return RF_ERR_ARGUMENT;
    }
    if (!out) return RF_ERR_ARGUMENT;
    rf_chess960_stages(stages, &d);
    memcpy(out, stages[5], 9);
    return RF_OK;
}

int rf_chess960_random(rf_chess960_draws *draws, rf_rng *rng)
{
    rf_chess960_draws d;
    d.light_bishop = (int)rf_rng_below(rng, 4);
    d.dark_bishop = (int)rf_rng_below(rng, 4);
    d.queen = (int)rf_rng_below(rng, 6);
    d.knight1 = (int)rf_rng_below(rng, 5);
    d.knight2 = (int)rf_rng_below(rng, 4);
    if (draws) *draws = d;
    return rf_chess960_draws_number(&d);
}

/* ------------------------------------------------------------------------------------------
 * Positions
 * ---------------------------------------------------------------------------------------- */

static rf_piece_type type_of_letter(char c) { return RF_PIECE_TYPE(rf_piece_from_char(c)); }

rf_status rf_chess960_double_position(rf_position *pos, int white, int black)
{
    char rank[2][9];
    if (!pos || rf_chess960_back_rank(rank[RF_WHITE], white) != RF_OK ||
        rf_chess960_back_rank(rank[RF_BLACK], black) != RF_OK)
        return RF_ERR_ARGUMENT;
    rf_init();
    rf__position_clear(pos);
    for (int c = RF_WHITE; c <= RF_BLACK; c++) {
        int back = c == RF_WHITE ? 0 : 7, pawns = c == RF_WHITE ? 1 : 6, king_file = 0;
        for (int f = 0; f < 8; f++) {
            rf_piece_type pt = type_of_letter(rank[c][f]);
            if (pt == RF_KING) king_file = f;
            rf__put_piece(pos, RF_MAKE_PIECE(c, pt), RF_SQUARE(f, back));
            rf__put_piece(pos, RF_MAKE_PIECE(c, RF_PAWN), RF_SQUARE(f, pawns));
        }
        /* Each side castles with both rooks: the one on the a-file side of the king is the
         * queenside rook, the other the kingside rook. */
        for (int f = 0; f < 8; f++)
            if (rank[c][f] == 'R')
                pos->castle_rook[c][f < king_file ? RF_QUEENSIDE : RF_KINGSIDE] =
                    RF_SQUARE(f, back);
    }
    pos->chess960 = 1;
    pos->key = rf__compute_key(pos);
    RF_ASSERT(rf__position_check(pos) == NULL);
    return RF_OK;
}

rf_status rf_chess960_position(rf_position *pos, int number)
{
    return rf_chess960_double_position(pos, number, number);
}

/* ------------------------------------------------------------------------------------------
 * The start-board check
 * ---------------------------------------------------------------------------------------- */

const char *rf_chess960_reason_name(rf_chess960_reason reason)
{
    switch (reason) {
    case RF_CHESS960_START: return "start";
    case RF_CHESS960_EMPTY_BOARD: return "empty-board";
    case RF_CHESS960_PIECE_COUNT: return "piece-count";
    case RF_CHESS960_COLORS_SWAPPED: return "colors-swapped";
    case RF_CHESS960_PAWNS: return "pawns";
    case RF_CHESS960_BACK_RANK: return "back-rank";
    case RF_CHESS960_MIRROR: return "mirror";
    case RF_CHESS960_BISHOPS: return "bishops";
    case RF_CHESS960_KING: return "king";
    }
    return "unknown";
}

static const char *const color_names[2] = {"white", "black"};
static const char *const type_names[7] = {"", "pawn", "knight", "bishop", "rook", "queen", "king"};
/* How many of each type a side starts with. */
static const int start_count[7] = {0, 8, 2, 2, 2, 1, 1};

static int fail(rf_chess960_verdict *v, rf_chess960_reason reason, rf_color c, rf_square sq,
                const char *fmt, ...) __attribute__((format(printf, 5, 6)));

static int fail(rf_chess960_verdict *v, rf_chess960_reason reason, rf_color c, rf_square sq,
                const char *fmt, ...)
{
    v->reason = reason;
    v->white = v->black = -1;
    v->color = c;
    v->square = sq;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(v->message, sizeof v->message, fmt, ap);
    va_end(ap);
    return -1;
}

/* Appends the counts of one side that differ from a start ("3 knights and no queen") to buf. */
static void describe_counts(char *buf, size_t cap, const int count[7], rf_piece_type first)
{
    size_t len = strlen(buf);
    int wrong = 0, total = 0;
    for (int pt = first; pt <= RF_KING; pt++) wrong += count[pt] != start_count[pt];
    for (int pt = first; pt <= RF_KING && len < cap; pt++) {
        if (count[pt] == start_count[pt]) continue;
        total++;
        const char *sep = total == 1 ? "" : total == wrong ? " and " : ", ";
        if (count[pt] == 0)
            snprintf(buf + len, cap - len, "%sno %s%s", sep, type_names[pt],
                     start_count[pt] > 1 ? "s" : "");
        else
            snprintf(buf + len, cap - len, "%s%d %s%s", sep, count[pt], type_names[pt],
                     count[pt] > 1 ? "s" : "");
        len += strlen(buf + len);
    }
}

/* The piece-count rule for both sides at once, so that the message names every wrong count:
 * "white has 16 pawns, 4 knights, ...; black has no pieces". `what` is "" for a whole side or
 * "'s back rank" for back-rank mode (which does not count pawns). */
static int check_counts(rf_chess960_verdict *v, int count[2][7], const char *what)
{
    rf_piece_type first = what[0] ? RF_KNIGHT : RF_PAWN;
    int bad[2] = {0, 0};
    for (int c = 0; c < 2; c++)
        for (int pt = first; pt <= RF_KING; pt++) bad[c] |= count[c][pt] != start_count[pt];
    if (!bad[0] && !bad[1]) return 0;
    char msg[sizeof v->message] = "";
    for (int c = 0; c < 2; c++) {
        if (!bad[c]) continue;
        size_t len = strlen(msg);
        int any = 0;
        for (int pt = first; pt <= RF_KING; pt++) any += count[c][pt];
        snprintf(msg + len, sizeof msg - len, "%s%s%s has %s", len ? "; " : "", color_names[c],
                 what, any ? "" : "no pieces");
        if (any) describe_counts(msg, sizeof msg, count[c], first);
    }
    fail(v, RF_CHESS960_PIECE_COUNT, bad[0] ? RF_WHITE : RF_BLACK, RF_NO_SQUARE, "%s", msg);
    return 1;
}

/* The setup rules of one side's back rank (its pieces counted already): the bishops on squares
 * of opposite colours and the king between the rooks. `only` picks one rule. */
static int check_setup(rf_chess960_verdict *v, const rf_piece_type t[8], rf_color c,
                       rf_chess960_reason only)
{
    int back = c == RF_WHITE ? 0 : 7, bishop[2], rook[2], nb = 0, nr = 0, king = 0;
    for (int f = 0; f < 8; f++) {
        if (t[f] == RF_BISHOP) bishop[nb++] = f;
        if (t[f] == RF_ROOK) rook[nr++] = f;
        if (t[f] == RF_KING) king = f;
    }
    char a[3], b[3], k[3];
    /* Squares on one rank have the colour of their file's parity. */
    if (only == RF_CHESS960_BISHOPS && (bishop[0] - bishop[1]) % 2 == 0) {
        rf_square_name(a, RF_SQUARE(bishop[0], back));
        rf_square_name(b, RF_SQUARE(bishop[1], back));
        fail(v, RF_CHESS960_BISHOPS, c, RF_SQUARE(bishop[1], back),
             "%s's bishops on %s and %s stand on squares of one colour", color_names[c], a, b);
        return 1;
    }
    if (only == RF_CHESS960_KING && !(rook[0] < king && king < rook[1])) {
        rf_square_name(k, RF_SQUARE(king, back));
        rf_square_name(a, RF_SQUARE(rook[0], back));
        rf_square_name(b, RF_SQUARE(rook[1], back));
        fail(v, RF_CHESS960_KING, c, RF_SQUARE(king, back),
             "%s's king on %s is not between its rooks on %s and %s", color_names[c], k, a, b);
        return 1;
    }
    return 0;
}

/* The number of a back rank that passed every rule, read from the pieces' places. */
static int setup_number(const rf_piece_type t[8])
{
    int light = 0, dark = 0, queen = 0, knights[2], nk = 0, free6 = 0, free5 = 0;
    for (int f = 0; f < 8; f++) {
        if (t[f] == RF_BISHOP) {
            if (f % 2)
                light = f / 2;
            else
                dark = f / 2;
            continue;
        }
        if (t[f] == RF_QUEEN) queen = free6;
        free6++;
        if (t[f] == RF_QUEEN) continue;
        if (t[f] == RF_KNIGHT) knights[nk++] = free5;
        free5++;
    }
    int pair = 0;
    while (knight_pairs[pair][0] != knights[0] || knight_pairs[pair][1] != knights[1]) pair++;
    return light + 4 * (dark + 4 * (queen + 6 * pair));
}

/* The rules that follow the counts: the mirror (unless Double Fischer Random), then the
 * bishops of each side, then the kings. */
static int check_ranks(rf_chess960_verdict *v, rf_piece_type t[2][8], unsigned flags)
{
    int sides = (flags & RF_CHESS960_DOUBLE) ? 2 : 1;
    if (!(flags & RF_CHESS960_DOUBLE)) {
        for (int f = 0; f < 8; f++) {
            if (t[RF_WHITE][f] == t[RF_BLACK][f]) continue;
            char w[9], bl[9];
            for (int i = 0; i < 8; i++) {
                w[i] = rf_piece_to_char(RF_MAKE_PIECE(RF_WHITE, t[RF_WHITE][i]));
                bl[i] = rf_piece_to_char(RF_MAKE_PIECE(RF_BLACK, t[RF_BLACK][i]));
            }
            w[8] = bl[8] = '\0';
            return fail(v, RF_CHESS960_MIRROR, RF_BLACK, RF_SQUARE(f, 7),
                        "black's back rank %s does not mirror white's %s", bl, w);
        }
    }
    for (int c = 0; c < sides; c++)
        if (check_setup(v, t[c], (rf_color)c, RF_CHESS960_BISHOPS)) return -1;
    for (int c = 0; c < sides; c++)
        if (check_setup(v, t[c], (rf_color)c, RF_CHESS960_KING)) return -1;
    v->reason = RF_CHESS960_START;
    v->white = setup_number(t[RF_WHITE]);
    v->black = setup_number(t[RF_BLACK]);
    v->color = RF_WHITE;
    v->square = RF_NO_SQUARE;
    v->message[0] = '\0';
    return v->white;
}

static const char *const rank_names[8] = {"1st", "2nd", "3rd", "4th", "5th", "6th", "7th", "8th"};

/* Back-rank mode: each back-rank square holds a piece of its side, not a pawn. */
static int read_back_ranks(rf_chess960_verdict *v, const rf_position *pos, rf_piece_type t[2][8])
{
    for (int c = 0; c < 2; c++) {
        int back = c == RF_WHITE ? 0 : 7;
        for (int f = 0; f < 8; f++) {
            rf_square sq = RF_SQUARE(f, back);
            rf_piece pc = pos->board[sq];
            char name[3];
            rf_square_name(name, sq);
            if (pc == RF_NO_PIECE)
                return fail(v, RF_CHESS960_BACK_RANK, (rf_color)c, sq,
                            "%s is empty: %s's back rank is not complete", name, color_names[c]);
            if ((int)RF_PIECE_COLOR(pc) != c || RF_PIECE_TYPE(pc) == RF_PAWN)
                return fail(v, RF_CHESS960_BACK_RANK, (rf_color)c, sq,
                            "%s holds a %s %s, not a %s piece of a setup", name,
                            color_names[RF_PIECE_COLOR(pc)], type_names[RF_PIECE_TYPE(pc)],
                            color_names[c]);
            t[c][f] = RF_PIECE_TYPE(pc);
        }
    }
    return 0;
}

int rf_chess960_check(rf_chess960_verdict *verdict, const rf_position *pos, unsigned flags)
{
    rf_chess960_verdict local;
    rf_chess960_verdict *v = verdict ? verdict : &local;
    rf_piece_type t[2][8];
    int count[2][7] = {{0}};
    if (!pos->by_type[0])
        return fail(v, RF_CHESS960_EMPTY_BOARD, RF_WHITE, RF_NO_SQUARE, "empty board");

    if (flags & RF_CHESS960_BACK_RANKS) {
        if (read_back_ranks(v, pos, t)) return -1;
        for (int c = 0; c < 2; c++)
            for (int f = 0; f < 8; f++) count[c][t[c][f]]++;
        if (check_counts(v, count, "'s back rank")) return -1;
        return check_ranks(v, t, flags);
    }

    for (int c = 0; c < 2; c++)
        for (int pt = RF_PAWN; pt <= RF_KING; pt++)
            count[c][pt] = rf__popcount(rf__pieces(pos, (rf_color)c, (rf_piece_type)pt));
    if (check_counts(v, count, "")) return -1;

    rf_bitboard wp = rf__pieces(pos, RF_WHITE, RF_PAWN), bp = rf__pieces(pos, RF_BLACK, RF_PAWN);
    if (wp == RF_RANK_BB(6) && bp == RF_RANK_BB(1))
        return fail(v, RF_CHESS960_COLORS_SWAPPED, RF_WHITE, RF_NO_SQUARE,
                    "colours swapped: white's pawns stand on the 7th rank, black's on the 2nd");
    /* Eight pawns of a side fill its second rank exactly when none stands elsewhere. */
    for (int c = 0; c < 2; c++) {
        rf_bitboard second = RF_RANK_BB(c == RF_WHITE ? 1 : 6);
        rf_bitboard off = rf__pieces(pos, (rf_color)c, RF_PAWN) & ~second;
        if (!off) continue;
        rf_square sq = rf__lsb(off);
        char name[3];
        rf_square_name(name, sq);
        return fail(v, RF_CHESS960_PAWNS, (rf_color)c, sq, "%s pawn on %s is not on the %s rank",
                    color_names[c], name, rank_names[c == RF_WHITE ? 1 : 6]);
    }
    for (int c = 0; c < 2; c++) {
        int back = c == RF_WHITE ? 0 : 7;
        rf_bitboard off = pos->by_color[c] & ~pos->by_type[RF_PAWN] & ~RF_RANK_BB(back);
        if (!off) continue;
        rf_square sq = rf__lsb(off);
        char name[3];
        rf_square_name(name, sq);
        return fail(v, RF_CHESS960_BACK_RANK, (rf_color)c, sq, "%s %s on %s is not on the %s rank",
                    color_names[c], type_names[RF_PIECE_TYPE(pos->board[sq])], name,
                    rank_names[back]);
    }
    for (int c = 0; c < 2; c++)
        for (int f = 0; f < 8; f++)
            t[c][f] = RF_PIECE_TYPE(pos->board[RF_SQUARE(f, c == RF_WHITE ? 0 : 7)]);
    return check_ranks(v, t, flags);
}

int rf_chess960_check_rank(rf_chess960_verdict *verdict, const char *text, size_t len)
{
    rf_chess960_verdict local;
    rf_chess960_verdict *v = verdict ? verdict : &local;
    rf_piece_type t[2][8];
    int count[2][7] = {{0}};
    int ok = text && len == 8;
    for (size_t f = 0; ok && f < 8; f++) {
        char c = text[f];
        rf_piece_type pt = type_of_letter(c >= 'a' && c <= 'z' ? (char)(c - 'a' + 'A') : c);
        ok = pt >= RF_KNIGHT && pt <= RF_KING;
        t[RF_WHITE][f] = t[RF_BLACK][f] = pt;
        count[RF_WHITE][pt]++;
        count[RF_BLACK][pt]++;
    }
    if (!ok)
        return fail(v, RF_CHESS960_BACK_RANK, RF_WHITE, RF_NO_SQUARE,
                    "a back rank is 8 letters K Q R B N, a-file first");
    if (check_counts(v, count, "'s back rank")) {
        /* One rank read as both sides: name it once. */
        snprintf(v->message, sizeof v->message, "the back rank has ");
        describe_counts(v->message, sizeof v->message, count[RF_WHITE], RF_KNIGHT);
        return -1;
    }
    return check_ranks(v, t, 0);
}

int rf_chess960_number(const char *back_rank)
{
    return back_rank ? rf_chess960_check_rank(NULL, back_rank, strlen(back_rank)) : -1;
}
