"""Random games: materials and raw/goods tokens conserved, 4 workers each, no negative
counts, every game ends after round 5.

A small sample in CI; ``EUROGAMES_LONG=1`` plays many more."""

from __future__ import annotations

import os

import pytest

from eurogames.core.rng import Rng

from .helpers import new

LONG = bool(os.environ.get("EUROGAMES_LONG"))
SEEDS = range(600) if LONG else range(3)  # LONG: 2,400 games (1-4 players)
MAX_PLIES = 5_000
MATERIALS = (30, 30, 25, 20)  # K1


def check_invariants(state) -> None:
    d = state.d
    for m, count in enumerate(MATERIALS):  # H2, Q29: every material token accounted for
        held = sum(p["mat"][m] for p in d["p"]) + d["supply"][m]
        if m == 2:
            held += sum(d["marble"].values())
        assert held == count, (m, held)
    tokens = (sum(d["bag"]) + sum(d["discards"]) + sum(1 for g in d["raws"].values() if g >= 0)
              + sum(sum(p["raw"]) + sum(p["goods"]) + sum(p["store"]) for p in d["p"]))
    assert tokens % 24 == 0, tokens  # K1: 24 tokens (Q58: a fresh 24 when all are out)
    for p in d["p"]:
        assert len(p["work"]) == len(p["up"]) == 4  # K2: 4 workers
        for key in ("mat", "goods", "store", "raw"):
            assert min(p[key]) >= 0, (key, p[key])
        assert p["dinars"] >= 0 and p["seals"] >= 0 and p["paria"] >= 0, p
        assert max(p["raw"]) <= 1  # H4: one raw of each kind
        assert p["favour"] <= len(state.data.favour_rewards) - 1
        assert all(1 <= len(h) <= 3 for h in p["houses"])  # O3: at most two expansions
    for seat in range(state.players):
        assert state.capacity(seat) == state.boxes(seat)  # the kept capacity is the sum
    if not d["stack"] or d["stack"][-1]["k"] != "discard":
        assert all(state.stored(s) <= state.capacity(s) for s in range(state.players))


@pytest.mark.parametrize("players", [1, 2, 3, 4])
@pytest.mark.parametrize("seed", SEEDS)
def test_random_games_keep_the_invariants_and_end(players, seed):
    state = new(players, seed=seed)
    rng = Rng(seed * 7 + players)
    while not state.is_over() and state.ply < MAX_PLIES:
        check_invariants(state)
        state.apply(rng.choice(state.legal_actions()))
    check_invariants(state)
    assert state.is_over() and state.d["round"] == 5 and len(state.d["tower"]) == 3
    for seat, parts in enumerate(state.score_breakdown()):
        assert sum(part.points for part in parts) == state.scores()[seat]
