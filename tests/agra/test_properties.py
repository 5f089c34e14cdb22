"""Random games: goods, rupees and workers conserved, no negative counts, every game ends.

A small sample in CI; ``EUROGAMES_LONG=1`` plays 2,100 (about ten minutes on one core)."""

from __future__ import annotations

import os

import pytest

from eurogames.core.rng import Rng

from .helpers import new

LONG = bool(os.environ.get("EUROGAMES_LONG"))
SEEDS = range(700) if LONG else range(2)  # LONG: 2,100 games (2-4 players)
MAX_PLIES = 20_000


def check_invariants(state) -> None:
    d = state.d
    for seat, p in enumerate(d["p"]):
        assert min(p["goods"]) >= 0 and p["favour"] >= 0 and p["rupees"] >= 0, p
        assert p["workers"] >= 0 and 0 <= p["cook"] <= 2 and p["markers"] >= 0
        on_notables = sum(slot.count(seat) for n in d["river"] for slot in n["slots"])
        markers = (p["markers"] + sum(p["goods"]) + p["favour"] + on_notables
                   + sum(c.count(seat) for c in d["orders"]) + d["bowls"].count(seat)
                   + sum(1 for x in p["french"] if x >= 0) + p["marks"] + len(p["scrolls"]))
        assert markers == state.t.markers, (seat, markers)  # H7: 22 markers, all accounted
        pending = sum(1 for f in d["stack"] if f["k"] == "cook" and f["seat"] == seat)
        workers = p["workers"] + p["cook"] + state.on_board(seat) + pending
        assert workers == state.t.workers, (seat, workers)  # K2: 10 workers


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", SEEDS)
def test_random_games_keep_the_invariants_and_end(players, seed):
    state = new(players, seed=seed)
    rng = Rng(seed * 7 + players)
    while not state.is_over() and state.ply < MAX_PLIES:
        state.apply(rng.choice(state.legal_actions()))
        check_invariants(state)
    assert state.is_over(), f"no end after {MAX_PLIES} plies"
    scores = state.scores()
    assert sum(part.points for part in state.score_breakdown()[0]) == scores[0]
    assert state.winners()
