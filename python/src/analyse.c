/*
 * analyse.c - _rankfile.analyse: `rankfile analyse` as a call, for rankfile.dask.analyse. The
 * application library's run (app/analyse.h) evaluates every position of a file's games with a
 * pool of UCI engines, without the GIL; each game comes back in input order on this thread,
 * which takes the GIL to turn its rows (app/analyse_output.h: the columns the CLI's TSV/CSV/JSON
 * writers write) into Python values. Nothing of chess or UCI is decided here.
 */
#include "rfpy.h"

#include "analyse_output.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The columns being filled: a list per column of analyse_columns. */
typedef struct {
    PyObject *lists[ANALYSE_COLUMNS];
    PyThreadState *saved; /* the thread state while the GIL is let go */
    int failed;           /* a Python error is set */
    unsigned long games;  /* delivered */
} collect;

/* A number column's value: an int, or None when the row has none. */
static PyObject *number(const char *text, int present)
{
    if (!present || !*text) Py_RETURN_NONE;
    return PyLong_FromString(text, NULL, 10);
}

static PyObject *text(const char *s, int present)
{
    if (!present || !s) Py_RETURN_NONE;
    return PyUnicode_DecodeUTF8(s, (Py_ssize_t)strlen(s), "replace");
}

static int add_row(collect *c, const analyse_text *r)
{
    PyObject *values[ANALYSE_COLUMNS] = {
        number(r->game, 1),
        number(r->ply, 1),
        number(r->multipv, 1),
        text(r->fen, 1),
        text(r->move, 1),
        number(r->eval_cp, r->has_eval),
        number(r->mate, r->has_mate),
        text(r->best, r->has_best),
        text(r->pv, r->has_numbers),
        number(r->depth, r->has_numbers),
        number(r->nodes, r->has_numbers),
        number(r->time_ms, r->has_numbers),
        text(r->error, r->error != NULL),
    };
    int ok = 1;
    for (int i = 0; i < ANALYSE_COLUMNS; i++) {
        if (!values[i] || PyList_Append(c->lists[i], values[i]) < 0) ok = 0;
        Py_XDECREF(values[i]);
    }
    return ok ? 0 : -1;
}

static int on_game(void *ctx, const analyse_game *g)
{
    collect *c = ctx;
    PyEval_RestoreThread(c->saved);
    c->games++;
    analyse_text r;
    int rc = 0;
    for (size_t ply = 0; ply <= g->plies && !rc; ply++) {
        size_t lines = analyse_rows(g, ply);
        for (size_t k = 0; k < lines && !rc; k++) {
            analyse_row_text(g, ply, k, &r);
            if (add_row(c, &r) < 0) rc = 1;
        }
    }
    if (!rc && PyErr_CheckSignals() < 0) rc = 1; /* Ctrl-C stops the run */
    if (rc) c->failed = 1;
    c->saved = PyEval_SaveThread();
    return rc;
}

/* A list of str as a NULL-ended array of UTF-8 strings, kept alive by `keep` (a list of the
 * bytes objects). NULL after an exception. */
static const char **strings(PyObject *list, const char *what, PyObject *keep, size_t *count)
{
    if (!PyList_Check(list)) {
        PyErr_Format(PyExc_TypeError, "%s: a list of str", what);
        return NULL;
    }
    Py_ssize_t n = PyList_Size(list);
    const char **out = PyMem_Calloc((size_t)n + 1, sizeof *out);
    if (!out) {
        PyErr_NoMemory();
        return NULL;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *item = PyList_GetItem(list, i);
        PyObject *bytes = item && PyUnicode_Check(item) ? PyUnicode_AsUTF8String(item) : NULL;
        if (!bytes || PyList_Append(keep, bytes) < 0) {
            if (!PyErr_Occurred()) PyErr_Format(PyExc_TypeError, "%s: str items only", what);
            Py_XDECREF(bytes);
            PyMem_Free(out);
            return NULL;
        }
        Py_DECREF(bytes);
        out[i] = PyBytes_AsString(bytes);
        if (!out[i] || strlen(out[i]) != (size_t)PyBytes_Size(bytes)) {
            if (!PyErr_Occurred()) PyErr_Format(PyExc_ValueError, "%s: a NUL character in %R", what, item);
            PyMem_Free(out);
            return NULL;
        }
    }
    *count = (size_t)n;
    return out;
}

/* Runs the analysis of the file at path (the GIL let go meanwhile), the games' rows into c:
 * (status, message, games, columns, values), or NULL with an exception. */
static PyObject *run_file(const char *path, const analyse_config *cfg, collect *c)
{
    char message[512] = "";
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return PyErr_SetFromErrnoWithFilename(PyExc_OSError, path);
    cli_input *in = cli_input_open_quiet(fd, NULL, 0, path, message, sizeof message);
    if (!in) return PyErr_Format(PyExc_OSError, "%s: %s", path, message[0] ? message : "cannot be read");
    analyse_source src = {path, in};
    analyse_callbacks cb = {c, on_game, NULL};
    c->saved = PyEval_SaveThread();
    int rc = analyse_run(cfg, &src, 1, &cb, message, sizeof message);
    PyEval_RestoreThread(c->saved);
    cli_input_close(in);
    if (c->failed) return NULL;
    PyObject *names = PyList_New(ANALYSE_COLUMNS);
    PyObject *values = PyList_New(ANALYSE_COLUMNS);
    if (!names || !values) {
        Py_XDECREF(names);
        Py_XDECREF(values);
        return NULL;
    }
    for (int i = 0; i < ANALYSE_COLUMNS; i++) {
        PyList_SetItem(names, i, PyUnicode_FromString(analyse_columns[i]));
        PyList_SetItem(values, i, c->lists[i]);
        c->lists[i] = NULL;
    }
    return Py_BuildValue("(iskNN)", rc, message, c->games, names, values);
}

/* The variant's name read, the counts checked: 0, or -1 with ValueError. */
static int check_args(const char *variant_name, int engines, int multipv, unsigned long every, rf_variant *variant,
                      int *chess960)
{
    if (rf_variant_from_name(variant, chess960, variant_name, strlen(variant_name)) != RF_OK) {
        PyErr_Format(PyExc_ValueError, "unknown variant: %s", variant_name);
        return -1;
    }
    if (engines < 1 || multipv < 1 || multipv > UCI_MAX_MULTIPV || every < 1) {
        PyErr_SetString(PyExc_ValueError, "engines, multipv (up to 16) and every must be 1 or more");
        return -1;
    }
    return 0;
}

PyDoc_STRVAR(analyse_doc,
             "analyse(path, command, depth, nodes, movetime_ms, multipv, hash_mb, options, engines, from_ply, every,\n"
             "        variant, chess960, timeout) -> (status, message, games, columns, values)\n\n"
             "Every position of the games (or FEN lines) of the file at path evaluated by `engines` processes of\n"
             "the UCI engine `command` (a list: the program and its arguments), as `rankfile analyse` does.\n"
             "status 0 with the games read, the column names and a list of values per column, or a rankfile exit status (69: no\n"
             "engine, 64: an option refused, 66: the file cannot be read, ...) and the message. For\n"
             "rankfile.dask.analyse.");

static PyObject *analyse(PyObject *self, PyObject *args)
{
    (void)self;
    const char *path, *variant_name;
    PyObject *command, *options;
    int depth, multipv, engines, chess960;
    unsigned long long nodes;
    long movetime, hash_mb;
    unsigned long from_ply, every;
    double timeout;
    if (!PyArg_ParseTuple(args, "sOiKlilOikkspd", &path, &command, &depth, &nodes, &movetime, &multipv,
                          &hash_mb, &options, &engines, &from_ply, &every, &variant_name, &chess960, &timeout))
        return NULL;
    rf_variant variant;
    int variant_960 = 0;
    if (check_args(variant_name, engines, multipv, every, &variant, &variant_960) < 0) return NULL;
    PyObject *keep = PyList_New(0);
    if (!keep) return NULL;
    size_t nargs = 0, noptions = 0;
    const char **argv = strings(command, "command", keep, &nargs);
    const char **opts = argv ? strings(options, "options", keep, &noptions) : NULL;
    PyObject *result = NULL;
    collect c = {0};
    if (!opts) goto done;
    if (nargs < 1) {
        PyErr_SetString(PyExc_ValueError, "command: the engine's program, then its arguments");
        goto done;
    }
    for (int i = 0; i < ANALYSE_COLUMNS; i++)
        if (!(c.lists[i] = PyList_New(0))) goto done;

    chess960 = chess960 || variant_960;
    analyse_config cfg = {
        .engine = {.path = argv[0], .args = argv + 1, .hash_mb = (size_t)hash_mb, .threads = 1,
                   .multipv = multipv, .options = opts, .option_count = noptions, .variant = variant,
                   .chess960 = chess960, .hang_timeout_s = timeout},
        .limit = {.depth = depth, .nodes = nodes, .movetime_ms = movetime},
        .engines = engines, .from_ply = from_ply, .every = every, .encoding = CLI_ENCODING_AUTO,
        .variant = variant, .chess960 = chess960, .key = path,
    };
    result = run_file(path, &cfg, &c);
done:
    for (int i = 0; i < ANALYSE_COLUMNS; i++) Py_XDECREF(c.lists[i]);
    PyMem_Free((void *)argv);
    PyMem_Free((void *)opts);
    Py_DECREF(keep);
    return result;
}

static PyMethodDef functions[] = {
    {"analyse", analyse, METH_VARARGS, analyse_doc},
    {NULL, NULL, 0, NULL},
};

int rfpy_analyse_init(PyObject *module)
{
    if (PyModule_AddFunctions(module, functions) < 0) return -1;
    /* analyse_columns: the names of the rows' columns, in order (multipv among them). */
    PyObject *names = PyTuple_New(ANALYSE_COLUMNS);
    if (!names) return -1;
    for (int i = 0; i < ANALYSE_COLUMNS; i++) {
        PyObject *name = PyUnicode_FromString(analyse_columns[i]);
        if (!name || PyTuple_SetItem(names, i, name) < 0) {
            Py_DECREF(names);
            return -1;
        }
    }
    if (PyModule_AddObject(module, "analyse_columns", names) < 0) {
        Py_DECREF(names);
        return -1;
    }
    return 0;
}
