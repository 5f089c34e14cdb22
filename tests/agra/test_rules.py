"""One test per rule of docs/rules/agra.md, named after its id."""

from __future__ import annotations

import pytest

from eurogames.core.errors import IllegalActionError
from eurogames.games.agra.actions import GOOD
from eurogames.games.agra.rules import NEUTRAL

from .helpers import give, legal, new, notable_on_river, own, play, refresh, worker


# -- set-up (U, V) ---------------------------------------------------------------------------
def test_u3_only_the_production_buildings_are_built():
    s = new(4)
    assert s.d["built"] == [True] * 4 + [False] * 12


def test_u4_the_merchant_starts_in_column_one_and_u5_the_builder_on_an_unbuilt_building():
    for seed in range(20):
        s = new(4, seed=seed)
        assert 0 <= s.d["merchant"] < 4 and s.d["coins"] == [0] * 16  # Q28
        assert 4 <= s.d["builder"] < 16


def test_u7_notables_by_level_and_guilds_split_5_5_4():
    for seed in range(10):
        s = new(4, seed=seed)
        levels = [s.t.n_level[n["id"]] for n in s.d["river"]]
        assert [levels.count(lv) for lv in range(4)] == [5, 4, 3, 2]
        guilds = [s.t.n_guild[n["id"]] for n in s.d["river"]]
        assert sorted(guilds.count(u) for u in range(3)) == [4, 5, 5]


def test_v1_two_players_place_10_notables_split_4_3_3():
    s = new(2, seed=3)
    levels = [s.t.n_level[n["id"]] for n in s.d["river"]]
    assert [levels.count(lv) for lv in range(4)] == [4, 3, 2, 1]
    guilds = [s.t.n_guild[n["id"]] for n in s.d["river"]]
    assert sorted(guilds.count(u) for u in range(3)) == [3, 3, 4]


def test_v2_v3_neutral_markers_with_two_and_three_players():
    two, three, four = new(2, seed=5), new(3, seed=5), new(4, seed=5)
    assert [c.count(NEUTRAL) for c in two.d["orders"]] == [2, 2, 2]
    assert [c.count(NEUTRAL) for c in three.d["orders"]] == [1, 1, 1]
    assert 2 <= two.d["bowls"].count(NEUTRAL) <= 4 and three.d["bowls"].count(NEUTRAL) == 2
    assert four.d["bowls"].count(NEUTRAL) == 0
    for s in (two, three):  # U14, O9: an order marker never rests on a neutral order
        assert all(s.d["orders"][u][s.d["order_at"][u]] is None for u in range(3))


def test_u15_three_favour_tiles_are_displayed():
    s = new(4)
    assert len(s.d["display"]) == 3 and len(s.d["stack_tiles"]) == 11
    assert sorted(s.d["display"] + s.d["stack_tiles"]) == list(range(1, 15))


def test_u11_each_player_starts_with_2_rupees_22_markers_10_workers():
    s = new(3)
    for p in s.d["p"]:
        assert (p["rupees"], p["markers"], p["workers"], p["level"]) == (2, 22, 10, 1)


# -- the farm (A) ----------------------------------------------------------------------------
def test_a3_production_counts_the_empty_squares_to_both_farmers():
    s = new(2)
    # shipped farm: 5 squares a track, farmers on 3, covers on 1 and 5 of every track
    assert s.production(0, GOOD["sandstone"]) == 2
    play(s, "place 1.1")
    assert "produce 2" in legal(s) and "produce 3" not in legal(s)


def test_a4_a_farmer_never_moves_onto_a_cover_tile():
    s = new(2)
    assert s.farmer_moves_ok(0, ((0, 1),)) and not s.farmer_moves_ok(0, ((0, 2),))
    s.d["p"][0]["covers"][0] = [1]
    assert s.farmer_moves_ok(0, ((0, 2),))
    assert s.production(0, GOOD["log"]) == 2 + 1  # top track squares 4, 5; right track 2


# -- meditation (M) --------------------------------------------------------------------------
def test_m2_the_kth_worker_gives_the_mp_of_level_l_minus_k_plus_1():
    s = new(2)
    s.d["p"][0]["level"] = 3
    for space in ("architect", "boatman", "trader"):
        worker(s, space, 0)
    play(s, "lay architect", "lay boatman", "lay trader")
    assert s.d["turn"]["mp"] == 2 + 2 + 1  # 6.1.1's example


def test_m3_no_worker_is_laid_after_a_meditation_action():
    s = new(2)
    worker(s, "architect", 0)
    worker(s, "boatman", 0)
    play(s, "lay architect")
    assert "meditate farmer 1+" in legal(s)
    play(s, "meditate farmer 1+")
    assert "lay boatman" not in legal(s)


def test_m5_the_covered_action_cannot_be_taken():
    s = new(2)
    s.d["turn"]["mp"] = 5
    n = notable_on_river(s, 1)
    give(s, 0, cloth=1, cotton=1)
    assert s.d["covered"] == "deliver"  # M9, U9
    assert not any(t.startswith("meditate deliver") for t in legal(s))
    assert "meditate process cotton oil" in legal(s)
    del n


def test_m5b_processing_costs_the_value_of_the_good_made():
    s = new(2)
    give(s, 0, cotton=1)
    s.d["turn"]["mp"] = 2
    refresh(s)
    play(s, "meditate process cotton oil")
    assert s.d["turn"]["mp"] == 0 and s.d["p"][0]["goods"][GOOD["oil"]] == 1


def test_m7_the_marker_covers_the_last_outer_action_and_q7_stays_without_one():
    s = new(2)
    give(s, 0, cotton=1)
    s.d["turn"]["mp"] = 4
    refresh(s)
    play(s, "meditate process cotton oil", "meditate farmer 1+", "place architect")
    assert s.d["covered"] == "process"
    t = new(2)
    t.d["turn"]["mp"] = 1
    refresh(t)
    play(t, "meditate farmer 1+", "place architect")
    assert t.d["covered"] == "deliver"


# -- placement (W) ---------------------------------------------------------------------------
def test_w3_a_lying_worker_is_bumped_without_compensation():
    s = new(2)
    worker(s, "trader", 1, standing=False)
    play(s, "place trader")
    assert s.d["p"][1]["workers"] == 10 and s.d["p"][1]["favour"] == 0


def test_w4_a_standing_worker_bumped_gives_its_owner_favour():
    s = new(2)
    worker(s, "trader", 1)
    play(s, "place trader")
    assert s.d["p"][1]["workers"] == 10 and s.d["p"][1]["favour"] == 1
    t = new(2)
    t.d["p"][1]["level"] = 4
    worker(t, "trader", 1)
    play(t, "place trader")
    assert t.d["p"][1]["favour"] == 2


def test_w5_overtime_costs_2_rupees_and_n12_the_calligrapher_1():
    s = new(2)
    worker(s, "architect", 0, standing=False)
    play(s, "overtime architect")
    assert s.d["p"][0]["rupees"] == 0 and s.d["spaces"][0] == [0, True]
    t = new(2)
    own(t, 0, 12)
    worker(t, "architect", 0)
    play(t, "overtime architect")
    assert t.d["p"][0]["rupees"] == 1


def test_w6_with_no_worker_in_supply_overtime_takes_what_is_left():
    s = new(2)
    for space in ("architect", "boatman", "trader", "botanist", "1.1", "1.2", "1.3", "1.4"):
        worker(s, space, 0)
    s.d["p"][0]["workers"] = 0
    s.d["p"][0]["rupees"] = 1
    refresh(s)
    assert not any(t.startswith("place") for t in legal(s))
    play(s, "overtime trader")
    assert s.d["p"][0]["rupees"] == 0


def test_w8_building_needs_a_worker_in_the_supply():
    s = new(2)
    give(s, 0, log=3, cement=2)
    play(s, "place architect")
    assert any(t.startswith("build") for t in legal(s))
    s.d["p"][0]["workers"] = 0
    refresh(s)
    assert not any(t.startswith("build") for t in legal(s))


# -- the pawns (P) ---------------------------------------------------------------------------
def test_p3_the_merchant_gives_2_favour_and_moves_on():
    s = new(2)
    b = s.d["merchant"]
    play(s, f"place 1.{b + 1}", "produce 0")
    assert s.d["p"][0]["favour"] == 2 and s.d["merchant"] != b or s.d["merchant"] == b
    assert any(e.kind == "merchant" for e in s.last_events())


def test_p4_rupees_on_a_building_go_to_the_player_placing_there():
    s = new(2)
    b = (s.d["merchant"] + 1) % 4
    s.d["coins"][b] = 3
    play(s, f"place 1.{b + 1}")
    assert s.d["p"][0]["rupees"] == 5 and s.d["coins"][b] == 0


def test_p5_the_builders_building_is_built_free_and_processed_into():
    s = new(2)
    b = s.d["builder"]
    name = f"{b // 4 + 1}.{b % 4 + 1}"
    give(s, 0, **{list(GOOD)[s.t.input[b]]: 2})
    play(s, f"place {name}")
    assert s.d["built"][b] and s.d["p"][0]["bonus"] == []
    assert "process 2" in legal(s)
    play(s, "process 2")
    assert s.d["p"][0]["goods"][s.t.output[b]] == 2
    assert s.d["builder"] != b


# -- characters (C) --------------------------------------------------------------------------
def test_c1_the_architect_raises_influence():
    s = new(2)
    play(s, "place architect", "influence traders")
    assert s.d["p"][0]["influence"] == [0, 1, 0] and s.d["phase"] == "order"


def test_c2_only_minimal_payments_are_offered_q40():
    s = new(2)
    give(s, 0, log=3, cement=2, sandstone=1)
    play(s, "place architect")
    builds = {t for t in legal(s) if t.startswith("build 2.1 ")}  # cost 3 (provisional)
    # two kinds add 1 (C2): sandstone + log = 1 + 1 + 1; no good can be dropped from these
    assert builds == {f"build 2.1 pay {p}" for p in (
        "sandstone,cement", "sandstone,log", "cement,cement", "cement,log", "log,log,log")}


def test_c3_c4_c5_a_build_takes_a_bonus_tile_places_a_worker_and_processes():
    s = new(2)
    s.d["builder"] = 15
    give(s, 0, log=3, sandstone=2)
    play(s, "place architect", "build 2.1 pay log,log,log")
    assert s.d["built"][4]
    assert {t for t in legal(s)} >= {"bonus 2a", "bonus 2b", "bonus 2c", "bonus 2d"}
    play(s, "bonus 2c")
    assert s.d["p"][0]["favour"] == 1 and s.d["p"][0]["rupees"] == 5
    assert s.d["spaces"][8] == [0, True]
    assert "process 2" in legal(s)


def test_c7_c8_boatman_capacity_and_refund():
    s = new(2)
    n = notable_on_river(s, 1)
    give(s, 0, gown=1, cloth=1)
    play(s, "place boatman", "pay gown")
    assert s._top()["paid"] == 3
    play(s, "deliver cloth 1", "done")
    # one free delivery used: 3 unused paid value back as rupees, +1 for the delivery (D3)
    assert s.d["p"][0]["rupees"] == 2 + 1 + 3
    assert n["slots"][0] == [0]
    assert s.d["p"][0]["influence"][s.t.n_guild[1]] == 1  # D7


def test_c10_the_trade_takes_strictly_less_value():
    s = new(2)
    give(s, 0, cement=1, log=1)
    play(s, "place trader", "give cement", "give log")
    assert "take curry" in legal(s) and "take statue" not in legal(s)
    play(s, "take curry")
    assert "take log" not in legal(s)  # 2 + 1 is not below 3


def test_c9_the_price_marker_changes_a_goods_value():
    s = new(2)
    play(s, "place trader", "price 1 log +")
    assert s.value(GOOD["log"]) == 2
    assert "price 2 log -" not in legal(s)  # Q51: no stacking
    play(s, "done", "end")
    assert s.value(GOOD["log"]) == 2  # C11: it stays


def test_c12_the_botanist_takes_two_different_options():
    s = new(2)
    play(s, "place botanist", "uncover 1.1")
    assert not any(t.startswith("uncover") for t in legal(s))
    play(s, "farmers 1-,2+")
    assert s.d["phase"] == "order" and s.d["p"][0]["removed"] == 1


# -- production, processing and following (B) ------------------------------------------------
def test_b7_followers_process_one_each_and_give_the_leader_favour():
    s = new(3)
    s.d["built"][4] = True  # cement works
    give(s, 0, sandstone=3)
    give(s, 1, sandstone=1)
    give(s, 2, sandstone=1)
    play(s, "place 2.1", "process 3")
    assert s.current_player == 1 and legal(s) >= {"follow", "decline"}
    play(s, "follow")
    assert s.current_player == 2
    play(s, "decline")
    assert s.current_player == 0
    assert s.d["p"][1]["goods"][GOOD["cement"]] == 1 and s.d["p"][0]["favour"] == 1


def test_b2_producing_fewer_is_allowed():
    s = new(2)
    play(s, "place 1.3", "produce 1")
    assert s.d["p"][0]["goods"][GOOD["turmeric"]] == 1


# -- deliveries and contracts (D) and the boat (R) --------------------------------------------
def test_d5_a_double_delivery_pays_first_as_d3_second_1_rupee():
    s = new(2)
    n = notable_on_river(s, 4)  # contract cement, log
    n["slots"][1] = [1]
    give(s, 0, cement=2, log=1)
    play(s, "place boatman", "pay log", "double cement 4")
    # the first cement: 2 markers on the card (D3); the second: 1 (D5)
    assert s.d["p"][0]["rupees"] == 2 + 2 + 1
    assert n["owner"] == 0 and 4 in s.d["p"][0]["contracts"]  # D8: 2 markers to 1
    assert s.d["p"][1]["favour"] == 1  # D10


def test_d8_a_tie_goes_to_the_top_slot():
    s = new(2)
    n = notable_on_river(s, 4)
    n["slots"][0] = [1]
    give(s, 0, log=1)
    play(s, "place boatman", "deliver log 4")
    assert n["owner"] == 1 and s.d["p"][0]["favour"] == 1


def test_r2_two_level_i_contracts_move_the_boat_and_r4_dock_2_builds():
    s = new(2)
    s.d["contracts"][0] = 1
    n = notable_on_river(s, 4)
    n["slots"][1] = [0]
    builder = s.d["builder"]
    give(s, 0, cement=1)
    play(s, "place boatman", "deliver cement 4")
    assert s.d["boat"] == 2 and s.d["built"][builder]
    assert [e.kind for e in s.last_events()][:3] == ["contract", "boat", "built"]


def test_d1_level_ii_opens_at_dock_2_and_q1_stays_open():
    s = new(2)
    n = notable_on_river(s, 10)  # Jagir, level II: oil, plank
    give(s, 0, oil=1)
    play(s, "place boatman")
    assert "deliver oil 10" not in legal(s)
    s.d["boat"] = 3
    refresh(s)
    assert "deliver oil 10" in legal(s)
    b = new(2, river_reach="boat_only")
    notable_on_river(b, 1)
    give(b, 0, cloth=1)
    b.d["boat"] = 2
    play(b, "place boatman")
    assert "deliver cloth 1" not in legal(b)
    del n


# -- orders and tributes (O) -----------------------------------------------------------------
def test_o2_a_tribute_goes_only_into_an_empty_bowl():
    s = new(4)
    give(s, 0, curry=1, oil=1)
    s.d["bowls"][s.t.bowl_of[GOOD["oil"]]] = 1
    play(s, "place architect", "influence artisans")
    assert "tribute curry" in legal(s) and "tribute oil" not in legal(s)
    play(s, "tribute curry")
    assert "order artisans" not in legal(s) and legal(s) >= {"end"}


def test_o6_an_order_needs_influence_and_o7_pays_the_highest_in_full_without_raising():
    s = new(4)
    u = 1  # traders
    need = s.t.orders[u][s.d["order_at"][u]]
    give(s, 0, **{list(GOOD)[g]: need.count(g) for g in need})
    play(s, "place architect", "influence artisans")
    assert "order traders" not in legal(s)
    s.d["p"][0]["influence"][u] = 1
    refresh(s)
    pos = s.d["order_at"][u]
    play(s, "order traders")
    assert s.d["orders"][u][pos] == 0 and s.d["order_at"][u] == (pos + 1) % 6
    # the only one with influence there: the printed rupees, and the marker stays
    # (「如果你的影響力在這個行會中是最高的…獲得當前影響力等級左側的盧比」)
    assert s.d["p"][0]["rupees"] == 2 + s.t.influence_rupees[1]
    assert s.d["p"][0]["influence"][u] == 1


@pytest.mark.parametrize(("mine", "other", "behind"), [(1, 3, True), (3, 3, False),
                                                       (3, 1, False)])
def test_o7_a_player_behind_in_the_guild_gets_one_less_and_moves_up(mine, other, behind):
    """O7: 「在其他情況下,獲得…盧比數字-1的盧比（x-1）。然後將影響力標記提升一格」: only a
    player not (jointly) highest gets x - 1 and raises their influence; the highest or tied
    highest gets x and stays (the seed's example and summary card: 「影響力最高:獲得盧比。
    影響力不是最高:獲得總數-1的盧比然後上升1格」)."""
    s = new(4)
    u = 1  # traders
    need = s.t.orders[u][s.d["order_at"][u]]
    give(s, 0, **{list(GOOD)[g]: need.count(g) for g in need})
    s.d["p"][0]["influence"][u] = mine
    s.d["p"][2]["influence"][u] = other
    refresh(s)
    play(s, "place architect", "influence artisans", "order traders")
    x = s.t.influence_rupees[mine]
    assert s.d["p"][0]["rupees"] == 2 + (max(0, x - 1) if behind else x)
    assert s.d["p"][0]["influence"][u] == mine + (1 if behind else 0)


def test_o6_the_order_limit():
    s = new(4, initial_order_limit=2)
    s.d["orders"][0] = [1, 1, None, None, None, None]
    s.d["order_at"][0] = 2
    s.d["p"][0]["influence"][0] = 1
    need = s.t.orders[0][2]
    give(s, 0, **{list(GOOD)[g]: need.count(g) for g in need})
    play(s, "place architect", "influence traders")
    assert "order artisans" not in legal(s)


# -- guilds (G) ------------------------------------------------------------------------------
def test_g4_level_3_gives_1_favour_or_a_display_tile():
    s = new(2)
    s.d["p"][0]["influence"][0] = 2
    play(s, "place architect", "influence artisans")
    assert s.current_player == 0 and "reward favour" in legal(s)
    tile = s.d["display"][0]
    play(s, f"reward tile t{tile}")
    assert s.d["p"][0]["tiles"] == [tile] and len(s.d["display"]) == 3


def test_g3_the_top_of_a_track_triggers_the_end_and_e2_one_more_round():
    s = new(2)
    s.d["p"][0]["influence"][2] = 9
    play(s, "place architect", "influence scholars")
    assert s.d["left"] == 3  # seat 1 finishes the round, then one more round
    play(s, "end")
    for _ in range(3):
        assert not s.is_over()
        play(s, "place botanist", "done", "end")
    assert s.is_over()


# -- secondary actions (S) and favour (F) ----------------------------------------------------
def test_s1_oil_stands_a_lying_worker():
    s = new(2)
    worker(s, "architect", 0, standing=False)
    give(s, 0, oil=1)
    play(s, "oil")
    assert s.d["spaces"][0] == [0, True] and s.d["p"][0]["goods"][GOOD["oil"]] == 0


def test_s3_a_luxury_once_per_turn_and_s7_the_gown_pays_its_value():
    s = new(2)
    give(s, 0, gown=2)
    play(s, "gown")
    assert s.d["p"][0]["rupees"] == 5 and "gown" not in legal(s)
    assert s.d["p"][0]["scrolls"] == [GOOD["gown"]]


def test_fs1_two_favour_for_a_basic_good_f3_once_a_turn():
    s = new(2)
    s.d["p"][0]["favour"] = 4
    s.d["p"][0]["markers"] -= 4
    refresh(s)
    play(s, "favour s1 cotton")
    assert s.d["p"][0]["favour"] == 2 and s.d["p"][0]["goods"][GOOD["cotton"]] == 1
    assert not any(t.startswith("favour s1") for t in legal(s))
    assert s.d["p"][0]["marks"] == 1  # F5


def test_fs2_needs_4_favour_and_pays_3():
    s = new(2)
    s.d["p"][0]["favour"] = 3
    refresh(s)
    assert not any(t.startswith("favour s2") for t in legal(s))
    s.d["p"][0]["favour"] = 4
    refresh(s)
    play(s, "favour s2 scholars")
    assert s.d["p"][0]["favour"] == 1 and s.d["p"][0]["influence"][2] == 1


def test_t5_the_end_of_turn_returns_marks_and_scrolls():
    s = new(2)
    s.d["p"][0]["favour"] = 4
    s.d["p"][0]["markers"] -= 4
    give(s, 0, gown=1)
    play(s, "favour s1 cotton", "gown", "place botanist", "done", "end")
    p = s.d["p"][0]
    assert p["marks"] == 0 and p["scrolls"] == [] and p["used"] == []
    assert p["markers"] == 22 - 2 - 1  # favour 2 and the cotton


# -- notables (N) ----------------------------------------------------------------------------
def test_n3_the_stonemason_adds_1_build_value_and_1_rupee():
    s = new(2)
    own(s, 0, 3)
    give(s, 0, log=2)
    s.d["builder"] = 15
    play(s, "place architect")
    assert "build 2.1 pay log,log" in legal(s)  # 1 + 1 + 1 reaches the cost 3
    play(s, "build 2.1 pay log,log")
    assert s.d["p"][0]["rupees"] == 3


def test_n4_the_elephant_keeper_adds_a_good_when_producing():
    s = new(2)
    own(s, 0, 4)
    play(s, "place 1.1", "produce 2")
    assert s.d["p"][0]["goods"][GOOD["sandstone"]] == 3


def test_n13_the_mullah_pays_one_less_once_a_turn():
    s = new(2)
    own(s, 0, 13)
    s.d["p"][0]["favour"] = 2
    refresh(s)
    play(s, "favour s1 log")
    assert s.d["p"][0]["favour"] == 1


def test_n21_the_grand_mufti_gives_3_favour_when_won():
    s = new(2)
    s.d["boat"] = 5
    n = notable_on_river(s, 21)  # book, statue, turmeric
    n["slots"][0] = [0]
    n["slots"][1] = [0]
    give(s, 0, turmeric=1)
    play(s, "place boatman", "deliver turmeric 21")
    assert 21 in s.d["p"][0]["contracts"] and s.d["p"][0]["favour"] == 3
    assert s.d["boat"] == 6 and s.d["left"] is not None  # R8, E1


def test_n8_the_cook_keeps_a_bumped_standing_worker():
    s = new(2)
    own(s, 1, 8)
    worker(s, "trader", 1)
    play(s, "place trader")
    assert s.current_player == 1 and legal(s) == {"cook", "supply"}
    play(s, "cook")
    assert s.d["p"][1]["cook"] == 1 and s.d["p"][1]["favour"] == 1 and s.current_player == 0


# -- the end (E) -----------------------------------------------------------------------------
def test_e7_tributes_score_1_3_5_then_3_more_each():
    s = new(4)
    for b in range(5):
        s.d["bowls"][b] = 0
    assert s.score_parts(0)["tributes"] == 11  # E9's example


def test_e4_guild_majorities_and_q23():
    s = new(3)
    s.d["orders"][0] = [0, 0, 1, 2, None, None]
    for seat, level in enumerate((5, 3, 3)):
        s.d["p"][seat]["influence"][0] = level
    assert [s.score_parts(seat)["guilds"] for seat in range(3)] == [4, 1, 1]
    s.d["p"][1]["influence"][0] = 5
    assert [s.score_parts(seat)["guilds"] for seat in range(3)] == [2, 1, 0]


def test_e5_e6_top_meditation_and_covers():
    s = new(2)
    s.d["p"][0]["level"] = s.t.med_levels
    s.d["p"][0]["removed"] = 3
    parts = s.score_parts(0)
    assert parts["meditation"] == 5 and parts["covers"] == 3


def test_e8_ties_go_to_goods_value_plus_favour():
    s = new(2)
    give(s, 1, cement=1)
    s.d["over"] = True
    assert s.scores()[0] == s.scores()[1] and s.winners() == [1]


# -- information (I) -------------------------------------------------------------------------
def test_i1_other_seats_rupees_are_hidden():
    s = new(3)
    v = s.view(0)
    assert v["p"][0]["rupees"] == 2 and v["p"][1]["rupees"] is None
    assert "rng" not in v and v["stack_tiles"] == 11


def test_i6_a_die_roll_reveals_and_a_plain_choice_does_not():
    s = new(2)
    b = s.d["merchant"]
    assert s.reveals(s.parse_action("place architect")) is False
    play(s, f"place 1.{b + 1}")
    assert s.reveals(s.parse_action("produce 0")) is True


def test_t7_an_illegal_action_is_refused():
    s = new(2)
    with pytest.raises(IllegalActionError):
        play(s, "end")


def test_g4_n10_the_boatmans_guild_reward_comes_before_the_jagirs_delivery():
    """G4: 「一旦你的影響力標記到達有恩惠獎勵的等級,你立即獲得…」 and N10: the Jagir's owner
    delivers 「在他之後」: the Boatman player's reward is chosen first, from the full display."""
    s = new(2, seed=1)
    own(s, 1, 10)  # seat 1 holds the Jagir
    notable_on_river(s, 1)
    notable_on_river(s, 4)
    s.d["p"][0]["influence"][1] = 2
    s.d["p"][1]["influence"][1] = 2
    give(s, 0, cloth=1)
    give(s, 1, log=1)
    play(s, "place boatman", "deliver cloth 1", "done")
    assert [f["k"] for f in s.d["stack"]][-2:] == ["jagir", "reward"]
    assert s.current_player == 0
    tiles = {f"reward tile t{t}" for t in s.d["display"]}
    assert tiles and tiles <= legal(s)
    play(s, sorted(tiles)[0], "jagir log 4")
    assert s.current_player == 1 and s.d["p"][1]["influence"][1] == 3


def test_d7_d11_a_meditation_delivery_moves_the_boat_before_the_guild_reward():
    """D11: 「在玩家繼續他的回合之前會首先進行船的結算」 and the seed's 7.5 example: the contract
    is settled and the boat moves (its dock event too) before the influence is raised and its
    reward chosen."""
    s = new(2, seed=1)
    s.d["contracts"][0] = 1
    n = notable_on_river(s, 4)
    n["slots"][0] = [1]
    s.d["p"][0]["influence"][1] = 2
    give(s, 0, log=1)
    s.d["covered"] = "process"
    s.d["turn"]["mp"] = 3
    s.d["turn"]["meditated"] = True
    refresh(s)
    boat = s.d["boat"]
    play(s, "meditate deliver log 4")
    assert s.d["boat"] == boat + 1  # moved before anything is asked
    assert s.d["p"][0]["influence"][1] == 3 and s.d["stack"][-1]["k"] == "reward"
