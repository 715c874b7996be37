"""The kernel's promises, checked on a toy title so no real game's rules are involved."""

from __future__ import annotations

import pytest

import roundhouse
from roundhouse.core.errors import IllegalAction, InvalidSetup, MalformedAction
from roundhouse.core.rng import Rng
from tests import toy_title  # noqa: F401  (registers "Toy")


def test_new_game_validates_setup() -> None:
    with pytest.raises(InvalidSetup, match="unknown title"):
        roundhouse.new_game("Monopoly", ["a", "b"])
    with pytest.raises(InvalidSetup, match="2–3 players"):
        roundhouse.new_game("toy", ["a"])
    with pytest.raises(InvalidSetup, match="must differ"):
        roundhouse.new_game("toy", ["a", "a"])
    with pytest.raises(InvalidSetup, match="no option"):
        roundhouse.new_game("toy", ["a", "b"], options={"colour": 1})
    with pytest.raises(InvalidSetup, match="takes a int"):
        roundhouse.new_game("toy", ["a", "b"], options={"pile": "ten"})


def test_title_lookup_ignores_case_and_punctuation() -> None:
    assert roundhouse.new_game("T-O-Y", ["a", "b"]).title.id == "Toy"


def test_illegal_action_cites_rule_and_leaves_state_unchanged() -> None:
    game = roundhouse.new_game("Toy", ["a", "b"], seed=3)
    before = game.state_hash()
    with pytest.raises(IllegalAction, match=r"cannot take 4 \(Toy §1\)"):
        game.apply({"kind": "take", "player": "a", "count": 4})
    with pytest.raises(IllegalAction, match="not b's turn"):
        game.apply({"kind": "take", "player": "b", "count": 1})
    assert game.state_hash() == before
    assert game.log == ()


@pytest.mark.parametrize(
    ("doc", "message"),
    [
        ({"kind": "fly", "player": "a"}, "unknown action kind"),
        ({"kind": "take", "player": "a"}, "missing field 'count'"),
        ({"kind": "take", "player": "a", "count": "2"}, "expected a whole number"),
        ({"kind": "take", "player": "a", "count": True}, "expected a whole number"),
        ({"kind": "take", "player": "a", "count": 1, "x": 1}, "unknown field"),
        ({"kind": "take", "player": "zed", "count": 1}, "not a player"),
        ([1, 2], "must be a JSON object"),
    ],
)
def test_malformed_actions_are_refused(doc: object, message: str) -> None:
    game = roundhouse.new_game("Toy", ["a", "b"])
    with pytest.raises(MalformedAction, match=message):
        game.apply(doc)  # type: ignore[arg-type]


def test_save_load_and_undo_replay_to_the_same_hash() -> None:
    game = roundhouse.new_game("Toy", ["a", "b", "c"], seed=11, options={"pile": 30})
    hashes = [game.state_hash()]
    while not game.finished:
        game.apply(game.legal_actions()[-1])
        hashes.append(game.state_hash())
    assert game.result is not None and sum(game.result.values()) == 1
    loaded = roundhouse.load(game.to_doc())
    assert loaded.state_hash() == game.state_hash()
    for n in range(len(game.log), 0, -1):
        game.undo()
        assert game.state_hash() == hashes[n - 1]
    with pytest.raises(IllegalAction, match="the game is over"):
        loaded.apply({"kind": "take", "player": "a", "count": 1})


def test_history_view_is_independent() -> None:
    game = roundhouse.new_game("Toy", ["a", "b"], options={"pile": 200})
    for _ in range(150):
        game.apply(game.legal_actions()[0])
    past = game.at(70)
    assert len(past.log) == 70 and len(game.log) == 150
    past.apply(past.legal_actions()[0])
    assert len(game.log) == 150


def test_rng_is_the_ansi_c_lcg() -> None:
    rng = Rng(1)
    assert [rng.next() for _ in range(3)] == [1103527590, 377401575, 662824084]


def test_rng_sorted_by_draws_orders_items_by_their_draws() -> None:
    """docs/facts/18xx-games-format.md: set-up shuffles give each item one draw, sort by it."""
    rng, check = Rng(42), Rng(42)
    draws = [check.next() for _ in range(5)]
    expected = [x for _, x in sorted(zip(draws, "abcde", strict=True))]
    assert rng.sorted_by_draws(list("abcde")) == expected
    assert rng.state == check.state


def test_amount_range_accepts_every_step_of_its_span_and_nothing_else() -> None:
    """DESIGN: amounts are enumerated or given as ranges with a documented step."""
    from roundhouse.core.legal import AmountRange, LegalActions
    from tests.toy_title import Take

    span = AmountRange(Take(player="a", count=2), "count", 2, 10, 2)
    legal = LegalActions([Take(player="a", count=2)], [span])
    assert Take(player="a", count=8) in legal
    assert Take(player="a", count=7) not in legal  # off the step
    assert Take(player="a", count=12) not in legal  # past the end
    assert Take(player="b", count=4) not in legal  # another seat
    assert len(legal) == 1 and legal.ranges == (span,)
