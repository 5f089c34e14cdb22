"""A game's component data as something a player can inspect, correct and play with.

Some games' component values are printed only on boards and cards that no source we have
shows; such a game ships a complete data set in which each unknown value has a provisional
value, marked ``"status": "provisional"`` with ``"how"`` it was chosen (or, for one field of
an object, ``"<field>_status": "provisional"`` with ``"<field>_how"``). This module is what
every game shares around that:

- :class:`DataSet`: one JSON document, where it came from and its digest (records name the
  digest, so a record is never replayed on other data);
- :func:`provisional_values`: every provisional value of a document, with its reason;
- :func:`read_data_file`: a data file from disk, refused clearly when unreadable;
- :func:`configured_data`: the data a game is to play with in this process: a file named by
  ``EUROGAMES_DATA`` (paths separated by ``os.pathsep``; the CLI's ``--data`` sets it, so
  worker processes inherit it) or the user's data directory, ``$XDG_DATA_HOME/eurogames/
  data/<game>.json``.

A game that takes replacement data implements ``Game._with_data``; one whose every value has
a source refuses (``Game.with_data``). ``Game.check_data`` lists every problem of a document.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, TypeVar

from eurogames.core.errors import DataError

PROVISIONAL = "provisional"
DATA_ENV = "EUROGAMES_DATA"
MAX_DATA_BYTES = 4 << 20  # component data is tens of kilobytes


@dataclass(frozen=True)
class ProvisionalValue:
    """A component value with no source: what it is and how the value used was chosen."""

    what: str
    reason: str = ""


def digest(document: Any) -> str:
    """A short digest of a JSON document (key order and spacing do not matter)."""
    text = json.dumps(document, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


@dataclass(frozen=True)
class DataSet:
    """One data document of a game; ``origin`` says where it came from (``shipped`` or a
    path)."""

    game: str
    document: Any
    origin: str = "shipped"

    @property
    def digest(self) -> str:
        return digest(self.document)

    def provisional(self) -> list[ProvisionalValue]:
        return provisional_values(self.document)


def provisional_values(document: Any, path: str = "") -> list[ProvisionalValue]:
    """Every value of ``document`` marked provisional, named by its path (objects with an
    ``id`` are named by it), with the reason given beside it, in document order."""
    found: list[ProvisionalValue] = []
    if isinstance(document, dict):
        if document.get("status") == PROVISIONAL:
            found.append(ProvisionalValue(path or "(the document)", _reason(document, "how")))
        for key, value in document.items():
            if key.endswith("_status") and value == PROVISIONAL:
                field = key[: -len("_status")]
                found.append(ProvisionalValue(_join(path, field),
                                              _reason(document, f"{field}_how")))
            elif isinstance(value, dict | list):
                found.extend(provisional_values(value, _join(path, key)))
    elif isinstance(document, list):
        for i, item in enumerate(document):
            name = item.get("id") if isinstance(item, dict) else None
            found.extend(provisional_values(item, f"{path}[{name if name is not None else i}]"))
    return found


def provisional_groups(values: list[ProvisionalValue]) -> list[tuple[str, int]]:
    """Provisional values counted by what they belong to (the first part of each path), in
    order of appearance: how a front end names a long list in one line."""
    counts: dict[str, int] = {}
    for value in values:
        group = re.split(r"[.\[]", value.what, maxsplit=1)[0] or value.what
        counts[group] = counts.get(group, 0) + 1
    return list(counts.items())


def provisional_line(values: list[ProvisionalValue], most: int = 6) -> str:
    """The provisional values in one line: each named when there are at most ``most``,
    else counted by group ("buildings 16, meditation 8, …")."""
    if len(values) <= most:
        return "; ".join(value.what for value in values)
    groups = ", ".join(f"{group} {n}" for group, n in provisional_groups(values))
    return f"{len(values)} values ({groups})"


def _join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


def _reason(document: dict[str, Any], key: str) -> str:
    reason = document.get(key, "")
    return reason if isinstance(reason, str) else json.dumps(reason, ensure_ascii=False)


def read_data_file(path: str | os.PathLike[str]) -> DataSet:
    """The data set in a file; it names its game in a top-level ``"game"`` field."""
    path = Path(path)
    try:
        if path.stat().st_size > MAX_DATA_BYTES:
            raise DataError(f"{path}: larger than {MAX_DATA_BYTES >> 20} MiB, not a data file")
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise DataError(f"cannot read the data file {path}: {err}") from None
    try:
        document = json.loads(text)
    except json.JSONDecodeError as err:
        raise DataError(f"{path} is not valid JSON: {err.msg} at line {err.lineno} column "
                        f"{err.colno}") from None
    if not isinstance(document, dict):
        raise DataError(f"{path}: a data file is a JSON object")
    game = document.get("game")
    if not isinstance(game, str) or not game:
        raise DataError(f"{path}: a data file names its game in a top-level \"game\" field")
    return DataSet(game, document, str(path))


T = TypeVar("T")


class SelfCheckingData(Generic[T]):
    """How a game reads a data document into a class that checks it on construction
    (raising ``DataError`` at the first problem): ``read`` a parsed document, ``parse`` a
    file's text, ``check`` for ``Game._check_data``. Anything else the class raises on a
    malformed document (a missing key, a wrong type) becomes a ``DataError`` too."""

    def __init__(self, make: Callable[[Any], T], file_name: str,
                 error: type[DataError] = DataError) -> None:
        self.make, self.file_name, self.error = make, file_name, error

    def read(self, document: Any) -> T:
        try:
            return self.make(document)
        except DataError:
            raise
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
            raise self.error(f"{self.file_name} is malformed: {exc!r}") from None

    def parse(self, text: str) -> T:
        try:
            document = json.loads(text)
        except json.JSONDecodeError as exc:
            raise self.error(f"{self.file_name} is not valid JSON: {exc}") from None
        return self.read(document)

    def check(self, document: Any) -> list[str]:
        """The problem that stops the read, if any, as a one-item list."""
        try:
            self.read(document)
        except DataError as exc:
            return [str(exc)]
        return []


def user_data_dir() -> Path:
    """``$XDG_DATA_HOME/eurogames/data`` (XDG's default: ~/.local/share)."""
    base = os.environ.get("XDG_DATA_HOME") or ""
    root = Path(base) if os.path.isabs(base) else Path.home() / ".local" / "share"
    return root / "eurogames" / "data"


def configured_data(game: str) -> DataSet | None:
    """The data ``game`` plays with in this process when not its shipped data: the file
    for it named in ``EUROGAMES_DATA``, else ``<user data dir>/<game>.json``, else None."""
    for entry in filter(None, os.environ.get(DATA_ENV, "").split(os.pathsep)):
        dataset = read_data_file(entry)
        if dataset.game == game:
            return dataset
    user = user_data_dir() / f"{game}.json"
    if user.is_file():
        dataset = read_data_file(user)
        if dataset.game != game:
            raise DataError(f"{user} holds data for {dataset.game!r}, not {game!r}")
        return dataset
    return None
