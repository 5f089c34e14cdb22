"""No observation leaks: a seat's observation is the same in every world it cannot tell apart
(``state.resample_hidden(seat, seed)`` redraws exactly what it cannot see), and it changes
when something it can see changes."""

from __future__ import annotations

import pytest

np = pytest.importorskip("numpy")

import eurogames  # noqa: E402
from eurogames.rl.encoding import Encoder  # noqa: E402

from .helpers import ENCODED_CASES, positions  # noqa: E402


@pytest.mark.parametrize(("name", "players", "encoding"), ENCODED_CASES)
def test_hidden_information_never_reaches_the_observation(name, players, encoding):
    encode = Encoder(name, players, encoding=encoding)
    redrawn = 0
    for state in positions(name, players, games=1, every=6, seed=20 + players):
        for seat in range(players):
            twin = state.resample_hidden(seat, seed=state.ply * 7 + seat)
            redrawn += twin.to_json() != state.to_json()
            assert np.array_equal(encode(twin.view(seat)), encode(state.view(seat)))
            # and through the fast route the adapters take
            assert np.array_equal(encode.observe(twin, seat), encode.observe(state, seat))
    assert redrawn > 0  # the twins differ in what is hidden, so the check is not vacuous


def test_splendor_observation_shows_the_own_blind_reserve_that_others_cannot_see():
    """Seat 0 reserves blind; redrawing what seat 1 cannot see changes that card: seat 1's
    observation stays, seat 0's changes."""
    game = eurogames.load("splendor")
    state = game.new(2, seed=11)
    state.apply(state.parse_action("reserve deck 1"))
    encode = Encoder(game, 2)
    changed = 0
    for seed in range(20):
        twin = state.resample_hidden(1, seed)
        assert np.array_equal(encode(twin.view(1)), encode(state.view(1)))
        assert np.array_equal(encode.observe(twin, 1), encode.observe(state, 1))
        if twin.view(0)["seats"][0]["reserved"] != state.view(0)["seats"][0]["reserved"]:
            assert not np.array_equal(encode(twin.view(0)), encode(state.view(0)))
            assert not np.array_equal(encode.observe(twin, 0), encode.observe(state, 0))
            changed += 1
    assert changed > 10


@pytest.mark.parametrize("name", ["splendor", "alhambra"])
def test_observation_changes_when_the_table_changes(name):
    game = eurogames.load(name)
    state = game.new(3, seed=2)
    encode = Encoder(game, 3)
    for _ in range(30):
        before = [encode(state.view(seat)) for seat in range(3)]
        state.apply(state.legal_actions()[0])
        for seat in range(3):
            assert not np.array_equal(encode(state.view(seat)), before[seat])
