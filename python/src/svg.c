/*
 * svg.c - the SVG image of a board for rankfile.svg: the library's rf_render_svg, with the marks
 * and arrows rankfile.svg.board has checked and turned into squares.
 */
#include "rfpy.h"

#include <stdlib.h>

/* The position of an empty board, for drawing the squares alone: the board as written, every
 * rule a position without kings breaks accepted. */
static int empty_position(rf_position *pos)
{
    static const char fen[] = "8/8/8/8/8/8/8/8 w - - 0 1";
    rf_error err;
    rf_status st = rf_position_parse(pos, fen, sizeof fen - 1, RF_VARIANT_STANDARD, 0, RF_INVALID_ALL, &err);
    if (st != RF_OK) {
        rfpy_raise(st, &err, NULL, NULL);
        return -1;
    }
    return 0;
}

static int square_from(PyObject *obj, rf_square *out)
{
    long v = PyLong_AsLong(obj);
    if (v == -1 && PyErr_Occurred()) return -1;
    if (v < 0 || v > 63) {
        PyErr_Format(PyExc_ValueError, "arrow square %ld is not a square (0-63)", v);
        return -1;
    }
    *out = (rf_square)v;
    return 0;
}

/* The UTF-8 text of a colour (str) or NULL for None; the text lives as long as `obj`. 0, or -1
 * with the exception set. */
static int color_text(PyObject *obj, const char **out)
{
    *out = NULL;
    if (obj == Py_None) return 0;
    if (!PyUnicode_Check(obj)) {
        PyErr_SetString(PyExc_TypeError, "a colour is a str");
        return -1;
    }
    Py_ssize_t n;
    *out = PyUnicode_AsUTF8AndSize(obj, &n);
    return *out ? 0 : -1;
}

/* Fills `out` (count entries) from a sequence of colours or None; 0, or -1 with the exception
 * set. `seq` holds the strings the pointers point into. */
static int color_list(PyObject *seq, const char **out, Py_ssize_t count)
{
    if (seq == Py_None) return 0;
    if (!PyList_Check(seq) || PyList_Size(seq) != count) {
        PyErr_Format(PyExc_ValueError, "a list of %zd colours or None", count);
        return -1;
    }
    for (Py_ssize_t i = 0; i < count; i++)
        if (color_text(PyList_GetItem(seq, i), &out[i]) < 0) return -1;
    return 0;
}

/* The arrows of a sequence of (from, to) or (from, to, colour) tuples into opt (colours
 * borrowed from the tuples, which seq holds): their number, or -1 with an exception. */
static Py_ssize_t read_arrows(PyObject *seq, rf_render_options *opt)
{
    Py_ssize_t n = PySequence_Size(seq);
    if (n < 0) return -1;
    if (n > RF_RENDER_MAX_ARROWS) {
        PyErr_Format(PyExc_ValueError, "%zd arrows: the image carries at most %d", n, RF_RENDER_MAX_ARROWS);
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *pair = PySequence_GetItem(seq, i);
        PyObject *tail = NULL, *head = NULL;
        Py_ssize_t size = pair && PyTuple_Check(pair) ? PyTuple_Size(pair) : -1;
        int ok = size == 2 || size == 3;
        if (ok) {
            tail = PyTuple_GetItem(pair, 0);
            head = PyTuple_GetItem(pair, 1);
            ok = tail && head && square_from(tail, &opt->arrow_from[i]) == 0 &&
                 square_from(head, &opt->arrow_to[i]) == 0 &&
                 (size == 2 || color_text(PyTuple_GetItem(pair, 2), &opt->arrow_color[i]) == 0);
        } else if (pair && !PyErr_Occurred()) {
            PyErr_SetString(PyExc_ValueError, "an arrow is a (tail, head) or (tail, head, colour) tuple");
        }
        Py_XDECREF(pair);
        if (!ok) return -1;
    }
    return n;
}

/* svg_render(board, flags, last_move, check, arrows, fill=None, cross=0, colors=None) -> str:
 * board a Board or None (the empty board), flags RF_RENDER_* bits, last_move and check bitboards
 * of marked squares, arrows a sequence of at most RF_RENDER_MAX_ARROWS (from, to) or (from, to,
 * colour) tuples, fill a list of 64 colours or None, cross a bitboard of squares marked with an
 * X, colors a list of RF_SVG_COLORS colours or None (lists, so that the strings stay alive). */
static PyObject *svg_render(PyObject *self, PyObject *args)
{
    (void)self;
    PyObject *board, *arrows, *fill = Py_None, *colors = Py_None;
    unsigned int flags;
    unsigned long long last_move, check, cross = 0;
    if (!PyArg_ParseTuple(args, "OIKKO|OKO", &board, &flags, &last_move, &check, &arrows, &fill,
                          &cross, &colors))
        return NULL;
    rf_position pos;
    if (board == Py_None) {
        if (empty_position(&pos) < 0) return NULL;
    } else {
        const rf_position *p = rfpy_board_position(board);
        if (!p) return NULL;
        pos = *p;
    }
    rf_render_options opt = {0};
    opt.flags = flags & (RF_RENDER_FLIP | RF_RENDER_NO_COORDINATES | RF_RENDER_NO_SIDE | RF_RENDER_BORDERS);
    opt.last_move = last_move;
    opt.check = check;
    opt.cross = cross;
    if (color_list(fill, opt.fill, 64) < 0 || color_list(colors, opt.colors, RF_SVG_COLORS) < 0)
        return NULL;
    PyObject *seq = PySequence_Fast(arrows, "arrows must be a sequence of (tail, head) pairs");
    if (!seq) return NULL;
    Py_ssize_t n = read_arrows(seq, &opt);
    if (n < 0) {
        Py_DECREF(seq);
        return NULL;
    }
    opt.arrow_count = (unsigned)n;
    char *buf = malloc(RF_RENDER_SVG_MAX);
    if (!buf) {
        Py_DECREF(seq);
        return PyErr_NoMemory();
    }
    size_t len = rf_render_svg(buf, RF_RENDER_SVG_MAX, &pos, &opt);
    Py_DECREF(seq); /* it held the arrows' colours until now */
    PyObject *text = PyUnicode_DecodeUTF8(buf, (Py_ssize_t)(len < RF_RENDER_SVG_MAX ? len : RF_RENDER_SVG_MAX - 1), "strict");
    free(buf);
    return text;
}

/* svg_piece(piece) -> str: the image of one piece, piece the library's code (colour << 3 | type,
 * type 1..6 pawn..king). */
static PyObject *svg_piece(PyObject *self, PyObject *arg)
{
    (void)self;
    long code = PyLong_AsLong(arg);
    if (code == -1 && PyErr_Occurred()) return NULL;
    rf_piece piece = (rf_piece)(code & 15);
    char *buf = malloc(RF_RENDER_SVG_MAX);
    if (!buf) return PyErr_NoMemory();
    size_t len = code >= 0 && code < 16 ? rf_render_svg_piece(buf, RF_RENDER_SVG_MAX, piece) : 0;
    PyObject *text = NULL;
    if (len == 0)
        PyErr_Format(PyExc_ValueError, "%ld is not a piece's code", code);
    else
        text = PyUnicode_DecodeUTF8(buf, (Py_ssize_t)(len < RF_RENDER_SVG_MAX ? len : RF_RENDER_SVG_MAX - 1), "strict");
    free(buf);
    return text;
}

static PyMethodDef svg_functions[] = {
    {"svg_piece", svg_piece, METH_O,
     "svg_piece(code) -> str\n\nThe SVG image of one piece by the C library's rf_render_svg_piece: code is\n"
     "colour << 3 | type (colour 0 white, 1 black; type 1 pawn .. 6 king)."},
    {"svg_render", svg_render, METH_VARARGS,
     "svg_render(board, flags, last_move, check, arrows, fill=None, cross=0, colors=None) -> str\n\n"
     "The SVG image of a Board (None: the empty board) by the C library's rf_render_svg: flags\n"
     "RF_RENDER_FLIP (2), RF_RENDER_NO_COORDINATES (4), RF_RENDER_NO_SIDE (8), RF_RENDER_BORDERS (64);\n"
     "last_move and check bitboards of the squares marked so; arrows at most 16 (tail, head) or (tail, head, colour)\n"
     "tuples; fill a list of 64 colours or None; cross a bitboard of squares marked with an X;\n"
     "colors a list of 9 colours or None (light, dark, last move light and dark, margin, coordinates,\n"
     "arrows, inner and outer border)."},
    {NULL, NULL, 0, NULL},
};

int rfpy_svg_init(PyObject *module)
{
    return PyModule_AddFunctions(module, svg_functions);
}
