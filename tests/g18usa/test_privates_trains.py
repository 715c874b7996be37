"""18USA P13 Pennsy Boneyard and P25 American Locomotive Co. (18xx.games) with the engine's
depot: 2-trains rusted by the first 4, the 6 closing P25."""

from __future__ import annotations

import pytest

from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.actions import BuyTrain, Choose, Pass
from roundhouse.core.trains import SCRAPPED, TrainEvents
from roundhouse.titles.g18usa.family1817.corporate_round import CorporateOperatingRound
from roundhouse.titles.g18usa.state import Rusting, UsaGame
from roundhouse.titles.g18usa.train_privates import (
    LocomotiveDiscount,
    locomotive_price,
    note_rust,
)
from tests.g18usa.privates_engine import (
    ANN,
    apply,
    company,
    give,
    operating,
    usa_engine,
)


def _to_first_4(g: UsaGame) -> TrainEvents:
    """Export every 2-, 2+-, 3- and 3+-train left; the next export is the first 4 (§8 phase
    4: the 2-trains rust)."""
    for kind in ("2", "2+", "3", "3+"):
        g.depot.export_all(kind)
    events = g.depot.export_next(g.ledger)
    g.train_events(None, events)
    return events


def _cc_with_a_2(p13: bool):  # type: ignore[no-untyped-def]
    g = usa_engine()
    company(g, "NYC", "E7")
    g.depot.buy("NYC", "2-0", g.ledger)
    if p13:
        give(g, "P13", "NYC")
    operating(g)
    return g


def test_18usa_p13_keeps_a_rusting_train_as_obsolete() -> None:
    """P13: at the first 4, NYC may keep its 2-train; it becomes obsolete (runs once more, not
    counted against the limit) and P13 is discarded."""
    g = _cc_with_a_2(p13=True)
    events = _to_first_4(g)
    assert events.rusted == (("2-0", "NYC"),)
    assert g.round.entities_acting(g) == ("NYC",)
    choices = g.legal_actions()
    assert Choose(player=ANN, entity="NYC", choice="2-0", company="P13") in choices
    apply(g, Choose(player=ANN, entity="NYC", choice="2-0", company="P13"))
    train = g.depot.train("2-0")
    assert train.owner == "NYC" and train.obsolete
    assert g.depot.counted("NYC") == 0
    assert g.privates["P13"].closed


def test_18usa_p13_may_decline() -> None:
    g = _cc_with_a_2(p13=True)
    _to_first_4(g)
    with pytest.raises(IllegalAction) as err:
        g.check(BuyTrain(player=ANN, entity="NYC", train="4-1", price=400))
    assert err.value.rule == "boneyard.choice"
    apply(g, Pass(player=ANN, entity="NYC"))
    assert g.depot.train("2-0").owner == SCRAPPED
    assert not g.privates["P13"].closed


def test_18usa_p13_not_for_a_player_or_other_companies_trains() -> None:
    """§7.1 and P13: only on "a train which is owned by the same company that owns Pennsy
    Boneyard"."""
    g = _cc_with_a_2(p13=False)
    give(g, "P13", "Ann")
    _to_first_4(g)
    assert g.round.entities_acting(g) != ("Ann",)
    assert not any(isinstance(a, Choose) for a in g.legal_actions())


def test_18usa_p25_ten_percent_off_bank_trains() -> None:
    """P25: "a 10% discount on all trains from the bank" - $100 2-train for $90."""
    g = usa_engine()
    company(g, "NYC", "E7")
    give(g, "P25", "NYC")
    assert locomotive_price(g, "NYC", "2-0", 100) == 90
    step = LocomotiveDiscount()
    offers = step.offers(g, "NYC")
    assert any(a.train == "2-0" and a.price == 90 for a in offers)


def test_18usa_p25_discard_before_the_run_to_buy() -> None:
    """P25: discarded "prior to the Run Trains step to buy a train from the bank at a 10%
    discount"."""
    g = usa_engine()
    company(g, "NYC", "E7")
    g.depot.buy("NYC", "2-0", g.ledger)  # a train to run: the turn reaches its run
    give(g, "P25", "NYC")
    operating(g)
    buy = BuyTrain(player=ANN, entity="NYC", train="2-1", price=90)
    assert buy in g.legal_actions()
    apply(g, buy)
    assert g.depot.train("2-1").owner == "NYC"
    assert g.ledger.cash("NYC") == 400 - 90
    assert g.privates["P25"].closed


def test_18usa_p25_closes_with_the_first_6() -> None:
    """P25: "This company is discarded when the first 6-train is purchased"."""
    g = usa_engine()
    company(g, "NYC", "E7")
    give(g, "P25", "NYC")
    for t in ("2", "2+", "3", "3+", "4", "4+", "5"):
        g.depot.export_all(t)
    assert not g.privates["P25"].closed
    g.train_events(None, g.depot.export_next(g.ledger))
    assert g.depot.phases.current.name == "6"
    assert g.privates["P25"].closed


def test_18usa_p13_a_rust_no_round_can_ask_about_is_not_lost() -> None:
    """A rust P13 could answer while the round cannot ask (a plain operating round, not the
    title's) is kept for the next round to ask; without a place to keep it,
    :func:`note_rust` stops with NotImplementedError instead of silently rusting the
    train."""
    g = usa_engine()
    company(g, "NYC", "E7")
    g.depot.buy("NYC", "2-0", g.ledger)
    give(g, "P13", "NYC")
    g.round = CorporateOperatingRound(g.hooks.operating_steps(g))
    g.round.start(g)
    events = _to_first_4(g)
    assert g.boneyard_pending == Rusting("NYC", ("2-0",))
    with pytest.raises(NotImplementedError, match="18USA P13 Pennsy Boneyard"):
        note_rust(g, events)
