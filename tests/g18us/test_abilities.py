"""18US's card powers (roundhouse.titles.g18us) as the operating and stock rounds play them
(:class:`~roundhouse.titles.g18us.hooks.CardHooks`): share exchange (18US §10.1.4) and train
discounts (18US §10.1.5), on the synthetic title."""

from __future__ import annotations

import dataclasses

import pytest

from roundhouse.core.ability import Closes, Income, When
from roundhouse.core.entities import PrivateSpec
from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.actions import BuyShares
from roundhouse.core.ids import PlayerId
from roundhouse.titles.g18us.ability import ShareExchange, TrainDiscount
from roundhouse.titles.g18us.hooks import CardHooks
from tests.core.flow.synthetic import act, engine
from tests.core.flow.test_abilities import bank_game

SECOND_BANK = PrivateSpec(
    id="P4",
    value=80,
    abilities=(
        Income(amount=15),
        ShareExchange(sources=frozenset({"pool"}), when=When.ANY, uses=1),
        Closes(after_use=True),
        Closes(on_event="wrrc"),
    ),
)
"""18US §10.1.4: the 2nd Bank of the United States (cost $80, revenue $15) "may exchange
for a single share from the Pool"; exchanging closes it."""


def exchange(card: str, cert: str) -> BuyShares:
    return BuyShares(player=PlayerId("Ann"), entity=card, shares=(cert,))


def test_18us_10_1_4_exchange_in_the_stock_round_is_in_addition_to_the_turn() -> None:
    """18US §10.1.4: in the stock round the owner exchanges the card for a single pool share
    during one of their turns, "in addition to his normal turn"; the card closes."""
    g = bank_game(SECOND_BANK, CardHooks())
    e = engine(g)
    act(g, "pass", "Bob")
    assert g.acting == ("Ann",)
    swaps = [a for a in g.legal_actions() if isinstance(a, BuyShares) and a.entity == "P4"]
    assert swaps == [exchange("P4", "AA_1"), exchange("P4", "BB_1")]
    cash = e.ledger.cash("Ann")
    g.apply(exchange("P4", "BB_1"))
    assert e.books["BB"].cert("BB_1").owner == "Ann"
    assert e.ledger.cash("Ann") == cash
    assert e.privates["P4"].closed
    assert g.acting == ("Ann",)  # her normal turn goes on
    act(g, "buy_shares", "Ann", shares=["AA_2"])
    assert e.books["AA"].shares_of("Ann") == 3


def test_18us_10_1_4_only_the_owner_exchanges() -> None:
    """The card's owner, on their own turn: Bob cannot exchange Ann's card."""
    g = bank_game(SECOND_BANK, CardHooks())
    with pytest.raises(IllegalAction):
        g.apply(BuyShares(player=PlayerId("Bob"), entity="P4", shares=("AA_1",)))
    assert not [a for a in g.legal_actions() if isinstance(a, BuyShares) and a.entity == "P4"]


def test_18us_10_1_4_exchange_in_the_operating_turn_before_the_dividend() -> None:
    """18US §10.1.4: in an operating round, during the turn of the company whose share is
    taken, "between the earnings step and the dividend step"; the new share is paid."""
    g = bank_game(SECOND_BANK, CardHooks())
    e = engine(g)
    act(g, "pass", "Bob")
    act(g, "pass", "Ann")
    assert e.round.kind == "OR" and e.round.entity(e) == "AA"
    assert not [a for a in g.legal_actions() if isinstance(a, BuyShares)]
    act(g, "pass", "Ann", entity="AA")
    act(g, "pass", "Ann", entity="AA")
    legal = g.legal_actions()
    assert exchange("P4", "AA_1") in legal and exchange("P4", "BB_1") not in legal
    assert "dividend" in legal.kinds()
    g.apply(exchange("P4", "AA_1"))
    assert e.books["AA"].shares_of("Ann") == 3 and e.privates["P4"].closed
    act(g, "dividend", "Ann", entity="AA", mode="withhold")
    assert not [a for a in g.legal_actions() if isinstance(a, BuyShares)]


def test_18us_10_1_4_no_exchange_after_the_dividend() -> None:
    g = bank_game(SECOND_BANK, CardHooks())
    act(g, "pass", "Bob")
    act(g, "pass", "Ann")
    act(g, "pass", "Ann", entity="AA")
    act(g, "pass", "Ann", entity="AA")
    act(g, "dividend", "Ann", entity="AA", mode="withhold")
    with pytest.raises(IllegalAction):
        g.apply(exchange("P4", "AA_1"))


def test_exchange_respects_the_holding_limit() -> None:
    """The share counts as bought for the holding limit (60% in the synthetic title): with
    six AA shares Ann is offered none."""
    g = bank_game(SECOND_BANK, CardHooks())
    e = engine(g)
    e.books["AA"].transfer("AA", "Ann", 4)
    act(g, "pass", "Bob")
    swaps = [a for a in g.legal_actions() if isinstance(a, BuyShares) and a.entity == "P4"]
    assert swaps == [exchange("P4", "BB_1")]


def test_stock_round_only_exchange_is_not_offered_in_an_operating_turn() -> None:
    card = dataclasses.replace(
        SECOND_BANK,
        abilities=(ShareExchange(corporation="AA", sources=frozenset({"pool"})),),
    )
    g = bank_game(card, CardHooks())
    act(g, "pass", "Bob")
    act(g, "pass", "Ann")
    act(g, "pass", "Ann", entity="AA")
    act(g, "pass", "Ann", entity="AA")
    assert not [a for a in g.legal_actions() if isinstance(a, BuyShares)]


BALDWIN = PrivateSpec(
    id="P4",
    value=100,
    abilities=(
        TrainDiscount(percent=50, trains=frozenset({"2", "3", "4"})),
        Closes(after_use=True),
    ),
)
"""18US §10.1.5: the Baldwin Locomotive Works takes 50% off a new train from the bank for a
company its owner controls; "Taking the cost reduction closes the Concession"."""


def test_18us_10_1_5_train_discount_halves_a_bank_train_and_closes() -> None:
    g = bank_game(BALDWIN, CardHooks())
    e = engine(g)
    act(g, "pass", "Bob")
    act(g, "pass", "Ann")
    act(g, "pass", "Ann", entity="AA")
    act(g, "pass", "Ann", entity="AA")
    act(g, "dividend", "Ann", entity="AA", mode="withhold")
    prices = sorted(a.price for a in g.legal_actions().of_kind("buy_train"))  # type: ignore[attr-defined]
    assert prices == [40, 80]
    cash = e.ledger.cash("AA")
    act(g, "buy_train", "Ann", entity="AA", train="2-0", price=40)
    assert e.ledger.cash("AA") == cash - 40
    assert e.privates["P4"].closed
    assert 40 not in [a.price for a in g.legal_actions().of_kind("buy_train")]  # type: ignore[attr-defined]
