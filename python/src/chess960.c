/*
 * chess960.c - Chess960 for rankfile.chess960: start positions by number or drawn fairly, the
 * judgement whether a board is a start position, how a setup arises step by step, and the
 * languages the steps can be written in.
 */
#include "rfpy.h"

#include <string.h>

static int number_from(PyObject *obj, const char *what, int *out)
{
    long v = PyLong_AsLong(obj);
    if (v == -1 && PyErr_Occurred()) {
        if (!PyErr_ExceptionMatches(PyExc_OverflowError)) return -1;
        PyErr_Clear();
        v = -1;
    }
    if (v < 0 || v >= RF_CHESS960_COUNT) {
        PyErr_Format(PyExc_ValueError, "%s %R is not a Chess960 start position number (0-959)", what, obj);
        return -1;
    }
    *out = (int)v;
    return 0;
}

/* chess960_position(white, black=None) -> Board */
static PyObject *position(PyObject *self, PyObject *args)
{
    (void)self;
    PyObject *white_arg, *black_arg = Py_None;
    if (!PyArg_ParseTuple(args, "O|O", &white_arg, &black_arg)) return NULL;
    int white, black;
    if (number_from(white_arg, "number", &white) < 0) return NULL;
    if (black_arg == Py_None)
        black = white;
    else if (number_from(black_arg, "black", &black) < 0)
        return NULL;
    rf_position pos;
    rf_status st = rf_chess960_double_position(&pos, white, black);
    if (st != RF_OK) return rfpy_raise(st, NULL, NULL, NULL);
    return rfpy_board_from_position(&pos);
}

/* chess960_random(seed=None) -> (number, (light_bishop, dark_bishop, queen, knight1, knight2)):
 * one draw of the placing procedure from SplitMix64 seeded with `seed` (0..2^64-1) or with
 * entropy from the operating system. */
static PyObject *random_setup(PyObject *self, PyObject *args)
{
    (void)self;
    PyObject *seed_arg = Py_None;
    if (!PyArg_ParseTuple(args, "|O", &seed_arg)) return NULL;
    rf_rng rng;
    if (seed_arg == Py_None) {
        if (rf_rng_seed_entropy(&rng) != RF_OK) {
            PyErr_SetString(PyExc_OSError, "no entropy from the operating system to draw a position from");
            return NULL;
        }
    } else {
        if (!PyLong_Check(seed_arg)) {
            PyErr_Format(PyExc_TypeError, "seed must be an int, not %R", seed_arg);
            return NULL;
        }
        unsigned long long seed = PyLong_AsUnsignedLongLong(seed_arg);
        if (seed == (unsigned long long)-1 && PyErr_Occurred()) {
            PyErr_Clear();
            PyErr_Format(PyExc_ValueError, "seed %R is not in 0-18446744073709551615", seed_arg);
            return NULL;
        }
        rf_rng_seed(&rng, (uint64_t)seed);
    }
    rf_chess960_draws d;
    int number = rf_chess960_random(&d, &rng);
    return Py_BuildValue("(i(iiiii))", number, d.light_bishop, d.dark_bishop, d.queen, d.knight1, d.knight2);
}

/* chess960_check(board_or_back_rank, flags) -> (white, black, reason, message, color, square):
 * rf_chess960_check of a Board, or rf_chess960_check_rank of a str; numbers -1, color 0 white
 * 1 black, square -1 when none. */
static PyObject *check(PyObject *self, PyObject *args)
{
    (void)self;
    PyObject *what;
    unsigned int flags;
    if (!PyArg_ParseTuple(args, "OI", &what, &flags)) return NULL;
    rf_chess960_verdict v;
    if (PyUnicode_Check(what)) {
        Py_ssize_t len;
        const char *text = PyUnicode_AsUTF8AndSize(what, &len);
        if (!text) return NULL;
        rf_chess960_check_rank(&v, text, (size_t)len);
    } else {
        const rf_position *pos = rfpy_board_position(what);
        if (!pos) return NULL;
        rf_chess960_check(&v, pos, flags & (RF_CHESS960_DOUBLE | RF_CHESS960_BACK_RANKS));
    }
    return Py_BuildValue("(iissii)", v.white, v.black, rf_chess960_reason_name(v.reason), v.message,
                         (int)v.color, v.square == RF_NO_SQUARE ? -1 : (int)v.square);
}

static const rf_language *language_from(PyObject *obj)
{
    Py_ssize_t len = 0;
    const char *name = PyUnicode_Check(obj) ? PyUnicode_AsUTF8AndSize(obj, &len) : NULL;
    if (!name) {
        if (!PyErr_Occurred()) PyErr_Format(PyExc_TypeError, "lang must be a str, not %R", obj);
        return NULL;
    }
    const rf_language *lang = strlen(name) == (size_t)len ? rf_language_find(name) : NULL;
    if (!lang) {
        PyErr_Format(PyExc_ValueError,
                     "language %R is unknown: give a code of rankfile.chess960.languages() (no se dk is fi "
                     "ee lt lv pl ir cy nl de en es fr cs hu it pt ro), an ISO 639-1 code, a locale or "
                     "the language's name",
                     obj);
        return NULL;
    }
    return lang;
}

/* chess960_derivation(number, lang, draws=None) -> [str]: rf_chess960_derivation's steps, from
 * the number's digits or (draws a 5-tuple) from the draws. */
static PyObject *derivation(PyObject *self, PyObject *args)
{
    (void)self;
    PyObject *number_arg, *lang_arg, *draws_arg = Py_None;
    if (!PyArg_ParseTuple(args, "OO|O", &number_arg, &lang_arg, &draws_arg)) return NULL;
    int number = 0;
    rf_chess960_draws d, *dp = NULL;
    if (draws_arg != Py_None) {
        if (!PyArg_ParseTuple(draws_arg, "iiiii", &d.light_bishop, &d.dark_bishop, &d.queen, &d.knight1, &d.knight2))
            return NULL;
        if (rf_chess960_draws_number(&d) < 0) {
            PyErr_Format(PyExc_ValueError,
                         "draws %R are not the placing procedure's (0-3, 0-3, 0-5, 0-4, 0-3)", draws_arg);
            return NULL;
        }
        dp = &d;
    } else if (number_from(number_arg, "number", &number) < 0) {
        return NULL;
    }
    const rf_language *lang = language_from(lang_arg);
    if (!lang) return NULL;
    char steps[RF_CHESS960_STEPS][RF_CHESS960_STEP_MAX];
    int n = rf_chess960_derivation(steps, lang, number, dp);
    if (n < 0) return rfpy_raise((rf_status)n, NULL, NULL, NULL);
    PyObject *list = PyList_New(n);
    if (!list) return NULL;
    for (int i = 0; i < n; i++) {
        PyObject *line = PyUnicode_DecodeUTF8(steps[i], (Py_ssize_t)strlen(steps[i]), "replace");
        if (!line) {
            Py_DECREF(list);
            return NULL;
        }
        PyList_SetItem(list, i, line);
    }
    return list;
}

static PyObject *language_tuple(const rf_language *l)
{
    return Py_BuildValue("(ssssss)", l->code, l->iso, l->name, l->letters, l->greeting, l->native);
}

/* chess960_languages() -> [(code, iso, name, letters, greeting, native)] in the library's order */
static PyObject *languages(PyObject *self, PyObject *unused)
{
    (void)self;
    (void)unused;
    size_t n = rf_language_count();
    PyObject *list = PyList_New((Py_ssize_t)n);
    if (!list) return NULL;
    for (size_t i = 0; i < n; i++) {
        PyObject *t = language_tuple(rf_language_at(i));
        if (!t) {
            Py_DECREF(list);
            return NULL;
        }
        PyList_SetItem(list, (Py_ssize_t)i, t);
    }
    return list;
}

/* chess960_language(name) -> the tuple of the language a name names (ValueError when none) */
static PyObject *language(PyObject *self, PyObject *name)
{
    (void)self;
    const rf_language *lang = language_from(name);
    return lang ? language_tuple(lang) : NULL;
}

/* chess960_back_rank(number, lang) -> str: White's back rank in the language's letters */
static PyObject *back_rank(PyObject *self, PyObject *args)
{
    (void)self;
    PyObject *number_arg, *lang_arg;
    if (!PyArg_ParseTuple(args, "OO", &number_arg, &lang_arg)) return NULL;
    int number;
    if (number_from(number_arg, "number", &number) < 0) return NULL;
    const rf_language *lang = language_from(lang_arg);
    if (!lang) return NULL;
    char rank[9], out[9];
    rf_chess960_back_rank(rank, number);
    rf_language_translate(out, sizeof out, lang, rank);
    return PyUnicode_FromString(out);
}

static PyMethodDef chess960_functions[] = {
    {"chess960_position", position, METH_VARARGS,
     "chess960_position(number, black=None) -> Board\n\nStart position `number` (0-959) in Chess960 castling mode; with `black`, Black's\n"
     "back rank is setup `black` (Double Fischer Random)."},
    {"chess960_random", random_setup, METH_VARARGS,
     "chess960_random(seed=None) -> (number, draws)\n\nOne fair draw of the placing procedure (rf_chess960_random) from SplitMix64 seeded\n"
     "with `seed`, or with entropy from the operating system."},
    {"chess960_check", check, METH_VARARGS,
     "chess960_check(board_or_back_rank, flags) -> (white, black, reason, message, color, square)\n\n"
     "rf_chess960_check's verdict on a Board, or rf_chess960_check_rank's on 8 letters."},
    {"chess960_derivation", derivation, METH_VARARGS,
     "chess960_derivation(number, lang, draws=None) -> list\n\nHow a setup arises, one line a step (rf_chess960_derivation)."},
    {"chess960_languages", languages, METH_NOARGS,
     "chess960_languages() -> list\n\nEvery language as (code, iso, name, letters, greeting, native)."},
    {"chess960_language", language, METH_O,
     "chess960_language(name) -> tuple\n\nThe language a code, locale or name names, as (code, iso, name, letters, greeting, native)."},
    {"chess960_back_rank", back_rank, METH_VARARGS,
     "chess960_back_rank(number, lang) -> str\n\nWhite's back rank of setup `number` in the language's letters."},
    {NULL, NULL, 0, NULL},
};

int rfpy_chess960_init(PyObject *module)
{
    return PyModule_AddFunctions(module, chess960_functions);
}
