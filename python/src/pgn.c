/*
 * pgn.c - the fast path of rankfile.pgn.read_game: the handle's lines read as python-chess's
 * reader reads them, a game's movetext cut into tokens, and the tokens played into a game as
 * python-chess's GameBuilder would build it.
 *
 * _pgn_head reads a game's tags a line at a time with the handle's readline, as python-chess's
 * reader does (the same calls, so tell() agrees), setting them in the game's Headers (the
 * default visitor, read_headers) or only reading past them (skip_game). _pgn_movetext reads the
 * movetext's lines the same way and cuts the kept ones into python-chess's tokens: for the
 * default visitor it plays them (play_tokens), for any other visitor it hands pgn.py's driver
 * the tokens as strs, and for a skipped game it only reads past the lines.
 *
 * play_tokens walks the tokens with python-chess's rules for movetext (parentheses, NAGs,
 * results, the rest of a line of play skipped after a bad move), each line of play a position
 * of its own. A move is read by the library as Board.parse_san reads it (rf_move_from_san);
 * where the library finds none, the Board itself reads the move there (the start board, the
 * line's moves pushed) for the exception it raises; a board class with a parse_san of its own
 * reads every move. What comes back is plain data that pgn.py turns into nodes only when they
 * are asked for: the main line's moves, the events of the whole movetext (a Move, a comment
 * str, a NAG int, True for a side line's start, False for its end; None when the game has only
 * main-line moves), the errors (the ValueErrors parse_san raised, in order) and the results met
 * at the top level.
 *
 * Two cases are left to pgn.py's visitor driver (the tokens come back): a ')' closing the line
 * of play skipped after a bad move, where python-chess's GameBuilder and board stack part
 * ways, and a move the Board reads that the library cannot play.
 */
#include "rfpy.h"

#include <string.h>

/* The open lines of play: each one's position, the position before its last move, and the
 * moves from the game's start to it (Move objects, new references), which replay it on a Board
 * when the Board is to read a move there. */
typedef struct {
    rf_position pos, before;
    PyObject **moves;
    Py_ssize_t n, cap;
} line_of_play;

typedef struct {
    line_of_play *lines;
    Py_ssize_t depth, cap;
} line_stack;

static int line_append(line_of_play *l, PyObject *move)
{
    if (l->n == l->cap) {
        Py_ssize_t cap = l->cap ? 2 * l->cap : 64;
        PyObject **moves = PyMem_Realloc(l->moves, (size_t)cap * sizeof *moves);
        if (!moves) {
            PyErr_NoMemory();
            return -1;
        }
        l->moves = moves;
        l->cap = cap;
    }
    Py_INCREF(move);
    l->moves[l->n++] = move;
    return 0;
}

static void line_clear(line_of_play *l)
{
    for (Py_ssize_t i = 0; i < l->n; i++) Py_DECREF(l->moves[i]);
    PyMem_Free(l->moves);
    memset(l, 0, sizeof *l);
}

/* Opens a line at *pos: the game's first (from < 0), or a side line of line `from` that
 * replaces its last move (its moves but the last). 0, or -1 with an exception. */
static int stack_open(line_stack *s, const rf_position *pos, Py_ssize_t from)
{
    if (s->depth == s->cap) {
        Py_ssize_t cap = s->cap ? 2 * s->cap : 8;
        line_of_play *lines = PyMem_Realloc(s->lines, (size_t)cap * sizeof *lines);
        if (!lines) {
            PyErr_NoMemory();
            return -1;
        }
        s->lines = lines;
        s->cap = cap;
    }
    line_of_play *l = &s->lines[s->depth++];
    memset(l, 0, sizeof *l);
    l->pos = *pos;
    if (from >= 0) {
        const line_of_play *parent = &s->lines[from];
        for (Py_ssize_t i = 0; i + 1 < parent->n; i++)
            if (line_append(l, parent->moves[i]) < 0) return -1;
    }
    return 0;
}

static void stack_free(line_stack *s)
{
    for (Py_ssize_t i = 0; i < s->depth; i++) line_clear(&s->lines[i]);
    PyMem_Free(s->lines);
}

static PyObject *str_copy, *str_push, *str_parse_san, *str_readline;

/* The NAG of a move suffix ("!", "?!", ...), or -1. */
static int suffix_nag(const char *t, Py_ssize_t n)
{
    if (n == 1) return t[0] == '!' ? 1 : t[0] == '?' ? 2 : -1;
    if (n != 2) return -1;
    if (t[0] == '!') return t[1] == '!' ? 3 : t[1] == '?' ? 5 : -1;
    if (t[0] == '?') return t[1] == '?' ? 4 : t[1] == '!' ? 6 : -1;
    return -1;
}

static int is_result(const char *t, Py_ssize_t n)
{
    return (n == 1 && t[0] == '*') || (n == 3 && (!memcmp(t, "1-0", 3) || !memcmp(t, "0-1", 3))) ||
           (n == 7 && !memcmp(t, "1/2-1/2", 7));
}

/* int() of a NAG's digits (ASCII, at least one, not NUL-terminated): a new reference. */
static PyObject *nag_int(const char *d, Py_ssize_t n)
{
    if (n <= 18) {
        long long v = 0;
        for (Py_ssize_t i = 0; i < n; i++) v = 10 * v + (d[i] - '0');
        return PyLong_FromLongLong(v);
    }
    char *copy = PyMem_Malloc((size_t)n + 1);
    if (!copy) return PyErr_NoMemory();
    memcpy(copy, d, (size_t)n);
    copy[n] = '\0';
    PyObject *v = PyLong_FromString(copy, NULL, 10);
    PyMem_Free(copy);
    return v;
}

static int append_new(PyObject *list, PyObject *item)
{
    if (!item) return -1;
    int rc = PyList_Append(list, item);
    Py_DECREF(item);
    return rc;
}

/* The move the Board's own parse_san reads at the line's position (the start board copied, the
 * line's moves pushed): a new reference; NULL with *error set (a new reference) when it raised
 * a ValueError, NULL without for any other exception. */
static PyObject *board_parse(PyObject *start, const line_of_play *l, PyObject *token, PyObject **error)
{
    *error = NULL;
    PyObject *board = PyObject_CallMethodObjArgs(start, str_copy, NULL);
    if (!board) return NULL;
    for (Py_ssize_t i = 0; i < l->n; i++) {
        PyObject *done = PyObject_CallMethodObjArgs(board, str_push, l->moves[i], NULL);
        if (!done) {
            Py_DECREF(board);
            return NULL;
        }
        Py_DECREF(done);
    }
    PyObject *move = PyObject_CallMethodObjArgs(board, str_parse_san, token, NULL);
    Py_DECREF(board);
    if (move || !PyErr_ExceptionMatches(PyExc_ValueError)) return move;
    PyObject *type, *value, *tb;
    PyErr_Fetch(&type, &value, &tb);
    PyErr_NormalizeException(&type, &value, &tb);
    if (value && tb) PyException_SetTraceback(value, tb);
    Py_XDECREF(type);
    Py_XDECREF(tb);
    *error = value;
    return NULL;
}

/* A move token, read on the current line: 0 played, 1 an error of the game (appended to
 * `errors`: the line's rest is skipped), 2 a move the Board's parse_san read that the library
 * cannot play (the Python driver takes the game over), -1 an exception. The library reads the
 * move when the board's class keeps the library's parse_san (`own`) and it is legal; else the
 * Board reads it (for its exception, or its own answer). */
static int play(line_stack *s, PyObject *start, int own, const char *t, Py_ssize_t len,
                PyObject *moves, PyObject *events, PyObject *errors)
{
    line_of_play *l = &s->lines[s->depth - 1];
    rf_move m;
    rf_error err;
    PyObject *move;
    if (own && rf_move_from_san(&m, &l->pos, t, (size_t)len, &err) == RF_OK) {
        move = rfpy_move_from_rf(&l->pos, m);
        if (!move) return -1;
    } else {
        PyObject *error, *token = PyUnicode_FromStringAndSize(t, len); /* a move token is ASCII */
        if (!token) return -1;
        move = board_parse(start, l, token, &error);
        Py_DECREF(token);
        if (!move) {
            if (!error) return -1;
            int rc = PyList_Append(errors, error);
            Py_DECREF(error);
            return rc < 0 ? -1 : 1;
        }
        if (rfpy_move_encode(&l->pos, move, &m) < 0 || m == RF_MOVE_NONE) {
            Py_DECREF(move);
            return PyErr_Occurred() ? -1 : 2;
        }
    }
    l->before = l->pos;
    rf_position_play(&l->pos, m);
    int rc = line_append(l, move);
    if (rc == 0 && s->depth == 1) rc = PyList_Append(moves, move);
    if (rc == 0 && events) rc = PyList_Append(events, move);
    Py_DECREF(move);
    return rc;
}

/* A token of a game's movetext: `len` bytes at `at` in the text's UTF-8 bytes. */
typedef struct {
    Py_ssize_t at, len;
} token_span;

/* The tokens of a text cut by cut_tokens below. */
typedef struct {
    token_span *spans;
    Py_ssize_t n, cap;
} token_list;

/* A token's str: every token but a comment is ASCII; comments are decoded from the text's
 * bytes (with `errors`: "surrogatepass" for text holding lone surrogates). */
static PyObject *token_str(const char *text, const token_span *t, const char *errors)
{
    return PyUnicode_DecodeUTF8(text + t->at, t->len, errors);
}

static PyObject *token_strs(const char *text, const token_list *tl, const char *errors)
{
    PyObject *tokens = PyList_New(tl->n);
    if (!tokens) return NULL;
    for (Py_ssize_t i = 0; i < tl->n; i++) {
        PyObject *t = token_str(text, &tl->spans[i], errors);
        if (!t || PyList_SetItem(tokens, i, t) < 0) {
            Py_DECREF(tokens);
            return NULL;
        }
    }
    return tokens;
}

/* A game's tokens being read by the default visitor's rules: the line stack, the lists being
 * built, and how many parentheses are being skipped (after a move that could not be read). */
typedef struct token_reader {
    line_stack s;
    PyObject *start;
    int own; /* the board's parse_san is the library's */
    const char *errors_mode;
    PyObject *moves, *events, *errors, *results;
    Py_ssize_t skip;
    int irregular; /* python-chess's GameBuilder and board stack part ways: pgn.py takes over */
} token_reader;

/* events: made at the first event that is not a main-line move (before it, the events are the
 * main line's moves). */
static int extras(token_reader *r)
{
    return r->events || (r->events = PyList_GetSlice(r->moves, 0, PY_SSIZE_T_MAX)) != NULL ? 0 : -1;
}

/* A comment: python-chess's text, no braces, nor one space inside each. */
static int read_comment(token_reader *r, const char *t, Py_ssize_t len)
{
    Py_ssize_t from = len > 1 && t[1] == ' ' ? 2 : 1, to = len;
    if (t[len - 1] == '}' && to > from) {
        to--;
        if (to > from && t[len - 2] == ' ') to--;
    }
    int rc = extras(r);
    if (rc == 0) rc = append_new(r->events, PyUnicode_DecodeUTF8(t + from, to - from, r->errors_mode));
    return rc;
}

/* '(': a side line from the position before the current line's last move. */
static int open_variation(token_reader *r)
{
    line_stack *s = &r->s;
    if (r->skip) {
        r->skip++;
        return 0;
    }
    if (s->lines[s->depth - 1].n == 0) return 0;
    rf_position before = s->lines[s->depth - 1].before;
    int rc = extras(r);
    if (rc == 0) rc = stack_open(s, &before, s->depth - 1);
    if (rc == 0) rc = PyList_Append(r->events, Py_True);
    return rc;
}

static int close_variation(token_reader *r)
{
    if (r->skip == 1) {
        r->irregular = 1;
    } else if (r->skip) {
        r->skip--;
    } else if (r->s.depth > 1) {
        line_clear(&r->s.lines[--r->s.depth]);
        return PyList_Append(r->events, Py_False);
    }
    return 0;
}

/* One token: 0, or -1 with an exception. */
static int read_token(token_reader *r, const char *t, Py_ssize_t len)
{
    if (t[0] == '{') return r->skip ? 0 : read_comment(r, t, len);
    if (len == 1 && t[0] == '(') return open_variation(r);
    if (len == 1 && t[0] == ')') return close_variation(r);
    if (r->skip || t[0] == ';') return 0;
    int rc;
    if (t[0] == '$') {
        rc = extras(r);
        return rc == 0 ? append_new(r->events, nag_int(t + 1, len - 1)) : rc;
    }
    if (suffix_nag(t, len) >= 0) {
        rc = extras(r);
        return rc == 0 ? append_new(r->events, PyLong_FromLong(suffix_nag(t, len))) : rc;
    }
    if (is_result(t, len) && r->s.depth == 1) return append_new(r->results, PyUnicode_FromStringAndSize(t, len));
    rc = play(&r->s, r->start, r->own, t, len, r->moves, r->events, r->errors);
    if (rc == 1) r->skip = 1;
    else if (rc == 2) r->irregular = 1;
    return rc < 0 ? rc : 0;
}

/* The default visitor's reading of a game's tokens (see the top): 1 with *out the tuple
 * (moves, events, errors, results), 0 where pgn.py's driver takes the game over, -1 with an
 * exception. */
static int play_tokens(PyObject *start, const char *text, const token_list *tl, const char *errors_mode,
                       PyObject **out)
{
    *out = NULL;
    const rf_position *start_pos = rfpy_board_position(start);
    if (!start_pos) return -1;
    rf_position first = *start_pos;
    PyObject *theirs = PyObject_GetAttr((PyObject *)Py_TYPE(start), str_parse_san);
    PyObject *ours = theirs ? PyObject_GetAttr(rfpy_BoardType, str_parse_san) : NULL;
    int own = theirs && ours && theirs == ours;
    Py_XDECREF(theirs);
    Py_XDECREF(ours);
    if (PyErr_Occurred()) return -1;
    token_reader r = {{NULL, 0, 0}, start, own, errors_mode, PyList_New(0), NULL, PyList_New(0), PyList_New(0), 0, 0};
    int status = -1;
    if (!r.moves || !r.errors || !r.results || stack_open(&r.s, &first, -1) < 0) goto done;
    for (Py_ssize_t i = 0; i < tl->n && !r.irregular; i++)
        if (read_token(&r, text + tl->spans[i].at, tl->spans[i].len) < 0) goto done;
    if (r.irregular) {
        status = 0;
    } else {
        *out = Py_BuildValue("(OOOO)", r.moves, r.events ? r.events : Py_None, r.errors, r.results);
        status = *out ? 1 : -1;
    }
done:
    stack_free(&r.s);
    Py_XDECREF(r.moves);
    Py_XDECREF(r.events);
    Py_XDECREF(r.errors);
    Py_XDECREF(r.results);
    return status;
}

/* ---- the tokens of movetext ------------------------------------------------------------------
 *
 * pgn.py's _TOKENS regex (python-chess's MOVETEXT regex over a game's kept lines), matched by
 * hand: at each byte the alternatives are tried in the regex's order, each as the regex engine
 * would match it (optional parts greedy, given back when what follows fails); a byte where
 * none matches is passed over. Every token but a comment is ASCII, and the bytes of a UTF-8
 * sequence are never ASCII, so the UTF-8 text is matched byte by byte. */

/* Byte classes of the token patterns. */
enum { C_PIECE = 1, C_PROMOTION = 2, C_DROP = 4, C_START = 8 };
static unsigned char char_class[256];

static void char_classes_init(void)
{
    static const struct {
        const char *chars;
        unsigned char bit;
    } classes[] = {
        {"NBKRQ", C_PIECE},
        {"nbrqkNBRQK", C_PROMOTION},
        {"PNBRQK", C_DROP},
        /* the first bytes of the tokens: a SAN move's (piece, file, rank, separator), a drop's,
         * the null moves', castling's, a comment's, a NAG's, a parenthesis, a result's, a suffix's */
        {"NBKRQabcdefgh12345678-x@PZ0O{;$()*?!", C_START},
    };
    for (size_t i = 0; i < sizeof classes / sizeof *classes; i++)
        for (const char *c = classes[i].chars; *c; c++) char_class[(unsigned char)*c] |= classes[i].bit;
}

static int in_class(int c, int bit) { return (char_class[(unsigned char)c] & bit) != 0; }
static int is_file(int c) { return c >= 'a' && c <= 'h'; }
static int is_rank(int c) { return c >= '1' && c <= '8'; }

/* [NBKRQ]?[a-h]?[1-8]?[\-x]?[a-h][1-8](?:=?[nbrqkNBRQK])? at p: its length, or 0. */
static size_t match_san(const char *p)
{
    /* each optional part taken first, then left out, in the pattern's order */
    for (int piece = 1; piece >= 0; piece--) {
        if (piece && !in_class(p[0], C_PIECE)) continue;
        const char *a = p + piece;
        for (int file = 1; file >= 0; file--) {
            if (file && !is_file(a[0])) continue;
            const char *b = a + file;
            for (int rank = 1; rank >= 0; rank--) {
                if (rank && !is_rank(b[0])) continue;
                const char *c = b + rank;
                for (int sep = 1; sep >= 0; sep--) {
                    if (sep && c[0] != '-' && c[0] != 'x') continue;
                    const char *d = c + sep;
                    if (!is_file(d[0]) || !is_rank(d[1])) continue;
                    const char *e = d + 2;
                    if (e[0] == '=' && in_class(e[1], C_PROMOTION)) e += 2;
                    else if (in_class(e[0], C_PROMOTION)) e += 1;
                    return (size_t)(e - p);
                }
            }
        }
    }
    return 0;
}

/* The length of the token at p, `left` bytes before the text's end (0: none starts there). */
static size_t match_token(const char *p, size_t left)
{
    if (!in_class(p[0], C_START)) return 0;
    size_t n = match_san(p);
    if (n) return n;
    if (p[0] == '@' || (in_class(p[0], C_DROP) && p[1] == '@')) { /* [PNBRQK]?@[a-h][1-8] */
        const char *q = p[0] == '@' ? p + 1 : p + 2;
        if (is_file(q[0]) && is_rank(q[1])) return (size_t)(q + 2 - p);
    }
    /* the other alternatives, in the pattern's order among those that start with p[0] (the
     * text is NUL-terminated: each comparison stops at its end) */
    switch (p[0]) {
    case '-': return p[1] == '-' ? 2 : 0;                               /* -- */
    case 'Z': return p[1] == '0' ? 2 : 0;                               /* Z0 */
    case '@': return p[1] == '@' && p[2] == '@' && p[3] == '@' ? 4 : 0; /* @@@@ */
    case 'O':                                                           /* O-O(?:-O)? */
        if (p[1] != '-' || p[2] != 'O') return 0;
        return p[3] == '-' && p[4] == 'O' ? 5 : 3;
    case '0':
        if (p[1] == '0' && p[2] == '0' && p[3] == '0') return 4; /* 0000 */
        if (p[1] == '-' && p[2] == '0') return p[3] == '-' && p[4] == '0' ? 5 : 3; /* 0-0(?:-0)? */
        return p[1] == '-' && p[2] == '1' ? 3 : 0;                /* 0-1 */
    case '{': { /* \{[^}]*\}? */
        const char *close = memchr(p + 1, '}', left - 1);
        return close ? (size_t)(close + 1 - p) : left;
    }
    case ';': { /* ;[^\n]* */
        const char *end = memchr(p, '\n', left);
        return end ? (size_t)(end - p) : left;
    }
    case '$':
        if (p[1] < '0' || p[1] > '9') return 0;
        n = 2;
        while (p[n] >= '0' && p[n] <= '9') n++;
        return n;
    case '(':
    case ')':
    case '*': return 1;
    case '1':
        if (p[1] == '-' && p[2] == '0') return 3; /* 1-0 */
        return p[1] == '/' && p[2] == '2' && p[3] == '-' && p[4] == '1' && p[5] == '/' && p[6] == '2' ? 7 : 0;
    case '?':
    case '!': return p[1] == '?' || p[1] == '!' ? 2 : 1;
    default: return 0;
    }
}

/* Cuts text[0, len) (NUL-terminated at len) into its tokens: 0, or -1 with MemoryError. */
static int cut_tokens(const char *text, Py_ssize_t len, token_list *tl)
{
    /* the text is NUL-terminated, so a look-ahead stops at its end; a NUL inside it matches
     * no byte of a token (comments aside, which are scanned by length) */
    for (Py_ssize_t i = 0; i < len;) {
        size_t n = match_token(text + i, (size_t)(len - i));
        if (!n) {
            i++;
            continue;
        }
        if (tl->n == tl->cap) {
            Py_ssize_t cap = tl->cap ? 2 * tl->cap : 256;
            token_span *spans = PyMem_Realloc(tl->spans, (size_t)cap * sizeof *spans);
            if (!spans) {
                PyErr_NoMemory();
                return -1;
            }
            tl->spans = spans;
            tl->cap = cap;
        }
        tl->spans[tl->n].at = i;
        tl->spans[tl->n].len = (Py_ssize_t)n;
        tl->n++;
        i += (Py_ssize_t)n;
    }
    return 0;
}

/* ---- the lines of a game, read as python-chess's reader reads them --------------------------
 *
 * The handle is read with its readline, one call per line as python-chess's reader makes them
 * (so tell() is where python-chess leaves it). A line is looked at as its UTF-8 bytes; a line
 * holding lone surrogates (no UTF-8 form) as its "surrogatepass" bytes, which decode back to
 * the same text. */

typedef struct {
    PyObject *line;  /* the line (a str), a new reference */
    PyObject *bytes; /* its surrogatepass bytes where it has no UTF-8 form, else NULL */
    const char *s;
    Py_ssize_t n;
} text_line;

static void text_line_clear(text_line *l)
{
    Py_CLEAR(l->line);
    Py_CLEAR(l->bytes);
    l->s = NULL;
    l->n = 0;
}

/* Takes `line` (a new reference) into *l: 0, or -1 with an exception. A line that is not a
 * str raises what python-chess's reader's str method on it would raise (`method`, `arg`). */
static int text_line_set(text_line *l, PyObject *line, const char *method)
{
    text_line_clear(l);
    if (!line) return -1;
    l->line = line;
    if (!PyUnicode_Check(line)) {
        PyObject *r = PyObject_CallMethod(line, method, "s", method[0] == 'l' ? "\xef\xbb\xbf" : "%");
        Py_XDECREF(r);
        if (r) PyErr_SetString(PyExc_TypeError, "the handle's readline() gave no str");
        return -1;
    }
    l->s = PyUnicode_AsUTF8AndSize(line, &l->n);
    if (l->s) return 0;
    PyErr_Clear();
    l->bytes = PyUnicode_AsEncodedString(line, "utf-8", "surrogatepass");
    if (!l->bytes) return -1;
    char *b;
    if (PyBytes_AsStringAndSize(l->bytes, &b, &l->n) < 0) return -1;
    l->s = b;
    return 0;
}

static int text_line_read(text_line *l, PyObject *readline)
{
    return text_line_set(l, PyObject_CallNoArgs(readline), "startswith");
}

/* The length of the white space character (str.isspace, the regex module's \s) at p, `left`
 * bytes before the end, or 0. */
static Py_ssize_t space_at(const unsigned char *p, Py_ssize_t left)
{
    unsigned c = p[0];
    if (c < 0x80) return (c >= 0x09 && c <= 0x0d) || (c >= 0x1c && c <= 0x20) ? 1 : 0;
    if (c == 0xc2 && left >= 2) return p[1] == 0x85 || p[1] == 0xa0 ? 2 : 0;
    if (left < 3) return 0;
    if (c == 0xe1) return p[1] == 0x9a && p[2] == 0x80 ? 3 : 0; /* U+1680 */
    if (c == 0xe2) {
        if (p[1] == 0x80) /* U+2000-U+200A, U+2028, U+2029, U+202F */
            return (p[2] >= 0x80 && p[2] <= 0x8a) || p[2] == 0xa8 || p[2] == 0xa9 || p[2] == 0xaf ? 3 : 0;
        return p[1] == 0x81 && p[2] == 0x9f ? 3 : 0; /* U+205F */
    }
    if (c == 0xe3) return p[1] == 0x80 && p[2] == 0x80 ? 3 : 0; /* U+3000 */
    return 0;
}

/* The length of the UTF-8 character at p (1 for a byte that starts none). */
static Py_ssize_t char_len(const unsigned char *p, Py_ssize_t left)
{
    Py_ssize_t n = p[0] < 0x80 ? 1 : p[0] >= 0xf0 ? 4 : p[0] >= 0xe0 ? 3 : p[0] >= 0xc0 ? 2 : 1;
    return n <= left ? n : 1;
}

/* str.isspace: not empty, and white space throughout. */
static int is_space(const char *s, Py_ssize_t n)
{
    const unsigned char *p = (const unsigned char *)s;
    if (n == 0) return 0;
    for (Py_ssize_t i = 0; i < n;) {
        Py_ssize_t k = space_at(p + i, n - i);
        if (!k) return 0;
        i += k;
    }
    return 1;
}

/* The end of s[0, n) without its trailing white space. */
static Py_ssize_t rstrip_end(const char *s, Py_ssize_t n)
{
    const unsigned char *p = (const unsigned char *)s;
    Py_ssize_t end = 0;
    for (Py_ssize_t i = 0; i < n;) {
        Py_ssize_t k = space_at(p + i, n - i);
        if (k) {
            i += k;
        } else {
            i += char_len(p + i, n - i);
            end = i;
        }
    }
    return end;
}

static int is_tag_first(int c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'); }
static int is_tag_char(int c) { return is_tag_first(c) || (c && strchr("_+#=:-", c) != NULL); }

/* pgn.py's TAG_REGEX on a line: 1 with the name and value's byte ranges, else 0. */
static int match_tag(const char *s, Py_ssize_t n, Py_ssize_t *name_end, Py_ssize_t *value_at, Py_ssize_t *value_end)
{
    if (n < 2 || s[0] != '[' || !is_tag_first((unsigned char)s[1])) return 0;
    Py_ssize_t i = 2;
    while (i < n && is_tag_char((unsigned char)s[i])) i++;
    *name_end = i;
    Py_ssize_t k, spaces = 0;
    while (i < n && (k = space_at((const unsigned char *)s + i, n - i)) > 0) {
        i += k;
        spaces++;
    }
    if (!spaces || i >= n || s[i] != '"') return 0;
    *value_at = ++i;
    /* [^\r]*"\]\s*\Z: the value runs to the "] before the trailing white space */
    Py_ssize_t end = rstrip_end(s + i, n - i) + i;
    if (end - i < 2 || s[end - 1] != ']' || s[end - 2] != '"') return 0;
    *value_end = end - 2;
    return memchr(s + i, '\r', (size_t)(*value_end - i)) == NULL;
}

static int is_roster_name(const char *s, Py_ssize_t n)
{
    static const char *const roster[] = {"Event", "Site", "Date", "Round", "White", "Black", "Result"};
    for (size_t i = 0; i < sizeof roster / sizeof *roster; i++)
        if ((size_t)n == strlen(roster[i]) && !memcmp(s, roster[i], (size_t)n)) return 1;
    return 0;
}

/* line.lstrip("\ufeff"): 0, or -1 with an exception. */
static int strip_bom(text_line *l)
{
    if (l->n < 3 || memcmp(l->s, "\xef\xbb\xbf", 3) != 0) return 0;
    Py_ssize_t from = 0;
    while (l->n - from >= 3 && !memcmp(l->s + from, "\xef\xbb\xbf", 3)) from += 3;
    PyObject *rest = PyUnicode_Substring(l->line, from / 3, PY_SSIZE_T_MAX);
    return text_line_set(l, rest, "lstrip");
}

/* A tag line's tag (when it is one) set in the Headers: the roster's dict, the other tags' dict,
 * or through Headers.__setitem__ for a value with a line break (its own error). 0, or -1 with an
 * exception. */
static int set_tag(const text_line *l, PyObject *headers, PyObject *roster, PyObject *others)
{
    Py_ssize_t name_end, value_at, value_end;
    if (!match_tag(l->s, l->n, &name_end, &value_at, &value_end)) return 0;
    PyObject *name = PyUnicode_FromStringAndSize(l->s + 1, name_end - 1);
    PyObject *value = name ? PyUnicode_DecodeUTF8(l->s + value_at, value_end - value_at,
                                                 l->bytes ? "surrogatepass" : "strict") : NULL;
    int rc = -1;
    if (value) {
        const char *v = l->s + value_at;
        size_t vn = (size_t)(value_end - value_at);
        if (is_roster_name(l->s + 1, name_end - 1))
            rc = PyDict_SetItem(roster, name, value);
        else if (!memchr(v, '\n', vn) && !memchr(v, '\r', vn))
            rc = PyDict_SetItem(others, name, value);
        else
            rc = PyObject_SetItem(headers, name, value); /* Headers' own error */
    }
    Py_XDECREF(name);
    Py_XDECREF(value);
    return rc < 0 ? -1 : 0;
}

/* _pgn_head(handle, headers, roster, others) -> the first line after the tags, or None at the
 * end of the handle: read_game's reading of a game's tags for the default visitor (and
 * HeadersBuilder), each tag set in `headers` (a Headers: its _tag_roster dict `roster` and its
 * other tags' dict `others`, set directly where Headers.__setitem__ would take the tag as it
 * is); with headers None (SkipVisitor) the lines are only read past. */
static PyObject *pgn_head(PyObject *self, PyObject *args)
{
    (void)self;
    PyObject *handle, *headers, *roster, *others;
    if (!PyArg_ParseTuple(args, "OOOO", &handle, &headers, &roster, &others)) return NULL;
    int parse = headers != Py_None;
    if (parse && (!PyDict_Check(roster) || !PyDict_Check(others))) {
        PyErr_SetString(PyExc_TypeError, "_pgn_head: the roster's and the other tags' dicts");
        return NULL;
    }
    PyObject *readline = PyObject_GetAttr(handle, str_readline);
    if (!readline) return NULL;
    text_line l = {NULL, NULL, NULL, 0};
    PyObject *out = NULL;
    if (text_line_set(&l, PyObject_CallNoArgs(readline), "lstrip") < 0) goto done;
    if (strip_bom(&l) < 0) goto done;
    while (is_space(l.s, l.n) || (l.n && (l.s[0] == '%' || l.s[0] == ';')))
        if (text_line_read(&l, readline) < 0) goto done;
    int empty_lines = 0, found = 0;
    while (l.n) {
        if (l.s[0] == '%' || l.s[0] == ';') {
            if (text_line_read(&l, readline) < 0) goto done;
            continue;
        }
        if (empty_lines < 1 && is_space(l.s, l.n)) {
            empty_lines++;
            if (text_line_read(&l, readline) < 0) goto done;
            continue;
        }
        found = 1;
        if (l.s[0] != '[') break;
        empty_lines = 0;
        if (parse && set_tag(&l, headers, roster, others) < 0) goto done;
        if (text_line_read(&l, readline) < 0) goto done;
    }
    if (found) {
        out = l.line;
        l.line = NULL;
    } else {
        Py_INCREF(Py_None);
        out = Py_None;
    }
done:
    text_line_clear(&l);
    Py_DECREF(readline);
    return out;
}

/* Whether a brace comment is open after a line, given whether one was before it: the line's
 * braces, and a ; outside a comment (the rest of the line is a comment). */
static int comment_after(const char *s, Py_ssize_t n, int in_comment)
{
    for (const char *p = s, *end = s + n; p < end;) {
        if (in_comment) {
            const char *close = memchr(p, '}', (size_t)(end - p));
            if (!close) break;
            in_comment = 0;
            p = close + 1;
        } else {
            const char *open = memchr(p, '{', (size_t)(end - p));
            const char *semi = memchr(p, ';', (size_t)(open ? open - p : end - p));
            if (semi || !open) break;
            in_comment = 1;
            p = open + 1;
        }
    }
    return in_comment;
}

/* A line appended to the text kept (PyMem, room for a NUL after it). 0, or -1 with MemoryError. */
static int append_line(char **text, Py_ssize_t *len, Py_ssize_t *cap, const text_line *l)
{
    if (*len + l->n + 1 > *cap) {
        Py_ssize_t want = *cap ? 2 * *cap : 4096;
        while (want < *len + l->n + 1) want *= 2;
        char *grown = PyMem_Realloc(*text, (size_t)want);
        if (!grown) {
            PyErr_NoMemory();
            return -1;
        }
        *text = grown;
        *cap = want;
    }
    memcpy(*text + *len, l->s, (size_t)l->n);
    *len += l->n;
    return 0;
}

/* _pgn_movetext(handle, line, board) -> read_game's reading of a game's movetext from `line`
 * on: a line at a time to an empty line (outside a brace comment) or the end of the handle,
 * the lines that open with % or ; (outside a comment) passed over, the others kept.
 * With `board` (the default visitor: the start position) the tuple
 * (moves, events, errors, results) of play_tokens, or the list of the tokens where pgn.py's
 * driver is to take the game over; with board None the list of the tokens (pgn.py's
 * _TOKENS.findall over the kept lines); with board False the lines are only read past
 * (None). */
static PyObject *pgn_movetext(PyObject *self, PyObject *args)
{
    (void)self;
    PyObject *handle, *first, *board;
    if (!PyArg_ParseTuple(args, "OO!O", &handle, &PyUnicode_Type, &first, &board)) return NULL;
    int keep = board != Py_False;
    PyObject *readline = PyObject_GetAttr(handle, str_readline);
    if (!readline) return NULL;
    text_line l = {NULL, NULL, NULL, 0};
    char *text = NULL;
    Py_ssize_t len = 0, cap = 0;
    int surrogates = 0, in_comment = 0;
    token_list tl = {NULL, 0, 0};
    PyObject *out = NULL;
    Py_INCREF(first);
    if (text_line_set(&l, first, "startswith") < 0) goto done;
    while (l.n) {
        if (!in_comment) {
            if (is_space(l.s, l.n)) break;
            if (l.s[0] == '%' || l.s[0] == ';') {
                if (text_line_read(&l, readline) < 0) goto done;
                continue;
            }
        }
        in_comment = comment_after(l.s, l.n, in_comment);
        if (keep) {
            if (append_line(&text, &len, &cap, &l) < 0) goto done;
            surrogates |= l.bytes != NULL;
        }
        if (text_line_read(&l, readline) < 0) goto done;
    }
    if (!keep) {
        Py_INCREF(Py_None);
        out = Py_None;
        goto done;
    }
    if (!text) {
        text = PyMem_Malloc(1);
        if (!text) {
            PyErr_NoMemory();
            goto done;
        }
    }
    text[len] = '\0';
    if (cut_tokens(text, len, &tl) < 0) goto done;
    const char *errors = surrogates ? "surrogatepass" : "strict";
    if (board != Py_None) {
        int rc = play_tokens(board, text, &tl, errors, &out);
        if (rc != 0) goto done;
    }
    out = token_strs(text, &tl, errors);
done:
    text_line_clear(&l);
    Py_DECREF(readline);
    PyMem_Free(text);
    PyMem_Free(tl.spans);
    return out;
}

/* _pgn_tokens(text) -> the list of tokens (pgn.py's _TOKENS.findall(text)), or None for a
 * text that has no UTF-8 form (lone surrogates). */
static PyObject *pgn_tokens(PyObject *self, PyObject *text)
{
    (void)self;
    if (!PyUnicode_Check(text)) {
        PyErr_SetString(PyExc_TypeError, "_pgn_tokens: a str");
        return NULL;
    }
    Py_ssize_t len;
    const char *s = PyUnicode_AsUTF8AndSize(text, &len);
    if (!s) {
        PyErr_Clear();
        Py_RETURN_NONE;
    }
    token_list tl = {NULL, 0, 0};
    PyObject *out = cut_tokens(s, len, &tl) < 0 ? NULL : token_strs(s, &tl, "strict");
    PyMem_Free(tl.spans);
    return out;
}

static PyMethodDef pgn_functions[] = {
    {"_pgn_tokens", pgn_tokens, METH_O,
     "_pgn_tokens(text) -> list of str or None\n\n"
     "The movetext tokens of a text (rankfile.pgn._TOKENS.findall)."},
    {"_pgn_head", pgn_head, METH_VARARGS,
     "_pgn_head(handle, headers, roster, others) -> str or None\n\n"
     "Reads a game's tags into headers for rankfile.pgn.read_game's default visitor."},
    {"_pgn_movetext", pgn_movetext, METH_VARARGS,
     "_pgn_movetext(handle, line, board) -> tuple, list of str or None\n\n"
     "Reads a game's movetext as rankfile.pgn.read_game does (see python/src/pgn.c)."},
    {NULL, NULL, 0, NULL},
};

int rfpy_pgn_init(PyObject *module)
{
    str_copy = PyUnicode_InternFromString("copy");
    str_push = PyUnicode_InternFromString("push");
    str_parse_san = PyUnicode_InternFromString("parse_san");
    str_readline = PyUnicode_InternFromString("readline");
    char_classes_init();
    if (!str_copy || !str_push || !str_parse_san || !str_readline) return -1;
    return PyModule_AddFunctions(module, pgn_functions);
}
