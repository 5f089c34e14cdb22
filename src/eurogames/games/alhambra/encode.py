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

from array import array
from functools import partial
from operator import mul
from typing import Any

import numpy as np

from eurogames.games.alhambra.actions import CURRENCIES
from eurogames.games.alhambra.data import DATA, NUM_TILES, SIDES, TILE_IDS, TILE_WALLS, TYPES
from eurogames.games.alhambra.palace import (
    _SECTIONS,
    FOUNTAIN,
    PLAYABLE,
    RADIUS,
    SIDE_BITS,
    WALLS,
    WIDTH,
    longest_wall,
)
from eurogames.games.alhambra.rules import PHASES  # the view's phase names
from eurogames.games.alhambra.text import tile_json
from eurogames.rl.encoding import (
    Block,
    Encoding,
    Layout,
    Memo,
    MemoById,
    compiled_route,
    current_seat_block,
    fast_routes,
    observer_seat,
    seat_label,
)

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


def _dense_table(players: int) -> int:
    return (len(PHASES) + 3 * players + 1 + MARKET_SLOTS * SLOT_FEATURES + MONEY_CARDS + 1 + MONEY_CARDS
            + NUM_TILES + 3 + SCORING_CARDS * 3 + NUM_TILES + 2 + len(TYPES))


def _form(form: str) -> str:
    if form not in PALACE_SIZE:
        raise ValueError(f"no palace encoding {form!r}; encodings: {', '.join(FORMS)}")
    return form


def observation_size(players: int, options: dict[str, Any] | None = None, form: str = "tiles") -> int:
    return _dense_table(players) + players * (DENSE_SEAT + PALACE_SIZE[_form(form)])


def layout(players: int, options: dict[str, Any] | None = None, form: str = "tiles") -> Layout:
    """The named blocks of the observation for ``players`` seats, its palaces encoded as
    ``form`` (the size does not depend on the Dirk option: without Dirk his block stays 0)."""
    _form(form)
    n = players
    blocks = [
        Block("phase", len(PHASES), 1.0, "one-hot: action, placing (bought tiles), ending (end gifts, E3), over"),
        current_seat_block(n),
        Block("start seat", n, 1.0, "one-hot of the start player, relative"),
        Block("bonus action", 1, 1.0, "1 after an exact payment: the seat may act again (M4)"),
        Block("market", MARKET_SLOTS * SLOT_FEATURES, 1.0,
              "4 slots (yellow, green, blue, orange), 12 entries each: present, type one-hot "
              "(pavilion, seraglio, arcades, chambers, garden, tower), price /13, wall on the north, east, south, west"),
        Block("display", MONEY_CARDS, 1.0, "face-up money cards: count of each card /3, yellow 1…9, green 1…9, blue 1…9, orange 1…9"),
        Block("deck", 1, 1.0, "cards left in the money deck /110"),
        Block("discard", MONEY_CARDS, 1.0, "discard pile: count of each card /3, as the display"),
        Block("bag", NUM_TILES, 1.0, "1 for each tile id 1…54 still in the bag"),
        Block("scorings done", 3, 1.0, "one-hot: 0, 1, 2 scoring cards drawn"),
        Block("scoring cards", SCORING_CARDS * 3, 1.0,
              "per undrawn scoring card (in deck order): present, first and last draw it can come at /110"),
        Block("bought", NUM_TILES, 1.0, "1 for each tile id bought this turn or given at the end and waiting to be placed"),
        Block("end gifts", n, 1.0, "per seat, relative: tiles it will receive at the end, waiting their turn /4"),
        Block("dirk", 2 + len(TYPES), (1.0, MOST_POINTS / POINTS_SCALE, *(1.0,) * len(TYPES)),
              "Dirk (2 players, V1–V7): in play, points /100, his tiles per type /11"),
    ]
    for i in range(n):
        who = seat_label(i)
        blocks += [
            Block(f"seat+{i} points", 1, MOST_POINTS / POINTS_SCALE, f"{who}: points /100"),
            Block(f"seat+{i} money", MONEY_CARDS, 1.0, f"{who}: money cards held, count of each /3 (hands are public, A18)"),
            Block(f"seat+{i} money totals", len(CURRENCIES), 135 / MONEY_SCALE, f"{who}: money held per currency /45"),
            Block(f"seat+{i} buildings", len(TYPES), 1.0, f"{who}: tiles of each type in its Alhambra /11"),
            Block(f"seat+{i} longest wall", 1, MOST_WALL / WALL_SCALE, f"{who}: longest outer wall /20 (S6)"),
            Block(f"seat+{i} reserve", NUM_TILES, 1.0, f"{who}: 1 for each tile id on its reserve board"),
            Block(f"seat+{i} reserve types", len(TYPES), 1.0, f"{who}: reserve tiles of each type /11"),
        ]
    for i in range(n):
        who = seat_label(i)
        if form == "planes":
            blocks.append(Block(
                f"seat+{i} palace", PALACE, 1.0,
                f"{who}: 11 planes of 25 x 25 cells, row-major from (-12,-12) (x east, y south of the "
                "fountain at the centre): occupied (the fountain too), type one-hot, wall north, east, "
                "south, west",
            ))
        else:
            blocks.append(Block(
                f"seat+{i} palace", NUM_TILES * TILE_FEATURES, 1.0,
                f"{who}: per tile id 1…54, 3 entries: 1 if it stands in this Alhambra, then its cell's "
                "x + 12 and y + 12, /24 (x east, y south of the fountain; the id gives type and walls)",
            ))
    return Layout(blocks)


# -- precomputed pieces: the hot path lists raw entries, then numpy writes and scales them ----
_PHASE = {name: k for k, name in enumerate(PHASES)}
_CODE = {f"{CURRENCIES[c]} {v}": c * 9 + v - 1 for c in range(4) for v in range(1, 10)}
_VALUES = np.arange(1, 10, dtype=np.float32)  # the values 1..9 of a currency's cards
_FOUNTAIN = RADIUS * SIDE + RADIUS  # the centre cell of the occupied plane
_MOST_WALLS = 3  # no tile has four walls (data check)
# per tile id, from the view's own fields the first time it is seen (tiles never change): its
# type, its market entries set to 1 (relative to the slot) and price, and its plane offsets
# (occupied, type, walls), padded with the occupied plane's, which is set anyway
_KIND = [-1] * (NUM_TILES + 1)
_MARKET: list[tuple[tuple[int, ...], int]] = [((), 0)] * (NUM_TILES + 1)
_PLANES = np.zeros((NUM_TILES + 1, 2 + _MOST_WALLS), np.int64)
_UNSEEN = set(TILE_IDS)  # the tiles whose _KIND is still -1: none after the first games


def _tile(tile: dict[str, Any]) -> int:
    """Learn a tile from the view; its type."""
    kind = TYPES.index(tile["type"])
    walls = [SIDES.index(side) for side in tile["walls"]]
    if len(walls) > _MOST_WALLS:
        raise ValueError(f"tile {tile['id']} has {len(walls)} walls")
    planes = (0, (1 + kind) * CELLS, *((1 + len(TYPES) + s) * CELLS for s in walls))
    _PLANES[tile["id"]] = planes + (0,) * (_PLANES.shape[1] - len(planes))
    _MARKET[tile["id"]] = ((0, 1 + kind, *(2 + len(TYPES) + s for s in walls)), tile["price"])
    _KIND[tile["id"]] = kind
    _UNSEEN.discard(tile["id"])
    return kind


def _learn(tiles: list[dict[str, Any]]) -> None:
    """Learn the tiles not seen before, so that the hot loops can read ``_KIND`` in one
    comprehension; once every tile has been seen this is one test of an empty set."""
    if _UNSEEN:
        for tile in tiles:
            if tile["id"] in _UNSEEN:
                _tile(tile)


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
        self.seat_entries = [(starts[f"seat+{i} points"], starts[f"seat+{i} longest wall"]) for i in range(players)]
        # each seat's money counts as a 4 x 9 matrix (currency, value), and its totals
        self.money_cards = np.array([
            [[m + c * 9 + v for v in range(9)] for c in range(len(CURRENCIES))] for m in self.money
        ])
        self.totals = np.array([
            [starts[f"seat+{i} money totals"] + c for c in range(len(CURRENCIES))] for i in range(players)
        ])
        scale = np.ones(self.dense, np.float32)
        for block in ("display", "discard"):
            scale[spans.span(block)] = 1 / COPIES_SCALE
        for k in range(MARKET_SLOTS):
            scale[starts["market"] + k * SLOT_FEATURES + 1 + len(TYPES)] = 1 / PRICE_SCALE
        scale[spans.span("deck")] = 1 / DECK_SCALE
        for j in range(SCORING_CARDS):
            scale[starts["scoring cards"] + 3 * j + 1 : starts["scoring cards"] + 3 * j + 3] = 1 / DECK_SCALE
        scale[spans.span("end gifts")] = 1 / GIFT_SCALE
        scale[starts["dirk"] + 1] = 1 / POINTS_SCALE
        scale[starts["dirk"] + 2 : starts["dirk"] + 2 + len(TYPES)] = 1 / TYPE_SCALE
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
        self.scales = scale.tolist()  # as Python floats, for the fast route's pieces


_OFFSETS = {(n, form): _Offsets(n, form) for n in range(2, 7) for form in FORMS}
_COUNTS = range(2, 7)


def encode(view: dict[str, Any], players: int, form: str = "tiles") -> np.ndarray:
    """The observation of ``view``'s seat (float32, ``observation_size(players)`` long), its
    palaces encoded as ``form``.

    >>> import eurogames
    >>> state = eurogames.load("alhambra").new(players=3, seed=7)
    >>> x = encode(state.view(1), 3)
    >>> x.shape, float(x[layout(3).span("seat+0 palace")].sum())  # no tile placed yet
    ((1070,), 0.0)
    >>> x = encode(state.view(1), 3, "planes")
    >>> x.shape, float(x[layout(3, form="planes").span("seat+0 palace")].sum())  # the fountain
    ((21209,), 1.0)
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
            if kinds_of[tile["id"]] < 0:
                _tile(tile)
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
        _learn(tiles)
        counted += [b + 2 + kinds_of[tile["id"]] for tile in tiles]
    seats = view["seats"]
    cells: list[int] = []  # per tile in a palace: the cell's entry in the occupied plane
    ids: list[int] = []
    for i in range(n):
        player = seats[(r + i) % n]
        b = at.money[i]
        counted += [b + _CODE[card] for card in player["money"]]  # totals follow, with numpy
        tiles = player["alhambra"]
        _learn(tiles)
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
        _learn(reserve)
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


# -- the fast route: the same vector straight from the state -----------------------------------
# encode_state joins float32 byte strings, each block computed once per distinct value of what
# it shows (a hand, the bag, a grid...) with the view route's arithmetic (a count times the
# layout's float32 scale, rounded once to float32; entries set to 1 after scaling; see
# _dense). It reads only what the view
# shows (A18: everything but the orders of the money deck and of the bag). Tuples and grids
# never change once made (the state replaces them), so a memo may know one by identity;
# tests/rl/test_fast_route.py checks the route against encode(state.view(seat)) at every
# decision of many games, and the leak tests run through it.
for _t in TILE_IDS:
    _tile(tile_json(_t))
_MEMO_LIMIT = 1 << 14
# pieces of objects that, once replaced, seldom come back (grids, hands, the bag, the discard
# pile): a few hundred recent ones serve every state in play and keep the memos small
_RECENT = 256
_FOUNTAIN_CELL = RADIUS * SIDE + RADIUS


def _dense(at: _Offsets, start: int, size: int, raw: Any = (), ones: Any = ()) -> bytes:
    """Entries ``start`` to ``start + size`` of the dense part as the view route computes them:
    ``raw`` (offset, value) pairs scaled by the layout's float32 scales, then ``ones`` set to 1.

    The products are taken in double precision and rounded to float32 once: a small integer
    times a float32 scale is exact in double, so this is the float32 product of the view route.
    """
    v = [0.0] * size
    for k, x in raw:
        v[k] += x
    v = [x * y for x, y in zip(v, at.scales[start : start + size], strict=True)]
    for k in ones:
        v[k] = 1.0
    return array("f", v).tobytes()


def _per_count(scale: float, most: int) -> tuple[bytes, ...]:
    """The float32 bytes of ``k * scale`` for every count ``k`` up to ``most``."""
    return tuple(array("f", [k * scale]).tobytes() for k in range(most + 1))


_AT = _OFFSETS[2, "planes"]
_AT_TILES = _OFFSETS[2, "tiles"]
_COPIES = _per_count(float(_AT.scale[_AT.money[0]]), int(COPIES_SCALE))  # copies of a money card /3
_TOTALS = _per_count(float(_AT.scale[_AT.totals[0][0]]), 135)  # money per currency /45
_SLOT_BYTES = tuple(
    _dense(_AT, _AT.starts["market"], SLOT_FEATURES,
           [(1 + len(TYPES), _MARKET[t][1])] if t else (), _MARKET[t][0] if t else ())
    for t in range(NUM_TILES + 1)
)
_ONE = array("f", [1.0]).tobytes()
_ZERO = array("f", [0.0]).tobytes()
# per grid value (a tile id, or the fountain), its entries in a palace's planes relative to
# its cell: occupied, type, walls, padded with the occupied entry; per grid cell, its entry
# in the occupied plane
_PLANE_OFFSETS = np.zeros((256, _PLANES.shape[1]), np.int64)
_PLANE_OFFSETS[: NUM_TILES + 1] = _PLANES
_CELL_ENTRY = np.full(WIDTH * WIDTH, -1, np.int64)  # -1: off the playable square (the C route refuses it)
_CELL_ENTRY[list(PLAYABLE)] = np.arange(CELLS)
_TYPE_COUNTS = _per_count(float(_AT.scale[_AT.buildings[0]]), NUM_TILES)  # tiles of a type /11
_WALLS = _per_count(float(_AT.scale[_AT.buildings[0] + len(TYPES)]), MOST_WALL)  # longest wall /20


def _currency(counts: tuple[int, ...]) -> tuple[bytes, bytes]:
    """One currency's nine counts in a hand, and their total."""
    return b"".join(map(_COPIES.__getitem__, counts)), _TOTALS[sum(map(mul, counts, range(1, 10)))]


def _money(hand: tuple[int, ...]) -> bytes:
    """A seat's money block and totals per currency, from its counts per card."""
    parts = []
    for c in range(0, MONEY_CARDS, 9):
        counts = hand[c : c + 9]
        found = _CURRENCIES.get(counts)
        parts.append(found if found is not None else _CURRENCIES.keep(counts, _currency(counts)))
    return b"".join([parts[0][0], parts[1][0], parts[2][0], parts[3][0],
                     parts[0][1], parts[1][1], parts[2][1], parts[3][1]])


def _buildings(grid: bytes, cells: tuple[int, ...]) -> bytes:
    """An Alhambra's buildings per type and longest wall (dense)."""
    kinds = [0] * len(TYPES)
    for c in cells:
        value = grid[c]
        if value != FOUNTAIN:
            kinds[_KIND[value]] += 1
    return b"".join(map(_TYPE_COUNTS.__getitem__, kinds)) + _WALLS[longest_wall(grid, cells)]


def _palace_planes(grid: bytes, cells: tuple[int, ...]) -> np.ndarray:
    """A palace's entries set to 1 in its planes."""
    where = np.array(cells)
    return (_CELL_ENTRY[where][:, None] + _PLANE_OFFSETS[np.frombuffer(grid, np.uint8)[where]]).ravel()


def _palace_tiles(grid: bytes, cells: tuple[int, ...]) -> bytes:
    """A palace's block of tile positions (per tile id: placed, x + 12, y + 12, scaled)."""
    raw, ones = [], []
    for c in cells:
        value = grid[c]
        if value != FOUNTAIN:
            k = TILE_FEATURES * (value - 1)
            ones.append(k)
            y, x = divmod(int(_CELL_ENTRY[c]), SIDE)
            raw += [(k + 1, x), (k + 2, y)]
    return _dense(_AT_TILES, _AT_TILES.palace[0], NUM_TILES * TILE_FEATURES, raw, ones)


def _ones(size: int, offsets: Any) -> bytes:
    out = bytearray(_ZERO * size)
    for k in offsets:
        out[4 * k : 4 * k + 4] = _ONE
    return bytes(out)


_HEADS = Memo(_MEMO_LIMIT)
_DISPLAYS = Memo(_MEMO_LIMIT)
_DISCARDS = MemoById(_RECENT)
_BAGS = MemoById(_RECENT)
_SCORINGS = Memo(_MEMO_LIMIT)
_TABLE_TAILS = Memo(_MEMO_LIMIT)
_HANDS = MemoById(_RECENT)
_RESERVES = Memo(_MEMO_LIMIT)
_GRIDS = Memo(_RECENT)  # grid -> buildings and longest wall
_TILE_PALACES = Memo(_RECENT)  # grid -> its palace block as tile positions (bytes)
_PLANE_PALACES = Memo(_RECENT)  # grid -> its palace's entries set to 1 in the planes
_PALACES = {"planes": _PLANE_PALACES, "tiles": _TILE_PALACES}
_PALACE_OF = {"planes": _palace_planes, "tiles": _palace_tiles}
_CURRENCIES = Memo(_MEMO_LIMIT)
_BOUGHT = Memo(_MEMO_LIMIT)
_COORDS = _per_count(float(_AT_TILES.scale[_AT_TILES.palace[0] + 1]), SIDE - 1)  # x + 12, y + 12 /24
_DECK_SIZES = _per_count(float(_AT.scale[_AT.starts["deck"]]), 110)  # the deck holds at most 110 cards
_POINT_BYTES = _per_count(float(_AT.scale[_AT.money[0] - 1]), MOST_POINTS)  # a seat's points /100


def _scoring(state: Any) -> bytes:
    """The scoring block: scorings done, then per undrawn scoring card its first and last
    possible draws (``state.scoring_windows()``), memoized."""
    key = (len(state.deck), state.scorings, state.scoring_ranges)
    scoring = _SCORINGS.get(key)
    if scoring is None:
        at = _OFFSETS[state.players, "planes"]  # the dense table is the same in both forms
        raw, ones = [], [state.scorings]
        for j, (lo, hi) in enumerate(state.scoring_windows()):
            ones.append(3 + 3 * j)
            raw += [(4 + 3 * j, lo), (5 + 3 * j, hi)]
        scoring = _SCORINGS.keep(key, _dense(at, at.starts["scorings done"], 3 + SCORING_CARDS * 3, raw, ones))
    return scoring


def _tail(state: Any, r: int) -> bytes:
    """The table's tail as seen from seat ``r``: end gifts waiting per seat, then Dirk, memoized
    (both fast routes take it from here; the compiled one calls back for it)."""
    n = state.players
    key = (n, r, state.queue, state.with_dirk, state.dirk, state.dirk_points)
    tail = _TABLE_TAILS.get(key)
    if tail is None:
        at = _OFFSETS[n, "planes"]
        b = at.starts["end gifts"]
        raw = [((p - r) % n, len(gifts)) for p, gifts in state.queue]
        ones = []
        if state.with_dirk:
            d = at.starts["dirk"] - b
            ones.append(d)
            raw += [(d + 1, state.dirk_points), *((d + 2 + _KIND[t], 1) for t in state.dirk)]
        tail = _TABLE_TAILS.keep(key, _dense(at, b, at.money[0] - 1 - b, raw, ones))
    return tail


def encode_state_python(state: Any, seat: int | None, form: str = "tiles") -> np.ndarray:
    """``encode(state.view(seat), state.players, form)``, without building the view (the
    adapters' route where the compiled one is missing, several times faster than the view
    route; a spectator is ``seat=None``).

    >>> import eurogames
    >>> state = eurogames.load("alhambra").new(players=3, seed=7)
    >>> bool((encode_state_python(state, 1) == encode(state.view(1), 3)).all())
    True
    """
    n = state.players
    r = 0 if seat is None else seat
    at = _OFFSETS[n, _form(form)]
    palace_memo, palace_of = _PALACES[form], _PALACE_OF[form]
    o = at.starts
    current = state.current_player
    key = (n, state.phase, (current - r) % n if current >= 0 else -1, (state.start - r) % n, state.bonus)
    head = _HEADS.get(key)
    if head is None:
        ones = [key[1], *((len(PHASES) + key[2],) if key[2] >= 0 else ()), len(PHASES) + n + key[3]]
        if key[4]:
            ones.append(len(PHASES) + 2 * n)
        head = _HEADS.keep(key, _dense(at, 0, o["market"], ones=ones))
    pieces = [head, *map(_SLOT_BYTES.__getitem__, state.market)]
    display = _DISPLAYS.get(state.display)
    if display is None:
        counts = [0] * MONEY_CARDS
        for code in state.display:
            counts[code] += 1
        display = _DISPLAYS.keep(state.display, b"".join(map(_COPIES.__getitem__, counts)))
    pieces.append(display)
    cards = len(state.deck)
    pieces.append(_DECK_SIZES[cards])
    found = _DISCARDS.get(id(state.discard))
    if found is not None and found[0] is state.discard:
        pieces.append(found[1])
    else:
        pieces.append(_DISCARDS.keep(state.discard, b"".join(map(_COPIES.__getitem__, state.discard))))
    found = _BAGS.get(id(state.bag))
    if found is not None and found[0] is state.bag:
        pieces.append(found[1])
    else:
        pieces.append(_BAGS.keep(state.bag, _ones(NUM_TILES, [t - 1 for t in state.bag])))
    pieces.append(_scoring(state))
    bought = _BOUGHT.get(state.pending)
    if bought is None:
        bought = _BOUGHT.keep(state.pending, _ones(NUM_TILES, [t - 1 for t in state.pending]))
    pieces += (bought, _tail(state, r))
    palaces = []
    points, hands, grids, reserves = state.points, state.hands, state.grids, state.reserves
    for i in range(n):
        p = (r + i) % n
        pieces.append(_POINT_BYTES[points[p]])
        hand = hands[p]
        found = _HANDS.get(id(hand))
        pieces.append(found[1] if found is not None and found[0] is hand else _HANDS.keep(hand, _money(hand)))
        grid = grids[p]
        found = _GRIDS.get(grid)
        pieces.append(found if found is not None else _GRIDS.keep(grid, _buildings(grid, state.cells[p])))
        found = palace_memo.get(grid)
        palaces.append(found if found is not None else palace_memo.keep(grid, palace_of(grid, state.cells[p])))
        reserve = reserves[p]
        found = _RESERVES.get(reserve)
        if found is None:
            kinds = [0] * len(TYPES)
            for t in reserve:
                kinds[_KIND[t]] += 1
            found = _RESERVES.keep(reserve, _ones(NUM_TILES, [t - 1 for t in reserve])
                                   + b"".join(map(_TYPE_COUNTS.__getitem__, kinds)))
        pieces.append(found)
    if form == "tiles":
        return np.frombuffer(bytearray(b"".join(pieces + palaces)), np.float32)
    out = np.zeros(at.size, np.float32)
    out[: at.dense] = np.frombuffer(b"".join(pieces), np.float32)
    for i, entries in enumerate(palaces):
        out[at.palace[i] : at.palace[i] + PALACE].put(entries, 1.0)
    return out


# -- the compiled route: the same pieces joined in C (_cencode.c), where it was built ------------
# float32 tables of the Python route above (the scoring block's draws are scaled as the deck,
# so they come from the deck's table), the integer tables it indexes with (int32), the
# callback for the table's tail, and the compiled route's memo of each
# grid's buildings and longest wall (grid bytes -> 7 float32, started again at 256 grids)
def _int32(values: Any) -> bytes:
    return np.asarray(values, np.int32).tobytes()


_SCORING_DRAWS = _AT.starts["scoring cards"]
if any(_AT.scale[_SCORING_DRAWS + 3 * j + k] != _AT.scale[_AT.starts["deck"]]
       for j in range(SCORING_CARDS) for k in (1, 2)):
    raise RuntimeError("the compiled route scales the scoring cards' draws as the deck: keep them so")
_GRID_BYTES: dict[bytes, bytes] = {}
COMPILED = compiled_route(__name__, {
    "copies": b"".join(_COPIES), "totals": b"".join(_TOTALS), "slot": b"".join(_SLOT_BYTES),
    "deck": b"".join(_DECK_SIZES), "points": b"".join(_POINT_BYTES),
    "type_counts": b"".join(_TYPE_COUNTS), "walls": b"".join(_WALLS),
    "kind": _int32(_KIND), "plane_offsets": _int32(_PLANE_OFFSETS), "cell_entry": _int32(_CELL_ENTRY),
    # per cell and side (north, east, south, west): palace._SECTIONS's (step, corner, corner)
    "sections": _int32([_SECTIONS[c][bit][0] for c in range(WIDTH * WIDTH) for bit in SIDE_BITS]),
    "side_bits": _int32(SIDE_BITS), "wall_bits": _int32(list(WALLS)),
    "coords": b"".join(_COORDS),
    "sizes": _int32([(_dense_table(n) + n * DENSE_SEAT, observation_size(n, form="planes"),
                      observation_size(n, form="tiles")) for n in range(7)]),
    "tail": _tail, "grids": _GRID_BYTES,
})


def _encoding(form: str) -> Encoding:
    python = partial(encode_state_python, form=form)
    python.__doc__ = encode_state_python.__doc__
    compiled = getattr(COMPILED, f"encode_{form}") if COMPILED is not None else None
    fast, into = fast_routes(compiled, python)
    return Encoding(
        form, partial(observation_size, form=form), partial(encode, form=form), partial(layout, form=form),
        fast, into, python, compiled,
    )


ENCODINGS = {form: _encoding(form) for form in FORMS}  # the default, "tiles", first
# the module's own functions are the default's
encode_state = ENCODINGS["tiles"].encode_state
encode_state_into = ENCODINGS["tiles"].encode_state_into

__all__ = [
    "ENCODINGS", "FORMS", "encode", "encode_state", "encode_state_into", "encode_state_python", "layout",
    "observation_size",
]
