"""18RoyalGorge share value track, steel and gold markets, debt and player limits."""

from __future__ import annotations

import pytest

from roundhouse.core.market import Market, dividend_steps
from roundhouse.core.tiles import Colour
from roundhouse.titles.g18royalgorge.data import (
    Source,
    cert_limit,
    debt_markers,
    debts,
    dividend_thresholds_pct,
    gold_track,
    market_grid,
    par_zones,
    phase_colours,
    phases,
    share_rules,
    start_prices,
    starting_cash,
    steel_colours,
    steel_market,
)


def _pars(phase: str) -> list[int]:
    return [c.price for c in market_grid().with_zones(par_zones()[phase])]


def test_18royalgorge_example_stock_turn_yellow_par_prices() -> None:
    """ "Example Stock Turn": in Yellow a railroad starts at $60, $65, $70 or $80."""
    assert _pars("Yellow") == [60, 65, 70, 80]


def test_18royalgorge_starting_a_company_par_regions_grow_by_phase() -> None:
    """Green adds the green region, Brown the brown one; Silver is the same as Brown."""
    assert _pars("Green") == [60, 65, 70, 80, 90, 100, 110, 120]
    assert _pars("Brown") == [*_pars("Green"), 130, 145, 160, 180]
    assert _pars("Silver") == _pars("Brown")
    assert [p.par_zones for p in phases()] == [
        par_zones()[n] for n in ("Yellow", "Green", "Brown", "Silver")
    ]


def test_18royalgorge_market_cells_and_end_game_region() -> None:
    """One row of 28 cells from $30 to $460; the red cells from $310 end the game."""
    grid = market_grid()
    assert grid.one_d and len(grid.cells) == 28
    prices = [grid.cells[(0, c)].price for c in range(28)]
    assert prices[0] == 30 and prices[-1] == 460 and prices == sorted(prices)
    assert [c.price for c in grid.with_zones(["end_game"])] == [310, 340, 380, 420, 460]


def test_18royalgorge_setting_up_metal_and_debt_markers() -> None:
    """ "Setting Up the Game": gold and steel markers on 45, one debt token on 60; the example
    stock turn buys a CF&I share for $45."""
    assert start_prices() == {"CF&I": 45, "VGC": 45, "DEBT": 60}
    market = Market(market_grid())
    market.place("CF&I", market_grid().find(45))
    assert market.price("CF&I") == 45


def test_18royalgorge_4_dividends_move_by_multiples() -> None:
    """ "4. Pay Dividends": revenue >= price moves 1, double 2, triple 3 (at most 3)."""
    t = dividend_thresholds_pct()
    assert [dividend_steps(r, 80, t) for r in (79, 80, 160, 240, 1000)] == [0, 1, 2, 3, 3]


def _steel_cost(column: str, taken: int, lays: int) -> int:
    """Cost of ``lays`` steel from a column whose ``taken`` cheapest cubes are gone."""
    steel = steel_market()
    cubes = list(steel.column(column).cubes[taken:])
    return sum(cubes[i] if i < len(cubes) else steel.empty_price for i in range(lays))


def test_18royalgorge_buying_steel_example() -> None:
    """ "Buying Steel" example: three yellow ($10+$20+$30) and two green ($30+$40) cost $130;
    a sixth lay of either colour costs $40."""
    yellow = _steel_cost("A", taken=1, lays=3)
    green = _steel_cost("E", taken=1, lays=2)
    assert (yellow, green, yellow + green) == (60, 70, 130)
    assert _steel_cost("A", 1, 4) - yellow == 40 and _steel_cost("E", 1, 3) - green == 40


def test_18royalgorge_buying_steel_columns_by_phase() -> None:
    """Steel columns: four yellow, two green, two brown, one silver; each phase opens its
    colour ("Yellow Phase: Only yellow steel columns are available", ...)."""
    steel = steel_market()
    by_colour = [c.colour for c in steel.columns]
    assert by_colour.count(Colour.YELLOW) == 4 and by_colour.count(Colour.GREEN) == 2
    assert by_colour.count(Colour.BROWN) == 2 and by_colour.count(Colour.GRAY) == 1
    assert steel.column("A").cubes == (0, 10, 20, 30) and steel.column("I").cubes == ()
    assert steel.empty_price == 40 and steel.cfi_box_start == 50
    assert steel_colours()["Yellow"] == (Colour.YELLOW,)
    assert steel_colours()["Silver"][-1] is Colour.GRAY
    assert sum(len(c.cubes) for c in steel.columns) <= 30  # 30 steel cubes in the box


def test_18royalgorge_shipping_gold_track() -> None:
    """ "Shipping Gold": +$50 per cube, one per company per turn; VGC pays up to $350; the red
    space is never covered, so at most 5 per set (2 in Yellow, 4 in Green)."""
    gold = gold_track()
    assert gold.ship_bonus == 50 and gold.per_company_per_turn == 1
    assert gold.values[-1] == 350 and gold.colours[-1] is Colour.RED
    limits = {n: gold.ship_limit(c) for n, c in phase_colours().items()}
    assert limits == {"Yellow": 2, "Green": 4, "Brown": 5, "Silver": 5}


def test_18royalgorge_6_pay_off_debt_tokens() -> None:
    """ "6. Pay Off 1 Debt": RG owes SF four tokens, SF owes Doc Holliday two; with the one on the
    market that is the box's 7 debt markers."""
    owed = debts()
    assert (owed["RG"].creditor, owed["RG"].tokens) == ("SF", 4)
    assert (owed["SF"].creditor, owed["SF"].tokens) == ("G1", 2)
    assert 1 + owed["RG"].tokens + owed["SF"].tokens == debt_markers() == 7
    assert owed["RG"].penalty[4] == 8 and owed["SF"].penalty[2] == 3


@pytest.mark.parametrize(("players", "cash", "certs"), [(2, 800, 20), (3, 550, 14), (4, 400, 12)])
def test_18royalgorge_certificate_limits_table(players: int, cash: int, certs: int) -> None:
    """ "Certificate Limits": starting capital and certificate limit by player count."""
    assert starting_cash(players) == cash
    assert cert_limit(players) == certs


def test_18royalgorge_certificate_limit_18xx_games_four_players() -> None:
    """18xx.games allows 10 certificates with four players (import option)."""
    assert cert_limit(4, Source.EIGHTEEN_XX_GAMES) == 10
    assert cert_limit(3, Source.EIGHTEEN_XX_GAMES) == 14


def test_18royalgorge_selling_and_buying_limits() -> None:
    """60% of any company (70% with two players); at most 50% of a railroad in the pool; CF&I
    and VGC start in the pool."""
    assert share_rules(3).holding_limit_pct == 60 and share_rules(2).holding_limit_pct == 70
    assert share_rules(4).pool_limit_pct == 50
    assert share_rules(4, metal=True).pool_limit_pct == 100
