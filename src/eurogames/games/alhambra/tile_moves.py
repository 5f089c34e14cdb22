"""The moves of tiles into, out of and within an Alhambra, worked out from what the seat's
geometry (``palace.PalaceGeometry``) keeps: placing the tiles just bought (P9,
:func:`placing_actions`) and redesigning (R1–R3, :func:`redesign_actions`). These are the
definitions; the same functions compiled (``_crules.c``) are what the rules call where
setup.py built them (``PLACE_PENDING``, ``REDESIGN``).

A random 3-player game works the redesigns out again about 270 times (nearly every turn
changes an Alhambra or a reserve), a dozen cells and two or three tiles each time: the loops
below cost about 4 µs in Python, a sixth of a random game's time, and under 1 µs compiled.
Both routes give the very same list, in the same order (tests/alhambra/test_compiled_rules.py
holds them equal at every decision of many games); without a C compiler, or with
``EUROGAMES_PURE_PYTHON=1``, the definitions serve.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from eurogames.core.action import Action
from eurogames.core.encoding import pure_python
from eurogames.games.alhambra.actions import (
    DIRK_BY_TILE,
    PLACE_BY_TILE,
    RESERVE_BY_TILE,
    SWAP_BY_TILES,
)
from eurogames.games.alhambra.palace import ALLOWED, ORIGIN, TILE_BIT

Placing = Callable[[tuple[int, ...], Sequence[int], bytes | bytearray, bool], list[Action]]
Redesign = Callable[
    [tuple[int, ...], Sequence[int], bytes | bytearray, Sequence[int], bytes, tuple[int, ...]],
    list[Action],
]


def placing_actions(
    pending: tuple[int, ...], order: Sequence[int], sig: bytes | bytearray, with_dirk: bool
) -> list[Action]:
    """P9: each tile just bought (``pending``) goes to the Alhambra, on an open cell where its
    walls are among those the cell's signature allows (as R1), to the reserve or, with Dirk
    (two players), to him; tile by tile, in that order. ``order`` and ``sig`` as for
    :func:`redesign_actions`."""
    out: list[Action] = []
    append = out.append
    for tile in pending:
        by_cell = PLACE_BY_TILE[tile]
        bit = TILE_BIT[tile]
        for c in order:
            if ALLOWED[sig[c]] & bit:
                append(by_cell[c])
        append(RESERVE_BY_TILE[tile])
        if with_dirk:
            append(DIRK_BY_TILE[tile])
    return out


def redesign_actions(
    reserve: tuple[int, ...],
    order: Sequence[int],
    sig: bytes | bytearray,
    free: Sequence[int],
    grid: bytes,
    cells: tuple[int, ...],
) -> list[Action]:
    """R1–R3 for an Alhambra ``grid`` with the occupied ``cells`` and the tiles ``reserve``.

    ``order`` is its frontier in cell order (``open_cells``; empty when the reserve is), ``sig``
    every cell's signature (``signatures``, up to date with the frontier) and ``free`` its
    removable cells in order (``removable``, P6). A tile fits a cell where its walls are among
    those the cell's signature allows (``ALLOWED``): on an open cell it may be placed (R1), on
    an occupied one other than the fountain it may replace the tile there (R3, P7). The list:
    R1 tile by tile over the frontier, R2 cell by cell, R3 cell by cell, then tile by tile.
    """
    out: list[Action] = []
    append = out.append
    for tile in reserve:  # R1: reserve -> Alhambra
        by_cell = PLACE_BY_TILE[tile]
        bit = TILE_BIT[tile]
        for c in order:
            if ALLOWED[sig[c]] & bit:
                append(by_cell[c])
    for c in free:  # R2 (P6): Alhambra -> reserve
        append(RESERVE_BY_TILE[grid[c]])
    if not reserve:
        return out
    masks = 0
    for tile in reserve:
        masks |= TILE_BIT[tile]
    for c in cells:  # R3 (P7), cell by cell: most cells fit no reserve tile
        allowed = ALLOWED[sig[c]]
        if allowed & masks and c != ORIGIN:
            old = grid[c]
            for tile in reserve:
                if allowed & TILE_BIT[tile]:
                    append(SWAP_BY_TILES[tile][old])
    return out


def _compiled() -> Any:
    """The compiled module, set up with the tables it reads, or ``None`` where it was not
    built."""
    try:
        from eurogames.games.alhambra import _crules  # type: ignore[attr-defined]
    except ImportError:
        return None
    _crules.setup_tile_moves(
        PLACE_BY_TILE, RESERVE_BY_TILE, SWAP_BY_TILES, DIRK_BY_TILE, ALLOWED, TILE_BIT, ORIGIN
    )
    return _crules


COMPILED = _compiled()
_ROUTE = COMPILED if COMPILED is not None and not pure_python() else None
# what the rules call: the compiled functions where they were built and not turned off
PLACE_PENDING: Placing = placing_actions if _ROUTE is None else _ROUTE.placing_actions
REDESIGN: Redesign = redesign_actions if _ROUTE is None else _ROUTE.redesign_actions
