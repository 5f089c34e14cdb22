"""Actions: tiny immutable values with a canonical text notation and a fixed id.

A game declares each kind of decision with :func:`action_kind`, naming its arguments, and
creates every action of its fixed action space once at import::

    >>> Buy = action_kind("buy", "place", "gold")
    >>> buy = Buy("example", 7, "buy 1.4", 3, (0, 0, 0, 0, 0))
    >>> buy.kind, buy.place, buy.gold
    ('buy', 3, (0, 0, 0, 0, 0))
    >>> buy.args                           # the same values, in declaration order
    (3, (0, 0, 0, 0, 0))
    >>> str(buy), buy.fields
    ('buy 1.4', ('place', 'gold'))
"""

from __future__ import annotations

from typing import Any, ClassVar


class Action:
    """One decision. Immutable and hashable; ``str(action)`` is its canonical notation.

    A game creates each of its actions once (``game.action(id)``), so two equal actions are
    the same object: comparing them is an identity check, which keeps search loops fast.
    Pickling preserves that (an unpickled action is looked up again by game and id).

    ``args`` holds the arguments in order; the subclasses made by :func:`action_kind` also
    hold each one under its name (``action.slot``), which is what rules and clients read.
    """

    __slots__ = ("game", "id", "kind", "args", "text")

    fields: ClassVar[tuple[str, ...]] = ()  # the arguments' names (action_kind's subclasses)

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


def action_kind(kind: str, *fields: str) -> type[Action]:
    """A subclass of :class:`Action` for one kind of decision, its arguments named ``fields``.

    Its constructor is ``(game, id, text, *values)``, one value per field. Each field is a
    slot of its own (reading ``action.slot`` costs what reading ``action.args`` does), and the
    class keeps the identity semantics, immutability and pickling of :class:`Action`.
    """
    for name in fields:
        if not name.isidentifier() or name in Action.__slots__ or name == "fields":
            raise ValueError(f"{name!r} cannot name an action's argument")
    if len(set(fields)) != len(fields):
        raise ValueError(f"repeated argument names for {kind!r}: {fields}")

    def __init__(self: Action, game: str, id: int, text: str, *values: Any) -> None:
        if len(values) != len(fields):
            raise TypeError(f"a {kind!r} action takes {len(fields)} arguments {fields}, "
                            f"not {len(values)}")
        Action.__init__(self, game, id, kind, values, text)
        for name, value in zip(fields, values, strict=True):
            object.__setattr__(self, name, value)

    name = "".join(part.title() for part in kind.replace("-", "_").split("_")) + "Action"
    return type(name, (Action,), {
        "__slots__": fields,
        "__match_args__": fields,
        "__init__": __init__,
        "__module__": __name__,
        "__doc__": f"A {kind!r} decision: {', '.join(fields) or 'no arguments'}.",
        "fields": fields,
    })


def _action_by_id(game: str, id: int) -> Action:
    from eurogames.core.registry import load

    return load(game).action(id)
