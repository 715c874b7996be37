"""Bonus tokens that add revenue (18US §10.1.1-§10.1.2, §10.2.1-§10.2.2) on the small board
of tests/g18us/test_ability_board.py: PRR (home A3, $20) reaches C5 ($20) through B4."""

from __future__ import annotations

import pytest

from roundhouse.core.ability import Closes, When, Who
from roundhouse.core.engine18xx import Engine
from roundhouse.core.entities import PrivateSpec
from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.actions import LayTile, Pass, PlaceToken
from roundhouse.core.flow.map_steps import TokenStep
from roundhouse.core.flow.operating_round import OperatingRound
from roundhouse.core.ids import PlayerId
from roundhouse.titles.g18us.ability import RevenueMarker
from roundhouse.titles.g18us.card_window_step import CardTokenStep
from roundhouse.titles.g18us.revenue_marker import MarkerBonus, marker_text
from roundhouse.titles.g18us.revenue_marker_step import RevenueMarkerStep
from tests.g18us.test_ability_board import ANN, operating, play

ERIE = PrivateSpec(
    id="P1",
    value=20,
    abilities=(RevenueMarker(hexes=frozenset({"C5", "A7"}), amount=10), Closes(after_use=True)),
)
"""18US §10.1.1 (the Erie Canal): a +10 bonus token the owner places in one of the listed
cities at any time during an operating round, with no connection needed; placing it closes the
card and every company benefits (the hexes are this board's)."""

FERRY = PrivateSpec(
    id="P8",
    value=50,
    abilities=(
        RevenueMarker(hexes=frozenset({"C5"}), amount=20, when=When.TOKEN, who=Who.OWNING_COMPANY),
        Closes(after_use=True),
    ),
)
"""18US §10.2.2 (the Great Lakes Ferry): a +20 the owning company places "during its token
placement step"."""


def with_markers(card: PrivateSpec, owner: str, *, card_steps: bool = False) -> Engine:
    """PRR's operating turn with the marker step first and track A3-B4-C5 built; with
    ``card_steps`` the token step waits for a token-step card (card_window_step)."""
    g = operating(card, owner)
    g.map.lay_tile(g, "PRR", next(lay for lay in g.map.tile_lays(g, "PRR") if lay.tile == "9"))
    g.map.lay_tile(g, "PRR", next(lay for lay in g.map.tile_lays(g, "PRR") if lay.hex == "C5"))
    g.depot.buy("PRR", g.depot.available()[0].id, g.ledger)
    steps = list(g.hooks.operating_steps(g))
    if card_steps:
        steps = [CardTokenStep() if isinstance(s, TokenStep) else s for s in steps]
    g.round = OperatingRound([RevenueMarkerStep(), *steps])
    g.round.start(g)
    return g


def markers(g: Engine, card: str) -> set[tuple[str, str]]:
    return {
        (a.hex, a.city) for a in g.legal_actions() if isinstance(a, PlaceToken) and a.entity == card
    }


def test_18us_10_1_1_bonus_token_adds_ten_to_the_route() -> None:
    """Before the token PRR's 2-train earns $20 + $20 = $40; with +10 in C5 it earns $50.
    The token may go on A7 too, a city PRR cannot reach; placing it closes the card."""
    g = with_markers(ERIE, "Ann")
    assert g.map.runs(g, "PRR")[0][1] == 40
    assert markers(g, "P1") == {("C5", "c"), ("A7", "c")}
    play(g, PlaceToken(player=ANN, entity="P1", hex="C5", city="c"))
    assert g.privates["P1"].closed
    assert g.map.runs(g, "PRR")[0][1] == 50
    assert g.map.check_run(g, "PRR", [("2-0", "A3-0", "B4", "C5-0")]) == 50
    assert not markers(g, "P1")


def test_18us_10_1_1_every_company_benefits() -> None:
    """The +10 is on the stop for every company (``bonus``), so NYC's routes gain it too;
    a company-only marker is in ``company_bonus`` for that company alone."""
    g = with_markers(ERIE, "Ann")
    g.start_company(PlayerId("Bob"), "NYC", 65)
    g.ledger.transfer("Bob", "NYC", 100)
    g.map.place_home(g, "NYC")
    g.depot.buy("NYC", g.depot.available()[0].id, g.ledger)
    assert g.map.runs(g, "NYC")[0][1] == 40
    play(g, PlaceToken(player=ANN, entity="P1", hex="C5", city="c"))
    assert g.map.runs(g, "NYC")[0][1] == 50
    extras = MarkerBonus()(g.map.board, "C5", "c")
    assert extras is not None and extras.bonus == 10 and not extras.company_bonus
    g.map.place_revenue_marker("C5", marker_text("c", 20, "NYC"))
    extras = MarkerBonus()(g.map.board, "C5", "c")
    assert extras is not None and extras.bonus == 10 and extras.company_bonus == {"NYC": 20}
    assert g.map.runs(g, "PRR")[0][1] == 50
    assert g.map.runs(g, "NYC")[0][1] == 70


def test_bonus_token_needs_the_owner_to_preside_the_operating_company() -> None:
    g = with_markers(ERIE, "Bob")
    assert not markers(g, "P1")
    with pytest.raises(IllegalAction):
        play(g, PlaceToken(player=ANN, entity="P1", hex="C5", city="c"))


def test_18us_10_2_2_company_bonus_token_waits_for_the_token_step() -> None:
    """The ferry's +20 is offered only once PRR has finished its track step; it is PRR's
    own when ``for_all`` is off ($40 + $20)."""
    card = PrivateSpec(
        id="P8",
        value=50,
        abilities=(
            RevenueMarker(
                hexes=frozenset({"C5"}),
                amount=20,
                when=When.TOKEN,
                who=Who.OWNING_COMPANY,
                for_all=False,
            ),
            Closes(after_use=True),
        ),
    )
    g = with_markers(card, "PRR", card_steps=True)
    assert any(isinstance(a, LayTile) for a in g.legal_actions())
    assert not markers(g, "P8")
    play(g, Pass(player=ANN, entity="PRR"))
    assert markers(g, "P8") == {("C5", "c")}
    play(g, PlaceToken(player=ANN, entity="P8", hex="C5", city="c"))
    assert g.map.runs(g, "PRR")[0][1] == 60
    assert g.map.board.hexes["C5"].markers[-1] == "revenue:c:20:PRR"


def test_ferry_card_is_not_the_presidents_to_place() -> None:
    """Who.OWNING_COMPANY: held by Ann herself, the card places nothing for PRR."""
    g = with_markers(FERRY, "Ann", card_steps=True)
    play(g, Pass(player=ANN, entity="PRR"))
    assert not markers(g, "P8")
