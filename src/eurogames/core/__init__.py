"""The engine contract shared by every game (see docs/api.md)."""

from eurogames.core.action import Action
from eurogames.core.errors import (
    EurogamesError,
    GamePluginError,
    IllegalActionError,
    RecordError,
    UnknownGameError,
)
from eurogames.core.game import LANGS, Game, Option, ProvisionalValue, State
from eurogames.core.records import replay
from eurogames.core.registry import bot, games, load, refresh_games
from eurogames.core.rng import Rng

__all__ = [
    "LANGS",
    "Action",
    "EurogamesError",
    "GamePluginError",
    "Game",
    "IllegalActionError",
    "Option",
    "ProvisionalValue",
    "RecordError",
    "Rng",
    "State",
    "UnknownGameError",
    "bot",
    "games",
    "load",
    "refresh_games",
    "replay",
]
