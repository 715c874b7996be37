"""18RoyalGorge "Buying Steel from CF&I": which cube a tile lay buys when the railroad has not
named a column."""

from __future__ import annotations

import pytest

from roundhouse.core.bank import BANK
from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.actions import Bankrupt, Choose, LayTile, RunRoutes
from roundhouse.core.flow.map_steps import TrackStep
from roundhouse.core.game import Game
from roundhouse.core.rng import Rng
from roundhouse.core.tiles import Colour
from roundhouse.titles.g18royalgorge import TITLE, steel
from roundhouse.titles.g18royalgorge.data import steel_market
from roundhouse.titles.g18royalgorge.state import RoyalGorgeGame
from tests.g18royalgorge.shared import rg_state
from tests.g18royalgorge.test_random_games import steady


def new(**options: object) -> RoyalGorgeGame:
    game = Game(TITLE, ["Jim", "Derek", "Lesley"], seed=3, options=options)
    return rg_state(game.state)  # type: ignore[arg-type]


def test_18royalgorge_steel_rule_2_default_column_is_the_cheapest_even_at_0() -> None:
    """Rule 2 lets the railroad pick any column; unasked, we pick the cheapest cube.  A $0
    cube is the cheapest there is, not an empty column."""
    g = new()
    g.steel["A"] = [30]
    assert steel.quote(g, "RG", Colour.YELLOW) == ("B", 0)


def test_18royalgorge_steel_rule_2_unnamed_column_is_kept_for_the_turn() -> None:
    """Rule 2: one column of each colour per operating round, also when we picked it."""
    g = new()
    g.steel["A"] = [0]
    assert steel.buy(g, "RG", Colour.YELLOW) == 0
    assert steel.quote(g, "RG", Colour.YELLOW) == ("A", 40)


def after_a_run_with_money_for_track(
    seed: int = 3, *, column: bool = True, **options: object
) -> tuple[Game, RoyalGorgeGame, str]:
    """A railroad that has just run without passing its track step, given the money for
    track it could not pay before (as a big withheld run would give it), and with
    ``column`` a steel column it could still name."""
    game = Game(TITLE, ["Jim", "Derek", "Lesley"], seed=seed, options=options)
    g = rg_state(game.state)  # type: ignore[arg-type]
    rng = Rng(5)
    while not game.finished:
        moves = list(game.legal_actions())
        runs = [a for a in moves if isinstance(a, RunRoutes)]
        if runs and g.round.kind == "OR":
            track = next(s for s in g.round.steps if isinstance(s, TrackStep))
            trial = game.clone()
            t = rg_state(trial.state)  # type: ignore[arg-type]
            trial.apply(runs[0])
            t.ledger.transfer(BANK, runs[0].entity, 2_000)
            colours = [Colour.parse(c) for c in t.depot.phases.current.tiles]
            if (
                not track.passed
                and t.map.tile_lays(t, runs[0].entity)
                and (steel.choices(t, runs[0].entity, colours) or not column)
            ):
                trial._legal = None  # the position was edited by hand
                return trial, t, runs[0].entity
        game.apply(steady(moves, rng))
    raise AssertionError("no such position")


@pytest.mark.parametrize("compat", [False, True])
def test_18royalgorge_steel_choice_closes_with_the_track_step(compat: bool) -> None:
    """ "Buying Steel from CF&I": steel is bought for each tile laid in "1. Lay Track"; once
    the railroad has moved on (here: it has run), naming a steel column is over for the turn,
    even if money from the run would now pay for track ("Operating Rounds": the steps in
    order).  It stayed offered through the dividend and the train purchase.  18xx.games
    offers the choice inside its track step only, so ``compat_18xx_games`` is the same."""
    game, g, corp = after_a_run_with_money_for_track(compat_18xx_games=compat)
    columns = {c.name for c in steel_market().columns}
    president = game.acting[0]
    turn = g.round
    while g.round is turn and turn.entity(g) == corp:
        moves = list(game.legal_actions())
        assert not [a for a in moves if isinstance(a, Choose) and a.choice in columns]
        assert not [a for a in moves if isinstance(a, LayTile)]
        before = game.state_hash()
        with pytest.raises(IllegalAction):
            game.apply(Choose(player=president, entity=corp, choice="A"))  # type: ignore[arg-type]
        assert game.state_hash() == before
        game.apply(next((a for a in moves if not isinstance(a, Bankrupt)), moves[0]))
