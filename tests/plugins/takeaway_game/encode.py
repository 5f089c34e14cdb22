"""The take-away game's observation encoder, from the view alone (docs/api.md, Learning)."""

from __future__ import annotations

from typing import Any

import numpy as np

SIZE = 10


def observation_size(players: int, options: dict[str, Any]) -> int:
    return SIZE


def encode(view: dict[str, Any], players: int) -> np.ndarray:
    """Pile and deck left, the observer's cards of each number, the other hand's size, the
    numbers played, and whether the observer is to play."""
    if view.get("game") != "takeaway" or players != 2:
        raise ValueError(f"not a two-player take-away view: {view.get('game')!r}")
    seat = 0 if view["seat"] is None else view["seat"]
    mine, other = view["hands"][seat], view["hands"][1 - seat]
    cards = mine["cards"] or []
    out = np.zeros(SIZE, np.float32)
    out[0], out[1] = view["pile"] / 21, view["deck"] / 12
    out[2:5] = [cards.count(v) / 3 for v in (1, 2, 3)]
    out[5] = other["count"] / 3
    out[6:9] = [view["discard"].count(v) / 4 for v in (1, 2, 3)]
    out[9] = float(view["current_player"] == seat)
    return out
