"""Raw text keys for the Lacerda companion until ``companions/lacerda/text.py`` lands on main
(the lead's module): the same six functions, showing the keys themselves. Removed on merge."""

from __future__ import annotations

from typing import Any

from eurogames.companions.lacerda.procedure import Lacerda, Line
from eurogames.companions.lacerda.prompts import Prompt


def say(line: Line, lang: str) -> str:
    return f"{line.key} {line.params}" if line.params else line.key


def ask(prompt: Prompt, lang: str) -> str:
    return f"{prompt.key} {dict(prompt.params)}" if prompt.params else prompt.key


def hint(prompt: Prompt, lang: str) -> str:
    return prompt.kind


def option(code: str, lang: str) -> str:
    return code


def ui(key: str, lang: str) -> str:
    return key


def area(state: Lacerda, lang: str) -> list[tuple[str, str]]:
    data: dict[str, Any] = state.to_json()
    return [(key, str(value)) for key, value in data.items() if key != "settings"]
