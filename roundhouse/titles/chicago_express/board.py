"""The printed board and charters of Chicago Express, loaded once from the TOML data files.

Everything here is fixed for the whole game (hex types, costs, values, neighbours, company
charters); what changes while playing lives in :mod:`.state`.  Neighbours are computed from the
printed coordinates (facts sheet §7.2: flat hexes, odd columns half a hex lower).
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Mapping
from pathlib import Path
from typing import Literal

from roundhouse.core.datafile import Amount, Invalid, Table, load
from roundhouse.core.hexgrid import CoordinateSystem, HexGrid, Layout

COORDINATES = CoordinateSystem(layout=Layout.FLAT, letter_axis="x", first_number=0, stagger="odd")
"""How the board prints hex names (Chicago Express §7.2)."""

HERE = Path(__file__).parent

HexType = Literal["plain", "forest", "mountain", "city", "industrial", "chicago", "start"]
"""The kinds of printed hex (map.toml ``type``)."""
CHICAGO = "A2"
FORT_WAYNE = "D3"
DETROIT = "E0"
EXCLUSIVE_TYPES = frozenset({"forest", "mountain"})
"""Forests and mountains take one company only, ever (Chicago Express §4.2)."""
INCOME_TYPES = frozenset({"city", "mountain", "chicago"})
"""Besides industrial cities, the hexes that raise income (Chicago Express §4.2)."""


@dataclasses.dataclass(frozen=True, slots=True)
class HexInfo:
    """One printed hex; see the field list at the top of ``map.toml``."""

    id: str
    name: str
    type: str
    cost: int
    train: int
    dev: int
    x: int
    y: int

    @property
    def developable(self) -> bool:
        """Whether a house (or a track step) may ever go here (Chicago Express §4.3)."""
        return self.dev > 0


@dataclasses.dataclass(frozen=True, slots=True)
class IndustrialTrack:
    """One city's line on the Industrial City track (Chicago Express §4.3)."""

    hex: str
    start: int
    step: int
    max: int
    player_developable: bool


@dataclasses.dataclass(frozen=True, slots=True)
class Charter:
    """A company as printed on its charter (Chicago Express §1)."""

    id: str
    name: str
    colour: str
    shares: int
    locos: int
    start: str
    income: int
    initial: bool


class Board:
    """The map and charters; shared by every game, so copying a game never copies it."""

    __slots__ = (
        "charters",
        "developable",
        "grid",
        "hexes",
        "industrial",
        "initial_order",
        "neighbours",
        "order",
        "start_owner",
        "value_kind",
    )

    def __init__(
        self,
        hexes: dict[str, HexInfo],
        industrial: dict[str, IndustrialTrack],
        charters: dict[str, Charter],
    ) -> None:
        self.hexes = hexes
        self.industrial = industrial
        self.charters = charters
        self.grid = HexGrid(COORDINATES, hexes)
        self.neighbours: dict[str, tuple[str, ...]] = {
            h: tuple(self.grid.neighbours(h).values()) for h in hexes
        }
        self.initial_order: tuple[str, ...] = tuple(c for c in charters if charters[c].initial)
        self.developable: tuple[str, ...] = tuple(
            h
            for h, info in hexes.items()
            if info.developable and (h not in industrial or industrial[h].player_developable)
        )
        """Hexes a player may ever develop (Detroit develops itself, §4.3)."""
        self.order: dict[str, int] = {h: i for i, h in enumerate(hexes)}
        """Board order (the order of ``map.toml``), for stable move lists."""
        self.value_kind: dict[str, int] = {
            h: 2 if i.type == "industrial" else 1 if i.type in INCOME_TYPES else 0
            for h, i in hexes.items()
        }
        """0: no income; 1: train (+ development) value; 2: Industrial City track value."""
        self.start_owner: dict[str, str] = {c.start: c.id for c in charters.values()}
        """Start hex -> its company."""

    def __deepcopy__(self, memo: dict[int, object]) -> Board:
        return self

    def __repr__(self) -> str:
        return f"<Board Chicago Express {len(self.hexes)} hexes>"


@dataclasses.dataclass(frozen=True, kw_only=True)
class HexRow(Table):
    """One printed hex of ``[hexes]``; the key is its coordinate (neighbours are computed from
    it, Chicago Express §7.2)."""

    name: str = ""
    """Place name ("" when the sources record none)."""
    type: HexType
    """What the hex is."""
    cost: Amount
    """Build cost printed in red (the price for the first company to enter)."""
    train: Amount
    """Income a company gains on entering (industrial: the track's start value)."""
    dev: Amount
    """Development value: city/mountain: income added per development to companies present;
    forest: dollars the bank pays the company present; industrial: track spaces per
    development; 0: cannot be developed."""


@dataclasses.dataclass(frozen=True, kw_only=True)
class IndustrialRow(Table):
    """One city's line on the Industrial City track (Chicago Express §4.3); the key is its
    hex."""

    start: Amount
    """The track's start value."""
    max: Amount
    """Its last space."""
    player_developable: bool = False
    """Whether players may develop the city (Detroit advances by itself)."""


@dataclasses.dataclass(frozen=True, kw_only=True)
class MapFile(Table):
    """Chicago Express map.toml: every industrial city has an ``[industrial]`` line, and only
    they."""

    hexes: Mapping[str, HexRow]
    """Every hex of the board, in board order."""
    industrial: Mapping[str, IndustrialRow]
    """The Industrial City track by hex."""

    def __post_init__(self) -> None:
        super().__post_init__()
        for hex_id in self.hexes:
            try:
                COORDINATES.point(hex_id)
            except ValueError as exc:
                raise Invalid(str(exc), "hexes", hex_id) from None
        for hex_id in self.industrial:
            row = self.hexes.get(hex_id)
            if row is None or row.type != "industrial":
                raise Invalid(f"{hex_id} is not an industrial city", "industrial", hex_id)
        missing = {h for h, row in self.hexes.items() if row.type == "industrial"}
        missing -= set(self.industrial)
        if missing:
            raise Invalid(f"no [industrial] track for {', '.join(sorted(missing))}", "industrial")


@dataclasses.dataclass(frozen=True, kw_only=True)
class CharterRow(Table):
    """A company as printed on its charter (Chicago Express §1); the key is its id."""

    name: str
    """Full name."""
    colour: str
    """Colour of its shares and locomotives."""
    shares: Amount
    """Shares on the charter at the start."""
    locos: Amount
    """Locomotives in the game, including the one placed on the start hex."""
    start: str
    """Start hex (the Wabash's, Fort Wayne, stays empty until the Wabash opens)."""
    income: Amount
    """Income at the start."""
    initial: bool = False
    """Whether its first share is auctioned at set-up (in the file's order)."""


@dataclasses.dataclass(frozen=True, kw_only=True)
class CompaniesFile(Table):
    """Chicago Express companies.toml."""

    companies: Mapping[str, CharterRow]
    """The five companies."""


@functools.cache
def load_board() -> Board:
    """Read and validate ``map.toml`` and ``companies.toml`` (once per process)."""
    doc = load(HERE / "map.toml", MapFile)
    hexes: dict[str, HexInfo] = {}
    for hex_id, row in doc.hexes.items():
        x, y = COORDINATES.point(hex_id)
        hexes[hex_id] = HexInfo(
            id=hex_id,
            name=row.name,
            type=row.type,
            cost=row.cost,
            train=row.train,
            dev=row.dev,
            x=x,
            y=y,
        )
    industrial = {
        hex_id: IndustrialTrack(
            hex=hex_id,
            start=row.start,
            step=hexes[hex_id].dev,
            max=row.max,
            player_developable=row.player_developable,
        )
        for hex_id, row in doc.industrial.items()
    }
    charters: dict[str, Charter] = {}
    for company, charter in load(HERE / "companies.toml", CompaniesFile).companies.items():
        if charter.start not in hexes:
            raise charter.fail(f"start hex {charter.start!r} is not on the map", "start")
        charters[company] = Charter(
            id=company,
            name=charter.name,
            colour=charter.colour,
            shares=charter.shares,
            locos=charter.locos,
            start=charter.start,
            income=charter.income,
            initial=charter.initial,
        )
    return Board(hexes, industrial, charters)
