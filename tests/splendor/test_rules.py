"""One test per rule R1–R25 and ruling D1–D16 of docs/rules/splendor.md, named after it.

Each test builds the position its rule talks about and checks the exact outcome. Card ids
follow the data README: level-1 white 1–8, blue 9–16, green 17–24, red 25–32, black 33–40;
level 2 starts white 41, blue 47, green 53, red 59, black 65; level 3 starts white 71,
blue 75, green 79, red 83, black 87. Costs quoted in comments are the data file's.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

import eurogames
from eurogames.games.splendor.actions import BY_TEXT
from eurogames.games.splendor.data import COLOURS, DATA
from eurogames.games.splendor.rules import SplendorState

from .helpers import (
    GAME,
    cards,
    legal_texts,
    noble_one_in_reach,
    place,
    play,
    position,
    snapshot,
)

WHITE, BLUE, GREEN, RED, BLACK, GOLD = range(6)


def take_texts(state: SplendorState) -> list[str]:
    return [t for t in legal_texts(state) if t.startswith("take ")]


def buy_texts(state: SplendorState, where: str) -> set[str]:
    return {
        t for t in legal_texts(state) if t == f"buy {where}" or t.startswith(f"buy {where} gold")
    }


def refused(state: SplendorState, text: str) -> str:
    """Play ``text`` (a well-formed action) and return the refusal, checking nothing moved."""
    before = snapshot(state)
    action = BY_TEXT[text]
    with pytest.raises(eurogames.IllegalActionError) as info:
        state.apply(action)
    assert snapshot(state) == before
    with pytest.raises(eurogames.IllegalActionError):
        state.parse_action(text)
    assert snapshot(state) == before
    message = str(info.value)
    assert message
    return message


# -- R1–R6: components and setup ------------------------------------------------------------


def test_r1_ninety_cards_forty_thirty_twenty_and_ten_nobles():
    assert Counter(DATA.card_level[c] for c in range(1, 91)) == {1: 40, 2: 30, 3: 20}
    assert len(DATA.noble_requires) - 1 == 10


def test_r1_forty_tokens_seven_per_gem_and_five_gold():
    state = GAME.new(4, seed=3)
    assert state.supply == [7, 7, 7, 7, 7, 5]
    assert sum(state.supply) == 40


@pytest.mark.parametrize("players", [1, 5, 0])
def test_r1_two_to_four_players(players):
    with pytest.raises(ValueError, match="2 to 4 players"):
        GAME.new(players, seed=1)


def test_r2_a_card_has_one_gem_colour_as_bonus_and_costs_gems_only():
    for card in range(1, 91):
        assert DATA.card_bonus[card] in range(5)
        assert len(DATA.card_cost[card]) == 5  # no gold entry: gold is never a cost
        assert sum(DATA.card_cost[card]) > 0
    for noble in range(1, 11):
        assert len(DATA.noble_requires[noble]) == 5  # nor a noble requirement


@pytest.mark.parametrize("players", [2, 3, 4])
def test_r3_four_face_up_cards_per_level_and_decks_of_36_26_16(players):
    state = GAME.new(players, seed=11)
    for level in (1, 2, 3):
        row = state.market[(level - 1) * 4 : level * 4]
        assert len(row) == 4 and all(row)
        assert {DATA.card_level[c] for c in row} == {level}
    assert [len(d) for d in state.decks] == [36, 26, 16]
    for level, deck in enumerate(state.decks, start=1):
        assert {DATA.card_level[c] for c in deck} == {level}
    everything = [*state.market, *state.decks[0], *state.decks[1], *state.decks[2]]
    assert sorted(everything) == list(range(1, 91))


def test_r3_each_level_is_shuffled_by_the_seed():
    a, b, a_again = GAME.new(2, seed=1), GAME.new(2, seed=2), GAME.new(2, seed=1)
    assert a.decks == a_again.decks and a.market == a_again.market
    assert a.decks != b.decks
    assert all(list(deck) != sorted(deck) for deck in a.decks)


@pytest.mark.parametrize(("players", "nobles"), [(2, 3), (3, 4), (4, 5)])
def test_r4_players_plus_one_nobles(players, nobles):
    seen = set()
    for seed in range(30):
        state = GAME.new(players, seed=seed)
        assert len(state.nobles) == nobles
        assert len(set(state.nobles)) == nobles
        assert set(state.nobles) <= set(range(1, 11))
        seen |= set(state.nobles)
    assert seen == set(range(1, 11))  # the nobles are drawn at random, not a fixed few


@pytest.mark.parametrize(("players", "gems"), [(2, 4), (3, 5), (4, 7)])
def test_r5_supply_per_player_count_and_empty_hands(players, gems):
    state = GAME.new(players, seed=5)
    assert state.supply == [gems] * 5 + [5]
    for seat in range(players):
        assert state.tokens[seat] == (0,) * 6
        assert state.bought[seat] == () and state.reserved[seat] == ()
        assert state.nobles_won[seat] == ()
    assert state.scores() == [0] * players


def test_r6_start_player_first_then_clockwise():
    state = GAME.new(3, seed=2, options={"first": 1})
    seats = []
    for _ in range(6):
        seats.append(state.current_player)
        play(state, "take white blue green" if state.supply[0] else take_texts(state)[0])
    assert seats == [1, 2, 0, 1, 2, 0]


# -- R7–R15: actions ------------------------------------------------------------------------


def test_r7_one_action_then_the_next_player():
    state = position(2)
    play(state, "take white blue green")
    assert state.current_player == 1
    assert state.tokens[0] == (1, 1, 1, 0, 0, 0)


def test_r7_the_main_actions_are_take_take2_reserve_and_buy():
    state = position(2, tokens={0: "red red black"}, market={"1.1": 17})  # 17 costs 3 red
    assert {a.kind for a in state.legal_actions()} == {"take", "take2", "reserve", "reserve_deck"}
    state = position(2, tokens={0: "red red red"}, market={"1.1": 17})
    assert {a.kind for a in state.legal_actions()} == {
        "take", "take2", "reserve", "reserve_deck", "buy",
    }


def test_r8_take_three_different_colours():
    state = position(2)
    expected = ["take " + " ".join(combo) for combo in combinations(COLOURS, 3)]
    assert take_texts(state) == expected  # all ten, and no fewer-colour take
    play(state, "take blue red black")
    assert state.tokens[0] == (0, 1, 0, 1, 1, 0)
    assert state.supply == [4, 3, 4, 3, 3, 5]


def test_d1_take_three_is_illegal_as_a_take_of_fewer_while_three_colours_remain():
    state = position(2)
    assert "colours" in refused(state, "take white blue")
    refused(state, "take red")


def test_d1_take_two_colours_when_only_two_remain():
    # white, green and black all held: only blue and red are left in the supply
    state = position(
        2, tokens={1: {"white": 4, "green": 4, "black": 2}, 0: {"black": 2}}
    )
    assert state.supply == [0, 4, 0, 4, 0, 5]
    assert take_texts(state) == ["take blue red"]
    play(state, "take blue red")
    assert state.supply == [0, 3, 0, 3, 0, 5]


def test_d1_take_one_when_only_one_colour_remains():
    state = position(2, tokens={0: {"white": 4, "blue": 4}, 1: {"green": 4, "black": 4}})
    assert take_texts(state) == ["take red"]
    play(state, "take red")
    assert state.tokens[0] == (4, 4, 0, 1, 0, 0)


def test_d1_no_take_when_no_gem_is_left():
    state = position(
        2,
        tokens={0: {"white": 4, "blue": 4, "green": 2}, 1: {"green": 2, "red": 4, "black": 4}},
    )
    assert state.supply == [0, 0, 0, 0, 0, 5]
    assert not [a for a in state.legal_actions() if a.kind in ("take", "take2")]


def test_r9_take_two_needs_four_in_pile():
    state = position(2)  # 2 players: exactly 4 of each colour (D2: at least 4 is enough)
    assert [t for t in legal_texts(state) if t.startswith("take2")] == [
        f"take2 {c}" for c in COLOURS
    ]
    play(state, "take2 red")
    assert state.tokens[0] == (0, 0, 0, 2, 0, 0)
    assert state.supply[RED] == 2


def test_d2_take_two_is_illegal_with_three_in_the_pile():
    state = position(2, tokens={1: "red"})
    assert state.supply[RED] == 3
    assert "take2 red" not in legal_texts(state)
    assert "take2 white" in legal_texts(state)
    message = refused(state, "take2 red")
    assert "4" in message and "3" in message


def test_d2_take_two_is_legal_with_more_than_four():
    state = position(4)
    assert state.supply[GREEN] == 7
    play(state, "take2 green")
    assert state.supply[GREEN] == 5


def test_r8_r9_gold_is_never_taken():
    state = position(2)
    for action in state.legal_actions():
        if action.kind == "take":
            assert GOLD not in action.colours
        elif action.kind == "take2":
            assert action.colour != GOLD
    for text in ("take gold", "take2 gold", "take white blue gold"):
        with pytest.raises(eurogames.IllegalActionError):
            state.parse_action(text)


def test_r10_reserve_a_face_up_card_takes_a_gold_and_refills():
    state = position(2, market={"2.3": 59})
    next_card = state.decks[1][-1]
    play(state, "reserve 2.3")
    assert state.reserved[0] == (59,)
    assert state.blind[0] == (False,)
    assert state.market[place("2.3")] == next_card
    assert len(state.decks[1]) == 25
    assert state.tokens[0][GOLD] == 1 and state.supply[GOLD] == 4


def test_r10_reserve_blind_from_a_deck():
    state = position(2)
    market = list(state.market)
    top = state.decks[2][-1]
    play(state, "reserve deck 3")
    assert state.reserved[0] == (top,)
    assert state.blind[0] == (True,)
    assert state.market == market  # D13: a blind reserve leaves no gap
    assert len(state.decks[2]) == 15
    assert state.tokens[0][GOLD] == 1 and state.supply[GOLD] == 4


def test_d12_reserve_is_legal_with_no_gold_left():
    state = position(2, tokens={1: "gold gold gold gold gold"})
    assert state.supply[GOLD] == 0
    assert "reserve 1.1" in legal_texts(state) and "reserve deck 2" in legal_texts(state)
    card = state.market[0]
    play(state, "reserve 1.1")
    assert state.reserved[0] == (card,)
    assert state.tokens[0][GOLD] == 0 and state.supply[GOLD] == 0


def test_r11_three_reserved_cards_forbid_reserving():
    state = position(2, reserved={0: [59, 60, 63]})
    assert not {"reserve", "reserve_deck"} & {a.kind for a in state.legal_actions()}
    assert "3 reserved" in refused(state, "reserve 1.1")
    refused(state, "reserve deck 1")


def test_d12_two_reserved_cards_still_allow_a_third():
    state = position(2, reserved={0: [59, 60]})
    play(state, "reserve deck 1")
    assert len(state.reserved[0]) == 3


def test_r11_reserved_cards_leave_the_hand_only_by_buying():
    state = position(2, reserved={0: [59, 60, 63]}, tokens={0: "blue blue white"})
    for action in state.legal_actions():
        after = state.clone()
        after.apply(action)
        assert after.reserved[0] == (59, 60, 63), action.text


def test_r12_buy_from_the_market_pays_tokens_back_to_the_supply():
    # card 59 (level 2, red, 1 point) costs 3 blue, 2 red, 3 black
    state = position(2, market={"2.1": 59}, tokens={0: {"blue": 3, "red": 2, "black": 3}})
    play(state, "buy 2.1")
    assert state.bought[0] == (59,)
    assert state.tokens[0] == (0,) * 6
    assert state.supply == [4, 4, 4, 4, 4, 5]
    assert state.bonuses[0] == (0, 0, 0, 1, 0)
    assert state.scores()[0] == 1


def test_r12_buy_a_reserved_card():
    state = position(2, reserved={0: [59]}, tokens={0: {"blue": 3, "red": 2, "black": 3}})
    market = list(state.market)
    play(state, "buy reserved 1")
    assert state.reserved[0] == () and state.blind[0] == ()
    assert state.bought[0] == (59,)
    assert state.market == market
    assert state.tokens[0] == (0,) * 6


def test_r12_nobody_buys_from_a_deck_or_another_players_hand():
    state = position(2, reserved={1: [6]}, tokens={0: "blue blue blue"})  # 6 costs 3 blue
    assert "buy reserved 1" not in legal_texts(state)
    for text in ("buy deck 1", "buy deck 1 gold red"):
        with pytest.raises(eurogames.IllegalActionError):
            state.parse_action(text)


def test_r12_a_card_that_cannot_be_paid_cannot_be_bought():
    state = position(2, market={"2.1": 59}, tokens={0: {"blue": 3, "red": 2, "black": 2}})
    assert not buy_texts(state, "2.1")
    assert "afford" in refused(state, "buy 2.1")


def test_r13_gold_is_wild():
    state = position(
        2, market={"2.1": 59}, tokens={0: {"blue": 3, "red": 2, "black": 2, "gold": 1}}
    )
    # one black short: the single gold must stand for black, nothing else pays
    assert buy_texts(state, "2.1") == {"buy 2.1 gold black"}
    play(state, "buy 2.1 gold black")
    assert state.tokens[0] == (0,) * 6
    assert state.supply == [4, 4, 4, 4, 4, 5]


def test_r14_hannahs_example_card_59_with_two_red_and_one_black_bonus():
    # the seed: with 2 red and 1 black bonus, Hannah pays 3 blue + 2 black for card 59
    state = position(
        2, market={"2.1": 59}, bonuses={0: "red red black"}, tokens={0: {"blue": 3, "black": 2}}
    )
    assert buy_texts(state, "2.1") == {"buy 2.1"}
    play(state, "buy 2.1")
    assert state.tokens[0] == (0,) * 6
    assert state.supply[BLUE] == 4 and state.supply[BLACK] == 4
    assert state.bonuses[0] == (0, 0, 0, 3, 1)


def test_r14_hannah_pays_no_less():
    state = position(
        2, market={"2.1": 59}, bonuses={0: "red red black"}, tokens={0: {"blue": 3, "black": 1}}
    )
    assert not buy_texts(state, "2.1")


def test_r14_a_card_covered_by_bonuses_is_free():
    state = position(2, market={"1.1": 6}, bonuses={0: "blue blue blue"})  # 6 costs 3 blue
    assert buy_texts(state, "1.1") == {"buy 1.1"}
    supply = list(state.supply)
    play(state, "buy 1.1")
    assert state.supply == supply
    assert state.bought[0][-1] == 6


def test_r14_surplus_bonus_gives_nothing_back():
    state = position(
        2, market={"1.1": 6}, bonuses={0: "blue blue blue blue"}, tokens={0: "blue white"}
    )
    play(state, "buy 1.1")
    assert state.tokens[0] == (1, 1, 0, 0, 0, 0)
    assert state.supply == [3, 3, 4, 4, 4, 5]


def test_d3_a_bonus_cannot_be_declined():
    # 28 costs 2 white, 2 red; with a red bonus only one red token is owed
    state = position(
        2, market={"1.1": 28}, bonuses={0: "red"}, tokens={0: {"white": 2, "red": 2}}
    )
    assert buy_texts(state, "1.1") == {"buy 1.1"}
    play(state, "buy 1.1")
    assert state.tokens[0] == (0, 0, 0, 1, 0, 0)


def test_d3_gold_may_pay_a_colour_the_player_holds():
    # 31 costs 3 white: holding 3 white and a gold, paying one white with gold is a choice
    state = position(2, market={"1.1": 31}, tokens={0: "white white white gold"})
    assert buy_texts(state, "1.1") == {"buy 1.1", "buy 1.1 gold white"}
    play(state, "buy 1.1 gold white")
    assert state.tokens[0] == (1, 0, 0, 0, 0, 0)
    assert state.supply[GOLD] == 5 and state.supply[WHITE] == 3


def test_d3_every_gold_allocation_is_offered():
    # 59 owes 3 blue, 2 red, 3 black; all held, plus 2 gold: any use of up to 2 gold
    state = position(
        3, market={"2.1": 59}, tokens={0: {"blue": 3, "red": 2, "black": 3, "gold": 2}}
    )
    expected = {
        "buy 2.1",
        "buy 2.1 gold blue", "buy 2.1 gold red", "buy 2.1 gold black",
        "buy 2.1 gold blue blue", "buy 2.1 gold blue red", "buy 2.1 gold blue black",
        "buy 2.1 gold red red", "buy 2.1 gold red black", "buy 2.1 gold black black",
    }
    assert buy_texts(state, "2.1") == expected
    for text in sorted(expected):
        after = play(state.clone(), text)
        gold_for = Counter(text.split()[3:])
        # each gold keeps back one token of the colour it stands for; the rest is paid
        left = (0, gold_for["blue"], 0, gold_for["red"], gold_for["black"], 2 - gold_for.total())
        assert after.tokens[0] == left, text
        assert after.bought[0] == (59,)


def test_d3_gold_stands_only_for_what_is_owed():
    state = position(
        3, market={"2.1": 59}, bonuses={0: "red red"},
        tokens={0: {"blue": 3, "black": 3, "gold": 2}},
    )
    texts = buy_texts(state, "2.1")
    assert "buy 2.1" in texts
    assert not [t for t in texts if "white" in t or "green" in t or "red" in t]
    refused(state, "buy 2.1 gold red")  # red is covered by bonuses
    refused(state, "buy 2.1 gold white")  # 59 costs no white


def test_d3_gold_allocations_for_a_reserved_card():
    state = position(
        2, reserved={0: [60]}, tokens={0: {"white": 2, "red": 2, "black": 2, "gold": 1}}
    )  # 60 costs 2 white, 2 red, 3 black: one black short
    assert buy_texts(state, "reserved 1") == {"buy reserved 1 gold black"}


def test_r15_bought_cards_are_public():
    state = position(2, market={"2.1": 59}, tokens={0: {"blue": 3, "red": 2, "black": 3}})
    play(state, "buy 2.1")
    for seat in (1, None):
        view = state.view(seat)
        assert [c["id"] for c in view["seats"][0]["cards"]] == [59]
        assert view["seats"][0]["bonuses"]["red"] == 1
        assert view["scores"][0] == 1


# -- R16–R17: card replacement --------------------------------------------------------------


def test_r16_a_bought_card_is_replaced_from_the_same_level():
    state = position(2, market={"2.1": 59}, tokens={0: {"blue": 3, "red": 2, "black": 3}})
    top = state.decks[1][-1]
    others = [c for i, c in enumerate(state.market) if i != place("2.1")]
    play(state, "buy 2.1")
    assert state.market[place("2.1")] == top
    assert DATA.card_level[top] == 2
    assert [c for i, c in enumerate(state.market) if i != place("2.1")] == others
    assert len(state.decks[1]) == 25 and top not in state.decks[1]


def test_r17_when_the_deck_runs_out_the_slot_stays_empty():
    # the level-2 deck holds one card (61); the other level-2 cards were bought by seat 1
    state = position(
        2,
        market={"2.1": 59, "2.2": 60},
        decks={2: [61]},
        spare_to=1,
        tokens={0: {"blue": 3, "red": 2, "black": 3}},
    )
    play(state, "buy 2.1")
    assert state.market[place("2.1")] == 61 and state.decks[1] == ()
    state = position(
        2,
        market={"2.1": 61, "2.2": 60},
        decks={2: []},
        spare_to=1,
        tokens={0: {"white": 2, "red": 2, "black": 3}},
    )
    row = state.market[4:8]
    play(state, "buy 2.2")  # 60 costs 2 white, 2 red, 3 black
    assert state.market[4:8] == [row[0], 0, row[2], row[3]]  # D13: the gap keeps its place
    assert state.decks[1] == ()


def test_d13_an_empty_slot_cannot_be_reserved_or_bought():
    state = position(2, market={"2.2": None}, decks={2: []}, spare_to=1)
    texts = legal_texts(state)
    assert "reserve 2.2" not in texts and "reserve 2.1" in texts
    assert not [t for t in texts if t.startswith("buy 2.2")]
    assert "no card at 2.2" in refused(state, "reserve 2.2")
    assert "no card" in refused(state, "buy 2.2")


def test_d12_blind_reserve_needs_a_card_in_the_deck():
    state = position(2, decks={3: []}, spare_to=1)
    texts = legal_texts(state)
    assert "reserve deck 3" not in texts
    assert "reserve deck 1" in texts and "reserve 3.1" in texts
    assert "deck is empty" in refused(state, "reserve deck 3")


# -- R18: the ten-token limit ---------------------------------------------------------------


def test_r18_returns_one_at_a_time_until_exactly_ten():
    state = position(
        2, tokens={0: {"white": 2, "blue": 2, "green": 2, "red": 2, "black": 1}}
    )
    play(state, "take white blue green")
    assert sum(state.tokens[0]) == 12
    assert state.current_player == 0 and state.to_json()["phase"] == "return"
    assert legal_texts(state) == [
        "return white", "return blue", "return green", "return red", "return black",
    ]
    play(state, "return black")
    assert state.current_player == 0 and sum(state.tokens[0]) == 11
    assert "return black" not in legal_texts(state)  # none left to return
    play(state, "return white")
    assert sum(state.tokens[0]) == 10
    assert state.tokens[0] == (2, 3, 3, 2, 0, 0)
    assert state.supply == [2, 1, 1, 2, 4, 5]
    assert state.current_player == 1


def test_r18_ten_tokens_need_no_return():
    state = position(2, tokens={0: {"white": 2, "blue": 2, "red": 2, "black": 1}})
    play(state, "take white blue green")
    assert sum(state.tokens[0]) == 10
    assert state.current_player == 1


def test_d4_gold_may_be_returned():
    state = position(
        2, tokens={0: {"white": 2, "blue": 2, "green": 2, "red": 2, "black": 1, "gold": 1}}
    )
    play(state, "reserve deck 1")
    assert state.tokens[0][GOLD] == 2 and sum(state.tokens[0]) == 11
    assert "return gold" in legal_texts(state)
    play(state, "return gold")
    assert state.tokens[0][GOLD] == 1 and state.supply[GOLD] == 4
    assert state.current_player == 1


def test_d4_just_taken_tokens_may_be_returned():
    state = position(2, tokens={0: {"white": 4, "blue": 3, "green": 3}})
    play(state, "take2 red")
    assert "return red" in legal_texts(state)
    play(state, "return red", "return red")
    assert state.tokens[0] == (4, 3, 3, 0, 0, 0)
    assert state.supply[RED] == 4
    assert state.current_player == 1


def test_r18_only_returns_while_over_the_limit():
    state = position(2, tokens={0: {"white": 2, "blue": 2, "green": 2, "red": 2, "black": 2}})
    play(state, "take white blue green")
    assert {a.kind for a in state.legal_actions()} == {"return"}
    assert "R18" in refused(state, "take red black")
    assert "R18" in refused(state, "reserve deck 1")


def test_d4_returns_come_before_the_noble_visit():
    # seat 0 won noble 6 (3 white, 3 blue, 3 green) last turn while also meeting noble 1
    # (4 white, 4 blue), which is still face up; this turn it goes over ten tokens
    state = position(
        3,
        bonuses={0: "white white white white blue blue blue blue green green green"},
        nobles=[1, 4, 5],
        nobles_won={0: [6]},
        tokens={0: {"white": 2, "blue": 2, "green": 2, "red": 2, "black": 1}},
    )
    points = state.scores()[0]
    play(state, "take white blue green")
    assert state.to_json()["phase"] == "return" and state.nobles_won[0] == (6,)
    play(state, "return red")
    assert state.nobles_won[0] == (6,)
    play(state, "return red")
    assert state.nobles_won[0] == (6, 1)
    assert state.scores()[0] == points + 3
    assert state.current_player == 1


# -- R19–R20: nobles ------------------------------------------------------------------------


def test_r19_a_noble_visits_automatically():
    # noble 1 needs 4 white and 4 blue bonuses; seat 0 has 4 white, 3 blue and buys blue 9
    state = position(
        2,
        bonuses={0: "white white white white blue blue blue"},
        nobles=[1, 4, 5],
        market={"1.1": 9},  # 9 costs 3 black
        tokens={0: "black black black"},
    )
    points = state.scores()[0]
    play(state, "buy 1.1")
    assert state.nobles_won[0] == (1,)
    assert state.nobles == (4, 5)
    assert state.scores()[0] == points + 3
    assert state.current_player == 1  # no decision was asked for


def test_r19_tokens_do_not_attract_a_noble():
    state = position(
        2,
        bonuses={0: "white white white white blue blue blue"},
        nobles=[1, 4, 5],
        tokens={0: "blue blue blue blue"},
    )
    play(state, "take white green red")
    assert state.nobles_won[0] == ()
    assert state.nobles == (1, 4, 5)


def test_r19_a_noble_not_met_stays():
    state = position(
        2,
        bonuses={0: "white white white blue blue blue"},
        nobles=[1, 4, 5],
        market={"1.1": 9},
        tokens={0: "black black black"},
    )
    play(state, "buy 1.1")  # 3 white, 4 blue: one white short of noble 1
    assert state.nobles_won[0] == () and state.nobles == (1, 4, 5)


@pytest.mark.parametrize("noble", range(1, 11))
def test_r19_every_colour_of_the_requirement_counts(noble):
    requires = DATA.noble_requires[noble]
    for short in (c for c in range(5) if requires[c]):
        # the requirement met in every colour but one, plus 3 of each colour it ignores
        have = [requires[c] or 3 for c in range(5)]
        have[short] -= 1
        words = " ".join(COLOURS[c] for c in range(5) for _ in range(have[c]))
        state = position(2, bonuses={0: words}, nobles=[noble])
        play(state, "take white blue green")
        assert state.nobles_won[0] == (), (noble, COLOURS[short])
    words = " ".join(COLOURS[c] for c in range(5) for _ in range(requires[c] or 3))
    state = position(2, bonuses={0: words}, nobles=[noble])
    play(state, "take white blue green")
    assert state.nobles_won[0] == (noble,)


def test_r20_choice_when_several_nobles_qualify():
    # buying blue 9 completes both noble 1 (4 white + 4 blue) and noble 7 (3 w, 3 u, 3 black)
    state = position(
        2,
        bonuses={0: "white white white white blue blue blue black black black"},
        nobles=[1, 7, 5],
        market={"1.1": 9},
        tokens={0: "black black black"},
    )
    points = state.scores()[0]
    play(state, "buy 1.1")
    assert state.current_player == 0
    assert legal_texts(state) == ["noble 1", "noble 7"]  # mandatory: no pass, no refusal
    assert "R19" in refused(state, "take white blue green")
    play(state, "noble 7")
    assert state.nobles_won[0] == (7,)
    assert state.nobles == (1, 5)
    assert state.scores()[0] == points + 3  # only one noble this turn
    assert state.current_player == 1


def test_r20_the_noble_left_over_can_be_won_on_a_later_turn():
    state = position(
        2,
        bonuses={0: "white white white white blue blue blue black black black"},
        nobles=[1, 7, 5],
        market={"1.1": 9},
        tokens={0: "black black black"},
    )
    play(state, "buy 1.1", "noble 1", "take white blue green", "take white green red")
    assert state.nobles_won[0] == (1, 7)
    assert state.nobles == (5,)


def test_r20_a_noble_is_not_an_action():
    state = noble_one_in_reach()
    play(state, "buy 1.1")
    assert state.actions()[-1].text == "buy 1.1" and state.ply == 1
    assert state.bought[0][-1] == 9 and state.nobles_won[0] == (1,)


# -- R21–R25: end and scoring ---------------------------------------------------------------


def test_r21_score_is_card_points_plus_noble_points():
    # 76 (level 3, blue, 4 points) costs 6 white, 3 blue, 3 black; the README's example
    state = position(
        4,
        market={"3.1": 76},
        bonuses={0: "white white white white blue blue blue"},
        nobles=[1, 4, 5],
        tokens={0: {"white": 2, "black": 3}},
    )
    before = state.scores()[0]
    assert before == 0  # zero-point level-1 cards only
    play(state, "buy 3.1")
    assert state.scores()[0] == 4 + 3  # the card and noble 1


def _trigger_position(players: int, first: int, seat: int, **extra) -> SplendorState:
    """Seat ``seat`` has 14 points (72, 74, 78) and can buy 32 (1 point, 4 white) at 1.1."""
    return position(
        players,
        first=first,
        current=seat,
        bought={seat: [72, 74, 78]},
        market={"1.1": 32},
        tokens={seat: "white white white white"},
        **extra,
    )


def test_r22_fifteen_points_trigger_the_end():
    state = _trigger_position(2, 0, 0)
    assert state.scores()[0] == 14
    play(state, "buy 1.1")
    assert state.scores()[0] == 15
    assert state.ending and not state.is_over()
    assert state.view(None)["final_round"] is True


def test_r22_fourteen_points_do_not():
    state = position(2, bought={0: [72, 74]}, market={"1.1": 32}, tokens={0: "white " * 4})
    play(state, "buy 1.1")
    assert state.scores()[0] == 10 and not state.ending


def test_d9_the_trigger_counts_the_noble_of_the_same_turn():
    # 12 points (72, 73, 76) and noble 1 is one blue bonus away; blue 9 is worth 0
    state = position(
        2,
        bought={0: [72, 73, 76]},  # white, white, blue
        bonuses={0: "white white blue blue"},
        nobles=[1, 4, 5],
        market={"1.1": 9},
        tokens={0: "black black black"},
    )
    assert state.bonuses[0][:2] == (4, 3) and state.scores()[0] == 12
    play(state, "buy 1.1")
    assert state.scores()[0] == 15 and state.ending
    play(state, "take white blue green")
    assert state.is_over()


@pytest.mark.parametrize(
    ("players", "first", "trigger"),
    [(n, f, t) for n in (2, 3, 4) for f in range(n) for t in range(n)],
)
def test_r23_the_round_is_finished_after_the_trigger(players, first, trigger):
    state = _trigger_position(players, first, trigger)
    play(state, "buy 1.1")
    last = (first - 1) % players  # the seat on the start player's right
    expected = [(trigger + k) % players for k in range(1, (last - trigger) % players + 1)]
    seats = []
    while not state.is_over():
        seats.append(state.current_player)
        play(state, take_texts(state)[0])
        assert len(seats) <= players
    assert seats == expected
    assert state.current_player == -1


def test_d9_the_last_seat_triggering_ends_the_game_at_once():
    state = _trigger_position(3, first=1, seat=0)
    play(state, "buy 1.1")
    assert state.is_over()
    assert state.winners() == [0]


def test_r24_most_points_wins_even_if_reached_in_the_last_round():
    # seat 0 triggers with 15; seat 1 (14 points) then buys a 3-point card and wins with 17
    state = position(
        2,
        bought={0: [72, 74, 78], 1: [73, 77, 80, 8, 16]},  # 14 points each
        market={"1.1": 32, "2.1": 46},  # 46: 3 points, costs 6 white
        tokens={0: "white white white white", 1: "gold gold gold gold gold"},
    )
    assert state.bonuses[1][WHITE] == 2  # 73 and 8: 46 now owes 4 white
    play(state, "buy 1.1")
    assert state.scores() == [15, 14] and state.ending
    play(state, "buy 2.1 gold white white white white")
    assert state.is_over()
    assert state.scores() == [15, 17]
    assert state.winners() == [1]
    assert state.returns() == [-1.0, 1.0]


def test_r24_most_points_wins():
    state = position(2, bought={0: [74, 78, 82], 1: [86]}, ending=True, current=1)
    play(state, "take white blue green")
    assert state.is_over()
    assert state.scores() == [15, 5]
    assert state.winners() == [0]
    assert state.returns() == [1.0, -1.0]


def test_r25_tie_broken_by_fewest_bought_cards():
    # both 15: seat 0 with three cards, seat 1 with four
    state = position(
        3, bought={0: [74, 78, 82], 1: [86, 90, 72, 8]}, ending=True, current=2
    )
    play(state, "take white blue green")
    assert state.scores()[:2] == [15, 15]
    assert state.winners() == [0]
    assert state.returns() == [1.0, -1.0, -1.0]


def test_d10_reserved_cards_and_nobles_are_not_bought_cards():
    # both 15 with three bought cards; seat 1's noble and seat 0's reserved cards don't count
    state = position(
        2,
        bought={0: [74, 78, 82], 1: [86, 90, 43]},
        nobles_won={1: [2]},
        reserved={0: [59, 60]},
        ending=True,
        current=1,
    )
    play(state, "take white blue green")
    assert state.scores() == [15, 15]
    assert state.winners() == [0, 1]
    assert state.returns() == [0.0, 0.0]


@pytest.mark.parametrize(
    ("bought", "winners", "returns"),
    [
        ({0: [72, 73, 76, 77], 1: [80, 81, 84, 85]}, [0, 1], [0.0, 0.0, -1.0]),
        (
            {0: [72, 73, 76, 77], 1: [80, 81, 84, 85], 2: [88, 89, 74, 43, 8]},
            [0, 1],
            [0.0, 0.0, -1.0],
        ),
        (
            {0: [72, 73, 76, 77], 1: [80, 81, 84, 85], 2: [88, 89, 71, 74]},
            [0, 1, 2],
            [-1 / 3, -1 / 3, -1 / 3],
        ),
    ],
)
def test_d10_shared_victory_splits_the_win(bought, winners, returns):
    state = position(3, bought=bought, ending=True, current=2)
    play(state, "take white blue green")
    assert state.is_over()
    assert state.winners() == winners
    assert state.returns() == pytest.approx(returns)


# -- D6–D8: pass, stalemate, start player ---------------------------------------------------

# every gem is held, every hand holds 3 reserved cards, and no card is affordable: seat 0
# holds only white, blue and green, seat 1 only green, red and black; every card in play
# costs some white or blue and some red or black
STALEMATE = dict(
    tokens={0: {"white": 4, "blue": 4, "green": 2}, 1: {"green": 2, "red": 4, "black": 4}},
    market={
        "1.1": 2, "1.2": 3, "1.3": 4, "1.4": 5,
        "2.1": 42, "2.2": 47, "2.3": 48, "2.4": 50,
        "3.1": 71, "3.2": 73, "3.3": 75, "3.4": 76,
    },
    reserved={0: [59, 60, 63], 1: [53, 54, 57]},
)


def test_d6_pass_only_when_nothing_else_is_legal():
    state = position(2, **STALEMATE)
    assert legal_texts(state) == ["pass"]
    state = position(2)
    assert "pass" not in legal_texts(state)
    assert "D6" in refused(state, "pass")


def test_d7_stalemate_ends_the_game():
    state = position(2, **STALEMATE)
    play(state, "pass")
    assert not state.is_over() and state.current_player == 1
    assert legal_texts(state) == ["pass"]
    play(state, "pass")
    assert state.is_over()
    assert state.winners() == [0, 1]  # 0 points and 0 cards each: shared (R24, R25)
    assert state.returns() == [0.0, 0.0]


def test_d7_a_pass_followed_by_a_move_is_no_stalemate():
    # as the stalemate, but green 34 (2 green, 1 red) at 1.1: seat 1 can buy it
    setup = {**STALEMATE, "market": {**STALEMATE["market"], "1.1": 34}}
    state = position(2, **setup)
    play(state, "pass", "buy 1.1")
    assert not state.is_over()
    assert state.current_player == 0
    assert "pass" not in legal_texts(state)  # the spent tokens are back in the supply


def test_d7_a_noble_still_visits_on_a_passing_turn():
    # the stalemate, but seat 0 won noble 6 while also meeting noble 1, still face up
    state = position(
        2,
        **STALEMATE,
        bonuses={0: "white white white white blue blue blue blue green green green"},
        nobles=[1],
        nobles_won={0: [6]},
    )
    assert legal_texts(state) == ["pass"]
    points = state.scores()[0]
    play(state, "pass")
    assert state.nobles_won[0] == (6, 1)  # R19 at the end of every turn, a pass included
    assert state.scores()[0] == points + 3
    # D7: the noble changed the position, so the count restarts: seat 1's pass alone ends
    # nothing; seat 0's next pass completes a full round of passes without a change
    play(state, "pass")
    assert not state.is_over()
    play(state, "pass")
    assert state.is_over()
    assert state.winners() == [0]


def test_d8_start_player_is_the_option_first():
    assert GAME.new(4, seed=1).current_player == 0
    state = GAME.new(4, seed=1, options={"first": 3})
    assert state.current_player == 3 and state.first == 3
    with pytest.raises(ValueError, match="first"):
        GAME.new(2, seed=1, options={"first": 2})


# -- D11: hidden information ----------------------------------------------------------------


def test_d11_a_blind_reserve_shows_only_its_level_to_the_others():
    state = position(2)
    top = state.decks[2][-1]
    play(state, "reserve deck 3")
    for seat in (1, None):
        (hidden,) = state.view(seat)["seats"][0]["reserved"]
        assert hidden == {"hidden": True, "level": 3}
    (own,) = state.view(0)["seats"][0]["reserved"]
    assert own["id"] == top and own["blind"] is True


def test_d11_a_market_reserve_is_public():
    state = position(2, market={"2.1": 59})
    play(state, "reserve 2.1")
    (card,) = state.view(1)["seats"][0]["reserved"]
    assert card["id"] == 59 and card["blind"] is False


def test_d11_deck_order_is_hidden_from_everyone():
    state = position(2)
    for seat in (0, 1, None):
        assert state.view(seat)["decks"] == [36, 26, 16]


# -- D14–D16 --------------------------------------------------------------------------------


def test_d14_an_empty_pile_cannot_be_taken_from():
    state = position(2, tokens={1: {"red": 4}})
    assert state.supply[RED] == 0
    assert not [t for t in take_texts(state) if "red" in t]
    assert "no red" in refused(state, "take white blue red")


def test_d14_spent_tokens_are_available_again_at_once():
    # seat 0 holds 2 of the 4 red and spends them on 28 (2 white, 2 red)
    state = position(2, market={"1.1": 28}, tokens={0: {"white": 2, "red": 2}})
    assert "take2 red" not in legal_texts(state)
    play(state, "buy 1.1")
    assert state.supply[RED] == 4
    play(state, "take2 red")
    assert state.tokens[1][RED] == 2


def test_d15_the_component_data_is_checked_on_load():
    from eurogames.games.splendor.data import CARDS_CHECKSUM, DataError, load_data

    assert len(CARDS_CHECKSUM) == 64
    with pytest.raises(DataError):
        load_data('{"schema_version": 1}')


def test_d16_reserved_cards_are_numbered_in_hand_order():
    # 6 costs 3 blue, 9 costs 3 black, 17 costs 3 red
    state = position(
        2,
        reserved={0: [6, 9, 17]},
        blind={0: [False, False, True]},
        tokens={0: "black black black red red red"},
    )
    assert buy_texts(state, "reserved 1") == set()
    play(state, "buy reserved 2")
    assert state.bought[0] == (9,)
    assert state.reserved[0] == (6, 17) and state.blind[0] == (False, True)
    play(state, "take white blue green")  # seat 1
    assert buy_texts(state, "reserved 2") == {"buy reserved 2"}  # 17 moved up
    play(state, "buy reserved 2")
    assert state.bought[0] == (9, 17)
    assert state.reserved[0] == (6,)


def test_d16_reserved_cards_are_numbered_in_reservation_order():
    # seat 0 reserves a blind card, then 59, which it can pay (3 blue, 2 red, 3 black)
    state = position(2, market={"2.1": 59}, tokens={0: {"blue": 3, "red": 2, "black": 3}})
    blind_card = state.decks[0][-1]
    play(state, "reserve deck 1", "take white green red", "reserve 2.1", "take white green red")
    assert state.reserved[0] == (blind_card, 59)
    assert state.blind[0] == (True, False)
    play(state, "buy reserved 2")
    assert state.bought[0] == (59,)
    assert state.reserved[0] == (blind_card,) and state.blind[0] == (True,)


# -- illegal actions ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("setup", "text"),
    [
        ({}, "return red"),
        ({}, "noble 1"),
        ({}, "pass"),
        ({}, "buy reserved 1"),
        ({"tokens": {1: "red"}}, "take2 red"),
        ({"reserved": {0: [59, 60, 63]}}, "reserve deck 2"),
        ({"market": {"2.1": 59}}, "buy 2.1 gold blue"),
    ],
)
def test_illegal_actions_raise_and_change_nothing(setup, text):
    state = position(2, **setup)
    message = refused(state, text)
    assert text in message


def test_illegal_action_error_is_a_value_error():
    assert issubclass(eurogames.IllegalActionError, ValueError)


def test_no_action_after_the_end():
    state = position(2, **STALEMATE)
    play(state, "pass", "pass")
    assert state.legal_actions() == []
    before = snapshot(state)
    with pytest.raises(eurogames.IllegalActionError, match="over"):
        state.apply(GAME.action(0))
    with pytest.raises(eurogames.IllegalActionError, match="over"):
        state.parse_action("pass")
    assert snapshot(state) == before


def test_a_foreign_object_is_not_an_action():
    state = position(2)
    before = snapshot(state)
    with pytest.raises(eurogames.IllegalActionError):
        state.apply("take white blue green")  # type: ignore[arg-type]
    assert snapshot(state) == before


def test_cards_helper_matches_the_readme_id_ranges():
    """The id ranges the comments above rely on (data README, 'Id convention')."""
    assert cards(level=1, bonus="white") == list(range(1, 9))
    assert cards(level=1, bonus="black") == list(range(33, 41))
    assert cards(level=2, bonus="red") == list(range(59, 65))
    assert cards(level=3, bonus="blue") == list(range(75, 79))
