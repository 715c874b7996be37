"""Every field of listed moves, in every title, set to another name of the game or to garbage:
each mutant is a listed move or is refused cleanly (issue #14).

DESIGN.md "Complete move generation": a move not in ``legal_actions()`` is rejected by
``apply``, with the state unchanged and a reason.  Positions come from seeded random games of
each registered title (with its options drawn as the fuzzer draws them); Hypothesis picks the
position, the move, the field and the value, from the garbage of
:data:`~roundhouse.harness.mutation.GARBAGE` and the names and numbers the game itself has
shown (:class:`~roundhouse.harness.mutation.Vocabulary`).
"""

from __future__ import annotations

import functools

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from roundhouse.bots.random_bot import RandomBot
from roundhouse.core.actions import Json
from roundhouse.core.flow.actions import RunRoutes
from roundhouse.core.game import Game, new_game
from roundhouse.core.rng import Rng
from roundhouse.harness.case import Case
from roundhouse.harness.invariants import FULL, Checker, CheckFailed
from roundhouse.harness.mutation import GARBAGE, Vocabulary, fields, mutant, mutants
from roundhouse.harness.roster import load_titles
from tests import toy_title  # noqa: F401  (registers "Toy")
from tests.g18royalgorge.test_bad_input import new, play_until

EVERY = 40
"""Actions between the positions kept from each game."""
LENGTH = 400
"""Actions played per game (the positions reach operating rounds and late auctions)."""

CASES = [
    Case(title=title.id, players=n, seed=seed)
    for title in load_titles()[0]
    for n in (title.players.start, title.players.stop - 1)
    for seed in (1, 2)
]


@functools.cache
def positions(case: Case) -> tuple[tuple[Game, ...], tuple[Json, ...]]:
    """Positions of one seeded random game, and every name and number it showed."""
    game = new_game(case.title, case.names, case.seed, case.options())
    bots = {p: RandomBot(case.seed * 31 + i) for i, p in enumerate(case.names)}
    words = Vocabulary()
    kept: list[Game] = []
    while not game.finished and len(game.log) < LENGTH:
        words.add_game(game)
        if len(game.log) % EVERY == 0:
            kept.append(game.clone())
        game.apply(bots[game.acting[0]].choose(game, game.acting[0]))
    return tuple(kept), tuple(words.values())


def refused_or_listed(game: Game, doc: dict[str, Json]) -> None:
    checker = Checker(game, Rng(0), FULL)
    try:
        checker.unlisted(game, doc, game.state_hash())
    except CheckFailed as exc:
        raise AssertionError(f"{game!r}: {exc}") from exc


@pytest.mark.parametrize("case", CASES, ids=str)
def test_harness_every_field_of_every_listed_move_refuses_garbage(case: Case) -> None:
    """At each kept position, each field of each listed move (the first 8) set to each
    garbage value: listed or refused cleanly."""
    kept, _ = positions(case)
    for game in kept:
        for move in list(game.legal_actions())[:8]:
            for doc in mutants(move, GARBAGE):
                refused_or_listed(game, doc)


@pytest.mark.parametrize("case", CASES, ids=str)
def test_harness_listed_moves_with_the_games_own_names_are_listed_or_refused(case: Case) -> None:
    """A field set to any other name or number the game uses (a company where a hex was
    expected, another seat, another company's train): listed or refused cleanly."""
    kept, values = positions(case)

    @settings(
        max_examples=150,
        deadline=None,
        derandomize=True,
        suppress_health_check=[HealthCheck.too_slow],
    )
    @given(st.data())
    def mutated(data: st.DataObject) -> None:
        game = data.draw(st.sampled_from(kept), label="position")
        moves = list(game.legal_actions())
        move = data.draw(st.sampled_from(moves), label="move")
        name = data.draw(st.sampled_from(fields(move)), label="field")
        value = data.draw(st.sampled_from(values), label="value")
        refused_or_listed(game, mutant(move, name, value))

    mutated()


def test_harness_a_run_the_player_names_is_no_incomplete_list() -> None:
    """Runs are the one kind the list only suggests (``open_kinds``): the route step offers
    the best run and takes any routes the map scores at the stated revenue (18RoyalGorge "3.
    Run Trains").  The same route named backwards is accepted though not listed, and the
    harness must not call that an incomplete list (the fuzzer's seed 70015, compat mode)."""
    game, _ = new()
    run = play_until(game, lambda a: isinstance(a, RunRoutes) and bool(a.routes))
    assert isinstance(run, RunRoutes)
    train, *stops = run.routes[0]
    backwards = {**run.to_json(), "routes": [[train, *reversed(stops)], *run.routes[1:]]}
    assert game.title.codec.decode(backwards) not in game.legal_actions()
    assert "run_routes" in game.legal_actions().open_kinds
    refused_or_listed(game, backwards)
    game.apply(backwards)
