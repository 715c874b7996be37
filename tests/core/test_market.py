"""Stock markets: grids as data, par regions, dividend, withhold, sale and sold-out moves."""

from __future__ import annotations

import pytest

from roundhouse.core.errors import IllegalAction
from roundhouse.core.market import (
    Direction,
    Market,
    MarketGrid,
    SellDrop,
    Stock,
    dividend_steps,
)

# source: 18RoyalGorge printed stock value track, values as transcribed by tobymao/18xx
# (lib/engine/game/g_18_royal_gorge/game.rb MARKET); par regions checked against the
# rulebook's "Example Stock Turn" (yellow $60, $65, $70, $80).
RG_TRACK = (
    "30 35 40 45 50 55 60p 65p 70p 80p 90x 100x 110x 120x 130z 145z 160z 180z "
    "200 220 240 260 280 310e 340e 380e 420e 460e"
)
RG_LEGEND = {"p": "par_yellow", "x": "par_green", "z": "par_brown"}
RG_MOVES = (100, 200, 300)


@pytest.fixture
def rg() -> Market:
    return Market(MarketGrid.parse([RG_TRACK], RG_LEGEND))


def test_18royalgorge_starting_a_company_yellow_par_region(rg: Market) -> None:
    """18RoyalGorge "Example Stock Turn": in the Yellow Phase RG may start at $60, $65, $70
    or $80 - not at a green price."""
    yellow = {"par_yellow"}
    assert [c.price for c in rg.grid.with_zones(yellow)] == [60, 65, 70, 80]
    with pytest.raises(IllegalAction) as err:
        rg.par("RG", 90, yellow)
    assert err.value.rule == "market.par_region"
    assert "RG" not in rg.position
    rg.par("RG", 90, {"par_yellow", "par_green"})
    assert repr(Stock(rg, "RG")) == "<Stock RG at $90>"


def test_18royalgorge_pay_dividends_moves_by_multiples_of_price(rg: Market) -> None:
    """18RoyalGorge "Pay Dividends": less than the price stays, at least the price 1 step,
    double 2, triple 3; no payout moves left one."""
    rg.par("RG", 60, {"par_yellow"})
    assert rg.pay_dividend("RG", 59, RG_MOVES) == 0 and rg.price("RG") == 60
    assert rg.pay_dividend("RG", 60, RG_MOVES) == 1 and rg.price("RG") == 65
    assert rg.pay_dividend("RG", 130, RG_MOVES) == 2 and rg.price("RG") == 80
    assert rg.pay_dividend("RG", 240, RG_MOVES) == 3 and rg.price("RG") == 110
    assert rg.pay_dividend("RG", 0, RG_MOVES) == -1 and rg.price("RG") == 100
    assert rg.withhold("RG") == 1 and rg.price("RG") == 90


def test_18royalgorge_selling_president_drops_one_space_per_share(rg: Market) -> None:
    """18RoyalGorge "Selling": a president's sale moves the token left once per share."""
    rg.par("RG", 80, {"par_yellow"})
    assert rg.sell("RG", 3, SellDrop.PER_SHARE) == 3
    assert rg.price("RG") == 60  # $80 -> $70 -> $65 -> $60


def test_18us_4_2_president_sale_drops_one_space_per_turn() -> None:
    """18US §4.2: the President's sales in one turn move the price one space left."""
    market = Market(MarketGrid.parse(["60 65p 70p 75p 80p 90p 100p 110p 120 400"]))
    market.par("PRR", 90, {"par"})
    market.sell("PRR", 3, SellDrop.PER_BLOCK)
    assert market.price("PRR") == 80
    assert market.sell("PRR", 2, SellDrop.NONE) == 0


def test_18us_4_2_token_never_passes_the_ends() -> None:
    """18US §4.2: a token that should move below $60 or above $400 does not move."""
    market = Market(MarketGrid.parse(["60p 65 370 400"]))
    market.par("B&O", 60, {"par"})
    assert market.withhold("B&O") == 0
    market.place("B&O", market.grid.find(400))
    assert market.pay_dividend("B&O", 1000, (100, 200)) == 0
    assert market.price("B&O") == 400


def test_18royalgorge_end_of_stock_round_sold_out_moves_right(rg: Market) -> None:
    rg.par("SF", 70, {"par_yellow"})
    rg.sold_out("SF")
    assert rg.price("SF") == 80


def test_18royalgorge_end_game_trigger_cells(rg: Market) -> None:
    """18RoyalGorge "Triggering End of Game", Ending 2: a token on the red spaces."""
    rg.par("RG", 80, {"par_yellow"})
    rg.place("RG", rg.grid.find(280))
    assert rg.companies_in("end_game") == []
    rg.pay_dividend("RG", 300, RG_MOVES)
    assert rg.companies_in("end_game") == ["RG"]


def test_18usa_5_moved_token_goes_under_the_stack_and_operating_order(rg: Market) -> None:
    """18USA §5/§6.1 and 18RoyalGorge "Stock Value Movement": a token joining a space goes
    below the ones there; at equal price the higher token operates first; a token that does
    not move keeps its place."""
    rg.par("RG", 65, {"par_yellow"})
    rg.par("SF", 70, {"par_yellow"})
    rg.par("KP", 60, {"par_yellow"})
    rg.pay_dividend("KP", 60, RG_MOVES)  # joins RG at $65, below it
    assert rg.stacks[rg.position["RG"]] == ["RG", "KP"]
    rg.pay_dividend("RG", 10, RG_MOVES)  # no move: RG stays on top
    assert rg.operating_order(["KP", "RG", "SF"]) == ["SF", "RG", "KP"]
    rg.withhold("SF")
    rg.withhold("SF")  # SF leaves $70 and reaches $60, then comes back up to $65
    rg.pay_dividend("SF", 60, RG_MOVES)
    assert rg.operating_order(["KP", "RG", "SF"]) == ["RG", "KP", "SF"]


def test_18usa_12_5_dividend_thresholds_half_multiples() -> None:
    """18USA §12.5: 1, 2, 3 or 4 steps at 50%, 100%, 150%, 200% of the share price."""
    thresholds = (50, 100, 150, 200)
    assert [dividend_steps(x, 100, thresholds) for x in (49, 50, 100, 149, 150, 200, 999)] == [
        0,
        1,
        2,
        2,
        3,
        4,
        4,
    ]


def test_18usa_5_liquidation_and_acquisition_spaces() -> None:
    """18USA §5/§11.8: acquisition and liquidation spaces left of the prices; a stock-round
    drop may not pass the last grey space (a barrier)."""
    market = Market(MarketGrid.parse(["0q 0a 0a 0a 42 45 50p 55p 60p"]))
    market.par("NYC", 50, {"par"})
    assert market.move("NYC", Direction.LEFT, 9, barrier_zones={"liquidation"}) == 5
    assert market.zones("NYC") == frozenset({"acquisition"})
    assert market.companies_in("acquisition") == ["NYC"]
    market.place("NYC", market.grid.find(0, {"liquidation"}))
    assert market.companies_in("liquidation") == ["NYC"]


def test_18west_4_2_1_only_granger_roads_enter_the_grey_zone() -> None:
    """18West §4.2/§4.2.1: a public company at $50 does not move down; a Granger Road moves
    into the grey space and is then worth nothing."""
    market = Market(MarketGrid.parse(["0g 50s 60s 70p 80p 90p 100p 110 400"], {"s": "par_granger"}))
    market.par("UP", 70, {"par"})
    market.par("CBQ", 50, {"par_granger"})
    market.place("UP", market.grid.find(50))
    assert market.withhold("UP", barrier_zones={"grey"}) == 0
    assert market.withhold("CBQ") == 1
    assert market.price("CBQ") == 0 and "grey" in market.zones("CBQ")


def test_core_market_2d_edges_turn_and_ledges_hold() -> None:
    """A 2-D market: right at a row's end goes up, left at its start goes down; down with no
    cell below (a ledge) stays; on a one-row market up is right and down is left."""
    grid = MarketGrid.parse(["60,70,80,90", "55,60p,70,", "50,55,,"])
    market = Market(grid)
    market.par("A", 60, {"par"})
    assert market.move("A", Direction.RIGHT, 2) == 2
    assert market.cell("A").row == 0 and market.price("A") == 80
    market.place("A", grid.find(50))
    assert market.move("A", Direction.LEFT) == 0
    left_end = grid.cell(1, 0)
    assert left_end is not None
    market.place("A", left_end)
    assert market.move("A", Direction.LEFT) == 1 and market.price("A") == 50
    ledge = grid.cell(2, 1)
    assert ledge is not None
    market.place("A", ledge)
    assert market.move("A", Direction.DOWN) == 0
    assert grid.at_or_below(68) == grid.cell(1, 1)


def test_core_market_grammar_errors_name_the_cell() -> None:
    with pytest.raises(ValueError, match=r"row 1, cell 2"):
        MarketGrid.parse(["60 70k"])
    with pytest.raises(ValueError, match=r"row 2, cell 1"):
        MarketGrid.parse(["60", "$5"])


def test_18usa_11_6_starting_price_rounded_down_to_a_market_value() -> None:
    """18USA §11.6: a winning bid of $231 gives $115, rounded down to the nearest market
    value between $50 and $200."""
    grid = MarketGrid.parse(["42 45 50p 55p 60p 70p 80p 90p 100p 112p 125p 140p 200p 220"])
    assert grid.at_or_below(231 // 2, grid.with_zones({"par"})) == grid.find(112)
