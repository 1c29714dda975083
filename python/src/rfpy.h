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

/* ---- The Board <-> C contract (board.c, move.c) ----
 * Other files read and make boards and moves only through these. */

/* The C type of boards (rankfile._rankfile._Board, the base of rankfile.Board and of every class
 * of rankfile.variant) and of moves (rankfile.Move). */
extern PyObject *rfpy_BoardType;
extern PyObject *rfpy_MoveType;

/* 1 when obj is a rankfile Board (any variant), else 0. */
int rfpy_board_check(PyObject *obj);

/* The board's current position (valid while the board lives and no move is pushed or popped);
 * NULL with TypeError when obj is not a Board. */
const rf_position *rfpy_board_position(PyObject *board);

/* A new Board of the class of pos's variant (rankfile.Board, or rankfile.variant's class) at
 * *pos, with an empty move stack; NULL with an exception. */
PyObject *rfpy_board_from_position(const rf_position *pos);

/* The Move (a new reference to the interned object) of a library move of *pos: castling as
 * the king's two-square step (e1g1) when pos->chess960 is 0, as king-takes-own-rook (e1h1) when
 * it is 1; the null move as Move.null(); a drop with from = to. NULL with MemoryError. */
PyObject *rfpy_move_from_rf(const rf_position *pos, rf_move m);

/* The library move of `move` (a rankfile Move, or any object with python-chess's move
 * attributes) in *pos: 0 with *out set when it is legal there (castling accepted as e1g1 or
 * e1h1, the null move where rf_move_is_legal allows it); -1 with IllegalMoveError naming the
 * move and the FEN when it is not, TypeError/ValueError when `move` is no move. */
int rfpy_move_to_rf(const rf_position *pos, PyObject *move, rf_move *out);

/* Helpers of move.c for board.c. */
int rfpy_move_check(PyObject *obj); /* 1 for a rankfile Move */
PyObject *rfpy_move_new(int from, int to, int promotion, int drop); /* the interned Move */
int rfpy_move_fields(PyObject *move, int *from, int *to, int *promotion, int *drop);
/* As rfpy_move_to_rf, but an illegal move is *out = RF_MOVE_NONE and 0, with no exception. */
int rfpy_move_encode(const rf_position *pos, PyObject *move, rf_move *out);
size_t rfpy_move_uci_text(char buf[8], int from, int to, int promotion, int drop);
PyObject *rfpy_move_from_uci_text(PyObject *text); /* Move.from_uci */

/* The parts of the module, one per file: each adds its names to `module`; 0 or -1 with an
 * exception set. */
/* The rf_eco of an EcoTable (openings.c), owned by it; NULL with TypeError for anything else. */
const rf_eco *rfpy_eco_table(PyObject *obj);

/* The end of a dealloc of a heap type's instance (module.c): frees it by its type's tp_free and
 * drops the reference it held to its type. */
void rfpy_free_object(PyObject *self);

int rfpy_errors_init(PyObject *module);
/* A new exception class `qualified` (its module's dotted name) deriving from `base`, kept in
 * *slot (a reference of its own) and added to `module` as `name`: 0, or -1 with the error set. */
int rfpy_add_exception(PyObject *module, PyObject **slot, const char *qualified, const char *name,
                       PyObject *base, const char *doc);
int rfpy_move_init(PyObject *module);
int rfpy_board_init(PyObject *module);
int rfpy_polyglot_init(PyObject *module);
int rfpy_openings_init(PyObject *module);
int rfpy_svg_init(PyObject *module);
int rfpy_bitboards_init(PyObject *module);
int rfpy_chess960_init(PyObject *module);
int rfpy_table_init(PyObject *module);
int rfpy_pgn_init(PyObject *module);
int rfpy_syzygy_init(PyObject *module);
int rfpy_analyse_init(PyObject *module);

#endif
