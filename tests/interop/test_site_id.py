"""The site's ids for shares, trains, tiles, cities, nodes and market cells (facts sheet §5)."""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from typing import Any

import pytest

from roundhouse.interop.document import read_document
from roundhouse.interop.site_id import (
    CityRef,
    MarketCell,
    NodeRef,
    ShareRef,
    SiteIdError,
    TileRef,
    TrainRef,
    lowest_unused_copy,
)
from tests.interop.documents import FIXTURE_NAMES, fixture_path


def test_interop_5_ids_split_at_the_last_separator() -> None:
    assert ShareRef.parse("B&O_12") == ShareRef("B&O", 12)
    assert TrainRef.parse("2+-3") == TrainRef("2+", 3)
    assert TileRef.parse("7ore10-2") == TileRef("7ore10", 2)
    assert TileRef.parse("RG-A-1") == TileRef("RG-A", 1)
    assert CityRef.parse("RG-A-1-0") == CityRef(TileRef("RG-A", 1), 0)
    assert CityRef.parse("B14-1-1") == CityRef(TileRef("B14", 1), 1)
    assert NodeRef.parse("O3-0") == NodeRef("O3", 0)
    assert MarketCell.parse("120,0,13") == MarketCell(120, 0, 13)


@pytest.mark.parametrize(
    ("parse", "value"),
    [
        (ShareRef.parse, "KP"),
        (ShareRef.parse, "_1"),
        (TrainRef.parse, "2+"),
        (TrainRef.parse, "2+-x"),
        (TileRef.parse, "57"),
        (CityRef.parse, "57-0"),
        (NodeRef.parse, "O3"),
        (MarketCell.parse, "70,0"),
        (MarketCell.parse, "a,b,c"),
    ],
)
def test_interop_5_malformed_ids_are_refused_quoting_them(parse: Any, value: str) -> None:
    with pytest.raises(SiteIdError, match=re.escape(repr(value))):
        parse(value)


def test_interop_6_export_uses_the_lowest_unused_copy() -> None:
    assert str(lowest_unused_copy("8", set())) == "8-0"
    assert str(lowest_unused_copy("8", {"8-0", "8-1", "9-2"})) == "8-2"


def _walk(actions: tuple[Mapping[str, Any], ...]) -> Iterator[Mapping[str, Any]]:
    for action in actions:
        yield action
        yield from action.get("auto_actions") or []


@pytest.mark.parametrize("name", FIXTURE_NAMES)
def test_interop_5_every_fixture_id_parses_and_prints_back(name: str) -> None:
    doc = read_document(fixture_path(name))
    seen = 0
    for a in _walk(doc.actions):
        ids: list[tuple[Any, str]] = [(ShareRef, s) for s in a.get("shares") or []]
        if "train" in a:
            ids.append((TrainRef, a["train"]))
        if a["type"] == "lay_tile":
            ids.append((TileRef, a["tile"]))
        if "city" in a:
            ids.append((CityRef, a["city"]))
        if isinstance(a.get("share_price"), str):
            ids.append((MarketCell, a["share_price"]))
        for route in a.get("routes") or []:
            ids.append((TrainRef, route["train"]))
            ids.extend((NodeRef, n) for n in route.get("nodes") or [])
        for kind, value in ids:
            assert str(kind.parse(value)) == value
            seen += 1
    assert seen > 50
