/*
 * cmd_show.c - `rankfile show`: a picture of a position, as a terminal diagram, SVG or JSON,
 * with the last move, a king in check and an Atomic explosion marked. Also the SVG writer that
 * `rankfile 960 --svg` shares.
 */
#include "cli.h"

#include <ctype.h>
#include <errno.h>
#include <langinfo.h>
#include <locale.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum {
    OPT_UNICODE = 1, OPT_ASCII, OPT_COLOR, OPT_COLOUR, OPT_FLIP, OPT_NO_COORDS, OPT_LAST,
    OPT_ARROW, OPT_SVG
};

static const cli_option options[] = {
    {OPT_UNICODE, "unicode", 0, NULL, "chess symbols (outlined White, solid Black; needs UTF-8)"},
    {OPT_ASCII, "ascii", 0, NULL,
     "FEN letters (upper case White) and '.'\n"
     "default: symbols when the locale's character set is UTF-8\n"
     "(LC_ALL, LC_CTYPE or LANG), else letters"},
    {OPT_COLOR, "color", 0, "WHEN",
     "squares in ANSI colours: auto (the default: when standard output is a\n"
     "terminal and NO_COLOR is unset or empty), always, never; or always\n"
     "with 16 or 256 colours ('auto' and 'always' pick 256 when TERM has\n"
     "'256color' or COLORTERM is set, else 16; TERM=dumb means no colour)"},
    {OPT_COLOUR, "colour", 0, "WHEN", "the same as --color"},
    {OPT_FLIP, "flip", 0, NULL, "Black at the bottom"},
    {OPT_NO_COORDS, "no-coordinates", 0, NULL, "no file letters and rank numbers"},
    {OPT_LAST, "last", 0, "MOVE",
     "mark MOVE's two squares as the last move (UCI squares like e2e4,\n"
     "not checked against the position: for a FEN reached elsewhere)"},
    {OPT_ARROW, "arrow", 0, "MOVE",
     "draw an arrow between two squares (g1f3; e4e4 draws a ring), in the\n"
     "SVG image only (with --svg); up to 16 arrows, repeat the option"},
    {OPT_SVG, "svg", 0, "FILE",
     "write an SVG image (400 x 400) to FILE instead of the diagram; '-' is\n"
     "standard output. One position: a FEN argument, or one line of input"},
    {0, NULL, 0, NULL, NULL},
};

static const char *const intro[] = {
    "usage: rankfile show [FEN [MOVE ...]] [--unicode|--ascii] [--color WHEN] [--flip]\n"
    "                     [--no-coordinates] [--last MOVE] [--arrow MOVE ...] [--svg FILE]\n"
    "                     [--chess960] [--variant NAME] [--json]\n"
    "\n"
    "Draws the position: a diagram for the terminal (rank 8 at the top, the file letters\n"
    "below, then the side to move and how the game stands), an SVG image (--svg), or JSON.\n"
    "MOVEs after the FEN (UCI or SAN, as for 'rankfile play') are played first and the last\n"
    "one is marked, with the squares its capture exploded in Atomic chess (--variant atomic).\n"
    "A king in check is always marked. With no FEN, each line of standard input is a position\n"
    "and gets its own diagram, diagrams separated by a blank line (with --json one object per\n"
    "line); a bad line is answered 'error MESSAGE' in its place.\n"
    "\n"
    "Without colour, marks bracket the square: [P] last move, <K> king in check, *.* exploded;\n"
    "a last line says which marks appear. With colour they are background colours.\n"
    "Options that change only the terminal diagram (--unicode, --ascii, --color) or only the\n"
    "image (--arrow) warn when they have nothing to change.\n",
    NULL,
};

static const char *const outro[] = {
    "JSON: one object per position: {\"fen\",\"board\":[8 strings, rank 8 first, '.' empty],\n"
    "\"side\",\"variant\",\"chess960\",\"check\":[king squares],\"checkers\":[squares],\n"
    "\"last_move\" (UCI or null),\"last_move_san\",\"moves_uci\":[...],\"moves_san\":[...],\n"
    "\"explosion\":[squares],\"arrows\":[...],\"result\",\"reason\"} or {\"input\",\"error\"}.\n"
    "\n"
    "exit status: 0 ok; 64 usage error; 65 a bad FEN or move; 73 the SVG file cannot be\n"
    "created; 74 output cannot be written.\n"
    "\n"
    "examples:\n"
    "  rankfile show 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' e4 --ascii\n"
    "  rankfile show '8/8/8/8/8/8/8/4K2k w - - 0 1' --flip --color always\n"
    "  rankfile show --variant atomic 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'\n"
    "    e4 d5 exd5 --svg atomic.svg\n"
    "  rankfile 960 --format fen | rankfile show --svg start.svg --arrow b1c3\n",
    NULL,
};

enum { COLOR_AUTO, COLOR_ALWAYS, COLOR_NEVER, COLOR_16, COLOR_256 };

typedef struct show_options {
    cli_common common;
    char **moves; /* the moves after a FEN argument */
    int nmoves;
    unsigned long answered;
    rf_render_options render; /* flags and arrows; the marks are set per position */
    const char *svg;          /* --svg FILE, or NULL */
    int have_last;            /* --last */
    rf_square last_from, last_to;
    char last_text[RF_UCI_MAX];
    char arrow_text[RF_RENDER_MAX_ARROWS][RF_UCI_MAX];
    int charset;     /* 0: as the locale says, 1: --unicode, 2: --ascii */
    int when;        /* --color: COLOR_* */
    int color_given; /* --color or --colour appeared */
} show_options;

/* Reads two squares in UCI form ("e2e4", also with a promotion letter "e7e8q"). */
static int parse_squares(const char *text, rf_square *from, rf_square *to)
{
    size_t len = strlen(text);
    if (len != 4 && !(len == 5 && strchr("qrbnQRBN", text[4]))) return 0;
    *from = rf_square_parse(text, 2);
    *to = rf_square_parse(text + 2, 2);
    return *from != RF_NO_SQUARE && *to != RF_NO_SQUARE;
}

/* Whether the locale's character set is UTF-8. The program's locale is asked first (LC_CTYPE
 * from the environment); when that locale is not installed, the variables are read as the C
 * library would pick them: LC_ALL, then LC_CTYPE, then LANG, the first one set and not empty. */
static int locale_is_utf8(void)
{
    if (setlocale(LC_CTYPE, "")) {
        const char *set = nl_langinfo(CODESET);
        int utf8 = set && (strcmp(set, "UTF-8") == 0 || strcmp(set, "utf-8") == 0 ||
                           strcmp(set, "utf8") == 0);
        setlocale(LC_CTYPE, "C");
        return utf8;
    }
    static const char *const vars[] = {"LC_ALL", "LC_CTYPE", "LANG"};
    for (int i = 0; i < 3; i++) {
        const char *v = getenv(vars[i]);
        if (!v || !*v) continue;
        char low[64];
        size_t n = 0;
        for (; v[n] && n + 1 < sizeof low; n++) low[n] = (char)tolower((unsigned char)v[n]);
        low[n] = '\0';
        return strstr(low, "utf-8") != NULL || strstr(low, "utf8") != NULL;
    }
    return 0;
}

/* The RF_RENDER_COLOR_* flag for --color WHEN. */
static unsigned color_flags(FILE *out, int when)
{
    const char *term = getenv("TERM"), *colorterm = getenv("COLORTERM"),
               *no_color = getenv("NO_COLOR");
    if (when == COLOR_NEVER) return 0;
    if (when == COLOR_16) return RF_RENDER_COLOR_16;
    if (when == COLOR_256) return RF_RENDER_COLOR_256;
    if (when == COLOR_AUTO) {
        /* no-color.org: NO_COLOR set to anything but the empty string turns colour off, and an
         * explicit --color always overrides it. */
        if (fileno(out) < 0 || !isatty(fileno(out)) || (no_color && *no_color)) return 0;
        if (term && strcmp(term, "dumb") == 0) return 0;
    }
    if ((colorterm && *colorterm) || (term && strstr(term, "256color")))
        return RF_RENDER_COLOR_256;
    return RF_RENDER_COLOR_16;
}

/* The moves played, in both notations. */
typedef struct played {
    int count;
    char (*uci)[RF_UCI_MAX];
    char (*san)[RF_SAN_MAX];
} played;

/* Writes "KEY":[...] for n strings of `stride` bytes each. */
static void json_list(cli_json *j, const char *key, const char *items, size_t stride, int n)
{
    cli_json_key(j, key);
    cli_json_array(j);
    for (int i = 0; i < n; i++) cli_json_text(j, items + (size_t)i * stride);
    cli_json_end(j);
}

static void print_json(const show_options *o, const rf_position *pos,
                       const rf_render_options *r, const played *p)
{
    cli_json j;
    cli_json_answer_fen(&j, &o->common, pos);
    cli_json_key(&j, "board");
    cli_json_array(&j);
    for (int rank = 7; rank >= 0; rank--) {
        char row[8];
        for (int file = 0; file < 8; file++)
            row[file] = rf_piece_to_char(pos->board[RF_SQUARE(file, rank)]);
        cli_json_string(&j, row, 8);
    }
    cli_json_end(&j);
    cli_json_kstr(&j, "side", pos->side == RF_WHITE ? "white" : "black");
    cli_json_kstr(&j, "variant", rf_variant_name((rf_variant)pos->variant));
    cli_json_kbool(&j, "chess960", pos->chess960);
    cli_json_key(&j, "check");
    cli_json_squares(&j, r->check);
    cli_json_key(&j, "checkers");
    cli_json_squares(&j, rf_checkers(pos));
    cli_json_kstr(&j, "last_move", p->count ? p->uci[p->count - 1] : o->have_last ? o->last_text : NULL);
    cli_json_kstr(&j, "last_move_san", p->count ? p->san[p->count - 1] : NULL);
    json_list(&j, "moves_uci", p->count ? p->uci[0] : "", RF_UCI_MAX, p->count);
    json_list(&j, "moves_san", p->count ? p->san[0] : "", RF_SAN_MAX, p->count);
    cli_json_key(&j, "explosion");
    cli_json_squares(&j, r->explosion);
    json_list(&j, "arrows", o->arrow_text[0], RF_UCI_MAX, (int)o->render.arrow_count);
    rf_outcome oc = rf_position_outcome(pos);
    cli_json_kstr(&j, "result", rf_result_name(oc.result));
    cli_json_kstr(&j, "reason", oc.code);
    cli_json_end(&j);
}

/* Answers one position: `text` (len bytes) and the moves to play on it. */
static int answer(void *ctx, const char *text, size_t len, const cli_where *where)
{
    show_options *o = ctx;
    rf_position pos, before;
    rf_error err;
    /* Diagrams of a batch are separated by a blank line. */
    if (o->answered++ && !o->common.json && !o->svg) putc('\n', o->common.io->out);
    int st = cli_position_read(&o->common, where, text, len, &pos, NULL);
    if (st) return st;
    int nmoves = o->nmoves;
    played p = {0, NULL, NULL};
    if (nmoves) {
        p.uci = calloc((size_t)nmoves, sizeof *p.uci);
        p.san = calloc((size_t)nmoves, sizeof *p.san);
        if (!p.uci || !p.san) {
            free(p.uci);
            free(p.san);
            cli_error(&o->common, "out of memory");
            return CLI_SOFTWARE;
        }
    }
    rf_move last = RF_MOVE_NONE;
    before = pos;
    for (int i = 0; i < nmoves; i++) {
        rf_move m;
        const char *move = o->moves[i];
        if (rf_move_parse(&m, &pos, move, strlen(move), &err) != RF_OK) {
            /* The library's message without its "move: " context; name the move's number too. */
            const char *what = err.message + err.detail;
            free(p.uci);
            free(p.san);
            return cli_fail(&o->common, where, text, len, NULL, "move %d: %s", i + 1, what);
        }
        rf_move_to_uci(p.uci[i], RF_UCI_MAX, &pos, m);
        rf_move_to_san(p.san[i], RF_SAN_MAX, &pos, m);
        before = pos;
        rf_position_play(&pos, m);
        last = m;
        p.count = i + 1;
    }

    rf_render_options r = o->render;
    rf_render_mark(&r, &pos, last != RF_MOVE_NONE ? &before : NULL, last);
    if (o->have_last) r.last_move = ((rf_bitboard)1 << o->last_from) | ((rf_bitboard)1 << o->last_to);

    int status = CLI_OK;
    if (o->svg) status = cli_write_svg(&o->common, o->svg, &pos, &r);
    if (status == CLI_OK && o->common.json) {
        print_json(o, &pos, &r, &p);
    } else if (status == CLI_OK && !o->svg) {
        char text_out[RF_RENDER_TEXT_MAX];
        rf_render_text(text_out, sizeof text_out, &pos, &r);
        fputs(text_out, o->common.io->out);
    }
    free(p.uci);
    free(p.san);
    return status;
}

/* --svg with positions on standard input: exactly one line may come (read with *lines; the
 * first kept in first[CLI_MAX_LINE]). */
static int svg_one_line(show_options *o, cli_lines *lines, char *first)
{
    cli_input_notice(&o->common, "a position");
    cli_lines_start(lines, o->common.io->in, o->common.io->out);
    if (!cli_lines_next(lines)) {
        int failed = cli_lines_failed(&o->common, lines, "standard input");
        return failed ? failed : cli_usage(&o->common, "no position on standard input");
    }
    cli_where w = {NULL, "line", 1, 0};
    if (lines->too_long)
        return cli_fail(&o->common, &w, "", 0, NULL, "longer than %d bytes", CLI_MAX_LINE - 1);
    size_t len = lines->len;
    memcpy(first, lines->buf, len + 1);
    if (cli_lines_next(lines))
        return cli_usage(&o->common,
                         "--svg draws one position; standard input holds more than one");
    return cli_finish(&o->common, answer(o, first, len, &w));
}

static int svg_from_stdin(show_options *o)
{
    cli_lines *lines = malloc(sizeof *lines);
    char *first = malloc(CLI_MAX_LINE);
    int st = CLI_SOFTWARE;
    if (lines && first)
        st = svg_one_line(o, lines, first);
    else
        cli_error(&o->common, "out of memory");
    free(lines);
    free(first);
    return st;
}

/* --color WHEN, --last MOVE, --arrow MOVE; 0 or a usage error. */
static int option_value(show_options *o, int id, const char *v)
{
    static const char *const whens[] = {"auto", "always", "never", "16", "256"};
    static const int codes[] = {COLOR_AUTO, COLOR_ALWAYS, COLOR_NEVER, COLOR_16, COLOR_256};
    char shown[64];
    int k = 0;
    unsigned n = o->render.arrow_count;
    switch (id) {
    case OPT_LAST:
        if (!parse_squares(v, &o->last_from, &o->last_to))
            return cli_usage(&o->common, "--last takes a move as two squares (e2e4), not '%s'",
                             cli_shown(v, strlen(v), shown));
        o->have_last = 1;
        rf_square_name(o->last_text, o->last_from);
        rf_square_name(o->last_text + 2, o->last_to);
        return 0;
    case OPT_ARROW:
        if (n == RF_RENDER_MAX_ARROWS)
            return cli_usage(&o->common, "at most %d arrows", RF_RENDER_MAX_ARROWS);
        if (!parse_squares(v, &o->render.arrow_from[n], &o->render.arrow_to[n]))
            return cli_usage(&o->common, "--arrow takes two squares (g1f3), not '%s'",
                             cli_shown(v, strlen(v), shown));
        rf_square_name(o->arrow_text[n], o->render.arrow_from[n]);
        rf_square_name(o->arrow_text[n] + 2, o->render.arrow_to[n]);
        o->render.arrow_count = n + 1;
        return 0;
    default: /* --color, --colour */
        while (k < 5 && strcmp(v, whens[k]) != 0) k++;
        if (k == 5)
            return cli_usage(&o->common, "--color takes auto, always, never, 16 or 256, not '%s'",
                             cli_shown(v, strlen(v), shown));
        o->when = codes[k];
        o->color_given = 1;
        return 0;
    }
}

static int option(void *run, int id, const char *v)
{
    show_options *o = run;
    switch (id) {
    case OPT_UNICODE: o->charset = 1; return 0;
    case OPT_ASCII: o->charset = 2; return 0;
    case OPT_FLIP: o->render.flags |= RF_RENDER_FLIP; return 0;
    case OPT_NO_COORDS: o->render.flags |= RF_RENDER_NO_COORDINATES; return 0;
    case OPT_SVG: o->svg = v; return 0;
    default: return option_value(o, id, v);
    }
}

/* FEN [MOVE...] answers one position; none, each line of standard input (one with --svg). */
static int ready(void *run, int *n, char ***args)
{
    show_options *o = run;
    if (o->svg && o->common.json && strcmp(o->svg, "-") == 0)
        return cli_usage(&o->common, "--svg - and --json both want standard output");
    if (o->have_last && *n > 1)
        return cli_usage(&o->common, "--last marks a move; moves after the FEN already do");
    /* Options with nothing to change say so rather than pass in silence. */
    if (o->render.arrow_count && !o->svg)
        cli_warn(&o->common, "arrows are drawn only in the SVG image; --arrow needs --svg");
    if ((o->svg || o->common.json) && (o->charset || o->color_given))
        cli_warn(&o->common, "--unicode, --ascii and --color change only the terminal "
                             "diagram, not %s", o->svg ? "the SVG image" : "JSON");
    if (!o->svg && !o->common.json) {
        if (o->charset == 1 || (o->charset == 0 && locale_is_utf8()))
            o->render.flags |= RF_RENDER_UNICODE;
        o->render.flags |= color_flags(o->common.io->out, o->when);
    }
    if (*n > 0) {
        o->moves = *args + 1;
        o->nmoves = *n - 1;
        *n = 1;
        return -1;
    }
    return o->svg ? svg_from_stdin(o) : -1;
}

static const cli_batch_spec batch = {sizeof(show_options), option, 0, ready, answer, NULL, NULL};

const cli_command cli_command_show = {
    "show", "draw a position: terminal diagram, SVG image or JSON", intro, options,
    CLI_COMMON_POSITION | CLI_COMMON_JSON, outro, NULL, &batch};
