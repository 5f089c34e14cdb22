"""The compiled observation routes (``_cencode.c`` beside a game's ``encode.py``): how they
are chosen, written into a caller's array, and how they refuse what they cannot encode.

That they give the view route's very bytes is tested in test_compiled_route.py; how each
refuses a state its game's rules could never reach, in tests/<game>/test_encode.py.
"""

from __future__ import annotations

import dataclasses

import pytest

np = pytest.importorskip("numpy")

import eurogames  # noqa: E402
from eurogames.rl.encoding import (  # noqa: E402
    Encoder,
    Encoding,
    ObservationMismatchError,
    encoder,
    encodings,
    pure_python,
)

from .helpers import ENCODED, ENCODED_GAMES  # noqa: E402
from .test_compiled_route import compiled_entry, route  # noqa: E402


def compiled(name: str):
    """The game's compiled module."""
    route(name, "compiled")  # skips (or fails, where CI requires it) when it was not built
    return encoder(name).COMPILED


def entry(name: str, encoding: str | None = None):
    """The compiled ``encode(state, seat, out=None)`` of one of the game's encodings."""
    encoding = encoding or encodings(name)[0]
    route(name, "compiled", encoding)
    return compiled_entry(encoder(name, encoding))


def test_pure_python_leaves_the_compiled_route_unused(pure_python_run):
    """EUROGAMES_PURE_PYTHON=1: no encoder offers its compiled route, so the adapters encode
    the view (test_compiled_route.py checks they then still observe)."""
    modules = [encoder(name).__name__ for name in ENCODED_GAMES]
    code = (
        "import importlib\n"
        f"for name in {modules!r}:\n"
        "    module = importlib.import_module(name)\n"
        "    chosen = [module, *getattr(module, 'ENCODINGS', {}).values()]\n"
        "    for m in chosen:\n"
        "        assert getattr(m, 'encode_state', None) is None, name\n"
        "        assert getattr(m, 'encode_state_into', None) is None, name\n"
        "print('ok')\n"
    )
    # (with the tests' sys.path, where a game registered for the tests is found)
    assert pure_python_run(code) == "ok"


@pytest.mark.parametrize(("name", "encoding"), ENCODED)
def test_observe_into_writes_the_observation(name, encoding):
    game = eurogames.load(name)
    players = game.max_players
    encode = Encoder(name, players, encoding=encoding)
    state = game.new(players, seed=5)
    for _ in range(30):
        if not state.is_over():
            state.apply(state.legal_actions()[0])
    out = np.full(encode.size, 5.0, np.float32)
    for seat in (0, players - 1, None):
        encode.observe_into(state, seat, out)
        assert out.tobytes() == encode(state.view(seat)).tobytes()


@pytest.mark.parametrize(
    ("out", "message"),
    [
        (
            np.zeros(3, np.float32),
            r"out must be float32 of shape \(310,\), not float32 of shape \(3,\)",
        ),
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
    with pytest.raises(TypeError, match=r"2 or 3 arguments \(state, seat, out=None\), not 1"):
        encode(state)


@pytest.mark.parametrize("name", ENCODED_GAMES)
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


@pytest.mark.parametrize(("name", "encoding"), ENCODED)
def test_observation_route_says_which_route_the_adapters_take(name, encoding, monkeypatch):
    from eurogames.rl import observation_route

    chosen = encoder(name, encoding)
    expected = "view" if compiled_entry(chosen) is None or pure_python() else "compiled"
    assert observation_route(name, encoding) == expected
    module = encoder(name)

    def patch(value):
        if isinstance(chosen, Encoding):
            replaced = dataclasses.replace(chosen, encode_state=value)
            monkeypatch.setitem(module.ENCODINGS, encoding, replaced)
        else:
            monkeypatch.setattr(module, "encode_state", value, raising=False)

    patch(lambda state, seat: None)
    assert observation_route(name, encoding) == "compiled"
    patch(None)
    assert observation_route(name, encoding) == "view"
