"""What the companion asks: a prompt names its question (the spec's ASK id and a text key),
the kind of answer it takes and the valid answers; ``parse`` turns a typed answer into its
value or raises :class:`AnswerError` naming the problem.

Kinds of answer, each with one canonical text form (the form stored in the session's list):

- ``choice``: one of ``options`` (``king``); in the terminal also its 1-based number;
- ``subset``: some of ``options``, comma-separated, or ``none`` (``engineer,king``);
- ``number``: a whole number from ``low`` to ``high``; with ``none_word`` also that word
  (``empty``), read as ``None``;
- ``counts``: one whole number per name in ``options`` (``0 1 0 2`` for gold, books, cloth,
  tools), each from 0 to ``high``, with at most ``total`` in all when set;
- ``name``: a short name (a colour), letters, digits, spaces and hyphens, at most 20;
- ``lots``: store lots with Lacerda's wigs there, ``B2 3, A4 3``, or ``none`` (N1);
- ``tiles``: ``done``, or the four scoring tiles' values (``2 2 3 4``) to be arranged (S6);
- ``setting``: ``confirm``, or ``key=value`` to change a setting (ASK-07);
- ``openings``: public-building candidates, ``blue W-C 3 1, green N-2 2 0`` (building, site,
  Lacerda's wigs, your wigs), or ``none`` (N3).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from eurogames.companions.lacerda.components import ARCHITECTS, COLUMNS, ROWS, SITES
from eurogames.companions.lacerda.settings import SettingError, Settings
from eurogames.core.errors import EurogamesError


class AnswerError(EurogamesError, ValueError):
    """An answer the current prompt does not accept; nothing was changed.

    ``str(err)`` is the reason in English; ``key`` and ``params`` name it for the front
    ends, which word it in the player's language (``text.error``)."""

    def __init__(self, message: str, key: str = "", **params: Any) -> None:
        super().__init__(message)
        self.key = key
        self.params = params


KINDS = ("choice", "subset", "number", "counts", "name", "lots", "openings", "tiles", "setting")
WIG_LIMIT = 200  # no single Lisboa scoring moves a marker this far; catches typos


@dataclass(frozen=True)
class Prompt:
    """One question: ``ask`` is the spec's prompt id (``ASK-13``), ``key`` the text's key."""

    ask: str
    key: str
    kind: str
    options: tuple[str, ...] = ()
    low: int = 0
    high: int = WIG_LIMIT
    none_word: str | None = None
    total: int | None = None
    params: Mapping[str, Any] = field(default_factory=dict)
    default: str | None = None  # a suggested answer (the companion's own estimate)

    def to_json(self) -> dict[str, Any]:
        return {
            "ask": self.ask, "key": self.key, "kind": self.kind, "options": list(self.options),
            "low": self.low, "high": self.high, "none_word": self.none_word,
            "total": self.total, "params": dict(self.params), "default": self.default,
        }

    def parse(self, text: str) -> tuple[Any, str]:
        """(value, canonical text) of an answer, or ``AnswerError``."""
        if not isinstance(text, str):
            raise AnswerError("an answer is text", "not_text")
        raw = " ".join(text.strip().split())
        if not raw:
            raise AnswerError("the answer is empty", "empty")
        if len(raw) > 500:
            raise AnswerError("the answer is too long (500 characters at most)", "too_long")
        return getattr(self, "_parse_" + self.kind)(raw)

    # -- one parser per kind --------------------------------------------------------------
    def _parse_choice(self, raw: str) -> tuple[Any, str]:
        word = {o.lower(): o for o in self.options}.get(raw.lower(), raw)
        if word.isdigit() and 1 <= int(word) <= len(self.options):
            word = self.options[int(word) - 1]
        if word not in self.options:
            raise AnswerError(
                f"answer a number from 1 to {len(self.options)} or one of: "
                f"{', '.join(self.options)} (not {raw!r})",
                "choice", count=len(self.options), options=self.options, typed=raw)
        return word, word

    def _parse_subset(self, raw: str) -> tuple[Any, str]:
        words = [w.strip() for w in re.split(r"[,\s]+", raw) if w.strip()]
        if [w.lower() for w in words] == ["none"]:
            return (), "none"
        spelled = {o.lower(): o for o in self.options}  # W-D, w-d: the same site
        chosen = []
        for word in words:
            if word.isdigit() and 1 <= int(word) <= len(self.options):
                word = self.options[int(word) - 1]
            word = spelled.get(word.lower(), word)
            if word not in self.options:
                raise AnswerError(
                    f"{word!r} is not one of {', '.join(self.options)} (or answer none)",
                    "subset", typed=word, options=self.options, count=len(self.options))
            if word in chosen:
                raise AnswerError(f"{word} is named twice", "twice", what=word)
            chosen.append(word)
        ordered = tuple(o for o in self.options if o in chosen)
        return ordered, ",".join(ordered)

    def _parse_number(self, raw: str) -> tuple[Any, str]:
        word = raw.lower()
        if self.none_word is not None and word == self.none_word:
            return None, word
        value = _whole(word, "the answer", "answer")
        if not self.low <= value <= self.high:
            raise AnswerError(f"answer a number from {self.low} to {self.high} (not {value})",
                              "number", low=self.low, high=self.high, typed=value)
        return value, str(value)

    def _parse_counts(self, raw: str) -> tuple[Any, str]:
        words = [w for w in re.split(r"[,\s]+", raw) if w]
        if len(words) != len(self.options):
            raise AnswerError(
                f"answer {len(self.options)} numbers, one each for {', '.join(self.options)}",
                "counts", count=len(self.options), options=self.options)
        values = tuple(_whole(w, name, name) for w, name in zip(words, self.options,
                                                                strict=True))
        for name, value in zip(self.options, values, strict=True):
            if value > self.high:
                raise AnswerError(f"{name}: at most {self.high} (not {value})", "at_most",
                                  what=name, high=self.high, typed=value)
        if self.total is not None and sum(values) > self.total:
            raise AnswerError(f"at most {self.total} in all (not {sum(values)})", "total",
                              total=self.total, typed=sum(values))
        return dict(zip(self.options, values, strict=True)), " ".join(map(str, values))

    def _parse_name(self, raw: str) -> tuple[Any, str]:
        name = raw.lower()
        if len(name) > 20 or not re.fullmatch(r"[\w -]+", name):
            raise AnswerError("a name of at most 20 letters, digits, spaces or hyphens",
                              "name")
        blocked = self.params.get("not", ())
        if name in blocked:
            raise AnswerError(f"{name} is taken already (by {', '.join(blocked)})",
                              "name_taken", name=name)
        return name, name

    def _parse_lots(self, raw: str) -> tuple[Any, str]:
        if raw.lower() == "none":
            return (), "none"
        lots: dict[str, int] = {}
        for entry in _entries(raw):
            parts = entry.split()
            if len(parts) != 2:
                raise AnswerError(
                    f"write each lot as row, column and wigs, e.g. B2 3 (not {entry!r})",
                    "lot_form", typed=entry)
            lot = parts[0].upper()
            if not re.fullmatch(r"[A-Z][0-9]", lot) or lot[0] not in ROWS or int(
                lot[1]
            ) not in COLUMNS:
                raise AnswerError(f"{parts[0]!r} is not a lot: rows A–D, columns 1–5, e.g. B2",
                                  "not_a_lot", typed=parts[0])
            if lot in lots:
                raise AnswerError(f"lot {lot} is named twice", "twice", what=lot)
            if lot in self.params.get("not", ()):
                raise AnswerError(f"lot {lot} holds Lacerda's store already: list empty lots",
                                  "lot_taken", lot=lot)
            lots[lot] = _bounded(parts[1], f"wigs at {lot}", "wigs_at", lot=lot)
        ordered = tuple(sorted(lots.items()))
        return ordered, ", ".join(f"{lot} {wigs}" for lot, wigs in ordered)

    def _parse_openings(self, raw: str) -> tuple[Any, str]:
        if raw.lower() == "none":
            return (), "none"
        buildings = self.params.get("buildings", ARCHITECTS)
        sites = self.params.get("sites", SITES)
        seen: dict[tuple[str, str], tuple[int, int]] = {}
        for entry in _entries(raw):
            parts = entry.split()
            if len(parts) != 4:
                raise AnswerError(
                    "write each candidate as building, site, Lacerda's wigs and yours, "
                    f"e.g. blue W-C 3 1 (not {entry!r})", "opening_form", typed=entry)
            building, site = parts[0].lower(), parts[1].upper()
            if building not in buildings:
                raise AnswerError(
                    f"{parts[0]!r}: the buildings available are {', '.join(buildings)}",
                    "building", typed=parts[0], options=tuple(buildings))
            if site not in sites:
                raise AnswerError(f"{parts[1]!r}: the empty sites are {', '.join(sites)}",
                                  "site", typed=parts[1], options=tuple(sites))
            if (building, site) in seen:
                raise AnswerError(f"{building} at {site} is named twice", "twice",
                                  what=f"{building} {site}")
            seen[(building, site)] = (_bounded(parts[2], "Lacerda's wigs", "his_wigs"),
                                      _bounded(parts[3], "your wigs", "your_wigs"))
        ordered = tuple(
            (b, s, *seen[(b, s)]) for b in ARCHITECTS for s in SITES if (b, s) in seen
        )
        return ordered, ", ".join(f"{b} {s} {h} {y}" for b, s, h, y in ordered)


    def _parse_tiles(self, raw: str) -> tuple[Any, str]:
        if raw.lower() == "done":
            return None, "done"
        words = [w for w in re.split(r"[,\s]+", raw) if w]
        if len(words) != 4:
            raise AnswerError("answer done, or the four scoring tiles' values, e.g. 2 2 3 4",
                              "tiles")
        values = tuple(_whole(w, "a tile's value", "tile") for w in words)
        return values, " ".join(map(str, values))

    def _parse_setting(self, raw: str) -> tuple[Any, str]:
        if raw.lower() == "confirm":
            return None, "confirm"
        key, sep, text = raw.partition("=")
        key = key.strip().lower().replace(" ", "_")
        if not sep or not text.strip():
            raise AnswerError("answer confirm, or key=value to change a setting", "setting")
        try:
            settings = Settings.from_json(dict(self.params.get("values", {})))
            value = settings.with_text(key, text).values()[key]
        except SettingError as err:
            raise AnswerError(str(err), "bad_setting", reason=str(err)) from None
        return (key, value), f"{key}={value}"


def _entries(raw: str) -> list[str]:
    return [e.strip() for e in re.split(r"[,;]", raw) if e.strip()]


def _whole(word: str, what: str, code: str, **params: Any) -> int:
    """``word`` as a whole number; ``what`` names it in English, ``code`` (an option or a
    ``text.WHAT`` key, with ``params``) in the player's language."""
    if not re.fullmatch(r"[0-9]{1,4}", word):
        raise AnswerError(f"{what}: a whole number, not {word!r}", "whole", what=code,
                          typed=word, **params)
    return int(word)


def _bounded(word: str, what: str, code: str, **params: Any) -> int:
    value = _whole(word, what, code, **params)
    if value > WIG_LIMIT:
        raise AnswerError(f"{what}: at most {WIG_LIMIT} (not {value})", "at_most", what=code,
                          high=WIG_LIMIT, typed=value, **params)
    return value
