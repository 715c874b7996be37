"""Operating rounds: order, private income, track and tokens, dividends and price moves."""

from __future__ import annotations

import dataclasses

from roundhouse.core.game import Game
from tests.core.flow.synthetic import DATA, act, engine, make_title

NO_PRIVATES = dataclasses.replace(DATA, privates=())


def royal_gorge_holdings() -> Game:
    """Jim 6 shares, Derek 1, Tony 3 of AA parred at $60; sold out, so AA opens OR 1.1
    at $65 with $600 in its treasury."""
    g = Game(make_title(data=NO_PRIVATES), ["Jim", "Derek", "Tony"], seed=0)
    act(g, "par", "Jim", corporation="AA", share_price=60)
    certs = iter(f"AA_{i}" for i in range(1, 9))
    script = ["Derek", "Tony", "Jim"] * 4
    wanted = {"Jim": 4, "Derek": 1, "Tony": 3}
    for p in script:
        if wanted[p]:
            wanted[p] -= 1
            act(g, "buy_shares", p, shares=[next(certs)])
        else:
            act(g, "pass", p)
    for p in ("Derek", "Tony", "Jim"):
        act(g, "pass", p)
    return g


def test_18royalgorge_dividend_example_and_price_moves() -> None:
    """18RoyalGorge "Pay Dividends": $120 revenue pays $72 to Jim's six shares, $12 to
    Derek's one and $36 to Tony's three; revenue of at least twice the price moves it two
    spaces right.  A withhold (or no revenue) moves it one space left."""
    g = royal_gorge_holdings()
    e = engine(g)
    assert e.round.kind == "OR" and e.share_price("AA") == 65
    assert e.ledger.cash("AA") == 600
    act(g, "pass", "Jim", entity="AA")  # track
    act(g, "pass", "Jim", entity="AA")  # token
    assert [a.kind for a in g.legal_actions()] == ["dividend"]  # no trains: no revenue
    act(g, "dividend", "Jim", entity="AA", mode="withhold")
    assert e.share_price("AA") == 60
    act(g, "buy_train", "Jim", entity="AA", train="2-0", price=80)
    act(g, "buy_train", "Jim", entity="AA", train="2-1", price=80)
    act(g, "pass", "Jim", entity="AA")
    assert e.round.label(e) == "OR 1.2"
    cash = {p: e.ledger.cash(p) for p in ("Jim", "Derek", "Tony")}
    act(g, "pass", "Jim", entity="AA")
    act(g, "pass", "Jim", entity="AA")
    act(g, "run_routes", "Jim", entity="AA", routes=[["2-0"], ["2-1"]], revenue=120)
    act(g, "dividend", "Jim", entity="AA", mode="payout")
    assert e.ledger.cash("Jim") - cash["Jim"] == 72
    assert e.ledger.cash("Derek") - cash["Derek"] == 12
    assert e.ledger.cash("Tony") - cash["Tony"] == 36
    assert e.share_price("AA") == 70  # $120 >= 2 x $60: two spaces right


def test_18royalgorge_withhold_pays_treasury() -> None:
    """18RoyalGorge "Withhold Revenue": the full revenue goes to the company's treasury."""
    g = royal_gorge_holdings()
    e = engine(g)
    for _ in range(2):
        act(g, "pass", "Jim", entity="AA")
    act(g, "dividend", "Jim", entity="AA", mode="withhold")
    act(g, "buy_train", "Jim", entity="AA", train="2-0", price=80)
    act(g, "pass", "Jim", entity="AA")
    for _ in range(2):
        act(g, "pass", "Jim", entity="AA")
    act(g, "run_routes", "Jim", entity="AA", routes=[["2-0"]], revenue=60)
    act(g, "dividend", "Jim", entity="AA", mode="withhold")
    assert e.ledger.cash("AA") == 600 - 80 + 60
    assert e.share_price("AA") == 55


def test_track_and_token_costs_paid_to_bank() -> None:
    """A lay pays its terrain cost and a token its charter price (here $10 and $40)."""
    g = royal_gorge_holdings()
    e = engine(g)
    act(g, "lay_tile", "Jim", entity="AA", hex="AA0", tile="7", rotation=0)
    act(g, "place_token", "Jim", entity="AA", hex="TAA", city="0")
    assert e.ledger.cash("AA") == 600 - 10 - 40
    assert e.corps["AA"].next_token_cost() is None


def test_18royalgorge_operating_order_by_price_and_private_income() -> None:
    """18RoyalGorge "Operating Rounds": privates pay their owners at the start; the highest
    share price operates first."""
    g = Game(make_title(), ["Ann", "Bob"], seed=0)
    act(g, "bid", "Ann", company="P1", price=20)
    act(g, "pass", "Bob")
    act(g, "bid", "Ann", company="P2", price=40)
    act(g, "pass", "Bob")
    e = engine(g)
    assert e.priority == "Bob"
    act(g, "par", "Bob", corporation="BB", share_price=60)
    act(g, "par", "Ann", corporation="AA", share_price=70)
    act(g, "pass", "Bob")
    cash = e.ledger.cash("Ann")
    act(g, "pass", "Ann")
    assert e.round.kind == "OR"
    assert e.ledger.cash("Ann") == cash + 5 + 10
    assert e.round.entity(e) == "AA"
