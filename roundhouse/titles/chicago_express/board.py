"""The printed board and charters of Chicago Express, loaded once from the TOML data files.

Everything here is fixed for the whole game (hex types, costs, values, neighbours, company
charters); what changes while playing lives in :mod:`.state`.  Neighbours are computed from the
printed coordinates (facts sheet §7.2: flat hexes, odd columns half a hex lower).
"""

from __future__ import annotations

import dataclasses
import functools
import tomllib
from importlib import resources
from typing import Any

from roundhouse.core.hexgrid import CoordinateSystem, HexGrid, Layout

COORDINATES = CoordinateSystem(layout=Layout.FLAT, letter_axis="x", first_number=0, stagger="odd")
"""How the board prints hex names (Chicago Express §7.2)."""

HEX_TYPES = ("plain", "forest", "mountain", "city", "industrial", "chicago", "start")
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


def _read(name: str) -> dict[str, Any]:
    text = resources.files(__package__).joinpath(name).read_text(encoding="utf-8")
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ValueError(f"{name}: {exc}") from exc


def _int(where: str, table: dict[str, Any], key: str) -> int:
    value = table.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ValueError(f"{where}: {key!r} must be a whole number >= 0, got {value!r}")
    return value


@functools.cache
def load_board() -> Board:
    """Read and validate ``map.toml`` and ``companies.toml`` (once per process)."""
    data = _read("map.toml")
    hexes: dict[str, HexInfo] = {}
    for hex_id, row in data["hexes"].items():
        where = f"map.toml [hexes] {hex_id}"
        kind = row.get("type")
        if kind not in HEX_TYPES:
            raise ValueError(f"{where}: unknown type {kind!r}")
        x, y = COORDINATES.point(hex_id)
        hexes[hex_id] = HexInfo(
            id=hex_id,
            name=str(row.get("name", "")),
            type=kind,
            cost=_int(where, row, "cost"),
            train=_int(where, row, "train"),
            dev=_int(where, row, "dev"),
            x=x,
            y=y,
        )
    industrial: dict[str, IndustrialTrack] = {}
    for hex_id, row in data["industrial"].items():
        where = f"map.toml [industrial.{hex_id}]"
        if hexes.get(hex_id) is None or hexes[hex_id].type != "industrial":
            raise ValueError(f"{where}: {hex_id} is not an industrial city")
        industrial[hex_id] = IndustrialTrack(
            hex=hex_id,
            start=_int(where, row, "start"),
            step=hexes[hex_id].dev,
            max=_int(where, row, "max"),
            player_developable=bool(row.get("player_developable")),
        )
    missing = {h for h, info in hexes.items() if info.type == "industrial"} - set(industrial)
    if missing:
        raise ValueError(f"map.toml: no [industrial] track for {', '.join(sorted(missing))}")
    charters: dict[str, Charter] = {}
    for company, row in _read("companies.toml")["companies"].items():
        where = f"companies.toml [companies.{company}]"
        start = row.get("start")
        if start not in hexes:
            raise ValueError(f"{where}: start hex {start!r} is not on the map")
        charters[company] = Charter(
            id=company,
            name=str(row["name"]),
            colour=str(row["colour"]),
            shares=_int(where, row, "shares"),
            locos=_int(where, row, "locos"),
            start=start,
            income=_int(where, row, "income"),
            initial=bool(row.get("initial")),
        )
    return Board(hexes, industrial, charters)
