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

import dataclasses
import enum
import functools
from collections.abc import Mapping
from pathlib import Path

from roundhouse.core.datafile import Amount, Invalid, Table, load
from roundhouse.core.tables.tiles import TilesFile, UpgradesTable, select, standard_tiles
from roundhouse.core.tiles import Colour, TileSet
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


@dataclasses.dataclass(frozen=True, kw_only=True)
class UsaManifest(Table):
    """``[manifest]``: the rulebook's tile manifest."""

    rulebook: Mapping[str, tuple[Amount, Amount]]
    """Every tile in play: [expansion count, full-game addition]."""


@dataclasses.dataclass(frozen=True, kw_only=True)
class UnlimitedTiles(Table):
    """``[unlimited]``: §12.2, "All plain city and plain track tiles are considered to be
    unlimited in quantity"."""

    tiles: tuple[str, ...]
    """The plain city and plain track tiles."""


@dataclasses.dataclass(frozen=True, kw_only=True)
class UsaUpgrades(UpgradesTable):
    """The upgrade rules of §12.2.2-§12.2.4."""

    hex_only: Mapping[str, str] = dataclasses.field(default_factory=dict)
    """Tiles one hex alone takes: tile -> hex (the title's track rules enforce it)."""
    skip_fee_per_level: Amount
    """§12.2.4: the fee per colour level plain track skips."""
    empty_city_colour: Colour
    """§12.2.4: the colour an empty city hex takes as its first tile."""


@dataclasses.dataclass(frozen=True, kw_only=True)
class UsaTiles(TilesFile):
    """18USA tiles.toml: the X tiles, the manifest, the unlimited tiles and the upgrades; every
    tile named must be in the manifest."""

    manifest: UsaManifest
    """The tile manifest."""
    unlimited: UnlimitedTiles
    """The unlimited tiles."""
    upgrades: UsaUpgrades = dataclasses.field()

    def __post_init__(self) -> None:
        super().__post_init__()
        listed = self.manifest.rulebook
        for i, tile in enumerate(self.unlimited.tiles):
            if tile not in listed:
                raise Invalid(
                    f"tile {tile!r} is not in [manifest.rulebook]", "unlimited", "tiles", i
                )
        for tile in self.tiles:
            if tile not in listed:
                raise Invalid(f"tile {tile!r} is not in [manifest.rulebook]", "tiles", tile)


@functools.cache
def data() -> UsaTiles:
    """tiles.toml, read and checked once."""
    return load(HERE / "tiles.toml", UsaTiles)


def manifest() -> dict[str, tuple[int, int]]:
    """Tile id -> (expansion count, full-game addition), as the rulebook lists them."""
    return dict(data().manifest.rulebook)


def unlimited() -> frozenset[str]:
    """§12.2: the plain city and plain track tiles, unlimited in play."""
    return frozenset(data().unlimited.tiles)


@functools.cache
def tile_set(edition: Edition = Edition.FULL) -> TileSet:
    """Every tile in play with its supply (None: unlimited)."""
    doc = data()
    own = doc.tile_set()
    free = unlimited()
    counts: dict[str, int | None] = {}
    for tile, (base, extra) in manifest().items():
        if tile in free:
            counts[tile] = None
        else:
            counts[tile] = base + (extra if edition is Edition.FULL else 0)
    numbered = select(
        standard_tiles(),
        {t: c for t, c in counts.items() if t not in own},
        doc.manifest,
        "rulebook",
    )
    return numbered.merged(TileSet(own.tiles, {t: counts[t] for t in own.tiles}))


@functools.cache
def upgrade_rules() -> UpgradeRules:
    """§12.2.2-§12.2.3: metropolis B tiles, New York's merged brown city, and the tiles only
    privates lay."""
    return data().upgrades.rules()


def hex_only() -> dict[str, str]:
    """Tiles one hex alone takes (X13 in Cleveland); the title's track rules enforce it."""
    return dict(data().upgrades.hex_only)


def colour_skip() -> ColourSkip:
    """§12.2.4 (phases 5-8): "$10 per level" to build plain track colours ahead."""
    return ColourSkip(fee_per_level=data().upgrades.skip_fee_per_level)


def empty_city_colour() -> Colour:
    """§12.2.4 (phases 5-8): "a green city tile must be used instead of a yellow city tile"."""
    return data().upgrades.empty_city_colour
