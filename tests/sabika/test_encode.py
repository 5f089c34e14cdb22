"""Sabika's compiled observation route (_cencode.c beside encode.py): it gives the view
route's very bytes, reads only what the view shows (I1–I4, Q41), and refuses a state the
rules could never reach with an error naming what is wrong, never reading beyond its tables.

The generic checks every encoder passes (sizes, bounds, leaks, the compiled route equal to
the view route at every decision of random games) are in tests/rl.
"""

from __future__ import annotations

from typing import Any

import pytest

np = pytest.importorskip("numpy")

from eurogames.core.rng import Rng  # noqa: E402
from eurogames.rl.encoding import encoder  # noqa: E402

from .helpers import new, playing  # noqa: E402


@pytest.fixture(scope="module")
def compiled(built):
    return built(encoder("sabika").COMPILED, "Sabika's compiled encoder")


@pytest.fixture(scope="module")
def observe(compiled):
    """The observation's bytes by the compiled route."""
    return lambda state, seat: bytes(compiled.encode(state, seat))


def view_route(state, seat):
    return encoder("sabika").encode(state.view(seat), state.players).tobytes()


def played(players: int, plies: int, seed: int = 2, **options: Any):
    state = new(players, seed, **options)
    rng = Rng(seed)
    for _ in range(plies):
        if state.is_over():
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_compiled_route_is_the_view_route_at_the_start_tiles(players, observe):
    """Before the reveal the other seats' start tiles are hidden (I2): the view and the
    compiled route read none of them."""
    state = new(players, seed=5)
    for seat in (*range(players), None):
        assert observe(state, seat) == view_route(state, seat)


@pytest.mark.parametrize("players", [1, 2, 4])
def test_redrawn_hidden_information_changes_no_observation(players, observe):
    """I4: decks and stacks reshuffled, other seats' start tiles and the draws to come
    redrawn: what the seat sees, and so its observation, stays."""
    state = played(players, 40)
    for seat in range(players):
        for seed in range(5):
            twin = state.resample_hidden(seat, seed)
            assert observe(twin, seat) == observe(state, seat)


def test_hidden_piles_count_by_size_alone(observe):
    """I1: a deck's, a stack's and Yusuf's face-down tiles' and decks' orders are not seen."""
    state = played(1, 60)
    twin = state.clone()
    twin.thaw()
    d = twin.d
    for key in ("small_deck", "minor_deck"):
        d[key] = tuple(reversed(d[key]))
    d["stacks"] = {k: tuple(reversed(v)) for k, v in d["stacks"].items()}
    d["y"]["tiles"] = tuple(reversed(d["y"]["tiles"]))
    d["y"]["decks"] = {k: tuple(reversed(v)) for k, v in d["y"]["decks"].items()}
    assert observe(twin, 0) == observe(state, 0)
    d["small_deck"] = d["small_deck"][1:]  # one card fewer is seen
    assert observe(twin, 0) != observe(state, 0)


@pytest.mark.parametrize("face_down", [False, True])
def test_face_down_wishes_are_seen_only_in_the_tower(face_down, observe):
    """Q41: with wishes_face_down, the wish tiles not yet in the tower are seen by no seat."""
    state = new(2, seed=3, wishes_face_down=face_down)
    twin = state.clone()
    twin.thaw()
    assert not twin.d["tower"]
    wishes = list(twin.d["wishes"])
    wishes[2] = next(w for w in ("A1", "A2", "A3") if w != wishes[2])
    twin.d["wishes"] = tuple(wishes)
    for seat in (0, 1, None):
        assert (observe(twin, seat) == observe(state, seat)) is face_down
        assert observe(twin, seat) == view_route(twin, seat)


def thawed(players: int = 2) -> Any:
    state = playing(players, seed=3).clone()
    state.thaw()
    return state


def seat_part(key: str, value: Any, seat: int = 0):
    def corrupt(d):
        d["p"][seat][key] = value
    return corrupt


def board_part(key: str, value: Any):
    def corrupt(d):
        d[key] = value
    return corrupt


@pytest.mark.parametrize(
    ("corrupt", "error"),
    [
        (board_part("phase", "auction"), ValueError),  # no such phase
        (board_part("round", 6), ValueError),  # five rounds (R9)
        (board_part("stack", [{"k": "turn", "seat": 5}]), ValueError),  # no seat 5 at the table
        (board_part("sultans", ("o1", 7)), TypeError),  # a space is named
        (board_part("raws", {"r1": 3}), ValueError),  # three kinds of goods
        (board_part("marble", {"k1": 2}), IndexError),  # a marble slot holds one
        (board_part("large", (22,)), IndexError),  # 21 large building tiles
        (board_part("small", [0, 0, 37, 0]), IndexError),  # 36 small building cards
        (board_part("major", ["A1", "Z9"]), ValueError),  # no such major poem
        (board_part("whd", [1, 2, 3, -4]), IndexError),
        (board_part("small_deck", 30), TypeError),  # a pile, not a count
        (board_part("stacks", {"left": ()}), ValueError),  # the right stack missing
        (board_part("cities", {}), ValueError),  # every city has its tile
        (board_part("seals", ("atlantis",)), ValueError),
        (board_part("trade", 9), IndexError),  # 8 trade cards
        (board_part("wishes", ("A1", "B1")), ValueError),  # three wish tiles (U6)
        (board_part("tower", ("A1", "B1", "C1", "A2")), IndexError),  # the tower holds three
        (board_part("bag", [1, 2]), ValueError),  # three kinds of raw goods
        (board_part("supply", [1, 2, 3, "4"]), TypeError),
        (board_part("p", []), ValueError),  # one holdings per seat
        (seat_part("dinars", -1), IndexError),
        (seat_part("favour", 7), IndexError),  # the favour track ends at 6 (F1)
        (seat_part("seals", 10), IndexError),  # 9 seals in the game
        (seat_part("pts", {"start": "5"}), TypeError),
        (seat_part("pts", [5]), TypeError),  # score parts by name
        (seat_part("mat", (1, 2, 3)), ValueError),  # four materials
        (seat_part("store", (5, 0, 0)), IndexError),  # MN16 holds at most 4
        (seat_part("raw", (2, 0, 0)), IndexError),  # a raw good of a kind or none
        (seat_part("houses", ((0, 25),)), IndexError),  # 24 warehouse tiles
        (seat_part("houses", ((0, 0),)), IndexError),  # tile 0 is the starting tile alone
        (seat_part("houses", (0,)), TypeError),  # a warehouse is its tiles
        (seat_part("ships", {"florence": 3}), ValueError),  # left or consolidated
        (seat_part("work", ("", "", ""), 1), ValueError),  # four workers
        (seat_part("work", (1, "", "", "")), TypeError),
        (seat_part("up", (2, True, True, True)), ValueError),
        (seat_part("large", (0,)), IndexError),
        (seat_part("row", (0, 40)), IndexError),
        (seat_part("colour", "purple"), ValueError),
        (seat_part("colour", None), TypeError),
    ],
)
def test_compiled_route_refuses_a_corrupt_state(corrupt, error, compiled):
    """A position the rules could never reach is refused with what is wrong named, never
    read beyond a table."""
    state = thawed()
    corrupt(state.d)
    with pytest.raises(error, match="sabika observation"):
        compiled.encode(state, 0)


@pytest.mark.parametrize(
    ("key", "value", "error"),
    [
        ("tiles", (1, 2, 3, 4, 5), IndexError),  # four worker tiles (YS5)
        ("decks", {"master_builder": (), "merchant": ()}, ValueError),  # the poets' missing
        ("favour", 9, IndexError),
        ("pts", {"start": 1.5}, TypeError),
        ("work", ("", "", "", "x9", ""), ValueError),
    ],
)
def test_compiled_route_refuses_a_corrupt_yusuf(key, value, error, compiled):
    state = thawed(1)
    state.d["y"][key] = value
    with pytest.raises(error, match="sabika observation"):
        compiled.encode(state, 0)


def test_compiled_route_refuses_what_is_no_state(compiled):
    module = compiled
    state = thawed()
    with pytest.raises(ValueError, match="sabika observation: seat 2 of 2 players"):
        module.encode(state, 2)
    with pytest.raises(ValueError, match="sabika observation: out holds 8 bytes"):
        module.encode(state, 0, bytearray(8))
    with pytest.raises(BufferError):  # bytes are read-only
        module.encode(state, 0, bytes(len(module.encode(state, 0))))
    state.d = []
    with pytest.raises(TypeError, match="sabika observation: state.d must be a dict"):
        module.encode(state, 0)
    state = thawed()
    state.players = 5
    with pytest.raises(ValueError, match="sabika observation: 5 players"):
        module.encode(state, 0)
