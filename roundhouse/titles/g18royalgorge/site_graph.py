"""Rio Grande's network on 18xx.games right after the Treaty of Boston (``compat_18xx_games``).

18xx.games works out a railroad's network lazily and keeps it until a tile is laid or a
station placed anywhere (``Graph#clear``, called by ``Step::Tracker#lay_tile`` and
``Step::Tokener#place_token``).  The Treaty of Boston lays the green gorge tiles and puts Rio
Grande's two stations on them without that (``G18RoyalGorge::Game#event_treaty_of_boston!``).
Rio Grande's turn works its network out (the station step asks where it may place one, the
run step whether it has a run).  When the Treaty comes later with no tile laid or station
placed since (another railroad buys the train, or the export at the end of the set), until the
next tile or station anywhere Rio Grande lays track, places stations and is offered its run
as if the gorge were still closed: its first lay through the gorge is refused ("G11 is not
legally rotated for 9": the site sees no route of Rio Grande to G11), its gorge run skipped.
When Rio Grande buys the train itself, the site's server takes its next moves on the new
network (our differential games show both).  Compat keeps Rio Grande's network as it was
before the Treaty for that while (:meth:`roundhouse.core.graph.Graph.pin`).  The rulebook has
nothing of the kind: the gorge is Rio Grande's at once.
"""

from __future__ import annotations

from roundhouse.core.flow.board_map import BoardMap
from roundhouse.core.flow.lay_rule import LayRule
from roundhouse.core.graph import Reach
from roundhouse.core.track import TileLay
from roundhouse.titles.g18royalgorge.state import RoyalGorgeGame

RIO_GRANDE = "RG"


def turn_over(g: RoyalGorgeGame, corp: str | None) -> None:
    """``corp``'s operating turn ends: the site has Rio Grande's network worked out if it was
    Rio Grande's."""
    if corp == RIO_GRANDE and g.variant.compat_18xx_games:
        g.network_cached = True


def before_treaty(g: RoyalGorgeGame) -> Reach | None:
    """Rio Grande's network as the site has it worked out, when it will go stale: compat,
    Rio Grande is not the railroad operating, and its network was worked out in its last
    turn with the board unchanged since."""
    if not g.variant.compat_18xx_games or not isinstance(g.map, BoardMap):
        return None
    operating = g.round.kind == "OR" and g.round.entity(g) == RIO_GRANDE
    if operating or not g.network_cached or RIO_GRANDE not in g.corps:
        return None
    return g.map.graph.reach(RIO_GRANDE)


def after_treaty(g: RoyalGorgeGame, before: Reach | None) -> None:
    """Keep ``before`` standing for Rio Grande's network (see the module docstring)."""
    if before is None or not isinstance(g.map, BoardMap):
        return
    g.map.graph.pin(RIO_GRANDE, before)
    g.network_pinned = True


def board_touched(g: RoyalGorgeGame) -> None:
    """A tile was laid or a station placed: the site works every network out afresh."""
    g.network_cached = False
    if g.network_pinned and isinstance(g.map, BoardMap):
        g.map.graph.unpin()
        g.network_pinned = False


class SiteNetworks(LayRule[RoyalGorgeGame]):
    """A lay makes the site work every network out afresh (:func:`board_touched`)."""

    __slots__ = ()

    def after(self, g: RoyalGorgeGame, corp_id: str, lay: TileLay) -> None:
        board_touched(g)
