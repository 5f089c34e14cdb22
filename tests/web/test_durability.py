"""Durability: the real server, killed with SIGKILL mid-game, restarts on the same database
with every acknowledged action, the same payloads for every token, and play goes on."""

from __future__ import annotations

import os
import random
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest

from eurogames.store import Store

from . import DATABASES, emptied_postgres

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="uses POSIX signals")

SERVE = [sys.executable, "-m", "eurogames", "serve"]  # the real command, as a person starts it


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextmanager
def running_server(database: list[str]) -> Iterator[httpx.Client]:
    port = free_port()
    process = subprocess.Popen(
        [*SERVE, "--port", str(port), *database],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True,
        env={**os.environ, "COLUMNS": "200"})
    client = httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=10)
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                if client.get("/api/catalogue").status_code == 200:
                    break
            except httpx.TransportError:
                pass
            if process.poll() is not None or time.monotonic() > deadline:
                output = process.stdout.read().decode() if process.stdout else ""
                raise AssertionError(f"the server did not start: {output}")
            time.sleep(0.1)
        yield client
    finally:
        client.close()
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)  # the server and its bot workers, at once
        process.wait(timeout=10)
        if process.stdout:
            process.stdout.close()


def create(client: httpx.Client, game: str, seats: list[dict[str, Any]],
           hotseat: bool = False) -> dict[str, Any]:
    response = client.post("/api/matches", json={"game": game, "players": len(seats),
                                                  "seats": seats, "hotseat": hotseat})
    assert response.status_code == 201, response.text
    return response.json()


def tokens_of(match: dict[str, Any]) -> list[str | None]:
    found: list[str | None] = [seat["token"] for seat in match["seats"] if seat.get("token")]
    if match["host"]:
        found.append(match["host"]["token"])
    return [*found, None]


def snapshot(client: httpx.Client, matches: list[dict[str, Any]]) -> dict[str, Any]:
    """Every payload of every token (and the spectator's) of every match, and the list."""
    out: dict[str, Any] = {"list": client.get("/api/matches").json()}
    for match in matches:
        for tok in tokens_of(match):
            params = {"token": tok} if tok else {}
            response = client.get(f"/api/matches/{match['match']}/state", params=params)
            assert response.status_code == 200, response.text
            out[f"{match['match']}/{tok}"] = response.json()
    return out


def play(client: httpx.Client, match: dict[str, Any], moves: int, rng: random.Random) -> None:
    """Human seats play random legal actions; waits out bot seats."""
    humans = {seat["seat"]: seat["token"] for seat in match["seats"] if seat.get("token")}
    played = 0
    deadline = time.monotonic() + 30
    while played < moves and time.monotonic() < deadline:
        spectator = client.get(f"/api/matches/{match['match']}/state").json()
        seat = spectator["current_player"]
        if seat < 0:
            return
        if seat not in humans:
            time.sleep(0.05)  # a bot is thinking
            continue
        mine = client.get(f"/api/matches/{match['match']}/state",
                          params={"token": humans[seat]}).json()
        response = client.post(f"/api/matches/{match['match']}/action", json={
            "token": humans[seat], "seat": seat, "ply": mine["ply"],
            "action": rng.choice(mine["legal"])["text"]})
        assert response.status_code == 200, response.text
        played += 1
    assert played == moves or spectator["current_player"] < 0


def wait_for_human(client: httpx.Client, match: dict[str, Any]) -> None:
    """Until the match waits for a person (no bot move in flight at the kill)."""
    humans = {seat["seat"] for seat in match["seats"] if seat.get("token")}
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        current = client.get(f"/api/matches/{match['match']}/state").json()["current_player"]
        if current in humans or current < 0:
            return
        time.sleep(0.05)
    raise AssertionError("the bot never finished its turn")


@pytest.fixture(params=DATABASES)
def database(request: pytest.FixtureRequest, tmp_path: Path) -> list[str]:
    """The server's database option: a fresh SQLite file, or the emptied test database."""
    if request.param == "sqlite":
        return ["--db", str(tmp_path / "matches.sqlite3")]
    return ["--database-url", emptied_postgres()]


def test_a_killed_server_restarts_with_every_match_intact(database: list[str]) -> None:
    rng = random.Random(7)
    with running_server(database) as client:
        matches = [
            create(client, "splendor", [{"kind": "human", "name": "Ann"},
                                        {"kind": "human", "name": "Bob"}]),
            create(client, "alhambra", [{"kind": "human"}, {"kind": "human"},
                                        {"kind": "human"}], hotseat=True),
            create(client, "splendor", [{"kind": "human"}, {"kind": "bot", "bot": "random"}]),
        ]
        for match in matches:
            play(client, match, 12, rng)
        wait_for_human(client, matches[2])
        before = snapshot(client, matches)
        # SIGKILL as the context exits: no shutdown code runs
    assert any(payload["ply"] >= 12 for key, payload in before.items() if key != "list")

    with running_server(database) as client:
        after = snapshot(client, matches)
        assert after == before
        for match in matches:  # and play goes on from where it was
            play(client, match, 3, rng)
        grown = client.get("/api/matches").json()["matches"]
    plies = {entry["match"]: entry["ply"] for entry in grown}
    for entry in before["list"]["matches"]:
        assert plies[entry["match"]] >= entry["ply"] + 3


def test_serve_prints_where_and_stops_cleanly_on_ctrl_c(tmp_path: Path) -> None:
    db = tmp_path / "matches.sqlite3"
    port = free_port()
    process = subprocess.Popen([*SERVE, "--port", str(port), "--db", str(db)],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               start_new_session=True, env={**os.environ, "COLUMNS": "200"})
    assert process.stdout is not None
    first = process.stdout.readline().decode()
    second = process.stdout.readline().decode()
    assert f"serving on http://127.0.0.1:{port}/" in first
    assert f"matches are kept in {db}" in second
    response = httpx.post(f"http://127.0.0.1:{port}/api/matches", json={
        "game": "splendor", "players": 2, "seats": [{"kind": "human"},
                                                    {"kind": "bot", "bot": "random"}]})
    assert response.status_code == 201
    os.killpg(process.pid, signal.SIGINT)  # Ctrl-C reaches the whole process group
    rest = process.stdout.read().decode()
    assert process.wait(timeout=20) == 0
    process.stdout.close()
    assert "stopped" in rest and "Traceback" not in rest
    assert Store.sqlite(db).list_matches()[0].id == response.json()["match"]


def test_serve_refuses_two_databases_and_a_busy_port(tmp_path: Path) -> None:
    both = subprocess.run([*SERVE, "--db", str(tmp_path / "a.sqlite3"),
                           "--database-url", "sqlite:///x"], capture_output=True, text=True,
                          timeout=60)
    assert both.returncode == 2 and "not both" in both.stderr
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        taken = subprocess.run([*SERVE, "--port", str(port), "--db",
                                str(tmp_path / "a.sqlite3")], capture_output=True, text=True,
                               timeout=60)
    assert taken.returncode == 2 and f"could not serve on 127.0.0.1:{port}" in taken.stderr
    assert "Traceback" not in taken.stderr
    notes = tmp_path / "notes.txt"
    notes.write_text("not a database\n" * 100)
    foreign = subprocess.run([*SERVE, "--db", str(notes)], capture_output=True,
                             text=True, timeout=60)
    assert foreign.returncode == 2 and f"{notes} is not a eurogames database" in foreign.stderr


def test_register_adds_serve_to_a_typer_app() -> None:
    import typer
    from typer.testing import CliRunner

    from eurogames.cli.serve import register

    app = typer.Typer()

    @app.command("other")
    def other() -> None:
        """Another command, as in the eurogames app."""

    register(app)
    result = CliRunner().invoke(app, ["serve", "--help"], env={"COLUMNS": "120"})
    assert result.exit_code == 0
    for option in ("--host", "--port", "--db", "--database-url", "--open", "--no-open"):
        assert option in result.output


def test_the_real_server_closes_a_socket_sent_a_frame_over_the_message_limit(
    tmp_path: Path,
) -> None:
    """uvicorn itself refuses a frame over MAX_MESSAGE (docs/web.md, "Limits"): the server
    never holds more of it, and the socket closes with 1009 (message too big)."""
    import asyncio

    import websockets

    from eurogames.web.inputs import MAX_MESSAGE

    with running_server(["--db", str(tmp_path / "games.sqlite3")]) as client:
        match = create(client, "splendor", [{"kind": "human"}, {"kind": "human"}])
        url = f"ws://{client.base_url.host}:{client.base_url.port}/ws/matches/" \
              f"{match['match']}?token={tokens_of(match)[0]}"

        async def send_too_much() -> int | None:
            async with websockets.connect(url) as socket_:
                await socket_.recv()  # the state, on connect
                await socket_.send("x" * (MAX_MESSAGE + 1))
                try:  # a server that takes the frame answers and stays open: no close code
                    while True:
                        await asyncio.wait_for(socket_.recv(), timeout=5)
                except websockets.ConnectionClosed as closed:
                    return closed.rcvd.code if closed.rcvd else None
                except TimeoutError:
                    return None

        assert asyncio.run(send_too_much()) == 1009
        assert client.get("/api/catalogue").status_code == 200  # the server goes on
