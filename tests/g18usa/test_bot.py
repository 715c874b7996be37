"""Issues #17 and #21: the 18USA heuristic player (``roundhouse/titles/g18usa/bot``).

Whole games of heuristic bots, every move checked by ``game.apply``: they start companies
(§11.6), lay track, buy trains and run them, the game ends (§16's 8-train or bankruptcies)
with money conserved.  Then single decisions: the §10 auction bid, the opening bid and the
home city with a cash subsidy (§11.6.1), the run and a train for a company without one.
"""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest

from roundhouse.bots import make_bot
from roundhouse.bots.policy import policy_for
from roundhouse.core.actions import Action
from roundhouse.core.flow.actions import Dividend
from roundhouse.core.game import Game, new_game
from roundhouse.core.ids import PlayerId
from roundhouse.core.rng import Rng
from roundhouse.titles.g18usa.bot import UsaPolicy
from roundhouse.titles.g18usa.bot import operating as op
from roundhouse.titles.g18usa.bot.read import Company, Position, read
from roundhouse.titles.g18usa.state import UsaGame

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay")
MOVE_CAP = 4000


def conserved(game: Game) -> int:
    state = game.state
    assert isinstance(state, UsaGame)
    money = state.conserved_money()
    assert money is not None
    return money


def play(players: int, seed: int) -> tuple[Game, Counter[str], set[str], int]:
    """A game of heuristic bots to its end: move kinds played, the companies that ran for
    revenue and the homes players chose for companies they started."""
    names = list(NAMES[:players])
    game = new_game("18USA", names, seed, {})
    bots = {p: make_bot("heuristic", seed + i) for i, p in enumerate(names)}
    money = conserved(game)
    kinds: Counter[str] = Counter()
    ran: set[str] = set()
    homes = 0
    while not game.finished and len(game.log) < MOVE_CAP:
        seat = game.acting[0]
        action = game.apply(bots[seat].choose(game, seat))
        kinds[action.kind] += 1
        if action.kind == "run_routes" and getattr(action, "revenue", 0) > 0:
            ran.add(str(getattr(action, "entity", "")))
        homes += action.kind == "place_token" and getattr(action, "entity", "") in names
    assert conserved(game) == money
    return game, kinds, ran, homes


@pytest.mark.parametrize(
    ("players", "seed", "companies"),
    [(3, 1, 4), (3, 2, 4), (4, 1, 5), (4, 2, 5), (2, 1, 3), (6, 1, 5)],
)
def test_heuristic_bots_play_18usa_to_the_end(players: int, seed: int, companies: int) -> None:
    game, kinds, ran, homes = play(players, seed)
    assert game.finished and game.result is not None
    assert game.end_reason == "final_train"
    assert len(ran) >= companies
    assert kinds["lay_tile"] >= 40
    assert kinds["buy_train"] >= 10
    assert kinds["place_token"] >= 10
    assert kinds["bid"] >= players
    assert kinds["bankrupt"] == 0
    assert homes >= players  # every player started a company (§11.6)


def test_the_policy_is_the_title_s_own() -> None:
    game = new_game("18USA", ["Ann", "Bob", "Cy"], 1, {})
    assert isinstance(policy_for(game), UsaPolicy)


def _policy_move(game: Game) -> Action:
    seat = game.acting[0]
    return UsaPolicy(0).choose(game, seat, Rng(0))


def _to_first_stock_turn(game: Game) -> None:
    """Everyone passes the §10 auction."""
    while game.prompt().round == "Auction":
        game.apply(game.legal_actions(game.acting[0]).of_kind("pass")[0])


def test_private_bids_stay_modest() -> None:
    """§10: every bid is at most 60% of the card's face value and leaves the bidder $230 to
    start a company; each player buys one private at most."""
    game = new_game("18USA", ["Ann", "Bob", "Cy", "Dee"], 11, {})
    values = {p.id: p.value for p in game.privates()}
    bids = 0
    while game.prompt().round == "Auction":
        seat = game.acting[0]
        cash = next(p.cash or 0 for p in game.table().players if p.id == seat)
        action = _policy_move(game)
        if action.kind == "bid":
            bids += 1
            price = getattr(action, "price", 0)
            assert price <= values[getattr(action, "company", "")] * 0.6
            assert cash - price >= 230
        game.apply(action)
    assert bids > 0
    assert all(len(p.privates) <= 1 for p in game.table().players)


def test_first_stock_turn_opens_a_company_in_a_cash_subsidy_city() -> None:
    """§11.6: the first stock turn opens a company with most of the player's cash; the
    opener places its home in the city with the biggest cash subsidy (§11.6.1) right after
    the opening bid (§11.6 step 2), and wins when the others pass."""
    game = new_game("18USA", ["Ann", "Bob", "Cy", "Dee"], 11, {})
    _to_first_stock_turn(game)
    opener = game.acting[0]
    cash = next(p.cash or 0 for p in game.table().players if p.id == opener)
    bid = _policy_move(game)
    assert bid.kind == "bid" and 100 <= getattr(bid, "price", 0) <= cash
    game.apply(bid)
    while game.prompt().entity != opener or "place_token" not in game.legal_actions(opener).kinds():
        game.apply(game.legal_actions(game.acting[0]).of_kind("pass")[0])
    home = _policy_move(game)
    assert home.kind == "place_token" and getattr(home, "hex", "") == "E23"  # the $50 city
    game.apply(home)
    while not any(c.president == opener for c in game.table().companies):
        game.apply(game.legal_actions(game.acting[0]).of_kind("pass")[0])
    company = next(c for c in game.table().companies if c.president == opener)
    assert company.hexes == ("E23",) and (company.cash or 0) > 0


def test_a_company_without_a_train_buys_one_and_runs() -> None:
    """§12.6: a company's first turn ends with a train bought; its second runs the best
    route listed (§12.4)."""
    game = new_game("18USA", ["Ann", "Bob", "Cy", "Dee"], 11, {})
    bots = {p: make_bot("heuristic", 11 + i) for i, p in enumerate(("Ann", "Bob", "Cy", "Dee"))}
    bought: set[str] = set()
    while not game.prompt().round.startswith("OR 2"):
        seat = game.acting[0]
        action = game.apply(bots[seat].choose(game, seat))
        if action.kind == "buy_train":
            bought.add(str(getattr(action, "entity", "")))
    started = {c.id for c in game.table().companies if c.president is not None}
    assert started and started <= bought
    runs = 0
    while game.prompt().round.startswith("OR 2"):
        seat = game.acting[0]
        legal = game.legal_actions(seat)
        choice = bots[seat].choose(game, seat)
        if choice.kind == "run_routes":
            best = max(getattr(a, "revenue", 0) for a in legal.of_kind("run_routes"))
            assert getattr(choice, "revenue", 0) == best > 0
            runs += 1
        game.apply(choice)
    assert runs >= len(started)


def _company(cash: int = 0, revenue: int = 0, trains: tuple[str, ...] = ()) -> Company:
    return Company(
        id="ATSF",
        president="Ann",
        price=100,
        cash=cash,
        size=5,
        loans=0,
        trains=trains,
        hexes=("E23",),
        treasury_shares=0,
        pool=0,
        revenue=revenue,
        operated=1,
    )


def _opening_position() -> Position:
    return read(new_game("18USA", ["Ann", "Bob", "Cy"], 1, {}))


def test_a_company_short_of_a_train_withholds_and_one_with_a_train_pays_out() -> None:
    """§12.5: without a train and short of the $100 2-train, the run is withheld; with a
    train that does not rust soon and no debt, it is paid out; a run of $0 is paid out
    (withholding it would move the price back)."""
    pos = dataclasses.replace(_opening_position(), phase="2")
    modes = {m: _dividend(m) for m in ("payout", "withhold", "half")}
    poor = _company(cash=20, revenue=60)
    pos.headroom = {"ATSF": 20}
    assert op.choose_dividend(pos, poor, modes) is modes["withhold"]
    rich = _company(cash=20, revenue=60, trains=("8-0",))
    assert op.choose_dividend(pos, rich, modes) is modes["payout"]
    idle = _company(cash=20, revenue=0)
    assert op.choose_dividend(pos, idle, modes) is modes["payout"]  # $0: the price stays


def test_loans_only_for_a_needed_train_within_reach() -> None:
    """§9: a loan for a train the company must have, while the loans cover the shortfall,
    keep the price clear of the acquisition area and the run covers the interest."""
    pos = _opening_position()
    pos.headroom = {"ATSF": 20}
    assert op.wants_loan(pos, _company(cash=50, revenue=200))
    assert not op.wants_loan(pos, _company(cash=150, revenue=200))  # it can pay
    assert not op.wants_loan(pos, _company(cash=50, trains=("8-0",)))  # it needs none
    pos.headroom = {"ATSF": 3}
    assert not op.wants_loan(pos, _company(cash=50, revenue=200))  # price too low


def _dividend(mode: str) -> Action:
    return Dividend(player=PlayerId("Ann"), entity="ATSF", mode=mode)
