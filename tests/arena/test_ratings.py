"""Wilson intervals, who finished ahead, and Bradley–Terry ratings on outcomes whose true
strengths are known."""

from __future__ import annotations

from math import exp, log10

import pytest

from eurogames.arena.ratings import (
    ELO_PER_NAT,
    ahead,
    bootstrap_se,
    bradley_terry,
    comparisons,
    wilson,
)
from eurogames.core.rng import Rng


# -- Wilson -----------------------------------------------------------------------------------
def test_wilson_matches_the_textbook_values() -> None:
    # Wilson (1927) / Newcombe (1998) table: 0/10 -> 0–0.2775, 5/10 -> 0.2366–0.7634
    assert wilson(0, 10) == pytest.approx((0.0, 0.27753), abs=1e-5)
    assert wilson(5, 10) == pytest.approx((0.23659, 0.76341), abs=1e-5)
    assert wilson(10, 10) == pytest.approx((0.72247, 1.0), abs=1e-5)


def test_wilson_stays_inside_zero_and_one_and_narrows_with_more_games() -> None:
    for score, n in [(0, 1), (1, 1), (3, 7), (99, 100)]:
        low, high = wilson(score, n)
        assert 0.0 <= low <= score / n <= high <= 1.0
    assert wilson(60, 100)[1] - wilson(60, 100)[0] > wilson(600, 1000)[1] - wilson(600, 1000)[0]


def test_wilson_holds_the_rate_itself_when_nothing_or_everything_was_won() -> None:
    for n in (1, 3, 7, 200, 1000):
        assert wilson(0, n)[0] == 0.0 and wilson(n, n)[1] == 1.0


def test_wilson_without_games_says_nothing() -> None:
    assert wilson(0, 0) == (0.0, 1.0)


# -- finishing order --------------------------------------------------------------------------
def test_a_winner_by_tie_break_is_ahead_of_a_loser_on_the_same_score() -> None:
    assert ahead(0, 1, scores=[15, 15], winners=[0]) == 1.0
    assert ahead(1, 0, scores=[15, 15], winners=[0]) == 0.0


def test_a_shared_victory_is_a_tie() -> None:
    assert ahead(0, 2, scores=[15, 9, 15], winners=[0, 2]) == 0.5


def test_among_losers_the_higher_score_is_ahead_and_equal_scores_tie() -> None:
    scores, winners = [20, 12, 9, 12], [0]
    assert ahead(1, 2, scores, winners) == 1.0
    assert ahead(2, 1, scores, winners) == 0.0
    assert ahead(1, 3, scores, winners) == 0.5


def test_a_bot_in_two_seats_is_not_compared_with_itself() -> None:
    # bots 0, 1, 0 at three seats: bot 0's two seats are not a comparison
    assert comparisons((0, 1, 0), scores=(10, 15, 5), winners=(1,)) == [(0, 1, 0.0), (1, 0, 1.0)]


# -- Bradley–Terry ----------------------------------------------------------------------------
def test_three_wins_in_four_is_odds_of_three_to_one() -> None:
    fit = bradley_terry(2, [(0, 1, 1.0)] * 3 + [(0, 1, 0.0)], prior=0)
    assert fit.elo[0] - fit.elo[1] == pytest.approx(400 * log10(3))
    assert fit.expected(0, 1) == pytest.approx(0.75)
    assert sum(fit.elo) / 2 == pytest.approx(1500)


def test_ties_count_half_a_win_each() -> None:
    with_ties = bradley_terry(2, [(0, 1, 1.0), (0, 1, 0.5), (0, 1, 0.5), (0, 1, 0.0)], prior=0)
    assert with_ties.elo[0] == pytest.approx(with_ties.elo[1])


def test_equal_records_give_equal_ratings() -> None:
    outcomes = [(a, b, 1.0) for a in range(3) for b in range(3) if a != b]
    fit = bradley_terry(3, outcomes, prior=0)
    assert fit.elo == pytest.approx((1500, 1500, 1500))


def test_strengths_are_recovered_from_simulated_games() -> None:
    truth = [0.0, 0.5, 1.0, 1.7]  # log-strengths: the strongest is 5.5 times the weakest
    rng = Rng(2024)
    outcomes = []
    for _ in range(20000):
        a, b = rng.below(4), rng.below(4)
        if a != b:
            p = 1.0 / (1.0 + exp(truth[b] - truth[a]))
            outcomes.append((a, b, 1.0 if rng.below(1 << 30) < p * (1 << 30) else 0.0))
    fit = bradley_terry(4, outcomes, prior=0)
    assert sorted(range(4), key=lambda i: fit.theta[i]) == [0, 1, 2, 3]
    for i in range(1, 4):
        estimated = exp(fit.theta[i] - fit.theta[0])
        assert estimated == pytest.approx(exp(truth[i]), rel=0.1)  # the ratio to the weakest
        # and within four standard errors of the truth (about 0.03 nats with these counts)
        shift = truth[i] - sum(truth) / 4
        assert abs(fit.theta[i] - shift) < 4 * fit.se_theta[i]
    assert fit.se_elo[0] == pytest.approx(ELO_PER_NAT * fit.se_theta[0])


def test_a_bot_that_won_everything_has_no_finite_rating_without_a_prior() -> None:
    outcomes = [(0, 1, 1.0)] * 5
    with pytest.raises(ValueError, match="no finite ratings"):
        bradley_terry(2, outcomes, prior=0)
    fit = bradley_terry(2, outcomes)  # the default prior: one drawn game per pair
    # 5.5 wins to 0.5: odds of 11 to 1
    assert fit.elo[0] - fit.elo[1] == pytest.approx(400 * log10(11))


def two_player_games(count: int, seed: int = 7) -> list[list[tuple[int, int, float]]]:
    rng = Rng(seed)
    return [[(0, 1, 1.0 if rng.below(10) < 7 else 0.0)] for _ in range(count)]


def test_the_bootstrap_is_reproducible_and_agrees_with_fisher_for_two_players() -> None:
    games = two_player_games(400)
    spread = bootstrap_se(2, games, rounds=200, seed=3)
    assert spread == bootstrap_se(2, games, rounds=200, seed=3)
    assert spread != bootstrap_se(2, games, rounds=200, seed=4)
    fit = bradley_terry(2, [c for g in games for c in g])
    for boot, fisher in zip(spread, fit.se_elo, strict=True):
        assert boot == pytest.approx(fisher, rel=0.25)


def test_the_bootstrap_keeps_the_comparisons_of_one_game_together() -> None:
    # each game counted three times over, as if three seats had the same luck: the Fisher
    # error believes in three times the evidence, the bootstrap does not
    games = two_player_games(400)
    tripled = [g * 3 for g in games]
    fisher = bradley_terry(2, [c for g in tripled for c in g]).se_elo[0]
    boot = bootstrap_se(2, tripled, rounds=200, seed=3)[0]
    assert boot == pytest.approx(fisher * 3**0.5, rel=0.25)
