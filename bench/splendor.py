"""Splendor engine speed on one core: random playouts, clone+apply, MCTS iterations.

    python bench/splendor.py            # the README's figures
    python bench/splendor.py --quick    # a short run (CI smoke test)

Targets (issue 3): at least 1,000 random 2-player games per second and 100,000 clone+apply
per second on one core. The process pins itself to one core where the OS allows it.
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time

import eurogames
from eurogames.core.rng import Rng

TARGET_GAMES_PER_S = 1000
TARGET_CLONE_APPLY_PER_S = 100_000


def random_playouts(players: int, games: int, seed: int = 1) -> tuple[float, float, float]:
    """Uniformly random games from setup to the end: (games/s, moves/s, mean moves)."""
    game = eurogames.load("splendor")
    rng = Rng(seed)
    moves = 0
    start = time.perf_counter()
    for i in range(games):
        state = game.new(players, seed=seed * 1_000_003 + i)
        while not state.is_over():
            state.apply(rng.choice(state.legal_actions()))
            moves += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, moves / elapsed, moves / games


def clone_apply(players: int, positions: int, seed: int = 2) -> float:
    """Clone a position and apply one legal action to the clone, per second."""
    game = eurogames.load("splendor")
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


def mcts_iterations(players: int, iterations: int) -> float | None:
    """MCTS iterations per second from the opening position."""
    from eurogames.bots import bot_names

    if "mcts" not in bot_names():
        return None
    game = eurogames.load("splendor")
    state = game.new(players, seed=3)
    bot = eurogames.bot("mcts", game, seed=1, iterations=iterations)
    start = time.perf_counter()
    bot.choose(state)
    return iterations / (time.perf_counter() - start)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a short run")
    args = parser.parse_args(argv)
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    games = 60 if args.quick else 2000
    rows = []
    for players in (2, 4):
        gps, mps, length = random_playouts(players, games if players == 2 else games // 2)
        rows.append((f"random playouts, {players} players", f"{gps:,.0f} games/s",
                     f"{mps:,.0f} moves/s, {length:.0f} moves a game"))
    for players in (2, 4):
        rate = clone_apply(players, 2000 if args.quick else 50_000)
        rows.append((f"clone+apply, {players} players", f"{rate:,.0f} /s", ""))
    for players in (2, 4):
        rate = mcts_iterations(players, 100 if args.quick else 2000)
        if rate is not None:
            rows.append((f"MCTS iterations, {players} players (opening)", f"{rate:,.0f} /s", ""))
    print(f"eurogames {eurogames.__version__}, Python {platform.python_version()}, "
          f"{platform.machine()}, one core")
    print("| measure | rate | notes |")
    print("| --- | --- | --- |")
    for row in rows:
        print("| " + " | ".join(row) + " |")
    gps2 = float(rows[0][1].split()[0].replace(",", ""))
    ca2 = float(rows[2][1].split()[0].replace(",", ""))
    ok = gps2 >= TARGET_GAMES_PER_S and ca2 >= TARGET_CLONE_APPLY_PER_S
    print(f"targets: {TARGET_GAMES_PER_S:,} random 2-player games/s, "
          f"{TARGET_CLONE_APPLY_PER_S:,} clone+apply/s: {'met' if ok else 'MISSED'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
