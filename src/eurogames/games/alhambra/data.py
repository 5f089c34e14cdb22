"""Alhambra's component data: 54 building tiles, the six types and their points tables.

Types, counts, prices and points come from the seed rulebook; the walls come from public
implementations cross-checked in ``data/README.md``. Every fact that README lists is
asserted on load, so a corrupted or mis-edited file is refused rather than played.
"""

from __future__ import annotations

import json
from collections import Counter
from importlib import resources

from eurogames.core.data import SelfCheckingData
from eurogames.core.errors import DataError as CoreDataError

SIDES = ("north", "east", "south", "west")
NORTH, EAST, SOUTH, WEST = 1, 2, 4, 8  # wall bits, in the order of SIDES
OPPOSITE = {NORTH: SOUTH, EAST: WEST, SOUTH: NORTH, WEST: EAST}
TYPES = ("pavilion", "seraglio", "arcades", "chambers", "garden", "tower")
NUM_TILES = 54
TILE_IDS = tuple(range(1, NUM_TILES + 1))

# the seed's tables (遊戲內容物 and 計分方式), restated so that the file is checked against them
SEED_PRICES = {
    "pavilion": (2, 3, 4, 5, 6, 7, 8),
    "seraglio": (3, 4, 5, 6, 7, 8, 9),
    "arcades": (4, 5, 6, 6, 7, 8, 8, 9, 10),
    "chambers": (5, 6, 7, 7, 8, 9, 9, 10, 11),
    "garden": (6, 7, 8, 8, 8, 9, 10, 10, 10, 11, 12),
    "tower": (7, 8, 9, 9, 9, 10, 11, 11, 11, 12, 13),
}
SEED_POINTS = {
    "pavilion": ((1,), (8, 1), (16, 8, 1)),
    "seraglio": ((2,), (9, 2), (17, 9, 2)),
    "arcades": ((3,), (10, 3), (18, 10, 3)),
    "chambers": ((4,), (11, 4), (19, 11, 4)),
    "garden": ((5,), (12, 5), (20, 12, 5)),
    "tower": ((6,), (13, 6), (21, 13, 6)),
}
SEED_NAMES_ZH_HANT = ("亭臺", "宅邸", "樓閣", "宮室", "園林", "塔樓")


class DataError(CoreDataError):
    """The component data fails one of its checks."""


class AlhambraData:
    """Tiles as tuples indexed by id (index 0 unused): type index, price, wall bits."""

    def __init__(self, raw: dict) -> None:
        if raw.get("schema_version") != 1:
            raise DataError("tiles.json: schema_version must be 1")
        if tuple(raw.get("sides", ())) != SIDES:
            raise DataError("tiles.json: sides must be north, east, south, west")
        types = raw["building_types"]
        if tuple(t["type"] for t in types) != TYPES:
            raise DataError("tiles.json: building types must be in the seed's order")
        self.type_names_en = tuple(t["name_en"] for t in types)
        self.type_names_zh_hant = tuple(t["name_zh_hant"] for t in types)
        self.type_colours = tuple(t["colour"] for t in types)
        # points[scoring - 1][type] = the table of places for that scoring round
        self.points = tuple(
            tuple(tuple(t["points_by_scoring"][r]) for t in types) for r in range(3)
        )
        tiles = raw["tiles"]
        if [t["id"] for t in tiles] != list(TILE_IDS):
            raise DataError("tiles.json: tile ids must be 1..54 in order")
        self.tile_type = (-1, *(TYPES.index(t["type"]) for t in tiles))
        self.tile_price = (0, *(t["price"] for t in tiles))
        walls = [0]
        for t in tiles:
            unknown = set(t["walls"]) - set(SIDES)
            if unknown:
                raise DataError(
                    f"tiles.json: tile {t['id']} has an unknown side {sorted(unknown)[0]!r}"
                )
            walls.append(sum(1 << SIDES.index(s) for s in t["walls"]))
        self.tile_walls = tuple(walls)
        self._check(types, raw["start_tile"])

    def _check(self, types: list[dict], start: dict) -> None:
        """The facts the data README lists, and the seed's tables."""
        for i, t in enumerate(types):
            name = TYPES[i]
            prices = tuple(sorted(self.tile_price[x] for x in TILE_IDS if self.tile_type[x] == i))
            if prices != SEED_PRICES[name] or tuple(t["prices"]) != SEED_PRICES[name]:
                raise DataError(f"tiles.json: {name} prices differ from the seed")
            if t["count"] != len(SEED_PRICES[name]):
                raise DataError(f"tiles.json: {name} count differs from the seed")
            if tuple(tuple(x) for x in t["points_by_scoring"]) != SEED_POINTS[name]:
                raise DataError(f"tiles.json: {name} points differ from the seed")
        if self.type_names_zh_hant != SEED_NAMES_ZH_HANT:
            raise DataError("tiles.json: the Chinese names differ from the seed")
        per_count = Counter(bin(self.tile_walls[x]).count("1") for x in TILE_IDS)
        if per_count != {0: 10, 1: 16, 2: 20, 3: 8}:
            raise DataError("tiles.json: tiles must have 10/16/20/8 tiles with 0/1/2/3 walls")
        for bit, side in zip((NORTH, EAST, SOUTH, WEST), SIDES, strict=True):
            if sum(1 for x in TILE_IDS if self.tile_walls[x] & bit) != 20:
                raise DataError(f"tiles.json: exactly 20 tiles must have a {side} wall")
        for x in TILE_IDS:  # the README's "no opposite walls" holds for two-wall tiles only
            w = self.tile_walls[x]
            if w in (NORTH | SOUTH, EAST | WEST):
                raise DataError(f"tiles.json: two-wall tile {x} is not a corner piece")
        if start.get("walls") != [] or start.get("count") != 6:
            raise DataError("tiles.json: the start tile has no walls and 6 copies")


def shipped_text() -> str:
    return resources.files(__package__).joinpath("data/tiles.json").read_text("utf-8")


FILE = SelfCheckingData(AlhambraData, "tiles.json", DataError)
read, check_document = FILE.read, FILE.check


def load_data(text: str | None = None) -> AlhambraData:
    """Load and check the shipped data (or ``text``, for tests of the checks)."""
    return FILE.parse(shipped_text() if text is None else text)


DOCUMENT = json.loads(shipped_text())  # the shipped document, as a DataSet shows it
DATA = read(DOCUMENT)
TILE_TYPE = DATA.tile_type
TILE_PRICE = DATA.tile_price
TILE_WALLS = DATA.tile_walls
