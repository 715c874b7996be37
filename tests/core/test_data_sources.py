"""Every data file names its source (issue #3 "Tile catalogue": "each data file names its
source"; STYLE "Data files carry a source header"): a header comment with a ``source:`` line
before the first table."""

from __future__ import annotations

from pathlib import Path

import pytest

import roundhouse

PACKAGE = Path(roundhouse.__file__).parent
DATA_FILES = sorted(PACKAGE.rglob("*.toml"))


def test_there_are_data_files() -> None:
    names = {p.relative_to(PACKAGE).as_posix() for p in DATA_FILES}
    assert {
        "core/data/tiles.toml",
        "titles/g18us/tiles.toml",
        "titles/g18usa/tiles.toml",
        "titles/g18west/tiles.toml",
    } <= names


@pytest.mark.parametrize("path", DATA_FILES, ids=lambda p: p.relative_to(PACKAGE).as_posix())
def test_data_file_header_names_its_source(path: Path) -> None:
    header: list[str] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            break
        header.append(line)
    assert header and header[0].startswith("#"), "the file must open with a comment"
    assert any(line.lstrip("# ").startswith("source:") for line in header), path.name
