"""The web server plays a game from another distribution (tests/plugins/takeaway_game) that
ships no board of its own: listed in the catalogue without a board, so the client shows the
generic view; created, played to the end and replayed over the HTTP API."""

from __future__ import annotations

from typing import Any

import eurogames
from eurogames.store import Store

from . import bot, create, human, play_out, state, token

NAME = "takeaway"


def test_the_catalogue_lists_it_without_a_board(client: Any) -> None:
    games = {game["name"]: game for game in client.get("/api/catalogue").json()["games"]}
    entry = games[NAME]
    assert entry["title"] == "Take-away" and entry["board"] is False
    assert (entry["min_players"], entry["max_players"]) == (2, 2)
    assert {option["name"] for option in entry["options"]} == {"pile", "first"}


def test_a_match_is_played_to_the_end_over_the_api(client: Any, store: Store) -> None:
    match = create(client, NAME, options={"pile": 9}, seed=6)
    first = state(client, match, token(match, 0))
    assert first["game"] == NAME and first["view"]["pile"] == 9
    assert first["view"]["hands"][0]["cards"] is not None  # its own hand ...
    assert first["view"]["hands"][1]["cards"] is None  # ... and not the other's
    assert all(entry["description"] for entry in first["legal"])
    final = play_out(client, match, seed=2)
    assert final["status"] == "finished" and final["winners"]
    record = store.get_match(match["match"]).record()
    replayed = eurogames.replay(record)
    assert replayed.is_over() and replayed.winners() == final["winners"]
    at_one = client.get(f"/api/matches/{match['match']}/replay", params={"ply": 1}).json()
    assert at_one["view"] == eurogames.replay(record, upto=1).view(None)


def test_a_bot_plays_it_on_the_server(client: Any) -> None:
    import time

    match = create(client, NAME, seats=[human("Ann"), bot("mcts", "easy")], seed=2)
    deadline = time.monotonic() + 20
    while state(client, match)["status"] != "finished":
        mine = state(client, match, token(match, 0))
        if mine["current_player"] == 0:
            response = client.post(f"/api/matches/{match['match']}/action",
                                   json={"token": token(match, 0), "seat": 0,
                                         "ply": mine["ply"], "action": mine["legal"][0]["text"]})
            assert response.status_code == 200, response.text
        assert time.monotonic() < deadline, "the bot did not move"
        time.sleep(0.02)
