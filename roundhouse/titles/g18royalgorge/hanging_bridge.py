"""The Hanging Bridge Lease (G3): running through the Royal Gorge past Rio Grande's stations,
for a tenth of the route's revenue paid to Rio Grande after the run.

Rulebook "Green Privates Reference", Hanging Bridge Lease (G3): $10 income from Yellow, closes
with the first 5+ train; "This is paid after the run, and does not affect the dividends paid to
shares. Does not allow for token placement beyond the gorge."  The card text is not in our
rulebook text; 18xx.games (tobymao/18xx g_18_royal_gorge entities.rb G3, game.rb
``custom_blocks?``, step/route.rb and step/bridge_lease.rb) gives the facts: the railroad that
owns the card (Rio Grande itself gains nothing from it) may run through the gorge cities D12
and F12 although Rio Grande's stations fill them; a route through the gorge town E13 owes Rio
Grande its revenue divided by ten (rounded down), paid after the dividend "from the charter, or
the president's personal cash".

How it is built: for the lessee's runs only, the gorge cities carry the lessee as a token that
takes no slot (:class:`BridgeStops`), so they do not block it; a route must still include one
of its real stations (:class:`RealStation`, "3. Run Trains" Rule 1).  Station placement and
track laying use the board's own graph, which the lease never touches - hence no stations
beyond the gorge.  Every route through E13 pays its tenth (the rulebook speaks of "the
proceeds"); with ``compat_18xx_games`` only the first such route does, as on 18xx.games.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from roundhouse.core.actions import Action
from roundhouse.core.board import Board
from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.actions import Choose
from roundhouse.core.flow.step import Step
from roundhouse.core.routes.adapter import GraphOptions, StopDecorator, StopExtras
from roundhouse.core.routes.graph import RouteGraph
from roundhouse.core.routes.revenue import RouteFacts, Run
from roundhouse.titles.g18royalgorge import privates
from roundhouse.titles.g18royalgorge.data import royal_gorge
from roundhouse.titles.g18royalgorge.state import RoyalGorgeGame

LEASE = "G3"
RIO_GRANDE = "RG"
TOLL_DIVISOR = 10
PAYERS = ("corporation", "president", "corporation_and_president")


def lessee(g: RoyalGorgeGame) -> str | None:
    """The railroad that holds the open lease, unless it is Rio Grande or a player."""
    owner = privates.owner_of(g, LEASE)
    if owner is None or owner not in g.corps or owner == RIO_GRANDE:
        return None
    return owner


@dataclasses.dataclass(frozen=True)
class BridgeStops:
    """The gorge cities hold ``company`` as a slot-less token, on top of ``inner``'s extras."""

    company: str
    hexes: tuple[str, ...]
    inner: StopDecorator | None = None

    def __call__(self, board: Board, hex_name: str, stop: str) -> StopExtras | None:
        base = None if self.inner is None else self.inner(board, hex_name, stop)
        if hex_name not in self.hexes:
            return base
        base = base if base is not None else StopExtras()
        return dataclasses.replace(base, extra_tokens=(*base.extra_tokens, self.company))


@dataclasses.dataclass(frozen=True)
class RealStation:
    """A route of the lessee must include a city where it has a station of its own ("3. Run
    Trains" Rule 1): the lease's gorge passes are no stations."""

    company: str

    def check(self, graph: RouteGraph, company: str, facts: RouteFacts) -> None:
        if company == self.company and not any(company in s.slot_tokens for s in facts.stops):
            raise IllegalAction(
                f"a route of {company} must include one of its stations "
                "(the Hanging Bridge Lease is none)",
                rule="route.no_token",
            )


def graph_options(g: RoyalGorgeGame, corp_id: str, options: GraphOptions) -> GraphOptions:
    """The run graph for ``corp_id``: the gorge cities pass for the lessee."""
    if lessee(g) != corp_id:
        return options
    bridge = BridgeStops(corp_id, royal_gorge().stations, options.decorate)
    return dataclasses.replace(options, decorate=bridge)


def route_checks(g: RoyalGorgeGame, corp_id: str) -> tuple[RealStation, ...]:
    return (RealStation(corp_id),) if lessee(g) == corp_id else ()


def toll(g: RoyalGorgeGame, corp_id: str, runs: Sequence[Run]) -> int:
    """What the lessee owes Rio Grande for these runs: a tenth of each gorge route."""
    if lessee(g) != corp_id:
        return 0
    town = royal_gorge().town
    owed = [run.revenue // TOLL_DIVISOR for run in runs if town in run.hexes]
    if g.variant.compat_18xx_games:
        owed = owed[:1]
    return sum(owed)


def payers(g: RoyalGorgeGame, corp_id: str) -> list[str]:
    """Who may pay the toll now: the treasury or the president, each if it has the money;
    if neither has, the two together (the treasury first; what both lack is not owed - the
    rulebook names no other source)."""
    due = g.bridge_due
    president = g.controller(corp_id)
    out = []
    if g.ledger.cash(corp_id) >= due:
        out.append(PAYERS[0])
    if president is not None and g.ledger.cash(president) >= due:
        out.append(PAYERS[1])
    return out or [PAYERS[2]]


def pay(g: RoyalGorgeGame, corp_id: str, payer: str) -> None:
    if payer not in payers(g, corp_id):
        raise IllegalAction(
            f"{payer!r} cannot pay {corp_id}'s Hanging Bridge toll of ${g.bridge_due}",
            rule="bridge.payer",
        )
    due = g.bridge_due
    president = g.controller(corp_id)
    assert president is not None
    if payer == PAYERS[0]:
        g.ledger.transfer(corp_id, RIO_GRANDE, due)
    elif payer == PAYERS[1]:
        g.ledger.transfer(president, RIO_GRANDE, due)
    else:
        from_treasury = min(due, g.ledger.cash(corp_id))
        from_president = min(due - from_treasury, g.ledger.cash(president))
        if from_treasury:
            g.ledger.transfer(corp_id, RIO_GRANDE, from_treasury)
        if from_president:
            g.ledger.transfer(president, RIO_GRANDE, from_president)
    g.bridge_due = 0


class BridgeLeaseStep(Step[RoyalGorgeGame]):
    """After the dividend the lessee's president says who pays Rio Grande the toll (18xx.games
    ``choose "corporation"`` / ``"president"``)."""

    kinds = frozenset({"choose"})
    name = "bridge_lease"

    def active(self, g: RoyalGorgeGame, entity: str) -> bool:
        return g.bridge_due > 0 and lessee(g) == entity

    def actions(self, g: RoyalGorgeGame, entity: str) -> list[Action]:
        p = g.controller_id(entity)
        return [Choose(player=p, entity=entity, choice=c, company=LEASE) for c in payers(g, entity)]

    def check(self, g: RoyalGorgeGame, entity: str, action: Action) -> None:
        assert isinstance(action, Choose)
        if action.choice not in payers(g, entity):
            raise IllegalAction(
                f"{action.choice!r} cannot pay {entity}'s Hanging Bridge toll now",
                rule="bridge.payer",
            )

    def process(self, g: RoyalGorgeGame, entity: str, action: Action) -> None:
        assert isinstance(action, Choose)
        pay(g, entity, action.choice)
