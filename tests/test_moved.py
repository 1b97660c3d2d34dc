"""Import paths the 0.2 re-layout moved keep working for this release, with a warning."""

from __future__ import annotations

import importlib
import importlib.util
import sys

import pytest

import grounding_guard as gg
from grounding_guard._moved import MOVED

# an old path and a name every user of it could have imported
DOCUMENTED = [
    ("grounding_guard.model", "Report"),
    ("grounding_guard.values", "read_values"),
    ("grounding_guard.values", "PRESETS"),
    ("grounding_guard.quotes", "check_sentence"),
    ("grounding_guard.quotes", "check_quotes"),
    ("grounding_guard.quotes", "verbatim_span"),
    ("grounding_guard.sections", "split_sections"),
    ("grounding_guard.when", "when_said"),
    ("grounding_guard.gates", "checkable"),
    ("grounding_guard.calibration", "calibrate"),
    ("grounding_guard.models", "load_judge"),
    ("grounding_guard.models", "default_judge"),
    ("grounding_guard.models.combined", "CombinedJudge"),
    ("grounding_guard.engine", "run"),
    ("grounding_guard.evidence_files", "load_evidence_path"),
]


def fresh_import(path: str) -> object:
    sys.modules.pop(path, None)
    return importlib.import_module(path)


@pytest.mark.parametrize(("old", "name"), DOCUMENTED)
def test_an_old_path_still_gives_the_same_object_with_a_warning(old: str, name: str) -> None:
    with pytest.warns(DeprecationWarning, match=f"{old} moved to"):
        module = fresh_import(old)
    found = getattr(module, name)
    homes = [importlib.import_module(target) for target in MOVED[old]]
    assert any(getattr(home, name, None) is found for home in homes)


@pytest.mark.parametrize("old", sorted(MOVED))
def test_every_moved_path_imports(old: str) -> None:
    with pytest.warns(DeprecationWarning, match="moved to"):
        fresh_import(old)


def test_an_old_submodule_is_the_new_module_not_a_second_copy() -> None:
    with pytest.warns(DeprecationWarning, match="moved to"):
        old = fresh_import("grounding_guard.models.combined")
    new = importlib.import_module("grounding_guard.judges.model.combined")
    assert old is new


def test_an_old_split_path_names_what_it_lacks() -> None:
    with pytest.warns(DeprecationWarning, match="moved to"):
        quotes = fresh_import("grounding_guard.quotes")
    with pytest.raises(AttributeError, match="no_such_name"):
        getattr(quotes, "no_such_name")  # noqa: B009


def test_old_path_report_is_the_public_report() -> None:
    with pytest.warns(DeprecationWarning, match="moved to"):
        assert fresh_import("grounding_guard.model").Report is gg.Report  # type: ignore[attr-defined]


def test_an_old_path_leaves_the_new_modules_spec_alone() -> None:
    with pytest.warns(DeprecationWarning, match="moved to"):
        fresh_import("grounding_guard.judges.values")
    spec = importlib.util.find_spec("grounding_guard.judges.figures")
    assert spec is not None and spec.name == "grounding_guard.judges.figures"
    assert spec.origin is not None and spec.origin.endswith("figures.py")
