"""What a tournament showed: the numbers (:func:`summarise`), as terminal tables
(:func:`print_report`), as JSON (:func:`summary_json`) and as a self-contained HTML page with
plots (:func:`html_report`).

A win counts as ``1/w`` of a game when ``w`` winners share the victory (opponents that are not
seats among them), so the win rates of the seats of a game add up to one and a seat without
advantage wins ``1/players`` of its games.
Intervals are 95%: Wilson's for rates; for ratings, the rating ± 1.96 standard errors, the
larger of the Fisher error (exact for independent comparisons) and the spread of a bootstrap
that resamples whole games (honest when a game of several players gives several comparisons).

A tournament of one player (each bot alone against the game's own opponents, docs/arena.md)
has no comparisons between bots: its report (:class:`SoloSummary`) gives each bot's wins,
shared wins and losses against the opponents, the win rate with its Wilson interval, and the
mean scores of the bot and of the opponents.
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
from eurogames.arena.tournament import ArenaError, GameResult, Tournament, format_value

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
        out = search_and_cap_notes(self.time_dependent, self.capped, self.ply_cap,
                                   " (a cap of the arena, not a rule of the game)")
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


def search_and_cap_notes(time_dependent: Sequence[str], capped: int, ply_cap: int,
                         how_scored: str) -> list[str]:
    """The notes every report carries where they apply: bots searching for a time (the games
    do not replay) and games stopped at the arena's cap (``how_scored`` says what counted)."""
    out = []
    if time_dependent:
        plural = "es" if len(time_dependent) == 1 else ""
        out.append(
            f"{', '.join(time_dependent)} search{plural} "
            "for a time (seconds=): the games depend on the machine's speed and load and do "
            "not replay from the seed; use iterations= for a reproducible tournament."
        )
    if capped:
        one = capped == 1
        out.append(
            f"{capped} game{'' if one else 's'} reached the cap of {ply_cap} "
            f"plies and {'was' if one else 'were'} scored as {'it' if one else 'they'} "
            f"stood{how_scored}."
        )
    return out


def credits(result: GameResult) -> list[float]:
    """Each seat's share of the win: 1 alone, 1/w when w winners share it (an opponent that
    is not a seat and won among them, as ``returns()`` counts it), 0 otherwise."""
    sharing = len(result.winners) + sum(o.won for o in result.opponents)
    return [1.0 / sharing if seat in result.winners else 0.0
            for seat in range(len(result.seating))]


def summarise(
    tournament: Tournament,
    results: Sequence[GameResult],
    elapsed: float | None = None,
    backend: str | None = None,
    rounds: int = BOOTSTRAP_ROUNDS,
) -> Summary | SoloSummary:
    """Every statistic of the report, from the games in index order (a
    :class:`SoloSummary` for a tournament of one player)."""
    if not results:
        raise ValueError("no games were played")
    if tournament.solo:
        return summarise_solo(tournament, results, elapsed=elapsed, backend=backend)
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


def summary_json(summary: Summary | SoloSummary) -> dict[str, Any]:
    """The numbers of the report, for scripts."""
    if isinstance(summary, SoloSummary):
        return solo_summary_json(summary)
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


def print_report(out: Console, summary: Summary | SoloSummary) -> None:
    """The report as Rich tables, each within 80 columns for up to six bots (a long bot
    label wraps; numbers never do)."""
    if isinstance(summary, SoloSummary):
        print_solo_report(out, summary)
        return
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
    return {
        "ratings": f"Ratings on the Elo scale with 95% intervals, best first: {ratings_words}.",
        "matrix": ("Heat map of how often the row bot finished ahead of the column bot: "
                   f"{'; '.join(pairs) or 'no pairs met'}."),
        "seats": (f"Win rate by seat with 95% intervals, against {100 / summary.players:.1f}% "
                  f"for a seat without advantage: {seats or 'no games'}."),
        "scores": f"Box plot of each bot's final scores: {scores or 'no scores'}.",
        "lengths": _lengths_alt(summary.lengths, summary.capped, summary.games,
                                summary.ply_cap),
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

    out["lengths"] = _lengths_plot(summary.lengths, summary.ply_cap, alt["lengths"])
    return out


def _lengths_plot(lengths: Sequence[int], ply_cap: int, alt: str) -> str:
    """The histogram of plies per game, finished and capped games stacked."""
    from matplotlib.figure import Figure

    fig = Figure(figsize=(7, 3.2))
    ax = fig.subplots()
    finished = [p for p in lengths if p < ply_cap]
    capped = [p for p in lengths if p >= ply_cap]
    bins = min(40, max(5, len(set(lengths))))
    ax.hist([finished, capped], bins=bins, stacked=True, color=["tab:blue", "tab:red"],
            label=["finished", f"capped at {ply_cap} ({len(capped)})"])
    ax.set_xlabel("plies per game")
    ax.set_ylabel("games")
    ax.legend(loc="upper right")
    return _png(fig, alt)


def _lengths_alt(lengths: Sequence[int], capped: int, games: int, ply_cap: int) -> str:
    d = distribution(lengths) or {"median": 0, "min": 0, "max": 0}
    return (f"Histogram of plies per game: median {d['median']:g}, range "
            f"{d['min']:g}–{d['max']:g}; {capped} of {games} capped at {ply_cap}.")


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


def html_report(summary: Summary | SoloSummary, command: str | None = None) -> str:
    """A self-contained page: tables, notes and plots (PNG in data URLs, no external files)."""
    if isinstance(summary, SoloSummary):
        return solo_html_report(summary, command)
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
    scores = [(summary.bots[i].label, summary.bots[i].scores) for i in ranking]
    return _scores_and_lengths(parts, "bot", scores, summary, images)


# -- one player against the game's own opponents --------------------------------------------
@dataclass
class SoloBot:
    """One bot's games alone against the opponents that are not seats."""

    label: str
    won: int  # games it won alone
    shared: int  # games whose victory it shared with an opponent
    lost: int  # games it did not win
    wins: Rate  # its share of the victories: a shared win counts 1/w
    scores: list[int] = field(default_factory=list)
    opponent_scores: list[list[int]] = field(default_factory=list)  # per opponent
    seconds_per_decision: float = float("nan")

    @property
    def games(self) -> int:
        return self.won + self.shared + self.lost

    @property
    def mean_score(self) -> float:
        return statistics.fmean(self.scores) if self.scores else float("nan")

    def opponent_mean(self, opponent: int) -> float:
        scores = self.opponent_scores[opponent]
        return statistics.fmean(scores) if scores else float("nan")

    def to_json(self, opponents: Sequence[str]) -> dict[str, Any]:
        return {
            "label": self.label,
            "games": self.games,
            "won": self.won,
            "shared": self.shared,
            "lost": self.lost,
            "wins": self.wins.to_json(),
            "mean_score": self.mean_score if self.scores else None,
            "opponent_mean_scores": {
                name: self.opponent_mean(o) if self.opponent_scores[o] else None
                for o, name in enumerate(opponents)
            },
            "seconds_per_decision": self.seconds_per_decision,
        }


@dataclass
class SoloSummary:
    """What a tournament of one player showed: each bot against the game's opponents, on the
    same deals (game ``i`` is deal ``i // bots``)."""

    game: str
    seed: int
    games: int
    cycle: int  # games in a round: one per bot, all on the same deal
    ply_cap: int
    options: dict[str, Any]
    opponents: list[str]  # their English names
    bots: list[SoloBot]
    lengths: list[int]
    capped: int
    time_dependent: list[str]
    elapsed: float | None = None
    backend: str | None = None
    players: int = 1

    @property
    def ranking(self) -> list[int]:
        """Bot indices, best win rate first, then best mean score; bots without games last."""
        def key(i: int) -> tuple[bool, float, float]:
            bot = self.bots[i]
            if not bot.games:
                return (True, 0.0, 0.0)
            return (False, -bot.wins.rate, -bot.mean_score)

        return sorted(range(len(self.bots)), key=key)

    @property
    def balanced(self) -> bool:
        """Whether every bot played every deal."""
        return self.games % self.cycle == 0

    @property
    def against(self) -> str:
        return " and ".join(self.opponents)

    def notes(self) -> list[str]:
        """What a reader must know to trust (or distrust) the numbers."""
        out = search_and_cap_notes(
            self.time_dependent, self.capped, self.ply_cap,
            ": the seats in winners() won, and an opponent, whose game was not over, did not "
            "(a cap of the arena, not a rule of the game)")
        if not self.balanced:
            out.append(
                f"{self.games} games is not a multiple of the {self.cycle} bots: the last "
                "deal was not played by every bot, so the bots did not all play the same deals."
            )
        return out


def summarise_solo(
    tournament: Tournament,
    results: Sequence[GameResult],
    elapsed: float | None = None,
    backend: str | None = None,
) -> SoloSummary:
    """Each bot's record against the opponents that are not seats, from the games in index
    order. A game's outcome for the bot is the game's own: a win when its seat is the only
    winner, shared when an opponent won too (``won``), lost when its seat is not among
    ``winners()``; the win rate counts a shared win as ``1/w`` of a game."""
    if not results:
        raise ValueError("no games were played")
    opponents = [o.name for o in results[0].opponents]
    if not opponents:
        raise ArenaError(f"{tournament.game} at 1 player reported no opponent that is not a seat")
    n = len(tournament.entrants)
    won, shared, lost = [0] * n, [0] * n, [0] * n
    share = [0.0] * n
    scores: list[list[int]] = [[] for _ in range(n)]
    theirs: list[list[list[int]]] = [[[] for _ in opponents] for _ in range(n)]
    think = [0.0] * n
    decisions = [0] * n
    for result in results:
        (bot,) = result.seating
        credit = credits(result)[0]
        if credit == 1.0:
            won[bot] += 1
        elif credit > 0:
            shared[bot] += 1
        else:
            lost[bot] += 1
        share[bot] += credit
        scores[bot].append(result.scores[0])
        for o, opponent in enumerate(result.opponents):
            theirs[bot][o].append(opponent.score)
        if result.think:
            think[bot] += result.think[0]
            decisions[bot] += result.decisions[0]
    bots = [
        SoloBot(
            label=tournament.entrants[i].label,
            won=won[i],
            shared=shared[i],
            lost=lost[i],
            wins=Rate(share[i], won[i] + shared[i] + lost[i]),
            scores=scores[i],
            opponent_scores=theirs[i],
            seconds_per_decision=think[i] / decisions[i] if decisions[i] else float("nan"),
        )
        for i in range(n)
    ]
    return SoloSummary(
        game=tournament.game,
        seed=tournament.seed,
        games=len(results),
        cycle=tournament.schedule.cycle,
        ply_cap=tournament.ply_cap,
        options=dict(tournament.options),
        opponents=opponents,
        bots=bots,
        lengths=[r.plies for r in results],
        capped=sum(r.capped for r in results),
        time_dependent=tournament.time_dependent,
        elapsed=elapsed,
        backend=backend,
    )


def solo_headline(summary: SoloSummary) -> str:
    bots = len(summary.bots)
    line = (f"{summary.game}, 1 player against {summary.against}: {summary.games} games of "
            f"{bots} bot{'s' if bots != 1 else ''} on the same deals")
    if summary.options:
        line += " (" + ", ".join(f"{k}={format_value(v)}" for k, v in summary.options.items())
        line += ")"
    line += f", seed {summary.seed}"
    if summary.elapsed is not None:
        rate = summary.games / summary.elapsed if summary.elapsed > 0 else float("inf")
        line += f", in {summary.elapsed:.1f} s ({rate:.1f} games/s"
        line += f", {summary.backend})" if summary.backend else ")"
    return line


def solo_summary_json(summary: SoloSummary) -> dict[str, Any]:
    """The numbers of a one-player report, for scripts."""
    return {
        "game": summary.game,
        "players": 1,
        "seed": summary.seed,
        "games": summary.games,
        "options": dict(summary.options),
        "opponents": list(summary.opponents),
        "capped": summary.capped,
        "ply_cap": summary.ply_cap,
        "elapsed_seconds": summary.elapsed,
        "backend": summary.backend,
        "bots": [b.to_json(summary.opponents) for b in summary.bots],
        "lengths": distribution(summary.lengths),
        "notes": summary.notes(),
    }


def _interval_text(rate: Rate) -> str:
    if not rate.n:
        return "–"
    low, high = rate.interval
    return f"{100 * low:.1f}–{100 * high:.1f}"


def _mean_text(value: float) -> str:
    return "–" if value != value else f"{value:.1f}"  # nan: no games


def print_solo_report(out: Console, summary: SoloSummary) -> None:
    """The one-player report as Rich tables within 80 columns (a long bot label wraps)."""
    out.print(Text(solo_headline(summary), style="bold"))
    ranking = summary.ranking

    # best first, without a rank or a games column (won + shared + lost): at 80 columns the
    # bot's label needs the room
    standings = _terminal_table()
    standings.add_column("bot", overflow="fold", ratio=1)
    for name in ("won", "shared", "lost", "win %", "95% CI", "score",
                 *summary.opponents, "per move"):
        _number_column(standings, name)
    for i in ranking:
        bot = summary.bots[i]
        standings.add_row(
            Text(bot.label, style="bold cyan"), str(bot.won),
            str(bot.shared), str(bot.lost), _mean_text(100 * bot.wins.rate),
            _interval_text(bot.wins), _mean_text(bot.mean_score),
            *(_mean_text(bot.opponent_mean(o)) for o in range(len(summary.opponents))),
            _seconds_text(bot.seconds_per_decision))
    _print_table(out, f"Against {summary.against} (a shared win counts 1/w; 95% Wilson CI; "
                 "mean scores)", standings)

    scores = _terminal_table()
    scores.add_column("who", overflow="fold", ratio=1)
    for name in ("mean", "sd", "min", "median", "max"):
        _number_column(scores, name)
    for label, values in _score_rows(summary):
        d = distribution(values)
        scores.add_row(label, f"{d['mean']:.1f}", f"{d['sd']:.1f}", f"{d['min']:g}",
                       f"{d['median']:g}", f"{d['max']:g}")
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


def _score_rows(summary: SoloSummary) -> list[tuple[str, list[int]]]:
    """Each bot's final scores, then each opponent's in that bot's games, best bot first."""
    rows = []
    for i in summary.ranking:
        bot = summary.bots[i]
        if not bot.scores:
            continue
        rows.append((bot.label, bot.scores))
        rows.extend((f"{name} vs {bot.label}", bot.opponent_scores[o])
                    for o, name in enumerate(summary.opponents))
    return rows


def solo_alt_texts(summary: SoloSummary) -> dict[str, str]:
    """Each plot of the one-player report in words, with its numbers."""
    bots = [summary.bots[i] for i in summary.ranking if summary.bots[i].games]
    rates = "; ".join(f"{b.label} {100 * b.wins.rate:.1f}% ({_interval_text(b.wins)})"
                      for b in bots)
    spreads = [(label, distribution(values)) for label, values in _score_rows(summary)]
    scores = "; ".join(f"{label} median {d['median']:g}, range {d['min']:g}–{d['max']:g}"
                       for label, d in spreads)
    return {
        "wins": (f"Win rate against {summary.against} with 95% Wilson intervals, best first: "
                 f"{rates or 'no games'}."),
        "scores": f"Box plot of the final scores: {scores or 'no scores'}.",
        "lengths": _lengths_alt(summary.lengths, summary.capped, summary.games,
                                summary.ply_cap),
    }


def solo_plots(summary: SoloSummary) -> dict[str, str]:
    """Each plot of the one-player report as an ``<img>`` with its numbers as alt text."""
    from matplotlib.figure import Figure

    alt = solo_alt_texts(summary)
    out: dict[str, str] = {}
    ranking = [i for i in summary.ranking if summary.bots[i].games]
    labels = [summary.bots[i].label for i in ranking]

    fig = Figure(figsize=(7, 1.1 + 0.45 * len(labels)))
    ax = fig.subplots()
    ys = list(range(len(ranking)))[::-1]
    rates = [summary.bots[i].wins for i in ranking]
    below = [max(0.0, r.rate - r.interval[0]) for r in rates]
    above = [max(0.0, r.interval[1] - r.rate) for r in rates]
    ax.errorbar([r.rate for r in rates], ys, xerr=[below, above], fmt="o", capsize=4,
                color="tab:blue")
    ax.set_yticks(ys, labels)
    ax.set_xlim(0, 1)
    ax.set_xlabel(f"win rate against {summary.against} (95% Wilson CI)")
    out["wins"] = _png(fig, alt["wins"])

    rows = _score_rows(summary)
    fig = Figure(figsize=(7, 0.8 + 0.4 * len(rows)))
    ax = fig.subplots()
    ax.boxplot([values for _, values in rows][::-1], orientation="horizontal")
    ax.set_yticks(range(1, len(rows) + 1), [label for label, _ in rows][::-1])
    ax.set_xlabel("final score (capped games as they stood)")
    out["scores"] = _png(fig, alt["scores"])

    out["lengths"] = _lengths_plot(summary.lengths, summary.ply_cap, alt["lengths"])
    return out


def solo_html_report(summary: SoloSummary, command: str | None = None) -> str:
    """The one-player report as a self-contained page: tables, notes and plots."""
    images = solo_plots(summary)
    headline = solo_headline(summary)
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>{html.escape(summary.game)} arena</title><style>{STYLE}</style></head><body>",
        f"<h1>{html.escape(headline)}</h1>",
    ]
    if command:
        parts.append(f"<p><code>{html.escape(command)}</code></p>")
    parts.extend(f'<p class="note">{html.escape(note)}</p>' for note in summary.notes())

    parts.append(f"<h2>Against {html.escape(summary.against)}</h2>")
    parts.append(
        f"<p>Each bot plays alone against {html.escape(summary.against)}, every bot on the same "
        "deals. Won: the bot's seat is the only winner; shared: an opponent won too; lost: the "
        "seat is not among the winners. The win rate counts a shared win as 1/w of a game "
        "(w winners), with Wilson's 95% interval.</p>"
    )
    rows = []
    for place, i in enumerate(summary.ranking):
        bot = summary.bots[i]
        rows.append([str(place + 1), bot.label, str(bot.games), str(bot.won), str(bot.shared),
                     str(bot.lost), bot.wins.text(), _mean_text(bot.mean_score),
                     *(_mean_text(bot.opponent_mean(o)) for o in range(len(summary.opponents))),
                     _seconds_text(bot.seconds_per_decision)])
    parts.append(_table(["#", "bot", "games", "won", "shared", "lost", "win rate (95% CI)",
                         "mean score", *(f"{name}'s mean score" for name in summary.opponents),
                         "per decision"], rows))
    parts.append(images["wins"])

    parts.append("<h2>Scores</h2>")
    return _scores_and_lengths(parts, "who", _score_rows(summary), summary, images)


def _scores_and_lengths(parts: list[str], who: str, scores: Any, summary: Any,
                        images: dict[str, str]) -> str:
    """The end every HTML report shares: the score table (``scores``: (label, values)
    pairs) with its plot, the game lengths with theirs."""
    rows = []
    for label, values in scores:
        d = distribution(values)
        rows.append([label, f"{d['mean']:.1f}", f"{d['sd']:.1f}", f"{d['min']:g}",
                     f"{d['median']:g}", f"{d['max']:g}"])
    parts.append(_table([who, "mean", "sd", "min", "median", "max"], rows))
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
