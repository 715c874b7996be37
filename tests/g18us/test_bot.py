"""The 18US heuristic bot (issue #19's "bots that finish games", issue #21's heuristic per
title): its own policy, found in the title folder like every title's; a two-player game to
the end; the same moves for the same seed; and the rulebook's decisions it makes (§3.2's
sealed bid, §6.8's train when trainless, §6.6's payout).  Strength and speed are measured
outside the tests (the helper's report, the arena)."""

from __future__ import annotations

import pytest

from roundhouse.bots import make_bot
from roundhouse.bots.heuristic import HeuristicBot
from roundhouse.bots.moves import field, number
from roundhouse.bots.policy import GenericPolicy, policy_for
from roundhouse.core.actions import Action
from roundhouse.core.game import Game
from roundhouse.core.title import REGISTRY as TITLES
from roundhouse.titles.g18us import DRAFT
from roundhouse.titles.g18us.bot import UsPolicy
from tests.core.flow.synthetic import act

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"]


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


def _run_until(game: Game, bots: dict[str, HeuristicBot], step: str, limit: int = 400) -> str:
    """Play until the acting seat's moves belong to ``step``; that seat."""
    while not game.finished and len(game.log) < limit:
        player = game.acting[0]
        legal = game.legal_actions(player)
        if any(game.step_of(a)[0] == step for a in legal if a.kind != "pass"):
            return player
        game.apply(bots[player].choose(game, player))
    raise AssertionError(f"no {step} step within {limit} actions")


def test_18us_has_its_own_policy_in_its_title_folder() -> None:
    """``TITLES.part("18US", "bot")`` finds ``roundhouse/titles/g18us/bot`` and the heuristic
    plays it, not the generic look-ahead that copies the game for every candidate."""
    part = TITLES.part("18US", "bot")
    assert part is not None and part.__name__ == "roundhouse.titles.g18us.bot"
    policy = policy_for(Game(DRAFT, NAMES[:2], seed=1))
    assert isinstance(policy, UsPolicy)
    assert not isinstance(policy, GenericPolicy)


def test_18us_heuristic_two_player_game_finishes() -> None:
    """A whole two-player game of heuristic bots ends by the rules (§8: the Bank broken or
    a bankruptcy), every move legal, within a bounded number of actions."""
    game = Game(DRAFT, NAMES[:2], seed=1)
    _play(game, _bots(NAMES[:2], 1), until=1500)
    assert game.finished
    assert game.end_reason in ("bank_broken", "bankruptcy")
    result = game.result
    assert result is not None and max(result.values()) > 2 * 200


def test_18us_heuristic_is_deterministic_for_a_seed() -> None:
    """The same seed gives the same moves (through the Conventions and into the Operating
    Rounds)."""
    logs: list[tuple[Action, ...]] = []
    for _ in range(2):
        game = Game(DRAFT, NAMES[:3], seed=4)
        _play(game, _bots(NAMES[:3], 4), until=120)
        logs.append(game.log)
    assert len(logs[0]) == 120
    assert logs[0] == logs[1]


def test_18us_3_2_convention_bid_is_sensible() -> None:
    """§3.2: a sealed bid of $0, $5 or $10 - the bot bids $5 of its $200, then (choosing
    first) takes the South Carolina Canal & Rail Road with the Southern Railway, which it
    opens at the highest Starting Value (§10.1.6)."""
    game = Game(DRAFT, NAMES[:3], seed=1)
    bots = _bots(NAMES[:3], 1)
    for player in NAMES[:3]:
        action = bots[player].choose(game, player)
        assert action.kind == "bid" and number(action, "price") == 5
        game.apply(action)
    first = game.acting[0]
    pick = bots[first].choose(game, first)
    assert field(pick, "company") == "P6"
    game.apply(pick)
    par = bots[first].choose(game, first)
    prices = [number(a, "share_price") for a in game.legal_actions(first)]
    assert par.kind == "par" and number(par, "share_price") == max(prices)


def test_18us_6_8_trainless_company_buys_its_trains() -> None:
    """§6.8: the Pennsylvania Railroad, opened at $80 with $320 and no train, must buy one:
    the bot takes a Bank 2-train; with $220 left it buys a second while it may still pass
    (a train limit of two, money
    left for track), then stops at the limit."""
    game = Game(DRAFT, NAMES[:3], seed=1)
    act(game, "bid", "Ann", company="ERRC", price=10)
    act(game, "bid", "Bob", company="ERRC", price=5)
    act(game, "bid", "Cy", company="ERRC", price=5)
    act(game, "bid", "Ann", company="P6", price=140)
    act(game, "par", "Ann", corporation="SR", share_price=100)
    act(game, "bid", "Cy", company="P2", price=40)
    act(game, "bid", "Bob", company="P1", price=20)
    act(game, "par", "Bob", corporation="PRR", share_price=80)
    bots = _bots(NAMES[:3], 1)
    while True:
        player = _run_until(game, bots, "buy_train")
        legal = game.legal_actions(player)
        if any(field(a, "entity") == "PRR" for a in legal):
            break
        game.apply(bots[player].choose(game, player))

    def prr() -> tuple[tuple[str, ...], int]:
        row = next(r for r in game.table().companies if r.id == "PRR")
        return row.trains, row.cash or 0

    trains, before = prr()
    assert trains == () and before >= 240  # $320 less any track it laid
    first = bots[player].choose(game, player)
    assert first.kind == "buy_train" and number(first, "price") == 100
    game.apply(first)
    assert any(a.kind == "pass" for a in game.legal_actions(player))
    second = bots[player].choose(game, player)
    assert second.kind == "buy_train" and number(second, "price") == 100
    game.apply(second)
    trains, cash = prr()
    assert len(trains) == 2 and cash == before - 200


@pytest.mark.parametrize("seed", [1])
def test_18us_6_6_pays_out_a_run_it_does_not_need(seed: int) -> None:
    """§6.6: with a train that does not rust soon and its run earned, the company pays
    out (its President's shares earn and the price rises)."""
    game = Game(DRAFT, NAMES[:2], seed=seed)
    bots = _bots(NAMES[:2], seed)
    for _ in range(20):
        player = _run_until(game, bots, "dividend")
        legal = game.legal_actions(player)
        modes = {field(a, "mode") for a in legal if a.kind == "dividend"}
        entity = next(field(a, "entity") for a in legal if a.kind == "dividend")
        row = next(r for r in game.table().companies if r.id == entity)
        if {"payout", "withhold"} <= modes and row.trains and (row.revenue or 0) > 0:
            move = bots[player].choose(game, player)
            assert field(move, "mode") == "payout"
            return
        game.apply(bots[player].choose(game, player))
    raise AssertionError("no dividend with a run to pay")


def test_18us_7_1_western_convention_bids_are_bounded_and_the_act_is_bought() -> None:
    """§7.1: the bots offer the Pacific Railway Act first and bid on it in $5 steps, never
    more than $60 above its $220 face value nor beyond their cash; one of them buys it, so
    the Land Grant companies open (§10.2.5)."""
    game = Game(DRAFT, NAMES[:2], seed=1)
    bots = _bots(NAMES[:2], 1)
    player = _run_until(game, bots, "western_convention", limit=600)
    offer = bots[player].choose(game, player)
    assert field(offer, "company") == "P11" or field(offer, "choice") == "P11"
    while not game.finished:
        player = game.acting[0]
        legal = game.legal_actions(player)
        if not any(game.step_of(a)[0] == "western_convention" for a in legal):
            break
        move = bots[player].choose(game, player)
        if move.kind == "bid":
            cash = next(r.cash or 0 for r in game.table().players if r.id == player)
            card = field(move, "company")
            assert number(move, "price") <= {"P11": 60}.get(card, 20)
            face = next(p.value for p in game.privates() if p.id == card)
            assert number(move, "price") + face <= cash
        game.apply(move)
    owner = next(p.owner for p in game.privates() if p.id == "P11")
    assert owner in NAMES[:2]
    assert any(r.kind == "land_grant" and r.president == owner for r in game.table().companies)
