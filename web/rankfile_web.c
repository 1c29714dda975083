/*
 * rankfile_web.c - the WebAssembly glue of the web page (web/index.html): a few functions that
 * take text and answer one JSON object, built with the library alone (the page's contract:
 * docs/web.md). Everything about chess
 * (legality, SAN, status, Chess960 numbers, the SVG board) comes from librankfile; the page's
 * JavaScript only shows what these answer.
 *
 * Every answer is {"ok":true,...} or {"ok":false,"field":F,"error":MESSAGE}, where F names the
 * input the message is about ("fen", "variant", "moves", "lang", "number", "seed", "depth"), and
 * MESSAGE is the library's own (rf_error.message, rf_chess960_verdict.message).
 *
 * The answer lives in one buffer owned by this file and stays valid until the next call: the
 * page runs one WebAssembly instance per thread (the page's, the perft worker's), and copies
 * each answer into a JavaScript string at once.
 */
#include <rankfile.h>

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#define RFW_EXPORT EMSCRIPTEN_KEEPALIVE
#else
#define RFW_EXPORT
#endif

/* ---------------------------------------------------------------------------------------------
 * JSON output: a bounded writer; on overflow the answer becomes an error object.
 * ------------------------------------------------------------------------------------------- */

#define RFW_OUT_MAX (256 * 1024)
static char out[RFW_OUT_MAX];
static size_t out_len;
static int out_overflow;

static void put_raw(const char *s, size_t n)
{
    if (out_len + n >= RFW_OUT_MAX) {
        out_overflow = 1;
        return;
    }
    memcpy(out + out_len, s, n);
    out_len += n;
    out[out_len] = '\0';
}

static void put(const char *s) { put_raw(s, strlen(s)); }

static void putf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void putf(const char *fmt, ...)
{
    char buf[512];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (n > 0) put_raw(buf, (size_t)n < sizeof buf ? (size_t)n : sizeof buf - 1);
}

/* A JSON string: quotes, backslashes and control bytes escaped; UTF-8 passes through. */
static void put_str(const char *s)
{
    put_raw("\"", 1);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') {
            char e[2] = {'\\', (char)c};
            put_raw(e, 2);
        } else if (c == '\n') {
            put_raw("\\n", 2);
        } else if (c < 0x20) {
            putf("\\u%04x", c);
        } else {
            put_raw(s, 1);
        }
    }
    put_raw("\"", 1);
}

static void key(const char *k)
{
    if (out_len > 1) put_raw(",", 1);
    put_str(k);
    put_raw(":", 1);
}

static void kstr(const char *k, const char *v) { key(k), put_str(v); }
static void kint(const char *k, long long v) { key(k), putf("%lld", v); }

static void begin(void)
{
    out_len = 0;
    out_overflow = 0;
    put("{\"ok\":true");
}

static const char *finish(void)
{
    if (out_overflow) {
        out_len = 0;
        out_overflow = 0;
        put("{\"ok\":false,\"field\":\"\",\"error\":\"answer too long\"}");
        return out;
    }
    put("}");
    return out;
}

static const char *fail(const char *field, const char *message)
{
    out_len = 0;
    out_overflow = 0;
    put("{\"ok\":false");
    kstr("field", field);
    kstr("error", message);
    return finish();
}

/* A bitboard as a JSON array of square names. */
static void ksquares(const char *k, rf_bitboard bb)
{
    key(k);
    put("[");
    int first = 1;
    for (int sq = 0; sq < 64; sq++)
        if (bb >> sq & 1) {
            char name[3];
            rf_square_name(name, (rf_square)sq);
            if (!first) put(",");
            put_str(name);
            first = 0;
        }
    put("]");
}

/* ---------------------------------------------------------------------------------------------
 * Input
 * ------------------------------------------------------------------------------------------- */

/* A whole decimal number in 0..max, or -1 for anything else (signs, spaces, overflow). */
static int read_u64(const char *s, unsigned long long max, unsigned long long *v)
{
    unsigned long long n = 0;
    if (!*s) return -1;
    for (; *s; s++) {
        if (*s < '0' || *s > '9') return -1;
        unsigned d = (unsigned)(*s - '0');
        if (n > (max - d) / 10) return -1;
        n = n * 10 + d;
    }
    *v = n;
    return 0;
}

static const rf_language *find_language(const char *code, char *why, size_t cap)
{
    const rf_language *lang = rf_language_find(*code ? code : "en");
    if (!lang) {
        size_t n = (size_t)snprintf(why, cap, "unknown language '%.20s'; valid codes:", code);
        for (size_t i = 0; rf_language_at(i) && n < cap; i++)
            n += (size_t)snprintf(why + n, cap - n, " %s", rf_language_at(i)->code);
    }
    return lang;
}

/* ---------------------------------------------------------------------------------------------
 * Languages
 * ------------------------------------------------------------------------------------------- */

/* {"ok":true,"languages":[{"code","iso","name","letters","greeting"},...],"variants":[the names
 * of the variants this build plays],"version":...} */
RFW_EXPORT const char *rfw_languages(void);
RFW_EXPORT const char *rfw_languages(void)
{
    begin();
    key("languages");
    put("[");
    for (size_t i = 0; rf_language_at(i); i++) {
        const rf_language *l = rf_language_at(i);
        put(i ? ",{" : "{");
        put_str("code"), put(":"), put_str(l->code); /* key() would start with a comma */
        kstr("iso", l->iso);
        kstr("name", l->name);
        kstr("letters", l->letters);
        kstr("greeting", l->greeting);
        put("}");
    }
    put("]");
    key("variants");
    put("[");
    int n = 0;
    for (int v = 0; v < RF_VARIANT_COUNT; v++)
        if (rf_variant_available((rf_variant)v)) put(n++ ? "," : ""), put_str(rf_variant_name((rf_variant)v));
    put("]");
    kstr("version", rf_version());
    return finish();
}

/* ---------------------------------------------------------------------------------------------
 * Chess960 start positions
 * ------------------------------------------------------------------------------------------- */

/* How a setup arises, in the words `rankfile 960 --verbose` writes (rf_chess960_derivation):
 * each draw for a drawn setup, the digits of the number for a given one. */
static void put_derivation(const rf_language *lang, int number, const rf_chess960_draws *drawn)
{
    char steps[RF_CHESS960_STEPS][RF_CHESS960_STEP_MAX];
    int n = rf_chess960_derivation(steps, lang, number, drawn);
    key("derivation");
    put("[");
    for (int i = 0; i < n; i++) {
        if (i) put(",");
        put_str(steps[i]);
    }
    put("]");
}

/* A Chess960 start position: by number (by_seed 0, value "0".."959") or drawn from a seed
 * (by_seed 1, value "0".."18446744073709551615") exactly as `rankfile 960 --seed S` draws
 * (rf_rng_seed, then rf_chess960_random). Answers number, letters (the back rank in the
 * language's letters), greeting, language, fen, shredder_fen and derivation. */
RFW_EXPORT const char *rfw_chess960(int by_seed, const char *value, const char *lang_code);
RFW_EXPORT const char *rfw_chess960(int by_seed, const char *value, const char *lang_code)
{
    char why[512];
    const rf_language *lang = find_language(lang_code, why, sizeof why);
    if (!lang) return fail("lang", why);
    unsigned long long v;
    int number;
    rf_chess960_draws draws;
    if (by_seed) {
        if (read_u64(value, UINT64_MAX, &v) != 0)
            return fail("seed", "a seed is a whole number from 0 to 18446744073709551615");
        rf_rng rng;
        rf_rng_seed(&rng, (uint64_t)v);
        number = rf_chess960_random(&draws, &rng);
    } else {
        if (read_u64(value, RF_CHESS960_COUNT - 1, &v) != 0)
            return fail("number", "a Chess960 number is a whole number from 0 to 959");
        number = (int)v;
    }
    rf_position pos;
    rf_chess960_position(&pos, number);
    char rank[9], letters[9], fen[RF_FEN_MAX];
    rf_chess960_back_rank(rank, number);
    rf_language_translate(letters, sizeof letters, lang, rank);
    begin();
    kint("number", number);
    kstr("letters", letters);
    kstr("greeting", lang->greeting);
    kstr("language", lang->code);
    kstr("language_name", lang->name);
    rf_position_to_fen(fen, sizeof fen, &pos, 0);
    kstr("fen", fen);
    rf_position_to_fen(fen, sizeof fen, &pos, RF_FEN_SHREDDER);
    kstr("shredder_fen", fen);
    put_derivation(lang, number, by_seed ? &draws : NULL);
    return finish();
}

/* Is a FEN (or a back rank of 8 letters) a Chess960 start position? Answers start (bool),
 * number (-1 when not), reason (rf_chess960_reason_name) and message (the broken rule). */
RFW_EXPORT const char *rfw_check960(const char *text);
RFW_EXPORT const char *rfw_check960(const char *text)
{
    rf_chess960_verdict verdict;
    int number;
    size_t len = strlen(text);
    while (len && isspace((unsigned char)text[len - 1])) len--;
    while (len && isspace((unsigned char)*text)) text++, len--;
    if (len == 8 && !memchr(text, '/', len)) {
        number = rf_chess960_check_rank(&verdict, text, len);
    } else {
        rf_setup setup;
        rf_position pos;
        rf_error err;
        if (rf_setup_parse(&setup, text, len, &err) != RF_OK) return fail("fen", err.message);
        /* Only the board is judged, so any setup the FEN reader takes will do. */
        if (rf_position_from_setup(&pos, &setup, RF_VARIANT_STANDARD, 0, RF_INVALID_ALL, &err) !=
                RF_OK &&
            err.status != RF_ERR_INVALID)
            return fail("fen", err.message);
        number = rf_chess960_check(&verdict, &pos, 0);
    }
    begin();
    key("start"), put(number >= 0 ? "true" : "false");
    kint("number", number);
    kstr("reason", rf_chess960_reason_name(verdict.reason));
    kstr("message", verdict.message);
    return finish();
}

/* ---------------------------------------------------------------------------------------------
 * Positions and games
 * ------------------------------------------------------------------------------------------- */

/* The word the page's #status shows for an outcome. */
static const char *status_word(const rf_outcome *o)
{
    switch (o->reason) {
    case RF_REASON_NONE: return "ongoing";
    case RF_REASON_CHECKMATE: return "checkmate";
    case RF_REASON_STALEMATE: return "stalemate";
    case RF_REASON_VARIANT_END: return "variant end";
    default: return "draw";
    }
}

/* The outcome in words: "checkmate: Black wins (0-1)", "draw by stalemate (1/2-1/2)". */
static void outcome_words(char *buf, size_t cap, const rf_outcome *o, const rf_position *pos)
{
    const char *side = pos->side == RF_WHITE ? "White" : "Black";
    if (o->result == RF_RESULT_ONGOING)
        snprintf(buf, cap, "%s to move%s%s", side, rf_position_is_check(pos) ? ", in check" : "",
                 o->claims ? " (a draw may be claimed)" : "");
    else if (o->result == RF_RESULT_DRAW)
        snprintf(buf, cap, "draw: %s (%s)", o->text, rf_result_name(o->result));
    else
        snprintf(buf, cap, "%s: %s wins (%s)", o->text,
                 o->result == RF_RESULT_WHITE_WINS ? "White" : "Black", rf_result_name(o->result));
}

/* The game the page shows: the position `fen` (empty: the variant's start position) by the
 * rules of `variant` (empty: standard; "chess960" and the other names rf_variant_from_name
 * reads), then `moves`, UCI or SAN separated by spaces or commas. Answers the position (fen,
 * shredder_fen, side, variant, number and its Chess960 verdict), the game's start (start_fen,
 * start_number: its Chess960 number or -1, start_number_reason), the moves played (uci, san),
 * status (#status's word), outcome (in words), check, pieces (64 words, a1 to h8: "white
 * knight", "" for an empty square), the legal moves (from, to, uci, san), the last move's
 * explosion squares (Atomic), and svg: the board by rf_render_svg with the last move, check and
 * explosion marked (flip 1: Black at the bottom). A wrong move is reported with its place in
 * `moves`: "move 3: 'Ke2' is not a legal move (white to move)". */
/* The game of rfw_game and rfw_perft: 12 KiB, kept off the small WebAssembly stack. */
static rf_game game;

/* Loads the game (see rfw_game) into `game`; *start receives its start position, *before and
 * *last the position before the last move and that move (RF_MOVE_NONE when none). Returns
 * NULL, or the error answer. */
static const char *load_game(const char *fen, const char *variant, const char *moves,
                             rf_position *start, rf_position *before, rf_move *last,
                             char *played_uci, size_t cap_uci, char *played_san, size_t cap_san)
{
    rf_variant v = RF_VARIANT_STANDARD;
    int chess960 = 0;
    rf_error err;
    char msg[320];
    if (*variant) {
        if (rf_variant_from_name(&v, &chess960, variant, strlen(variant)) != RF_OK) {
            snprintf(msg, sizeof msg, "unknown variant '%.40s'", variant);
            return fail("variant", msg);
        }
        if (!rf_variant_available(v)) {
            snprintf(msg, sizeof msg, "variant '%.40s' is not in this build", variant);
            return fail("variant", msg);
        }
    }
    rf_position pos;
    if (*fen) {
        if (rf_position_parse(&pos, fen, strlen(fen), v, chess960 ? RF_PARSE_CHESS960 : 0,
                              RF_ACCEPT_DEFAULT, &err) != RF_OK)
            return fail("fen", err.message);
    } else if (chess960) {
        rf_chess960_position(&pos, RF_CHESS960_STANDARD);
    } else if (rf_position_startpos(&pos, v) != RF_OK) {
        return fail("variant", "no start position for this variant");
    }
    rf_game_start(&game, &pos);
    *start = pos;
    *before = pos;
    *last = RF_MOVE_NONE;
    size_t nu = 0, ns = 0;
    played_uci[0] = played_san[0] = '\0';
    unsigned index = 0;
    for (const char *p = moves; *p;) {
        while (*p == ' ' || *p == ',' || *p == '\t' || *p == '\n') p++;
        if (!*p) break;
        const char *q = p;
        while (*q && *q != ' ' && *q != ',' && *q != '\t' && *q != '\n') q++;
        rf_move m;
        index++;
        if (rf_move_parse(&m, &game.pos, p, (size_t)(q - p), &err) != RF_OK) {
            /* "move 3: 'Ke2' is not a legal move (white to move)": the library's message
             * without its "move: " context (err.detail), after the move's place in the list. */
            const char *what = err.message + err.detail;
            snprintf(msg, sizeof msg, "move %u: %s", index, what);
            return fail("moves", msg);
        }
        char uci[RF_UCI_MAX], san[RF_SAN_MAX];
        rf_move_to_uci(uci, sizeof uci, &game.pos, m);
        rf_move_to_san(san, sizeof san, &game.pos, m);
        if (nu + 8 < cap_uci && ns + 10 < cap_san) {
            nu += (size_t)snprintf(played_uci + nu, cap_uci - nu, "%s%s", nu ? " " : "", uci);
            ns += (size_t)snprintf(played_san + ns, cap_san - ns, "%s%s", ns ? " " : "", san);
        }
        *before = game.pos;
        *last = m;
        rf_game_play(&game, m);
        p = q;
    }
    return NULL;
}

RFW_EXPORT const char *rfw_game(const char *fen, const char *variant, const char *moves, int flip);
RFW_EXPORT const char *rfw_game(const char *fen, const char *variant, const char *moves, int flip)
{
    static rf_movelist list;
    static char played_uci[8192], played_san[8192];
    rf_position start, before;
    rf_move last;
    const char *error = load_game(fen, variant, moves, &start, &before, &last, played_uci,
                                  sizeof played_uci, played_san, sizeof played_san);
    if (error) return error;
    const rf_position *now = &game.pos;

    begin();
    char text[RF_FEN_MAX + 64];
    rf_position_to_fen(text, sizeof text, now, 0);
    kstr("fen", text);
    rf_position_to_fen(text, sizeof text, now, RF_FEN_SHREDDER);
    kstr("shredder_fen", text);
    kstr("variant", rf_variant_name((rf_variant)now->variant));
    key("chess960"), put(now->chess960 ? "true" : "false");
    kstr("side", now->side == RF_WHITE ? "white" : "black");
    rf_chess960_verdict verdict;
    kint("number", rf_chess960_check(&verdict, now, 0));
    kstr("number_reason", verdict.message);
    rf_position_to_fen(text, sizeof text, &start, 0);
    kstr("start_fen", text);
    kint("start_number", rf_chess960_check(&verdict, &start, 0));
    kstr("start_number_reason", verdict.message);
    kstr("uci_moves", played_uci);
    kstr("san_moves", played_san);
    rf_outcome o = rf_game_outcome(&game);
    kstr("status", status_word(&o));
    kstr("result", rf_result_name(o.result));
    outcome_words(text, sizeof text, &o, now);
    kstr("outcome", text);
    key("check"), put(rf_position_is_check(now) ? "true" : "false");

    /* What stands on each square, a1 b1 ... h8, in words for the squares' labels. */
    static const char *const piece_words[] = {"", "pawn", "knight", "bishop", "rook", "queen",
                                              "king"};
    key("pieces");
    put("[");
    for (int sq = 0; sq < 64; sq++) {
        rf_piece pc = now->board[sq];
        if (sq) put(",");
        if (pc == RF_NO_PIECE || RF_PIECE_TYPE(pc) > RF_KING) {
            put("\"\"");
            continue;
        }
        putf("\"%s %s\"", RF_PIECE_COLOR(pc) == RF_WHITE ? "white" : "black",
             piece_words[RF_PIECE_TYPE(pc)]);
    }
    put("]");

    rf_render_options opt;
    memset(&opt, 0, sizeof opt);
    opt.flags = flip ? RF_RENDER_FLIP : 0;
    rf_render_mark(&opt, now, last != RF_MOVE_NONE ? &before : NULL, last);
    ksquares("explosion", opt.explosion);
    ksquares("last_move", opt.last_move);

    rf_generate_moves(&list, now);
    key("legal");
    put("[");
    for (unsigned i = 0; i < list.count; i++) {
        rf_move m = list.moves[i];
        char uci[RF_UCI_MAX], san[RF_SAN_MAX], from[3], to[3];
        rf_move_to_uci(uci, sizeof uci, now, m);
        rf_move_to_san(san, sizeof san, now, m);
        rf_square_name(from, RF_MOVE_FROM(m));
        /* Castling is "king takes own rook" inside; the king's square to click is the rook's
         * in Chess960, g1/c1 in standard castling mode, as UCI writes it. */
        memcpy(to, uci + 2, 2), to[2] = '\0';
        putf("%s{\"from\":\"%s\",\"to\":\"%s\",\"uci\":\"%s\",\"san\":\"%s\"}", i ? "," : "", from,
             to, uci, san);
    }
    put("]");

    static char svg[RF_RENDER_SVG_MAX];
    rf_render_svg(svg, sizeof svg, now, &opt);
    kstr("svg", svg);
    return finish();
}

/* Perft of the game's position after `moves` (see rfw_game) to `depth` (0..12), on this
 * thread: answers nodes (a decimal string: counts pass 2^53). */
RFW_EXPORT const char *rfw_perft(const char *fen, const char *variant, const char *moves, int depth);
RFW_EXPORT const char *rfw_perft(const char *fen, const char *variant, const char *moves, int depth)
{
    if (depth < 0 || depth > 12) return fail("depth", "depth is 0 to 12 here");
    static char played_uci[8192], played_san[8192];
    rf_position start, before;
    rf_move last;
    rf_error err;
    const char *error = load_game(fen, variant, moves, &start, &before, &last, played_uci,
                                  sizeof played_uci, played_san, sizeof played_san);
    if (error) return error;
    rf_position pos = game.pos;
    rf_perft_options opt = {.threads = 1};
    rf_count c;
    if (rf_perft_run(&c, &pos, depth, &opt, &err) != RF_OK) return fail("depth", err.message);
    char digits[48];
    rf_count_format(digits, sizeof digits, c);
    begin();
    kstr("nodes", digits);
    return finish();
}
