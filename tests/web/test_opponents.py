"""Opponents that are part of the game and not seats (docs/api.md, "Opponents that are not
seats": a solo game's bot). The state message carries them, name and score as they stand, at
every ply of play and not only at the end, over HTTP and the WebSocket alike, so that the score
panel lists them after the seats (static/play.js). Every game found that has such an opponent
with one player is played; nothing here names one."""

from __future__ import annotations

import random
from typing import Any

import pytest

import eurogames
from eurogames.store import Store

from . import act, create, human, state, token
from .test_ws import next_state, socket_url


def games_with_opponents() -> list[str]:
    found = []
    for name in eurogames.games():
        game = eurogames.load(name)
        if game.min_players == 1 and game.new(1, seed=1).opponents():
            found.append(name)
    return found


def listed(payload: dict[str, Any]) -> list[tuple[str, str, int, bool]]:
    return [(o["key"], o["name"], o["score"], o["won"]) for o in payload["opponents"]]


def engine_opponents(store: Store, match: dict[str, Any]) -> list[tuple[str, str, int, bool]]:
    engine = eurogames.replay(store.get_match(match["match"]).record())
    return [(o.key, o.name("en"), o.score, o.won) for o in engine.opponents()]


@pytest.mark.parametrize("name", games_with_opponents())
def test_the_state_message_carries_the_opponents_scores_during_play(
        client: Any, store: Store, name: str) -> None:
    match = create(client, name, [human("Ann")])
    tok = token(match, 0)
    rng = random.Random(5)
    payload = state(client, match, tok)
    scores = set()
    for _ in range(120):
        assert payload["current_player"] == 0  # during play
        assert payload["opponents"] and listed(payload) == engine_opponents(store, match)
        assert not any(o["won"] for o in payload["opponents"])
        scores.add(tuple(o["score"] for o in payload["opponents"]))
        response = act(client, match, 0, rng.choice(payload["legal"])["text"],
                       ply=payload["ply"])
        assert response.status_code == 200, response.text
        payload = response.json()
        if len(scores) > 2:
            break
    assert len(scores) > 2, "the opponent's score never moved in play"
    watcher_socket = socket_url(match)
    with client.websocket_connect(watcher_socket) as watcher:
        pushed = next_state(watcher)
    assert listed(pushed) == listed(state(client, match)) == engine_opponents(store, match)
