"""Lay rules: a title's rules about laying track, each one small object on the board map.

A rule answers for one concern, in one place: whether a lay is allowed at all
(:meth:`LayRule.allowed`), what its terrain costs (:meth:`LayRule.terrain`), what it costs on
top (:meth:`LayRule.extra`, paid by the rule itself in :meth:`LayRule.after`) and what the lay
sets off (:meth:`LayRule.after`).  :class:`~roundhouse.core.flow.board_map.BoardMap` asks its
rules in order: a lay is allowed if every rule allows it; terrain passes through each rule;
extras add up; after-effects run in order.  18RoyalGorge's steel is one rule
(:class:`roundhouse.titles.g18royalgorge.steel.Steel`): its price in the listing, its
purchase after the lay.

Listings of lays are derived data, cached (:mod:`roundhouse.core.derived`): a rule says what
of the position its answers read besides the board, the phase and the hexes built this turn
(:meth:`LayRule.position_key`) and what of a lay its extra cost reads
(:meth:`LayRule.extra_key`), so the listing is kept exactly while those stay the same.

A rule about some lays only says which (:meth:`LayRule.where`, a :class:`LayScope`): lays on
some hexes or of some tiles, lays of the railroad holding a private card.  The board map then
asks it nothing about any other lay, and keys its listings on what the scope declares it
reads (:attr:`LayScope.reads`, whether the railroad holds the card) in place of asking the
rule for a key: a lay elsewhere enters no code of the rule (issue #15).

Rules hold no game state (they are :class:`~roundhouse.core.static.Static`, shared by copies):
what they read and change is the game's.

>>> class NoBrown(LayRule):
...     def allowed(self, g, corp_id, lay):
...         return not lay.tile.startswith("B")
>>> NoBrown().allowed(None, "RG", type("Lay", (), {"tile": "B1"})())
False
"""

from __future__ import annotations

import dataclasses
from collections.abc import Hashable
from typing import TYPE_CHECKING, Generic

from roundhouse.core.flow.flow_game import G
from roundhouse.core.static import Static

if TYPE_CHECKING:
    from roundhouse.core.board import Board
    from roundhouse.core.track import TileLay


@dataclasses.dataclass(frozen=True, kw_only=True)
class LayScope(Static):
    """Which lays a rule is about (:meth:`LayRule.where`); the rule is asked nothing about
    the others.

    >>> LayScope(hexes=frozenset({"F10"}), reads=("treaty",)).card is None
    True
    """

    hexes: frozenset[str] | None = None
    """Lays on these hexes (with :attr:`tiles`: or of those tiles); None: on any hex."""
    tiles: frozenset[str] = frozenset()
    """Lays of these tiles wherever they go (only with :attr:`hexes`)."""
    card: str | None = None
    """Lays of the railroad holding this private card while it is open; None: anyone's."""
    reads: tuple[str, ...] = ()
    """Attributes of the game the rule's answers read besides the board, the phase and the
    hexes built this turn: listings are keyed on their values (the rule's
    :meth:`LayRule.position_key` is not asked), and on whether the railroad holds
    :attr:`card`."""


class LayRule(Static, Generic[G]):
    """One rule about laying track; override what the rule is about (module docstring)."""

    __slots__ = ()

    def where(self, board: Board) -> LayScope | None:
        """The lays the rule is about on ``board`` as printed (asked once, when the map is
        made); None: every lay, and listings are keyed on :meth:`position_key`."""
        return None

    def allowed(self, g: G, corp_id: str, lay: TileLay) -> bool:
        """Whether the rule lets ``corp_id`` make the lay now."""
        return True

    def terrain(self, g: G, corp_id: str, lay: TileLay, cost: int) -> int:
        """The lay's terrain cost after this rule (``cost``: before it)."""
        return cost

    def position_key(self, g: G, corp_id: str) -> Hashable:
        """What :meth:`allowed` and :meth:`terrain` read of the position besides the board,
        the phase and the hexes built this turn."""
        return ()

    def extra(self, g: G, corp_id: str, lay: TileLay) -> int:
        """Money the lay costs on top of its terrain, paid in :meth:`after`."""
        return 0

    def extra_key(self, board: Board, lay: TileLay) -> Hashable:
        """What :meth:`extra` reads of the lay (never of the position): lays with equal keys
        cost the same extra in any one position, so a listing prices each key once."""
        return ()

    def after(self, g: G, corp_id: str, lay: TileLay) -> None:
        """What the lay sets off once the tile is down."""
