"""A game from another distribution (tests/plugins/takeaway_game, found through its entry
point) is played by every client of the engine, none of which names it: the terminal, the
arena, the bots and the learning adapters (the web server: tests/web/test_plugin_game.py).
The contract suite checks its rules like every built-in game's."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

import eurogames
from eurogames.arena.backends import LocalBackend, SerialBackend
from eurogames.arena.report import summarise
from eurogames.arena.tournament import Entrant, GameResult, Tournament, run
from eurogames.core.rng import Rng

NAME = "takeaway"
ROOT = Path(__file__).resolve().parents[1]


def play(tournament: Tournament, backend) -> list[GameResult]:
    results: list[GameResult] = []
    run(tournament, backend, results.append)
    return results


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    """``eurogames`` in a fresh process, which finds the plugin through PYTHONPATH alone."""
    env = {**os.environ, "COLUMNS": "100", "NO_COLOR": "1"}
    result = subprocess.run([sys.executable, "-m", "eurogames", *args], capture_output=True,
                            text=True, env=env, timeout=120)
    assert "Traceback" not in result.stdout + result.stderr, result.stderr
    return result


def test_nothing_outside_tests_names_the_plugin_game():
    for folder in ("src", "docs"):
        for path in (ROOT / folder).rglob("*"):
            if path.is_file() and path.suffix in (".py", ".md", ".js", ".css", ".json", ".c"):
                text = path.read_text("utf-8", errors="replace").lower()
                assert "takeaway" not in text and "take-away" not in text, path


def test_the_terminal_lists_plays_and_replays_it(tmp_path: Path):
    listed = cli("games")
    assert listed.returncode == 0 and NAME in listed.stdout and "取子遊戲" in listed.stdout
    record = tmp_path / "game.json"
    played = cli("play", NAME, "--seats", "random,greedy", "--seed", "4", "--quiet",
                 "--record", str(record))
    assert played.returncode == 0, played.stdout + played.stderr
    saved = json.loads(record.read_text("utf-8"))
    state = eurogames.replay(saved)
    assert saved["game"] == NAME and saved["seed"] == 4 and state.is_over()
    assert "Winner" in played.stdout or "winners" in played.stdout.lower()
    replayed = cli("replay", str(record), "--auto")
    assert replayed.returncode == 0
    assert f"{len(saved['actions'])} plies" in replayed.stdout
    assert "plays a" in replayed.stdout  # the game's own descriptions, of each seat


def test_the_arena_plays_it_in_this_process_and_in_workers():
    entrants = (Entrant("random"), Entrant("mcts", {"iterations": 10}))
    tournament = Tournament(NAME, entrants, games=4, players=2, seed=3)
    serial = play(tournament, SerialBackend())
    local = play(tournament, LocalBackend(workers=2))  # actions and states cross processes
    assert [r.record for r in serial] == [r.record for r in local]
    for result in serial:
        assert eurogames.replay(result.record).is_over()
    summary = summarise(tournament, serial, rounds=20)
    assert summary.games == 4 and sum(rate.score for rate in summary.seats) == pytest.approx(4)


@pytest.mark.parametrize("bot", ["random", "greedy", "mcts"])
def test_every_bot_plays_it_to_the_end(bot):
    game = eurogames.load(NAME)
    state = game.new(2, seed=8)
    players = [eurogames.bot(bot, game, seed=1, **({"iterations": 16} if bot == "mcts" else {})),
               eurogames.bot("random", game, seed=2)]
    while not state.is_over():
        state.apply(players[state.current_player].choose(state))
    assert state.winners()


def test_pettingzoo_plays_it():
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test

    import eurogames.rl

    env = eurogames.rl.pettingzoo_env(NAME, players=2, seed=5)
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
        warnings.filterwarnings("ignore", message="Observation space for each agent probably")
        api_test(env, num_cycles=100)
    env.reset(seed=5)
    rng = Rng(5)
    for _agent in env.agent_iter():
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        assert observation["observation"].shape == (10,)
        legal = [i for i, bit in enumerate(observation["action_mask"]) if bit]
        env.step(legal[rng.below(len(legal))])
    assert env.game_state.is_over()


def test_gymnasium_and_openspiel_play_it():
    gymnasium = pytest.importorskip("gymnasium")
    pyspiel = pytest.importorskip("pyspiel")
    import eurogames.rl

    assert "eurogames/Takeaway-v0" in eurogames.rl.GYMNASIUM_IDS
    env = gymnasium.make("eurogames/Takeaway-v0", opponents=["random"], seat=0)
    observation, info = env.reset(seed=2)
    done = False
    while not done:
        legal = [i for i, bit in enumerate(observation["action_mask"]) if bit]
        observation, reward, terminated, truncated, info = env.step(legal[0])
        done = terminated or truncated
    assert reward in (-1.0, 0.0, 1.0)

    assert "eurogames_takeaway" in eurogames.rl.OPENSPIEL_NAMES
    game = pyspiel.load_game("eurogames_takeaway", {"players": 2, "rng_seed": 3})
    pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)


def test_an_action_of_the_plugin_game_unpickles_in_a_fresh_process():
    import pickle

    action = eurogames.load(NAME).action(4)
    code = ("import pickle, sys; a = pickle.loads(sys.stdin.buffer.read()); "
            "print(a.game, a.id, a.text)")
    out = subprocess.run([sys.executable, "-c", code], input=pickle.dumps(action),
                         capture_output=True, check=True).stdout.decode()
    assert out.split() == [NAME, "4", "discard", "2"]
