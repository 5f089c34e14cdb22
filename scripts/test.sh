#!/usr/bin/env bash
# Set up a virtual environment with every extra, the system services some tests need
# (Debian's chromium, a throwaway PostgreSQL), and run the whole test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/services.sh
install_debian_packages
start_postgresql
trap stop_postgresql EXIT
[ -x /usr/bin/chromium ] && export EUROGAMES_REQUIRE_BROWSER=1
# with a C compiler here, the install builds the compiled observation encoders, and their tests
# must find them (without one, the view route stands in and those tests skip, saying why)
if command -v cc >/dev/null || command -v gcc >/dev/null; then export EUROGAMES_REQUIRE_COMPILED=1; fi
python3 -m venv .venv
.venv/bin/python -m pip install --quiet -e '.[test]'
.venv/bin/ruff check .
.venv/bin/python -m pytest -q "$@"
