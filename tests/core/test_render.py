"""SVG output: well-formed, one hex per board hex, the features drawn."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from roundhouse.core.tiles import standard_tiles
from roundhouse.render import board_svg, demo_board, render_title, tile_svg

NS = "{http://www.w3.org/2000/svg}"


def test_tile_svg_draws_track_city_slots_and_revenue() -> None:
    root = ET.fromstring(tile_svg(standard_tiles()["14"], 1))
    assert len(root.findall(f".//{NS}path")) == 4  # four track segments
    slots = [c for c in root.iter(f"{NS}circle") if c.get("fill") == "white"]
    assert len(slots) == 3  # two token slots and the revenue disc
    assert "30" in [t.text for t in root.iter(f"{NS}text")]


def test_board_svg_has_every_hex_with_names_tokens_and_borders() -> None:
    board = demo_board()
    root = ET.fromstring(board_svg(board))
    assert len(root.findall(f".//{NS}polygon")) == len(board.hexes)
    texts = {t.text for t in root.iter(f"{NS}text")}
    assert {"B4", "C5", "PRR", "B&O", "$40", "$20", "NY", "20/30/40/60"} <= texts
    assert len(root.findall(f".//{NS}line")) == 2  # ridge and impassable side of B8


def test_render_title_falls_back_to_the_demo_board() -> None:
    assert render_title("18USA") == board_svg(demo_board())
    ET.fromstring(render_title("ChicagoExpress"))
