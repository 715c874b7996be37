"""P29 Bankrupt Railroad (appendix "Subsidy Tiles"; 18xx.games): a company started with it
in a city whose subsidy tile is "No subsidy" "receives a 2-train"; P29 then closes
(:mod:`.start_privates`)."""

from __future__ import annotations

from roundhouse.core.bank import BANK
from roundhouse.core.trains import DEPOT
from roundhouse.titles.g18usa.powers import held
from roundhouse.titles.g18usa.private_abilities import BankruptRailroad
from roundhouse.titles.g18usa.state import UsaGame


def started(g: UsaGame, corp_id: str, *, no_subsidy: bool) -> str | None:
    """P29, put into ``corp_id`` at its start: the train it gives when the home city's
    subsidy tile was "No subsidy" (``no_subsidy``)."""
    train: str | None = None
    for _, bankrupt in held(g, corp_id, BankruptRailroad):
        if no_subsidy:
            train = free_train(g, corp_id, bankrupt.train)
    return train


def free_train(g: UsaGame, corp_id: str, type_name: str) -> str | None:
    """The first bank train of the type goes to the company for nothing (P29)."""
    for train in g.depot.available():
        if train.owner == DEPOT and train.type == type_name:
            price = g.depot.type_of(train).price_of(train.variant)
            g.ledger.transfer(BANK, corp_id, price)
            g.train_events(corp_id, g.depot.buy(corp_id, train.id, g.ledger))
            g.emit("train", f"{corp_id} takes a free {type_name}-train (Bankrupt Railroad)")
            return train.id
    return None
