"""18USA's board, read from ``map.toml``, and the title's own map tables.

The printed board leaves blank what set-up draws (§2.4-§2.6): the red areas' value tokens,
the three metropolises, the subsidies.  :func:`board` builds the printed board and, given the
drawn value tokens, writes them into the red areas; the tables after ``[hexes]`` list the
candidates for each draw so the title can apply it.  Printed icons (resources, bridges, P17's
track) are tables too: they never change in play, unlike the markers a hex collects.

>>> b = board({"Mexico": (20, 30, 50, 60)})
>>> b["I11"].tile.stops[0].revenue_in(Colour.BROWN), b["D28"].label, len(b.hexes)
(50, 'NY', 114)
>>> red_areas()["Mexico"].hexes
('I5', 'I7', 'I9', 'I11', 'J12', 'K13')
"""

from __future__ import annotations

import dataclasses
import functools
import re
from collections.abc import Iterable, Mapping
from pathlib import Path

from roundhouse.core.board import Board
from roundhouse.core.datafile import Amount, Edge, Invalid, Table, load, replace
from roundhouse.core.tables.map import HexRow, MapFile, build_board
from roundhouse.core.tiles import Colour, TileSet
from roundhouse.titles.g18usa.tiles import tile_set

HERE = Path(__file__).parent
MAP = HERE / "map.toml"

RedValue = tuple[int, int, int, int]
"""A red area value token: yellow, green, brown, gray (phases 2, 3-4, 5-6, 7-8; §12.4.1)."""

PHASE_COLOURS = (Colour.YELLOW, Colour.GREEN, Colour.BROWN, Colour.GRAY)

_REVENUE = re.compile(r"\brevenue=0\b")

ValueToken = tuple[Amount, Amount, Amount, Amount]
"""A red area value token as written: [yellow, green, brown, gray]."""


@dataclasses.dataclass(frozen=True, kw_only=True)
class RedAreaRow(Table):
    """One red area (§12.4.1); the key is its name."""

    hexes: tuple[str, ...]
    """Its hexes, each printed with a "revenue=0" stop for the drawn token."""
    small_city: bool
    """Whether routes pass through it (else a route must start or end there)."""
    site_draw: Amount
    """Which of 18xx.games's drawn tokens it takes."""


@dataclasses.dataclass(frozen=True, kw_only=True)
class RedAreaTokens(Table):
    """The value tokens: the rulebook's random ten, P6 Import / Export Hub's own, and
    18xx.games's pool of eleven in its order (appendix; map.toml header)."""

    rulebook: tuple[ValueToken, ...]
    """The tokens drawn at random."""
    import_export_hub: ValueToken
    """P6 Import / Export Hub's token."""
    site_pool: tuple[ValueToken, ...]
    """18xx.games's pool, in its order."""


@dataclasses.dataclass(frozen=True, kw_only=True)
class MetropolisRow(Table):
    """A potential metropolis (§2.4); the key is its hex."""

    tile: str
    """Its yellow M tile."""
    rotation: Edge | None = None
    """The rotation that puts the tile's north arrow up; none: chosen in play (Denver)."""


@dataclasses.dataclass(frozen=True, kw_only=True)
class MetropolisTable(Table):
    """``[metropolis]`` (§2.4, §12.2.3)."""

    always: str
    """New York's hex: a metropolis in every game."""
    candidates: Mapping[str, MetropolisRow]
    """The six candidates, in 18xx.games's draw order."""


@dataclasses.dataclass(frozen=True, kw_only=True)
class HexList(Table):
    """A list of hexes."""

    hexes: tuple[str, ...]
    """The hexes."""


@dataclasses.dataclass(frozen=True, kw_only=True)
class Bridges(Table):
    """``[bridges]`` (§13.4)."""

    cities: tuple[str, ...]
    """Cities with a bridge icon."""


@dataclasses.dataclass(frozen=True, kw_only=True)
class UsaMapFile(MapFile):
    """18USA map.toml: the board and the tables of what set-up draws and what icons are
    printed; every hex they name must be on the board."""

    red_areas: Mapping[str, RedAreaRow]
    """The seven red areas by name."""
    red_area_tokens: RedAreaTokens
    """The red area value tokens."""
    metropolis: MetropolisTable
    """New York and the potential metropolises."""
    subsidies: HexList
    """The 14 orange subsidy cities (§2.5), in 18xx.games's order."""
    resources: Mapping[str, tuple[str, ...]]
    """Resource kind (coal, ore, oil) -> hexes with its icon (§13)."""
    bridges: Bridges
    """Cities with a bridge icon."""
    great_northern: HexList
    """Hexes with P17 Great Northern Railway's track icon."""
    stubs: Mapping[str, Edge]
    """18xx.games's track stubs: hex -> the edge every tile laid there must use."""

    def __post_init__(self) -> None:
        super().__post_init__()
        on_board = {h for key in self.hexes for h in key.split()}

        def check(names: tuple[str, ...] | list[str], *key: str | int) -> None:
            for i, name in enumerate(names):
                if name not in on_board:
                    raise Invalid(f"{name} is not a hex of [hexes]", *key, i)

        for area, row in self.red_areas.items():
            check(row.hexes, "red_areas", area, "hexes")
        check(list(self.metropolis.candidates), "metropolis", "candidates")
        check([self.metropolis.always], "metropolis", "always")
        check(self.subsidies.hexes, "subsidies", "hexes")
        for kind, hexes in self.resources.items():
            check(hexes, "resources", kind)
        check(self.bridges.cities, "bridges", "cities")
        check(self.great_northern.hexes, "great_northern", "hexes")
        check(list(self.stubs), "stubs")


@functools.cache
def data() -> UsaMapFile:
    """map.toml, read and checked once."""
    return load(MAP, UsaMapFile)


@dataclasses.dataclass(frozen=True)
class RedArea:
    """One red area (§12.4.1): its hexes, whether it is a small city routes pass through
    (else a route must start or end there), and which of 18xx.games's drawn tokens it
    takes."""

    name: str
    hexes: tuple[str, ...]
    small_city: bool
    site_draw: int


@dataclasses.dataclass(frozen=True)
class Metropolis:
    """A potential metropolis (§2.4): its yellow M tile and the rotation that puts the
    tile's north arrow up; None for Denver, whose orientation is chosen (§12.2.3)."""

    hex: str
    tile: str
    rotation: int | None


def red_areas() -> dict[str, RedArea]:
    """The seven red areas by name (§4)."""
    return {
        name: RedArea(name, row.hexes, row.small_city, row.site_draw)
        for name, row in data().red_areas.items()
    }


def reached_areas(reach_hexes: Iterable[str]) -> list[str]:
    """Red areas with a hex the company's routes reach."""
    hexes = set(reach_hexes)
    return [name for name, area in red_areas().items() if hexes & set(area.hexes)]


def red_area_tokens() -> RedAreaTokens:
    return data().red_area_tokens


def metropolis_candidates() -> dict[str, Metropolis]:
    """The six potential metropolises by hex, in 18xx.games's draw order (§2.4)."""
    return {
        hex_name: Metropolis(hex_name, row.tile, row.rotation)
        for hex_name, row in data().metropolis.candidates.items()
    }


def new_york() -> str:
    """The hex of New York, a metropolis in every game (appendix "Metropolis")."""
    return data().metropolis.always


def subsidy_hexes() -> tuple[str, ...]:
    """The 14 orange subsidy cities (§2.5), in 18xx.games's order."""
    return data().subsidies.hexes


def resource_hexes() -> dict[str, frozenset[str]]:
    """Resource kind (coal, ore, oil) -> hexes with its icon (§13)."""
    return {kind: frozenset(hexes) for kind, hexes in data().resources.items()}


def bridge_cities() -> frozenset[str]:
    """Cities with a bridge icon (§13.4)."""
    return frozenset(data().bridges.cities)


def great_northern_hexes() -> frozenset[str]:
    """Hexes with P17 Great Northern Railway's track icon (18xx.games)."""
    return frozenset(data().great_northern.hexes)


def stubs() -> dict[str, int]:
    """18xx.games's track stubs: hex -> the edge every tile laid there must use."""
    return dict(data().stubs)


def revenue_code(value: RedValue) -> str:
    """A value token in tile-code form: ``yellow:20/green:30/brown:40/gray:50``."""
    return "/".join(f"{c.label}:{v}" for c, v in zip(PHASE_COLOURS, value, strict=True))


def board(red_values: Mapping[str, RedValue] | None = None, tiles: TileSet | None = None) -> Board:
    """The board as printed, with the red areas' drawn value tokens when given (area name ->
    token; §2.6: "Randomly assign one of the ... red area value tokens to each red area").
    Areas left out keep the printed blank (revenue 0).  A new board on every call."""
    values = dict(red_values or {})
    areas = red_areas()
    unknown = sorted(set(values) - set(areas))
    if unknown:
        raise ValueError(f"no red area {', '.join(unknown)}; red areas are {sorted(areas)}")
    doc = data()
    if values:
        by_hex = {h: values[a.name] for a in areas.values() if a.name in values for h in a.hexes}
        changed: dict[str, HexRow] = {}
        for key, row in doc.hexes.items():
            names = key.split()
            drawn = {by_hex[h] for h in names if h in by_hex}
            if not drawn:
                changed[key] = row
                continue
            if len(drawn) > 1 or any(h not in by_hex for h in names):
                raise doc.fail("hexes of different red areas share this entry", "hexes", key)
            code = f"revenue={revenue_code(drawn.pop())}"
            new_code, count = _REVENUE.subn(code, row.code)
            if count != 1:
                raise row.fail("a red area hex needs one 'revenue=0' stop", "code")
            changed[key] = replace(row, code=new_code)
        doc = replace(doc, hexes=changed)
    live = build_board(doc, tiles or tile_set())
    for name, edge in doc.stubs.items():
        live.set_stubs(name, frozenset({edge}))
    return live
