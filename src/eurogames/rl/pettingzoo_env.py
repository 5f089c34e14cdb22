"""Any eurogames game as a PettingZoo AEC environment (one agent per seat).

The engine already has PettingZoo's shape: one seat decides at a time, sometimes several
decisions in a row (Splendor: return tokens, choose a noble), so ``agent_selection`` simply
follows ``state.current_player``. Each agent observes ``{"observation", "action_mask"}``: the
game's encoding of ``state.view(seat)`` (docs/observations.md; computed by the game's
compiled route where it was built, which gives the same vector without building the view),
and the legal actions of the fixed action space (only for the agent to move; all 0 for the
others). Rewards are ``state.returns()`` once the game ends (+1 for a sole winner, -1 for a
loser, a shared win split); a game still running after ``max_plies`` decisions is truncated
for every agent.

>>> import eurogames.rl
>>> env = eurogames.rl.pettingzoo_env("splendor", players=2, seed=3)
>>> env.reset()
>>> observation, reward, terminated, truncated, info = env.last()
>>> env.agent_selection, observation["observation"].shape, int(observation["action_mask"].sum())
('player_0', (310,), 30)
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eurogames.core.game import Game, State
from eurogames.rl.encoding import (
    DEFAULT_MAX_PLIES,
    Encoder,
    action_mask,
    check_max_plies,
    check_render_mode,
    game_of,
    observation_space,
    play_id,
    render_ansi,
)

try:
    from gymnasium import spaces
    from gymnasium.utils import EzPickle
    from pettingzoo import AECEnv

    _BASES: tuple[type, ...] = (AECEnv, EzPickle)  # EzPickle: picklable for vectorising tools
except ImportError:  # pragma: no cover - the rl extra is not installed
    spaces = None  # type: ignore[assignment]
    _BASES = (object,)


def agent_name(seat: int) -> str:
    return f"player_{seat}"


class EurogamesAECEnv(*_BASES):  # type: ignore[misc]
    """One game of ``game`` (a name from ``eurogames.games()``, or a game) for ``players``
    seats; ``reset`` deals a new one.

    ``seed`` seeds the stream of game seeds (each ``reset()`` without a seed plays the next
    game of the stream); ``reset(seed=s)`` restarts the stream from ``s``. ``options`` are the
    game's options (``game.options``), fixed for the environment's life; the ``options`` of
    ``reset`` are accepted, as PettingZoo's API requires, and not used. ``encoding`` picks one
    of the game's observation encodings (``eurogames.rl.encodings(game)``; ``None``: its
    default), docs/observations.md.
    """

    metadata: dict[str, Any] = {
        "render_modes": ["ansi"],
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(
        self,
        game: Game | str,
        players: int = 2,
        seed: int | None = None,
        options: dict[str, Any] | None = None,
        max_plies: int = DEFAULT_MAX_PLIES,
        render_mode: str | None = None,
        encoding: str | None = None,
    ) -> None:
        if spaces is None:
            raise ImportError(
                "the PettingZoo environment needs the rl extra: pip install 'eurogames[rl]'"
            )
        EzPickle.__init__(self, game, players, seed, options, max_plies, render_mode, encoding)
        super().__init__()
        self.game = game_of(game)
        self.encoder = Encoder(self.game, players, options, encoding=encoding)
        self.encoding = self.encoder.encoding
        self.players = players
        self.options = self.encoder.options
        self.max_plies = check_max_plies(max_plies)
        self.render_mode = check_render_mode(render_mode)
        self.metadata = {**type(self).metadata, "name": f"eurogames_{self.game.name}_v0"}
        self.possible_agents = [agent_name(seat) for seat in range(players)]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        n = self._num_actions = self.game.num_actions
        self._observe = self.encoder.observe
        self.observation_spaces = {
            agent: observation_space(self.encoder, n) for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(n) for agent in self.possible_agents}
        self._seeds = np.random.default_rng(seed)
        self.game_state: State | None = None

    def observation_space(self, agent: str) -> Any:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> Any:
        return self.action_spaces[agent]

    # -- the loop ------------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seeds = np.random.default_rng(seed)
        engine_seed = int(self._seeds.integers(2**63))
        self.game_state = self.game.new(self.players, seed=engine_seed, options=self.options)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        self.agent_selection = agent_name(self.game_state.current_player)

    def _state(self) -> State:
        if self.game_state is None:
            raise RuntimeError("call reset() before using the environment")
        return self.game_state

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        state = self.game_state
        if state is None:
            state = self._state()  # raises, saying what to do
        seat = self._seats.get(agent)
        if seat is None:
            raise ValueError(f"unknown agent {agent!r}; agents: {', '.join(self.possible_agents)}")
        if seat == state.current_player and not self.truncations.get(agent, False):
            mask = action_mask(self._num_actions, state.legal_actions())
        else:
            mask = np.zeros(self._num_actions, np.int8)
        return {"observation": self._observe(state, seat), "action_mask": mask}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self.game_state
        if state is None:
            state = self._state()  # raises, saying what to do
        play_id(state, action)
        self._cumulative_rewards[agent] = 0.0
        if state.is_over():
            returns = state.returns()
            self.rewards = {a: float(returns[self._seats[a]]) for a in self.agents}
            self.terminations = dict.fromkeys(self.agents, True)
            self._accumulate_rewards()
        elif state.ply >= self.max_plies:
            self.truncations = dict.fromkeys(self.agents, True)
        else:
            # rewards are all 0 until the end, so there is nothing to reset or accumulate
            self.agent_selection = self.possible_agents[state.current_player]

    # -- showing it ----------------------------------------------------------------------------
    def render(self) -> str | None:
        """The table as a spectator sees it, in the terminal client's drawing."""
        if self.render_mode is None:
            import gymnasium

            gymnasium.logger.warn("render() called without a render_mode (use render_mode='ansi')")
            return None
        return render_ansi(self.game, self._state().view(None))

    def close(self) -> None:
        """Nothing to release: the environment holds no files, windows or processes."""


# PettingZoo's convention is a module-level constructor; the class is one, so that its
# signature, defaults and checks are written once
pettingzoo_env = EurogamesAECEnv


__all__ = ["EurogamesAECEnv", "agent_name", "pettingzoo_env"]
