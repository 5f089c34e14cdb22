"""The games, player counts, options and positions the learning adapters' tests run over.

Everything here is found, not listed: every registered game (``eurogames.games()``) with an
observation encoder, every player count from its ``min_players`` to its ``max_players``, and
each of its encodings, so that a new game with an ``encode.py`` is tested here without a
line about it. A game without an encoder appears as a skipped case, with the reason.
What each entry of a game's vector means is checked against a plain reference encoder in
the game's own tests (tests/<game>/test_encode.py); here the view route is the definition
the compiled route must equal.
"""

from __future__ import annotations

from typing import Any

import pytest

import eurogames
from eurogames.core.rng import Rng
from eurogames.rl.encoding import NoEncoderError, encoder, encodings

GAMES = eurogames.games()


def _no_encoder(name: str) -> str | None:
    """Why the game cannot be observed, or ``None`` when it has an encoder."""
    try:
        encoder(name)
    except NoEncoderError as exc:
        return str(exc)
    return None


WITHOUT_ENCODER = {name: why for name in GAMES if (why := _no_encoder(name)) is not None}
ENCODED_GAMES = [name for name in GAMES if name not in WITHOUT_ENCODER]


def player_counts(name: str) -> range:
    game = eurogames.load(name)
    return range(game.min_players, game.max_players + 1)


def _skipped(name: str, arity: int) -> Any:
    """A parameter set for a game without an encoder, skipped with the reason."""
    values = (name, *(None,) * (arity - 1))
    return pytest.param(*values, marks=pytest.mark.skip(reason=WITHOUT_ENCODER[name]), id=name)


# (game, players)
CASES = [
    *((name, n) for name in ENCODED_GAMES for n in player_counts(name)),
    *(_skipped(name, 2) for name in WITHOUT_ENCODER),
]
# (game, encoding): every game in each of its encodings (Alhambra: palaces as tiles or planes)
ENCODED = [
    *((name, encoding) for name in ENCODED_GAMES for encoding in encodings(name)),
    *(_skipped(name, 2) for name in WITHOUT_ENCODER),
]
# (game, players, encoding)
ENCODED_CASES = [
    *((name, n, encoding) for name in ENCODED_GAMES for n in player_counts(name)
      for encoding in encodings(name)),
    *(_skipped(name, 3) for name in WITHOUT_ENCODER),
]


def option_variants(name: str, players: int) -> list[dict[str, Any]]:
    """The game's options as played by default (``{}``), then each option with a listed
    value (a bool, or one of its ``choices``) other than its default, one at a time."""
    game = eurogames.load(name)
    variants: list[dict[str, Any]] = [{}]
    for option in game.options.values():
        values = (False, True) if option.type is bool else option.choices or ()
        for value in values:
            if value != option.default:
                variant = {option.name: value}
                try:
                    game.check_options(players, variant)
                except ValueError:
                    continue  # not for this player count
                variants.append(variant)
    return variants


def random_states(name: str, players: int, games: int, seed: int, options: Any = None) -> Any:
    """Every position of ``games`` seeded random games, the first and the final ones
    included (the same state object, played on: clone what you keep)."""
    game = eurogames.load(name)
    for g in range(games):
        rng = Rng(seed + g)
        state = game.new(players, seed=seed + g, options=options)
        yield state
        while not state.is_over():
            state.apply(rng.choice(state.legal_actions()))
            yield state


def positions(name: str, players: int, games: int = 2, every: int = 7, seed: int = 0) -> list[Any]:
    """Positions along seeded random games, every ``every`` decisions, the final position
    included."""
    out = []
    for state in random_states(name, players, games, seed * 1000):
        if state.ply % every == 0 or state.is_over():
            out.append(state.clone())
    return out
