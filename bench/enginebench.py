"""What every engine benchmark measures, for any game of the contract (one core).

Used by bench/<game>.py; run those, not this.
"""

from __future__ import annotations

import os
import time

import eurogames
from eurogames.core.rng import Rng


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


def engine_rows(name: str, counts: tuple[int, int], games: int, positions: int) -> tuple[list[tuple[str, str, str]], float, float]:
    """The table rows every engine bench prints: random playouts for the two player counts
    (half the games for the larger) and clone+apply for both; with the playout and
    clone+apply rates of the first count, which the targets are about."""
    rows = []
    first_games = first_clones = 0.0
    for players in counts:
        gps, mps, length, cpu = random_playouts(name, players, games if players == counts[0] else games // 2)
        first_games = first_games or gps
        rows.append((f"random playouts, {players} players", f"{gps:,.0f} games/s",
                     f"{mps:,.0f} moves/s, {length:.0f} moves a game, {cpu:,.0f} games per CPU s"))
    for players in counts:
        rate = clone_apply(name, players, positions)
        first_clones = first_clones or rate
        rows.append((f"clone+apply, {players} players", f"{rate:,.0f} /s", ""))
    return rows, first_games, first_clones


def print_table(rows: list[tuple[str, str, str]]) -> None:
    print("| measure | rate | notes |")
    print("| --- | --- | --- |")
    for row in rows:
        print("| " + " | ".join(row) + " |")
