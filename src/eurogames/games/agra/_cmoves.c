/* Agra's legal-move generation, compiled: generate(state) gives the very list that
 * AgraState._generate_py (rules.py) gives, the same Action objects in the same order (sorted by
 * id, each once), read straight from the state's position (state._d).
 *
 * A port, loop for loop, of the definition in rules.py: _generate_py, its frame-less phases
 * (_placements_into, _meditation_into, _order_into), the secondary and favour actions at the
 * active seat's own decisions (T2: _secondary_into, _favour_actions_into), the reclaims with an
 * empty supply (_reclaims) and every frame generator (_gen_<kind>); each block below carries the
 * rule label the Python carries. A frame kind this file does not know (none today) is handed to
 * the Python generator (rules._GEN[kind](state, top)) and its ids merged, so the list is always
 * complete.
 *
 * What the definition reads from memoised tables it works out here from the same inputs, as
 * moves.py builds them: the goods' values and the price moves (moves.Priced, Valued: H6, C9),
 * the farm's farmer moves, covers and production (moves.Farm: A3-A5), the open favour actions
 * (moves.favours_open: F3-F5), the open levels (open_levels: D1) and the minimal payments
 * (rules.minimal_payments: C2, Q40). Calling back into those would cost more than the whole
 * generation here. Everything fixed (the action ids of each kind, the goods' printed values,
 * the buildings, the notables' contracts, ...) is read once per data set from state._moves
 * (moves.Moves) and state.t (tables.Tables), and what Moves does not hold is handed over by
 * setup() (rules.py's _compiled).
 *
 * The ids are collected in a bitset over the action space, then walked in order: sorted and
 * unique by construction, as sorted(set(out)).
 *
 * Optional: setup.py builds it where a C compiler is found; where it is missing (or
 * EUROGAMES_PURE_PYTHON=1) the rules call the definition. tests/agra/test_compiled_moves.py
 * holds it equal to the definition at every decision of many games.
 *
 * A position of the wrong shape (a missing key, a non-integer where an integer belongs, a
 * seat or good out of range) raises KeyError, TypeError, ValueError or IndexError naming what is
 * wrong; nothing is changed.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#define POS "agra position: "
#define DATA "agra moves tables: "

#define GOODS 16
#define SPACES 20 /* the 4 characters, then the 16 buildings (W1) */
#define BUILDINGS 16
#define GUILDS 3
#define TRACKS 4
#define SQUARES 7 /* the longest farm track (actions.MAX_SQUARES) */
#define TILES 14  /* favour tiles t1-t14 */
#define NOTABLE_IDS 64 /* notables are numbered 1-24; ids below 64 fit a bit mask */
#define MATERIALS 4
#define MOST_ACTIONS 16384
#define MOST_SEATS 8
#define MOST_BOWLS 16
#define MOST_ORDERS 16 /* positions per guild's column */
#define MOST_NEED 8    /* kinds of goods in one order */
#define MOST_DOCKS 16
#define MOST_BONUS 16
#define MOST_SLOTS 8 /* goods on one notable's contract */
#define MOST_PAYMENTS 256
#define MOST_COVERS 16 /* cover tiles on one track */
#define MOST_LEVELS 16 /* meditation levels */
#define MOST_COUNTS 16 /* produce 0-8, process 0-3 */
#define PRICE_MOVES 96
#define MOST_FARMER_MOVES 64

/* notables whose ability the generation asks about (Appendix I numbers, as rules.py) */
enum { PORTUGUESE = 1, STONEMASON = 3, FRENCH = 6, CALIPH = 11, CALLIGRAPHER = 12, ENGLISH = 14, MOSAIC = 15 };

/* -- names ------------------------------------------------------------------------------ */
/* the bits of a `used` list: a seat's favour actions and once-a-turn things (F5, S3, N6, N11,
 * N14, N15, O S5), a Botanist frame's options (C12); the favour actions in moves.FAVOURS' order */
enum {
    U_S1, U_S2, U_S3, U_T1, U_T2, U_T3, U_T4, U_T5, U_T6, U_T7, U_T8, U_T9, U_T10, U_T11, U_T12, U_T13, U_T14,
    U_MOSAIC, U_CALIPH, U_BOOK, U_PAINTING, U_GOWN, U_ENGLISH, U_FRENCH, U_STATUE,
    U_IMPROVE, U_UNCOVER, U_FARMERS, U_NAMES
};
static const char *const used_names[U_NAMES] = {
    "s1", "s2", "s3", "t1", "t2", "t3", "t4", "t5", "t6", "t7", "t8", "t9", "t10", "t11", "t12", "t13", "t14",
    "mosaic", "caliph", "book", "painting", "gown", "english", "french", "statue",
    "improve", "uncover", "farmers",
};
#define FAVOUR_NAMES (U_T14 + 1)
#define BIT(u) ((uint32_t)1 << (u))

/* the frame kinds ported here, rules.py's _gen_<kind> */
enum {
    K_ARCHITECT, K_BONUS, K_COVER, K_PRODUCE, K_DYER, K_PROCESS, K_FOLLOW, K_BOATMAN, K_TRADER, K_PRICE_AFTER,
    K_BOTANIST, K_STAND, K_REWARD, K_DISCARD, K_GAIN, K_COOK, K_JAGIR, K_INFLUENCE, K_SADR, K_TILE, K_RECLAIM,
    KINDS
};
static const char *const kind_names[KINDS] = {
    "architect", "bonus", "cover", "produce", "dyer", "process", "follow", "boatman", "trader", "price_after",
    "botanist", "stand", "reward", "discard", "gain", "cook", "jagir", "influence", "sadr", "tile", "reclaim",
};

static PyObject *used_index; /* name -> U_* bit number */
static PyObject *kind_index; /* frame kind -> K_* */

/* interned keys and attribute names, s_<name> */
#define NAMES(X)                                                                                                 \
    X(_d) X(t) X(_moves) X(options) X(_favours) X(_least) X(over) X(stack) X(k) X(seat) X(active) X(phase)      \
    X(turn) X(meditated) X(mp) X(ordered) X(covered) X(p) X(goods) X(markers) X(favour) X(workers) X(rupees)    \
    X(cook) X(level) X(contracts) X(used) X(tiles) X(french) X(farmers) X(covers) X(spaces) X(built) X(builder) \
    X(river) X(id) X(slots) X(owner) X(boat) X(orders) X(order_at) X(limit) X(bowls) X(display) X(stack_tiles)  \
    X(bonus_left) X(prices) X(b) X(i) X(o) X(good) X(free) X(paid) X(npaid) X(payval) X(order) X(given)         \
    X(value) X(taken) X(took) X(price) X(meditation) X(action) X(deliver) X(process) X(remove_cover) X(trade)           \
    X(boat_only) X(min_good_value) X(farm_spaces_per_track) X(river_reach) X(neutral_orders_count_limit)        \
    X(french_once_per_turn) X(reclaim_from_notables) X(influence)
#define DECLARE(x) static PyObject *s_##x;
NAMES(DECLARE)

/* -- what setup() hands over ------------------------------------------------------------ */
static PyObject *actions;    /* tuple: id -> Action (actions.ACTIONS) */
static Py_ssize_t n_actions; /* its length */
static PyObject *generators; /* rules._GEN: frame kind -> the Python generator */
static int uncover_ids[TRACKS][SQUARES + 1], meditate_uncover_ids[TRACKS][SQUARES + 1],
    favour_uncover_ids[TRACKS][SQUARES + 1]; /* by track and square (A5: C12b, M5c, FT2) */
static int t3_ids[GOODS];                    /* favour t3 <good> (FT3) */
static int sadr_ids[GOODS][GOODS];           /* sadr <good> <bowl's good> (N20) */
static int n_payments;                       /* the payments the action space names (C2) */
static long payments[MOST_PAYMENTS][MATERIALS];
static int build_ids[BUILDINGS][MOST_PAYMENTS]; /* build <building> pay <payment> */
static long material[MATERIALS];                /* actions.MATERIALS: the goods a payment counts */
/* goods the rules name (rules.py's OIL ... STATUE) */
static long OIL, CURRY, COTTON, BOOK, PAINTING, GOWN, STATUE;

/* -- what one data set's tables hold (state._moves, state.t), read once per data set ------- */
typedef struct {
    /* moves.Moves: the action ids of each kind by their arguments */
    int lay[SPACES], lay_cook, place[SPACES], overtime[SPACES], favour_overtime[SPACES], stand[SPACES];
    int n_arrows[GOODS], arrows[GOODS][GOODS]; /* arrows_from: the goods each good is processed into */
    int follow_t11[GOODS][GOODS], process_s3[GOODS][GOODS], process_t11[GOODS][GOODS]; /* by arrow */
    int n_s1, s1[GOODS], s2[GUILDS], t1, t5, t13, t8[GOODS];
    int n_bowls, bowl_good[MOST_BOWLS], bowl_at[MOST_BOWLS]; /* Moves.bowls: (good, its bowl) */
    int tribute[GOODS], favour_tribute[GOODS], order[GUILDS], favour_order[GUILDS], influence[GUILDS];
    int n_painting, painting[8];
    int french[GOODS], give[GOODS], pay[GOODS], take[GOODS], gain[GOODS], dyer[GOODS];
    int n_produce, produce[MOST_COUNTS], n_process, process[MOST_COUNTS];
    int reclaim[GOODS], reclaim_favour, reward, reward_tile[TILES + 1], tile[TILES + 1], discard[TILES + 1];
    int n_bonus_ids, bonus[MOST_BONUS];
    int end, statue, done, improve, follow[2], decline, oil, curry, oil_curry, caliph, book, gown, mosaic[2], cook[2];
    /* by (good, notable), -1 where Moves names none */
    int deliver[GOODS][NOTABLE_IDS], double_[GOODS][NOTABLE_IDS], meditate_deliver[GOODS][NOTABLE_IDS],
        favour_deliver[GOODS][NOTABLE_IDS], jagir[GOODS][NOTABLE_IDS], reclaim_notable[GOODS][NOTABLE_IDS];
    /* by (good, other good), -1 on the diagonal (Moves.pair) */
    int meditate_trade[GOODS][GOODS], english[GOODS][GOODS], meditate_process[GOODS][GOODS],
        favour_swap[GOODS][GOODS], process_t7[GOODS][GOODS];
    int price_marker[PRICE_MOVES], price_good[PRICE_MOVES], price_face[PRICE_MOVES]; /* Moves.price_moves */
    int price[PRICE_MOVES], favour_price[PRICE_MOVES];
    int n_steps, step_track[MOST_FARMER_MOVES], step_kind[MOST_FARMER_MOVES], step_id[MOST_FARMER_MOVES];
    int n_singles, single_track[MOST_FARMER_MOVES], single_kind[MOST_FARMER_MOVES], single_a[MOST_FARMER_MOVES],
        single_b[MOST_FARMER_MOVES];
    int n_doubles, double_track[MOST_FARMER_MOVES][2], double_kind[MOST_FARMER_MOVES][2],
        double_a[MOST_FARMER_MOVES], double_b[MOST_FARMER_MOVES];
    int column_size[GUILDS]; /* Moves.order_need: (good, count) pairs by guild and position */
    int n_need[GUILDS][MOST_ORDERS], need_good[GUILDS][MOST_ORDERS][MOST_NEED];
    long need_count[GUILDS][MOST_ORDERS][MOST_NEED];
    int n_docks; /* Moves.open_by / open_at: the levels open by dock, as bits */
    uint32_t open_by[MOST_DOCKS], open_at[MOST_DOCKS];
    long material_values[MATERIALS];
    /* tables.Tables */
    long value[GOODS], chain[GOODS], input[BUILDINGS], output[BUILDINGS], cost[BUILDINGS];
    int n_bonus;
    long bonus_level[MOST_BONUS];
    long med_levels;
    int n_upgrade;
    long upgrade[MOST_LEVELS][GOODS]; /* per level: how many of each good it costs */
    long ring_deliver, ring_remove_cover, ring_move_farmer;
    long track_start[TRACKS], track_end[TRACKS], production_max;
    uint8_t known[NOTABLE_IDS];
    long n_level[NOTABLE_IDS];
    int n_contract[NOTABLE_IDS], contract[NOTABLE_IDS][MOST_SLOTS];
} Data;

static Data data;                               /* the tables read last */
static PyObject *data_t, *data_m;               /* ... from these (strong: their addresses are never reused) */
static PyObject *costs_of;                      /* the state._favours the costs below were read from */
static int n_costs, cost_bit[32], cost_tile[32]; /* F3, F4: each favour action, its tile (0: none) */
static long cost_need[32];

/* -- reading Python values ---------------------------------------------------------------- */
/* 1 where v is a small exact int (the usual value), read into *out without a call */
static inline int small_long(PyObject *v, long *out) {
    if (!PyLong_CheckExact(v)) return 0;
#if PY_VERSION_HEX >= 0x030C0000
    if (PyUnstable_Long_IsCompact((PyLongObject *)v)) {
        *out = (long)PyUnstable_Long_CompactValue((PyLongObject *)v);
        return 1;
    }
#else
    Py_ssize_t size = Py_SIZE(v);
    if (size == 0 || size == 1 || size == -1) {
        *out = size * (long)((PyLongObject *)v)->ob_digit[0];
        return 1;
    }
#endif
    return 0;
}

/* long_of past its fast path (a call, kept out of the callers) */
static int long_slow(PyObject *v, const char *what, long *out) {
    if (!PyLong_Check(v)) {
        PyErr_Format(PyExc_TypeError, POS "%s must be an integer, not %.50s", what, Py_TYPE(v)->tp_name);
        return -1;
    }
    int overflow;
    long x = PyLong_AsLongAndOverflow(v, &overflow);
    if (overflow) {
        PyErr_Format(PyExc_ValueError, POS "%s %R is beyond any number the rules use", what, v);
        return -1;
    }
    if (x == -1 && PyErr_Occurred()) return -1;
    *out = x;
    return 0;
}

/* an integer (a bool too, as the rules' `==` and `+` take it), else -1 with an error naming `what` */
static inline int long_of(PyObject *v, const char *what, long *out) {
    return small_long(v, out) ? 0 : long_slow(v, what, out);
}

/* flag_of past its fast path */
static int flag_slow(PyObject *v, const char *what) {
    long x;
    if (!PyLong_Check(v)) {
        PyErr_Format(PyExc_TypeError, POS "%s must be True or False, not %.50s", what, Py_TYPE(v)->tp_name);
        return -1;
    }
    if (long_of(v, what, &x) < 0) return -1;
    return x != 0;
}

/* a truth value: True, False or an integer (no other object: a truth test could run Python
 * code while items are borrowed), else -1 with an error */
static inline int flag_of(PyObject *v, const char *what) {
    return v == Py_True ? 1 : v == Py_False ? 0 : flag_slow(v, what);
}

/* holder[key] (borrowed) of a dict, else NULL with a KeyError (or TypeError) naming `where` */
static inline PyObject *get(PyObject *holder, PyObject *key, const char *where) {
    if (!PyDict_Check(holder)) {
        PyErr_Format(PyExc_TypeError, POS "%s must be a dict, not %.50s", where, Py_TYPE(holder)->tp_name);
        return NULL;
    }
    PyObject *v = PyDict_GetItemWithError(holder, key);
    if (v == NULL && !PyErr_Occurred()) PyErr_Format(PyExc_KeyError, POS "%s has no %R", where, key);
    return v;
}

/* v (holder[key], NULL on an error) as an integer */
static inline int long_at(PyObject *v, PyObject *key, const char *where, long *out) {
    if (v == NULL) return -1;
    if (small_long(v, out)) return 0;
    if (PyLong_Check(v)) return long_of(v, PyUnicode_AsUTF8(key), out);
    PyErr_Format(PyExc_TypeError, POS "%s %R must be an integer, not %.50s", where, key, Py_TYPE(v)->tp_name);
    return -1;
}

static inline int get_long(PyObject *holder, PyObject *key, const char *where, long *out) {
    return long_at(get(holder, key, where), key, where, out);
}

static inline int get_flag(PyObject *holder, PyObject *key, const char *where) {
    PyObject *v = get(holder, key, where);
    if (v == Py_True || v == Py_False) return v == Py_True;
    return v == NULL ? -1 : flag_of(v, PyUnicode_AsUTF8(key));
}

/* a list or tuple (borrowed: v itself) of `count` items (any number where count < 0) */
static inline PyObject *seq_of(PyObject *v, Py_ssize_t count, const char *what) {
    if (!PyList_Check(v) && !PyTuple_Check(v)) {
        PyErr_Format(PyExc_TypeError, POS "%s must be a list, not %.50s", what, Py_TYPE(v)->tp_name);
        return NULL;
    }
    if (count >= 0 && PySequence_Fast_GET_SIZE(v) != count) {
        PyErr_Format(PyExc_ValueError, POS "%s holds %zd entries, not %zd", what, PySequence_Fast_GET_SIZE(v),
                     count);
        return NULL;
    }
    return v;
}

/* v (holder[key], NULL on an error) as a list of `count` items */
static inline PyObject *seq_at(PyObject *v, PyObject *key, Py_ssize_t count) {
    if (v != NULL && PyList_Check(v) && (count < 0 || PyList_GET_SIZE(v) == count)) return v;
    return v == NULL ? NULL : seq_of(v, count, PyUnicode_AsUTF8(key));
}

static inline PyObject *get_seq(PyObject *holder, PyObject *key, Py_ssize_t count, const char *what) {
    return seq_at(get(holder, key, what), key, count);
}

#define LEN(seq) PySequence_Fast_GET_SIZE(seq)
#define AT(seq, i) PySequence_Fast_GET_ITEM(seq, i)

/* a str equal to the interned `name` (any other object is not: Python's `==` with a str); two
 * interned strings are equal only where they are the same object, so only a str not interned
 * (one read from JSON, say) is compared character by character */
static inline int is(PyObject *v, PyObject *name) {
    if (v == name) return 1;
    return PyUnicode_CheckExact(v) && !PyUnicode_CHECK_INTERNED(v) && PyUnicode_Compare(v, name) == 0;
}

/* the U_* bits of a list of names (names the generation never asks about are left out) */
static int used_bits(PyObject *seq, const char *what, uint32_t *out) {
    uint32_t bits = 0;
    for (Py_ssize_t i = 0; i < LEN(seq); i++) {
        PyObject *name = AT(seq, i);
        if (!PyUnicode_CheckExact(name)) { /* a str subclass's hash could run Python code */
            PyErr_Format(PyExc_TypeError, POS "%s must hold strings, not %.50s", what, Py_TYPE(name)->tp_name);
            return -1;
        }
        PyObject *u = PyDict_GetItemWithError(used_index, name);
        if (u == NULL) {
            if (PyErr_Occurred()) return -1;
            continue;
        }
        bits |= BIT(PyLong_AsLong(u));
    }
    *out = bits;
    return 0;
}

/* -- reading the data set's tables (errors say DATA: the tables, not the position) ------- */
static int data_long(PyObject *v, const char *what, long *out) {
    if (!PyLong_Check(v)) {
        PyErr_Format(PyExc_TypeError, DATA "%s must be an integer", what);
        return -1;
    }
    *out = PyLong_AsLong(v);
    return *out == -1 && PyErr_Occurred() ? -1 : 0;
}

/* an action id (an int of the action space; -1 too where `none_ok`) */
static int data_id(PyObject *v, const char *what, int none_ok, int *out) {
    long x;
    if (data_long(v, what, &x) < 0) return -1;
    if (x < (none_ok ? -1 : 0) || x >= n_actions) {
        PyErr_Format(PyExc_ValueError, DATA "%s: %ld is not an action id", what, x);
        return -1;
    }
    *out = (int)x;
    return 0;
}

/* a tuple (or list) of `count` items (between 0 and `most` where count < 0), borrowed from v */
static PyObject *data_seq(PyObject *v, Py_ssize_t count, Py_ssize_t most, const char *what) {
    if (!PyTuple_Check(v) && !PyList_Check(v)) {
        PyErr_Format(PyExc_TypeError, DATA "%s must be a tuple", what);
        return NULL;
    }
    Py_ssize_t n = LEN(v);
    if ((count >= 0 && n != count) || (count < 0 && n > most)) {
        PyErr_Format(PyExc_ValueError, DATA "%s holds %zd entries", what, n);
        return NULL;
    }
    return v;
}

/* the ids of a tuple into out (count entries, or at most `most` where count < 0), their number */
static int data_ids(PyObject *v, Py_ssize_t count, Py_ssize_t most, int none_ok, const char *what, int *out) {
    if (data_seq(v, count, most, what) == NULL) return -1;
    for (Py_ssize_t i = 0; i < LEN(v); i++)
        if (data_id(AT(v, i), what, none_ok, &out[i]) < 0) return -1;
    return (int)LEN(v);
}

static int data_longs(PyObject *v, Py_ssize_t count, Py_ssize_t most, const char *what, long *out) {
    if (data_seq(v, count, most, what) == NULL) return -1;
    for (Py_ssize_t i = 0; i < LEN(v); i++)
        if (data_long(AT(v, i), what, &out[i]) < 0) return -1;
    return (int)LEN(v);
}

/* a good (0-15), a guild, a track ...: an int in [0, bound) */
static int data_index(PyObject *v, long bound, const char *what, int *out) {
    long x;
    if (data_long(v, what, &x) < 0) return -1;
    if (x < 0 || x >= bound) {
        PyErr_Format(PyExc_ValueError, DATA "%s: %ld is out of range", what, x);
        return -1;
    }
    *out = (int)x;
    return 0;
}

/* obj.name, a new reference */
static PyObject *attr(PyObject *obj, const char *name) { return PyObject_GetAttrString(obj, name); }

/* obj.name's ids (count of them, or at most `most`) */
static int attr_ids(PyObject *obj, const char *name, Py_ssize_t count, Py_ssize_t most, int *out) {
    PyObject *v = attr(obj, name);
    if (v == NULL) return -1;
    int n = data_ids(v, count, most, 0, name, out);
    Py_DECREF(v);
    return n;
}

static int attr_id(PyObject *obj, const char *name, int *out) {
    PyObject *v = attr(obj, name);
    if (v == NULL) return -1;
    int rc = data_id(v, name, 0, out);
    Py_DECREF(v);
    return rc;
}

static int attr_long(PyObject *obj, const char *name, long *out) {
    PyObject *v = attr(obj, name);
    if (v == NULL) return -1;
    int rc = data_long(v, name, out);
    Py_DECREF(v);
    return rc;
}

static int attr_longs(PyObject *obj, const char *name, Py_ssize_t count, long *out) {
    PyObject *v = attr(obj, name);
    if (v == NULL) return -1;
    int n = data_longs(v, count, count, name, out);
    Py_DECREF(v);
    return n;
}

/* a dict {tile: id} (tiles 1-14) into out[1..14], -1 for a tile it lacks */
static int tile_ids(PyObject *m, const char *name, int *out) {
    PyObject *v = attr(m, name);
    if (v == NULL) return -1;
    int rc = -1;
    for (int t = 0; t <= TILES; t++) out[t] = -1;
    if (!PyDict_Check(v)) {
        PyErr_Format(PyExc_TypeError, DATA "%s must be a dict", name);
        goto done;
    }
    PyObject *key, *value;
    Py_ssize_t pos = 0;
    while (PyDict_Next(v, &pos, &key, &value)) {
        int tile;
        if (data_index(key, TILES + 1, name, &tile) < 0 || data_id(value, name, 0, &out[tile]) < 0) goto done;
    }
    rc = 0;
done:
    Py_DECREF(v);
    return rc;
}

/* a dict {(good, notable): id} into out[good][notable], -1 for a pair it lacks */
static int pair_ids(PyObject *m, const char *name, int (*out)[NOTABLE_IDS]) {
    PyObject *v = attr(m, name);
    if (v == NULL) return -1;
    int rc = -1;
    for (int g = 0; g < GOODS; g++)
        for (int n = 0; n < NOTABLE_IDS; n++) out[g][n] = -1;
    if (!PyDict_Check(v)) {
        PyErr_Format(PyExc_TypeError, DATA "%s must be a dict", name);
        goto done;
    }
    PyObject *key, *value;
    Py_ssize_t pos = 0;
    while (PyDict_Next(v, &pos, &key, &value)) {
        int g, n;
        if (data_seq(key, 2, 2, name) == NULL || data_index(AT(key, 0), GOODS, name, &g) < 0 ||
            data_index(AT(key, 1), NOTABLE_IDS, name, &n) < 0 || data_id(value, name, 0, &out[g][n]) < 0)
            goto done;
    }
    rc = 0;
done:
    Py_DECREF(v);
    return rc;
}

/* a 16 x 16 table of ids (tuples by good, then other good), -1 allowed */
static int square_ids(PyObject *table, const char *name, int (*out)[GOODS]) {
    if (data_seq(table, GOODS, GOODS, name) == NULL) return -1;
    for (int g = 0; g < GOODS; g++)
        if (data_ids(AT(table, g), GOODS, GOODS, 1, name, out[g]) < 0) return -1;
    return 0;
}

/* per good, a tuple of ids, one per arrow from the good (Moves.arrows_from) */
static int arrow_ids(Data *t, PyObject *table, const char *name, int (*out)[GOODS]) {
    if (data_seq(table, GOODS, GOODS, name) == NULL) return -1;
    for (int g = 0; g < GOODS; g++)
        if (data_ids(AT(table, g), t->n_arrows[g], GOODS, 0, name, out[g]) < 0) return -1;
    return 0;
}

/* the levels of a frozenset (or tuple) of levels, as bits */
static int level_bits(PyObject *levels, const char *what, uint32_t *out) {
    PyObject *it = PyObject_GetIter(levels);
    if (it == NULL) return -1;
    PyObject *level;
    uint32_t bits = 0;
    while ((level = PyIter_Next(it)) != NULL) {
        int x;
        int rc = data_index(level, 32, what, &x);
        Py_DECREF(level);
        if (rc < 0) break;
        bits |= (uint32_t)1 << x;
    }
    Py_DECREF(it);
    if (PyErr_Occurred()) return -1;
    *out = bits;
    return 0;
}

static int read_moves(Data *t, PyObject *m) {
    PyObject *v = NULL, *pair = NULL;
    int rc = -1;
    if (attr_ids(m, "lay", SPACES, SPACES, t->lay) < 0 || attr_id(m, "lay_cook", &t->lay_cook) < 0 ||
        attr_ids(m, "place", SPACES, SPACES, t->place) < 0 ||
        attr_ids(m, "overtime", SPACES, SPACES, t->overtime) < 0 ||
        attr_ids(m, "favour_overtime", SPACES, SPACES, t->favour_overtime) < 0 ||
        attr_ids(m, "stand", SPACES, SPACES, t->stand) < 0)
        goto done;
    if (!(v = attr(m, "arrows_from")) || !data_seq(v, GOODS, GOODS, "arrows_from")) goto done;
    for (int g = 0; g < GOODS; g++) {
        PyObject *row = AT(v, g);
        if (!data_seq(row, -1, GOODS, "arrows_from")) goto done;
        t->n_arrows[g] = (int)LEN(row);
        for (int j = 0; j < t->n_arrows[g]; j++) {
            if (data_index(AT(row, j), GOODS, "arrows_from", &t->arrows[g][j]) < 0) goto done;
            if (t->arrows[g][j] == g) {
                PyErr_SetString(PyExc_ValueError, DATA "an arrow from a good to itself");
                goto done;
            }
        }
    }
    Py_CLEAR(v);
    if (!(v = attr(m, "follow_t11")) || arrow_ids(t, v, "follow_t11", t->follow_t11) < 0) goto done;
    Py_CLEAR(v);
    if (!(v = attr(m, "favour_process")) || !PyDict_Check(v)) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_TypeError, DATA "favour_process must be a dict");
        goto done;
    }
    PyObject *s3 = PyDict_GetItemString(v, "s3"), *t11 = PyDict_GetItemString(v, "t11");
    if (s3 == NULL || t11 == NULL) {
        PyErr_SetString(PyExc_ValueError, DATA "favour_process must hold s3 and t11");
        goto done;
    }
    if (arrow_ids(t, s3, "favour_process", t->process_s3) < 0 || arrow_ids(t, t11, "favour_process", t->process_t11) < 0)
        goto done;
    Py_CLEAR(v);
    if ((t->n_s1 = attr_ids(m, "s1", -1, GOODS, t->s1)) < 0 || attr_ids(m, "s2", GUILDS, GUILDS, t->s2) < 0 ||
        attr_id(m, "t1", &t->t1) < 0 || attr_id(m, "t5", &t->t5) < 0 || attr_id(m, "t13", &t->t13) < 0 ||
        attr_ids(m, "t8", GOODS, GOODS, t->t8) < 0)
        goto done;
    if (!(v = attr(m, "bowls")) || !data_seq(v, -1, MOST_BOWLS, "bowls")) goto done;
    t->n_bowls = (int)LEN(v);
    for (int i = 0; i < t->n_bowls; i++) {
        PyObject *x = AT(v, i);
        if (!data_seq(x, 2, 2, "bowls") || data_index(AT(x, 0), GOODS, "bowls", &t->bowl_good[i]) < 0 ||
            data_index(AT(x, 1), MOST_BOWLS, "bowls", &t->bowl_at[i]) < 0)
            goto done;
    }
    Py_CLEAR(v);
    if (attr_ids(m, "tribute", GOODS, GOODS, t->tribute) < 0 ||
        attr_ids(m, "favour_tribute", GOODS, GOODS, t->favour_tribute) < 0 ||
        attr_ids(m, "order", GUILDS, GUILDS, t->order) < 0 ||
        attr_ids(m, "favour_order", GUILDS, GUILDS, t->favour_order) < 0 ||
        attr_ids(m, "influence", GUILDS, GUILDS, t->influence) < 0 ||
        (t->n_painting = attr_ids(m, "painting", -1, 8, t->painting)) < 0 ||
        attr_ids(m, "french", GOODS, GOODS, t->french) < 0 || attr_ids(m, "give", GOODS, GOODS, t->give) < 0 ||
        attr_ids(m, "pay", GOODS, GOODS, t->pay) < 0 || attr_ids(m, "take", GOODS, GOODS, t->take) < 0 ||
        attr_ids(m, "gain", GOODS, GOODS, t->gain) < 0 || attr_ids(m, "dyer", GOODS, GOODS, t->dyer) < 0 ||
        (t->n_produce = attr_ids(m, "produce", -1, MOST_COUNTS, t->produce)) < 0 ||
        (t->n_process = attr_ids(m, "process", -1, MOST_COUNTS, t->process)) < 0 ||
        attr_ids(m, "reclaim", GOODS, GOODS, t->reclaim) < 0 ||
        attr_id(m, "reclaim_favour", &t->reclaim_favour) < 0 || attr_id(m, "reward", &t->reward) < 0 ||
        tile_ids(m, "reward_tile", t->reward_tile) < 0 || tile_ids(m, "tile", t->tile) < 0 ||
        tile_ids(m, "discard", t->discard) < 0 ||
        (t->n_bonus_ids = attr_ids(m, "bonus", -1, MOST_BONUS, t->bonus)) < 0 || attr_id(m, "end", &t->end) < 0 ||
        attr_id(m, "statue", &t->statue) < 0 || attr_id(m, "done", &t->done) < 0 ||
        attr_id(m, "improve", &t->improve) < 0 || attr_ids(m, "follow", 2, 2, t->follow) < 0 ||
        attr_id(m, "decline", &t->decline) < 0 || attr_id(m, "oil", &t->oil) < 0 ||
        attr_id(m, "curry", &t->curry) < 0 || attr_id(m, "oil_curry", &t->oil_curry) < 0 ||
        attr_id(m, "caliph", &t->caliph) < 0 || attr_id(m, "book", &t->book) < 0 ||
        attr_id(m, "gown", &t->gown) < 0 || attr_ids(m, "mosaic", 2, 2, t->mosaic) < 0 ||
        attr_ids(m, "cook", 2, 2, t->cook) < 0)
        goto done;
    if (pair_ids(m, "deliver", t->deliver) < 0 || pair_ids(m, "double", t->double_) < 0 ||
        pair_ids(m, "meditate_deliver", t->meditate_deliver) < 0 ||
        pair_ids(m, "favour_deliver", t->favour_deliver) < 0 || pair_ids(m, "jagir", t->jagir) < 0 ||
        pair_ids(m, "reclaim_notable", t->reclaim_notable) < 0)
        goto done;
    if (!(pair = attr(m, "pair")) || !PyDict_Check(pair)) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_TypeError, DATA "pair must be a dict");
        goto done;
    }
    const char *pair_names[] = {"meditate_trade", "english", "meditate_process", "favour_swap", "favour_process_t7"};
    int (*pair_tables[])[GOODS] = {t->meditate_trade, t->english, t->meditate_process, t->favour_swap,
                                   t->process_t7};
    for (int i = 0; i < 5; i++) {
        PyObject *table = PyDict_GetItemString(pair, pair_names[i]);
        if (table == NULL) {
            PyErr_Format(PyExc_ValueError, DATA "pair has no %s", pair_names[i]);
            goto done;
        }
        if (square_ids(table, pair_names[i], pair_tables[i]) < 0) goto done;
    }
    if (!(v = attr(m, "price_moves")) || !data_seq(v, PRICE_MOVES, PRICE_MOVES, "price_moves")) goto done;
    for (int j = 0; j < PRICE_MOVES; j++) {
        PyObject *x = AT(v, j);
        long face;
        if (!data_seq(x, 3, 3, "price_moves") || data_index(AT(x, 0), 3, "price_moves", &t->price_marker[j]) < 0 ||
            data_index(AT(x, 1), GOODS, "price_moves", &t->price_good[j]) < 0 ||
            data_long(AT(x, 2), "price_moves", &face) < 0)
            goto done;
        t->price_face[j] = (int)face;
    }
    Py_CLEAR(v);
    if (attr_ids(m, "price", PRICE_MOVES, PRICE_MOVES, t->price) < 0 ||
        attr_ids(m, "favour_price", PRICE_MOVES, PRICE_MOVES, t->favour_price) < 0)
        goto done;
    /* A4: the farmer moves as (track, step) and their actions (moves.py's farmer_steps ...) */
    if (!(v = attr(m, "farmer_steps")) || !data_seq(v, -1, MOST_FARMER_MOVES, "farmer_steps")) goto done;
    t->n_steps = (int)LEN(v);
    for (int j = 0; j < t->n_steps; j++) {
        PyObject *x = AT(v, j);
        if (!data_seq(x, 3, 3, "farmer_steps") || data_index(AT(x, 0), TRACKS, "farmer_steps", &t->step_track[j]) < 0 ||
            data_index(AT(x, 1), 4, "farmer_steps", &t->step_kind[j]) < 0 ||
            data_id(AT(x, 2), "farmer_steps", 0, &t->step_id[j]) < 0)
            goto done;
    }
    Py_CLEAR(v);
    if (!(v = attr(m, "farmer_singles")) || !data_seq(v, -1, MOST_FARMER_MOVES, "farmer_singles")) goto done;
    t->n_singles = (int)LEN(v);
    for (int j = 0; j < t->n_singles; j++) {
        PyObject *x = AT(v, j);
        if (!data_seq(x, 4, 4, "farmer_singles") ||
            data_index(AT(x, 0), TRACKS, "farmer_singles", &t->single_track[j]) < 0 ||
            data_index(AT(x, 1), 4, "farmer_singles", &t->single_kind[j]) < 0 ||
            data_id(AT(x, 2), "farmer_singles", 0, &t->single_a[j]) < 0 ||
            data_id(AT(x, 3), "farmer_singles", 0, &t->single_b[j]) < 0)
            goto done;
    }
    Py_CLEAR(v);
    if (!(v = attr(m, "farmer_doubles")) || !data_seq(v, -1, MOST_FARMER_MOVES, "farmer_doubles")) goto done;
    t->n_doubles = (int)LEN(v);
    for (int j = 0; j < t->n_doubles; j++) {
        PyObject *x = AT(v, j);
        if (!data_seq(x, 6, 6, "farmer_doubles") ||
            data_index(AT(x, 0), TRACKS, "farmer_doubles", &t->double_track[j][0]) < 0 ||
            data_index(AT(x, 1), 4, "farmer_doubles", &t->double_kind[j][0]) < 0 ||
            data_index(AT(x, 2), TRACKS, "farmer_doubles", &t->double_track[j][1]) < 0 ||
            data_index(AT(x, 3), 4, "farmer_doubles", &t->double_kind[j][1]) < 0 ||
            data_id(AT(x, 4), "farmer_doubles", 0, &t->double_a[j]) < 0 ||
            data_id(AT(x, 5), "farmer_doubles", 0, &t->double_b[j]) < 0)
            goto done;
    }
    Py_CLEAR(v);
    /* O5: each order's goods as (good, count) pairs, by guild and position */
    if (!(v = attr(m, "order_need")) || !data_seq(v, GUILDS, GUILDS, "order_need")) goto done;
    for (int u = 0; u < GUILDS; u++) {
        PyObject *column = AT(v, u);
        if (!data_seq(column, -1, MOST_ORDERS, "order_need")) goto done;
        t->column_size[u] = (int)LEN(column);
        for (int pos = 0; pos < t->column_size[u]; pos++) {
            PyObject *need = AT(column, pos);
            if (!data_seq(need, -1, MOST_NEED, "order_need")) goto done;
            t->n_need[u][pos] = (int)LEN(need);
            for (int j = 0; j < t->n_need[u][pos]; j++) {
                PyObject *x = AT(need, j);
                if (!data_seq(x, 2, 2, "order_need") ||
                    data_index(AT(x, 0), GOODS, "order_need", &t->need_good[u][pos][j]) < 0 ||
                    data_long(AT(x, 1), "order_need", &t->need_count[u][pos][j]) < 0)
                    goto done;
            }
        }
    }
    Py_CLEAR(v);
    /* D1: the levels open with the boat at each dock */
    PyObject *by = NULL, *at = NULL;
    if (!(by = attr(m, "open_by")) || !(at = attr(m, "open_at")) || !data_seq(by, -1, MOST_DOCKS, "open_by") ||
        !data_seq(at, LEN(by), MOST_DOCKS, "open_at")) {
        Py_XDECREF(by);
        Py_XDECREF(at);
        goto done;
    }
    t->n_docks = (int)LEN(by);
    for (int i = 0; i < t->n_docks; i++)
        if (level_bits(AT(by, i), "open_by", &t->open_by[i]) < 0 || level_bits(AT(at, i), "open_at", &t->open_at[i]) < 0) {
            Py_DECREF(by);
            Py_DECREF(at);
            goto done;
        }
    Py_DECREF(by);
    Py_DECREF(at);
    if (attr_longs(m, "material_values", MATERIALS, t->material_values) < 0) goto done;
    rc = 0;
done:
    Py_XDECREF(v);
    Py_XDECREF(pair);
    return rc;
}

static int read_tables(Data *d, PyObject *t) {
    PyObject *v = NULL;
    int rc = -1;
    if (attr_longs(t, "value", GOODS, d->value) < 0 || attr_longs(t, "chain", GOODS, d->chain) < 0 ||
        attr_longs(t, "input", BUILDINGS, d->input) < 0 || attr_longs(t, "output", BUILDINGS, d->output) < 0 ||
        attr_longs(t, "cost", BUILDINGS, d->cost) < 0)
        goto done;
    for (int b = 0; b < BUILDINGS; b++)
        if (d->input[b] < -GOODS || d->input[b] >= GOODS || d->output[b] < 0 || d->output[b] >= GOODS) {
            PyErr_SetString(PyExc_ValueError, DATA "a building's input or output is not a good");
            goto done;
        }
    /* BT: each bonus tile's level, the first of its facts */
    if (!(v = attr(t, "bonus")) || !data_seq(v, -1, MOST_BONUS, "bonus")) goto done;
    d->n_bonus = (int)LEN(v);
    for (int i = 0; i < d->n_bonus; i++) {
        PyObject *x = AT(v, i);
        if (!data_seq(x, -1, 16, "bonus") || LEN(x) < 1 || data_long(AT(x, 0), "bonus", &d->bonus_level[i]) < 0) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, DATA "a bonus tile without its level");
            goto done;
        }
    }
    Py_CLEAR(v);
    if (attr_long(t, "med_levels", &d->med_levels) < 0) goto done;
    /* M, C12a: each level's upgrade cost, counted per good */
    if (!(v = attr(t, "upgrade")) || !data_seq(v, -1, MOST_LEVELS, "upgrade")) goto done;
    d->n_upgrade = (int)LEN(v);
    for (int lv = 0; lv < d->n_upgrade; lv++) {
        PyObject *x = AT(v, lv);
        memset(d->upgrade[lv], 0, sizeof d->upgrade[lv]);
        if (!data_seq(x, -1, 64, "upgrade")) goto done;
        for (Py_ssize_t j = 0; j < LEN(x); j++) {
            int g;
            if (data_index(AT(x, j), GOODS, "upgrade", &g) < 0) goto done;
            d->upgrade[lv][g]++;
        }
    }
    Py_CLEAR(v);
    /* M5: each ring action's MP (deliver, remove_cover, move_farmer are numbers) */
    if (!(v = attr(t, "ring_mp")) || !PyDict_Check(v)) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_TypeError, DATA "ring_mp must be a dict");
        goto done;
    }
    const char *ring[] = {"deliver", "remove_cover", "move_farmer"};
    long *into[] = {&d->ring_deliver, &d->ring_remove_cover, &d->ring_move_farmer};
    for (int i = 0; i < 3; i++) {
        PyObject *x = PyDict_GetItemString(v, ring[i]);
        if (x == NULL) {
            PyErr_Format(PyExc_ValueError, DATA "ring_mp has no %s", ring[i]);
            goto done;
        }
        if (data_long(x, ring[i], into[i]) < 0) goto done;
    }
    Py_CLEAR(v);
    /* A3: each track's corners */
    if (!(v = attr(t, "tracks")) || !data_seq(v, TRACKS, TRACKS, "tracks")) goto done;
    for (int k = 0; k < TRACKS; k++) {
        PyObject *x = AT(v, k);
        int start, end;
        if (!data_seq(x, -1, 8, "tracks") || LEN(x) < 2 || data_index(AT(x, 0), GOODS, "tracks", &start) < 0 ||
            data_index(AT(x, 1), GOODS, "tracks", &end) < 0) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, DATA "a track without its corners");
            goto done;
        }
        d->track_start[k] = start, d->track_end[k] = end;
    }
    Py_CLEAR(v);
    if (attr_long(t, "production_max", &d->production_max) < 0) goto done;
    /* K, D1: each notable's level and contract */
    memset(d->known, 0, sizeof d->known);
    PyObject *levels = NULL, *contracts = NULL;
    if (!(levels = attr(t, "n_level")) || !(contracts = attr(t, "n_contract")) || !PyDict_Check(levels) ||
        !PyDict_Check(contracts)) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_TypeError, DATA "n_level and n_contract must be dicts");
        Py_XDECREF(levels);
        Py_XDECREF(contracts);
        goto done;
    }
    PyObject *key, *level;
    Py_ssize_t pos = 0;
    while (PyDict_Next(levels, &pos, &key, &level)) {
        int id;
        if (data_index(key, NOTABLE_IDS, "n_level", &id) < 0 || data_long(level, "n_level", &d->n_level[id]) < 0)
            break;
        if (d->n_level[id] < 0 || d->n_level[id] >= 32) {
            PyErr_SetString(PyExc_ValueError, DATA "a notable's level out of range");
            break;
        }
        PyObject *goods = PyDict_GetItemWithError(contracts, key);
        if (goods == NULL) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, DATA "a notable without its contract");
            break;
        }
        if (!data_seq(goods, -1, MOST_SLOTS, "n_contract")) break;
        d->n_contract[id] = (int)LEN(goods);
        int j;
        for (j = 0; j < d->n_contract[id]; j++)
            if (data_index(AT(goods, j), GOODS, "n_contract", &d->contract[id][j]) < 0) break;
        if (j < d->n_contract[id]) break;
        d->known[id] = 1;
    }
    Py_DECREF(levels);
    Py_DECREF(contracts);
    if (PyErr_Occurred()) goto done;
    rc = 0;
done:
    Py_XDECREF(v);
    return rc;
}

/* the tables of the state's data set (read again when state.t or state._moves is another) */
static const Data *data_of(PyObject *t, PyObject *m) {
    if (t == data_t && m == data_m) return &data;
    static Data fresh; /* filled, then copied over once everything is read */
    if (read_moves(&fresh, m) < 0 || read_tables(&fresh, t) < 0) return NULL;
    memcpy(&data, &fresh, sizeof data);
    Py_INCREF(t);
    Py_INCREF(m);
    Py_XSETREF(data_t, t);
    Py_XSETREF(data_m, m);
    return &data;
}

/* F3, F4: state._favours' (favour action, favour it needs, its tile) triples */
static int read_costs(PyObject *costs) {
    if (costs == costs_of) return 0;
    if (data_seq(costs, -1, 32, "_favours") == NULL) return -1;
    int n = (int)LEN(costs), bits[32], tiles[32];
    long needs[32];
    for (int i = 0; i < n; i++) {
        PyObject *x = AT(costs, i);
        if (!data_seq(x, 3, 3, "_favours")) return -1;
        PyObject *u = PyUnicode_CheckExact(AT(x, 0)) ? PyDict_GetItemWithError(used_index, AT(x, 0)) : NULL;
        if (u == NULL || PyLong_AsLong(u) >= FAVOUR_NAMES) {
            if (!PyErr_Occurred()) PyErr_Format(PyExc_ValueError, DATA "%R is not a favour action", AT(x, 0));
            return -1;
        }
        bits[i] = (int)PyLong_AsLong(u);
        if (data_long(AT(x, 1), "_favours", &needs[i]) < 0 || data_index(AT(x, 2), TILES + 1, "_favours", &tiles[i]) < 0)
            return -1;
    }
    memcpy(cost_bit, bits, sizeof bits);
    memcpy(cost_tile, tiles, sizeof tiles);
    memcpy(cost_need, needs, sizeof needs);
    n_costs = n;
    Py_INCREF(costs);
    Py_XSETREF(costs_of, costs);
    return 0;
}

/* -- one generation ------------------------------------------------------------------------ */
/* the farm of a seat (moves.Farm): its farmer moves, its covers to remove, its production */
typedef struct {
    uint8_t steps[TRACKS][4]; /* moves.track_steps: whether each farmer may move +1, -1, +2, -2 */
    int n_covers[TRACKS];
    long covers[TRACKS][MOST_COVERS]; /* each track's cover squares, sorted */
    long production[GOODS];
} Farm;

/* the keys of a seat's dict the generation reads (seat_of, seat_more) */
enum {
    F_RUPEES, F_MARKERS, F_GOODS, F_FAVOUR, F_WORKERS, F_COOK, F_LEVEL, F_FARMERS, F_COVERS, F_INFLUENCE, F_TILES,
    F_CONTRACTS, F_USED, F_FRENCH, SEAT_KEYS
};
static PyObject **const seat_names[SEAT_KEYS] = {
    &s_rupees, &s_markers, &s_goods, &s_favour, &s_workers, &s_cook, &s_level, &s_farmers, &s_covers, &s_influence,
    &s_tiles, &s_contracts, &s_used, &s_french,
};

/* what the generation reads of one seat's dict */
typedef struct {
    int read, farm_read, more; /* more: the S_* fields read too (seat_more) */
    PyObject *p; /* the seat's dict, borrowed from the position */
    long goods[GOODS];
    long markers, favour, workers, rupees, cook, level;
    uint64_t owned; /* the notables whose contracts it holds, by id */
    uint32_t used;  /* its `used` list, U_* bits */
    uint32_t tiles; /* its favour tiles, by number */
    PyObject *influence; /* its influence list (borrowed), for order_ok */
    Farm farm;
} Seat;

typedef struct {
    PyObject *state, *d; /* the state (borrowed) and its position (a strong reference) */
    PyObject *tables, *moves; /* state.t and state._moves (strong references) */
    PyObject *options;   /* state.options (a strong reference once read) */
    PyObject *least, *favours; /* state._least, state._favours (likewise) */
    const Data *t;
    PyObject *seats; /* d["p"] */
    Seat seat[MOST_SEATS];
    int have_values;
    long values[GOODS], top; /* H6: each good's value now, the dearest (moves.Valued) */
    int marker_present[3];
    long marker_good[3], marker_face[3];
    PyObject *order_at; /* d["order_at"] (borrowed; NULL: not read yet), for order_ok */
    int have_levels;
    uint32_t levels; /* D1: the levels open now (open_levels) */
    Py_ssize_t count, low, high;      /* the ids collected, in words low to high */
    uint64_t bits[MOST_ACTIONS / 64]; /* the ids collected */
} Gen;

static inline void add(Gen *g, int id) {
    Py_ssize_t w = id >> 6;
    uint64_t bit = (uint64_t)1 << (id & 63);
    g->count += !(g->bits[w] & bit);
    g->bits[w] |= bit;
    if (w < g->low) g->low = w;
    if (w > g->high) g->high = w;
}

/* an id from a table that may lack it: a KeyError where it does, as the Python's dict lookup */
static inline int add_known(Gen *g, int id, const char *what, long a, long b) {
    if (id < 0) {
        PyErr_Format(PyExc_KeyError, POS "no action %s %ld %ld", what, a, b);
        return -1;
    }
    add(g, id);
    return 0;
}

/* state.<name> into *slot (a strong reference), read once */
static inline PyObject *state_attr(Gen *g, PyObject **slot, PyObject *name) {
    return *slot ? *slot : (*slot = PyObject_GetAttr(g->state, name));
}

static PyObject *option(Gen *g, PyObject *name) {
    PyObject *options = state_attr(g, &g->options, s_options);
    return options == NULL ? NULL : get(options, name, "the options");
}

static int option_long(Gen *g, PyObject *name, long *out) {
    PyObject *v = option(g, name);
    if (v != NULL && small_long(v, out)) return 0;
    return v == NULL ? -1 : long_of(v, PyUnicode_AsUTF8(name), out);
}

static int option_flag(Gen *g, PyObject *name) {
    PyObject *v = option(g, name);
    if (v == Py_True || v == Py_False) return v == Py_True;
    return v == NULL ? -1 : flag_of(v, PyUnicode_AsUTF8(name));
}

/* a seat number read from `v`, one of the game's seats */
static int seat_in_range(Gen *g, const char *what, long *out);
static int seat_number(Gen *g, PyObject *v, const char *what, long *out) {
    if (long_of(v, what, out) < 0) return -1;
    return seat_in_range(g, what, out);
}

static int seat_in_range(Gen *g, const char *what, long *out) {
    if (*out < 0 || *out >= LEN(g->seats) || *out >= MOST_SEATS) {
        PyErr_Format(PyExc_IndexError, POS "%s %ld is not a seat of %zd players", what, *out, LEN(g->seats));
        return -1;
    }
    return 0;
}

/* a key of the seat's dict: its value (borrowed), else NULL with a KeyError */
#define SEAT(s, f) get((s)->p, *seat_names[f], "a seat")
static inline PyObject *seat_seq(Seat *s, int f, Py_ssize_t count) { return seq_at(SEAT(s, f), *seat_names[f], count); }
static inline int seat_long(Seat *s, int f, long *out) { return long_at(SEAT(s, f), *seat_names[f], "a seat", out); }

/* the seat's dict, read once (d["p"][seat]) */
static Seat *seat_of(Gen *g, long seat) {
    Seat *s = &g->seat[seat];
    if (s->read) return s;
    PyObject *p = s->p = AT(g->seats, seat), *v;
    if (!PyDict_Check(p)) {
        PyErr_Format(PyExc_TypeError, POS "a seat must be a dict, not %.50s", Py_TYPE(p)->tp_name);
        return NULL;
    }
    if (!(v = seat_seq(s, F_GOODS, GOODS))) return NULL;
    for (int x = 0; x < GOODS; x++) {
        PyObject *n = AT(v, x);
        if (!small_long(n, &s->goods[x]) && long_of(n, "a seat's goods", &s->goods[x]) < 0) return NULL;
    }
    if (seat_long(s, F_MARKERS, &s->markers) < 0 || seat_long(s, F_FAVOUR, &s->favour) < 0) return NULL;
    s->owned = 0;
    if (!(v = seat_seq(s, F_CONTRACTS, -1))) return NULL;
    for (Py_ssize_t i = 0; i < LEN(v); i++) {
        long n;
        if (long_of(AT(v, i), "a seat's contracts", &n) < 0) return NULL;
        if (n >= 0 && n < NOTABLE_IDS) s->owned |= (uint64_t)1 << n;
    }
    if (!(v = seat_seq(s, F_USED, -1)) || used_bits(v, "a seat's used", &s->used) < 0) return NULL;
    s->more = 0;
    s->read = 1;
    return s;
}

/* the seat's fields that only some rules ask about, read where they do (once): its favour
 * tiles (F3), workers and rupees (W, C2), cook (N8), meditation level (M, C12a, FT13),
 * influence (O6) */
enum { S_TILES = 1, S_WORKERS = 2, S_COOK = 4, S_LEVEL = 8, S_INFLUENCE = 16 };
static int seat_more(Seat *s, int what) {
    what &= ~s->more;
    if (what & S_TILES) {
        PyObject *v = seat_seq(s, F_TILES, -1);
        if (v == NULL) return -1;
        s->tiles = 0;
        for (Py_ssize_t i = 0; i < LEN(v); i++) {
            long tile;
            if (long_of(AT(v, i), "a seat's tiles", &tile) < 0) return -1;
            if (tile >= 0 && tile < 32) s->tiles |= (uint32_t)1 << tile;
        }
    }
    if ((what & S_WORKERS) && (seat_long(s, F_WORKERS, &s->workers) < 0 || seat_long(s, F_RUPEES, &s->rupees) < 0))
        return -1;
    if ((what & S_COOK) && seat_long(s, F_COOK, &s->cook) < 0) return -1;
    if ((what & S_LEVEL) && seat_long(s, F_LEVEL, &s->level) < 0) return -1;
    if ((what & S_INFLUENCE) && !(s->influence = seat_seq(s, F_INFLUENCE, GUILDS))) return -1;
    s->more |= what;
    return 0;
}

#define OWNS(s, n) ((s)->owned >> (n) & 1)

/* H6: the printed value with the price markers on the good, never below the floor
 * (state._priced(): moves.Priced), and the markers as they lie (for the price moves) */
static int values_of(Gen *g) {
    if (g->have_values) return 0;
    long floor;
    if (option_long(g, s_min_good_value, &floor) < 0) return -1;
    PyObject *prices = get_seq(g->d, s_prices, 3, "the position");
    if (prices == NULL) return -1;
    for (int i = 0; i < 3; i++) {
        PyObject *marker = AT(prices, i);
        g->marker_present[i] = marker != Py_None;
        if (marker == Py_None) continue;
        if (!seq_of(marker, 2, "a price marker") || long_of(AT(marker, 0), "a price marker's good", &g->marker_good[i]) < 0 ||
            long_of(AT(marker, 1), "a price marker's face", &g->marker_face[i]) < 0)
            return -1;
    }
    long v[GOODS];
    memcpy(v, g->t->value, sizeof v);
    for (int i = 0; i < 3; i++) /* each marker's face on its good (one off the goods: on none) */
        if (g->marker_present[i] && g->marker_good[i] >= 0 && g->marker_good[i] < GOODS)
            v[g->marker_good[i]] += g->marker_face[i];
    g->top = LONG_MIN;
    for (int x = 0; x < GOODS; x++) {
        g->values[x] = v[x] > floor ? v[x] : floor;
        if (g->values[x] > g->top) g->top = g->values[x];
    }
    g->have_values = 1;
    return 0;
}

/* C9, Q51 (Priced._price_moves): a marker onto a good without one, or flipped, or both */
static int price_moves_into(Gen *g, const int *table) {
    if (values_of(g) < 0) return -1;
    int marked[GOODS]; /* the marker on each good ({good: marker}, the last one where several) */
    for (int x = 0; x < GOODS; x++) marked[x] = -1;
    for (int i = 0; i < 3; i++)
        if (g->marker_present[i] && g->marker_good[i] >= 0 && g->marker_good[i] < GOODS) marked[g->marker_good[i]] = i;
    const Data *t = g->t;
    for (int j = 0; j < PRICE_MOVES; j++) {
        int i = t->price_marker[j], x = t->price_good[j], face = t->price_face[j];
        if (!(marked[x] >= 0 && marked[x] != i) &&
            !(g->marker_present[i] && g->marker_good[i] == x && g->marker_face[i] == face))
            add(g, table[j]);
    }
    return 0;
}

/* A3-A5: the seat's farm (state._farm(p): moves.Farm) */
static Farm *farm_of(Gen *g, Seat *s) {
    Farm *f = &s->farm;
    if (s->farm_read) return f;
    long n;
    if (option_long(g, s_farm_spaces_per_track, &n) < 0) return NULL;
    PyObject *farmers = seat_seq(s, F_FARMERS, TRACKS), *covers = farmers ? seat_seq(s, F_COVERS, TRACKS) : NULL;
    if (covers == NULL) return NULL;
    memset(f->production, 0, sizeof f->production);
    for (int k = 0; k < TRACKS; k++) {
        long farmer;
        if (long_of(AT(farmers, k), "a seat's farmers", &farmer) < 0) return NULL;
        PyObject *track = seq_of(AT(covers, k), -1, "a track's covers");
        if (track == NULL) return NULL;
        if (LEN(track) > MOST_COVERS) {
            PyErr_Format(PyExc_ValueError, POS "a track holds %zd covers", LEN(track));
            return NULL;
        }
        long *c = f->covers[k];
        int m = f->n_covers[k] = (int)LEN(track);
        for (int i = 0; i < m; i++) { /* sorted (moves.CoverMoves: sorted(cover)) */
            long x;
            if (long_of(AT(track, i), "a track's covers", &x) < 0) return NULL;
            int j = i;
            for (; j > 0 && c[j - 1] > x; j--) c[j] = c[j - 1];
            c[j] = x;
        }
        /* moves.track_steps: never onto or across a corner or a cover tile (A4) */
        static const int deltas[4] = {1, -1, 2, -2};
        for (int kind = 0; kind < 4; kind++) {
            int delta = deltas[kind], step = delta > 0 ? 1 : -1, ok = 1;
            long pos = farmer;
            for (int moved = 0; moved < (delta > 0 ? delta : -delta) && ok; moved++) {
                pos += step;
                if (!(1 <= pos && pos <= n)) ok = 0;
                for (int i = 0; i < m && ok; i++)
                    if (c[i] == pos) ok = 0;
            }
            f->steps[k][kind] = (uint8_t)ok;
        }
        /* Farm.production: the empty squares between the corner and the farmer, each side
         * (the squares in range less the distinct covers on them) */
        long start = g->t->track_start[k], end = g->t->track_end[k];
        long before = farmer - 1 > 0 ? farmer - 1 : 0, after = n - farmer > 0 ? n - farmer : 0;
        for (int i = 0; i < m; i++) {
            if (i > 0 && c[i] == c[i - 1]) continue;
            if (1 <= c[i] && c[i] < farmer) before--;
            if (farmer < c[i] && c[i] <= n) after--;
        }
        f->production[start] += before;
        if (end != start) f->production[end] += after;
    }
    for (int x = 0; x < GOODS; x++)
        if (f->production[x] > g->t->production_max) f->production[x] = g->t->production_max; /* A3: at most 8 */
    s->farm_read = 1;
    return f;
}

/* A5: the farm's covers to remove, as ids of `table` (moves.CoverMoves: C12b, M5c, FT2) */
static int uncover_into(Gen *g, Seat *s, int (*table)[SQUARES + 1]) {
    Farm *f = farm_of(g, s);
    if (f == NULL) return -1;
    for (int k = 0; k < TRACKS; k++)
        for (int i = 0; i < f->n_covers[k]; i++) {
            long square = f->covers[k][i];
            if (square < 1 || square > SQUARES) {
                PyErr_Format(PyExc_KeyError, POS "no cover square %d.%ld on the farm", k + 1, square);
                return -1;
            }
            add(g, table[k][square]);
        }
    return 0;
}

/* A4: the farmer moves allowed (moves.FarmerMoves): steps (M5d) */
static int farmer_steps_into(Gen *g, Seat *s) {
    Farm *f = farm_of(g, s);
    if (f == NULL) return -1;
    const Data *t = g->t;
    for (int j = 0; j < t->n_steps; j++)
        if (f->steps[t->step_track[j]][t->step_kind[j]]) add(g, t->step_id[j]);
    return 0;
}

/* A4: the farmer moves allowed (moves.FarmerMoves): pairs (C12c with `favour` 0, FT9 with 1) */
static int farmer_pairs_into(Gen *g, Seat *s, int favour) {
    Farm *f = farm_of(g, s);
    if (f == NULL) return -1;
    const Data *t = g->t;
    for (int j = 0; j < t->n_singles; j++)
        if (f->steps[t->single_track[j]][t->single_kind[j]]) add(g, favour ? t->single_b[j] : t->single_a[j]);
    for (int j = 0; j < t->n_doubles; j++)
        if (f->steps[t->double_track[j][0]][t->double_kind[j][0]] && f->steps[t->double_track[j][1]][t->double_kind[j][1]])
            add(g, favour ? t->double_b[j] : t->double_a[j]);
    return 0;
}

/* the favour actions the seat has the favour, tiles and turn for (_open_favours: F3-F5) */
static int open_favours(Gen *g, Seat *s, uint32_t *out) {
    *out = 0;
    long least;
    PyObject *v = state_attr(g, &g->least, s__least);
    if (v == NULL || (!small_long(v, &least) && long_of(v, "state._least", &least) < 0)) return -1;
    if (s->favour < least) return 0; /* F4: no favour action with less favour than every one needs */
    if (!(v = state_attr(g, &g->favours, s__favours)) || read_costs(v) < 0 || seat_more(s, S_TILES) < 0) return -1;
    for (int i = 0; i < n_costs; i++) /* moves.favours_open */
        if (s->favour >= cost_need[i] && !(s->used & BIT(cost_bit[i])) &&
            (!cost_tile[i] || (s->tiles >> cost_tile[i] & 1)))
            *out |= BIT(cost_bit[i]);
    return 0;
}

/* D1: the levels whose notables take goods now (open_levels) */
static int open_levels(Gen *g) {
    if (g->have_levels) return 0;
    long boat;
    if (get_long(g->d, s_boat, "the position", &boat) < 0) return -1;
    if (boat < 0 || boat >= g->t->n_docks) {
        PyErr_Format(PyExc_IndexError, POS "the boat at dock %ld (docks 1 to %d)", boat, g->t->n_docks - 1);
        return -1;
    }
    PyObject *reach = option(g, s_river_reach);
    if (reach == NULL) return -1;
    g->levels = is(reach, s_boat_only) ? g->t->open_at[boat] : g->t->open_by[boat];
    g->have_levels = 1;
    return 0;
}

/* a notable's id, known to the tables (t.n_level[id]: a KeyError otherwise) */
static int notable_id(Gen *g, PyObject *n, long *id) {
    PyObject *v = get(n, s_id, "a notable");
    if (v == NULL || long_of(v, "a notable's id", id) < 0) return -1;
    if (*id < 0 || *id >= NOTABLE_IDS || !g->t->known[*id]) {
        PyErr_Format(PyExc_KeyError, POS "notable %ld is not in the game's tables", *id);
        return -1;
    }
    return 0;
}

/* a notable's slots, one per good of its contract (zip(..., strict=True)) */
static PyObject *slots_of(Gen *g, PyObject *n, long id) {
    PyObject *slots = get_seq(n, s_slots, -1, "a notable");
    if (slots == NULL) return NULL;
    if (LEN(slots) != g->t->n_contract[id]) {
        PyErr_Format(PyExc_ValueError, POS "notable %ld holds %zd slots, its contract %d goods", id, LEN(slots),
                     g->t->n_contract[id]);
        return NULL;
    }
    return slots;
}

/* D1, D2 (_delivery_pairs): for each empty slot of an open notable that `goods` (at least
 * `need` of the good) can fill, table[good][notable] */
static int deliveries_into(Gen *g, const long *goods, long need, int (*table)[NOTABLE_IDS], const char *what) {
    if (open_levels(g) < 0) return -1;
    PyObject *river = get_seq(g->d, s_river, -1, "the position");
    if (river == NULL) return -1;
    for (Py_ssize_t r = 0; r < LEN(river); r++) {
        PyObject *n = AT(river, r), *owner = get(n, s_owner, "a notable");
        long id;
        if (owner == NULL) return -1;
        if (owner != Py_None) continue;
        if (notable_id(g, n, &id) < 0) return -1;
        if (!(g->levels >> g->t->n_level[id] & 1)) continue;
        PyObject *slots = slots_of(g, n, id);
        if (slots == NULL) return -1;
        for (int j = 0; j < g->t->n_contract[id]; j++) {
            int x = g->t->contract[id][j];
            PyObject *slot = seq_of(AT(slots, j), -1, "a notable's slot");
            if (slot == NULL) return -1;
            if (LEN(slot) == 0 && goods[x] >= need && add_known(g, table[x][id], what, x, id) < 0) return -1;
        }
    }
    return 0;
}

/* H8, Q47 (_reclaims): with an empty supply, a marker from a building or the favour area */
/* notable_markers: the seat's markers on the notables still along the river (Q18) */
static int notable_markers(Gen *g, long seat, long *out) {
    PyObject *river = get_seq(g->d, s_river, -1, "the position");
    if (river == NULL) return -1;
    long count = 0;
    for (Py_ssize_t r = 0; r < LEN(river); r++) {
        PyObject *n = AT(river, r), *owner = get(n, s_owner, "a notable"), *slots;
        if (owner == NULL) return -1;
        if (owner != Py_None) continue;
        if (!(slots = get_seq(n, s_slots, -1, "a notable"))) return -1;
        for (Py_ssize_t j = 0; j < LEN(slots); j++) {
            PyObject *slot = seq_of(AT(slots, j), -1, "a notable's slot");
            if (slot == NULL) return -1;
            for (Py_ssize_t i = 0; i < LEN(slot); i++) { /* slot.count(seat) */
                long marker;
                if (long_of(AT(slot, i), "a notable's marker", &marker) < 0) return -1;
                count += marker == seat;
            }
        }
    }
    *out = count;
    return 0;
}

static int reclaims_into(Gen *g, long seat) {
    Seat *s = seat_of(g, seat);
    if (s == NULL) return -1;
    const Data *t = g->t;
    for (int x = 0; x < GOODS; x++)
        if (s->goods[x]) add(g, t->reclaim[x]);
    if (s->favour > 0) add(g, t->reclaim_favour);
    int from_notables = option_flag(g, s_reclaim_from_notables);
    if (from_notables < 0) return -1;
    if (!from_notables) return 0;
    PyObject *river = get_seq(g->d, s_river, -1, "the position");
    if (river == NULL) return -1;
    for (Py_ssize_t r = 0; r < LEN(river); r++) {
        PyObject *n = AT(river, r), *owner = get(n, s_owner, "a notable");
        long id;
        if (owner == NULL) return -1;
        if (owner != Py_None) continue;
        if (notable_id(g, n, &id) < 0) return -1;
        PyObject *slots = slots_of(g, n, id);
        if (slots == NULL) return -1;
        for (int j = 0; j < t->n_contract[id]; j++) {
            int x = t->contract[id][j];
            PyObject *slot = seq_of(AT(slots, j), -1, "a notable's slot");
            if (slot == NULL) return -1;
            for (Py_ssize_t i = 0; i < LEN(slot); i++) { /* seat in slot */
                long marker;
                if (long_of(AT(slot, i), "a notable's marker", &marker) < 0) return -1;
                if (marker == seat) {
                    if (add_known(g, t->reclaim_notable[x][id], "reclaim", x, id) < 0) return -1;
                    break;
                }
            }
        }
    }
    return 0;
}

/* S1 (_any_lying, lying): the spaces holding the seat's lying workers, as bits (-1: an error) */
static int64_t lying_spaces(Gen *g, long seat) {
    PyObject *spaces = get_seq(g->d, s_spaces, SPACES, "the position");
    if (spaces == NULL) return -1;
    int64_t out = 0;
    PyObject **items = PySequence_Fast_ITEMS(spaces);
    for (int i = 0; i < SPACES; i++) {
        PyObject *w = items[i];
        if (w == Py_None) continue;
        long owner;
        if (!seq_of(w, 2, "a space") || long_of(AT(w, 0), "a space's seat", &owner) < 0) return -1;
        if (owner != seat) continue;
        int standing = flag_of(AT(w, 1), "a space's standing");
        if (standing < 0) return -1;
        if (!standing) out |= (int64_t)1 << i;
    }
    return out;
}

/* O5, O6 (order_ok): the order under the guild's marker, influence 1+, below the limit */
static int order_ok(Gen *g, Seat *s, int u) {
    const char *where = "the position";
    if (g->order_at == NULL && !(g->order_at = get_seq(g->d, s_order_at, GUILDS, where))) return -1;
    PyObject *at = AT(g->order_at, u);
    if (at == Py_None) return 0;
    long pos, influence;
    if (long_of(at, "an order marker", &pos) < 0) return -1;
    if (seat_more(s, S_INFLUENCE) < 0 || long_of(AT(s->influence, u), "a seat's influence", &influence) < 0)
        return -1;
    if (influence < 1) return 0;
    const Data *t = g->t;
    if (pos < 0 || pos >= t->column_size[u]) {
        PyErr_Format(PyExc_IndexError, POS "an order marker at %ld (orders 0 to %d)", pos, t->column_size[u] - 1);
        return -1;
    }
    for (int j = 0; j < t->n_need[u][pos]; j++)
        if (s->goods[t->need_good[u][pos][j]] < t->need_count[u][pos][j]) return 0;
    /* column_count(guild, True) < limit */
    int count_neutral = option_flag(g, s_neutral_orders_count_limit);
    if (count_neutral < 0) return -1;
    PyObject *orders = get_seq(g->d, s_orders, GUILDS, where);
    if (orders == NULL) return -1;
    PyObject *column = seq_of(AT(orders, u), -1, "a guild's orders");
    if (column == NULL) return -1;
    long count = 0, limit;
    for (Py_ssize_t i = 0; i < LEN(column); i++) {
        PyObject *o = AT(column, i);
        long holder;
        if (o == Py_None) continue;
        if (long_of(o, "an order", &holder) < 0) return -1;
        if (holder != -2 || count_neutral) count++; /* -2: NEUTRAL */
    }
    if (get_long(g->d, s_limit, where, &limit) < 0) return -1;
    return count < limit;
}

/* O2 (the bowls for tributes, FT6 too): for each good with a free bowl that the seat holds */
static int tributes_into(Gen *g, Seat *s, const int *table) {
    PyObject *bowls = get_seq(g->d, s_bowls, -1, "the position");
    if (bowls == NULL) return -1;
    const Data *t = g->t;
    for (int j = 0; j < t->n_bowls; j++) {
        int b = t->bowl_at[j], x = t->bowl_good[j];
        if (b >= LEN(bowls)) {
            PyErr_Format(PyExc_IndexError, POS "no bowl %d among %zd", b, LEN(bowls));
            return -1;
        }
        if (AT(bowls, b) == Py_None && s->goods[x] > 0) add(g, table[x]);
    }
    return 0;
}

/* the goods the seat holds (compress(ALL_GOODS, p["goods"]): a count other than 0) */
#define HELD(s, x) ((s)->goods[x] != 0)

/* -- the frame-less phases ---------------------------------------------------------------- */
/* W1-W8 (_placements_into): the placements, FT10 with `t10` and, with `lay`, the standing
 * workers to lay (M1), in one pass over the spaces; whether the seat has a lying worker (S1),
 * -1 on an error */
static int placements_into(Gen *g, long seat, Seat *s, int lay, int t10) {
    const Data *t = g->t;
    const char *where = "the position";
    if (seat_more(s, S_WORKERS) < 0) return -1;
    long workers = s->workers;
    int overtime = workers == 0 || s->rupees >= (OWNS(s, CALLIGRAPHER) ? 1 : 2); /* W5, W6, N12 */
    PyObject *built = get_seq(g->d, s_built, BUILDINGS, where), *spaces = get_seq(g->d, s_spaces, SPACES, where);
    long builder;
    if (built == NULL || spaces == NULL || get_long(g->d, s_builder, where, &builder) < 0) return -1;
    int lying = 0;
    PyObject **items = PySequence_Fast_ITEMS(spaces);
    for (int i = 0; i < SPACES; i++) {
        PyObject *w = items[i];
        long owner = -1;
        if (w != Py_None && (!seq_of(w, 2, "a space") || long_of(AT(w, 0), "a space's seat", &owner) < 0)) return -1;
        if (w != Py_None && owner == seat) {
            if (overtime) add(g, t->overtime[i]);
            if (t10) add(g, t->favour_overtime[i]);
            int standing = flag_of(AT(w, 1), "a space's standing");
            if (standing < 0) return -1;
            if (!standing)
                lying = 1;
            else if (lay)
                add(g, t->lay[i]);
        } else if (workers > 0) { /* W1: a character, a building built or the builder's */
            int open = i < 4;
            if (!open) {
                open = flag_of(AT(built, i - 4), "built");
                if (open < 0) return -1;
                open = open || builder == i - 4;
            }
            if (open) add(g, t->place[i]);
        }
    }
    return lying;
}

/* M1-M9 (_meditation_into): the meditation actions (the standing workers to lay:
 * placements_into) */
static int meditation_into(Gen *g, Seat *s) {
    const Data *t = g->t;
    PyObject *turn = get(g->d, s_turn, "the position"), *covered = get(g->d, s_covered, "the position");
    if (turn == NULL || covered == NULL) return -1;
    int meditated = get_flag(turn, s_meditated, "the turn");
    if (meditated < 0) return -1;
    if (!meditated && seat_more(s, S_COOK) < 0) return -1;
    if (!meditated && s->cook > 0) add(g, t->lay_cook); /* N8 */
    long mp;
    if (get_long(turn, s_mp, "the turn", &mp) < 0) return -1;
    /* M5: each ring action's MP, from the data */
    if (mp >= t->ring_deliver && !is(covered, s_deliver) &&
        deliveries_into(g, s->goods, 1, (int (*)[NOTABLE_IDS])t->meditate_deliver, "meditate deliver") < 0)
        return -1;
    if (values_of(g) < 0) return -1;
    if (!is(covered, s_process) && mp >= 0) { /* M5b: the processings the MP pay for */
        long most = mp < g->top ? mp : g->top;
        for (int x = 0; x < GOODS; x++)
            if (HELD(s, x))
                for (int j = 0; j < t->n_arrows[x]; j++) {
                    int h = t->arrows[x][j];
                    if (g->values[h] <= most) add(g, t->meditate_process[x][h]);
                }
    }
    int uncover = mp >= t->ring_remove_cover && !is(covered, s_remove_cover);
    int move = mp >= t->ring_move_farmer; /* never covered (M7) */
    if (uncover && uncover_into(g, s, (int (*)[SQUARES + 1])meditate_uncover_ids) < 0) return -1;
    if (move && farmer_steps_into(g, s) < 0) return -1;
    if (!is(covered, s_trade)) /* M5e: a good for another of its value */
        for (int x = 0; x < GOODS; x++)
            if (HELD(s, x) && g->values[x] <= mp)
                for (int h = 0; h < GOODS; h++)
                    if (h != x && g->values[h] == g->values[x]) add(g, t->meditate_trade[x][h]);
    if (OWNS(s, MOSAIC) && !(s->used & BIT(U_MOSAIC)) && mp >= 1) { /* N15 */
        add(g, t->mosaic[0]);
        if (mp >= 3) add(g, t->mosaic[1]);
    }
    return 0;
}

/* O1-O8 (_order_into): the order phase */
static int order_into(Gen *g, Seat *s) {
    const Data *t = g->t;
    add(g, t->end);
    PyObject *turn = get(g->d, s_turn, "the position");
    if (turn == NULL) return -1;
    int ordered = get_flag(turn, s_ordered, "the turn");
    if (ordered < 0) return -1;
    if (ordered) return 0;
    if (tributes_into(g, s, t->tribute) < 0) return -1;
    for (int u = 0; u < GUILDS; u++) {
        int ok = order_ok(g, s, u);
        if (ok < 0) return -1;
        if (ok) add(g, t->order[u]);
    }
    if (s->goods[STATUE] > 0 && !(s->used & BIT(U_STATUE))) add(g, t->statue); /* S5, Q46 */
    return 0;
}

/* -- secondary and favour actions (T2, S, F) ----------------------------------------------- */
/* FS, FT (_favour_actions_into): the open favour actions `ok` (open_favours) */
static int favour_actions_into(Gen *g, long seat, Seat *s, int lying, uint32_t ok) {
    const Data *t = g->t;
    if (ok & BIT(U_S1))
        for (int j = 0; j < t->n_s1; j++) add(g, t->s1[j]); /* FS1 */
    if (ok & BIT(U_S2))
        for (int u = 0; u < GUILDS; u++) add(g, t->s2[u]); /* FS2 */
    for (int f = 0; f < 2; f++) { /* FS3, FT11 */
        if (!(ok & BIT(f ? U_T11 : U_S3))) continue;
        int (*table)[GOODS] = f ? (int (*)[GOODS])t->process_t11 : (int (*)[GOODS])t->process_s3;
        for (int x = 0; x < GOODS; x++)
            if (HELD(s, x))
                for (int j = 0; j < t->n_arrows[x]; j++) add(g, table[x][j]);
    }
    if ((ok & BIT(U_T1)) && lying) add(g, t->t1);
    if ((ok & BIT(U_T2)) && uncover_into(g, s, (int (*)[SQUARES + 1])favour_uncover_ids) < 0) return -1;
    if (ok & BIT(U_T3)) { /* Valued.t3: a good of value 2 */
        if (values_of(g) < 0) return -1;
        for (int x = 0; x < GOODS; x++)
            if (g->values[x] == 2) add(g, t3_ids[x]);
    }
    if ((ok & BIT(U_T4)) && price_moves_into(g, t->favour_price) < 0) return -1;
    if (ok & BIT(U_T5)) {
        PyObject *stack = get_seq(g->d, s_stack, -1, "the position"), *phase = get(g->d, s_phase, "the position");
        if (stack == NULL || phase == NULL) return -1;
        if (LEN(stack) == 0 && is(phase, s_meditation)) add(g, t->t5);
    }
    if (ok & BIT(U_T6)) {
        if (tributes_into(g, s, t->favour_tribute) < 0) return -1;
        for (int u = 0; u < GUILDS; u++) {
            int can = order_ok(g, s, u);
            if (can < 0) return -1;
            if (can) add(g, t->favour_order[u]);
        }
    }
    if (ok & BIT(U_T7)) { /* Valued.t7: a good of value 1 into one of value 2 */
        if (values_of(g) < 0) return -1;
        for (int x = 0; x < GOODS; x++)
            if (HELD(s, x))
                for (int j = 0; j < t->n_arrows[x]; j++) {
                    int h = t->arrows[x][j];
                    if (g->values[x] == 1 && g->values[h] == 2) add(g, t->process_t7[x][h]);
                }
    }
    if (ok & BIT(U_T8))
        for (int x = 0; x < GOODS; x++)
            if (HELD(s, x)) add(g, t->t8[x]);
    if ((ok & BIT(U_T9)) && farmer_pairs_into(g, s, 1) < 0) return -1;
    if ((ok & BIT(U_T12)) &&
        deliveries_into(g, s->goods, 1, (int (*)[NOTABLE_IDS])t->favour_deliver, "favour t12") < 0)
        return -1;
    if ((ok & BIT(U_T13)) && seat_more(s, S_LEVEL) < 0) return -1;
    if ((ok & BIT(U_T13)) && s->level < t->med_levels) add(g, t->t13);
    if (ok & BIT(U_T14)) { /* Valued.swap: a good for another of its value */
        if (values_of(g) < 0) return -1;
        for (int x = 0; x < GOODS; x++)
            if (HELD(s, x))
                for (int h = 0; h < GOODS; h++)
                    if (h != x && g->values[h] == g->values[x]) add(g, t->favour_swap[x][h]);
    }
    return 0;
}

/* T2, S, F (_secondary_into): `lying`, whether the seat has a lying worker; `favours`, its
 * open favour actions (open_favours) */
static int secondary_into(Gen *g, long seat, Seat *s, int lying, uint32_t favours) {
    const Data *t = g->t;
    const long *goods = s->goods;
    uint32_t used = s->used;
    if (lying) { /* S1 */
        if (goods[OIL]) add(g, t->oil);
        if (goods[CURRY]) add(g, t->curry);
        if (goods[OIL] && goods[CURRY]) add(g, t->oil_curry);
        if (OWNS(s, CALIPH) && !(used & BIT(U_CALIPH)) && goods[COTTON]) add(g, t->caliph); /* N11 */
    }
    if (goods[BOOK] && !(used & BIT(U_BOOK))) add(g, t->book); /* S6 */
    if (goods[PAINTING] && !(used & BIT(U_PAINTING)))
        for (int j = 0; j < t->n_painting; j++) add(g, t->painting[j]); /* S6 */
    if (goods[GOWN] && !(used & BIT(U_GOWN))) add(g, t->gown); /* S7 */
    if (OWNS(s, ENGLISH) && !(used & BIT(U_ENGLISH))) { /* N14: a good for another of its value */
        if (values_of(g) < 0) return -1;
        for (int x = 0; x < GOODS; x++)
            if (HELD(s, x))
                for (int h = 0; h < GOODS; h++)
                    if (h != x && g->values[h] == g->values[x]) add(g, t->english[x][h]);
    }
    if (OWNS(s, FRENCH)) {
        int once = option_flag(g, s_french_once_per_turn);
        if (once < 0) return -1;
        if (!(once && (used & BIT(U_FRENCH)))) { /* N6: a good of value 1-3 onto its free slot */
            PyObject *slots = seat_seq(s, F_FRENCH, 3);
            if (slots == NULL || values_of(g) < 0) return -1;
            for (int x = 0; x < GOODS; x++) {
                if (!HELD(s, x)) continue;
                long v = g->values[x], on_slot;
                if (v < 1 || v > 3) continue; /* Valued.french_slot: -1 */
                if (long_of(AT(slots, v - 1), "a French merchant slot", &on_slot) < 0) return -1;
                if (on_slot < 0) add(g, t->french[x]);
            }
        }
    }
    if (favours) return favour_actions_into(g, seat, s, lying, favours);
    return 0;
}

/* -- the frames: the decisions inside actions (_gen_<kind>) ------------------------------- */
/* the frame's deciding seat (top["seat"]), read */
static Seat *frame_seat(Gen *g, PyObject *top, long *seat) {
    PyObject *v = get(top, s_seat, "the top frame");
    if (v == NULL || seat_number(g, v, "the top frame's seat", seat) < 0) return NULL;
    return seat_of(g, *seat);
}

static int frame_long(PyObject *top, PyObject *key, long *out) { return get_long(top, key, "the top frame", out); }

/* ids[:stop], as Python slices a tuple (a negative stop counts from the end) */
static void prefix_into(Gen *g, const int *ids, int n, long stop) {
    if (stop < 0) stop += n;
    if (stop < 0) stop = 0;
    if (stop > n) stop = n;
    for (long j = 0; j < stop; j++) add(g, ids[j]);
}

/* C2, Q40 (build_value): a payment's build value, +1 for two kinds or more, + bonus (N3) */
static long build_value(const long *pay, const long *values, long bonus) {
    long total = bonus;
    int kinds = 0;
    for (int i = 0; i < MATERIALS; i++) {
        total += values[i] * pay[i];
        kinds += pay[i] != 0;
    }
    return total + (kinds >= 2);
}

/* C2, Q40 (minimal_payments): the payments from the materials held whose build value reaches
 * `cost` and from which no good can be dropped, as bits over the payments */
static void minimal_payments(const long *held, long cost, const long *values, long bonus, uint64_t *out) {
    memset(out, 0, MOST_PAYMENTS / 8);
    for (int j = 0; j < n_payments; j++) {
        const long *pay = payments[j];
        int ok = 1;
        for (int i = 0; i < MATERIALS && ok; i++) ok = held[i] >= pay[i];
        if (!ok || build_value(pay, values, bonus) < cost) continue;
        long less[MATERIALS];
        for (int i = 0; i < MATERIALS && ok; i++) {
            if (!pay[i]) continue;
            memcpy(less, pay, sizeof less);
            less[i]--;
            ok = build_value(less, values, bonus) < cost;
        }
        if (ok) out[j >> 6] |= (uint64_t)1 << (j & 63);
    }
}

static int gen_architect(Gen *g, PyObject *top) {
    const Data *t = g->t;
    long seat;
    Seat *s = frame_seat(g, top, &seat);
    if (s == NULL || seat_more(s, S_WORKERS) < 0) return -1;
    for (int u = 0; u < GUILDS; u++) add(g, t->influence[u]); /* C1 */
    if (s->workers <= 0) return 0; /* W8 */
    PyObject *built = get_seq(g->d, s_built, BUILDINGS, "the position");
    if (built == NULL) return -1;
    long held[MATERIALS], bonus = OWNS(s, STONEMASON) ? 1 : 0; /* N3 */
    for (int i = 0; i < MATERIALS; i++) held[i] = s->goods[material[i]] < 6 ? s->goods[material[i]] : 6;
    long done_cost[BUILDINGS]; /* the costs worked out so far, and their payments */
    uint64_t done_pays[BUILDINGS][MOST_PAYMENTS / 64];
    int n_done = 0;
    for (int b = 4; b < BUILDINGS; b++) {
        int is_built = flag_of(AT(built, b), "built");
        if (is_built < 0) return -1;
        if (is_built) continue;
        int k = 0;
        while (k < n_done && done_cost[k] != t->cost[b]) k++;
        if (k == n_done) {
            done_cost[n_done] = t->cost[b];
            minimal_payments(held, t->cost[b], t->material_values, bonus, done_pays[n_done++]);
        }
        for (int j = 0; j < n_payments; j++)
            if (done_pays[k][j >> 6] >> (j & 63) & 1) add(g, build_ids[b][j]);
    }
    return 0;
}

static int gen_bonus(Gen *g, PyObject *top) {
    const Data *t = g->t;
    long level;
    PyObject *left = get_seq(g->d, s_bonus_left, -1, "the position");
    if (left == NULL || frame_long(top, s_level, &level) < 0) return -1;
    for (Py_ssize_t i = 0; i < LEN(left); i++) { /* _bonus_choices */
        long tile;
        if (long_of(AT(left, i), "a bonus tile", &tile) < 0) return -1;
        if (tile < 0 || tile >= t->n_bonus || tile >= t->n_bonus_ids) {
            PyErr_Format(PyExc_IndexError, POS "no bonus tile %ld", tile);
            return -1;
        }
        if (t->bonus_level[tile] == level) add(g, t->bonus[tile]);
    }
    return 0;
}

static int gen_cover(Gen *g, PyObject *top) {
    long seat;
    Seat *s = frame_seat(g, top, &seat);
    return s == NULL ? -1 : uncover_into(g, s, (int (*)[SQUARES + 1])uncover_ids);
}

/* a building's number (top["b"]) */
static int frame_building(PyObject *top, long *b) {
    if (frame_long(top, s_b, b) < 0) return -1;
    if (*b < 0 || *b >= BUILDINGS) {
        PyErr_Format(PyExc_IndexError, POS "the top frame's building %ld (buildings 0 to %d)", *b, BUILDINGS - 1);
        return -1;
    }
    return 0;
}

/* a good's number (top[key]) */
static int frame_good(PyObject *top, PyObject *key, long *x) {
    if (frame_long(top, key, x) < 0) return -1;
    if (*x < 0 || *x >= GOODS) {
        PyErr_Format(PyExc_IndexError, POS "the top frame's %U %ld is not a good", key, *x);
        return -1;
    }
    return 0;
}

static int gen_produce(Gen *g, PyObject *top) {
    long seat, b;
    Seat *s = frame_seat(g, top, &seat);
    if (s == NULL || frame_building(top, &b) < 0) return -1;
    Farm *f = farm_of(g, s);
    if (f == NULL) return -1;
    long most = f->production[g->t->output[b]];
    long room = s->markers + s->favour; /* H8: markers can be taken back */
    for (int x = 0; x < GOODS; x++) room += s->goods[x];
    int from_notables = option_flag(g, s_reclaim_from_notables);
    if (from_notables < 0) return -1;
    if (from_notables) { /* Q18: from the notables too (notable_markers) */
        long markers;
        if (notable_markers(g, seat, &markers) < 0) return -1;
        room += markers;
    }
    prefix_into(g, g->t->produce, g->t->n_produce, (most < room ? most : room) + 1);
    return 0;
}

static int gen_dyer(Gen *g, PyObject *top) {
    const Data *t = g->t;
    long x;
    if (frame_good(top, s_good, &x) < 0 || values_of(g) < 0) return -1;
    add(g, t->done);
    for (int h = 0; h < GOODS; h++)
        if (t->chain[h] == t->chain[x] && g->values[h] == 2 && h != x) add(g, t->dyer[h]);
    return 0;
}

static int gen_process(Gen *g, PyObject *top) {
    long seat, b;
    Seat *s = frame_seat(g, top, &seat);
    if (s == NULL || frame_building(top, &b) < 0) return -1;
    long input = g->t->input[b];
    long have = s->goods[input < 0 ? input + GOODS : input]; /* (an index of -1 counts from the end) */
    long most = have < 3 ? have : 3;
    prefix_into(g, g->t->process, g->t->n_process, (most > 0 ? most : 0) + 1); /* B5, Q37 */
    return 0;
}

static int gen_follow(Gen *g, PyObject *top) {
    const Data *t = g->t;
    long seat, i, o;
    Seat *s = frame_seat(g, top, &seat);
    if (s == NULL) return -1;
    add(g, t->follow[0]);
    add(g, t->follow[1]);
    uint32_t favours;
    if (open_favours(g, s, &favours) < 0) return -1;
    if (!(favours & BIT(U_T11))) return 0;
    /* FT11 while following (Q32): from the goods as they will be */
    if (frame_good(top, s_i, &i) < 0 || frame_good(top, s_o, &o) < 0) return -1;
    long goods[GOODS];
    memcpy(goods, s->goods, sizeof goods);
    goods[i]--;
    goods[o]++;
    for (int x = 0; x < GOODS; x++)
        if (goods[x] > 0)
            for (int j = 0; j < t->n_arrows[x]; j++) add(g, t->follow_t11[x][j]);
    return 0;
}

static int gen_boatman(Gen *g, PyObject *top) {
    const Data *t = g->t;
    long seat, free_, paid, npaid, payval;
    Seat *s = frame_seat(g, top, &seat);
    if (s == NULL || frame_long(top, s_free, &free_) < 0 || frame_long(top, s_paid, &paid) < 0 ||
        frame_long(top, s_npaid, &npaid) < 0 || frame_long(top, s_payval, &payval) < 0)
        return -1;
    add(g, t->done);
    long capacity = free_ + paid;
    int portuguese = OWNS(s, PORTUGUESE);
    if (npaid == 0 || portuguese) { /* C7, N1 */
        long limit = (portuguese ? 4 : 99) - payval;
        if (values_of(g) < 0) return -1;
        for (int x = 0; x < GOODS; x++)
            if (HELD(s, x) && g->values[x] <= limit) add(g, t->pay[x]);
    }
    if (capacity >= 1 && deliveries_into(g, s->goods, 1, (int (*)[NOTABLE_IDS])t->deliver, "deliver") < 0)
        return -1;
    if (capacity >= 2) {
        if (deliveries_into(g, s->goods, 2, (int (*)[NOTABLE_IDS])t->double_, "double") < 0) return -1; /* D5 */
        int ordered = get_flag(top, s_order, "the top frame");
        if (ordered < 0) return -1;
        if (!ordered)
            for (int u = 0; u < GUILDS; u++) {
                int ok = order_ok(g, s, u);
                if (ok < 0) return -1;
                if (ok) add(g, t->order[u]);
            }
    }
    return 0;
}

static int gen_trader(Gen *g, PyObject *top) {
    const Data *t = g->t;
    long seat, value, taken;
    Seat *s = frame_seat(g, top, &seat);
    if (s == NULL) return -1;
    PyObject *given = get_seq(top, s_given, -1, "the top frame");
    int price = get_flag(top, s_price, "the top frame");
    if (given == NULL || price < 0 || frame_long(top, s_taken, &taken) < 0) return -1;
    /* the takes so far (a frame saved before `took` existed has only `taken`) */
    long took = 0;
    PyObject *v = PyDict_GetItemWithError(top, s_took);
    if (v == NULL ? PyErr_Occurred() != NULL : long_of(v, "the top frame's took", &took) < 0) return -1;
    add(g, t->done);
    if (!price && LEN(given) == 0 && price_moves_into(g, t->price) < 0) return -1; /* C9 before */
    if (LEN(given) < 3 && !taken && !took) /* C10: no give after a take */
        for (int x = 0; x < GOODS; x++)
            if (HELD(s, x)) add(g, t->give[x]);
    if (LEN(given) && s->markers > 0) { /* C10, Q20: goods of less value than is left */
        if (frame_long(top, s_value, &value) < 0 || values_of(g) < 0) return -1;
        long room = value - taken;
        if (room > g->top + 1) room = g->top + 1;
        if (room < 0) room = 0;
        for (int x = 0; x < GOODS; x++)
            if (g->values[x] < room) add(g, t->take[x]);
    }
    return 0;
}

static int gen_price_after(Gen *g, PyObject *top) {
    add(g, g->t->done);
    return price_moves_into(g, g->t->price); /* C9 after */
}

static int gen_botanist(Gen *g, PyObject *top) {
    const Data *t = g->t;
    long seat;
    uint32_t used;
    Seat *s = frame_seat(g, top, &seat);
    PyObject *options = s == NULL ? NULL : get_seq(top, s_used, -1, "the top frame");
    if (options == NULL || used_bits(options, "the top frame's used", &used) < 0 || seat_more(s, S_LEVEL) < 0)
        return -1;
    add(g, t->done);
    if (!(used & BIT(U_IMPROVE))) { /* C12a (can_improve) */
        int can = s->level < t->med_levels;
        if (can) {
            long next = s->level + 1;
            if (next < 0 || next >= t->n_upgrade) {
                PyErr_Format(PyExc_IndexError, POS "no meditation level %ld", next);
                return -1;
            }
            for (int x = 0; x < GOODS && can; x++) /* each good of the cost, as many as it names */
                can = !t->upgrade[next][x] || s->goods[x] >= t->upgrade[next][x];
        }
        if (can) add(g, t->improve);
    }
    if (!(used & BIT(U_UNCOVER)) && uncover_into(g, s, (int (*)[SQUARES + 1])uncover_ids) < 0) return -1; /* C12b */
    if (!(used & BIT(U_FARMERS)) && farmer_pairs_into(g, s, 0) < 0) return -1; /* C12c */
    return 0;
}

static int gen_stand(Gen *g, PyObject *top) {
    long seat;
    PyObject *v = get(top, s_seat, "the top frame");
    if (v == NULL || seat_number(g, v, "the top frame's seat", &seat) < 0) return -1;
    int64_t lying = lying_spaces(g, seat);
    if (lying < 0) return -1;
    for (int i = 0; i < SPACES; i++)
        if (lying >> i & 1) add(g, g->t->stand[i]);
    return 0;
}

/* a favour tile of a list (1-14, with an action in `table`) */
static int tiles_into(Gen *g, PyObject *tiles, const int *table, const char *what) {
    for (Py_ssize_t i = 0; i < LEN(tiles); i++) {
        long tile;
        if (long_of(AT(tiles, i), what, &tile) < 0) return -1;
        if (tile < 1 || tile > TILES || table[tile] < 0) {
            PyErr_Format(PyExc_KeyError, POS "%s %ld is not a favour tile", what, tile);
            return -1;
        }
        add(g, table[tile]);
    }
    return 0;
}

static int gen_reward(Gen *g, PyObject *top) {
    PyObject *display = get_seq(g->d, s_display, -1, "the position");
    if (display == NULL) return -1;
    add(g, g->t->reward);
    return tiles_into(g, display, g->t->reward_tile, "a displayed tile");
}

static int gen_discard(Gen *g, PyObject *top) {
    long seat;
    Seat *s = frame_seat(g, top, &seat);
    PyObject *tiles = s == NULL ? NULL : seat_seq(s, F_TILES, -1);
    return tiles == NULL ? -1 : tiles_into(g, tiles, g->t->discard, "a seat's tile");
}

static int gen_gain(Gen *g, PyObject *top) {
    long value;
    if (frame_long(top, s_value, &value) < 0 || values_of(g) < 0) return -1;
    for (int x = 0; x < GOODS; x++) /* Valued.gain: the goods of that value */
        if (g->values[x] == value) add(g, g->t->gain[x]);
    return 0;
}

static int gen_cook(Gen *g, PyObject *top) {
    add(g, g->t->cook[0]);
    add(g, g->t->cook[1]);
    return 0;
}

static int gen_jagir(Gen *g, PyObject *top) {
    long seat;
    Seat *s = frame_seat(g, top, &seat);
    if (s == NULL) return -1;
    add(g, g->t->decline);
    return deliveries_into(g, s->goods, 1, (int (*)[NOTABLE_IDS])g->t->jagir, "jagir");
}

static int gen_influence(Gen *g, PyObject *top) {
    for (int u = 0; u < GUILDS; u++) add(g, g->t->influence[u]);
    return 0;
}

static int gen_sadr(Gen *g, PyObject *top) { /* _sadr_actions: a good onto a free bowl of its value */
    const Data *t = g->t;
    long seat;
    Seat *s = frame_seat(g, top, &seat);
    PyObject *bowls = s == NULL ? NULL : get_seq(g->d, s_bowls, -1, "the position");
    if (bowls == NULL || values_of(g) < 0) return -1;
    for (int x = 0; x < GOODS; x++) {
        if (!HELD(s, x)) continue;
        for (int j = 0; j < t->n_bowls; j++) {
            int h = t->bowl_good[j], b = t->bowl_at[j];
            if (g->values[h] != g->values[x]) continue;
            if (b >= LEN(bowls)) {
                PyErr_Format(PyExc_IndexError, POS "no bowl %d among %zd", b, LEN(bowls));
                return -1;
            }
            if (AT(bowls, b) == Py_None) add(g, sadr_ids[x][h]);
        }
    }
    return 0;
}

static int gen_tile(Gen *g, PyObject *top) {
    PyObject *display = get_seq(g->d, s_display, -1, "the position");
    PyObject *stack = get_seq(g->d, s_stack_tiles, -1, "the position");
    if (display == NULL || stack == NULL) return -1;
    return tiles_into(g, display, g->t->tile, "a displayed tile") < 0 ? -1
                                                                      : tiles_into(g, stack, g->t->tile, "a stacked tile");
}

static int gen_reclaim(Gen *g, PyObject *top) {
    long seat;
    PyObject *v = get(top, s_seat, "the top frame");
    if (v == NULL || seat_number(g, v, "the top frame's seat", &seat) < 0) return -1;
    return reclaims_into(g, seat);
}

typedef int (*frame_gen)(Gen *, PyObject *);
static const frame_gen frame_gens[KINDS] = {
    [K_ARCHITECT] = gen_architect, [K_BONUS] = gen_bonus,         [K_COVER] = gen_cover,
    [K_PRODUCE] = gen_produce,     [K_DYER] = gen_dyer,           [K_PROCESS] = gen_process,
    [K_FOLLOW] = gen_follow,       [K_BOATMAN] = gen_boatman,     [K_TRADER] = gen_trader,
    [K_PRICE_AFTER] = gen_price_after, [K_BOTANIST] = gen_botanist, [K_STAND] = gen_stand,
    [K_REWARD] = gen_reward,       [K_DISCARD] = gen_discard,     [K_GAIN] = gen_gain,
    [K_COOK] = gen_cook,           [K_JAGIR] = gen_jagir,         [K_INFLUENCE] = gen_influence,
    [K_SADR] = gen_sadr,           [K_TILE] = gen_tile,           [K_RECLAIM] = gen_reclaim,
};

/* a frame kind not ported here: the Python generator (rules._GEN[kind](state, top)), its ids
 * merged (a KeyError for a kind that has none, as in the definition) */
static int python_frame(Gen *g, PyObject *kind, PyObject *top) {
    PyObject *gen = PyObject_GetItem(generators, kind);
    if (gen == NULL) return -1;
    PyObject *ids = PyObject_CallFunctionObjArgs(gen, g->state, top, NULL);
    Py_DECREF(gen);
    if (ids == NULL) return -1;
    PyObject *it = PyObject_GetIter(ids);
    Py_DECREF(ids);
    if (it == NULL) return -1;
    PyObject *x;
    while ((x = PyIter_Next(it)) != NULL) {
        long id;
        int rc = long_of(x, "an action id", &id);
        Py_DECREF(x);
        if (rc < 0) break;
        if (id < 0 || id >= n_actions) {
            PyErr_Format(PyExc_IndexError, POS "the %U frame's generator gave id %ld", kind, id);
            break;
        }
        add(g, (int)id);
    }
    Py_DECREF(it);
    return PyErr_Occurred() ? -1 : 0;
}

/* current_player: the top decision frame's seat, or the active player (T4) */
static int current_seat(Gen *g, PyObject *stack, long active, long *seat) {
    for (Py_ssize_t i = LEN(stack) - 1; i >= 0; i--) {
        PyObject *frame = AT(stack, i);
        if (!PyDict_Check(frame)) {
            PyErr_SetString(PyExc_TypeError, POS "a stack frame must be a dict");
            return -1;
        }
        PyObject *v = PyDict_GetItemWithError(frame, s_seat), *kind;
        if (v == NULL) {
            if (PyErr_Occurred()) return -1;
            continue;
        }
        if (!(kind = get(frame, s_k, "a stack frame"))) return -1;
        if (!PyUnicode_Check(kind)) {
            PyErr_SetString(PyExc_TypeError, POS "a stack frame's kind must be a string");
            return -1;
        }
        if (PyUnicode_GET_LENGTH(kind) && PyUnicode_READ_CHAR(kind, 0) == '_') continue; /* an automatic step */
        return seat_number(g, v, "the deciding frame's seat", seat);
    }
    if (active < 0 || active >= LEN(g->seats) || active >= MOST_SEATS) {
        PyErr_Format(PyExc_IndexError, POS "the active seat %ld is not a seat of %zd players", active, LEN(g->seats));
        return -1;
    }
    *seat = active;
    return 0;
}

/* the ids collected, in order, as the actions (sorted and unique by construction) */
static PyObject *listed(Gen *g) {
    PyObject *out = PyList_New(g->count);
    if (out == NULL) return NULL;
    Py_ssize_t i = 0;
    for (Py_ssize_t w = g->low; w <= g->high; w++)
        for (uint64_t x = g->bits[w]; x; x &= x - 1) {
            PyObject *action = PyTuple_GET_ITEM(actions, w * 64 + __builtin_ctzll(x));
            Py_INCREF(action);
            PyList_SET_ITEM(out, i++, action);
        }
    return out;
}

/* _generate_py */
static int collect(Gen *g) {
    const char *where = "the position";
    int over = get_flag(g->d, s_over, where);
    if (over) return over; /* over: no action (or an error) */
    PyObject *stack = get_seq(g->d, s_stack, -1, where);
    long active, seat;
    if (stack == NULL || get_long(g->d, s_active, where, &active) < 0) return -1;
    if (!(g->seats = get_seq(g->d, s_p, -1, where))) return -1;
    if (LEN(stack)) {
        PyObject *top = AT(stack, LEN(stack) - 1), *kind = get(top, s_k, "the top frame");
        if (kind == NULL || current_seat(g, stack, active, &seat) < 0) return -1;
        PyObject *k = PyUnicode_CheckExact(kind) ? PyDict_GetItemWithError(kind_index, kind) : NULL;
        if (k == NULL && PyErr_Occurred()) return -1;
        int known = k == NULL ? -1 : (int)PyLong_AsLong(k);
        if (known < 0) {
            /* the Python generator runs first, before anything is borrowed from the position */
            Py_INCREF(top);
            int rc = python_frame(g, kind, top);
            Py_DECREF(top);
            if (rc < 0) return -1;
            /* what the definition reads after the generator ran is read after it here too */
            Py_CLEAR(g->options);
            Py_CLEAR(g->favours);
            Py_CLEAR(g->least);
            g->order_at = NULL;
            if (!(g->t = data_of(g->tables, g->moves)) || !(stack = get_seq(g->d, s_stack, -1, where)) ||
                !(g->seats = get_seq(g->d, s_p, -1, where)))
                return -1;
            if (seat >= LEN(g->seats)) {
                PyErr_Format(PyExc_IndexError, POS "seat %ld is not a seat of %zd players", seat, LEN(g->seats));
                return -1;
            }
        } else if (frame_gens[known](g, top) < 0) {
            return -1;
        }
        if (known == K_RECLAIM) return 2;
        if (seat == active) { /* T2: at any of the player's own decisions */
            Seat *s = seat_of(g, seat);
            int64_t lying = s == NULL ? -1 : lying_spaces(g, seat);
            uint32_t favours;
            if (lying < 0 || open_favours(g, s, &favours) < 0 || secondary_into(g, seat, s, lying != 0, favours) < 0)
                return -1;
        }
    } else {
        seat = active;
        if (seat_in_range(g, "the active seat", &seat) < 0) return -1;
        Seat *s = seat_of(g, seat);
        uint32_t favours;
        if (s == NULL || open_favours(g, s, &favours) < 0) return -1;
        PyObject *phase = get(g->d, s_phase, where);
        if (phase == NULL) return -1;
        int lying;
        if (is(phase, s_meditation)) {
            PyObject *turn = get(g->d, s_turn, where);
            int meditated = turn == NULL ? -1 : get_flag(turn, s_meditated, "the turn");
            if (meditated < 0) return -1;
            lying = placements_into(g, seat, s, !meditated, (favours & BIT(U_T10)) != 0);
            if (lying < 0 || meditation_into(g, s) < 0) return -1;
        } else if (is(phase, s_action)) {
            lying = placements_into(g, seat, s, 0, (favours & BIT(U_T10)) != 0);
            if (lying < 0) return -1;
        } else {
            int64_t spaces;
            if (order_into(g, s) < 0 || (spaces = lying_spaces(g, seat)) < 0) return -1;
            lying = spaces != 0;
        }
        if (secondary_into(g, seat, s, lying, favours) < 0) return -1;
    }
    Seat *s = seat_of(g, seat);
    if (s == NULL) return -1;
    if (s->markers <= 0 && reclaims_into(g, seat) < 0) return -1;
    return 0;
}

static PyObject *generate(PyObject *self, PyObject *state) {
    if (actions == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "agra _cmoves.setup() was not called");
        return NULL;
    }
    Gen g;
    g.state = state;
    g.have_values = g.have_levels = 0;
    g.order_at = NULL;
    for (int i = 0; i < MOST_SEATS; i++) g.seat[i].read = g.seat[i].farm_read = 0;
    g.count = 0, g.low = (n_actions + 63) / 64, g.high = -1;
    memset(g.bits, 0, g.low * sizeof g.bits[0]);
    g.d = g.tables = g.moves = g.options = g.favours = g.least = NULL;
    PyObject *out = NULL;
    /* the state's attributes: getattr (reading them from its __dict__ would cost less here,
     * but makes CPython 3.11 turn the instance's inline values into a dict, which costs the
     * rules' Python code more than it saves) */
    if (!(g.d = PyObject_GetAttr(state, s__d)) || !(g.tables = PyObject_GetAttr(state, s_t)) ||
        !(g.moves = PyObject_GetAttr(state, s__moves)) || !(g.t = data_of(g.tables, g.moves)))
        goto done;
    int rc = collect(&g);
    if (rc < 0) goto done;
    out = rc == 1 ? PyList_New(0) : listed(&g);
done:
    Py_XDECREF(g.d);
    Py_XDECREF(g.tables);
    Py_XDECREF(g.moves);
    Py_XDECREF(g.options);
    Py_XDECREF(g.favours);
    Py_XDECREF(g.least);
    return out;
}

/* generate as a method of the state's class (rules.py sets AgraState._generate to it): the
 * contract's legal_actions then calls it with no Python call between */
static PyObject *generate_self(PyObject *self, PyObject *Py_UNUSED(ignored)) { return generate(NULL, self); }

static PyMethodDef generate_method = {"_generate", generate_self, METH_NOARGS,
                                      "_generate(): the legal actions, as _generate_py gives them"};

static PyObject *method_for(PyObject *module, PyObject *cls) {
    if (!PyType_Check(cls)) {
        PyErr_Format(PyExc_TypeError, "method_for() needs the state's class, not %R", cls);
        return NULL;
    }
    return PyDescr_NewMethod((PyTypeObject *)cls, &generate_method);
}

/* -- setup --------------------------------------------------------------------------------- */
/* ids[name]: a tuple of tuples of ids (rows of `width`, `rows` of them) into out[row][offset + j] */
static int setup_rows(PyObject *ids, const char *name, int rows, int width, int offset, int *out, int stride) {
    PyObject *table = PyDict_GetItemString(ids, name);
    if (table == NULL) {
        PyErr_Format(PyExc_ValueError, "setup: ids has no %s", name);
        return -1;
    }
    if (data_seq(table, rows, rows, name) == NULL) return -1;
    for (int r = 0; r < rows; r++) {
        if (width < 0 && LEN(AT(table, r)) == 0) continue; /* a row with none (a character's space) */
        if (data_ids(AT(table, r), width < 0 ? n_payments : width, MOST_PAYMENTS, 0, name, out + r * stride + offset) < 0)
            return -1;
    }
    return 0;
}

static int setup_goods(PyObject *ids, const char *name, long *out, Py_ssize_t count) {
    PyObject *goods = PyDict_GetItemString(ids, name);
    if (goods == NULL) {
        PyErr_Format(PyExc_ValueError, "setup: ids has no %s", name);
        return -1;
    }
    if (data_longs(goods, count, count, name, out) < 0) return -1;
    for (Py_ssize_t i = 0; i < count; i++)
        if (out[i] < 0 || out[i] >= GOODS) {
            PyErr_Format(PyExc_ValueError, "setup: %s names a good out of range", name);
            return -1;
        }
    return 0;
}

static PyObject *setup(PyObject *self, PyObject *args) {
    PyObject *given, *gens, *ids;
    if (!PyArg_ParseTuple(args, "OO!O!", &given, &PyDict_Type, &gens, &PyDict_Type, &ids)) return NULL;
    PyObject *tuple = PySequence_Tuple(given);
    if (tuple == NULL) return NULL;
    if (PyTuple_GET_SIZE(tuple) > MOST_ACTIONS) {
        PyErr_Format(PyExc_ValueError, "setup: more than %d actions", MOST_ACTIONS);
        Py_DECREF(tuple);
        return NULL;
    }
    for (int k = 0; k < KINDS; k++) /* each frame ported here is one the rules generate */
        if (PyDict_GetItemString(gens, kind_names[k]) == NULL) {
            PyErr_Format(PyExc_ValueError, "setup: the rules have no generator for the %s frame", kind_names[k]);
            Py_DECREF(tuple);
            return NULL;
        }
    /* what the ids are checked against; the module is unusable until a setup succeeds */
    Py_CLEAR(actions);
    n_actions = PyTuple_GET_SIZE(tuple);
    Py_CLEAR(data_t);
    Py_CLEAR(data_m);
    long goods[7];
    PyObject *pays = PyDict_GetItemString(ids, "payments");
    if (pays == NULL || data_seq(pays, -1, MOST_PAYMENTS, "payments") == NULL) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "setup: ids has no payments");
        goto fail;
    }
    n_payments = (int)LEN(pays);
    for (int j = 0; j < n_payments; j++)
        if (data_longs(AT(pays, j), MATERIALS, MATERIALS, "payments", payments[j]) < 0) goto fail;
    if (setup_rows(ids, "uncover", TRACKS, SQUARES, 1, &uncover_ids[0][0], SQUARES + 1) < 0 ||
        setup_rows(ids, "meditate_uncover", TRACKS, SQUARES, 1, &meditate_uncover_ids[0][0], SQUARES + 1) < 0 ||
        setup_rows(ids, "favour_uncover", TRACKS, SQUARES, 1, &favour_uncover_ids[0][0], SQUARES + 1) < 0 ||
        setup_rows(ids, "sadr", GOODS, GOODS, 0, &sadr_ids[0][0], GOODS) < 0 ||
        setup_rows(ids, "build", BUILDINGS, -1, 0, &build_ids[0][0], MOST_PAYMENTS) < 0 ||
        setup_goods(ids, "materials", material, MATERIALS) < 0 || setup_goods(ids, "goods", goods, 7) < 0)
        goto fail;
    PyObject *t3 = PyDict_GetItemString(ids, "t3");
    if (t3 == NULL || data_ids(t3, GOODS, GOODS, 0, "t3", t3_ids) < 0) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "setup: ids has no t3");
        goto fail;
    }
    for (int r = 0; r < BUILDINGS; r++) /* a building the action space names no payment for */
        if (LEN(AT(PyDict_GetItemString(ids, "build"), r)) == 0)
            for (int j = 0; j < n_payments; j++) build_ids[r][j] = -1;
    OIL = goods[0], CURRY = goods[1], COTTON = goods[2], BOOK = goods[3], PAINTING = goods[4], GOWN = goods[5],
    STATUE = goods[6];
    Py_INCREF(gens);
    Py_XSETREF(generators, gens);
    actions = tuple;
    Py_RETURN_NONE;
fail:
    n_actions = 0;
    Py_DECREF(tuple);
    return NULL;
}

static PyMethodDef methods[] = {
    {"generate", generate, METH_O,
     "generate(state): the legal actions of an AgraState, as rules.py's _generate_py gives them"},
    {"method_for", method_for, METH_O, "method_for(cls): generate as a method of cls (its _generate)"},
    {"setup", setup, METH_VARARGS,
     "setup(actions, generators, ids): the action space, rules._GEN, and the ids Moves does not hold"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_cmoves", "Agra's legal-move generation, compiled.",
                                    -1, methods};

/* name -> its number, for a list of names */
static PyObject *index_of(const char *const *names, int count) {
    PyObject *index = PyDict_New();
    if (index == NULL) return NULL;
    for (int i = 0; i < count; i++) {
        PyObject *name = PyUnicode_InternFromString(names[i]), *number = PyLong_FromLong(i);
        int rc = name == NULL || number == NULL ? -1 : PyDict_SetItem(index, name, number);
        Py_XDECREF(name);
        Py_XDECREF(number);
        if (rc < 0) {
            Py_DECREF(index);
            return NULL;
        }
    }
    return index;
}

PyMODINIT_FUNC PyInit__cmoves(void) {
#define INTERN(x) if (!(s_##x = PyUnicode_InternFromString(#x))) return NULL;
    NAMES(INTERN)
    if (!(used_index = index_of(used_names, U_NAMES)) || !(kind_index = index_of(kind_names, KINDS))) return NULL;
    return PyModule_Create(&module);
}
