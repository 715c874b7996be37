"""SVG output: well-formed, every hex inside the picture, the features a reader checks by eye
(terrain, costs, phase revenues, reservations, tokens, locomotives) drawn where they belong."""

from __future__ import annotations

import dataclasses
import math
import re
import xml.etree.ElementTree as ET

import pytest

import roundhouse
from roundhouse.core.board import Board
from roundhouse.core.tables.tiles import standard_tiles
from roundhouse.render import MapStyle, board_svg, demo_board, render_title, tile_svg
from roundhouse.render.geometry import half_extent
from roundhouse.render.palette import TERRAIN_FILL, paint
from roundhouse.render.title import DEMO_COLOURS
from roundhouse.titles.chicago_express.drawing import starting_map as chicago_express_svg
from roundhouse.titles.g18royalgorge.drawing import every_railroad_board as royal_gorge_board
from roundhouse.titles.g18royalgorge.drawing import style as royal_gorge_style

NS = "{http://www.w3.org/2000/svg}"
_TRANSLATE = re.compile(r"translate\(([-0-9.]+),([-0-9.]+)\)")


def hexes(root: ET.Element) -> dict[str, ET.Element]:
    return {
        g.get("id", "")[4:]: g for g in root.iter(f"{NS}g") if g.get("id", "").startswith("hex-")
    }


def offset(group: ET.Element) -> tuple[float, float]:
    m = _TRANSLATE.fullmatch(group.get("transform", ""))
    assert m is not None
    return float(m.group(1)), float(m.group(2))


def texts(element: ET.Element) -> list[str]:
    return [t.text or "" for t in element.iter(f"{NS}text")]


def polygon_box(group: ET.Element) -> tuple[float, float, float, float]:
    polygon = group.find(f"{NS}polygon")
    assert polygon is not None
    points = [tuple(map(float, p.split(","))) for p in polygon.get("points", "").split()]
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)


@pytest.fixture(scope="module")
def royal_gorge() -> tuple[Board, ET.Element]:
    board = royal_gorge_board()
    return board, ET.fromstring(board_svg(board, royal_gorge_style()))


@pytest.fixture(scope="module")
def chicago() -> ET.Element:
    return ET.fromstring(render_title("ChicagoExpress"))


def test_tile_svg_draws_track_city_slots_and_revenue() -> None:
    root = ET.fromstring(tile_svg(standard_tiles()["14"], 1))
    assert len(root.findall(f".//{NS}path")) == 4  # four track segments
    slots = [c for c in root.iter(f"{NS}circle") if c.get("fill") == "#ffffff"]
    assert len(slots) == 3  # two token slots and the revenue disc
    assert "30" in texts(root)


def test_board_svg_has_every_hex_with_names_tokens_and_borders() -> None:
    board = demo_board()
    root = ET.fromstring(board_svg(board, MapStyle(colours=DEMO_COLOURS)))
    assert set(hexes(root)) == set(board.hexes)
    assert {"PRR", "B&O", "$40", "$20", "NY", "Capital", "Junction"} <= set(texts(root))
    borders = [e for e in root.iter(f"{NS}line") if "border" in e.get("class", "")]
    assert sorted(b.get("class") for b in borders) == ["border impassable", "border ridge"]


def test_render_junction_town_slots_reserved_hex_and_stub() -> None:
    """18US §6.2.2: a Junction Town's token and its open slot, dashed (they never block);
    §7.3: a reserved hex carries the company's herald until released."""
    board = demo_board()
    drawn = hexes(ET.fromstring(board_svg(board, MapStyle(colours=DEMO_COLOURS))))
    assert "NYC" in texts(drawn["B8"])
    dashed = [c for c in drawn["B8"].iter(f"{NS}circle") if c.get("stroke-dasharray")]
    assert len(dashed) == 1  # the second, empty slot
    herald = [g for g in drawn["D8"].iter(f"{NS}g") if g.get("class") == "build-reserved"]
    assert len(herald) == 1 and "NYC" in texts(herald[0])
    stub = [e for e in drawn["D8"].iter(f"{NS}line") if e.get("class") == "stub"]
    assert len(stub) == 1  # 18West §8.2: the track stub the next tile must continue
    board.release_builds("NYC")
    board.set_stubs("D8", frozenset())
    again = hexes(ET.fromstring(board_svg(board, MapStyle(colours=DEMO_COLOURS))))
    assert "NYC" not in texts(again["D8"])
    assert not [e for e in again["D8"].iter(f"{NS}line") if e.get("class") == "stub"]


@pytest.mark.parametrize("title", ["ChicagoExpress", "18RoyalGorge", "18USA", "18West", "demo"])
def test_render_viewbox_contains_every_hex(title: str) -> None:
    root = ET.fromstring(render_title(title))
    x0, y0, w, h = map(float, root.get("viewBox", "").split())
    groups = hexes(root)
    assert groups
    for name, group in groups.items():
        cx, cy = offset(group)
        left, top, right, bottom = polygon_box(group)
        assert x0 <= cx + left and cx + right <= x0 + w, name
        assert y0 <= cy + top and cy + bottom <= y0 + h, name


def test_render_same_board_gives_same_bytes() -> None:
    style = royal_gorge_style()
    assert board_svg(royal_gorge_board(), style) == board_svg(royal_gorge_board(), style)
    assert render_title("ChicagoExpress") == render_title("chicago-express")


def test_render_demo_board_and_titles_without_a_map() -> None:
    """A title without map data: asking for it names the maps (18US now has its reconstructed
    board, tests/g18us/test_board_render.py)."""
    assert render_title("demo") == board_svg(demo_board(), MapStyle(colours=DEMO_COLOURS))
    with pytest.raises(ValueError, match=r"no map data for '1830'; maps: .*18royalgorge.*18us"):
        render_title("1830")


def test_render_18usa_printed_board() -> None:
    """18USA §4: every printed hex, New York's two stations, the red areas blank until the
    set-up draw gives them values (§2.6)."""
    from roundhouse.titles.g18usa.board import board, new_york

    drawn = hexes(ET.fromstring(render_title("18USA")))
    assert set(drawn) == set(board().hexes)
    assert "New York" in texts(drawn[new_york()])


def test_render_18west_starting_board() -> None:
    """18West §3.1: every hex of the printed board, the home tokens placed at set-up."""
    from roundhouse.titles.g18west.board import board

    root = ET.fromstring(render_title("18-West"))
    drawn = hexes(root)
    assert set(drawn) == set(board().hexes)
    assert "UP" in texts(drawn["G2"])


def test_render_coordinates_are_printed_on_the_edges(royal_gorge: tuple[Board, ET.Element]) -> None:
    """18RoyalGorge letters its columns A-O and numbers its rows 1-19; each label appears on
    both sides of the board, outside every hex."""
    _, root = royal_gorge
    inside = {t for g in hexes(root).values() for t in texts(g)}
    outside = [t for t in texts(root) if t not in inside]
    for label in [*"ABCDEFGHIJKLMNO", *(str(n) for n in range(1, 20))]:
        assert outside.count(label) == 2, label


def test_18royalgorge_offboard_phase_revenues_stay_inside_the_hex(
    royal_gorge: tuple[Board, ET.Element],
) -> None:
    """Off-board revenues (rulebook "Off-Boards") are one box per phase colour, inside the
    hex: A3 Leadville shows 30, 50, 70 and 90, none cut off."""
    board, root = royal_gorge
    groups = hexes(root)
    red = [h.printed.name for h in board if any(s.phase_revenue for s in h.tile.stops)]
    assert "A3" in red and len(red) == 11
    for name in red:
        left, top, right, bottom = polygon_box(groups[name])
        boxes = groups[name].findall(f".//{NS}rect")
        assert len(boxes) == 4, name
        for box in boxes:
            x, y = float(box.get("x", "")), float(box.get("y", ""))
            w, h = float(box.get("width", "")), float(box.get("height", ""))
            assert left <= x and x + w <= right and top <= y and y + h <= bottom, name
    assert [t for t in texts(groups["A3"]) if t.isdigit()] == ["30", "50", "70", "90"]


def test_18royalgorge_reserved_stations_show_the_company_greyed(
    royal_gorge: tuple[Board, ET.Element],
) -> None:
    """Rulebook "Royal Gorge Tiles": the gorge station spaces are Rio Grande's; "2. Build a
    Station": homes of railroads not yet started are reserved."""
    _, root = royal_gorge
    groups = hexes(root)
    for name, company in [("D12", "RG"), ("F12", "RG"), ("B6", "SPP"), ("O15", "SF")]:
        marks = [t for t in groups[name].iter(f"{NS}text") if t.text == company]
        assert marks and marks[0].get("fill") == "#9a9a9a", name


def test_render_tokens_show_their_company_in_its_colour() -> None:
    board = royal_gorge_board()
    board.place_token("L14", "c", "PAV")
    root = ET.fromstring(board_svg(board, royal_gorge_style()))
    group = hexes(root)["L14"]
    disc = [c for c in group.iter(f"{NS}circle") if c.get("fill") == paint("blue")]
    assert len(disc) == 1
    label = [t for t in group.iter(f"{NS}text") if t.text == "PAV"]
    assert label and label[0].get("fill") == "#ffffff"  # white reads on blue


def test_render_terrain_cost_hidden_once_a_tile_is_laid_unless_upgrades_pay_it() -> None:
    """Terrain is paid by the first tile only (18US §6.2, 18USA §12.2.1), so an upgraded hex
    no longer shows it, unless the title charges it on upgrades too."""
    board = demo_board()  # C5 is water ($20) with tile 57 laid
    plain = hexes(ET.fromstring(board_svg(board)))
    assert "$20" not in texts(plain["C5"]) and "$20" in texts(plain["D2"])
    upgrades = hexes(ET.fromstring(board_svg(board, MapStyle(terrain_on_upgrade=True))))
    assert "$20" in texts(upgrades["C5"])


def test_18royalgorge_long_names_fit_their_hex(royal_gorge: tuple[Board, ET.Element]) -> None:
    board, root = royal_gorge
    half_width, _ = half_extent(board.grid.coords.layout)
    for name, group in hexes(root).items():
        for element in group.iter(f"{NS}text"):
            if element.get("class") != "name":
                continue
            size = float(element.get("font-size", ""))
            assert len(element.text or "") * size * 0.6 <= 2 * half_width, name
    gorge = [t for t in texts(hexes(root)["E13"]) if t]
    assert " ".join(gorge) == "The Royal Gorge"


def test_18royalgorge_mines_are_icons_and_in_the_key(royal_gorge: tuple[Board, ET.Element]) -> None:
    _, root = royal_gorge
    groups = hexes(root)
    assert len([g for g in groups["B6"].iter(f"{NS}g") if g.get("class") == "marker"]) == 2
    assert "mine" not in texts(groups["B6"])
    assert {"mine marker", "impassable hexside", "reserved station (home)"} <= set(texts(root))


def test_chicago_express_terrain_fills(chicago: ET.Element) -> None:
    """Chicago Express map: forests green, mountains brown, plains plain."""
    groups = hexes(chicago)
    for name, terrain in [("G8", "forest"), ("G9", "mountain"), ("A3", "plain")]:
        polygon = groups[name].find(f"{NS}polygon")
        assert polygon is not None and polygon.get("fill") == TERRAIN_FILL[terrain], name


def test_chicago_express_cost_income_and_development_are_printed(chicago: ET.Element) -> None:
    """K4 Pittsburgh: cost 4 (red), income 4 at the start of its track, development 2."""
    group = hexes(chicago)["K4"]
    by_class = {t.get("class"): t.text for t in group.iter(f"{NS}text")}
    assert by_class["cost"] == "4" and by_class["income"] == "4"
    houses = [g for g in group.iter(f"{NS}g") if g.get("class") == "development"]
    assert len(houses) == 1 and "2" in texts(houses[0])
    assert "$2" in texts(hexes(chicago)["G8"])  # a forest pays $2 (Chicago Express §4.3)


def test_chicago_express_locomotives_and_developed_hexes() -> None:
    """Companies present show as locomotives in their colour; a developed hex's house is
    filled (Chicago Express §4.2, §4.3)."""
    game = roundhouse.new_game("ChicagoExpress", players=["A", "B", "C"], seed=0)
    board = game.board()
    assert board is not None
    moved = tuple(
        dataclasses.replace(h, companies=("PRR", "NYC"), developed=True) if h.id == "I4" else h
        for h in board.hexes
    )
    groups = hexes(ET.fromstring(chicago_express_svg(dataclasses.replace(board, hexes=moved))))
    locos = [g for g in groups["I4"].iter(f"{NS}g") if g.get("class") == "loco"]
    assert [g.get("data-company") for g in locos] == ["PRR", "NYC"]
    body = locos[0].find(f".//{NS}rect")
    assert body is not None and body.get("fill") == paint("red")
    start = [g.get("data-company") for g in groups["S3"].iter(f"{NS}g") if g.get("class") == "loco"]
    assert start == ["NYC"]
    house = next(g for g in groups["I4"].iter(f"{NS}g") if g.get("class") == "development")
    walls = house.find(f"{NS}polygon")
    assert walls is not None and walls.get("fill") != "#ffffff"


def test_render_hex_polygon_is_a_regular_hexagon(chicago: ET.Element) -> None:
    left, top, right, bottom = polygon_box(hexes(chicago)["A2"])
    assert math.isclose((right - left) / (bottom - top), 2 / math.sqrt(3), rel_tol=0.01)


def test_chicago_express_is_drawn_like_its_printed_board(chicago: ET.Element) -> None:
    """Issue #20: the map on a sheet of card with the land's edge outlined under the hexes,
    each hex shaded, forests as groves, mountains as ranges and place names on plates."""
    sheet = chicago.find(f"{NS}rect")
    assert sheet is not None and sheet.get("fill") == "#efe4c8"
    edge = [g for g in chicago.iter(f"{NS}g") if g.get("class") == "land-edge"]
    assert len(edge) == 1 and len(edge[0].findall(f"{NS}polygon")) == len(hexes(chicago))
    groups = hexes(chicago)
    assert any(p.get("fill") == "url(#area-shade)" for p in groups["A3"].iter(f"{NS}polygon"))
    assert len([p for p in groups["G8"].iter(f"{NS}path")]) >= 4  # a grove of several trees
    plates = [r for r in groups["K4"].iter(f"{NS}rect") if r.get("fill") == "#ffffff"]
    assert plates and "Pittsburgh" in texts(groups["K4"])


def test_chicago_express_rivers_run_under_the_hex_symbols(chicago: ET.Element) -> None:
    """Issue #20: rivers are painted into the land: each crossed hex draws its stretch clipped
    to itself, after its fill and before its symbols, so costs and houses stay readable."""
    groups = hexes(chicago)
    for name in ("K4", "I6", "Q9", "R5", "S3"):  # Pittsburgh, Wheeling, the Potomac ...
        children = list(groups[name])
        river = [i for i, c in enumerate(children) if c.get("class") == "river"]
        assert len(river) == 1, name
        assert children[river[0]].get("clip-path") == "url(#area-clip)"
        assert all(c.tag == f"{NS}polygon" for c in children[: river[0]]), name
    assert not [c for c in groups["A3"] if c.get("class") == "river"]  # plains west: dry
    rivers = {e.get("data-river") for e in chicago.iter(f"{NS}polyline")}
    assert {"Ohio", "Potomac", "Hudson", "Wabash"} <= rivers
    lakes = {t.text for t in chicago.iter(f"{NS}title")}
    assert {"Lake Erie", "Lake Michigan"} <= lakes


def test_chicago_express_river_stays_inside_its_hex(chicago: ET.Element) -> None:
    """A hex's stretch of river is drawn in the hex's own coordinates and never past its
    outline, so the hex's box (focus ring, click target) stays the hex's."""
    for name, group in hexes(chicago).items():
        for line in group.iter(f"{NS}polyline"):
            for pair in line.get("points", "").split():
                x, y = map(float, pair.split(","))
                assert math.hypot(x, y) <= 40.5, name


def test_chicago_express_lakes_lie_beside_the_land(chicago: ET.Element) -> None:
    """The lakes are drawn on the card under the land's edge, with their names, and the key
    says rivers and lakes cost nothing (Chicago Express prints every cost in its hex)."""
    lakes = [g for g in chicago.iter(f"{NS}g") if g.get("class") == "lake"]
    assert [t for g in lakes for t in texts(g)] == ["Lake Michigan", "Lake Erie"]
    order = [g.get("class") for g in chicago.iter(f"{NS}g") if g.get("class")]
    assert order.index("lake") < order.index("land-edge")
    assert "river, lake (scenery: no cost)" in texts(chicago)


def test_area_map_without_scenery_has_no_rivers() -> None:
    """A title whose drawing part gives no scenery gets a plain map (and no key entry)."""
    game = roundhouse.new_game("ChicagoExpress", players=["A", "B", "C"], seed=0)
    board = game.board()
    assert board is not None
    from roundhouse.render.area import area_board_svg

    root = ET.fromstring(area_board_svg(board, {"PRR": "red"}))
    assert not [g for g in root.iter(f"{NS}g") if g.get("class") in ("river", "lake")]
    assert "river, lake (scenery: no cost)" not in texts(root)


def test_a_marker_is_named_in_the_key_in_words() -> None:
    """18RoyalGorge's ghost-town markers ("Shipping Gold") were keyed "ghost_town marker",
    the engine's name; the key says "ghost town marker"."""
    board = royal_gorge_board()
    mine = next(h for h in board.hexes.values() if "mine" in h.markers)
    mine.markers.append("ghost_town")
    root = ET.fromstring(board_svg(board, royal_gorge_style()))
    assert "ghost town marker" in set(texts(root))
    assert not [t for t in texts(root) if "_" in t]
