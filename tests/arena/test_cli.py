"""``eurogames arena`` end to end on a tiny tournament, and its refusals of bad input."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

import eurogames
from eurogames.cli.arena import register
from eurogames.cli.main import app as main_app

ENV = {"COLUMNS": "120", "NO_COLOR": "1", "FORCE_COLOR": None, "TTY_COMPATIBLE": None}


def arena_app() -> typer.Typer:
    """The ``eurogames`` app once it has the ``arena`` command; until then the command in an
    app of its own, added by ``register`` as the main app adds it."""
    if any(command.name == "arena" for command in main_app.registered_commands):
        return main_app
    app = typer.Typer(add_completion=False)

    @app.callback()
    def root() -> None:
        """eurogames"""

    register(app)
    return app


def run(*args: str):
    result = CliRunner().invoke(arena_app(), ["arena", *args], env=ENV)
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result


@pytest.fixture(scope="module")
def tiny(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, Path]:
    out = tmp_path_factory.mktemp("arena") / "run"
    result = run("splendor", "--bots", "greedy,random", "--games", "10", "--players", "2",
                 "--seed", "5", "--out", str(out))
    assert result.exit_code == 0, result.output
    return result.output, out


def test_every_game_is_saved_as_a_record_with_its_seating(tiny: tuple[str, Path]) -> None:
    _, out = tiny
    lines = (out / "games.jsonl").read_text(encoding="utf-8").splitlines()
    assert len(lines) == 10
    for i, line in enumerate(lines):
        game = json.loads(line)
        assert game["index"] == i
        assert sorted(game["bots"]) == ["greedy", "random"]
        assert game["bots"] == [["greedy", "random"][e] for e in game["seating"]]
        state = eurogames.replay(game["record"])
        assert state.scores() == game["scores"] and state.winners() == game["winners"]
    seats = [json.loads(line)["bots"] for line in lines]
    assert seats.count(["greedy", "random"]) == seats.count(["random", "greedy"]) == 5


def test_the_report_is_written_as_html_with_plots_and_as_json(tiny: tuple[str, Path]) -> None:
    _, out = tiny
    page = (out / "report.html").read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and page.rstrip().endswith("</html>")
    assert page.count('src="data:image/png;base64,') == 5
    for heading in ("Ratings", "Who finished ahead of whom", "Seats", "Scores", "Game length"):
        assert f"<h2>{heading}</h2>" in page
    data = json.loads((out / "arena.json").read_text(encoding="utf-8"))
    assert data["tournament"]["games"] == 10 and data["tournament"]["seed"] == 5
    assert data["summary"]["games"] == 10
    assert [b["label"] for b in data["summary"]["bots"]] == ["greedy", "random"]
    assert data["command"] == (
        "eurogames arena splendor --bots greedy,random --games 10 --players 2 --seed 5 "
        "--max-plies 500"
    )


def test_the_terminal_shows_ratings_matrix_seats_scores_and_lengths(
    tiny: tuple[str, Path],
) -> None:
    output, out = tiny
    for title in ("Ratings (Bradley–Terry, Elo scale", "Row finished ahead of column",
                  "Seats", "Final scores", "Game length (plies)", "0 capped at 500"):
        assert title in output
    assert f"records: {out / 'games.jsonl'}" in output


def test_the_same_seed_writes_the_same_records(tiny: tuple[str, Path], tmp_path: Path) -> None:
    _, out = tiny
    again = tmp_path / "again"
    result = run("splendor", "--bots", "greedy,random", "--games", "10", "--seed", "5",
                 "--out", str(again))
    assert result.exit_code == 0, result.output
    assert (again / "games.jsonl").read_bytes() == (out / "games.jsonl").read_bytes()


def test_a_folder_that_holds_a_tournament_is_not_overwritten(tiny: tuple[str, Path]) -> None:
    _, out = tiny
    before = (out / "games.jsonl").read_bytes()
    result = run("splendor", "--bots", "greedy,random", "--games", "2", "--out", str(out))
    assert result.exit_code == 2
    assert "already holds a tournament" in result.output
    assert (out / "games.jsonl").read_bytes() == before


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["chess", "--bots", "random,greedy"], "unknown game 'chess'"),
        (["splendor", "--bots", "random,oracle"], "unknown seat 'oracle'"),
        (["splendor", "--bots", "random,mcts:speed=3"], "no setting 'speed'"),
        (["splendor", "--bots", "random,mcts:iterations"], "'iterations' is not key=value"),
        (["splendor", "--bots", "random,human"], "bots only; 'human' cannot take part"),
        (["splendor", "--bots", "random"], "at least 2 bots, not 1"),
        (["splendor", "--bots", "random,greedy", "--games", "0"], "at least 1 game, not 0"),
        (["splendor", "--bots", "random,greedy", "--players", "5"], "2 to 4 players, not 5"),
        (["splendor", "--bots", "random,greedy", "--players", "1"], "2 to 4 players, not 1"),
        (["splendor", "--bots", "random,greedy", "--option", "colour=red"], "no option 'colour'"),
        (["splendor", "--bots", "random,greedy", "--option", "first"], "'first' is not key=value"),
        (["splendor", "--bots", "random,greedy", "--max-plies", "0"], "ply cap must be a positive"),
        (["splendor", "--bots", "random,greedy", "--workers", "0"], "--workers must be at least 1"),
        (["splendor", "--bots", "random,greedy", "--backend", "spark"], "unknown backend 'spark'"),
        (["splendor", "--bots", "random,greedy", "--ray-address", "1.2.3.4:6379"],
         "--ray-address is for --backend ray"),
    ],
)
def test_bad_input_exits_2_with_one_line(args: list[str], message: str, tmp_path: Path) -> None:
    result = run(*args, "--out", str(tmp_path / "out"))
    assert result.exit_code == 2
    assert message in result.output
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: "), result.output
    assert not (tmp_path / "out").exists()  # refused before anything was written


def test_an_out_path_that_is_a_file_is_refused(tmp_path: Path) -> None:
    file = tmp_path / "taken"
    file.write_text("mine")
    result = run("splendor", "--bots", "random,greedy", "--out", str(file))
    assert result.exit_code == 2 and "that is a file, not a folder" in result.output
    assert file.read_text() == "mine"


def test_the_report_images_say_their_numbers_in_alt_text(tiny: tuple[str, Path]) -> None:
    _, out = tiny
    page = (out / "report.html").read_text(encoding="utf-8")
    alts = re.findall(r'<img alt="([^"]*)" src="data:image/png', page)
    assert len(alts) == 5 and all(alts)
    ratings, matrix, seats, scores, lengths = alts
    assert ratings.startswith("Ratings on the Elo scale with 95% intervals, best first: ")
    assert "greedy" in ratings and "random" in ratings
    assert "greedy ahead of random" in matrix and "random ahead of greedy" in matrix
    assert "seat 1" in seats and "first player" in seats
    assert "greedy median" in scores
    assert lengths.startswith("Histogram of plies per game: median ") and "of 10 capped" in lengths


def test_the_terminal_tables_fit_80_columns(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        arena_app(),
        ["arena", "splendor", "--bots", "mcts:iterations=5,greedy,random,random",
         "--games", "12", "--seed", "5", "--out", str(tmp_path / "run")],
        env={**ENV, "COLUMNS": "80"},
    )
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    start = lines.index("Ratings (Bradley–Terry, Elo scale; SE in the HTML report)")
    end = next(i for i, line in enumerate(lines) if line.startswith("Game length"))
    tables = lines[start:end]
    assert all(len(line) <= 80 for line in tables), "\n".join(tables)
    header = tables[1].split()
    assert header[:4] == ["#", "bot", "rating", "95%"]  # headers whole, not folded
    for line in tables:  # numbers whole: no percentage or interval cut at a line's end
        assert not re.search(r"\d[–.]$", line.rstrip()), line
