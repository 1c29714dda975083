/*
 * pgn.c - the fast path of rankfile.pgn.read_game: a game's movetext cut into tokens, and the
 * tokens played into a game as python-chess's GameBuilder would build it.
 *
 * pgn.py reads the handle a line at a time as python-chess's reader does and hands the kept
 * lines of a game's movetext to _pgn_tokens, which cuts them into python-chess's tokens. With
 * the default visitor, the tokens go to _pgn_play, which walks them with python-chess's rules
 * for movetext (parentheses, NAGs, results, the rest of a line of play skipped after a bad
 * move), each line of play a position of its own. A move is read by the library as
 * Board.parse_san reads it (rf_move_from_san); where the library finds none, the Board itself
 * reads the move there (the start board, the line's moves pushed) for the exception it raises;
 * a board class with a parse_san of its own reads every move. What comes back is plain data
 * that pgn.py turns into nodes only when they are asked for: the main line's moves, the events
 * of the whole movetext (a Move, a comment str, a NAG int, True for a side line's start, False
 * for its end; None when the game has only main-line moves), the errors (the ValueErrors
 * parse_san raised, in order) and the results met at the top level.
 *
 * Two cases are left to pgn.py's visitor driver (None comes back): a ')' closing the line of
 * play skipped after a bad move, where python-chess's GameBuilder and board stack part ways,
 * and a move the Board reads that the library cannot play.
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

static PyObject *str_copy, *str_push, *str_parse_san;

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
    return (n == 1 && t[0] == '*') || (n == 3 && (!strcmp(t, "1-0") || !strcmp(t, "0-1"))) ||
           (n == 7 && !strcmp(t, "1/2-1/2"));
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
static int play(line_stack *s, PyObject *start, int own, PyObject *token, const char *t, Py_ssize_t len,
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
        PyObject *error;
        move = board_parse(start, l, token, &error);
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
    if (rc == 0) rc = PyList_Append(events, move);
    Py_DECREF(move);
    return rc;
}

/* _pgn_play(board, tokens) -> (moves, events, errors, results) or None; see the top. */
static PyObject *pgn_play(PyObject *self, PyObject *args)
{
    (void)self;
    PyObject *start, *tokens;
    if (!PyArg_ParseTuple(args, "OO!", &start, &PyList_Type, &tokens)) return NULL;
    const rf_position *start_pos = rfpy_board_position(start);
    if (!start_pos) return NULL;
    rf_position first = *start_pos;
    PyObject *theirs = PyObject_GetAttr((PyObject *)Py_TYPE(start), str_parse_san);
    PyObject *ours = theirs ? PyObject_GetAttr(rfpy_BoardType, str_parse_san) : NULL;
    int own = theirs && ours && theirs == ours;
    Py_XDECREF(theirs);
    Py_XDECREF(ours);
    if (PyErr_Occurred()) return NULL;
    line_stack s = {NULL, 0, 0};
    PyObject *moves = PyList_New(0), *events = PyList_New(0), *errors = PyList_New(0),
             *results = PyList_New(0), *out = NULL;
    if (!moves || !events || !errors || !results || stack_open(&s, &first, -1) < 0) goto done;
    int extras = 0, irregular = 0;
    Py_ssize_t skip = 0, n = PyList_Size(tokens);
    for (Py_ssize_t i = 0; i < n && !irregular; i++) {
        PyObject *token = PyList_GetItem(tokens, i);
        Py_ssize_t len;
        const char *t = PyUnicode_AsUTF8AndSize(token, &len);
        if (!t) goto done;
        int rc = 0;
        if (t[0] == '{') {
            if (!skip) {
                /* python-chess's comment text: no braces, nor one space inside each */
                Py_ssize_t from = len > 1 && t[1] == ' ' ? 2 : 1, to = PyUnicode_GetLength(token);
                if (t[len - 1] == '}' && to > from) {
                    to--;
                    if (to > from && t[len - 2] == ' ') to--;
                }
                extras = 1;
                rc = append_new(events, PyUnicode_Substring(token, from, to));
            }
        } else if (len == 1 && t[0] == '(') {
            if (skip) {
                skip++;
            } else if (s.lines[s.depth - 1].n > 0) {
                /* a side line: from the position before the current line's last move */
                rf_position before = s.lines[s.depth - 1].before;
                extras = 1;
                rc = stack_open(&s, &before, s.depth - 1);
                if (rc == 0) rc = PyList_Append(events, Py_True);
            }
        } else if (len == 1 && t[0] == ')') {
            if (skip == 1) {
                irregular = 1; /* python-chess's GameBuilder and board stack part ways */
            } else if (skip) {
                skip--;
            } else if (s.depth > 1) {
                line_clear(&s.lines[--s.depth]);
                rc = PyList_Append(events, Py_False);
            }
        } else if (skip || t[0] == ';') {
            continue;
        } else if (t[0] == '$') {
            extras = 1;
            rc = append_new(events, PyLong_FromString(t + 1, NULL, 10));
        } else if (suffix_nag(t, len) >= 0) {
            extras = 1;
            rc = append_new(events, PyLong_FromLong(suffix_nag(t, len)));
        } else if (is_result(t, len) && s.depth == 1) {
            rc = PyList_Append(results, token);
        } else {
            rc = play(&s, start, own, token, t, len, moves, events, errors);
            if (rc == 1) {
                skip = 1;
                rc = 0;
            } else if (rc == 2) {
                irregular = 1;
                rc = 0;
            }
        }
        if (rc < 0) goto done;
    }
    if (irregular) {
        Py_INCREF(Py_None);
        out = Py_None;
    } else {
        out = Py_BuildValue("(OOOO)", moves, extras ? events : Py_None, errors, results);
    }
done:
    stack_free(&s);
    Py_XDECREF(moves);
    Py_XDECREF(events);
    Py_XDECREF(errors);
    Py_XDECREF(results);
    return out;
}

/* ---- the tokens of movetext ------------------------------------------------------------------
 *
 * pgn.py's _TOKENS regex (python-chess's MOVETEXT regex over a game's kept lines), matched by
 * hand: at each byte the alternatives are tried in the regex's order, each as the regex engine
 * would match it (optional parts greedy, given back when what follows fails); a byte where
 * none matches is passed over. Every token but a comment is ASCII, and the bytes of a UTF-8
 * sequence are never ASCII, so the UTF-8 text is matched byte by byte. */

static int in_set(int c, const char *set) { return c && strchr(set, c) != NULL; }
static int is_file(int c) { return c >= 'a' && c <= 'h'; }
static int is_rank(int c) { return c >= '1' && c <= '8'; }

/* [NBKRQ]?[a-h]?[1-8]?[\-x]?[a-h][1-8](?:=?[nbrqkNBRQK])? at p: its length, or 0. */
static size_t match_san(const char *p)
{
    static const char promotions[] = "nbrqkNBRQK";
    /* each optional part taken first, then left out, in the pattern's order */
    for (int piece = 1; piece >= 0; piece--) {
        if (piece && !in_set(p[0], "NBKRQ")) continue;
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
                    if (e[0] == '=' && in_set(e[1], promotions)) e += 2;
                    else if (in_set(e[0], promotions)) e += 1;
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
    size_t n = match_san(p);
    if (n) return n;
    if (p[0] == '@' || (in_set(p[0], "PNBRQK") && p[1] == '@')) { /* [PNBRQK]?@[a-h][1-8] */
        const char *q = p[0] == '@' ? p + 1 : p + 2;
        if (is_file(q[0]) && is_rank(q[1])) return (size_t)(q + 2 - p);
    }
    if (!strncmp(p, "--", 2) || !strncmp(p, "Z0", 2)) return 2;
    if (!strncmp(p, "0000", 4) || !strncmp(p, "@@@@", 4)) return 4;
    if (!strncmp(p, "O-O", 3)) return !strncmp(p + 3, "-O", 2) ? 5 : 3;
    if (!strncmp(p, "0-0", 3)) return !strncmp(p + 3, "-0", 2) ? 5 : 3;
    if (p[0] == '{') { /* \{[^}]*\}? */
        const char *close = memchr(p + 1, '}', left - 1);
        return close ? (size_t)(close + 1 - p) : left;
    }
    if (p[0] == ';') { /* ;[^\n]* */
        const char *end = memchr(p, '\n', left);
        return end ? (size_t)(end - p) : left;
    }
    if (p[0] == '$' && p[1] >= '0' && p[1] <= '9') {
        n = 2;
        while (p[n] >= '0' && p[n] <= '9') n++;
        return n;
    }
    if (p[0] == '(' || p[0] == ')' || p[0] == '*') return 1;
    if (!strncmp(p, "1-0", 3) || !strncmp(p, "0-1", 3)) return 3;
    if (!strncmp(p, "1/2-1/2", 7)) return 7;
    if (p[0] == '?' || p[0] == '!') return p[1] == '?' || p[1] == '!' ? 2 : 1;
    return 0;
}

/* _pgn_tokens(text) -> the list of tokens (pgn.py's _TOKENS.findall(text)), or None for a
 * text that has no UTF-8 form (lone surrogates: pgn.py uses the regex itself). */
static PyObject *pgn_tokens(PyObject *self, PyObject *text)
{
    (void)self;
    Py_ssize_t len;
    const char *s = PyUnicode_Check(text) ? PyUnicode_AsUTF8AndSize(text, &len) : NULL;
    if (!s) {
        if (!PyUnicode_Check(text)) {
            PyErr_SetString(PyExc_TypeError, "_pgn_tokens: a str");
            return NULL;
        }
        PyErr_Clear();
        Py_RETURN_NONE;
    }
    PyObject *tokens = PyList_New(0);
    if (!tokens) return NULL;
    /* the text is NUL-terminated, so a look-ahead stops at its end; a NUL inside it matches
     * no byte of a token (comments aside, which are scanned by length) */
    for (Py_ssize_t i = 0; i < len;) {
        size_t n = match_token(s + i, (size_t)(len - i));
        if (!n) {
            i++;
            continue;
        }
        if (append_new(tokens, PyUnicode_DecodeUTF8(s + i, (Py_ssize_t)n, "strict")) < 0) {
            Py_DECREF(tokens);
            return NULL;
        }
        i += (Py_ssize_t)n;
    }
    return tokens;
}

static PyMethodDef pgn_functions[] = {
    {"_pgn_tokens", pgn_tokens, METH_O,
     "_pgn_tokens(text) -> list of str or None\n\n"
     "The movetext tokens of a game's kept lines (rankfile.pgn.read_game)."},
    {"_pgn_play", pgn_play, METH_VARARGS,
     "_pgn_play(board, tokens) -> (moves, events, errors, results) or None\n\n"
     "Plays a game's movetext tokens as python-chess's GameBuilder reads them (rankfile.pgn.read_game)."},
    {NULL, NULL, 0, NULL},
};

int rfpy_pgn_init(PyObject *module)
{
    str_copy = PyUnicode_InternFromString("copy");
    str_push = PyUnicode_InternFromString("push");
    str_parse_san = PyUnicode_InternFromString("parse_san");
    if (!str_copy || !str_push || !str_parse_san) return -1;
    return PyModule_AddFunctions(module, pgn_functions);
}
