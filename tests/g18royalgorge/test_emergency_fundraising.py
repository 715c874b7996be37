"""18RoyalGorge "5. Buy Trains": Important Rules About Trains (rule 1), "Emergency
Fundraising" and "Bankruptcy", on positions of recorded 18xx.games games (each test says why
that action)."""

from __future__ import annotations

import dataclasses

import pytest

from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.actions import Bankrupt, BuyTrain, LayTile, SellShares
from roundhouse.core.ids import PlayerId
from roundhouse.core.shares import POOL
from roundhouse.titles.g18royalgorge.steps import RoyalGorgeBuyTrainStep
from tests.g18royalgorge.replayed import position, silent_moves
from tests.g18royalgorge.test_variants import at_operating_round

STOCK_MARKET = "18RoyalGorge_game_end_stock_market.json"
BANKRUPT = "18RoyalGorge_game_end_bankrupt.json"
ON_BUY = "endgame_triggered_on_buy.json"


def sale(player: str, corp: str, count: int) -> SellShares:
    return SellShares(player=PlayerId(player), entity=player, corporation=corp, count=count)


def test_18royalgorge_5_trains_rule_1_president_pays_what_the_treasury_lacks() -> None:
    """Rule 1: a railroad that cannot afford a train has its president cover the difference.
    Action 221 is Colorado Midland's first train (a 3+ for $180) after it paid $20 for the
    water at B4 (map: B4 is a $20 river): $170 in the treasury, so its president pays $10
    and the charter is left empty."""
    game, g = position(ON_BUY, 217)
    cm = g.ledger.cash("CM")
    assert any(isinstance(a, LayTile) and a.hex == "B4" for a in game.legal_actions())
    game, g = position(ON_BUY, 221)
    assert g.ledger.cash("CM") == 170 < cm
    president = g.ledger.cash("14191")
    game.apply(next(a for a in game.legal_actions() if a.kind == "dividend"))
    buy = next(a for a in game.legal_actions() if isinstance(a, BuyTrain) and a.price == 180)
    game.apply(buy)
    assert g.ledger.cash("CM") == 0
    assert g.ledger.cash("14191") == president - 10


def test_18royalgorge_5_emergency_fundraising_sells_cfi_at_its_price() -> None:
    """Emergency Fundraising: "Any shares are eligible to be sold", CF&I's too, and never
    more than needed.  Action 147: Pueblo & Arkansas Valley ($65) must buy a $400 4+, its
    president has $137 and seven CF&I shares at $60: four CF&I are the most that may be sold
    (three would leave $18 short, five more than needed).  CF&I's price does not move and the
    pool may hold more than half of it (its shares are sold as in a stock round)."""
    game, g = position(STOCK_MARKET, 147)
    silent_moves(game)
    legal = game.legal_actions()
    assert sale("1", "CF&I", 4) in legal
    assert sale("1", "CF&I", 5) not in legal
    assert not legal.of_kind("bankrupt")
    game.apply(sale("1", "CF&I", 4))
    assert g.ledger.cash("1") == 137 + 4 * 60
    assert g.share_price("CF&I") == 60
    assert g.books["CF&I"].shares_of(POOL) == 7


def test_18royalgorge_5_bankruptcy_when_all_fundraising_falls_short() -> None:
    """Bankruptcy: "If emergency fundraising still results in an insufficient amount of money
    to buy a train, the player is bankrupt, and the game immediately ends ... All of the
    player's cash is contributed to the company."  Action 382: the Denver & New Orleans
    ($161) must buy the $650 6x2; its president has $32, two NO shares they may sell ($110
    each) and none of KP (the pool holds half of it already): $413 in all, so bankruptcy may
    be declared at once.  Declaring sells the two NO shares (the price falls a space for
    each), gives the cash to NO and ends the game; the president keeps the certificates that
    could not be sold."""
    game, g = position(BANKRUPT, 382)
    silent_moves(game)
    legal = game.legal_actions()
    assert sale("8642", "NO", 2) in legal
    declare = Bankrupt(player=PlayerId("8642"), entity="NO")
    assert declare in legal
    no_cash = g.ledger.cash("NO")
    game.apply(declare)
    assert game.finished and game.end_reason == "bankrupt"
    assert g.books["NO"].shares_of("8642") == 2
    assert g.books["KP"].shares_of("8642") == 4
    assert g.share_price("NO") == 90
    assert g.ledger.cash("8642") == 0
    assert g.ledger.cash("NO") == no_cash + 32 + 2 * 110
    assert game.result is not None
    doc_holliday = 55
    assert game.result[PlayerId("8642")] == 4 * 55 + 2 * 90 + doc_holliday


def test_18royalgorge_5_no_bankruptcy_while_fundraising_can_pay() -> None:
    """Bankruptcy only when fundraising cannot raise the money: at action 147 the sale of
    CF&I pays for Pueblo & Arkansas Valley's 4+, so it is not offered."""
    game, _ = position(STOCK_MARKET, 147)
    silent_moves(game)
    assert Bankrupt(player=PlayerId("1"), entity="PAV") not in game.legal_actions()


def test_18royalgorge_bankruptcy_scores_only_the_remaining_shares() -> None:
    """ "For scoring, this player will only evaluate their remaining shares": by the rulebook
    the bankrupt president of action 382 scores the KP and NO certificates left after the
    forced sales, not Doc Holliday (18xx.games adds a held private's face value)."""
    game, g = position(BANKRUPT, 382)
    g.variant = dataclasses.replace(g.variant, compat_18xx_games=False)
    silent_moves(game)
    game.apply(Bankrupt(player=PlayerId("8642"), entity="NO"))
    assert game.result is not None
    assert game.result[PlayerId("8642")] == 4 * 55 + 2 * 90


def test_18royalgorge_5_emergency_fundraising_reading_it_changes_nothing() -> None:
    """Working out emergency purchases is reading the position: it must leave the game
    exactly as it was, the order of its companies too.  It took the railroads without a
    price out and put them back at the end, so a game that had been asked listed its sales
    in another order than the same game reloaded (the fuzzer's seed 72078)."""
    g = at_operating_round()
    corp = g.round.entity(g)
    assert corp is not None
    order = list(g.books)
    assert any(c not in g.market.position for c in order[:-3])  # an unstarted railroad
    RoyalGorgeBuyTrainStep().emergency(g, corp)
    assert list(g.books) == order


def test_18royalgorge_emergency_fundraising_sells_only_until_the_train_is_affordable() -> None:
    """ "The president must perform emergency fundraising by selling shares until they can
    afford the train" and "Once the train is purchased, there will be no money left in the
    company's charter": after the sale, a train from another railroad costs more than the
    money the railroad and its president hold less the share's price (else the sale was not
    needed), the president paying what the treasury lacks.  A recorded bot game: PAV ($20)
    must buy; its president P3 sold one PAV share at $30 and holds $60, so any price of $51
    to $80 (18xx.games: "may only spend between $51 and $80"), not the $20 in the treasury."""
    import json
    from pathlib import Path

    import roundhouse

    doc = json.loads((Path(__file__).parent / "data" / "emergency_after_sale.json").read_text())
    game = roundhouse.new_game(
        doc["title"], doc["players"], seed=doc["seed"], options=doc["options"]
    )
    for move in doc["actions"]:
        game.apply(move)
    g = game.state
    assert (g.ledger.cash("PAV"), g.ledger.cash("P3")) == (20, 60)
    prices = {
        a.price for a in game.legal_actions() if isinstance(a, BuyTrain) and a.train == "5+-1"
    }
    assert min(prices) == 51 and max(prices) == 80
    before = game.state_hash()
    with pytest.raises(IllegalAction, match=r"\$51-\$80.*Emergency Fundraising"):
        game.apply(
            {"kind": "buy_train", "player": "P3", "entity": "PAV", "train": "5+-1", "price": 20}
        )
    assert game.state_hash() == before
    game.apply({"kind": "buy_train", "player": "P3", "entity": "PAV", "train": "5+-1", "price": 60})
    assert (g.ledger.cash("PAV"), g.ledger.cash("P3")) == (0, 20)
    assert g.depot.train("5+-1").owner == "PAV"


def test_18royalgorge_emergency_fundraising_a_metal_share_counts_as_the_last_sale() -> None:
    """The same rule when the share sold is a metal company's (CF&I, VGC sell at their own
    price): Santa Fe ($45) must buy; its president sold one VGC share at $55 and holds $171,
    so Pueblo & Arkansas Valley's 3+ costs $162 to $180 (its face value), as on 18xx.games."""
    import json
    from pathlib import Path

    import roundhouse

    path = Path(__file__).parent / "data" / "emergency_after_metal_sale.json"
    doc = json.loads(path.read_text())
    game = roundhouse.new_game(
        doc["title"], doc["players"], seed=doc["seed"], options=doc["options"]
    )
    for move in doc["actions"]:
        game.apply(move)
    g = game.state
    assert (g.ledger.cash("SF"), g.ledger.cash("P1"), g.share_price("VGC")) == (45, 171, 55)
    prices = {
        a.price for a in game.legal_actions() if isinstance(a, BuyTrain) and a.train == "3+-1"
    }
    assert (min(prices), max(prices)) == (162, 180)
