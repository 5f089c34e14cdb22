"""Random legal play with the invariants checked after every action.

The rule tests pin single positions; this file plays thousands of whole games so that the
rare combinations (an empty deck during a noble choice, a return of gold in the last round)
are met too. The invariants are written here from the rules, not taken from the engine's
own ``check()``, which is called as well.

Set ``EUROGAMES_LONG=1`` to run the long version (marked ``slow``).
"""

from __future__ import annotations

import os

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from eurogames.core.rng import Rng
from eurogames.games.splendor.data import DATA

from .helpers import GAME

GEMS = {2: 4, 3: 5, 4: 7}  # R5
MAX_PLIES = 1500  # random games last about 130 plies; a longer one is a bug (or a loop)


def check_invariants(state, mover: int) -> None:
    players = state.players
    totals = [GEMS[players]] * 5 + [5]
    for t in range(6):  # D14: tokens are conserved and never negative
        assert state.supply[t] >= 0
        assert all(state.tokens[p][t] >= 0 for p in range(players))
        assert state.supply[t] + sum(state.tokens[p][t] for p in range(players)) == totals[t]
    cards = [c for c in state.market if c] + [c for deck in state.decks for c in deck]
    for p in range(players):
        cards += list(state.bought[p]) + list(state.reserved[p])
        assert len(state.reserved[p]) <= 3  # R11
        assert len(state.blind[p]) == len(state.reserved[p])
        score = sum(DATA.card_points[c] for c in state.bought[p]) + 3 * len(state.nobles_won[p])
        assert state.scores()[p] == score  # R21
        assert state.bonuses[p] == tuple(
            sum(DATA.card_bonus[c] == colour for c in state.bought[p]) for colour in range(5)
        )
    assert sorted(cards) == list(range(1, 91))  # 90 cards, each in exactly one place
    won = [n for p in range(players) for n in state.nobles_won[p]]
    assert len(set(won) | set(state.nobles)) == len(won) + len(state.nobles) == players + 1
    if state.is_over() or state.current_player != mover:  # the end of mover's turn
        assert sum(state.tokens[mover]) <= 10, f"seat {mover} ends its turn over the limit"
    if state.is_over():
        assert state.current_player == -1 and state.legal_actions() == []
        best = max(state.scores())
        assert all(state.scores()[w] == best for w in state.winners())
    else:
        assert state.legal_actions()
    state.check()


def play_checked(players: int, seed: int, first: int) -> int:
    """Play one random game to the end, checking after every action; return its length."""
    state = GAME.new(players, seed=seed, options={"first": first})
    rng = Rng(seed ^ 0x5EED)
    check_invariants(state, state.current_player)
    while not state.is_over():
        if state.ply >= MAX_PLIES:
            pytest.fail(
                f"{players}-player game seed {seed} first {first} has not ended after "
                f"{state.ply} plies: seat {state.current_player} to move, phase "
                f"{state.to_json()['phase']}, legal: {[a.text for a in state.legal_actions()][:12]}"
            )
        mover = state.current_player
        state.apply(rng.choice(state.legal_actions()))
        check_invariants(state, mover)
    return state.ply


def run_games(count: int, offset: int = 0) -> None:
    for i in range(offset, offset + count):
        players = 2 + i % 3
        play_checked(players, seed=i, first=(i // 3) % players)


@pytest.mark.parametrize("chunk", range(5))
def test_random_games_keep_every_invariant(chunk):
    run_games(300, offset=chunk * 300)  # 1500 games in all, split to show progress


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("EUROGAMES_LONG"), reason="set EUROGAMES_LONG=1")
def test_random_games_keep_every_invariant_long():
    run_games(30000, offset=100_000)


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=2**64 - 1),
    players=st.sampled_from([2, 3, 4]),
    first=st.integers(min_value=0, max_value=3),
)
def test_any_seed_plays_to_a_legal_end(seed, players, first):
    play_checked(players, seed, first % players)


def test_random_games_reach_the_rare_steps():
    """The random sample does meet returns, noble choices and both ways a game ends."""
    seen = set()
    for i in range(300):
        state = GAME.new(2 + i % 3, seed=i)
        rng = Rng(i ^ 0x5EED)
        while not state.is_over():
            action = rng.choice(state.legal_actions())
            seen.add(action.kind)
            state.apply(action)
        seen.add("trigger" if max(state.scores()) >= 15 else "stalemate")
    assert {"return", "reserve_deck", "buy", "take2", "trigger"} <= seen
