"""Hidden information (D11): what each seat may see, and redrawing what it cannot.

A view that leaks a deck card or an opponent's blind reserve would let a bot (or a web
client) cheat; a ``resample_hidden`` that changes what the seat can see would make search
bots reason about positions that cannot be the real one.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

from eurogames.core.rng import Rng
from eurogames.games.splendor.data import DATA

from .helpers import GAME, play, position


def blind_heavy_game(players: int, seed: int, plies: int):
    """Random play that reserves blind often, so that hands hold hidden cards."""
    state = GAME.new(players, seed=seed, options={"first": seed % players})
    rng = Rng(seed)
    while not state.is_over() and state.ply < plies:
        legal = state.legal_actions()
        blind = [a for a in legal if a.kind == "reserve_deck"]
        state.apply(rng.choice(blind) if blind and rng.below(3) == 0 else rng.choice(legal))
    return state


def sample_positions():
    out = []
    for seed in range(40):
        players = 2 + seed % 3
        for plies in (6, 25, 60):
            out.append(blind_heavy_game(players, seed, plies))
    return out


POSITIONS = sample_positions()


def card_ids(tree: Any) -> list[int]:
    """The id of every card object (a mapping with a bonus colour) anywhere in a view."""
    found = []
    if isinstance(tree, dict):
        if "bonus" in tree and "id" in tree:
            found.append(tree["id"])
        for value in tree.values():
            found += card_ids(value)
    elif isinstance(tree, list):
        for value in tree:
            found += card_ids(value)
    return found


def int_lists(tree: Any) -> list[list[int]]:
    found = []
    if isinstance(tree, dict):
        for value in tree.values():
            found += int_lists(value)
    elif isinstance(tree, list):
        if tree and all(isinstance(x, int) for x in tree):
            found.append(tree)
        for value in tree:
            found += int_lists(value)
    return found


def hidden_from(state, seat) -> set[int]:
    hidden = {c for deck in state.decks for c in deck}
    for owner in range(state.players):
        if owner != seat:
            hidden |= {
                c for c, b in zip(state.reserved[owner], state.blind[owner], strict=True) if b
            }
    return hidden


def visible_to(state, seat) -> set[int]:
    return set(range(1, 91)) - hidden_from(state, seat)


def test_the_sample_holds_blind_reserves():
    with_blind = [s for s in POSITIONS if any(any(b) for b in s.blind)]
    assert len(with_blind) > len(POSITIONS) // 2


@pytest.mark.parametrize("index", range(0, len(POSITIONS)))
def test_views_show_exactly_the_cards_a_seat_may_see(index):
    state = POSITIONS[index]
    for seat in [*range(state.players), None]:
        view = json.loads(json.dumps(state.view(seat)))  # plain JSON, as a client gets it
        shown = card_ids(view)
        assert len(shown) == len(set(shown))
        assert not set(shown) & hidden_from(state, seat), seat
        assert set(shown) == visible_to(state, seat), seat
        assert view["decks"] == [len(d) for d in state.decks]
        for deck in state.decks:  # the order of a deck appears nowhere
            if len(deck) > 1:
                assert list(deck) not in int_lists(view)
                assert list(reversed(deck)) not in int_lists(view)
        for owner in range(state.players):
            for shown_card, card, blind in zip(
                view["seats"][owner]["reserved"], state.reserved[owner], state.blind[owner],
                strict=True,
            ):
                if blind and owner != seat:
                    assert shown_card == {"hidden": True, "level": DATA.card_level[card]}
                else:
                    assert shown_card["id"] == card and shown_card["blind"] == blind


def test_the_owner_sees_its_blind_card():
    state = position(3)
    top = state.decks[1][-1]
    play(state, "reserve deck 2")
    assert top in card_ids(state.view(0))
    for seat in (1, 2, None):
        assert top not in card_ids(state.view(seat))
        assert state.view(seat)["seats"][0]["reserved"] == [{"hidden": True, "level": 2}]


@pytest.mark.parametrize("seat", [-1, 2, True, "0"])
def test_a_view_for_no_such_seat_is_refused(seat):
    with pytest.raises(ValueError, match="seat"):
        position(2).view(seat)


# -- resample_hidden ------------------------------------------------------------------------


def public(state) -> dict:
    data = state.to_json()
    del data["decks"], data["reserved"]
    return data


@pytest.mark.parametrize("index", range(0, len(POSITIONS), 3))
def test_resample_keeps_what_the_seat_sees(index):
    state = POSITIONS[index]
    before = state.to_json()
    for seat in [*range(state.players), None]:
        for seed in (1, 2):
            other = state.resample_hidden(seat, seed)
            other.check()
            assert other.view(seat) == state.view(seat)
            assert other.view(None) == state.view(None)
            assert public(other) == public(state)
            if seat is not None:
                assert other.reserved[seat] == state.reserved[seat]
            for owner in range(state.players):  # public reserves stay, blind ones keep level
                for old, new, blind in zip(
                    state.reserved[owner], other.reserved[owner], state.blind[owner], strict=True
                ):
                    assert DATA.card_level[new] == DATA.card_level[old]
                    if not blind:
                        assert new == old
            for level in (1, 2, 3):  # the same hidden cards, redistributed within their level
                old_hidden = Counter(
                    c for c in hidden_from(state, seat) if DATA.card_level[c] == level
                )
                new_hidden = Counter(
                    c for c in hidden_from(other, seat) if DATA.card_level[c] == level
                )
                assert old_hidden == new_hidden
            assert [len(d) for d in other.decks] == [len(d) for d in state.decks]
    assert state.to_json() == before  # the original is untouched


@pytest.mark.parametrize("players", [2, 3, 4])
def test_resample_redraws_decks_and_opponents_blind_cards(players):
    state = GAME.new(players, seed=9)
    for _ in range(players):
        play(state, "reserve deck 1")
    assert all(state.blind[p] == (True,) for p in range(players))
    deals = set()
    blind_changed = False
    for seed in range(20):
        other = state.resample_hidden(0, seed)
        deals.add(tuple(other.decks))
        assert other.reserved[0] == state.reserved[0]
        if any(other.reserved[p] != state.reserved[p] for p in range(1, players)):
            blind_changed = True
    assert any(deal != tuple(state.decks) for deal in deals)  # the order really changes
    assert len(deals) == 20  # every seed its own deal
    assert blind_changed


def test_two_seeds_give_two_deals_and_one_seed_one():
    state = GAME.new(2, seed=4)
    a, b, a_again = (state.resample_hidden(1, s) for s in (10, 11, 10))
    assert a.decks != b.decks
    assert a.to_json() == a_again.to_json()


def test_a_resampled_game_plays_on():
    state = POSITIONS[-1]
    if state.is_over():
        state = POSITIONS[-2]
    other = state.resample_hidden(state.current_player, 3)
    rng = Rng(5)
    for _ in range(40):
        if other.is_over():
            break
        other.apply(rng.choice(other.legal_actions()))
        other.check()
