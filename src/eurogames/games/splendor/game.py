"""The Splendor game object: options, the action space and the factory of states."""

from __future__ import annotations

from typing import Any

from eurogames.core.action import Action
from eurogames.core.data import DataSet
from eurogames.core.game import Game, Option
from eurogames.games.splendor.actions import ACTIONS, NUM_ACTIONS
from eurogames.games.splendor.data import DOCUMENT, check_document
from eurogames.games.splendor.rules import SplendorState
from eurogames.games.splendor.text import TITLES


class Splendor(Game):
    name = "splendor"
    titles = TITLES
    min_players = 2
    max_players = 4
    version = 1
    options = {
        "first": Option(
            "first",
            0,
            "seat of the start player (the rulebook's youngest player); seat 0 by default",
        ),
    }
    data = DataSet("splendor", DOCUMENT)  # its shipped data; no other is taken (Game.with_data)
    provisional = []  # every card and noble value has a source (data/README.md)

    num_actions = NUM_ACTIONS

    def _check_data(self, document: dict[str, Any]) -> list[str]:
        return check_document(document)

    def _check_options(self, players: int, options: dict[str, Any]) -> None:
        if not 0 <= options["first"] < players:
            raise ValueError(
                f"option 'first' must be a seat from 0 to {players - 1}, not {options['first']}"
            )

    def _new(self, players: int, seed: int, options: dict[str, Any]) -> SplendorState:
        return SplendorState.setup(self, players, seed, options)

    def from_json(self, data: dict[str, Any]) -> SplendorState:
        if not isinstance(data, dict) or data.get("game") != "splendor":
            raise ValueError("not a Splendor state")
        return SplendorState.from_json(self, data)

    def action(self, id: int) -> Action:
        if isinstance(id, bool) or not isinstance(id, int) or not 0 <= id < NUM_ACTIONS:
            raise ValueError(f"Splendor action ids run from 0 to {NUM_ACTIONS - 1}, not {id!r}")
        return ACTIONS[id]

    def evaluate(self, state, seat):  # noqa: ANN001 - see heuristic.py
        from eurogames.games.splendor.heuristic import evaluate

        return evaluate(state, seat)

    def rollout_action(self, state, rng):  # noqa: ANN001
        from eurogames.games.splendor.heuristic import rollout_action

        return rollout_action(state, rng)


GAME = Splendor()
