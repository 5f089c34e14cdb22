"""Finding games and bots by name."""

from __future__ import annotations

import importlib
from typing import Any

from eurogames.core.errors import UnknownGameError
from eurogames.core.game import Game

# name -> module that defines ``GAME``; a game is imported only when first loaded
_GAMES = {
    "alhambra": "eurogames.games.alhambra",
    "splendor": "eurogames.games.splendor",
}
_LOADED: dict[str, Game] = {}


def games() -> list[str]:
    """The games this version implements, sorted by name."""
    return sorted(_GAMES)


def load(name: str) -> Game:
    """The game called ``name``; an unknown name raises :class:`UnknownGameError`."""
    game = _LOADED.get(name)
    if game is not None:
        return game
    if not isinstance(name, str) or name not in _GAMES:
        raise UnknownGameError(f"unknown game {name!r}; known games: {', '.join(games())}")
    game = importlib.import_module(_GAMES[name]).GAME
    _LOADED[name] = game
    return game


def bot(name: str, game: Game | str, seed: int | None = None, **settings: Any):
    """A bot by name (``random``, ``greedy``, ``mcts`` …) for ``game``."""
    from eurogames.bots import make_bot

    if isinstance(game, str):
        game = load(game)
    return make_bot(name, game, seed=seed, **settings)
