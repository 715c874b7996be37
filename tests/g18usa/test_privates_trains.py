"""18USA P13 Pennsy Boneyard and P25 American Locomotive Co. (18xx.games) with the engine's
depot: 2-trains rusted by the first 4, the 6 closing P25."""

from __future__ import annotations

import pytest

from roundhouse.core.engine18xx import Engine
from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.actions import BuyTrain, Choose, Pass
from roundhouse.core.flow.round import Round
from roundhouse.core.trains import SCRAPPED, TrainEvents
from roundhouse.titles.g18usa.family1817.corporate_round import CorporateOperatingRound
from roundhouse.titles.g18usa.train_privates import (
    BoneyardRound,
    LocomotiveDiscount,
    LocomotiveStep,
    locomotive_price,
    note_rust,
)
from tests.g18usa.privates_engine import (
    ANN,
    PrivateHooks,
    apply,
    company,
    give,
    operating,
    usa_engine,
)


class BoneyardOR(BoneyardRound, CorporateOperatingRound):
    """The operating round the title needs: it stops for P13's choice."""


class BoneyardHooks(PrivateHooks):
    def operating_round(self, g: Engine) -> Round:
        return BoneyardOR(self.operating_steps(g))

    def on_train_events(self, g: Engine, corp_id: str | None, events: TrainEvents) -> None:
        super().on_train_events(g, corp_id, events)
        note_rust(g, events)


def _to_first_4(g: Engine) -> TrainEvents:
    """Export every 2- and 3-train left; the next export is the first 4 (§8 phase 4: the
    2-trains rust)."""
    g.depot.export_all("2")
    g.depot.export_all("3")
    events = g.depot.export_next(g.ledger)
    g.train_events(None, events)
    return events


def _cc_with_a_2(p13: bool):  # type: ignore[no-untyped-def]
    g = usa_engine(hooks=BoneyardHooks)
    company(g, "CC", "E7")
    g.depot.buy("CC", "2-0", g.ledger)
    if p13:
        give(g, "P13", "CC")
    operating(g)
    return g


def test_18usa_p13_keeps_a_rusting_train_as_obsolete() -> None:
    """P13: at the first 4, CC may keep its 2-train; it becomes obsolete (runs once more, not
    counted against the limit) and P13 is discarded."""
    g = _cc_with_a_2(p13=True)
    events = _to_first_4(g)
    assert events.rusted == (("2-0", "CC"),)
    assert g.round.entities_acting(g) == ("CC",)
    choices = g.legal_actions()
    assert Choose(player=ANN, entity="CC", choice="2-0", company="P13") in choices
    apply(g, Choose(player=ANN, entity="CC", choice="2-0", company="P13"))
    train = g.depot.train("2-0")
    assert train.owner == "CC" and train.obsolete
    assert g.depot.counted("CC") == 0
    assert g.privates["P13"].closed


def test_18usa_p13_may_decline() -> None:
    g = _cc_with_a_2(p13=True)
    _to_first_4(g)
    with pytest.raises(IllegalAction) as err:
        g.check(BuyTrain(player=ANN, entity="CC", train="4-1", price=400))
    assert err.value.rule == "boneyard.choice"
    apply(g, Pass(player=ANN, entity="CC"))
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
    company(g, "CC", "E7")
    give(g, "P25", "CC")
    assert locomotive_price(g, "CC", "2-0", 100) == 90
    step = LocomotiveDiscount()
    offers = step.offers(g, "CC")
    assert any(a.train == "2-0" and a.price == 90 for a in offers)


def test_18usa_p25_discard_before_the_run_to_buy() -> None:
    """P25: discarded "prior to the Run Trains step to buy a train from the bank at a 10%
    discount"."""
    g = usa_engine(steps=lambda: [LocomotiveStep()])
    company(g, "CC", "E7")
    g.depot.buy("CC", "2-0", g.ledger)  # a train to run: the turn reaches its run
    give(g, "P25", "CC")
    operating(g)
    buy = BuyTrain(player=ANN, entity="CC", train="2-1", price=90)
    assert buy in g.legal_actions()
    apply(g, buy)
    assert g.depot.train("2-1").owner == "CC"
    assert g.ledger.cash("CC") == 400 - 90
    assert g.privates["P25"].closed


def test_18usa_p25_closes_with_the_first_6() -> None:
    """P25: "This company is discarded when the first 6-train is purchased"."""
    g = usa_engine()
    company(g, "CC", "E7")
    give(g, "P25", "CC")
    for t in ("2", "3", "4", "5"):
        g.depot.export_all(t)
    assert not g.privates["P25"].closed
    g.train_events(None, g.depot.export_next(g.ledger))
    assert g.depot.phases.current.name == "6"
    assert g.privates["P25"].closed


def test_18usa_p13_a_rust_no_round_can_ask_about_is_not_lost() -> None:
    """A rust P13 could answer while the round cannot ask (the plain operating round here)
    stops with NotImplementedError instead of silently rusting the train."""
    g = usa_engine(hooks=_PlainRoundHooks)
    company(g, "CC", "E7")
    g.depot.buy("CC", "2-0", g.ledger)
    give(g, "P13", "CC")
    operating(g)
    with pytest.raises(NotImplementedError, match="18USA P13 Pennsy Boneyard"):
        _to_first_4(g)


class _PlainRoundHooks(PrivateHooks):
    def on_train_events(self, g: Engine, corp_id: str | None, events: TrainEvents) -> None:
        super().on_train_events(g, corp_id, events)
        note_rust(g, events)
