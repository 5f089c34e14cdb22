"""Agra's fixed action space and its notation (docs/rules/agra.md, "Notation: every decision").

Every decision of the game is one action made here once, at import, with a fixed id; the
notation is the rules page's table. Goods, guilds, characters and notables are named by their
ids; buildings by ``c.r`` (column, row of the grid, ``1.1`` the quarry); farm squares by
``k.i`` (track k, square i); bonus tiles ``2a``–``4d``; favour tiles ``t1``–``t14``.
"""

from __future__ import annotations

import json
from importlib import resources
from itertools import combinations, product
from typing import Any

from eurogames.core.action import Action, action_kind

_SHIPPED = json.loads(resources.files(__package__).joinpath("data/agra.json").read_text("utf-8"))

GOODS: tuple[str, ...] = tuple(g["id"] for g in _SHIPPED["goods"])  # H1, the goods table's order
GOOD = {g: i for i, g in enumerate(GOODS)}
GUILDS: tuple[str, ...] = tuple(g["id"] for g in _SHIPPED["guilds"])  # G1
GUILD = {g: i for i, g in enumerate(GUILDS)}
CHARACTERS: tuple[str, ...] = tuple(c["id"] for c in _SHIPPED["characters"])  # C
MATERIALS: tuple[int, ...] = tuple(i for i, g in enumerate(_SHIPPED["goods"])
                                   if g.get("building_material"))  # H4
NOTABLES = range(1, 25)  # K1: Appendix I numbers
TILES = range(1, 15)  # FT1–FT14
BONUS_NAMES = tuple(f"{level}{letter}" for level in (2, 3, 4) for letter in "abcd")  # BT
MAX_SQUARES = 7  # the longest farm track option `farm_spaces_per_track` allows (A1)
SPACES = 20  # the 4 characters, then the 16 buildings in reading order (W1)
COOK = SPACES  # `lay cook` (N8)
MAX_PRODUCE = 8  # A3


def space_name(space: int) -> str:
    """``architect`` … ``botanist`` for the characters, ``c.r`` for building ``space - 4``."""
    if space < 4:
        return CHARACTERS[space]
    if space == COOK:
        return "cook"
    b = space - 4
    return f"{b // 4 + 1}.{b % 4 + 1}"


def building_name(b: int) -> str:
    return f"{b // 4 + 1}.{b % 4 + 1}"


def move_text(moves: tuple[tuple[int, int], ...]) -> str:
    """Farmer moves (A4): ``2++`` (one farmer 2 squares), ``1+,3-`` (two farmers 1 each)."""
    return ",".join(f"{k + 1}{'+' * abs(d) if d > 0 else '-' * abs(d)}" for k, d in moves)


FARMER_PAIRS: tuple[tuple[tuple[int, int], ...], ...] = (
    *(((k, d),) for k in range(4) for d in (2, -2)),
    *(((a, da), (b, db)) for a, b in combinations(range(4), 2)
      for da, db in product((1, -1), repeat=2)),
)  # C12c, FT9: one farmer 2 squares, or two farmers 1 square each
FARMER_STEPS = tuple(((k, d),) for k in range(4) for d in (1, -1))  # M5d


def _payments() -> list[tuple[int, ...]]:
    """Every multiset of building materials, as counts in MATERIALS order, of at most 6
    goods (C2): the build payments the action space can name (Q40 picks the minimal ones)."""
    out = []
    for counts in product(range(7), repeat=len(MATERIALS)):
        if 0 < sum(counts) <= 6:
            out.append(counts)
    out.sort(key=lambda c: (sum(c), c))
    return out


def payment_text(counts: tuple[int, ...]) -> str:
    return ",".join(GOODS[m] for m, n in zip(MATERIALS, counts, strict=True) for _ in range(n))


Lay = action_kind("lay", "space")
MeditateDeliver = action_kind("meditate_deliver", "good", "notable")
MeditateProcess = action_kind("meditate_process", "good", "product")
MeditateUncover = action_kind("meditate_uncover", "track", "square")
MeditateFarmer = action_kind("meditate_farmer", "moves")
MeditateTrade = action_kind("meditate_trade", "good", "other")
Mosaic = action_kind("mosaic", "mp")
Place = action_kind("place", "space")
Overtime = action_kind("overtime", "space")
Influence = action_kind("influence", "guild")
Build = action_kind("build", "building", "payment")
Bonus = action_kind("bonus", "tile")
Process = action_kind("process", "count")
Produce = action_kind("produce", "count")
Dyer = action_kind("dyer", "good")
Pay = action_kind("pay", "good")
Deliver = action_kind("deliver", "good", "notable")
Double = action_kind("double", "good", "notable")
Order = action_kind("order", "guild")
Done = action_kind("done")
Price = action_kind("price", "marker", "good", "face")
Give = action_kind("give", "good")
Take = action_kind("take", "good")
Improve = action_kind("improve")
Uncover = action_kind("uncover", "track", "square")
Farmers = action_kind("farmers", "moves")
Stand = action_kind("stand", "space")
Oil = action_kind("oil")
Curry = action_kind("curry")
OilCurry = action_kind("oil_curry")
Caliph = action_kind("caliph")
Statue = action_kind("statue")
Book = action_kind("book")
Painting = action_kind("painting", "guilds")
Gown = action_kind("gown")
FavourGood = action_kind("favour_good", "favour", "good")  # s1, t3, t8
FavourGuild = action_kind("favour_guild", "favour", "guild")  # s2
FavourProcess = action_kind("favour_process", "favour", "good", "product")  # s3, t7, t11
FavourPlain = action_kind("favour_plain", "favour")  # t1, t5, t13
FavourUncover = action_kind("favour_uncover", "favour", "track", "square")  # t2
FavourPrice = action_kind("favour_price", "favour", "marker", "good", "face")  # t4
FavourTribute = action_kind("favour_tribute", "favour", "good")  # t6 tribute
FavourOrder = action_kind("favour_order", "favour", "guild")  # t6 order
FavourFarmers = action_kind("favour_farmers", "favour", "moves")  # t9
FavourOvertime = action_kind("favour_overtime", "favour", "space")  # t10
FavourDeliver = action_kind("favour_deliver", "favour", "good", "notable")  # t12
FavourSwap = action_kind("favour_swap", "favour", "good", "other")  # t14
English = action_kind("english", "good", "other")
French = action_kind("french", "good")
Reclaim = action_kind("reclaim", "good", "notable")  # good -1: a favour point; notable 0: none
Tribute = action_kind("tribute", "good")
End = action_kind("end")
Follow = action_kind("follow")
FollowT11 = action_kind("follow_t11", "good", "product")
Decline = action_kind("decline")
Jagir = action_kind("jagir", "good", "notable")
Cook = action_kind("cook")
Supply = action_kind("supply")
Gain = action_kind("gain", "good")
RewardFavour = action_kind("reward_favour")
RewardTile = action_kind("reward_tile", "tile")
Tile = action_kind("tile", "tile")
Discard = action_kind("discard", "tile")
Sadr = action_kind("sadr", "good", "bowl")

ACTIONS: list[Action] = []
BY_TEXT: dict[str, Action] = {}
# lookups the rules use: (kind, *args) -> action
INDEX: dict[tuple[Any, ...], Action] = {}


def _add(cls: type[Action], text: str, *values: Any) -> None:
    action = cls("agra", len(ACTIONS), text, *values)
    ACTIONS.append(action)
    BY_TEXT[text] = action
    INDEX[(action.kind, *values)] = action


def _sign(face: int) -> str:
    return "+" if face > 0 else "-"


def _build_space() -> None:
    goods, spaces = range(len(GOODS)), range(SPACES)
    deliverable = [(g, n) for g in goods for n in NOTABLES]
    arrows = [(g, h) for g in goods for h in goods if g != h]  # filtered by the data later
    squares = [(k, i) for k in range(4) for i in range(1, MAX_SQUARES + 1)]
    for s in (*spaces, COOK):
        _add(Lay, f"lay {space_name(s)}", s)
    for g, n in deliverable:
        _add(MeditateDeliver, f"meditate deliver {GOODS[g]} {n}", g, n)
    for g, h in arrows:
        _add(MeditateProcess, f"meditate process {GOODS[g]} {GOODS[h]}", g, h)
    for k, i in squares:
        _add(MeditateUncover, f"meditate uncover {k + 1}.{i}", k, i)
    for moves in FARMER_STEPS:
        _add(MeditateFarmer, f"meditate farmer {move_text(moves)}", moves)
    for g, h in arrows:
        _add(MeditateTrade, f"meditate trade {GOODS[g]} {GOODS[h]}", g, h)
    for mp in (1, 3):
        _add(Mosaic, f"mosaic {mp}", mp)
    for s in spaces:
        _add(Place, f"place {space_name(s)}", s)
    for s in spaces:
        _add(Overtime, f"overtime {space_name(s)}", s)
    for u in range(3):
        _add(Influence, f"influence {GUILDS[u]}", u)
    for b in range(4, 16):
        for pay in _payments():
            _add(Build, f"build {building_name(b)} pay {payment_text(pay)}", b, pay)
    for t, name in enumerate(BONUS_NAMES):
        _add(Bonus, f"bonus {name}", t)
    for n in range(4):
        _add(Process, f"process {n}", n)
    for n in range(MAX_PRODUCE + 1):
        _add(Produce, f"produce {n}", n)
    for g in goods:
        _add(Dyer, f"dyer {GOODS[g]}", g)
    for g in goods:
        _add(Pay, f"pay {GOODS[g]}", g)
    for g, n in deliverable:
        _add(Deliver, f"deliver {GOODS[g]} {n}", g, n)
    for g, n in deliverable:
        _add(Double, f"double {GOODS[g]} {n}", g, n)
    for u in range(3):
        _add(Order, f"order {GUILDS[u]}", u)
    _add(Done, "done")
    for m in range(3):
        for g in goods:
            for face in (1, -1):
                _add(Price, f"price {m + 1} {GOODS[g]} {_sign(face)}", m, g, face)
    for g in goods:
        _add(Give, f"give {GOODS[g]}", g)
    for g in goods:
        _add(Take, f"take {GOODS[g]}", g)
    _add(Improve, "improve")
    for k, i in squares:
        _add(Uncover, f"uncover {k + 1}.{i}", k, i)
    for moves in FARMER_PAIRS:
        _add(Farmers, f"farmers {move_text(moves)}", moves)
    for s in spaces:
        _add(Stand, f"stand {space_name(s)}", s)
    _add(Oil, "oil")
    _add(Curry, "curry")
    _add(OilCurry, "oil curry")
    _add(Caliph, "caliph")
    _add(Statue, "statue")
    _add(Book, "book")
    for pair in combinations(range(3), 2):
        _add(Painting, f"painting {GUILDS[pair[0]]},{GUILDS[pair[1]]}", pair)
    _add(Gown, "gown")
    for g in goods:
        if _SHIPPED["goods"][g]["tier"] == "basic":
            _add(FavourGood, f"favour s1 {GOODS[g]}", "s1", g)
    for u in range(3):
        _add(FavourGuild, f"favour s2 {GUILDS[u]}", "s2", u)
    for fav in ("s3", "t7", "t11"):
        for g, h in arrows:
            _add(FavourProcess, f"favour {fav} {GOODS[g]} {GOODS[h]}", fav, g, h)
    for fav in ("t1", "t5", "t13"):
        _add(FavourPlain, f"favour {fav}", fav)
    for k, i in squares:
        _add(FavourUncover, f"favour t2 {k + 1}.{i}", "t2", k, i)
    for fav in ("t3", "t8"):
        for g in goods:
            _add(FavourGood, f"favour {fav} {GOODS[g]}", fav, g)
    for m in range(3):
        for g in goods:
            for face in (1, -1):
                _add(FavourPrice, f"favour t4 {m + 1} {GOODS[g]} {_sign(face)}", "t4", m, g,
                     face)
    for g in goods:
        _add(FavourTribute, f"favour t6 tribute {GOODS[g]}", "t6", g)
    for u in range(3):
        _add(FavourOrder, f"favour t6 order {GUILDS[u]}", "t6", u)
    for moves in FARMER_PAIRS:
        _add(FavourFarmers, f"favour t9 {move_text(moves)}", "t9", moves)
    for s in spaces:
        _add(FavourOvertime, f"favour t10 {space_name(s)}", "t10", s)
    for g, n in deliverable:
        _add(FavourDeliver, f"favour t12 {GOODS[g]} {n}", "t12", g, n)
    for g, h in arrows:
        _add(FavourSwap, f"favour t14 {GOODS[g]} {GOODS[h]}", "t14", g, h)
    for g, h in arrows:
        _add(English, f"english {GOODS[g]} {GOODS[h]}", g, h)
    for g in goods:
        _add(French, f"french {GOODS[g]}", g)
    for g in goods:
        _add(Reclaim, f"reclaim {GOODS[g]}", g, 0)
    _add(Reclaim, "reclaim favour", -1, 0)
    for g, n in deliverable:
        _add(Reclaim, f"reclaim {GOODS[g]} {n}", g, n)
    for g in goods:
        _add(Tribute, f"tribute {GOODS[g]}", g)
    _add(End, "end")
    _add(Follow, "follow")
    for g, h in arrows:
        _add(FollowT11, f"follow t11 {GOODS[g]} {GOODS[h]}", g, h)
    _add(Decline, "decline")
    for g, n in deliverable:
        _add(Jagir, f"jagir {GOODS[g]} {n}", g, n)
    _add(Cook, "cook")
    _add(Supply, "supply")
    for g in goods:
        _add(Gain, f"gain {GOODS[g]}", g)
    _add(RewardFavour, "reward favour")
    for t in TILES:
        _add(RewardTile, f"reward tile t{t}", t)
    for t in TILES:
        _add(Tile, f"tile t{t}", t)
    for t in TILES:
        _add(Discard, f"discard t{t}", t)
    for g, h in arrows:
        _add(Sadr, f"sadr {GOODS[g]} {GOODS[h]}", g, h)
    for g in goods:
        _add(Sadr, f"sadr {GOODS[g]} {GOODS[g]}", g, g)


_build_space()
NUM_ACTIONS = len(ACTIONS)


def act(kind: str, *values: Any) -> Action:
    """The action of ``kind`` with these argument values (a lookup, no allocation)."""
    return INDEX[(kind, *values)]
