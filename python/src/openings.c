/*
 * openings.c - ECO files for rankfile.openings: a table (rf_eco_load) read from the file's bytes
 * (plain, gzip or zstd, as the CLI reads them), positions looked up, lines classified, and the
 * table handed to the PGN table reader (table.c) for its eco and opening columns.
 */
#include "rfpy.h"
#include "app.h"

#include <string.h>

typedef struct {
    PyObject_HEAD
    rf_eco *eco;
} eco_object;

static PyTypeObject *eco_type;

const rf_eco *rfpy_eco_table(PyObject *obj)
{
    int is = PyObject_IsInstance(obj, (PyObject *)eco_type);
    if (is <= 0) {
        if (is == 0) PyErr_SetString(PyExc_TypeError, "eco: an ECO table (rankfile.openings.load)");
        return NULL;
    }
    return ((eco_object *)obj)->eco;
}

/* (eco, name, variation, ply) of an entry, or None. */
static PyObject *match_tuple(const rf_eco_entry *e, unsigned ply)
{
    if (!e) Py_RETURN_NONE;
    return Py_BuildValue("(sssI)", e->eco, e->name, e->variation, ply);
}

/* _rankfile.eco_load(data, name) -> EcoTable */
static PyObject *eco_load(PyObject *self, PyObject *args)
{
    (void)self;
    PyObject *bytes;
    const char *name, *data;
    Py_ssize_t len;
    if (!PyArg_ParseTuple(args, "Ss", &bytes, &name) || PyBytes_AsStringAndSize(bytes, (char **)&data, &len) < 0)
        return NULL;
    char input_error[512] = "", error[512] = "";
    rf_eco *eco = NULL;
    int status = CLI_DATAERR;
    Py_BEGIN_ALLOW_THREADS
    cli_input *in = cli_input_open_quiet(-1, data, (size_t)len, name, input_error, sizeof input_error);
    if (in) {
        status = cli_eco_read(in, &eco, error, sizeof error);
        cli_input_close(in);
    }
    Py_END_ALLOW_THREADS
    if (status == CLI_SOFTWARE) return PyErr_NoMemory();
    if (status) return PyErr_Format(PyExc_ValueError, "%s", error[0] ? error : input_error);
    eco_object *o = PyObject_New(eco_object, eco_type);
    if (!o) {
        rf_eco_free(eco);
        return NULL;
    }
    o->eco = eco;
    return (PyObject *)o;
}

static void eco_dealloc(PyObject *self)
{
    rf_eco_free(((eco_object *)self)->eco);
    rfpy_free_object(self);
}

static Py_ssize_t eco_len(PyObject *self)
{
    return (Py_ssize_t)rf_eco_count(((eco_object *)self)->eco);
}

/* entry(i) -> (eco, name, variation, plies, line) */
static PyObject *eco_entry(PyObject *self, PyObject *arg)
{
    Py_ssize_t i = PyLong_AsSsize_t(arg);
    if (i == -1 && PyErr_Occurred()) return NULL;
    const rf_eco_entry *e = i >= 0 ? rf_eco_entry_at(((eco_object *)self)->eco, (size_t)i) : NULL;
    if (!e) return PyErr_Format(PyExc_IndexError, "entry %zd of %zu", i, rf_eco_count(((eco_object *)self)->eco));
    return Py_BuildValue("(sssIk)", e->eco, e->name, e->variation, e->plies, e->line);
}

/* find(board) -> (eco, name, variation, plies) or None: the position as it stands. */
static PyObject *eco_find(PyObject *self, PyObject *board)
{
    const rf_position *pos = rfpy_board_position(board);
    if (!pos) return NULL;
    const rf_eco_entry *e = rf_eco_find(((eco_object *)self)->eco, pos);
    return match_tuple(e, e ? e->plies : 0);
}

/* classify(start, moves) -> (eco, name, variation, ply) or None: the line of `moves` (Move
 * objects or UCI/SAN text, each legal in turn) from the board `start`. */
static PyObject *eco_classify(PyObject *self, PyObject *args)
{
    PyObject *board, *moves;
    if (!PyArg_ParseTuple(args, "OO", &board, &moves)) return NULL;
    const rf_position *start = rfpy_board_position(board);
    if (!start) return NULL;
    PyObject *seq = PySequence_List(moves);
    if (!seq) return NULL;
    Py_ssize_t n = PyList_Size(seq);
    rf_move *line = PyMem_Malloc((size_t)(n ? n : 1) * sizeof *line);
    if (!line) {
        Py_DECREF(seq);
        return PyErr_NoMemory();
    }
    rf_position pos = *start;
    PyObject *result = NULL;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *m = PyList_GetItem(seq, i);
        if (PyUnicode_Check(m)) {
            Py_ssize_t len;
            const char *text = PyUnicode_AsUTF8AndSize(m, &len);
            rf_error err;
            rf_status st = text ? rf_move_parse(&line[i], &pos, text, (size_t)len, &err) : RF_ERR_ARGUMENT;
            if (!text) goto done;
            if (st != RF_OK) {
                rfpy_raise(st, &err, text, NULL);
                goto done;
            }
        } else if (rfpy_move_to_rf(&pos, m, &line[i]) < 0) {
            goto done;
        }
        rf_position_play(&pos, line[i]);
    }
    rf_eco_match match = rf_eco_classify(((eco_object *)self)->eco, start, line, (size_t)n);
    result = match_tuple(match.entry, match.ply);
done:
    PyMem_Free(line);
    Py_DECREF(seq);
    return result;
}

static PyMethodDef eco_methods[] = {
    {"entry", eco_entry, METH_O, "entry(i) -> (eco, name, variation, plies, line)\n\nThe file's entry i, in its order."},
    {"find", eco_find, METH_O,
     "find(board) -> (eco, name, variation, plies) or None\n\nThe entry of the board's position as it stands."},
    {"classify", eco_classify, METH_VARARGS,
     "classify(start, moves) -> (eco, name, variation, ply) or None\n\nThe last position along the moves "
     "(Move objects or UCI/SAN text) from the board `start` that has an entry, by rankfile.h's rule."},
    {NULL, NULL, 0, NULL},
};

static PyType_Slot eco_slots[] = {
    {Py_tp_doc, "EcoTable\n\nA loaded ECO file (use rankfile.openings.load)."},
    {Py_tp_dealloc, eco_dealloc},
    {Py_tp_methods, eco_methods},
    {Py_sq_length, eco_len},
    {0, NULL},
};

static PyType_Spec eco_spec = {
    "rankfile._rankfile.EcoTable", sizeof(eco_object), 0, Py_TPFLAGS_DEFAULT, eco_slots,
};

static PyMethodDef eco_functions[] = {
    {"eco_load", eco_load, METH_VARARGS,
     "eco_load(data, name) -> EcoTable\n\nReads an ECO file's bytes (pgn-extract's eco.pgn or lichess's TSV; gzip or "
     "zstd too); `name` stands for it in messages. ValueError for a malformed file."},
    {NULL, NULL, 0, NULL},
};

int rfpy_openings_init(PyObject *module)
{
    eco_type = (PyTypeObject *)PyType_FromSpec(&eco_spec);
    if (!eco_type) return -1;
    Py_INCREF(eco_type);
    if (PyModule_AddObject(module, "EcoTable", (PyObject *)eco_type) < 0) {
        Py_DECREF(eco_type);
        return -1;
    }
    return PyModule_AddFunctions(module, eco_functions);
}
