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
