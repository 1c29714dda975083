/*
 * rfpy.h - what the files of the extension module rankfile._rankfile share: the exceptions, the
 * conversion of library errors into them, and each file's part of the module's set-up.
 *
 * The module is written against CPython's Limited API 3.10 (Py_LIMITED_API, set by CMake): no
 * struct of CPython is read directly, types are made with PyType_FromSpec. Each file owns one
 * noun (board.c the board, move.c the move, pgn.c reading PGN, ...) and adds its types and
 * functions to the module in its rfpy_*_init, called once from PyInit__rankfile (module.c).
 */
#ifndef RFPY_H
#define RFPY_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "rankfile.h"

/* The module's exceptions (new references held for the module's lifetime), all ValueError
 * subclasses as in python-chess: FenError (a malformed or impossible FEN; instances carry `field`
 * and `offset`), InvalidMoveError (text that is no move), IllegalMoveError (a move not legal in
 * the position), AmbiguousMoveError (text matching several legal moves). */
extern PyObject *rfpy_FenError;
extern PyObject *rfpy_InvalidMoveError;
extern PyObject *rfpy_IllegalMoveError;
extern PyObject *rfpy_AmbiguousMoveError;

/* Raises the exception for a failed library call and returns NULL: RF_ERR_SYNTAX and
 * RF_ERR_INVALID from a FEN as FenError (with err's field and offset), RF_ERR_ILLEGAL as
 * IllegalMoveError, RF_ERR_AMBIGUOUS as AmbiguousMoveError, RF_ERR_SYNTAX from a move
 * (`move_text` not NULL) as InvalidMoveError, RF_ERR_ARGUMENT as ValueError, RF_ERR_NO_MEMORY as
 * MemoryError. The message is err's, with `context` ("in 8/8/8 w - -") appended when not NULL. */
PyObject *rfpy_raise(rf_status status, const rf_error *err, const char *move_text, const char *context);

/* The parts of the module, one per file: each adds its names to `module`; 0 or -1 with an
 * exception set. */
int rfpy_errors_init(PyObject *module);
int rfpy_table_init(PyObject *module);

#endif
