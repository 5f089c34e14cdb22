"""Positions for Agra's rule tests: a new game, then the few facts a rule needs."""

from __future__ import annotations

from typing import Any

import eurogames
from eurogames.games.agra.actions import GOOD, SPACES, space_name

GAME = eurogames.load("agra")


def new(players: int = 2, seed: int = 1, **options: Any):
    return GAME.new(players, seed=seed, options=options)


def refresh(state) -> None:
    state._legal = None


def give(state, seat: int, **goods: int) -> None:
    """Set goods (markers come from or go back to the supply, H7)."""
    p = state.d["p"][seat]
    for name, n in goods.items():
        g = GOOD[name]
        p["markers"] -= n - p["goods"][g]
        p["goods"][g] = n
    refresh(state)


def worker(state, space: str, seat: int, standing: bool = True) -> None:
    """A worker of ``seat`` on ``space`` (a character or ``c.r``), from its supply."""
    s = next(i for i in range(SPACES) if space_name(i) == space)
    state.d["p"][seat]["workers"] -= 1
    state.d["spaces"][s] = [seat, standing]
    refresh(state)


def play(state, *texts: str) -> None:
    for text in texts:
        state.apply(state.parse_action(text))


def legal(state) -> set[str]:
    return {a.text for a in state.legal_actions()}


def notable_on_river(state, notable: int, level_open: bool = True) -> dict[str, Any]:
    """Make sure ``notable`` is on the river (replacing one of its level)."""
    river = state.d["river"]
    if not any(n["id"] == notable for n in river):
        level = state.t.n_level[notable]
        i = next(i for i, n in enumerate(river) if state.t.n_level[n["id"]] == level)
        river[i] = {"id": notable, "slots": [[] for _ in state.t.n_contract[notable]],
                    "owner": None}
    refresh(state)
    return next(n for n in river if n["id"] == notable)


def own(state, seat: int, notable: int) -> None:
    """``seat`` holds the contract of ``notable`` (taken off the river)."""
    state.d["river"] = [n for n in state.d["river"] if n["id"] != notable]
    state.d["p"][seat]["contracts"].append(notable)
    refresh(state)


def favour(state, seat: int, n: int) -> None:
    """Set favour points (markers from or back to the supply, F1)."""
    p = state.d["p"][seat]
    p["markers"] -= n - p["favour"]
    p["favour"] = n
    refresh(state)


def tile(state, seat: int, t: int) -> None:
    """``seat`` holds favour tile ``t`` (from the display or the stack)."""
    d = state.d
    for pile in (d["display"], d["stack_tiles"]):
        if t in pile:
            pile.remove(t)
    d["p"][seat]["tiles"].append(t)
    refresh(state)
