"""What a seat may see of an Alhambra state (A18, §13): ``state.view(seat)``."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from eurogames.games.alhambra.actions import CURRENCIES
from eurogames.games.alhambra.data import TILE_IDS, TILE_PRICE, TILE_TYPE, TILE_WALLS, TYPES
from eurogames.games.alhambra.palace import FOUNTAIN, xy_of
from eurogames.games.alhambra.rules import PHASES  # rules imports this module only inside functions

SIDE_NAMES = ("north", "east", "south", "west")


# every tile's view, built once: copying a prepared dict costs half of building one, and a
# view lists every tile of every palace for every observation a learner makes
_TILE_VIEWS = {
    tile: {
        "id": tile,
        "type": TYPES[TILE_TYPE[tile]],
        "price": TILE_PRICE[tile],
        "walls": [SIDE_NAMES[i] for i in range(4) if TILE_WALLS[tile] >> i & 1],
    }
    for tile in TILE_IDS
}
_MONEY_TEXT = tuple(f"{CURRENCIES[c // 9]} {c % 9 + 1}" for c in range(36))


def tile_json(tile: int) -> dict[str, Any]:
    """A fresh copy each time, its walls too: a view belongs to its caller, who may change it."""
    template = _TILE_VIEWS[tile]
    found = template.copy()
    found["walls"] = template["walls"][:]
    return found


def money_json(counts: tuple[int, ...] | list[int]) -> list[str]:
    """Cards as ``"blue 4"`` texts, in currency then value order, one entry per card."""
    return list(money_cards(tuple(counts)))


@lru_cache(maxsize=4096)  # a hand is viewed far more often than it changes
def money_cards(counts: tuple[int, ...]) -> tuple[str, ...]:
    """The cards of 36 counts (``card_code`` order) as ``"blue 4"`` texts."""
    return tuple(text for text, n in zip(_MONEY_TEXT, counts, strict=True) for _ in range(n))


def state_view(state: Any, seat: int | None) -> dict[str, Any]:
    """What ``seat`` may see: everything but the deck's order and the generator (A18, §13)."""
    if seat is not None and (
        isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.players
    ):
        raise ValueError(f"seat must be 0 to {state.players - 1} or None, not {seat!r}")
    seats = []
    for p in range(state.players):
        placed, wall = palace_facts(state, p)
        seats.append({
            "seat": p,
            "points": state.points[p],
            "money": money_json(state.hands[p]),
            "alhambra": [
                {"id": tile, "type": kind, "price": price, "walls": list(walls), "at": [x, y]}
                for tile, kind, price, walls, x, y in placed
            ],
            "reserve": [tile_json(t) for t in state.reserves[p]],
            "longest_wall": wall,
        })
    over = state.is_over()
    slots = [
        {"slot": i + 1, "currency": CURRENCIES[i], "tile": tile_json(t) if t else None}
        for i, t in enumerate(state.market)
    ]
    return {
        "game": "alhambra",
        "seat": seat,
        "players": state.players,
        "ply": state.ply,
        "current_player": state.current_player,
        "phase": PHASES[state.phase],
        "start_player": state.start,
        "bonus_action": state.bonus,
        "purchase": purchase_json(state),
        "market": slots,
        "display": [_MONEY_TEXT[c] for c in state.display],
        "deck": len(state.deck),
        "discard": money_json(state.discard),
        "bag": sorted(state.bag),
        "scorings_done": state.scorings,
        "scoring_cards": [{"draws": list(w)} for w in state.scoring_windows()],
        "bought": [tile_json(t) for t in state.pending],
        "end_gifts": [{"seat": p, "tiles": [tile_json(t) for t in ts]} for p, ts in state.queue],
        "dirk": (
            {"tiles": [tile_json(t) for t in state.dirk], "points": state.dirk_points}
            if state.with_dirk
            else None
        ),
        "scoring_log": [
            {"round": r, "points": list(g), "dirk": d} for r, g, d in state.log
        ],
        "seats": seats,
        "scores": state.scores(),
        "over": over,
        "winners": state.winners() if over else None,
    }


def purchase_json(state: Any) -> dict[str, Any] | None:
    """The purchase in progress, public like every payment (M2, A18): the market slot (1–4)
    and its currency, the tile and its price, the cards chosen so far and their total."""
    if state.purchase is None:
        return None
    slot, cards = state.purchase
    tile = state.market[slot]
    return {
        "slot": slot + 1,
        "currency": CURRENCIES[slot],
        "tile": tile_json(tile),
        "price": TILE_PRICE[tile],
        "cards": [_MONEY_TEXT[c] for c in cards],
        "total": sum(c % 9 + 1 for c in cards),
    }


_Placed = tuple[int, str, int, tuple[str, ...], int, int]  # tile, type, price, walls, x, y


def palace_facts(state: Any, p: int) -> tuple[tuple[_Placed, ...], int]:
    """Seat p's tiles in view order and its longest wall."""
    return alhambra_facts(state.grids[p], state.cells[p])


@lru_cache(maxsize=4096)  # a grid changes far less often than it is viewed
def alhambra_facts(grid: bytes, cells: tuple[int, ...]) -> tuple[tuple[_Placed, ...], int]:
    """An Alhambra's tiles in view order and its longest wall (S6)."""
    from eurogames.games.alhambra.palace import longest_wall

    placed = []
    for c in sorted(cells):
        tile = grid[c]
        if tile != FOUNTAIN:
            view = _TILE_VIEWS[tile]
            placed.append((tile, view["type"], view["price"], tuple(view["walls"]), *xy_of(c)))
    return tuple(placed), longest_wall(grid, cells)
