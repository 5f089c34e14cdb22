"""The Lacerda companion: Lisboa's official solo bot (拉塞尔达), run beside the physical game.

See ``docs/rules/lisboa-solo.md`` for the rules it follows and ``session.py`` for its API.
"""

from eurogames.companions.lacerda.procedure import Lacerda, Line, rank
from eurogames.companions.lacerda.prompts import AnswerError, Prompt
from eurogames.companions.lacerda.session import SaveError, Session, Step
from eurogames.companions.lacerda.settings import SettingError, Settings

__all__ = [
    "AnswerError", "Lacerda", "Line", "Prompt", "SaveError", "Session", "SettingError",
    "Settings", "Step", "rank",
]
