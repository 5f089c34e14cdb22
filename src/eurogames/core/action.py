"""Actions: tiny immutable values with a canonical text notation and a fixed id."""

from __future__ import annotations

from typing import Any


class Action:
    """One decision. Immutable and hashable; ``str(action)`` is its canonical notation.

    A game creates each of its actions once (``game.action(id)``), so two equal actions are
    the same object: comparing them is an identity check, which keeps search loops fast.
    Pickling preserves that (an unpickled action is looked up again by game and id).
    """

    __slots__ = ("game", "id", "kind", "args", "text")

    game: str
    id: int
    kind: str
    args: tuple[Any, ...]
    text: str

    def __init__(self, game: str, id: int, kind: str, args: tuple[Any, ...], text: str) -> None:
        object.__setattr__(self, "game", game)
        object.__setattr__(self, "id", id)
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "args", args)
        object.__setattr__(self, "text", text)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("actions are immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("actions are immutable")

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"<Action {self.game}:{self.id} {self.text!r}>"

    def __reduce__(self) -> tuple[Any, ...]:
        return (_action_by_id, (self.game, self.id))


def _action_by_id(game: str, id: int) -> Action:
    from eurogames.core.registry import load

    return load(game).action(id)
