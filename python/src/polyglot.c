/*
 * polyglot.c - Polyglot opening books for rankfile.polyglot: the key of a position as
 * python-chess computes it, and a book file mapped into memory, read by the library's book
 * reader (rf_book: entries found by key, their moves made legal moves of the board's position).
 * Only the pages the searches touch are read.
 */
#include "rfpy.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

/* The entries of the Polyglot table in python-chess's key of *pos: the library's
 * (rf_polyglot_features), plus the castling rights whose rook stands off its corner, which
 * python-chess counts too (only Chess960 positions have those) and rf_polyglot_key does not. */
static unsigned python_chess_features(unsigned *indices, const rf_position *pos)
{
    unsigned n = rf_polyglot_features(indices, pos);
    static const rf_square corner[2][2] = {{RF_SQUARE(7, 0), RF_SQUARE(0, 0)},
                                           {RF_SQUARE(7, 7), RF_SQUARE(0, 7)}};
    for (int c = 0; c < 2; c++)
        for (int side = 0; side < 2; side++) {
            rf_square rook = pos->castle_rook[c][side];
            int kingside = side == RF_KINGSIDE;
            if (rook != RF_NO_SQUARE && rook != corner[c][kingside ? 0 : 1] &&
                n < RF_POLYGLOT_FEATURES_MAX + 4)
                indices[n++] = 768 + 2 * (unsigned)c + (kingside ? 0 : 1);
        }
    return n;
}

/* python-chess's zobrist_hash of *pos. */
static uint64_t python_chess_key(const rf_position *pos)
{
    unsigned indices[RF_POLYGLOT_FEATURES_MAX + 4];
    unsigned n = python_chess_features(indices, pos);
    uint64_t key = 0;
    for (unsigned i = 0; i < n; i++) key ^= rf_polyglot_random(indices[i]);
    return key;
}

static PyObject *zobrist_hash(PyObject *self, PyObject *board)
{
    (void)self;
    const rf_position *pos = rfpy_board_position(board);
    if (!pos) return NULL;
    return PyLong_FromUnsignedLongLong(python_chess_key(pos));
}

/* polyglot_features(board) -> list: the table entries of python-chess's key, in order. */
static PyObject *polyglot_features(PyObject *self, PyObject *board)
{
    (void)self;
    const rf_position *pos = rfpy_board_position(board);
    if (!pos) return NULL;
    unsigned indices[RF_POLYGLOT_FEATURES_MAX + 4];
    unsigned n = python_chess_features(indices, pos);
    PyObject *list = PyList_New((Py_ssize_t)n);
    for (unsigned i = 0; list && i < n; i++) {
        PyObject *item = PyLong_FromUnsignedLong(indices[i]);
        if (!item) {
            Py_CLEAR(list);
            break;
        }
        PyList_SetItem(list, (Py_ssize_t)i, item);
    }
    return list;
}

/* polyglot_random_array() -> list: the published table, 781 ints. */
static PyObject *polyglot_random_array(PyObject *self, PyObject *unused)
{
    (void)self, (void)unused;
    PyObject *list = PyList_New(RF_POLYGLOT_RANDOM_COUNT);
    for (unsigned i = 0; list && i < RF_POLYGLOT_RANDOM_COUNT; i++) {
        PyObject *item = PyLong_FromUnsignedLongLong(rf_polyglot_random(i));
        if (!item) {
            Py_CLEAR(list);
            break;
        }
        PyList_SetItem(list, (Py_ssize_t)i, item);
    }
    return list;
}

/* ---------------------------------------------------------------------------------------------
 * The book
 * ------------------------------------------------------------------------------------------- */

typedef struct book {
    PyObject_HEAD
    void *map;    /* the mapped file (munmap), NULL when empty or closed */
    size_t size;  /* its bytes */
    rf_book book; /* the library's reader over them */
    int closed;
} book;

static int book_open(book *b)
{
    if (b->closed) {
        PyErr_SetString(PyExc_ValueError, "the Polyglot book is closed");
        return 0;
    }
    return 1;
}

static void book_unmap(book *b)
{
    if (b->map) munmap(b->map, b->size);
    b->map = NULL;
    b->size = 0;
    rf_book_init(&b->book, NULL, 0);
}

static int book_init(PyObject *self, PyObject *args, PyObject *kwargs)
{
    book *b = (book *)self;
    static char *keywords[] = {"path", NULL};
    PyObject *given, *path = NULL;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O", keywords, &given)) return -1;
    if (!PyUnicode_FSConverter(given, &path)) return -1;
    book_unmap(b);
    b->closed = 1;
    const char *name = PyBytes_AsString(path);
    if (!name) {
        Py_DECREF(path);
        return -1;
    }
    int fd, error = 0;
    struct stat st;
    void *map = NULL;
    size_t size = 0;
    Py_BEGIN_ALLOW_THREADS
    fd = open(name, O_RDONLY);
    if (fd < 0 || fstat(fd, &st) < 0) {
        error = errno;
    } else if (S_ISDIR(st.st_mode)) {
        error = EISDIR;
    } else if (st.st_size > 0) {
        size = (size_t)st.st_size;
        map = mmap(NULL, size, PROT_READ, MAP_PRIVATE, fd, 0);
        if (map == MAP_FAILED) {
            error = errno;
            map = NULL;
        }
    }
    if (fd >= 0) close(fd);
    Py_END_ALLOW_THREADS
    if (error) {
        errno = error;
        PyErr_SetFromErrnoWithFilenameObject(PyExc_OSError, given);
        Py_DECREF(path);
        return -1;
    }
    if (rf_book_init(&b->book, map, size) != RF_OK) {
        if (map) munmap(map, size);
        PyErr_Format(PyExc_OSError,
                     "invalid file size: %R holds %zu bytes, not a whole number of 16-byte "
                     "entries; it is not a Polyglot opening book",
                     given, size);
        Py_DECREF(path);
        return -1;
    }
    Py_DECREF(path);
    if (map) madvise(map, size, MADV_RANDOM);
    b->map = map;
    b->size = size;
    b->closed = 0;
    return 0;
}

static void book_dealloc(PyObject *self)
{
    book_unmap((book *)self);
    rfpy_free_object(self);
}

static Py_ssize_t book_len(PyObject *self)
{
    book *b = (book *)self;
    if (!book_open(b)) return -1;
    return (Py_ssize_t)b->book.count;
}

/* (key, raw_move, weight, learn) of an entry */
static PyObject *entry_tuple(rf_book_entry e)
{
    return Py_BuildValue("(KIIk)", (unsigned long long)e.key, e.move, e.weight, (unsigned long)e.learn);
}

static PyObject *book_entry(PyObject *self, PyObject *arg)
{
    book *b = (book *)self;
    if (!book_open(b)) return NULL;
    Py_ssize_t i = PyLong_AsSsize_t(arg);
    if (i == -1 && PyErr_Occurred()) return NULL;
    if (i < 0 || (size_t)i >= b->book.count) {
        PyErr_SetString(PyExc_IndexError, "book entry index out of range");
        return NULL;
    }
    return entry_tuple(rf_book_entry_at(&b->book, (size_t)i));
}

/* A key from a Python int; 0 with *found = 0 when the int is outside 0..2^64-1 (no entry has
 * such a key). */
static int key_from(PyObject *arg, uint64_t *key, int *found)
{
    unsigned long long v = PyLong_AsUnsignedLongLong(arg);
    *found = 1;
    if (v == (unsigned long long)-1 && PyErr_Occurred()) {
        if (!PyErr_ExceptionMatches(PyExc_OverflowError)) return -1;
        PyErr_Clear();
        *found = 0;
    }
    *key = v;
    return 0;
}

static PyObject *book_bisect(PyObject *self, PyObject *arg)
{
    book *b = (book *)self;
    if (!book_open(b)) return NULL;
    uint64_t key;
    int in_range;
    if (key_from(arg, &key, &in_range) < 0) return NULL;
    if (!in_range) {
        /* no key is below zero or above 2^64-1: such a key sorts first or last */
        PyObject *zero = PyLong_FromLong(0);
        int negative = zero ? PyObject_RichCompareBool(arg, zero, Py_LT) : -1;
        Py_XDECREF(zero);
        if (negative < 0) return NULL;
        return PyLong_FromSize_t(negative ? 0 : b->book.count);
    }
    return PyLong_FromSize_t(rf_book_bisect(&b->book, key));
}

/* A minimum weight from a C long: no weight is below 0 nor above 65535. */
static unsigned weight_floor(long minimum)
{
    return minimum <= 0 ? 0u : minimum > 65536 ? 65536u : (unsigned)minimum;
}

/* The entries of a key with at least `minimum` weight, copied out of the map before any Python
 * object is made (making one may run Python code, which may close the book). *out is
 * PyMem_Malloc'd (NULL when there are none); returns their number, or -1 with MemoryError. */
static Py_ssize_t copy_entries(const book *b, uint64_t key, long minimum, rf_book_entry **out)
{
    size_t first, count = rf_book_find(&b->book, key, &first), kept = 0;
    *out = NULL;
    if (!count) return 0;
    rf_book_entry *entries = PyMem_Malloc(count * sizeof *entries);
    if (!entries) {
        PyErr_NoMemory();
        return -1;
    }
    for (size_t i = first; i < first + count; i++) {
        rf_book_entry e = rf_book_entry_at(&b->book, i);
        if (e.weight >= weight_floor(minimum)) entries[kept++] = e;
    }
    *out = entries;
    return (Py_ssize_t)kept;
}

/* The entries of the position *pos (key `key`) with at least `minimum` weight that name a legal
 * move, copied out as copy_entries does. */
static Py_ssize_t copy_hits(const book *b, const rf_position *pos, uint64_t key, long minimum, rf_book_hit **out)
{
    size_t count = rf_book_find(&b->book, key, NULL);
    *out = NULL;
    if (!count) return 0;
    rf_book_hit *hits = PyMem_Malloc(count * sizeof *hits);
    if (!hits) {
        PyErr_NoMemory();
        return -1;
    }
    size_t n = rf_book_lookup(hits, count, &b->book, pos, key, weight_floor(minimum), NULL);
    *out = hits;
    return (Py_ssize_t)n;
}

/* Appends a new reference to a list, taking it; -1 (the reference dropped) on failure. */
static int append_new(PyObject *list, PyObject *item)
{
    if (!item) return -1;
    int st = PyList_Append(list, item);
    Py_DECREF(item);
    return st;
}

/* lookup(key, minimum_weight) -> [(key, raw_move, weight, learn)]: the entries of a key. */
static PyObject *book_lookup(PyObject *self, PyObject *args)
{
    book *b = (book *)self;
    PyObject *key_arg;
    long minimum;
    if (!PyArg_ParseTuple(args, "Ol", &key_arg, &minimum)) return NULL;
    if (!book_open(b)) return NULL;
    uint64_t key;
    int in_range;
    if (key_from(key_arg, &key, &in_range) < 0) return NULL;
    rf_book_entry *entries = NULL;
    Py_ssize_t n = in_range ? copy_entries(b, key, minimum, &entries) : 0;
    if (n < 0) return NULL;
    PyObject *list = PyList_New(0);
    for (Py_ssize_t i = 0; list && i < n; i++)
        if (append_new(list, entry_tuple(entries[i])) < 0) Py_CLEAR(list);
    PyMem_Free(entries);
    return list;
}

/* find(board, minimum_weight) -> [(key, raw_move, weight, learn, move)]: the entries of the
 * board's position that name a legal move (rf_book_lookup), in the book's order, each with its
 * Move. */
static PyObject *book_find(PyObject *self, PyObject *args)
{
    book *b = (book *)self;
    PyObject *board;
    long minimum;
    if (!PyArg_ParseTuple(args, "Ol", &board, &minimum)) return NULL;
    if (!book_open(b)) return NULL;
    const rf_position *found = rfpy_board_position(board);
    if (!found) return NULL;
    rf_position pos = *found; /* the board may change while Moves are made */
    uint64_t key = python_chess_key(&pos);
    rf_book_hit *hits = NULL;
    Py_ssize_t n = copy_hits(b, &pos, key, minimum, &hits);
    if (n < 0) return NULL;
    PyObject *list = PyList_New(0);
    for (Py_ssize_t i = 0; list && i < n; i++) {
        rf_book_entry e = hits[i].entry;
        PyObject *move = rfpy_move_from_rf(&pos, hits[i].move);
        if (!move || append_new(list, Py_BuildValue("(KIIkN)", (unsigned long long)e.key, e.move, e.weight,
                                                    (unsigned long)e.learn, move)) < 0)
            Py_CLEAR(list);
    }
    PyMem_Free(hits);
    return list;
}

static PyObject *book_close(PyObject *self, PyObject *unused)
{
    (void)unused;
    book *b = (book *)self;
    book_unmap(b);
    b->closed = 1;
    Py_RETURN_NONE;
}

static PyObject *book_closed(PyObject *self, void *closure)
{
    (void)closure;
    return PyBool_FromLong(((book *)self)->closed);
}

static PyMethodDef book_methods[] = {
    {"entry", book_entry, METH_O, "entry(index) -> (key, raw_move, weight, learn)\n\nEntry `index` of the book."},
    {"bisect", book_bisect, METH_O, "bisect(key) -> int\n\nThe index of the first entry whose key is not below `key`."},
    {"lookup", book_lookup, METH_VARARGS,
     "lookup(key, minimum_weight) -> list\n\nThe entries (key, raw_move, weight, learn) of a key with at least that weight."},
    {"find", book_find, METH_VARARGS,
     "find(board, minimum_weight) -> list\n\nThe entries (key, raw_move, weight, learn, move) of the board's position with at\n"
     "least that weight that name a legal move, each with that Move."},
    {"close", book_close, METH_NOARGS, "close()\n\nUnmaps the book; later calls raise ValueError."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef book_getset[] = {
    {"closed", book_closed, NULL, "True after close().", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyType_Slot book_slots[] = {
    {Py_tp_doc, "PolyglotBook(path)\n\nA Polyglot opening book mapped into memory (use rankfile.polyglot.open_reader)."},
    {Py_tp_init, book_init},
    {Py_tp_new, PyType_GenericNew},
    {Py_tp_dealloc, book_dealloc},
    {Py_tp_methods, book_methods},
    {Py_tp_getset, book_getset},
    {Py_sq_length, book_len},
    {0, NULL},
};

static PyType_Spec book_spec = {
    "rankfile._rankfile.PolyglotBook", sizeof(book), 0, Py_TPFLAGS_DEFAULT, book_slots,
};

static PyMethodDef polyglot_functions[] = {
    {"polyglot_features", polyglot_features, METH_O,
     "polyglot_features(board) -> list\n\nThe entries of the Polyglot table whose XOR is zobrist_hash(board), in order:\n"
     "pieces (0-767), castling rights (768-771), the en passant file (772-779), White to move (780)."},
    {"polyglot_random_array", polyglot_random_array, METH_NOARGS,
     "polyglot_random_array() -> list\n\nThe published Polyglot table of 781 random numbers (the C library's)."},
    {"polyglot_zobrist_hash", zobrist_hash, METH_O,
     "polyglot_zobrist_hash(board) -> int\n\nThe Polyglot key of the board's position, as python-chess's zobrist_hash computes it."},
    {NULL, NULL, 0, NULL},
};

int rfpy_polyglot_init(PyObject *module)
{
    PyObject *type = PyType_FromSpec(&book_spec);
    if (!type) return -1;
    if (PyModule_AddObject(module, "PolyglotBook", type) < 0) {
        Py_DECREF(type);
        return -1;
    }
    return PyModule_AddFunctions(module, polyglot_functions);
}
