/*
 * bitboards.c - the library's attack and line tables for rankfile's module-level bitboard names
 * (BB_KNIGHT_ATTACKS, BB_RAYS, between(), ray(), the slider tables): rf_piece_attacks, rf_between
 * and rf_line, so that the package computes no attack itself.
 */
#include "rfpy.h"

static int square_arg(PyObject *obj, rf_square *out)
{
    long v = PyLong_AsLong(obj);
    if (v == -1 && PyErr_Occurred()) return -1;
    if (v < 0 || v > 63) {
        PyErr_Format(PyExc_IndexError, "square %ld out of range 0..63", v);
        return -1;
    }
    *out = (rf_square)v;
    return 0;
}

/* _attacks(piece_type, color, square, occupied) -> int */
static PyObject *attacks(PyObject *self, PyObject *args)
{
    (void)self;
    int type, color;
    PyObject *sq_obj, *occ_obj;
    if (!PyArg_ParseTuple(args, "ipOO", &type, &color, &sq_obj, &occ_obj)) return NULL;
    rf_square sq;
    if (square_arg(sq_obj, &sq) < 0) return NULL;
    unsigned long long occ = PyLong_AsUnsignedLongLongMask(occ_obj);
    if (occ == (unsigned long long)-1 && PyErr_Occurred()) return NULL;
    if (type < RF_PAWN || type > RF_KING) return PyLong_FromLong(0);
    rf_piece piece = RF_MAKE_PIECE(color ? RF_WHITE : RF_BLACK, (rf_piece_type)type);
    return PyLong_FromUnsignedLongLong(rf_piece_attacks(piece, sq, (rf_bitboard)occ));
}

static PyObject *pair_table(rf_bitboard (*fn)(rf_square, rf_square))
{
    PyObject *rows = PyList_New(64);
    if (!rows) return NULL;
    for (int a = 0; a < 64; a++) {
        PyObject *row = PyList_New(64);
        if (!row) {
            Py_DECREF(rows);
            return NULL;
        }
        PyList_SetItem(rows, a, row);
        for (int b = 0; b < 64; b++) {
            PyObject *v = PyLong_FromUnsignedLongLong(fn((rf_square)a, (rf_square)b));
            if (!v) {
                Py_DECREF(rows);
                return NULL;
            }
            PyList_SetItem(row, b, v);
        }
    }
    return rows;
}

/* _lines() -> (between[64][64], line[64][64]) as lists of lists of ints */
static PyObject *lines(PyObject *self, PyObject *unused)
{
    (void)self;
    (void)unused;
    PyObject *between = pair_table(rf_between);
    if (!between) return NULL;
    PyObject *line = pair_table(rf_line);
    if (!line) {
        Py_DECREF(between);
        return NULL;
    }
    PyObject *out = PyTuple_Pack(2, between, line);
    Py_DECREF(between);
    Py_DECREF(line);
    return out;
}

static PyMethodDef functions[] = {
    {"_attacks", attacks, METH_VARARGS,
     "_attacks(piece_type, color, square, occupied) -> int\n\nThe squares a piece on square attacks "
     "(sliders stop at occupied squares), from the library's tables."},
    {"_lines", lines, METH_NOARGS,
     "_lines() -> (between, line)\n\n64x64 tables: the squares strictly between two aligned squares, and "
     "the whole line through them (0 where not aligned)."},
    {NULL, NULL, 0, NULL},
};

int rfpy_bitboards_init(PyObject *module)
{
    return PyModule_AddFunctions(module, functions);
}
