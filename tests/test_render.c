/* Diagrams: the text layout (letters, symbols, colours, flipping, marks and their legend), the
 * marks rf_render_mark finds (last move, castling, check, Atomic explosion), the snprintf-like
 * contract of both renderers at every capacity, and their documented size bounds on the
 * largest output any position and options can ask for. */
#include "harness.h"
#include "rankfile.h"

#include <stdlib.h>

#define START "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

/* A position of any FEN (every rule may be broken); flags: RF_PARSE_CHESS960, or ATOMIC for an
 * Atomic position. */
#define ATOMIC (1u << 8)
static rf_position at(const char *fen, unsigned flags)
{
    rf_position pos;
    rf_error err;
    rf_variant variant = flags & ATOMIC ? RF_VARIANT_ATOMIC : RF_VARIANT_STANDARD;
    if (!CHECK_MSG(rf_position_parse(&pos, fen, strlen(fen), variant, flags & ~ATOMIC, RF_INVALID_ALL, &err) == RF_OK,
                   "%s: %s", fen, err.message))
        rf_position_startpos(&pos, RF_VARIANT_STANDARD);
    return pos;
}

/* Plays space-separated moves on *pos, marking the last one; 0 when one is not legal. */
static int play(rf_position *pos, const char *moves, rf_render_options *opt)
{
    rf_position before = *pos;
    rf_move last = RF_MOVE_NONE;
    const char *p = moves;
    while (*p) {
        while (*p == ' ') p++;
        size_t n = strcspn(p, " ");
        if (!n) break;
        rf_move m;
        if (rf_move_parse(&m, pos, p, n, NULL) != RF_OK) return 0;
        before = *pos;
        rf_position_play(pos, m);
        last = m;
        p += n;
    }
    rf_render_mark(opt, pos, last != RF_MOVE_NONE ? &before : NULL, last);
    return 1;
}

static rf_bitboard squares(const char *names)
{
    rf_bitboard set = 0;
    for (const char *p = names; p[0] && p[1]; p += p[2] ? 3 : 2) set |= (rf_bitboard)1
                                                                        << rf_square_parse(p, 2);
    return set;
}

static const char *text(const rf_position *pos, const rf_render_options *opt)
{
    static char buf[RF_RENDER_TEXT_MAX];
    size_t n = rf_render_text(buf, sizeof buf, pos, opt);
    CHECK(n == strlen(buf));
    return buf;
}

TEST(text_letters_symbols_flip_and_coordinates)
{
    rf_position pos = at(START, 0);
    CHECK_STR(text(&pos, NULL), "8  r  n  b  q  k  b  n  r\n"
                                "7  p  p  p  p  p  p  p  p\n"
                                "6  .  .  .  .  .  .  .  .\n"
                                "5  .  .  .  .  .  .  .  .\n"
                                "4  .  .  .  .  .  .  .  .\n"
                                "3  .  .  .  .  .  .  .  .\n"
                                "2  P  P  P  P  P  P  P  P\n"
                                "1  R  N  B  Q  K  B  N  R\n"
                                "   a  b  c  d  e  f  g  h\n"
                                "White to move\n");
    rf_render_options opt = {0};
    opt.flags = RF_RENDER_FLIP | RF_RENDER_NO_SIDE;
    CHECK_STR(text(&pos, &opt), "1  R  N  B  K  Q  B  N  R\n"
                                "2  P  P  P  P  P  P  P  P\n"
                                "3  .  .  .  .  .  .  .  .\n"
                                "4  .  .  .  .  .  .  .  .\n"
                                "5  .  .  .  .  .  .  .  .\n"
                                "6  .  .  .  .  .  .  .  .\n"
                                "7  p  p  p  p  p  p  p  p\n"
                                "8  r  n  b  k  q  b  n  r\n"
                                "   h  g  f  e  d  c  b  a\n");
    opt.flags = RF_RENDER_NO_COORDINATES | RF_RENDER_NO_SIDE;
    const char *t = text(&pos, &opt);
    CHECK(strncmp(t, " r  n  b  q  k  b  n  r\n", 24) == 0);
    CHECK(strlen(t) == 8 * 24);

    /* Symbols: outlined for White, solid for Black, a middle dot for an empty square. */
    opt.flags = RF_RENDER_UNICODE | RF_RENDER_NO_SIDE;
    t = text(&pos, &opt);
    CHECK(strstr(t, "8  \xE2\x99\x9C  \xE2\x99\x9E  \xE2\x99\x9D  \xE2\x99\x9B  \xE2\x99\x9A") == t);
    CHECK(strstr(t, "1  \xE2\x99\x96  \xE2\x99\x98  \xE2\x99\x97  \xE2\x99\x95  \xE2\x99\x94") != NULL);
    CHECK(strstr(t, "6  \xC2\xB7  \xC2\xB7") != NULL);
}

TEST(text_marks_and_their_legend)
{
    rf_render_options opt = {0};
    rf_position pos = at(START, 0);
    CHECK(play(&pos, "e4", &opt));
    CHECK(opt.last_move == squares("e2 e4") && opt.check == 0 && opt.explosion == 0);
    CHECK_STR(text(&pos, &opt), "8  r  n  b  q  k  b  n  r\n"
                                "7  p  p  p  p  p  p  p  p\n"
                                "6  .  .  .  .  .  .  .  .\n"
                                "5  .  .  .  .  .  .  .  .\n"
                                "4  .  .  .  . [P] .  .  .\n"
                                "3  .  .  .  .  .  .  .  .\n"
                                "2  P  P  P  P [.] P  P  P\n"
                                "1  R  N  B  Q  K  B  N  R\n"
                                "   a  b  c  d  e  f  g  h\n"
                                "Black to move\n"
                                "marks: [ ] last move\n");

    /* A mark on the h-file closes its bracket; an unmarked one leaves no trailing blank. */
    pos = at(START, 0);
    CHECK(play(&pos, "h4", &opt));
    CHECK(strstr(text(&pos, &opt), "4  .  .  .  .  .  .  . [P]\n") != NULL);

    /* Scholar's mate: the queen's move marked, the mated king in angle brackets. */
    pos = at("r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 2 3", 0);
    CHECK(play(&pos, "Qxf7#", &opt));
    CHECK(opt.check == squares("e8") && opt.last_move == squares("h5 f7"));
    const char *t = text(&pos, &opt);
    CHECK(strstr(t, "8  r  .  b  q <k> b  n  r\n7  p  p  p  p  . [Q] p  p\n") == t);
    CHECK(strstr(t, "\nBlack to move: checkmate, 1-0\nmarks: [ ] last move, < > check\n") !=
          NULL);

    pos = at("4k3/8/8/8/8/8/8/4K2R b K - 0 1", 0);
    CHECK(play(&pos, "", &opt));
    CHECK(opt.last_move == 0 && opt.check == 0);
    CHECK(strstr(text(&pos, &opt), "Black to move\n") != NULL);
    CHECK(strstr(text(&pos, &opt), "marks") == NULL);
    pos = at("4k3/8/8/8/8/8/8/4K2R w K - 0 1", 0);
    CHECK(play(&pos, "O-O", &opt));
    CHECK(opt.last_move == squares("e1 g1"));
    CHECK(strstr(text(&pos, &opt), "Black to move, in check\n") == NULL);
    pos = at("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", 0);
    CHECK(play(&pos, "O-O-O", &opt));
    CHECK(opt.last_move == squares("e1 c1"));
    /* A Chess960 king already on g1 does not move: the rook's square shows the castling. */
    pos = at("4k3/8/8/8/8/8/8/6KR w H - 0 1", RF_PARSE_CHESS960);
    CHECK(play(&pos, "O-O", &opt));
    CHECK(opt.last_move == squares("g1 h1"));

    pos = at("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", 0);
    CHECK(play(&pos, "Ra8+", &opt));
    CHECK(opt.check == squares("e8"));
    CHECK(strstr(text(&pos, &opt), "\nBlack to move, in check\n") != NULL);

    /* Atomic: a capture marks the blast; en passant explodes around the landing square. */
    pos = at(START, ATOMIC);
    CHECK(play(&pos, "e4 d5 exd5", &opt));
    CHECK(opt.explosion == squares("c4 d4 e4 c5 d5 e5 c6 d6 e6"));
    CHECK(opt.last_move == squares("e4 d5"));
    t = text(&pos, &opt);
    CHECK(strstr(t, "5  .  . *.*[.]*.* .  .  .\n") != NULL);
    CHECK(strstr(t, "4  .  . *.* . *.* .  .  .\n") == NULL);
    CHECK(strstr(t, "4  .  . *.**.*[.] .  .  .\n") != NULL);
    CHECK(strstr(t, "marks: [ ] last move, * * explosion\n") != NULL);
    pos = at("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", ATOMIC);
    CHECK(play(&pos, "exd6", &opt));
    CHECK(opt.explosion == squares("c5 d5 e5 c6 d6 e6 c7 d7 e7"));
    pos = at("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", 0);
    CHECK(play(&pos, "exd5", &opt));
    CHECK(opt.explosion == 0);

    /* Check wins over last move, which wins over explosion. */
    pos = at(START, 0);
    rf_render_options all = {0};
    all.check = all.last_move = all.explosion = squares("e2");
    CHECK(strstr(text(&pos, &all), "2  P  P  P  P <P> P  P  P\n") != NULL);
    all.check = 0;
    CHECK(strstr(text(&pos, &all), "2  P  P  P  P [P] P  P  P\n") != NULL);
    all.last_move = 0;
    CHECK(strstr(text(&pos, &all), "2  P  P  P  P *P* P  P  P\n") != NULL);
}

TEST(text_ansi_colours)
{
    rf_position pos = at(START, 0);
    rf_render_options opt = {0};
    opt.flags = RF_RENDER_COLOR_256 | RF_RENDER_NO_SIDE;
    opt.last_move = squares("e2");
    const char *t = text(&pos, &opt);
    /* a8 is light: tan (180), a black rook in black (16); a1 dark brown (137), White bold in
     * white (231); a marked light square yellow-green (186). */
    CHECK(strncmp(t, "8 \033[0;48;5;180;38;5;16m r \033[0;48;5;137;38;5;16m n ", 50) == 0);
    CHECK(strstr(t, "1 \033[0;1;48;5;137;38;5;231m R ") != NULL);
    CHECK(strstr(t, "\033[0;1;48;5;186;38;5;231m P ") != NULL);
    CHECK(strstr(t, "\033[0;48;5;180m   ") != NULL);
    CHECK(strstr(t, "marks") == NULL);
    int rows = 0;
    for (const char *p = t; (p = strstr(p, "\033[0m\n")); p++) rows++;
    CHECK_INT(rows, 8);
    opt.flags = RF_RENDER_COLOR_16 | RF_RENDER_UNICODE | RF_RENDER_NO_SIDE;
    t = text(&pos, &opt);
    CHECK(strncmp(t, "8 \033[0;30;47m \xE2\x99\x9C \033[0;30;42m", 24) == 0);
    CHECK(strstr(t, "\033[0;30;103m \xE2\x99\x99 ") != NULL);
    opt.flags = RF_RENDER_COLOR_16 | RF_RENDER_COLOR_256;
    CHECK(strstr(text(&pos, &opt), "48;5;") != NULL);
}

/* Both renderers honour snprintf's contract at every capacity. */
static void capacity(const rf_position *pos, const rf_render_options *opt, int svg)
{
    static char full[RF_RENDER_SVG_MAX], part[RF_RENDER_SVG_MAX + 1];
    size_t n = svg ? rf_render_svg(full, sizeof full, pos, opt)
                   : rf_render_text(full, sizeof full, pos, opt);
    int bad = 0;
    for (size_t cap = 0; cap <= n + 1; cap += cap < 64 || cap + 80 > n ? 1 : 37) {
        memset(part, 'X', sizeof part);
        size_t m = svg ? rf_render_svg(part, cap, pos, opt) : rf_render_text(part, cap, pos, opt);
        if (m != n) bad++;
        if (cap == 0 && part[0] != 'X') bad++;
        if (cap > 0) {
            size_t kept = cap - 1 < n ? cap - 1 : n;
            if (memcmp(part, full, kept) != 0 || part[kept] != '\0' || part[kept + 1] != 'X')
                bad++;
        }
    }
    CHECK_MSG(bad == 0, "%d capacities misbehave (%s)", bad, svg ? "svg" : "text");
}

TEST(svg_document_marks_and_arrows)
{
    static char buf[RF_RENDER_SVG_MAX];
    rf_position pos = at(START, 0);
    size_t n = rf_render_svg(buf, sizeof buf, &pos, NULL);
    CHECK(n == strlen(buf) && n > 1000);
    CHECK(strncmp(buf, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg ", 44) == 0);
    CHECK(strstr(buf, "<title>" START "</title>") != NULL);
    CHECK(strstr(buf, "width=\"400\" height=\"400\" viewBox=\"0 0 400 400\"") != NULL);
    CHECK(n > 7 && strcmp(buf + n - 7, "</svg>\n") == 0);
    /* Twelve piece drawings, 32 pieces placed, a1 dark and h1 light. */
    int defs = 0, uses = 0;
    for (const char *p = buf; (p = strstr(p, "<g id=\"")); p++) defs++;
    for (const char *p = buf; (p = strstr(p, "<use ")); p++) uses++;
    CHECK_INT(defs, 12);
    CHECK_INT(uses, 32);
    CHECK(strstr(buf, "<rect x=\"20\" y=\"335\" width=\"45\" height=\"45\" fill=\"#b58863\"/>"));
    CHECK(strstr(buf, "<rect x=\"335\" y=\"335\" width=\"45\" height=\"45\" fill=\"#f0d9b5\"/>"));
    CHECK(strstr(buf, "<use xlink:href=\"#white-king\" x=\"200\" y=\"335\"/>"));
    CHECK(strstr(buf, "rf-check") == NULL && strstr(buf, "<polygon") == NULL);

    /* Flipped: e1 is in the top row, fourth from the left; Black's dot at the top. */
    rf_render_options opt = {0};
    opt.flags = RF_RENDER_FLIP;
    rf_render_svg(buf, sizeof buf, &pos, &opt);
    CHECK(strstr(buf, "<use xlink:href=\"#white-king\" x=\"155\" y=\"20\"/>"));
    CHECK(strstr(buf, "<circle cx=\"390\" cy=\"42.5\" r=\"6\" fill=\"#ffffff\""));

    /* Marks and arrows: a missing square leaves its arrow out; the count is clamped. */
    opt.flags = RF_RENDER_NO_COORDINATES | RF_RENDER_NO_SIDE;
    opt.check = squares("e1");
    opt.last_move = squares("d2");
    opt.explosion = squares("f2");
    opt.arrow_count = 3;
    opt.arrow_from[0] = rf_square_parse("e2", 2);
    opt.arrow_to[0] = rf_square_parse("e4", 2);
    opt.arrow_from[1] = RF_NO_SQUARE;
    opt.arrow_to[1] = 0;
    opt.arrow_from[2] = opt.arrow_to[2] = rf_square_parse("d4", 2);
    rf_render_svg(buf, sizeof buf, &pos, &opt);
    CHECK(strstr(buf, "viewBox=\"0 0 360 360\""));
    CHECK(strstr(buf, "<rect x=\"180\" y=\"315\" width=\"45\" height=\"45\" "
                      "fill=\"url(#rf-check)\"/>"));
    CHECK(strstr(buf, "<rect x=\"135\" y=\"270\" width=\"45\" height=\"45\" fill=\"#aaa23a\"/>"));
    CHECK(strstr(buf, "<rect x=\"225\" y=\"270\" width=\"45\" height=\"45\" fill=\"#d9773a\"/>"));
    CHECK(strstr(buf, "<line x1=\"202.5\" y1=\"292.5\" x2=\"202.5\" y2=\"222.5\" "
                      "stroke=\"#15781b\" stroke-width=\"7\" opacity=\"0.8\"/>"));
    CHECK(strstr(buf, "<polygon fill=\"#15781b\" opacity=\"0.8\" points=\"212.5,222.5 "
                      "202.5,208.5 192.5,222.5\"/>"));
    CHECK(strstr(buf, "<circle cx=\"157.5\" cy=\"202.5\" r=\"19\""));
    int polygons = 0;
    for (const char *p = buf; (p = strstr(p, "<polygon")); p++) polygons++;
    CHECK_INT(polygons, 1);
    opt.arrow_count = 1000;
    CHECK(rf_render_svg(NULL, 0, &pos, &opt) > 0);

    /* python-chess's extras: a fill over e4, an X on d4, a red arrow, the light squares' colour;
     * colours that could break the document, or too long, are left out. */
    rf_render_options extra = {0};
    extra.flags = RF_RENDER_NO_COORDINATES | RF_RENDER_NO_SIDE;
    extra.fill[rf_square_parse("e4", 2)] = "#cc0000cc";
    extra.fill[rf_square_parse("e5", 2)] = "red\" onload=\"x";
    extra.fill[rf_square_parse("e6", 2)] = "rgba(100%, 100%, 100%, 0.99999999999999999999999)";
    extra.cross = squares("d4");
    extra.arrow_count = 2;
    extra.arrow_from[0] = rf_square_parse("e2", 2);
    extra.arrow_to[0] = rf_square_parse("e4", 2);
    extra.arrow_color[0] = "red";
    extra.arrow_from[1] = extra.arrow_to[1] = rf_square_parse("a1", 2);
    extra.colors[RF_SVG_SQUARE_LIGHT] = "#ffffff";
    extra.colors[RF_SVG_ARROW] = "<blue>";
    rf_render_svg(buf, sizeof buf, &pos, &extra);
    CHECK(strstr(buf, "<rect x=\"180\" y=\"180\" width=\"45\" height=\"45\" fill=\"#cc0000cc\"/>"));
    CHECK(strstr(buf, "onload") == NULL && strstr(buf, "0.9999") == NULL && strstr(buf, "blue") == NULL);
    CHECK(strstr(buf, "<path d=\"M145 190l25 25m0-25l-25 25\""));
    CHECK(strstr(buf, "<polygon fill=\"red\""));
    CHECK(strstr(buf, "<circle cx=\"22.5\" cy=\"337.5\" r=\"19\" fill=\"none\" stroke=\"#15781b\""));
    CHECK(strstr(buf, "fill=\"#f0d9b5\"") == NULL && strstr(buf, "fill=\"#ffffff\""));
    CHECK(strstr(buf, "stroke-width=\"1\"") == NULL);

    /* Borders: round the image alone without a frame; round the board too with one. */
    extra.flags |= RF_RENDER_BORDERS;
    extra.colors[RF_SVG_OUTER_BORDER] = "#abcdef";
    rf_render_svg(buf, sizeof buf, &pos, &extra);
    CHECK(strstr(buf, "<rect x=\"0.5\" y=\"0.5\" width=\"359\" height=\"359\" fill=\"none\" "
                      "stroke-width=\"1\" stroke=\"#abcdef\"/>"));
    CHECK(strstr(buf, "width=\"361\"") == NULL);
    extra.flags = RF_RENDER_BORDERS;
    rf_render_svg(buf, sizeof buf, &pos, &extra);
    CHECK(strstr(buf, "<rect x=\"19.5\" y=\"19.5\" width=\"361\" height=\"361\" fill=\"none\" "
                      "stroke-width=\"1\" stroke=\"#111111\"/>"));
    CHECK(strstr(buf, "width=\"399\" height=\"399\""));
}

/* The largest output: every square holds a piece (both colours, every type), every square is
 * marked, sixteen long arrows; in every text mode. */
TEST(largest_output_fits_the_bounds_at_every_capacity)
{
    rf_position pos = at("QQQQQQQQ/kkkkkkkk/KKKKKKKK/qqqqqqqq/RRRRRRRR/bbbbbbbb/NNNNNNNN/pppppppp w - - 0 1",
                         0);
    rf_render_options opt = {0};
    opt.check = ~(rf_bitboard)0;
    opt.arrow_count = RF_RENDER_MAX_ARROWS;
    for (int i = 0; i < RF_RENDER_MAX_ARROWS; i++) {
        opt.arrow_from[i] = (rf_square)(i * 3 % 64);
        opt.arrow_to[i] = (rf_square)(63 - i * 5 % 64);
    }
    /* python-chess's extras at their longest: every square filled and crossed, every colour */
    static const char longest[] = "rgba(100%, 100%, 100%, 0.9999999999999999999999)";
    CHECK_INT(sizeof longest - 1, RF_RENDER_COLOR_MAX);
    for (int sq = 0; sq < 64; sq++) opt.fill[sq] = longest;
    for (int i = 0; i < RF_RENDER_MAX_ARROWS; i++) opt.arrow_color[i] = longest;
    for (int i = 0; i < RF_SVG_COLORS; i++) opt.colors[i] = longest;
    opt.cross = ~(rf_bitboard)0;
    opt.flags = RF_RENDER_BORDERS;
    size_t svg = rf_render_svg(NULL, 0, &pos, &opt);
    CHECK_MSG(svg < RF_RENDER_SVG_MAX, "svg needs %zu", svg);
    size_t most = 0;
    for (unsigned flags = 0; flags < 64; flags++) {
        for (int m = 0; m < 3; m++) {
            opt.flags = flags;
            opt.check = m == 0 ? ~(rf_bitboard)0 : 0;
            opt.last_move = m == 1 ? ~(rf_bitboard)0 : 0;
            opt.explosion = m == 2 ? ~(rf_bitboard)0 : 0;
            size_t n = rf_render_text(NULL, 0, &pos, &opt);
            if (n > most) most = n;
        }
    }
    CHECK_MSG(most < RF_RENDER_TEXT_MAX, "text needs %zu", most);
    printf("largest text %zu, largest svg %zu\n", most, svg);
    opt.flags = RF_RENDER_COLOR_256 | RF_RENDER_UNICODE;
    capacity(&pos, &opt, 0);
    capacity(&pos, &opt, 1);
    pos = at(START, 0);
    capacity(&pos, NULL, 0);
    capacity(&pos, NULL, 1);
}
