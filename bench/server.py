"""Web server throughput: concurrent games played through the HTTP/WebSocket API on loopback.

    python bench/server.py                          # 8 Splendor games at once, up to 30 s
    python bench/server.py --games 16 --seconds 20 --game alhambra --transport http
    python bench/server.py --processes 2            # two servers on one database
    python bench/server.py --processes 2 --database-url postgresql://user@host/throwaway

Starts ``eurogames serve`` as a subprocess (``--processes`` of them, on one database, as
docs/web.md "Deployment" describes) on a temporary SQLite file (so every action is a
committed transaction, as in real use) or on ``--database-url`` (a throwaway database: the
bench's matches stay in it), creates ``--games`` matches whose seats are all human, and drives
every seat from this process: each seat keeps its own WebSocket open (so the server
broadcasts a per-seat payload after every action, as it would to browsers), and when the
payload says the seat decides it picks a random action from the payload's ``legal`` list.
With several processes, ``--spread seat`` (the default) connects the seats of one match to
different processes, so every move reaches the opponent through the database (SQLite: the
poll; PostgreSQL: NOTIFY); ``--spread match`` keeps each match's seats on one process (a
proxy that routes by match). An action's latency is the time from sending it (over the seat's
WebSocket, or as an HTTP POST with ``--transport http``) to that seat's socket receiving the
state after it.

Each socket asks for the log's new entries only (``log=delta``, as the play page does;
``--log full``: the whole log in every state message, as a client that does not ask).

Reports actions per second over the run, the p50/p99/max action latency, and what the
sockets received (messages, megabytes, bytes per action). The client runs in the same
machine: on a small machine it competes with the server for the CPU.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import random
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect

SERVE = [sys.executable, "-m", "eurogames", "serve"]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start_server(database: list[str], port: int) -> subprocess.Popen[bytes]:
    process = subprocess.Popen([*SERVE, "--port", str(port), *database],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                               start_new_session=True)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/catalogue").status_code == 200:
                return process
        except httpx.TransportError:
            pass
        if process.poll() is not None:
            break
        time.sleep(0.1)
    stop_server(process)
    errors = process.stderr.read().decode() if process.stderr else ""
    raise SystemExit(f"the server did not start: {errors}")


def stop_server(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGINT)  # the clean Ctrl-C path
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


class Stats:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.finished = 0
        self.errors = 0
        self.messages = 0  # messages received by the seats' sockets (states, errors)
        self.received = 0  # their bytes (UTF-8)


async def play_seat(base: str, http: httpx.AsyncClient, match: dict[str, Any], seat: int,
                    rng: random.Random, stats: Stats, deadline: float, transport: str,
                    log_mode: str) -> None:
    """One seat: act whenever the payload says so, until the game ends or time is up."""
    tok = match["seats"][seat]["token"]
    url = f"ws://{base}/ws/matches/{match['match']}?token={tok}&log={log_mode}"
    async with connect(url, max_size=None) as ws:
        sent_at: float | None = None
        sent_ply = -1
        while True:
            remaining = deadline - time.perf_counter()
            if remaining <= 0:
                return
            try:
                raw = await asyncio.wait_for(ws.recv(), remaining)
            except TimeoutError:
                return
            stats.messages += 1
            stats.received += len(raw.encode() if isinstance(raw, str) else raw)
            message = json.loads(raw)
            if message["type"] == "error":
                stats.errors += 1
                sent_at = None  # let the next state decide again
                continue
            payload = message["payload"]
            if sent_at is not None and payload["ply"] > sent_ply:
                stats.latencies.append(time.perf_counter() - sent_at)
                sent_at = None
            if payload["status"] != "active":
                if seat == 0:
                    stats.finished += 1
                return
            if sent_at is None and payload["legal"] and payload["current_player"] == seat:
                choice = rng.choice(payload["legal"])["text"]
                sent_ply, sent_at = payload["ply"], time.perf_counter()
                if transport == "ws":
                    await ws.send(json.dumps({"type": "action", "seat": seat,
                                              "ply": payload["ply"], "action": choice}))
                else:
                    response = await http.post(
                        f"/api/matches/{match['match']}/action",
                        json={"token": tok, "seat": seat, "ply": payload["ply"],
                              "action": choice})
                    if response.status_code != 200:
                        stats.errors += 1
                        sent_at = None


async def run(args: argparse.Namespace, ports: list[int]) -> tuple[Stats, float]:
    bases = [f"127.0.0.1:{port}" for port in ports]
    stats = Stats()
    rng = random.Random(args.seed)
    limits = httpx.Limits(max_connections=args.games * args.players + 4)
    clients = [httpx.AsyncClient(base_url=f"http://{base}", limits=limits, timeout=60)
               for base in bases]
    try:
        matches = []
        for i in range(args.games):
            game = args.game if args.game != "mix" else ("splendor", "alhambra")[i % 2]
            response = await clients[i % len(clients)].post("/api/matches", json={
                "game": game, "players": args.players, "seed": args.seed + i,
                "seats": [{"kind": "human", "name": f"bench {s}"} for s in range(args.players)]})
            response.raise_for_status()
            matches.append(response.json())

        def home(i: int, seat: int) -> int:  # the process this seat's person is sent to
            return (i + (seat if args.spread == "seat" else 0)) % len(bases)

        start = time.perf_counter()
        deadline = start + args.seconds
        await asyncio.gather(*(
            play_seat(bases[home(i, seat)], clients[home(i, seat)], match, seat,
                      random.Random(rng.random()), stats, deadline, args.transport,
                      args.log)
            for i, match in enumerate(matches) for seat in range(args.players)))
        return stats, time.perf_counter() - start
    finally:
        for client in clients:
            await client.aclose()


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=8, help="games played at once")
    parser.add_argument("--seconds", type=float, default=30.0, help="stop after this long")
    parser.add_argument("--game", default="splendor", choices=["splendor", "alhambra", "mix"])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--transport", default="ws", choices=["ws", "http"],
                        help="send actions over the seat's WebSocket or as HTTP POSTs")
    parser.add_argument("--log", default="delta", choices=["delta", "full"],
                        help="the sockets ask for the log's new entries (delta, as the play "
                             "page does) or get the whole log in every message (full)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--processes", type=int, default=1,
                        help="server processes on the one database")
    parser.add_argument("--spread", default="seat", choices=["seat", "match"],
                        help="with several processes: a match's seats on different ones "
                             "(seat) or all on one (match)")
    parser.add_argument("--database-url", default=None,
                        help="a throwaway database instead of a temporary SQLite file")
    args = parser.parse_args(argv)
    if args.games < 1 or args.seconds <= 0 or args.processes < 1:
        parser.error("--games, --seconds and --processes must be positive")

    with tempfile.TemporaryDirectory(prefix="eurogames-bench-") as folder:
        database = (["--database-url", args.database_url] if args.database_url
                    else ["--db", str(Path(folder) / "bench.sqlite3")])
        ports, servers = [], []
        try:
            for _ in range(args.processes):  # one after the other: the first makes the tables
                ports.append(free_port())
                servers.append(start_server(database, ports[-1]))
            stats, elapsed = asyncio.run(run(args, ports))
        finally:
            for server in servers:
                stop_server(server)

    actions = len(stats.latencies)
    kind = "PostgreSQL" if args.database_url else "SQLite (WAL, synchronous=FULL)"
    print(f"eurogames web server bench — Python {platform.python_version()}, "
          f"{os.cpu_count()} CPUs, {kind}, loopback")
    spread = f", seats spread by {args.spread}" if args.processes > 1 else ""
    print(f"{args.games} {args.game} games × {args.players} seats at once on "
          f"{args.processes} server process{'es' if args.processes > 1 else ''}{spread}, "
          f"actions over {args.transport}, log={args.log}, {elapsed:.1f} s")
    print(f"games finished      {stats.finished}")
    print(f"actions             {actions}  ({stats.errors} refused)")
    print(f"actions/s           {actions / elapsed:,.1f}")
    if actions:
        print(f"latency p50         {percentile(stats.latencies, 0.50) * 1000:.1f} ms")
        print(f"latency p99         {percentile(stats.latencies, 0.99) * 1000:.1f} ms")
        print(f"latency max         {max(stats.latencies) * 1000:.1f} ms")
    megabytes = stats.received / 1e6
    print(f"received            {stats.messages} messages, {megabytes:,.1f} MB "
          f"({megabytes / elapsed:,.2f} MB/s)")
    if actions:
        print(f"bytes per action    {stats.received / actions:,.0f}")
    return 0 if actions else 1


if __name__ == "__main__":
    sys.exit(main())
