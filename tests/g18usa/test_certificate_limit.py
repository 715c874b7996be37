"""18USA §11.4: a merger of two of a player's 5-share companies can put them over the
certificate limit; they must sell down in their next stock turn, before anything else, and
the stock turn keeps §11's order (sales, then the short sale)."""

from __future__ import annotations

import dataclasses

import pytest

from roundhouse.core.engine18xx import Engine
from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.actions import SellShares
from roundhouse.core.ids import PlayerId
from roundhouse.core.rng import Rng
from roundhouse.titles.g18usa.family1817.actions import Short, TakeLoan
from roundhouse.titles.g18usa.family1817.company_sale import merge
from roundhouse.titles.g18usa.family1817.engine import FamilyEngine
from tests.core.flow.synthetic import StubMap
from tests.g18usa.corporate import CONFIG_C, DATA_C, CorporateHooks

ANN = PlayerId("Ann")


def engine_with_limit(limit: int) -> Engine:
    config = dataclasses.replace(CONFIG_C, cert_limit={2: limit, 3: limit, 4: limit})
    return FamilyEngine(
        [PlayerId(p) for p in ("Ann", "Bob", "Cy")],
        Rng(1),
        data=DATA_C,
        config=config,
        hooks=CorporateHooks(),
        board=StubMap(),
    )


def over_the_limit_after_a_merger() -> Engine:
    """Ann presides CC and DD (5 shares each) holding a second share of each: 4
    certificates, her limit.  The 1-for-1 exchange of the merger turns DD's president's
    certificate into two 10% shares: 5 certificates (18USA §14.1.2)."""
    g = engine_with_limit(4)
    g.start_company("Ann", "CC", 80)
    g.start_company("Ann", "DD", 70)
    g.books["CC"].transfer("CC", "Ann", 1)
    g.books["DD"].transfer("DD", "Ann", 1)
    assert g.cert_count("Ann") == 4
    merge(g, "CC", "DD")
    assert g.books["CC"].size == 10
    assert g.cert_count("Ann") == 5
    g.priority = "Ann"
    g.round = g.hooks.stock_round(g)
    g.round.start(g)
    return g


def test_18usa_11_4_over_the_limit_after_a_merger_the_player_must_sell_first() -> None:
    """18USA §11.4: "This condition must be resolved at the next opportunity in a stock
    round": no pass, no acting for a company, no short sale and no purchase until sold."""
    g = over_the_limit_after_a_merger()
    assert g.acting() == ("Ann",)
    moves = g.legal_actions()
    assert moves and all(isinstance(m, SellShares) for m in moves)
    assert {m.count for m in moves if isinstance(m, SellShares)} == {1, 2, 3, 4}
    with pytest.raises(IllegalAction) as err:
        g.check(TakeLoan(player=ANN, entity="CC", loan=0))
    assert err.value.rule == "sr.over_cert_limit"
    g.execute(SellShares(player=ANN, entity="Ann", corporation="CC", count=1))
    assert g.cert_count("Ann") == 4
    assert TakeLoan(player=ANN, entity="CC", loan=0) not in g.legal_actions()  # sold: own turn
    assert any(m.kind == "pass" for m in g.legal_actions())


def test_18usa_11_no_sale_after_the_short_sale() -> None:
    """18USA §11: sell, then sell short one share, then buy - a sale after the short sale
    is out of order."""
    g = engine_with_limit(20)
    g.start_company("Bob", "CC", 80)
    g.start_company("Ann", "DD", 70)
    g.books["DD"].transfer("DD", "Ann", 1)
    g.priority = "Ann"
    g.round = g.hooks.stock_round(g)
    g.round.start(g)
    g.check(SellShares(player=ANN, entity="Ann", corporation="DD", count=1))
    g.execute(Short(player=ANN, entity="Ann", corporation="CC"))
    assert not any(isinstance(m, SellShares) for m in g.legal_actions())
    with pytest.raises(IllegalAction) as err:
        g.check(SellShares(player=ANN, entity="Ann", corporation="DD", count=1))
    assert err.value.rule == "sr.sell_before_short"
