/* What every game's compiled observation module (_cencode.c beside its encode.py) shares:
 * float32 tables handed over by encode.py, reading a state's fields with clear errors, and the
 * encode(state, seat, out=None) entry point. A module defines GAME (its name, which starts
 * every error message) before including this file.
 *
 * Nothing here computes a number: pieces are copied from tables that encode.py computes once,
 * at import, with the view route's own arithmetic, so the compiled route gives the view
 * route's very bytes (tests/rl/test_compiled_route.py).
 */
#ifndef EUROGAMES_CENCODE_H
#define EUROGAMES_CENCODE_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <string.h>

#ifndef GAME
#error "define GAME (the game's name) before including _cencode.h"
#endif
#define OBS GAME " observation: "

#define F 4 /* bytes per float32 */

/* in a module's init: the attribute name x, interned once, as s_x (NULL from init on failure) */
#define INTERN(x) if (!(s_##x = PyUnicode_InternFromString(#x))) return NULL

/* float32 bytes from encode.py: `count` pieces of `width` floats */
typedef struct {
    const char *name;
    Py_ssize_t width;
    const char *data;
    Py_ssize_t count;
} Table;

/* piece `index` of table t, copied to out + *at (which then moves on), within `end` bytes */
static inline int put_table(const Table *t, char *out, Py_ssize_t *at, Py_ssize_t end, Py_ssize_t index) {
    if (index < 0 || index >= t->count) {
        PyErr_Format(PyExc_IndexError, OBS "%s %zd is outside its table (0 to %zd)", t->name, index, t->count - 1);
        return -1;
    }
    Py_ssize_t size = t->width * F;
    if (*at + size > end) {
        PyErr_SetString(PyExc_ValueError, OBS "the state holds more than its layout");
        return -1;
    }
    if (size == F) /* the usual piece, one float: a copy the compiler does inline */
        memcpy(out + *at, t->data + index * F, F);
    else
        memcpy(out + *at, t->data + index * size, size);
    *at += size;
    return 0;
}

/* setup's part for float32 tables: each `name` of `given` bytes of whole pieces, else an error
 * (`loaded` is filled in only; the caller replaces its tables once everything is checked) */
static inline int load_tables(PyObject *given, Table *loaded, int count) {
    for (int k = 0; k < count; k++) {
        PyObject *b = PyDict_GetItemString(given, loaded[k].name);
        if (b == NULL || !PyBytes_Check(b)) {
            PyErr_Format(PyExc_ValueError, "setup: table %s (bytes) is missing", loaded[k].name);
            return -1;
        }
        Py_ssize_t piece = loaded[k].width * F, size = PyBytes_GET_SIZE(b);
        if (size == 0 || size % piece) {
            PyErr_Format(PyExc_ValueError, "setup: table %s is not a whole number of %zd-byte pieces",
                         loaded[k].name, piece);
            return -1;
        }
        loaded[k].data = PyBytes_AS_STRING(b);
        loaded[k].count = size / piece;
    }
    return 0;
}

/* a non-negative integer, else -1 with an error naming `what` */
static inline Py_ssize_t as_index(PyObject *item, const char *what) {
    /* the usual item, a small exact int (a count, an id), read without a call */
#if PY_VERSION_HEX >= 0x030C0000
    if (PyLong_CheckExact(item) && PyUnstable_Long_IsCompact((PyLongObject *)item)) {
        Py_ssize_t small = PyUnstable_Long_CompactValue((PyLongObject *)item);
        if (small >= 0) return small;
    }
#elif !defined(Py_LIMITED_API)
    if (PyLong_CheckExact(item) && (Py_SIZE(item) == 0 || Py_SIZE(item) == 1))
        return Py_SIZE(item) ? (Py_ssize_t)((PyLongObject *)item)->ob_digit[0] : 0;
#endif
    if (!PyLong_Check(item)) {
        PyErr_Format(PyExc_TypeError, OBS "%s must be an integer", what);
        return -1;
    }
    Py_ssize_t v = PyLong_AsSsize_t(item);
    if (v == -1 && PyErr_Occurred()) return -1;
    if (v < 0) {
        PyErr_Format(PyExc_IndexError, OBS "%s is negative", what);
        return -1;
    }
    return v;
}

/* an integer attribute (at least 0, or -1 too with allow_negative), else -2 with an error */
static inline Py_ssize_t int_attr(PyObject *state, PyObject *name, int allow_negative) {
    PyObject *v = PyObject_GetAttr(state, name);
    if (v == NULL) return -2;
    Py_ssize_t x = -2;
    if (!PyLong_Check(v)) {
        PyErr_Format(PyExc_TypeError, OBS "state.%U must be an integer", name);
    } else {
        x = PyLong_AsSsize_t(v);
        if (x == -1 && PyErr_Occurred()) {
            x = -2;
        } else if (x < (allow_negative ? -1 : 0)) {
            PyErr_Format(PyExc_ValueError, OBS "state.%U is %zd", name, x);
            x = -2;
        }
    }
    Py_DECREF(v);
    return x;
}

static inline int is_seq(PyObject *v) { return PyList_Check(v) || PyTuple_Check(v); }

/* a list or tuple attribute, as a new reference (NULL with an error otherwise) */
static inline PyObject *seq_attr(PyObject *state, PyObject *name) {
    PyObject *v = PyObject_GetAttr(state, name);
    if (v == NULL) return NULL;
    if (!is_seq(v)) {
        PyErr_Format(PyExc_TypeError, OBS "state.%U must be a list or tuple", name);
        Py_DECREF(v);
        return NULL;
    }
    return v;
}

/* holder[key] of a dict (borrowed), the engines that keep their position in dicts (Agra,
 * Sabika); NULL with an error naming `where` and the key when it is missing */
static inline PyObject *dict_item(PyObject *holder, PyObject *key, const char *where) {
    if (!PyDict_Check(holder)) {
        PyErr_Format(PyExc_TypeError, OBS "%s must be a dict", where);
        return NULL;
    }
    PyObject *v = PyDict_GetItemWithError(holder, key);
    if (v == NULL && !PyErr_Occurred()) PyErr_Format(PyExc_ValueError, OBS "%s has no %R", where, key);
    return v;
}

/* holder[key] (borrowed), a list or tuple of `count` items (any number where count < 0) */
static inline PyObject *dict_seq(PyObject *holder, PyObject *key, Py_ssize_t count, const char *where) {
    PyObject *v = dict_item(holder, key, where);
    if (v == NULL) return NULL;
    if (!is_seq(v)) {
        PyErr_Format(PyExc_TypeError, OBS "%s %R must be a list or tuple", where, key);
        return NULL;
    }
    if (count >= 0 && PySequence_Fast_GET_SIZE(v) != count) {
        PyErr_Format(PyExc_ValueError, OBS "%s %R holds %zd entries, not %zd", where, key,
                     PySequence_Fast_GET_SIZE(v), count);
        return NULL;
    }
    return v;
}

static inline PyObject *item(PyObject *seq, Py_ssize_t i) { /* borrowed; seq is a list or tuple */
    return PyList_Check(seq) ? PyList_GET_ITEM(seq, i) : PyTuple_GET_ITEM(seq, i);
}

static inline Py_ssize_t length(PyObject *seq) { return PySequence_Fast_GET_SIZE(seq); }

static inline void one(char *out, Py_ssize_t index) { /* 1.0 at float `index` */
    const float x = 1.0f;
    memcpy(out + index * F, &x, F);
}

/* the opening every game's vector shares: its phase one-hot (`phases` entries), the seat to
 * decide relative to observer r (all 0 once the game is over, current_player -1), the start
 * seat relative to r, then one flag (1.0 when the state's `flag` is true) */
static inline int write_head(PyObject *state, Py_ssize_t n, Py_ssize_t r, char *out, Py_ssize_t phases,
                             PyObject *phase_name, PyObject *current_name, PyObject *start_name,
                             PyObject *flag_name) {
    Py_ssize_t phase = int_attr(state, phase_name, 0);
    if (phase == -2) return -1;
    if (phase >= phases) {
        PyErr_Format(PyExc_IndexError, OBS "phase %zd is unknown", phase);
        return -1;
    }
    Py_ssize_t current = int_attr(state, current_name, 1);
    if (current == -2) return -1;
    Py_ssize_t start = int_attr(state, start_name, 0);
    if (start == -2) return -1;
    PyObject *flag_obj = PyObject_GetAttr(state, flag_name);
    if (flag_obj == NULL) return -1;
    int flag = PyObject_IsTrue(flag_obj);
    Py_DECREF(flag_obj);
    if (flag < 0) return -1;
    one(out, phase);
    if (current >= 0) one(out, phases + ((current - r) % n + n) % n);
    one(out, phases + n + ((start - r) % n + n) % n);
    if (flag) one(out, phases + 2 * n);
    return 0;
}

/* fill(state, players, seat or -1, out, bytes): the whole vector into out (0 or -1 with an error) */
typedef int (*fill_fn)(PyObject *, Py_ssize_t, Py_ssize_t, char *, Py_ssize_t);

/* encode(state, seat, out=None) (a METH_FASTCALL entry) for a game of `least` to `most` players whose vector is
 * size(players) bytes: a new bytearray, or the vector written into `out` (a writable buffer
 * of exactly that many bytes) and None */
static inline PyObject *encode_call(PyObject *const *args, Py_ssize_t nargs, PyObject *players_name,
                                    Py_ssize_t least, Py_ssize_t most,
                                    Py_ssize_t (*size_of)(Py_ssize_t), fill_fn fill) {
    /* METH_FASTCALL: the arguments as given, without a tuple to parse */
    if (nargs < 2 || nargs > 3) {
        PyErr_Format(PyExc_TypeError,
                     "encode takes 2 or 3 arguments (state, seat, out=None), not %zd", nargs);
        return NULL;
    }
    PyObject *state = args[0], *seat_obj = args[1], *out_obj = nargs == 3 ? args[2] : Py_None;
    Py_ssize_t n = int_attr(state, players_name, 0);
    if (n == -2) return NULL;
    if (n < least || n > most) {
        PyErr_Format(PyExc_ValueError, OBS "%zd players", n);
        return NULL;
    }
    Py_ssize_t seat = -1;
    if (seat_obj != Py_None) {
        if (!PyLong_Check(seat_obj) || PyBool_Check(seat_obj)) {
            PyErr_SetString(PyExc_TypeError, OBS "seat must be an integer or None");
            return NULL;
        }
        seat = PyLong_AsSsize_t(seat_obj);
        if (seat == -1 && PyErr_Occurred()) return NULL;
        if (seat < 0 || seat >= n) {
            PyErr_Format(PyExc_ValueError, OBS "seat %zd of %zd players", seat, n);
            return NULL;
        }
    }
    Py_ssize_t size = size_of(n);
    if (out_obj == Py_None) {
        PyObject *result = PyByteArray_FromStringAndSize(NULL, size);
        if (result == NULL) return NULL;
        if (fill(state, n, seat, PyByteArray_AS_STRING(result), size) < 0) {
            Py_DECREF(result);
            return NULL;
        }
        return result;
    }
    Py_buffer view;
    if (PyObject_GetBuffer(out_obj, &view, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS) < 0) return NULL;
    if (view.len != size) {
        PyErr_Format(PyExc_ValueError, OBS "out holds %zd bytes, not %zd", view.len, size);
        PyBuffer_Release(&view);
        return NULL;
    }
    int rc = fill(state, n, seat, (char *)view.buf, size);
    PyBuffer_Release(&view);
    if (rc < 0) return NULL;
    Py_RETURN_NONE;
}

#endif
