"""The compiled observation routes (``_cencode.c`` beside each game's ``encode.py``): how they
are chosen, written into a caller's array, and how they refuse what they cannot encode.

That they give the view route's very bytes is tested with the other routes in
test_fast_route.py.
"""

from __future__ import annotations

import dataclasses
import os
import subprocess
import sys

import pytest

np = pytest.importorskip("numpy")

import eurogames  # noqa: E402
from eurogames.core.rng import Rng  # noqa: E402
from eurogames.rl.encoding import (  # noqa: E402
    Encoder,
    Encoding,
    ObservationMismatchError,
    encoder,
    encodings,
    pure_python,
)

from .helpers import ENCODED  # noqa: E402
from .test_fast_route import compiled_entry, route  # noqa: E402


def compiled(name: str):
    """The game's compiled module."""
    route(name, "compiled")  # skips (or fails, where CI requires it) when it was not built
    return encoder(name).COMPILED


def entry(name: str, encoding: str | None = None):
    """The compiled ``encode(state, seat, out=None)`` of one of the game's encodings."""
    encoding = encoding or encodings(name)[0]
    route(name, "compiled", encoding)
    return compiled_entry(encoder(name, encoding))


def test_pure_python_leaves_the_compiled_route_unused():
    """EUROGAMES_PURE_PYTHON=1: the adapters take the Python route (and still observe)."""
    code = (
        "import importlib, eurogames\n"
        "from eurogames.rl.encoding import Encoder, encoder, encodings\n"
        "for name in eurogames.games():\n"
        "    for e in encodings(name):\n"
        "        m = encoder(name, e)\n"
        "        assert m.encode_state is m.encode_state_python, (name, e)\n"
        "        state = eurogames.load(name).new(2, seed=1)\n"
        "        observed = Encoder(name, 2, check=True, encoding=e).observe(state, 0)\n"
        "        assert observed.shape == (m.observation_size(2, {}),)\n"
        "print('ok')\n"
    )
    env = {**os.environ, "EUROGAMES_PURE_PYTHON": "1"}
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok"


@pytest.mark.parametrize(("name", "encoding"), ENCODED)
def test_observe_into_writes_the_observation(name, encoding):
    encode = Encoder(name, 3, encoding=encoding)
    state = eurogames.load(name).new(3, seed=5)
    for _ in range(30):
        state.apply(state.legal_actions()[0])
    out = np.full(encode.size, 5.0, np.float32)
    for seat in (0, 2, None):
        encode.observe_into(state, seat, out)
        assert out.tobytes() == encode(state.view(seat)).tobytes()


@pytest.mark.parametrize(
    ("out", "message"),
    [
        (np.zeros(3, np.float32), r"out must be float32 of shape \(310,\), not float32 of shape \(3,\)"),
        (np.zeros(310, np.float64), r"out must be float32 of shape \(310,\), not float64"),
    ],
)
def test_observe_into_refuses_a_wrong_array(out, message):
    state = eurogames.load("splendor").new(2, seed=1)
    with pytest.raises(ValueError, match=message):
        Encoder("splendor", 2).observe_into(state, 0, out)


def test_observe_into_checks_like_observe(monkeypatch):
    encode = Encoder("splendor", 2, check=True)
    state = eurogames.load("splendor").new(2, seed=1)

    def drifted(state, seat, out):
        out[:] = encode(state.view(seat))
        out[7] += 1.0

    monkeypatch.setattr(encode, "_into", drifted)
    with pytest.raises(ObservationMismatchError, match=r"entries \[7\]"):
        encode.observe_into(state, 0, np.zeros(encode.size, np.float32))
    with pytest.raises(ValueError, match="seat must be 0 to 1 or None, not 2"):
        encode.observe_into(state, 2, np.zeros(encode.size, np.float32))


@pytest.mark.parametrize(("name", "encoding"), ENCODED)
def test_compiled_route_refuses_a_wrong_seat_or_buffer(name, encoding):
    encode = entry(name, encoding)
    state = eurogames.load(name).new(2, seed=3)
    size = encoder(name, encoding).observation_size(2, {})
    with pytest.raises(ValueError, match="seat 2 of 2 players"):
        encode(state, 2)
    with pytest.raises(ValueError, match="seat -1 of 2 players"):
        encode(state, -1)
    with pytest.raises(TypeError, match="seat must be an integer or None"):
        encode(state, True)
    with pytest.raises(ValueError, match=f"out holds 8 bytes, not {4 * size}"):
        encode(state, 0, np.zeros(2, np.float32))
    read_only = np.zeros(size, np.float32)
    read_only.flags.writeable = False
    with pytest.raises(ValueError, match="read-only"):  # numpy's refusal of a writable buffer
        encode(state, 0, read_only)
    with pytest.raises(BufferError, match="not writable"):
        encode(state, 0, b"\0" * (4 * size))
    with pytest.raises(TypeError):
        encode(state, 0, [0.0] * size)  # no buffer at all
    with pytest.raises(AttributeError):
        encode(object(), 0)


@pytest.mark.parametrize("name", eurogames.games())
def test_compiled_setup_refuses_broken_tables_and_keeps_its_own(name):
    module = compiled(name)
    encode = entry(name)
    state = eurogames.load(name).new(2, seed=3)
    before = bytes(encode(state, 1))
    with pytest.raises(TypeError):
        module.setup([])
    with pytest.raises(ValueError, match="is missing"):
        module.setup({})
    assert bytes(encode(state, 1)) == before


@pytest.mark.parametrize(
    ("field", "value", "error"),
    [
        ("supply", [4, 4, 4, 4, 99, 5], IndexError),  # more gems than the rules allow
        ("market", [1] * 11, ValueError),  # a slot missing
        ("market", [1] * 11 + [500], IndexError),  # no such card
        ("tokens", [(0,) * 6], ValueError),  # one seat's tokens for two seats
        ("points", ["3", 0], TypeError),
        ("reserved", [(5, 6, 7, 8), ()], ValueError),  # four reserved cards (R11 allows three)
    ],
)
def test_compiled_splendor_refuses_a_corrupt_state(field, value, error):
    """A state the rules could never reach is refused with the field named, as the Python
    route refuses it, never read beyond a table."""
    module = compiled("splendor")
    state = eurogames.load("splendor").new(2, seed=3)
    setattr(state, field, value)
    if field == "reserved":
        state.blind = [(False,) * 4, ()]
    with pytest.raises(error, match="splendor observation"):
        module.encode(state, 0)


def test_compiled_longest_wall_is_the_palace_s():
    """The C port of palace.longest_wall (S6) agrees on every Alhambra of random games."""
    from importlib import import_module

    longest_wall = import_module("eurogames.games.alhambra.palace").longest_wall
    module = compiled("alhambra")
    game = eurogames.load("alhambra")
    seen = set()
    for seed in range(6):
        state = game.new(3, seed=seed)
        rng = Rng(seed)
        while not state.is_over():
            state.apply(rng.choice(state.legal_actions()))
            for grid, cells in zip(state.grids, state.cells, strict=True):
                if grid not in seen:
                    seen.add(grid)
                    assert module.longest_wall(grid, cells) == longest_wall(grid, cells)
    assert len(seen) > 200


@pytest.mark.parametrize(
    ("field", "value", "error"),
    [
        ("market", (1, 2, 3), ValueError),  # a slot missing
        ("market", (1, 2, 3, 99), IndexError),  # no such tile
        ("bag", (0, 5), IndexError),  # tile 0 is no tile
        ("hands", [(0,) * 35, (0,) * 36], ValueError),  # a hand short of a money card
        ("points", [1, "2"], TypeError),
        ("grids", [bytearray(27 * 27), bytes(27 * 27)], TypeError),  # grids are bytes
    ],
)
@pytest.mark.parametrize("encoding", encodings("alhambra"))
def test_compiled_alhambra_refuses_a_corrupt_state(field, value, error, encoding):
    encode = entry("alhambra", encoding)
    state = eurogames.load("alhambra").new(2, seed=3)
    setattr(state, field, value)
    with pytest.raises(error, match="alhambra observation"):
        encode(state, 0)


@pytest.mark.parametrize("encoding", encodings("alhambra"))
def test_compiled_alhambra_refuses_a_tile_off_the_square(encoding):
    """A grid value that is no tile, in a cell the palace holds, is refused, not encoded."""
    encode = entry("alhambra", encoding)
    state = eurogames.load("alhambra").new(2, seed=3)
    grid = bytearray(state.grids[0])
    cell = state.cells[0][0]  # the fountain's cell
    grid[cell + 1] = 99
    state.grids = [bytes(grid), state.grids[1]]
    state.cells = [(*state.cells[0], cell + 1), state.cells[1]]
    with pytest.raises(IndexError, match="alhambra observation: cell .* holds 99"):
        encode(state, 0)


@pytest.mark.parametrize(("name", "encoding"), ENCODED)
def test_observation_route_says_which_route_the_adapters_take(name, encoding, monkeypatch):
    from eurogames.rl import observation_route

    chosen = encoder(name, encoding)
    expected = "python" if compiled_entry(chosen) is None or pure_python() else "compiled"
    assert observation_route(name, encoding) == expected
    module = encoder(name)

    def patch(value):
        if isinstance(chosen, Encoding):
            monkeypatch.setitem(module.ENCODINGS, encoding, dataclasses.replace(chosen, encode_state=value))
        else:
            monkeypatch.setattr(module, "encode_state", value)

    patch(chosen.encode_state_python)
    assert observation_route(name, encoding) == "python"
    patch(None)
    assert observation_route(name, encoding) == "view"


@pytest.mark.parametrize("encoding", encodings("alhambra"))
def test_compiled_alhambra_reads_a_hand_changed_in_place(encoding):
    """The compiled route remembers a hand's block by the tuple it came from (tuples never
    change); a hand held in a list (a state rebuilt from JSON) is read afresh every time."""
    encode = entry("alhambra", encoding)
    view_route = encoder("alhambra", encoding).encode
    state = eurogames.load("alhambra").new(2, seed=6)
    assert all(isinstance(hand, tuple) for hand in state.hands)
    first = bytes(encode(state, 0))
    assert bytes(encode(state, 0)) == first  # the remembered block
    state.hands = [list(hand) for hand in state.hands]
    for step in range(3):
        state.hands[1][4] += 1  # one more "yellow 5", in place
        state.hands[0][30] = step  # and another count, in place
        assert bytes(encode(state, 0)) == view_route(state.view(0), 2).tobytes()
    state.hands = [tuple(hand) for hand in state.hands]  # new tuples of the same counts
    assert bytes(encode(state, 1)) == view_route(state.view(1), 2).tobytes()
