"""eurogames: rules engines, bots and play for euro board games."""

from eurogames.core import (
    Action,
    Game,
    IllegalActionError,
    RecordError,
    State,
    UnknownGameError,
    bot,
    games,
    load,
    replay,
)

__version__ = "0.1.0"

__all__ = [
    "Action",
    "Game",
    "IllegalActionError",
    "RecordError",
    "State",
    "UnknownGameError",
    "__version__",
    "bot",
    "games",
    "load",
    "replay",
]
