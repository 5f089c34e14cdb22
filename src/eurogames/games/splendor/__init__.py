"""Splendor (璀璨寶石), Marc André, Space Cowboys: 2–4 players."""

from eurogames.games.splendor.game import GAME, Splendor
from eurogames.games.splendor.rules import SplendorState

__all__ = ["GAME", "Splendor", "SplendorState"]
