"""The contract's examples (docs/api.md) and the core modules' doctests run as tests."""

import doctest
from pathlib import Path

import pytest

import eurogames.bots.greedy
import eurogames.bots.mcts
import eurogames.core.rng

ROOT = Path(__file__).resolve().parents[1]


def test_api_doc_examples_run():
    result = doctest.testfile(
        str(ROOT / "docs" / "api.md"),
        module_relative=False,
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
    )
    assert result.attempted > 20
    assert result.failed == 0


@pytest.mark.parametrize(
    "module",
    [eurogames.core.rng, eurogames.bots.greedy, eurogames.bots.mcts],
    ids=lambda m: m.__name__,
)
def test_module_doctests_run(module):
    result = doctest.testmod(module)
    assert result.attempted > 0
    assert result.failed == 0
