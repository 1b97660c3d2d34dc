"""The ``grounding-guard`` command: check a saved answer against its evidence, for CI.

::

    grounding-guard check answer.md --evidence chunks.json [--mode filter] [--json]
    grounding-guard check - --evidence docs/ --mode filter --output text < answer.md
    grounding-guard check answer.md -e chunks.json --judge model --thresholds thr.json
    grounding-guard demo
    grounding-guard eval --data FILE --format attributionbench [--judge lexical] [--json]
    grounding-guard calibrate --data FILE --format wice [--out thresholds.json]
    grounding-guard audit logs/ --out audit/ [--shape langsmith] [--group-by model] [--engine ray]
    grounding-guard --version

``check`` exits 0 when the answer is clean, 1 when it fails (flag: reported; filter:
failing units dropped from the returned text), 3 when it is refused (block, or a filter
that leaves too little grounded text), 2 on bad usage or input (a one-line
``grounding-guard: error: ...`` on stderr, never a traceback). ``demo`` checks
the bundled example answer and exits 0 whatever the verdict: it is a demonstration, not
a gate. Output is the plain-text summary, coloured by status on a terminal (not when
``NO_COLOR`` is set, ``TERM=dumb`` or ``--no-color``); ``--output json`` (or ``--json``)
prints the report in the documented JSON shape instead, ``--output text`` only the text to
ship (the answer, the filtered answer or the refusal), for a shell pipeline; ``--html
OUT`` also writes the HTML page. ``eval`` measures
a judge on labelled data and ``calibrate`` picks its threshold (see
:mod:`grounding_guard.evaluation`); both exit 0. ``audit`` checks every answer of logged
records and writes per-answer results and a summary (see :mod:`grounding_guard.auditing`);
it exits 0 when it ran, 130 when interrupted (``--resume`` goes on).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import sys
from collections.abc import Sequence
from importlib.resources import files
from pathlib import Path
from typing import Any, Final, NoReturn, TextIO

from grounding_guard import __version__
from grounding_guard.actions import MODES
from grounding_guard.citations import PRESETS
from grounding_guard.errors import GroundingGuardError
from grounding_guard.evidence.files import (
    load_catalog_path,
    load_evidence_path,
    parse_evidence_json,
    read_text_file,
)
from grounding_guard.guard import DEFAULT_REFUSAL, Guard
from grounding_guard.text.figures import PRESETS as VALUE_PRESETS
from grounding_guard.types import Report, Status

__all__ = [
    "EXIT_BLOCKED",
    "EXIT_FAIL",
    "EXIT_OK",
    "EXIT_USAGE",
    "exit_code",
    "guard_options",
    "json_safe",
    "main",
]

PROG: Final = "grounding-guard"
EXIT_OK: Final = 0
EXIT_FAIL: Final = 1
EXIT_USAGE: Final = 2
EXIT_BLOCKED: Final = 3
#: ``check`` shows its progress on stderr for answers at least this long (unless --quiet)
LONG_ANSWER: Final = 50_000
#: ``check`` refuses an answer longer than this unless ``--max-chars`` says otherwise
DEFAULT_MAX_CHARS: Final = 1_000_000
OUTPUTS: Final = ("summary", "json", "text")
JUDGE_CHOICES: Final = ("lexical", "model", "embedding")

CITATION_CHOICES: Final = ("auto", "none", *PRESETS)
STATUS_CHOICES: Final = tuple(s.value for s in Status)

# ---- colour --------------------------------------------------------------------------

_RESET: Final = "\x1b[0m"
#: SGR codes per status: grounded green, placeholder yellow, ungrounded bold yellow,
#: invalid bold red, contradicted bold magenta, skipped dim.
PALETTE: Final[dict[str, str]] = {
    Status.GROUNDED.value: "32",
    Status.PLACEHOLDER.value: "33",
    Status.UNGROUNDED.value: "1;33",
    Status.INVALID.value: "1;31",
    Status.CONTRADICTED.value: "1;35",
    Status.SKIPPED.value: "2",
}
_VERDICT: Final = {"OK": "1;32", "FAIL": "1;31"}
_DIM: Final = "2"
_BOLD: Final = "1"
# C0 controls but tab and newline, DEL and C1: answer text must not drive the terminal
_CONTROL: Final = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def _paint(text: str, code: str, color: bool) -> str:
    return f"\x1b[{code}m{text}{_RESET}" if color and text else text


# what JSON leaves raw but a terminal obeys: DEL, C1 controls, bidi overrides and marks
_JSON_UNSAFE: Final = re.compile("[\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def json_safe(text: str) -> str:
    """JSON ``text`` with DEL, C1 controls and bidi controls written as ``\\uXXXX`` escapes:
    the same JSON value, but nothing in it can drive a terminal or reorder what it shows."""
    return _JSON_UNSAFE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def _visible(text: str) -> str:
    """``text`` with control characters shown as ``\\xNN`` (no escape reaches the tty)."""
    return _CONTROL.sub(lambda m: f"\\x{ord(m.group()):02x}", text)


def use_color(stream: TextIO, disabled: bool = False) -> bool:
    """True when ``stream`` is a terminal and neither ``--no-color``, ``NO_COLOR`` nor
    ``TERM=dumb`` asks for plain text."""
    if disabled or os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return False
    isatty = getattr(stream, "isatty", None)
    try:
        return bool(isatty and isatty())
    except (OSError, ValueError):
        return False


def colorize_summary(summary: str, color: bool) -> str:
    """The plain ``Report.summary()`` text with its verdict and status words coloured."""
    summary = _visible(summary)
    if not color:
        return summary
    out: list[str] = []
    for number, line in enumerate(summary.split("\n")):
        if number == 0:
            verdict, colon, rest = line.partition(":")
            if colon and verdict in _VERDICT:
                line = _paint(verdict, _VERDICT[verdict], color) + colon + rest
        elif line[:1] not in ("", " "):
            word = line.split(" ", 1)[0]
            if word in PALETTE:
                line = _paint(word, PALETTE[word], color) + line[len(word) :]
        elif line.lstrip().startswith(">"):
            line = _paint(line, _DIM, color)
        out.append(line)
    return "\n".join(out)


def render_text(report: Report, color: bool) -> str:
    """The human output: the coloured summary, then the returned text when an action ran."""
    text = colorize_summary(report.summary(), color)
    if report.mode in ("filter", "block"):
        head = f"returned text (mode={report.mode}{', blocked' if report.blocked else ''}):"
        text += "\n\n" + _paint(head, _BOLD, color) + "\n" + _visible(report.text.rstrip("\n"))
    return text


# ---- arguments -----------------------------------------------------------------------


class _Parser(argparse.ArgumentParser):
    """An ArgumentParser whose errors keep to the ``grounding-guard: error:`` form."""

    def error(self, message: str) -> NoReturn:
        """One line, not the whole usage: the error and where the usage is."""
        self.exit(EXIT_USAGE, f"{PROG}: error: {message} (see {self.prog} --help)\n")


def _coverage(value: str) -> float:
    try:
        number = float(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {value!r}") from None
    if not 0.0 <= number <= 1.0:
        raise argparse.ArgumentTypeError(f"must lie in [0, 1], got {value}")
    return number


def _positive_int(value: str) -> int:
    try:
        number = int(value.replace("_", ""))
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {value!r}") from None
    if number < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return number


def _fail_on(value: str) -> list[str]:
    statuses: list[str] = []
    for part in (p.strip() for p in value.split(",")):
        if not part:
            continue
        if part != "none" and part not in STATUS_CHOICES:
            raise argparse.ArgumentTypeError(
                f"unknown status {part!r} (choose from {', '.join(STATUS_CHOICES)}, none)"
            )
        statuses.append(part)
    return statuses


def _output_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--mode",
        choices=MODES,
        default="flag",
        help="flag: report only (default); filter: drop failing units; block: refuse",
    )
    parser.add_argument(
        "--output",
        "-o",
        choices=OUTPUTS,
        default="summary",
        help="summary: the human report (default); json: the report as JSON (Report.to_dict "
        "shape); text: only the text to ship (answer, filtered answer or refusal)",
    )
    parser.add_argument("--json", action="store_true", help="the same as --output json")
    parser.add_argument("--html", metavar="OUT", help="also write the HTML report to OUT")
    parser.add_argument("--no-color", action="store_true", help="never colour the output")


def _guard_arguments(sub: argparse.ArgumentParser) -> None:
    """The Guard's options, shared by ``check`` and ``audit``."""
    sub.add_argument(
        "--citations",
        choices=CITATION_CHOICES,
        default="auto",
        metavar="STYLE",
        help=f"citation marker style: {', '.join(CITATION_CHOICES)} (default auto)",
    )
    sub.add_argument(
        "--fail-on",
        type=_fail_on,
        nargs="+",
        action="extend",
        metavar="STATUS",
        help="statuses that fail the answer (default: contradicted invalid ungrounded); "
        "'none' for coverage only",
    )
    sub.add_argument(
        "--min-coverage",
        type=_coverage,
        default=0.0,
        metavar="X",
        help="share of claim units that must be grounded, 0..1 (default 0)",
    )
    sub.add_argument(
        "--refusal", metavar="TEXT", default=DEFAULT_REFUSAL, help="text returned when blocked"
    )
    sub.add_argument(
        "--strict-citations",
        action="store_true",
        help="every cited id must support its unit on its own",
    )
    sub.add_argument(
        "--judge",
        choices=JUDGE_CHOICES,
        default="lexical",
        help="support judge: lexical (default, no dependency); model (the combined judge) or "
        "embedding (cosine) need the model extra",
    )
    sub.add_argument(
        "--threshold",
        type=_coverage,
        metavar="X",
        help="share of content words the lexical judge needs, 0..1 (default 0.6)",
    )
    sub.add_argument(
        "--judge-threshold",
        type=_coverage,
        metavar="X",
        help="the score a model judge must reach, 0..1 (model: 0.5, embedding: 0.55)",
    )
    sub.add_argument(
        "--thresholds",
        metavar="FILE",
        help="thresholds written by `grounding-guard calibrate` (explicit options win)",
    )
    sub.add_argument(
        "--locale",
        metavar="LOCALE",
        help="how to read ambiguous figures and dates: de reads 1.234,5; en-US / en-GB read "
        "04/08/2026 month- or day-first (default: compare neither)",
    )
    sub.add_argument(
        "--values",
        choices=tuple(VALUE_PRESETS),
        default="generic",
        help="figure preset (default generic; india_accounting: Cr/Dr are credit/debit)",
    )


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``grounding-guard`` command."""
    parser = _Parser(
        prog=PROG,
        description="Check that an LLM answer's claims are backed by the evidence it was given.",
        epilog="exit status: 0 clean, 1 failed (reported or filtered), 2 bad usage or input, "
        "3 refused (blocked)",
    )
    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    commands.required = True

    check = commands.add_parser(
        "check",
        help="check an answer against its evidence",
        description="Judge every unit of ANSWER against the evidence; exit 0 clean, 1 failed "
        "(reported, or failing units filtered out), 2 bad usage or input, 3 refused (blocked).",
    )
    check.add_argument(
        "answer", metavar="ANSWER", help="a file holding the answer (text or markdown); - for stdin"
    )
    check.add_argument(
        "--evidence",
        "-e",
        metavar="FILE|DIR",
        required=True,
        help="JSON object {id: text}, JSON array (of texts: ids 1..n; or of {id, text}), "
        "JSON Lines, or a directory of .txt/.md files (id = file stem)",
    )
    _guard_arguments(check)
    _output_options(check)
    check.add_argument(
        "--catalog",
        metavar="FILE",
        help="ids that exist but were not retrieved (JSON array or one id per line): "
        "citing one is not_retrieved rather than unknown_citation",
    )
    check.add_argument(
        "--quiet",
        "-q",
        action="store_true",
        help=f"no progress on stderr (shown for answers of {LONG_ANSWER:,} characters or more)",
    )
    check.add_argument(
        "--max-chars",
        type=_positive_int,
        default=DEFAULT_MAX_CHARS,
        metavar="N",
        help=f"refuse (exit 2) an answer longer than N characters (default {DEFAULT_MAX_CHARS:,})",
    )

    demo = commands.add_parser(
        "demo",
        help="check the bundled example answer (always exits 0)",
        description="Check the bundled example answer against its five evidence chunks and "
        "print the report. Exits 0 whatever the verdict: it is a demonstration.",
    )
    _output_options(demo)
    _evaluation_commands(commands)
    _audit_command(commands)
    return parser


def _field_path(value: str) -> tuple[str, str]:
    from grounding_guard.auditing.mapping import FIELDS, parse_path

    name, sep, path = value.partition("=")
    name, path = name.strip(), path.strip()
    if not sep or not name or not path:
        raise argparse.ArgumentTypeError(f"expected FIELD=PATH, got {value!r}")
    if name not in FIELDS:
        raise argparse.ArgumentTypeError(
            f"unknown field {name!r} (map {', '.join(FIELDS)}; groups go in --group-by)"
        )
    try:
        parse_path(path)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    return name, path


def _audit_command(commands: Any) -> None:
    from grounding_guard.auditing.mapping import SHAPES
    from grounding_guard.auditing.outputs import FORMATS
    from grounding_guard.auditing.run import ENGINES

    audit = commands.add_parser(
        "audit",
        help="check every logged answer (JSONL, JSON, Parquet) and summarise the verdicts",
        description="Check every answer in logged records with the same verdicts as `check`, "
        "and write OUT/results.parquet (or .jsonl: one row per answer), OUT/rejects.jsonl "
        "(records that could not be read or checked, with their line and reason) and "
        "OUT/summary.{txt,json,html} (rates per status and code, by group and day, the worst "
        "answers first). The text summary is printed. Exit 0 when the audit ran, 2 on bad "
        "usage or input, 130 when interrupted (--resume goes on).",
        epilog="shapes: "
        + "; ".join(f"{name}: {shape.description}" for name, shape in SHAPES.items()),
    )
    audit.add_argument(
        "inputs",
        nargs="+",
        metavar="INPUT",
        help="log files, folders (searched recursively) or glob patterns of "
        ".jsonl/.ndjson/.json/.parquet files",
    )
    audit.add_argument("--out", required=True, metavar="DIR", help="the folder to write to")
    audit.add_argument(
        "--shape",
        choices=tuple(SHAPES),
        default="plain",
        help="where records keep answer and evidence (default plain: answer, evidence)",
    )
    audit.add_argument(
        "--map",
        type=_field_path,
        action="append",
        default=[],
        metavar="FIELD=PATH",
        help="read FIELD (answer, evidence, id, date, catalog) at a dotted PATH "
        "(outputs.answer, inputs.docs.0), over the shape's default",
    )
    audit.add_argument(
        "--group-by",
        nargs="+",
        action="extend",
        default=[],
        metavar="NAME[=PATH]",
        help="break the summary down by these fields (model, prompt=extra.metadata.prompt)",
    )
    audit.add_argument(
        "--engine",
        choices=ENGINES,
        default="local",
        help="local: worker processes on this machine (default); ray: Ray Data "
        "(pip install 'grounding-guard[ray]')",
    )
    audit.add_argument(
        "--workers", type=_positive_int, metavar="N", help="worker processes (default: CPUs)"
    )
    audit.add_argument(
        "--resume",
        action="store_true",
        help="go on with the interrupted local run in OUT (no record is checked twice)",
    )
    audit.add_argument(
        "--address", metavar="ADDRESS", help="the Ray cluster to run on (--engine ray)"
    )
    audit.add_argument(
        "--format",
        dest="results_format",
        choices=FORMATS,
        default="auto",
        help="results file: parquet (needs pyarrow) or jsonl (default: parquet when "
        "pyarrow is installed)",
    )
    audit.add_argument(
        "--top", type=int, default=20, metavar="N", help="worst answers kept in the summary"
    )
    audit.add_argument(
        "--mode",
        choices=MODES,
        default="flag",
        help="the action the verdicts are taken under (default flag)",
    )
    _guard_arguments(audit)
    audit.add_argument(
        "--max-chars",
        type=_positive_int,
        default=DEFAULT_MAX_CHARS,
        metavar="N",
        help=f"reject answers longer than N characters (default {DEFAULT_MAX_CHARS:,})",
    )
    audit.add_argument("--quiet", "-q", action="store_true", help="no progress on stderr")


def _evaluation_commands(commands: Any) -> None:
    from grounding_guard.evaluation import FORMATS, PREDICTORS

    evaluate = commands.add_parser(
        "eval",
        help="measure a judge on labelled data (balanced accuracy, F1, AUROC, latency)",
        description="Run a judge over labelled (claim, evidence, label) rows and print balanced "
        "accuracy, macro-F1, AUROC, per-class precision/recall/F1, latency percentiles and the "
        "precision of each reason code. Exits 0.",
    )
    calibrate = commands.add_parser(
        "calibrate",
        help="pick the threshold that maximises balanced accuracy on labelled data",
        description="Pick the support threshold that maximises balanced accuracy on labelled "
        "rows and print (or write) a thresholds file: Guard(**Thresholds.from_file(F)"
        ".guard_options()). Exits 0.",
    )
    for sub, judge in ((evaluate, "default"), (calibrate, "deterministic")):
        shown = "the default judge" if judge == "default" else judge
        sub.add_argument("--data", required=True, metavar="PATH", help="data file (snli: folder)")
        sub.add_argument("--format", required=True, choices=FORMATS, help="the data set's shape")
        sub.add_argument("--judge", choices=PREDICTORS, default=judge, help=f"(default: {shown})")
        sub.add_argument("--split", metavar="NAME", help="snli folder: test (default) or dev")
        sub.add_argument(
            "--limit", type=int, metavar="N", help="a fixed random sample of N rows (--seed)"
        )
        sub.add_argument("--seed", type=int, default=0, help="sample seed (default 0)")
        sub.add_argument(
            "--cited",
            action="store_true",
            help="every claim unit cites the joined evidence (default: attribution, "
            "citations=none)",
        )
        sub.add_argument("--quiet", "-q", action="store_true", help="no progress on stderr")
    evaluate.add_argument(
        "--thresholds", metavar="FILE", help="use a thresholds file written by calibrate"
    )
    evaluate.add_argument(
        "--group-by",
        metavar="FIELD",
        help="also report per value of this metadata field (attributionbench: src_dataset)",
    )
    evaluate.add_argument("--json", action="store_true", help="print the figures as JSON")
    calibrate.add_argument("--out", metavar="FILE", help="write the thresholds JSON to FILE")


# ---- inputs --------------------------------------------------------------------------


def _read_stdin() -> str:
    buffer = getattr(sys.stdin, "buffer", None)
    if buffer is None:
        return sys.stdin.read()
    data: bytes = buffer.read()
    text = data.decode("utf-8-sig")
    return text.replace("\r\n", "\n").replace("\r", "\n")


def _read_answer(path: str) -> str:
    try:
        return _read_stdin() if path == "-" else read_text_file(path)
    except UnicodeDecodeError as exc:
        where = "stdin" if path == "-" else path
        raise ValueError(f"{where}: the answer is not UTF-8 text (byte {exc.start})") from None


def _demo_inputs() -> tuple[str, Any]:
    folder = files("grounding_guard") / "examples"
    answer = (folder / "answer.md").read_text(encoding="utf-8")
    evidence = parse_evidence_json(
        (folder / "evidence.json").read_text(encoding="utf-8"), "examples/evidence.json"
    )
    return answer, evidence


def _os_message(exc: OSError) -> str:
    reason = exc.strerror or str(exc)
    return f"{exc.filename}: {reason}" if exc.filename else reason


# ---- commands ------------------------------------------------------------------------


def _write(stream: TextIO, text: str) -> None:
    try:
        stream.write(text)
    except UnicodeEncodeError:
        encoding = getattr(stream, "encoding", None) or "ascii"
        stream.write(text.encode(encoding, "replace").decode(encoding))


def _emit(report: Report, args: argparse.Namespace) -> None:
    if args.html:
        Path(args.html).write_text(report.to_html(), encoding="utf-8")
    out = sys.stdout
    output = _output(args)
    if output == "json":
        _write(out, json_safe(report.to_json()) + "\n")
    elif output == "text":
        _write(out, _visible(report.text) if _isatty(out) else report.text)
    else:
        _write(out, render_text(report, use_color(out, args.no_color)) + "\n")
    if args.html:
        _write(sys.stderr, f"{PROG}: wrote HTML report to {args.html}\n")


def _output(args: argparse.Namespace) -> str:
    return "json" if args.json else str(args.output)


def _isatty(stream: TextIO) -> bool:
    try:
        return bool(stream.isatty())
    except (OSError, ValueError, AttributeError):
        return False


def guard_options(args: argparse.Namespace) -> dict[str, Any]:
    """The Guard keyword arguments the command line asks for (``check`` and ``audit``)."""
    options: dict[str, Any] = {"mode": args.mode}
    if args.command in ("check", "audit"):
        fail_on = getattr(args, "fail_on", None)
        if fail_on is not None:
            options["fail_on"] = [s for group in fail_on for s in group if s != "none"]
        if args.thresholds:
            from grounding_guard.evaluation.calibration import Thresholds

            options.update(Thresholds.from_file(args.thresholds).guard_options())
        if args.threshold is not None:
            options["threshold"] = args.threshold
        if args.judge_threshold is not None:
            options["judge_threshold"] = args.judge_threshold
        options.update(
            citations=args.citations,
            min_coverage=args.min_coverage,
            refusal=args.refusal,
            strict_citations=args.strict_citations,
            locale=args.locale,
            values=args.values,
        )
        if args.judge != "lexical":
            options["judge"] = args.judge
    return options


def _guard(args: argparse.Namespace) -> Guard:
    return Guard(**guard_options(args))


def _check(args: argparse.Namespace) -> int:
    guard = _guard(args)  # options first: a bad option fails before any file is read
    evidence = load_evidence_path(args.evidence)
    if not evidence:
        raise ValueError(
            f"{args.evidence}: no evidence in it; an answer cannot be checked against nothing"
        )
    catalog = load_catalog_path(args.catalog) if args.catalog else None
    answer = _read_answer(args.answer)
    if len(answer) > args.max_chars:
        raise ValueError(
            f"the answer is {len(answer):,} characters, over --max-chars {args.max_chars:,}; "
            "raise --max-chars to check it anyway"
        )
    progress = None
    if len(answer) >= LONG_ANSWER and not args.quiet:
        from grounding_guard.evaluation import ProgressPrinter

        progress = ProgressPrinter(sys.stderr, label="check", noun="units")
    report = guard.check(answer, evidence, catalog=catalog, progress=progress)
    _emit(report, args)
    return exit_code(report)


def exit_code(report: Report) -> int:
    """0 clean, 3 refused (blocked), 1 failed otherwise (reported, or filtered)."""
    if report.is_clean:
        return EXIT_OK
    return EXIT_BLOCKED if report.blocked else EXIT_FAIL


def _demo(args: argparse.Namespace) -> int:
    answer, evidence = _demo_inputs()
    report = _guard(args).check(answer, evidence)
    if _output(args) == "summary":
        color = use_color(sys.stdout, args.no_color)
        intro = (
            "grounding-guard demo: the bundled example answer about the Kestrel K2 earbuds, "
            f"checked against {len(report.evidence)} evidence chunks"
        )
        _write(sys.stdout, _paint(intro, _DIM, color) + "\n\n")
    _emit(report, args)
    if _output(args) == "summary":
        _write(
            sys.stdout,
            "\n(demo always exits 0; `grounding-guard check ANSWER --evidence FILE` "
            "exits 1 when an answer fails)\n",
        )
    return EXIT_OK


def _evaluation(args: argparse.Namespace) -> int:
    from grounding_guard.evaluation import (
        ProgressPrinter,
        evaluate,
        format_result,
        make_predictor,
        read_rows,
        sample,
    )
    from grounding_guard.evaluation.calibration import Thresholds, calibrate

    options: dict[str, Any] = {"cited": args.cited}
    if getattr(args, "thresholds", None):
        options.update(Thresholds.from_file(args.thresholds).guard_options())
    predictor = make_predictor(args.judge, **options)
    rows = sample(read_rows(args.data, args.format, split=args.split), args.limit, seed=args.seed)
    progress = None if args.quiet else ProgressPrinter(sys.stderr, label=args.command)
    if args.command == "calibrate":
        thresholds = calibrate(rows, predictor, data=args.data, progress=progress)
        if args.out:
            thresholds.save(args.out)
            _write(sys.stderr, f"{PROG}: wrote thresholds to {args.out}\n")
        _write(sys.stdout, thresholds.to_json() + "\n")
        return EXIT_OK
    group_by = args.group_by or ("src_dataset" if args.format == "attributionbench" else None)
    result = evaluate(rows, predictor, progress=progress, group_by=group_by)
    _write(sys.stdout, (result.to_json() if args.json else format_result(result)) + "\n")
    return EXIT_OK


def _audit(args: argparse.Namespace) -> int:
    from grounding_guard.auditing import AuditInterrupted, audit

    if args.address and args.engine != "ray":
        raise ValueError("--address names a Ray cluster: add --engine ray")
    options = guard_options(args)
    try:
        result = audit(
            args.inputs,
            args.out,
            shape=args.shape,
            fields=dict(args.map),
            group_by=args.group_by,
            engine=args.engine,
            workers=args.workers,
            resume=args.resume,
            address=args.address,
            results_format=args.results_format,
            top=args.top,
            max_chars=args.max_chars,
            progress=False if args.quiet else sys.stderr,
            **options,
        )
    except AuditInterrupted as stop:
        _write(
            sys.stderr,
            f"{PROG}: {stop}; run the same command with --resume to go on\n",
        )
        return 130
    _write(sys.stdout, _visible(result.text()))
    names = ", ".join(p.name for p in (result.results, result.rejects, result.summary_json))
    _write(
        sys.stderr,
        f"{PROG}: wrote {names}, summary.txt and summary.html to {result.out} "
        f"({result.records_per_second:,.0f} records/s)\n",
    )
    return EXIT_OK


def _fail(message: str) -> int:
    line = " ".join(str(message).split()) or "unexpected error"
    with contextlib.suppress(OSError, ValueError):
        sys.stderr.write(f"{PROG}: error: {_visible(line)}\n")
    return EXIT_USAGE


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default ``sys.argv[1:]``); return the exit code."""
    parser = build_parser()
    try:
        args = parser.parse_args(list(argv) if argv is not None else None)
    except SystemExit as exc:  # --help, --version and usage errors
        code = exc.code
        return code if isinstance(code, int) else (EXIT_OK if code is None else EXIT_USAGE)
    try:
        if args.command == "demo":
            return _demo(args)
        if args.command in ("eval", "calibrate"):
            return _evaluation(args)
        if args.command == "audit":
            return _audit(args)
        return _check(args)
    except BrokenPipeError:
        _silence_stdout()
        return EXIT_FAIL
    except KeyboardInterrupt:
        return 130
    except OSError as exc:
        return _fail(_os_message(exc))
    except (GroundingGuardError, TypeError, ValueError, ImportError) as exc:
        return _fail(str(exc))


def _silence_stdout() -> None:
    """After a closed pipe, point stdout at devnull so the exit flush cannot fail again."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
