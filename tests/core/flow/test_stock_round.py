"""Stock rounds: par, buying, selling, no rebuy, presidency, priority deal, sold-out moves."""

from __future__ import annotations

import dataclasses

import pytest

from roundhouse.core.config import SellTiming
from roundhouse.core.errors import IllegalAction
from roundhouse.core.game import Game
from tests.core.flow.synthetic import DATA, act, engine, make_title

NO_PRIVATES = dataclasses.replace(DATA, privates=())


def sr_game(players: tuple[str, ...] = ("Ann", "Bob"), **changes: object) -> Game:
    return Game(make_title(data=NO_PRIVATES, **changes), list(players), seed=0)


def test_18royalgorge_starting_a_company_pays_treasury_twice_par() -> None:
    """18RoyalGorge "Starting a company": the president pays twice the chosen share price
    into the treasury; prices come from the yellow region ($60-$70 here)."""
    g = sr_game()
    pars = sorted({a.share_price for a in g.legal_actions().of_kind("par")})  # type: ignore[attr-defined]
    assert pars == [60, 65, 70]
    act(g, "par", "Ann", corporation="AA", share_price=65)
    e = engine(g)
    assert e.ledger.cash("Ann") == 800 - 130 and e.ledger.cash("AA") == 130
    assert e.books["AA"].president == "Ann" and e.share_price("AA") == 65
    assert e.corps["AA"].floated
    assert g.acting == ("Bob",)  # one purchase ends the turn


def test_18royalgorge_selling_president_drops_price_per_share_and_no_rebuy() -> None:
    """18RoyalGorge "Selling": a president's sale moves the price left once per share; a
    seller may not buy that company again this stock round."""
    g = sr_game()
    act(g, "par", "Ann", corporation="AA", share_price=70)
    act(g, "buy_shares", "Bob", shares=["AA_1"])
    act(g, "buy_shares", "Ann", shares=["AA_2"])
    act(g, "buy_shares", "Bob", shares=["AA_3"])
    act(g, "sell_shares", "Ann", corporation="AA", count=1)
    e = engine(g)
    assert e.ledger.cash("Ann") == 800 - 140 - 70 + 70
    assert e.share_price("AA") == 65
    with pytest.raises(IllegalAction) as err:
        act(g, "buy_shares", "Ann", shares=["AA_4"])
    assert err.value.rule == "shares.rebuy_after_sale"
    act(g, "pass", "Ann")
    act(g, "sell_shares", "Bob", corporation="AA", count=1)
    assert e.share_price("AA") == 65  # only the president's sales move it


def test_18royalgorge_sell_before_buy() -> None:
    """18RoyalGorge "Selling": all sales come before a purchase in a turn."""
    g = sr_game(buys_per_turn=2)
    act(g, "par", "Ann", corporation="AA", share_price=70)
    act(g, "pass", "Ann")
    act(g, "buy_shares", "Bob", shares=["AA_1"])
    act(g, "buy_shares", "Bob", shares=["AA_2"])
    assert g.legal_actions().of_kind("sell_shares")
    act(g, "buy_shares", "Ann", shares=["AA_3"])
    assert not g.legal_actions().of_kind("sell_shares")
    with pytest.raises(IllegalAction) as err:
        act(g, "sell_shares", "Ann", corporation="AA", count=1)
    assert err.value.rule == "sr.sell_then_buy"


def test_18us_5_1_no_sale_before_operating() -> None:
    """18US §5.1: shares of a company that has not operated may not be sold."""
    g = sr_game(sell_timing=SellTiming.AFTER_FIRST_OPERATION)
    act(g, "par", "Ann", corporation="AA", share_price=70)
    act(g, "buy_shares", "Bob", shares=["AA_1"])
    with pytest.raises(IllegalAction) as err:
        act(g, "sell_shares", "Ann", corporation="AA", count=1)
    assert err.value.rule == "shares.not_operated"


def test_18royalgorge_presidency_changes_to_larger_holder() -> None:
    """18RoyalGorge "About Presidency": a player with more shares than the president takes
    the president's certificate, handing over two single shares."""
    g = sr_game()
    act(g, "par", "Ann", corporation="AA", share_price=60)
    for _ in range(2):
        act(g, "buy_shares", "Bob", shares=["AA_1" if _ == 0 else "AA_2"])
        act(g, "pass", "Ann")
    act(g, "buy_shares", "Bob", shares=["AA_3"])
    book = engine(g).books["AA"]
    assert book.president == "Bob"
    assert book.shares_of("Bob") == 3 and book.shares_of("Ann") == 2
    assert book.cert("AA_0").owner == "Bob"


def test_18royalgorge_priority_deal_left_of_last_actor_and_sold_out_moves_up() -> None:
    """18RoyalGorge "End of a Stock Round": the round ends when all pass; priority goes to
    the player left of the last to act; a company wholly held by players moves right one
    space."""
    g = sr_game(("Ann", "Bob", "Cy"))
    act(g, "par", "Ann", corporation="AA", share_price=60)
    buys = {"Bob": 0, "Cy": 0, "Ann": 0}
    order = ["Bob", "Cy", "Ann"]
    certs = iter(f"AA_{i}" for i in range(1, 9))
    turn = 0
    while True:
        p = order[turn % 3]
        turn += 1
        limit = 4 if p == "Ann" else 3
        if buys[p] < limit:
            cert = next(certs, None)
            if cert is None:
                break
            act(g, "buy_shares", p, shares=[cert])
            buys[p] += 1
        else:
            act(g, "pass", p)
    e = engine(g)
    last = e.round.entity(e)
    assert e.player_shares("AA") == 10
    for p in e.turn_order_from(last or "Ann"):
        act(g, "pass", p)
    assert e.round.kind == "OR"
    assert e.share_price("AA") == 65
    assert e.priority == last
