"""Views belong to their caller: the engines build them from prepared pieces (card, tile and
palace facts worked out once), so each call must still return a fresh object tree that a
caller may change without touching the game or later views (docs/api.md)."""

from __future__ import annotations

import json

import pytest

import eurogames
from eurogames.core.rng import Rng


def _vandalise(node: object) -> None:
    """Change every container in a view tree, in place."""
    if isinstance(node, dict):
        for value in list(node.values()):
            _vandalise(value)
        node["vandal"] = 1
    elif isinstance(node, list):
        for value in node:
            _vandalise(value)
        node.append("vandal")


@pytest.mark.parametrize(("name", "players"), [("splendor", 2), ("splendor", 4),
                                               ("alhambra", 2), ("alhambra", 5)])
def test_a_changed_view_changes_nothing_else(name: str, players: int) -> None:
    game = eurogames.load(name)
    rng = Rng(7)
    checked = 0
    for seed in range(3):
        state = game.new(players, seed=seed)
        while not state.is_over() and state.ply < 300:
            state.apply(rng.choice(state.legal_actions()))
            if state.ply % 9:
                continue
            for seat in (None, *range(players)):
                first = state.view(seat)
                kept = json.dumps(first, sort_keys=True)
                _vandalise(first)
                assert json.dumps(state.view(seat), sort_keys=True) == kept
                checked += 1
    assert checked > 50
