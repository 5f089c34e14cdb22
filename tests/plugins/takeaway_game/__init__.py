"""Take-away with a hidden hand: a eurogames game from another distribution (tests only)."""

from takeaway_game.game import GAME, TakeAway, TakeAwayState

__all__ = ["GAME", "TakeAway", "TakeAwayState"]
