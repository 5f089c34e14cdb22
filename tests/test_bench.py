"""The benchmarks still run: each script in bench/ with a tiny workload, in a subprocess.

No figure is checked (performance targets live in the benchmarks themselves, run by hand);
this only keeps a change elsewhere from breaking a script that the README's figures come from.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parent.parent / "bench"


@pytest.mark.parametrize(
    ("script", "args", "expected"),
    [
        ("engine.py", ["--game", "splendor", "--quick"], "random 2-player games/s"),
        ("engine.py", ["--game", "alhambra", "--quick"], "random 3-player games/s"),
        ("rl.py", ["--plies", "150", "--warm-up", "20", "--players", "2"], "PettingZoo AEC"),
        ("arena.py", ["--games", "8", "--workers", "1"], "| serial | 1 | 8 |"),
        ("strength.py", ["--games", "2", "--iterations", "5"], "greedy vs random"),
        ("server.py", ["--games", "2", "--seconds", "1.5"], "latency p50"),
    ],
)
def test_bench_script_runs(script, args, expected):
    if script == "rl.py":
        pytest.importorskip("numpy")  # the rl extra
    done = subprocess.run(
        [sys.executable, str(BENCH / script), *args],
        cwd=BENCH.parent, capture_output=True, text=True, timeout=300,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert expected in done.stdout, done.stdout[-2000:]
