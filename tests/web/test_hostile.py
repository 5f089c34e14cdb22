"""Hostile input (docs/web.md "Limits"): bodies and socket messages that once made the server
fail with a 500 or drop a socket, bodies over the limit, records that would stall the server,
and imports beyond their caps. Each is refused in the one error shape with a 4xx, nothing is
stored, and a socket stays open and usable.
"""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import pytest

import eurogames
from eurogames.store import Store
from eurogames.web import create_app, inputs
from eurogames.web import manager as manager_module

from . import TINY_LEVELS, create, human, token
from .conftest import TestClient

DEEP = "[" * 100_000 + "]" * 100_000
HUGE = "9" * 5000  # beyond Python's 4300-digit conversion limit
LONG = "9" * 1000  # within it, but no seed, ply, seat or id is this long


def error_of(response: Any) -> tuple[int, str, str]:
    body = response.json()
    assert set(body) == {"error"} and set(body["error"]) == {"code", "message"}, body
    return response.status_code, body["error"]["code"], body["error"]["message"]


def post_raw(client: Any, url: str, text: str | bytes) -> Any:
    return client.post(url, content=text.encode() if isinstance(text, str) else text,
                       headers={"content-type": "application/json"})


def snapshot(store: Store) -> list[tuple[str, int, str]]:
    return [(info.id, info.plies, info.status) for info in store.list_matches()]


def stalling_record(plies: int, seed: int = 1) -> dict[str, Any]:
    """A legal Splendor record that never ends: both seats reserve, then take three tokens
    and give three back, for ``plies`` decisions (the rules have no move limit)."""
    state = eurogames.load("splendor").new(2, seed=seed)
    rng = random.Random(seed)
    while state.ply < plies:
        supply = state.view(None)["supply"]

        def rank(text: str, supply: dict[str, int] = supply) -> tuple[int, int]:
            words = text.split()
            if words[0] == "reserve":
                return (0, 0)
            if words[0] == "return":  # keep the supply varied: give back what it lacks
                return (1, 99 if words[1] == "gold" else supply[words[1]])
            if words[0] == "take":
                return (2, -len(words))
            return (3, 0) if words[0] == "pass" else (9, 0)

        legal = state.legal_actions()
        best = min(rank(action.text) for action in legal)
        assert best[0] < 9
        state.apply(rng.choice([a for a in legal if rank(a.text) == best]))
    return state.record()


def short_record(plies: int = 6, seed: int = 3) -> dict[str, Any]:
    state = eurogames.load("splendor").new(2, seed=seed)
    rng = random.Random(seed)
    while state.ply < plies:
        state.apply(rng.choice(state.legal_actions()))
    return state.record()


# -- bodies the reader refuses -------------------------------------------------------------
def body_routes(client: Any) -> tuple[dict[str, Any], list[str]]:
    match = create(client)
    session = client.post("/api/lacerda", json={}).json()["session"]
    return match, ["/api/matches", f"/api/matches/{match['match']}/action",
                   f"/api/matches/{match['match']}/undo", "/api/records", "/api/lacerda",
                   f"/api/lacerda/{session}/answer", f"/api/lacerda/{session}/undo"]


def test_deeply_nested_json_is_a_400_on_every_body_route(client: Any, store: Store) -> None:
    match, routes = body_routes(client)
    before = snapshot(store)
    nested = '{"token": "x", "seat": 0, "ply": 0, "action": ' + "[" * 1500 + "]" * 1500 + "}"
    just_over = "[" * (inputs.MAX_DEPTH + 1) + "]" * (inputs.MAX_DEPTH + 1)
    for url in routes:
        for text in (DEEP, nested, just_over):
            status, code, message = error_of(post_raw(client, url, text))
            assert (status, code) == (400, "malformed") and "deeper" in message, (url, message)
    # a record's text sent as a JSON string is read by the same reader (a bad record: 422)
    for text in (DEEP[:20_000] + DEEP[-20_000:], '{"seed": ' + HUGE + "}", '["\\ud800"]'):
        status, code, _ = error_of(client.post("/api/records", json=text))
        assert (status, code) == (422, "malformed")
    assert snapshot(store) == before
    # at the limit it is read (and then refused for what it is, not for its depth)
    at_limit = "[" * inputs.MAX_DEPTH + "]" * inputs.MAX_DEPTH
    assert error_of(post_raw(client, routes[0], at_limit))[:2] == (422, "malformed")


@pytest.mark.parametrize("field", ["seat", "ply", "action"])
@pytest.mark.parametrize("digits", [HUGE, LONG])
def test_an_integer_of_thousands_of_digits_is_a_400(client: Any, store: Store, field: str,
                                                   digits: str) -> None:
    match = create(client)
    body = {"token": token(match, 0), "seat": 0, "ply": 0, "action": 0}
    text = json.dumps(body).replace(f'"{field}": 0', f'"{field}": {digits}')
    for sign in ("", "-"):
        response = post_raw(client, f"/api/matches/{match['match']}/action",
                            text.replace(digits, sign + digits))
        status, code, message = error_of(response)
        assert (status, code) == (400, "malformed") and "digits" in message
        assert len(message) < 200  # the number is not echoed back
    assert snapshot(store)[0][1] == 0


@pytest.mark.parametrize("digits", [HUGE, LONG])
def test_a_seed_of_thousands_of_digits_is_a_400(client: Any, store: Store,
                                               digits: str) -> None:
    body = json.dumps({"game": "splendor", "players": 2, "seats": [human(), human("Bob")],
                       "seed": 0}).replace('"seed": 0', f'"seed": {digits}')
    assert error_of(post_raw(client, "/api/matches", body))[:2] == (400, "malformed")
    lacerda = '{"seed": ' + digits + "}"
    assert error_of(post_raw(client, "/api/lacerda", lacerda))[:2] == (400, "malformed")
    record = json.dumps(short_record()).replace('"seed": 3', f'"seed": {digits}')
    assert error_of(post_raw(client, "/api/records", record))[:2] == (400, "malformed")
    assert snapshot(store) == []


def test_a_seed_beyond_64_bits_is_still_read(client: Any) -> None:
    # a record may carry a seed beyond 64 bits (the store keeps seeds as text)
    seed = 2**100 + 7
    body = {"game": "splendor", "players": 2, "seats": [human(), human("Bob")], "seed": seed}
    assert client.post("/api/matches", json=body).status_code == 201


def test_numbers_that_are_not_json_are_a_400(client: Any, store: Store) -> None:
    match = create(client)
    url = f"/api/matches/{match['match']}/action"
    for number in ("NaN", "Infinity", "-Infinity", "1e999"):
        text = (f'{{"token": "{token(match, 0)}", "seat": 0, "ply": 0, '
                f'"action": {number}}}')
        assert error_of(post_raw(client, url, text))[:2] == (400, "malformed"), number
    assert snapshot(store)[0][1] == 0


def test_lone_surrogates_in_names_and_tokens_are_a_400(client: Any, store: Store) -> None:
    match = create(client)
    url = f"/api/matches/{match['match']}/action"
    texts = [
        (url, '{"token": "\\ud800", "seat": 0, "ply": 0, "action": 0}'),
        (url, f'{{"token": "{token(match, 0)}", "seat": 0, "ply": 0, '
              '"action": "take \\udfff"}'),
        (url, '{"\\ud800": 1}'),
        (f"/api/matches/{match['match']}/undo", '{"token": "ab\\uDC00", "seat": 0, "ply": 0}'),
        ("/api/matches", '{"game": "splendor", "players": 2, "seats": [{"kind": "human", '
                         '"name": "Ann\\ud800"}, {"kind": "human"}]}'),
        ("/api/lacerda", '{"settings": {"follow": "\\ud83d"}}'),
    ]
    for where, text in texts:
        status, code, message = error_of(post_raw(client, where, text))
        assert (status, code) == (400, "malformed") and "surrogate" in message, (text, message)
    assert snapshot(store) == [(match["match"], 0, "active")]
    # a surrogate pair is one character (an emoji): a name like any other
    pair = ('{"game": "splendor", "players": 2, "seats": [{"kind": "human", "name": '
            '"Ann \\ud83d\\ude00"}, {"kind": "human"}]}')
    made = post_raw(client, "/api/matches", pair)
    assert made.status_code == 201 and made.json()["seats"][0]["name"] == "Ann \U0001f600"


def test_a_body_that_is_not_utf8_json_is_a_400(client: Any, store: Store) -> None:
    match = create(client)
    body = {"token": token(match, 0), "seat": 0, "ply": 0, "action": "take white blue green"}
    url = f"/api/matches/{match['match']}/action"
    for encoding in ("utf-16", "utf-32", "latin-1"):
        text = json.dumps(body, ensure_ascii=False).replace("take", "tåke")
        status, code, message = error_of(post_raw(client, url, text.encode(encoding)))
        assert (status, code) == (400, "malformed") and "UTF-8" in message, encoding
    assert snapshot(store)[0][1] == 0


# -- bodies over the limit, refused before they are read -----------------------------------
def call(app: Any, path: str, headers: list[tuple[bytes, bytes]],
         chunks: Any) -> tuple[int, dict[str, Any], int]:
    """One raw ASGI request (a real server streams the body in chunks, as here): the status,
    the JSON answer and how many chunks the application asked for."""
    asked = 0
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        nonlocal asked
        asked += 1
        chunk = next(chunks, None)
        if chunk is None:
            return {"type": "http.request", "body": b"", "more_body": False}
        return {"type": "http.request", "body": chunk, "more_body": True}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1",
             "method": "POST", "scheme": "http", "path": path, "raw_path": path.encode(),
             "query_string": b"", "root_path": "", "headers": headers,
             "client": ("127.0.0.1", 1), "server": ("127.0.0.1", 80)}
    asyncio.run(app(scope, receive, send))
    status = next(m["status"] for m in sent if m["type"] == "http.response.start")
    body = b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")
    return status, json.loads(body), asked


def test_a_body_over_the_limit_is_refused_from_its_content_length(store: Store) -> None:
    app = create_app(store, bot_workers=1, bot_levels=TINY_LEVELS)
    endless = iter(lambda: b" " * 65536, None)  # never ends: it must not be read
    for path, limit in (("/api/matches", inputs.MAX_BODY), ("/api/records", inputs.MAX_RECORD),
                        ("/api/lacerda", inputs.MAX_BODY)):
        headers = [(b"content-type", b"application/json"),
                   (b"content-length", str(limit + 1).encode())]
        status, answer, asked = call(app, path, headers, endless)
        assert (status, answer["error"]["code"]) == (413, "malformed") and asked == 0
    headers = [(b"content-type", b"application/json"), (b"content-length", HUGE.encode())]
    assert call(app, "/api/matches", headers, endless)[0] == 413


def test_a_streamed_body_is_refused_once_over_the_limit(store: Store) -> None:
    app = create_app(store, bot_workers=1, bot_levels=TINY_LEVELS)
    chunk = 65536
    for path, limit in (("/api/matches", inputs.MAX_BODY), ("/api/records", inputs.MAX_RECORD)):
        endless = iter(lambda: b" " * chunk, None)
        status, answer, asked = call(app, path, [(b"content-type", b"application/json")],
                                     endless)
        assert (status, answer["error"]["code"]) == (413, "malformed")
        assert asked <= limit // chunk + 1  # stopped at the limit, not at the end
    assert store.list_matches() == []


# -- the WebSocket -------------------------------------------------------------------------
def test_hostile_socket_messages_are_answered_and_the_socket_stays_open(client: Any) -> None:
    match = create(client)
    url = f"/ws/matches/{match['match']}?token={token(match, 0)}"
    hostile = [
        DEEP,
        '{"type": "action", "seat": 0, "ply": 0, "action": ' + "[" * 1500 + "]" * 1500 + "}",
        f'{{"type": "action", "seat": 0, "ply": {HUGE}, "action": 0}}',
        f'{{"type": "action", "seat": {LONG}, "ply": 0, "action": 0}}',
        f'{{"type": "action", "seat": 0, "ply": 0, "action": {HUGE}}}',
        '{"type": "action", "seat": 0, "ply": 0, "action": "take \\ud800"}',
        '{"type": "ping", "x": NaN}',
        '{"type": "ping", "pad": "' + "x" * (inputs.MAX_MESSAGE + 1) + '"}',
    ]
    with client.websocket_connect(url) as ws:
        assert ws.receive_json()["type"] == "state"
        for text in hostile:
            ws.send_text(text)
            answer = ws.receive_json()
            assert answer["type"] == "error" and answer["code"] == "malformed", text[:80]
            ws.send_text('{"type": "ping"}')
            assert ws.receive_json() == {"type": "pong"}
        ws.send_json({"type": "action", "seat": 0, "ply": 0, "action": "take white blue green"})
        assert ws.receive_json()["payload"]["ply"] == 1


def test_an_unforeseen_failure_is_a_500_in_the_error_shape(store: Store,
                                                          monkeypatch: Any) -> None:
    async def broken(*args: Any) -> None:
        raise RuntimeError("a bug")

    app = create_app(store, bot_workers=1, bot_levels=TINY_LEVELS)
    with TestClient(app, raise_server_exceptions=False) as client:
        match = create(client)
        monkeypatch.setattr(app.state.manager, "play", broken)
        response = client.post(f"/api/matches/{match['match']}/action",
                               json={"token": token(match, 0), "seat": 0, "ply": 0,
                                     "action": 0})
        assert error_of(response)[:2] == (500, "internal")
        url = f"/ws/matches/{match['match']}?token={token(match, 0)}"
        with client.websocket_connect(url) as ws:
            assert ws.receive_json()["type"] == "state"
            ws.send_json({"type": "action", "seat": 0, "ply": 0, "action": 0})
            assert ws.receive_json()["code"] == "internal"
            ws.send_json({"type": "ping"})
            assert ws.receive_json() == {"type": "pong"}


# -- records that would stall the server ---------------------------------------------------
def test_a_record_beyond_the_ply_limit_is_refused_unplayed(client: Any, store: Store) -> None:
    limit = manager_module.record_ply_limit(eurogames.load("splendor"), 2)
    assert limit == 2 * manager_module.MAX_PLIES_PER_PLAYER
    record = stalling_record(limit + 1)  # legal: the rules have no move limit
    status, code, message = error_of(client.post("/api/records", json=record))
    assert (status, code) == (422, "malformed") and str(limit) in message
    assert snapshot(store) == []


def test_the_ply_limit_is_per_game_and_player_count(client: Any, store: Store,
                                                    monkeypatch: Any) -> None:
    monkeypatch.setattr(manager_module, "MAX_PLIES_PER_PLAYER", 5)
    assert client.post("/api/records", json=short_record(10)).status_code == 201
    assert error_of(client.post("/api/records", json=short_record(11)))[:2] == (422,
                                                                                "malformed")
    assert len(snapshot(store)) == 1


def test_a_record_over_its_byte_limit_is_refused(client: Any, store: Store) -> None:
    text = json.dumps(short_record(), indent=inputs.MAX_RECORD // 20)  # padded, still valid
    assert inputs.MAX_RECORD < len(text) < inputs.MAX_BODY
    status, code, _ = error_of(post_raw(client, "/api/records", text))
    assert (status, code) == (413, "malformed")
    assert snapshot(store) == []


def test_imports_are_capped_per_minute_and_in_total(store: Store, monkeypatch: Any) -> None:
    now = [1000.0]
    monkeypatch.setattr(manager_module, "monotonic", lambda: now[0])
    limits = manager_module.ImportLimits(per_minute=3, total=5)
    app = create_app(store, bot_workers=1, bot_levels=TINY_LEVELS, import_limits=limits)
    record = short_record()
    with TestClient(app) as client:
        for _ in range(3):
            assert client.post("/api/records", json=record).status_code == 201
        response = client.post("/api/records", json=record)
        status, code, message = error_of(response)
        assert (status, code) == (429, "too_many") and "3" in message
        assert int(response.headers["retry-after"]) == 60
        now[0] += 30
        assert client.post("/api/records", json={"game": "nope"}).status_code == 429
        now[0] += 31  # a minute after the first import: room for three more
        assert client.post("/api/records", json=record).status_code == 201
        # a refused record counts against the rate too: its replay cost the server as much
        assert error_of(client.post("/api/records", json={**record, "actions": ["nope"]}))[0] == 422
        assert client.post("/api/records", json=record).status_code == 201
        now[0] += 61
        status, code, message = error_of(client.post("/api/records", json=record))
        assert (status, code) == (409, "full") and "5" in message
    assert [info.status for info in store.list_matches()] == ["imported"] * 5


def finished_record(seed: int = 2) -> dict[str, Any]:
    state = eurogames.load("splendor").new(2, seed=seed)
    rng = random.Random(seed)
    while not state.is_over():
        state.apply(rng.choice(state.legal_actions()))
    return state.record()


def test_the_listing_does_not_replay_imported_matches(client: Any, monkeypatch: Any) -> None:
    rebuilt: list[str] = []
    real_rebuild, real_turn = manager_module.rebuild, manager_module.final_turn

    def counted_rebuild(game: Any, stored: Any) -> Any:
        rebuilt.append(stored.id)
        return real_rebuild(game, stored)

    turns: list[str] = []

    def counted_turn(game: Any, stored: Any) -> int:
        turns.append(stored.id)
        return real_turn(game, stored)

    monkeypatch.setattr(manager_module, "rebuild", counted_rebuild)
    monkeypatch.setattr(manager_module, "final_turn", counted_turn)
    unfinished, finished = short_record(7), finished_record()
    made = [client.post("/api/records", json=record).json()["match"]
            for record in (unfinished, finished)]
    for _ in range(2):
        listed = {m["match"]: m for m in client.get("/api/matches").json()["matches"]}
        assert listed[made[0]]["current_player"] == eurogames.replay(unfinished).current_player
        assert listed[made[0]]["ply"] == 7 and listed[made[0]]["result"] is None
        assert listed[made[1]]["current_player"] == -1
        assert listed[made[1]]["result"] == finished["result"]
    assert rebuilt == [] and turns == []  # the row says whose turn it is (store schema 3)
