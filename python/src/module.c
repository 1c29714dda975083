/*
 * module.c - the extension module rankfile._rankfile: its definition, the library's set-up at
 * import (rf_init builds the tables and picks the move generator's kernel, as in C), and the
 * calls of each file's part.
 */
#include "rfpy.h"

static PyObject *version(PyObject *self, PyObject *unused)
{
    (void)self;
    (void)unused;
    return PyUnicode_FromString(rf_version());
}

static PyObject *kernel(PyObject *self, PyObject *unused)
{
    (void)self;
    (void)unused;
    return PyUnicode_FromString(rf_kernel_name());
}

static PyMethodDef module_functions[] = {
    {"version", version, METH_NOARGS, "version() -> str\n\nThe C library's version, \"MAJOR.MINOR.PATCH\"."},
    {"kernel", kernel, METH_NOARGS,
     "kernel() -> str\n\nThe move generator's code path in use: \"bmi2\" (x86-64 PEXT, chosen where the CPU runs\n"
     "it fast) or \"portable\"."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT,
    "rankfile._rankfile",
    "The C library of rankfile, for the package's modules (import rankfile, not this).",
    -1,
    module_functions,
    NULL,
    NULL,
    NULL,
    NULL,
};

PyMODINIT_FUNC PyInit__rankfile(void);
PyMODINIT_FUNC PyInit__rankfile(void)
{
    rf_init();
    PyObject *module = PyModule_Create(&module_def);
    if (!module) return NULL;
    if (rfpy_errors_init(module) < 0 ||
        rfpy_move_init(module) < 0 ||
        rfpy_board_init(module) < 0 ||
        rfpy_polyglot_init(module) < 0 ||
        rfpy_openings_init(module) < 0 ||
        rfpy_svg_init(module) < 0 ||
        rfpy_bitboards_init(module) < 0 ||
        rfpy_chess960_init(module) < 0 ||
        rfpy_table_init(module) < 0 ||
        rfpy_pgn_init(module) < 0 ||
        rfpy_syzygy_init(module) < 0 ||
        rfpy_analyse_init(module) < 0) {
        Py_DECREF(module);
        return NULL;
    }
    return module;
}

void rfpy_free_object(PyObject *self)
{
    PyTypeObject *type = Py_TYPE(self);
    freefunc free_self = (freefunc)PyType_GetSlot(type, Py_tp_free);
    free_self(self);
    Py_DECREF(type); /* a heap type's instance holds a reference to its type */
}
