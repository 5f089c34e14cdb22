"""The rulings of docs/rules/alhambra.md (its table of rulings; the specification's §16,
shared/rules/alhambra.md) that no older test is named after, one test each, named after it.

Each builds the position its ruling talks about and checks the exact outcome, chosen so that
the other reading of the ruling would give another one.
"""

from __future__ import annotations

import colorsys
import json
from collections import Counter
from importlib import resources

import pytest

import eurogames
from eurogames.core.rng import Rng
from eurogames.games.alhambra.actions import BY_TEXT, SCORING_CARD
from eurogames.games.alhambra.data import DATA, EAST, NORTH, SOUTH, TILE_IDS, TILE_WALLS, WEST
from eurogames.games.alhambra.palace import (
    ORIGIN,
    WALLS,
    cell_of,
    is_valid,
    longest_wall,
    new_grid,
    place,
    placements,
    xy_of,
)
from eurogames.games.alhambra.render import INK, TYPE_STYLES
from eurogames.games.alhambra.rules import ACTION, ENDING, OVER, PLACING, _insert_scoring_cards

from .helpers import (
    CASE19,
    GAME,
    card_by_card,
    dealt,
    grid_from_picture,
    hand,
    legal_texts,
    money,
    play,
    position,
)


def alhambra_from_picture(picture: str, ids: dict[str, int] | None = None) -> dict:
    """A seat's Alhambra for ``position`` (tile id -> (x, y)) from a §15-style picture."""
    grid, _, drawn = grid_from_picture(picture, ids, skip="X")
    return {
        grid[cell_of(x, y)]: (x, y)
        for name, (x, y, walls) in drawn.items()
        if name not in ("F", "X") and walls >= 0
    }


# -- A3: a hole is any enclosed empty area -------------------------------------------------


def test_a3_any_enclosed_area_is_a_hole():
    state = position(alhambras={0: alhambra_from_picture(CASE19)}, reserves={0: [42]})
    texts = legal_texts(state)
    assert "place 42 at 3,2" in texts  # a neighbour's cell that encloses nothing
    assert "place 42 at 2,2" not in texts
    with pytest.raises(eurogames.IllegalActionError):
        state.apply(BY_TEXT["place 42 at 2,2"])
    after = place(state.grids[0], cell_of(2, 2), 42)
    assert is_valid(after).startswith("rule E")
    # the one-cell reading would allow it: neither enclosed cell has 4 occupied neighbours
    for x, y in ((1, 1), (2, 1)):
        around = [after[cell_of(x + dx, y + dy)] for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0))]
        assert 0 in around


# -- A5: walls join at corners; walls touching only at a corner cannot arise ---------------
def outer_sections_at_corners(grid: bytes, cells: tuple[int, ...]) -> Counter:
    """How many outer wall sections (a wall facing an empty cell) meet at each lattice point."""
    ends = {
        NORTH: ((0, 0), (1, 0), (0, -1)), SOUTH: ((0, 1), (1, 1), (0, 1)),
        WEST: ((0, 0), (0, 1), (-1, 0)), EAST: ((1, 0), (1, 1), (1, 0)),
    }
    meeting: Counter = Counter()
    for c in cells:
        x, y = xy_of(c)
        for side, (a, b, (dx, dy)) in ends.items():
            if WALLS[grid[c]] & side and not grid[cell_of(x + dx, y + dy)]:
                meeting[(x + a[0], y + a[1])] += 1
                meeting[(x + b[0], y + b[1])] += 1
    return meeting


def test_a5_walls_join_round_convex_and_concave_corners():
    # P's west wall turns round a convex corner into its south wall, which meets Q's west
    # wall at a concave corner; that turns round a convex corner into Q's south wall: one
    # wall of 4 sections (2 if only convex corners joined, 1 if no corner did)
    grid, cells, _ = grid_from_picture(
        """
+ +
 F  .
+ +
+ ++ +
|P  R
+-++ +
   + +
 . |Q
   +-+
""",
        {"P": 2, "Q": 10},
    )
    assert TILE_WALLS[2] == TILE_WALLS[10] == SOUTH | WEST
    assert is_valid(grid) == ""
    assert longest_wall(grid, cells) == 4


def test_a5_walls_never_touch_only_at_a_corner():
    # the pinch: A's east and south walls and B's north and west walls meet at one lattice
    # point; it needs the empty cell at (2,1) to be enclosed, so it is never valid
    pinch, cells, _ = grid_from_picture(
        """
+ ++ ++ ++ +
 F  a  b  c
+ ++ ++ ++ +
   + +   + +
 .  A| .  d
   +-+   + +
      +-++ +
 .  . |B  e
      + ++ +
""",
        {"A": 3, "B": 4},
    )
    assert max(outer_sections_at_corners(pinch, cells).values()) == 4
    assert is_valid(pinch).startswith("rule E")
    # and no valid Alhambra built by legal placements ever has more than 2 at a point
    rng = Rng(5)
    for _ in range(150):
        grid, cells = new_grid(), (ORIGIN,)
        tiles = list(TILE_IDS)
        rng.shuffle(tiles)
        for tile in tiles[: 8 + rng.below(30)]:
            bit = 1 << TILE_WALLS[tile]
            options = [c for c, allowed in placements(grid, cells) if allowed & bit]
            if options:
                c = rng.choice(options)
                grid, cells = place(grid, c, tile), (*cells, c)
        assert is_valid(grid) == ""
        assert max(outer_sections_at_corners(grid, cells).values(), default=0) <= 2


# -- A6: the last refill fills what it can -------------------------------------------------
def test_a6_the_last_refill_fills_the_slots_in_order_as_far_as_the_bag_allows():
    # slots 1, 2 and 4 empty, two tiles left in the bag: slots 1 and 2 get them, 4 stays
    # empty and the game ends with both new tiles in the end-of-game award (E2)
    state = position(
        market=[0, 0, 14, 0],
        bag=[22, 23],
        hands={0: "blue 6", 1: "yellow 5", 2: "green 3"},
        display="orange 1",
        deck=["orange 2"],
    )
    play(state, "take orange 1")
    assert state.bag == ()
    assert state.phase == ENDING
    # slot 1 (yellow) -> seat 1, slot 2 (green) -> seat 2, slot 3 (blue, tile 14) -> seat 0
    assert state.current == 1 and len(state.pending) == 1
    (first,) = state.pending
    ((seat, (second,)), (last_seat, last)) = state.queue
    assert (seat, last_seat, last) == (2, 0, (14,))
    assert {first, second} == {22, 23}
    assert state.market == [0, 0, 0, 0]


# -- A9: seat 0 is dealt first -------------------------------------------------------------
def test_a9_seat_0_is_dealt_first():
    # the top of the deck goes to seat 0 even though seat 1 becomes the start player
    deals = [
        "orange 5 orange 5 yellow 5 green 5", "yellow 9 green 9 blue 2", "blue 9 orange 9 green 3"
    ]
    state = dealt(3, deals, then="yellow 1 green 1 blue 1 orange 1")
    assert state.hands == [hand(d) for d in deals]
    assert state.start == 1 and state.current == 1


# -- A14: Dirk's tiles are a collection ----------------------------------------------------
def test_a14_dirks_tiles_are_a_collection_counted_by_type():
    # the six three-wall tiles, one of each type: each is open on one side only, so an
    # Alhambra holds at most four of them (round the fountain); Dirk keeps all six, each
    # counts for its type, and their walls count for nothing
    dirk = [1, 8, 15, 24, 33, 44]
    assert sorted(DATA.tile_type[t] for t in dirk) == [0, 1, 2, 3, 4, 5]
    state = position(players=2, dirk=dirk, display="orange 1 orange 2", deck=["scoring"])
    assert [t["id"] for t in state.view(0)["dirk"]["tiles"]] == dirk
    assert all("at" not in t for t in state.view(None)["dirk"]["tiles"])
    play(state, "take orange 1")
    assert state.log[0] == (1, (0, 0), 1 + 2 + 3 + 4 + 5 + 6)  # every 1st place, no walls


# -- A15: the market slots' currencies -----------------------------------------------------
@pytest.mark.parametrize(
    ("slot", "currency"), [(1, "yellow"), (2, "green"), (3, "blue"), (4, "orange")]
)
def test_a15_slot_currencies_are_yellow_green_blue_orange(slot, currency):
    # four tiles priced 5; a hand of one 5 buys only from the slot of its currency
    state = position(market=[4, 10, 16, 24], hands={0: f"{currency} 5"})
    buys = [t for t in legal_texts(state) if t.startswith("buy")]
    assert buys == [f"buy {slot} pay 5"]
    assert state.view(0)["market"][slot - 1]["currency"] == currency
    play(state, f"buy {slot} pay 5")
    assert state.discard == hand(f"{currency} 5")


# -- A16, A17: the five piles and the scoring cards' gaps ----------------------------------
@pytest.mark.parametrize("cards", [75, 76, 77, 78, 79])
def test_a16_pile_k_holds_n_div_5_plus_one_while_k_is_at_most_n_mod_5(cards):
    size, extra = divmod(cards, 5)
    piles = [size + (1 if k <= extra else 0) for k in range(1, 6)]
    first_at = piles[0]  # the cards above pile 2
    second_at = piles[0] + piles[1] + piles[2] + 1  # above pile 4, scoring card 1 included
    deck = list(range(100, 100 + cards))  # labelled cards, top last
    seen: list[set[int]] = [set(), set()]
    for seed in range(400):
        out, _ = _insert_scoring_cards(deck, Rng(seed))
        top_first = out[::-1]
        at = [i for i, c in enumerate(top_first) if c == SCORING_CARD]
        assert [c for c in top_first if c != SCORING_CARD] == deck[::-1]  # order kept
        seen[0].add(at[0])
        seen[1].add(at[1])
    assert seen[0] == set(range(first_at, first_at + piles[1] + 1))
    assert seen[1] == set(range(second_at, second_at + piles[3] + 1))


def test_a17_a_scoring_card_lies_in_each_gap_of_its_pile_equally_often():
    # 77 cards: piles 2 and 4 hold 16 and 15 cards, so 17 and 16 gaps
    counts = [Counter(), Counter()]
    for seed in range(3400):
        out, _ = _insert_scoring_cards([0] * 77, Rng(seed))
        at = [i for i, c in enumerate(out[::-1]) if c == SCORING_CARD]
        counts[0][at[0] - 16] += 1
        counts[1][at[1] - 16 - 16 - 15 - 1] += 1
    for count, gaps in zip(counts, (17, 16), strict=True):
        assert sorted(count) == list(range(gaps))
        expected = 3400 / gaps
        chi2 = sum((n - expected) ** 2 / expected for n in count.values())
        assert chi2 < 40  # chi-squared, 16 or 15 degrees of freedom: p > 0.001


# -- A19: the end-of-game placements go round from the next seat ---------------------------
def test_a19_end_of_game_tiles_are_placed_from_the_seat_after_the_last_turn():
    # seat 2's turn ends the game; seats 3 (yellow), 2 (green) and 1 (blue) receive tiles:
    # seat 3 places first, then seat 1, and seat 2 last
    state = position(
        players=4,
        market=[7, 14, 22, 0],
        bag=[],
        hands={1: "blue 6", 2: "green 3", 3: "yellow 5"},
        display="orange 1",
        current=2,
    )
    before = state.reserves[3]  # the tiles nobody holds lie there (``position``)
    play(state, "take orange 1")
    order = []
    while state.phase == ENDING:
        order.append(state.current)
        play(state, f"reserve {state.pending[0]}")
    assert order == [3, 1, 2]
    assert state.phase == OVER
    assert [state.reserves[p] for p in (1, 2)] == [(22,), (14,)]
    assert state.reserves[3] == tuple(sorted((*before, 7)))


# -- A21: reserves are public --------------------------------------------------------------
def test_a21_every_seat_sees_every_reserve():
    state = position(reserves={1: [7, 14]})
    for viewer in (0, 1, 2, None):
        seats = state.view(viewer)["seats"]
        assert [t["id"] for t in seats[1]["reserve"]] == [7, 14]
        assert seats[0]["reserve"] == []
    resampled = state.resample_hidden(0, seed=3)
    assert resampled.reserves == state.reserves


# -- A22: five actions a turn is a consequence, not a count --------------------------------
def test_a22_four_exact_purchases_empty_the_market_and_allow_one_more_action():
    # each purchase paid exactly, card by card (a 1 of each currency to spare makes that
    # route legal): thirteen decisions make four actions, then comes a fifth; nothing
    # counts them, only the empty market stops a sixth
    state = position(
        market=[1, 8, 2, 9],  # prices 2, 3, 3, 4
        hands={0: "yellow 1 yellow 2 green 1 green 3 blue 1 blue 1 blue 2 orange 1 orange 4"},
        display="yellow 1 green 1 blue 1 orange 1",
    )
    for slot, values in ((1, (2,)), (2, (3,)), (3, (1, 2)), (4, (4,))):
        play(state, *card_by_card(slot, *values))
        assert state.bonus and state.phase == ACTION
    assert state.market == [0, 0, 0, 0] and state.ply == 3 + 3 + 4 + 3
    legal = legal_texts(state)
    assert not [t for t in legal if t.startswith("buy")]
    assert "take yellow 1" in legal and "pass" in legal
    play(state, "take yellow 1")
    assert state.phase == PLACING and state.pending == (1, 8, 2, 9)


# -- A23: unclaimed tiles are out of play --------------------------------------------------
def test_a23_a_tile_nobody_receives_is_out_of_play():
    # two players with Dirk, both holding blue 5: tower 44 in slot 3 goes to nobody, not to
    # Dirk either; it stays where it lay and the final scoring counts it for nobody
    state = position(
        players=2,
        market=[0, 0, 44, 0],
        bag=[],
        dirk=[],
        hands={0: "blue 5", 1: "blue 5"},
        display="orange 1",
    )
    play(state, "take orange 1")
    assert state.phase == OVER
    assert state.market == [0, 0, 44, 0]
    assert state.dirk == () and 44 not in state.reserves[0] + state.reserves[1]
    assert state.log == ((3, (0, 0), 0),)


# -- A24: the seraglio is orange -----------------------------------------------------------
def test_a24_the_seraglio_is_orange():
    raw = json.loads(
        resources.files("eurogames.games.alhambra").joinpath("data/tiles.json").read_text("utf-8")
    )
    (seraglio,) = [t for t in raw["building_types"] if t["type"] == "seraglio"]
    assert (seraglio["colour"], seraglio["colour_zh_hant"]) == ("orange", "橘")
    assert DATA.type_colours[1] == "orange"
    assert "orange" in TYPE_STYLES["seraglio"] and "orange" in INK["seraglio"]
    board = resources.files("eurogames.games.alhambra").joinpath("web/board.js").read_text()
    colour = board.split("seraglio:", 1)[1].split('"')[1]
    red, green, blue = (int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5))
    hue = colorsys.rgb_to_hsv(red, green, blue)[0] * 360
    assert 15 <= hue <= 45  # orange, not red (0) nor yellow (60)


# -- A27, A28: the bag has no order, the display is sorted ---------------------------------
def test_a27_each_draw_from_the_bag_is_uniform_and_set_by_the_states_generator():
    base = position(market=[0, 8, 2, 9], bag=[22, 23, 31], display="orange 1")
    drawn = Counter()
    for seed in range(3000):
        state = base.clone()
        state.rng = Rng(seed).state
        if seed < 30:  # the generator's int is the whole of the bag's chance
            again = GAME.from_json(state.to_json())
            play(again, "take orange 1")
        play(state, "take orange 1")
        if seed < 30:
            assert again.market == state.market and again.rng == state.rng != Rng(seed).state
        assert state.bag == tuple(sorted(state.bag))
        drawn[state.market[0]] += 1
    assert sorted(drawn) == [22, 23, 31]
    assert all(abs(n - 1000) < 100 for n in drawn.values())


def test_a28_the_display_is_sorted_and_two_copies_are_one_card():
    def after_take(deck: list[str]):
        state = position(display="orange 1 green 2 green 2 blue 4", deck=deck)
        texts = legal_texts(state)
        assert len(texts) == len(set(texts))  # either copy of green 2 is the same take
        assert texts.count("take green 2") == 1 and texts.count("take green 2 green 2") == 1
        play(state, "take blue 4 orange 1")
        return state

    one = after_take(["yellow 7", "blue 3"])
    other = after_take(["blue 3", "yellow 7"])
    assert one.display == tuple(sorted(money("green 2 green 2 yellow 7 blue 3")))
    assert one.to_json() == other.to_json()
