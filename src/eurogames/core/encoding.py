"""What every game's observation encoder shares, apart from the learning adapters.

A game's ``encode.py`` (docs/observations.md) turns ``state.view(seat)`` into a float32
vector; it declares the vector's named blocks with :class:`Layout` and :class:`Block`, lists
more than one encoding with :class:`Encoding`, reads the view through :func:`observer_seat`,
and may load its compiled route (``_cencode.c`` beside it, sharing ``_cencode.h`` in this
folder) with :func:`compiled_module` and :func:`compiled_routes`. The adapters that call it
live in ``eurogames.rl``; a game imports this module, never ``eurogames.rl``, so that its
folder stands on the contract alone.

numpy is imported only where an array is made (:meth:`Layout.high`, :func:`compiled_routes`),
so ``import eurogames`` does not need it.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable, Container, Iterable
from dataclasses import dataclass
from types import ModuleType
from typing import Any


@dataclass(frozen=True)
class Block:
    """A run of entries of an observation vector with one meaning.

    ``high`` bounds the encoded values (one number for the block, or one per entry; ``inf``
    where the rules set no bound); every entry is at least 0. ``what`` says what an entry
    holds and how it is scaled, for docs/observations.md.
    """

    name: str
    size: int
    high: float | tuple[float, ...]
    what: str

    def __post_init__(self) -> None:
        if self.size < 0:
            raise ValueError(f"block {self.name!r} has a negative size")
        if isinstance(self.high, tuple) and len(self.high) != self.size:
            raise ValueError(
                f"block {self.name!r}: {len(self.high)} bounds for {self.size} entries"
            )


class Layout:
    """The blocks of one game's observation for one player count, in order, with offsets."""

    def __init__(self, blocks: Iterable[Block]) -> None:
        self.blocks = tuple(blocks)
        self.starts: dict[str, int] = {}
        offset = 0
        for block in self.blocks:
            if block.name in self.starts:
                raise ValueError(f"two blocks are named {block.name!r}")
            self.starts[block.name] = offset
            offset += block.size
        self.size = offset

    def span(self, name: str) -> slice:
        """The entries of block ``name``."""
        try:
            start = self.starts[name]
        except KeyError:
            raise KeyError(f"no block {name!r}; blocks: {', '.join(self.starts)}") from None
        return slice(start, start + self._by_name(name).size)

    def _by_name(self, name: str) -> Block:
        return next(b for b in self.blocks if b.name == name)

    def high(self) -> Any:
        """The upper bound of every entry (a float32 numpy array, ``inf`` where unbounded)."""
        import numpy as np

        out = np.empty(self.size, np.float32)
        for block in self.blocks:
            start = self.starts[block.name]
            out[start : start + block.size] = block.high
        return out

    def markdown(self) -> str:
        """The layout as the table docs/observations.md shows."""
        lines = ["| indices | block | size | bound | what |", "| --- | --- | --- | --- | --- |"]
        for block in self.blocks:
            start = self.starts[block.name]
            stop = start + block.size - 1
            where = f"{start}" if block.size == 1 else f"{start}–{stop}"
            bound = _bound_text(block.high)
            lines.append(f"| {where} | {block.name} | {block.size} | {bound} | {block.what} |")
        return "\n".join(lines)


def _bound_text(high: float | tuple[float, ...]) -> str:
    values = sorted(set(high)) if isinstance(high, tuple) else [high]
    return ", ".join("∞" if v == float("inf") else f"{v:g}" for v in values)


@dataclass(frozen=True)
class Encoding:
    """One of a game's encodings, as its ``ENCODINGS`` lists them: the hook's functions for
    that encoding (docs/observations.md). ``encode_state`` and ``encode_state_into`` are its
    compiled route (see :func:`compiled_routes`), ``None`` where that was not built or
    ``EUROGAMES_PURE_PYTHON`` is set; ``compiled`` is the compiled module's own entry,
    ``encode(state, seat, out=None) -> bytearray | None``, where it was built (set even
    under ``EUROGAMES_PURE_PYTHON``, for the tests)."""

    name: str
    observation_size: Callable[..., int]
    encode: Callable[..., Any]
    layout: Callable[..., Layout] | None = None
    encode_state: Callable[..., Any] | None = None
    encode_state_into: Callable[..., None] | None = None
    compiled: Callable[..., Any] | None = None


def observer_seat(
    view: dict[str, Any], players: int, game: str, title: str, counts: Container[int]
) -> int:
    """The table seat an encoder lists first: the view's seat, or 0 for a spectator (whose view
    keeps the table's order).

    Every encoder calls this before reading the view. A view of another game, or of another
    player count than the encoder was built for, raises a ``ValueError`` saying which:
    encoded anyway, it would put plausible numbers in the wrong entries and nothing would
    fail. ``counts`` are the player counts the encoder is built for; ``title`` names the game
    in that message (``not a Splendor view``).
    """
    if view.get("game") != game:
        article = "an" if title[:1] in ("A", "E", "I", "O", "U") else "a"
        raise ValueError(f"not {article} {title} view: game {view.get('game')!r}")
    if view["players"] != players or players not in counts:
        raise ValueError(f"the view is of a {view['players']}-player game, not {players}")
    seat = view["seat"]
    return 0 if seat is None else seat


def current_seat_block(players: int) -> Block:
    """The seat to decide, in every encoder's seat order (see :func:`observer_seat`)."""
    return Block(
        "current seat", players, 1.0,
        "one-hot of the seat to decide, relative to the observer (0 = the observer); "
        "all 0 once over",
    )


def seat_label(offset: int) -> str:
    """The seat ``offset`` places after the observer, as the layout's descriptions name it."""
    return "the observer" if offset == 0 else f"the seat {offset} after the observer"


# -- the compiled route ------------------------------------------------------------------------
def pure_python() -> bool:
    """Whether ``EUROGAMES_PURE_PYTHON`` asks the encoders to leave their compiled routes
    unused (read when a game's encoder is imported): the view route then serves."""
    return os.environ.get("EUROGAMES_PURE_PYTHON", "") not in ("", "0")


def compiled_module(encoder_module: str, tables: dict[str, Any]) -> ModuleType | None:
    """A game's compiled observation module (``_cencode`` beside its ``encode.py``, whose
    ``__name__`` is ``encoder_module``), handed the constant tables it copies from (float32
    or int32 bytes computed once, at import, by the view route's own arithmetic), or ``None``
    where it was not built (setup.py builds it where a C compiler is found). It is loaded and
    set up even under ``EUROGAMES_PURE_PYTHON``, so that tests can hold it equal to the view
    route."""
    package = encoder_module.rpartition(".")[0]
    try:
        module = importlib.import_module(f"{package}._cencode")
    except ImportError:
        return None
    module.setup(tables)
    return module


def compiled_routes(entry: Callable[..., Any] | None) -> tuple[Any, Any]:
    """A game's ``encode_state(state, seat) -> numpy.ndarray`` and ``encode_state_into(state,
    seat, out)``, by the compiled module's entry ``entry`` (``encode(state, seat, out=None)``);
    ``(None, None)`` where there is none or ``EUROGAMES_PURE_PYTHON`` is set, and the adapters
    encode the view. ``out`` is a float32 array of the observation's length, written in place
    (OpenSpiel's tensor)."""
    if entry is None or pure_python():
        return None, None
    import numpy as np

    encode = entry
    frombuffer, f32 = np.frombuffer, np.float32

    def encode_state(state: Any, seat: int | None) -> Any:
        """The observation of ``seat`` (``None``: a spectator) by the compiled route: the very
        vector of ``encode(state.view(seat), state.players)``."""
        return frombuffer(encode(state, seat), f32)

    def encode_state_into(state: Any, seat: int | None, out: Any) -> None:
        encode(state, seat, out)

    return encode_state, encode_state_into


__all__ = [
    "Block",
    "Encoding",
    "Layout",
    "compiled_module",
    "compiled_routes",
    "current_seat_block",
    "observer_seat",
    "pure_python",
    "seat_label",
]
