"""18West's starting board, read from ``map.toml``, and the printed facts the core format
has no place for (home circles by company, x2 token start hexes, New York's three hexes, the
coasts, the Land Grants that survive in the text).

§3.1: "Take one station token (two in the case of the GN, NP, and UP) from each company and
place them in the company's starting locations as shown on the map ... Place the UP Doubling
("x2") token in the northern City circle of San Francisco (actually Oakland) (G2-N)".  So
the starting board already carries every company's home token, started or not (§6.4.1 lets
a Public Company take over an unstarted Granger Road's token); :func:`board` places them.

>>> b = board()
>>> len(b.hexes), b["F27"].tokens, b["G2"].tokens
(133, {'s': ['CBQ'], 'n': ['CNW']}, {'n': ['UP'], 's': ['SP']})
"""

from __future__ import annotations

import copy
import dataclasses
import functools
import re
from collections.abc import Mapping
from pathlib import Path
from typing import ClassVar

from roundhouse.core.board import Board, HomeStation
from roundhouse.core.datafile import Edge, Invalid, Table, load
from roundhouse.core.tables.map import MapFile, build_board
from roundhouse.titles.g18west.tiles import tile_set

HERE = Path(__file__).parent
MAP = HERE / "map.toml"

_RANGE = re.compile(r"^([A-Z]+)(\d+)-([A-Z]+)(\d+)$")


@dataclasses.dataclass(frozen=True, kw_only=True)
class OffboardGroupRow(Table):
    """One Off-Map Area printed over several hexes; the key is its name."""

    hexes: tuple[str, ...]
    """Its hexes."""
    shows: str
    """The hex where the board prints its values."""


@dataclasses.dataclass(frozen=True, kw_only=True)
class DoublingTokenRow(Table):
    """Where an x2 token stands at set-up (§3.1, §8.2)."""

    hex: str
    """The hex."""
    city: str | None = None
    """The city circle it takes (the UP's)."""
    edge: Edge | None = None
    """In an unimproved arrow hex: the side facing the company's base city."""

    def __post_init__(self) -> None:
        super().__post_init__()
        if (self.city is None) == (self.edge is None):
            raise Invalid("give a city or an edge")


@dataclasses.dataclass(frozen=True, kw_only=True)
class CoastTable(Table):
    """``[coast]``: §7.5 "Coast-To-Coast"."""

    west: tuple[str, ...]
    """West Coast City hexes."""
    east: tuple[str, ...]
    """East Coast Off-Map Area hexes."""


@dataclasses.dataclass(frozen=True)
class HexRange:
    """A row of hexes written "H13-H21": every hex of one row between the two, both included
    (numbers step by two)."""

    row: str
    first: int
    last: int

    toml_form: ClassVar[str] = '"H13-H21" (a row of hexes)'

    @classmethod
    def parse(cls, text: str) -> HexRange:
        m = _RANGE.match(text)
        if m is None or m.group(1) != m.group(3):
            raise Invalid(f"{text!r} is not a range like 'H5-H11'")
        return cls(m.group(1), int(m.group(2)), int(m.group(4)))

    def hexes(self) -> list[str]:
        return [f"{self.row}{n}" for n in range(self.first, self.last + 1, 2)]

    def __str__(self) -> str:
        return f"{self.row}{self.first}-{self.row}{self.last}"


@dataclasses.dataclass(frozen=True, kw_only=True)
class SettledZone(Table):
    """``[eastern_settled_zone]``: the hexes of §7.1's Eastern Settled Zone."""

    from_column: int
    """Every hex whose column number is at least this."""


@dataclasses.dataclass(frozen=True, kw_only=True)
class WestMap(MapFile):
    """18West map.toml: the board and what the core format has no place for; the hexes named
    must be on the board."""

    offboard_groups: Mapping[str, OffboardGroupRow]
    """Off-Map Areas printed over several hexes."""
    doubling_tokens: Mapping[str, tuple[DoublingTokenRow, ...]]
    """Company -> its x2 tokens on the map at set-up."""
    coast: CoastTable
    """The coasts."""
    land_grants: Mapping[str, tuple[HexRange, ...]]
    """§14.4 Land Grant hexes by company, for the rows the text keeps."""
    reconstructed_land_grants: Mapping[str, tuple[HexRange, ...]] = dataclasses.field(
        default_factory=dict
    )
    """Land Grants of the rows §14.4 has lost, reconstructed (docs/18West-data.md)."""
    destinations: Mapping[str, str] = dataclasses.field(default_factory=dict)
    """Land Grant Company -> its Destination City hex (§2.2.2, §14.4)."""
    eastern_settled_zone: SettledZone | None = None
    """The Eastern Settled Zone (§7.1), reconstructed."""

    def __post_init__(self) -> None:
        super().__post_init__()
        on_board = {h for key in self.hexes for h in key.split()}

        def check(name: str, *key: str | int) -> None:
            if name not in on_board:
                raise Invalid(f"{name} is not a hex of [hexes]", *key)

        for name, group in self.offboard_groups.items():
            for i, h in enumerate(group.hexes):
                check(h, "offboard_groups", name, "hexes", i)
        for company, rows in self.doubling_tokens.items():
            for i, row in enumerate(rows):
                check(row.hex, "doubling_tokens", company, i, "hex")
        for company, dest in self.destinations.items():
            check(dest, "destinations", company)
        for side in ("west", "east"):
            for i, h in enumerate(getattr(self.coast, side)):
                check(h, "coast", side, i)


@functools.cache
def data() -> WestMap:
    """map.toml, read and checked once."""
    return load(MAP, WestMap)


HOUSTON = "L21"
"""Houston, printed with the "D" label on 18xx.games's map (see :func:`board`)."""


@functools.cache
def _printed(houston_d: bool = True) -> Board:
    doc = data()
    if not houston_d:
        rows = dict(doc.hexes)
        rows[HOUSTON] = dataclasses.replace(rows[HOUSTON], label=None)
        doc = dataclasses.replace(doc, hexes=rows)
    return build_board(doc, tile_set())


def board(*, home_tokens: bool = True, houston_d: bool = True) -> Board:
    """A fresh starting board; with ``home_tokens`` every company's home station token and
    the UP's x2 token stand in their circles (§3.1), and each Land Grant x2 token in its
    arrow hex is a track stub pointing at its base city (§8.2: "treated as if it contained a
    small extension of the Company's existing track"; :func:`doubling_tokens`).  Without
    ``houston_d`` Houston L21 has no label and upgrades as the unlettered cities do (the
    ``houston_d`` option; docs/18West-data.md R22)."""
    fresh = copy.deepcopy(_printed(houston_d))
    if home_tokens:
        for home in home_stations():
            fresh.place_token(home.hex, home.city, home.company)
        for token in doubling_tokens():
            if token.city is not None:
                fresh.place_token(token.hex, token.city, token.company)
            elif token.edge is not None:
                fresh.set_stubs(token.hex, frozenset({token.edge}))
    return fresh


@functools.cache
def home_stations() -> tuple[HomeStation, ...]:
    """Every printed home circle, in map order (the ``reserved`` entries of ``map.toml``)."""
    return _printed().home_stations()


def homes_of(company: str) -> tuple[HomeStation, ...]:
    return tuple(h for h in home_stations() if h.company == company)


@dataclasses.dataclass(frozen=True)
class DoublingToken:
    """Where an x2 token stands at set-up: in a city circle (the UP's, ``city``) or in an
    unimproved arrow hex whose ``edge`` faces the company's base city (§3.1, §8.2)."""

    company: str
    hex: str
    city: str | None = None
    edge: int | None = None


@functools.cache
def doubling_tokens() -> tuple[DoublingToken, ...]:
    return tuple(
        DoublingToken(company, row.hex, row.city, row.edge)
        for company, rows in data().doubling_tokens.items()
        for row in rows
    )


@dataclasses.dataclass(frozen=True)
class OffboardGroup:
    """One Off-Map Area printed over several hexes; a route may use only one of them."""

    name: str
    hexes: tuple[str, ...]
    shows: str


@functools.cache
def offboard_groups() -> Mapping[str, OffboardGroup]:
    return {
        name: OffboardGroup(name, row.hexes, row.shows)
        for name, row in data().offboard_groups.items()
    }


@dataclasses.dataclass(frozen=True)
class Coast:
    """§7.5 "Coast-To-Coast": West Coast City hexes and East Coast Off-Map Area hexes."""

    west: frozenset[str]
    east: frozenset[str]


@functools.cache
def coast() -> Coast:
    raw = data().coast
    return Coast(frozenset(raw.west), frozenset(raw.east))


@functools.cache
def land_grants() -> Mapping[str, frozenset[str]]:
    """§14.4 Land Grant hexes by company, for the rows the text keeps (ATSF, KP)."""
    return {
        company: frozenset(h for part in parts for h in part.hexes())
        for company, parts in data().land_grants.items()
    }


@functools.cache
def all_land_grants() -> Mapping[str, frozenset[str]]:
    """Every Land Grant Company's hexes: §14.4's rows and the reconstructed ones."""
    out = dict(land_grants())
    for company, parts in data().reconstructed_land_grants.items():
        out[company] = frozenset(h for part in parts for h in part.hexes())
    return out


@functools.cache
def destinations() -> Mapping[str, str]:
    """Land Grant Company -> Destination City hex (§2.2.2, §14.4; SP and TP reconstructed)."""
    return dict(data().destinations)


@functools.cache
def settled_zone() -> frozenset[str]:
    """The hexes of the Eastern Settled Zone (§7.1; reconstructed, docs/18West-data.md)."""
    zone = data().eastern_settled_zone
    if zone is None:
        return frozenset()
    out: set[str] = set()
    for key in data().hexes:
        for name in key.split():
            m = re.match(r"^[A-Z]+(\d+)$", name)
            if m is not None and int(m.group(1)) >= zone.from_column:
                out.add(name)
    return frozenset(out)
