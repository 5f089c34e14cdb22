"""Tournaments of one player: each bot alone against a game's own opponent (an opponent that is
part of the rules, not a seat: ``state.opponents()`` in docs/api.md), on the same deals, with
the result the game itself reports; and the refusal of a 1-player game without one."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

import eurogames
from eurogames.arena.backends import SerialBackend
from eurogames.arena.report import SoloSummary, html_report, summarise, summary_json
from eurogames.arena.tournament import (
    Entrant,
    GameResult,
    OpponentResult,
    Tournament,
    play_game,
    run,
)
from eurogames.cli.arena import game_options, register
from eurogames.core import registry
from eurogames.core.game import Option
from eurogames.games.splendor.game import Splendor


def has_own_opponent(name: str) -> bool:
    game = eurogames.load(name)
    return game.min_players == 1 and bool(game.new(1, seed=0).opponents())


# every game whose 1-player games have an opponent that is not a seat
SOLO_GAMES = [name for name in eurogames.games() if has_own_opponent(name)]
RANDOMS = (Entrant("random"), Entrant("random", label="random#2"))


ENV = {"COLUMNS": "80", "NO_COLOR": "1", "FORCE_COLOR": None, "TTY_COMPATIBLE": None}


def run_cli(*args: str):
    """``eurogames arena ARGS`` in an app of its own, as the main app adds the command."""
    app = typer.Typer(add_completion=False)

    @app.callback()
    def root() -> None:
        """eurogames"""

    register(app)
    result = CliRunner().invoke(app, ["arena", *args], env=ENV)
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result


def play(tournament: Tournament) -> list[GameResult]:
    results: list[GameResult] = []
    run(tournament, SerialBackend(), results.append)
    return results


@pytest.fixture(scope="module", params=SOLO_GAMES)
def solo(request: pytest.FixtureRequest) -> tuple[Tournament, list[GameResult]]:
    tournament = Tournament(request.param, RANDOMS, games=6, players=1, seed=4)
    return tournament, play(tournament)


def test_each_bot_plays_every_deal_alone(solo: tuple[Tournament, list[GameResult]]) -> None:
    tournament, results = solo
    assert tournament.schedule.cycle == 2
    assert [r.seating for r in results] == [(0,), (1,)] * 3
    deals = [r.seed for r in results]
    assert deals[0::2] == deals[1::2]  # the same deal for every bot
    assert len(set(deals)) == 3  # a new deal each round
    assert all(r.record["players"] == 1 and r.opponents for r in results)


def test_records_of_solo_games_replay_to_their_result(
    solo: tuple[Tournament, list[GameResult]],
) -> None:
    tournament, results = solo
    for result in results:
        line = json.loads(json.dumps(result.to_json(tournament.entrants)))
        state = eurogames.replay(line["record"])
        assert state.is_over() and not result.capped
        assert tuple(state.scores()) == result.scores
        assert tuple(state.winners()) == result.winners
        assert [(o.key, o.score, o.won) for o in state.opponents()] == [
            (o["key"], o["score"], o["won"]) for o in line["opponents"]
        ]


def test_the_solo_result_is_the_one_the_game_reports(
    solo: tuple[Tournament, list[GameResult]],
) -> None:
    # returns(): +1 won alone, 0 a win shared with the one opponent, -1 lost
    tournament, results = solo
    summary = summarise(tournament, results)
    assert isinstance(summary, SoloSummary)
    counts = [[0, 0, 0], [0, 0, 0]]
    for result in results:
        state = eurogames.replay(result.record)
        mine = state.returns()[0]
        outcome = 0 if mine == 1 else 2 if mine == -1 else 1
        counts[result.seating[0]][outcome] += 1
    assert [[b.won, b.shared, b.lost] for b in summary.bots] == counts


def test_a_small_solo_tournament_reports_a_win_rate_and_its_interval(
    solo: tuple[Tournament, list[GameResult]],
) -> None:
    tournament, results = solo
    summary = summarise(tournament, results)
    assert isinstance(summary, SoloSummary)
    assert summary.games == 6 and summary.opponents and not summary.notes()
    for i, bot in enumerate(summary.bots):
        mine = [r for r in results if r.seating == (i,)]
        assert bot.games == 3
        assert bot.wins.score == bot.won + bot.shared / 2
        low, high = bot.wins.interval
        assert 0 <= low <= bot.wins.rate <= high <= 1 and high > low
        assert bot.mean_score == pytest.approx(sum(r.scores[0] for r in mine) / 3)
        assert bot.opponent_mean(0) == pytest.approx(sum(r.opponents[0].score for r in mine) / 3)
    data = summary_json(summary)
    assert data["players"] == 1 and data["opponents"] == summary.opponents
    assert data["bots"][0]["wins"]["high"] == summary.bots[0].wins.interval[1]


def result(seat_wins: bool, opponent_wins: bool, score: int, theirs: int) -> GameResult:
    """A finished 1-player game: the seat among the winners or not, the opponent too or not."""
    return GameResult(
        index=0, seating=(0,), seed=1, bot_seeds=(2,), starter=0, scores=(score,),
        winners=(0,) if seat_wins else (), plies=10, capped=False, record={},
        opponents=(OpponentResult("rival", "Rival", theirs, opponent_wins),),
    )


def test_a_shared_win_counts_half_and_a_lost_game_nothing() -> None:
    tournament = Tournament("splendor", (Entrant("random"),), games=4, players=1)
    games = [result(True, False, 50, 40), result(True, True, 45, 45),
             result(False, True, 30, 60), result(False, True, 35, 55)]
    summary = summarise(tournament, games)
    assert isinstance(summary, SoloSummary)
    (bot,) = summary.bots
    assert (bot.won, bot.shared, bot.lost) == (1, 1, 2)
    assert bot.wins.score == 1.5 and bot.wins.n == 4
    assert bot.mean_score == 40 and bot.opponent_mean(0) == 50
    assert summary.opponents == ["Rival"]


class Patience(Splendor):
    """A game that takes 1 player but has no opponent that is not a seat."""

    name = "patience"
    min_players = 1

    def _new(self, players: int, seed: int, options: dict) -> object:
        return super()._new(max(players, 2), seed, options)


@pytest.fixture
def patience(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry._LOADED, "patience", Patience())


@pytest.mark.usefixtures("patience")
def test_one_player_without_an_opponent_is_refused() -> None:
    tournament = Tournament("patience", (Entrant("random"),), games=2, players=1)
    with pytest.raises(ValueError, match="patience played by 1 player has no opponent that "
                       "is not a seat"):
        tournament.check()


@pytest.mark.usefixtures("patience")
def test_the_command_refuses_one_player_without_an_opponent_in_one_line(tmp_path: Path) -> None:
    result = run_cli("patience", "--bots", "random", "--players", "1",
                     "--out", str(tmp_path / "out"))
    assert result.exit_code == 2
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: patience played by 1 player has no "
                                                    "opponent that is not a seat"), result.output
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("name", SOLO_GAMES)
def test_more_players_still_need_two_bots(name: str) -> None:
    game = eurogames.load(name)
    if game.max_players < 2:
        pytest.skip(f"{name} is for 1 player only")
    with pytest.raises(ValueError, match="needs at least 2 bots, not 1"):
        Tournament(name, (Entrant("random"),), games=2, players=2).check()


def test_a_text_option_keeps_none_as_text() -> None:
    class Game:
        options = {"mode": Option("mode", "none", "a text option", type=str),
                   "depth": Option("depth", 1, "an integer option")}

    assert game_options(Game(), ["mode=none", "depth=3"]) == {"mode": "none", "depth": 3}


@pytest.mark.parametrize("name", SOLO_GAMES)
def test_the_solo_command_reports_within_80_columns_and_replays(
    name: str, tmp_path: Path,
) -> None:
    out = tmp_path / "run"
    result = run_cli(name, "--players", "1", "--bots", "mcts:iterations=2:depth=2,random",
                     "--games", "4", "--seed", "3", "--out", str(out))
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("Against "))
    end = next(i for i, line in enumerate(lines) if line.startswith("Game length"))
    assert all(len(line) <= 80 for line in lines[start:end]), "\n".join(lines[start:end])
    assert lines[start + 1].split()[:6] == ["bot", "won", "shared", "lost", "win", "%"]
    data = json.loads((out / "arena.json").read_text(encoding="utf-8"))
    assert data["summary"]["players"] == 1
    assert sorted(b["games"] for b in data["summary"]["bots"]) == [2, 2]
    page = (out / "report.html").read_text(encoding="utf-8")
    assert page.count('<img alt="') == page.count('src="data:image/png;base64,') == 3
    assert "Win rate against " in page and "95% Wilson intervals" in page
    for line in (out / "games.jsonl").read_text(encoding="utf-8").splitlines():
        game = json.loads(line)
        state = eurogames.replay(game["record"])
        assert state.scores() == game["scores"] and state.winners() == game["winners"]
    assert "--players 1 --seed 3" in data["command"]


def test_a_game_played_alone_is_the_game_played_in_the_solo_tournament(
    solo: tuple[Tournament, list[GameResult]],
) -> None:
    tournament, results = solo
    again = play_game(tournament, 3)
    assert again.to_json(tournament.entrants) == results[3].to_json(tournament.entrants)


def test_the_solo_report_page_has_its_tables_and_alt_texts(
    solo: tuple[Tournament, list[GameResult]],
) -> None:
    tournament, results = solo
    summary = summarise(tournament, results)
    page = html_report(summary, "eurogames arena ...")
    for heading in ("Scores", "Game length"):
        assert f"<h2>{heading}</h2>" in page
    assert f"<h2>Against {summary.opponents[0]}</h2>" in page
    assert "random median" in page and f"{summary.opponents[0]} vs random" in page
