"""The advanced mode (進階模式): set-up and change of the events (AD1–AD5) and each event's
change (EV1–EV14), on positions built by hand; then random games under events with the
contract's checks (JSON, views under resampling, reveals)."""

from __future__ import annotations

import json

import pytest

from eurogames.core import Rng
from eurogames.games.sabika.data import DATA

from .helpers import blank, new, play, playing, put, texts, turn


def with_event(number: int, players: int = 2, **options):
    state = blank(playing(players, **options))
    state.d["event"] = number
    state._legal = None
    return state


# -- set-up and change (AD) ------------------------------------------------------------------
def test_ad1_ad2_three_events_current_future_and_one_face_down():
    state = new(3, seed=4, events="random")
    d = state.d
    assert d["event"] and d["future"] and len(d["event_pile"]) == 1
    assert len({d["event"], d["future"], *d["event_pile"]}) == 3
    view = state.view(0)
    assert view["event"] == d["event"] and view["future"] == d["future"]
    assert view["event_pile"] == 1  # I1: only its size
    assert new(3, seed=4).d["event"] == 0  # events=none: the base game


@pytest.mark.parametrize(("choice", "colours"), [("green1red2", ["green", "red", "red"]),
                                                  ("red3", ["red", "red", "red"])])
def test_ad1_yd1_draws_by_colour(choice, colours):
    for seed in range(10):
        d = new(2, seed=seed, events=choice).d
        drawn = [d["event"], d["future"], *d["event_pile"]]
        assert sorted(DATA.events[e - 1].colour for e in drawn) == colours


def test_q63_a_chosen_list_is_taken_in_order():
    d = new(2, events="1,7,12").d
    assert (d["event"], d["future"], d["event_pile"]) == (1, 7, (12,))
    with pytest.raises(ValueError, match="events"):
        new(2, events="1,1,2")
    with pytest.raises(ValueError, match="events"):
        new(2, events="sometimes")


def test_ad3_q28_the_events_change_after_tribute_in_rounds_two_and_four():
    state = blank(playing(2, events="1,7,12"))
    d = state.d
    d["round"] = 2
    for p in d["p"]:
        p["up"] = [False] * 4
    put(d["p"][0], "up", 3, True)
    turn(state, 0)
    play(state, "rest p")
    while d["round"] == 2:
        play(state, texts(state)[0])
    assert (d["event"], d["future"], d["event_pile"], d["event_discard"]) == (7, 12, (), (1,))
    assert any(e.kind == "event" for e in state.last_events()) or d["event"] == 7


def test_i4_the_face_down_event_is_redrawn_among_the_unseen_of_its_colour():
    state = new(2, seed=3, events="green1red2")
    d = state.d
    seen = {d["event"], d["future"]}
    colours = {DATA.events[e - 1].colour for e in seen}
    hidden = {state.resample_hidden(0, seed).d["event_pile"][0] for seed in range(30)}
    assert not hidden & seen and len(hidden) > 1
    want = "red" if "green" in colours else "green"
    assert {DATA.events[e - 1].colour for e in hidden} == {want}


# -- the events (EV) ---------------------------------------------------------------------------
def test_ev1_market_buys_cost_one_less_and_sales_give_one_more():
    state = with_event(1)
    assert state.price("plaster") == 0 and state.price("marble") == 1 and state.price("raw") == 0
    assert state.proceeds("wood") == 3 and state.proceeds("goods") == 4


def test_ev2_ev6_poems_cost_one_less_or_more_never_below_zero():
    assert with_event(2).poem_dinars(0, "blue") == 0
    assert with_event(6).poem_dinars(0, "red") == 3


def test_ev3_each_exported_goods_gives_one_more_paria():
    state = with_event(3)
    d = state.d
    d["p"][0].update(dinars=9, goods=[1, 0, 0])
    d["cities"]["algiers"] = 3  # demands pottery
    turn(state, 0)
    play(state, "move m m1", "export algiers sugar")
    assert d["p"][0]["paria"] == 2 + 2  # 1 + EV3's 1, then the city reward's 2


def test_ev4_q27_q44_the_same_material_may_repeat():
    state = with_event(4)
    d = state.d
    d["p"][0]["mat"] = [2, 2, 0, 0]
    turn(state, 0)
    play(state, "move b1 o3")
    moves = texts(state)
    assert "large 1 pay plaster,wood,wood" in moves and "large 1 pay plaster,plaster" not in moves
    other = with_event(4, event4_large_plaster_extras=True)
    other.d["p"][0]["mat"] = [2, 2, 0, 0]
    turn(other, 0)
    play(other, "move b1 o3")
    assert "large 1 pay plaster,plaster,wood" in texts(other)
    plain = blank(playing(2))
    plain.d["p"][0]["mat"] = [2, 2, 0, 0]
    turn(plain, 0)
    play(plain, "move b1 o3")
    assert "large 1 pay plaster,wood,wood" not in texts(plain)


@pytest.mark.parametrize(("event", "due"), [(5, 1), (8, 3), (14, 2)])
def test_ev5_ev8_tribute_one_less_or_one_more(event, due):
    state = with_event(event)
    d = state.d
    d["active"] = -1
    state._end_round()
    frames = [f for f in d["stack"] if f["k"] == "tribute"]
    assert {f["due"] for f in frames} == {due}  # round 1: 2 paria


def test_ev7_q26_each_material_scores_one_less():
    state = with_event(7)
    assert state.build_points(0, (1, 1, 1, 1)) == 0 + 1 + 2 + 3


def test_ev9_every_route_of_the_path_costs_one_more():
    state = with_event(9)
    state.d["p"][0]["ships"] = {"florence": 1}
    assert state.route_cost(0, "constantinople") == 2 + 2 + 2  # X16's path: 2 routes


def test_ev10_consolidating_costs_a_dinar():
    state = with_event(10)
    d = state.d
    d["p"][0]["ships"] = {"algiers": 1}
    turn(state, 0)
    assert "move m m3" not in texts(state) or d["marble"]["k1"]
    d["p"][0]["dinars"] = 1
    state._legal = None
    play(state, "move m m3", "consolidate algiers")
    assert d["p"][0]["dinars"] == 0


def test_ev11_q42_only_the_first_step_is_free():
    state = with_event(11)
    p = state.d["p"][0]
    p.update(work=["o2", "", "", ""], dinars=5)
    turn(state, 0)
    play(state, "move b1 o6")
    assert p["dinars"] == 2
    play(state, "quarry wood,wood", "done")
    turn(state, 0)
    play(state, "move b2 o2")  # from the workshop: free
    assert p["dinars"] == 2


def test_ev12_q4_two_dinars_per_other_players_worker_one_per_sultans():
    for option, sultan in ((1, 1), (2, 2)):
        state = with_event(12, event12_sultans_workers=option)
        d = state.d
        d["p"][0]["dinars"] = 5
        d["p"][1]["work"] = ["o2", "", "", ""]
        d["sultans"] = ["o2"]
        turn(state, 0)
        play(state, "move b1 o2")
        assert d["p"][1]["dinars"] == 2 and d["p"][0]["dinars"] == 5 - 2 - sultan


def test_ev13_every_secondary_action_costs_one_more():
    state = with_event(13)
    d = state.d
    d["raws"]["r1"] = 0
    d["p"][0]["dinars"] = 1
    turn(state, 0)
    play(state, "move m m1", "secondary r1")
    assert d["p"][0]["dinars"] == 0  # the merchant's raw slot: 1


def test_ev14_q43_a_dinar_or_a_seal_before_the_tribute_else_a_point():
    state = with_event(14)
    d = state.d
    d["p"][0].update(dinars=1, seals=1)
    d["stack"] = [{"k": "fee", "seat": 0}]
    state._legal = None
    assert texts(state) == ["fee dinar", "fee seal"]
    play(state, "fee seal")
    assert d["p"][0]["seals"] == 0
    d["stack"] = [{"k": "fee", "seat": 1}]
    state._settle()
    assert state.scores()[1] == 4


# -- random games under events ------------------------------------------------------------------
def revealed_to(state, action, seat) -> bool:
    after = state.clone()
    after.apply(action)
    seen = after.view(seat)
    for seed in range(3):
        world = state.resample_hidden(seat, 7919 * seed + state.ply)
        if action in world.legal_actions():
            world.apply(action)
            if world.view(seat) != seen:
                return True
    return False


@pytest.mark.parametrize("events", ["random", "green1red2", "red3", "4,11,14"])
def test_random_games_under_events_keep_the_contract(events):
    game = new(2).game
    for players in (2, 4):
        state = new(players, seed=len(events), events=events)
        rng = Rng(players)
        while not state.is_over():
            legal = state.legal_actions()
            action = rng.choice(legal)
            if state.ply % 9 == 0:
                data = state.to_json()
                assert game.from_json(data).to_json() == data
                for seat in (None, *range(players)):
                    view = state.view(seat)
                    assert json.loads(json.dumps(view)) == view
                    assert state.resample_hidden(seat, 3).view(seat) == view
                    if not state.reveals(action):
                        assert not revealed_to(state, action, seat), (state.ply, action.text)
            state.apply(action)
        assert state.d["round"] == 5
