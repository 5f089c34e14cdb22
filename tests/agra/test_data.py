"""Agra's component data (src/eurogames/games/agra/data/README.md): the shipped set passes its
check, each family of problems is caught with a sentence naming its path, the known values are
the seed's, and every provisional value is listed with how it was chosen."""

from __future__ import annotations

import copy
import dataclasses
import doctest
import json
import re
from collections import Counter
from importlib import resources

import pytest

from eurogames.core.data import DataSet, provisional_values
from eurogames.games.agra import data as agra_data
from eurogames.games.agra.data import (
    DATA,
    DOCUMENT,
    DataError,
    check_document,
    load_data,
    read,
)

README = resources.files("eurogames.games.agra").joinpath("data/README.md").read_text("utf-8")


def edited(edit):
    """The problems of a copy of the shipped document after ``edit``."""
    document = copy.deepcopy(DOCUMENT)
    edit(document)
    return check_document(document)


def entry(document, family, key):
    """The entry of a list family with that id (or good, for bowls)."""
    return next(e for e in family(document) if key in (e.get("id"), e.get("good")))


def good(d, gid):
    return entry(d, lambda d: d["goods"], gid)


def building(d, bid):
    return entry(d, lambda d: d["buildings"], bid)


def notable(d, nid):
    return d["notables"]["list"][nid - 1]


# ---------------------------------------------------------------- the shipped data

def test_the_shipped_data_passes_its_check():
    assert check_document(DOCUMENT) == []
    assert DOCUMENT["game"] == "agra" and DOCUMENT["schema_version"] == 1


def test_the_module_examples_run():
    assert doctest.testmod(agra_data).failed == 0


def test_the_view_is_immutable_and_indexes_goods_and_buildings():
    assert DATA.good_index["curry"] == 9 and DATA.goods[9].id == "curry"
    with pytest.raises(dataclasses.FrozenInstanceError):
        DATA.goods[0].value = 5  # type: ignore[misc]
    with pytest.raises(TypeError):
        DATA.good_index["silk"] = 16  # type: ignore[index]
    gi = DATA.good_index
    assert DATA.processes_into[gi["sandstone"]] == (gi["cement"], gi["brick"])
    assert DATA.processed_from[gi["cotton"]] == -1
    mill = DATA.buildings[DATA.building_of[gi["paper"]]]
    assert (mill.id, mill.cost, DATA.goods[mill.input].id) == ("paper_mill", 4, "log")
    order = [DATA.buildings[b].id for b in DATA.reading_order]
    assert order[0] == "quarry" and order[-1] == "tailor" and len(set(order)) == 16
    assert DATA.orders[1][0].position == 1 and len(DATA.orders[2]) == 6
    assert DATA.notables[21].id == 22 and DATA.notables[21].level == 4


def test_read_refuses_a_document_with_problems_and_names_them_all():
    broken = copy.deepcopy(DOCUMENT)
    broken["schema_version"] = 2
    good(broken, "curry")["value"] = 3
    with pytest.raises(DataError) as raised:
        read(broken)
    assert "schema_version must be 1, not 2" in str(raised.value)
    assert "goods[curry].value must be 2, the seed's value (5.2.1)" in str(raised.value)
    with pytest.raises(DataError, match="not valid JSON"):
        load_data("{")


def test_the_shipped_file_loads_as_the_data_set():
    text = resources.files("eurogames.games.agra").joinpath("data/agra.json").read_text("utf-8")
    assert load_data(text) == DATA
    assert DataSet("agra", DOCUMENT).provisional() == provisional_values(DOCUMENT)


# ---------------------------------------------------------------- known values are the seed's

def test_goods_values_are_the_seeds_table():
    # 5.2.1: rows sandstone, wood, turmeric, cotton; columns of value 1 | 2 | 2 | 3
    table = {"sandstone": ("sandstone", "cement", "brick", "statue"),
             "wood": ("log", "plank", "paper", "book"),
             "turmeric": ("turmeric", "curry", "dye", "painting"),
             "cotton": ("cotton", "oil", "cloth", "gown")}
    for chain, goods in table.items():
        for gid, value in zip(goods, (1, 2, 2, 3), strict=True):
            g = DATA.goods[DATA.good_index[gid]]
            assert (g.chain, g.value) == (chain, value)
    names = {g.id: g.name_zh_hant for g in DATA.goods}
    assert names["turmeric"] == "姜" and names["statue"] == "佛像" and names["cloth"] == "布匹"


def test_build_values_stated_by_the_seed():
    # 5.3.1: materials sandstone, cement, log, plank; Architect example: log 1, cement 2
    materials = {g.id: g.build_value for g in DATA.goods if g.build_value}
    assert set(materials) == {"sandstone", "cement", "log", "plank"}
    assert materials["log"] == 1 and materials["cement"] == 2


def test_the_stated_processing_arrows():
    gi = DATA.good_index
    arrows = {(DATA.goods[f].id, DATA.goods[t].id) for f in range(16)
              for t in DATA.processes_into[f]}
    assert {("sandstone", "cement"), ("sandstone", "brick"), ("log", "paper"),
            ("cotton", "oil"), ("cotton", "cloth")} <= arrows
    assert DATA.processes_into[gi["turmeric"]] == (gi["curry"], gi["dye"])


def test_the_buildings_the_seed_places():
    grid = DOCUMENT["building_grid"]["columns"]
    assert grid[0][0] == "quarry" and grid[3][3] == "tailor"  # 2.1, 6.2.1.3
    assert {building(DOCUMENT, b)["kind"] for b in grid[0]} == {"production"}  # 5.1
    assert building(DOCUMENT, grid[1][0])["kind"] == "processing"  # the first unbuilt one
    assert Counter(b.level for b in DATA.buildings if b.kind == "processing") == {2: 4, 3: 4,
                                                                                  4: 4}
    assert {b.name_zh_hant for b in DATA.buildings} >= {"採石場", "伐木場", "生姜農場", "棉花田",
                                                        "造紙廠", "織布廠", "裁縫鋪"}
    mill = building(DOCUMENT, "paper_mill")
    assert (mill["cost"], mill["cost_status"]) == (4, "stated")  # Architect example


def test_building_bonus_tiles_are_appendix_two():
    effects = Counter((t.influence, t.favour, t.remove_cover, t.rupees) for t in DATA.bonus_tiles)
    artisans, traders, scholars = 0, 1, 2
    assert effects == Counter([
        (artisans, 0, 0, 3), (traders, 0, 0, 3), (-1, 1, 0, 3), (-1, 0, 1, 2),
        (artisans, 0, 0, 4), (scholars, 0, 0, 4), (-1, 0, 0, 5), (-1, 1, 0, 4),
        (scholars, 0, 0, 5), (traders, 0, 0, 5), (-1, 0, 0, 6), (-1, 1, 0, 5),
    ])
    assert Counter(t.level for t in DATA.bonus_tiles) == {2: 4, 3: 4, 4: 4}


def test_favour_tiles_need_and_pay_are_appendix_three():
    # Appendix III in order: "have N, pay M"; a bare cost means need = pay
    assert [(t.need, t.pay) for t in DATA.favour_tiles] == [
        (2, 2), (3, 2), (4, 3), (3, 2), (2, 1), (4, 2), (3, 2), (3, 2), (2, 1), (3, 3), (2, 2),
        (4, 2), (4, 4), (2, 2)]
    assert [t.phase for t in DATA.favour_tiles if t.phase] == ["meditation", "action"]
    # the three printed on every player board (6.2.2, 2. favour)
    assert [(a.need, a.pay, a.effect) for a in DATA.starting_favour_actions] == [
        (2, 2, "gain_basic_good"), (4, 3, "influence"), (3, 3, "process")]
    assert (DATA.favour_display, DATA.max_favour_tiles) == (3, 3)


def test_meditation_values_stated_by_the_seed():
    # 6.1.1: level 3, three workers: 2 + 2 + 1; Botanist: level 4 is worth 3
    assert [lv.mp for lv in DATA.meditation_levels[:4]] == [1, 2, 2, 3]
    assert DATA.meditation_top_rupees == 5 and DATA.bump_favour == (1, 2)
    ring = {a.id: (a.mp, a.mp_rule, a.outer) for a in DATA.ring}
    assert ring == {"deliver": (3, "", True), "process": (0, "value_of_result", True),
                    "remove_cover": (2, "", True), "trade": (0, "value_of_good", True),
                    "move_farmer": (1, "", False)}
    assert DATA.ring_start_covered == "deliver"  # 2.1 step 8


def test_guild_rewards_orders_and_tribute_stated_by_the_seed():
    assert DATA.influence_favour[3] == 1  # 7.5 example: 1 favour or a tile
    assert DATA.order_limit_docks == {3: 4, 4: 5, 5: 6}  # 7.1
    traders = [tuple(DATA.goods[g].id for g in o.goods) for o in DATA.orders[1]]
    at = traders.index(("oil", "dye"))
    assert traders[(at + 1) % 6] == ("log", "statue")  # 6.3.2 example: the next order
    scholars = [tuple(DATA.goods[g].id for g in o.goods) for o in DATA.orders[2]]
    assert ("log", "painting") in scholars  # Sailor example
    assert "curry" in {DATA.goods[b.good].id for b in DATA.bowls}  # Sadr-us-Sudur example
    assert Counter(b.half for b in DATA.bowls) == {"left": 6, "right": 6}

    def tribute_rupees(n):  # 8.0: 1 / 3 / 5, each further +3
        table = DATA.tribute_scoring
        return table[n - 1] if n <= len(table) else table[-1] + 3 * (n - len(table))

    assert tribute_rupees(5) == 11  # the scoring example: 5 tributes, +11


def test_the_river_is_section_seven_one():
    assert [(d.advance_level, d.advance_contracts) for d in DATA.docks] == [
        (1, 2), (2, 1), (2, 2), (3, 1), (4, 1), (0, 0)]
    assert [d.levels for d in DATA.docks] == [(1,), (2,), (2,), (3,), (4,), ()]
    effects = [[e.effect for e in d.events] for d in DATA.docks]
    assert effects[2] == ["move_merchant", "favour_per_cotton", "order_limit"]
    assert effects[5] == ["gown_bonus", "end_game"]
    assert DATA.docks[4].events[0].values == (1, 2, 3)
    assert DATA.notable_spaces[4] == (5, 4, 3, 2) and DATA.notable_spaces[2] == (4, 3, 2, 1)
    assert DATA.guild_split == {4: (5, 5, 4), 3: (4, 3, 3), 2: (4, 3, 3)}


def test_notables_known_from_the_seed():
    assert Counter(n.level for n in DATA.notables) == {1: 8, 2: 7, 3: 5, 4: 4}
    assert [n.name_zh_hant for n in DATA.notables[:3]] == ["葡萄牙商人", "蘇菲", "多剎迦"]
    guild = {n.id: DATA.guilds[n.guild] for n in DATA.notables}
    assert (guild[4], guild[10], guild[13], guild[22]) == ("traders", "traders", "scholars",
                                                           "scholars")
    assert {guild[23], guild[24]} == {"artisans", "traders"}  # one card text for three guilds

    def contract(nid):
        return [DATA.goods[g].id for g in DATA.notables[nid - 1].contract]

    assert sorted(contract(8)) == ["log", "oil"]  # 7.2: the Cook's goods give 1 + 2
    assert "plank" in contract(10) and len(contract(10)) == 2  # 7.5: the Jagir
    assert contract(15)[1:] == ["cement"] and len(contract(15)) == 2  # 7.5: cement not on top
    assert "brick" in contract(13)  # 7.5: the Mullah
    assert "log" in contract(4)[1:]  # the Elephant keeper's top good came from another
    generous = {n.id: {DATA.goods[g].id: r for g, r in n.generous} for n in DATA.notables
                if n.generous}
    assert generous == {1: {"gown": 1}, 2: {"curry": 1}, 7: {"dye": 1}, 8: {"oil": 1},
                        12: {"paper": 1}, 13: {"brick": 1}, 16: {"statue": 2},
                        17: {"gown": 2}, 18: {"painting": 2}, 19: {"book": 2}}
    assert {n.id for n in DATA.notables if n.end_game} == {17, 19, 20, 21, 22, 23, 24}


def test_coins_and_each_players_components():
    assert sum(DATA.rupee_coins.values()) == 69
    assert sum(v * n for v, n in DATA.rupee_coins.items()) == 328
    assert DATA.per_player == {"workers": 10, "farmers": 4, "player_markers": 22,
                               "influence_markers": 3, "cover_tiles": 8, "start_rupees": 2}
    assert DATA.merchant_rerolls == (5, 6)


def test_the_farm_gives_every_good_its_two_tracks():
    # the provisional geometry still has to honour the stated rule: min 0, max 8
    corners = DATA.farm_corners
    for i, track in enumerate(DATA.farm_tracks):
        assert (track.start, track.end) == (corners[i], corners[(i + 1) % 4])
        assert track.farmer_start not in track.covers
    assert sum(len(t.covers) for t in DATA.farm_tracks) == 8
    assert 2 * (DATA.farm_tracks[0].spaces - 1) == DATA.production_max


def production(tracks, good, farmers, covers):
    """5.2.3: the empty spaces between a good's corner and the farmer on each of its two
    tracks (a cover tile is not empty but does not end the count)."""
    total = 0
    for t in tracks:
        if t.start == good:
            between = range(1, farmers[t.id])
        elif t.end == good:
            between = range(farmers[t.id] + 1, t.spaces + 1)
        else:
            continue
        total += sum(1 for space in between if space not in covers[t.id])
    return total


def test_every_good_starts_with_the_production_of_the_seeds_example():
    # 5.2.3 example: cyan produces 2 sandstone; the provisional farm starts every good at 2
    tracks = DATA.farm_tracks
    farmers = {t.id: t.farmer_start for t in tracks}
    covers = {t.id: set(t.covers) for t in tracks}
    assert {DATA.goods[g].id: production(tracks, g, farmers, covers)
            for g in DATA.farm_corners} == {"sandstone": 2, "log": 2, "turmeric": 2, "cotton": 2}
    # every cover removed and both farmers of a good at the far ends: the stated maximum 8
    log = DATA.good_index["log"]
    far = {t.id: (t.spaces if t.start == log else 1) for t in tracks}
    assert production(tracks, log, far, {t.id: set() for t in tracks}) == DATA.production_max


def test_the_paper_mill_example_fits_the_bonus_tiles():
    # Architect example: building the paper mill, yellow took a tile worth 4 rupees and 1 favour
    mill = DATA.buildings[DATA.building_index["paper_mill"]]
    assert any(t.level == mill.level and (t.rupees, t.favour) == (4, 1)
               for t in DATA.bonus_tiles)
    # and paid log (1) + cement (2) + 1 for two material types = its cost
    assert DATA.goods[DATA.good_index["log"]].build_value + DATA.goods[
        DATA.good_index["cement"]].build_value + 1 == mill.cost


# ---------------------------------------------------------------- each problem is caught

CASES = [
    # schema and types
    (lambda d: d.update(game="sabika"), "game must be 'agra', not 'sabika'"),
    (lambda d: d.update(schema_version=2), "schema_version must be 1, not 2"),
    (lambda d: d.pop("farm"), "farm must be an object"),
    (lambda d: good(d, "curry").update(value="two"),
     "goods[curry].value must be a whole number from 1 to 3, not 'two'"),
    (lambda d: good(d, "curry").update(value=3), "goods[curry].value must be 2, the seed's "
                                                 "value (5.2.1)"),
    (lambda d: good(d, "brick").update(build_value=1),
     "goods[brick].build_value is given, but only building materials have one"),
    (lambda d: good(d, "plank").update(build_value=3),
     "goods[plank].build_value must be a whole number from 1 to 2, not 3"),
    (lambda d: notable(d, 5).update(immediate="yes"),
     "notables.list[5].immediate must be true or false, not 'yes'"),
    # counts
    (lambda d: d["goods"].pop(), "goods must hold 16 entries, not 15"),
    (lambda d: d["building_bonus_tiles"].pop(), "building_bonus_tiles must hold 4 tiles of each "
                                                "level 2, 3 and 4"),
    (lambda d: d["favour"]["tiles"].pop(), "favour.tiles must hold 14 entries, not 13"),
    (lambda d: d["orders"]["list"].pop(), "orders.list must hold 18 entries, not 17"),
    (lambda d: d["tribute"]["bowls"].pop(), "tribute.bowls must hold 12 entries, not 11"),
    (lambda d: d["notables"]["list"].pop(), "notables.list must hold 24 entries, not 23"),
    (lambda d: d["notables"].update(levels={"I": [1, 9], "II": [10, 15], "III": [16, 20],
                                            "IV": [21, 24]}),
     "notables.levels must number level I 1-8, II 9-15, III 16-20 and IV 21-24 (8 / 7 / 5 / 4)"),
    (lambda d: notable(d, 9).update(level="I"),
     "notables.list[9].level must be the level of the numbers 1-8"),
    (lambda d: building(d, "sawmill").update(level=3),
     "buildings must have 4 processing buildings at each of levels 2, 3 and 4 (12 bonus tiles, "
     "4 per level)"),
    (lambda d: d["meditation"].update(level_count=7), "meditation.levels must hold 7 entries, "
                                                      "not 6"),
    (lambda d: d["farm"]["tracks"][0].update(covers=[1]),
     "farm.tracks must print 8 cover tiles in all, not 7"),
    # cross-references
    (lambda d: d["processing_arrows"][8].update({"from": "marble"}),
     "processing_arrows[marble->statue].from must name a good (sandstone, cement, brick, statue, "
     "log, plank, paper, book, turmeric, curry, dye, painting, cotton, oil, cloth, gown), not "
     "'marble'"),
    (lambda d: d["processing_arrows"][8].update({"from": "paper"}),
     "processing_arrows[paper->statue] must go one step up within a chain (basic to value 2, "
     "value 2 to luxury)"),
    (lambda d: d["processing_arrows"][9].update({"from": "plank"}),
     "buildings[bindery].input must be the good processed into book (plank, "
     "processing_arrows)"),
    (lambda d: d["processing_arrows"].append({"from": "sandstone", "to": "cement",
                                              "status": "stated", "sources": ["seed"]}),
     "processing_arrows must have 1 arrow into cement, not 2"),
    (lambda d: building(d, "tailor").update(output="book"),
     "buildings must have one building making gown, not 0"),
    (lambda d: d["building_grid"]["columns"][0].reverse(),
     "building_grid.columns[0][0] must be the quarry, top left (2.1)"),
    (lambda d: d["building_grid"]["columns"][3].reverse(),
     "building_grid.columns[3][3] must be the tailor, last in reading order (6.2.1.3)"),
    (lambda d: d["building_grid"]["columns"][1].__setitem__(0, "sawmill"),
     "building_grid.columns must place each of the 16 buildings exactly once"),
    (lambda d: d["building_grid"]["columns"][0].__setitem__(1, "sawmill"),
     "building_grid.columns[0] must be the 4 production buildings (5.1)"),
    (lambda d: d["building_bonus_tiles"][0].update(influence="nobles"),
     "building_bonus_tiles[2-artisans].influence must be one of artisans, traders, scholars, "
     "not 'nobles'"),
    (lambda d: d["favour"]["tiles"][1].update(need=1),
     "favour.tiles[2] needs 1 favour but pays 2: 'need' is at least 'pay'"),
    (lambda d: d["favour"]["tiles"][1].update(effect="fly"),
     "favour.tiles[2].effect must be one of"),
    (lambda d: d["meditation"]["levels"][4].update(mp=2),
     "meditation.levels[5].mp must not be below the level before it"),
    (lambda d: d["meditation"]["levels"][3].update(upgrade_cost=["marble"]),
     "meditation.levels[4].upgrade_cost[0] must name a good"),
    (lambda d: d["meditation"]["ring"]["actions"][4].update(outer=True),
     "meditation.ring.actions[move_farmer].outer must be false for move_farmer (the centre) and "
     "true for the others (6.1.2)"),
    (lambda d: d["farm"].update(corners=["sandstone", "log", "cement", "cotton"]),
     "farm.corners must be the four basic goods once each (sandstone, log, turmeric, cotton)"),
    (lambda d: d["farm"]["tracks"][1].update({"from": "cotton"}),
     "farm.tracks[right] must run from corner 2 to the next corner, clockwise (log to turmeric)"),
    (lambda d: d["farm"]["tracks"][0].update(covers=[3, 5]),
     "farm.tracks[top].farmer_start must not be a space with a cover tile"),
    (lambda d: d["influence_track"]["rupees"].reverse(),
     "influence_track.rupees must not fall as the level rises"),
    (lambda d: d["influence_track"].update(top=12),
     "influence_track.rupees must hold 13 entries, not 11"),
    (lambda d: d["influence_track"]["favour_rewards"][1].update(level=5),
     "influence_track.favour_rewards must be at levels 3 and 6 (6.2.2)"),
    (lambda d: d["orders"]["list"][0].update(position=2),
     "orders.list must give the artisans positions 1 to 6 once each"),
    (lambda d: d["orders"]["list"][0].update(goods=["oil", "silk"]),
     "orders.list[artisans-1].goods[1] must name a good"),
    (lambda d: d["orders"].update(initial_limit=4),
     "orders.initial_limit must be below the first limit marker (4)"),
    (lambda d: d["tribute"]["bowls"][0].update(die=2),
     "tribute.bowls must number the 6 bowls of the left half 1 to 6"),
    (lambda d: d["tribute"]["bowls"][6].update(good="cotton"),
     "tribute.bowls must include curry's bowl (Appendix I, #20)"),
    (lambda d: d["tribute"]["bowls"][1].update(good="cement"),
     "tribute.bowls must not give a good two bowls"),
    (lambda d: d["river"]["docks"][1].update(events=[]),
     "river.docks[1].events must be the seed's events for this dock (build_builder_building; "
     "7.1)"),
    (lambda d: d["river"]["docks"][2]["events"][2].update(limit=5),
     "river.docks must place the order limit markers where orders.limit_markers says"),
    (lambda d: d["river"]["guild_split"].update({"4": [5, 5, 5]}),
     "river.guild_split.4 must split the notables placed among 3 guilds"),
    (lambda d: notable(d, 3).update(guild="nobles"),
     "notables.list[3].guild must be one of artisans, traders, scholars, not 'nobles'"),
    (lambda d: [n.update(guild="scholars") for n in d["notables"]["list"]],
     "notables.list must hold at least 5 artisans notables, enough for the 4-player split (2.1)"),
    (lambda d: notable(d, 3).update(contract=["brick", "brick"]),
     "notables.list[3].contract must name different goods"),
    (lambda d: notable(d, 3).update(contract=["brick", "log", "oil", "gown"]),
     "notables.list[3].contract must name 2 or 3 goods, top to bottom (7.4)"),
    (lambda d: notable(d, 2).update(generous={"curry": 2}),
     "notables.list[2] must have the seed's ability (meditation_level_now) and generous goods "
     "({\"curry\": 1}): Appendix I"),
    (lambda d: notable(d, 17).update(end_game=False),
     "notables.list[17] must have the seed's timing: immediate false, once_per_turn false, "
     "end_game true (Appendix I)"),
    (lambda d: d["rupee_coins"].update({"20": 7}),
     "rupee_coins must be 28 x 1, 15 x 2, 10 x 5, 10 x 10 and 6 x 20 (1.0)"),
    (lambda d: d["per_player"].update(workers=9), "per_player.workers must be 10 (1.0, 2.2)"),
    (lambda d: d["price_markers"].update(faces=[2, -1]),
     "price_markers.faces must be two faces, each +1 or -1"),
    # statuses
    (lambda d: good(d, "cement").update(status="guessed"),
     "goods[cement] has the status 'guessed'; a status is one of stated, derived, inferred, "
     "provisional"),
    (lambda d: building(d, "sawmill").pop("cost_how"),
     "buildings[sawmill].cost is provisional but does not say how it was chosen (cost_how)"),
    (lambda d: d["meditation"]["levels"][5].update(how=""),
     "meditation.levels[6] is provisional but does not say how it was chosen (how)"),
    (lambda d: d["tribute"]["bowls"][0].update(status="stated"),
     "tribute.bowls[left-1] has a status other than provisional but names no sources"),
    (lambda d: good(d, "cement").update(sources=["bgg"]),
     "goods[cement] names the source 'bgg', which 'sources' does not define"),
    (lambda d: d["rupee_coins"].pop("status"),
     "rupee_coins.1 has no status (give it a <field>_status or its object a status)"),
    (lambda d: d["farm"].update(cover_layout_status="stated"),
     "farm.cover_layout_status gives a status to 'cover_layout', which is missing"),
    (lambda d: [notable(d, 5).pop(k) for k in ("guild_status", "guild_how")],
     "notables.list[5].guild must carry its own status (guild_status): the seed's text does not "
     "give it"),
    (lambda d: d["tribute"]["bowls"][0].pop("status"),
     "tribute.bowls[left-1] must carry its own status: the seed's text does not give it"),
    (lambda d: good(d, "cement").update(name_en_evidence=3), "goods[cement].name_en_evidence "
                                                             "must be a text, not 3"),
    (lambda d: d["status_values"].pop("inferred"),
     "status_values must say in words what each of stated, derived, inferred, provisional means"),
]


@pytest.mark.parametrize(("edit", "sentence"), CASES)
def test_each_problem_is_named_in_a_sentence(edit, sentence):
    problems = edited(edit)
    assert any(p.startswith(sentence) for p in problems), problems


def test_a_corrected_value_passes_when_it_names_its_source():
    def correct(d):
        mill = building(d, "sawmill")
        mill.update(cost=2, cost_status="stated", cost_sources=["box"])
        mill.pop("cost_how")
        d["sources"]["box"] = {"what": "the unbuilt building tile", "where": "my copy"}

    assert edited(correct) == []
    document = copy.deepcopy(DOCUMENT)
    correct(document)
    assert "buildings[sawmill].cost" not in {p.what for p in provisional_values(document)}


def test_the_document_must_be_an_object():
    assert check_document([]) == ["the document must be a JSON object"]


@pytest.mark.parametrize("junk", [None, "x", 3, [], {}, True])
def test_no_shape_makes_the_check_fail_itself(junk):
    # every top-level value and every entry's value in turn replaced by junk: the check
    # answers with sentences, never an exception
    for key in DOCUMENT:
        problems = edited(lambda d, key=key: d.__setitem__(key, junk))
        assert all(isinstance(p, str) for p in problems)
        text = key == "note" or key.endswith(("_evidence", "_note"))  # any text will do
        assert problems or (text and isinstance(junk, str)), key
    for family in ("goods", "buildings", "processing_arrows", "building_bonus_tiles"):
        for field in DOCUMENT[family][0]:
            problems = edited(lambda d, f=family, k=field: d[f][0].__setitem__(k, junk))
            assert all(isinstance(p, str) and "malformed" not in p for p in problems)


# ---------------------------------------------------------------- provisional values

FAMILIES = {
    "goods[].build_value": 2,
    "processing_arrows[]": 4,
    "buildings[].name_en": 9,
    "buildings[].input": 4,
    "buildings[].level": 12,
    "buildings[].cost": 11,
    "building_grid.columns": 1,
    "building_bonus_tiles[].level": 12,
    "meditation.level_count": 1,
    "meditation.levels[]": 2,
    "meditation.levels[].upgrade_cost": 3,
    "farm.corners": 1,
    "farm.tracks": 1,
    "influence_track.start": 1,
    "influence_track.top": 1,
    "influence_track.rupees": 1,
    "influence_track.same_for_every_guild": 1,
    "influence_track.favour_rewards[].favour": 1,
    "orders.initial_limit": 1,
    "orders.list[]": 15,
    "orders.list[].position": 3,
    "tribute.bowls[]": 11,
    "tribute.bowls[].half": 1,
    "tribute.bowls[].die": 1,
    "notables.list[].guild": 20,
    "notables.list[].contract": 24,
    "price_markers.faces": 1,
}


def test_every_provisional_family_is_listed_with_a_reason():
    found = provisional_values(DOCUMENT)
    families = Counter(re.sub(r"\[[^\]]*\]", "[]", value.what) for value in found)
    assert families == FAMILIES
    assert len(found) == sum(FAMILIES.values()) == 145
    assert all(len(value.reason) > 40 for value in found)  # a method, not a word


def test_the_readme_explains_every_provisional_family():
    found = provisional_values(DOCUMENT)
    for family in {value.what.split("[")[0].split(".")[0] for value in found}:
        assert f"`{family}" in README, family
    assert "145 values in all" in README
    assert "eurogames data agra --check" in README


def test_no_value_is_left_unknown():
    text = json.dumps(DOCUMENT)
    assert '"unknown"' not in text and "null" not in text.replace(
        '"influence": null', "").replace('"advance": null', "")
