"""Alhambra (阿爾罕布拉宮), Dirk Henn, Queen Games 2003: 2–6 players."""

from eurogames.games.alhambra.game import GAME, Alhambra
from eurogames.games.alhambra.rules import AlhambraState

__all__ = ["GAME", "Alhambra", "AlhambraState"]
