"""What every test shares: the plugin game of tests/plugins/ is installed.

Its folder goes on ``sys.path`` (and on ``PYTHONPATH``, for the CLI and servers the tests
start as subprocesses), so that ``importlib.metadata`` finds its ``*.dist-info`` and
``eurogames.games()`` lists it beside the built-in games, exactly as for a game another
distribution installs.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

import eurogames

PLUGINS = str(Path(__file__).resolve().parent / "plugins")

if PLUGINS not in sys.path:
    sys.path.insert(0, PLUGINS)
    os.environ["PYTHONPATH"] = os.pathsep.join(
        [PLUGINS, *filter(None, os.environ.get("PYTHONPATH", "").split(os.pathsep))]
    )
# the user's own data directory (corrected component data, the default database) never
# reaches the tests; EUROGAMES_DATA is set only by the tests that mean to
os.environ["XDG_DATA_HOME"] = tempfile.mkdtemp(prefix="eurogames-tests-")
os.environ.pop("EUROGAMES_DATA", None)
eurogames.refresh_games()


# -- the compiled modules -------------------------------------------------------------------
REQUIRE_COMPILED = os.environ.get("EUROGAMES_REQUIRE_COMPILED", "") not in ("", "0")


def _built(module: object, what: str) -> object:
    """``module`` (a compiled module, or its entry), else the test skips where it was not
    built, and fails instead where CI requires every compiled module
    (EUROGAMES_REQUIRE_COMPILED)."""
    if module is None:
        if REQUIRE_COMPILED:
            pytest.fail(f"{what} was not built (EUROGAMES_REQUIRE_COMPILED is set)")
        pytest.skip(f"{what} was not built (no C compiler at install)")
    return module


@pytest.fixture(scope="session")
def built():
    """``built(module, what)``: the compiled module, or skip (or fail in CI) without it."""
    return _built


def _pure_python(code: str) -> str:
    """What ``code`` prints, run by a new interpreter with ``EUROGAMES_PURE_PYTHON=1`` (every
    compiled route left unused) and the tests' ``sys.path``; it must exit cleanly."""
    env = {**os.environ, "EUROGAMES_PURE_PYTHON": "1", "PYTHONPATH": os.pathsep.join(sys.path)}
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


@pytest.fixture(scope="session")
def pure_python_run():
    """``pure_python_run(code)``: what ``code`` prints with no compiled route."""
    return _pure_python


# -- an installed distribution whose games are each broken in one way --------------------
PLUGIN = {
    "fails.py": "raise RuntimeError('a broken plugin')\n",
    "notgame.py": "GAME = 'a string'\n",
    "misnamed.py": "from takeaway_game import GAME\n",
    "clash.py": "from takeaway_game import GAME\n",
}

ENTRY_POINTS = """\
[eurogames.games]
fails = fails
notgame = notgame:GAME
misnamed = misnamed
splendor = clash:GAME
"""


@pytest.fixture
def broken_plugins(tmp_path: Path) -> Iterator[Path]:
    """A distribution whose four games are each wrong in one way, installed for one test."""
    for name, text in PLUGIN.items():
        (tmp_path / name).write_text(text)
    info = tmp_path / "broken_games-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: broken-games\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(ENTRY_POINTS)
    sys.path.insert(0, str(tmp_path))
    eurogames.refresh_games()
    try:
        yield tmp_path
    finally:
        if str(tmp_path) in sys.path:
            sys.path.remove(str(tmp_path))
        eurogames.refresh_games()
