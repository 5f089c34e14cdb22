"""docs/observations.md states each game's layout as the encoders build it, and the
adapters' examples (doctests) run."""

from __future__ import annotations

import doctest
import importlib
from pathlib import Path

import pytest

pytest.importorskip("numpy")

import eurogames  # noqa: E402
from eurogames.rl.encoding import encoder, encodings, layout, observation_size  # noqa: E402

from .helpers import ENCODED_GAMES  # noqa: E402

DOC = Path(__file__).resolve().parents[2] / "docs" / "observations.md"


def own(name: str) -> bool:
    """Whether the game ships in this package (a game from another package, or the tests'
    plugin game, is documented where it lives)."""
    return type(eurogames.load(name)).__module__.startswith("eurogames.games.")


@pytest.mark.parametrize("name", ENCODED_GAMES)
def test_the_documented_table_is_the_layout(name):
    """The default encoding's whole table, the rows where another encoding differs, and the
    sizes of every encoding for every player count."""
    if not own(name):
        pytest.skip(f"{name} is not one of this package's games: its docs live with it")
    text = DOC.read_text("utf-8")
    game = eurogames.load(name)
    default, *others = encodings(name)
    found = layout(name, game.min_players, encoding=default)
    assert found is not None, f"{name}'s encoder declares no layout to document"
    table = found.markdown()
    assert table in text
    for encoding in others:
        rows = [
            row
            for row in layout(name, game.min_players, encoding=encoding).markdown().splitlines()
            if row not in table.splitlines()
        ]
        assert rows and "\n".join(rows) in text
    for encoding in (default, *others):
        label = "entries" if not others else f'entries, "{encoding}"'
        sizes = " | ".join(f"{observation_size(name, n, encoding=encoding):,}"
                           for n in range(game.min_players, game.max_players + 1))
        assert f"| {label} | {sizes} |" in text


@pytest.mark.parametrize(
    "module",
    ["eurogames.rl", "eurogames.rl.pettingzoo_env",
     *(encoder(name).__name__ for name in ENCODED_GAMES if own(name))],
)
def test_module_doctests_run(module):
    if module.startswith("eurogames.rl"):
        pytest.importorskip("pettingzoo")
    result = doctest.testmod(importlib.import_module(module))
    assert result.attempted > 0 and result.failed == 0
