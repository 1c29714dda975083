/*
 * pgn.c - the fast path of rankfile.pgn.read_game: a game's movetext tokens played into a game
 * as python-chess's GameBuilder would build it.
 *
 * pgn.py reads the handle a line at a time and cuts the movetext into tokens exactly as
 * python-chess's reader does (its MOVETEXT regex; a comment one token, "{" to "}", over lines
 * if need be). With
 * the default visitor, the tokens come here: this walks them with python-chess's rules for
 * movetext (parentheses, NAGs, results, the rest of a line of play skipped after a bad move)
 * and reads each move with the board's own parse_san and push, so that a Board subclass or a
 * variant answers as it does everywhere. What comes back is plain data that pgn.py turns into
 * nodes only when they are asked for: the main line's moves, the events of the whole movetext
 * (a Move, a comment str, a NAG int, True for a side line's start, False for its end; None when
 * the game has only main-line moves), the errors (the ValueErrors parse_san raised, in order)
 * and the results met at the top level.
 *
 * One case is left to the Python visitor driver (None comes back): a ')' closing the line of
 * play skipped after a bad move, where python-chess's GameBuilder and board stack part ways.
 */
#include "rfpy.h"

#include <string.h>

typedef struct {
    PyObject **boards;      /* the board of each open line of play (new references) */
    Py_ssize_t *plies;      /* the length of each board's move stack */
    Py_ssize_t depth, cap;
} line_stack;

static int stack_push(line_stack *s, PyObject *board, Py_ssize_t plies)
{
    if (s->depth == s->cap) {
        Py_ssize_t cap = s->cap ? 2 * s->cap : 16;
        PyObject **boards = PyMem_Realloc(s->boards, (size_t)cap * sizeof *boards);
        if (!boards) {
            PyErr_NoMemory();
            return -1;
        }
        s->boards = boards;
        Py_ssize_t *plies_of = PyMem_Realloc(s->plies, (size_t)cap * sizeof *plies_of);
        if (!plies_of) {
            PyErr_NoMemory();
            return -1;
        }
        s->plies = plies_of;
        s->cap = cap;
    }
    s->boards[s->depth] = board; /* the reference passes to the stack */
    s->plies[s->depth] = plies;
    s->depth++;
    return 0;
}

static void stack_free(line_stack *s)
{
    for (Py_ssize_t i = 0; i < s->depth; i++) Py_DECREF(s->boards[i]);
    PyMem_Free(s->boards);
    PyMem_Free(s->plies);
}

static PyObject *str_copy, *str_pop, *str_push, *str_parse_san;

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

/* A side line: the board of the line it branches from, copied, its last move taken back. */
static int open_line(line_stack *s)
{
    PyObject *board = PyObject_CallMethodObjArgs(s->boards[s->depth - 1], str_copy, NULL);
    if (!board) return -1;
    PyObject *popped = PyObject_CallMethodObjArgs(board, str_pop, NULL);
    if (!popped || stack_push(s, board, s->plies[s->depth - 1] - 1) < 0) {
        Py_XDECREF(popped);
        Py_DECREF(board);
        return -1;
    }
    Py_DECREF(popped);
    return 0;
}

/* A move token: read by the board of the current line and played there; a ValueError from
 * parse_san is an error of the game (appended to `errors`, 1 returned: skip the line's rest). */
static int play(line_stack *s, PyObject *token, PyObject *moves, PyObject *events, PyObject *errors)
{
    PyObject *board = s->boards[s->depth - 1];
    PyObject *move = PyObject_CallMethodObjArgs(board, str_parse_san, token, NULL);
    if (!move) {
        if (!PyErr_ExceptionMatches(PyExc_ValueError)) return -1;
        PyObject *type, *value, *tb;
        PyErr_Fetch(&type, &value, &tb);
        PyErr_NormalizeException(&type, &value, &tb);
        if (tb) PyException_SetTraceback(value, tb);
        int rc = value ? PyList_Append(errors, value) : -1;
        Py_XDECREF(type);
        Py_XDECREF(value);
        Py_XDECREF(tb);
        return rc < 0 ? -1 : 1;
    }
    PyObject *pushed = PyObject_CallMethodObjArgs(board, str_push, move, NULL);
    int rc = pushed ? 0 : -1;
    Py_XDECREF(pushed);
    if (rc == 0 && s->depth == 1) rc = PyList_Append(moves, move);
    if (rc == 0) rc = PyList_Append(events, move);
    Py_DECREF(move);
    s->plies[s->depth - 1]++;
    return rc;
}

/* _pgn_play(board, tokens) -> (moves, events, errors, results) or None; see the top. */
static PyObject *pgn_play(PyObject *self, PyObject *args)
{
    (void)self;
    PyObject *start, *tokens;
    if (!PyArg_ParseTuple(args, "OO!", &start, &PyList_Type, &tokens)) return NULL;
    line_stack s = {NULL, NULL, 0, 0};
    PyObject *moves = PyList_New(0), *events = PyList_New(0), *errors = PyList_New(0),
             *results = PyList_New(0), *out = NULL;
    PyObject *board = moves && events && errors && results
                          ? PyObject_CallMethodObjArgs(start, str_copy, NULL) : NULL;
    if (!board || stack_push(&s, board, 0) < 0) {
        Py_XDECREF(board);
        goto done;
    }
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
            } else if (s.plies[s.depth - 1] > 0) {
                extras = 1;
                rc = open_line(&s);
                if (rc == 0) rc = PyList_Append(events, Py_True);
            }
        } else if (len == 1 && t[0] == ')') {
            if (skip == 1) {
                irregular = 1;
            } else if (skip) {
                skip--;
            } else if (s.depth > 1) {
                s.depth--;
                Py_DECREF(s.boards[s.depth]);
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
            rc = play(&s, token, moves, events, errors);
            if (rc == 1) {
                skip = 1;
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
    str_pop = PyUnicode_InternFromString("pop");
    str_push = PyUnicode_InternFromString("push");
    str_parse_san = PyUnicode_InternFromString("parse_san");
    if (!str_copy || !str_pop || !str_push || !str_parse_san) return -1;
    return PyModule_AddFunctions(module, pgn_functions);
}
