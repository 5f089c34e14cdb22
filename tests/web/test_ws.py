"""The WebSocket: every change reaches every socket, each with only its own token's view;
refusals go back to the sender alone; bad tokens and unknown matches are closed."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect

from . import SECRET_SEED, act, create, human, token


def socket_url(match: dict[str, Any], tok: str | None = None, lang: str = "en") -> str:
    query = f"?lang={lang}" + (f"&token={tok}" if tok else "")
    return f"/ws/matches/{match['match']}{query}"


def next_state(ws: Any, until: Callable[[dict[str, Any]], bool] = lambda p: True,
               limit: int = 20) -> dict[str, Any]:
    """The next state payload that satisfies ``until`` (presence updates may come first)."""
    for _ in range(limit):
        message = ws.receive_json()
        assert message["type"] == "state", message
        if until(message["payload"]):
            return message["payload"]
    raise AssertionError("no such state arrived")


def next_raw(ws: Any) -> str:
    return ws.receive_text()


def test_both_seats_receive_the_new_state_each_with_its_own_view(client: Any) -> None:
    match = create(client)
    with client.websocket_connect(socket_url(match, token(match, 0))) as ann, \
            client.websocket_connect(socket_url(match, token(match, 1))) as bob:
        first = next_state(ann)
        assert first["ply"] == 0 and first["you"] == {"role": "seat", "seats": [0]}
        next_state(bob)
        next_state(ann, lambda p: p["seats"][1]["connected"])  # Bob came online
        ann.send_json({"type": "action", "seat": 0, "ply": 0, "action": "reserve deck 1"})
        mine = next_state(ann, lambda p: p["ply"] == 1)
        theirs = next_state(bob, lambda p: p["ply"] == 1)
    card = mine["view"]["seats"][0]["reserved"][0]
    assert mine["seat"] == 0 and theirs["seat"] == 1
    assert theirs["view"]["seats"][0]["reserved"] == [{"hidden": True, "level": 1}]
    assert json.dumps(card, separators=(",", ":")) not in json.dumps(theirs,
                                                                       separators=(",", ":"))
    assert theirs["legal"] and mine["legal"] == []


def test_an_http_action_reaches_the_sockets_and_spectators(client: Any) -> None:
    match = create(client)
    with client.websocket_connect(socket_url(match)) as watcher:
        opening = next_state(watcher)
        assert opening["you"] == {"role": "spectator", "seats": []} and opening["seat"] is None
        assert act(client, match, 0, "reserve deck 1").status_code == 200
        raw = next_raw(watcher)
        while json.loads(raw)["payload"]["ply"] != 1:
            raw = next_raw(watcher)
    payload = json.loads(raw)["payload"]
    assert payload["legal"] == [] and payload["seat"] is None
    assert '"blind"' not in raw and str(SECRET_SEED) not in raw
    assert payload["log"][0]["text"] == "reserve deck 1"


def test_a_reconnect_receives_the_current_state(client: Any) -> None:
    match = create(client)
    with client.websocket_connect(socket_url(match, token(match, 0))) as ann:
        next_state(ann)
        ann.send_json({"type": "action", "seat": 0, "ply": 0, "action": "take white blue green"})
        next_state(ann, lambda p: p["ply"] == 1)
    act(client, match, 1, "take white blue red")
    with client.websocket_connect(socket_url(match, token(match, 0), "zh-Hant")) as again:
        now = next_state(again)
    assert now["ply"] == 2 and now["current_player"] == 0 and now["legal"]
    assert now["log"][1]["description"].startswith("{seat:1}拿取3個")  # seat 1's move
    assert now["log"][0]["description"].startswith("你拿取3個")  # seat 0's own


def test_refusals_go_back_to_the_sender_only(client: Any) -> None:
    match = create(client)
    with client.websocket_connect(socket_url(match, token(match, 0))) as ann, \
            client.websocket_connect(socket_url(match, token(match, 1))) as bob:
        next_state(ann)
        next_state(bob)
        next_state(ann, lambda p: p["seats"][1]["connected"])
        bob.send_json({"type": "action", "seat": 1, "ply": 0, "action": "take white blue red"})
        assert bob.receive_json() == {"type": "error", "code": "not_your_turn",
                                      "message": "it is not seat 1's decision now"}
        ann.send_json({"type": "action", "seat": 0, "ply": 3, "action": "take white blue red"})
        assert ann.receive_json()["code"] == "stale"
        ann.send_json({"type": "action", "seat": 0, "ply": 0, "action": "take2 gold"})
        illegal = ann.receive_json()
        assert illegal["type"] == "error" and illegal["code"] == "illegal"
        ann.send_text("{oops")
        assert ann.receive_json()["code"] == "malformed"
        ann.send_json({"type": "dance"})
        assert ann.receive_json()["code"] == "malformed"
        ann.send_json({"type": "undo", "seat": 0, "ply": 0})
        assert ann.receive_json()["code"] == "cannot_undo"
        # Bob's socket got none of Ann's errors: the next thing it reads is its own pong
        bob.send_json({"type": "ping"})
        assert bob.receive_json() == {"type": "pong"}


def test_a_spectator_socket_cannot_play(client: Any) -> None:
    match = create(client)
    with client.websocket_connect(socket_url(match)) as watcher:
        next_state(watcher)
        watcher.send_json({"type": "action", "seat": 0, "ply": 0, "action": "pass"})
        assert watcher.receive_json()["code"] == "forbidden"


def test_undo_over_the_socket_is_broadcast(client: Any) -> None:
    match = create(client, "alhambra", [human(), human()], seed=8)
    with client.websocket_connect(socket_url(match, token(match, 0))) as ann, \
            client.websocket_connect(socket_url(match, token(match, 1))) as bob:
        next_state(ann)
        next_state(bob)
        ann.send_json({"type": "action", "seat": 0, "ply": 0, "action": "buy 3"})
        assert next_state(ann, lambda p: p["ply"] == 1)["can_undo"] is True
        ann.send_json({"type": "undo", "seat": 0, "ply": 1})
        assert next_state(ann, lambda p: p["ply"] == 0)["log"] == []
        assert next_state(bob, lambda p: p["ply"] == 0)["log"] == []


@pytest.mark.parametrize(("where", "code"), [("bad-token", 4403), ("unknown-match", 4404)])
def test_a_bad_token_or_unknown_match_is_closed(client: Any, where: str, code: int) -> None:
    match = create(client)
    url = socket_url(match, "not-a-token") if where == "bad-token" else "/ws/matches/nothing"
    with client.websocket_connect(url) as ws, pytest.raises(WebSocketDisconnect) as closed:
        ws.receive_json()
    assert closed.value.code == code
