"""Alhambra as numbers for learning agents: one seat's observation, from its view alone.

The learning adapters (``eurogames.rl``) find this module beside the rules and call
``encode(state.view(seat), players)``. Only the view is read, so an observation holds exactly
what the seat may see (A18: everything but the order of the money deck and of the bag). Seats
are ordered from the observer on (the observer first, then the seats after it in turn order).
docs/observations.md lists every entry; ``layout`` is the source of that table and of the
adapters' observation bounds.

The vector is the dense part (the table, then every seat's summary) followed by one palace
per seat, in one of two encodings (``ENCODINGS``; the adapters' ``encoding=``):

- ``"tiles"`` (the default): per tile id, whether it stands in that seat's Alhambra and the x
  and y of its cell (162 numbers a seat); the tile's type and walls follow from its id;
- ``"planes"``: 11 planes over the 25 x 25 playable square (decision A25: x and y from -12 to
  12 around the fountain): occupied, building type one-hot, and a wall on the north, east,
  south, west side (6,875 numbers a seat), for convolutional networks.

Both hold the same information; "tiles" keeps the vector 18 to 22 times smaller (an adapter
step with "planes" spends most of its time clearing 112 to 169 kB). Tiles are also named by id
elsewhere (the bag, the tiles bought this turn, each reserve), as the action space names them
(``place 14 at 1,-2``, ``reserve 14``).
"""

from __future__ import annotations

from functools import partial
from typing import Any

import numpy as np

from eurogames.core.encoding import (
    Block,
    Encoding,
    Layout,
    compiled_module,
    compiled_routes,
    current_seat_block,
    observer_seat,
    seat_label,
)
from eurogames.games.alhambra.actions import CURRENCIES
from eurogames.games.alhambra.data import DATA, NUM_TILES, SIDES, TILE_IDS, TILE_WALLS, TYPES
from eurogames.games.alhambra.palace import _SECTIONS, PLAYABLE, RADIUS, SIDE_BITS, WALLS, WIDTH
from eurogames.games.alhambra.rules import PHASES  # the view's phase names
from eurogames.games.alhambra.view import tile_json

MARKET_SLOTS = 4  # one per currency, in CURRENCIES order (decision A15)
MONEY_CARDS = 36  # currency-major: yellow 1..9, green 1..9, blue 1..9, orange 1..9
SIDE = 2 * RADIUS + 1  # 25
CELLS = SIDE * SIDE
PLANES = 1 + len(TYPES) + len(SIDES)  # occupied, type one-hot, walls N E S W
PALACE = PLANES * CELLS
TILE_FEATURES = 3  # per tile id: placed, x + 12, y + 12
COORD_SCALE = 2.0 * RADIUS  # x + 12 and y + 12 lie in 0..24
FORMS = ("tiles", "planes")  # the palace's encodings, the default first
PALACE_SIZE = {"tiles": NUM_TILES * TILE_FEATURES, "planes": PALACE}
SCORING_CARDS = 2  # U7

COPIES_SCALE = 3.0  # copies of one money card (3, or 2 with Dirk)
PRICE_SCALE = 13.0  # the highest price
DECK_SCALE = 110.0  # 108 money cards and 2 scoring cards at most
TYPE_SCALE = 11.0  # the most tiles of one type (gardens, towers)
MONEY_SCALE = 45.0  # one of each value in a currency
POINTS_SCALE = 100.0
WALL_SCALE = 20.0
GIFT_SCALE = 4.0  # at most the four market tiles go to one seat at the end (E2)
# bounds that hold in any game: no wall is longer than all wall sections of all tiles, and no
# seat scores more than first place in every type in every round plus that wall each round
MOST_WALL = sum(bin(TILE_WALLS[t]).count("1") for t in TILE_IDS)
MOST_POINTS = sum(max(table) for scoring in DATA.points for table in scoring) + 3 * MOST_WALL

DENSE_SEAT = 1 + MONEY_CARDS + len(CURRENCIES) + len(TYPES) + 1 + NUM_TILES + len(TYPES)
SLOT_FEATURES = 1 + len(TYPES) + 1 + len(SIDES)
VALUES = 9  # money cards of one currency: values 1..9
PURCHASE = MARKET_SLOTS + VALUES  # the purchase in progress: its slot, the cards chosen (M7)


def _dense_table(players: int) -> int:
    return (
        len(PHASES)
        + 3 * players
        + 1
        + MARKET_SLOTS * SLOT_FEATURES
        + MONEY_CARDS
        + 1
        + MONEY_CARDS
        + NUM_TILES
        + 3
        + SCORING_CARDS * 3
        + NUM_TILES
        + 2
        + len(TYPES)
        + PURCHASE
    )


def _form(form: str) -> str:
    if form not in PALACE_SIZE:
        raise ValueError(f"no palace encoding {form!r}; encodings: {', '.join(FORMS)}")
    return form


def observation_size(
    players: int, options: dict[str, Any] | None = None, form: str = "tiles"
) -> int:
    return _dense_table(players) + players * (DENSE_SEAT + PALACE_SIZE[_form(form)])


def layout(players: int, options: dict[str, Any] | None = None, form: str = "tiles") -> Layout:
    """The named blocks of the observation for ``players`` seats, its palaces encoded as
    ``form`` (the size does not depend on the Dirk option: without Dirk his block stays 0)."""
    _form(form)
    n = players
    blocks = [
        Block(
            "phase",
            len(PHASES),
            1.0,
            "one-hot: action, placing (bought tiles), ending (end gifts, E3), over",
        ),
        current_seat_block(n),
        Block("start seat", n, 1.0, "one-hot of the start player, relative"),
        Block("bonus action", 1, 1.0, "1 after an exact payment: the seat may act again (M4)"),
        Block(
            "market",
            MARKET_SLOTS * SLOT_FEATURES,
            1.0,
            "4 slots (yellow, green, blue, orange), 12 entries each: present, type one-hot "
            "(pavilion, seraglio, arcades, chambers, garden, tower), price /13, wall on the "
            "north, east, south, west",
        ),
        Block(
            "display",
            MONEY_CARDS,
            1.0,
            "face-up money cards: count of each card /3, yellow 1…9, green 1…9, blue 1…9, orange "
            "1…9",
        ),
        Block("deck", 1, 1.0, "cards left in the money deck /110"),
        Block("discard", MONEY_CARDS, 1.0, "discard pile: count of each card /3, as the display"),
        Block("bag", NUM_TILES, 1.0, "1 for each tile id 1…54 still in the bag"),
        Block("scorings done", 3, 1.0, "one-hot: 0, 1, 2 scoring cards drawn"),
        Block(
            "scoring cards",
            SCORING_CARDS * 3,
            1.0,
            "per undrawn scoring card (in deck order): present, first and last draw it can come "
            "at /110",
        ),
        Block(
            "bought",
            NUM_TILES,
            1.0,
            "1 for each tile id bought this turn or given at the end and waiting to be placed",
        ),
        Block(
            "end gifts",
            n,
            1.0,
            "per seat, relative: tiles it will receive at the end, waiting their turn /4",
        ),
        Block(
            "dirk",
            2 + len(TYPES),
            (1.0, MOST_POINTS / POINTS_SCALE, *(1.0,) * len(TYPES)),
            "Dirk (2 players, V1–V7): in play, points /100, his tiles per type /11",
        ),
        Block(
            "purchase",
            PURCHASE,
            1.0,
            "the purchase in progress (M7: buy, then pay card by card, then confirm): one-hot "
            "of its market slot, then the cards chosen so far, count of each value 1…9 /3 (all "
            "0 when none is in progress)",
        ),
    ]
    for i in range(n):
        who = seat_label(i)
        blocks += [
            Block(f"seat+{i} points", 1, MOST_POINTS / POINTS_SCALE, f"{who}: points /100"),
            Block(
                f"seat+{i} money",
                MONEY_CARDS,
                1.0,
                f"{who}: money cards held, count of each /3 (hands are public, A18)",
            ),
            Block(
                f"seat+{i} money totals",
                len(CURRENCIES),
                135 / MONEY_SCALE,
                f"{who}: money held per currency /45",
            ),
            Block(
                f"seat+{i} buildings",
                len(TYPES),
                1.0,
                f"{who}: tiles of each type in its Alhambra /11",
            ),
            Block(
                f"seat+{i} longest wall",
                1,
                MOST_WALL / WALL_SCALE,
                f"{who}: longest outer wall /20 (S6)",
            ),
            Block(
                f"seat+{i} reserve",
                NUM_TILES,
                1.0,
                f"{who}: 1 for each tile id on its reserve board",
            ),
            Block(
                f"seat+{i} reserve types", len(TYPES), 1.0, f"{who}: reserve tiles of each type /11"
            ),
        ]
    for i in range(n):
        who = seat_label(i)
        if form == "planes":
            blocks.append(
                Block(
                    f"seat+{i} palace",
                    PALACE,
                    1.0,
                    f"{who}: 11 planes of 25 x 25 cells, row-major from (-12,-12) (x east, y south "
                    "of the fountain at the centre): occupied (the fountain too), type one-hot, "
                    "wall north, east, south, west",
                )
            )
        else:
            blocks.append(
                Block(
                    f"seat+{i} palace",
                    NUM_TILES * TILE_FEATURES,
                    1.0,
                    f"{who}: per tile id 1…54, 3 entries: 1 if it stands in this Alhambra, then "
                    "its cell's x + 12 and y + 12, /24 (x east, y south of the fountain; the id "
                    "gives type and walls)",
                )
            )
    return Layout(blocks)


# -- constant pieces, computed once: the hot path lists raw entries, then numpy writes and
# scales them ------------------------------------------------------------------------------------
_PHASE = {name: k for k, name in enumerate(PHASES)}
_CODE = {f"{CURRENCIES[c]} {v}": c * 9 + v - 1 for c in range(4) for v in range(1, 10)}
_VALUES = np.arange(1, 10, dtype=np.float32)  # the values 1..9 of a currency's cards
_MOST_WALLS = 3  # no tile has four walls (data check)


def _tile(tile: dict[str, Any]) -> tuple[int, tuple[tuple[int, ...], int], tuple[int, ...]]:
    """A tile's pieces from its view (``tile_json``): its type; its market entries set to 1
    (relative to the slot) and its price; its plane offsets (occupied, type, walls), padded
    with the occupied plane's, which is set anyway."""
    kind = TYPES.index(tile["type"])
    walls = [SIDES.index(side) for side in tile["walls"]]
    if len(walls) > _MOST_WALLS:
        raise ValueError(f"tile {tile['id']} has {len(walls)} walls")
    planes = (0, (1 + kind) * CELLS, *((1 + len(TYPES) + s) * CELLS for s in walls))
    market = ((0, 1 + kind, *(2 + len(TYPES) + s for s in walls)), tile["price"])
    return kind, market, planes + (0,) * (2 + _MOST_WALLS - len(planes))


# per tile id (a tile never changes, and the view names it by id); entry 0 is no tile
_PIECES = {t: _tile(tile_json(t)) for t in TILE_IDS}
_KIND = [-1, *(_PIECES[t][0] for t in TILE_IDS)]
_MARKET = [((), 0), *(_PIECES[t][1] for t in TILE_IDS)]
_PLANES = np.array([(0,) * (2 + _MOST_WALLS), *(_PIECES[t][2] for t in TILE_IDS)], np.int64)


class _Offsets:
    """Where each block starts for one player count, each seat's raw-valued entries, and the
    scale every dense entry is multiplied by after the raw values are written."""

    def __init__(self, players: int, form: str) -> None:
        spans = layout(players, form=form)
        self.starts = starts = spans.starts
        # the planes are set to 1 apart; tile positions are scaled like every dense entry
        self.dense = starts["seat+0 palace"] if form == "planes" else spans.size
        self.size = spans.size
        self.money = [starts[f"seat+{i} money"] for i in range(players)]
        self.buildings = [starts[f"seat+{i} buildings"] for i in range(players)]
        self.reserve = [starts[f"seat+{i} reserve"] for i in range(players)]
        self.reserve_types = [starts[f"seat+{i} reserve types"] for i in range(players)]
        self.palace = [starts[f"seat+{i} palace"] for i in range(players)]
        self.seat_entries = [
            (starts[f"seat+{i} points"], starts[f"seat+{i} longest wall"]) for i in range(players)
        ]
        # each seat's money counts as a 4 x 9 matrix (currency, value), and its totals
        self.money_cards = np.array([
            [[m + c * 9 + v for v in range(9)] for c in range(len(CURRENCIES))] for m in self.money
        ])
        self.totals = np.array(
            [
                [starts[f"seat+{i} money totals"] + c for c in range(len(CURRENCIES))]
                for i in range(players)
            ]
        )
        scale = np.ones(self.dense, np.float32)
        for block in ("display", "discard"):
            scale[spans.span(block)] = 1 / COPIES_SCALE
        for k in range(MARKET_SLOTS):
            scale[starts["market"] + k * SLOT_FEATURES + 1 + len(TYPES)] = 1 / PRICE_SCALE
        scale[spans.span("deck")] = 1 / DECK_SCALE
        for j in range(SCORING_CARDS):
            scale[starts["scoring cards"] + 3 * j + 1 : starts["scoring cards"] + 3 * j + 3] = (
                1 / DECK_SCALE
            )
        scale[spans.span("end gifts")] = 1 / GIFT_SCALE
        scale[starts["dirk"] + 1] = 1 / POINTS_SCALE
        scale[starts["dirk"] + 2 : starts["dirk"] + 2 + len(TYPES)] = 1 / TYPE_SCALE
        scale[starts["purchase"] + MARKET_SLOTS : starts["purchase"] + PURCHASE] = 1 / COPIES_SCALE
        for i in range(players):
            scale[spans.span(f"seat+{i} points")] = 1 / POINTS_SCALE
            scale[spans.span(f"seat+{i} money")] = 1 / COPIES_SCALE
            scale[spans.span(f"seat+{i} money totals")] = 1 / MONEY_SCALE
            scale[spans.span(f"seat+{i} buildings")] = 1 / TYPE_SCALE
            scale[spans.span(f"seat+{i} longest wall")] = 1 / WALL_SCALE
            scale[spans.span(f"seat+{i} reserve types")] = 1 / TYPE_SCALE
            if form == "tiles":
                b = starts[f"seat+{i} palace"]
                scale[b + 1 : b + NUM_TILES * TILE_FEATURES : TILE_FEATURES] = 1 / COORD_SCALE
                scale[b + 2 : b + NUM_TILES * TILE_FEATURES : TILE_FEATURES] = 1 / COORD_SCALE
        self.scale = scale


_OFFSETS = {(n, form): _Offsets(n, form) for n in range(2, 7) for form in FORMS}
_COUNTS = range(2, 7)


def encode(view: dict[str, Any], players: int, form: str = "tiles") -> np.ndarray:
    """The observation of ``view``'s seat (float32, ``observation_size(players)`` long), its
    palaces encoded as ``form``.

    >>> import eurogames
    >>> state = eurogames.load("alhambra").new(players=3, seed=7)
    >>> x = encode(state.view(1), 3)
    >>> x.shape, float(x[layout(3).span("seat+0 palace")].sum())  # no tile placed yet
    ((1083,), 0.0)
    >>> x = encode(state.view(1), 3, "planes")
    >>> x.shape, float(x[layout(3, form="planes").span("seat+0 palace")].sum())  # the fountain
    ((21222,), 1.0)
    """
    n = players
    r = observer_seat(view, n, "alhambra", "Alhambra", _COUNTS)
    at = _OFFSETS[n, _form(form)]
    planes = form == "planes"
    o = at.starts
    kinds_of = _KIND
    ones: list[int] = [o["phase"] + _PHASE[view["phase"]]]  # entries set to 1
    pos: list[int] = []  # entries set to the raw value in val (scaled afterwards)
    val: list[float] = []
    counted: list[int] = []  # entries counting occurrences (money cards, Dirk's types)
    current = view["current_player"]
    if current >= 0:
        ones.append(o["current seat"] + (current - r) % n)
    ones.append(o["start seat"] + (view["start_player"] - r) % n)
    if view["bonus_action"]:
        ones.append(o["bonus action"])
    b = o["market"]
    for slot in view["market"]:
        tile = slot["tile"]
        if tile is not None:
            market, price = _MARKET[tile["id"]]
            ones += [b + x for x in market]
            pos.append(b + 1 + len(TYPES))
            val.append(price)
        b += SLOT_FEATURES
    b = o["display"]
    counted += [b + _CODE[c] for c in view["display"]]
    pos.append(o["deck"])
    val.append(view["deck"])
    b = o["discard"]
    counted += [b + _CODE[c] for c in view["discard"]]
    b = o["bag"] - 1
    ones += [b + t for t in view["bag"]]
    ones.append(o["scorings done"] + view["scorings_done"])
    b = o["scoring cards"]
    for card in view["scoring_cards"]:
        ones.append(b)
        pos += (b + 1, b + 2)
        val += card["draws"]
        b += 3
    b = o["bought"] - 1
    ones += [b + t["id"] for t in view["bought"]]
    b = o["end gifts"]
    for gift in view["end_gifts"]:
        pos.append(b + (gift["seat"] - r) % n)
        val.append(len(gift["tiles"]))
    dirk = view["dirk"]
    if dirk is not None:
        b = o["dirk"]
        ones.append(b)
        pos.append(b + 1)
        val.append(dirk["points"])
        tiles = dirk["tiles"]
        counted += [b + 2 + kinds_of[tile["id"]] for tile in tiles]
    purchase = view["purchase"]
    if purchase is not None:
        b = o["purchase"]
        ones.append(b + purchase["slot"] - 1)
        b += MARKET_SLOTS  # then the count of each value chosen: a code's value is code % 9 + 1
        counted += [b + _CODE[card] % VALUES for card in purchase["cards"]]
    seats = view["seats"]
    cells: list[int] = []  # per tile in a palace: the cell's entry in the occupied plane
    ids: list[int] = []
    for i in range(n):
        player = seats[(r + i) % n]
        b = at.money[i]
        counted += [b + _CODE[card] for card in player["money"]]  # totals follow, with numpy
        tiles = player["alhambra"]
        b = at.buildings[i]
        counted += [b + kinds_of[tile["id"]] for tile in tiles]
        if planes:
            palace = at.palace[i] + RADIUS * SIDE + RADIUS
            cells += [palace + tile["at"][1] * SIDE + tile["at"][0] for tile in tiles]
            ids += [tile["id"] for tile in tiles]
            ones.append(palace)  # the fountain
        else:
            palace = at.palace[i] - TILE_FEATURES
            for tile in tiles:
                k = palace + TILE_FEATURES * tile["id"]
                ones.append(k)
                x, y = tile["at"]
                pos += (k + 1, k + 2)
                val += (x + RADIUS, y + RADIUS)
        reserve = player["reserve"]
        b, types = at.reserve[i] - 1, at.reserve_types[i]
        ones += [b + tile["id"] for tile in reserve]
        counted += [types + kinds_of[tile["id"]] for tile in reserve]
        pos += at.seat_entries[i]
        val += (player["points"], player["longest_wall"])
    vector = np.zeros(at.size, np.float32)
    dense = vector[: at.dense]
    dense[:] = np.bincount(counted, minlength=at.dense)  # a longer result (a bug) raises here
    dense[pos] = val
    dense[at.totals] = dense[at.money_cards] @ _VALUES  # money per currency, from the counts
    dense *= at.scale
    vector[ones] = 1.0
    if cells:
        vector[np.asarray(cells)[:, None] + _PLANES[ids]] = 1.0
    return vector


# -- the compiled route (_cencode.c), where it was built -----------------------------------------
# It reads the state's fields (only what the view shows, A18: everything but the orders of the
# money deck and of the bag) and copies float32 pieces from the tables below, each computed
# here once with the view route's own arithmetic (a count in float32 times the layout's
# float32 scale; entries set to 1 after scaling), so that both routes give the very same
# bytes (tests/rl/test_compiled_route.py checks it at every decision of many games). It
# counts an Alhambra's longest wall as palace.longest_wall does, from the integer tables.
_AT = _OFFSETS[2, "planes"]  # the dense part is the same in both forms and for every count
_AT_TILES = _OFFSETS[2, "tiles"]


def _per_count(at: _Offsets, entry: int, most: int) -> bytes:
    """Entry ``entry``'s value for every count 0 to ``most``: the count times the entry's
    float32 scale, in float32, as the view route's ``dense *= at.scale`` computes it. The
    compiled route refuses a count beyond its table: the rules never allow one."""
    return (np.arange(most + 1, dtype=np.float32) * at.scale[entry]).tobytes()


def _slot_piece(tile: int) -> bytes:
    """A market slot holding ``tile`` (0: an empty slot), as the view route writes it."""
    start = _AT.starts["market"]
    piece = np.zeros(SLOT_FEATURES, np.float32)
    if tile:
        ones, price = _MARKET[tile]
        piece[1 + len(TYPES)] = price
        piece *= _AT.scale[start : start + SLOT_FEATURES]
        piece[list(ones)] = 1.0
    return piece.tobytes()


def _same_scale(*entries: int) -> None:
    """The compiled route reads these entries from one table: their scales must agree."""
    if len({float(_AT.scale[e]) for e in entries}) != 1:
        raise RuntimeError(f"entries {entries} no longer share a scale: give each its table")


def _int32(values: Any) -> bytes:
    return np.asarray(values, np.int32).tobytes()


def _compiled_tables() -> dict[str, bytes]:
    o = _AT.starts
    points, buildings = _AT.seat_entries[0][0], _AT.buildings[0]
    scoring = o["scoring cards"]
    # the scoring cards' draws are scaled as the deck, Dirk's points as a seat's, and his
    # tiles per type as a seat's buildings; the compiled route takes each from one table
    _same_scale(o["deck"], scoring + 1, scoring + 2, scoring + 4, scoring + 5)
    _same_scale(points, o["dirk"] + 1)
    _same_scale(_AT.money[0], *range(o["purchase"] + MARKET_SLOTS, o["purchase"] + PURCHASE))
    _same_scale(buildings, *range(o["dirk"] + 2, o["dirk"] + 2 + len(TYPES)),
                *range(_AT.reserve_types[0], _AT.reserve_types[0] + len(TYPES)))
    cell_entry = np.full(WIDTH * WIDTH, -1, np.int64)  # -1: off the playable square
    cell_entry[list(PLAYABLE)] = np.arange(CELLS)
    plane_offsets = np.zeros((256, _PLANES.shape[1]), np.int64)  # per grid value
    plane_offsets[: NUM_TILES + 1] = _PLANES
    return {
        "copies": _per_count(_AT, _AT.money[0], int(COPIES_SCALE)),
        "totals": _per_count(_AT, _AT.totals[0][0], 135),  # money per currency
        "slot": b"".join(_slot_piece(t) for t in range(NUM_TILES + 1)),
        "deck": _per_count(_AT, o["deck"], 110),  # the deck holds at most 110 cards
        "points": _per_count(_AT, points, MOST_POINTS),
        "type_counts": _per_count(_AT, buildings, NUM_TILES),
        "walls": _per_count(_AT, _AT.seat_entries[0][1], MOST_WALL),
        "gifts": _per_count(_AT, o["end gifts"], int(GIFT_SCALE)),  # at most 4 tiles (E2)
        "coords": _per_count(_AT_TILES, _AT_TILES.palace[0] + 1, SIDE - 1),  # x + 12, y + 12
        "kind": _int32(_KIND),
        "plane_offsets": _int32(plane_offsets),
        "cell_entry": _int32(cell_entry),
        # per cell and side (north, east, south, west): palace._SECTIONS's (step, corner, corner)
        "sections": _int32(
            [_SECTIONS[c][bit][0] for c in range(WIDTH * WIDTH) for bit in SIDE_BITS]
        ),
        "side_bits": _int32(SIDE_BITS),
        "wall_bits": _int32(list(WALLS)),
        "sizes": _int32(
            [
                (
                    _dense_table(n) + n * DENSE_SEAT,
                    observation_size(n, form="planes"),
                    observation_size(n, form="tiles"),
                )
                for n in range(7)
            ]
        ),
    }


COMPILED = compiled_module(__name__, _compiled_tables())


def _encoding(form: str) -> Encoding:
    compiled = getattr(COMPILED, f"encode_{form}") if COMPILED is not None else None
    encode_state, encode_state_into = compiled_routes(compiled)
    return Encoding(
        form, partial(observation_size, form=form), partial(encode, form=form),
        partial(layout, form=form), encode_state, encode_state_into, compiled,
    )


ENCODINGS = {form: _encoding(form) for form in FORMS}  # the default, "tiles", first
# the module's own functions are the default's
encode_state = ENCODINGS["tiles"].encode_state
encode_state_into = ENCODINGS["tiles"].encode_state_into

__all__ = [
    "ENCODINGS", "FORMS", "encode", "encode_state", "encode_state_into", "layout",
    "observation_size",
]
