"""A game's options in words for people, for the lobby: a label, a help text and a name for
each named choice, in the three languages, from the ``options`` section of the game's own
``web/strings.json`` (docs/web.md "Boards"), so that nothing outside the game's folder words
its options. An option the file does not word falls back to its ``Option.help``.

The section, per option name (every part but ``label`` optional)::

    "options": {"dirk": {"label": {"en": …, "zh-Hant": …, "zh-Hans": …},
                         "help": {"en": …, …},
                         "choices": {"boat_only": {"en": …, …}, …},
                         "seat": true}}

``seat``: an integer option that names a seat (a start player), offered as Seat 1 … Seat N.
"""

from __future__ import annotations

import json
import logging
from functools import lru_cache
from pathlib import Path
from typing import Any

from eurogames.core.game import LANGS, Game, Option

log = logging.getLogger("eurogames.web")

STRINGS_FILE = "strings.json"
SECTION = "options"


@lru_cache(maxsize=64)
def _read_section(path: Path, stamp: int) -> dict[str, Any]:
    """The options section of ``path`` as of modification time ``stamp`` (a changed file is
    read again); an unreadable file or section is logged and words nothing."""
    try:
        section = json.loads(path.read_text(encoding="utf-8")).get(SECTION, {})
    except (OSError, ValueError, AttributeError) as exc:
        log.warning("the option words of %s cannot be read: %s", path, exc)
        return {}
    if not isinstance(section, dict):
        log.warning("%s: %r must be an object of option names", path, SECTION)
        return {}
    return section


def option_words(folder: Path | None) -> dict[str, Any]:
    """The ``options`` section of the strings file in a game's ``web/`` folder ({} for none)."""
    if folder is None:
        return {}
    path = folder / STRINGS_FILE
    try:
        stamp = path.stat().st_mtime_ns
    except OSError:
        return {}
    return _read_section(path, stamp)


def _in(texts: Any, lang: str) -> str | None:
    """``texts`` (language → text) in ``lang``, else in English, else None."""
    if not isinstance(texts, dict):
        return None
    found = texts.get(lang) or texts.get("en")
    return found if isinstance(found, str) and found else None


def option_entry(option: Option, words: dict[str, Any], lang: str) -> dict[str, Any]:
    """The catalogue's entry for one option: ``Option.to_json()`` plus ``label`` and
    ``description`` (the words in ``lang``; null where the game words none: the client shows
    ``help``), ``choice_labels`` (value as text → words, or null) and ``seat``."""
    said = words.get(option.name)
    said = said if isinstance(said, dict) else {}
    choices = said.get("choices")
    labels = None
    if isinstance(choices, dict):
        labels = {str(value): text for value, texts in choices.items()
                  if (text := _in(texts, lang)) is not None}
    return {**option.to_json(), "label": _in(said.get("label"), lang),
            "description": _in(said.get("help"), lang), "choice_labels": labels or None,
            "seat": said.get("seat") is True}


def option_entries(game: Game, folder: Path | None, lang: str) -> list[dict[str, Any]]:
    words = option_words(folder)
    return [option_entry(option, words, lang) for option in game.options.values()]


def missing_option_words(game: Game, folder: Path | None) -> list[str]:
    """What the game's folder leaves unworded, as ``option: part lang`` lines: every option
    needs a label in every language, and a help text or choice name given in one language
    needs the others too; the named choices of a text option (``Option.choices`` of str)
    each need a name. [] when everything is worded."""
    words = option_words(folder)
    missing = []

    def check(name: str, part: str, texts: Any) -> None:
        for lang in LANGS:
            if _text(texts, lang) is None:
                missing.append(f"{name}: {part} {lang}")

    for option in game.options.values():
        said = words.get(option.name)
        said = said if isinstance(said, dict) else {}
        check(option.name, "label", said.get("label"))
        if "help" in said:
            check(option.name, "help", said["help"])
        choices = said.get("choices") if isinstance(said.get("choices"), dict) else {}
        named = [str(c) for c in option.choices or () if isinstance(c, str)]
        for value in dict.fromkeys([*named, *choices]):
            check(option.name, f"choice {value!r}", choices.get(value))
    return missing


def _text(texts: Any, lang: str) -> str | None:
    """``texts`` in exactly ``lang`` (no English stand-in): for the completeness check."""
    if not isinstance(texts, dict):
        return None
    found = texts.get(lang)
    return found if isinstance(found, str) and found.strip() else None
