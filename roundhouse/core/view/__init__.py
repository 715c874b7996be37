"""Typed, versioned views: everything outside core and titles reads a game through these.

A game shows itself in parts, each a frozen, slotted record with a ``to_json()``
(:class:`~.part.Part`), one concept per module:

========== =================================== ===========================================
module      record                              what it holds
========== =================================== ===========================================
prompt      :class:`~.prompt.Prompt`            round, acting seats and entity, the step in
                                                plain words, an auction or build under way
table       :class:`~.table.TableView`          players x companies: cash, shares, prices,
                                                treasuries, trains, stations
board       :class:`~.board.BoardView`          every hex: terrain, tile, stops and tokens,
                                                borders; companies present on area maps
tile        :class:`~.tile.TileCatalogue`       each tile's code (static for the game)
market      :class:`~.market.MarketView`        price cells with zones and tokens
train       :class:`~.train.TrainRoster`        train types, prices, rusting, phases
private     :class:`~.private.PrivateView`      private cards: text, value, owner
panel       :class:`~.panel.Panel`              a title's own tables (steel, gauges)
log         :class:`~.log.LogEntry`             the log as table talk
game        :class:`~.game.GameView`            all of the above, versioned
========== =================================== ===========================================

``Game`` answers for each part (``game.board()``, ``game.market()``, ``game.prompt(player)``,
``game.table(player)`` ...) and for all of them at once (``game.observe(player)``, and as JSON
``game.view(player)``).  Titles produce the parts through their observer (:mod:`.observer`);
core's 18xx engine has one for every 18xx title (:mod:`.engine18xx`).

Versions
--------
Each part's module has a ``VIEW_VERSION``; the composite carries them all (``parts``) and its
own (``view_version``).  A part's version goes up when one of its fields is removed or
renamed, or changes type or meaning - whatever would make a client written for the old
shape misread the new one.  Adding a field (with a default) does not bump it: clients ignore
fields they do not know.  The composite's version goes up with any part's, and when a part is
added to or taken from the view.  ``tests/core/test_view_version.py`` keeps a fingerprint of
each part's fields, so a change to a part fails until its version (if need be) and the
fingerprint are updated.
"""

from roundhouse.core.view.board import BoardView, BorderView, HexView, StopView
from roundhouse.core.view.game import GameView
from roundhouse.core.view.log import LogEntry
from roundhouse.core.view.market import MarketCell, MarketView
from roundhouse.core.view.panel import Fact, Panel
from roundhouse.core.view.private import PrivateView
from roundhouse.core.view.prompt import AuctionView, Prompt
from roundhouse.core.view.table import CompanyRow, PlayerRow, TableView
from roundhouse.core.view.tile import TileCatalogue, TileEntry
from roundhouse.core.view.train import PhaseRow, TrainRoster, TrainTypeRow, TrainView

__all__ = [
    "AuctionView",
    "BoardView",
    "BorderView",
    "CompanyRow",
    "Fact",
    "GameView",
    "HexView",
    "LogEntry",
    "MarketCell",
    "MarketView",
    "Panel",
    "PhaseRow",
    "PlayerRow",
    "PrivateView",
    "Prompt",
    "StopView",
    "TableView",
    "TileCatalogue",
    "TileEntry",
    "TrainRoster",
    "TrainTypeRow",
    "TrainView",
]
