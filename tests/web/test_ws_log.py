"""The log over the WebSocket (docs/web.md "WebSocket"): a socket that asks for it
(``log=delta``) is sent only the log's entries its client has not had, each state message
saying where they start (``log_from``), and the whole log on connect, after an undo, when a
hot-seat host's shown seat changes, when another server process replays a different
history, and when the client asks (``resync``). A client that appends what it is sent holds
the log as HTTP serves it, at every ply, in its own words."""

from __future__ import annotations

import json
import random
import re
from typing import TYPE_CHECKING, Any

import httpx
import pytest
from starlette.websockets import WebSocketDisconnect

from eurogames.store import Store
from eurogames.web import create_app

from . import TINY_LEVELS, act, create, human, state, token
from .conftest import TestClient
from .test_browser import (  # noqa: F401
    NewPage,
    artifacts,
    base,
    browser,
    create_match,
    new_page,
    seat_url,
    wait_ply,
)

if TYPE_CHECKING:
    from playwright.sync_api import WebSocketRoute

# Splendor, seed 5, seat 0 first: after these six takes and "take white blue" seat 0 holds 11
# tokens and must return one (ply 7): the take revealed nothing, so it can be undone
OPENING = ["take white blue green", "take white red black", "take white blue green",
           "take blue red black", "take green red black", "take green red black"]


def socket_url(match: dict[str, Any], tok: str | None = None, log: str | None = "delta",
               lang: str = "en") -> str:
    query = f"?lang={lang}" + (f"&token={tok}" if tok else "") + (f"&log={log}" if log else "")
    return f"/ws/matches/{match['match']}{query}"


class LogReader:
    """A client of one socket that holds the log as the play page does: it takes a message
    with ``log_from`` 0 whole and appends any other to what it holds, and fails on a gap or
    an overlap (the page would ask for a resync; the server must never make it)."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.log: list[dict[str, Any]] | None = None
        self.starts: list[int] = []  # the log_from of every state read
        self.size_at: dict[int, int] = {}  # ply -> the bytes of the last state read at it

    def read(self) -> dict[str, Any]:
        raw = self.ws.receive_text()
        message = json.loads(raw)
        assert message["type"] == "state", message
        payload, start = message["payload"], message["log_from"]
        if start == 0:
            self.log = payload["log"]
        else:
            assert self.log is not None, "a first message that is not the whole log"
            assert start == len(self.log), f"log_from {start}, held {len(self.log)}"
            self.log = self.log + payload["log"]
        assert len(self.log) == payload["ply"], "the log held has a gap or a repeat"
        self.starts.append(start)
        self.size_at[payload["ply"]] = len(raw.encode())
        return payload

    def until_ply(self, ply: int, limit: int = 20) -> dict[str, Any]:
        """The first state at ``ply`` (presence updates may come first)."""
        for _ in range(limit):
            payload = self.read()
            if payload["ply"] == ply:
                return payload
        raise AssertionError(f"no state at ply {ply} arrived")


def http_log(client: Any, match: dict[str, Any], tok: str | None) -> list[dict[str, Any]]:
    return state(client, match, tok)["log"]


def play_one(client: Any, match: dict[str, Any], rng: random.Random) -> int:
    """The seat deciding now plays a random legal action over HTTP; the new ply."""
    seat = state(client, match)["current_player"]
    mine = state(client, match, token(match, seat))
    response = act(client, match, seat, rng.choice(mine["legal"])["text"], ply=mine["ply"])
    assert response.status_code == 200, response.text
    return int(response.json()["ply"])


def test_a_moves_message_stays_small_as_the_game_grows(client: Any) -> None:
    """The issue's case: the 100th move's message weighs about what the 5th's does (the log
    entry it adds, not the whole log), while a socket that takes the whole log every time
    gets one several times the size."""
    match = create(client, "alhambra", [human("Ann"), human("Bob")], seed=3)
    rng = random.Random(1)
    with client.websocket_connect(socket_url(match)) as new, \
            client.websocket_connect(socket_url(match, log=None)) as whole, \
            client.websocket_connect(socket_url(match, token(match, 1))) as seat:
        readers = [LogReader(new), LogReader(whole), LogReader(seat)]
        for reader in readers:
            reader.read()
        for ply in range(1, 101):
            assert play_one(client, match, rng) == ply
            for reader in readers:
                reader.until_ply(ply)
    spectator, full, bob = readers
    assert spectator.size_at[100] <= 3 * spectator.size_at[5]
    assert full.size_at[100] > 5 * full.size_at[5]  # the measure sees a whole log
    assert spectator.starts[-100:] == list(range(100))  # each message: the new entry alone
    assert max(bob.size_at[ply] for ply in range(91, 101)) <= \
        3 * max(bob.size_at[ply] for ply in range(1, 11))
    assert spectator.log == full.log == http_log(client, match, None)


def test_a_client_that_appends_holds_the_full_log_at_every_ply_across_undo_and_reconnect(
        client: Any) -> None:
    match = create(client, seed=5, options={"first": 0})
    with client.websocket_connect(socket_url(match, token(match, 0))) as ann_ws, \
            client.websocket_connect(socket_url(match)) as watcher_ws:
        ann, watcher = LogReader(ann_ws), LogReader(watcher_ws)
        ann.read()
        watcher.read()

        def check(ply: int, *readers_and_tokens: tuple[LogReader, str | None]) -> None:
            for reader, tok in readers_and_tokens:
                reader.until_ply(ply)
                assert reader.log == http_log(client, match, tok), f"ply {ply}"

        with client.websocket_connect(socket_url(match, token(match, 1))) as bob_ws:
            bob = LogReader(bob_ws)
            bob.read()
            people = [(ann, token(match, 0)), (watcher, None), (bob, token(match, 1))]
            for ply, action in enumerate(OPENING):
                assert act(client, match, ply % 2, action, ply=ply).status_code == 200
                check(ply + 1, *people)
            ann_ws.send_json({"type": "action", "seat": 0, "ply": 6, "action": "take white blue"})
            check(7, *people)
            ann_ws.send_json({"type": "undo", "seat": 0, "ply": 7})
            check(6, *people)
            # the undo took an entry back: every socket got the whole log again
            assert ann.starts[-1] == watcher.starts[-1] == bob.starts[-1] == 0
            assert act(client, match, 0, "reserve 1.1", ply=6).status_code == 200
            check(7, *people)
            assert ann.starts[-1] == watcher.starts[-1] == bob.starts[-1] == 6
        # Bob is away for some moves, and reconnects: his first message is the whole log
        rng = random.Random(2)
        for ply in range(8, 12):
            assert play_one(client, match, rng) == ply
            check(ply, (ann, token(match, 0)), (watcher, None))
        with client.websocket_connect(socket_url(match, token(match, 1))) as again_ws:
            again = LogReader(again_ws)
            check(11, (again, token(match, 1)))
            assert again.starts == [0] and len(again.log or []) == 11
            for ply in range(12, 16):
                assert play_one(client, match, rng) == ply
                check(ply, (again, token(match, 1)), (ann, token(match, 0)), (watcher, None))
            assert again.starts[-4:] == [11, 12, 13, 14]


def test_each_seat_and_the_spectator_read_the_new_entry_in_their_own_words(
        client: Any) -> None:
    match = create(client, seed=5, options={"first": 0})
    with client.websocket_connect(socket_url(match, token(match, 0))) as ann_ws, \
            client.websocket_connect(socket_url(match, token(match, 1))) as bob_ws, \
            client.websocket_connect(socket_url(match)) as watcher_ws, \
            client.websocket_connect(socket_url(match, token(match, 1), lang="zh-Hant")) as zh_ws:
        readers = [LogReader(ws) for ws in (ann_ws, bob_ws, watcher_ws, zh_ws)]
        for reader in readers:
            reader.read()
        assert act(client, match, 0, "take white blue green", ply=0).status_code == 200
        ann, bob, watcher, zh = (reader.until_ply(1)["log"] for reader in readers)
    assert [len(ann), len(bob), len(watcher), len(zh)] == [1, 1, 1, 1]
    assert ann[0]["description"].startswith("You take 3 different gem tokens")
    assert bob[0]["description"].startswith("{seat:0} takes 3 different gem tokens")
    assert watcher[0]["description"] == bob[0]["description"]
    assert zh[0]["description"].startswith("{seat:0}拿取3個")


def test_a_hot_seat_host_gets_the_whole_log_when_the_seat_shown_changes(client: Any) -> None:
    """The log is worded for the seat shown ("You take …"): when the host's shown seat
    changes from one person to the other, every earlier entry reads differently."""
    match = create(client, seed=5, options={"first": 0}, hotseat=True)
    host = match["host"]["token"]
    with client.websocket_connect(socket_url(match, host)) as ws:
        reader = LogReader(ws)
        reader.read()
        for ply, action in enumerate(OPENING[:3]):
            assert act(client, match, ply % 2, action, tok=host, ply=ply).status_code == 200
            payload = reader.until_ply(ply + 1)
            assert payload["seat"] == (ply + 1) % 2
            assert reader.log == http_log(client, match, host)
            assert reader.starts[-1] == 0
        assert reader.log is not None
        assert reader.log[0]["description"].startswith("{seat:0} takes")  # Bob's screen now
        assert reader.log[1]["description"].startswith("You take")


def test_a_resync_message_is_answered_with_the_whole_log(client: Any) -> None:
    match = create(client, seed=5, options={"first": 0})
    with client.websocket_connect(socket_url(match, token(match, 1))) as ws:
        reader = LogReader(ws)
        reader.read()
        for ply, action in enumerate(OPENING[:3]):
            assert act(client, match, ply % 2, action, ply=ply).status_code == 200
            reader.until_ply(ply + 1)
        assert reader.starts[-1] == 2
        ws.send_json({"type": "resync"})
        again = reader.read()
        assert reader.starts[-1] == 0 and len(again["log"]) == 3
        assert again["log"] == http_log(client, match, token(match, 1))
        assert act(client, match, 1, OPENING[3], ply=3).status_code == 200
        reader.until_ply(4)
        assert reader.starts[-1] == 3  # new entries again after the resync


def test_a_socket_that_does_not_ask_gets_the_whole_log_every_time(client: Any) -> None:
    match = create(client, seed=5, options={"first": 0})
    for log in (None, "full"):
        with client.websocket_connect(socket_url(match, token(match, 0), log=log)) as ws:
            reader = LogReader(ws)
            ply = state(client, match)["ply"]
            reader.until_ply(ply)
            assert act(client, match, ply % 2, OPENING[ply], ply=ply).status_code == 200
            payload = reader.until_ply(ply + 1)
            assert reader.starts == [0, 0] and len(payload["log"]) == ply + 1


def test_an_unknown_log_mode_closes_the_socket(client: Any) -> None:
    match = create(client)
    with client.websocket_connect(socket_url(match, log="some")) as ws, \
            pytest.raises(WebSocketDisconnect) as closed:
        ws.receive_json()
    assert closed.value.code == 4400 and "log must be one of full, delta" in closed.value.reason


def test_moves_made_by_another_process_arrive_as_new_entries_and_a_new_history_whole(
        store: Store) -> None:
    """docs/web.md "Deployment": a copy that the stored actions extend sends the new entries;
    one replayed anew (an undo and another move, made by another process: as many entries as
    before, the last one another) sends the whole log. The second server learns of each
    change when it is next asked for the match (its poll is left out of the way)."""
    def serving() -> TestClient:
        return TestClient(create_app(store, bot_workers=1, bot_levels=TINY_LEVELS,
                                     poll_seconds=3600))

    with serving() as one, serving() as two:
        match = create(one, seed=5, options={"first": 0})
        with two.websocket_connect(socket_url(match, token(match, 1))) as ws:
            reader = LogReader(ws)
            reader.read()
            for ply, action in enumerate([*OPENING, "take white blue"]):
                assert act(one, match, ply % 2, action, ply=ply).status_code == 200
                seen = http_log(two, match, token(match, 1))  # two reloads, and pushes
                reader.until_ply(ply + 1)
                assert reader.log == seen
            assert reader.starts == [0, *range(7)]  # connected, then each move's entry
            before = len(reader.starts)
            undo = {"token": token(match, 0), "seat": 0, "ply": 7}
            assert one.post(f"/api/matches/{match['match']}/undo", json=undo).status_code == 200
            assert act(one, match, 0, "reserve 1.1", ply=6).status_code == 200
            seen = http_log(two, match, token(match, 1))
            reader.until_ply(7)
            # another history: the whole log, at once (SQLite: two learns of both changes
            # when asked), or when the undo arrives (PostgreSQL notifies each change)
            assert 0 in reader.starts[before:]
            assert reader.log == seen and seen[-1]["text"] == "reserve 1.1"


def test_the_play_page_asks_for_the_whole_log_when_an_entry_went_missing(
        base: str, new_page: NewPage) -> None:  # noqa: F811
    """The page appends the entries it is sent; a message lost on the way (dropped here, in
    the browser) leaves it a gap, which the next message shows (``log_from`` past its
    entries): it asks for a resync and draws the whole log, never a log with a hole."""
    match = create_match(base, "splendor", [human("Ann"), human("Bob")], seed=5,
                         options={"first": 0})
    page = new_page()
    urls: list[str] = []
    sent: list[dict[str, Any]] = []
    dropped: list[dict[str, Any]] = []

    def lose_one(ws: WebSocketRoute) -> None:
        urls.append(ws.url)
        server = ws.connect_to_server()

        def to_page(message: str | bytes) -> None:
            data = json.loads(message)
            if not dropped and data.get("type") == "state" and data["payload"]["ply"] == 3:
                dropped.append(data)  # lost on the way
                return
            ws.send(message)

        def to_server(message: str | bytes) -> None:
            sent.append(json.loads(message))
            server.send(message)

        server.on_message(to_page)
        ws.on_message(to_server)

    page.route_web_socket(re.compile(r"/ws/matches/"), lose_one)
    page.goto(seat_url(base, match, 1))
    page.wait_for_selector("#play[data-ply='0']")
    with httpx.Client(base_url=base, timeout=10) as http:
        def play(seat: int, ply: int, action: str) -> None:
            response = http.post(f"/api/matches/{match['match']}/action", json={
                "token": token(match, seat), "seat": seat, "ply": ply, "action": action})
            assert response.status_code == 200, response.text

        for ply, action in enumerate(OPENING[:5]):
            play(ply % 2, ply, action)
            if ply + 1 != 3:  # the page never hears of ply 3
                wait_ply(page, ply + 1)
        log = http.get(f"/api/matches/{match['match']}/state",
                       params={"token": token(match, 1)}).json()["log"]
    assert urls and "log=delta" in urls[0]
    assert dropped and dropped[0]["log_from"] == 2  # the entry of ply 3 never arrived
    assert {"type": "resync"} in sent
    page.wait_for_function("() => document.querySelectorAll('#log .log-entry').length === 5")
    texts = page.eval_on_selector_all("#log .log-entry", "els => els.map(e => e.dataset.text)")
    assert texts == [entry["text"] for entry in log] == OPENING[:5]
    assert "Ann takes 3 different gem tokens: white, blue, green" in page.inner_text("#log")
    assert "You take 3 different gem tokens: white, red, black" in page.inner_text("#log")
