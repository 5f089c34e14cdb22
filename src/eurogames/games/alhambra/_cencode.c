/* Alhambra's observation, compiled: the bytes of encode(state.view(seat)) (encode.py), assembled
 * in C straight from the state.
 *
 * Optional: setup.py builds it where a C compiler is found; where it is missing (or
 * EUROGAMES_PURE_PYTHON=1) the adapters encode the view. It computes no float: encode.py hands
 * it, once, float32 tables computed at import by the view route's own arithmetic (per count,
 * per market tile, per coordinate of a cell) and the integer tables it indexes with (each
 * tile's type, each grid value's palace planes, each grid cell's palace entry, each cell's
 * wall sections), and this module copies the pieces in the view route's order, reading the
 * state's fields. It counts an Alhambra's longest wall as palace.longest_wall counts it
 * (union-find over the corner lattice). tests/rl/test_compiled_route.py holds the route equal
 * to encode(state.view(seat)) byte for byte at every decision of many games.
 *
 * encode_tiles(state, seat, out=None) and encode_planes(...), the palaces encoded as tile
 * positions or as planes (encode.py's two encodings): seat is a seat number or None (a
 * spectator); without out, a new bytearray of the vector; with out (a writable buffer of
 * exactly the vector's bytes), the vector is written there and None returned. longest_wall(grid, cells): the port of
 * palace.longest_wall, for the tests.
 */
#define GAME "alhambra"
#include "_cencode.h" /* src/eurogames/core: what the compiled encoders share */
#include <stdint.h>

#define PHASES 4
#define MARKET_SLOTS 4
#define SLOT_FEATURES 12
#define MONEY_CARDS 36
#define VALUES 9 /* money cards per currency, values 1..9 */
#define CURRENCIES 4
#define NUM_TILES 54
#define TYPES 6
#define SCORING_CARDS 2
#define SCORING (SCORING_CARDS + 1 + 3 * SCORING_CARDS) /* scorings done, then present, first and last draw per card */
#define DIRK (2 + TYPES)
#define PURCHASE (MARKET_SLOTS + VALUES) /* the purchase in progress: its slot, the cards chosen */
#define SEAT_FEATURES (1 + MONEY_CARDS + CURRENCIES + TYPES + 1 + NUM_TILES + TYPES)
#define CELLS 625 /* 25 x 25 playable cells */
#define PLANES 11
#define PALACE (PLANES * CELLS)
#define SIDE 25 /* the playable square's side */
#define TILE_FEATURES 3 /* per tile id: placed, x + 12, y + 12 */
#define TILES_BLOCK (NUM_TILES * TILE_FEATURES)
#define PLANE_WIDTH 5 /* per grid value: occupied, type, up to three walls (padded with occupied) */
#define WIDTH 27 /* the grid's side, its margin included */
#define GRID (WIDTH * WIDTH)
#define CORNERS ((WIDTH + 1) * (WIDTH + 1))
#define SIDES 4
#define FOUNTAIN 255
#define MOST_PLAYERS 6

enum { COPIES, TOTALS, SLOT, DECK, POINTS, TYPE_COUNTS, WALLS, GIFTS, COORDS, TABLES };

static Table tables[TABLES] = {
    {"copies", 1}, {"totals", 1}, {"slot", SLOT_FEATURES}, {"deck", 1}, {"points", 1},
    {"type_counts", 1}, {"walls", 1}, {"gifts", 1}, {"coords", 1},
};

enum { FORM_TILES, FORM_PLANES }; /* a palace's encodings */

/* integer tables (int32, native order), of a fixed number of entries */
typedef struct {
    const char *name;
    Py_ssize_t count;
    const int32_t *data;
} Ints;

enum { KIND, PLANE_OFFSETS, CELL_ENTRY, SECTIONS, SIDE_BITS, WALL_BITS, SIZES, INTS };

static Ints ints[INTS] = {
    {"kind", NUM_TILES + 1},                /* tile id -> type (-1 for 0, no tile) */
    {"plane_offsets", 256 * PLANE_WIDTH},   /* grid value -> its entries in a palace, from its cell's */
    {"cell_entry", GRID},                   /* grid cell -> its entry in the occupied plane (-1 off the square) */
    {"sections", GRID * SIDES * 3},         /* cell, side -> (step to the cell beyond, corner, corner) */
    {"side_bits", SIDES},                   /* the wall bit of north, east, south, west */
    {"wall_bits", 256},                     /* grid value -> its wall bits */
    {"sizes", 3 * (MOST_PLAYERS + 1)},      /* players -> (dense, all with planes, all with tiles) floats */
};

static PyObject *held = NULL; /* the dict given to setup (a copy): keeps every table alive */

static PyObject *s_players, *s_phase, *s_current_player, *s_start, *s_bonus, *s_market, *s_display,
    *s_deck, *s_discard, *s_bag, *s_pending, *s_points, *s_hands, *s_grids, *s_cells, *s_reserves,
    *s_scorings, *s_scoring_ranges, *s_queue, *s_with_dirk, *s_dirk, *s_dirk_points, *s_purchase;

static Py_ssize_t dense_size(Py_ssize_t n) {
    return PHASES + 2 * n + 1 + MARKET_SLOTS * SLOT_FEATURES + MONEY_CARDS + 1 + MONEY_CARDS + NUM_TILES +
           SCORING + NUM_TILES + n + DIRK + PURCHASE + n * SEAT_FEATURES;
}

static int put(char *out, Py_ssize_t *at, Py_ssize_t end, int which, Py_ssize_t index) {
    return put_table(&tables[which], out, at, end, index);
}

/* every item of a list or tuple of integers through one table (exactly `count` items) */
static int put_all(char *out, Py_ssize_t *at, Py_ssize_t end, PyObject *seq, Py_ssize_t count, int which,
                   const char *what) {
    if (!is_seq(seq)) {
        PyErr_Format(PyExc_TypeError, OBS "%s must be a list or tuple", what);
        return -1;
    }
    if (length(seq) != count) {
        PyErr_Format(PyExc_ValueError, OBS "%s holds %zd entries, not %zd", what, length(seq), count);
        return -1;
    }
    for (Py_ssize_t i = 0; i < count; i++) {
        Py_ssize_t v = as_index(item(seq, i), what);
        if (v < 0 || put(out, at, end, which, v) < 0) return -1;
    }
    return 0;
}

/* a tile id, 1..54 */
static Py_ssize_t tile_of(PyObject *obj, const char *what) {
    if (!PyLong_Check(obj)) {
        PyErr_Format(PyExc_TypeError, OBS "%s holds a tile that is not an integer", what);
        return -1;
    }
    Py_ssize_t t = PyLong_AsSsize_t(obj);
    if (t == -1 && PyErr_Occurred()) return -1;
    if (t < 1 || t > NUM_TILES) {
        PyErr_Format(PyExc_IndexError, OBS "%s holds tile %zd (tiles are 1 to %d)", what, t,
                     NUM_TILES);
        return -1;
    }
    return t;
}

static Py_ssize_t kind_of(Py_ssize_t tile) { /* tile is 0..54 */
    Py_ssize_t k = ints[KIND].data[tile];
    if (k < 0 || k >= TYPES) {
        PyErr_Format(PyExc_IndexError, OBS "tile %zd has no type", tile);
        return -1;
    }
    return k;
}

/* 1.0 at tile - 1 for every tile of a list or tuple, into the NUM_TILES floats at `block`;
 * with `kinds`, the tiles counted per type as well */
static int tile_ones(char *out, Py_ssize_t *at, Py_ssize_t end, PyObject *seq, const char *what, Py_ssize_t *kinds) {
    if (!is_seq(seq)) {
        PyErr_Format(PyExc_TypeError, OBS "%s must be a list or tuple", what);
        return -1;
    }
    if (*at + NUM_TILES * F > end) {
        PyErr_SetString(PyExc_ValueError, OBS "the state holds more than its layout");
        return -1;
    }
    char *block = out + *at;
    Py_ssize_t count = length(seq);
    for (Py_ssize_t i = 0; i < count; i++) {
        Py_ssize_t t = tile_of(item(seq, i), what);
        if (t < 0) return -1;
        one(block, t - 1);
        if (kinds != NULL) {
            Py_ssize_t k = kind_of(t);
            if (k < 0) return -1;
            kinds[k]++;
        }
    }
    *at += NUM_TILES * F;
    return 0;
}

/* 36 money counts (a hand or the discard pile) as copies per card; with `totals`, each
 * currency's money, sum(count * value) */
static int money_counts(char *out, Py_ssize_t *at, Py_ssize_t end, PyObject *counts, Py_ssize_t *totals,
                        const char *what) {
    if (!is_seq(counts)) {
        PyErr_Format(PyExc_TypeError, OBS "%s must be a list or tuple", what);
        return -1;
    }
    if (length(counts) != MONEY_CARDS) {
        PyErr_Format(PyExc_ValueError, OBS "%s holds %zd counts, not %d", what, length(counts),
                     MONEY_CARDS);
        return -1;
    }
    if (*at + MONEY_CARDS * F > end) {
        PyErr_SetString(PyExc_ValueError, OBS "the state holds more than its layout");
        return -1;
    }
    /* the hot loop of a 6-player observation (seven blocks of 36): the items read in place,
     * each count checked against the table once */
    PyObject **items = PySequence_Fast_ITEMS(counts);
    const Table *copies = &tables[COPIES];
    char *to = out + *at;
    for (Py_ssize_t code = 0; code < MONEY_CARDS; code++) {
        Py_ssize_t v = as_index(items[code], what);
        if (v < 0) return -1;
        if (v >= copies->count) {
            PyErr_Format(PyExc_IndexError, OBS "%s holds %zd copies of a card (at most %zd)", what,
                         v, copies->count - 1);
            return -1;
        }
        memcpy(to + code * F, copies->data + v * F, F);
        if (totals != NULL) totals[code / VALUES] += v * (code % VALUES + 1);
    }
    *at += MONEY_CARDS * F;
    return 0;
}

/* the money block of the discard pile (copies of each card) or of a hand (copies, then the
 * money per currency) */
static int money(char *out, Py_ssize_t *at, Py_ssize_t end, PyObject *counts, int hand, const char *what) {
    Py_ssize_t totals[CURRENCIES] = {0};
    if (money_counts(out, at, end, counts, hand ? totals : NULL, what) < 0) return -1;
    if (hand)
        for (int c = 0; c < CURRENCIES; c++)
            if (put(out, at, end, TOTALS, totals[c]) < 0) return -1;
    return 0;
}

/* The union-find of longest_wall over the corner lattice, kept between calls: a corner's
 * entries count only when its stamp is the current call's, so each call starts from every
 * corner its own root, of size 0, without clearing the whole lattice. */
static int16_t parent[CORNERS];
static int32_t group_size[CORNERS];
static uint32_t stamp[CORNERS], current_stamp;

static Py_ssize_t find(Py_ssize_t a) {
    if (stamp[a] != current_stamp) { /* not touched in this call: its own root, empty */
        stamp[a] = current_stamp;
        parent[a] = -1;
        group_size[a] = 0;
        return a;
    }
    while (parent[a] >= 0) {
        if (parent[parent[a]] >= 0) parent[a] = parent[parent[a]];
        a = parent[a];
    }
    return a;
}

/* palace.longest_wall: outer wall sections (the cell beyond is empty) joined where they share
 * a lattice corner; the largest group's size. -1 with an error for a bad cell. */
static Py_ssize_t longest_wall(const unsigned char *grid, PyObject *cells) {
    if (++current_stamp == 0) { /* the stamps wrapped round: start them again */
        memset(stamp, 0, sizeof stamp);
        current_stamp = 1;
    }
    const int32_t *sections = ints[SECTIONS].data, *side_bits = ints[SIDE_BITS].data, *wall_bits = ints[WALL_BITS].data;
    Py_ssize_t best = 0, count = length(cells);
    for (Py_ssize_t i = 0; i < count; i++) {
        Py_ssize_t c = as_index(item(cells, i), "a cell");
        if (c < 0) return -1;
        if (c >= GRID) {
            PyErr_Format(PyExc_IndexError, OBS "cell %zd is outside the grid", c);
            return -1;
        }
        int32_t mask = wall_bits[grid[c]];
        for (int k = 0; k < SIDES; k++) {
            if (!(mask & side_bits[k])) continue;
            const int32_t *s = sections + (c * SIDES + k) * 3;
            Py_ssize_t beyond = c + s[0];
            if (beyond < 0 || beyond >= GRID) {
                PyErr_Format(PyExc_IndexError, OBS "cell %zd has a wall on the grid's edge", c);
                return -1;
            }
            if (grid[beyond]) continue;
            Py_ssize_t a = find(s[1]), b = find(s[2]);
            if (a == b) {
                group_size[a]++;
            } else {
                parent[b] = (int16_t)a;
                group_size[a] += group_size[b] + 1;
            }
            if (group_size[a] > best) best = group_size[a];
        }
    }
    return best;
}

/* an Alhambra's buildings per type and its longest wall (S6) */
static int buildings(char *out, Py_ssize_t *at, Py_ssize_t end, const unsigned char *g, PyObject *cells) {
    Py_ssize_t kinds[TYPES] = {0}, count = length(cells);
    for (Py_ssize_t i = 0; i < count; i++) {
        Py_ssize_t c = as_index(item(cells, i), "a cell");
        if (c < 0) return -1;
        if (c >= GRID) {
            PyErr_Format(PyExc_IndexError, OBS "cell %zd is outside the grid", c);
            return -1;
        }
        if (g[c] == FOUNTAIN) continue;
        if (g[c] > NUM_TILES) {
            PyErr_Format(PyExc_IndexError, OBS "cell %zd holds %d, not a tile", c, g[c]);
            return -1;
        }
        Py_ssize_t k = kind_of(g[c]);
        if (k < 0) return -1;
        kinds[k]++;
    }
    Py_ssize_t wall = longest_wall(g, cells);
    if (wall < 0) return -1;
    for (int k = 0; k < TYPES; k++)
        if (put(out, at, end, TYPE_COUNTS, kinds[k]) < 0) return -1;
    return put(out, at, end, WALLS, wall);
}

/* the i-th of a palace's cells, checked to lie on the playable square (-1 with an error) */
static Py_ssize_t playable_cell(PyObject *cells, Py_ssize_t i) {
    Py_ssize_t c = as_index(item(cells, i), "a cell");
    if (c < 0) return -1;
    if (c >= GRID || ints[CELL_ENTRY].data[c] < 0) {
        PyErr_Format(PyExc_IndexError, OBS "cell %zd is outside the playable square", c);
        return -1;
    }
    return c;
}

/* a palace's entries set to 1: per occupied cell, its grid value's planes */
static int palace(char *out, const unsigned char *grid, PyObject *cells) {
    const int32_t *entry = ints[CELL_ENTRY].data, *planes = ints[PLANE_OFFSETS].data;
    Py_ssize_t count = length(cells);
    for (Py_ssize_t i = 0; i < count; i++) {
        Py_ssize_t c = playable_cell(cells, i);
        if (c < 0) return -1;
        const int32_t *offsets = planes + grid[c] * PLANE_WIDTH;
        for (int k = 0; k < PLANE_WIDTH; k++) {
            Py_ssize_t e = (Py_ssize_t)entry[c] + offsets[k];
            if (e < 0 || e >= PALACE) {
                PyErr_Format(PyExc_IndexError, OBS "palace entry %zd is outside its planes", e);
                return -1;
            }
            one(out, e);
        }
    }
    return 0;
}

/* a palace as tile positions: per tile id, 1, then x + 12 and y + 12 of its cell (scaled),
 * into a block of zeros */
static int palace_tiles(char *out, const unsigned char *grid, PyObject *cells) {
    const int32_t *entry = ints[CELL_ENTRY].data;
    Py_ssize_t count = length(cells), end = TILES_BLOCK * F;
    for (Py_ssize_t i = 0; i < count; i++) {
        Py_ssize_t c = playable_cell(cells, i);
        if (c < 0) return -1;
        if (grid[c] == FOUNTAIN) continue;
        if (grid[c] < 1 || grid[c] > NUM_TILES) {
            PyErr_Format(PyExc_IndexError, OBS "cell %zd holds %d, not a tile", c, grid[c]);
            return -1;
        }
        Py_ssize_t k = TILE_FEATURES * (grid[c] - 1), at = (k + 1) * F;
        one(out, k);
        if (put(out, &at, end, COORDS, entry[c] % SIDE) < 0 || put(out, &at, end, COORDS, entry[c] / SIDE) < 0)
            return -1;
    }
    return 0;
}

/* the table's tail seen from r: per seat (relative), the tiles it will receive at the end,
 * waiting their turn (state.queue, (seat, tiles) pairs, E3); then Dirk (V1-V7): in play, his
 * points and his tiles per type (all 0 without him) */
static int table_tail(PyObject *state, char *out, Py_ssize_t *at, Py_ssize_t end, Py_ssize_t n,
                      Py_ssize_t r) {
    PyObject *queue = NULL, *dirk = NULL;
    int ok = -1;
    Py_ssize_t base = *at;
    if (base + (n + DIRK) * F > end) {
        PyErr_SetString(PyExc_ValueError, OBS "the state holds more than its layout");
        return -1;
    }
    if (!(queue = seq_attr(state, s_queue))) goto done;
    for (Py_ssize_t i = 0; i < length(queue); i++) {
        PyObject *pair = item(queue, i);
        if (!is_seq(pair) || length(pair) != 2 || !is_seq(item(pair, 1))) {
            PyErr_SetString(PyExc_TypeError, OBS "an end gift must be a (seat, tiles) pair");
            goto done;
        }
        Py_ssize_t p = as_index(item(pair, 0), "an end gift's seat");
        if (p < 0) goto done;
        if (p >= n) {
            PyErr_Format(PyExc_IndexError, OBS "an end gift goes to seat %zd of %zd", p, n);
            goto done;
        }
        Py_ssize_t to = base + ((p - r) % n + n) % n * F;
        if (put(out, &to, end, GIFTS, length(item(pair, 1))) < 0) goto done;
    }
    *at = base + n * F;
    Py_ssize_t with_dirk = int_attr(state, s_with_dirk, 0);
    if (with_dirk == -2) goto done;
    if (with_dirk) {
        Py_ssize_t points = int_attr(state, s_dirk_points, 0);
        if (points == -2 || !(dirk = seq_attr(state, s_dirk))) goto done;
        one(out + *at, 0);
        *at += F;
        if (put(out, at, end, POINTS, points) < 0) goto done;
        Py_ssize_t kinds[TYPES] = {0};
        for (Py_ssize_t i = 0; i < length(dirk); i++) {
            Py_ssize_t t = tile_of(item(dirk, i), "Dirk's tiles");
            if (t < 0) goto done;
            Py_ssize_t k = kind_of(t);
            if (k < 0) goto done;
            kinds[k]++;
        }
        for (int k = 0; k < TYPES; k++)
            if (put(out, at, end, TYPE_COUNTS, kinds[k]) < 0) goto done;
    }
    *at = base + (n + DIRK) * F;
    ok = 0;
done:
    Py_XDECREF(queue);
    Py_XDECREF(dirk);
    return ok;
}

/* the purchase in progress (state.purchase: None, or (slot 0-3, card codes of its currency),
 * M7): one-hot of its slot, then the cards chosen, copies of each value (all 0 without one) */
static int purchase(PyObject *state, char *out, Py_ssize_t *at, Py_ssize_t end) {
    Py_ssize_t base = *at;
    if (base + PURCHASE * F > end) {
        PyErr_SetString(PyExc_ValueError, OBS "the state holds more than its layout");
        return -1;
    }
    PyObject *held_purchase = PyObject_GetAttr(state, s_purchase);
    if (held_purchase == NULL) return -1;
    int ok = -1;
    if (held_purchase != Py_None) {
        if (!PyTuple_Check(held_purchase) || PyTuple_GET_SIZE(held_purchase) != 2 ||
            !is_seq(PyTuple_GET_ITEM(held_purchase, 1))) {
            PyErr_SetString(PyExc_TypeError, OBS "a purchase must be a (slot, cards) tuple");
            goto done;
        }
        Py_ssize_t slot = as_index(PyTuple_GET_ITEM(held_purchase, 0), "a purchase's slot");
        if (slot < 0) goto done;
        if (slot >= MARKET_SLOTS) {
            PyErr_Format(PyExc_IndexError, OBS "a purchase at market slot %zd", slot);
            goto done;
        }
        one(out + base, slot);
        PyObject *cards = PyTuple_GET_ITEM(held_purchase, 1);
        Py_ssize_t counts[VALUES] = {0};
        for (Py_ssize_t i = 0; i < length(cards); i++) {
            Py_ssize_t code = as_index(item(cards, i), "a card of a purchase");
            if (code < 0) goto done;
            if (code >= MONEY_CARDS) {
                PyErr_Format(PyExc_IndexError, OBS "card %zd of a purchase is not a money card", code);
                goto done;
            }
            counts[code % VALUES]++;
        }
        *at = base + MARKET_SLOTS * F;
        for (int v = 0; v < VALUES; v++)
            if (put(out, at, end, COPIES, counts[v]) < 0) goto done;
    }
    *at = base + PURCHASE * F;
    ok = 0;
done:
    Py_DECREF(held_purchase);
    return ok;
}

/* the scoring block: scorings done (one-hot), then per undrawn scoring card, in order, present
 * and the first and last draws it can come at (state.scoring_windows(), scaled as the deck) */
static int scoring(PyObject *state, char *out, Py_ssize_t *at, Py_ssize_t end, Py_ssize_t cards) {
    Py_ssize_t done_ = int_attr(state, s_scorings, 0);
    if (done_ == -2) return -1;
    if (done_ > SCORING_CARDS) {
        PyErr_Format(PyExc_IndexError, OBS "%zd scorings done", done_);
        return -1;
    }
    PyObject *ranges = seq_attr(state, s_scoring_ranges);
    if (ranges == NULL) return -1;
    int ok = -1;
    Py_ssize_t base = *at;
    if (base + SCORING * F > end) {
        PyErr_SetString(PyExc_ValueError, OBS "the state holds more than its layout");
        goto done;
    }
    if (length(ranges) - done_ > SCORING_CARDS) {
        PyErr_SetString(PyExc_ValueError, OBS "more scoring cards than the game has");
        goto done;
    }
    one(out + base, done_);
    *at = base + (SCORING_CARDS + 1) * F;
    for (Py_ssize_t j = 0; done_ + j < length(ranges); j++) {
        PyObject *pair = item(ranges, done_ + j);
        if (!PyTuple_Check(pair) || PyTuple_GET_SIZE(pair) != 2) {
            PyErr_SetString(PyExc_TypeError, OBS "a scoring range must be a (low, high) tuple");
            goto done;
        }
        Py_ssize_t lo = as_index(PyTuple_GET_ITEM(pair, 0), "a scoring range");
        if (lo < 0) goto done;
        Py_ssize_t hi = as_index(PyTuple_GET_ITEM(pair, 1), "a scoring range");
        if (hi < 0) goto done;
        Py_ssize_t top = hi < cards - 1 ? hi : cards - 1;
        Py_ssize_t first = cards - top > 1 ? cards - top : 1, last = cards - lo;
        one(out + *at, 0);
        *at += F;
        if (put(out, at, end, DECK, first) < 0 || put(out, at, end, DECK, last) < 0) goto done;
    }
    *at = base + SCORING * F;
    ok = 0;
done:
    Py_DECREF(ranges);
    return ok;
}

static int fill(PyObject *state, Py_ssize_t n, Py_ssize_t seat, char *out, Py_ssize_t size, int form) {
    /* seat < 0: a spectator (the table's order) */
    Py_ssize_t r = seat < 0 ? 0 : seat;
    Py_ssize_t end = dense_size(n) * F; /* the dense part; the palaces follow */
    int ok = -1;
    PyObject *market = NULL, *display = NULL, *deck = NULL, *discard = NULL, *bag = NULL, *pending = NULL,
             *points = NULL, *hands = NULL, *grids = NULL, *cells = NULL, *reserves = NULL;
    memset(out, 0, size);
    /* the head: phase, current seat, start seat (relative), bonus action */
    if (write_head(state, n, r, out, PHASES, s_phase, s_current_player, s_start, s_bonus) < 0) goto done;
    Py_ssize_t at = (PHASES + 2 * n + 1) * F;
    if (!(market = seq_attr(state, s_market))) goto done;
    if (put_all(out, &at, end, market, MARKET_SLOTS, SLOT, "the market") < 0) goto done;
    /* the display: copies of each money card */
    if (!(display = seq_attr(state, s_display))) goto done;
    Py_ssize_t counts[MONEY_CARDS] = {0};
    for (Py_ssize_t i = 0; i < length(display); i++) {
        Py_ssize_t code = as_index(item(display, i), "a displayed card");
        if (code < 0) goto done;
        if (code >= MONEY_CARDS) {
            PyErr_Format(PyExc_IndexError, OBS "displayed card %zd is not a money card", code);
            goto done;
        }
        counts[code]++;
    }
    for (int code = 0; code < MONEY_CARDS; code++)
        if (put(out, &at, end, COPIES, counts[code]) < 0) goto done;
    if (!(deck = PyObject_GetAttr(state, s_deck))) goto done;
    Py_ssize_t cards = PyObject_Length(deck);
    if (cards < 0 || put(out, &at, end, DECK, cards) < 0) goto done;
    if (!(discard = seq_attr(state, s_discard))) goto done;
    if (money(out, &at, end, discard, 0, "the discard pile") < 0) goto done;
    if (!(bag = seq_attr(state, s_bag))) goto done;
    if (tile_ones(out, &at, end, bag, "the bag", NULL) < 0) goto done;
    if (scoring(state, out, &at, end, cards) < 0) goto done;
    if (!(pending = seq_attr(state, s_pending))) goto done;
    if (tile_ones(out, &at, end, pending, "the bought list", NULL) < 0) goto done;
    if (table_tail(state, out, &at, end, n, r) < 0) goto done;
    if (purchase(state, out, &at, end) < 0) goto done;
    /* the seats, from the observer on */
    if (!(points = seq_attr(state, s_points)) || !(hands = seq_attr(state, s_hands)) ||
        !(grids = seq_attr(state, s_grids)) || !(cells = seq_attr(state, s_cells)) ||
        !(reserves = seq_attr(state, s_reserves)))
        goto done;
    if (length(points) != n || length(hands) != n || length(grids) != n || length(cells) != n ||
        length(reserves) != n) {
        PyErr_SetString(PyExc_ValueError, OBS "a per-seat field does not hold one entry per seat");
        goto done;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        Py_ssize_t p = (r + i) % n;
        Py_ssize_t v = as_index(item(points, p), "points");
        if (v < 0 || put(out, &at, end, POINTS, v) < 0) goto done;
        if (money(out, &at, end, item(hands, p), 1, "a hand") < 0) goto done;
        PyObject *grid = item(grids, p), *occupied = item(cells, p);
        if (!PyBytes_Check(grid) || PyBytes_GET_SIZE(grid) != GRID) {
            PyErr_Format(PyExc_TypeError, OBS "a grid must be bytes of %d cells", GRID);
            goto done;
        }
        if (!is_seq(occupied)) {
            PyErr_SetString(PyExc_TypeError, OBS "a seat's cells must be a list or tuple");
            goto done;
        }
        if (buildings(out, &at, end, (const unsigned char *)PyBytes_AS_STRING(grid), occupied) < 0)
            goto done;
        Py_ssize_t kinds[TYPES] = {0};
        if (tile_ones(out, &at, end, item(reserves, p), "a reserve", kinds) < 0) goto done;
        for (int k = 0; k < TYPES; k++)
            if (put(out, &at, end, TYPE_COUNTS, kinds[k]) < 0) goto done;
    }
    if (at != end) {
        PyErr_Format(PyExc_ValueError, OBS "%zd bytes written, %zd expected", at, end);
        goto done;
    }
    Py_ssize_t block = form == FORM_PLANES ? PALACE : TILES_BLOCK;
    if (end + n * block * F != size) {
        PyErr_SetString(PyExc_ValueError, OBS "the palaces do not fit the vector");
        goto done;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        Py_ssize_t p = (r + i) % n;
        const unsigned char *grid = (const unsigned char *)PyBytes_AS_STRING(item(grids, p));
        char *to = out + end + i * block * F;
        if ((form == FORM_PLANES ? palace(to, grid, item(cells, p)) : palace_tiles(to, grid, item(cells, p))) < 0)
            goto done;
    }
    ok = 0;
done:
    Py_XDECREF(market);
    Py_XDECREF(display);
    Py_XDECREF(deck);
    Py_XDECREF(discard);
    Py_XDECREF(bag);
    Py_XDECREF(pending);
    Py_XDECREF(points);
    Py_XDECREF(hands);
    Py_XDECREF(grids);
    Py_XDECREF(cells);
    Py_XDECREF(reserves);
    return ok;
}

static int ready(void) {
    if (held == NULL) {
        PyErr_SetString(PyExc_RuntimeError, OBS "setup() was not called");
        return -1;
    }
    return 0;
}

static Py_ssize_t planes_bytes(Py_ssize_t n) { return (dense_size(n) + n * PALACE) * F; }
static Py_ssize_t tiles_bytes(Py_ssize_t n) { return (dense_size(n) + n * TILES_BLOCK) * F; }

static int fill_planes(PyObject *state, Py_ssize_t n, Py_ssize_t seat, char *out, Py_ssize_t size) {
    return fill(state, n, seat, out, size, FORM_PLANES);
}

static int fill_tiles(PyObject *state, Py_ssize_t n, Py_ssize_t seat, char *out, Py_ssize_t size) {
    return fill(state, n, seat, out, size, FORM_TILES);
}

static PyObject *encode_planes(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (ready() < 0) return NULL;
    return encode_call(args, nargs, s_players, 2, MOST_PLAYERS, planes_bytes, fill_planes);
}

static PyObject *encode_tiles(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (ready() < 0) return NULL;
    return encode_call(args, nargs, s_players, 2, MOST_PLAYERS, tiles_bytes, fill_tiles);
}

static PyObject *longest_wall_py(PyObject *self, PyObject *args) {
    PyObject *grid, *cells;
    if (!PyArg_ParseTuple(args, "OO:longest_wall", &grid, &cells)) return NULL;
    if (ready() < 0) return NULL;
    if (!PyBytes_Check(grid) || PyBytes_GET_SIZE(grid) != GRID) {
        PyErr_Format(PyExc_TypeError, OBS "a grid must be bytes of %d cells", GRID);
        return NULL;
    }
    if (!is_seq(cells)) {
        PyErr_SetString(PyExc_TypeError, OBS "cells must be a list or tuple");
        return NULL;
    }
    Py_ssize_t wall = longest_wall((const unsigned char *)PyBytes_AS_STRING(grid), cells);
    if (wall < 0) return NULL;
    return PyLong_FromSsize_t(wall);
}

static PyObject *setup(PyObject *self, PyObject *given) {
    if (!PyDict_Check(given)) {
        PyErr_SetString(PyExc_TypeError, "setup takes a dict of name -> bytes");
        return NULL;
    }
    PyObject *copy = PyDict_Copy(given); /* later changes to the caller's dict cannot pull a table away */
    if (copy == NULL) return NULL;
    Table loaded[TABLES];
    Ints loaded_ints[INTS];
    memcpy(loaded, tables, sizeof tables);
    memcpy(loaded_ints, ints, sizeof ints);
    if (load_tables(copy, loaded, TABLES) < 0) goto fail;
    for (int k = 0; k < INTS; k++) {
        PyObject *b = PyDict_GetItemString(copy, loaded_ints[k].name);
        if (b == NULL || !PyBytes_Check(b)) {
            PyErr_Format(PyExc_ValueError, "setup: table %s (bytes) is missing", loaded_ints[k].name);
            goto fail;
        }
        if (PyBytes_GET_SIZE(b) != loaded_ints[k].count * (Py_ssize_t)sizeof(int32_t)) {
            PyErr_Format(PyExc_ValueError, "setup: table %s must hold %zd int32", loaded_ints[k].name,
                         loaded_ints[k].count);
            goto fail;
        }
        loaded_ints[k].data = (const int32_t *)PyBytes_AS_STRING(b);
    }
    /* the integer tables, checked once so that encode's reads stay inside the vector */
    const int32_t *sizes = loaded_ints[SIZES].data;
    for (Py_ssize_t n = 2; n <= MOST_PLAYERS; n++) {
        if (sizes[3 * n] != dense_size(n) || sizes[3 * n + 1] != dense_size(n) + n * PALACE ||
            sizes[3 * n + 2] != dense_size(n) + n * TILES_BLOCK) {
            PyErr_Format(PyExc_ValueError, "setup: the layout for %zd players is not this module's", n);
            goto fail;
        }
    }
    for (Py_ssize_t t = 0; t <= NUM_TILES; t++) {
        int32_t k = loaded_ints[KIND].data[t];
        if (k < -1 || k >= TYPES) {
            PyErr_Format(PyExc_ValueError, "setup: tile %zd has type %d", t, k);
            goto fail;
        }
    }
    for (Py_ssize_t c = 0; c < GRID * SIDES; c++) {
        const int32_t *s = loaded_ints[SECTIONS].data + 3 * c;
        if (s[1] < 0 || s[1] >= CORNERS || s[2] < 0 || s[2] >= CORNERS) {
            PyErr_SetString(PyExc_ValueError, "setup: a wall section's corner is outside the lattice");
            goto fail;
        }
    }
    Py_XSETREF(held, copy);
    memcpy(tables, loaded, sizeof tables);
    memcpy(ints, loaded_ints, sizeof ints);
    Py_RETURN_NONE;
fail:
    Py_DECREF(copy);
    return NULL;
}

static PyMethodDef methods[] = {
    {"encode_tiles", (PyCFunction)(void (*)(void))encode_tiles, METH_FASTCALL,
     "encode_tiles(state, seat, out=None): the observation's float32 bytes, palaces as tile positions"},
    {"encode_planes", (PyCFunction)(void (*)(void))encode_planes, METH_FASTCALL,
     "encode_planes(state, seat, out=None): the observation's float32 bytes, palaces as planes"},
    {"longest_wall", longest_wall_py, METH_VARARGS, "longest_wall(grid, cells): palace.longest_wall, compiled"},
    {"setup", setup, METH_O, "setup(tables): the constant byte tables of encode.py"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_cencode", "Alhambra's observation, compiled.", -1,
                                    methods};

PyMODINIT_FUNC PyInit__cencode(void) {
    INTERN(players);
    INTERN(phase);
    INTERN(current_player);
    INTERN(start);
    INTERN(bonus);
    INTERN(market);
    INTERN(display);
    INTERN(deck);
    INTERN(discard);
    INTERN(bag);
    INTERN(pending);
    INTERN(points);
    INTERN(hands);
    INTERN(grids);
    INTERN(cells);
    INTERN(reserves);
    INTERN(scorings);
    INTERN(scoring_ranges);
    INTERN(queue);
    INTERN(with_dirk);
    INTERN(dirk);
    INTERN(dirk_points);
    INTERN(purchase);
    return PyModule_Create(&module);
}
