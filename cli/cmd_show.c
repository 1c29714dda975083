/*
 * cmd_show.c - `rankfile show`: a picture of a position, as a terminal diagram, SVG or JSON,
 * with the last move, a king in check and an Atomic explosion marked. Also the SVG writer that
 * `rankfile 960 --svg` shares.
 */
#include "cli.h"

#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <langinfo.h>
#include <locale.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char help[] =
    "usage: rankfile show [FEN [MOVE ...]] [--unicode|--ascii] [--color WHEN] [--flip]\n"
    "                     [--no-coordinates] [--last MOVE] [--arrow MOVE ...] [--svg FILE]\n"
    "                     [--chess960] [--variant standard|atomic] [--json]\n"
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
    "\n"
    "options:\n"
    "  --unicode         chess symbols (outlined White, solid Black; needs a UTF-8 terminal)\n"
    "  --ascii           FEN letters (upper case White) and '.'\n"
    "                    default: symbols when the locale's character set is UTF-8\n"
    "                    (LC_ALL, LC_CTYPE or LANG), else letters\n"
    "  --color WHEN      squares in ANSI colours: auto (the default: when standard output is a\n"
    "                    terminal and NO_COLOR is unset or empty), always, never; or always\n"
    "                    with 16 or 256 colours ('auto' and 'always' pick 256 when TERM has\n"
    "                    '256color' or COLORTERM is set, else 16; TERM=dumb means no colour)\n"
    "  --flip            Black at the bottom\n"
    "  --no-coordinates  no file letters and rank numbers\n"
    "  --last MOVE       mark MOVE's two squares as the last move (UCI squares like e2e4,\n"
    "                    not checked against the position: for a FEN reached elsewhere)\n"
    "  --arrow MOVE      draw an arrow between two squares (UCI squares like g1f3; e4e4 draws\n"
    "                    a ring), SVG only; up to 16 arrows, repeat the option\n"
    "  --svg FILE        write an SVG image (400 x 400) to FILE instead of the diagram; '-' is\n"
    "                    standard output. One position: a FEN argument, or one line of input\n"
    "  --json            one object per position: {\"fen\",\"board\":[8 strings, rank 8\n"
    "                    first, '.' empty],\"side\",\"variant\",\"chess960\",\"check\":[king\n"
    "                    squares],\"checkers\":[squares],\"last_move\" (UCI or null),\n"
    "                    \"last_move_san\",\"moves_uci\":[...],\"moves_san\":[...],\n"
    "                    \"explosion\":[squares],\"arrows\":[...],\"result\",\"reason\"}\n"
    "                    or {\"input\",\"error\"}\n"
    "\n"
    "exit status: 0 ok; 64 usage error; 65 a bad FEN or move; 73 the SVG file cannot be\n"
    "created; 74 output cannot be written.\n"
    "\n"
    "examples:\n"
    "  rankfile show 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' e4 --ascii\n"
    "  rankfile show '8/8/8/8/8/8/8/4K2k w - - 0 1' --flip --color always\n"
    "  rankfile show --variant atomic 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'\n"
    "    e4 d5 exd5 --svg atomic.svg\n"
    "  rankfile 960 --format fen | rankfile show --svg start.svg --arrow b1c3\n";

enum { COLOR_AUTO, COLOR_ALWAYS, COLOR_NEVER, COLOR_16, COLOR_256 };

typedef struct show_options {
    cli_common common;
    rf_render_options render; /* flags and arrows; the marks are set per position */
    const char *svg;          /* --svg FILE, or NULL */
    int have_last;            /* --last */
    rf_square last_from, last_to;
    char last_text[RF_UCI_MAX];
    char arrow_text[RF_RENDER_MAX_ARROWS][RF_UCI_MAX];
} show_options;

int cli_write_svg(const char *command, const char *path, const rf_position *pos,
                  const rf_render_options *opt)
{
    static char svg[RF_RENDER_SVG_MAX];
    size_t n = rf_render_svg(pos, opt, svg, sizeof svg);
    if (strcmp(path, "-") == 0) {
        fwrite(svg, 1, n, stdout); /* a failure shows in cli_finish */
        return CLI_OK;
    }
    FILE *f = fopen(path, "w");
    if (!f) {
        cli_error(command, "cannot create '%s': %s", path, strerror(errno));
        return CLI_CANTCREAT;
    }
    int ok = fwrite(svg, 1, n, f) == n;
    ok &= fclose(f) == 0;
    if (!ok) {
        cli_error(command, "cannot write '%s': %s", path, strerror(errno ? errno : EIO));
        return CLI_IOERR;
    }
    return CLI_OK;
}

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
static unsigned color_flags(int when)
{
    const char *term = getenv("TERM"), *colorterm = getenv("COLORTERM"),
               *no_color = getenv("NO_COLOR");
    if (when == COLOR_NEVER) return 0;
    if (when == COLOR_16) return RF_RENDER_COLOR_16;
    if (when == COLOR_256) return RF_RENDER_COLOR_256;
    if (when == COLOR_AUTO) {
        /* no-color.org: NO_COLOR set to anything but the empty string turns colour off, and an
         * explicit --color always overrides it. */
        if (!isatty(STDOUT_FILENO) || (no_color && *no_color)) return 0;
        if (term && strcmp(term, "dumb") == 0) return 0;
    }
    if ((colorterm && *colorterm) || (term && strstr(term, "256color")))
        return RF_RENDER_COLOR_256;
    return RF_RENDER_COLOR_16;
}

static void json_squares(rf_bitboard set)
{
    putchar('[');
    for (rf_square sq = 0; sq < 64; sq++) {
        if (!(set >> sq & 1)) continue;
        char name[3];
        rf_square_name(sq, name);
        printf("%s\"%s\"", set & ((((rf_bitboard)1) << sq) - 1) ? "," : "", name);
    }
    putchar(']');
}

/* The moves played, in both notations. */
typedef struct played {
    int count;
    char (*uci)[RF_UCI_MAX];
    char (*san)[RF_SAN_MAX];
} played;

/* Writes ,"KEY":[...] for n strings of `stride` bytes each. */
static void json_list(const char *key, const char *items, size_t stride, int n)
{
    printf(",\"%s\":[", key);
    for (int i = 0; i < n; i++) printf("%s\"%s\"", i ? "," : "", items + (size_t)i * stride);
    putchar(']');
}

static void print_json(const show_options *o, const rf_position *pos,
                       const rf_render_options *r, const played *p)
{
    char fen[RF_FEN_MAX];
    rf_position_to_fen(pos, fen, sizeof fen, 0);
    fputs("{\"fen\":", stdout);
    cli_json_string(stdout, fen, strlen(fen));
    fputs(",\"board\":[", stdout);
    for (int rank = 7; rank >= 0; rank--) {
        char row[9];
        for (int file = 0; file < 8; file++)
            row[file] = rf_piece_to_char(pos->board[RF_SQUARE(file, rank)]);
        printf("%s\"%.8s\"", rank < 7 ? "," : "", row);
    }
    printf("],\"side\":\"%s\",\"variant\":\"%s\",\"chess960\":%s,\"check\":",
           pos->side == RF_WHITE ? "white" : "black",
           pos->variant == RF_ATOMIC ? "atomic" : "standard", pos->chess960 ? "true" : "false");
    json_squares(r->check);
    fputs(",\"checkers\":", stdout);
    json_squares(rf_checkers(pos));
    if (p->count)
        printf(",\"last_move\":\"%s\",\"last_move_san\":\"%s\"", p->uci[p->count - 1],
               p->san[p->count - 1]);
    else if (o->have_last)
        printf(",\"last_move\":\"%s\",\"last_move_san\":null", o->last_text);
    else
        fputs(",\"last_move\":null,\"last_move_san\":null", stdout);
    json_list("moves_uci", p->count ? p->uci[0] : "", RF_UCI_MAX, p->count);
    json_list("moves_san", p->count ? p->san[0] : "", RF_SAN_MAX, p->count);
    fputs(",\"explosion\":", stdout);
    json_squares(r->explosion);
    json_list("arrows", o->arrow_text[0], RF_UCI_MAX, (int)o->render.arrow_count);
    rf_outcome oc = rf_position_outcome(pos);
    printf(",\"result\":\"%s\",\"reason\":\"%s\"}\n", rf_result_name(oc.result),
           rf_reason_name(oc.reason));
}

/* Reports a bad position or move: on stderr, and in batch mode also in place on stdout. */
static int fail(const show_options *o, const char *where, const char *input, size_t len,
                const char *message, int batch)
{
    if (where)
        cli_error(o->common.command, "%s: %s", where, message);
    else
        cli_error(o->common.command, "%s", message);
    if (o->common.json) {
        fputs("{\"input\":", stdout);
        cli_json_string(stdout, input, len);
        fputs(",\"error\":", stdout);
        cli_json_string(stdout, message, strlen(message));
        puts("}");
    } else if (batch) {
        printf("error %s\n", message);
    }
    return CLI_DATAERR;
}

/* Answers one position: `text` (len bytes) and the moves to play on it. `where` names the input
 * in messages, or is NULL; `batch` says whether an error is also answered on stdout. Returns 0
 * or an exit code. */
static int answer(const show_options *o, const char *text, size_t len, char **moves, int nmoves,
                  const char *where, int batch)
{
    rf_position pos, before;
    rf_error err;
    unsigned flags = (o->common.chess960 ? RF_PARSE_CHESS960 : 0) |
                     (o->common.variant == RF_ATOMIC ? RF_PARSE_ATOMIC : 0);
    if (rf_position_parse(&pos, text, len, flags, RF_ACCEPT_DEFAULT, &err) != RF_OK)
        return fail(o, where, text, len, err.message, batch);

    played p = {0, NULL, NULL};
    if (nmoves) {
        p.uci = calloc((size_t)nmoves, sizeof *p.uci);
        p.san = calloc((size_t)nmoves, sizeof *p.san);
        if (!p.uci || !p.san) {
            free(p.uci);
            free(p.san);
            cli_error(o->common.command, "out of memory");
            return CLI_SOFTWARE;
        }
    }
    rf_move last = RF_MOVE_NONE;
    before = pos;
    for (int i = 0; i < nmoves; i++) {
        rf_move m;
        if (rf_move_parse(&m, &pos, moves[i], strlen(moves[i]), &err) != RF_OK) {
            /* The library's message reads "move: 'TEXT' ..."; name the move's number too. */
            char msg[200];
            const char *what = err.message;
            if (strncmp(what, "move: ", 6) == 0) what += 6;
            snprintf(msg, sizeof msg, "move %d: %s", i + 1, what);
            free(p.uci);
            free(p.san);
            return fail(o, where, text, len, msg, batch);
        }
        rf_move_to_uci(&pos, m, p.uci[i], RF_UCI_MAX);
        rf_move_to_san(&pos, m, p.san[i], RF_SAN_MAX);
        before = pos;
        rf_position_play(&pos, m);
        last = m;
        p.count = i + 1;
    }

    rf_render_options r = o->render;
    rf_render_mark(&r, &pos, last != RF_MOVE_NONE ? &before : NULL, last);
    if (o->have_last) r.last_move = ((rf_bitboard)1 << o->last_from) | ((rf_bitboard)1 << o->last_to);

    int status = CLI_OK;
    if (o->svg) status = cli_write_svg(o->common.command, o->svg, &pos, &r);
    if (status == CLI_OK && o->common.json) {
        print_json(o, &pos, &r, &p);
    } else if (status == CLI_OK && !o->svg) {
        static char text_out[RF_RENDER_TEXT_MAX];
        rf_render_text(&pos, &r, text_out, sizeof text_out);
        fputs(text_out, stdout);
    }
    free(p.uci);
    free(p.san);
    return status;
}

int cli_cmd_show(int argc, char **argv)
{
    enum {
        OPT_UNICODE = CLI_OPT_FIRST_FREE, OPT_ASCII, OPT_COLOR, OPT_FLIP, OPT_NO_COORDS,
        OPT_LAST, OPT_ARROW, OPT_SVG
    };
    static const struct option longopts[] = {
        CLI_COMMON_LONG_OPTIONS,
        {"unicode", no_argument, NULL, OPT_UNICODE},
        {"ascii", no_argument, NULL, OPT_ASCII},
        {"color", required_argument, NULL, OPT_COLOR},
        {"colour", required_argument, NULL, OPT_COLOR},
        {"flip", no_argument, NULL, OPT_FLIP},
        {"no-coordinates", no_argument, NULL, OPT_NO_COORDS},
        {"last", required_argument, NULL, OPT_LAST},
        {"arrow", required_argument, NULL, OPT_ARROW},
        {"svg", required_argument, NULL, OPT_SVG},
        {NULL, 0, NULL, 0},
    };
    static show_options o;
    memset(&o, 0, sizeof o);
    o.common.command = "show";
    int unicode = -1, when = COLOR_AUTO, c;
    cli_getopt_reset();
    while ((c = getopt_long(argc, argv, ":", longopts, NULL)) != -1) {
        switch (c) {
        case OPT_UNICODE: unicode = 1; break;
        case OPT_ASCII: unicode = 0; break;
        case OPT_FLIP: o.render.flags |= RF_RENDER_FLIP; break;
        case OPT_NO_COORDS: o.render.flags |= RF_RENDER_NO_COORDINATES; break;
        case OPT_COLOR:
            if (strcmp(optarg, "auto") == 0)
                when = COLOR_AUTO;
            else if (strcmp(optarg, "always") == 0)
                when = COLOR_ALWAYS;
            else if (strcmp(optarg, "never") == 0)
                when = COLOR_NEVER;
            else if (strcmp(optarg, "16") == 0)
                when = COLOR_16;
            else if (strcmp(optarg, "256") == 0)
                when = COLOR_256;
            else
                return cli_usage(o.common.command,
                                 "--color takes auto, always, never, 16 or 256, not '%s'", optarg);
            break;
        case OPT_LAST:
            if (!parse_squares(optarg, &o.last_from, &o.last_to))
                return cli_usage(o.common.command,
                                 "--last takes a move as two squares (e2e4), not '%s'", optarg);
            o.have_last = 1;
            rf_square_name(o.last_from, o.last_text);
            rf_square_name(o.last_to, o.last_text + 2);
            break;
        case OPT_ARROW: {
            unsigned n = o.render.arrow_count;
            if (n == RF_RENDER_MAX_ARROWS)
                return cli_usage(o.common.command, "at most %d arrows", RF_RENDER_MAX_ARROWS);
            if (!parse_squares(optarg, &o.render.arrow_from[n], &o.render.arrow_to[n]))
                return cli_usage(o.common.command,
                                 "--arrow takes two squares (g1f3), not '%s'", optarg);
            rf_square_name(o.render.arrow_from[n], o.arrow_text[n]);
            rf_square_name(o.render.arrow_to[n], o.arrow_text[n] + 2);
            o.render.arrow_count = n + 1;
            break;
        }
        case OPT_SVG: o.svg = optarg; break;
        default: {
            int r = cli_common_option(&o.common, c, help, argv);
            if (r >= 0) return r;
        }
        }
    }
    if (o.svg && o.common.json && strcmp(o.svg, "-") == 0)
        return cli_usage(o.common.command, "--svg - and --json both want standard output");
    if (o.have_last && argc - optind > 1)
        return cli_usage(o.common.command, "--last marks a move; moves after the FEN already do");
    if (!o.svg && !o.common.json) {
        if (unicode < 0) unicode = locale_is_utf8();
        if (unicode) o.render.flags |= RF_RENDER_UNICODE;
        o.render.flags |= color_flags(when);
    }

    if (optind < argc) {
        int st = answer(&o, argv[optind], strlen(argv[optind]), argv + optind + 1,
                        argc - optind - 1, NULL, 0);
        return cli_finish(o.common.command, st);
    }

    static char line[CLI_MAX_LINE];
    size_t len;
    int too_long, status = CLI_OK;
    unsigned long lineno = 0;
    while (cli_read_line(stdin, line, sizeof line, &len, &too_long)) {
        char where[40];
        snprintf(where, sizeof where, "line %lu", ++lineno);
        if (lineno > 1 && !o.common.json) putchar('\n');
        if (too_long) {
            char msg[64];
            snprintf(msg, sizeof msg, "line longer than %d bytes", CLI_MAX_LINE - 1);
            status = fail(&o, where, "", 0, msg, 1);
            continue;
        }
        if (o.svg) {
            /* Only one position may come: look for a second line before writing the file. */
            static char first[CLI_MAX_LINE];
            size_t first_len = len;
            memcpy(first, line, len + 1);
            if (cli_read_line(stdin, line, sizeof line, &len, &too_long))
                return cli_usage(o.common.command,
                                 "--svg draws one position; standard input holds more than one");
            return cli_finish(o.common.command, answer(&o, first, first_len, NULL, 0, where, 0));
        }
        int st = answer(&o, line, len, NULL, 0, where, 1);
        if (st != CLI_OK) status = st;
    }
    if (lineno == 0 && o.svg) return cli_usage(o.common.command, "no position on standard input");
    return cli_finish(o.common.command, status);
}
