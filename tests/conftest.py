"""What every test shares: the plugin game of tests/plugins/ is installed.

Its folder goes on ``sys.path`` (and on ``PYTHONPATH``, for the CLI and servers the tests
start as subprocesses), so that ``importlib.metadata`` finds its ``*.dist-info`` and
``eurogames.games()`` lists it beside the built-in games, exactly as for a game another
distribution installs.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import eurogames

PLUGINS = str(Path(__file__).resolve().parent / "plugins")

if PLUGINS not in sys.path:
    sys.path.insert(0, PLUGINS)
    os.environ["PYTHONPATH"] = os.pathsep.join(
        [PLUGINS, *filter(None, os.environ.get("PYTHONPATH", "").split(os.pathsep))]
    )
eurogames.refresh_games()
