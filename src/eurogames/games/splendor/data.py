"""Splendor's component data: 90 development cards and 10 nobles, loaded once from JSON.

The values are not in the seed rulebook (it gives only counts); ``data/README.md`` records
the cross-checked public sources. Every fact that README lists is asserted on load, so a
corrupted or mis-edited file is refused rather than played.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from importlib import resources

from eurogames.core.data import SelfCheckingData
from eurogames.core.errors import DataError as CoreDataError

COLOURS = ("white", "blue", "green", "red", "black")  # canonical order, data README
TOKENS = (*COLOURS, "gold")
GOLD = 5
CARD_LEVELS = (1, 2, 3)
CARDS_CHECKSUM = "882f1bd7620d7df9881b31d4149c8452dab28add8d2848121051721348228ff8"
NOBLES_CHECKSUM = "bbb1d9838725b1da4c5e449eb3eaf0377960626806e7010793cb01bc2425deab"


class DataError(CoreDataError):
    """The component data fails one of its checks."""


def _vector(mapping: dict[str, int], what: str) -> tuple[int, ...]:
    unknown = set(mapping) - set(COLOURS)
    if unknown:
        raise DataError(f"{what}: unknown colour {sorted(unknown)[0]!r}")
    for colour, count in mapping.items():
        if not isinstance(count, int) or count <= 0:
            raise DataError(f"{what}: {colour} count must be a positive integer, not {count!r}")
    return tuple(mapping.get(colour, 0) for colour in COLOURS)


def _digest(lines: list[str]) -> str:
    return hashlib.sha256("".join(line + "\n" for line in lines).encode()).hexdigest()


class SplendorData:
    """Cards and nobles as tuples indexed by id (index 0 unused)."""

    def __init__(self, raw: dict) -> None:
        if raw.get("schema_version") != 1:
            raise DataError("cards.json: schema_version must be 1")
        if tuple(raw.get("colours", ())) != COLOURS:
            raise DataError("cards.json: colours must be white, blue, green, red, black")
        cards = raw["cards"]
        nobles = raw["nobles"]
        if [c["id"] for c in cards] != list(range(1, 91)):
            raise DataError("cards.json: card ids must be 1..90 in order")
        if [n["id"] for n in nobles] != list(range(1, 11)):
            raise DataError("cards.json: noble ids must be 1..10 in order")
        self.card_level = (0, *(c["level"] for c in cards))
        self.card_bonus = (-1, *(COLOURS.index(c["bonus"]) for c in cards))
        self.card_points = (0, *(c["points"] for c in cards))
        self.card_cost = ((0,) * 5, *(_vector(c["cost"], f"card {c['id']}") for c in cards))
        self.noble_points = (0, *(n["points"] for n in nobles))
        self.noble_requires = (
            (0,) * 5, *(_vector(n["requires"], f"noble {n['id']}") for n in nobles)
        )
        self.level_cards = tuple(
            tuple(i for i in range(1, 91) if self.card_level[i] == level) for level in CARD_LEVELS
        )
        self._check()

    def _check(self) -> None:
        """The facts the data README lists."""
        ids = range(1, 91)
        if Counter(self.card_level[i] for i in ids) != {1: 40, 2: 30, 3: 20}:
            raise DataError("cards.json: levels must hold 40 / 30 / 20 cards")
        for level, per_colour in zip(CARD_LEVELS, (8, 6, 4), strict=True):
            counts = Counter(self.card_bonus[i] for i in ids if self.card_level[i] == level)
            if set(counts.values()) != {per_colour} or len(counts) != 5:
                raise DataError(f"cards.json: level {level} needs {per_colour} cards per colour")
        for level, total in zip(CARD_LEVELS, (5, 55, 80), strict=True):
            if sum(self.card_points[i] for i in ids if self.card_level[i] == level) != total:
                raise DataError(f"cards.json: level {level} points must total {total}")
        kinds = zip(self.card_level, self.card_bonus, self.card_points, self.card_cost, strict=True)
        if len(set(kinds)) != 91:
            raise DataError("cards.json: two cards are identical")
        if any(sum(self.card_cost[i]) == 0 for i in ids):
            raise DataError("cards.json: every card costs something")
        card_lines = [
            f"{i},{self.card_level[i]},{COLOURS[self.card_bonus[i]]},{self.card_points[i]},"
            + ",".join(map(str, self.card_cost[i]))
            for i in ids
        ]
        if _digest(card_lines) != CARDS_CHECKSUM:
            raise DataError("cards.json: card checksum mismatch (the card data was altered)")
        if any(self.noble_points[n] != 3 for n in range(1, 11)):
            raise DataError("cards.json: every noble is worth 3 points")
        shapes = Counter(
            tuple(sorted(v for v in self.noble_requires[n] if v)) for n in range(1, 11)
        )
        if shapes != {(4, 4): 5, (3, 3, 3): 5}:
            raise DataError("cards.json: nobles must be five 4+4 and five 3+3+3")
        noble_lines = [
            f"{n},{self.noble_points[n]}," + ",".join(map(str, self.noble_requires[n]))
            for n in range(1, 11)
        ]
        if _digest(noble_lines) != NOBLES_CHECKSUM:
            raise DataError("cards.json: noble checksum mismatch (the noble data was altered)")


def shipped_text() -> str:
    return resources.files(__package__).joinpath("data/cards.json").read_text("utf-8")


FILE = SelfCheckingData(SplendorData, "cards.json", DataError)
read, check_document = FILE.read, FILE.check


def load_data(text: str | None = None) -> SplendorData:
    """Load and check the shipped data (or ``text``, for tests of the checks)."""
    return FILE.parse(shipped_text() if text is None else text)


DOCUMENT = json.loads(shipped_text())  # the shipped document, as a DataSet shows it
DATA = read(DOCUMENT)
