"""``python -m tests.golden --update [GAME ...]``: write the golden records again (see
__init__.py); without ``--update``, say which ones no longer match."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

# the plugin game of tests/plugins/ is a game like the others here, as under pytest
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "plugins"))

import eurogames  # noqa: E402

eurogames.refresh_games()

from tests.golden import golden, golden_cases, golden_path, write  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.golden", description=__doc__)
    parser.add_argument("games", nargs="*", help="only these games (default: every game)")
    parser.add_argument("--update", action="store_true", help="write the files")
    args = parser.parse_args()
    unknown = sorted(set(args.games) - set(eurogames.games()))
    if unknown:
        parser.error(f"unknown game {unknown[0]!r}; games: {', '.join(eurogames.games())}")
    stale = 0
    for name, players in golden_cases():
        if args.games and name not in args.games:
            continue
        path = golden_path(name, players)
        if args.update:
            print(f"wrote {write(name, players)}")
            continue
        fresh = golden(name, players)
        ok = path.is_file() and json.loads(path.read_text("utf-8")) == fresh
        stale += not ok
        print(f"{'ok   ' if ok else 'STALE'} {path}")
    if stale:
        print(f"{stale} stale: run `python -m tests.golden --update` after an intended change")
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
