"""Alhambra engine speed on one core: random playouts and clone+apply.

    python bench/alhambra.py            # the full figures
    python bench/alhambra.py --quick    # a short run (CI smoke test)

Target (the Alhambra brief): 200 random 3-player games per second on one core. The process
pins itself to one core where the OS allows it. On a shared machine the wall-clock rate also
counts the time other processes held the core, so the playouts report their CPU-time rate
too (the ratio of the two is the core's share this process got).
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time

import eurogames
from eurogames.core.rng import Rng

TARGET_GAMES_PER_S = 200


def random_playouts(players: int, games: int, seed: int = 1) -> tuple[float, float, float, float]:
    """Uniformly random games from setup to the end:
    (games/s, moves/s, mean moves, games per CPU second)."""
    game = eurogames.load("alhambra")
    rng = Rng(seed)
    moves = 0
    start, cpu = time.perf_counter(), time.process_time()
    for i in range(games):
        state = game.new(players, seed=seed * 1_000_003 + i)
        while not state.is_over():
            state.apply(rng.choice(state.legal_actions()))
            moves += 1
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
    return games / elapsed, moves / elapsed, moves / games, games / cpu


def clone_apply(players: int, positions: int, seed: int = 2) -> float:
    """Clone a position and apply one legal action to the clone, per second."""
    game = eurogames.load("alhambra")
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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a short run")
    args = parser.parse_args(argv)
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    games = 20 if args.quick else 400
    rows = []
    for players in (3, 6):
        gps, mps, length, cpu = random_playouts(players, games if players == 3 else games // 2)
        rows.append((f"random playouts, {players} players", f"{gps:,.0f} games/s",
                     f"{mps:,.0f} moves/s, {length:.0f} moves a game, {cpu:,.0f} games per CPU s"))
    for players in (3, 6):
        rate = clone_apply(players, 2000 if args.quick else 30_000)
        rows.append((f"clone+apply, {players} players", f"{rate:,.0f} /s", ""))
    print(f"Python {platform.python_version()}, {platform.machine()}, one core")
    print("| measure | rate | notes |")
    print("| --- | --- | --- |")
    for row in rows:
        print("| " + " | ".join(row) + " |")
    gps3 = float(rows[0][1].split()[0].replace(",", ""))
    print(f"target: {TARGET_GAMES_PER_S:,} random 3-player games/s: "
          f"{'met' if gps3 >= TARGET_GAMES_PER_S else 'MISSED'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
