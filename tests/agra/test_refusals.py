"""What a refusal says about a well-formed placement: the rule it breaks (W1, W5, W6), naming
the space, who stands there and the rupees it costs."""

from __future__ import annotations

import pytest

import eurogames
from eurogames.games.agra.actions import SPACES, space_name

from .helpers import new, refresh, worker


def refusal(state, text: str) -> str:
    with pytest.raises(eurogames.IllegalActionError) as info:
        state.parse_action(text)
    message = str(info.value)
    assert message.startswith(f"{text!r} is not a legal action now: ")
    return message.removeprefix(f"{text!r} is not a legal action now: ").split(
        " (legal actions include")[0]


def start(builder: str = "2.3"):
    """Seat 0 to place, the builder on ``builder`` (an unbuilt building)."""
    state = new(2, seed=1)
    assert state.current_player == 0
    state.d["builder"] = next(i for i in range(SPACES) if space_name(i) == builder) - 4
    refresh(state)
    return state


def test_an_unbuilt_building_away_from_the_builder():
    assert refusal(start(), "place 2.1") == (
        "building 2.1 (cement) is not built yet: workers go on a character, a built building "
        "or the builder's (the builder's is 2.3; W1)")


def test_the_builders_building_takes_a_worker():
    assert "place 2.3" in {a.text for a in start().legal_actions()}


def test_a_space_where_your_own_worker_stands_takes_overtime():
    state = start()
    worker(state, "trader", 0)
    assert refusal(state, "place trader") == (
        "your own worker stands on the Trader: send another with overtime trader "
        "(2 rupees; W5)")


def test_overtime_where_your_own_worker_does_not_stand():
    state = start()
    assert refusal(state, "overtime boatman") == (
        "overtime is for a space where your own worker stands, and nobody stands on the "
        "Boatman: place boatman (W5)")
    worker(state, "boatman", 1)
    assert refusal(state, "overtime boatman") == (
        "overtime is for a space where your own worker stands, and another player's worker "
        "stands on the Boatman: place boatman (W5)")


def test_overtime_without_the_rupees():
    state = start()
    worker(state, "trader", 0)
    state.d["p"][0]["rupees"] = 1
    refresh(state)
    assert refusal(state, "overtime trader") == (
        "overtime costs 2 rupees and you have 1; only with no worker left in your supply is "
        "it taken for less (W5, W6)")


def test_no_worker_left_in_the_supply():
    state = start()
    worker(state, "trader", 0)
    state.d["p"][0]["workers"] = 0
    refresh(state)
    assert refusal(state, "place boatman") == (
        "no worker is left in your supply: use overtime on a space where one of yours stands "
        "(W6)")


def test_a_space_that_does_not_exist():
    assert refusal(start(), "place 5.1") == (
        "there is no space '5.1': the spaces are the characters (architect, boatman, trader, "
        "botanist) and the buildings c.r, column and row 1 to 4 (1.1 is the quarry)")


def test_an_unknown_verb_lists_the_verbs():
    assert refusal(start(), "fly boatman").startswith(
        "unknown action; actions start with one of: bonus, book, build")
