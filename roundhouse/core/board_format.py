"""Reading a board's pre-printed hexes from TOML: the format titles write their maps in.

A title describes its board in TOML::

    [board]
    layout = "pointy"          # or "flat"
    letter_axis = "y"          # letters count rows ("y") or columns ("x")
    first_number = 1           # optional; "stagger" = "odd"/"even" for fully numbered rows

    [hexes."B2 B4 C3"]         # several hexes may share one entry: plain, empty hexes

    [hexes.E11]
    location = "Denver"
    code = "city c revenue=30; track 0-c"   # tile code (core/tiles.py); no code: blank hex
    color = "yellow"           # default white: nothing laid yet, the hex takes yellow
    id = "DEN"                 # tile id for upgrade tables; default the hex name
    label = "D"                # printed label the tiles laid here must carry
    terrain = "mountain"       # what is drawn (mountain, water, swamp, hill, lake …)
    cost = 40                  # paid when a tile is first laid here
    borders = ["0 impassable", "1 ridge 20", "2 river 10"]   # edge, kind, optional cost
    reserved = { c = "DRG" }   # home station: city -> company (or just "DRG" for one city)
    build_reserved = "NP"      # only this company builds here until it lets others (18US §7.3)
    stubs = [4]                # printed track stubs: the first tile laid must use these edges
    area = "Mexico"            # one revenue area over several hexes: a route visits it once
    upgradeable = false        # pre-printed tiles that never change (18US B23)
    markers = ["gold", "gold"] # bonus and other markers printed or placed at setup

    [hexes.H1]
    tile = "142"               # a catalogue tile printed on the map, with its rotation
    rotation = 2

Off-boards are red hexes (``color = "red"`` with ``offboard`` stops); gray pre-printed track is
``color = "gray"``.  An ``impassable`` border, the board's edge, and any red or gray hex side
without track may never be built to (18US §6.2.1, 18West §7.1.1, 18RoyalGorge Rule 2).

Errors (:class:`~roundhouse.core.tiles.TileError`) name the source, the hex and the key.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from pathlib import Path

from roundhouse.core.board import Board, Border, PrintedHex
from roundhouse.core.hexgrid import CoordinateSystem, HexGrid, Layout
from roundhouse.core.tiles import TileError, TileSet, parse_tile


def _border(text: str, where: str) -> tuple[int, Border]:
    bits = text.split()
    try:
        edge = int(bits[0])
        cost = int(bits[2]) if len(bits) > 2 else 0
    except (ValueError, IndexError):
        raise TileError(f"{where}: border {text!r} is not 'EDGE KIND [COST]'") from None
    if not 0 <= edge <= 5 or len(bits) not in (2, 3):
        raise TileError(f"{where}: border {text!r} is not 'EDGE KIND [COST]'")
    return edge, Border(bits[1], cost)


_HEX_KEYS = {
    "code", "color", "id", "tile", "rotation", "location", "terrain", "cost", "label",
    "borders", "reserved", "upgradeable", "markers", "build_reserved", "stubs",
    "area",
}  # fmt: skip


def load_board(data: Mapping[str, object], *, source: str, tiles: TileSet) -> Board:
    """A board from a parsed TOML document in the format above; errors name source and key."""
    head = data.get("board")
    if not isinstance(head, dict):
        raise TileError(f"{source}: no [board] table")
    try:
        coords = CoordinateSystem(
            layout=Layout(head["layout"]),
            letter_axis=head.get("letter_axis", "x"),
            first_number=int(head.get("first_number", 1)),
            stagger=head.get("stagger"),
        )
    except (KeyError, ValueError) as exc:
        raise TileError(f"{source}: [board]: {exc}") from None
    table = data.get("hexes")
    if not isinstance(table, dict):
        raise TileError(f"{source}: no [hexes] table")
    printed: dict[str, PrintedHex] = {}
    sides: dict[tuple[str, int], Border] = {}
    for key, entry in table.items():
        if not isinstance(entry, dict):
            raise TileError(f"{source}: hexes.{key}: expected a table")
        unknown = set(entry) - _HEX_KEYS
        if unknown:
            raise TileError(f"{source}: hexes.{key}: unknown keys {sorted(unknown)}")
        for name in key.split():
            where = f"{source}: hexes.{name}"
            if name in printed:
                raise TileError(f"{where}: hex listed twice")
            printed[name] = _printed(name, entry, where, tiles)
            for text in entry.get("borders", []):
                edge, border = _border(str(text), where)
                sides[(name, edge)] = border
    try:
        grid = HexGrid(coords, printed)
    except ValueError as exc:
        raise TileError(f"{source}: {exc}") from None
    parities = {sum(grid.point(n)) % 2: n for n in grid}
    if coords.stagger is None and len(parities) > 1:
        a, b = sorted(parities.values())
        raise TileError(f"{source}: {a} and {b} cannot both be hexes of one doubled-coordinate map")
    borders = {grid.hexside(n, e): b for (n, e), b in sides.items()}
    return Board(grid, printed, tiles, borders)


def _printed(name: str, entry: Mapping[str, object], where: str, tiles: TileSet) -> PrintedHex:
    rotation = entry.get("rotation", 0)
    if not isinstance(rotation, int) or not 0 <= rotation <= 5:
        raise TileError(f"{where}: rotation must be 0-5")
    if "tile" in entry:
        if "code" in entry:
            raise TileError(f"{where}: give 'tile' or 'code', not both")
        tile_id = str(entry["tile"])
        if tile_id not in tiles:
            raise TileError(f"{where}: no tile {tile_id!r} in the tile set")
        tile = tiles[tile_id]
    else:
        code = str(entry.get("code", ""))
        colour = str(entry.get("color", "white"))
        tile = parse_tile(str(entry.get("id", name)), colour, code, source=where)
    reserved_raw = entry.get("reserved", {})
    if isinstance(reserved_raw, str):
        cities = [c.name for c in tile.stations]
        if len(cities) != 1:
            raise TileError(f"{where}: 'reserved' must name the city when there are several")
        reserved = {cities[0]: reserved_raw}
    elif isinstance(reserved_raw, dict):
        reserved = {str(k): str(v) for k, v in reserved_raw.items()}
        for city in reserved:
            if city not in {c.name for c in tile.stations}:
                raise TileError(f"{where}: reserved city {city!r} is not on the hex")
    else:
        raise TileError(f"{where}: 'reserved' must be a company or a table")
    cost = entry.get("cost", 0)
    if not isinstance(cost, int) or cost < 0:
        raise TileError(f"{where}: cost must be a non-negative integer")
    markers = entry.get("markers", [])
    if not isinstance(markers, list):
        raise TileError(f"{where}: markers must be a list")
    label = entry.get("label")
    builder = entry.get("build_reserved")
    if builder is not None and not isinstance(builder, str):
        raise TileError(f"{where}: build_reserved must be a company")
    stubs = entry.get("stubs", [])
    if not isinstance(stubs, list) or not all(isinstance(e, int) and 0 <= e <= 5 for e in stubs):
        raise TileError(f"{where}: stubs must be a list of edges 0-5")
    return PrintedHex(
        name=name,
        tile=tile,
        rotation=rotation,
        location=str(entry.get("location", "")),
        terrain=str(entry.get("terrain", "")),
        cost=cost,
        label=None if label is None else str(label),
        reserved=reserved,
        upgradeable=bool(entry.get("upgradeable", True)),
        markers=tuple(str(m) for m in markers),
        build_reserved=builder,
        stubs=frozenset(stubs),
        area=None if entry.get("area") is None else str(entry["area"]),
    )


def load_board_file(path: Path, tiles: TileSet) -> Board:
    with path.open("rb") as fh:
        try:
            data = tomllib.load(fh)
        except tomllib.TOMLDecodeError as exc:
            raise TileError(f"{path}: {exc}") from None
    return load_board(data, source=str(path), tiles=tiles)
