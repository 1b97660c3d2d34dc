"""The package's layout rules, checked from its own source: the import graph has no
cycles (between modules, and between rooms), and no module imports another module's
private (underscore) names. Built with ``ast`` from the files, so lazy imports inside
functions count too; imports under ``if TYPE_CHECKING:`` are annotations only and are
left out of the cycle check (they never run)."""

from __future__ import annotations

import ast
import importlib.util
from collections.abc import Iterator
from pathlib import Path

import pytest

from grounding_guard.judges import REASON_OWNERS, RESERVED_CODES
from grounding_guard.verdict import REASON_CODES

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "src" / "grounding_guard"

#: The one edge allowed to close a cycle: Report's rendering methods (``to_dict``,
#: ``to_html``, ...) are public API and import the renderers when called.
ALLOWED_EDGES = {("grounding_guard.types", "grounding_guard.report.render")}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def imports(tree: ast.AST, importer: str) -> Iterator[tuple[ast.ImportFrom | ast.Import, bool]]:
    """Every import statement of ``tree``, with whether it runs (not TYPE_CHECKING only)."""

    def walk(node: ast.AST, runs: bool) -> Iterator[tuple[ast.ImportFrom | ast.Import, bool]]:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and is_type_checking(child.test):
                for stmt in child.body:
                    yield from walk_one(stmt, False)
                for stmt in child.orelse:
                    yield from walk_one(stmt, runs)
            else:
                yield from walk_one(child, runs)

    def walk_one(node: ast.AST, runs: bool) -> Iterator[tuple[ast.ImportFrom | ast.Import, bool]]:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node, runs
        yield from walk(node, runs)

    yield from walk(tree, True)


def absolute(node: ast.ImportFrom, importer: str, is_package: bool) -> str:
    if not node.level:
        return node.module or ""
    base = importer.split(".")
    base = base if is_package else base[:-1]
    base = base[: len(base) - node.level + 1]
    return ".".join(base + ([node.module] if node.module else []))


def edges() -> dict[str, set[str]]:
    """module -> the package modules it imports at run time."""
    known = modules()
    graph: dict[str, set[str]] = {name: set() for name in known}
    for name, path in known.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node, runs in imports(tree, name):
            if not runs:
                continue
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            else:
                source = absolute(node, name, path.name == "__init__.py")
                for alias in node.names:
                    sub = f"{source}.{alias.name}"
                    targets.append(sub if sub in known else source)
            for target in targets:
                if target in known and target != name:
                    graph[name].add(target)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one node (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            advanced = False
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                    advanced = True
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def without_allowed(graph: dict[str, set[str]]) -> dict[str, set[str]]:
    return {m: {t for t in ts if (m, t) not in ALLOWED_EDGES} for m, ts in graph.items()}


def room(module: str) -> str:
    """The room of a module: its top-level subpackage, or itself at the top floor."""
    parts = module.split(".")
    return ".".join(parts[:2])


def test_the_module_graph_has_no_cycles() -> None:
    assert cycles(without_allowed(edges())) == []


def test_the_room_graph_has_no_cycles() -> None:
    rooms: dict[str, set[str]] = {}
    for module, targets in without_allowed(edges()).items():
        here = room(module)
        if module == "grounding_guard":
            continue  # the package's face imports every room by design
        rooms.setdefault(here, set()).update(
            room(t) for t in targets if room(t) != here and t != "grounding_guard"
        )
    assert cycles(rooms) == []


def test_the_allowed_edges_exist() -> None:
    """An allowance that no longer matches any import is stale and must go."""
    graph = edges()
    for importer, target in ALLOWED_EDGES:
        assert target in graph[importer]


def python_files() -> Iterator[Path]:
    for folder in ("src", "tests", "scripts", "benchmarks", "adapters"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            if ".venv" not in path.parts and "site-packages" not in path.parts:
                yield path


def private_imports(path: Path) -> list[str]:
    """``from grounding_guard.X import _y`` where X is not the importing module itself."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    own = module_name(path) if path.is_relative_to(PACKAGE) else None
    found = []
    for node, _ in imports(tree, own or ""):
        if not isinstance(node, ast.ImportFrom):
            continue
        source = (
            absolute(node, own or "", path.name == "__init__.py") if node.level else node.module
        )
        if not source or not source.startswith("grounding_guard"):
            continue
        for alias in node.names:
            if alias.name.startswith("_") and not alias.name.startswith("__") and source != own:
                found.append(f"{path.relative_to(ROOT)}:{node.lineno} {source}.{alias.name}")
    return found


def test_no_module_imports_another_modules_private_names() -> None:
    found = [hit for path in python_files() for hit in private_imports(path)]
    assert found == []


# ---- the checks of the rules themselves ---------------------------------------------------


def test_cycles_finds_a_circle_and_only_it() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert cycles(graph) == [["a", "b", "c"]]


def test_private_imports_are_found(tmp_path: Path) -> None:
    path = ROOT / "tests" / "_layout_probe_never_committed.py"
    try:
        path.write_text("from grounding_guard.pipeline.engine import _hidden\n", encoding="utf-8")
        assert private_imports(path) == [
            "tests/_layout_probe_never_committed.py:1 grounding_guard.pipeline.engine._hidden"
        ]
    finally:
        path.unlink()


@pytest.mark.parametrize("code", sorted(REASON_CODES - RESERVED_CODES))
def test_every_reason_code_is_emitted_where_the_owner_map_says(code: str) -> None:
    """A newcomer looking for the check behind a code finds it from REASON_OWNERS."""
    assert code in REASON_OWNERS
    for owner in REASON_OWNERS[code]:
        spec = importlib.util.find_spec(owner)
        assert spec is not None and spec.origin is not None
        assert f'"{code}"' in Path(spec.origin).read_text(encoding="utf-8"), owner


def test_the_owner_map_names_only_known_codes() -> None:
    assert set(REASON_OWNERS) | RESERVED_CODES == set(REASON_CODES)
    assert not set(REASON_OWNERS) & RESERVED_CODES


@pytest.mark.parametrize("code", sorted(RESERVED_CODES))
def test_a_reserved_code_is_emitted_nowhere(code: str) -> None:
    for path in PACKAGE.rglob("*.py"):
        if path.name not in ("verdict.py", "__init__.py") and path.parent.name != "evaluation":
            assert f'"{code}"' not in path.read_text(encoding="utf-8"), path
