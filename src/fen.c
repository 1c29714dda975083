/*
 * fen.c - FEN, X-FEN and Shredder-FEN, in and out.
 *
 * Grammar accepted (white space = space, tab, CR, LF, VT, FF; runs of it separate fields and
 * surround the whole text):
 *   fen       = board [ side [ castling [ ep [ halfmove [ fullmove ] ] ] ] ]
 *   board     = rank "/" rank "/" rank "/" rank "/" rank "/" rank "/" rank "/" rank
 *               (rank 8 first; each rank covers exactly 8 squares, a to h)
 *   rank      = { piece | digit }     digit = "1".."8", never two in a row
 *   piece     = "P" | "N" | "B" | "R" | "Q" | "K" | "p" | "n" | "b" | "r" | "q" | "k"
 *   side      = "w" | "b"              (upper case accepted)
 *   castling  = "-" | 1*4 ( "K" | "Q" | "k" | "q" | "A".."H" | "a".."h" )
 *   ep        = "-" | file rank        (any square parses; validity wants rank 3 or 6)
 *   halfmove  = 1*9 digit
 *   fullmove  = 1*9 digit              (0 is read as 1)
 * Missing trailing fields default to "w - - 0 1".
 *
 * Castling letters: K/Q (k/q for Black) name the outermost rook on that side of the king; a file
 * letter names the rook on that file, upper case for White (X-FEN and Shredder-FEN). Whether a
 * named rook exists is a question of validity (RF_INVALID_BAD_CASTLING), not of syntax.
 */
#include "position.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static const char piece_chars[] = ".PNBRQK..pnbrqk.";

char rf_piece_to_char(rf_piece piece) { return piece < 16 ? piece_chars[piece] : '?'; }

rf_piece rf_piece_from_char(char c)
{
    for (int i = 1; i < 16; i++)
        if (piece_chars[i] == c && c != '.') return (rf_piece)i;
    return RF_NO_PIECE;
}

void rf_square_name(rf_square sq, char buf[3])
{
    if (sq > 63) {
        buf[0] = '-';
        buf[1] = '\0';
        return;
    }
    buf[0] = (char)('a' + RF_FILE_OF(sq));
    buf[1] = (char)('1' + RF_RANK_OF(sq));
    buf[2] = '\0';
}

rf_square rf_square_parse(const char *s, size_t len)
{
    if (len != 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8') return RF_NO_SQUARE;
    return RF_SQUARE(s[0] - 'a', s[1] - '1');
}

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
    err->status = status;
    err->field = field;
    err->offset = offset;
    err->validity = 0;
    char what[120];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    snprintf(err->message, sizeof err->message, "%s: %s (byte %zu)", rf_field_name(field), what,
             offset);
    return status;
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

static rf_status parse_board(rf_position *pos, token t, rf_error *err)
{
    int rank = 7, file = 0, prev_digit = 0;
    char shown[16];
    for (size_t i = 0; i < t.len; i++) {
        unsigned char c = (unsigned char)t.s[i];
        size_t at = t.offset + i;
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
            rf__put_piece(pos, pc, RF_SQUARE(file, rank));
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

/* The king of colour c on its back rank, or RF_NO_SQUARE when there is not exactly one. */
static rf_square back_rank_king(const rf_position *pos, rf_color c)
{
    rf_bitboard k = rf__pieces(pos, c, RF_KING) & RF_RANK_BB(c == RF_WHITE ? 0 : 7);
    return (k && !rf__more_than_one(k)) ? rf__lsb(k) : RF_NO_SQUARE;
}

/* Resolves one castling letter against the board: the rook square and side it names, or 0 when
 * the board has no such king and rook. */
static int resolve_castling(const rf_position *pos, char ch, rf_color *color, int *side,
                            rf_square *rook)
{
    rf_color c = (ch >= 'a' && ch <= 'z') ? RF_BLACK : RF_WHITE;
    char up = (char)(c == RF_BLACK ? ch - 'a' + 'A' : ch);
    int back = c == RF_WHITE ? 0 : 7;
    rf_piece rook_pc = RF_MAKE_PIECE(c, RF_ROOK);
    *color = c;
    rf_square ksq = back_rank_king(pos, c);
    if (ksq == RF_NO_SQUARE) return 0;
    int kf = RF_FILE_OF(ksq);
    if (up == 'K' || up == 'Q') {
        *side = up == 'K' ? RF_KINGSIDE : RF_QUEENSIDE;
        int step = up == 'K' ? -1 : 1;
        for (int f = up == 'K' ? 7 : 0; f != kf; f += step) {
            if (pos->board[RF_SQUARE(f, back)] == rook_pc) {
                *rook = RF_SQUARE(f, back);
                return 1;
            }
        }
        return 0;
    }
    int f = up - 'A';
    if (f == kf || pos->board[RF_SQUARE(f, back)] != rook_pc) return 0;
    *side = f > kf ? RF_KINGSIDE : RF_QUEENSIDE;
    *rook = RF_SQUARE(f, back);
    return 1;
}

static int is_castling_char(char c)
{
    return c == 'K' || c == 'Q' || c == 'k' || c == 'q' || (c >= 'A' && c <= 'H') ||
           (c >= 'a' && c <= 'h');
}

/* Parses the castling field into pos->castle_rook; *bad gets RF_INVALID_BAD_CASTLING when a
 * right names no rook or two rights name one side. */
static rf_status parse_castling(rf_position *pos, token t, uint32_t *bad, rf_error *err)
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
    for (size_t i = 0; i < t.len; i++) {
        rf_color c;
        int side = 0;
        rf_square rook = RF_NO_SQUARE;
        if (!resolve_castling(pos, t.s[i], &c, &side, &rook) ||
            pos->castle_rook[c][side] != RF_NO_SQUARE) {
            *bad |= RF_INVALID_BAD_CASTLING;
            continue;
        }
        pos->castle_rook[c][side] = rook;
    }
    return RF_OK;
}

/* Standard castling mode holds when every right is an e-file king with its rook in the corner,
 * however the rights were written (KQkq and HAha name the same rooks there). */
static int needs_chess960(const rf_position *pos)
{
    for (int c = 0; c < 2; c++) {
        for (int s = 0; s < 2; s++) {
            rf_square r = pos->castle_rook[c][s];
            if (r == RF_NO_SQUARE) continue;
            rf_square k = back_rank_king(pos, (rf_color)c);
            if (RF_FILE_OF(k) != 4 || RF_FILE_OF(r) != (s == RF_KINGSIDE ? 7 : 0)) return 1;
        }
    }
    return 0;
}

rf_status rf_position_parse(rf_position *pos, const char *text, size_t len, unsigned flags,
                            uint32_t accept, rf_error *err)
{
    rf_init();
    if (err) memset(err, 0, sizeof *err);
    if (!pos || (!text && len))
        return fail(err, RF_ERR_ARGUMENT, RF_FIELD_NONE, 0, "no position or no text given");
    rf__position_clear(pos);
    pos->variant = (flags & RF_PARSE_ATOMIC) ? RF_ATOMIC : RF_STANDARD;

    token tok[6];
    int n = 0;
    size_t i = 0;
    for (;;) {
        while (i < len && is_space((unsigned char)text[i])) i++;
        if (i >= len) break;
        size_t start = i;
        while (i < len && !is_space((unsigned char)text[i])) i++;
        if (n == 6) {
            return fail(err, RF_ERR_SYNTAX, RF_FIELD_EXTRA, start,
                        "unexpected text after the fullmove number");
        }
        tok[n].s = text + start;
        tok[n].len = i - start;
        tok[n].offset = start;
        n++;
    }
    if (n == 0) return fail(err, RF_ERR_SYNTAX, RF_FIELD_BOARD, len, "empty input");

    rf_status st = parse_board(pos, tok[0], err);
    if (st != RF_OK) return st;
    char shown[24];

    if (n > 1) {
        token t = tok[1];
        if (t.len == 1 && (t.s[0] == 'w' || t.s[0] == 'W'))
            pos->side = RF_WHITE;
        else if (t.len == 1 && (t.s[0] == 'b' || t.s[0] == 'B'))
            pos->side = RF_BLACK;
        else
            return fail(err, RF_ERR_SYNTAX, RF_FIELD_SIDE, t.offset,
                        "'%s' is not a side to move (w or b)", show_token(shown, t));
    }

    uint32_t bad = 0;
    if (n > 2 && (st = parse_castling(pos, tok[2], &bad, err)) != RF_OK) return st;

    if (n > 3) {
        token t = tok[3];
        if (!(t.len == 1 && t.s[0] == '-')) {
            rf_square sq = rf_square_parse(t.s, t.len);
            if (sq == RF_NO_SQUARE)
                return fail(err, RF_ERR_SYNTAX, RF_FIELD_EP, t.offset,
                            "'%s' is not a square (a1-h8) or -", show_token(shown, t));
            if (RF_RANK_OF(sq) == (pos->side == RF_WHITE ? 5 : 2))
                pos->ep = sq;
            else
                bad |= RF_INVALID_BAD_EP_SQUARE;
        }
    }
    if (n > 4 && (st = parse_number(&pos->halfmove, tok[4], RF_FIELD_HALFMOVE, err)) != RF_OK)
        return st;
    if (n > 5 && (st = parse_number(&pos->fullmove, tok[5], RF_FIELD_FULLMOVE, err)) != RF_OK)
        return st;
    if (pos->fullmove == 0) pos->fullmove = 1;

    pos->chess960 = (flags & RF_PARSE_CHESS960) || needs_chess960(pos);

    uint32_t validity = bad | rf_position_validity(pos);
    if (validity & accept & RF_INVALID_BAD_EP_SQUARE) pos->ep = RF_NO_SQUARE;
    pos->ep_legal = (uint8_t)rf__ep_legal(pos);
    pos->key = rf__compute_key(pos);
    if (validity & ~accept) {
        if (err) {
            char what[120];
            rf_validity_describe(validity, what, sizeof what);
            err->status = RF_ERR_INVALID;
            err->field = RF_FIELD_NONE;
            err->offset = 0;
            err->validity = validity;
            snprintf(err->message, sizeof err->message, "invalid position: %s", what);
        }
        return RF_ERR_INVALID;
    }
    return RF_OK;
}

rf_status rf_position_from_fen(rf_position *pos, const char *fen, unsigned flags, rf_error *err)
{
    return rf_position_parse(pos, fen, fen ? strlen(fen) : 0, flags, RF_ACCEPT_DEFAULT, err);
}

void rf_position_startpos(rf_position *pos)
{
    rf_position_from_fen(pos, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 0,
                         NULL);
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

size_t rf_position_to_fen(const rf_position *pos, char *buf, size_t cap, unsigned flags)
{
    rf_init();
    out o = {buf, cap, 0};
    for (int rank = 7; rank >= 0; rank--) {
        int empty = 0;
        for (int file = 0; file < 8; file++) {
            rf_piece pc = pos->board[RF_SQUARE(file, rank)];
            if (pc == RF_NO_PIECE) {
                empty++;
                continue;
            }
            if (empty) put(&o, (char)('0' + empty));
            empty = 0;
            put(&o, rf_piece_to_char(pc));
        }
        if (empty) put(&o, (char)('0' + empty));
        if (rank) put(&o, '/');
    }
    if (!(flags & RF_FEN_BOARD_ONLY)) {
        put_str(&o, pos->side == RF_WHITE ? " w " : " b ");
        int any = 0;
        for (int c = 0; c < 2; c++) {
            for (int s = 0; s < 2; s++) {
                rf_square r = pos->castle_rook[c][s];
                if (r == RF_NO_SQUARE) continue;
                char ch;
                if (!(flags & RF_FEN_SHREDDER) && is_outermost(pos, (rf_color)c, s, r))
                    ch = s == RF_KINGSIDE ? 'K' : 'Q';
                else
                    ch = (char)('A' + RF_FILE_OF(r));
                put(&o, c == RF_BLACK ? (char)(ch - 'A' + 'a') : ch);
                any = 1;
            }
        }
        if (!any) put(&o, '-');
        put(&o, ' ');
        if (pos->ep != RF_NO_SQUARE && ((flags & RF_FEN_EP_ALWAYS) || pos->ep_legal)) {
            char name[3];
            rf_square_name(pos->ep, name);
            put_str(&o, name);
        } else {
            put(&o, '-');
        }
        put(&o, ' ');
        put_uint(&o, pos->halfmove);
        put(&o, ' ');
        put_uint(&o, pos->fullmove);
    }
    if (cap) buf[o.len < cap ? o.len : cap - 1] = '\0';
    return o.len;
}
