"""The clone's speed trick (``copy_position``) against the plain definition (``_copy``):
equal, and sharing no list or dict with the original, at every ply of random games."""

from __future__ import annotations

from eurogames.core.rng import Rng
from eurogames.games.agra.rules import _copy, copy_position

from .helpers import new


def containers(x, out):
    if isinstance(x, (list, dict)):
        out.append(id(x))
        for v in (x.values() if isinstance(x, dict) else x):
            containers(v, out)
    return out


def test_copy_position_is_the_plain_copy_and_shares_nothing():
    for players in (2, 3, 4):
        state = new(players, seed=players)
        rng = Rng(players)
        while not state.is_over() and state.ply < 600:
            copied = copy_position(state.d)
            assert copied == _copy(state.d) == state.d
            assert not set(containers(copied, [])) & set(containers(state.d, []))
            state.apply(rng.choice(state.legal_actions()))


def test_clone_and_original_never_see_each_others_changes():
    """Copy on write: after a clone, an action applied to either leaves the other as it was
    (at every ply of random games), and a position handed out by ``d`` shares nothing."""
    for players in (2, 3, 4):
        state = new(players, seed=players + 7)
        rng = Rng(players + 7)
        while not state.is_over() and state.ply < 1500:
            legal = state.legal_actions()
            before = _copy(state.position)
            twin = state.clone()
            twin.apply(rng.choice(legal))
            assert state.position == before
            after = _copy(twin.position)
            state.apply(rng.choice(legal))
            assert twin.position == after
            if state.ply % 50 == 0:  # d hands out a position of its own
                probe = state.clone()
                mine = probe.d
                assert mine == state.position
                assert not set(containers(mine, [])) & (set(containers(twin.position, []))
                                                        | set(containers(state.position, [])))


def test_a_position_handed_out_and_changed_after_a_clone_leaves_the_clone_alone():
    state = new(3, seed=2)
    held = state.d  # tests and tools change positions in place through d
    twin = state.clone()
    before = _copy(twin.position)
    held["p"][0]["goods"][0] += 3
    held["spaces"][5] = [1, True]
    held["river"][0]["slots"][0].append(2)
    assert twin.position == before and twin.legal_actions() == new(3, seed=2).legal_actions()


def test_a_pickled_state_shares_nothing_and_plays_on():
    import pickle

    state = new(3, seed=4)
    rng = Rng(4)
    for _ in range(150):
        state.apply(rng.choice(state.legal_actions()))
    twin = state.clone()  # the two share their parts now
    copy = pickle.loads(pickle.dumps([state, twin]))[0]
    assert copy.position == state.position and copy.legal_actions() == state.legal_actions()
    before = _copy(state.position)
    while not copy.is_over() and copy.ply < 400:
        copy.apply(rng.choice(copy.legal_actions()))
    assert state.position == before
