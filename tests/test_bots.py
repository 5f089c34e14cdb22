"""The generic bots (random, greedy, mcts) and Splendor's evaluation behind them.

The bots must play legal moves to the end for every player count, replay exactly from a
seed, refuse bad settings, beat the random bot, and never look at what their seat cannot
see (D11): the decks' order and the others' blind reserves.
"""

from __future__ import annotations

from typing import Any

import pytest

import eurogames
from eurogames.bots import bot_names, make_bot
from eurogames.core.game import State
from eurogames.core.rng import Rng
from eurogames.games.splendor.data import DATA
from eurogames.games.splendor.heuristic import evaluate, rollout_action
from eurogames.games.splendor.rules import MAIN, SplendorState

GAME = eurogames.load("splendor")
MAX_PLIES = 3000  # far beyond any real game: a bot that stalls fails instead of hanging
SMALL = {"mcts": {"iterations": 12, "depth": 4}}  # keep full mcts games quick


def bot(name: str, seed: int, **settings: Any):
    return make_bot(name, GAME, seed=seed, **{**SMALL.get(name, {}), **settings})


def play(bots: list, seed: int) -> State:
    """A whole game, checking each chosen move against the legal ones first."""
    state = GAME.new(players=len(bots), seed=seed)
    while not state.is_over():
        assert state.ply < MAX_PLIES, "the game did not end"
        action = bots[state.current_player].choose(state)
        assert action in state.legal_actions()
        state.apply(action)
    return state


def seated(first: Any, other: Any, game: int) -> tuple[list, int]:
    """Two bots, ``first`` at seat ``game % 2`` so that neither keeps the start player."""
    seat = game % 2
    return ([first, other] if seat == 0 else [other, first]), seat


def with_blind_reserve() -> SplendorState:
    """A middle-game position, seat 0 to move, where seat 1 holds a blind reserve (D11)."""
    state = GAME.new(players=2, seed=3)
    bots = [make_bot("greedy", GAME, seed=1), make_bot("greedy", GAME, seed=2)]
    while not (state.ply >= 24 and state.current_player == 0 and state.phase == MAIN):
        if state.current_player == 1 and state.phase == MAIN and not any(state.blind[1]):
            state.apply(state.parse_action("reserve deck 2"))
        else:
            state.apply(bots[state.current_player].choose(state))
    assert any(state.blind[1])
    return state


def hidden_twin(state: SplendorState) -> SplendorState:
    """The same position as seat 0 sees it, with every hidden card moved (D11).

    Each of seat 1's blind reserves is swapped for a card of the same level from the
    deck, and every deck is reversed, so only what seat 0 cannot see has changed.
    """
    twin = state.clone()
    decks = [list(deck) for deck in twin.decks]
    hand = list(twin.reserved[1])
    for i, card in enumerate(hand):
        if twin.blind[1][i]:
            deck = decks[DATA.card_level[card] - 1]
            hand[i], deck[i] = deck[i], card
    twin.reserved[1] = tuple(hand)
    twin.decks = [tuple(reversed(deck)) for deck in decks]
    twin.check()
    assert twin.view(0) == state.view(0)
    assert twin.to_json() != state.to_json()
    return twin


class SeatView:
    """The real state as a bot may touch it: the turn, the legal moves, determinizations.

    Any other attribute raises, so a bot that read the decks or the others' hands, or
    played a move on the real state, would fail.
    """

    def __init__(self, state: State) -> None:
        self._state = state

    @property
    def current_player(self) -> int:
        return self._state.current_player

    @property
    def players(self) -> int:
        return self._state.players

    def legal_actions(self) -> list:
        return self._state.legal_actions()

    def is_over(self) -> bool:
        return self._state.is_over()

    def resample_hidden(self, seat: int | None, seed: int) -> State:
        assert seat == self._state.current_player, "a bot resampled for another seat"
        return self._state.resample_hidden(seat, seed)


# -- every bot plays whole games -------------------------------------------------------------


def test_bot_names() -> None:
    assert {"random", "greedy", "mcts"} <= set(bot_names())


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("name", ["random", "greedy", "mcts"])
def test_bot_plays_legal_moves_to_the_end(name: str, players: int) -> None:
    bots = [bot(name, seed=10 * players + seat) for seat in range(players)]
    state = play(bots, seed=players)
    assert state.is_over()
    assert max(state.scores()) >= 15 or state.passes >= players


def test_mcts_with_seconds_searches_at_least_once() -> None:
    state = GAME.new(players=2, seed=4)
    mcts = make_bot("mcts", GAME, seed=1, seconds=0.01)
    assert mcts.choose(state) in state.legal_actions()
    assert mcts.last_iterations >= 1


def test_mcts_plays_to_the_end_of_the_game() -> None:
    """Playouts to the end (no depth cut) and ``game.evaluate`` unused."""
    state = GAME.new(players=2, seed=9)
    mcts = make_bot("mcts", GAME, seed=2, iterations=20, depth=None)
    assert mcts.choose(state) in state.legal_actions()


# -- seeds ----------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["random", "greedy", "mcts"])
def test_seeds_reproduce_a_game(name: str) -> None:
    def record(seed: int) -> list[str]:
        bots = [bot(name, seed=seed), bot(name, seed=seed + 1)]
        return [a.text for a in play(bots, seed=5).actions()]

    assert record(1) == record(1)
    assert record(1) != record(100)


# -- settings -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "settings", "named"),
    [
        ("greedy", {"iterations": 10}, "iterations"),
        ("random", {"depth": 3}, "depth"),
        ("mcts", {"iteration": 10}, "iteration"),
        ("mcts", {"iterations": 0}, "iterations"),
        ("mcts", {"iterations": 2.5}, "iterations"),
        ("mcts", {"iterations": True}, "iterations"),
        ("mcts", {"seconds": 0}, "seconds"),
        ("mcts", {"seconds": "1"}, "seconds"),
        ("mcts", {"iterations": 10, "seconds": 1.0}, "seconds"),
        ("mcts", {"c": -1.0}, "c"),
        ("mcts", {"depth": -1}, "depth"),
        ("mcts", {"depth": 1.5}, "depth"),
        ("mcts", {"prior": -2}, "prior"),
        ("mcts", {"prime_after": 1.5}, "prime_after"),
    ],
)
def test_bad_settings_are_refused(name: str, settings: dict, named: str) -> None:
    with pytest.raises(ValueError, match=named):
        make_bot(name, GAME, seed=1, **settings)


def test_unknown_bot_is_refused() -> None:
    with pytest.raises(ValueError, match="minimax"):
        make_bot("minimax", GAME)


def test_mcts_settings_are_kept() -> None:
    mcts = make_bot("mcts", GAME, seed=1, seconds=0.5, c=1.2, depth=None, prior=0)
    settings = (mcts.iterations, mcts.seconds, mcts.c, mcts.depth, mcts.prior)
    assert settings == (None, 0.5, 1.2, None, 0)
    assert make_bot("mcts", GAME, seed=1).iterations == 1000


# -- hidden information (D11) ---------------------------------------------------------------


def test_determinizations_depend_only_on_the_view() -> None:
    """What the bots' no-peeking rests on: with a fixed seed, positions the seat cannot
    tell apart give the same determinization."""
    state = with_blind_reserve()
    twin = hidden_twin(state)
    assert state.resample_hidden(0, 3).to_json() == twin.resample_hidden(0, 3).to_json()


@pytest.mark.parametrize("name", ["greedy", "mcts"])
def test_bots_choose_alike_when_only_hidden_cards_differ(name: str) -> None:
    state = with_blind_reserve()
    twin = hidden_twin(state)
    for seed in range(6):
        settings = {"iterations": 150} if name == "mcts" else {}
        first = make_bot(name, GAME, seed=seed, **settings).choose(state)
        second = make_bot(name, GAME, seed=seed, **settings).choose(twin)
        assert first is second


@pytest.mark.parametrize("name", ["greedy", "mcts"])
def test_bots_see_the_real_state_only_through_determinizations(name: str) -> None:
    """Search runs on ``resample_hidden`` clones: playing a move on the real state would
    reveal the card that refills the market, and reading it would show the decks."""
    state = with_blind_reserve()
    before = state.to_json()
    settings = {"iterations": 50} if name == "mcts" else {}
    action = make_bot(name, GAME, seed=1, **settings).choose(SeatView(state))
    assert action in state.legal_actions()
    assert state.to_json() == before


def test_evaluation_ignores_the_others_blind_reserves() -> None:
    state = with_blind_reserve()
    twin = hidden_twin(state)
    assert evaluate(state, 0) == evaluate(twin, 0)


# -- Splendor's evaluation ------------------------------------------------------------------


def test_evaluation_is_within_bounds_and_exact_at_the_end() -> None:
    bots = [bot("greedy", seed=1), bot("random", seed=2)]
    state = GAME.new(players=2, seed=3)
    while not state.is_over():
        for seat in (0, 1):
            assert -1.0 <= evaluate(state, seat) <= 1.0
        state.apply(bots[state.current_player].choose(state))
    assert [evaluate(state, seat) for seat in (0, 1)] == state.returns()


def test_evaluation_prefers_points() -> None:
    state = GAME.new(players=2, seed=3)
    richer = state.clone()
    richer.points[0] = 3
    assert evaluate(richer, 0) > evaluate(state, 0)
    assert evaluate(richer, 1) < evaluate(state, 1)


def test_rollout_action_is_legal_in_every_phase() -> None:
    rng = Rng(5)
    for players in (2, 3, 4):
        state = GAME.new(players=players, seed=players)
        while not state.is_over():
            action = rollout_action(state, rng)
            assert action in state.legal_actions()
            state.apply(action)
            assert state.ply < MAX_PLIES


# -- strength -------------------------------------------------------------------------------


def test_greedy_beats_random() -> None:
    """Greedy wins about 99% of games against random; 15 of 20 is far below that
    (fewer than 15 would happen less than once in a million samples)."""
    wins = 0
    for game in range(20):
        bots, seat = seated(bot("greedy", seed=game), bot("random", seed=game + 100), game)
        wins += play(bots, seed=1000 + game).winners() == [seat]
    assert wins >= 15


def test_mcts_beats_random() -> None:
    wins = 0
    for game in range(4):
        mcts = make_bot("mcts", GAME, seed=game, iterations=30, depth=4, prior=5)
        bots, seat = seated(mcts, bot("random", seed=game + 100), game)
        wins += play(bots, seed=2000 + game).winners() == [seat]
    assert wins >= 3
