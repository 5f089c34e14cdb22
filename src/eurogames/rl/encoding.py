"""Observation encoding for any game: the hook each game supplies, and the layout it declares.

Every learning adapter (PettingZoo, Gymnasium, OpenSpiel) turns a position into numbers the
same way, without knowing which game it is: the game ships a module ``encode`` beside its
rules (``eurogames/games/<name>/encode.py``, found from the package of the game object's
class), with

- ``observation_size(players, options) -> int``: the length of the vector;
- ``encode(view, players) -> numpy.ndarray``: float32 of that length, computed from
  ``state.view(seat)`` alone, never from the state, so an observation cannot hold what the
  seat may not see (the view is the contract's one statement of that, docs/api.md);
- ``layout(players, options) -> Layout`` (optional): the named blocks of the vector with
  their upper bounds; adapters use it for their observation spaces and docs/observations.md
  lists it. Without it the bounds are unknown (``+inf``);
- ``encode_state(state, seat) -> numpy.ndarray`` and ``encode_state_into(state, seat, out)``
  (optional): the compiled route (``_cencode.c`` beside ``encode.py``, built where a C
  compiler is found), the very same vector as ``encode(state.view(seat), players)`` computed
  in C from the state; ``None`` or absent where it was not built or
  ``EUROGAMES_PURE_PYTHON=1``, and the view route serves. The view route stays the
  definition: tests/rl/test_compiled_route.py holds the two equal byte for byte at every
  decision of many games, and the leak tests run through both. ``Encoder(..., check=True)``,
  or ``EUROGAMES_CHECK_OBSERVATIONS=1`` in the environment, computes both at every
  observation and raises on any difference.

What the encoders share (``Layout``, ``Block``, ``Encoding``, ``observer_seat``...) lives in
:mod:`eurogames.core.encoding`, which a game imports (a game never imports ``eurogames.rl``);
this module re-exports it.

A game may offer more than one encoding of the same view (Alhambra: its palaces as tile
positions, or as planes over the grid for convolutional networks): its module then defines
``ENCODINGS``, a dict from each encoding's name to an object with the functions above, the
default first (the module's own functions are the default's). Every adapter takes
``encoding=`` (a name; ``None``: the default), and :func:`encodings` lists them. A game
without ``ENCODINGS`` has one, named ``"default"``.

A game without the module cannot be learned on: :func:`encoder` says so and what to add.
"""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Sequence
from types import ModuleType
from typing import Any

import numpy as np

from eurogames.core.action import Action
from eurogames.core.encoding import (
    Block,
    Encoding,
    Layout,
    current_seat_block,
    observer_seat,
    pure_python,
    seat_label,
)
from eurogames.core.errors import EurogamesError, IllegalActionError
from eurogames.core.game import Game
from eurogames.core.registry import load

ENCODER_MODULE = "encode"
DEFAULT_ENCODING = "default"  # the name of a game's one encoding when it declares no ENCODINGS
_FLOAT32 = np.dtype(np.float32)
REQUIRED = ("observation_size", "encode")


class NoEncoderError(EurogamesError, LookupError):
    """The game ships no observation encoder (or an incomplete one)."""


class ObservationMismatchError(EurogamesError, AssertionError):
    """A game's compiled route (``encode_state``) gave another vector than its view route."""


def game_of(game: Game | str) -> Game:
    return load(game) if isinstance(game, str) else game


def encoder(game: Game | str, encoding: str | None = None) -> Any:
    """The game's ``encode`` module (``encoding``: that encoding's functions, see
    :func:`encodings`); :class:`NoEncoderError` when it has none or it is partial, and a
    ``ValueError`` naming the game's encodings for a name it does not have."""
    game = game_of(game)
    module = _encoder_module(game)
    if encoding is None:
        return module
    declared = _declared(game, module)
    if not isinstance(encoding, str) or encoding not in declared:
        raise ValueError(
            f"{game.name} has no observation encoding {encoding!r}; its encodings: "
            f"{', '.join(declared)}"
        )
    found = declared[encoding]
    missing = [name for name in REQUIRED if not callable(getattr(found, name, None))]
    if missing:
        raise NoEncoderError(
            f"{game.name}'s encoding {encoding!r} does not define {' and '.join(missing)}()"
        )
    return found


def _declared(game: Game, module: ModuleType) -> dict[str, Any]:
    declared = getattr(module, "ENCODINGS", None)
    if declared is None:
        return {DEFAULT_ENCODING: module}
    if (
        not isinstance(declared, dict)
        or not declared
        or not all(isinstance(k, str) for k in declared)
    ):
        raise NoEncoderError(
            f"{game.name}'s ENCODINGS must be a non-empty dict from names to encodings"
        )
    return declared


def encodings(game: Game | str) -> tuple[str, ...]:
    """The names of the game's observation encodings, its default first."""
    game = game_of(game)
    return tuple(_declared(game, _encoder_module(game)))


def encoding_name(game: Game | str, encoding: str | None) -> str:
    """``encoding`` checked (see :func:`encoder`), or the game's default's name for ``None``."""
    game = game_of(game)
    if encoding is None:
        return encodings(game)[0]
    encoder(game, encoding)
    return encoding


def _encoder_module(game: Game) -> ModuleType:
    home = sys.modules[type(game).__module__]
    package = home.__name__ if hasattr(home, "__path__") else home.__package__
    target = f"{package}.{ENCODER_MODULE}"
    try:
        module = importlib.import_module(target)
    except ModuleNotFoundError as exc:
        if exc.name != target:
            raise  # the module exists but imports something missing: a bug to see
        raise NoEncoderError(
            f"{game.name} has no observation encoder: add {target.replace('.', '/')}.py with "
            "observation_size(players, options) and encode(view, players) "
            "(see docs/observations.md)"
        ) from None
    missing = [name for name in REQUIRED if not callable(getattr(module, name, None))]
    if missing:
        raise NoEncoderError(f"{target} does not define {' and '.join(missing)}()")
    return module


def checked_options(game: Game, players: int, options: dict[str, Any] | None) -> dict[str, Any]:
    """The game's options with defaults, after the game's own checks of ``players`` and them."""
    if isinstance(players, bool) or not isinstance(players, int):
        raise ValueError(f"players must be an integer, not {players!r}")
    if not game.min_players <= players <= game.max_players:
        raise ValueError(
            f"{game.name} is for {game.min_players} to {game.max_players} players, not {players}"
        )
    return game.check_options(players, options or {})


def observation_size(
    game: Game | str,
    players: int,
    options: dict[str, Any] | None = None,
    encoding: str | None = None,
) -> int:
    game = game_of(game)
    return int(
        encoder(game, encoding).observation_size(players, checked_options(game, players, options))
    )


def layout(
    game: Game | str,
    players: int,
    options: dict[str, Any] | None = None,
    encoding: str | None = None,
) -> Layout | None:
    """The game's declared layout (of ``encoding``; ``None``: the default), or ``None`` when
    its encoder declares none."""
    game = game_of(game)
    module = encoder(game, encoding)
    declare = getattr(module, "layout", None)
    if declare is None:
        return None
    return declare(players, checked_options(game, players, options))


def observation_high(
    game: Game | str,
    players: int,
    options: dict[str, Any] | None = None,
    encoding: str | None = None,
) -> np.ndarray:
    """Upper bounds for an observation space (``inf`` everywhere without a layout)."""
    found = layout(game, players, options, encoding)
    if found is None:
        return np.full(observation_size(game, players, options, encoding), np.inf, np.float32)
    return found.high()


class Encoder:
    """One game's encoder bound to a player count: what the adapters call once per step.

    It checks once, at construction, that the module's size and layout agree, and checks the
    length of every vector it returns, so that a game whose encoder drifts from its layout
    fails loudly rather than training on shifted features.
    """

    def __init__(
        self,
        game: Game | str,
        players: int,
        options: dict[str, Any] | None = None,
        check: bool | None = None,
        encoding: str | None = None,
    ) -> None:
        self.game = game_of(game)
        self.players = players
        self.options = checked_options(self.game, players, options)
        self.encoding = encoding_name(self.game, encoding)
        self.module = encoder(self.game, self.encoding)
        self.size = int(self.module.observation_size(players, self.options))
        self.layout = layout(self.game, players, self.options, self.encoding)
        if self.layout is not None and self.layout.size != self.size:
            raise NoEncoderError(
                f"{self.game.name}: layout has {self.layout.size} entries but "
                f"observation_size says {self.size}"
            )
        self.high = (
            self.layout.high() if self.layout is not None
            else np.full(self.size, np.inf, np.float32)  # no layout: the bounds are unknown
        )
        self._encode = self.module.encode
        self._compiled = getattr(self.module, "encode_state", None)
        self._shape = (self.size,)
        into = getattr(self.module, "encode_state_into", None)
        self._into = into if self._compiled is not None else None
        if check is None:
            check = os.environ.get("EUROGAMES_CHECK_OBSERVATIONS", "") not in ("", "0")
        self.check = check

    def _check_call(self, state: Any, seat: int | None) -> None:
        if (state.game is not self.game or state.players != self.players) and (
            state.game.name != self.game.name or state.players != self.players
        ):
            raise ValueError(
                f"a {state.players}-player {state.game.name} state, but this encoder is for "
                f"{self.players}-player {self.game.name}"
            )
        if seat is not None and (seat.__class__ is not int or not 0 <= seat < self.players):
            raise ValueError(f"seat must be 0 to {self.players - 1} or None, not {seat!r}")

    def observe(self, state: Any, seat: int | None) -> np.ndarray:
        """The observation of ``seat`` (``None``: a spectator) in ``state``: by the game's
        compiled route where it was built, else by encoding ``state.view(seat)``; with
        ``check``, both, raising :class:`ObservationMismatchError` where they differ."""
        if (state.game is not self.game or state.players != self.players) or (
            seat is not None and (seat.__class__ is not int or not 0 <= seat < self.players)
        ):
            self._check_call(state, seat)  # raises, naming what is wrong (or lets it pass)
        compiled = self._compiled
        if compiled is None:
            return self(state.view(seat))
        out = compiled(state, seat)
        if out.shape != self._shape or (out.dtype is not _FLOAT32 and out.dtype != _FLOAT32):
            raise ValueError(
                f"{self.game.name}'s encode_state returned {out.dtype} of shape {out.shape}, "
                f"not float32 of ({self.size},)"
            )
        if self.check:
            self._compare(state, seat, out)
        return out

    def observe_into(self, state: Any, seat: int | None, out: np.ndarray) -> None:
        """:meth:`observe` written into ``out`` (float32, the observation's length; OpenSpiel's
        observation tensor), by the game's ``encode_state_into`` when it has one."""
        if out.shape != self._shape or (out.dtype is not _FLOAT32 and out.dtype != _FLOAT32):
            raise ValueError(
                f"out must be float32 of shape ({self.size},), not {out.dtype} of shape {out.shape}"
            )
        into = self._into
        if into is None:
            out[:] = self.observe(state, seat)
            return
        if (state.game is not self.game or state.players != self.players) or (
            seat is not None and (seat.__class__ is not int or not 0 <= seat < self.players)
        ):
            self._check_call(state, seat)  # raises, naming what is wrong (or lets it pass)
        into(state, seat, out)
        if self.check:
            self._compare(state, seat, out)

    def _compare(self, state: Any, seat: int | None, out: np.ndarray) -> None:
        slow = self(state.view(seat))
        if slow.tobytes() != out.tobytes():
            where = np.flatnonzero(slow != out)[:10].tolist()
            raise ObservationMismatchError(
                f"{self.game.name}: encode_state differs from encode(view) for seat {seat} at ply "
                f"{state.ply}, entries {where}"
            )

    def __call__(self, view: dict[str, Any]) -> np.ndarray:
        out = self._encode(view, self.players)
        if not isinstance(out, np.ndarray) or out.dtype != np.float32:
            out = np.asarray(out, np.float32)
        if out.shape != (self.size,):
            raise ValueError(
                f"{self.game.name}'s encoder returned shape {out.shape}, not ({self.size},)"
            )
        return out


def observation_route(game: Game | str, encoding: str | None = None) -> str:
    """Which route the adapters take to ``game``'s observations (in ``encoding``) here:
    ``"compiled"`` (its ``_cencode`` module was built and ``EUROGAMES_PURE_PYTHON`` is unset)
    or ``"view"`` (``state.view(seat)`` is encoded)."""
    game = game_of(game)
    module = encoder(game, encoding_name(game, encoding))
    return "view" if getattr(module, "encode_state", None) is None else "compiled"


# -- what every adapter shares -----------------------------------------------------------------
DEFAULT_MAX_PLIES = 5000  # random games end within ~500 decisions; stalling take-and-return
# loops (Splendor) could in principle go on for ever, so every adapter caps a game


def check_max_plies(max_plies: int) -> int:
    if isinstance(max_plies, bool) or not isinstance(max_plies, int) or max_plies < 1:
        raise ValueError(f"max_plies must be a positive integer, not {max_plies!r}")
    return max_plies


def check_render_mode(render_mode: str | None) -> str | None:
    """``render_mode`` if an adapter can draw in it: only text (``"ansi"``), or none."""
    if render_mode not in (None, "ansi"):
        raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
    return render_mode


def observation_space(encoder: Encoder, num_actions: int) -> Any:
    """The Gymnasium space of an agent's observation, ``{"observation", "action_mask"}``:
    PettingZoo and Gymnasium agents (and their maskable learners) see the same one."""
    from gymnasium import spaces

    return spaces.Dict({
        "observation": spaces.Box(0.0, encoder.high, (encoder.size,), np.float32),
        "action_mask": spaces.Box(0, 1, (num_actions,), np.int8),
    })


def legal_action(state: Any, action: Any) -> Action:
    """The engine action for the id ``action`` (an int or numpy integer), checked legal now.

    Anything else raises :class:`IllegalActionError` (a ``ValueError``) naming the id, its
    notation and why the rules refuse it.
    """
    found = _by_id(state.game, action)
    index = found.id
    if found not in state.legal_actions():
        if state.is_over():
            raise IllegalActionError(f"action {index} ({found.text}): the game is over")
        raise IllegalActionError(
            f"action {index} ({found.text}) is not legal now: {state.why_illegal(found)}"
        )
    return found


def _by_id(game: Game, action: Any) -> Action:
    """The action of the fixed action space with id ``action``, legal or not."""
    if action.__class__ is int and 0 <= action < game.num_actions:  # the usual case, checked first
        return game.action(action)
    if isinstance(action, bool) or not isinstance(action, int | np.integer):
        raise IllegalActionError(f"an action is an integer id, not {action!r}")
    index = int(action)
    if not 0 <= index < game.num_actions:
        raise IllegalActionError(
            f"action {index} is outside {game.name}'s action space (0 to {game.num_actions - 1})"
        )
    return game.action(index)


def play_id(state: Any, action: Any) -> None:
    """Play the action with id ``action``: as ``state.apply(legal_action(state, action))``,
    the legality checked once (by ``apply``, which changes nothing when it refuses)."""
    try:
        state.apply(_by_id(state.game, action))
    except IllegalActionError:
        legal_action(state, action)  # the refusal, worded with the id
        raise


def render_ansi(game: Game, view: dict[str, Any], width: int = 120) -> str:
    """The board as the terminal client draws it (the game's ``render`` module, else the
    generic form), as text with ANSI colours."""
    import io

    from rich.console import Console

    from eurogames.cli.screen import Screen

    buffer = io.StringIO()
    console = Console(file=buffer, force_terminal=True, color_system="standard", width=width)
    names = [f"player_{i}" for i in range(view["players"])]
    console.print(Screen(game, "en").board(view, view.get("seat"), names))
    return buffer.getvalue()


def action_mask(num_actions: int, actions: Sequence[Action]) -> np.ndarray:
    """A 0/1 int8 vector of ``num_actions`` with the ids of ``actions`` set (built every step:
    a loop over a bytearray costs less than numpy's conversion of a short list of ids; numpy
    ``put`` wins for long ones)."""
    if len(actions) > 48:
        mask = np.zeros(num_actions, np.int8)
        mask.put([a.id for a in actions], 1)
        return mask
    buffer = bytearray(num_actions)
    for action in actions:
        buffer[action.id] = 1
    return np.frombuffer(buffer, np.int8)


def legal_ids(state: Any) -> list[int]:
    """The ids of the legal actions, ascending (OpenSpiel's order)."""
    return sorted([a.id for a in state.legal_actions()])


__all__ = [
    "DEFAULT_ENCODING",
    "DEFAULT_MAX_PLIES",
    "Block",
    "Encoder",
    "Encoding",
    "Layout",
    "NoEncoderError",
    "ObservationMismatchError",
    "action_mask",
    "check_max_plies",
    "check_render_mode",
    "current_seat_block",
    "encoder",
    "encoding_name",
    "encodings",
    "layout",
    "legal_action",
    "legal_ids",
    "observation_high",
    "observation_route",
    "observer_seat",
    "observation_size",
    "play_id",
    "pure_python",
    "render_ansi",
    "seat_label",
]
