"""The HTML report in a real browser: headless Chromium, driven over the DevTools protocol.

Chromium talks to this process over two pipes (``--remote-debugging-pipe``: it reads
commands on fd 3 and writes replies on fd 4, each a JSON text ending in NUL), so no
socket or port is opened; its host resolver maps every name to nothing besides. The
page under test is a report whose answer, evidence, ids and reasons are all hostile
markup. The tests check that no script runs and no request leaves, that every unit's
reasons show on hover and on keyboard focus inside the viewport (near its bottom too),
that evidence highlights and units link to each other, and that the page's CSP stops
what a broken escaper would let through. Screenshots go under ``tmp_path`` and, when
``GG_SCREENSHOT_DIR`` is set, there too.

Chromium must be installed: ``apt-get install chromium`` (scripts/check.sh does it), or
``GG_CHROMIUM`` names a Chromium or Chrome binary. Without one these tests fail.
"""

from __future__ import annotations

import base64
import contextlib
import fcntl
import hashlib
import json
import math
import os
import re
import select
import shutil
import signal
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from grounding_guard.report import summary_line, to_html
from grounding_guard.types import (
    FAILING_BY_DEFAULT,
    Evidence,
    Kind,
    Reason,
    Report,
    Span,
    Status,
    Support,
    Unit,
)

CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
INSTALL_HINT = (
    "The HTML report's browser test needs headless Chromium and found none on PATH "
    f"(looked for {', '.join(CHROMIUM_NAMES)}). Install it: `apt-get install -y chromium` "
    "(Debian/Ubuntu; scripts/check.sh does this when it runs as root), or set GG_CHROMIUM "
    "to a Chromium or Chrome binary."
)
WIDTH, HEIGHT = 1000, 700  # the viewport, in CSS pixels
PWNED = "pwned"  # what every hostile payload tries to write into the page
LOGS = ("Log.", "Runtime.consoleAPICalled", "Runtime.exceptionThrown")  # a page that speaks


def chromium() -> str:
    """The Chromium binary to drive; fails the test, saying how to install one, if none."""
    named = os.environ.get("GG_CHROMIUM")
    if named:
        found = shutil.which(named)
        if not found:
            pytest.fail(
                f"GG_CHROMIUM={named!r} is not an executable. {INSTALL_HINT}", pytrace=False
            )
        return found
    for name in CHROMIUM_NAMES:
        found = shutil.which(name)
        if found:
            return behind_launcher(found, name)
    pytest.fail(INSTALL_HINT, pytrace=False)


def behind_launcher(found: str, name: str) -> str:
    """The browser binary a distribution's shell launcher would start, else ``found``.

    Debian's ``/usr/bin/chromium`` is a shell script that sources ``/etc/chromium.d``; one
    of those snippets failed on CI's machine (``[: 25275973632: unexpected operator``), and
    that Chromium never answered. The binary itself needs none of the launcher's flags.
    """
    with open(found, "rb") as head:
        if head.read(2) != b"#!":
            return found
    for binary in (f"/usr/lib/{name}/{name}", f"/usr/lib/{name}/chrome"):
        if os.access(binary, os.X_OK):
            return binary
    return found


# ---- a DevTools protocol client over a pipe ----------------------------------------------


class Browser:
    """One headless Chromium process and its DevTools pipe; events are kept in order."""

    def __init__(self, binary: str, workdir: Path) -> None:
        workdir.mkdir(parents=True, exist_ok=True)
        to_chromium, ours_w = os.pipe()
        ours_r, from_chromium = os.pipe()
        # keep the child's ends above fd 4, so moving them onto fds 3 and 4 clobbers neither
        high = [fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, 10) for fd in (to_chromium, from_chromium)]
        os.close(to_chromium)
        os.close(from_chromium)
        self.log = workdir / "chromium.log"
        log = os.open(self.log, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        args = [
            binary,
            "--headless",
            "--remote-debugging-pipe",
            "--no-sandbox",  # CI runs as root, where Chromium's sandbox refuses to start
            "--disable-gpu",
            "--disable-dev-shm-usage",  # a small or odd /dev/shm must not stall the renderer
            "--no-first-run",
            "--no-default-browser-check",
            "--disable-extensions",
            "--disable-sync",
            "--disable-background-networking",
            "--disable-component-update",
            "--host-resolver-rules=MAP * ~NOTFOUND",
            # a tab the test drives may count as hidden: never throttle or defer its work
            "--disable-background-timer-throttling",
            "--disable-backgrounding-occluded-windows",
            "--disable-renderer-backgrounding",
            "--force-device-scale-factor=1",
            f"--user-data-dir={workdir / 'profile'}",
            "about:blank",
        ]
        try:
            self.pid = os.posix_spawn(
                binary,
                args,
                os.environ,
                file_actions=[
                    (os.POSIX_SPAWN_OPEN, 0, os.devnull, os.O_RDONLY, 0),
                    (os.POSIX_SPAWN_DUP2, log, 1),
                    (os.POSIX_SPAWN_DUP2, log, 2),
                    (os.POSIX_SPAWN_DUP2, high[0], 3),
                    (os.POSIX_SPAWN_DUP2, high[1], 4),
                ],
                setsid=True,  # its own process group, so cleanup reaches its helpers only
            )
        finally:
            for fd in (*high, log):
                os.close(fd)
        self.write, self.read = ours_w, ours_r
        self.buffer = b""
        self.inbox: list[dict[str, Any]] = []
        self.last_id = 0
        self.events: list[dict[str, Any]] = []

    def call(
        self,
        method: str,
        params: dict[str, Any] | None = None,
        session: str | None = None,
        wait: float = 30,
    ) -> dict[str, Any]:
        """Send one command and return its result; events that arrive meanwhile are kept."""
        self.last_id += 1
        message: dict[str, Any] = {"id": self.last_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self.write, json.dumps(message).encode("utf-8") + b"\0")
        deadline = time.monotonic() + wait
        while True:
            reply = self._next(deadline)
            if reply.get("id") == self.last_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                result: dict[str, Any] = reply["result"]
                return result
            self._keep(reply)

    def wait_for(self, method: str, session: str, since: int) -> dict[str, Any]:
        """The first event ``method`` of ``session`` at or after ``self.events[since]``."""
        deadline = time.monotonic() + 30
        while True:
            for event in self.events[since:]:
                if event["method"] == method and event.get("sessionId") == session:
                    return event
            since = len(self.events)
            self._keep(self._next(deadline))

    def _keep(self, event: dict[str, Any]) -> None:
        if event.get("method") == "Page.javascriptDialogOpening":
            # a script ran alert() or the like: the page now hangs, so stop at once
            raise AssertionError(f"a script in the page opened a dialog: {event['params']}")
        self.events.append(event)

    def _next(self, deadline: float) -> dict[str, Any]:
        """The next message from Chromium, read in order (one read may bring several)."""
        if not self.inbox:
            self.inbox = self._receive(deadline)
        return self.inbox.pop(0)

    def _receive(self, deadline: float) -> list[dict[str, Any]]:
        while b"\0" not in self.buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                seen = [e["method"] for e in self.events[-15:]]
                raise TimeoutError(f"no reply from Chromium (events: {seen}). {self._log_tail()}")
            if select.select([self.read], [], [], left)[0]:
                chunk = os.read(self.read, 1 << 20)
                if not chunk:
                    raise EOFError(f"Chromium closed its pipe. {self._log_tail()}")
                self.buffer += chunk
        *messages, self.buffer = self.buffer.split(b"\0")
        return [json.loads(m) for m in messages]

    def _log_tail(self) -> str:
        lines = self.log.read_text(errors="replace").splitlines()[-20:]
        return f"The end of its log ({self.log}):\n" + "\n".join(lines)

    def close(self) -> None:
        """Ask Chromium to quit, wait for it, and kill its process group if it lingers."""
        with contextlib.suppress(OSError, RuntimeError, TimeoutError, EOFError):
            self.call("Browser.close")
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and os.waitpid(self.pid, os.WNOHANG) == (0, 0):
            time.sleep(0.05)
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.pid, signal.SIGKILL)  # the group we started, helpers included
        with contextlib.suppress(ChildProcessError):
            os.waitpid(self.pid, 0)
        os.close(self.write)
        os.close(self.read)


class Page:
    """One tab, attached with its own session, with the domains the checks listen to."""

    def __init__(self, browser: Browser) -> None:
        self.browser = browser
        targets = browser.call("Target.getTargets")["targetInfos"]
        pages = [t["targetId"] for t in targets if t["type"] == "page"]
        if not pages:
            pages = [browser.call("Target.createTarget", {"url": "about:blank"})["targetId"]]
        self.target: str = pages[0]
        self.session: str = browser.call(
            "Target.attachToTarget", {"targetId": self.target, "flatten": True}
        )["sessionId"]
        for domain in ("Page", "Network", "Runtime", "Log", "Debugger"):
            self.call(f"{domain}.enable")
        self.call("Page.bringToFront")
        self.resize(HEIGHT)
        self.start = len(browser.events)
        self.url = ""

    def call(self, method: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
        return self.browser.call(method, params, self.session)

    def open(self, path: Path) -> list[dict[str, Any]]:
        """Load ``path`` and return the events up to its load, before the test runs any JS."""
        self.url = path.as_uri()
        self.start = len(self.browser.events)
        self.call("Page.navigate", {"url": self.url})
        self.browser.wait_for("Page.loadEventFired", self.session, self.start)
        return self.events()

    def events(self, method: str = "") -> list[dict[str, Any]]:
        return [
            e
            for e in self.browser.events[self.start :]
            if e.get("sessionId") == self.session and e["method"].startswith(method)
        ]

    def js(self, expression: str) -> Any:
        """Evaluate ``expression`` for the test (DevTools runs it whatever the page's CSP)."""
        params = {"expression": expression, "returnByValue": True, "awaitPromise": True}
        reply = self.call("Runtime.evaluate", params)
        if "exceptionDetails" in reply:
            raise AssertionError(f"{expression}: {reply['exceptionDetails']}")
        return reply["result"].get("value")

    def mouse(self, x: float, y: float) -> None:
        self.call("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": x, "y": y})

    def resize(self, height: int) -> None:
        """Make the viewport ``height`` CSS pixels tall (and ``WIDTH`` wide)."""
        self.call(
            "Emulation.setDeviceMetricsOverride",
            {"width": WIDTH, "height": height, "deviceScaleFactor": 1, "mobile": False},
        )

    def click(self, x: float, y: float) -> None:
        for kind in ("mouseMoved", "mousePressed", "mouseReleased"):
            params = {"type": kind, "x": x, "y": y, "button": "left", "clickCount": 1}
            self.call("Input.dispatchMouseEvent", params)

    def tab(self) -> None:
        key = {"key": "Tab", "code": "Tab", "windowsVirtualKeyCode": 9}
        self.call("Input.dispatchKeyEvent", {"type": "rawKeyDown", **key})
        self.call("Input.dispatchKeyEvent", {"type": "keyUp", **key})

    def screenshot(self, name: str, folder: Path, *, full: bool = False) -> Path:
        """Save a PNG of the viewport (or the whole page) under ``folder`` and the env's."""
        if full:  # a viewport as tall as the page, then the one the tests use
            self.resize(self.js("document.documentElement.scrollHeight"))
        png = base64.b64decode(self.call("Page.captureScreenshot", {"format": "png"})["data"])
        if full:
            self.resize(HEIGHT)
        folders = [folder]
        if os.environ.get("GG_SCREENSHOT_DIR"):
            folders.append(Path(os.environ["GG_SCREENSHOT_DIR"]))
        for where in folders:
            where.mkdir(parents=True, exist_ok=True)
            (where / name).write_bytes(png)
        assert png.startswith(b"\x89PNG")
        return folder / name


@pytest.fixture
def page(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Page]:
    """The tab of a Chromium of its own, so nothing one test leaves behind meets the next."""
    browser = started(chromium(), tmp_path_factory)
    try:
        yield Page(browser)
    finally:
        browser.close()


def started(binary: str, tmp_path_factory: pytest.TempPathFactory) -> Browser:
    """A Chromium that has answered; a start that stays silent is retried once.

    A cold start on a loaded CI machine once took past the 30 s a command gets (the log held
    nothing of Chromium's), so the first answer is awaited longer, and a second, fresh
    process is tried before the test fails with both logs' ends.
    """
    failures: list[str] = []
    for _ in range(2):
        browser = Browser(binary, tmp_path_factory.mktemp("chromium"))
        try:
            version = browser.call("Browser.getVersion", wait=90)
        except (TimeoutError, EOFError) as error:
            failures.append(str(error))
            browser.close()
            continue
        assert "Chrome" in version["product"], version
        return browser
    raise TimeoutError("Chromium did not start, twice:\n" + "\n".join(failures))


# ---- the hostile report ------------------------------------------------------------------

SCRIPT = f'<script>document.title="{PWNED}";document.body.dataset.{PWNED}=1</script>'
IMG = f"<img src=x onerror=\"document.title='{PWNED}'\">"
LINK = f"<a href=\"javascript:document.title='{PWNED}'\">click me</a>"
STYLE = "</style><style>body{display:none}*{background:url(http://gg.invalid/css)}</style>"
QUOTES = f"\" onmouseover=\"document.title='{PWNED}'\" x=' autofocus onfocus='alert(1)'"
BIDI = "\u2067isolate \u202eoverride\u202c \u202eand override left open"  # RLI, RLO unclosed
ELSEWHERE = (
    '<meta http-equiv="refresh" content="0;url=http://gg.invalid/"><base href="http://gg.invalid/">'
    '<iframe src="http://gg.invalid/"></iframe><link rel=stylesheet href="http://gg.invalid/x.css">'
    "<svg onload=alert(1)></svg><object data=http://gg.invalid/o></object>"
)

UNITS: list[tuple[str, Status, str]] = [
    # (text, status, what the unit's reasons or support point at in the evidence)
    (f"# A heading {SCRIPT}", Status.SKIPPED, ""),
    (f"Battery life is 14 hours {SCRIPT} [1].", Status.GROUNDED, "support 1"),
    (f"The price is $99 {IMG} [1].", Status.CONTRADICTED, "against 1"),
    (f"Click {LINK} for the warranty [2].", Status.INVALID, "against 2"),
    (f"Direction {BIDI} text.", Status.PLACEHOLDER, ""),
    ("Plain words after the bidi unit stay left to right [1].", Status.GROUNDED, "support 1"),
    (f"Styles end here {STYLE} [2].", Status.UNGROUNDED, ""),
    (f"Quoted {QUOTES} [3].", Status.GROUNDED, "support 3"),
    (f"Other tags {ELSEWHERE} [3].", Status.CONTRADICTED, "against 3"),
    ("&lt;script&gt; stays literal &amp; so does &#60;b&#62; [1].", Status.GROUNDED, "support 1"),
]
# a long unit with many reasons (its tip is tall), then short ones down to the page's end
LONG = "The review says the device " + "lasts long and charges fast, " * 12 + "reviewers agree [2]."
UNITS.append((LONG, Status.CONTRADICTED, "against 2"))
UNITS += [(f"Short claim {n} stands at the end of a long line [1].", Status.INVALID, "against 1")
          for n in range(4)]  # fmt: skip

EVIDENCE = (
    Evidence(
        f"1\" onmouseover=\"document.title='{PWNED}'",
        f"Battery life: 14 hours. Price: $79. {SCRIPT} {IMG} Warranty: 2 years.",
    ),
    Evidence(
        "<b>2</b>",
        f"{LINK} {STYLE} The device lasts long. {BIDI} The warranty is void if opened.\n"
        + "".join(f"Line {n} of a long chunk that scrolls inside the panel.\n" for n in range(60)),
    ),
    Evidence("3", f"Quote: {QUOTES}. {ELSEWHERE} Nothing else."),
    Evidence("unused", "A chunk no unit points at."),
)


def hostile_report() -> Report:
    """Units of every status, with reasons, support and evidence spans, all hostile text."""
    pieces = []
    for n, (text, _, _) in enumerate(UNITS):
        # break lines now and then, so units sit at many heights and at line ends
        pieces.append(text + ("\n\n" if n % 3 == 2 or text.startswith("#") else " "))
    answer = (
        f"Text outside units: {SCRIPT}{IMG}{LINK}\n\n"
        + "".join(pieces).rstrip()
        + f"\n\nTrailing {STYLE}{QUOTES} {ELSEWHERE} {BIDI} text."
    )
    by_number = dict(zip("123", EVIDENCE[:3], strict=True))
    units = []
    for index, (text, status, points) in enumerate(UNITS):
        start = answer.index(text)
        reasons: list[Reason] = [
            Reason(f"code_{index}", f'reason {index}: "{text[:40]}" {SCRIPT}'),
        ]
        support: list[Support] = []
        number = ""
        if points:
            kind, number = points.split()
            chunk = by_number[number]
            at = (3 * index) % max(1, len(chunk.text) - 30)
            span = Span(at, at + 25 + index)
            if kind == "support":
                support.append(Support(chunk.id, span, 0.5 + index / 100))
            else:
                reasons.append(
                    Reason(
                        "value_mismatch",
                        f"{IMG} differs {BIDI}",
                        Span(start, start + 4),
                        chunk.id,
                        span,
                    )
                )
        if text == LONG:
            reasons += [Reason(f"extra_{k}", "another reason " * 6) for k in range(12)]
        units.append(
            Unit(
                index,
                text,
                Span(start, start + len(text)),
                Kind.HEADING if status is Status.SKIPPED else Kind.CLAIM,
                status,
                cited=(number,) if number else (),
                reasons=tuple(reasons),
                support=tuple(support),
            )
        )
    return Report(
        answer=answer,
        units=tuple(units),
        text=f"{SCRIPT}{IMG}",
        mode="flag",
        blocked=False,
        fail_on=FAILING_BY_DEFAULT,
        min_coverage=0.0,
        citation_style="numeric",
        evidence=EVIDENCE,
    )


# ---- helpers run in the page ---------------------------------------------------------------

# anchored boxes follow a scroll at the next frame: measure after two
FRAMES = "new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))"
TIP_STATE = f"""
async (i) => {{
  await {FRAMES};
  const mark = document.querySelectorAll('.gg-answer mark.gg-unit')[i];
  const tip = mark.querySelector('.gg-tip');
  const style = getComputedStyle(tip);
  const box = tip.getBoundingClientRect();
  const lines = [...mark.getClientRects()].map(r => [r.left, r.top, r.right, r.bottom]);
  const x = box.left + box.width / 2, y = box.top + box.height / 2;
  const hit = style.display === 'none' ? null : document.elementFromPoint(x, y);
  return {{
    index: Number(mark.dataset.index), display: style.display, visibility: style.visibility,
    opacity: Number(style.opacity), box: [box.left, box.top, box.right, box.bottom], lines,
    viewport: [document.documentElement.clientWidth, document.documentElement.clientHeight],
    onTop: !!hit && tip.contains(hit), text: tip.innerText,
    hovered: mark.matches(':hover'), focused: mark.matches(':focus-within'),
  }};
}}
"""


def tip_state(page: Page, i: int) -> dict[str, Any]:
    state: dict[str, Any] = page.js(f"({TIP_STATE})({i})")
    return state


def flat(text: str) -> str:
    return " ".join(text.split())


def assert_tip_shows_reasons(state: dict[str, Any], unit: Unit, how: str) -> None:
    """The unit's tip is displayed, on top, wholly inside the viewport, with every reason."""
    where = f"unit {unit.index} on {how}"
    assert state["display"] != "none", f"{where}: tip hidden"
    assert state["visibility"] == "visible" and state["opacity"] == 1, where
    left, top, right, bottom = state["box"]
    width, height = state["viewport"]
    assert right - left > 50 and bottom - top > 10, f"{where}: tip box {state['box']}"
    slack = 0.5
    assert -slack <= left and right <= width + slack, f"{where}: tip cut off {state}"
    assert -slack <= top and bottom <= height + slack, f"{where}: tip cut off {state}"
    assert state["onTop"], f"{where}: tip covered by something else"
    text = flat(state["text"])
    assert unit.status.value in text, where
    for reason in unit.reasons:
        assert flat(f"{reason.code}: {reason.message}") in text, f"{where}: {reason.code}"
    for support in unit.support:
        assert flat(f"evidence {support.evidence_id}") in text, where


def opens_upward(state: dict[str, Any]) -> bool:
    """Whether the tip lies wholly above its unit (as it must when the unit is at the bottom)."""
    return bool(state["box"][3] <= min(line[1] for line in state["lines"]) + 0.5)


def page_file(tmp_path: Path, html: str, name: str = "report.html") -> Path:
    path = tmp_path / name
    path.write_text(html, encoding="utf-8")
    return path


def assert_inert(page: Page, loaded: list[dict[str, Any]], title: str) -> None:
    """Nothing ran, nothing was fetched, nothing complained, and the DOM is the renderer's."""
    # scripts the test runs come later, so every script parsed by the load is the page's
    ran = [e["params"] for e in loaded if e["method"] == "Debugger.scriptParsed"]
    assert not ran, f"scripts ran in the page: {ran}"
    assert page.js("document.title") == title
    dom = page.js(
        """({
        pwned: document.body.dataset.pwned !== undefined || document.title.includes('pwned'),
        foreign: document.querySelectorAll(
          'script,img,iframe,object,embed,svg,math,link,base,form,input,button,textarea,'
          + 'body meta,head meta[http-equiv="refresh"],[style],[autofocus]').length,
        handlers: [...document.querySelectorAll('*')].flatMap(
          el => [...el.attributes].map(a => a.name)).filter(n => n.startsWith('on')),
        hrefs: [...document.querySelectorAll('[href]')].map(a => a.getAttribute('href'))
          .filter(h => !/^#gg[0-9a-f]{8}-[a-z0-9-]+$/.test(h)),
        sheets: document.styleSheets.length,
        bodyDisplay: getComputedStyle(document.body).display,
        location: location.href,
      })"""
    )
    assert dom == {
        "pwned": False,
        "foreign": 0,
        "handlers": [],
        "hrefs": [],
        "sheets": 1,
        "bodyDisplay": "block",
        "location": page.url,
    }
    requests = [e["params"]["request"]["url"] for e in page.events("Network.requestWillBeSent")]
    assert requests == [page.url], f"requests beyond the page itself: {requests}"
    told = [e for e in page.events() if e["method"].startswith(LOGS)]
    assert not told, f"the page logged or threw (a CSP violation means it tried): {told}"


# ---- the tests -----------------------------------------------------------------------------


def test_hostile_report_runs_no_script_and_fetches_nothing(page: Page, tmp_path: Path) -> None:
    report = hostile_report()
    loaded = page.open(page_file(tmp_path, to_html(report)))
    assert_inert(page, loaded, f"grounding-guard report: {summary_line(report)}")
    # every piece of text reads back exactly as given: the answer, each evidence chunk
    answer = page.js(
        """(() => { const a = document.querySelector('.gg-answer').cloneNode(true);
        a.querySelectorAll('.gg-tip').forEach(t => t.remove()); return a.textContent; })()"""
    )
    assert answer == report.answer
    chunks = page.js(
        """[...document.querySelectorAll('.gg-evidence')].map(e =>
        [e.querySelector('h3 code').textContent, e.querySelector('.gg-ev-text').textContent])"""
    )
    assert chunks == [[e.id, e.text] for e in report.evidence]
    # a unit's bidi overrides stay inside it: the next unit on its line reads left to right
    order = page.js(
        """(() => { const t = [...document.querySelectorAll('.gg-answer mark.gg-unit')]
          .find(m => m.textContent.startsWith('Plain words')).firstChild;
        const r = document.createRange(), x = [];
        for (const i of [0, 1, 2]) { r.setStart(t, i); r.setEnd(t, i + 1);
          x.push(r.getBoundingClientRect().left); }
        return x; })()"""
    )
    assert order == sorted(order), f"the bidi override leaked out of its unit: {order}"
    assert page.js("document.querySelector('.gg-evidence-list').scrollHeight") > page.js(
        "document.querySelector('.gg-evidence-list').clientHeight"
    ), "long evidence scrolls inside its panel"


def docked(html: str) -> str:
    """The page as a browser without anchor positioning sees it: every tip docks at the
    viewport's bottom (the CSP's style hash is recomputed for the edited stylesheet)."""
    style = re.search(r"<style>(.*?)</style>", html, re.S)
    assert style
    edited = style[1].replace("@supports (position-area:bottom)", "@supports (no-such:thing)")
    assert edited != style[1]
    digest = base64.b64encode(hashlib.sha256(edited.encode()).digest()).decode()
    html = html.replace(style[1], edited)
    return re.sub(r"'sha256-[^']+'", f"'sha256-{digest}'", html)


@pytest.mark.parametrize("layout", ["anchored", "docked"])
def test_every_unit_explains_itself_on_hover_and_focus(
    page: Page, tmp_path: Path, layout: str
) -> None:
    report = hostile_report()
    html = to_html(report)
    page.open(page_file(tmp_path, docked(html) if layout == "docked" else html))
    assert page.js("document.querySelectorAll('.gg-answer mark.gg-unit').length") == len(
        report.units
    )
    units = report.units  # all marked, in answer order
    aside = (WIDTH - 4, 4)  # a point over nothing: no tip opens there

    # hover: every unit scrolled to the viewport's top, middle and bottom; then with the
    # viewport cut to end right under it (the answer is shorter than the viewport); then in
    # a viewport so low that a tall unit leaves its tip no room above or below it
    at_bottom = 0
    for i, unit in enumerate(units):
        for block in ("start", "center", "end", "edge", "tight"):
            page.mouse(*aside)
            mark = f"document.querySelectorAll('.gg-answer mark.gg-unit')[{i}]"
            if block == "edge":
                page.js("window.scrollTo(0, 0)")
                page.resize(math.ceil(page.js(f"{mark}.getBoundingClientRect().bottom")) + 1)
            elif block == "tight":
                page.resize(max(200, 100 + math.ceil(page.js(f"{mark}.offsetHeight"))))
                page.js(f"{mark}.scrollIntoView({{block: 'center'}})")
            else:
                page.js(f"{mark}.scrollIntoView({{block: '{block}'}})")
            state = tip_state(page, i)
            assert state["display"] == "none", f"unit {unit.index}: tip shown before hover"
            height = state["viewport"][1]
            inside = [r for r in state["lines"] if r[1] >= -1 and r[3] <= height + 1]
            assert inside, f"unit {unit.index} not in view when scrolled to {block}: {state}"
            left, top, right, bottom = inside[-1] if block in ("end", "edge") else inside[0]
            page.mouse((left + right) / 2, (top + bottom) / 2)
            state = tip_state(page, i)
            assert state["hovered"], f"unit {unit.index}: the mouse is not over it"
            assert_tip_shows_reasons(state, unit, f"hover ({block})")
            if block == "tight" and unit.text == LONG:
                docked_bottom = height - 16  # 1rem above the viewport's bottom edge
                assert abs(state["box"][3] - docked_bottom) < 1, f"the tip docks: {state}"
            if bottom >= height - 30:
                at_bottom += 1
                if layout == "anchored" and len(state["lines"]) == 1:
                    assert opens_upward(state), f"unit {unit.index}: tip not above it: {state}"
            if block == "edge" and unit.text.startswith("Short claim 3"):
                page.screenshot(f"report-hover-bottom-{layout}.png", tmp_path)
        page.resize(HEIGHT)
    assert at_bottom >= len(units), "too few units were tried at the viewport's bottom"

    # keyboard: Tab through the page; every unit's tip shows while it or a link in it has focus
    page.mouse(*aside)
    page.js("window.scrollTo(0, 0); document.activeElement.blur()")
    focused: list[int] = []
    for _ in range(200):
        page.tab()
        where = page.js(
            """(() => { const el = document.activeElement;
            const mark = el && el.closest('.gg-answer mark.gg-unit');
            if (!mark) return null;
            return [[...document.querySelectorAll('.gg-answer mark.gg-unit')].indexOf(mark),
                    el === mark]; })()"""
        )
        if where is None:
            if focused:
                break  # past the answer
            continue
        i, on_mark = where
        state = tip_state(page, i)
        assert state["focused"]
        assert_tip_shows_reasons(state, units[i], "keyboard focus" + ("" if on_mark else " (link)"))
        if on_mark:
            focused.append(i)
            if units[i].text.startswith("Short claim 2"):
                page.screenshot(f"report-focus-{layout}.png", tmp_path)
    assert focused == list(range(len(units))), f"Tab reached units {focused}"
    assert not [e for e in page.events() if e["method"].startswith(LOGS)]
    if layout == "anchored":
        page.mouse(*aside)
        page.js("window.scrollTo(0, 0); document.activeElement.blur()")
        page.screenshot("report-full.png", tmp_path, full=True)


def test_units_and_evidence_highlights_link_both_ways(page: Page, tmp_path: Path) -> None:
    report = hostile_report()
    page.open(page_file(tmp_path, to_html(report)))
    links = page.js(
        """(() => { const ids = new Set([...document.querySelectorAll('[id]')].map(e => e.id));
        const hrefs = [...document.querySelectorAll('a[href]')].map(a => a.getAttribute('href'));
        return {missing: hrefs.filter(h => !ids.has(h.slice(1))), count: hrefs.length,
                unique: ids.size === document.querySelectorAll('[id]').length}; })()"""
    )
    assert links["missing"] == [] and links["unique"] and links["count"] > 20, links
    highlights = page.js(
        """[...document.querySelectorAll('.gg-hl[href]')].map(a => [a.className,
        document.getElementById(a.getAttribute('href').slice(1)).dataset.index])"""
    )
    kinds = {cls for cls, _ in highlights}
    assert {"gg-hl gg-hl-support", "gg-hl gg-hl-against"} <= kinds, kinds
    pointed = {int(i) for _, i in highlights}
    assert pointed == {
        u.index for u in report.units if u.support or any(r.evidence_span for r in u.reasons)
    }

    # click a highlight: the page goes to its unit; click the tip's link: back to the span
    page.js("document.querySelector('a.gg-hl-against').scrollIntoView({block: 'center'})")
    box = page.js(
        """(() => { const a = document.querySelector('a.gg-hl-against');
        const r = [...a.getClientRects()].sort((p, q) => q.width - p.width)[0];
        return [(r.left + r.right) / 2, (r.top + r.bottom) / 2]; })()"""
    )
    target = page.js("document.querySelector('a.gg-hl-against').getAttribute('href')")
    page.click(*box)
    assert page.js("location.hash") == target
    assert page.js("document.querySelector(':target').matches('mark.gg-unit')")
    unit_box = page.js(
        """(() => { const r = document.querySelector(':target').getClientRects()[0];
        return [r.left + 2, (r.top + r.bottom) / 2, innerHeight]; })()"""
    )
    assert 0 <= unit_box[1] <= unit_box[2], "the unit was scrolled into view"
    page.mouse(unit_box[0], unit_box[1])
    page.js(FRAMES)
    ref = page.js(
        """(() => { const a = document.querySelector(':target .gg-tip a.gg-ref');
        const r = [...a.getClientRects()].sort((p, q) => q.width - p.width)[0];
        const x = (r.left + r.right) / 2, y = (r.top + r.bottom) / 2;
        return [x, y, a.getAttribute('href'), a.contains(document.elementFromPoint(x, y))]; })()"""
    )
    assert ref[3], "the tip's link is visible, on top"
    page.click(ref[0], ref[1])
    assert page.js("location.hash") == ref[2]
    assert page.js("document.querySelector(':target').classList.contains('gg-anchor')")
    assert page.js("location.href").startswith(page.url)  # never left the file


def test_csp_stops_what_a_broken_escaper_would_let_through(page: Page, tmp_path: Path) -> None:
    report = hostile_report()
    raw = (
        f'{SCRIPT}<img src="http://gg.invalid/i.png" onerror="document.title=\'{PWNED}\'">'
        "<style>body{background:rgb(255,0,0)}</style>"
        '<link rel="stylesheet" href="http://gg.invalid/s.css">'
        '<div id="gg-injected" style="background:url(http://gg.invalid/u.png);color:red">x</div>'
        '<iframe src="http://gg.invalid/f"></iframe>'
    )
    html = to_html(report).replace("<body>\n", f"<body>\n{raw}", 1)
    loaded = page.open(page_file(tmp_path, html, "broken.html"))
    ran = [
        e["params"]
        for e in loaded
        if e["method"] == "Debugger.scriptParsed"
        # the blocked iframe shows Chromium's own error page, which runs its own script
        and e["params"]["url"] != "chrome-error://chromewebdata/"
    ]
    assert not ran, f"scripts ran: {ran}"
    assert page.js("document.title") == f"grounding-guard report: {summary_line(report)}"
    assert page.js("document.body.dataset.pwned") is None
    failed = {
        e["params"]["requestId"]: e["params"].get("blockedReason")
        for e in page.events("Network.loadingFailed")
    }
    sent = [
        (e["params"]["request"]["url"], failed.get(e["params"]["requestId"]))
        for e in page.events("Network.requestWillBeSent")
        # the error page shown in the blocked iframe loads its own inline images
        if e["params"]["documentURL"] != "chrome-error://chromewebdata/"
    ]
    assert sent[0] == (page.url, None)
    assert all(reason == "csp" for _, reason in sent[1:]), f"requests not stopped: {sent}"
    injected = page.js(
        """(() => { const s = getComputedStyle(document.getElementById('gg-injected'));
        return [getComputedStyle(document.body).backgroundColor, s.backgroundImage, s.color,
                document.styleSheets.length]; })()"""
    )
    assert injected[0] != "rgb(255, 0, 0)" and injected[1] == "none", injected
    assert injected[2] != "rgb(255, 0, 0)", injected
    violations = page.events("Log.entryAdded")
    assert violations, "the CSP reported what it blocked"
    assert all("Content Security Policy" in e["params"]["entry"]["text"] for e in violations)
