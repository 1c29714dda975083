/*
 * errors.c - the module's exceptions, and library errors turned into them.
 */
#include "rfpy.h"

#include <stdio.h>

PyObject *rfpy_FenError;
PyObject *rfpy_InvalidMoveError;
PyObject *rfpy_IllegalMoveError;
PyObject *rfpy_AmbiguousMoveError;

PyObject *rfpy_raise(rf_status status, const rf_error *err, const char *move_text, const char *context)
{
    char message[512];
    const char *what = err && err->message[0] ? err->message : rf_strerror(status);
    if (context)
        snprintf(message, sizeof message, "%s %s", what, context);
    else
        snprintf(message, sizeof message, "%s", what);
    PyObject *type;
    switch (status) {
    case RF_ERR_SYNTAX: type = move_text ? rfpy_InvalidMoveError : rfpy_FenError; break;
    case RF_ERR_INVALID: type = rfpy_FenError; break;
    case RF_ERR_ILLEGAL: type = rfpy_IllegalMoveError; break;
    case RF_ERR_AMBIGUOUS: type = rfpy_AmbiguousMoveError; break;
    case RF_ERR_NO_MEMORY: return PyErr_NoMemory();
    default: type = PyExc_ValueError; break;
    }
    if (type != rfpy_FenError) {
        PyErr_SetString(type, message);
        return NULL;
    }
    PyObject *exc = PyObject_CallFunction(type, "s", message);
    if (!exc) return NULL;
    PyObject *field = PyUnicode_FromString(err ? rf_field_name(err->field) : "");
    PyObject *offset = PyLong_FromSize_t(err ? err->offset : 0);
    if (field && offset && PyObject_SetAttrString(exc, "field", field) == 0 &&
        PyObject_SetAttrString(exc, "offset", offset) == 0)
        PyErr_SetObject(type, exc);
    Py_XDECREF(field);
    Py_XDECREF(offset);
    Py_DECREF(exc);
    return NULL;
}

int rfpy_add_exception(PyObject *module, PyObject **slot, const char *qualified, const char *name,
                       PyObject *base, const char *doc)
{
    *slot = PyErr_NewExceptionWithDoc(qualified, doc, base, NULL);
    if (!*slot) return -1;
    Py_INCREF(*slot); /* one reference for the module's attribute, one kept here */
    if (PyModule_AddObject(module, name, *slot) < 0) {
        Py_DECREF(*slot);
        return -1;
    }
    return 0;
}

static int add_exception(PyObject *module, PyObject **slot, const char *name, const char *doc)
{
    char qualified[128];
    snprintf(qualified, sizeof qualified, "rankfile.%s", name);
    return rfpy_add_exception(module, slot, qualified, name, PyExc_ValueError, doc);
}

int rfpy_errors_init(PyObject *module)
{
    if (add_exception(module, &rfpy_FenError, "FenError",
                      "A FEN that is malformed or names an impossible position (a ValueError). `field` names\n"
                      "the part of the FEN at fault (\"board field\", \"castling field\", ...) and `offset` the\n"
                      "byte where the problem was found.") < 0)
        return -1;
    if (add_exception(module, &rfpy_InvalidMoveError, "InvalidMoveError",
                      "Text that is not a move in the notation asked for (a ValueError).") < 0)
        return -1;
    if (add_exception(module, &rfpy_IllegalMoveError, "IllegalMoveError",
                      "A move that is not legal in the position (a ValueError).") < 0)
        return -1;
    if (add_exception(module, &rfpy_AmbiguousMoveError, "AmbiguousMoveError",
                      "Text that matches more than one legal move (a ValueError).") < 0)
        return -1;
    return 0;
}
