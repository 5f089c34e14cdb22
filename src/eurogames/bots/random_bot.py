"""The random bot: uniform over the legal actions (which depend only on what the seat sees)."""

from __future__ import annotations

from eurogames.bots.base import Bot
from eurogames.core.action import Action
from eurogames.core.game import State


class RandomBot(Bot):
    name = "random"

    def choose(self, state: State) -> Action:
        return self.rng.choice(state.legal_actions())
