"""What Alhambra reports without a decision (docs/api.md, events): one test per rule whose
outcome is an event, named after the rule (shared/rules/alhambra.md), checking the exact
event and its words; the score's parts by scoring, building type and walls; and the point
of view of a move's words."""

from __future__ import annotations

from eurogames.core.game import SPECTATOR, Event
from eurogames.games.alhambra.data import TILE_IDS
from eurogames.games.alhambra.scoring import round_breakdown, round_points

from .helpers import GAME, case28_last_tile_in_the_bag, money, play, position


def events(state, kind=None):
    return [e for e in state.last_events() if kind is None or e.kind == kind]


def scoring_position():
    """Case 35: seat 0 holds a seraglio, an arcades and a 4-long wall; a scoring card is next."""
    return position(
        players=3,
        alhambras={0: {9: (1, 0), 17: (2, 1), 22: (1, 1)}},
        display="orange 1 orange 2",
        deck=["scoring"],
    )


def test_s1_s7_a_scoring_event_equals_the_points_the_seats_got():
    state = scoring_position()
    before = state.scores()
    play(state, "take orange 1")
    (scoring,) = events(state, "scoring")
    gained = [after - was for after, was in zip(state.scores(), before, strict=True)]
    assert scoring.data["points"] == gained == [9, 0, 0]
    assert scoring.data["round"] == 1 and scoring.data["walls"] == [4, 0, 0]
    assert scoring.data["buildings"] == [[0, 2, 3, 0, 0, 0], [0] * 6, [0] * 6]
    assert scoring.data["dirk"] is None and scoring.seats == (0, 1, 2)
    assert state.describe_event(scoring, "en", viewer=0) == (
        "Scoring 1: You: 9 points (seraglio 2, arcades 3, walls 4); Seat 2: 0 points; "
        "Seat 3: 0 points."
    )
    assert state.describe_event(scoring, "zh-Hant", names=["安", "博", "西"]) == (
        "第1次計分：安：9分（宅邸2、樓閣3、城牆4）；博：0分；西：0分。"
    )


def test_s2_s4_the_event_parts_are_the_tables_points_by_type():
    counts = [[2, 0, 1, 0, 0, 3], [2, 1, 0, 0, 0, 1], [0, 0, 0, 0, 4, 0]]
    walls = [5, 0, 2]
    for round_ in (1, 2, 3):
        parts = round_breakdown(counts, walls, round_)
        assert [sum(t) + w for t, w in parts] == round_points(counts, walls, round_)
        assert [w for _, w in parts] == walls


def test_f2_a_scoring_card_turning_up_is_reported_before_its_scoring():
    state = scoring_position()
    play(state, "take orange 1")
    assert [e.kind for e in events(state)] == ["display_refill", "scoring_card", "scoring"]
    (card,) = events(state, "scoring_card")
    assert card == Event("scoring_card", {"round": 1})
    assert state.describe_event(card, "en") == (
        "The first scoring card turns up: scoring 1 follows."
    )


def test_f1_the_display_refill_reports_the_cards_drawn():
    state = position(
        market=[22, 8, 2, 9], display="yellow 1 green 1 orange 1 orange 2",
        deck=["blue 4", "green 2"],
    )
    play(state, "take yellow 1 green 1")
    assert events(state) == [
        Event("display_refill", {"cards": ["green 2", "blue 4"], "reshuffled": False})
    ]
    assert state.describe_event(events(state)[0], "en") == (
        "The money display is refilled: green 2, blue 4."
    )
    assert state.describe_event(events(state)[0], "zh-Hans") == "补满钱币区：绿2、蓝4。"


def test_f1_a_reshuffled_discard_pile_is_reported():
    state = position(display="yellow 1 yellow 2", deck=["blue 4"],
                     discard="green 1 green 2 green 3 green 4 green 5 green 6 green 7 green 8")
    state.deck = state.deck[-1:]  # exactly one card left (the rest to seat 2, as in case 27)
    rest = [c for c in range(36) for _ in range(3)]
    for code in (*state.display, *state.deck, *money("green 1 green 2 green 3 green 4 "
                                                     "green 5 green 6 green 7 green 8")):
        rest.remove(code)
    state.hands[2] = tuple(rest.count(c) for c in range(36))
    state.scorings = 2
    state.check()
    play(state, "take yellow 1")
    (refill,) = events(state, "display_refill")
    assert refill.data["reshuffled"] is True and "blue 4" in refill.data["cards"]
    assert len(refill.data["cards"]) == 3
    assert state.describe_event(refill, "en").startswith(
        "The discard pile is shuffled into a new deck. The money display is refilled: "
    )


def test_f3_the_market_refill_reports_the_tile_drawn():
    state = position(market=[22, 8, 2, 9], hands={0: "yellow 9"}, display="green 1 blue 1")
    play(state, "buy 1 pay 9", "pass", "reserve 22")
    (refill,) = events(state, "market_refill")
    assert refill == Event("market_refill", {"slot": 1, "tile": state.market[0]})
    words = state.describe_event(refill, "en")
    assert words.startswith("A tile is drawn from the bag for market slot 1 (yellow): ")


def test_e2_e3_the_market_tiles_left_go_to_the_most_money():
    # case 28: slot 1 (yellow) -> seat 0, slot 2 (green, tile 22 just drawn) -> seat 2,
    # slot 3 (blue) -> seat 1; the bag is then empty
    state = case28_last_tile_in_the_bag()
    play(state, "take orange 1")
    assert events(state, "market_refill") == [Event("market_refill", {"slot": 2, "tile": 22})]
    assert events(state, "bag_empty") == [Event("bag_empty", {"slots": [4]})]
    gifts = events(state, "market_gift")
    assert [(e.data["slot"], e.data["tile"], e.data["seat"], e.data["money"]) for e in gifts] == [
        (1, 7, 0, 5), (2, 22, 2, 3), (3, 14, 1, 6),
    ]
    names = ["Ann", "Bob", "Cy"]
    said = state.describe_event(gifts[1], "en", viewer=0, names=names)
    assert said.endswith("left in market slot 2 goes to Cy, with the most green money (3).")
    assert state.describe_event(gifts[1], "en", viewer=2).endswith(
        "goes to you, with the most green money (3)."
    )
    assert "歸玩家3" in state.describe_event(gifts[1], "zh-Hant", viewer=SPECTATOR)
    play(state, "place 14 at 1,0", "reserve 22", "place 7 at 0,1")
    assert [e.kind for e in events(state)] == ["scoring", "game_over"]
    assert events(state, "scoring")[0].data["round"] == 3


def test_a2_a_tie_for_the_most_money_gives_the_tile_to_nobody():
    state = position(market=[0, 0, 14, 0], bag=[], hands={0: "blue 9", 1: "blue 4 blue 5"},
                     display="orange 1")
    state.reserves[2] = tuple(sorted(t for t in TILE_IDS if t != 14))
    state.check()
    play(state, "take orange 1")
    (gift,) = events(state, "market_gift")
    assert gift == Event(
        "market_gift", {"slot": 3, "tile": 14, "seat": None, "money": 9, "tied": [0, 1]}, (0, 1)
    )
    assert state.describe_event(gift, "en", viewer=1).endswith(
        ": Seat 1 and you tie for the most blue money (9)."
    )
    nobody = position(market=[0, 0, 14, 0], bag=[], hands={0: "yellow 9"}, display="orange 1")
    nobody.reserves[2] = tuple(sorted(t for t in TILE_IDS if t != 14))
    nobody.check()
    play(nobody, "take orange 1")
    (gift,) = events(nobody, "market_gift")
    assert gift.data["tied"] == [] and gift.seats == ()
    assert nobody.describe_event(gift, "en").endswith(": nobody holds blue money.")


def test_v4_dirks_tiles_after_a_scoring_are_reported():
    state = position(players=2, display="orange 1 orange 2", deck=["scoring"])
    bag = set(state.bag)
    play(state, "take orange 1")
    (drawn,) = events(state, "dirk_tiles")
    assert len(drawn.data["tiles"]) == 6 and set(drawn.data["tiles"]) <= bag
    assert set(drawn.data["tiles"]) <= set(state.dirk)
    assert events(state, "scoring")[0].data["dirk"] is not None
    assert "Dirk" in state.describe_event(events(state, "scoring")[0], "en")


def test_the_breakdown_is_each_scoring_by_type_and_walls():
    state = scoring_position()
    play(state, "take orange 1")
    parts = state.score_breakdown()
    assert [(p.key, p.points) for p in parts[0]] == [
        ("scoring1.seraglio", 2), ("scoring1.arcades", 3), ("scoring1.walls", 4),
    ]
    assert parts[0][2].label("en") == "Scoring 1: walls"
    assert parts[0][0].label("zh-Hant") == "第1次計分：宅邸"
    # the others list the same parts, with nothing scored, so a table of all seats lines up
    for other in parts[1:]:
        assert [(p.key, p.points) for p in other] == [(p.key, 0) for p in parts[0]]


def test_every_seat_lists_the_same_parts_in_the_same_order():
    from eurogames.core.rng import Rng

    state, rng = GAME.new(4, seed=9), Rng(9)
    while not state.is_over():
        state.apply(rng.choice(state.legal_actions()))
    keys = [[p.key for p in parts] for parts in state.score_breakdown()]
    assert keys[0] and all(seat == keys[0] for seat in keys)
    rounds = [int(key[len("scoring")]) for key in keys[0]]
    assert rounds == sorted(rounds) and set(rounds) == {1, 2, 3}  # scoring by scoring


def test_the_breakdown_survives_json_by_replaying_the_record():
    state = GAME.new(3, seed=4)
    from eurogames.core.rng import Rng

    rng = Rng(4)
    while not state.log:
        state.apply(rng.choice(state.legal_actions()))
    copy = GAME.from_json(state.to_json())
    assert copy.score_breakdown() == state.score_breakdown()
    assert any("." in p.key for parts in copy.score_breakdown() for p in parts)


def test_placing_from_the_reserve_says_whose_alhambra():
    state = position(reserves={0: [7]}, display="orange 1")
    (action,) = [a for a in state.legal_actions() if a.text.startswith("place 7")][:1]
    assert "your Alhambra" in state.describe(action, "en")
    theirs = state.describe(action, "en", viewer=2, names=["MCTS bot", "Ann", "Bob"])
    assert theirs.startswith("MCTS bot places from their reserve: ")
    assert "their Alhambra" in theirs and "your" not in theirs
    assert state.describe(action, "en", viewer=0).startswith("You place from your reserve: ")


def test_f4_an_empty_bag_ends_the_game_and_says_so():
    # case 31: the market is empty and so is the bag: the refill fails, the game ends
    state = position(market=[0, 0, 0, 0], bag=[], display="orange 1", alhambras={0: {7: (1, 0)}})
    state.reserves[2] = tuple(sorted(t for t in TILE_IDS if t != 7))
    state.check()
    play(state, "take orange 1")
    assert [e.kind for e in events(state)] == [
        "display_refill", "bag_empty", "scoring", "game_over",
    ]
    (empty,) = events(state, "bag_empty")
    assert empty == Event("bag_empty", {"slots": [1, 2, 3, 4]})
    assert state.describe_event(empty, "en") == (
        "The bag is empty and market slots 1, 2, 3 and 4 stay empty: the game ends."
    )
    assert state.describe_event(empty, "zh-Hant") == (
        "袋中已無建築板塊，1、2、3、4號位置無法補滿：遊戲結束。"
    )
    assert events(state, "game_over")[0].data == {"scores": [16, 0, 0], "winners": [0]}


def test_f2_a_tile_handed_out_at_the_end_is_not_called_bought():
    """F2: the market's last tiles go to the seats with the most of their currency; placing
    one is described as the end's hand-out, never as "the bought tile" (issue 17)."""
    state = position(players=3, market=[0, 0, 14, 0], bag=[], hands={0: "blue 9"},
                     display="orange 1")
    play(state, "take orange 1")
    place = next(a for a in state.legal_actions() if a.text.startswith("reserve 14"))
    en = state.describe(place, "en")
    assert "handed to you at the end" in en and "bought" not in en
    assert "終局" in state.describe(place, "zh-Hant") and "终局" in state.describe(place, "zh-Hans")
