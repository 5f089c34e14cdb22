/* Splendor's observation, compiled: the bytes of encode(state.view(seat)) (encode.py), assembled
 * in C straight from the state.
 *
 * Optional: setup.py builds it where a C compiler is found; where it is missing (or
 * EUROGAMES_PURE_PYTHON=1) the adapters encode the view. It computes no number: encode.py hands
 * it, once, float32 tables computed at import by the view route's own arithmetic (per count,
 * per card, per noble), and this module copies the pieces in the view route's order, reading
 * the state's fields. tests/rl/test_compiled_route.py holds it equal to
 * encode(state.view(seat)) byte for byte at every decision of many games.
 *
 * encode(state, seat, out=None): seat is a seat number or None (a spectator); without out,
 * a new bytearray of the vector; with out (a writable buffer of exactly the vector's bytes),
 * the vector is written there and None returned.
 */
#define GAME "splendor"
#include "_cencode.h" /* src/eurogames/core: what the compiled encoders share */

#define PHASES 4
#define MARKET_SLOTS 12
#define LEVELS 3
#define RESERVE_LIMIT 3
#define SLOT_FEATURES 12
#define NOBLE_FEATURES 6
#define RESERVED_FEATURES 17
#define SEAT_FEATURES (6 + 5 + 1 + 1 + 1 + RESERVE_LIMIT * RESERVED_FEATURES)

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
    return put_table(&tables[which], out, at, end, index);
}

/* every item of a list or tuple of integers through one table */
static int put_all(char *out, Py_ssize_t *at, Py_ssize_t end, PyObject *seq, Py_ssize_t from, Py_ssize_t to,
                   int which) {
    if (!PyList_Check(seq) && !PyTuple_Check(seq)) {
        PyErr_Format(PyExc_TypeError, OBS "%s counts must be a list or tuple", tables[which].name);
        return -1;
    }
    if (length(seq) < to) {
        PyErr_Format(PyExc_ValueError, OBS "too few %s counts", tables[which].name);
        return -1;
    }
    for (Py_ssize_t i = from; i < to; i++) {
        Py_ssize_t v = as_index(item(seq, i), tables[which].name);
        if (v < 0 || put(out, at, end, which, v) < 0) return -1;
    }
    return 0;
}

static int fill(PyObject *state, Py_ssize_t n, Py_ssize_t seat, char *out, Py_ssize_t end) {
    /* seat < 0: a spectator (the table's order, no seat's own reserve) */
    Py_ssize_t r = seat < 0 ? 0 : seat;
    int ok = -1;
    PyObject *supply = NULL, *market = NULL, *decks = NULL, *nobles = NULL, *tokens = NULL, *bonuses = NULL,
             *points = NULL, *bought = NULL, *won = NULL, *reserved = NULL, *blind = NULL;
    memset(out, 0, end);
    /* the head: phase, current seat, start seat (relative), final round */
    if (write_head(state, n, r, out, PHASES, s_phase, s_current_player, s_first, s_ending) < 0) goto done;
    Py_ssize_t at = (PHASES + 2 * n + 1) * F;
    if (!(supply = seq_attr(state, s_supply)) || length(supply) != 6) {
        if (supply) PyErr_SetString(PyExc_ValueError, OBS "the supply must hold 6 counts");
        goto done;
    }
    if (put_all(out, &at, end, supply, 0, 5, GEMS) < 0 || put_all(out, &at, end, supply, 5, 6, GOLD) < 0) goto done;
    if (!(market = seq_attr(state, s_market))) goto done;
    if (length(market) != MARKET_SLOTS) {
        PyErr_Format(PyExc_ValueError, OBS "the market holds %zd slots, not 12", length(market));
        goto done;
    }
    if (put_all(out, &at, end, market, 0, MARKET_SLOTS, SLOT) < 0) goto done;
    if (!(decks = seq_attr(state, s_decks))) goto done;
    if (length(decks) != LEVELS) {
        PyErr_SetString(PyExc_ValueError, OBS "there must be 3 decks");
        goto done;
    }
    for (Py_ssize_t k = 0; k < LEVELS; k++) {
        Py_ssize_t cards = PyObject_Length(item(decks, k));
        if (cards < 0 || put(out, &at, end, DECK, cards) < 0) goto done;
    }
    if (!(nobles = seq_attr(state, s_nobles))) goto done;
    if (length(nobles) > n + 1) {
        PyErr_SetString(PyExc_ValueError, OBS "more nobles than players + 1");
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
        PyErr_SetString(PyExc_ValueError, OBS "a per-seat field does not hold one entry per seat");
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
        v = PyObject_Length(item(bought, p));
        if (v < 0 || put(out, &at, end, CARDS, v) < 0) goto done;
        v = PyObject_Length(item(won, p));
        if (v < 0 || put(out, &at, end, NOBLES_WON, v) < 0) goto done;
        PyObject *cards = item(reserved, p), *blinds = item(blind, p);
        if ((!PyList_Check(cards) && !PyTuple_Check(cards)) || (!PyList_Check(blinds) && !PyTuple_Check(blinds))) {
            PyErr_SetString(PyExc_TypeError, OBS "a reserve must be a list or tuple");
            goto done;
        }
        Py_ssize_t held_cards = length(cards);
        if (held_cards != length(blinds) || held_cards > RESERVE_LIMIT) {
            PyErr_SetString(PyExc_ValueError, OBS "a reserve holds more than 3 cards or "
                                              "its blind flags do not match it");
            goto done;
        }
        for (Py_ssize_t k = 0; k < held_cards; k++) {
            Py_ssize_t c = as_index(item(cards, k), "a reserved card");
            if (c < 0) goto done;
            if (c == 0) {
                PyErr_SetString(PyExc_ValueError, OBS "a reserved card has id 0");
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
        PyErr_Format(PyExc_ValueError, OBS "%zd bytes written, %zd expected", at, end);
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

static Py_ssize_t vector_bytes(Py_ssize_t n) {
    return (PHASES + 2 * n + 1 + 6 + MARKET_SLOTS * SLOT_FEATURES + LEVELS + (n + 1) * NOBLE_FEATURES +
            n * SEAT_FEATURES) * F;
}

static PyObject *encode(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (held == NULL) {
        PyErr_SetString(PyExc_RuntimeError, OBS "setup() was not called");
        return NULL;
    }
    return encode_call(args, nargs, s_players, 2, 4, vector_bytes, fill);
}

static PyObject *setup(PyObject *self, PyObject *given) {
    if (!PyDict_Check(given)) {
        PyErr_SetString(PyExc_TypeError, "setup takes a dict of name -> bytes");
        return NULL;
    }
    Table loaded[TABLES];
    memcpy(loaded, tables, sizeof tables);
    if (load_tables(given, loaded, TABLES) < 0) return NULL;
    Py_INCREF(given);
    Py_XSETREF(held, given);
    memcpy(tables, loaded, sizeof tables);
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"encode", (PyCFunction)(void (*)(void))encode, METH_FASTCALL, "encode(state, seat, out=None): the observation's float32 bytes"},
    {"setup", setup, METH_O, "setup(tables): the float32 byte tables of encode.py"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_cencode", "Splendor's observation, compiled.", -1,
                                    methods};

PyMODINIT_FUNC PyInit__cencode(void) {
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
    return PyModule_Create(&module);
}
