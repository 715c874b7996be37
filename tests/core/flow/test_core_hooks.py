"""Core hook gaps: the train id on train events, per-company share rules, emergency sales
with shares of a company that has no price yet, and routing a company's action made by the
acting player."""

from __future__ import annotations

import pytest

from roundhouse.core.engine18xx import Engine
from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.emergency import emergency_sales
from roundhouse.core.flow.trade import check_sale
from roundhouse.core.game import Game
from roundhouse.core.hooks import Hooks
from roundhouse.core.share_trade import check_sell
from roundhouse.core.shares import POOL, ShareBook, ShareRules
from roundhouse.core.trains import TrainEvents
from tests.core.flow.synthetic import act, engine
from tests.core.flow.test_emergency_and_end import forced_purchase, quick_game, to_train_step


def test_18west_7_8_4_emergency_sales_skip_a_company_without_a_price() -> None:
    """18West §7.8.4 / 18US §6.9.1: the president sells shares at the current market value;
    a certificate of a company not yet started has none and is simply not offered (it used
    to crash the list of legal moves)."""
    g = forced_purchase(200)
    e = engine(g)
    e.books["CC"].move("CC_1", "Ann")
    to_train_step(g)
    assert "CC" not in e.market.position
    sales = emergency_sales(e, "AA", "Ann", 250 - 120)
    assert sales == {"BB": [1]}
    assert g.legal_actions().kinds() == ["sell_shares"]
    assert {a.corporation for a in g.legal_actions().of_kind("sell_shares")} == {"BB"}  # type: ignore[attr-defined]


class TrainWatcher(Hooks):
    def __init__(self) -> None:
        self.seen: list[tuple[str | None, str]] = []

    def on_train_events(self, g: Engine, corp_id: str | None, events: TrainEvents) -> None:
        self.seen.append((corp_id, events.train))


def test_train_events_name_the_train_bought() -> None:
    """The train-events hook is told which card left the depot (or the pool): titles whose
    deck cards carry events (18RoyalGorge "Phase Changes") need the card, not just its type."""
    watcher = TrainWatcher()
    g = quick_game(hooks=watcher)
    to_train_step(g)
    act(g, "buy_train", "Ann", entity="AA", train="2-0", price=80)
    assert watcher.seen == [("AA", "2-0")]


def book_with_pool(pool: int) -> ShareBook:
    book = ShareBook.standard("AA", size=10, owner="Ann")
    book.transfer("Ann", "Bob", 3)
    book.transfer("Ann", POOL, pool)
    return book


def test_share_rules_per_company_pool_limit() -> None:
    """A company may have its own share rules: here AA's pool may hold all of it while the
    title's 50% pool limit (18RoyalGorge "Selling") holds for every other company."""
    base = ShareRules(pool_limit_pct=50)
    rules = ShareRules(pool_limit_pct=50, companies={"AA": ShareRules(pool_limit_pct=None)})
    book = book_with_pool(5)
    with pytest.raises(IllegalAction) as err:
        check_sell(book, "Bob", 1, rules=base, players=["Ann", "Bob"])
    assert err.value.rule == "shares.pool_limit"
    check_sell(book, "Bob", 3, rules=rules, players=["Ann", "Bob"])
    other = ShareBook.standard("BB", size=10, owner="Ann")
    other.transfer("Ann", "Bob", 3)
    other.transfer("Ann", POOL, 5)
    with pytest.raises(IllegalAction):
        check_sell(other, "Bob", 1, rules=rules, players=["Ann", "Bob"])


def test_share_rules_per_company_reach_the_stock_round_checks() -> None:
    """The engine's trading checks read the company's own rules: AA's pool limit of 10%
    stops a second share reaching the pool, BB keeps the title's 50%."""
    rules = ShareRules(pool_limit_pct=50, companies={"AA": ShareRules(pool_limit_pct=10)})
    g = quick_game(share_rules=rules)
    e = engine(g)
    e.start_company("Bob", "BB", 60)
    for corp in ("AA", "BB"):
        e.books[corp].transfer(corp, "Bob" if corp == "AA" else "Ann", 2)
        e.books[corp].transfer(corp, POOL, 1)
    with pytest.raises(IllegalAction) as err:
        check_sale(e, "Bob", "AA", 1)
    assert err.value.rule == "shares.pool_limit"
    assert check_sale(e, "Ann", "BB", 1) == 60


def test_a_purchase_naming_a_company_is_not_taken_as_its_presidents() -> None:
    """Routing an action that names a company to its acting president is only for steps
    that act on another's behalf (18West §6.1); a stock purchase naming AA is refused, not
    made for Ann."""
    import dataclasses

    from roundhouse.core.flow.actions import BuyShares
    from roundhouse.core.ids import PlayerId
    from tests.core.flow.synthetic import DATA, make_title

    g = Game(make_title(data=dataclasses.replace(DATA, privates=())), ["Ann", "Bob"], seed=0)
    act(g, "par", "Ann", corporation="AA", share_price=60)
    act(g, "pass", "Bob")
    with pytest.raises(IllegalAction) as err:
        g.apply(BuyShares(player=PlayerId("Ann"), entity="AA", shares=("AA_1",)))
    assert err.value.rule == "round.wrong_step"
    g.apply(BuyShares(player=PlayerId("Ann"), entity="Ann", shares=("AA_1",)))
    assert engine(g).books["AA"].shares_of("Ann") == 3
