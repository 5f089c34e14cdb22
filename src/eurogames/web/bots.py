"""Bot seats for the web server: each decision is computed in a worker process.

Why processes: a search bot holds the CPU for seconds, and the server's event loop must keep
answering every other match meanwhile; threads would share one interpreter lock. Why the
match *record* as the argument: it is small, plain JSON, and replays to exactly the live
state, so a worker needs nothing else and keeps nothing between decisions. The bot only ever
sees what the engine lets it see (search runs on ``state.resample_hidden``), so handing it the
record does not let it peek.

Why ``spawn``: a forked child would inherit the server's event loop, sockets and database
connections; a spawned one starts clean, on every platform.

Levels (``DEFAULT_LEVELS``), the budget per decision:

=========  ======================  ===============================================
bot        level                   settings
=========  ======================  ===============================================
random     (none)                  uniform over the legal actions
greedy     (none)                  one ply over the game's evaluation
mcts       easy                    ``iterations=200``
mcts       normal                  ``seconds=1.0``
mcts       hard                    ``seconds=3.0``
=========  ======================  ===============================================
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import signal
import threading
import time
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Any

from eurogames.bots import bot_names, make_bot
from eurogames.core.errors import GamePluginError
from eurogames.core.game import Game
from eurogames.core.records import replay
from eurogames.core.registry import games as registered_games
from eurogames.core.registry import load
from eurogames.core.rng import Rng

Levels = dict[str, dict[str, dict[str, Any]]]

DEFAULT_LEVELS: Levels = {
    "random": {},
    "greedy": {},
    "mcts": {
        "easy": {"iterations": 200},
        "normal": {"seconds": 1.0},
        "hard": {"seconds": 3.0},
    },
}
LEVEL_ORDER = ("easy", "normal", "hard")
DEFAULT_LEVEL = "normal"


def choose_action(record: dict[str, Any], bot: str, settings: dict[str, Any], seed: int) -> str:
    """The canonical text of the action ``bot`` plays next in the match ``record``.

    Runs in a worker process; a bot that returns an illegal action is a bug, reported as
    one rather than played.
    """
    state = replay(record)
    chooser = make_bot(bot, state.game, seed=seed, **settings)
    action = chooser.choose(state.clone())  # a clone: the bot may scribble on its argument
    if action not in state.legal_actions():
        raise RuntimeError(f"the {bot} bot chose {action!r}, which is not legal (a bot bug)")
    return action.text


def decision_seed(match_seed: int, seat: int, ply: int) -> int:
    """A bot's seed for one decision: fixed by the match, so a budget of iterations replays
    the same move, and different for every decision."""
    return Rng(f"bot:{match_seed}:{seat}:{ply}").next64()


class BotRunner:
    """The bot levels on offer and the pool of worker processes that plays them."""

    def __init__(self, levels: Levels | None = None, workers: int | None = None) -> None:
        self.levels = check_levels(DEFAULT_LEVELS if levels is None else levels)
        if workers is None:
            workers = max(1, min(4, (os.cpu_count() or 2) - 1))
        if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
            raise ValueError(f"bot_workers must be a positive integer, not {workers!r}")
        self.workers = workers
        self._pool: Executor | None = None

    def catalogue(self) -> list[dict[str, Any]]:
        """The bots as the catalogue lists them: name and level names, mildest first."""
        out = []
        for name, levels in self.levels.items():
            ordered = sorted(levels, key=lambda level: (
                LEVEL_ORDER.index(level) if level in LEVEL_ORDER else len(LEVEL_ORDER), level))
            out.append({"name": name, "levels": ordered})
        return out

    def level_for(self, bot: str, level: str | None) -> str | None:
        """The level a seat plays at (the default where the bot has levels and none is
        given); ``ValueError`` names a bot or level that is not on offer."""
        if bot not in self.levels:
            raise ValueError(f"unknown bot {bot!r}; choose one of {', '.join(self.levels)}")
        levels = self.levels[bot]
        if not levels:
            if level is not None:
                raise ValueError(f"the {bot} bot has no levels (not {level!r})")
            return None
        if level is None:
            return DEFAULT_LEVEL if DEFAULT_LEVEL in levels else next(iter(levels))
        if level not in levels:
            raise ValueError(f"the {bot} bot's levels are {', '.join(levels)}, not {level!r}")
        return level

    def settings(self, bot: str, level: str | None) -> dict[str, Any]:
        levels = self.levels.get(bot, {})
        return dict(levels[level]) if level is not None and level in levels else {}

    async def choose(self, record: dict[str, Any], bot: str, level: str | None,
                     seed: int) -> str:
        """The action text, computed off the event loop."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(
            self.pool(), choose_action, record, bot, self.settings(bot, level), seed)

    def pool(self) -> Executor:
        """Started on the first bot decision: a server with only people at its tables never
        pays for the worker processes."""
        if self._pool is None:
            self._pool = ProcessPoolExecutor(
                max_workers=self.workers, mp_context=multiprocessing.get_context("spawn"),
                initializer=_worker_setup)
        return self._pool

    def shutdown(self) -> None:
        """Drop queued decisions; a decision being computed finishes within its budget."""
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None


def _worker_setup() -> None:
    """Ctrl-C in the terminal reaches the whole process group: the server shuts down
    cleanly and stops its workers, which must not die first with a traceback each.

    A server killed outright (SIGKILL, the OOM killer) runs no shutdown code, and its
    workers would wait on their queue for ever, each holding its memory. So every worker
    watches its parent and exits as soon as it is gone (its parent id changes when it is
    re-parented); once the workers are gone, the pool's resource tracker reads the end of
    its pipe and exits too."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    threading.Thread(target=_exit_with_parent, args=(os.getppid(),), daemon=True,
                     name="exit-with-server").start()


PARENT_POLL_SECONDS = 0.5


def _exit_with_parent(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(PARENT_POLL_SECONDS)
    os._exit(0)  # no clean-up to do: a worker keeps nothing between decisions


def _any_game() -> Game:
    """The first game that loads (an installed plugin that is broken is passed over)."""
    problems = []
    for name in registered_games():
        try:
            return load(name)
        except GamePluginError as exc:
            problems.append(str(exc))
    raise GamePluginError("no game can be loaded: " + "; ".join(problems))


def check_levels(levels: Levels) -> Levels:
    """Refuse a level table naming a bot this version lacks or a setting it does not take,
    at startup rather than at the first bot move of some match."""
    known = bot_names()
    sample = _any_game()  # settings are checked the same for every game
    for name, table in levels.items():
        if name not in known:
            raise ValueError(f"bot levels name an unknown bot {name!r} (known: "
                             f"{', '.join(known)})")
        if not isinstance(table, dict):
            raise ValueError(f"the levels of {name} must be a mapping of level → settings")
        for level, settings in table.items():
            try:
                make_bot(name, sample, seed=1, **settings)
            except (TypeError, ValueError) as exc:
                raise ValueError(f"bot level {name}/{level}: {exc}") from None
    return {name: {level: dict(settings) for level, settings in table.items()}
            for name, table in levels.items()}
