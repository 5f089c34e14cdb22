"""Alhambra's hot rules compiled (``_crules.c``) against their definitions in Python: the
placing and redesign actions (``tile_moves.py``), the cut cells, the frontier's judging and
the signatures moved along with a change (``palace.py``).

Every call the engine makes in seeded random games (2, 3 and 6 players, clones included) is
made on both routes and the results compared: the same actions in the same order, the same
map in the same order, the same frontier and order after judging. Where the module was not
built the tests skip, and fail instead where CI requires it (EUROGAMES_REQUIRE_COMPILED).
"""

from __future__ import annotations

import os

import pytest

import eurogames
from eurogames.core.rng import Rng
from eurogames.games.alhambra import palace, rules, tile_moves
from eurogames.games.alhambra.actions import PLACE_BY_TILE, RESERVE_BY_TILE
from eurogames.games.alhambra.palace import ORIGIN, new_grid

GAMES = 30 if os.environ.get("EUROGAMES_LONG") else 4


@pytest.fixture(scope="module")
def compiled(built):
    module = built(tile_moves.COMPILED, "Alhambra's _crules")
    assert palace.COMPILED is module
    return module


def play(players: int, games: int, seed: int) -> int:
    """Seeded random games, each position cloned and the clone played on too (as a search
    does); the number of decisions."""
    game = eurogames.load("alhambra")
    decisions = 0
    for g in range(games):
        rng = Rng(seed + g)
        state = game.new(players, seed=seed + g)
        while not state.is_over():
            legal = state.legal_actions()
            if decisions % 5 == 0:
                state.clone().apply(rng.choice(legal))
            state.apply(rng.choice(legal))
            decisions += 1
    return decisions


@pytest.mark.parametrize("players", [2, 3, 6])
def test_every_call_gives_what_the_definition_gives(compiled, monkeypatch, players):
    calls = {"redesign": 0, "placing": 0, "cut": 0, "judge": 0, "signatures": 0}

    def redesign(reserve, order, sig, free, grid, cells):
        calls["redesign"] += 1
        fast = compiled.redesign_actions(reserve, order, sig, free, grid, cells)
        assert fast == tile_moves.redesign_actions(reserve, order, sig, free, grid, cells)
        return fast

    def placing(pending, order, sig, with_dirk):
        calls["placing"] += 1
        fast = compiled.placing_actions(pending, order, sig, with_dirk)
        assert fast == tile_moves.placing_actions(pending, order, sig, with_dirk)
        return fast

    def cut(grid):
        calls["cut"] += 1
        fast = compiled.cut_cells(grid)
        assert list(fast.items()) == list(palace.cut_cells(grid).items())
        return fast

    def judge(front, order, grid, sig, cells):
        calls["judge"] += 1
        plain_front, plain_order = dict(front), list(order)
        palace._judge(plain_front, plain_order, grid, sig, cells)
        compiled.judge(front, order, grid, sig, cells)
        assert list(front.items()) == list(plain_front.items())
        assert order == plain_order

    def move(sig, cell, old, new):
        calls["signatures"] += 1
        plain = bytearray(sig)
        palace.move_signatures(plain, cell, old, new)
        compiled.move_signatures(sig, cell, old, new)
        assert sig == plain

    monkeypatch.setattr(rules, "REDESIGN", redesign)
    monkeypatch.setattr(palace, "MOVE_SIGNATURES", move)
    monkeypatch.setattr(rules, "PLACE_PENDING", placing)
    monkeypatch.setattr(palace, "CUT_CELLS", cut)
    monkeypatch.setattr(palace, "JUDGE", judge)
    assert play(players, GAMES, seed=players * 100) > 0
    assert min(calls.values()) > 0, calls  # each function was exercised


def test_the_rules_call_the_compiled_route(compiled):
    assert rules.REDESIGN is compiled.redesign_actions
    assert rules.PLACE_PENDING is compiled.placing_actions
    assert palace.CUT_CELLS is compiled.cut_cells
    assert palace.JUDGE is compiled.judge
    assert palace.MOVE_SIGNATURES is compiled.move_signatures


def test_pure_python_calls_the_definitions(pure_python_run):
    """EUROGAMES_PURE_PYTHON=1: the rules call the definitions, and play the same."""
    code = (
        "from eurogames.games.alhambra import palace, rules, tile_moves as t\n"
        "assert rules.REDESIGN is t.redesign_actions and rules.PLACE_PENDING is "
        "t.placing_actions\n"
        "assert palace.CUT_CELLS is palace.cut_cells and palace.JUDGE is palace._judge\n"
        "assert palace.MOVE_SIGNATURES is palace.move_signatures\n"
        "import eurogames\n"
        "s = eurogames.load('alhambra').new(3, seed=7)\n"
        "from eurogames.core.rng import Rng\n"
        "r = Rng(7)\n"
        "while not s.is_over(): s.apply(r.choice(s.legal_actions()))\n"
        "print(s.scores())\n"
    )
    pure = pure_python_run(code)
    state = eurogames.load("alhambra").new(3, seed=7)
    rng = Rng(7)
    while not state.is_over():
        state.apply(rng.choice(state.legal_actions()))
    assert pure == str(state.scores())


def test_a_fountain_alone_has_no_cut_cell(compiled):
    grid = new_grid()
    assert compiled.cut_cells(grid) == palace.cut_cells(grid) == {}


def test_the_compiled_functions_refuse_bad_input(compiled):
    grid = new_grid()
    sig = palace.signatures(grid, (ORIGIN,))
    with pytest.raises(TypeError, match="reserve must be a tuple or a list"):
        compiled.redesign_actions("ab", [], sig, (), grid, (ORIGIN,))
    with pytest.raises(ValueError, match="reserve: 999 is out of range"):
        compiled.redesign_actions((999,), [], sig, (), grid, (ORIGIN,))
    with pytest.raises(ValueError, match="order: .* is out of range"):
        compiled.placing_actions((1,), [10**6], sig, False)
    with pytest.raises(TypeError, match="grid must be bytes or a bytearray"):
        compiled.cut_cells([0, 1])
    with pytest.raises(ValueError, match="another size"):
        compiled.cut_cells(b"\x00" * 10)
    with pytest.raises(TypeError, match="front must be a dict"):
        compiled.judge([], [], grid, sig, ())
    with pytest.raises(TypeError, match=r"redesign_actions\(reserve, order"):
        compiled.redesign_actions()
    with pytest.raises(TypeError, match="sig must be a bytearray"):
        compiled.move_signatures(bytes(sig), ORIGIN, 0, 1)
    with pytest.raises(ValueError, match="outside the playable square"):
        compiled.move_signatures(sig, 0, 0, 1)
    with pytest.raises(ValueError, match="byte must be in range"):  # nothing there to take
        compiled.move_signatures(bytearray(sig), ORIGIN + 2, 1, 0)


def test_signatures_moved_in_place_match_the_search_from_scratch(compiled):
    """A tile placed, swapped and removed next to the fountain: the array moved along in
    place equals ``signatures`` worked out from the grid, on both routes."""
    grid = bytearray(new_grid())
    cell = ORIGIN + 1
    for move in (compiled.move_signatures, palace.move_signatures):
        sig = palace.signatures(bytes(grid), (ORIGIN,))
        for old, new in ((0, 5), (5, 9), (9, 0)):
            move(sig, cell, old, new)
            grid[cell] = new
            cells = (ORIGIN, cell) if new else (ORIGIN,)
            assert sig == palace.signatures(bytes(grid), cells)


def test_a_placement_lists_the_reserve_and_dirk_after_the_cells(compiled):
    """P9 for one tile next to the fountain alone: its cells in order, then the reserve,
    then (two players) Dirk, on both routes."""
    grid = new_grid()
    geometry = palace.PalaceGeometry()
    order = geometry.open_cells(grid, (ORIGIN,))[1]
    for tile in (1, 17, 54):
        for with_dirk in (False, True):
            fast = compiled.placing_actions((tile,), order, geometry.sig, with_dirk)
            assert fast == tile_moves.placing_actions((tile,), order, geometry.sig, with_dirk)
            cells = [a for a in fast if a in PLACE_BY_TILE[tile]]
            assert fast[: len(cells)] == cells and cells
            assert fast[len(cells)] is RESERVE_BY_TILE[tile]
            assert len(fast) == len(cells) + 1 + with_dirk
