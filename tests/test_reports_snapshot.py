"""Differential snapshot: the reports of a fixed corpus of answers must not change.

Guards refactors and speed work: every case's ``Report.to_json()`` is hashed and compared
with the hash stored in ``tests/data/report_snapshot.json.gz``, which also keeps the full
report of each case (compressed) so a failing case's diff can be printed.

The corpus: the bundled example (``examples/``), the claims of the first 300 rows of the
AttributionBench and WiCE dev sets (``../shared/data``; each checked by attribution,
``citations="none"``, and cited, the evidence joined into one chunk ``[1]`` that every
claim unit cites, as benchmarks/accuracy.py reads them) and 200 answers built by ``benchmarks/speed.py``'s generators.

A change of verdicts that is meant (a new check, a fixed false alarm) regenerates the
snapshot, after reviewing the diffs::

    PYTHONPATH=src python tests/test_reports_snapshot.py --diff      # what changed
    PYTHONPATH=src python tests/test_reports_snapshot.py --update    # store the new reports
    PYTHONPATH=src python tests/test_reports_snapshot.py --diff CASE # one case in full
"""

from __future__ import annotations

import difflib
import gzip
import hashlib
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
SNAPSHOT = ROOT / "tests" / "data" / "report_snapshot.json.gz"
DATA = ROOT.parent / "shared" / "data"
SETS = (
    ("attributionbench", DATA / "attributionbench" / "dev.jsonl"),
    ("wice", DATA / "wice" / "claim_dev.jsonl"),
)
ROWS = 300
SPEED_ANSWERS = 200
UPDATE = "PYTHONPATH=src python tests/test_reports_snapshot.py --update"


def _speed_module() -> Any:
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        import speed
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    return speed


def _cases() -> Iterator[tuple[str, Any]]:
    """``(case name, thunk returning the report)`` for every case of the corpus."""
    from itertools import islice

    import grounding_guard as gg
    from grounding_guard.evaluation import GuardPredictor, read_rows

    answer = (ROOT / "examples" / "answer.md").read_text(encoding="utf-8")
    evidence = json.loads((ROOT / "examples" / "evidence.json").read_text(encoding="utf-8"))
    yield "example", lambda: gg.check(answer, evidence)

    missing = [str(path) for _, path in SETS if not path.is_file()]
    if missing:
        raise AssertionError(
            "the report snapshot needs the shared data sets (a copy of shared/ beside the "
            f"checkout); missing: {', '.join(missing)}"
        )
    attributed = GuardPredictor("deterministic", term_checks=True)
    cited = GuardPredictor("deterministic-cited", term_checks=True, cited=True)
    for name, path in SETS:
        for index, row in enumerate(islice(read_rows(path, name), ROWS)):
            yield f"{name}/{index}/attribution", lambda r=row: attributed.check(r)[0]
            yield f"{name}/{index}/cited", lambda r=row: cited.check(r)[0]

    speed = _speed_module()
    for index in range(SPEED_ANSWERS):
        chunk_count = (1, 3, 8, 20)[index % 4]
        units = 5 + index % 11
        chunks = speed.generate_chunks(chunk_count, seed=100 + index)
        text = speed.generate_answer(units, chunks, seed=1000 + index).text
        yield (
            f"speed/{index}",
            lambda a=text, c=chunks: gg.check(a, c, citations="numeric"),
        )


def current() -> dict[str, str]:
    """Every case's report JSON, computed by the code under test."""
    return {name: thunk().to_json(indent=None) for name, thunk in _cases()}


def _digest(report: str) -> str:
    return hashlib.sha256(report.encode("utf-8")).hexdigest()[:16]


def stored() -> dict[str, Any]:
    with gzip.open(SNAPSHOT, "rt", encoding="utf-8") as handle:
        loaded: dict[str, Any] = json.load(handle)
    return loaded


def _pretty(report: str) -> list[str]:
    return json.dumps(json.loads(report), indent=1, ensure_ascii=False).splitlines()


def diff(name: str, old: str | None, new: str | None) -> str:
    """A unified diff between a stored and a current report."""
    return "\n".join(
        difflib.unified_diff(
            _pretty(old) if old else [],
            _pretty(new) if new else [],
            f"{name} (snapshot)",
            f"{name} (now)",
            lineterm="",
        )
    )


def update() -> None:
    reports = current()
    SNAPSHOT.parent.mkdir(parents=True, exist_ok=True)
    data = {
        "regenerate": UPDATE,
        "hashes": {name: _digest(report) for name, report in reports.items()},
        "reports": reports,
    }
    with gzip.GzipFile(SNAPSHOT, "wb", compresslevel=9, mtime=0) as handle:
        handle.write(json.dumps(data, ensure_ascii=False, sort_keys=True).encode("utf-8"))
    print(f"{len(reports)} cases written to {SNAPSHOT}")


def test_reports_match_the_snapshot() -> None:
    snapshot = stored()
    hashes: dict[str, str] = snapshot["hashes"]
    reports = current()
    assert set(reports) == set(hashes), (
        f"the corpus changed (cases added/removed); regenerate with `{UPDATE}`"
    )
    changed = [name for name, report in reports.items() if _digest(report) != hashes[name]]
    if changed:
        shown = "\n\n".join(
            diff(name, snapshot["reports"].get(name), reports[name]) for name in changed[:3]
        )
        raise AssertionError(
            f"{len(changed)} of {len(reports)} reports changed: {', '.join(changed[:20])}\n"
            f"{shown}\n\nIf the change is meant, review "
            "`PYTHONPATH=src python tests/test_reports_snapshot.py --diff` and regenerate "
            f"with `{UPDATE}`"
        )


def main(argv: list[str]) -> int:
    if argv[:1] == ["--update"]:
        update()
        return 0
    if argv[:1] == ["--diff"]:
        snapshot = stored()
        wanted = set(argv[1:])
        reports = {n: r for n, r in current().items() if not wanted or n in wanted}
        count = 0
        for name in sorted(set(reports) | (wanted & set(snapshot["reports"]))):
            old, new = snapshot["reports"].get(name), reports.get(name)
            if wanted or old is None or new is None or _digest(new) != snapshot["hashes"][name]:
                text = diff(name, old, new)
                print(text or f"{name}: unchanged")
                count += 1 if text else 0
        print(f"{count} case(s) differ")
        return 1 if count else 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
