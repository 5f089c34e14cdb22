"""Finding games and bots by name.

Games are found, not listed (docs/api.md, "Games"):

- the package's own games: every subpackage of :mod:`eurogames.games` whose name does not
  start with an underscore is a game folder, and its name is the game's name. Listing them
  reads the folder (:func:`pkgutil.iter_modules`) and imports none of them;
- games of other installed distributions: each entry point of the group ``eurogames.games``
  (``name = "module"`` or ``name = "module:attribute"``; ``GAME`` when no attribute is given)
  is a game, the way pytest finds its plugins. Listing reads the installed metadata and
  imports nothing.

A game is imported when first loaded, and then checked: its object must be a :class:`Game`
whose ``name`` is its folder's or entry point's name. Discovery is cached;
:func:`refresh_games` forgets it (after installing a package, or changing ``sys.path``).

A game plays with its shipped component data unless data is configured for it
(:func:`eurogames.core.data.configured_data`: ``EUROGAMES_DATA``, which ``--data`` sets, or
the user's data directory); ``load`` then returns the game bound to that data, or refuses
with :class:`GamePluginError` saying why the data cannot be used.
"""

from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass
from functools import lru_cache
from importlib import metadata
from typing import Any

from eurogames.core.data import configured_data
from eurogames.core.errors import DataError, GamePluginError, UnknownGameError
from eurogames.core.game import Game

GAMES_PACKAGE = "eurogames.games"
ENTRY_POINT_GROUP = "eurogames.games"
GAME_ATTRIBUTE = "GAME"  # what a game's module (its package's __init__) exports


@dataclass(frozen=True)
class GameSource:
    """Where a game comes from: enough to import it and to name it in an error."""

    name: str
    module: str
    attribute: str
    distribution: str | None = None  # None: a game of this package
    entry_point: str | None = None  # the entry point as written: ``name = value``
    problem: str | None = None  # why it cannot be loaded, found while listing (a clash)

    def origin(self) -> str:
        if self.distribution is None:
            return f"the built-in game folder {self.module.replace('.', '/')}/"
        return (f"the distribution {self.distribution!r} (entry point {self.entry_point!r} "
                f"in group {ENTRY_POINT_GROUP!r})")


def _builtin_sources() -> dict[str, GameSource]:
    # imported by its name: ``eurogames.games`` as an attribute is the function games()
    package = importlib.import_module(GAMES_PACKAGE)
    return {
        info.name: GameSource(info.name, f"{GAMES_PACKAGE}.{info.name}", GAME_ATTRIBUTE)
        for info in pkgutil.iter_modules(package.__path__)
        if info.ispkg and not info.name.startswith("_")
    }


def _plugin_source(entry_point: metadata.EntryPoint) -> GameSource:
    dist = entry_point.dist
    module, _, attribute = entry_point.value.partition(":")
    return GameSource(
        name=entry_point.name,
        module=module.strip(),
        attribute=attribute.strip() or GAME_ATTRIBUTE,
        distribution=dist.metadata["Name"] if dist is not None else "(unknown distribution)",
        entry_point=f"{entry_point.name} = {entry_point.value}",
    )


@lru_cache(maxsize=1)
def _sources() -> dict[str, GameSource]:
    """Every game found, by name; a name claimed twice keeps its first claim (the built-in
    game) with the clash recorded, so that loading it says what to fix."""
    found = _builtin_sources()
    for entry_point in metadata.entry_points(group=ENTRY_POINT_GROUP):
        source = _plugin_source(entry_point)
        earlier = found.get(source.name)
        if earlier is None:
            found[source.name] = source
        elif (earlier.module, earlier.attribute) != (source.module, source.attribute):
            # pytest refuses a second plugin of the same name; so do we, rather than let a
            # record of one game replay on another
            found[source.name] = GameSource(
                earlier.name, earlier.module, earlier.attribute, earlier.distribution,
                earlier.entry_point,
                problem=f"{source.origin()} declares a game named {source.name!r}, which "
                        f"{earlier.origin()} already provides; rename or uninstall one of them",
            )
    return found


_LOADED: dict[str, Game] = {}


def refresh_games() -> None:
    """Forget what was found and loaded, so that the next call looks again (after a package
    is installed or ``sys.path`` changes; tests use it)."""
    _sources.cache_clear()
    _LOADED.clear()


def games() -> list[str]:
    """The names of every game found (this package's and installed plugins'), sorted."""
    return sorted(_sources())


def _import_game(source: GameSource) -> Game:
    if source.problem is not None:
        raise GamePluginError(source.problem)
    try:
        module = importlib.import_module(source.module)
    except Exception as exc:
        raise GamePluginError(
            f"the game {source.name!r} from {source.origin()} fails to import: "
            f"{type(exc).__name__}: {exc}"
        ) from exc
    game = getattr(module, source.attribute, None)
    if not isinstance(game, Game):
        raise GamePluginError(
            f"the game {source.name!r} from {source.origin()}: {source.module}."
            f"{source.attribute} is {type(game).__name__}, not a eurogames Game"
        )
    if game.name != source.name:
        raise GamePluginError(
            f"the game {source.name!r} from {source.origin()} is named {game.name!r}; "
            f"a game's name must be its {'entry point' if source.distribution else 'folder'}'s"
        )
    return game


def load(name: str) -> Game:
    """The game called ``name``; an unknown name raises :class:`UnknownGameError`, a game
    that is found but cannot be loaded :class:`GamePluginError` saying what to fix."""
    game = _LOADED.get(name) if isinstance(name, str) else None
    if game is not None:
        return game
    source = _sources().get(name) if isinstance(name, str) else None
    if source is None:
        raise UnknownGameError(f"unknown game {name!r}; known games: {', '.join(games())}")
    game = _import_game(source)
    try:
        dataset = configured_data(name)
        if dataset is not None:  # EUROGAMES_DATA (--data) or the user's data directory
            game = game.with_data(dataset)
    except DataError as exc:
        raise GamePluginError(
            f"the game {name!r} cannot play with its configured data: {exc}"
        ) from None
    _LOADED[name] = game
    return game


def bot(name: str, game: Game | str, seed: int | None = None, **settings: Any):
    """A bot by name (``random``, ``greedy``, ``mcts`` …) for ``game``."""
    from eurogames.bots import make_bot

    if isinstance(game, str):
        game = load(game)
    return make_bot(name, game, seed=seed, **settings)
