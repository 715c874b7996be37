"""18USA §11.8 stock round end: "For each certificate in the open market, the company's
share price token is moved two steps back.  It may not move further back than the last gray
space on the market."  The corporate test market reads $5 (red liquidation), $10 and $20
(gray acquisition), $30, $40, ..."""

from __future__ import annotations

import dataclasses

from roundhouse.core.engine18xx import Engine
from roundhouse.core.ids import PlayerId
from roundhouse.core.rng import Rng
from roundhouse.core.shares import POOL
from roundhouse.titles.g18usa.family1817.engine import FamilyEngine
from tests.core.flow.synthetic import StubMap
from tests.g18usa.corporate import CONFIG_C, DATA_C, CorporateHooks


def engine(*, barrier: frozenset[str]) -> Engine:
    config = dataclasses.replace(
        CONFIG_C, sold_out_steps=1, pool_cert_drop_steps=2, pool_cert_drop_barrier=barrier
    )
    return FamilyEngine(
        [PlayerId(p) for p in ("Ann", "Bob", "Cy")],
        Rng(1),
        data=DATA_C,
        config=config,
        hooks=CorporateHooks(),
        board=StubMap(),
    )


def with_pool_shares(g: Engine, price: int, in_pool: int) -> None:
    """Ann starts CC (5 shares) and ``in_pool`` of its shares sit in the open market; then
    the price is set to ``price``."""
    g.start_company("Ann", "CC", 80)
    g.books["CC"].transfer("CC", POOL, in_pool)
    cell = g.market.grid.at_or_below(price)
    assert cell is not None and cell.price == price
    g.market.place("CC", cell)


def test_18usa_11_8_pool_drop_stops_at_the_last_gray_space() -> None:
    """Two certificates in the open market at $40 ask for four steps back ($40 -> $5); the
    token stops on the last gray space, $10, and never reaches the red liquidation space."""
    g = engine(barrier=frozenset({"liquidation"}))
    with_pool_shares(g, 40, 2)
    g.round.on_finish(g)
    assert g.share_price("CC") == 10
    assert "acquisition" in g.market.zones("CC")
    assert "liquidation" not in g.market.zones("CC")


def test_18usa_11_8_pool_drop_two_steps_per_certificate() -> None:
    """One certificate in the open market: two steps back, $80 -> $60."""
    g = engine(barrier=frozenset({"liquidation"}))
    with_pool_shares(g, 80, 1)
    g.round.on_finish(g)
    assert g.share_price("CC") == 60


def test_pool_drop_without_a_barrier_reaches_the_end_of_the_market() -> None:
    """Core's default has no barrier: the same drop ends on the $5 space."""
    g = engine(barrier=frozenset())
    with_pool_shares(g, 40, 2)
    g.round.on_finish(g)
    assert g.share_price("CC") == 5
