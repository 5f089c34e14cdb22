/* The seeded generator of core/rng.py (SplitMix64, Lemire's bounded draws) compiled: the
 * same numbers from the same state, drawn in well under a microsecond instead of about one.
 *
 * rng.py's class is the definition (its docstring and code are the specification); this
 * type is its base where setup.py built it, and EUROGAMES_PURE_PYTHON=1 leaves it out.
 * Every playout draws once a move (the random bot, the bench, the rollouts of MCTS) and the
 * engines draw their chance through it, so the Python arithmetic on 64-bit integers was a
 * measurable part of a random game. tests/core/test_rng.py holds both routes to the same
 * streams, bounds, shuffles and refusals.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

typedef unsigned __int128 u128;

typedef struct {
    PyObject_HEAD
    uint64_t state;
} RngObject;

static inline uint64_t next64(RngObject *self) {
    uint64_t z = (self->state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* below(n) for 1 <= n < 2**64: Lemire's multiply-shift, rejecting the biased low values
 * (the loop of rng.py's ``below``). */
static inline uint64_t below_u64(RngObject *self, uint64_t n) {
    u128 m = (u128)next64(self) * n;
    if ((uint64_t)m < n) {
        uint64_t threshold = (0 - n) % n; /* (2**64 - n) % n */
        while ((uint64_t)m < threshold) {
            m = (u128)next64(self) * n;
        }
    }
    return (uint64_t)(m >> 64);
}

static PyObject *bound_error(PyObject *n) {
    PyErr_Format(PyExc_ValueError, "below() needs a bound from 1 to 2**64, not %R", n);
    return NULL;
}

/* The bound ``n`` as a C integer: 0 for 2**64 itself (every value is then the draw), or
 * -1 with an exception set. */
static int read_bound(PyObject *n, uint64_t *out) {
    if (!PyLong_Check(n)) {
        PyErr_Format(PyExc_TypeError, "below() needs an integer bound, not %R", n);
        return -1;
    }
    int overflow = 0;
    long long small = PyLong_AsLongLongAndOverflow(n, &overflow);
    if (small == -1 && PyErr_Occurred()) {
        return -1;
    }
    if (overflow == 0) {
        if (small < 1) {
            bound_error(n);
            return -1;
        }
        *out = (uint64_t)small;
        return 0;
    }
    if (overflow < 0) {
        bound_error(n);
        return -1;
    }
    unsigned long long big = PyLong_AsUnsignedLongLong(n);
    if (big == (unsigned long long)-1 && PyErr_Occurred()) {
        PyErr_Clear();
        /* 2**64 itself is the largest bound the definition allows: n - 1 == 2**64 - 1 */
        PyObject *one = PyLong_FromLong(1);
        PyObject *less = one == NULL ? NULL : PyNumber_Subtract(n, one);
        Py_XDECREF(one);
        if (less == NULL) {
            return -1;
        }
        unsigned long long top = PyLong_AsUnsignedLongLong(less);
        Py_DECREF(less);
        if (top == (unsigned long long)-1 && !PyErr_Occurred()) {
            *out = 0;
            return 0;
        }
        PyErr_Clear();
        bound_error(n);
        return -1;
    }
    *out = (uint64_t)big;
    return 0;
}

static inline uint64_t draw(RngObject *self, uint64_t n) {
    return n == 0 ? next64(self) : below_u64(self, n);
}

static PyObject *Rng_next64(RngObject *self, PyObject *Py_UNUSED(ignored)) {
    return PyLong_FromUnsignedLongLong(next64(self));
}

static PyObject *Rng_below(RngObject *self, PyObject *n) {
    uint64_t bound;
    if (read_bound(n, &bound) < 0) {
        return NULL;
    }
    return PyLong_FromUnsignedLongLong(draw(self, bound));
}

static PyObject *Rng_choice(RngObject *self, PyObject *items) {
    Py_ssize_t size = PyObject_Length(items);
    if (size < 0) {
        return NULL;
    }
    if (size == 0) {
        PyErr_SetString(PyExc_ValueError, "below() needs a bound from 1 to 2**64, not 0");
        return NULL;
    }
    Py_ssize_t i = (Py_ssize_t)below_u64(self, (uint64_t)size);
    if (PyList_CheckExact(items)) {
        PyObject *item = PyList_GET_ITEM(items, i);
        Py_INCREF(item);
        return item;
    }
    if (PyTuple_CheckExact(items)) {
        PyObject *item = PyTuple_GET_ITEM(items, i);
        Py_INCREF(item);
        return item;
    }
    return PySequence_GetItem(items, i);
}

static PyObject *Rng_shuffle(RngObject *self, PyObject *items) {
    /* the state moves on only once the shuffle is done (as rng.py's, which draws on a local
     * copy): a sequence that cannot be shuffled leaves the generator as it was */
    Py_ssize_t size = PyObject_Length(items);
    if (size < 0) {
        return NULL;
    }
    uint64_t saved = self->state;
    if (PyList_CheckExact(items)) {
        for (Py_ssize_t i = size - 1; i > 0; i--) {
            Py_ssize_t j = (Py_ssize_t)below_u64(self, (uint64_t)(i + 1));
            PyObject *a = PyList_GET_ITEM(items, i);
            PyList_SET_ITEM(items, i, PyList_GET_ITEM(items, j));
            PyList_SET_ITEM(items, j, a);
        }
        Py_RETURN_NONE;
    }
    for (Py_ssize_t i = size - 1; i > 0; i--) {
        Py_ssize_t j = (Py_ssize_t)below_u64(self, (uint64_t)(i + 1));
        PyObject *a = PySequence_GetItem(items, i);
        if (a == NULL) {
            self->state = saved;
            return NULL;
        }
        PyObject *b = PySequence_GetItem(items, j);
        if (b == NULL) {
            Py_DECREF(a);
            self->state = saved;
            return NULL;
        }
        int failed = PySequence_SetItem(items, i, b) < 0 || PySequence_SetItem(items, j, a) < 0;
        Py_DECREF(a);
        Py_DECREF(b);
        if (failed) {
            self->state = saved;
            return NULL;
        }
    }
    Py_RETURN_NONE;
}

static PyObject *Rng_spawn(RngObject *self, PyObject *Py_UNUSED(ignored)) {
    /* Rng(self.next64()), of the caller's own type (rng.py's Rng) */
    PyObject *seed = PyLong_FromUnsignedLongLong(next64(self));
    if (seed == NULL) {
        return NULL;
    }
    PyObject *twin = PyObject_CallOneArg((PyObject *)Py_TYPE(self), seed);
    Py_DECREF(seed);
    return twin;
}

static PyObject *Rng_reduce(RngObject *self, PyObject *Py_UNUSED(ignored)) {
    return Py_BuildValue("(O(K))", (PyObject *)Py_TYPE(self), (unsigned long long)self->state);
}

static PyObject *Rng_get_state(RngObject *self, void *Py_UNUSED(closure)) {
    return PyLong_FromUnsignedLongLong(self->state);
}

static int Rng_set_state(RngObject *self, PyObject *value, void *Py_UNUSED(closure)) {
    if (value == NULL) {
        PyErr_SetString(PyExc_AttributeError, "the generator's state cannot be deleted");
        return -1;
    }
    if (!PyLong_Check(value)) {
        PyErr_Format(PyExc_TypeError, "a generator state is an integer, not %R", value);
        return -1;
    }
    unsigned long long state = PyLong_AsUnsignedLongLong(value);
    if (state == (unsigned long long)-1 && PyErr_Occurred()) {
        PyErr_Format(PyExc_ValueError, "a generator state is from 0 to 2**64 - 1, not %R",
                     value);
        return -1;
    }
    self->state = state;
    return 0;
}

static PyMethodDef Rng_methods[] = {
    {"next64", (PyCFunction)Rng_next64, METH_NOARGS, "The next 64-bit output."},
    {"below", (PyCFunction)Rng_below, METH_O, "A uniform integer in range(n)."},
    {"choice", (PyCFunction)Rng_choice, METH_O, "A uniformly chosen item."},
    {"shuffle", (PyCFunction)Rng_shuffle, METH_O, "Fisher-Yates, in place."},
    {"spawn", (PyCFunction)Rng_spawn, METH_NOARGS, "An independent generator seeded from this one."},
    {"__reduce__", (PyCFunction)Rng_reduce, METH_NOARGS, "Pickled as its state."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef Rng_getset[] = {
    {"state", (getter)Rng_get_state, (setter)Rng_set_state, "The 64-bit state.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject RngType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "eurogames.core._crng.Rng",
    .tp_basicsize = sizeof(RngObject),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
    .tp_doc = "SplitMix64 compiled (rng.py's Rng is the definition and the class to use).",
    .tp_methods = Rng_methods,
    .tp_getset = Rng_getset,
    .tp_new = PyType_GenericNew,
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_crng", "core/rng.py's generator, compiled.", -1, NULL,
};

PyMODINIT_FUNC PyInit__crng(void) {
    if (PyType_Ready(&RngType) < 0) {
        return NULL;
    }
    PyObject *m = PyModule_Create(&module);
    if (m == NULL) {
        return NULL;
    }
    Py_INCREF(&RngType);
    if (PyModule_AddObject(m, "Rng", (PyObject *)&RngType) < 0) {
        Py_DECREF(&RngType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
