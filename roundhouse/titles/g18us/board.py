"""18US's board, read from ``map.toml``: a *reconstructed* map (no printed 18US map data is
available), exact in every fact the rulebook states and geographically plausible elsewhere
(docs/18US-board.md marks each hex "rulebook" or "reconstructed").  A printed board replaces
it by replacing ``map.toml``.

The tables after ``[hexes]`` hold what the core format has no place for: the coasts (§6.5.2),
the doubling-token spaces of the off-map display (§6.4.1), the bonus token sites (§10.1-§10.2)
and the Land Grant companies' bases, qualifying Cities and reserved hexes (§7.3).

§3.1: "Place a station token ... from each company on the map in the City circle marked with
the company's herald.  Note that these stations pre-exist the formation of the associated
companies, and block routes", so :func:`board` places every home token.

>>> b = board()
>>> len(b.hexes), b["D25"].tokens, b["E10"].tokens
(96, {'n': ['Erie'], 's': ['PRR']}, {'t': ['DRG']})
>>> circle("H17-E"), sorted(land_grants()["GN"].reserved)
(('H17', 'e'), ['A16', 'B15'])
"""

from __future__ import annotations

import copy
import dataclasses
import functools
from collections.abc import Mapping
from pathlib import Path

from roundhouse.core.board import Board, HomeStation
from roundhouse.core.datafile import Amount, Invalid, Table, load
from roundhouse.core.tables.map import MapFile, build_board
from roundhouse.core.tiles import TileSet
from roundhouse.titles.g18us.tiles import play_tile_set

HERE = Path(__file__).parent
MAP = HERE / "map.toml"

SUFFIXES = ("N", "S", "E", "W")
"""The compass suffixes the rulebook puts after a two-City hex ("D25-N", §6.5)."""


def circle(site: str) -> tuple[str, str | None]:
    """A rulebook site, "E18" or "H17-E", as (hex, city circle or None for the hex's only one).

    >>> circle("D25-S"), circle("B17")
    (('D25', 's'), ('B17', None))
    """
    name, _, suffix = site.partition("-")
    if not suffix:
        return name, None
    if suffix not in SUFFIXES:
        raise ValueError(f"{site!r}: the suffix must be one of {', '.join(SUFFIXES)}")
    return name, suffix.lower()


@dataclasses.dataclass(frozen=True, kw_only=True)
class CoastTable(Table):
    """``[coast]``: §6.5.2 "Coast-To-Coast" City hexes."""

    west: tuple[str, ...]
    """West Coast City hexes, flagged "W"."""
    east: tuple[str, ...]
    """East Coast City hexes, flagged "E"."""


@dataclasses.dataclass(frozen=True, kw_only=True)
class DoublingRow(Table):
    """A City's doubling ("x2") token spaces on the off-map display (§6.4.1); the key is its
    hex."""

    eastern: Amount = 0
    """Spaces for Eastern companies' x2 tokens."""
    land_grant: Amount = 0
    """Spaces for Land Grant companies' x2 tokens."""
    land_grant_companies: tuple[str, ...] = ()
    """The Land Grant companies whose x2 tokens may go there."""


@dataclasses.dataclass(frozen=True, kw_only=True)
class BonusRow(Table):
    """A bonus token and where it may be placed (§6.4.2, §10); the key is its Concession."""

    name: str
    """The Concession's name."""
    value: Amount
    """What it adds to the City (+10, +20)."""
    sites: tuple[str, ...]
    """The Cities, as the rulebook writes them ("H17-E": one circle of a two-City hex)."""


@dataclasses.dataclass(frozen=True, kw_only=True)
class LandGrantRow(Table):
    """A Land Grant company (§7.3); the key is the company."""

    base: str
    """Its home City ("H17-E" for one circle of a two-City hex)."""
    qualifying: tuple[str, ...]
    """The Cities a route from its base must reach to complete its Land Grant (§7.3.1)."""
    reserved: tuple[str, ...] = ()
    """Its two reserved hexes west of a Gateway base (§7.3); none for a West Coast base."""


@dataclasses.dataclass(frozen=True, kw_only=True)
class UsMap(MapFile):
    """18US map.toml: the board and the title's tables; the hexes they name must be on the
    board, and a Land Grant company's reserved hexes must be the hexes reserved for it."""

    coast: CoastTable
    """The coasts."""
    doubling_spaces: Mapping[str, DoublingRow]
    """Hex -> its x2 token spaces."""
    bonus_tokens: Mapping[str, BonusRow]
    """Concession -> its bonus token."""
    land_grants: Mapping[str, LandGrantRow]
    """Company -> its base, qualifying Cities and reserved hexes."""

    def __post_init__(self) -> None:
        super().__post_init__()
        rows = {h: row for key, row in self.hexes.items() for h in key.split()}

        def check(site: str, *key: str | int) -> None:
            try:
                name, city = circle(site)
            except ValueError as exc:
                raise Invalid(str(exc), *key) from None
            if name not in rows:
                raise Invalid(f"{name} is not a hex of [hexes]", *key)
            if city is not None and f"city {city} " not in f"{rows[name].code} ":
                raise Invalid(f"{name} has no city circle {city!r}", *key)

        for side in ("west", "east"):
            for i, h in enumerate(getattr(self.coast, side)):
                check(h, "coast", side, i)
        for h in self.doubling_spaces:
            check(h, "doubling_spaces", h)
        for p, bonus in self.bonus_tokens.items():
            for i, h in enumerate(bonus.sites):
                check(h, "bonus_tokens", p, "sites", i)
        for company, grant in self.land_grants.items():
            check(grant.base, "land_grants", company, "base")
            for i, h in enumerate(grant.qualifying):
                check(h, "land_grants", company, "qualifying", i)
            marked = {h for h, row in rows.items() if row.build_reserved == company}
            if set(grant.reserved) != marked:
                raise Invalid(
                    f"{company}'s reserved hexes are {sorted(marked)} in [hexes]",
                    "land_grants",
                    company,
                    "reserved",
                )


@functools.cache
def data() -> UsMap:
    """map.toml, read and checked once."""
    return load(MAP, UsMap)


@functools.cache
def _printed() -> Board:
    return build_board(data(), play_tile_set())


def printed_board(tiles: TileSet | None = None) -> Board:
    """The board as printed, without tokens; a new board on every call."""
    if tiles is not None:
        return build_board(data(), tiles)
    return copy.deepcopy(_printed())


def board(*, home_tokens: bool = True) -> Board:
    """A fresh starting board; with ``home_tokens`` every company's home station token stands
    in its herald's circle (§3.1)."""
    fresh = printed_board()
    if home_tokens:
        for home in home_stations():
            fresh.place_token(home.hex, home.city, home.company)
    return fresh


@functools.cache
def home_stations() -> tuple[HomeStation, ...]:
    """Every printed home circle, in map order (the ``reserved`` entries of ``map.toml``)."""
    return _printed().home_stations()


@dataclasses.dataclass(frozen=True)
class Coast:
    """§6.5.2: a Coast-To-Coast route runs from a ``west`` hex to an ``east`` hex."""

    west: frozenset[str]
    east: frozenset[str]


@functools.cache
def coast() -> Coast:
    raw = data().coast
    return Coast(frozenset(raw.west), frozenset(raw.east))


@dataclasses.dataclass(frozen=True)
class DoublingSpaces:
    """A City's x2 token spaces (§6.4.1)."""

    hex: str
    eastern: int
    land_grant: int
    land_grant_companies: frozenset[str]


@functools.cache
def doubling_spaces() -> Mapping[str, DoublingSpaces]:
    return {
        h: DoublingSpaces(h, row.eastern, row.land_grant, frozenset(row.land_grant_companies))
        for h, row in data().doubling_spaces.items()
    }


def gateways() -> frozenset[str]:
    """The Gateway Cities: those with Eastern x2 spaces (§3.5, §6.4.1)."""
    return frozenset(h for h, row in doubling_spaces().items() if row.eastern)


@dataclasses.dataclass(frozen=True)
class BonusToken:
    """A bonus token (§6.4.2): its value and the (hex, circle) sites it may take; circle None
    for a hex's only City."""

    concession: str
    name: str
    value: int
    sites: tuple[tuple[str, str | None], ...]


@functools.cache
def bonus_tokens() -> Mapping[str, BonusToken]:
    return {
        p: BonusToken(p, row.name, row.value, tuple(circle(s) for s in row.sites))
        for p, row in data().bonus_tokens.items()
    }


@dataclasses.dataclass(frozen=True)
class LandGrant:
    """A Land Grant company's base (hex, circle), qualifying City hexes and reserved hexes
    (§7.3)."""

    company: str
    base: tuple[str, str | None]
    qualifying: frozenset[str]
    reserved: frozenset[str]


@functools.cache
def land_grants() -> Mapping[str, LandGrant]:
    return {
        company: LandGrant(
            company,
            circle(row.base),
            frozenset(circle(q)[0] for q in row.qualifying),
            frozenset(row.reserved),
        )
        for company, row in data().land_grants.items()
    }


def reserved_hexes() -> dict[str, str]:
    """Hex -> the Land Grant company it is reserved for (§7.3)."""
    return {h: grant.company for grant in land_grants().values() for h in grant.reserved}
