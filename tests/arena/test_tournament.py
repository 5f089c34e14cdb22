"""Playing a tournament: the same games whatever plays them, records that replay, capped
games counted, and every game of the engine playable."""

from __future__ import annotations

import json
import socket

import pytest

import eurogames
from eurogames.arena.backends import (
    LocalBackend,
    RayBackend,
    SerialBackend,
    check_reachable,
    make_backend,
)
from eurogames.arena.report import summarise
from eurogames.arena.tournament import (
    ArenaError,
    Entrant,
    GameResult,
    Tournament,
    play_game,
    run,
)

BOTS = (Entrant("greedy"), Entrant("random"), Entrant("mcts", {"iterations": 4, "depth": 2}))


def play(tournament: Tournament, backend) -> list[GameResult]:
    results: list[GameResult] = []
    run(tournament, backend, results.append)
    return results


def lines(tournament: Tournament, results: list[GameResult]) -> list[str]:
    """The records file's lines: what must not depend on the backend."""
    return [json.dumps(r.to_json(tournament.entrants)) for r in results]


@pytest.fixture(scope="module")
def small() -> Tournament:
    return Tournament("splendor", BOTS, games=12, seed=11)


@pytest.fixture(scope="module")
def serial(small: Tournament) -> list[GameResult]:
    return play(small, SerialBackend())


def test_results_arrive_in_index_order_with_the_scheduled_seats(
    small: Tournament, serial: list[GameResult]
) -> None:
    assert [r.index for r in serial] == list(range(12))
    assert [r.seating for r in serial] == [small.schedule.seating(i) for i in range(12)]
    labels = json.loads(lines(small, serial)[3])["bots"]
    assert labels == [BOTS[e].label for e in small.schedule.seating(3)]


def test_two_worker_processes_play_the_same_games(
    small: Tournament, serial: list[GameResult]
) -> None:
    assert lines(small, play(small, LocalBackend(2))) == lines(small, serial)


def test_ray_plays_the_same_games(small: Tournament, serial: list[GameResult]) -> None:
    pytest.importorskip("ray", reason="ray is not installed (pip install 'eurogames[ray]')")
    assert lines(small, play(small, RayBackend(workers=2))) == lines(small, serial)


def test_a_game_played_alone_is_the_game_played_in_the_tournament(
    small: Tournament, serial: list[GameResult]
) -> None:
    again = play_game(small, 7)
    assert again.to_json(small.entrants) == serial[7].to_json(small.entrants)


def test_every_record_replays_to_its_result(serial: list[GameResult]) -> None:
    for result in serial:
        state = eurogames.replay(result.record)
        assert state.is_over() and not result.capped
        assert tuple(state.scores()) == result.scores
        assert tuple(state.winners()) == result.winners
        assert state.ply == result.plies


def test_a_capped_game_is_scored_as_it_stands_and_counted() -> None:
    t = Tournament("splendor", BOTS[:2], games=4, seed=1, max_plies=10)
    results = play(t, SerialBackend())
    assert all(r.capped and r.plies == 10 and r.record["result"] is None for r in results)
    state = eurogames.replay(results[0].record)
    assert tuple(state.scores()) == results[0].scores
    summary = summarise(t, results)
    assert summary.capped == 4
    assert any("reached the cap of 10 plies" in note for note in summary.notes())


def test_a_time_budget_is_flagged_as_not_reproducible(serial: list[GameResult]) -> None:
    t = Tournament("splendor", (Entrant("mcts", {"seconds": 0.01}), Entrant("random")), games=2)
    assert t.time_dependent == ["mcts:seconds=0.01"]
    summary = summarise(t, [play_game(t, 0), play_game(t, 1)], rounds=10)
    assert "use iterations= for a reproducible tournament" in summary.notes()[0]


@pytest.mark.parametrize("name", eurogames.games())
def test_every_game_of_the_engine_plays_in_the_arena(name: str) -> None:
    # three seats for two bots where the game allows: the schedule repeats a bot at a table
    players = min(3, eurogames.load(name).max_players)
    t = Tournament(name, (Entrant("random"), Entrant("random", label="random#2")),
                   games=4, players=players, seed=2)
    results = play(t, SerialBackend())
    seatings = [[0, 0, 1], [0, 1, 1]] * 2 if players == 3 else [[0, 1]] * 4
    assert [sorted(r.seating) for r in results] == seatings
    summary = summarise(t, results, rounds=20)
    assert summary.games == 4 and len(summary.seats) == players
    assert sum(rate.score for rate in summary.seats) == pytest.approx(4)


def test_the_summary_counts_each_pair_of_seats_and_splits_shared_wins(
    small: Tournament, serial: list[GameResult]
) -> None:
    summary = summarise(small, serial, rounds=20)
    for i in range(3):
        for j in range(3):
            if i != j:
                assert summary.matrix[i][j].n == 4  # two rounds, two seat orders
                assert summary.matrix[i][j].score + summary.matrix[j][i].score == 4
    assert sum(rate.score for rate in summary.seats) == pytest.approx(12)
    assert [b.seats for b in summary.bots] == [8, 8, 8]


def test_backends_are_chosen_from_the_command_line_words() -> None:
    assert isinstance(make_backend("local", None), SerialBackend)
    assert isinstance(make_backend("local", 1), SerialBackend)
    assert isinstance(make_backend("local", 3), LocalBackend)
    assert isinstance(make_backend("ray", 2), RayBackend)
    with pytest.raises(ValueError, match="unknown backend 'spark'"):
        make_backend("spark", 2)
    with pytest.raises(ValueError, match="--ray-address is for --backend ray"):
        make_backend("local", 2, "10.0.0.1:6379")
    with pytest.raises(ValueError, match="--workers must be at least 1"):
        make_backend("local", 0)


def test_a_ray_address_nobody_answers_at_is_refused_in_seconds() -> None:
    with socket.socket() as probe:  # a port that was free a moment ago: nothing listens
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with pytest.raises(ArenaError, match=f"cannot reach the Ray cluster at 127.0.0.1:{port}"):
        check_reachable(f"127.0.0.1:{port}")
    with pytest.raises(ArenaError, match="is not host:port"):
        check_reachable("nonsense")
