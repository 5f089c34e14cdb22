"""Engine speed on one core, for any game of the contract: random playouts, clone+apply, MCTS
iterations.

    python bench/engine.py --game splendor                 # the README's Splendor figures
    python bench/engine.py --game alhambra                 # and Alhambra's
    python bench/engine.py --game alhambra --players 4     # other player counts
    python bench/engine.py --game splendor --quick         # a short run (CI smoke test)

Without ``--players`` a game is measured at the player count its target is stated for (else
its least) and at its most. Targets (the README's): Splendor at least 1,000 random 2-player
games per second and 100,000 clone+apply per second (issue 3); Alhambra at least 200 random
3-player games per second (the Alhambra brief). The process pins itself to one core where
the OS allows it. On a shared machine the wall-clock rate also counts the time other
processes held the core, so the playouts report their CPU-time rate too (the ratio of the
two is the core's share this process got).
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time
from dataclasses import dataclass

import eurogames
from eurogames.core.rng import Rng


@dataclass(frozen=True)
class Target:
    """What the README promises for one game, at one player count."""

    players: int
    games_per_s: float
    clone_apply_per_s: float | None = None


TARGETS = {
    "splendor": Target(2, 1000, 100_000),
    "alhambra": Target(3, 200),
    "agra": Target(4, 100, 100_000),
    "sabika": Target(4, 100, 100_000),  # clone+apply at 4 players; the README gives solo's too
}


def pin_to_one_core() -> None:
    """Measure one core, as the targets are stated, where the OS allows it."""
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})


WARM_UP_GAMES = 20


def random_playouts(
    name: str, players: int, games: int, seed: int = 1
) -> tuple[float, float, float, float]:
    """Uniformly random games from setup to the end:
    (games/s, moves/s, mean moves, games per CPU second).

    The engines memoise what they have worked out once (payments by purse, takes by
    display), as a long simulation run would have them: ``WARM_UP_GAMES`` games, on other
    seeds, are played first and not timed, so the figure is the steady rate. On a shared
    machine the wall-clock rate also counts the time other processes held the core; the
    CPU-time rate does not.
    """
    game = eurogames.load(name)
    rng = Rng(seed)
    for i in range(WARM_UP_GAMES):
        state = game.new(players, seed=seed * 7_777_777 + i)
        while not state.is_over():
            state.apply(rng.choice(state.legal_actions()))
    moves = 0
    start, cpu = time.perf_counter(), time.process_time()
    for i in range(games):
        state = game.new(players, seed=seed * 1_000_003 + i)
        while not state.is_over():
            state.apply(rng.choice(state.legal_actions()))
            moves += 1
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
    return games / elapsed, moves / elapsed, moves / games, games / cpu


def clone_apply(name: str, players: int, positions: int, seed: int = 2) -> float:
    """Clone a position and apply one legal action to the clone, per second."""
    game = eurogames.load(name)
    rng = Rng(seed)
    samples = []
    i = 0
    while len(samples) < positions:
        state = game.new(players, seed=seed + i)
        i += 1
        while not state.is_over() and len(samples) < positions:
            samples.append((state.clone(), rng.choice(state.legal_actions())))
            state.apply(samples[-1][1])
    for state, _ in samples:  # the legal actions are cached per state, as in a search tree
        state.legal_actions()
    start = time.perf_counter()
    for state, action in samples:
        state.clone().apply(action)
    return len(samples) / (time.perf_counter() - start)


def mcts_iterations(name: str, players: int, iterations: int) -> float | None:
    """MCTS iterations per second from the opening position (``None`` without the bot)."""
    from eurogames.bots import bot_names

    if "mcts" not in bot_names():
        return None
    game = eurogames.load(name)
    state = game.new(players, seed=3)
    bot = eurogames.bot("mcts", game, seed=1, iterations=iterations)
    start = time.perf_counter()
    bot.choose(state)
    return iterations / (time.perf_counter() - start)


def print_table(rows: list[tuple[str, str, str]]) -> None:
    print("| measure | rate | notes |")
    print("| --- | --- | --- |")
    for row in rows:
        print("| " + " | ".join(row) + " |")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True, choices=eurogames.games(), help="the game")
    parser.add_argument(
        "--players",
        type=int,
        action="append",
        help="player counts (default: the target's count, or the least, and the most)",
    )
    parser.add_argument("--quick", action="store_true", help="a short run")
    args = parser.parse_args(argv)
    game = eurogames.load(args.game)
    target = TARGETS.get(args.game)
    counts = args.players or sorted({target.players if target else game.min_players,
                                     game.max_players})
    for players in counts:
        if not game.min_players <= players <= game.max_players:
            parser.error(f"{args.game} is for {game.min_players} to {game.max_players} players")
    pin_to_one_core()
    games, positions = (60, 2000) if args.quick else (2000, 50_000)
    rows, rates = [], {}
    for k, players in enumerate(counts):
        # the later counts play half as many games (their games are longer)
        gps, mps, length, cpu = random_playouts(args.game, players, games if k == 0 else games // 2)
        rates[players, "games"] = gps
        rows.append((f"random playouts, {players} players", f"{gps:,.0f} games/s",
                     f"{mps:,.0f} moves/s, {length:.0f} moves a game, {cpu:,.0f} games per CPU s"))
    for players in counts:
        rate = rates[players, "clones"] = clone_apply(args.game, players, positions)
        rows.append((f"clone+apply, {players} players", f"{rate:,.0f} /s", ""))
    for players in counts:
        rate = mcts_iterations(args.game, players, 100 if args.quick else 2000)
        if rate is not None:
            rows.append((f"MCTS iterations, {players} players (opening)", f"{rate:,.0f} /s", ""))
    print(f"{args.game}: eurogames {eurogames.__version__}, Python {platform.python_version()}, "
          f"{platform.machine()}, one core")
    print_table(rows)
    if target is not None:
        wanted = [f"{target.games_per_s:,.0f} random {target.players}-player games/s"]
        if target.clone_apply_per_s is not None:
            wanted.append(f"{target.clone_apply_per_s:,.0f} clone+apply/s")
        if target.players in counts:
            ok = rates[target.players, "games"] >= target.games_per_s and (
                target.clone_apply_per_s is None
                or rates[target.players, "clones"] >= target.clone_apply_per_s
            )
            print(f"target: {', '.join(wanted)}: {'met' if ok else 'MISSED'}")
        else:
            print(f"target: {', '.join(wanted)}: not measured (no {target.players}-player run)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
