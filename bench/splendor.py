"""Splendor engine speed on one core: random playouts, clone+apply, MCTS iterations.

    python bench/splendor.py            # the README's figures
    python bench/splendor.py --quick    # a short run (CI smoke test)

Targets (issue 3): at least 1,000 random 2-player games per second and 100,000 clone+apply
per second on one core. The process pins itself to one core where the OS allows it.
"""

from __future__ import annotations

import argparse
import platform
import sys
import time

import eurogames
from enginebench import engine_rows, pin_to_one_core, print_table

TARGET_GAMES_PER_S = 1000
TARGET_CLONE_APPLY_PER_S = 100_000


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
    pin_to_one_core()
    rows, gps2, ca2 = engine_rows("splendor", (2, 4), 60 if args.quick else 2000, 2000 if args.quick else 50_000)
    for players in (2, 4):
        rate = mcts_iterations(players, 100 if args.quick else 2000)
        if rate is not None:
            rows.append((f"MCTS iterations, {players} players (opening)", f"{rate:,.0f} /s", ""))
    print(f"eurogames {eurogames.__version__}, Python {platform.python_version()}, "
          f"{platform.machine()}, one core")
    print_table(rows)
    ok = gps2 >= TARGET_GAMES_PER_S and ca2 >= TARGET_CLONE_APPLY_PER_S
    print(f"targets: {TARGET_GAMES_PER_S:,} random 2-player games/s, "
          f"{TARGET_CLONE_APPLY_PER_S:,} clone+apply/s: {'met' if ok else 'MISSED'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
