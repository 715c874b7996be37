"""18US §10.1.5 (the Baldwin Locomotive Works): "$20 per Train" - each time a company buys a
train from the Bank (not the Pool or another company) the owner receives $20 from the Bank,
also for the purchase that takes the card's 50% reduction and closes it."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from roundhouse.core.ability import Closes
from roundhouse.core.bank import BANK
from roundhouse.core.engine18xx import Engine
from roundhouse.core.entities import PrivateSpec
from roundhouse.core.flow.step import Step
from roundhouse.core.game import Game
from roundhouse.core.trains import POOL
from roundhouse.titles.g18us.ability import TrainDiscount, TrainPurchaseIncome
from roundhouse.titles.g18us.hooks import CardHooks
from roundhouse.titles.g18us.train_discount import DiscountBuyTrainStep
from roundhouse.titles.g18us.train_income import IncomeBuyTrainStep
from tests.core.flow.synthetic import DATA, act, engine, make_title

BALDWIN = PrivateSpec(
    id="P4",
    value=100,
    abilities=(
        TrainPurchaseIncome(amount=20),
        TrainDiscount(percent=50, trains=frozenset({"2", "3", "4"})),
        Closes(after_use=True),
    ),
)


class BaldwinHooks(CardHooks):
    def operating_steps(self, g: Engine) -> Sequence[Step]:
        return [
            IncomeBuyTrainStep() if type(s) is DiscountBuyTrainStep else s
            for s in super().operating_steps(g)
        ]


def game() -> Game:
    """Ann owns the card and presides AA ($70); Bob presides BB ($60); AA is at its train
    step after withholding."""
    data = dataclasses.replace(DATA, privates=(BALDWIN,))
    g = Game(make_title(data=data, hooks=BaldwinHooks()), ["Ann", "Bob"], seed=0)
    act(g, "bid", "Ann", company="P4", price=100)
    act(g, "pass", "Bob")
    act(g, "par", "Bob", corporation="BB", share_price=60)
    act(g, "par", "Ann", corporation="AA", share_price=70)
    act(g, "pass", "Bob")
    act(g, "pass", "Ann")
    act(g, "pass", "Ann", entity="AA")
    act(g, "pass", "Ann", entity="AA")
    act(g, "dividend", "Ann", entity="AA", mode="withhold")
    return g


def test_18us_10_1_5_discounted_purchase_still_pays_twenty() -> None:
    g = game()
    e = engine(g)
    ann, aa, bank = e.ledger.cash("Ann"), e.ledger.cash("AA"), e.ledger.cash(BANK)
    act(g, "buy_train", "Ann", entity="AA", train="2-0", price=40)
    assert e.privates["P4"].closed
    assert e.ledger.cash("AA") == aa - 40
    assert e.ledger.cash("Ann") == ann + 20
    assert e.ledger.cash(BANK) == bank + 40 - 20


def test_18us_10_1_5_every_bank_train_pays_the_owner() -> None:
    """At face value ($80) the card stays open and pays $20; the second bank train (AA has
    $60 left, so only at the card's $40) pays again and closes it."""
    g = game()
    e = engine(g)
    ann = e.ledger.cash("Ann")
    act(g, "buy_train", "Ann", entity="AA", train="2-0", price=80)
    assert not e.privates["P4"].closed
    assert e.ledger.cash("Ann") == ann + 20
    act(g, "buy_train", "Ann", entity="AA", train="2-1", price=40)
    assert e.ledger.cash("Ann") == ann + 40
    assert e.privates["P4"].closed


def test_18us_10_1_5_a_pool_train_pays_nothing() -> None:
    g = game()
    e = engine(g)
    act(g, "buy_train", "Ann", entity="AA", train="2-0", price=80)
    e.depot.train("2-1").owner = POOL
    e.ledger.transfer(BANK, "AA", 100)
    ann = e.ledger.cash("Ann")
    act(g, "buy_train", "Ann", entity="AA", train="2-1", price=80)
    assert e.depot.train("2-1").owner == "AA"
    assert e.ledger.cash("Ann") == ann
