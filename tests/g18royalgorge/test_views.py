"""18RoyalGorge through its typed views: what the table, market, board, trains, privates and
prompt say agree with each other and with the rules they summarise (issue #15)."""

from __future__ import annotations

import roundhouse
from tests.server.royal_gorge_turn import operating_turn


def test_18royalgorge_views_of_an_operating_turn() -> None:
    """ "Operating Round": the company to operate is the prompt's entity, laying track first;
    its president, price and stations in the table match the market and the board."""
    turn = operating_turn()
    game = roundhouse.load(turn.doc)
    prompt = game.prompt()
    assert prompt.entity == turn.company and prompt.step == "track"
    assert prompt.banner().endswith(f"{turn.company}: lay track") and prompt.help
    company = game.table().company(turn.company)
    assert company.president == turn.president and company.colour
    market = game.market()
    assert market is not None and market.prices[turn.company] == company.price
    board = game.board()
    assert board is not None
    stationed = {h.id for h in board.hexes for s in h.stops if turn.company in s.tokens}
    assert stationed == set(company.hexes) and stationed
    trains = game.trains()
    assert trains is not None
    assert {t.id for t in trains.trains if t.owner == turn.company} == set(company.trains)


def test_18royalgorge_privates_carry_their_card_text_and_owner() -> None:
    """The private asset cards show the rulebook's text, face value and income; a card
    bought in the auction shows its owner."""
    game = roundhouse.new_game("18RoyalGorge", ["Ann", "Bob", "Cy"], seed=3)
    auction = game.prompt().auction
    assert auction is not None
    item, bidder = auction.item, auction.to_act
    card = next(p for p in game.privates() if p.id == item)
    assert card.ability and card.value == auction.min_bid and card.owner is None
    moves = [a for a in game.legal_actions() if a.kind == "bid"]
    game.apply(moves[0])
    while game.prompt().auction is not None and game.prompt().auction.item == item:  # type: ignore[union-attr]
        game.apply(next(a for a in game.legal_actions() if a.kind == "pass"))
    card = next(p for p in game.privates() if p.id == item)
    assert card.owner == bidder
    assert item in game.table().player(bidder).privates


def test_18royalgorge_title_panels_steel_and_metals() -> None:
    """The steel market ("Buying Steel from CF&I") and the metals' counters are panels."""
    game = roundhouse.new_game("18RoyalGorge", ["Ann", "Bob", "Cy"], seed=3)
    panels = {p.id: p for p in game.panels()}
    assert [row[0] for row in panels["steel"].rows][:4] == ["A", "B", "C", "D"]
    assert panels["metals"].value("Treaty of Boston") == "not signed"


def test_18royalgorge_phases_say_which_train_card_starts_them() -> None:
    """ "Phase Changes": a phase card in the train deck starts its phase - Green with the
    fourth 2+, Brown with the third 4+, Silver with the second 5+ (trains.toml, from
    18xx.games) - and the roster's phases say so, not only "the first of a type"."""
    game = roundhouse.new_game("18RoyalGorge", ["Ann", "Bob", "Cy"], seed=3)
    trains = game.trains()
    assert trains is not None
    starts = [(p.name, p.on, p.on_nth) for p in trains.phases]
    assert starts == [
        ("Yellow", None, 1),
        ("Green", "2+", 4),
        ("Brown", "4+", 3),
        ("Silver", "5+", 2),
    ]
