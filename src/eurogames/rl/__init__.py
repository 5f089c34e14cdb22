"""Learning adapters: every eurogames game as a PettingZoo, Gymnasium and OpenSpiel game.

Written once against the engine contract (docs/api.md): no game is named here. Each game
supplies only its observation encoder, ``eurogames/games/<name>/encode.py``
(docs/observations.md). Importing this package registers ``eurogames/<Name>-v0`` with
Gymnasium and ``eurogames_<name>`` with OpenSpiel for every game, where those libraries are
installed (``pip install 'eurogames[rl]'``).

>>> import eurogames.rl
>>> env = eurogames.rl.pettingzoo_env("alhambra", players=3, seed=1)
>>> env.possible_agents
['player_0', 'player_1', 'player_2']
"""

from __future__ import annotations

try:
    import numpy  # noqa: F401
except ImportError as exc:  # pragma: no cover - the rl extra is not installed
    raise ImportError("eurogames.rl needs numpy: pip install 'eurogames[rl]'") from exc

from eurogames.rl.encoding import (
    Block,
    Encoder,
    Layout,
    NoEncoderError,
    ObservationMismatchError,
    encoder,
    encodings,
    layout,
    observation_route,
    observation_size,
)

# Import each submodule before binding a function of the same name: a first import of a
# submodule sets it as an attribute of this package, which would hide the function.
import eurogames.rl.pettingzoo_env  # noqa: F401  (isort: skip)
from eurogames.rl.gym_env import EurogamesEnv, env_id
from eurogames.rl.openspiel_game import EurogamesSpielGame
from eurogames.rl.pettingzoo_env import EurogamesAECEnv, pettingzoo_env


def _register() -> tuple[list[str], list[str]]:
    """Register with the libraries that are installed; the ids registered with each."""
    from eurogames.rl import gym_env, openspiel_game

    gym_ids = gym_env.register_envs() if gym_env.gymnasium is not None else []
    spiel_names = openspiel_game.register_games() if openspiel_game.pyspiel is not None else []
    return gym_ids, spiel_names


GYMNASIUM_IDS, OPENSPIEL_NAMES = _register()

__all__ = [
    "GYMNASIUM_IDS",
    "OPENSPIEL_NAMES",
    "Block",
    "Encoder",
    "EurogamesAECEnv",
    "EurogamesEnv",
    "EurogamesSpielGame",
    "Layout",
    "NoEncoderError",
    "ObservationMismatchError",
    "encoder",
    "encodings",
    "env_id",
    "layout",
    "observation_route",
    "observation_size",
    "pettingzoo_env",
]
