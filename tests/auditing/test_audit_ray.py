"""The Ray engine in local mode (a 2-CPU Ray started by this module, one session for all
its tests) on the same generated log as the local engine: the per-answer results, the
rejects and the summary are the same bytes, and read = checked + rejected.

Ray's processes talk over the loopback interface, so these tests allow sockets to
localhost only (pytest-socket's ``allow_hosts``); every other address stays blocked.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from grounding_guard.auditing import audit
from grounding_guard.auditing.sample import write_sample_log

pytestmark = pytest.mark.allow_hosts(["127.0.0.1", "::1"])

FILES = ("results.parquet", "rejects.jsonl", "summary.json", "summary.txt", "summary.html")


@pytest.fixture(scope="module")
def ray_session() -> Iterator[Any]:
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")  # no usage report leaves the test
    import ray

    ray.init(
        num_cpus=2,
        include_dashboard=False,
        _node_ip_address="127.0.0.1",  # no lookup of a routable address
        log_to_driver=False,
    )
    try:
        yield ray
    finally:
        ray.shutdown()


def files(folder: Path) -> dict[str, bytes]:
    return {name: (folder / name).read_bytes() for name in FILES}


def test_ray_and_local_agree_byte_for_byte(ray_session: Any, tmp_path: Path) -> None:
    log = write_sample_log(tmp_path / "log.jsonl", 3000)
    groups = ["model", "prompt_version"]
    local = audit(log, tmp_path / "local", workers=2, group_by=groups, progress=False)
    ray = audit(log, tmp_path / "ray", engine="ray", workers=2, group_by=groups, progress=False)
    assert (ray.engine, ray.workers) == ("ray", 2)
    assert ray.read == 3000 and ray.read == ray.checked + ray.rejected
    assert (ray.checked, ray.rejected) == (local.checked, local.rejected)
    assert ray.rejected == 30
    assert files(tmp_path / "ray") == files(tmp_path / "local")
    assert not (tmp_path / "ray" / "ray-parts").exists()
    rejects = [json.loads(x) for x in (tmp_path / "ray" / "rejects.jsonl").read_text().splitlines()]
    assert {r["reject"] for r in rejects} == {
        "bad_json",
        "no_answer",
        "bad_evidence",
        "not_utf8",
        "not_an_object",
        "empty_answer",
    }


def test_ray_reads_a_parquet_export_like_local(ray_session: Any, tmp_path: Path) -> None:
    runs = write_sample_log(tmp_path / "runs.parquet", 1500, shape="langsmith")  # 3 row groups
    options: dict[str, Any] = {
        "shape": "langsmith",
        "group_by": ["model=extra.metadata.ls_model_name"],
        "progress": False,
    }
    local = audit(runs, tmp_path / "local", workers=1, **options)
    ray = audit(runs, tmp_path / "ray", engine="ray", workers=2, **options)
    assert ray.read == local.read == ray.checked + ray.rejected
    assert files(tmp_path / "ray") == files(tmp_path / "local")
