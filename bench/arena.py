"""Arena throughput: games per second with 1, 2, … workers, and proof that they play the same
games.

    python bench/arena.py                                   # greedy vs random, Splendor 2p
    python bench/arena.py --games 1000 --workers 1,2,4
    python bench/arena.py --bots greedy,mcts:iterations=100 --games 100
    python bench/arena.py --backend ray --workers 2

The clock runs from handing the tournament to the backend to the last result, so it includes
starting the worker processes (spawn: a fresh interpreter that imports eurogames, about a
second) or the Ray instance; the records are not written and no report is drawn. CPU
seconds (this process and the pool's workers) show the overhead apart from the machine's
load; on a shared machine compare runs made back to back.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import sys
import time

from eurogames.arena.backends import make_backend
from eurogames.arena.tournament import Entrant, GameResult, Tournament, run
from eurogames.bots import bot_names
from eurogames.cli.seats import parse_seat


def entrants(text: str) -> tuple[Entrant, ...]:
    specs = [parse_seat(part, bot_names()) for part in text.split(",")]
    return tuple(Entrant(spec.kind, dict(spec.settings)) for spec in specs)


def cpu_seconds() -> float:
    """CPU time of this process and of its finished children (the pool's workers, once the
    pool has shut down; Ray's workers are not children and are not counted)."""
    me, children = (
        resource.getrusage(resource.RUSAGE_SELF),
        resource.getrusage(resource.RUSAGE_CHILDREN),
    )
    return me.ru_utime + me.ru_stime + children.ru_utime + children.ru_stime


def measure(tournament: Tournament, backend: str, workers: int) -> tuple[float, float, list[str]]:
    """Wall seconds and CPU seconds for the whole tournament, and its records file's lines."""
    results: list[GameResult] = []
    cpu = cpu_seconds()
    started = time.perf_counter()
    run(tournament, make_backend(backend, workers), results.append)
    elapsed = time.perf_counter() - started
    return (
        elapsed,
        cpu_seconds() - cpu,
        [json.dumps(r.to_json(tournament.entrants)) for r in results],
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="splendor")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--bots", default="greedy,random", help="as for `eurogames arena`")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument(
        "--workers", default="1,2", help="worker counts to measure, comma separated"
    )
    parser.add_argument("--backend", default="local", choices=("local", "ray"))
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    try:
        tournament = Tournament(args.game, entrants(args.bots), games=args.games,
                                players=args.players, seed=args.seed)
        tournament.check()
        counts = [int(w) for w in args.workers.split(",")]
    except ValueError as exc:
        parser.error(str(exc))
    command = " ".join(["python", "bench/arena.py", *(argv if argv is not None else sys.argv[1:])])
    print(f"`{command}` on {os.cpu_count()} CPUs, load average "
          f"{', '.join(f'{x:.1f}' for x in os.getloadavg())} before the run")
    print()
    print(
        "| backend | workers | games | seconds | games/s | speed-up | CPU seconds | same records |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    reference: list[str] | None = None
    base_rate = None
    for workers in counts:
        elapsed, cpu, lines = measure(tournament, args.backend, workers)
        rate = args.games / elapsed
        base_rate = base_rate or rate
        same = "-" if reference is None else ("yes" if lines == reference else "NO")
        reference = reference or lines
        name = "serial" if args.backend == "local" and workers == 1 else args.backend
        print(f"| {name} | {workers} | {args.games} | {elapsed:.2f} | {rate:.1f} "
              f"| {rate / base_rate:.2f}x | {cpu:.2f} | {same} |")


if __name__ == "__main__":
    main()
