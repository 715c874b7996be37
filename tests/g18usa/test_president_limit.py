"""18USA §17 "No 60% President Share Limit": with the variant a president may buy past §11.4's
limit (3 of a 5-share company), and once they hold more than it and no share is left in the
treasury or the open market, the other players may buy from them at the price plus 10%,
rounded up."""

from __future__ import annotations

import pytest

from roundhouse.core.errors import IllegalAction
from roundhouse.core.game import Game
from tests.g18usa.cards import NO_PRIVATES_TITLE as TITLE
from tests.g18usa.test_title_play import _start_atsf, act, usa


def _five_share_opening(variant: bool) -> Game:
    """Seed 1, Phase 3: Ann starts ATSF as a 5-share company for $100 in Boise (B8, share
    price $50); Bob and Cy pass, so it is Ann's turn again in the same stock round."""
    game = Game(TITLE, ["Ann", "Bob", "Cy"], seed=1, options={"no_president_limit": variant})
    usa(game).depot.phases.advance_to("3")
    _start_atsf(game, 100, "B8", size="5")
    act(game, "pass", "Bob")
    act(game, "pass", "Cy")
    return game


def _buys(game: Game, player: str) -> set[str]:
    return {
        a.shares[0]
        for a in game.legal_actions()
        if a.kind == "buy_shares" and a.entity == player and a.player == player
    }


def _ann_buys_the_treasury(game: Game, shares: int) -> None:
    for _ in range(shares):
        act(game, "buy_shares", "Ann", shares=[min(_buys(game, "Ann"))])
        act(game, "pass", "Bob")
        act(game, "pass", "Cy")


def test_18usa_11_4_without_the_variant_a_president_stops_at_60_percent() -> None:
    """§11.4: three shares of a 5-share company at most, the president too."""
    game = _five_share_opening(variant=False)
    g = usa(game)
    assert g.books["ATSF"].size == 5 and g.share_price("ATSF") == 50
    _ann_buys_the_treasury(game, 1)
    assert g.books["ATSF"].shares_of("Ann") == 3 and not _buys(game, "Ann")
    with pytest.raises(IllegalAction) as refused:
        act(game, "buy_shares", "Ann", shares=["ATSF_2"])
    assert refused.value.rule == "shares.holding_limit"


def test_18usa_17_president_buys_past_60_percent_then_sells_at_price_plus_10() -> None:
    """§17: Ann buys all five shares of ATSF.  While one share was still in the treasury Bob
    could only buy that one; now Bob and then Cy each buy one of Ann's for $55 ($50 + 10%),
    paid to Ann; at three shares (60%) she is no longer over the limit and sells no more."""
    game = _five_share_opening(variant=True)
    g = usa(game)
    _ann_buys_the_treasury(game, 2)
    book = g.books["ATSF"]
    assert book.shares_of("Ann") == 4 and book.shares_of("ATSF") == 1
    act(game, "buy_shares", "Ann", shares=[min(_buys(game, "Ann"))])
    assert book.shares_of("Ann") == 5
    offered = _buys(game, "Bob") & {c.id for c in book.certs_of("Ann")}
    assert len(offered) == 1
    ann, bob = g.ledger.cash("Ann"), g.ledger.cash("Bob")
    act(game, "buy_shares", "Bob", shares=sorted(offered))
    assert book.shares_of("Bob") == 1 and book.shares_of("Ann") == 4
    assert g.ledger.cash("Bob") == bob - 55 and g.ledger.cash("Ann") == ann + 55
    assert book.president == "Ann"
    cy_offer = _buys(game, "Cy") & {c.id for c in book.certs_of("Ann")}
    act(game, "buy_shares", "Cy", shares=sorted(cy_offer))
    assert book.shares_of("Ann") == 3
    act(game, "pass", "Ann")
    assert not _buys(game, "Bob") & {c.id for c in book.certs_of("Ann")}


def test_18usa_17_no_purchase_from_the_president_while_another_share_is_for_sale() -> None:
    """§17: "... and there are no other shares of the company otherwise available": with
    Ann at four of five and one share in ATSF's treasury, Bob is offered the treasury's
    share only, and buying one of Ann's is refused with the reason."""
    game = _five_share_opening(variant=True)
    g = usa(game)
    _ann_buys_the_treasury(game, 1)
    act(game, "buy_shares", "Ann", shares=[min(_buys(game, "Ann"))])
    book = g.books["ATSF"]
    assert book.shares_of("Ann") == 4 and book.shares_of("ATSF") == 1
    ann_certs = {c.id for c in book.certs_of("Ann") if not c.president}
    assert _buys(game, "Bob") == {c.id for c in book.certs_of("ATSF")}
    before = game.state_hash()
    with pytest.raises(IllegalAction) as refused:
        act(game, "buy_shares", "Bob", shares=[min(ann_certs)])
    assert refused.value.rule == "shares.from_president"
    assert game.state_hash() == before
