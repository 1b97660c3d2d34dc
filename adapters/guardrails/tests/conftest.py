"""Offline Guardrails for the tests (the scenario they share is ``guardrails_scenario``).

guardrails-ai 0.11 downloads nltk's "punkt" when imported and reads ``~/.guardrailsrc``
(metrics on unless it says otherwise) when imported and on every ``Guard()``; litellm,
which it imports, fetches a model price list unless told to use its bundled one. So,
before guardrails is imported: an empty ``tokenizers/punkt`` folder goes at the end of
``nltk.data.path`` (``NLTK_DATA`` is left alone: llama-index's bundled nltk data shares
this environment), ``HOME`` points at a temporary folder holding a ``.guardrailsrc``
with metrics and remote inference off, and ``LITELLM_LOCAL_MODEL_COST_MAP`` is set.
Sockets are disabled by pytest-socket (see ``addopts``), so any network call fails.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

_HOME = Path(tempfile.mkdtemp(prefix="guardrails-grounding-guard-"))
(_HOME / ".guardrailsrc").write_text("enable_metrics=false\nuse_remote_inferencing=false\n")
(_HOME / "nltk_data" / "tokenizers" / "punkt").mkdir(parents=True)
os.environ["LITELLM_LOCAL_MODEL_COST_MAP"] = "True"
_REAL_HOME = os.environ.get("HOME")
os.environ["HOME"] = str(_HOME)

import nltk  # noqa: E402

nltk.data.path.append(str(_HOME / "nltk_data"))

import guardrails  # noqa: E402,F401  (reads the rc file above once, at import)
import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _offline_home(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every ``Guard()`` reads the rc file again: keep HOME on the offline one."""
    monkeypatch.setenv("HOME", str(_HOME))


def pytest_unconfigure(config: pytest.Config) -> None:
    if _REAL_HOME is not None:
        os.environ["HOME"] = _REAL_HOME
    shutil.rmtree(_HOME, ignore_errors=True)
