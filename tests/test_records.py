"""Records: a game as plain JSON that replays exactly, and refusals of damaged records.

A record is what the store keeps and what players share, so a replay that drifts or a
tampered record that is accepted would corrupt every later analysis of the game.
"""

from __future__ import annotations

import json

import pytest

import eurogames
from eurogames.core.records import RECORD_KEYS, load_record_text
from eurogames.core.rng import Rng

GAME = eurogames.load("splendor")


def played(players: int, seed: int, first: int = 0, plies: int | None = None):
    state = GAME.new(players, seed=seed, options={"first": first})
    rng = Rng(seed + 1000 * players)
    while not state.is_over() and (plies is None or state.ply < plies):
        state.apply(rng.choice(state.legal_actions()))
    return state


FINISHED = played(3, seed=21, first=2)


def record(**changes):
    data = json.loads(json.dumps(FINISHED.record()))
    for key, value in changes.items():
        if value is KeyError:
            del data[key]
        else:
            data[key] = value
    return data


def refused(data, *fragments: str) -> eurogames.RecordError:
    with pytest.raises(eurogames.RecordError) as info:
        eurogames.replay(data)
    for fragment in fragments:
        assert fragment in str(info.value), (fragment, str(info.value))
    return info.value


# -- what a record is -----------------------------------------------------------------------


def test_a_record_is_plain_json_with_the_documented_keys():
    data = FINISHED.record()
    assert tuple(data) == RECORD_KEYS
    assert set(data) == {
        "game", "version", "players", "seed", "options", "actions", "result", "data"
    }
    assert data["data"] == GAME.data.digest  # the component data it was played with
    assert json.loads(json.dumps(data)) == data
    assert data["game"] == "splendor" and data["version"] == GAME.version
    assert data["players"] == 3 and data["seed"] == 21 and data["options"] == {"first": 2}
    assert data["actions"] == [a.text for a in FINISHED.actions()]
    assert len(data["actions"]) == FINISHED.ply
    assert data["result"] == {"scores": FINISHED.scores(), "winners": FINISHED.winners()}


def test_an_unfinished_game_has_no_result():
    state = played(2, seed=3, plies=10)
    assert state.record()["result"] is None
    assert len(state.record()["actions"]) == 10


# -- replay is exact ------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(40))
def test_replay_reproduces_the_game_exactly(seed):
    players = 2 + seed % 3
    state = played(players, seed=seed, first=(seed // 3) % players)
    again = eurogames.replay(state.record())
    assert again.to_json() == state.to_json()
    assert again.is_over()
    # and from the record's text
    assert eurogames.replay(json.dumps(state.record())).to_json() == state.to_json()


def test_replay_of_an_unfinished_game_continues_like_the_original():
    state = played(4, seed=5, first=3, plies=33)
    again = eurogames.replay(state.record())
    assert again.to_json() == state.to_json()
    assert again.legal_actions() == state.legal_actions()


def test_replay_upto_stops_after_that_many_actions():
    partial = eurogames.replay(FINISHED.record(), upto=12)
    assert partial.ply == 12
    assert partial.to_json() == played(3, seed=21, first=2, plies=12).to_json()


def test_a_record_without_a_result_replays():
    data = record(result=KeyError)
    assert eurogames.replay(data).to_json() == FINISHED.to_json()


# -- damaged records are refused, naming the problem ----------------------------------------


def test_record_error_is_a_value_error():
    assert issubclass(eurogames.RecordError, ValueError)


def test_unknown_game():
    refused(record(game="chess"), "unknown game 'chess'", "splendor")
    refused(record(game=3), "'game' must be a game name")


def test_bad_version():
    refused(record(version=2), "version 2", f"version {GAME.version}")
    refused(record(version="1"), "'version' must be an integer")


@pytest.mark.parametrize("key", ["game", "version", "players", "seed", "options", "actions"])
def test_missing_field(key):
    refused(record(**{key: KeyError}), f"no '{key}' field")


def test_unknown_field():
    data = record()
    data["comment"] = "hi"
    refused(data, "unknown field 'comment'")


@pytest.mark.parametrize(
    ("changes", "problem"),
    [
        ({"players": "two"}, "'players' must be an integer, not 'two'"),
        ({"players": True}, "'players' must be an integer"),
        ({"seed": "21"}, "'seed' must be an integer"),
        ({"options": [["first", 2]]}, "'options' must be an object"),
        ({"actions": "take white blue green"}, "'actions' must be a list"),
        ({"players": 5}, "setup is refused"),
        ({"options": {"first": 7}}, "setup is refused"),
    ],
)
def test_wrong_types(changes, problem):
    refused(record(**changes), problem)


def test_an_action_that_is_not_text():
    actions = FINISHED.record()["actions"][:5]
    actions[2] = 17
    error = refused(record(actions=actions, result=None), "ply 3", "action must be text")
    assert error.ply == 3


def test_an_illegal_action_names_its_ply():
    actions = FINISHED.record()["actions"][:9]
    actions.append("take2 gold")
    error = refused(record(actions=actions, result=None), "ply 10", "take2 gold")
    assert error.ply == 10


def test_a_tampered_action_is_refused_at_its_ply():
    # 3 players, 5 white: after a take of one white and a take2, 2 white are left (R9)
    actions = ["take white blue green", "take2 white", "take2 white"]
    refused(record(actions=actions, result=None), "ply 3")


def test_non_canonical_text_is_refused():
    actions = FINISHED.record()["actions"][:3]
    actions[1] = "  " + actions[1].upper()
    refused(record(actions=actions, result=None), "ply 2", "not canonical")
    refused(record(actions=["0"], result=None), "ply 1", "not canonical")


def test_an_action_after_the_end():
    actions = [*FINISHED.record()["actions"], "pass"]
    n = len(actions)
    error = refused(record(actions=actions), f"ply {n}", "after the end")
    assert error.ply == n


def test_a_result_that_does_not_match():
    result = FINISHED.record()["result"]
    refused(record(result={**result, "winners": [9]}), "does not match")
    refused(
        record(result={**result, "scores": [s + 1 for s in result["scores"]]}), "does not match"
    )


def test_a_result_for_a_truncated_game():
    actions = FINISHED.record()["actions"][:-1]
    refused(record(actions=actions), "does not match")


@pytest.mark.parametrize("text", ['{"game": "splen', "", "[", "nonsense"])
def test_truncated_json_text(text):
    with pytest.raises(eurogames.RecordError, match="not valid JSON"):
        eurogames.replay(text)
    with pytest.raises(eurogames.RecordError, match="not valid JSON"):
        load_record_text(text)


@pytest.mark.parametrize("data", ["[1, 2]", '"splendor"', "3"])
def test_json_that_is_not_an_object(data):
    with pytest.raises(eurogames.RecordError, match="JSON object"):
        eurogames.replay(data)
    parsed = json.loads(data)
    if not isinstance(parsed, str):  # a str is taken as the record's text
        with pytest.raises(eurogames.RecordError, match="JSON object"):
            eurogames.replay(parsed)
