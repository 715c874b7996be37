"""18RoyalGorge's 18xx.games translator: its action vocabulary read into ours and written back.

Our 18xx actions already use the site's type names (``roundhouse.core.flow.actions``), share
ids (``"KP_2"``) and train ids (``"2+-1"``), so most types are a renaming of fields.  What
needs work (facts sheet ``docs/facts/18xx-games-format.md`` §4-§5):

* tiles and cities: the site names a laid tile by copy (``"57-2"``) and a city by the tile
  copy on its hex (``"57-2-0"``, pre-printed ``"K7-1-0"``); we name tiles by their name and
  stations by hex.  Reading remembers which copy lies on which hex; writing hands out the
  lowest free copy, as the site's own interface does (:class:`TileCopies`);
* routes: the site's route objects become our route notation with
  :func:`~roundhouse.core.routes.run.from_18xx_games` and back with ``to_18xx_games``;
* privates acting as entities: ``choose_ability`` by the debt cards ``RG-D``/``SF-D`` is the
  indebted railroad paying a token; a ``choose`` by the Gold Nugget ``G2`` is its railroad
  shipping gold with the nugget; ``buy_shares`` with a ``discounter`` is a Metals Investor
  (G5) or U.S. Mint Worker (B6) purchase.

The reading half is :mod:`roundhouse.titles.g18royalgorge.interop.reader`, the writing half
:mod:`roundhouse.titles.g18royalgorge.interop.writer`, what both follow of the site's game
:mod:`roundhouse.titles.g18royalgorge.interop.site_game`; this module joins them, registered as
``TRANSLATOR``, and keeps the names tests and tools import from here.

Games are imported with ``compat_18xx_games`` on: every place where 18xx.games plays
differently from the rulebook (docs/facts/18royalgorge.md §20) behaves as on the site.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from roundhouse.core.actions import Json
from roundhouse.core.game import Game
from roundhouse.core.title import OptionValue
from roundhouse.interop.translate import (
    Disagreement,
    SiteAction,
)
from roundhouse.titles.g18royalgorge.interop.names import (
    board_map,
    engine,
    our_steel_choice,
    same_track_rotation,
    site_steel_choice,
    tile_name,
)
from roundhouse.titles.g18royalgorge.interop.reader import RoyalGorgeReader
from roundhouse.titles.g18royalgorge.interop.site_game import COMPAT, SHORTER, self_withholding
from roundhouse.titles.g18royalgorge.interop.writer import RoyalGorgeWriter

__all__ = [
    "TRANSLATOR",
    "RoyalGorgeTranslator",
    "board_map",
    "engine",
    "our_steel_choice",
    "same_track_rotation",
    "self_withholding",
    "site_steel_choice",
    "tile_name",
]


class RoyalGorgeTranslator(RoyalGorgeWriter, RoyalGorgeReader):
    """Both directions (:mod:`~roundhouse.titles.g18royalgorge.interop.reader`,
    :mod:`~roundhouse.titles.g18royalgorge.interop.writer`) and the optional rules."""

    title = "18RoyalGorge"

    # -- options -------------------------------------------------------------------------

    def options(self, optional_rules: Sequence[str]) -> dict[str, OptionValue]:
        return {COMPAT: True, SHORTER: SHORTER in optional_rules}

    def optional_rules(self, options: Mapping[str, OptionValue]) -> list[str]:
        return [SHORTER] if options.get(SHORTER) else []

    # -- checks --------------------------------------------------------------------------

    def disagreements(self, action: SiteAction, game: Game) -> Sequence[Disagreement]:
        return ()

    def describe(self, game: Game) -> dict[str, Json]:
        out = super().describe(game)
        g = engine(game)
        out["round"] = g.round.label(g)
        out["cash"] = {h.id: h.cash for h in g.ledger if h.id != "bank"}
        out["legal"] = [str(a) for a in list(game.legal_actions())[:12]]
        return out


TRANSLATOR = RoyalGorgeTranslator()
