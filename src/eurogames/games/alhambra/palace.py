"""The Alhambra grid (城堡): placement rules A–E, removals, swaps and the longest outer wall.

An Alhambra is a ``bytes`` grid of ``WIDTH * WIDTH`` cells holding a tile id per cell
(0 = empty, ``FOUNTAIN`` = the start tile). The playable area is the square of cells with
``-RADIUS <= x, y <= RADIUS`` around the fountain (decision A25 in docs/rules/alhambra.md:
a fixed action space needs a bounded grid); a one-cell margin of always-empty cells around it
lets neighbour arithmetic run without bounds checks. x grows east and y grows south.

Since every Alhambra the engine holds is valid, each change is judged by local checks that
the rules page proves equivalent to the global definition (rules P1–P8); ``is_valid`` is
that global definition, used by the tests and by ``check()``. Locality also lets a state
keep each Alhambra's frontier (``frontier``, ``refresh_frontier``), its cells' signatures
and ring patterns (``signatures``, ``resign``) and its cut cells (``cut_cells``) from one
change to the next instead of recomputing them (``PalaceGeometry``): on copies while clones
share them, in place (``PalaceGeometry.built`` and its siblings) once a state holds
them alone.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Callable, Iterable
from typing import Any

from eurogames.core.encoding import pure_python
from eurogames.games.alhambra.data import EAST, NORTH, SOUTH, TILE_WALLS, WEST

RADIUS = 12  # the playable square is 25 x 25 cells around the fountain (decision A25)
WIDTH = 2 * RADIUS + 3
FOUNTAIN = 255  # the start tile's value in a grid (tile ids are 1..54)
ORIGIN = (RADIUS + 1) * WIDTH + (RADIUS + 1)

# wall bits by grid value: tile ids map to their walls, the fountain (and empty) to none
WALLS = bytes(TILE_WALLS[v] if 0 < v < len(TILE_WALLS) else 0 for v in range(256))

SIDE_BITS = (NORTH, EAST, SOUTH, WEST)
SIDE_STEPS = (-WIDTH, 1, WIDTH, -1)
FACING = (SOUTH, WEST, NORTH, EAST)  # the neighbour's side that faces each of ours
# the 8 surrounding cells in a walk round: N, NE, E, SE, S, SW, W, NW
RING_STEPS = (-WIDTH, -WIDTH + 1, 1, WIDTH + 1, WIDTH, WIDTH - 1, -1, -WIDTH - 1)


def cell_of(x: int, y: int) -> int:
    """The grid index of (x, y); raises ``ValueError`` outside the playable square."""
    if not (-RADIUS <= x <= RADIUS and -RADIUS <= y <= RADIUS):
        raise ValueError(f"({x}, {y}) is outside the {2 * RADIUS + 1}x{2 * RADIUS + 1} grid")
    return (y + RADIUS + 1) * WIDTH + (x + RADIUS + 1)


def xy_of(cell: int) -> tuple[int, int]:
    return cell % WIDTH - RADIUS - 1, cell // WIDTH - RADIUS - 1


def _inside(cell: int) -> bool:
    row, col = divmod(cell, WIDTH)
    return 1 <= row <= WIDTH - 2 and 1 <= col <= WIDTH - 2


INSIDE = bytes(_inside(c) for c in range(WIDTH * WIDTH))
PLAYABLE = tuple(c for c in range(WIDTH * WIDTH) if INSIDE[c])  # row-major, north-west first


def _allowed_masks(states: tuple[int, ...]) -> int:
    """Rules B, C and D for one cell: the wall masks (as a 16-bit set) a new tile may have.

    ``states[i]`` describes the neighbour on side i: 0 empty, 1 an open facing side, 2 a wall.
    A mask must match every occupied neighbour (B) and meet at least one of them open against
    open (C and D: wall-against-wall contact does not let anyone walk in).
    """
    if 1 not in states:
        return 0
    allowed = 0
    for mask in range(16):
        if all(
            s == 0 or bool(mask & SIDE_BITS[i]) == (s == 2) for i, s in enumerate(states)
        ):
            allowed |= 1 << mask
    return allowed


# ALLOWED[signature]: signature = sum(state_i * 3**i) over the four sides
ALLOWED = tuple(
    _allowed_masks((sig % 3, sig // 3 % 3, sig // 9 % 3, sig // 27 % 3)) for sig in range(81)
)


def _ring_ok(bits: int) -> bool:
    """Rule E, locally: walking round the 8 cells, occupied/empty changes exactly twice."""
    changes = sum(((bits >> i) & 1) != ((bits >> ((i + 1) % 8)) & 1) for i in range(8))
    return changes == 2


# the look-up tables of the hot paths are tuples, not bytes: CPython 3.11 specialises
# indexing a tuple, and a ``bytes`` index takes the generic path
RING_OK = tuple(_ring_ok(b) for b in range(256))


def new_grid() -> bytes:
    """An Alhambra holding only the fountain at (0, 0)."""
    grid = bytearray(WIDTH * WIDTH)
    grid[ORIGIN] = FOUNTAIN
    return bytes(grid)


def _side_table(facing: int, weight: int) -> tuple[int, ...]:
    """Per grid value: its share of a signature as the neighbour on one side (0 when empty)."""
    return tuple(0 if not v else weight * (2 if WALLS[v] & facing else 1) for v in range(256))


# a signature is SIGNATURE_NORTH[north neighbour] + ... + SIGNATURE_WEST[west neighbour]:
# four table look-ups instead of a loop, since it is computed for every cell near a change
SIGNATURE_NORTH = _side_table(SOUTH, 1)
SIGNATURE_EAST = _side_table(WEST, 3)
SIGNATURE_SOUTH = _side_table(NORTH, 9)
SIGNATURE_WEST = _side_table(EAST, 27)
# RING_BIT[i][v]: bit i of a ring pattern when the i-th cell of the walk round holds v
RING_BIT = tuple(bytes(0 if not v else 1 << i for v in range(256)) for i in range(8))
_R0, _R1, _R2, _R3, _R4, _R5, _R6, _R7 = RING_BIT
# TILE_BIT[tile]: the tile's wall mask as a member of ALLOWED's 16-bit sets
TILE_BIT = tuple(1 << w for w in TILE_WALLS)
_NORTH_EAST, _SOUTH_EAST, _SOUTH_WEST, _NORTH_WEST = -WIDTH + 1, WIDTH + 1, WIDTH - 1, -WIDTH - 1
NEARBY = (0, *RING_STEPS)  # a change on a cell can alter only its own and its ring's options
# per cell: the cells whose options a change there (or a swap, which keeps the occupied
# cells: only the four neighbours' signatures) makes stale, looked up rather than summed
NEAR_CHANGE = tuple(tuple(c + step for step in NEARBY) for c in range(WIDTH * WIDTH))
NEAR_SWAP = tuple(tuple(c + step for step in SIDE_STEPS) for c in range(WIDTH * WIDTH))
SIDES = NEAR_SWAP  # a cell's four neighbours: N, E, S, W
# the same inside the playable square only (a margin cell is never open to a tile), for the
# in-place updates: a change's ring, its cell and ring, a swap's four neighbours
RING_INSIDE = tuple(
    tuple(c + step for step in RING_STEPS if INSIDE[c + step]) if INSIDE[c] else ()
    for c in range(WIDTH * WIDTH)
)
NEAR_INSIDE = tuple((c, *RING_INSIDE[c]) if INSIDE[c] else () for c in range(WIDTH * WIDTH))
SIDES_INSIDE = tuple(
    tuple(n for n in SIDES[c] if INSIDE[n]) if INSIDE[c] else () for c in range(WIDTH * WIDTH)
)


# FITS[tile][signature]: whether the tile's walls match every occupied neighbour (P7), a
# flag per signature: a swap's legality is judged for every reserve tile on every cell,
# and a placement's on an open cell (whose options are its signature's, ALLOWED)
FITS = (
    (),
    *(tuple(bool(allowed & TILE_BIT[t]) for allowed in ALLOWED) for t in range(1, len(TILE_WALLS))),
)

def _lone_step(sig: int) -> int:
    """The step to the only neighbour open towards the cell (digit 1), or 0."""
    open_sides = [i for i in range(4) if sig // 3**i % 3 == 1]
    return SIDE_STEPS[open_sides[0]] if len(open_sides) == 1 else 0


# LONE_STEP[signature]: for an occupied cell, the step to its only open contact (rule B: an
# occupied neighbour whose facing side is open meets an open side), or 0 when it has several:
# a placement or removal of a leaf keeps the cut cells up to date with one look-up
LONE_STEP = tuple(_lone_step(sig) for sig in range(81))

# FULL[signature]: all four neighbours occupied (no digit of the signature is 0)
FULL = tuple(all((sig // 3**i) % 3 for i in range(4)) for sig in range(81))


# a state's per-seat array holds every cell's signature, then (from RINGS on) every cell's
# ring pattern (``ring_bits``); a tile on c is bit i of the pattern of c - RING_STEPS[i]
RINGS = WIDTH * WIDTH
_FLIP0, _FLIP1, _FLIP2, _FLIP3, _FLIP4, _FLIP5, _FLIP6, _FLIP7 = (
    RINGS - step for step in RING_STEPS
)


# per cell, array positions as ready-made ints (computing an index above 256 makes a new int
# object each time): its ring pattern's, and the eight ring patterns its tile is a bit of
# (FLIP0..FLIP7 order); SIDES has the four signatures it has a share in (N, E, S, W)
RING_AT = tuple(RINGS + c for c in range(WIDTH * WIDTH))
FLIPS_AT = tuple(
    tuple(c + flip for flip in (_FLIP0, _FLIP1, _FLIP2, _FLIP3, _FLIP4, _FLIP5, _FLIP6, _FLIP7))
    if INSIDE[c] else ()
    for c in range(WIDTH * WIDTH)
)


def signatures(grid: bytes, cells: Iterable[int]) -> bytearray:
    """Every cell's signature and ring pattern at once, each tile adding its share to its
    neighbours: ``sig[c]`` and ``sig[RINGS + c]``.

    A state keeps this array per seat and moves it along with ``resign`` after each change,
    so that judging a cell reads two bytes instead of its eight neighbours and their tables:
    ``ALLOWED[sig[c]]`` are the swaps on an occupied c (P7) or, with ``RING_OK[sig[RINGS + c]]``,
    the placements on an empty one (P1–P4); ``FULL[sig[c]]`` says whether emptying c would
    leave a hole (P6).
    """
    sig = bytearray(2 * RINGS)
    for c in cells:
        sig = resign(sig, c, 0, grid[c])
    return sig


def resign(sig: bytearray, cell: int, old: int, new: int) -> bytearray:
    """A copy of ``sig`` after ``cell`` changed from grid value ``old`` to ``new`` (0: empty)
    (``move_signatures`` on a copy, which leaves the old array intact for the clones that
    share it; a state that holds its array alone moves it along in place)."""
    sig = sig[:]
    MOVE_SIGNATURES(sig, cell, old, new)
    return sig


def move_signatures(sig: bytearray, cell: int, old: int, new: int) -> None:
    """In place: ``sig`` after ``cell`` changed from grid value ``old`` to ``new`` (0: empty).

    Only the four neighbours' signatures hold a share of ``cell``, and only the ring
    patterns of the eight cells around it, which change when it fills or empties (not in a
    swap): twelve bytes at most, at positions looked up per cell (``SIDES``, ``FLIPS_AT``).
    """
    north, east, south, west = SIDES[cell]
    sig[north] += SIGNATURE_SOUTH[new] - SIGNATURE_SOUTH[old]
    sig[east] += SIGNATURE_WEST[new] - SIGNATURE_WEST[old]
    sig[south] += SIGNATURE_NORTH[new] - SIGNATURE_NORTH[old]
    sig[west] += SIGNATURE_EAST[new] - SIGNATURE_EAST[old]
    if not old or not new:
        f0, f1, f2, f3, f4, f5, f6, f7 = FLIPS_AT[cell]
        sig[f0] ^= 1
        sig[f1] ^= 2
        sig[f2] ^= 4
        sig[f3] ^= 8
        sig[f4] ^= 16
        sig[f5] ^= 32
        sig[f6] ^= 64
        sig[f7] ^= 128


def signature(grid: bytes, cell: int) -> int:
    """The four neighbours of ``cell`` as an index into ``ALLOWED``."""
    return (
        SIGNATURE_NORTH[grid[cell - WIDTH]]
        + SIGNATURE_EAST[grid[cell + 1]]
        + SIGNATURE_SOUTH[grid[cell + WIDTH]]
        + SIGNATURE_WEST[grid[cell - 1]]
    )


def ring_bits(grid: bytes, cell: int) -> int:
    return (
        _R0[grid[cell - WIDTH]] | _R1[grid[cell + _NORTH_EAST]] | _R2[grid[cell + 1]]
        | _R3[grid[cell + _SOUTH_EAST]] | _R4[grid[cell + WIDTH]] | _R5[grid[cell + _SOUTH_WEST]]
        | _R6[grid[cell - 1]] | _R7[grid[cell + _NORTH_WEST]]
    )


def cell_options(grid: bytes, cell: int) -> int:
    """The 16-bit set of wall masks a new tile may have on ``cell`` (0: no tile may go there).

    Rules P1–P4 (B, C, D and E) for one cell, inlined because the frontier is kept up to date
    by re-judging the nine cells around every change.
    """
    if grid[cell] or not INSIDE[cell]:
        return 0
    north, east = grid[cell - WIDTH], grid[cell + 1]
    south, west = grid[cell + WIDTH], grid[cell - 1]
    allowed = ALLOWED[
        SIGNATURE_NORTH[north] + SIGNATURE_EAST[east]
        + SIGNATURE_SOUTH[south] + SIGNATURE_WEST[west]
    ]
    if allowed and RING_OK[
        _R0[north] | _R1[grid[cell + _NORTH_EAST]] | _R2[east] | _R3[grid[cell + _SOUTH_EAST]]
        | _R4[south] | _R5[grid[cell + _SOUTH_WEST]] | _R6[west] | _R7[grid[cell + _NORTH_WEST]]
    ]:
        return allowed
    return 0


def frontier(grid: bytes, cells: tuple[int, ...]) -> dict[int, int]:
    """Every empty cell where some tile may go -> the 16-bit set of wall masks allowed.

    The candidates are the empty cells next to the Alhambra (rule D); ``cell_options`` judges
    each. A state keeps this map per seat and updates it with ``refresh_frontier``.
    """
    out = {}
    for c in cells:
        for n in (c - WIDTH, c + 1, c + WIDTH, c - 1):
            if n not in out:
                out[n] = cell_options(grid, n)
    return {c: allowed for c, allowed in out.items() if allowed}


def refresh_frontier(
    before: dict[int, int], grid: bytes, sig: bytearray, stale: Iterable[int]
) -> dict[int, int]:
    """A copy of the frontier ``before`` with the ``stale`` cells judged again on ``grid``.

    A cell's options depend only on itself and the eight cells around it, so after a change
    on cell c only c and its ring are stale (``NEAR_CHANGE``); a swap changes no occupancy,
    so only the four neighbours' signatures (``NEAR_SWAP``). ``sig`` is the state's array
    (``signatures``), kept up to date, which makes judging a cell two look-ups instead of
    ``cell_options``' eight neighbours and their tables. The copy leaves the old map intact
    for the clones that share it; a state that holds its map alone judges the cells in place
    (``_judge``).
    """
    after = before.copy()
    for n in stale:
        allowed = 0 if grid[n] or not INSIDE[n] else ALLOWED[sig[n]]
        if allowed and RING_OK[sig[RINGS + n]]:
            after[n] = allowed
        elif n in after:
            del after[n]
    return after


def _judge(
    front: dict[int, int], order: list[int], grid: bytes, sig: bytearray, cells: tuple[int, ...]
) -> None:
    """Judge ``cells`` (inside the square) again after a change, in place: a frontier and
    its ``order`` held alone, ``sig`` already moved along. An occupied cell is never open;
    adding or removing a cell or two keeps ``order`` sorted for less than sorting it again."""
    for n in cells:
        if grid[n]:
            continue
        allowed = ALLOWED[sig[n]]
        if allowed and RING_OK[sig[RING_AT[n]]]:
            if n not in front:
                insort(order, n)
            front[n] = allowed
        elif n in front:
            del front[n]
            order.remove(n)


class PalaceGeometry:
    """What the rules keep about one Alhambra between changes, so that each change is judged
    locally (rules P1–P8) instead of from scratch; the grid and its cells stay in the state.

    - ``front``: the frontier (``frontier``: empty cells open to some tile -> the wall masks
      allowed), with ``stale``, the cells made stale by changes since (judged again only
      when asked for) and, once asked for, ``order``, its cells in order (a list, kept in
      order through a change instead of sorted again);
    - ``sig``: every cell's signature and ring pattern (``signatures``), moved along with
      each change;
    - ``cut``: the cut cells of the walking graph (rule C) with their piece counts
      (``cut_cells``), kept through leaf placements, leaf removals and swaps (``LONE_STEP``),
      otherwise searched again when asked for;
    - ``free``: the removable cells (P6), in order, kept through swaps, leaf placements and
      leaf removals along with the cut cells.

    ``None`` means not worked out (yet, or since a change). A state gives each seat its own
    object before changing one (``copy`` after a clone); the arrays, maps and lists in it may
    still be shared with the object it was copied from, unless ``alone`` says they are this
    object's alone: then a change updates them in place, without copies or stale cells, as
    in a playout, where the seat asks for its placements after nearly every change anyway.
    A clone or a greedy bot's one-ply look-ahead that never asks pays for none of it.
    """

    __slots__ = ("front", "stale", "order", "sig", "cut", "free", "alone")

    front: dict[int, int] | None
    stale: tuple[int, ...]
    order: list[int] | None
    sig: bytearray | None
    cut: dict[int, int] | None
    free: tuple[int, ...] | None
    alone: bool

    def __init__(self) -> None:
        self.front = self.order = self.sig = self.cut = self.free = None
        self.stale = ()
        self.alone = False

    def copy(self) -> PalaceGeometry:
        """The same knowledge, its arrays shared until either object changes them."""
        g = PalaceGeometry.__new__(PalaceGeometry)
        g.front, g.stale, g.order = self.front, self.stale, self.order
        g.sig, g.cut, g.free = self.sig, self.cut, self.free
        g.alone = self.alone = False
        return g

    def open_cells(self, grid: bytes, cells: tuple[int, ...]) -> tuple[dict[int, int], list[int]]:
        """The frontier brought up to date, and its cells in order (not to be changed)."""
        front = self.front
        if front is None:
            front = frontier(grid, cells)
        else:
            order = self.order
            if order is not None:  # ours (kept up to date in place) or shared but clean
                return front, order
            front = refresh_frontier(front, grid, self.signatures(grid, cells), self.stale)
        order = sorted(front)
        self.front, self.stale, self.order = front, (), order
        if not self.alone:  # the map and order are new: with a copy of the signatures,
            self.sig = bytearray(self.signatures(grid, cells))  # changes go in place from now
            self.alone = True
        return front, order

    def signatures(self, grid: bytes, cells: tuple[int, ...]) -> bytearray:
        """Every cell's signature and ring pattern (``signatures``)."""
        sig = self.sig
        if sig is None:
            sig = self.sig = signatures(grid, cells)
        return sig

    def cut_cells(self, grid: bytes) -> dict[int, int]:
        """The cut cells of the walking graph with their piece counts (``cut_cells``)."""
        cut = self.cut
        if cut is None:
            cut = self.cut = CUT_CELLS(grid)
        return cut

    def removable(self, grid: bytes, cells: tuple[int, ...]) -> tuple[int, ...]:
        """The cells whose tile may go to the reserve (rule P6), in order: no hole is left (a
        free side) and no walking path is cut."""
        free = self.free
        if free is None:
            cut = self.cut_cells(grid)
            sig = self.signatures(grid, cells)
            free = self.free = tuple([
                c for c in cells if not FULL[sig[c]] and c not in cut and c != ORIGIN
            ])
        return free

    def changed(
        self, grid: bytes, cell: int, old: int, new: int, near: tuple[int, ...]
    ) -> None:
        """``cell`` changed from ``old`` to ``new`` (0: empty), ``grid`` is the result, and
        the arrays are shared (not ``alone``): the signatures move along on a copy and the
        cells around the change (``near``) are noted as stale until next asked for.

        (An object that holds its arrays alone moves them along in place instead, in
        ``built``, ``demolished`` and ``swapped``.)
        """
        if self.front is not None:
            if len(self.stale) > 60:  # many changes unasked for: start again when asked
                self.front, self.stale = None, ()
            else:
                self.stale += near
            self.order = None
        if self.sig is not None:
            self.sig = resign(self.sig, cell, old, new)

    def built(self, grid: bytes, cell: int, tile: int) -> None:
        """``tile`` was placed on the empty ``cell`` (rules P1–P5): ``grid`` holds it now.

        (A cell's own signature depends only on its neighbours: the same before and after.)
        A new leaf (one open contact) keeps the cut cells known: its contact becomes a cut
        cell; held alone, the removable cells too: a neighbour it surrounds leaves them.
        """
        sig = self.sig
        cut = self.cut
        contact = 0
        if cut is not None:
            step = LONE_STEP[sig[cell] if sig is not None else signature(grid, cell)]
            if not step:
                self.cut = cut = None  # a new cycle may join pieces: search again when asked
            elif cell + step != ORIGIN:  # a new leaf: one more piece hangs on its contact
                contact = cell + step
                cut = cut.copy()
                cut[contact] = cut.get(contact, 1) + 1
                self.cut = cut
        if not self.alone:
            self.changed(grid, cell, 0, tile, NEAR_CHANGE[cell])
            self.free = None
            return
        # in place: the shares and ring bits the tile adds, the frontier near it
        MOVE_SIGNATURES(sig, cell, 0, tile)
        front = self.front
        if cell in front:
            del front[cell]
            self.order.remove(cell)
        JUDGE(front, self.order, grid, sig, RING_INSIDE[cell])
        free = self.free
        if free is not None:
            if cut is None:
                self.free = None
            else:  # its contact is a cut cell now; it may surround a neighbour
                kept = list(free)
                if contact in kept:
                    kept.remove(contact)
                for n in SIDES[cell]:
                    if n in kept and FULL[sig[n]]:
                        kept.remove(n)
                if not FULL[sig[cell]]:
                    insort(kept, cell)
                self.free = tuple(kept)

    def demolished(self, grid: bytes, cell: int, tile: int) -> None:
        """``tile`` left ``cell`` for the reserve (rule P6): ``grid`` is without it now.

        Removing a leaf keeps the cut cells known: its contact loses a piece; held alone,
        the removable cells too: its occupied neighbours have a free side now.
        """
        sig = self.sig
        cut = self.cut
        leaf = False
        if cut is not None:
            step = LONE_STEP[sig[cell] if sig is not None else signature(grid, cell)]
            if not step:
                cut = None  # a cycle opened: some tiles may become cut cells
            else:
                leaf = True
                if cell + step != ORIGIN:  # a leaf goes: one piece fewer on its contact
                    contact = cell + step
                    cut = cut.copy()
                    left = cut[contact] - 1
                    if left > 1:
                        cut[contact] = left
                    else:
                        del cut[contact]
            self.cut = cut
        if not self.alone:
            self.changed(grid, cell, tile, 0, NEAR_CHANGE[cell])
            self.free = None
            return
        # in place: the shares and ring bits the tile takes away, the frontier near it
        MOVE_SIGNATURES(sig, cell, tile, 0)
        JUDGE(self.front, self.order, grid, sig, NEAR_INSIDE[cell])
        free = self.free
        if free is not None:
            if leaf:  # the leaf leaves; its neighbours (its contact among them) may go now
                kept = list(free)
                kept.remove(cell)
                for n in SIDES[cell]:
                    if grid[n] and n != ORIGIN and n not in cut and n not in kept:
                        insort(kept, n)
                self.free = tuple(kept)
            else:
                self.free = None

    def swapped(self, grid: bytes, cell: int, old: int, new: int) -> None:
        """``new`` replaced ``old`` on ``cell`` (rule P7): ``grid`` holds ``new`` now.

        The same occupied cells and walking graph: the same cuts and removable cells, and
        only the four neighbours' signatures can change.
        """
        if self.alone:
            sig = self.sig
            MOVE_SIGNATURES(sig, cell, old, new)
            JUDGE(self.front, self.order, grid, sig, SIDES_INSIDE[cell])
        else:
            self.changed(grid, cell, old, new, NEAR_SWAP[cell])


def placements(grid: bytes, cells: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """Every empty cell where some tile may go, with the 16-bit set of wall masks allowed,
    in cell order."""
    return tuple(sorted(frontier(grid, cells).items()))


def can_place(grid: bytes, cell: int, tile: int) -> bool:
    """Whether ``tile`` may go on ``cell`` (rules A–E; the grid is valid before)."""
    return bool(cell_options(grid, cell) & TILE_BIT[tile])


def can_swap(grid: bytes, cell: int, tile: int) -> bool:
    """Whether ``tile`` may replace the tile on ``cell`` (redesign c).

    The occupied cells stay the same, so E still holds; matching every occupied neighbour
    (B) keeps exactly the old open contacts, so C still holds.
    """
    v = grid[cell]
    if not v or v == FOUNTAIN:
        return False
    return bool(ALLOWED[signature(grid, cell)] & TILE_BIT[tile])


# OPEN_STEPS[v]: the steps to the sides where a cell holding v has no wall
OPEN_STEPS = tuple(
    tuple(SIDE_STEPS[i] for i in range(4) if not WALLS[v] & SIDE_BITS[i]) for v in range(256)
)


def open_contacts(grid: bytes, cell: int) -> list[int]:
    """The tiles one walks to from ``cell`` (rule B makes an open side meet an open side)."""
    return [cell + step for step in OPEN_STEPS[grid[cell]] if grid[cell + step]]


def cut_cells(grid: bytes) -> dict[int, int]:
    """The cut vertices of the walking graph other than the fountain (rule C), each with the
    number of pieces its removal would leave (at least 2).

    One depth-first search from the fountain (Hopcroft–Tarjan articulation points),
    recursive because that is twice as fast in Python as an explicit stack and an Alhambra
    is at most 55 tiles deep. A state keeps this map per seat and updates it without a
    search where it can: a new leaf (a tile with one open contact) adds a piece to its
    contact, removing a leaf takes one away, and a swap keeps the walking graph.
    """
    index = {ORIGIN: 0}
    pieces: dict[int, int] = {}

    def visit(cell: int, parent: int) -> int:
        """Number the tiles below ``cell``; the lowest number reached back from them."""
        mine = low = index[cell]
        for step in OPEN_STEPS[grid[cell]]:
            n = cell + step
            if n == parent or not grid[n]:
                continue
            seen = index.get(n)
            if seen is None:
                index[n] = len(index)
                below = visit(n, cell)
                if below < low:
                    low = below
                if below >= mine:  # nothing below n reaches above cell without it
                    pieces[cell] = pieces.get(cell, 1) + 1
            elif seen < low:
                low = seen
        return low

    visit(ORIGIN, -1)
    pieces.pop(ORIGIN, None)
    return pieces


def _compiled() -> Any:
    """The compiled module (``_crules.c``), set up with the tables its ``cut_cells`` and
    ``judge`` read, or ``None`` where setup.py did not build it."""
    try:
        from eurogames.games.alhambra import _crules  # type: ignore[attr-defined]
    except ImportError:
        return None
    _crules.setup_cut_cells(OPEN_STEPS, ORIGIN)
    _crules.setup_judge(ALLOWED, RING_OK, RINGS)
    _crules.setup_signatures(
        SIGNATURE_NORTH, SIGNATURE_EAST, SIGNATURE_SOUTH, SIGNATURE_WEST, SIDES, FLIPS_AT
    )
    return _crules


COMPILED = _compiled()
_ROUTE = COMPILED if COMPILED is not None and not pure_python() else None
# What the geometry calls: the compiled functions where they were built and not turned off,
# each giving what its definition gives (tests/alhambra/test_compiled_rules.py). A random
# 3-player game searches the cut cells about 25 times (after the changes that are not a
# leaf's), about 10 µs each in Python, 1 µs compiled; it judges cells around a change and
# moves the signatures along about 270 times each, about 1 µs each in Python.
CUT_CELLS: Callable[[bytes], dict[int, int]] = cut_cells if _ROUTE is None else _ROUTE.cut_cells
JUDGE: Callable[[dict[int, int], list[int], bytes, bytearray, tuple[int, ...]], None] = (
    _judge if _ROUTE is None else _ROUTE.judge
)
MOVE_SIGNATURES: Callable[[bytearray, int, int, int], None] = (
    move_signatures if _ROUTE is None else _ROUTE.move_signatures
)


def surrounded(grid: bytes, cell: int) -> bool:
    """All four neighbours occupied: emptying the cell would enclose it (rule E)."""
    return bool(grid[cell - WIDTH] and grid[cell + 1] and grid[cell + WIDTH] and grid[cell - 1])


def removable(
    grid: bytes, cells: tuple[int, ...], cut: dict[int, int] | None = None
) -> frozenset[int]:
    """The cells whose tile may be moved to the reserve (redesign b).

    Not the fountain; not a cell with all four neighbours occupied (it would leave a hole,
    rule E); and not a cut vertex of the walking graph (rule C, ``cut_cells``; a state passes
    the set it keeps).
    """
    if cut is None:
        cut = cut_cells(grid)
    return frozenset(
        c for c in cells if c != ORIGIN and c not in cut and not surrounded(grid, c)
    )


def place(grid: bytes, cell: int, value: int) -> bytes:
    """A copy of ``grid`` with ``value`` on ``cell`` (0 empties it)."""
    g = bytearray(grid)
    g[cell] = value
    return bytes(g)


def _outer_sections() -> tuple[tuple[tuple[tuple[int, int, int], ...], ...], ...]:
    """Per cell and per wall mask, the walled sides as (step to the cell beyond, the section's
    two corners on the corner lattice, which is one wider than the grid)."""
    corners = WIDTH + 1
    out = []
    for c in range(WIDTH * WIDTH):
        row, col = divmod(c, WIDTH)
        nw = row * corners + col
        ne, sw = nw + 1, nw + corners
        se = sw + 1
        sides = (
            (NORTH, -WIDTH, nw, ne), (EAST, 1, ne, se), (SOUTH, WIDTH, sw, se), (WEST, -1, nw, sw)
        )
        out.append(tuple(
            tuple((step, a, b) for bit, step, a, b in sides if mask & bit) for mask in range(16)
        ))
    return tuple(out)


_SECTIONS = _outer_sections()


def longest_wall(grid: bytes, cells: tuple[int, ...]) -> int:
    """The longest continuous outer wall (圍牆), in wall sections (rule S6, decision A4).

    A wall section is outer when the cell beyond it is empty. Sections that share a lattice
    corner join; each joined group is a path or a ring in a valid Alhambra, so its size is
    the length of that wall, a closed ring counting every section. (Union-find over corners,
    the loops written out: the observation encoder asks for it after every change.)
    """
    parent: dict[int, int] = {}
    sizes: dict[int, int] = {}
    for c in cells:
        for step, a, b in _SECTIONS[c][WALLS[grid[c]]]:
            if not grid[c + step]:
                while a in parent:
                    a = parent[a]
                while b in parent:
                    b = parent[b]
                if a == b:
                    sizes[a] += 1
                else:
                    # b's group joins a's; a root with no sections yet has size 0
                    parent[b] = a
                    sizes[a] = sizes.get(a, 0) + sizes.pop(b, 0) + 1
    return max(sizes.values(), default=0)


# -- the global definition (tests and check()) --------------------------------------------
def is_valid(grid: bytes) -> str:
    """Why ``grid`` is not a valid Alhambra, or ``""``: rules B, C and E checked globally.

    B: every shared edge has walls on both sides or neither. C: every tile is reached from
    the fountain across open edges. E: every empty cell reaches the outside through empty
    cells (a flood fill over the whole grid, whose margin is the outside).
    """
    if grid[ORIGIN] != FOUNTAIN:
        return "the fountain is not at (0, 0)"
    occupied = [c for c in range(len(grid)) if grid[c]]
    for c in occupied:
        if not INSIDE[c]:
            return f"a tile lies outside the grid at {xy_of(c)}"
        if grid[c] == FOUNTAIN and c != ORIGIN:
            return "a second fountain"
        for i in range(4):
            n = c + SIDE_STEPS[i]
            if grid[n] and bool(WALLS[grid[c]] & SIDE_BITS[i]) != bool(WALLS[grid[n]] & FACING[i]):
                return f"rule B: the edge between {xy_of(c)} and {xy_of(n)} does not match"
    seen = {ORIGIN}
    todo = [ORIGIN]
    while todo:
        c = todo.pop()
        for n in open_contacts(grid, c):
            if n not in seen:
                seen.add(n)
                todo.append(n)
    if len(seen) != len(occupied):
        lost = min(c for c in occupied if c not in seen)
        return f"rule C: the tile at {xy_of(lost)} cannot be reached on foot"
    outside = {0}
    todo = [0]
    size = len(grid)
    while todo:
        c = todo.pop()
        row, col = divmod(c, WIDTH)
        neighbours = (
            (c - WIDTH, row > 0), (c + WIDTH, row < WIDTH - 1),
            (c - 1, col > 0), (c + 1, col < WIDTH - 1),
        )
        for n, ok in neighbours:
            if ok and 0 <= n < size and not grid[n] and n not in outside:
                outside.add(n)
                todo.append(n)
    for c in range(size):
        if not grid[c] and c not in outside:
            return f"rule E: the empty cell {xy_of(c)} is enclosed"
    return ""
