"""18RoyalGorge "Shipping Gold": "take the desired gold cube from the route".  18xx.games
ships "from" whichever hex of the run is named, cube or not (docs/rules-notes.md,
18RoyalGorge); with ``compat_18xx_games`` we do the same, otherwise only a hex with a cube."""

from __future__ import annotations

import dataclasses

from roundhouse.core.flow.actions import Choose
from roundhouse.core.ids import PlayerId
from tests.g18royalgorge.replayed import position

ON_BUY = "endgame_triggered_on_buy.json"


def ship(hex_name: str) -> Choose:
    return Choose(player=PlayerId("2550"), entity="SF", choice=hex_name)


def test_18royalgorge_shipping_gold_compat_names_any_hex_of_the_run() -> None:
    """Action 124: Santa Fe's run passes the cube at M15 and ships from Eden (L12), which has
    no mine; the site counts the shipment and the cube at M15 stays."""
    game, g = position(ON_BUY, 124)
    assert "gold" not in g.map_board().hexes["L12"].markers
    assert ship("L12") in game.legal_actions()
    shipped = g.gold_shipped
    game.apply(ship("L12"))
    assert g.gold_shipped == shipped + 1
    assert g.map_board().hexes["M15"].markers.count("gold") == 1


def test_18royalgorge_shipping_gold_rulebook_only_from_a_cube() -> None:
    """The same run by the rulebook: only M15, where the cube is, may be named."""
    game, g = position(ON_BUY, 124)
    g.variant = dataclasses.replace(g.variant, compat_18xx_games=False)
    legal = game.legal_actions()
    assert ship("M15") in legal
    assert ship("L12") not in legal
