"""18USA's tiles and upgrade rules, read once from ``tiles.toml``.

The file holds the title's own X tiles, the rulebook's tile manifest ("Tile Manifest and Red
Area Markers", counts as expansion + full game) and the upgrade rules of §12.2.2-§12.2.4.
:func:`tile_set` is the supply a game starts with: the standard numbered tiles at this title's
counts plus the X tiles, the plain city and plain track tiles unlimited (§12.2).

>>> ts = tile_set()
>>> ts.counts["8"], ts.counts["X12"], ts["X12"].label
(None, 1, 'NY')
>>> tile_set(Edition.EXPANSION).counts["592"]
0
"""

from __future__ import annotations

import enum
import functools
import tomllib
from pathlib import Path
from typing import cast

from roundhouse.core.tiles import Colour, TileSet, load_tiles, standard_tiles
from roundhouse.core.track import LayReach
from roundhouse.core.upgrade import ColourSkip, UpgradeRules

HERE = Path(__file__).parent

LAY_REACH = LayReach.ANY_LINK_TOUCHES
"""§12.2.2: "some part of the track on the new tile (not necessarily a new part) must be part
of a route of the company making the upgrade"."""


class Edition(enum.Enum):
    """Which box: the full game, or the expansion played with 1817's tiles added
    ("the number after the '+' is the additional number provided by the full game or that must
    be used from 1817")."""

    FULL = "full"
    EXPANSION = "expansion"


@functools.cache
def data() -> dict[str, object]:
    """The parsed ``tiles.toml``, shared: callers must not change it."""
    with (HERE / "tiles.toml").open("rb") as fh:
        return tomllib.load(fh)


def _table(key: str) -> dict[str, object]:
    return cast(dict[str, object], data()[key])


def manifest() -> dict[str, tuple[int, int]]:
    """Tile id -> (expansion count, full-game addition), as the rulebook lists them."""
    rows = cast(dict[str, list[int]], _table("manifest")["rulebook"])
    return {tile: (pair[0], pair[1]) for tile, pair in rows.items()}


def unlimited() -> frozenset[str]:
    """§12.2: the plain city and plain track tiles, unlimited in play."""
    return frozenset(cast(list[str], _table("unlimited")["tiles"]))


@functools.cache
def tile_set(edition: Edition = Edition.FULL) -> TileSet:
    """Every tile in play with its supply (None: unlimited)."""
    own = load_tiles(data(), source=str(HERE / "tiles.toml"))
    free = unlimited()
    counts: dict[str, int | None] = {}
    for tile, (base, extra) in manifest().items():
        if tile in free:
            counts[tile] = None
        else:
            counts[tile] = base + (extra if edition is Edition.FULL else 0)
    numbered = standard_tiles().select({t: c for t, c in counts.items() if t not in own})
    return numbered.merged(TileSet(own.tiles, {t: counts[t] for t in own.tiles}))


@functools.cache
def upgrade_rules() -> UpgradeRules:
    """§12.2.2-§12.2.3: metropolis B tiles, New York's merged brown city, and the tiles only
    privates lay."""
    up = _table("upgrades")
    table = cast(dict[str, list[str]], up["table"])
    return UpgradeRules(
        table={old: frozenset(new) for old, new in table.items()},
        free_label=frozenset((a, b) for a, b in cast(list[list[str]], up["free_label"])),
        free_stops=frozenset((a, b) for a, b in cast(list[list[str]], up["free_stops"])),
        special=frozenset(cast(list[str], up["special"])),
    )


def hex_only() -> dict[str, str]:
    """Tiles one hex alone takes (X13 in Cleveland); the title's track rules enforce it."""
    return dict(cast(dict[str, str], _table("upgrades")["hex_only"]))


def colour_skip() -> ColourSkip:
    """§12.2.4 (phases 5-8): "$10 per level" to build plain track colours ahead."""
    return ColourSkip(fee_per_level=cast(int, _table("upgrades")["skip_fee_per_level"]))


def empty_city_colour() -> Colour:
    """§12.2.4 (phases 5-8): "a green city tile must be used instead of a yellow city tile"."""
    return Colour.parse(cast(str, _table("upgrades")["empty_city_colour"]))
