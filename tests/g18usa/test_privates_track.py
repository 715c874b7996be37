"""18USA §12.2's tile actions and how P7 Track Engineers (appendix) and P11 Pettibone &
Mulliken (18xx.games) change them, on the real board through an operating round."""

from __future__ import annotations

import pytest

from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.actions import LayTile
from roundhouse.core.tiles import Colour
from roundhouse.titles.g18usa.tile_actions import (
    BASE,
    CITY_UPGRADE,
    LAY,
    UPGRADE,
    TilePlan,
    plan,
)
from tests.g18usa.privates_engine import (
    ANN,
    apply,
    board_map,
    company,
    give,
    operating,
    usa_engine,
)
from tests.g18usa.privates_engine import lay as normal_lay


def test_18usa_12_2_base_plan() -> None:
    """§12.2: two tile actions, $20 for the second, at most one an upgrade."""
    assert TilePlan(actions=2, upgrades=1, city_upgrades=1, fee=20) == BASE
    assert BASE.allows((LAY,), LAY) and BASE.allows((LAY,), UPGRADE)
    assert not BASE.allows((UPGRADE,), CITY_UPGRADE)
    assert not BASE.allows((LAY, LAY), LAY)
    assert (BASE.fee_for(()), BASE.fee_for((LAY,)), BASE.fee_for((LAY, LAY))) == (0, 20, 0)


def test_18usa_appendix_p7_and_p11_plans() -> None:
    """P7: "Pay $20 to lay three tiles, one of which may be an upgrade"; P11: two upgrades,
    one of a city; both: "one new tile, upgrade one tile, and upgrade one non city tile"."""
    g = usa_engine()
    company(g, "NYC", "E7")
    give(g, "P7", "NYC")
    p7 = plan(g, "NYC")
    assert (p7.actions, p7.upgrades, p7.fee) == (3, 1, 20)
    assert p7.allows((LAY, UPGRADE), LAY) and not p7.allows((LAY, UPGRADE), UPGRADE)
    give(g, "P11", "NYC")
    both = plan(g, "NYC")
    assert (both.actions, both.upgrades, both.city_upgrades) == (3, 2, 1)
    assert both.allows((LAY, CITY_UPGRADE), UPGRADE)
    assert not both.allows((LAY, CITY_UPGRADE), CITY_UPGRADE)
    g.privates["P7"].owner = "UP"
    p11 = plan(g, "NYC")
    assert (p11.actions, p11.upgrades, p11.city_upgrades, p11.colours_ahead) == (2, 2, 1, 1)


def _turn(with_p7: bool):  # type: ignore[no-untyped-def]
    g = usa_engine()
    company(g, "NYC", "E7")
    if with_p7:
        give(g, "P7", "NYC")
    operating(g)
    return g


def _lay(g, hex_name: str, tile: str, rotation: int) -> None:  # type: ignore[no-untyped-def]
    apply(g, LayTile(player=ANN, entity="NYC", hex=hex_name, tile=tile, rotation=rotation))


def test_18usa_12_2_second_tile_action_costs_20() -> None:
    """§12.2: the second tile action costs $20 (plus D8's $15 mountain); no third."""
    g = _turn(with_p7=False)
    _lay(g, "E7", "57", 0)  # towards D8 and F6
    assert g.ledger.cash("NYC") == 500
    _lay(g, "D8", "7", 0)
    assert g.ledger.cash("NYC") == 500 - 20 - 15
    assert not any(isinstance(a, LayTile) for a in g.legal_actions())


def test_18usa_appendix_p7_three_tiles_for_20() -> None:
    """Appendix P7: three tiles for $20 in all."""
    g = _turn(with_p7=True)
    _lay(g, "E7", "57", 0)
    _lay(g, "D8", "7", 0)
    assert g.ledger.cash("NYC") == 500 - 20 - 15
    f6 = [a for a in g.legal_actions() if isinstance(a, LayTile) and a.hex == "F6"]
    assert f6
    apply(g, f6[0])
    assert g.ledger.cash("NYC") == 465
    assert not any(isinstance(a, LayTile) for a in g.legal_actions())


def test_18usa_12_2_one_upgrade_refused_with_the_rule() -> None:
    """§12.2: "at most one of the two actions may be an upgrade" (phase 3: green)."""
    g = usa_engine()
    company(g, "NYC", "E7")
    normal_lay(g, "NYC", "E7", "57", 0)
    normal_lay(g, "NYC", "D8", "7", 0)
    board_map(g).laid.clear()
    g.depot.phases.index = 1  # phase 3
    operating(g)
    ups = [a for a in g.legal_actions() if isinstance(a, LayTile) and a.hex in ("E7", "D8")]
    assert {a.hex for a in ups} == {"E7", "D8"}
    apply(g, next(a for a in ups if a.hex == "E7"))
    second = next(a for a in ups if a.hex == "D8")
    assert second not in g.legal_actions()
    with pytest.raises(IllegalAction) as err:
        g.check(second)
    assert err.value.rule == "track.allowance"  # the board map's (§12.2)


def test_18usa_p11_non_city_track_one_colour_ahead() -> None:
    """18xx.games P11: "upgrade non-city track to a color one higher than the current phase
    normally allows" - green plain track in phase 2, but no green city."""
    g = usa_engine()
    company(g, "NYC", "E7")
    normal_lay(g, "NYC", "E7", "57", 0)
    normal_lay(g, "NYC", "D8", "7", 0)
    board_map(g).laid.clear()
    operating(g)
    assert not any(isinstance(a, LayTile) and a.hex == "D8" for a in g.legal_actions())
    give(g, "P11", "NYC")
    board_map(g).board.touch()
    lays = [a for a in g.legal_actions() if isinstance(a, LayTile)]
    d8 = {board_map(g).board.tiles[a.tile].colour for a in lays if a.hex == "D8"}
    assert d8 == {Colour.GREEN}
    assert not any(a.hex == "E7" for a in lays)


def test_18usa_12_2_4_no_colour_skip_before_phase_5_even_with_p11() -> None:
    """§12.2.4, "Phases 5 - 8 Only": plain track may skip colours at $10 a level.  DRG holds
    P11 (non-city track upgraded one colour beyond the phase), so brown tiles are among its
    colours in Phase 3 - but only as an upgrade: no brown (nor green) plain track on an
    empty hex (found by the export differential: random bots, 5 players, seed 303, a 545
    on empty E25; the position is its first 155 moves)."""
    import json
    from pathlib import Path

    import roundhouse

    path = Path(__file__).parent / "positions" / "pettibone-phase-3-5p.json"
    game = roundhouse.load(json.loads(path.read_text()))
    g = game.state
    assert "5" not in g.phases_reached()  # type: ignore[attr-defined]
    assert any(p.id == "P11" and p.owner == "DRG" for p in g.privates.values())  # type: ignore[attr-defined]
    board = g.map.board  # type: ignore[attr-defined]
    on_empty = {
        board.tiles[a.tile].colour
        for a in game.legal_actions()
        if isinstance(a, LayTile) and board[a.hex].tile.colour is Colour.WHITE
    }
    assert on_empty == {Colour.YELLOW}
