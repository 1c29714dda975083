/*
 * syzygy.c - Syzygy endgame tablebases for rankfile.syzygy: a handle on the library's tables
 * (rf_tb_*, Fathom underneath) and probes of boards, with python-chess's exceptions.
 *
 * Which exception a position gets follows python-chess's Tablebase: a board of a variant, with
 * castling rights or with more than 7 pieces is a KeyError; a position whose tables are not open
 * (none open, more pieces than the largest table, a table file missing) is a MissingTableError
 * (a KeyError); a position of kings alone is a draw without any table. A position that is not
 * legal (no king, the side not to move in check, a pawn on its last rank) is a KeyError naming
 * why, where python-chess answers some of them and raises on others.
 *
 * Threads: a probe copies the board's position, then releases the GIL; the handle is read under
 * the object's read-write lock (probes share it, close and reopen take it alone) and the library
 * serialises Fathom's probes under its own lock.
 */
#include "rfpy.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>

/* The module's tablebase exceptions (new references held for the module's lifetime). */
static PyObject *MissingTableError; /* KeyError: a table the position needs is not open */
static PyObject *CorruptTableError; /* OSError: a table file is damaged */
static PyObject *BusyError;         /* RuntimeError: other tables are open in this process */
static PyObject *UnavailableError;  /* RuntimeError: a build without Fathom */

/* The most pieces a Syzygy table holds; more is a KeyError, as python-chess's TBPIECES. */
#define TB_PIECES 7

typedef struct tablebase {
    PyObject_HEAD
    pthread_rwlock_t lock; /* guards tb and paths: shared by probes, exclusive to (re)open */
    rf_tb *tb;             /* NULL: no tables open (none added, or closed) */
    char *paths;           /* the paths tb was opened with (malloc'd), NULL with tb */
} tablebase;

/* What a probe found, before it becomes a value or an exception. */
typedef enum probe_kind {
    PROBE_VALUE,     /* value holds the answer */
    PROBE_NOT_OPEN,  /* no tables open: MissingTableError */
    PROBE_TOO_LARGE, /* more pieces than the largest open table: MissingTableError */
    PROBE_FAILED     /* the library's status and error say why */
} probe_kind;

/* What a probe asks: the position's value (WDL, DTZ, DTZ without en passant) or one table's
 * stored value (python-chess's probe_wdl_table, probe_dtz_table). */
typedef enum probe_what {
    ASK_WDL,
    ASK_DTZ,
    ASK_DTZ_NO_EP,
    ASK_WDL_TABLE,
    ASK_DTZ_TABLE, /* with the WDL value a */
    ASK_AB         /* python-chess's probe_ab, in the window a, b */
} probe_what;

typedef struct probe_result {
    probe_kind kind;
    int value;
    int stored; /* ASK_DTZ_TABLE: 0 when the DTZ file stores the other side to move;
                   ASK_AB: python-chess's success */
    unsigned pieces, max_pieces;
    rf_status status;
    rf_error err;
} probe_result;

static unsigned popcount64(uint64_t b)
{
    unsigned n = 0;
    for (; b; b &= b - 1) n++;
    return n;
}

/* The KeyError python-chess raises before it looks at a table (a variant, castling rights, more
 * than 7 pieces), or 0 with *kings_only set when the position is kings alone (a draw for every
 * table). -1 with the exception set. */
static int refuse_position(const rf_position *pos, int *kings_only)
{
    *kings_only = 0;
    if (pos->variant != RF_VARIANT_STANDARD) {
        PyErr_Format(PyExc_KeyError, "Syzygy tables here are for standard chess, not %s",
                     rf_variant_name((rf_variant)pos->variant));
        return -1;
    }
    for (int c = 0; c < 2; c++)
        if (pos->castle_rook[c][0] != RF_NO_SQUARE || pos->castle_rook[c][1] != RF_NO_SQUARE) {
            PyErr_SetString(PyExc_KeyError,
                            "castling rights: Syzygy tables hold positions without any");
            return -1;
        }
    unsigned pieces = popcount64(pos->by_type[0]);
    if (pieces > TB_PIECES) {
        PyErr_Format(PyExc_KeyError, "%u pieces: Syzygy tables hold at most %d", pieces,
                     TB_PIECES);
        return -1;
    }
    *kings_only = pos->by_type[0] == pos->by_type[RF_KING];
    return 0;
}

/* Probes one position with the handle held shared; runs without the GIL. */
static void probe_locked(probe_result *r, const tablebase *self, const rf_position *pos,
                         probe_what what, int a, int b)
{
    r->pieces = popcount64(pos->by_type[0]);
    r->status = RF_OK;
    r->value = 0;
    r->stored = 1;
    if (!self->tb) {
        r->kind = PROBE_NOT_OPEN;
        return;
    }
    r->max_pieces = rf_tb_max_pieces(self->tb);
    if (r->pieces > r->max_pieces) {
        r->kind = PROBE_TOO_LARGE;
        return;
    }
    switch (what) {
    case ASK_WDL: r->status = rf_tb_probe_wdl(&r->value, self->tb, pos, &r->err); break;
    case ASK_DTZ: r->status = rf_tb_probe_dtz(&r->value, self->tb, pos, &r->err); break;
    case ASK_DTZ_NO_EP: r->status = rf_tb_probe_dtz_no_ep(&r->value, self->tb, pos, &r->err); break;
    case ASK_WDL_TABLE: r->status = rf_tb_probe_wdl_table(&r->value, self->tb, pos, &r->err); break;
    case ASK_DTZ_TABLE:
        r->status = rf_tb_probe_dtz_table(&r->value, &r->stored, self->tb, pos, a, &r->err);
        break;
    case ASK_AB: r->status = rf_tb_probe_ab(&r->value, &r->stored, self->tb, pos, a, b, &r->err); break;
    }
    r->kind = r->status == RF_OK ? PROBE_VALUE : PROBE_FAILED;
}

/* Sets the exception of a failed probe; NULL. */
static PyObject *probe_error(const probe_result *r, int dtz)
{
    const char *what = dtz ? "DTZ" : "WDL";
    if (r->kind == PROBE_FAILED && r->status == RF_ERR_ARGUMENT) {
        PyErr_SetString(PyExc_ValueError, r->err.message);
        return NULL;
    }
    switch (r->kind) {
    case PROBE_NOT_OPEN:
        PyErr_Format(MissingTableError,
                     "no %s table: no Syzygy tables are open (closed, or no directory with "
                     "tables added)",
                     what);
        return NULL;
    case PROBE_TOO_LARGE:
        PyErr_Format(MissingTableError, "no %s table: %u pieces, the largest table open has %u",
                     what, r->pieces, r->max_pieces);
        return NULL;
    default: break;
    }
    if (r->status == RF_ERR_NO_TABLE) {
        /* the board field: the position is not legal (the others were refused before) */
        PyErr_SetString(r->err.field == RF_FIELD_BOARD ? PyExc_KeyError : MissingTableError,
                        r->err.message);
        return NULL;
    }
    if (r->status == RF_ERR_UNAVAILABLE) {
        PyErr_SetString(UnavailableError, r->err.message);
        return NULL;
    }
    return rfpy_raise(r->status, &r->err, NULL, NULL);
}

/* Probes one board: 0 with *value, or -1 with the exception set. */
static int probe_board(tablebase *self, PyObject *board, probe_what what, int a, int b,
                       int *value, int *stored)
{
    const rf_position *found = rfpy_board_position(board);
    if (!found) return -1;
    rf_position pos = *found; /* the board may change once the GIL is released */
    int kings_only;
    if (refuse_position(&pos, &kings_only) < 0) return -1;
    /* Kings alone are a draw without a table, except to the one DTZ file asked for; python-chess's
     * probe_ab answers the window's lower bound where it is at least that draw. */
    if (kings_only && what != ASK_DTZ_TABLE) {
        *value = what == ASK_AB && a >= 0 ? a : 0;
        if (stored) *stored = what == ASK_AB && a >= 0 ? 1 + (a > 0) : 1;
        return 0;
    }
    probe_result r;
    Py_BEGIN_ALLOW_THREADS
    pthread_rwlock_rdlock(&self->lock);
    probe_locked(&r, self, &pos, what, a, b);
    pthread_rwlock_unlock(&self->lock);
    Py_END_ALLOW_THREADS
    if (r.kind != PROBE_VALUE) {
        probe_error(&r, what != ASK_WDL && what != ASK_WDL_TABLE);
        return -1;
    }
    *value = r.value;
    if (stored) *stored = r.stored;
    return 0;
}

static PyObject *probe(PyObject *self, PyObject *board, probe_what what)
{
    int value;
    if (probe_board((tablebase *)self, board, what, 0, 0, &value, NULL) < 0) return NULL;
    return PyLong_FromLong(value);
}

static PyObject *tb_probe_wdl(PyObject *self, PyObject *board) { return probe(self, board, ASK_WDL); }
static PyObject *tb_probe_dtz(PyObject *self, PyObject *board) { return probe(self, board, ASK_DTZ); }

static PyObject *tb_probe_dtz_no_ep(PyObject *self, PyObject *board)
{
    return probe(self, board, ASK_DTZ_NO_EP);
}

static PyObject *tb_probe_wdl_table(PyObject *self, PyObject *board)
{
    return probe(self, board, ASK_WDL_TABLE);
}

/* probe_dtz_table(board, wdl) -> (dtz, 1), or (0, -1) where the file stores the other side. */
static PyObject *tb_probe_dtz_table(PyObject *self, PyObject *args, PyObject *kwargs)
{
    static char *keywords[] = {"board", "wdl", NULL};
    PyObject *board;
    int wdl;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "Oi", keywords, &board, &wdl)) return NULL;
    int value, stored;
    if (probe_board((tablebase *)self, board, ASK_DTZ_TABLE, wdl, 0, &value, &stored) < 0)
        return NULL;
    return Py_BuildValue("(ii)", value, stored ? 1 : -1);
}

/* probe_ab(board, alpha, beta, threats=False) -> (wdl, success), python-chess's; `threats`
 * matters to the variants with compulsory captures only, whose tables are not read. */
static PyObject *tb_probe_ab(PyObject *self, PyObject *args, PyObject *kwargs)
{
    static char *keywords[] = {"board", "alpha", "beta", "threats", NULL};
    PyObject *board, *threats = Py_False;
    int alpha, beta;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "Oii|O", keywords, &board, &alpha, &beta,
                                     &threats))
        return NULL;
    int value, success;
    if (probe_board((tablebase *)self, board, ASK_AB, alpha, beta, &value, &success) < 0)
        return NULL;
    return Py_BuildValue("(ii)", value, success);
}

/* get_wdl(board, default=None): a KeyError (MissingTableError included) becomes `default`. */
static PyObject *get(PyObject *self, PyObject *args, PyObject *kwargs, int dtz)
{
    static char *keywords[] = {"board", "default", NULL};
    PyObject *board, *fallback = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O|O", keywords, &board, &fallback))
        return NULL;
    int value;
    if (probe_board((tablebase *)self, board, dtz ? ASK_DTZ : ASK_WDL, 0, 0, &value, NULL) == 0)
        return PyLong_FromLong(value);
    if (!PyErr_ExceptionMatches(PyExc_KeyError)) return NULL;
    PyErr_Clear();
    Py_INCREF(fallback);
    return fallback;
}

static PyObject *tb_get_wdl(PyObject *self, PyObject *args, PyObject *kwargs)
{
    return get(self, args, kwargs, 0);
}

static PyObject *tb_get_dtz(PyObject *self, PyObject *args, PyObject *kwargs)
{
    return get(self, args, kwargs, 1);
}

/* The boards probe_wdl_many copies and probes at a time, the GIL released once for each batch:
 * memory stays bounded however long the list. */
#define MANY_BATCH 1024

/* One position of a batch: what refuse_position said (0 probe it, 1 kings alone, 2 refused),
 * then its probe's kind, status and value (the message is kept only for an error raised). */
typedef struct many_item {
    signed char early;
    probe_kind kind;
    rf_status status;
    int value;
} many_item;

/* The item of probe_wdl_many's list for one position: its value, `fallback` (new reference)
 * where the tables cannot answer, or NULL with an exception for an error that is no KeyError. */
static PyObject *many_value(const many_item *item, PyObject *fallback)
{
    if (item->early == 1) return PyLong_FromLong(0);
    if (!item->early && item->kind == PROBE_VALUE) return PyLong_FromLong(item->value);
    if (item->early == 2 || item->kind != PROBE_FAILED || item->status == RF_ERR_NO_TABLE) {
        Py_INCREF(fallback);
        return fallback;
    }
    probe_result r = {.kind = PROBE_FAILED, .status = item->status};
    snprintf(r.err.message, sizeof r.err.message, "%s", rf_strerror(item->status));
    return probe_error(&r, 0);
}

/* The positions of boards[start .. start + count): copied, each refused early (2: by a KeyError
 * that `fallback` stands for) or answered early (1: kings only). 0, or -1 with an exception. */
static int gather_batch(PyObject *boards, Py_ssize_t start, Py_ssize_t count, rf_position *positions,
                        many_item *items, PyObject *fallback)
{
    for (Py_ssize_t i = 0; i < count; i++) {
        const rf_position *pos = rfpy_board_position(PyList_GetItem(boards, start + i));
        int kings_only;
        if (!pos) return -1;
        positions[i] = *pos;
        items[i].early = 0;
        if (refuse_position(&positions[i], &kings_only) < 0) {
            if (!fallback || !PyErr_ExceptionMatches(PyExc_KeyError)) return -1;
            PyErr_Clear();
            items[i].early = 2;
        } else if (kings_only) {
            items[i].early = 1;
        }
    }
    return 0;
}

/* Probes the WDL of a batch without the GIL, under the tables' read lock. Without `fallback`
 * the first position the tables cannot answer raises (-1); else 0. */
static int probe_batch(tablebase *self, const rf_position *positions, many_item *items, Py_ssize_t count,
                       PyObject *fallback)
{
    probe_result failure;
    int failed = 0;
    Py_BEGIN_ALLOW_THREADS
    pthread_rwlock_rdlock(&self->lock);
    for (Py_ssize_t i = 0; i < count; i++) {
        if (items[i].early) continue;
        probe_result r;
        probe_locked(&r, self, &positions[i], ASK_WDL, 0, 0);
        items[i].kind = r.kind;
        items[i].status = r.status;
        items[i].value = r.value;
        if (r.kind != PROBE_VALUE && !fallback) {
            failure = r;
            failed = 1;
            break;
        }
    }
    pthread_rwlock_unlock(&self->lock);
    Py_END_ALLOW_THREADS
    if (failed) {
        probe_error(&failure, 0);
        return -1;
    }
    return 0;
}

/* probe_wdl_many(boards, default=<raise>): the WDL of every board, probed a batch at a time
 * without the GIL. Without `default` the first position the tables cannot answer raises as
 * probe_wdl does; with it, such a position's value is `default` (get_wdl's rule: KeyErrors). */
static PyObject *tb_probe_wdl_many(PyObject *self_obj, PyObject *args, PyObject *kwargs)
{
    tablebase *self = (tablebase *)self_obj;
    static char *keywords[] = {"boards", "default", NULL};
    PyObject *boards_arg, *fallback = NULL;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O|O", keywords, &boards_arg, &fallback))
        return NULL;
    PyObject *boards = PySequence_List(boards_arg);
    if (!boards) return NULL;
    Py_ssize_t n = PyList_Size(boards);
    PyObject *out = PyList_New(n);
    rf_position *positions = PyMem_Malloc(MANY_BATCH * sizeof *positions);
    many_item *items = PyMem_Malloc(MANY_BATCH * sizeof *items);
    if (!out || !positions || !items) {
        if (out) PyErr_NoMemory();
        Py_CLEAR(out);
    }
    for (Py_ssize_t start = 0; out && start < n; start += MANY_BATCH) {
        Py_ssize_t count = n - start < MANY_BATCH ? n - start : MANY_BATCH;
        if (gather_batch(boards, start, count, positions, items, fallback) < 0 ||
            probe_batch(self, positions, items, count, fallback) < 0) {
            Py_CLEAR(out);
            break;
        }
        for (Py_ssize_t i = 0; i < count; i++) {
            PyObject *item = many_value(&items[i], fallback);
            if (!item || PyList_SetItem(out, start + i, item) < 0) {
                Py_CLEAR(out);
                break;
            }
        }
    }
    PyMem_Free(positions);
    PyMem_Free(items);
    Py_DECREF(boards);
    return out;
}

/* The exception of a failed rf_tb_open; NULL. */
static PyObject *open_error(rf_status st, const rf_error *err)
{
    switch (st) {
    case RF_ERR_BUSY: PyErr_SetString(BusyError, err->message); return NULL;
    case RF_ERR_CORRUPT: PyErr_SetString(CorruptTableError, err->message); return NULL;
    case RF_ERR_UNAVAILABLE: PyErr_SetString(UnavailableError, err->message); return NULL;
    case RF_ERR_NOT_FOUND: PyErr_SetString(PyExc_FileNotFoundError, err->message); return NULL;
    default: return rfpy_raise(st, err, NULL, NULL);
    }
}

/* _open(paths): the tables of `paths` (directories separated by ':') in place of those open, or
 * none when `paths` is None. The process has one set of tables (Fathom's), so the handle held is
 * closed before the new paths are opened; when they fail, the old paths are opened again and the
 * exception raised, the object as it was (unless someone else took the tables meanwhile). */
static PyObject *tb_open(PyObject *self_obj, PyObject *arg)
{
    tablebase *self = (tablebase *)self_obj;
    PyObject *encoded = NULL;
    const char *paths = NULL;
    if (arg != Py_None) {
        if (!PyUnicode_FSConverter(arg, &encoded)) return NULL;
        paths = PyBytes_AsString(encoded);
        if (!paths) {
            Py_DECREF(encoded);
            return NULL;
        }
    }
    char *copy = NULL;
    if (paths && !(copy = strdup(paths))) {
        Py_DECREF(encoded);
        return PyErr_NoMemory();
    }
    Py_XDECREF(encoded);
    rf_status st = RF_OK;
    rf_error err = {0};
    Py_BEGIN_ALLOW_THREADS
    pthread_rwlock_wrlock(&self->lock);
    rf_tb_close(self->tb);
    self->tb = NULL;
    if (copy) st = rf_tb_open(&self->tb, copy, &err);
    if (st != RF_OK) {
        rf_error again;
        if (!self->paths || rf_tb_open(&self->tb, self->paths, &again) != RF_OK) {
            free(self->paths);
            self->paths = NULL;
        }
        free(copy);
    } else {
        free(self->paths);
        self->paths = copy;
    }
    pthread_rwlock_unlock(&self->lock);
    Py_END_ALLOW_THREADS
    if (st != RF_OK) return open_error(st, &err);
    Py_RETURN_NONE;
}

static PyObject *tb_close(PyObject *self, PyObject *unused)
{
    (void)unused;
    return tb_open(self, Py_None);
}

static PyObject *tb_max_pieces(PyObject *self_obj, void *closure)
{
    (void)closure;
    tablebase *self = (tablebase *)self_obj;
    pthread_rwlock_rdlock(&self->lock); /* held only by threads that do not wait for the GIL */
    unsigned n = rf_tb_max_pieces(self->tb);
    pthread_rwlock_unlock(&self->lock);
    return PyLong_FromUnsignedLong(n);
}

static PyObject *tb_new(PyTypeObject *type, PyObject *args, PyObject *kwargs)
{
    (void)args, (void)kwargs;
    allocfunc alloc = (allocfunc)PyType_GetSlot(type, Py_tp_alloc);
    tablebase *self = (tablebase *)alloc(type, 0);
    if (!self) return NULL;
    if (pthread_rwlock_init(&self->lock, NULL) != 0) {
        Py_DECREF(self);
        return PyErr_NoMemory();
    }
    self->tb = NULL;
    self->paths = NULL;
    return (PyObject *)self;
}

static void tb_dealloc(PyObject *self_obj)
{
    tablebase *self = (tablebase *)self_obj;
    rf_tb_close(self->tb); /* the last reference: no probe runs */
    free(self->paths);
    pthread_rwlock_destroy(&self->lock);
    rfpy_free_object(self_obj);
}

static PyMethodDef tb_methods[] = {
    {"probe_wdl", tb_probe_wdl, METH_O,
     "probe_wdl(board) -> int\n\nThe WDL value of the board's position: 2 win, 1 cursed win, 0 draw, -1 blessed loss,\n"
     "-2 loss, for the side to move.\n\n"
     ":raises: KeyError when the tables cannot answer (MissingTableError when a table is not open)."},
    {"probe_dtz", tb_probe_dtz, METH_O,
     "probe_dtz(board) -> int\n\nThe DTZ value of the board's position (plies to the next capture or pawn move with best\n"
     "play, signed as the WDL value).\n\n:raises: as probe_wdl."},
    {"get_wdl", (PyCFunction)(void (*)(void))tb_get_wdl, METH_VARARGS | METH_KEYWORDS,
     "get_wdl(board, default=None) -> int\n\nprobe_wdl, or `default` where it raises KeyError."},
    {"get_dtz", (PyCFunction)(void (*)(void))tb_get_dtz, METH_VARARGS | METH_KEYWORDS,
     "get_dtz(board, default=None) -> int\n\nprobe_dtz, or `default` where it raises KeyError."},
    {"probe_wdl_many", (PyCFunction)(void (*)(void))tb_probe_wdl_many, METH_VARARGS | METH_KEYWORDS,
     "probe_wdl_many(boards, default=<raise>) -> list\n\nThe WDL values of many boards, probed in one pass without the GIL. Without `default`\n"
     "the first position the tables cannot answer raises as probe_wdl; with it, that\n"
     "position's value is `default`."},
    {"probe_ab", (PyCFunction)(void (*)(void))tb_probe_ab, METH_VARARGS | METH_KEYWORDS,
     "probe_ab(board, alpha, beta, threats=False) -> (int, int)\n\nThe WDL value of the board's position by an alpha-beta search over its captures (en\n"
     "passant left out) in the window alpha..beta, and python-chess's success: 2 when a capture\n"
     "reached beta, 1 + (value > 0) when the best capture is at least the table's value, else 1.\n\n"
     ":raises: as probe_wdl; ValueError for bounds outside -1000..1000."},
    {"probe_dtz_no_ep", tb_probe_dtz_no_ep, METH_O,
     "probe_dtz_no_ep(board) -> int\n\nThe DTZ value of the board's position as if no en passant capture were possible.\n\n"
     ":raises: as probe_dtz."},
    {"probe_wdl_table", tb_probe_wdl_table, METH_O,
     "probe_wdl_table(board) -> int\n\nThe WDL value the table of the board's material stores for it: no capture looked at,\n"
     "the en passant square ignored (where a capture is best, the table may hold any value).\n\n"
     ":raises: as probe_wdl."},
    {"probe_dtz_table", (PyCFunction)(void (*)(void))tb_probe_dtz_table, METH_VARARGS | METH_KEYWORDS,
     "probe_dtz_table(board, wdl) -> (int, int)\n\nThe value the DTZ table of the board's material stores for it, read for the WDL value\n"
     "`wdl`: (dtz, 1), or (0, -1) when the file stores the other side to move.\n\n"
     ":raises: as probe_dtz; ValueError for a `wdl` outside -2..2."},
    {"_open", tb_open, METH_O,
     "_open(paths)\n\nOpens the tables of `paths` (':'-separated) in place of those open (None: none)."},
    {"_close", tb_close, METH_NOARGS, "_close()\n\nReleases the tables (later probes raise MissingTableError)."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef tb_getset[] = {
    {"max_pieces", tb_max_pieces, NULL,
     "The most pieces (kings included) of the tables open, 0 when none are open.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyType_Slot tb_slots[] = {
    {Py_tp_doc, "_Tablebase()\n\nA handle on Syzygy tables (use rankfile.syzygy.open_tablebase)."},
    {Py_tp_new, tb_new},
    {Py_tp_dealloc, tb_dealloc},
    {Py_tp_methods, tb_methods},
    {Py_tp_getset, tb_getset},
    {0, NULL},
};

static PyType_Spec tb_spec = {
    "rankfile._rankfile._Tablebase", sizeof(tablebase), 0,
    Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE, tb_slots,
};

static PyObject *syzygy_available(PyObject *self, PyObject *unused)
{
    (void)self, (void)unused;
    return PyBool_FromLong(rf_tb_available());
}

static PyMethodDef syzygy_functions[] = {
    {"syzygy_available", syzygy_available, METH_NOARGS,
     "syzygy_available() -> bool\n\nTrue when this build reads Syzygy tables (it was built with Fathom)."},
    {NULL, NULL, 0, NULL},
};

static int add_exception(PyObject *module, PyObject **slot, const char *name, PyObject *base,
                         const char *doc)
{
    char qualified[128];
    snprintf(qualified, sizeof qualified, "rankfile.syzygy.%s", name);
    return rfpy_add_exception(module, slot, qualified, name, base, doc);
}

int rfpy_syzygy_init(PyObject *module)
{
    if (add_exception(module, &MissingTableError, "MissingTableError", PyExc_KeyError,
                      "A table the position needs is not open (a KeyError), as python-chess's.") < 0 ||
        add_exception(module, &CorruptTableError, "CorruptTableError", PyExc_OSError,
                      "A Syzygy table file is damaged: truncated, or not a table (an OSError).") < 0 ||
        add_exception(module, &BusyError, "TablebaseBusyError", PyExc_RuntimeError,
                      "Other Syzygy tables are open in this process: the tables are process-wide\n"
                      "(Fathom's), one set of directories at a time (a RuntimeError).") < 0 ||
        add_exception(module, &UnavailableError, "SyzygyUnavailableError", PyExc_RuntimeError,
                      "This build of rankfile has no Syzygy support: it was built without Fathom\n"
                      "(apt-get install libfathom-dev, then build again) (a RuntimeError).") < 0)
        return -1;
    PyObject *type = PyType_FromSpec(&tb_spec);
    if (!type) return -1;
    if (PyModule_AddObject(module, "_Tablebase", type) < 0) {
        Py_DECREF(type);
        return -1;
    }
    return PyModule_AddFunctions(module, syzygy_functions);
}
