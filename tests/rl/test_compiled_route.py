"""The compiled observation route (``_cencode.c`` beside a game's ``encode.py``) against the
definition, the view route.

Where a game ships a compiled encoder and the install built it, the adapters take it; it
must give the very vector ``encode(state.view(seat))`` gives, byte for byte, for every seat
and the spectator, at every decision, for every player count and option. These tests play
seeded random games for every such game (EUROGAMES_LONG=1 plays ten times as many), and
check the adapters' ``check`` mode, which runs both routes, catches a route that drifts.
"""

from __future__ import annotations

import os
from pathlib import Path

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

from .helpers import (  # noqa: E402
    ENCODED,
    ENCODED_CASES,
    ENCODED_GAMES,
    option_variants,
    random_states,
)

GAMES = 10 if os.environ.get("EUROGAMES_LONG") else 1
# the compiled route's two entries: a new vector, and the vector written into a caller's
# array (OpenSpiel's tensor)
ROUTES = ("compiled", "into")
REQUIRE_COMPILED = os.environ.get("EUROGAMES_REQUIRE_COMPILED", "") not in ("", "0")


def ships_compiled(name: str) -> bool:
    """Whether the game ships a compiled encoder's source (``_cencode.c`` beside encode.py)."""
    return (Path(encoder(name).__file__).parent / "_cencode.c").is_file()


def compiled_entry(module):
    """The compiled ``encode(state, seat, out=None)`` of an encoding, or ``None``."""
    if isinstance(module, Encoding):
        return module.compiled
    compiled = getattr(module, "COMPILED", None)
    return compiled.encode if compiled is not None else None


def route(name: str, which: str, encoding: str | None = None):
    """The compiled route of game ``name`` (in ``encoding``): ``(state, seat) -> float32
    vector``, through a new vector (``"compiled"``) or written into an array (``"into"``);
    skipped where the game has none, or it was not built."""
    if not ships_compiled(name):
        pytest.skip(f"{name} ships no compiled encoder (_cencode.c): the view route serves")
    module = encoder(name, encoding or encodings(name)[0])
    compiled = compiled_entry(module)
    if compiled is None:
        if REQUIRE_COMPILED:
            pytest.fail(
                f"{name}'s compiled encoder was not built (EUROGAMES_REQUIRE_COMPILED is set)"
            )
        pytest.skip(f"{name}'s compiled encoder was not built (no C compiler at install)")
    if which == "compiled":
        return lambda state, seat: np.frombuffer(compiled(state, seat), np.float32)

    def into(state, seat):
        size = module.observation_size(state.players, {})
        out = np.full(size, 9.0, np.float32)  # overwritten whole
        assert compiled(state, seat, out) is None
        return out

    return into


@pytest.mark.parametrize("name", ENCODED_GAMES)
def test_the_adapters_take_the_compiled_route_where_it_was_built(name):
    """setup.py builds every game's ``_cencode.c`` where a C compiler is found (CI sets
    EUROGAMES_REQUIRE_COMPILED, so a module that failed to build fails here there)."""
    for encoding in encodings(name):
        route(name, "compiled", encoding)
        chosen = encoder(name, encoding)
        if pure_python():
            assert getattr(chosen, "encode_state", None) is None
        else:
            assert chosen.encode_state is not None  # the adapters take it


@pytest.mark.parametrize("which", ROUTES)
@pytest.mark.parametrize(("name", "players", "encoding"), ENCODED_CASES)
def test_compiled_route_is_the_view_route_at_every_decision(name, players, encoding, which):
    module = encoder(name, encoding)
    compiled_route = route(name, which, encoding)
    checked = 0
    for options in option_variants(name, players):
        for state in random_states(name, players, GAMES, 500 + players, options):
            for seat in (*range(players), None):
                fast = compiled_route(state, seat)
                slow = module.encode(state.view(seat), players)
                assert fast.dtype == np.float32 and fast.shape == slow.shape
                where = np.flatnonzero(fast != slow)[:8]
                assert fast.tobytes() == slow.tobytes(), (options, state.ply, seat, where)
                checked += 1
    assert checked > 20 * players


@pytest.mark.parametrize("which", ROUTES)
@pytest.mark.parametrize(("name", "encoding"), ENCODED)
def test_compiled_route_follows_clones_taking_turns(name, encoding, which):
    """Clones share tuples and grids with their parent; the compiled route must follow each
    state exactly when clones and parents are played alternately."""
    game = eurogames.load(name)
    players = game.min_players
    module = encoder(name, encoding)
    compiled_route = route(name, which, encoding)
    rng = Rng(9)
    states = [game.new(players, seed=9)]
    for _ in range(400):
        state = rng.choice(states)
        if state.is_over():
            continue
        if rng.below(4) == 0 and len(states) < 12:
            state = state.clone()
            states.append(state)
        state.apply(rng.choice(state.legal_actions()))
        for other in states:
            seat = other.current_player if other.current_player >= 0 else None
            view = module.encode(other.view(seat), players)
            assert compiled_route(other, seat).tobytes() == view.tobytes()


@pytest.mark.parametrize(("name", "encoding"), ENCODED)
def test_an_observation_belongs_to_its_caller(name, encoding):
    """A returned vector is writable and shares nothing: changing it changes no later one."""
    game = eurogames.load(name)
    state = game.new(game.min_players, seed=4)
    encode = Encoder(name, game.min_players, encoding=encoding)
    first = encode.observe(state, 0)
    again = first.copy()
    first[:] = 7.0
    assert np.array_equal(encode.observe(state, 0), again)


def test_check_mode_catches_a_compiled_route_that_drifts(monkeypatch):
    """A compiled route one entry off is refused at the first observation in check mode."""
    encode = Encoder("splendor", 2, check=True)
    state = eurogames.load("splendor").new(2, seed=1)
    assert encode.observe(state, 0).shape == (encode.size,)

    def drifted(state, seat):
        out = encode(state.view(seat)).copy()
        out[3] += 0.5
        return out

    monkeypatch.setattr(encode, "_compiled", drifted)
    message = r"splendor: encode_state differs .* seat 0 at ply 0, entries \[3\]"
    with pytest.raises(ObservationMismatchError, match=message):
        encode.observe(state, 0)
    monkeypatch.setattr(encode, "check", False)
    assert encode.observe(state, 0)[3] != encode(state.view(0))[3]  # unchecked, it is trusted


def test_check_mode_from_the_environment(monkeypatch):
    monkeypatch.setenv("EUROGAMES_CHECK_OBSERVATIONS", "1")
    assert Encoder("splendor", 2).check
    monkeypatch.setenv("EUROGAMES_CHECK_OBSERVATIONS", "0")
    assert not Encoder("splendor", 2).check


def test_without_a_compiled_route_the_view_is_encoded(monkeypatch):
    encode = Encoder("splendor", 3)
    monkeypatch.setattr(encode, "_compiled", None)
    state = eurogames.load("splendor").new(3, seed=2)
    assert np.array_equal(encode.observe(state, 2), encode(state.view(2)))


def test_a_compiled_route_of_the_wrong_shape_is_refused(monkeypatch):
    encode = Encoder("splendor", 2)
    monkeypatch.setattr(encode, "_compiled", lambda state, seat: np.zeros(5, np.float32))
    message = r"encode_state returned float32 of shape \(5,\), not float32 of \(310,\)"
    with pytest.raises(ValueError, match=message):
        encode.observe(eurogames.load("splendor").new(2, seed=1), 0)


@pytest.mark.parametrize(
    ("players", "seat", "message"),
    [
        (3, 0, "a 3-player splendor state, but this encoder is for 2-player splendor"),
        (2, 2, "seat must be 0 to 1 or None, not 2"),
        (2, -1, "seat must be 0 to 1 or None, not -1"),
        (2, True, "seat must be 0 to 1 or None, not True"),
        (2, "0", "seat must be 0 to 1 or None, not '0'"),
    ],
)
def test_observe_names_a_wrong_state_or_seat(players, seat, message):
    state = eurogames.load("splendor").new(players, seed=1)
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        Encoder("splendor", 2).observe(state, seat)


def test_observe_refuses_a_state_of_another_game():
    state = eurogames.load("alhambra").new(2, seed=1)
    message = "a 2-player alhambra state, but this encoder is for 2-player splendor"
    with pytest.raises(ValueError, match=message):
        Encoder("splendor", 2).observe(state, 0)


@pytest.mark.parametrize("which", ROUTES)
@pytest.mark.parametrize(("name", "encoding"), ENCODED)
def test_compiled_route_on_restored_and_redrawn_states(name, encoding, which):
    """States rebuilt from JSON or redrawn for a seat hold fresh containers (lists where play
    made tuples, new grids): the compiled route reads them as it reads played ones."""
    game = eurogames.load(name)
    players = game.max_players
    module = encoder(name, encoding)
    compiled_route = route(name, which, encoding)
    checked = 0
    for state in random_states(name, players, 1, 31):
        if state.ply % 9:
            continue
        for other in (game.from_json(state.to_json()), state.resample_hidden(1, state.ply)):
            for seat in (1, None):
                view = module.encode(other.view(seat), players)
                assert compiled_route(other, seat).tobytes() == view.tobytes()
                checked += 1
    assert checked > 10
