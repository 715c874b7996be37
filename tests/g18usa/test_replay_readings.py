"""18USA rules read anew while replaying the 18xx.games fixtures (docs/rules-notes.md,
"Readings fixed while replaying fixture 109372"): each test sets the position up directly
and checks the rule's effect, under the rulebook's defaults."""

from __future__ import annotations

from typing import cast

from roundhouse.core.board import NEUTRAL
from roundhouse.core.dividend import payout
from roundhouse.core.engine18xx import Engine
from roundhouse.core.flow.round import ForwardTurn
from roundhouse.core.flow.step import Step
from roundhouse.core.flow.trade import do_sale
from roundhouse.core.game import Game
from roundhouse.core.market import dividend_steps
from roundhouse.core.routes.adapter import GraphOptions, compile_board
from roundhouse.core.routes.graph import NodeType, Stop, StopKind
from roundhouse.titles.g18usa import TITLE
from roundhouse.titles.g18usa.family1817.company_sale import SaleKind
from roundhouse.titles.g18usa.family1817.sale_auction import SaleAuction
from roundhouse.titles.g18usa.state import UsaGame
from tests.g18usa.playing import usa

PLAYERS = ["Ann", "Bob", "Cy"]


def started(size: int, price: int = 100) -> UsaGame:
    """Seed 1, Ann president of ATSF at share price ``price``, grown to ``size`` shares with the new
    shares in its treasury."""
    g = usa(Game(TITLE, PLAYERS, seed=1))
    g.start_company("Ann", "ATSF", price)
    book = g.books["ATSF"]
    if size > book.size:
        book.resize(size, [(1, "ATSF", True)] * (size - book.size))
    return g


def test_18usa_11_1_stock_sales_do_not_change_the_share_price() -> None:
    """§11.1: "Stock sales do not change the share price of the company" - not even the
    president's own sale (which moved it one space before)."""
    g = started(5)
    cert = next(c for c in g.books["ATSF"].certs_of("ATSF") if c.playable)
    g.books["ATSF"].move(cert.id, "Ann")
    g.corps["ATSF"].formed_in = -1  # not formed in this stock round (§11.1)
    before, cash = g.share_price("ATSF"), g.ledger.cash("Ann")
    do_sale(g, "Ann", "ATSF", 1)
    assert g.books["ATSF"].shares_of("Ann") == 2
    assert g.ledger.cash("Ann") == cash + before
    assert g.share_price("ATSF") == before


def test_18usa_12_5_a_two_share_president_receives_the_full_payout() -> None:
    """§12.5: "When a 2-share company pays dividends the president receives the full
    earnings amount": half of $210 is $105 to the president, not two rounded $52 shares."""
    g = started(2)
    split = payout(g.books["ATSF"], 105, g.hooks.payout_rule(g, "ATSF"))
    assert split.paid == {"Ann": 105}
    five = started(5)
    assert five.hooks.payout_rule(five, "ATSF") == five.config.payout_rule


def test_18usa_12_5_acquisition_spaces_move_on_their_printed_amounts() -> None:
    """§12.5: the amounts needed to move are printed under each space; under the $0
    acquisition spaces they are $20/$40/$60/$80 (a $40 price)."""
    g = started(5)
    assert g.hooks.dividend_price(g, "ATSF") == g.share_price("ATSF")
    acquisition = next(
        c for c in g.market.grid.cells.values() if "acquisition" in c.zones and c.price == 0
    )
    g.market.place("ATSF", acquisition)
    price = g.hooks.dividend_price(g, "ATSF")
    assert price == 40
    thresholds = g.hooks.dividend_thresholds(g, "ATSF")
    assert [dividend_steps(x, price, thresholds) for x in (19, 20, 60, 80)] == [0, 1, 3, 4]


def test_18usa_14_2_3_least_friendly_bid_is_the_value_rounded_up_to_ten() -> None:
    """§14.2.3: the least bid is the market value, and bids are multiples of $10: a
    5-share company at $53 ($265) opens at $270."""
    g = started(5, price=53)
    assert g.share_price("ATSF") == 53
    sale = SaleAuction(g, "ATSF", SaleKind.FRIENDLY)
    assert sale.min_bid(g) == 270


def test_18usa_p27_a_neutral_token_fills_its_slot_and_blocks_nobody() -> None:
    """P27 (18xx.games): the company town's neutral token takes the second slot, yet every
    company's trains run through the town; a city full of companies' tokens blocks."""

    def city(*tokens: str) -> Stop:
        return Stop(id="F18-0", hex="F18", kind=StopKind.CITY, revenue=30, slots=2,
                    slot_tokens=tokens)  # fmt: skip

    assert not city("SR", NEUTRAL).blocks("MP")
    assert city("SR", "UP").blocks("MP")
    assert not city("SR", "UP").blocks("SR")


def test_18usa_12_1_a_route_may_pass_a_junction_point_again() -> None:
    """§12.1: "A route may change directions at the junctions in the middle of plain track
    tiles"; only a stretch of track may not be used twice.  The title's graph gives
    junction points no "visited" mark; core's default keeps it."""
    g = usa(Game(TITLE, PLAYERS, seed=1))
    board = g.map.board
    board.lay("D18", "546", 3, {})
    phase = g.depot.phases.current
    ours = compile_board(board, phase, g.map.graph_options(g, "ATSF"))
    plain = compile_board(board, phase, GraphOptions())
    junction = [n for n, kind in enumerate(ours.node_type) if kind is NodeType.JUNCTION]
    assert junction
    assert all(ours.visit_bits()[n] == 0 for n in junction)
    assert all(plain.visit_bits()[n] != 0 for n in junction)


def test_18usa_12_an_operating_turn_never_returns_to_a_step_it_left() -> None:
    """§12's steps come "in the indicated order": a blocking step the turn has left (the
    track step, left for want of cash) is not offered again when it could act again (the
    dividend paid for a tile); before any later step acted, it is."""

    class Toggle(Step):
        kinds = frozenset({"pass"})

        def __init__(self) -> None:
            self.on = True

        def active(self, g: Engine, entity: str) -> bool:
            return self.on

    track, dividend = Toggle(), Toggle()
    turn = ForwardTurn([track, dividend])
    g = cast(Engine, None)  # the toggles never read the game
    assert turn.offered(g, "SP") == [track]
    turn.reached["SP"] = 1  # the dividend step took an action
    assert turn.offered(g, "SP") == [dividend]
    dividend.on = False
    assert turn.offered(g, "SP") == []
    assert turn.offered(g, "PRR") == [track]
