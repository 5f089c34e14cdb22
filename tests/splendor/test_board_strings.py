"""The browser board's words (web/strings.json) name the gems as the engine's text does, so
the board and the server's descriptions speak the same language."""

from __future__ import annotations

import json
from importlib import resources

from eurogames.games.splendor.text import TOKEN_NAMES

STRINGS = json.loads((resources.files("eurogames.games.splendor") / "web" / "strings.json")
                     .read_text(encoding="utf-8"))


def test_gem_names_are_the_engines() -> None:
    for lang, names in TOKEN_NAMES.items():
        for colour, name in zip(TOKEN_NAMES["en"], names, strict=True):
            assert STRINGS[lang][f"sp_gem_{colour}"] == name


def test_gem_letters_are_single_and_tell_the_gems_apart() -> None:
    for lang in TOKEN_NAMES:
        letters = [STRINGS[lang][f"sp_gem_letter_{colour}"] for colour in TOKEN_NAMES["en"]]
        assert all(len(letter) == 1 for letter in letters)
        assert len(set(letters)) == len(letters)
