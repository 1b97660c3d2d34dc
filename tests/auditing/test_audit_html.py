"""The audit's HTML page in a real browser (headless Chromium over a DevTools pipe, the
report's browser test helper): it runs no script, fetches nothing, logs nothing (a CSP
violation would), its stylesheet applies, and its three plots are drawn with the data
in them. Log text is hostile markup, so escaping is checked on the way."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from grounding_guard.auditing import audit
from grounding_guard.auditing.sample import sample_records
from test_report_browser import LOGS, PWNED, SCRIPT, Page, page  # noqa: F401  (the fixture)

HOSTILE = f"<img src=x onerror=\"document.title='{PWNED}'\">{SCRIPT}"


@pytest.fixture(scope="module")
def summary_page(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    """A 1,200-record audit whose model names, ids and answers carry hostile markup."""
    folder = tmp_path_factory.mktemp("audit")
    log = folder / "log.jsonl"
    with open(log, "wb") as handle:
        for n, record in enumerate(sample_records(1200)):
            if isinstance(record, dict):
                if record.get("model") == "gamma":
                    record["model"] = f"gamma {HOSTILE}"
                record["id"] = f"{record.get('id')} {HOSTILE}" if n % 5 == 0 else record.get("id")
                if "answer" in record and n % 7 == 0:
                    record["answer"] += f" Hostile {HOSTILE} claim."
                line = json.dumps(record).encode()
            else:
                line = record
            handle.write(line + b"\n")
    result = audit(
        log, folder / "out", workers=1, group_by=["model", "prompt_version"], progress=False
    )
    return result.summary_html, result.summary


def test_the_summary_page_is_inert_and_draws_its_plots(
    page: Page,  # noqa: F811  (the imported fixture)
    summary_page: tuple[Path, dict[str, Any]],
    tmp_path: Path,
) -> None:
    path, summary = summary_page
    loaded = page.open(path)
    ran = [e["params"] for e in loaded if e["method"] == "Debugger.scriptParsed"]
    assert not ran, f"scripts ran in the page: {ran}"
    assert page.js("document.title").startswith("grounding-guard audit: ")
    assert PWNED not in page.js("document.title")
    requests = [e["params"]["request"]["url"] for e in page.events("Network.requestWillBeSent")]
    assert requests == [page.url], f"requests beyond the page itself: {requests}"
    told = [e for e in page.events() if e["method"].startswith(LOGS)]
    assert not told, f"the page logged or threw (a CSP violation means it tried): {told}"
    dom = page.js(
        """({
        foreign: document.querySelectorAll('script,img,iframe,object,embed,link,base,[style]').length,
        handlers: [...document.querySelectorAll('*')].flatMap(
          el => [...el.attributes].map(a => a.name)).filter(n => n.startsWith('on')),
        sheets: document.styleSheets.length,
        styled: getComputedStyle(document.querySelector('.ga-total')).borderTopStyle,
      })"""
    )
    assert dom == {"foreign": 0, "handlers": [], "sheets": 1, "styled": "solid"}

    charts = page.js(
        """(() => { const box = s => { const r = document.querySelector(s).getBoundingClientRect();
          return [r.width, r.height]; };
        const bars = [...document.querySelectorAll('svg.ga-bars')];
        return {
          bars: bars.length,
          barRects: bars.map(s => s.querySelectorAll('rect.ga-bar').length),
          tallBars: [...document.querySelectorAll('rect.ga-bar')].filter(
            r => r.getBoundingClientRect().height > 1).length,
          barBox: box('svg.ga-bars'),
          codes: [...bars[0].querySelectorAll('text.ga-code')].map(t => t.textContent),
          bins: [...document.querySelectorAll('svg.ga-histogram rect.ga-bin')].map(
            r => [r.getBoundingClientRect().height, r.querySelector('title').textContent]),
          trendPoints: document.querySelectorAll('svg.ga-trend circle.ga-point').length,
          trendLines: [...document.querySelectorAll('svg.ga-trend polyline')].map(
            p => p.points.numberOfItems),
          trendBox: box('svg.ga-trend'),
          titles: [...document.querySelectorAll('svg.ga-chart > title')].map(t => t.textContent),
        }; })()"""
    )
    codes = list(summary["codes"])[:8]
    values = summary["groups"]["model"]
    assert charts["bars"] == 2  # one per group field
    assert charts["barRects"][0] == len(codes) * len(values)
    assert charts["tallBars"] > 0 and charts["barBox"][0] > 400 and charts["barBox"][1] > 200
    assert charts["codes"] == codes
    assert len(charts["bins"]) == 10
    for (height, title), item in zip(charts["bins"], summary["coverage_histogram"], strict=True):
        assert f"{item['answers']:,} answers" in title
        assert (height > 0) == (item["answers"] > 0)
    days = len(summary["trend"])
    assert days == 14
    assert charts["trendPoints"] == 2 * days and charts["trendLines"] == [days, days]
    assert charts["trendBox"][0] > 400
    assert len(charts["titles"]) == 4

    # hostile text reads back as text wherever it is shown
    legend = page.js(
        "[...document.querySelectorAll('svg.ga-bars')[0].querySelectorAll('text')].map(t => t.textContent)"
    )
    assert f"gamma {HOSTILE}"[:28] in legend
    cells = page.js("document.querySelector('#worst').textContent")
    assert HOSTILE in cells
    page.screenshot("audit-summary.png", tmp_path, full=True)
