"""The engine contract shared by every game: registry, setup checks, serialisation, clones,
the random generator and actions. Splendor is the game used to exercise it."""

from __future__ import annotations

import copy
import json
import pickle
import signal

import pytest

import eurogames
from eurogames.core.rng import Rng
from splendor.helpers import play, position

GAME = eurogames.load("splendor")


def random_moves(state, count: int, seed: int) -> list[str]:
    """Play up to ``count`` random legal actions; return their texts."""
    rng = Rng(seed)
    texts = []
    for _ in range(count):
        if state.is_over():
            break
        action = rng.choice(state.legal_actions())
        texts.append(action.text)
        state.apply(action)
    return texts


# -- the registry ---------------------------------------------------------------------------


def test_games_lists_splendor():
    assert "splendor" in eurogames.games()
    assert eurogames.games() == sorted(eurogames.games())
    assert eurogames.load("splendor") is GAME
    assert GAME.name == "splendor"


@pytest.mark.parametrize("name", ["chess", "Splendor", "", 7])
def test_unknown_game_lists_the_known_ones(name):
    with pytest.raises(eurogames.UnknownGameError) as info:
        eurogames.load(name)
    assert "splendor" in str(info.value)
    assert repr(name) in str(info.value)
    assert isinstance(info.value, KeyError)


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


def assert_round_trip(state) -> None:
    data = state.to_json()
    text = json.dumps(data)  # plain JSON
    restored = GAME.from_json(json.loads(text))
    assert restored.to_json() == data
    assert restored.legal_actions() == state.legal_actions()
    assert restored.current_player == state.current_player
    # the restored state continues exactly as the original does
    a, b = state.clone(), restored
    assert random_moves(a, 40, seed=3) == random_moves(b, 40, seed=3)
    assert a.to_json() == b.to_json()


@pytest.mark.parametrize("plies", [0, 1, 17, 80, 400])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_to_json_from_json_round_trip(players, plies):
    state = GAME.new(players, seed=plies + players, options={"first": plies % players})
    random_moves(state, plies, seed=plies)
    assert_round_trip(state)


def test_round_trip_during_a_token_return():
    state = position(2, tokens={0: {"white": 2, "blue": 2, "green": 2, "red": 2, "black": 2}})
    play(state, "take white blue green")
    assert state.to_json()["phase"] == "return"
    assert_round_trip(state)
    play(state, "return white")
    assert state.to_json()["phase"] == "return"
    assert_round_trip(state)


def test_round_trip_during_a_noble_choice():
    everything = "white blue green red black " * 4
    state = position(2, bonuses={0: everything}, nobles=[1, 6, 9])
    play(state, "take white blue green")
    assert state.to_json()["phase"] == "noble"
    assert_round_trip(state)


def test_round_trip_of_a_finished_game():
    state = GAME.new(2, seed=8)
    random_moves(state, 5000, seed=8)
    assert state.is_over()
    restored = GAME.from_json(state.to_json())
    assert restored.to_json() == state.to_json()
    assert restored.is_over() and restored.winners() == state.winners()


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


# -- clone ----------------------------------------------------------------------------------


def test_clone_is_independent():
    state = GAME.new(3, seed=12)
    random_moves(state, 30, seed=1)
    before = state.to_json()
    twin = state.clone()
    assert twin.to_json() == before
    random_moves(twin, 60, seed=2)
    assert twin.to_json() != before
    assert state.to_json() == before
    # and the other way round
    twin = state.clone()
    twin_before = twin.to_json()
    random_moves(state, 60, seed=4)
    assert twin.to_json() == twin_before


def test_clone_during_a_return_is_independent():
    state = position(2, tokens={0: {"white": 2, "blue": 2, "green": 2, "red": 2, "black": 2}})
    play(state, "take white blue green")
    twin = state.clone()
    play(twin, "return white", "return white", "return white")
    assert state.to_json()["phase"] == "return" and sum(state.tokens[0]) == 13
    assert twin.current_player == 1


# -- outcome before the end -----------------------------------------------------------------


def test_outcome_before_the_end():
    state = GAME.new(4, seed=2)
    assert state.returns() == [0.0] * 4
    assert not state.is_over()
    assert state.scores() == [0] * 4


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


def test_pickling_an_action_returns_the_same_singleton():
    for id in (0, 40, GAME.num_actions - 1):
        action = GAME.action(id)
        assert pickle.loads(pickle.dumps(action)) is action
        assert copy.copy(action) is action and copy.deepcopy(action) is action
    assert hash(GAME.action(3)) == hash(pickle.loads(pickle.dumps(GAME.action(3))))


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
