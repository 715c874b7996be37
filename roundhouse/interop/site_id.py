"""How 18xx.games names shares, trains, tiles, cities, route stops and market cells.

Facts sheet ``docs/facts/18xx-games-format.md`` §4.2, §4.3 and §5, all checked against the
fixtures:

* share ``"<corporation>_<index>"`` (``"CF&I_0"``; index 0 is the president's certificate of
  a rail corporation);
* train ``"<name>-<index>"`` (``"2+-0"``, ``"6x2-1"``, ``"P-0"``), index per name from 0;
* tile ``"<name>-<copy>"`` (``"57-10"``, ``"546coal-0"``, ``"X04s-0"``); names may hold a
  hyphen themselves (``"RG-A-0"``), so the copy is whatever follows the *last* hyphen;
* city ``"<tile id>-<part>"`` (``"14-0-0"``, pre-printed ``"F12-0-0"``, ``"B8-0-1"``);
* route stop (node) ``"<hex>-<part>"`` (``"O3-0"``);
* market cell ``"<price>,<row>,<column>"`` (``"70,0,8"``).

Titles' translators use these to turn the site's ids into ours and back; nothing here knows a
title.
"""

from __future__ import annotations

import dataclasses


class SiteIdError(ValueError):
    """An id that does not have the site's shape; the message quotes it."""


def _split_index(value: str, sep: str, what: str, example: str) -> tuple[str, int]:
    head, found, tail = value.rpartition(sep)
    if not found or not head or not tail.isdecimal():
        raise SiteIdError(f"{what} id {value!r} is not of the form {example}")
    return head, int(tail)


@dataclasses.dataclass(frozen=True, slots=True)
class ShareRef:
    corporation: str
    index: int

    @classmethod
    def parse(cls, value: str) -> ShareRef:
        """Read the site's id.

        >>> ShareRef.parse("CF&I_0")
        ShareRef(corporation='CF&I', index=0)
        """
        return cls(*_split_index(value, "_", "share", "'<corporation>_<index>'"))

    def __str__(self) -> str:
        return f"{self.corporation}_{self.index}"


@dataclasses.dataclass(frozen=True, slots=True)
class TrainRef:
    name: str
    index: int

    @classmethod
    def parse(cls, value: str) -> TrainRef:
        """Read the site's id.

        >>> TrainRef.parse("6x2-1")
        TrainRef(name='6x2', index=1)
        """
        return cls(*_split_index(value, "-", "train", "'<name>-<index>'"))

    def __str__(self) -> str:
        return f"{self.name}-{self.index}"


@dataclasses.dataclass(frozen=True, slots=True)
class TileRef:
    name: str
    copy: int

    @classmethod
    def parse(cls, value: str) -> TileRef:
        """Read the site's id.

        >>> TileRef.parse("RG-A-0")
        TileRef(name='RG-A', copy=0)
        """
        return cls(*_split_index(value, "-", "tile", "'<name>-<copy>'"))

    def __str__(self) -> str:
        return f"{self.name}-{self.copy}"


@dataclasses.dataclass(frozen=True, slots=True)
class CityRef:
    """A city on the tile now on a hex: which tile copy, and which part of it."""

    tile: TileRef
    part: int

    @classmethod
    def parse(cls, value: str) -> CityRef:
        """Read the site's id.

        >>> CityRef.parse("H8-5-0")
        CityRef(tile=TileRef(name='H8', copy=5), part=0)
        """
        example = "'<tile>-<copy>-<part>'"
        tile, part = _split_index(value, "-", "city", example)
        try:
            return cls(TileRef.parse(tile), part)
        except SiteIdError:
            raise SiteIdError(f"city id {value!r} is not of the form {example}") from None

    def __str__(self) -> str:
        return f"{self.tile}-{self.part}"


@dataclasses.dataclass(frozen=True, slots=True)
class NodeRef:
    """A route stop: the hex and the part index of its city, town or off-board."""

    hex: str
    part: int

    @classmethod
    def parse(cls, value: str) -> NodeRef:
        """Read the site's id.

        >>> NodeRef.parse("D28-1")
        NodeRef(hex='D28', part=1)
        """
        return cls(*_split_index(value, "-", "node", "'<hex>-<part>'"))

    def __str__(self) -> str:
        return f"{self.hex}-{self.part}"


@dataclasses.dataclass(frozen=True, slots=True)
class MarketCell:
    price: int
    row: int
    column: int

    @classmethod
    def parse(cls, value: str) -> MarketCell:
        """Read the site's id.

        >>> MarketCell.parse("70,0,8")
        MarketCell(price=70, row=0, column=8)
        """
        parts = value.split(",")
        if len(parts) != 3 or not all(p.isdecimal() for p in parts):
            raise SiteIdError(f"market cell {value!r} is not of the form '<price>,<row>,<col>'")
        return cls(int(parts[0]), int(parts[1]), int(parts[2]))

    def __str__(self) -> str:
        return f"{self.price},{self.row},{self.column}"


def lowest_unused_copy(name: str, used: set[str] | frozenset[str]) -> TileRef:
    """The tile id an exporter writes: the lowest copy of ``name`` not among ``used`` (§6).

    >>> str(lowest_unused_copy("57", {"57-0", "57-2"}))
    '57-1'
    """
    copy = 0
    while f"{name}-{copy}" in used:
        copy += 1
    return TileRef(name, copy)
