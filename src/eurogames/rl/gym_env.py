"""Any eurogames game as a single-agent Gymnasium environment: one learning seat, bots in
the others.

``import eurogames.rl`` registers ``eurogames/<Name>-v0`` for every game (``Splendor``,
``Alhambra``, …)::

    env = gymnasium.make("eurogames/Splendor-v0", opponents=["greedy", "random"], seat=0)

The number of players is one more than the opponents; with none (``opponents=[]``) a game
whose ``min_players`` is 1 is played solo against its own opponent that is not a seat
(Sabika's Yusuf, docs/observations.md "One player"). An opponent is a bot name
(``eurogames.bots.bot_names()``), a ``(name, settings)`` pair such as
``("mcts", {"iterations": 50})``, or a bot object; named bots are reseeded from the
environment's generator at each ``reset``, so ``reset(seed=s)`` replays exactly.

Observations are ``{"observation", "action_mask"}`` as in the PettingZoo environment; the
reward is the seat's ``state.returns()`` entry at the end, 0 before; a game still running
after ``max_plies`` decisions (all seats counted) is truncated.

Illegal actions. ``gymnasium.make`` wraps the environment in :class:`StrictActions`, which
raises ``IllegalActionError`` (a ``ValueError``) naming the action and the rule that refuses
it. The bare environment (``env.unwrapped``) instead ends the episode as a loss (reward -1,
``info["illegal_action"]`` says why, and a warning is logged): Gymnasium's checker
(``check_env``, which needs the bare environment) steps with unmasked random actions, and it
must be able to play them.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eurogames.bots.base import Bot
from eurogames.core.errors import IllegalActionError
from eurogames.core.game import Game, State
from eurogames.core.registry import bot as make_bot
from eurogames.core.registry import games
from eurogames.rl.encoding import (
    DEFAULT_MAX_PLIES,
    Encoder,
    action_mask,
    check_max_plies,
    check_render_mode,
    game_of,
    legal_action,
    observation_space,
    play_id,
    render_ansi,
)

try:
    import gymnasium
    from gymnasium import spaces
except ImportError:  # pragma: no cover - the rl extra is not installed
    gymnasium = None  # type: ignore[assignment]

_Env: Any = gymnasium.Env if gymnasium is not None else object
_Wrapper: Any = gymnasium.Wrapper if gymnasium is not None else object


def env_id(name: str) -> str:
    """``splendor`` -> ``eurogames/Splendor-v0``."""
    return "eurogames/" + "".join(part.capitalize() for part in name.split("_")) + "-v0"


class EurogamesEnv(_Env):
    """The seat ``seat`` of ``game`` against ``opponents``, observed in ``encoding`` (one of
    ``eurogames.rl.encodings(game)``; ``None``: the game's default)."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "render_fps": 1}

    def __init__(
        self,
        game: Game | str = "splendor",
        opponents: list[Any] | tuple[Any, ...] = ("random",),
        seat: int = 0,
        options: dict[str, Any] | None = None,
        max_plies: int = DEFAULT_MAX_PLIES,
        render_mode: str | None = None,
        encoding: str | None = None,
    ) -> None:
        if gymnasium is None:
            raise ImportError(
                "the Gymnasium environment needs the rl extra: pip install 'eurogames[rl]'"
            )
        self.game = game_of(game)
        if isinstance(opponents, str) or not isinstance(opponents, list | tuple):
            raise ValueError(
                f"opponents must be a list of bots, one per other seat, not {opponents!r}"
            )
        self.players = len(opponents) + 1
        self.encoder = Encoder(self.game, self.players, options, encoding=encoding)
        self.encoding = self.encoder.encoding
        self.options = self.encoder.options
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
            raise ValueError(f"seat must be 0 to {self.players - 1}, not {seat!r}")
        self.seat = seat
        self._opponents = [_check_opponent(spec, self.game) for spec in opponents]
        self.max_plies = check_max_plies(max_plies)
        self.render_mode = check_render_mode(render_mode)
        self.observation_space = observation_space(self.encoder, self.game.num_actions)
        self.action_space = spaces.Discrete(self.game.num_actions)
        self.game_state: State | None = None
        self._bots: dict[int, Bot] = {}

    # -- the loop ------------------------------------------------------------------------------
    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """A new game; ``options`` is accepted for the API and unused (the game's options are
        fixed at construction)."""
        super().reset(seed=seed)
        rng = self.np_random
        self.game_state = self.game.new(
            self.players, seed=int(rng.integers(2**63)), options=self.options
        )
        others = [s for s in range(self.players) if s != self.seat]
        self._bots = {}
        for other, spec in zip(others, self._opponents, strict=True):
            if isinstance(spec, Bot):
                self._bots[other] = spec
            else:
                name, settings = spec
                self._bots[other] = make_bot(
                    name, self.game, seed=int(rng.integers(2**63)), **settings
                )
        self._play_opponents()
        return self._observation(), {"ply": self.game_state.ply}

    def step(self, action: Any) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        state = self._state()
        if state.is_over() or state.current_player != self.seat:
            raise RuntimeError("the episode has ended: call reset()")
        try:
            play_id(state, action)  # legality checked once; a refusal changes nothing
        except IllegalActionError as exc:
            return self._lose(str(exc))
        self._play_opponents()
        info: dict[str, Any] = {"ply": state.ply}
        if state.is_over():
            info["scores"] = state.scores()
            if state.opponents():  # not seats (docs/api.md): a solo game's bot
                info["opponents"] = {o.key: o.score for o in state.opponents()}
            reward = float(state.returns()[self.seat])
            return self._observation(), reward, True, False, info
        return self._observation(), 0.0, False, state.ply >= self.max_plies, info

    def _lose(self, why: str) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        """The bare environment's answer to an illegal action (see the module's docstring)."""
        gymnasium.logger.warn(f"illegal action, the episode ends as a loss: {why}")
        state = self._state()
        self.game_state = None  # the game cannot go on from an illegal move
        observation = {
            "observation": self.encoder.observe(state, self.seat),
            "action_mask": np.zeros(self.game.num_actions, np.int8),
        }
        return observation, -1.0, True, False, {"ply": state.ply, "illegal_action": why}

    def _play_opponents(self) -> None:
        state = self._state()
        while (
            not state.is_over() and state.current_player != self.seat and state.ply < self.max_plies
        ):
            state.apply(self._bots[state.current_player].choose(state))

    def _state(self) -> State:
        if self.game_state is None:
            raise RuntimeError(
                "call reset() first (after an episode that ended on an illegal action too)"
            )
        return self.game_state

    def _observation(self) -> dict[str, np.ndarray]:
        state = self._state()
        return {"observation": self.encoder.observe(state, self.seat), "action_mask": self._mask()}

    def action_masks(self) -> np.ndarray:
        """The legal actions now as booleans (the method sb3-contrib's MaskablePPO calls)."""
        return self._mask().astype(bool)

    def _mask(self) -> np.ndarray:
        """The legal actions now as the observation's int8 0/1 vector, built once per step (the
        mask is 38,304 entries for Alhambra: converting it twice cost more than building it)."""
        state = self._state()
        if state.is_over() or state.current_player != self.seat:
            return np.zeros(self.game.num_actions, np.int8)
        return action_mask(self.game.num_actions, state.legal_actions())

    # -- showing it ----------------------------------------------------------------------------
    def render(self) -> str | None:
        """The table as the learning seat sees it, in the terminal client's drawing."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode (use render_mode='ansi')")
            return None
        return render_ansi(self.game, self._state().view(self.seat))

    def close(self) -> None:
        """Nothing to release: the environment holds no files, windows or processes."""


class StrictActions(_Wrapper):
    """Raises on an illegal action instead of letting the bare environment score it a loss."""

    def step(self, action: Any) -> Any:
        state = self.unwrapped.game_state
        if state is not None and not state.is_over():
            legal_action(state, action)  # raises IllegalActionError naming it
        return self.env.step(action)


def _check_opponent(spec: Any, game: Game) -> Bot | tuple[str, dict[str, Any]]:
    """A bot object, or a name with settings that ``eurogames.bot`` accepts (tried now, so a
    typo fails at construction rather than at the first reset)."""
    if isinstance(spec, Bot):
        return spec
    if isinstance(spec, str):
        name, settings = spec, {}
    elif (
        isinstance(spec, list | tuple)
        and len(spec) == 2
        and isinstance(spec[0], str)
        and isinstance(spec[1], dict)
    ):
        name, settings = spec[0], dict(spec[1])
    else:
        raise ValueError(
            f"an opponent is a bot name, a (name, settings) pair or a bot, not {spec!r}"
        )
    make_bot(name, game, seed=0, **settings)  # raises ValueError naming an unknown bot or setting
    return name, settings


def make_strict(**kwargs: Any) -> StrictActions:
    """What ``gymnasium.make("eurogames/<Name>-v0", ...)`` builds."""
    return StrictActions(EurogamesEnv(**kwargs))


def register_envs() -> list[str]:
    """Register ``eurogames/<Name>-v0`` for every game (idempotent); the ids registered."""
    if gymnasium is None:
        raise ImportError(
            "registering Gymnasium environments needs the rl extra: pip install 'eurogames[rl]'"
        )
    ids = []
    for name in games():
        id_ = env_id(name)
        if id_ not in gymnasium.registry:
            gymnasium.register(id=id_, entry_point=make_strict, kwargs={"game": name})
        ids.append(id_)
    return ids


__all__ = ["EurogamesEnv", "StrictActions", "env_id", "make_strict", "register_envs"]
