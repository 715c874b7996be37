"""18USA P10 Carnegie Steel, P14 Pyramid Scheme and P29 Bankrupt Railroad played through the
title: put into a company at its start (§11.6 "The president first decides which of their
private companies, if any, they will give to the new company"), they act once the company is
funded and its home station is down, and close.  What is pinned: the money (§11.6: the
player pays the bid less the privates, the treasury gets twice the price less the privates,
never below $0), the tokens, the tiles and the train after the start.

18xx.games acts on each private as it is assigned, before the company's token purchase
(``use_on_assign_abilities``); none of the three changes money or tokens, so the outcome is
the same (docs/rules-notes.md, 18USA privates).  Seed 1 (three players) deals P14 and P29,
seed 8 deals P10 with Chicago (D20), Los Angeles (G3) and H14 left unchosen as metropolises
(§2.4)."""

from __future__ import annotations

from roundhouse.core.game import Game
from roundhouse.titles.g18usa import TITLE
from roundhouse.titles.g18usa import board as usa_board
from roundhouse.titles.g18usa.state import UsaGame
from tests.g18usa.playing import act

START_CASH = 420
"""§2: each of three players starts with $420."""


def started_with(private: str, home: str, *, bid: int, seed: int, price: int = 100) -> UsaGame:
    """Ann buys ``private`` for ``bid`` in §10's auction, everyone passes to the stock round,
    and Ann starts ATSF for ``price`` in ``home``, putting the private in (§11.6)."""
    game = Game(TITLE, ["Ann", "Bob", "Cy"], seed=seed)
    act(game, "bid", "Ann", company=private, price=bid)
    act(game, "pass", "Bob")
    act(game, "pass", "Cy")
    for p in ("Bob", "Cy", "Ann"):
        act(game, "pass", p)
    act(game, "pass", "Bob")
    act(game, "pass", "Cy")
    act(game, "bid", "Ann", company="ATSF", price=price)
    act(game, "place_token", "Ann", hex=home, city="c")
    act(game, "pass", "Bob")
    act(game, "pass", "Cy")
    act(game, "choose", "Ann", choice=private, company=private)
    g = game.state
    assert isinstance(g, UsaGame)
    assert g.round.kind == "SR" and g.corps["ATSF"].floated
    return g


def test_18usa_p10_start_makes_chicago_a_metropolis() -> None:
    """P10 ($40, bought for $20) into ATSF started at $100 in Chicago (D20), an unchosen
    candidate: Ann pays $100 - $40, the treasury gets $100 - $40; Chicago's metropolis tile
    (X02) goes down as set-up lays the drawn ones, with ATSF's home station on it; P10
    closes."""
    g = started_with("P10", "D20", bid=20, seed=8)
    assert g.ledger.cash("Ann") == START_CASH - 20 - 60
    assert g.ledger.cash("ATSF") == 60
    here = g.map.board["D20"]
    metro = usa_board.metropolis_candidates()["D20"]
    assert here.tile.id == metro.tile and here.rotation == metro.rotation
    assert "D20" in g.metropolises
    assert g.map.board.tokens_of("ATSF") == [("D20", here.tile.cities[0].name)]
    assert (g.corps["ATSF"].tokens_placed, g.corps["ATSF"].tokens_owned) == (1, 1)
    assert g.privates["P10"].closed


def test_18usa_p10_start_in_a_city_not_a_candidate_changes_no_tile() -> None:
    """Started elsewhere (Boise, D6: not one of §2.4's six), P10 does nothing and closes;
    the money is the same."""
    g = started_with("P10", "D6", bid=20, seed=8)
    board = g.map.board
    assert board["D6"].tile is board["D6"].printed.tile
    assert "D6" not in g.metropolises
    assert g.ledger.cash("ATSF") == 60
    assert g.privates["P10"].closed


def test_18usa_p14_start_closes_and_counts_its_face_value() -> None:
    """P14 (face value $60, bought for §10's $5) into ATSF started at $100 in C3 ("No
    subsidy"): Ann pays $100 - $60, the treasury gets $100 - $60, one token; P14 closes."""
    g = started_with("P14", "C3", bid=5, seed=1)
    assert g.ledger.cash("Ann") == START_CASH - 5 - 40
    assert g.ledger.cash("ATSF") == 40
    assert (g.corps["ATSF"].tokens_placed, g.corps["ATSF"].tokens_owned) == (1, 1)
    assert not g.depot.owned_by("ATSF")
    assert g.privates["P14"].closed


def test_18usa_p29_start_free_2_train_and_no_money() -> None:
    """P29 ($120, bought for $60) into ATSF started at $100 in C3 ("No subsidy"): worth more
    than the bid, so Ann pays nothing more and the treasury gets $0 (§11.6 "If this amount is
    negative, the starting treasury is $0"); the 2-train costs the company nothing; P29
    closes."""
    g = started_with("P29", "C3", bid=60, seed=1)
    assert g.ledger.cash("Ann") == START_CASH - 60
    assert g.ledger.cash("ATSF") == 0
    assert [t.type for t in g.depot.owned_by("ATSF")] == ["2"]
    assert (g.corps["ATSF"].tokens_placed, g.corps["ATSF"].tokens_owned) == (1, 1)
    assert g.privates["P29"].closed


def test_18usa_p29_start_in_a_subsidy_city_gives_no_train() -> None:
    """Appendix "Subsidy Tiles": the 2-train only "in one of these cities" (No subsidy); in
    a city without a subsidy tile (Denver, E11) no train, P29 still closes."""
    g = started_with("P29", "E11", bid=60, seed=1)
    assert not g.depot.owned_by("ATSF")
    assert g.ledger.cash("ATSF") == 0
    assert g.privates["P29"].closed
