"""Sulphur Springs (B2): the owning railroad turns the town of Sulphur Springs (E3) into a city.

Rulebook "Brown Privates Reference", Sulphur Springs (B2): "When upgrading from a town to a
city, the color does not change. Replace the current town tile with the matching color city
tile using the special SU tiles."  "1. Lay Track" Rule 1 lets a private's card override "towns
stay towns", and Rule 3 still holds: the track already there is kept.  The card text is not in
our rulebook text; 18xx.games (tobymao/18xx g_18_royal_gorge entities.rb B2, game.rb
``upgrades_to?``) gives the facts: the railroad that owns the card may, once, close it to lay
the R tile of the town tile's colour (RG1 yellow, RG2 green, RG3 brown; the "SU tiles") in
Sulphur Springs, at any time in its operating turn, with no connection needed; the bare printed
town (no tile yet) cannot be converted.  Because the colour does not change it is no upgrade:
no steel is bought and it is not one of the turn's six lays (18xx.games lays it outside the
track step).  The card's income is :func:`income`: "ANY company can lay track to Sulphur
Springs to earn the income" - $50 from Brown to a player owner once E3 has track, nothing to a
railroad (18xx.games sets it to $0 when a railroad buys the card).

The conversion is a ``lay_tile`` of the R tile on E3, taken by a step of its own; every other
lay goes to the track step.
"""

from __future__ import annotations

from roundhouse.core.actions import Action
from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.actions import LayTile
from roundhouse.core.flow.step import Step
from roundhouse.core.tiles import Colour, StopKind
from roundhouse.core.upgrade import path_fit
from roundhouse.titles.g18royalgorge import privates
from roundhouse.titles.g18royalgorge.state import RoyalGorgeGame

SULPHUR_SPRINGS = "B2"
HEX = "E3"
CITY_TILES = {Colour.YELLOW: "RG1", Colour.GREEN: "RG2", Colour.BROWN: "RG3"}


def conversions(g: RoyalGorgeGame, corp_id: str) -> list[tuple[str, int]]:
    """(tile, rotation) pairs that turn E3's town into a city for ``corp_id`` now."""
    if privates.owner_of(g, SULPHUR_SPRINGS) != corp_id or corp_id not in g.corps:
        return []
    board = g.map_board()
    here = board.hexes[HEX]
    if here.tile is here.printed.tile or StopKind.TOWN not in here.tile.kinds():
        return []
    tile_id = CITY_TILES.get(here.tile.colour)
    if tile_id is None or tile_id not in board.tiles or not board.available(tile_id):
        return []
    tile = board.tiles[tile_id]
    out = []
    for rotation in tile.rotations:
        if path_fit(here.tile, here.rotation, tile, rotation, True) is None:
            continue
        new_exits = tile.exits(rotation) - here.tile.exits(here.rotation)
        if any(board.exit_blocked(HEX, e) for e in new_exits):
            continue
        out.append((tile_id, rotation))
    return out


def income(g: RoyalGorgeGame, owner: str | None, printed: int) -> int:
    """What the card pays ``owner`` at the start of an operating round ("Income"): its
    printed $50 from Brown, only to a player and only once track has been laid to Sulphur
    Springs ("Brown Privates Reference", B2)."""
    here = g.map_board().hexes[HEX]
    if owner not in g.players or here.tile is here.printed.tile:
        return 0
    return printed


def convert(g: RoyalGorgeGame, corp_id: str, tile_id: str, rotation: int) -> None:
    """Lay the city tile and close the card."""
    if (tile_id, rotation) not in conversions(g, corp_id):
        raise IllegalAction(
            f"{corp_id} cannot turn Sulphur Springs into a city with {tile_id} at rotation "
            f"{rotation} now (it needs the card, a town tile there and the same-coloured R tile)",
            rule="sulphur_springs.convert",
        )
    g.map_board().lay(HEX, tile_id, rotation, {})
    g.privates[SULPHUR_SPRINGS].closed = True


class SulphurSpringsStep(Step[RoyalGorgeGame]):
    """Any time in the owner's turn: the conversion.  The step takes only lays of the R
    tiles (:attr:`~roundhouse.core.flow.step.Step.takes_only`): every other lay goes past it
    to the track step unasked."""

    kinds = frozenset({"lay_tile"})
    takes_only = ("tile", frozenset(CITY_TILES.values()))
    blocking = False
    name = "sulphur_springs"

    def active(self, g: RoyalGorgeGame, entity: str) -> bool:
        return bool(conversions(g, entity))

    def actions(self, g: RoyalGorgeGame, entity: str) -> list[Action]:
        p = g.controller_id(entity)
        return [
            LayTile(player=p, entity=entity, hex=HEX, tile=t, rotation=r)
            for t, r in conversions(g, entity)
        ]

    def check(self, g: RoyalGorgeGame, entity: str, action: Action) -> None:
        assert isinstance(action, LayTile)
        if action.hex != HEX or (action.tile, action.rotation) not in conversions(g, entity):
            raise IllegalAction(
                f"{entity} cannot lay {action.tile} on {action.hex} now: the R tiles are "
                "laid only by Sulphur Springs' card, on a town tile of their colour",
                rule="sulphur_springs.convert",
            )

    def process(self, g: RoyalGorgeGame, entity: str, action: Action) -> None:
        assert isinstance(action, LayTile)
        convert(g, entity, action.tile, action.rotation)
