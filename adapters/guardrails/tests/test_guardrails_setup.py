"""The README's offline, non-interactive set-up works as written: its shell blocks run in
a fresh process with a temporary ``HOME``, no stdin (no terminal to answer a prompt) and
the network disabled, and a validation run afterwards prints no download error, makes no
network call, and exits promptly (Guardrails' metrics exporter, left on, retries for
about 10 s at exit).

Each run is a subprocess, because what is checked is process start-up and exit:
Guardrails reads ``~/.guardrailsrc`` and nltk looks for ``punkt`` when imported, and the
exporter's retries happen when the interpreter exits. The network is disabled in those
processes by a ``sitecustomize`` module (on ``PYTHONPATH``) that makes every host lookup
and every internet socket fail at once and says so on stderr.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[1] / "README.md"
SECTION = "## Offline, non-interactive set-up"

#: Loaded by every Python process the set-up starts: no network, and a line on stderr
#: for each attempt (the set-up's output is searched for it).
SITECUSTOMIZE = """
import socket
import sys


def _refuse(host, *args, **kwargs):
    sys.stderr.write(f"NETWORK ATTEMPT: {host}\\n")
    sys.stderr.flush()
    raise OSError(f"network disabled for this test: {host}")


class _NoInternetSocket(socket.socket):
    def __init__(self, family=-1, type=-1, proto=-1, fileno=None):
        if fileno is None and family in (-1, socket.AF_INET, socket.AF_INET6):
            raise OSError("internet sockets disabled for this test")
        super().__init__(family, type, proto, fileno)


socket.getaddrinfo = _refuse
socket.socket = _NoInternetSocket
"""

#: A user's validation run, reporting what the test checks: how long the imports took,
#: what Guardrails read from the rc file, when its work was done.
VALIDATE = """
import sys
import time

started = time.time()
print("VALIDATION START", flush=True)
from guardrails import Guard
from guardrails.settings import settings

from guardrails_grounding_guard import GroundedAnswer

imported = time.time() - started
guard = Guard().use(GroundedAnswer())
outcome = guard.validate(
    "The tower is 330 metres tall [1].\\nIt was painted gold [1].",
    metadata={"sources": ["The Eiffel Tower is 330 metres tall."]},
)
print(repr(outcome.validated_output))
print("rc", settings.rc.enable_metrics, settings.rc.use_remote_inferencing)
print(f"TIMES {started} {imported} {time.time()}", flush=True)
"""

#: Seconds a validation run may take beyond its imports (the check, interpreter start-up
#: and exit); Guardrails' metrics exporter alone retries for about 10 s at exit.
BEYOND_IMPORT_S = 5.0


def setup_blocks() -> list[str]:
    """The ```bash blocks of the README's set-up section, in order: the steps before
    either way, ``configure``, and the hand-written rc file."""
    text = README.read_text(encoding="utf-8")
    start = text.index(SECTION)
    end = text.index("\n## ", start + len(SECTION))
    return re.findall(r"```bash\n(.*?)```", text[start:end], re.S)


def test_the_readme_documents_three_setup_blocks() -> None:
    first, configure, rc_file = setup_blocks()
    assert "LITELLM_LOCAL_MODEL_COST_MAP=True" in first
    assert "nltk_data/tokenizers/punkt" in first
    assert configure.startswith("guardrails configure --disable-metrics")
    assert "< /dev/null" in configure
    assert "~/.guardrailsrc" in rc_file


def offline_env(tmp_path: Path) -> tuple[dict[str, str], Path]:
    """The environment of a fresh user: ``HOME`` at an empty temporary folder, this
    test's Python first on ``PATH``, the network disabled; and that home folder."""
    home = tmp_path / "home"
    home.mkdir()
    site = tmp_path / "site"
    site.mkdir()
    (site / "sitecustomize.py").write_text(SITECUSTOMIZE, encoding="utf-8")
    env = {
        key: value
        for key, value in os.environ.items()
        # what this session's conftest set, and anything that would pre-empt the set-up
        if key not in ("HOME", "LITELLM_LOCAL_MODEL_COST_MAP", "NLTK_DATA", "PYTHONSTARTUP")
    }
    env["HOME"] = str(home)
    env["PATH"] = os.pathsep.join([str(Path(sys.executable).parent), env.get("PATH", "")])
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(site), env.get("PYTHONPATH")]))
    return env, home


def run_setup(tmp_path: Path, way: str) -> tuple[str, float, Path]:
    """Run the README's first block and ``way``, then a validation, in one bash
    (stdin closed: no terminal) in :func:`offline_env`: the merged output, the time it
    ended, and the home folder."""
    env, home = offline_env(tmp_path)
    validate = tmp_path / "validate.py"
    validate.write_text(VALIDATE, encoding="utf-8")
    env["VALIDATE_SCRIPT"] = str(validate)
    first = setup_blocks()[0]
    script = f'set -euo pipefail\n{first}\n{way}\npython "$VALIDATE_SCRIPT"\n'
    done = subprocess.run(
        ["bash", "-c", script],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        env=env,
        cwd=tmp_path,
        text=True,
        timeout=180,  # a prompt aborts with stdin closed; this only stops a hang
    )
    ended = time.time()
    assert done.returncode == 0, done.stdout
    return done.stdout, ended, home


@pytest.mark.parametrize("how", ["configure", "rc_file"])
def test_offline_setup_runs_without_a_terminal(tmp_path: Path, how: str) -> None:
    _, configure, rc_file = setup_blocks()
    output, ended, home = run_setup(tmp_path, configure if how == "configure" else rc_file)
    setup, validation = output.split("VALIDATION START\n", 1)

    # the set-up asked nothing, downloaded nothing (configure only asks PyPI for a newer
    # Guardrails, and carries on when it cannot), and wrote the settings file
    assert "Enable anonymous metrics" not in setup and "API Key" not in setup, setup
    assert "[nltk_data]" not in setup, setup
    attempts = re.findall(r"NETWORK ATTEMPT: (\S+)", setup)
    assert attempts == (["pypi.org"] if how == "configure" else []), setup
    rc = (home / ".guardrailsrc").read_text(encoding="utf-8")
    assert "enable_metrics=false" in rc.splitlines()
    assert "use_remote_inferencing=false" in rc.splitlines()
    if how == "configure":
        assert re.match(r"id=[0-9a-f-]{36}\ntoken=\n", rc), rc

    # the validation read those settings and checked the answer
    assert "rc False False" in validation, validation
    assert "'The tower is 330 metres tall [1].'" in validation
    # offline and quiet: no download, no network call, no error printed
    for noise in ("NETWORK ATTEMPT", "Error loading", "[nltk_data]", "Traceback", "WARNING"):
        assert noise not in validation, validation
    assert "ERROR" not in validation, validation

    # prompt: its work and exit take little beyond the imports
    started, imported, finished = map(float, validation.split("TIMES ")[1].split()[:3])
    assert ended - started - imported < BEYOND_IMPORT_S, (
        f"validation took {ended - started:.1f} s, imports {imported:.1f} s, "
        f"exit {ended - finished:.1f} s after its work"
    )


def test_the_network_is_refused_and_reported(tmp_path: Path) -> None:
    """The checks above would see a download the set-up let through: it is reported."""
    env, _ = offline_env(tmp_path)
    probe = 'import urllib.request\nurllib.request.urlopen("https://pypi.org", timeout=5)\n'
    done = subprocess.run(
        [sys.executable, "-c", probe],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        env=env,
        text=True,
        timeout=60,
    )
    assert done.returncode != 0
    assert "NETWORK ATTEMPT: pypi.org" in done.stderr
