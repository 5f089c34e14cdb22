"""Records: a game as plain JSON (game, version, players, seed, options, actions, result, and
``data``: the digest of the component data it was played with, for games that have a data
document).

A record replays exactly: the same record gives the same state on every machine. A record
that is malformed or tampered with is refused with a :class:`RecordError` naming the
problem and, for a bad action, its ply (1-based).
"""

from __future__ import annotations

import json
from typing import Any

from eurogames.core.errors import IllegalActionError, RecordError, UnknownGameError
from eurogames.core.game import Game, State

RECORD_KEYS = ("game", "version", "players", "seed", "options", "actions", "result", "data")
OPTIONAL_KEYS = ("result", "data")  # a record without "data" was played with shipped data
# who sat where, for people (the web server's download names its seats): not part of the
# game, so state.record() has none, and a record replays the same with or without it
SEATS_KEY = "seats"
SEAT_KINDS = ("human", "bot")
MAX_SEAT_TEXT = 40


def result_of(state: State) -> dict[str, Any] | None:
    if not state.is_over():
        return None
    result: dict[str, Any] = {"scores": state.scores(), "winners": state.winners()}
    opponents = state.opponents()
    if opponents:  # not seats (docs/api.md): who they are, their points, whether they won
        result["opponents"] = [{"key": o.key, "names": dict(o.names), "score": o.score,
                                "won": o.won} for o in opponents]
    return result


def make_record(state: State) -> dict[str, Any]:
    return {
        "game": state.game.name,
        "version": state.game.version,
        "players": state.players,
        "seed": state.seed,
        "options": dict(state.options),
        "actions": [action.text for action in state.actions()],
        "result": result_of(state),
        **({"data": state.game.data.digest} if state.game.data is not None else {}),
    }


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def load_record_text(text: str) -> dict[str, Any]:
    """Parse a record file's text; truncated or invalid JSON is refused clearly."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(
            f"the record is not valid JSON (truncated or corrupt?): {exc.msg} "
            f"at line {exc.lineno} column {exc.colno}"
        ) from None
    if not isinstance(data, dict):
        raise RecordError(f"a record is a JSON object, not {type(data).__name__}")
    return data


def replay(record: dict[str, Any] | str, upto: int | None = None) -> State:
    """The state a record leads to (after its first ``upto`` actions if given)."""
    from eurogames.core.registry import load

    if isinstance(record, str):
        record = load_record_text(record)
    if not isinstance(record, dict):
        raise RecordError(f"a record is a JSON object, not {type(record).__name__}")
    missing = [key for key in RECORD_KEYS if key not in record and key not in OPTIONAL_KEYS]
    if missing:
        raise RecordError(f"the record has no {missing[0]!r} field")
    extra = sorted(set(record) - {*RECORD_KEYS, SEATS_KEY})
    if extra:
        raise RecordError(f"the record has an unknown field {extra[0]!r}")
    name = record["game"]
    if not isinstance(name, str):
        raise RecordError(f"'game' must be a game name, not {name!r}")
    try:
        game = load(name)
    except UnknownGameError as exc:
        raise RecordError(str(exc)) from None
    version = record["version"]
    if not _is_int(version):
        raise RecordError(f"'version' must be an integer, not {version!r}")
    if version != game.version:
        raise RecordError(
            f"the record is for {name} version {version}, this engine plays version {game.version}"
        )
    _check_data(record, game)
    for key in ("players", "seed"):
        if not _is_int(record[key]):
            raise RecordError(f"{key!r} must be an integer, not {record[key]!r}")
    _check_seats(record)
    if not isinstance(record["options"], dict):
        raise RecordError(f"'options' must be an object, not {record['options']!r}")
    actions = record["actions"]
    if not isinstance(actions, list):
        raise RecordError(f"'actions' must be a list of action texts, not {actions!r}")
    try:
        state = game.new(record["players"], seed=record["seed"], options=record["options"])
    except ValueError as exc:
        raise RecordError(f"the record's setup is refused: {exc}") from None
    stop = len(actions) if upto is None else max(0, min(upto, len(actions)))
    for ply, text in enumerate(actions[:stop], start=1):
        if not isinstance(text, str):
            raise RecordError(f"action must be text, not {text!r}", ply=ply)
        if state.is_over():
            raise RecordError(f"{text!r} comes after the end of the game", ply=ply)
        try:
            action = state.parse_action(text)
        except IllegalActionError as exc:
            raise RecordError(f"illegal action {text!r}: {exc}", ply=ply) from None
        if action.text != text:
            raise RecordError(
                f"{text!r} is not canonical notation (expected {action.text!r})", ply=ply
            )
        state.apply(action)
    if upto is None and record.get("result") is not None and result_of(state) != record["result"]:
        raise RecordError(
            f"the record's result {record['result']!r} does not match the replayed game "
            f"({result_of(state)!r})"
        )
    return state


def _check_seats(record: dict[str, Any]) -> None:
    """A record's optional ``seats``: one ``{"kind": "human", "name"}`` or ``{"kind": "bot",
    "bot", "level"}`` per player (names and levels may be null), texts of at most 40
    characters."""
    seats = record.get(SEATS_KEY)
    if seats is None:
        return
    if not isinstance(seats, list) or len(seats) != record["players"]:
        raise RecordError(f"'seats' must list one seat per player ({record['players']}), "
                          f"not {seats!r}")
    for i, seat in enumerate(seats):
        where = f"seats[{i}]"
        if not isinstance(seat, dict):
            raise RecordError(f"{where} must be an object, not {seat!r}")
        extra = sorted(set(seat) - {"kind", "name", "bot", "level"})
        if extra:
            raise RecordError(f"{where} has an unknown field {extra[0]!r}")
        if seat.get("kind") not in SEAT_KINDS:
            raise RecordError(f"{where}.kind must be human or bot, not {seat.get('kind')!r}")
        if seat["kind"] == "bot" and not isinstance(seat.get("bot"), str):
            raise RecordError(f"{where}.bot must name the bot, not {seat.get('bot')!r}")
        for key in ("name", "bot", "level"):
            value = seat.get(key)
            if value is not None and (not isinstance(value, str) or len(value) > MAX_SEAT_TEXT):
                raise RecordError(f"{where}.{key} must be text of at most {MAX_SEAT_TEXT} "
                                  f"characters, not {value!r}")


def _check_data(record: dict[str, Any], game: Game) -> None:
    """A record names the data it was played with; it replays only on the same data."""
    played = record.get("data")
    if played is None and "data" not in record:
        if game.data is not None and game.data.origin != "shipped":
            raise RecordError(
                f"the record was played with {game.name}'s shipped data; here {game.name} "
                f"plays with the data of {game.data.origin}"
            )
        return
    if not isinstance(played, str):
        raise RecordError(f"'data' must be a data digest, not {played!r}")
    if game.data is None:
        raise RecordError(f"the record names component data, but {game.name} has none")
    if played != game.data.digest:
        raise RecordError(
            f"the record was played with {game.name} data {played}; here {game.name} plays "
            f"with data {game.data.digest} ({game.data.origin}): replay it with the data file "
            f"it was played with (--data FILE)"
        )
