"""Private and concession powers (:mod:`roundhouse.core.ability`) as the operating and stock
rounds play them: income from a phase on (18RoyalGorge "Income", 18US §3.3) and the closing
conditions.  18US's own powers are tested in tests/g18us/test_abilities.py."""

from __future__ import annotations

import dataclasses

from roundhouse.core.ability import Closes, Income
from roundhouse.core.entities import PrivateSpec
from roundhouse.core.game import Game
from roundhouse.core.hooks import Hooks
from roundhouse.core.shares import POOL
from roundhouse.core.trains import TrainEvents
from tests.core.flow.synthetic import DATA, act, engine, make_title


def bank_game(card: PrivateSpec, hooks: Hooks | None = None) -> Game:
    """Ann wins the card at its face value; Bob starts BB at $60, Ann AA at $70; one AA
    share and one BB share are put in the pool.  Bob to act in the stock round."""
    title = make_title(data=dataclasses.replace(DATA, privates=(card,)), hooks=hooks)
    g = Game(title, ["Ann", "Bob"], seed=0)
    act(g, "bid", "Ann", company="P4", price=card.value)
    act(g, "pass", "Bob")
    e = engine(g)
    assert e.privates["P4"].owner == "Ann" and g.acting == ("Bob",)
    act(g, "par", "Bob", corporation="BB", share_price=60)
    act(g, "par", "Ann", corporation="AA", share_price=70)
    e.books["AA"].transfer("AA", POOL, 1)
    e.books["BB"].transfer("BB", POOL, 1)
    return g


def test_18royalgorge_income_starts_with_its_phase() -> None:
    """18RoyalGorge "Income" (G4 Florence Oil Fields pays from green): an Income with a
    first phase pays nothing before it."""
    card = PrivateSpec(id="P4", value=80, abilities=(Income(amount=15, from_phase="3"),))
    g = bank_game(card)
    e = engine(g)
    cash = e.ledger.cash("Ann")
    act(g, "pass", "Bob")
    act(g, "pass", "Ann")
    assert e.round.kind == "OR" and e.ledger.cash("Ann") == cash
    e.depot.phases.advance_to("3")
    e.round.pay_income(e)  # type: ignore[attr-defined]
    assert e.ledger.cash("Ann") == cash + 15


def test_closing_conditions_phase_train_event_and_never() -> None:
    """Closes: a phase reached, a train type's first sale, a named event; "never" keeps it
    open (18RoyalGorge private reference "Closes: First 5 train", 18US §10.1.4 closing at
    the Western Railroad Convention)."""
    cards = (
        PrivateSpec(id="ON3", value=10, abilities=(Closes(on_phase="3"),)),
        PrivateSpec(id="T4", value=10, abilities=(Closes(on_train="4"),)),
        PrivateSpec(id="EV", value=10, abilities=(Closes(on_event="wrrc"),)),
        PrivateSpec(id="NEVER", value=10, abilities=(Closes(never=True),)),
    )
    data = dataclasses.replace(DATA, privates=cards)
    g = Game(make_title(data=data), ["Ann", "Bob"], seed=0)
    e = engine(g)
    for card in cards:
        e.privates[card.id].owner = "Ann"
    for corp, cash in (("AA", 240), ("BB", 660)):
        e.ledger.transfer("Ann" if corp == "AA" else "Bob", corp, cash)
    for train in ("2-0", "2-1", "2-2"):
        e.train_events("AA", e.depot.buy("AA", train, e.ledger))
    assert not any(p.closed for p in e.privates.values())
    e.train_events("BB", e.depot.buy("BB", "3-0", e.ledger))
    assert [p.id for p in e.privates.values() if p.closed] == ["ON3"]
    e.train_events("BB", e.depot.buy("BB", "3-1", e.ledger))
    e.train_events(None, TrainEvents(events=("wrrc",)))
    assert [p.id for p in e.privates.values() if p.closed] == ["ON3", "EV"]
    e.train_events("BB", e.depot.buy("BB", "4-0", e.ledger))
    assert [p.id for p in e.privates.values() if p.closed] == ["ON3", "T4", "EV"]
