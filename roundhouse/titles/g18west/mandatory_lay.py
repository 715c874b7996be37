"""The Land Grant Company's first tile is owed (18West §8.2) and paid for (§8.3).

§8.2: "A Land Grant Company must usually begin each of its turns by laying or upgrading a
yellow tile in the hex containing its Doubling token" - unless no lay is legal there or its
Destination Route was complete before its turn (:func:`.land_grant.mandatory_hexes`).  So
while that lay is owed the track step lists it without a pass.

§8.3: "If the Company ... lacks sufficient funds in its Treasury to pay for terrain costs for
this tile, the President must make up the difference from their own cash.  If they have
insufficient cash, they may sell any single share to raise more, subject to the rules for
Emergency Money Raising (see [7.8.4]).  However, such a sale may not cause a change in
Presidency of any Company.  If the President cannot raise sufficient funds for this purpose,
they are bankrupt."  When the treasury and the President's cash together fall short of the
cheapest owed lay, the step lists the President's sales instead (one company at a time, never
more than the shortfall needs, as §7.8.4), then the lay; with nothing left to sell, the
President declares bankruptcy (§7.8.5) and the owed lay is waived for the turn.  For other
tiles the President may pay the difference but may not sell (:func:`.land_grant.lay_allowed`).
"""

from __future__ import annotations

from roundhouse.core.actions import Action
from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.actions import Bankrupt, LayTile, Pass, SellShares
from roundhouse.core.flow.emergency import bankrupt_president, emergency_sales
from roundhouse.core.flow.map_steps import TrackStep
from roundhouse.core.flow.trade import do_sale
from roundhouse.titles.g18west.land_grant import mandatory_cost
from roundhouse.titles.g18west.state import WestGame


class WestTrackStep(TrackStep[WestGame]):
    """Core's track step with §8.2's owed first lay and §8.3's money raising for it."""

    kinds = TrackStep.kinds | {"sell_shares", "bankrupt"}

    def __init__(self) -> None:
        super().__init__()
        self.waived = False
        """The President went bankrupt over the owed lay: the turn goes on without it."""

    def setup(self, g: WestGame, entity: str) -> None:
        super().setup(g, entity)
        self.waived = False

    def _owed(self, g: WestGame, entity: str) -> int | None:
        """The full terrain cost of the cheapest owed lay, or None when none is owed."""
        if self.waived or self.passed or self.lays:
            return None
        if entity not in g.corps or g.controller(entity) is None:
            return None
        return mandatory_cost(g, entity)

    def _shortfall(self, g: WestGame, entity: str) -> int:
        """What the President must still raise for the owed lay (0: nothing or listed)."""
        cost = self._owed(g, entity)
        if cost is None:
            return 0
        president = g.controller(entity)
        assert president is not None
        return max(0, cost - g.ledger.cash(entity) - g.ledger.cash(president))

    def _raising(self, g: WestGame, entity: str) -> list[Action]:
        """The President's sales toward the owed lay, or bankruptcy when none is left."""
        president = g.controller(entity)
        assert president is not None
        target = self._shortfall(g, entity) + g.ledger.cash(president)
        sales = emergency_sales(g, entity, president, target, keep_presidencies=True)
        out: list[Action] = [
            SellShares(player=g.pid(president), entity=president, corporation=c, count=n)
            for c, counts in sales.items()
            for n in counts
        ]
        return out or [Bankrupt(player=g.pid(president), entity=entity)]

    def active(self, g: WestGame, entity: str) -> bool:
        return self._owed(g, entity) is not None or super().active(g, entity)

    def actions(self, g: WestGame, entity: str) -> list[Action]:
        if self._owed(g, entity) is None:
            return super().actions(g, entity)
        if self._shortfall(g, entity):
            return self._raising(g, entity)
        lays: list[Action] = [a for a in super().actions(g, entity) if isinstance(a, LayTile)]
        return lays or super().actions(g, entity)

    def check(self, g: WestGame, entity: str, action: Action) -> None:
        owed = self._owed(g, entity) is not None
        if isinstance(action, SellShares | Bankrupt):
            if action not in self.actions(g, entity):
                raise IllegalAction(
                    f"{action} is not possible now: the President raises money only for "
                    f"{entity}'s owed first tile, and only as much as it lacks",
                    rule="land_grant.terrain_raise",
                )
            return
        if owed and self._shortfall(g, entity):
            raise IllegalAction(
                f"{entity}'s President must first raise the terrain cost of its owed tile",
                rule="land_grant.terrain_raise",
            )
        if owed and isinstance(action, Pass) and action not in self.actions(g, entity):
            raise IllegalAction(
                f"{entity} must begin its turn with a tile in its Doubling token's hex",
                rule="land_grant.owed_lay",
            )
        super().check(g, entity, action)

    def process(self, g: WestGame, entity: str, action: Action) -> None:
        if isinstance(action, SellShares):
            do_sale(
                g, action.entity, action.corporation, action.count, allow_presidency_change=False
            )
            return
        if isinstance(action, Bankrupt):
            self.waived = True
            if bankrupt_president(g, entity):
                self.passed = True
            return
        super().process(g, entity, action)
