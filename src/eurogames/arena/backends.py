"""Where the games are played: in this process, in local worker processes, or as Ray tasks.

A backend only moves batches of game indices to a player and the results back; what a game
is comes from :func:`eurogames.arena.tournament.play_batch`, so every backend plays the
same games. The loop that feeds a backend is :func:`eurogames.arena.tournament.run`.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import socket
from abc import ABC, abstractmethod
from collections import deque
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor
from concurrent.futures import wait as wait_futures
from typing import Any

from eurogames.arena.tournament import ArenaError, GameResult, Tournament, play_batch

Batch = tuple[list[GameResult], float]  # the games and the seconds they took
BACKENDS = ("local", "ray")
CONNECT_SECONDS = 5


class Backend(ABC):
    """Plays batches of games; at most ``capacity`` batches are handed over at once."""

    name = "backend"

    def __init__(self, workers: int = 1) -> None:
        if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
            raise ValueError(f"workers must be a positive integer, not {workers!r}")
        self.workers = workers

    @property
    def capacity(self) -> int:
        # two batches per worker: one playing, one waiting, so no worker idles between them
        return 2 * self.workers

    def start(self, tournament: Tournament) -> None:  # noqa: B027 - optional hook
        """Get ready to play ``tournament`` (start processes, connect to a cluster)."""

    @abstractmethod
    def submit(self, indices: list[int]) -> None:
        """Hand over one batch of game indices."""

    @abstractmethod
    def wait(self) -> list[Batch]:
        """Block until at least one batch handed over has been played; return every batch
        played so far and not yet returned."""

    def close(self) -> None:  # noqa: B027 - optional hook
        """Stop whatever ``start`` began; batches not yet played are dropped."""

    def describe(self) -> str:
        return f"{self.name}, {self.workers} worker{'s' if self.workers != 1 else ''}"


class SerialBackend(Backend):
    """Plays in this process: no start-up cost, and the reference the others must match."""

    name = "serial"

    def __init__(self) -> None:
        super().__init__(1)
        self._tournament: Tournament | None = None
        self._queue: deque[list[int]] = deque()

    @property
    def capacity(self) -> int:
        return 1

    def start(self, tournament: Tournament) -> None:
        self._tournament = tournament
        self._queue.clear()

    def submit(self, indices: list[int]) -> None:
        self._queue.append(indices)

    def wait(self) -> list[Batch]:
        assert self._tournament is not None, "start() first"
        return [play_batch(self._tournament, self._queue.popleft())]

    def close(self) -> None:
        self._queue.clear()
        self._tournament = None


# the tournament a local worker process plays, set once by its initializer rather than
# pickled with every batch
_WORKER_TOURNAMENT: Tournament | None = None


def _init_worker(tournament: Tournament) -> None:
    global _WORKER_TOURNAMENT
    _WORKER_TOURNAMENT = tournament


def _play_in_worker(indices: list[int]) -> Batch:
    assert _WORKER_TOURNAMENT is not None, "the worker was not initialised"
    return play_batch(_WORKER_TOURNAMENT, indices)


class LocalBackend(Backend):
    """Worker processes on this machine, started with ``spawn``: a fresh interpreter per
    worker behaves the same on Linux, macOS and Windows and inherits no threads or locks."""

    name = "local"

    def __init__(self, workers: int) -> None:
        super().__init__(workers)
        self._pool: ProcessPoolExecutor | None = None
        self._pending: set[Future[Batch]] = set()

    def start(self, tournament: Tournament) -> None:
        self._pool = ProcessPoolExecutor(
            max_workers=self.workers,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=_init_worker,
            initargs=(tournament,),
        )

    def submit(self, indices: list[int]) -> None:
        assert self._pool is not None, "start() first"
        self._pending.add(self._pool.submit(_play_in_worker, indices))

    def wait(self) -> list[Batch]:
        done, self._pending = wait_futures(self._pending, return_when=FIRST_COMPLETED)
        return [future.result() for future in done]

    def close(self) -> None:
        if self._pool is not None:
            # after an error or ^C nothing more is wanted: drop the queued batches
            self._pool.shutdown(wait=True, cancel_futures=True)
        self._pool = None
        self._pending = set()


class RayBackend(Backend):
    """Ray tasks, on a cluster (``address``) or on a Ray instance started here.

    Every node must have the same eurogames installed; a result played with another rules
    version is refused by :func:`~eurogames.arena.tournament.run`. ``workers`` is the number
    of CPUs of a local instance, or how many tasks to keep going on a cluster (default: its
    CPUs).
    """

    name = "ray"

    def __init__(self, workers: int | None = None, address: str | None = None) -> None:
        super().__init__(workers if workers is not None else 1)
        self._workers_given = workers is not None
        self.address = address
        self._ray: Any = None
        self._started_ray = False
        self._remote: Any = None
        self._tournament_ref: Any = None
        self._pending: list[Any] = []

    def start(self, tournament: Tournament) -> None:
        try:
            import ray
        except ImportError:
            raise ArenaError(
                "the ray backend needs the ray package: pip install 'eurogames[ray]'"
            ) from None
        self._ray = ray
        if not ray.is_initialized():
            settings: dict[str, Any] = {
                "include_dashboard": False,
                "logging_level": logging.ERROR,
                "log_to_driver": False,
            }
            if self.address is not None:
                check_reachable(self.address)
                try:
                    ray.init(address=self.address, **settings)
                except (ConnectionError, RuntimeError, ValueError) as exc:
                    raise ArenaError(
                        f"cannot reach the Ray cluster at {self.address}: {exc}"
                    ) from None
            else:
                cpus = self.workers if self._workers_given else (os.cpu_count() or 1)
                ray.init(num_cpus=cpus, **settings)
            self._started_ray = True
        if not self._workers_given:
            self.workers = max(1, int(ray.cluster_resources().get("CPU", 1)))
        self._remote = ray.remote(play_batch)
        self._tournament_ref = ray.put(tournament)

    def submit(self, indices: list[int]) -> None:
        self._pending.append(self._remote.remote(self._tournament_ref, indices))

    def wait(self) -> list[Batch]:
        ray = self._ray
        done, self._pending = ray.wait(self._pending, num_returns=1)
        if self._pending:  # take every other batch already finished as well
            more, self._pending = ray.wait(self._pending, num_returns=len(self._pending), timeout=0)
            done += more
        return ray.get(done)

    def close(self) -> None:
        ray = self._ray
        if ray is None:
            return
        for ref in self._pending:
            ray.cancel(ref, force=True)
        self._pending = []
        self._tournament_ref = None
        if self._started_ray:
            ray.shutdown()
            self._started_ray = False

    def describe(self) -> str:
        where = f"cluster {self.address}" if self.address else "local instance"
        return f"ray ({where}), {self.workers} worker{'s' if self.workers != 1 else ''}"


def check_reachable(address: str) -> None:
    """Fail in seconds on a cluster address nobody answers at: Ray itself retries for
    minutes, printing warnings, before it gives up."""
    if address == "auto":
        return
    host, sep, port = address.removeprefix("ray://").rpartition(":")
    if not sep or not host or not port.isdigit():
        raise ArenaError(f"--ray-address {address!r} is not host:port (or ray://host:port, auto)")
    try:
        with socket.create_connection((host.strip("[]"), int(port)), timeout=CONNECT_SECONDS):
            pass
    except OSError as exc:
        raise ArenaError(
            f"cannot reach the Ray cluster at {address}: {exc.strerror or exc}"
        ) from None


def make_backend(name: str, workers: int | None = None, address: str | None = None) -> Backend:
    """``local`` with one worker plays in this process; ``ray`` without an address starts a
    Ray instance here. Bad combinations raise ``ValueError``."""
    if name not in BACKENDS:
        raise ValueError(f"unknown backend {name!r}; choose one of {', '.join(BACKENDS)}")
    if workers is not None and (
        isinstance(workers, bool) or not isinstance(workers, int) or workers < 1
    ):
        raise ValueError(f"--workers must be at least 1, not {workers}")
    if name == "ray":
        return RayBackend(workers, address)
    if address is not None:
        raise ValueError("--ray-address is for --backend ray")
    if workers is None or workers == 1:
        return SerialBackend()
    return LocalBackend(workers)
