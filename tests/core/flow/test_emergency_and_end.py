"""Forced train purchases, emergency money raising, bankruptcy, and every game-end trigger."""

from __future__ import annotations

import dataclasses
from types import SimpleNamespace

from roundhouse.core.config import (
    BankruptCash,
    BankruptcyEnd,
    EndTiming,
    EndTrigger,
)
from roundhouse.core.event import emit
from roundhouse.core.flow.game_end import WHOLE_SET, GameEnd
from roundhouse.core.game import Game
from roundhouse.core.hooks import Hooks
from roundhouse.core.shares import POOL
from roundhouse.core.trains import TrainType
from tests.core.flow.synthetic import CONFIG, DATA, TRAINS, act, engine, make_title

DEAR_TRAINS = (dataclasses.replace(TRAINS[0], price=250), *TRAINS[1:])
DEAR = dataclasses.replace(DATA, privates=(), trains=DEAR_TRAINS)


def forced_purchase(cash: int, **changes: object) -> Game:
    """Ann starts AA at $60 ($120 treasury), Bob starts BB at $60 and Ann buys one BB share;
    a 2-train costs $250, so AA cannot pay for its mandatory train alone."""
    g = Game(make_title(data=DEAR, starting_cash={2: cash}, **changes), ["Ann", "Bob"], seed=0)
    act(g, "par", "Ann", corporation="AA", share_price=60)
    act(g, "par", "Bob", corporation="BB", share_price=60)
    act(g, "buy_shares", "Ann", shares=["BB_1"])
    act(g, "pass", "Bob")
    act(g, "pass", "Ann")
    assert engine(g).round.kind == "OR"
    while engine(g).round.entity(engine(g)) == "BB":
        moves = g.legal_actions()
        g.apply(next(a for a in moves if a.kind in ("pass", "dividend", "bankrupt")))
    return g


def to_train_step(g: Game) -> None:
    act(g, "pass", "Ann", entity="AA")
    act(g, "pass", "Ann", entity="AA")
    act(g, "dividend", "Ann", entity="AA", mode="withhold")


def test_18royalgorge_president_covers_the_difference() -> None:
    """18RoyalGorge train rule 1: a company that cannot afford a train has its president
    pay the difference; afterwards the charter is empty."""
    g = forced_purchase(400)
    to_train_step(g)
    e = engine(g)
    assert not g.legal_actions().of_kind("pass")
    ann = e.ledger.cash("Ann")
    act(g, "buy_train", "Ann", entity="AA", train="2-0", price=250)
    assert e.ledger.cash("AA") == 0
    assert e.ledger.cash("Ann") == ann - (250 - 120)


def test_18royalgorge_emergency_sale_then_bankruptcy_ends_game() -> None:
    """18RoyalGorge "Emergency Fundraising" and "Bankruptcy": the president sells shares
    (never one that would change a presidency); if still short, they are bankrupt, their
    cash goes to the company and the game ends at once."""
    g = forced_purchase(200)
    to_train_step(g)
    e = engine(g)
    assert e.ledger.cash("Ann") == 200 - 120 - 60
    kinds = g.legal_actions().kinds()
    assert kinds == ["sell_shares"]
    act(g, "sell_shares", "Ann", corporation="BB", count=1)
    assert e.ledger.cash("Ann") == 20 + 60
    assert g.legal_actions().kinds() == ["bankrupt"]
    act(g, "bankrupt", "Ann", entity="AA")
    assert g.finished and g.end_reason == "bankrupt"
    assert e.ledger.cash("AA") == 120 + 80
    assert g.result is not None and g.result["Ann"] == 2 * e.share_price("AA")


def test_18us_6_9_3_bankrupt_player_leaves_and_presidency_goes_to_pool() -> None:
    """18US §6.9.3: the bankrupt player's holdings go to the pool; with nobody able to take
    the presidency the president's certificate goes to the pool too; with one solvent player
    left the game ends."""
    g = forced_purchase(
        200, bankruptcy_end=BankruptcyEnd.ELIMINATE, bankrupt_cash=BankruptCash.BANK
    )
    to_train_step(g)
    act(g, "sell_shares", "Ann", corporation="BB", count=1)
    act(g, "bankrupt", "Ann", entity="AA")
    e = engine(g)
    assert e.books["AA"].cert("AA_0").owner == POOL
    assert e.ledger.cash("Ann") == 0 and e.ledger.cash("AA") == 120
    assert g.finished and g.end_reason == "bankrupt"


def quick_game(hooks: Hooks | None = None, **changes: object) -> Game:
    data = dataclasses.replace(DATA, privates=())
    g = Game(make_title(data=data, hooks=hooks, **changes), ["Ann", "Bob"], seed=0)
    act(g, "par", "Ann", corporation="AA", share_price=60)
    act(g, "pass", "Bob")
    act(g, "pass", "Ann")
    return g


def play_turn(g: Game) -> None:
    """AA passes everything it can and buys one train when it must."""
    moves = g.legal_actions()
    choice = next(
        (a for a in moves if a.kind in ("pass", "dividend")),
        moves[0],
    )
    g.apply(choice)


def test_18us_8_bank_broken_ends_after_the_set() -> None:
    """18US §8: once the bank has run out, the game ends after the current (here the next)
    pair of operating rounds."""
    g = quick_game(bank=1600, end_timing={EndTrigger.BANK_BROKEN: EndTiming.END_OF_OR_SET})
    e = engine(g)
    assert e.ledger.bank_broken
    for _ in range(500):
        if g.finished:
            break
        play_turn(g)
    assert g.end_reason == "bank_broken"
    assert e.set_count == 1 and e.or_in_set == 2


def test_round_limit_ends_after_that_set() -> None:
    g = quick_game(or_set_limit=2, end_timing={EndTrigger.ROUND_LIMIT: EndTiming.END_OF_OR_SET})
    for _ in range(500):
        if g.finished:
            break
        play_turn(g)
    assert g.end_reason == "round_limit" and engine(g).set_count == 2


def test_18royalgorge_market_cap_ends_after_the_set() -> None:
    """18RoyalGorge "Ending 2": a token in the red cells ends the game after the current set
    of operating rounds.  (The token is moved by hand: reaching $160 by dividends would
    take a long script.)"""
    g = quick_game()
    e = engine(g)
    e.market.place("AA", e.market.grid.find(160))
    e.after_price_move("AA")
    assert not g.finished
    for _ in range(500):
        if g.finished:
            break
        play_turn(g)
    assert g.end_reason == "stock_market" and e.set_count == 1 and e.or_in_set == 2


def fake(kind: str, set_count: int, or_in_set: int) -> SimpleNamespace:
    return SimpleNamespace(
        config=CONFIG,
        round=SimpleNamespace(kind=kind),
        set_count=set_count,
        or_in_set=or_in_set,
        emit=emit,
    )


def test_18royalgorge_end_triggers_earliest_wins() -> None:
    """18RoyalGorge "Ending 3": the Game End card finishes this set, a stock round and one
    more set; "Ending 2" (market cap) ends after the current set even if the game end was
    already triggered - the earlier end wins."""
    end = GameEnd()
    end.trigger(fake("OR", 3, 1), EndTrigger.FINAL_TRAIN)  # type: ignore[arg-type]
    assert end.target == (4, WHOLE_SET) and end.reason == "final_train"
    end.trigger(fake("OR", 3, 2), EndTrigger.MARKET_CELL)  # type: ignore[arg-type]
    assert end.target == (3, WHOLE_SET) and end.reason == "stock_market"
    later = GameEnd()
    later.trigger(fake("SR", 3, 2), EndTrigger.FINAL_TRAIN)  # type: ignore[arg-type]
    assert later.target == (5, WHOLE_SET)
    now = GameEnd()
    now.trigger(fake("OR", 1, 1), EndTrigger.BANKRUPTCY)  # type: ignore[arg-type]
    assert now.over and now.reason == "bankrupt"


def test_final_train_purchase_fires_trigger() -> None:
    """The 4-train carries the game-end event: buying it sets the end after the next set."""
    trains = (TrainType(name="4", price=100, count=2, events=("end_game",)),)
    data = dataclasses.replace(DATA, privates=(), trains=trains)
    g = Game(make_title(data=data), ["Ann", "Bob"], seed=0)
    act(g, "par", "Ann", corporation="AA", share_price=60)
    act(g, "pass", "Bob")
    act(g, "pass", "Ann")
    to_train_step(g)
    act(g, "buy_train", "Ann", entity="AA", train="4-0", price=100)
    assert engine(g).end.target == (2, WHOLE_SET)
