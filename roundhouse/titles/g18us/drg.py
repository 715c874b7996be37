"""The Denver and Rio Grande (18US §10.2.4): the Western Concession P10 that is a company.

"A player who buys the DRG sets its Starting Value (minimum of $75) and pays twice that amount
to the Bank.  The DRG starts with a station token in Denver (E10) and one additional station
token.  If a Player buys the DRG during the WRRC, or from the Pool prior to Phase 5E/4G, the
Bank pays four times this amount, less $300 (the price of a 4-train) to the DRG Treasury.
The DRG begins operating with a 4-train, which consumes one of the two DRG train slots, which
it may never sell, and which rusts normally ... This 4-train is in addition to the normal
train mix."  From the Pool in Phase 5E/4G it gets the full four times and no train.

The DRG is a 4-share company with two unplayable shares in its own treasury (so half of every
payout stays with it, §6.6); the President's Certificate stands for the Concession (it counts
one certificate, §10.2.4, and scores at the Current Market Value, §8), so P10 closes when the
DRG opens.  A player opens it with a ``par``: after winning P10 at the Western Railroad
Convention (:mod:`.western_convention`), or in a Stock Round while P10 is in the Pool.
"""

from __future__ import annotations

from roundhouse.core.bank import BANK
from roundhouse.core.trains import Train
from roundhouse.titles.g18us.state import UsGame

DRG = "DRG"
DRG_CONCESSION = "P10"
LEAST_STARTING_VALUE = 75
RESERVED_TRAIN = "4-DRG"
"""The 4-train "Reserved for DRG" (§3.1)."""
RESERVED_TYPE = "4"
TRAIN_PRICE = 300
NO_TRAIN_PHASE = "5E/4G"


def drg_prices(g: UsGame, cash: int) -> list[int]:
    """Starting Values the buyer may set: $75 or more, twice of it within his cash."""
    return [p for p in g.hooks.par_prices(g, DRG) if p >= LEAST_STARTING_VALUE and 2 * p <= cash]


def open_drg(g: UsGame, player: str, price: int) -> None:
    """The buyer sets the Starting Value and pays twice it; the company floats on it
    (:func:`on_drg_float` does the rest)."""
    g.start_company(player, DRG, price)


def on_drg_float(g: UsGame) -> None:
    """The Bank has paid four times the Starting Value: before Phase 5E/4G, $300 of it goes
    back for the reserved 4-train; the Concession is now the company."""
    card = g.privates[DRG_CONCESSION]
    card.owner = g.controller(DRG)
    card.closed = True
    if NO_TRAIN_PHASE in g.phases_reached():
        return
    g.ledger.transfer(DRG, BANK, TRAIN_PRICE)
    g.depot.trains[RESERVED_TRAIN] = Train(RESERVED_TRAIN, RESERVED_TYPE, owner=DRG)
    g.emit("train", f"{DRG} starts with the 4-train reserved for it", company=DRG)
