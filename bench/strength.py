"""How strong are the bots? Seat-rotated matches (Splendor, 2 players, by default) as a table.

    python bench/strength.py --games 400 --seconds 0.2 --workers 2
    python bench/strength.py --games 8 --iterations 50          # a quick sample
    python bench/strength.py --game alhambra --players 3 --games 300 --seconds 0.1 --workers 2

Each matchup plays ``--games`` games; the first bot takes seat ``i % players`` in game ``i``
and the second bot fills every other seat (seat 0 always starts), so the first bot sits in
every seat equally often and keeps no start player's edge. Game ``i``
of a matchup is seeded from ``--seed`` and ``i`` alone, and each bot's seed from the game's,
so a run with ``--iterations`` replays exactly whatever the number of workers; with
``--seconds`` the search depends on the machine's speed. A shared victory counts as half a
win. The interval is Wilson's score interval at 95%, which stays inside [0, 1] and is honest
for small samples and rates near 0 or 1.
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import time
from dataclasses import dataclass
from math import sqrt
from typing import Any

import eurogames

# two bots that never buy could trade tokens forever (Splendor's D7 needs passes): games stop
# after this many plies per player and are scored as they stand
MAX_PLIES_PER_PLAYER = 250
MATCHUPS = {"mcts-greedy": ("mcts", "greedy"), "greedy-random": ("greedy", "random")}


@dataclass(frozen=True)
class Task:
    matchup: str
    index: int
    seed: int
    settings: dict[str, Any]  # the mcts bot's budget and knobs
    game: str = "splendor"
    players: int = 2


@dataclass(frozen=True)
class Outcome:
    matchup: str
    score: float  # 1 win, 0.5 shared, 0 loss, for the matchup's first bot
    plies: int
    searches: int  # mcts decisions that searched
    iterations: int  # their iterations, summed
    unfinished: bool  # stopped at the ply cap and scored as it stood


def game_seed(base: int, matchup: str, index: int) -> int:
    """A seed per game, independent of the worker that plays it."""
    offset = list(MATCHUPS).index(matchup) * 1_000_003
    return base * 10_007_000_011 + offset + index


def play(task: Task) -> Outcome:
    """One game: the matchup's first bot sits at seat ``index % players``."""
    game = eurogames.load(task.game)
    first, second = MATCHUPS[task.matchup]
    seat = task.index % task.players
    names = [second] * task.players
    names[seat] = first
    bots = []
    for s, name in enumerate(names):
        settings = task.settings if name == "mcts" else {}
        bots.append(eurogames.bot(name, game, seed=task.seed * 4 + s + 1, **settings))
    options = {"first": 0} if "first" in game.options else {}
    state = game.new(players=task.players, seed=task.seed, options=options)
    searches = iterations = 0
    while not state.is_over() and state.ply < MAX_PLIES_PER_PLAYER * task.players:
        bot = bots[state.current_player]
        action = bot.choose(state)
        if bot.name == "mcts" and len(state.legal_actions()) > 1:
            searches += 1
            iterations += bot.last_iterations
        state.apply(action)
    winners = state.winners()
    score = 0.0 if seat not in winners else (1.0 if len(winners) == 1 else 0.5)
    return Outcome(task.matchup, score, state.ply, searches, iterations, not state.is_over())


def wilson(score: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson's 95% score interval for a rate of ``score / n``."""
    if n == 0:
        return 0.0, 1.0
    p = score / n
    centre = p + z * z / (2 * n)
    spread = z * sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    denominator = 1 + z * z / n
    return (centre - spread) / denominator, (centre + spread) / denominator


def table(outcomes: list[Outcome], matchups: list[str], budget: str) -> str:
    lines = [
        "| matchup | games | wins / losses / shared | win rate (95% Wilson CI) | budget per "
        "decision | mcts iterations per decision |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    for matchup in matchups:
        mine = [o for o in outcomes if o.matchup == matchup]
        n = len(mine)
        wins = sum(o.score == 1.0 for o in mine)
        shared = sum(o.score == 0.5 for o in mine)
        losses = n - wins - shared
        score = wins + 0.5 * shared
        low, high = wilson(score, n)
        first, second = MATCHUPS[matchup]
        searches = sum(o.searches for o in mine)
        per_decision = f"{sum(o.iterations for o in mine) / searches:.0f}" if searches else "-"
        rate = f"{100 * score / n:.1f}% ({100 * low:.1f}–{100 * high:.1f}%)" if n else "-"
        lines.append(
            f"| {first} vs {second} | {n} | {wins} / {losses} / {shared} | {rate} "
            f"| {budget if 'mcts' in (first, second) else '-'} | {per_decision} |"
        )
    return "\n".join(lines)


def parse_setting(item: str) -> tuple[str, Any]:
    """``name=value`` with the value read as an int, a float or ``None``."""
    name, sep, text = item.partition("=")
    if not sep or not name:
        raise SystemExit(f"--set needs NAME=VALUE, not {item!r}")
    if text == "None":
        return name, None
    for kind in (int, float):
        try:
            return name, kind(text)
        except ValueError:
            pass
    return name, text


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=400, help="games per matchup")
    parser.add_argument("--game", default="splendor", help="the game (default splendor)")
    parser.add_argument("--players", type=int, default=2, help="players per game (default 2)")
    budget = parser.add_mutually_exclusive_group()
    budget.add_argument("--seconds", type=float, help="mcts time per decision")
    budget.add_argument("--iterations", type=int, help="mcts iterations per decision")
    parser.add_argument("--workers", type=int, default=1, help="processes to play in")
    parser.add_argument("--seed", type=int, default=0, help="base seed of every game")
    parser.add_argument(
        "--matchups",
        default=",".join(MATCHUPS),
        help=f"comma-separated, from {', '.join(MATCHUPS)}",
    )
    parser.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="another mcts setting, e.g. --set c=0.3 --set depth=4 (repeatable)",
    )
    args = parser.parse_args(argv)
    if args.games < 1 or args.workers < 1:
        parser.error("--games and --workers must be at least 1")
    unknown = [m for m in args.matchups.split(",") if m not in MATCHUPS]
    if unknown:
        parser.error(f"unknown matchup {unknown[0]!r}")
    if args.seconds is None and args.iterations is None:
        args.seconds = 0.2
    return args


def main(argv: list[str] | None = None) -> None:
    args = parse_args(argv)
    matchups = args.matchups.split(",")
    settings: dict[str, Any] = (
        {"seconds": args.seconds} if args.iterations is None else {"iterations": args.iterations}
    )
    for item in args.set:
        name, value = parse_setting(item)
        settings[name] = value
    budget = f"{args.seconds} s" if args.iterations is None else f"{args.iterations} iterations"
    tasks = [
        Task(m, i, game_seed(args.seed, m, i), settings, args.game, args.players)
        for m in matchups
        for i in range(args.games)
    ]
    started = time.perf_counter()
    outcomes: list[Outcome] = []
    if args.workers == 1:
        for task in tasks:
            outcomes.append(play(task))
    else:
        with multiprocessing.get_context("spawn").Pool(args.workers) as pool:
            for outcome in pool.imap_unordered(play, tasks):
                outcomes.append(outcome)
                if len(outcomes) % 50 == 0:
                    print(f"{len(outcomes)}/{len(tasks)} games", file=sys.stderr, flush=True)
    elapsed = time.perf_counter() - started
    unfinished = sum(o.unfinished for o in outcomes)
    knobs = "".join(f", {k}={v}" for k, v in settings.items() if k not in ("seconds", "iterations"))
    print(
        f"{args.game}, {args.players} players: the first bot against {args.players - 1} of the "
        "second"
    )
    print(table(outcomes, matchups, budget + knobs))
    print()
    print(
        f"{len(outcomes)} games in {elapsed / 60:.1f} min with {args.workers} worker(s); "
        f"mean length {sum(o.plies for o in outcomes) / len(outcomes):.0f} plies; "
        f"{unfinished} stopped at {MAX_PLIES_PER_PLAYER * args.players} plies and scored as they "
        "stood."
    )


if __name__ == "__main__":
    main()
