/*
 * render_text.c - the terminal diagram: ASCII or Unicode pieces, optional ANSI colours, marked
 * squares; and rf_render_mark, which both diagrams share.
 *
 * The layout (rankfile.h, "Diagrams"): one line per rank, each square three columns wide so
 * that a mark can bracket the piece ("[P]") without moving its neighbours, the rank number in
 * front, the file letters below, the pieces in hand (Crazyhouse), then the side to move and,
 * without colour, what the marks mean.
 */
#include "position.h"
#include "variant.h"

#include <stdio.h>
#include <string.h>

/* Appends to a bounded buffer, counting what would have been written (snprintf's contract). */
typedef struct out {
    char *buf;
    size_t cap, len;
} out;

static void put_mem(out *o, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++, o->len++)
        if (o->len + 1 < o->cap) o->buf[o->len] = s[i];
}

static void put_str(out *o, const char *s) { put_mem(o, s, strlen(s)); }

static void finish(out *o)
{
    if (o->cap) o->buf[o->len < o->cap ? o->len : o->cap - 1] = '\0';
}

void rf_render_mark(rf_render_options *opt, const rf_position *pos, const rf_position *before,
                    rf_move last)
{
    opt->check = opt->last_move = opt->explosion = 0;
    if (rf_checkers(pos)) opt->check = pos->by_color[pos->side] & pos->by_type[RF_KING];
    if (!before || last == RF_MOVE_NONE || last == RF_MOVE_NULL) return;
    rf_square from = RF_MOVE_FROM(last), to = RF_MOVE_TO(last);
    if (RF_MOVE_KIND(last) == RF_MOVE_CASTLING) {
        /* King takes own rook: the king lands on the g-file beside a rook on its h-side and on
         * the c-file beside one on its a-side. A Chess960 king may already stand there; then
         * the rook's square shows what moved. */
        rf_square king_to = RF_SQUARE(to > from ? 6 : 2, RF_RANK_OF(from));
        opt->last_move = RF_BB(from) | RF_BB(king_to) | (king_to == from ? RF_BB(to) : 0);
    } else {
        opt->last_move = RF_BB(from) | RF_BB(to);
    }
    const rf__variant *row = rf__variant_get((rf_variant)before->variant);
    if (row && row->blast) opt->explosion = row->blast(before, last);
}

enum { MARK_NONE, MARK_CHECK, MARK_LAST, MARK_EXPLOSION };

/* A square's mark, the first of check, last move, explosion. */
static int mark_of(const rf_render_options *opt, rf_square sq)
{
    if (opt->check >> sq & 1) return MARK_CHECK;
    if (opt->last_move >> sq & 1) return MARK_LAST;
    if (opt->explosion >> sq & 1) return MARK_EXPLOSION;
    return MARK_NONE;
}

/* The chess symbols in UTF-8, by piece type (pawn .. king): U+2659..U+2654 outlined (White's),
 * U+265F..U+265A solid (Black's). */
static const char *const outlined[7] = {"?", "\xE2\x99\x99", "\xE2\x99\x98", "\xE2\x99\x97",
                                        "\xE2\x99\x96", "\xE2\x99\x95", "\xE2\x99\x94"};
static const char *const solid[7] = {"?", "\xE2\x99\x9F", "\xE2\x99\x9E", "\xE2\x99\x9D",
                                     "\xE2\x99\x9C", "\xE2\x99\x9B", "\xE2\x99\x9A"};

/* Background colours by mark, [light square, dark square]. 256 colours: tan and brown squares,
 * yellow-green last move, red check, orange explosion. 16 colours: grey and green squares,
 * bright yellow, red and magenta marks. */
static const int bg256[4][2] = {{180, 137}, {210, 167}, {186, 143}, {215, 208}};
static const int bg16[4][2] = {{47, 42}, {101, 41}, {103, 43}, {105, 45}};

/* Writes one square's three columns (two for an unmarked last column without colour). */
static void put_square(out *o, const rf_position *pos, const rf_render_options *opt,
                       rf_square sq, int last_column)
{
    rf_piece pc = pos->board[sq];
    rf_piece_type pt = RF_PIECE_TYPE(pc);
    int white = pc != RF_NO_PIECE && RF_PIECE_COLOR(pc) == RF_WHITE, mark = mark_of(opt, sq);
    int light = (RF_FILE_OF(sq) + RF_RANK_OF(sq)) & 1, unicode = opt->flags & RF_RENDER_UNICODE;
    char piece[8] = {rf_piece_to_char(pc), '\0'};
    if (pt > RF_KING) pt = RF_NO_PIECE_TYPE;

    if (opt->flags & RF_RENDER_COLOR_256) {
        /* Solid symbols for both sides: the foreground colour (white or black) tells them
         * apart, and a solid shape shows that colour best. */
        char sgr[48];
        if (pc == RF_NO_PIECE)
            snprintf(sgr, sizeof sgr, "\033[0;48;5;%dm", bg256[mark][!light]);
        else
            snprintf(sgr, sizeof sgr, "\033[0;%s48;5;%d;38;5;%dm", white ? "1;" : "",
                     bg256[mark][!light], white ? 231 : 16);
        put_str(o, sgr);
        put_str(o, " ");
        put_str(o, pc == RF_NO_PIECE ? " " : unicode ? solid[pt] : piece);
        put_str(o, " ");
        return;
    }
    if (opt->flags & RF_RENDER_COLOR_16) {
        /* Sixteen colours give no foreground that stands out on both squares in every
         * terminal's palette, so every piece is black and its shape (outlined or solid symbol,
         * upper- or lower-case letter) tells the sides apart. */
        char sgr[24];
        snprintf(sgr, sizeof sgr, "\033[0;30;%dm", bg16[mark][!light]);
        put_str(o, sgr);
        put_str(o, " ");
        put_str(o, pc == RF_NO_PIECE ? " " : unicode ? (white ? outlined : solid)[pt] : piece);
        put_str(o, " ");
        return;
    }
    static const char brackets[4][3] = {"  ", "<>", "[]", "**"};
    put_mem(o, &brackets[mark][0], 1);
    if (pc == RF_NO_PIECE)
        put_str(o, unicode ? "\xC2\xB7" : ".");
    else
        put_str(o, unicode ? (white ? outlined : solid)[pt] : piece);
    /* No trailing blanks: an unmarked square at the end of a row stops after its piece. */
    if (!(last_column && mark == MARK_NONE)) put_mem(o, &brackets[mark][1], 1);
}

/* The line on the side to move: "White to move", "Black to move, in check", or how the game
 * ended, in words ("White to move: checkmate, 0-1", "Black to move: White's king reached the
 * hill, 1-0"). */
static void put_side(out *o, const rf_position *pos)
{
    put_str(o, pos->side == RF_WHITE ? "White to move" : "Black to move");
    rf_outcome oc = rf_position_outcome(pos);
    if (oc.reason != RF_REASON_NONE) {
        put_str(o, ": ");
        put_str(o, oc.text);
        put_str(o, ", ");
        put_str(o, rf_result_name(oc.result));
    } else if (rf_checkers(pos)) {
        put_str(o, ", in check");
    }
    put_str(o, "\n");
}

/* Crazyhouse: the pieces in hand, "in hand: White QNP, Black pp" (queen first; "-" for none),
 * in the board's letters or symbols. */
static void put_pockets(out *o, const rf_position *pos, int unicode)
{
    if (!(rf__variant_of(pos)->fen_extras & RF_SETUP_POCKET)) return;
    put_str(o, "in hand:");
    for (int c = 0; c < 2; c++) {
        put_str(o, c == RF_WHITE ? " White " : ", Black ");
        int any = 0;
        for (int pt = RF_KING; pt >= RF_PAWN; pt--)
            for (int k = 0; k < pos->pocket[c][pt]; k++, any = 1) {
                char letter[2] = {rf_piece_to_char(RF_MAKE_PIECE(c, pt)), '\0'};
                put_str(o, unicode ? (c == RF_WHITE ? outlined : solid)[pt] : letter);
            }
        if (!any) put_str(o, "-");
    }
    put_str(o, "\n");
}

size_t rf_render_text(char *buf, size_t cap, const rf_position *pos, const rf_render_options *opt)
{
    static const rf_render_options plain;
    if (!opt) opt = &plain;
    rf_init();
    out o = {buf, cap, 0};
    int flip = (opt->flags & RF_RENDER_FLIP) != 0;
    int coords = !(opt->flags & RF_RENDER_NO_COORDINATES);
    int color = (opt->flags & (RF_RENDER_COLOR_16 | RF_RENDER_COLOR_256)) != 0;
    unsigned used = 0; /* bit per mark drawn, for the legend */

    for (int row = 0; row < 8; row++) {
        int rank = flip ? row : 7 - row;
        if (coords) {
            char label[3] = {(char)('1' + rank), ' ', '\0'};
            put_str(&o, label);
        }
        for (int col = 0; col < 8; col++) {
            rf_square sq = RF_SQUARE(flip ? 7 - col : col, rank);
            used |= 1u << mark_of(opt, sq);
            put_square(&o, pos, opt, sq, col == 7);
        }
        if (color) put_str(&o, "\033[0m");
        put_str(&o, "\n");
    }
    if (coords) {
        put_str(&o, "  ");
        for (int col = 0; col < 8; col++) {
            char file[4] = {' ', (char)('a' + (flip ? 7 - col : col)), col < 7 ? ' ' : '\0',
                            '\0'};
            put_str(&o, file);
        }
        put_str(&o, "\n");
    }
    put_pockets(&o, pos, (opt->flags & RF_RENDER_UNICODE) != 0);
    if (!(opt->flags & RF_RENDER_NO_SIDE)) put_side(&o, pos);
    if (!color && (used & ~(1u << MARK_NONE))) {
        static const char *const legend[4] = {"", "< > check", "[ ] last move",
                                              "* * explosion"};
        static const int order[3] = {MARK_LAST, MARK_CHECK, MARK_EXPLOSION};
        const char *sep = "marks: ";
        for (int i = 0; i < 3; i++) {
            if (!(used >> order[i] & 1)) continue;
            put_str(&o, sep);
            put_str(&o, legend[order[i]]);
            sep = ", ";
        }
        put_str(&o, "\n");
    }
    finish(&o);
    return o.len;
}
