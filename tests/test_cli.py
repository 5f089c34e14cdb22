"""The terminal client, driven as a person would drive it: scripted keyboard input.

One human game against the random bot is played to the end once per module (seed 7: the
human always answers ``0`` and the random bot wins in about 140 plies); the tests then read
its transcript and its record. Every command must end without a traceback: a person's mistake
is a message, never a crash.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from rich.cells import cell_len
from rich.console import Console
from typer.testing import CliRunner

import eurogames
from eurogames.bots import bot_names
from eurogames.cli.main import app
from eurogames.cli.screen import Screen, game_module, generic_view
from eurogames.games.splendor.render import render_view

# a fixed width and no colour, whatever terminal or CI runs the tests
ENV = {"COLUMNS": "100", "NO_COLOR": "1", "FORCE_COLOR": None, "TTY_COMPATIBLE": None}
SEED = 7
BAD_INPUTS = "xyz\n99\ntake2 gold\nbuy 3.4\nhelp\n\nboard\n"
ALWAYS_FIRST = "0\n" * 400


def run(*args: str, input: str | None = None):
    result = CliRunner().invoke(app, list(args), input=input, env=ENV)
    assert "Traceback" not in result.output
    # an exception other than the exit itself would be a crash, whatever the exit code
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result


def score_row(output: str, name: str, score: int) -> bool:
    return re.search(rf"{re.escape(name)}\s*│\s*{score}\s*│", output) is not None


@pytest.fixture(scope="module")
def human_game(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, Path]:
    record = tmp_path_factory.mktemp("play") / "game.json"
    result = run("play", "splendor", "--seats", "human,random", "--seed", str(SEED),
                 "--record", str(record), input=BAD_INPUTS + ALWAYS_FIRST)
    assert result.exit_code == 0, result.output
    return result.output, record


# -- games and version ---------------------------------------------------------------------
def test_version() -> None:
    result = run("--version")
    assert result.exit_code == 0
    assert result.output.strip() == f"eurogames {eurogames.__version__}"


def test_games_lists_splendor_with_titles_and_status() -> None:
    result = run("games")
    assert result.exit_code == 0
    for text in ("splendor", "Splendor", "璀璨寶石", "璀璨宝石", "2–4", "complete"):
        assert text in result.output


def test_games_in_traditional_chinese() -> None:
    result = run("games", "--lang", "zh-Hant")
    assert result.exit_code == 0
    assert "完整" in result.output and "玩家人數" in result.output


# -- a human game to the end ---------------------------------------------------------------
def test_bad_inputs_are_explained_and_asked_again(human_game: tuple[str, Path]) -> None:
    output, _ = human_game
    assert "Not accepted: 'xyz' is not a legal action now: unknown action" in output
    assert "there is no legal action number 99 (0 to 29)" in output
    assert "'take2 gold' is not a legal action now" in output
    assert "'buy 3.4' is not a legal action now: you cannot afford it" in output
    assert "take2 red" in output and "buy reserved 2" in output  # the help shows the notation
    assert "Type a number from 0 to 29" in output  # an empty line


def test_board_shows_the_market_nobles_supply_and_players(human_game: tuple[str, Path]) -> None:
    output, _ = human_game
    for text in ("Nobles", "Market", "Level 3", "deck 16", "Supply:", "Reserved",
                 "Seat 1 (you) to move"):
        assert text in output
    assert re.search(r"^take +0 white blue green  1 white blue red", output, re.MULTILINE)


def test_moves_speak_to_the_player_and_of_the_bot(human_game: tuple[str, Path]) -> None:
    output, _ = human_game
    assert "You take 3 different gem tokens: white, blue, green." in output
    assert re.search(r"Seat 2 \(random\) (takes|reserves|buys|returns) ", output)
    theirs = re.findall(r"Seat 2 \(random\) [a-z]+s .*?\.\s+\(", output, re.DOTALL)
    assert theirs and not any(re.search(r"\byour?\b", move) for move in theirs)


def test_events_are_shown_as_they_happen(human_game: tuple[str, Path]) -> None:
    output, record_path = human_game
    state = eurogames.replay(json.loads(record_path.read_text()))
    assert "  · A card turns up in the market at " in output
    assert f"  · The game is over: Seat 2 (random) wins with {max(state.scores())} points." in (
        output
    )


def test_the_end_shows_where_the_points_came_from(human_game: tuple[str, Path]) -> None:
    output, record_path = human_game
    state = eurogames.replay(json.loads(record_path.read_text()))
    assert "Where the points came from" in output
    cards, nobles = (part.points for part in state.score_breakdown()[1])
    assert re.search(rf"Development cards\s*│\s*\d+\s*│\s*{cards}\s*│", output)
    assert re.search(rf"Nobles\s*│\s*\d+\s*│\s*{nobles}\s*│", output)
    assert re.search(rf"Total\s*│\s*{state.scores()[0]}\s*│\s*{state.scores()[1]}\s*│", output)


def test_the_end_shows_scores_cards_and_winner(human_game: tuple[str, Path]) -> None:
    output, record_path = human_game
    state = eurogames.replay(json.loads(record_path.read_text()))
    assert state.is_over()
    assert "Game over after" in output and "Final scores" in output
    assert "Cards bought" in output
    names = ["Seat 1 (you)", "Seat 2 (random)"]
    for seat, score in enumerate(state.scores()):
        assert score_row(output, names[seat], score)
    assert state.winners() == [1]
    assert "Winner: Seat 2 (random)." in output
    assert f"Record saved to {record_path}." in output


def test_record_replays_to_the_same_result(human_game: tuple[str, Path]) -> None:
    _, record_path = human_game
    record = json.loads(record_path.read_text())
    state = eurogames.replay(record)
    assert record["seed"] == SEED
    assert record["result"] == {"scores": state.scores(), "winners": state.winners()}
    assert not list(record_path.parent.glob(".*.tmp"))  # the temp file was renamed away


# -- replay --------------------------------------------------------------------------------
def test_replay_auto_prints_every_move_and_the_final_board(human_game: tuple[str, Path]) -> None:
    _, record_path = human_game
    plies = len(json.loads(record_path.read_text())["actions"])
    result = run("replay", str(record_path), "--auto")
    assert result.exit_code == 0
    assert f"{plies} plies" in result.output
    assert "   1. Seat 1 takes 3 different gem tokens: white, blue, green." in result.output
    assert re.search(rf"^\s*{plies}\. Seat \d [a-z]+s ", result.output, re.MULTILINE)
    assert "Market" in result.output and "Winner: Seat 2." in result.output
    assert "\n      · A card turns up in the market at " in result.output  # the events
    assert "The game is over: Seat 2 wins with " in result.output
    assert "Where the points came from" in result.output


def test_replay_steps_forward_back_and_jumps(human_game: tuple[str, Path]) -> None:
    _, record_path = human_game
    plies = len(json.loads(record_path.read_text())["actions"])
    result = run("replay", str(record_path), input="\n\nb\n7\nzzz\n\nq\n")
    assert result.exit_code == 0
    output = result.output
    assert "Start position (ply 0 of" in output
    assert output.count(f"Ply 1 of {plies}") == 2  # forward, then back
    assert f"Ply 2 of {plies}" in output and f"Ply 7 of {plies}" in output
    assert f"Type Enter, b, q or a ply number from 0 to {plies}." in output
    assert f"Ply 8 of {plies}" in output


def test_replay_stepping_to_the_end_shows_the_result(human_game: tuple[str, Path]) -> None:
    _, record_path = human_game
    plies = len(json.loads(record_path.read_text())["actions"])
    result = run("replay", str(record_path), "--lang", "zh-Hant", input=f"{plies}\n\n")
    assert result.exit_code == 0
    assert "勝利者：玩家2。" in result.output and "紀錄結束。" in result.output


def test_replay_of_a_tampered_record_names_the_ply(human_game: tuple[str, Path],
                                                   tmp_path: Path) -> None:
    _, record_path = human_game
    record = json.loads(record_path.read_text())
    record["actions"][4] = "buy 3.4"  # nobody can afford a level-3 card on the third turn
    tampered = tmp_path / "tampered.json"
    tampered.write_text(json.dumps(record))
    result = run("replay", str(tampered), "--auto")
    assert result.exit_code == 2
    assert "error:" in result.output and "ply 5: illegal action 'buy 3.4'" in result.output


def test_replay_of_truncated_json_is_refused(human_game: tuple[str, Path],
                                             tmp_path: Path) -> None:
    _, record_path = human_game
    text = record_path.read_text()
    truncated = tmp_path / "truncated.json"
    truncated.write_text(text[: len(text) // 2])
    result = run("replay", str(truncated))
    assert result.exit_code == 2
    assert "not valid JSON (truncated or corrupt?)" in result.output


def test_replay_of_a_missing_file_is_refused(tmp_path: Path) -> None:
    result = run("replay", str(tmp_path / "nothing.json"))
    assert result.exit_code == 2
    assert "no such record file" in result.output


def test_replay_of_a_record_with_a_wrong_result_is_refused(human_game: tuple[str, Path],
                                                           tmp_path: Path) -> None:
    _, record_path = human_game
    record = json.loads(record_path.read_text())
    record["result"]["winners"] = [0]
    forged = tmp_path / "forged.json"
    forged.write_text(json.dumps(record))
    result = run("replay", str(forged), "--auto")
    assert result.exit_code == 2
    assert "does not match the replayed game" in result.output


# -- refusing bad command lines ------------------------------------------------------------
@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["splendor", "--players", "5"], "splendor is for 2 to 4 players, not 5"),
        (["splendor", "--seats", "human"], "not 1 (--seats lists 1)"),
        (["splendor", "--players", "3", "--seats", "human,random"], "--seats lists 2 seats"),
        (["chess"], "unknown game 'chess'"),
        (["splendor", "--seats", "human,wizard"], "unknown seat 'wizard'"),
        (["splendor", "--seats", "human,random:depth=3"], "no setting 'depth'"),
        (["splendor", "--seats", "human:fast=1,random"], "a human seat takes no settings"),
        (["splendor", "--seats", "human,random:fast"], "'fast' is not key=value"),
        (["splendor", "--lang", "fr"], "unknown language 'fr'"),
        (["splendor", "--first", "3"], "--first must be a seat from 1 to 2, not 3"),
        (["splendor", "--first", "0"], "--first is a seat number counting from 1"),
        (["splendor", "--option", "colour=red"], "has no option 'colour'"),
        (["splendor", "--record", "/no/such/folder/game.json"], "does not exist"),
    ],
)
def test_bad_play_options_exit_2_with_one_line(args: list[str], message: str) -> None:
    result = run("play", *args, input="quit\n")
    assert result.exit_code == 2
    assert message in result.output
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: ")


def test_bad_replay_language_exits_2(human_game: tuple[str, Path]) -> None:
    _, record_path = human_game
    result = run("replay", str(record_path), "--lang", "klingon")
    assert result.exit_code == 2 and "unknown language 'klingon'" in result.output


# -- ending a game early -------------------------------------------------------------------
def test_end_of_input_stops_cleanly() -> None:
    result = run("play", "splendor", "--seed", "1", "--seats", "human,random", input="")
    assert result.exit_code == 0
    assert "Input ended: the game stops at ply 0." in result.output


def test_quit_saves_the_unfinished_record(tmp_path: Path) -> None:
    path = tmp_path / "partial.json"
    result = run("play", "splendor", "--seed", "1", "--seats", "human,random", "--record",
                 str(path), input="0\n0\nquit\n")
    assert result.exit_code == 0
    assert "You left the game at ply 4." in result.output
    record = json.loads(path.read_text())
    assert len(record["actions"]) == 4 and record["result"] is None
    assert eurogames.replay(record).ply == 4


def test_a_failed_record_write_is_an_error_and_leaves_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(src: str, dst: str) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "replace", refuse)
    path = tmp_path / "game.json"
    result = run("play", "splendor", "--seats", "random,random", "--seed", "3", "--quiet",
                 "--record", str(path))
    assert result.exit_code == 1
    assert f"Could not save the record to {path}: Permission denied" in result.output
    assert list(tmp_path.iterdir()) == []


def test_hot_seat_humans_are_named_human() -> None:
    result = run("play", "splendor", "--seats", "human,human", "--seed", "2", input="quit\n")
    assert result.exit_code == 0
    assert "Seat 1 (human) to move" in result.output and "Seat 2 (human)" in result.output


# -- bots only -----------------------------------------------------------------------------
def test_bots_only_prints_each_move_and_the_result() -> None:
    result = run("play", "splendor", "--seats", "random,random,random", "--seed", "5",
                 "--first", "2")
    assert result.exit_code == 0
    assert "Seat 2 (random) starts." in result.output
    assert re.search(r"^Seat 3 \(random\) [a-z]+s ", result.output, re.MULTILINE)
    assert "Where the points came from" in result.output
    assert "Final scores" in result.output and "Winner" in result.output


def test_quiet_prints_only_the_result() -> None:
    result = run("play", "splendor", "--seats", "random,random", "--seed", "5", "--quiet")
    assert result.exit_code == 0
    assert not re.search(r"Seat 1 \(random\) [a-z]+s ", result.output)
    assert "Market" not in result.output
    assert "·" not in result.output  # nor the events
    assert "Final scores" in result.output


@pytest.mark.skipif(not {"greedy", "mcts"} <= set(bot_names()), reason="bots not registered")
def test_greedy_and_mcts_seats_with_settings() -> None:
    result = run("play", "splendor", "--seats", "greedy,mcts:iterations=20", "--seed", "4",
                 "--quiet")
    assert result.exit_code == 0
    assert "Seat 1 (greedy)" in result.output and "Seat 2 (mcts)" in result.output
    bad = run("play", "splendor", "--seats", "greedy,mcts:iterations=10:seconds=0.1")
    assert bad.exit_code == 2 and "seat 2 (mcts)" in bad.output


# -- languages -----------------------------------------------------------------------------
def test_traditional_chinese_uses_the_rulebook_terms() -> None:
    result = run("play", "splendor", "--seats", "human,random", "--seed", str(SEED),
                 "--lang", "zh-Hant", input="help\nquit\n")
    assert result.exit_code == 0
    for term in ("璀璨寶石", "貴族板塊", "桌面中央", "供應堆", "聲望", "保留的卡牌", "鑽石",
                 "藍寶石", "翡翠", "紅寶石", "縞瑪瑙", "黃金", "發展卡牌",
                 "拿取3個不同顏色的寶石標記", "記譜", "你在第0步離開了遊戲"):
        assert term in result.output, term


def test_simplified_chinese_game_between_bots() -> None:
    result = run("play", "splendor", "--seats", "random,random", "--seed", "5",
                 "--lang", "zh-Hans")
    assert result.exit_code == 0
    for term in ("璀璨宝石", "贵族板块", "供应堆", "最终声望点数", "购买的发展卡牌", "胜利者"):
        assert term in result.output, term


# -- the game-agnostic parts ---------------------------------------------------------------
def test_a_game_without_a_renderer_gets_generic_panels() -> None:
    game = eurogames.load("splendor")
    assert game_module(game, "no_such_module") is None
    state = game.new(2, seed=1)
    screen = Screen(game, "en")
    screen.module = None  # as for a game that ships no render.py
    out = Console(width=100, record=True, file=open(os.devnull, "w"))  # noqa: SIM115
    out.print(screen.board(state.view(0), 0, ["Seat 1", "Seat 2"]))
    out.print(screen.notation_help(state))
    out.print(screen.result(state, ["Seat 1", "Seat 2"]))
    text = out.export_text()
    assert "supply" in text and "market" in text and "take white blue green" in text
    assert generic_view({"a": 1}, "en", None, None) is not None


def test_shared_victory_is_stated() -> None:
    class Tied:  # two seats level on points and on cards bought (R25: they share)
        players = 2

        def scores(self) -> list[int]:
            return [15, 15]

        def winners(self) -> list[int]:
            return [0, 1]

        def view(self, seat: int | None) -> dict:
            return {"seats": [{"cards": [0] * 9}, {"cards": [0] * 9}]}

    out = Console(width=100, record=True, file=open(os.devnull, "w"))  # noqa: SIM115
    out.print(Screen(eurogames.load("splendor"), "en").result(Tied(), ["Seat 1", "Seat 2"]))
    assert "Shared victory: Seat 1 and Seat 2." in out.export_text()


# -- the Splendor board -------------------------------------------------------------------
def board_text(view: dict, lang: str = "en", seat: int | None = None, width: int = 100) -> str:
    out = Console(width=width, record=True, file=open(os.devnull, "w"))  # noqa: SIM115
    out.print(render_view(view, lang, seat, None))
    return out.export_text()


def play_until(seed: int, done) -> eurogames.State:  # noqa: ANN001
    state = eurogames.load("splendor").new(2, seed=seed)
    bot = eurogames.bot("random", "splendor", seed=seed)
    while not done(state):
        state.apply(bot.choose(state))
    return state


def test_a_blind_reserve_is_face_down_for_the_others_only() -> None:
    state = play_until(2, lambda s: s.ply == 0)
    state.apply(state.parse_action("reserve deck 3"))  # D11: seat 0 reserves unseen
    own, other = board_text(state.view(0), seat=0), board_text(state.view(1), seat=1)
    assert "R1" in own and "(blind)" in own and "face down" not in own
    assert "R1 level 3, face down" in other and "(blind)" not in other


def test_the_final_round_is_announced() -> None:
    state = play_until(1, lambda s: s.view(None)["final_round"] or s.is_over())
    if state.is_over():
        pytest.skip("this seed ended without a final round")
    assert "FINAL ROUND" in board_text(state.view(None))
    assert "最後一輪" in board_text(state.view(None), "zh-Hant")


@pytest.mark.parametrize("lang", ["en", "zh-Hant", "zh-Hans"])
@pytest.mark.parametrize("width", [80, 100])
def test_the_board_fits_the_terminal(lang: str, width: int) -> None:
    state = eurogames.load("splendor").new(4, seed=9)
    bot = eurogames.bot("random", "splendor", seed=9)
    for _ in range(40):
        state.apply(bot.choose(state))
    text = board_text(state.view(0), lang, 0, width)
    assert max(cell_len(line.rstrip()) for line in text.splitlines()) <= width
    assert "…" not in text  # nothing cut off
    for place in ("1.1", "2.4", "3.4"):
        assert place in text


# -- the installed command -----------------------------------------------------------------
def test_python_dash_m_eurogames_plays_with_piped_stdin() -> None:
    env = {**os.environ, "COLUMNS": "100", "NO_COLOR": "1"}
    env.pop("FORCE_COLOR", None)
    done = subprocess.run(
        [sys.executable, "-m", "eurogames", "play", "splendor", "--seats", "human,random",
         "--seed", str(SEED)],
        input=BAD_INPUTS + ALWAYS_FIRST, capture_output=True, text=True, env=env, timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stdout + done.stderr
    assert "there is no legal action number 99" in done.stdout
    assert "Winner: Seat 2 (random)." in done.stdout


def test_console_script_reports_errors_on_stderr() -> None:
    script = Path(sys.executable).parent / "eurogames"
    command = [str(script)] if script.exists() else [sys.executable, "-m", "eurogames.cli.main"]
    version = subprocess.run([*command, "--version"], capture_output=True, text=True, timeout=60)
    assert version.returncode == 0
    assert version.stdout.strip() == f"eurogames {eurogames.__version__}"
    bad = subprocess.run([*command, "play", "nogame"], capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and bad.stdout == ""
    assert bad.stderr.startswith("error: unknown game 'nogame'")


def test_games_names_a_broken_plugin_and_lists_the_others(broken_plugins: Path) -> None:
    """An installed distribution whose game fails to load does not stop the listing."""
    result = run("games")
    assert result.exit_code == 0, result.output
    assert "Alhambra" in result.output and "Take-away" in result.output
    assert "fails" in result.output and "cannot be loaded" in result.output


def test_play_refuses_a_broken_plugin_naming_it(broken_plugins: Path) -> None:
    result = run("play", "fails", "--seats", "random,random", "--quiet")
    assert result.exit_code != 0
    assert "'broken-games'" in result.output and "fails to import" in result.output


# -- solo: one seat against an opponent that is not a seat (docs/api.md) --------------------
def test_a_solo_sabika_game_ends_with_yusufs_score_and_the_winner(tmp_path: Path) -> None:
    """``play sabika --players 1 --seats human``: the human alone against Yusuf, who is part of
    the game and not a seat; the end shows his score, his parts and who won."""
    record = tmp_path / "solo.json"
    result = run("play", "sabika", "--players", "1", "--seats", "human", "--seed", "3",
                 "--option", "yusuf_choices=policy", "--record", str(record),
                 input=BAD_INPUTS + "0\n" * 3000)
    assert result.exit_code == 0, result.output
    state = eurogames.replay(json.loads(record.read_text()))
    assert state.is_over() and state.players == 1
    (yusuf,) = state.opponents()
    output = result.output
    assert "Final scores" in output and "Where the points came from" in output
    assert score_row(output, "Seat 1 (you)", state.scores()[0])
    assert score_row(output, "Yusuf", yusuf.score)
    cards = {part.key: part.points for part in yusuf.parts}["cards"]  # his parts (YE8)
    assert re.search(rf"Worker cards\s*│\s*│\s*{cards}\s*│", output)
    if state.winners() and yusuf.won:
        assert "Shared victory: Seat 1 (you) and Yusuf." in output
    elif state.winners():
        assert "Winner: Seat 1 (you)." in output
    else:
        assert "Winner: Yusuf." in output
        assert f"  · The game is over: Yusuf wins with {yusuf.score} points." in output


@pytest.mark.parametrize("seat", ["random", "greedy", "mcts:iterations=4"])
def test_a_bot_plays_solo_sabika_against_yusuf(seat: str) -> None:
    result = run("play", "sabika", "--players", "1", "--seats", seat, "--seed", "2", "--quiet")
    assert result.exit_code == 0, result.output
    assert "Yusuf" in result.output


def test_solo_is_refused_for_a_game_without_it() -> None:
    result = run("play", "splendor", "--players", "1", "--seats", "human")
    assert result.exit_code != 0 and "splendor is for 2 to 4 players, not 1" in result.output


def test_a_text_option_keeps_its_value_as_written() -> None:
    """``--option events=none``: a game's text option is the text ``none``, not ``None``
    (the arena reads options the same way)."""
    result = run("play", "sabika", "--players", "2", "--seats", "random,random", "--seed", "3",
                 "--option", "events=none", "--quiet")
    assert result.exit_code == 0, result.output
    refused = run("play", "sabika", "--players", "2", "--seats", "random,random",
                  "--option", "events=nothing", "--quiet")
    assert refused.exit_code == 2 and "events" in refused.output
