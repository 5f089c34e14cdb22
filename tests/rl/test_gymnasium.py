"""The single-agent Gymnasium environment: registered for every game, Gymnasium's checker,
bots in the other seats, the engine's outcome as the reward, and errors."""

from __future__ import annotations

import warnings

import pytest

np = pytest.importorskip("numpy")
gymnasium = pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402

import eurogames  # noqa: E402
import eurogames.rl  # noqa: E402
from eurogames.core.errors import IllegalActionError  # noqa: E402
from eurogames.core.rng import Rng  # noqa: E402
from eurogames.rl.encoding import Encoder  # noqa: E402

from .helpers import ENCODED, ENCODED_GAMES  # noqa: E402


def test_every_game_is_registered_by_its_capitalised_name():
    assert [eurogames.rl.env_id(n) for n in eurogames.games()] == eurogames.rl.GYMNASIUM_IDS
    for env_id in eurogames.rl.GYMNASIUM_IDS:
        assert env_id in gymnasium.registry


@pytest.mark.parametrize(("name", "encoding"), ENCODED)
@pytest.mark.parametrize("seat", [0, -1])
def test_gymnasium_check_env(name, encoding, seat):
    """Every game and encoding, the learner first or last, random bots in the other seats."""
    players = min(3, eurogames.load(name).max_players)
    opponents = ["random"] * (players - 1)
    seat %= players
    env = gymnasium.make(
        eurogames.rl.env_id(name), opponents=opponents, seat=seat, encoding=encoding
    )
    expected = Encoder(env.unwrapped.game, len(opponents) + 1, encoding=encoding)
    assert env.observation_space["observation"].shape == (expected.size,)
    with warnings.catch_warnings():
        # the checker steps with unmasked random actions: the bare environment says each
        # ends the episode as a loss
        warnings.filterwarnings("ignore", message=".*illegal action, the episode ends as a loss")
        check_env(env.unwrapped)


def random_episode(env, seed):
    rng = Rng(seed)
    observation, _ = env.reset(seed=seed)
    total, steps = 0.0, 0
    while True:
        legal = np.flatnonzero(observation["action_mask"])
        assert set(legal) == {a.id for a in env.unwrapped.game_state.legal_actions()}
        observation, reward, terminated, truncated, info = env.step(
            int(legal[rng.below(len(legal))])
        )
        total += reward
        steps += 1
        if terminated or truncated:
            return total, terminated, truncated, info, steps


@pytest.mark.parametrize("name", ENCODED_GAMES)
def test_the_reward_is_the_seats_return_at_the_end(name):
    players = min(3, eurogames.load(name).max_players)
    env = gymnasium.make(eurogames.rl.env_id(name), opponents=["random"] * (players - 1), seat=1)
    total, terminated, truncated, info, _ = random_episode(env, seed=4)
    state = env.unwrapped.game_state
    assert terminated and not truncated and state.is_over()
    assert total == state.returns()[1] and info["scores"] == state.scores()


def test_solo_is_one_seat_against_the_games_own_opponent():
    """Sabika with no bots: the learning seat alone against Yusuf (not a seat, docs/api.md)."""
    env = gymnasium.make("eurogames/Sabika-v0", opponents=[], options={"yusuf_choices": "policy"})
    total, terminated, truncated, info, _ = random_episode(env, seed=5)
    state = env.unwrapped.game_state
    assert state.players == 1 and terminated and not truncated and state.is_over()
    assert total == state.returns()[0] and info["scores"] == state.scores()
    assert info["opponents"] == {"yusuf": state.opponents()[0].score}
    assert total == (0.0 if state.winners() and state.opponents()[0].won
                     else 1.0 if state.winners() else -1.0)
    with pytest.raises(ValueError, match="splendor is for 2 to 4 players, not 1"):
        gymnasium.make("eurogames/Splendor-v0", opponents=[])


def test_the_learning_seat_is_always_the_one_to_move():
    env = gymnasium.make("eurogames/Splendor-v0", opponents=["random"], seat=1)
    observation, _ = env.reset(seed=2)
    state = env.unwrapped.game_state
    assert state.current_player == 1 and state.ply == 1  # seat 0's bot has played
    assert np.array_equal(observation["observation"], Encoder("splendor", 2)(state.view(1)))
    assert np.array_equal(env.unwrapped.action_masks(), observation["action_mask"].astype(bool))


def test_reset_with_a_seed_replays_the_bots_too():
    env = gymnasium.make("eurogames/Splendor-v0", opponents=["greedy", "random"], seat=2)
    a = random_episode(env, seed=9)
    first = env.unwrapped.game_state.record()
    b = random_episode(env, seed=9)
    assert a == b and env.unwrapped.game_state.record() == first


def test_a_game_still_running_after_max_plies_is_truncated():
    env = gymnasium.make("eurogames/Alhambra-v0", opponents=["random"], max_plies=12)
    _, terminated, truncated, _, _ = random_episode(env, seed=1)
    assert truncated and not terminated and env.unwrapped.game_state.ply >= 12


def test_an_illegal_action_raises_naming_it():
    env = gymnasium.make("eurogames/Splendor-v0", opponents=["random"])
    env.reset(seed=1)
    before = env.unwrapped.game_state.to_json()
    with pytest.raises(
        IllegalActionError, match=r"action 3841 \(pass\) is not legal now: passing is allowed only"
    ):
        env.step(3841)
    with pytest.raises(ValueError, match="outside splendor's action space"):
        env.step(-1)
    assert env.unwrapped.game_state.to_json() == before


def test_the_bare_environment_scores_an_illegal_action_as_a_loss():
    env = gymnasium.make("eurogames/Splendor-v0", opponents=["random"]).unwrapped
    env.reset(seed=1)
    with pytest.warns(UserWarning, match="illegal action, the episode ends as a loss"):
        observation, reward, terminated, truncated, info = env.step(3841)
    assert (reward, terminated, truncated) == (-1.0, True, False)
    assert "action 3841 (pass) is not legal now" in info["illegal_action"]
    assert observation["action_mask"].sum() == 0
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)


def test_opponents_may_be_bots_with_settings_or_bot_objects():
    game = eurogames.load("splendor")
    bot = eurogames.bot("random", game, seed=3)
    env = gymnasium.make(
        "eurogames/Splendor-v0", opponents=[("mcts", {"iterations": 5}), bot], seat=0
    )
    total, terminated, truncated, _, _ = random_episode(env, seed=2)
    assert terminated or truncated


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"opponents": ["wizard"]}, "unknown bot 'wizard'"),
        ({"opponents": [("mcts", {"depth_charge": 1})]}, "depth_charge"),
        ({"opponents": "random"}, "opponents must be a list"),
        ({"opponents": [3]}, "an opponent is a bot name"),
        ({"opponents": ["random"] * 4}, "splendor is for 2 to 4 players, not 5"),
        ({"opponents": ["random"], "seat": 2}, "seat must be 0 to 1"),
        ({"opponents": ["random"], "options": {"first": 7}}, "option 'first' must be a seat"),
        (
            {"opponents": ["random"], "encoding": "planes"},
            "splendor has no observation encoding 'planes'",
        ),
    ],
)
def test_bad_arguments_are_refused_by_name(kwargs, message):
    with pytest.raises(ValueError, match=message):
        gymnasium.make("eurogames/Splendor-v0", **kwargs)


def test_ansi_rendering_shows_the_learning_seats_view():
    env = gymnasium.make("eurogames/Alhambra-v0", opponents=["random"], render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert isinstance(text, str) and "player_0" in text


@pytest.mark.parametrize("mode", ["sync", "async"])
def test_vector_environments_step_in_lockstep_and_replay_by_seed(mode):
    """``gymnasium.make_vec`` builds several games side by side (``async``: one process each);
    the same seed gives the same observations step for step."""

    def play(seed: int) -> list[np.ndarray]:
        envs = gymnasium.make_vec("eurogames/Splendor-v0", num_envs=2, vectorization_mode=mode,
                                  opponents=["random"])
        try:
            obs, _ = envs.reset(seed=seed)
            seen = [obs["observation"].copy()]
            for _ in range(25):
                # the lowest legal id in each game (no game ends within 25 decisions)
                obs, _, _, _, _ = envs.step(
                    np.array([np.flatnonzero(m)[0] for m in obs["action_mask"]])
                )
                seen.append(obs["observation"].copy())
            return seen
        finally:
            envs.close()

    first, again = play(3), play(3)
    assert first[0].shape == (2, Encoder("splendor", 2).size)
    assert not np.array_equal(first[0][0], first[0][1])  # two different deals
    assert all(np.array_equal(a, b) for a, b in zip(first, again, strict=True))
