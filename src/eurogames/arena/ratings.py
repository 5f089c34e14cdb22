"""Statistics of who beats whom: Wilson intervals, pairwise outcomes, Bradley–Terry ratings.

Pure Python (no numpy): the tournaments have a handful of bots, so the matrices are tiny,
and the statistics stay usable where the plotting libraries are not installed.

Bradley–Terry: bot ``i`` has strength ``exp(theta_i)`` and beats ``j`` with probability
``1 / (1 + exp(theta_j - theta_i))``; a tie counts as half a win for each. The fit maximises
the likelihood by Newton's method (the log-likelihood is concave, so Newton with a
backtracking line search converges from anywhere), with ``sum(theta) = 0`` fixing the scale's
origin. Ratings are shown as ``1500 + 400 * log10(strength)``: 400 points apart means ten to
one odds, as on the Elo scale.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import exp, isfinite, log, log1p, sqrt

from eurogames.core.rng import Rng

Z95 = 1.959963984540054  # the normal quantile of 97.5%
ELO_BASE = 1500.0
ELO_PER_NAT = 400.0 / log(10.0)  # Elo points per unit of theta
# one virtual drawn game between every two bots: keeps ratings finite when a bot wins or
# loses every game (a small sample), and moves them by about a point in a long run
DEFAULT_PRIOR = 1.0

Comparison = tuple[int, int, float]  # (bot a, bot b, a's score: 1 ahead, 0.5 level, 0 behind)


def wilson(score: float, n: float, z: float = Z95) -> tuple[float, float]:
    """Wilson's score interval for a rate of ``score / n`` (95% by default).

    Unlike the normal approximation it stays inside [0, 1] and is honest for small samples
    and rates near 0 or 1. A half-win counts as half a success.

    >>> [round(x, 3) for x in wilson(10, 10)]
    [0.722, 1.0]
    >>> [round(x, 3) for x in wilson(5, 10)]
    [0.237, 0.763]
    """
    if n <= 0:
        return 0.0, 1.0
    p = min(max(score / n, 0.0), 1.0)
    centre = p + z * z / (2 * n)
    spread = z * sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    denominator = 1 + z * z / n
    # the interval holds the rate itself: at 0 (or 1) the bound is the rate exactly, which
    # rounding would miss by 1e-17 (centre and spread are equal there)
    low = min(p, max(0.0, (centre - spread) / denominator))
    high = max(p, min(1.0, (centre + spread) / denominator))
    return low, high


def ahead(a: int, b: int, scores: Sequence[float], winners: Sequence[int]) -> float:
    """Seat ``a``'s result against seat ``b``: 1 finished ahead, 0.5 level, 0 behind.

    The winners (after the game's tie-breaks) are ahead of everyone else; two winners are
    level; among the rest the higher score is ahead.
    """
    a_won, b_won = a in winners, b in winners
    if a_won != b_won:
        return 1.0 if a_won else 0.0
    if a_won or scores[a] == scores[b]:
        return 0.5
    return 1.0 if scores[a] > scores[b] else 0.0


def comparisons(
    seating: Sequence[int], scores: Sequence[float], winners: Sequence[int]
) -> list[Comparison]:
    """Every pair of seats held by different bots in one game, as (bot, bot, score)."""
    out = []
    for s in range(len(seating)):
        for t in range(s + 1, len(seating)):
            if seating[s] != seating[t]:
                out.append((seating[s], seating[t], ahead(s, t, scores, winners)))
    return out


def win_matrix(n: int, outcomes: Sequence[Comparison], prior: float = 0.0) -> list[list[float]]:
    """``w[i][j]``: i's score against j, summed; ``prior`` adds a drawn game to every pair."""
    w = [[0.0 if i == j else prior / 2 for j in range(n)] for i in range(n)]
    for a, b, score in outcomes:
        w[a][b] += score
        w[b][a] += 1.0 - score
    return w


@dataclass(frozen=True)
class Fit:
    """A Bradley–Terry fit: ``theta`` (sums to 0), with Elo-scaled ratings and standard errors."""

    theta: tuple[float, ...]
    se_theta: tuple[float, ...]
    iterations: int

    @property
    def elo(self) -> tuple[float, ...]:
        return tuple(ELO_BASE + ELO_PER_NAT * t for t in self.theta)

    @property
    def se_elo(self) -> tuple[float, ...]:
        return tuple(ELO_PER_NAT * s for s in self.se_theta)

    def expected(self, i: int, j: int) -> float:
        """The model's chance that ``i`` finishes ahead of ``j``."""
        return 1.0 / (1.0 + exp(self.theta[j] - self.theta[i]))


def _log_likelihood(w: list[list[float]], theta: Sequence[float]) -> float:
    total = 0.0
    n = len(theta)
    for i in range(n):
        for j in range(n):
            if w[i][j]:
                d = theta[j] - theta[i]
                # log P(i beats j) = -log(1 + e^d), computed without overflow
                total -= w[i][j] * (d + log1p(exp(-d)) if d > 0 else log1p(exp(d)))
    return total


def _information(w: list[list[float]], theta: Sequence[float]) -> list[list[float]]:
    """The Fisher information of theta (the negative Hessian of the log-likelihood)."""
    n = len(theta)
    info = [[0.0] * n for _ in range(n)]
    for i in range(n):
        for j in range(i + 1, n):
            games = w[i][j] + w[j][i]
            if games:
                p = 1.0 / (1.0 + exp(theta[j] - theta[i]))
                v = games * p * (1.0 - p)
                info[i][j] -= v
                info[j][i] -= v
                info[i][i] += v
                info[j][j] += v
    return info


def _solve(matrix: list[list[float]], rhs: list[list[float]]) -> list[list[float]]:
    """``matrix^-1 @ rhs`` by Gauss–Jordan elimination with partial pivoting."""
    n = len(matrix)
    a = [row[:] + r[:] for row, r in zip(matrix, rhs, strict=True)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        if abs(a[pivot][col]) < 1e-300:
            raise ZeroDivisionError("singular matrix")
        a[col], a[pivot] = a[pivot], a[col]
        scale = a[col][col]
        a[col] = [x / scale for x in a[col]]
        for r in range(n):
            if r != col and a[r][col]:
                factor = a[r][col]
                a[r] = [x - factor * y for x, y in zip(a[r], a[col], strict=True)]
    return [row[n:] for row in a]


def _strongly_connected(w: list[list[float]]) -> bool:
    """Zermelo's condition for a finite maximum: every bot reaches every other through a
    chain of (partial) wins."""
    n = len(w)
    for forward in (True, False):
        seen = {0}
        stack = [0]
        while stack:
            i = stack.pop()
            for j in range(n):
                beat = w[i][j] if forward else w[j][i]
                if j not in seen and beat > 0:
                    seen.add(j)
                    stack.append(j)
        if len(seen) < n:
            return False
    return True


def bradley_terry(
    n: int,
    outcomes: Sequence[Comparison],
    prior: float = DEFAULT_PRIOR,
    start: Sequence[float] | None = None,
) -> Fit:
    """Fit strengths for bots ``0..n-1`` from pairwise outcomes.

    With ``prior=0`` this is the plain maximum-likelihood fit, which exists only when every
    bot has both won and lost in a connected way; otherwise a ``ValueError`` says so. The
    standard errors come from the Fisher information and assume independent comparisons
    (true for two-player games; see :func:`bootstrap` for several players).
    """
    if n < 2:
        raise ValueError(f"ratings need at least 2 bots, not {n}")
    if prior < 0:
        raise ValueError(f"the prior is a number of virtual games >= 0, not {prior}")
    w = win_matrix(n, outcomes, prior)
    if not _strongly_connected(w):
        raise ValueError(
            "no finite ratings: some bot never beat (or never lost to) the others; "
            "fit with a prior > 0"
        )
    theta = list(start) if start is not None else [0.0] * n
    # the constraint sum(theta) = 0 as a rank-one term: (I + J/n) is invertible and its
    # inverse minus J/n is the covariance under that constraint
    ones = 1.0 / n
    ll = _log_likelihood(w, theta)
    iterations = 0
    for iterations in range(1, 101):  # noqa: B007 - reported in the fit
        gradient = [sum(w[i][j] for j in range(n)) - sum(
            (w[i][j] + w[j][i]) / (1.0 + exp(theta[j] - theta[i])) for j in range(n) if j != i
        ) for i in range(n)]
        info = _information(w, theta)
        step = [x[0] for x in _solve(
            [[info[i][j] + ones for j in range(n)] for i in range(n)], [[g] for g in gradient]
        )]
        t = 1.0
        while True:
            trial = [a + t * d for a, d in zip(theta, step, strict=True)]
            mean = sum(trial) / n
            trial = [x - mean for x in trial]
            trial_ll = _log_likelihood(w, trial)
            if trial_ll >= ll - 1e-12 or t < 1e-8:
                break
            t /= 2
        theta, ll = trial, trial_ll
        if max(abs(t * d) for d in step) < 1e-10:
            break
    info = _information(w, theta)
    identity = [[1.0 if i == j else 0.0 for j in range(n)] for i in range(n)]
    inverse = _solve([[info[i][j] + ones for j in range(n)] for i in range(n)], identity)
    se = tuple(sqrt(max(inverse[i][i] - ones, 0.0)) for i in range(n))
    if not all(isfinite(x) for x in theta):
        raise ValueError("the ratings did not converge")
    return Fit(tuple(theta), se, iterations)


def bootstrap_se(
    n: int,
    games: Sequence[Sequence[Comparison]],
    rounds: int = 200,
    seed: int = 0,
    prior: float = DEFAULT_PRIOR,
) -> list[float]:
    """Standard errors of the Elo-scaled ratings by resampling whole games.

    Resampling games rather than comparisons keeps the comparisons of one game together: a
    game of several players yields several comparisons that share its luck, which the Fisher
    standard errors of :func:`bradley_terry` count as independent evidence. Deterministic for
    a given ``seed``. (A resample cannot vary more than the games did: when one bot won every
    game, every resample says so and the spread is 0, which is why the report takes the
    larger of this and the Fisher error.)
    """
    if not games:
        return [float("inf")] * n
    rng = Rng(f"bootstrap:{seed}")
    base = bradley_terry(n, [c for g in games for c in g], prior)
    samples: list[list[float]] = [[] for _ in range(n)]
    count = len(games)
    for _ in range(rounds):
        picked = [c for _ in range(count) for c in games[rng.below(count)]]
        fit = bradley_terry(n, picked, prior, start=base.theta)
        for i, rating in enumerate(fit.elo):
            samples[i].append(rating)
    out = []
    for values in samples:
        mean = sum(values) / len(values)
        out.append(sqrt(sum((v - mean) ** 2 for v in values) / max(1, len(values) - 1)))
    return out
