/*
 * board.c - the Board type: a position of the library (rf_position), the moves played to reach
 * it (each with the position before it, for pop() and repetitions) and the cached list of its
 * legal moves; python-chess's Board methods that run in loops (legal moves, push, pop, SAN,
 * game end) are here, the rarely used conveniences in rankfile/__init__.py's subclass.
 *
 * The C type is rankfile._rankfile._Board; rankfile.Board and the classes of rankfile.variant
 * subclass it and say their variant by the class attribute `_rf_variant`.
 */
#include "rfpy.h"

#include <stdio.h>
#include <string.h>

typedef struct {
    rf_position before; /* the position the move was played in */
    rf_move move;
    PyObject *obj; /* the Move pushed (a new reference) */
} Ply;

typedef struct {
    PyObject_HEAD
    rf_position pos;
    Ply *stack;
    Py_ssize_t plies, cap;
    uint32_t setup_status; /* python-chess status bits known only from the FEN read (bad castling
                              rights, invalid en passant square); cleared by a move */
    int moves_valid;       /* `moves` holds the legal moves of `pos` */
    rf_movelist moves;
} BoardObject;

PyObject *rfpy_BoardType;
static PyObject *legal_moves_type;
static PyObject *board_classes[RF_VARIANT_COUNT]; /* registered by rankfile and rankfile.variant */
static PyObject *piece_objects;                  /* a tuple of 16: the Piece of each rf_piece, or None */

/* python-chess's Status bits. */
enum {
    ST_NO_WHITE_KING = 1 << 0,
    ST_NO_BLACK_KING = 1 << 1,
    ST_TOO_MANY_KINGS = 1 << 2,
    ST_TOO_MANY_WHITE_PAWNS = 1 << 3,
    ST_TOO_MANY_BLACK_PAWNS = 1 << 4,
    ST_PAWNS_ON_BACKRANK = 1 << 5,
    ST_TOO_MANY_WHITE_PIECES = 1 << 6,
    ST_TOO_MANY_BLACK_PIECES = 1 << 7,
    ST_BAD_CASTLING_RIGHTS = 1 << 8,
    ST_INVALID_EP_SQUARE = 1 << 9,
    ST_OPPOSITE_CHECK = 1 << 10,
    ST_EMPTY = 1 << 11,
    ST_RACE_CHECK = 1 << 12,
    ST_RACE_OVER = 1 << 13,
    ST_RACE_MATERIAL = 1 << 14,
    ST_TOO_MANY_CHECKERS = 1 << 15,
    ST_IMPOSSIBLE_CHECK = 1 << 16,
};

/* python-chess's Termination values. */
enum {
    T_CHECKMATE = 1,
    T_STALEMATE,
    T_INSUFFICIENT_MATERIAL,
    T_SEVENTYFIVE_MOVES,
    T_FIVEFOLD_REPETITION,
    T_FIFTY_MOVES,
    T_THREEFOLD_REPETITION,
    T_VARIANT_WIN,
    T_VARIANT_LOSS,
    T_VARIANT_DRAW,
};

#define BB(sq) ((rf_bitboard)1 << (sq))
#define RANK_1 ((rf_bitboard)0xFF)
#define RANK_8 ((rf_bitboard)0xFF << 56)
#define CENTER (BB(27) | BB(28) | BB(35) | BB(36))

static inline int popcount(rf_bitboard b)
{
    return __builtin_popcountll(b);
}

int rfpy_board_check(PyObject *obj)
{
    return PyObject_TypeCheck(obj, (PyTypeObject *)rfpy_BoardType);
}

static BoardObject *as_board(PyObject *obj)
{
    if (!rfpy_board_check(obj)) {
        PyErr_SetString(PyExc_TypeError, "expected a rankfile Board");
        return NULL;
    }
    return (BoardObject *)obj;
}

const rf_position *rfpy_board_position(PyObject *board)
{
    BoardObject *b = as_board(board);
    return b ? &b->pos : NULL;
}

static const rf_movelist *legal(BoardObject *b)
{
    if (!b->moves_valid) {
        rf_generate_moves(&b->moves, &b->pos);
        b->moves_valid = 1;
    }
    return &b->moves;
}

static void clear_stack(BoardObject *b)
{
    for (Py_ssize_t i = 0; i < b->plies; i++) Py_XDECREF(b->stack[i].obj);
    b->plies = 0;
}

static void set_position(BoardObject *b, const rf_position *pos)
{
    clear_stack(b);
    b->pos = *pos;
    b->setup_status = 0;
    b->moves_valid = 0;
}

/* ---- the variant of a class ---------------------------------------------------------------- */

static int class_variant(PyTypeObject *type)
{
    PyObject *v = PyObject_GetAttrString((PyObject *)type, "_rf_variant");
    if (!v) {
        PyErr_Clear();
        return RF_VARIANT_STANDARD;
    }
    long n = PyLong_AsLong(v);
    Py_DECREF(v);
    if (n < 0 || n >= RF_VARIANT_COUNT) {
        PyErr_Clear();
        return RF_VARIANT_STANDARD;
    }
    return (int)n;
}

static PyObject *new_of_class(PyObject *cls)
{
    newfunc tp_new = (newfunc)PyType_GetSlot((PyTypeObject *)cls, Py_tp_new);
    PyObject *args = PyTuple_New(0);
    if (!args) return NULL;
    PyObject *obj = tp_new((PyTypeObject *)cls, args, NULL);
    Py_DECREF(args);
    return obj;
}

PyObject *rfpy_board_from_position(const rf_position *pos)
{
    int v = pos->variant < RF_VARIANT_COUNT ? pos->variant : 0;
    if (!board_classes[v]) {
        PyObject *m = PyImport_ImportModule(v == RF_VARIANT_STANDARD ? "rankfile" : "rankfile.variant");
        if (!m) return NULL;
        Py_DECREF(m);
    }
    PyObject *cls = board_classes[v] ? board_classes[v] : rfpy_BoardType;
    PyObject *obj = new_of_class(cls);
    if (!obj) return NULL;
    set_position((BoardObject *)obj, pos);
    return obj;
}

/* ---- reading a FEN --------------------------------------------------------------------------- */

/* Sets *pos from FEN text as python-chess reads it: every well-formed position is taken (its
 * faults are reported by status()), castling rights are kept only where python-chess keeps them
 * (standard castling mode: rooks on the corners, the king on the e-file) and the en passant
 * square only where it could stand. *setup_status receives the status bits the reading alone
 * knows. Returns 0, or -1 with FenError. */
static int read_fen(rf_position *pos, uint32_t *setup_status, const char *text, size_t len, int variant, int chess960)
{
    rf_setup setup;
    rf_error err;
    rf_status st = rf_setup_parse(&setup, text, len, &err);
    if (st == RF_OK && setup.epd_len) {
        st = RF_ERR_SYNTAX;
        err.field = RF_FIELD_EXTRA;
        err.offset = setup.epd_offset;
        snprintf(err.message, sizeof err.message, "text after the FEN's fields (byte %zu)", setup.epd_offset);
    }
    if (st != RF_OK) {
        rfpy_raise(st, &err, NULL, NULL);
        return -1;
    }
    *setup_status = 0;
    if (!chess960) {
        /* python-chess's standard castling mode: a right needs its king on the e-file and its rook
         * on a corner of the same back rank. */
        rf_bitboard keep = 0;
        if (setup.board[4] == RF_MAKE_PIECE(RF_WHITE, RF_KING)) keep |= setup.castling & (BB(0) | BB(7));
        if (setup.board[60] == RF_MAKE_PIECE(RF_BLACK, RF_KING)) keep |= setup.castling & (BB(56) | BB(63));
        if (keep != setup.castling) *setup_status |= ST_BAD_CASTLING_RIGHTS;
        setup.castling = keep;
    }
    st = rf_position_from_setup(pos, &setup, (rf_variant)variant, chess960 ? RF_PARSE_CHESS960 : 0,
                                RF_INVALID_ALL, &err);
    if (st != RF_OK) {
        rfpy_raise(st, &err, NULL, NULL);
        return -1;
    }
    rf_bitboard castling = 0;
    for (int c = 0; c < 2; c++)
        for (int s = 0; s < 2; s++)
            if (pos->castle_rook[c][s] != RF_NO_SQUARE) castling |= BB(pos->castle_rook[c][s]);
    if (castling != setup.castling) *setup_status |= ST_BAD_CASTLING_RIGHTS;
    if (setup.ep != RF_NO_SQUARE && pos->ep == RF_NO_SQUARE) *setup_status |= ST_INVALID_EP_SQUARE;
    return 0;
}

static int board_set_fen_text(BoardObject *b, PyObject *fen, int chess960)
{
    int variant = class_variant(Py_TYPE(b));
    rf_position pos;
    uint32_t setup_status = 0;
    if (fen == Py_None) {
        rf_setup setup;
        rf_setup_clear(&setup);
        rf_error err;
        if (rf_position_from_setup(&pos, &setup, (rf_variant)variant, chess960 ? RF_PARSE_CHESS960 : 0,
                                   RF_INVALID_ALL, &err) != RF_OK) {
            rfpy_raise(err.status, &err, NULL, NULL);
            return -1;
        }
    } else {
        if (!PyUnicode_Check(fen)) {
            PyErr_SetString(PyExc_TypeError, "a FEN must be a str or None");
            return -1;
        }
        Py_ssize_t len;
        const char *text = PyUnicode_AsUTF8AndSize(fen, &len);
        if (!text) return -1;
        if (read_fen(&pos, &setup_status, text, (size_t)len, variant, chess960) < 0) return -1;
    }
    set_position(b, &pos);
    b->setup_status = setup_status;
    return 0;
}

/* ---- the type's life ------------------------------------------------------------------------- */

static PyObject *board_tp_new(PyTypeObject *type, PyObject *args, PyObject *kwargs)
{
    (void)args;
    (void)kwargs;
    allocfunc alloc = (allocfunc)PyType_GetSlot(type, Py_tp_alloc);
    BoardObject *b = (BoardObject *)alloc(type, 0);
    if (!b) return NULL;
    rf_position_startpos(&b->pos, (rf_variant)class_variant(type));
    return (PyObject *)b;
}

static int board_tp_init(PyObject *self, PyObject *args, PyObject *kwargs)
{
    static char *kwlist[] = {"fen", "chess960", NULL};
    PyObject *fen = NULL;
    int chess960 = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "|O$p:Board", kwlist, &fen, &chess960)) return -1;
    if (!fen) {
        fen = PyObject_GetAttrString((PyObject *)Py_TYPE(self), "starting_fen");
        if (!fen) return -1;
        int rc = board_set_fen_text((BoardObject *)self, fen, chess960);
        Py_DECREF(fen);
        return rc;
    }
    return board_set_fen_text((BoardObject *)self, fen, chess960);
}

static void board_tp_dealloc(PyObject *self)
{
    BoardObject *b = (BoardObject *)self;
    PyTypeObject *type = Py_TYPE(self);
    PyObject_GC_UnTrack(self);
    clear_stack(b);
    PyMem_Free(b->stack);
    freefunc tp_free = (freefunc)PyType_GetSlot(type, Py_tp_free);
    tp_free(self);
    Py_DECREF(type);
}

static int board_tp_traverse(PyObject *self, visitproc visit, void *arg)
{
    Py_VISIT(Py_TYPE(self));
    return 0;
}

/* ---- FEN out ---------------------------------------------------------------------------------- */

/* 1 when a pawn of the side to move stands where it could take en passant (pins ignored). */
static int pseudo_legal_ep(const rf_position *pos)
{
    if (pos->ep == RF_NO_SQUARE) return 0;
    int f = RF_FILE_OF(pos->ep), r = RF_RANK_OF(pos->ep) + (pos->side == RF_WHITE ? -1 : 1);
    rf_piece pawn = RF_MAKE_PIECE(pos->side, RF_PAWN);
    return (f > 0 && pos->board[RF_SQUARE(f - 1, r)] == pawn) || (f < 7 && pos->board[RF_SQUARE(f + 1, r)] == pawn);
}

static int parse_ep_option(PyObject *en_passant, unsigned *flags, const rf_position *pos)
{
    if (!en_passant) return 0;
    if (!PyUnicode_Check(en_passant)) goto bad;
    Py_ssize_t len;
    const char *s = PyUnicode_AsUTF8AndSize(en_passant, &len);
    if (!s) return -1;
    if (strcmp(s, "legal") == 0) return 0;
    if (strcmp(s, "fen") == 0) {
        *flags |= RF_FEN_EP_ALWAYS;
        return 0;
    }
    if (strcmp(s, "xfen") == 0) {
        if (pseudo_legal_ep(pos)) *flags |= RF_FEN_EP_ALWAYS;
        return 0;
    }
bad:
    PyErr_SetString(PyExc_ValueError, "en_passant must be 'legal', 'fen' or 'xfen'");
    return -1;
}

/* Writes the FEN (4 or 6 fields) with python-chess's options; -1 with an exception. The
 * library writes Crazyhouse's pockets and promoted pieces, and Three-check's counters, itself. */
static int fen_text(char *buf, BoardObject *b, PyObject *args, PyObject *kwargs, int six, const char *fname)
{
    static char *kwlist[] = {"shredder", "en_passant", "promoted", NULL};
    int shredder = 0;
    PyObject *en_passant = NULL, *promoted = NULL;
    char format[32];
    snprintf(format, sizeof format, "|$pOO:%s", fname);
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, format, kwlist, &shredder, &en_passant, &promoted)) return -1;
    unsigned flags = shredder ? RF_FEN_SHREDDER : 0;
    if (parse_ep_option(en_passant, &flags, &b->pos) < 0) return -1;
    size_t n = rf_position_to_fen(buf, RF_FEN_MAX, &b->pos, flags);
    if (!six) {
        /* Drop the two counters (and keep Three-check's "+N+N" field in its place). */
        for (int k = 0; k < 2 && n > 0; k++) {
            while (n > 0 && buf[n - 1] != ' ') n--;
            if (n > 0) n--;
        }
        buf[n] = 0;
    }
    return 0;
}

static PyObject *board_fen(PyObject *self, PyObject *args, PyObject *kwargs)
{
    char buf[RF_FEN_MAX];
    if (fen_text(buf, (BoardObject *)self, args, kwargs, 1, "fen") < 0) return NULL;
    return PyUnicode_FromString(buf);
}

static PyObject *board_epd_fields(PyObject *self, PyObject *args, PyObject *kwargs)
{
    char buf[RF_FEN_MAX];
    if (fen_text(buf, (BoardObject *)self, args, kwargs, 0, "epd") < 0) return NULL;
    return PyUnicode_FromString(buf);
}

static PyObject *board_board_fen(PyObject *self, PyObject *args, PyObject *kwargs)
{
    static char *kwlist[] = {"promoted", NULL};
    PyObject *promoted = Py_False;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "|$O:board_fen", kwlist, &promoted)) return NULL;
    int mark = PyObject_IsTrue(promoted);
    if (mark < 0) return NULL;
    BoardObject *b = (BoardObject *)self;
    char buf[RF_FEN_MAX];
    rf_position_to_fen(buf, sizeof buf, &b->pos, RF_FEN_BOARD_ONLY);
    if (b->pos.variant == RF_VARIANT_CRAZYHOUSE) {
        /* The library writes the pocket and the promoted marks with the board; python-chess's
         * board_fen() has neither unless promoted=True. */
        char *bracket = strchr(buf, '[');
        if (bracket) *bracket = 0;
        if (!mark) {
            char *w = buf;
            for (char *r = buf; *r; r++)
                if (*r != '~') *w++ = *r;
            *w = 0;
        }
    }
    return PyUnicode_FromString(buf);
}

static PyObject *board_set_fen(PyObject *self, PyObject *fen)
{
    BoardObject *b = (BoardObject *)self;
    if (fen == Py_None) {
        PyErr_SetString(PyExc_TypeError, "set_fen() needs a str");
        return NULL;
    }
    if (board_set_fen_text(b, fen, b->pos.chess960) < 0) return NULL;
    Py_RETURN_NONE;
}

/* ---- moves ------------------------------------------------------------------------------------ */

static int push_rf(BoardObject *b, rf_move m, PyObject *obj)
{
    if (b->plies == b->cap) {
        Py_ssize_t cap = b->cap ? b->cap * 2 : 64;
        Ply *s = PyMem_Realloc(b->stack, (size_t)cap * sizeof *s);
        if (!s) {
            PyErr_NoMemory();
            return -1;
        }
        b->stack = s;
        b->cap = cap;
    }
    Ply *p = &b->stack[b->plies++];
    p->before = b->pos;
    p->move = m;
    Py_INCREF(obj);
    p->obj = obj;
    rf_position_play(&b->pos, m);
    b->moves_valid = 0;
    b->setup_status = 0;
    return 0;
}

static PyObject *board_push(PyObject *self, PyObject *move)
{
    BoardObject *b = (BoardObject *)self;
    rf_move m;
    if (rfpy_move_to_rf(&b->pos, move, &m) < 0) return NULL;
    PyObject *obj = rfpy_move_check(move) ? (Py_INCREF(move), move) : rfpy_move_from_rf(&b->pos, m);
    if (!obj) return NULL;
    int rc = push_rf(b, m, obj);
    Py_DECREF(obj);
    if (rc < 0) return NULL;
    Py_RETURN_NONE;
}

static PyObject *board_pop(PyObject *self, PyObject *unused)
{
    (void)unused;
    BoardObject *b = (BoardObject *)self;
    if (!b->plies) {
        PyErr_SetString(PyExc_IndexError, "pop from empty move stack");
        return NULL;
    }
    Ply *p = &b->stack[--b->plies];
    b->pos = p->before;
    b->moves_valid = 0;
    return p->obj; /* the stack's reference passes to the caller */
}

static PyObject *board_peek(PyObject *self, PyObject *unused)
{
    (void)unused;
    BoardObject *b = (BoardObject *)self;
    if (!b->plies) {
        PyErr_SetString(PyExc_IndexError, "peek from empty move stack");
        return NULL;
    }
    PyObject *obj = b->stack[b->plies - 1].obj;
    Py_INCREF(obj);
    return obj;
}

static PyObject *board_get_move_stack(PyObject *self, void *closure)
{
    (void)closure;
    BoardObject *b = (BoardObject *)self;
    PyObject *list = PyList_New(b->plies);
    if (!list) return NULL;
    for (Py_ssize_t i = 0; i < b->plies; i++) {
        Py_INCREF(b->stack[i].obj);
        PyList_SetItem(list, i, b->stack[i].obj);
    }
    return list;
}

static PyObject *board_ply(PyObject *self, PyObject *unused)
{
    (void)unused;
    BoardObject *b = (BoardObject *)self;
    /* python-chess: 2 * (fullmove_number - 1) + (turn == BLACK). */
    return PyLong_FromLong(2 * ((long)b->pos.fullmove - 1) + (b->pos.side == RF_BLACK));
}

/* The legal moves as a new list of Moves. */
static PyObject *legal_list(BoardObject *b)
{
    const rf_movelist *list = legal(b);
    PyObject *out = PyList_New(list->count);
    if (!out) return NULL;
    for (unsigned i = 0; i < list->count; i++) {
        PyObject *m = rfpy_move_from_rf(&b->pos, list->moves[i]);
        if (!m) {
            Py_DECREF(out);
            return NULL;
        }
        PyList_SetItem(out, i, m);
    }
    return out;
}

/* ---- the legal-moves view --------------------------------------------------------------------- */

typedef struct {
    PyObject_HEAD
    PyObject *board;
} LegalMovesObject;

static PyObject *board_get_legal_moves(PyObject *self, void *closure)
{
    (void)closure;
    PyTypeObject *type = (PyTypeObject *)legal_moves_type;
    allocfunc alloc = (allocfunc)PyType_GetSlot(type, Py_tp_alloc);
    LegalMovesObject *v = (LegalMovesObject *)alloc(type, 0);
    if (!v) return NULL;
    Py_INCREF(self);
    v->board = self;
    return (PyObject *)v;
}

static void lm_dealloc(PyObject *self)
{
    PyTypeObject *type = Py_TYPE(self);
    PyObject_GC_UnTrack(self);
    Py_CLEAR(((LegalMovesObject *)self)->board);
    freefunc tp_free = (freefunc)PyType_GetSlot(type, Py_tp_free);
    tp_free(self);
    Py_DECREF(type);
}

static int lm_traverse(PyObject *self, visitproc visit, void *arg)
{
    Py_VISIT(((LegalMovesObject *)self)->board);
    Py_VISIT(Py_TYPE(self));
    return 0;
}

static int lm_clear(PyObject *self)
{
    Py_CLEAR(((LegalMovesObject *)self)->board);
    return 0;
}

static PyObject *lm_iter(PyObject *self)
{
    PyObject *list = legal_list((BoardObject *)((LegalMovesObject *)self)->board);
    if (!list) return NULL;
    PyObject *it = PyObject_GetIter(list);
    Py_DECREF(list);
    return it;
}

static Py_ssize_t lm_len(PyObject *self)
{
    return legal((BoardObject *)((LegalMovesObject *)self)->board)->count;
}

static int lm_bool(PyObject *self)
{
    return lm_len(self) > 0;
}

static PyObject *lm_count(PyObject *self, PyObject *unused)
{
    (void)unused;
    return PyLong_FromSsize_t(lm_len(self));
}

/* python-chess's `move in board.legal_moves`: the move exactly as the list has it (castling
 * e1g1 in standard castling mode, e1h1 in Chess960 mode). */
static int legal_contains(BoardObject *b, PyObject *move)
{
    int from, to, promotion, drop;
    if (rfpy_move_fields(move, &from, &to, &promotion, &drop) < 0) {
        PyErr_Clear();
        return 0;
    }
    const rf_movelist *list = legal(b);
    for (unsigned i = 0; i < list->count; i++) {
        rf_move m = list->moves[i];
        PyObject *obj = rfpy_move_from_rf(&b->pos, m);
        if (!obj) return -1;
        int f2, t2, p2, d2;
        rfpy_move_fields(obj, &f2, &t2, &p2, &d2);
        Py_DECREF(obj);
        if (f2 == from && t2 == to && p2 == promotion && d2 == drop) return 1;
    }
    return 0;
}

static int lm_contains(PyObject *self, PyObject *move)
{
    return legal_contains((BoardObject *)((LegalMovesObject *)self)->board, move);
}

static PyObject *lm_repr(PyObject *self)
{
    PyObject *sans = PyObject_CallMethod(((LegalMovesObject *)self)->board, "_legal_sans", NULL);
    if (!sans) return NULL;
    PyObject *r = PyUnicode_FromFormat("<LegalMoveGenerator at %p (%U)>", self, sans);
    Py_DECREF(sans);
    return r;
}

static PyMethodDef lm_methods[] = {
    {"count", lm_count, METH_NOARGS, "count() -> int\n\nThe number of legal moves."},
    {NULL, NULL, 0, NULL},
};

static PyType_Slot lm_slots[] = {
    {Py_tp_doc, "The legal moves of a board: iterable (a list made at each iteration), len(), `in`, count()."},
    {Py_tp_dealloc, lm_dealloc},
    {Py_tp_traverse, lm_traverse},
    {Py_tp_clear, lm_clear},
    {Py_tp_iter, lm_iter},
    {Py_tp_repr, lm_repr},
    {Py_sq_length, lm_len},
    {Py_sq_contains, lm_contains},
    {Py_nb_bool, lm_bool},
    {Py_tp_methods, lm_methods},
    {0, NULL},
};

static PyType_Spec lm_spec = {
    "rankfile.LegalMoveGenerator", sizeof(LegalMovesObject), 0, Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC, lm_slots,
};

/* ---- registration ----------------------------------------------------------------------------- */

static PyObject *register_board_class(PyObject *self, PyObject *args)
{
    (void)self;
    int variant;
    PyObject *cls;
    if (!PyArg_ParseTuple(args, "iO:_register_board_class", &variant, &cls)) return NULL;
    if (variant < 0 || variant >= RF_VARIANT_COUNT || !PyType_Check(cls) ||
        !PyType_IsSubtype((PyTypeObject *)cls, (PyTypeObject *)rfpy_BoardType)) {
        PyErr_SetString(PyExc_ValueError, "a variant number and a Board class");
        return NULL;
    }
    Py_INCREF(cls);
    Py_XDECREF(board_classes[variant]);
    board_classes[variant] = cls;
    Py_RETURN_NONE;
}

static PyObject *register_pieces(PyObject *self, PyObject *pieces)
{
    (void)self;
    if (!PyTuple_Check(pieces) || PyTuple_Size(pieces) != 16) {
        PyErr_SetString(PyExc_ValueError, "a tuple of 16 pieces");
        return NULL;
    }
    Py_INCREF(pieces);
    Py_XDECREF(piece_objects);
    piece_objects = pieces;
    Py_RETURN_NONE;
}

static PyMethodDef board_methods[] = {
    {"fen", (PyCFunction)(void (*)(void))board_fen, METH_VARARGS | METH_KEYWORDS,
     "fen(*, shredder=False, en_passant='legal', promoted=None) -> str\n\n"
     "The position as FEN. shredder: castling rights as rook files (HAha); en_passant: 'legal'\n"
     "(the square only when a legal en passant capture exists), 'fen' (after every double step),\n"
     "'xfen' (when a pawn could take, pins ignored)."},
    {"_epd_fields", (PyCFunction)(void (*)(void))board_epd_fields, METH_VARARGS | METH_KEYWORDS,
     "The FEN without its two counters (the EPD's fields)."},
    {"board_fen", (PyCFunction)(void (*)(void))board_board_fen, METH_VARARGS | METH_KEYWORDS,
     "board_fen(*, promoted=False) -> str\n\nThe FEN's board field alone."},
    {"set_fen", board_set_fen, METH_O,
     "set_fen(fen: str) -> None\n\nSets the position from a FEN and clears the move stack; FenError when\n"
     "the text is no FEN (an impossible position is taken: see is_valid())."},
    {"push", board_push, METH_O,
     "push(move: Move) -> None\n\nPlays a legal move (IllegalMoveError otherwise) and puts it on the move stack."},
    {"pop", board_pop, METH_NOARGS, "pop() -> Move\n\nTakes back the last move and returns it."},
    {"peek", board_peek, METH_NOARGS, "peek() -> Move\n\nThe last move played."},
    {"ply", board_ply, METH_NOARGS,
     "ply() -> int\n\nThe number of half-moves since the start of the game, by the fullmove number."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef board_getset[] = {
    {"legal_moves", board_get_legal_moves, NULL, "The legal moves: a view with iteration, len(), `in` and count().", NULL},
    {"move_stack", board_get_move_stack, NULL, "The moves played, oldest first (a new list).", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyType_Slot board_slots[] = {
    {Py_tp_doc, "The C core of rankfile.Board: a position, its move stack and its legal moves."},
    {Py_tp_new, board_tp_new},
    {Py_tp_init, board_tp_init},
    {Py_tp_dealloc, board_tp_dealloc},
    {Py_tp_traverse, board_tp_traverse},
    {Py_tp_methods, board_methods},
    {Py_tp_getset, board_getset},
    {0, NULL},
};

static PyType_Spec board_spec = {
    "rankfile._rankfile._Board", sizeof(BoardObject), 0,
    Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE | Py_TPFLAGS_HAVE_GC, board_slots,
};

static PyMethodDef module_functions[] = {
    {"_register_board_class", register_board_class, METH_VARARGS,
     "_register_board_class(variant: int, cls) -> None\n\nThe class the library's boards of that variant become."},
    {"_register_pieces", register_pieces, METH_O,
     "_register_pieces(pieces: tuple) -> None\n\nThe Piece object of each library piece code 0..15 (None for none)."},
    {NULL, NULL, 0, NULL},
};

int rfpy_board_init(PyObject *module)
{
    legal_moves_type = PyType_FromSpec(&lm_spec);
    if (!legal_moves_type) return -1;
    rfpy_BoardType = PyType_FromSpec(&board_spec);
    if (!rfpy_BoardType) return -1;
    Py_INCREF(rfpy_BoardType);
    if (PyModule_AddObject(module, "_Board", rfpy_BoardType) < 0) {
        Py_DECREF(rfpy_BoardType);
        return -1;
    }
    Py_INCREF(legal_moves_type);
    if (PyModule_AddObject(module, "LegalMoveGenerator", legal_moves_type) < 0) {
        Py_DECREF(legal_moves_type);
        return -1;
    }
    return PyModule_AddFunctions(module, module_functions);
}
