"""No observation leaks: a seat's observation is the same in every world it cannot tell apart
(``state.resample_hidden(seat, seed)`` redraws exactly what it cannot see), and it changes
when something it can see changes."""

from __future__ import annotations

import pytest

np = pytest.importorskip("numpy")

import eurogames  # noqa: E402
from eurogames.rl.encoding import Encoder  # noqa: E402

from .helpers import ENCODED_CASES, ENCODED_GAMES, positions  # noqa: E402


@pytest.mark.parametrize(("name", "players", "encoding"), ENCODED_CASES)
def test_hidden_information_never_reaches_the_observation(name, players, encoding):
    encode = Encoder(name, players, encoding=encoding)
    redrawn = 0
    for state in positions(name, players, games=1, every=6, seed=20 + players):
        for seat in range(players):
            twin = state.resample_hidden(seat, seed=state.ply * 7 + seat)
            redrawn += twin.to_json() != state.to_json()
            assert np.array_equal(encode(twin.view(seat)), encode(state.view(seat)))
            # and through the route the adapters take (compiled, where it was built)
            assert np.array_equal(encode.observe(twin, seat), encode.observe(state, seat))
    assert redrawn > 0  # the twins differ in what is hidden, so the check is not vacuous


@pytest.mark.parametrize("name", ENCODED_GAMES)
def test_observation_changes_when_the_table_changes(name):
    game = eurogames.load(name)
    players = min(3, game.max_players)
    state = game.new(players, seed=2)
    encode = Encoder(game, players)
    for _ in range(30):
        if state.is_over():
            break
        before = [encode(state.view(seat)) for seat in range(players)]
        state.apply(state.legal_actions()[0])
        for seat in range(players):
            assert not np.array_equal(encode(state.view(seat)), before[seat])
