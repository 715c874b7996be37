"""18US after the Eastern period: the Western Railroad Convention (§7.1), the Western
Concessions (§7.2, §10.2), the Land Grant companies (§7.3), the trains after the Convention
(§6.8, §10.6) and where Systems (§7.4) stop a game.

The position (seed 1, three players) is test_play's opening: Ann presides the Southern
Railway, Bob the PRR; the player order is Bob, Cy, Ann and Ann holds the Priority Deal.  The
Bank tops everyone up to $600 and the Convention starts (as after the pair of Operating Rounds
in which the first 4-train left the stack).
"""

from __future__ import annotations

import pytest

from roundhouse.core.bank import BANK
from roundhouse.core.config import DividendKind
from roundhouse.core.dividend import payout
from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.actions import BuyCompany, BuyTrain, Choose, LayTile, Par, Pass
from roundhouse.core.game import Game
from roundhouse.core.routes.adapter import route_graph
from roundhouse.core.shares import IPO, POOL
from roundhouse.titles.g18us import DRAFT
from roundhouse.titles.g18us.land_grant import golden_spike_value, grant_complete
from roundhouse.titles.g18us.state import UsGame
from roundhouse.titles.g18us.systems import Pair, possible_systems
from roundhouse.titles.g18us.train_buy_step import UsBuyTrainStep, release_commuters
from roundhouse.titles.g18us.us_map import revenue_rules
from roundhouse.titles.g18us.western_convention import (
    WesternConventionRound,
    offered_concessions,
)
from tests.core.flow.synthetic import act
from tests.g18us.test_board_play import UP_WEST, build


def state(g: Game) -> UsGame:
    s = g.state
    assert isinstance(s, UsGame)
    return s


def opening() -> Game:
    """test_play's first Operating Round: SR (Ann) and PRR (Bob) open, Cy owns P2 and P3."""
    g = Game(DRAFT, ["Ann", "Bob", "Cy"], seed=1)
    for who, amount in (("Ann", 10), ("Bob", 5), ("Cy", 5)):
        act(g, "bid", who, company="ERRC", price=amount)
    act(g, "bid", "Ann", company="P6", price=140)
    act(g, "par", "Ann", corporation="SR", share_price=100)
    act(g, "bid", "Cy", company="P2", price=40)
    act(g, "bid", "Bob", company="P1", price=20)
    act(g, "par", "Bob", corporation="PRR", share_price=80)
    act(g, "buy_company", "Cy", company="P3", price=50)
    for who in ("Ann", "Bob", "Cy"):
        act(g, "pass", who)
    return g


def start_convention(g: Game) -> None:
    s = state(g)
    for p in s.players:
        s.ledger.transfer(BANK, p, 600 - s.ledger.cash(p))
    s.wrrc_due = True
    s.round = WesternConventionRound(offered_concessions(s))
    s.round.start(s)


@pytest.fixture
def wrrc() -> Game:
    g = opening()
    start_convention(g)
    return g


def sell_off(g: Game, *, keep: str = "") -> None:
    """Every Concession left is offered and nobody bids (the offering player passes on the
    first left); ``keep`` is bought at face value by whoever offers it."""
    s = state(g)
    while s.round.kind == "Auction":
        who = g.acting[0]
        moves = list(g.legal_actions())
        if any(isinstance(m, Par) for m in moves):
            g.apply(next(m for m in moves if isinstance(m, Par)))
        elif keep in offered_concessions(s) and keep in s.round.auction.items:  # type: ignore[attr-defined]
            act(g, "bid", who, company=keep, price=0)
        elif any(isinstance(m, Pass) for m in moves):
            act(g, "pass", who)
        else:
            g.apply(next(m for m in moves if isinstance(m, Choose)))


def test_18us_7_1_convention_closes_the_eastern_concessions(wrrc: Game) -> None:
    """§3.3: "All Eastern Concessions that are still operating close at the start of the
    Western Railroad Convention"; §10.6 note 2 discards the unbought ones."""
    s = state(wrrc)
    assert all(s.privates[f"P{i}"].closed for i in range(1, 7))
    assert offered_concessions(s) == ["P7", "P8", "P9", "P10", "P11", "P12"]


def test_18us_7_1_priority_offers_and_bids_rise_by_5(wrrc: Game) -> None:
    """§7.1: the Priority Deal holder (Ann) offers a Concession and may bid $0; each player
    in Stock Round order bids higher by a multiple of $5 or passes for good; the winner pays
    bid plus face value, and the next player after him offers next."""
    g = wrrc
    s = state(g)
    assert g.acting == ("Ann",)
    act(g, "bid", "Ann", company="P9", price=0)
    assert g.acting == ("Bob",)
    with pytest.raises(IllegalAction, match=r"18US §7\.1"):
        act(g, "bid", "Bob", company="P9", price=7)
    act(g, "bid", "Bob", company="P9", price=5)
    act(g, "pass", "Cy")
    act(g, "bid", "Ann", company="P9", price=10)
    act(g, "pass", "Bob")
    assert s.privates["P9"].owner == "Ann"
    assert s.ledger.cash("Ann") == 600 - 10 - 100
    assert s.priority == "Bob" and g.acting == ("Bob",)


def test_18us_7_1_unbid_concession_goes_to_the_pool(wrrc: Game) -> None:
    """§7.1: "If no one bids on a Concession when a player offers it for auction, the player
    places it in the Pool, and the Priority Deal marker does not move"."""
    g = wrrc
    s = state(g)
    act(g, "choose", "Ann", choice="P8")
    act(g, "pass", "Bob")
    act(g, "pass", "Cy")
    assert s.privates["P8"].owner is None and not s.privates["P8"].closed
    assert s.priority == "Ann" and g.acting == ("Ann",)
    assert "P8" not in s.round.auction.items  # type: ignore[attr-defined]


def test_18us_10_2_5_pacific_railway_act_opens_a_land_grant_company(wrrc: Game) -> None:
    """§10.2.5: the buyer "immediately takes the President's Certificate of the Land Grant
    company of his choice, for which he then sets the Starting Value" (no further payment)."""
    g = wrrc
    s = state(g)
    act(g, "bid", "Ann", company="P11", price=0)
    act(g, "pass", "Bob")
    act(g, "pass", "Cy")
    assert g.acting == ("Ann",)
    pars = {(m.corporation, m.share_price) for m in g.legal_actions() if isinstance(m, Par)}  # type: ignore[attr-defined]
    assert ("UP", 90) in pars and ("DRG", 75) not in pars and ("PRR", 80) not in pars
    act(g, "par", "Ann", corporation="UP", share_price=90)
    assert s.books["UP"].president == "Ann"
    assert s.ledger.cash("Ann") == 600 - 220
    assert s.share_price("UP") == 90 and not s.corps["UP"].floated
    assert s.pacific_company == "UP"
    assert g.acting == ("Bob",)  # the next player offers


def test_18us_7_1_convention_with_the_act_flips_the_4_trains(wrrc: Game) -> None:
    """§7.1: once the Pacific Railway Act is bought, "Flip any unbought 4-trains to their
    2G-train side and place them in the Pool: the next train in the train stack will be a
    3E-train"; the Stock Round follows."""
    g = wrrc
    s = state(g)
    s.depot.export_all("2")  # as in play: the 2- and 3-trains are gone before the 4-trains
    s.depot.export_all("3")
    fours = [t for t in s.depot.upcoming if s.depot.train(t).type == "4"]
    sell_off(g, keep="P11")
    assert s.round.kind == "SR"
    assert s.pacific_act and not s.wrrc_due
    assert s.depot.upcoming[0].startswith("3E")
    assert {s.depot.train(t).variant for t in fours} == {"2G"}
    assert all(s.depot.train(t).owner == POOL for t in fours)


def test_18us_7_1_without_the_act_the_convention_comes_again() -> None:
    """§7.1: with nobody buying the Pacific Railway Act, no Land Grant company opens, no
    Concession is sold from the Pool, 4-trains stay on sale, the Bank discards no more, and
    the Convention is held again after the next pair of Operating Rounds."""
    g = opening()
    start_convention(g)
    s = state(g)
    sell_off(g)
    assert s.round.kind == "SR" and s.wrrc_due and not s.pacific_act
    moves = list(g.legal_actions())
    assert not any(isinstance(m, BuyCompany) for m in moves)
    assert not any(isinstance(m, Par) and m.corporation in ("UP", "DRG") for m in moves)  # type: ignore[attr-defined]
    stack = list(s.depot.upcoming)
    s.or_in_set = s.ors_in_set = 2
    s.hooks.on_operating_round_end(s)
    assert s.depot.upcoming == stack
    assert isinstance(s.hooks.next_round(s, _FakeOR()), WesternConventionRound)


class _FakeOR:
    kind = "OR"


def test_18us_10_2_4_drg_bought_at_the_convention(wrrc: Game) -> None:
    """§10.2.4: the buyer sets the DRG's Starting Value (at least $75) and pays twice it; the
    Bank pays four times it less $300, and the DRG starts with its reserved 4-train, which it
    may never sell; the Concession is the company now."""
    g = wrrc
    s = state(g)
    act(g, "bid", "Ann", company="P10", price=5)
    act(g, "pass", "Bob")
    act(g, "pass", "Cy")
    prices = sorted(m.share_price for m in g.legal_actions() if isinstance(m, Par))  # type: ignore[attr-defined]
    assert prices == [75, 80, 90, 100, 110]
    act(g, "par", "Ann", corporation="DRG", share_price=80)
    assert s.ledger.cash("Ann") == 600 - 5 - 160
    assert s.ledger.cash("DRG") == 4 * 80 - 300
    assert [t.id for t in s.depot.owned_by("DRG")] == ["4-DRG"]
    assert s.books["DRG"].president == "Ann" and s.privates["P10"].closed
    assert "4-DRG" not in UsBuyTrainStep().sellers(s, "PRR")


def pacific_convention(g: Game) -> None:
    """The Western Railroad Convention in which Ann buys the Pacific Railway Act (P11) and
    starts the UP at $90, Bob buys the Electro-Motive Division (P12), the rest go unsold."""
    start_convention(g)
    act(g, "bid", "Ann", company="P11", price=0)
    act(g, "pass", "Bob")
    act(g, "pass", "Cy")
    act(g, "par", "Ann", corporation="UP", share_price=90)
    act(g, "bid", "Bob", company="P12", price=0)
    act(g, "pass", "Cy")
    act(g, "pass", "Ann")
    sell_off(g)


@pytest.fixture
def pacific() -> Game:
    """After the Convention: Ann holds the Pacific Railway Act and the UP at $90, Bob bought
    the Electro-Motive Division (P12); the Stock Round has begun."""
    g = opening()
    pacific_convention(g)
    return g


def test_18us_7_3_1_land_grant_floats_on_three_shares(pacific: Game) -> None:
    """§7.3.1: "When a player buys the third share of a Land Grant company, the Bank pays the
    company five times its Starting Value" with two more station tokens; §7.1: Western
    Concessions unbought are for sale from the Pool."""
    g = pacific
    s = state(g)
    assert g.acting == ("Cy",)  # Cy, after Bob who bought last, holds the priority
    assert any(isinstance(m, BuyCompany) and m.company == "P7" for m in g.legal_actions())
    act(g, "buy_shares", "Cy", shares=["UP_1"])
    assert s.corps["UP"].floated
    assert s.ledger.cash("UP") == 5 * 90
    assert s.corps["UP"].tokens_owned == 3
    assert dict(s.books["UP"].holdings()) == {"Ann": 2, "Cy": 1, POOL: 2}


def to_turn(g: Game, corp: str) -> None:
    """Pass, withhold and decline until ``corp`` begins its operating turn."""
    s = state(g)
    for _ in range(200):
        if s.round.kind == "OR" and s.round.entity(s) == corp:  # type: ignore[attr-defined]
            return
        moves = [m for m in g.legal_actions() if m.kind != "buy_company"]
        pick = next((m for m in moves if m.kind == "pass"), None)
        pick = pick or next((m for m in moves if m.kind == "dividend"), None)
        pick = pick or next((m for m in moves if m.kind == "buy_train"), moves[0])
        g.apply(pick)
    raise AssertionError(f"{corp} never operated")


@pytest.fixture
def up_turn(pacific: Game) -> Game:
    """The UP floats (Cy buys its third share) and begins its first operating turn."""
    g = pacific
    act(g, "buy_shares", "Cy", shares=["UP_1"])
    to_turn(g, "UP")
    return g


def test_18us_7_3_reserved_hexes_open_once_the_company_operated(up_turn: Game) -> None:
    """§7.3: until the UP floats others may not build in its reserved hexes; "Once such a
    Land Grant company has operated, there are no longer any restrictions"."""
    s = state(up_turn)
    board = s.map.board  # type: ignore[attr-defined]
    assert not board.may_build("D17", "PRR", "9")
    to_turn(up_turn, "PRR")
    assert board.may_build("D17", "PRR", "9")


def test_18us_7_3_2_three_tiles_with_the_credit_mobilier(up_turn: Game) -> None:
    """§7.3.1-§7.3.2: the UP must place a tile (no pass), may place three, pays nothing for one,
    $80 for two and $120 for three, which are its earnings and must be paid out (Ann 40%, Cy
    20%, the Pool's 40% to the UP); §7.3.3: each yellow tile moves the Golden Spike token
    one space right of $60 ($10)."""
    g = up_turn
    s = state(g)
    assert not any(isinstance(m, Pass) for m in g.legal_actions())
    cash = s.ledger.cash("UP")
    spent = 0
    for n, charge in ((1, 0), (2, 80), (3, 40)):
        lay = next(m for m in g.legal_actions() if isinstance(m, LayTile) and m.entity == "UP")
        cost = s.map.find_lay(s, "UP", (lay.hex, lay.tile, lay.rotation)).cost  # type: ignore[attr-defined]
        g.apply(lay)
        spent += cost + charge
        assert s.ledger.cash("UP") == cash - spent, n
    assert s.golden_spike["UP"] == 3 and golden_spike_value(s, "UP") == 25
    assert s.privates["P11"].closed  # §10.2.5: its first tile closes the Act
    while s.or_round().revenue is None or "dividend" not in s.round.view(s).get("steps", []):  # type: ignore[attr-defined]
        g.apply(next(m for m in g.legal_actions() if m.kind == "pass"))
    assert s.or_round().revenue == 120
    assert [m.mode for m in g.legal_actions() if m.kind == "dividend"] == ["payout"]  # type: ignore[attr-defined]
    ann, cy, up = s.ledger.cash("Ann"), s.ledger.cash("Cy"), s.ledger.cash("UP")
    act(g, "dividend", "Ann", entity="UP", mode="payout")
    assert (s.ledger.cash("Ann") - ann, s.ledger.cash("Cy") - cy) == (48, 24)
    assert s.ledger.cash("UP") - up == 48
    assert s.share_price("UP") == 100  # §7.3.2: $120 >= $90, the price rises


def test_18us_6_3_2_conversion_golden_spike_and_doubling_token(up_turn: Game) -> None:
    """§6.3.2, §7.3.3: with its line to Oakland built, the UP converts: the Bank pays five
    times the Current Market Value, the Golden Spike ($10 a share from $60) to each share's
    owner (the Pool's to the UP), the price moves one space right, and the doubling token goes
    to the qualifying City, doubling it for the UP (§6.4.1); it is a 10-Share company whose
    public half pays the Bank (§6.6) and which must own a train (§6.9)."""
    g = up_turn
    s = state(g)
    build(s.map.board, "UP", UP_WEST)  # type: ignore[attr-defined]
    s.map.board.touch()  # type: ignore[attr-defined]
    assert grant_complete(s, "UP")
    assert any(isinstance(m, Pass) for m in g.legal_actions())  # nothing owed
    act(g, "pass", "Ann", entity="UP")
    assert [m.choice for m in g.legal_actions() if isinstance(m, Choose)] == ["E2"]  # type: ignore[attr-defined]
    ann, cy, up = s.ledger.cash("Ann"), s.ledger.cash("Cy"), s.ledger.cash("UP")
    act(g, "choose", "Ann", entity="UP", choice="E2")
    assert s.ledger.cash("UP") - up == 5 * 90 + 2 * 10
    assert (s.ledger.cash("Ann") - ann, s.ledger.cash("Cy") - cy) == (20, 10)
    assert s.share_price("UP") == 100
    assert s.books["UP"].size == 10 and s.books["UP"].shares_of(IPO) == 5
    assert s.hooks.must_own_train(s, "UP")
    graph = route_graph(s.map.board, s.depot.phases.current, options=s.map.route_options(s, "UP"))  # type: ignore[attr-defined]
    doubled = [st for st in graph.stops if "UP" in st.doubled_for]
    assert [st.hex for st in doubled] == ["E2"] and doubled[0].has_token("UP")
    assert not any(m.kind == "place_token" and m.entity == "UP" for m in g.legal_actions())
    split = payout(s.books["UP"], 100, s.config.payout_rule)
    assert split.paid == {"Ann": 20, "Cy": 10, "UP": 20} and split.kept_by_bank == 50


def test_18us_6_1_company_buys_a_western_concession_at_face_value(up_turn: Game) -> None:
    """§6.1: at the start of its turn a company buys P7-P9 or P12 at face value from the Pool
    (P7 here; Bob's P12 only with his consent, §7.2, test_consent); its +20 Bonus Token goes
    down in its token step (§10.2.1)."""
    g = up_turn
    s = state(g)
    offers = {m.company: m.price for m in g.legal_actions() if isinstance(m, BuyCompany)}  # type: ignore[attr-defined]
    assert offers == {"P7": 40, "P8": 50, "P9": 100, "P12": 250}
    cash = s.ledger.cash("UP")
    act(g, "buy_company", "Ann", entity="UP", company="P7", price=40)
    assert s.privates["P7"].owner == "UP" and s.ledger.cash("UP") == cash - 40


def test_18us_10_2_6_emd_pays_25_on_e_and_g_trains_and_halves_for_its_company(
    pacific: Game,
) -> None:
    """§10.2.6: the Electro-Motive Division's owner receives $25 when a company buys an E- or
    G-train from the Bank; only a company owning it takes 50% off a permanent train."""
    s = state(pacific)
    for classic in ("2", "3"):
        s.depot.export_all(classic)
    step = UsBuyTrainStep()
    top = s.depot.upcoming[0]
    assert step.discounted(s, "PRR", top, 500) is None  # Bob owns it, not the PRR
    s.privates["P12"].owner = "PRR"
    assert step.discounted(s, "PRR", top, 500) == 250
    prices = step.depot_prices(s, "PRR")
    assert prices[(top, "3E")] == 500 and prices[(top, "2G")] == 400


def test_18us_6_8_buyers_remorse(pacific: Game) -> None:
    """§6.8: in the first Operating Round after the Convention a company may turn one 4-train
    into a 2G-train for $250 (no purchase from the Bank: no income, no phase)."""
    s = state(pacific)
    four = next(t for t in s.depot.pool() if t.variant == "2G")
    four.type, four.variant, four.owner = "4", "4", "PRR"  # a 4-train the PRR bought
    s.set_count = s.remorse_set or 0
    s.or_in_set = 1
    step = UsBuyTrainStep()
    offer = BuyTrain(player=s.pid("Bob"), entity="PRR", train=four.id, price=250, variant="2G")
    assert offer in step.depot_offers(s, "PRR")
    cash, bob = s.ledger.cash("PRR"), s.ledger.cash("Bob")
    step.process(s, "PRR", offer)
    assert (four.type, four.variant) == ("3E", "2G")
    assert s.ledger.cash("PRR") == cash - 250 and s.ledger.cash("Bob") == bob
    assert step.remorse_offers(s, "PRR") == []


def test_18us_6_8_1_commuter_trains_in_the_pool_on_either_side(pacific: Game) -> None:
    """§6.8: with the first 4E/3G the six H-trains go to the Pool; §6.8.1: each is bought as a
    1H ($200) or a 2H ($300)."""
    s = state(pacific)
    assert len(release_commuters(s)) == 6
    prices = UsBuyTrainStep().depot_prices(s, "PRR")
    sides = {side: price for (tid, side), price in prices.items() if tid.startswith("2H")}
    assert sides == {"2H": 300, "1H": 200}


def test_18us_6_5_1_freight_bonus_per_token_by_phase() -> None:
    """§6.5.1: $30 a station token to Phase 3E/2G, $40 in 4E/3G, $60 in 5E/4G; §6.5.2: only
    Express trains double a City coast to coast."""
    assert [revenue_rules(n).freight_bonus_per_token for n in (30, 40, 60)] == [30, 40, 60]
    bonus = revenue_rules(30).route_bonuses[0]
    assert bonus.families == frozenset({"express"})  # type: ignore[attr-defined]


def test_18us_4_2_ten_share_companies_double_jump_in_5e(up_turn: Game) -> None:
    """§4.2: from Phase 5E/4G a 10-Share company moves two spaces on twice its value."""
    s = state(up_turn)
    s.ten_share.add("UP")
    assert s.hooks.dividend_thresholds(s, "UP") == (100,)
    s.depot.phases.index = len(s.depot.phases.phases) - 1
    assert s.hooks.dividend_thresholds(s, "UP") == (100, 200)
    assert s.hooks.dividend_thresholds(s, "PRR") == (100,)
    assert DividendKind.WITHHOLD in s.hooks.dividend_kinds(s, "PRR")


def test_18us_7_4_1_who_may_form_a_system(up_turn: Game) -> None:
    """§7.4: from the Stock Round after the first 4E/3G a player may form a System from two
    connected 10-Share companies he presides, one owning a permanent train (§7.4.1)."""
    s = state(up_turn)
    assert possible_systems(s) == []
    s.ten_share.update({"UP", "ATSF"})
    s.market.place("ATSF", s.market.grid.find(90))
    s.books["ATSF"].move("ATSF_0", "Ann")
    s.corps["ATSF"].par_price = 90
    build(s.map.board, "UP", ["D19", "E18"])  # type: ignore[attr-defined]
    s.map.board.touch()  # type: ignore[attr-defined]
    assert possible_systems(s) == []  # Phase 3E/2G, no permanent train
    s.depot.phases.index = 4
    assert possible_systems(s) == []  # no permanent train
    three_e = next(t for t in s.depot.upcoming if s.depot.train(t).type == "3E")
    s.depot.trains[three_e].owner = "UP"
    assert possible_systems(s) == [Pair("ATSF", "UP"), Pair("UP", "ATSF")]  # equal values
    assert possible_systems(s, "Bob") == []


def test_18us_10_2_1_bridge_bonus_token_in_the_token_step(up_turn: Game) -> None:
    """§10.2.1: the company owning the Mississippi River Bridge places its +20 in St. Louis
    or New Orleans (H17-E, not Shreveport) during its token step, free and besides its own
    token; placing it closes the Concession (§6.4.2)."""
    g = up_turn
    s = state(g)
    act(g, "buy_company", "Ann", entity="UP", company="P7", price=40)
    g.apply(next(m for m in g.legal_actions() if isinstance(m, LayTile) and m.entity == "UP"))
    act(g, "pass", "Ann", entity="UP")  # no more tiles
    sites = {
        (m.hex, m.city) for m in g.legal_actions() if m.kind == "place_token" and m.entity == "P7"
    }  # type: ignore[attr-defined]
    assert sites == {("E18", "c"), ("H17", "e")}
    cash = s.ledger.cash("UP")
    act(g, "place_token", "Ann", entity="P7", hex="E18", city="c")
    assert s.privates["P7"].closed and s.ledger.cash("UP") == cash
    assert "revenue:c:20:" in s.map.board.hexes["E18"].markers  # type: ignore[attr-defined]


def test_18us_6_2_2_express_train_needs_a_city_station() -> None:
    """§6.2.2: "an E-train may not use such a station token [in a Junction Town] as the only
    station on its route"; a Classic train may."""
    from types import SimpleNamespace

    from roundhouse.core.routes.graph import StopKind
    from roundhouse.core.routes.kinds import Train, express_train, plus_train
    from roundhouse.core.routes.revenue import RouteFacts
    from roundhouse.titles.g18us.us_map import ExpressRailhead

    town = SimpleNamespace(kind=StopKind.TOWN, has_token=lambda c: c == "UP")
    city = SimpleNamespace(kind=StopKind.CITY, has_token=lambda c: False)
    stops = (town, city)

    def facts(kind: object) -> RouteFacts:
        return RouteFacts(Train("t", kind), stops, frozenset(), {})  # type: ignore[arg-type]

    ExpressRailhead().check(None, "UP", facts(plus_train(3, "3")))  # type: ignore[arg-type]
    with pytest.raises(IllegalAction, match="Junction Town"):
        ExpressRailhead().check(None, "UP", facts(express_train(3, "3E")))  # type: ignore[arg-type]
