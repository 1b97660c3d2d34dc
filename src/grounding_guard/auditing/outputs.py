"""The audit's files, written from the journal in record order whatever engine ran:
``results.parquet`` (or ``results.jsonl``), one row per checked answer; ``rejects.jsonl``,
one line per rejected record with its file, line and reason; ``summary.json``,
``summary.txt`` and ``summary.html``. The same rows in the same order give the same bytes.

A results row holds ``seq`` (the record's position in the run), ``file``, ``line`` (line
or row in that file, from 1), ``id``, one column per group, ``date`` (when mapped), a
count per status, ``units``, ``claims``, ``coverage``, ``is_clean``, ``blocked``,
``checkable``, ``codes`` ([{code, units}]: how many units carry each reason code) and
``failing`` (the failing units: index, status, text, span, codes and reasons with their
answer and evidence spans).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import IO, Any, Final

from grounding_guard.auditing.checker import STATUSES, dumps
from grounding_guard.auditing.html import summary_html
from grounding_guard.auditing.summary import SummaryBuilder, summary_text

__all__ = [
    "FORMATS",
    "RESERVED_COLUMNS",
    "Outputs",
    "has_pyarrow",
    "read_results",
    "result_record",
    "write_outputs",
]

#: Result file formats (``auto``: Parquet when pyarrow is installed, else JSON Lines).
FORMATS: Final = ("auto", "parquet", "jsonl")
#: Column names of a results row; a group may not take one of them.
RESERVED_COLUMNS: Final = frozenset(
    {"seq", "file", "line", "id", "date", *STATUSES, "units", "claims", "coverage"}
    | {"is_clean", "blocked", "checkable", "codes", "failing"}
)
_ROWS_PER_GROUP: Final = 4096


def has_pyarrow() -> bool:
    """Whether pyarrow can be imported (without importing it when it cannot)."""
    import importlib.util

    return importlib.util.find_spec("pyarrow") is not None


def result_record(row: dict[str, Any], groups: Sequence[str], dated: bool) -> dict[str, Any]:
    """A journal row as the results file holds it (one flat record, the same in both formats)."""
    record: dict[str, Any] = {
        "seq": row["seq"],
        "file": row["file"],
        "line": row["line"],
        "id": row["id"],
    }
    for name in groups:
        record[name] = row["groups"].get(name, "(none)")
    if dated:
        record["date"] = row["date"]
    record.update(row["counts"])
    for key in ("units", "claims", "coverage", "is_clean", "blocked", "checkable"):
        record[key] = row[key]
    record["codes"] = [{"code": code, "units": n} for code, n in row["codes"].items()]
    record["failing"] = row["failing"]
    return record


def _schema(groups: Sequence[str], dated: bool) -> Any:
    import pyarrow as pa  # type: ignore[import-untyped, unused-ignore]

    span = pa.struct([("start", pa.int64()), ("end", pa.int64())])
    reason = pa.struct(
        [
            ("code", pa.string()),
            ("message", pa.string()),
            ("span", span),
            ("evidence_id", pa.string()),
            ("evidence_span", span),
        ]
    )
    unit = pa.struct(
        [
            ("index", pa.int64()),
            ("status", pa.string()),
            ("text", pa.string()),
            ("span", span),
            ("codes", pa.list_(pa.string())),
            ("reasons", pa.list_(reason)),
        ]
    )
    fields = [("seq", pa.int64()), ("file", pa.string()), ("line", pa.int64())]
    fields += [("id", pa.string())] + [(g, pa.string()) for g in groups]
    if dated:
        fields.append(("date", pa.string()))
    fields += [(s, pa.int64()) for s in STATUSES]
    fields += [("units", pa.int64()), ("claims", pa.int64()), ("coverage", pa.float64())]
    fields += [("is_clean", pa.bool_()), ("blocked", pa.bool_()), ("checkable", pa.bool_())]
    fields.append(("codes", pa.list_(pa.struct([("code", pa.string()), ("units", pa.int64())]))))
    fields.append(("failing", pa.list_(unit)))
    return pa.schema(fields)


class _ParquetResults:
    """Results rows into one Parquet file, a row group per 4,096 rows."""

    def __init__(self, path: Path, groups: Sequence[str], dated: bool) -> None:
        import pyarrow as pa
        import pyarrow.parquet as pq  # type: ignore[import-untyped, unused-ignore]

        self._pa = pa
        self.schema = _schema(groups, dated)
        self.writer = pq.ParquetWriter(path, self.schema)
        self.rows: list[dict[str, Any]] = []

    def add(self, record: dict[str, Any]) -> None:
        self.rows.append(record)
        if len(self.rows) >= _ROWS_PER_GROUP:
            self._flush()

    def _flush(self) -> None:
        if self.rows:
            self.writer.write_table(self._pa.Table.from_pylist(self.rows, schema=self.schema))
            self.rows = []

    def close(self) -> None:
        self._flush()
        self.writer.close()


class _JsonlResults:
    def __init__(self, path: Path) -> None:
        self.handle: IO[str] = open(path, "w", encoding="utf-8", newline="\n")  # noqa: SIM115

    def add(self, record: dict[str, Any]) -> None:
        self.handle.write(dumps(record) + "\n")

    def close(self) -> None:
        self.handle.close()


class Outputs:
    """The paths of an audit's files inside its output folder."""

    def __init__(self, folder: Path, results_format: str) -> None:
        self.folder = folder
        self.format = results_format
        self.results = folder / f"results.{results_format}"
        self.rejects = folder / "rejects.jsonl"
        self.summary_json = folder / "summary.json"
        self.summary_text = folder / "summary.txt"
        self.summary_html = folder / "summary.html"

    def all(self) -> tuple[Path, ...]:
        """Every file this audit writes."""
        return (
            self.results,
            self.rejects,
            self.summary_json,
            self.summary_text,
            self.summary_html,
        )


def write_outputs(
    rows: Iterable[dict[str, Any]],
    outputs: Outputs,
    *,
    groups: Sequence[str],
    dated: bool,
    top: int,
    about: dict[str, Any],
) -> dict[str, Any]:
    """Stream ``rows`` (record order) into the results, rejects and summary files;
    returns the summary."""
    builder = SummaryBuilder(groups, dated=dated, top=top, about=about)
    writer: _ParquetResults | _JsonlResults
    if outputs.format == "parquet":
        writer = _ParquetResults(outputs.results, groups, dated)
    else:
        writer = _JsonlResults(outputs.results)
    try:
        with open(outputs.rejects, "w", encoding="utf-8", newline="\n") as rejects:
            for row in rows:
                builder.add(row)
                if "reject" in row:
                    rejects.write(dumps(row) + "\n")
                else:
                    writer.add(result_record(row, groups, dated))
    finally:
        writer.close()
    summary = builder.result()
    outputs.summary_json.write_text(
        json.dumps(summary, indent=2, ensure_ascii=False, allow_nan=False) + "\n",
        encoding="utf-8",
    )
    outputs.summary_text.write_text(summary_text(summary), encoding="utf-8")
    outputs.summary_html.write_text(summary_html(summary), encoding="utf-8")
    return summary


def read_results(path: Path) -> Iterator[dict[str, Any]]:
    """The rows of a results file, either format (Parquet needs pyarrow)."""
    if path.suffix == ".parquet":
        import pyarrow.parquet as pq

        for batch in pq.ParquetFile(path).iter_batches():
            yield from batch.to_pylist()
        return
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            yield json.loads(line)
