/*
 * polyglot.c - Polyglot opening books for rankfile.polyglot: the key of a position as
 * python-chess computes it, and a book file mapped into memory, searched by key.
 *
 * A book is a file of 16-byte entries, big-endian: key (8 bytes), move (2), weight (2), learn (4),
 * sorted by key. The entries of a position are found by binary search in the mapped file; only
 * the pages touched are read.
 */
#include "rfpy.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#define ENTRY_SIZE 16

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

/* The legal move of *pos a book entry names, as python-chess finds it: the library's decoding
 * (castling as e1h1), and besides it what python-chess also accepts: castling written as the
 * king's two-square step (e1g1) outside Chess960, a promotion to a king (Antichess), and a drop
 * (from = to, the piece in the promotion bits: 1 knight .. 4 queen). RF_MOVE_NONE when none. */
static rf_move book_move(const rf_position *pos, unsigned raw)
{
    rf_move m = rf_polyglot_move(pos, raw);
    if (m != RF_MOVE_NONE) return m;
    rf_square to = (rf_square)(raw & 63), from = (rf_square)((raw >> 6) & 63);
    unsigned promotion = (raw >> 12) & 7;
    rf_movelist list;
    rf_generate_moves(&list, pos);
    for (unsigned i = 0; i < list.count; i++) {
        rf_move c = list.moves[i];
        unsigned kind = RF_MOVE_KIND(c);
        if (from == to) {
            if (kind == RF_MOVE_DROP && RF_MOVE_TO(c) == to && promotion &&
                RF_MOVE_DROPPED(c) == (rf_piece_type)(RF_PAWN + promotion))
                return c;
        } else if (RF_MOVE_FROM(c) != from) {
            continue;
        } else if (promotion == 5) {
            if (kind == RF_MOVE_PROMOTION && RF_MOVE_TO(c) == to && RF_MOVE_PROMOTED(c) == RF_KING)
                return c;
        } else if (!promotion && kind == RF_MOVE_CASTLING && !pos->chess960) {
            /* outside Chess960 the king starts on the e-file and its rook stands on a corner */
            rf_square king_to = RF_SQUARE(RF_MOVE_TO(c) > from ? 6 : 2, from >> 3);
            if (king_to == to) return c;
        }
    }
    return RF_MOVE_NONE;
}

/* ---------------------------------------------------------------------------------------------
 * The book
 * ------------------------------------------------------------------------------------------- */

typedef struct book {
    PyObject_HEAD
    const unsigned char *data; /* the mapped file, NULL when empty or closed */
    size_t size;               /* bytes */
    int closed;
} book;

static uint64_t read_be(const unsigned char *p, int bytes)
{
    uint64_t v = 0;
    for (int i = 0; i < bytes; i++) v = v << 8 | p[i];
    return v;
}

static size_t book_count(const book *b)
{
    return b->size / ENTRY_SIZE;
}

static uint64_t entry_key(const book *b, size_t i)
{
    return read_be(b->data + i * ENTRY_SIZE, 8);
}

/* The first entry whose key is not below `key`. */
static size_t lower_bound(const book *b, uint64_t key)
{
    size_t lo = 0, hi = book_count(b);
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (entry_key(b, mid) < key)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

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
    if (b->data) munmap((void *)b->data, b->size);
    b->data = NULL;
    b->size = 0;
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
    if (size % ENTRY_SIZE) {
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
    b->data = map;
    b->size = size;
    b->closed = 0;
    return 0;
}

static void book_dealloc(PyObject *self)
{
    book_unmap((book *)self);
    PyTypeObject *type = Py_TYPE(self);
    freefunc free_slot = (freefunc)PyType_GetSlot(type, Py_tp_free);
    free_slot(self);
    Py_DECREF(type);
}

static Py_ssize_t book_len(PyObject *self)
{
    book *b = (book *)self;
    if (!book_open(b)) return -1;
    return (Py_ssize_t)book_count(b);
}

/* (key, raw_move, weight, learn) of entry i */
static PyObject *entry_tuple(const book *b, size_t i)
{
    const unsigned char *p = b->data + i * ENTRY_SIZE;
    return Py_BuildValue("(KIIk)", (unsigned long long)read_be(p, 8), (unsigned)read_be(p + 8, 2),
                         (unsigned)read_be(p + 10, 2), (unsigned long)read_be(p + 12, 4));
}

static PyObject *book_entry(PyObject *self, PyObject *arg)
{
    book *b = (book *)self;
    if (!book_open(b)) return NULL;
    Py_ssize_t i = PyLong_AsSsize_t(arg);
    if (i == -1 && PyErr_Occurred()) return NULL;
    if (i < 0 || (size_t)i >= book_count(b)) {
        PyErr_SetString(PyExc_IndexError, "book entry index out of range");
        return NULL;
    }
    return entry_tuple(b, (size_t)i);
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
        return PyLong_FromSize_t(negative ? 0 : book_count(b));
    }
    return PyLong_FromSize_t(lower_bound(b, key));
}

/* The entries of a key with at least `minimum` weight, copied out of the map before any Python
 * object is made (making one may run Python code, which may close the book). *out is malloc'd
 * (NULL when there are none); returns their number, or -1 with MemoryError. */
typedef struct raw_entry {
    unsigned move, weight;
    unsigned long learn;
} raw_entry;

static Py_ssize_t copy_entries(const book *b, uint64_t key, long minimum, raw_entry **out)
{
    size_t first = lower_bound(b, key), n = book_count(b), count = 0;
    *out = NULL;
    while (first + count < n && entry_key(b, first + count) == key) count++;
    if (!count) return 0;
    raw_entry *entries = PyMem_Malloc(count * sizeof *entries);
    if (!entries) {
        PyErr_NoMemory();
        return -1;
    }
    size_t kept = 0;
    for (size_t i = first; i < first + count; i++) {
        const unsigned char *p = b->data + i * ENTRY_SIZE;
        raw_entry e = {(unsigned)read_be(p + 8, 2), (unsigned)read_be(p + 10, 2), (unsigned long)read_be(p + 12, 4)};
        if ((long)e.weight >= minimum) entries[kept++] = e;
    }
    *out = entries;
    return (Py_ssize_t)kept;
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
    raw_entry *entries = NULL;
    Py_ssize_t n = in_range ? copy_entries(b, key, minimum, &entries) : 0;
    if (n < 0) return NULL;
    PyObject *list = PyList_New(0);
    for (Py_ssize_t i = 0; list && i < n; i++)
        if (append_new(list, Py_BuildValue("(KIIk)", (unsigned long long)key, entries[i].move,
                                           entries[i].weight, entries[i].learn)) < 0)
            Py_CLEAR(list);
    PyMem_Free(entries);
    return list;
}

/* find(board, minimum_weight) -> [(key, raw_move, weight, learn, move)]: the entries of the
 * board's position that name a legal move, in the book's order, each with its Move. */
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
    raw_entry *entries = NULL;
    Py_ssize_t n = copy_entries(b, key, minimum, &entries);
    if (n < 0) return NULL;
    PyObject *list = PyList_New(0);
    for (Py_ssize_t i = 0; list && i < n; i++) {
        rf_move m = book_move(&pos, entries[i].move);
        if (m == RF_MOVE_NONE) continue;
        PyObject *move = rfpy_move_from_rf(&pos, m);
        if (!move || append_new(list, Py_BuildValue("(KIIkN)", (unsigned long long)key, entries[i].move,
                                                    entries[i].weight, entries[i].learn, move)) < 0)
            Py_CLEAR(list);
    }
    PyMem_Free(entries);
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
