"""Malformed fields are refused in one place, whatever the title (issue #14).

DESIGN.md "The public API": ``apply`` raises ``IllegalAction`` and changes nothing for a move
that is not legal; STYLE.md "Errors say why": ``MalformedAction`` when the move cannot even be
read.  A name the game does not have (a company, hex, tile, train, share), a number out of its
range (a rotation of 1,000,006) or a value of the wrong type is refused before any rule looks
at it, and the message names the field.
"""

from __future__ import annotations

import dataclasses

import pytest

from roundhouse.core.errors import IllegalAction, MalformedAction
from roundhouse.core.flow.actions import BuyTrain, LayTile, Par
from roundhouse.core.flow.train_step import BuyTrainStep
from roundhouse.core.game import Game
from roundhouse.core.ids import PlayerId
from tests.core.flow.synthetic import DATA, act, engine, make_title
from tests.g18usa.test_pullman import two_companies_with_cars

NO_PRIVATES = dataclasses.replace(DATA, privates=())
ANN = PlayerId("Ann")


def sr_game() -> Game:
    return Game(make_title(data=NO_PRIVATES), ["Ann", "Bob"], seed=0)


def test_core_a_rotation_is_one_of_six_sides() -> None:
    """A tile has six rotations, 0-5: 1,000,006 is no rotation, however it is given (the
    18xx.games tile rotation; the fuzzer's ``lay_tile`` with ``rotation: 1000006``)."""
    game = sr_game()
    codec = game.title.codec
    lay = {"kind": "lay_tile", "player": "Ann", "entity": "AA", "hex": "E11", "tile": "57"}
    with pytest.raises(MalformedAction, match=r"lay_tile\.rotation: 1000006 is out of range"):
        codec.decode({**lay, "rotation": 1_000_006})
    with pytest.raises(MalformedAction, match=r"lay_tile\.rotation: -1 is out of range"):
        codec.decode({**lay, "rotation": -1})
    built = LayTile(player=ANN, entity="AA", hex="E11", tile="57", rotation=6)
    with pytest.raises(MalformedAction, match=r"lay_tile\.rotation: 6 is out of range \(0 to 5\)"):
        codec.decode(built)
    assert codec.decode({**lay, "rotation": 5}) == dataclasses.replace(built, rotation=5)


def test_core_an_action_built_in_python_is_checked_like_json() -> None:
    """An action passed as an object gets the same field checks as its JSON form."""
    game = sr_game()
    before = game.state_hash()
    wrong_type = Par(player=ANN, entity="Ann", corporation="AA", share_price="60")  # type: ignore[arg-type]
    with pytest.raises(MalformedAction, match=r"par\.share_price: expected a whole number"):
        game.apply(wrong_type)
    listed = BuyTrain(player=ANN, entity="AA", train="2-0", price=80)
    as_list = dataclasses.replace(listed, train=["2-0"])  # type: ignore[arg-type]
    with pytest.raises(MalformedAction, match=r"buy_train\.train: expected text"):
        game.apply(as_list)
    assert game.state_hash() == before


@pytest.mark.parametrize(
    ("doc", "message"),
    [
        (
            {"kind": "par", "entity": "Ann", "corporation": "ZZ", "share_price": 60},
            r"par\.corporation: 'ZZ' is no corporation of this game",
        ),
        (
            {"kind": "buy_shares", "entity": "Ann", "shares": ["AA_1", "ZZ_1"]},
            r"buy_shares\.shares: 'ZZ_1' is no share of this game",
        ),
        (
            {"kind": "sell_shares", "entity": "Ann", "corporation": "AA", "count": 0},
            r"sell_shares\.count: 0 is out of range \(at least 1\)",
        ),
        (
            {"kind": "bid", "entity": "Ann", "company": "P9", "price": 20},
            r"bid\.company: 'P9' is no company of this game",
        ),
        (
            {"kind": "pass", "entity": "Nobody"},
            r"pass\.entity: 'Nobody' is no entity of this game",
        ),
        (
            {"kind": "par", "entity": "Ann", "corporation": "AA", "share_price": -60},
            r"par\.share_price: -60 is out of range \(at least 0\)",
        ),
    ],
)
def test_core_unknown_names_and_numbers_are_malformed(doc: dict[str, object], message: str) -> None:
    """A name the game does not have, or a count or price out of range, is refused as
    malformed, naming the field, and the game is unchanged."""
    game = sr_game()
    before = game.state_hash()
    with pytest.raises(MalformedAction, match=message):
        game.apply({"player": "Ann", **doc})
    assert game.state_hash() == before
    assert game.legal_actions()  # still Ann's turn, nothing used up


def test_core_a_known_name_in_the_wrong_place_is_illegal_not_a_crash() -> None:
    """Starting a company that has already started names a real company: the stock round
    refuses it with its rule (18RoyalGorge "Starting a company")."""
    game = sr_game()
    act(game, "par", "Ann", corporation="AA", share_price=60)
    with pytest.raises(IllegalAction) as err:
        act(game, "par", "Bob", corporation="AA", share_price=60)
    assert err.value.rule == "sr.already_started"


def test_core_buy_train_between_companies_has_no_side_to_choose() -> None:
    """A train bought from another company changes hands as it is (18RoyalGorge "Buy from
    Another Company"): a purchase naming a side ("variant") is refused, not taken."""
    g = two_companies_with_cars()
    step = BuyTrainStep()
    plain = BuyTrain(player=ANN, entity="CC", train="3-1", price=10)
    step.check(g, "CC", plain)
    with pytest.raises(IllegalAction, match="no side to choose"):
        step.check(g, "CC", dataclasses.replace(plain, variant="?"))


def test_core_the_empty_default_names_nothing_and_is_allowed() -> None:
    """A name field left at its default ("" for no card) needs no such name in the game."""
    game = sr_game()
    codec = game.title.codec
    e = engine(game)
    assert e.knows("private", "") is False
    action = codec.decode({"kind": "pass", "player": "Ann", "entity": "Ann"})
    codec.check_known(action, e.knows)
