"""The 18West heuristic bot (issue #21's heuristic per title): its own policy, found in the
title folder; the same moves for the same seed; and rulebook decisions it makes (§3.2.4's
auction bids within cash, §7.8's train for a trainless company).  Strength and speed are
measured outside the tests (the helper's report, the arena)."""

from __future__ import annotations

import roundhouse
from roundhouse.bots import make_bot
from roundhouse.bots.heuristic import HeuristicBot
from roundhouse.bots.moves import field, number
from roundhouse.bots.policy import GenericPolicy, policy_for
from roundhouse.core.actions import Action
from roundhouse.core.game import Game
from roundhouse.core.title import REGISTRY as TITLES
from roundhouse.titles.g18west.bot import WestPolicy

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"]


def _new(players: int, seed: int) -> Game:
    return roundhouse.new_game("18West", NAMES[:players], seed=seed)


def _bots(names: list[str], seed: int) -> dict[str, HeuristicBot]:
    out = {}
    for i, name in enumerate(names):
        bot = make_bot("heuristic", seed * 10 + i)
        assert isinstance(bot, HeuristicBot)
        out[name] = bot
    return out


def _play(game: Game, bots: dict[str, HeuristicBot], until: int) -> None:
    while not game.finished and len(game.log) < until:
        player = game.acting[0]
        action = bots[player].choose(game, player)
        assert action in game.legal_actions(player)
        game.apply(action)


def test_18west_has_its_own_policy_in_its_title_folder() -> None:
    """``TITLES.part("18West", "bot")`` finds ``roundhouse/titles/g18west/bot`` and the
    heuristic plays it, not the generic look-ahead that copies the game for every move."""
    part = TITLES.part("18West", "bot")
    assert part is not None and part.__name__ == "roundhouse.titles.g18west.bot"
    policy = policy_for(_new(3, 1))
    assert isinstance(policy, WestPolicy)
    assert not isinstance(policy, GenericPolicy)


def test_18west_heuristic_is_deterministic_for_a_seed() -> None:
    """The same seed gives the same moves, through the Initial Stock Round into the
    Operating Rounds."""
    logs: list[tuple[Action, ...]] = []
    for _ in range(2):
        game = _new(3, 4)
        _play(game, _bots(NAMES[:3], 4), until=100)
        logs.append(game.log)
    assert len(logs[0]) == 100
    assert logs[0] == logs[1]
    assert any(a.kind == "lay_tile" for a in logs[0])


def test_18west_3_2_4_auction_bids_stay_within_cash_and_start_companies() -> None:
    """§3.2.4: a bid plus the certificate at its lowest Starting Value never exceeds the
    bidder's cash, and the bot keeps some of it; every player starts a company in the
    Initial Stock Round (§3.3)."""
    game = _new(4, 2)
    bots = _bots(NAMES[:4], 2)
    bids = 0
    while not game.finished and len(game.log) < 120:
        player = game.acting[0]
        move = bots[player].choose(game, player)
        if move.kind == "bid":
            bids += 1
            cash = next(r.cash or 0 for r in game.table().players if r.id == player)
            corp = field(move, "company")
            row = next(r for r in game.table().companies if r.id == corp)
            lowest = (
                2 * (row.price or 70) if corp == "UP" else 100 if row.kind == "granger" else 140
            )
            assert number(move, "price") + lowest < cash
        game.apply(move)
        if any(a.kind == "lay_tile" for a in game.legal_actions(game.acting[0])):
            break
    assert bids > 0
    presidents = {r.president for r in game.table().companies if r.president}
    assert set(NAMES[:4]) <= presidents


def test_18west_7_8_trainless_company_buys_a_train() -> None:
    """§7.8: when a company the bot presides has no train and can pay for a Bank train, the
    bot buys one rather than passing."""
    game = _new(3, 1)
    bots = _bots(NAMES[:3], 1)
    seen = 0
    while not game.finished and len(game.log) < 400:
        player = game.acting[0]
        legal = game.legal_actions(player)
        buys = [a for a in legal if a.kind == "buy_train"]
        move = bots[player].choose(game, player)
        if buys and any(a.kind == "pass" for a in legal):
            entity = field(buys[0], "entity")
            row = next(r for r in game.table().companies if r.id == entity)
            cheapest = min(number(a, "price") for a in buys)
            if not row.trains and (row.cash or 0) >= cheapest:
                assert move.kind == "buy_train", f"{entity} passed with ${row.cash}"
                seen += 1
        game.apply(move)
        if seen >= 2:
            return
    raise AssertionError(f"only {seen} trainless companies able to buy within 400 moves")


def test_18west_4_2_1_worthless_granger_shares_are_not_bought_as_an_investment() -> None:
    """§4.2.1: a Granger Road in the grey space has no value (its price reads $0); the bot
    scores buying its shares as a bad investment instead of dividing by its price (a 6-player
    game's crash before this was fixed)."""
    from roundhouse.core.flow.actions import BuyShares
    from roundhouse.core.ids import PlayerId
    from roundhouse.titles.g18west.bot.read import Company, Position
    from roundhouse.titles.g18west.bot.stock import buy_score

    grey = Company(
        id="CBQ",
        kind="granger",
        president="Bob",
        price=0,
        cash=0,
        size=2,
        trains=("2-0",),
        hexes=(),
        revenue=40,
        floated=True,
        treasury=0,
        pool=0,
        token_cost=0,
    )
    pos = Position(
        players=("Ann", "Bob"),
        cash={"Ann": 300, "Bob": 100},
        shares={"Ann": {}, "Bob": {"CBQ": 2}},
        certificates={"Ann": 0, "Bob": 1},
        cert_limit=20,
        companies={"CBQ": grey},
        roster=None,
    )
    buy = BuyShares(player=PlayerId("Ann"), entity="Ann", shares=("CBQ_1",))
    assert buy_score(buy, pos, "Ann") < 0
