"""Gold: cubes on mine hexes, shipping one cube per railroad per turn, the gold track.

Rulebook "Special Rules for Laying Track" (Gold Mine Spaces): the first tile laid on a hex with
gold-mine symbols gets one cube per symbol.  "Shipping Gold": a railroad may ship one cube per
operating turn from a route it runs, onto the lowest vacant space of the gold track whose colour
the phase allows (the red space never); "Calculating Revenue": +$50 to its revenue.  The 13lb
Gold Nugget (G2) makes one shipment +$130 instead; the Local Jeweler (Y6) gets $5 per cube
shipped by anyone; the Ghost Town Tour Company (Y2) puts a ghost town where its railroad ships
a hex's last cube ("Yellow/Green Privates Reference").
"""

from __future__ import annotations

from roundhouse.core.board import Board
from roundhouse.core.flow.board_map import board_of
from roundhouse.core.flow.lay_rule import LayRule, LayScope
from roundhouse.core.tiles import Colour
from roundhouse.core.track import TileLay
from roundhouse.titles.g18royalgorge.data import gold_track, phase_colours
from roundhouse.titles.g18royalgorge.state import RoyalGorgeGame

GOLD = "gold"
MINE = "mine"
GHOST_TOWN = "ghost_town"
NUGGET, JEWELER, GHOST_TOURS = "G2", "Y6", "Y2"


def place_cubes(g: RoyalGorgeGame, hex_name: str) -> None:
    """A first tile on a mine hex: one gold cube per printed symbol."""
    board = board_of(g)
    for _ in range(board.hexes[hex_name].markers.count(MINE)):
        board.add_marker(hex_name, GOLD)


def phase_colour(g: RoyalGorgeGame) -> Colour:
    return phase_colours()[g.depot.phases.current.name]


def track_room(g: RoyalGorgeGame) -> bool:
    """Is there a vacant gold space open in this phase?"""
    return g.gold_shipped < gold_track().ship_limit(phase_colour(g))


def may_ship(g: RoyalGorgeGame, corp: str) -> bool:
    return track_room(g) and not g.gold_this_turn.get(corp, False)


def gold_hexes(g: RoyalGorgeGame, hexes: tuple[str, ...]) -> list[str]:
    board = board_of(g)
    return sorted(h for h in hexes if GOLD in board.hexes[h].markers)


def owns(g: RoyalGorgeGame, private_id: str, owner: str) -> bool:
    p = g.privates.get(private_id)
    return p is not None and p.owner == owner and not p.closed


def ship(g: RoyalGorgeGame, corp: str, hex_name: str, *, nugget: bool = False) -> int:
    """Ship the cube from ``hex_name``; returns revenue beyond the $50 already counted.

    A hex without a cube (accepted only with ``compat_18xx_games``, see
    :func:`site_choices`) loses nothing: the shipment still counts on the gold track.
    """
    board = board_of(g)
    if GOLD in board.hexes[hex_name].markers:
        board.hexes[hex_name].markers.remove(GOLD)
        board.touch()
    g.gold_shipped += 1
    g.gold_this_turn[corp] = True
    jeweler = g.privates.get(JEWELER)
    if jeweler is not None and jeweler.owner is not None and not jeweler.closed:
        g.jeweler_cash += 5
    if (
        owns(g, GHOST_TOURS, corp)
        and GOLD not in board.hexes[hex_name].markers
        and g.ghost_tokens > 0
    ):
        g.ghost_tokens -= 1
        board.add_marker(hex_name, GHOST_TOWN)
    extra = 0
    if nugget and owns(g, NUGGET, corp) and not g.nugget_used:
        g.nugget_used = True
        g.privates[NUGGET].closed = True
        extra = 130 - gold_track().ship_bonus
    return extra


def site_choices(g: RoyalGorgeGame, run_hexes: tuple[str, ...]) -> list[str]:
    """Hexes a railroad may name for its shipment on 18xx.games: any hex of its run.

    The site opens the choice when the run reaches a cube, but ships "from" whichever hex is
    named without checking that a cube lies there (an 18RoyalGorge fixture ships from Eden,
    L12, which has no mine on the site's map).  The rulebook ("Shipping Gold": "take the
    desired gold cube from the route") allows only a hex with a cube (:func:`gold_hexes`).
    """
    return sorted(set(run_hexes))


def vgc_dividend(g: RoyalGorgeGame) -> int:
    """The lowest uncovered gold space ("End of Operating Round": Victor Gold Company)."""
    values = gold_track().values
    return values[min(g.gold_shipped, len(values) - 1)]


class GoldCubes(LayRule[RoyalGorgeGame]):
    """A mine hex's first tile (a yellow one) gets its gold cubes."""

    __slots__ = ()

    def where(self, board: Board) -> LayScope:
        """The hexes printed with gold-mine symbols."""
        return LayScope(
            hexes=frozenset(name for name, h in board.hexes.items() if MINE in h.printed.markers)
        )

    def after(self, g: RoyalGorgeGame, corp_id: str, lay: TileLay) -> None:
        if board_of(g).tiles[lay.tile].colour is Colour.YELLOW:
            place_cubes(g, lay.hex)
