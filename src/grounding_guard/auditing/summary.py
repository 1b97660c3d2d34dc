"""The audit's summary, built in one pass over the rows with bounded memory: counts of
records, rates per status and per reason code overall, by group and by day, a coverage
histogram, the worst answers first and the rejects by reason; as JSON-ready data and as
text. Rates are rounded to six places so two engines' summaries compare byte for byte.

Rates: ``unit_share`` of a status is its share of all units; ``answer_rate`` of a status
or code is the share of checked answers with at least one unit of it; ``clean_rate`` the
share of checked answers that are clean; ``mean_coverage`` is over checkable answers
(those with at least one claim).
"""

from __future__ import annotations

import heapq
from collections import Counter
from collections.abc import Sequence
from typing import Any, Final

from grounding_guard.auditing.checker import STATUSES

__all__ = ["BINS", "MAX_GROUP_VALUES", "SummaryBuilder", "summary_text"]

#: Coverage histogram bins: [0, 0.1), [0.1, 0.2), ..., [0.9, 1.0].
BINS: Final = 10
#: Distinct values kept per group field; the rest are counted under ``(other)``.
MAX_GROUP_VALUES: Final = 500
_OTHER: Final = "(other)"
_EXAMPLES: Final = 20  # reject examples kept
_WORST_UNITS: Final = 3  # failing units shown per worst answer


def _rate(part: int, whole: int) -> float:
    return round(part / whole, 6) if whole else 0.0


class _Bucket:
    """Totals over a set of checked answers (all of them, a group value or a day)."""

    __slots__ = (
        "answers",
        "blocked",
        "checkable",
        "clean",
        "code_answers",
        "code_units",
        "coverage",
        "status_answers",
        "status_units",
    )

    def __init__(self) -> None:
        self.answers = self.clean = self.checkable = self.blocked = 0
        self.coverage = 0.0
        self.status_units: Counter[str] = Counter()
        self.status_answers: Counter[str] = Counter()
        self.code_units: Counter[str] = Counter()
        self.code_answers: Counter[str] = Counter()

    def add(self, row: dict[str, Any]) -> None:
        self.answers += 1
        self.clean += bool(row["is_clean"])
        self.blocked += bool(row["blocked"])
        if row["checkable"]:
            self.checkable += 1
            self.coverage += row["coverage"]
        for status, count in row["counts"].items():
            if count:
                self.status_units[status] += count
                self.status_answers[status] += 1
        for code, count in row["codes"].items():
            self.code_units[code] += count
            self.code_answers[code] += 1

    def to_dict(self) -> dict[str, Any]:
        units = sum(self.status_units.values())
        codes = sorted(self.code_answers, key=lambda c: (-self.code_answers[c], c))
        return {
            "answers": self.answers,
            "clean": self.clean,
            "clean_rate": _rate(self.clean, self.answers),
            "checkable": self.checkable,
            "blocked": self.blocked,
            "mean_coverage": round(self.coverage / self.checkable, 6) if self.checkable else None,
            "units": units,
            "statuses": {
                s: {
                    "units": self.status_units[s],
                    "unit_share": _rate(self.status_units[s], units),
                    "answers": self.status_answers[s],
                    "answer_rate": _rate(self.status_answers[s], self.answers),
                }
                for s in STATUSES
            },
            "codes": {
                c: {
                    "units": self.code_units[c],
                    "answers": self.code_answers[c],
                    "answer_rate": _rate(self.code_answers[c], self.answers),
                }
                for c in codes
            },
        }


class SummaryBuilder:
    """``add(row)`` for every row in record order, then ``result()``."""

    def __init__(
        self,
        groups: Sequence[str] = (),
        *,
        dated: bool = False,
        top: int = 20,
        about: dict[str, Any] | None = None,
    ) -> None:
        self.groups = tuple(groups)
        self.dated = dated
        self.top = top
        self.about = about or {}
        self.read = self.checked = self.rejected = 0
        self.overall = _Bucket()
        self.by_group: dict[str, dict[str, _Bucket]] = {g: {} for g in self.groups}
        self.by_day: dict[str, _Bucket] = {}
        self.undated = 0
        self.histogram = [0] * BINS
        self.worst: list[tuple[tuple[int, float, int], dict[str, Any]]] = []  # a min-heap
        self.rejects: Counter[str] = Counter()
        self.examples: list[dict[str, Any]] = []

    def add(self, row: dict[str, Any]) -> None:
        """Count one row (verdicts or reject)."""
        self.read += 1
        if "reject" in row:
            self.rejected += 1
            self.rejects[row["reject"]] += 1
            if len(self.examples) < _EXAMPLES:
                keep = ("seq", "file", "line", "reject", "reason")
                self.examples.append({k: row[k] for k in keep})
            return
        self.checked += 1
        self.overall.add(row)
        for name in self.groups:
            values = self.by_group[name]
            value = row["groups"].get(name, "(none)")
            if value not in values and len(values) >= MAX_GROUP_VALUES:
                value = _OTHER
            values.setdefault(value, _Bucket()).add(row)
        if self.dated:
            day = row.get("date")
            if day is None:
                self.undated += 1
            else:
                self.by_day.setdefault(day, _Bucket()).add(row)
        if row["checkable"]:
            self.histogram[min(BINS - 1, int(row["coverage"] * BINS))] += 1
        if not row["is_clean"]:
            self._keep_worst(row)

    def _keep_worst(self, row: dict[str, Any]) -> None:
        # worse: more failing units, then lower coverage, then an earlier record
        badness = (len(row["failing"]), -row["coverage"], -row["seq"])
        if len(self.worst) < self.top:
            heapq.heappush(self.worst, (badness, _worst(row)))
        elif self.top and badness > self.worst[0][0]:
            heapq.heapreplace(self.worst, (badness, _worst(row)))

    def result(self) -> dict[str, Any]:
        """The summary as JSON-ready data (see the module docstring for the rates)."""
        out: dict[str, Any] = {
            "records": {"read": self.read, "checked": self.checked, "rejected": self.rejected},
            **self.overall.to_dict(),
            "coverage_histogram": [
                {"low": round(i / BINS, 2), "high": round((i + 1) / BINS, 2), "answers": n}
                for i, n in enumerate(self.histogram)
            ],
            "groups": {
                name: [
                    {"value": value, **bucket.to_dict()}
                    for value, bucket in sorted(
                        values.items(), key=lambda item: (-item[1].answers, item[0])
                    )
                ]
                for name, values in self.by_group.items()
            },
            "worst": [row for _, row in sorted(self.worst, key=lambda item: item[0], reverse=True)],
            "rejects": dict(sorted(self.rejects.items(), key=lambda item: (-item[1], item[0]))),
            "reject_examples": self.examples,
        }
        if self.dated:
            out["trend"] = [
                {"date": day, **self.by_day[day].to_dict()} for day in sorted(self.by_day)
            ]
            out["undated"] = self.undated
        out["about"] = self.about
        return out


def _worst(row: dict[str, Any]) -> dict[str, Any]:
    failing = row["failing"]
    return {
        "seq": row["seq"],
        "id": row["id"],
        "file": row["file"],
        "line": row["line"],
        "groups": row["groups"],
        "date": row.get("date"),
        "failing_units": len(failing),
        "coverage": round(row["coverage"], 6),
        "counts": row["counts"],
        "units": [
            {
                "index": u["index"],
                "status": u["status"],
                "codes": u["codes"],
                "span": u["span"],
                "text": u["text"][:300],
            }
            for u in failing[:_WORST_UNITS]
        ],
    }


# ---- text ------------------------------------------------------------------------------------


def _pct(rate: float | None) -> str:
    return "-" if rate is None else f"{100 * rate:.1f}%"


def summary_text(summary: dict[str, Any], *, codes: int = 10, worst: int = 10) -> str:
    """The summary for a terminal or a log: totals, statuses, codes, groups, trend, worst."""
    records = summary["records"]
    lines = [
        f"audit: {records['read']:,} records read, {records['checked']:,} checked, "
        f"{records['rejected']:,} rejected",
        f"clean answers: {summary['clean']:,} of {summary['answers']:,} "
        f"({_pct(summary['clean_rate'])}); mean coverage {_pct(summary['mean_coverage'])} "
        f"over {summary['checkable']:,} checkable answers",
        "",
        f"{'status':<14}{'units':>9}{'share':>9}{'answers':>10}{'rate':>9}",
    ]
    for status, row in summary["statuses"].items():
        lines.append(
            f"{status:<14}{row['units']:>9,}{_pct(row['unit_share']):>9}"
            f"{row['answers']:>10,}{_pct(row['answer_rate']):>9}"
        )
    if summary["codes"]:
        lines += ["", f"{'reason code':<28}{'units':>9}{'answers':>10}{'rate':>9}"]
        for code, row in list(summary["codes"].items())[:codes]:
            lines.append(
                f"{code:<28}{row['units']:>9,}{row['answers']:>10,}{_pct(row['answer_rate']):>9}"
            )
        if len(summary["codes"]) > codes:
            lines.append(f"... {len(summary['codes']) - codes} more codes in summary.json")
    for name, values in summary["groups"].items():
        lines += ["", f"by {name}:", f"  {'value':<24}{'answers':>9}{'clean':>9}{'coverage':>10}"]
        for item in values[:20]:
            lines.append(
                f"  {item['value'][:24]:<24}{item['answers']:>9,}{_pct(item['clean_rate']):>9}"
                f"{_pct(item['mean_coverage']):>10}  {_top_codes(item)}"
            )
        if len(values) > 20:
            lines.append(f"  ... {len(values) - 20} more values in summary.json")
    if summary.get("trend"):
        lines += ["", "by day:", f"  {'date':<12}{'answers':>9}{'clean':>9}{'coverage':>10}"]
        for item in summary["trend"]:
            lines.append(
                f"  {item['date']:<12}{item['answers']:>9,}{_pct(item['clean_rate']):>9}"
                f"{_pct(item['mean_coverage']):>10}"
            )
    if summary["worst"]:
        lines += ["", "worst answers:"]
        for item in summary["worst"][:worst]:
            codes_seen = sorted({c for u in item["units"] for c in u["codes"]})
            lines.append(
                f"  {item['id']} ({item['file']}:{item['line']}): {item['failing_units']} "
                f"failing, coverage {_pct(item['coverage'])}: {', '.join(codes_seen)}"
            )
    if summary["rejects"]:
        lines += ["", "rejects:"]
        lines += [f"  {code:<20}{count:>9,}" for code, count in summary["rejects"].items()]
    return "\n".join(lines) + "\n"


def _top_codes(item: dict[str, Any], n: int = 3) -> str:
    return ", ".join(f"{c} {_pct(v['answer_rate'])}" for c, v in list(item["codes"].items())[:n])
