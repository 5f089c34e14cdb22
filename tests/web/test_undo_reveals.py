"""Undo never takes back a decision that showed hidden information (docs/web.md, docs/api.md
`reveals`): here a Splendor card reserved blind and later bought, which lays it face up for
the opponent, in a turn that goes on (a noble to choose), so that undo would be offered if
the engine did not report the reveal."""

from __future__ import annotations

from typing import Any

from eurogames.store import Store

from . import act, create, state

# Splendor, seed 5678, found by random play: seat 0 reserves blind at ply 15 (its first
# reserve, so "reserved 1") and buys that card at ply 50, which qualifies it for two nobles.
BLIND_BUY_LINE = [
    "take white red black", "take2 green", "take green red black", "take white blue black",
    "take white blue green", "reserve 3.3", "buy 1.4", "buy 1.1 gold white", "take2 blue",
    "take white red black", "buy 1.4", "reserve 2.2", "reserve deck 2", "take blue red black",
    "reserve deck 2", "reserve deck 2", "return gold", "reserve 3.1", "buy 1.2 gold white",
    "take white blue black", "buy 1.2", "buy 1.4 gold blue blue red", "buy 1.1", "buy 1.4",
    "take white green black", "buy reserved 1", "buy 1.1", "reserve deck 3", "buy 1.2",
    "buy 1.4 gold blue", "take blue red black", "buy 1.4", "take2 green",
    "take white blue black", "buy 2.4", "buy 1.1", "buy 1.1", "buy 1.2", "buy 1.1", "buy 1.1",
    "take2 red", "buy 1.2", "buy 1.3", "take white blue green", "buy 1.2", "buy 2.3",
    "take2 red", "buy 1.3", "buy 1.4", "buy reserved 1",
]


def test_a_bought_blind_reserve_cannot_be_undone(client: Any, store: Store) -> None:
    match = create(client, seed=5678, hotseat=True)
    host = match["host"]["token"]
    for text in BLIND_BUY_LINE[:-1]:
        before = state(client, match, host)
        assert act(client, match, before["current_player"], text, tok=host).status_code == 200
    before = state(client, match, host)
    buyer = before["current_player"]
    hidden = before["view"]["seats"][buyer]["reserved"][0]
    assert buyer == 0 and hidden["blind"] is True  # the host sees the buyer's own blind card
    opponent = state(client, match, match["seats"][1]["token"])
    assert opponent["view"]["seats"][buyer]["reserved"][0] == {"hidden": True,
                                                               "level": hidden["level"]}
    after = act(client, match, buyer, BLIND_BUY_LINE[-1], tok=host).json()
    assert after["current_player"] == buyer and after["legal"][0]["text"].startswith("noble")
    shown = state(client, match, match["seats"][1]["token"])["view"]["seats"][buyer]
    assert hidden["id"] in [card["id"] for card in shown["cards"]]  # the opponent saw it
    assert after["can_undo"] is False and after["undo_floor"] == len(BLIND_BUY_LINE)
    url = f"/api/matches/{match['match']}/undo"
    refused = client.post(url, json={"token": host, "seat": buyer, "ply": after["ply"]})
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "cannot_undo"
    assert len(store.get_match(match["match"]).record()["actions"]) == len(BLIND_BUY_LINE)
