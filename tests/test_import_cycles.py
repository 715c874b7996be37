"""Import cycles (issue #15: "no import cycle, not even type-only").

The package's import graph counts every import: module level, under ``TYPE_CHECKING`` and
inside functions.  There is none: flow is typed against a protocol
(:mod:`roundhouse.core.flow.flow_game`), not the engine that builds it.  ``KNOWN`` stays as the
place to list a cycle accepted as debt; a new cycle, or a module joining a known one, fails.
"""

from __future__ import annotations

import ast
import pathlib

import roundhouse

PACKAGE = pathlib.Path(roundhouse.__file__).parent

KNOWN: tuple[set[str], ...] = ()


def module_name(path: pathlib.Path) -> str:
    parts = list(path.relative_to(PACKAGE).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def import_graph() -> dict[str, set[str]]:
    """Module -> the package modules it imports, however and wherever."""
    modules = {module_name(p): p for p in PACKAGE.rglob("*.py")}
    graph: dict[str, set[str]] = {m: set() for m in modules}
    for name, path in modules.items():
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module and not node.level:
                base = node.module.removeprefix("roundhouse").lstrip(".")
                if not node.module.startswith("roundhouse"):
                    continue
                named = [f"{base}.{a.name}".lstrip(".") for a in node.names]
                found = [n for n in named if n in modules]
                if len(found) < len(named):
                    found.append(base)
            elif isinstance(node, ast.Import):
                found = [
                    a.name.removeprefix("roundhouse").lstrip(".")
                    for a in node.names
                    if a.name.startswith("roundhouse.")
                ]
            else:
                continue
            graph[name].update(t for t in found if t in modules and t != name)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[set[str]]:
    """The strongly connected components with more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[set[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, edges = work[-1]
            step = next(edges, None)
            if step is not None:
                if step not in index:
                    index[step] = low[step] = len(index)
                    stack.append(step)
                    on_stack.add(step)
                    work.append((step, iter(sorted(graph[step]))))
                elif step in on_stack:
                    low[node] = min(low[node], index[step])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.add(member)
                    if member == node:
                        break
                if len(component) > 1:
                    out.append(component)
    return out


def test_no_import_cycle_beyond_the_known_ones() -> None:
    found = cycles(import_graph())
    new = [sorted(c) for c in found if not any(c <= known for known in KNOWN)]
    assert not new, f"new import cycles: {new}"


def test_the_cycle_finder_finds_type_only_and_deferred_cycles() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert cycles(graph) == [{"a", "b", "c"}]
    assert cycles({"x": {"y"}, "y": set()}) == []
