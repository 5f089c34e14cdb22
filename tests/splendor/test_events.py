"""What Splendor reports without a decision (docs/api.md, events) and how its log speaks:
one test per rule whose outcome is an event, named after the rule, checking the exact
event; the score's parts (R21); and the point of view of a move's words."""

from __future__ import annotations

from eurogames.core.game import SPECTATOR, Event
from eurogames.games.splendor.data import DATA
from eurogames.games.splendor.text import card_words

from .helpers import noble_one_in_reach, place, play, position


def events(state, kind=None):
    return [e for e in state.last_events() if kind is None or e.kind == kind]


def test_r16_a_bought_market_card_is_replaced_and_the_new_card_reported():
    state = position(2, market={"1.3": 9}, tokens={0: "black black black"})  # 9: 3 black
    next_card = state.decks[0][-1]
    play(state, "buy 1.3")
    assert events(state) == [Event("refill", {"place": "1.3", "level": 1, "card": next_card})]
    words = state.describe_event(events(state)[0], "en")
    assert words == f"A card turns up in the market at 1.3: {card_words(next_card, 'en')}."
    assert card_words(next_card, "zh-Hant") in state.describe_event(events(state)[0], "zh-Hant")


def test_r10_reserving_from_the_market_reports_the_refill():
    state = position(2, market={"1.2": 5})
    next_card = state.decks[0][-1]
    play(state, "reserve 1.2")
    assert events(state) == [Event("refill", {"place": "1.2", "level": 1, "card": next_card})]


def test_r10_a_blind_reserve_reports_nothing():
    state = position(2)
    top = state.decks[2][-1]
    action = state.parse_action("reserve deck 3")
    said = [state.describe(action, lang, viewer) for lang in ("en", "zh-Hant")
            for viewer in (None, SPECTATOR, 0, 1)]
    play(state, "reserve deck 3")
    assert events(state) == []  # the card stays hidden from the others (D11)
    assert not any(card_words(top, "en") in s or card_words(top, "zh-Hant") in s for s in said)


def test_d13_an_empty_deck_leaves_the_slot_empty_and_says_so():
    state = position(2, market={"3.1": 86}, decks={3: []}, spare_to=1)
    play(state, "reserve 3.1")
    assert events(state) == [Event("refill", {"place": "3.1", "level": 3, "card": 0})]
    assert state.market[place("3.1")] == 0
    assert state.describe_event(events(state)[0], "en") == (
        "The level-3 deck is empty: 3.1 stays empty."
    )
    assert state.describe_event(events(state)[0], "zh-Hans") == "等级3牌库已空：3.1保持空位。"


def test_r19_an_automatic_noble_visit_is_reported():
    # noble 1 needs 4 white and 4 blue bonuses; seat 0 has 4 white, 3 blue and buys blue 9
    state = noble_one_in_reach()
    play(state, "buy 1.1")
    visit = events(state, "noble")
    assert visit == [Event("noble", {"seat": 0, "noble": 1, "points": 3, "chosen": False}, (0,))]
    assert state.describe_event(visit[0], "en", viewer=0) == (
        "Noble 1 visits you (3 prestige points)."
    )
    assert state.describe_event(visit[0], "en", viewer=1, names=["Ann", "Bob"]) == (
        "Noble 1 visits Ann (3 prestige points)."
    )
    assert state.describe_event(visit[0], "zh-Hant", viewer=1) == (
        "貴族板塊1拜訪玩家1（3點聲望點數）。"
    )


def test_r20_a_chosen_noble_visit_is_reported():
    state = position(
        2,
        bonuses={0: "white white white white blue blue blue black black black"},
        nobles=[1, 7, 5],
        market={"1.1": 9},
        tokens={0: "black black black"},
    )
    play(state, "buy 1.1")
    assert events(state, "noble") == []  # the choice is the seat's decision
    play(state, "noble 7")
    assert events(state) == [
        Event("noble", {"seat": 0, "noble": 7, "points": 3, "chosen": True}, (0,))
    ]


def test_r22_reaching_fifteen_points_starts_the_final_round_once():
    state = position(
        2,
        bought={0: [72, 74, 78], 1: [73, 77, 80, 8, 16]},  # 14 points each
        market={"1.1": 32, "2.1": 46},
        tokens={0: "white white white white", 1: "gold gold gold gold gold"},
    )
    play(state, "buy 1.1")
    assert events(state, "final_round") == [
        Event("final_round", {"seat": 0, "points": 15}, (0,))
    ]
    assert state.describe_event(events(state, "final_round")[0], "en", viewer=1) == (
        "Seat 1 reaches 15 prestige points: the round is played to its end, then the game is over."
    )
    play(state, "buy 2.1 gold white white white white")  # seat 1 reaches 17: no second trigger
    assert events(state, "final_round") == []
    over = events(state, "game_over")
    assert over == [Event("game_over", {"scores": [15, 17], "winners": [1]}, (1,))]
    assert state.describe_event(over[0], "en", viewer=1) == (
        "The game is over: you win with 17 points."
    )
    assert state.describe_event(over[0], "zh-Hant", viewer=0, names=["甲", "乙"]) == (
        "遊戲結束：乙以17分獲勝。"
    )


def test_r21_the_score_is_cards_plus_nobles():
    state = position(2, bought={0: [74, 78]}, nobles_won={0: [1]})
    parts = state.score_breakdown()[0]
    points = DATA.card_points
    assert [(p.key, p.points) for p in parts] == [
        ("cards", points[74] + points[78]), ("nobles", 3),
    ]
    assert sum(p.points for p in parts) == state.scores()[0]
    assert parts[1].label("zh-Hant") == "貴族板塊"
    assert [(p.key, p.points) for p in state.score_breakdown()[1]] == [("cards", 0), ("nobles", 0)]


def test_buying_from_the_reserve_says_whose_reserve():
    state = position(2, reserved={0: [5]}, tokens={0: "gold gold gold gold gold"})
    action = state.parse_action("buy reserved 1")
    option = state.describe(action, "en")
    assert "from your reserve" in option
    assert state.describe(action, "en", viewer=0).startswith("You buy ")
    assert "from your reserve" in state.describe(action, "en", viewer=0)
    theirs = state.describe(action, "en", viewer=1, names=["MCTS bot", "Ann"])
    assert theirs.startswith("MCTS bot buys ") and "from their reserve" in theirs
    assert "your" not in state.describe(action, "en", viewer=SPECTATOR)
    assert state.describe(action, "zh-Hant", viewer=1).startswith("玩家1購買")
    assert state.describe(action, "zh-Hans", viewer=0).startswith("你购买")


def test_a_blind_reserve_in_the_third_person_keeps_the_card_hidden():
    state = position(2)
    action = state.parse_action("reserve deck 2")
    said = state.describe(action, "en", viewer=1)
    assert said == (
        "Seat 1 reserves the top card of the level-2 deck, unseen by the others, "
        "and takes a gold token."
    )
