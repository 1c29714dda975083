/*
 * notation.c - moves as text: UCI and SAN, in and out.
 *
 * Every move read is matched against the legal moves of the position (rf_generate_moves, so the
 * position's variant decides), never built from the text alone: a text names a move only if a
 * legal move answers to it, and it is ambiguous when more than one does.
 *
 * UCI grammar read (white space around it ignored):
 *   uci       = square square [ promotion ]           square = "a".."h" "1".."8"
 *   promotion = "q" | "r" | "b" | "n" | "k" (Antichess), in either case
 * Castling matches as king-takes-own-rook, or as the king's destination square when no legal
 * move has that from and to square. "0000" is the null move.
 *
 * SAN grammar read (white space around it ignored; then any run of trailing "+", "#", "!", "?"
 * and "e.p.", with white space before "e.p.", is dropped):
 *   san       = null | castling | move               null = "--" | "Z0" | "0000" | "@@@@"
 *   castling  = o "-" o [ "-" o ]                      o = "O" | "o" | "0"
 *   move      = [ piece ] [ file ] [ rank ] [ "x" | ":" | "-" ] square [ [ "=" ] promotion ]
 *   piece     = "K" | "Q" | "R" | "B" | "N" | "P" | "k" | "q" | "r" | "n"   (never "b", a file)
 * A move matches the legal moves (castling aside) of a piece of its type to its square, from its
 * file and rank when given, promoting to its promotion piece when given; a pawn move without a
 * from file matches only pushes, since a pawn capture always names the pawn's file. A move with
 * both squares and no piece letter ("g1f3", "e1g1", "e7e8q") is long algebraic: it matches as
 * UCI does, whatever piece stands on its from square.
 */
#include "types.h"
#include "variant.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static const char san_piece_letters[] = "??NBRQK"; /* by rf_piece_type */
static const char uci_promotion_letters[] = "nbrqk"; /* by type - RF_KNIGHT (k: Antichess) */

/* Copies n bytes of text into buf the way snprintf would; returns n. */
static size_t emit(char *buf, size_t cap, const char *text, size_t n)
{
    if (cap) {
        size_t k = n < cap - 1 ? n : cap - 1;
        memcpy(buf, text, k);
        buf[k] = '\0';
    }
    return n;
}

static int is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f';
}

static void trim(const char **text, size_t *len)
{
    while (*len && is_space(**text)) (*text)++, (*len)--;
    while (*len && is_space((*text)[*len - 1])) (*len)--;
}

/* The text as messages quote it: at most 24 bytes, bytes outside printable ASCII as '?'. */
static const char *quoted(char out[32], const char *text, size_t len)
{
    size_t n = len > 24 ? 21 : len, i;
    for (i = 0; i < n; i++) out[i] = (text[i] >= 0x20 && text[i] < 0x7F) ? text[i] : '?';
    if (len > 24) {
        memcpy(out + i, "...", 3);
        i += 3;
    }
    out[i] = '\0';
    return out;
}

static rf_status fail(rf_error *err, rf_status status, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static rf_status fail(rf_error *err, rf_status status, const char *fmt, ...)
{
    if (!err) return status;
    char what[150];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    return rf__error_in(err, status, RF_FIELD_MOVE, 0, 0, rf_field_name(RF_FIELD_MOVE), "%s", what);
}

static int contains(const rf_movelist *list, rf_move move)
{
    for (unsigned i = 0; i < list->count; i++)
        if (list->moves[i] == move) return 1;
    return 0;
}

static rf_piece_type type_on(const rf_position *pos, rf_square sq)
{
    return RF_PIECE_TYPE(pos->board[sq]);
}

/* ---- Drops (Crazyhouse): "N@f3" in UCI and SAN alike --------------------------------------- */

static const char drop_letters[] = "PNBRQK"; /* by type - RF_PAWN */

static size_t write_drop(char *buf, size_t cap, rf_move move)
{
    rf_piece_type pt = RF_MOVE_DROPPED(move);
    char text[5];
    text[0] = pt >= RF_PAWN && pt <= RF_KING ? drop_letters[pt - RF_PAWN] : '?';
    text[1] = '@';
    rf_square_name(text + 2, RF_MOVE_TO(move));
    return emit(buf, cap, text, 4);
}

/* Reads a drop: a piece letter (either case; none for a pawn in SAN), '@' and a square; 1 when
 * the text is one. */
static int drop_syntax(const char *text, size_t len, rf_piece_type *pt, rf_square *to)
{
    size_t i = 0;
    *pt = RF_PAWN;
    if (len < 3 || len > 4 || text[len - 3] != '@') return 0; /* most texts: no drop */
    if (len == 4) {
        const char *at = text[0] ? strchr(drop_letters, text[0] & ~0x20) : NULL;
        if (!at) return 0;
        *pt = (rf_piece_type)(RF_PAWN + (at - drop_letters));
        i = 1;
    } else if (len != 3) {
        return 0;
    }
    if (text[i] != '@') return 0;
    *to = rf_square_parse(text + i + 1, 2);
    return *to != RF_NO_SQUARE;
}

/* The legal drops of the piece type on the square, into found; their number. */
static unsigned drop_matches(const rf_movelist *list, rf_piece_type pt, rf_square to, rf_move *found)
{
    unsigned n = 0;
    for (unsigned i = 0; i < list->count; i++)
        if (list->moves[i] == RF_MOVE_MAKE_DROP(to, pt)) found[n++] = list->moves[i];
    return n;
}

/* ---- UCI ---------------------------------------------------------------------------------- */

size_t rf_move_to_uci(char *buf, size_t cap, const rf_position *pos, rf_move move)
{
    if (move == RF_MOVE_NONE || move == RF_MOVE_NULL) return emit(buf, cap, "0000", 4);
    rf_square from = RF_MOVE_FROM(move), to = RF_MOVE_TO(move);
    if (RF_MOVE_KIND(move) == RF_MOVE_DROP) return write_drop(buf, cap, move);
    /* Standard castling mode writes the king's own two-square move; Chess960 mode the capture of
     * the own rook, the only form that stays unambiguous when the king moves one square or
     * none. */
    if (RF_MOVE_KIND(move) == RF_MOVE_CASTLING && !(pos && pos->chess960))
        to = RF_SQUARE(to > from ? 6 : 2, RF_RANK_OF(from));
    char text[RF_UCI_MAX];
    rf_square_name(text, from);
    rf_square_name(text + 2, to);
    size_t n = 4;
    if (RF_MOVE_KIND(move) == RF_MOVE_PROMOTION)
        text[n++] = uci_promotion_letters[RF_MOVE_PROMOTED(move) - RF_KNIGHT];
    return emit(buf, cap, text, n);
}

/* Reads the UCI form; 1 when text is two squares and an optional promotion letter. */
static int uci_syntax(const char *text, size_t len, rf_square *from, rf_square *to,
                      rf_piece_type *promotion)
{
    if (len != 4 && len != 5) return 0;
    *from = rf_square_parse(text, 2);
    *to = rf_square_parse(text + 2, 2);
    if (*from == RF_NO_SQUARE || *to == RF_NO_SQUARE) return 0;
    *promotion = RF_NO_PIECE_TYPE;
    if (len == 5) {
        const char *p = strchr(uci_promotion_letters, text[4] | 0x20);
        if (!p || !text[4]) return 0;
        *promotion = (rf_piece_type)(RF_KNIGHT + (p - uci_promotion_letters));
    }
    return 1;
}

/* Writes "a, b, c" of the moves in `found` into out (at most cap bytes), in UCI or SAN. */
static void list_moves(char *out, size_t cap, const rf_position *pos, const rf_move *found,
                       unsigned n, int san)
{
    size_t len = 0;
    out[0] = '\0';
    for (unsigned i = 0; i < n; i++) {
        char one[16];
        if (san)
            rf_move_to_san(one, sizeof one, pos, found[i]);
        else
            rf_move_to_uci(one, sizeof one, pos, found[i]);
        size_t need = strlen(one) + (i ? 2 : 0);
        if (len + need + 5 >= cap) {
            snprintf(out + len, cap - len, ", ...");
            return;
        }
        len += (size_t)snprintf(out + len, cap - len, "%s%s", i ? ", " : "", one);
    }
}

/* The answer for `n` matching moves of the text: the move, or why there is none. */
static rf_status matched(rf_move *out, const rf_position *pos, const rf_move *found, unsigned n,
                         const char *text, size_t len, int san, rf_error *err)
{
    char q[32];
    if (n == 1) {
        *out = found[0];
        return RF_OK;
    }
    if (n == 0)
        return fail(err, RF_ERR_ILLEGAL, "'%s' is not a legal move (%s to move)",
                    quoted(q, text, len), pos->side == RF_WHITE ? "white" : "black");
    char list[100];
    list_moves(list, sizeof list, pos, found, n, san);
    return fail(err, RF_ERR_AMBIGUOUS, "'%s' is ambiguous (%s)", quoted(q, text, len), list);
}

/* Sets up a reading: clears *out and *err, checks the arguments, trims the text. */
static rf_status begin(rf_move *out, const rf_position *pos, const char **text, size_t *len,
                       rf_error *err)
{
    rf_init();
    if (err) { /* cleared as memset would, without writing the whole message buffer */
        err->status = RF_OK;
        err->field = RF_FIELD_NONE;
        err->offset = 0;
        err->validity = 0;
        err->message[0] = 0;
    }
    if (!out || !pos || (!*text && *len))
        return fail(err, RF_ERR_ARGUMENT, "no move, position or text given");
    *out = RF_MOVE_NONE;
    if (!*text) *text = "";
    trim(text, len);
    return RF_OK;
}

/* The null move, written `text`: RF_MOVE_NULL where it may be played, else why not. */
static rf_status null_move(rf_move *out, const rf_position *pos, const char *text, size_t len,
                           rf_error *err)
{
    const char *why = rf__null_move_refused(pos);
    char q[32];
    if (why)
        return fail(err, RF_ERR_ILLEGAL, "'%s' (the null move) is not legal: %s %s",
                    quoted(q, text, len), pos->side == RF_WHITE ? "white" : "black", why);
    *out = RF_MOVE_NULL;
    return RF_OK;
}

/* The legal moves of the list between two squares, with the promotion when given, into found;
 * their number. Castling matches as king-takes-own-rook, or as the king's destination (e1g1,
 * e1c1) when no legal move goes from and to those squares (a Chess960 king on f1 may simply
 * step to g1). */
static unsigned uci_matches(const rf_movelist *list, rf_square from, rf_square to,
                            rf_piece_type promotion, rf_move *found)
{
    unsigned n = 0;
    for (unsigned i = 0; i < list->count; i++) {
        rf_move m = list->moves[i];
        if (RF_MOVE_FROM(m) != from || RF_MOVE_TO(m) != to) continue;
        if (RF_MOVE_KIND(m) == RF_MOVE_PROMOTION ? promotion && promotion != RF_MOVE_PROMOTED(m)
                                                 : promotion != RF_NO_PIECE_TYPE)
            continue;
        found[n++] = m;
    }
    if (n == 0 && promotion == RF_NO_PIECE_TYPE) {
        for (unsigned i = 0; i < list->count; i++) {
            rf_move m = list->moves[i];
            if (RF_MOVE_KIND(m) != RF_MOVE_CASTLING || RF_MOVE_FROM(m) != from) continue;
            int kingside = RF_MOVE_TO(m) > from;
            if (to == RF_SQUARE(kingside ? 6 : 2, RF_RANK_OF(from))) found[n++] = m;
        }
    }
    return n;
}

rf_status rf_move_from_uci(rf_move *out, const rf_position *pos, const char *text, size_t len,
                           rf_error *err)
{
    rf_status st = begin(out, pos, &text, &len, err);
    if (st != RF_OK) return st;
    char q[32];
    if (len == 4 && memcmp(text, "0000", 4) == 0) return null_move(out, pos, text, len, err);
    rf_square from, to;
    rf_piece_type promotion;
    rf_movelist list;
    rf_move found[RF_MAX_MOVES];
    if (len == 4 && drop_syntax(text, len, &promotion, &to)) {
        rf_generate_moves(&list, pos);
        return matched(out, pos, found, drop_matches(&list, promotion, to, found), text, len, 0, err);
    }
    if (!uci_syntax(text, len, &from, &to, &promotion))
        return fail(err, RF_ERR_SYNTAX,
                    "'%s' is not a UCI move (two squares and an optional promotion letter, "
                    "e.g. e2e4, e7e8q; a drop N@f3; 0000 the null move)",
                    quoted(q, text, len));

    rf_generate_moves(&list, pos);
    unsigned n = uci_matches(&list, from, to, promotion, found);
    return matched(out, pos, found, n, text, len, 0, err);
}

/* ---- SAN ---------------------------------------------------------------------------------- */

/* The SAN of a legal move without its check sign, into text (at least 8 bytes); its length. */
static size_t san_body(const rf_position *pos, const rf_movelist *list, rf_move move, char *text)
{
    rf_square from = RF_MOVE_FROM(move), to = RF_MOVE_TO(move);
    unsigned kind = RF_MOVE_KIND(move);
    size_t n = 0;
    if (kind == RF_MOVE_DROP) return write_drop(text, 8, move);
    if (kind == RF_MOVE_CASTLING) {
        const char *castle = to > from ? "O-O" : "O-O-O";
        n = strlen(castle);
        memcpy(text, castle, n);
        return n;
    }
    rf_piece_type pt = type_on(pos, from);
    int capture = kind == RF_MOVE_EN_PASSANT || pos->board[to] != RF_NO_PIECE;
    if (pt == RF_PAWN) {
        /* A pawn capture names the pawn's file, which is all the disambiguation it ever needs. */
        if (capture) {
            text[n++] = (char)('a' + RF_FILE_OF(from));
            text[n++] = 'x';
        }
    } else {
        text[n++] = san_piece_letters[pt];
        /* Another legal move of a piece of this type to the same square: name the from file if
         * that tells them apart, else the rank, else both. */
        int others = 0, same_file = 0, same_rank = 0;
        for (unsigned i = 0; i < list->count; i++) {
            rf_move m = list->moves[i];
            rf_square f = RF_MOVE_FROM(m);
            if (f == from || RF_MOVE_TO(m) != to || RF_MOVE_KIND(m) == RF_MOVE_CASTLING ||
                type_on(pos, f) != pt)
                continue;
            others = 1;
            same_file |= RF_FILE_OF(f) == RF_FILE_OF(from);
            same_rank |= RF_RANK_OF(f) == RF_RANK_OF(from);
        }
        if (others && (!same_file || same_rank)) text[n++] = (char)('a' + RF_FILE_OF(from));
        if (others && same_file) text[n++] = (char)('1' + RF_RANK_OF(from));
        if (capture) text[n++] = 'x';
    }
    rf_square_name(text + n, to);
    n += 2;
    if (kind == RF_MOVE_PROMOTION) {
        text[n++] = '=';
        text[n++] = san_piece_letters[RF_MOVE_PROMOTED(move)];
    }
    return n;
}

size_t rf_move_to_san(char *buf, size_t cap, const rf_position *pos, rf_move move)
{
    rf_init();
    rf_movelist list;
    const rf__variant *row = pos ? rf__variant_of(pos) : NULL;
    unsigned kind = RF_MOVE_KIND(move);
    rf_piece_type pt = pos ? type_on(pos, RF_MOVE_FROM(move)) : RF_NO_PIECE_TYPE;
    /* The moves of the piece to the square are enough to tell legality and disambiguation,
     * where the variant lists them alone (castling and drops aside). */
    if (row && row->moves_to && kind != RF_MOVE_CASTLING && kind != RF_MOVE_DROP &&
        pt != RF_NO_PIECE_TYPE && RF_PIECE_COLOR(pos->board[RF_MOVE_FROM(move)]) == pos->side)
        list.count = (unsigned)(row->moves_to(pos, list.moves, pt, RF_MOVE_TO(move)) - list.moves);
    else if (pos)
        rf_generate_moves(&list, pos);
    /* The null move, and any move that is not legal, is the PGN null move "--". */
    if (!pos || move == RF_MOVE_NONE || move == RF_MOVE_NULL || !contains(&list, move))
        return emit(buf, cap, "--", 2);
    char text[16];
    size_t n = san_body(pos, &list, move, text);
    /* "#" when the move wins the game (checkmate; in Atomic also the enemy king's explosion),
     * else "+" when it gives check. A win needs a variant end, a checkmate (so a check) or a
     * stalemate the variant counts as a win: without these the outcome is not looked at. */
    rf_position after = *pos;
    rf_position_play(&after, move);
    int check = rf_position_is_check(&after);
    const rf__variant *after_row = rf__variant_of(&after);
    if (check || after_row->stalemate_result || after_row->variant_end(&after) != RF_RESULT_ONGOING) {
        rf_outcome outcome = rf_position_outcome(&after);
        if (outcome.result == RF_RESULT_WHITE_WINS || outcome.result == RF_RESULT_BLACK_WINS)
            text[n++] = '#';
        else if (check)
            text[n++] = '+';
    }
    return emit(buf, cap, text, n);
}

/* A SAN text taken apart. */
typedef struct san_parts {
    int castle;                /* 0, or RF_KINGSIDE + 1 / RF_QUEENSIDE + 1 */
    rf_piece_type piece;       /* RF_PAWN when no letter is given */
    int lettered;              /* a piece letter was given */
    int from_file, from_rank;  /* 0-7, or -1 when not given */
    rf_square to;
    rf_piece_type promotion;   /* RF_NO_PIECE_TYPE when not given */
} san_parts;

static int is_castle_o(char c) { return c == 'O' || c == 'o' || c == '0'; }
static int is_file(char c) { return c >= 'a' && c <= 'h'; }
static int is_rank(char c) { return c >= '1' && c <= '8'; }

/* Drops the trailing check signs, annotations and "e.p." that SAN readers ignore. */
static void strip_trailing(const char *text, size_t *len)
{
    for (;;) {
        size_t n = *len;
        while (n && (text[n - 1] == '+' || text[n - 1] == '#' || text[n - 1] == '!' ||
                     text[n - 1] == '?'))
            n--;
        if (n >= 4 && memcmp(text + n - 4, "e.p.", 4) == 0) n -= 4;
        while (n && is_space(text[n - 1])) n--;
        if (n == *len) return;
        *len = n;
    }
}

/* The piece type of a SAN piece letter: K Q R B N P, and k q r n in either place; b only as a
 * promotion letter (`lead` 0), since a leading b is the b-file. RF_NO_PIECE_TYPE otherwise. */
static rf_piece_type san_piece_letter(char c, int lead)
{
    switch (c) {
    case 'K': case 'k': return RF_KING;
    case 'Q': case 'q': return RF_QUEEN;
    case 'R': case 'r': return RF_ROOK;
    case 'B': return RF_BISHOP;
    case 'b': return lead ? RF_NO_PIECE_TYPE : RF_BISHOP;
    case 'N': case 'n': return RF_KNIGHT;
    case 'P': return lead ? RF_PAWN : RF_NO_PIECE_TYPE;
    default: return RF_NO_PIECE_TYPE;
    }
}

/* Parses SAN by the grammar in the top comment; 1 when the text follows it. */
static int san_syntax(const char *s, size_t len, san_parts *p)
{
    memset(p, 0, sizeof *p);
    p->piece = RF_PAWN;
    p->from_file = p->from_rank = -1;
    strip_trailing(s, &len);
    if (len == 3 && is_castle_o(s[0]) && s[1] == '-' && is_castle_o(s[2])) {
        p->castle = RF_KINGSIDE + 1;
        return 1;
    }
    if (len == 5 && is_castle_o(s[0]) && s[1] == '-' && is_castle_o(s[2]) && s[3] == '-' &&
        is_castle_o(s[4])) {
        p->castle = RF_QUEENSIDE + 1;
        return 1;
    }
    size_t i = 0;
    rf_piece_type letter = len ? san_piece_letter(s[0], 1) : RF_NO_PIECE_TYPE;
    if (letter != RF_NO_PIECE_TYPE) {
        p->piece = letter;
        p->lettered = 1;
        i = 1;
    }
    size_t end = len;
    /* The promotion letter, the only letter that may follow the destination's rank. */
    rf_piece_type promoted = end > i ? san_piece_letter(s[end - 1], 0) : RF_NO_PIECE_TYPE;
    if (promoted != RF_NO_PIECE_TYPE && promoted != RF_PAWN) {
        p->promotion = promoted;
        end--;
        if (end > i && s[end - 1] == '=') end--;
    }
    if (end < i + 2 || !is_file(s[end - 2]) || !is_rank(s[end - 1])) return 0;
    p->to = RF_SQUARE(s[end - 2] - 'a', s[end - 1] - '1');
    end -= 2;
    if (end > i && (s[end - 1] == 'x' || s[end - 1] == ':' || s[end - 1] == '-')) end--;
    if (end > i && is_file(s[i])) p->from_file = s[i++] - 'a';
    if (end > i && is_rank(s[i])) p->from_rank = s[i++] - '1';
    return i == end;
}

/* The legal moves a parsed SAN text names, into found; their number. */
static unsigned san_matches(const rf_position *pos, const rf_movelist *list, const san_parts *p,
                            rf_move *found)
{
    unsigned n = 0;
    for (unsigned i = 0; i < list->count; i++) {
        rf_move m = list->moves[i];
        rf_square from = RF_MOVE_FROM(m), to = RF_MOVE_TO(m);
        if (!p->castle && to != p->to) continue; /* most moves: a cheap test first */
        unsigned kind = RF_MOVE_KIND(m);
        if (p->castle) {
            if (kind == RF_MOVE_CASTLING && (to > from) == (p->castle == RF_KINGSIDE + 1))
                found[n++] = m;
            continue;
        }
        if (to != p->to || kind == RF_MOVE_CASTLING || type_on(pos, from) != p->piece) continue;
        if (p->from_file >= 0 && RF_FILE_OF(from) != p->from_file) continue;
        if (p->from_rank >= 0 && RF_RANK_OF(from) != p->from_rank) continue;
        if (p->piece == RF_PAWN && p->from_file < 0 && RF_FILE_OF(from) != RF_FILE_OF(to)) continue;
        if (kind == RF_MOVE_PROMOTION ? p->promotion && p->promotion != RF_MOVE_PROMOTED(m)
                                      : p->promotion != RF_NO_PIECE_TYPE)
            continue;
        found[n++] = m;
    }
    return n;
}

/* Reads SAN; `what` names the expected notation in the syntax error. */
static rf_status read_san(rf_move *out, const rf_position *pos, const char *text, size_t len,
                          const char *what, rf_error *err)
{
    char q[32];
    san_parts p;
    rf_piece_type drop;
    rf_square drop_to;
    size_t body = len;
    strip_trailing(text, &body);
    /* The null move, as PGN ("--"), ChessBase ("Z0"), UCI ("0000") and XBoard ("@@@@") write
     * it. */
    static const char *const nulls[] = {"--", "Z0", "0000", "@@@@"};
    for (size_t k = 0; k < sizeof nulls / sizeof *nulls; k++)
        if (body == strlen(nulls[k]) && memcmp(text, nulls[k], body) == 0)
            return null_move(out, pos, text, body, err);
    if (drop_syntax(text, body, &drop, &drop_to)) {
        rf_movelist list;
        rf_generate_moves(&list, pos);
        rf_move found[RF_MAX_MOVES];
        return matched(out, pos, found, drop_matches(&list, drop, drop_to, found), text, len, 1, err);
    }
    if (!san_syntax(text, len, &p))
        return fail(err, RF_ERR_SYNTAX, "'%s' is not a move %s", quoted(q, text, len), what);
    rf_movelist list;
    rf_move found[RF_MAX_MOVES];
    if (!p.lettered && p.from_file >= 0 && p.from_rank >= 0) {
        /* Both squares and no piece letter ("g1f3", "e1g1", "e7e8q"): long algebraic, the move
         * of whatever piece stands there, read as UCI reads it (as python-chess reads it). */
        rf_generate_moves(&list, pos);
        return matched(out, pos, found, uci_matches(&list, RF_SQUARE(p.from_file, p.from_rank), p.to,
                                                    p.promotion, found),
                       text, len, 1, err);
    }
    const rf__variant *variant = rf__variant_of(pos);
    if (!p.castle && variant->moves_to) /* the moves to the square alone, where the variant can */
        list.count = (unsigned)(variant->moves_to(pos, list.moves, p.piece, p.to) - list.moves);
    else
        rf_generate_moves(&list, pos);
    unsigned n = san_matches(pos, &list, &p, found);
    return matched(out, pos, found, n, text, len, 1, err);
}

rf_status rf_move_from_san(rf_move *out, const rf_position *pos, const char *text, size_t len,
                           rf_error *err)
{
    rf_status st = begin(out, pos, &text, &len, err);
    if (st != RF_OK) return st;
    return read_san(out, pos, text, len, "in SAN (e.g. e4, Nf3, exd5, O-O, e8=Q)", err);
}

rf_status rf_move_parse(rf_move *out, const rf_position *pos, const char *text, size_t len,
                        rf_error *err)
{
    rf_status st = begin(out, pos, &text, &len, err);
    if (st != RF_OK) return st;
    rf_square from, to;
    rf_piece_type promotion;
    int null_move = len == 4 && memcmp(text, "0000", 4) == 0;
    if (null_move || uci_syntax(text, len, &from, &to, &promotion))
        return rf_move_from_uci(out, pos, text, len, err);
    return read_san(out, pos, text, len, "(UCI like e2e4 or SAN like Nf3 expected)", err);
}
