"""What a tournament showed: the numbers (:func:`summarise`), as terminal tables
(:func:`print_report`), as JSON (:func:`summary_json`) and as a self-contained HTML page with
plots (:func:`html_report`).

A win counts as ``1/w`` of a game when ``w`` seats share the victory, so the win rates of the
seats of a game add up to one and a seat without advantage wins ``1/players`` of its games.
Intervals are 95%: Wilson's for rates; for ratings, the rating ± 1.96 standard errors, the
larger of the Fisher error (exact for independent comparisons) and the spread of a bootstrap
that resamples whole games (honest when a game of several players gives several comparisons).
"""

from __future__ import annotations

import base64
import html
import io
import statistics
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from eurogames.arena import ratings
from eurogames.arena.tournament import ArenaError, GameResult, Tournament

BOOTSTRAP_ROUNDS = 200


@dataclass(frozen=True)
class Rate:
    """``score`` successes (halves and thirds allowed) out of ``n``, with its Wilson interval."""

    score: float
    n: float

    @property
    def rate(self) -> float:
        return self.score / self.n if self.n else float("nan")

    @property
    def interval(self) -> tuple[float, float]:
        return ratings.wilson(self.score, self.n)

    def text(self) -> str:
        if not self.n:
            return "–"
        low, high = self.interval
        return f"{100 * self.rate:.1f}% ({100 * low:.1f}–{100 * high:.1f})"

    def to_json(self) -> dict[str, float]:
        low, high = self.interval
        return {"score": self.score, "n": self.n, "rate": self.rate, "low": low, "high": high}


@dataclass
class BotSummary:
    label: str
    seats: int  # seats taken, over all games
    wins: Rate  # share of its games won (a shared win split)
    elo: float
    fisher_se: float  # Elo points
    bootstrap_se: float  # Elo points, whole games resampled
    scores: list[int] = field(default_factory=list)
    seconds_per_decision: float = float("nan")

    @property
    def se(self) -> float:
        return max(self.fisher_se, self.bootstrap_se)

    @property
    def low(self) -> float:
        return self.elo - ratings.Z95 * self.se

    @property
    def high(self) -> float:
        return self.elo + ratings.Z95 * self.se

    def to_json(self) -> dict[str, Any]:
        return {
            "label": self.label,
            "seats": self.seats,
            "wins": self.wins.to_json(),
            "rating": self.elo,
            "rating_se": self.se,
            "rating_interval": [self.low, self.high],
            "fisher_se": self.fisher_se,
            "bootstrap_se": self.bootstrap_se,
            "mean_score": statistics.fmean(self.scores) if self.scores else None,
            "seconds_per_decision": self.seconds_per_decision,
        }


@dataclass
class Summary:
    game: str
    players: int
    seed: int
    games: int
    cycle: int
    ply_cap: int
    bots: list[BotSummary]
    matrix: list[list[Rate | None]]  # [row][column]: row finished ahead of column
    seats: list[Rate]  # win share of whoever sat at each seat
    first: Rate  # win share of the seat that moved first
    lengths: list[int]
    capped: int
    time_dependent: list[str]
    elapsed: float | None = None
    backend: str | None = None

    @property
    def ranking(self) -> list[int]:
        """Bot indices, best rating first."""
        return sorted(range(len(self.bots)), key=lambda i: -self.bots[i].elo)

    @property
    def balanced(self) -> bool:
        """Whether every table was played equally often in every rotation."""
        return self.games % self.cycle == 0

    def notes(self) -> list[str]:
        """What a reader must know to trust (or distrust) the numbers."""
        out = []
        if self.time_dependent:
            plural = "es" if len(self.time_dependent) == 1 else ""
            out.append(
                f"{', '.join(self.time_dependent)} search{plural} "
                "for a time (seconds=): the games depend on the machine's speed and load and do "
                "not replay from the seed; use iterations= for a reproducible tournament."
            )
        if self.capped:
            one = self.capped == 1
            out.append(
                f"{self.capped} game{'' if one else 's'} reached the cap of {self.ply_cap} "
                f"plies and {'was' if one else 'were'} scored as {'it' if one else 'they'} "
                "stood (a cap of the arena, not a rule of the game)."
            )
        if not self.balanced:
            out.append(
                f"{self.games} games is not a multiple of the {self.cycle} games of one round "
                "(every table in every seat rotation): the last round is incomplete, so seats "
                "are not perfectly balanced."
            )
        if self.players > 2:
            out.append(
                "Each game of several players gives one comparison per pair of bots; the "
                "matrix intervals treat them as independent; the rating errors allow for it "
                "(whole games resampled)."
            )
        return out


def credits(result: GameResult) -> list[float]:
    """Each seat's share of the win: 1 alone, 1/w when w seats share it, 0 otherwise."""
    share = 1.0 / len(result.winners)
    return [share if seat in result.winners else 0.0 for seat in range(len(result.seating))]


def summarise(
    tournament: Tournament,
    results: Sequence[GameResult],
    elapsed: float | None = None,
    backend: str | None = None,
    rounds: int = BOOTSTRAP_ROUNDS,
) -> Summary:
    """Every statistic of the report, from the games in index order."""
    if not results:
        raise ValueError("no games were played")
    n = len(tournament.entrants)
    k = tournament.players
    per_game = [ratings.comparisons(r.seating, r.scores, r.winners) for r in results]
    outcomes = [c for game in per_game for c in game]
    fit = ratings.bradley_terry(n, outcomes)
    spread = ratings.bootstrap_se(n, per_game, rounds=rounds, seed=tournament.seed)

    pair_score = [[0.0] * n for _ in range(n)]
    pair_count = [[0] * n for _ in range(n)]
    for a, b, score in outcomes:
        pair_score[a][b] += score
        pair_score[b][a] += 1.0 - score
        pair_count[a][b] += 1
        pair_count[b][a] += 1
    matrix: list[list[Rate | None]] = [
        [Rate(pair_score[i][j], pair_count[i][j]) if i != j and pair_count[i][j] else None
         for j in range(n)]
        for i in range(n)
    ]

    seat_score = [0.0] * k
    first_score = 0.0
    win_score = [0.0] * n
    seats_taken = [0] * n
    scores: list[list[int]] = [[] for _ in range(n)]
    think = [0.0] * n
    decisions = [0] * n
    for result in results:
        share = credits(result)
        first_score += share[result.starter]
        for seat, entrant in enumerate(result.seating):
            seat_score[seat] += share[seat]
            win_score[entrant] += share[seat]
            seats_taken[entrant] += 1
            scores[entrant].append(result.scores[seat])
            if result.think:
                think[entrant] += result.think[seat]
                decisions[entrant] += result.decisions[seat]

    bots = [
        BotSummary(
            label=tournament.entrants[i].label,
            seats=seats_taken[i],
            wins=Rate(win_score[i], seats_taken[i]),
            elo=fit.elo[i],
            fisher_se=fit.se_elo[i],
            bootstrap_se=spread[i],
            scores=scores[i],
            seconds_per_decision=think[i] / decisions[i] if decisions[i] else float("nan"),
        )
        for i in range(n)
    ]
    return Summary(
        game=tournament.game,
        players=k,
        seed=tournament.seed,
        games=len(results),
        cycle=tournament.schedule.cycle,
        ply_cap=tournament.ply_cap,
        bots=bots,
        matrix=matrix,
        seats=[Rate(seat_score[s], len(results)) for s in range(k)],
        first=Rate(first_score, len(results)),
        lengths=[r.plies for r in results],
        capped=sum(r.capped for r in results),
        time_dependent=tournament.time_dependent,
        elapsed=elapsed,
        backend=backend,
    )


def summary_json(summary: Summary) -> dict[str, Any]:
    """The numbers of the report, for scripts."""
    return {
        "game": summary.game,
        "players": summary.players,
        "seed": summary.seed,
        "games": summary.games,
        "capped": summary.capped,
        "ply_cap": summary.ply_cap,
        "elapsed_seconds": summary.elapsed,
        "backend": summary.backend,
        "bots": [b.to_json() for b in summary.bots],
        "matrix": [[cell.to_json() if cell else None for cell in row] for row in summary.matrix],
        "seats": [s.to_json() for s in summary.seats],
        "first_player": summary.first.to_json(),
        "lengths": distribution(summary.lengths),
        "notes": summary.notes(),
    }


def distribution(values: Sequence[float]) -> dict[str, float]:
    if not values:
        return {}
    ordered = sorted(values)
    return {
        "mean": statistics.fmean(ordered),
        "sd": statistics.stdev(ordered) if len(ordered) > 1 else 0.0,
        "min": ordered[0],
        "median": statistics.median(ordered),
        "p90": ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))],
        "max": ordered[-1],
    }


def headline(summary: Summary) -> str:
    bots = len(summary.bots)
    line = (
        f"{summary.game}, {summary.players} players: {summary.games} games between {bots} bots "
        f"(seed {summary.seed})"
    )
    if summary.elapsed is not None:
        rate = summary.games / summary.elapsed if summary.elapsed > 0 else float("inf")
        line += f" in {summary.elapsed:.1f} s ({rate:.1f} games/s"
        line += f", {summary.backend})" if summary.backend else ")"
    return line


def _rating_text(bot: BotSummary) -> tuple[str, str, str]:
    return f"{bot.elo:.0f}", f"±{bot.se:.0f}", f"{bot.low:.0f}–{bot.high:.0f}"


def _seconds_text(value: float) -> str:
    if value != value:  # nan: it never had to decide
        return "–"
    if value < 1e-3:
        return f"{value * 1e6:.0f} µs"
    return f"{value * 1000:.1f} ms" if value < 1 else f"{value:.2f} s"


# -- terminal -------------------------------------------------------------------------------
def _terminal_table() -> Table:
    """A table that fits 80 columns: no vertical rules, no padding at the edges."""
    return Table(header_style="bold", box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)


def _print_table(out: Console, title: str, table: Table) -> None:
    """``table`` under its title, the title a line of its own (a table's title would wrap at
    the table's width)."""
    out.print()
    out.print(Text(title, style="bold"))
    out.print(table)


def _number_column(table: Table, name: str) -> None:
    """A right-aligned column whose numbers never wrap (the bot column gives way)."""
    table.add_column(name, justify="right", no_wrap=True)


def print_report(out: Console, summary: Summary) -> None:
    """The report as Rich tables, each within 80 columns for up to six bots (a long bot
    label wraps; numbers never do)."""
    out.print(Text(headline(summary), style="bold"))
    ranking = summary.ranking
    number = {bot: place + 1 for place, bot in enumerate(ranking)}

    standings = _terminal_table()
    _number_column(standings, "#")
    standings.add_column("bot", overflow="fold", ratio=1)
    for name in ("rating", "95% CI", "win %", "95% CI", "seats", "score", "per move"):
        _number_column(standings, name)
    for i in ranking:
        bot = summary.bots[i]
        mean = statistics.fmean(bot.scores) if bot.scores else float("nan")
        low, high = bot.wins.interval
        standings.add_row(str(number[i]), Text(bot.label, style="bold cyan"), f"{bot.elo:.0f}",
                          f"{bot.low:.0f}–{bot.high:.0f}", f"{100 * bot.wins.rate:.1f}",
                          f"{100 * low:.0f}–{100 * high:.0f}", str(bot.seats), f"{mean:.1f}",
                          _seconds_text(bot.seconds_per_decision))
    _print_table(out, "Ratings (Bradley–Terry, Elo scale; SE in the HTML report)", standings)

    matrix = _terminal_table()
    matrix.add_column("row \\ column", overflow="fold", ratio=1)
    for j in ranking:
        _number_column(matrix, f"{number[j]}")
    for i in ranking:
        cells = []
        for j in ranking:
            cell = summary.matrix[i][j]
            if cell is None or not cell.n:
                cells.append("")
                continue
            low, high = cell.interval
            cells.append(f"{100 * cell.rate:.0f}%\n{100 * low:.0f}–{100 * high:.0f}\n"
                         f"{cell.score:g}/{cell.n:g}")
        matrix.add_row(Text(f"{number[i]} {summary.bots[i].label}", style="bold cyan"), *cells)
    _print_table(out, "Row finished ahead of column: %, 95% Wilson CI, games (ties count "
                 "half)", matrix)

    seats = _terminal_table()
    seats.add_column("seat")
    _number_column(seats, "win rate (95% CI)")
    for s, rate in enumerate(summary.seats):
        seats.add_row(f"seat {s + 1}", rate.text())
    seats.add_row("first player", summary.first.text())
    _print_table(out, f"Seats (a seat without advantage wins {100 / summary.players:.1f}%)",
                 seats)

    scores = _terminal_table()
    scores.add_column("bot", overflow="fold", ratio=1)
    for name in ("mean", "sd", "min", "median", "max"):
        _number_column(scores, name)
    for i in ranking:
        d = distribution(summary.bots[i].scores)
        scores.add_row(summary.bots[i].label, f"{d['mean']:.1f}", f"{d['sd']:.1f}",
                       f"{d['min']:g}", f"{d['median']:g}", f"{d['max']:g}")
    _print_table(out, "Final scores", scores)
    out.print()

    d = distribution(summary.lengths)
    out.print(Text.assemble(
        ("Game length (plies): ", "bold"),
        f"mean {d['mean']:.1f}, sd {d['sd']:.1f}, min {d['min']:g}, median {d['median']:g}, "
        f"90th percentile {d['p90']:g}, max {d['max']:g}; ",
        (f"{summary.capped} capped at {summary.ply_cap}",
         "bold yellow" if summary.capped else ""),
    ))
    for note in summary.notes():
        out.print(Text("note: " + note, style="yellow"))


# -- HTML -----------------------------------------------------------------------------------
def check_plotting() -> None:
    """Refuse early, before hours of games, when the HTML report cannot draw its plots."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise ArenaError(
            "the arena's HTML report needs matplotlib: pip install matplotlib"
        ) from None


def _png(figure: Any, alt: str) -> str:
    """The figure as an ``<img>`` with its PNG embedded and ``alt``, the plot in words (what
    a screen reader says, and what shows where the image cannot)."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    FigureCanvasAgg(figure)
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=110, bbox_inches="tight")
    data = base64.b64encode(buffer.getvalue()).decode("ascii")
    return f'<img alt="{html.escape(alt)}" src="data:image/png;base64,{data}">'


def alt_texts(summary: Summary) -> dict[str, str]:
    """Each plot of the report in words, with its numbers: the alt text of its image."""
    ranking = summary.ranking
    bots = [summary.bots[i] for i in ranking]
    ratings_words = "; ".join(f"{b.label} {b.elo:.0f} ({b.low:.0f}–{b.high:.0f})" for b in bots)
    pairs = []
    for i in ranking:
        for j in ranking:
            cell = summary.matrix[i][j]
            if cell is not None and cell.n and i != j:
                pairs.append(f"{summary.bots[i].label} ahead of {summary.bots[j].label} "
                             f"{100 * cell.rate:.0f}%")
    seats = "; ".join(
        [f"seat {s + 1} {100 * r.rate:.0f}%" for s, r in enumerate(summary.seats) if r.n]
        + ([f"first player {100 * summary.first.rate:.0f}%"] if summary.first.n else []))
    spreads = [(b.label, distribution(b.scores)) for b in bots if b.scores]
    scores = "; ".join(f"{label} median {d['median']:g}, range {d['min']:g}–{d['max']:g}"
                       for label, d in spreads)
    lengths = distribution(summary.lengths) or {"median": 0, "min": 0, "max": 0}
    return {
        "ratings": f"Ratings on the Elo scale with 95% intervals, best first: {ratings_words}.",
        "matrix": ("Heat map of how often the row bot finished ahead of the column bot: "
                   f"{'; '.join(pairs) or 'no pairs met'}."),
        "seats": (f"Win rate by seat with 95% intervals, against {100 / summary.players:.1f}% "
                  f"for a seat without advantage: {seats or 'no games'}."),
        "scores": f"Box plot of each bot's final scores: {scores or 'no scores'}.",
        "lengths": (f"Histogram of plies per game: median {lengths['median']:g}, range "
                    f"{lengths['min']:g}–{lengths['max']:g}; {summary.capped} of "
                    f"{summary.games} capped at {summary.ply_cap}."),
    }


def plots(summary: Summary) -> dict[str, str]:
    """Each plot as an ``<img>`` tag with the PNG embedded (Agg: no display needed) and its
    numbers in words as the alt text."""
    from matplotlib.figure import Figure

    ranking = summary.ranking
    labels = [summary.bots[i].label for i in ranking]
    out: dict[str, str] = {}
    alt = alt_texts(summary)
    height = 0.5 + 0.45 * len(labels)

    fig = Figure(figsize=(7, height + 0.6))
    ax = fig.subplots()
    ys = list(range(len(ranking)))[::-1]
    elos = [summary.bots[i].elo for i in ranking]
    errors = [ratings.Z95 * summary.bots[i].se for i in ranking]
    ax.errorbar(elos, ys, xerr=errors, fmt="o", capsize=4, color="tab:blue")
    ax.set_yticks(ys, labels)
    ax.axvline(ratings.ELO_BASE, color="grey", lw=0.8, ls=":")
    ax.set_xlabel("rating (Elo scale) with 95% interval")
    out["ratings"] = _png(fig, alt["ratings"])

    n = len(ranking)
    fig = Figure(figsize=(1.6 + 1.1 * n, 1.0 + 0.9 * n))
    ax = fig.subplots()
    grid = [[float("nan") if summary.matrix[i][j] is None else summary.matrix[i][j].rate  # type: ignore[union-attr]
             for j in ranking] for i in ranking]
    image = ax.imshow(grid, vmin=0, vmax=1, cmap="RdYlGn")
    for r, i in enumerate(ranking):
        for c, j in enumerate(ranking):
            cell = summary.matrix[i][j]
            if cell is not None:
                colour = "white" if abs(cell.rate - 0.5) > 0.35 else "black"
                ax.text(c, r, f"{100 * cell.rate:.0f}%", ha="center", va="center", fontsize=9,
                        color=colour)
    ax.set_xticks(range(n), [str(p + 1) for p in range(n)])
    ax.set_yticks(range(n), [f"{p + 1} {label}" for p, label in enumerate(labels)])
    ax.set_xlabel("column bot (by rank)")
    fig.colorbar(image, ax=ax, fraction=0.046, pad=0.04, label="row ahead of column")
    out["matrix"] = _png(fig, alt["matrix"])

    fig = Figure(figsize=(6, 3.2))
    ax = fig.subplots()
    rates = [*summary.seats, summary.first]
    names = [f"seat {s + 1}" for s in range(summary.players)] + ["first player"]
    values = [r.rate for r in rates]
    below = [max(0.0, r.rate - r.interval[0]) for r in rates]
    above = [max(0.0, r.interval[1] - r.rate) for r in rates]
    colours = ["tab:blue"] * summary.players + ["tab:orange"]
    ax.bar(names, values, yerr=[below, above], capsize=4, color=colours)
    ax.axhline(1 / summary.players, color="grey", ls="--", lw=1, label="no advantage")
    ax.set_ylim(0, 1)
    ax.set_ylabel("win rate (95% Wilson CI)")
    ax.legend(loc="upper right")
    out["seats"] = _png(fig, alt["seats"])

    fig = Figure(figsize=(7, height + 0.6))
    ax = fig.subplots()
    ax.boxplot([summary.bots[i].scores for i in ranking][::-1], orientation="horizontal")
    ax.set_yticks(range(1, n + 1), labels[::-1])
    ax.set_xlabel("final score (capped games as they stood)")
    out["scores"] = _png(fig, alt["scores"])

    fig = Figure(figsize=(7, 3.2))
    ax = fig.subplots()
    lengths = summary.lengths
    finished = [p for p in lengths if p < summary.ply_cap]
    capped = [p for p in lengths if p >= summary.ply_cap]
    bins = min(40, max(5, len(set(lengths))))
    ax.hist([finished, capped], bins=bins, stacked=True, color=["tab:blue", "tab:red"],
            label=["finished", f"capped at {summary.ply_cap} ({len(capped)})"])
    ax.set_xlabel("plies per game")
    ax.set_ylabel("games")
    ax.legend(loc="upper right")
    out["lengths"] = _png(fig, alt["lengths"])
    return out


def _table(head: list[str], rows: list[list[str]]) -> str:
    cells = "".join(f"<th>{html.escape(h)}</th>" for h in head)
    body = "".join(
        "<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in row) + "</tr>" for row in rows
    )
    return f"<table><thead><tr>{cells}</tr></thead><tbody>{body}</tbody></table>"


STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 70em; color: #222; }
h1 { font-size: 1.4em; } h2 { font-size: 1.15em; margin-top: 2em; }
table { border-collapse: collapse; margin: 0.5em 0; }
th, td { border: 1px solid #ccc; padding: 0.25em 0.6em; text-align: right; }
th { background: #f3f3f3; } td:first-child, th:first-child { text-align: left; }
.note { color: #8a5a00; } img { max-width: 100%; } code { background: #f3f3f3; }
"""


def html_report(summary: Summary, command: str | None = None) -> str:
    """A self-contained page: tables, notes and plots (PNG in data URLs, no external files)."""
    images = plots(summary)
    ranking = summary.ranking
    number = {bot: place + 1 for place, bot in enumerate(ranking)}
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>{html.escape(summary.game)} arena</title><style>{STYLE}</style></head><body>",
        f"<h1>{html.escape(headline(summary))}</h1>",
    ]
    if command:
        parts.append(f"<p><code>{html.escape(command)}</code></p>")
    parts.extend(f'<p class="note">{html.escape(note)}</p>' for note in summary.notes())

    parts.append("<h2>Ratings</h2>")
    parts.append(
        "<p>Bradley–Terry strengths fitted on every pairwise outcome (who finished ahead; ties "
        "half), on an Elo-like scale centred on 1500: 400 points apart is ten-to-one odds. "
        "SE: the larger of the Fisher information's and that of a bootstrap resampling whole "
        f"games ({BOOTSTRAP_ROUNDS} rounds); the 95% interval is ±1.96 SE.</p>"
    )
    rows = []
    for i in ranking:
        bot = summary.bots[i]
        mean = statistics.fmean(bot.scores) if bot.scores else float("nan")
        rows.append([str(number[i]), bot.label, *_rating_text(bot), str(bot.seats),
                     bot.wins.text(), f"{mean:.1f}", _seconds_text(bot.seconds_per_decision)])
    parts.append(_table(["#", "bot", "rating", "SE", "95% interval", "seats",
                         "win rate (95% CI)", "mean score", "per decision"], rows))
    parts.append(images["ratings"])

    parts.append("<h2>Who finished ahead of whom</h2>")
    parts.append("<p>Row bot ahead of column bot, among the games where both sat (ties count "
                 "half), with the 95% Wilson interval and the count.</p>")
    rows = []
    for i in ranking:
        row = [f"{number[i]} {summary.bots[i].label}"]
        for j in ranking:
            cell = summary.matrix[i][j]
            row.append("" if cell is None else f"{cell.text()} · {cell.score:g}/{cell.n:g}")
        rows.append(row)
    parts.append(_table(["row \\ column", *(str(number[j]) for j in ranking)], rows))
    parts.append(images["matrix"])

    parts.append("<h2>Seats</h2>")
    parts.append(f"<p>Win rate of whoever sat there (a shared win is split); a seat without "
                 f"advantage wins {100 / summary.players:.1f}%. Bots are rotated through the "
                 "seats, so this measures the seat, not the bots.</p>")
    rows = [[f"seat {s + 1}", rate.text()] for s, rate in enumerate(summary.seats)]
    rows.append(["first player", summary.first.text()])
    parts.append(_table(["seat", "win rate (95% CI)"], rows))
    parts.append(images["seats"])

    parts.append("<h2>Scores</h2>")
    rows = []
    for i in ranking:
        d = distribution(summary.bots[i].scores)
        rows.append([summary.bots[i].label, f"{d['mean']:.1f}", f"{d['sd']:.1f}", f"{d['min']:g}",
                     f"{d['median']:g}", f"{d['max']:g}"])
    parts.append(_table(["bot", "mean", "sd", "min", "median", "max"], rows))
    parts.append(images["scores"])

    parts.append("<h2>Game length</h2>")
    d = distribution(summary.lengths)
    parts.append(_table(
        ["games", "mean", "sd", "min", "median", "90th pct", "max", "capped"],
        [[str(summary.games), f"{d['mean']:.1f}", f"{d['sd']:.1f}", f"{d['min']:g}",
          f"{d['median']:g}", f"{d['p90']:g}", f"{d['max']:g}",
          f"{summary.capped} at {summary.ply_cap} plies"]],
    ))
    parts.append(images["lengths"])
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"
