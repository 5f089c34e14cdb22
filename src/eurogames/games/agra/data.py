"""Agra's component data: goods, buildings, tiles, tracks, orders, bowls, river and notables.

The seed rulebook gives the rules and some of the numbers; most of the board is printed only
on images no source shows. ``data/agra.json`` is a complete data set: each value carries a
status (``stated``, ``derived``, ``inferred`` or ``provisional``), and each provisional value
says how it was chosen (``data/README.md`` gives the method per family). This module loads the
shipped document (:data:`DOCUMENT`), checks any document (:func:`check_document` lists every
problem, each a sentence naming its path) and builds the immutable view an engine indexes
(:class:`AgraData`, :data:`DATA`): goods by index, tuples everywhere. An engine given other
data (``Game.with_data``) builds its own view with :func:`read`, which refuses a document with
problems, naming them all.

>>> DATA.goods[DATA.good_index["curry"]].value
2
>>> [DATA.buildings[b].id for b in DATA.reading_order[:2]]
['quarry', 'lumber_mill']
>>> check_document(dict(DOCUMENT, schema_version=2))
['schema_version must be 1, not 2']
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from types import MappingProxyType
from typing import Any

from eurogames.core.errors import DataError as CoreDataError

STATUSES = ("stated", "derived", "inferred", "provisional")
LEVELS = ("I", "II", "III", "IV")  # notable levels, as the cards print them
GUILDS = ("artisans", "traders", "scholars")
TIERS = ("basic", "advanced", "luxury")
GOOD_IDS = ("sandstone", "cement", "brick", "statue", "log", "plank", "paper", "book",
            "turmeric", "curry", "dye", "painting", "cotton", "oil", "cloth", "gown")
# the seed's goods table (5.2.1): printed value of each good, before price markers
SEED_VALUES = {g: (1, 2, 2, 3)[i % 4] for i, g in enumerate(GOOD_IDS)}
MATERIALS = ("sandstone", "log", "cement", "plank")  # 5.3.1
CHARACTERS = ("architect", "boatman", "trader", "botanist")
RING_ACTIONS = ("deliver", "process", "remove_cover", "trade", "move_farmer")
RING_MP_RULES = ("value_of_result", "value_of_good")
FAVOUR_EFFECTS = (
    "gain_basic_good", "influence", "process", "stand_workers", "remove_cover",
    "gain_good_of_value", "move_price_marker", "gain_mp", "tribute_or_order",
    "process_value_1_to_2", "sell_good", "move_farmers", "free_overtime",
    "process_combinable", "deliver_to_notable", "meditation_level", "swap_equal_value",
)
DOCK_EFFECTS = ("build_builder_building", "move_merchant", "favour_per_cotton", "order_limit",
                "return_price_markers", "favour", "good_by_cotton", "gown_bonus", "end_game")
def _processing(entry: dict) -> bool:
    return entry.get("kind") == "processing"


def _anything(entry: dict) -> bool:
    return True


# values printed only in pictures (outline 2.4): (family, field or None for the whole entry,
# which entries); each must carry its own status (see _check_image_only)
IMAGE_ONLY = (
    ("goods", "build_value", lambda g: g.get("id") in ("sandstone", "plank")),
    ("processing_arrows", None, lambda a: a.get("to") in ("statue", "book", "painting", "gown")),
    ("buildings", "level", _processing),
    ("buildings", "cost", _processing),
    ("buildings", "name_en", lambda b: "name_zh_hant" not in b),
    ("buildings", "input", lambda b: b.get("output") in ("statue", "book", "painting", "gown")),
    ("building_grid", "columns", _anything),
    ("building_bonus_tiles", "level", _anything),
    ("meditation", "level_count", _anything),
    ("meditation.levels", "upgrade_cost", lambda lv: lv.get("id") != 1),
    ("meditation.levels", None, lambda lv: isinstance(lv.get("id"), int) and lv["id"] > 4),
    ("farm", "corners", _anything),
    ("farm", "tracks", _anything),
    ("influence_track", "start", _anything),
    ("influence_track", "top", _anything),
    ("influence_track", "rupees", _anything),
    ("influence_track.favour_rewards", "favour", lambda r: r.get("level") != 3),
    ("orders", "initial_limit", _anything),
    ("orders.list", None, _anything),
    ("orders.list", "position", _anything),
    ("tribute.bowls", None, _anything),
    ("tribute.bowls", "half", _anything),
    ("tribute.bowls", "die", _anything),
    ("notables.list", "guild", _anything),
    ("notables.list", "contract", _anything),
    ("price_markers", "faces", _anything),
)
# 7.1: what happens as the boat arrives at docks 1-6
SEED_DOCK_EFFECTS = ((), ("build_builder_building",),
                     ("move_merchant", "favour_per_cotton", "order_limit"),
                     ("return_price_markers", "favour", "order_limit"),
                     ("good_by_cotton", "order_limit"), ("gown_bonus", "end_game"))
# Appendix I, restated so that the file is checked against it: each notable's ability key,
# its generous goods (extra rupees per delivery) and its timing (immediate: once, on taking the
# contract; once_per_turn; end_game: scores at the end)
SEED_NOTABLES = {
    1: ("sailor_pays_several_goods", {"gown": 1}, ""),
    2: ("meditation_level_now", {"curry": 1}, "immediate"),
    3: ("build_value_plus_one", {}, ""),
    4: ("produce_extra_sandstone_log", {}, ""),
    5: ("produce_extra_cotton_turmeric", {}, ""),
    6: ("french_merchant_slots", {}, ""),
    7: ("dyer_exchange", {"dye": 1}, "once_per_turn"),
    8: ("cook_stores_workers", {"oil": 1}, ""),
    9: ("muezzin_extra_mp", {}, ""),
    10: ("jagir_delivery", {}, ""),
    11: ("caliph_cotton_worker", {}, "once_per_turn"),
    12: ("calligrapher_overtime", {"paper": 1}, ""),
    13: ("mullah_favour_discount", {"brick": 1}, "once_per_turn"),
    14: ("english_merchant_swap", {}, "once_per_turn"),
    15: ("mosaic_master_favour", {}, "immediate once_per_turn"),
    16: ("mujtahid_free_build", {"statue": 2}, "immediate"),
    17: ("dutch_merchant_orders", {"gown": 2}, "end_game"),
    18: ("painter_workers_influence", {"painting": 2}, "immediate"),
    19: ("subahdar_orders", {"book": 2}, "end_game"),
    20: ("sadr_tribute", {}, "immediate end_game"),
    21: ("grand_mufti_sets", {}, "immediate end_game"),
    22: ("guild_patron", {}, "immediate end_game"),
    23: ("guild_patron", {}, "immediate end_game"),
    24: ("guild_patron", {}, "immediate end_game"),
}
ABILITIES = tuple(dict.fromkeys(ability for ability, _, _ in SEED_NOTABLES.values()))
TIMINGS = ("immediate", "once_per_turn", "end_game")
NOTABLES_PER_LEVEL = {"I": 8, "II": 7, "III": 5, "IV": 4}  # 1.0: numbered 1-24 by level
RUPEE_COINS = {"1": 28, "2": 15, "5": 10, "10": 10, "20": 6}  # 1.0: 69 coins
# keys that describe a value instead of being one: they need no status of their own
META_KEYS = {"id", "status", "how", "sources", "evidence", "note"}
META_SUFFIXES = ("_status", "_how", "_sources", "_evidence", "_note")
TEXT_SUFFIXES = ("_how", "_evidence", "_note")
ROOT_META = {"game", "schema_version", "note", "status_values", "sources"}


class DataError(CoreDataError):
    """The component data fails one of its checks."""


# ------------------------------------------------------------------ the view an engine reads

@dataclass(frozen=True, slots=True)
class Good:
    id: str
    index: int
    name_en: str
    name_zh_hant: str
    chain: str
    tier: str  # basic / advanced / luxury
    value: int  # printed value, before price markers
    build_value: int  # 0 unless a building material


@dataclass(frozen=True, slots=True)
class Building:
    id: str
    index: int
    name_en: str
    name_zh_hant: str  # "" where the seed does not name it
    kind: str  # production / processing
    output: int  # good index
    input: int  # good index processed into output; -1 for a production building
    level: int  # 1 for production buildings, 2-4 (arches) for processing ones
    cost: int  # build value needed; 0 for production buildings (built at the start)
    column: int  # 0-3, left to right
    row: int  # 0-3, top to bottom


@dataclass(frozen=True, slots=True)
class BonusTile:
    id: str
    level: int
    influence: int  # guild index, -1 for none
    favour: int
    remove_cover: int
    rupees: int


@dataclass(frozen=True, slots=True)
class FavourAction:
    id: str  # "S1"-"S3" printed on the board, "1"-"14" the tiles in Appendix III order
    need: int  # favour you must hold
    pay: int  # favour you spend
    effect: str
    amount: int
    phase: str  # "" any time in your turn, else "meditation" / "action"


@dataclass(frozen=True, slots=True)
class MeditationLevel:
    level: int
    mp: int
    upgrade_cost: tuple[int, ...]  # good indices paid to reach this level (empty for level 1)


@dataclass(frozen=True, slots=True)
class RingAction:
    id: str
    mp: int  # fixed MP cost, or 0 where mp_rule applies
    mp_rule: str  # "" / "value_of_result" / "value_of_good"
    outer: bool  # outer actions can be covered by the meditation marker


@dataclass(frozen=True, slots=True)
class FarmTrack:
    id: str
    start: int  # good index at the corner where space 1 is
    end: int  # good index at the other corner
    spaces: int
    farmer_start: int  # 1-based space
    covers: tuple[int, ...]  # 1-based spaces printed with a cover tile


@dataclass(frozen=True, slots=True)
class Order:
    id: str
    guild: int
    position: int  # 1-6 from the top
    goods: tuple[int, int]


@dataclass(frozen=True, slots=True)
class Bowl:
    good: int
    half: str  # left / right
    die: int


@dataclass(frozen=True, slots=True)
class DockEvent:
    effect: str
    amount: int = 0  # favour, gown bonus
    limit: int = 0  # order limit marker placed
    max: int = 0  # favour per cotton cap
    values: tuple[int, ...] = ()  # good value by 0 / 1 / 2+ cotton


@dataclass(frozen=True, slots=True)
class Dock:
    dock: int
    levels: tuple[int, ...]  # notable levels (1-4) delivered to at this dock
    events: tuple[DockEvent, ...]
    advance_level: int  # 0 at the last dock
    advance_contracts: int


@dataclass(frozen=True, slots=True)
class Notable:
    id: int
    level: int  # 1-4
    name_en: str
    name_zh_hant: str
    guild: int
    contract: tuple[int, ...]  # good indices, top to bottom
    ability: str
    generous: tuple[tuple[int, int], ...]  # (good index, extra rupees per delivery)
    immediate: bool
    once_per_turn: bool
    end_game: bool


@dataclass(frozen=True, slots=True)
class AgraData:
    goods: tuple[Good, ...]
    good_index: Mapping[str, int]
    processes_into: tuple[tuple[int, ...], ...]  # by good index: the goods it processes into
    processed_from: tuple[int, ...]  # by good index: its input good, -1 for basic goods
    buildings: tuple[Building, ...]
    building_index: Mapping[str, int]
    building_of: tuple[int, ...]  # by good index: the building that makes it
    reading_order: tuple[int, ...]  # building indices, top to bottom then left to right
    bonus_tiles: tuple[BonusTile, ...]
    starting_favour_actions: tuple[FavourAction, ...]
    favour_tiles: tuple[FavourAction, ...]
    favour_display: int
    max_favour_tiles: int
    meditation_levels: tuple[MeditationLevel, ...]
    meditation_top_rupees: int
    bump_favour: tuple[int, int]  # below level 4, from level 4
    ring: tuple[RingAction, ...]
    ring_start_covered: str
    farm_corners: tuple[int, ...]  # good indices clockwise from the top left
    farm_tracks: tuple[FarmTrack, ...]
    production_max: int
    guilds: tuple[str, ...]
    influence_start: int
    influence_top: int
    influence_rupees: tuple[int, ...]  # by level
    influence_favour: Mapping[int, int]  # level -> favour (or a tile instead)
    orders: tuple[tuple[Order, ...], ...]  # by guild index, positions 1-6 in order
    initial_order_limit: int
    order_limit_docks: Mapping[int, int]  # dock -> limit placed there
    bowls: tuple[Bowl, ...]
    tribute_scoring: tuple[int, ...]
    tribute_each_further: int
    docks: tuple[Dock, ...]
    notable_spaces: Mapping[int, tuple[int, int, int, int]]  # players -> per level I-IV
    guild_split: Mapping[int, tuple[int, int, int]]
    notables: tuple[Notable, ...]  # index = id - 1
    price_marker_faces: tuple[int, ...]
    per_player: Mapping[str, int]
    rupee_coins: Mapping[int, int]
    merchant_rerolls: tuple[int, ...]
    builder_rerolls: tuple[int, ...]


# ------------------------------------------------------------------ checking

class _Check:
    """Collects problems; the helpers return None (and record why) for a value of the wrong
    shape, so that one problem does not hide the others."""

    def __init__(self, document: Any) -> None:
        self.doc = document
        self.problems: list[str] = []

    def add(self, path: str, sentence: str) -> None:
        self.problems.append(f"{path} {sentence}")

    def obj(self, parent: Any, key: str, path: str) -> dict | None:
        value = parent.get(key) if isinstance(parent, dict) else None
        if not isinstance(value, dict):
            self.add(_join(path, key), "must be an object")
            return None
        return value

    def list(self, parent: Any, key: str, path: str, length: int | None = None) -> list | None:
        value = parent.get(key) if isinstance(parent, dict) else None
        if not isinstance(value, list):
            self.add(_join(path, key), "must be a list")
            return None
        if length is not None and len(value) != length:
            self.add(_join(path, key), f"must hold {length} entries, not {len(value)}")
        return value

    def int(self, parent: Any, key: str, path: str, low: int, high: int) -> int | None:
        value = parent.get(key) if isinstance(parent, dict) else None
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            self.add(_join(path, key), f"must be a whole number from {low} to {high}, "
                                       f"not {_show(value)}")
            return None
        return value

    def str(self, parent: Any, key: str, path: str, choices: tuple | None = None) -> str | None:
        value = parent.get(key) if isinstance(parent, dict) else None
        if not isinstance(value, str) or not value:
            self.add(_join(path, key), f"must be a non-empty text, not {_show(value)}")
            return None
        if choices is not None and value not in choices:
            self.add(_join(path, key), f"must be one of {', '.join(choices)}, not {value!r}")
            return None
        return value

    def bool(self, parent: Any, key: str, path: str) -> bool | None:
        value = parent.get(key) if isinstance(parent, dict) else None
        if not isinstance(value, bool):
            self.add(_join(path, key), f"must be true or false, not {_show(value)}")
            return None
        return value

    def good(self, value: Any, path: str) -> str | None:
        if value not in GOOD_IDS:
            self.add(path, f"must name a good ({', '.join(GOOD_IDS)}), not {_show(value)}")
            return None
        return value

    def items(self, entries: list | None, path: str) -> list[tuple[str, dict]]:
        """The entries that are objects, each with its path (named by id where it has one)."""
        found = []
        for i, entry in enumerate(entries or []):
            name = entry.get("id", i) if isinstance(entry, dict) else i
            where = f"{path}[{name}]"
            if isinstance(entry, dict):
                found.append((where, entry))
            else:
                self.add(where, "must be an object")
        return found


def _join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


def _k(value: Any) -> Any:
    """A value usable as a key: itself when it is a text or a number, else its JSON text."""
    return value if isinstance(value, str | int | float | type(None)) else _show(value)


def _as_list(value: Any) -> list:
    return value if isinstance(value, list) else []


def _show(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False) if not isinstance(value, str) else repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def check_document(document: Any) -> list[str]:
    """Every problem of an Agra data document (schema, types, counts, cross-references,
    statuses), each a sentence that starts with the path it is about; [] = playable."""
    if not isinstance(document, dict):
        return ["the document must be a JSON object"]
    c = _Check(document)
    if document.get("game") != "agra":
        c.add("game", f"must be 'agra', not {_show(document.get('game'))}")
    if not isinstance(document.get("note"), str):
        c.add("note", "must be a text saying what the document is")
    if document.get("schema_version") != 1 or isinstance(document.get("schema_version"), bool):
        c.problems.append(f"schema_version must be 1, not {_show(document.get('schema_version'))}")
    checks = (_check_sources, _check_statuses, _check_image_only, _check_goods, _check_arrows,
              _check_buildings, _check_bonus_tiles, _check_favour, _check_meditation,
              _check_farm, _check_guilds, _check_orders, _check_tribute, _check_river,
              _check_notables, _check_rest)
    for check in checks:
        try:
            check(c, document)
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
            # a shape no helper foresaw: say where, and go on with the other families
            c.problems.append(f"{check.__name__[7:]} is malformed ({exc!r})")
    return c.problems


def _check_sources(c: _Check, doc: dict) -> None:
    meanings = c.obj(doc, "status_values", "")
    if meanings is not None and (sorted(meanings) != sorted(STATUSES) or not all(
            isinstance(text, str) and text for text in meanings.values())):
        c.add("status_values", f"must say in words what each of {', '.join(STATUSES)} means")
    sources = c.obj(doc, "sources", "")
    for key, source in (sources or {}).items():
        if not (isinstance(source, dict) and isinstance(source.get("what"), str)
                and isinstance(source.get("where"), str)):
            c.add(f"sources.{key}", "must be an object with 'what' and 'where' texts")


def _check_statuses(c: _Check, doc: dict) -> None:
    """Every value carries a valid status, its own (``<field>_status``) or its object's or an
    enclosing object's (``status``); a provisional one says how it was chosen, any other
    names its sources."""
    known = set(doc.get("sources") or {}) if isinstance(doc.get("sources"), dict) else set()

    def sources_ok(obj: dict, field: str | None, inherited: list | None, path: str) -> None:
        key = f"{field}_sources" if field else "sources"
        own = obj.get(key, obj.get("sources") if field else None)
        names = own if own is not None else inherited
        if not isinstance(names, list) or not names:
            c.add(path, "has a status other than provisional but names no sources")
            return
        for name in names:
            if not isinstance(name, str) or name not in known:
                c.add(path, f"names the source {_show(name)}, which 'sources' does not define")

    def status_ok(obj: dict, field: str | None, path: str, inherited_sources: list | None) -> str:
        key = f"{field}_status" if field else "status"
        status = obj[key]
        if status not in STATUSES:
            c.add(path, f"has the status {_show(status)}; a status is one of "
                        f"{', '.join(STATUSES)}")
        elif status == "provisional":
            how = obj.get(f"{field}_how" if field else "how")
            if not isinstance(how, str) or not how.strip():
                c.add(path, "is provisional but does not say how it was chosen "
                            f"({(field + '_how') if field else 'how'})")
        else:
            sources_ok(obj, field, inherited_sources, path)
        return status

    def walk(value: Any, path: str, status: str | None, sources: list | None) -> None:
        if isinstance(value, list):
            for i, item in enumerate(value):
                name = item.get("id", i) if isinstance(item, dict) else i
                walk(item, f"{path}[{name}]", status, sources)
            return
        if not isinstance(value, dict):
            if status is None:
                c.add(path, "has no status (give it a <field>_status or its object a status)")
            return
        if "status" in value:
            status = status_ok(value, None, path or "(the document)", sources)
        if isinstance(value.get("sources"), list):
            sources = value["sources"]
        for key, item in value.items():
            if not path and key in ROOT_META:
                continue
            if key.endswith("_status"):
                field = key[: -len("_status")]
                if field not in value:
                    c.add(_join(path, key), f"gives a status to {field!r}, which is missing")
                continue
            if key in META_KEYS or key.endswith(META_SUFFIXES):
                if (key in ("how", "evidence", "note") or key.endswith(TEXT_SUFFIXES)) and (
                        not isinstance(item, str)):
                    c.add(_join(path, key), f"must be a text, not {_show(item)}")
                continue
            if key.startswith("name_") and (not isinstance(item, str) or not item):
                c.add(_join(path, key), f"must be a non-empty text, not {_show(item)}")
            if f"{key}_status" in value:
                own = status_ok(value, key, _join(path, key), sources)
                walk(item, _join(path, key), own, value.get(f"{key}_sources", sources))
            else:
                walk(item, _join(path, key), status, sources)

    walk(doc, "", None, None)


def _check_image_only(c: _Check, doc: dict) -> None:
    """Values the seed's text does not give (they are printed only on the boards and cards)
    carry their own status, so that deleting a ``provisional`` mark never lets them inherit
    the ``stated`` of the object around them."""
    for family, field, where in IMAGE_ONLY:
        *parents, last = family.split(".")
        holder: Any = doc
        for key in parents:
            holder = holder.get(key) if isinstance(holder, dict) else None
        found = holder.get(last) if isinstance(holder, dict) else None
        if isinstance(found, list):
            entries = [(f"{family}[{e.get('id', i)}]", e) for i, e in enumerate(found)
                       if isinstance(e, dict)]
        else:
            entries = [(family, found)] if isinstance(found, dict) else []
        for path, entry in entries:
            if not where(entry):
                continue
            if field is None:
                if "status" not in entry:
                    c.add(path, "must carry its own status: the seed's text does not give it")
            elif f"{field}_status" not in entry and not (
                    entry.get("status") == "provisional" and field in entry):
                c.add(_join(path, field), f"must carry its own status ({field}_status): the "
                                          "seed's text does not give it")


def _check_goods(c: _Check, doc: dict) -> None:
    goods = c.list(doc, "goods", "", 16)
    entries = c.items(goods, "goods")
    ids = [_k(g.get("id")) for _, g in entries]
    if goods is not None and sorted(map(str, ids)) != sorted(GOOD_IDS):
        c.add("goods", "must be the 16 goods of the seed's table once each "
                       f"({', '.join(GOOD_IDS)})")
    for path, g in entries:
        c.str(g, "name_en", path)
        c.str(g, "name_zh_hant", path)
        c.str(g, "chain", path)
        c.str(g, "tier", path, TIERS)
        value = c.int(g, "value", path, 1, 3)
        if value is not None and _k(g.get("id")) in SEED_VALUES and (
                value != SEED_VALUES[g["id"]]):
            c.add(f"{path}.value", f"must be {SEED_VALUES[g['id']]}, the seed's value (5.2.1)")
        material = c.bool(g, "building_material", path)
        if material is not None and material != (g.get("id") in MATERIALS):
            c.add(f"{path}.building_material", "must be true exactly for sandstone, log, cement "
                                               "and plank (5.3.1)")
        if material:
            c.int(g, "build_value", path, 1, 2)
        elif "build_value" in g:
            c.add(f"{path}.build_value", "is given, but only building materials have one")
    chains = c.list(doc, "goods_chains", "", 4)
    by_id = {_k(g.get("id")): g for _, g in entries}
    for path, chain in c.items(chains, "goods_chains"):
        if not isinstance(chain.get("advanced"), list) or len(chain["advanced"]) != 2:
            c.add(f"{path}.advanced", "must list the chain's two value-2 goods")
            continue
        members = [chain.get("basic"), *chain["advanced"], chain.get("luxury")]
        tiers = ["basic", "advanced", "advanced", "luxury"]
        for good, tier in zip(members, tiers, strict=True):
            if c.good(good, f"{path} member") is None:
                continue
            g = by_id.get(good, {})
            if g.get("chain") != chain.get("id") or g.get("tier") != tier:
                c.add(f"goods[{good}]", f"must have chain {chain.get('id')!r} and tier {tier!r}, "
                                        f"as goods_chains says")
    if chains is not None and goods is not None:
        listed = [m for ch in chains if isinstance(ch, dict) for m in
                  [ch.get("basic"), *_as_list(ch.get("advanced")), ch.get("luxury")]]
        if sorted(map(str, listed)) != sorted(GOOD_IDS):
            c.add("goods_chains", "must hold every good exactly once")


def _check_arrows(c: _Check, doc: dict) -> None:
    arrows = c.list(doc, "processing_arrows", "", 12)
    goods = {_k(g.get("id")): g for g in _as_list(doc.get("goods")) if isinstance(g, dict)}
    into = Counter()
    for path, arrow in c.items(arrows, "processing_arrows"):
        path = f"processing_arrows[{arrow.get('from')}->{arrow.get('to')}]"
        source = c.good(arrow.get("from"), f"{path}.from")
        target = c.good(arrow.get("to"), f"{path}.to")
        if source is None or target is None:
            continue
        into[target] += 1
        s, t = goods.get(source, {}), goods.get(target, {})
        step = (s.get("tier"), t.get("tier"))
        if s.get("chain") != t.get("chain") or step not in (("basic", "advanced"),
                                                            ("advanced", "luxury")):
            c.add(path, "must go one step up within a chain (basic to value 2, value 2 to "
                        "luxury)")
    for good in GOOD_IDS:
        tier = goods.get(good, {}).get("tier")
        wanted = 0 if tier == "basic" else 1
        if arrows is not None and tier in TIERS and into[good] != wanted:
            c.add("processing_arrows", f"must have {wanted} arrow{'s' * (wanted != 1)} into "
                                       f"{good}, not {into[good]}")
    luxury_inputs = Counter(_k(goods.get(_k(a.get("from")), {}).get("chain"))
                            for a in arrows or [] if isinstance(a, dict)
                            and goods.get(_k(a.get("from")), {}).get("tier") == "advanced")
    if arrows is not None and any(n != 1 for n in luxury_inputs.values()):
        c.add("processing_arrows", "must feed each luxury from exactly one value-2 good")


def _check_buildings(c: _Check, doc: dict) -> None:
    buildings = c.list(doc, "buildings", "", 16)
    entries = c.items(buildings, "buildings")
    arrows = {_k(a.get("to")): a.get("from") for a in _as_list(doc.get("processing_arrows"))
              if isinstance(a, dict)}
    ids = [_k(b.get("id")) for _, b in entries]
    if len(set(map(str, ids))) != len(ids):
        c.add("buildings", "must not repeat an id")
    outputs = Counter()
    levels = Counter()
    for path, b in entries:
        c.str(b, "id", path)
        c.str(b, "name_en", path)
        kind = c.str(b, "kind", path, ("production", "processing"))
        output = c.good(b.get("output"), f"{path}.output")
        outputs[output] += 1
        if kind == "production":
            if output is not None and SEED_VALUES[output] != 1 or output in (
                    "cement", "brick", "plank", "paper", "curry", "dye", "oil", "cloth"):
                c.add(f"{path}.output", "must be a basic good: production buildings make them")
            if b.get("level") != 1:
                c.add(f"{path}.level", "must be 1 for a production building")
            for field in ("input", "cost"):
                if field in b:
                    c.add(f"{path}.{field}", "is given, but production buildings are built at "
                                             "the start and process nothing")
        elif kind == "processing":
            level = c.int(b, "level", path, 2, 4)
            levels[level] += 1
            c.int(b, "cost", path, 1, 20)
            source = c.good(b.get("input"), f"{path}.input")
            if output is not None and source is not None and arrows.get(output) != source:
                c.add(f"{path}.input", f"must be the good processed into {output} "
                                       f"({arrows.get(output)}, processing_arrows)")
    if buildings is not None:
        for good in GOOD_IDS:
            if outputs[good] != 1:
                c.add("buildings", f"must have one building making {good}, not {outputs[good]}")
        if levels != Counter({2: 4, 3: 4, 4: 4}):
            c.add("buildings", "must have 4 processing buildings at each of levels 2, 3 and 4 "
                               "(12 bonus tiles, 4 per level)")
    grid = c.obj(doc, "building_grid", "")
    columns = c.list(grid, "columns", "building_grid", 4)
    if columns is None:
        return
    if len(columns) != 4 or not all(isinstance(col, list) and len(col) == 4 for col in columns):
        c.add("building_grid.columns", "must be 4 columns of 4 building ids, top to bottom")
        return
    order = [_k(b) for col in columns for b in col]
    if sorted(map(str, order)) != sorted(map(str, ids)):
        c.add("building_grid.columns", "must place each of the 16 buildings exactly once")
    kinds = {_k(b.get("id")): b.get("kind") for _, b in entries}
    if any(kinds.get(_k(b)) != "production" for b in columns[0]):
        c.add("building_grid.columns[0]", "must be the 4 production buildings (5.1)")
    if order[0] != "quarry":
        c.add("building_grid.columns[0][0]", "must be the quarry, top left (2.1)")
    c.str(grid, "reading_rule", "building_grid")
    if order[-1] != "tailor":
        c.add("building_grid.columns[3][3]", "must be the tailor, last in reading order "
                                             "(6.2.1.3)")


def _check_bonus_tiles(c: _Check, doc: dict) -> None:
    tiles = c.list(doc, "building_bonus_tiles", "", 12)
    levels = Counter()
    for path, t in c.items(tiles, "building_bonus_tiles"):
        levels[c.int(t, "level", path, 2, 4)] += 1
        if "influence" not in t:
            c.add(f"{path}.influence", "is missing (a guild, or null for none)")
        elif t["influence"] is not None:
            c.str(t, "influence", path, GUILDS)
        c.int(t, "favour", path, 0, 3)
        c.int(t, "remove_cover", path, 0, 3)
        c.int(t, "rupees", path, 0, 10)
    if tiles is not None and levels != Counter({2: 4, 3: 4, 4: 4}):
        c.add("building_bonus_tiles", "must hold 4 tiles of each level 2, 3 and 4")
    ids = [_k(t.get("id")) for t in tiles or [] if isinstance(t, dict)]
    if len(set(map(str, ids))) != len(ids):
        c.add("building_bonus_tiles", "must not repeat an id")


def _check_favour(c: _Check, doc: dict) -> None:
    favour = c.obj(doc, "favour", "")
    if favour is None:
        return
    for key, count, ids in (("starting_actions", 3, ["S1", "S2", "S3"]),
                            ("tiles", 14, list(range(1, 15)))):
        entries = c.list(favour, key, "favour", count)
        if entries is not None and [e.get("id") for e in entries if isinstance(e, dict)] != ids:
            c.add(f"favour.{key}", f"ids must be {ids[0]}-{ids[-1]} in order")
        for path, action in c.items(entries, f"favour.{key}"):
            pay = c.int(action, "pay", path, 1, 6)
            need = c.int(action, "need", path, 1, 6)
            if pay is not None and need is not None and need < pay:
                c.add(path, f"needs {need} favour but pays {pay}: 'need' is at least 'pay'")
            c.str(action, "effect", path, FAVOUR_EFFECTS)
            c.int(action, "amount", path, 1, 3)
            if "phase" in action:
                c.str(action, "phase", path, ("meditation", "action"))
    c.int(favour, "display", "favour", 3, 3)
    c.int(favour, "max_tiles_on_board", "favour", 3, 3)


def _check_meditation(c: _Check, doc: dict) -> None:
    med = c.obj(doc, "meditation", "")
    if med is None:
        return
    count = c.int(med, "level_count", "meditation", 4, 20)
    levels = c.list(med, "levels", "meditation", count)
    previous = 0
    for i, (path, level) in enumerate(c.items(levels, "meditation.levels")):
        if level.get("id") != i + 1:
            c.add(f"{path}.id", f"must be {i + 1}: levels are numbered from 1 in order")
        mp = c.int(level, "mp", path, 1, 10)
        if mp is not None and mp < previous:
            c.add(f"{path}.mp", "must not be below the level before it")
        previous = mp or previous
        cost = c.list(level, "upgrade_cost", path)
        if cost is not None:
            if (i == 0) != (not cost):
                c.add(f"{path}.upgrade_cost", "must be empty for level 1 (the start) and name "
                                              "goods for every later level")
            for j, good in enumerate(cost):
                c.good(good, f"{path}.upgrade_cost[{j}]")
    known = [lv.get("mp") for lv in levels or [] if isinstance(lv, dict)][:4]
    if levels is not None and known != [1, 2, 2, 3]:
        c.add("meditation.levels", "must give 1, 2, 2, 3 MP at levels 1-4 (6.1.1, Botanist)")
    c.int(med, "top_level_rupees", "meditation", 0, 20)
    bump = c.obj(med, "bump_favour", "meditation")
    if bump is not None:
        c.int(bump, "below_level_4", "meditation.bump_favour", 0, 5)
        c.int(bump, "from_level_4", "meditation.bump_favour", 0, 5)
    ring = c.obj(med, "ring", "meditation")
    actions = c.list(ring, "actions", "meditation.ring", 5)
    entries = c.items(actions, "meditation.ring.actions")
    if actions is not None and sorted(str(a.get("id")) for _, a in entries) != sorted(RING_ACTIONS):
        c.add("meditation.ring.actions", f"must be {', '.join(RING_ACTIONS)}")
    for path, action in entries:
        mp = action.get("mp")
        if not (mp in RING_MP_RULES or (isinstance(mp, int) and not isinstance(mp, bool)
                                        and 1 <= mp <= 5)):
            c.add(f"{path}.mp", f"must be a number of MP or one of {', '.join(RING_MP_RULES)}")
        outer = c.bool(action, "outer", path)
        if outer is not None and outer != (action.get("id") != "move_farmer"):
            c.add(f"{path}.outer", "must be false for move_farmer (the centre) and true for the "
                                   "others (6.1.2)")
    if ring is not None and ring.get("start_covered") not in RING_ACTIONS[:4]:
        c.add("meditation.ring.start_covered", "must be an outer ring action")


def _check_farm(c: _Check, doc: dict) -> None:
    farm = c.obj(doc, "farm", "")
    if farm is None:
        return
    corners = c.list(farm, "corners", "farm", 4)
    basics = [g for g in GOOD_IDS if SEED_VALUES[g] == 1]
    if corners is not None and sorted(map(str, corners)) != sorted(basics):
        c.add("farm.corners", f"must be the four basic goods once each ({', '.join(basics)})")
    tracks = c.list(farm, "tracks", "farm", 4)
    covers_total = 0
    for i, (path, track) in enumerate(c.items(tracks, "farm.tracks")):
        if corners is not None and len(corners) == 4 and (
                track.get("from"), track.get("to")) != (corners[i], corners[(i + 1) % 4]):
            c.add(path, f"must run from corner {i + 1} to the next corner, clockwise "
                        f"({corners[i]} to {corners[(i + 1) % 4]})")
        spaces = c.int(track, "spaces", path, 1, 12)
        if spaces is None:
            continue
        start = c.int(track, "farmer_start", path, 1, spaces)
        covers = c.list(track, "covers", path)
        if covers is None:
            continue
        covers_total += len(covers)
        if len(set(map(str, covers))) != len(covers) or not all(
                isinstance(x, int) and not isinstance(x, bool) and 1 <= x <= spaces
                for x in covers):
            c.add(f"{path}.covers", f"must be different spaces from 1 to {spaces}")
        if start in covers:
            c.add(f"{path}.farmer_start", "must not be a space with a cover tile")
    cover_tiles = c.int(farm, "cover_tiles", "farm", 8, 8)
    if tracks is not None and cover_tiles is not None and covers_total != cover_tiles:
        c.add("farm.tracks", f"must print {cover_tiles} cover tiles in all, not {covers_total}")
    c.int(farm, "farmers", "farm", 4, 4)
    c.str(farm, "production_rule", "farm")
    c.int(farm, "production_min", "farm", 0, 0)
    c.int(farm, "production_max", "farm", 8, 8)


def _check_guilds(c: _Check, doc: dict) -> None:
    guilds = c.list(doc, "guilds", "", 3)
    if guilds is not None and [g.get("id") for g in guilds if isinstance(g, dict)] != list(GUILDS):
        c.add("guilds", f"must be {', '.join(GUILDS)} in that order")
    track = c.obj(doc, "influence_track", "")
    if track is None:
        return
    if track.get("same_for_every_guild") is not True:
        c.add("influence_track.same_for_every_guild", "must be true: the data holds one track "
                                                      "for the three guilds")
    start = c.int(track, "start", "influence_track", 0, 1)
    top = c.int(track, "top", "influence_track", 7, 30)
    rupees = c.list(track, "rupees", "influence_track", None if top is None else top + 1)
    if rupees is not None:
        if not all(isinstance(r, int) and not isinstance(r, bool) and 0 <= r <= 20
                   for r in rupees):
            c.add("influence_track.rupees", "must be whole numbers from 0 to 20")
        elif rupees != sorted(rupees):
            c.add("influence_track.rupees", "must not fall as the level rises")
    rewards = c.list(track, "favour_rewards", "influence_track")
    levels = []
    for path, reward in c.items(rewards, "influence_track.favour_rewards"):
        levels.append(c.int(reward, "level", path, (start or 0) + 1, top or 30))
        c.int(reward, "favour", path, 1, 5)
        c.bool(reward, "or_tile", path)
    if rewards is not None and levels != [3, 6]:
        c.add("influence_track.favour_rewards", "must be at levels 3 and 6 (6.2.2)")


def _check_orders(c: _Check, doc: dict) -> None:
    orders = c.obj(doc, "orders", "")
    if orders is None:
        return
    c.int(orders, "per_guild", "orders", 6, 6)
    c.int(orders, "goods_per_order", "orders", 2, 2)
    initial = c.int(orders, "initial_limit", "orders", 1, 6)
    markers = c.list(orders, "limit_markers", "orders", 3)
    limits = [m.get("limit") for m in markers or [] if isinstance(m, dict)]
    if markers is not None and (limits != [4, 5, 6] or [m.get("dock") for m in markers
                                                         if isinstance(m, dict)] != [3, 4, 5]):
        c.add("orders.limit_markers", "must place the limits 4, 5, 6 at docks 3, 4, 5 (7.1)")
    if initial is not None and initial >= 4:
        c.add("orders.initial_limit", "must be below the first limit marker (4)")
    entries = c.items(c.list(orders, "list", "orders", 18), "orders.list")
    positions: dict[str, list] = {g: [] for g in GUILDS}
    for path, order in entries:
        guild = c.str(order, "guild", path, GUILDS)
        position = c.int(order, "position", path, 1, 6)
        if guild is not None:
            positions[guild].append(position)
        goods = order.get("goods")
        if not isinstance(goods, list) or len(goods) != 2:
            c.add(f"{path}.goods", "must name 2 goods")
            continue
        for j, good in enumerate(goods):
            c.good(good, f"{path}.goods[{j}]")
    if entries:
        for guild, found in positions.items():
            if sorted(p for p in found if p is not None) != [1, 2, 3, 4, 5, 6]:
                c.add("orders.list", f"must give the {guild} positions 1 to 6 once each")


def _check_tribute(c: _Check, doc: dict) -> None:
    tribute = c.obj(doc, "tribute", "")
    if tribute is None:
        return
    bowls = c.items(c.list(tribute, "bowls", "tribute", 12), "tribute.bowls")
    goods, dice = [], {"left": [], "right": []}
    for i, (_, bowl) in enumerate(bowls):
        path = f"tribute.bowls[{bowl.get('good', i)}]"
        goods.append(c.good(bowl.get("good"), f"{path}.good"))
        half = c.str(bowl, "half", path, ("left", "right"))
        die = c.int(bowl, "die", path, 1, 6)
        if half is not None:
            dice[half].append(die)
    if bowls:
        if len(set(goods)) != len(goods):
            c.add("tribute.bowls", "must not give a good two bowls")
        if "curry" not in goods:
            c.add("tribute.bowls", "must include curry's bowl (Appendix I, #20)")
        for half, found in dice.items():
            if sorted(d for d in found if d is not None) != [1, 2, 3, 4, 5, 6]:
                c.add("tribute.bowls", f"must number the 6 bowls of the {half} half 1 to 6")
    scoring = c.list(tribute, "scoring", "tribute")
    if scoring is not None and scoring != [1, 3, 5]:
        c.add("tribute.scoring", "must be 1, 3, 5 for 1, 2, 3 tributes (8.0)")
    c.int(tribute, "each_further", "tribute", 3, 3)


def _check_river(c: _Check, doc: dict) -> None:
    river = c.obj(doc, "river", "")
    if river is None:
        return
    docks = c.items(c.list(river, "docks", "river", 6), "river.docks")
    for i, (path, dock) in enumerate(docks):
        path = f"river.docks[{i}]"
        if dock.get("dock") != i + 1:
            c.add(f"{path}.dock", f"must be {i + 1}: docks are numbered from 1 in order")
        levels = dock.get("levels")
        if not isinstance(levels, list) or any(lv not in LEVELS for lv in levels):
            c.add(f"{path}.levels", "must list notable levels (I-IV)")
        events = c.list(dock, "events", path)
        effects = []
        for j, event in enumerate(events or []):
            where = f"{path}.events[{j}]"
            effect = c.str(event, "effect", where, DOCK_EFFECTS)
            effects.append(effect)
            if effect in ("favour", "gown_bonus"):
                c.int(event, "amount", where, 1, 3)
            elif effect == "favour_per_cotton":
                c.int(event, "max", where, 1, 5)
            elif effect == "order_limit":
                c.int(event, "limit", where, 4, 6)
            elif effect == "good_by_cotton" and event.get("values") != [1, 2, 3]:
                c.add(f"{where}.values", "must be [1, 2, 3]: a good of value 1 / 2 / 3 for "
                                         "0 / 1 / 2+ cotton (7.1)")
        if events is not None and i < len(SEED_DOCK_EFFECTS) and (
                sorted(map(str, effects)) != sorted(SEED_DOCK_EFFECTS[i])):
            c.add(f"{path}.events", "must be the seed's events for this dock ("
                                    f"{', '.join(SEED_DOCK_EFFECTS[i]) or 'none'}; 7.1)")
        advance = dock.get("advance")
        if i == len(docks) - 1:
            if advance is not None:
                c.add(f"{path}.advance", "must be null at the last dock")
        elif not isinstance(advance, dict):
            c.add(f"{path}.advance", "must say which contracts move the boat on")
        else:
            c.str(advance, "level", f"{path}.advance", LEVELS)
            c.int(advance, "contracts", f"{path}.advance", 1, 5)
    limits = {_k(e.get("limit")): _k(d.get("dock")) for _, d in docks
              for e in _as_list(d.get("events"))
              if isinstance(e, dict) and e.get("effect") == "order_limit"}
    markers = (doc.get("orders") or {}).get("limit_markers") if isinstance(
        doc.get("orders"), dict) else None
    if docks and isinstance(markers, list) and limits != {
            _k(m.get("limit")): _k(m.get("dock")) for m in markers if isinstance(m, dict)}:
        c.add("river.docks", "must place the order limit markers where orders.limit_markers says")
    spaces = c.obj(river, "notable_spaces", "river")
    split = c.obj(river, "guild_split", "river")
    for players in ("2", "3", "4"):
        per_level = (spaces or {}).get(players)
        if not isinstance(per_level, dict) or sorted(per_level) != sorted(LEVELS):
            if spaces is not None:
                c.add(f"river.notable_spaces.{players}", "must give a count for levels I-IV")
            continue
        for level in LEVELS:
            c.int(per_level, level, f"river.notable_spaces.{players}", 1,
                  NOTABLES_PER_LEVEL[level])
        guilds = (split or {}).get(players)
        if split is not None and (not isinstance(guilds, list) or len(guilds) != 3 or sum(
                g for g in guilds if isinstance(g, int)) != sum(
                v for v in per_level.values() if isinstance(v, int))):
            c.add(f"river.guild_split.{players}", "must split the notables placed among 3 guilds")


def _check_notables(c: _Check, doc: dict) -> None:
    notables = c.obj(doc, "notables", "")
    if notables is None:
        return
    ranges = c.obj(notables, "levels", "notables")
    wanted = {"I": [1, 8], "II": [9, 15], "III": [16, 20], "IV": [21, 24]}
    if ranges is not None and ranges != wanted:
        c.add("notables.levels", "must number level I 1-8, II 9-15, III 16-20 and IV 21-24 "
                                 "(8 / 7 / 5 / 4)")
    if notables.get("contract_sizes") != [2, 3]:
        c.add("notables.contract_sizes", "must be [2, 3]: a contract asks 2 or 3 goods (7.4)")
    entries = c.items(c.list(notables, "list", "notables", 24), "notables.list")
    if entries and [n.get("id") for _, n in entries] != list(range(1, 25)):
        c.add("notables.list", "ids must be 1-24 in order")
    per_guild: Counter = Counter()
    for path, n in entries:
        nid = n.get("id")
        level = c.str(n, "level", path, LEVELS)
        if level is not None and isinstance(nid, int) and not (
                wanted[level][0] <= nid <= wanted[level][1]):
            c.add(f"{path}.level", f"must be the level of the numbers {wanted[level][0]}-"
                                   f"{wanted[level][1]}")
        c.str(n, "name_en", path)
        c.str(n, "name_zh_hant", path)
        per_guild[c.str(n, "guild", path, GUILDS)] += 1
        contract = n.get("contract")
        if not isinstance(contract, list) or len(contract) not in (2, 3):
            c.add(f"{path}.contract", "must name 2 or 3 goods, top to bottom (7.4)")
        else:
            for j, good in enumerate(contract):
                c.good(good, f"{path}.contract[{j}]")
            if len(set(map(str, contract))) != len(contract):
                c.add(f"{path}.contract", "must name different goods")
        ability = c.str(n, "ability", path, ABILITIES)
        generous = n.get("generous")
        if _k(nid) in SEED_NOTABLES and ability is not None and (
                (ability, generous) != SEED_NOTABLES[nid][:2]):
            c.add(path, f"must have the seed's ability ({SEED_NOTABLES[nid][0]}) and generous "
                        f"goods ({_show(SEED_NOTABLES[nid][1])}): Appendix I")
        if _k(nid) in SEED_NOTABLES and [n.get(t) for t in TIMINGS] != [
                t in SEED_NOTABLES[nid][2].split() for t in TIMINGS]:
            flags = ", ".join(f"{t} {str(t in SEED_NOTABLES[nid][2].split()).lower()}"
                              for t in TIMINGS)
            c.add(path, f"must have the seed's timing: {flags} (Appendix I)")
        if not isinstance(generous, dict):
            c.add(f"{path}.generous", "must be an object (good -> extra rupees)")
        else:
            for good, extra in generous.items():
                c.good(good, f"{path}.generous")
                if isinstance(extra, bool) or not isinstance(extra, int) or not 1 <= extra <= 3:
                    c.add(f"{path}.generous.{good}", "must be 1 to 3 extra rupees")
        for flag in TIMINGS:
            c.bool(n, flag, path)
    river = doc.get("river") if isinstance(doc.get("river"), dict) else {}
    splits = river.get("guild_split") if isinstance(river.get("guild_split"), dict) else {}
    split = splits.get("4")
    if entries and isinstance(split, list) and split and all(
            isinstance(s, int) for s in split):
        for guild in GUILDS:
            if per_guild[guild] < max(split):
                c.add("notables.list", f"must hold at least {max(split)} {guild} notables, "
                                       "enough for the 4-player split (2.1)")


def _check_rest(c: _Check, doc: dict) -> None:
    characters = c.list(doc, "characters", "", 4)
    if characters is not None and [x.get("id") for x in characters
                                   if isinstance(x, dict)] != list(CHARACTERS):
        c.add("characters", f"must be {', '.join(CHARACTERS)} in that order")
    markers = c.obj(doc, "price_markers", "")
    if markers is not None:
        c.int(markers, "count", "price_markers", 3, 3)
        faces = markers.get("faces")
        if not isinstance(faces, list) or len(faces) != 2 or any(
                f not in (1, -1) or isinstance(f, bool) for f in faces):
            c.add("price_markers.faces", "must be two faces, each +1 or -1 (5.2.1: a marker "
                                         "changes a value by 1)")
    coins = c.obj(doc, "rupee_coins", "")
    if coins is not None and {k: v for k, v in coins.items()
                              if not k.endswith(META_SUFFIXES) and k not in META_KEYS
                              } != RUPEE_COINS:
        c.add("rupee_coins", "must be 28 x 1, 15 x 2, 10 x 5, 10 x 10 and 6 x 20 (1.0)")
    per_player = c.obj(doc, "per_player", "")
    if per_player is not None:
        for key, value in (("workers", 10), ("farmers", 4), ("player_markers", 22),
                           ("influence_markers", 3), ("cover_tiles", 8), ("start_rupees", 2)):
            if per_player.get(key) != value:
                c.add(f"per_player.{key}", f"must be {value} (1.0, 2.2)")
    dice = c.obj(doc, "setup_dice", "")
    if dice is not None:
        merchant = c.obj(dice, "merchant", "setup_dice")
        if merchant is not None and merchant.get("from") != "quarry":
            c.add("setup_dice.merchant.from", "must be the quarry (2.1)")
        builder = c.obj(dice, "builder", "setup_dice")
        if builder is not None and builder.get("from") != "first_unbuilt":
            c.add("setup_dice.builder.from", "must be first_unbuilt (2.1)")
        orders = c.obj(dice, "orders", "setup_dice")
        if orders is not None and orders.get("positions_top_to_bottom") != [1, 2, 3, 4, 5, 6]:
            c.add("setup_dice.orders.positions_top_to_bottom", "must be 1-6: a die picks the "
                                                               "starting order (2.3)")
        for name, pawn in (("merchant", merchant), ("builder", builder)):
            rerolls = (pawn or {}).get("reroll")
            if pawn is not None and (not isinstance(rerolls, list) or any(
                    r not in range(1, 7) for r in rerolls)):
                c.add(f"setup_dice.{name}.reroll", "must list die results 1-6")


# ------------------------------------------------------------------ building the view

def read(document: Any) -> AgraData:
    """The view of a document; ``DataError`` lists every problem :func:`check_document`
    finds."""
    problems = check_document(document)
    if problems:
        raise DataError("the Agra data has problems: " + "; ".join(problems))
    return _build(document)


def _frozen(mapping: dict) -> Mapping:
    return MappingProxyType(mapping)


def _build(doc: dict) -> AgraData:
    gi = {g["id"]: i for i, g in enumerate(doc["goods"])}
    goods = tuple(Good(g["id"], i, g["name_en"], g["name_zh_hant"], g["chain"], g["tier"],
                       g["value"], g.get("build_value", 0)) for i, g in enumerate(doc["goods"]))
    arrows = [(gi[a["from"]], gi[a["to"]]) for a in doc["processing_arrows"]]
    processes_into = tuple(tuple(t for f, t in arrows if f == i) for i in range(len(goods)))
    processed_from = tuple(next((f for f, t in arrows if t == i), -1) for i in range(len(goods)))
    columns = doc["building_grid"]["columns"]
    place = {b: (x, y) for x, col in enumerate(columns) for y, b in enumerate(col)}
    buildings = tuple(
        Building(b["id"], i, b["name_en"], b.get("name_zh_hant", ""), b["kind"], gi[b["output"]],
                 gi[b["input"]] if "input" in b else -1, b["level"], b.get("cost", 0),
                 *place[b["id"]])
        for i, b in enumerate(doc["buildings"]))
    bi = {b.id: b.index for b in buildings}
    building_of = tuple(next(b.index for b in buildings if b.output == i)
                        for i in range(len(goods)))
    guild_index = {g: i for i, g in enumerate(GUILDS)}

    def favour(entry: dict) -> FavourAction:
        return FavourAction(str(entry["id"]), entry["need"], entry["pay"], entry["effect"],
                            entry["amount"], entry.get("phase", ""))

    med = doc["meditation"]
    ring = tuple(RingAction(a["id"], a["mp"] if isinstance(a["mp"], int) else 0,
                            a["mp"] if isinstance(a["mp"], str) else "", a["outer"])
                 for a in med["ring"]["actions"])
    farm = doc["farm"]
    track = doc["influence_track"]
    orders = doc["orders"]
    by_guild = tuple(
        tuple(sorted((Order(o["id"], guild_index[o["guild"]], o["position"],
                            (gi[o["goods"][0]], gi[o["goods"][1]]))
                      for o in orders["list"] if o["guild"] == g), key=lambda o: o.position))
        for g in GUILDS)
    river = doc["river"]

    def event(e: dict) -> DockEvent:
        return DockEvent(e["effect"], e.get("amount", 0), e.get("limit", 0), e.get("max", 0),
                         tuple(e.get("values", ())))

    docks = tuple(
        Dock(d["dock"], tuple(LEVELS.index(lv) + 1 for lv in d["levels"]),
             tuple(event(e) for e in d["events"]),
             LEVELS.index(d["advance"]["level"]) + 1 if d["advance"] else 0,
             d["advance"]["contracts"] if d["advance"] else 0)
        for d in river["docks"])
    notables = tuple(
        Notable(n["id"], LEVELS.index(n["level"]) + 1, n["name_en"], n["name_zh_hant"],
                guild_index[n["guild"]], tuple(gi[g] for g in n["contract"]), n["ability"],
                tuple((gi[g], r) for g, r in n["generous"].items()), n["immediate"],
                n["once_per_turn"], n["end_game"])
        for n in doc["notables"]["list"])
    return AgraData(
        goods=goods, good_index=_frozen(gi), processes_into=processes_into,
        processed_from=processed_from, buildings=buildings, building_index=_frozen(bi),
        building_of=building_of,
        reading_order=tuple(bi[b] for col in columns for b in col),
        bonus_tiles=tuple(
            BonusTile(t["id"], t["level"], guild_index.get(t["influence"], -1), t["favour"],
                      t["remove_cover"], t["rupees"]) for t in doc["building_bonus_tiles"]),
        starting_favour_actions=tuple(favour(a) for a in doc["favour"]["starting_actions"]),
        favour_tiles=tuple(favour(t) for t in doc["favour"]["tiles"]),
        favour_display=doc["favour"]["display"],
        max_favour_tiles=doc["favour"]["max_tiles_on_board"],
        meditation_levels=tuple(MeditationLevel(lv["id"], lv["mp"],
                                                tuple(gi[g] for g in lv["upgrade_cost"]))
                                for lv in med["levels"]),
        meditation_top_rupees=med["top_level_rupees"],
        bump_favour=(med["bump_favour"]["below_level_4"], med["bump_favour"]["from_level_4"]),
        ring=ring, ring_start_covered=med["ring"]["start_covered"],
        farm_corners=tuple(gi[g] for g in farm["corners"]),
        farm_tracks=tuple(FarmTrack(t["id"], gi[t["from"]], gi[t["to"]], t["spaces"],
                                    t["farmer_start"], tuple(t["covers"]))
                          for t in farm["tracks"]),
        production_max=farm["production_max"],
        guilds=GUILDS, influence_start=track["start"], influence_top=track["top"],
        influence_rupees=tuple(track["rupees"]),
        influence_favour=_frozen({r["level"]: r["favour"] for r in track["favour_rewards"]}),
        orders=by_guild, initial_order_limit=orders["initial_limit"],
        order_limit_docks=_frozen({m["dock"]: m["limit"] for m in orders["limit_markers"]}),
        bowls=tuple(Bowl(gi[b["good"]], b["half"], b["die"]) for b in doc["tribute"]["bowls"]),
        tribute_scoring=tuple(doc["tribute"]["scoring"]),
        tribute_each_further=doc["tribute"]["each_further"],
        docks=docks,
        notable_spaces=_frozen({int(p): tuple(v[lv] for lv in LEVELS)
                                for p, v in river["notable_spaces"].items()}),
        guild_split=_frozen({int(p): tuple(v) for p, v in river["guild_split"].items()}),
        notables=notables,
        price_marker_faces=tuple(doc["price_markers"]["faces"]),
        per_player=_frozen({k: v for k, v in doc["per_player"].items()
                            if isinstance(v, int)}),
        rupee_coins=_frozen({int(k): v for k, v in doc["rupee_coins"].items()
                             if isinstance(v, int)}),
        merchant_rerolls=tuple(doc["setup_dice"]["merchant"]["reroll"]),
        builder_rerolls=tuple(doc["setup_dice"]["builder"]["reroll"]),
    )


def shipped_text() -> str:
    return resources.files(__package__).joinpath("data/agra.json").read_text("utf-8")


def load_data(text: str | None = None) -> AgraData:
    """Load and check the shipped data (or ``text``, for tests of the checks)."""
    try:
        document = json.loads(shipped_text() if text is None else text)
    except json.JSONDecodeError as exc:
        raise DataError(f"agra.json is not valid JSON: {exc}") from None
    return read(document)


DOCUMENT = json.loads(shipped_text())  # the shipped document, as a DataSet shows it
DATA = read(DOCUMENT)
