"""Agra's evaluation and playout policy, the game knowledge behind the generic bots.

The evaluation must stay in [-1, 1], read nothing a seat may not see (other seats' rupees,
I1; the favour stack's order and the generator, I3), agree with the result at the end, and
be good enough for the greedy bot to beat random play clearly; the playout policy must play
legal moves and finish its games. A small sample in CI; ``EUROGAMES_LONG=1`` plays more.
"""

from __future__ import annotations

import os

import eurogames
from eurogames.core.rng import Rng
from eurogames.games.agra.heuristic import evaluate, rollout_action

from .helpers import GAME, new

LONG = bool(os.environ.get("EUROGAMES_LONG"))
MAX_PLIES = 20_000  # far beyond any game seen: a policy that stalls fails instead of hanging


def random_games(players: int, seeds: range):
    """Every position of seeded uniformly random games, the last one over."""
    for seed in seeds:
        state = new(players, seed=seed)
        rng = Rng(seed * 31 + players)
        yield state
        while not state.is_over():
            assert state.ply < MAX_PLIES, "the game did not end"
            state.apply(rng.choice(state.legal_actions()))
            yield state


def test_the_game_supplies_its_own_evaluation_and_playout_policy():
    game = eurogames.load("agra")
    state = game.new(3, seed=1)
    assert game.evaluate(state, 0) == evaluate(state, 0)
    assert game.rollout_action(state, Rng(1)) is rollout_action(state, Rng(1))


def test_evaluation_is_in_bounds_at_every_ply_for_every_seat():
    for players in (2, 4):
        for state in random_games(players, range(3 if LONG else 1)):
            for seat in range(players):
                assert -1.0 <= evaluate(state, seat) <= 1.0


def test_evaluation_reads_nothing_hidden_i1_i3():
    """A determinization for the seat (another favour stack order, another generator, I3)
    and other rupee totals for the other seats (their bags, I1) change nothing."""
    for players in (2, 3, 4):
        for state in random_games(players, range(2 if LONG else 1)):
            if state.is_over() or state.ply % 7:
                continue
            seat = state.current_player
            value = evaluate(state, seat)
            assert evaluate(state.resample_hidden(seat, seed=state.ply), seat) == value
            other = state.clone()
            for s, p in enumerate(other.d["p"]):
                if s != seat:
                    p["rupees"] += 17 + s
            assert evaluate(other, seat) == value


def test_evaluation_is_the_result_at_the_end_e8():
    for players in (2, 3, 4):
        *_, state = random_games(players, range(players, players + 1))
        assert state.is_over()
        assert [evaluate(state, s) for s in range(players)] == state.returns()


def test_rollout_policy_plays_legal_moves_and_its_playouts_end():
    rng = Rng(3)
    for players in (2, 3, 4):
        for seed in range(3 if LONG else 1):
            state = new(players, seed=seed)
            while not state.is_over():
                assert state.ply < MAX_PLIES, "the playout did not end"
                action = rollout_action(state, rng)
                assert action in state.legal_actions()
                state.apply(action)


def test_rollout_policy_produces_as_much_as_it_can():
    """The quarry's production frame: the most (one move in ten is random)."""
    state = new(2, seed=1)
    state.apply(state.parse_action("place 1.1"))
    produce = [a for a in state.legal_actions() if a.kind == "produce"]
    most = max(produce, key=lambda a: a.count)
    chosen = [rollout_action(state, Rng(k)) for k in range(40)]
    assert sum(a is most for a in chosen) >= 30


def test_greedy_beats_random_with_seats_rotated():
    """Two players, each bot in each seat equally often. A greedy bot that only broke ties
    at random would win about half; this one wins well over that."""
    games = 60 if LONG else 20
    wins = 0.0
    for i in range(games):
        seat = i % 2
        bots = [eurogames.bot("greedy" if s == seat else "random", GAME, seed=100 * i + s)
                for s in range(2)]
        state = new(2, seed=500 + i)
        while not state.is_over():
            assert state.ply < MAX_PLIES
            state.apply(bots[state.current_player].choose(state))
        winners = state.winners()
        if seat in winners:
            wins += 1 / len(winners)
    assert wins >= 0.75 * games, f"greedy won {wins} of {games}"
