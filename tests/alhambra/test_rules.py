"""One test per rule of docs/rules/alhambra.md and per edge case of the specification
(shared/rules/alhambra.md §15, cases 1–13 and 26–39), named after it. Each builds the position
it needs and checks the exact outcome."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import eurogames
from eurogames.core.rng import Rng
from eurogames.games.alhambra.actions import BY_TEXT, SCORING_CARD, card_code, card_value
from eurogames.games.alhambra.data import TILE_IDS
from eurogames.games.alhambra.rules import (
    ACTION,
    ENDING,
    OVER,
    PLACING,
    AlhambraState,
    _insert_scoring_cards,
)
from eurogames.games.alhambra.scoring import building_points, round_points

from .helpers import (
    GAME,
    act,
    alhambra_tiles,
    card_by_card,
    case28_last_tile_in_the_bag,
    legal_texts,
    money,
    money_counts,
    play,
    position,
    purchase,
)


def refused(state: AlhambraState, text: str) -> str:
    before = state.to_json()
    with pytest.raises(eurogames.IllegalActionError) as info:
        state.apply(BY_TEXT[text])
    assert state.to_json() == before
    return str(info.value)


def _replayed_deal(players: int, seed: int) -> list[list[int]]:
    """The setup's deal redone by hand (U2–U5): the cards each seat was dealt, in order."""
    rng = Rng(seed)
    bag = list(TILE_IDS)
    for _ in range(4 + (6 if players == 2 else 0)):
        bag.pop(rng.below(len(bag)))
    copies = 2 if players == 2 else 3
    deck = [c for c in range(36) for _ in range(copies)]
    rng.shuffle(deck)
    dealt = []
    for _ in range(players):
        cards = []
        while sum(card_value(c) for c in cards) < 20:
            cards.append(deck.pop())
        dealt.append(cards)
    return dealt


# -- setup -------------------------------------------------------------------------------
def test_case1_u5_starting_money_stops_at_twenty_or_more():
    for seed in range(40):
        state = GAME.new(4, seed=seed)
        for seat, cards in enumerate(_replayed_deal(4, seed)):
            values = [card_value(c) for c in cards]
            assert sum(values) >= 20 and sum(values) - values[-1] < 20
            assert sum(state.hands[seat]) == len(cards)


def test_case2_u8_start_player_fewest_cards_then_lowest_total_then_lowest_seat():
    for seed in range(40):
        state = GAME.new(3, seed=seed)
        key = [
            (sum(h), sum(card_value(c) * n for c, n in enumerate(h)), p)
            for p, h in enumerate(state.hands)
        ]
        assert state.start == min(key)[2] == state.current


def test_case3_u7_scoring_cards_lie_in_the_second_and_fourth_piles():
    seen = [set(), set()]
    for seed in range(300):
        deck, ranges = _insert_scoring_cards([0] * 77, Rng(seed))
        top_first = deck[::-1]
        assert len(deck) == 79
        at = [i for i, c in enumerate(top_first) if c == SCORING_CARD]
        assert 16 <= at[0] <= 32 and 48 <= at[1] <= 63
        seen[0].add(at[0])
        seen[1].add(at[1])
        assert ranges == ((79 - 1 - 32, 79 - 1 - 16), (79 - 1 - 63, 79 - 1 - 48))
    assert seen[0] == set(range(16, 33)) and seen[1] == set(range(48, 64))


def test_case3_u7_no_scoring_card_in_the_display_or_a_hand():
    for seed in range(30):
        state = GAME.new(5, seed=seed)
        assert SCORING_CARD not in state.display
        assert state.deck.count(SCORING_CARD) == 2


def test_case4_v1_v3_two_players_use_72_cards_and_dirk_starts_with_six_tiles():
    state = GAME.new(2, seed=3)
    cards = len(state.deck) - 2 + len(state.display) + sum(sum(h) for h in state.hands)
    assert cards == 72
    assert len(state.dirk) == 6 and len(state.bag) == 44
    plain = GAME.new(2, seed=3, options={"dirk": False})
    assert plain.dirk == () and len(plain.bag) == 50
    assert len(plain.deck) - 2 + len(plain.display) + sum(sum(h) for h in plain.hands) == 108


# -- money and purchases -----------------------------------------------------------------
def test_case5_m1_take_money_choices():
    state = position(display="yellow 9 green 3 blue 2 orange 1")
    takes = sorted(t for t in legal_texts(state) if t.startswith("take"))
    assert takes == sorted([
        "take yellow 9", "take green 3", "take blue 2", "take orange 1",
        "take green 3 blue 2", "take green 3 orange 1", "take blue 2 orange 1",
    ])
    assert "take green 3 blue 2 orange 1" not in BY_TEXT  # totals 6: not an action at all
    assert "take yellow 9 orange 1" not in BY_TEXT


def test_case6_m2_the_slots_currency_pays():
    # pavilion 5 costs 6, in slot 3 (blue)
    state = position(market=[1, 8, 5, 15], hands={0: "green 6 blue 2 blue 4 blue 9"})
    assert "buy 3" in legal_texts(state)
    play(state, "buy 3")
    assert legal_texts(state) == ["pay blue 2", "pay blue 4", "pay blue 9"]  # not green 6
    bag = [t for t in TILE_IDS if t not in (1, 8, 15, 5)]
    empty = position(market=[1, 8, 0, 15], hands={0: "blue 9"}, bag=bag, dirk=None)
    assert not [t for t in legal_texts(empty) if t.startswith("buy 3")]


def test_m2_a_card_of_another_currency_is_refused():
    state = position(market=[1, 8, 5, 15], hands={0: "green 6 blue 2 blue 4 blue 9"})
    play(state, "buy 3")
    assert "paid in blue only, not green" in refused(state, "pay green 6")
    assert "paid in blue only" in refused(state, "pay yellow 2")  # not even held


def test_m2_a_purchase_is_begun_only_where_the_currency_reaches_the_price():
    state = position(market=[1, 8, 5, 15], hands={0: "blue 2 blue 3 green 9"})  # 5 < 6
    assert "buy 3" not in legal_texts(state)
    assert "total 5, below the price 6" in refused(state, "buy 3")


def test_m2_confirming_below_the_price_is_refused():
    state = position(market=[1, 8, 5, 15], hands={0: "blue 2 blue 4 blue 9"})
    play(state, "buy 3", "pay blue 4")
    assert "confirm" not in legal_texts(state)
    assert "total 4, below the price 6" in refused(state, "confirm")
    play(state, "pay blue 2", "confirm")
    assert state.pending == (5,) and state.hands[0] == tuple(money_counts("blue 9"))


def test_m2_each_card_held_is_paid_at_most_once():
    state = position(market=[1, 8, 5, 15], hands={0: "blue 4 blue 4 blue 9"})
    play(state, "buy 3", "pay blue 4", "pay blue 4")
    assert "pay blue 4" not in legal_texts(state)
    assert "no other blue 4" in refused(state, "pay blue 4")


def test_m2_a_purchase_in_progress_allows_nothing_else():
    state = position(market=[1, 8, 5, 15], hands={0: "blue 1 blue 9"}, display="yellow 1")
    play(state, "buy 3")
    assert legal_texts(state) == ["pay blue 1", "pay blue 9"]
    assert "finish the purchase" in refused(state, "take yellow 1")
    assert "finish the purchase" in refused(state, "buy 3")


def test_case7_m3_overpaying_gives_no_change_and_no_bonus():
    state = position(market=[1, 8, 5, 15], hands={0: "blue 9"})
    play(state, *purchase(3, 9))
    assert sum(state.hands[0]) == 0 and state.phase == PLACING and not state.bonus
    assert state.pending == (5,) and state.discard == tuple(money_counts("blue 9"))


def test_m3_overpaying_with_a_needless_card_is_allowed():
    # blue 2 + 4 reach the price 6; the 9 may still be added: no change is given
    state = position(market=[1, 8, 5, 15], hands={0: "blue 2 blue 4 blue 9"}, display="yellow 1")
    play(state, "buy 3", "pay blue 2", "pay blue 4")
    assert legal_texts(state) == ["pay blue 9", "confirm"]
    play(state, "pay blue 9", "confirm")
    assert sum(state.hands[0]) == 0 and state.phase == PLACING and not state.bonus


def test_m4_an_exact_payment_grants_another_action():
    state = position(market=[1, 8, 5, 15], hands={0: "blue 2 blue 4 blue 9"}, display="yellow 1")
    play(state, "buy 3", "pay blue 4", "pay 2")  # the shorthand: the purchase's currency
    assert "exact, so you may take another action" in state.describe(act("confirm"), "en")
    play(state, "confirm")
    assert state.bonus and state.phase == ACTION and state.pending == (5,)
    assert state.hands[0] == tuple(money_counts("blue 9"))


def test_case8_m4_a_chain_of_five_actions():
    # prices: tile 1 = 2 (yellow), 8 = 3 (green), 2 = 3 (blue), 9 = 4 (orange)
    state = position(
        market=[1, 8, 2, 9],
        hands={0: "yellow 2 green 3 blue 3 orange 4"},
        display="yellow 1 green 1 blue 1 orange 1",
    )
    play(state, *purchase(1, 2), *purchase(2, 3), *purchase(3, 3), *purchase(4, 4))
    legal = legal_texts(state)
    assert not any(t.startswith("buy") for t in legal)
    assert "pass" in legal and "take yellow 1" in legal
    play(state, "take yellow 1")
    assert state.phase == PLACING and state.pending == (1, 8, 2, 9)


def test_case9_m5_no_refill_inside_a_turn():
    state = position(market=[1, 8, 2, 9], hands={0: "green 3 green 4"}, display="yellow 1 green 1")
    play(state, *purchase(2, 3))
    assert state.market[1] == 0 and not any(t.startswith("buy 2") for t in legal_texts(state))
    assert "empty" in refused(state, "buy 2")
    assert state.display == tuple(sorted(money("yellow 1 green 1")))


def test_case10_a1_the_bonus_action_is_optional():
    state = position(market=[1, 8, 2, 9], hands={0: "yellow 2"}, display="yellow 1")
    assert "pass" not in legal_texts(state)
    refused(state, "pass")
    play(state, *purchase(1, 2))
    assert state.bonus and "pass" in legal_texts(state)
    play(state, "pass")
    assert state.phase == PLACING


def test_case11_m4_a_bonus_action_ends_after_a_non_buy():
    state = position(market=[1, 8, 2, 9], hands={0: "yellow 2"}, display="yellow 1")
    play(state, *purchase(1, 2), "take yellow 1")
    assert state.phase == PLACING and not state.bonus


def test_case12_m6_bought_tiles_are_not_in_the_reserve():
    state = position(market=[23, 8, 2, 9], hands={0: "yellow 9 yellow 1"}, display="yellow 1")
    play(state, *purchase(1, 1, 9))
    assert "bought this turn" in refused(state, "place 23 at 1,0")
    play(state, "pass")
    assert sorted(legal_texts(state)) == sorted(
        ["place 23 at 0,-1", "place 23 at -1,0", "place 23 at 1,0", "place 23 at 0,1", "reserve 23"]
    )
    assert "dirk 23" not in legal_texts(state)  # three players: no Dirk (case 37)


def test_case13_p9_placement_order_at_the_end_of_the_turn():
    state = position(market=[7, 14, 2, 9], hands={0: "yellow 8 green 9"}, display="blue 1")
    play(state, *purchase(1, 8), *purchase(2, 9), "pass")
    assert "place 14 at 2,0" not in legal_texts(state)
    play(state, "place 7 at 1,0")
    assert "place 14 at 2,0" in legal_texts(state)
    play(state, "place 14 at 2,0")
    assert alhambra_tiles(state, 0) == {7: (1, 0), 14: (2, 0)}
    assert state.phase == ACTION and state.current == 1


# -- redesign ------------------------------------------------------------------------------
def test_r1_r2_r3_redesign_forms_end_the_action_phase():
    state = position(alhambras={0: {7: (1, 0)}}, reserves={0: [14, 12]}, display="blue 1")
    legal = legal_texts(state)
    assert "place 14 at 2,0" in legal and "reserve 7" in legal and "swap 14 7" in legal
    assert "swap 12 7" not in legal  # its west wall would face the fountain's open side
    play(state, "swap 14 7")
    assert alhambra_tiles(state, 0) == {14: (1, 0)} and state.reserves[0] == (7, 12)
    assert state.current == 1


def test_r2_the_fountain_can_never_be_moved():
    state = position(alhambras={0: {7: (1, 0)}}, reserves={0: [14]}, display="blue 1")
    assert not any(t.startswith("reserve") and t != "reserve 7" for t in legal_texts(state))


# -- refill and end of game ----------------------------------------------------------------
def test_case26_f1_f2_a_scoring_card_in_mid_refill():
    state = position(
        market=[22, 8, 2, 9],
        hands={0: "yellow 9"},
        display="yellow 1 green 1 orange 1 orange 2",
        deck=["blue 4", "scoring", "green 2"],
    )
    play(state, "take yellow 1 green 1")
    assert state.display == tuple(sorted(money("orange 1 orange 2 blue 4 green 2")))
    assert state.scorings == 1 and state.log[0][0] == 1


def test_case26_s1_tiles_placed_this_turn_count_and_reserves_do_not():
    state = position(
        market=[22, 8, 2, 9],
        reserves={0: [41, 42]},
        hands={0: "yellow 9"},
        display="yellow 1 green 1",
        deck=["blue 4", "scoring", "green 2"],
    )
    play(state, *purchase(1, 9), "pass", "place 22 at 1,0")
    # seat 0 alone has an arcades (3 points); gardens on the reserve do not count
    assert state.log[0] == (1, (3, 0, 0), 0)


def test_case27_f1_the_discard_pile_is_reshuffled():
    greens = " ".join(f"green {v}" for v in range(1, 10))
    state = position(display="yellow 1 yellow 2", deck=["blue 4"], discard=f"{greens} orange 9")
    state.deck = state.deck[-1:]  # exactly one card left
    rest = [c for c in range(36) for _ in range(3)]
    for code in (*state.display, *state.deck):
        rest.remove(code)
    for code, n in enumerate(state.discard):
        for _ in range(n):
            rest.remove(code)
    state.hands[2] = tuple(rest.count(c) for c in range(36))
    state.scorings = 2
    state.check()
    play(state, "take yellow 1")
    assert len(state.display) == 4 and len(state.deck) == 8 and sum(state.discard) == 0
    state.check()


def test_case27_f1_with_deck_and_discard_empty_the_display_stays_short():
    state = position(display="yellow 1 yellow 2", deck=[])
    hand = [3] * 36
    for code in state.display:
        hand[code] -= 1
    state.hands[2] = tuple(hand)
    state.deck = ()
    state.scorings = 2
    state.check()
    play(state, "take yellow 1")
    assert state.display == tuple(money("yellow 2"))
    assert state.phase == ACTION and state.current == 1


def test_case28_e1_end_with_a_partial_refill():
    state = case28_last_tile_in_the_bag()
    play(state, "take orange 1")
    assert state.market == [0, 0, 0, 0] and state.bag == ()
    # slot 1 yellow -> seat 0, slot 2 green (tile 22 just drawn) -> seat 2, slot 3 blue -> seat 1
    assert state.phase == ENDING and state.current == 1 and state.pending == (14,)
    assert state.queue == ((2, (22,)), (0, (7,)))
    play(state, "place 14 at 1,0", "reserve 22", "place 7 at 0,1")
    assert state.phase == OVER and state.log[-1][0] == 3


def test_case29_a2_most_money_means_value():
    def winner(hands):
        state = position(market=[0, 0, 14, 0], bag=[], hands=hands, display="orange 1")
        state.reserves[2] = tuple(sorted(t for t in TILE_IDS if t != 14))
        state.check()
        play(state, "take orange 1")
        return state.current if state.phase == ENDING else None

    assert winner({0: "blue 9", 1: "blue 2 blue 3 blue 3"}) == 0
    assert winner({0: "blue 9", 1: "blue 4 blue 5"}) is None
    assert winner({0: "yellow 9"}) is None


def test_case30_f4_an_empty_bag_alone_does_not_end_the_game():
    state = position(market=[7, 8, 14, 9], bag=[], display="orange 1 orange 2")
    state.reserves[2] = tuple(sorted(t for t in TILE_IDS if t not in (7, 8, 14, 9)))
    state.check()
    play(state, "take orange 1")
    assert state.phase == ACTION and state.current == 1


def test_case31_e4_the_final_scoring_is_always_the_third():
    state = position(market=[0, 0, 0, 0], bag=[], display="orange 1", alhambras={0: {7: (1, 0)}})
    state.reserves[2] = tuple(sorted(t for t in TILE_IDS if t != 7))
    state.check()
    assert state.scorings == 0
    play(state, "take orange 1")
    assert state.phase == OVER and [r for r, _, _ in state.log] == [3]
    assert state.points[0] == 16  # the only pavilion: 1st place of the 3rd table


# -- scoring -----------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("round_", "type_", "counts", "points"),
    [
        (1, 4, [3, 3, 1], [2, 2, 0]),
        (2, 0, [2, 2, 1], [4, 4, 0]),
        (2, 5, [4, 2, 2, 1], [13, 3, 3, 0]),
        (2, 1, [1, 1, 1], [3, 3, 3]),
        (3, 5, [3, 3, 3, 1], [13, 13, 13, 0]),
        (3, 5, [5, 5, 2, 1], [17, 17, 6, 0]),
        (3, 5, [5, 5, 2, 2], [17, 17, 3, 3]),
        (3, 3, [4, 2, 2, 2], [19, 5, 5, 5]),
        (3, 4, [4, 3, 1, 1], [20, 12, 2, 2]),
        (3, 5, [2, 2, 2, 2, 0], [10, 10, 10, 10, 0]),
        (3, 2, [1, 0, 0], [18, 0, 0]),
        (1, 5, [2, 2, 1], [3, 3, 0]),  # Dirk 2, A 2, B 1
    ],
)
def test_case32_s3_building_ties(round_, type_, counts, points):
    from eurogames.games.alhambra.data import DATA

    assert building_points(counts, DATA.points[round_ - 1][type_]) == points


def test_case33_s2_zero_never_scores():
    from eurogames.games.alhambra.data import DATA

    assert building_points([0, 0, 0], DATA.points[2][0]) == [0, 0, 0]
    assert building_points([3, 0, 0], DATA.points[2][0]) == [16, 0, 0]


def test_case35_s6_walls_score_at_every_scoring_for_players_only():
    counts = [[0] * 6, [0] * 6, [0] * 6]
    for round_ in (1, 2, 3):
        assert round_points(counts, [4, 0, 0], round_) == [4, 0, 0]
    state = position(
        players=3,
        alhambras={0: {9: (1, 0), 17: (2, 1), 22: (1, 1)}},
        display="orange 1 orange 2",
        deck=["scoring"],
    )
    play(state, "take orange 1")
    # walls 4 (case 34: corners join); one seraglio (2) and one arcades (3) and the walls
    assert state.log[0] == (1, (4 + 2 + 3, 0, 0), 0)


# -- two players ---------------------------------------------------------------------------
def test_case36_v4_v5_dirks_draws_after_the_scorings():
    state = position(players=2, display="orange 1 orange 2", deck=["scoring"])
    before = len(state.dirk)
    bag = len(state.bag)
    play(state, "take orange 1")
    assert len(state.dirk) == before + 6 and len(state.bag) == bag - 6
    state = position(
        players=2, display="orange 1 orange 2", deck=["scoring"], scorings_done=1,
        bag=list(range(1, 18)), market=[30, 31, 32, 33], dirk=[40, 41],
    )
    play(state, "take orange 1")
    assert len(state.dirk) == 2 + 5  # 17 // 3, before the market refill
    assert len(state.bag) == 12 and all(state.market)


def test_case37_v6_giving_a_tile_to_dirk():
    state = position(players=2, market=[7, 8, 2, 9], hands={0: "yellow 9"}, display="orange 1")
    play(state, *purchase(1, 9))
    assert "dirk 7" in legal_texts(state)
    play(state, "dirk 7")
    assert 7 in state.dirk


def test_case38_a13_dirk_never_wins():
    state = position(players=2)
    state.points = [120, 110]
    state.dirk_points = 130
    state.log = ((3, (120, 110), 130),)
    state.phase = OVER
    assert state.winners() == [0] and state.scores() == [120, 110]
    assert state.view(0)["dirk"]["points"] == 130


def test_e5_a_final_tie_is_shared():
    state = position(players=3)
    state.points = [50, 50, 10]
    state.phase = OVER
    assert state.winners() == [0, 1] and state.returns() == [0.0, 0.0, -1.0]


def test_a11_pass_when_nothing_else_is_legal():
    state = position(display="", deck=[], market=[7, 8, 2, 9])
    hand = [3] * 36
    state.hands[1] = tuple(hand)
    state.deck = ()
    state.scorings = 2
    state.check()
    assert legal_texts(state) == ["pass"]


def test_a10_records_of_rules_version_1_replay_exactly():
    """Version 1's actions keep their ids, texts and effects (the sequence's actions come
    after them): a game recorded by the engine of rules version 1 (commit b0ce7a4) replays
    to the same final state."""
    saved = json.loads((Path(__file__).parent / "version1_record.json").read_text())
    record = saved["record"]
    assert record["version"] == 1 == GAME.version
    assert "buy 1 pay 4,6" in record["actions"]  # its purchases are one decision each
    final = eurogames.replay(record).to_json()
    for key, value in saved["final"].items():  # version 1's state had no purchase in progress
        assert final[key] == value, key
    assert final["purchase"] is None


def test_a10_records_of_another_rules_version_are_refused():
    """A record of rules version 2 (purchases only card by card, the sequence's actions at
    other ids) cannot be replayed here and is refused as another rules version."""
    state = GAME.new(3, seed=7)
    play(state, *purchase(1, 9), "pass")
    record = state.record()
    assert record["version"] == 1 and record["actions"] == ["buy 1 pay 9", "pass"]
    assert eurogames.replay(record).to_json() == state.to_json()
    other = dict(record, version=2)
    with pytest.raises(eurogames.RecordError, match="version 2"):
        eurogames.replay(other)


def test_a10_a_minimal_payment_is_one_decision():
    # blue 2, 4 and 9 for a price of 6: the minimal payments are 2+4 and 9, each one action,
    # offered with the opening of a purchase (buy 3), through which any payment can be made
    state = position(market=[1, 8, 5, 15], hands={0: "blue 2 blue 4 blue 9"}, display="yellow 1")
    assert [t for t in legal_texts(state) if t.startswith("buy")] == [
        "buy 3 pay 9", "buy 3 pay 2,4", "buy 3",
    ]
    assert "does not need" in refused(state, "buy 3 pay 4,9")  # overpaying: the sequence's
    assert "buy 3 pay 2,4,9" not in BY_TEXT  # minimal for no price 2-13
    play(state, "buy 3 pay 9")  # 9 for 6: overpaid, the purchase ends the actions (M3)
    assert state.phase == PLACING and not state.bonus and state.purchase is None
    assert state.hands[0] == tuple(money_counts("blue 2 blue 4")) and state.pending == (5,)
    assert state.discard == tuple(money_counts("blue 9"))


def test_m7_a_purchase_is_opened_card_by_card_only_where_the_cards_can_overpay():
    # blue 2 + 4 for a price of 6: every payment they allow is minimal, so the shortcut
    # lists them all; with blue 1 too, 1 + 2 + 4 overpays with a needless card
    state = position(market=[1, 8, 5, 15], hands={0: "blue 2 blue 4"}, display="yellow 1")
    assert [t for t in legal_texts(state) if t.startswith("buy")] == ["buy 3 pay 2,4"]
    assert "cannot overpay the price 6" in refused(state, "buy 3")
    assert "buy 3 pay 2,4" in refused(state, "buy 3")
    state = position(
        market=[1, 8, 5, 15], hands={0: "blue 1 blue 2 blue 4"}, display="yellow 1",
    )
    assert [t for t in legal_texts(state) if t.startswith("buy")] == ["buy 3 pay 2,4", "buy 3"]
    play(state, *card_by_card(3, 1, 2, 4))
    assert sum(state.hands[0]) == 0 and state.phase == PLACING and not state.bonus


def test_a10_the_one_decision_buys_are_the_minimal_payments_held():
    """``buys_for`` against the definition: every multiset of the held cards whose total
    reaches the price and falls short without its smallest card, for random purses."""
    from itertools import combinations

    from eurogames.games.alhambra.rules import buys_for, purses

    rng = Rng(13)
    for _ in range(300):
        counts = [0] * 36
        for value in range(1, 10):
            counts[card_code(1, value)] = rng.below(4) if rng.below(3) == 0 else 0
        cards = [v for v in range(1, 10) for _ in range(counts[card_code(1, v)])]
        for price in range(2, 14):
            expected = set()
            for n in range(1, len(cards) + 1):
                for combo in combinations(cards, n):  # ascending: cards are sorted
                    if sum(combo) >= price > sum(combo) - combo[0]:
                        expected.add(f"buy 2 pay {','.join(map(str, combo))}")
            found = [a.text for a in buys_for(1, price, purses(tuple(counts))[1])]
            assert sorted(found) == sorted(expected) and len(set(found)) == len(found)
            assert [a.id for a in buys_for(1, price, purses(tuple(counts))[1])] == sorted(
                a.id for a in buys_for(1, price, purses(tuple(counts))[1])
            )


def test_m4_the_exact_payment_bonus_by_either_route():
    # blue 2 + 4 for a price of 6, as the shortcut or card by card: the same purchase
    start = position(market=[1, 8, 5, 15], hands={0: "blue 2 blue 4 blue 9"}, display="yellow 1")
    shortcut = play(start.clone(), "buy 3 pay 2,4")
    assert "exact, so you may take another action" in start.describe(act("buy 3 pay 2,4"), "en")
    sequence = play(start.clone(), "buy 3", "pay blue 4", "pay blue 2", "confirm")
    for state in (shortcut, sequence):
        assert state.bonus and state.phase == ACTION and state.pending == (5,)
        assert state.hands[0] == tuple(money_counts("blue 9"))
    assert {k: v for k, v in shortcut.to_json().items() if k not in ("ply", "actions")} == {
        k: v for k, v in sequence.to_json().items() if k not in ("ply", "actions")
    }


def test_a10_random_games_stay_short():
    """The bench's uniformly random player (bench/alhambra.py) mostly buys through the
    one-decision minimal payments, as in rules version 1 (416 decisions a 3-player game);
    offering purchases card by card only had made its games 712 decisions long."""
    plies = 0
    rng = Rng(1)
    for i in range(30):
        state = GAME.new(3, seed=1_000_003 + i)
        while not state.is_over():
            state.apply(rng.choice(state.legal_actions()))
        plies += state.ply
    assert plies / 30 < 500


def test_m7_the_purchase_in_progress_is_public_and_survives_json():
    state = position(market=[1, 8, 5, 15], hands={0: "blue 2 blue 4 blue 9"})
    play(state, "buy 3", "pay blue 9")
    for seat in (0, 1, None):
        assert state.view(seat)["purchase"] == {
            "slot": 3, "currency": "blue", "tile": state.view(seat)["market"][2]["tile"],
            "price": 6, "cards": ["blue 9"], "total": 9,
        }
    copy = GAME.from_json(state.to_json())
    assert copy.to_json() == state.to_json() and copy.legal_actions() == state.legal_actions()
    assert not state.reveals(act("confirm")) and not state.reveals(act("pay blue 2"))


def test_m7_a_state_whose_purchase_pays_cards_not_held_is_refused():
    state = position(market=[1, 8, 5, 15], hands={0: "blue 2 blue 9"})
    play(state, "buy 3", "pay blue 9")
    data = state.to_json()
    for cards in ([card_code(2, 9), card_code(2, 9)], [card_code(1, 9)]):
        with pytest.raises(ValueError, match="cards not held"):
            GAME.from_json(dict(data, purchase={"slot": 2, "cards": cards}))
