"""Core names no title (STYLE.md "Core never imports a title and never tests title.id").

Every module under roundhouse/core is parsed: no string the code uses (error messages, keys,
comparisons) may name a title - refusals carry a stable rule key and each title's
:class:`~roundhouse.core.title.Rulebook` turns the key into its own section - and no import,
however deferred, may reach into roundhouse.titles.  Docstrings (of modules, classes,
functions and attributes) may cite rulebooks: they explain, they do not decide.
"""

from __future__ import annotations

import ast
import pathlib

import pytest

import roundhouse.core

CORE = pathlib.Path(roundhouse.core.__file__).parent
MODULES = sorted(CORE.rglob("*.py"))

TITLE_NAMES = (
    "18USA",
    "18US",
    "18West",
    "RoyalGorge",
    "Royal Gorge",
    "Chicago Express",
    "ChicagoExpress",
    "1817",
)
"""Title ids and names as a message or a test of the title would spell them."""

TITLES_PACKAGE = "roundhouse.titles"


def docstrings(tree: ast.Module) -> set[int]:
    """ids of the string constants that are documentation: a bare string statement (the
    first one of a module, class or function, or one after an attribute)."""
    return {
        id(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Expr)
        and isinstance(node.value, ast.Constant)
        and isinstance(node.value.value, str)
    }


def code_strings(tree: ast.Module) -> list[ast.Constant]:
    """Every string constant that is not documentation, f-string parts included."""
    docs = docstrings(tree)
    return [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs
    ]


def title_names_in(path: pathlib.Path) -> list[str]:
    tree = ast.parse(path.read_text(), filename=str(path))
    found = []
    for node in sorted(code_strings(tree), key=lambda n: (n.lineno, n.col_offset)):
        text = node.value.lower()
        for name in TITLE_NAMES:
            if name.lower() in text:
                found.append(f"{path.name}:{node.lineno}: {name!r} in {node.value!r}")
                break
    return found


def title_imports_in(path: pathlib.Path) -> list[str]:
    tree = ast.parse(path.read_text(), filename=str(path))
    found = []
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module, *(f"{node.module}.{a.name}" for a in node.names)]
        elif (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and node.value.startswith(TITLES_PACKAGE)
        ):
            names = [node.value]  # importlib.import_module("roundhouse.titles...")
        hit = next((n for n in names if n.split(".")[:2] == TITLES_PACKAGE.split(".")), None)
        if hit is not None:
            found.append(f"{path.name}:{node.lineno}: {hit}")
    return sorted(found)


def title_id_tests_in(path: pathlib.Path) -> list[str]:
    """Comparisons involving ``<something>.title.id`` or ``title.id`` (branching on the title;
    writing the id into a saved game or a repr is fine)."""
    tree = ast.parse(path.read_text(), filename=str(path))

    def is_title_id(node: ast.expr) -> bool:
        if not (isinstance(node, ast.Attribute) and node.attr == "id"):
            return False
        owner = node.value
        return (isinstance(owner, ast.Name) and owner.id == "title") or (
            isinstance(owner, ast.Attribute) and owner.attr == "title"
        )

    return [
        f"{path.name}:{node.lineno}"
        for node in ast.walk(tree)
        if isinstance(node, ast.Compare) and any(map(is_title_id, [node.left, *node.comparators]))
    ]


def test_core_is_a_package_of_many_modules() -> None:
    """The checks below see all of core (guards against a wrong path finding nothing)."""
    assert len(MODULES) > 50
    assert CORE / "engine18xx.py" in MODULES and CORE / "flow" / "stock_round.py" in MODULES


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(CORE)))
def test_core_code_names_no_title(path: pathlib.Path) -> None:
    """No string the code uses names a title; the title's rulebook cites the section."""
    assert title_names_in(path) == []


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(CORE)))
def test_core_never_imports_a_title(path: pathlib.Path) -> None:
    assert title_imports_in(path) == []


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(CORE)))
def test_core_never_tests_the_title_id(path: pathlib.Path) -> None:
    assert title_id_tests_in(path) == []


def test_the_check_sees_messages_and_skips_docstrings(tmp_path: pathlib.Path) -> None:
    """The checker itself: a message naming a title is found, in an f-string too; the same
    name in a docstring, an attribute docstring or a comment is not; imports of a title are
    found wherever they are, and so is a test of the title's id."""
    sample = tmp_path / "sample.py"
    sample.write_text(
        '"""Module docs may cite 18USA §14."""\n'
        "import roundhouse.core\n"
        "X = 1\n"
        '"""Attribute docs may cite 18West §6."""\n'
        "def f(corp: str) -> None:\n"
        '    """Function docs may cite 18RoyalGorge "Selling"."""\n'
        "    # a comment naming 1817 is fine\n"
        '    raise ValueError(f"{corp} cannot (18US §6.9)")\n'
        "def g() -> None:\n"
        "    from roundhouse.titles.g18usa import board\n"
        '    if "ChicagoExpress" == "x":\n'
        "        pass\n"
        "def h(game) -> bool:\n"
        '    return game.title.id != "x"\n'
    )
    found = title_names_in(sample)
    assert [line.split(":")[1] for line in found] == ["8", "11"]
    assert title_imports_in(sample) == ["sample.py:10: roundhouse.titles.g18usa"]
    assert title_id_tests_in(sample) == ["sample.py:14"]
