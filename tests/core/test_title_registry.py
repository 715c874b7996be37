"""Titles are found, not listed (issue #15: "adding a title touches nothing outside its
folder"): the registry discovers a package's title folders by their names and imports one only
when it is asked for."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from roundhouse.core.errors import InvalidSetup
from roundhouse.core.title import Registry, folder_key

TOY_TITLE = """
from tests.toy_title import TITLE as _TOY
import dataclasses
TITLE = dataclasses.replace(_TOY, id="18Sample", name="A sample")
"""


@pytest.fixture
def package(tmp_path: Path) -> Iterator[str]:
    """A package ``sampletitles`` with three folders: a title, one still being written (no
    TITLE) and one that fails to import."""
    root = tmp_path / "sampletitles"
    for folder, text in (
        ("g18sample", TOY_TITLE),
        ("g18unfinished", '"""tiles only so far"""\n'),
        ("g18broken", "raise RuntimeError('half written')\n"),
    ):
        (root / folder).mkdir(parents=True)
        (root / folder / "__init__.py").write_text(text)
    (root / "__init__.py").write_text("")
    sys.path.insert(0, str(tmp_path))
    yield "sampletitles"
    sys.path.remove(str(tmp_path))
    for name in [m for m in sys.modules if m.startswith("sampletitles")]:
        del sys.modules[name]


def test_folder_names_stand_for_title_ids() -> None:
    assert folder_key("g18royalgorge") == "18royalgorge"
    assert folder_key("chicago_express") == "chicagoexpress"
    assert folder_key("g18usa") == "18usa"


def test_a_discovered_title_is_imported_only_when_asked_for(package: str) -> None:
    registry = Registry()
    registry.discover(package)
    assert not [m for m in sys.modules if m.startswith(f"{package}.")]
    assert registry.get("18-sample").name == "A sample"
    assert f"{package}.g18broken" not in sys.modules


def test_unfinished_and_broken_folders_are_not_offered(package: str) -> None:
    registry = Registry()
    registry.discover(package)
    assert registry.ids() == ["18Sample"]
    assert "half written" in registry.broken[f"{package}.g18broken"]
    with pytest.raises(InvalidSetup, match="unknown title '18Unfinished'"):
        registry.get("18Unfinished")


def test_the_built_in_titles_are_their_folders() -> None:
    import roundhouse
    from roundhouse.core.title import REGISTRY

    assert {"ChicagoExpress", "18RoyalGorge"} <= set(REGISTRY.ids())
    assert roundhouse.new_game("18 Royal Gorge", ["a", "b"]).title.id == "18RoyalGorge"
