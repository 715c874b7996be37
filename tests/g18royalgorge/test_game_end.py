"""18RoyalGorge "Triggering End of Game": which end, and why, when two triggers meet.

"Ending 2: Stock Value Cap. If a company's stock marker reaches the red spaces of the stock
market, players will finish the current set of operating rounds and then total their scores.
This applies even if the game end was previously triggered by the purchase or export of a
train."  So after the Game End card (Ending 3) a railroad reaching the red cells names the end
``stock_market``, also when both give the same last set (18xx.games: its timing ``full_or``
outranks the train's ``one_more_full_or_set``).
"""

from __future__ import annotations

import pytest

from roundhouse.core.game import Game
from roundhouse.core.market import Direction
from roundhouse.core.rng import Rng
from roundhouse.titles.g18royalgorge import TITLE, deck
from roundhouse.titles.g18royalgorge.state import RoyalGorgeGame
from tests.g18royalgorge.shared import rg_state
from tests.g18royalgorge.test_random_games import steady


def at_round(kind: str, **options: object) -> tuple[Game, RoyalGorgeGame]:
    """The first round of ``kind`` ("OR", or "SR" after an operating round) of a seeded game."""
    game = Game(TITLE, ["Ann", "Bob", "Cy"], seed=40, options=options)
    g = rg_state(game.state)  # type: ignore[arg-type]
    rng = Rng(5)
    while not (g.round.kind == kind and (kind == "OR" or g.set_count >= 1)):
        game.apply(steady(list(game.legal_actions()), rng))
    return game, g


def to_red_cells(g: RoyalGorgeGame) -> str:
    """Move a started railroad's price into the red end-game cells, as a price move does."""
    corp = next(c.id for c in g.corps.values() if c.started and c.id in g.market.position)
    g.market.move(corp, Direction.RIGHT, 40)
    g.after_price_move(corp)
    return corp


def test_18royalgorge_ending_2_overrides_a_train_end_in_the_following_stock_round() -> None:
    """The Game End card bought in set s ends the game after set s + 1; a railroad reaching
    the red cells in the stock round between also ends it after set s + 1: the same end,
    named ``stock_market`` (it stayed ``final_train``)."""
    game, g = at_round("OR")
    s = g.set_count
    deck.final_train(g, exported=False)
    assert (g.end.target, g.end.reason) == ((s + 1, 1_000), "final_train")
    game._legal = None  # the position was edited by hand
    rng = Rng(5)
    while g.round.kind == "OR":
        game.apply(steady(list(game.legal_actions()), rng))
    assert g.round.kind == "SR" and g.set_count == s
    to_red_cells(g)
    assert (g.end.target, g.end.reason) == ((s + 1, 1_000), "stock_market")


@pytest.mark.parametrize("shorter", [False, True])
def test_18royalgorge_ending_2_in_the_same_set_as_the_train_end(shorter: bool) -> None:
    """After the Game End card, a railroad reaching the red cells in the same operating set
    ends the game with this set, named ``stock_market`` - with "Shorter Game" the card alone
    already ends it with this set (the reason stayed ``final_train``)."""
    _, g = at_round("OR", shorter_game_end=shorter)
    s = g.set_count
    deck.final_train(g, exported=False)
    to_red_cells(g)
    assert (g.end.target, g.end.reason) == ((s, 1_000), "stock_market")


def test_18royalgorge_ending_3_after_ending_2_changes_nothing() -> None:
    """The other way round the stock market end comes first and stays: the card would end
    the game later."""
    _, g = at_round("OR")
    s = g.set_count
    to_red_cells(g)
    deck.final_train(g, exported=False)
    assert (g.end.target, g.end.reason) == ((s, 1_000), "stock_market")


def test_18royalgorge_ending_2_after_the_train_ends_the_game_as_stock_market() -> None:
    """Played on to the end: the Game End card in an operating round, a railroad in the red
    cells in the next stock round; the game ends after that set as ``stock_market``."""
    game, g = at_round("OR")
    deck.final_train(g, exported=False)
    game._legal = None  # the position was edited by hand
    rng = Rng(5)
    while g.round.kind == "OR":
        game.apply(steady(list(game.legal_actions()), rng))
    to_red_cells(g)
    game._legal = None
    while not game.finished:
        game.apply(steady(list(game.legal_actions()), rng))
    assert game.end_reason == "stock_market"
