"""18USA §13.1-§13.3 resource tokens (P1, P3, P4, P12, P18, P21, P24, P28) on the real board:
where they may go, the $15 they save, what they earn, the ore token's upgrade."""

from __future__ import annotations

import pytest

from roundhouse.core.bank import BANK
from roundhouse.core.errors import IllegalAction
from roundhouse.core.routes.revenue import RevenueRules
from roundhouse.titles.g18usa import resources as res
from roundhouse.titles.g18usa.private_abilities import Resource
from roundhouse.titles.g18usa.state import UsaGame
from tests.g18usa.privates_engine import board_map, company, give, lay, usa_engine

RULES = RevenueRules(route_bonuses=res.revenue_bonuses(["5", "6"]))


def _engine() -> UsaGame:
    """NYC in Salt Lake City (E7) with track to D8 (coal, mountain $15) and on to Boise (D6)."""
    g = usa_engine()
    company(g, "NYC", "E7")
    lay(g, "NYC", "E7", "6", 3)  # exits to D8 and F8
    board_map(g).laid.clear()  # a later turn
    return g


def _lay_d8(g: UsaGame) -> None:
    """A sharp curve in D8 from Salt Lake City towards Boise, paying its $15 like the track
    step."""
    g.ledger.transfer("NYC", BANK, 15)
    lay(g, "NYC", "D8", "7", 0)


def test_18usa_13_1_coal_with_a_yellow_lay_pays_back_15() -> None:
    """§13.1: a coal token goes on a coal hex with the yellow tile laid there and "allows the
    company to ignore $15 terrain costs"; P1 closes once its one token is used."""
    g = _engine()
    give(g, "P1", "NYC")
    _lay_d8(g)
    assert g.ledger.cash("NYC") == 485
    (move,) = res.placements(g, "NYC")
    assert (move.company, move.hex, move.choice) == ("P1", "D8", "coal")
    res.place(g, "NYC", "P1", "D8", Resource.COAL)
    assert g.ledger.cash("NYC") == 500
    assert board_map(g).board["D8"].markers == ["coal"]
    assert g.privates["P1"].closed
    assert res.placements(g, "NYC") == []


def test_18usa_appendix_p5_no_refund_with_a_coal_token() -> None:
    """Appendix P5: "No money is refunded when a coal or ore token is used by a company which
    owns this private"."""
    g = _engine()
    give(g, "P5", "NYC")
    give(g, "P18", "NYC")
    lay(g, "NYC", "D8", "7", 0)  # free with P5
    res.place(g, "NYC", "P18", "D8", Resource.COAL)
    assert g.ledger.cash("NYC") == 500
    assert not g.privates["P18"].closed  # one of two tokens left


def test_18usa_13_only_on_the_resources_icon() -> None:
    """§13: "only on hexes which have the respective resource type": D8 is coal, not oil."""
    g = _engine()
    give(g, "P3", "NYC")
    _lay_d8(g)
    assert res.placements(g, "NYC") == []
    with pytest.raises(IllegalAction, match="no oil icon"):
        res.place(g, "NYC", "P3", "D8", Resource.OIL)


def test_18usa_13_1_track_must_point_into_a_city() -> None:
    """§13.1: "one end of the yellow track must point directly into a city hex": a straight
    in D10 between D8 and D12 (no city at either end) is refused; D8's curve into Salt Lake
    City is fine."""
    g = _engine()
    board = board_map(g).board
    board.lay("D10", "9", 1, {})
    assert "point into a city" in (res.refusal(board, "D10", Resource.COAL) or "")
    _lay_d8(g)
    assert res.refusal(board, "D8", Resource.COAL) is None


def test_18usa_p21_coal_or_ore_not_both() -> None:
    """18xx.games P21: one coal and one ore token, "You can only ever use one of these two"."""
    g = _engine()
    give(g, "P21", "NYC")
    _lay_d8(g)
    moves = res.placements(g, "NYC")
    assert [(m.company, m.choice) for m in moves] == [("P21", "coal")]
    res.place(g, "NYC", "P21", "D8", Resource.COAL)
    assert not g.privates["P21"].closed  # its bridge and river waiver stay
    assert res.placements(g, "NYC") == []
    with pytest.raises(IllegalAction, match="no ore token"):
        res.place(g, "NYC", "P21", "D8", Resource.ORE)


def test_18usa_13_3_ore_tiles_are_not_upgraded_and_the_token_turns_to_20() -> None:
    """§13.3: "Tiles with an ore token may not be upgraded"; from phase 3 a tile upgrade action
    turns the token to $20 (E9: ore and mountain)."""
    g = usa_engine()
    company(g, "NYC", "E7")
    lay(g, "NYC", "E7", "57", 1)  # exits to E5 and E9
    give(g, "P4", "NYC")
    rotation = next(x.rotation for x in board_map(g).tile_lays(g, "NYC") if x.hex == "E9")
    lay(g, "NYC", "E9", "7", rotation)
    board = board_map(g).board
    res.place(g, "NYC", "P4", "E9", Resource.ORE)
    assert res.ore_upgrades(g, "NYC", ["E9"]) == []  # phase 2: yellow only
    g.depot.phases.index = 1  # phase 3, a later turn
    board_map(g).laid.clear()
    upgrades = {x.hex for x in board_map(g).tile_lays(g, "NYC") if x.upgrade}
    assert "E7" in upgrades and "E9" not in upgrades
    assert res.ore_upgrades(g, "NYC", ["E9"]) == ["E9"]
    res.upgrade_ore(g, "NYC", "E9", ["E9"])
    assert board["E9"].markers == [res.ORE20]
    assert res.ore_upgrades(g, "NYC", ["E9"]) == []


def test_18usa_13_revenue_per_token() -> None:
    """§13.1-§13.2: coal +$10, oil +$10 then +$20 from phase 5, ore +$10 or +$20 upgraded; a
    train passing the hex once earns it."""
    from roundhouse.core.routes.graph import RouteGraph
    from roundhouse.core.routes.kinds import n_train
    from roundhouse.core.routes.revenue import RouteFacts

    bonuses = {b.tag: b for b in res.revenue_bonuses(["5", "6"])}
    for tag, phase, expected in (
        ("coal", "2", 10),
        ("coal", "6", 10),
        ("oil", "4", 10),
        ("oil", "5", 20),
        ("ore", "5", 10),
        (res.ORE20, "3", 20),
    ):
        graph = RouteGraph((), (), phase=phase, hex_tags={"D8": frozenset({tag})})
        facts = RouteFacts(
            train=None,
            stops=(),
            hexes=frozenset({"D8"}),
            hex_entries={"D8": 1},  # type: ignore[arg-type]
        )
        got = bonuses[tag].apply(graph, "NYC", facts, ())
        assert got is not None and got.amount == expected, (tag, phase)
    del n_train


def test_18usa_13_1_coal_tiles_may_be_upgraded() -> None:
    """§13.1 "Tiles with a coal token may be upgraded" (and §13's table; §12.2.2's "Coal Mine"
    sentence is 1817's, docs/rules-notes.md)."""
    g = _engine()
    give(g, "P1", "NYC")
    _lay_d8(g)
    res.place(g, "NYC", "P1", "D8", Resource.COAL)
    g.depot.phases.index = 1  # phase 3, a later turn
    board_map(g).laid.clear()
    assert any(x.hex == "D8" and x.upgrade for x in board_map(g).tile_lays(g, "NYC"))
