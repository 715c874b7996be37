"""18USA §14.1.3, the share round after a conversion or merger: "the president of the new
company may purchase any number of shares from the company treasury ... Next, each player
in clockwise order starting from the president's left, may buy one share from the
company's treasury, or sell any number of shares".  18xx.games lets a player whom their
purchase makes the president go on buying as the president does
(``G1817::Step::PostConversion#process_buy_shares`` ends a buyer's turn only when they are
not the president after it), under ``compat_18xx_games``
(``TakeoverRules.new_president_buys_on``; docs/rules-notes.md).

Ann's ATSF and Bob's GN, 5-share companies, merge into 10-share ATSF (§14.1.2), two shares
each: Ann, the initiator's president, keeps the presidency on the tie and passes; Bob's
purchase gives him three shares and the presidency."""

from __future__ import annotations

from roundhouse.core.actions import Action
from roundhouse.core.flow.actions import BuyShares, Pass
from roundhouse.core.ids import PlayerId
from roundhouse.titles.g18usa.family1817.actions import Merge
from roundhouse.titles.g18usa.family1817.takeover_round import TakeoverRound
from roundhouse.titles.g18usa.state import UsaGame
from tests.g18usa.playing import load_position, two_converted, usa

ANN, BOB, CY = PlayerId("Ann"), PlayerId("Bob"), PlayerId("Cy")


def act(g: UsaGame, action: Action) -> None:
    g.check(action)
    g.execute(action)


def _bob_bought_the_presidency(*, compat: bool) -> UsaGame:
    """The module's merger, Ann's pass and Bob's purchase of ATSF_1."""
    g = two_converted(compat=compat)
    g.round = TakeoverRound()
    g.round.start(g)
    act(g, Merge(player=ANN, entity="ATSF", corporation="GN"))
    assert g.books["ATSF"].president == "Ann"
    act(g, Pass(player=ANN, entity="Ann"))
    act(g, BuyShares(player=BOB, entity="Bob", shares=("ATSF_1",)))
    assert g.books["ATSF"].shares_of("Bob") == 3
    assert g.books["ATSF"].president == "Bob"
    return g


def test_18usa_14_1_3_a_player_after_the_president_buys_one_share() -> None:
    """Bob bought his one share; Cy, next clockwise, is asked."""
    g = _bob_bought_the_presidency(compat=False)
    assert g.round.entity(g) == "Cy"
    assert BuyShares(player=CY, entity="Cy", shares=("ATSF_2",)) in g.legal_actions()


def test_compat_a_player_made_president_by_a_purchase_goes_on_buying() -> None:
    """Bob is the president now, so the site asks him again: another share or a pass."""
    g = _bob_bought_the_presidency(compat=True)
    assert g.round.entity(g) == "Bob"
    assert g.legal_actions() == [
        BuyShares(player=BOB, entity="Bob", shares=("ATSF_2",)),
        Pass(player=BOB, entity="Bob"),
    ]
    act(g, Pass(player=BOB, entity="Bob"))
    assert g.round.entity(g) == "Cy"


def test_compat_the_differentials_new_president_is_asked_again() -> None:
    """Found by the export differential, issue #17: random bots, 2 players, seed 12030
    (the position is its first 176 moves).  P1's SR merged with P2's UP, two shares each;
    P1 passed and P2 bought SR_1, becoming the president: the site asked P2 again and
    refused the pass of SR's loan step written next."""
    game = load_position("presidency-bought-after-a-merger-2p.json")
    assert len(game.log) == 176 and str(game.log[-1]) == "P2 buys SR_1"
    assert usa(game).books["SR"].president == "P2"
    assert game.prompt().entity == "P2"
    p2 = game.log[-1].player
    assert list(game.legal_actions()) == [
        BuyShares(player=p2, entity="P2", shares=("SR_2",)),
        Pass(player=p2, entity="P2"),
    ]
