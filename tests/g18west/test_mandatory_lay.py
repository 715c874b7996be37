"""18West §8.2's owed first tile and §8.3's money for its terrain, through the track step.

The NP is given only its B5 Doubling token (a $40 mountain, §8.5's rules for the others) so
that its owed lay costs terrain."""

from __future__ import annotations

import pytest

from roundhouse.core.bank import BANK
from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.actions import Bankrupt, LayTile, Pass, SellShares
from roundhouse.titles.g18west.land_grant import mandatory_cost
from roundhouse.titles.g18west.mandatory_lay import WestTrackStep
from roundhouse.titles.g18west.state import WestGame
from tests.g18west.test_title import new


def _np_owes_b5(np_cash: int, ann_cash: int, gn_shares: int) -> tuple[WestGame, WestTrackStep]:
    """Ann's NP owes a tile in B5 ($40 terrain) with ``np_cash`` in its treasury; Ann has
    ``ann_cash`` and ``gn_shares`` ordinary shares of Bob's GN, which has operated ($100)."""
    _, s = new()
    s.start_company("Ann", "NP", 100)
    s.start_company("Bob", "GN", 100)
    s.doubling["NP"] = ["B5"]
    s.map_board().touch()
    s.ledger.transfer("NP", BANK, s.ledger.cash("NP") - np_cash)
    s.ledger.transfer("Ann", BANK, s.ledger.cash("Ann") - ann_cash)
    for cert in [c for c in s.books["GN"].certs.values() if c.owner == "GN"][:gn_shares]:
        cert.owner = "Ann"
    s.corps["GN"].operated = 1
    step = WestTrackStep()
    step.setup(s, "NP")
    return s, step


def _do(s: WestGame, step: WestTrackStep, action: LayTile | Pass | SellShares | Bankrupt) -> None:
    step.check(s, "NP", action)
    step.process(s, "NP", action)


def test_18west_8_2_the_owed_tile_is_listed_without_a_pass() -> None:
    """§8.2: "A Land Grant Company must usually begin each of its turns by laying or
    upgrading a yellow tile in the hex containing its Doubling token": the SP's lays in H3,
    no pass; a pass is refused and changes nothing."""
    _, s = new()
    s.start_company("Ann", "SP", 100)
    step = WestTrackStep()
    step.setup(s, "SP")
    actions = step.actions(s, "SP")
    assert actions and all(isinstance(a, LayTile) and a.hex == "H3" for a in actions)
    with pytest.raises(IllegalAction) as refused:
        step.check(s, "SP", Pass(player="Ann", entity="SP"))
    assert refused.value.rule == "land_grant.owed_lay"
    step.process(s, "SP", actions[0])
    assert Pass(player="Ann", entity="SP") in step.actions(s, "SP")


def test_18west_8_3_the_president_pays_what_the_treasury_lacks() -> None:
    """§8.3: the NP has $10 of B5's $40; Ann pays the other $30 from her own cash."""
    s, step = _np_owes_b5(np_cash=10, ann_cash=50, gn_shares=0)
    assert mandatory_cost(s, "NP") == 40
    lays = step.actions(s, "NP")
    assert lays and all(isinstance(a, LayTile) and a.hex == "B5" for a in lays)
    _do(s, step, lays[0])
    assert s.ledger.cash("NP") == 0 and s.ledger.cash("Ann") == 20


def test_18west_8_3_the_president_sells_a_share_for_the_owed_tile() -> None:
    """§8.3: NP $10 + Ann $0 < $40, so Ann must sell first: one GN share ($100) is enough,
    two would be more than needed (§7.8.4); the lay is refused until then.  The money raised
    may also pay for further tiles."""
    s, step = _np_owes_b5(np_cash=10, ann_cash=0, gn_shares=2)
    sale = SellShares(player="Ann", entity="Ann", corporation="GN", count=1)
    assert step.actions(s, "NP") == [sale]
    with pytest.raises(IllegalAction) as refused:
        step.check(s, "NP", Pass(player="Ann", entity="NP"))
    assert refused.value.rule == "land_grant.terrain_raise"
    _do(s, step, sale)
    assert s.ledger.cash("Ann") == 100 and s.books["GN"].shares_of("Ann") == 1
    lays = step.actions(s, "NP")
    assert lays and all(isinstance(a, LayTile) and a.hex == "B5" for a in lays)
    _do(s, step, lays[0])
    assert s.ledger.cash("NP") == 0 and s.ledger.cash("Ann") == 70
    assert Pass(player="Ann", entity="NP") in step.actions(s, "NP")


def test_18west_8_3_no_sale_may_change_a_presidency() -> None:
    """§8.3: "such a sale may not cause a change in Presidency of any Company": Ann's only
    other holding is her GN presidency (Bob holds two GN shares), so nothing may be sold and
    she is bankrupt; the owed tile is then waived."""
    s, step = _np_owes_b5(np_cash=10, ann_cash=0, gn_shares=0)
    book = s.books["GN"]
    book.president_cert.owner = "Ann"  # type: ignore[union-attr]
    for cert in [c for c in book.certs.values() if c.owner == "GN"][:2]:
        cert.owner = "Bob"
    assert step.actions(s, "NP") == [Bankrupt(player="Ann", entity="NP")]
    _do(s, step, Bankrupt(player="Ann", entity="NP"))
    assert s.player("Ann").bankrupt and step.waived
    assert book.president == "Bob"
