"""Helpers shared by the web server's tests: creating matches and playing them over HTTP."""

from __future__ import annotations

import os
import random
from typing import Any

import pytest

from eurogames.store import Store
from eurogames.store.db import metadata

# tiny budgets, so that bot seats move within milliseconds in tests
TINY_LEVELS: dict[str, dict[str, dict[str, Any]]] = {
    "random": {},
    "greedy": {},
    "mcts": {"easy": {"iterations": 4}, "normal": {"iterations": 8}, "hard": {"iterations": 16}},
}

# a seed whose digits cannot turn up in a payload by chance
SECRET_SEED = 918273645519

PG_URL = os.environ.get("EUROGAMES_TEST_DATABASE_URL")

# what every server test runs on: SQLite always, PostgreSQL too when a throwaway database is given
DATABASES = [
    "sqlite",
    pytest.param("postgresql", marks=pytest.mark.skipif(
        not PG_URL, reason="set EUROGAMES_TEST_DATABASE_URL to a throwaway PostgreSQL "
                           "database to run the server on it too")),
]


def emptied_postgres() -> str:
    """The test database's URL once its eurogames tables are dropped, so that a test starts
    from nothing whatever an earlier run left there."""
    assert PG_URL is not None
    store = Store(PG_URL)
    metadata.drop_all(store.engine)
    store.close()
    return PG_URL


def human(name: str = "Ann") -> dict[str, Any]:
    return {"kind": "human", "name": name}


def bot(name: str = "random", level: str | None = None) -> dict[str, Any]:
    seat: dict[str, Any] = {"kind": "bot", "bot": name}
    if level is not None:
        seat["level"] = level
    return seat


def create(client: Any, game: str = "splendor", seats: list[dict[str, Any]] | None = None,
           *, seed: int | None = SECRET_SEED, options: dict[str, Any] | None = None,
           hotseat: bool = False) -> dict[str, Any]:
    seats = seats if seats is not None else [human("Ann"), human("Bob")]
    body = {"game": game, "players": len(seats), "options": options or {}, "seed": seed,
            "seats": seats, "hotseat": hotseat}
    response = client.post("/api/matches", json=body)
    assert response.status_code == 201, response.text
    return response.json()


def token(match: dict[str, Any], seat: int) -> str:
    return match["seats"][seat]["token"]


def state(client: Any, match: dict[str, Any], tok: str | None = None,
          lang: str = "en") -> dict[str, Any]:
    params = {"lang": lang} | ({"token": tok} if tok else {})
    response = client.get(f"/api/matches/{match['match']}/state", params=params)
    assert response.status_code == 200, response.text
    return response.json()


def act(client: Any, match: dict[str, Any], seat: int, action: Any, *, tok: str | None = None,
        ply: int | None = None) -> Any:
    """POST an action for ``seat`` (its own token unless ``tok``) at the current ply."""
    tok = tok if tok is not None else token(match, seat)
    if ply is None:
        ply = state(client, match, tok)["ply"]
    return client.post(f"/api/matches/{match['match']}/action",
                       json={"token": tok, "seat": seat, "ply": ply, "action": action})


def play_out(client: Any, match: dict[str, Any], seed: int = 1,
             limit: int = 2000) -> dict[str, Any]:
    """Every human seat plays random legal actions (seeded) until the game ends."""
    rng = random.Random(seed)
    payloads = {i: state(client, match, seat["token"])
                for i, seat in enumerate(match["seats"]) if seat["kind"] == "human"}
    current = next(iter(payloads.values()))
    for _ in range(limit):
        if current["current_player"] < 0:
            return current
        seat = current["current_player"]
        mine = state(client, match, token(match, seat))
        response = act(client, match, seat, rng.choice(mine["legal"])["text"], ply=mine["ply"])
        assert response.status_code == 200, response.text
        current = response.json()
    raise AssertionError(f"the game did not end within {limit} actions")
