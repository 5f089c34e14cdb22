#!/usr/bin/env bash
# Set up a virtual environment with the test extras and run the whole test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m venv .venv
.venv/bin/python -m pip install --quiet -e '.[test]'
.venv/bin/ruff check .
.venv/bin/python -m pytest -q "$@"
