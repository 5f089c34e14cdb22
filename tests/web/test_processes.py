"""Several server processes on one database (docs/web.md "Deployment"): a stale copy never
writes, the listing replays nothing, and a change made in one process reaches the others
(and their sockets). Two servers in this process stand for two processes here (each has its
own matches in memory, its own bots and its own listener or poll, over one database); the
tests at the end run real ``eurogames serve`` processes.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import text
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import connect

import eurogames
from eurogames.store import Store
from eurogames.web import create_app
from eurogames.web import manager as manager_module

from . import TINY_LEVELS, act, bot, create, human, state, token
from .conftest import TestClient
from .test_durability import SERVE, database, free_port, running_server  # noqa: F401
from .test_durability import create as create_over_http

# Splendor, seed 5, seat 0 first: after these six takes the supply is nearly empty and seat 0
# holds 9 tokens; "take white blue" gives it 11, so its next decision (ply 7) is a return
OPENING = ["take white blue green", "take white red black", "take white blue green",
           "take blue red black", "take green red black", "take green red black"]


def error_of(response: Any) -> tuple[int, str, str]:
    body = response.json()
    assert set(body) == {"error"}, body
    return response.status_code, body["error"]["code"], body["error"]["message"]


@contextmanager
def serving(store: Store, **settings: Any) -> Iterator[TestClient]:
    """One server on ``store``; two of them at once stand for two processes."""
    app = create_app(store, bot_workers=1, bot_levels=TINY_LEVELS, **settings)
    with TestClient(app) as client:
        yield client


def manager_of(client: TestClient) -> manager_module.MatchManager:
    return client.app.state.manager  # type: ignore[attr-defined,no-any-return]


def opened(client: TestClient) -> dict[str, Any]:
    match = create(client, seed=5, options={"first": 0})
    for ply, action in enumerate(OPENING):
        assert act(client, match, ply % 2, action, ply=ply).status_code == 200
    return match


# -- compare-and-set -----------------------------------------------------------------------
def test_a_stale_process_cannot_play_on_an_undone_position(store: Store) -> None:
    """The issue's case: S2 loads the match after seat 0's take; on S1 seat 0 takes it back
    and reserves instead, at the same ply; S2's copy still asks seat 0 for a return."""
    with serving(store, poll_seconds=3600) as one, serving(store, poll_seconds=3600) as two:
        match = opened(one)
        assert act(one, match, 0, "take white blue", ply=6).status_code == 200
        seen = state(two, match, token(match, 0))  # the second server loads the match
        assert (seen["ply"], seen["current_player"]) == (7, 0)
        undone = one.post(f"/api/matches/{match['match']}/undo",
                          json={"token": token(match, 0), "seat": 0, "ply": 7})
        assert undone.status_code == 200, undone.text
        assert act(one, match, 0, "reserve 1.1", ply=6).status_code == 200

        late = act(two, match, 0, "return black", ply=7)  # checked on the stale copy
        status, code, message = error_of(late)
        assert (status, code) == (409, "stale") and "another server process" in message
        held = manager_of(two).matches[match["match"]]  # reloaded with the refusal
        assert held.revision == store.get_match(match["match"]).revision
        assert (held.state.ply, held.state.current_player) == (7, 1)
        assert held.log[-1].text == "reserve 1.1"
        assert act(two, match, 1, "take white blue", ply=7).status_code == 200
    record = store.get_match(match["match"]).record()
    assert record["actions"] == [*OPENING, "reserve 1.1", "take white blue"]
    assert eurogames.replay(record).ply == 8  # the store still replays


def test_a_stale_undo_is_refused_and_the_copy_reloaded(store: Store) -> None:
    with serving(store, poll_seconds=3600) as one, serving(store, poll_seconds=3600) as two:
        match = opened(one)
        assert act(one, match, 0, "take white blue", ply=6).status_code == 200
        state(two, match)  # loaded at ply 7, seat 0 to return
        undo = {"token": token(match, 0), "seat": 0, "ply": 7}
        assert one.post(f"/api/matches/{match['match']}/undo", json=undo).status_code == 200
        assert act(one, match, 0, "take white blue", ply=6).status_code == 200
        late = two.post(f"/api/matches/{match['match']}/undo", json=undo)
        assert error_of(late)[:2] == (409, "stale")
        assert manager_of(two).matches[match["match"]].revision == \
            store.get_match(match["match"]).revision
    assert len(store.get_match(match["match"]).actions) == 7


def test_a_stale_socket_move_is_refused_and_the_socket_gets_the_stored_position(
        store: Store) -> None:
    if not store.is_sqlite:
        pytest.skip("PostgreSQL tells the second server at once: its copy is never stale")
    with serving(store, poll_seconds=3600) as one, serving(store, poll_seconds=3600) as two:
        match = opened(one)
        assert act(one, match, 0, "take white blue", ply=6).status_code == 200
        url = f"/ws/matches/{match['match']}?token={token(match, 0)}"
        with two.websocket_connect(url) as ws:
            assert ws.receive_json()["payload"]["ply"] == 7
            undo = {"token": token(match, 0), "seat": 0, "ply": 7}
            assert one.post(f"/api/matches/{match['match']}/undo", json=undo).status_code == 200
            assert act(one, match, 0, "reserve 1.1", ply=6).status_code == 200
            ws.send_json({"type": "action", "seat": 0, "ply": 7, "action": "return black"})
            pushed = ws.receive_json()  # the reload reaches the socket, then the refusal
            assert pushed["type"] == "state"
            assert pushed["payload"]["log"][-1]["text"] == "reserve 1.1"
            assert pushed["payload"]["current_player"] == 1
            refusal = ws.receive_json()
            assert (refusal["type"], refusal["code"]) == ("error", "stale")
    assert len(store.get_match(match["match"]).actions) == 7


def test_a_client_ahead_of_the_copy_plays_on_the_stored_position(store: Store) -> None:
    """A client that another process served later sends the newer ply: the copy is checked
    against the store and the move goes on, rather than being refused as stale."""
    with serving(store, poll_seconds=3600) as one, serving(store, poll_seconds=3600) as two:
        match = create(one)
        state(two, match)  # loaded at ply 0
        assert act(one, match, 0, "take white blue green", ply=0).status_code == 200
        moved = act(two, match, 1, "take white blue red", ply=1)
        assert moved.status_code == 200, moved.text
        assert moved.json()["ply"] == 2
    assert store.get_match(match["match"]).record()["actions"] == [
        "take white blue green", "take white blue red"]


# -- the listing ---------------------------------------------------------------------------
def record_of(plies: int | None, seed: int) -> dict[str, Any]:
    """A random Splendor record of ``plies`` decisions (None: to the end)."""
    game_state = eurogames.load("splendor").new(2, seed=seed)
    rng = random.Random(seed)
    while not game_state.is_over() and (plies is None or game_state.ply < plies):
        game_state.apply(rng.choice(game_state.legal_actions()))
    return game_state.record()


def refuse_replays(monkeypatch: pytest.MonkeyPatch, store: Store) -> None:
    """Every way the server replays a match, and reading a match's actions, now fail."""
    def replayed(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("the listing replayed a match")

    for name in ("rebuild", "replay_onto", "final_turn", "replay_record"):
        monkeypatch.setattr(manager_module, name, replayed)
    monkeypatch.setattr(store, "get_match", replayed)


def test_the_listing_replays_no_match(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    unfinished, finished = record_of(9, 3), record_of(None, 2)
    with serving(store) as client:
        running = create(client, seats=[human("Ann"), human("Bob")])
        for ply, action in enumerate(["take white blue green", "take white blue red"]):
            assert act(client, running, ply % 2, action, ply=ply).status_code == 200
        imported = [client.post("/api/records", json=record).json()["match"]
                    for record in (unfinished, finished)]
        manager_of(client).matches.clear()  # nothing in memory: as after a restart
        refuse_replays(monkeypatch, store)
        listed = {m["match"]: m for m in client.get("/api/matches").json()["matches"]}
    assert (listed[running["match"]]["ply"], listed[running["match"]]["current_player"]) == (2, 0)
    assert [seat["name"] for seat in listed[running["match"]]["seats"]] == ["Ann", "Bob"]
    assert listed[running["match"]]["status"] == "active"
    mid = listed[imported[0]]
    assert (mid["ply"], mid["status"], mid["result"]) == (9, "imported", None)
    assert mid["current_player"] == eurogames.replay(unfinished).current_player
    done = listed[imported[1]]
    assert (done["current_player"], done["result"]) == (-1, finished["result"])
    assert done["ply"] == len(finished["actions"])


def test_a_match_stored_before_the_listing_columns_is_replayed_once(
        store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    unfinished = record_of(9, 3)
    with serving(store) as client:
        made = client.post("/api/records", json=unfinished).json()["match"]
        with store.engine.begin() as conn:  # as the upgrade to schema 3 leaves it
            conn.execute(text("UPDATE matches SET current_player = NULL"))
        turns: list[str] = []
        real_turn = manager_module.final_turn

        def counted(game: Any, stored: Any) -> int:
            turns.append(stored.id)
            return real_turn(game, stored)

        monkeypatch.setattr(manager_module, "final_turn", counted)
        for _ in range(2):
            (entry,) = client.get("/api/matches").json()["matches"]
            assert entry["current_player"] == eurogames.replay(unfinished).current_player
    assert turns == [made]  # once; then the store holds it
    assert store.get_match(made).current_player == eurogames.replay(unfinished).current_player


# -- propagation ---------------------------------------------------------------------------
def test_a_change_in_one_server_is_pushed_to_a_socket_of_the_other(store: Store) -> None:
    with serving(store, poll_seconds=0.2) as one, serving(store, poll_seconds=0.2) as two:
        match = create(one)
        url = f"/ws/matches/{match['match']}?token={token(match, 1)}"
        with two.websocket_connect(url) as ws:
            assert ws.receive_json()["payload"]["ply"] == 0
            # the second server now watches the match: it hears (PostgreSQL) or polls (SQLite)
            assert act(one, match, 0, "take white blue green", ply=0).status_code == 200
            pushed = ws.receive_json()["payload"]
            assert (pushed["ply"], pushed["current_player"]) == (1, 1)
            assert pushed["legal"] and pushed["log"][0]["text"] == "take white blue green"


def test_a_match_finished_in_one_server_is_served_finished_by_the_other(store: Store) -> None:
    with serving(store) as one, serving(store) as two:
        match = create(one, seats=[bot("random"), bot("random")], seed=4)
        assert state(two, match)["status"] == "active"  # the second server holds a copy
        deadline = time.monotonic() + 40
        while state(one, match)["status"] != "finished":
            assert time.monotonic() < deadline, "the bots did not finish"
            time.sleep(0.1)
        final = state(one, match)
        assert state(two, match) == final
        listed = {m["match"]: m for m in two.get("/api/matches").json()["matches"]}
        assert listed[match["match"]]["status"] == "finished"
        assert two.get(f"/api/matches/{match['match']}/record").status_code == 200


# -- real processes ------------------------------------------------------------------------
def socket_url(client: Any, match: dict[str, Any], tok: str | None) -> str:
    query = f"?token={tok}" if tok else ""
    return f"ws://127.0.0.1:{client.base_url.port}/ws/matches/{match['match']}{query}"


def next_state(ws: Any, until: Any, seconds: float = 10) -> dict[str, Any]:
    deadline = time.monotonic() + seconds
    while True:
        message = json.loads(ws.recv(timeout=max(0.01, deadline - time.monotonic())))
        if message["type"] == "state" and until(message["payload"]):
            return message["payload"]  # type: ignore[no-any-return]


def test_two_serve_processes_push_each_others_moves(database: list[str]) -> None:  # noqa: F811
    with running_server(database) as one, running_server(database) as two:
        match = create_over_http(one, "splendor", [{"kind": "human"}, {"kind": "human"}])
        with connect(socket_url(two, match, match["seats"][1]["token"])) as ws:
            next_state(ws, lambda p: p["ply"] == 0)
            moved = one.post(f"/api/matches/{match['match']}/action", json={
                "token": match["seats"][0]["token"], "seat": 0, "ply": 0,
                "action": "take white blue green"})
            assert moved.status_code == 200, moved.text
            pushed = next_state(ws, lambda p: p["ply"] == 1, seconds=5)
            assert pushed["current_player"] == 1 and pushed["legal"]


# -- two real processes, players on both, bots, undo, and a kill -9 --------------------------
class Server:
    """A running ``eurogames serve``: its process and an HTTP client to it."""

    def __init__(self, options: list[str]) -> None:
        self.port = free_port()
        self.process = subprocess.Popen(
            [*SERVE, "--port", str(self.port), *options], stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL, start_new_session=True)
        self.client = httpx.Client(base_url=f"http://127.0.0.1:{self.port}", timeout=10)
        deadline = time.monotonic() + 30
        while True:
            try:
                if self.client.get("/api/catalogue").status_code == 200:
                    return
            except httpx.TransportError:
                pass
            if self.process.poll() is not None or time.monotonic() > deadline:
                self.kill()
                raise AssertionError("the server did not start")
            time.sleep(0.1)

    def alive(self) -> bool:
        return self.process.poll() is None

    def kill(self) -> None:
        """SIGKILL, the server and its bot workers at once: no shutdown code runs."""
        if self.alive():
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=10)
        self.client.close()


class Book:
    """Every action and undo a server acknowledged (answered 200), per match."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.acked: dict[str, dict[int, str]] = {}
        self.undos = 0
        self.refused: list[str] = []

    def played(self, match: str, ply: int, text: str) -> None:
        with self.lock:
            self.acked.setdefault(match, {})[ply] = text

    def undone(self, match: str, ply: int) -> None:
        with self.lock:
            self.acked.get(match, {}).pop(ply, None)
            self.undos += 1


class Player(threading.Thread):
    """A person at one seat, on one server (the other once it dies): waits for the pushed
    state on its socket, then plays a random legal action, or undoes, over HTTP."""

    def __init__(self, servers: list[Server], home: int, match: dict[str, Any], seat: int,
                 book: Book, stop: threading.Event, seed: int) -> None:
        super().__init__(daemon=True)
        self.servers, self.home, self.match, self.seat = servers, home, match, seat
        self.book, self.stop, self.rng = book, stop, random.Random(seed)
        self.token = match["seats"][seat]["token"]
        self.failure: BaseException | None = None

    def server(self) -> Server:
        if not self.servers[self.home].alive():
            self.home = 1 - self.home  # the proxy sends the player to the other process
        return self.servers[self.home]

    def run(self) -> None:
        try:
            while not self.stop.is_set():
                server = self.server()
                try:
                    with connect(socket_url(server.client, self.match, self.token),
                                 open_timeout=5) as ws:
                        while not self.stop.is_set():
                            try:
                                message = json.loads(ws.recv(timeout=2))
                            except TimeoutError:  # nothing pushed: ask
                                message = {"type": "state", "payload": server.client.get(
                                    f"/api/matches/{self.match['match']}/state",
                                    params={"token": self.token}).json()}
                            if message["type"] == "state" and self.decide(server,
                                                                          message["payload"]):
                                return
                except (OSError, httpx.TransportError, ConnectionClosed, InvalidStatus):
                    time.sleep(0.2)  # the server went away: to the other one
        except BaseException as exc:  # reported by the test
            self.failure = exc

    def decide(self, server: Server, payload: dict[str, Any]) -> bool:
        """Act if it is this seat's decision; True once the match is over."""
        if payload["status"] != "active":
            return True
        if payload["current_player"] != self.seat or not payload["legal"]:
            return False
        url = f"/api/matches/{self.match['match']}"
        body = {"token": self.token, "seat": self.seat, "ply": payload["ply"]}
        if payload["can_undo"] and self.rng.random() < 0.4:
            response = server.client.post(f"{url}/undo", json=body)
            if response.status_code == 200:
                self.book.undone(self.match["match"], payload["ply"])
        else:
            choice = self.rng.choice(payload["legal"])["text"]
            response = server.client.post(f"{url}/action", json={**body, "action": choice})
            if response.status_code == 200:
                self.book.played(self.match["match"], payload["ply"] + 1, choice)
        if response.status_code != 200:
            self.book.refused.append(response.json()["error"]["code"])
        return False


def test_two_processes_share_matches_through_bots_undo_and_a_kill(
        database: list[str]) -> None:  # noqa: F811
    """Two ``eurogames serve`` processes on one database, people connected to both, bots,
    undo; one process is killed with SIGKILL and its players go on on the other. Every
    stored history replays, and every action a server acknowledged is stored."""
    servers = [Server(database), Server(database)]
    try:
        first, second = servers
        humans = {"kind": "human"}
        matches = [  # (match, {seat: the server its player uses})
            (create_over_http(first.client, "splendor", [humans, humans]), {0: 0, 1: 1}),
            (create_over_http(first.client, "alhambra", [humans, {"kind": "bot",
                              "bot": "random"}, {"kind": "bot", "bot": "greedy"}]), {0: 1}),
            (create_over_http(second.client, "splendor", [humans, {"kind": "bot",
                              "bot": "random"}]), {0: 0}),
        ]
        book, stop = Book(), threading.Event()
        players = [Player(servers, home, match, seat, book, stop, seed=n)
                   for n, (match, seats) in enumerate(matches) for seat, home in seats.items()]
        for player in players:
            player.start()
        time.sleep(7)
        # bots alone, driven by the first process until it dies: the second takes over
        robots = create_over_http(first.client, "alhambra", [
            {"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}])
        matches.append((robots, {}))
        time.sleep(1)
        plies_at_kill = {match["match"]: second.client.get(
            f"/api/matches/{match['match']}/state").json()["ply"] for match, _ in matches}
        first.kill()  # mid-game: its players, and the bots it drove, go on on the second
        time.sleep(10)
        stop.set()
        for player in players:
            player.join(timeout=15)
            assert player.failure is None, repr(player.failure)
        finals = {match["match"]: second.client.get(
            f"/api/matches/{match['match']}/state").json() for match, _ in matches}
    finally:
        for server in servers:
            server.kill()

    store = Store.sqlite(Path(database[1])) if database[0] == "--db" else Store(database[1])
    try:
        for match, _ in matches:
            stored = store.get_match(match["match"])
            replayed = eurogames.replay(stored.record())  # every history replays
            final = finals[match["match"]]
            assert final["ply"] == replayed.ply == stored.plies  # the survivor serves it
            assert (final["status"] == "finished") == replayed.is_over()
            # after the kill, every match went on (or was over already)
            assert final["status"] != "active" or final["ply"] > plies_at_kill[match["match"]]
            for ply, text in book.acked.get(match["match"], {}).items():
                assert stored.actions[ply - 1].text == text, (match["match"], ply)
    finally:
        store.close()
    assert sum(len(acked) for acked in book.acked.values()) >= 10
    assert book.undos >= 1
    assert set(book.refused) <= {"stale", "not_your_turn", "finished", "cannot_undo"}


def test_serve_with_workers_serves_every_request_from_the_stored_match(
        tmp_path: Path) -> None:
    """``eurogames serve --workers 2``: two processes on one port and one database; any of
    them answers each request with what is stored, and pushes every move to the sockets."""
    port = free_port()
    process = subprocess.Popen(
        [*SERVE, "--port", str(port), "--db", str(tmp_path / "games.sqlite3"), "--workers",
         "2"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True,
        env={**os.environ, "COLUMNS": "200"})
    assert process.stdout is not None
    try:
        assert "with 2 processes" in process.stdout.readline().decode()
        client = httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=10)
        deadline = time.monotonic() + 30
        while True:
            try:
                if client.get("/api/catalogue").status_code == 200:
                    break
            except httpx.TransportError:
                assert time.monotonic() < deadline, "the server did not start"
                time.sleep(0.1)
        match = create_over_http(client, "splendor", [{"kind": "human"}, {"kind": "human"}])
        rng = random.Random(3)
        url = f"/api/matches/{match['match']}"
        with connect(socket_url(client, match, match["seats"][1]["token"])) as ws:
            for ply in range(16):
                seat = client.get(f"{url}/state").json()["current_player"]
                tok = match["seats"][seat]["token"]
                mine = client.get(f"{url}/state", params={"token": tok}).json()
                assert mine["ply"] == ply  # whichever process answers
                moved = client.post(f"{url}/action", json={
                    "token": tok, "seat": seat, "ply": ply,
                    "action": rng.choice(mine["legal"])["text"]})
                assert moved.status_code == 200, moved.text
                next_state(ws, lambda p, ply=ply: p["ply"] == ply + 1, seconds=5)
        client.close()
    finally:
        os.killpg(process.pid, signal.SIGINT)
        rest = process.stdout.read().decode()
        process.wait(timeout=20)
        process.stdout.close()
    assert "stopped" in rest and "Traceback" not in rest
    assert len(Store.sqlite(tmp_path / "games.sqlite3").get_match(match["match"]).actions) == 16
