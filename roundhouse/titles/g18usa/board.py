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
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import cast

from roundhouse.core.board import Board
from roundhouse.core.board_format import load_board
from roundhouse.core.tiles import Colour, TileSet
from roundhouse.titles.g18usa.tiles import tile_set

HERE = Path(__file__).parent
MAP = HERE / "map.toml"

RedValue = tuple[int, int, int, int]
"""A red area value token: yellow, green, brown, gray (phases 2, 3-4, 5-6, 7-8; §12.4.1)."""

PHASE_COLOURS = (Colour.YELLOW, Colour.GREEN, Colour.BROWN, Colour.GRAY)

_REVENUE = re.compile(r"\brevenue=0\b")


@functools.cache
def data() -> dict[str, object]:
    """The parsed ``map.toml``, shared: callers must not change it."""
    with MAP.open("rb") as fh:
        return tomllib.load(fh)


def _table(key: str) -> dict[str, object]:
    return cast(dict[str, object], data()[key])


def _strs(value: object) -> tuple[str, ...]:
    return tuple(str(v) for v in cast(list[object], value))


def _value(value: object) -> RedValue:
    numbers = tuple(int(v) for v in cast(list[int], value))
    if len(numbers) != 4:
        raise ValueError(f"a red area token has four values, got {numbers}")
    return (numbers[0], numbers[1], numbers[2], numbers[3])


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
class RedAreaTokens:
    """The value tokens: the rulebook's random ten, P6 Import / Export Hub's own, and
    18xx.games's pool of eleven in its order (appendix; map.toml header)."""

    rulebook: tuple[RedValue, ...]
    import_export_hub: RedValue
    site_pool: tuple[RedValue, ...]


@dataclasses.dataclass(frozen=True)
class Metropolis:
    """A potential metropolis (§2.4): its yellow M tile and the rotation that puts the
    tile's north arrow up; None for Denver, whose orientation is chosen (§12.2.3)."""

    hex: str
    tile: str
    rotation: int | None


def red_areas() -> dict[str, RedArea]:
    """The seven red areas by name (§4)."""
    out: dict[str, RedArea] = {}
    for name, raw in _table("red_areas").items():
        entry = cast(dict[str, object], raw)
        out[name] = RedArea(
            name=name,
            hexes=_strs(entry["hexes"]),
            small_city=bool(entry["small_city"]),
            site_draw=int(cast(int, entry["site_draw"])),
        )
    return out


def red_area_tokens() -> RedAreaTokens:
    raw = _table("red_area_tokens")
    return RedAreaTokens(
        rulebook=tuple(_value(v) for v in cast(list[object], raw["rulebook"])),
        import_export_hub=_value(raw["import_export_hub"]),
        site_pool=tuple(_value(v) for v in cast(list[object], raw["site_pool"])),
    )


def metropolis_candidates() -> dict[str, Metropolis]:
    """The six potential metropolises by hex, in 18xx.games's draw order (§2.4)."""
    raw = cast(dict[str, dict[str, object]], _table("metropolis")["candidates"])
    return {
        hex_name: Metropolis(
            hex=hex_name,
            tile=str(entry["tile"]),
            rotation=None if "rotation" not in entry else int(cast(int, entry["rotation"])),
        )
        for hex_name, entry in raw.items()
    }


def new_york() -> str:
    """The hex of New York, a metropolis in every game (appendix "Metropolis")."""
    return str(_table("metropolis")["always"])


def subsidy_hexes() -> tuple[str, ...]:
    """The 14 orange subsidy cities (§2.5), in 18xx.games's order."""
    return _strs(_table("subsidies")["hexes"])


def resource_hexes() -> dict[str, frozenset[str]]:
    """Resource kind (coal, ore, oil) -> hexes with its icon (§13)."""
    return {kind: frozenset(_strs(hexes)) for kind, hexes in _table("resources").items()}


def bridge_cities() -> frozenset[str]:
    """Cities with a bridge icon (§13.4)."""
    return frozenset(_strs(_table("bridges")["cities"]))


def great_northern_hexes() -> frozenset[str]:
    """Hexes with P17 Great Northern Railway's track icon (18xx.games)."""
    return frozenset(_strs(_table("great_northern")["hexes"]))


def stubs() -> dict[str, int]:
    """18xx.games's track stubs: hex -> the edge every tile laid there must use."""
    return {name: int(cast(int, edge)) for name, edge in _table("stubs").items()}


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
    doc = dict(data())
    if values:
        by_hex = {h: values[a.name] for a in areas.values() if a.name in values for h in a.hexes}
        hexes = cast(dict[str, dict[str, object]], doc["hexes"])
        changed: dict[str, dict[str, object]] = {}
        for key, entry in hexes.items():
            names = key.split()
            drawn = {by_hex[h] for h in names if h in by_hex}
            if not drawn:
                changed[key] = entry
                continue
            if len(drawn) > 1 or any(h not in by_hex for h in names):
                raise ValueError(f"map.toml: hexes {key!r} share an entry across red areas")
            code = f"revenue={revenue_code(drawn.pop())}"
            new_code, count = _REVENUE.subn(code, str(entry["code"]))
            if count != 1:
                raise ValueError(f"map.toml: red hexes {key!r} need one 'revenue=0' stop")
            changed[key] = {**entry, "code": new_code}
        doc["hexes"] = changed
    return load_board(doc, source=str(MAP), tiles=tiles or tile_set())
