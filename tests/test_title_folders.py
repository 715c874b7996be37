"""A title is one folder (issue #15): no module outside ``roundhouse/titles/<folder>/`` imports
it, however deferred (inside a function or under ``TYPE_CHECKING``), and no title folder
imports another.  The outer layers reach a title through the registry and its folder's parts
(:meth:`roundhouse.core.title.Registry.part`: ``interop``, ``drawing``, ``datafiles``,
``bot``), so adding a title touches nothing outside its folder.
"""

from __future__ import annotations

import ast
import pathlib

import pytest

import roundhouse
from roundhouse.core.title import REGISTRY

PACKAGE = pathlib.Path(roundhouse.__file__).parent
TITLES = PACKAGE / "titles"
FOLDERS = sorted(p.name for p in TITLES.iterdir() if (p / "__init__.py").exists())
MODULES = sorted(PACKAGE.rglob("*.py"))


def imported(source: str, package: str) -> set[str]:
    """Every module named by an import anywhere in the source of a module of ``package``
    (relative imports resolved)."""
    tree = ast.parse(source)
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join([*parts[: len(parts) - node.level + 1], *([base] if base else [])])
            out.add(base)
            out.update(f"{base}.{a.name}" for a in node.names)
    return out


def folder_of(path: pathlib.Path) -> str | None:
    rel = path.relative_to(PACKAGE).parts
    return rel[1] if len(rel) > 2 and rel[0] == "titles" else None


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.relative_to(PACKAGE).as_posix())
def test_only_a_titles_own_folder_imports_it(path: pathlib.Path) -> None:
    own = folder_of(path)
    package = ".".join(path.relative_to(PACKAGE.parent).parts[:-1])
    reached = {
        name.split(".")[2]
        for name in imported(path.read_text(), package)
        if name.startswith("roundhouse.titles.") and len(name.split(".")) > 2
    }
    others = sorted(reached & set(FOLDERS) - {own})
    assert not others, f"{path.relative_to(PACKAGE)} imports title folder(s) {others}"


def test_the_import_scan_sees_deferred_and_relative_imports() -> None:
    """The scan above misses no import it claims to see."""
    source = (
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from roundhouse.titles.g18usa import board\n"
        "def f():\n    import roundhouse.titles.chicago_express.state\n"
        "from ..titles.g18west import tiles\n"
    )
    found = imported(source, "roundhouse.render")
    assert "roundhouse.titles.g18usa.board" in found
    assert "roundhouse.titles.chicago_express.state" in found
    assert "roundhouse.titles.g18west.tiles" in found


def test_the_outer_layers_find_each_titles_parts() -> None:
    """The parts the outer layers look up exist where a title has them: both playable titles
    have a translator or a bot (and 18USA a bot), every title with map data a drawing and
    data files."""
    assert REGISTRY.part("18RoyalGorge", "interop") is not None
    assert REGISTRY.part("ChicagoExpress", "interop") is None
    for title in ("18RoyalGorge", "ChicagoExpress", "18USA"):
        assert REGISTRY.part(title, "bot") is not None
    for title in ("18RoyalGorge", "ChicagoExpress", "18USA", "18West", "18US"):
        assert REGISTRY.part(title, "drawing") is not None
        assert REGISTRY.part(title, "datafiles") is not None
    assert REGISTRY.part("Nonesuch", "drawing") is None
