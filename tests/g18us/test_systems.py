"""18US Systems (§7.4): the formation phase before a Stock Round (§7.4.1) and a System's
operating rules (§7.4.2).

The position: after test_western's Convention (Ann bought the Pacific Railway Act and opened
the UP at $90, Cy floated it with the third share), the UP's line to Oakland and the Southern
Railway's line from Charleston to Chicago are laid straight onto the board.  Both companies
become 10-Share companies in their turns by the rules (the SR by §6.3.1, optionally with its
doubling token in Chicago, the UP by §6.3.2); the UP is given a 3E-train and the game set in
Phase 4E/3G; the SR's price is raised to $100, one space above the UP's $90.  Then every
company passes and withholds until the formation phase.
"""

from __future__ import annotations

import random

import pytest

from roundhouse.core.dividend import payout
from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.actions import Choose
from roundhouse.core.game import Game
from roundhouse.core.market import Direction, dividend_steps
from roundhouse.core.shares import IPO, POOL
from roundhouse.titles.g18us.train_buy_step import UsBuyTrainStep
from tests.core.flow.synthetic import act
from tests.g18us.test_board_play import UP_WEST, build
from tests.g18us.test_western import opening, pacific_convention, state, to_turn

SR_NORTH = ["G22", "F21", "E20", "D19"]
"""Charleston to Chicago (reconstructed hexes, docs/18US-board.md)."""


def systems_phase(*, x2: bool = False) -> Game:
    g = opening()
    s = state(g)
    pacific_convention(g)
    act(g, "buy_shares", "Cy", shares=["UP_1"])
    board = s.map.board  # type: ignore[attr-defined]
    build(board, "UP", UP_WEST)
    build(board, "SR", SR_NORTH)
    board.touch()
    to_turn(g, "SR")
    act(g, "pass", "Ann", entity="SR")
    act(g, "choose", "Ann", entity="SR", choice="D19" if x2 else "5-Share")
    act(g, "choose", "Ann", entity="SR", choice="10-Share")
    to_turn(g, "UP")
    act(g, "pass", "Ann", entity="UP")
    act(g, "choose", "Ann", entity="UP", choice="E2")
    three_e = next(t for t in s.depot.upcoming if s.depot.train(t).type == "3E")
    s.depot.trains[three_e].owner = "UP"
    s.depot.phases.index = 4
    for _ in range(300):
        if s.round.kind == "Systems":
            break
        moves = [m for m in g.legal_actions() if m.kind != "buy_company"]
        pick = next((m for m in moves if m.kind == "pass"), None)
        pick = pick or next((m for m in moves if m.kind == "dividend"), None)
        pick = pick or next((m for m in moves if m.kind == "buy_train"), moves[0])
        g.apply(pick)
    s.market.move("SR", Direction.RIGHT, 1)
    return g


@pytest.fixture
def formation() -> Game:
    return systems_phase()


def choices(g: Game, who: str) -> list[str]:
    return [m.choice for m in state(g).legal_actions() if isinstance(m, Choose) and m.player == who]


def test_18us_7_4_1_formation_phase_before_the_stock_round(formation: Game) -> None:
    """§7.4.1: Systems form "immediately prior to the forthcoming Stock Round", in Stock Round
    order from the Priority Deal; Ann presides the SR ($100) and the UP ($90), connected, the
    UP with a permanent train: she may form the SR System (the higher-valued company's charter
    survives) or pass; the phase over, the Stock Round begins and the Priority Deal has not
    moved."""
    g = formation
    s = state(g)
    assert s.round.kind == "Systems" and g.acting == ("Ann",)
    assert choices(g, "Ann") == ["SR+UP"]
    priority = s.priority
    act(g, "pass", "Ann")
    assert s.round.kind == "SR" and s.priority == priority
    assert "SR" not in s.systems and not s.corps["UP"].closed


def test_18us_7_4_1_forming_a_system_with_an_exchange(formation: Game) -> None:
    """§7.4.1: Ann pays the $10 difference for each of her two UP shares (its President's
    Certificate); Cy, asked next, exchanges his UP share for $10; the SR's President's
    Certificate becomes four shares and its Exchange Shares replace the UP's single shares
    where they were (Cy's, the Pool's two); the SR System takes the UP's train, capital and
    station tokens (its doubling token in Oakland too); the UP is set aside."""
    g = formation
    s = state(g)
    ann, cy = s.ledger.cash("Ann"), s.ledger.cash("Cy")
    capital = s.ledger.cash("SR") + s.ledger.cash("UP")
    up_trains = [t.id for t in s.depot.owned_by("UP")]
    act(g, "choose", "Ann", choice="SR+UP")
    assert g.acting == ("Cy",) and choices(g, "Cy") == ["exchange", "sell"]
    act(g, "choose", "Cy", choice="exchange")
    assert s.ledger.cash("Ann") == ann - 20 and s.ledger.cash("Cy") == cy - 10
    book = s.books["SR"]
    assert book.size == 20 and book.president_cert.shares == 4  # type: ignore[union-attr]
    assert dict(book.holdings()) == {"Ann": 4, "Cy": 1, POOL: 5, IPO: 10}
    assert s.corps["UP"].closed and "SR" in s.systems and "UP" not in s.market.position
    assert s.ledger.cash("SR") == capital and s.ledger.cash("UP") == 0
    assert set(up_trains) <= {t.id for t in s.depot.owned_by("SR")}
    board = s.map.board  # type: ignore[attr-defined]
    assert "SR" in board.hexes["D19"].tokens["c"] and "SR" in board.beside_of("E2", "n")
    assert not board.tokens_of("UP")
    assert s.round.kind == "SR"


def test_18us_7_4_1_a_holder_sells_to_the_pool(formation: Game) -> None:
    """§7.4.1: "Players other than the System President who cannot or choose not to make up
    the difference must sell their entire holding in the lesser-valued company to the Pool,
    receiving the Current Market Value" ($90); the System's price does not move."""
    g = formation
    s = state(g)
    cy = s.ledger.cash("Cy")
    act(g, "choose", "Ann", choice="SR+UP")
    act(g, "choose", "Cy", choice="sell")
    assert s.ledger.cash("Cy") == cy + 90
    assert dict(s.books["SR"].holdings()) == {"Ann": 4, POOL: 6, IPO: 10}
    assert s.share_price("SR") == 100


def test_18us_7_4_1_bad_choices_are_refused(formation: Game) -> None:
    """§7.4.1: the lower-valued UP cannot absorb the SR, Bob cannot act for Ann, and Cy
    answers only with exchange or sell: each refused, the game unchanged."""
    g = formation
    before = g.state_hash()
    with pytest.raises(IllegalAction, match=r"18US §7\.4\.1"):
        act(g, "choose", "Ann", choice="UP+SR")
    with pytest.raises(IllegalAction):
        act(g, "pass", "Bob")
    assert g.state_hash() == before
    act(g, "choose", "Ann", choice="SR+UP")
    asked = g.state_hash()
    with pytest.raises(IllegalAction, match=r"18US §7\.4\.1"):
        act(g, "choose", "Cy", choice="keep")
    assert g.state_hash() == asked


@pytest.mark.parametrize("returned", ["x2", "station"])
def test_18us_7_4_1_president_chooses_which_token_returns(returned: str) -> None:
    """§7.4.1: with the SR's doubling token and the UP's base station both in Chicago the
    System has two stations there; "the President of the System decides which to remove":
    a doubling token returns to the charter flipped (its display space stays used), a plain
    one frees its City circle."""
    g = systems_phase(x2=True)
    s = state(g)
    board = s.map.board  # type: ignore[attr-defined]
    act(g, "choose", "Ann", choice="SR+UP")
    act(g, "choose", "Cy", choice="exchange")
    assert g.acting == ("Ann",)
    assert choices(g, "Ann") == ["return:D19:x2", "return:D19:station"]
    placed = s.corps["SR"].tokens_placed
    act(g, "choose", "Ann", choice=f"return:D19:{returned}")
    assert s.corps["SR"].tokens_placed == placed - 1
    tokens = board.hexes["D19"].tokens["c"]
    if returned == "x2":
        assert "SR" in tokens and "SR" not in board.beside_of("D19", "c")
    else:
        assert "SR" not in tokens and board.beside_of("D19", "c") == ["SR"]
    assert s.round.kind == "SR"


def test_18us_7_4_2_a_system_operates(formation: Game) -> None:
    """§7.4.2: a System lays two tiles, owns up to four trains (§6.8), pays 20% to the
    President's Certificate and 5% a share, each share's dividend rounded up ($390: $20 a
    share), and moves right when the halved dividend reaches its price ($390 does at $200,
    $380 does not; here at $100: $190 does, $180 does not), never two spaces; it never sells
    its last permanent train."""
    g = formation
    s = state(g)
    act(g, "choose", "Ann", choice="SR+UP")
    act(g, "choose", "Cy", choice="exchange")
    assert s.hooks.track_lays(s, "SR") == 2
    assert s.depot.limit_for("SR") == 4 and s.depot.limit_for("PRR") == 2
    split = payout(s.books["SR"], 390, s.hooks.payout_rule(s, "SR"))
    assert split.paid["Ann"] == 80 and split.paid["Cy"] == 20
    price = s.hooks.dividend_price(s, "SR")
    thresholds = s.hooks.dividend_thresholds(s, "SR")
    assert [dividend_steps(e, price, thresholds) for e in (180, 190, 1000)] == [0, 1, 1]
    s.depot.phases.index = 5  # Phase 5E/4G: 10-Share companies double-jump, Systems not
    assert s.hooks.dividend_thresholds(s, "SR") == (100,)
    permanent = [t.id for t in s.depot.owned_by("SR") if t.type == "3E"]
    assert permanent and not set(permanent) & set(UsBuyTrainStep().sellers(s, "PRR"))


def test_18us_7_4_random_play_after_a_system_forms_finishes() -> None:
    """After the SR System forms (with the doubling-token choice), random moves play the game
    to its end by the rules (§8), more Systems forming on the way, the state consistent after
    every move."""
    g = systems_phase(x2=True)
    s = state(g)
    act(g, "choose", "Ann", choice="SR+UP")
    act(g, "choose", "Cy", choice="exchange")
    act(g, "choose", "Ann", choice="return:D19:station")
    rng = random.Random(1)
    for _ in range(6000):
        if g.finished:
            break
        g.apply(rng.choice(list(g.legal_actions())))
        assert not s.invariant_violations()
    assert g.finished and g.end_reason in ("bank_broken", "bankrupt")
    assert "SR" in s.systems and s.books["SR"].size == 20
