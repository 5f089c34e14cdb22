/* Alhambra's hot rules, compiled: two pure functions, each a port, loop for loop, of its
 * definition in Python, giving the very same result (in the same order):
 *
 * - placing_actions(pending, order, sig, with_dirk) and redesign_actions(reserve, order, sig,
 *   free, grid, cells): tile_moves.py's P9 and R1-R3, after setup_tile_moves(place_by_tile,
 *   reserve_by_tile, swap_by_tiles, dirk_by_tile, allowed, tile_bit, origin) handed them the
 *   tables they read (the actions by tile and cell, by tile, by new and old tile, by tile;
 *   each signature's allowed wall masks; each tile's wall-mask bit; the fountain's cell);
 * - cut_cells(grid): palace.py's cut vertices of the walking graph (rule C) with their piece
 *   counts, after setup_cut_cells(open_steps, origin) (each grid value's open sides as steps);
 * - judge(front, order, grid, sig, cells): palace.py's _judge, the frontier map and its order
 *   brought up to date in place around a change, after setup_judge(allowed, ring_ok, rings)
 *   (each signature's allowed wall masks, each ring pattern's verdict, the ring patterns'
 *   offset in the signature array);
 * - move_signatures(sig, cell, old, new): palace.py's, a cell's change written into the
 *   signature array in place, after setup_signatures(north, east, south, west, sides,
 *   flips_at) (each grid value's share of a neighbour's signature from each side; each
 *   cell's four neighbours and the eight ring-pattern positions its tile is a bit of).
 *
 * Optional: setup.py builds it where a C compiler is found; where it is missing (or
 * EUROGAMES_PURE_PYTHON=1) the rules call the definitions. tests/alhambra/test_compiled_rules.py
 * holds each equal to its definition at every decision of many random games.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

#define MOST_SIGNATURES 256 /* a signature is one byte of the geometry's array */
#define MOST_TILES 256      /* a tile is one byte of a grid */

static PyObject *place_by_tile;   /* tuple: tile -> tuple: cell -> action */
static PyObject *reserve_by_tile; /* tuple: tile -> action */
static PyObject *swap_by_tiles;   /* tuple: new tile -> tuple: old tile -> action */
static PyObject *dirk_by_tile;    /* tuple: tile -> action */
static uint32_t allowed[MOST_SIGNATURES];
static Py_ssize_t signatures;
static uint32_t tile_bit[MOST_TILES];
static Py_ssize_t tiles;
static long origin = -1;

/* The ints of a tuple or list into a C array (at most `most`), each in [0, bound). */
static Py_ssize_t read_ints(PyObject *seq, const char *what, long *into, Py_ssize_t most, long bound) {
    if (!PyTuple_Check(seq) && !PyList_Check(seq)) {
        PyErr_Format(PyExc_TypeError, "%s must be a tuple or a list, not %.100s", what, Py_TYPE(seq)->tp_name);
        return -1;
    }
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    if (n > most) {
        PyErr_Format(PyExc_ValueError, "%s holds %zd items, more than %zd", what, n, most);
        return -1;
    }
    PyObject **items = PySequence_Fast_ITEMS(seq);
    for (Py_ssize_t i = 0; i < n; i++) {
        long v = PyLong_AsLong(items[i]);
        if (v == -1 && PyErr_Occurred()) return -1;
        if (v < 0 || v >= bound) {
            PyErr_Format(PyExc_ValueError, "%s: %ld is out of range", what, v);
            return -1;
        }
        into[i] = v;
    }
    return n;
}

/* The bytes of a bytes or bytearray object, and their number. */
static const unsigned char *read_bytes(PyObject *obj, const char *what, Py_ssize_t *n) {
    if (PyBytes_Check(obj)) {
        *n = PyBytes_GET_SIZE(obj);
        return (const unsigned char *)PyBytes_AS_STRING(obj);
    }
    if (PyByteArray_Check(obj)) {
        *n = PyByteArray_GET_SIZE(obj);
        return (const unsigned char *)PyByteArray_AS_STRING(obj);
    }
    PyErr_Format(PyExc_TypeError, "%s must be bytes or a bytearray, not %.100s", what, Py_TYPE(obj)->tp_name);
    return NULL;
}

/* table[i][j] of a tuple of tuples, a borrowed reference (an IndexError where missing). */
static PyObject *entry2(PyObject *table, long i, long j) {
    if (i >= PyTuple_GET_SIZE(table)) {
        PyErr_SetString(PyExc_IndexError, "no such tile in the action table");
        return NULL;
    }
    PyObject *row = PyTuple_GET_ITEM(table, i);
    if (!PyTuple_Check(row) || j >= PyTuple_GET_SIZE(row)) {
        PyErr_SetString(PyExc_IndexError, "no such cell or tile in the action table");
        return NULL;
    }
    return PyTuple_GET_ITEM(row, j);
}

static int append(PyObject *out, PyObject *action) {
    if (action == Py_None) {
        PyErr_SetString(PyExc_ValueError, "no action for this tile and cell");
        return -1;
    }
    return PyList_Append(out, action);
}

/* R1's loop for one tile: where it fits on the frontier, in cell order. */
static int place_tile(PyObject *out, long tile, const long *order, Py_ssize_t n_order, const unsigned char *sig) {
    uint32_t bit = tile_bit[tile];
    for (Py_ssize_t i = 0; i < n_order; i++) {
        long c = order[i];
        if (sig[c] < signatures && allowed[sig[c]] & bit) {
            PyObject *action = entry2(place_by_tile, tile, c);
            if (action == NULL || append(out, action) < 0) return -1;
        }
    }
    return 0;
}

#define MOST_ITEMS 1024 /* a reserve, a frontier, an Alhambra: far fewer in any game */

static PyObject *redesign_actions(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 6) {
        PyErr_SetString(PyExc_TypeError, "redesign_actions(reserve, order, sig, free, grid, cells)");
        return NULL;
    }
    if (place_by_tile == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "_crules.setup_tile_moves() was not called");
        return NULL;
    }
    long reserve[MOST_ITEMS], order[MOST_ITEMS], free_cells[MOST_ITEMS], cells[MOST_ITEMS];
    Py_ssize_t n_sig, n_grid;
    const unsigned char *sig = read_bytes(args[2], "sig", &n_sig);
    if (sig == NULL) return NULL;
    const unsigned char *grid = read_bytes(args[4], "grid", &n_grid);
    if (grid == NULL) return NULL;
    Py_ssize_t n_reserve = read_ints(args[0], "reserve", reserve, MOST_ITEMS, tiles);
    if (n_reserve < 0) return NULL;
    Py_ssize_t n_order = read_ints(args[1], "order", order, MOST_ITEMS, n_sig < n_grid ? n_sig : n_grid);
    if (n_order < 0) return NULL;
    Py_ssize_t n_free = read_ints(args[3], "free", free_cells, MOST_ITEMS, n_grid);
    if (n_free < 0) return NULL;
    Py_ssize_t n_cells = read_ints(args[5], "cells", cells, MOST_ITEMS, n_sig < n_grid ? n_sig : n_grid);
    if (n_cells < 0) return NULL;
    PyObject *out = PyList_New(0);
    if (out == NULL) return NULL;
    for (Py_ssize_t t = 0; t < n_reserve; t++) /* R1: reserve -> Alhambra */
        if (place_tile(out, reserve[t], order, n_order, sig) < 0) goto fail;
    for (Py_ssize_t i = 0; i < n_free; i++) { /* R2 (P6): Alhambra -> reserve */
        long tile = grid[free_cells[i]];
        if (tile >= PyTuple_GET_SIZE(reserve_by_tile)) {
            PyErr_SetString(PyExc_IndexError, "no such tile in the action table");
            goto fail;
        }
        if (append(out, PyTuple_GET_ITEM(reserve_by_tile, tile)) < 0) goto fail;
    }
    if (n_reserve == 0) return out;
    uint32_t masks = 0;
    for (Py_ssize_t t = 0; t < n_reserve; t++) masks |= tile_bit[reserve[t]];
    for (Py_ssize_t i = 0; i < n_cells; i++) { /* R3 (P7), cell by cell */
        long c = cells[i];
        uint32_t here = sig[c] < signatures ? allowed[sig[c]] : 0;
        if ((here & masks) && c != origin) {
            long old = grid[c];
            for (Py_ssize_t t = 0; t < n_reserve; t++) {
                long tile = reserve[t];
                if (here & tile_bit[tile]) {
                    PyObject *action = entry2(swap_by_tiles, tile, old);
                    if (action == NULL || append(out, action) < 0) goto fail;
                }
            }
        }
    }
    return out;
fail:
    Py_DECREF(out);
    return NULL;
}


static PyObject *placing_actions(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 4) {
        PyErr_SetString(PyExc_TypeError, "placing_actions(pending, order, sig, with_dirk)");
        return NULL;
    }
    if (place_by_tile == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "_crules.setup_tile_moves() was not called");
        return NULL;
    }
    long pending[MOST_ITEMS], order[MOST_ITEMS];
    Py_ssize_t n_sig;
    const unsigned char *sig = read_bytes(args[2], "sig", &n_sig);
    if (sig == NULL) return NULL;
    Py_ssize_t n_pending = read_ints(args[0], "pending", pending, MOST_ITEMS, tiles);
    if (n_pending < 0) return NULL;
    Py_ssize_t n_order = read_ints(args[1], "order", order, MOST_ITEMS, n_sig);
    if (n_order < 0) return NULL;
    int with_dirk = PyObject_IsTrue(args[3]);
    if (with_dirk < 0) return NULL;
    PyObject *out = PyList_New(0);
    if (out == NULL) return NULL;
    for (Py_ssize_t t = 0; t < n_pending; t++) {
        long tile = pending[t];
        if (place_tile(out, tile, order, n_order, sig) < 0 ||
            append(out, PyTuple_GET_ITEM(reserve_by_tile, tile)) < 0 ||
            (with_dirk && append(out, PyTuple_GET_ITEM(dirk_by_tile, tile)) < 0)) {
            Py_DECREF(out);
            return NULL;
        }
    }
    return out;
}

/* A tuple of ints into a uint32 table; its length. */
static Py_ssize_t read_table(PyObject *seq, const char *what, uint32_t *into, Py_ssize_t most) {
    if (!PyTuple_Check(seq)) {
        PyErr_Format(PyExc_TypeError, "%s must be a tuple", what);
        return -1;
    }
    Py_ssize_t n = PyTuple_GET_SIZE(seq);
    if (n > most) {
        PyErr_Format(PyExc_ValueError, "%s holds more than %zd entries", what, most);
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        unsigned long v = PyLong_AsUnsignedLong(PyTuple_GET_ITEM(seq, i));
        if (v == (unsigned long)-1 && PyErr_Occurred()) return -1;
        if (v > UINT32_MAX) {
            PyErr_Format(PyExc_ValueError, "%s: an entry beyond 32 bits", what);
            return -1;
        }
        into[i] = (uint32_t)v;
    }
    return n;
}

static PyObject *setup_tile_moves(PyObject *self, PyObject *args) {
    PyObject *place, *reserve, *swap, *dirk, *allowed_table, *bits;
    long fountain;
    if (!PyArg_ParseTuple(args, "O!O!O!O!O!O!l", &PyTuple_Type, &place, &PyTuple_Type, &reserve,
                          &PyTuple_Type, &swap, &PyTuple_Type, &dirk, &PyTuple_Type, &allowed_table,
                          &PyTuple_Type, &bits, &fountain))
        return NULL;
    Py_ssize_t n_allowed = read_table(allowed_table, "allowed", allowed, MOST_SIGNATURES);
    if (n_allowed < 0) return NULL;
    Py_ssize_t n_bits = read_table(bits, "tile_bit", tile_bit, MOST_TILES);
    if (n_bits < 0) return NULL;
    if (PyTuple_GET_SIZE(place) < n_bits || PyTuple_GET_SIZE(reserve) < n_bits || PyTuple_GET_SIZE(swap) < n_bits ||
        PyTuple_GET_SIZE(dirk) < n_bits) {
        PyErr_SetString(PyExc_ValueError, "an action table holds fewer tiles than tile_bit");
        return NULL;
    }
    Py_INCREF(place);
    Py_INCREF(reserve);
    Py_INCREF(swap);
    Py_INCREF(dirk);
    Py_XSETREF(dirk_by_tile, dirk);
    Py_XSETREF(place_by_tile, place);
    Py_XSETREF(reserve_by_tile, reserve);
    Py_XSETREF(swap_by_tiles, swap);
    signatures = n_allowed;
    tiles = n_bits;
    origin = fountain;
    Py_RETURN_NONE;
}


/* -- cut_cells --------------------------------------------------------------------------- */
#define MOST_CELLS 4096 /* a grid's cells, its margin included (27 x 27 in the game) */
static int open_steps[MOST_TILES][4]; /* per grid value: the steps to its open sides */
static int open_count[MOST_TILES];
static long cut_origin = -1;
static int cut_ready;

static PyObject *cut_cells(PyObject *self, PyObject *arg) {
    if (!cut_ready) {
        PyErr_SetString(PyExc_RuntimeError, "_crules.setup_cut_cells() was not called");
        return NULL;
    }
    Py_ssize_t n_grid;
    const unsigned char *grid = read_bytes(arg, "grid", &n_grid);
    if (grid == NULL) return NULL;
    if (n_grid > MOST_CELLS || cut_origin >= n_grid) {
        PyErr_SetString(PyExc_ValueError, "a grid of another size than the game's");
        return NULL;
    }
    /* Hopcroft-Tarjan from the fountain, the recursion of the definition unrolled on a stack:
     * the same numbering (pre-order), the same pieces, first counted in the same order */
    static long index[MOST_CELLS], cell[MOST_CELLS], parent[MOST_CELLS], low[MOST_CELLS];
    static int next[MOST_CELLS], pieces[MOST_CELLS];
    static long found[MOST_CELLS]; /* the cut cells in the order the definition adds them */
    for (Py_ssize_t c = 0; c < n_grid; c++) index[c] = -1, pieces[c] = 0;
    long numbered = 1, n_found = 0;
    Py_ssize_t top = 0;
    index[cut_origin] = 0;
    cell[0] = cut_origin, parent[0] = -1, low[0] = 0, next[0] = 0;
    while (top >= 0) {
        long c = cell[top];
        int v = grid[c];
        if (next[top] < open_count[v]) {
            long n = c + open_steps[v][next[top]++];
            if (n < 0 || n >= n_grid) {
                PyErr_SetString(PyExc_ValueError, "a tile on the grid's edge");
                return NULL;
            }
            if (n == parent[top] || !grid[n]) continue;
            if (index[n] < 0) {
                index[n] = numbered++;
                top++;
                cell[top] = n, parent[top] = c, low[top] = index[n], next[top] = 0;
            } else if (index[n] < low[top]) {
                low[top] = index[n];
            }
            continue;
        }
        long below = low[top--]; /* c is done: back to its parent with the lowest reached */
        if (top < 0) break;
        if (below < low[top]) low[top] = below;
        long up = cell[top];
        if (below >= index[up]) { /* nothing below c reaches above its parent without it */
            if (pieces[up] == 0) {
                pieces[up] = 1;
                found[n_found++] = up;
            }
            pieces[up]++;
        }
    }
    PyObject *out = PyDict_New();
    if (out == NULL) return NULL;
    for (long i = 0; i < n_found; i++) {
        if (found[i] == cut_origin) continue;
        PyObject *key = PyLong_FromLong(found[i]), *count = PyLong_FromLong(pieces[found[i]]);
        if (key == NULL || count == NULL || PyDict_SetItem(out, key, count) < 0) {
            Py_XDECREF(key);
            Py_XDECREF(count);
            Py_DECREF(out);
            return NULL;
        }
        Py_DECREF(key);
        Py_DECREF(count);
    }
    return out;
}

static PyObject *setup_cut_cells(PyObject *self, PyObject *args) {
    PyObject *steps;
    long fountain;
    if (!PyArg_ParseTuple(args, "O!l", &PyTuple_Type, &steps, &fountain)) return NULL;
    if (PyTuple_GET_SIZE(steps) > MOST_TILES || fountain < 0 || fountain >= MOST_CELLS) {
        PyErr_SetString(PyExc_ValueError, "open_steps or the fountain's cell out of range");
        return NULL;
    }
    for (Py_ssize_t v = 0; v < PyTuple_GET_SIZE(steps); v++) {
        PyObject *row = PyTuple_GET_ITEM(steps, v);
        if (!PyTuple_Check(row) || PyTuple_GET_SIZE(row) > 4) {
            PyErr_SetString(PyExc_ValueError, "open_steps: a tuple of at most 4 steps per value");
            return NULL;
        }
        for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(row); i++) {
            long step = PyLong_AsLong(PyTuple_GET_ITEM(row, i));
            if (step == -1 && PyErr_Occurred()) return NULL;
            open_steps[v][i] = (int)step;
        }
        open_count[v] = (int)PyTuple_GET_SIZE(row);
    }
    cut_origin = fountain;
    cut_ready = 1;
    Py_RETURN_NONE;
}

/* -- judge ------------------------------------------------------------------------------- */
static uint32_t judge_allowed[MOST_SIGNATURES];
static Py_ssize_t judge_signatures;
static unsigned char ring_ok[256];
static Py_ssize_t rings = -1;

/* Where n goes in the sorted list of ints `order` (bisect's insort: after equal ones). */
static Py_ssize_t sorted_place(PyObject *order, long n) {
    Py_ssize_t lo = 0, hi = PyList_GET_SIZE(order);
    while (lo < hi) {
        Py_ssize_t mid = (lo + hi) / 2;
        long v = PyLong_AsLong(PyList_GET_ITEM(order, mid));
        if (v == -1 && PyErr_Occurred()) return -1;
        if (n < v) hi = mid;
        else lo = mid + 1;
    }
    return lo;
}

/* order.remove(n): the first item equal to n goes (a ValueError where none is). */
static int remove_int(PyObject *order, long n) {
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(order); i++) {
        long v = PyLong_AsLong(PyList_GET_ITEM(order, i));
        if (v == -1 && PyErr_Occurred()) return -1;
        if (v == n) return PyList_SetSlice(order, i, i + 1, NULL);
    }
    PyErr_SetString(PyExc_ValueError, "a frontier cell missing from its order");
    return -1;
}

static PyObject *judge(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 5) {
        PyErr_SetString(PyExc_TypeError, "judge(front, order, grid, sig, cells)");
        return NULL;
    }
    if (rings < 0) {
        PyErr_SetString(PyExc_RuntimeError, "_crules.setup_judge() was not called");
        return NULL;
    }
    PyObject *front = args[0], *order = args[1];
    if (!PyDict_Check(front) || !PyList_Check(order)) {
        PyErr_SetString(PyExc_TypeError, "judge: front must be a dict and order a list");
        return NULL;
    }
    Py_ssize_t n_grid, n_sig;
    const unsigned char *grid = read_bytes(args[2], "grid", &n_grid);
    if (grid == NULL) return NULL;
    const unsigned char *sig = read_bytes(args[3], "sig", &n_sig);
    if (sig == NULL) return NULL;
    long cells[MOST_ITEMS];
    long bound = n_grid < n_sig - rings ? n_grid : n_sig - rings;
    Py_ssize_t n_cells = read_ints(args[4], "cells", cells, MOST_ITEMS, bound > 0 ? bound : 0);
    if (n_cells < 0) return NULL;
    for (Py_ssize_t i = 0; i < n_cells; i++) {
        long n = cells[i];
        if (grid[n]) continue;
        uint32_t here = sig[n] < judge_signatures ? judge_allowed[sig[n]] : 0;
        PyObject *key = PyLong_FromLong(n);
        if (key == NULL) return NULL;
        int known = PyDict_Contains(front, key);
        int failed = known < 0;
        if (!failed && here && ring_ok[sig[rings + n]]) {
            if (!known) {
                Py_ssize_t at = sorted_place(order, n);
                failed = at < 0 || PyList_Insert(order, at, key) < 0;
            }
            if (!failed) {
                PyObject *value = PyLong_FromUnsignedLong(here);
                failed = value == NULL || PyDict_SetItem(front, key, value) < 0;
                Py_XDECREF(value);
            }
        } else if (!failed && known) {
            failed = PyDict_DelItem(front, key) < 0 || remove_int(order, n) < 0;
        }
        Py_DECREF(key);
        if (failed) return NULL;
    }
    Py_RETURN_NONE;
}

static PyObject *setup_judge(PyObject *self, PyObject *args) {
    PyObject *allowed_table, *verdicts;
    Py_ssize_t offset;
    if (!PyArg_ParseTuple(args, "O!O!n", &PyTuple_Type, &allowed_table, &PyTuple_Type, &verdicts, &offset))
        return NULL;
    Py_ssize_t n_allowed = read_table(allowed_table, "allowed", judge_allowed, MOST_SIGNATURES);
    if (n_allowed < 0) return NULL;
    if (PyTuple_GET_SIZE(verdicts) != 256 || offset < 0) {
        PyErr_SetString(PyExc_ValueError, "ring_ok must hold 256 verdicts, rings be an offset");
        return NULL;
    }
    for (Py_ssize_t i = 0; i < 256; i++) {
        int ok = PyObject_IsTrue(PyTuple_GET_ITEM(verdicts, i));
        if (ok < 0) return NULL;
        ring_ok[i] = (unsigned char)ok;
    }
    judge_signatures = n_allowed;
    rings = offset;
    Py_RETURN_NONE;
}

/* -- move_signatures ---------------------------------------------------------------------- */
static int share[4][MOST_TILES]; /* SIGNATURE_SOUTH, _WEST, _NORTH, _EAST: a tile's share in
                                  * its north, east, south and west neighbour's signature */
static long sides_at[MOST_CELLS][4], flips_at[MOST_CELLS][8];
static unsigned char has_flips[MOST_CELLS];
static Py_ssize_t sig_cells = -1;

static PyObject *move_signatures(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 4) {
        PyErr_SetString(PyExc_TypeError, "move_signatures(sig, cell, old, new)");
        return NULL;
    }
    if (sig_cells < 0) {
        PyErr_SetString(PyExc_RuntimeError, "_crules.setup_signatures() was not called");
        return NULL;
    }
    if (!PyByteArray_Check(args[0])) {
        PyErr_SetString(PyExc_TypeError, "sig must be a bytearray");
        return NULL;
    }
    long cell = PyLong_AsLong(args[1]), old = PyLong_AsLong(args[2]), new = PyLong_AsLong(args[3]);
    if (PyErr_Occurred()) return NULL;
    if (cell < 0 || cell >= sig_cells || old < 0 || old >= MOST_TILES || new < 0 || new >= MOST_TILES) {
        PyErr_SetString(PyExc_ValueError, "move_signatures: a cell or grid value out of range");
        return NULL;
    }
    Py_ssize_t n = PyByteArray_GET_SIZE(args[0]);
    unsigned char *sig = (unsigned char *)PyByteArray_AS_STRING(args[0]);
    int flips = !old || !new;
    if (flips && !has_flips[cell]) {
        PyErr_SetString(PyExc_ValueError, "move_signatures: a cell outside the playable square");
        return NULL;
    }
    int after[4];
    for (int i = 0; i < 4; i++) { /* checked before any byte is written */
        long at = sides_at[cell][i];
        if (at < 0 || at >= n) goto outside;
        after[i] = sig[at] + share[i][new] - share[i][old];
        if (after[i] < 0 || after[i] > 255) {
            PyErr_SetString(PyExc_ValueError, "byte must be in range(0, 256)");
            return NULL;
        }
    }
    if (flips)
        for (int i = 0; i < 8; i++)
            if (flips_at[cell][i] < 0 || flips_at[cell][i] >= n) goto outside;
    for (int i = 0; i < 4; i++) sig[sides_at[cell][i]] = (unsigned char)after[i];
    if (flips)
        for (int i = 0; i < 8; i++) sig[flips_at[cell][i]] ^= (unsigned char)(1 << i);
    Py_RETURN_NONE;
outside:
    PyErr_SetString(PyExc_IndexError, "bytearray index out of range");
    return NULL;
}

/* A tuple of per-cell tuples of `width` ints (or empty ones) into a C table. */
static int read_per_cell(PyObject *table, const char *what, long *into, int width, unsigned char *filled) {
    if (!PyTuple_Check(table) || PyTuple_GET_SIZE(table) > MOST_CELLS) {
        PyErr_Format(PyExc_ValueError, "%s must be a tuple of at most %d cells", what, MOST_CELLS);
        return -1;
    }
    for (Py_ssize_t c = 0; c < PyTuple_GET_SIZE(table); c++) {
        PyObject *row = PyTuple_GET_ITEM(table, c);
        Py_ssize_t k = PyTuple_Check(row) ? PyTuple_GET_SIZE(row) : -1;
        if (k != width && k != 0) {
            PyErr_Format(PyExc_ValueError, "%s: %d positions or none per cell", what, width);
            return -1;
        }
        if (filled != NULL) filled[c] = k == width;
        for (int i = 0; i < width; i++) {
            long v = k ? PyLong_AsLong(PyTuple_GET_ITEM(row, i)) : -1;
            if (v == -1 && PyErr_Occurred()) return -1;
            into[c * width + i] = v;
        }
    }
    return 0;
}

static PyObject *setup_signatures(PyObject *self, PyObject *args) {
    PyObject *tables[4], *sides, *flips;
    if (!PyArg_ParseTuple(args, "O!O!O!O!O!O!", &PyTuple_Type, &tables[0], &PyTuple_Type, &tables[1],
                          &PyTuple_Type, &tables[2], &PyTuple_Type, &tables[3], &PyTuple_Type, &sides,
                          &PyTuple_Type, &flips))
        return NULL;
    /* the shares a tile on c gives: its north neighbour the north table's south-facing
     * share (SIGNATURE_SOUTH), ... in SIDES' order N, E, S, W */
    PyObject *order[4] = {tables[2], tables[3], tables[0], tables[1]};
    for (int i = 0; i < 4; i++) {
        uint32_t values[MOST_TILES];
        if (PyTuple_GET_SIZE(order[i]) != MOST_TILES) {
            PyErr_SetString(PyExc_ValueError, "a signature table holds 256 shares");
            return NULL;
        }
        if (read_table(order[i], "signature", values, MOST_TILES) < 0) return NULL;
        for (int v = 0; v < MOST_TILES; v++) share[i][v] = (int)values[v];
    }
    if (PyTuple_GET_SIZE(sides) != PyTuple_GET_SIZE(flips)) {
        PyErr_SetString(PyExc_ValueError, "sides and flips_at must cover the same cells");
        return NULL;
    }
    if (read_per_cell(sides, "sides", &sides_at[0][0], 4, NULL) < 0 ||
        read_per_cell(flips, "flips_at", &flips_at[0][0], 8, has_flips) < 0)
        return NULL;
    sig_cells = PyTuple_GET_SIZE(sides);
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"redesign_actions", (PyCFunction)(void (*)(void))redesign_actions, METH_FASTCALL,
     "redesign_actions(reserve, order, sig, free, grid, cells): R1-R3, as tile_moves.py's definition"},
    {"placing_actions", (PyCFunction)(void (*)(void))placing_actions, METH_FASTCALL,
     "placing_actions(pending, order, sig, with_dirk): P9, as tile_moves.py's definition"},
    {"setup_tile_moves", setup_tile_moves, METH_VARARGS,
     "setup_tile_moves(place_by_tile, reserve_by_tile, swap_by_tiles, dirk_by_tile, allowed, tile_bit, origin)"},
    {"cut_cells", cut_cells, METH_O, "cut_cells(grid): palace.py's cut_cells, the cut vertices with their pieces"},
    {"setup_cut_cells", setup_cut_cells, METH_VARARGS, "setup_cut_cells(open_steps, origin)"},
    {"judge", (PyCFunction)(void (*)(void))judge, METH_FASTCALL,
     "judge(front, order, grid, sig, cells): palace.py's _judge, in place"},
    {"setup_judge", setup_judge, METH_VARARGS, "setup_judge(allowed, ring_ok, rings)"},
    {"move_signatures", (PyCFunction)(void (*)(void))move_signatures, METH_FASTCALL,
     "move_signatures(sig, cell, old, new): palace.py's, in place"},
    {"setup_signatures", setup_signatures, METH_VARARGS,
     "setup_signatures(north, east, south, west, sides, flips_at)"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_crules", "Alhambra's hot rules, compiled.", -1, methods};

PyMODINIT_FUNC PyInit__crules(void) { return PyModule_Create(&module); }
