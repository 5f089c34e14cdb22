"""The Alhambra game object: options, the action space and the factory of states."""

from __future__ import annotations

from typing import Any

from eurogames.core.action import Action
from eurogames.core.data import DataSet
from eurogames.core.game import Game, Option
from eurogames.games.alhambra.actions import ACTIONS, NUM_ACTIONS
from eurogames.games.alhambra.data import DOCUMENT, check_document
from eurogames.games.alhambra.rules import AlhambraState
from eurogames.games.alhambra.text import TITLES


class Alhambra(Game):
    name = "alhambra"
    titles = TITLES
    min_players = 2
    max_players = 6
    version = 1  # see docs/rules/alhambra.md, A10: version 1 records replay exactly
    options = {
        "dirk": Option(
            "dirk",
            True,
            "two players only: the seed's variant with Dirk (德克) and 72 money cards; "
            "false plays the basic rules with 108 cards (ignored for 3-6 players)",
            type=bool,
        ),
    }
    data = DataSet("alhambra", DOCUMENT)  # its shipped data; no other is taken (Game.with_data)
    provisional = []  # every tile value has a source (data/README.md)

    num_actions = NUM_ACTIONS

    def _check_data(self, document: dict[str, Any]) -> list[str]:
        return check_document(document)

    def _new(self, players: int, seed: int, options: dict[str, Any]) -> AlhambraState:
        return AlhambraState.setup(self, players, seed, options)

    def from_json(self, data: dict[str, Any]) -> AlhambraState:
        if not isinstance(data, dict) or data.get("game") != "alhambra":
            raise ValueError("not an Alhambra state")
        return AlhambraState.from_json(self, data)

    def action(self, id: int) -> Action:
        if isinstance(id, bool) or not isinstance(id, int) or not 0 <= id < NUM_ACTIONS:
            raise ValueError(f"Alhambra action ids run from 0 to {NUM_ACTIONS - 1}, not {id!r}")
        return ACTIONS[id]

    def evaluate(self, state, seat):  # noqa: ANN001 - see heuristic.py
        from eurogames.games.alhambra.heuristic import evaluate

        return evaluate(state, seat)

    def rollout_action(self, state, rng):  # noqa: ANN001
        from eurogames.games.alhambra.heuristic import rollout_action

        return rollout_action(state, rng)


GAME = Alhambra()
