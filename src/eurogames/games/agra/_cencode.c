/* Agra's observation, compiled: the bytes of encode(state.view(seat), players) (encode.py),
 * assembled in C straight from the state's position (state._d) without building a view.
 *
 * Optional: setup.py builds it where a C compiler is found; where it is missing (or
 * EUROGAMES_PURE_PYTHON=1) the adapters encode the view. It computes no float: encode.py hands
 * it, once, float32 tables computed at import by the view route's own arithmetic (per count of
 * each scaled entry; min(x / scale, cap) tables end at the cap, and a larger count takes the
 * last entry, as min does) and the names of the phases, decisions and ring actions, and this
 * module copies the pieces in the view route's order. tests/rl/test_compiled_route.py holds it
 * equal to encode(state.view(seat), players) byte for byte at every decision of many games.
 *
 * It reads only what view.py shows the seat: another seat's rupees only once the game is over
 * (I1; a spectator's, only then), the favour stack's size and never its order (I3). Where the
 * view derives something it derives the same: current_player and open_levels() are the
 * state's own, and a notable's level is read from the state's tables (state.t.n_level).
 *
 * encode(state, seat, out=None): seat is a seat number or None (a spectator); without out, a
 * new bytearray of the vector; with out (a writable buffer of exactly the vector's bytes), the
 * vector is written there and None returned.
 */
#define GAME "agra"
#include "_cencode.h" /* src/eurogames/core: what the compiled encoders share */
#include <stdint.h>

#define PHASES 4
#define FRAMES 21
#define RING 4
#define TURN 4
#define SPACES 20 /* 4 characters, then 16 buildings (W1) */
#define BUILDINGS 16
#define BUILDING_FEATURES 4
#define PRICES 3
#define GOODS 16
#define PRICE_FEATURES (GOODS + 1)
#define NOTABLES 24
#define DOCKS 6
#define LEVELS 4
#define GUILDS 3
#define ORDERS 6 /* per guild */
#define BOWLS 12
#define TILES 14 /* favour tiles t1-t14 */
#define BONUS 12
#define TRACKS 4
#define SQUARES 7 /* the longest farm track */
#define FRENCH 3
#define SEAT_FEATURES (2 + 1 + GOODS + 1 + 2 + 1 + TRACKS + TRACKS * SQUARES + 1 + GUILDS + TILES + FRENCH)
#define MOST_PLAYERS 4

/* per-count tables: the capped ones (min(x / scale, cap)) take their last entry beyond it */
enum {
    MP, LAID, COINS, RUPEES, NOTABLE_MARKERS, CONTRACTS, LIMIT, STACK, LEFT, MARKERS, GOODS_HELD,
    FAVOUR, WORKERS, COOK, LEVEL, FARMERS, REMOVED, INFLUENCE, TABLES
};
static Table tables[TABLES] = {
    {"mp", 1}, {"laid", 1}, {"coins", 1}, {"rupees", 1}, {"notable_markers", 1}, {"contracts", 1},
    {"limit", 1}, {"stack_tiles", 1}, {"left", 1}, {"markers", 1}, {"goods", 1}, {"favour", 1},
    {"workers", 1}, {"cook", 1}, {"level", 1}, {"farmers", 1}, {"removed", 1}, {"influence", 1},
};
static const int capped[TABLES] = {[MP] = 1, [LAID] = 1, [COINS] = 1, [RUPEES] = 1};

static PyObject *held = NULL; /* the dict given to setup (a copy): keeps every table alive */
/* name -> index, from the names encode.py hands over: phases, decisions, ring actions */
static PyObject *phase_index = NULL, *frame_index = NULL, *ring_index = NULL;

/* the last tables object's notable levels (state.t.n_level, read once per tables object) */
static PyObject *levels_of = NULL; /* a strong reference: its address is never reused */
static Py_ssize_t notable_level[NOTABLES + 1];

static PyObject *s_players, *s__d, *s_current_player, *s_open_levels, *s_t, *s_n_level, *s_phase,
    *s_over, *s_stack, *s_k, *s_turn, *s_mp, *s_laid, *s_meditated, *s_ordered, *s_spaces, *s_built,
    *s_coins, *s_merchant, *s_builder, *s_prices, *s_covered, *s_river, *s_id, *s_slots, *s_owner,
    *s_boat, *s_contracts, *s_orders, *s_order_at, *s_limit, *s_bowls, *s_display, *s_stack_tiles,
    *s_bonus_left, *s_left, *s_p, *s_rupees, *s_markers, *s_goods, *s_favour, *s_workers, *s_cook,
    *s_level, *s_farmers, *s_covers, *s_removed, *s_influence, *s_tiles, *s_french;

static Py_ssize_t vector_bytes(Py_ssize_t n) {
    return (PHASES + n + FRAMES + TURN + SPACES * (n + 1) + BUILDINGS * BUILDING_FEATURES +
            PRICES * PRICE_FEATURES + RING + NOTABLES * (2 + 2 * n) + DOCKS + LEVELS +
            GUILDS * ORDERS * (n + 2) + 1 + BOWLS * (n + 1) + TILES + 1 + BONUS + 2 + n * SEAT_FEATURES) *
           F;
}

/* piece `index` of table `which` at out + *at (which moves on); a capped table's last entry
 * serves every count beyond it (min(x / scale, cap) is the cap there) */
static int put(char *out, Py_ssize_t *at, Py_ssize_t end, int which, Py_ssize_t index) {
    const Table *t = &tables[which];
    if (capped[which] && index >= t->count) index = t->count - 1;
    return put_table(t, out, at, end, index);
}

/* 1.0 at byte offset `at` (a float's start), checked against the vector's end */
static int set_one(char *out, Py_ssize_t at, Py_ssize_t end) {
    if (at < 0 || at + F > end) {
        PyErr_SetString(PyExc_ValueError, OBS "the state holds more than its layout");
        return -1;
    }
    one(out, at / F);
    return 0;
}

/* an integer of any sign (a seat, -1 or -2 where the rules write one), else -1 with an error */
static int int_of(PyObject *v, Py_ssize_t *x, const char *what) {
    if (!PyLong_Check(v)) {
        PyErr_Format(PyExc_TypeError, OBS "%s must be an integer", what);
        return -1;
    }
    *x = PyLong_AsSsize_t(v);
    if (*x == -1 && PyErr_Occurred()) {
        if (PyErr_ExceptionMatches(PyExc_OverflowError)) {
            PyErr_Clear();
            PyErr_Format(PyExc_IndexError, OBS "%s %R is beyond any count the rules allow", what, v);
        }
        return -1;
    }
    return 0;
}

/* a count (a non-negative integer) naming `what`, an overflow included */
static Py_ssize_t count_of(PyObject *v, const char *what) {
    Py_ssize_t x = as_index(v, what);
    if (x == -1 && PyErr_ExceptionMatches(PyExc_OverflowError)) {
        PyErr_Clear();
        PyErr_Format(PyExc_IndexError, OBS "%s %R is beyond any count the rules allow", what, v);
    }
    return x;
}

/* True or False (no other object: a truth test could run Python code while items are borrowed) */
static int flag_of(PyObject *v, const char *what) {
    if (v == Py_True) return 1;
    if (v == Py_False) return 0;
    PyErr_Format(PyExc_TypeError, OBS "%s must be True or False", what);
    return -1;
}

/* a count through table `which` (a non-negative integer) */
static int put_count(char *out, Py_ssize_t *at, Py_ssize_t end, PyObject *v, int which) {
    Py_ssize_t x = count_of(v, tables[which].name);
    if (x < 0) return -1;
    return put(out, at, end, which, x);
}

/* every item of a list or tuple of `count` counts through one table */
static int put_counts(char *out, Py_ssize_t *at, Py_ssize_t end, PyObject *d, PyObject *key, Py_ssize_t count,
                      int which, const char *where) {
    PyObject *seq = dict_seq(d, key, count, where);
    if (seq == NULL) return -1;
    for (Py_ssize_t i = 0; i < count; i++)
        if (put_count(out, at, end, item(seq, i), which) < 0) return -1;
    return 0;
}

/* a one-hot of `width` entries at *at (which moves on): index from a name's table, or -1 for
 * all 0 (`unknown_ok`: a name not listed is all 0, as the view route writes it) */
static int name_one_hot(char *out, Py_ssize_t *at, Py_ssize_t end, PyObject *names, PyObject *name, Py_ssize_t width,
                        int unknown_ok, const char *what) {
    if (!PyUnicode_CheckExact(name)) { /* a str subclass's hash could run Python code */
        PyErr_Format(PyExc_TypeError, OBS "%s must be a string", what);
        return -1;
    }
    PyObject *index = PyDict_GetItemWithError(names, name);
    if (index == NULL) {
        if (PyErr_Occurred()) return -1;
        if (!unknown_ok) {
            PyErr_Format(PyExc_ValueError, OBS "%s %R is unknown", what, name);
            return -1;
        }
    } else {
        Py_ssize_t i = PyLong_AsSsize_t(index);
        if (i < 0 || i >= width) {
            if (!PyErr_Occurred()) PyErr_Format(PyExc_IndexError, OBS "%s %R is outside its one-hot", what, name);
            return -1;
        }
        if (set_one(out, *at + i * F, end) < 0) return -1;
    }
    *at += width * F;
    return 0;
}

/* the holder one-hot at *at (which moves on): `n` cells relative to observer r, then with
 * `neutral` one more for a neutral marker (-2); None: all 0 */
static int holder(char *out, Py_ssize_t *at, Py_ssize_t end, PyObject *x, Py_ssize_t n, Py_ssize_t r, int neutral,
                  const char *what) {
    Py_ssize_t width = n + (neutral ? 1 : 0);
    if (x != Py_None) {
        Py_ssize_t s;
        if (int_of(x, &s, what) < 0) return -1;
        Py_ssize_t cell;
        if (neutral && s == -2) {
            cell = n;
        } else if (s >= 0 && s < n) {
            cell = (s - r + n) % n;
        } else {
            PyErr_Format(PyExc_IndexError, OBS "%s holds seat %zd of %zd players", what, s, n);
            return -1;
        }
        if (set_one(out, *at + cell * F, end) < 0) return -1;
    }
    *at += width * F;
    return 0;
}

/* 1.0 at entry v - lowest of a block of `width`, for every integer v of a list or tuple */
static int members(char *out, Py_ssize_t *at, Py_ssize_t end, PyObject *seq, Py_ssize_t lowest, Py_ssize_t width,
                   const char *what) {
    Py_ssize_t count = length(seq);
    for (Py_ssize_t i = 0; i < count; i++) {
        Py_ssize_t v;
        if (int_of(item(seq, i), &v, what) < 0) return -1;
        if (v < lowest || v >= lowest + width) {
            PyErr_Format(PyExc_IndexError, OBS "%s holds %zd (%zd to %zd)", what, v, lowest, lowest + width - 1);
            return -1;
        }
        if (set_one(out, *at + (v - lowest) * F, end) < 0) return -1;
    }
    *at += width * F;
    return 0;
}

/* the levels of the notables 1-24 in the state's tables (state.t.n_level), read once per tables
 * object; -1 for a notable the tables lack */
static int read_levels(PyObject *state) {
    PyObject *t = PyObject_GetAttr(state, s_t);
    if (t == NULL) return -1;
    if (t == levels_of) {
        Py_DECREF(t);
        return 0;
    }
    PyObject *by_id = PyObject_GetAttr(t, s_n_level);
    if (by_id == NULL) goto fail;
    if (!PyDict_Check(by_id)) {
        PyErr_SetString(PyExc_TypeError, OBS "state.t.n_level must be a dict");
        goto fail;
    }
    Py_ssize_t found[NOTABLES + 1];
    found[0] = -1;
    for (Py_ssize_t i = 1; i <= NOTABLES; i++) {
        PyObject *key = PyLong_FromSsize_t(i);
        if (key == NULL) goto fail;
        PyObject *level = PyDict_GetItemWithError(by_id, key);
        Py_DECREF(key);
        if (level == NULL) {
            if (PyErr_Occurred()) goto fail;
            found[i] = -1;
            continue;
        }
        found[i] = count_of(level, "a notable's level");
        if (found[i] < 0) goto fail;
        if (found[i] >= 64) {
            PyErr_Format(PyExc_IndexError, OBS "notable %zd has level %zd", i, found[i]);
            goto fail;
        }
    }
    Py_DECREF(by_id);
    memcpy(notable_level, found, sizeof found);
    Py_XSETREF(levels_of, t);
    return 0;
fail:
    Py_XDECREF(by_id);
    Py_DECREF(t);
    return -1;
}

/* the levels whose notables take goods now (state.open_levels(), D1), as bits */
static int open_levels(PyObject *state, uint64_t *bits) {
    PyObject *levels = PyObject_CallMethodNoArgs(state, s_open_levels);
    if (levels == NULL) return -1;
    PyObject *it = PyObject_GetIter(levels);
    Py_DECREF(levels);
    if (it == NULL) return -1;
    PyObject *level;
    *bits = 0;
    while ((level = PyIter_Next(it)) != NULL) {
        Py_ssize_t v = count_of(level, "an open level");
        Py_DECREF(level);
        if (v < 0) break;
        if (v >= 64) {
            PyErr_Format(PyExc_IndexError, OBS "open level %zd", v);
            break;
        }
        *bits |= (uint64_t)1 << v;
    }
    Py_DECREF(it);
    return PyErr_Occurred() ? -1 : 0;
}

/* one seat's blocks (seat p, shown to observer `seat`, -1 for a spectator) */
static int seat_blocks(char *out, Py_ssize_t *at, Py_ssize_t end, PyObject *pd, Py_ssize_t p, Py_ssize_t seat,
                       int over) {
    const char *where = "a seat";
    /* I1: another seat's rupees are in the bag until the game is over (view.py): not read */
    if (p == seat || over) {
        PyObject *rupees = dict_item(pd, s_rupees, where);
        if (rupees == NULL || set_one(out, *at, end) < 0) return -1;
        *at += F;
        if (put_count(out, at, end, rupees, RUPEES) < 0) return -1;
    } else {
        *at += 2 * F;
    }
    PyObject *v;
    if (!(v = dict_item(pd, s_markers, where)) || put_count(out, at, end, v, MARKERS) < 0) return -1;
    if (put_counts(out, at, end, pd, s_goods, GOODS, GOODS_HELD, where) < 0) return -1;
    if (!(v = dict_item(pd, s_favour, where)) || put_count(out, at, end, v, FAVOUR) < 0) return -1;
    if (!(v = dict_item(pd, s_workers, where)) || put_count(out, at, end, v, WORKERS) < 0) return -1;
    if (!(v = dict_item(pd, s_cook, where)) || put_count(out, at, end, v, COOK) < 0) return -1;
    if (!(v = dict_item(pd, s_level, where)) || put_count(out, at, end, v, LEVEL) < 0) return -1;
    if (put_counts(out, at, end, pd, s_farmers, TRACKS, FARMERS, where) < 0) return -1;
    PyObject *covers = dict_seq(pd, s_covers, TRACKS, where);
    if (covers == NULL) return -1;
    for (Py_ssize_t k = 0; k < TRACKS; k++) {
        PyObject *track = item(covers, k);
        if (!is_seq(track)) {
            PyErr_SetString(PyExc_TypeError, OBS "a seat's covers must be lists or tuples");
            return -1;
        }
        if (members(out, at, end, track, 1, SQUARES, "a track's covers") < 0) return -1;
    }
    if (!(v = dict_item(pd, s_removed, where)) || put_count(out, at, end, v, REMOVED) < 0) return -1;
    if (put_counts(out, at, end, pd, s_influence, GUILDS, INFLUENCE, where) < 0) return -1;
    PyObject *tiles = dict_seq(pd, s_tiles, -1, where);
    if (tiles == NULL || members(out, at, end, tiles, 1, TILES, "a seat's favour tiles") < 0) return -1;
    PyObject *french = dict_seq(pd, s_french, FRENCH, where);
    if (french == NULL) return -1;
    for (Py_ssize_t i = 0; i < FRENCH; i++) {
        Py_ssize_t g;
        if (int_of(item(french, i), &g, "a French merchant slot") < 0) return -1;
        if (g >= 0 && set_one(out, *at + i * F, end) < 0) return -1;
    }
    *at += FRENCH * F;
    return 0;
}

static int fill(PyObject *state, Py_ssize_t n, Py_ssize_t seat, char *out, Py_ssize_t end) {
    /* seat < 0: a spectator (the table's order; no seat's rupees until the end) */
    Py_ssize_t r = seat < 0 ? 0 : seat;
    int ok = -1;
    PyObject *d = NULL;
    memset(out, 0, end);
    /* what runs Python code first (the state's own derivations), then the position's fields,
     * read borrowed: nothing below runs Python code */
    Py_ssize_t current = int_attr(state, s_current_player, 1);
    if (current == -2) return -1;
    if (current >= n) {
        PyErr_Format(PyExc_ValueError, OBS "current_player %zd of %zd players", current, n);
        return -1;
    }
    if (!(d = PyObject_GetAttr(state, s__d))) return -1;
    if (!PyDict_Check(d)) {
        PyErr_SetString(PyExc_TypeError, OBS "state._d (the position) must be a dict");
        goto done;
    }
    const char *pos = "the position";
    PyObject *v;
    Py_ssize_t boat; /* checked before open_levels() indexes its tables by it */
    if (!(v = dict_item(d, s_boat, pos)) || int_of(v, &boat, "boat") < 0) goto done;
    if (boat < 1 || boat > DOCKS) {
        PyErr_Format(PyExc_IndexError, OBS "the boat is at dock %zd (docks are 1 to %d)", boat, DOCKS);
        goto done;
    }
    uint64_t open;
    if (open_levels(state, &open) < 0 || read_levels(state) < 0) goto done;
    Py_ssize_t at = 0;
    /* phase, current seat (relative), the pending decision (the stack's top frame) */
    if (!(v = dict_item(d, s_phase, pos)) || name_one_hot(out, &at, end, phase_index, v, PHASES, 0, "phase") < 0)
        goto done;
    if (current >= 0 && set_one(out, at + ((current - r + n) % n) * F, end) < 0) goto done;
    at += n * F;
    PyObject *stack = dict_seq(d, s_stack, -1, pos);
    if (stack == NULL) goto done;
    if (length(stack)) {
        PyObject *kind = dict_item(item(stack, length(stack) - 1), s_k, "a stack frame");
        if (kind == NULL || name_one_hot(out, &at, end, frame_index, kind, FRAMES, 1, "a frame's kind") < 0)
            goto done;
    } else {
        at += FRAMES * F;
    }
    PyObject *turn = dict_item(d, s_turn, pos);
    if (turn == NULL) goto done;
    if (!(v = dict_item(turn, s_mp, "the turn")) || put_count(out, &at, end, v, MP) < 0) goto done;
    if (!(v = dict_item(turn, s_laid, "the turn")) || put_count(out, &at, end, v, LAID) < 0) goto done;
    int flag;
    if (!(v = dict_item(turn, s_meditated, "the turn")) || (flag = flag_of(v, "turn meditated")) < 0) goto done;
    if (flag && set_one(out, at, end) < 0) goto done;
    if (!(v = dict_item(turn, s_ordered, "the turn")) || (flag = flag_of(v, "turn ordered")) < 0) goto done;
    if (flag && set_one(out, at + F, end) < 0) goto done;
    at += 2 * F;
    /* the spaces: occupant, standing */
    PyObject *spaces = dict_seq(d, s_spaces, SPACES, pos);
    if (spaces == NULL) goto done;
    for (Py_ssize_t s = 0; s < SPACES; s++) {
        PyObject *w = item(spaces, s);
        if (w == Py_None) {
            at += (n + 1) * F;
            continue;
        }
        if (!is_seq(w) || length(w) != 2) {
            PyErr_SetString(PyExc_TypeError, OBS "a space must hold None or [seat, standing]");
            goto done;
        }
        if (holder(out, &at, end, item(w, 0), n, r, 0, "a space") < 0) goto done;
        if ((flag = flag_of(item(w, 1), "a space's standing")) < 0) goto done;
        if (flag && set_one(out, at, end) < 0) goto done;
        at += F;
    }
    /* the buildings: built, rupees on it, the merchant, the builder */
    PyObject *built = dict_seq(d, s_built, BUILDINGS, pos), *coins = dict_seq(d, s_coins, BUILDINGS, pos);
    if (built == NULL || coins == NULL) goto done;
    Py_ssize_t merchant, builder;
    if (!(v = dict_item(d, s_merchant, pos)) || int_of(v, &merchant, "merchant") < 0) goto done;
    if (!(v = dict_item(d, s_builder, pos)) || int_of(v, &builder, "builder") < 0) goto done;
    for (Py_ssize_t b = 0; b < BUILDINGS; b++) {
        if ((flag = flag_of(item(built, b), "built")) < 0) goto done;
        if (flag && set_one(out, at, end) < 0) goto done;
        at += F;
        if (put_count(out, &at, end, item(coins, b), COINS) < 0) goto done;
        if (merchant == b && set_one(out, at, end) < 0) goto done;
        if (builder == b && set_one(out, at + F, end) < 0) goto done;
        at += 2 * F;
    }
    /* the price markers: the good, the face */
    PyObject *prices = dict_seq(d, s_prices, PRICES, pos);
    if (prices == NULL) goto done;
    for (Py_ssize_t i = 0; i < PRICES; i++) {
        PyObject *m = item(prices, i);
        if (m != Py_None) {
            if (!is_seq(m) || length(m) != 2) {
                PyErr_SetString(PyExc_TypeError, OBS "a price marker must hold None or [good, face]");
                goto done;
            }
            Py_ssize_t good, face;
            if (int_of(item(m, 0), &good, "a price marker's good") < 0 ||
                int_of(item(m, 1), &face, "a price marker's face") < 0)
                goto done;
            if (good < 0 || good >= GOODS) {
                PyErr_Format(PyExc_IndexError, OBS "a price marker holds good %zd", good);
                goto done;
            }
            if (set_one(out, at + good * F, end) < 0 || (face > 0 && set_one(out, at + GOODS * F, end) < 0))
                goto done;
        }
        at += PRICE_FEATURES * F;
    }
    if (!(v = dict_item(d, s_covered, pos)) || name_one_hot(out, &at, end, ring_index, v, RING, 0, "covered") < 0)
        goto done;
    /* the notables on the river, by id: on it, open for deliveries, owner, markers per seat */
    PyObject *river = dict_seq(d, s_river, -1, pos);
    if (river == NULL) goto done;
    Py_ssize_t notables = at, width = 2 + 2 * n;
    uint32_t seen = 0;
    for (Py_ssize_t i = 0; i < length(river); i++) {
        PyObject *x = item(river, i);
        if (!(v = dict_item(x, s_id, "a notable"))) goto done;
        Py_ssize_t id = count_of(v, "a notable's id");
        if (id < 0) goto done;
        if (id < 1 || id > NOTABLES) {
            PyErr_Format(PyExc_IndexError, OBS "notable %zd (notables are 1 to %d)", id, NOTABLES);
            goto done;
        }
        if (seen & ((uint32_t)1 << id)) {
            PyErr_Format(PyExc_ValueError, OBS "notable %zd is twice on the river", id);
            goto done;
        }
        seen |= (uint32_t)1 << id;
        Py_ssize_t base = notables + (id - 1) * width * F;
        PyObject *owner = dict_item(x, s_owner, "a notable");
        if (owner == NULL || set_one(out, base, end) < 0) goto done;
        Py_ssize_t level = notable_level[id];
        if (owner == Py_None && level >= 0 && (open >> level & 1) && set_one(out, base + F, end) < 0) goto done;
        Py_ssize_t cells = base + 2 * F;
        if (holder(out, &cells, end, owner, n, r, 0, "a notable's owner") < 0) goto done;
        PyObject *slots = dict_seq(x, s_slots, -1, "a notable");
        if (slots == NULL) goto done;
        Py_ssize_t counts[MOST_PLAYERS] = {0};
        for (Py_ssize_t k = 0; k < length(slots); k++) {
            PyObject *slot = item(slots, k);
            if (!is_seq(slot)) {
                PyErr_SetString(PyExc_TypeError, OBS "a notable's slots must be lists or tuples");
                goto done;
            }
            for (Py_ssize_t j = 0; j < length(slot); j++) {
                Py_ssize_t s;
                if (int_of(item(slot, j), &s, "a notable's marker") < 0) goto done;
                if (s < 0 || s >= n) {
                    PyErr_Format(PyExc_IndexError, OBS "a notable holds a marker of seat %zd of %zd players", s, n);
                    goto done;
                }
                counts[(s - r + n) % n]++;
            }
        }
        for (Py_ssize_t c = 0; c < n; c++)
            if (put(out, &cells, end, NOTABLE_MARKERS, counts[c]) < 0) goto done;
    }
    at = notables + NOTABLES * width * F;
    /* the boat's dock, contracts completed per level */
    if (!(v = dict_item(d, s_boat, pos)) || int_of(v, &boat, "boat") < 0) goto done;
    if (boat < 1 || boat > DOCKS) {
        PyErr_Format(PyExc_IndexError, OBS "the boat is at dock %zd (docks are 1 to %d)", boat, DOCKS);
        goto done;
    }
    if (set_one(out, at + (boat - 1) * F, end) < 0) goto done;
    at += DOCKS * F;
    if (put_counts(out, &at, end, d, s_contracts, LEVELS, CONTRACTS, pos) < 0) goto done;
    /* the orders: per guild and position, the holder, neutral, the order marker; the limit */
    PyObject *orders = dict_seq(d, s_orders, GUILDS, pos), *order_at = dict_seq(d, s_order_at, GUILDS, pos);
    if (orders == NULL || order_at == NULL) goto done;
    for (Py_ssize_t u = 0; u < GUILDS; u++) {
        PyObject *column = item(orders, u), *marker = item(order_at, u);
        if (!is_seq(column) || length(column) != ORDERS) {
            PyErr_Format(PyExc_ValueError, OBS "each guild's orders must be a list or tuple of %d", ORDERS);
            goto done;
        }
        Py_ssize_t marked = -1;
        if (marker != Py_None) {
            if (int_of(marker, &marked, "an order marker") < 0) goto done;
            if (marked < 0 || marked >= ORDERS) {
                PyErr_Format(PyExc_IndexError, OBS "an order marker at %zd (orders are 0 to %d)", marked, ORDERS - 1);
                goto done;
            }
        }
        for (Py_ssize_t o = 0; o < ORDERS; o++) {
            if (holder(out, &at, end, item(column, o), n, r, 1, "an order") < 0) goto done;
            if (marked == o && set_one(out, at, end) < 0) goto done;
            at += F;
        }
    }
    if (!(v = dict_item(d, s_limit, pos)) || put_count(out, &at, end, v, LIMIT) < 0) goto done;
    PyObject *bowls = dict_seq(d, s_bowls, BOWLS, pos);
    if (bowls == NULL) goto done;
    for (Py_ssize_t b = 0; b < BOWLS; b++)
        if (holder(out, &at, end, item(bowls, b), n, r, 1, "a bowl") < 0) goto done;
    /* the favour display, the stack's size alone (I3: its order is hidden), the bonus tiles */
    PyObject *display = dict_seq(d, s_display, -1, pos);
    if (display == NULL || members(out, &at, end, display, 1, TILES, "the favour display") < 0) goto done;
    PyObject *stack_tiles = dict_seq(d, s_stack_tiles, -1, pos);
    if (stack_tiles == NULL || put(out, &at, end, STACK, length(stack_tiles)) < 0) goto done;
    PyObject *bonus_left = dict_seq(d, s_bonus_left, -1, pos);
    if (bonus_left == NULL || members(out, &at, end, bonus_left, 0, BONUS, "the bonus tiles") < 0) goto done;
    /* the end: triggered, turns left (E2) */
    if (!(v = dict_item(d, s_left, pos))) goto done;
    if (v == Py_None) {
        at += 2 * F;
    } else {
        if (set_one(out, at, end) < 0) goto done;
        at += F;
        if (put_count(out, &at, end, v, LEFT) < 0) goto done;
    }
    /* the seats, from the observer on */
    int over;
    if (!(v = dict_item(d, s_over, pos)) || (over = flag_of(v, "over")) < 0) goto done;
    PyObject *seats = dict_seq(d, s_p, n, pos);
    if (seats == NULL) goto done;
    for (Py_ssize_t i = 0; i < n; i++) {
        Py_ssize_t p = (r + i) % n;
        if (seat_blocks(out, &at, end, item(seats, p), p, seat, over) < 0) goto done;
    }
    if (at != end) {
        PyErr_Format(PyExc_ValueError, OBS "%zd bytes written, %zd expected", at, end);
        goto done;
    }
    ok = 0;
done:
    Py_XDECREF(d);
    return ok;
}

static PyObject *encode(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (held == NULL) {
        PyErr_SetString(PyExc_RuntimeError, OBS "setup() was not called");
        return NULL;
    }
    return encode_call(args, nargs, s_players, 2, MOST_PLAYERS, vector_bytes, fill);
}

/* name -> index for a tuple of `width` strings */
static PyObject *index_of_names(PyObject *given, const char *key, Py_ssize_t width) {
    PyObject *names = PyDict_GetItemString(given, key);
    if (names == NULL || !PyTuple_Check(names) || PyTuple_GET_SIZE(names) != width) {
        PyErr_Format(PyExc_ValueError, "setup: %s must be a tuple of %zd names", key, width);
        return NULL;
    }
    PyObject *index = PyDict_New();
    if (index == NULL) return NULL;
    for (Py_ssize_t i = 0; i < width; i++) {
        PyObject *name = PyTuple_GET_ITEM(names, i), *number = NULL;
        if (!PyUnicode_CheckExact(name) || !(number = PyLong_FromSsize_t(i)) ||
            PyDict_SetItem(index, name, number) < 0) {
            if (!PyErr_Occurred()) PyErr_Format(PyExc_ValueError, "setup: %s must hold strings", key);
            Py_XDECREF(number);
            Py_DECREF(index);
            return NULL;
        }
        Py_DECREF(number);
    }
    if (PyDict_GET_SIZE(index) != width) {
        PyErr_Format(PyExc_ValueError, "setup: %s holds a name twice", key);
        Py_DECREF(index);
        return NULL;
    }
    return index;
}

static PyObject *setup(PyObject *self, PyObject *given) {
    if (!PyDict_Check(given)) {
        PyErr_SetString(PyExc_TypeError, "setup takes a dict of name -> bytes (and the names)");
        return NULL;
    }
    PyObject *copy = PyDict_Copy(given), *phases = NULL, *frames = NULL, *ring = NULL;
    if (copy == NULL) return NULL;
    Table loaded[TABLES];
    memcpy(loaded, tables, sizeof tables);
    if (load_tables(copy, loaded, TABLES) < 0) goto fail;
    for (int k = 0; k < TABLES; k++)
        if (capped[k] && loaded[k].count < 2) {
            PyErr_Format(PyExc_ValueError, "setup: table %s must end at its cap", loaded[k].name);
            goto fail;
        }
    /* the layout's sizes per player count, checked to be this module's */
    PyObject *sizes = PyDict_GetItemString(copy, "sizes");
    if (sizes == NULL || !PyBytes_Check(sizes) ||
        PyBytes_GET_SIZE(sizes) != (MOST_PLAYERS + 1) * (Py_ssize_t)sizeof(int32_t)) {
        PyErr_Format(PyExc_ValueError, "setup: table sizes must hold %d int32", MOST_PLAYERS + 1);
        goto fail;
    }
    const int32_t *size = (const int32_t *)PyBytes_AS_STRING(sizes);
    for (Py_ssize_t n = 2; n <= MOST_PLAYERS; n++)
        if ((Py_ssize_t)size[n] * F != vector_bytes(n)) {
            PyErr_Format(PyExc_ValueError, "setup: the layout for %zd players is not this module's", n);
            goto fail;
        }
    if (!(phases = index_of_names(copy, "phases", PHASES)) || !(frames = index_of_names(copy, "frames", FRAMES)) ||
        !(ring = index_of_names(copy, "ring", RING)))
        goto fail;
    Py_XSETREF(held, copy);
    Py_XSETREF(phase_index, phases);
    Py_XSETREF(frame_index, frames);
    Py_XSETREF(ring_index, ring);
    memcpy(tables, loaded, sizeof tables);
    Py_RETURN_NONE;
fail:
    Py_XDECREF(phases);
    Py_XDECREF(frames);
    Py_XDECREF(ring);
    Py_DECREF(copy);
    return NULL;
}

static PyMethodDef methods[] = {
    {"encode", (PyCFunction)(void (*)(void))encode, METH_FASTCALL,
     "encode(state, seat, out=None): the observation's float32 bytes"},
    {"setup", setup, METH_O, "setup(tables): the float32 byte tables and the names of encode.py"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_cencode", "Agra's observation, compiled.", -1,
                                    methods};

PyMODINIT_FUNC PyInit__cencode(void) {
    INTERN(players);
    INTERN(_d);
    INTERN(current_player);
    INTERN(open_levels);
    INTERN(t);
    INTERN(n_level);
    INTERN(phase);
    INTERN(over);
    INTERN(stack);
    INTERN(k);
    INTERN(turn);
    INTERN(mp);
    INTERN(laid);
    INTERN(meditated);
    INTERN(ordered);
    INTERN(spaces);
    INTERN(built);
    INTERN(coins);
    INTERN(merchant);
    INTERN(builder);
    INTERN(prices);
    INTERN(covered);
    INTERN(river);
    INTERN(id);
    INTERN(slots);
    INTERN(owner);
    INTERN(boat);
    INTERN(contracts);
    INTERN(orders);
    INTERN(order_at);
    INTERN(limit);
    INTERN(bowls);
    INTERN(display);
    INTERN(stack_tiles);
    INTERN(bonus_left);
    INTERN(left);
    INTERN(p);
    INTERN(rupees);
    INTERN(markers);
    INTERN(goods);
    INTERN(favour);
    INTERN(workers);
    INTERN(cook);
    INTERN(level);
    INTERN(farmers);
    INTERN(covers);
    INTERN(removed);
    INTERN(influence);
    INTERN(tiles);
    INTERN(french);
    return PyModule_Create(&module);
}
