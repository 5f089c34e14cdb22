"""Splendor's fixed action space: every decision that can ever be legal, with its id.

Ids (``NUM_ACTIONS`` in all):

- take three different colours (10), two different (10), one (5): ``take white blue green``
- take two of one colour (5): ``take2 red``
- reserve a face-up card (12) or blind from a deck (3): ``reserve 2.3``, ``reserve deck 3``
- buy from one of 15 places (12 market slots, 3 reserved positions) with one of 252 gold
  allocations (how many gold tokens stand in for each colour, at most 5 in all):
  ``buy 1.4``, ``buy 1.4 gold red red``, ``buy reserved 2 gold black``
- return a token (6): ``return red``, ``return gold``
- choose a noble (10, by noble id): ``noble 4``
- pass (1), legal only when nothing else is
"""

from __future__ import annotations

from itertools import combinations, product

from eurogames.core.action import Action, action_kind
from eurogames.games.splendor.data import COLOURS, TOKENS

GAME = "splendor"
TAKE, TAKE2, RESERVE, RESERVE_DECK, BUY, RETURN, NOBLE, PASS = (
    "take", "take2", "reserve", "reserve_deck", "buy", "return", "noble", "pass",
)
# each kind's arguments by name: ``action.place``, ``action.gold``
KINDS: dict[str, type[Action]] = {
    TAKE: action_kind(TAKE, "colours"),  # colour indices, ascending
    TAKE2: action_kind(TAKE2, "colour"),
    RESERVE: action_kind(RESERVE, "place"),  # a market place 0..11
    RESERVE_DECK: action_kind(RESERVE_DECK, "level"),  # 1..3
    BUY: action_kind(BUY, "place", "gold"),  # place 0..14; gold standing in, per colour
    RETURN: action_kind(RETURN, "token"),  # a token index 0..5 (5: gold)
    NOBLE: action_kind(NOBLE, "noble"),  # a noble id 1..10
    PASS: action_kind(PASS),
}
MARKET_SLOTS = 12  # place 0..11: level (p // 4) + 1, slot (p % 4) + 1
PLACES = 15  # 12..14: reserved card 1..3 in hand order
MAX_GOLD = 5

# every gold allocation, the zero allocation first
GOLD_VECTORS: tuple[tuple[int, ...], ...] = tuple(
    sorted(
        (v for v in product(range(MAX_GOLD + 1), repeat=5) if sum(v) <= MAX_GOLD),
        key=lambda v: (sum(v), tuple(-x for x in v)),
    )
)
GOLD_INDEX = {v: i for i, v in enumerate(GOLD_VECTORS)}


def place_text(place: int) -> str:
    if place < MARKET_SLOTS:
        return f"{place // 4 + 1}.{place % 4 + 1}"
    return f"reserved {place - MARKET_SLOTS + 1}"


def gold_text(gold: tuple[int, ...]) -> str:
    words = [COLOURS[c] for c in range(5) for _ in range(gold[c])]
    return " gold " + " ".join(words) if words else ""


def _build() -> tuple[list[Action], dict[str, Action]]:
    table: list[Action] = []

    def add(kind: str, args: tuple, text: str) -> None:
        table.append(KINDS[kind](GAME, len(table), text, *args))

    for size in (3, 2, 1):
        for combo in combinations(range(5), size):
            add(TAKE, (combo,), "take " + " ".join(COLOURS[c] for c in combo))
    for c in range(5):
        add(TAKE2, (c,), f"take2 {COLOURS[c]}")
    for place in range(MARKET_SLOTS):
        add(RESERVE, (place,), f"reserve {place_text(place)}")
    for level in (1, 2, 3):
        add(RESERVE_DECK, (level,), f"reserve deck {level}")
    for place in range(PLACES):
        for gold in GOLD_VECTORS:
            add(BUY, (place, gold), f"buy {place_text(place)}{gold_text(gold)}")
    for c in range(6):
        add(RETURN, (c,), f"return {TOKENS[c]}")
    for noble in range(1, 11):
        add(NOBLE, (noble,), f"noble {noble}")
    add(PASS, (), "pass")
    return table, {a.text: a for a in table}


ACTIONS, BY_TEXT = _build()
NUM_ACTIONS = len(ACTIONS)
_FIRST = {}
for _a in ACTIONS:
    _FIRST.setdefault(_a.kind, _a.id)

TAKE_IDS = {a.colours: a for a in ACTIONS if a.kind == TAKE}
TAKE2_BY_COLOUR = tuple(ACTIONS[_FIRST[TAKE2] + c] for c in range(5))
RESERVE_BY_PLACE = tuple(ACTIONS[_FIRST[RESERVE] + p] for p in range(MARKET_SLOTS))
RESERVE_DECK_BY_LEVEL = (None, *(ACTIONS[_FIRST[RESERVE_DECK] + i] for i in range(3)))
RETURN_BY_TOKEN = tuple(ACTIONS[_FIRST[RETURN] + c] for c in range(6))
NOBLE_BY_ID = (None, *(ACTIONS[_FIRST[NOBLE] + i] for i in range(10)))
PASS_ACTION = ACTIONS[_FIRST[PASS]]


def buy_action(place: int, gold: tuple[int, ...]) -> Action:
    return ACTIONS[_FIRST[BUY] + place * len(GOLD_VECTORS) + GOLD_INDEX[gold]]


# the take actions open to each set of available colours (bit c set: colour c in supply):
# exactly min(3, colours available) different colours (ruling D1)
TAKE_BY_MASK: tuple[tuple[Action, ...], ...] = tuple(
    tuple(
        TAKE_IDS[combo]
        for combo in combinations([c for c in range(5) if mask >> c & 1], min(3, mask.bit_count()))
    )
    if mask
    else ()
    for mask in range(32)
)
