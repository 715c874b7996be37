"""``roundhouse render TITLE --out map.svg`` draws a title's starting board (issue #3,
"Rendering"), so map data can be checked by eye against the rulebook."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from roundhouse.cli import main
from roundhouse.titles.g18royalgorge.drawing import every_railroad_board as royal_gorge_board

NS = "{http://www.w3.org/2000/svg}"


def _hex_ids(root: ET.Element) -> set[str]:
    return {g.get("id", "")[4:] for g in root.iter(f"{NS}g") if g.get("id", "").startswith("hex-")}


def test_render_writes_the_18royalgorge_starting_board(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "map.svg"
    assert main(["render", "18RoyalGorge", "--out", str(out)]) == 0
    assert f"wrote {out}" in capsys.readouterr().out
    root = ET.fromstring(out.read_text())
    assert root.tag == f"{NS}svg"
    assert _hex_ids(root) == set(royal_gorge_board().hexes)
    assert "Cañon City" in "".join(root.itertext())


def test_render_spells_titles_loosely(tmp_path: Path) -> None:
    """Title ids are case- and punctuation-insensitive (DESIGN "Title ids")."""
    a, b = tmp_path / "a.svg", tmp_path / "b.svg"
    assert main(["render", "chicago-express", "--out", str(a)]) == 0
    assert main(["render", "ChicagoExpress", "--out", str(b)]) == 0
    assert a.read_bytes() == b.read_bytes()
    assert _hex_ids(ET.fromstring(a.read_text()))


def test_render_refuses_a_title_without_a_map(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "map.svg"
    assert main(["render", "1830", "--out", str(out)]) == 2
    assert "no map data for '1830'" in capsys.readouterr().err
    assert not out.exists()
