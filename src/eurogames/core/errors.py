"""The errors every game and client shares."""

from __future__ import annotations


class EurogamesError(Exception):
    """Base of every error eurogames raises on purpose."""


class IllegalActionError(EurogamesError, ValueError):
    """An action that is not legal now; the state is left exactly as it was."""


class UnknownGameError(EurogamesError, KeyError):
    """A game name that this version does not implement."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0]) if self.args else "unknown game"


class RecordError(EurogamesError, ValueError):
    """A record (seed + actions) that is malformed, tampered with or does not replay."""

    def __init__(self, message: str, ply: int | None = None) -> None:
        super().__init__(message if ply is None else f"ply {ply}: {message}")
        self.ply = ply  # the action that fails, counting from 1 (the browser's "move")
        self.reason = message


class GamePluginError(EurogamesError, ImportError):
    """A game that is found cannot be loaded. One that another installed package declares
    (entry-point group ``eurogames.games``) fails to import, is not a ``Game``, is not named
    as its entry point, or takes the name of another game: the message names the
    distribution and the entry point to fix. Or the component data configured for a game
    (``--data``, ``EUROGAMES_DATA``, the user's data directory) is refused: the message
    names the file and the problem."""


class DataError(EurogamesError, ValueError):
    """A game's component data that cannot be used: unreadable, malformed, inconsistent, for
    another game, or offered to a game that takes no replacement data. The message names the
    file and the problem."""
