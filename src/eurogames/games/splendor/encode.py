"""Splendor as numbers for learning agents: one seat's observation, from its view alone.

The learning adapters (``eurogames.rl``) find this module beside the rules and call
``encode(state.view(seat), players)``. Only the view is read, so an observation holds exactly
what the seat may see (D11: another seat's blind reserve shows only its level). Seats are
ordered from the observer on (the observer first, then the seats after it in turn order), so
a policy learns one role whatever seat it sits in. docs/observations.md lists every entry;
``layout`` is the source of that table and of the adapters' observation bounds.

Every number is scaled to about [0, 1] by the largest value the rules allow (gems of one
colour 7, gold 5, card points 5, a colour's cost 7, a noble's requirement 4), except running
totals (bonuses, points, cards bought), which are scaled by a typical size and may exceed 1.
"""

from __future__ import annotations

from operator import itemgetter, mul
from typing import Any

import numpy as np

from eurogames.core.encoding import (
    Block,
    Layout,
    compiled_module,
    compiled_routes,
    current_seat_block,
    observer_seat,
    seat_label,
)
from eurogames.games.splendor.data import COLOURS, DATA, TOKENS
from eurogames.games.splendor.rules import PHASES  # the view's phase names
from eurogames.games.splendor.view import card_json, noble_json

MARKET_SLOTS = 12  # three rows of four, level 1 first (R3)
RESERVE_LIMIT = 3  # R11
LEVELS = 3
GEMS_SCALE = 7.0  # the most gems of one colour in the game (4 players, R4)
GOLD_SCALE = 5.0  # gold tokens in the game (R4)
CARD_POINTS_SCALE = 5.0  # the most points on one card
COST_SCALE = 7.0  # the highest cost in one colour
REQUIRES_SCALE = 4.0  # the highest noble requirement in one colour
DECK_SCALE = 40.0  # the level-1 deck's size, the largest
BONUS_SCALE = 10.0
POINTS_SCALE = 15.0  # the points that trigger the end (R22)
CARDS_SCALE = 30.0
NOBLES_SCALE = 3.0

CARD_FEATURES = 11  # bonus one-hot (5), points, cost per colour (5)
SLOT_FEATURES = 1 + CARD_FEATURES  # present + card
RESERVED_FEATURES = 3 + LEVELS + CARD_FEATURES  # present, blind, hidden, level one-hot + card
NOBLE_FEATURES = 1 + 5  # present, requirement per colour
SEAT_FEATURES = 6 + 5 + 1 + 1 + 1 + RESERVE_LIMIT * RESERVED_FEATURES

MOST_POINTS = sum(DATA.card_points) + 5 * 3  # every card and five nobles: a safe bound
MOST_BONUS = 18  # 8 + 6 + 4 cards of one colour
MOST_NOBLES = 5


def _nobles(players: int) -> int:
    return players + 1  # R4: players + 1 face-up nobles


def layout(players: int, options: dict[str, Any] | None = None) -> Layout:
    """The named blocks of the observation for ``players`` seats (options change nothing)."""
    n = players
    blocks = [
        Block("phase", len(PHASES), 1.0, "one-hot: main, return (R18), noble (R19), over"),
        current_seat_block(n),
        Block(
            "start seat",
            n,
            1.0,
            "one-hot of the start player, relative (the round ends before it, R23)",
        ),
        Block("final round", 1, 1.0, "1 once a seat has reached 15 points (R22)"),
        Block(
            "supply",
            6,
            1.0,
            "tokens in the supply: white, blue, green, red, black (each /7), gold (/5)",
        ),
        Block(
            "market",
            MARKET_SLOTS * SLOT_FEATURES,
            1.0,
            "12 slots, level 1 slot 1 first (1.1, 1.2, … 3.4), 12 entries each: present, bonus "
            "one-hot (white, blue, green, red, black), points /5, cost per colour /7; all 0 for "
            "an empty slot",
        ),
        Block("decks", LEVELS, 1.0, "cards left in the level 1, 2, 3 decks, /40"),
        Block(
            "nobles",
            _nobles(n) * NOBLE_FEATURES,
            1.0,
            f"{_nobles(n)} noble slots in the view's order, 6 entries each: present, requirement "
            "per colour /4",
        ),
    ]
    for i in range(n):
        who = seat_label(i)
        blocks += [
            Block(f"seat+{i} tokens", 6, 1.0, f"{who}: tokens held, five colours /7, gold /5"),
            Block(
                f"seat+{i} bonuses",
                5,
                MOST_BONUS / BONUS_SCALE,
                f"{who}: card bonuses per colour /10",
            ),
            Block(f"seat+{i} points", 1, MOST_POINTS / POINTS_SCALE, f"{who}: prestige points /15"),
            Block(
                f"seat+{i} cards",
                1,
                90 / CARDS_SCALE,
                f"{who}: development cards bought /30 (the tie-break, R25)",
            ),
            Block(f"seat+{i} nobles", 1, MOST_NOBLES / NOBLES_SCALE, f"{who}: nobles won /3"),
            Block(
                f"seat+{i} reserved",
                RESERVE_LIMIT * RESERVED_FEATURES,
                1.0,
                f"{who}: 3 reserve slots in hand order, 17 entries each: present, blind (taken "
                "from a deck), hidden (another seat's blind reserve: only its level is seen, "
                "D11), level one-hot, then the card as in the market (all 0 when hidden)",
            ),
        ]
    return Layout(blocks)


def observation_size(players: int, options: dict[str, Any] | None = None) -> int:
    return len(PHASES) + 2 * players + 1 + 6 + MARKET_SLOTS * SLOT_FEATURES + LEVELS + \
        _nobles(players) * NOBLE_FEATURES + players * SEAT_FEATURES


# -- constant pieces, computed once: the hot path mostly concatenates tuples -------------------
_ONE_HOT = {n: tuple(tuple(float(i == k) for i in range(n)) for k in range(n)) for n in range(1, 7)}
_ZEROS = {n: (0.0,) * n for n in range(0, 64)}
_PHASE = {name: tuple(float(i == k) for i in range(len(PHASES))) for k, name in enumerate(PHASES)}
_LEVEL = {level: tuple(float(level == k) for k in (1, 2, 3)) for level in (1, 2, 3)}
_EMPTY_SLOT = (0.0,) * SLOT_FEATURES
_EMPTY_RESERVED = (0.0,) * RESERVED_FEATURES
_EMPTY_NOBLE = (0.0,) * NOBLE_FEATURES
_HIDDEN = {level: (1.0, 1.0, 1.0, *_LEVEL[level], *(0.0,) * CARD_FEATURES) for level in (1, 2, 3)}
_TOKENS = itemgetter(*TOKENS)  # a view's token counts in canonical order, whatever its key order
_COLOURS = itemgetter(*COLOURS)
CARD_IDS = range(1, len(DATA.card_level))
NOBLE_IDS = range(1, len(DATA.noble_points))


def _card(card: dict[str, Any]) -> tuple[float, ...]:
    """A card's features from its view (``card_json``): bonus one-hot, points, cost."""
    bonus = COLOURS.index(card["bonus"])
    cost = card["cost"]
    return (
        *(float(bonus == c) for c in range(5)),
        card["points"] / CARD_POINTS_SCALE,
        *(cost.get(colour, 0) / COST_SCALE for colour in COLOURS),
    )


def _reserved(card: dict[str, Any]) -> tuple[float, ...]:
    """A reserved card as the view shows it: the holder's (blind or not), or another seat's
    blind reserve, of which only the level is seen (D11)."""
    if card.get("hidden"):
        return _HIDDEN[card["level"]]
    return _RESERVED[card["id"], bool(card["blind"])]


# every card and noble's features, once: a card never changes, and the view names it by id
_SLOT = {c: (1.0, *_card(card_json(c))) for c in CARD_IDS}
_RESERVED = {
    (c, blind): (1.0, float(blind), 0.0, *_LEVEL[DATA.card_level[c]], *_card(card_json(c)))
    for c in CARD_IDS for blind in (False, True)
}
_NOBLE = {
    k: (1.0, *(noble_json(k)["requires"].get(c, 0) / REQUIRES_SCALE for c in COLOURS))
    for k in NOBLE_IDS
}

# map(mul, values, scales) scales a block in C; the getters always give exactly as many values
_TOKEN_SCALES = (*(1 / GEMS_SCALE,) * 5, 1 / GOLD_SCALE)
_BONUS_SCALES = (1 / BONUS_SCALE,) * 5
_POINTS, _CARDS, _NOBLES = 1 / POINTS_SCALE, 1 / CARDS_SCALE, 1 / NOBLES_SCALE
_DECK = 1 / DECK_SCALE


def _tokens(counts: Any) -> tuple[float, ...]:
    """A supply or a seat's tokens (six counts, canonical order), scaled."""
    return tuple(map(mul, counts, _TOKEN_SCALES))


def _tally(bonuses: Any, points: int, cards: int, nobles: int) -> tuple[float, ...]:
    """A seat's bonuses (five counts), points, cards bought and nobles won, scaled."""
    return (*map(mul, bonuses, _BONUS_SCALES), points * _POINTS, cards * _CARDS, nobles * _NOBLES)


def encode(view: dict[str, Any], players: int) -> np.ndarray:
    """The observation of ``view``'s seat (float32, ``observation_size(players)`` long).

    >>> import eurogames
    >>> state = eurogames.load("splendor").new(players=2, seed=7)
    >>> x = encode(state.view(0), 2)
    >>> x.shape, x.dtype, float(x[layout(2).span("supply")][0])  # 4 white gems of 7
    ((310,), dtype('float32'), 0.5714285969734192)
    """
    n = players
    r = observer_seat(view, n, "splendor", "Splendor", _ONE_HOT)
    one_hot = _ONE_HOT[n]
    out: list[float] = [*_PHASE[view["phase"]]]
    ext = out.extend
    current = view["current_player"]
    ext(one_hot[(current - r) % n] if current >= 0 else _ZEROS[n])
    ext(one_hot[(view["first_player"] - r) % n])
    out.append(1.0 if view["final_round"] else 0.0)
    ext(_tokens(_TOKENS(view["supply"])))
    slots = _SLOT
    for row in view["market"]:
        for card in row:
            ext(_EMPTY_SLOT if card is None else slots[card["id"]])
    ext([d * _DECK for d in view["decks"]])
    nobles = view["nobles"]
    for noble in nobles:
        ext(_NOBLE[noble["id"]])
    for _ in range(_nobles(n) - len(nobles)):
        ext(_EMPTY_NOBLE)
    seats = view["seats"]
    for i in range(n):
        player = seats[(r + i) % n]
        ext(_tokens(_TOKENS(player["tokens"])))
        ext(
            _tally(
                _COLOURS(player["bonuses"]),
                player["points"],
                len(player["cards"]),
                len(player["nobles"]),
            )
        )
        reserved = player["reserved"]
        for card in reserved:
            ext(_reserved(card))
        for _ in range(RESERVE_LIMIT - len(reserved)):
            ext(_EMPTY_RESERVED)
    return np.array(out, np.float32)


# -- the compiled route (_cencode.c), where it was built -----------------------------------------
# It reads the state's fields (only what the view shows: card ids of the market and of the
# reserves, another seat's blind reserve as its level alone, D11; deck sizes; counts) and
# copies float32 pieces from these tables, each computed here once by the view route's own
# arithmetic above, so that both routes give the very same bytes
# (tests/rl/test_compiled_route.py checks it at every decision of many games).
def _f32(values: Any) -> bytes:
    return np.array(values, np.float32).tobytes()


def _per_count(scale: float, most: int) -> bytes:
    """``k * scale`` as float32 for every count ``k`` up to ``most``, as ``_tokens`` and
    ``_tally`` compute it (a double product, then float32). The compiled route refuses a
    count beyond its table: the rules never allow one."""
    return _f32([k * scale for k in range(most + 1)])


def _compiled_tables() -> dict[str, bytes]:
    cards = range(len(DATA.card_level))  # entry 0, no card, is refused before it is read
    return {
        "gems": _per_count(_TOKEN_SCALES[0], int(GEMS_SCALE)),  # at most 7 of a colour (R4)
        "gold": _per_count(_TOKEN_SCALES[5], int(GOLD_SCALE)),
        "bonus": _per_count(_BONUS_SCALES[0], MOST_BONUS),
        "points": _per_count(_POINTS, MOST_POINTS),
        "cards": _per_count(_CARDS, 90),
        "nobles_won": _per_count(_NOBLES, MOST_NOBLES),
        "deck": _per_count(_DECK, 40),
        "slot": _f32([_SLOT.get(c, _EMPTY_SLOT) for c in cards]),
        "noble": _f32([_NOBLE.get(k, _EMPTY_NOBLE) for k in range(len(DATA.noble_points))]),
        # entry 2 * card + blind: a reserved card as its holder sees it
        "own_reserved": _f32([_RESERVED.get((c, blind), _EMPTY_RESERVED)
                              for c in cards for blind in (False, True)]),
        # per card: another seat's blind reserve of it, its level alone
        "hidden": _f32([_HIDDEN[DATA.card_level[c]] if c else _EMPTY_RESERVED for c in cards]),
    }


COMPILED = compiled_module(__name__, _compiled_tables())
encode_state, encode_state_into = compiled_routes(COMPILED.encode if COMPILED else None)

__all__ = ["encode", "encode_state", "encode_state_into", "layout", "observation_size"]
