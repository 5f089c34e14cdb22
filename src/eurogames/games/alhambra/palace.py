"""The Alhambra grid (城堡): placement rules A–E, removals, swaps and the longest outer wall.

An Alhambra is a ``bytes`` grid of ``WIDTH * WIDTH`` cells holding a tile id per cell
(0 = empty, ``FOUNTAIN`` = the start tile). The playable area is the square of cells with
``-RADIUS <= x, y <= RADIUS`` around the fountain (decision A25 in docs/rules/alhambra.md:
a fixed action space needs a bounded grid); a one-cell margin of always-empty cells around it
lets neighbour arithmetic run without bounds checks. x grows east and y grows south.

Since every Alhambra the engine holds is valid, each change is judged by local checks that
the rules page proves equivalent to the global definition (rules P1–P8); ``is_valid`` is
that global definition, used by the tests and by ``check()``.
"""

from __future__ import annotations

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


RING_OK = bytes(_ring_ok(b) for b in range(256))


def new_grid() -> bytes:
    """An Alhambra holding only the fountain at (0, 0)."""
    grid = bytearray(WIDTH * WIDTH)
    grid[ORIGIN] = FOUNTAIN
    return bytes(grid)


def signature(grid: bytes, cell: int) -> int:
    """The four neighbours of ``cell`` as an index into ``ALLOWED``."""
    sig = 0
    weight = 1
    for i in range(4):
        v = grid[cell + SIDE_STEPS[i]]
        if v:
            sig += weight * (2 if WALLS[v] & FACING[i] else 1)
        weight *= 3
    return sig


def ring_bits(grid: bytes, cell: int) -> int:
    bits = 0
    for i in range(8):
        if grid[cell + RING_STEPS[i]]:
            bits |= 1 << i
    return bits


def placements(grid: bytes, cells: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """Every empty cell where some tile may go, with the 16-bit set of wall masks allowed.

    The candidates are the empty cells next to the Alhambra (rule D); each then needs the
    local checks of rules B, C (``ALLOWED``) and E (``RING_OK``).
    """
    seen = set()
    out = []
    for c in cells:
        for step in SIDE_STEPS:
            n = c + step
            if grid[n] or n in seen or not INSIDE[n]:
                continue
            seen.add(n)
            allowed = ALLOWED[signature(grid, n)]
            if allowed and RING_OK[ring_bits(grid, n)]:
                out.append((n, allowed))
    out.sort()
    return tuple(out)


def can_place(grid: bytes, cell: int, tile: int) -> bool:
    """Whether ``tile`` may go on ``cell`` (rules A–E; the grid is valid before)."""
    if not INSIDE[cell] or grid[cell]:
        return False
    allowed = ALLOWED[signature(grid, cell)]
    return bool(allowed >> TILE_WALLS[tile] & 1) and bool(RING_OK[ring_bits(grid, cell)])


def can_swap(grid: bytes, cell: int, tile: int) -> bool:
    """Whether ``tile`` may replace the tile on ``cell`` (redesign c).

    The occupied cells stay the same, so E still holds; matching every occupied neighbour
    (B) keeps exactly the old open contacts, so C still holds.
    """
    v = grid[cell]
    if not v or v == FOUNTAIN:
        return False
    return bool(ALLOWED[signature(grid, cell)] >> TILE_WALLS[tile] & 1)


def swaps(grid: bytes, cells: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """For every tile but the fountain: (tile, the 16-bit set of wall masks that may replace it)."""
    out = []
    for c in cells:
        v = grid[c]
        if v != FOUNTAIN:
            out.append((v, ALLOWED[signature(grid, c)]))
    return tuple(out)


def _open_neighbours(grid: bytes, cell: int) -> list[int]:
    walls = WALLS[grid[cell]]
    return [
        cell + SIDE_STEPS[i]
        for i in range(4)
        if grid[cell + SIDE_STEPS[i]] and not walls & SIDE_BITS[i]
    ]


def removable(grid: bytes, cells: tuple[int, ...]) -> frozenset[int]:
    """The cells whose tile may be moved to the reserve (redesign b).

    Not the fountain; not a cell with all four neighbours occupied (it would leave a hole,
    rule E); and not a cut vertex of the walking graph (rule C): found with one depth-first
    search from the fountain (Hopcroft–Tarjan articulation points).
    """
    index: dict[int, int] = {ORIGIN: 0}
    low: dict[int, int] = {ORIGIN: 0}
    cut: set[int] = set()
    # iterative DFS: (cell, parent, iterator over open neighbours)
    stack = [(ORIGIN, -1, iter(_open_neighbours(grid, ORIGIN)))]
    root_children = 0
    while stack:
        cell, parent, it = stack[-1]
        advanced = False
        for n in it:
            if n == parent:
                continue
            if n in index:
                if index[n] < low[cell]:
                    low[cell] = index[n]
                continue
            index[n] = low[n] = len(index)
            if cell == ORIGIN:
                root_children += 1
            stack.append((n, cell, iter(_open_neighbours(grid, n))))
            advanced = True
            break
        if advanced:
            continue
        stack.pop()
        if parent >= 0:
            if low[cell] < low[parent]:
                low[parent] = low[cell]
            if parent != ORIGIN and low[cell] >= index[parent]:
                cut.add(parent)
    out = []
    for c in cells:
        if c == ORIGIN or c in cut:
            continue
        if all(grid[c + step] for step in SIDE_STEPS):
            continue
        out.append(c)
    return frozenset(out)


def can_remove(grid: bytes, cells: tuple[int, ...], cell: int) -> bool:
    return cell in removable(grid, cells)


def place(grid: bytes, cell: int, value: int) -> bytes:
    """A copy of ``grid`` with ``value`` on ``cell`` (0 empties it)."""
    g = bytearray(grid)
    g[cell] = value
    return bytes(g)


def longest_wall(grid: bytes, cells: tuple[int, ...]) -> int:
    """The longest continuous outer wall (圍牆), in wall sections (rule S6, decision A4).

    A wall section is outer when the cell beyond it is empty. Sections that share a lattice
    corner join; each joined group is a path or a ring in a valid Alhambra, so its size is
    the length of that wall, a closed ring counting every section.
    """
    parent: dict[int, int] = {}

    def find(x: int) -> int:
        root = x
        while parent.get(root, root) != root:
            root = parent[root]
        while parent.get(x, x) != root:
            parent[x], x = root, parent[x]
        return root

    corner_width = WIDTH + 1
    segments = []
    for c in cells:
        walls = WALLS[grid[c]]
        if not walls:
            continue
        row, col = divmod(c, WIDTH)
        top_left = row * corner_width + col
        top_right = top_left + 1
        bottom_left = top_left + corner_width
        bottom_right = bottom_left + 1
        if walls & NORTH and not grid[c - WIDTH]:
            segments.append((top_left, top_right))
        if walls & EAST and not grid[c + 1]:
            segments.append((top_right, bottom_right))
        if walls & SOUTH and not grid[c + WIDTH]:
            segments.append((bottom_left, bottom_right))
        if walls & WEST and not grid[c - 1]:
            segments.append((top_left, bottom_left))
    if not segments:
        return 0
    for a, b in segments:
        ra, rb = find(a), find(b)
        if ra != rb:
            parent[ra] = rb
    sizes: dict[int, int] = {}
    for a, _ in segments:
        r = find(a)
        sizes[r] = sizes.get(r, 0) + 1
    return max(sizes.values())


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
        for n in _open_neighbours(grid, c):
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
        for n, ok in ((c - WIDTH, row > 0), (c + WIDTH, row < WIDTH - 1), (c - 1, col > 0), (c + 1, col < WIDTH - 1)):
            if ok and 0 <= n < size and not grid[n] and n not in outside:
                outside.add(n)
                todo.append(n)
    for c in range(size):
        if not grid[c] and c not in outside:
            return f"rule E: the empty cell {xy_of(c)} is enclosed"
    return ""
