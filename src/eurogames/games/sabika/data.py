"""Sabika's component data: the wheel, the tracks, the map and every card and tile.

The seed rulebook gives the rules and some of the numbers; almost every card, tile and board
value is printed only in pictures no source shows. ``data/sabika.json`` is a complete data set:
each value carries a status (``stated``, ``derived``, ``inferred`` or ``provisional``) and each
provisional value says how it was chosen (``data/README.md`` gives the method per family). This
module loads the shipped document (:data:`DOCUMENT`), checks any document
(:func:`check_document` lists every problem, each a sentence naming its path) and builds the
immutable view an engine indexes (:class:`SabikaData`, :data:`DATA`).

>>> DATA.material_value["marble"]
3
>>> [s.action for s in DATA.side_for(2).rings["middle"][:2]]
['export', 'production']
>>> DATA.round_paria[-1]
6
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
MATERIALS = ("plaster", "wood", "marble", "glazed_ceramic")
MATERIAL_VALUES = {"plaster": 1, "wood": 2, "marble": 3, "glazed_ceramic": 4}  # seed: 建材價值
GOODS = ("sugar", "pottery", "clothing")  # a raw/goods token is named by its goods side
WORKERS = ("master_builder", "merchant", "poet")
RINGS = ("outer", "middle", "inner")
RING_OF = {"master_builder": "outer", "merchant": "middle", "poet": "inner"}
RING_ACTIONS = {  # seed: 主要行動 of each ring
    "outer": ("quarry_small", "quarry_large", "warehouse", "market", "build"),
    "middle": ("export", "consolidate", "production"),
    "inner": ("carve_poem", "restart", "handcraft"),
}
ACTIONS = tuple(a for ring in RINGS for a in RING_ACTIONS[ring])
QUARRY_ACTIONS = ("quarry_small", "quarry_large")
SLOT_KINDS = {"raw": ("outer", "middle"), "material": ("middle", "inner")}  # seed: 次要行動
LARGE_TYPES = ("palace", "fountain", "gate")
SMALL_TYPES = ("garden", "tower", "window")
BUILDING_TYPES = LARGE_TYPES + SMALL_TYPES
CITY_COLOURS = ("blue", "red")
KNOWN_CITIES = ("florence", "ragusa", "constantinople", "cairo", "algiers", "venice")
HOME = "granada"
KNOWN_MAJORS = ("A1", "A2", "A3", "B1", "B2", "C3", "F1", "H4")
SOLO_ACTIONS = {"master_builder": ("large_building", "small_building", "warehouse"),
                "merchant": ("export", "consolidate"), "poet": ("carve_poem",)}
# what an effect may do, and the fields each kind needs (README, "Effects")
EFFECT_FIELDS: dict[str, tuple[str, ...]] = {
    "dinars": ("amount",), "points": ("amount",), "paria": ("amount",),
    "dinars_or_paria": ("amount",), "material": ("material", "amount"),
    "materials": ("from", "amount"), "raw": ("amount",), "goods": ("amount",),
    "process": ("amount",), "transactions": ("amount",), "favour": ("amount",),
    "action": ("action",), "city_reward": (), "large_building_bonus": (),
    "free_ship": ("goods",), "red_city_action": (), "choice": ("options",),
}
# when a blue poem's "on" ability fires
TRIGGERS = ("income", "chosen_start_player", "seal", "quarry", "build_with", "consolidate",
            "export", "expand_warehouse", "rest", "handcraft", "market", "large_building",
            "small_building", "balance", "carve_poem")
ABILITY_KINDS = ("on", "poem_cost_table", "goods_warehouse", "export_base")
# what scoring counts (major poems, trade cards, wishes, Yusuf's special icons)
COUNTS = ("poems", "blue_poems", "red_poems", "grey_poems", "large_buildings",
          "small_buildings", "building_types", "cities_with_ship", "consolidated_cities",
          "connected_ships", "seals", "storage_boxes", "balances", "favour", "paria", "dinars",
          "warehouse_expansions")
SCORING_KINDS = ("per", "rank", "sets")
CITY_CRITERIA = {"any": (), "region": ("region",), "regions": ("regions",),
                 "colour": ("colour",), "has_seal": (), "connected": (),
                 "min_route_dinars": ("dinars",)}
WISH_KINDS = ("building_type", "cities_with_ship", "consolidated_cities", "seals",
              "blue_poems", "red_poems", "poems")  # seed: 蘇丹的心願, 7 kinds
EVENT_CHANGES = {  # event id -> its change, as the seed's events table says
    1: {"market_buy_dinars": -1, "market_sell_dinars": 1}, 2: {"poem_dinars": -1},
    3: {"export_paria_per_goods": 1}, 4: {"same_material_repeats": True},
    5: {"tribute_paria": -1}, 6: {"poem_dinars": 1}, 7: {"material_points": -1},
    8: {"tribute_paria": 1}, 9: {"route_dinars": 1}, 10: {"consolidate_dinars": 1},
    11: {"free_steps": -1}, 12: {"dinars_per_other_players_worker": 1},
    13: {"secondary_dinars": 1}, 14: {"tribute_dinars": 1},
}
COMPONENT_COUNTS = {
    "main_board": 1, "workshop_board": 4, "building_material": 105, "small_building_card": 36,
    "balance_card": 4, "minor_poem_card": 22, "major_poem_card": 20, "trade_card": 8,
    "large_building_tile": 21, "warehouse_tile": 24, "starting_warehouse_tile": 16,
    "raw_goods_token": 24, "worker": 16, "sultans_worker": 8, "event_tile": 14,
    "solo_worker_card": 26, "solo_worker_tile": 4, "solo_action_board": 1, "city_tile": 12,
    "dinar_coin": 43, "seal": 9, "void_tile": 3, "start_player_marker": 1, "start_tile": 10,
    "wish_tile": 9, "ship": 36, "score_marker": 4, "favour_marker": 4, "paria_marker": 4,
    "narrator_marker": 1,
}
# keys that describe a value instead of being one: they need no status of their own
META_KEYS = {"id", "status", "how", "sources", "evidence", "note"}
META_SUFFIXES = ("_status", "_how", "_sources", "_evidence", "_note")
ROOT_META = {"game", "schema_version", "note", "status_values", "sources"}


class DataError(CoreDataError):
    """The component data fails one of its checks."""


# ------------------------------------------------------------------ the view an engine reads

@dataclass(frozen=True, slots=True)
class Effect:
    """One term of an effect; an effect is a tuple of terms done in order.

    ``kind`` is a key of :data:`EFFECT_FIELDS`; the fields it does not use keep their
    defaults. ``options`` holds the alternatives of a ``choice``."""

    kind: str
    amount: int = 0
    material: str = ""
    choices: tuple[str, ...] = ()  # the materials of a "materials" term
    action: str = ""
    goods: int = 0  # goods a "free_ship" may export
    options: tuple[tuple[Effect, ...], ...] = ()


@dataclass(frozen=True, slots=True)
class Ability:
    """A blue poem's permanent ability (kind ``on``: ``effect`` whenever ``when`` happens)."""

    kind: str
    when: str = ""
    effect: tuple[Effect, ...] = ()
    material: str = ""  # "build_with": the material that triggers it
    once_per: str = ""  # "building": at most once per building
    extra_max: int = 0  # poem_cost_table
    points_per_material: int = 0  # poem_cost_table
    boxes: int = 0  # goods_warehouse
    per_goods: tuple[Effect, ...] = ()  # goods_warehouse
    points: int = 0  # export_base
    paria: int = 0  # export_base


@dataclass(frozen=True, slots=True)
class Scoring:
    """How a major poem, trade card or Yusuf icon scores: ``per`` item of ``count`` (at most
    ``max`` when it is not 0), a ``rank`` by ``count``, or ``sets`` of the counts in ``of``."""

    kind: str
    count: str = ""
    points: int = 0
    max: int = 0
    of: tuple[str, ...] = ()
    region: str = ""  # only cities of this region count
    regions: tuple[str, ...] = ()
    colour: str = ""  # only cities with a tile of this colour count
    min_route_dinars: int = 0  # only cities at least this far from Granada count


@dataclass(frozen=True, slots=True)
class Space:
    id: str
    ring: str
    index: int  # 0-based, clockwise
    action: str
    amount: int  # materials a quarry gives; 0 elsewhere
    four_players_only: bool
    slot: str  # id of the secondary slot it touches, "" for none


@dataclass(frozen=True, slots=True)
class Slot:
    id: str
    kind: str  # raw / material
    spaces: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class DisplaySlot:
    id: str
    stack: str  # left / right
    space: str  # the warehouse space it borders
    distance: int  # 1 nearest


@dataclass(frozen=True, slots=True)
class BoardSide:
    id: str
    players: tuple[int, ...]
    rings: Mapping[str, tuple[Space, ...]]  # ring -> its spaces, clockwise
    spaces: Mapping[str, Space]  # space id -> Space
    slots: tuple[Slot, ...]
    warehouse_display: tuple[DisplaySlot, ...]
    sultans_workers: tuple[tuple[str, str], ...]  # (worker, space id)


@dataclass(frozen=True, slots=True)
class LargeBuilding:
    id: int
    era: int  # 1 or 2
    type: str
    bonus: tuple[Effect, ...]
    removed_with_two_players: bool


@dataclass(frozen=True, slots=True)
class SmallBuilding:
    id: int
    base: str
    type: str
    left: str  # pattern colour of the left half
    right: str


@dataclass(frozen=True, slots=True)
class WarehouseTile:
    id: int
    boxes: int
    bonus: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class City:
    id: str
    name_en: str
    name_zh_hant: str
    region: str


@dataclass(frozen=True, slots=True)
class CityTile:
    id: int
    colour: str  # blue: income; red: an action on consolidation
    demand: tuple[str, ...]
    first_export: tuple[Effect, ...]
    consolidation: tuple[Effect, ...]  # red tiles, else ()
    income: tuple[Effect, ...]  # blue tiles, else ()


@dataclass(frozen=True, slots=True)
class MinorPoem:
    id: int
    blue: tuple[Ability, ...]
    red: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class MajorPoem:
    id: str
    letter: str
    scoring: Scoring


@dataclass(frozen=True, slots=True)
class TradeCard:
    id: int
    scoring: Scoring
    city_criterion: tuple[str, str | int | tuple[str, ...]]  # (kind, its parameter or "")


@dataclass(frozen=True, slots=True)
class Wish:
    id: str
    letter: str
    condition: str  # one of WISH_KINDS
    types: tuple[str, ...]  # building types for "building_type"
    points: int


@dataclass(frozen=True, slots=True)
class Event:
    id: int
    colour: str
    changes: Mapping[str, int | bool]  # key -> change (a number, or True for a permission)


@dataclass(frozen=True, slots=True)
class WorkerCard:
    id: str
    worker: str
    space: str
    discard_secondary: bool
    actions: tuple[str, ...]
    points: int
    paria: int
    per: str  # "" or a count: 1 point per item


@dataclass(frozen=True, slots=True)
class Difficulty:
    id: str
    events: tuple[str, ...]  # colours of the events drawn
    bot_start_score: int


@dataclass(frozen=True, slots=True)
class SabikaData:
    """The component data as an engine indexes it: tuples by id - 1 where ids are numbers,
    read-only mappings elsewhere (every mapping is a ``MappingProxyType``)."""

    materials: tuple[str, ...]
    material_value: Mapping[str, int]
    goods: tuple[str, ...]
    sides: Mapping[str, BoardSide]  # side id -> BoardSide
    small_building_display: tuple[tuple[str, int, int], ...]  # (slot id, column, row)
    minor_display: Mapping[int, int]  # players -> cards shown
    major_display: Mapping[int, int]  # players -> cards drawn
    start_score: int
    start_dinars: tuple[int, ...]  # by turn position
    ships: int
    free_steps: int
    dinars_per_step: int
    dinars_per_worker: int
    rest_dinars: int
    rest_points: int
    secondary_dinars: Mapping[tuple[str, str], int]  # (slot kind, worker) -> dinars
    market_visit_dinars: int
    market_transactions: int
    market_buy: Mapping[str, int]  # material / "raw" -> dinars
    market_sell: Mapping[str, int]  # material / "goods" -> dinars
    export_goods_max: int
    export_per_goods: tuple[int, int]  # (points, paria) per goods exported
    export_demand_bonus: tuple[int, int]  # (points, paria) more per goods the city demands
    consolidate_earlier: tuple[int, int]  # (points, dinars) to each player consolidated before
    production_process_max: int
    handcraft_dinars: tuple[int, int]  # (base, per two poems)
    dinars_per_paria: int  # tribute: also 1 per step of the marker, seal or point
    round_paria: tuple[int, ...]  # paria due after rounds 1-5 (the last at the game end)
    wish_after_rounds: tuple[int, ...]
    era_two_from_round: int
    event_change_after_rounds: tuple[int, ...]
    paria_max: int
    favour_rewards: tuple[tuple[Effect, ...], ...]  # by space; 0 is the start
    large_buildings: tuple[LargeBuilding, ...]  # index = id - 1
    small_buildings: tuple[SmallBuilding, ...]  # index = id - 1
    colours: tuple[str, ...]
    balance_rewards: Mapping[str, tuple[Effect, ...]]  # colour -> effect
    balance_cards: tuple[str, ...]  # the fixed left colour of each balance card
    warehouse_tiles: tuple[WarehouseTile, ...]
    cities: tuple[City, ...]
    routes: Mapping[frozenset[str], int]  # frozenset({a, b}) -> dinars
    city_tiles: tuple[CityTile, ...]
    start_tiles: tuple[tuple[Effect, ...], ...]  # index = number - 1
    minor_poems: tuple[MinorPoem, ...]  # index = number - 1
    major_poems: tuple[MajorPoem, ...]
    ranking_rewards: Mapping[str, tuple[int, ...]]  # "default" / "two_players"
    two_players_sole_second: int
    trade_cards: tuple[TradeCard, ...]
    wishes: tuple[Wish, ...]
    events: tuple[Event, ...]  # index = id - 1
    bot_worker_tiles: tuple[str, ...]
    bot_cards: Mapping[str, tuple[WorkerCard, ...]]  # worker -> his deck's cards
    bot_storage_boxes: int
    difficulties: tuple[Difficulty, ...]

    def side_for(self, players: int) -> BoardSide:
        """The board side a game of ``players`` plays on (solo plays on the 1-2 side)."""
        return next(s for s in self.sides.values() if players in s.players)

    def route_cost(self, a: str, b: str) -> int:
        """Dinars of the route between two neighbouring places; 0 where there is none."""
        return self.routes.get(frozenset((a, b)), 0)


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
            self.add(_join(path, key), f"must be an object, not {_show(value)}")
            return None
        return value

    def list(self, parent: Any, key: str, path: str, length: int | None = None) -> list | None:
        value = parent.get(key) if isinstance(parent, dict) else None
        if not isinstance(value, list):
            self.add(_join(path, key), f"must be a list, not {_show(value)}")
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
            self.add(_join(path, key), f"must be one of {', '.join(map(str, choices))}, "
                                       f"not {value!r}")
            return None
        return value

    def bool(self, parent: Any, key: str, path: str) -> bool | None:
        value = parent.get(key) if isinstance(parent, dict) else None
        if not isinstance(value, bool):
            self.add(_join(path, key), f"must be true or false, not {_show(value)}")
            return None
        return value

    def equal(self, parent: Any, key: str, path: str, wanted: Any, why: str) -> None:
        """The value must be ``wanted``; for two objects, each differing key is named."""
        value = parent.get(key) if isinstance(parent, dict) else None
        if value == wanted:
            return
        if isinstance(value, dict) and isinstance(wanted, dict):
            for name in sorted(set(value) | set(wanted), key=str):
                if name.endswith(META_SUFFIXES) or name in META_KEYS:
                    continue
                self.equal(value, name, _join(path, key), wanted.get(name), why)
            return
        self.add(_join(path, key), f"must be {_show(wanted)} ({why}), not {_show(value)}")

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

    def ids(self, entries: list[tuple[str, dict]], path: str, wanted: list) -> None:
        got = [e.get("id") for _, e in entries]
        if got != wanted:
            self.add(path, f"ids must be {_range(wanted)} in order")

    def effect(self, value: Any, path: str, depth: int = 0) -> None:
        """An effect: a list of terms, each an object whose kind says which fields it needs."""
        if not isinstance(value, list):
            self.add(path, f"must be an effect (a list of terms), not {_show(value)}")
            return
        for i, term in enumerate(value):
            where = f"{path}[{i}]"
            if not isinstance(term, dict):
                self.add(where, "must be an object with a kind")
                continue
            kind = self.str(term, "kind", where, tuple(EFFECT_FIELDS))
            if kind is None:
                continue
            for key in EFFECT_FIELDS[kind]:
                if key == "amount":
                    self.int(term, key, where, 1, 9)
                elif key == "goods":
                    self.int(term, key, where, 0, 2)
                elif key == "material":
                    self.str(term, key, where, MATERIALS)
                elif key == "action":
                    self.str(term, key, where, ACTIONS)
                elif key == "from":
                    found = term.get("from")
                    if not isinstance(found, list) or not found or any(
                            m not in MATERIALS for m in found) or len(set(found)) != len(found):
                        self.add(f"{where}.from", "must list different materials "
                                                  f"({', '.join(MATERIALS)})")
                elif key == "options":
                    options = term.get("options")
                    if not isinstance(options, list) or len(options) < 2 or depth > 0:
                        self.add(f"{where}.options", "must list at least 2 effects to choose "
                                                     "from (no choice inside a choice)")
                    else:
                        for j, option in enumerate(options):
                            self.effect(option, f"{where}.options[{j}]", depth + 1)
                            if isinstance(option, list) and not option:
                                self.add(f"{where}.options[{j}]", "must not be empty")
            extra = set(term) - set(EFFECT_FIELDS[kind]) - {"kind"} - META_KEYS - {
                k for k in term if k.endswith(META_SUFFIXES)}
            if extra:
                self.add(where, f"has fields a {kind} term does not use: "
                                f"{', '.join(sorted(extra))}")

    def scoring(self, value: Any, path: str) -> None:
        if not isinstance(value, dict):
            self.add(path, "must be an object")
            return
        kind = self.str(value, "kind", path, SCORING_KINDS)
        if kind in ("per", "rank"):
            self.str(value, "count", path, COUNTS)
        if kind in ("per", "sets"):
            self.int(value, "points", path, 1, 20)
        if kind == "per" and "max" in value:
            self.int(value, "max", path, 1, 99)
        if kind == "sets":
            of = value.get("of")
            if not isinstance(of, list) or len(of) < 2 or any(c not in COUNTS for c in of):
                self.add(f"{path}.of", "must list at least 2 counts to make a set from")
        if "region" in value:
            self.str(value, "region", path, _regions(self.doc))
        if "regions" in value:
            regions = value.get("regions")
            if not isinstance(regions, list) or not regions or any(
                    r not in _regions(self.doc) for r in regions):
                self.add(f"{path}.regions", "must list regions of the map")
        if "colour" in value:
            self.str(value, "colour", path, CITY_COLOURS)
        if "min_route_dinars" in value:
            self.int(value, "min_route_dinars", path, 1, 20)


def _join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


def _show(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False) if not isinstance(value, str) else repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _range(values: list) -> str:
    if values and all(isinstance(v, int) for v in values) and values == list(
            range(values[0], values[0] + len(values))):
        return f"{values[0]}-{values[-1]}"
    return ", ".join(map(str, values))


def _regions(doc: Any) -> tuple[str, ...]:
    regions = (doc.get("map") or {}).get("regions") if isinstance(doc, dict) and isinstance(
        doc.get("map"), dict) else None
    return tuple(r for r in regions if isinstance(r, str)) if isinstance(regions, list) else ()


def _get(doc: Any, *keys: Any) -> Any:
    """doc[k1][k2]..., or None where the path does not exist."""
    for key in keys:
        if isinstance(doc, dict):
            doc = doc.get(key)
        elif isinstance(doc, list) and isinstance(key, int) and 0 <= key < len(doc):
            doc = doc[key]
        else:
            return None
    return doc


def check_document(document: Any) -> list[str]:
    """Every problem of a Sabika data document (schema, types, counts, cross-references,
    statuses), each a sentence that names its path; ``[]`` when it can be played."""
    if not isinstance(document, dict):
        return ["the document must be a JSON object"]
    c = _Check(document)
    if document.get("game") != "sabika":
        c.add("game", f"must be 'sabika', not {_show(document.get('game'))}")
    if document.get("schema_version") != 1:
        c.add("schema_version", f"must be 1, not {_show(document.get('schema_version'))}")
    statuses = document.get("status_values")
    if not isinstance(statuses, dict) or sorted(statuses) != sorted(STATUSES):
        c.add("status_values", f"must say what each status means ({', '.join(STATUSES)})")
    facts = c.obj(document, "game_facts", "")
    if facts is not None:
        c.equal(facts, "players", "game_facts", [1, 4], "the seed: 1-4 players")
        c.equal(facts, "bgg_id", "game_facts", 360265, "GO")
    for part in (_check_statuses, _check_components, _check_basics, _check_board,
                 _check_round_track, _check_tracks, _check_buildings, _check_balance,
                 _check_warehouses, _check_map, _check_city_tiles, _check_start_tiles,
                 _check_poems, _check_trade_cards, _check_wishes, _check_events, _check_solo):
        part(c, document)
    return c.problems


# ------------------------------------------------------------------ statuses

def _check_statuses(c: _Check, doc: dict) -> None:
    """Every value has a status: its own (``<field>_status``), else its object's
    (``status``), else the nearest enclosing one's. A provisional value says how it was
    chosen; any other names sources (its own ``<field>_sources``, else its object's
    ``sources``, else the nearest enclosing ones), each a key of the top-level sources."""
    sources = c.obj(doc, "sources", "")
    known = set(sources or ())
    for key, entry in (sources or {}).items():
        if not isinstance(entry, dict) or not isinstance(entry.get("what"), str) or not \
                isinstance(entry.get("where"), str):
            c.add(f"sources.{key}", "must say what the source is and where it is (what, where)")
    for key, value in doc.items():
        if key in ROOT_META or key.endswith(META_SUFFIXES):
            continue
        _walk_status(c, value, key, (None, None), known)


Inherited = tuple[str | None, list | None]  # (status, sources) of the enclosing value


def _declared(c: _Check, obj: dict, field: str | None, inherited: Inherited, known: set,
              path: str) -> Inherited:
    """The status and sources a field (or, with field None, the object itself) declares,
    checked with what it must carry; else the inherited ones."""
    prefix = "" if field is None else f"{field}_"
    status = obj.get(f"{prefix}status", inherited[0])
    named = obj.get(f"{prefix}sources", obj.get("sources", inherited[1]))
    if f"{prefix}sources" in obj:
        given = obj[f"{prefix}sources"]
        if not isinstance(given, list) or not given:
            c.add(f"{path}.{prefix}sources", f"must list source ids, not {_show(given)}")
        else:
            for name in given:
                if name not in known:
                    c.add(f"{path}.{prefix}sources", f"names {_show(name)}, which is not in "
                                                     "the top-level sources")
    if f"{prefix}status" not in obj:
        return status, named
    where = path if field is None else f"{path}.{field}"
    if status not in STATUSES:
        c.add(f"{path}.{prefix}status", f"must be one of {', '.join(STATUSES)}, not "
                                        f"{_show(status)}")
        return inherited
    if status == "provisional":
        how = obj.get(f"{prefix}how")
        if not isinstance(how, str) or not how.strip():
            c.add(f"{path}.{prefix}how", f"must say how the provisional value of {where} was "
                                         "chosen")
    elif not isinstance(named, list) or not named:
        c.add(f"{path}.{prefix}sources", f"must name the sources of the {status} value of "
                                         f"{where}")
    return status, named


def _walk_status(c: _Check, value: Any, path: str, inherited: Inherited, known: set) -> None:
    if value is None:
        c.add(path, "must not be null: give it a value (provisional, with how it was chosen, "
                    "where no source gives it)")
        return
    if isinstance(value, list):
        for i, item in enumerate(value):
            name = item.get("id", i) if isinstance(item, dict) else i
            _walk_status(c, item, f"{path}[{name}]", inherited, known)
        if not value and inherited[0] is None:
            c.add(path, "has no status: give it (or the object holding it) a status")
        return
    if not isinstance(value, dict):
        if inherited[0] is None:
            c.add(path, "has no status: give it (or the object holding it) a status")
        return
    own = _declared(c, value, None, inherited, known, path)
    for key, item in value.items():
        key = str(key)
        if key in META_KEYS or key.endswith(META_SUFFIXES):
            continue
        _walk_status(c, item, f"{path}.{key}", _declared(c, value, key, own, known, path), known)
    for key in map(str, value):
        suffix = next((x for x in META_SUFFIXES if key.endswith(x)), None)
        if suffix and key[: -len(suffix)] not in value:
            c.add(f"{path}.{key}", f"describes {key[: -len(suffix)]!r}, which the object does "
                                   "not hold")


# ------------------------------------------------------------------ the parts

def _check_components(c: _Check, doc: dict) -> None:
    comp = c.obj(doc, "components", "")
    if comp is None:
        return
    counts = c.obj(comp, "counts", "components")
    if counts is not None:
        for name, count in COMPONENT_COUNTS.items():
            if counts.get(name) != count:
                c.add(f"components.counts.{name}", f"must be {count} (the seed's component "
                                                   f"page), not {_show(counts.get(name))}")
        for name in sorted(set(counts) - set(COMPONENT_COUNTS)):
            c.add(f"components.counts.{name}", "is not a component of Sabika")
    coins = comp.get("dinar_coins")
    if coins != {"1": 28, "3": 10, "5": 5}:
        c.add("components.dinar_coins", "must be 28 x 1, 10 x 3 and 5 x 5 (NL)")
    if "materials_unlimited" in comp:  # a ruling, not a component value (option material_supply)
        c.add("components.materials_unlimited", "is a ruling, not data: the engine's option "
              "material_supply decides it (docs/rules/sabika.md, Q29)")
    names = c.obj(comp, "names_zh_hant", "components")
    if names is not None and counts is not None and sorted(names) != sorted(counts):
        c.add("components.names_zh_hant", "must name every component counted, and only those")
    editions = c.items(c.list(doc, "editions", ""), "editions")
    for path, edition in editions:
        languages = edition.get("languages")
        if not isinstance(languages, list) or not languages or not all(
                isinstance(x, str) and x for x in languages):
            c.add(f"{path}.languages", "must list the edition's languages")


def _check_basics(c: _Check, doc: dict) -> None:
    mats = c.obj(doc, "materials", "")
    if mats is not None:
        c.equal(mats, "order", "materials", list(MATERIALS), "the market table's order")
        c.equal(mats, "values", "materials", MATERIAL_VALUES, "the seed's material values")
        c.equal(mats, "supply", "materials",
                {"plaster": 30, "wood": 30, "marble": 25, "glazed_ceramic": 20},
                "the seed's component page")
    raw = c.obj(doc, "raw_goods", "")
    if raw is not None:
        types = c.items(c.list(raw, "types", "raw_goods", 3), "raw_goods.types")
        if [t.get("id") for _, t in types] != list(GOODS):
            c.add("raw_goods.types", f"ids must be {', '.join(GOODS)} in order")
        for path, t in types:
            c.int(t, "count", path, 8, 8)
    workers = c.obj(doc, "workers", "")
    if workers is not None:
        c.equal(workers, "rings", "workers", RING_OF, "the seed: each worker has its ring")
        c.equal(workers, "per_player", "workers",
                {"master_builder": 2, "merchant": 1, "poet": 1}, "the seed, player set-up O")
        c.equal(workers, "sultans_workers", "workers",
                {"master_builder": 4, "merchant": 2, "poet": 2}, "NL")
        c.equal(workers, "sultans_workers_players", "workers", [1, 2, 3],
                "the seed: no Sultan's workers with 4 players")
    start = c.obj(doc, "player_start", "")
    if start is not None:
        for key, value in (("score", 5), ("paria", 0), ("warehouses", 4),
                           ("warehouse_capacity_each", 1), ("balance_cards", 1),
                           ("ships_in_granada", 9), ("favour", 0)):
            c.equal(start, key, "player_start", value, "the seed's player set-up")
        dinars = start.get("starting_dinars_by_turn_position")
        if not isinstance(dinars, list) or len(dinars) != 4 or any(
                isinstance(d, bool) or not isinstance(d, int) or not 0 <= d <= 20
                for d in dinars):
            c.add("player_start.starting_dinars_by_turn_position",
                  "must give 4 amounts of 0-20 dinars, one per turn position")
    move = c.obj(doc, "movement", "")
    if move is not None:
        for key, value in (("free_steps", 2), ("dinars_per_extra_step", 1),
                           ("dinars_per_other_players_worker", 1),
                           ("dinars_per_sultans_worker", 1),
                           ("own_master_builders_share_space", False)):
            c.equal(move, key, "movement", value, "the seed, 工作 2-3")
    rest = c.obj(doc, "rest", "")
    if rest is not None:
        c.equal(rest, "dinars", "rest", 3, "the seed, 休息")
        c.equal(rest, "points", "rest", -1, "the seed, 休息")
    second = c.obj(doc, "secondary_actions", "")
    if second is not None:
        for kind, (a, b) in SLOT_KINDS.items():
            slot = c.obj(second, kind, "secondary_actions")
            if slot is not None:
                c.equal(slot, "between", f"secondary_actions.{kind}", [a, b], "the seed, 次要行動")
        c.equal(second.get("raw"), "dinars", "secondary_actions.raw",
                {"master_builder": 1, "merchant": 0}, "the seed, 次要行動")
        c.equal(second.get("material"), "dinars", "secondary_actions.material",
                {"merchant": 2, "poet": 1}, "the seed, 次要行動")
    market = c.obj(doc, "market", "")
    if market is not None:
        c.equal(market, "dinars_on_visit", "market", 2, "the seed, 市場行動")
        c.equal(market, "transactions", "market", 2, "the seed, 市場行動")
        c.equal(market, "buy", "market", {"plaster": 1, "wood": 1, "marble": 2,
                                          "glazed_ceramic": 3, "raw": 1}, "the seed, 購買")
        c.equal(market, "sell", "market", {"plaster": 1, "wood": 2, "marble": 3,
                                           "glazed_ceramic": 4, "goods": 3}, "the seed, 販賣")
    costs = c.obj(doc, "costs", "")
    if costs is not None:
        c.equal(costs, "poem_dinars", "costs", {"blue": [1, 1], "red": [2, 2], "grey": [4, 4]},
                "the seed, 雕刻詩歌 A")
        c.equal(costs, "max_grey_poems", "costs", 2, "the seed")
        c.equal(costs, "warehouse_expansion_points", "costs", [1, 2], "the seed, 擴建倉庫")
        for kind, extra in (("large_building", 2), ("small_building", 2), ("poem", 1)):
            cost = c.obj(costs, kind, "costs")
            if cost is not None:
                c.equal(cost, "extra_max", f"costs.{kind}", extra, "the seed's cost tables")
                c.equal(cost, "max_per_type", f"costs.{kind}", 1, "the seed's cost tables")
    actions = c.obj(doc, "actions", "")
    if actions is not None:
        c.equal(actions, "export", "actions", {
            "goods_min": 1, "goods_max": 2, "points_per_goods": 1, "paria_per_goods": 1,
            "demand_points": 1, "demand_paria": 1}, "the seed, 出口行動 4")
        c.equal(actions, "consolidate", "actions", {"earlier_points": 1, "earlier_dinars": 1},
                "the seed, 鞏固行動 3")
        c.equal(actions, "production", "actions", {"city_rewards": 1, "process_max": 2},
                "the seed, 生產行動")
        c.equal(actions, "handcraft", "actions", {"dinars": 3, "dinars_per_two_poems": 1},
                "the seed, 手作行動")
        c.equal(actions, "favour_last_space_points", "actions", 1, "the seed, 蘇丹的恩惠")
    tribute = c.obj(doc, "tribute", "")
    if tribute is not None:
        for key, value in (("paria_per_step", 1), ("dinars_per_paria", 2),
                           ("seals_per_paria", 1), ("points_per_paria", 1)):
            c.equal(tribute, key, "tribute", value, "the seed, 進貢")
    seals = c.obj(doc, "seals", "")
    if seals is not None:
        for key, value in (("count", 9), ("per_city", 1), ("as_dinars", 1), ("as_paria", 1)):
            c.equal(seals, key, "seals", value, "the seed, 印章")
    end = c.obj(doc, "end_scoring", "")
    if end is not None:
        for key, value in (("per_seal", 1), ("per_goods", 1), ("per_marble", 1),
                           ("per_glazed_ceramic", 1), ("dinars_per_point", 2)):
            c.equal(end, key, "end_scoring", value, "the seed, 剩餘的印章、資源和第納爾")


def _check_board(c: _Check, doc: dict) -> None:
    board = c.obj(doc, "board", "")
    if board is None:
        return
    sides = c.items(c.list(board, "sides", "board", 2), "board.sides")
    if [s.get("id") for _, s in sides] != ["1-2", "3-4"]:
        c.add("board.sides", "ids must be 1-2, 3-4 in order (the seed: a double-sided board)")
    for path, side in sides:
        _check_side(c, side, path)
    display = c.items(c.list(board, "small_building_display", "board", 4),
                      "board.small_building_display")
    places = set()
    for path, slot in display:
        col = c.int(slot, "column", path, 1, 4)
        row = c.int(slot, "row", path, 1, 4)
        if (col, row) in places:
            c.add(path, "must not share a column and row with another slot")
        places.add((col, row))
    c.equal(board, "minor_poem_display_by_players", "board", {"1": 3, "2": 3, "3": 4, "4": 5},
            "the seed, set-up J (solo as 2 players)")
    c.equal(board, "major_poem_display_by_players", "board", {"1": 4, "2": 4, "3": 6, "4": 8},
            "the seed, set-up K")


def _check_side(c: _Check, side: dict, path: str) -> None:
    players = side.get("players")
    if players not in ([1, 2], [3, 4]):
        c.add(f"{path}.players", "must be [1, 2] or [3, 4]")
    rings = c.obj(side, "rings", path)
    spaces: dict[str, tuple[str, dict]] = {}
    four_only = 0
    for ring in RINGS:
        entries = c.items(c.list(rings, ring, f"{path}.rings"), f"{path}.rings.{ring}")
        if rings is not None and isinstance(rings.get(ring), list) and not 4 <= len(
                rings[ring]) <= 12:
            c.add(f"{path}.rings.{ring}", "must hold 4 to 12 spaces")
        seen = set()
        for where, space in entries:
            sid = c.str(space, "id", where)
            if sid in spaces:
                c.add(where, f"repeats the space id {sid!r}")
            spaces[sid] = (ring, space)
            action = c.str(space, "action", where, RING_ACTIONS[ring])
            seen.add(action)
            if action in QUARRY_ACTIONS:
                c.int(space, "amount", where, 1, 6)
            elif "amount" in space:
                c.add(f"{where}.amount", "belongs only to a quarry")
            if "four_players_only" in space and c.bool(space, "four_players_only", where):
                four_only += 1
        missing = [a for a in RING_ACTIONS[ring] if a not in seen]
        if entries and missing:
            c.add(f"{path}.rings.{ring}", f"must offer every action of its ring; missing "
                                          f"{', '.join(missing)}")
    wanted = 3 if players == [3, 4] else 0
    if rings is not None and four_only != wanted:
        c.add(f"{path}.rings", f"must mark {wanted} spaces four_players_only (the seed: 3 void "
                               f"tiles on the 3-4 side), not {four_only}")
    touched: Counter = Counter()
    for where, slot in c.items(c.list(side, "secondary_slots", path), f"{path}.secondary_slots"):
        kind = c.str(slot, "kind", where, tuple(SLOT_KINDS))
        on = slot.get("spaces")
        if not isinstance(on, list) or not on:
            c.add(f"{where}.spaces", "must list the spaces it touches")
            continue
        for sid in on:
            if sid not in spaces:
                c.add(f"{where}.spaces", f"names {_show(sid)}, which is not a space of this side")
            elif kind is not None and spaces[sid][0] not in SLOT_KINDS[kind]:
                c.add(f"{where}.spaces", f"names {sid}, which is not on the "
                                         f"{' or '.join(SLOT_KINDS[kind])} ring")
            touched[sid] += 1
    for sid, n in touched.items():
        if n > 1:
            c.add(f"{path}.secondary_slots", f"must give space {sid} at most one slot")
    stacks: Counter = Counter()
    for where, slot in c.items(c.list(side, "warehouse_display", path, 4),
                               f"{path}.warehouse_display"):
        stacks[c.str(slot, "stack", where, ("left", "right"))] += 1
        sid = slot.get("space")
        if sid not in spaces or spaces[sid][1].get("action") != "warehouse":
            c.add(f"{where}.space", f"must name a warehouse space, not {_show(sid)}")
        c.int(slot, "distance", where, 1, 4)
    if stacks and stacks != Counter({"left": 2, "right": 2}):
        c.add(f"{path}.warehouse_display", "must hold 2 slots per stack (the seed, set-up H)")
    workers: Counter = Counter()
    for where, sw in c.items(c.list(side, "sultans_workers", path), f"{path}.sultans_workers"):
        worker = c.str(sw, "worker", where, WORKERS)
        workers[worker] += 1
        sid = sw.get("space")
        if sid not in spaces:
            c.add(f"{where}.space", f"names {_show(sid)}, which is not a space of this side")
        elif worker is not None and spaces[sid][0] != RING_OF[worker]:
            c.add(f"{where}.space", f"must be on the {RING_OF[worker]} ring")
        elif spaces[sid][1].get("four_players_only"):
            c.add(f"{where}.space", "must not be a four-players-only space (no Sultan's "
                                    "workers with 4 players)")
    if side.get("sultans_workers") is not None and workers != Counter(
            {"master_builder": 4, "merchant": 2, "poet": 2}):
        c.add(f"{path}.sultans_workers", "must place the 8 Sultan's workers, 4 / 2 / 2 (NL)")


def _check_round_track(c: _Check, doc: dict) -> None:
    track = c.obj(doc, "round_track", "")
    if track is None:
        return
    c.equal(track, "rounds", "round_track", 5, "the seed: five rounds")
    positions = c.items(c.list(track, "positions", "round_track", 6), "round_track.positions")
    if [p.get("position") for _, p in positions] != list(range(1, 7)):
        c.add("round_track.positions", "must be positions 1-6 in order")
    changes = 0
    for i, (path, p) in enumerate(positions):
        era = "I" if i < 2 else "II"
        if p.get("era") != era:
            c.add(f"{path}.era", f"must be {era} (the seed: rounds 1-2 era I, 3-5 era II)")
        if i < 5 and p.get("round") != i + 1:
            c.add(f"{path}.round", f"must be {i + 1}")
        if i == 0:
            if "paria" in p:
                c.add(f"{path}.paria", "must not be set: no tribute is due before round 1 ends")
        else:
            c.int(p, "paria", path, 0, 12)
        if bool(p.get("wish")) != (i in (1, 3, 5)):
            c.add(f"{path}.wish", "must be set exactly on positions 2, 4 and 6 (wishes after "
                                  "rounds 1, 3 and 5)")
        if bool(p.get("era_change")) != (i == 2):
            c.add(f"{path}.era_change", "must be set exactly on position 3 (era II from "
                                        "round 3)")
        if p.get("event_change"):
            changes += 1
            if i in (0, 5):
                c.add(f"{path}.event_change", "must be on positions 2-5: an event changes "
                                              "between rounds")
        if bool(p.get("final")) != (i == 5):
            c.add(f"{path}.final", "must be set exactly on position 6 (the game end)")
    if positions and len(positions) == 6 and positions[5][1].get("paria") != 6:
        c.add("round_track.positions[5].paria", "must be 6 (the seed: 6 paria at the game end)")
    events = _get(doc, "events", "changes")
    if positions and changes != events:
        c.add("round_track.positions", f"must mark {_show(events)} event changes "
                                       f"(events.changes), not {changes}")


def _check_tracks(c: _Check, doc: dict) -> None:
    tracks = c.obj(doc, "tracks", "")
    if tracks is not None:
        low = c.int(tracks, "score_min", "tracks", -999, 0)
        high = c.int(tracks, "score_max", "tracks", 100, 9999)
        c.int(tracks, "paria_min", "tracks", 0, 0)
        c.int(tracks, "paria_max", "tracks", 10, 99)
        c.int(tracks, "favour_start", "tracks", 0, 0)
        if low is not None and high is not None and low >= high:
            c.add("tracks", "must have score_min below score_max")
    tower = c.obj(doc, "tower", "")
    if tower is not None:
        c.equal(tower, "slots", "tower", 3, "the seed: 3 wishes in the tower")
        c.str(tower, "points_printed_on", "tower", ("tiles", "tower"))
    favour = c.obj(doc, "favour_track", "")
    if favour is None:
        return
    spaces = c.items(c.list(favour, "spaces", "favour_track"), "favour_track.spaces")
    if spaces and [s.get("space") for _, s in spaces] != list(range(len(spaces))):
        c.add("favour_track.spaces", "must number the spaces 0 (the start) up, in order")
    if spaces and not 3 <= len(spaces) <= 15:
        c.add("favour_track.spaces", "must hold 3 to 15 spaces")
    for i, (path, space) in enumerate(spaces):
        last = i == len(spaces) - 1
        c.effect(space.get("reward"), f"{path}.reward")
        if i == 0 and space.get("reward") != []:
            c.add(f"{path}.reward", "must be empty: the start space gives nothing")
        if i > 0 and space.get("reward") == []:
            c.add(f"{path}.reward", "must give something")
        if bool(space.get("last")) != last:
            c.add(f"{path}.last", "must be set on the last space only")
        if last and space.get("reward") != [{"kind": "points", "amount": 1}]:
            c.add(f"{path}.reward", "must be 1 point (the seed: the last space gives 1 point)")


def _check_buildings(c: _Check, doc: dict) -> None:
    large = c.obj(doc, "large_buildings", "")
    if large is not None:
        c.equal(large, "types", "large_buildings", list(LARGE_TYPES), "the seed: 宮殿 噴泉 門")
        tiles = c.items(c.list(large, "tiles", "large_buildings", 21), "large_buildings.tiles")
        c.ids(tiles, "large_buildings.tiles", list(range(1, 22)))
        eras: Counter = Counter()
        removed = 0
        for path, t in tiles:
            era = c.str(t, "era", path, ("I", "II"))
            eras[era] += 1
            c.str(t, "type", path, LARGE_TYPES)
            c.effect(t.get("bonus"), f"{path}.bonus")
            if t.get("bonus") == []:
                c.add(f"{path}.bonus", "must give a bonus")
            if c.bool(t, "removed_with_two_players", path):
                removed += 1
                if era != "II":
                    c.add(f"{path}.removed_with_two_players", "must be false for an era I tile "
                                                              "(the seed: blue tiles are marked)")
            if isinstance(t.get("id"), int) and era is not None and (era == "I") != (
                    t["id"] <= 9):
                c.add(f"{path}.era", "must be I for tiles 1-9 and II for 10-21")
        if tiles and (eras["I"], eras["II"]) != (9, 12):
            c.add("large_buildings.tiles", "must hold 9 era I and 12 era II tiles (the seed)")
        if tiles and removed != 3:
            c.add("large_buildings.tiles", f"must mark 3 tiles removed with two players (12 -> 9, "
                                           f"the seed), not {removed}")
    small = c.obj(doc, "small_buildings", "")
    if small is None:
        return
    c.equal(small, "types", "small_buildings", list(SMALL_TYPES), "the seed: 花園 塔樓 窗戶")
    c.equal(small, "display", "small_buildings", 4, "the seed, set-up I")
    colours = _get(doc, "balance", "colours")
    colours = tuple(colours) if isinstance(colours, list) else ()
    cards = c.items(c.list(small, "cards", "small_buildings", 36), "small_buildings.cards")
    c.ids(cards, "small_buildings.cards", list(range(1, 37)))
    for path, card in cards:
        c.str(card, "base", path, ("plaster", "wood", "marble"))
        c.str(card, "type", path, SMALL_TYPES)
        for half in ("left", "right"):
            c.str(card, half, path, colours)


def _check_balance(c: _Check, doc: dict) -> None:
    balance = c.obj(doc, "balance", "")
    if balance is None:
        return
    colours = c.list(balance, "colours", "balance", 4)
    colours = colours if isinstance(colours, list) else []
    if len(set(map(str, colours))) != len(colours) or not all(
            isinstance(x, str) and x and x != "wild" for x in colours):
        c.add("balance.colours", "must name 4 different colours (and none 'wild')")
    rewards = c.items(c.list(balance, "rewards", "balance", 4), "balance.rewards")
    kinds = [[t.get("kind") for t in r.get("effect", []) if isinstance(t, dict)]
             if isinstance(r.get("effect"), list) else [] for _, r in rewards]
    if rewards and kinds != [["dinars_or_paria"], ["choice"], ["choice"], ["dinars", "action"]]:
        c.add("balance.rewards", "must be the seed's four rewards in its order (4 dinars or "
                                 "paria; raw and goods or export; plaster and glazed ceramic or "
                                 "a poem; 1 dinar then a warehouse action)")
    given = []
    for path, r in rewards:
        given.append(c.str(r, "colour", path, tuple(colours)))
        c.effect(r.get("effect"), f"{path}.effect")
    if rewards and sorted(map(str, given)) != sorted(map(str, colours)):
        c.add("balance.rewards", "must give each colour exactly one reward")
    cards = c.items(c.list(balance, "cards", "balance", 4), "balance.cards")
    c.ids(cards, "balance.cards", [1, 2, 3, 4])
    for path, card in cards:
        c.str(card, "left", path, tuple(colours))
        c.equal(card, "right", path, "wild", "the seed: the right half is a wild ?")


def _check_warehouses(c: _Check, doc: dict) -> None:
    ware = c.obj(doc, "warehouses", "")
    if ware is None:
        return
    c.equal(ware, "stacks", "warehouses", 2, "the seed, set-up H")
    c.equal(ware, "display", "warehouses", 4, "the seed, set-up H")
    c.equal(ware, "starting_tile_boxes", "warehouses", 1, "the seed: capacity 1 each")
    tiles = c.items(c.list(ware, "tiles", "warehouses", 24), "warehouses.tiles")
    c.ids(tiles, "warehouses.tiles", list(range(1, 25)))
    for path, t in tiles:
        c.int(t, "boxes", path, 1, 4)
        c.effect(t.get("bonus"), f"{path}.bonus")
        if t.get("bonus") == []:
            c.add(f"{path}.bonus", "must give a bonus (the seed: a warehouse tile's bonus is "
                                   "taken when placed)")


def _shortest(routes: dict[frozenset, int], start: str, skip: str | None = None) -> dict:
    """Cheapest dinars from ``start`` to every place (never through ``skip``)."""
    best = {start: 0}
    todo = [start]
    while todo:
        todo.sort(key=best.get, reverse=True)
        here = todo.pop()
        for pair, cost in routes.items():
            if here in pair and len(pair) == 2:
                (there,) = pair - {here}
                if there == skip:
                    continue
                if best[here] + cost < best.get(there, 1 << 30):
                    best[there] = best[here] + cost
                    todo.append(there)
    return best


def _check_map(c: _Check, doc: dict) -> None:
    mp = c.obj(doc, "map", "")
    if mp is None:
        return
    c.equal(mp, "home", "map", HOME, "the seed: ships start in the Kingdom of Granada")
    c.equal(mp, "home_connects_ships", "map", False, "the seed, H4*")
    regions = _regions(doc)
    if len(regions) != 3:
        c.add("map.regions", "must name 3 regions (the seed: Europe, the Maghreb, the Near East)")
    cities = c.items(c.list(mp, "cities", "map", 9), "map.cities")
    ids = [x.get("id") for _, x in cities]
    if len(set(map(str, ids))) != len(ids) or HOME in ids:
        c.add("map.cities", "ids must be different, and none 'granada'")
    for name in KNOWN_CITIES:
        if cities and name not in ids:
            c.add("map.cities", f"must include {name} (the seed names it)")
    for path, city in cities:
        c.str(city, "name_en", path)
        c.str(city, "name_zh_hant", path)
        c.str(city, "region", path, regions)
    places = {*map(str, ids), HOME}
    routes: dict[frozenset, int] = {}
    for path, r in c.items(c.list(mp, "routes", "map"), "map.routes"):
        between = r.get("between")
        cost = c.int(r, "dinars", path, 1, 9)
        if not isinstance(between, list) or len(between) != 2 or between[0] == between[1] or \
                any(b not in places for b in between):
            c.add(f"{path}.between", "must name two different places of the map")
            continue
        pair = frozenset(between)
        if pair in routes:
            c.add(f"{path}.between", "repeats a route")
        routes[pair] = cost or 1
    if not routes:
        return
    for a, b in (("florence", "ragusa"), ("ragusa", "constantinople")):
        if routes.get(frozenset((a, b))) != 2:
            c.add("map.routes", f"must join {a} and {b} at 2 dinars (the seed's export example)")
    reach = _shortest(routes, HOME)
    for city in ids:
        if city not in reach:
            c.add("map.routes", f"must let ships reach {city} from Granada")
    group = ("florence", "cairo", "ragusa", "constantinople", "venice")
    if all(x in ids for x in group):
        inner = {p: v for p, v in routes.items() if p <= set(group)}
        if set(_shortest(inner, "florence")) != set(group):
            c.add("map.routes", "must link Florence, Cairo, Ragusa, Constantinople and Venice "
                                "among themselves (the seed, H4* example)")
        for city in group:
            if frozenset(("algiers", city)) in routes:
                c.add("map.routes", f"must not join Algiers and {city} (the seed, H4* example: "
                                    "Algiers is cut off from those cities)")
        if reach.get("constantinople", 99) < 4:
            c.add("map.routes", "must make Constantinople cost at least 4 dinars from Granada "
                                "(the seed's example exports there from Florence for 4)")


def _check_city_tiles(c: _Check, doc: dict) -> None:
    ct = c.obj(doc, "city_tiles", "")
    if ct is None:
        return
    c.equal(ct, "in_play", "city_tiles", 9, "the seed, set-up L")
    tiles = c.items(c.list(ct, "tiles", "city_tiles", 12), "city_tiles.tiles")
    c.ids(tiles, "city_tiles.tiles", list(range(1, 13)))
    for path, t in tiles:
        colour = c.str(t, "colour", path, CITY_COLOURS)
        demand = t.get("demand")
        if not isinstance(demand, list) or not demand or any(g not in GOODS for g in demand):
            c.add(f"{path}.demand", f"must list the goods the city demands ({', '.join(GOODS)})")
        c.effect(t.get("first_export"), f"{path}.first_export")
        if colour == "red":
            c.effect(t.get("consolidation_action"), f"{path}.consolidation_action")
            if "income" in t:
                c.add(f"{path}.income", "belongs only to a blue city")
        elif colour == "blue":
            c.effect(t.get("income"), f"{path}.income")
            if "consolidation_action" in t:
                c.add(f"{path}.consolidation_action", "belongs only to a red city")
    if tiles and not any(t.get("colour") == "red" and t.get("consolidation_action") == [
            {"kind": "action", "action": "build"}] for _, t in tiles):
        c.add("city_tiles.tiles", "must include a red city whose consolidation is a build "
                                  "(the seed's Cairo example)")
    if tiles and not any("clothing" in (t.get("demand") or []) and t.get("first_export") == [
            {"kind": "materials", "amount": 1, "from": list(MATERIALS)}] for _, t in tiles):
        c.add("city_tiles.tiles", "must include a city demanding clothing whose reward is 1 "
                                  "material of any kind (the seed's Constantinople example)")


def _check_start_tiles(c: _Check, doc: dict) -> None:
    start = c.obj(doc, "start_tiles", "")
    if start is None:
        return
    c.equal(start, "drawn", "start_tiles", 2, "the seed, set-up T")
    c.equal(start, "kept", "start_tiles", 1, "the seed, set-up T")
    tiles = c.items(c.list(start, "tiles", "start_tiles", 10), "start_tiles.tiles")
    c.ids(tiles, "start_tiles.tiles", list(range(1, 11)))
    for path, t in tiles:
        c.effect(t.get("bonus"), f"{path}.bonus")


def _check_ability(c: _Check, value: Any, path: str) -> None:
    if not isinstance(value, list) or not value:
        c.add(path, "must list one or more abilities")
        return
    for i, ab in enumerate(value):
        where = f"{path}[{i}]"
        if not isinstance(ab, dict):
            c.add(where, "must be an object with a kind")
            continue
        kind = c.str(ab, "kind", where, ABILITY_KINDS)
        if kind == "on":
            when = c.str(ab, "when", where, TRIGGERS)
            c.effect(ab.get("effect"), f"{where}.effect")
            if when == "build_with":
                c.str(ab, "material", where, MATERIALS)
            if "once_per" in ab:
                c.str(ab, "once_per", where, ("building",))
        elif kind == "poem_cost_table":
            c.int(ab, "extra_max", where, 1, 4)
            c.int(ab, "points_per_material", where, 0, 4)
        elif kind == "goods_warehouse":
            c.int(ab, "boxes", where, 1, 4)
            c.effect(ab.get("per_goods"), f"{where}.per_goods")
        elif kind == "export_base":
            c.int(ab, "points", where, 1, 4)
            c.int(ab, "paria", where, 1, 4)


def _check_poems(c: _Check, doc: dict) -> None:
    poems = c.obj(doc, "poems", "")
    if poems is None:
        return
    rewards = c.obj(poems, "ranking_rewards", "poems")
    if rewards is not None:
        c.equal(rewards, "default", "poems.ranking_rewards", [14, 9, 6], "the seed: 14/9/6")
        c.equal(rewards, "two_players", "poems.ranking_rewards", [14, 6],
                "the seed: the 2nd-place reward is ignored with 2 players")
    c.int(poems, "two_players_sole_second", "poems", 0, 14)
    c.str(poems, "after_tie", "poems", ("competition", "dense"))
    c.str(poems, "solo_uses", "poems", ("two_players", "default"))
    minors = c.items(c.list(poems, "minor", "poems", 22), "poems.minor")
    c.ids(minors, "poems.minor", list(range(1, 23)))
    for path, card in minors:
        _check_ability(c, card.get("blue"), f"{path}.blue")
        c.effect(card.get("red"), f"{path}.red")
        if card.get("red") == []:
            c.add(f"{path}.red", "must do something")
    majors = c.items(c.list(poems, "major", "poems", 20), "poems.major")
    ids = [m.get("id") for _, m in majors]
    if len(set(map(str, ids))) != len(ids):
        c.add("poems.major", "ids must be different")
    for known in KNOWN_MAJORS:
        if majors and known not in ids:
            c.add("poems.major", f"must include {known} (the seed names it)")
    letters = set()
    for path, m in majors:
        mid = m.get("id")
        if not isinstance(mid, str) or len(mid) != 2 or not mid[0].isupper() or \
                not mid[1].isdigit():
            c.add(f"{path}.id", "must be a capital letter and a digit, as A1")
        elif m.get("letter") != mid[0]:
            c.add(f"{path}.letter", f"must be {mid[0]}, the id's letter")
        letters.add(m.get("letter"))
        c.scoring(m.get("scoring"), f"{path}.scoring")
    if majors and len(letters) < 8:
        c.add("poems.major", f"must use at least 8 letters (4 players draw 8 majors of "
                             f"different letters), not {len(letters)}")


def _check_trade_cards(c: _Check, doc: dict) -> None:
    trade = c.obj(doc, "trade_cards", "")
    if trade is None:
        return
    c.equal(trade, "in_play", "trade_cards", 1, "the seed, set-up M")
    cards = c.items(c.list(trade, "cards", "trade_cards", 8), "trade_cards.cards")
    c.ids(cards, "trade_cards.cards", list(range(1, 9)))
    for path, card in cards:
        c.scoring(card.get("scoring"), f"{path}.scoring")
        crit = card.get("city_criterion")
        where = f"{path}.city_criterion"
        if not isinstance(crit, dict):
            c.add(where, "must say which cities meet the card (Yusuf's exports read it)")
            continue
        kind = c.str(crit, "kind", where, tuple(CITY_CRITERIA))
        if kind in ("region",):
            c.str(crit, "region", where, _regions(doc))
        elif kind == "regions":
            regions = crit.get("regions")
            if not isinstance(regions, list) or not regions or any(
                    r not in _regions(doc) for r in regions):
                c.add(f"{where}.regions", "must list regions of the map")
        elif kind == "colour":
            c.str(crit, "colour", where, CITY_COLOURS)
        elif kind == "min_route_dinars":
            c.int(crit, "dinars", where, 1, 20)


def _check_wishes(c: _Check, doc: dict) -> None:
    wishes = c.obj(doc, "sultans_wishes", "")
    if wishes is None:
        return
    c.equal(wishes, "in_play", "sultans_wishes", 3, "the seed: one tile of each letter")
    c.equal(wishes, "scored_after_rounds", "sultans_wishes", [1, 3, 5], "the seed")
    tiles = c.items(c.list(wishes, "tiles", "sultans_wishes", 9), "sultans_wishes.tiles")
    letters: Counter = Counter()
    kinds = set()
    ids = [t.get("id") for _, t in tiles]
    if len(set(map(str, ids))) != len(ids):
        c.add("sultans_wishes.tiles", "ids must be different")
    for path, t in tiles:
        letters[c.str(t, "letter", path, ("A", "B", "C"))] += 1
        cond = t.get("condition")
        if not isinstance(cond, dict):
            c.add(f"{path}.condition", "must be an object with a kind")
        else:
            kind = c.str(cond, "kind", f"{path}.condition", WISH_KINDS)
            kinds.add(kind)
            if kind == "building_type":
                types = cond.get("types")
                if not isinstance(types, list) or not types or any(
                        x not in BUILDING_TYPES for x in types):
                    c.add(f"{path}.condition.types", "must list building types (large or small)")
        c.int(t, "points", path, 1, 9)
    if tiles and any(letters[x] == 0 for x in "ABC"):
        c.add("sultans_wishes.tiles", "must hold tiles of each letter A, B and C")
    if tiles and kinds != set(WISH_KINDS):
        missing = [k for k in WISH_KINDS if k not in kinds]
        c.add("sultans_wishes.tiles", f"must use each of the seed's 7 conditions; missing "
                                      f"{', '.join(missing)}")


def _check_events(c: _Check, doc: dict) -> None:
    events = c.obj(doc, "events", "")
    if events is None:
        return
    c.equal(events, "in_play", "events", 3, "the seed: 3 event tiles")
    c.equal(events, "changes", "events", 2, "3 tiles: the current one is replaced twice")
    tiles = c.items(c.list(events, "tiles", "events", 14), "events.tiles")
    c.ids(tiles, "events.tiles", list(range(1, 15)))
    for path, t in tiles:
        eid = t.get("id")
        if isinstance(eid, int) and 1 <= eid <= 14:
            c.equal(t, "colour", path, "green" if eid <= 5 else "red",
                    "the seed: 1-5 green, 6-14 red")
            c.equal(t, "changes", path, EVENT_CHANGES[eid], "the seed's events table")


def _check_solo(c: _Check, doc: dict) -> None:
    solo = c.obj(doc, "solo", "")
    if solo is None:
        return
    c.equal(solo, "bot_start_score", "solo", 5, "the seed")
    c.equal(solo, "storage_boxes", "solo", 4, "the seed: his board shows 4 boxes")
    c.equal(solo, "board_side", "solo", "1-2", "the seed: set up as a 2-player game")
    majors = [m.get("id") for m in _get(doc, "poems", "major") or [] if isinstance(m, dict)]
    if solo.get("major_poem_removed") not in majors:
        c.add("solo.major_poem_removed", "must name a major poem (the seed: F1)")
    tiles = c.items(c.list(solo, "worker_tiles", "solo", 4), "solo.worker_tiles")
    if tiles and Counter(t.get("worker") for _, t in tiles) != Counter(
            {"master_builder": 2, "merchant": 1, "poet": 1}):
        c.add("solo.worker_tiles", "must be 2 master builders, a merchant and a poet")
    board = c.obj(solo, "action_board", "solo")
    if board is not None:
        c.equal(board, "actions", "solo.action_board",
                {k: list(v) for k, v in SOLO_ACTIONS.items()}, "the seed, Yusuf's actions")
        special = board.get("special_scoring")
        if not isinstance(special, list) or any(s not in COUNTS for s in special):
            c.add("solo.action_board.special_scoring", "must list counts")
    decks = c.obj(solo, "decks", "solo")
    if decks is not None and (sorted(decks) != sorted(WORKERS) or sum(
            v for v in decks.values() if isinstance(v, int)) != 26):
        c.add("solo.decks", "must give the size of each worker's deck, 26 cards in all")
    side = next((s for s in _get(doc, "board", "sides") or []
                 if isinstance(s, dict) and s.get("id") == "1-2"), {})
    ring_of_space = {sp.get("id"): ring for ring, spaces in (side.get("rings") or {}).items()
                     if isinstance(spaces, list) for sp in spaces if isinstance(sp, dict)}
    slotted = {sid for slot in side.get("secondary_slots") or [] if isinstance(slot, dict)
               for sid in slot.get("spaces") or []}
    special = set(_get(solo, "action_board", "special_scoring") or [])
    cards = c.items(c.list(solo, "worker_cards", "solo", 26), "solo.worker_cards")
    ids = [x.get("id") for _, x in cards]
    if len(set(map(str, ids))) != len(ids):
        c.add("solo.worker_cards", "ids must be different")
    per_worker: Counter = Counter()
    for path, card in cards:
        worker = c.str(card, "worker", path, WORKERS)
        per_worker[worker] += 1
        space = card.get("space")
        if worker is not None and ring_of_space.get(space) != RING_OF[worker]:
            c.add(f"{path}.space", f"must name a {RING_OF[worker]} space of the 1-2 side, not "
                                   f"{_show(space)}")
        if c.bool(card, "discard_secondary", path) and space not in slotted:
            c.add(f"{path}.discard_secondary", "must be false: the space touches no secondary "
                                               "slot")
        actions = card.get("actions")
        if not isinstance(actions, list) or len(actions) > 2 or (worker is not None and any(
                a not in SOLO_ACTIONS[worker] for a in actions)):
            c.add(f"{path}.actions", "must list at most 2 of the worker's actions on Yusuf's "
                                     "board")
        score = card.get("score")
        if not isinstance(score, dict):
            c.add(f"{path}.score", "must be an object (points, paria, or per)")
        elif "per" in score:
            if score.get("per") not in special:
                c.add(f"{path}.score.per", "must be one of the action board's special icons")
            c.int(score, "points", f"{path}.score", 1, 3)
        else:
            for key in ("points", "paria"):
                if key in score:
                    c.int(score, key, f"{path}.score", 0, 9)
    if cards and isinstance(decks, dict) and any(
            per_worker[w] != decks.get(w) for w in WORKERS):
        c.add("solo.worker_cards", "must hold as many cards per worker as solo.decks says")
    if cards and all(card.get("score") for _, card in cards):
        # YP1: 「有些卡牌在下半部分沒有顯示任何內容，亦即優素福一無所獲」
        c.add("solo.worker_cards", "must include cards with an empty bottom (score {}): the "
                                   "seed says some cards give Yusuf nothing")
    levels = c.items(c.list(solo, "difficulties", "solo"), "solo.difficulties")
    for path, level in levels:
        c.str(level, "id", path)
        events = level.get("events")
        if not isinstance(events, list) or events not in ([], ["green", "red", "red"],
                                                          ["red", "red", "red"]):
            c.add(f"{path}.events", "must be none, 1 green and 2 red, or 3 red (the seed, 難度)")
        c.int(level, "bot_start_score", path, 5, 10)


# ------------------------------------------------------------------ building the view

def read(document: Any) -> SabikaData:
    """The view of a document; ``DataError`` lists every problem :func:`check_document`
    finds."""
    problems = check_document(document)
    if problems:
        raise DataError("the Sabika data has problems: " + "; ".join(problems))
    return _build(document)


def _effect(terms: list) -> tuple[Effect, ...]:
    return tuple(Effect(t["kind"], t.get("amount", 0), t.get("material", ""),
                        tuple(t.get("from", ())), t.get("action", ""), t.get("goods", 0),
                        tuple(_effect(o) for o in t.get("options", ()))) for t in terms)


def _ability(a: dict) -> Ability:
    return Ability(a["kind"], a.get("when", ""), _effect(a.get("effect", [])),
                   a.get("material", ""), a.get("once_per", ""), a.get("extra_max", 0),
                   a.get("points_per_material", 0), a.get("boxes", 0),
                   _effect(a.get("per_goods", [])), a.get("points", 0), a.get("paria", 0))


def _scoring(s: dict) -> Scoring:
    return Scoring(s["kind"], s.get("count", ""), s.get("points", 0), s.get("max", 0),
                   tuple(s.get("of", ())), s.get("region", ""), tuple(s.get("regions", ())),
                   s.get("colour", ""), s.get("min_route_dinars", 0))


def _side(s: dict) -> BoardSide:
    slot_of = {sid: slot["id"] for slot in s["secondary_slots"] for sid in slot["spaces"]}
    rings = {ring: tuple(Space(x["id"], ring, i, x["action"], x.get("amount", 0),
                               x.get("four_players_only", False), slot_of.get(x["id"], ""))
                         for i, x in enumerate(s["rings"][ring])) for ring in RINGS}
    return BoardSide(
        s["id"], tuple(s["players"]), MappingProxyType(rings),
        MappingProxyType({x.id: x for ring in rings.values() for x in ring}),
        tuple(Slot(x["id"], x["kind"], tuple(x["spaces"])) for x in s["secondary_slots"]),
        tuple(DisplaySlot(x["id"], x["stack"], x["space"], x["distance"])
              for x in s["warehouse_display"]),
        tuple((x["worker"], x["space"]) for x in s["sultans_workers"]))


def _criterion(crit: dict) -> tuple[str, str | int | tuple[str, ...]]:
    kind = crit["kind"]
    params = CITY_CRITERIA[kind]
    if not params:
        return (kind, "")
    value = crit[params[0]]
    return (kind, tuple(value) if isinstance(value, list) else value)


def _card(x: dict) -> WorkerCard:
    score = x["score"]
    return WorkerCard(x["id"], x["worker"], x["space"], x["discard_secondary"],
                      tuple(x["actions"]), score.get("points", 0), score.get("paria", 0),
                      score.get("per", ""))


def _build(doc: dict) -> SabikaData:
    frozen = MappingProxyType
    board = doc["board"]
    positions = doc["round_track"]["positions"]
    market = doc["market"]
    second = doc["secondary_actions"]
    poems = doc["poems"]
    solo = doc["solo"]
    acts = doc["actions"]
    return SabikaData(
        materials=tuple(doc["materials"]["order"]),
        material_value=frozen(dict(doc["materials"]["values"])),
        goods=tuple(t["id"] for t in doc["raw_goods"]["types"]),
        sides=frozen({s["id"]: _side(s) for s in board["sides"]}),
        small_building_display=tuple((x["id"], x["column"], x["row"])
                                     for x in board["small_building_display"]),
        minor_display=frozen({int(k): v for k, v in
                              board["minor_poem_display_by_players"].items()}),
        major_display=frozen({int(k): v for k, v in
                              board["major_poem_display_by_players"].items()}),
        start_score=doc["player_start"]["score"],
        start_dinars=tuple(doc["player_start"]["starting_dinars_by_turn_position"]),
        ships=doc["player_start"]["ships_in_granada"],
        free_steps=doc["movement"]["free_steps"],
        dinars_per_step=doc["movement"]["dinars_per_extra_step"],
        dinars_per_worker=doc["movement"]["dinars_per_other_players_worker"],
        rest_dinars=doc["rest"]["dinars"], rest_points=doc["rest"]["points"],
        secondary_dinars=frozen({(kind, worker): cost for kind in SLOT_KINDS
                                 for worker, cost in second[kind]["dinars"].items()}),
        market_visit_dinars=market["dinars_on_visit"],
        market_transactions=market["transactions"],
        market_buy=frozen(dict(market["buy"])), market_sell=frozen(dict(market["sell"])),
        export_goods_max=acts["export"]["goods_max"],
        export_per_goods=(acts["export"]["points_per_goods"], acts["export"]["paria_per_goods"]),
        export_demand_bonus=(acts["export"]["demand_points"], acts["export"]["demand_paria"]),
        consolidate_earlier=(acts["consolidate"]["earlier_points"],
                             acts["consolidate"]["earlier_dinars"]),
        production_process_max=acts["production"]["process_max"],
        handcraft_dinars=(acts["handcraft"]["dinars"], acts["handcraft"]["dinars_per_two_poems"]),
        dinars_per_paria=doc["tribute"]["dinars_per_paria"],
        round_paria=tuple(p["paria"] for p in positions[1:]),
        wish_after_rounds=tuple(p["position"] - 1 for p in positions if p.get("wish")),
        era_two_from_round=next(p["position"] for p in positions if p.get("era_change")),
        event_change_after_rounds=tuple(p["position"] - 1 for p in positions
                                        if p.get("event_change")),
        paria_max=doc["tracks"]["paria_max"],
        favour_rewards=tuple(_effect(s["reward"]) for s in doc["favour_track"]["spaces"]),
        large_buildings=tuple(
            LargeBuilding(t["id"], 1 if t["era"] == "I" else 2, t["type"], _effect(t["bonus"]),
                          t["removed_with_two_players"])
            for t in doc["large_buildings"]["tiles"]),
        small_buildings=tuple(SmallBuilding(x["id"], x["base"], x["type"], x["left"], x["right"])
                              for x in doc["small_buildings"]["cards"]),
        colours=tuple(doc["balance"]["colours"]),
        balance_rewards=frozen({r["colour"]: _effect(r["effect"])
                                for r in doc["balance"]["rewards"]}),
        balance_cards=tuple(x["left"] for x in doc["balance"]["cards"]),
        warehouse_tiles=tuple(WarehouseTile(t["id"], t["boxes"], _effect(t["bonus"]))
                              for t in doc["warehouses"]["tiles"]),
        cities=tuple(City(x["id"], x["name_en"], x["name_zh_hant"], x["region"])
                     for x in doc["map"]["cities"]),
        routes=frozen({frozenset(r["between"]): r["dinars"] for r in doc["map"]["routes"]}),
        city_tiles=tuple(
            CityTile(t["id"], t["colour"], tuple(t["demand"]), _effect(t["first_export"]),
                     _effect(t.get("consolidation_action", [])), _effect(t.get("income", [])))
            for t in doc["city_tiles"]["tiles"]),
        start_tiles=tuple(_effect(t["bonus"]) for t in doc["start_tiles"]["tiles"]),
        minor_poems=tuple(MinorPoem(m["id"], tuple(_ability(a) for a in m["blue"]),
                                    _effect(m["red"])) for m in poems["minor"]),
        major_poems=tuple(MajorPoem(m["id"], m["letter"], _scoring(m["scoring"]))
                          for m in poems["major"]),
        ranking_rewards=frozen({k: tuple(v) for k, v in poems["ranking_rewards"].items()}),
        two_players_sole_second=poems["two_players_sole_second"],
        trade_cards=tuple(TradeCard(t["id"], _scoring(t["scoring"]),
                                    _criterion(t["city_criterion"]))
                          for t in doc["trade_cards"]["cards"]),
        wishes=tuple(Wish(w["id"], w["letter"], w["condition"]["kind"],
                          tuple(w["condition"].get("types", ())), w["points"])
                     for w in doc["sultans_wishes"]["tiles"]),
        events=tuple(Event(t["id"], t["colour"], frozen(dict(t["changes"])))
                     for t in doc["events"]["tiles"]),
        bot_worker_tiles=tuple(t["worker"] for t in solo["worker_tiles"]),
        bot_cards=frozen({w: tuple(_card(x) for x in solo["worker_cards"] if x["worker"] == w)
                          for w in WORKERS}),
        bot_storage_boxes=solo["storage_boxes"],
        difficulties=tuple(Difficulty(d["id"], tuple(d["events"]), d["bot_start_score"])
                           for d in solo["difficulties"]),
    )


def shipped_text() -> str:
    return resources.files(__package__).joinpath("data/sabika.json").read_text("utf-8")


def load_data(text: str | None = None) -> SabikaData:
    """Load and check the shipped data (or ``text``, for tests of the checks)."""
    try:
        document = json.loads(shipped_text() if text is None else text)
    except json.JSONDecodeError as exc:
        raise DataError(f"sabika.json is not valid JSON: {exc}") from None
    return read(document)


DOCUMENT = json.loads(shipped_text())  # the shipped document, as a DataSet shows it
DATA = read(DOCUMENT)
