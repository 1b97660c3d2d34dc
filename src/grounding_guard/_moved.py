"""Import paths that moved in the 0.2 re-layout keep working for this release.

``import grounding_guard.values`` (and every other path in :data:`MOVED`) still works: a
meta-path finder answers the old name with the module that now holds the code, after a
:class:`DeprecationWarning` that names the new path. A path whose code was split across
several modules answers with a view that looks each name up in them, in order.
"""

from __future__ import annotations

import importlib
import importlib.machinery
import importlib.util
import sys
import warnings
from collections.abc import Sequence
from types import ModuleType
from typing import Any

__all__ = ["MOVED", "install"]

#: old module path -> the module(s) that now hold its names, searched in order
MOVED: dict[str, tuple[str, ...]] = {
    "grounding_guard.model": ("grounding_guard.types",),
    "grounding_guard.values": ("grounding_guard.text.figures",),
    "grounding_guard.quotes": (
        "grounding_guard.text.quotes",
        "grounding_guard.judges.quotes",
        "grounding_guard.tools.quoted_lines",
    ),
    "grounding_guard.engine": ("grounding_guard.pipeline.engine",),
    "grounding_guard.evidence_files": ("grounding_guard.evidence.files",),
    "grounding_guard.sections": ("grounding_guard.tools.sections",),
    "grounding_guard.when": ("grounding_guard.tools.when",),
    "grounding_guard.gates": ("grounding_guard.tools.gates",),
    "grounding_guard.calibration": ("grounding_guard.evaluation.calibration",),
    "grounding_guard.judges.values": ("grounding_guard.judges.figures",),
    "grounding_guard.judges.lexicon": ("grounding_guard.text.lexicon",),
    "grounding_guard.judges.analysis": ("grounding_guard.text.analysis",),
    "grounding_guard.models": ("grounding_guard.judges.model",),
    "grounding_guard.models.errors": ("grounding_guard.errors",),
    **{
        f"grounding_guard.models.{name}": (f"grounding_guard.judges.model.{name}",)
        for name in ("backends", "cache", "combined", "judges", "loading", "windows")
    },
}


class _Union(ModuleType):
    """An old module path whose names now live in several modules."""

    def __init__(self, name: str, targets: Sequence[str]) -> None:
        super().__init__(name, f"Moved: see {', '.join(targets)}.")
        self._targets = tuple(targets)

    def __getattr__(self, name: str) -> Any:
        for target in self._targets:
            module = importlib.import_module(target)
            if hasattr(module, name):
                return getattr(module, name)
        raise AttributeError(f"module {self.__name__!r} has no attribute {name!r}")

    def __dir__(self) -> list[str]:
        names: set[str] = set()
        for target in self._targets:
            names.update(dir(importlib.import_module(target)))
        return sorted(names)


class _MovedFinder:
    """Finds the old paths of :data:`MOVED` and loads them as their new modules (a meta
    path finder and loader by protocol: ``importlib.abc`` would cost 14 ms at import)."""

    def find_spec(
        self,
        fullname: str,
        path: Sequence[str] | None,
        target: ModuleType | None = None,
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname not in MOVED:
            return None
        loader: Any = self  # a loader by protocol (create_module, exec_module)
        return importlib.util.spec_from_loader(fullname, loader)

    def __init__(self) -> None:
        self._specs: dict[str, importlib.machinery.ModuleSpec | None] = {}

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        targets = MOVED[spec.name]
        warnings.warn(
            f"{spec.name} moved to {' and '.join(targets)}; the old path goes in a later release",
            DeprecationWarning,
            stacklevel=2,
        )
        if len(targets) == 1:
            module = importlib.import_module(targets[0])
            # the import system stamps the old path's spec on the module it gets back
            self._specs[spec.name] = module.__spec__
            return module
        return _Union(spec.name, targets)

    def exec_module(self, module: ModuleType) -> None:
        """Nothing to run: the module is complete. A moved module gets its own spec back."""
        for old, original in list(self._specs.items()):
            if original is not None and original.name == module.__name__:
                module.__spec__ = original
                del self._specs[old]


_FINDER = _MovedFinder()


def install() -> None:
    """Put the finder first on ``sys.meta_path`` once (``import grounding_guard`` does this):
    first, so that an old submodule path is never loaded a second time from the new folder."""
    if _FINDER not in sys.meta_path:
        sys.meta_path.insert(0, _FINDER)
