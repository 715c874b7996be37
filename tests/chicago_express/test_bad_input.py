"""Chicago Express refuses names it does not have, naming the field (issue #14).

The companies are the charters' initials and the hexes the printed coordinates (Chicago
Express §7); a move naming anything else is malformed, whatever the turn's step, and leaves
the game unchanged.
"""

from __future__ import annotations

import pytest

from roundhouse.core.errors import IllegalAction, MalformedAction
from roundhouse.titles.chicago_express.actions import Bid
from tests.chicago_express.script import do, opened, to_step


@pytest.mark.parametrize(
    ("gauge", "kind", "fields", "message"),
    [
        ("auction", "start_auction", {"company": "PRR?"}, r"start_auction\.company: 'PRR\?'"),
        ("develop", "develop", {"hex": "Z99"}, r"develop\.hex: 'Z99' is no hex"),
        ("build", "choose_company", {"company": ""}, r"choose_company\.company: ''"),
    ],
)
def test_chicago_express_3_2_unknown_names_are_malformed(
    gauge: str, kind: str, fields: dict[str, object], message: str
) -> None:
    """Chicago Express §3.2: after a gauge step the player names a company or a hex; one
    the game does not have is refused as malformed."""
    game = opened(3)
    to_step(game, gauge)
    before = game.state_hash()
    with pytest.raises(MalformedAction, match=message):
        do(game, game.acting[0], kind, **fields)
    assert game.state_hash() == before


def test_chicago_express_4_1_a_real_company_in_the_wrong_place_is_illegal() -> None:
    """Chicago Express §4.1: a bid is for the share on offer; naming another real company
    is refused by the auction's rule, not as malformed."""
    game = opened(3)
    to_step(game, "auction")
    who = game.acting[0]
    do(game, who, "start_auction", company="B&O")
    bidder = game.acting[0]
    with pytest.raises(IllegalAction) as err:
        do(game, bidder, "bid", company="PRR", amount=50)
    assert not isinstance(err.value, MalformedAction)


def test_chicago_express_4_1_listed_moves_are_taken_unlisted_ones_still_checked() -> None:
    """Chicago Express trusts its listing (``apply`` takes the list's own move objects
    without asking ``check`` again), and only those: with the list just made, a bid of more
    than the bidder's cash (§4.1), or a bid built in Python with a field of the wrong type,
    is refused as before and leaves the game unchanged; an equal copy of a listed bid is
    checked in full and taken."""
    game = opened(3)
    to_step(game, "auction")
    seat = game.acting[0]
    do(game, seat, "start_auction", company="PRR")
    bidder = game.acting[0]
    legal = game.legal_actions(bidder)
    top = max(a.amount for a in legal if isinstance(a, Bid))
    assert not legal.hands_out(Bid(player=bidder, company="PRR", amount=top))  # a copy
    before = game.state_hash()
    with pytest.raises(IllegalAction, match="cannot bid") as e:
        game.apply(Bid(player=bidder, company="PRR", amount=top + 1))
    assert e.value.rule == "auction.cash"
    with pytest.raises(MalformedAction):
        game.apply(Bid(player=bidder, company="PRR", amount="5"))  # type: ignore[arg-type]
    assert game.state_hash() == before
    assert game.legal_actions(bidder) is legal  # refusals keep the list
    game.apply(Bid(player=bidder, company="PRR", amount=top))
    assert game.log[-1].to_json() == {
        "kind": "bid",
        "player": bidder,
        "company": "PRR",
        "amount": top,
    }
