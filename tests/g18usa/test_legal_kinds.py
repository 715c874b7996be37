"""18USA's rounds that list moves of their own (the private auction, a cash crisis, the merger
and acquisition round, Pennsy Boneyard's choice) answer a query for some kinds of move as the
whole list does: ``Game.legal_kinds()`` is the kinds of ``legal_actions()`` and
``legal_actions(kinds={k})`` its moves of kind ``k`` (the 18xx.games importer asks so, to
skip the search for the best run)."""

from __future__ import annotations

import pytest

from roundhouse.core.game import Game
from roundhouse.core.rng import Rng
from roundhouse.core.title import REGISTRY


@pytest.mark.parametrize("seed", [1, 3])
def test_18usa_a_query_for_some_kinds_answers_as_the_whole_list(seed: int) -> None:
    """Random 3-player games (seed 1 and 3 reach the auction, stock, operating and merger
    rounds and cash crises in both kinds of round, and end in a bankruptcy)."""
    game = Game(REGISTRY.get("18USA"), ["Ann", "Bob", "Cy"], seed=seed)
    rng = Rng(seed)
    while not game.finished:
        kinds = game.legal_kinds()
        some = {k: list(game.legal_actions(kinds={k})) for k in kinds - {"run_routes"}}
        full = game.legal_actions()
        assert kinds == frozenset(full.kinds())
        for kind, listed in some.items():
            assert listed == [a for a in full if a.kind == kind]
        game.apply(full[rng.below(len(full))])
