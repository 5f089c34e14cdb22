"""Game-agnostic bots: they use only the engine contract, and never read what their seat
cannot see (search runs on ``state.resample_hidden(seat, seed)``)."""

from __future__ import annotations

from typing import Any

from eurogames.bots.base import Bot
from eurogames.bots.greedy import GreedyBot
from eurogames.bots.mcts import MctsBot
from eurogames.bots.random_bot import RandomBot
from eurogames.core.game import Game

BOTS: dict[str, type[Bot]] = {"greedy": GreedyBot, "mcts": MctsBot, "random": RandomBot}


def bot_names() -> list[str]:
    return sorted(BOTS)


def make_bot(name: str, game: Game, seed: int | None = None, **settings: Any) -> Bot:
    """A bot by name; unknown names or settings raise ``ValueError`` naming the problem."""
    cls = BOTS.get(name)
    if cls is None:
        raise ValueError(f"unknown bot {name!r}; known bots: {', '.join(sorted(BOTS))}")
    return cls(game, seed=seed, **settings)


__all__ = ["BOTS", "Bot", "bot_names", "make_bot"]
