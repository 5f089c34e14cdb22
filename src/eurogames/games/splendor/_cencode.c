/* Splendor's observation, compiled: the bytes of encode_state (encode.py), assembled in C.
 *
 * Optional: setup.py builds it where a C compiler is found, and encode.py falls back to its
 * Python fast route where it is missing (or EUROGAMES_PURE_PYTHON=1). It computes no number:
 * encode.py hands it, once, the float32 byte tables its Python route joins (per count, per
 * card, per noble), and this module copies the same pieces in the same order, reading the
 * same state fields. tests/rl/test_fast_route.py holds it equal to encode(state.view(seat))
 * byte for byte at every decision of many games, as it does the Python route.
 *
 * encode(state, seat, out=None): seat is a seat number or None (a spectator); without out,
 * a new bytearray of the vector; with out (a writable buffer of exactly the vector's bytes),
 * the vector is written there and None returned.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <string.h>

#define F 4 /* bytes per float32 */
#define PHASES 4
#define MARKET_SLOTS 12
#define LEVELS 3
#define RESERVE_LIMIT 3
#define SLOT_FEATURES 12
#define NOBLE_FEATURES 6
#define RESERVED_FEATURES 17
#define SEAT_FEATURES (6 + 5 + 1 + 1 + 1 + RESERVE_LIMIT * RESERVED_FEATURES)

typedef struct {
    const char *name;
    Py_ssize_t width; /* floats per piece */
    const char *data;
    Py_ssize_t count; /* pieces */
} Table;

enum { GEMS, GOLD, BONUS, POINTS, CARDS, NOBLES_WON, DECK, SLOT, NOBLE, OWN_RESERVED, HIDDEN, TABLES };

static Table tables[TABLES] = {
    {"gems", 1}, {"gold", 1}, {"bonus", 1}, {"points", 1}, {"cards", 1}, {"nobles_won", 1},
    {"deck", 1}, {"slot", SLOT_FEATURES}, {"noble", NOBLE_FEATURES},
    {"own_reserved", RESERVED_FEATURES}, {"hidden", RESERVED_FEATURES},
};
static PyObject *held = NULL; /* the bytes objects behind the tables */

static PyObject *s_players, *s_phase, *s_current_player, *s_first, *s_ending, *s_supply,
    *s_market, *s_decks, *s_nobles, *s_tokens, *s_bonuses, *s_points, *s_bought, *s_nobles_won,
    *s_reserved, *s_blind;

static int put(char *out, Py_ssize_t *at, Py_ssize_t end, int which, Py_ssize_t index) {
    const Table *t = &tables[which];
    if (index < 0 || index >= t->count) {
        PyErr_Format(PyExc_IndexError, "splendor observation: %s %zd is outside its table (0 to %zd)",
                     t->name, index, t->count - 1);
        return -1;
    }
    Py_ssize_t size = t->width * F;
    if (*at + size > end) {
        PyErr_SetString(PyExc_ValueError, "splendor observation: the state holds more than its layout");
        return -1;
    }
    memcpy(out + *at, t->data + index * size, size);
    *at += size;
    return 0;
}

static Py_ssize_t as_index(PyObject *item, const char *what) {
    if (!PyLong_Check(item)) {
        PyErr_Format(PyExc_TypeError, "splendor observation: %s must be an integer", what);
        return -1;
    }
    Py_ssize_t v = PyLong_AsSsize_t(item);
    if (v == -1 && PyErr_Occurred()) return -1;
    if (v < 0) {
        PyErr_Format(PyExc_IndexError, "splendor observation: %s is negative", what);
        return -1;
    }
    return v;
}

static Py_ssize_t int_attr(PyObject *state, PyObject *name, int allow_negative) {
    PyObject *v = PyObject_GetAttr(state, name);
    if (v == NULL) return -2;
    Py_ssize_t x = -1;
    if (!PyLong_Check(v)) {
        PyErr_Format(PyExc_TypeError, "splendor observation: state.%U must be an integer", name);
        x = -2;
    } else {
        x = PyLong_AsSsize_t(v);
        if (x == -1 && PyErr_Occurred()) x = -2;
        else if (x < 0 && !allow_negative) {
            PyErr_Format(PyExc_ValueError, "splendor observation: state.%U is negative", name);
            x = -2;
        }
    }
    Py_DECREF(v);
    return x;
}

/* a list or tuple attribute, as a new reference (NULL with an error otherwise) */
static PyObject *seq_attr(PyObject *state, PyObject *name) {
    PyObject *v = PyObject_GetAttr(state, name);
    if (v == NULL) return NULL;
    if (!PyList_Check(v) && !PyTuple_Check(v)) {
        PyErr_Format(PyExc_TypeError, "splendor observation: state.%U must be a list or tuple", name);
        Py_DECREF(v);
        return NULL;
    }
    return v;
}

static PyObject *item(PyObject *seq, Py_ssize_t i) { /* borrowed; seq is a list or tuple */
    return PyList_Check(seq) ? PyList_GET_ITEM(seq, i) : PyTuple_GET_ITEM(seq, i);
}

static Py_ssize_t length(PyObject *seq) { return PySequence_Fast_GET_SIZE(seq); }

/* every item of a list or tuple of integers through one table */
static int put_all(char *out, Py_ssize_t *at, Py_ssize_t end, PyObject *seq, Py_ssize_t from, Py_ssize_t to,
                   int which) {
    if (!PyList_Check(seq) && !PyTuple_Check(seq)) {
        PyErr_Format(PyExc_TypeError, "splendor observation: %s counts must be a list or tuple", tables[which].name);
        return -1;
    }
    if (length(seq) < to) {
        PyErr_Format(PyExc_ValueError, "splendor observation: too few %s counts", tables[which].name);
        return -1;
    }
    for (Py_ssize_t i = from; i < to; i++) {
        Py_ssize_t v = as_index(item(seq, i), tables[which].name);
        if (v < 0 || put(out, at, end, which, v) < 0) return -1;
    }
    return 0;
}

static Py_ssize_t len_of(PyObject *obj) {
    Py_ssize_t n = PyObject_Length(obj);
    return n;
}

static void one(char *out, Py_ssize_t index) {
    const float x = 1.0f;
    memcpy(out + index * F, &x, F);
}

static int fill(PyObject *state, Py_ssize_t n, Py_ssize_t seat, char *out, Py_ssize_t end) {
    /* seat < 0: a spectator (the table's order, no seat's own reserve) */
    Py_ssize_t r = seat < 0 ? 0 : seat;
    int ok = -1;
    PyObject *supply = NULL, *market = NULL, *decks = NULL, *nobles = NULL, *tokens = NULL, *bonuses = NULL,
             *points = NULL, *bought = NULL, *won = NULL, *reserved = NULL, *blind = NULL;
    memset(out, 0, end);
    Py_ssize_t phase = int_attr(state, s_phase, 0);
    if (phase == -2) goto done;
    if (phase >= PHASES) {
        PyErr_Format(PyExc_IndexError, "splendor observation: phase %zd is unknown", phase);
        goto done;
    }
    Py_ssize_t current = int_attr(state, s_current_player, 1);
    if (current == -2) goto done;
    Py_ssize_t first = int_attr(state, s_first, 0);
    if (first == -2) goto done;
    PyObject *ending_obj = PyObject_GetAttr(state, s_ending);
    if (ending_obj == NULL) goto done;
    int ending = PyObject_IsTrue(ending_obj);
    Py_DECREF(ending_obj);
    if (ending < 0) goto done;
    /* the head: phase, current seat, start seat (relative), final round */
    one(out, phase);
    if (current >= 0) one(out, PHASES + (((current - r) % n) + n) % n);
    one(out, PHASES + n + (((first - r) % n) + n) % n);
    if (ending) one(out, PHASES + 2 * n);
    Py_ssize_t at = (PHASES + 2 * n + 1) * F;
    if (!(supply = seq_attr(state, s_supply)) || length(supply) != 6) {
        if (supply) PyErr_SetString(PyExc_ValueError, "splendor observation: the supply must hold 6 counts");
        goto done;
    }
    if (put_all(out, &at, end, supply, 0, 5, GEMS) < 0 || put_all(out, &at, end, supply, 5, 6, GOLD) < 0) goto done;
    if (!(market = seq_attr(state, s_market))) goto done;
    if (length(market) != MARKET_SLOTS) {
        PyErr_Format(PyExc_ValueError, "splendor observation: the market holds %zd slots, not 12", length(market));
        goto done;
    }
    if (put_all(out, &at, end, market, 0, MARKET_SLOTS, SLOT) < 0) goto done;
    if (!(decks = seq_attr(state, s_decks))) goto done;
    if (length(decks) != LEVELS) {
        PyErr_SetString(PyExc_ValueError, "splendor observation: there must be 3 decks");
        goto done;
    }
    for (Py_ssize_t k = 0; k < LEVELS; k++) {
        Py_ssize_t cards = len_of(item(decks, k));
        if (cards < 0 || put(out, &at, end, DECK, cards) < 0) goto done;
    }
    if (!(nobles = seq_attr(state, s_nobles))) goto done;
    if (length(nobles) > n + 1) {
        PyErr_SetString(PyExc_ValueError, "splendor observation: more nobles than players + 1");
        goto done;
    }
    if (put_all(out, &at, end, nobles, 0, length(nobles), NOBLE) < 0) goto done;
    at += (n + 1 - length(nobles)) * NOBLE_FEATURES * F; /* empty noble slots: zeros */
    if (!(tokens = seq_attr(state, s_tokens)) || !(bonuses = seq_attr(state, s_bonuses)) ||
        !(points = seq_attr(state, s_points)) || !(bought = seq_attr(state, s_bought)) ||
        !(won = seq_attr(state, s_nobles_won)) || !(reserved = seq_attr(state, s_reserved)) ||
        !(blind = seq_attr(state, s_blind)))
        goto done;
    if (length(tokens) != n || length(bonuses) != n || length(points) != n || length(bought) != n ||
        length(won) != n || length(reserved) != n || length(blind) != n) {
        PyErr_SetString(PyExc_ValueError, "splendor observation: a per-seat field does not hold one entry per seat");
        goto done;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        Py_ssize_t p = (r + i) % n;
        PyObject *t = item(tokens, p);
        if (put_all(out, &at, end, t, 0, 5, GEMS) < 0 || put_all(out, &at, end, t, 5, 6, GOLD) < 0 ||
            put_all(out, &at, end, item(bonuses, p), 0, 5, BONUS) < 0)
            goto done;
        Py_ssize_t v = as_index(item(points, p), "points");
        if (v < 0 || put(out, &at, end, POINTS, v) < 0) goto done;
        v = len_of(item(bought, p));
        if (v < 0 || put(out, &at, end, CARDS, v) < 0) goto done;
        v = len_of(item(won, p));
        if (v < 0 || put(out, &at, end, NOBLES_WON, v) < 0) goto done;
        PyObject *cards = item(reserved, p), *blinds = item(blind, p);
        if ((!PyList_Check(cards) && !PyTuple_Check(cards)) || (!PyList_Check(blinds) && !PyTuple_Check(blinds))) {
            PyErr_SetString(PyExc_TypeError, "splendor observation: a reserve must be a list or tuple");
            goto done;
        }
        Py_ssize_t held_cards = length(cards);
        if (held_cards != length(blinds) || held_cards > RESERVE_LIMIT) {
            PyErr_SetString(PyExc_ValueError, "splendor observation: a reserve holds more than 3 cards or "
                                              "its blind flags do not match it");
            goto done;
        }
        for (Py_ssize_t k = 0; k < held_cards; k++) {
            Py_ssize_t c = as_index(item(cards, k), "a reserved card");
            if (c < 0) goto done;
            if (c == 0) {
                PyErr_SetString(PyExc_ValueError, "splendor observation: a reserved card has id 0");
                goto done;
            }
            int is_blind = PyObject_IsTrue(item(blinds, k));
            if (is_blind < 0) goto done;
            /* another seat's blind reserve shows its level alone (D11) */
            int rc = (p == seat || !is_blind) ? put(out, &at, end, OWN_RESERVED, 2 * c + is_blind)
                                             : put(out, &at, end, HIDDEN, c);
            if (rc < 0) goto done;
        }
        at += (RESERVE_LIMIT - held_cards) * RESERVED_FEATURES * F;
    }
    if (at != end) {
        PyErr_Format(PyExc_ValueError, "splendor observation: %zd bytes written, %zd expected", at, end);
        goto done;
    }
    ok = 0;
done:
    Py_XDECREF(supply);
    Py_XDECREF(market);
    Py_XDECREF(decks);
    Py_XDECREF(nobles);
    Py_XDECREF(tokens);
    Py_XDECREF(bonuses);
    Py_XDECREF(points);
    Py_XDECREF(bought);
    Py_XDECREF(won);
    Py_XDECREF(reserved);
    Py_XDECREF(blind);
    return ok;
}

static PyObject *encode(PyObject *self, PyObject *args) {
    PyObject *state, *seat_obj, *out_obj = Py_None;
    if (!PyArg_ParseTuple(args, "OO|O:encode", &state, &seat_obj, &out_obj)) return NULL;
    if (held == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "splendor observation: setup() was not called");
        return NULL;
    }
    Py_ssize_t n = int_attr(state, s_players, 0);
    if (n == -2) return NULL;
    if (n < 2 || n > 4) {
        PyErr_Format(PyExc_ValueError, "splendor observation: %zd players", n);
        return NULL;
    }
    Py_ssize_t seat = -1;
    if (seat_obj != Py_None) {
        if (!PyLong_Check(seat_obj) || PyBool_Check(seat_obj)) {
            PyErr_SetString(PyExc_TypeError, "splendor observation: seat must be an integer or None");
            return NULL;
        }
        seat = PyLong_AsSsize_t(seat_obj);
        if (seat == -1 && PyErr_Occurred()) return NULL;
        if (seat < 0 || seat >= n) {
            PyErr_Format(PyExc_ValueError, "splendor observation: seat %zd of %zd players", seat, n);
            return NULL;
        }
    }
    Py_ssize_t size = (PHASES + 2 * n + 1 + 6 + MARKET_SLOTS * SLOT_FEATURES + LEVELS + (n + 1) * NOBLE_FEATURES +
                       n * SEAT_FEATURES) * F;
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
        PyErr_Format(PyExc_ValueError, "splendor observation: out holds %zd bytes, not %zd", view.len, size);
        PyBuffer_Release(&view);
        return NULL;
    }
    int rc = fill(state, n, seat, (char *)view.buf, size);
    PyBuffer_Release(&view);
    if (rc < 0) return NULL;
    Py_RETURN_NONE;
}

static PyObject *setup(PyObject *self, PyObject *given) {
    if (!PyDict_Check(given)) {
        PyErr_SetString(PyExc_TypeError, "setup takes a dict of name -> bytes");
        return NULL;
    }
    Table loaded[TABLES];
    memcpy(loaded, tables, sizeof tables);
    for (int k = 0; k < TABLES; k++) {
        PyObject *b = PyDict_GetItemString(given, loaded[k].name);
        if (b == NULL || !PyBytes_Check(b)) {
            PyErr_Format(PyExc_ValueError, "setup: table %s (bytes) is missing", loaded[k].name);
            return NULL;
        }
        Py_ssize_t piece = loaded[k].width * F, size = PyBytes_GET_SIZE(b);
        if (size == 0 || size % piece) {
            PyErr_Format(PyExc_ValueError, "setup: table %s is not a whole number of %zd-byte pieces",
                         loaded[k].name, piece);
            return NULL;
        }
        loaded[k].data = PyBytes_AS_STRING(b);
        loaded[k].count = size / piece;
    }
    Py_INCREF(given);
    Py_XSETREF(held, given);
    memcpy(tables, loaded, sizeof tables);
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"encode", encode, METH_VARARGS, "encode(state, seat, out=None): the observation's float32 bytes"},
    {"setup", setup, METH_O, "setup(tables): the float32 byte tables of encode.py"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_cencode", "Splendor's observation, compiled.", -1,
                                    methods};

PyMODINIT_FUNC PyInit__cencode(void) {
#define INTERN(x) if (!(s_##x = PyUnicode_InternFromString(#x))) return NULL
    INTERN(players);
    INTERN(phase);
    INTERN(current_player);
    INTERN(first);
    INTERN(ending);
    INTERN(supply);
    INTERN(market);
    INTERN(decks);
    INTERN(nobles);
    INTERN(tokens);
    INTERN(bonuses);
    INTERN(points);
    INTERN(bought);
    INTERN(nobles_won);
    INTERN(reserved);
    INTERN(blind);
#undef INTERN
    return PyModule_Create(&module);
}
