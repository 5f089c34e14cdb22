"""Component data a player can inspect, correct and play with (docs/api.md, "Component data").

The take-away test game (tests/plugins) ships a data file with one provisional value, the
hand size; Splendor and Alhambra ship data whose every value has a source, which they check
and never replace.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from takeaway_game.game import SHIPPED  # tests/plugins is on sys.path (conftest.py)
from typer.testing import CliRunner

import eurogames
from eurogames.cli.main import app
from eurogames.core.data import (
    DATA_ENV,
    DataSet,
    ProvisionalValue,
    configured_data,
    digest,
    provisional_values,
    read_data_file,
    user_data_dir,
)
from eurogames.core.errors import DataError, GamePluginError, RecordError

# DATA_ENV: None makes the runner restore the variable that --data sets in this process
ENV = {"COLUMNS": "100", "NO_COLOR": "1", "FORCE_COLOR": None, "TTY_COMPATIBLE": None,
       DATA_ENV: None}


class Said:
    """A command's exit code and output, its lines joined as one (Rich wraps long lines)."""

    def __init__(self, result) -> None:
        self.exit_code = result.exit_code
        self.output = " ".join(result.output.split())


def run(*args: str) -> Said:
    result = CliRunner().invoke(app, list(args), env=ENV)
    eurogames.refresh_games()  # forget the games the command bound to its --data
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return Said(result)


@pytest.fixture(autouse=True)
def fresh_registry(monkeypatch):
    """Each test starts and ends with no configured data and games loaded afresh."""
    monkeypatch.delenv(DATA_ENV, raising=False)
    eurogames.refresh_games()
    yield
    eurogames.refresh_games()


def corrected(tmp_path: Path, name: str = "mine.json", **changes) -> Path:
    """The take-away data with ``changes``: the hand size sourced at 2 by default."""
    document = dict(SHIPPED.document)
    document.update({"hand_size": 2, "hand_size_status": "stated",
                     "hand_size_how": "counted on the owner's copy"}, **changes)
    path = tmp_path / name
    path.write_text(json.dumps(document), encoding="utf-8")
    return path


# -- provisional values are found in the data, with their reasons --------------------------
def test_provisional_values_are_found_by_status_and_by_field_status():
    document = {
        "game": "g",
        "tracks": [
            {"id": "guild", "length": 9, "length_status": "provisional",
             "length_how": "as the other tracks"},
            {"id": "river", "length": 4, "length_status": "stated"},
        ],
        "bowls": {"count": 12, "status": "provisional", "how": "symmetry"},
        "limit": 3, "limit_status": "inferred",
    }
    assert provisional_values(document) == [
        ProvisionalValue("tracks[guild].length", "as the other tracks"),
        ProvisionalValue("bowls", "symmetry"),
    ]
    assert provisional_values({"a": [1, 2], "status": "stated"}) == []


def test_a_data_digest_ignores_key_order_and_spacing():
    assert digest({"a": 1, "b": [1, 2]}) == digest(json.loads('{ "b": [1,2], "a": 1 }'))
    assert digest({"a": 1}) != digest({"a": 2})


def test_the_takeaway_game_reports_its_provisional_hand_size():
    game = eurogames.load("takeaway")
    assert [value.what for value in game.provisional] == ["hand_size"]
    assert "stand-in" in game.provisional[0].reason
    assert eurogames.load("splendor").provisional == []
    assert eurogames.load("alhambra").provisional == []


# -- eurogames data ------------------------------------------------------------------------
def test_data_command_lists_every_provisional_value_with_its_reason():
    result = run("data", "takeaway")
    assert result.exit_code == 0
    assert "hand_size" in result.output and "stand-in" in result.output
    assert "1 provisional values" in result.output
    assert "--check FILE" in result.output
    sourced = run("data", "splendor")
    assert sourced.exit_code == 0 and "nothing is provisional" in sourced.output


def test_data_command_names_values_in_lists_by_their_id():
    """A path such as goods[sandstone] is printed as it is, not read as terminal markup."""
    game = next(eurogames.load(name) for name in eurogames.games()
                if any("[" in value.what for value in eurogames.load(name).provisional))
    named = next(value.what for value in game.provisional if "[" in value.what)
    result = run("data", game.name)
    assert result.exit_code == 0
    assert named in result.output.replace("\n", "").replace("│", "").replace(" ", "")


def test_data_export_then_check_accepts_the_shipped_data(tmp_path):
    path = tmp_path / "copy.json"
    assert run("data", "takeaway", "--export", str(path)).exit_code == 0
    assert json.loads(path.read_text("utf-8")) == eurogames.load("takeaway").data.document
    result = run("data", "takeaway", "--check", str(path))
    assert result.exit_code == 0
    assert "is valid takeaway data" in result.output and "still provisional" in result.output
    again = run("data", "takeaway", "--export", str(path))  # never overwrites a file
    assert again.exit_code == 2 and "exists already" in again.output


def test_data_check_lists_every_problem_of_a_corrected_file(tmp_path):
    path = corrected(tmp_path, deck={"1": 0, "2": 4}, hand_size=7, deck_status="guessed")
    result = run("data", "takeaway", "--check", str(path))
    assert result.exit_code == 1
    assert "3 problem(s)" in result.output
    for fragment in ("deck must give the numbers 1, 2 and 3", "hand_size must be a whole number",
                     "deck_status must be stated or provisional"):
        assert fragment in result.output


def test_data_check_refuses_files_that_are_not_data(tmp_path):
    broken = tmp_path / "broken.json"
    broken.write_text('{"game": "takeaway", ', encoding="utf-8")
    assert "is not valid JSON" in run("data", "takeaway", "--check", str(broken)).output
    other = corrected(tmp_path, game="splendor")
    result = run("data", "takeaway", "--check", str(other))
    assert result.exit_code == 1 and "names the game 'splendor'" in result.output
    missing = run("data", "takeaway", "--check", str(tmp_path / "none.json"))
    assert missing.exit_code == 1 and "cannot read the data file" in missing.output
    nameless = tmp_path / "nameless.json"
    nameless.write_text("{}", encoding="utf-8")
    assert 'names its game in a top-level "game"' in run(
        "data", "takeaway", "--check", str(nameless)).output


def test_a_sourced_game_checks_corrections_and_refuses_to_play_other_data(tmp_path):
    copy = tmp_path / "splendor.json"
    assert run("data", "splendor", "--export", str(copy)).exit_code == 0
    assert run("data", "splendor", "--check", str(copy)).exit_code == 0
    document = json.loads(copy.read_text("utf-8"))
    document["cards"][0]["points"] = 3
    altered = tmp_path / "altered.json"
    altered.write_text(json.dumps(document), encoding="utf-8")
    result = run("data", "splendor", "--check", str(altered))
    assert result.exit_code == 1 and "level 1 points must total 5" in result.output
    game = eurogames.load("splendor")
    assert game.with_data(read_data_file(copy)) is game  # the same data: the same game
    document["cards"][0]["points"] = 0
    document["source_note"] = "an owner's remark"
    remarked = DataSet("splendor", document, "remarked.json")
    with pytest.raises(DataError, match="plays only with its shipped data"):
        game.with_data(remarked)


# -- playing with corrected data -------------------------------------------------------------
def test_play_with_corrected_data_names_it_in_the_record(tmp_path):
    data = corrected(tmp_path)
    record = tmp_path / "game.json"
    result = run("play", "takeaway", "--data", str(data), "--seats", "random,random",
                 "--seed", "3", "--record", str(record), "--quiet")
    assert result.exit_code == 0, result.output
    saved = json.loads(record.read_text("utf-8"))
    assert saved["data"] == read_data_file(data).digest
    assert saved["data"] != eurogames.load("takeaway").data.digest
    # each hand held 2 cards: 8 cards were left to draw, so at most 8 + 4 cards were played
    state = eurogames.load("takeaway").with_data(read_data_file(data)).new(2, seed=3)
    assert [len(h) for h in state.hands] == [2, 2]
    assert eurogames.load("takeaway").with_data(read_data_file(data)).provisional == []


def test_a_record_replays_only_with_the_data_it_was_played_with(tmp_path, monkeypatch):
    data = corrected(tmp_path)
    game = eurogames.load("takeaway").with_data(read_data_file(data))
    state = game.new(2, seed=5)
    while not state.is_over():
        state.apply(state.legal_actions()[0])
    record = state.record()
    with pytest.raises(RecordError, match="replay it with the data file"):
        eurogames.replay(record)  # here takeaway plays with its shipped data
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    refused = run("replay", str(path), "--auto")
    assert refused.exit_code == 2 and "--data FILE" in refused.output
    accepted = run("replay", str(path), "--auto", "--data", str(data))
    assert accepted.exit_code == 0, accepted.output
    # and a record of the shipped data is refused where other data is configured
    shipped = eurogames.load("takeaway").new(2, seed=5).record()
    monkeypatch.setenv(DATA_ENV, str(data))
    eurogames.refresh_games()
    assert eurogames.load("takeaway").data.origin == str(data)
    with pytest.raises(RecordError, match="played with takeaway data"):
        eurogames.replay(shipped)
    del shipped["data"]  # an old record, from before records named their data
    with pytest.raises(RecordError, match="shipped data"):
        eurogames.replay(shipped)


def test_a_record_with_a_malformed_data_field_is_refused():
    record = eurogames.load("takeaway").new(2, seed=1).record()
    record["data"] = 12
    with pytest.raises(RecordError, match="'data' must be a data digest"):
        eurogames.replay(record)


def test_the_user_data_directory_is_used_and_checked(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    folder = user_data_dir()
    assert folder == tmp_path / "eurogames" / "data"
    folder.mkdir(parents=True)
    corrected(folder, "takeaway.json")
    eurogames.refresh_games()
    assert configured_data("takeaway").origin == str(folder / "takeaway.json")
    assert eurogames.load("takeaway").provisional == []
    corrected(folder, "takeaway.json", game="splendor")
    eurogames.refresh_games()
    with pytest.raises(GamePluginError, match="holds data for 'splendor'"):
        eurogames.load("takeaway")
    corrected(folder, "takeaway.json", hand_size=0)
    eurogames.refresh_games()
    with pytest.raises(GamePluginError, match="cannot play with its configured data"):
        eurogames.load("takeaway")
    listed = run("games")  # the other games still list; the broken one says why
    assert listed.exit_code == 0 and "configured data" in listed.output


def test_data_option_refuses_two_files_for_one_game_and_unreadable_files(tmp_path):
    one, two = corrected(tmp_path, "one.json"), corrected(tmp_path, "two.json")
    result = run("play", "takeaway", "--data", str(one), "--data", str(two), "-q")
    assert result.exit_code == 2 and "two files for takeaway" in result.output
    result = run("play", "takeaway", "--data", str(tmp_path / "nope.json"), "-q")
    assert result.exit_code == 2 and "cannot read the data file" in result.output


def test_play_says_which_values_are_provisional_before_the_game(tmp_path):
    result = CliRunner().invoke(app, ["play", "takeaway", "--seats", "random,random",
                                      "--seed", "2"], env=ENV)
    eurogames.refresh_games()
    assert result.exit_code == 0, result.output
    assert "provisional: hand_size" in result.output.splitlines()[0]


def test_the_server_catalogue_reports_the_data_it_plays_with(tmp_path, monkeypatch):
    testclient = pytest.importorskip("fastapi.testclient")
    from eurogames.store import Store
    from eurogames.web import create_app

    def takeaway_entry() -> dict:
        store = Store.sqlite(tmp_path / f"{len(list(tmp_path.iterdir()))}.sqlite3")
        with testclient.TestClient(create_app(store, bot_workers=1)) as client:
            games = client.get("/api/catalogue").json()["games"]
        store.close()
        return next(g for g in games if g["name"] == "takeaway")

    shipped = takeaway_entry()
    assert [p["what"] for p in shipped["provisional"]] == ["hand_size"]
    assert "stand-in" in shipped["provisional"][0]["reason"]
    monkeypatch.setenv(DATA_ENV, str(corrected(tmp_path)))  # what `serve --data` sets
    eurogames.refresh_games()
    assert takeaway_entry()["provisional"] == []


def test_a_long_list_of_provisional_values_is_named_by_group_in_one_line():
    from eurogames.core.data import provisional_groups, provisional_line

    few = [ProvisionalValue("hand_size", "why")]
    assert provisional_line(few) == "hand_size"
    many = [ProvisionalValue(f"buildings[{i}].cost", "scaled") for i in range(12)]
    many += [ProvisionalValue("meditation.levels", "symmetry"), ProvisionalValue("farm", "")]
    assert provisional_groups(many) == [("buildings", 12), ("meditation", 1), ("farm", 1)]
    assert provisional_line(many) == "14 values (buildings 12, meditation 1, farm 1)"
