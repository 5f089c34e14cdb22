"""Positions for Sabika's rule tests: a game played to its first turn, then set by hand."""

from __future__ import annotations

from typing import Any

from eurogames.games.sabika.game import GAME
from eurogames.games.sabika.rules import SabikaState


def new(players: int = 2, seed: int = 1, **options: Any) -> SabikaState:
    return GAME.new(players, seed=seed, options=options)


def playing(players: int = 2, seed: int = 1, **options: Any) -> SabikaState:
    """A game at the start player's first decision of round 1: start tiles kept (the lowest
    of each pair) and their gains taken (the first legal choice each time)."""
    state = new(players, seed, **options)
    while state.d["phase"] == "start" or state.d["stack"]:
        state.apply(state.legal_actions()[0])
    return state


def blank(state: SabikaState) -> SabikaState:
    """Every holding emptied (score 5, nothing else), every worker in the workshop."""
    for p in state.d["p"]:
        for key in ("mat", "goods", "store", "raw"):
            p[key] = (0,) * len(p[key])
        p.update(dinars=0, paria=0, seals=0, ships={}, favour=0, blue=(), red=(), grey=(),
                 large=(), row=(0,), balances=0, pts={"start": 5},
                 houses=((0,), (0,), (0,), (0,)), cap=4, work=("", "", "", ""), up=(True,) * 4)
    state.d["sultans"] = ()
    state._legal = None
    return state


def put(holder: dict[str, Any], key: str, i: int, value: Any) -> None:
    """Set item ``i`` of ``holder[key]``: a seat's (and Yusuf's) counts and workers are tuples,
    replaced whole (rules.py)."""
    items = list(holder[key])
    items[i] = value
    holder[key] = tuple(items)


def texts(state: SabikaState) -> list[str]:
    return [a.text for a in state.legal_actions()]


def play(state: SabikaState, *moves: str) -> SabikaState:
    for text in moves:
        state.apply(state.parse_action(text))
    return state


def turn(state: SabikaState, seat: int) -> SabikaState:
    """Make ``seat`` the player whose turn starts now."""
    state.d["active"] = seat
    state.d["stack"] = []
    state._legal = None
    return state
