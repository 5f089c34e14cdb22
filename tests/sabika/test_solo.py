"""Solo against Yusuf (YS, YT, YM, YA, YP, YR, YE, Q52–Q57, Q65–Q69). Solo is registered
(``min_players`` is 1; Yusuf is an opponent that is not a seat, docs/api.md); these tests
make the game with ``GAME._new(1, …)`` to reach positions directly."""

from __future__ import annotations

import json

import pytest

from eurogames.core import Rng
from eurogames.games.sabika.data import DATA
from eurogames.games.sabika.game import GAME
from eurogames.games.sabika.solo import YUSUF

from .helpers import play, put, texts


def solo(seed: int = 1, **options):
    return GAME._new(1, seed, GAME.check_options(1, options))


def human_turn(seed: int = 1, **options):
    """Solo at the human's first turn (Yusuf, the start player, has played his)."""
    state = solo(seed, yusuf_choices="policy", **options)
    while state.d["phase"] == "start" or state.d["stack"]:
        play(state, texts(state)[0])
    return state


def blank_yusuf(state):
    y = state.d["y"]
    y.update(pts={"start": 5}, paria=0, ships={}, seals=0, large=(), small=(), houses=(),
             minors=(), majors=(), carved=0, work=["", "", "", ""], mb=-1)
    return y


def test_ys1_two_player_set_up_without_f1():
    for seed in range(10):
        d = solo(seed).d
        majors = [m for m in d["major"] if m]
        assert len(majors) == 4 and "F1" not in majors
        assert sum(1 for c in d["minor"] if c) == 3 and len(d["sultans"]) == 8
        assert d["y"]["pts"] == {"start": 5}
    assert solo(1, yusuf_start_score=10).d["y"]["pts"] == {"start": 10}


def test_ys3_his_first_ship_is_consolidated_nearest_to_granada_with_its_seal():
    state = solo(2, yusuf_choices="policy")
    y = state.d["y"]
    (city, side), = y["ships"].items()
    assert side == 2 and y["seals"] == 1 and city not in state.d["seals"]
    assert state.meets_trade_card(city) or not any(
        state.meets_trade_card(c) for c in state.b.cities)


def test_q53_a_tie_for_his_first_ship_is_the_humans_decision():
    for seed in range(40):
        state = solo(seed)
        if state.d["stack"][-1]["k"] == "yusuf":
            options = texts(state)
            assert len(options) > 1 and state.current_player == 0
            play(state, options[-1])
            assert options[-1].split()[1] in state.d["y"]["ships"]
            return
    pytest.skip("no seed with a tie")


def test_ys4_q34_yusuf_starts_and_the_human_takes_the_second_dinars():
    state = solo(3, yusuf_choices="policy")
    tile = state.d["p"][0]["dealt"][0]
    play(state, f"start {tile}")
    d = state.d
    assert d["first"] == YUSUF and d["y"]["stamp"] > d["p"][0]["stamp"]
    assert d["p"][0]["dinars"] >= 3  # start_dinars[1], plus what the tile gives


def test_yt2_yt3_his_turn_follows_the_humans_at_once_and_reveals():
    state = human_turn(4)
    d = state.d
    assert len(d["y"]["turned"]) == 1 and state.current_player == 0
    rest = state.parse_action("rest p")
    assert state.reveals(rest)  # I5: his tile and card are turned next
    play(state, "rest p")
    assert len(d["y"]["turned"]) == 2 and any(e.kind == "yusuf_turn"
                                              for e in state.last_events())


def test_w5_q4_landing_on_yusufs_worker_pays_the_supply():
    state = human_turn(5)
    d = state.d
    d["y"]["work"] = ["o2", "", "", ""]
    d["sultans"] = ()
    d["p"][0].update(dinars=1, work=["", "", "", ""], up=[True] * 4)
    state._legal = None
    play(state, "move b1 o2")
    assert d["p"][0]["dinars"] == 0


def test_ym4_ym5_his_master_builders_never_share_a_space():
    state = human_turn(6)
    y = state.d["y"]
    y["work"], y["mb"] = ["o3", "o7", "", ""], -1
    assert state.y_builder("o4") == 0 and state.y_builder("o8") == 1
    y["mb"] = 0
    assert state.y_builder("o4") == 1


def test_ya1_q30_the_highest_current_era_tile_of_a_wish_type():
    state = human_turn(7)
    d = state.d
    blank_yusuf(state)
    d["wishes"] = ("A1", "B1", "C1")  # palace and garden
    state.y_large_building({})
    y = d["y"]
    palaces = [t.id for t in state.data.large_buildings if t.era == 1 and t.type == "palace"]
    assert y["large"] == (max(palaces),) and y["favour"] == 1


def test_ya1_q30_q41_with_face_down_wishes_only_the_tower_counts():
    """Q30, Q41: with ``wishes_face_down`` Yusuf reads only the wish tiles in the tower: with
    none there he takes the highest-numbered current-era tile of any type."""
    era_one = [t for t in DATA.large_buildings if t.era == 1]
    highest = max(era_one, key=lambda t: t.id)
    other = next(w for w in ("A1", "A2", "A3")
                 if highest.type not in next(x for x in DATA.wishes if x.id == w).types)
    taken = {}
    for face_down in (False, True):
        state = human_turn(7, wishes_face_down=face_down)
        d = state.d
        blank_yusuf(state)
        d["wishes"], d["tower"] = (other, "B1", "C1"), ()
        d["large"] = tuple(t.id for t in era_one)
        state.y_large_building({})
        taken[face_down] = d["y"]["large"][0]
    assert taken[True] == highest.id
    assert taken[False] != highest.id  # face up: a tile of the wish's types
    state = human_turn(7, wishes_face_down=True)
    state.d["wishes"], state.d["tower"] = (other, "B1", "C1"), (other,)
    assert state.wish_types() == set(next(x for x in DATA.wishes if x.id == other).types)


def test_ya2_q31_the_rightmost_column_lowest_of_a_wish_type_else_its_top():
    state = human_turn(8)
    d = state.d
    blank_yusuf(state)
    d["wishes"] = ("A2", "B1", "C1")  # fountain and tower
    cards = state.data.small_buildings
    towers = [c.id for c in cards if c.type == "tower"]
    others = [c.id for c in cards if c.type not in ("tower", "fountain")]
    d["small"] = [others[0], others[1], others[2], towers[-1]]  # s3, s4: the right column
    state.y_small_building({})
    assert d["y"]["small"] == (towers[-1],) and d["small"][3] == 0
    state.y_small_building({})
    assert d["y"]["small"][-1] == others[2]  # none of a wish type: the column's top


def test_ya3_q68_the_tile_with_most_boxes_beside_him_else_opposite():
    state = human_turn(9)
    d = state.d
    y = blank_yusuf(state)
    d["whd"] = [1, 23, 0, 13]  # w1 (1 box), w2 (3 boxes) beside o1; w4 (2) beside o5
    put(y, "work", 0, "o1")
    state.y_warehouse({"w": 0})
    assert y["houses"] == (23,)
    put(y, "work", 0, "o5")
    state.y_warehouse({"w": 0})
    assert y["houses"] == (23, 13)
    state.y_warehouse({"w": 0})
    assert y["houses"] == (23, 13, 1)  # nothing beside o5 now: the opposite space's


def test_ya4_his_export_takes_a_seal_city_of_the_criterion_nearest():
    state = human_turn(10)
    d = state.d
    y = blank_yusuf(state)
    d["trade"] = 7  # every city meets it
    d["seals"] = ("algiers", "venice")
    state.y_export({})
    assert y["ships"] == {"algiers": 1} and y["seals"] == 1


@pytest.mark.parametrize("fallback", ["criterion", "any"])
def test_ya4_q54_without_a_criterion_city_he_takes_a_city_with_a_seal(fallback):
    """YA4: 「如果沒有符合貿易牌評分標準的城市，你必須把他的船放在1個有印章的城市」, under
    either reading of the case before it (option ``yusuf_export_fallback``, Q54)."""
    state = human_turn(10, yusuf_export_fallback=fallback)
    d = state.d
    y = blank_yusuf(state)
    d["trade"] = 1  # Europe
    europe = [c for c in state.b.cities if state.meets_trade_card(c)]
    y["ships"] = dict.fromkeys(europe, 1)  # no free city meets the criterion
    free = [c for c in state.b.cities if c not in europe]
    far = max(free, key=state.y_distance)  # the seal lies on the farthest free city
    assert state.nearest(free) != [far]
    d["seals"] = (far,)
    state.y_export({})
    assert y["ships"][far] == 1 and y["seals"] == 1


def test_ya5_ya6_consolidating_next_to_each_other():
    state = human_turn(11)
    d = state.d
    y = blank_yusuf(state)
    y["ships"] = {"cairo": 1}
    d["p"][0]["ships"] = {"cairo": 2}
    d["p"][0]["dinars"] = 0
    state.y_consolidate({})
    assert y["ships"] == {"cairo": 2} and d["p"][0]["dinars"] == 1  # Q33
    assert d["p"][0]["pts"]["other"] >= 1


def test_ya7_q56_he_carves_minor_major_minor_and_two_majors_at_most():
    state = human_turn(12)
    d = state.d
    y = blank_yusuf(state)
    d["minor"] = [3, 9, 5, 0, 0]
    d["major"] = ["A1", "C2", "B1", "", "", "", "", ""]
    state.y_carve_poem({})
    state.y_carve_poem({})
    state.y_carve_poem({})
    assert y["minors"] == (9, 5) and y["majors"] == ("C2",) and y["carved"] == 3


def test_yr2_yusuf_highest_on_paria_starts_the_next_round():
    state = human_turn(13)
    d = state.d
    d["y"]["paria"], d["p"][0]["paria"] = 5, 1
    d["stack"] = [{"k": "_chooser", "seat": 0}]
    state._settle()
    assert d["first"] == YUSUF
    d["y"]["paria"] = 0
    d["stack"] = [{"k": "_chooser", "seat": 0}]
    state._settle()
    state._legal = None
    assert texts(state) == ["first 1", "first yusuf"]


def test_yr4_his_tribute_comes_off_his_marker_then_his_points():
    state = human_turn(14)
    y = blank_yusuf(state)
    y["paria"] = 1
    state._step_ytribute({"due": 3})
    assert y["paria"] == 0 and state.y_score() == 5 - 2


def test_ye4_ye5_his_minors_fill_trios_and_his_small_buildings_are_balances():
    state = human_turn(15)
    y = blank_yusuf(state)
    y.update(minors=(1, 2, 3, 4), majors=("A3", "C3"), small=(1, 2))
    assert state.y_major_points("A3") == 5 * 2
    assert state.y_major_points("C3") == 3 * 2


def test_ye3_a_major_counting_building_types_counts_his_different_types():
    """YE3 (「為他結算大調詩歌」, as for a player): D2 counts different building types, for
    him as for the human; three palaces are one type."""
    state = human_turn(3)
    y = blank_yusuf(state)
    palaces = tuple(t.id for t in DATA.large_buildings if t.type == "palace")[:3]
    gardens = tuple(c.id for c in DATA.small_buildings if c.type == "garden")[:2]
    y.update(large=palaces, small=gardens)
    assert state.y_count("building_types") == 2
    card = next(m for m in DATA.major_poems if m.id == "D2")
    assert card.scoring.count == "building_types"
    assert state.y_major_points("D2") == min(card.scoring.points * 2, card.scoring.max or 99)


def test_q52_solo_results():
    for seed in range(3):
        state = solo(seed, yusuf_choices="policy")
        rng = Rng(seed)
        while not state.is_over():
            state.apply(rng.choice(state.legal_actions()))
        mine, his = state.solo_standing()
        assert state.returns() == [1.0 if mine > his else 0.0 if mine == his else -1.0]
        assert state.winners() == ([0] if mine >= his else [])
        (yusuf,) = state.opponents()  # not a seat (docs/api.md)
        assert (yusuf.key, yusuf.score, yusuf.won) == ("yusuf", state.y_score(), his >= mine)
        assert sum(part.points for part in yusuf.parts) == yusuf.score
        said = state.describe_event(state.last_events()[-1], "en")
        assert said.startswith("The game is over") and "Yusuf" in said


@pytest.mark.parametrize("events", ["none", "random"])
def test_random_solo_games_keep_json_views_and_end(events):
    for seed in range(3):
        state = solo(seed, events=events)
        rng = Rng(seed + 50)
        while not state.is_over():
            assert state.current_player == 0
            if state.ply % 4 == 0:
                data = state.to_json()
                assert GAME.from_json(data).to_json() == data
                for seat in (None, 0):
                    view = state.view(seat)
                    assert json.loads(json.dumps(view)) == view
                    assert state.resample_hidden(seat, 7).view(seat) == view
            state.apply(rng.choice(state.legal_actions()))
        assert state.d["round"] == 5 and len(state.d["y"]["turned"]) == 4
