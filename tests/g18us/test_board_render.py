"""18US board drawing: ``roundhouse render 18US`` draws every hex of the reconstructed board
with its names, home tokens and reservations, and says the board is reconstructed."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from roundhouse.render import render_title
from roundhouse.render.map import board_svg
from roundhouse.titles.g18us.board import board, home_stations, reserved_hexes
from roundhouse.titles.g18us.drawing import CAPTION, starting_map
from roundhouse.titles.g18us.tiles import play_tile_set

NS = "{http://www.w3.org/2000/svg}"


def _hexes(root: ET.Element) -> dict[str, ET.Element]:
    return {
        g.get("id", "")[4:]: g for g in root.iter(f"{NS}g") if g.get("id", "").startswith("hex-")
    }


def _texts(element: ET.Element) -> list[str]:
    return [t.text or "" for t in element.iter(f"{NS}text")]


def test_18us_render_draws_every_hex_with_names_and_tokens() -> None:
    svg = render_title("18US")
    assert svg == starting_map() == render_title("18-us")
    root = ET.fromstring(svg)
    drawn = _hexes(root)
    assert set(drawn) == set(board().hexes)
    words = " ".join(_texts(drawn["D25"]))
    assert "New York" in words and "Philadelphia" in words
    for home in home_stations():
        assert home.company in _texts(drawn[home.hex]), home
    for name, company in reserved_hexes().items():
        assert company in _texts(drawn[name]), name


def test_18us_render_says_the_board_is_reconstructed() -> None:
    """Issue #19: the board is marked "reconstructed" wherever it is shown."""
    root = ET.fromstring(starting_map())
    assert CAPTION in _texts(root) and "Reconstructed" in CAPTION
    height = float(root.get("height", "0"))
    view = [float(v) for v in root.get("viewBox", "").split()]
    assert view[3] == height  # the caption's line is inside the drawing


def test_18us_every_play_tile_draws_on_the_board() -> None:
    """Each tile of the reconstructed set can be laid and drawn (labels, two-City faces)."""
    ts = play_tile_set()
    b = board(home_tokens=False)
    spots = {"242": "D25", "243": "E2", "244": "E2", "245": "D25", "247": "D25"}
    for tile_id in ("242", "243", "244", "245", "247", "405", "497", "494"):
        here = spots.get(tile_id, "H17")
        tile = ts[tile_id]
        cities = [c.name for c in tile.cities]
        old = [c.name for c in b[here].tile.cities]
        moves = {o: cities[min(i, len(cities) - 1)] for i, o in enumerate(old)}
        b.lay(here, tile_id, 0, moves)
        assert ET.fromstring(board_svg(b)) is not None, tile_id


def test_18us_live_map_says_the_board_is_reconstructed() -> None:
    """Issue #19: the map of a game in play (the web app's) carries the caption too."""
    from roundhouse.core.game import Game
    from roundhouse.render.game import game_svg
    from roundhouse.titles.g18us import DRAFT

    svg = game_svg(Game(DRAFT, ["Ann", "Bob", "Cy"], seed=1))
    assert svg is not None
    assert CAPTION in _texts(ET.fromstring(svg))


def test_18us_revenue_marker_is_keyed_by_its_kind() -> None:
    """§10.1.1: a revenue marker on a city (kept as ``revenue:city:amount:company``) shows as
    a "revenue marker" in the key, not as its stored text."""
    from roundhouse.titles.g18us.revenue_marker import marker_text

    start = board()
    start.hexes["D25"].markers.append(marker_text("0", 10))
    texts = _texts(ET.fromstring(board_svg(start)))
    assert "revenue marker" in texts
    assert not any("revenue:" in t for t in texts)
