"""18West's tiles and upgrade rules, read once from ``tiles.toml``.

The rulebook lists no tile counts, so the supply is 18xx.games's (``tiles.toml`` header), with
#8 and #9 unlimited (§7.1.2: "this is not a hard limit").  The upgrade table is §7.1.2's for
plain and Town hexes; the city rows of §14.5 are cut from the text copy, so cities follow the
common rule (same label, same stops, next colour), except the two-city cities that merge into
one brown city.  No source gives the green and brown "D" tiles or the green "LA" tile:
:func:`missing_tiles` lists them, so Denver, Dallas-Fort Worth, Houston and Los Angeles cannot
be upgraded from their printed yellow until they are found.

>>> ts = tile_set()
>>> ts.counts["9"], ts.counts["252"], ts["254"].label
(None, 2, 'StL')
"""

from __future__ import annotations

import dataclasses
import functools
import tomllib
from pathlib import Path
from typing import cast

from roundhouse.core.tiles import Colour, TileSet, load_tiles, standard_tiles
from roundhouse.core.track import LayReach
from roundhouse.core.upgrade import UpgradeRules

HERE = Path(__file__).parent

LAY_REACH = LayReach.EXTENDS_ROUTE
"""§7.1.2: "either some part of the new track created must form part of a route of the
Company, or the value of a City on a route of the Company must be increased"."""


@functools.cache
def data() -> dict[str, object]:
    """The parsed ``tiles.toml``, shared: callers must not change it."""
    with (HERE / "tiles.toml").open("rb") as fh:
        return tomllib.load(fh)


def _table(*keys: str) -> dict[str, object]:
    node = data()
    for key in keys:
        node = cast(dict[str, object], node[key])
    return node


def manifest() -> dict[str, int]:
    """Every tile in play with the count 18xx.games gives it."""
    own = cast(dict[str, dict[str, object]], data()["tiles"])
    counts = {t: cast(int, entry["count"]) for t, entry in own.items()}
    return {**cast(dict[str, int], _table("manifest", "18xx_games")), **counts}


def unlimited() -> frozenset[str]:
    return frozenset(cast(list[str], _table("unlimited")["tiles"]))


@functools.cache
def tile_set() -> TileSet:
    """Every tile in play with its supply (None: unlimited)."""
    own = load_tiles(data(), source=str(HERE / "tiles.toml"))
    free = unlimited()
    counts: dict[str, int | None] = {t: None if t in free else n for t, n in manifest().items()}
    numbered = standard_tiles().select({t: c for t, c in counts.items() if t not in own})
    return numbered.merged(TileSet(own.tiles, {t: counts[t] for t in own.tiles}))


@functools.cache
def upgrade_rules() -> UpgradeRules:
    """§7.1.2: plain and Town hexes take only the listed tiles; only cities go past green."""
    table = cast(dict[str, list[str]], _table("upgrades", "table"))
    pairs = cast(list[list[str]], _table("upgrades")["free_stops"])
    return UpgradeRules(
        table={old: frozenset(new) for old, new in table.items()},
        free_stops=frozenset((a, b) for a, b in pairs),
    )


@dataclasses.dataclass(frozen=True)
class MissingTile:
    """A tile the map needs whose face (track, value, slots, count) no source gives."""

    label: str
    colour: Colour
    hexes: tuple[str, ...]


def missing_tiles() -> tuple[MissingTile, ...]:
    """The green "LA" and green and brown "D" tiles (§8.5 upgrades Los Angeles and
    Dallas-Fort Worth to green; gray #259 needs a brown D before it)."""
    rows = cast(list[dict[str, object]], _table("missing")["tiles"])
    return tuple(
        MissingTile(
            str(row["label"]),
            Colour.parse(str(row["color"])),
            tuple(cast(list[str], row["hexes"])),
        )
        for row in rows
    )


def city_rows_cut_after() -> str:
    """The last §14.5 row the text copy keeps: every later row's tiles are unknown."""
    return str(_table("missing")["city_rows_cut_after"])


def city_rows() -> dict[str, dict[str, object]]:
    """The §14.5 "The Cities" rows the rulebook text keeps (hex -> name and tiles)."""
    return cast(dict[str, dict[str, object]], _table("upgrades", "cities"))
