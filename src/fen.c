/*
 * fen.c - FEN, X-FEN and Shredder-FEN, in and out.
 *
 * Grammar accepted (white space = space, tab, CR, LF, VT, FF; runs of it separate fields and
 * surround the whole text):
 *   fen       = board [ side [ castling [ ep [ halfmove [ fullmove ] ] [ epd-ops ] ] ] ]
 *   board     = rank "/" rank "/" rank "/" rank "/" rank "/" rank "/" rank "/" rank
 *               (rank 8 first; each rank covers exactly 8 squares, a to h)
 *   rank      = { piece | digit }     digit = "1".."8", never two in a row
 *   piece     = "P" | "N" | "B" | "R" | "Q" | "K" | "p" | "n" | "b" | "r" | "q" | "k"
 *   side      = "w" | "b"              (upper case accepted)
 *   castling  = "-" | 1*4 ( "K" | "Q" | "k" | "q" | "A".."H" | "a".."h" )
 *   ep        = "-" | file rank        (any square parses; validity wants rank 3 or 6)
 *   halfmove  = 1*9 digit
 *   fullmove  = 1*9 digit              (0 is read as 1)
 *   epd-ops   = 1*( opcode *( operand ) ";" )   opcode = letter *( letter | digit | "_" )
 *               operand = a word without ';' or a "double-quoted string" (';' allowed inside)
 * Missing trailing fields default to "w - - 0 1". After the en passant field, a word that starts
 * with a letter begins the EPD operations; any other word is a counter.
 *
 * Castling letters: K/Q (k/q for Black) name the outermost rook on that side of the king; a file
 * letter names the rook on that file, upper case for White (X-FEN and Shredder-FEN). Whether a
 * named rook exists is a question of validity (RF_INVALID_BAD_CASTLING), not of syntax: the setup
 * keeps the square the letter names, resolved against the board.
 */
#include "castling.h"
#include "position.h"
#include "validate.h"
#include "variant.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static int is_space(unsigned char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f'; }

/* A byte as a message shows it: 'x' when printable ASCII, else byte 0xNN. */
static void show_byte(char *out, size_t cap, unsigned char c)
{
    if (c >= 0x20 && c < 0x7F)
        snprintf(out, cap, "'%c'", c);
    else
        snprintf(out, cap, "byte 0x%02X", c);
}

static rf_status fail(rf_error *err, rf_status status, rf_field field, size_t offset,
                      const char *fmt, ...)
{
    if (!err) return status;
    char what[120];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    return rf__error(err, status, field, offset, 0, "%s: %s (byte %zu)", rf_field_name(field),
                     what, offset);
}

typedef struct token {
    const char *s;
    size_t len, offset;
} token;

/* A field as a message quotes it: at most 20 bytes, each outside printable ASCII (NUL included)
 * as '?', so that no input can put control bytes or a cut-off text into a message. */
static const char *show_token(char out[24], token t)
{
    size_t n = t.len > 20 ? 17 : t.len, i;
    for (i = 0; i < n; i++) {
        unsigned char c = (unsigned char)t.s[i];
        out[i] = c >= 0x20 && c < 0x7F ? (char)c : '?';
    }
    if (t.len > 20) {
        memcpy(out + i, "...", 3);
        i += 3;
    }
    out[i] = '\0';
    return out;
}

static int is_digit(char c) { return c >= '0' && c <= '9'; }
static int is_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

/* A Crazyhouse pocket: piece letters, White's upper case and Black's lower case. */
static rf_status parse_pocket(rf_setup *setup, const char *s, size_t len, size_t offset,
                              rf_error *err)
{
    char shown[16];
    setup->extras |= RF_SETUP_POCKET;
    for (size_t i = 0; i < len; i++) {
        rf_piece pc = rf_piece_from_char(s[i]);
        if (pc == RF_NO_PIECE) {
            show_byte(shown, sizeof shown, (unsigned char)s[i]);
            return fail(err, RF_ERR_SYNTAX, RF_FIELD_POCKET, offset + i,
                        "%s is not a piece letter (a pocket holds P N B R Q, Black's in lower "
                        "case)", shown);
        }
        uint8_t *count = &setup->pocket[RF_PIECE_COLOR(pc)][RF_PIECE_TYPE(pc)];
        if (*count == 64)
            return fail(err, RF_ERR_SYNTAX, RF_FIELD_POCKET, offset + i,
                        "more than 64 of one piece in a pocket");
        (*count)++;
    }
    return RF_OK;
}

/* A pocket after the board's last rank (t.s[i] is '/' or '['): the rest of the word, as a ninth
 * rank or in brackets. */
static rf_status parse_board_pocket(rf_setup *setup, token t, size_t i, rf_error *err)
{
    size_t start = i + 1, end = t.len;
    if (t.s[i] == '/')
        for (size_t k = start; k < t.len; k++)
            if (is_digit(t.s[k]) || t.s[k] == '/')
                return fail(err, RF_ERR_SYNTAX, RF_FIELD_BOARD, t.offset + i, "more than 8 ranks");
    if (t.s[i] == '[') {
        const char *close = memchr(t.s + start, ']', t.len - start);
        if (!close) return fail(err, RF_ERR_SYNTAX, RF_FIELD_POCKET, t.offset + t.len, "'[' without its ']'");
        end = (size_t)(close - t.s);
        if (end + 1 < t.len)
            return fail(err, RF_ERR_SYNTAX, RF_FIELD_POCKET, t.offset + end + 1,
                        "text after the pocket's ']' (a space comes before the side to "
                        "move)");
    }
    return parse_pocket(setup, t.s + start, end - start, t.offset + start, err);
}

/* '~' (at byte `at`): the piece just read, on the square before `file` of `rank`, is promoted. */
static rf_status mark_promoted(rf_setup *setup, int file, int rank, int prev_digit, size_t at, rf_error *err)
{
    rf_square last = RF_SQUARE(file - 1, rank);
    if (file == 0 || prev_digit || setup->board[last] == RF_NO_PIECE || (setup->promoted & RF_BB(last)))
        return fail(err, RF_ERR_SYNTAX, RF_FIELD_BOARD, at, "'~' (promoted) must follow a piece letter");
    setup->promoted |= RF_BB(last);
    setup->extras |= RF_SETUP_POCKET;
    return RF_OK;
}

static rf_status parse_board(rf_setup *setup, token t, rf_error *err)
{
    int rank = 7, file = 0, prev_digit = 0;
    char shown[16];
    for (size_t i = 0; i < t.len; i++) {
        unsigned char c = (unsigned char)t.s[i];
        size_t at = t.offset + i;
        if (rank == 0 && file == 8 && (c == '/' || c == '[')) return parse_board_pocket(setup, t, i, err);
        if (c == '~') {
            rf_status st = mark_promoted(setup, file, rank, prev_digit, at, err);
            if (st != RF_OK) return st;
            continue;
        }
        if (c == '/') {
            if (file != 8)
                return fail(err, RF_ERR_SYNTAX, RF_FIELD_BOARD, at,
                            "rank %d has %d squares, not 8", rank + 1, file);
            if (rank == 0)
                return fail(err, RF_ERR_SYNTAX, RF_FIELD_BOARD, at, "more than 8 ranks");
            rank--;
            file = 0;
            prev_digit = 0;
        } else if (c >= '1' && c <= '8') {
            if (prev_digit)
                return fail(err, RF_ERR_SYNTAX, RF_FIELD_BOARD, at,
                            "two digits in a row ('%c' after a digit)", c);
            file += c - '0';
            if (file > 8)
                return fail(err, RF_ERR_SYNTAX, RF_FIELD_BOARD, at,
                            "rank %d has more than 8 squares", rank + 1);
            prev_digit = 1;
        } else {
            rf_piece pc = rf_piece_from_char((char)c);
            if (pc == RF_NO_PIECE) {
                show_byte(shown, sizeof shown, c);
                return fail(err, RF_ERR_SYNTAX, RF_FIELD_BOARD, at,
                            "%s is not a piece letter or an empty-square count 1-8",
                            shown);
            }
            if (file >= 8)
                return fail(err, RF_ERR_SYNTAX, RF_FIELD_BOARD, at,
                            "rank %d has more than 8 squares", rank + 1);
            setup->board[RF_SQUARE(file, rank)] = pc;
            file++;
            prev_digit = 0;
        }
    }
    size_t end = t.offset + t.len;
    if (rank > 0)
        return fail(err, RF_ERR_SYNTAX, RF_FIELD_BOARD, end, "%d ranks, not 8", 8 - rank);
    if (file != 8)
        return fail(err, RF_ERR_SYNTAX, RF_FIELD_BOARD, end, "rank 1 has %d squares, not 8",
                    file);
    return RF_OK;
}

static rf_status parse_number(uint32_t *out, token t, rf_field field, rf_error *err)
{
    uint32_t v = 0;
    char shown[16];
    for (size_t i = 0; i < t.len; i++) {
        unsigned char c = (unsigned char)t.s[i];
        if (c < '0' || c > '9') {
            show_byte(shown, sizeof shown, c);
            return fail(err, RF_ERR_SYNTAX, field, t.offset + i,
                        "%s is not a digit: a whole number 0-999999999 is expected", shown);
        }
        if (i >= 9)
            return fail(err, RF_ERR_SYNTAX, field, t.offset + i,
                        "number too large (at most 999999999)");
        v = v * 10 + (uint32_t)(c - '0');
    }
    *out = v;
    return RF_OK;
}

/* The square a castling letter names, resolved against the board: a file letter names that
 * file's square on the colour's back rank; K and Q name the outermost rook of the colour on that
 * side of its king on the back rank, or the corner when there is no such king or rook (then
 * validity finds no rook or no king there). */
static rf_square castling_square(const rf_setup *setup, char ch)
{
    rf_color c = (ch >= 'a' && ch <= 'z') ? RF_BLACK : RF_WHITE;
    char up = (char)(c == RF_BLACK ? ch - 'a' + 'A' : ch);
    int back = c == RF_WHITE ? 0 : 7;
    if (up != 'K' && up != 'Q') return RF_SQUARE(up - 'A', back);
    int kf = -1, kings = 0;
    for (int f = 0; f < 8; f++)
        if (setup->board[RF_SQUARE(f, back)] == RF_MAKE_PIECE(c, RF_KING)) kf = f, kings++;
    int corner = up == 'K' ? 7 : 0;
    if (kings == 1) {
        int step = up == 'K' ? -1 : 1;
        for (int f = corner; f != kf; f += step)
            if (setup->board[RF_SQUARE(f, back)] == RF_MAKE_PIECE(c, RF_ROOK)) return RF_SQUARE(f, back);
    }
    return RF_SQUARE(corner, back);
}

static int is_castling_char(char c)
{
    return c == 'K' || c == 'Q' || c == 'k' || c == 'q' || (c >= 'A' && c <= 'H') ||
           (c >= 'a' && c <= 'h');
}

static rf_status parse_castling(rf_setup *setup, token t, rf_error *err)
{
    char shown[16];
    if (t.len == 1 && t.s[0] == '-') return RF_OK;
    for (size_t i = 0; i < t.len; i++) {
        char ch = t.s[i];
        if (ch == '-')
            return fail(err, RF_ERR_SYNTAX, RF_FIELD_CASTLING, t.offset + i,
                        "'-' must stand alone");
        if (!is_castling_char(ch)) {
            show_byte(shown, sizeof shown, (unsigned char)ch);
            return fail(err, RF_ERR_SYNTAX, RF_FIELD_CASTLING, t.offset + i,
                        "%s is not a castling right", shown);
        }
        for (size_t j = 0; j < i; j++)
            if (t.s[j] == ch)
                return fail(err, RF_ERR_SYNTAX, RF_FIELD_CASTLING, t.offset + i,
                            "'%c' appears twice", ch);
        if (i >= 4)
            return fail(err, RF_ERR_SYNTAX, RF_FIELD_CASTLING, t.offset + i,
                        "more than 4 castling rights");
    }
    for (size_t i = 0; i < t.len; i++) setup->castling |= RF_BB(castling_square(setup, t.s[i]));
    return RF_OK;
}



rf_status rf_epd_next(rf_epd_op *op, const char *text, size_t len, size_t *at, rf_error *err)
{
    size_t i = *at;
    char shown[16];
    if (err) memset(err, 0, sizeof *err);
    while (i < len && is_space((unsigned char)text[i])) i++;
    if (i >= len) {
        *at = len;
        return RF_ERR_NOT_FOUND;
    }
    if (!is_letter(text[i])) {
        show_byte(shown, sizeof shown, (unsigned char)text[i]);
        return fail(err, RF_ERR_SYNTAX, RF_FIELD_EPD, i,
                    "EPD operation starts with %s, not with a letter", shown);
    }
    size_t start = i;
    while (i < len && (is_letter(text[i]) || is_digit(text[i]) || text[i] == '_')) i++;
    op->opcode = text + start;
    op->opcode_len = i - start;
    if (i < len && !is_space((unsigned char)text[i]) && text[i] != ';') {
        show_byte(shown, sizeof shown, (unsigned char)text[i]);
        return fail(err, RF_ERR_SYNTAX, RF_FIELD_EPD, i,
                    "%s in an EPD opcode (letters, digits and '_')", shown);
    }
    while (i < len && is_space((unsigned char)text[i])) i++;
    size_t ops = i, ops_end = i;
    while (i < len && text[i] != ';') {
        if (text[i] == '"') {
            size_t quote = i++;
            while (i < len && text[i] != '"') i++;
            if (i >= len)
                return fail(err, RF_ERR_SYNTAX, RF_FIELD_EPD, quote,
                            "EPD string without its closing '\"'");
        }
        i++;
        if (!is_space((unsigned char)text[i - 1])) ops_end = i;
    }
    if (i >= len)
        return fail(err, RF_ERR_SYNTAX, RF_FIELD_EPD, start,
                    "EPD operation without its closing ';'");
    op->operands = text + ops;
    op->operands_len = ops_end - ops;
    *at = i + 1;
    return RF_OK;
}

/* Tokens and their fields; kept so that rf_position_parse can name a field's offset. */
typedef struct fen_tokens {
    token tok[8];
    int n;
} fen_tokens;

/* Three-check counters: "R+R" (remaining checks, lichess) when `given` is 0, "+G+G" (checks
 * given, python-chess) when 1. Returns 1 when the word has that shape (then the numbers must be
 * 0-3), 0 when it does not. */
static int checks_shape(token t, int given)
{
    size_t i = 0;
    if (given && (t.len == 0 || t.s[i++] != '+')) return 0;
    if (i >= t.len || !is_digit(t.s[i])) return 0;
    while (i < t.len && is_digit(t.s[i])) i++;
    if (i >= t.len || t.s[i++] != '+') return 0;
    if (i >= t.len) return 0;
    while (i < t.len && is_digit(t.s[i])) i++;
    return i == t.len;
}

static rf_status parse_checks(rf_setup *setup, token t, int given, rf_error *err)
{
    if (setup->extras & RF_SETUP_CHECKS)
        return fail(err, RF_ERR_SYNTAX, RF_FIELD_CHECKS, t.offset, "check counters written twice");
    size_t i = given ? 1 : 0;
    for (int c = 0; c < 2; c++) {
        size_t start = i;
        unsigned v = 0;
        while (i < t.len && is_digit(t.s[i]) && v <= 3) v = v * 10 + (unsigned)(t.s[i++] - '0');
        if (v > 3 || (i < t.len && is_digit(t.s[i])))
            return fail(err, RF_ERR_SYNTAX, RF_FIELD_CHECKS, t.offset + start,
                        given ? "%s has given more than 3 checks" : "%s has more than 3 checks to give",
                        c == 0 ? "White" : "Black");
        setup->remaining_checks[c] = (uint8_t)(given ? 3 - v : v);
        i++; /* the '+' */
    }
    setup->extras |= RF_SETUP_CHECKS;
    return RF_OK;
}

/* The fields before the EPD operations, as tokens into ft: the board, side, castling and en
 * passant fields, then up to two counters (words that do not start with a letter). *rest: where
 * the EPD operations start (len when none); *junk: a ninth field (len when none). */
static void split_fields(const char *text, size_t len, fen_tokens *ft, size_t *rest, size_t *junk)
{
    token *tok = ft->tok;
    int n = 0;
    size_t i = 0;
    *rest = *junk = len;
    for (;;) {
        while (i < len && is_space((unsigned char)text[i])) i++;
        if (i >= len) break;
        if (n >= 4 && is_letter(text[i])) {
            *rest = i;
            break;
        }
        if (n == 8) {
            *junk = i; /* reported once the fields before it have been read */
            break;
        }
        size_t start = i;
        while (i < len && !is_space((unsigned char)text[i])) i++;
        tok[n].s = text + start;
        tok[n].len = i - start;
        tok[n].offset = start;
        n++;
    }
    ft->n = n;
}

/* The side to move (w or b) and the en passant square (or -). */
static rf_status parse_side(rf_setup *setup, token t, rf_error *err)
{
    char shown[24];
    if (t.len == 1 && (t.s[0] == 'w' || t.s[0] == 'W'))
        setup->side = RF_WHITE;
    else if (t.len == 1 && (t.s[0] == 'b' || t.s[0] == 'B'))
        setup->side = RF_BLACK;
    else
        return fail(err, RF_ERR_SYNTAX, RF_FIELD_SIDE, t.offset, "'%s' is not a side to move (w or b)",
                    show_token(shown, t));
    return RF_OK;
}

static rf_status parse_ep(rf_setup *setup, token t, rf_error *err)
{
    char shown[24];
    if (t.len == 1 && t.s[0] == '-') return RF_OK;
    rf_square sq = rf_square_parse(t.s, t.len);
    if (sq == RF_NO_SQUARE)
        return fail(err, RF_ERR_SYNTAX, RF_FIELD_EP, t.offset, "'%s' is not a square (a1-h8) or -",
                    show_token(shown, t));
    setup->ep = sq;
    return RF_OK;
}

/* After the en passant field: lichess's remaining checks, the two counters, python-chess's
 * checks given. *junk: where a field past them starts (left as it is when none). */
static rf_status parse_counters(rf_setup *setup, const fen_tokens *ft, size_t *junk, rf_error *err)
{
    rf_status st;
    int counters = 0;
    for (int k = 4; k < ft->n; k++) {
        token t = ft->tok[k];
        if (counters == 0 && checks_shape(t, 0)) {
            if ((st = parse_checks(setup, t, 0, err)) != RF_OK) return st;
        } else if (checks_shape(t, 1)) {
            if ((st = parse_checks(setup, t, 1, err)) != RF_OK) return st;
        } else if (counters < 2) {
            rf_field field = counters == 0 ? RF_FIELD_HALFMOVE : RF_FIELD_FULLMOVE;
            uint32_t *value = counters == 0 ? &setup->halfmove : &setup->fullmove;
            if ((st = parse_number(value, t, field, err)) != RF_OK) return st;
            counters++;
        } else {
            *junk = t.offset;
            break;
        }
    }
    return RF_OK;
}

/* The EPD operations from byte `rest`: each read once to check it (rf_epd_next), their place kept
 * in the setup. */
static rf_status check_epd(rf_setup *setup, const char *text, size_t len, size_t rest, int n, rf_error *err)
{
    if (n < 4)
        return fail(err, RF_ERR_SYNTAX, RF_FIELD_EPD, rest, "EPD operations need the four fields before them");
    size_t end = len;
    while (end > rest && is_space((unsigned char)text[end - 1])) end--;
    size_t at = rest;
    rf_epd_op op;
    rf_status st;
    while ((st = rf_epd_next(&op, text, end, &at, err)) == RF_OK) continue;
    if (st != RF_ERR_NOT_FOUND) return st;
    if (err) memset(err, 0, sizeof *err);
    setup->epd_offset = rest;
    setup->epd_len = end - rest;
    return RF_OK;
}

static rf_status parse_setup(rf_setup *setup, const char *text, size_t len, fen_tokens *ft,
                             rf_error *err)
{
    if (err) memset(err, 0, sizeof *err);
    ft->n = 0;
    if (!setup || (!text && len))
        return fail(err, RF_ERR_ARGUMENT, RF_FIELD_NONE, 0, "no setup or no text given");
    rf_setup_clear(setup);
    size_t rest, junk;
    split_fields(text, len, ft, &rest, &junk);
    int n = ft->n;
    if (n == 0) return fail(err, RF_ERR_SYNTAX, RF_FIELD_BOARD, len, "empty input");
    rf_status st = parse_board(setup, ft->tok[0], err);
    if (st != RF_OK) return st;
    if (n > 1 && (st = parse_side(setup, ft->tok[1], err)) != RF_OK) return st;
    if (n > 2 && (st = parse_castling(setup, ft->tok[2], err)) != RF_OK) return st;
    if (n > 3 && (st = parse_ep(setup, ft->tok[3], err)) != RF_OK) return st;
    if ((st = parse_counters(setup, ft, &junk, err)) != RF_OK) return st;
    if (setup->fullmove == 0) setup->fullmove = 1;
    if (junk < len)
        return fail(err, RF_ERR_SYNTAX, RF_FIELD_EXTRA, junk,
                    "unexpected text after the fullmove number (EPD operations start with a "
                    "letter)");
    if (rest < len) return check_epd(setup, text, len, rest, n, err);
    return RF_OK;
}

rf_status rf_setup_parse(rf_setup *setup, const char *text, size_t len, rf_error *err)
{
    fen_tokens ft;
    return parse_setup(setup, text, len, &ft, err);
}

rf_status rf_position_parse(rf_position *pos, const char *text, size_t len, rf_variant variant,
                            unsigned flags, uint32_t accept, rf_error *err)
{
    rf_init();
    rf_setup setup;
    fen_tokens ft;
    rf_status st = parse_setup(&setup, text, len, &ft, err);
    if (st != RF_OK) return st;
    st = rf_position_from_setup(pos, &setup, variant, flags, accept, err);
    if (st == RF_ERR_INVALID && err) {
        /* Point at the field the first broken rule is about, where the text has it. */
        int index = err->field == RF_FIELD_CASTLING ? 2 : err->field == RF_FIELD_EP ? 3 : 0;
        err->offset = index < ft.n ? ft.tok[index].offset : len;
        if (err->field == RF_FIELD_POCKET && ft.n > 0) {
            /* The '[', the ninth rank's '/', or the first '~'. */
            token b = ft.tok[0];
            size_t at = b.len, slashes = 0, tilde = b.len;
            for (size_t k = 0; k < b.len && at == b.len; k++) {
                if (b.s[k] == '[' || (b.s[k] == '/' && ++slashes == 8)) at = k;
                if (b.s[k] == '~' && tilde == b.len) tilde = k;
            }
            /* A ninth rank outside Crazyhouse is a board with too many ranks. */
            err->offset = b.offset + (at < b.len ? at : tilde);
            if (at < b.len && b.s[at] == '/')
                rf__error_in(err, err->status, err->field, err->offset, err->validity, RF_INVALID_CONTEXT,
                             "board field: more than 8 ranks (a ninth rank is a pocket only in "
                             "Crazyhouse)");
        }
        if (err->field == RF_FIELD_CHECKS)
            for (int k = 4; k < ft.n; k++)
                if (checks_shape(ft.tok[k], 0) || checks_shape(ft.tok[k], 1)) err->offset = ft.tok[k].offset;
    }
    return st;
}

rf_status rf_position_from_fen(rf_position *pos, const char *fen, rf_variant variant,
                               rf_error *err)
{
    return rf_position_parse(pos, fen, fen ? strlen(fen) : 0, variant, 0, RF_ACCEPT_DEFAULT, err);
}

/* The start position of each variant this build plays, read from its FEN once: a PGN reader asks
 * for one per game. */
static rf_position start_positions[RF_VARIANT_COUNT];
static rf_status start_status[RF_VARIANT_COUNT];
static pthread_once_t start_once = PTHREAD_ONCE_INIT;

static void build_starts(void)
{
    for (int v = 0; v < RF_VARIANT_COUNT; v++) {
        const rf__variant *rules = rf__variant_get((rf_variant)v);
        start_status[v] = rules ? rf_position_from_fen(&start_positions[v], rules->start_fen, (rf_variant)v, NULL)
                                : RF_ERR_ARGUMENT;
    }
}

rf_status rf_position_startpos(rf_position *pos, rf_variant variant)
{
    if ((unsigned)variant >= RF_VARIANT_COUNT) return RF_ERR_ARGUMENT;
    pthread_once(&start_once, build_starts);
    if (start_status[variant] != RF_OK) return start_status[variant];
    *pos = start_positions[variant];
    return RF_OK;
}

/* Appends to a bounded buffer, counting what would have been written. */
typedef struct out {
    char *buf;
    size_t cap, len;
} out;

static void put(out *o, char c)
{
    if (o->len + 1 < o->cap) o->buf[o->len] = c;
    o->len++;
}

static void put_str(out *o, const char *s)
{
    while (*s) put(o, *s++);
}

static void put_uint(out *o, uint32_t v)
{
    char tmp[12];
    snprintf(tmp, sizeof tmp, "%u", (unsigned)v);
    put_str(o, tmp);
}

/* X-FEN writes K/Q when the castling rook is the outermost rook of its colour on that side. */
static int is_outermost(const rf_position *pos, rf_color c, int side, rf_square rook)
{
    int back = RF_RANK_OF(rook);
    for (int f = side == RF_KINGSIDE ? 7 : 0; f != RF_FILE_OF(rook); f += side == RF_KINGSIDE ? -1 : 1)
        if (pos->board[RF_SQUARE(f, back)] == RF_MAKE_PIECE(c, RF_ROOK)) return 0;
    return 1;
}

/* The board field: ranks 8 to 1, '~' after a promoted piece (Crazyhouse). */
static void put_board(out *o, const rf_position *pos)
{
    for (int rank = 7; rank >= 0; rank--) {
        int empty = 0;
        for (int file = 0; file < 8; file++) {
            rf_piece pc = pos->board[RF_SQUARE(file, rank)];
            if (pc == RF_NO_PIECE) {
                empty++;
                continue;
            }
            if (empty) put(o, (char)('0' + empty));
            empty = 0;
            put(o, rf_piece_to_char(pc));
            if (pos->promoted & RF_BB(RF_SQUARE(file, rank))) put(o, '~');
        }
        if (empty) put(o, (char)('0' + empty));
        if (rank) put(o, '/');
    }
}

/* Crazyhouse's pockets: "[QRBNPqrbnp]", White's pieces first, each colour queen to pawn (as
 * lichess writes it); "[]" when both are empty. */
static void put_pockets(out *o, const rf_position *pos)
{
    put(o, '[');
    for (int c = 0; c < 2; c++)
        for (int pt = RF_KING; pt >= RF_PAWN; pt--)
            for (int k = 0; k < pos->pocket[c][pt]; k++) put(o, rf_piece_to_char(RF_MAKE_PIECE(c, pt)));
    put(o, ']');
}

/* The castling field: X-FEN (K/Q for an outermost rook, else its file) or Shredder-FEN. */
static void put_castling(out *o, const rf_position *pos, unsigned flags)
{
    int any = 0;
    rf__castle_right r;
    for (int i = 0; rf__castle_next(pos, &i, &r);) {
        char ch;
        if (!(flags & RF_FEN_SHREDDER) && is_outermost(pos, r.color, r.side, r.rook))
            ch = r.side == RF_KINGSIDE ? 'K' : 'Q';
        else
            ch = (char)('A' + RF_FILE_OF(r.rook));
        put(o, r.color == RF_BLACK ? (char)(ch - 'A' + 'a') : ch);
        any = 1;
    }
    if (!any) put(o, '-');
}

size_t rf_position_to_fen(char *buf, size_t cap, const rf_position *pos, unsigned flags)
{
    rf_init();
    out o = {buf, cap, 0};
    put_board(&o, pos);
    if (!(flags & RF_FEN_BOARD_ONLY) && (rf__variant_of(pos)->fen_extras & RF_SETUP_POCKET)) put_pockets(&o, pos);
    if (!(flags & RF_FEN_BOARD_ONLY)) {
        put_str(&o, pos->side == RF_WHITE ? " w " : " b ");
        put_castling(&o, pos, flags);
        put(&o, ' ');
        if (pos->ep != RF_NO_SQUARE && ((flags & RF_FEN_EP_ALWAYS) || pos->ep_legal)) {
            char name[3];
            rf_square_name(name, pos->ep);
            put_str(&o, name);
        } else {
            put(&o, '-');
        }
        if (rf__variant_of(pos)->fen_extras & RF_SETUP_CHECKS) { /* Three-check: "3+3" */
            put(&o, ' ');
            put_uint(&o, pos->remaining_checks[RF_WHITE]);
            put(&o, '+');
            put_uint(&o, pos->remaining_checks[RF_BLACK]);
        }
        put(&o, ' ');
        put_uint(&o, pos->halfmove);
        put(&o, ' ');
        put_uint(&o, pos->fullmove);
    }
    if (cap) buf[o.len < cap ? o.len : cap - 1] = '\0';
    return o.len;
}
