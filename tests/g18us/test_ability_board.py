"""Card powers on the board (tests/core/board_fixture's small map, with a city added in A7),
with 18US's card steps (CardHooks) and board (CardBoardMap): the extra tile lay (18US
§10.1.3) and the bonus token hex."""

from __future__ import annotations

import dataclasses

import pytest

from roundhouse.core.ability import Closes, Who
from roundhouse.core.actions import Action
from roundhouse.core.board_format import load_board
from roundhouse.core.engine18xx import Engine
from roundhouse.core.entities import CorporationSpec, PrivateSpec
from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.actions import LayTile, Pass
from roundhouse.core.ids import PlayerId
from roundhouse.core.rng import Rng
from roundhouse.core.routes.kinds import n_train
from roundhouse.core.tables.tiles import standard_tiles
from roundhouse.titles.g18us.ability import BonusToken, ExtraTileLay
from roundhouse.titles.g18us.card_board import CardBoardMap
from roundhouse.titles.g18us.hooks import CardHooks
from tests.core.board_fixture import DOC
from tests.core.flow.synthetic import CONFIG, DATA

HEXES = dict(DOC["hexes"])  # type: ignore[call-overload]
del HEXES["A1 A5 A7 B2 C1 C3 C7"]
HEXES["A1 A5 B2 C1 C3 C7"] = {}
HEXES["A7"] = {"code": "city c revenue=10"}
BOARD_DOC = {**DOC, "hexes": HEXES}

CORPS = (
    CorporationSpec(id="PRR", tokens=(0, 40), home=("A3", "c")),
    CorporationSpec(id="NYC", tokens=(0, 40), home=("C5", "c")),
)

ENGINEERS = PrivateSpec(
    id="ACE",
    value=50,
    abilities=(
        ExtraTileLay(hexes=frozenset({"B4"}), uses=1, who=Who.PRESIDED_COMPANY),
        Closes(after_use=True),
    ),
)
"""18US §10.1.3: the Army Corps of Engineers lets a company its owner presides "place a
single extra yellow tile at no extra cost"; placing it closes the card (the hex limit is this
test's, so that the lay is easy to find)."""

ANN = PlayerId("Ann")


def operating(card: PrivateSpec, owner: str) -> Engine:
    """PRR (Ann) starts at $65 with $200 more in its treasury, owns or is presided by the
    owner of ``card``, and begins its operating turn."""
    tiles = standard_tiles().select(
        {"7": 2, "8": 2, "9": None, "5": 1, "6": 1, "57": 2, "80": 1, "81": 1, "14": 1, "15": 1}
    )
    board = CardBoardMap(
        load_board(BOARD_DOC, source="fixture", tiles=tiles),
        kinds={"2": n_train(2), "3": n_train(3), "4": n_train(4)},
    )
    data = dataclasses.replace(DATA, corporations=CORPS, privates=(card,))
    g = Engine(
        (ANN, PlayerId("Bob")), Rng(1), data=data, config=CONFIG, hooks=CardHooks(), board=board
    )
    g.start_company("Ann", "PRR", 65)
    g.ledger.transfer("Ann", "PRR", 200)
    g.privates[card.id].owner = owner
    g.round = g.hooks.operating_round(g)
    g.round.start(g)
    assert g.round.entity(g) == "PRR"
    return g


def play(g: Engine, action: Action) -> None:
    g.check(action)
    g.execute(action)


def test_18us_10_1_3_extra_tile_is_free_and_closes_the_card() -> None:
    """The president's card gives PRR a second lay in B4 at no cost (the ridge costs $20
    otherwise); using it closes the card, and the company's own lay is still there."""
    g = operating(ENGINEERS, "Ann")
    extra = [a for a in g.legal_actions() if isinstance(a, LayTile) and a.entity == "ACE"]
    own = [a for a in g.legal_actions() if isinstance(a, LayTile) and a.entity == "PRR"]
    assert {(a.hex, a.tile, a.rotation) for a in extra} == {
        (a.hex, a.tile, a.rotation) for a in own
    }
    cash = g.ledger.cash("PRR")
    play(g, LayTile(player=ANN, entity="ACE", hex="B4", tile="8", rotation=2))
    assert g.ledger.cash("PRR") == cash
    assert g.privates["ACE"].closed
    assert not [a for a in g.legal_actions() if isinstance(a, LayTile) and a.entity == "ACE"]
    assert any(isinstance(a, LayTile) and a.entity == "PRR" for a in g.legal_actions())


def test_18us_10_1_3_extra_lay_only_for_a_company_its_owner_presides() -> None:
    g = operating(ENGINEERS, "Bob")
    assert not [a for a in g.legal_actions() if isinstance(a, LayTile) and a.entity == "ACE"]
    with pytest.raises(IllegalAction):
        play(g, LayTile(player=ANN, entity="ACE", hex="B4", tile="8", rotation=2))


def test_extra_lay_ends_with_the_track_step() -> None:
    """The card's lay belongs to the tile placement step: once PRR passes it, it is gone."""
    g = operating(ENGINEERS, "Ann")
    play(g, Pass(player=ANN, entity="PRR"))
    assert not [a for a in g.legal_actions() if isinstance(a, LayTile)]
    assert not g.privates["ACE"].closed


def test_extra_lay_per_round_limit_and_paid_terrain() -> None:
    """A card with a discount pays the rest of the terrain (the $20 ridge less $10), and a
    per-round limit of one stops a second use in the same round."""
    card = PrivateSpec(
        id="XL",
        value=20,
        abilities=(ExtraTileLay(discount=10, per_round=1, count=2),),
    )
    g = operating(card, "PRR")
    costs = {
        (a.hex, a.tile, a.rotation)
        for a in g.legal_actions()
        if isinstance(a, LayTile) and a.entity == "XL"
    }
    assert ("B4", "8", 2) in costs
    cash = g.ledger.cash("PRR")
    play(g, LayTile(player=ANN, entity="XL", hex="B4", tile="8", rotation=2))
    assert g.ledger.cash("PRR") == cash - 10
    assert not [a for a in g.legal_actions() if isinstance(a, LayTile) and a.entity == "XL"]
    assert not g.privates["XL"].closed


def test_bonus_token_opens_a_hex_off_the_company_routes() -> None:
    """A BonusToken card owned by the company offers its hexes for a station even where the
    company has no route (18US §10.1.1's bonus tokens are placed "need have no connection"),
    at the card's price."""
    card = PrivateSpec(id="BT", value=20, abilities=(BonusToken(hexes=frozenset({"A7"}), price=5),))
    plain = operating(card, "Ann")
    helped = operating(card, "PRR")
    assert all(t.hex != "A7" for t in plain.map.token_placements(plain, "PRR"))
    spots = {(t.hex, t.city, t.cost) for t in helped.map.token_placements(helped, "PRR")}
    assert ("A7", "c", 5) in spots
