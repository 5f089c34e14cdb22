"""The generic bots on Alhambra, and the evaluation and playout policy behind them.

The evaluation must stay in [-1, 1], read nothing hidden (the money deck's order and the
generator, I1), and be good enough for the greedy bot to beat random play clearly; the
search bot must play legal full games.
"""

from __future__ import annotations

import eurogames
from eurogames.bots import make_bot
from eurogames.core.rng import Rng
from eurogames.games.alhambra.heuristic import evaluate, rollout_action

from .helpers import GAME, position

MAX_PLIES = 3000  # far beyond any real game: a bot that stalls fails instead of hanging


def play(bots: list, seed: int, players: int = 3):
    state = GAME.new(players, seed=seed)
    while not state.is_over():
        assert state.ply < MAX_PLIES, "the game did not end"
        action = bots[state.current_player].choose(state)
        assert action in state.legal_actions()
        state.apply(action)
    return state


def test_the_game_supplies_its_own_evaluation_and_playout_policy():
    game = eurogames.load("alhambra")
    state = game.new(3, seed=1)
    assert game.evaluate(state, 0) == evaluate(state, 0)
    assert game.rollout_action(state, Rng(1)) is rollout_action(state, Rng(1))


def test_evaluation_is_bounded_reads_nothing_hidden_and_is_exact_at_the_end():
    rng = Rng(5)
    for seed in range(3):
        state = GAME.new(2 + seed, seed=seed)
        while not state.is_over():
            if state.ply % 9 == 0:
                seat = state.current_player
                value = evaluate(state, seat)
                assert -1.0 <= value <= 1.0
                # another order of the money deck and another generator: the same value
                assert evaluate(state.resample_hidden(seat, seed=state.ply), seat) == value
            state.apply(rng.choice(state.legal_actions()))
        assert [evaluate(state, p) for p in range(state.players)] == state.returns()


def test_rollout_policy_plays_legal_games_to_the_end_and_buys_exactly_when_it_can():
    rng = Rng(3)
    for seed in range(3):
        state = GAME.new(3, seed=seed)
        while not state.is_over():
            assert state.ply < MAX_PLIES
            legal = state.legal_actions()
            action = rollout_action(state, rng)
            assert action in legal
            state.apply(action)
    state = GAME.new(3, seed=7)
    # the start player of seed 7 holds yellow 9, the price of the tile in slot 1
    assert state.parse_action("buy 1 pay 9") in state.legal_actions()
    assert state.view(None)["market"][0]["tile"]["price"] == 9
    chosen = [rollout_action(state, Rng(k)) for k in range(20)]
    # the shortcut, one decision (A10); one move in ten is random
    assert sum(a.text == "buy 1 pay 9" for a in chosen) >= 15
    state.apply(state.parse_action("buy 1 pay 9"))
    assert state.bonus


def test_rollout_policy_pays_a_purchase_with_its_cheapest_payment_and_confirms():
    """A purchase begun with cards that could overpay a lot: the policy adds the cards of a
    cheapest payment of what is still owed, then confirms (playouts never pay for ever)."""
    state = position(market=[1, 8, 5, 15], hands={0: "blue 1 blue 2 blue 4 blue 9"})  # price 6
    state.apply(state.parse_action("buy 3"))
    state.apply(state.parse_action("pay blue 1"))  # owed 5 of the price 6: blue 4 + the 1
    texts = []
    while state.purchase is not None:
        action = rollout_action(state, Rng(len(texts)))
        texts.append(action.text)
        state.apply(action)
    assert texts == ["pay blue 4", "pay blue 2", "confirm"]  # 1 + 4 + 2 = 7: cheapest over 6


def test_greedy_beats_random_clearly_in_three_player_games():
    games = 6
    score = 0.0
    for i in range(games):
        seat = i % 3  # seat-rotated, so that no seat order favours the greedy bot
        bots = [make_bot("random", GAME, seed=10 * i + k) for k in range(3)]
        bots[seat] = make_bot("greedy", GAME, seed=10 * i + 7)
        state = play(bots, seed=100 + i)
        winners = state.winners()
        if seat in winners:
            score += 1 / len(winners)
    assert score >= 5  # random play would win about a third: 2 of 6


def test_mcts_plays_a_full_three_player_game_with_a_tiny_budget():
    bots = [make_bot("mcts", GAME, seed=k, iterations=4, depth=3) for k in range(3)]
    state = play(bots, seed=9)
    assert state.is_over() and len(state.winners()) >= 1
    state.check()


def test_cheapest_payment_is_the_least_total_reaching_the_price():
    """The playout's payment search against every sub-multiset of small hands."""
    from itertools import product

    from eurogames.games.alhambra.heuristic import cheapest_payment

    rng = Rng(11)
    for _ in range(300):
        counts = [rng.below(3) if rng.below(3) == 0 else 0 for _ in range(9)]
        price = 2 + rng.below(12)
        purse = sum(n << (8 * i) for i, n in enumerate(counts))
        totals = [
            sum((i + 1) * k for i, k in enumerate(chosen))
            for chosen in product(*(range(n + 1) for n in counts))
        ]
        reaching = [t for t in totals if t >= price]
        found = cheapest_payment(purse, price)
        if not reaching:
            assert found is None
            continue
        assert sum(found) == min(reaching) and list(found) == sorted(found)
        assert all(found.count(v) <= counts[v - 1] for v in set(found))
