"""The seeded random generator every game draws its chance from.

A small, fully specified generator (SplitMix64) rather than :mod:`random`, so that a record
(seed + actions) replays to the same game on every Python version and platform, and so that
the generator's whole state is one integer: cloning a state copies it for free and
``to_json`` stores it as a number.

The class below is the definition. Where setup.py built ``_crng.c`` (the same arithmetic in
C: a draw costs about a tenth of the Python's, and every playout draws once a move) the
class takes its methods from the compiled type; ``EUROGAMES_PURE_PYTHON=1`` keeps the
Python ones. tests/core/test_rng.py holds both to the same numbers.
"""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import Any, TypeVar

from eurogames.core.encoding import pure_python

_MASK = (1 << 64) - 1
T = TypeVar("T")


def seed_state(seed: int | str) -> int:
    """Turn any int (or a string such as a game id) into a 64-bit generator state."""
    if isinstance(seed, str):
        value = 0
        for ch in seed.encode():
            value = (value * 1099511628211 ^ ch) & _MASK
        seed = value
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ValueError(f"seed must be an integer, not {seed!r}")
    return seed & _MASK


class PyRng:
    """SplitMix64: ``next64`` advances a 64-bit counter and mixes it.

    >>> r = Rng(42); [r.below(10) for _ in range(5)]
    [7, 1, 2, 3, 0]
    """

    __slots__ = ("state",)

    def __init__(self, seed: int | str = 0) -> None:
        self.state = seed_state(seed)

    def next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (Lemire's multiply-shift with rejection).

        ``next64`` is inlined: playouts call this once a move.
        """
        if not 0 < n <= 1 << 64:
            raise ValueError(f"below() needs a bound from 1 to 2**64, not {n}")
        state = self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        m = (z ^ (z >> 31)) * n
        if (m & _MASK) < n:  # rare: reject the few values that would bias the result
            threshold = ((1 << 64) - n) % n
            while (m & _MASK) < threshold:
                m = self.next64() * n
        return m >> 64

    def choice(self, items: list[T] | tuple[T, ...]) -> T:
        """A uniformly chosen item (the same draw as ``below(len(items))``)."""
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher–Yates, in place; the same draws as ``below``, inlined for speed."""
        state = self.state
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            while True:
                state = (state + 0x9E3779B97F4A7C15) & _MASK
                z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
                m = (z ^ (z >> 31)) * n
                if (m & _MASK) >= n or (m & _MASK) >= ((1 << 64) - n) % n:
                    break
            j = m >> 64
            items[i], items[j] = items[j], items[i]
        self.state = state

    def spawn(self) -> PyRng:
        """An independent generator seeded from this one (advances this one)."""
        return type(self)(self.next64())


def _compiled() -> Any:
    """The compiled generator's type, or ``None`` where it was not built."""
    try:
        from eurogames.core import _crng  # type: ignore[attr-defined]
    except ImportError:
        return None
    return _crng.Rng


COMPILED = _compiled()

if COMPILED is None or pure_python():
    Rng = PyRng
else:

    class Rng(COMPILED):  # type: ignore[no-redef]
        """SplitMix64, compiled (``PyRng`` is the definition: the same numbers).

        >>> r = Rng(42); [r.below(10) for _ in range(5)]
        [7, 1, 2, 3, 0]
        """

        __slots__ = ()

        def __init__(self, seed: int | str = 0) -> None:
            self.state = seed_state(seed)
