"""18West's train step (§7.8): core's :class:`~roundhouse.core.flow.train_step.BuyTrainStep`,
with a pass checked without listing every purchase.

Core checks a pass as membership in the step's listing, which names every agreed price of
every train another company may sell (hundreds of purchases once several companies run
trains); replaying a game checks one pass per company turn.  The listing holds a pass exactly
when the company need not buy a train (§7.8.3's forced purchase lists none), and it is always
the company's own pass in its controller's name, so that is what is checked: the same passes
are taken and refused as before.
"""

from __future__ import annotations

from roundhouse.core.actions import Action
from roundhouse.core.engine18xx import Engine
from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.actions import Pass
from roundhouse.core.flow.train_step import BuyTrainStep


class WestTrainStep(BuyTrainStep):
    def check(self, g: Engine, entity: str, action: Action) -> None:
        if type(action) is not Pass:
            super().check(g, entity, action)
            return
        listed = Pass(player=g.controller_id(entity), entity=entity)
        if self.must_buy(g, entity) or action != listed:
            raise IllegalAction(f"{action} is not possible now ({self.name})", rule="step.illegal")
