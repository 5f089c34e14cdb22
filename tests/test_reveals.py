"""`state.reveals(action)`: the contract's answer to "does this decision draw hidden
information?", which the web server's undo relies on (docs/api.md)."""

from __future__ import annotations

import pytest

import eurogames
from eurogames.core.errors import IllegalActionError
from eurogames.core.rng import Rng


def _splendor_draws(state, action) -> bool:
    """Independently of the engine: a blind reserve, a blind-reserved card bought (it is then
    face up for everyone, D11), or a market card taken from a level whose deck still has
    cards (read off the public view)."""
    view = state.view(state.current_player)
    words = action.text.split()
    if words[0] == "reserve" and words[1] == "deck":
        return True
    if words[:2] == ["buy", "reserved"]:
        return view["seats"][state.current_player]["reserved"][int(words[2]) - 1]["blind"]
    if words[0] in ("buy", "reserve") and words[1] != "reserved":
        level = int(words[1].split(".")[0])
        return view["decks"][level - 1] > 0
    return False


def _alhambra_draws(state, action) -> bool:
    """Independently of the engine: the public deck count or the bag changed."""
    before = state.view(None)
    after_state = state.clone()
    after_state.apply(action)
    after = after_state.view(None)
    return (before["deck"], before["bag"]) != (after["deck"], after["bag"])


@pytest.mark.parametrize(
    ("name", "players", "draws"),
    [("splendor", 2, _splendor_draws), ("splendor", 4, _splendor_draws),
     ("alhambra", 3, _alhambra_draws), ("alhambra", 2, _alhambra_draws)],
)
def test_reveals_matches_the_draws_seen_in_the_views(name, players, draws):
    game = eurogames.load(name)
    seen = {True: 0, False: 0}
    for seed in range(6):
        state = game.new(players=players, seed=seed)
        rng = Rng(seed)
        while not state.is_over() and state.ply < 400:
            action = rng.choice(state.legal_actions())
            before = state.to_json()
            answer = state.reveals(action)
            assert state.to_json() == before  # asking changes nothing
            assert answer == draws(state, action), (seed, state.ply, action)
            seen[answer] += 1
            state.apply(action)
    assert seen[True] and seen[False]


def test_reveals_refuses_an_illegal_action():
    game = eurogames.load("splendor")
    state = game.new(players=2, seed=3)
    with pytest.raises(IllegalActionError):
        state.reveals(game.action(game.num_actions - 1))  # `pass` is not legal at the start


def test_alhambra_buying_and_placing_within_a_turn_reveal_nothing_until_the_refill():
    game = eurogames.load("alhambra")
    for seed in range(30):
        state = game.new(players=3, seed=seed)
        buys = [a for a in state.legal_actions() if a.kind == "buy"]
        if buys:
            break
    assert buys, "no seed in 30 lets the first player buy"
    assert state.reveals(buys[0]) is False  # U6: the market is refilled only at the end
