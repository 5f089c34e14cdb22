"""Agra (阿格拉), Michael Keller, Quined Games 2017: 2–4 players (issue 15)."""

from eurogames.games.agra.game import GAME, Agra
from eurogames.games.agra.rules import AgraState

__all__ = ["GAME", "Agra", "AgraState"]
