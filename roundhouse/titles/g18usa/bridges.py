"""Bridge tokens (§13.4), brought by P2 Fox Bridge Works, P21 Keystone Bridge Co. and P22
American Bridge Company.

§13.4: "When a bridge token is placed on a city, the city's value is increased by $10 for all
companies.  Bridge tokens may only be placed in cities which have a bridge icon printed on the
board.  A company must be able to trace a legal route to a city to place a bridge token on the
city.  A bridge token may be placed after a tile has already been placed on a hex ... only in
New Orleans when New Orleans is not a metropolis.  If P27 Company Town is placed on a river hex
with a $10 difficult terrain cost, a bridge token may be placed on the Company Town tile.
Tiles with a bridge token may be upgraded."  18xx.games adds P26's rural junctions on a river
hex, and at most one bridge per city.

A bridge is a ``bridge`` marker on the hex; :class:`~.stop_bonus.PrivateStops` adds its $10.
18xx.games lets the owner place a bridge "when the owning corporation acts or in its turn";
here it is offered in the company's operating turn (:class:`BridgeStep`, beside the turn's
current step; under ``compat_18xx_games`` not at §12.8's interest, which the site's turn
has no moment for: ``FamilyConfig.acts_at_interest``).  The title wires in
:class:`BridgeStep` and :class:`~.stop_bonus.PrivateStops`.
"""

from __future__ import annotations

from collections.abc import Collection

from roundhouse.core.actions import Action
from roundhouse.core.board import Board
from roundhouse.core.errors import IllegalAction
from roundhouse.core.tiles import StopKind
from roundhouse.titles.g18usa.board import bridge_cities
from roundhouse.titles.g18usa.family1817.loan_step import (
    at_interest,
    at_repay,
    site_past_interest,
)
from roundhouse.titles.g18usa.listed_step import ListedStep
from roundhouse.titles.g18usa.powers import UsePrivate, held, in_turn, use
from roundhouse.titles.g18usa.private_abilities import BridgeTokens
from roundhouse.titles.g18usa.state import UsaGame
from roundhouse.titles.g18usa.stop_bonus import BRIDGE, COMPANY_TOWNS

RIVER_COST = 10
"""§13.4: a company town on "a river hex with a $10 difficult terrain cost"."""
RURAL_JUNCTIONS = frozenset({"X07", "X08", "X09"})


def bridge_sites(board: Board, metropolises: Collection[str]) -> list[str]:
    """Hexes that may take a bridge now, whoever places it: a printed bridge icon (not New
    Orleans while it is a metropolis), or a company town or rural junction on a $10 river
    hex; none with a bridge yet."""
    out: list[str] = []
    for name, here in board.hexes.items():
        if BRIDGE in here.markers:
            continue
        printed = here.printed
        river = printed.terrain == "river" and printed.cost == RIVER_COST
        if name in bridge_cities():
            if name in metropolises:
                continue
        elif not (river and here.tile.id in COMPANY_TOWNS | RURAL_JUNCTIONS):
            continue
        if any(s.kind in (StopKind.CITY, StopKind.JUNCTION) for s in here.tile.stops) or any(
            s.kind is StopKind.CITY for s in printed.tile.stops
        ):
            out.append(name)
    return out


def placements(
    g: UsaGame, corp_id: str, reach: Collection[str], metropolises: Collection[str]
) -> list[UsePrivate]:
    """The bridges the company may place now: a site it can trace a route to (``reach``: the
    hexes its routes touch), from a private it owns with a token left."""
    owned = held(g, corp_id, BridgeTokens)
    if not owned:
        return []
    sites = [h for h in bridge_sites(g.map.board, metropolises) if h in reach]
    player = g.controller_id(corp_id)
    return [
        UsePrivate(player=player, entity=corp_id, company=private.id, hex=h)
        for private, _ in owned
        for h in sites
    ]


def place(g: UsaGame, corp_id: str, private_id: str, hex_name: str) -> None:
    ability = next(a for p, a in held(g, corp_id, BridgeTokens) if p.id == private_id)
    g.map.board.add_marker(hex_name, BRIDGE)
    use(g, private_id, ability)
    g.emit("bridge", f"{corp_id} builds {private_id}'s bridge in {hex_name}")


class BridgeStep(ListedStep[UsaGame]):
    """Place a bridge token in the company's operating turn (§13.4)."""

    kinds = frozenset({"use_private"})
    blocking = False
    name = "bridge"
    passing = "passes on placing a bridge token"

    def __init__(self, metropolises: Collection[str] = ()) -> None:
        self.metropolises = frozenset(metropolises)
        """The game's metropolises (New Orleans takes no bridge while it is one); the title
        passes its set-up's."""

    def takes(self, g: UsaGame, action: Action) -> bool:
        """A bridge placement names no resource: P21's coal or ore token (the same card's
        other power) is the resource step's."""
        return (
            isinstance(action, UsePrivate)
            and not action.choice
            and action.company in g.privates
            and any(isinstance(a, BridgeTokens) for a in g.privates[action.company].spec.abilities)
        )

    def moves(self, g: UsaGame, entity: str) -> list[UsePrivate]:
        if not in_turn(g, entity):
            return []
        if not g.config.acts_at_interest and (
            at_interest(g, entity) or at_repay(g, entity) or site_past_interest(g, entity)
        ):
            # 18xx.games: no moment at the interest (FamilyConfig.acts_at_interest), and
            # its repayment (``G18USA::Step::Loan``) comes before the bridge's ``Assign``
            # step in its list, which so takes nothing while the repayment waits; nor
            # after a run it skipped took its turn past the interest (random seed 8108)
            return []
        return placements(g, entity, g.map.graph.reach(entity).hexes, self.metropolises)

    def refusal(self, g: UsaGame, entity: str, action: Action) -> IllegalAction:
        return IllegalAction(
            f"{entity} may place a bridge only from a private it owns, in a city with a "
            "bridge icon and no bridge that its routes reach (§13.4)",
            rule="bridges.placement",
        )

    def process(self, g: UsaGame, entity: str, action: Action) -> None:
        assert isinstance(action, UsePrivate)
        place(g, entity, action.company, action.hex)
