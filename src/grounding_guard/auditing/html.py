"""The audit summary as one standalone HTML page: totals, status and code tables, plots
drawn as inline SVG (reason codes by group, the coverage histogram, and a trend over
days when a date is mapped), groups, the worst answers and the rejects.

Like the report page it holds no script and loads nothing: a Content-Security-Policy
(``default-src 'none'``, only its own stylesheet by hash) keeps it inert, and every text
from the logs is escaped. The plots are plain SVG elements styled by attributes and the
page's stylesheet, so they draw under that policy.
"""

from __future__ import annotations

import base64
import hashlib
from html import escape
from typing import Any, Final

__all__ = ["CSP", "summary_html"]

_CSS: Final = """
body{margin:1.5rem;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;
  color:#1f2328;line-height:1.45}
main{max-width:70rem}
h1{font-size:1.5rem;margin:0 0 .5rem}
h2{font-size:1.15rem;margin:1.6rem 0 .5rem;border-bottom:1px solid #d0d7de;padding-bottom:.2rem}
h3{font-size:1rem;margin:1rem 0 .3rem}
.ga-totals{display:flex;flex-wrap:wrap;gap:.6rem;margin:.6rem 0}
.ga-total{border:1px solid #d0d7de;border-radius:.4rem;padding:.4rem .8rem;background:#f6f8fa}
.ga-total b{display:block;font-size:1.3rem}
table{border-collapse:collapse;font-size:.9rem;margin:.3rem 0}
th,td{border-bottom:1px solid #eaeef2;padding:.25rem .6rem;text-align:left;vertical-align:top}
td.ga-n,th.ga-n{text-align:right;font-variant-numeric:tabular-nums}
td.ga-text{max-width:36rem;overflow-wrap:anywhere;unicode-bidi:isolate}
code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.85rem}
.ga-chart{display:block;max-width:100%;height:auto;margin:.4rem 0}
.ga-chart text{font-size:11px;fill:#59636e}
.ga-chart .ga-title{font-size:12px;fill:#1f2328}
.ga-axis{stroke:#8c959f;stroke-width:1}
.ga-grid{stroke:#eaeef2;stroke-width:1}
.ga-line{fill:none;stroke-width:2}
.ga-note{color:#59636e;font-size:.85rem}
""".strip()

#: The page's one ``style`` element, byte for byte: the CSP names it by its hash.
_PAGE_STYLE: Final = f"\n{_CSS}\n"
#: Content-Security-Policy of the page: nothing loads, no script runs, no form posts.
CSP: Final = (
    "default-src 'none'; style-src 'sha256-"
    + base64.b64encode(hashlib.sha256(_PAGE_STYLE.encode("utf-8")).digest()).decode("ascii")
    + "'; base-uri 'none'; form-action 'none'"
)
#: Bar colours, one per group value (colour-blind safe, Okabe-Ito).
PALETTE: Final = ("#0072b2", "#e69f00", "#009e73", "#cc79a7", "#56b4e9", "#d55e00")
_STATUS_COLOURS: Final = {
    "grounded": "#1a7f37",
    "placeholder": "#9a6700",
    "ungrounded": "#bf8700",
    "invalid": "#cf222e",
    "contradicted": "#8250df",
    "skipped": "#8c959f",
}
_CODES_SHOWN: Final = 8
_VALUES_SHOWN: Final = len(PALETTE)


def _e(text: object) -> str:
    return escape(str(text), quote=True)


def _pct(rate: float | None) -> str:
    return "-" if rate is None else f"{100 * rate:.1f}%"


def _n(value: float) -> str:
    """A coordinate with at most one decimal (the same text for the same value)."""
    return f"{value:.1f}".rstrip("0").rstrip(".")


# ---- plots -----------------------------------------------------------------------------------

_W: Final = 880
_H: Final = 300
_LEFT, _RIGHT, _TOP, _BOTTOM = 48, 16, 28, 64


def _frame(kind: str, label: str, body: list[str], height: int = _H) -> str:
    return (
        f'<svg class="ga-chart ga-{kind}" role="img" aria-label="{_e(label)}" '
        f'viewBox="0 0 {_W} {height}" width="{_W}" height="{height}" '
        f'xmlns="http://www.w3.org/2000/svg"><title>{_e(label)}</title>' + "".join(body) + "</svg>"
    )


def _y_axis(top: float, unit: str, height: int = _H) -> list[str]:
    """Grid lines and labels for 0..``top`` (``unit``: "%" for rates, "" for counts)."""
    out = []
    inner = height - _TOP - _BOTTOM
    for k in range(5):
        value = top * k / 4
        y = height - _BOTTOM - inner * k / 4
        out.append(
            f'<line class="ga-grid" x1="{_LEFT}" x2="{_W - _RIGHT}" y1="{_n(y)}" y2="{_n(y)}"/>'
        )
        text = f"{100 * value:.0f}%" if unit == "%" else f"{value:,.0f}"
        out.append(f'<text x="{_LEFT - 6}" y="{_n(y + 4)}" text-anchor="end">{text}</text>')
    base = height - _BOTTOM
    out.append(f'<line class="ga-axis" x1="{_LEFT}" x2="{_W - _RIGHT}" y1="{base}" y2="{base}"/>')
    return out


def _nice(top: float, rate: bool) -> float:
    if top <= 0:
        return 1.0 if rate else 4.0
    if rate:
        for step in (0.05, 0.1, 0.2, 0.25, 0.5, 1.0):
            if top <= step:
                return step
        return 1.0
    magnitude = 10 ** (len(str(int(top))) - 1)
    for factor in (1, 2, 4, 5, 10):
        if top <= factor * magnitude:
            return float(max(4, factor * magnitude))
    return float(top)


def codes_by_group_svg(name: str, values: list[dict[str, Any]], codes: list[str]) -> str:
    """Grouped bars: for each reason code, the share of answers carrying it per group value."""
    values = values[:_VALUES_SHOWN]
    codes = codes[:_CODES_SHOWN]
    label = f"Share of answers with each reason code, by {name}"
    rates = [[v["codes"].get(c, {}).get("answer_rate", 0.0) for v in values] for c in codes]
    top = _nice(max((r for row in rates for r in row), default=0.0), rate=True)
    body = _y_axis(top, "%")
    inner_w = _W - _LEFT - _RIGHT
    inner_h = _H - _TOP - _BOTTOM
    slot = inner_w / max(1, len(codes))
    bar = min(28.0, (slot - 12) / max(1, len(values)))
    for i, code in enumerate(codes):
        x0 = _LEFT + i * slot + (slot - bar * len(values)) / 2
        for j, value in enumerate(values):
            rate = rates[i][j]
            h = inner_h * rate / top
            x, y = x0 + j * bar, _H - _BOTTOM - h
            tip = f"{name}={value['value']}: {code} in {_pct(rate)} of answers"
            body.append(
                f'<rect class="ga-bar" x="{_n(x)}" y="{_n(y)}" width="{_n(bar - 2)}" '
                f'height="{_n(h)}" fill="{PALETTE[j]}"><title>{_e(tip)}</title></rect>'
            )
        cx = _LEFT + i * slot + slot / 2
        body.append(
            f'<text class="ga-code" x="{_n(cx)}" y="{_H - _BOTTOM + 16}" text-anchor="middle">'
            f"{_e(code)}</text>"
        )
    x, row = float(_LEFT), 0
    for j, value in enumerate(values):
        text = f"{value['value']}"[:28]
        width = 24 + 7 * len(text)
        if x > _LEFT and x + width > _W - _RIGHT:  # the legend wraps to another line
            x, row = float(_LEFT), row + 1
        y = _H - 22 + 16 * row
        body.append(
            f'<rect class="ga-key" x="{_n(x)}" y="{y}" width="10" height="10" '
            f'fill="{PALETTE[j]}"/><text x="{_n(x + 14)}" y="{y + 9}">{_e(text)}</text>'
        )
        x += width
    body.insert(0, f'<text class="ga-title" x="{_LEFT}" y="16">{_e(label)}</text>')
    return _frame("bars", label, body, height=_H + 16 * row)


def histogram_svg(bins: list[dict[str, Any]]) -> str:
    """Coverage histogram: checkable answers per tenth of coverage."""
    label = "Answers by coverage (share of claim units grounded)"
    top = _nice(max((b["answers"] for b in bins), default=0), rate=False)
    body = _y_axis(top, "")
    inner_w = _W - _LEFT - _RIGHT
    inner_h = _H - _TOP - _BOTTOM
    slot = inner_w / max(1, len(bins))
    for i, item in enumerate(bins):
        h = inner_h * item["answers"] / top
        x, y = _LEFT + i * slot + 2, _H - _BOTTOM - h
        last = i == len(bins) - 1
        span = f"{item['low']:.1f}–{item['high']:.1f}" + ("" if last else " (excl.)")
        tip = f"coverage {span}: {item['answers']:,} answers"
        body.append(
            f'<rect class="ga-bin" x="{_n(x)}" y="{_n(y)}" width="{_n(slot - 4)}" '
            f'height="{_n(h)}" fill="{PALETTE[0]}"><title>{_e(tip)}</title></rect>'
        )
        body.append(
            f'<text x="{_n(_LEFT + i * slot)}" y="{_H - _BOTTOM + 16}" text-anchor="middle">'
            f"{item['low']:.1f}</text>"
        )
    body.append(
        f'<text x="{_W - _RIGHT}" y="{_H - _BOTTOM + 16}" text-anchor="end">1.0</text>'
        f'<text x="{_n(_LEFT + inner_w / 2)}" y="{_H - 22}" text-anchor="middle">coverage</text>'
    )
    body.insert(0, f'<text class="ga-title" x="{_LEFT}" y="16">{_e(label)}</text>')
    return _frame("histogram", label, body)


def trend_svg(trend: list[dict[str, Any]]) -> str:
    """Clean rate and mean coverage per day, as two lines with a point per day."""
    label = "Clean answers and mean coverage per day"
    body = _y_axis(1.0, "%")
    inner_w = _W - _LEFT - _RIGHT
    inner_h = _H - _TOP - _BOTTOM
    step = inner_w / max(1, len(trend) - 1)
    series = (
        ("clean_rate", "clean answers", PALETTE[0]),
        ("mean_coverage", "coverage", PALETTE[1]),
    )
    for key, name, colour in series:
        points = []
        for i, day in enumerate(trend):
            rate = day[key]
            if rate is None:
                continue
            x = _LEFT + (i * step if len(trend) > 1 else inner_w / 2)
            y = _H - _BOTTOM - inner_h * rate
            points.append((x, y, f"{day['date']}: {name} {_pct(rate)} of {day['answers']:,}"))
        if len(points) > 1:
            path = " ".join(f"{_n(x)},{_n(y)}" for x, y, _ in points)
            body.append(f'<polyline class="ga-line ga-{key}" points="{path}" stroke="{colour}"/>')
        for x, y, tip in points:
            body.append(
                f'<circle class="ga-point" cx="{_n(x)}" cy="{_n(y)}" r="3.5" fill="{colour}">'
                f"<title>{_e(tip)}</title></circle>"
            )
    every = max(1, len(trend) // 8)
    for i, day in enumerate(trend):
        if i % every == 0 or i == len(trend) - 1:
            x = _LEFT + (i * step if len(trend) > 1 else inner_w / 2)
            body.append(
                f'<text x="{_n(x)}" y="{_H - _BOTTOM + 16}" text-anchor="middle">'
                f"{_e(day['date'])}</text>"
            )
    x = float(_LEFT)
    for _, name, colour in series:
        body.append(
            f'<rect class="ga-key" x="{_n(x)}" y="{_H - 22}" width="10" height="10" '
            f'fill="{colour}"/><text x="{_n(x + 14)}" y="{_H - 13}">{_e(name)}</text>'
        )
        x += 120
    body.insert(0, f'<text class="ga-title" x="{_LEFT}" y="16">{_e(label)}</text>')
    return _frame("trend", label, body)


# ---- tables ----------------------------------------------------------------------------------


def _table(head: list[str], rows: list[list[str]], numeric: set[int]) -> str:
    def cell(tag: str, i: int, text: str) -> str:
        cls = ' class="ga-n"' if i in numeric else ""
        return f"<{tag}{cls}>{text}</{tag}>"

    out = ["<table><thead><tr>", *(cell("th", i, _e(h)) for i, h in enumerate(head))]
    out.append("</tr></thead><tbody>")
    for row in rows:
        out.append("<tr>" + "".join(cell("td", i, c) for i, c in enumerate(row)) + "</tr>")
    out.append("</tbody></table>")
    return "".join(out)


def _statuses(summary: dict[str, Any]) -> str:
    rows = [
        [
            f'<svg class="ga-swatch" width="10" height="10"><rect width="10" height="10" '
            f'fill="{_STATUS_COLOURS.get(status, "#8c959f")}"/></svg> {_e(status)}',
            f"{row['units']:,}",
            _pct(row["unit_share"]),
            f"{row['answers']:,}",
            _pct(row["answer_rate"]),
        ]
        for status, row in summary["statuses"].items()
    ]
    return _table(
        ["status", "units", "share of units", "answers", "share of answers"], rows, {1, 2, 3, 4}
    )


def _codes(summary: dict[str, Any]) -> str:
    if not summary["codes"]:
        return '<p class="ga-note">No reason codes.</p>'
    rows = [
        [
            f"<code>{_e(code)}</code>",
            f"{row['units']:,}",
            f"{row['answers']:,}",
            _pct(row["answer_rate"]),
        ]
        for code, row in summary["codes"].items()
    ]
    return _table(["reason code", "units", "answers", "share of answers"], rows, {1, 2, 3})


def _group_table(values: list[dict[str, Any]]) -> str:
    rows = [
        [
            _e(item["value"]),
            f"{item['answers']:,}",
            _pct(item["clean_rate"]),
            _pct(item["mean_coverage"]),
            ", ".join(
                f"<code>{_e(c)}</code> {_pct(v['answer_rate'])}"
                for c, v in list(item["codes"].items())[:4]
            ),
        ]
        for item in values[:50]
    ]
    return _table(
        ["value", "answers", "clean", "mean coverage", "top reason codes"], rows, {1, 2, 3}
    )


def _worst(summary: dict[str, Any]) -> str:
    if not summary["worst"]:
        return '<p class="ga-note">Every checked answer is clean.</p>'
    rows = []
    for item in summary["worst"]:
        units = "".join(
            f"<div>[{_e(u['status'])}] {_e(u['text'])} "
            f"<code>{_e(', '.join(u['codes']))}</code> "
            f'<span class="ga-note">@{u["span"]["start"]}–{u["span"]["end"]}</span></div>'
            for u in item["units"]
        )
        rows.append(
            [
                f'<code>{_e(item["id"])}</code><div class="ga-note">{_e(item["file"])}:'
                f"{item['line']}</div>",
                f"{item['failing_units']:,}",
                _pct(item["coverage"]),
                units,
            ]
        )
    html = _table(["answer", "failing units", "coverage", "failing units (first 3)"], rows, {1, 2})
    return html.replace("<td>", '<td class="ga-text">')


def _rejects(summary: dict[str, Any]) -> str:
    if not summary["rejects"]:
        return '<p class="ga-note">No record was rejected.</p>'
    counts = _table(
        ["reason", "records"],
        [[f"<code>{_e(c)}</code>", f"{n:,}"] for c, n in summary["rejects"].items()],
        {1},
    )
    examples = _table(
        ["file", "line", "reason"],
        [
            [_e(x["file"]), str(x["line"]), f"<code>{_e(x['reject'])}</code> {_e(x['reason'])}"]
            for x in summary["reject_examples"]
        ],
        {1},
    )
    return counts + "<h3>First rejects</h3>" + examples.replace("<td>", '<td class="ga-text">')


# ---- the page --------------------------------------------------------------------------------


def _total(label: str, value: str) -> str:
    return f'<div class="ga-total"><b>{_e(value)}</b>{_e(label)}</div>'


def summary_html(summary: dict[str, Any]) -> str:
    """The summary (``SummaryBuilder.result()``) as a standalone, script-free HTML page."""
    records = summary["records"]
    title = (
        f"grounding-guard audit: {records['checked']:,} answers checked, "
        f"{_pct(summary['clean_rate'])} clean"
    )
    parts = [
        f"<h1>{_e(title)}</h1>",
        '<div class="ga-totals">',
        _total("records read", f"{records['read']:,}"),
        _total("checked", f"{records['checked']:,}"),
        _total("rejected", f"{records['rejected']:,}"),
        _total("clean answers", _pct(summary["clean_rate"])),
        _total("mean coverage", _pct(summary["mean_coverage"])),
        "</div>",
        '<section id="statuses"><h2>Statuses</h2>',
        _statuses(summary),
        "</section>",
        '<section id="codes"><h2>Reason codes</h2>',
        _codes(summary),
        "</section>",
    ]
    codes = list(summary["codes"])
    for name, values in summary["groups"].items():
        parts += [
            f'<section class="ga-group"><h2>By {_e(name)}</h2>',
            codes_by_group_svg(name, values, codes) if codes and values else "",
            _group_table(values),
            "</section>",
        ]
    parts += ['<section id="coverage"><h2>Coverage</h2>']
    parts.append(histogram_svg(summary["coverage_histogram"]))
    parts.append("</section>")
    if "trend" in summary:
        parts.append('<section id="trend"><h2>Over time</h2>')
        if summary["trend"]:
            parts.append(trend_svg(summary["trend"]))
        undated = summary.get("undated", 0)
        if undated:
            parts.append(f'<p class="ga-note">{undated:,} answers carry no readable date.</p>')
        parts.append("</section>")
    parts += [
        '<section id="worst"><h2>Worst answers first</h2>',
        _worst(summary),
        "</section>",
        '<section id="rejects"><h2>Rejects</h2>',
        _rejects(summary),
        "</section>",
    ]
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f'<meta http-equiv="Content-Security-Policy" content="{CSP}">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{_e(title)}</title>\n<style>{_PAGE_STYLE}</style>\n</head>\n<body>\n"
        "<main>" + "".join(parts) + "</main>\n</body>\n</html>\n"
    )
