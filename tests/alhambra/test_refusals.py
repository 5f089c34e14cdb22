"""What a refusal says about a well-formed take or payment: the rule it breaks (M1, M2),
with the cards of this position."""

from __future__ import annotations

import pytest

import eurogames

from .helpers import position


def refusal(state, text: str) -> str:
    """The reason ``parse_action`` gives for ``text``."""
    with pytest.raises(eurogames.IllegalActionError) as info:
        state.parse_action(text)
    message = str(info.value)
    assert message.startswith(f"{text!r} is not a legal action now: ")
    return message.removeprefix(f"{text!r} is not a legal action now: ").split(
        " (legal actions include")[0]


def table():
    # slot 3 (blue) holds tile 5, price 6; seat 0 holds blue 1, blue 2, blue 4
    return position(market=[1, 8, 5, 15], hands={0: "blue 1 blue 2 blue 4"},
                    display="yellow 6 green 1 blue 2 orange 3")


# -- taking money (M1) ------------------------------------------------------------------------
def test_several_cards_that_total_more_than_five():
    assert refusal(table(), "take orange 3 yellow 6") == (
        "the cards total 9, more than 5: take one card of any value, or several that total at "
        "most 5 (M1)")


def test_a_card_that_is_not_in_the_display():
    assert refusal(table(), "take green 4") == (
        "the money display has no green 4 (it shows yellow 6, green 1, blue 2, orange 3; M1)")


def test_a_card_named_more_often_than_it_lies_there():
    assert refusal(table(), "take green 1 green 1") == (
        "the money display has only 1 green 1 (it shows yellow 6, green 1, blue 2, orange 3; "
        "M1)")


def test_an_unknown_currency_is_named():
    assert refusal(table(), "take red 3") == (
        "'red' is not a currency: money is yellow, green, blue, orange, each card written "
        "currency then value (take blue 4)")


def test_a_card_value_off_the_cards():
    assert refusal(table(), "take blue 12") == "money cards are worth 1 to 9, not '12'"


# -- paying (M2) ------------------------------------------------------------------------------
def test_a_payment_with_a_card_not_held():
    assert refusal(table(), "buy 3 pay 6") == (
        "you hold no blue 6 (M2: the tile in slot 3 is paid in blue)")


def test_a_payment_naming_a_card_twice_that_is_held_once():
    assert refusal(table(), "buy 3 pay 4,4") == (
        "you hold 1 blue 4, the payment names 2 (M2: the tile in slot 3 is paid in blue)")


def test_a_payment_below_the_price():
    assert refusal(table(), "buy 3 pay 1") == (
        "the payment totals 1, below the price 6 of the tile in slot 3 (M2)")


def test_a_slot_off_the_market():
    assert refusal(table(), "buy 5 pay 1,2") == "the market has slots 1 to 4, not 5"
