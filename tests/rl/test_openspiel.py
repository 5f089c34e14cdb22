"""The OpenSpiel games: registered for every game, OpenSpiel's random simulation test, its
own MCTS bot playing to the end, the deal as the one sampled chance node, observations from
the encoder, and errors."""

from __future__ import annotations

import json

import pytest

np = pytest.importorskip("numpy")
pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402
from open_spiel.python.observation import make_observation  # noqa: E402

import eurogames  # noqa: E402
import eurogames.rl  # noqa: E402
from eurogames.core.errors import IllegalActionError  # noqa: E402
from eurogames.rl.encoding import Encoder  # noqa: E402

from .helpers import CASES, ENCODED  # noqa: E402

GameType = pyspiel.GameType


def dealt(game):
    state = game.new_initial_state()
    assert state.is_chance_node() and state.chance_outcomes() == [(0, 1.0)]
    state.apply_action(0)
    return state


def mcts_bot(game, simulations, rng):
    """OpenSpiel's own MCTS with random rollouts, drawing from ``rng`` (seeded by the test)."""
    return mcts.MCTSBot(game, uct_c=2.0, max_simulations=simulations,
                        evaluator=mcts.RandomRolloutEvaluator(1, rng), random_state=rng)


def test_every_game_is_registered():
    assert [f"eurogames_{n}" for n in eurogames.games()] == eurogames.rl.OPENSPIEL_NAMES
    assert set(eurogames.rl.OPENSPIEL_NAMES) <= set(pyspiel.registered_names())


@pytest.mark.parametrize(("name", "players"), CASES)
def test_game_type_and_info(name, players):
    engine = eurogames.load(name)
    game = pyspiel.load_game(f"eurogames_{name}", {"players": players})
    kind = game.get_type()
    assert kind.dynamics == GameType.Dynamics.SEQUENTIAL
    assert kind.chance_mode == GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert kind.information == GameType.Information.IMPERFECT_INFORMATION
    assert kind.reward_model == GameType.RewardModel.TERMINAL
    if players == 1:  # a seat against an opponent that is not a seat (sabika's Yusuf)
        assert kind.utility == GameType.Utility.GENERAL_SUM
    else:
        assert kind.utility == (
            GameType.Utility.ZERO_SUM if players == 2 else GameType.Utility.CONSTANT_SUM
        )
        assert game.utility_sum() == 2 - players
    assert game.num_players() == players
    assert (game.min_utility(), game.max_utility()) == (-1.0, 1.0)
    assert game.num_distinct_actions() == engine.num_actions
    assert game.max_game_length() == 5000
    assert game.observation_tensor_shape() == [Encoder(name, players).size]


@pytest.mark.parametrize(("name", "players"), CASES)
def test_openspiel_random_simulation(name, players):
    game = pyspiel.load_game(f"eurogames_{name}", {"players": players, "rng_seed": players})
    # serialize=False: OpenSpiel serialises a sampled-stochastic game with its generator's
    # state, which Python games cannot provide (its GetRNGState is not overridable from Python)
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_openspiel_mcts_bot_plays_a_game_to_the_end():
    game = pyspiel.load_game("eurogames_splendor", {"players": 2, "rng_seed": 3})
    rng = np.random.RandomState(0)
    bot = mcts_bot(game, 4, rng)
    state = dealt(game)
    while not state.is_terminal():
        player = state.current_player()
        action = bot.step(state) if player == 0 else rng.choice(state.legal_actions())
        assert action in state.legal_actions()
        state.apply_action(action)
    assert state.engine_state.is_over()
    assert state.returns() == state.engine_state.returns() and sum(state.returns()) == 0


def ismcts_bot(game, simulations, seed):
    """OpenSpiel's information-set MCTS, its worlds drawn by ``resample_from_infostate`` with
    numbers from its own seeded generator (so that a search is repeatable)."""
    rng = np.random.RandomState(seed)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), 2.0, simulations,
                           random_state=rng, use_observation_string=True)
    bot.set_resampler(lambda state, player: state.resample_from_infostate(player, rng.uniform))
    return bot


@pytest.mark.parametrize(
    ("name", "players"), [("splendor", 2), ("splendor", 3), ("alhambra", 2), ("alhambra", 4)]
)
def test_resample_from_infostate_redraws_only_what_the_player_cannot_see(name, players):
    game = pyspiel.load_game(f"eurogames_{name}", {"players": players, "rng_seed": 5})
    state = dealt(game)
    rng = np.random.RandomState(2)
    for _ in range(12):
        state.apply_action(rng.choice(state.legal_actions()))
    observe = make_observation(game)
    before = str(state)
    differs = 0
    for player in range(players):
        for k in range(3):
            twin = state.resample_from_infostate(player, lambda k=k: (k + 1) / 7)
            assert twin.observation_string(player) == state.observation_string(player)
            observe.set_from(state, player)
            mine = observe.tensor.copy()
            observe.set_from(twin, player)
            assert np.array_equal(observe.tensor, mine)
            assert twin.current_player() == state.current_player()
            assert sorted(twin.legal_actions()) == sorted(state.legal_actions())
            differs += str(twin) != str(state)  # the hidden deck orders were drawn again
    assert differs == 3 * players
    assert str(state) == before  # the original is untouched


def test_resample_from_infostate_refuses_a_bad_player_or_sample():
    state = dealt(pyspiel.load_game("eurogames_splendor", {"players": 2}))
    with pytest.raises(ValueError, match="player must be 0 to 1, not 2"):
        state.resample_from_infostate(2, lambda: 0.5)
    with pytest.raises(ValueError, match=r"the sampler gave 1.5, not a number in \[0, 1\)"):
        state.resample_from_infostate(0, lambda: 1.5)


@pytest.mark.parametrize("name", ["splendor", "alhambra"])
def test_openspiel_ismcts_decides_alike_in_worlds_the_player_cannot_tell_apart(name):
    """The information-set search never peeks: from the true state or from any world redrawn
    for the player to move, with the same seeds, it searches the same worlds and returns the
    same policy."""
    game = pyspiel.load_game(f"eurogames_{name}", {"players": 2, "rng_seed": 8})
    state = dealt(game)
    rng = np.random.RandomState(4)
    checked = 0
    while checked < 4:
        if len(state.legal_actions()) > 1:
            player = state.current_player()
            policy = ismcts_bot(game, 24, seed=checked).get_policy(state)
            for k in range(2):
                twin = state.resample_from_infostate(player, lambda k=k: (2 * k + 1) / 5)
                assert str(twin) != str(state)
                assert ismcts_bot(game, 24, seed=checked).get_policy(twin) == policy
            checked += 1
        state.apply_action(rng.choice(state.legal_actions()))


def test_openspiel_ismcts_bot_plays_a_game_to_the_end():
    game = pyspiel.load_game("eurogames_splendor", {"players": 2, "rng_seed": 6})
    bot = ismcts_bot(game, 8, seed=0)
    rng = np.random.RandomState(1)
    state = dealt(game)
    while not state.is_terminal():
        action = (
            bot.step(state) if state.current_player() == 0 else rng.choice(state.legal_actions())
        )
        assert action in state.legal_actions()
        state.apply_action(action)
    assert state.engine_state.is_over() and sum(state.returns()) == 0


@pytest.mark.parametrize(
    ("name", "players", "max_plies"),
    [("splendor", 2, 5000), ("splendor", 3, 25), ("alhambra", 2, 5000)],
)
def test_legal_actions_and_chance_answered_in_python_are_the_cpp_bases(name, players, max_plies):
    """The Python overrides of ``legal_actions`` and ``is_chance_node`` give what OpenSpiel's
    C++ base gives: at the deal, at every decision and at the end (a finished game and a
    truncated one), for every player argument, errors included."""
    game = pyspiel.load_game(f"eurogames_{name}", {"players": players, "max_plies": max_plies})
    base = pyspiel.State.legal_actions
    rng = np.random.RandomState(players)
    state = game.new_initial_state()
    compared = 0
    while True:
        for args in [(), *((p,) for p in range(-4, players + 2))]:
            try:
                expected = base(state, *args)
            except pyspiel.SpielError as exc:
                with pytest.raises(pyspiel.SpielError, match=str(exc).split(":")[-1].strip()):
                    state.legal_actions(*args)
            else:
                assert state.legal_actions(*args) == expected, (state.move_number(), args)
            compared += 1
        assert state.is_chance_node() == pyspiel.State.is_chance_node(state)
        if state.is_terminal():
            break
        state.apply_action(rng.choice(base(state)))
    assert compared >= 25 * (players + 7)  # at least 25 positions, every argument


def test_a_game_reaching_max_plies_ends_as_a_draw_for_every_seat():
    game = pyspiel.load_game("eurogames_alhambra", {"players": 3, "max_plies": 40})
    bot = mcts_bot(game, 2, np.random.RandomState(1))
    state = dealt(game)
    while not state.is_terminal():
        state.apply_action(bot.step(state))
    assert state.engine_state.ply == 40 and not state.engine_state.is_over()
    assert state.returns() == pytest.approx([2 / 3 - 1] * 3)
    assert sum(state.returns()) == pytest.approx(game.utility_sum())


def test_the_deal_draws_the_next_seed_of_the_games_stream():
    game = pyspiel.load_game("eurogames_splendor", {"rng_seed": 42})
    first, second = dealt(game), dealt(game)
    assert str(first) != str(second)
    again = pyspiel.load_game("eurogames_splendor", {"rng_seed": 42})
    fresh = again.new_initial_state()
    for _ in range(5):  # clones and shape queries build states but consume no seed
        fresh.clone()
        again.observation_tensor_shape()
    fresh.apply_action(0)
    assert str(fresh) == str(first)
    assert str(dealt(again)) == str(second)


def test_the_deal_is_the_only_chance_node():
    game = pyspiel.load_game("eurogames_splendor")
    state = game.new_initial_state()
    assert state.current_player() == pyspiel.PlayerId.CHANCE and str(state) == "before the deal"
    assert state.observation_tensor(0) == [0.0] * game.observation_tensor_size()
    with pytest.raises(ValueError, match="the deal's only outcome is 0, not 1"):
        state.apply_action(1)
    state.apply_action(0)
    assert not state.is_chance_node() and state.current_player() == 0
    with pytest.raises(ValueError, match="the only chance node is the deal"):
        state.chance_outcomes()


@pytest.mark.parametrize(("name", "encoding"), ENCODED)
def test_observations_are_the_encoded_views(name, encoding):
    players = min(3, eurogames.load(name).max_players)
    params = {"players": players, "rng_seed": 5, "encoding": encoding}
    game = pyspiel.load_game(f"eurogames_{name}", params)
    assert game.get_parameters()["encoding"] == encoding
    state = dealt(game)
    for action in state.legal_actions()[:1]:
        state.apply_action(action)
    encode = Encoder(name, players, encoding=encoding)
    assert game.observation_tensor_size() == encode.size
    engine = state.engine_state
    public = make_observation(game, pyspiel.IIGObservationType(
        public_info=True, perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE))
    for player in range(players):
        expected = encode(engine.view(player))
        assert np.array_equal(np.array(state.observation_tensor(player), np.float32), expected)
        assert json.loads(state.observation_string(player)) == engine.view(player)
        public.set_from(state, player)
        assert np.array_equal(public.tensor, encode(engine.view(None)))
        assert json.loads(public.string_from(state, player)) == engine.view(None)


def test_unsupported_observation_types_are_refused():
    game = pyspiel.load_game("eurogames_splendor")
    with pytest.raises(ValueError, match="no perfect-recall"):
        make_observation(game, pyspiel.IIGObservationType(perfect_recall=True))
    with pytest.raises(ValueError, match="never all"):
        make_observation(game, pyspiel.IIGObservationType(
            perfect_recall=False, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS))


def test_clones_are_independent_and_states_round_trip_through_serialize():
    game = pyspiel.load_game(
        "eurogames_alhambra", {"players": 2, "dirk": False, "encoding": "planes"}
    )
    assert game.deserialize_state(game.new_initial_state().serialize()).is_chance_node()
    state = dealt(game)
    copy = state.clone()
    copy.apply_action(copy.legal_actions()[0])
    assert copy.history() != state.history() and str(copy) != str(state)
    restored = game.deserialize_state(copy.serialize())
    assert str(restored) == str(copy) and restored.history() == copy.history()
    assert restored.engine_state.options == {"dirk": False}
    assert restored._engine.setup.encoding == "planes"  # its observations keep the game's encoding


def test_illegal_actions_and_bad_parameters_are_refused_by_name():
    game = pyspiel.load_game("eurogames_splendor")
    state = dealt(game)
    with pytest.raises(IllegalActionError, match=r"action 3841 \(pass\) is not legal now"):
        state.apply_action(3841)
    with pytest.raises(ValueError, match="splendor is for 2 to 4 players, not 7"):
        pyspiel.load_game("eurogames_splendor", {"players": 7})
    with pytest.raises(ValueError, match="option 'first' must be a seat from 0 to 1"):
        pyspiel.load_game("eurogames_splendor", {"first": 3})
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter 'colour'"):
        pyspiel.load_game("eurogames_splendor", {"colour": 1})
    with pytest.raises(
        ValueError,
        match="alhambra has no observation encoding 'grid'; its encodings: tiles, planes",
    ):
        pyspiel.load_game("eurogames_alhambra", {"encoding": "grid"})


def test_one_seat_against_an_opponent_that_is_not_a_seat():
    """Sabika solo: one OpenSpiel player against Yusuf; GENERAL_SUM, the seat's return is the
    engine's (+1, 0 shared with Yusuf, -1), and a capped game is a draw shared with him."""
    game = pyspiel.load_game("eurogames_sabika", {"players": 1, "yusuf_choices": "policy"})
    assert game.num_players() == 1 and game.get_type().utility == GameType.Utility.GENERAL_SUM
    assert pyspiel.load_game("eurogames_sabika").num_players() == 2  # solo is asked for
    rng = np.random.RandomState(3)
    state = dealt(game)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    engine = state.engine_state
    assert engine.is_over() and state.returns() == engine.returns()
    assert state.returns()[0] in (-1.0, 0.0, 1.0) and engine.opponents()[0].key == "yusuf"
    capped = dealt(pyspiel.load_game("eurogames_sabika", {"players": 1, "max_plies": 5}))
    while not capped.is_terminal():
        capped.apply_action(capped.legal_actions()[0])
    assert not capped.engine_state.is_over() and capped.returns() == [0.0]
