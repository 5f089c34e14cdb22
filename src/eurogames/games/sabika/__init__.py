"""Sabika (薩比卡), Germán P. Millán, Ludonova 2022: 2–4 players (issue 16)."""

from eurogames.games.sabika.game import GAME, Sabika
from eurogames.games.sabika.rules import SabikaState

__all__ = ["GAME", "Sabika", "SabikaState"]
