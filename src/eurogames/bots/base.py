"""What every bot is: something that picks an action for the seat to move."""

from __future__ import annotations

import os
from abc import ABC, abstractmethod
from typing import Any

from eurogames.core.action import Action
from eurogames.core.game import Game, State
from eurogames.core.rng import Rng


class Bot(ABC):
    name = "bot"

    def __init__(self, game: Game, seed: int | None = None, **settings: Any) -> None:
        if settings:
            raise ValueError(f"the {self.name} bot has no setting {sorted(settings)[0]!r}")
        self.game = game
        self.seed = seed if seed is not None else int.from_bytes(os.urandom(6), "big")
        self.rng = Rng(self.seed)

    @abstractmethod
    def choose(self, state: State) -> Action:
        """The action this bot plays for ``state.current_player``."""

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>"
