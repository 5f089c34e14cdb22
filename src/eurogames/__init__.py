"""eurogames: rules engines, bots and play for euro board games."""

# Import the ``eurogames.games`` subpackage before binding the ``games()`` function: a first
# import of a subpackage sets it as an attribute of its parent, which would hide the function.
import eurogames.games  # noqa: F401  (isort: skip)
from eurogames.core import (
    Action,
    DataError,
    Game,
    GamePluginError,
    IllegalActionError,
    RecordError,
    State,
    UnknownGameError,
    bot,
    games,
    load,
    refresh_games,
    replay,
)

__version__ = "0.1.0"

__all__ = [
    "Action",
    "DataError",
    "Game",
    "GamePluginError",
    "IllegalActionError",
    "RecordError",
    "State",
    "UnknownGameError",
    "__version__",
    "bot",
    "games",
    "load",
    "refresh_games",
    "replay",
]
