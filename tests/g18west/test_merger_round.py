"""18West §6 M&A round: issuing and redeeming stock (§6.2, §6.5) and acquisitions of
Granger Roads (§6.3-§6.4.1), on a small made-up title with 18West's numbers: a 10-share
Public company (president's certificate of two shares), 4-share Granger Roads whose two
treasury shares are unplayable (§4.1), a grey zone left of $50 (§4.2.1) and unstarted
Granger Roads valued at $100 a share (§6.4.1)."""

from __future__ import annotations

import dataclasses

import pytest

from roundhouse.core.actions import Action
from roundhouse.core.bank import BANK
from roundhouse.core.engine18xx import Engine
from roundhouse.core.entities import CorporationSpec
from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.actions import ACTIONS, DiscardTrain, Pass
from roundhouse.core.game import Game
from roundhouse.core.hooks import Hooks
from roundhouse.core.ids import PlayerId
from roundhouse.core.market import MarketGrid
from roundhouse.core.rng import Rng
from roundhouse.core.shares import POOL, ShareRules
from roundhouse.titles.g18west.acquisition import offers
from roundhouse.titles.g18west.actions import (
    MERGER_ACTIONS,
    Acquire,
    AnswerOffer,
    IssueShares,
    RedeemShares,
)
from roundhouse.titles.g18west.hooks import MergerHooks, merger_round
from roundhouse.titles.g18west.merger_round import MergerPassStep, MergerRound
from roundhouse.titles.g18west.merger_rules import MergerConfig, MergerRules
from tests.core.flow.synthetic import CONFIG, DATA, StubMap, act, engine, make_title
from tests.core.flow.test_emergency_and_end import play_turn, quick_game

MARKET = MarketGrid.parse(
    ["0g 50p 60p 70p 80p 90p 100p 110p 120p 130p 140p 150p 160p 180 200 225 250 275 300 400"],
    {"g": "grey"},
)

CORPORATIONS = (
    CorporationSpec(id="PUB", kind="public", tokens=(0, 100, 100)),
    CorporationSpec(id="PUC", kind="public", tokens=(0, 100, 100)),
    *(
        CorporationSpec(id=g, kind="granger", size=4, float_shares=2, unplayable=2)
        for g in ("GR1", "GR2", "GR3")
    ),
)

DATA_W = dataclasses.replace(DATA, market=MARKET, corporations=CORPORATIONS, privates=())

CONFIG_W = MergerConfig.extending(
    CONFIG,
    starting_cash={3: 500},  # 18West §3.1
    cert_limit={3: 20},  # 18West §4.1
    share_rules=ShareRules(pool_limit_pct=None, cert_exempt_zones=frozenset({"grey"})),
    merger=MergerRules(
        issue_redeem=True,
        acquirer_kinds=frozenset({"public"}),
        target_kinds=frozenset({"granger"}),
        excluded_target_zones=frozenset({"grey"}),
        unstarted_share_value=100,
    ),
)


class WestHooks(MergerHooks):
    """Every pair is connected (§6.3) except with GR2."""

    def acquisition_connected(self, g: Engine, buyer: str, target: str) -> bool:
        return "GR2" not in (buyer, target)


def west(pub_price: int = 160, granger_price: int = 90) -> Engine:
    """Ann presides PUB (three shares) with five treasury shares left (Cy bought two), Bob
    GR1; an M&A round starts with Ann to act."""
    e = Engine(
        [PlayerId(p) for p in ("Ann", "Bob", "Cy")],
        Rng(1),
        data=DATA_W,
        config=CONFIG_W,
        hooks=WestHooks(),
        board=StubMap(),
    )
    e.start_company("Ann", "PUB", pub_price)
    e.books["PUB"].transfer("PUB", "Ann", 1)
    e.books["PUB"].transfer("PUB", "Cy", 2)
    e.start_company("Bob", "GR1", granger_price)
    e.round = merger_round()
    e.round.start(e)
    return e


def play(e: Engine, action: Action) -> None:
    e.check(action)
    e.execute(action)


def acquire(who: str, buyer: str, target: str, shares: int) -> Acquire:
    return Acquire(player=PlayerId(who), entity=buyer, corporation=target, shares=shares)


def test_18west_6_4_compensation_choices_from_the_rulebook_example() -> None:
    """18West §6.4: a $160 Public company with five treasury shares acquiring a $90 Granger
    Road may pay $180; one share and $20; or two shares and receive $140."""
    e = west()
    assert [(o.shares, o.cash) for o in offers(e, "PUB") if o.target == "GR1"] == [
        (0, 180),
        (1, 20),
        (2, -140),
    ]
    legal = e.legal_actions()
    assert [a for a in legal if isinstance(a, Acquire) and a.corporation == "GR1"] == [
        acquire("Ann", "PUB", "GR1", n) for n in (0, 1, 2)
    ]


def test_18west_6_4_owner_accepts_two_shares_and_pays_140() -> None:
    """18West §6.4: Bob gives up his two GR1 shares for two PUB shares and pays $140; PUB
    takes GR1's treasury; GR1 leaves the game; the market value does not move."""
    e = west()
    gr1_cash = e.ledger.cash("GR1")
    pub_cash, bob = e.ledger.cash("PUB"), e.ledger.cash("Bob")
    play(e, acquire("Ann", "PUB", "GR1", 2))
    assert e.acting() == ("Bob",)
    assert e.round.view(e)["offer"] == {
        "buyer": "PUB",
        "target": "GR1",
        "shares": 2,
        "cash": -140,
        "owner": "Bob",
    }
    # the owner sees the offer through the game's own view, not only the round's
    assert e.view(PlayerId("Bob"))["round"]["offer"]["cash"] == -140  # type: ignore[index,call-overload]
    assert e.legal_actions() == [
        AnswerOffer(player=PlayerId("Bob"), entity="Bob", accept=True),
        AnswerOffer(player=PlayerId("Bob"), entity="Bob", accept=False),
    ]
    play(e, AnswerOffer(player=PlayerId("Bob"), entity="Bob", accept=True))
    assert e.books["PUB"].shares_of("Bob") == 2 and e.books["PUB"].shares_of("PUB") == 3
    assert e.ledger.cash("Bob") == bob - 140
    assert e.ledger.cash("PUB") == pub_cash + 140 + gr1_cash
    assert e.ledger.cash("GR1") == 0
    assert e.corps["GR1"].closed and "GR1" not in e.market.position
    # two single certificates for one president's certificate: more certificates, never
    # more shares (§6.4)
    assert e.books["GR1"].shares_of("Bob") == 0 and e.cert_count("Bob") == 2
    assert e.share_price("PUB") == 160
    assert e.acting() == ("Bob",) and isinstance(e.round, MergerRound)
    assert e.round.order[e.round.index] == "Bob"


def test_18west_6_4_a_declined_offer_cannot_be_repeated() -> None:
    """18West §6.4: the Granger Road's president "is never required to accept"; the
    proposer may offer another package, but not the declined one again this round."""
    e = west()
    play(e, acquire("Ann", "PUB", "GR1", 0))
    play(e, AnswerOffer(player=PlayerId("Bob"), entity="Bob", accept=False))
    assert e.acting() == ("Ann",) and e.ledger.cash("GR1") > 0
    with pytest.raises(IllegalAction) as err:
        e.check(acquire("Ann", "PUB", "GR1", 0))
    assert err.value.rule == "merger.declined"
    assert acquire("Ann", "PUB", "GR1", 1) in e.legal_actions()


def test_18west_6_4_owner_short_of_cash_cannot_be_offered_the_share_swap() -> None:
    """18West §6.4: "If the owner of the Granger Road has insufficient cash to consummate
    the proposed exchange, they must decline it"; an offer needing $140 from Bob with $139
    is not on the list."""
    e = west()
    e.ledger.transfer("Bob", BANK, e.ledger.cash("Bob") - 139)
    assert [o.shares for o in offers(e, "PUB") if o.target == "GR1"] == [0, 1]


def test_18west_6_4_1_unstarted_granger_road_from_the_bank() -> None:
    """18West §6.4.1: for an unstarted Granger Road the bank takes two shares plus the
    difference to $200 when the shares are worth less; at $70 that is $60."""
    e = west(pub_price=70)
    pub_cash, bank = e.ledger.cash("PUB"), e.ledger.cash(BANK)
    assert [(o.shares, o.cash, o.owner) for o in offers(e, "PUB") if o.target == "GR3"] == [
        (2, 60, BANK)
    ]
    play(e, acquire("Ann", "PUB", "GR3", 2))
    assert e.books["PUB"].shares_of(POOL) == 2
    assert e.ledger.cash("PUB") == pub_cash - 60 and e.ledger.cash(BANK) == bank + 60
    assert e.corps["GR3"].closed
    assert e.acting() == ("Bob",)


def test_18west_6_4_1_the_bank_makes_no_change() -> None:
    """18West §6.4.1: at $160 the two shares are a straight swap; the bank pays nothing."""
    e = west(pub_price=160)
    assert [(o.shares, o.cash) for o in offers(e, "PUB") if o.target == "GR3"] == [(2, 0)]


def test_18west_6_3_and_6_4_who_may_acquire_whom() -> None:
    """18West §6.3: only a Public company acquires, only a Granger Road is acquired, and the
    two must be connected; §6.4/§4.2.1: not a Granger Road in the grey zone."""
    e = west()
    targets = {o.target for o in offers(e, "PUB")}
    assert targets == {"GR1", "GR3"}  # GR2 is not connected, PUC is not a Granger Road
    assert offers(e, "GR1") == []
    grey = MARKET.with_zones(frozenset({"grey"}))[0]
    e.market.place("GR1", grey)
    assert {o.target for o in offers(e, "PUB")} == {"GR3"}


def test_18west_6_2_issue_and_redeem_at_market_value_without_moving_it() -> None:
    """18West §6.2: issued shares go to the pool and the bank pays the market value for
    each; redeeming is the reverse, up to the company's cash; the price stays."""
    e = west()
    ann, bob = PlayerId("Ann"), PlayerId("Bob")
    issues = [a.count for a in e.legal_actions() if isinstance(a, IssueShares)]
    assert issues == [1, 2, 3, 4, 5]
    cash = e.ledger.cash("PUB")
    play(e, IssueShares(player=ann, entity="PUB", count=3))
    assert e.ledger.cash("PUB") == cash + 3 * 160
    assert e.books["PUB"].shares_of(POOL) == 3 and e.share_price("PUB") == 160
    play(e, Pass(player=bob, entity="Bob"))
    play(e, Pass(player=PlayerId("Cy"), entity="Cy"))
    # §6.5: having issued, Ann may not redeem next
    assert not any(isinstance(a, RedeemShares) for a in e.legal_actions())
    with pytest.raises(IllegalAction) as err:
        e.check(RedeemShares(player=ann, entity="PUB", count=1))
    assert err.value.rule == "merger.redeem_after_issue"
    play(e, acquire("Ann", "PUB", "GR3", 2))
    play(e, Pass(player=bob, entity="Bob"))
    play(e, Pass(player=PlayerId("Cy"), entity="Cy"))
    e.ledger.transfer("PUB", BANK, e.ledger.cash("PUB") - 330)
    redeems = [a.count for a in e.legal_actions() if isinstance(a, RedeemShares)]
    assert redeems == [1, 2]  # $330 buys two $160 shares, not three
    play(e, RedeemShares(player=ann, entity="PUB", count=2))
    assert e.ledger.cash("PUB") == 10 and e.books["PUB"].shares_of(POOL) == 3


def test_18west_6_5_redeem_then_issue_is_refused() -> None:
    e = west()
    e.books["PUB"].transfer("PUB", POOL, 1)
    ann = PlayerId("Ann")
    play(e, RedeemShares(player=ann, entity="PUB", count=1))
    for p in ("Bob", "Cy"):
        play(e, Pass(player=PlayerId(p), entity=p))
    with pytest.raises(IllegalAction) as err:
        e.check(IssueShares(player=ann, entity="PUB", count=1))
    assert err.value.rule == "merger.issue_after_redeem"


def test_18west_6_4_trains_come_along_and_the_president_may_discard_keeping_one() -> None:
    """18West §6.4: the Granger Road's trains go to the Public company; its president may
    discard trains to the pool, provided the company keeps at least one."""
    e = west()
    e.depot.buy("PUB", "2-0", e.ledger)
    e.depot.buy("GR1", "2-1", e.ledger)
    play(e, acquire("Ann", "PUB", "GR1", 0))
    play(e, AnswerOffer(player=PlayerId("Bob"), entity="Bob", accept=True))
    assert [t.id for t in e.depot.owned_by("PUB")] == ["2-0", "2-1"]
    ann = PlayerId("Ann")
    assert e.acting() == ("Ann",)
    assert e.legal_actions() == [
        Pass(player=ann, entity="Ann"),
        DiscardTrain(player=ann, entity="PUB", train="2-0"),
        DiscardTrain(player=ann, entity="PUB", train="2-1"),
    ]
    play(e, DiscardTrain(player=ann, entity="PUB", train="2-0"))
    assert e.depot.train("2-0").owner == POOL
    assert e.acting() == ("Bob",)


def test_18west_6_the_round_ends_after_all_pass_and_priority_stays() -> None:
    """18West §6: the round ends when all players pass in a row; priority does not move."""
    e = west()
    play(e, IssueShares(player=PlayerId("Ann"), entity="PUB", count=1))
    for p in ("Bob", "Cy", "Ann"):
        assert not e.round.finished
        play(e, Pass(player=PlayerId(p), entity=p))
    assert e.round.kind != "MR" and e.priority == "Ann"


def test_18west_6_1_a_player_acts_only_for_their_own_companies() -> None:
    """18West §6.1: "on behalf of one of their Companies": Bob cannot act for Ann's PUB."""
    e = west()
    play(e, Pass(player=PlayerId("Ann"), entity="Ann"))
    with pytest.raises(IllegalAction):
        e.check(IssueShares(player=PlayerId("Bob"), entity="PUB", count=1))


@pytest.mark.parametrize("seed", range(8))
def test_18west_6_random_moves_end_the_round_and_keep_the_books(seed: int) -> None:
    """Picking only from ``legal_actions`` always finishes the round (§6.5's limits and the
    no-repeat rule for declined offers keep it finite); money and shares add up after every
    move."""
    e = west(pub_price=70)
    e.start_company("Cy", "PUC", 100)
    e.start_company("Bob", "GR2", 60)
    e.depot.buy("GR1", "2-0", e.ledger)
    e.depot.buy("PUB", "2-1", e.ledger)
    total = e.ledger.total()
    rng = Rng(seed)
    for _ in range(500):
        if not isinstance(e.round, MergerRound):
            break
        legal = e.legal_actions()
        play(e, rng.choice(legal))
        assert e.ledger.total() == total
        assert e.invariant_violations() == []
    assert not isinstance(e.round, MergerRound)


def test_18west_6_the_m_and_a_round_follows_each_set_from_its_phase() -> None:
    """18West §6: from its phase, an M&A round comes after the second operating round and
    before the stock round; in it a player issues for their company through the public API
    (the action names the company, the seat is the president)."""
    title = make_title(
        config=MergerConfig.extending(CONFIG),
        data=dataclasses.replace(DATA, privates=()),
        hooks=MergerHooks(),
        merger=MergerRules(issue_redeem=True, from_phase="2"),
    )
    title = dataclasses.replace(title, actions=ACTIONS + MERGER_ACTIONS)
    g = Game(title, ["Ann", "Bob"], seed=0)
    act(g, "par", "Ann", corporation="AA", share_price=60)
    act(g, "pass", "Bob")
    act(g, "pass", "Ann")
    e = engine(g)
    seen: list[str] = []
    for _ in range(100):
        if not seen or seen[-1] != e.round.label(e):
            seen.append(e.round.label(e))
        if e.round.kind == "MR":
            break
        play_turn(g)
    assert seen == ["OR 1.1", "OR 1.2", "M&A"]
    if g.acting != ("Ann",):
        act(g, "pass", g.acting[0])
    treasury = e.books["AA"].shares_of("AA")
    act(g, "issue_shares", "Ann", entity="AA", count=2)
    assert e.books["AA"].shares_of("AA") == treasury - 2
    while e.round.kind == "MR":
        act(g, "pass", g.acting[0])
    assert e.round.kind == "SR"


def test_18west_6_no_m_and_a_round_before_its_phase() -> None:
    g = quick_game(
        hooks=MergerHooks(),
        config=MergerConfig.extending(CONFIG),
        merger=MergerRules(issue_redeem=True, from_phase="3"),
    )
    e = engine(g)
    for _ in range(100):
        if e.round.kind == "SR":
            break
        assert e.round.kind == "OR"
        play_turn(g)
    assert e.round.kind == "SR"


class PassOnlyHooks(Hooks):
    """A set of operating rounds, then an M&A round where players can only pass."""

    def next_round(self, g, ended):  # type: ignore[no-untyped-def]
        if ended.kind == "OR" and g.or_in_set >= g.ors_in_set:
            return MergerRound([MergerPassStep()])
        if ended.kind == "MR":
            return self.stock_round(g)
        return super().next_round(g, ended)


def test_18west_6_merger_round_ends_on_passes_and_keeps_priority() -> None:
    """18West §6: the M&A round runs in stock round order until all pass consecutively and
    does not alter the priority deal."""
    g = quick_game(hooks=PassOnlyHooks())
    e = engine(g)
    priority = e.priority
    for _ in range(100):
        if e.round.kind == "MR":
            break
        play_turn(g)
    assert e.round.kind == "MR" and g.acting == (priority,)
    play_turn(g)
    play_turn(g)
    assert e.round.kind == "SR" and e.priority == priority
