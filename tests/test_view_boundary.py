"""Issue #15: everything outside core and titles reads the typed views, never a game's state.

The server, renderer, terminal, bots and agent environments are read with ``ast``: no
``.state`` / ``._state`` attribute (Starlette's ``app.state`` and a bot's ``rng.state`` aside), no
``getattr(x, "state")``, no ``getattr`` chains guessing at insides, and no import of the
title-state modules; nor do the parts of a title folder that serve them (``bot/``,
``drawing.py``), which live with the title but play and draw through the same public API.
The web client is read as text: it reads only the typed view's own keys, and never guesses
between key names (``h.id ?? h.hex``).  A title's 18xx.games translator (its ``interop/``
part) and the generic import/export beside it translate the title's own moves and are exempt.
"""

from __future__ import annotations

import ast
import dataclasses
import re
from pathlib import Path

import pytest

from roundhouse.core.view import GameView

ROOT = Path(__file__).resolve().parents[1] / "roundhouse"
CONSUMERS = ("server", "render", "terminal", "bots", "agents")
FORBIDDEN_MODULES = re.compile(
    r"^roundhouse\.(core\.state|core\.engine18xx|core\.flow(\..*)?|titles\.[a-z0-9_]+\.state)$"
)
STATE_ATTRS = frozenset({"state", "_state"})


def _python_files() -> list[Path]:
    parts = [*ROOT.glob("titles/*/bot/*.py"), *ROOT.glob("titles/*/drawing.py")]
    return sorted([*(p for pkg in CONSUMERS for p in (ROOT / pkg).rglob("*.py")), *parts])


OWN_STATE = frozenset({"app", "rng"})
"""Objects whose ``state`` is not a game's: Starlette's application, a bot's own generator."""


def _is_own(node: ast.expr) -> bool:
    """``app``/``rng`` or ``<anything>.app``/``<anything>.rng``."""
    return (isinstance(node, ast.Name) and node.id in OWN_STATE) or (
        isinstance(node, ast.Attribute) and node.attr in OWN_STATE
    )


def _violations(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(), filename=str(path))
    where = path.relative_to(ROOT.parent) if path.is_relative_to(ROOT.parent) else path.name
    out: list[str] = []
    for node in ast.walk(tree):
        line = f"{where}:{getattr(node, 'lineno', '?')}"
        if isinstance(node, ast.Attribute) and node.attr in STATE_ATTRS and not _is_own(node.value):
            out.append(f"{line}: reads .{node.attr}")
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            if node.func.id == "getattr" and node.args:
                name = node.args[1] if len(node.args) > 1 else None
                if isinstance(name, ast.Constant) and name.value in STATE_ATTRS:
                    out.append(f"{line}: getattr(..., {name.value!r})")
                inner = node.args[0]
                if (
                    isinstance(inner, ast.Call)
                    and isinstance(inner.func, ast.Name)
                    and inner.func.id == "getattr"
                ):
                    out.append(f"{line}: a getattr chain")
        elif isinstance(node, ast.ImportFrom) and node.module:
            if FORBIDDEN_MODULES.match(node.module):
                out.append(f"{line}: imports {node.module}")
        elif isinstance(node, ast.Import):
            out.extend(
                f"{line}: imports {a.name}" for a in node.names if FORBIDDEN_MODULES.match(a.name)
            )
    return out


def test_consumers_never_reach_into_game_state() -> None:
    """The server, renderer, terminal, bots and agents go through the public API and typed views."""
    files = _python_files()
    assert len(files) > 20
    found = [v for path in files for v in _violations(path)]
    assert not found, "\n".join(found)


@pytest.mark.parametrize(
    "source",
    [
        "x = game.state.board",
        "x = game._state",
        "x = getattr(game, 'state')",
        "x = getattr(getattr(s, 'map', None), 'check_run', None)",
        "from roundhouse.core.state import TitleState",
        "import roundhouse.titles.g18royalgorge.state",
        "from roundhouse.core.flow.board_map import BoardMap",
    ],
)
def test_the_boundary_check_catches(tmp_path: Path, source: str) -> None:
    """Each way in is caught, and Starlette's ``app.state`` is not."""
    probe = tmp_path / "probe.py"
    probe.write_text(source + "\n")
    assert len(_violations(probe)) == 1, source
    probe.write_text("rt = request.app.state.runtime\napp.state.runtime = rt\nn = self.rng.state\n")
    assert not _violations(probe)


GUESS = re.compile(r"\b(\w+)\.(\w+)\s*\?\?\s*\1\.(\w+)\b(?![.(\w])")
VIEW_KEY = re.compile(r"(?<![.\w])view\.(\w+)")


def _scripts() -> list[Path]:
    return sorted((ROOT / "web" / "js").glob("*.js"))


def test_web_client_never_guesses_key_names() -> None:
    """No ``h.id ?? h.hex ?? h.coord``: the typed view names each key once."""
    found = [
        f"{p.name}:{n}: {line.strip()}"
        for p in _scripts()
        for n, line in enumerate(p.read_text().splitlines(), 1)
        if GUESS.search(line)
    ]
    assert not found, "\n".join(found)
    assert GUESS.search("const id = h.id ?? h.hex ?? h.coord;")
    assert not GUESS.search("const who = prompt.entity ?? prompt.acting.join(', ');")


def test_web_client_reads_only_the_typed_views_keys() -> None:
    """Every ``view.<key>`` the page reads is a field of GameView."""
    fields = {f.name for f in dataclasses.fields(GameView)}
    used = {m.group(1) for p in _scripts() for m in VIEW_KEY.finditer(p.read_text())}
    assert used, "the page reads no view at all?"
    assert used <= fields, sorted(used - fields)


def test_one_map_renderer_the_web_client_draws_no_map() -> None:
    """Maps are drawn by roundhouse.render only: the page makes no hexagons of its own."""
    source = (ROOT / "web" / "js" / "hexmap.js").read_text()
    assert "polygon" not in source and "Math.cos" not in source
