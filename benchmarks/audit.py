"""Audit throughput and memory, in one command::

    python benchmarks/audit.py [--records 3000] [--memory-records 3000] [--json OUT]

Generates the sample log (``grounding_guard.auditing.sample``: RAG answers from three
models with malformed records mixed in) and reports, in one run:

- records per second of the local engine on 1 and 2 workers, and of the Ray engine (a
  local Ray of 2 CPUs started once; its start-up is reported apart, and one small run
  starts its worker processes first) on 1 and 2 workers, with each engine's scaling
  ratio (2 workers over 1);
- the peak resident memory of a local audit (one worker, in its own process, measured by
  the kernel: ``wait4``'s ``ru_maxrss``) on the log and on a log 10 times longer, which
  stays flat because the engine streams.

Times are wall-clock over the whole ``audit()`` call (reading, checking, writing the
journal, the results and the summary), the fastest of ``--repeat`` runs. Needs pyarrow and Ray: ``pip install
'grounding-guard[ray]'``.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
MEMORY_RUN = """
import sys
from grounding_guard.auditing import audit
result = audit(sys.argv[1], sys.argv[2], workers=1, group_by=["model", "prompt_version"],
               progress=False)
assert result.read == result.checked + result.rejected
print(result.read)
"""


def peak_rss_mib(log: Path, out: Path) -> tuple[float, float]:
    """(peak RSS in MiB, seconds) of a one-worker local audit in a fresh process."""
    env = {
        **os.environ,
        "PYTHONPATH": str(ROOT / "src") + os.pathsep + os.environ.get("PYTHONPATH", ""),
    }
    started = time.perf_counter()
    child = subprocess.Popen(
        [sys.executable, "-c", MEMORY_RUN, str(log), str(out)], env=env, stdout=subprocess.PIPE
    )
    _, status, usage = os.wait4(child.pid, 0)
    elapsed = time.perf_counter() - started
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode:
        raise RuntimeError(f"the memory run failed ({child.returncode})")
    return usage.ru_maxrss / 1024, elapsed  # Linux reports kilobytes


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--records", type=int, default=3000, help="log size for throughput")
    parser.add_argument(
        "--memory-records", type=int, default=3000, help="log size at 1x for memory (10x too)"
    )
    parser.add_argument(
        "--repeat", type=int, default=3, help="runs per figure; the fastest counts (default 3)"
    )
    parser.add_argument("--no-ray", action="store_true", help="skip the Ray engine")
    parser.add_argument("--json", metavar="OUT", help="also write the figures as JSON")
    args = parser.parse_args(argv)

    sys.path.insert(0, str(ROOT / "src"))
    from grounding_guard.auditing import audit
    from grounding_guard.auditing.sample import write_sample_log

    figures: dict[str, Any] = {"records": args.records, "cpus": os.cpu_count()}
    with tempfile.TemporaryDirectory(prefix="gg-audit-bench-") as tmp:
        folder = Path(tmp)
        log = write_sample_log(folder / "log.jsonl", args.records)
        groups = ["model", "prompt_version"]

        def timed(name: str, **options: Any) -> float:
            """Records per second of the fastest of ``--repeat`` runs (a shared machine's
            other load only ever slows a run down)."""
            best = float("inf")
            for _ in range(args.repeat):
                started = time.perf_counter()
                result = audit(log, folder / name, group_by=groups, progress=False, **options)
                best = min(best, time.perf_counter() - started)
                assert result.read == result.checked + result.rejected == args.records
            per_second = args.records / best
            print(f"{name:<10} {per_second:8.1f} records/s  (best {best:.1f} s)", flush=True)
            return per_second

        local = {w: timed(f"local-{w}", workers=w) for w in (1, 2)}
        figures["local"] = {"1": local[1], "2": local[2], "scaling": local[2] / local[1]}
        if not args.no_ray:
            os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
            import ray

            started = time.perf_counter()
            ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
            figures["ray_start_s"] = time.perf_counter() - started
            print(f"ray start  {figures['ray_start_s']:.1f} s", flush=True)
            try:
                small = write_sample_log(folder / "warm.jsonl", 200)
                audit(small, folder / "warm", engine="ray", workers=2, progress=False)
                remote = {w: timed(f"ray-{w}", engine="ray", workers=w) for w in (1, 2)}
            finally:
                ray.shutdown()
            figures["ray"] = {"1": remote[1], "2": remote[2], "scaling": remote[2] / remote[1]}
        memory: dict[str, Any] = {}
        for factor in (1, 10):
            n = args.memory_records * factor
            big = write_sample_log(folder / f"mem-{factor}.jsonl", n)
            rss, seconds = peak_rss_mib(big, folder / f"mem-out-{factor}")
            memory[f"{factor}x"] = {"records": n, "peak_rss_mib": rss, "seconds": seconds}
            print(f"memory {factor:>2}x {n:>7,} records: peak RSS {rss:6.1f} MiB ({seconds:.0f} s)")
            big.unlink()
        memory["ratio"] = memory["10x"]["peak_rss_mib"] / memory["1x"]["peak_rss_mib"]
        figures["memory"] = memory

    print()
    print(f"{'engine':<8}{'1 worker':>12}{'2 workers':>12}{'scaling':>9}   (records/s)")
    for engine in ("local", "ray"):
        if engine in figures:
            f = figures[engine]
            print(f"{engine:<8}{f['1']:>12.1f}{f['2']:>12.1f}{f['scaling']:>8.2f}x")
    print(
        f"peak RSS: {memory['1x']['peak_rss_mib']:.1f} MiB at {memory['1x']['records']:,} "
        f"records, {memory['10x']['peak_rss_mib']:.1f} MiB at {memory['10x']['records']:,} "
        f"({memory['ratio']:.2f}x for 10x the input)"
    )
    if args.json:
        Path(args.json).write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
