/*
 * cmd_960.c - `rankfile 960`: Chess960 start positions, random or by number, in 21 languages
 * and four output formats, with the derivation of each setup on request.
 */
#include "cli.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

enum {
    OPT_SEED = 1, OPT_COUNT, OPT_ALL, OPT_LANG, OPT_FEN, OPT_SHREDDER, OPT_VERBOSE, OPT_FORMAT,
    OPT_DOUBLE, OPT_SVG, OPT_DISTINCT
};

static const cli_option options[] = {
    {OPT_SEED, "seed", 0, "S",
     "draw from seed S (0-18446744073709551615) instead of OS entropy: the\n"
     "same seed gives the same positions on every platform"},
    {OPT_COUNT, "count", 0, "K", "K random positions (from one seed, one after the other)"},
    {OPT_DISTINCT, "distinct", 0, NULL,
     "with --count: K different positions (a repeat is drawn again), so\n"
     "K is at most 960 (with --double 921,600)"},
    {OPT_ALL, "all", 0, NULL,
     "all 960 setups in number order (with --double all 921,600 pairs,\n"
     "White's number first)"},
    {OPT_LANG, "lang", 'l', "CODE",
     "piece letters and greeting of a language (default en):\n"
     "no se(sv) dk(da) is fi ee(et) lt lv pl ir(ga) cy nl de en es fr\n"
     "cs hu it pt ro, in any case, or a locale (de_DE, sv_SE.UTF-8), or\n"
     "the language's English or own name (german, Deutsch);\n"
     "letters for King Queen Rook Bishop Knight, e.g.\n"
     "no KDTLS, de KDTLS, fr RDTFC, es RDTAC, nl KDHLP, pl KHWGS\n"
     "(the line, json's letters and --verbose use them; FENs and the map\n"
     "are always in English letters)"},
    {OPT_FEN, "fen", 'f', NULL,
     "after the line, the position's FEN (always in English letters),\n"
     "castling as X-FEN (KQkq)"},
    {OPT_SHREDDER, "shredder", 0, NULL,
     "castling in every FEN as rook files (HAha); implies --fen for lines"},
    {OPT_VERBOSE, "verbose", 'v', NULL,
     "show how the setup arises before it: for a random position each of the\n"
     "five draws, for a given number its digits in the mixed radix 4,4,6,10\n"
     "(with json: a \"derivation\" member, one string a step)"},
    {OPT_FORMAT, "format", 0, "FORMAT",
     "line: the line (default); fen: the FEN alone;\n"
     "map: '#N' and the 32 occupied squares, letter + l (light, White) or\n"
     "d (dark, Black): '#518 a1=rl b1=nl ... h8=rd';\n"
     "json: one object per position: number, white, black, language,\n"
     "letters, greeting, fen, shredder_fen (with --double: white_number and\n"
     "black_number instead of number); --json is the same"},
    {OPT_DOUBLE, "double", 0, NULL,
     "Double Fischer Random: White's and Black's setups drawn\n"
     "independently (921,600 setups); numbers shown as #W/#B, Black's rank\n"
     "after a '/' in lower case; 'rankfile 960 --double W B' gives one pair"},
    {OPT_SVG, "svg", 0, "FILE",
     "also draw the start position as an SVG image in FILE ('-': the image\n"
     "alone on standard output, instead of the answer). With --count, FILE\n"
     "is a pattern holding %d once (or %0Nd, zero-padded to N digits; %%\n"
     "for a %): one image per position, %d its place in the answer from 1,\n"
     "e.g. --count 8 --svg round-%d.svg writes round-1.svg ... round-8.svg.\n"
     "Not with --all"},
    {0, NULL, 0, NULL, NULL},
};

static const char *const intro[] = {
    "usage: rankfile 960 [N | random] [--seed S] [--count K [--distinct] | --all] [--lang CODE]\n"
    "                    [--fen] [--shredder] [--verbose] [--format line|fen|map|json] [--json]\n"
    "                    [--svg FILE | --svg PATTERN]\n"
    "       rankfile 960 --double [W B | random] [...the same options]\n"
    "\n"
    "Prints Chess960 (Fischer Random) start positions: a random one by default, number N\n"
    "(0-959, Scharnagl's numbering: 518 is the standard setup RNBQKBNR) when given, and every\n"
    "answer shows its number. A line holds two spaces, the eight pieces from the a-file in\n"
    "the language's letters, three spaces, the greeting, three spaces, '#' and the number.\n",
    NULL,
};

/* The help goes on in pieces: one string literal would outgrow the 4095 bytes C compilers must
 * take. */
static const char *const outro[] = {
    "A random position is drawn in five steps: light-squared bishop 0-3 (b d f h), dark-squared\n"
    "bishop 0-3 (a c e g), queen 0-5, first knight 0-4, second knight 0-3 (counting free\n"
    "squares from the a-file), then rook, king, rook on the three squares left. Every setup\n"
    "comes from exactly two of the 1920 draw sequences: each has probability exactly 1/960.\n"
    "The draws come from SplitMix64 seeded with S (or 64 bits of OS entropy):\n"
    "state += 0x9E3779B97F4A7C15; z = state; z = (z ^ z>>30) * 0xBF58476D1CE4E5B9;\n"
    "z = (z ^ z>>27) * 0x94D049BB133111EB; output z ^ z>>31. A draw 0..n-1 rejects outputs\n"
    "below 2^64 mod n and answers output mod n, without bias. Number N decodes as light\n"
    "bishop N mod 4, N /= 4; dark bishop N mod 4, N /= 4; queen N mod 6, N /= 6; knights on\n"
    "pair N of 01 02 03 04 12 13 14 23 24 34; rook, king, rook on the last three.\n",
    "\n"
    "examples:\n"
    "  rankfile 960 518\n"
    "      RNBQKBNR   Go for it!   #518\n"
    "  rankfile 960 0 --lang no --fen\n"
    "      LLDSSTKT   Lykke til!   #0\n"
    "    bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1\n"
    "  rankfile 960 959 --format fen --shredder\n"
    "    rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1\n"
    "  rankfile 960 --seed 42 --count 3        three positions, the same on every machine\n"
    "  rankfile 960 --count 7 --distinct --svg round-%d.svg   7 setups: round-1.svg ... round-7.svg\n"
    "  rankfile 960 --all --format fen         all 960 FENs in number order\n"
    "  rankfile 960 --double 518 0\n"
    "      RNBQKBNR/bbqnnrkr   Go for it!   #518/#0\n"
    "  rankfile 960 518 --verbose              how number 518 decodes, step by step\n"
    "\n"
    "exit status: 0 ok; 64 a bad option, number or language code; 70 no OS entropy;\n"
    "73 the SVG file cannot be created.\n",
    NULL,
};

enum { FORMAT_LINE, FORMAT_FEN, FORMAT_MAP, FORMAT_JSON };

typedef struct run960 {
    cli_common common;
    const rf_language *lang;
    int format;
    int fen;             /* --fen: the FEN after the line */
    unsigned fen_flags;  /* RF_FEN_SHREDDER */
    int verbose;
    int dbl;             /* --double */
} run960;

/* One side's setup and how it was reached: by draws (random) or from its number. */
typedef struct setup {
    int number;
    int drawn;
    rf_chess960_draws draws;
} setup;

/* The back rank of a setup in the language's letters, lower case for Black. */
static void letters_of(const run960 *o, int number, rf_color c, char out[9])
{
    char rank[9];
    rf_chess960_back_rank(rank, number);
    rf_language_translate(out, 9, o->lang, rank);
    if (c == RF_BLACK)
        for (int i = 0; i < 8; i++) out[i] = (char)tolower((unsigned char)out[i]);
}

/* The steps of a derivation, one line each, for the text and the JSON answer. */
typedef struct steps {
    int n;
    char line[RF_CHESS960_STEPS][RF_CHESS960_STEP_MAX];
} steps;

/* How a setup arises (rf_chess960_derivation): for drawn setups each draw, for given numbers
 * the digits of the number. */
static void derivation(const run960 *o, const setup *s, steps *out)
{
    int n = rf_chess960_derivation(out->line, o->lang, s->number, s->drawn ? &s->draws : NULL);
    out->n = n < 0 ? 0 : n;
}

static void put_fen(FILE *out, const rf_position *pos, unsigned flags)
{
    char fen[RF_FEN_MAX];
    rf_position_to_fen(fen, sizeof fen, pos, flags);
    fprintf(out, "%s\n", fen);
}

static void json_fen(cli_json *j, const char *key, const rf_position *pos, unsigned flags)
{
    char fen[RF_FEN_MAX];
    rf_position_to_fen(fen, sizeof fen, pos, flags);
    cli_json_kstr(j, key, fen);
}

static void json_steps(cli_json *j, const char *key, const steps *st)
{
    cli_json_key(j, key);
    cli_json_array(j);
    for (int i = 0; i < st->n; i++) cli_json_text(j, st->line[i]);
    cli_json_end(j);
}

/* --verbose's lines before a text answer: each side's derivation. */
static void emit_steps(const run960 *o, const setup *w, const setup *b, const steps *ws, const steps *bs)
{
    FILE *out = o->common.io->out;
    for (int side = 0; side < 1 + o->dbl; side++) {
        const steps *st = side ? bs : ws;
        if (o->dbl) fprintf(out, "%s, #%d:\n", side ? "black" : "white", side ? b->number : w->number);
        for (int i = 0; i < st->n; i++) fprintf(out, "  %s\n", st->line[i]);
    }
}

/* The map notation: the piece letter, then l for light (White) or d for dark. */
static void emit_map(const run960 *o, const setup *w, const setup *b, const rf_position *pos)
{
    FILE *out = o->common.io->out;
    static const int ranks[4] = {0, 1, 6, 7};
    if (o->dbl)
        fprintf(out, "#%d/#%d", w->number, b->number);
    else
        fprintf(out, "#%d", w->number);
    for (int r = 0; r < 4; r++)
        for (int f = 0; f < 8; f++) {
            rf_square sq = RF_SQUARE(f, ranks[r]);
            rf_piece pc = pos->board[sq];
            char name[3];
            rf_square_name(name, sq);
            fprintf(out, " %s=%c%c", name, rf_piece_to_char(pc | (RF_BLACK << 3)),
                    RF_PIECE_COLOR(pc) == RF_WHITE ? 'l' : 'd');
        }
    putc('\n', out);
}

static void emit_json(const run960 *o, const setup *w, const setup *b, const rf_position *pos, const char *wl,
                      const char *bl, const steps *ws, const steps *bs)
{
    char wr[9], br[9], letters[20];
    rf_chess960_back_rank(wr, w->number);
    rf_chess960_back_rank(br, b->number);
    for (int i = 0; i < 8; i++) br[i] = (char)tolower((unsigned char)br[i]);
    snprintf(letters, sizeof letters, "%s%s%s", wl, o->dbl ? "/" : "", o->dbl ? bl : "");
    cli_json j;
    cli_json_answer(&j, &o->common);
    if (o->dbl) {
        cli_json_kint(&j, "white_number", w->number);
        cli_json_kint(&j, "black_number", b->number);
    } else {
        cli_json_kint(&j, "number", w->number);
    }
    cli_json_kstr(&j, "white", wr);
    cli_json_kstr(&j, "black", br);
    cli_json_kstr(&j, "language", o->lang->code);
    cli_json_kstr(&j, "letters", letters);
    cli_json_kstr(&j, "greeting", o->lang->greeting);
    json_fen(&j, "fen", pos, 0);
    json_fen(&j, "shredder_fen", pos, RF_FEN_SHREDDER);
    if (o->verbose) {
        json_steps(&j, o->dbl ? "white_derivation" : "derivation", ws);
        if (o->dbl) json_steps(&j, "black_derivation", bs);
    }
    cli_json_end(&j);
}

/* Answers one position in the chosen format. */
static void emit(const run960 *o, const setup *w, const setup *b)
{
    FILE *out = o->common.io->out;
    rf_position pos;
    rf_chess960_double_position(&pos, w->number, b->number);
    char wl[9], bl[9];
    letters_of(o, w->number, RF_WHITE, wl);
    letters_of(o, b->number, RF_BLACK, bl);
    steps ws, bs;
    if (o->verbose) {
        derivation(o, w, &ws);
        if (o->dbl) derivation(o, b, &bs);
    }
    if (o->verbose && o->format != FORMAT_JSON) emit_steps(o, w, b, &ws, &bs);
    switch (o->format) {
    case FORMAT_LINE:
        if (o->dbl)
            fprintf(out, "  %s/%s   %s   #%d/#%d\n", wl, bl, o->lang->greeting, w->number, b->number);
        else
            fprintf(out, "  %s   %s   #%d\n", wl, o->lang->greeting, w->number);
        if (o->fen) put_fen(out, &pos, o->fen_flags);
        break;
    case FORMAT_FEN: put_fen(out, &pos, o->fen_flags); break;
    case FORMAT_MAP: emit_map(o, w, b, &pos); break;
    case FORMAT_JSON: emit_json(o, w, b, &pos, wl, bl, &ws, &bs); break;
    }
}

/* A random setup from the generator, keeping its draws for --verbose. */
static setup random_setup(rf_rng *rng)
{
    setup s;
    s.drawn = 1;
    s.number = rf_chess960_random(&s.draws, rng);
    return s;
}

static setup given_setup(int number)
{
    setup s;
    memset(&s, 0, sizeof s);
    s.number = number;
    return s;
}

/* --svg's value as a file name pattern: -1 when it is a plain name (no '%'); else 0 after
 * checking it holds one %d or %0Nd (N 1-9) and no other conversion but %%, or CLI_USAGE after
 * saying what is wrong. */
static int svg_pattern(const cli_common *common, const char *pattern)
{
    if (!strchr(pattern, '%')) return -1;
    int conversions = 0;
    char shown[64];
    for (const char *p = pattern; *p; p++) {
        if (*p != '%') continue;
        if (p[1] == '%') {
            p++;
            continue;
        }
        const char *c = p + 1;
        if (c[0] == '0' && c[1] >= '1' && c[1] <= '9') c += 2;
        if (*c != 'd')
            return cli_usage(common, "--svg pattern '%s': '%%%.*s' is not %%d or %%0Nd (%%%% "
                                      "writes a %%)",
                             cli_shown(pattern, strlen(pattern), shown),
                             (int)(*c ? c - p : c - p - 1), p + 1);
        conversions++;
        p = c;
    }
    if (conversions != 1)
        return cli_usage(common, "--svg pattern '%s' holds %d %%d; it needs one, the place of "
                                  "each position",
                         cli_shown(pattern, strlen(pattern), shown), conversions);
    return 0;
}

/* A checked pattern with its %d (or %0Nd) replaced by `index` and %% by %: the file name, or
 * NULL when it does not fit. */
static const char *svg_name(const char *pattern, unsigned long long index, char *out, size_t cap)
{
    size_t n = 0;
    for (const char *p = pattern; *p; p++) {
        char piece[32];
        size_t len;
        if (*p != '%') {
            piece[0] = *p;
            len = 1;
        } else if (p[1] == '%') {
            piece[0] = '%';
            len = 1;
            p++;
        } else {
            int width = p[1] == '0' ? p[2] - '0' : 0;
            len = (size_t)snprintf(piece, sizeof piece, "%0*llu", width, index);
            p += width ? 3 : 1;
        }
        if (n + len >= cap) return NULL;
        memcpy(out + n, piece, len);
        n += len;
    }
    out[n] = '\0';
    return out;
}

/* --svg: the start position's picture in the file (a pattern's name for position `index`),
 * and the answer as usual; with "-" the picture alone on standard output. */
static int emit_svg(const run960 *o, const setup *w, const setup *b, const char *path,
                    unsigned long long index)
{
    rf_position pos;
    char name[4096];
    rf_chess960_double_position(&pos, w->number, b->number);
    if (strchr(path, '%') && !svg_name(path, index, name, sizeof name)) {
        cli_error(&o->common, "cannot create a file for position %llu: the name from "
                                     "'%.100s' is too long", index, path);
        return CLI_CANTCREAT;
    }
    int st = cli_write_svg(&o->common, strchr(path, '%') ? name : path, &pos, NULL);
    if (st == CLI_OK && strcmp(path, "-") != 0) emit(o, w, b);
    return st;
}

/* What the command line asks for besides run960's output settings. */
typedef struct request {
    int have_seed, have_count, all, format_set, lang_set, distinct;
    uint64_t seed, count;
    const char *svg;
    int is_random, given[2]; /* the positional arguments: 'random' (or none), or the numbers */
} request;

/* --format's value into o->format; CLI_USAGE after an error, else -1. */
static int read_format(run960 *o, const char *v)
{
    static const char *const names[] = {"line", "fen", "map", "json"};
    char shown[64];
    int k = 0;
    while (k < 4 && strcmp(v, names[k]) != 0) k++;
    if (k == 4)
        return cli_usage(&o->common, "--format takes line, fen, map or json, not '%s'", cli_shown(v, strlen(v), shown));
    o->format = k; /* FORMAT_LINE, FORMAT_FEN, FORMAT_MAP, FORMAT_JSON in this order */
    return -1;
}

/* The options; -1 to go on, else the exit status. */
static int read_options(run960 *o, cli_args *a, request *r)
{
    int id, st;
    while ((id = cli_args_next(a)) > 0) {
        const char *v = a->value;
        switch (id) {
        case OPT_SEED:
            if (cli_parse_u64(&o->common, "--seed", v, 0, UINT64_MAX, &r->seed)) return CLI_USAGE;
            r->have_seed = 1;
            break;
        case OPT_COUNT:
            if (cli_parse_u64(&o->common, "--count", v, 1, 1000000000, &r->count)) return CLI_USAGE;
            r->have_count = 1;
            break;
        case OPT_ALL: r->all = 1; break;
        case OPT_LANG:
            o->lang = cli_language(&o->common, v);
            if (!o->lang) return CLI_USAGE;
            r->lang_set = 1;
            break;
        case OPT_FEN: o->fen = 1; break;
        case OPT_SHREDDER: o->fen_flags |= RF_FEN_SHREDDER; break;
        case OPT_VERBOSE: o->verbose = 1; break;
        case OPT_DOUBLE: o->dbl = 1; break;
        case OPT_SVG: r->svg = v; break;
        case OPT_DISTINCT: r->distinct = 1; break;
        case OPT_FORMAT:
            if ((st = read_format(o, v)) >= 0) return st;
            r->format_set = 1;
            break;
        default: break;
        }
    }
    return id == CLI_ARGS_STOP ? a->status : -1;
}

/* --json against --format; options with nothing to change say so rather than pass in silence.
 * -1 to go on, else the exit status. */
static int settle_format(run960 *o, const request *r)
{
    if (o->common.json) {
        if (r->format_set && o->format != FORMAT_JSON)
            return cli_usage(&o->common, "--json and --format %s contradict each other",
                             o->format == FORMAT_FEN   ? "fen"
                             : o->format == FORMAT_MAP ? "map"
                                                       : "line");
        o->format = FORMAT_JSON;
    }
    if (o->fen_flags & RF_FEN_SHREDDER) o->fen = 1;
    if (r->lang_set && (o->format == FORMAT_FEN || o->format == FORMAT_MAP) && !o->verbose)
        cli_warn(&o->common, "--format %s writes English letters; --lang changes nothing",
                 o->format == FORMAT_FEN ? "fen" : "map");
    if (o->fen && !(o->fen_flags & RF_FEN_SHREDDER) && o->format != FORMAT_LINE)
        cli_warn(&o->common, "--fen adds a FEN to the line form only; --format %s has %s",
                 o->format == FORMAT_FEN ? "fen" : o->format == FORMAT_MAP ? "map" : "json",
                 o->format == FORMAT_MAP ? "none" : "its own");
    if ((o->fen_flags & RF_FEN_SHREDDER) && o->format == FORMAT_MAP)
        cli_warn(&o->common, "--format map has no FEN; --shredder changes nothing");
    if ((o->fen_flags & RF_FEN_SHREDDER) && o->format == FORMAT_JSON)
        cli_warn(&o->common, "--format json has both FENs (fen, shredder_fen); --shredder "
                             "changes nothing");
    if (r->svg && strcmp(r->svg, "-") == 0 && (o->verbose || r->format_set || o->fen || r->lang_set))
        cli_warn(&o->common, "--svg - writes the image alone; the answer's options change "
                             "nothing");
    return -1;
}

/* The positional arguments: nothing or 'random', or the number(s) of the setup. -1 to go on,
 * else the exit status. */
static int read_numbers(const run960 *o, int nargs, char **args, request *r)
{
    int want = o->dbl ? 2 : 1;
    r->is_random = nargs == 0 || (nargs == 1 && strcmp(args[0], "random") == 0);
    if (r->is_random) return -1;
    if (nargs != want)
        return cli_usage(&o->common,
                         o->dbl ? "--double takes two numbers (White's and Black's) or "
                                  "'random', not %d arguments"
                                : "takes one number 0-959 or 'random', not %d arguments",
                         nargs);
    for (int i = 0; i < want; i++) {
        uint64_t v;
        if (!cli_number_u64(args[i], strlen(args[i]), &v) || v >= RF_CHESS960_COUNT)
            return cli_usage(&o->common, "'%s' is not a Chess960 number (0 to 959) or 'random'", args[i]);
        r->given[i] = (int)v;
    }
    return -1;
}

/* The number of setups there are: Chess960's, or Double Fischer Random's. */
static uint64_t setups_of(const run960 *o)
{
    return o->dbl ? (uint64_t)RF_CHESS960_COUNT * RF_CHESS960_COUNT : RF_CHESS960_COUNT;
}

/* The options that exclude each other or need another. -1 to go on, else the exit status. */
static int check_request(const run960 *o, const request *r)
{
    char shown[64];
    if (r->all && !r->is_random) return cli_usage(&o->common, "--all lists every setup; it takes no number");
    if (r->all && r->have_count) return cli_usage(&o->common, "--all and --count exclude each other");
    if (r->have_count && !r->is_random)
        return cli_usage(&o->common, "--count draws random positions; it takes no number");
    if (r->distinct && !r->have_count)
        return cli_usage(&o->common, "--distinct goes with --count (--all lists every "
                                     "setup once; a number is one setup)");
    if (r->distinct && r->count > setups_of(o))
        return cli_usage(&o->common, "--count %llu --distinct: there are only %llu %s", (unsigned long long)r->count,
                         (unsigned long long)setups_of(o),
                         o->dbl ? "Double Fischer Random setups" : "Chess960 setups");
    if (r->svg && r->all)
        return cli_usage(&o->common, "--svg draws one position, or with --count one a "
                                     "file; not with --all");
    int pattern = r->svg ? svg_pattern(&o->common, r->svg) : -1;
    if (pattern > 0) return pattern;
    if (r->svg && r->have_count && pattern < 0)
        return cli_usage(&o->common, "--svg with --count takes a pattern with %%d, one "
                                     "file a position (round-%%d.svg), not '%s'",
                         cli_shown(r->svg, strlen(r->svg), shown));
    if (r->have_seed && (r->all || !r->is_random))
        return cli_usage(&o->common, "--seed draws random positions; it goes with no number and not --all");
    return -1;
}

/* --all: every setup in number order (every pair with --double). */
static void list_all(const run960 *o)
{
    for (int w = 0; w < RF_CHESS960_COUNT; w++) {
        setup ws = given_setup(w);
        if (!o->dbl) {
            emit(o, &ws, &ws);
            continue;
        }
        for (int b = 0; b < RF_CHESS960_COUNT; b++) {
            setup bs = given_setup(b);
            emit(o, &ws, &bs);
        }
    }
}

/* --count random setups (each new with --distinct). Returns an exit status. */
static int draw_random(const run960 *o, const request *r)
{
    rf_rng rng;
    if (r->have_seed) {
        rf_rng_seed(&rng, (uint64_t)r->seed);
    } else if (rf_rng_seed_entropy(&rng) != RF_OK) {
        cli_error(&o->common, "cannot read entropy from the operating system "
                              "(getrandom, /dev/urandom); use --seed");
        return CLI_SOFTWARE;
    }
    /* --distinct: the setups given so far, one bit each; a repeat is drawn again. */
    unsigned char *seen = r->distinct ? calloc((size_t)(setups_of(o) + 7) / 8, 1) : NULL;
    if (r->distinct && !seen) {
        cli_error(&o->common, "out of memory");
        return CLI_SOFTWARE;
    }
    int st = CLI_OK;
    for (unsigned long long i = 0; i < r->count && st == CLI_OK;) {
        setup ws = random_setup(&rng);
        setup bs = o->dbl ? random_setup(&rng) : ws;
        if (seen) {
            size_t key = (size_t)ws.number * (o->dbl ? RF_CHESS960_COUNT : 1) + (size_t)(o->dbl ? bs.number : 0);
            if (seen[key / 8] & (1u << (key % 8))) continue;
            seen[key / 8] |= (unsigned char)(1u << (key % 8));
        }
        i++;
        if (r->svg)
            st = emit_svg(o, &ws, &bs, r->svg, i);
        else
            emit(o, &ws, &bs);
        if (ferror(o->common.io->out)) break;
    }
    free(seen);
    return st;
}

static int run(cli_io *io, int argc, char **argv)
{
    run960 o;
    cli_args a;
    request r;
    memset(&o, 0, sizeof o);
    memset(&r, 0, sizeof r);
    r.count = 1;
    cli_args_start(&a, &o.common, &cli_command_960, io, argc, argv);
    o.lang = rf_language_find("en");
    o.format = FORMAT_LINE;
    int st;
    if ((st = read_options(&o, &a, &r)) >= 0 || (st = settle_format(&o, &r)) >= 0 ||
        (st = read_numbers(&o, argc - a.rest, argv + a.rest, &r)) >= 0 || (st = check_request(&o, &r)) >= 0)
        return st;
    if (r.all) {
        list_all(&o);
        return cli_finish(&o.common, CLI_OK);
    }
    if (!r.is_random) {
        setup ws = given_setup(r.given[0]), bs = given_setup(o.dbl ? r.given[1] : r.given[0]);
        if (r.svg) return cli_finish(&o.common, emit_svg(&o, &ws, &bs, r.svg, 1));
        emit(&o, &ws, &bs);
        return cli_finish(&o.common, CLI_OK);
    }
    return cli_finish(&o.common, draw_random(&o, &r));
}

const cli_command cli_command_960 = {
    "960", "Chess960 start positions: random or by number, 21 languages", intro, options,
    CLI_COMMON_JSON, outro, run, NULL};
