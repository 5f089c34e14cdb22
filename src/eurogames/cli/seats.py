"""Who sits where: parsing ``--seats human,mcts:seconds=0.2,greedy`` and ``--option k=v``.

Every problem is a ``ValueError`` whose message names the bad part, so the command line can
print it on one line and exit with status 2.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

HUMAN = "human"


@dataclass(frozen=True)
class SeatSpec:
    """One seat as written on the command line: ``human`` or a bot name with its settings."""

    kind: str
    settings: dict[str, Any] = field(default_factory=dict)

    @property
    def human(self) -> bool:
        return self.kind == HUMAN


def parse_value(text: str) -> Any:
    """``300`` → int, ``0.2`` → float, ``true``/``false`` → bool, ``none`` → None (a bot's
    "no limit"), anything else stays text."""
    lowered = text.lower()
    if lowered in ("true", "false"):
        return lowered == "true"
    if lowered == "none":
        return None
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def parse_settings(items: list[str], what: str) -> dict[str, Any]:
    """``["seconds=0.2", "iterations=300"]`` → a dict; ``what`` names them in errors."""
    settings: dict[str, Any] = {}
    for item in items:
        key, sep, value = item.partition("=")
        key, value = key.strip(), value.strip()
        if not sep or not key or not value:
            raise ValueError(f"{what}: {item!r} is not key=value")
        if key in settings:
            raise ValueError(f"{what}: {key!r} is given twice")
        settings[key] = parse_value(value)
    return settings


def parse_seat(text: str, known_bots: list[str]) -> SeatSpec:
    """``mcts:seconds=0.2:iterations=300`` → SeatSpec("mcts", {...})."""
    name, *items = [part.strip() for part in text.split(":")]
    name = name.lower()
    if not name:
        raise ValueError(f"empty seat in --seats ({text!r})")
    if name != HUMAN and name not in known_bots:
        raise ValueError(
            f"unknown seat {name!r}; a seat is human or a bot: {', '.join(known_bots)}"
        )
    settings = parse_settings(items, f"seat {name!r}")
    if name == HUMAN and settings:
        raise ValueError("a human seat takes no settings")
    return SeatSpec(name, settings)


def parse_seats(
    text: str | None, players: int | None, known_bots: list[str], default_bot: str
) -> list[SeatSpec]:
    """The seats in order; without ``--seats``: a human, then ``default_bot`` for the rest."""
    if text is None:
        count = 2 if players is None else players
        return [SeatSpec(HUMAN), *(SeatSpec(default_bot) for _ in range(max(0, count - 1)))]
    seats = [parse_seat(part, known_bots) for part in text.split(",")]
    if players is not None and len(seats) != players:
        raise ValueError(
            f"--seats lists {len(seats)} seat{'s' if len(seats) != 1 else ''} "
            f"but --players is {players}; give one seat per player"
        )
    return seats


def parse_options(items: list[str], first: int | None, game: Any = None) -> dict[str, Any]:
    """``--option name=value`` pairs, with ``--first N`` (Seat N, counting from 1 as the
    screen does) as a shorthand for the engine's 0-based ``first=N-1``. With the ``game``, an
    option it declares as text keeps its value as written: ``events=none`` is the text
    ``none``, not ``None``."""
    options = parse_settings(items, "--option")
    declared = getattr(game, "options", {})
    for item in items:
        name, _, value = item.partition("=")
        option = declared.get(name.strip())
        if option is not None and option.type is str:
            options[name.strip()] = value.strip()
    if first is not None:
        if first < 1:
            raise ValueError(f"--first is a seat number counting from 1 (Seat 1), not {first}")
        options["first"] = first - 1
    return options
