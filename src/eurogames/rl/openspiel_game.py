"""Any eurogames game as an OpenSpiel Python game, ``eurogames_<name>``.

``import eurogames.rl`` registers them (when ``pyspiel`` is installed)::

    game = pyspiel.load_game("eurogames_splendor", {"players": 3})

Game type. Sequential, imperfect information, terminal rewards (``state.returns()``: +1 for
a sole winner, -1 for a loser, ``2/k - 1`` for each of ``k`` seats sharing a win). Those
returns always add up to ``2 - players``, so two players are ZERO_SUM and more are
CONSTANT_SUM with ``utility_sum = 2 - players``. One player (a seat against an opponent that
is part of the game and not a seat, ``state.opponents()`` in docs/api.md: Sabika's solo mode)
is GENERAL_SUM: the seat's return is +1, 0 (a win shared with the opponent) or -1.

Chance is SAMPLED_STOCHASTIC, as in the engine, where a game's whole chance is its seed (every
shuffle and draw follows from it). A new state is one chance node, the deal, with a single
outcome (``0``, "deal"): applying it draws the next seed from the game object's stream (the
``rng_seed`` parameter starts it; -1 seeds it from the operating system) and sets up the game;
after that there are no chance nodes, the engine drawing from its seeded generator. So the
outcome of the deal is sampled, not enumerated, and clones, deserialised states and the
states OpenSpiel builds to learn the tensor shape never consume a seed.

Parameters: ``players`` (default the game's minimum from 2), ``rng_seed`` (default 0),
``max_plies`` (default 5000: a game still running after that many decisions ends as a draw
among all seats and opponents that are not seats, each seat getting ``2/k - 1`` for ``k`` of
them, so the sum stays constant; random games end
far sooner), ``encoding`` (one of the game's observation encodings,
``eurogames.rl.encodings(name)``; default the game's first) and every option of the game
(``game.options``, with the same defaults).

Observations come from the game's encoder (docs/observations.md), the encoding of
``state.view(player)`` (by the game's compiled route where it was built, the same vector):
the default observer (public information plus the player's own, no perfect recall) gives the
player's view; an observer asked for public information only gives
the spectator's ``view(None)``. Strings are the view as compact JSON. Before the deal every
entry is 0. Perfect recall (the information state) is not provided: the engine's views
describe the present, not the history. For speed, read observations through
``open_spiel.python.observation.make_observation`` (numpy, no copies) rather than
``state.observation_tensor()``, for which OpenSpiel rebuilds a state to learn the size.

OpenSpiel's own tree search (``open_spiel.python.algorithms.mcts``) searches clones, which
hold the hidden deck orders: it plays, but it peeks. Its information-set search
(``open_spiel.python.algorithms.ismcts.ISMCTSBot`` with ``use_observation_string=True``) does
not: it searches worlds drawn by ``state.resample_from_infostate(player, sampler)``, which
redraws everything the player cannot see (the engine's ``resample_hidden``), so its choice is
the same in every world the player cannot tell apart (tested). ``eurogames.bot("mcts", ...)``
is the engine's own search that does not peek.
"""

from __future__ import annotations

import json
import os
from operator import attrgetter
from typing import Any

import numpy as np

from eurogames.core.game import Game, State
from eurogames.core.registry import games, load
from eurogames.core.rng import Rng
from eurogames.rl.encoding import (
    DEFAULT_MAX_PLIES,
    Encoder,
    check_max_plies,
    encoding_name,
    encodings,
    play_id,
)

_ID = attrgetter("id")  # an action's id, read in C

try:
    import pyspiel
except ImportError:  # pragma: no cover - the rl extra is not installed
    pyspiel = None  # type: ignore[assignment]

_GameBase: Any = pyspiel.Game if pyspiel is not None else object
_StateBase: Any = pyspiel.State if pyspiel is not None else object
PREFIX = "eurogames_"
RESERVED_PARAMETERS = ("players", "rng_seed", "max_plies", "encoding")


def short_name(name: str) -> str:
    return PREFIX + name


def _parameter_defaults(game: Game) -> dict[str, Any]:
    clash = sorted(set(game.options) & set(RESERVED_PARAMETERS))
    if clash:
        raise ValueError(f"{game.name}'s option {clash[0]!r} clashes with an OpenSpiel parameter")
    defaults: dict[str, Any] = {
        "players": min(max(2, game.min_players), game.max_players),  # solo: ask for it
        "rng_seed": 0,
        "max_plies": DEFAULT_MAX_PLIES,
        "encoding": encodings(game)[0],
    }
    for name, option in game.options.items():
        if not isinstance(option.default, bool | int | float | str):
            raise ValueError(f"{game.name}'s option {name!r} has no OpenSpiel parameter type")
        defaults[name] = option.default
    return defaults


def _game_type(game: Game, utility: Any) -> Any:
    return pyspiel.GameType(
        short_name=short_name(game.name),
        long_name=f"eurogames {game.title('en')}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_parameter_defaults(game),
    )


class _Setup:
    """What every state of one OpenSpiel game object shares: the engine game, the player
    count, options and ply cap, the stream of seeds, and (once asked for) the encoder."""

    def __init__(
        self,
        game: Game,
        players: int,
        options: dict[str, Any],
        max_plies: int,
        rng_seed: int,
        encoding: str | None,
    ) -> None:
        self.game = game
        self.players = players
        self.options = game.check_options(players, options)
        self.max_plies = check_max_plies(max_plies)
        self.encoding = encoding_name(game, encoding)
        if rng_seed == -1:
            rng_seed = int.from_bytes(os.urandom(8), "big")
        self.seeds = Rng(rng_seed)
        self._encoder: Encoder | None = None

    @property
    def encoder(self) -> Encoder:
        if self._encoder is None:
            self._encoder = Encoder(self.game, self.players, self.options, encoding=self.encoding)
        return self._encoder

    def draw(self) -> int:
        return self.seeds.next64()


_RESTORED: dict[str, _Setup] = {}  # setups rebuilt by unpickling, by their parameters


def _restore(
    name: str, players: int, options: dict[str, Any], max_plies: int, data: dict[str, Any] | None,
    encoding: str | None = None,
) -> _Engine:
    key = json.dumps([name, players, options, max_plies, encoding], sort_keys=True)
    setup = _RESTORED.get(key)
    if setup is None:
        setup = _RESTORED[key] = _Setup(load(name), players, options, max_plies, 0, encoding)
    return _Engine(setup, None if data is None else setup.game.from_json(data))


class _Engine:
    """The engine state inside an OpenSpiel state (``None`` before the deal).

    OpenSpiel copies a Python state by ``deepcopy`` of its attributes and serialises it by
    pickling them; this box makes the first an engine ``clone()`` (no deep copy of the rules'
    tables) and the second the engine's own ``to_json``.
    """

    __slots__ = ("setup", "state")

    def __init__(self, setup: _Setup, state: State | None = None) -> None:
        self.setup = setup
        self.state = state

    def deal(self) -> None:
        setup = self.setup
        self.state = setup.game.new(setup.players, seed=setup.draw(), options=setup.options)

    def __deepcopy__(self, memo: dict[int, Any]) -> _Engine:
        return _Engine(self.setup, None if self.state is None else self.state.clone())

    def __reduce__(self) -> tuple[Any, ...]:
        s = self.setup
        data = None if self.state is None else self.state.to_json()
        return (_restore, (s.game.name, s.players, s.options, s.max_plies, data, s.encoding))


class EurogamesSpielGame(_GameBase):
    """``pyspiel.load_game("eurogames_<name>", params)``."""

    def __init__(self, name: str, params: dict[str, Any] | None = None) -> None:
        if pyspiel is None:
            raise ImportError("the OpenSpiel games need the rl extra: pip install 'eurogames[rl]'")
        game = load(name)
        given = dict(params or {})
        defaults = _parameter_defaults(game)
        unknown = sorted(set(given) - set(defaults))
        if unknown:
            raise ValueError(
                f"{short_name(name)} has no parameter {unknown[0]!r} (parameters: "
                f"{', '.join(defaults)})"
            )
        values = {**defaults, **given}
        players = values["players"]
        if (
            isinstance(players, bool)
            or not isinstance(players, int)
            or not game.min_players <= players <= game.max_players
        ):
            raise ValueError(
                f"{game.name} is for {game.min_players} to {game.max_players} players, not "
                f"{players!r}"
            )
        options = {k: values[k] for k in game.options}
        self.setup = _Setup(
            game, players, options, values["max_plies"], values["rng_seed"], values["encoding"]
        )
        utility = (
            pyspiel.GameType.Utility.GENERAL_SUM  # one seat against the game's own opponent
            if players == 1
            else pyspiel.GameType.Utility.ZERO_SUM
            if players == 2
            else pyspiel.GameType.Utility.CONSTANT_SUM
        )
        info = pyspiel.GameInfo(
            num_distinct_actions=game.num_actions,
            max_chance_outcomes=1,  # the deal
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=None if players == 1 else 2.0 - players,
            max_game_length=self.setup.max_plies,
        )
        super().__init__(_game_type(game, utility), info, values)

    def new_initial_state(self) -> EurogamesSpielState:
        return EurogamesSpielState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> EurogamesObserver:
        return EurogamesObserver(self.setup, iig_obs_type, params)


DEAL = 0  # the one chance outcome: set up the game from the next seed


class EurogamesSpielState(_StateBase):
    """One position; the engine state is in ``_engine`` (see :class:`_Engine`)."""

    def __init__(self, game: EurogamesSpielGame) -> None:
        super().__init__(game)
        self._engine = _Engine(game.setup)

    @property
    def engine_state(self) -> State | None:
        """The engine state, ``None`` before the deal (it holds hidden information: for tests
        and tools, not for players)."""
        return self._engine.state

    def _truncated(self, state: State) -> bool:
        return state.ply >= self._engine.setup.max_plies and not state.is_over()

    def current_player(self) -> int:
        state = self._engine.state
        if state is None:
            return int(pyspiel.PlayerId.CHANCE)
        seat = state.current_player  # -1 once over
        if seat >= 0 and state.ply < self._engine.setup.max_plies:  # the usual case, first
            return seat
        if state.is_over() or self._truncated(state):
            return int(pyspiel.PlayerId.TERMINAL)
        return seat

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self._engine.state is not None:
            raise ValueError("the only chance node is the deal, before the first decision")
        return [(DEAL, 1.0)]

    def _legal_actions(self, player: int) -> list[int]:
        state = self._engine.state
        if state is None or player != state.current_player:
            return []
        return sorted(map(_ID, state.legal_actions()))

    def is_chance_node(self) -> bool:
        """``pyspiel.State.is_chance_node`` answered in Python: only the deal is chance."""
        return self._engine.state is None

    def legal_actions(self, player: int | None = None) -> list[int]:
        """``pyspiel.State.legal_actions``, answered here for Python callers (OpenSpiel's own
        Python search, a training loop): the very list the C++ base gives, without its round
        trip through C++ and back (which costs more than an engine decision). C++ callers
        still go through ``_legal_actions``; a test compares the two everywhere."""
        state = self._engine.state
        if state is None:
            return [DEAL]  # the chance node's one outcome, whoever asks
        seat = state.current_player  # -1 once over
        if seat >= 0 and (player is None or player == seat) and (
            state.ply < self._engine.setup.max_plies
        ):  # the usual case, first: the seat to decide, not truncated
            return sorted(map(_ID, state.legal_actions()))
        if state.is_over() or self._truncated(state):
            return []
        if player is None:
            player = state.current_player
        elif player < 0:
            raise pyspiel.SpielError(f"Called LegalActions for pseudo-player {player}")
        return self._legal_actions(player)

    def _apply_action(self, action: int) -> None:
        state = self._engine.state
        if state is None:
            if action != DEAL:
                raise ValueError(f"the deal's only outcome is {DEAL}, not {action}")
            self._engine.deal()
            return
        play_id(state, action)

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Any
    ) -> EurogamesSpielState:
        """A copy of this state in which everything ``player_id`` cannot see is drawn again
        (deck orders, other seats' blind reserves...), the seed taken from
        ``probability_sampler()`` (a number in [0, 1), as OpenSpiel's samplers give); what
        the player sees, and so its observation, is unchanged."""
        players = self._engine.setup.players
        if not 0 <= player_id < players:
            raise ValueError(f"player must be 0 to {players - 1}, not {player_id}")
        twin = self.clone()
        engine = self._engine.state
        if engine is not None:
            draw = float(probability_sampler())
            if not 0.0 <= draw < 1.0:
                raise ValueError(f"the sampler gave {draw}, not a number in [0, 1)")
            twin._engine.state = engine.resample_hidden(player_id, int(draw * 2**53))
        return twin

    def _action_to_string(self, player: int, action: int) -> str:
        if player == int(pyspiel.PlayerId.CHANCE):
            return "deal"
        return self._engine.setup.game.action(int(action)).text

    def is_terminal(self) -> bool:
        state = self._engine.state
        return state is not None and (state.is_over() or self._truncated(state))

    def returns(self) -> list[float]:
        state = self._engine.state
        if state is None:
            return [0.0] * self._engine.setup.players
        if self._truncated(state):
            # a draw shared by every seat and every opponent that is not a seat
            share = 2.0 / (state.players + len(state.opponents())) - 1.0
            return [share] * state.players
        return state.returns()

    def __str__(self) -> str:
        state = self._engine.state
        if state is None:
            return "before the deal"
        return json.dumps(state.to_json(), sort_keys=True, separators=(",", ":"))


class EurogamesObserver:
    """OpenSpiel's Python observer protocol (``tensor``, ``dict``, ``set_from``,
    ``string_from``) over the game's encoder."""

    def __init__(
        self, setup: _Setup, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> None:
        if params:
            raise ValueError(f"eurogames observers take no parameters, not {params!r}")
        if iig_obs_type is None:
            iig_obs_type = pyspiel.IIGObservationType(perfect_recall=False)
        if iig_obs_type.perfect_recall:
            raise ValueError(
                "eurogames games provide no perfect-recall (information state) observation"
            )
        if not iig_obs_type.public_info:
            raise ValueError("eurogames observations always include the public information")
        if iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER:
            self.public_only = False
        elif iig_obs_type.private_info == pyspiel.PrivateInfoType.NONE:
            self.public_only = True
        else:
            raise ValueError(
                "eurogames observations hold one player's private information, never all"
            )
        self.setup = setup
        self.tensor = np.zeros(setup.encoder.size, np.float32)
        self.dict = {"observation": self.tensor}
        self._observe_into = setup.encoder.observe_into

    def _engine(self, state: EurogamesSpielState, player: int) -> Any:
        """The engine state, or ``None`` before the deal."""
        players = self.setup.players
        if not 0 <= player < players:
            raise ValueError(f"player must be 0 to {players - 1}, not {player}")
        return state._engine.state

    def _view(self, state: EurogamesSpielState, player: int) -> dict[str, Any] | None:
        """The player's view, or ``None`` before the deal."""
        engine = self._engine(state, player)
        return None if engine is None else engine.view(None if self.public_only else player)

    def set_from(self, state: EurogamesSpielState, player: int) -> None:
        engine = self._engine(state, player)
        if engine is None:
            self.tensor.fill(0.0)
        else:
            self._observe_into(engine, None if self.public_only else player, self.tensor)

    def string_from(self, state: EurogamesSpielState, player: int) -> str:
        view = self._view(state, player)
        if view is None:
            return "before the deal"
        return json.dumps(view, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def game_class(name: str) -> type[EurogamesSpielGame]:
    """The OpenSpiel game class of one eurogames game, made once per name.

    A class rather than a closure is registered as the creator: OpenSpiel's registry keeps
    its creators until after the interpreter has shut down, and a class, unlike a closure, is
    never freed by the last reference going (its ``__mro__`` refers to itself), which would
    need the interpreter.
    """
    found = _CLASSES.get(name)
    if found is None:

        def __init__(self: EurogamesSpielGame, params: dict[str, Any] | None = None) -> None:
            EurogamesSpielGame.__init__(self, name, params)

        title = "".join(part.capitalize() for part in name.split("_"))
        found = _CLASSES[name] = type(
            f"{title}SpielGame", (EurogamesSpielGame,), {"__init__": __init__}
        )
    return found


_CLASSES: dict[str, type[EurogamesSpielGame]] = {}


def register_games() -> list[str]:
    """Register ``eurogames_<name>`` for every game (idempotent); the short names."""
    if pyspiel is None:
        raise ImportError(
            "registering OpenSpiel games needs the rl extra: pip install 'eurogames[rl]'"
        )
    known = set(pyspiel.registered_names())
    names = []
    for name in games():
        game = load(name)
        if short_name(name) not in known:
            utility = pyspiel.GameType.Utility.CONSTANT_SUM  # per instance: ZERO_SUM for two
            pyspiel.register_game(_game_type(game, utility), game_class(name))
        names.append(short_name(name))
    return names


__all__ = [
    "EurogamesObserver",
    "EurogamesSpielGame",
    "EurogamesSpielState",
    "game_class",
    "register_games",
    "short_name",
]
