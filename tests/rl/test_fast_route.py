"""The encoders' fast route (``encode_state``) against their definition, the view route.

A game may compute an observation straight from the state for speed; it must be the very
vector ``encode(state.view(seat))`` gives, byte for byte, for every seat and the spectator,
at every decision. These tests play seeded random games for every game that has a fast route
and every player count (EUROGAMES_LONG=1 plays ten times as many), and check the adapters'
``check`` mode, which runs both routes, catches a route that drifts.
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
    Memo,
    ObservationMismatchError,
    encoder,
    encodings,
    pure_python,
)

from .helpers import ENCODED, ENCODED_CASES  # noqa: E402

GAMES = 10 if os.environ.get("EUROGAMES_LONG") else 1
FAST = [(name, n, e) for name, n, e in ENCODED_CASES if getattr(encoder(name, e), "encode_state", None)]
# the routes to the one vector: the Python fast route, the compiled one (_cencode.c, where it
# was built), and the compiled one writing into a caller's array (OpenSpiel's tensor)
ROUTES = ("python", "compiled", "into")
REQUIRE_COMPILED = os.environ.get("EUROGAMES_REQUIRE_COMPILED", "") not in ("", "0")


def compiled_entry(module):
    """The compiled ``encode(state, seat, out=None)`` of an encoding, or ``None``."""
    if isinstance(module, Encoding):
        return module.compiled
    compiled = getattr(module, "COMPILED", None)
    return compiled.encode if compiled is not None else None


def route(name: str, which: str, encoding: str | None = None):
    """``encode_state`` of game ``name`` (in ``encoding``) by one route: ``(state, seat) ->
    float32 vector``."""
    module = encoder(name, encoding or encodings(name)[0])
    if which == "python":
        return module.encode_state_python
    compiled = compiled_entry(module)
    if compiled is None:
        if REQUIRE_COMPILED:
            pytest.fail(f"{name}'s compiled encoder was not built (EUROGAMES_REQUIRE_COMPILED is set)")
        pytest.skip(f"{name}'s compiled encoder was not built (no C compiler at install)")
    if which == "compiled":
        return lambda state, seat: np.frombuffer(compiled(state, seat), np.float32)

    def into(state, seat):
        out = np.full(module.observation_size(state.players, {}), 9.0, np.float32)  # overwritten whole
        assert compiled(state, seat, out) is None
        return out

    return into


def test_every_game_has_a_fast_route():
    assert sorted({(name, e) for name, _, e in FAST}) == sorted(ENCODED)
    assert sorted({name for name, _ in ENCODED}) == eurogames.games()


@pytest.mark.parametrize("name", eurogames.games())
def test_every_game_has_a_compiled_route_where_a_compiler_was_found(name):
    """Every game ships ``_cencode.c``; setup.py builds it where a C compiler is found (CI sets
    EUROGAMES_REQUIRE_COMPILED, so a module that failed to build fails here there)."""
    module = encoder(name)
    assert (Path(module.__file__).parent / "_cencode.c").is_file()
    for encoding in encodings(name):
        route(name, "compiled", encoding)
        if not pure_python():
            chosen = encoder(name, encoding)
            assert chosen.encode_state is not chosen.encode_state_python  # the adapters take it


def _random_games(name: str, players: int, games: int, seed: int):
    """Every position of ``games`` random games (Splendor: blind reserves favoured, so that
    hidden cards are often in hand)."""
    game = eurogames.load(name)
    for g in range(games):
        rng = Rng(seed + g)
        state = game.new(players, seed=seed + g)
        yield state
        while not state.is_over():
            legal = state.legal_actions()
            blind = [a for a in legal if a.kind == "reserve_deck"]
            state.apply(rng.choice(blind) if blind and rng.below(3) == 0 else rng.choice(legal))
            yield state


@pytest.mark.parametrize("which", ROUTES)
@pytest.mark.parametrize(("name", "players", "encoding"), FAST)
def test_fast_route_is_the_view_route_at_every_decision(name, players, encoding, which):
    module = encoder(name, encoding)
    fast_route = route(name, which, encoding)
    checked = 0
    for state in _random_games(name, players, GAMES, seed=500 + players):
        for seat in (*range(players), None):
            fast = fast_route(state, seat)
            slow = module.encode(state.view(seat), players)
            assert fast.dtype == np.float32 and fast.shape == slow.shape
            assert fast.tobytes() == slow.tobytes(), (state.ply, seat, np.flatnonzero(fast != slow)[:8])
            checked += 1
    assert checked > 100 * players


@pytest.mark.parametrize("which", ROUTES)
@pytest.mark.parametrize(("name", "encoding"), ENCODED)
def test_fast_route_survives_clones_taking_turns(name, encoding, which):
    """Clones share tuples and grids with their parent; memos that know a piece by identity
    must still follow each state exactly when clones and parents are played alternately."""
    game = eurogames.load(name)
    module = encoder(name, encoding)
    fast_route = route(name, which, encoding)
    rng = Rng(9)
    states = [game.new(3, seed=9)]
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
            assert fast_route(other, seat).tobytes() == module.encode(other.view(seat), 3).tobytes()


@pytest.mark.parametrize(("name", "encoding"), ENCODED)
def test_an_observation_belongs_to_its_caller(name, encoding):
    """A returned vector is writable and shares nothing: changing it changes no later one."""
    state = eurogames.load(name).new(2, seed=4)
    encode = Encoder(name, 2, encoding=encoding)
    first = encode.observe(state, 0)
    again = first.copy()
    first[:] = 7.0
    assert np.array_equal(encode.observe(state, 0), again)


def test_check_mode_catches_a_fast_route_that_drifts(monkeypatch):
    """A fast route one entry off is refused at the first observation in check mode."""
    encode = Encoder("splendor", 2, check=True)
    state = eurogames.load("splendor").new(2, seed=1)
    assert encode.observe(state, 0).shape == (encode.size,)

    def drifted(state, seat):
        out = encode.module.encode_state(state, seat).copy()
        out[3] += 0.5
        return out

    monkeypatch.setattr(encode, "_fast", drifted)
    with pytest.raises(ObservationMismatchError, match=r"splendor: encode_state differs .* seat 0 at ply 0, entries \[3\]"):
        encode.observe(state, 0)
    monkeypatch.setattr(encode, "check", False)
    assert encode.observe(state, 0)[3] != encode(state.view(0))[3]  # unchecked, it is trusted


def test_check_mode_from_the_environment(monkeypatch):
    monkeypatch.setenv("EUROGAMES_CHECK_OBSERVATIONS", "1")
    assert Encoder("splendor", 2).check
    monkeypatch.setenv("EUROGAMES_CHECK_OBSERVATIONS", "0")
    assert not Encoder("splendor", 2).check


def test_a_game_without_a_fast_route_is_encoded_from_its_view(monkeypatch):
    encode = Encoder("splendor", 3)
    monkeypatch.setattr(encode, "_fast", None)
    state = eurogames.load("splendor").new(3, seed=2)
    assert np.array_equal(encode.observe(state, 2), encode(state.view(2)))


def test_a_fast_route_of_the_wrong_shape_is_refused(monkeypatch):
    encode = Encoder("splendor", 2)
    monkeypatch.setattr(encode, "_fast", lambda state, seat: np.zeros(5, np.float32))
    with pytest.raises(ValueError, match=r"encode_state returned float32 of shape \(5,\), not float32 of \(310,\)"):
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
    with pytest.raises(ValueError, match="a 2-player alhambra state, but this encoder is for 2-player splendor"):
        Encoder("splendor", 2).observe(state, 0)


@pytest.mark.parametrize("which", ROUTES[:2])
@pytest.mark.parametrize(("name", "encoding"), ENCODED)
def test_fast_route_memos_start_again_without_harm(name, encoding, which, monkeypatch):
    """With every memo held to two entries, each is cleared again and again in one game,
    and every observation is still the view route's."""
    module = encoder(name, encoding)
    fast_route = route(name, which, encoding)
    memos = [memo for memo in vars(encoder(name)).values() if isinstance(memo, Memo)]
    assert memos
    for memo in memos:
        monkeypatch.setattr(memo, "limit", 2)
    for state in _random_games(name, 2, 1, seed=77):
        for seat in (0, 1):
            assert fast_route(state, seat).tobytes() == module.encode(state.view(seat), 2).tobytes()


@pytest.mark.parametrize("which", ROUTES[:2])
@pytest.mark.parametrize(("name", "encoding"), ENCODED)
def test_fast_route_on_restored_and_redrawn_states(name, encoding, which):
    """States rebuilt from JSON or redrawn for a seat hold fresh containers (lists where play
    made tuples, new grids): the fast route reads them as it reads played ones."""
    game = eurogames.load(name)
    module = encoder(name, encoding)
    fast_route = route(name, which, encoding)
    checked = 0
    for state in _random_games(name, 3, 1, seed=31):
        if state.ply % 9:
            continue
        for other in (game.from_json(state.to_json()), state.resample_hidden(1, state.ply)):
            for seat in (1, None):
                assert fast_route(other, seat).tobytes() == module.encode(other.view(seat), 3).tobytes()
                checked += 1
    assert checked > 20
