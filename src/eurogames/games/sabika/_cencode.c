/* Sabika's observation, compiled: the bytes of encode(state.view(seat), players) (encode.py),
 * assembled in C straight from the state's position (state.d).
 *
 * Optional: setup.py builds it where a C compiler is found; where it is missing (or
 * EUROGAMES_PURE_PYTHON=1) the adapters encode the view. It computes no number: encode.py hands
 * it, once, float32 tables computed at import by the view route's own arithmetic (per count),
 * integer tables (per tile and building) and the names the state holds, in the layout's
 * orders; this module copies the pieces in the view route's order. It reads only what the view
 * shows (view.py, I1–I4): the sizes of the decks, of the warehouse stacks and of Yusuf's
 * face-down tiles and decks, never what they hold; with wishes_face_down only the wish tiles
 * already in the tower (Q41); nothing of the start tiles (I2), the events or the generator.
 * tests/rl/test_compiled_route.py holds it equal to the view route byte for byte at every
 * decision of many games; tests/sabika/test_encode.py feeds it states the rules never reach.
 *
 * encode(state, seat, out=None): seat is a seat number or None (a spectator); without out,
 * a new bytearray of the vector; with out (a writable buffer of exactly the vector's bytes),
 * the vector is written there and None returned.
 */
#define GAME "sabika"
#include "_cencode.h" /* src/eurogames/core: what the compiled encoders share */

#define PHASES 3 /* start, play, over */
#define OVER 2
#define FRAMES 22
#define ROUNDS 5
#define SPACES 23 /* o1–o9, m1–m7, i1–i7 */
#define RAW_SLOTS 5
#define RAW_KINDS 4 /* empty, sugarcane, clay, silk */
#define MARBLE_SLOTS 2
#define N_LARGE 21
#define N_SMALL 36
#define N_MINOR 22
#define MAJORS 20
#define N_WH 24
#define CITIES 9
#define N_CITY_TILES 12
#define N_TRADE 8
#define WISHES 9
#define WISH_TILES 3 /* reached after rounds 1, 3, 5 */
#define COLOURS 4
#define TYPES 6
#define DECKS 3 /* Yusuf's: master builder, merchant, poet */
#define WORKERS 4
#define MATERIALS 4
#define GOODS 3
#define SEAT_FEATURES (9 + 14 + 2 * CITIES + WORKERS * (SPACES + 2) + TYPES + COLOURS)
#define YUSUF_FEATURES (14 + 2 * CITIES + WORKERS * (SPACES + 1))

enum {
    WHEEL, SMALL_DECK, MINOR_DECK, STACK, BAG, SUPPLY, DINARS, PARIA, FIFTH, SCORE, CAPACITY,
    YUSUF_SEALS, MARBLE, TOWER, FAVOUR, SEALS, GREY, STORE, RAW, TILES, MASTER_BUILDER, MERCHANT,
    POET, BOXES, LARGE_TYPE, SMALL_TYPE, SIZES, TABLES
};

static Table tables[TABLES] = {
    {"wheel", 1}, {"small_deck", 1}, {"minor_deck", 1}, {"stack", 1}, {"bag", 1}, {"supply", 1},
    {"dinars", 1}, {"paria", 1}, {"fifth", 1}, {"score", 1}, {"capacity", 1}, {"yusuf_seals", 1},
    {"marble", 1}, {"tower", 1}, {"favour", 1}, {"seals", 1}, {"grey", 1}, {"store", 1},
    {"raw", 1}, {"tiles", 1}, {"master_builder", 1}, {"merchant", 1}, {"poet", 1},
    /* int32 */
    {"boxes", 1}, {"large_type", 1}, {"small_type", 1}, {"sizes", 1},
};
static PyObject *held = NULL; /* the dict behind the tables */

/* the names the state holds: each name -> its place in the layout's order */
enum { N_PHASES, N_FRAMES, N_SPACES, N_RAW_SLOTS, N_MARBLE_SLOTS, N_CITIES, N_MAJORS, N_WISHES,
       N_COLOURS, N_TYPES, N_DECKS, NAMES };
static const char *name_keys[NAMES] = {"phases", "frames", "spaces", "raw_slots", "marble_slots",
                                       "cities", "majors", "wishes", "colours", "types", "decks"};
static const Py_ssize_t name_sizes[NAMES] = {PHASES, FRAMES, SPACES, RAW_SLOTS, MARBLE_SLOTS,
                                             CITIES, MAJORS, WISHES, COLOURS, TYPES, DECKS};
static PyObject *index_of[NAMES]; /* dicts: name -> int */
static PyObject *order[NAMES];    /* tuples of the names, to look keys up in the state's dicts */

static PyObject *s_players, *s_d, *s_options, *s_wishes_face_down, *s_phase, *s_stack, *s_seat,
    *s_k, *s_active, *s_round, *s_p, *s_work, *s_sultans, *s_raws, *s_marble, *s_large, *s_small,
    *s_small_discard, *s_minor, *s_major, *s_whd, *s_small_deck, *s_minor_deck, *s_stacks,
    *s_left, *s_right, *s_cities, *s_seals, *s_trade, *s_wishes, *s_tower, *s_bag, *s_discards,
    *s_supply, *s_dinars, *s_paria, *s_favour, *s_balances, *s_blue, *s_red, *s_grey, *s_pts,
    *s_mat, *s_goods, *s_store, *s_raw, *s_houses, *s_ships, *s_up, *s_row, *s_colour, *s_y,
    *s_tiles, *s_turned, *s_decks, *s_minors, *s_majors;

/* -- reading the position --------------------------------------------------------------------- */

/* a non-negative integer field, else -1 with an error */
static Py_ssize_t count_field(PyObject *holder, PyObject *key, const char *what) {
    PyObject *v = dict_item(holder, key, what);
    return v == NULL ? -1 : as_index(v, what);
}

/* the size of a pile (its order stays hidden: I1), else -1 with an error */
static Py_ssize_t size_field(PyObject *holder, PyObject *key, const char *what) {
    PyObject *v = dict_item(holder, key, what);
    if (v == NULL) return -1;
    if (!is_seq(v)) {
        PyErr_Format(PyExc_TypeError, OBS "%s must be a list or tuple", what);
        return -1;
    }
    return length(v);
}

/* an integer that may be negative (a score part, a raw slot's goods), else -1 with an error
 * set (check PyErr_Occurred) */
static long signed_int(PyObject *v, const char *what) {
    if (!PyLong_Check(v)) {
        PyErr_Format(PyExc_TypeError, OBS "%s must be an integer", what);
        return -1;
    }
    int overflow = 0;
    long x = PyLong_AsLongAndOverflow(v, &overflow);
    if (overflow || x < -1000000000L || x > 1000000000L) {
        PyErr_Format(PyExc_ValueError, OBS "%s is out of range", what);
        return -1;
    }
    return x;
}

/* the place of name `v` in the layout's order `which`: -1 for a name it does not list (with
 * `unknown_ok`; else an error), -2 with an error */
static Py_ssize_t name_index(int which, PyObject *v, const char *what, int unknown_ok) {
    if (!PyUnicode_Check(v)) {
        PyErr_Format(PyExc_TypeError, OBS "%s must be a string", what);
        return -2;
    }
    PyObject *i = PyDict_GetItemWithError(index_of[which], v);
    if (i == NULL) {
        if (PyErr_Occurred()) return -2;
        if (unknown_ok) return -1;
        PyErr_Format(PyExc_ValueError, OBS "%s %R is unknown", what, v);
        return -2;
    }
    return PyLong_AsSsize_t(i); /* an int set up by setup() */
}

/* the sum of a score's parts (a dict of integers), else -1 with an error set */
static long score_of(PyObject *holder, const char *what) {
    PyObject *pts = dict_item(holder, s_pts, what);
    if (pts == NULL) return -1;
    if (!PyDict_Check(pts)) {
        PyErr_Format(PyExc_TypeError, OBS "%s's pts must be a dict", what);
        return -1;
    }
    long total = 0;
    Py_ssize_t pos = 0;
    PyObject *key, *value;
    while (PyDict_Next(pts, &pos, &key, &value)) {
        long x = signed_int(value, "a score part");
        if (x == -1 && PyErr_Occurred()) return -1;
        total += x; /* at most a few parts of at most 1e9 each: no overflow of a long */
    }
    return total;
}

/* -- writing ---------------------------------------------------------------------------------- */

/* 1.0 at float `pos`, within `end` bytes */
static int set_one(char *out, Py_ssize_t end, Py_ssize_t pos) {
    if (pos < 0 || (pos + 1) * F > end) {
        PyErr_SetString(PyExc_ValueError, OBS "the state holds more than its layout");
        return -1;
    }
    one(out, pos);
    return 0;
}

/* piece `index` of table `which` at float `pos` */
static int put(char *out, Py_ssize_t end, Py_ssize_t pos, int which, Py_ssize_t index) {
    Py_ssize_t at = pos * F;
    return put_table(&tables[which], out, &at, end, index);
}

/* a clipped entry: a count past the table's end reads its end, the clip's own value */
static int put_clipped(char *out, Py_ssize_t end, Py_ssize_t pos, int which, Py_ssize_t count) {
    Py_ssize_t last = tables[which].count - 1;
    return put(out, end, pos, which, count < last ? count : last);
}

static int32_t int_entry(int which, Py_ssize_t index) { /* index checked by the caller */
    int32_t v;
    memcpy(&v, tables[which].data + index * F, F);
    return v;
}

/* each integer of a list or tuple of `size` through table `which` (clipped or not), from `pos` */
static int put_counts(char *out, Py_ssize_t end, Py_ssize_t pos, PyObject *holder, PyObject *key,
                      const char *what, Py_ssize_t size, int which, int clipped) {
    PyObject *seq = dict_seq(holder, key, size, what);
    if (seq == NULL) return -1;
    for (Py_ssize_t i = 0; i < size; i++) {
        Py_ssize_t v = as_index(item(seq, i), tables[which].name);
        if (v < 0) return -1;
        if ((clipped ? put_clipped(out, end, pos + i, which, v) : put(out, end, pos + i, which, v)) < 0)
            return -1;
    }
    return 0;
}

/* ids 1 to `most` of a list or tuple as flags from `pos` (0, an empty place, is skipped) */
static int put_ids(char *out, Py_ssize_t end, Py_ssize_t pos, PyObject *holder, PyObject *key,
                   const char *what, Py_ssize_t most) {
    PyObject *seq = dict_seq(holder, key, -1, what);
    if (seq == NULL) return -1;
    for (Py_ssize_t i = 0; i < length(seq); i++) {
        Py_ssize_t id = as_index(item(seq, i), what);
        if (id < 0) return -1;
        if (id > most) {
            PyErr_Format(PyExc_IndexError, OBS "%s %zd is not one of 1 to %zd", what, id, most);
            return -1;
        }
        if (id && set_one(out, end, pos + id - 1) < 0) return -1;
    }
    return 0;
}

/* ships (city -> 1 left, 2 consolidated): per city in data order, left then right */
static int put_ships(char *out, Py_ssize_t end, Py_ssize_t pos, PyObject *holder, const char *what) {
    PyObject *ships = dict_item(holder, s_ships, what);
    if (ships == NULL) return -1;
    if (!PyDict_Check(ships)) {
        PyErr_Format(PyExc_TypeError, OBS "%s's ships must be a dict", what);
        return -1;
    }
    for (Py_ssize_t c = 0; c < CITIES; c++) {
        PyObject *side = PyDict_GetItemWithError(ships, PyTuple_GET_ITEM(order[N_CITIES], c));
        if (side == NULL) {
            if (PyErr_Occurred()) return -1;
            continue;
        }
        Py_ssize_t v = as_index(side, "a ship's side");
        if (v < 0) return -1;
        if (v > 2) {
            PyErr_Format(PyExc_ValueError, OBS "a ship's side is %zd, not 1 or 2", v);
            return -1;
        }
        if (v && set_one(out, end, pos + 2 * c + v - 1) < 0) return -1;
    }
    return 0;
}

/* a worker's place: its space (-1 in the workshop or beside Yusuf's board), -2 with an error;
 * a space of another side than the layout's counts nowhere, as in the view route */
static Py_ssize_t worker_space(PyObject *v, int *home) {
    if (PyUnicode_Check(v) && PyUnicode_GET_LENGTH(v) == 0) {
        *home = 1;
        return -1;
    }
    *home = 0;
    return name_index(N_SPACES, v, "a worker's space", 1);
}

/* -- the vector ------------------------------------------------------------------------------- */

static int fill(PyObject *state, Py_ssize_t n, Py_ssize_t seat, char *out, Py_ssize_t end) {
    Py_ssize_t me = seat < 0 ? 0 : seat; /* a spectator sees the table's order */
    int ok = -1;
    PyObject *d = NULL, *options = NULL;
    PyObject *ps[4];
    memset(out, 0, end);
    if (!(d = PyObject_GetAttr(state, s_d))) goto done;
    if (!PyDict_Check(d)) {
        PyErr_SetString(PyExc_TypeError, OBS "state.d must be a dict");
        goto done;
    }
    if (!(options = PyObject_GetAttr(state, s_options))) goto done;
    PyObject *seats = dict_seq(d, s_p, n, "the position");
    if (seats == NULL) goto done;
    for (Py_ssize_t s = 0; s < n; s++) {
        ps[s] = item(seats, s);
        if (!PyDict_Check(ps[s])) {
            PyErr_SetString(PyExc_TypeError, OBS "a seat's holdings must be a dict");
            goto done;
        }
    }
    Py_ssize_t pos = 0;

    /* phase; the seat to decide (rules.py's current_player), relative; the pending frame */
    PyObject *v = dict_item(d, s_phase, "the position");
    if (v == NULL) goto done;
    Py_ssize_t phase = name_index(N_PHASES, v, "the phase", 0);
    if (phase < 0 || set_one(out, end, pos + phase) < 0) goto done;
    pos += PHASES;
    PyObject *stack = dict_seq(d, s_stack, -1, "the position"), *top = NULL;
    if (stack == NULL) goto done;
    if (length(stack)) {
        top = item(stack, length(stack) - 1);
        if (!PyDict_Check(top)) {
            PyErr_SetString(PyExc_TypeError, OBS "a frame must be a dict");
            goto done;
        }
    }
    if (phase != OVER) {
        Py_ssize_t current = top ? count_field(top, s_seat, "a frame") : count_field(d, s_active, "the position");
        if (current < 0) goto done;
        if (current >= n) {
            PyErr_Format(PyExc_ValueError, OBS "the seat to decide is %zd of %zd players", current, n);
            goto done;
        }
        if (set_one(out, end, pos + (current - me + n) % n) < 0) goto done;
    }
    pos += n;
    if (top) {
        if (!(v = dict_item(top, s_k, "a frame"))) goto done;
        Py_ssize_t k = name_index(N_FRAMES, v, "a frame's kind", 1); /* automatic frames: none */
        if (k == -2 || (k >= 0 && set_one(out, end, pos + k) < 0)) goto done;
    }
    pos += FRAMES;
    Py_ssize_t round = count_field(d, s_round, "the round");
    if (round < 0) goto done;
    if (round < 1 || round > ROUNDS) {
        PyErr_Format(PyExc_ValueError, OBS "round %zd is not one of 1 to 5", round);
        goto done;
    }
    if (set_one(out, end, pos + round - 1) < 0) goto done;
    pos += ROUNDS;

    /* the wheel: per space, workers there per seat (relative), then the Sultan's */
    Py_ssize_t there[SPACES][5] = {{0}};
    for (Py_ssize_t s = 0; s < n; s++) {
        PyObject *work = dict_seq(ps[s], s_work, WORKERS, "a seat");
        if (work == NULL) goto done;
        for (Py_ssize_t w = 0; w < WORKERS; w++) {
            int home;
            Py_ssize_t space = worker_space(item(work, w), &home);
            if (space == -2) goto done;
            if (space >= 0) there[space][(s - me + n) % n]++;
        }
    }
    PyObject *sultans = dict_seq(d, s_sultans, -1, "the position");
    if (sultans == NULL) goto done;
    for (Py_ssize_t i = 0; i < length(sultans); i++) {
        Py_ssize_t space = name_index(N_SPACES, item(sultans, i), "a Sultan's worker's space", 1);
        if (space == -2) goto done;
        if (space >= 0) there[space][n]++;
    }
    for (Py_ssize_t space = 0; space < SPACES; space++)
        for (Py_ssize_t j = 0; j <= n; j++)
            if (put_clipped(out, end, pos++, WHEEL, there[space][j]) < 0) goto done;

    /* raws (per slot: empty, sugarcane, clay, silk) and marble */
    PyObject *raws = dict_item(d, s_raws, "the position");
    if (raws == NULL) goto done;
    if (!PyDict_Check(raws)) {
        PyErr_SetString(PyExc_TypeError, OBS "raws must be a dict");
        goto done;
    }
    for (Py_ssize_t i = 0; i < RAW_SLOTS; i++) {
        PyObject *g = PyDict_GetItemWithError(raws, PyTuple_GET_ITEM(order[N_RAW_SLOTS], i));
        long kind = -1; /* a slot of another side: empty, as the view route reads it */
        if (g == NULL && PyErr_Occurred()) goto done;
        if (g != NULL) {
            kind = signed_int(g, "a raw slot's goods");
            if (kind == -1 && PyErr_Occurred()) goto done;
            if (kind < -1 || kind >= RAW_KINDS - 1) {
                PyErr_Format(PyExc_ValueError, OBS "a raw slot holds goods %ld", kind);
                goto done;
            }
        }
        if (set_one(out, end, pos + RAW_KINDS * i + kind + 1) < 0) goto done;
    }
    pos += RAW_SLOTS * RAW_KINDS;
    PyObject *marble = dict_item(d, s_marble, "the position");
    if (marble == NULL) goto done;
    if (!PyDict_Check(marble)) {
        PyErr_SetString(PyExc_TypeError, OBS "marble must be a dict");
        goto done;
    }
    for (Py_ssize_t i = 0; i < MARBLE_SLOTS; i++, pos++) {
        PyObject *m = PyDict_GetItemWithError(marble, PyTuple_GET_ITEM(order[N_MARBLE_SLOTS], i));
        if (m == NULL && PyErr_Occurred()) goto done;
        Py_ssize_t count = m == NULL ? 0 : as_index(m, "marble");
        if (count < 0 || put(out, end, pos, MARBLE, count) < 0) goto done;
    }

    /* the displays */
    if (put_ids(out, end, pos, d, s_large, "a large building tile", N_LARGE) < 0) goto done;
    pos += N_LARGE;
    if (put_ids(out, end, pos, d, s_small, "a small building card", N_SMALL) < 0) goto done;
    pos += N_SMALL;
    if (put_ids(out, end, pos, d, s_small_discard, "a discarded small building card", N_SMALL) < 0) goto done;
    pos += N_SMALL;
    if (put_ids(out, end, pos, d, s_minor, "a minor poem", N_MINOR) < 0) goto done;
    pos += N_MINOR;
    PyObject *majors = dict_seq(d, s_major, -1, "the position");
    if (majors == NULL) goto done;
    for (Py_ssize_t i = 0; i < length(majors); i++) {
        PyObject *m = item(majors, i);
        if (PyUnicode_Check(m) && PyUnicode_GET_LENGTH(m) == 0) continue; /* an empty place */
        Py_ssize_t j = name_index(N_MAJORS, m, "a major poem", 0);
        if (j < 0 || set_one(out, end, pos + j) < 0) goto done;
    }
    pos += MAJORS;
    if (put_ids(out, end, pos, d, s_whd, "a warehouse tile", N_WH) < 0) goto done;
    pos += N_WH;

    /* the piles, by size alone (I1) */
    Py_ssize_t size = size_field(d, s_small_deck, "the small building deck");
    if (size < 0 || put_clipped(out, end, pos++, SMALL_DECK, size) < 0) goto done;
    size = size_field(d, s_minor_deck, "the minor poem deck");
    if (size < 0 || put_clipped(out, end, pos++, MINOR_DECK, size) < 0) goto done;
    PyObject *stacks = dict_item(d, s_stacks, "the position");
    if (stacks == NULL) goto done;
    size = size_field(stacks, s_left, "the left warehouse stack");
    if (size < 0 || put_clipped(out, end, pos++, STACK, size) < 0) goto done;
    size = size_field(stacks, s_right, "the right warehouse stack");
    if (size < 0 || put_clipped(out, end, pos++, STACK, size) < 0) goto done;

    /* the map: per city its tile one-hot, then its seal still there; the trade card */
    PyObject *cities = dict_item(d, s_cities, "the position");
    if (cities == NULL) goto done;
    for (Py_ssize_t c = 0; c < CITIES; c++) {
        PyObject *t = dict_item(cities, PyTuple_GET_ITEM(order[N_CITIES], c), "the cities");
        if (t == NULL) goto done;
        Py_ssize_t tile = as_index(t, "a city tile");
        if (tile < 0) goto done;
        if (tile < 1 || tile > N_CITY_TILES) {
            PyErr_Format(PyExc_IndexError, OBS "city tile %zd is not one of 1 to 12", tile);
            goto done;
        }
        if (set_one(out, end, pos + c * (N_CITY_TILES + 1) + tile - 1) < 0) goto done;
    }
    PyObject *seals = dict_seq(d, s_seals, -1, "the position");
    if (seals == NULL) goto done;
    for (Py_ssize_t i = 0; i < length(seals); i++) {
        Py_ssize_t c = name_index(N_CITIES, item(seals, i), "a seal's city", 0);
        if (c < 0 || set_one(out, end, pos + c * (N_CITY_TILES + 1) + N_CITY_TILES) < 0) goto done;
    }
    pos += CITIES * (N_CITY_TILES + 1);
    Py_ssize_t trade = count_field(d, s_trade, "the trade card");
    if (trade < 0) goto done;
    if (trade < 1 || trade > N_TRADE) {
        PyErr_Format(PyExc_IndexError, OBS "trade card %zd is not one of 1 to 8", trade);
        goto done;
    }
    if (set_one(out, end, pos + trade - 1) < 0) goto done;
    pos += N_TRADE;

    /* the wish tiles: with wishes_face_down, those not yet in the tower are seen by no seat */
    PyObject *wishes = dict_seq(d, s_wishes, WISH_TILES, "the position");
    PyObject *tower = wishes ? dict_seq(d, s_tower, -1, "the position") : NULL;
    if (tower == NULL) goto done;
    if (!PyDict_Check(options)) {
        PyErr_SetString(PyExc_TypeError, OBS "state.options must be a dict");
        goto done;
    }
    PyObject *face_down_obj = dict_item(options, s_wishes_face_down, "state.options");
    if (face_down_obj == NULL) goto done;
    int face_down = PyObject_IsTrue(face_down_obj);
    if (face_down < 0) goto done;
    Py_ssize_t in_tower = length(tower);
    for (Py_ssize_t i = 0; i < WISH_TILES; i++) {
        if (face_down && i >= in_tower) continue; /* Q41 */
        Py_ssize_t w = name_index(N_WISHES, item(wishes, i), "a wish tile", 0);
        if (w < 0 || set_one(out, end, pos + i * WISHES + w) < 0) goto done;
    }
    pos += WISH_TILES * WISHES;
    if (put(out, end, pos++, TOWER, in_tower) < 0) goto done;

    /* tokens: bag and discards per kind, the material supply */
    if (put_counts(out, end, pos, d, s_bag, "the position", 3, BAG, 1) < 0) goto done;
    pos += 3;
    if (put_counts(out, end, pos, d, s_discards, "the position", 3, BAG, 1) < 0) goto done;
    pos += 3;
    if (put_counts(out, end, pos, d, s_supply, "the position", MATERIALS, SUPPLY, 1) < 0) goto done;
    pos += MATERIALS;

    /* the seats, from the observer on */
    for (Py_ssize_t offset = 0; offset < n; offset++) {
        PyObject *p = ps[(me + offset) % n];
        Py_ssize_t x;
        if ((x = count_field(p, s_dinars, "dinars")) < 0 || put_clipped(out, end, pos, DINARS, x) < 0) goto done;
        if ((x = count_field(p, s_paria, "paria")) < 0 || put_clipped(out, end, pos + 1, PARIA, x) < 0) goto done;
        if ((x = count_field(p, s_favour, "favour")) < 0 || put(out, end, pos + 2, FAVOUR, x) < 0) goto done;
        if ((x = count_field(p, s_seals, "seals")) < 0 || put(out, end, pos + 3, SEALS, x) < 0) goto done;
        if ((x = count_field(p, s_balances, "balances")) < 0 || put_clipped(out, end, pos + 4, FIFTH, x) < 0)
            goto done;
        if ((x = size_field(p, s_blue, "blue poems")) < 0 || put_clipped(out, end, pos + 5, FIFTH, x) < 0) goto done;
        if ((x = size_field(p, s_red, "red poems")) < 0 || put_clipped(out, end, pos + 6, FIFTH, x) < 0) goto done;
        if ((x = size_field(p, s_grey, "grey poems")) < 0 || put(out, end, pos + 7, GREY, x) < 0) goto done;
        long score = score_of(p, "a seat");
        if (score == -1 && PyErr_Occurred()) goto done;
        score += 20; /* scaled from -20: below it, 0 */
        if (put_clipped(out, end, pos + 8, SCORE, score < 0 ? 0 : score) < 0) goto done;
        pos += 9;
        if (put_counts(out, end, pos, p, s_mat, "a seat", MATERIALS, FIFTH, 1) < 0) goto done;
        pos += MATERIALS;
        if (put_counts(out, end, pos, p, s_goods, "a seat", GOODS, FIFTH, 1) < 0) goto done;
        pos += GOODS;
        if (put_counts(out, end, pos, p, s_store, "a seat", GOODS, STORE, 0) < 0) goto done;
        pos += GOODS;
        if (put_counts(out, end, pos, p, s_raw, "a seat", GOODS, RAW, 0) < 0) goto done;
        pos += GOODS;
        /* capacity: each warehouse's starting box and its tiles' boxes (WH2) */
        PyObject *houses = dict_seq(p, s_houses, -1, "a seat");
        if (houses == NULL) goto done;
        Py_ssize_t boxes = 0;
        for (Py_ssize_t h = 0; h < length(houses); h++) {
            PyObject *house = item(houses, h);
            if (!is_seq(house)) {
                PyErr_SetString(PyExc_TypeError, OBS "a warehouse must be a list or tuple");
                goto done;
            }
            boxes += 1;
            for (Py_ssize_t i = 1; i < length(house); i++) {
                Py_ssize_t t = as_index(item(house, i), "a warehouse tile");
                if (t < 0) goto done;
                if (t < 1 || t > N_WH) {
                    PyErr_Format(PyExc_IndexError, OBS "warehouse tile %zd is not one of 1 to 24", t);
                    goto done;
                }
                boxes += int_entry(BOXES, t);
            }
        }
        if (put_clipped(out, end, pos++, CAPACITY, boxes) < 0) goto done;
        if (put_ships(out, end, pos, p, "a seat") < 0) goto done;
        pos += 2 * CITIES;
        /* workers (b1, b2, m, p): space one-hot, in the workshop, standing */
        PyObject *work = dict_seq(p, s_work, WORKERS, "a seat");
        PyObject *up = work ? dict_seq(p, s_up, WORKERS, "a seat") : NULL;
        if (up == NULL) goto done;
        for (Py_ssize_t w = 0; w < WORKERS; w++, pos += SPACES + 2) {
            int home;
            Py_ssize_t space = worker_space(item(work, w), &home);
            if (space == -2) goto done;
            if (space >= 0 && set_one(out, end, pos + space) < 0) goto done;
            if (home && set_one(out, end, pos + SPACES) < 0) goto done;
            PyObject *standing = item(up, w);
            Py_ssize_t flag = standing == Py_True ? 1 : standing == Py_False ? 0 : as_index(standing, "standing");
            if (flag < 0) goto done;
            if (flag > 1) {
                PyErr_SetString(PyExc_ValueError, OBS "a worker's standing flag must be True or False");
                goto done;
            }
            if (flag && set_one(out, end, pos + SPACES + 1) < 0) goto done;
        }
        /* buildings per type (large tiles, then the row's small buildings), the balance colour */
        Py_ssize_t per_type[TYPES] = {0};
        PyObject *large = dict_seq(p, s_large, -1, "a seat");
        if (large == NULL) goto done;
        for (Py_ssize_t i = 0; i < length(large); i++) {
            Py_ssize_t t = as_index(item(large, i), "a large building tile");
            if (t < 0) goto done;
            if (t < 1 || t > N_LARGE) {
                PyErr_Format(PyExc_IndexError, OBS "large building tile %zd is not one of 1 to 21", t);
                goto done;
            }
            int32_t type = int_entry(LARGE_TYPE, t);
            if (type >= 0 && type < TYPES) per_type[type]++;
        }
        PyObject *row = dict_seq(p, s_row, -1, "a seat");
        if (row == NULL) goto done;
        for (Py_ssize_t i = 0; i < length(row); i++) {
            Py_ssize_t t = as_index(item(row, i), "a small building card");
            if (t < 0) goto done;
            if (t > N_SMALL) {
                PyErr_Format(PyExc_IndexError, OBS "small building card %zd is not one of 1 to 36", t);
                goto done;
            }
            int32_t type = t ? int_entry(SMALL_TYPE, t) : -1; /* 0: the balance card */
            if (type >= 0 && type < TYPES) per_type[type]++;
        }
        for (Py_ssize_t t = 0; t < TYPES; t++)
            if (put_clipped(out, end, pos + t, FIFTH, per_type[t]) < 0) goto done;
        pos += TYPES;
        if (!(v = dict_item(p, s_colour, "a seat"))) goto done;
        Py_ssize_t colour = name_index(N_COLOURS, v, "a balance card's colour", 0);
        if (colour < 0 || set_one(out, end, pos + colour) < 0) goto done;
        pos += COLOURS;
    }

    /* solo: Yusuf, part of the game and not a seat (YS1, Q52); his face-down tiles and decks
     * by number alone (I1) */
    if (n == 1) {
        PyObject *y = dict_item(d, s_y, "the position");
        if (y == NULL) goto done;
        if (!PyDict_Check(y)) {
            PyErr_SetString(PyExc_TypeError, OBS "Yusuf's holdings must be a dict");
            goto done;
        }
        long score = score_of(y, "Yusuf");
        if (score == -1 && PyErr_Occurred()) goto done;
        score += 20;
        Py_ssize_t x;
        if (put_clipped(out, end, pos, SCORE, score < 0 ? 0 : score) < 0) goto done;
        if ((x = count_field(y, s_paria, "Yusuf's paria")) < 0 || put_clipped(out, end, pos + 1, PARIA, x) < 0)
            goto done;
        if ((x = count_field(y, s_favour, "Yusuf's favour")) < 0 || put(out, end, pos + 2, FAVOUR, x) < 0) goto done;
        if ((x = count_field(y, s_seals, "Yusuf's seals")) < 0 || put_clipped(out, end, pos + 3, YUSUF_SEALS, x) < 0)
            goto done;
        if ((x = size_field(y, s_tiles, "Yusuf's worker tiles")) < 0 || put(out, end, pos + 4, TILES, x) < 0)
            goto done;
        if ((x = size_field(y, s_turned, "Yusuf's turned tiles")) < 0 || put(out, end, pos + 5, TILES, x) < 0)
            goto done;
        PyObject *decks = dict_item(y, s_decks, "Yusuf");
        if (decks == NULL) goto done;
        for (int k = 0; k < DECKS; k++) {
            PyObject *kind = PyTuple_GET_ITEM(order[N_DECKS], k);
            if ((x = size_field(decks, kind, "a deck of Yusuf's")) < 0) goto done;
            if (put(out, end, pos + 6 + k, MASTER_BUILDER + k, x) < 0) goto done;
        }
        if ((x = size_field(y, s_large, "Yusuf's large buildings")) < 0 || put_clipped(out, end, pos + 9, FIFTH, x) < 0)
            goto done;
        if ((x = size_field(y, s_small, "Yusuf's small buildings")) < 0 || put_clipped(out, end, pos + 10, FIFTH, x) < 0)
            goto done;
        if ((x = size_field(y, s_minors, "Yusuf's minor poems")) < 0 || put_clipped(out, end, pos + 11, FIFTH, x) < 0)
            goto done;
        if ((x = size_field(y, s_majors, "Yusuf's major poems")) < 0 || put_clipped(out, end, pos + 12, FIFTH, x) < 0)
            goto done;
        if ((x = size_field(y, s_houses, "Yusuf's warehouse tiles")) < 0 ||
            put_clipped(out, end, pos + 13, FIFTH, x) < 0)
            goto done;
        pos += 14;
        if (put_ships(out, end, pos, y, "Yusuf") < 0) goto done;
        pos += 2 * CITIES;
        PyObject *work = dict_seq(y, s_work, WORKERS, "Yusuf");
        if (work == NULL) goto done;
        for (Py_ssize_t w = 0; w < WORKERS; w++, pos += SPACES + 1) {
            int home;
            Py_ssize_t space = worker_space(item(work, w), &home);
            if (space == -2) goto done;
            if (space >= 0 && set_one(out, end, pos + space) < 0) goto done;
            if (home && set_one(out, end, pos + SPACES) < 0) goto done;
        }
    }
    if (pos * F != end) {
        PyErr_Format(PyExc_ValueError, OBS "%zd bytes written, %zd expected", pos * F, end);
        goto done;
    }
    ok = 0;
done:
    Py_XDECREF(d);
    Py_XDECREF(options);
    return ok;
}

static Py_ssize_t vector_bytes(Py_ssize_t n) {
    return (PHASES + n + FRAMES + ROUNDS + SPACES * (n + 1) + RAW_SLOTS * RAW_KINDS + MARBLE_SLOTS + N_LARGE +
            2 * N_SMALL + N_MINOR + MAJORS + N_WH + 4 + CITIES * (N_CITY_TILES + 1) + N_TRADE +
            WISH_TILES * WISHES + 1 + 3 + 3 + MATERIALS + n * SEAT_FEATURES + (n == 1 ? YUSUF_FEATURES : 0)) *
           F;
}

static PyObject *encode(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (held == NULL) {
        PyErr_SetString(PyExc_RuntimeError, OBS "setup() was not called");
        return NULL;
    }
    return encode_call(args, nargs, s_players, 1, 4, vector_bytes, fill);
}

/* setup's part for the names: each order a tuple of `name_sizes` distinct strings */
static int load_names(PyObject *given, PyObject **indices, PyObject **orders) {
    PyObject *names = PyDict_GetItemString(given, "names");
    if (names == NULL || !PyDict_Check(names)) {
        PyErr_SetString(PyExc_ValueError, "setup: names (a dict of tuples) is missing");
        return -1;
    }
    for (int k = 0; k < NAMES; k++) {
        PyObject *t = PyDict_GetItemString(names, name_keys[k]);
        if (t == NULL || !PyTuple_Check(t) || PyTuple_GET_SIZE(t) != name_sizes[k]) {
            PyErr_Format(PyExc_ValueError, "setup: names[%s] must be a tuple of %zd names", name_keys[k],
                         name_sizes[k]);
            return -1;
        }
        PyObject *index = PyDict_New();
        if (index == NULL) return -1;
        indices[k] = index;
        Py_INCREF(t);
        orders[k] = t;
        for (Py_ssize_t i = 0; i < name_sizes[k]; i++) {
            PyObject *name = PyTuple_GET_ITEM(t, i), *number;
            if (!PyUnicode_CheckExact(name)) {
                PyErr_Format(PyExc_ValueError, "setup: names[%s] must hold strings", name_keys[k]);
                return -1;
            }
            int there = PyDict_Contains(index, name);
            if (there != 0) {
                if (there > 0) PyErr_Format(PyExc_ValueError, "setup: names[%s] repeats %R", name_keys[k], name);
                return -1;
            }
            if (!(number = PyLong_FromSsize_t(i))) return -1;
            int rc = PyDict_SetItem(index, name, number);
            Py_DECREF(number);
            if (rc < 0) return -1;
        }
    }
    return 0;
}

static PyObject *setup(PyObject *self, PyObject *given) {
    if (!PyDict_Check(given)) {
        PyErr_SetString(PyExc_TypeError, "setup takes a dict of name -> bytes");
        return NULL;
    }
    Table loaded[TABLES];
    memcpy(loaded, tables, sizeof tables);
    if (load_tables(given, loaded, TABLES) < 0) return NULL;
    /* the integer tables are read by id: each must hold an entry per id */
    const struct { int which; Py_ssize_t count; } ids[] = {
        {BOXES, N_WH + 1}, {LARGE_TYPE, N_LARGE + 1}, {SMALL_TYPE, N_SMALL + 1}, {SIZES, 5}};
    for (size_t i = 0; i < sizeof ids / sizeof ids[0]; i++)
        if (loaded[ids[i].which].count != ids[i].count) {
            PyErr_Format(PyExc_ValueError, "setup: table %s holds %zd entries, not %zd", loaded[ids[i].which].name,
                         loaded[ids[i].which].count, ids[i].count);
            return NULL;
        }
    /* the layout encode.py describes is the one this module writes */
    for (Py_ssize_t n = 1; n <= 4; n++) {
        int32_t size;
        memcpy(&size, loaded[SIZES].data + n * F, F);
        if ((Py_ssize_t)size * F != vector_bytes(n)) {
            PyErr_Format(PyExc_ValueError, "setup: %zd players' layout has %d entries, the module writes %zd", n,
                         (int)size, vector_bytes(n) / F);
            return NULL;
        }
    }
    PyObject *indices[NAMES] = {NULL}, *orders[NAMES] = {NULL};
    if (load_names(given, indices, orders) < 0) {
        for (int k = 0; k < NAMES; k++) {
            Py_XDECREF(indices[k]);
            Py_XDECREF(orders[k]);
        }
        return NULL;
    }
    for (int k = 0; k < NAMES; k++) {
        Py_XSETREF(index_of[k], indices[k]);
        Py_XSETREF(order[k], orders[k]);
    }
    Py_INCREF(given);
    Py_XSETREF(held, given);
    memcpy(tables, loaded, sizeof tables);
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"encode", (PyCFunction)(void (*)(void))encode, METH_FASTCALL, "encode(state, seat, out=None): the observation's float32 bytes"},
    {"setup", setup, METH_O, "setup(tables): the tables and names of encode.py"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_cencode", "Sabika's observation, compiled.", -1,
                                    methods};

PyMODINIT_FUNC PyInit__cencode(void) {
    INTERN(players);
    INTERN(d);
    INTERN(options);
    INTERN(wishes_face_down);
    INTERN(phase);
    INTERN(stack);
    INTERN(seat);
    INTERN(k);
    INTERN(active);
    INTERN(round);
    INTERN(p);
    INTERN(work);
    INTERN(sultans);
    INTERN(raws);
    INTERN(marble);
    INTERN(large);
    INTERN(small);
    INTERN(small_discard);
    INTERN(minor);
    INTERN(major);
    INTERN(whd);
    INTERN(small_deck);
    INTERN(minor_deck);
    INTERN(stacks);
    INTERN(left);
    INTERN(right);
    INTERN(cities);
    INTERN(seals);
    INTERN(trade);
    INTERN(wishes);
    INTERN(tower);
    INTERN(bag);
    INTERN(discards);
    INTERN(supply);
    INTERN(dinars);
    INTERN(paria);
    INTERN(favour);
    INTERN(balances);
    INTERN(blue);
    INTERN(red);
    INTERN(grey);
    INTERN(pts);
    INTERN(mat);
    INTERN(goods);
    INTERN(store);
    INTERN(raw);
    INTERN(houses);
    INTERN(ships);
    INTERN(up);
    INTERN(row);
    INTERN(colour);
    INTERN(y);
    INTERN(tiles);
    INTERN(turned);
    INTERN(decks);
    INTERN(minors);
    INTERN(majors);
    return PyModule_Create(&module);
}
