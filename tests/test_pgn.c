/* The PGN reader and writer (src/pgn.c, src/pgn_write.c): python-chess's leniency (move numbers
 * missing or glued, 0-0, e8Q, suffix annotations, escape lines, a byte-order mark, CRLF, ';'
 * comments), variations and their start positions, several games per file, the variants from
 * [Variant] and [FEN], every kind of error with its line and column, the visitor's skips, and the
 * writer's exact text. Game records from python-chess's data/pgn are read from the shared data
 * (RF_SHARED_DATA/python-chess/pgn); without it those cases are skipped. */
#include "harness.h"
#include "rankfile.h"

#include <stdlib.h>

#define MAX_GAMES 8

/* What a reading reported: a log of the callbacks ("[" a game, "Name=value" a tag, "|" the
 * end of the tags, a move in SAN, "{text}", "$n", "(" and ")", "]" the end of the game) and
 * each game's rf_pgn_game with its final position. */
typedef struct record {
    char log[16384];
    size_t len;
    rf_pgn_game games[MAX_GAMES];
    char final[MAX_GAMES][RF_FEN_MAX];
    int ngames;
    int skip_game, skip_moves, skip_variations; /* the visitor's answers */
} record;

static void say(record *r, const char *text, size_t n)
{
    if (r->len + n + 2 >= sizeof r->log) return;
    if (r->len) r->log[r->len++] = ' ';
    memcpy(r->log + r->len, text, n);
    r->len += n;
    r->log[r->len] = 0;
}

static int on_begin_game(void *user, unsigned long index)
{
    record *r = user;
    (void)index;
    say(r, "[", 1);
    return r->skip_game ? RF_PGN_SKIP : RF_PGN_CONTINUE;
}

static void on_header(void *user, const char *name, size_t name_len, const char *value,
                      size_t value_len)
{
    char text[256];
    int n = snprintf(text, sizeof text, "%.*s=%.*s", (int)name_len, name, (int)value_len, value);
    say(user, text, (size_t)n < sizeof text ? (size_t)n : sizeof text - 1);
}

static int on_end_headers(void *user, const rf_position *start)
{
    record *r = user;
    say(r, start ? "|" : "|?", start ? 1 : 2);
    return r->skip_moves ? RF_PGN_SKIP : RF_PGN_CONTINUE;
}

static void on_move(void *user, const rf_position *before, rf_move move, unsigned depth)
{
    char san[RF_SAN_MAX + 8];
    (void)depth;
    size_t n = rf_move_to_san(san, sizeof san, before, move);
    say(user, san, n);
}

static void on_comment(void *user, const char *text, size_t len)
{
    char buf[512];
    int n = snprintf(buf, sizeof buf, "{%.*s}", (int)len, text);
    say(user, buf, (size_t)n < sizeof buf ? (size_t)n : sizeof buf - 1);
}

static void on_nag(void *user, unsigned nag)
{
    char buf[16];
    int n = snprintf(buf, sizeof buf, "$%u", nag);
    say(user, buf, (size_t)n);
}

static int on_begin_variation(void *user)
{
    record *r = user;
    say(r, "(", 1);
    return r->skip_variations ? RF_PGN_SKIP : RF_PGN_CONTINUE;
}

static void on_end_variation(void *user) { say(user, ")", 1); }

static void on_end_game(void *user, const rf_pgn_game *g)
{
    record *r = user;
    say(r, "]", 1);
    if (r->ngames < MAX_GAMES) {
        r->games[r->ngames] = *g;
        rf_position_to_fen(r->final[r->ngames], RF_FEN_MAX, &g->game->pos, 0);
        r->games[r->ngames].game = NULL;
        r->games[r->ngames].start = g->start;
    }
    r->ngames++;
}

static rf_pgn_visitor visitor_of(record *r)
{
    rf_pgn_visitor v = {r, on_begin_game, on_header, on_end_headers, on_move, on_comment,
                        on_nag, on_begin_variation, on_end_variation, on_end_game};
    return v;
}

/* Reads every game of a text with the record's visitor. */
static record *read_text(record *r, const char *text, size_t len)
{
    rf_pgn_reader *reader = rf_pgn_reader_new_memory(text, len);
    if (!CHECK(reader != NULL)) return r;
    rf_pgn_visitor v = visitor_of(r);
    int got;
    while ((got = rf_pgn_read_game(reader, &v)) == 1) {
    }
    CHECK_INT(got, 0);
    CHECK_U64(rf_pgn_reader_offset(reader), len);
    rf_pgn_reader_free(reader);
    return r;
}

static record *read_pgn(const char *text)
{
    static record r;
    memset(&r, 0, sizeof r);
    return read_text(&r, text, strlen(text));
}

/* A python-chess file's bytes (malloc'd, NUL-terminated), or NULL after skipping the case when
 * the shared data is not there. */
static char *slurp(const char *name, size_t *len)
{
    char path[512];
    snprintf(path, sizeof path, "%s/python-chess/pgn/%s", RF_SHARED_DATA, name);
    FILE *f = fopen(path, "rb");
    if (!f) {
        HARNESS_SKIP("%s is missing (python-chess's test files in the shared data)", path);
        return NULL;
    }
    char *text = malloc(1 << 16);
    *len = fread(text, 1, (1 << 16) - 1, f);
    text[*len] = 0;
    fclose(f);
    return text;
}

/* The moves of one game and its status. */
static void check_game(const record *r, int i, const char *log_part, unsigned plies)
{
    if (!CHECK_MSG(r->ngames > i, "%d games", r->ngames)) return;
    CHECK_MSG(strstr(r->log, log_part) != NULL, "log: %s\nwant: %s", r->log, log_part);
    CHECK_INT(r->games[i].plies, plies);
}

static void check_ok(const record *r, int games)
{
    CHECK_INT(r->ngames, games);
    for (int i = 0; i < r->ngames && i < MAX_GAMES; i++)
        CHECK_MSG(r->games[i].status == RF_OK && r->games[i].error[0] == 0,
                  "game %d: %d %s", i + 1, r->games[i].status, r->games[i].error);
}

/* The first game's error: status, line, column and the start of its message. */
static void check_error(const char *text, rf_status status, unsigned long line,
                        unsigned long column, const char *message_start)
{
    record *r = read_pgn(text);
    if (!CHECK_MSG(r->ngames >= 1, "no game in '%s'", text)) return;
    const rf_pgn_game *g = &r->games[0];
    CHECK_MSG(g->status == status && g->error_line == line && g->error_column == column,
              "'%.60s': status %d at %lu:%lu (%s), want %d at %lu:%lu", text, g->status,
              g->error_line, g->error_column, g->error, status, line, column);
    CHECK_MSG(strncmp(g->error, message_start, strlen(message_start)) == 0,
              "message '%s', want '%s...'", g->error, message_start);
}

/* ---- python-chess's leniency ----------------------------------------------------------- */

TEST(move_numbers_missing)
{
    record *r = read_pgn("e4 e5 Nf3 Nc6 Bb5 *\n");
    check_ok(r, 1);
    CHECK_STR(r->log, "[ | e4 e5 Nf3 Nc6 Bb5 ]");
    CHECK_STR(r->games[0].result, "*");
    check_game(r, 0, "Bb5", 5);
}

TEST(black_move_numbers)
{
    record *r = read_pgn("[FEN \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\"]\n"
                         "\n1...e5 2.Nf3 2... Nc6 3. Bb5 ... a6 *\n");
    check_ok(r, 1);
    check_game(r, 0, "| e5 Nf3 Nc6 Bb5 a6 ]", 5);
    r = read_pgn("1. e4 1... e5 2 Nf3 *");
    check_ok(r, 1);
    check_game(r, 0, "| e4 e5 Nf3 ]", 3);
}

TEST(move_number_without_space)
{
    record *r = read_pgn("1.e4 e5 2.Nf3 Nf6 3.Nxe5 *");
    check_ok(r, 1);
    check_game(r, 0, "| e4 e5 Nf3 Nf6 Nxe5 ]", 5);
}

TEST(castling_with_zeros)
{
    record *r = read_pgn("[FEN \"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\"]\n\n1. 0-0 0-0-0 2. Rf2 *");
    check_ok(r, 1);
    check_game(r, 0, "| O-O O-O-O Rf2 ]", 3);
}

TEST(promotion_without_equals)
{
    record *r = read_pgn("[FEN \"8/4P3/8/8/8/8/k7/4K3 w - - 0 1\"]\n\n1. e8Q Kb2 2. Qe2+ *");
    check_ok(r, 1);
    check_game(r, 0, "| e8=Q Kb2 Qe2+ ]", 3);
}

TEST(check_marks_and_suffix_annotations)
{
    /* Check marks missing or wrong are ignored; ! ? !! ?? !? ?! are NAGs 1 to 6. */
    record *r = read_pgn("1. e4! e5? 2. Nf3!! Nc6?? 3. Bb5+!? a6#?! 4. Ba4 *");
    check_ok(r, 1);
    CHECK_STR(r->log, "[ | e4 $1 e5 $2 Nf3 $3 Nc6 $4 Bb5 $5 a6 $6 Ba4 ]");
    CHECK_INT(r->games[0].plies, 7);
}

TEST(numeric_annotation_glyphs)
{
    record *r = read_pgn("1. e4 $1 e5 $14 $255 2. Nf3 $0 *");
    check_ok(r, 1);
    CHECK_STR(r->log, "[ | e4 $1 e5 $14 $255 Nf3 $0 ]");
    check_error("1. e4 $256 *", RF_ERR_SYNTAX, 1, 7, "'$' must be followed");
    check_error("1. e4\n  $ e5 *", RF_ERR_SYNTAX, 2, 3, "'$' must be followed");
}

TEST(null_moves_in_main_line_and_variations)
{
    /* "--" (PGN), "Z0" (ChessBase), "0000" (UCI) and "@@@@" (XBoard) pass the turn. */
    record *r = read_pgn("1. e4 -- 2. d4 Z0 (2... 0000 3. @@@@ e5) 3. Nf3 Z0! 4. -- e5 *\n");
    check_ok(r, 1);
    CHECK_STR(r->log, "[ | e4 -- d4 -- ( -- -- e5 ) Nf3 -- $1 -- e5 ]");
    CHECK_INT(r->games[0].plies, 8);
}

TEST(uci_movetext)
{
    /* python-chess reads long algebraic movetext (tests/pgn/uci-moves.pgn in its tree). */
    record *r = read_pgn("g1f3 c7c5 e2e4 d7d6 f1e2 b8c6 e1g1 c8g4 *\n");
    check_ok(r, 1);
    CHECK_STR(r->log, "[ | Nf3 c5 e4 d6 Be2 Nc6 O-O Bg4 ]");
}

TEST(escape_lines)
{
    record *r = read_pgn("% a comment for programs\n[Event \"x\"]\n% between tags\n\n"
                         "1. e4 e5\n%escaped 2. d4\n2. Nf3 *\n");
    check_ok(r, 1);
    CHECK_STR(r->log, "[ Event=x | e4 e5 Nf3 ]");
    /* Not at the start of a line: no escape, an unknown word. */
    check_error("1. e4 %e5 *", RF_ERR_SYNTAX, 1, 7, "1... %e5");
}

TEST(utf8_byte_order_mark)
{
    /* Columns count from after the mark. */
    check_error("\xEF\xBB\xBF" "1. e4 Kxe7 *", RF_ERR_ILLEGAL, 1, 7, "1... Kxe7");
    size_t len;
    char *text = slurp("utf8-bom.pgn", &len);
    if (!text) return;
    CHECK(memcmp(text, "\xEF\xBB\xBF[Event", 9) == 0);
    record r = {0};
    read_text(&r, text, len);
    check_ok(&r, 2);
    CHECK(strncmp(r.log, "[ Event=A Site=? Date=2024.04.25", 32) == 0);
    CHECK(strstr(r.log, "] [ Event=B ") != NULL);
    CHECK_INT(r.games[1].line, 14);
    free(text);
}

/* A reader callback that gives one byte at a time. */
typedef struct drip {
    const char *text;
    size_t len, at;
} drip;

static size_t drip_read(void *ctx, char *buf, size_t cap)
{
    drip *d = ctx;
    if (d->at == d->len || cap == 0) return 0;
    buf[0] = d->text[d->at++];
    return 1;
}

TEST(byte_order_mark_read_byte_by_byte)
{
    const char text[] = "\xEF\xBB\xBF[Event \"A\"]\n\n1. e4 *\n";
    drip d = {text, sizeof text - 1, 0};
    rf_pgn_reader *reader = rf_pgn_reader_new(drip_read, &d);
    if (!CHECK(reader != NULL)) return;
    record r = {0};
    rf_pgn_visitor v = visitor_of(&r);
    CHECK_INT(rf_pgn_read_game(reader, &v), 1);
    CHECK_INT(rf_pgn_read_game(reader, &v), 0);
    rf_pgn_reader_free(reader);
    check_ok(&r, 1);
    CHECK_STR(r.log, "[ Event=A | e4 ]");
}

TEST(crlf_line_ends)
{
    record *r = read_pgn("[Event \"crlf\"]\r\n[White \"W\"]\r\n\r\n1. e4 e5\r\n"
                         "2. Nf3 { two\r\nlines } Nc6 ; rest\r\n3. Bb5 *\r\n");
    check_ok(r, 1);
    CHECK_STR(r->log, "[ Event=crlf White=W | e4 e5 Nf3 { two\r\nlines } Nc6 { rest} Bb5 ]");
    check_error("[Event \"crlf\"]\r\n\r\n1. e4 e5\r\n2. Ke3 *\r\n", RF_ERR_ILLEGAL, 4, 4,
                "2. Ke3");
}

TEST(tabs_as_white_space)
{
    record *r = read_pgn("[Event\t\"tabs\"]\n\n1.\te4\te5\t2.\tNf3\t*");
    check_ok(r, 1);
    CHECK_STR(r->log, "[ Event=tabs | e4 e5 Nf3 ]");
}

TEST(semicolon_comments)
{
    record *r = read_pgn("1. e4 ; to the end { of the line\ne5 ;\n2. Nf3 *");
    check_ok(r, 1);
    CHECK_STR(r->log, "[ | e4 { to the end { of the line} e5 {} Nf3 ]");
}

TEST(comments_spanning_lines)
{
    record *r = read_pgn("{ before } 1. e4 { one\n  two\n\n three } e5 {} 2. Nf3 {a}{b} *");
    check_ok(r, 1);
    CHECK_STR(r->log, "[ | { before } e4 { one\n  two\n\n three } e5 {} Nf3 {a} {b} ]");
    /* Lines inside a comment count for the error after it. */
    check_error("1. e4 {\n\n} e5 2. Ke3 *", RF_ERR_ILLEGAL, 3, 9, "2. Ke3");
}

TEST(nested_variations_start_positions)
{
    /* Each variation starts from the position before the move it replaces: d4 is legal only
     * there, c3 only after 1... c5 2. Nf3 is replaced. */
    check_error("1. e4 (1. d4) e5 (1... d5 (1... d4)) *", RF_ERR_ILLEGAL, 1, 33, "1... d4");
    record *r = read_pgn("1. e4 e5 (1... c5 2. Nf3 (2. c3 d5) 2... d6) (1... e6) 2. Nf3 "
                 "(2. f4 exf4 (2... d5)) Nc6 *");
    check_ok(r, 1);
    CHECK_STR(r->log, "[ | e4 e5 ( c5 Nf3 ( c3 d5 ) d6 ) ( e6 ) Nf3 ( f4 exf4 ( d5 ) ) Nc6 ]");
    CHECK_INT(r->games[0].plies, 4);
    CHECK_STR(r->final[0], "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
}

TEST(several_games)
{
    record *r = read_pgn("[Event \"one\"]\n\n1. e4 e5 1-0\n\n[Event \"two\"]\n\n1. d4 d5 0-1\n\n"
                         "1. c4 1/2-1/2\n");
    check_ok(r, 3);
    CHECK_STR(r->log, "[ Event=one | e4 e5 ] [ Event=two | d4 d5 ] [ | c4 ]");
    CHECK_STR(r->games[0].result, "1-0");
    CHECK_STR(r->games[1].result, "0-1");
    CHECK_STR(r->games[2].result, "1/2-1/2");
    CHECK_INT(r->games[1].index, 2);
    CHECK_INT(r->games[1].line, 5);
    CHECK_INT(r->games[2].line, 9);
}

TEST(game_without_tags)
{
    record *r = read_pgn("\n\n1. f4 e5 2. fxe5 *\n");
    check_ok(r, 1);
    CHECK_STR(r->log, "[ | f4 e5 fxe5 ]");
    CHECK_INT(r->games[0].line, 3);
    CHECK_INT(r->games[0].variant, RF_VARIANT_STANDARD);
}

/* A game's warnings: the bits, the line and the text of the first. */
static void check_warning(const rf_pgn_game *g, unsigned bits, unsigned long line,
                          const char *text)
{
    CHECK_MSG(g->warnings == bits && g->warning_line == line && strcmp(g->warning, text) == 0,
              "game %lu: warnings %u on line %lu '%s', want %u on line %lu '%s'", g->index,
              g->warnings, g->warning_line, g->warning, bits, line, text);
}

TEST(game_without_result_then_tags)
{
    record *r = read_pgn("[Event \"one\"]\n\n1. e4 e5\n[Event \"two\"]\n\n1. d4 *\n");
    check_ok(r, 2);
    CHECK_STR(r->log, "[ Event=one | e4 e5 ] [ Event=two | d4 ]");
    CHECK_STR(r->games[0].result, "");
    CHECK_INT(r->games[1].line, 4);
    /* The game may be cut short: a warning on its last line; none for the next. */
    check_warning(&r->games[0], RF_PGN_WARN_NO_RESULT, 3,
                  "no result marker; the game may be cut short");
    check_warning(&r->games[1], 0, 0, "");
    /* And at the end of the input, in movetext or after the tags. */
    r = read_pgn("1. e4 e5\n\n");
    check_ok(r, 1);
    CHECK_STR(r->games[0].result, "");
    check_warning(&r->games[0], RF_PGN_WARN_NO_RESULT, 1,
                  "no result marker; the game may be cut short");
    r = read_pgn("[Event \"a\"]\n1-0\n\n[Event \"b\"]\n[Result \"1-0\"]\n");
    check_ok(r, 2);
    check_warning(&r->games[0], 0, 0, "");
    check_warning(&r->games[1], RF_PGN_WARN_NO_RESULT, 5,
                  "no result marker; the game may be cut short");
}

/* Reads every game of a text given to the reader one byte at a time. */
static record *read_dripping(record *r, const char *text)
{
    drip d = {text, strlen(text), 0};
    rf_pgn_reader *reader = rf_pgn_reader_new(drip_read, &d);
    if (!CHECK(reader != NULL)) return r;
    rf_pgn_visitor v = visitor_of(r);
    while (rf_pgn_read_game(reader, &v) == 1) {
    }
    CHECK_U64(rf_pgn_reader_offset(reader), d.len);
    rf_pgn_reader_free(reader);
    return r;
}

TEST(move_number_one_after_an_empty_line_starts_a_game)
{
    /* python-chess ends a game at an empty line: a game without tags that starts again at move
     * 1 is the next game, from memory and from a reader that gets one byte at a time (the
     * "1." read across blocks); also after a game whose checking stopped at an error. */
    const char *text = "1. e4 e5\n\n1. a3 *\n\n1. e4 Qa1 e5\n  \t\n1... Nf6 1-0\n";
    for (int dripping = 0; dripping < 2; dripping++) {
        static record r;
        memset(&r, 0, sizeof r);
        if (dripping) read_dripping(&r, text);
        else read_text(&r, text, strlen(text));
        CHECK_INT(r.ngames, 4);
        CHECK_STR(r.log, "[ | e4 e5 ] [ | a3 ] [ | e4 ] [ | ]");
        check_warning(&r.games[0], RF_PGN_WARN_NO_RESULT, 1,
                      "no result marker; the game may be cut short");
        CHECK_INT(r.games[1].line, 3);
        CHECK_STR(r.games[1].result, "*");
        CHECK_INT(r.games[2].status, RF_ERR_ILLEGAL);
        CHECK_INT(r.games[3].line, 7);
        CHECK_INT(r.games[3].status, RF_ERR_ILLEGAL); /* 1... Nf6 with White to move */
    }
    /* Not after the tags, nor with a comment or escape line between, nor inside a variation,
     * nor for another number. */
    record *r = read_pgn("[Event \"a\"]\n\n1. e4 e5\n\n{ c }\n1. Nf3 *\n");
    check_ok(r, 1);
    CHECK_STR(r->log, "[ Event=a | e4 e5 { c } Nf3 ]");
    r = read_pgn("1. e4 (1. d4 d5\n\n1. c4) e5 2. Nf3\n\n2. Nc6 *\n");
    check_ok(r, 1);
    CHECK_STR(r->log, "[ | e4 ( d4 d5 c4 ) e5 Nf3 Nc6 ]");
}

TEST(result_tag_disagrees_with_the_marker)
{
    record *r = read_pgn("[Event \"x\"]\n[Result \"1-0\"]\n\n1. e4 0-1\n\n[Result \"0-1\"]\n\n1. e4 "
                         "0-1\n\n[Result \"1/2-1/2 but long\"]\n\n1. e4 *\n");
    check_ok(r, 3);
    check_warning(&r->games[0], RF_PGN_WARN_RESULT_TAG, 2,
                  "[Result \"1-0\"] disagrees with the result marker 0-1");
    check_warning(&r->games[1], 0, 0, "");
    check_warning(&r->games[2], RF_PGN_WARN_RESULT_TAG, 10,
                  "[Result \"1/2-1/2 but long\"] disagrees with the result marker *");
}

TEST(no_result_warning_for_a_game_an_error_ended)
{
    /* A comment or variation not closed ends the game with its error and no marker: the
     * [Result] tag is not said to disagree with a marker it has not (issue 38). */
    record *r = read_pgn("[Event \"x\"]\n[Result \"0-1\"]\n\n1. e4 { never closed 0-1\n");
    CHECK_INT(r->ngames, 1);
    CHECK_INT(r->games[0].status, RF_ERR_SYNTAX);
    check_warning(&r->games[0], 0, 0, "");
    r = read_pgn("[Result \"1-0\"]\n\n1. e4 (1. d4 1-0\n");
    CHECK_INT(r->ngames, 1);
    CHECK_INT(r->games[0].status, RF_ERR_SYNTAX);
    check_warning(&r->games[0], 0, 0, "");
}

TEST(malformed_tag_line_skipped_with_a_warning)
{
    record *r = read_pgn("[Event \"x\"]\n[White Kasparov]\n[ \"no name\"]\n\n1. e4 *\n");
    check_ok(r, 1);
    CHECK_STR(r->log, "[ Event=x | e4 ]");
    check_warning(&r->games[0], RF_PGN_WARN_BAD_TAG, 2,
                  "a line starting with '[' is no tag pair ([Name \"value\"]): skipped");
}

TEST(game_records_from_python_chess)
{
    size_t len;
    char *text = slurp("molinari-bordais-1979.pgn", &len);
    if (!text) return;
    record r = {0};
    read_text(&r, text, len);
    check_ok(&r, 1);
    check_game(&r, 0, "| e4 c5 c4 Nc6 Ne2 Nf6 Nbc3 Nb4 g3 Nd3# ]", 10);
    CHECK_STR(r.games[0].result, "0-1");
    free(text);

    text = slurp("knightvuillaume-jannlee-zh-lichess.pgn", &len);
    if (!text) return;
    memset(&r, 0, sizeof r);
    read_text(&r, text, len);
    check_ok(&r, 1);
    CHECK_INT(r.games[0].variant, RF_VARIANT_CRAZYHOUSE);
    CHECK_INT(r.games[0].plies, 48);
    CHECK_STR(r.games[0].result, "0-1");
    CHECK(strstr(r.log, "Bg6 $6 { (0.00 \xE2\x86\x92 0.75) Inaccuracy.") != NULL);
    CHECK(strstr(r.log, "Qdd1# { [%clk 0:00:42] } { Black wins by checkmate. } ]") != NULL);
    CHECK_INT(r.games[0].warnings, 0);
    free(text);
}

/* ---- variants -------------------------------------------------------------------------- */

TEST(variant_chess960)
{
    /* The start of cutechess-fischerrandom.pgn (python-chess's data): castling rights KQkq
     * name the rooks on d and g, and O-O puts the king on g8 and that rook on f8. */
    record *r = read_pgn("[Variant \"Chess960\"]\n"
                         "[FEN \"nbbrknrq/pppppppp/8/8/8/8/PPPPPPPP/NBBRKNRQ w KQkq - 0 1\"]\n"
                         "[SetUp \"1\"]\n\n1. d4 d5 2. c3 Nb6 3. e4 dxe4 4. Bxe4 g6 5. g4 c6 "
                         "6. Qf3 Ne6 7. Nb3 Qf6 8. Qxf6 exf6 9. h4 O-O *");
    check_ok(r, 1);
    CHECK_INT(r->games[0].chess960, 1);
    CHECK_INT(r->games[0].plies, 18);
    CHECK_STR(r->final[0], "1bbr1rk1/pp3p1p/1np1npp1/8/3PB1PP/1NP5/PP3P2/2BRKNR1 w KQ - 1 10");
}

TEST(variant_crazyhouse)
{
    record *r = read_pgn("[Variant \"Crazyhouse\"]\n\n1. e4 d5 2. exd5 Qxd5 3. Nc3 Qd8 4. P@d5 *");
    check_ok(r, 1);
    CHECK_INT(r->games[0].variant, RF_VARIANT_CRAZYHOUSE);
    CHECK_STR(r->log, "[ Variant=Crazyhouse | e4 d5 exd5 Qxd5 Nc3 Qd8 P@d5 ]");
    r = read_pgn("[Variant \"Crazyhouse\"]\n[FEN \"2k5/8/8/8/8/8/8/4K3[QRBNPqrbnp] w - - 0 1\"]\n"
                 "\n1. Q@d7+ Kb8 2. N@c6+ *");
    check_ok(r, 1);
    check_game(r, 0, "Q@d7+ Kb8 N@c6+ ]", 3);
}

TEST(variant_three_check)
{
    record *r = read_pgn("[Variant \"Three-check\"]\n"
                         "[FEN \"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1+3 0 2\"]\n"
                         "\n2. Bc4 Nc6 3. Bxf7+ *");
    check_ok(r, 1);
    CHECK_INT(r->games[0].variant, RF_VARIANT_THREECHECK);
    /* The third check ends the game: a move after it is not legal. */
    check_error("[Variant \"Three-check\"]\n"
                "[FEN \"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1+3 0 2\"]\n"
                "\n2. Bc4 Nc6 3. Bxf7+ Kxf7 *",
                RF_ERR_ILLEGAL, 4, 21, "3... Kxf7");
}

TEST(variant_horde)
{
    /* White's pawns stand on ranks 1 to 4 and on b5, c5, f5, g5. */
    record *r = read_pgn("[Variant \"Horde\"]\n\n1. e5 d6 2. exd6 cxd6 3. f6 *");
    check_ok(r, 1);
    CHECK_INT(r->games[0].variant, RF_VARIANT_HORDE);
    check_game(r, 0, "| e5 d6 exd6 cxd6 f6 ]", 5);
}

/* ---- errors ---------------------------------------------------------------------------- */

TEST(error_illegal_move)
{
    check_error("1. e4 e5\n2. Ke3 Nc6 *\n", RF_ERR_ILLEGAL, 2, 4, "2. Ke3: ");
    record *r = read_pgn("1. e4 e5\n2. Ke3 Nc6 *\n");
    CHECK_INT(r->games[0].plies, 2); /* up to the error */
    CHECK_STR(r->log, "[ | e4 e5 ]");
    CHECK_STR(r->games[0].result, "*");
}

TEST(error_null_move_in_check)
{
    check_error("1. e4 e5 2. Qh5 Nc6 3. Qxf7+ -- *", RF_ERR_ILLEGAL, 1, 30,
                "3... --: '--' (the null move) is not legal: black is in check");
    check_error("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# Z0 1-0", RF_ERR_ILLEGAL, 1, 41,
                "4... Z0: 'Z0' (the null move) is not legal: black is in check");
}

TEST(error_ambiguous_move)
{
    check_error("[FEN \"4k3/8/8/8/8/8/8/1N1K1N2 w - - 0 1\"]\n\n1. Nd2 *", RF_ERR_AMBIGUOUS, 3,
                4, "1. Nd2");
}

TEST(error_unknown_word)
{
    check_error("1. e4 hello 2. Nf3 *", RF_ERR_SYNTAX, 1, 7, "1... hello");
    check_error("1. e4 ?!? *", RF_ERR_SYNTAX, 1, 7, "'?!?' is not an annotation");
}

TEST(error_bad_fen)
{
    check_error("[Event \"x\"]\n[FEN \"not a fen\"]\n\n1. e4 *", RF_ERR_SYNTAX, 2, 1,
                "[FEN \"not a fen\"]");
    check_error("[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\n1. e4 *", RF_ERR_INVALID, 1, 1, "[FEN");
    record *r = read_pgn("[FEN \"not a fen\"]\n\n1. e4 *");
    CHECK_STR(r->log, "[ FEN=not a fen |? ]");
}

TEST(error_unknown_variant)
{
    check_error("[Event \"x\"]\n  [Variant \"Bughouse\"]\n\n1. e4 *", RF_ERR_NOT_FOUND, 2, 3,
                "[Variant \"Bughouse\"]: unknown variant");
}

TEST(error_tag_cut_by_the_end_of_the_input)
{
    static const char *const cuts[] = {"[", "[Whi", "[White ", "[White \"Kas", "[White \"K\\",
                                       "[White \"Kasparov\"", "[White \"Kasparov\" "};
    for (size_t i = 0; i < sizeof cuts / sizeof *cuts; i++) {
        char text[128];
        snprintf(text, sizeof text, "[Event \"x\"]\n1. e4 1-0\n\n%s", cuts[i]);
        record *r = read_pgn(text);
        CHECK_INT(r->ngames, 2);
        const rf_pgn_game *g = &r->games[1];
        CHECK_MSG(g->status == RF_ERR_SYNTAX && g->error_line == 4 && g->error_column == 1 &&
                      strcmp(g->error, "a tag cut short: the input ends inside it") == 0,
                  "'%s': %d at %lu:%lu %s", cuts[i], g->status, g->error_line, g->error_column,
                  g->error);
        CHECK_INT(g->warnings, 0); /* the error says it all */
        CHECK_STR(r->log, "[ Event=x | e4 ] [ |? ]");
    }
}

TEST(error_tag_value_not_closed_on_its_line)
{
    check_error("[Event \"unterminated\n[Site \"x\"]\n\n1. e4 *\n", RF_ERR_SYNTAX, 1, 1,
                "[Event]: its value is not closed: the line ends before its '\"'");
    /* The next line is read as usual: its tag is kept. */
    record *r = read_pgn("[Event \"unterminated\n[Site \"x\"]\n\n1. e4 *\n\n1. d4 *\n");
    CHECK_STR(r->log, "[ Site=x |? ] [ | d4 ]");
}

TEST(error_nul_byte_in_a_tag_value)
{
    static const char text[] = "[Event \"a\"]\n[FEN \"8/8/8/8/8/8/8/K1k5 w - - 0 1\0 x\"]\n\n*\n";
    static record r;
    memset(&r, 0, sizeof r);
    read_text(&r, text, sizeof text - 1);
    CHECK_INT(r.ngames, 1);
    CHECK_INT(r.games[0].status, RF_ERR_SYNTAX);
    CHECK_INT(r.games[0].error_line, 2);
    CHECK_INT(r.games[0].error_column, 35);
    CHECK_STR(r.games[0].error, "[FEN]: a NUL byte in its value (no text holds one)");
}

TEST(error_unclosed_comment)
{
    check_error("1. e4 e5\n2. Nf3 { never\nclosed", RF_ERR_SYNTAX, 2, 8, "comment not closed");
}

TEST(error_unclosed_variation)
{
    check_error("1. e4 (1. d4 d5 *\n", RF_ERR_SYNTAX, 1, 7, "variation not closed");
    check_error("1. e4 e5\n2. Nf3 (2. d4 (2. c4", RF_ERR_SYNTAX, 2, 15, "variation not closed");
}

TEST(error_stray_closing_parenthesis)
{
    check_error("1. e4 ) e5 *", RF_ERR_SYNTAX, 1, 7, "')' without a variation");
}

TEST(error_variation_before_any_move)
{
    check_error("( 1. e4 ) 1. d4 *", RF_ERR_SYNTAX, 1, 1, "a variation must follow");
    check_error("1. e4 (( 1. d4 )) *", RF_ERR_SYNTAX, 1, 8, "a variation must follow");
}

/* "1. e4" and `depth` nested variations, each "( 1. d4 " replacing the last. */
static char *nested(int depth)
{
    char *text = malloc(16 + 10 * (size_t)depth);
    size_t n = 0;
    n += (size_t)sprintf(text, "1. e4 ");
    for (int i = 0; i < depth; i++) n += (size_t)sprintf(text + n, "( 1. d4 ");
    for (int i = 0; i < depth; i++) text[n++] = ')';
    strcpy(text + n, " *");
    return text;
}

TEST(error_nesting_too_deep)
{
    char *text = nested(RF_PGN_MAX_DEPTH);
    record *r = read_pgn(text);
    check_ok(r, 1);
    free(text);
    text = nested(RF_PGN_MAX_DEPTH + 1);
    check_error(text, RF_ERR_ARGUMENT, 1, 7 + 8 * RF_PGN_MAX_DEPTH, "variations nested deeper");
    free(text);
}

TEST(next_game_after_an_error)
{
    record *r = read_pgn("1. e4 e5 2. Ke3 Nc6 3. Nf3 *\n\n[Event \"next\"]\n\n1. d4 d5 1-0\n"
                         "1. e4 { unclosed\n");
    CHECK_INT(r->ngames, 3);
    CHECK_INT(r->games[0].status, RF_ERR_ILLEGAL);
    CHECK_STR(r->games[0].result, "*");
    CHECK_INT(r->games[1].status, RF_OK);
    CHECK_INT(r->games[1].plies, 2);
    CHECK_INT(r->games[1].line, 3);
    CHECK_STR(r->games[1].result, "1-0");
    CHECK_INT(r->games[2].status, RF_ERR_SYNTAX);
    CHECK_INT(r->games[2].error_line, 6);
    CHECK_STR(r->log, "[ | e4 e5 ] [ Event=next | d4 d5 ] [ | e4 ]");
}

/* ---- the visitor's skips --------------------------------------------------------------- */

TEST(skip_from_begin_game)
{
    static record r;
    memset(&r, 0, sizeof r);
    r.skip_game = 1;
    const char *text = "[Event \"a\"]\n\n1. e4 Ke3 { c } *\n\n[Event \"b\"]\n\n1. d4 *\n";
    read_text(&r, text, strlen(text));
    CHECK_STR(r.log, "[ ] [ ]");
    check_ok(&r, 2);
    CHECK_INT(r.games[0].skipped, 1);
    CHECK_INT(r.games[1].line, 5);
}

TEST(skip_from_end_headers)
{
    static record r;
    memset(&r, 0, sizeof r);
    r.skip_moves = 1;
    const char *text = "[Event \"a\"]\n\n1. e4 Ke3 { c } $1 (1. d4) 1-0\n[Event \"b\"]\n\n1. d4 *\n";
    read_text(&r, text, strlen(text));
    CHECK_STR(r.log, "[ Event=a | ] [ Event=b | ]");
    check_ok(&r, 2);
    CHECK_INT(r.games[0].skipped, 1);
    CHECK_INT(r.games[0].plies, 0);
    CHECK_STR(r.games[0].result, "1-0");
}

TEST(skip_from_begin_variation)
{
    static record r;
    memset(&r, 0, sizeof r);
    r.skip_variations = 1;
    /* A skipped variation's contents are neither reported nor checked (Ke3 is not legal). */
    const char *text = "1. e4 (1. d4 { c } Ke3 (1... e5)) e5 { after } *\n";
    read_text(&r, text, strlen(text));
    check_ok(&r, 1);
    CHECK_STR(r.log, "[ | e4 ( ) e5 { after } ]");
    CHECK_INT(r.games[0].plies, 2);
}

/* ---- the writer ------------------------------------------------------------------------ */

typedef struct sink {
    char text[8192];
    size_t len;
} sink;

static int sink_write(void *ctx, const char *text, size_t len)
{
    sink *s = ctx;
    if (s->len + len >= sizeof s->text) return 1;
    memcpy(s->text + s->len, text, len);
    s->len += len;
    s->text[s->len] = 0;
    return 0;
}

/* Plays a SAN move on *pos and writes it. */
static void write_san(rf_pgn_writer *w, rf_position *pos, const char *san)
{
    rf_move m;
    if (!CHECK_MSG(rf_move_from_san(&m, pos, san, strlen(san), NULL) == RF_OK, "%s", san)) return;
    rf_pgn_write_move(w, pos, m);
    rf_position_play(pos, m);
}

TEST(writer_exact_text)
{
    static sink s;
    memset(&s, 0, sizeof s);
    rf_pgn_writer w;
    rf_pgn_writer_start(&w, sink_write, &s);
    const char *names[] = {"White", "Annotator", "Event", "Black"};
    const char *values[] = {"Kasparov, \"Gazza\"", "a\\b", "Ev", "Deep\tBlue"};
    rf_pgn_write_tags(&w, names, values, 4, "1-0");
    rf_position pos, after_e4;
    rf_position_startpos(&pos, RF_VARIANT_STANDARD);
    write_san(&w, &pos, "e4");
    after_e4 = pos;
    rf_pgn_write_comment(&w, " best  by\n test}! ", 18);
    write_san(&w, &pos, "e5");
    rf_pgn_write_nag(&w, 1);
    rf_pgn_write_begin_variation(&w);
    rf_position alt = after_e4;
    write_san(&w, &alt, "c5");
    write_san(&w, &alt, "Nf3");
    rf_pgn_write_end_variation(&w);
    write_san(&w, &pos, "Nf3");
    write_san(&w, &pos, "Nc6");
    rf_pgn_write_result(&w, "1-0");
    CHECK_INT(w.failed, 0);
    CHECK_STR(s.text, "[Event \"Ev\"]\n"
                      "[Site \"?\"]\n"
                      "[Date \"????.??.??\"]\n"
                      "[Round \"?\"]\n"
                      "[White \"Kasparov, \\\"Gazza\\\"\"]\n"
                      "[Black \"Deep Blue\"]\n"
                      "[Result \"1-0\"]\n"
                      "[Annotator \"a\\\\b\"]\n"
                      "\n"
                      "1. e4 { best by test ! } 1... e5 $1 ( 1... c5 2. Nf3 ) 2. Nf3 Nc6 1-0\n"
                      "\n");
    /* And it reads back. */
    record *r = read_pgn(s.text);
    check_ok(r, 1);
    CHECK_STR(r->log, "[ Event=Ev Site=? Date=????.??.?? Round=? White=Kasparov, \"Gazza\" "
                      "Black=Deep Blue Result=1-0 Annotator=a\\b | e4 { best by test ! } e5 $1 "
                      "( c5 Nf3 ) Nf3 Nc6 ]");
}

TEST(writer_result_tag_is_the_marker)
{
    /* A Result among the tags that says another result, or a result not known: the Result tag
     * is always the marker written at the end. */
    const char *names[] = {"Result", "Event"};
    const char *values[] = {"1/2-1/2", "cut"};
    const char *results[] = {NULL, "", "*", "0-1"};
    const char *want[] = {"*", "*", "*", "0-1"};
    for (int i = 0; i < 4; i++) {
        static sink s;
        memset(&s, 0, sizeof s);
        rf_pgn_writer w;
        rf_pgn_writer_start(&w, sink_write, &s);
        rf_pgn_write_tags(&w, names, values, 2, results[i]);
        rf_pgn_write_result(&w, results[i]);
        char expected[256];
        snprintf(expected, sizeof expected,
                 "[Event \"cut\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n"
                 "[White \"?\"]\n[Black \"?\"]\n[Result \"%s\"]\n\n%s\n\n", want[i], want[i]);
        CHECK_STR(s.text, expected);
    }
}

TEST(writer_null_move)
{
    static sink s;
    memset(&s, 0, sizeof s);
    rf_pgn_writer w;
    rf_pgn_writer_start(&w, sink_write, &s);
    rf_pgn_write_tags(&w, NULL, NULL, 0, NULL);
    rf_position pos;
    rf_position_startpos(&pos, RF_VARIANT_STANDARD);
    write_san(&w, &pos, "e4");
    write_san(&w, &pos, "Z0");
    write_san(&w, &pos, "--");
    write_san(&w, &pos, "e5");
    rf_pgn_write_result(&w, NULL);
    CHECK_STR(s.text, "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n"
                      "[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n1. e4 -- 2. -- e5 *\n\n");
    record *r = read_pgn(s.text);
    check_ok(r, 1);
    check_game(r, 0, "| e4 -- -- e5 ]", 4);
}

TEST(writer_defaults_without_tags)
{
    static sink s;
    memset(&s, 0, sizeof s);
    rf_pgn_writer w;
    rf_pgn_writer_start(&w, sink_write, &s);
    rf_pgn_write_tags(&w, NULL, NULL, 0, NULL);
    rf_position pos;
    rf_position_parse(&pos, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", 56,
                      RF_VARIANT_STANDARD, 0, RF_ACCEPT_DEFAULT, NULL);
    write_san(&w, &pos, "e5");
    write_san(&w, &pos, "Nf3");
    rf_pgn_write_result(&w, NULL);
    CHECK_STR(s.text, "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n"
                      "[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n1... e5 2. Nf3 *\n\n");
}

TEST(writer_wraps_at_79_columns)
{
    static sink s;
    memset(&s, 0, sizeof s);
    rf_pgn_writer w;
    rf_pgn_writer_start(&w, sink_write, &s);
    rf_pgn_write_tags(&w, NULL, NULL, 0, "1/2-1/2");
    rf_position pos;
    rf_position_startpos(&pos, RF_VARIANT_STANDARD);
    static const char *const cycle[4] = {"Nf3", "Nf6", "Ng1", "Ng8"};
    for (int i = 0; i < 48; i++) {
        write_san(&w, &pos, cycle[i % 4]);
        if (i == 20) {
            char word[101];
            memset(word, 'w', 100);
            word[100] = 0;
            rf_pgn_write_comment(&w, word, 100);
        }
    }
    rf_pgn_write_result(&w, "1/2-1/2");
    const char *body = strstr(s.text, "\n\n");
    if (!CHECK(body != NULL)) return;
    body += 2;
    /* Every line fits in 79 columns unless it is one word, and the next line's first token
     * would not have fitted after it. */
    int lines = 0, long_words = 0;
    for (const char *line = body; *line && *line != '\n';) {
        const char *nl = strchr(line, '\n');
        size_t n = (size_t)(nl - line);
        const char *next = nl + 1;
        if (n > 79) {
            CHECK_MSG(memchr(line, ' ', n) == NULL, "line of %zu: %.*s", n, (int)n, line);
            long_words++;
        } else if (*next != '\n') {
            size_t first = strcspn(next, " \n");
            if (first > 0 && next[first - 1] == '.') first += 1 + strcspn(next + first + 1, " \n");
            CHECK_MSG(n + 1 + first > 79, "line of %zu, then '%.*s'", n, (int)first, next);
        }
        lines++;
        line = next;
    }
    CHECK_INT(long_words, 1);
    CHECK(lines >= 5);
    const char *first = "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6\n";
    CHECK(strncmp(body, first, strlen(first)) == 0);
    record *r = read_pgn(s.text);
    check_ok(r, 1);
    CHECK_INT(r->games[0].plies, 48);
}
