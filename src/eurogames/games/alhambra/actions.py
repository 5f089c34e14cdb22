"""Alhambra's fixed action space: every decision that can ever be legal, with its id.

Money cards are written ``<currency> <value>`` (``blue 4``); currencies in the seed's order
yellow 黃, green 綠, blue 藍, orange 橘. Cells are ``x,y`` with x east and y south of the
fountain. Ids (``NUM_ACTIONS`` in all), in this order:

- take money (拿取錢幣): one card of any value, or several totalling at most 5, written
  in currency order then value: ``take blue 4``, ``take green 3 blue 2`` (rule M1);
- buy (購買建築) from market slot 1–4 with a payment in the slot's currency that is
  inclusion-minimal for some price 2–13, in one decision (a shortcut): ``buy 2 pay 1,4``
  (rules M2–M4, decision A10);
- place a tile on a cell of the playable square (decision A25): ``place 14 at 1,-2`` (a
  bought tile in the placement phase, a reserve tile as redesign a);
- put a tile into the reserve: ``reserve 14`` (a bought tile in the placement phase, an
  Alhambra tile as redesign b);
- swap: ``swap 14 9`` puts reserve tile 14 where Alhambra tile 9 lies and tile 9 into the
  reserve (redesign c);
- give a bought tile to Dirk (2 players): ``dirk 14``;
- ``pass``: decline the bonus action after an exact payment, or the only action when
  nothing else is legal (decisions A1, A11);

and after them, so that the ids and texts above mean what they meant in rules version 1,
any sufficient payment as a sequence (rules M3, M7, decision A10):

- ``buy 2`` opens a purchase from slot 2, legal where the seat's cards of the slot's
  currency can overpay (they reach the price even without their smallest card; where they
  cannot, every payment they allow is a minimal one, listed above);
- ``pay green 4`` adds one card of the slot's currency still held to the payment (any
  card, also once the price is reached: overpaying is allowed and gives no change);
- ``confirm`` pays, once the cards reach the price. An exact payment grants another action
  (M4), whichever route reached it. A purchase once opened cannot be abandoned (the web
  client's undo can take it back: choosing reveals nothing); ``pay 4`` is read as the card
  of that value in the purchase's currency.
"""

from __future__ import annotations

from itertools import combinations_with_replacement

from eurogames.core.action import Action, action_kind
from eurogames.games.alhambra.data import NUM_TILES, TILE_IDS
from eurogames.games.alhambra.palace import PLAYABLE, WIDTH, xy_of

GAME = "alhambra"
CURRENCIES = ("yellow", "green", "blue", "orange")  # market slots 1–4 (decision A15)
VALUES = range(1, 10)
COPIES = 3  # of each currency and value (2 with two players)
SCORING_CARD = 36  # card codes 0..35 are currency * 9 + value - 1
TAKE_LIMIT = 5  # rule M1: several cards only when they total at most 5
MIN_PRICE, MAX_PRICE = 2, 13

TAKE, BUY, PLACE, RESERVE, SWAP, DIRK, PASS, PURCHASE, PAY, CONFIRM = (
    "take", "buy", "place", "reserve", "swap", "dirk", "pass", "purchase", "pay", "confirm",
)

# each kind's arguments by name: ``action.slot``, ``action.tile``
KINDS: dict[str, type[Action]] = {
    TAKE: action_kind(TAKE, "cards"),  # card codes, ascending
    BUY: action_kind(BUY, "slot", "values"),  # market slot 0..3, a minimal payment's values
    PLACE: action_kind(PLACE, "tile", "cell"),
    RESERVE: action_kind(RESERVE, "tile"),
    SWAP: action_kind(SWAP, "new", "old"),  # the reserve tile, the Alhambra tile it replaces
    DIRK: action_kind(DIRK, "tile"),
    PASS: action_kind(PASS),
    PURCHASE: action_kind(PURCHASE, "slot"),  # market slot 0..3: ``buy 2`` opens a purchase
    PAY: action_kind(PAY, "card"),  # a card code, of the slot's currency
    CONFIRM: action_kind(CONFIRM),
}


def card_code(currency: int, value: int) -> int:
    return currency * 9 + value - 1


def card_currency(code: int) -> int:
    return code // 9


def card_value(code: int) -> int:
    return code % 9 + 1


def card_text(code: int) -> str:
    return f"{CURRENCIES[code // 9]} {code % 9 + 1}"


def _takes() -> list[tuple[int, ...]]:
    """Every multiset of cards one take can hold (rule M1), codes ascending."""
    out = [(code,) for code in range(36)]
    small = [code for code in range(36) if card_value(code) < TAKE_LIMIT]
    for size in range(2, TAKE_LIMIT + 1):
        for combo in combinations_with_replacement(small, size):
            if sum(card_value(c) for c in combo) <= TAKE_LIMIT:
                out.append(combo)
    return out


def _payments() -> list[tuple[int, ...]]:
    """Every multiset of values (at most 3 of each) that is a minimal payment of some price.

    Minimal (decision A10): the total reaches the price, and without its smallest card it
    would not. Values ascending.
    """
    out = []

    def extend(values: tuple[int, ...], lowest: int, rest: int) -> None:
        """Add cards worth more than ``lowest`` while the cards above the smallest fit."""
        out.append(values)
        for v in range(lowest + 1, 10):
            for n in range(1, COPIES + 1):
                if v * n > rest:
                    break
                extend(values + (v,) * n, v, rest - v * n)

    for smallest in VALUES:
        for n in range(1, COPIES + 1):
            above = (n - 1) * smallest  # the copies of the smallest value beyond the first
            if above < MAX_PRICE:
                extend((smallest,) * n, smallest, MAX_PRICE - 1 - above)
    out = [v for v in out if sum(v) >= MIN_PRICE]
    out.sort(key=lambda v: (len(v), sum(v), v))
    return out


TAKE_SETS = _takes()
PAYMENTS = _payments()
PAYMENT_INDEX = {values: i for i, values in enumerate(PAYMENTS)}


def _payments_for_price(price: int) -> tuple[tuple[int, ...], ...]:
    return tuple(v for v in PAYMENTS if sum(v) >= price and sum(v) - v[0] < price)


# the inclusion-minimal payments (values ascending) of each price, in action order
MINIMAL_PAYMENTS = {
    price: _payments_for_price(price) for price in range(MIN_PRICE, MAX_PRICE + 1)
}


def cell_text(cell: int) -> str:
    x, y = xy_of(cell)
    return f"{x},{y}"


def _build() -> tuple[list[Action], dict[str, Action]]:
    table: list[Action] = []

    def add(kind: str, args: tuple, text: str) -> None:
        table.append(KINDS[kind](GAME, len(table), text, *args))

    for combo in TAKE_SETS:
        add(TAKE, (combo,), "take " + " ".join(card_text(c) for c in combo))
    for slot in range(4):
        for values in PAYMENTS:
            add(BUY, (slot, values), f"buy {slot + 1} pay {','.join(map(str, values))}")
    for tile in TILE_IDS:
        for cell in PLAYABLE:
            add(PLACE, (tile, cell), f"place {tile} at {cell_text(cell)}")
    for tile in TILE_IDS:
        add(RESERVE, (tile,), f"reserve {tile}")
    for new in TILE_IDS:
        for old in TILE_IDS:
            if new != old:
                add(SWAP, (new, old), f"swap {new} {old}")
    for tile in TILE_IDS:
        add(DIRK, (tile,), f"dirk {tile}")
    add(PASS, (), "pass")
    # appended, so that every id above keeps its rules-version-1 meaning
    for slot in range(4):
        add(PURCHASE, (slot,), f"buy {slot + 1}")
    for code in range(36):
        add(PAY, (code,), f"pay {card_text(code)}")
    add(CONFIRM, (), "confirm")
    return table, {a.text: a for a in table}


ACTIONS, BY_TEXT = _build()
NUM_ACTIONS = len(ACTIONS)
_FIRST: dict[str, int] = {}
for _a in ACTIONS:
    _FIRST.setdefault(_a.kind, _a.id)

TAKE_BY_CARDS = {a.cards: a for a in ACTIONS if a.kind == TAKE}
PASS_ACTION = ACTIONS[_FIRST[PASS]]
PURCHASE_BY_SLOT = tuple(ACTIONS[_FIRST[PURCHASE] + slot] for slot in range(4))
PAY_BY_CARD = tuple(ACTIONS[_FIRST[PAY] + code] for code in range(36))
CONFIRM_ACTION = ACTIONS[_FIRST[CONFIRM]]
RESERVE_BY_TILE = (None, *(ACTIONS[_FIRST[RESERVE] + t - 1] for t in TILE_IDS))
DIRK_BY_TILE = (None, *(ACTIONS[_FIRST[DIRK] + t - 1] for t in TILE_IDS))
_PLAYABLE_INDEX = {cell: i for i, cell in enumerate(PLAYABLE)}
# PLACE_BY_TILE[tile][cell] for every grid cell (None off the playable square)
PLACE_BY_TILE: tuple[tuple[Action | None, ...], ...] = (
    (),
    *(
        tuple(
            ACTIONS[_FIRST[PLACE] + (t - 1) * len(PLAYABLE) + _PLAYABLE_INDEX[c]]
            if c in _PLAYABLE_INDEX
            else None
            for c in range(WIDTH * WIDTH)
        )
        for t in TILE_IDS
    ),
)


def buy_action(slot: int, values: tuple[int, ...]) -> Action:
    """The one-decision purchase from ``slot`` paying ``values`` (a minimal payment)."""
    return ACTIONS[_FIRST[BUY] + slot * len(PAYMENTS) + PAYMENT_INDEX[values]]


def swap_action(new: int, old: int) -> Action:
    return ACTIONS[_FIRST[SWAP] + (new - 1) * (NUM_TILES - 1) + (old - 1 if old < new else old - 2)]


# SWAP_BY_TILES[new][old] (None where new == old): a table, as the legal actions are built often
SWAP_BY_TILES: tuple[tuple[Action | None, ...], ...] = (
    (),
    *(
        (None, *(swap_action(new, old) if new != old else None for old in TILE_IDS))
        for new in TILE_IDS
    ),
)
