"""18RoyalGorge "Laying Track", Rule 4: the company "must theoretically be able to run a
train route on at least one portion of the new track segments" - the new track, not merely
some track of the new tile, must join the company's routes."""

from __future__ import annotations

import roundhouse
from roundhouse.core.track import LayReach
from roundhouse.titles.g18royalgorge.map_rules import RoyalGorgeMap


def test_18royalgorge_rule_4_new_track_must_join_a_route() -> None:
    game = roundhouse.new_game("18RoyalGorge", players=["Ann", "Bob", "Cy"], seed=3)
    board = game.state.map  # type: ignore[attr-defined]
    assert isinstance(board, RoyalGorgeMap)
    assert board.lay_reach is LayReach.EXTENDS_ROUTE
