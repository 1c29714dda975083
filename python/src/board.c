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
    rf_bitboard castling_before;   /* and the board's python-chess fields there: castling_rights, */
    uint32_t setup_status_before;  /* the status bits, */
    rf_square written_ep_before;   /* the en passant square written */
    rf_bitboard promoted_before;   /* and python-chess's promoted mask */
    rf_move move;
    PyObject *obj; /* the Move pushed (a new reference) */
} Ply;

typedef struct {
    PyObject_HEAD
    rf_position pos;
    Ply *stack;
    Py_ssize_t plies, cap;
    uint32_t setup_status; /* python-chess status bits known only from the FEN read (invalid en
                              passant square); cleared by a move */
    rf_bitboard castling;  /* python-chess's castling_rights: the rooks as written or set, not
                              cleaned (clean_rights() is what the position plays by) */
    rf_square written_ep;  /* while setup_status has ST_INVALID_EP_SQUARE: the square written */
    rf_bitboard promoted;  /* python-chess's promoted mask outside Crazyhouse (where the
                              library's position has it): the pieces that were pawns */
    int moves_valid;       /* `moves` holds the legal moves of `pos` */
    rf_movelist *moves;    /* made by the first legal() (PyMem), so that a board that never
                              lists its moves stays small; a scratch board on the C stack points
                              it at a list of its own */
    PyObject *move_objs;   /* a tuple of the Moves of `moves`, made by the second iteration of
                              board.legal_moves in a position (the first makes a list and keeps
                              nothing: most positions are listed once) and dropped when legal()
                              lists the moves anew */
    unsigned generation;   /* counts legal()'s listings, so that a tuple made while Python code
                              ran (a collection making Moves) is kept only if they still hold */
    unsigned iterated;     /* the generation board.legal_moves was last iterated in */
} BoardObject;

PyObject *rfpy_BoardType;
static PyObject *legal_moves_type;
static PyObject *board_classes[RF_VARIANT_COUNT]; /* registered by rankfile and rankfile.variant */
static PyObject *piece_objects;                  /* a tuple of 16: the Piece of each rf_piece, or None */
/* The names of the class attributes a board reads, interned once: looking them up by an interned
 * str goes through CPython's per-type attribute cache, which a class (or subclass) setting the
 * attribute invalidates, so that an override is always seen. */
static PyObject *name_rf_variant, *name_starting_fen, *name_rf_pieces_only;

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

static void sort_python_chess(BoardObject *b);
static int variant_end(const rf_position *p);

/* The list legal() fills when a board's own cannot be allocated: right when returned, not kept
 * (the board's moves_valid stays 0), so that running out of memory slows a board down but never
 * makes legal() fail. */
static rf_movelist fallback_moves;

static const rf_movelist *legal(BoardObject *b)
{
    if (!b->moves_valid) {
        int keep = 1;
        Py_CLEAR(b->move_objs);
        b->generation++;
        if (!b->moves) b->moves = PyMem_Malloc(sizeof *b->moves);
        if (!b->moves) {
            b->moves = &fallback_moves;
            keep = 0;
        }
        /* python-chess lists no move once the variant's rules ended the game (the library
         * agrees but for python-chess's own ends in variant_end, such as Antichess with the side
         * not to move bare). */
        if (variant_end(&b->pos)) b->moves->count = 0;
        else rf_generate_moves(b->moves, &b->pos);
        sort_python_chess(b);
        if (!keep) {
            b->moves = NULL;
            return &fallback_moves;
        }
        b->moves_valid = 1;
    }
    return b->moves;
}

static void clear_stack(BoardObject *b)
{
    for (Py_ssize_t i = 0; i < b->plies; i++) Py_XDECREF(b->stack[i].obj);
    b->plies = 0;
}

static rf_bitboard rooks_of(const rf_position *pos);

static void set_position(BoardObject *b, const rf_position *pos)
{
    clear_stack(b);
    b->pos = *pos;
    b->setup_status = 0;
    b->castling = rooks_of(pos);
    b->promoted = 0;
    b->moves_valid = 0;
}

/* ---- the variant of a class ---------------------------------------------------------------- */

static int class_variant(PyTypeObject *type)
{
    PyObject *v = PyObject_GetAttr((PyObject *)type, name_rf_variant);
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

/* A position made from a setup as python-chess takes one: every well-formed position is taken
 * (status() reports its faults), castling rights are kept only where python-chess keeps them
 * (in standard castling mode: the king on the e-file, the rook on a corner of its back rank)
 * and the en passant square only where a pawn could have skipped it. `status` has the status
 * bits only the setup knows (rights or square dropped), `castling` and `ep` what it said. */
typedef struct {
    rf_position pos;
    uint32_t status;
    rf_bitboard castling;
    rf_square ep;
    rf_bitboard promoted; /* the '~' pieces (kept outside Crazyhouse too, as python-chess) */
} Made;

static rf_bitboard clean_rights_of_setup(const rf_setup *setup, rf_bitboard rights, int chess960);

static int make_position(Made *out, rf_setup setup, int variant, int chess960)
{
    rf_error err;
    out->status = 0;
    out->castling = setup.castling;
    out->ep = setup.ep;
    out->promoted = setup.promoted;
    if (variant != RF_VARIANT_CRAZYHOUSE && setup.promoted) {
        /* '~' marks: kept by the board (python-chess's mask), not the position; a pocket is
         * still refused. */
        static const uint8_t no_pocket[sizeof setup.pocket];
        if (memcmp(setup.pocket, no_pocket, sizeof no_pocket) == 0) setup.extras &= ~RF_SETUP_POCKET;
        setup.promoted = 0;
    }
    /* The position plays by python-chess's clean rights (its status() reports the others). */
    setup.castling = clean_rights_of_setup(&setup, setup.castling, chess960);
    if (rf_position_from_setup(&out->pos, &setup, (rf_variant)variant, chess960 ? RF_PARSE_CHESS960 : 0,
                               RF_INVALID_ALL, &err) != RF_OK) {
        rfpy_raise(err.status, &err, NULL, NULL);
        return -1;
    }
    if (out->ep != out->pos.ep) out->status |= ST_INVALID_EP_SQUARE;
    return 0;
}

/* The castling field of a FEN as python-chess reads it: at most two upper-case then two
 * lower-case letters (KQ or rook files), or '-'; K picks the colour's outermost back-rank rook
 * right of its king (the highest-numbered king, wherever it stands), else the h-file corner, Q
 * the leftmost one left of it, else the a-file corner; a file letter that file's back-rank
 * square. Sets setup->castling; -1 with *err for a field python-chess refuses. */
static int python_chess_castling(rf_setup *setup, const char *text, size_t len, rf_error *err)
{
    size_t at = 0, start = 0, end = 0;
    for (int field = 0; field < 3; field++) {
        while (at < len && (text[at] == ' ' || text[at] == '\t' || text[at] == '\n' || text[at] == '\r')) at++;
        start = at;
        while (at < len && !(text[at] == ' ' || text[at] == '\t' || text[at] == '\n' || text[at] == '\r')) at++;
        end = at;
    }
    if (start == end || (end - start == 1 && text[start] == '-')) return 0;
    size_t i = start, upper = 0, lower = 0;
    while (i < end && upper < 2 && (text[i] == 'K' || text[i] == 'Q' || (text[i] >= 'A' && text[i] <= 'H'))) i++, upper++;
    while (i < end && lower < 2 && (text[i] == 'k' || text[i] == 'q' || (text[i] >= 'a' && text[i] <= 'h'))) i++, lower++;
    if (i != end) {
        memset(err, 0, sizeof *err);
        err->status = RF_ERR_SYNTAX;
        err->field = RF_FIELD_CASTLING;
        err->offset = start;
        snprintf(err->message, sizeof err->message,
                 "castling field: not up to two of KQA-H then up to two of kqa-h (byte %zu)", i);
        return -1;
    }
    /* Each colour's king (the highest-numbered one not promoted) and lowest and highest
     * back-rank rooks. */
    int king[2] = {-1, -1}, low[2] = {-1, -1}, high[2] = {-1, -1};
    for (int sq = 0; sq < 64; sq++) {
        rf_piece piece = setup->board[sq];
        if (piece == RF_NO_PIECE) continue;
        int c = RF_PIECE_COLOR(piece);
        if (RF_PIECE_TYPE(piece) == RF_KING && !(setup->promoted & BB(sq))) king[c] = sq;
        else if (RF_PIECE_TYPE(piece) == RF_ROOK && RF_RANK_OF(sq) == (c == RF_WHITE ? 0 : 7)) {
            if (low[c] < 0) low[c] = sq;
            high[c] = sq;
        }
    }
    rf_bitboard rights = 0;
    for (i = start; i < end; i++) {
        int white = text[i] >= 'A' && text[i] <= 'Z';
        int c = white ? RF_WHITE : RF_BLACK, rank = white ? 0 : 7;
        char flag = (char)(white ? text[i] - 'A' + 'a' : text[i]);
        if (flag == 'q') { /* no rook at all counts as one left of the king, adding nothing */
            if (king[c] >= 0 && low[c] < king[c]) rights |= low[c] >= 0 ? BB(low[c]) : 0;
            else rights |= BB(RF_SQUARE(0, rank));
        } else if (flag == 'k') {
            rights |= BB(king[c] >= 0 && high[c] >= 0 && king[c] < high[c] ? high[c] : RF_SQUARE(7, rank));
        } else {
            rights |= BB(RF_SQUARE(flag - 'a', rank));
        }
    }
    setup->castling = rights;
    return 0;
}

/* Reads FEN text into *out (make_position); -1 with FenError for text that is no FEN. */
static int read_fen(Made *out, const char *text, size_t len, int variant, int chess960)
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
    if (st == RF_OK && python_chess_castling(&setup, text, len, &err) < 0) st = RF_ERR_SYNTAX;
    if (st != RF_OK) {
        rfpy_raise(st, &err, NULL, NULL);
        return -1;
    }
    return make_position(out, setup, variant, chess960);
}

static void take_made(BoardObject *b, const Made *made)
{
    b->pos = made->pos;
    b->moves_valid = 0;
    b->setup_status = made->status;
    b->castling = made->castling;
    b->promoted = made->pos.variant == RF_VARIANT_CRAZYHOUSE ? 0 : made->promoted & made->pos.by_type[0];
    b->written_ep = made->ep;
}

static int board_set_fen_text(BoardObject *b, PyObject *fen, int chess960)
{
    int variant = class_variant(Py_TYPE(b));
    Made made;
    if (fen == Py_None) {
        rf_setup setup;
        rf_setup_clear(&setup);
        if (make_position(&made, setup, variant, chess960) < 0) return -1;
    } else {
        if (!PyUnicode_Check(fen)) {
            PyErr_SetString(PyExc_TypeError, "a FEN must be a str or None");
            return -1;
        }
        Py_ssize_t len;
        const char *text = PyUnicode_AsUTF8AndSize(fen, &len);
        if (!text) return -1;
        if (read_fen(&made, text, (size_t)len, variant, chess960) < 0) return -1;
    }
    clear_stack(b);
    take_made(b, &made);
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

/* BaseBoard(board_fen=STARTING_BOARD_FEN): the pieces of a board field (None: none), White to
 * move, nothing else; its class says so by `_rf_pieces_only`. */
static int baseboard_init(PyObject *self, PyObject *args, PyObject *kwargs)
{
    static char *kwlist[] = {"board_fen", NULL};
    PyObject *board_fen = NULL;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "|O:BaseBoard", kwlist, &board_fen)) return -1;
    if (board_fen == Py_None) return board_set_fen_text((BoardObject *)self, Py_None, 0);
    if (!board_fen) {
        PyObject *start = PyUnicode_FromString("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1");
        if (!start) return -1;
        int rc = board_set_fen_text((BoardObject *)self, start, 0);
        Py_DECREF(start);
        return rc;
    }
    if (!PyUnicode_Check(board_fen)) {
        PyErr_SetString(PyExc_TypeError, "a board FEN must be a str or None");
        return -1;
    }
    Py_ssize_t len;
    const char *text = PyUnicode_AsUTF8AndSize(board_fen, &len);
    if (!text) return -1;
    for (Py_ssize_t i = 0; i < len; i++)
        if (text[i] == ' ' || text[i] == '\t' || text[i] == '\n' || text[i] == '\r') {
            PyErr_Format(PyExc_ValueError, "expected a board fen without spaces: %R", board_fen);
            return -1;
        }
    PyObject *fen = PyUnicode_FromFormat("%U w - - 0 1", board_fen);
    if (!fen) return -1;
    int rc = board_set_fen_text((BoardObject *)self, fen, 0);
    Py_DECREF(fen);
    return rc;
}

static int pieces_only(PyTypeObject *type)
{
    /* Board and the variants' classes are registered (board_classes[0] is Board); any other
     * subclass of the C type is a BaseBoard when it says so. */
    if (board_classes[0] && PyType_IsSubtype(type, (PyTypeObject *)board_classes[0])) return 0;
    PyObject *v = PyObject_GetAttr((PyObject *)type, name_rf_pieces_only);
    if (!v) {
        PyErr_Clear();
        return 0;
    }
    int yes = PyObject_IsTrue(v);
    Py_DECREF(v);
    if (yes < 0) PyErr_Clear();
    return yes > 0;
}

/* The positions read from the classes' starting FENs: each variant's last one, kept with (a
 * reference to) the str it was read from, so that Board() reads its class's starting_fen once.
 * A str is immutable and the reference keeps its address its own, so the same object means the
 * same text; a class that sets another starting_fen is read anew. */
static struct {
    PyObject *fen;
    int chess960;
    Made made;
} start_cache[RF_VARIANT_COUNT];

static int set_starting_fen(BoardObject *b, PyObject *fen, int chess960)
{
    int variant = class_variant(Py_TYPE(b));
    if (!PyUnicode_Check(fen) || start_cache[variant].fen != fen || start_cache[variant].chess960 != chess960) {
        if (board_set_fen_text(b, fen, chess960) < 0) return -1;
        if (!PyUnicode_Check(fen) || b->plies || b->pos.variant != variant) return 0;
        PyObject *old = start_cache[variant].fen;
        Py_INCREF(fen);
        start_cache[variant].fen = fen;
        Py_XDECREF(old);
        start_cache[variant].chess960 = chess960;
        start_cache[variant].made.pos = b->pos;
        start_cache[variant].made.status = b->setup_status;
        start_cache[variant].made.castling = b->castling;
        start_cache[variant].made.ep = b->written_ep;
        start_cache[variant].made.promoted = b->promoted;
        return 0;
    }
    clear_stack(b);
    take_made(b, &start_cache[variant].made);
    return 0;
}

static int board_tp_init(PyObject *self, PyObject *args, PyObject *kwargs)
{
    static char *kwlist[] = {"fen", "chess960", NULL};
    PyObject *fen = NULL;
    int chess960 = 0;
    if (pieces_only(Py_TYPE(self))) return baseboard_init(self, args, kwargs);
    /* Board() and Board(fen), the common calls, without parsing keywords. */
    Py_ssize_t nargs = PyTuple_Size(args);
    if (nargs < 0) return -1;
    if ((!kwargs || PyDict_Size(kwargs) == 0) && nargs <= 1) {
        if (nargs == 1) fen = PyTuple_GetItem(args, 0);
    } else if (!PyArg_ParseTupleAndKeywords(args, kwargs, "|Op:Board", kwlist, &fen, &chess960))
        return -1;
    if (!fen) {
        fen = PyObject_GetAttr((PyObject *)Py_TYPE(self), name_starting_fen);
        if (!fen) return -1;
        int rc = set_starting_fen((BoardObject *)self, fen, chess960);
        Py_DECREF(fen);
        return rc;
    }
    return board_set_fen_text((BoardObject *)self, fen, chess960);
}

static void board_tp_dealloc(PyObject *self)
{
    BoardObject *b = (BoardObject *)self;
    PyObject_GC_UnTrack(self);
    clear_stack(b);
    PyMem_Free(b->stack);
    PyMem_Free(b->moves);
    Py_CLEAR(b->move_objs);
    rfpy_free_object(self);
}

/* Every object a board holds: its type (a heap type) and the Move of each ply pushed. */
static int board_tp_traverse(PyObject *self, visitproc visit, void *arg)
{
    BoardObject *b = (BoardObject *)self;
    Py_VISIT(Py_TYPE(self));
    Py_VISIT(b->move_objs);
    for (Py_ssize_t i = 0; i < b->plies; i++) Py_VISIT(b->stack[i].obj);
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
static void castling_text(char *out, const BoardObject *b, int shredder);
static void replace_field(char *buf, int index, const char *field);

/* Writes '~' after the pieces of `promoted` in the board field at the start of buf (capacity
 * RF_FEN_MAX): python-chess's marks outside Crazyhouse, where the library writes none. */
static void mark_promoted(char *buf, rf_bitboard promoted)
{
    if (!promoted) return;
    char out[RF_FEN_MAX];
    size_t w = 0, r = 0;
    int rank = 7, file = 0;
    for (; buf[r] && buf[r] != ' ' && buf[r] != '[' && w + 2 < sizeof out; r++) {
        char c = buf[r];
        out[w++] = c;
        if (c == '/') {
            rank--;
            file = 0;
        } else if (c >= '1' && c <= '8') {
            file += c - '0';
        } else if (c != '~') {
            if (rank >= 0 && file < 8 && (promoted & BB(RF_SQUARE(file, rank)))) out[w++] = '~';
            file++;
        }
    }
    snprintf(out + w, sizeof out - w, "%s", buf + r);
    memcpy(buf, out, strlen(out) + 1);
}

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
    if (n < RF_FEN_MAX) {
        /* python-chess's castling field (its clean rights, as it writes them) and en passant
         * square: "fen" writes the square as set, and a side without a king (python-chess:
         * every pseudo-legal move is legal) takes en passant wherever a pawn stands ready. */
        char field[20];
        castling_text(field, b, shredder);
        replace_field(buf, 2, field);
        rf_square ep = RF_NO_SQUARE;
        int as_set = en_passant && PyUnicode_Check(en_passant) && PyUnicode_CompareWithASCIIString(en_passant, "fen") == 0;
        if (as_set) ep = b->setup_status & ST_INVALID_EP_SQUARE ? b->written_ep : b->pos.ep;
        else if (!(b->pos.by_color[b->pos.side] & b->pos.by_type[RF_KING]) && pseudo_legal_ep(&b->pos)) ep = b->pos.ep;
        int legal_mode = !en_passant || (PyUnicode_Check(en_passant) && PyUnicode_CompareWithASCIIString(en_passant, "legal") == 0);
        if (legal_mode && variant_end(&b->pos)) {
            /* A game the variant's rule has ended has no legal move, en passant neither. */
            replace_field(buf, 3, "-");
            ep = RF_NO_SQUARE;
        }
        if (ep != RF_NO_SQUARE && ep < 64) {
            field[0] = (char)('a' + RF_FILE_OF(ep));
            field[1] = (char)('1' + RF_RANK_OF(ep));
            field[2] = 0;
            replace_field(buf, 3, field);
        }
        n = strlen(buf);
    }
    if (promoted && promoted != Py_None) {
        int mark = PyObject_IsTrue(promoted);
        if (mark < 0) return -1;
        if (mark && b->pos.variant != RF_VARIANT_CRAZYHOUSE) {
            mark_promoted(buf, b->promoted);
            n = strlen(buf);
        }
        if (!mark) { /* no '~' marks: shift the text over them */
            size_t w = 0;
            for (size_t r = 0; r < n; r++)
                if (buf[r] != '~') buf[w++] = buf[r];
            buf[w] = 0;
            n = w;
        }
    }
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
    PyObject *promoted = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "|$O:board_fen", kwlist, &promoted)) return NULL;
    BoardObject *b = (BoardObject *)self;
    /* python-chess marks promoted pieces by default in Crazyhouse only. */
    int mark = promoted == Py_None ? b->pos.variant == RF_VARIANT_CRAZYHOUSE : PyObject_IsTrue(promoted);
    if (mark < 0) return NULL;
    char buf[RF_FEN_MAX];
    rf_position_to_fen(buf, sizeof buf, &b->pos, RF_FEN_BOARD_ONLY);
    if (mark && b->pos.variant != RF_VARIANT_CRAZYHOUSE) mark_promoted(buf, b->promoted);
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

/* ---- python-chess's castling rights ------------------------------------------------------------ */

/* The rooks of the position's castling rights. */
static rf_bitboard rooks_of(const rf_position *pos)
{
    rf_bitboard mask = 0;
    for (int c = 0; c < 2; c++)
        for (int s = 0; s < 2; s++)
            if (pos->castle_rook[c][s] != RF_NO_SQUARE) mask |= BB(pos->castle_rook[c][s]);
    return mask;
}

static int msb_of(rf_bitboard b)
{
    return 63 - __builtin_clzll(b);
}

/* python-chess's clean_castling_rights() of a board with no moves played: of the rights as
 * written or set, those a king and rook of the colour could use (standard castling mode: the
 * king on e1/e8 and the rooks in the corners; Chess960: the king on its back rank and the
 * outermost right on each side of it). A filter of python-chess's, not the library's rule: it
 * keeps the rights of a board with two kings, for one, where the library drops them. */
static rf_bitboard clean_rights(const rf_bitboard rooks_of_color[2], const rf_bitboard kings_of_color[2], rf_bitboard promoted,
                                rf_bitboard rights, int chess960)
{
    rf_bitboard out = 0;
    for (int c = 0; c < 2 && rights; c++) {
        rf_bitboard rank = c == RF_WHITE ? RANK_1 : RANK_8, rooks = rooks_of_color[c];
        rf_bitboard kings = kings_of_color[c] & rank & ~promoted;
        rf_bitboard mine = rights & rooks & rank;
        if (!chess960) {
            int home = c == RF_WHITE ? 4 : 60;
            if (kings & BB(home)) out |= mine & (BB(home - 4) | BB(home + 3));
            continue;
        }
        if (!kings || !mine) continue;
        int king = msb_of(kings);
        rf_bitboard a_side = mine & -mine, h_side = BB(msb_of(mine));
        if (msb_of(a_side) < king) out |= a_side;
        if (msb_of(h_side) > king) out |= h_side;
    }
    return out;
}

/* clean_castling_rights(): once a move is played the rights are clean already (python-chess:
 * no move gains one), and a board changed since keeps what was set. */
static rf_bitboard promoted_of(const BoardObject *b)
{
    return b->pos.variant == RF_VARIANT_CRAZYHOUSE ? b->pos.promoted : b->promoted;
}

/* clean_rights() of a position's pieces. */
static rf_bitboard clean_rights_of(const rf_position *p, rf_bitboard promoted, rf_bitboard rights, int chess960)
{
    if (!rights) return 0;
    rf_bitboard rooks[2] = {p->by_color[0] & p->by_type[RF_ROOK], p->by_color[1] & p->by_type[RF_ROOK]};
    rf_bitboard kings[2] = {p->by_color[0] & p->by_type[RF_KING], p->by_color[1] & p->by_type[RF_KING]};
    return clean_rights(rooks, kings, promoted, rights, chess960);
}

/* clean_rights() of a setup's pieces. */
static rf_bitboard clean_rights_of_setup(const rf_setup *setup, rf_bitboard rights, int chess960)
{
    if (!rights) return 0;
    rf_bitboard rooks[2] = {0, 0}, kings[2] = {0, 0};
    for (int sq = 0; sq < 64; sq++) {
        rf_piece piece = setup->board[sq];
        if (piece == RF_NO_PIECE) continue;
        if (RF_PIECE_TYPE(piece) == RF_ROOK) rooks[RF_PIECE_COLOR(piece)] |= BB(sq);
        else if (RF_PIECE_TYPE(piece) == RF_KING) kings[RF_PIECE_COLOR(piece)] |= BB(sq);
    }
    return clean_rights(rooks, kings, setup->promoted, rights, chess960);
}

static rf_bitboard board_clean_rights(const BoardObject *b)
{
    if (b->plies) return b->castling;
    return clean_rights_of(&b->pos, promoted_of(b), b->castling, b->pos.chess960);
}

/* The castling_rights after the move of *p was played on *b (b->pos the position after it):
 * python-chess cleans them, then drops the rights of the move's two squares, and all of the
 * mover's when its king moved. Where the library played by the same rights (always but for
 * positions python-chess keeps rights of and the library does not, such as two kings) its
 * rights after the move are the answer (an Atomic explosion takes rights too). */
static rf_bitboard castling_after(const BoardObject *b, const Ply *p, int unchecked)
{
    rf_bitboard before = b->plies > 1 ? p->castling_before
                                      : clean_rights_of(&p->before, p->before.variant == RF_VARIANT_CRAZYHOUSE ? p->before.promoted : p->promoted_before,
                                                        p->castling_before, p->before.chess960);
    if (!unchecked && before == rooks_of(&p->before)) return rooks_of(&b->pos);
    if (p->move == RF_MOVE_NULL) return before;
    int from = RF_MOVE_FROM(p->move), to = RF_MOVE_TO(p->move);
    rf_bitboard after = before & ~BB(from) & ~BB(to);
    const rf_position *was = &p->before;
    rf_bitboard promoted = was->variant == RF_VARIANT_CRAZYHOUSE ? was->promoted : p->promoted_before;
    rf_piece moved = was->board[from], taken = was->board[to];
    if (RF_PIECE_TYPE(moved) == RF_KING && !(promoted & BB(from)) && !RF_MOVE_IS_DROP(p->move)) {
        after &= RF_PIECE_COLOR(moved) == RF_WHITE ? ~RANK_1 : ~RANK_8;
    } else if (unchecked && !RF_MOVE_IS_DROP(p->move) && RF_PIECE_TYPE(taken) == RF_KING && !(promoted & BB(to))) {
        /* python-chess's push: a king taken on the far back rank ends that side's rights. */
        if (was->side == RF_WHITE && RF_RANK_OF(to) == 7) after &= ~RANK_8;
        if (was->side == RF_BLACK && RF_RANK_OF(to) == 0) after &= ~RANK_1;
    }
    if (unchecked && was->variant == RF_VARIANT_ATOMIC && !RF_MOVE_IS_DROP(p->move) &&
        (taken != RF_NO_PIECE || RF_MOVE_KIND(p->move) == RF_MOVE_EN_PASSANT) && RF_MOVE_KIND(p->move) != RF_MOVE_CASTLING) {
        /* Atomic's blast (python-chess's explosion radius: the non-pawns around the target, as
         * they stood with the mover gone) takes the rights there, and a side's all when its
         * king is caught in it. */
        rf_bitboard pawns = was->by_type[RF_PAWN] & ~BB(from);
        rf_bitboard radius = rf_piece_attacks(RF_MAKE_PIECE(RF_WHITE, RF_KING), (rf_square)to, 0) & ~pawns;
        rf_bitboard kings = was->by_type[RF_KING] & ~BB(from) & ~promoted;
        after &= ~radius;
        if (radius & kings & was->by_color[RF_WHITE]) after &= ~RANK_1;
        if (radius & kings & was->by_color[RF_BLACK]) after &= ~RANK_8;
    }
    return after;
}

/* python-chess's promoted mask after the move of *p (outside Crazyhouse, where the library
 * keeps it): a promoted piece stays promoted where it goes, a promotion makes one, and a piece
 * taken off the board (captured, exploded) is no longer one. */
static rf_bitboard promoted_after(const BoardObject *b, const Ply *p)
{
    if (b->pos.variant == RF_VARIANT_CRAZYHOUSE || p->move == RF_MOVE_NULL || RF_MOVE_IS_DROP(p->move)) return 0;
    int from = RF_MOVE_FROM(p->move), to = RF_MOVE_TO(p->move);
    unsigned kind = RF_MOVE_KIND(p->move);
    rf_bitboard after = p->promoted_before & ~BB(from) & ~BB(to);
    if (kind == RF_MOVE_PROMOTION || (kind != RF_MOVE_CASTLING && (p->promoted_before & BB(from)))) after |= BB(to);
    return after & b->pos.by_type[0];
}

/* python-chess's castling field of the clean rights: Shredder-FEN (rook files, White's then
 * Black's, h-file first) or X-FEN (K/Q for the outermost rook on its side of the king, else the
 * rook's file). */
static void castling_text(char *out, const BoardObject *b, int shredder)
{
    const rf_position *p = &b->pos;
    rf_bitboard rights = board_clean_rights(b);
    char *w = out;
    for (int c = 0; c < 2; c++) {
        rf_bitboard rank = c == RF_WHITE ? RANK_1 : RANK_8;
        rf_bitboard kings = p->by_color[c] & p->by_type[RF_KING] & ~promoted_of(b);
        if (!shredder && !kings) continue;
        int king_file = kings ? RF_FILE_OF(msb_of(kings)) : 0;
        rf_bitboard rooks = p->by_color[c] & p->by_type[RF_ROOK] & rank;
        for (rf_bitboard r = rights & rank; r; r &= ~BB(msb_of(r))) {
            int sq = msb_of(r), file = RF_FILE_OF(sq);
            char ch = (char)('a' + file);
            if (!shredder) {
                int a_side = file < king_file, outermost = 1;
                for (rf_bitboard o = rooks & ~BB(sq); o; o &= o - 1)
                    if ((RF_FILE_OF(__builtin_ctzll(o)) < file) == a_side) outermost = 0;
                if (outermost) ch = a_side ? 'q' : 'k';
            }
            *w++ = c == RF_WHITE ? (char)(ch - 'a' + 'A') : ch;
        }
    }
    if (w == out) *w++ = '-';
    *w = 0;
}

static PyObject *board_castling_xfen(PyObject *self, PyObject *unused)
{
    (void)unused;
    char buf[20];
    castling_text(buf, (BoardObject *)self, 0);
    return PyUnicode_FromString(buf);
}

static PyObject *board_castling_shredder_fen(PyObject *self, PyObject *unused)
{
    (void)unused;
    char buf[20];
    castling_text(buf, (BoardObject *)self, 1);
    return PyUnicode_FromString(buf);
}

static PyObject *board_clean_castling_rights(PyObject *self, PyObject *unused)
{
    (void)unused;
    return PyLong_FromUnsignedLongLong(board_clean_rights((BoardObject *)self));
}

static PyObject *board_clean_rights_as(PyObject *self, PyObject *chess960)
{
    const BoardObject *b = (BoardObject *)self;
    int mode = PyObject_IsTrue(chess960);
    if (mode < 0) return NULL;
    if (b->plies) return PyLong_FromUnsignedLongLong(b->castling);
    return PyLong_FromUnsignedLongLong(clean_rights_of(&b->pos, promoted_of(b), b->castling, mode));
}

/* Replaces field `index` (from 0) of the FEN text in buf (capacity RF_FEN_MAX) by `field`. */
static void replace_field(char *buf, int index, const char *field)
{
    char *start = buf;
    for (int i = 0; i < index && start; i++) {
        start = strchr(start, ' ');
        if (start) start++;
    }
    if (!start) return;
    size_t old = strcspn(start, " "), now = strlen(field), tail = strlen(start + old) + 1;
    if ((size_t)(start - buf) + now + tail > RF_FEN_MAX) return;
    if (old == now && memcmp(start, field, now) == 0) return;
    memmove(start + now, start + old, tail);
    memcpy(start, field, now);
}

/* ---- SAN as python-chess reads it --------------------------------------------------------------- */

/* What a SAN says in python-chess's grammar
 *   ^([NBKRQ])?([a-h])?([1-8])?[-x]?([a-h][1-8])(=?[nbrqkNBRQK])?[+#]?$
 * (its SAN_REGEX; castling and the null move are whole strings of their own). The library's
 * reader takes more (lower-case pieces, annotations, "e.p.", white space), python-chess raises. */
typedef struct {
    int piece;     /* 0 or the piece type named */
    int file;      /* -1 or the from file */
    int rank;      /* -1 or the from rank */
    int to;        /* the target square */
    int promotion; /* 0 or the piece type */
} PcSan;

static int san_piece(char c)
{
    switch (c) {
    case 'N': case 'n': return RF_KNIGHT;
    case 'B': case 'b': return RF_BISHOP;
    case 'R': case 'r': return RF_ROOK;
    case 'Q': case 'q': return RF_QUEEN;
    case 'K': case 'k': return RF_KING;
    default: return 0;
    }
}

/* 0 when s[0..len) matches the grammar (*out filled), else -1. Read from the end, where each
 * part is told by its kind of character, so no backtracking is needed. */
static int pc_san_read(PcSan *out, const char *s, size_t len)
{
    size_t end = len;
    out->piece = out->promotion = 0;
    out->file = out->rank = -1;
    if (end && (s[end - 1] == '+' || s[end - 1] == '#')) end--;
    if (end && san_piece(s[end - 1])) {
        out->promotion = san_piece(s[end - 1]);
        end--;
        if (end && s[end - 1] == '=') end--;
    }
    if (end < 2 || s[end - 2] < 'a' || s[end - 2] > 'h' || s[end - 1] < '1' || s[end - 1] > '8') return -1;
    out->to = RF_SQUARE(s[end - 2] - 'a', s[end - 1] - '1');
    end -= 2;
    if (end && (s[end - 1] == '-' || s[end - 1] == 'x')) end--;
    size_t i = 0;
    if (i < end && s[i] && strchr("NBKRQ", s[i])) out->piece = san_piece(s[i++]);
    if (i < end && s[i] >= 'a' && s[i] <= 'h') out->file = s[i++] - 'a';
    if (i < end && s[i] >= '1' && s[i] <= '8') out->rank = s[i++] - '1';
    return i == end ? 0 : -1;
}

/* python-chess's message for a SAN that names no legal move (or several). */
static PyObject *san_error(PyObject *type, const char *what, const char *s, Py_ssize_t len, const BoardObject *b)
{
    char fen[RF_FEN_MAX];
    rf_position_to_fen(fen, sizeof fen, &b->pos, 0);
    PyObject *text = PyUnicode_DecodeUTF8(s, len, "replace");
    if (!text) return NULL;
    PyErr_Format(type, "%s: %R in %s", what, text, fen);
    Py_DECREF(text);
    return NULL;
}

static const char *const san_castles[2][6] = {
    {"O-O", "O-O+", "O-O#", "0-0", "0-0+", "0-0#"},
    {"O-O-O", "O-O-O+", "O-O-O#", "0-0-0", "0-0-0+", "0-0-0#"},
};

/* parse_san with python-chess's reading: castling only as O-O / 0-0 (+ or #); the null move
 * as --, Z0, 0000 or @@@@; else the grammar above, where a move without a piece letter is a
 * pawn's (without its file: on the target's file), unless both from coordinates are given (then
 * the from-to move, castling too, a pawn to the last rank a queen unless said); a Crazyhouse
 * drop as "N@f3" or "@f3". The library lists the legal moves; python-chess's filter picks. */
/* Which castling a SAN is (O-O / 0-0, + or #): 0 kingside, 1 queenside, -1 none. */
static int san_castle_side(const char *s, Py_ssize_t len)
{
    for (int side = 0; side < 2; side++)
        for (int k = 0; k < 6; k++)
            if ((size_t)len == strlen(san_castles[side][k]) && memcmp(s, san_castles[side][k], (size_t)len) == 0)
                return side;
    return -1;
}

static PyObject *san_castling(BoardObject *b, int side, const char *s, Py_ssize_t len)
{
    const rf_movelist *list = legal(b);
    for (unsigned i = 0; i < list->count; i++) {
        rf_move m = list->moves[i];
        if (RF_MOVE_KIND(m) == RF_MOVE_CASTLING && (RF_FILE_OF(RF_MOVE_TO(m)) > RF_FILE_OF(RF_MOVE_FROM(m))) == !side)
            return rfpy_move_from_rf(&b->pos, m);
    }
    return san_error(rfpy_IllegalMoveError, "illegal san", s, len, b);
}

/* A Crazyhouse drop, "N@f3" or "@f3" (a pawn). */
static PyObject *san_drop(BoardObject *b, const char *s, Py_ssize_t len)
{
    char uci[8];
    Py_ssize_t n = len;
    while (n > 0 && (s[n - 1] == '+' || s[n - 1] == '#')) n--;
    if (n < 1 || n > 4) return san_error(rfpy_InvalidMoveError, "invalid drop san", s, len, b);
    size_t at = 0;
    if (s[0] == '@') uci[at++] = 'P';
    memcpy(uci + at, s, (size_t)n);
    uci[at + (size_t)n] = 0;
    PyObject *text = PyUnicode_FromString(uci);
    PyObject *move = text ? rfpy_move_from_uci_text(text) : NULL;
    Py_XDECREF(text);
    if (!move) return NULL;
    rf_move m;
    int rc = rfpy_move_encode(&b->pos, move, &m);
    if (rc == 0 && m == RF_MOVE_NONE) {
        Py_DECREF(move);
        return san_error(rfpy_IllegalMoveError, "illegal drop san", s, len, b);
    }
    if (rc < 0) Py_CLEAR(move);
    return move;
}

/* A move without a piece letter but with both from coordinates: the from-to move, castling too, a
 * pawn to the last rank a queen unless said. */
static PyObject *san_from_to(BoardObject *b, const PcSan *san, const char *s, Py_ssize_t len)
{
    int from = RF_SQUARE(san->file, san->rank), promotion = san->promotion;
    if (!promotion && RF_PIECE_TYPE(b->pos.board[from]) == RF_PAWN && b->pos.board[from] != RF_NO_PIECE &&
        (RF_RANK_OF(san->to) == 0 || RF_RANK_OF(san->to) == 7))
        promotion = RF_QUEEN;
    PyObject *move = rfpy_move_new(from, san->to, promotion, 0);
    if (!move) return NULL;
    rf_move m;
    if (rfpy_move_to_rf(&b->pos, move, &m) < 0) {
        Py_DECREF(move);
        return NULL;
    }
    Py_DECREF(move);
    if (promotion != san->promotion) return san_error(rfpy_IllegalMoveError, "missing promotion piece type", s, len, b);
    return rfpy_move_from_rf(&b->pos, m);
}

/* python-chess's filter over the legal moves: the piece (a pawn without a letter, on the
 * target's file without a from file), the from file and rank given, the target, the promotion. */
static PyObject *san_filtered(BoardObject *b, const PcSan *san, const char *s, Py_ssize_t len)
{
    rf_color us = (rf_color)b->pos.side;
    rf_bitboard from_mask = san->piece ? b->pos.by_type[san->piece] : b->pos.by_type[RF_PAWN];
    from_mask &= b->pos.by_color[us];
    if (san->file >= 0) from_mask &= (rf_bitboard)0x0101010101010101ULL << san->file;
    else if (!san->piece) from_mask &= (rf_bitboard)0x0101010101010101ULL << RF_FILE_OF(san->to);
    if (san->rank >= 0) from_mask &= (rf_bitboard)0xFF << (8 * san->rank);
    if (b->pos.by_color[us] & BB(san->to)) return san_error(rfpy_IllegalMoveError, "illegal san", s, len, b);
    const rf_movelist *list = legal(b);
    rf_move found = RF_MOVE_NONE;
    for (unsigned i = 0; i < list->count; i++) {
        rf_move m = list->moves[i];
        unsigned kind = RF_MOVE_KIND(m);
        if (kind == RF_MOVE_CASTLING || kind == RF_MOVE_DROP || RF_MOVE_TO(m) != san->to ||
            !(from_mask & BB(RF_MOVE_FROM(m))))
            continue;
        if ((kind == RF_MOVE_PROMOTION ? (int)RF_MOVE_PROMOTED(m) : 0) != san->promotion) continue;
        if (found != RF_MOVE_NONE) return san_error(rfpy_AmbiguousMoveError, "ambiguous san", s, len, b);
        found = m;
    }
    if (found == RF_MOVE_NONE) return san_error(rfpy_IllegalMoveError, "illegal san", s, len, b);
    return rfpy_move_from_rf(&b->pos, found);
}

static PyObject *python_chess_parse_san(BoardObject *b, const char *s, Py_ssize_t len)
{
    int side = san_castle_side(s, len);
    if (side >= 0) return san_castling(b, side, s, len);
    if (b->pos.variant == RF_VARIANT_CRAZYHOUSE && memchr(s, '@', (size_t)len)) return san_drop(b, s, len);
    PcSan san;
    if (pc_san_read(&san, s, (size_t)len) < 0) {
        static const char *const nulls[] = {"--", "Z0", "0000", "@@@@"};
        for (int k = 0; k < 4; k++)
            if ((size_t)len == strlen(nulls[k]) && memcmp(s, nulls[k], (size_t)len) == 0) return rfpy_move_new(0, 0, 0, 0);
        return san_error(rfpy_InvalidMoveError, memchr(s, ',', (size_t)len) ? "unsupported multi-leg move" : "invalid san",
                         s, len, b);
    }
    if (!san.piece && san.file >= 0 && san.rank >= 0) return san_from_to(b, &san, s, len);
    return san_filtered(b, &san, s, len);
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
    p->castling_before = b->castling;
    p->setup_status_before = b->setup_status;
    p->written_ep_before = b->written_ep;
    p->promoted_before = b->promoted;
    p->move = m;
    Py_INCREF(obj);
    p->obj = obj;
    if (m == RF_MOVE_NONE) { /* the caller plays it (push_any) */
        b->moves_valid = 0;
        b->setup_status = 0;
        return 0;
    }
    rf_position_play(&b->pos, m);
    /* python-chess counts a Crazyhouse drop, a pawn's too, as a move that does not reset the
     * halfmove clock (no field the position derives from the clock). */
    if (p->before.variant == RF_VARIANT_CRAZYHOUSE && RF_MOVE_KIND(m) == RF_MOVE_DROP)
        b->pos.halfmove = p->before.halfmove + 1;
    b->moves_valid = 0;
    b->setup_status = 0;
    b->castling = castling_after(b, p, 0);
    b->promoted = promoted_after(b, p);
    return 0;
}

/* The library's encoding of python-chess's move for an unchecked push, as python-chess's push()
 * reads any move: e1g1 (e1c1, e8g8, e8c8) with a king on e1 and no rook on g1 is the king's
 * move to h1 (a1 ...); a king moving onto a piece of its own castles with it; a pawn's diagonal
 * step to the empty en passant square takes en passant. RF_MOVE_NONE where no encoding exists. */
static rf_move encode_unchecked(const rf_position *p, int from, int to, int promotion, int drop)
{
    if (drop) return from == to && !promotion ? RF_MOVE_MAKE_DROP(to, drop) : RF_MOVE_NONE;
    if (!promotion && !from && !to) return RF_MOVE_NULL;
    if (from == to) return RF_MOVE_NONE;
    if (promotion) return promotion == RF_PAWN ? RF_MOVE_NONE : RF_MOVE_MAKE_PROMOTION(from, to, promotion);
    rf_piece pc = p->board[from];
    if ((from == 4 || from == 60) && RF_PIECE_TYPE(pc) == RF_KING && RF_RANK_OF(to) == RF_RANK_OF(from) &&
        RF_PIECE_TYPE(p->board[to]) != RF_ROOK) {
        if (RF_FILE_OF(to) == 6) to = from + 3;
        else if (RF_FILE_OF(to) == 2) to = from - 4;
    }
    if (RF_PIECE_TYPE(pc) == RF_KING && p->board[to] && RF_PIECE_COLOR(p->board[to]) == p->side)
        return RF_MOVE_MAKE_KIND(from, to, RF_MOVE_CASTLING);
    int diff = to - from, victim = p->side == RF_WHITE ? to - 8 : to + 8;
    if (RF_PIECE_TYPE(pc) == RF_PAWN && to == p->ep && !p->board[to] && (diff == 7 || diff == 9 || diff == -7 || diff == -9) &&
        victim >= 0 && victim < 64 && p->board[victim] == RF_MAKE_PIECE(!p->side, RF_PAWN))
        return RF_MOVE_MAKE_KIND(from, to, RF_MOVE_EN_PASSANT);
    return RF_MOVE_MAKE(from, to);
}

/* The Move the stack keeps for the move given, as python-chess keeps it: a king's step from e1
 * to g1 or c1 (e8: g8, c8) without a rook there is its move to the corner (h1, a1); then, in
 * standard castling mode, a king's move from e1 to a corner is written e1g1 or e1c1. */
static PyObject *stack_move(const rf_position *p, PyObject *given)
{
    int from, to, promotion, drop;
    if (rfpy_move_fields(given, &from, &to, &promotion, &drop) < 0) return NULL;
    if (!promotion && !drop && (from == 4 || from == 60) && RF_PIECE_TYPE(p->board[from]) == RF_KING) {
        if ((to == from + 2 || to == from - 2) && RF_PIECE_TYPE(p->board[to]) != RF_ROOK) to = to > from ? from + 3 : from - 4;
        if (!p->chess960 && to == from + 3) to = from + 2;
        else if (!p->chess960 && to == from - 4) to = from - 2;
    }
    return rfpy_move_new(from, to, promotion, drop);
}

static int piece_color_is(const rf_position *p, int sq, int color);

/* python-chess's push(): a legal move through the library's make-move; any other move played
 * unchecked, as python-chess plays it (the null move even in check or without a legal move).
 * ValueError only for a move that cannot be made on the board at all (no piece of the side to
 * move on its start square, ...: see rf_position_play_unchecked). */
static int push_any(BoardObject *b, PyObject *move)
{
    rf_move m;
    if (rfpy_move_encode(&b->pos, move, &m) < 0) return -1;
    if (m != RF_MOVE_NONE) {
        PyObject *obj = stack_move(&b->pos, move);
        if (!obj) return -1;
        int rc = push_rf(b, m, obj);
        Py_DECREF(obj);
        return rc;
    }
    int from, to, promotion, drop;
    rfpy_move_fields(move, &from, &to, &promotion, &drop);
    m = encode_unchecked(&b->pos, from, to, promotion, drop);
    rf_position next = b->pos;
    if (m == RF_MOVE_NONE || rf_position_play_unchecked(&next, m) != RF_OK) {
        char uci[8], fen[RF_FEN_MAX];
        rfpy_move_uci_text(uci, from, to, promotion, drop);
        rf_position_to_fen(fen, sizeof fen, &b->pos, 0);
        PyErr_Format(PyExc_ValueError, "push() cannot play %s in %s: no piece of the side to move can make it", uci, fen);
        return -1;
    }
    PyObject *obj = stack_move(&b->pos, move);
    if (!obj || push_rf(b, RF_MOVE_NONE, obj) < 0) {
        Py_XDECREF(obj);
        return -1;
    }
    Py_DECREF(obj);
    Ply *p = &b->stack[b->plies - 1];
    p->move = m;
    b->pos = next;
    b->castling = castling_after(b, p, 1);
    b->promoted = promoted_after(b, p);
    /* python-chess's clock after any move: a drop never resets it; a board move resets it when
     * a pawn moves or stands on the target square, or an enemy piece does. */
    if (m != RF_MOVE_NULL) {
        const rf_position *before = &p->before;
        const int target = RF_MOVE_TO(m); /* e1c1 read as e1a1 without a rook on c1 */
        int zeroing = !drop && (RF_PIECE_TYPE(before->board[from]) == RF_PAWN ||
                                RF_PIECE_TYPE(before->board[target]) == RF_PAWN || piece_color_is(before, target, !before->side));
        b->pos.halfmove = zeroing ? 0 : before->halfmove + 1;
    }
    return 0;
}

static PyObject *board_push(PyObject *self, PyObject *move)
{
    if (push_any((BoardObject *)self, move) < 0) return NULL;
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
    b->castling = p->castling_before;
    b->setup_status = p->setup_status_before;
    b->written_ep = p->written_ep_before;
    b->promoted = p->promoted_before;
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

/* The legal moves to iterate (a new reference): the first time in a position a new list, later
 * a tuple the board keeps until its moves change. */
static PyObject *legal_sequence(BoardObject *b)
{
    const rf_movelist *list = legal(b);
    if (b->move_objs && b->moves_valid) {
        Py_INCREF(b->move_objs);
        return b->move_objs;
    }
    if (!b->moves_valid || b->iterated != b->generation) {
        b->iterated = b->generation;
        return legal_list(b);
    }
    /* Copies: making a Move may run Python code (a collection) that moves on this board. */
    rf_move moves[RF_MAX_MOVES];
    unsigned count = list->count, generation = b->generation;
    memcpy(moves, list->moves, count * sizeof moves[0]);
    rf_position pos = b->pos;
    PyObject *out = PyTuple_New(count);
    if (!out) return NULL;
    for (unsigned i = 0; i < count; i++) {
        PyObject *m = rfpy_move_from_rf(&pos, moves[i]);
        if (!m) {
            Py_DECREF(out);
            return NULL;
        }
        PyTuple_SetItem(out, i, m);
    }
    if (b->moves_valid && b->generation == generation && !b->move_objs) {
        Py_INCREF(out);
        b->move_objs = out;
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
    PyObject_GC_UnTrack(self);
    Py_CLEAR(((LegalMovesObject *)self)->board);
    rfpy_free_object(self);
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

/* A LegalMoveGenerator made over another kind of board (python-chess's LegalMoveGenerator(board))
 * asks the board's own generate_legal_moves() and is_legal(). */
static PyObject *lm_new(PyTypeObject *type, PyObject *args, PyObject *kwargs)
{
    PyObject *board;
    if ((kwargs && PyDict_Size(kwargs)) || !PyArg_ParseTuple(args, "O:LegalMoveGenerator", &board)) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_TypeError, "LegalMoveGenerator(board) takes one argument");
        return NULL;
    }
    allocfunc alloc = (allocfunc)PyType_GetSlot(type, Py_tp_alloc);
    LegalMovesObject *v = (LegalMovesObject *)alloc(type, 0);
    if (!v) return NULL;
    Py_INCREF(board);
    v->board = board;
    return (PyObject *)v;
}

static PyObject *lm_iter(PyObject *self)
{
    PyObject *board = ((LegalMovesObject *)self)->board;
    PyObject *list = rfpy_board_check(board) ? legal_sequence((BoardObject *)board)
                                             : PyObject_CallMethod(board, "generate_legal_moves", NULL);
    if (!list) return NULL;
    PyObject *it = PyObject_GetIter(list);
    Py_DECREF(list);
    return it;
}

static Py_ssize_t lm_len(PyObject *self)
{
    PyObject *board = ((LegalMovesObject *)self)->board;
    if (!rfpy_board_check(board)) {
        PyErr_SetString(PyExc_TypeError, "len() of the legal moves of a board that is no rankfile Board");
        return -1;
    }
    return legal((BoardObject *)board)->count;
}

static int lm_bool(PyObject *self)
{
    PyObject *board = ((LegalMovesObject *)self)->board;
    if (rfpy_board_check(board)) return lm_len(self) > 0;
    PyObject *it = lm_iter(self);
    if (!it) return -1;
    PyObject *first = PyIter_Next(it);
    Py_DECREF(it);
    if (!first) return PyErr_Occurred() ? -1 : 0;
    Py_DECREF(first);
    return 1;
}

static PyObject *lm_count(PyObject *self, PyObject *unused)
{
    (void)unused;
    if (!rfpy_board_check(((LegalMovesObject *)self)->board)) {
        PyObject *it = lm_iter(self), *m;
        if (!it) return NULL;
        Py_ssize_t n = 0;
        while ((m = PyIter_Next(it))) {
            n++;
            Py_DECREF(m);
        }
        Py_DECREF(it);
        return PyErr_Occurred() ? NULL : PyLong_FromSsize_t(n);
    }
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
    PyObject *board = ((LegalMovesObject *)self)->board;
    if (!rfpy_board_check(board)) {
        PyObject *r = PyObject_CallMethod(board, "is_legal", "O", move);
        int truth = r ? PyObject_IsTrue(r) : -1;
        Py_XDECREF(r);
        return truth;
    }
    return legal_contains((BoardObject *)board, move);
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
    {Py_tp_new, lm_new},
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

/* ---- attacks, as python-chess counts them -------------------------------------------------- */

/* python-chess's attackers_mask: the pieces of `color` attacking sq through `occ` (pinned
 * pieces count; a pawn attacks diagonally forward), the library's rf_attackers. */
static rf_bitboard attackers_of(const rf_position *p, int color, int sq, rf_bitboard occ)
{
    return rf_attackers(p, (rf_color)color, (rf_square)sq, occ);
}

/* python-chess's king(): the highest square of color's kings that are no promoted pieces. */
static int king_square(const rf_position *p, int color)
{
    rf_bitboard k = p->by_type[RF_KING] & p->by_color[color] & ~p->promoted;
    return k ? 63 - __builtin_clzll(k) : -1;
}

/* python-chess's checkers_mask: the attackers of king(turn) -- the highest king of the side to
 * move that is no promoted piece -- as the variant counts checks. The library's rf_checkers gives
 * that answer wherever this king is the side's only one and the other side has a king (every
 * position a game reaches). The rest, positions no variant's rules allow (several kings, a
 * promoted king, an Atomic board whose other side has no king), keep python-chess's convention:
 * the attackers of king() (rf_attackers), none in Antichess, none in Atomic while any two kings of
 * the two sides touch (python-chess's _kings_connected). */
static rf_bitboard unruled_checkers(const rf_position *p)
{
    int k = king_square(p, p->side);
    if (k < 0 || p->variant == RF_VARIANT_ANTICHESS) return 0;
    if (p->variant == RF_VARIANT_ATOMIC) {
        rf_bitboard w = p->by_type[RF_KING] & p->by_color[RF_WHITE], b = p->by_type[RF_KING] & p->by_color[RF_BLACK];
        for (; w; w &= w - 1)
            if (rf_piece_attacks(RF_MAKE_PIECE(RF_WHITE, RF_KING), (rf_square)__builtin_ctzll(w), 0) & b) return 0;
    }
    return attackers_of(p, !p->side, k, p->by_type[0]);
}

static rf_bitboard checkers_of(const rf_position *p)
{
    rf_bitboard kings = p->by_type[RF_KING], ours = kings & p->by_color[p->side];
    if (ours && !(ours & (ours - 1)) && !(ours & p->promoted) && (kings & p->by_color[!p->side])) return rf_checkers(p);
    return unruled_checkers(p);
}

/* python-chess's was_into_check: the checkers of the side not to move (its king() attacked by
 * the side to move), the same question asked with the other side to move. */
static int left_in_check(const rf_position *p)
{
    rf_position q = *p;
    q.side = !p->side;
    return checkers_of(&q) != 0;
}

/* ---- python-chess's order of legal moves ------------------------------------------------------ */

/* The rank of a move in the order python-chess generates legal moves, so that a script that
 * lists them (or draws one at random) sees them in the same order: pieces' moves (from h8 down,
 * targets from h8 down), castling (the rook nearer h first), pawn captures, pawn single steps,
 * double steps, en passant, then Crazyhouse drops (by piece type, targets from a1 up);
 * promotions to queen, rook, bishop, knight (Antichess: king first). In check, python-chess's
 * evasion generator lists the king's moves first (not in Atomic and Antichess, which filter the
 * pseudo-legal moves). */
static uint32_t order_key(const rf_position *p, rf_move m, int evasion)
{
    unsigned kind = RF_MOVE_KIND(m);
    unsigned from = RF_MOVE_FROM(m), to = RF_MOVE_TO(m), group, a = 0, b = 0, promo = 0;
    if (kind == RF_MOVE_DROP) return 9u << 24 | (unsigned)RF_MOVE_DROPPED(m) << 12 | to << 4;
    if (kind == RF_MOVE_PROMOTION) {
        rf_piece_type t = RF_MOVE_PROMOTED(m);
        promo = t == RF_KING ? 0 : (unsigned)(RF_QUEEN - t) + 1;
    }
    rf_piece_type moved = RF_PIECE_TYPE(p->board[from]);
    if (kind == RF_MOVE_CASTLING) {
        group = 3;
        a = 63 - to;
    } else if (moved != RF_PAWN) {
        group = evasion && moved == RF_KING ? 1 : 2;
        a = 63 - from;
        b = 63 - to;
    } else if (kind == RF_MOVE_EN_PASSANT) {
        group = 7;
        a = 63 - from;
    } else if (RF_FILE_OF(from) != RF_FILE_OF(to)) {
        group = 4;
        a = 63 - from;
        b = 63 - to;
    } else if (to == from + 16 || from == to + 16) {
        group = 6;
        a = 63 - to;
    } else {
        group = 5;
        a = 63 - to;
    }
    return group << 24 | a << 12 | b << 4 | promo;
}

static rf_bitboard checkers_of(const rf_position *p);

/* Sorts a list of moves of *p into python-chess's order (order_key). */
static void sort_moves(const rf_position *p, rf_movelist *list, int evasion)
{
    static uint32_t keys[RF_MAX_MOVES]; /* the GIL is held */
    for (unsigned i = 0; i < list->count; i++) keys[i] = order_key(p, list->moves[i], evasion);
    for (unsigned i = 1; i < list->count; i++) {
        uint32_t k = keys[i];
        rf_move m = list->moves[i];
        unsigned j = i;
        for (; j > 0 && keys[j - 1] > k; j--) {
            keys[j] = keys[j - 1];
            list->moves[j] = list->moves[j - 1];
        }
        keys[j] = k;
        list->moves[j] = m;
    }
}

static void sort_python_chess(BoardObject *b)
{
    const rf_position *p = &b->pos;
    int evasion = p->variant != RF_VARIANT_ATOMIC && p->variant != RF_VARIANT_ANTICHESS && checkers_of(p) != 0;
    sort_moves(p, b->moves, evasion);
}

/* ---- game state, with python-chess's meanings ------------------------------------------------ */

static int in_check(const rf_position *p)
{
    return checkers_of(p) != 0;
}

static int has_moves(BoardObject *b)
{
    return legal(b)->count > 0;
}

/* python-chess's Racing Kings end, Black to move with White's king home: the race goes on while
 * Black's highest king can step onto an eighth-rank square White does not attack through the board
 * as it stands. The library's rule is the same wherever Black has one king and is not in check. */
static int race_over_python_chess(const rf_position *p)
{
    rf_bitboard black_kings = p->by_type[RF_KING] & p->by_color[RF_BLACK];
    if (!black_kings || (black_kings & RANK_8)) return 1;
    int k = 63 - __builtin_clzll(black_kings);
    rf_bitboard targets = rf_piece_attacks(RF_MAKE_PIECE(RF_BLACK, RF_KING), (rf_square)k, 0) & RANK_8 & ~p->by_color[RF_BLACK];
    for (; targets; targets &= targets - 1)
        if (!attackers_of(p, RF_WHITE, __builtin_ctzll(targets), p->by_type[0])) return 0;
    return 1;
}

/* python-chess's is_variant_end: the library's (rf_position_is_variant_end), but in positions no
 * game reaches, set up by hand, where python-chess has its own conventions: an Atomic board with
 * no king at all has ended (python-chess: a side without a king has lost), so has an Antichess
 * board whose side not to move has no piece (python-chess: the game ends once either side has
 * none); a Racing Kings race with Black to move, several black kings or Black in check, ends as
 * race_over_python_chess says. */
static int variant_end(const rf_position *p)
{
    if (!rf_position_is_variant_end(p)) {
        switch (p->variant) {
        case RF_VARIANT_ATOMIC: return !p->by_type[RF_KING];
        case RF_VARIANT_ANTICHESS: return !p->by_color[!p->side];
        default: return 0;
        }
    }
    if (p->variant == RF_VARIANT_RACINGKINGS && p->side == RF_BLACK) {
        rf_bitboard black_kings = p->by_type[RF_KING] & p->by_color[RF_BLACK];
        if ((black_kings & (black_kings - 1)) || checkers_of(p)) return race_over_python_chess(p);
    }
    return 1;
}

/* python-chess's is_stalemate: the library's, once the game has not ended by python-chess's
 * is_variant_end (one of its ends the library does not see leaves no move to play). */
static int is_stalemate(BoardObject *b)
{
    return !in_check(&b->pos) && !has_moves(b) && !variant_end(&b->pos);
}

/* python-chess's is_variant_win (1), is_variant_loss (-1) and is_variant_draw (2) for the side to
 * move, 0 for none: the library's outcome (rf_position_outcome) where a rule of the variant ended
 * the game, or a stalemate that is no draw (Antichess: the stalemated side has won, python-chess's
 * is_variant_win; rf_position_stalemate_result says so before any move is generated, so that the
 * SAN of a move in a variant whose stalemate is a draw never looks for the replies).
 * python-chess's conventions stay for the positions no game reaches where both sides meet the
 * variant's end at once: both kings on the hill (the side to move has lost), both sides out of
 * checks (a draw), a Horde board without pieces (a draw); and the ends of variant_end above that
 * the library does not see have no winner. */
static int variant_result(BoardObject *b)
{
    const rf_position *p = &b->pos;
    int end = variant_end(p);
    if (!end && (rf_position_stalemate_result(p) == RF_RESULT_DRAW || in_check(p) || has_moves(b))) return 0;
    rf_outcome o = rf_position_outcome(p);
    if (!end ? o.reason != RF_REASON_STALEMATE || o.result == RF_RESULT_DRAW : o.reason != RF_REASON_VARIANT_END) return 0;
    if (end) {
        /* King of the Hill: the library names White's king first; with Black's king on the hill
         * too (still an end without White's), python-chess's side to move has lost. */
        rf_position q = *p;
        q.by_type[RF_KING] &= ~p->by_color[RF_WHITE];
        if (p->variant == RF_VARIANT_KINGOFTHEHILL && o.result == RF_RESULT_WHITE_WINS && rf_position_is_variant_end(&q))
            return -1;
        if ((p->variant == RF_VARIANT_THREECHECK && !p->remaining_checks[0] && !p->remaining_checks[1]) ||
            (p->variant == RF_VARIANT_HORDE && !p->by_type[0]))
            return 2;
    }
    if (o.result == RF_RESULT_DRAW) return 2;
    return (o.result == RF_RESULT_WHITE_WINS) == (p->side == RF_WHITE) ? 1 : -1;
}

/* python-chess's is_checkmate: in check with no legal move, its legal moves none once the variant
 * has ended (a king that reached the hill with check has mated too, where the library's
 * rf_position_is_checkmate names the variant's end alone). */
static int is_checkmate(BoardObject *b)
{
    return in_check(&b->pos) && !has_moves(b);
}

static int insufficient(const rf_position *p)
{
    return rf_position_is_insufficient_material(p);
}

static int halfmoves(BoardObject *b, unsigned n)
{
    return b->pos.variant != RF_VARIANT_CRAZYHOUSE && b->pos.halfmove >= n && has_moves(b);
}

/* python-chess's is_irreversible for the move of ply i: a capture or pawn move, castling rights
 * lost, or a legal en passant capture forgone (Crazyhouse: castling rights alone; Three-check: a
 * check too). */
static int irreversible(const BoardObject *b, Py_ssize_t i)
{
    const rf_position *before = &b->stack[i].before;
    const rf_position *after = i + 1 < b->plies ? &b->stack[i + 1].before : &b->pos;
    rf_move m = b->stack[i].move;
    if (memcmp(before->castle_rook, after->castle_rook, sizeof before->castle_rook) != 0) return 1;
    if (before->variant == RF_VARIANT_CRAZYHOUSE) return 0;
    unsigned kind = RF_MOVE_KIND(m);
    if (kind == RF_MOVE_DROP) {
        if (RF_MOVE_DROPPED(m) == RF_PAWN) return 1;
    } else if (kind != RF_MOVE_PASS) {
        rf_piece moved = before->board[RF_MOVE_FROM(m)], target = before->board[RF_MOVE_TO(m)];
        if (RF_PIECE_TYPE(moved) == RF_PAWN) return 1;
        if (kind != RF_MOVE_CASTLING && target && RF_PIECE_COLOR(target) != before->side) return 1;
    }
    if (before->ep_legal) return 1;
    if (before->variant == RF_VARIANT_THREECHECK && checkers_of(after)) return 1;
    return 0;
}

/* How often the current position occurred since the last irreversible move, itself included;
 * stops counting at `enough`. */
static unsigned repetitions(const BoardObject *b, unsigned enough)
{
    unsigned n = 1;
    for (Py_ssize_t i = b->plies - 1; i >= 0 && n < enough; i--) {
        if (irreversible(b, i)) break;
        if (b->stack[i].before.key == b->pos.key) n++;
    }
    return n;
}

static int claim_threefold(BoardObject *b)
{
    /* The keys of the positions since the last irreversible move, the current one included. */
    uint64_t stack_keys[256];
    uint64_t *keys = stack_keys;
    Py_ssize_t n = 0, cap = 256;
    keys[n++] = b->pos.key;
    for (Py_ssize_t i = b->plies - 1; i >= 0; i--) {
        if (irreversible(b, i)) break;
        if (n == cap) {
            uint64_t *more = PyMem_Malloc((size_t)cap * 2 * sizeof *more);
            if (!more) break; /* counts stay a lower bound */
            memcpy(more, keys, (size_t)n * sizeof *more);
            if (keys != stack_keys) PyMem_Free(keys);
            keys = more;
            cap *= 2;
        }
        keys[n++] = b->stack[i].before.key;
    }
    int claim = 0, seen = 0;
    for (Py_ssize_t i = 0; i < n; i++) seen += keys[i] == b->pos.key;
    if (seen >= 3) claim = 1;
    const rf_movelist *list = legal(b);
    for (unsigned j = 0; j < list->count && !claim; j++) {
        rf_position next = b->pos;
        rf_position_play(&next, list->moves[j]);
        int count = 0;
        for (Py_ssize_t i = 0; i < n; i++) count += keys[i] == next.key;
        if (count >= 2) claim = 1;
    }
    if (keys != stack_keys) PyMem_Free(keys);
    return claim;
}

static int zeroing(const rf_position *p, rf_move m);

static int claim_fifty(BoardObject *b)
{
    if (halfmoves(b, 100)) return 1;
    if (b->pos.halfmove >= 99 && b->pos.variant != RF_VARIANT_CRAZYHOUSE) {
        const rf_movelist *list = legal(b);
        for (unsigned j = 0; j < list->count; j++) {
            if (zeroing(&b->pos, list->moves[j])) continue;
            rf_position next = b->pos;
            rf_position_play(&next, list->moves[j]);
            rf_movelist replies;
            if (next.halfmove >= 100 && rf_generate_moves(&replies, &next) > 0) return 1;
        }
    }
    return 0;
}

/* python-chess's outcome(): the termination (0: the game goes on) and *winner (-1: none). */
static int outcome(BoardObject *b, int claim_draw, int *winner)
{
    int side = b->pos.side;
    *winner = -1;
    int v = variant_result(b);
    if (v == -1) return *winner = !side, T_VARIANT_LOSS;
    if (v == 1) return *winner = side, T_VARIANT_WIN;
    if (v == 2) return T_VARIANT_DRAW;
    if (is_checkmate(b)) return *winner = !side, T_CHECKMATE;
    if (insufficient(&b->pos)) return T_INSUFFICIENT_MATERIAL;
    if (!has_moves(b)) return T_STALEMATE;
    if (halfmoves(b, 150)) return T_SEVENTYFIVE_MOVES;
    if (repetitions(b, 5) >= 5) return T_FIVEFOLD_REPETITION;
    if (claim_draw) {
        if (claim_fifty(b)) return T_FIFTY_MOVES;
        if (claim_threefold(b)) return T_THREEFOLD_REPETITION;
    }
    return 0;
}

/* ---- move predicates on python-chess's raw moves ---------------------------------------------- */

static int move_args(PyObject *move, int *from, int *to, int *promotion, int *drop)
{
    return rfpy_move_fields(move, from, to, promotion, drop);
}

static int raw_is_en_passant(const rf_position *p, int from, int to)
{
    int diff = to - from;
    return p->ep == to && RF_PIECE_TYPE(p->board[from]) == RF_PAWN && (diff == 7 || diff == 9 || diff == -7 || diff == -9) &&
           p->board[to] == RF_NO_PIECE;
}

static int raw_is_castling(const rf_position *p, int from, int to, int drop)
{
    if (drop || RF_PIECE_TYPE(p->board[from]) != RF_KING) return 0;
    int diff = RF_FILE_OF(from) - RF_FILE_OF(to);
    return diff > 1 || diff < -1 || (p->board[to] == RF_MAKE_PIECE(p->side, RF_ROOK));
}

static int zeroing(const rf_position *p, rf_move m)
{
    unsigned kind = RF_MOVE_KIND(m);
    if (kind == RF_MOVE_DROP) return RF_MOVE_DROPPED(m) == RF_PAWN;
    if (kind == RF_MOVE_PASS || kind == RF_MOVE_CASTLING) return 0;
    rf_piece target = p->board[RF_MOVE_TO(m)];
    return RF_PIECE_TYPE(p->board[RF_MOVE_FROM(m)]) == RF_PAWN || (target && RF_PIECE_COLOR(target) != p->side);
}

#define MOVE_PREDICATE(name, expr)                                                                \
    static PyObject *board_##name(PyObject *self, PyObject *move)                                \
    {                                                                                             \
        const rf_position *p = &((BoardObject *)self)->pos;                                       \
        int from, to, promotion, drop;                                                            \
        if (move_args(move, &from, &to, &promotion, &drop) < 0) return NULL;                      \
        (void)promotion;                                                                          \
        return PyBool_FromLong(expr);                                                             \
    }

static int piece_color_is(const rf_position *p, int sq, int color)
{
    return p->board[sq] && (int)RF_PIECE_COLOR(p->board[sq]) == color;
}

MOVE_PREDICATE(is_en_passant, !drop && raw_is_en_passant(p, from, to))
MOVE_PREDICATE(is_capture, !drop && (piece_color_is(p, to, !p->side) || raw_is_en_passant(p, from, to)))
MOVE_PREDICATE(is_castling, raw_is_castling(p, from, to, drop))
MOVE_PREDICATE(is_kingside_castling, raw_is_castling(p, from, to, drop) && RF_FILE_OF(to) > RF_FILE_OF(from))
MOVE_PREDICATE(is_queenside_castling, raw_is_castling(p, from, to, drop) && RF_FILE_OF(to) < RF_FILE_OF(from))
MOVE_PREDICATE(is_zeroing, (from != to && (RF_PIECE_TYPE(p->board[from]) == RF_PAWN || RF_PIECE_TYPE(p->board[to]) == RF_PAWN ||
                                             piece_color_is(p, from, !p->side) || piece_color_is(p, to, !p->side))) ||
                               drop == RF_PAWN)

static PyObject *board_is_legal(PyObject *self, PyObject *move)
{
    BoardObject *b = (BoardObject *)self;
    rf_move m;
    if (rfpy_move_encode(&b->pos, move, &m) < 0) return NULL;
    return PyBool_FromLong(m != RF_MOVE_NONE && m != RF_MOVE_NULL);
}

static PyObject *board_gives_check(PyObject *self, PyObject *move)
{
    BoardObject *b = (BoardObject *)self;
    rf_move m;
    if (rfpy_move_encode(&b->pos, move, &m) < 0) return NULL;
    rf_position next = b->pos;
    if (m == RF_MOVE_NONE) {
        /* python-chess's gives_check pushes any (pseudo-legal) move: played unchecked here. */
        int from, to, promotion, drop;
        rfpy_move_fields(move, &from, &to, &promotion, &drop);
        m = encode_unchecked(&b->pos, from, to, promotion, drop);
        if (m == RF_MOVE_NONE || rf_position_play_unchecked(&next, m) != RF_OK) Py_RETURN_FALSE;
    } else {
        rf_position_play(&next, m);
    }
    return PyBool_FromLong(checkers_of(&next) != 0);
}

/* ---- pseudo-legal moves, masks, attacks and pins (python-chess's Board) ------------------------ */

/* Which moves a generator keeps: all, captures (to an enemy piece's square, castling never, and
 * en passant), en passant only, castling only, drops only. */
enum { SEL_ALL, SEL_CAPTURES, SEL_EP, SEL_CASTLING, SEL_DROPS };

static int selected(const rf_position *p, rf_move m, int sel)
{
    unsigned kind = RF_MOVE_KIND(m);
    switch (sel) {
    case SEL_CAPTURES:
        return kind == RF_MOVE_EN_PASSANT ||
               (kind != RF_MOVE_CASTLING && kind != RF_MOVE_DROP && piece_color_is(p, RF_MOVE_TO(m), !p->side));
    case SEL_EP: return kind == RF_MOVE_EN_PASSANT;
    case SEL_CASTLING: return kind == RF_MOVE_CASTLING;
    case SEL_DROPS: return kind == RF_MOVE_DROP;
    default: return 1;
    }
}

/* The moves of `list` (in its order) from a square of from_mask to one of to_mask (castling: the
 * rook's square; a drop: its square for both) of the selection, as a new list of Moves. */
static PyObject *moves_list(const rf_position *p, const rf_movelist *list, rf_bitboard from_mask, rf_bitboard to_mask,
                            int sel)
{
    PyObject *out = PyList_New(0);
    for (unsigned i = 0; out && i < list->count; i++) {
        rf_move m = list->moves[i];
        if (!(from_mask & BB(RF_MOVE_FROM(m))) || !(to_mask & BB(RF_MOVE_TO(m))) || !selected(p, m, sel)) continue;
        PyObject *obj = rfpy_move_from_rf(p, m);
        if (!obj || PyList_Append(out, obj) < 0) Py_CLEAR(out);
        Py_XDECREF(obj);
    }
    return out;
}

static int masks_arg(PyObject *args, rf_bitboard *from_mask, rf_bitboard *to_mask, int *sel)
{
    PyObject *f, *t;
    if (!PyArg_ParseTuple(args, "OOi", &f, &t, sel)) return -1;
    *from_mask = PyLong_AsUnsignedLongLongMask(f);
    if (PyErr_Occurred()) return -1;
    *to_mask = PyLong_AsUnsignedLongLongMask(t);
    return PyErr_Occurred() ? -1 : 0;
}

/* The pseudo-legal moves (rf_generate_pseudo_moves) in python-chess's order; no castling once
 * the variant's rules have ended the game. */
static void pseudo_moves(BoardObject *b, rf_movelist *list, rf_bitboard from_mask, rf_bitboard to_mask)
{
    rf_generate_pseudo_moves(list, &b->pos, from_mask, to_mask);
    if (variant_end(&b->pos)) {
        unsigned n = 0;
        for (unsigned i = 0; i < list->count; i++)
            if (RF_MOVE_KIND(list->moves[i]) != RF_MOVE_CASTLING) list->moves[n++] = list->moves[i];
        list->count = n;
    }
    sort_moves(&b->pos, list, 0);
}

static PyObject *board_pseudo_moves(PyObject *self, PyObject *args)
{
    BoardObject *b = (BoardObject *)self;
    rf_bitboard from_mask, to_mask;
    int sel;
    if (masks_arg(args, &from_mask, &to_mask, &sel) < 0) return NULL;
    rf_movelist list;
    pseudo_moves(b, &list, from_mask, to_mask);
    rf_position pos = b->pos;
    return moves_list(&pos, &list, from_mask, to_mask, sel);
}

static PyObject *board_legal_moves_of(PyObject *self, PyObject *args)
{
    BoardObject *b = (BoardObject *)self;
    rf_bitboard from_mask, to_mask;
    int sel;
    if (masks_arg(args, &from_mask, &to_mask, &sel) < 0) return NULL;
    /* Copies: making the Moves may run Python code (a collection) that moves on this board. */
    rf_movelist list = *legal(b);
    rf_position pos = b->pos;
    return moves_list(&pos, &list, from_mask, to_mask, sel);
}

/* python-chess's is_pseudo_legal: a move of a piece of the side to move that its pseudo-legal
 * moves hold, or one of its castling moves (e1g1 or e1h1 in standard castling mode). Drops and
 * the null move are not (Crazyhouse's drops: rankfile.variant). */
static int pseudo_legal(BoardObject *b, int from, int to, int promotion, int drop)
{
    const rf_position *p = &b->pos;
    if ((!from && !to && !promotion) || drop) return 0;
    rf_piece pc = p->board[from];
    if (!pc || (int)RF_PIECE_COLOR(pc) != p->side) return 0;
    rf_piece_type type = RF_PIECE_TYPE(pc);
    if (promotion && (type != RF_PAWN || RF_RANK_OF(to) != (p->side == RF_WHITE ? 7 : 0))) return 0;
    if (type == RF_KING) {
        int cto = to;
        if (!p->chess960 && (from == 4 || from == 60) && (to == from + 3 || to == from - 4))
            cto = to == from + 3 ? from + 2 : from - 2;
        const rf_movelist *list = legal(b);
        for (unsigned i = 0; i < list->count; i++) {
            rf_move m = list->moves[i];
            if (RF_MOVE_KIND(m) != RF_MOVE_CASTLING || RF_MOVE_FROM(m) != from) continue;
            int mto = p->chess960 ? RF_MOVE_TO(m) : RF_SQUARE(RF_MOVE_TO(m) > from ? 6 : 2, RF_RANK_OF(from));
            if (mto == cto) return 1;
        }
    }
    if (piece_color_is(p, to, p->side)) return 0;
    if (type != RF_PAWN) return (rf_piece_attacks(pc, (rf_square)from, p->by_type[0]) & BB(to)) != 0;
    rf_movelist list;
    rf_generate_pseudo_moves(&list, p, BB(from), BB(to));
    for (unsigned i = 0; i < list.count; i++) {
        rf_move m = list.moves[i];
        int mp = RF_MOVE_KIND(m) == RF_MOVE_PROMOTION ? (int)RF_MOVE_PROMOTED(m) : 0;
        if (RF_MOVE_FROM(m) == from && RF_MOVE_TO(m) == to && mp == promotion) return 1;
    }
    return 0;
}

static PyObject *board_is_pseudo_legal(PyObject *self, PyObject *move)
{
    int from, to, promotion, drop;
    if (move_args(move, &from, &to, &promotion, &drop) < 0) return NULL;
    return PyBool_FromLong(pseudo_legal((BoardObject *)self, from, to, promotion, drop));
}

static int square_of(PyObject *obj, int *sq);

static PyObject *board_attacks_mask(PyObject *self, PyObject *square)
{
    const rf_position *p = &((BoardObject *)self)->pos;
    int sq;
    if (square_of(square, &sq) < 0) return NULL;
    return PyLong_FromUnsignedLongLong(rf_piece_attacks(p->board[sq], (rf_square)sq, p->by_type[0]));
}

static int color_arg(PyObject *obj, int *color);

static PyObject *board_pin_mask(PyObject *self, PyObject *args)
{
    const rf_position *p = &((BoardObject *)self)->pos;
    PyObject *color, *square;
    int c, sq;
    if (!PyArg_ParseTuple(args, "OO:pin_mask", &color, &square) || color_arg(color, &c) < 0 || square_of(square, &sq) < 0)
        return NULL;
    /* Antichess kings are ordinary pieces: nothing is pinned (python-chess's SuicideBoard). */
    if (p->variant == RF_VARIANT_ANTICHESS) return PyLong_FromUnsignedLongLong(~(rf_bitboard)0);
    return PyLong_FromUnsignedLongLong(rf_pin_mask(p, (rf_color)c, (rf_square)sq));
}

static PyObject *board_was_into_check(PyObject *self, PyObject *unused)
{
    (void)unused;
    return PyBool_FromLong(left_in_check(&((BoardObject *)self)->pos));
}

/* python-chess's is_into_check: the move (pseudo-legal) leaves the mover's king attacked. */
static PyObject *board_is_into_check(PyObject *self, PyObject *move)
{
    BoardObject *b = (BoardObject *)self;
    int from, to, promotion, drop;
    if (move_args(move, &from, &to, &promotion, &drop) < 0) return NULL;
    if (b->pos.variant == RF_VARIANT_ANTICHESS || king_square(&b->pos, b->pos.side) < 0) Py_RETURN_FALSE;
    rf_move m;
    if (rfpy_move_encode(&b->pos, move, &m) < 0) return NULL;
    rf_position next = b->pos;
    if (m != RF_MOVE_NONE) {
        rf_position_play(&next, m);
    } else {
        m = encode_unchecked(&b->pos, from, to, promotion, drop);
        if (m == RF_MOVE_NONE || rf_position_play_unchecked(&next, m) != RF_OK) Py_RETURN_FALSE;
    }
    return PyBool_FromLong(left_in_check(&next));
}

/* ---- notation --------------------------------------------------------------------------------- */

/* The SAN (or, long, python-chess's LAN) of a legal move with python-chess's suffix: '#' when
 * the move mates or ends the game by the variant's rules with a winner, '+' when it checks. */
static int notation(char *out, size_t cap, BoardObject *b, rf_move m, int long_form)
{
    const rf_position *p = &b->pos;
    char body[32];
    unsigned kind = RF_MOVE_KIND(m);
    if (kind == RF_MOVE_PASS) {
        snprintf(out, cap, "--");
        return 0;
    }
    if (long_form && kind != RF_MOVE_CASTLING && kind != RF_MOVE_DROP) {
        int from = RF_MOVE_FROM(m), to = RF_MOVE_TO(m);
        char a[3], c[3];
        rf_square_name(a, (rf_square)from);
        rf_square_name(c, (rf_square)to);
        rf_piece_type t = RF_PIECE_TYPE(p->board[from]);
        int capture = kind == RF_MOVE_EN_PASSANT || (p->board[to] && RF_PIECE_COLOR(p->board[to]) != p->side);
        int n = snprintf(body, sizeof body, "%s%s%c%s", t == RF_PAWN ? "" : (char[]){(char)(rf_piece_to_char(RF_MAKE_PIECE(RF_WHITE, t))), 0},
                         a, capture ? 'x' : '-', c);
        if (kind == RF_MOVE_PROMOTION)
            snprintf(body + n, sizeof body - (size_t)n, "=%c", rf_piece_to_char(RF_MAKE_PIECE(RF_WHITE, RF_MOVE_PROMOTED(m))));
    } else {
        size_t n = rf_move_to_san(body, sizeof body, p, m);
        while (n > 0 && (body[n - 1] == '+' || body[n - 1] == '#')) body[--n] = 0;
        if (kind == RF_MOVE_DROP && body[0] == 'P') memmove(body, body + 1, n);
    }
    BoardObject after;
    rf_movelist after_moves;
    after.pos = *p;
    rf_position_play(&after.pos, m);
    after.moves = &after_moves;
    after.move_objs = NULL;
    after.moves_valid = 0;
    after.plies = 0;
    int check = checkers_of(&after.pos) != 0;
    int v = variant_result(&after);
    int mate = (check && !has_moves(&after)) || v == 1 || v == -1;
    snprintf(out, cap, "%s%s", body, mate ? "#" : check ? "+" : "");
    return 0;
}

static PyObject *san_of(BoardObject *b, PyObject *move, int long_form)
{
    int from, to, promotion, drop;
    if (rfpy_move_fields(move, &from, &to, &promotion, &drop) < 0) return NULL;
    /* python-chess writes the null move "--" anywhere, in check and after mate too. */
    if (!from && !to && !promotion && !drop) return PyUnicode_FromString("--");
    rf_move m;
    if (rfpy_move_to_rf(&b->pos, move, &m) < 0) return NULL;
    char buf[48];
    notation(buf, sizeof buf, b, m, long_form);
    return PyUnicode_FromString(buf);
}

static PyObject *board_san(PyObject *self, PyObject *move)
{
    return san_of((BoardObject *)self, move, 0);
}

static PyObject *board_lan(PyObject *self, PyObject *move)
{
    return san_of((BoardObject *)self, move, 1);
}

static PyObject *board_uci(PyObject *self, PyObject *args, PyObject *kwargs)
{
    static char *kwlist[] = {"move", "chess960", NULL};
    PyObject *move, *chess960 = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O|$O:uci", kwlist, &move, &chess960)) return NULL;
    BoardObject *b = (BoardObject *)self;
    int mode = b->pos.chess960;
    if (chess960 != Py_None && (mode = PyObject_IsTrue(chess960)) < 0) return NULL;
    rf_move m;
    if (rfpy_move_encode(&b->pos, move, &m) < 0) return NULL;
    int from, to, promotion, drop;
    rfpy_move_fields(move, &from, &to, &promotion, &drop);
    char buf[8];
    if (m != RF_MOVE_NONE && RF_MOVE_KIND(m) == RF_MOVE_CASTLING) {
        /* king-takes-rook; python-chess writes the king's step only for a king on e1/e8 and a
         * rook on the corner, the castling standard chess knows. */
        int king = RF_MOVE_FROM(m), rook = RF_MOVE_TO(m);
        int standard = (king == 4 && (rook == 0 || rook == 7)) || (king == 60 && (rook == 56 || rook == 63));
        if (!mode && standard) rook = RF_SQUARE(rook > king ? 6 : 2, RF_RANK_OF(king));
        rfpy_move_uci_text(buf, king, rook, 0, 0);
    } else {
        rfpy_move_uci_text(buf, from, to, promotion, drop);
    }
    return PyUnicode_FromString(buf);
}

static PyObject *text_arg(PyObject *text, const char **s, Py_ssize_t *len)
{
    if (!PyUnicode_Check(text)) {
        PyErr_SetString(PyExc_TypeError, "expected a str");
        return NULL;
    }
    *s = PyUnicode_AsUTF8AndSize(text, len);
    return *s ? text : NULL;
}

static PyObject *parse_move(BoardObject *b, PyObject *text, int san)
{
    const char *s;
    Py_ssize_t len;
    if (!text_arg(text, &s, &len)) return NULL;
    rf_move m;
    rf_error err;
    rf_status st;
    /* python-chess reads the null move's names anywhere, legal or not. */
    static const char *const null_names[] = {"--", "Z0", "0000", "@@@@"};
    for (int i = 0; san && i < 4; i++)
        if ((size_t)len == strlen(null_names[i]) && memcmp(s, null_names[i], (size_t)len) == 0) return rfpy_move_new(0, 0, 0, 0);
    if (san) {
        return python_chess_parse_san(b, s, len);
    } else {
        /* python-chess's parse_uci: the text must be a UCI move (Move.from_uci), then legal. */
        PyObject *move = rfpy_move_from_uci_text(text);
        if (!move) return NULL;
        int f, t, pr, d;
        rfpy_move_fields(move, &f, &t, &pr, &d);
        if (!f && !t && !pr && !d) return move; /* the null move, as python-chess */
        int rc = rfpy_move_to_rf(&b->pos, move, &m);
        Py_DECREF(move);
        if (rc < 0) return NULL;
        st = RF_OK;
    }
    if (st != RF_OK) {
        char fen[RF_FEN_MAX + 4] = "in ";
        rf_position_to_fen(fen + 3, RF_FEN_MAX, &b->pos, 0);
        return rfpy_raise(st, &err, s, fen);
    }
    return rfpy_move_from_rf(&b->pos, m);
}

static PyObject *board_parse_san(PyObject *self, PyObject *text)
{
    return parse_move((BoardObject *)self, text, 1);
}

static PyObject *board_parse_uci(PyObject *self, PyObject *text)
{
    return parse_move((BoardObject *)self, text, 0);
}

static PyObject *push_parsed(PyObject *self, PyObject *text, int san)
{
    BoardObject *b = (BoardObject *)self;
    PyObject *move = parse_move(b, text, san);
    if (!move) return NULL;
    if (push_any(b, move) < 0) {
        Py_DECREF(move);
        return NULL;
    }
    return move;
}

static PyObject *board_push_san(PyObject *self, PyObject *text)
{
    return push_parsed(self, text, 1);
}

static PyObject *board_push_uci(PyObject *self, PyObject *text)
{
    return push_parsed(self, text, 0);
}

static PyObject *board_variation_san(PyObject *self, PyObject *moves)
{
    BoardObject *b = (BoardObject *)self;
    PyObject *it = PyObject_GetIter(moves);
    if (!it) return NULL;
    BoardObject scratch;
    rf_movelist scratch_moves;
    scratch.pos = b->pos;
    scratch.moves = &scratch_moves;
    scratch.move_objs = NULL;
    scratch.moves_valid = 0;
    scratch.plies = 0;
    PyObject *parts = PyList_New(0), *move;
    int first = 1;
    while (parts && (move = PyIter_Next(it))) {
        rf_move m;
        int rc = rfpy_move_encode(&scratch.pos, move, &m);
        if (rc == 0 && (m == RF_MOVE_NONE || m == RF_MOVE_NULL)) {
            char uci[8], fen[RF_FEN_MAX];
            int f, t, pr, d;
            rfpy_move_fields(move, &f, &t, &pr, &d);
            rfpy_move_uci_text(uci, f, t, pr, d);
            rf_position_to_fen(fen, sizeof fen, &scratch.pos, 0);
            PyErr_Format(rfpy_IllegalMoveError, "illegal move %s in position %s", uci, fen);
            rc = -1;
        }
        Py_DECREF(move);
        if (rc < 0) {
            Py_CLEAR(parts);
            break;
        }
        char san[48], text[80];
        notation(san, sizeof san, &scratch, m, 0);
        if (scratch.pos.side == RF_WHITE)
            snprintf(text, sizeof text, "%u. %s", (unsigned)scratch.pos.fullmove, san);
        else if (first)
            snprintf(text, sizeof text, "%u...%s", (unsigned)scratch.pos.fullmove, san);
        else
            snprintf(text, sizeof text, "%s", san);
        first = 0;
        PyObject *str = PyUnicode_FromString(text);
        if (!str || PyList_Append(parts, str) < 0) Py_CLEAR(parts);
        Py_XDECREF(str);
        rf_position_play(&scratch.pos, m);
        scratch.moves_valid = 0;
    }
    Py_DECREF(it);
    if (!parts || PyErr_Occurred()) {
        Py_XDECREF(parts);
        return NULL;
    }
    PyObject *sep = PyUnicode_FromString(" ");
    PyObject *out = sep ? PyUnicode_Join(sep, parts) : NULL;
    Py_XDECREF(sep);
    Py_DECREF(parts);
    return out;
}

static PyObject *board_legal_sans(PyObject *self, PyObject *unused)
{
    (void)unused;
    BoardObject *b = (BoardObject *)self;
    const rf_movelist *list = legal(b);
    rf_movelist copy = *list;
    PyObject *parts = PyList_New(0);
    for (unsigned i = 0; parts && i < copy.count; i++) {
        char san[48];
        notation(san, sizeof san, b, copy.moves[i], 0);
        PyObject *str = PyUnicode_FromString(san);
        if (!str || PyList_Append(parts, str) < 0) Py_CLEAR(parts);
        Py_XDECREF(str);
    }
    if (!parts) return NULL;
    PyObject *sep = PyUnicode_FromString(", ");
    PyObject *out = sep ? PyUnicode_Join(sep, parts) : NULL;
    Py_XDECREF(sep);
    Py_DECREF(parts);
    return out;
}

/* ---- game end --------------------------------------------------------------------------------- */

#define STATE_PREDICATE(name, expr)                                                               \
    static PyObject *board_##name(PyObject *self, PyObject *unused)                              \
    {                                                                                             \
        (void)unused;                                                                             \
        BoardObject *b = (BoardObject *)self;                                                     \
        (void)b;                                                                                  \
        return PyBool_FromLong(expr);                                                             \
    }

STATE_PREDICATE(is_check, in_check(&b->pos))
STATE_PREDICATE(is_checkmate, is_checkmate(b))
STATE_PREDICATE(is_stalemate, is_stalemate(b))
STATE_PREDICATE(is_insufficient_material, insufficient(&b->pos))
STATE_PREDICATE(is_seventyfive_moves, halfmoves(b, 150))
STATE_PREDICATE(is_fifty_moves, halfmoves(b, 100))
STATE_PREDICATE(is_fivefold_repetition, repetitions(b, 5) >= 5)
STATE_PREDICATE(can_claim_threefold_repetition, claim_threefold(b))
STATE_PREDICATE(can_claim_fifty_moves, claim_fifty(b))
STATE_PREDICATE(can_claim_draw, claim_fifty(b) || claim_threefold(b))
STATE_PREDICATE(is_variant_end, variant_end(&b->pos))
STATE_PREDICATE(is_variant_win, variant_result(b) == 1)
STATE_PREDICATE(is_variant_loss, variant_result(b) == -1)
STATE_PREDICATE(is_variant_draw, variant_result(b) == 2)
STATE_PREDICATE(has_legal_en_passant, b->pos.ep_legal && !variant_end(&b->pos))
STATE_PREDICATE(has_pseudo_legal_en_passant, pseudo_legal_ep(&b->pos))

static int color_arg(PyObject *obj, int *color)
{
    int v = PyObject_IsTrue(obj);
    if (v < 0) return -1;
    *color = v ? RF_WHITE : RF_BLACK; /* python-chess: WHITE is True */
    return 0;
}

static PyObject *board_has_insufficient_material(PyObject *self, PyObject *color)
{
    int c;
    if (color_arg(color, &c) < 0) return NULL;
    return PyBool_FromLong(rf_position_has_insufficient_material(&((BoardObject *)self)->pos, (rf_color)c));
}

static PyObject *board_is_repetition(PyObject *self, PyObject *args, PyObject *kwargs)
{
    static char *kwlist[] = {"count", NULL};
    int count = 3;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "|i:is_repetition", kwlist, &count)) return NULL;
    if (count <= 1) Py_RETURN_TRUE;
    return PyBool_FromLong(repetitions((BoardObject *)self, (unsigned)count) >= (unsigned)count);
}

static int claim_draw_arg(PyObject *args, PyObject *kwargs, const char *name, int *claim)
{
    static char *kwlist[] = {"claim_draw", NULL};
    char format[40];
    snprintf(format, sizeof format, "|$p:%s", name);
    *claim = 0;
    return PyArg_ParseTupleAndKeywords(args, kwargs, format, kwlist, claim) ? 0 : -1;
}

static PyObject *board_is_game_over(PyObject *self, PyObject *args, PyObject *kwargs)
{
    int claim, winner;
    if (claim_draw_arg(args, kwargs, "is_game_over", &claim) < 0) return NULL;
    return PyBool_FromLong(outcome((BoardObject *)self, claim, &winner) != 0);
}

static PyObject *board_result(PyObject *self, PyObject *args, PyObject *kwargs)
{
    int claim, winner;
    if (claim_draw_arg(args, kwargs, "result", &claim) < 0) return NULL;
    if (!outcome((BoardObject *)self, claim, &winner)) return PyUnicode_FromString("*");
    return PyUnicode_FromString(winner < 0 ? "1/2-1/2" : winner == RF_WHITE ? "1-0" : "0-1");
}

static PyObject *board_outcome_code(PyObject *self, PyObject *args, PyObject *kwargs)
{
    int claim, winner;
    if (claim_draw_arg(args, kwargs, "outcome", &claim) < 0) return NULL;
    int t = outcome((BoardObject *)self, claim, &winner);
    if (!t) Py_RETURN_NONE;
    if (winner < 0) return Py_BuildValue("(iO)", t, Py_None);
    return Py_BuildValue("(iO)", t, winner == RF_WHITE ? Py_True : Py_False);
}

/* ---- pieces and squares ----------------------------------------------------------------------- */

static int square_of(PyObject *obj, int *sq)
{
    long v = PyLong_AsLong(obj);
    if (v == -1 && PyErr_Occurred()) return -1;
    if (v < 0 || v > 63) {
        PyErr_Format(PyExc_IndexError, "square out of range: %ld", v);
        return -1;
    }
    *sq = (int)v;
    return 0;
}

static PyObject *piece_object(rf_piece p)
{
    if (!piece_objects) {
        PyErr_SetString(PyExc_RuntimeError, "rankfile's Piece objects are not registered");
        return NULL;
    }
    PyObject *obj = PyTuple_GetItem(piece_objects, p & 15);
    Py_XINCREF(obj);
    return obj;
}

static PyObject *board_piece_at(PyObject *self, PyObject *square)
{
    int sq;
    if (square_of(square, &sq) < 0) return NULL;
    return piece_object(((BoardObject *)self)->pos.board[sq]);
}

static PyObject *board_piece_type_at(PyObject *self, PyObject *square)
{
    int sq;
    if (square_of(square, &sq) < 0) return NULL;
    rf_piece p = ((BoardObject *)self)->pos.board[sq];
    if (!p) Py_RETURN_NONE;
    return PyLong_FromLong(RF_PIECE_TYPE(p));
}

static PyObject *board_color_at(PyObject *self, PyObject *square)
{
    int sq;
    if (square_of(square, &sq) < 0) return NULL;
    rf_piece p = ((BoardObject *)self)->pos.board[sq];
    if (!p) Py_RETURN_NONE;
    return PyBool_FromLong(RF_PIECE_COLOR(p) == (rf_color)RF_WHITE);
}

static PyObject *board_piece_map(PyObject *self, PyObject *args, PyObject *kwargs)
{
    static char *kwlist[] = {"mask", NULL};
    unsigned long long mask = ~0ULL;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "|$K:piece_map", kwlist, &mask)) return NULL;
    BoardObject *b = (BoardObject *)self;
    PyObject *d = PyDict_New();
    /* python-chess fills the dictionary from h8 down to a1. */
    for (int sq = 63; d && sq >= 0; sq--) {
        if (!b->pos.board[sq] || !(mask & BB(sq))) continue;
        PyObject *k = PyLong_FromLong(sq), *v = piece_object(b->pos.board[sq]);
        if (!k || !v || PyDict_SetItem(d, k, v) < 0) Py_CLEAR(d);
        Py_XDECREF(k);
        Py_XDECREF(v);
    }
    return d;
}

static PyObject *board_king(PyObject *self, PyObject *color)
{
    int c;
    if (color_arg(color, &c) < 0) return NULL;
    int k = king_square(&((BoardObject *)self)->pos, c);
    if (k < 0) Py_RETURN_NONE;
    return PyLong_FromLong(k);
}

static PyObject *board_pieces_mask(PyObject *self, PyObject *args)
{
    int type;
    PyObject *color;
    if (!PyArg_ParseTuple(args, "iO:pieces_mask", &type, &color)) return NULL;
    int c;
    if (color_arg(color, &c) < 0) return NULL;
    if (type < 1 || type > 6) {
        PyErr_Format(PyExc_ValueError, "piece type must be 1..6, not %d", type);
        return NULL;
    }
    const rf_position *p = &((BoardObject *)self)->pos;
    return PyLong_FromUnsignedLongLong(p->by_type[type] & p->by_color[c]);
}

static PyObject *board_checkers_mask(PyObject *self, PyObject *unused)
{
    (void)unused;
    return PyLong_FromUnsignedLongLong(checkers_of(&((BoardObject *)self)->pos));
}

static PyObject *board_attackers_mask(PyObject *self, PyObject *args)
{
    PyObject *color, *square, *occupied = Py_None;
    if (!PyArg_ParseTuple(args, "OO|O:attackers_mask", &color, &square, &occupied)) return NULL;
    int c, sq;
    if (color_arg(color, &c) < 0 || square_of(square, &sq) < 0) return NULL;
    const rf_position *p = &((BoardObject *)self)->pos;
    rf_bitboard occ = p->by_type[0];
    if (occupied != Py_None) {
        occ = PyLong_AsUnsignedLongLongMask(occupied);
        if (PyErr_Occurred()) return NULL;
    }
    return PyLong_FromUnsignedLongLong(attackers_of(p, c, sq, occ));
}

static PyObject *board_is_attacked_by(PyObject *self, PyObject *args)
{
    PyObject *mask = board_attackers_mask(self, args);
    if (!mask) return NULL;
    int truth = PyObject_IsTrue(mask);
    Py_DECREF(mask);
    return truth < 0 ? NULL : PyBool_FromLong(truth);
}

/* ---- validity --------------------------------------------------------------------------------- */

static rf_bitboard line_through(int a, int b)
{
    int df = RF_FILE_OF(b) - RF_FILE_OF(a), dr = RF_RANK_OF(b) - RF_RANK_OF(a);
    if (!(df == 0 || dr == 0 || df == dr || df == -dr)) return 0;
    int sf = (df > 0) - (df < 0), sr = (dr > 0) - (dr < 0);
    rf_bitboard out = BB(a);
    for (int dir = -1; dir <= 1; dir += 2) {
        int f = RF_FILE_OF(a), r = RF_RANK_OF(a);
        for (;;) {
            f += dir * sf;
            r += dir * sr;
            if (f < 0 || f > 7 || r < 0 || r > 7) break;
            out |= BB(RF_SQUARE(f, r));
        }
    }
    return out;
}

/* The checks python-chess finds impossible: more than two checkers, two on a line through the
 * king, or a check beside a double step that the step cannot have given. */
static uint32_t check_status(const rf_position *p, rf_bitboard checkers)
{
    const rf_bitboard *t = p->by_type, occ = t[0];
    rf_bitboard our_kings = t[RF_KING] & p->by_color[p->side] & ~p->promoted;
    uint32_t e = 0;
    int n = popcount(checkers);
    if (n > 2) e |= ST_TOO_MANY_CHECKERS;
    if (p->ep != RF_NO_SQUARE) {
        int pushed_to = p->ep ^ 8, pushed_from = p->ep ^ 24;
        rf_bitboard before = (occ & ~BB(pushed_to)) | BB(pushed_from);
        int attacked = 0;
        rf_bitboard path = our_kings;
        if (p->variant == RF_VARIANT_ATOMIC) /* a king next to the enemy king is safe there */
            for (rf_bitboard k = t[RF_KING] & p->by_color[!p->side]; k; k &= k - 1)
                path &= ~rf_piece_attacks(RF_MAKE_PIECE(RF_WHITE, RF_KING), (rf_square)__builtin_ctzll(k), 0);
        for (rf_bitboard k = path; k; k &= k - 1)
            if (attackers_of(p, !p->side, __builtin_ctzll(k), before)) attacked = 1;
        if (n > 1 || (63 - __builtin_clzll(checkers) != pushed_to && attacked)) e |= ST_IMPOSSIBLE_CHECK;
    } else if (n > 2 || (n == 2 && (line_through(__builtin_ctzll(checkers), 63 - __builtin_clzll(checkers)) & our_kings))) {
        e |= ST_IMPOSSIBLE_CHECK;
    }
    return e;
}

/* The variant's rules over the standard status e (python-chess's variant boards' status). */
static uint32_t variant_status(const rf_position *p, uint32_t e, rf_bitboard checkers)
{
    const rf_bitboard *t = p->by_type, w = p->by_color[RF_WHITE], bl = p->by_color[RF_BLACK], occ = t[0];
    switch (p->variant) {
    case RF_VARIANT_ANTICHESS:
        e &= ~(uint32_t)(ST_NO_WHITE_KING | ST_NO_BLACK_KING | ST_TOO_MANY_KINGS | ST_OPPOSITE_CHECK);
        break;
    case RF_VARIANT_ATOMIC:
        e &= ~(uint32_t)ST_OPPOSITE_CHECK;
        e &= ~(uint32_t)(p->side == RF_WHITE ? ST_NO_WHITE_KING : ST_NO_BLACK_KING);
        if (popcount(checkers) <= 14) e &= ~(uint32_t)ST_TOO_MANY_CHECKERS;
        if (p->ep == RF_NO_SQUARE) e &= ~(uint32_t)ST_IMPOSSIBLE_CHECK;
        break;
    case RF_VARIANT_RACINGKINGS:
        if (checkers) e |= ST_RACE_CHECK | ST_TOO_MANY_CHECKERS | ST_IMPOSSIBLE_CHECK;
        if (p->side == RF_BLACK && (w & t[RF_KING] & RANK_8) && (bl & t[RF_KING] & RANK_8)) e |= ST_RACE_OVER;
        if (t[RF_PAWN]) e |= ST_RACE_MATERIAL;
        for (int c = 0; c < 2; c++) {
            rf_bitboard mine = p->by_color[c];
            if (popcount(mine & t[RF_KNIGHT]) > 2 || popcount(mine & t[RF_BISHOP]) > 2 ||
                popcount(mine & t[RF_ROOK]) > 2 || popcount(mine & t[RF_QUEEN]) > 1)
                e |= ST_RACE_MATERIAL;
        }
        break;
    case RF_VARIANT_HORDE:
        e &= ~(uint32_t)ST_NO_WHITE_KING;
        if (popcount(w) <= 36) e &= ~(uint32_t)(ST_TOO_MANY_WHITE_PIECES | ST_TOO_MANY_WHITE_PAWNS);
        if (!(t[RF_PAWN] & RANK_8) && !(bl & t[RF_PAWN] & RANK_1)) e &= ~(uint32_t)ST_PAWNS_ON_BACKRANK;
        if (w & t[RF_KING]) e |= ST_TOO_MANY_KINGS;
        break;
    case RF_VARIANT_CRAZYHOUSE: {
        int pawns = popcount(t[RF_PAWN]) + p->pocket[0][RF_PAWN] + p->pocket[1][RF_PAWN];
        int pieces = popcount(occ);
        for (int c = 0; c < 2; c++)
            for (int k = 1; k < 8; k++) pieces += p->pocket[c][k];
        if (pawns <= 16) e &= ~(uint32_t)(ST_TOO_MANY_BLACK_PAWNS | ST_TOO_MANY_WHITE_PAWNS);
        if (pieces <= 32) e &= ~(uint32_t)(ST_TOO_MANY_BLACK_PIECES | ST_TOO_MANY_WHITE_PIECES);
        break;
    }
    default: break;
    }
    return e;
}

static uint32_t status_of(const BoardObject *b)
{
    const rf_position *p = &b->pos;
    const rf_bitboard *t = p->by_type, w = p->by_color[RF_WHITE], bl = p->by_color[RF_BLACK], occ = t[0];
    uint32_t e = b->setup_status;
    if (b->castling != board_clean_rights(b)) e |= ST_BAD_CASTLING_RIGHTS;
    if (!occ) e |= ST_EMPTY;
    if (!(w & t[RF_KING])) e |= ST_NO_WHITE_KING;
    if (!(bl & t[RF_KING])) e |= ST_NO_BLACK_KING;
    if (popcount(t[RF_KING]) > 2) e |= ST_TOO_MANY_KINGS;
    if (popcount(w) > 16) e |= ST_TOO_MANY_WHITE_PIECES;
    if (popcount(bl) > 16) e |= ST_TOO_MANY_BLACK_PIECES;
    if (popcount(w & t[RF_PAWN]) > 8) e |= ST_TOO_MANY_WHITE_PAWNS;
    if (popcount(bl & t[RF_PAWN]) > 8) e |= ST_TOO_MANY_BLACK_PAWNS;
    if (t[RF_PAWN] & (RANK_1 | RANK_8)) e |= ST_PAWNS_ON_BACKRANK;
    if (left_in_check(p)) e |= ST_OPPOSITE_CHECK;
    rf_bitboard checkers = checkers_of(p);
    if (checkers) e |= check_status(p, checkers);
    return variant_status(p, e, checkers);
}

static PyObject *board_status_code(PyObject *self, PyObject *unused)
{
    (void)unused;
    return PyLong_FromUnsignedLong(status_of((BoardObject *)self));
}

static PyObject *board_is_valid(PyObject *self, PyObject *unused)
{
    (void)unused;
    return PyBool_FromLong(status_of((BoardObject *)self) == 0);
}

/* ---- copies and comparison -------------------------------------------------------------------- */

static PyObject *copy_board(BoardObject *b, Py_ssize_t keep)
{
    PyObject *obj = new_of_class((PyObject *)Py_TYPE(b));
    if (!obj) return NULL;
    BoardObject *c = (BoardObject *)obj;
    c->pos = b->pos;
    c->setup_status = b->setup_status;
    c->castling = b->castling;
    c->promoted = b->promoted;
    c->written_ep = b->written_ep;
    c->written_ep = b->written_ep;
    if (keep > b->plies) keep = b->plies;
    if (keep > 0) {
        c->stack = PyMem_Malloc((size_t)keep * sizeof *c->stack);
        if (!c->stack) {
            Py_DECREF(obj);
            return PyErr_NoMemory();
        }
        memcpy(c->stack, b->stack + (b->plies - keep), (size_t)keep * sizeof *c->stack);
        for (Py_ssize_t i = 0; i < keep; i++) Py_INCREF(c->stack[i].obj);
        c->plies = c->cap = keep;
    }
    return obj;
}

static PyObject *board_copy(PyObject *self, PyObject *args, PyObject *kwargs)
{
    static char *kwlist[] = {"stack", NULL};
    PyObject *stack = Py_True;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "|$O:copy", kwlist, &stack)) return NULL;
    BoardObject *b = (BoardObject *)self;
    Py_ssize_t keep;
    if (stack == Py_True) keep = b->plies;
    else if (stack == Py_False) keep = 0;
    else if ((keep = PyLong_AsSsize_t(stack)) == -1 && PyErr_Occurred()) return NULL;
    return copy_board(b, keep < 0 ? 0 : keep);
}

static PyObject *board_dunder_copy(PyObject *self, PyObject *unused)
{
    (void)unused;
    return copy_board((BoardObject *)self, ((BoardObject *)self)->plies);
}

static PyObject *board_deepcopy(PyObject *self, PyObject *memo)
{
    (void)memo;
    return copy_board((BoardObject *)self, ((BoardObject *)self)->plies);
}

static int same_position(const rf_position *a, const rf_position *b)
{
    return a->variant == b->variant && a->halfmove == b->halfmove && a->fullmove == b->fullmove &&
           a->side == b->side && memcmp(a->board, b->board, sizeof a->board) == 0 &&
           memcmp(a->castle_rook, b->castle_rook, sizeof a->castle_rook) == 0 &&
           (a->ep_legal ? a->ep : RF_NO_SQUARE) == (b->ep_legal ? b->ep : RF_NO_SQUARE) &&
           a->promoted == b->promoted && memcmp(a->pocket, b->pocket, sizeof a->pocket) == 0 &&
           memcmp(a->remaining_checks, b->remaining_checks, sizeof a->remaining_checks) == 0;
}

static PyObject *board_richcompare(PyObject *a, PyObject *b, int op)
{
    if ((op != Py_EQ && op != Py_NE) || !rfpy_board_check(b)) Py_RETURN_NOTIMPLEMENTED;
    int eq = same_position(&((BoardObject *)a)->pos, &((BoardObject *)b)->pos);
    return PyBool_FromLong(op == Py_EQ ? eq : !eq);
}

/* ---- the position's fields -------------------------------------------------------------------- */

/* Changes the position through its setup (python-chess's boards have writable fields): the
 * change is read as a FEN would be, so a contradiction is reported by status(). */
static int rebuild(BoardObject *b, const rf_setup *setup, int chess960)
{
    Made made;
    if (make_position(&made, *setup, b->pos.variant, chess960) < 0) return -1;
    take_made(b, &made);
    return 0;
}

static PyObject *get_turn(PyObject *self, void *c)
{
    (void)c;
    return PyBool_FromLong(((BoardObject *)self)->pos.side == RF_WHITE);
}

static PyObject *get_fullmove(PyObject *self, void *c)
{
    (void)c;
    return PyLong_FromUnsignedLong(((BoardObject *)self)->pos.fullmove);
}

static PyObject *get_halfmove(PyObject *self, void *c)
{
    (void)c;
    return PyLong_FromUnsignedLong(((BoardObject *)self)->pos.halfmove);
}

static PyObject *get_ep(PyObject *self, void *c)
{
    (void)c;
    const BoardObject *b = (BoardObject *)self;
    rf_square ep = b->setup_status & ST_INVALID_EP_SQUARE ? b->written_ep : b->pos.ep;
    if (ep == RF_NO_SQUARE) Py_RETURN_NONE;
    return PyLong_FromLong(ep);
}

static PyObject *get_castling(PyObject *self, void *c)
{
    (void)c;
    return PyLong_FromUnsignedLongLong(((BoardObject *)self)->castling);
}

static PyObject *get_chess960(PyObject *self, void *c)
{
    (void)c;
    return PyBool_FromLong(((BoardObject *)self)->pos.chess960);
}

static PyObject *get_promoted(PyObject *self, void *c)
{
    (void)c;
    const BoardObject *b = (BoardObject *)self;
    return PyLong_FromUnsignedLongLong(b->pos.variant == RF_VARIANT_CRAZYHOUSE ? b->pos.promoted : b->promoted);
}

static int field_setter(PyObject *self, PyObject *value, void *closure)
{
    BoardObject *b = (BoardObject *)self;
    if (!value) {
        PyErr_SetString(PyExc_AttributeError, "cannot delete a board's field");
        return -1;
    }
    rf_setup setup;
    rf_setup_from_position(&setup, &b->pos);
    /* What the FEN said and the position could not keep stays until changed. */
    setup.castling = b->castling;
    if (b->setup_status & ST_INVALID_EP_SQUARE) setup.ep = b->written_ep;
    int chess960 = b->pos.chess960;
    const char *what = closure;
    if (strcmp(what, "turn") == 0) {
        int v = PyObject_IsTrue(value);
        if (v < 0) return -1;
        setup.side = v ? RF_WHITE : RF_BLACK;
    } else if (strcmp(what, "chess960") == 0) {
        int v = PyObject_IsTrue(value);
        if (v < 0) return -1;
        chess960 = v;
    } else if (strcmp(what, "ep_square") == 0) {
        int sq = RF_NO_SQUARE;
        if (value != Py_None && square_of(value, &sq) < 0) return -1;
        setup.ep = (rf_square)sq;
    } else if (strcmp(what, "castling_rights") == 0) {
        unsigned long long mask = PyLong_AsUnsignedLongLongMask(value);
        if (PyErr_Occurred()) return -1;
        setup.castling = mask;
    } else {
        long v = PyLong_AsLong(value);
        if (v == -1 && PyErr_Occurred()) return -1;
        if (v < 0 || v > 0x7fffffffL) {
            PyErr_Format(PyExc_ValueError, "%s out of range: %ld", what, v);
            return -1;
        }
        if (strcmp(what, "halfmove_clock") == 0) setup.halfmove = (uint32_t)v;
        else setup.fullmove = (uint32_t)(v ? v : 1);
    }
    return rebuild(b, &setup, chess960);
}

/* ---- Chess960, Polyglot, perft ----------------------------------------------------------------- */

static PyObject *board_chess960_number(PyObject *self, PyObject *unused)
{
    (void)unused;
    int n = rf_chess960_check(NULL, &((BoardObject *)self)->pos, 0);
    if (n < 0) Py_RETURN_NONE;
    return PyLong_FromLong(n);
}

static PyObject *board_set_chess960_pos(PyObject *self, PyObject *number)
{
    long n = PyLong_AsLong(number);
    if (n == -1 && PyErr_Occurred()) return NULL;
    rf_position start;
    if (n < 0 || n >= RF_CHESS960_COUNT || rf_chess960_position(&start, (int)n) != RF_OK) {
        PyErr_Format(PyExc_ValueError, "a Chess960 start position is numbered 0..959, not %ld", n);
        return NULL;
    }
    BoardObject *b = (BoardObject *)self;
    rf_setup setup;
    rf_setup_from_position(&setup, &start);
    clear_stack(b);
    b->setup_status = 0;
    if (rebuild(b, &setup, 1) < 0) return NULL;
    Py_RETURN_NONE;
}

static PyObject *board_polyglot_key(PyObject *self, PyObject *unused)
{
    (void)unused;
    return PyLong_FromUnsignedLongLong(rf_polyglot_key(&((BoardObject *)self)->pos));
}

typedef struct {
    PyThreadState *thread;
    int interrupted;
} PerftWatch;

/* Called on the calling thread between jobs: takes the GIL back for a moment to let Python
 * see a Ctrl-C (KeyboardInterrupt) or another signal's exception, which cancels the count. */
static int perft_progress(void *user, const rf_perft_progress *progress)
{
    (void)progress;
    PerftWatch *w = user;
    PyEval_RestoreThread(w->thread);
    if (PyErr_CheckSignals() < 0) w->interrupted = 1;
    w->thread = PyEval_SaveThread();
    return w->interrupted;
}

static PyObject *board_perft(PyObject *self, PyObject *args, PyObject *kwargs)
{
    static char *kwlist[] = {"depth", "threads", "hash_mb", NULL};
    int depth, threads = 0;
    Py_ssize_t hash_mb = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "i|$in:perft", kwlist, &depth, &threads, &hash_mb)) return NULL;
    if (depth < 0 || depth > RF_PERFT_MAX_DEPTH || hash_mb < 0) {
        PyErr_Format(PyExc_ValueError, "perft depth must be 0..%d and hash_mb at least 0", RF_PERFT_MAX_DEPTH);
        return NULL;
    }
    rf_position pos = ((BoardObject *)self)->pos;
    rf_count count = {0, 0};
    rf_error err;
    rf_status st;
    PerftWatch watch = {NULL, 0};
    rf_perft_options opt = {0};
    opt.threads = threads;
    opt.hash_mb = (size_t)hash_mb;
    opt.progress = perft_progress;
    opt.user = &watch;
    opt.progress_ms = 100;
    watch.thread = PyEval_SaveThread();
    st = rf_perft_run(&count, &pos, depth, &opt, &err);
    PyEval_RestoreThread(watch.thread);
    if (watch.interrupted) return NULL; /* the signal's exception is set */
    if (st != RF_OK) return rfpy_raise(st, &err, NULL, NULL);
    PyObject *hi = PyLong_FromUnsignedLongLong(count.hi), *lo = PyLong_FromUnsignedLongLong(count.lo);
    PyObject *shift = PyLong_FromLong(64);
    PyObject *up = hi && shift ? PyNumber_Lshift(hi, shift) : NULL;
    PyObject *total = up && lo ? PyNumber_Or(up, lo) : NULL;
    Py_XDECREF(hi);
    Py_XDECREF(lo);
    Py_XDECREF(shift);
    Py_XDECREF(up);
    return total;
}

static PyObject *board_clear_stack(PyObject *self, PyObject *unused)
{
    (void)unused;
    clear_stack((BoardObject *)self);
    Py_RETURN_NONE;
}

static PyObject *board_root(PyObject *self, PyObject *unused)
{
    (void)unused;
    BoardObject *b = (BoardObject *)self;
    PyObject *obj = copy_board(b, 0);
    if (obj && b->plies) {
        ((BoardObject *)obj)->pos = b->stack[0].before;
        ((BoardObject *)obj)->castling = b->stack[0].castling_before;
        ((BoardObject *)obj)->setup_status = b->stack[0].setup_status_before;
        ((BoardObject *)obj)->written_ep = b->stack[0].written_ep_before;
        ((BoardObject *)obj)->promoted = b->stack[0].promoted_before;
    }
    return obj;
}

static PyObject *board_bitboards(PyObject *self, PyObject *unused)
{
    (void)unused;
    const rf_position *p = &((BoardObject *)self)->pos;
    return Py_BuildValue("(KKKKKKKKK)", (unsigned long long)p->by_color[RF_WHITE], (unsigned long long)p->by_color[RF_BLACK],
                         (unsigned long long)p->by_type[0], (unsigned long long)p->by_type[1], (unsigned long long)p->by_type[2],
                         (unsigned long long)p->by_type[3], (unsigned long long)p->by_type[4], (unsigned long long)p->by_type[5],
                         (unsigned long long)p->by_type[6]);
}

static PyObject *board_pockets_of(PyObject *self, PyObject *color)
{
    int c;
    if (color_arg(color, &c) < 0) return NULL;
    const uint8_t *k = ((BoardObject *)self)->pos.pocket[c];
    return Py_BuildValue("(iiiiii)", k[1], k[2], k[3], k[4], k[5], k[6]);
}

static PyObject *board_remaining_checks_of(PyObject *self, PyObject *unused)
{
    (void)unused;
    const uint8_t *r = ((BoardObject *)self)->pos.remaining_checks;
    return Py_BuildValue("(ii)", r[RF_WHITE], r[RF_BLACK]);
}

static PyObject *board_explosion(PyObject *self, PyObject *move)
{
    BoardObject *b = (BoardObject *)self;
    rf_move m;
    if (rfpy_move_to_rf(&b->pos, move, &m) < 0) return NULL;
    rf_explosion e;
    rf_atomic_explosion(&e, &b->pos, m);
    rf_bitboard lost = 0;
    for (unsigned i = 0; i < e.lost_count && i < 10; i++) lost |= BB(e.lost_square[i]);
    if (e.center == RF_NO_SQUARE) return Py_BuildValue("(OKK)", Py_None, 0ULL, 0ULL);
    return Py_BuildValue("(iKK)", e.center, (unsigned long long)e.blast, (unsigned long long)lost);
}

static PyObject *board_set_pocket(PyObject *self, PyObject *args)
{
    PyObject *color;
    int n[6];
    if (!PyArg_ParseTuple(args, "O(iiiiii):_set_pocket", &color, &n[0], &n[1], &n[2], &n[3], &n[4], &n[5])) return NULL;
    int c;
    if (color_arg(color, &c) < 0) return NULL;
    BoardObject *b = (BoardObject *)self;
    rf_setup setup;
    rf_setup_from_position(&setup, &b->pos);
    for (int i = 0; i < 6; i++) {
        if (n[i] < 0 || n[i] > 64) {
            PyErr_SetString(PyExc_ValueError, "a pocket holds 0..64 pieces of a type");
            return NULL;
        }
        setup.pocket[c][i + 1] = (uint8_t)n[i];
    }
    setup.extras |= RF_SETUP_POCKET;
    if (rebuild(b, &setup, b->pos.chess960) < 0) return NULL;
    Py_RETURN_NONE;
}

static PyObject *board_set_remaining_checks(PyObject *self, PyObject *args)
{
    int w, bl;
    if (!PyArg_ParseTuple(args, "ii:_set_remaining_checks", &w, &bl)) return NULL;
    if (w < 0 || w > 3 || bl < 0 || bl > 3) {
        PyErr_SetString(PyExc_ValueError, "remaining checks are 0..3");
        return NULL;
    }
    BoardObject *b = (BoardObject *)self;
    rf_setup setup;
    rf_setup_from_position(&setup, &b->pos);
    setup.remaining_checks[RF_WHITE] = (uint8_t)w;
    setup.remaining_checks[RF_BLACK] = (uint8_t)bl;
    setup.extras |= RF_SETUP_CHECKS;
    if (rebuild(b, &setup, b->pos.chess960) < 0) return NULL;
    Py_RETURN_NONE;
}

static PyObject *board_set_board(PyObject *self, PyObject *args)
{
    const char *codes;
    Py_ssize_t len;
    unsigned long long promoted;
    if (!PyArg_ParseTuple(args, "y#K:_set_board", &codes, &len, &promoted)) return NULL;
    if (len != 64) {
        PyErr_SetString(PyExc_ValueError, "64 piece codes, a1 first");
        return NULL;
    }
    BoardObject *b = (BoardObject *)self;
    rf_setup setup;
    rf_setup_from_position(&setup, &b->pos);
    setup.castling = b->castling;
    if (b->setup_status & ST_INVALID_EP_SQUARE) setup.ep = b->written_ep;
    for (int sq = 0; sq < 64; sq++) {
        rf_piece p = (rf_piece)codes[sq];
        if (p && (RF_PIECE_TYPE(p) < RF_PAWN || RF_PIECE_TYPE(p) > RF_KING || (p & ~15))) {
            PyErr_Format(PyExc_ValueError, "piece code %d is no piece", p);
            return NULL;
        }
        setup.board[sq] = p;
    }
    rf_bitboard occupied = 0;
    for (int sq = 0; sq < 64; sq++)
        if (setup.board[sq]) occupied |= BB(sq);
    /* The library's position has promoted pieces in Crazyhouse only; the board keeps
     * python-chess's mask in the others. */
    setup.promoted = (rf_bitboard)promoted & occupied;
    if (rebuild(b, &setup, b->pos.chess960) < 0) return NULL;
    Py_RETURN_NONE;
}

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
     "push(move: Move) -> None\n\nPlays the move and puts it on the move stack. As python-chess, legality is not checked:\n"
     "any move of a piece of the side to move is played as given (the null move passes the turn)."},
    {"pop", board_pop, METH_NOARGS, "pop() -> Move\n\nTakes back the last move and returns it."},
    {"peek", board_peek, METH_NOARGS, "peek() -> Move\n\nThe last move played."},
#define M_O(name, doc) {#name, board_##name, METH_O, doc}
#define M_0(name, doc) {#name, board_##name, METH_NOARGS, doc}
#define M_KW(name, doc) {#name, (PyCFunction)(void (*)(void))board_##name, METH_VARARGS | METH_KEYWORDS, doc}
    M_O(is_en_passant, "is_en_passant(move) -> bool\n\nA pawn's capture en passant."),
    M_O(is_capture, "is_capture(move) -> bool\n\nThe move takes a piece (en passant too)."),
    M_O(is_castling, "is_castling(move) -> bool\n\nA king's castling move (e1g1 or e1h1)."),
    M_O(is_kingside_castling, "is_kingside_castling(move) -> bool\n\nCastling with the rook on the h-file side."),
    M_O(is_queenside_castling, "is_queenside_castling(move) -> bool\n\nCastling with the rook on the a-file side."),
    M_O(is_zeroing, "is_zeroing(move) -> bool\n\nA capture or pawn move (it resets the halfmove clock)."),
    M_O(is_legal, "is_legal(move) -> bool\n\nThe move is one of the legal moves (the null move is not)."),
    M_O(gives_check, "gives_check(move) -> bool\n\nThe legal move puts the other king in check."),
    M_O(san, "san(move) -> str\n\nThe legal move in SAN (\"Nf3\", \"exd5\", \"O-O\", \"e8=Q#\")."),
    M_O(lan, "lan(move) -> str\n\nThe legal move in long algebraic notation (\"Ng1-f3\", \"e4xd5\")."),
    M_KW(uci, "uci(move, *, chess960=None) -> str\n\nThe move in UCI, castling written for the given castling mode\n(default: the board's)."),
    M_O(parse_san, "parse_san(san: str) -> Move\n\nReads a legal move in SAN (leniently: 0-0, e8Q, Ng1f3, missing check signs);\nInvalidMoveError, IllegalMoveError or AmbiguousMoveError."),
    M_O(parse_uci, "parse_uci(uci: str) -> Move\n\nReads a legal move in UCI; InvalidMoveError or IllegalMoveError."),
    M_O(push_san, "push_san(san: str) -> Move\n\nparse_san, then push; returns the move."),
    M_O(push_uci, "push_uci(uci: str) -> Move\n\nparse_uci, then push; returns the move."),
    M_O(variation_san, "variation_san(moves) -> str\n\nThe moves, legal one after the other from here, as numbered SAN (\"1. e4 e5 2. Nf3\")."),
    {"_legal_sans", board_legal_sans, METH_NOARGS, "The legal moves in SAN, joined by \", \"."},
    M_0(is_check, "is_check() -> bool\n\nThe side to move is in check."),
    M_0(is_checkmate, "is_checkmate() -> bool\n\nIn check with no legal move."),
    M_0(is_stalemate, "is_stalemate() -> bool\n\nNot in check, with no legal move, the game not over by the variant's rules."),
    M_0(is_insufficient_material, "is_insufficient_material() -> bool\n\nNeither side can win by its material."),
    M_O(has_insufficient_material, "has_insufficient_material(color) -> bool\n\nThat side cannot win by its material."),
    M_0(is_seventyfive_moves, "is_seventyfive_moves() -> bool\n\n150 plies without capture or pawn move, and a legal move exists."),
    M_0(is_fifty_moves, "is_fifty_moves() -> bool\n\n100 plies without capture or pawn move, and a legal move exists."),
    M_0(is_fivefold_repetition, "is_fivefold_repetition() -> bool\n\nThe position occurred five times."),
    M_KW(is_repetition, "is_repetition(count=3) -> bool\n\nThe position occurred at least count times (the move stack tells)."),
    M_0(can_claim_threefold_repetition, "can_claim_threefold_repetition() -> bool\n\nThe position occurred three times, or a\nlegal move makes it so."),
    M_0(can_claim_fifty_moves, "can_claim_fifty_moves() -> bool\n\nFifty moves have passed, or a legal move makes it so."),
    M_0(can_claim_draw, "can_claim_draw() -> bool\n\ncan_claim_fifty_moves() or can_claim_threefold_repetition()."),
    M_KW(is_game_over, "is_game_over(*, claim_draw=False) -> bool\n\nThe game has ended (outcome() is not None)."),
    M_KW(result, "result(*, claim_draw=False) -> str\n\n\"1-0\", \"0-1\", \"1/2-1/2\" or \"*\"."),
    M_KW(outcome_code, "The (termination number, winner) of outcome(), or None."),
    M_0(is_variant_end, "is_variant_end() -> bool\n\nThe game has ended by a rule of the variant."),
    M_0(is_variant_win, "is_variant_win() -> bool\n\nThe side to move has won by a rule of the variant."),
    M_0(is_variant_loss, "is_variant_loss() -> bool\n\nThe side to move has lost by a rule of the variant."),
    M_0(is_variant_draw, "is_variant_draw() -> bool\n\nThe game is drawn by a rule of the variant."),
    M_0(has_legal_en_passant, "has_legal_en_passant() -> bool\n\nA legal en passant capture exists."),
    M_0(has_pseudo_legal_en_passant, "has_pseudo_legal_en_passant() -> bool\n\nA pawn stands where it could take en passant."),
    M_O(piece_at, "piece_at(square) -> Piece | None"),
    M_O(piece_type_at, "piece_type_at(square) -> int | None"),
    M_O(color_at, "color_at(square) -> bool | None"),
    M_KW(piece_map, "piece_map(*, mask=BB_ALL) -> dict[int, Piece]"),
    M_O(king, "king(color) -> int | None\n\nThe square of that side's king (not a promoted one)."),
    {"pieces_mask", board_pieces_mask, METH_VARARGS, "pieces_mask(piece_type, color) -> int\n\nThe squares of those pieces, as a bitboard."},
    M_0(checkers_mask, "checkers_mask() -> int\n\nThe pieces giving check, as a bitboard."),
    {"attackers_mask", board_attackers_mask, METH_VARARGS, "attackers_mask(color, square, occupied=None) -> int\n\nThe pieces of color attacking square, as a bitboard."},
    {"is_attacked_by", board_is_attacked_by, METH_VARARGS, "is_attacked_by(color, square, occupied=None) -> bool"},
    M_0(status_code, "The python-chess Status bits of the position, as an int."),
    M_0(is_valid, "is_valid() -> bool\n\nstatus() is STATUS_VALID: the position is one the rules allow."),
    M_KW(copy, "copy(*, stack=True) -> Board\n\nA copy with the whole move stack (stack=True), none (False) or the last N moves."),
    {"__copy__", board_dunder_copy, METH_NOARGS, NULL},
    {"__deepcopy__", board_deepcopy, METH_O, NULL},
    M_0(chess960_number, "The number (0..959) of the board as a Chess960 start position, or None."),
    M_O(set_chess960_pos, "set_chess960_pos(n) -> None\n\nSets Chess960 start position n (0..959), Chess960 castling mode."),
    M_0(polyglot_key, "polyglot_key() -> int\n\nThe Polyglot opening-book key of the position."),
    M_KW(perft, "perft(depth, *, threads=0, hash_mb=0) -> int\n\nThe number of leaf nodes of the legal move tree of that depth, counted by the C\n"
                "library with the GIL released (threads=0: one per CPU; hash_mb: a transposition table).\nCtrl-C cancels it."),
    M_0(clear_stack, "clear_stack() -> None\n\nForgets the move stack (the position stays)."),
    M_0(root, "root() -> Board\n\nA copy of the position before the first move of the stack."),
    {"clean_castling_rights", board_clean_castling_rights, METH_NOARGS,
     "clean_castling_rights() -> int\n\nThe castling rights a king and rook could use (python-chess's filter), as a bitboard."},
    {"_clean_rights_as", board_clean_rights_as, METH_O, "clean_castling_rights() as in the castling mode given (True: Chess960)."},
    {"castling_xfen", board_castling_xfen, METH_NOARGS, "castling_xfen() -> str\n\nThe FEN's castling field in X-FEN (KQkq, a file letter for an inner rook)."},
    {"castling_shredder_fen", board_castling_shredder_fen, METH_NOARGS, "castling_shredder_fen() -> str\n\nThe FEN's castling field as rook files (HAha)."},
    {"_bitboards", board_bitboards, METH_NOARGS, "(white, black, occupied, pawns, knights, bishops, rooks, queens, kings)"},
    {"_pocket_counts", board_pockets_of, METH_O, "The Crazyhouse pocket of a colour: counts of pawn..king."},
    {"_remaining_checks", board_remaining_checks_of, METH_NOARGS, "Three-check: (white, black) checks still to give."},
    {"_set_board", board_set_board, METH_VARARGS, "Sets the pieces: 64 library piece codes (bytes, a1 first) and the promoted ones."},
    {"_set_pocket", board_set_pocket, METH_VARARGS, "Sets a Crazyhouse pocket: (color, counts of pawn..king)."},
    {"_set_remaining_checks", board_set_remaining_checks, METH_VARARGS, "Three-check: sets (white, black) checks still to give."},
    {"_explosion", board_explosion, METH_O, "(centre or None, blast bitboard, bitboard of the pieces lost) of a legal move."},
    {"_pseudo_moves", board_pseudo_moves, METH_VARARGS,
     "_pseudo_moves(from_mask, to_mask, selection) -> list[Move]\n\nThe pseudo-legal moves in python-chess's order; selection 0 all, 1 captures, 2 en passant,\n3 castling, 4 drops."},
    {"_legal_moves_of", board_legal_moves_of, METH_VARARGS,
     "_legal_moves_of(from_mask, to_mask, selection) -> list[Move]\n\nThe legal moves in python-chess's order, selected as _pseudo_moves."},
    M_O(is_pseudo_legal, "is_pseudo_legal(move) -> bool\n\nA move of the side to move's pieces, leaving the king in check or not (castling:\nthe legal castling moves). Drops and the null move are not."),
    M_O(attacks_mask, "attacks_mask(square) -> int\n\nThe squares the piece on square attacks (0 for an empty square), as a bitboard."),
    {"pin_mask", board_pin_mask, METH_VARARGS,
     "pin_mask(color, square) -> int\n\nThe line along which the piece on square is pinned to color's king, or BB_ALL."},
    M_O(is_into_check, "is_into_check(move) -> bool\n\nThe pseudo-legal move leaves the mover's king attacked."),
    M_0(was_into_check, "was_into_check() -> bool\n\nThe king of the side that just moved is attacked."),
    {"ply", board_ply, METH_NOARGS,
     "ply() -> int\n\nThe number of half-moves since the start of the game, by the fullmove number."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef board_getset[] = {
    {"legal_moves", board_get_legal_moves, NULL, "The legal moves: a view with iteration, len(), `in` and count().", NULL},
    {"turn", get_turn, field_setter, "The side to move: True (WHITE) or False (BLACK).", "turn"},
    {"fullmove_number", get_fullmove, field_setter, "The move number, from 1, incremented after Black's move.", "fullmove_number"},
    {"halfmove_clock", get_halfmove, field_setter, "Plies since the last capture or pawn move.", "halfmove_clock"},
    {"ep_square", get_ep, field_setter, "The square a pawn skipped on its last double step, or None.", "ep_square"},
    {"castling_rights", get_castling, field_setter, "The rooks that may castle, as a bitboard.", "castling_rights"},
    {"chess960", get_chess960, field_setter, "Chess960 castling mode: castling moves as king-takes-rook (e1h1).", "chess960"},
    {"promoted", get_promoted, NULL, "The pieces that were pawns (Crazyhouse), as a bitboard.", NULL},
    {"move_stack", board_get_move_stack, NULL, "The moves played, oldest first (a new list).", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyType_Slot board_slots[] = {
    {Py_tp_doc, "The C core of rankfile.Board: a position, its move stack and its legal moves."},
    {Py_tp_new, board_tp_new},
    {Py_tp_init, board_tp_init},
    {Py_tp_dealloc, board_tp_dealloc},
    {Py_tp_traverse, board_tp_traverse},
    {Py_tp_richcompare, board_richcompare},
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
    name_rf_variant = PyUnicode_InternFromString("_rf_variant");
    name_starting_fen = PyUnicode_InternFromString("starting_fen");
    name_rf_pieces_only = PyUnicode_InternFromString("_rf_pieces_only");
    if (!name_rf_variant || !name_starting_fen || !name_rf_pieces_only) return -1;
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
