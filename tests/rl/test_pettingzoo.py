"""The PettingZoo AEC environment: PettingZoo's own conformance tests for every game and
player count, and the engine's outcome, truncation and errors through it."""

from __future__ import annotations

import pickle
import warnings

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test  # noqa: E402

import eurogames  # noqa: E402
import eurogames.rl  # noqa: E402
from eurogames.core.errors import IllegalActionError, UnknownGameError  # noqa: E402
from eurogames.core.rng import Rng  # noqa: E402
from eurogames.rl.encoding import Encoder  # noqa: E402

from .helpers import CASES  # noqa: E402


def play_out(env, seed=1):
    """Random legal play through the AEC loop until every agent is done."""
    rng = Rng(seed)
    for _ in env.agent_iter():
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        env.step(int(legal[rng.below(len(legal))]))


@pytest.mark.parametrize(
    ("name", "players", "encoding"), [*((n, p, None) for n, p in CASES), ("alhambra", 4, "planes")]
)
def test_pettingzoo_api_test_plays_whole_games(name, players, encoding):
    env = eurogames.rl.pettingzoo_env(name, players=players, seed=players, encoding=encoding)
    with warnings.catch_warnings():
        # PettingZoo warns about any Dict observation, the format its classic games use too
        warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
        warnings.filterwarnings("ignore", message="Observation space for each agent probably")
        api_test(env, num_cycles=600)  # long enough for random games to end


@pytest.mark.parametrize(("name", "players"), CASES)
def test_pettingzoo_seed_test(name, players):
    seed_test(lambda: eurogames.rl.pettingzoo_env(name, players=players), num_cycles=15)


@pytest.mark.parametrize(("name", "players"), [("splendor", 3), ("alhambra", 2)])
def test_rewards_at_the_end_are_the_engines_returns(name, players):
    env = eurogames.rl.pettingzoo_env(name, players=players, seed=7)
    env.reset()
    state = env.game_state
    totals = dict.fromkeys(env.possible_agents, 0.0)
    rng = Rng(3)
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            assert terminated and not truncated
            env.step(None)
            continue
        assert reward == 0
        legal = np.flatnonzero(observation["action_mask"])
        env.step(int(legal[rng.below(len(legal))]))
    assert state.is_over() and env.agents == []
    assert [totals[a] for a in env.possible_agents] == state.returns()


def test_a_game_is_truncated_for_every_agent_after_max_plies():
    env = eurogames.rl.pettingzoo_env("alhambra", players=3, seed=2, max_plies=10)
    env.reset()
    play_out(env)
    assert env.game_state.ply == 10 and not env.game_state.is_over()


def test_observation_is_the_encoded_view_and_only_the_seat_to_move_has_a_mask():
    env = eurogames.rl.pettingzoo_env("splendor", players=3, seed=4)
    env.reset()
    state = env.game_state
    encode = Encoder("splendor", 3)
    for seat, agent in enumerate(env.possible_agents):
        observation = env.observe(agent)
        assert np.array_equal(observation["observation"], encode(state.view(seat)))
        expected = (
            set(a.id for a in state.legal_actions()) if seat == state.current_player else set()
        )
        assert set(np.flatnonzero(observation["action_mask"])) == expected
    assert env.agent_selection == "player_0"


def test_agent_selection_follows_the_seat_that_decides():
    env = eurogames.rl.pettingzoo_env("splendor", players=2, seed=1, options={"first": 1})
    env.reset()
    assert env.agent_selection == "player_1"
    env.step(env.game_state.parse_action("take white blue green").id)
    assert env.agent_selection == "player_0"


def test_an_illegal_action_raises_naming_it_and_changes_nothing():
    env = eurogames.rl.pettingzoo_env("splendor", players=2, seed=1)
    env.reset()
    before = env.game_state.to_json()
    with pytest.raises(
        IllegalActionError, match=r"action 3841 \(pass\) is not legal now: passing is allowed only"
    ):
        env.step(3841)
    with pytest.raises(IllegalActionError, match="outside splendor's action space"):
        env.step(99999)
    with pytest.raises(IllegalActionError, match="an action is an integer id, not 'take'"):
        env.step("take")
    assert env.game_state.to_json() == before


def test_reset_with_a_seed_replays_the_same_game():
    env = eurogames.rl.pettingzoo_env("alhambra", players=2)
    env.reset(seed=5)
    first = env.game_state.to_json()
    env.reset()
    assert env.game_state.to_json() != first
    env.reset(seed=5)
    assert env.game_state.to_json() == first


def test_ansi_rendering_draws_the_table():
    env = eurogames.rl.pettingzoo_env("splendor", players=2, seed=1, render_mode="ansi")
    env.reset()
    text = env.render()
    assert isinstance(text, str) and "player_0" in text and "\x1b[" in text


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"game": "chess"}, UnknownGameError, "unknown game 'chess'"),
        ({"game": "splendor", "players": 5}, ValueError, "splendor is for 2 to 4 players, not 5"),
        (
            {"game": "splendor", "options": {"colour": 1}},
            ValueError,
            "splendor has no option 'colour'",
        ),
        ({"game": "splendor", "max_plies": 0}, ValueError, "max_plies must be a positive integer"),
        (
            {"game": "splendor", "render_mode": "human"},
            ValueError,
            "render_mode must be None or 'ansi'",
        ),
        (
            {"game": "alhambra", "encoding": "grid"},
            ValueError,
            "alhambra has no observation encoding 'grid'",
        ),
    ],
)
def test_bad_arguments_are_refused_by_name(kwargs, error, message):
    with pytest.raises(error, match=message):
        eurogames.rl.pettingzoo_env(**kwargs)


def test_using_the_environment_before_reset_is_an_error():
    env = eurogames.rl.pettingzoo_env("splendor", players=2)
    with pytest.raises(RuntimeError, match="reset"):
        env.observe("player_0")


@pytest.mark.parametrize("encoding", ["tiles", "planes"])
def test_the_chosen_encoding_is_observed(encoding):
    env = eurogames.rl.pettingzoo_env("alhambra", players=3, seed=2, encoding=encoding)
    env.reset()
    encode = Encoder("alhambra", 3, encoding=encoding)
    assert env.encoding == encoding and env.observation_space("player_1")["observation"].shape == (
        encode.size,
    )
    assert (
        pickle.loads(pickle.dumps(env)).encoding == encoding
    )  # EzPickle keeps it (vectorising tools)
    for _ in range(12):
        seat = env.game_state.current_player
        observation = env.observe(env.agent_selection)["observation"]
        assert np.array_equal(observation, encode(env.game_state.view(seat)))
        env.step(int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0]))
