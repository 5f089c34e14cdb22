"""What the browser's shell asks of the server (issue 17): every game's options worded for
people in the three languages from the game's own folder, and records that keep who sat where
(an imported record keeps its player names)."""

from __future__ import annotations

from typing import Any

import pytest

import eurogames
from eurogames.core.game import LANGS, Option
from eurogames.core.registry import games, load
from eurogames.web.app import board_entry, board_folder
from eurogames.web.options import missing_option_words, option_entry, option_words

from . import create, human, play_out


def worded_games() -> list[str]:
    """The games whose options the lobby shows in the game's words: every game with a drawn
    board, and every game whose folder words its options without one."""
    return [name for name in games()
            if board_entry(name, load(name))["board"] or option_words(board_folder(load(name)))]


@pytest.mark.parametrize("name", worded_games())
def test_every_option_of_a_game_with_a_board_is_worded_in_three_languages(name: str) -> None:
    game = load(name)
    assert missing_option_words(game, board_folder(game)) == []


def test_the_built_in_games_word_their_options() -> None:
    assert {"splendor", "alhambra", "agra", "sabika"} <= set(worded_games())


def test_a_missing_label_or_choice_name_is_found(tmp_path: Any) -> None:
    class Tiny:
        options = {"speed": Option("speed", "slow", "how fast", type=str,
                                   choices=("slow", "fast")),
                   "extra": Option("extra", False, "one more", type=bool)}

    (tmp_path / "strings.json").write_text(
        '{"options": {"speed": {"label": {"en": "Speed", "zh-Hant": "速度", "zh-Hans": "速度"},'
        ' "choices": {"slow": {"en": "Slow", "zh-Hant": "慢", "zh-Hans": "慢"}}}}}')
    missing = missing_option_words(Tiny(), tmp_path)  # type: ignore[arg-type]
    assert missing == [*(f"speed: choice 'fast' {lang}" for lang in LANGS),
                       *(f"extra: label {lang}" for lang in LANGS)]


def test_an_option_without_words_falls_back_to_its_help() -> None:
    entry = option_entry(Option("speed", 1, "how fast the game runs"), {}, "zh-Hant")
    assert entry["label"] is None and entry["description"] is None
    assert entry["help"] == "how fast the game runs" and entry["seat"] is False


def test_the_catalogue_words_options_in_the_readers_language(client: Any) -> None:
    listed = {g["name"]: g for g in client.get("/api/catalogue",
                                               params={"lang": "zh-Hant"}).json()["games"]}
    dirk = next(o for o in listed["alhambra"]["options"] if o["name"] == "dirk")
    assert dirk["label"] == "兩人遊戲加入中立玩家德克" and "德克" in dirk["description"]
    assert dirk["help"] == load("alhambra").options["dirk"].help  # the fallback stays
    first = next(o for o in listed["splendor"]["options"] if o["name"] == "first")
    assert first["seat"] is True and first["label"] == "起始玩家"
    reach = next(o for o in listed["agra"]["options"] if o["name"] == "river_reach")
    assert reach["choice_labels"] == {"cumulative": "船至今開放的所有等級",
                                      "boat_only": "只有船所在碼頭的名仕"}
    english = client.get("/api/catalogue", params={"lang": "en"}).json()["games"]
    dirk = next(o for g in english if g["name"] == "alhambra" for o in g["options"])
    assert dirk["label"] == "Two players with the neutral player Dirk (德克)"


# -- records keep who sat where -------------------------------------------------------------


def test_a_downloaded_record_names_its_seats_and_an_import_keeps_them(client: Any) -> None:
    match = create(client, seats=[human("Ann"), human("Bob")], seed=5)
    play_out(client, match)
    record = client.get(f"/api/matches/{match['match']}/record").json()
    assert record["seats"] == [
        {"kind": "human", "name": "Ann", "bot": None, "level": None},
        {"kind": "human", "name": "Bob", "bot": None, "level": None}]
    assert eurogames.replay(record).is_over()  # still a record every reader replays
    imported = client.post("/api/records", json=record).json()
    listed = client.get("/api/matches", params={"status": "finished"}).json()["matches"]
    row = next(m for m in listed if m["match"] == imported["match"])
    assert [seat["name"] for seat in row["seats"]] == ["Ann", "Bob"]
    assert row["status"] == "imported"


def test_an_imported_record_keeps_its_bots(client: Any) -> None:
    record = {**eurogames.load("splendor").new(2, seed=3).record(), "seats": [
        {"kind": "human", "name": "Ann", "bot": None, "level": None},
        {"kind": "bot", "name": None, "bot": "mcts", "level": "hard"}]}
    imported = client.post("/api/records", json=record).json()
    state = client.get(f"/api/matches/{imported['match']}/state").json()
    assert [(s["kind"], s["name"], s["bot"], s["level"]) for s in state["seats"]] == [
        ("human", "Ann", None, None), ("bot", None, "mcts", "hard")]


def test_a_record_without_seats_imports_with_numbered_seats(client: Any) -> None:
    record = eurogames.load("splendor").new(2, seed=3).record()
    imported = client.post("/api/records", json=record).json()
    state = client.get(f"/api/matches/{imported['match']}/state").json()
    assert [s["name"] for s in state["seats"]] == ["Seat 1", "Seat 2"]


@pytest.mark.parametrize(("seats", "fragment"), [
    ([{"kind": "human", "name": "Ann"}], "one seat per player (2)"),
    ("Ann, Bob", "one seat per player"),
    ([{"kind": "human", "name": "Ann"}, {"kind": "robot"}], "seats[1].kind must be human or bot"),
    ([{"kind": "human", "name": "Ann"}, {"kind": "bot"}], "seats[1].bot must name the bot"),
    ([{"kind": "human", "name": "A" * 41}, {"kind": "human"}], "at most 40 characters"),
    ([{"kind": "human", "token": "x"}, {"kind": "human"}], "seats[0] has an unknown field 'token'"),
])
def test_a_record_with_bad_seats_is_refused_naming_the_problem(seats: Any, fragment: str) -> None:
    record = {**eurogames.load("splendor").new(2, seed=3).record(), "seats": seats}
    with pytest.raises(eurogames.RecordError) as info:
        eurogames.replay(record)
    assert fragment in str(info.value)
