"""Audit throughput and memory, in one command::

    python benchmarks/audit.py [--records 3000] [--memory-records 3000] [--json OUT]

Generates the sample log (``grounding_guard.auditing.sample``: RAG answers from three
models with malformed records mixed in) and reports, in one run:

- records per second of the local engine on 1 and 2 workers, and of the Ray engine (a
  local Ray of 2 CPUs started once; its start-up is reported apart, and one small run
  starts its worker processes first) on 1 and 2 workers, with each engine's scaling
  ratio (2 workers over 1);
- the peak resident memory of a local audit (one worker, in its own process, measured by
  the kernel: ``VmHWM``, the high-water mark of its resident set) on the log and on a log
  10 times longer, which stays flat because the engine streams.

Times are wall-clock over the whole ``audit()`` call (reading, checking, writing the
journal, the results and the summary), the fastest of ``--repeat`` runs. For the local
engine the CPU its processes used is printed too, as cores over the run: on a shared
machine a 2-worker run that gets no more than one core cannot go faster, and that column
says so. Needs pyarrow and Ray: ``pip install
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
import resource, sys
from grounding_guard.auditing import audit
result = audit(sys.argv[1], sys.argv[2], workers=1, group_by=["model", "prompt_version"],
               progress=False)
assert result.read == result.checked + result.rejected
# VmHWM: the peak resident set of this program's own memory map (ru_maxrss would also
# count the parent's image this process had between fork and exec)
try:
    with open("/proc/self/status") as status:
        peak = next(int(line.split()[1]) for line in status if line.startswith("VmHWM:"))
except OSError:
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(peak)
"""


def cpu_seconds() -> float:
    """CPU time of this process and its finished children (user + system)."""
    import resource

    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def peak_rss_mib(log: Path, out: Path) -> tuple[float, float]:
    """(peak RSS in MiB, seconds) of a one-worker local audit in a fresh process."""
    env = {
        **os.environ,
        "PYTHONPATH": str(ROOT / "src") + os.pathsep + os.environ.get("PYTHONPATH", ""),
    }
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", MEMORY_RUN, str(log), str(out)],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return int(done.stdout.split()[-1]) / 1024, time.perf_counter() - started  # kB


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
            other load only ever slows a run down); for the local engine also the CPU its
            processes used and how many cores that makes over the run (workers are forked,
            so their CPU counts as this process's children's)."""
            best, used = float("inf"), 0.0
            for _ in range(args.repeat):
                before = cpu_seconds()
                started = time.perf_counter()
                result = audit(log, folder / name, group_by=groups, progress=False, **options)
                seconds = time.perf_counter() - started
                if seconds < best:
                    best, used = seconds, cpu_seconds() - before
                assert result.read == result.checked + result.rejected == args.records
            per_second = args.records / best
            cores = (
                f", {used:.1f} s CPU = {used / best:.2f} cores" if "engine" not in options else ""
            )
            print(f"{name:<10} {per_second:8.1f} records/s  (best {best:.1f} s{cores})", flush=True)
            figures.setdefault("cpu", {})[name] = {"seconds": best, "cpu_seconds": used}
            return per_second

        local = {w: timed(f"local-{w}", workers=w, start_method="fork") for w in (1, 2)}
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
