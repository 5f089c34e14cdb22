"""The remaining rule ids of docs/rules/agra.md, each with the position it needs."""

from __future__ import annotations

import eurogames
from eurogames.games.agra.actions import GOOD, GOODS, NUM_ACTIONS

from .helpers import (
    GAME,
    favour,
    give,
    legal,
    new,
    notable_on_river,
    own,
    play,
    refresh,
    tile,
    worker,
)


# -- components and set-up -------------------------------------------------------------------
def test_k1_k2_components_come_from_the_data():
    s = new(4)
    assert len(s.d["bonus_left"]) == 12 and len(s.d["prices"]) == 3
    assert all(p["workers"] == 10 and p["markers"] == 22 for p in s.d["p"])
    assert all(len(p["farmers"]) == 4 and sum(map(len, p["covers"])) == 8 for p in s.d["p"])


def test_u1_price_markers_start_at_the_trader_and_affect_nothing():
    s = new(2)
    assert s.d["prices"] == [None, None, None]
    assert [s.value(g) for g in range(16)] == list(s.t.value)


def test_u2_all_12_bonus_tiles_face_up():
    assert new(2).d["bonus_left"] == list(range(12))


def test_u6_q25_the_bank_is_unlimited():
    s = new(2)
    s.rupees(0, 1000)
    assert s.d["p"][0]["rupees"] == 1002


def test_u8_the_boat_at_dock_1_and_u9_the_meditation_marker_on_deliver_m9():
    s = new(3)
    assert s.d["boat"] == 1 and s.d["covered"] == "deliver"


def test_u10_q55_the_start_player_is_option_first():
    s = new(3, first=2)
    assert s.current_player == 2 and s.d["start"] == 2


def test_u12_farmers_in_the_middle_u13_influence_at_0():
    s = new(2)
    assert s.d["p"][0]["farmers"] == [3, 3, 3, 3] and s.d["p"][0]["influence"] == [0, 0, 0]


def test_u14_each_guild_has_its_order_marker_on_an_order():
    s = new(4)
    assert all(0 <= pos < 6 for pos in s.d["order_at"])


def test_u16_the_set_up_is_reproduced_by_the_seed():
    assert new(3, seed=9).to_json() == new(3, seed=9).to_json()
    assert new(3, seed=9).to_json() != new(3, seed=10).to_json()


# -- the turn ------------------------------------------------------------------------------------
def test_t1_turns_go_clockwise_through_three_phases():
    s = new(3)
    assert s.d["phase"] == "meditation"
    play(s, "place botanist", "done")
    assert s.d["phase"] == "order"
    play(s, "end")
    assert s.current_player == 1 and s.d["phase"] == "meditation"


def test_t2_secondary_actions_inside_another_action():
    s = new(2)
    give(s, 0, gown=1)
    play(s, "place trader")
    assert "gown" in legal(s)


def test_t3_the_meditation_phase_ends_with_the_placement():
    s = new(2)
    s.d["turn"]["mp"] = 2
    refresh(s)
    play(s, "place architect")
    assert s.d["phase"] == "action" and s.d["turn"]["mp"] == 0


def test_t4_out_of_turn_decisions_move_current_player_and_back():
    s = new(3)
    own(s, 2, 8)
    worker(s, "trader", 2)
    play(s, "place trader")
    assert s.current_player == 2
    play(s, "supply")
    assert s.current_player == 0


def test_t6_may_is_a_choice_produce_is_offered_from_0():
    s = new(2)
    play(s, "place 1.1")
    assert "produce 0" in legal(s)


# -- goods (H) -------------------------------------------------------------------------------
def test_h1_sixteen_goods_in_four_chains_valued_1_2_2_3():
    s = new(2)
    assert len(GOODS) == 16 and list(s.t.value) == [1, 2, 2, 3] * 4


def test_h2_processing_follows_the_arrows():
    s = new(2)
    give(s, 0, sandstone=1)
    s.d["turn"]["mp"] = 3
    refresh(s)
    assert "meditate process sandstone cement" in legal(s)
    assert "meditate process sandstone oil" not in legal(s)


def test_h3_goods_are_markers_on_any_building_built_or_not():
    s = new(2)
    give(s, 0, gown=2)  # the tailor is not built
    assert s.d["p"][0]["goods"][GOOD["gown"]] == 2 and s.d["p"][0]["markers"] == 20


def test_h4_build_values_sandstone_1_cement_2_log_1_plank_2():
    s = new(2)
    assert [s.t.build_value[GOOD[g]] for g in ("sandstone", "cement", "log", "plank")] == [
        1, 2, 1, 2]


def test_h5_one_price_marker_per_good_h6_value_is_current():
    s = new(2)
    s.d["prices"][0] = [GOOD["oil"], 1]
    refresh(s)
    assert s.value(GOOD["oil"]) == 3
    play(s, "place trader")
    assert not any(t.startswith("price 2 oil") for t in legal(s))


def test_h7_a_gain_the_supply_cannot_cover_is_cut():
    s = new(2)
    give(s, 0, log=22)
    assert s.gain_favour(0, 2) == 0 and s.d["p"][0]["favour"] == 0


def test_h9_the_grid_reads_column_by_column():
    s = new(2)
    assert s.t.building_ids[0] == "quarry" and s.t.building_ids[-1] == "tailor"


# -- the farm and meditation ---------------------------------------------------------------------
def test_a1_a2_four_tracks_with_a_farmer_and_covers():
    s = new(2)
    assert len(s.t.tracks) == 4 and all(len(c) == 2 for c in s.d["p"][0]["covers"])


def test_a5_a_removed_cover_is_kept_for_the_end():
    s = new(2)
    s.uncover(0, 2, 5)
    assert s.d["p"][0]["removed"] == 1 and s.score_parts(0)["covers"] == 1


def test_m5a_m5c_m5d_m5e_the_ring_actions_and_their_mp():
    s = new(2)
    s.d["covered"] = "process"
    notable_on_river(s, 1)
    give(s, 0, cloth=1, log=1)
    s.d["turn"]["mp"] = 3
    refresh(s)
    assert {"meditate deliver cloth 1", "meditate uncover 1.1", "meditate farmer 1+",
            "meditate trade log cotton"} <= legal(s)
    play(s, "meditate uncover 1.1")
    assert s.d["turn"]["mp"] == 1 and "meditate deliver cloth 1" not in legal(s)


def test_m6_favour_tile_5_and_the_mosaic_master_use_mp():
    s = new(2)
    tile(s, 0, 5)
    favour(s, 0, 2)
    own(s, 0, 15)
    play(s, "favour t5", "mosaic 1")
    assert s.d["turn"]["mp"] == 0 and s.d["p"][0]["favour"] == 2


def test_m8_only_the_covered_action_matters():
    s = new(2)
    s.d["covered"] = "trade"
    give(s, 0, log=1)
    s.d["turn"]["mp"] = 1
    refresh(s)
    assert "meditate trade log cotton" not in legal(s)


# -- placement -------------------------------------------------------------------------------
def test_w1_a_worker_goes_on_a_character_or_a_built_building_only():
    s = new(2)
    b = s.d["builder"]
    spaces = {t for t in legal(s) if t.startswith("place ")}
    assert len(spaces) == 4 + 4 + 1 and f"place {b // 4 + 1}.{b % 4 + 1}" in spaces


def test_w2_an_empty_space_performs_its_action():
    s = new(2)
    play(s, "place 1.2")
    assert s.d["stack"][-1]["k"] == "produce"


def test_w9_the_statue_action_is_a_placement_again():
    s = new(2)
    give(s, 0, statue=1)
    play(s, "place botanist", "done", "statue", "place 1.1")
    assert s.d["p"][0]["workers"] == 8


def test_w10_workers_stay_from_turn_to_turn():
    s = new(2)
    play(s, "place botanist", "done", "end")
    assert s.d["spaces"][3] == [0, True]


# -- the pawns and characters ----------------------------------------------------------------
def test_p1_the_merchant_visits_built_buildings_in_reading_order():
    s = new(2)
    s.d["built"][4] = True
    s.d["merchant"] = 3
    s.move_merchant(None)
    roll = s.d["rolls"][0]
    assert s.d["merchant"] == [4, 0, 1, 2, 3, 4][roll - 1]


def test_p7_the_builder_moves_after_an_architect_builds_his_building():
    s = new(2)
    b = s.d["builder"]
    name = f"{b // 4 + 1}.{b % 4 + 1}"
    give(s, 0, log=3, cement=2)
    play(s, "place architect")
    pay = next(t for t in legal(s) if t.startswith(f"build {name} "))
    play(s, pay)
    while s.d["stack"] and s.d["stack"][-1]["k"] in ("bonus", "process"):
        play(s, sorted(legal(s))[0])
    assert s.d["builder"] != b


def test_c6_the_boatman_completes_an_order_with_capacity_2():
    s = new(4)
    u = 0
    s.d["p"][0]["influence"][u] = 1
    need = s.t.orders[u][s.d["order_at"][u]]
    give(s, 0, **{GOODS[g]: need.count(g) for g in need}, log=1)
    play(s, "place boatman")
    assert "order artisans" not in legal(s)
    play(s, "pay log")
    if GOOD["log"] in need:
        return
    assert "order artisans" in legal(s)


def test_c11_price_markers_stay_where_they_are():
    s = new(2)
    s.d["prices"][1] = [GOOD["paper"], -1]
    play(s, "place botanist", "done", "end")
    assert s.d["prices"][1] == [GOOD["paper"], -1]


def test_c12b_c12c_the_botanists_cover_and_farmer_options():
    s = new(2)
    play(s, "place botanist")
    assert "uncover 4.5" in legal(s) and "farmers 3+,4-" in legal(s)
    assert "farmers 3++" not in legal(s)  # A4: square 5 holds a cover


# -- production and processing -----------------------------------------------------------------
def test_b1_four_production_buildings_b3_only_they_produce():
    s = new(2)
    assert s.t.production == (True,) * 4 + (False,) * 12


def test_b4_b5_a_built_processing_building_is_a_space_and_processes_1_to_3():
    s = new(2)
    s.d["built"][7] = True
    give(s, 0, cotton=5)
    play(s, "place 2.4")
    assert {"process 0", "process 3"} <= legal(s) and "process 4" not in legal(s)


def test_b6_b8_meditation_processing_has_no_followers():
    s = new(2)
    give(s, 0, cotton=1)
    give(s, 1, cotton=1)
    s.d["turn"]["mp"] = 2
    refresh(s)
    play(s, "meditate process cotton oil")
    assert s.current_player == 0 and not s.d["stack"]


def test_fs3_three_favour_process_a_good():
    s = new(2)
    favour(s, 0, 3)
    give(s, 0, log=1)
    play(s, "favour s3 log paper")
    assert s.d["p"][0]["goods"][GOOD["paper"]] == 1 and s.d["p"][0]["favour"] == 0


def test_ft2_remove_a_cover_ft4_move_a_price_marker():
    s = new(2)
    tile(s, 0, 2)
    tile(s, 0, 4)
    favour(s, 0, 5)
    play(s, "favour t2 3.1", "favour t4 1 book -")
    assert s.d["p"][0]["removed"] == 1 and s.value(GOOD["book"]) == 2


# -- orders and guilds -----------------------------------------------------------------------
def test_o1_one_tribute_or_one_order_o3_twelve_bowls():
    s = new(4)
    assert len(s.t.bowls) == 12
    give(s, 0, curry=1, oil=1)
    play(s, "place botanist", "done", "tribute oil")
    assert legal(s) == {"end"}


def test_o4_tributes_score_at_the_end():
    s = new(4)
    s.d["bowls"][0] = 0
    assert s.score_parts(0)["tributes"] == 1


def test_o5_o9_the_order_marker_skips_completed_orders():
    s = new(4)
    s.d["orders"][1] = [None, 2, 2, None, None, None]
    s.d["order_at"][1] = 0
    s.d["p"][0]["influence"][1] = 1
    need = s.t.orders[1][0]
    give(s, 0, **{GOODS[g]: need.count(g) for g in need})
    play(s, "place botanist", "done", "order traders")
    assert s.d["order_at"][1] == 3


def test_o10_favour_tile_6_completes_an_order_besides_the_order_phase():
    s = new(4)
    tile(s, 0, 6)
    favour(s, 0, 4)
    s.d["p"][0]["influence"][2] = 1
    need = s.t.orders[2][s.d["order_at"][2]]
    give(s, 0, **{GOODS[g]: need.count(g) for g in need})
    play(s, "favour t6 order scholars")
    assert sum(c.count(0) for c in s.d["orders"]) == 1


def test_g1_g2_influence_rises_and_is_lost_at_the_top():
    s = new(2)
    s.d["p"][0]["influence"][0] = s.t.influence_top
    s.raise_influence(0, 0)
    assert s.d["p"][0]["influence"][0] == s.t.influence_top


# -- deliveries ------------------------------------------------------------------------------
def test_d2_d4_a_delivery_moves_the_marker_onto_the_slot():
    s = new(2)
    n = notable_on_river(s, 1)
    give(s, 0, sandstone=1)
    s.deliver(0, GOOD["sandstone"], 1)
    assert n["slots"] == [[], [0]] and s.d["p"][0]["markers"] == 21


def test_d6_d9_d10_d11_a_completed_contract_is_resolved_at_once():
    s = new(2)
    n = notable_on_river(s, 3)
    n["slots"][0] = [1]
    s.d["p"][1]["markers"] -= 1
    give(s, 0, turmeric=2, log=1)
    play(s, "place boatman", "pay log", "double turmeric 3")
    assert 3 in s.d["p"][0]["contracts"] and s.d["p"][1]["favour"] == 1
    assert s.d["contracts"][0] == 1 and s.d["p"][0]["markers"] == 22 - 0


def test_d7_each_notable_delivered_to_raises_its_guild_once():
    s = new(2)
    notable_on_river(s, 1)
    give(s, 0, cloth=1, sandstone=1, gown=1)
    play(s, "place boatman", "pay gown", "deliver cloth 1", "deliver sandstone 1", "done")
    assert sum(s.d["p"][0]["influence"]) == 1


def test_r1_r3_six_docks_from_dock_1():
    s = new(2)
    assert len(s.t.docks) == 6 and s.d["boat"] == 1


# -- favour ------------------------------------------------------------------------------------
def test_f1_f4_favour_is_markers_need_and_pay():
    s = new(2)
    favour(s, 0, 4)
    assert s.d["p"][0]["markers"] == 18
    play(s, "favour s2 artisans")
    assert s.d["p"][0]["favour"] == 1 and s.d["p"][0]["markers"] == 22 - 1 - 1  # F5 mark


def test_f2_followers_give_the_leader_favour():
    s = new(2)
    s.d["built"][4] = True
    give(s, 0, sandstone=1)
    give(s, 1, sandstone=1)
    play(s, "place 2.1", "process 1", "follow")
    assert s.d["p"][0]["favour"] == 1


def test_f5_used_favour_actions_hold_a_marker_until_the_end_of_turn():
    s = new(2)
    favour(s, 0, 2)
    play(s, "favour s1 log")
    assert s.d["p"][0]["marks"] == 1


def test_f6_a_tile_taken_is_replaced_from_the_stack():
    s = new(2)
    s.draw_display()
    t = s.d["display"][0]
    s.take_tile(0, t)
    s.draw_display()
    assert len(s.d["display"]) == 3 and len(s.d["stack_tiles"]) == 10


def test_s2_standing_is_chosen_one_by_one_and_forced_when_one_is_left():
    s = new(2)
    worker(s, "architect", 0, standing=False)
    worker(s, "boatman", 0, standing=False)
    give(s, 0, oil=1)
    play(s, "oil")
    assert legal(s) == {"stand architect", "stand boatman"}


def test_s4_spent_goods_return_their_markers():
    s = new(2)
    give(s, 0, oil=1)
    worker(s, "architect", 0, standing=False)
    play(s, "oil")
    assert s.d["p"][0]["markers"] == 22


# -- notables N23, N24, bonus tiles, the end -----------------------------------------------------
def test_n23_n24_court_painter_and_diwan_count_their_guild():
    s = new(4)
    own(s, 0, 23)
    own(s, 0, 24)
    s.d["orders"][s.t.n_guild[23]][0] = 0
    assert s.score_parts(0)["notables"] == (1 + 1) + 1


def test_bt_every_bonus_tile_gives_what_appendix_ii_says():
    expected = {"2a": (0, 0, 3), "2b": (1, 0, 3), "2c": (-1, 1, 3), "3a": (0, 0, 4),
                "3b": (2, 0, 4), "3c": (-1, 0, 5), "3d": (-1, 1, 4), "4a": (2, 0, 5),
                "4b": (1, 0, 5), "4c": (-1, 0, 6), "4d": (-1, 1, 5)}
    s = new(2)
    names = ["2a", "2b", "2c", "2d", "3a", "3b", "3c", "3d", "4a", "4b", "4c", "4d"]
    for name, (guild, fav, rupees) in expected.items():
        level, g, f, _cover, r = s.t.bonus[names.index(name)]
        assert (g, f, r) == (guild, fav, rupees) and level == int(name[0])


def test_e1_a_second_trigger_changes_nothing():
    s = new(2)
    s.trigger_end("boat")
    left = s.d["left"]
    s.trigger_end("orders")
    assert s.d["left"] == left


def test_e3_the_score_parts_in_order():
    s = new(2)
    assert [p.key for p in s.score_breakdown()[0]] == [
        "bag", "notables", "guilds", "meditation", "covers", "tributes"]


def test_e9_the_seeds_example_adds_to_66():
    s = new(4)
    p = s.d["p"][0]
    p["rupees"] = 36
    own(s, 0, 19)  # Subahdar: 1 per order
    own(s, 0, 22)  # Grand Imam: Scholars orders and contracts
    own(s, 0, 9)  # Muezzin: a second Scholars contract (data: scholars)
    s.d["orders"] = [[None] * 6, [0, 0, None, None, None, None], [0, 0, None, None, None, None]]
    p["influence"] = [0, 5, 4]
    s.d["p"][1]["influence"] = [0, 0, 5]
    p["removed"] = 5
    for b in range(5):
        s.d["bowls"][b] = 0
    parts = s.score_parts(0)
    assert parts["notables"] == 4 + 4 and parts["guilds"] == 4 + 2
    assert sum(parts.values()) == 66


def test_v4_four_players_use_no_neutral_markers():
    s = new(4)
    assert all(o is None for c in s.d["orders"] for o in c)


# -- information -----------------------------------------------------------------------------
def test_i2_resampling_keeps_every_rupee_total():
    s = new(3)
    s.d["p"][1]["rupees"] = 17
    world = s.resample_hidden(0, seed=4)
    assert [p["rupees"] for p in world.d["p"]] == [p["rupees"] for p in s.d["p"]]


def test_i3_resampling_reshuffles_the_stack_and_reseeds_the_dice():
    s = new(3)
    worlds = [s.resample_hidden(0, seed=k) for k in range(5)]
    assert len({tuple(w.d["stack_tiles"]) for w in worlds}) > 1
    assert len({w.d["rng"] for w in worlds}) == 5
    assert all(sorted(w.d["stack_tiles"]) == sorted(s.d["stack_tiles"]) for w in worlds)


def test_i4_only_the_mosaic_masters_owner_sees_the_stack():
    s = new(2)
    s.d["stack"].append({"k": "tile", "seat": 1})
    refresh(s)
    assert "stack_seen" in s.view(1) and "stack_seen" not in s.view(0)


def test_i5_everything_else_is_public():
    s = new(2)
    v = s.view(None)
    assert v["p"][0]["goods"] == s.d["p"][0]["goods"] and v["display"] == s.d["display"]


def test_q43_the_cooks_favour_either_way_q47_reclaim_only_with_an_empty_supply():
    s = new(2)
    own(s, 1, 8)
    worker(s, "trader", 1)
    play(s, "place trader", "supply")
    assert s.d["p"][1]["favour"] == 1 and s.d["p"][1]["workers"] == 10
    assert not any(t.startswith("reclaim") for t in legal(s))


def test_the_action_space_is_fixed():
    assert GAME.num_actions == NUM_ACTIONS and eurogames.load("agra") is GAME


# -- rulings without a test above ------------------------------------------------------------
def test_q29_the_botanist_may_take_one_option_only():
    s = new(2)
    play(s, "place botanist", "uncover 2.1", "done")
    assert s.d["phase"] == "order" and s.d["p"][0]["removed"] == 1


def test_q32_ft11_used_while_following_is_freed_at_the_end_of_that_turn():
    for mark, freed in (("active_turn", True), ("own_next_turn", False)):
        s = new(2, favour_t11_follow_mark=mark)
        s.d["built"][4] = True
        give(s, 0, sandstone=1)
        give(s, 1, sandstone=1, cotton=1)
        tile(s, 1, 11)
        favour(s, 1, 2)
        play(s, "place 2.1", "process 1", "follow t11 cotton oil")
        assert "t11" in s.d["p"][1]["used"] and s.d["p"][1]["marks"] == 1
        play(s, "end")
        assert ("t11" not in s.d["p"][1]["used"]) is freed


def test_q42_q53_generous_pays_for_a_doubles_second_good_and_the_jagirs_delivery():
    s = new(2)
    own(s, 0, 13)  # Mullah: brick +1
    notable_on_river(s, 3)  # brick, turmeric
    give(s, 0, brick=2, log=1)
    play(s, "place boatman", "pay log", "double brick 3")
    assert s.d["p"][0]["rupees"] == 2 + (1 + 1) + (1 + 1)
    t = new(2)
    own(t, 1, 10)
    own(t, 1, 13)
    notable_on_river(t, 3)
    give(t, 1, brick=1)
    play(t, "place boatman", "done", "jagir brick 3")
    assert t.d["p"][1]["rupees"] == 2 + 1 + 1


def test_q24_workers_on_the_cook_are_off_the_board():
    s = new(2)
    own(s, 1, 8)
    s.d["p"][1]["cook"] = 2
    s.d["p"][1]["workers"] -= 2
    refresh(s)
    assert s.on_board(1) == 0 and not any(w for w in s.d["spaces"])


def test_q44_delivery_influence_needs_no_decision():
    s = new(2)
    notable_on_river(s, 1)
    give(s, 0, cloth=1)
    play(s, "place boatman", "deliver cloth 1", "done")
    assert s.d["p"][0]["influence"][s.t.n_guild[1]] == 1 and s.d["phase"] == "order"


def test_notation_accepts_lists_in_any_order_and_building_ids():
    s = new(2)
    give(s, 0, log=1, cement=1)
    play(s, "place architect")
    assert s.parse_action("build cement_works pay log, cement").text == "build 2.1 pay cement,log"
    t = new(2)
    assert t.parse_action("place quarry").text == "place 1.1"
