"""The specification's §15 edge cases built literally (shared/rules/alhambra.md), where the
older tests check them only loosely, and the seed's rules the engine departs from.

Cases 1–2 deal the exact hands the specification draws, by arranging the top of the money
deck of a real setup; cases 26 and 36 play the refill in which a scoring card comes up, 36
also in real games whose scoring cards lie where setup shuffled them. Each test is named
after its case and the rule of docs/rules/alhambra.md it checks. The ``xfail`` tests at the
end quote the seed (shared/seeds/002_6381079675b1e8c6.txt) on points where the engine plays
otherwise on purpose (decision A25). They fail today; if the engine ever follows the seed
there they pass, which ``strict`` turns into a failure so that the marker is removed (as it
was for A10, any sufficient payment, which the engine now follows).
"""

from __future__ import annotations

import pytest

from eurogames.games.alhambra.actions import SCORING_CARD
from eurogames.games.alhambra.data import TILE_IDS, TILE_TYPE, TYPES
from eurogames.games.alhambra.palace import FOUNTAIN, longest_wall
from eurogames.games.alhambra.rules import ACTION, ENDING, OVER, PLACING, AlhambraState
from eurogames.games.alhambra.scoring import round_points

from .helpers import (
    FOUR_FIVES,
    GAME,
    alhambra_tiles,
    dealt,
    hand,
    legal_texts,
    money,
    play,
    position,
    purchase,
)


# -- setup: cases 1 and 2 ----------------------------------------------------------------
def test_case1_u5_u6_starting_money_stops_at_twenty_or_more():
    # seat 0: 9, 8, 3 is exactly 20 after 3 cards; seat 1: 9, 8, 2 is 19, so a 4th card (25);
    # seat 2: 9 + 9 is 18, so a 3rd card; then the display is the next 4 cards (U6)
    deals = [
        "yellow 9 green 8 blue 3", "orange 9 yellow 8 green 2 blue 6", "green 9 blue 9 orange 4"
    ]
    state = dealt(3, deals, then="yellow 1 green 1 blue 1 orange 1")
    assert state.hands == [hand(d) for d in deals]
    assert state.display == tuple(sorted(money("yellow 1 green 1 blue 1 orange 1")))
    state.check()


def test_case1_u5_the_deal_ignores_currency():
    # four currencies in one hand: only the total decides when the deal stops
    deals = ["yellow 6 green 6 blue 6 orange 2", "blue 7 blue 7 orange 7"]
    state = dealt(2, deals, options={"dirk": True})
    assert state.hands == [hand(d) for d in deals]


@pytest.mark.parametrize(
    ("deals", "start"),
    [
        # the spec's deal: seat 0 [9, 8, 4] 3 cards 21, seat 1 [7, 9, 6] 3 cards 22,
        # seat 2 [5, 5, 5, 5] 4 cards: the fewest cards, then the lowest total
        (["yellow 9 green 8 blue 4", "orange 7 yellow 9 green 6", FOUR_FIVES], 0),
        # seat 1 also 3 cards worth 21: the lowest seat (A8, for the seed's youngest)
        (["yellow 9 green 8 blue 4", "orange 7 yellow 9 green 5", FOUR_FIVES], 0),
        # the same number of cards: the lower total starts even from a later seat
        (["yellow 9 green 8 blue 4", "orange 9 yellow 8 green 3", FOUR_FIVES], 1),
        # the fewest cards start even with the higher total
        ([FOUR_FIVES, "yellow 9 green 8 blue 4", "yellow 6 green 6 blue 6 orange 2"], 1),
    ],
)
def test_case2_u8_start_player_fewest_cards_then_lowest_total_then_lowest_seat(deals, start):
    state = dealt(3, deals, then="yellow 1 green 1 blue 1 orange 1")
    assert state.hands == [hand(d) for d in deals]
    assert state.start == start and state.current == start
    play(state, "take yellow 1")
    assert state.current == (start + 1) % 3  # then clockwise (依順時針方向)


# -- case 26: the scoring comes in the middle of the refill ------------------------------
def test_case26_f1_f2_s2_a_tile_placed_in_the_scoring_turn_counts_and_reserves_do_not():
    state = position(
        players=3,
        market=[22, 8, 10, 9],  # slot 1 (yellow): arcades 22, price 9, no walls
        alhambras={1: {41: (1, 0)}},  # seat 1: one garden, in its Alhambra
        reserves={0: [42, 52], 2: [23, 31]},  # a garden for seat 0, an arcades for seat 2
        hands={0: "yellow 9"},
        display="yellow 1 green 1 orange 2 orange 3",
        deck=["blue 4", "scoring", "green 2"],
    )
    play(state, *purchase(1, 9))  # exact: another action (M4)
    play(state, "take yellow 1 green 1")  # the display keeps 2 cards
    assert state.phase == PLACING and state.scorings == 0
    bag = len(state.bag)
    play(state, "place 22 at 1,0")
    # the two old cards plus blue 4 and green 2; the scoring card is out of the game
    assert state.display == tuple(sorted(money("orange 2 orange 3 blue 4 green 2")))
    assert state.deck.count(SCORING_CARD) == 1 and state.scorings == 1
    # seat 0's arcades placed this turn scores 1st place (3); seat 2's arcades and seat 0's
    # garden lie on reserves and count for nothing, so seat 1's garden is first (5)
    assert state.log == ((1, (3, 5, 0), 0),)
    assert state.market[0] and len(state.bag) == bag - 1  # the market refill comes after
    state.check()


def test_case26_case36_v4_a7_dirk_draws_after_the_scoring_and_before_the_market_refill():
    # Dirk holds 6 pavilions; the bag holds 3 gardens. His draw after the 1st scoring takes
    # all three before the market refill, so the slot bought this turn stays empty and the
    # game ends (the other order would refill the slot, give Dirk 2 and play on).
    state = position(
        players=2,
        market=[22, 8, 10, 9],
        bag=[33, 34, 35],
        dirk=[1, 2, 3, 4, 5, 6],
        alhambras={1: {41: (1, 0)}},
        hands={0: "yellow 9"},
        display="yellow 1 yellow 2 orange 2 orange 3",
        deck=["blue 4", "scoring", "green 2"],
    )
    play(state, *purchase(1, 9), "take yellow 1 yellow 2", "place 22 at 1,0")
    assert sorted(state.dirk) == [1, 2, 3, 4, 5, 6, 33, 34, 35] and state.bag == ()
    assert state.market == [0, 8, 10, 9]  # nobody holds green, blue or orange: nobody gets them
    assert state.phase == OVER
    # the 1st scoring saw Dirk's 6 pavilions (1) but not the gardens he drew after it:
    # seat 1's garden is first (5), seat 0's arcades first (3)
    assert state.log[0] == (1, (3, 5), 1)
    # the 3rd: pavilions Dirk 16; gardens Dirk 3 (20) before seat 1 (12); arcades seat 0 18
    assert state.log[1] == (3, (18, 12), 36)


# -- case 36: Dirk's draws in real games -------------------------------------------------
def _choose(state: AlhambraState) -> str:
    """A fixed policy that depends only on the set of legal actions, not their order:
    place a bought tile on the first cell, else reserve it (never to Dirk, so his tiles are
    his draws alone); in the action phase buy when possible, else take the most money."""
    texts = sorted(a.text for a in state.legal_actions())
    for prefix in (("place", "reserve") if state.phase != ACTION else ("buy", "take")):
        found = [t for t in texts if t.startswith(prefix)]
        if found:
            if prefix == "take":
                return max(found, key=lambda t: (sum(int(w) for w in t.split()[2::2]), t))
            return found[0]
    return texts[0]


def _counts(state: AlhambraState, seat: int) -> list[int]:
    grid = state.grids[seat]
    counts = [0] * len(TYPES)
    for cell in state.cells[seat]:
        if grid[cell] != FOUNTAIN:
            counts[TILE_TYPE[grid[cell]]] += 1
    return counts


def test_case36_v4_v5_dirks_draws_at_the_real_scoring_cards():
    telling = 0  # second scorings where drawing after the market refill would give another third
    games_with_both = 0
    for seed in range(60):
        state = GAME.new(2, seed=seed)
        rounds = []
        while not state.is_over():
            text = _choose(state)
            bag, empty, dirk = len(state.bag), state.market.count(0), state.dirk
            deck, scorings = state.deck, state.scorings
            play(state, text)
            if state.scorings == scorings:
                continue
            round_ = state.scorings
            assert round_ == scorings + 1  # one scoring card per refill (A20)
            if len(state.deck) < len(deck):  # no reshuffle: the card was among those drawn
                assert deck[::-1].index(SCORING_CARD) < len(deck) - len(state.deck)
            # V4, V5: 6, then a third, rounded down
            drawn = min(bag, 6 if round_ == 1 else bag // 3)
            assert len(state.dirk) == len(dirk) + drawn and set(dirk) <= set(state.dirk)
            assert len(state.bag) == max(0, bag - drawn - empty)  # then the market refill
            # the scoring saw Dirk's tiles from before his draw
            counts = [_counts(state, 0), _counts(state, 1), [0] * len(TYPES)]
            for tile in dirk:
                counts[2][TILE_TYPE[tile]] += 1
            walls = [longest_wall(state.grids[p], state.cells[p]) for p in (0, 1)] + [0]
            points = round_points(counts, walls, round_)
            assert state.log[round_ - 1] == (round_, tuple(points[:2]), points[2])
            rounds.append(round_)
            if round_ == 2 and bag // 3 != (bag - empty) // 3:
                telling += 1
        games_with_both += rounds == [1, 2]
        state.check()
    assert games_with_both >= 40 and telling >= 2


# -- other cases checked through the state -------------------------------------------------
def test_case25_p8_a_closed_ring_offers_no_placement_until_a_redesign_opens_it():
    ring = {
        4: (-1, -1), 5: (0, -1), 9: (1, -1), 6: (1, 0), 3: (1, 1), 13: (0, 1), 2: (-1, 1),
        12: (-1, 0),
    }
    reserve = [t for t in (7, 14, 22, 23, 31, 20, 29, 30, 38, 43) if t not in ring]
    state = position(
        alhambras={0: ring}, reserves={0: reserve}, display="yellow 1 green 1 blue 1 orange 1"
    )
    legal = legal_texts(state)
    assert not [t for t in legal if t.startswith("place")]
    assert "reserve 5" in legal  # the north middle tile leaves, opening the ring
    play(state, "reserve 5", "take yellow 1", "take green 1")
    legal = legal_texts(state)
    assert state.current == 0 and "place 5 at 0,-1" in legal and "place 7 at 0,-1" in legal
    assert {t.split(" at ")[1] for t in legal if t.startswith("place")} == {"0,-1"}


def test_case32_s5_dirk_ties_like_a_player():
    # 1st scoring, towers: Dirk 2, seat 0 2, seat 1 1 -> Dirk 3, seat 0 3, seat 1 0
    state = position(
        players=2,
        dirk=[52, 53],
        alhambras={0: {50: (1, 0), 51: (-1, 0)}, 1: {49: (-1, 0)}},
        display="orange 1 orange 2",
        deck=["scoring"],
    )
    play(state, "take orange 1")
    # walls: seat 0's two single sections do not touch (1), seat 1's west wall (1)
    assert state.log[0] == (1, (3 + 1, 0 + 1), 3)


def test_case37_v6_a12_an_end_of_game_tile_may_go_to_dirk():
    state = position(
        players=2,
        market=[0, 0, 14, 0],  # slot 3 (blue): seraglio 14
        bag=[],
        dirk=[1, 2, 3, 4, 5, 6],
        alhambras={1: {13: (1, 0)}},  # seat 1: a seraglio with a south wall
        hands={0: "blue 9"},
        display="orange 1",
    )
    play(state, "take orange 1")
    assert state.phase == ENDING and state.current == 0 and state.pending == (14,)
    assert "dirk 14" in legal_texts(state) and "reserve 14" in legal_texts(state)
    play(state, "dirk 14")
    assert state.phase == OVER and 14 in state.dirk
    # 3rd scoring: seraglios Dirk 1, seat 1 1 share (17 + 9) // 2 = 13; Dirk's pavilions 16;
    # seat 1's south wall 1
    assert state.log[-1] == (3, (0, 13 + 1), 13 + 16)


def test_case37_v6_no_dirk_with_three_players_at_the_end():
    state = position(
        players=3, market=[0, 0, 14, 0], bag=[], hands={0: "blue 9"}, display="orange 1"
    )
    state.reserves[2] = tuple(sorted(t for t in TILE_IDS if t != 14))
    state.check()
    play(state, "take orange 1")
    assert state.phase == ENDING and state.pending == (14,)
    assert not [t for t in legal_texts(state) if t.startswith("dirk")]


def test_case6_m4_paying_blue_2_and_4_for_6_is_exact():
    state = position(market=[1, 8, 5, 15], hands={0: "blue 2 blue 4"}, display="yellow 1")
    play(state, *purchase(3, 2, 4))
    assert state.bonus and state.phase == ACTION and state.pending == (5,)


# -- where the engine departs from the seed on purpose --------------------------------------
@pytest.mark.xfail(
    strict=True,
    reason="decision A25: the engine offers cells with -12 <= x, y <= 12 only; the seed "
    "(建築板塊的擺放規定 A–E) sets no bound",
)
def test_seed_p1_placement_has_no_grid_bound():
    # 12 tiles without an east or west wall in a row east of the fountain: the 13th cell
    # east is a legal place by rules A–E
    row = (7, 14, 22, 23, 31, 32, 41, 42, 52, 53, 5, 13)
    placed = {t: (x, 0) for x, t in enumerate(row, start=1)}
    state = position(alhambras={0: placed}, reserves={0: [20]})
    assert alhambra_tiles(state, 0)[13] == (12, 0)
    assert "place 20 at 13,0" in legal_texts(state)


def test_seed_m3_any_sufficient_payment_is_allowed():
    # blue 2, 4 and 9 for a price of 6: the 9 alone would do, but the seed does not forbid
    # more (支付對應顏色及足夠面額的錢幣卡; 無法進行找錢動作): decision A10 follows it
    state = position(market=[1, 8, 5, 15], hands={0: "blue 2 blue 4 blue 9"})
    play(state, "buy 3", "pay blue 9", "pay blue 2")
    assert "confirm" in legal_texts(state) and "pay blue 4" in legal_texts(state)
    play(state, "pay blue 4", "confirm")
    assert sum(state.hands[0]) == 0 and state.pending == (5,) and not state.bonus
