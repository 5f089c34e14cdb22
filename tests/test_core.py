"""The core beside the contract suite (tests/test_contract.py, which checks every game):
finding games, setup checks, a few serialisation edge cases, the random generator, actions
and bots. Splendor is the game used where one is needed."""

from __future__ import annotations

import copy
import json
import signal
import subprocess
import sys

import pytest

import eurogames
from eurogames.core.rng import Rng
from splendor.helpers import play, position

GAME = eurogames.load("splendor")


# -- finding games ----------------------------------------------------------------------------


def test_games_lists_the_games_of_this_package_and_of_plugins():
    names = eurogames.games()
    assert {"splendor", "alhambra", "takeaway"} <= set(names)  # takeaway: tests/plugins
    assert names == sorted(names)
    assert eurogames.load("splendor") is GAME
    assert GAME.name == "splendor"


@pytest.mark.parametrize("name", ["chess", "Splendor", "", 7])
def test_unknown_game_lists_the_known_ones(name):
    with pytest.raises(eurogames.UnknownGameError) as info:
        eurogames.load(name)
    assert "splendor" in str(info.value) and "takeaway" in str(info.value)
    assert repr(name) in str(info.value)
    assert isinstance(info.value, KeyError)


def test_listing_the_games_imports_none_of_them():
    code = ("import sys, eurogames; names = eurogames.games(); "
            "print(names, [m for m in sys.modules if m.startswith('eurogames.games.')])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip().endswith("[]"), out
    assert "'splendor'" in out


def test_a_plugin_game_loads_plays_and_unpickles_like_a_built_in_one():
    import pickle

    game = eurogames.load("takeaway")
    assert type(game).__module__ == "takeaway_game.game"  # from tests/plugins, not src/
    action = game.action(0)
    assert pickle.loads(pickle.dumps(action)) is action
    state = game.new(2, seed=3)
    bot = eurogames.bot("mcts", "takeaway", seed=1, iterations=20)
    state.apply(bot.choose(state))
    assert eurogames.replay(state.record()).to_json() == state.to_json()


@pytest.mark.parametrize(
    ("name", "problem"),
    [
        ("fails", "fails to import: RuntimeError: a broken plugin"),
        ("notgame", "notgame.GAME is str, not a eurogames Game"),
        ("misnamed", "is named 'takeaway'; a game's name must be its entry point's"),
        ("splendor", "declares a game named 'splendor', which the built-in game folder"),
    ],
)
def test_a_broken_plugin_is_named_when_loaded_and_listing_goes_on(broken_plugins, name, problem):
    assert {"fails", "notgame", "misnamed", "splendor", "takeaway"} <= set(eurogames.games())
    assert eurogames.games().count("splendor") == 1
    with pytest.raises(eurogames.GamePluginError) as info:
        eurogames.load(name)
    assert problem in str(info.value)
    assert "'broken-games'" in str(info.value) and "eurogames.games" in str(info.value)
    assert isinstance(info.value, ImportError)
    assert eurogames.load("takeaway").name == "takeaway"  # the others load as before


def test_refresh_forgets_a_plugin_that_is_gone(broken_plugins):
    assert "fails" in eurogames.games()
    sys.path.remove(str(broken_plugins))  # as if uninstalled
    assert "fails" in eurogames.games()  # cached
    eurogames.refresh_games()
    assert "fails" not in eurogames.games() and "takeaway" in eurogames.games()


def test_titles():
    assert GAME.title("zh-Hant") == "璀璨寶石"
    assert GAME.title("zh-Hans") == "璀璨宝石"
    assert GAME.title() == GAME.title("en") == "Splendor"


# -- new() refuses bad setups clearly -------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "problem"),
    [
        ({"players": 1}, "2 to 4 players, not 1"),
        ({"players": 5}, "2 to 4 players, not 5"),
        ({"players": "2"}, "players must be an integer"),
        ({"players": True}, "players must be an integer"),
        ({"players": 2.0}, "players must be an integer"),
        ({"players": 2, "seed": "7"}, "seed must be an integer"),
        ({"players": 2, "seed": 1.5}, "seed must be an integer"),
        ({"players": 2, "seed": True}, "seed must be an integer"),
        ({"players": 2, "options": {"colour": 1}}, "no option 'colour'"),
        ({"players": 2, "options": {"first": 2}}, "'first' must be a seat from 0 to 1, not 2"),
        ({"players": 4, "options": {"first": -1}}, "'first' must be a seat from 0 to 3, not -1"),
        ({"players": 3, "options": {"first": "1"}}, "'first' must be an integer"),
        ({"players": 3, "options": {"first": True}}, "'first' must be an integer"),
        ({"players": 3, "options": [("first", 1)]}, "options must be a mapping"),
    ],
)
def test_bad_setup_is_refused_with_a_clear_message(kwargs, problem):
    with pytest.raises(ValueError) as info:
        GAME.new(**kwargs)
    assert problem in str(info.value)


def test_no_seed_draws_one():
    state = GAME.new(2)
    assert isinstance(state.seed, int) and state.seed >= 0
    assert state.record()["seed"] == state.seed


def test_options_are_filled_with_defaults():
    assert GAME.new(3, seed=1).options == {"first": 0}
    assert GAME.options["first"].to_json()["default"] == 0


# -- to_json / from_json --------------------------------------------------------------------


def test_round_trip_during_a_noble_choice():
    """A position random play seldom reaches (the contract suite checks the others)."""
    everything = "white blue green red black " * 4
    state = position(2, bonuses={0: everything}, nobles=[1, 6, 9])
    play(state, "take white blue green")
    data = state.to_json()
    assert data["phase"] == "noble"
    restored = GAME.from_json(json.loads(json.dumps(data)))
    assert restored.to_json() == data
    assert restored.legal_actions() == state.legal_actions()


@pytest.mark.parametrize(
    "damage",
    [
        lambda d: d.pop("supply"),
        lambda d: d.update(game="chess"),
        lambda d: d["supply"].__setitem__(0, d["supply"][0] + 1),  # a token appears
        lambda d: d["market"].__setitem__(0, d["market"][1]),  # a card twice
        lambda d: d.update(phase="dancing"),
        lambda d: d.update(actions=["fly"]),
    ],
)
def test_from_json_refuses_a_damaged_state(damage):
    data = GAME.new(2, seed=1).to_json()
    damage(data)
    with pytest.raises(ValueError):
        GAME.from_json(data)


# -- Rng ------------------------------------------------------------------------------------


def test_rng_is_splitmix64():
    # reference outputs of SplitMix64 (Vigna), e.g. Rosetta Code's task for seed 1234567
    r = Rng(1234567)
    assert [r.next64() for _ in range(5)] == [
        6457827717110365317, 3203168211198807973, 9817491932198370423,
        4593380528125082431, 16408922859458223821,
    ]
    r = Rng(0)
    assert r.next64() == 0xE220A8397B1DCDAF


def test_rng_is_deterministic():
    a, b = Rng(99), Rng(99)
    assert [a.below(1000) for _ in range(200)] == [b.below(1000) for _ in range(200)]
    assert Rng("game-1").next64() == Rng("game-1").next64() != Rng("game-2").next64()
    assert [Rng(5).below(10) for _ in range(3)] == [Rng(5).below(10)] * 3


@pytest.mark.parametrize("n", [1, 2, 3, 7, 10, 1000, 2**40, 2**64 - 1, 2**64])
def test_rng_below_stays_in_range(n):
    r = Rng(n)
    values = [r.below(n) for _ in range(500)]
    assert all(0 <= v < n for v in values)
    if n == 1:
        assert set(values) == {0}


def test_rng_below_beyond_64_bits_answers_or_refuses():
    """A bound above 2**64 must give a value in range or a ValueError, never hang."""

    def too_slow(signum, frame):
        raise TimeoutError("Rng.below(2**64 + 3) did not return within 2 seconds")

    old = signal.signal(signal.SIGALRM, too_slow)
    signal.alarm(2)
    try:
        value = Rng(1).below(2**64 + 3)
    except ValueError:
        return
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
    assert 0 <= value < 2**64 + 3


def test_rng_below_is_roughly_uniform():
    r = Rng(2024)
    counts = [0] * 6
    for _ in range(60000):
        counts[r.below(6)] += 1
    assert all(abs(c - 10000) < 400 for c in counts)  # about 4 standard deviations


def test_rng_refuses_an_empty_range_and_bad_seeds():
    with pytest.raises(ValueError):
        Rng(1).below(0)
    for seed in (True, 1.5, None):
        with pytest.raises(ValueError):
            Rng(seed)  # type: ignore[arg-type]


def test_rng_shuffle_choice_and_spawn():
    items = list(range(30))
    r1, r2 = Rng(7), Rng(7)
    a, b = items[:], items[:]
    r1.shuffle(a)
    r2.shuffle(b)
    assert a == b and sorted(a) == items and a != items
    assert Rng(3).choice(items) in items
    parent = Rng(11)
    child = parent.spawn()
    assert child.state != parent.state
    assert [child.next64() for _ in range(3)] != [parent.next64() for _ in range(3)]


# -- actions --------------------------------------------------------------------------------


def test_actions_are_immutable():
    action = GAME.action(0)
    with pytest.raises(AttributeError):
        action.text = "pass"  # type: ignore[misc]
    with pytest.raises(AttributeError):
        del action.kind
    with pytest.raises(AttributeError):
        action.colour = "red"  # type: ignore[attr-defined]
    assert action.text == "take white blue green"


def test_copying_an_action_returns_the_same_singleton():
    action = GAME.action(40)
    assert copy.copy(action) is action and copy.deepcopy(action) is action


def test_action_repr_and_str():
    action = GAME.action(0)
    assert str(action) == action.text
    assert "splendor" in repr(action) and action.text in repr(action)


def test_action_id_of_something_else_is_refused():
    with pytest.raises(ValueError):
        GAME.action_id("take white blue green")  # type: ignore[arg-type]


# -- bots -----------------------------------------------------------------------------------


def test_random_bot_plays_legal_actions():
    state = GAME.new(2, seed=5)
    bot = eurogames.bot("random", "splendor", seed=1)
    for _ in range(30):
        action = bot.choose(state)
        assert action in state.legal_actions()
        state.apply(action)


def test_unknown_bot_is_refused():
    with pytest.raises(ValueError, match="unknown bot"):
        eurogames.bot("oracle", GAME)
