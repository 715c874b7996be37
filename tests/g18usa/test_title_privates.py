"""18USA's private companies played through the title: dealt by §2.3, sold in §10's auction,
put into a company at its start (§11.6), their abilities used in its operating turn (§7.1,
appendix; the abilities themselves are tested on their own in test_privates_*.py).

Seed 1 with three players deals P1 P2 P3 P4 P6 P9 P11 P13 P14 P15 P20 P23 P25 P26 P29; C3 and
D6 have the "No subsidy" tile; D6 lies next to the coal icon of D8 (a $15 mountain)."""

from __future__ import annotations

import pytest

from roundhouse.core.game import Game
from roundhouse.core.trains import SCRAPPED
from roundhouse.titles.g18usa import TITLE, private_specs
from roundhouse.titles.g18usa.private_abilities import ResourceTokens
from roundhouse.titles.g18usa.private_rounds import UsaTakeoverRound
from roundhouse.titles.g18usa.tile_actions import plan
from roundhouse.titles.g18usa.train_privates import Rusting
from tests.g18usa.cards import Card
from tests.g18usa.playing import act, usa

DEALT = ["P1", "P2", "P3", "P4", "P6", "P9", "P11", "P13", "P14", "P15", "P20", "P23", "P25"]


def started_with(private: str, home: str, *, bid: int) -> Game:
    """Ann buys ``private`` for its opening bid in §10's auction, everyone passes to the stock
    round, and Ann starts ATSF for $100 in ``home``, putting the private in (§11.6)."""
    game = Game(TITLE, ["Ann", "Bob", "Cy"], seed=1)
    act(game, "bid", "Ann", company=private, price=bid)
    act(game, "pass", "Bob")
    act(game, "pass", "Cy")
    for p in ("Bob", "Cy", "Ann"):
        act(game, "pass", p)
    assert usa(game).round.kind == "SR"
    act(game, "pass", "Bob")
    act(game, "pass", "Cy")
    act(game, "bid", "Ann", company="ATSF", price=100)
    act(game, "place_token", "Ann", hex=home, city="c")
    act(game, "pass", "Bob")
    act(game, "pass", "Cy")
    act(game, "choose", "Ann", choice=private, company=private)
    return game


def test_18usa_2_3_the_title_deals_the_real_privates_and_10_auctions_them() -> None:
    """§2.3: P1-P4 always; the cards dealt carry their abilities; §10: the game opens with
    their auction, P14 from $5, the others from half their face value."""
    game = Game(TITLE, ["Ann", "Bob", "Cy"], seed=1)
    g = usa(game)
    assert g.round.kind == "Auction"
    assert set(DEALT) <= set(g.privates) and len(g.privates) == 15
    assert g.privates["P1"].spec.abilities and isinstance(
        g.privates["P1"].spec.abilities[0], ResourceTokens
    )
    bids = {(a.company, a.price) for a in game.legal_actions() if a.kind == "bid"}
    assert ("P14", 5) in bids and ("P14", 0) not in bids
    assert ("P1", 15) in bids and ("P1", 10) not in bids


def test_18usa_7_1_a_private_paying_revenue_is_no_18usa_card() -> None:
    """§7.1: privates "confer a special ability"; none pays revenue, so such a card is a data
    error, not a rule left unwritten."""
    with pytest.raises(ValueError, match=r"§7\.1"):
        private_specs([Card("P1", "Private 1", 30, revenue=5)], ["P1"])


def test_18usa_p29_gives_a_2_train_in_a_no_subsidy_city() -> None:
    """Appendix "Subsidy Tiles", No subsidy: "The P29 Bankrupt Railroad private receives a
    2-train if it is used to start a new company in one of these cities" (C3); P29 closes."""
    game = started_with("P29", "C3", bid=60)
    g = usa(game)
    assert g.privates["P29"].closed
    assert [t.type for t in g.depot.owned_by("ATSF")] == ["2"]


def test_18usa_13_1_p1_coal_token_with_the_turns_last_yellow_lay() -> None:
    """§13.1 through the operating turn: ATSF (home D6, with P1) lays toward D8, then lays
    the coal hex D8 itself ($15 mountain and §12.2's $20 for the second action); although
    that was its last tile action, the turn still offers P1's coal token there, which
    refunds the $15 and closes P1 (used up)."""
    game = started_with("P1", "D6", bid=15)
    g = usa(game)
    for p in ("Bob", "Cy", "Ann"):
        act(game, "pass", p)
    assert g.round.kind == "OR" and g.privates["P1"].owner == "ATSF"
    board = g.map.board

    def toward(hex_name: str, target: str) -> object:
        edge = next(e for e, n in board.grid.neighbours(hex_name).items() if n == target)
        return next(
            a
            for a in game.legal_actions()
            if a.kind == "lay_tile"
            and a.hex == hex_name
            and edge in board.tiles[a.tile].exits(a.rotation)
        )

    game.apply(toward("D6", "D8"))
    cash = g.ledger.cash("ATSF")
    game.apply(toward("D8", "D6"))
    assert g.ledger.cash("ATSF") == cash - 15 - 20
    tokens = [a for a in game.legal_actions() if a.kind == "use_private"]
    assert [(a.company, a.hex, a.choice) for a in tokens] == [("P1", "D8", "coal")]
    assert any(a.kind == "pass" for a in game.legal_actions())
    game.apply(tokens[0])
    assert board["D8"].markers == ["coal"] and g.ledger.cash("ATSF") == cash - 20
    assert g.privates["P1"].closed


def test_18usa_p15_one_extra_loan_at_5() -> None:
    """P15 Western Land Grant (18xx.games): "one extra loan at a fixed $5 per round interest
    rate" - §9's limit (one per share) plus one, and that loan's interest is $5."""
    game = started_with("P15", "C3", bid=30)
    g = usa(game)
    assert g.extra_loans("ATSF") == 1
    assert g.interest("ATSF", 20, 3) == 20 * 2 + 5
    assert g.interest("Ann", 20, 3) == 60


def test_18usa_p11_two_upgrades_in_the_track_step() -> None:
    """P11 (18xx.games): "The corporation may upgrade two track tiles when paying $20 to
    perform two track operations" - the board map lets its owner's second tile action be an
    upgrade too (§12.2 allows one)."""
    game = started_with("P11", "C3", bid=20)
    g = usa(game)
    assert plan(g, "ATSF").upgrades == 2 and plan(g, "ATSF").actions == 2
    assert g.hooks.track_lays(g, "ATSF") == 2
    board = g.map
    board.laid, board.upgraded, board.turn = ["C5"], ["C5"], (g.set_count, g.or_in_set, "ATSF")
    assert board.allowance(g, "ATSF").upgrade_colours
    g.privates["P11"].owner = None  # without P11, one upgrade was all
    assert not board.allowance(g, "ATSF").upgrade_colours


def test_18usa_p13_a_rust_at_a_rounds_end_is_asked_by_the_next_round() -> None:
    """P13 (18xx.games): "Discard when the first 4, 6, or 8-train is purchased or exported to
    prevent one train from rusting" - an export at the end of an operating round (§12.10)
    is answered at the start of the next round."""
    game = started_with("P13", "C3", bid=30)
    g = usa(game)
    train = g.depot.available()[0]
    g.ledger.transfer("Ann", "ATSF", 100)
    g.depot.buy("ATSF", train.id, g.ledger)
    g.depot.train(train.id).owner = SCRAPPED  # as the first 4-train's rust leaves it
    g.boneyard_pending = Rusting("ATSF", (train.id,))
    g.round = UsaTakeoverRound()
    g.round.start(g)
    choices = game.legal_actions()
    assert {a.kind for a in choices} == {"choose", "pass"}
    assert [a.choice for a in choices if a.kind == "choose"] == [train.id]
    game.apply(next(a for a in choices if a.kind == "choose"))
    assert g.depot.train(train.id).owner == "ATSF" and g.depot.train(train.id).obsolete
    assert g.privates["P13"].closed and g.boneyard_pending is None
