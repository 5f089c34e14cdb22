"""The browser board's words (web/strings.json) name building types and currencies as the
engine's text does, so the board and the server's descriptions speak the same language."""

from __future__ import annotations

import json
from importlib import resources

from eurogames.games.alhambra.text import CURRENCY_NAMES, TYPE_NAMES

STRINGS = json.loads((resources.files("eurogames.games.alhambra") / "web" / "strings.json")
                     .read_text(encoding="utf-8"))


def test_building_types_and_currencies_are_the_engines() -> None:
    for lang, names in TYPE_NAMES.items():
        for kind, name in zip(TYPE_NAMES["en"], names, strict=True):
            assert STRINGS[lang][f"al_type_{kind}"] == name
    for lang, names in CURRENCY_NAMES.items():
        for currency, name in zip(CURRENCY_NAMES["en"], names, strict=True):
            assert STRINGS[lang][f"al_currency_{currency}"] == name


def test_type_letters_are_the_initial_in_english_and_the_first_character_in_chinese() -> None:
    for lang, names in TYPE_NAMES.items():
        for kind, name in zip(TYPE_NAMES["en"], names, strict=True):
            letter = STRINGS[lang][f"al_type_letter_{kind}"]
            assert letter == (name[0].upper() if lang == "en" else name[0])
