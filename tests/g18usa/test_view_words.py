"""18USA's decisions as a first-time player reads them (issue #20): the banner and help of a
company sale in the merger and acquisition round (§14.2.1), shown as an auction; loans worded
with what they cost (§9, §12.9); a company start's home and privates (§11.6); the private
cards' texts; subsidies in words (appendix "Subsidy Tiles")."""

from __future__ import annotations

from roundhouse.core.bank import BANK
from roundhouse.core.flow.actions import Pass
from roundhouse.core.game import Game
from roundhouse.titles.g18usa import TITLE
from roundhouse.titles.g18usa.family1817.actions import PayoffLoan, TakeLoan
from roundhouse.titles.g18usa.family1817.cash_crisis import enter_zone
from roundhouse.titles.g18usa.family1817.takeover_round import TakeoverRound
from roundhouse.titles.g18usa.powers import UsePrivate
from roundhouse.titles.g18usa.state import UsaGame
from roundhouse.titles.g18usa.view import UsaObserver


def _game() -> UsaGame:
    g = Game(TITLE, ["Ann", "Bob", "Cy"], seed=9).state
    assert isinstance(g, UsaGame)
    return g


def test_18usa_14_2_1_a_liquidation_is_shown_as_an_auction_with_its_terms() -> None:
    """GN in the liquidation space and Bob's ATSF able to bid (the set-up of
    test_liquidation_privates): the banner names the company on sale, the help says the buyer
    gets trains, stations and privates but not treasury or loans (§14.2.1), and the prompt
    carries the auction (GN, the least bid, Bob to act)."""
    g = _game()
    g.start_company("Ann", "GN", 50)
    g.ledger.transfer_all("GN", BANK)
    g.start_company("Bob", "ATSF", 100)
    g.ledger.transfer(BANK, "ATSF", 300)
    enter_zone(g, "GN", "liquidation")
    g.round = TakeoverRound()
    g.round.start(g)
    g.execute(Pass(player=g.pid("Bob"), entity="ATSF"))  # no conversion or merger (§14.1)
    prompt = UsaObserver(g).prompt(None)
    assert prompt.action == "bid for GN or pass"
    assert "not its treasury or loans (§14.2.1)" in prompt.help
    assert prompt.auction is not None
    assert prompt.auction.item == "GN" and prompt.auction.kind == "liquidation"
    assert prompt.auction.to_act == "Bob" and prompt.auction.high_bidder is None


def test_18usa_9_loans_say_their_cost_and_price_move() -> None:
    """§9: a $100 loan, interest at the rate the next loan would set, the price two spaces
    back; §12.9: repaying moves it two ahead.  The cube's number is not shown."""
    g = _game()
    g.start_company("Ann", "GN", 100)
    words = UsaObserver(g)
    take = words.describe(TakeLoan(player=g.pid("Ann"), entity="GN", loan=0))
    assert take == "GN takes a $100 loan (interest $5 a round; share price 2 spaces left)"
    repay = words.describe(PayoffLoan(player=g.pid("Ann"), entity="GN", loan=3))
    assert repay == "GN repays a $100 loan (share price 2 spaces right)"


def test_18usa_privates_and_subsidies_in_words() -> None:
    """Every private card of the deal has its text (privates.toml, the appendix's rules);
    the subsidies panel says what each subsidy gives next to its name, and the names the
    bots read ("$30", "none") are unchanged."""
    g = _game()
    words = UsaObserver(g)
    cards = words.privates()
    assert cards and all(p.ability for p in cards)
    assert next(p for p in cards if p.id == "P1").ability == "Comes with one coal token (§13.1)."
    panel = next(p for p in words.panels(None) if p.id == "subsidies")
    assert panel.columns == ("City", "Subsidy", "What it gives")
    for _, name, gives in panel.rows:
        assert "_" not in str(name) and "_" not in str(gives)
        if str(name).startswith("$"):
            assert gives == f"{name} toward the start"


def test_18usa_11_6_a_company_start_names_its_home() -> None:
    """§11.6: a bid for an unstarted company starts it; the opener then picks its home city,
    which the banner asks for and each move names with the city."""
    game = Game(TITLE, ["Ann", "Bob", "Cy"], seed=9)
    g = game.state
    g.round = g.hooks.stock_round(g)
    g.round.start(g)
    bid = next(a for a in game.legal_actions() if a.kind == "bid")
    assert game.describe(bid) == "Ann starts ATSF with a $100 bid"
    game.apply(bid)
    prompt = game.prompt()
    assert prompt.banner() == "SR 1 · Ann: choose ATSF's home city"
    assert "§11.6" in prompt.help
    homes = [game.describe(a) for a in game.legal_actions() if a.kind == "place_token"]
    assert "ATSF's home: D20 Chicago" in homes


def test_18usa_13_a_private_used_on_a_hex_is_named() -> None:
    """§13: a private's resource token placed on a hex: the card's name and the city."""
    game = Game(TITLE, ["Ann", "Bob", "Cy"], seed=9)
    use = UsePrivate(
        player=game.state.pid("Ann"), entity="GN", company="P1", hex="D20", choice="coal"
    )
    assert game.describe(use) == "GN uses P1 Lehigh Coal Mine Co. on D20 Chicago (coal)"
