"""Sabika's component data (src/eurogames/games/sabika/data/): the shipped document passes
every check, each family of problems is caught with a sentence naming its path, the values the
seed states are the seed's, and every provisional value says how it was chosen."""

from __future__ import annotations

import copy
import doctest
import json
import re
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest

from eurogames.core.data import provisional_values, read_data_file
from eurogames.core.errors import DataError as CoreDataError
from eurogames.games.sabika import data
from eurogames.games.sabika.data import DATA, DOCUMENT, DataError, check_document, load_data

README = Path(data.__file__).parent / "data" / "README.md"


def broken(change: Callable[[dict], object]) -> list[str]:
    """The problems of a copy of the shipped document after ``change``."""
    doc = copy.deepcopy(DOCUMENT)
    change(doc)
    return check_document(doc)


def side(doc: dict, sid: str = "1-2") -> dict:
    return next(s for s in doc["board"]["sides"] if s["id"] == sid)


def space(doc: dict, sid: str, ring: str, index: int) -> dict:
    return side(doc, sid)["rings"][ring][index]


def by_id(entries: list, wanted) -> dict:
    return next(e for e in entries if e.get("id") == wanted)


def route(doc: dict, a: str, b: str) -> dict:
    return next(r for r in doc["map"]["routes"] if set(r["between"]) == {a, b})


# ------------------------------------------------------------------ the shipped data

def test_shipped_data_passes_every_check():
    assert check_document(DOCUMENT) == []


def test_shipped_file_is_valid_json_and_names_its_game():
    document = json.loads(data.shipped_text())
    assert document["game"] == "sabika" and document["schema_version"] == 1
    assert load_data() == DATA


def test_no_value_is_null():
    def nulls(value, path=""):
        if value is None:
            yield path
        elif isinstance(value, dict):
            for k, v in value.items():
                yield from nulls(v, f"{path}.{k}")
        elif isinstance(value, list):
            for i, v in enumerate(value):
                yield from nulls(v, f"{path}[{i}]")

    assert list(nulls(DOCUMENT)) == []


def test_an_exported_copy_is_checked_the_same_way(tmp_path):
    """The correction workflow (README): export, edit, check."""
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(DOCUMENT, ensure_ascii=False), "utf-8")
    dataset = read_data_file(path)
    assert dataset.game == "sabika" and check_document(dataset.document) == []
    corrected = copy.deepcopy(dataset.document)
    tile = corrected["large_buildings"]["tiles"][0]
    tile.update(status="stated", sources=["seed"])
    del tile["how"]
    assert check_document(corrected) == []
    assert len(provisional_values(corrected)) == len(provisional_values(DOCUMENT)) - 1


def test_every_component_has_its_chinese_name():
    names = DOCUMENT["components"]["names_zh_hant"]
    assert names.keys() == DOCUMENT["components"]["counts"].keys()
    assert names["void_tile"] == "作廢板塊" and names["sultans_worker"] == "蘇丹的工人"


def test_module_examples_run():
    result = doctest.testmod(data)
    assert result.attempted > 0 and result.failed == 0


def test_data_error_is_the_core_data_error():
    assert issubclass(DataError, CoreDataError)
    with pytest.raises(DataError, match="schema_version must be 1"):
        data.read(dict(DOCUMENT, schema_version=2))
    with pytest.raises(DataError, match="not valid JSON"):
        load_data("{")


# ------------------------------------------------------------------ the view

def test_view_board_side_by_player_count():
    assert DATA.side_for(1) is DATA.side_for(2) is DATA.sides["1-2"]
    assert DATA.side_for(3) is DATA.side_for(4) is DATA.sides["3-4"]
    four_only = [s.id for s in DATA.sides["3-4"].spaces.values() if s.four_players_only]
    assert len(four_only) == 3
    assert not any(s.four_players_only for s in DATA.sides["1-2"].spaces.values())


def test_view_spaces_know_their_ring_index_and_slot():
    outer = DATA.side_for(2).rings["outer"]
    assert [s.index for s in outer] == list(range(len(outer)))
    assert all(s.ring == "outer" for s in outer)
    slots = {slot.id: slot for slot in DATA.side_for(2).slots}
    for s in DATA.side_for(2).spaces.values():
        if s.slot:
            assert s.id in slots[s.slot].spaces


def test_view_quarries_carry_their_amount():
    for s in DATA.side_for(2).spaces.values():
        assert (s.amount > 0) == (s.action in data.QUARRY_ACTIONS)


def test_view_effects_are_typed_tuples():
    reward = DATA.balance_rewards[DOCUMENT["balance"]["rewards"][1]["colour"]]
    (choice,) = reward
    assert choice.kind == "choice"
    assert [t.kind for t in choice.options[0]] == ["raw", "goods"]
    assert choice.options[1][0].action == "export"


def test_view_route_cost_either_way():
    assert DATA.route_cost("florence", "ragusa") == DATA.route_cost("ragusa", "florence") == 2
    assert DATA.route_cost("algiers", "florence") == 0


def test_view_is_immutable():
    with pytest.raises(AttributeError):
        DATA.start_score = 6  # type: ignore[misc]
    with pytest.raises(TypeError):
        DATA.material_value["marble"] = 4  # type: ignore[index]


def test_view_bot_decks_by_worker():
    assert {w: len(cards) for w, cards in DATA.bot_cards.items()} == dict(
        DOCUMENT["solo"]["decks"])
    assert sorted(DATA.bot_worker_tiles) == ["master_builder", "master_builder", "merchant",
                                             "poet"]


# ------------------------------------------------------------------ the seed's values

def test_seed_material_values_and_market():
    assert DATA.materials == ("plaster", "wood", "marble", "glazed_ceramic")
    assert dict(DATA.material_value) == {"plaster": 1, "wood": 2, "marble": 3,
                                         "glazed_ceramic": 4}
    assert dict(DATA.market_buy) == {"plaster": 1, "wood": 1, "marble": 2,
                                     "glazed_ceramic": 3, "raw": 1}
    assert dict(DATA.market_sell) == {"plaster": 1, "wood": 2, "marble": 3,
                                      "glazed_ceramic": 4, "goods": 3}
    assert (DATA.market_visit_dinars, DATA.market_transactions) == (2, 2)


def test_seed_movement_rest_and_secondary_costs():
    assert (DATA.free_steps, DATA.dinars_per_step, DATA.dinars_per_worker) == (2, 1, 1)
    assert (DATA.rest_dinars, DATA.rest_points) == (3, -1)
    assert dict(DATA.secondary_dinars) == {("raw", "master_builder"): 1,
                                           ("raw", "merchant"): 0,
                                           ("material", "merchant"): 2,
                                           ("material", "poet"): 1}


def test_seed_export_consolidate_handcraft_and_tribute():
    assert DATA.export_goods_max == 2
    assert DATA.export_per_goods == (1, 1) and DATA.export_demand_bonus == (1, 1)
    assert DATA.consolidate_earlier == (1, 1)
    assert DATA.production_process_max == 2
    assert DATA.handcraft_dinars == (3, 1)
    assert DATA.dinars_per_paria == 2


def test_seed_poem_costs_and_grey_limit():
    costs = DOCUMENT["costs"]
    assert costs["poem_dinars"] == {"blue": [1, 1], "red": [2, 2], "grey": [4, 4]}
    assert costs["max_grey_poems"] == 2
    assert costs["large_building"]["base_from"] == ["plaster"]
    assert costs["warehouse_expansion_points"] == [1, 2]


def test_seed_player_start():
    assert DATA.start_score == 5 and DATA.ships == 9
    start = DOCUMENT["player_start"]
    assert (start["paria"], start["warehouses"], start["warehouse_capacity_each"]) == (0, 4, 1)


def test_seed_round_track():
    assert DATA.round_paria[-1] == 6  # 此時為6點帕里亞
    assert DATA.wish_after_rounds == (1, 3, 5)
    assert DATA.era_two_from_round == 3
    assert len(DATA.event_change_after_rounds) == 2


def test_seed_favour_last_space_gives_one_point():
    last = DATA.favour_rewards[-1]
    assert [(t.kind, t.amount) for t in last] == [("points", 1)]
    assert DATA.favour_rewards[0] == ()


def test_seed_buildings_counts_and_two_player_removal():
    eras = Counter(t.era for t in DATA.large_buildings)
    assert eras == {1: 9, 2: 12}
    removed = [t for t in DATA.large_buildings if t.removed_with_two_players]
    assert len(removed) == 3 and all(t.era == 2 for t in removed)
    assert len(DATA.small_buildings) == 36 and len(DATA.warehouse_tiles) == 24


def test_seed_balance_rewards_in_order():
    kinds = [[t.kind for t in DATA.balance_rewards[r["colour"]]]
             for r in DOCUMENT["balance"]["rewards"]]
    assert kinds == [["dinars_or_paria"], ["choice"], ["choice"], ["dinars", "action"]]
    assert all(card["right"] == "wild" for card in DOCUMENT["balance"]["cards"])


def test_seed_map_names_and_routes():
    names = {c.id: c.name_zh_hant for c in DATA.cities}
    assert names["florence"] == "佛羅倫薩" and names["constantinople"] == "君士坦丁堡"
    assert names["algiers"] == "亞爾及爾" and names["venice"] == "威尼斯"
    assert DATA.route_cost("ragusa", "constantinople") == 2
    for r in ("florence-ragusa", "ragusa-constantinople"):
        entry = route(DOCUMENT, *r.split("-"))
        assert entry["status"] == "stated" and entry["sources"] == ["seed"]


def test_seed_city_tile_examples():
    first, second = DATA.city_tiles[:2]
    assert "clothing" in first.demand
    assert first.first_export[0].kind == "materials" and len(first.first_export[0].choices) == 4
    assert second.colour == "red" and second.consolidation[0].action == "build"


@pytest.mark.parametrize("number, half, kinds", [
    (1, "blue", [("on", "income"), ("on", "chosen_start_player")]),
    (2, "blue", [("on", "seal")]),
    (10, "blue", [("poem_cost_table", "")]),
    (16, "blue", [("goods_warehouse", "")]),
    (20, "blue", [("export_base", "")]),
])
def test_seed_minor_poem_blue_halves(number, half, kinds):
    poem = DATA.minor_poems[number - 1]
    assert [(a.kind, a.when) for a in poem.blue] == kinds
    assert DOCUMENT["poems"]["minor"][number - 1][f"{half}_status"] == "stated"


def test_seed_minor_poem_values():
    poems = DATA.minor_poems
    assert [(t.kind, t.amount) for t in poems[0].blue[0].effect] == [("dinars", 2)]
    assert [(t.kind, t.amount) for t in poems[1].blue[0].effect] == [("dinars", 2),
                                                                      ("points", 2)]
    assert [(t.kind, t.material or t.amount) for t in poems[1].red] == [
        ("material", "glazed_ceramic"), ("raw", 1)]
    assert [t.kind for t in poems[3].red] == ["points", "large_building_bonus"]
    assert poems[9].blue[0].extra_max == 2 and poems[9].blue[0].points_per_material == 1
    assert poems[13].red[0].kind == "free_ship" and poems[13].red[0].goods == 1
    assert poems[15].blue[0].boxes == 2
    assert poems[16].red[0].kind == "red_city_action"
    assert (poems[19].blue[0].points, poems[19].blue[0].paria) == (2, 2)
    assert [(t.kind, t.amount) for t in poems[20].red] == [("goods", 2), ("points", 2)]


def test_seed_major_poems_and_ranking():
    majors = {m.id: m for m in DATA.major_poems}
    assert set(data.KNOWN_MAJORS) <= set(majors)
    assert (majors["A1"].scoring.kind, majors["A1"].scoring.count) == ("rank", "poems")
    a2 = majors["A2"].scoring
    assert (a2.kind, a2.count, a2.points, a2.max) == ("per", "poems", 2, 14)
    assert majors["A3"].scoring.of == ("blue_poems", "red_poems", "grey_poems")
    assert majors["H4"].scoring.count == "connected_ships"
    assert DATA.ranking_rewards["default"] == (14, 9, 6)
    assert DATA.ranking_rewards["two_players"] == (14, 6)


def test_seed_trade_card_seven():
    seven = DATA.trade_cards[6].scoring
    assert (seven.kind, seven.count, seven.points) == ("per", "consolidated_cities", 3)
    assert DATA.trade_cards[5].scoring.count == "connected_ships"


def test_seed_wishes_use_the_seven_conditions():
    assert {w.condition for w in DATA.wishes} == set(data.WISH_KINDS)
    assert Counter(w.letter for w in DATA.wishes) == {"A": 3, "B": 3, "C": 3}


def test_seed_events():
    assert [e.colour for e in DATA.events] == ["green"] * 5 + ["red"] * 9
    assert dict(DATA.events[10].changes) == {"free_steps": -1}  # event 11
    assert dict(DATA.events[13].changes) == {"tribute_dinars": 1}  # event 14
    for event in DOCUMENT["events"]["tiles"]:
        assert event["text_zh_hant"]


def test_seed_solo():
    solo = DOCUMENT["solo"]
    assert solo["major_poem_removed"] == "F1" and solo["storage_boxes"] == 4
    assert [d.bot_start_score for d in DATA.difficulties] == [5, 5, 5, 10]
    assert DATA.difficulties[0].events == ()


def test_seed_yp1_some_worker_cards_give_yusuf_nothing():
    """YP1: 「有些卡牌在下半部分沒有顯示任何內容，亦即優素福一無所獲」: the shipped cards
    include empty bottoms, a set without one is refused, and an empty card scores nothing."""
    empty = [c for cards in DATA.bot_cards.values() for c in cards
             if not (c.points or c.paria or c.per)]
    assert empty and all(c.actions for c in empty)

    def fill(doc: dict) -> None:
        for card in doc["solo"]["worker_cards"]:
            card["score"] = card["score"] or {"points": 1}

    assert any("empty bottom" in p for p in broken(fill))


# ------------------------------------------------------------------ provisional values

def test_every_provisional_value_has_a_reason():
    found = provisional_values(DOCUMENT)
    assert found and all(p.reason.strip() for p in found)


def test_provisional_families_are_the_readme_table():
    families = {re.sub(r"\[[^\]]*\]", "[]", p.what) for p in provisional_values(DOCUMENT)}
    assert families == {
        "player_start.starting_dinars_by_turn_position",
        "board.sides[].rings", "board.sides[].rings.outer[].amount",
        "board.sides[].secondary_slots", "board.sides[].warehouse_display",
        "board.sides[].sultans_workers", "board.small_building_display",
        "round_track.positions[].paria", "round_track.positions[].event_change", "tracks",
        "tower.points_printed_on", "favour_track.spaces", "large_buildings.tiles[]",
        "small_buildings.cards", "balance.colours", "balance.rewards[].colour",
        "balance.cards[].left", "warehouses.tiles[]", "map.cities[]", "map.cities[].region",
        "map.routes[]", "city_tiles.tiles[]", "start_tiles.tiles[]", "poems.after_tie",
        "poems.two_players_sole_second", "poems.solo_uses", "poems.minor[].blue",
        "poems.minor[].red", "poems.major[]", "trade_cards.cards[]",
        "trade_cards.cards[].city_criterion", "sultans_wishes.tiles[]", "solo.decks",
        "solo.worker_cards[]",
    }
    readme = README.read_text("utf-8")
    for family in families:
        assert f"`{family.split('[]')[0].split('.')[0]}" in readme
    assert f"{len(provisional_values(DOCUMENT))} values in all" in readme


def test_every_how_names_a_method_the_readme_explains():
    readme = README.read_text("utf-8")
    methods = {int(n) for n in re.findall(r"^(\d+)\. \*\*", readme, re.M)}
    for value in provisional_values(DOCUMENT):
        numbers = [int(n) for n in re.findall(r"README, method (\d+)", value.reason)]
        assert numbers, f"{value.what}: its how names no README method"
        assert set(numbers) <= methods, value.what


def test_provisional_values_never_claim_the_seed():
    for value in provisional_values(DOCUMENT):
        assert "status" not in value.reason


# ------------------------------------------------------------------ each family of problems

def _walk(doc: dict, path: str) -> tuple[dict | list, str | int]:
    """The container holding the value at a dotted path ([n] indexes a list), and its key."""
    keys = re.findall(r"[^.\[\]]+", path)
    target = doc
    for key in keys[:-1]:
        target = target[int(key)] if isinstance(target, list) else target[key]
    last = keys[-1]
    return target, int(last) if isinstance(target, list) else last


def _set(path: str, value) -> Callable[[dict], None]:
    def change(doc: dict) -> None:
        target, key = _walk(doc, path)
        target[key] = value
    return change


def _del(path: str) -> Callable[[dict], None]:
    def change(doc: dict) -> None:
        target, key = _walk(doc, path)
        del target[key]
    return change


def _two_slots_on_m3(doc: dict) -> None:
    side(doc)["secondary_slots"].append({"id": "R9", "kind": "raw", "spaces": ["O3", "M3"]})


def _join_algiers_cairo(doc: dict) -> None:
    doc["map"]["routes"].append({"between": ["algiers", "cairo"], "dinars": 2,
                                 "status": "provisional", "how": "test"})


def _cheap_constantinople(doc: dict) -> None:
    doc["map"]["routes"].append({"between": ["granada", "constantinople"], "dinars": 1,
                                 "status": "provisional", "how": "test"})


def _cut_tunis(doc: dict) -> None:
    doc["map"]["routes"] = [r for r in doc["map"]["routes"] if "tunis" not in r["between"]]


def _blue_cities_only(doc: dict) -> None:
    for tile in doc["city_tiles"]["tiles"]:
        tile["colour"] = "blue"
        tile.pop("consolidation_action", None)
        tile.pop("colour_status", None)
        tile.pop("consolidation_action_status", None)
        tile.setdefault("income", [{"kind": "dinars", "amount": 1}])


def _majors_in_seven_letters(doc: dict) -> None:
    for m in doc["poems"]["major"]:
        if m["letter"] == "G":
            m["letter"] = "A"
            m["id"] = "A" + m["id"][1]


def _no_poem_wish(doc: dict) -> None:
    doc["sultans_wishes"]["tiles"][-1]["condition"] = {"kind": "seals"}


def _one_card_too_many(doc: dict) -> None:
    doc["solo"]["decks"] = {"master_builder": 13, "merchant": 7, "poet": 7}


PROBLEMS = [
    # schema
    ("game", _set("game", "agra"), "game must be 'sabika', not 'agra'"),
    ("schema", _set("schema_version", 2), "schema_version must be 1, not 2"),
    ("missing section", _del("favour_track"), "favour_track must be an object, not null"),
    ("wrong type", _set("tracks.paria_max", "many"),
     "tracks.paria_max must be a whole number from 10 to 99, not 'many'"),
    # statuses
    ("null", _set("large_buildings.tiles[0].type", None),
     "large_buildings.tiles[1].type must not be null"),
    ("unknown status", _set("large_buildings.tiles[0].status", "guessed"),
     "large_buildings.tiles[1].status must be one of stated, derived, inferred, provisional"),
    ("provisional without how", _del("large_buildings.tiles[0].how"),
     "large_buildings.tiles[1].how must say how the provisional value of "
     "large_buildings.tiles[1] was chosen"),
    ("field provisional without how", _del("player_start.starting_dinars_by_turn_position_how"),
     "player_start.starting_dinars_by_turn_position_how must say how the provisional value of "
     "player_start.starting_dinars_by_turn_position was chosen"),
    ("stated without sources", _del("rest.sources"),
     "rest.sources must name the sources of the stated value of rest"),
    ("unknown source", _set("rest.sources", ["BGG"]),
     "rest.sources names 'BGG', which is not in the top-level sources"),
    ("component name", lambda d: d["components"]["names_zh_hant"].pop("ship"),
     "components.names_zh_hant must name every component counted, and only those"),
    ("edition languages", _set("editions[0].languages", []),
     "editions[0].languages must list the edition's languages"),
    ("source without where", _set("sources.NL", {"what": "a review"}),
     "sources.NL must say what the source is and where it is"),
    ("dangling status", _set("rest.colour_status", "stated"),
     "rest.colour_status describes 'colour', which the object does not hold"),
    ("no status at all", _del("rest.status"), "rest.dinars has no status"),
    # counts and stated values
    ("component count", _set("components.counts.trade_card", 16),
     "components.counts.trade_card must be 8 (the seed's component page), not 16"),
    ("material value", _set("materials.values.marble", 2),
     "materials.values.marble must be 3 (the seed's material values), not 2"),
    ("market price", _set("market.sell.goods", 4),
     "market.sell.goods must be 3 (the seed, 販賣), not 4"),
    ("unknown price", _set("market.buy.silk", 1), "market.buy.silk must be null"),
    ("movement", _set("movement.free_steps", 3), "movement.free_steps must be 2"),
    ("export", _set("actions.export.goods_max", 3),
     "actions.export.goods_max must be 2 (the seed, 出口行動 4), not 3"),
    ("tribute rate", _set("tribute.dinars_per_paria", 3), "tribute.dinars_per_paria must be 2"),
    ("starting dinars", _set("player_start.starting_dinars_by_turn_position", [2, 3]),
     "player_start.starting_dinars_by_turn_position must give 4 amounts of 0-20 dinars"),
    # board
    ("board sides", _set("board.sides[1].id", "3-5"), "board.sides ids must be 1-2, 3-4"),
    ("ring action", lambda d: space(d, "1-2", "outer", 3).update(action="export"),
     "board.sides[1-2].rings.outer[O4].action must be one of quarry_small, quarry_large, "
     "warehouse, market, build, not 'export'"),
    ("ring misses an action", lambda d: [space(d, "1-2", "inner", i).update(action="carve_poem")
                                         for i in (2, 5)],
     "board.sides[1-2].rings.inner must offer every action of its ring; missing restart"),
    ("quarry amount", _set("board.sides[0].rings.outer[1].amount", 0),
     "board.sides[1-2].rings.outer[O2].amount must be a whole number from 1 to 6, not 0"),
    ("amount off a quarry", lambda d: space(d, "1-2", "outer", 0).update(amount=2),
     "board.sides[1-2].rings.outer[O1].amount belongs only to a quarry"),
    ("four-player spaces", lambda d: space(d, "3-4", "inner", 6).pop("four_players_only"),
     "board.sides[3-4].rings must mark 3 spaces four_players_only"),
    ("slot on the wrong ring", _set("board.sides[0].secondary_slots[4].spaces", ["O3", "I2"]),
     "board.sides[1-2].secondary_slots[K1].spaces names O3, which is not on the middle or inner "
     "ring"),
    ("slot on no space", _set("board.sides[0].secondary_slots[0].spaces", ["O2", "M9"]),
     "board.sides[1-2].secondary_slots[R1].spaces names 'M9', which is not a space of this side"),
    ("two slots on a space", _two_slots_on_m3,
     "board.sides[1-2].secondary_slots must give space M3 at most one slot"),
    ("display beside no warehouse", _set("board.sides[0].warehouse_display[0].space", "O2"),
     "board.sides[1-2].warehouse_display[W1].space must name a warehouse space, not 'O2'"),
    ("sultan's worker ring", _set("board.sides[0].sultans_workers[4].space", "O1"),
     "board.sides[1-2].sultans_workers[4].space must be on the middle ring"),
    ("sultan's worker count", lambda d: side(d)["sultans_workers"].pop(),
     "board.sides[1-2].sultans_workers must place the 8 Sultan's workers, 4 / 2 / 2 (NL)"),
    ("sultan's worker on a 4-player space", _set("board.sides[1].sultans_workers[0].space", "O9"),
     "board.sides[3-4].sultans_workers[0].space must not be a four-players-only space"),
    ("poem display", _set("board.minor_poem_display_by_players.4", 4),
     "board.minor_poem_display_by_players.4 must be 5 (the seed, set-up J (solo as 2 "
     "players)), not 4"),
    # round track and tracks
    ("final tribute", _set("round_track.positions[5].paria", 5),
     "round_track.positions[5].paria must be 6 (the seed: 6 paria at the game end)"),
    ("wish positions", _set("round_track.positions[2].wish", True),
     "round_track.positions[2].wish must be set exactly on positions 2, 4 and 6"),
    ("era change", _del("round_track.positions[2].era_change"),
     "round_track.positions[2].era_change must be set exactly on position 3"),
    ("event changes", _del("round_track.positions[4].event_change"),
     "round_track.positions must mark 2 event changes (events.changes), not 1"),
    ("favour last space", _set("favour_track.spaces[6].reward", [{"kind": "dinars",
                                                                   "amount": 1}]),
     "favour_track.spaces[6].reward must be 1 point"),
    ("favour start", _set("favour_track.spaces[0].reward", [{"kind": "dinars", "amount": 1}]),
     "favour_track.spaces[0].reward must be empty"),
    # effects
    ("effect kind", _set("warehouses.tiles[0].bonus", [{"kind": "gold", "amount": 1}]),
     "warehouses.tiles[1].bonus[0].kind must be one of dinars, points"),
    ("effect amount", _set("warehouses.tiles[0].bonus", [{"kind": "dinars"}]),
     "warehouses.tiles[1].bonus[0].amount must be a whole number from 1 to 9, not null"),
    ("effect material", _set("warehouses.tiles[0].bonus", [{"kind": "material",
                                                            "material": "gold",
                                                            "amount": 1}]),
     "warehouses.tiles[1].bonus[0].material must be one of plaster, wood, marble, "
     "glazed_ceramic, not 'gold'"),
    ("effect action", _set("start_tiles.tiles[0].bonus", [{"kind": "action",
                                                           "action": "fly"}]),
     "start_tiles.tiles[1].bonus[0].action must be one of"),
    ("effect extra field", _set("start_tiles.tiles[0].bonus", [{"kind": "dinars", "amount": 1,
                                                                "material": "wood"}]),
     "start_tiles.tiles[1].bonus[0] has fields a dinars term does not use: material"),
    ("choice in a choice", _set("start_tiles.tiles[0].bonus", [{"kind": "choice", "options": [
        [{"kind": "choice", "options": [[], []]}], [{"kind": "dinars", "amount": 1}]]}]),
     "start_tiles.tiles[1].bonus[0].options[0][0].options must list at least 2 effects"),
    # buildings, balance, warehouses
    ("large building count", lambda d: d["large_buildings"]["tiles"].pop(),
     "large_buildings.tiles must hold 21 entries, not 20"),
    ("large building era", _set("large_buildings.tiles[0].era", "II"),
     "large_buildings.tiles[1].era must be I for tiles 1-9 and II for 10-21"),
    ("two-player removal", _set("large_buildings.tiles[20].removed_with_two_players", False),
     "large_buildings.tiles must mark 3 tiles removed with two players (12 -> 9, the seed), "
     "not 2"),
    ("era I removal", _set("large_buildings.tiles[0].removed_with_two_players", True),
     "large_buildings.tiles[1].removed_with_two_players must be false for an era I tile"),
    ("small building colour", _set("small_buildings.cards[0].left", "purple"),
     "small_buildings.cards[1].left must be one of red, blue, green, yellow, not 'purple'"),
    ("small building ids", _set("small_buildings.cards[35].id", 99),
     "small_buildings.cards ids must be 1-36 in order"),
    ("balance reward order", lambda d: d["balance"]["rewards"].reverse(),
     "balance.rewards must be the seed's four rewards in its order"),
    ("balance colours", _set("balance.rewards[0].colour", "blue"),
     "balance.rewards must give each colour exactly one reward"),
    ("balance card wild half", _set("balance.cards[0].right", "red"),
     "balance.cards[1].right must be 'wild' (the seed: the right half is a wild ?)"),
    ("warehouse boxes", _set("warehouses.tiles[0].boxes", 0),
     "warehouses.tiles[1].boxes must be a whole number from 1 to 4, not 0"),
    # map and cities
    ("known city", _set("map.cities[0].id", "pisa"), "map.cities must include florence"),
    ("stated route", lambda d: route(d, "florence", "ragusa").update(dinars=3),
     "map.routes must join florence and ragusa at 2 dinars"),
    ("unreachable city", _cut_tunis, "map.routes must let ships reach tunis from Granada"),
    ("route to nowhere", _set("map.routes[0].between", ["granada", "rome"]),
     "map.routes[0].between must name two different places of the map"),
    ("algiers cut off", _join_algiers_cairo,
     "map.routes must not join Algiers and cairo (the seed, H4* example"),
    ("constantinople far", _cheap_constantinople,
     "map.routes must make Constantinople cost at least 4 dinars from Granada"),
    ("city region", _set("map.cities[0].region", "asia"),
     "map.cities[florence].region must be one of europe, maghreb, near_east, not 'asia'"),
    ("city demand", _set("city_tiles.tiles[0].demand", ["silk"]),
     "city_tiles.tiles[1].demand must list the goods the city demands"),
    ("red city income", _set("city_tiles.tiles[1].income", [{"kind": "dinars", "amount": 1}]),
     "city_tiles.tiles[2].income belongs only to a blue city"),
    ("cairo example", _blue_cities_only,
     "city_tiles.tiles must include a red city whose consolidation is a build"),
    ("constantinople example", _set("city_tiles.tiles[0].demand", ["sugar"]),
     "city_tiles.tiles must include a city demanding clothing"),
    ("start tiles", lambda d: d["start_tiles"]["tiles"].pop(),
     "start_tiles.tiles must hold 10 entries, not 9"),
    # poems, trade cards, wishes, events
    ("minor ids", _set("poems.minor[0].id", 23), "poems.minor ids must be 1-22 in order"),
    ("blue trigger", _set("poems.minor[0].blue[0].when", "sunrise"),
     "poems.minor[1].blue[0].when must be one of income"),
    ("red does nothing", _set("poems.minor[2].red", []), "poems.minor[3].red must do something"),
    ("major letter", _set("poems.major[0].letter", "B"), "poems.major[A1].letter must be A"),
    ("major letters", _majors_in_seven_letters,
     "poems.major must use at least 8 letters (4 players draw 8 majors of different letters), "
     "not 7"),
    ("known major", _set("poems.major[19].id", "H5"), "poems.major must include H4"),
    ("major count", _set("poems.major[3].scoring.count", "camels"),
     "poems.major[B1].scoring.count must be one of poems"),
    ("ranking", _set("poems.ranking_rewards.default", [14, 9, 5]),
     "poems.ranking_rewards.default must be [14, 9, 6] (the seed: 14/9/6)"),
    ("trade criterion", _set("trade_cards.cards[0].city_criterion", {"kind": "sunny"}),
     "trade_cards.cards[1].city_criterion.kind must be one of any, region"),
    ("trade region", _set("trade_cards.cards[0].scoring.region", "asia"),
     "trade_cards.cards[1].scoring.region must be one of europe, maghreb, near_east"),
    ("wish kinds", _no_poem_wish,
     "sultans_wishes.tiles must use each of the seed's 7 conditions; missing poems"),
    ("wish types", _set("sultans_wishes.tiles[0].condition.types", ["mosque"]),
     "sultans_wishes.tiles[A1].condition.types must list building types"),
    ("event colour", _set("events.tiles[0].colour", "red"),
     "events.tiles[1].colour must be 'green' (the seed: 1-5 green, 6-14 red)"),
    ("event change", _set("events.tiles[8].changes", {"route_dinars": 2}),
     "events.tiles[9].changes.route_dinars must be 1 (the seed's events table), not 2"),
    # solo
    ("solo F1", _set("solo.major_poem_removed", "Z9"),
     "solo.major_poem_removed must name a major poem (the seed: F1)"),
    ("solo decks", _one_card_too_many,
     "solo.decks must give the size of each worker's deck, 26 cards in all"),
    ("card space ring", _set("solo.worker_cards[0].space", "M1"),
     "solo.worker_cards[B01].space must name a outer space of the 1-2 side, not 'M1'"),
    ("discard without slot", _set("solo.worker_cards[0].discard_secondary", True),
     "solo.worker_cards[B01].discard_secondary must be false: the space touches no secondary "
     "slot"),
    ("card action", _set("solo.worker_cards[0].actions", ["export"]),
     "solo.worker_cards[B01].actions must list at most 2 of the worker's actions"),
    ("card special icon", _set("solo.worker_cards[1].score", {"per": "camels", "points": 1}),
     "solo.worker_cards[B02].score.per must be one of the action board's special icons"),
    ("worker tiles", _set("solo.worker_tiles[1].worker", "poet"),
     "solo.worker_tiles must be 2 master builders, a merchant and a poet"),
    ("difficulty", _set("solo.difficulties[1].events", ["green", "green", "green"]),
     "solo.difficulties[hard].events must be none, 1 green and 2 red, or 3 red"),
]


@pytest.mark.parametrize("change, sentence", [p[1:] for p in PROBLEMS],
                         ids=[p[0] for p in PROBLEMS])
def test_each_problem_is_named_with_its_path(change, sentence):
    problems = broken(change)
    assert any(p.startswith(sentence) for p in problems), problems


def test_every_problem_is_listed_not_only_the_first():
    def many(doc: dict) -> None:
        doc["rest"]["dinars"] = 4
        doc["map"]["routes"][5]["dinars"] = 3
        doc["solo"]["worker_cards"][0]["space"] = "M1"

    problems = broken(many)
    assert len(problems) == 3, problems


def _containers(value, path=()):
    if isinstance(value, dict | list):
        yield path
        items = value.items() if isinstance(value, dict) else enumerate(value)
        for key, item in items:
            yield from _containers(item, (*path, key))


def test_no_broken_shape_makes_the_checker_fail():
    """Any object or list replaced by null is a problem in words, never an exception."""
    for path in list(_containers(DOCUMENT))[1:]:
        doc = copy.deepcopy(DOCUMENT)
        target = doc
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = None
        assert check_document(doc), path


@pytest.mark.parametrize("value", ["x", 3, [], {}])
def test_no_broken_section_makes_the_checker_fail(value):
    for key in DOCUMENT:
        problems = check_document(dict(DOCUMENT, **{key: value}))
        if key in ("note", "status_values"):
            continue
        assert problems, key
