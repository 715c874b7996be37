"""What 18xx.games still plays of a company's operating turn after the bankruptcy that ends
the game (18USA §15-§16).

§16: "If all players except for one go bankrupt, the game ends and the remaining player
wins": the game stops at the bankruptcy.  18xx.games ends it only once the bankrupt action
has been processed whole (``Game::Base#process_single_action`` checks the end after the
round's own moves): the operating company's buy-trains step is skipped when it waits for
nothing and the interest is paid as it is left (``G1817::Round::Operating#after_process``,
``#pay_interest!``), so a company that cannot pay goes into liquidation, its cash to its
president, who is charged the interest into debt.  Under ``compat_18xx_games``
(:attr:`~.config.FamilyConfig.turn_after_final_bankruptcy`) ours does the same; the debt
counts in the final values as the site's negative cash does
(:attr:`~.engine.FamilyEngine.unpaid_at_end`).
"""

from __future__ import annotations

from roundhouse.core.flow.train_step import BuyTrainStep
from roundhouse.titles.g18usa.family1817.engine import FamilyEngine
from roundhouse.titles.g18usa.family1817.loan_step import (
    InterestStep,
    pay_interest,
    site_train_step_ahead,
    waiting_steps,
)


def site_interest_at_end(g: FamilyEngine, corp_id: str) -> None:
    """The game just ended by bankruptcy in ``corp_id``'s operating turn: pay its interest
    when all its turn still holds before it is a buy-trains step 18xx.games skips
    (:func:`~.loan_step.site_train_step_ahead`).  Found by the export differential, issue
    #17: random bots, 2 players, seed 12078 (GN's payout bankrupted P1, who had shorted it;
    GN could not pay its $150 interest, and P2 ended at -$24 on the site) and 7 players,
    seed 12047."""
    if g.controller(corp_id) is None or site_train_step_ahead(g, corp_id):
        return
    for step in waiting_steps(g, corp_id):
        if isinstance(step, InterestStep):
            pay_interest(g, corp_id)
            step.paid = True
            return
        if not isinstance(step, BuyTrainStep):
            return
