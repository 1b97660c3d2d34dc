#!/usr/bin/env bash
# The whole test suite, from a fresh machine: venv, dev tools, lint, types, tests.
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  "$PYTHON" -m venv .venv
fi
.venv/bin/python -m pip install -q --disable-pip-version-check -e '.[dev]'
echo "== ruff"
.venv/bin/ruff check src tests benchmarks scripts
.venv/bin/ruff format --check src tests benchmarks scripts
echo "== mypy (strict, core)"
.venv/bin/mypy
echo "== pytest (sockets disabled)"
.venv/bin/pytest
