"""The engine contract shared by every game (see docs/api.md)."""

from eurogames.core.action import Action
from eurogames.core.errors import (
    DataError,
    EurogamesError,
    GamePluginError,
    IllegalActionError,
    RecordError,
    UnknownGameError,
)
from eurogames.core.game import (
    LANGS,
    SPECTATOR,
    Event,
    Game,
    Opponent,
    Option,
    ProvisionalValue,
    ScorePart,
    State,
)
from eurogames.core.records import replay
from eurogames.core.registry import bot, games, load, refresh_games
from eurogames.core.rng import Rng

__all__ = [
    "LANGS",
    "SPECTATOR",
    "Action",
    "Event",
    "DataError",
    "EurogamesError",
    "GamePluginError",
    "Game",
    "IllegalActionError",
    "Opponent",
    "Option",
    "ProvisionalValue",
    "RecordError",
    "Rng",
    "ScorePart",
    "State",
    "UnknownGameError",
    "bot",
    "games",
    "load",
    "refresh_games",
    "replay",
]
