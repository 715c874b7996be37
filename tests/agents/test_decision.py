"""Issue #22: a move as a short sequence of tokens, each step's mask exact.

Every token on offer leads to a legal move, and every legal move (the listed ones and every
amount of an ``AmountRange``) can be reached: checked by walking every token path at positions
of random games of every playable title, and on hand-made move lists.
"""

from __future__ import annotations

import dataclasses

import pytest

import roundhouse
import tests.toy_title  # noqa: F401  (registers "Toy")
from roundhouse.agents.decision import Decision
from roundhouse.agents.tokens import Names, TokenSpace, player_names
from roundhouse.bots import RandomBot
from roundhouse.core.actions import Action
from roundhouse.core.flow.actions import BuyShares, Choose
from roundhouse.core.legal import AmountRange, LegalActions
from tests.agents.playable import seatings
from tests.toy_title import Take


def reachable(space: TokenSpace, names: Names, legal: LegalActions, seat: int) -> list[Action]:
    """Every move some token path makes (walking every branch of every mask, each branch a
    copy of the decision at its fork rather than one rebuilt and replayed from the start)."""
    found: list[Action] = []

    def walk(d: Decision) -> None:
        if d.action is not None:
            found.append(d.action)
            return
        mask = d.mask()
        assert len(mask) >= 2, "a step with one token is taken by the decision itself"
        assert mask == sorted(set(mask))
        for t in mask:
            branch = d.copy()
            branch.choose(t)
            walk(branch)

    walk(Decision(space, names, legal, seat))
    return found


def test_a_copied_decision_goes_on_apart_from_its_original(
    toy: tuple[TokenSpace, Names],
) -> None:
    """``Decision.copy`` (what :func:`reachable` walks with): a token taken by the copy
    leaves the original at its step, and both reach what a decision built afresh reaches."""
    space, names = toy
    p = "player_0"
    legal = LegalActions(
        [Take(player=p, count=1)], [AmountRange(Take(player=p, count=10), "count", 10, 995, 5)]
    )
    d = Decision(space, names, legal, 0)
    d.choose(space.digit(0))
    twin = d.copy()
    twin.choose(space.digit(1))
    assert d.number_so_far() == (0, 2) and twin.number_so_far() == (10, 1)
    assert twin.choose(space.digit(5)) == Take(player=p, count=15) and d.action is None
    assert d.choose(space.digit(2)) is None and d.choose(space.digit(0)) == Take(player=p, count=20)
    assert twin.picked == [space.digit(0), space.digit(1), space.digit(5)]


def expected(legal: LegalActions) -> set[Action]:
    out = set(legal)
    for r in legal.ranges:
        for value in range(r.low, r.high + 1, r.step):
            out.add(dataclasses.replace(r.template, **{r.field: value}))
    return out


@pytest.mark.parametrize(("title", "players"), seatings())
def test_every_token_path_is_a_legal_move_and_every_move_has_one(title: str, players: int) -> None:
    """At positions of random games, the moves reachable by tokens are exactly the legal ones."""
    space = TokenSpace.of(title, players)
    positions = 0
    for seed in range(2):
        game = roundhouse.new_game(title, player_names(players), seed=seed)
        names = Names(space, game)
        bot = RandomBot(seed)
        while not game.finished and len(game.log) < 400:
            player = game.acting[0]
            legal = game.legal_actions(player)
            if len(game.log) % 3 == 0:
                seat = game.players.index(player)
                found = reachable(space, names, legal, seat)
                assert set(found) == expected(legal)
                positions += 1
            game.apply(bot.choose(game, player))
    assert positions > 20


@pytest.fixture
def toy() -> tuple[TokenSpace, Names]:
    space = TokenSpace.of("Toy", 3)
    return space, Names(space, roundhouse.new_game("Toy", player_names(3), seed=1))


def test_amount_ranges_are_chosen_digit_by_digit(toy: tuple[TokenSpace, Names]) -> None:
    """A span of amounts (step 5) next to listed ones: every amount reachable, digits masked."""
    space, names = toy
    p = "player_0"
    legal = LegalActions(
        [Take(player=p, count=1), Take(player=p, count=2)],
        [AmountRange(Take(player=p, count=10), "count", 10, 995, 5)],
    )
    assert set(reachable(space, names, legal, 0)) == expected(legal)
    d = Decision(space, names, legal, 0)
    assert d.field == "count" and d.number_so_far() == (0, 3)
    d.choose(space.digit(0))
    d.choose(space.digit(1))
    assert d.mask() == [space.digit(0), space.digit(5)]
    assert d.choose(space.digit(5)) == Take(player=p, count=15)
    d = Decision(space, names, legal, 0)
    d.choose(space.digit(0))
    d.choose(space.digit(0))
    assert d.mask() == [space.digit(1), space.digit(2)]


def test_min_and_max_take_the_extremes(toy: tuple[TokenSpace, Names]) -> None:
    space, names = toy
    p = "player_0"
    legal = LegalActions([Take(player=p, count=n) for n in (3, 7, 12)])
    assert Decision(space, names, legal, 0).choose(space.min_token) == Take(player=p, count=3)
    assert Decision(space, names, legal, 0).choose(space.max_token) == Take(player=p, count=12)


def test_a_token_off_the_mask_is_refused(toy: tuple[TokenSpace, Names]) -> None:
    space, names = toy
    legal = LegalActions([Take(player="player_0", count=n) for n in (1, 2)])
    d = Decision(space, names, legal, 0)
    with pytest.raises(ValueError, match="not legal"):
        d.choose(space.digit(9))
    assert d.action is None and d.mask() == sorted(
        [space.digit(1), space.digit(2), *_bounds(space)]
    )


def _bounds(space: TokenSpace) -> list[int]:
    return [space.min_token, space.max_token]


def test_a_forced_move_needs_no_token(toy: tuple[TokenSpace, Names]) -> None:
    space, names = toy
    d = Decision(space, names, LegalActions([Take(player="player_0", count=1)]), 0)
    assert d.action == Take(player="player_0", count=1) and d.mask() == []


@pytest.fixture
def gorge() -> tuple[TokenSpace, Names]:
    space = TokenSpace.of("18RoyalGorge", 3)
    return space, Names(space, roundhouse.new_game("18RoyalGorge", player_names(3), seed=0))


def test_unnamed_values_past_32_take_two_option_tokens(gorge: tuple[TokenSpace, Names]) -> None:
    """Forty choices no segment names: two base-32 ordinal tokens, all reachable."""
    space, names = gorge
    legal = LegalActions(
        [Choose(player="player_0", entity="player_0", choice=f"c{i:02}") for i in range(40)]
    )
    found = reachable(space, names, legal, 0)
    assert set(found) == set(legal) and len(found) == 40
    d = Decision(space, names, legal, 0)
    assert d.mask() == [space.option(0), space.option(1)]


def test_shares_are_named_by_company_then_told_apart(gorge: tuple[TokenSpace, Names]) -> None:
    """``SF_1`` and ``SF_2`` both name company SF (the stem); an ordinal tells them apart."""
    space, names = gorge
    company = names.companies[1]
    legal = LegalActions(
        [
            BuyShares(player="player_0", entity="player_0", shares=(f"{company}_{i}",))
            for i in (1, 2)
        ]
        + [BuyShares(player="player_0", entity="player_0", shares=(f"{names.companies[0]}_1",))]
    )
    d = Decision(space, names, legal, 0)
    by_company = space.segments["company"]
    assert d.mask() == [by_company.token(0), by_company.token(1)]
    d.choose(by_company.token(1))
    assert d.mask() == [space.option(0), space.option(1)]
    assert d.choose(space.option(1)) == legal[1]


def test_seats_are_counted_from_the_chooser(gorge: tuple[TokenSpace, Names]) -> None:
    space, names = gorge
    seat = space.segments["seat"]
    assert names.token("player_2", "entity", chooser=2) == seat.token(0)
    assert names.token("player_0", "entity", chooser=2) == seat.token(1)
