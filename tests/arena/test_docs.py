"""docs/arena.md's Python example and the statistics module's doctests run as tests."""

import doctest
from pathlib import Path

import eurogames.arena.ratings

ROOT = Path(__file__).resolve().parents[2]


def test_arena_doc_examples_run() -> None:
    result = doctest.testfile(str(ROOT / "docs" / "arena.md"), module_relative=False)
    assert result.attempted >= 8
    assert result.failed == 0


def test_ratings_doctests_run() -> None:
    result = doctest.testmod(eurogames.arena.ratings)
    assert result.attempted > 0 and result.failed == 0
