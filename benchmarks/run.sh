#!/usr/bin/env bash
# One command for the speed benchmark: bash benchmarks/run.sh [--quick] [--json OUT]
# Builds benchmarks/.venv (git-ignored) with the project and the pinned peers, then runs
# benchmarks/speed.py on one core with that interpreter, passing the arguments through.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
venv="$here/.venv"
python="${PYTHON:-python3}"

if [ ! -x "$venv/bin/python" ]; then
  echo "creating $venv" >&2
  "$python" -m venv "$venv"
fi
# Reinstalled every run (quietly) so the benchmark always measures the working tree.
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check \
  "$root" "groundcite==0.1.0" "citation-integrity-check==0.1.0" >&2

export OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 MKL_NUM_THREADS=1 PYTHONHASHSEED=0
cd "$root"
exec "$venv/bin/python" "$here/speed.py" "$@"
