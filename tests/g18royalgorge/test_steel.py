"""18RoyalGorge "Buying Steel from CF&I": which cube a tile lay buys when the railroad has not
named a column."""

from __future__ import annotations

from roundhouse.core.game import Game
from roundhouse.core.tiles import Colour
from roundhouse.titles.g18royalgorge import TITLE, steel
from roundhouse.titles.g18royalgorge.state import RoyalGorgeGame, rg_game


def new(**options: object) -> RoyalGorgeGame:
    game = Game(TITLE, ["Jim", "Derek", "Lesley"], seed=3, options=options)
    return rg_game(game.state)  # type: ignore[arg-type]


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
