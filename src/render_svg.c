/*
 * render_svg.c - the SVG diagram: board, coordinates, marked squares, arrows, and the project's
 * own drawings of the six pieces.
 *
 * Geometry, in user units: a square is 45 wide, the board 360, with a margin of 20 on every
 * side for the file letters (below), the rank numbers (left) and a dot in the colour of the side
 * to move (right, level with that side's back rank). Each piece is drawn once in <defs> on a
 * 45 x 45 grid, from simple outlined parts (base, body, head), and placed with <use>. White
 * pieces are white with black outlines; Black pieces are black, with white lines where their
 * parts meet so that the parts stay readable. Numbers are written without printf's %f, so the
 * caller's locale cannot turn a decimal point into a comma.
 */
#include "position.h"
#include "variant.h"

#include <stdio.h>
#include <string.h>

#define SQ 45     /* the side of a square */
#define MARGIN 20 /* the frame for coordinates and the side-to-move dot */
#define POCKET_W 54    /* Crazyhouse: the column of the pieces in hand */
#define POCKET_STEP 36 /* the height of one piece there (five fit beside half the board) */

/* Appends to a bounded buffer, counting what would have been written (snprintf's contract). */
typedef struct out {
    char *buf;
    size_t cap, len;
} out;

static void put_str(out *o, const char *s)
{
    for (; *s; s++, o->len++)
        if (o->len + 1 < o->cap) o->buf[o->len] = *s;
}

static void put_int(out *o, long v)
{
    char tmp[24];
    snprintf(tmp, sizeof tmp, "%ld", v);
    put_str(o, tmp);
}

/* A number with at most one decimal, rounded, with a '.' whatever the locale. */
static void put_num(out *o, double v)
{
    long tenths = (long)(v * 10 + (v < 0 ? -0.5 : 0.5));
    if (tenths < 0) {
        put_str(o, "-");
        tenths = -tenths;
    }
    put_int(o, tenths / 10);
    if (tenths % 10) {
        char frac[3] = {'.', (char)('0' + tenths % 10), '\0'};
        put_str(o, frac);
    }
}

/* The pieces, by type (pawn .. king): outlined parts filled with the piece's colour, listed
 * back to front, then the lines where the parts meet, stroked in the contrasting colour. */
typedef struct drawing {
    const char *parts;
    const char *lines;
} drawing;

static const drawing drawings[7] = {
    {"", ""},
    /* pawn: a round head on a collar, a bell-shaped body, a flat base */
    {"<path d=\"M15 34.5c0-6 2.5-10 6-12.5h3c3.5 2.5 6 6.5 6 12.5z\"/>"
     "<rect x=\"11\" y=\"33.5\" width=\"23\" height=\"5\" rx=\"2\"/>"
     "<rect x=\"17\" y=\"19.5\" width=\"11\" height=\"3.5\" rx=\"1.75\"/>"
     "<circle cx=\"22.5\" cy=\"14\" r=\"5.5\"/>",
     "<path d=\"M13 33.5h19M18.5 23h8\"/>"},
    /* knight: a horse's head facing left, mane down the back, on a base */
    {"<path d=\"M13.5 36c0-5 3.5-8 6.5-11.5C16 22.5 13 25 10.5 26.5 8.5 27.5 6.5 25.5 8 22.5 "
     "10 19 11.5 15 15 12.5l2.5-6.5 2.5 4.5c7 0 12 5 13 11.5.8 5.5.5 10-.5 14z\"/>"
     "<rect x=\"11\" y=\"34.5\" width=\"23\" height=\"4.5\" rx=\"2\"/>",
     "<path d=\"M13 34.5h19M21.5 12c5 1 9 5.5 9.5 12.5\"/>"
     "<circle cx=\"16\" cy=\"16\" r=\"1\"/><circle cx=\"10.5\" cy=\"23.5\" r=\".6\"/>"},
    /* bishop: a mitre with a slit and a ball on top, a collar, a base */
    {"<rect x=\"12\" y=\"34\" width=\"21\" height=\"4.5\" rx=\"2\"/>"
     "<rect x=\"16\" y=\"29.5\" width=\"13\" height=\"4.5\" rx=\"1.5\"/>"
     "<path d=\"M22.5 10.5c-5 3.5-8.5 9-8.5 13.5 0 3 1.5 4.5 3 5.5h11c1.5-1 3-2.5 3-5.5 "
     "0-4.5-3.5-10-8.5-13.5z\"/>"
     "<circle cx=\"22.5\" cy=\"8\" r=\"2.5\"/>",
     "<path d=\"M14 34h17M17.5 29.5h10M20 23l5.5-5.5\"/>"},
    /* rook: a tower with three merlons, a rim, a base */
    {"<rect x=\"10.5\" y=\"34\" width=\"24\" height=\"5\" rx=\"1.5\"/>"
     "<path d=\"M13 34v-4h19v4zM15.5 30V17h14v13z\"/>"
     "<path d=\"M11.5 9.5h4.5v3h4v-3h5v3h4v-3h4.5V17h-22z\"/>",
     "<path d=\"M12.5 34h20M15 30h15M13.5 17h18\"/>"},
    /* queen: a crown of five points with balls, a band, a base */
    {"<rect x=\"10.5\" y=\"34\" width=\"24\" height=\"4.5\" rx=\"2\"/>"
     "<path d=\"M12.5 34 9 15l6.5 9 1-13 6 12 6-12 1 13 6.5-9-3.5 19z\"/>"
     "<circle cx=\"9\" cy=\"13.5\" r=\"2.3\"/><circle cx=\"16.5\" cy=\"9.5\" r=\"2.3\"/>"
     "<circle cx=\"22.5\" cy=\"9\" r=\"2.3\"/><circle cx=\"28.5\" cy=\"9.5\" r=\"2.3\"/>"
     "<circle cx=\"36\" cy=\"13.5\" r=\"2.3\"/>",
     "<path d=\"M12.5 34h20M13 30c5-1.5 14-1.5 19 0\"/>"},
    /* king: two lobes and a dome under a cross, a band, a base */
    {"<rect x=\"10.5\" y=\"34\" width=\"24\" height=\"4.5\" rx=\"2\"/>"
     "<path d=\"M12.5 34c-5.5-5-5.5-14.5 2-15 4.5-.3 6.5 3 8 6.5 1.5-3.5 3.5-6.8 8-6.5 7.5.5 "
     "7.5 10 2 15z\"/>"
     "<path d=\"M22.5 25.5c-2-3-3.5-6-3.5-8.5 0-2 1.5-3.5 3.5-3.5s3.5 1.5 3.5 3.5c0 2.5-1.5 "
     "5.5-3.5 8.5z\"/>"
     "<path d=\"M21.2 4h2.6v2.7h2.7v2.6h-2.7v4.2h-2.6V9.3h-2.7V6.7h2.7z\"/>",
     "<path d=\"M12.5 34h20M13 30c5-1.5 14-1.5 19 0\"/>"},
};

/* Square colours by mark, [light, dark]: plain, last move, explosion. */
static const char *const square_fill[3][2] = {
    {"#f0d9b5", "#b58863"}, {"#cdd26a", "#aaa23a"}, {"#f2a65a", "#d9773a"}};

/* The colour a caller gave, when it is one the image can carry as it is (short, and no
 * character that could end an XML attribute), else `fallback`. */
static const char *color_or(const char *color, const char *fallback)
{
    if (!color || !*color) return fallback;
    size_t n = 0;
    for (; color[n]; n++) {
        char c = color[n];
        int ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                 (c && strchr(" #(),.%-", c));
        if (!ok || n >= RF_RENDER_COLOR_MAX) return fallback;
    }
    return color;
}

/* The colour of a part of the image: the caller's (opt->colors) or the library's. */
static const char *part_color(const rf_render_options *opt, int part, const char *own)
{
    return color_or(opt->colors[part], own);
}

/* A piece drawing's id is "white-king", its class "white king" (python-chess's names, which
 * style sheets and programs written for its images look for). */
static const char *const color_names[2] = {"white", "black"};
static const char *const type_names[7] = {"", "pawn", "knight", "bishop", "rook", "queen", "king"};

static void put_piece_id(out *o, rf_color c, rf_piece_type pt)
{
    put_str(o, color_names[c]);
    put_str(o, "-");
    put_str(o, type_names[pt]);
}

/* One piece's drawing as a group with its id, on the 45 x 45 grid. */
static void put_piece_def(out *o, rf_color c, rf_piece_type pt)
{
    put_str(o, "<g id=\"");
    put_piece_id(o, c, pt);
    put_str(o, "\" class=\"");
    put_str(o, color_names[c]);
    put_str(o, " ");
    put_str(o, type_names[pt]);
    put_str(o, c == RF_WHITE ? "\" fill=\"#ffffff\"" : "\" fill=\"#1a1a1a\"");
    put_str(o, " stroke=\"#000000\" stroke-width=\"1.5\" stroke-linejoin=\"round\" "
               "stroke-linecap=\"round\">");
    put_str(o, drawings[pt].parts);
    put_str(o, c == RF_WHITE ? "<g fill=\"none\" stroke=\"#000000\">"
                             : "<g fill=\"none\" stroke=\"#ececec\">");
    put_str(o, drawings[pt].lines);
    put_str(o, "</g></g>\n");
}

/* The piece drawings the position needs, once each. */
static void put_defs(out *o, const rf_position *pos, int any_check)
{
    put_str(o, "<defs>\n");
    if (any_check)
        /* A king in check stands in a red glow that fades out towards the square's edge. */
        put_str(o, "<radialGradient id=\"rf-check\">"
                   "<stop offset=\"0\" stop-color=\"#ff0000\"/>"
                   "<stop offset=\"0.5\" stop-color=\"#f00000\"/>"
                   "<stop offset=\"0.85\" stop-color=\"#c80000\" stop-opacity=\"0.5\"/>"
                   "<stop offset=\"1\" stop-color=\"#b00000\" stop-opacity=\"0\"/>"
                   "</radialGradient>\n");
    for (int c = 0; c < 2; c++)
        for (int pt = RF_PAWN; pt <= RF_KING; pt++) {
            if (!(pos->by_color[c] & pos->by_type[pt]) && !pos->pocket[c][pt]) continue;
            put_piece_def(o, (rf_color)c, (rf_piece_type)pt);
        }
    put_str(o, "</defs>\n");
}

/* Crazyhouse's pieces in hand, in the column right of the board (x from `left`): each side's
 * from its own back rank inwards, queen first, a piece at 0.7 of its size with the count beside
 * it when more than one. */
static void put_pockets(out *o, const rf_position *pos, int flip, int margin, int left)
{
    for (int c = 0; c < 2; c++) {
        int bottom = (c == RF_WHITE) != flip, i = 0;
        for (int pt = RF_QUEEN; pt >= RF_PAWN; pt--) {
            if (!pos->pocket[c][pt]) continue;
            double y = bottom ? margin + 8 * SQ - (i + 1) * POCKET_STEP : margin + i * POCKET_STEP;
            i++;
            put_str(o, "<use xlink:href=\"#");
            put_piece_id(o, (rf_color)c, (rf_piece_type)pt);
            put_str(o, "\" transform=\"translate(");
            put_int(o, left);
            put_str(o, " ");
            put_num(o, y);
            put_str(o, ") scale(0.7)\"/>\n");
            if (pos->pocket[c][pt] > 1) {
                put_str(o, "<text x=\"");
                put_int(o, left + 36);
                put_str(o, "\" y=\"");
                put_num(o, y + 30);
                put_str(o, "\" font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\" font-size=\"12\" "
                           "fill=\"#333333\">");
                put_int(o, pos->pocket[c][pt]);
                put_str(o, "</text>\n");
            }
        }
    }
}

/* Where a square's top-left corner lies. */
static void square_origin(rf_square sq, int flip, int margin, int *x, int *y)
{
    int col = flip ? 7 - RF_FILE_OF(sq) : RF_FILE_OF(sq);
    int row = flip ? RF_RANK_OF(sq) : 7 - RF_RANK_OF(sq);
    *x = margin + col * SQ;
    *y = margin + row * SQ;
}

/* Newton's iteration for a square root: the library links no maths library. */
static double root(double v)
{
    double r = v > 1 ? v : 1;
    for (int i = 0; i < 64; i++) r = 0.5 * (r + v / r);
    return r;
}

/* An arrow from the centre of one square to the centre of another: a shaft (a line) and a head
 * (a triangle); a ring when both squares are the same. */
static void put_arrow(out *o, rf_square from, rf_square to, int flip, int margin,
                      const char *color)
{
    int x, y;
    square_origin(from, flip, margin, &x, &y);
    double x1 = x + SQ / 2.0, y1 = y + SQ / 2.0;
    if (from == to) {
        put_str(o, "<circle cx=\"");
        put_num(o, x1);
        put_str(o, "\" cy=\"");
        put_num(o, y1);
        put_str(o, "\" r=\"19\" fill=\"none\" stroke=\"");
        put_str(o, color);
        put_str(o, "\" stroke-width=\"4\" opacity=\"0.8\"/>\n");
        return;
    }
    square_origin(to, flip, margin, &x, &y);
    double x2 = x + SQ / 2.0, y2 = y + SQ / 2.0;
    double dx = x2 - x1, dy = y2 - y1, len = root(dx * dx + dy * dy);
    double ux = dx / len, uy = dy / len, nx = -uy, ny = ux;
    /* The head is 14 long and 20 wide, the shaft 7 wide; the tip stops short of the centre so
     * that the piece there stays visible under it. */
    double tipx = x2 - ux * 6, tipy = y2 - uy * 6;
    double bx = tipx - ux * 14, by = tipy - uy * 14;
    const double head = 10;
    put_str(o, "<line x1=\"");
    put_num(o, x1);
    put_str(o, "\" y1=\"");
    put_num(o, y1);
    put_str(o, "\" x2=\"");
    put_num(o, bx);
    put_str(o, "\" y2=\"");
    put_num(o, by);
    put_str(o, "\" stroke=\"");
    put_str(o, color);
    put_str(o, "\" stroke-width=\"7\" opacity=\"0.8\"/>\n");
    double pts[3][2] = {{bx + nx * head, by + ny * head}, {tipx, tipy}, {bx - nx * head, by - ny * head}};
    put_str(o, "<polygon fill=\"");
    put_str(o, color);
    put_str(o, "\" opacity=\"0.8\" points=\"");
    for (int i = 0; i < 3; i++) {
        if (i) put_str(o, " ");
        put_num(o, pts[i][0]);
        put_str(o, ",");
        put_num(o, pts[i][1]);
    }
    put_str(o, "\"/>\n");
}

/* The geometry of a diagram: the board flipped or not, the margin for coordinates and the side
 * to move, the board with its margins (size), the image (width: with the pockets' column). */
typedef struct frame {
    int flip, margin, size, width;
} frame;

/* The XML header, the title (the FEN), the pieces' definitions and the margin's background. */
static void put_head(out *o, const rf_position *pos, const rf_render_options *opt, const frame *f)
{
    int width = f->width, size = f->size, margin = f->margin;
    char fen[RF_FEN_MAX];
    rf_position_to_fen(fen, sizeof fen, pos, 0);

    put_str(o, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                "<svg xmlns=\"http://www.w3.org/2000/svg\" "
                "xmlns:xlink=\"http://www.w3.org/1999/xlink\" version=\"1.1\" width=\"");
    put_int(o, width);
    put_str(o, "\" height=\"");
    put_int(o, size);
    put_str(o, "\" viewBox=\"0 0 ");
    put_int(o, width);
    put_str(o, " ");
    put_int(o, size);
    put_str(o, "\">\n<title>");
    put_str(o, fen); /* FEN text holds no XML markup characters */
    put_str(o, "</title>\n");
    put_defs(o, pos, opt->check != 0);
    if (margin) {
        put_str(o, "<rect width=\"");
        put_int(o, width);
        put_str(o, "\" height=\"");
        put_int(o, size);
        put_str(o, "\" fill=\"");
        put_str(o, part_color(opt, RF_SVG_MARGIN, "#ffffff"));
        put_str(o, "\"/>\n");
    }
}

/* The squares: their colours, the fills asked for, the check's glow. */
static void put_squares(out *o, const rf_render_options *opt, const frame *f)
{
    int flip = f->flip, margin = f->margin;
    for (rf_square sq = 0; sq < 64; sq++) {
        int x, y, light = (RF_FILE_OF(sq) + RF_RANK_OF(sq)) & 1;
        int mark = opt->last_move >> sq & 1 ? 1 : opt->explosion >> sq & 1 ? 2 : 0;
        square_origin(sq, flip, margin, &x, &y);
        put_str(o, "<rect x=\"");
        put_int(o, x);
        put_str(o, "\" y=\"");
        put_int(o, y);
        put_str(o, "\" width=\"45\" height=\"45\" fill=\"");
        const char *own = square_fill[mark][!light];
        if (mark < 2) own = part_color(opt, (mark ? RF_SVG_LASTMOVE_LIGHT : RF_SVG_SQUARE_LIGHT) + !light, own);
        put_str(o, own);
        put_str(o, "\"/>\n");
        const char *fill = color_or(opt->fill[sq], NULL);
        if (fill) {
            put_str(o, "<rect x=\"");
            put_int(o, x);
            put_str(o, "\" y=\"");
            put_int(o, y);
            put_str(o, "\" width=\"45\" height=\"45\" fill=\"");
            put_str(o, fill);
            put_str(o, "\"/>\n");
        }
        if (opt->check >> sq & 1) {
            put_str(o, "<rect x=\"");
            put_int(o, x);
            put_str(o, "\" y=\"");
            put_int(o, y);
            put_str(o, "\" width=\"45\" height=\"45\" fill=\"url(#rf-check)\"/>\n");
        }
    }
}

/* The rank and file labels in the margin. */
static void put_coordinates(out *o, const rf_render_options *opt, const frame *f)
{
    int flip = f->flip, margin = f->margin;
    put_str(o, "<g font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\" "
                "font-size=\"13\" fill=\"");
    put_str(o, part_color(opt, RF_SVG_COORD, "#555555"));
    put_str(o, "\" text-anchor=\"middle\">\n");
    for (int i = 0; i < 8; i++) {
        char label[2] = {(char)('1' + (flip ? i : 7 - i)), '\0'};
        put_str(o, "<text x=\"");
        put_int(o, margin / 2);
        put_str(o, "\" y=\"");
        put_int(o, margin + i * SQ + SQ / 2 + 5);
        put_str(o, "\">");
        put_str(o, label);
        put_str(o, "</text>\n");
    }
    for (int i = 0; i < 8; i++) {
        char label[2] = {(char)('a' + (flip ? 7 - i : i)), '\0'};
        put_str(o, "<text x=\"");
        put_int(o, margin + i * SQ + SQ / 2);
        put_str(o, "\" y=\"");
        put_int(o, margin + 8 * SQ + 15);
        put_str(o, "\">");
        put_str(o, label);
        put_str(o, "</text>\n");
    }
    put_str(o, "</g>\n");
}

/* The dot of the side to move, level with its back rank. */
static void put_side(out *o, const rf_position *pos, const frame *f)
{
    int flip = f->flip, margin = f->margin, size = f->size;
    int bottom = (pos->side == RF_WHITE) != flip;
    put_str(o, "<circle cx=\"");
    put_int(o, size - margin / 2);
    put_str(o, "\" cy=\"");
    put_num(o, bottom ? margin + 7.5 * SQ : margin + 0.5 * SQ);
    put_str(o, pos->side == RF_WHITE
                    ? "\" r=\"6\" fill=\"#ffffff\" stroke=\"#333333\" stroke-width=\"1.5\"/>\n"
                    : "\" r=\"6\" fill=\"#1a1a1a\" stroke=\"#333333\" stroke-width=\"1.5\"/>\n");
}

static void put_pieces(out *o, const rf_position *pos, const frame *f)
{
    int flip = f->flip, margin = f->margin;
    for (rf_square sq = 0; sq < 64; sq++) {
        rf_piece pc = pos->board[sq];
        rf_piece_type pt = RF_PIECE_TYPE(pc);
        if (pc == RF_NO_PIECE || pt > RF_KING) continue;
        int x, y;
        square_origin(sq, flip, margin, &x, &y);
        put_str(o, "<use xlink:href=\"#");
        put_piece_id(o, RF_PIECE_COLOR(pc), pt);
        put_str(o, "\" x=\"");
        put_int(o, x);
        put_str(o, "\" y=\"");
        put_int(o, y);
        put_str(o, "\"/>\n");
    }
}

/* Borders: one-unit lines on the edges of the board and of the image, inside both. */
static void put_borders(out *o, const rf_render_options *opt, const frame *f)
{
    int margin = f->margin, width = f->width, size = f->size;
    if (margin) {
        put_str(o, "<rect x=\"");
        put_num(o, margin - 0.5);
        put_str(o, "\" y=\"");
        put_num(o, margin - 0.5);
        put_str(o, "\" width=\"361\" height=\"361\" fill=\"none\" stroke-width=\"1\" stroke=\"");
        put_str(o, part_color(opt, RF_SVG_INNER_BORDER, "#111111"));
        put_str(o, "\"/>\n");
    }
    put_str(o, "<rect x=\"0.5\" y=\"0.5\" width=\"");
    put_int(o, width - 1);
    put_str(o, "\" height=\"");
    put_int(o, size - 1);
    put_str(o, "\" fill=\"none\" stroke-width=\"1\" stroke=\"");
    put_str(o, part_color(opt, RF_SVG_OUTER_BORDER, "#111111"));
    put_str(o, "\"/>\n");
}

/* An X over each crossed square, then the arrows over them. */
static void put_marks(out *o, const rf_render_options *opt, const frame *f)
{
    int flip = f->flip, margin = f->margin;
    unsigned arrows = opt->arrow_count < RF_RENDER_MAX_ARROWS ? opt->arrow_count
                                                               : RF_RENDER_MAX_ARROWS;
    /* An X over each crossed square, under the arrows. */
    for (rf_square sq = 0; sq < 64; sq++) {
        if (!(opt->cross >> sq & 1)) continue;
        int x, y;
        square_origin(sq, flip, margin, &x, &y);
        put_str(o, "<path d=\"M");
        put_int(o, x + 10);
        put_str(o, " ");
        put_int(o, y + 10);
        put_str(o, "l25 25m0-25l-25 25\" stroke=\"#000000\" stroke-width=\"4\" "
                    "stroke-linecap=\"round\" opacity=\"0.6\"/>\n");
    }

    const char *arrow_own = part_color(opt, RF_SVG_ARROW, "#15781b");
    for (unsigned i = 0; i < arrows; i++)
        if (opt->arrow_from[i] < 64 && opt->arrow_to[i] < 64)
            put_arrow(o, opt->arrow_from[i], opt->arrow_to[i], flip, margin,
                      color_or(opt->arrow_color[i], arrow_own));
}

size_t rf_render_svg(char *buf, size_t cap, const rf_position *pos, const rf_render_options *opt)
{
    static const rf_render_options plain;
    if (!opt) opt = &plain;
    rf_init();
    out o = {buf, cap, 0};
    int coords = !(opt->flags & RF_RENDER_NO_COORDINATES);
    int side = !(opt->flags & RF_RENDER_NO_SIDE);
    frame f;
    f.flip = (opt->flags & RF_RENDER_FLIP) != 0;
    f.margin = coords || side ? MARGIN : 0;
    f.size = 8 * SQ + 2 * f.margin;
    /* Crazyhouse: a column right of the board for the pieces in hand, each side's by its own
     * back rank. */
    int pockets = (rf__variant_of(pos)->fen_extras & RF_SETUP_POCKET) != 0;
    f.width = f.size + (pockets ? POCKET_W : 0);
    put_head(&o, pos, opt, &f);
    put_squares(&o, opt, &f);
    if (coords) put_coordinates(&o, opt, &f);
    if (side) put_side(&o, pos, &f);
    put_pieces(&o, pos, &f);
    if (pockets) put_pockets(&o, pos, f.flip, f.margin, f.size);
    if (opt->flags & RF_RENDER_BORDERS) put_borders(&o, opt, &f);
    put_marks(&o, opt, &f);
    put_str(&o, "</svg>\n");
    if (o.cap) o.buf[o.len < o.cap ? o.len : o.cap - 1] = '\0';
    return o.len;
}

size_t rf_render_svg_piece(char *buf, size_t cap, rf_piece piece)
{
    out o = {buf, cap, 0};
    rf_piece_type pt = RF_PIECE_TYPE(piece);
    rf_color c = RF_PIECE_COLOR(piece);
    if (piece != RF_NO_PIECE && pt >= RF_PAWN && pt <= RF_KING && c <= RF_BLACK) {
        put_str(&o, "<svg xmlns=\"http://www.w3.org/2000/svg\" "
                    "xmlns:xlink=\"http://www.w3.org/1999/xlink\" version=\"1.1\" width=\"45\" "
                    "height=\"45\" viewBox=\"0 0 45 45\">\n");
        put_piece_def(&o, c, pt);
        put_str(&o, "</svg>\n");
    }
    if (o.cap) o.buf[o.len < o.cap ? o.len : o.cap - 1] = '\0';
    return o.len;
}
