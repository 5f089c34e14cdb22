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

from eurogames.games.splendor.data import COLOURS, DATA, TOKENS
from eurogames.games.splendor.rules import PHASES  # the view's phase names
from eurogames.games.splendor.text import card_json, noble_json
from eurogames.rl.encoding import (
    Block,
    Layout,
    Memo,
    compiled_route,
    current_seat_block,
    fast_routes,
    observer_seat,
    seat_label,
)

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
        Block("start seat", n, 1.0, "one-hot of the start player, relative (the round ends before it, R23)"),
        Block("final round", 1, 1.0, "1 once a seat has reached 15 points (R22)"),
        Block("supply", 6, 1.0, "tokens in the supply: white, blue, green, red, black (each /7), gold (/5)"),
        Block("market", MARKET_SLOTS * SLOT_FEATURES, 1.0,
              "12 slots, level 1 slot 1 first (1.1, 1.2, … 3.4), 12 entries each: present, bonus one-hot "
              "(white, blue, green, red, black), points /5, cost per colour /7; all 0 for an empty slot"),
        Block("decks", LEVELS, 1.0, "cards left in the level 1, 2, 3 decks, /40"),
        Block("nobles", _nobles(n) * NOBLE_FEATURES, 1.0,
              f"{_nobles(n)} noble slots in the view's order, 6 entries each: present, requirement per colour /4"),
    ]
    for i in range(n):
        who = seat_label(i)
        blocks += [
            Block(f"seat+{i} tokens", 6, 1.0, f"{who}: tokens held, five colours /7, gold /5"),
            Block(f"seat+{i} bonuses", 5, MOST_BONUS / BONUS_SCALE, f"{who}: card bonuses per colour /10"),
            Block(f"seat+{i} points", 1, MOST_POINTS / POINTS_SCALE, f"{who}: prestige points /15"),
            Block(f"seat+{i} cards", 1, 90 / CARDS_SCALE, f"{who}: development cards bought /30 (the tie-break, R25)"),
            Block(f"seat+{i} nobles", 1, MOST_NOBLES / NOBLES_SCALE, f"{who}: nobles won /3"),
            Block(f"seat+{i} reserved", RESERVE_LIMIT * RESERVED_FEATURES, 1.0,
                  f"{who}: 3 reserve slots in hand order, 17 entries each: present, blind (taken from a deck), "
                  "hidden (another seat's blind reserve: only its level is seen, D11), level one-hot, then the "
                  "card as in the market (all 0 when hidden)"),
        ]
    return Layout(blocks)


def observation_size(players: int, options: dict[str, Any] | None = None) -> int:
    return len(PHASES) + 2 * players + 1 + 6 + MARKET_SLOTS * SLOT_FEATURES + LEVELS + \
        _nobles(players) * NOBLE_FEATURES + players * SEAT_FEATURES


# -- precomputed pieces: the hot path mostly concatenates tuples -------------------------------
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
# features seen once per card or noble, from the view's own fields (they never change)
_SLOT: dict[int, tuple[float, ...]] = {}
_RESERVED: dict[tuple[int, bool], tuple[float, ...]] = {}
_NOBLE: dict[int, tuple[float, ...]] = {}


def _card(card: dict[str, Any]) -> tuple[float, ...]:
    bonus = COLOURS.index(card["bonus"])
    cost = card["cost"]
    return (
        *(float(bonus == c) for c in range(5)),
        card["points"] / CARD_POINTS_SCALE,
        *(cost.get(colour, 0) / COST_SCALE for colour in COLOURS),
    )


def _slot(card: dict[str, Any]) -> tuple[float, ...]:
    found = _SLOT[card["id"]] = (1.0, *_card(card))
    return found


def _reserved(card: dict[str, Any]) -> tuple[float, ...]:
    if card.get("hidden"):
        return _HIDDEN[card["level"]]
    key = (card["id"], bool(card["blind"]))
    found = _RESERVED.get(key)
    if found is None:
        found = _RESERVED[key] = (1.0, float(key[1]), 0.0, *_LEVEL[card["level"]], *_card(card))
    return found


def _noble(noble: dict[str, Any]) -> tuple[float, ...]:
    requires = noble["requires"]
    found = _NOBLE[noble["id"]] = (1.0, *(requires.get(c, 0) / REQUIRES_SCALE for c in COLOURS))
    return found


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
            if card is None:
                ext(_EMPTY_SLOT)
            else:
                found = slots.get(card["id"])
                ext(found if found is not None else _slot(card))
    ext([d * _DECK for d in view["decks"]])
    nobles = view["nobles"]
    for noble in nobles:
        found = _NOBLE.get(noble["id"])
        ext(found if found is not None else _noble(noble))
    for _ in range(_nobles(n) - len(nobles)):
        ext(_EMPTY_NOBLE)
    seats = view["seats"]
    for i in range(n):
        player = seats[(r + i) % n]
        ext(_tokens(_TOKENS(player["tokens"])))
        ext(_tally(_COLOURS(player["bonuses"]), player["points"], len(player["cards"]), len(player["nobles"])))
        reserved = player["reserved"]
        for card in reserved:
            ext(_reserved(card))
        for _ in range(RESERVE_LIMIT - len(reserved)):
            ext(_EMPTY_RESERVED)
    return np.array(out, np.float32)


# -- the fast route: the same vector straight from the state -----------------------------------
# encode_state joins float32 byte strings prepared once per card, noble and count vector, from
# the builders above (so both routes compute every number the same way). It reads only what
# the view shows: card ids of the market and of the reserves (a blind reserve of another seat
# as its level alone, D11), deck sizes, counts. tests/rl/test_fast_route.py checks it against
# encode(state.view(seat)) at every decision of many games, and the leak tests run through it.
def _f32(values: Any) -> bytes:
    return np.array(values, np.float32).tobytes()


_EMPTY_SLOT_BYTES = _f32(_EMPTY_SLOT)
_SLOT_BYTES = (_EMPTY_SLOT_BYTES, *(_f32(_slot(card_json(c))) for c in range(1, len(DATA.card_level))))
_EMPTY_NOBLE_BYTES = _f32(_EMPTY_NOBLE)
_NOBLE_BYTES = (_EMPTY_NOBLE_BYTES, *(_f32(_noble(noble_json(k))) for k in range(1, len(DATA.noble_points))))
_EMPTY_RESERVED_BYTES = _f32(_EMPTY_RESERVED)
# a reserved card as its holder sees it (blind or not), and as another seat sees a blind one
_OWN_RESERVED = {
    (c, blind): _f32(_reserved({**card_json(c), "blind": blind}))
    for c in range(1, len(DATA.card_level)) for blind in (False, True)
}
_HIDDEN_BYTES = tuple(_f32(_HIDDEN[DATA.card_level[c]]) if c else b"" for c in range(len(DATA.card_level)))
_MEMO_LIMIT = 1 << 14  # entries per memo before it starts again (a few MB each at most)
_HEADS = Memo(_MEMO_LIMIT)
_NOBLE_ROWS = Memo(_MEMO_LIMIT)
_RESERVES = Memo(_MEMO_LIMIT)


def _per_count(scale: float, most: int) -> tuple[bytes, ...]:
    """``k * scale`` as float32 bytes for every count ``k`` up to ``most``, computed as the
    view route's builders do (``_tokens``, ``_tally``: a double product, then float32)."""
    return tuple(_f32([k * scale]) for k in range(most + 1))


# a count too large for its table raises IndexError: the rules never allow one
_GEMS = _per_count(_TOKEN_SCALES[0], int(GEMS_SCALE))  # at most 7 gems of one colour (R4)
_GOLD = _per_count(_TOKEN_SCALES[5], int(GOLD_SCALE))
_BONUSES = _per_count(_BONUS_SCALES[0], MOST_BONUS)
_POINT_BYTES = _per_count(_POINTS, MOST_POINTS)
_CARD_COUNTS = _per_count(_CARDS, 90)
_NOBLE_COUNTS = _per_count(_NOBLES, MOST_NOBLES)
_DECK_SIZES = _per_count(_DECK, 40)


def _reserve_piece(cards: tuple[int, ...], blinds: tuple[bool, ...], own: bool) -> bytes:
    """A seat's three reserve slots, as its holder (``own``) or another seat sees them."""
    rows = [_OWN_RESERVED[c, blind] if own or not blind else _HIDDEN_BYTES[c]
            for c, blind in zip(cards, blinds, strict=True)]
    return b"".join(rows) + _EMPTY_RESERVED_BYTES * (RESERVE_LIMIT - len(cards))


def encode_state_python(state: Any, seat: int | None) -> np.ndarray:
    """``encode(state.view(seat), state.players)``, without building the view (the adapters'
    route where the compiled one is missing; a spectator is ``seat=None``).

    >>> import eurogames
    >>> state = eurogames.load("splendor").new(players=2, seed=7)
    >>> bool((encode_state_python(state, 1) == encode(state.view(1), 2)).all())
    True
    """
    n = state.players
    r = 0 if seat is None else seat
    current = state.current_player
    key = (n, state.phase, (current - r) % n if current >= 0 else -1, (state.first - r) % n, state.ending)
    head = _HEADS.get(key)
    if head is None:
        head = _HEADS.keep(key, _f32((
            *_PHASE[PHASES[key[1]]], *(_ONE_HOT[n][key[2]] if key[2] >= 0 else _ZEROS[n]),
            *_ONE_HOT[n][key[3]], 1.0 if key[4] else 0.0)))
    key = (n, state.nobles)
    nobles = _NOBLE_ROWS.get(key)
    if nobles is None:
        nobles = _NOBLE_ROWS.keep(key, b"".join(map(_NOBLE_BYTES.__getitem__, state.nobles))
                                  + _EMPTY_NOBLE_BYTES * (n + 1 - len(state.nobles)))
    gems, gold, bonus = _GEMS, _GOLD, _BONUSES
    s = state.supply
    d1, d2, d3 = state.decks
    pieces = [head, gems[s[0]], gems[s[1]], gems[s[2]], gems[s[3]], gems[s[4]], gold[s[5]],
              *map(_SLOT_BYTES.__getitem__, state.market),
              _DECK_SIZES[len(d1)], _DECK_SIZES[len(d2)], _DECK_SIZES[len(d3)], nobles]
    held, bonuses, points, bought, won = state.tokens, state.bonuses, state.points, state.bought, state.nobles_won
    reserved, blinds = state.reserved, state.blind
    for i in range(n):
        p = (r + i) % n
        t, b = held[p], bonuses[p]
        key = (reserved[p], blinds[p], p == seat)
        hand = _RESERVES.get(key)
        if hand is None:
            hand = _RESERVES.keep(key, _reserve_piece(*key))
        pieces += (gems[t[0]], gems[t[1]], gems[t[2]], gems[t[3]], gems[t[4]], gold[t[5]],
                   bonus[b[0]], bonus[b[1]], bonus[b[2]], bonus[b[3]], bonus[b[4]],
                   _POINT_BYTES[points[p]], _CARD_COUNTS[len(bought[p])], _NOBLE_COUNTS[len(won[p])], hand)
    return np.frombuffer(bytearray().join(pieces), np.float32)


# -- the compiled route: the same pieces joined in C (_cencode.c), where it was built ------------
COMPILED = compiled_route(__name__, {
    "gems": b"".join(_GEMS), "gold": b"".join(_GOLD), "bonus": b"".join(_BONUSES),
    "points": b"".join(_POINT_BYTES), "cards": b"".join(_CARD_COUNTS),
    "nobles_won": b"".join(_NOBLE_COUNTS), "deck": b"".join(_DECK_SIZES),
    "slot": b"".join(_SLOT_BYTES), "noble": b"".join(_NOBLE_BYTES),
    # entry 2 * card + blind; card 0 (no card) is refused by the C code before it is read
    "own_reserved": b"".join(_OWN_RESERVED.get((c, blind), _EMPTY_RESERVED_BYTES)
                             for c in range(len(DATA.card_level)) for blind in (False, True)),
    "hidden": b"".join(_HIDDEN_BYTES[c] or _EMPTY_RESERVED_BYTES for c in range(len(DATA.card_level))),
})
encode_state, encode_state_into = fast_routes(COMPILED.encode if COMPILED else None, encode_state_python)

__all__ = ["encode", "encode_state", "encode_state_into", "encode_state_python", "layout", "observation_size"]
