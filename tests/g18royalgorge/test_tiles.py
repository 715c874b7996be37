"""18RoyalGorge tile supply against the rulebook's component list ("Punchboard Track Tiles")."""

from __future__ import annotations

import re
from collections import Counter

from roundhouse.core.tiles import Colour
from roundhouse.titles.g18royalgorge.data import Source, tile_set
from tests.g18royalgorge.shared import rulebook

LETTER = {"S": (1, 2, 2), "R": (1, 1, 1)}
"""Letter tiles per colour (yellow, green, brown): "5 x "S" tiles (1 Yellow, 2 Green, 2 Brown);
3 x "R" tiles (1 Yellow, 1 Green, 1 Brown)"."""


def _numbered(tiles: dict[str, int | None]) -> dict[str, int | None]:
    return {k: v for k, v in tiles.items() if k.isdigit()}


def test_18royalgorge_components_numbered_tiles_match_rulebook() -> None:
    """The numbered tiles and counts are exactly the rulebook's list "5 x #3, 5 x #4, ..."."""
    text = rulebook()
    line = next(ln for ln in text.splitlines() if ln.startswith("- Track tiles:"))
    listed = {num: int(n) for n, num in re.findall(r"(\d+) x #(\d+)", line)}
    assert len(listed) == 35
    assert _numbered(dict(tile_set().counts)) == listed


def test_18royalgorge_components_letter_tiles_by_colour() -> None:
    """5 S tiles (1 yellow, 2 green, 2 brown) and 3 R tiles (one of each colour)."""
    ts = tile_set()
    for letter, per_colour in LETTER.items():
        have = Counter(
            ts[t].colour
            for t in ts.tiles
            if ts[t].label == letter
            for _ in range(ts.counts[t] or 0)
        )
        assert (have[Colour.YELLOW], have[Colour.GREEN], have[Colour.BROWN]) == per_colour, letter


def test_18royalgorge_royal_gorge_tiles_one_green_and_one_brown_per_hex() -> None:
    """The gorge is laid as green (Treaty of Boston) then brown; one tile per gorge hex each."""
    ts = tile_set()
    gorge = {t: ts[t] for t in ts.tiles if t.startswith("RG-")}
    assert Counter(t.colour for t in gorge.values()) == {Colour.GREEN: 3, Colour.BROWN: 3}
    assert all(ts.counts[t] == 1 for t in gorge)
    assert [s.kind.value for s in ts["RG-B"].stops] == ["town"]
    assert ts["RG-C"].stop("c").revenue == 60 and ts["RG-F"].stop("c").revenue == 80


def test_18royalgorge_silver_tile_171() -> None:
    """ "1 x #171 (Silver Tile)": gray, a $60 city with three stations on all six sides."""
    tile = tile_set()["171"]
    assert tile.colour is Colour.GRAY and tile_set().counts["171"] == 1
    assert tile.stop("c").slots == 3 and tile.exits(0) == frozenset(range(6))


def test_18royalgorge_18xx_games_manifest_adds_five_tile_kinds() -> None:
    """18xx.games's manifest = the rulebook's plus 57 x5, 58 x5, 19, 20 and 144 x2."""
    book = dict(tile_set().counts)
    site = dict(tile_set(Source.EIGHTEEN_XX_GAMES).counts)
    extra = {k: v for k, v in site.items() if k not in book}
    assert extra == {"57": 5, "58": 5, "19": 1, "20": 1, "144": 2}
    assert all(site[k] == v for k, v in book.items())
