"""18US as a game (roundhouse.titles.g18us.DRAFT): set-up, the Eastern Railroad Convention, the
Stock Rounds and Operating Rounds of the Eastern period, checked against the rulebook, and
random games that run until the Western Railroad Convention, the first rule not written.

The scripted opening (seed 1, three players): the random player numbers are Cy #1, Ann #2,
Bob #3 (§3.1).  Ann bids $10, Bob and Cy $5 (§3.2); Ann picks first and takes the South
Carolina Canal & Rail Road Company (P6, $140), opening the Southern Railway at $100
(§10.1.6); Cy (#1 of the tied $5 bids) takes the Customs House (P2, $40), Bob the Erie Canal
(P1, $20).  Cash is then Bob $175, Cy $155, Ann $50: the new order.
"""

from __future__ import annotations

import importlib
import random

import pytest

from roundhouse.core.engine18xx import Engine
from roundhouse.core.errors import IllegalAction, InvalidSetup
from roundhouse.core.flow.actions import BuyCompany, Par
from roundhouse.core.game import Game
from roundhouse.core.shares import POOL
from roundhouse.core.tiles import Colour
from roundhouse.core.title import REGISTRY
from roundhouse.titles.g18us import CONFIG, DRAFT, PLAYABLE
from roundhouse.titles.g18us.board import board
from roundhouse.titles.g18us.state import UsGame
from roundhouse.titles.g18us.us_map import rail_distance
from tests.core.flow.synthetic import act


def state(g: Game) -> UsGame:
    s = g.state
    assert isinstance(s, UsGame)
    return s


@pytest.fixture
def convention() -> Game:
    """Everyone has bid; Ann picks first."""
    g = Game(DRAFT, ["Ann", "Bob", "Cy"], seed=1)
    act(g, "bid", "Ann", company="ERRC", price=10)
    act(g, "bid", "Bob", company="ERRC", price=5)
    act(g, "bid", "Cy", company="ERRC", price=5)
    return g


@pytest.fixture
def initial_sr(convention: Game) -> Game:
    """The Initial Stock Round, Bob to act (module docstring)."""
    g = convention
    act(g, "bid", "Ann", company="P6", price=140)
    act(g, "par", "Ann", corporation="SR", share_price=100)
    act(g, "bid", "Cy", company="P2", price=40)
    act(g, "bid", "Bob", company="P1", price=20)
    return g


@pytest.fixture
def first_or(initial_sr: Game) -> Game:
    """Bob opens the PRR at $80, Cy buys the Army Corps of Engineers; all pass."""
    g = initial_sr
    act(g, "par", "Bob", corporation="PRR", share_price=80)
    act(g, "buy_company", "Cy", company="P3", price=50)
    for who in ("Ann", "Bob", "Cy"):
        act(g, "pass", who)
    return g


def test_18us_title_is_offered() -> None:
    """Issue #19: once its rules are written and its games checked at every player count
    (fuzz, bots), the title is offered like any other: the folder's ``TITLE`` is ``DRAFT``."""
    assert PLAYABLE
    package = importlib.import_module("roundhouse.titles.g18us")
    assert package.TITLE is DRAFT
    assert REGISTRY.get("18US") is DRAFT


def test_18us_3_1_set_up() -> None:
    """§3.1: $200 each, the Eastern Concessions in the Pool, every base station on the map
    (including the companies not yet open), 2-trains on top of the stack; §1.2: $12,000 in
    the Bank; §4.1: the certificate limits."""
    g = Game(DRAFT, ["Ann", "Bob", "Cy", "Dee"], seed=3)
    s = state(g)
    assert {s.ledger.cash(p) for p in s.players} == {200}
    assert CONFIG.bank == 12_000
    assert dict(CONFIG.cert_limit) == {2: 19, 3: 13, 4: 10, 5: 8, 6: 7}
    assert sorted(s.privates, key=lambda p: int(p[1:])) == [f"P{i}" for i in range(1, 13)]
    assert all(p.owner is None for p in s.privates.values())
    assert s.round.auction.items == ["P1", "P2", "P3", "P4", "P5", "P6"]  # type: ignore[attr-defined]
    aside = [t for t in s.depot.trains.values() if t.type == "2H"]
    assert len(aside) == 6 and not {t.id for t in aside} & set(s.depot.upcoming)
    on_map = {c for here in s.map.board for cs in here.tokens.values() for c in cs}  # type: ignore[attr-defined]
    assert {"Erie", "PRR", "B&O", "SR", "GT", "B&M", "UP", "DRG"} <= on_map
    assert s.depot.upcoming[0].startswith("2-")
    assert sorted(s.seat_order) == ["Ann", "Bob", "Cy", "Dee"]


def test_18us_3_2_everyone_bids_0_5_or_10_at_once() -> None:
    """§3.2: each player secretly writes $0, $5 or $10; all bid at once."""
    g = Game(DRAFT, ["Ann", "Bob", "Cy"], seed=1)
    assert set(g.acting) == {"Ann", "Bob", "Cy"}
    assert sorted({a.price for a in g.legal_actions() if a.player == "Ann"}) == [0, 5, 10]  # type: ignore[attr-defined]
    with pytest.raises(IllegalAction, match=r"18US §3\.2"):
        act(g, "bid", "Ann", company="ERRC", price=15)


def test_18us_3_2_highest_bid_picks_first_ties_by_player_number(convention: Game) -> None:
    """§3.2: bids are paid; the highest bidder buys first, ties in increasing player number
    (Cy is #1, Bob #3); passing is not an option."""
    g = convention
    s = state(g)
    assert (s.ledger.cash("Ann"), s.ledger.cash("Bob"), s.ledger.cash("Cy")) == (190, 195, 195)
    assert g.acting == ("Ann",)
    assert all(a.kind == "bid" for a in g.legal_actions())
    act(g, "bid", "Ann", company="P1", price=20)
    assert g.acting == ("Cy",)


def test_18us_10_1_6_p6_buyer_opens_the_southern_railway(convention: Game) -> None:
    """§10.1.6, §3.4: the buyer of P6 sets the Southern Railway's Starting Value and opens it:
    the President's Certificate comes with the Concession and the Bank pays the company four
    times the Starting Value; $100 and $110 are open to it (§4)."""
    g = convention
    act(g, "bid", "Ann", company="P6", price=140)
    assert {a.share_price for a in g.legal_actions() if isinstance(a, Par)} == {  # type: ignore[attr-defined]
        65,
        70,
        75,
        80,
        90,
        100,
        110,
    }
    act(g, "par", "Ann", corporation="SR", share_price=100)
    s = state(g)
    assert s.ledger.cash("Ann") == 50
    assert s.ledger.cash("SR") == 400
    assert s.books["SR"].president == "Ann"
    assert s.corps["SR"].floated
    assert g.acting == ("Cy",)


def test_18us_3_2_players_renumbered_by_remaining_cash(initial_sr: Game) -> None:
    """§3.2: after the ERRC player #1 and the Priority Deal go to the player with the most
    cash, the others follow in descending order of cash."""
    s = state(initial_sr)
    assert s.seat_order == ["Bob", "Cy", "Ann"]
    assert s.priority == "Bob"
    assert initial_sr.acting == ("Bob",)


def test_18us_3_4_opening_an_eastern_company(initial_sr: Game) -> None:
    """§3.4, §5.3: the President pays twice the Starting Value, the Bank pays the company
    four times it, the company floats at once and its other shares go to the Pool; the
    Southern Railway opens only through P6 (§3.1)."""
    g = initial_sr
    pars = {a.corporation for a in g.legal_actions() if isinstance(a, Par)}  # type: ignore[attr-defined]
    assert pars == {"Erie", "PRR", "B&O", "GT", "B&M"}
    act(g, "par", "Bob", corporation="PRR", share_price=80)
    s = state(g)
    assert s.ledger.cash("Bob") == 175 - 160
    assert s.ledger.cash("PRR") == 320
    assert dict(s.books["PRR"].holdings()) == {"Bob": 2, POOL: 2}
    assert s.corps["PRR"].tokens_owned == 2


def test_18us_3_4_concessions_bought_from_the_pool(initial_sr: Game) -> None:
    """§3.4: in the Initial Stock Round a player may buy an unbought Eastern Concession at face
    value instead of stock; it counts as the turn's certificate (§5.2) and against the
    certificate limit (§4.1)."""
    g = initial_sr
    act(g, "par", "Bob", corporation="PRR", share_price=80)
    offered = {a.company for a in g.legal_actions() if isinstance(a, BuyCompany)}  # type: ignore[attr-defined]
    assert offered == {"P3", "P4", "P5"}
    act(g, "buy_company", "Cy", company="P3", price=50)
    s = state(g)
    assert s.privates["P3"].owner == "Cy"
    assert s.ledger.cash("Cy") == 105
    assert s.cert_count("Cy") == 2
    assert g.acting == ("Ann",)


def test_18us_5_5_priority_to_the_first_of_the_final_passes(first_or: Game) -> None:
    """§3.4/§5.5: the player who initiated the round of passes gets the Priority Deal."""
    assert state(first_or).priority == "Ann"


def test_18us_3_3_concession_income_at_the_start_of_each_operating_round(first_or: Game) -> None:
    """§3.3, §10.1: P1 $5, P2 $10, P3 $10, P6 $20 paid by the Bank to their owners."""
    s = state(first_or)
    assert (s.ledger.cash("Ann"), s.ledger.cash("Bob"), s.ledger.cash("Cy")) == (70, 20, 125)


def test_18us_6_companies_operate_in_market_order(first_or: Game) -> None:
    """§6: floated companies operate in descending order of Current Market Value (SR at $100
    before the PRR at $80), after the Bonus Token turn of Cy, who owns the Customs House and
    presides no company (§6.4.2, test_side_turns)."""
    g = first_or
    assert g.acting == ("Cy",)
    act(g, "pass", "Cy")
    assert g.state.round.entity(g.state) == "SR"  # type: ignore[attr-defined]


def test_18us_6_2_four_share_company_lays_yellow_or_upgrades_to_green(first_or: Game) -> None:
    """§3.5, §6.2: a 4-Share company may place yellow or upgrade yellow to green only."""
    s = state(first_or)
    allowance = s.map.allowance(s, "SR")  # type: ignore[attr-defined]
    assert allowance.upgrade_colours == frozenset({Colour.GREEN})


def test_18us_6_4_token_cost_is_20_a_hex_of_rail_distance() -> None:
    """§6.4: a station token costs $20 per hex of distance from the nearest station token,
    traced along the rail network: here one hex of track joins New York to its neighbour."""
    b = board()
    grid = b.grid
    d24 = "D23"
    edge = grid.edge_towards("D25", d24)
    back = grid.edge_towards(d24, "D25")
    assert edge is not None and back is not None
    edges = {"D25": frozenset({edge}), d24: frozenset({back})}
    assert rail_distance(b, {"D25"}, edges, d24) == 1
    assert rail_distance(b, {"D25"}, edges, "D25") == 0


def _run_to_operating(g: Game, rng: random.Random, company: str) -> None:
    """Random moves until ``company`` is at its dividend step."""
    s = state(g)
    for _ in range(500):
        steps = s.round.view(s).get("steps", [])
        if s.round.kind == "OR" and s.round.entity(s) == company and "dividend" in steps:
            return
        g.apply(rng.choice(list(g.legal_actions())))
    raise AssertionError(f"{company} never reached its dividend")


def test_18us_6_5_1_classic_trains_earn_the_freight_bonus(first_or: Game) -> None:
    """§6.5.1: a company with Classic trains and no Freight train gets the phase's fixed
    Freight Bonus ($20 in Phases 2 and 3) on top of its routes."""
    s = state(first_or)
    hooks = s.hooks
    assert hooks.extra_revenue(s, "PRR", 0) == 0  # no train yet
    train = s.depot.upcoming[0]
    s.depot.trains[train].owner = "PRR"
    s.depot.upcoming.remove(train)
    assert hooks.extra_revenue(s, "PRR", 50) == 20


def test_18us_6_10_bank_discards_a_train_after_each_pair() -> None:
    """§6.10: at the end of each pair of Operating Rounds before the WRRC the Bank moves the
    top train of the stack to the Pool, and the log says which type."""
    g = Game(DRAFT, ["Ann", "Bob", "Cy"], seed=5)
    s = state(g)
    rng = random.Random(5)
    while s.round.kind != "OR":
        g.apply(rng.choice(list(g.legal_actions())))
    first_set = s.set_count
    while not (s.round.kind == "SR" and s.set_count == first_set):
        g.apply(rng.choice(list(g.legal_actions())))
    assert len(s.depot.pool()) == 1
    # Told as a player would, by the train's type, never its id ("discards 3-0").
    told = [e.text for x in g.log_entries() for e in x.events if e.kind == "discard"]
    (pooled,) = s.depot.pool()
    assert told == [f"The bank discards a {pooled.type}-train to the pool"]


def test_18us_6_9_eastern_company_must_own_a_train() -> None:
    """§6.9: a 4-Share Eastern company must own a train at the end of its turn."""
    g = Game(DRAFT, ["Ann", "Bob"], seed=2)
    s = state(g)
    assert all(s.hooks.must_own_train(s, c) for c in ("Erie", "PRR", "SR"))
    assert not s.hooks.must_own_train(s, "DRG")


@pytest.mark.parametrize("seed", [11, 12])
def test_18us_7_1_random_games_play_past_the_western_convention(seed: int) -> None:
    """Random games play the Eastern period through, hold the Western Railroad Convention
    after the pair of Operating Rounds in which the first 4-train left the stack (§6.8,
    §6.10, §7.1) until someone buys the Pacific Railway Act, and go on into the Western
    period: here until a set of Operating Rounds after it is over (or the game ends, or
    reaches a rule not written, named by its section)."""
    players = ["Ann", "Bob", "Cy", "Dee"][: 2 + seed % 3]
    g = Game(DRAFT, players, seed=seed)
    s = state(g)
    rng = random.Random(seed)
    try:
        for _ in range(3000):
            if g.finished or (s.remorse_set is not None and s.set_count > s.remorse_set):
                break
            g.apply(rng.choice(list(g.legal_actions())))
    except NotImplementedError as exc:
        assert "18US §" in str(exc)
    s = state(g)
    assert s.wrrc_sessions >= 1 and s.pacific_act
    assert all(s.privates[f"P{i}"].closed for i in range(1, 7))  # §3.3
    assert not s.invariant_violations()


def test_18us_state_is_an_engine() -> None:
    assert isinstance(Game(DRAFT, ["Ann", "Bob"], seed=0).state, Engine)


def test_18us_player_names_may_not_be_company_or_concession_ids() -> None:
    """Actions name players, companies and Concessions by id alike: "P2" cannot be both."""
    with pytest.raises(InvalidSetup, match="P2"):
        Game(DRAFT, ["Ann", "P2"], seed=0)


def _to_train_step(g: Game, company: str) -> None:
    """Pass, withhold and buy one train at face value until ``company`` may buy trains."""
    s = state(g)
    for _ in range(100):
        steps = s.round.view(s).get("steps", [])
        if s.round.kind == "OR" and s.round.entity(s) == company and "buy_train" in steps:
            return
        moves = list(g.legal_actions())
        pick = next((m for m in moves if m.kind == "pass"), None)
        pick = pick or next((m for m in moves if m.kind == "dividend"), None)
        pick = pick or next((m for m in moves if m.kind == "buy_train"), moves[0])
        g.apply(pick)
    raise AssertionError(f"{company} never reached its train step")


def test_18us_10_1_5_baldwin_pays_20_a_train_and_halves_a_classic_train(first_or: Game) -> None:
    """§10.1.5: the owner of the Baldwin Locomotive Works receives $20 each time a company buys
    a train from the Bank, and may take 50% off a new Classic train for a company he presides;
    using the reduction closes the Concession, but the $20 is still paid."""
    g = first_or
    s = state(g)
    s.privates["P5"].owner = "Bob"  # as if Bob had bought it in the Initial Stock Round
    _to_train_step(g, "PRR")
    bob = s.ledger.cash("Bob")
    prices = sorted({m.price for m in g.legal_actions() if m.kind == "buy_train"})  # type: ignore[attr-defined]
    assert 50 in prices and 100 in prices
    train = next(m for m in g.legal_actions() if m.kind == "buy_train" and m.price == 50)  # type: ignore[attr-defined]
    cash = s.ledger.cash("PRR")
    g.apply(train)
    assert s.ledger.cash("PRR") == cash - 50
    assert s.ledger.cash("Bob") == bob + 20
    assert s.privates["P5"].closed


def test_18us_6_5_1_freight_bonus_is_paid_with_the_run(first_or: Game) -> None:
    """§6.5.1: a company owning a 2-train earns its route plus $20 in Phase 2: the revenue
    its dividend step pays is the run's revenue plus the bonus."""
    g = first_or
    s = state(g)
    _to_train_step(g, "SR")
    g.apply(next(m for m in g.legal_actions() if m.kind == "buy_train"))
    _to_train_step(g, "SR")  # round two: SR runs its 2-train
    run = None
    for _ in range(50):
        moves = list(g.legal_actions())
        if any(m.kind == "run_routes" for m in moves) and s.round.entity(s) == "SR":
            run = next(m for m in moves if m.kind == "run_routes")
            break
        pick = next((m for m in moves if m.kind == "pass"), None)
        pick = pick or next((m for m in moves if m.kind in ("dividend", "buy_train")), moves[0])
        g.apply(pick)
    assert run is not None
    g.apply(run)
    assert s.or_round().revenue == run.revenue + 20  # type: ignore[attr-defined]
