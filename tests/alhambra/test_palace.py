"""The Alhambra grid: placement rules A–E (P1–P5), removals (P6), swaps (P7), walls (S6).

Pictures are the specification's (shared/rules/alhambra.md §15, cases 14–25 and 34); each test is
named after its rule and case. The fuzz tests check the local rules against the global
definition (``is_valid``: a flood fill) on random Alhambras.
"""

from __future__ import annotations

import pytest

from eurogames.core.rng import Rng
from eurogames.games.alhambra.data import TILE_IDS, TILE_WALLS
from eurogames.games.alhambra.palace import (
    FOUNTAIN,
    ORIGIN,
    WIDTH,
    can_place,
    can_swap,
    cell_of,
    is_valid,
    longest_wall,
    new_grid,
    place,
    placements,
    removable,
    signature,
    xy_of,
)

from .helpers import CASE19, grid_from_picture


def legal_at(grid: bytes, x: int, y: int, tile: int) -> bool:
    legal = can_place(grid, cell_of(x, y), tile)
    # the global definition must agree with the local checks
    assert legal == (not grid[cell_of(x, y)] and is_valid(place(grid, cell_of(x, y), tile)) == "")
    return legal


def test_case14_p2_a_wall_may_not_face_an_open_side():
    grid = new_grid()
    assert not legal_at(grid, 1, 0, 12)  # west wall against the fountain's open east side
    assert legal_at(grid, 1, 0, 6)  # only an east wall, facing nothing


def test_case15_p3_wall_against_wall_only_is_unreachable():
    grid, _, _ = grid_from_picture(
        """
+ ++ +
 F  a
+ ++-+
   +-+
 .  X
   + +
""",
        {"a": 13},
        skip="X",
    )
    assert not legal_at(grid, 1, 1, 5)


def test_case16_p3_wall_against_wall_plus_an_open_contact_is_legal():
    grid, _, _ = grid_from_picture(
        """
+ ++ +
 F  a
+ ++-+
+ ++-+
 b  X
+ ++ +
""",
        {"a": 13, "b": 7},
        skip="X",
    )
    assert legal_at(grid, 1, 1, 20)


def test_case17_p3_a_diagonal_contact_is_not_adjacency():
    grid = new_grid()
    for tile in TILE_IDS:
        assert not legal_at(grid, 1, 1, tile)
        assert not can_place(grid, ORIGIN, tile)


def test_case18_p4_a_one_cell_hole_is_forbidden():
    grid, _, _ = grid_from_picture(
        """
+ ++ ++ +
 F  a  b
+ ++ ++ +
+ +   + +
 c  .  d
+ +   + +
+ +
 e  X  .
+ +
""",
        skip="X",
    )
    assert not legal_at(grid, 1, 2, 7)
    assert legal_at(grid, 1, 1, 7)


def test_case19_p4_a_larger_enclosed_area_is_forbidden():
    grid, _, _ = grid_from_picture(
        CASE19,
        skip="X",
    )
    assert not legal_at(grid, 2, 2, 7)


def test_case20_p4_a_c_shape_with_an_opening_is_legal():
    grid, _, _ = grid_from_picture(
        """
+ ++ ++ +
 F  a  b
+ ++ ++ +
+ +   + +
 c  .  d
+ +   + +
""",
    )
    assert legal_at(grid, 2, 2, 7)
    assert legal_at(grid, 0, 2, 7)
    assert not legal_at(grid, 1, 2, 7)


def test_case21_p5_tiles_are_never_rotated():
    grid = new_grid()
    assert legal_at(grid, 0, -1, 9)  # walls north and east: its open south faces the fountain
    assert not legal_at(grid, 0, 1, 9)  # its north wall would face the fountain


def test_case22_p6_a_removal_may_not_leave_a_hole():
    grid, cells, _ = grid_from_picture(
        """
+ ++ ++ +
 F  b  c
+ ++ ++ +
+ ++ ++ +
 d  e  f
+ ++ ++ +
+ ++ ++ +
 g  h  i
+ ++ ++ +
""",
    )
    free = removable(grid, cells)
    assert cell_of(1, 1) not in free
    assert cell_of(2, 2) in free
    assert ORIGIN not in free


def test_case23_p6_a_removal_may_not_cut_the_walking_path():
    grid, cells, _ = grid_from_picture(
        """
+ ++ +
 F  a
+ ++ +
+ ++ +
 c||b
+ ++ +
""",
        {"a": 7, "b": 12, "c": 6},
    )
    assert is_valid(grid) == ""
    free = removable(grid, cells)
    assert cell_of(1, 0) not in free  # a: b would touch c only wall against wall
    assert cell_of(1, 1) in free and cell_of(0, 1) in free
    assert ORIGIN not in free


def test_case24_p7_a_swap_checks_only_the_neighbours_edges():
    grid, _, _ = grid_from_picture(
        """
+ ++ +
 F  a
+ ++ +
+ ++ +
 c||b
+ ++ +
""",
        {"a": 7, "b": 12, "c": 6},
    )
    b = cell_of(1, 1)
    assert can_swap(grid, b, 30)
    assert can_swap(grid, b, 2)  # its extra south wall faces an empty cell
    assert not can_swap(grid, b, 7)
    assert not can_swap(grid, b, 13)
    assert not can_swap(grid, ORIGIN, 7)
    for tile in (30, 2, 7, 13):  # the global definition agrees
        assert can_swap(grid, b, tile) == (is_valid(place(grid, b, tile)) == "")


RING = """
+-++-++-+
|a  b  c|
+ ++ ++ +
+ ++ ++ +
|h  F  d|
+ ++ ++ +
+ ++ ++ +
|g  f  e|
+-++-++-+
"""
RING_IDS = {"a": 4, "b": 5, "c": 9, "d": 6, "e": 3, "f": 13, "g": 2, "h": 12}


def test_case25_p8_a_closed_ring_cannot_grow():
    grid, cells, _ = grid_from_picture(RING, RING_IDS)
    assert is_valid(grid) == ""
    assert placements(grid, cells) == ()


@pytest.mark.parametrize(
    ("picture", "ids", "length"),
    [
        (  # internal walls do not count
            """
+ ++-++-+
 F  a||b
+ ++ ++ +
   + ++ +
 .  c  d
   + ++ +
""",
            {"a": 9, "b": 4},
            2,
        ),
        (  # a gap breaks the wall
            """
+ ++-++-++ ++-+
 F  a  b  c  d
+ ++ ++ ++ ++ +
""",
            {"a": 5, "b": 20, "d": 39},
            2,
        ),
        (  # corners join
            """
+ ++-+
 F  a| .
+ ++ +
   + ++-+
 .  b  c|
   + ++ +
""",
            {"a": 9, "c": 17},
            4,
        ),
        (RING, RING_IDS, 12),  # a closed ring counts every section (A4)
        (  # walls into a bay are outer but separate
            """
+ ++ ++ +
 F  a  b
+ ++ ++ +
+ +   + +
 c| . |d
+ +   + +
""",
            {"c": 6, "d": 12},
            1,
        ),
    ],
)
def test_case34_s6_wall_lengths(picture, ids, length):
    grid, cells, _ = grid_from_picture(picture, ids)
    assert is_valid(grid) == ""
    assert longest_wall(grid, cells) == length


def test_fountain_only_has_no_wall_and_four_open_cells():
    grid = new_grid()
    assert longest_wall(grid, (ORIGIN,)) == 0
    assert [xy_of(c) for c, _ in placements(grid, (ORIGIN,))] == [(0, -1), (-1, 0), (1, 0), (0, 1)]


def _random_alhambra(rng: Rng, size: int) -> tuple[bytes, tuple[int, ...]]:
    grid = new_grid()
    cells = (ORIGIN,)
    tiles = list(TILE_IDS)
    rng.shuffle(tiles)
    for tile in tiles[:size]:
        options = [c for c, allowed in placements(grid, cells) if allowed >> TILE_WALLS[tile] & 1]
        if options:
            c = rng.choice(options)
            grid = place(grid, c, tile)
            cells = (*cells, c)
    return grid, cells


def _walls_by_walking(grid: bytes, cells: tuple[int, ...]) -> int:
    """S6 restated plainly: outer sections as pairs of lattice corners, grouped by walking
    from corner to corner; the largest group's size."""
    steps = {1: -WIDTH, 2: 1, 4: WIDTH, 8: -1}  # north, east, south, west bits
    sections = []
    for c in cells:
        row, col = divmod(c, WIDTH)
        nw = (row, col)
        corners = {1: (nw, (row, col + 1)), 2: ((row, col + 1), (row + 1, col + 1)),
                   4: ((row + 1, col), (row + 1, col + 1)), 8: (nw, (row + 1, col))}
        walls = TILE_WALLS[grid[c]] if grid[c] in TILE_IDS else 0  # the fountain has none
        for bit, step in steps.items():
            if walls & bit and not grid[c + step]:
                sections.append(corners[bit])
    best, seen = 0, set()
    for start in range(len(sections)):
        if start in seen:
            continue
        group, todo = {start}, [start]
        while todo:
            i = todo.pop()
            for j, other in enumerate(sections):
                if j not in group and set(other) & set(sections[i]):
                    group.add(j)
                    todo.append(j)
        seen |= group
        best = max(best, len(group))
    return best


def test_s6_longest_wall_matches_a_plain_walk_on_random_alhambras():
    rng = Rng(13)
    lengths = set()
    for _ in range(150):
        grid, cells = _random_alhambra(rng, rng.below(40) + 1)
        found = longest_wall(grid, cells)
        assert found == _walls_by_walking(grid, cells)
        lengths.add(found)
    assert len(lengths) > 8  # walls of many lengths were compared


def test_local_placement_checks_agree_with_the_global_definition():
    rng = Rng(11)
    checked = 0
    for _ in range(60):
        grid, cells = _random_alhambra(rng, rng.below(30) + 1)
        assert is_valid(grid) == ""
        steps = (-WIDTH - 1, -WIDTH, -WIDTH + 1, -1, 1, WIDTH - 1, WIDTH, WIDTH + 1)
        near = {c + d for c in cells for d in steps} - set(cells)
        for c in sorted(near):
            for tile in (7, 12, 9, 15, 2, 13):
                local = can_place(grid, c, tile)
                assert local == (is_valid(place(grid, c, tile)) == ""), (xy_of(c), tile)
                checked += 1
    assert checked > 1000


def test_removal_and_swap_checks_agree_with_the_global_definition():
    rng = Rng(12)
    for _ in range(60):
        grid, cells = _random_alhambra(rng, rng.below(30) + 1)
        free = removable(grid, cells)
        used = {grid[c] for c in cells}
        spare = [t for t in TILE_IDS if t not in used][:12]
        for c in cells:
            if c == ORIGIN:
                assert c not in free
                continue
            assert (c in free) == (is_valid(place(grid, c, 0)) == "")
            for tile in spare:
                assert can_swap(grid, c, tile) == (is_valid(place(grid, c, tile)) == "")
        assert grid[ORIGIN] == FOUNTAIN


def test_the_states_incremental_frontier_and_cut_cells_match_a_fresh_search():
    """The state updates each seat's frontier around every change, its signatures and ring
    patterns, its cut cells through leaf placements, leaf removals and swaps, its removable
    cells through swaps and its purses card by card; each must equal a computation from
    scratch, and the cached redesign actions a fresh state's. Clones share the geometry
    until one is played on: playing a clone leaves the original's caches right."""
    from eurogames.games.alhambra.palace import cut_cells, frontier, signatures
    from eurogames.games.alhambra.rules import _totals, purses

    from .helpers import GAME

    checked = 0
    for seed in range(4):
        state = GAME.new(3 if seed % 2 else 2, seed=seed)
        rng = Rng(seed)
        while not state.is_over():
            fresh = GAME.from_json(state.to_json()) if state.ply % 3 == 0 else None
            for p in range(state.players):
                grid, cells = state.grids[p], state.cells[p]
                palace = state._palaces[p]
                if palace.front is not None:
                    assert state.placements(p) == tuple(sorted(frontier(grid, cells).items()))
                    checked += 1
                if palace.cut is not None:
                    assert palace.cut == cut_cells(grid)
                    checked += 1
                if palace.sig is not None:
                    assert palace.sig == signatures(grid, cells)
                    checked += 1
                if palace.free is not None:
                    assert palace.free == tuple(sorted(removable(grid, cells)))
                    checked += 1
                cached = state._purses[p]
                if cached is not None and cached[0] is state.hands[p]:
                    held = purses(state.hands[p])
                    assert cached[1:] == (held, _totals(held))
                    checked += 1
                if fresh is not None and state._redesign[p] is not None:
                    assert state._redesign[p] == fresh._redesign_actions(p)
            if fresh is not None:
                assert fresh.legal_actions() == state.legal_actions()
            if state.ply % 5 == 0:  # a clone played on, then the original asked again
                other = state.clone()
                for _ in range(3):
                    if not other.is_over():
                        other.apply(rng.choice(other.legal_actions()))
                state.legal_actions()
                state = state if state.ply % 10 else other
            if state.is_over():
                break
            state.apply(rng.choice(state.legal_actions()))
    assert checked > 5000


def test_the_kept_signatures_and_ring_patterns_match_the_neighbours():
    """``signatures`` holds each cell's four-neighbour signature and eight-cell ring pattern,
    and ``resign`` moves both along through placements, removals and swaps."""
    from eurogames.games.alhambra.palace import RINGS, resign, ring_bits, signatures

    rng = Rng(13)
    for _ in range(40):
        grid, cells = _random_alhambra(rng, rng.below(25) + 1)
        sig = signatures(grid, cells)
        steps = (0, -WIDTH - 1, -WIDTH, -WIDTH + 1, -1, 1, WIDTH - 1, WIDTH, WIDTH + 1)
        near = {c + d for c in cells for d in steps}
        for c in near:
            assert sig[c] == signature(grid, c)
            assert sig[RINGS + c] == ring_bits(grid, c)
        for c in cells:  # empty each cell in turn, then refill it with another tile
            if c == ORIGIN:
                continue
            emptied = place(grid, c, 0)
            moved = resign(sig, c, grid[c], 0)
            assert moved == signatures(emptied, [d for d in cells if d != c])
            spare = next(t for t in TILE_IDS if t not in grid)
            assert resign(moved, c, 0, spare) == signatures(place(grid, c, spare), cells)
            assert resign(sig, c, grid[c], spare) == signatures(place(grid, c, spare), cells)
        assert sig == signatures(grid, cells)  # resign leaves the array it was given intact


def test_clones_share_per_seat_caches_safely_while_both_are_played():
    """A state changes its Alhambras' signature arrays and frontiers in place only while it
    holds them alone (``change_in_place``); a clone shares them until either writes. Parents
    and clones played down different paths must each match a state rebuilt from their JSON,
    and playing a clone must never change its parent."""
    import json

    from .helpers import GAME

    checked = 0
    for seed in range(12):
        players = 2 + seed % 5
        rng = Rng(seed + 99)
        family = [GAME.new(players, seed=seed)]
        while family and checked < 4000:
            for state in list(family):
                if state.is_over():
                    family.remove(state)
                    continue
                fresh = GAME.from_json(state.to_json())
                assert state.legal_actions() == fresh.legal_actions(), (seed, state.ply)
                for p in range(state.players):
                    assert state.placements(p) == fresh.placements(p)
                    assert state.removable_cells(p) == fresh.removable_cells(p)
                checked += 1
                if rng.below(4) == 0 and len(family) < 6:  # the clone goes its own way
                    clone = state.clone()
                    before = json.dumps(state.to_json()), [a.id for a in state.legal_actions()]
                    for _ in range(rng.below(5) + 1):
                        if clone.is_over():
                            break
                        clone.apply(rng.choice(clone.legal_actions()))
                    after = json.dumps(state.to_json()), [a.id for a in state.legal_actions()]
                    assert after == before
                    family.append(clone)
                state.apply(rng.choice(state.legal_actions()))
            if len(family) > 4:
                family = family[:1] + family[-3:]
    assert checked > 1000


def test_lone_step_finds_the_only_open_contact_of_every_occupied_cell():
    """The cut-cell bookkeeping spots a new or removed dead-end tile from its signature
    (``LONE_STEP``); it must agree with ``open_contacts`` on real Alhambras."""
    from eurogames.games.alhambra.palace import LONE_STEP, open_contacts, signature

    from .helpers import GAME

    rng = Rng(5)
    seen = 0
    for seed in range(10):
        state = GAME.new(3, seed=seed)
        while not state.is_over():
            state.apply(rng.choice(state.legal_actions()))
            if state.ply % 5:
                continue
            for p in range(state.players):
                grid = state.grids[p]
                for cell in state.cells[p]:
                    contacts = open_contacts(grid, cell)
                    step = LONE_STEP[signature(grid, cell)]
                    assert step == (contacts[0] - cell if len(contacts) == 1 else 0), (seed, cell)
                    seen += 1
    assert seen > 1000
