"""Actions with named arguments (core/action.py): immutable, identical when equal, picklable."""

import doctest
import pickle

import pytest

import eurogames
import eurogames.core.action
from eurogames.core.action import Action, action_kind


def test_module_doctests_run():
    result = doctest.testmod(eurogames.core.action)
    assert result.attempted > 0
    assert result.failed == 0


def test_named_fields_hold_the_arguments_in_order():
    Swap = action_kind("swap", "new", "old")
    action = Swap("example", 3, "swap 14 9", 14, 9)
    assert (action.new, action.old) == (14, 9) == action.args
    assert isinstance(action, Action) and action.kind == "swap" and Swap.fields == ("new", "old")
    match action:
        case Swap(new, old):
            assert (new, old) == (14, 9)


def test_named_fields_are_immutable():
    action = action_kind("reserve", "tile")("example", 0, "reserve 5", 5)
    with pytest.raises(AttributeError):
        action.tile = 6
    with pytest.raises(AttributeError):
        del action.tile


def test_a_kind_takes_exactly_its_arguments():
    Place = action_kind("place", "tile", "cell")
    with pytest.raises(TypeError, match="takes 2 arguments"):
        Place("example", 0, "place 5", 5)


@pytest.mark.parametrize("fields", [("id",), ("args",), ("a", "a"), ("not a name",)])
def test_bad_argument_names_are_refused(fields):
    with pytest.raises(ValueError):
        action_kind("odd", *fields)


@pytest.mark.parametrize("name", eurogames.games())
def test_every_action_of_a_game_names_its_arguments_and_unpickles_to_itself(name):
    game = eurogames.load(name)
    for i in range(game.num_actions):
        action = game.action(i)
        assert action.args == tuple(getattr(action, f) for f in action.fields)
        assert pickle.loads(pickle.dumps(action)) is action
