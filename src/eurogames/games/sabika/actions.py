"""Sabika's fixed action space and its notation (docs/rules/sabika.md, "Notation: every
decision").

Every decision is one action made here once, at import, with a fixed id. Materials are
written ``plaster wood marble glazed``, goods ``sugar clay silk`` (the page's names for the
data's ``glazed_ceramic``, ``pottery``, ``clothing``); spaces, slots and display slots in lower
case (``o5``, ``r2``, ``k1``, ``s3``, ``w2``, ``n4``, ``j1``; a player's warehouses ``h1``–``h4``).
A decision that pays dinars may name the seals it pays with (``seals 2``, Q70).
"""

from __future__ import annotations

from itertools import combinations, combinations_with_replacement
from typing import Any

from eurogames.core.action import Action, action_kind
from eurogames.games.sabika.data import DATA

MATERIALS = ("plaster", "wood", "marble", "glazed")  # H2, data materials.order
GOODS = ("sugar", "clay", "silk")  # H4: data sugar, pottery, clothing
WORKERS = ("b1", "b2", "m", "p")  # W1: two master builders, the merchant, the poet
WORKER_RING = ("outer", "outer", "middle", "inner")
RING_LETTER = {"outer": "o", "middle": "m", "inner": "i"}
MAX_SEALS = 9  # K1: 9 seals in the game
CITIES = tuple(c.id for c in DATA.cities)
SPACES = {ring: tuple(f"{RING_LETTER[ring]}{i}" for i in range(1, 10)) for ring in RING_LETTER}
SLOTS = ("r1", "r2", "r3", "r4", "r5", "k1", "k2")
SMALL_SLOTS = ("s1", "s2", "s3", "s4")
MINOR_SLOTS = ("n1", "n2", "n3", "n4", "n5")
MAJOR_SLOTS = ("j1", "j2", "j3", "j4", "j5", "j6", "j7", "j8")
WAREHOUSE_SLOTS = ("w1", "w2", "w3", "w4")
HOUSES = ("h1", "h2", "h3", "h4")
# a payment: materials paid, as counts in MATERIALS order, 1 to 3 of them (B4, B6, P3; the same
# kind twice or three times only under EV4)
PAYMENTS: tuple[tuple[int, ...], ...] = tuple(
    tuple(combo.count(i) for i in range(4))
    for n in range(1, 4) for combo in combinations_with_replacement(range(4), n))
MAX_TRIBUTE = 8  # PA1: 6 at the end (7 with EV8)

Start = action_kind("start", "tile")
Move = action_kind("move", "worker", "space", "seals")
Rest = action_kind("rest", "worker")
Done = action_kind("done")
Secondary = action_kind("secondary", "slot", "choice", "seals")
Quarry = action_kind("quarry", "counts")
Expand = action_kind("expand", "display", "house")
Activate = action_kind("activate", "house")
Market = action_kind("market")
Buy = action_kind("buy", "material", "seals")
BuyRaw = action_kind("buy_raw", "slot", "seals")
Sell = action_kind("sell", "material")
SellGoods = action_kind("sell_goods", "goods")
Exchange = action_kind("exchange", "give", "get")
Refresh = action_kind("refresh", "seals")
Large = action_kind("large", "tile", "payment")
Small = action_kind("small", "slot", "payment", "end")
Favour = action_kind("favour", "space")
Split = action_kind("split", "dinars", "paria")
Choose = action_kind("choose", "option")
Export = action_kind("export", "city", "goods", "seals")
Consolidate = action_kind("consolidate", "city", "seals")
ProduceCity = action_kind("produce_city", "city")
ProduceProcess = action_kind("produce_process", "goods")
CarveMinor = action_kind("carve_minor", "slot", "colour", "payment", "seals")
CarveMajor = action_kind("carve_major", "slot", "payment", "seals")
Restart = action_kind("restart", "poem")
Handcraft = action_kind("handcraft")
TakeSlot = action_kind("take_slot", "slot")
TakeMaterial = action_kind("take_material", "material")
Process = action_kind("process", "goods")
Reward = action_kind("reward", "city")
Bonus = action_kind("bonus", "tile")  # MN4
FreeShip = action_kind("free_ship", "city", "goods")  # MN14
RedCity = action_kind("red_city", "city")  # MN17
Discard = action_kind("discard", "item")
Tribute = action_kind("tribute", "marker", "dinars", "seals", "points")
Fee = action_kind("fee", "means")  # EV14
YusufCity = action_kind("yusuf", "city")  # YS3, YA4, YA5, Q53
First = action_kind("first", "seat")

CHOICES = ("goods", "export", "materials", "carve", "raw", "marble", "1", "2", "3")

ACTIONS: list[Action] = []
BY_TEXT: dict[str, Action] = {}
_BY_KEY: dict[tuple[Any, ...], Action] = {}


def pay_text(counts: tuple[int, ...]) -> str:
    return counts_text(counts, MATERIALS)


def counts_text(counts: tuple[int, ...], names: tuple[str, ...]) -> str:
    return ",".join(names[i] for i, n in enumerate(counts) for _ in range(n))


def _seals(text: str, seals: int) -> str:
    return f"{text} seals {seals}" if seals else text


def _add(cls: type[Action], text: str, *args: Any) -> None:
    action = cls("sabika", len(ACTIONS), text, *args)
    ACTIONS.append(action)
    BY_TEXT[text] = action
    _BY_KEY[(action.kind, *args)] = action


def act(kind: str, *args: Any) -> Action:
    """The action of ``kind`` with these arguments (``KeyError`` if the space has none)."""
    return _BY_KEY[(kind, *args)]


def _build() -> None:
    for tile in range(1, 11):
        _add(Start, f"start {tile}", tile)
    for w, name in enumerate(WORKERS):
        for space in SPACES[WORKER_RING[w]]:
            for seals in range(MAX_SEALS + 1):
                _add(Move, _seals(f"move {name} {space}", seals), w, space, seals)
    for w, name in enumerate(WORKERS):
        _add(Rest, f"rest {name}", w)
    _add(Done, "done")
    for slot in SLOTS:
        choices = ("",) + (GOODS if slot[0] == "r" else ("plaster", "wood"))
        for choice in choices:
            word = f" process {choice}" if slot[0] == "r" and choice else (
                f" {choice}" if choice else "")
            for seals in range(MAX_SEALS + 1):
                _add(Secondary, _seals(f"secondary {slot}{word}", seals), slot, choice, seals)
    for n in range(1, 5):  # O1, MN21: quarry amounts up to 4
        for combo in combinations_with_replacement(range(4), n):
            counts = tuple(combo.count(i) for i in range(4))
            _add(Quarry, f"quarry {counts_text(counts, MATERIALS)}", counts)
    for display in WAREHOUSE_SLOTS:
        for h, house in enumerate(HOUSES):
            _add(Expand, f"expand {display} {house}", display, h)
    for h, house in enumerate(HOUSES):
        _add(Activate, f"activate {house}", h)
    _add(Market, "market")
    for m, name in enumerate(MATERIALS):  # O5, Q70: a purchase is a payment, seals may pay
        for seals in range(MAX_SEALS + 1):
            _add(Buy, _seals(f"buy {name}", seals), m, seals)
    for slot in SLOTS[:5]:
        for seals in range(MAX_SEALS + 1):
            _add(BuyRaw, _seals(f"buy raw {slot}", seals), slot, seals)
    for m, name in enumerate(MATERIALS):
        _add(Sell, f"sell {name}", m)
    for g, name in enumerate(GOODS):
        _add(SellGoods, f"sell goods {name}", g)
    for m in range(4):
        for other in (m - 1, m + 1):
            if 0 <= other < 4:
                _add(Exchange, f"exchange {MATERIALS[m]} {MATERIALS[other]}", m, other)
    for seals in range(2):
        _add(Refresh, _seals("refresh", seals), seals)
    for tile in range(1, len(DATA.large_buildings) + 1):
        for pay in PAYMENTS:
            if pay[0]:  # B4: plaster always
                _add(Large, f"large {tile} pay {pay_text(pay)}", tile, pay)
    for slot in SMALL_SLOTS:
        for pay in PAYMENTS:
            for end in ("left", "right"):
                _add(Small, f"small {slot} pay {pay_text(pay)} {end}", slot, pay, end)
    for space in range(1, len(DATA.favour_rewards)):
        _add(Favour, f"favour {space}", space)
    for total in range(1, 9):  # B9: an amount split between dinars and paria
        for dinars in range(total + 1):
            _add(Split, f"balance {dinars}d{total - dinars}p", dinars, total - dinars)
    for option in CHOICES:
        _add(Choose, f"choose {option}", option)
    goods_lists = [(g,) for g in range(3)] + list(combinations_with_replacement(range(3), 2))
    for city in CITIES:
        for goods in goods_lists:
            text = f"export {city} {','.join(GOODS[g] for g in goods)}"
            for seals in range(MAX_SEALS + 1):
                _add(Export, _seals(text, seals), city, goods, seals)
    for city in CITIES:  # EV10's dinar may be a seal (Q70)
        for seals in range(MAX_SEALS + 1):
            _add(Consolidate, _seals(f"consolidate {city}", seals), city, seals)
    for city in CITIES:
        _add(ProduceCity, f"produce city {city}", city)
    for goods in [(g,) for g in range(3)] + list(combinations(range(3), 2)):
        _add(ProduceProcess, f"produce process {','.join(GOODS[g] for g in goods)}", goods)
    poem_pays = [pay for pay in PAYMENTS if pay[0] + pay[1] + pay[2]]  # P3: a base
    for slot in MINOR_SLOTS:
        for colour in ("blue", "red"):
            for mask in poem_pays:
                for seals in range(MAX_SEALS + 1):
                    _add(CarveMinor, _seals(f"carve {slot} {colour} pay {pay_text(mask)}", seals),
                         slot, colour, mask, seals)
    for slot in MAJOR_SLOTS:
        for mask in poem_pays:
            for seals in range(MAX_SEALS + 1):
                _add(CarveMajor, _seals(f"carve {slot} pay {pay_text(mask)}", seals),
                     slot, mask, seals)
    for poem in range(1, len(DATA.minor_poems) + 1):
        _add(Restart, f"restart {poem}", poem)
    _add(Handcraft, "handcraft")
    for slot in SLOTS[:5]:
        _add(TakeSlot, f"take {slot}", slot)
    for m, name in enumerate(MATERIALS):
        _add(TakeMaterial, f"take {name}", m)
    for g, name in enumerate(GOODS):
        _add(Process, f"process {name}", g)
    for city in CITIES:
        _add(Reward, f"reward {city}", city)
    for tile in range(1, len(DATA.large_buildings) + 1):
        _add(Bonus, f"mn4 {tile}", tile)
    for city in CITIES:
        _add(FreeShip, f"mn14 {city}", city, -1)
        for g, name in enumerate(GOODS):
            _add(FreeShip, f"mn14 {city} {name}", city, g)
    for city in CITIES:
        _add(RedCity, f"mn17 {city}", city)
    for item in MATERIALS + GOODS:
        _add(Discard, f"discard {item}", item)
    for total in range(1, MAX_TRIBUTE + 1):
        for m in range(total + 1):
            for d in range(total + 1 - m):
                for s in range(total + 1 - m - d):
                    p = total - m - d - s
                    terms = [f"{k}{v}" for k, v in (("m", m), ("d", d), ("s", s), ("p", p)) if v]
                    _add(Tribute, "tribute " + " ".join(terms), m, d, s, p)
    for seat in range(4):
        _add(First, f"first {seat + 1}", seat)
    for means in ("dinar", "seal"):
        _add(Fee, f"fee {means}", means)
    _add(First, "first yusuf", -1)  # YR2
    for city in CITIES:
        _add(YusufCity, f"yusuf {city}", city)


_build()
NUM_ACTIONS = len(ACTIONS)
