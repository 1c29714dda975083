/*
 * move.c - the Move type: python-chess's move (from square, to square, promotion, drop) as an
 * immutable C object, and its conversions to and from the library's 16-bit rf_move.
 *
 * Moves are interned: every Move with a given from square, to square and promotion (or a given
 * drop) is one object, made the first time it is asked for and kept for the module's lifetime,
 * so that listing legal moves allocates nothing per move and `is` and `==` agree.
 */
#include "rfpy.h"

#include <stdio.h>
#include <string.h>

typedef struct {
    PyObject_HEAD
    uint8_t from;
    uint8_t to;
    uint8_t promotion; /* 0, or the piece type 1..6 */
    uint8_t drop;      /* 0, or the piece type 1..6 */
    PyObject *uci;     /* an interned move's UCI text, made by its first uci() and kept as long
                          as the move (for the module's lifetime); NULL until then and always
                          for the moves not interned */
} MoveObject;

PyObject *rfpy_MoveType;

/* The interned moves: [from][to][promotion] for moves (the null move is a1a1 without
 * promotion, as in python-chess), [to][drop] for drops. Filled on demand, never emptied. */
static PyObject *normal_moves[64][64][7];
static PyObject *drop_moves[64][7];

static const char piece_letters[] = " pnbrqk";

static PyObject *move_alloc(int from, int to, int promotion, int drop)
{
    PyTypeObject *type = (PyTypeObject *)rfpy_MoveType;
    allocfunc alloc = (allocfunc)PyType_GetSlot(type, Py_tp_alloc);
    MoveObject *m = (MoveObject *)alloc(type, 0);
    if (!m) return NULL;
    m->from = (uint8_t)from;
    m->to = (uint8_t)to;
    m->promotion = (uint8_t)promotion;
    m->drop = (uint8_t)drop;
    m->uci = NULL;
    return (PyObject *)m;
}

PyObject *rfpy_move_new(int from, int to, int promotion, int drop)
{
    PyObject **slot;
    if (drop && from == to && !promotion)
        slot = &drop_moves[to][drop];
    else if (!drop)
        slot = &normal_moves[from][to][promotion];
    else
        return move_alloc(from, to, promotion, drop); /* drop with two squares: not interned */
    if (!*slot) {
        *slot = move_alloc(from, to, promotion, drop);
        if (!*slot) return NULL;
    }
    Py_INCREF(*slot);
    return *slot;
}

int rfpy_move_check(PyObject *obj)
{
    return Py_TYPE(obj) == (PyTypeObject *)rfpy_MoveType;
}

/* Reads an optional piece type (None or 1..6) into *out; -1 with ValueError/TypeError. */
static int piece_type_arg(PyObject *obj, const char *what, int *out)
{
    if (!obj || obj == Py_None) {
        *out = 0;
        return 0;
    }
    long v = PyLong_AsLong(obj);
    if (v == -1 && PyErr_Occurred()) return -1;
    if (v < 0 || v > 6) {
        PyErr_Format(PyExc_ValueError, "%s must be a piece type 1..6 or None, not %ld", what, v);
        return -1;
    }
    *out = (int)v;
    return 0;
}

static int square_arg(PyObject *obj, const char *what, int *out)
{
    long v = PyLong_AsLong(obj);
    if (v == -1 && PyErr_Occurred()) return -1;
    if (v < 0 || v > 63) {
        PyErr_Format(PyExc_ValueError, "%s must be a square 0..63, not %ld", what, v);
        return -1;
    }
    *out = (int)v;
    return 0;
}

int rfpy_move_fields(PyObject *obj, int *from, int *to, int *promotion, int *drop)
{
    if (rfpy_move_check(obj)) {
        MoveObject *m = (MoveObject *)obj;
        *from = m->from;
        *to = m->to;
        *promotion = m->promotion;
        *drop = m->drop;
        return 0;
    }
    /* Any object with python-chess's move attributes (a chess.Move too). */
    PyObject *f = PyObject_GetAttrString(obj, "from_square");
    PyObject *t = f ? PyObject_GetAttrString(obj, "to_square") : NULL;
    PyObject *p = t ? PyObject_GetAttrString(obj, "promotion") : NULL;
    PyObject *d = p ? PyObject_GetAttrString(obj, "drop") : NULL;
    int rc = -1;
    if (d && square_arg(f, "from_square", from) == 0 && square_arg(t, "to_square", to) == 0 &&
        piece_type_arg(p, "promotion", promotion) == 0 && piece_type_arg(d, "drop", drop) == 0)
        rc = 0;
    if (!d && PyErr_ExceptionMatches(PyExc_AttributeError)) {
        PyErr_Clear();
        PyErr_SetString(PyExc_TypeError, "expected a Move (an object with from_square, to_square, promotion and drop)");
    }
    Py_XDECREF(f);
    Py_XDECREF(t);
    Py_XDECREF(p);
    Py_XDECREF(d);
    return rc;
}

size_t rfpy_move_uci_text(char buf[8], int from, int to, int promotion, int drop)
{
    size_t n = 0;
    if (drop) {
        buf[n++] = (char)(piece_letters[drop] - 32);
        buf[n++] = '@';
    } else if (!promotion && !from && !to) {
        memcpy(buf, "0000", 5);
        return 4;
    } else {
        buf[n++] = (char)('a' + (from & 7));
        buf[n++] = (char)('1' + (from >> 3));
    }
    buf[n++] = (char)('a' + (to & 7));
    buf[n++] = (char)('1' + (to >> 3));
    if (promotion && !drop) buf[n++] = piece_letters[promotion];
    buf[n] = 0;
    return n;
}

PyObject *rfpy_move_from_rf(const rf_position *pos, rf_move m)
{
    unsigned kind = RF_MOVE_KIND(m);
    int from = RF_MOVE_FROM(m), to = RF_MOVE_TO(m);
    switch (kind) {
    case RF_MOVE_PASS: return rfpy_move_new(0, 0, 0, 0);
    case RF_MOVE_DROP: return rfpy_move_new(to, to, 0, RF_MOVE_DROPPED(m));
    case RF_MOVE_PROMOTION: return rfpy_move_new(from, to, 0 + RF_MOVE_PROMOTED(m), 0);
    case RF_MOVE_CASTLING:
        if (!pos->chess960) to = RF_SQUARE(to > from ? 6 : 2, RF_RANK_OF(from));
        return rfpy_move_new(from, to, 0, 0);
    default: return rfpy_move_new(from, to, 0, 0);
    }
}

/* The library's encoding of python-chess's move (from, to, promotion, drop) in *pos, legal or
 * not: castling as the king's two-square step or as king-takes-own-rook, en passant by the
 * pawn's diagonal step to the en passant square. RF_MOVE_NONE when no encoding exists. */
static rf_move encode(const rf_position *pos, int from, int to, int promotion, int drop)
{
    if (drop) return from == to && !promotion && drop != RF_KING ? RF_MOVE_MAKE_DROP(to, drop) : RF_MOVE_NONE;
    if (!promotion && from == 0 && to == 0) return RF_MOVE_NULL;
    if (from == to) return RF_MOVE_NONE;
    if (promotion) return promotion == RF_PAWN ? RF_MOVE_NONE : RF_MOVE_MAKE_PROMOTION(from, to, promotion);
    rf_piece piece = pos->board[from];
    rf_piece_type type = RF_PIECE_TYPE(piece);
    if (type == RF_KING && RF_PIECE_COLOR(piece) == pos->side) {
        int c = pos->side;
        if (pos->board[to] == RF_MAKE_PIECE(c, RF_ROOK) &&
            (pos->castle_rook[c][0] == to || pos->castle_rook[c][1] == to))
            return RF_MOVE_MAKE_KIND(from, to, RF_MOVE_CASTLING);
        int df = RF_FILE_OF(to) - RF_FILE_OF(from);
        if (RF_RANK_OF(to) == RF_RANK_OF(from) && (df == 2 || df == -2) &&
            RF_RANK_OF(from) == (c == RF_WHITE ? 0 : 7) && (!pos->chess960 || RF_FILE_OF(from) == 4)) {
            rf_square rook = pos->castle_rook[c][df > 0 ? RF_KINGSIDE : RF_QUEENSIDE];
            /* python-chess reads e1g1 as e1h1 (e1c1 as e1a1): castling only with the rook in the
             * corner, in Chess960 mode too. */
            if (rook != RF_NO_SQUARE && rook == (df > 0 ? from + 3 : from - 4)) {
                rf_move castle = RF_MOVE_MAKE_KIND(from, rook, RF_MOVE_CASTLING);
                /* A king on f1 may step to g1 in Chess960, and d1-b1... is no castling there. */
                if (!rf_move_is_legal(pos, RF_MOVE_MAKE(from, to))) return castle;
            }
        }
    }
    if (type == RF_PAWN && to == pos->ep && RF_FILE_OF(from) != RF_FILE_OF(to) && pos->board[to] == RF_NO_PIECE)
        return RF_MOVE_MAKE_KIND(from, to, RF_MOVE_EN_PASSANT);
    return RF_MOVE_MAKE(from, to);
}

int rfpy_move_encode(const rf_position *pos, PyObject *move, rf_move *out)
{
    int from, to, promotion, drop;
    if (rfpy_move_fields(move, &from, &to, &promotion, &drop) < 0) return -1;
    rf_move m = encode(pos, from, to, promotion, drop);
    *out = m != RF_MOVE_NONE && rf_move_is_legal(pos, m) ? m : RF_MOVE_NONE;
    return 0;
}

int rfpy_move_to_rf(const rf_position *pos, PyObject *move, rf_move *out)
{
    if (rfpy_move_encode(pos, move, out) < 0) return -1;
    if (*out != RF_MOVE_NONE) return 0;
    int from, to, promotion, drop;
    rfpy_move_fields(move, &from, &to, &promotion, &drop);
    char uci[8], fen[RF_FEN_MAX];
    rfpy_move_uci_text(uci, from, to, promotion, drop);
    rf_position_to_fen(fen, sizeof fen, pos, 0);
    PyErr_Format(rfpy_IllegalMoveError, "illegal move: '%s' in %s", uci, fen);
    return -1;
}

/* Raises InvalidMoveError "WHAT: 'TEXT'" (at most 40 bytes of the text are quoted; the Limited
 * API's PyErr_Format reads no "%.*s" before CPython 3.12) and returns NULL. */
static PyObject *invalid_uci(const char *what, const char *s, Py_ssize_t len)
{
    PyObject *text = PyUnicode_DecodeUTF8(s, len > 40 ? 40 : len, "replace");
    if (!text) return NULL;
    PyErr_Format(rfpy_InvalidMoveError, "%s: '%U'", what, text);
    Py_DECREF(text);
    return NULL;
}

/* Move.from_uci's reading: "0000", "N@f3" (a drop, letter in either case), "e2e4", "e7e8q". */
static PyObject *parse_uci(const char *s, Py_ssize_t len)
{
    if (len == 4 && memcmp(s, "0000", 4) == 0) return rfpy_move_new(0, 0, 0, 0);
    if (len == 4 && s[1] == '@') {
        const char *p = strchr(piece_letters + 1, s[0] | 0x20);
        rf_square sq = rf_square_parse(s + 2, 2);
        if (p && s[0] && sq != RF_NO_SQUARE) return rfpy_move_new(sq, sq, 0, (int)(p - piece_letters));
        return invalid_uci("invalid uci", s, len);
    }
    if (len == 4 || len == 5) {
        rf_square a = rf_square_parse(s, 2), b = rf_square_parse(s + 2, 2);
        int promotion = 0;
        if (len == 5) {
            const char *p = s[4] ? strchr(piece_letters + 1, s[4]) : NULL;
            if (!p) a = RF_NO_SQUARE;
            else promotion = (int)(p - piece_letters);
        }
        if (a == RF_NO_SQUARE || b == RF_NO_SQUARE) return invalid_uci("invalid uci", s, len);
        if (a == b) return invalid_uci("invalid uci (use 0000 for null moves)", s, len);
        return rfpy_move_new(a, b, promotion, 0);
    }
    return invalid_uci("expected uci string to be of length 4 or 5", s, len);
}

PyObject *rfpy_move_from_uci_text(PyObject *text)
{
    if (!PyUnicode_Check(text)) {
        PyErr_SetString(PyExc_TypeError, "a UCI move must be a str");
        return NULL;
    }
    Py_ssize_t len;
    const char *s = PyUnicode_AsUTF8AndSize(text, &len);
    if (!s) return NULL;
    if ((Py_ssize_t)strlen(s) != len) { /* an embedded NUL */
        PyErr_SetString(rfpy_InvalidMoveError, "invalid uci: a NUL character");
        return NULL;
    }
    return parse_uci(s, len);
}

static PyObject *move_tp_new(PyTypeObject *type, PyObject *args, PyObject *kwargs)
{
    (void)type;
    static char *kwlist[] = {"from_square", "to_square", "promotion", "drop", NULL};
    PyObject *f, *t, *p = Py_None, *d = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OO|OO:Move", kwlist, &f, &t, &p, &d)) return NULL;
    int from, to, promotion, drop;
    if (square_arg(f, "from_square", &from) < 0 || square_arg(t, "to_square", &to) < 0 ||
        piece_type_arg(p, "promotion", &promotion) < 0 || piece_type_arg(d, "drop", &drop) < 0)
        return NULL;
    return rfpy_move_new(from, to, promotion, drop);
}

/* 1 when m is the interned Move of its fields (kept for the module's lifetime). */
static int move_is_interned(const MoveObject *m)
{
    if (m->from >= 64 || m->to >= 64 || m->promotion > 6 || m->drop > 6) return 0;
    if (m->drop) return m->from == m->to && !m->promotion && drop_moves[m->to][m->drop] == (const PyObject *)m;
    return normal_moves[m->from][m->to][m->promotion] == (const PyObject *)m;
}

static PyObject *move_uci(PyObject *self, PyObject *unused)
{
    (void)unused;
    MoveObject *m = (MoveObject *)self;
    if (m->uci) {
        Py_INCREF(m->uci);
        return m->uci;
    }
    char buf[8];
    size_t n = rfpy_move_uci_text(buf, m->from, m->to, m->promotion, m->drop);
    PyObject *text = PyUnicode_FromStringAndSize(buf, (Py_ssize_t)n);
    if (text && move_is_interned(m)) {
        Py_INCREF(text);
        m->uci = text;
    }
    return text;
}

static int move_is_null(const MoveObject *m)
{
    return !m->from && !m->to && !m->promotion && !m->drop;
}

static PyObject *move_xboard(PyObject *self, PyObject *unused)
{
    if (move_is_null((MoveObject *)self)) return PyUnicode_FromString("@@@@");
    return move_uci(self, unused);
}

static PyObject *move_repr(PyObject *self)
{
    MoveObject *m = (MoveObject *)self;
    char buf[8];
    rfpy_move_uci_text(buf, m->from, m->to, m->promotion, m->drop);
    return PyUnicode_FromFormat("Move.from_uci('%s')", buf);
}

static int move_bool(PyObject *self)
{
    return !move_is_null((MoveObject *)self);
}

static Py_hash_t move_hash(PyObject *self)
{
    MoveObject *m = (MoveObject *)self;
    return (Py_hash_t)(m->from | m->to << 6 | m->promotion << 12 | m->drop << 15) + 1;
}

static PyObject *move_richcompare(PyObject *a, PyObject *b, int op)
{
    if ((op != Py_EQ && op != Py_NE) || !rfpy_move_check(b)) Py_RETURN_NOTIMPLEMENTED;
    MoveObject *x = (MoveObject *)a, *y = (MoveObject *)b;
    int eq = x->from == y->from && x->to == y->to && x->promotion == y->promotion && x->drop == y->drop;
    return PyBool_FromLong(op == Py_EQ ? eq : !eq);
}

static PyObject *optional_type(int v)
{
    if (!v) Py_RETURN_NONE;
    return PyLong_FromLong(v);
}

static PyObject *get_from(PyObject *self, void *c) { (void)c; return PyLong_FromLong(((MoveObject *)self)->from); }
static PyObject *get_to(PyObject *self, void *c) { (void)c; return PyLong_FromLong(((MoveObject *)self)->to); }
static PyObject *get_promotion(PyObject *self, void *c) { (void)c; return optional_type(((MoveObject *)self)->promotion); }
static PyObject *get_drop(PyObject *self, void *c) { (void)c; return optional_type(((MoveObject *)self)->drop); }

static PyObject *move_from_uci(PyObject *cls, PyObject *text)
{
    (void)cls;
    return rfpy_move_from_uci_text(text);
}

static PyObject *move_null(PyObject *cls, PyObject *unused)
{
    (void)cls;
    (void)unused;
    return rfpy_move_new(0, 0, 0, 0);
}

static PyObject *move_reduce(PyObject *self, PyObject *unused)
{
    (void)unused;
    MoveObject *m = (MoveObject *)self;
    PyObject *p = optional_type(m->promotion), *d = optional_type(m->drop);
    PyObject *r = p && d ? Py_BuildValue("O(iiOO)", rfpy_MoveType, m->from, m->to, p, d) : NULL;
    Py_XDECREF(p);
    Py_XDECREF(d);
    return r;
}

static PyObject *move_self(PyObject *self, PyObject *unused)
{
    (void)unused;
    Py_INCREF(self);
    return self;
}

static PyMethodDef move_methods[] = {
    {"uci", move_uci, METH_NOARGS,
     "uci() -> str\n\nThe move in UCI: \"e2e4\", \"e7e8q\", a drop \"N@f3\", the null move \"0000\"."},
    {"xboard", move_xboard, METH_NOARGS, "xboard() -> str\n\nThe move as XBoard writes it: UCI, the null move \"@@@@\"."},
    {"from_uci", move_from_uci, METH_O | METH_CLASS,
     "from_uci(uci: str) -> Move\n\nReads a move in UCI (\"e2e4\", \"e7e8q\", \"N@f3\", \"0000\"); InvalidMoveError\n"
     "when the text is none."},
    {"null", move_null, METH_NOARGS | METH_CLASS,
     "null() -> Move\n\nThe null move (a1a1, \"0000\"): passes the turn; false as a truth value."},
    {"__reduce__", move_reduce, METH_NOARGS, NULL},
    {"__copy__", move_self, METH_NOARGS, NULL},
    {"__deepcopy__", move_self, METH_O, NULL},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef move_getset[] = {
    {"from_square", get_from, NULL, "The square the move starts from (a drop's target square).", NULL},
    {"to_square", get_to, NULL, "The square the move goes to (castling: the king's square, e1g1; in\n"
                                "Chess960 mode the rook's, e1h1).", NULL},
    {"promotion", get_promotion, NULL, "The piece type a pawn becomes, or None.", NULL},
    {"drop", get_drop, NULL, "The piece type dropped (Crazyhouse), or None.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyType_Slot move_slots[] = {
    {Py_tp_doc, "Move(from_square, to_square, promotion=None, drop=None)\n--\n\n"
                "A move: from a square to a square, with the piece type a pawn promotes to, or a drop of a\n"
                "piece (Crazyhouse). Immutable and interned: equal moves are one object. str() is UCI."},
    {Py_tp_new, move_tp_new},
    {Py_tp_repr, move_repr},
    {Py_tp_str, move_uci},
    {Py_tp_hash, move_hash},
    {Py_tp_richcompare, move_richcompare},
    {Py_nb_bool, move_bool},
    {Py_tp_methods, move_methods},
    {Py_tp_getset, move_getset},
    {0, NULL},
};

static PyType_Spec move_spec = {
    "rankfile.Move", sizeof(MoveObject), 0, Py_TPFLAGS_DEFAULT, move_slots,
};

int rfpy_move_init(PyObject *module)
{
    rfpy_MoveType = PyType_FromSpec(&move_spec);
    if (!rfpy_MoveType) return -1;
    Py_INCREF(rfpy_MoveType);
    if (PyModule_AddObject(module, "Move", rfpy_MoveType) < 0) {
        Py_DECREF(rfpy_MoveType);
        return -1;
    }
    return 0;
}
