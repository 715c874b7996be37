"""18USA terrain waivers: appendix P2 ($10 river), P5 ($15 mountain), 18xx.games P21 and P22
($10 river), on the real board through the board map's lay listing."""

from __future__ import annotations

from tests.g18usa.privates_engine import board_map, company, give, lay, usa_engine


def _costs(g, corp: str, hex_name: str) -> set[int]:  # type: ignore[no-untyped-def]
    return {lay.cost for lay in board_map(g).tile_lays(g, corp) if lay.hex == hex_name}


def test_18usa_p5_mountains_cost_nothing() -> None:
    """Appendix P5: "Owning company does not have to pay $15 difficult terrain costs on
    mountain tiles" (Salt Lake City's mountain neighbour D8)."""
    g = usa_engine()
    company(g, "NYC", "E7")
    lay(g, "NYC", "E7", "57", 0)  # Salt Lake City to D8 and F6
    assert _costs(g, "NYC", "D8") == {15}
    give(g, "P5", "NYC")
    assert _costs(g, "NYC", "D8") == {0}


def test_18usa_p5_is_the_companys_not_the_players() -> None:
    """§7.1: "Abilities may not be used by players": Ann holding P5 pays for NYC."""
    g = usa_engine()
    company(g, "NYC", "E7")
    lay(g, "NYC", "E7", "57", 0)  # Salt Lake City to D8 and F6
    give(g, "P5", "Ann")
    assert _costs(g, "NYC", "D8") == {15}


def test_18usa_p2_rivers_but_not_mountains() -> None:
    """Appendix P2: no $10 on river tiles; mountains still cost $15 (St. Louis E17's river
    neighbour D18)."""
    g = usa_engine()
    company(g, "NYC", "E17")
    lay(g, "NYC", "E17", "57", 0)  # St. Louis to D18 and F16
    assert _costs(g, "NYC", "D18") == {10}
    give(g, "P2", "NYC")
    assert _costs(g, "NYC", "D18") == {0}


def test_18usa_p2_and_p22_do_not_add_up() -> None:
    """Two river waivers on one company waive $10, never more (P5's "no money is
    refunded")."""
    g = usa_engine()
    company(g, "NYC", "E17")
    lay(g, "NYC", "E17", "57", 0)  # St. Louis to D18 and F16
    give(g, "P2", "NYC")
    give(g, "P22", "NYC")
    assert _costs(g, "NYC", "D18") == {0}


def test_18usa_closed_private_waives_nothing() -> None:
    g = usa_engine()
    company(g, "NYC", "E17")
    lay(g, "NYC", "E17", "57", 0)  # St. Louis to D18 and F16
    give(g, "P21", "NYC")
    assert _costs(g, "NYC", "D18") == {0}
    g.privates["P21"].closed = True
    assert _costs(g, "NYC", "D18") == {10}
