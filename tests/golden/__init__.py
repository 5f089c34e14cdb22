"""Golden records: one seeded random game per game and player count, with the sha256 of its
final state, committed as ``tests/golden/<game>-<n>p.json``.

tests/test_contract.py replays each and compares the hash, so that a change of the rules, of
the random draws or of the serialisation that nobody meant fails loudly. After a change that
is meant (a rules fix, a new action space), write them again and commit the diff::

    python -m tests.golden --update            # every game found
    python -m tests.golden --update alhambra   # one game's files
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import eurogames
from eurogames.core.game import State
from eurogames.core.rng import Rng

FOLDER = Path(__file__).resolve().parent
SEED = 2026  # the game's seed and the random player's, plus the player count
PLIES = 400  # at most: the game is played to its end or this many plies


def golden_cases() -> list[tuple[str, int]]:
    cases = []
    for name in eurogames.games():
        game = eurogames.load(name)
        cases += [(name, n) for n in range(game.min_players, game.max_players + 1)]
    return cases


def golden_path(name: str, players: int) -> Path:
    return FOLDER / f"{name}-{players}p.json"


def state_hash(state: State) -> str:
    """The sha256 of the state's ``to_json()`` as canonical JSON (sorted keys, no spaces)."""
    text = json.dumps(state.to_json(), sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def play(name: str, players: int) -> State:
    """The golden game: default options, a uniformly random player, both seeded."""
    state = eurogames.load(name).new(players, seed=SEED + players)
    rng = Rng(SEED + players)
    while not state.is_over() and state.ply < PLIES:
        state.apply(rng.choice(state.legal_actions()))
    return state


def golden(name: str, players: int) -> dict[str, Any]:
    state = play(name, players)
    return {
        "about": "tests/test_contract.py replays it; after an intended rules change: "
                 "python -m tests.golden --update",
        "sha256": state_hash(state),
        "record": state.record(),
    }


def write(name: str, players: int) -> Path:
    path = golden_path(name, players)
    path.write_text(json.dumps(golden(name, players), ensure_ascii=False, indent=1) + "\n",
                    encoding="utf-8")
    return path
