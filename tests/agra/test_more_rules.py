"""More rules by id: the pawns, the docks, secondary actions, favour tiles, notables,
bonus tiles, the end and the options that carry the rulings."""

from __future__ import annotations

from eurogames.games.agra.actions import GOOD
from eurogames.games.agra.rules import NEUTRAL

from .helpers import favour, give, legal, new, notable_on_river, own, play, refresh, tile, worker


def win(state, seat: int, notable: int, good: str) -> None:
    """Fill every slot of ``notable`` but the one for ``good`` with ``seat``'s markers, then
    deliver ``good`` with the Boatman (its contract is then resolved, D6)."""
    n = notable_on_river(state, notable)
    for i, g in enumerate(state.t.n_contract[notable]):
        if g != GOOD[good] or any(slot == [] and j < i for j, slot in enumerate(n["slots"])
                                  if state.t.n_contract[notable][j] == GOOD[good]):
            n["slots"][i] = [seat]
            state.d["p"][seat]["markers"] -= 1
    state.d["boat"] = 5
    give(state, seat, **{good: state.d["p"][seat]["goods"][GOOD[good]] + 1})
    play(state, "place boatman", f"deliver {good} {notable}")


# -- the pawns -------------------------------------------------------------------------------
def test_p6_a_roll_can_take_the_merchant_round_column_1():
    s = new(2)
    s.d["merchant"] = 0
    s.move_merchant(None)
    roll = s.d["rolls"][0]
    assert s.d["merchant"] == roll % 4 and sum(s.d["coins"]) == roll - 1  # P4: not where he stops


def test_q3_merchant_rupee_on_landing_option():
    s = new(2, merchant_rupee_on_landing=True)
    s.d["merchant"] = 0
    s.move_merchant(None)
    assert sum(s.d["coins"]) == s.d["rolls"][0]


def test_p2_the_builder_moves_over_unbuilt_buildings_only():
    s = new(2)
    s.d["built"] = [True] * 15 + [False]
    s.d["builder"] = 15
    s.move_builder()
    assert s.d["builder"] == 15  # P6: one unbuilt building left, he stays on it
    s.build(15, None, by_builder=True)
    assert s.d["builder"] == -1  # every building built: he leaves the game


def test_w7_overtime_counts_as_a_placement_for_rupees():
    s = new(2)
    worker(s, "1.2", 0)
    s.d["merchant"] = 0
    s.d["coins"][1] = 2
    play(s, "overtime 1.2")
    assert s.d["p"][0]["rupees"] == 2 and s.d["coins"][1] == 0
    t = new(2, overtime_is_placement=False)
    worker(t, "1.2", 0)
    t.d["merchant"] = 0
    t.d["coins"][1] = 2
    play(t, "overtime 1.2")
    assert t.d["p"][0]["rupees"] == 0 and t.d["coins"][1] == 2


# -- the docks (R) ---------------------------------------------------------------------------
def test_r5_dock_3_merchant_cotton_favour_and_limit_4():
    s = new(3)
    give(s, 0, cotton=5)
    give(s, 1, cotton=1)
    s.dock_events(3)
    assert [p["favour"] for p in s.d["p"]] == [3, 1, 0] and s.d["limit"] == 4
    assert s.d["rolls"][0] > 0  # the merchant was rolled for


def test_r6_dock_4_returns_price_markers_gives_1_favour_and_limit_5():
    s = new(2)
    s.d["prices"] = [[4, 1], None, [9, -1]]
    s.dock_events(4)
    assert s.d["prices"] == [None, None, None] and s.d["limit"] == 5
    assert [p["favour"] for p in s.d["p"]] == [1, 1]


def test_r7_dock_5_each_player_gains_a_good_by_cotton_r9_in_seat_order():
    s = new(3)
    s.d["active"] = 1
    give(s, 2, cotton=2)
    give(s, 0, cotton=1)
    s.dock_events(5)
    s._settle()
    refresh(s)
    assert s.d["limit"] == 6
    assert s.current_player == 1 and "gain sandstone" in legal(s)
    play(s, "gain cotton")
    assert s.current_player == 2 and "gain gown" in legal(s) and "gain oil" not in legal(s)
    play(s, "gain gown")
    assert s.current_player == 0 and "gain oil" in legal(s)
    play(s, "gain oil")
    assert s.d["p"][2]["goods"][GOOD["gown"]] == 1


def test_r8_dock_6_gown_bonus_and_the_end():
    s = new(2)
    s.dock_events(6)
    assert s.d["gown_bonus"] == 1 and s.d["left"] is not None
    give(s, 0, gown=1)
    play(s, "gown")
    assert s.d["p"][0]["rupees"] == 2 + 3 + 1


# -- meditation extras -----------------------------------------------------------------------
def test_m4_unused_mp_are_lost_and_m1_a_cook_worker_can_be_laid():
    s = new(2)
    own(s, 0, 8)
    s.d["p"][0]["cook"] = 1
    s.d["p"][0]["workers"] -= 1
    refresh(s)
    play(s, "lay cook")
    assert s.d["turn"]["mp"] == 1 and s.d["p"][0]["workers"] == 10
    play(s, "place architect")
    assert s.d["turn"]["mp"] == 0


def test_n9_the_muezzin_adds_1_mp_once_a_phase_q13():
    s = new(2)
    own(s, 0, 9)
    worker(s, "architect", 0)
    worker(s, "boatman", 0)
    play(s, "lay architect", "lay boatman")
    assert s.d["turn"]["mp"] == 1 + 1 + 1
    t = new(2, muezzin_per_worker=True)
    own(t, 0, 9)
    worker(t, "architect", 0)
    worker(t, "boatman", 0)
    play(t, "lay architect", "lay boatman")
    assert t.d["turn"]["mp"] == 4


def test_n15_the_mosaic_master_turns_mp_into_favour():
    s = new(2)
    own(s, 0, 15)
    s.d["turn"]["mp"] = 3
    refresh(s)
    play(s, "mosaic 3")
    assert s.d["p"][0]["favour"] == 2 and "mosaic 1" not in legal(s)


def test_ft5_one_more_mp_in_the_meditation_phase_only():
    s = new(2)
    tile(s, 0, 5)
    favour(s, 0, 2)
    play(s, "favour t5")
    assert s.d["turn"]["mp"] == 1 and s.d["p"][0]["favour"] == 1


# -- characters' details ---------------------------------------------------------------------
def test_c12a_improving_pays_the_goods_printed_between_levels():
    s = new(2)
    give(s, 0, sandstone=1)
    play(s, "place botanist", "improve")
    assert s.d["p"][0]["level"] == 2 and s.d["p"][0]["goods"][GOOD["sandstone"]] == 0


def test_c9_after_the_trade_the_price_step_is_still_offered():
    s = new(2)
    give(s, 0, cement=1)
    play(s, "place trader", "give cement", "take log", "done")
    assert "price 3 curry -" in legal(s)
    play(s, "price 3 curry -")
    assert s.d["phase"] == "order" and s.value(GOOD["curry"]) == 1


def test_q6_min_good_value_option():
    s = new(2, min_good_value=0)
    s.d["prices"][0] = [GOOD["log"], -1]
    assert s.value(GOOD["log"]) == 0
    t = new(2)
    t.d["prices"][0] = [GOOD["log"], -1]
    assert t.value(GOOD["log"]) == 1


def test_n1_the_portuguese_merchant_pays_several_goods_up_to_4():
    s = new(2)
    own(s, 0, 1)
    give(s, 0, cement=1, log=2, gown=1)
    play(s, "place boatman", "pay cement", "pay log")
    assert "pay log" in legal(s) and "pay gown" not in legal(s)  # 3 + 1 <= 4 < 3 + 3
    assert s._top()["paid"] == 3


def test_n10_the_jagir_delivers_after_another_players_boatman():
    s = new(2)
    own(s, 1, 10)
    notable_on_river(s, 1)
    give(s, 1, cloth=1)
    play(s, "place boatman", "done")
    assert s.current_player == 1 and "jagir cloth 1" in legal(s)
    play(s, "jagir cloth 1")
    assert s.d["p"][0]["favour"] == 1 and s.d["p"][1]["rupees"] == 3
    assert s.current_player == 0


def test_n10_the_jagirs_owner_has_a_second_free_delivery():
    s = new(2)
    own(s, 0, 10)
    play(s, "place boatman")
    assert s._top()["free"] == 2


# -- secondary actions -----------------------------------------------------------------------
def test_s5_the_statue_gives_one_more_main_action():
    s = new(2)
    give(s, 0, statue=1)
    play(s, "place botanist", "done", "statue")
    assert s.d["phase"] == "action" and "place architect" in legal(s)
    play(s, "place architect", "influence traders")
    assert s.d["phase"] == "order" and "statue" not in legal(s)


def test_s6_the_book_stands_3_workers_and_gives_favour_the_painting_2_guilds():
    s = new(2)
    for space in ("architect", "boatman", "trader", "botanist"):
        worker(s, space, 0, standing=False)
    give(s, 0, book=1, painting=1)
    play(s, "book")
    assert s.current_player == 0 and len(s.lying(0)) == 4 and s.d["stack"]
    play(s, "stand architect", "stand boatman", "stand trader")
    assert s.lying(0) == [3] and s.d["p"][0]["favour"] == 1
    play(s, "painting artisans,scholars")
    assert s.d["p"][0]["influence"] == [1, 0, 1]


def test_n11_the_caliph_stands_a_worker_for_a_cotton_once_a_turn():
    s = new(2)
    own(s, 0, 11)
    worker(s, "architect", 0, standing=False)
    worker(s, "boatman", 0, standing=False)
    give(s, 0, cotton=2)
    play(s, "caliph", "stand boatman")
    assert "caliph" not in legal(s)


def test_n14_the_english_merchant_swaps_equal_values():
    s = new(2)
    own(s, 0, 14)
    give(s, 0, oil=1)
    assert "english oil curry" in legal(s) and "english oil gown" not in legal(s)
    play(s, "english oil curry")
    assert not any(t.startswith("english") for t in legal(s))


def test_n6_the_french_merchant_pays_5_when_full_q31():
    s = new(2)
    own(s, 0, 6)
    give(s, 0, log=1, oil=1, gown=1)
    play(s, "french log", "french oil", "french gown")
    assert s.d["p"][0]["rupees"] == 7 and s.d["p"][0]["french"] == [-1, -1, -1]
    t = new(2, french_once_per_turn=True)
    own(t, 0, 6)
    give(t, 0, log=1, oil=1)
    play(t, "french log")
    assert "french oil" not in legal(t)


# -- favour (F, FT) --------------------------------------------------------------------------
def test_ft1_two_favour_stand_a_worker():
    s = new(2)
    tile(s, 0, 1)
    favour(s, 0, 2)
    worker(s, "architect", 0, standing=False)
    play(s, "favour t1")
    assert s.d["spaces"][0] == [0, True] and s.d["p"][0]["favour"] == 0


def test_ft3_a_good_of_value_2_and_ft8_sell_a_good():
    s = new(2)
    tile(s, 0, 3)
    tile(s, 0, 8)
    favour(s, 0, 6)
    play(s, "favour t3 paper")
    assert s.d["p"][0]["goods"][GOOD["paper"]] == 1
    play(s, "favour t8 paper")
    assert s.d["p"][0]["rupees"] == 4 and s.d["p"][0]["favour"] == 1


def test_ft6_a_tribute_at_any_time():
    s = new(4)
    tile(s, 0, 6)
    favour(s, 0, 4)
    give(s, 0, oil=1)
    play(s, "favour t6 tribute oil")
    assert s.d["bowls"][s.t.bowl_of[GOOD["oil"]]] == 0


def test_ft7_value_1_into_value_2_and_ft11_any_processing():
    s = new(2)
    tile(s, 0, 7)
    tile(s, 0, 11)
    favour(s, 0, 5)
    give(s, 0, cotton=1, cloth=1)
    assert "favour t7 cloth gown" not in legal(s)
    play(s, "favour t7 cotton oil", "favour t11 cloth gown")
    assert s.d["p"][0]["goods"][GOOD["gown"]] == 1 and s.d["p"][0]["favour"] == 1


def test_ft9_farmers_ft13_meditation_ft14_swap():
    s = new(2)
    for t in (9, 13, 14):
        tile(s, 0, t)
    favour(s, 0, 10)
    give(s, 0, log=1)
    play(s, "favour t9 1-,2+", "favour t13", "favour t14 log cotton")
    p = s.d["p"][0]
    assert p["farmers"][:2] == [2, 4] and p["level"] == 2 and p["goods"][GOOD["cotton"]] == 1


def test_ft10_overtime_without_rupees():
    s = new(2)
    tile(s, 0, 10)
    favour(s, 0, 3)
    worker(s, "botanist", 0)
    play(s, "favour t10 botanist")
    assert s.d["p"][0]["rupees"] == 2 and s.d["phase"] == "action"


def test_ft12_deliver_to_a_notable_with_influence():
    s = new(2)
    tile(s, 0, 12)
    favour(s, 0, 4)
    notable_on_river(s, 1)
    give(s, 0, cloth=1)
    play(s, "favour t12 cloth 1")
    assert s.d["p"][0]["influence"][s.t.n_guild[1]] == 1  # D7, Q16


def test_f7_a_fourth_tile_means_a_discard():
    s = new(2)
    for t in (1, 2, 3):
        tile(s, 0, t)
    s.d["p"][0]["influence"][1] = 2
    new_tile = s.d["display"][0]
    play(s, "place architect", "influence traders", f"reward tile t{new_tile}")
    assert legal(s) == {f"discard t{t}" for t in (1, 2, 3, new_tile)}
    play(s, "discard t2")
    assert 2 in s.d["stack_tiles"] and sorted(s.d["p"][0]["tiles"]) == sorted([1, 3, new_tile])


def test_g4_level_6_gives_2_favour_q12():
    s = new(2)
    s.d["p"][0]["influence"][0] = 5
    play(s, "place architect", "influence artisans", "reward favour")
    assert s.d["p"][0]["favour"] == 2
    t = new(2, influence_reward_6_favour=1)
    t.d["p"][0]["influence"][0] = 5
    play(t, "place architect", "influence artisans", "reward favour")
    assert t.d["p"][0]["favour"] == 1


def test_h8_with_an_empty_supply_markers_are_taken_back():
    s = new(2)
    give(s, 0, log=10, cotton=12)
    assert s.d["p"][0]["markers"] == 0
    assert "reclaim log" in legal(s)
    play(s, "place 1.1", "produce 2")
    assert s.current_player == 0 and legal(s) == {"reclaim log", "reclaim cotton"}
    play(s, "reclaim log", "reclaim cotton")
    assert s.d["p"][0]["goods"][GOOD["sandstone"]] == 2 and s.d["p"][0]["markers"] == 0


def test_h8_q18_a_production_counts_the_markers_on_notables_only_with_the_option():
    """B2, H8: a production may exceed the supply by what can be taken back; with option
    ``reclaim_from_notables`` (Q18) that includes the seat's markers on the notables."""
    from eurogames.games.agra.actions import GOODS

    for option in (False, True):
        s = new(2, reclaim_from_notables=option)
        s.d["p"][0]["markers"] = 0
        n = s.d["river"][0]
        goods = [GOODS[g] for g in s.t.n_contract[n["id"]][:2]]
        n["slots"][0], n["slots"][1] = [0], [0]
        refresh(s)
        play(s, "place 1.1")
        produce = {a for a in legal(s) if a.startswith("produce")}
        if not option:
            assert produce == {"produce 0"}
            continue
        assert {"produce 1", "produce 2"} <= produce and "produce 3" not in produce
        play(s, "produce 2")
        wanted = {f"reclaim {goods[0]} {n['id']}", f"reclaim {goods[1]} {n['id']}"}
        assert legal(s) == wanted
        play(s, *sorted(wanted))
        assert s.d["p"][0]["goods"][GOOD["sandstone"]] == 2 and n["slots"][:2] == [[], []]


# -- notables (N) ----------------------------------------------------------------------------
def test_n2_the_sufi_raises_meditation_when_won():
    s = new(2)
    win(s, 0, 2, "cotton")
    assert s.d["p"][0]["level"] == 2


def test_n5_the_khatib_adds_a_cotton():
    s = new(2)
    own(s, 0, 5)
    play(s, "place 1.4", "produce 1")
    assert s.d["p"][0]["goods"][GOOD["cotton"]] == 2


def test_n7_the_dyer_exchanges_2_goods_just_produced():
    s = new(2)
    own(s, 0, 7)
    play(s, "place 1.3", "produce 2")
    assert "dyer curry" in legal(s) and "dyer oil" not in legal(s)
    play(s, "dyer dye")
    assert s.d["p"][0]["goods"][GOOD["dye"]] == 1 and s.d["p"][0]["goods"][GOOD["turmeric"]] == 0


def test_n15_the_mosaic_master_takes_a_tile_from_the_stack():
    s = new(2)
    win(s, 0, 15, "cement")
    assert s.current_player == 0 and s.view(0)["stack_seen"] == sorted(s.d["stack_tiles"])
    t = s.d["stack_tiles"][0]
    play(s, f"tile t{t}")
    assert s.d["p"][0]["tiles"] == [t] and len(s.d["display"]) == 3


def test_n16_the_mujtahid_builds_the_first_unbuilt_building_free():
    s = new(2)
    s.d["builder"] = 15
    win(s, 0, 16, "turmeric")
    assert s.d["built"][4] and s.current_player == 0
    assert any(t.startswith("bonus 2") for t in legal(s))


def test_q10_the_mujtahid_nearest_option():
    s = new(2, mujtahid_target="nearest")
    s.d["built"][4] = s.d["built"][5] = s.d["built"][6] = True
    assert s.mujtahid_target() == 8  # 3.1 is nearer the top left than 2.4
    t = new(2)
    t.d["built"][4] = t.d["built"][5] = t.d["built"][6] = True
    assert t.mujtahid_target() == 7


def test_n18_the_painter_stands_3_and_raises_a_guild():
    s = new(2)
    worker(s, "trader", 0, standing=False)
    win(s, 0, 18, "sandstone")
    assert s.d["spaces"][2] == [0, True]  # forced: the only lying worker
    assert legal(s) == {"influence artisans", "influence traders", "influence scholars"}


def test_n20_the_sadr_pays_a_tribute_of_equal_value():
    s = new(4)
    give(s, 0, paper=1)
    win(s, 0, 20, "cloth")
    assert "sadr paper curry" in legal(s)
    play(s, "sadr paper curry")
    assert s.d["bowls"][s.t.bowl_of[GOOD["curry"]]] == 0
    assert s.score_parts(0)["notables"] == 1  # N20: 1 per tribute


def test_n17_n19_n21_n22_end_scoring():
    s = new(4)
    s.d["orders"] = [[0, 0, None, None, None, None], [0, None, None, None, None, None],
                     [None] * 6]
    for n in (17, 19):
        own(s, 0, n)
    assert s.score_parts(0)["notables"] == 3 + 3
    own(s, 0, 22)  # Scholars: itself
    assert s.score_parts(0)["notables"] == 3 + 3 + 1
    t = new(4)
    t.d["orders"] = [[1, None, None, None, None, None]] * 3
    own(t, 1, 21)  # Grand Mufti (scholars) counts itself
    assert t.score_parts(1)["notables"] == 3 * 1


def test_d12_generous_bonuses_pay_per_good_delivered():
    s = new(4)
    own(s, 0, 2)  # Sufi: curry +1
    give(s, 0, curry=1)
    play(s, "place botanist", "done", "tribute curry")
    assert s.d["p"][0]["rupees"] == 3


# -- bonus tiles -----------------------------------------------------------------------------
def test_bt2d_a_bonus_tile_removes_a_cover_and_gives_2_rupees():
    s = new(2)
    s.d["builder"] = 15
    give(s, 0, log=3)
    play(s, "place architect", "build 2.1 pay log,log,log", "bonus 2d")
    assert s.current_player == 0 and "uncover 1.1" in legal(s)
    play(s, "uncover 1.1")
    assert s.d["p"][0]["removed"] == 1 and s.d["p"][0]["rupees"] == 4


def test_q52_no_bonus_tile_left_no_bonus():
    s = new(2)
    s.d["builder"] = 15
    s.d["bonus_left"] = [t for t in s.d["bonus_left"] if s.t.bonus[t][0] != 2]
    give(s, 0, log=3)
    play(s, "place architect", "build 2.1 pay log,log,log")
    assert legal(s) >= {"process 0"}


# -- orders, the end -------------------------------------------------------------------------
def test_o8_the_sixth_order_of_a_column_triggers_the_end():
    s = new(4)
    s.d["orders"][0] = [1, 1, 1, None, 1, 1]
    s.d["order_at"][0] = 3
    s.d["limit"] = 6
    s.d["p"][0]["influence"][0] = 1
    need = s.t.orders[0][3]
    give(s, 0, **{list(GOOD)[g]: need.count(g) for g in need})
    play(s, "place botanist", "done", "order artisans")
    assert s.d["order_at"][0] is None and s.d["left"] is not None


def test_q4_neutral_orders_count_toward_the_limit_unless_the_option_says_no():
    s = new(2, initial_order_limit=2)
    u = 0
    s.d["orders"][u] = [NEUTRAL, NEUTRAL, None, None, None, None]
    s.d["order_at"][u] = 2
    s.d["p"][0]["influence"][u] = 1
    need = s.t.orders[u][2]
    give(s, 0, **{list(GOOD)[g]: need.count(g) for g in need})
    assert not s.order_ok(0, u)
    t = new(2, initial_order_limit=2, neutral_orders_count_limit=False)
    t.d["orders"][u] = [NEUTRAL, NEUTRAL, None, None, None, None]
    t.d["order_at"][u] = 2
    t.d["p"][0]["influence"][u] = 1
    give(t, 0, **{list(GOOD)[g]: need.count(g) for g in need})
    assert t.order_ok(0, u)


def test_e2_end_rule_turn_gives_each_player_one_more_turn_q21():
    s = new(3, end_rule="turn")
    s.d["active"] = 1
    s.trigger_end("test")
    assert s.d["left"] == 3
    r = new(3)
    r.d["active"] = 1
    r.trigger_end("test")
    assert r.d["left"] == 1 + 3  # seat 2 ends the round, then a full round


def test_minimal_payments_are_the_plain_definition_q40():
    """The cached ``minimal_payments`` (a speed trick in rules.py) against C2 and Q40 read
    plainly: every payment the action space names for the building, held, reaching the
    cost, and with no good that could be dropped."""
    from itertools import product

    from eurogames.games.agra.actions import ACTIONS, MATERIALS
    from eurogames.games.agra.rules import STONEMASON

    state = new(2, seed=4)
    named = {b: [a.payment for a in ACTIONS if a.kind == "build" and a.building == b]
             for b in (4, 8, 12)}
    for counts in product(range(4), repeat=len(MATERIALS)):
        for stonemason in (False, True):
            p = state.d["p"][0]
            for m, n in zip(MATERIALS, counts, strict=True):
                p["goods"][m] = n
            p["contracts"] = [STONEMASON] if stonemason else []
            for b in (4, 8, 12):
                cost = state.t.cost[b]
                plain = []
                for pay in named[b]:
                    if any(p["goods"][m] < n for m, n in zip(MATERIALS, pay, strict=True)):
                        continue
                    if state.build_value(0, pay) < cost:
                        continue
                    if all(state.build_value(0, tuple(n - (j == i) for j, n in enumerate(pay)))
                           < cost for i, n in enumerate(pay) if n):
                        plain.append(pay)
                assert state.payments(0, b) == plain


# -- found by the audit of 2026-11-29 --------------------------------------------------------
def test_c10_no_give_after_a_take_even_of_a_good_worth_0():
    """C10: the goods given, then the goods taken; never a give after a take, also when the
    good taken is worth 0 (option ``min_good_value`` 0, a price marker at -1)."""
    s = new(2, min_good_value=0)
    s.d["prices"] = [[0, -1], None, None]  # sandstone 1 - 1 = 0
    give(s, 0, log=1, cotton=2)
    play(s, "place trader", "give log", "take sandstone")
    assert s.value(0) == 0
    assert not {a for a in legal(s) if a.startswith("give")}
    assert s.d["stack"][-1]["took"] == 1


def test_t4_b7_followers_decide_clockwise_from_the_active_player_after_an_out_of_turn_build():
    """T4, B7, N16: seat 2 wins the Mujtahid on seat 0's delivery and processes in the new
    building out of turn; the followers decide from the active seat 0, then 1, then 3."""
    s = new(4)
    d = s.d
    d["boat"] = 4
    d["contracts"] = [2, 3, 0, 0]
    n = notable_on_river(s, 16)  # the Mujtahid: statue, plank, turmeric
    n["slots"] = [[2, 2], [1], []]
    d["p"][2]["markers"] -= 2
    d["p"][1]["markers"] -= 1
    give(s, 0, turmeric=1, sandstone=1)
    for seat, n_ in ((1, 1), (2, 2), (3, 1)):
        give(s, seat, sandstone=n_)
    play(s, "place boatman", "deliver turmeric 16")
    assert 16 in s.d["p"][2]["contracts"]
    while s.current_player == 2:
        options = sorted(legal(s))
        play(s, next((a for a in options if a.startswith("bonus")), None)
             or ("process 1" if "process 1" in options else options[0]))
    order = []
    while s.d["stack"] and s.d["stack"][-1]["k"] == "follow":
        order.append(s.current_player)
        play(s, "decline")
    assert order == [0, 1, 3]


def test_r7_q47_dock_5_with_an_empty_supply_offers_reclaim_then_the_good():
    """R7, H8, Q47: dock 5's good is a decision; a seat with an empty supply but goods to
    take back is asked (reclaim, then the good), not passed over."""
    s = new(2)
    d = s.d
    d["boat"] = 4
    d["contracts"] = [2, 3, 0, 0]
    n = notable_on_river(s, 17)  # the Dutch merchant: gown, dye, log
    n["slots"] = [[0], [1], []]
    d["p"][0]["markers"] -= 1
    d["p"][1]["markers"] -= 1
    give(s, 1, sandstone=d["p"][1]["markers"])  # seat 1's supply now empty
    give(s, 0, log=1)
    play(s, "place boatman", "deliver log 17")
    gain = [a for a in legal(s) if a.startswith("gain")][0]
    play(s, gain)  # seat 0's good
    assert s.current_player == 1 and s.d["p"][1]["markers"] == 0
    options = legal(s)
    assert "reclaim sandstone" in options and any(a.startswith("gain") for a in options)
    play(s, "reclaim sandstone")
    before = sum(s.d["p"][1]["goods"])
    play(s, next(a for a in legal(s) if a.startswith("gain")))
    assert sum(s.d["p"][1]["goods"]) == before + 1


def test_q32_own_next_turn_keeps_the_ft11_mark_but_the_mullah_resets_t5():
    """Q32 option ``own_next_turn``: a follower's FT11 mark stays until its own turn ends,
    but a once-per-turn notable used while following (the Mullah, N13) resets at the end of
    that turn (T5), so the discount is there again in the follower's own turn."""
    s = new(2, favour_t11_follow_mark="own_next_turn")
    own(s, 1, 13)
    tile(s, 1, 11)
    tile(s, 1, 1)
    favour(s, 1, 6)
    give(s, 0, log=1, cotton=1)
    give(s, 1, log=1, cotton=1)
    s.d["built"][5] = True  # 2.2, log -> plank
    refresh(s)
    play(s, "place 2.2", "process 1", "follow t11 cotton oil")
    assert s.d["p"][1]["used"] == ["mullah", "t11"]
    play(s, "end")
    assert s.d["p"][1]["used"] == ["t11"]  # the mark stays, the Mullah is unused again
    worker(s, "1.3", 1, standing=False)
    before = s.d["p"][1]["favour"]
    play(s, "favour t1")
    assert before - s.d["p"][1]["favour"] == 1  # FT1 costs 2, less the Mullah's 1


def test_q37_q29_the_botanist_may_be_left_with_no_option():
    """Q37, Q29: 「可以讓你」 is a permission, as for every action (Q37): `done` is legal at
    once on the Botanist, while its options are open, and changes nothing."""
    s = new(2)
    covers = [list(c) for c in s.d["p"][0]["covers"]]
    play(s, "place botanist")
    options = legal(s)
    assert "done" in options and any(a.startswith("uncover") for a in options)
    play(s, "done")
    assert s.d["phase"] == "order" and s.d["p"][0]["covers"] == covers


def test_c10_q56_a_good_is_valued_when_given_or_taken():
    """Q56: FT4 between a give and a take moves a price marker; the takes after it use the
    new value (H6), the goods given keep theirs."""
    from eurogames.games.agra.actions import GOODS

    s = new(2)
    tile(s, 0, 4)
    favour(s, 0, 5)
    offered = next(g for g in GOODS if s.value(GOOD[g]) == 2)  # above the floor of 1
    give(s, 0, **{offered: 1})
    play(s, "place trader", f"give {offered}")
    given = 2
    target = next(g for g in GOODS if s.value(GOOD[g]) == given
                  and f"favour t4 1 {g} -" in legal(s))
    assert f"take {target}" not in legal(s)  # not less than the value given
    play(s, f"favour t4 1 {target} -")
    assert s.value(GOOD[target]) == given - 1 and f"take {target}" in legal(s)
    assert s.d["stack"][-1]["value"] == given


def test_n15_q57_no_worker_is_laid_after_the_mosaic_exchange():
    """Q57, Q38: the Mosaic master's exchange spends MP, so it ends the laying of workers."""
    s = new(2)
    own(s, 0, 15)
    worker(s, "1.2", 0)
    worker(s, "1.3", 0)
    play(s, "lay 1.2")
    assert {"lay 1.3", "mosaic 1"} <= legal(s)
    play(s, "mosaic 1")
    assert not {a for a in legal(s) if a.startswith("lay")}
    assert s.d["p"][0]["favour"] == 1
