"""18USA §12.7 Pullman cars on the corporate synthetic title: $200 from the bank once they
are released (18USA: Phase 5; here the first 3-train), one per company, counted toward the
train limit but not a train, bought before the run or in the buy-trains step, scrapped for
$50 whenever the company may act."""

from __future__ import annotations

import pytest

from roundhouse.core.bank import BANK
from roundhouse.core.engine18xx import Engine
from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.actions import BuyTrain
from roundhouse.core.flow.train_step import BuyTrainStep
from roundhouse.core.ids import PlayerId
from roundhouse.core.trains import SCRAPPED
from roundhouse.titles.g18usa.family1817.actions import ScrapTrain
from roundhouse.titles.g18usa.family1817.corporate_round import CorporateOperatingRound
from roundhouse.titles.g18usa.family1817.takeover_round import TakeoverRound
from tests.g18usa.corporate import corporate_engine

ANN = PlayerId("Ann")


def set_cash(g: Engine, holder: str, amount: int) -> None:
    g.ledger.transfer_all(holder, BANK)
    g.ledger.transfer(BANK, holder, amount)


def cars_released() -> Engine:
    """Ann's CC ($1000) bought the first 3-train after the 2-trains were exported."""
    g = corporate_engine()
    g.start_company("Ann", "CC", 80)
    set_cash(g, "CC", 1000)
    assert not any(g.depot.is_car(t) for t in g.depot.available())
    for _ in range(3):
        g.train_events(None, g.depot.export_next(g.ledger))
    g.train_events("CC", g.depot.buy("CC", "3-0", g.ledger))
    return g


def car_for_sale(g: Engine) -> str:
    return next(t.id for t in g.depot.available() if g.depot.is_car(t))


def test_18usa_12_7_a_car_costs_200_once_released_and_a_company_owns_one() -> None:
    g = cars_released()
    car = car_for_sale(g)
    assert g.depot.check_buy("CC", car, g.ledger) == 200
    g.depot.buy("CC", car, g.ledger)
    assert g.ledger.cash("CC") == 1000 - 180 - 200
    with pytest.raises(IllegalAction) as err:
        g.depot.check_buy("CC", car_for_sale(g), g.ledger)
    assert err.value.rule == "trains.one_car"
    g.start_company("Bob", "DD", 80)
    set_cash(g, "DD", 300)
    g.depot.buy("DD", car_for_sale(g), g.ledger)
    with pytest.raises(IllegalAction) as err:
        g.depot.check_buy_from("CC", g.depot.owned_by("DD")[0].id, 1, g.ledger)
    assert err.value.rule == "trains.one_car"


def test_18usa_12_7_a_car_counts_toward_the_train_limit_but_is_not_a_train() -> None:
    """§6.3, §12.7: with a 3-train, a car and one more train CC is at the limit of 3;
    its trains proper are the two trains."""
    g = cars_released()
    g.depot.buy("CC", car_for_sale(g), g.ledger)
    g.depot.buy("CC", "3-1", g.ledger)
    assert g.depot.counted("CC") == 3
    assert [t.id for t in g.depot.running("CC")] == ["3-0", "3-1"]
    with pytest.raises(IllegalAction) as err:
        g.depot.check_buy("CC", "4-0", g.ledger)
    assert err.value.rule == "trains.limit"


def test_18usa_12_7_scrapping_a_car_pays_50() -> None:
    g = cars_released()
    car = car_for_sale(g)
    g.depot.buy("CC", car, g.ledger)
    cash = g.ledger.cash("CC")
    g.depot.scrap_for_value("CC", car, g.ledger)
    assert g.ledger.cash("CC") == cash + 50
    assert g.depot.train(car).owner == SCRAPPED
    with pytest.raises(IllegalAction) as err:
        g.depot.check_scrap("CC", "3-0")
    assert err.value.rule == "trains.scrap"


def test_18usa_12_7_only_a_car_ends_the_turn_in_liquidation() -> None:
    """§12.7: "a company with only a Pullman car will go into liquidation at the end of its
    operating turn" (§12.6)."""
    g = cars_released()
    car = car_for_sale(g)
    g.depot.buy("CC", car, g.ledger)
    g.depot.scrap("3-0")
    r = CorporateOperatingRound(g.hooks.operating_steps(g))
    g.round = r
    r.current = "CC"
    r.next_entity(g)
    assert "liquidation" in g.market.zones("CC")


def test_18usa_12_7_bought_before_the_run_and_scrapped_in_the_turn() -> None:
    """§12.7: the car may be bought from the bank before the run (alongside laying track)
    and, once owned, scrapped; a second car is never offered."""
    g = cars_released()
    g.round = g.hooks.operating_round(g)
    g.round.start(g)
    assert g.round.entity(g) == "CC"
    car = car_for_sale(g)
    buy = BuyTrain(player=ANN, entity="CC", train=car, price=200)
    assert buy in g.legal_actions()
    g.check(buy)
    g.execute(buy)
    assert not any(
        isinstance(a, BuyTrain) and g.depot.is_car(g.depot.train(a.train))
        for a in g.legal_actions()
    )
    scrap = ScrapTrain(player=ANN, entity="CC", train=car)
    assert scrap in g.legal_actions()
    cash = g.ledger.cash("CC")
    g.check(scrap)
    g.execute(scrap)
    assert g.ledger.cash("CC") == cash + 50


def test_18usa_12_7_scrapping_in_the_stock_and_merger_rounds() -> None:
    """§12.7: "at any time the owning company may take an action, including during a stock
    round or M&A round"."""
    g = cars_released()
    car = car_for_sale(g)
    g.depot.buy("CC", car, g.ledger)
    g.priority = "Ann"
    g.round = g.hooks.stock_round(g)
    g.round.start(g)
    assert ScrapTrain(player=ANN, entity="CC", train=car) in g.legal_actions()
    g.round = TakeoverRound()
    g.round.start(g)
    assert g.round.entity(g) == "CC"
    assert ScrapTrain(player=ANN, entity="CC", train=car) in g.legal_actions()
    g.execute(ScrapTrain(player=ANN, entity="CC", train=car))
    assert g.round.entity(g) == "CC"  # scrapping does not end the company's M&A turn


def two_companies_with_cars() -> Engine:
    """Ann's CC owns a 3-train and a car; her DD owns a 3-train and a car too."""
    g = cars_released()
    g.depot.buy("CC", car_for_sale(g), g.ledger)
    g.start_company("Ann", "DD", 80)
    set_cash(g, "DD", 1000)
    g.depot.buy("DD", "3-1", g.ledger)
    g.depot.buy("DD", car_for_sale(g), g.ledger)
    return g


def test_18usa_12_7_the_buy_train_step_never_offers_a_second_car() -> None:
    """§12.7: "A company may only own one Pullman car" - the buy-trains step itself leaves
    DD's car out of CC's purchases from other companies (listed prices and ranges), and
    offers it again once CC has scrapped its own."""
    g = two_companies_with_cars()
    step = BuyTrainStep()
    dd_car = next(t.id for t in g.depot.owned_by("DD") if g.depot.is_car(t))
    assert step.sellers(g, "CC") == ["3-1"]
    assert all(a.train != dd_car for a in step.offers(g, "CC"))
    assert [r.template.train for r in step.ranges(g, "CC") if isinstance(r.template, BuyTrain)] == [
        "3-1"
    ]
    cc_car = next(t.id for t in g.depot.owned_by("CC") if g.depot.is_car(t))
    g.depot.scrap_for_value("CC", cc_car, g.ledger)
    assert dd_car in step.sellers(g, "CC")


def test_18usa_12_7_a_company_with_only_a_car_must_buy_a_train() -> None:
    """§12.7: a car is not a train, so under a must-own-a-train rule (the test title's) a
    company holding only a car still has to buy one."""
    g = cars_released()
    step = BuyTrainStep()
    assert not step.must_buy(g, "CC")
    g.depot.buy("CC", car_for_sale(g), g.ledger)
    g.depot.scrap("3-0")
    assert g.depot.owned_by("CC") and not g.depot.running("CC")
    assert step.must_buy(g, "CC")


def test_18usa_12_7_compat_no_car_scrapped_at_the_interest() -> None:
    """§12.7 lets a car be scrapped "at any time the owning company may take an action";
    18xx.games pays the §12.8 interest the moment the buy-trains step is left
    (``G1817::Round::Operating#pay_interest!``), so under ``compat_18xx_games`` NYC, at its
    interest with a car just bought, may only pay (found by the export differential:
    random bots, 2 players, seed 310, where the site refused the scrap; the position is
    its first 158 moves)."""
    import json
    from pathlib import Path

    import roundhouse

    doc = json.loads(
        (Path(__file__).parent / "positions" / "car-at-the-interest-2p.json").read_text()
    )
    game = roundhouse.load(doc)
    assert str(game.log[-1]) == "NYC buys train P-1 for $200"
    assert [str(a) for a in game.legal_actions()] == ["NYC passes"]
