"""Free tile actions on a company's home city in its first operating round:

* §12.2.4 (Phases 5-8): "During a company's first operating round, the company may place or
  upgrade its home city to a brown city tile.  This is a free tile action in addition to the
  normal lay or upgrade track actions." (:class:`HomeBrownStep`)
* the Boomtown subsidy (appendix "Subsidy Tiles"): "Discard boomtown tile to upgrade the
  owning company's home city to green during the first operating round as a free bonus
  action" - in any phase (:class:`BoomtownStep`).

Each stands before the track step in the company's first operating turn and offers every
tile of its colour the home hex may take now (the colours between are skipped at no fee; the
tile's own upgrade rules and labels apply as for any lay) or a pass.  The terrain cost of an
empty hex is paid as for any placement.  The hex then counts as built this turn (§12.2: no
second action on it).
"""

from __future__ import annotations

import dataclasses

from roundhouse.core.actions import Action
from roundhouse.core.bank import BANK
from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.actions import LayTile, Pass
from roundhouse.core.flow.step import Step
from roundhouse.core.tiles import Colour
from roundhouse.core.track import Allowance, TileLay, TrackRules, check_lay, tile_lays
from roundhouse.core.upgrade import ColourSkip
from roundhouse.titles.g18usa.family1817.turn_stage import before_run
from roundhouse.titles.g18usa.map_rules import UNLIMITED_CASH, HexOnly
from roundhouse.titles.g18usa.map_state import UsaMapState
from roundhouse.titles.g18usa.powers import in_turn
from roundhouse.titles.g18usa.state import UsaGame

FREE_SKIP = ColourSkip(fee_per_level=0, plain_track_only=False)
"""A city skipping to brown in this free action pays no skip fee."""


def _rules(board: UsaMapState[UsaGame], colour: Colour) -> TrackRules:
    return TrackRules(
        upgrades=board.upgrades,
        colours=frozenset({colour}),
        reach=board.lay_reach,
        colour_skip=FREE_SKIP,
    )


class HomeBrownStep(Step[UsaGame]):
    """§12.2.4: the free brown home tile of a company's first operating round."""

    kinds = frozenset({"lay_tile", "pass"})
    name = "home_brown"
    passing = "passes on upgrading the home city"
    colour = Colour.BROWN

    def __init__(self, *, empty_home_only: bool = False) -> None:
        self.done = False
        self.empty_home_only = empty_home_only
        """Only on a home with no tile yet: §12.2.4 lets the company "place or upgrade its
        home city to a brown city tile"; 18xx.games skips colours only from an empty city
        (``G18USA::Game#upgrades_to_correct_color?``: brown from white in the company's
        first turn), so a yellow home takes green (``compat_18xx_games``; found by the
        export differential, issue #17: random bots, 4 players, seed 1014)."""

    def may(self, g: UsaGame, corp_id: str) -> bool:
        """Whether the company has the free action now (besides having a tile to lay)."""
        return not g.corps[corp_id].operated and "5" in g.phases_reached()

    def used(self, g: UsaGame, corp_id: str) -> None:
        """The action was taken."""

    def setup(self, g: UsaGame, entity: str) -> None:
        self.done = False

    after_own_lay = False
    """Whether the free action may follow the company's own lay on the home hex this turn."""

    def allowance(self, g: UsaGame, corp_id: str) -> Allowance:
        """The track step's allowance, cash aside (the cost is checked against the
        treasury)."""
        board = g.map
        return dataclasses.replace(board.allowance(g, corp_id), cash=UNLIMITED_CASH)

    def _lays(self, g: UsaGame, corp_id: str) -> list[TileLay]:
        board = g.map
        home = board.home_of(corp_id)
        if home is None or (home in board.laid_now(g, corp_id) and not self.after_own_lay):
            return []
        here = board.board[home]
        if self.empty_home_only and here.tile is not here.printed.tile:
            return []
        allowance = self.allowance(g, corp_id)
        cash = g.ledger.cash(corp_id)
        return [
            lay
            for lay in tile_lays(
                board.board, board.graph, corp_id, allowance, _rules(board, self.colour)
            )
            if lay.hex == home and lay.cost <= cash and HexOnly().allowed(g, corp_id, lay)
        ]

    def active(self, g: UsaGame, entity: str) -> bool:
        if self.done or not self.may(g, entity):
            return False
        return bool(self._lays(g, entity))

    def actions(self, g: UsaGame, entity: str) -> list[Action]:
        p = g.controller_id(entity)
        out: list[Action] = [
            LayTile(player=p, entity=entity, hex=lay.hex, tile=lay.tile, rotation=lay.rotation)
            for lay in self._lays(g, entity)
        ]
        return [*out, Pass(player=p, entity=entity)]

    def check(self, g: UsaGame, entity: str, action: Action) -> None:
        if action not in self.actions(g, entity):
            raise IllegalAction(
                f"{entity} may lay a {self.colour.label} tile on its home city now, or pass",
                rule=f"track.{self.name}",
            )

    def process(self, g: UsaGame, entity: str, action: Action) -> None:
        self.done = True
        if isinstance(action, Pass):
            return
        assert isinstance(action, LayTile)
        board = g.map
        lay = next(
            x
            for x in self._lays(g, entity)
            if (x.tile, x.rotation) == (action.tile, action.rotation)
        )
        allowance = self.allowance(g, entity)
        _, moves = check_lay(
            board.board,
            board.graph,
            entity,
            (lay.hex, lay.tile, lay.rotation),
            allowance,
            _rules(board, self.colour),
        )
        g.ledger.transfer(entity, BANK, lay.cost)
        board.lay_free(g, entity, lay, moves)
        self.used(g, entity)


class BoomtownStep(HomeBrownStep):
    """The Boomtown subsidy: a free green home city in the first operating round, once."""

    name = "boomtown"
    passing = "passes on the Boomtown subsidy"
    colour = Colour.GREEN

    def may(self, g: UsaGame, corp_id: str) -> bool:
        subsidy = g.company_subsidies.get(corp_id)
        return not g.corps[corp_id].operated and subsidy is not None and subsidy.kind == "boomtown"

    def used(self, g: UsaGame, corp_id: str) -> None:
        """ "Discard boomtown tile"."""
        del g.company_subsidies[corp_id]


class SiteBoomtownStep(BoomtownStep):
    """The Boomtown subsidy as 18xx.games plays it (``compat_18xx_games``, docs/rules-notes.md):
    a subsidy tile the company may use at any time in its track step of the first operating
    round, offered beside it, also on a home city it laid yellow this turn with its own tile
    action (the site's S8 ``lay_tile`` after the company's own lay of the same hex).  The
    rulebook's "may not lay a yellow tile and upgrade it during the same turn" (§12.2) binds
    the company's own two tile actions; :class:`BoomtownStep` applies it to the subsidy too."""

    kinds = frozenset({"lay_tile"})
    blocking = False
    after_own_lay = True

    def allowance(self, g: UsaGame, corp_id: str) -> Allowance:
        """Not a tile action of the company's (§12.2's limits on its two actions do not
        bind it): the home hex may take it after the company's own lay there."""
        base = super().allowance(g, corp_id)
        home = g.map.home_of(corp_id)
        return dataclasses.replace(
            base,
            skip_hexes=base.skip_hexes - {home},
            upgrade_colours=Allowance(cash=0).upgrade_colours,
        )

    def takes(self, g: UsaGame, action: Action) -> bool:
        if not isinstance(action, LayTile):
            return False
        board = g.map
        return (
            board.home_of(action.entity) == action.hex
            and action.tile in board.board.tiles
            and board.board.tiles[action.tile].colour is self.colour
        )

    def active(self, g: UsaGame, entity: str) -> bool:
        return (
            entity in g.corps
            and before_run(g, entity)
            and in_turn(g, entity)
            and (super().active(g, entity))
        )

    def actions(self, g: UsaGame, entity: str) -> list[Action]:
        return [a for a in super().actions(g, entity) if not isinstance(a, Pass)]

    def could_lay(self, g: UsaGame, corp_id: str) -> bool:
        """Whether the subsidy could still be laid on the home, wherever the turn stands
        (the site's track step waits for it: S8's ``tile_lay`` ``when: 'track'``; asked by
        the 18xx.games writer)."""
        return self.may(g, corp_id) and bool(self._lays(g, corp_id))

    def _lays(self, g: UsaGame, corp_id: str) -> list[TileLay]:
        """Before Phase 5 only a yellow home turns green: the site's subsidy is a tile lay
        that follows its upgrade rules, which take a city from white to green only from
        Phase 5 (``G18USA::Game#upgrades_to_correct_color?``); the appendix's "upgrade ...
        to green" skips yellow by default."""
        board = g.map
        home = board.home_of(corp_id)
        if (
            home is not None
            and board.board[home].tile.colour is Colour.WHITE
            and "5" not in g.phases_reached()
        ):
            return []
        return super()._lays(g, corp_id)
