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
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import cast

from roundhouse.core.board import Board
from roundhouse.core.board_format import load_board
from roundhouse.titles.g18west.tiles import tile_set

HERE = Path(__file__).parent
MAP = HERE / "map.toml"

Table = dict[str, object]


@functools.cache
def data() -> Table:
    """The parsed ``map.toml``, shared: callers must not change it."""
    with MAP.open("rb") as fh:
        return tomllib.load(fh)


def _table(key: str) -> Table:
    return cast(Table, data()[key])


@functools.cache
def _printed() -> Board:
    return load_board(data(), source=str(MAP), tiles=tile_set())


def board(*, home_tokens: bool = True) -> Board:
    """A fresh starting board; with ``home_tokens`` every company's home station token and
    the UP's x2 token stand in their circles (§3.1), and each Land Grant x2 token in its
    arrow hex is a track stub pointing at its base city (§8.2: "treated as if it contained a
    small extension of the Company's existing track"; :func:`doubling_tokens`)."""
    fresh = copy.deepcopy(_printed())
    if home_tokens:
        for home in home_stations():
            fresh.place_token(home.hex, home.city, home.company)
        for token in doubling_tokens():
            if token.city is not None:
                fresh.place_token(token.hex, token.city, token.company)
            elif token.edge is not None:
                fresh.set_stubs(token.hex, frozenset({token.edge}))
    return fresh


@dataclasses.dataclass(frozen=True)
class HomeStation:
    """A city circle that is a company's starting location (§3.1, §14.3, §14.4)."""

    company: str
    hex: str
    city: str


@functools.cache
def home_stations() -> tuple[HomeStation, ...]:
    """Every printed home circle, in map order (the ``reserved`` entries of ``map.toml``)."""
    return tuple(
        HomeStation(company, name, city)
        for name, here in _printed().hexes.items()
        for city, company in here.printed.reserved.items()
    )


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
    out: list[DoublingToken] = []
    for company, rows in _table("doubling_tokens").items():
        for row in cast(list[Table], rows):
            city, edge = row.get("city"), row.get("edge")
            out.append(
                DoublingToken(
                    company,
                    str(row["hex"]),
                    None if city is None else str(city),
                    None if edge is None else int(cast(int, edge)),
                )
            )
    return tuple(out)


@dataclasses.dataclass(frozen=True)
class OffboardGroup:
    """One Off-Map Area printed over several hexes; a route may use only one of them."""

    name: str
    hexes: tuple[str, ...]
    shows: str


@functools.cache
def offboard_groups() -> Mapping[str, OffboardGroup]:
    return {
        name: OffboardGroup(
            name, tuple(cast(list[str], cast(Table, raw)["hexes"])), str(cast(Table, raw)["shows"])
        )
        for name, raw in _table("offboard_groups").items()
    }


@dataclasses.dataclass(frozen=True)
class Coast:
    """§7.5 "Coast-To-Coast": West Coast City hexes and East Coast Off-Map Area hexes."""

    west: frozenset[str]
    east: frozenset[str]


@functools.cache
def coast() -> Coast:
    raw = _table("coast")
    return Coast(frozenset(cast(list[str], raw["west"])), frozenset(cast(list[str], raw["east"])))


_RANGE = re.compile(r"^([A-Z]+)(\d+)-([A-Z]+)(\d+)$")


def _expand(text: str) -> list[str]:
    """ "H13-H21" -> H13, H15, ..., H21: every hex of one row (numbers step by two)."""
    m = _RANGE.match(text)
    if m is None or m.group(1) != m.group(3):
        raise ValueError(f"map.toml land_grants: {text!r} is not a range like 'H5-H11'")
    row, first, last = m.group(1), int(m.group(2)), int(m.group(4))
    return [f"{row}{n}" for n in range(first, last + 1, 2)]


@functools.cache
def land_grants() -> Mapping[str, frozenset[str]]:
    """§14.4 Land Grant hexes by company, for the rows the text keeps (ATSF, KP)."""
    return {
        company: frozenset(h for part in cast(list[str], parts) for h in _expand(part))
        for company, parts in _table("land_grants").items()
    }
