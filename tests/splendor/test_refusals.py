"""What a refusal says about a well-formed action: the rule it breaks, with this position's
numbers (a colour named twice, the tokens a card still lacks, a place off the market)."""

from __future__ import annotations

import pytest

import eurogames

from .helpers import position, snapshot


def refusal(state, text: str) -> str:
    """The reason ``parse_action`` gives for ``text``, checking that nothing moved."""
    before = snapshot(state)
    with pytest.raises(eurogames.IllegalActionError) as info:
        state.parse_action(text)
    assert snapshot(state) == before
    message = str(info.value)
    assert message.startswith(f"{text!r} is not a legal action now: ")
    return message.removeprefix(f"{text!r} is not a legal action now: ").split(
        " (legal actions include")[0]


# -- taking tokens (R8–R10) -------------------------------------------------------------------
def test_two_of_one_colour_is_written_take2():
    assert refusal(position(2), "take red red") == (
        "to take two of one colour write `take2 red` (R9)")


def test_three_tokens_are_of_three_colours():
    assert refusal(position(2), "take red red blue") == (
        "the three tokens are of different colours: red is named twice (R8)")


def test_at_most_three_tokens_are_taken():
    assert refusal(position(2), "take white blue green red") == (
        "take at most 3 tokens, of 3 different colours, not 4 (R8)")


def test_gold_is_not_taken_but_comes_with_a_reserve():
    for text in ("take gold", "take2 gold"):
        assert refusal(position(2), text) == (
            "gold tokens are not taken: reserving a card gives one (R10)")


def test_an_unknown_colour_is_named():
    assert refusal(position(2), "take white purple green") == (
        "'purple' is not a gem colour: write white, blue, green, red, black")


def test_colours_out_of_order_are_shown_in_order():
    assert refusal(position(2), "take green white blue") == (
        "write the colours in the order white, blue, green, red, black: take white blue green")


def test_fewer_than_three_colours_while_more_are_in_the_supply():
    assert refusal(position(2), "take red") == (
        "take 3 different colours while 5 are in the supply (R8, D1)")


def test_take_two_names_the_pile_it_needs():
    assert refusal(position(2, tokens={1: "red"}), "take2 red") == (
        "taking two needs at least 4 red tokens in the pile; it has 3 (R9)")


# -- reserving (R11, D12, D13) ------------------------------------------------------------
def test_a_place_off_the_market_is_named():
    for text in ("reserve 1.5", "reserve 4.1"):
        assert refusal(position(2), text) == (
            f"there is no place {text.split()[1]}: the market has levels 1 to 3 and slots 1 to "
            "4 (level.slot, as 2.3)")


def test_a_fourth_reserve_is_refused():
    state = position(2, reserved={0: [59, 60, 63]})
    assert refusal(state, "reserve 2.3") == "you already hold 3 reserved cards (R11)"


# -- buying (R12, R13, D3) ------------------------------------------------------------------
def test_a_card_out_of_reach_names_what_the_tokens_lack():
    # card 59 costs 3 blue, 2 red, 3 black; seat 0 holds 1 blue, 2 red and 1 gold
    state = position(2, market={"2.1": 59}, tokens={0: {"blue": 1, "red": 2, "gold": 1}})
    assert refusal(state, "buy 2.1") == (
        "you cannot afford it: 2.1 costs 3 blue, 2 red, 3 black; your tokens lack 2 blue, "
        "3 black, and with your 1 gold to stand in you are 4 tokens short (R12, R13)")


def test_gold_cannot_stand_in_for_a_colour_the_card_does_not_ask():
    state = position(2, market={"2.1": 59},
                     tokens={0: {"blue": 3, "red": 2, "black": 2, "gold": 1}})
    assert refusal(state, "buy 2.1 gold white") == (
        "2.1 costs 3 blue, 2 red, 3 black: it asks 0 white, so gold cannot stand in for 1 (D3)")


def test_gold_left_out_where_the_tokens_fall_short():
    state = position(2, market={"2.1": 59},
                     tokens={0: {"blue": 3, "red": 2, "black": 2, "gold": 1}})
    assert refusal(state, "buy 2.1 gold blue") == (
        "2.1 costs 3 blue, 2 red, 3 black: you hold 2 black of the 3 it asks, so gold must "
        "stand in for 1 (write buy 2.1 gold black or just buy 2.1; D3)")


def test_a_reserved_card_that_is_not_held():
    assert refusal(position(2), "buy reserved 2") == "you hold no reserved card"
    state = position(2, reserved={0: [59]})
    assert refusal(state, "buy reserved 2") == "you hold 1 reserved card"


# -- nobles (R19) ----------------------------------------------------------------------------
def test_a_noble_is_chosen_only_when_several_visit():
    assert refusal(position(2), "noble 4") == (
        "a noble is chosen only when several visit you at once (R19)")
