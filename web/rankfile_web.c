/*
 * rankfile_web.c - the WebAssembly glue of the web page (web/index.html): a few functions that
 * take text and answer one JSON object, built with the library and the application library's
 * JSON writer (app/json.c; the page's contract: docs/web.md). Everything about chess
 * (legality, SAN, status, Chess960 numbers, the SVG board) comes from librankfile; the page's
 * JavaScript only shows what these answer.
 *
 * Every answer is {"ok":true,...} or {"ok":false,"field":F,"error":MESSAGE}, where F names the
 * input the message is about ("fen", "variant", "moves", "lang", "number", "seed", "depth"), and
 * MESSAGE is the library's own (rf_error.message, rf_chess960_verdict.message).
 *
 * Each answer is a new string (malloc) that the caller owns and gives back with rfw_free once it
 * has copied it (the page does at once): no state is kept between calls.
 */
#include <rankfile.h>

#include "app.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#define RFW_EXPORT EMSCRIPTEN_KEEPALIVE
#else
#define RFW_EXPORT
#endif

/* ---------------------------------------------------------------------------------------------
 * Answers: a JSON object written into memory (open_memstream) by the JSON writer.
 * ------------------------------------------------------------------------------------------- */

typedef struct answer {
    FILE *f;
    char *text;
    size_t len;
    cli_json j;
} answer;

/* What is answered when memory runs out (a copy: the caller frees every answer). */
static char *no_memory(void)
{
    static const char text[] = "{\"ok\":false,\"field\":\"\",\"error\":\"out of memory\"}";
    char *copy = malloc(sizeof text);
    if (copy) memcpy(copy, text, sizeof text);
    return copy;
}

/* Opens the answer's object with "ok"; 0, or -1 when memory ran out. */
static int begin(answer *a, int ok)
{
    a->text = NULL;
    a->f = open_memstream(&a->text, &a->len);
    if (!a->f) return -1;
    cli_json_start(&a->j, a->f);
    cli_json_object(&a->j);
    cli_json_kbool(&a->j, "ok", ok);
    return 0;
}

/* Closes the object: the answer's text, which the caller frees (rfw_free). */
static char *finish(answer *a)
{
    cli_json_end(&a->j);
    int bad = ferror(a->f);
    if (fclose(a->f) != 0 || bad) {
        free(a->text);
        return no_memory();
    }
    return a->text;
}

static char *fail(const char *field, const char *message)
{
    answer a;
    if (begin(&a, 0) != 0) return no_memory();
    cli_json_kstr(&a.j, "field", field);
    cli_json_kstr(&a.j, "error", message);
    return finish(&a);
}

/* Gives an answer back. */
RFW_EXPORT void rfw_free(char *answer_text);
RFW_EXPORT void rfw_free(char *answer_text) { free(answer_text); }

/* ---------------------------------------------------------------------------------------------
 * Input
 * ------------------------------------------------------------------------------------------- */

/* A whole decimal number in 0..max, or -1 for anything else (signs, spaces, overflow). */
static int read_u64(const char *s, uint64_t max, uint64_t *v)
{
    return cli_number_u64(s, strlen(s), v) && *v <= max ? 0 : -1;
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
RFW_EXPORT char *rfw_languages(void);
RFW_EXPORT char *rfw_languages(void)
{
    answer a;
    if (begin(&a, 1) != 0) return no_memory();
    cli_json_key(&a.j, "languages");
    cli_json_array(&a.j);
    for (size_t i = 0; rf_language_at(i); i++) {
        const rf_language *l = rf_language_at(i);
        cli_json_object(&a.j);
        cli_json_kstr(&a.j, "code", l->code);
        cli_json_kstr(&a.j, "iso", l->iso);
        cli_json_kstr(&a.j, "name", l->name);
        cli_json_kstr(&a.j, "letters", l->letters);
        cli_json_kstr(&a.j, "greeting", l->greeting);
        cli_json_end(&a.j);
    }
    cli_json_end(&a.j);
    cli_json_key(&a.j, "variants");
    cli_json_array(&a.j);
    for (int v = 0; v < RF_VARIANT_COUNT; v++)
        if (rf_variant_available((rf_variant)v)) cli_json_text(&a.j, rf_variant_name((rf_variant)v));
    cli_json_end(&a.j);
    cli_json_kstr(&a.j, "version", rf_version());
    return finish(&a);
}

/* ---------------------------------------------------------------------------------------------
 * Chess960 start positions
 * ------------------------------------------------------------------------------------------- */

/* How a setup arises, in the words `rankfile 960 --verbose` writes (rf_chess960_derivation):
 * each draw for a drawn setup, the digits of the number for a given one. */
static void put_derivation(cli_json *j, const rf_language *lang, int number,
                           const rf_chess960_draws *drawn)
{
    char steps[RF_CHESS960_STEPS][RF_CHESS960_STEP_MAX];
    int n = rf_chess960_derivation(steps, lang, number, drawn);
    cli_json_key(j, "derivation");
    cli_json_array(j);
    for (int i = 0; i < n; i++) cli_json_text(j, steps[i]);
    cli_json_end(j);
}

/* The number of the setup asked for: by number (by_seed 0) or drawn from a seed (by_seed 1,
 * into *draws); -1 after *why names the field and the message. */
static int setup_number(int by_seed, const char *value, rf_chess960_draws *draws,
                        const char **field, const char **why)
{
    uint64_t v;
    if (by_seed) {
        *field = "seed";
        *why = "a seed is a whole number from 0 to 18446744073709551615";
        if (read_u64(value, UINT64_MAX, &v) != 0) return -1;
        rf_rng rng;
        rf_rng_seed(&rng, v);
        return rf_chess960_random(draws, &rng);
    }
    *field = "number";
    *why = "a Chess960 number is a whole number from 0 to 959";
    if (read_u64(value, RF_CHESS960_COUNT - 1, &v) != 0) return -1;
    return (int)v;
}

/* A Chess960 start position: by number (by_seed 0, value "0".."959") or drawn from a seed
 * (by_seed 1, value "0".."18446744073709551615") exactly as `rankfile 960 --seed S` draws
 * (rf_rng_seed, then rf_chess960_random). Answers number, letters (the back rank in the
 * language's letters), greeting, language, fen, shredder_fen and derivation. */
RFW_EXPORT char *rfw_chess960(int by_seed, const char *value, const char *lang_code);
RFW_EXPORT char *rfw_chess960(int by_seed, const char *value, const char *lang_code)
{
    char why[512];
    const rf_language *lang = find_language(lang_code, why, sizeof why);
    if (!lang) return fail("lang", why);
    rf_chess960_draws draws;
    const char *field, *message;
    int number = setup_number(by_seed, value, &draws, &field, &message);
    if (number < 0) return fail(field, message);
    rf_position pos;
    rf_chess960_position(&pos, number);
    char rank[9], letters[9], fen[RF_FEN_MAX];
    rf_chess960_back_rank(rank, number);
    rf_language_translate(letters, sizeof letters, lang, rank);
    answer a;
    if (begin(&a, 1) != 0) return no_memory();
    cli_json_kint(&a.j, "number", number);
    cli_json_kstr(&a.j, "letters", letters);
    cli_json_kstr(&a.j, "greeting", lang->greeting);
    cli_json_kstr(&a.j, "language", lang->code);
    cli_json_kstr(&a.j, "language_name", lang->name);
    rf_position_to_fen(fen, sizeof fen, &pos, 0);
    cli_json_kstr(&a.j, "fen", fen);
    rf_position_to_fen(fen, sizeof fen, &pos, RF_FEN_SHREDDER);
    cli_json_kstr(&a.j, "shredder_fen", fen);
    put_derivation(&a.j, lang, number, by_seed ? &draws : NULL);
    return finish(&a);
}

/* Is a FEN (or a back rank of 8 letters) a Chess960 start position? Answers start (bool),
 * number (-1 when not), reason (rf_chess960_reason_name) and message (the broken rule). */
RFW_EXPORT char *rfw_check960(const char *text);
RFW_EXPORT char *rfw_check960(const char *text)
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
    answer a;
    if (begin(&a, 1) != 0) return no_memory();
    cli_json_kbool(&a.j, "start", number >= 0);
    cli_json_kint(&a.j, "number", number);
    cli_json_kstr(&a.j, "reason", rf_chess960_reason_name(verdict.reason));
    cli_json_kstr(&a.j, "message", verdict.message);
    return finish(&a);
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

/* A game loaded for rfw_game and rfw_perft (about 30 KiB: on the heap, off the small
 * WebAssembly stack): the game, its start position, the position before the last move and that
 * move (RF_MOVE_NONE when none), the moves played in UCI and SAN. */
typedef struct loaded {
    rf_game game;
    rf_position start, before;
    rf_move last;
    char uci[8192], san[8192];
} loaded;

/* The start position of `fen` (empty: the variant's) by the rules `variant` names. NULL, or the
 * error answer. */
static char *load_start(rf_position *pos, const char *fen, const char *variant)
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
    if (*fen) {
        if (rf_position_parse(pos, fen, strlen(fen), v, chess960 ? RF_PARSE_CHESS960 : 0,
                              RF_ACCEPT_DEFAULT, &err) != RF_OK)
            return fail("fen", err.message);
    } else if (chess960) {
        rf_chess960_position(pos, RF_CHESS960_STANDARD);
    } else if (rf_position_startpos(pos, v) != RF_OK) {
        return fail("variant", "no start position for this variant");
    }
    return NULL;
}

/* Plays the move of p[0..len) (the index-th) on l's game. NULL, or the error answer. */
static char *play_word(loaded *l, const char *p, size_t len, unsigned index, size_t *nu,
                       size_t *ns)
{
    rf_move m;
    rf_error err;
    if (rf_move_parse(&m, &l->game.pos, p, len, &err) != RF_OK) {
        /* "move 3: 'Ke2' is not a legal move (white to move)": the library's message without
         * its "move: " context (err.detail), after the move's place in the list. */
        char msg[320];
        const char *what = err.message + err.detail;
        snprintf(msg, sizeof msg, "move %u: %s", index, what);
        return fail("moves", msg);
    }
    char uci[RF_UCI_MAX], san[RF_SAN_MAX];
    rf_move_to_uci(uci, sizeof uci, &l->game.pos, m);
    rf_move_to_san(san, sizeof san, &l->game.pos, m);
    if (*nu + 8 < sizeof l->uci && *ns + 10 < sizeof l->san) {
        *nu += (size_t)snprintf(l->uci + *nu, sizeof l->uci - *nu, "%s%s", *nu ? " " : "", uci);
        *ns += (size_t)snprintf(l->san + *ns, sizeof l->san - *ns, "%s%s", *ns ? " " : "", san);
    }
    l->before = l->game.pos;
    l->last = m;
    rf_game_play(&l->game, m);
    return NULL;
}

/* Loads the game (see rfw_game) into *l. NULL, or the error answer. */
static char *load_game(loaded *l, const char *fen, const char *variant, const char *moves)
{
    char *error = load_start(&l->start, fen, variant);
    if (error) return error;
    rf_game_start(&l->game, &l->start);
    l->before = l->start;
    l->last = RF_MOVE_NONE;
    l->uci[0] = l->san[0] = '\0';
    size_t nu = 0, ns = 0;
    unsigned index = 0;
    for (const char *p = moves; *p;) {
        while (*p == ' ' || *p == ',' || *p == '\t' || *p == '\n') p++;
        if (!*p) break;
        const char *q = p;
        while (*q && *q != ' ' && *q != ',' && *q != '\t' && *q != '\n') q++;
        if ((error = play_word(l, p, (size_t)(q - p), ++index, &nu, &ns))) return error;
        p = q;
    }
    return NULL;
}

/* The game's position and start: fen, shredder_fen, variant, chess960, side, number and its
 * verdict, start_fen, start_number and its verdict, the moves, status, result, outcome, check. */
static void game_position(cli_json *j, const loaded *l)
{
    const rf_position *now = &l->game.pos;
    char text[RF_FEN_MAX + 64];
    rf_position_to_fen(text, sizeof text, now, 0);
    cli_json_kstr(j, "fen", text);
    rf_position_to_fen(text, sizeof text, now, RF_FEN_SHREDDER);
    cli_json_kstr(j, "shredder_fen", text);
    cli_json_kstr(j, "variant", rf_variant_name((rf_variant)now->variant));
    cli_json_kbool(j, "chess960", now->chess960);
    cli_json_kstr(j, "side", now->side == RF_WHITE ? "white" : "black");
    rf_chess960_verdict verdict;
    cli_json_kint(j, "number", rf_chess960_check(&verdict, now, 0));
    cli_json_kstr(j, "number_reason", verdict.message);
    rf_position_to_fen(text, sizeof text, &l->start, 0);
    cli_json_kstr(j, "start_fen", text);
    cli_json_kint(j, "start_number", rf_chess960_check(&verdict, &l->start, 0));
    cli_json_kstr(j, "start_number_reason", verdict.message);
    cli_json_kstr(j, "uci_moves", l->uci);
    cli_json_kstr(j, "san_moves", l->san);
    rf_outcome o = rf_game_outcome(&l->game);
    cli_json_kstr(j, "status", status_word(&o));
    cli_json_kstr(j, "result", rf_result_name(o.result));
    outcome_words(text, sizeof text, &o, now);
    cli_json_kstr(j, "outcome", text);
    cli_json_kbool(j, "check", rf_position_is_check(now));
}

/* What stands on each square, a1 b1 ... h8, in words for the squares' labels. */
static void game_pieces(cli_json *j, const rf_position *now)
{
    static const char *const piece_words[] = {"", "pawn", "knight", "bishop", "rook", "queen",
                                              "king"};
    cli_json_key(j, "pieces");
    cli_json_array(j);
    for (int sq = 0; sq < 64; sq++) {
        rf_piece pc = now->board[sq];
        char words[16] = "";
        if (pc != RF_NO_PIECE && RF_PIECE_TYPE(pc) <= RF_KING)
            snprintf(words, sizeof words, "%s %s",
                     RF_PIECE_COLOR(pc) == RF_WHITE ? "white" : "black",
                     piece_words[RF_PIECE_TYPE(pc)]);
        cli_json_text(j, words);
    }
    cli_json_end(j);
}

/* The legal moves: from, to, uci, san. */
static void game_legal(cli_json *j, const rf_position *now)
{
    rf_movelist list;
    rf_generate_moves(&list, now);
    cli_json_key(j, "legal");
    cli_json_array(j);
    for (unsigned i = 0; i < list.count; i++) {
        rf_move m = list.moves[i];
        char uci[RF_UCI_MAX], san[RF_SAN_MAX], from[3], to[3];
        rf_move_to_uci(uci, sizeof uci, now, m);
        rf_move_to_san(san, sizeof san, now, m);
        rf_square_name(from, RF_MOVE_FROM(m));
        /* Castling is "king takes own rook" inside; the king's square to click is the rook's
         * in Chess960, g1/c1 in standard castling mode, as UCI writes it. */
        memcpy(to, uci + 2, 2), to[2] = '\0';
        cli_json_object(j);
        cli_json_kstr(j, "from", from);
        cli_json_kstr(j, "to", to);
        cli_json_kstr(j, "uci", uci);
        cli_json_kstr(j, "san", san);
        cli_json_end(j);
    }
    cli_json_end(j);
}

/* The board drawn and marked: explosion, last_move and svg. */
static void game_board(cli_json *j, const loaded *l, int flip)
{
    const rf_position *now = &l->game.pos;
    rf_render_options opt;
    memset(&opt, 0, sizeof opt);
    opt.flags = flip ? RF_RENDER_FLIP : 0;
    rf_render_mark(&opt, now, l->last != RF_MOVE_NONE ? &l->before : NULL, l->last);
    cli_json_key(j, "explosion");
    cli_json_squares(j, opt.explosion);
    cli_json_key(j, "last_move");
    cli_json_squares(j, opt.last_move);
    game_legal(j, now);
    char *svg = malloc(RF_RENDER_SVG_MAX);
    if (!svg) return; /* the answer lacks svg: the page shows no board */
    rf_render_svg(svg, RF_RENDER_SVG_MAX, now, &opt);
    cli_json_kstr(j, "svg", svg);
    free(svg);
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
RFW_EXPORT char *rfw_game(const char *fen, const char *variant, const char *moves, int flip);
RFW_EXPORT char *rfw_game(const char *fen, const char *variant, const char *moves, int flip)
{
    loaded *l = malloc(sizeof *l);
    if (!l) return no_memory();
    char *error = load_game(l, fen, variant, moves);
    answer a;
    if (!error && begin(&a, 1) != 0) error = no_memory();
    if (error) {
        free(l);
        return error;
    }
    game_position(&a.j, l);
    game_pieces(&a.j, &l->game.pos);
    game_board(&a.j, l, flip);
    free(l);
    return finish(&a);
}

/* Perft of the game's position after `moves` (see rfw_game) to `depth` (0..12), on this
 * thread: answers nodes (a decimal string: counts pass 2^53). */
RFW_EXPORT char *rfw_perft(const char *fen, const char *variant, const char *moves, int depth);
RFW_EXPORT char *rfw_perft(const char *fen, const char *variant, const char *moves, int depth)
{
    if (depth < 0 || depth > 12) return fail("depth", "depth is 0 to 12 here");
    loaded *l = malloc(sizeof *l);
    if (!l) return no_memory();
    char *error = load_game(l, fen, variant, moves);
    if (error) {
        free(l);
        return error;
    }
    rf_position pos = l->game.pos;
    free(l);
    rf_perft_options opt = {.threads = 1};
    rf_count c;
    rf_error err;
    if (rf_perft_run(&c, &pos, depth, &opt, &err) != RF_OK) return fail("depth", err.message);
    char digits[48];
    rf_count_format(digits, sizeof digits, c);
    answer a;
    if (begin(&a, 1) != 0) return no_memory();
    cli_json_kstr(&a.j, "nodes", digits);
    return finish(&a);
}
