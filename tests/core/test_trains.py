"""Trains and phases: depot order, phase changes, rusting, obsolescence, limits, exports."""

from __future__ import annotations

import pytest

from roundhouse.core.bank import BANK, Ledger
from roundhouse.core.errors import IllegalAction
from roundhouse.core.phases import Phase, PhaseTrack
from roundhouse.core.shares import POOL
from roundhouse.core.trains import DEPOT, SCRAPPED, Depot, TrainType, Variant

# source: 18USA rulebook §12.6 train roster (2-4 players) and §8 phase table.
USA_ROSTER = (
    TrainType(name="2", price=100, count=None, rusts_on="4"),
    TrainType(name="2+", price=100, count=4, obsolete_on="4"),
    TrainType(name="3", price=250, count=12, rusts_on="6"),
    TrainType(name="3+", price=250, count=2, obsolete_on="6"),
    TrainType(name="4", price=400, count=7, rusts_on="8"),
    TrainType(name="4+", price=400, count=1, obsolete_on="8"),
    TrainType(name="5", price=600, count=5),
    TrainType(name="6", price=750, count=4),
    TrainType(name="7", price=900, count=3),
    TrainType(name="8", price=1100, count=None),
)
USA_PHASES = (
    Phase(name="2", tiles=("yellow",), train_limit={"": 4}),
    Phase(name="3", on="3", tiles=("yellow", "green"), train_limit={"": 4}),
    Phase(name="4", on="4", tiles=("yellow", "green"), train_limit={"": 3}),
    Phase(name="5", on="5", tiles=("yellow", "green", "brown"), train_limit={"": 3}),
    Phase(name="6", on="6", tiles=("yellow", "green", "brown"), train_limit={"": 2}),
    Phase(name="7", on="7", tiles=("yellow", "green", "brown", "gray"), train_limit={"": 2}),
    Phase(name="8", on="8", tiles=("yellow", "green", "brown", "gray"), train_limit={"": 2}),
)


@pytest.fixture
def usa() -> tuple[Depot, Ledger]:
    ledger = Ledger(bank_cash=None)
    for c in ("NYC", "PRR", "B&O"):
        ledger.open(c)
        ledger.transfer(BANK, c, 10_000)
    return Depot(USA_ROSTER, PhaseTrack(USA_PHASES), obsolete_counts=False), ledger


def test_18usa_12_6_unlimited_two_trains_deal_in_order(usa: tuple[Depot, Ledger]) -> None:
    depot, ledger = usa
    assert [t.id for t in depot.available()] == ["2-0"]
    depot.buy("NYC", "2-0", ledger)
    depot.buy("NYC", "2-1", ledger)
    assert [t.id for t in depot.available()] == ["2-2"]
    assert ledger.cash("NYC") == 9_800
    with pytest.raises(IllegalAction) as err:
        depot.buy("NYC", "3-0", ledger)
    assert err.value.rule == "trains.not_available"


def test_18usa_8_rusting_sequence_first_4_rusts_2s_and_obsoletes_2_plus(
    usa: tuple[Depot, Ledger],
) -> None:
    """18USA §8/§12.6/§12.10: 2-trains are exported after OR 1, Phase 3 begins after OR 2;
    the first 4-train rusts every 2-train, makes 2+ trains obsolete (not counted for the
    limit) and drops the limit to 3."""
    depot, ledger = usa
    depot.buy("NYC", "2-0", ledger)
    depot.buy("PRR", "2-1", ledger)
    depot.export_all("2")
    depot.buy("NYC", "2+-0", ledger)
    depot.export_all("2+")
    assert [p.name for p in depot.phases.advance_to("3")] == ["3"]
    depot.buy("NYC", "3-0", ledger)
    depot.buy("NYC", "3-1", ledger)
    depot.export_all("3")
    depot.export_all("3+")
    events = depot.buy("PRR", "4-0", ledger)
    assert [p.name for p in events.phases] == ["4"]
    assert set(events.rusted) == {("2-0", "NYC"), ("2-1", "PRR")}
    assert events.obsoleted == ("2+-0",)
    assert depot.train("2-0").owner == SCRAPPED
    assert depot.phases.current.limit() == 3
    assert depot.counted("NYC") == 2  # two 3-trains; the obsolete 2+ is not counted
    assert dict(events.must_discard) == {}
    assert repr(depot.train("2+-0")) == "<Train 2+ (obsolete) owned by NYC>"


def test_18usa_8_phase_change_on_purchase_of_first_5(usa: tuple[Depot, Ledger]) -> None:
    """18USA §8: Phase 5 starts when the first 5-train is bought; brown tiles open."""
    depot, ledger = usa
    for t in ("2", "2+", "3", "3+", "4", "4+"):
        depot.export_all(t)
    assert depot.phases.current.name == "2"
    events = depot.buy("B&O", "5-0", ledger)
    assert [p.name for p in events.phases] == ["3", "4", "5"]
    assert "brown" in depot.phases.current.tiles
    assert depot.buy("B&O", "5-1", ledger).phases == ()


def test_18usa_6_3_limit_drop_forces_discard_to_open_market(usa: tuple[Depot, Ledger]) -> None:
    """18USA §6.3/§12.6: the first 6-train drops the limit to 2; a company with three trains
    discards one to the open market, where anyone may buy it at face value."""
    depot, ledger = usa
    for t in ("2", "2+", "3", "3+", "4", "4+"):
        depot.export_all(t)
    for i in range(3):
        depot.buy("NYC", f"5-{i}", ledger)
    with pytest.raises(IllegalAction) as err:
        depot.check_buy("NYC", "5-3", ledger)
    assert err.value.rule == "trains.limit"
    depot.buy("PRR", "5-3", ledger)
    depot.buy("PRR", "5-4", ledger)
    events = depot.buy("B&O", "6-0", ledger)
    assert dict(events.must_discard) == {"NYC": 1}
    depot.discard("5-2")
    assert depot.must_discard() == {}
    assert [t.id for t in depot.available()] == ["6-1", "5-2"]
    depot.buy("B&O", "5-2", ledger)
    assert ledger.cash("B&O") == 10_000 - 750 - 600


def test_18usa_12_10_export_can_start_a_phase(usa: tuple[Depot, Ledger]) -> None:
    depot, ledger = usa
    for t in ("2", "2+", "3", "3+", "4", "4+", "5"):
        depot.export_all(t)
    events = depot.export_next(ledger)
    assert depot.train("6-0").owner == SCRAPPED
    assert depot.phases.current.name == "6"
    assert [p.name for p in events.phases] == ["3", "4", "5", "6"]


def test_18royalgorge_buy_trains_from_another_company_at_least_one_dollar(
    usa: tuple[Depot, Ledger],
) -> None:
    """18RoyalGorge "Buy from Another Company", 18USA §12.6: any agreed price of at least $1,
    paid to the selling company."""
    depot, ledger = usa
    depot.buy("NYC", "2-0", ledger)
    with pytest.raises(IllegalAction) as err:
        depot.buy_from("PRR", "2-0", 0, ledger)
    assert err.value.rule == "trains.min_price"
    assert depot.train("2-0").owner == "NYC"
    depot.buy_from("PRR", "2-0", 1, ledger)
    assert depot.train("2-0").owner == "PRR"
    assert (ledger.cash("NYC"), ledger.cash("PRR")) == (9_901, 9_999)


def test_18royalgorge_buy_trains_rule2_limit_may_be_passed_when_purchase_rusts() -> None:
    """18RoyalGorge "Buy Trains" rule 2: a company at its 2-train limit may buy a train whose
    purchase rusts one of its own - but not any other train."""
    roster = (
        TrainType(name="2+", price=100, count=2, rusts_on="4+"),
        TrainType(name="3+", price=180, count=1),
        TrainType(name="4+", price=300, count=1),
    )
    for lenient in (False, True):
        depot = Depot(
            roster,
            PhaseTrack([Phase(name="Yellow", train_limit={"": 2})]),
            exceed_limit_when_rusting=lenient,
        )
        ledger = Ledger(bank_cash=None)
        ledger.open("SF")
        ledger.transfer(BANK, "SF", 1000)
        depot.buy("SF", "2+-0", ledger)
        depot.buy("SF", "2+-1", ledger)
        with pytest.raises(IllegalAction) as err:
            depot.buy("SF", "3+-0", ledger)
        assert err.value.rule == "trains.limit"
        depot.export_next(ledger)
        if lenient:
            depot.buy("SF", "4+-0", ledger)
            assert [t.id for t in depot.owned_by("SF")] == ["4+-0"]
        else:
            with pytest.raises(IllegalAction):
                depot.buy("SF", "4+-0", ledger)
            assert len(depot.owned_by("SF")) == 2


def test_18royalgorge_rusting_pays_salvage() -> None:
    roster = (
        TrainType(name="2+", price=100, count=2, rusts_on="4+", salvage=20),
        TrainType(name="4+", price=300, count=1),
    )
    depot = Depot(
        roster,
        PhaseTrack([Phase(name="Yellow", train_limit={"": 2})]),
        exceed_limit_when_rusting=True,
    )
    ledger = Ledger(bank_cash=None)
    ledger.open("SF")
    ledger.transfer(BANK, "SF", 500)
    depot.buy("SF", "2+-0", ledger)
    depot.buy("SF", "2+-1", ledger)
    events = depot.buy("SF", "4+-0", ledger)
    assert len(events.rusted) == 2
    assert ledger.cash("SF") == 500 - 200 - 300 + 40
    assert [t.id for t in depot.owned_by("SF")] == ["4+-0"]


def test_18us_10_6_two_sided_train_choose_a_side() -> None:
    """18US §10.6/§6.8: a 3E/2G card sells as a $500 3E or a $400 2G; either side starts the
    new phase when bought from the bank, but not from the pool."""
    roster = (
        TrainType(name="4", price=300, count=1),
        TrainType(name="3E", price=500, count=2, variants=(Variant("2G", 400),)),
    )
    phases = PhaseTrack([Phase(name="4", train_limit={"": 2}), Phase(name="3E/2G", on="3E")])
    depot = Depot(roster, phases)
    ledger = Ledger(bank_cash=12000)
    ledger.open("PRR")
    ledger.transfer(BANK, "PRR", 2000)
    depot.export_next(ledger, to_pool=True)
    assert depot.train("4-0").owner == POOL
    depot.buy("PRR", "4-0", ledger)
    assert depot.phases.current.name == "4"
    events = depot.buy("PRR", "3E-0", ledger, variant="2G")
    assert [p.name for p in events.phases] == ["3E/2G"]
    assert repr(depot.train("3E-0")) == "<Train 2G owned by PRR>"
    assert ledger.cash("PRR") == 2000 - 300 - 400
    with pytest.raises(IllegalAction) as err:
        depot.check_buy("PRR", "3E-1", ledger, variant="5E")
    assert err.value.rule == "trains.variant"


def test_18west_7_8_streamliner_available_after_first_6() -> None:
    """18West §7.8: once the first 6-train is bought, a 4D may be bought instead."""
    roster = (
        TrainType(name="6", price=600, count=3),
        TrainType(name="4D", price=1100, count=4, available_on="6"),
    )
    depot = Depot(roster, PhaseTrack([Phase(name="5", train_limit={"": 2})]))
    ledger = Ledger(bank_cash=12000)
    ledger.open("UP")
    ledger.transfer(BANK, "UP", 3000)
    assert [t.id for t in depot.available()] == ["6-0"]
    depot.buy("UP", "6-0", ledger)
    assert [t.id for t in depot.available()] == ["6-1", "4D-0"]
    depot.buy("UP", "4D-0", ledger)
    assert depot.train("4D-0").owner == "UP" and depot.train("6-1").owner == DEPOT


def test_18west_14_1_train_limit_by_company_kind() -> None:
    """18West §14.1 note 1: only Public Companies have the variable limit; others keep 2."""
    phase = Phase(name="2", train_limit={"": 4, "granger": 2, "land_grant": 2})
    assert (phase.limit("public"), phase.limit("granger")) == (4, 2)
