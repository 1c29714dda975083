/*
 * pgn.c - rankfile.pgn's reading of one game from a Python text handle (read_game,
 * read_headers, skip_game), through the C library's PGN reader.
 *
 * The reader pulls the handle's text one readline() at a time, so that it never holds more than
 * the line it is reading: when a game ends, what is left of that line (after the termination
 * marker, or a next game's tag line that ended a game without one) goes back to pgn.py as the
 * handle's "leftover" text, which the next call reads first. The handle's own position is thus
 * at most one line past the game, as python-chess leaves it.
 *
 * A game comes back as plain data that pgn.py turns into nodes only when they are asked for:
 * the tags as (name, value) pairs, the start position (a PgnStart, which makes boards), the main
 * line as a list of interned Move objects, and, when the game has comments, NAGs or
 * variations, the whole movetext as a list of events: a Move, a comment (str), a NAG (int),
 * True for '(' and False for ')'.
 */
#include "rfpy.h"

#include <string.h>

/* ---- PgnStart: a game's start position ----------------------------------------------------- */

typedef struct {
    PyObject_HEAD
    rf_position pos;
} start_object;

static PyTypeObject *start_type;

static PyObject *start_new(const rf_position *pos)
{
    start_object *obj = PyObject_New(start_object, start_type);
    if (!obj) return NULL;
    obj->pos = *pos;
    return (PyObject *)obj;
}

static PyObject *start_board(PyObject *self, PyObject *unused)
{
    (void)unused;
    return rfpy_board_from_position(&((start_object *)self)->pos);
}

static void start_dealloc(PyObject *self)
{
    PyTypeObject *type = Py_TYPE(self);
    freefunc free_self = (freefunc)PyType_GetSlot(type, Py_tp_free);
    free_self(self);
    Py_DECREF(type);
}

static PyMethodDef start_methods[] = {
    {"board", start_board, METH_NOARGS, "board() -> Board\n\nA new board at the game's start position."},
    {NULL, NULL, 0, NULL},
};

static PyType_Slot start_slots[] = {
    {Py_tp_dealloc, start_dealloc},
    {Py_tp_methods, start_methods},
    {Py_tp_doc, "The start position of a game read from PGN (made by rankfile.pgn.read_game)."},
    {0, NULL},
};

static PyType_Spec start_spec = {
    "rankfile._rankfile.PgnStart", sizeof(start_object), 0, Py_TPFLAGS_DEFAULT, start_slots,
};

/* ---- reading one game ---------------------------------------------------------------------- */

enum { MODE_GAME, MODE_HEADERS, MODE_SKIP };

typedef struct reading {
    int mode;
    PyObject *readline;      /* the handle's bound readline */
    PyObject *chunk;         /* the text being handed to the reader (str or bytes) */
    const char *chunk_p;     /* its UTF-8 */
    Py_ssize_t chunk_len, chunk_at;
    PyObject *leftover;      /* text to read before the handle (a new reference), or NULL */
    uint64_t fed;            /* bytes handed to the reader */
    int failed;              /* a Python exception is pending */
    rf_pgn_reader *reader;
    /* the game */
    PyObject *headers, *moves, *events, *start;
    int extras;              /* comments, NAGs or variations were met */
    unsigned long skip_depth;
    rf_status status;
    char error[200];
    char result[8];
    int started;             /* begin_game was called */
} reading;

static size_t read_line(void *ctx, char *buf, size_t cap)
{
    reading *r = ctx;
    if (r->failed) return (size_t)-1;
    if (r->chunk_at == r->chunk_len) {
        PyObject *text;
        if (r->leftover) {
            text = r->leftover;
            r->leftover = NULL;
        } else {
            text = PyObject_CallNoArgs(r->readline);
            if (!text) {
                r->failed = 1;
                return (size_t)-1;
            }
        }
        Py_XDECREF(r->chunk);
        r->chunk = text;
        r->chunk_at = 0;
        if (PyUnicode_Check(text)) {
            r->chunk_p = PyUnicode_AsUTF8AndSize(text, &r->chunk_len);
        } else if (PyBytes_Check(text)) {
            char *p;
            if (PyBytes_AsStringAndSize(text, &p, &r->chunk_len) == 0) r->chunk_p = p;
            else r->chunk_p = NULL;
        } else {
            PyErr_SetString(PyExc_TypeError, "the handle's readline() gave neither str nor bytes");
            r->chunk_p = NULL;
        }
        if (!r->chunk_p) {
            r->chunk_len = 0;
            r->failed = 1;
            return (size_t)-1;
        }
        if (r->chunk_len == 0) return 0; /* the end of the handle */
    }
    size_t n = (size_t)(r->chunk_len - r->chunk_at);
    if (n > cap) n = cap;
    memcpy(buf, r->chunk_p + r->chunk_at, n);
    r->chunk_at += (Py_ssize_t)n;
    r->fed += n;
    return n;
}

static void fail(reading *r)
{
    r->failed = 1;
}

static void add(reading *r, PyObject *list, PyObject *item)
{
    if (!item) {
        fail(r);
        return;
    }
    if (!r->failed && PyList_Append(list, item) < 0) fail(r);
    Py_DECREF(item);
}

static int on_begin_game(void *user, unsigned long index)
{
    reading *r = user;
    (void)index;
    r->started = 1;
    return r->mode == MODE_SKIP ? RF_PGN_SKIP : RF_PGN_CONTINUE;
}

static void on_header(void *user, const char *name, size_t name_len, const char *value,
                      size_t value_len)
{
    reading *r = user;
    if (r->failed) return;
    PyObject *pair = Py_BuildValue("(s#s#)", name, (Py_ssize_t)name_len, value, (Py_ssize_t)value_len);
    if (!pair) { /* bytes that are no UTF-8 cannot come from a str handle; from bytes: replace */
        PyErr_Clear();
        PyObject *n = PyUnicode_DecodeUTF8(name, (Py_ssize_t)name_len, "replace");
        PyObject *v = PyUnicode_DecodeUTF8(value, (Py_ssize_t)value_len, "replace");
        pair = n && v ? PyTuple_Pack(2, n, v) : NULL;
        Py_XDECREF(n);
        Py_XDECREF(v);
    }
    add(r, r->headers, pair);
}

static int on_end_headers(void *user, const rf_position *start)
{
    reading *r = user;
    if (r->mode != MODE_GAME) return RF_PGN_SKIP;
    if (start && !r->failed) {
        r->start = start_new(start);
        if (!r->start) fail(r);
    }
    return RF_PGN_CONTINUE;
}

static void on_move(void *user, const rf_position *before, rf_move m, unsigned depth)
{
    reading *r = user;
    if (r->failed) return;
    PyObject *move = rfpy_move_from_rf(before, m);
    if (!move) {
        fail(r);
        return;
    }
    if (depth == 0 && PyList_Append(r->moves, move) < 0) fail(r);
    if (!r->failed && PyList_Append(r->events, move) < 0) fail(r);
    Py_DECREF(move);
}

/* A comment as python-chess keeps it: the text between the braces without one space after '{'
 * and one before '}'. */
static void on_comment(void *user, const char *text, size_t len)
{
    reading *r = user;
    if (r->failed) return;
    r->extras = 1;
    if (len > 0 && text[0] == ' ') {
        text++;
        len--;
    }
    if (len > 0 && text[len - 1] == ' ') len--;
    add(r, r->events, PyUnicode_DecodeUTF8(text, (Py_ssize_t)len, "replace"));
}

static void on_nag(void *user, unsigned nag)
{
    reading *r = user;
    if (r->failed) return;
    r->extras = 1;
    add(r, r->events, PyLong_FromUnsignedLong(nag));
}

static int on_begin_variation(void *user)
{
    reading *r = user;
    r->extras = 1;
    if (!r->failed && PyList_Append(r->events, Py_True) < 0) fail(r);
    return RF_PGN_CONTINUE;
}

static void on_end_variation(void *user)
{
    reading *r = user;
    if (!r->failed && PyList_Append(r->events, Py_False) < 0) fail(r);
}

static void on_end_game(void *user, const rf_pgn_game *g)
{
    reading *r = user;
    r->status = g->status;
    snprintf(r->error, sizeof r->error, "%s", g->error);
    snprintf(r->result, sizeof r->result, "%s", g->result);
}

/* The text the reader was handed but did not read (the rest of the game's last line), then what
 * is left of the chunk: None when it is only white space. */
static PyObject *leftover_text(reading *r)
{
    uint64_t unread = r->fed - rf_pgn_reader_offset(r->reader);
    Py_ssize_t from = r->chunk_at - (Py_ssize_t)unread;
    if (!r->chunk_p || from < 0) from = r->chunk_len;
    Py_ssize_t at = from;
    while (at < r->chunk_len && (r->chunk_p[at] == ' ' || r->chunk_p[at] == '\t' ||
                                 r->chunk_p[at] == '\r' || r->chunk_p[at] == '\n'))
        at++;
    if (at == r->chunk_len) Py_RETURN_NONE;
    return PyUnicode_DecodeUTF8(r->chunk_p + from, r->chunk_len - from, "replace");
}

/* The exception a game's error is reported as in Game.errors. */
static PyObject *error_object(rf_status status, int has_start, const char *message)
{
    PyObject *type;
    switch (status) {
    case RF_ERR_ILLEGAL: type = rfpy_IllegalMoveError; break;
    case RF_ERR_AMBIGUOUS: type = rfpy_AmbiguousMoveError; break;
    case RF_ERR_SYNTAX: type = has_start ? rfpy_InvalidMoveError : rfpy_FenError; break;
    case RF_ERR_INVALID: type = rfpy_FenError; break;
    default: type = PyExc_ValueError; break;
    }
    return PyObject_CallFunction(type, "s", message);
}

/* _pgn_read(handle, leftover, mode) -> (game data or None, leftover). mode 0: the whole game,
 * as (headers, start, moves, events, error, result); 1: the headers only, as a list of pairs;
 * 2: skipped, True. None at the end of the handle. */
static PyObject *pgn_read(PyObject *self, PyObject *args)
{
    (void)self;
    PyObject *handle, *leftover;
    int mode;
    if (!PyArg_ParseTuple(args, "OOi", &handle, &leftover, &mode)) return NULL;
    reading r;
    memset(&r, 0, sizeof r);
    r.mode = mode;
    r.readline = PyObject_GetAttrString(handle, "readline");
    if (!r.readline) return NULL;
    if (leftover != Py_None) {
        Py_INCREF(leftover);
        r.leftover = leftover;
    }
    PyObject *result = NULL, *data = NULL;
    r.headers = PyList_New(0);
    r.moves = PyList_New(0);
    r.events = PyList_New(0);
    r.reader = rf_pgn_reader_new(read_line, &r);
    if (!r.headers || !r.moves || !r.events || !r.reader) {
        if (!PyErr_Occurred()) PyErr_NoMemory();
        goto done;
    }
    rf_pgn_visitor v = {&r, on_begin_game, on_header, on_end_headers, on_move, on_comment, on_nag,
                        on_begin_variation, on_end_variation, on_end_game};
    int rc = rf_pgn_read_game(r.reader, &v);
    if (r.failed) goto done;
    if (rc < 0) {
        PyErr_SetString(PyExc_ValueError, "cannot read the PGN handle");
        goto done;
    }
    PyObject *rest = leftover_text(&r);
    if (!rest) goto done;
    if (rc == 0) {
        result = Py_BuildValue("(ON)", Py_None, rest);
        goto done;
    }
    if (mode == MODE_SKIP) {
        data = Py_True;
        Py_INCREF(data);
    } else if (mode == MODE_HEADERS) {
        data = r.headers;
        Py_INCREF(data);
    } else {
        PyObject *error = Py_None;
        if (r.status != RF_OK) error = error_object(r.status, r.start != NULL, r.error);
        else Py_INCREF(error);
        if (!error) {
            Py_DECREF(rest);
            goto done;
        }
        data = Py_BuildValue("(OOOONs)", r.headers, r.start ? r.start : Py_None, r.moves,
                             r.extras ? r.events : Py_None, error, r.result);
    }
    if (data) result = Py_BuildValue("(NN)", data, rest);
    else Py_DECREF(rest);
done:
    rf_pgn_reader_free(r.reader);
    Py_XDECREF(r.readline);
    Py_XDECREF(r.chunk);
    Py_XDECREF(r.leftover);
    Py_XDECREF(r.headers);
    Py_XDECREF(r.moves);
    Py_XDECREF(r.events);
    Py_XDECREF(r.start);
    return result;
}

static PyMethodDef pgn_functions[] = {
    {"_pgn_read", pgn_read, METH_VARARGS,
     "_pgn_read(handle, leftover, mode) -> (data, leftover)\n\n"
     "Reads one game from a text handle (rankfile.pgn.read_game is the interface)."},
    {NULL, NULL, 0, NULL},
};

int rfpy_pgn_init(PyObject *module)
{
    start_type = (PyTypeObject *)PyType_FromSpec(&start_spec);
    if (!start_type) return -1;
    return PyModule_AddFunctions(module, pgn_functions);
}
