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
import platform
import sys

from enginebench import engine_rows, pin_to_one_core, print_table

TARGET_GAMES_PER_S = 200


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a short run")
    args = parser.parse_args(argv)
    pin_to_one_core()
    rows, gps3, _ = engine_rows("alhambra", (3, 6), 20 if args.quick else 400, 2000 if args.quick else 30_000)
    print(f"Python {platform.python_version()}, {platform.machine()}, one core")
    print_table(rows)
    print(f"target: {TARGET_GAMES_PER_S:,} random 3-player games/s: "
          f"{'met' if gps3 >= TARGET_GAMES_PER_S else 'MISSED'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
