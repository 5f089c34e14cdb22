"""What a seat may see of a Splendor state (D11): ``state.view(seat)``."""

from __future__ import annotations

from typing import Any

from eurogames.games.splendor.data import COLOURS, DATA, TOKENS
from eurogames.games.splendor.rules import PHASES  # rules imports this module only inside functions

# every card's and noble's view, built once: copying a prepared dict costs half of building
# one, and a view lists up to ~45 cards and nobles for every observation a learner makes
_CARD_VIEWS = {
    card: {
        "id": card,
        "level": DATA.card_level[card],
        "bonus": COLOURS[DATA.card_bonus[card]],
        "points": DATA.card_points[card],
        "cost": {COLOURS[c]: n for c, n in enumerate(DATA.card_cost[card]) if n},
    }
    for card in range(1, len(DATA.card_level)) if DATA.card_level[card]
}
_NOBLE_VIEWS = {
    noble: {
        "id": noble,
        "points": DATA.noble_points[noble],
        "requires": {COLOURS[c]: n for c, n in enumerate(DATA.noble_requires[noble]) if n},
    }
    for noble in range(1, len(DATA.noble_points))
}


def card_json(card: int) -> dict[str, Any]:
    """A fresh copy each time, its cost too: a view belongs to its caller, who may change it."""
    template = _CARD_VIEWS[card]
    found = template.copy()
    found["cost"] = template["cost"].copy()
    return found


def noble_json(noble: int) -> dict[str, Any]:
    """A fresh copy each time, as :func:`card_json`."""
    template = _NOBLE_VIEWS[noble]
    found = template.copy()
    found["requires"] = template["requires"].copy()
    return found


def _reserved_json(card: int, blind: bool, hidden: bool) -> dict[str, Any]:
    """A reserved card as its holder's seat sees it; only its level when ``hidden`` (D11)."""
    if hidden:
        return {"hidden": True, "level": DATA.card_level[card]}
    found = card_json(card)
    found["blind"] = blind
    return found


def state_view(state: Any, seat: int | None) -> dict[str, Any]:
    """What ``seat`` may see (D11): another seat's blind reserve shows only its level."""
    if seat is not None and (
        isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.players
    ):
        raise ValueError(f"seat must be 0 to {state.players - 1} or None, not {seat!r}")
    players = [
        {
            "seat": p,
            "tokens": dict(zip(TOKENS, state.tokens[p], strict=True)),
            "bonuses": dict(zip(COLOURS, state.bonuses[p], strict=True)),
            "points": state.points[p],
            "cards": [card_json(c) for c in state.bought[p]],
            "nobles": [noble_json(n) for n in state.nobles_won[p]],
            "reserved": [
                _reserved_json(card, blind, blind and p != seat)
                for card, blind in zip(state.reserved[p], state.blind[p], strict=True)
            ],
        }
        for p in range(state.players)
    ]
    market = state.market
    over = state.is_over()
    return {
        "game": "splendor",
        "seat": seat,
        "players": state.players,
        "ply": state.ply,
        "current_player": state.current_player,
        "phase": PHASES[state.phase],
        "first_player": state.first,
        "final_round": state.ending,
        "supply": dict(zip(TOKENS, state.supply, strict=True)),
        "market": [
            [card_json(c) if c else None for c in market[row : row + 4]] for row in (0, 4, 8)
        ],
        "decks": [len(d) for d in state.decks],
        "nobles": [noble_json(n) for n in state.nobles],
        "seats": players,
        "scores": state.scores(),
        "over": over,
        "winners": state.winners() if over else None,
    }
