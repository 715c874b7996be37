"""18xx.games's operating turn in 18RoyalGorge, followed beside ours to write the site's passes.

The site's turn is a list of steps (``G18RoyalGorge::Game#operating_round``): track, station,
run, dividend (gold and ghost town inside it), Hanging Bridge toll, trains, and a last
company purchase that blocks.  A step waits for its railroad while it offers something (its
``actions``) and is otherwise skipped; a railroad leaves a waiting step only by acting in a
later one after a ``pass``.  Ours ends a step by itself where nothing legal is left, so the
site's step can still be waiting where ours is not.  Facts read from tobymao/18xx (generic
``Step::Track``/``Tracker``, ``Step::Token``/``Tokener``, ``Step::BuyTrain``/``Train``,
``Step::BuyCompany``, ``Round::Base#skip_steps``):

* track waits until its railroad passes, whatever is legal on the board:
  ``G18RoyalGorge::Step::Track#actions`` always offers ``choose`` (a steel column), so
  ``Round::Base#skip_steps`` never skips it; only the turn's sixth lay (``TILE_LAYS``) made
  by the step itself ends it (``Step::Track#process_lay_tile`` passes when no lay is left),
  not one made with the Steel Depot's card (:func:`special_lay`);
* the station step waits from the railroad's second turn while it has a token it can pay for
  and a city to put it in;
* the run waits while the railroad owns a train and one of its stations reaches another
  revenue centre by track (``Step::Route#actions``, ``Graph#route_info``'s
  ``route_available``); otherwise the site skips it, and then withholds the dividend;
* the dividend waits while the run earned money;
* trains wait while there is room (or a train of its own the next one rusts) and the cash
  for the cheapest train on offer: the depot's, or any other railroad's at $1;
* the last company purchase waits from the Green phase while some player owns a company a
  railroad may buy (no ``no_buy``) for half its value, rounded up, or less than its cash;
  in any phase while the railroad holds a power it may use in its turn (its debt card, not
  yet used this operating round; Sulphur Springs).

Every predicate here reads our public game state; nothing is changed.
"""

from __future__ import annotations

import dataclasses
import enum

from roundhouse.core.actions import Action
from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.actions import (
    Bankrupt,
    BuyTrain,
    Choose,
    Dividend,
    LayTile,
    Pass,
    PlaceToken,
    RunRoutes,
    SellShares,
)
from roundhouse.core.trains import DEPOT
from roundhouse.interop.site_turn import SiteTurn as BaseSiteTurn
from roundhouse.titles.g18royalgorge import steel
from roundhouse.titles.g18royalgorge.interop.names import board_map
from roundhouse.titles.g18royalgorge.site_run import route_available
from roundhouse.titles.g18royalgorge.state import RoyalGorgeGame
from roundhouse.titles.g18royalgorge.sulphur_springs import CITY_TILES, SULPHUR_SPRINGS
from roundhouse.titles.g18royalgorge.sulphur_springs import HEX as SPRINGS_HEX

BUY_COMPANY_PHASES = frozenset({"Green", "Brown", "Silver"})
"""Phases with the site's ``can_buy_companies`` status."""


class SiteStep(enum.IntEnum):
    """The site's blocking operating steps, in their order."""

    TRACK = 0
    TOKEN = 1
    ROUTE = 2
    DIVIDEND = 3
    BRIDGE = 4
    TRAINS = 5
    COMPANIES = 6


OUR_STEPS = {
    "track": SiteStep.TRACK,
    "steel": SiteStep.TRACK,
    "token": SiteStep.TOKEN,
    "routes": SiteStep.ROUTE,
    "gold": SiteStep.DIVIDEND,
    "dividend": SiteStep.DIVIDEND,
    "bridge_lease": SiteStep.BRIDGE,
    "buy_train": SiteStep.TRAINS,
    "end_turn": SiteStep.COMPANIES,
}
"""Our step names -> the site step that does the same."""

SITE_LAYS = 6
"""``G18RoyalGorge::Game::TILE_LAYS``: six lays a turn."""


def our_step(g: RoyalGorgeGame, corp: str) -> str | None:
    """The name of our blocking step waiting for ``corp`` now."""
    offered = g.round.offered(g, corp)
    return offered[-1].name if offered and offered[-1].blocking else None


def site_step(action: Action, g: RoyalGorgeGame, corp: str) -> SiteStep | None:
    """The site step that takes one of our actions in ``corp``'s turn, or None for a move
    allowed any time in the turn (a private bought, debt paid, the game ended)."""
    if isinstance(action, LayTile):
        if action.entity != corp or special_lay(action, g) == SULPHUR_SPRINGS:
            return None
        return SiteStep.TRACK
    if isinstance(action, PlaceToken):
        return SiteStep.TOKEN
    if isinstance(action, RunRoutes):
        return SiteStep.ROUTE
    if isinstance(action, Dividend):
        return SiteStep.DIVIDEND
    if isinstance(action, (BuyTrain, Bankrupt, SellShares)):
        return SiteStep.TRAINS
    if isinstance(action, (Pass, Choose)):
        try:
            step, _ = g.round.step_for(g, action)
        except IllegalAction:
            return None
        return OUR_STEPS.get(step.name)
    return None


def special_lay(action: LayTile, g: RoyalGorgeGame) -> str | None:
    """The private card that makes one of our lays on the site (``Step::SpecialTrack``: a
    ``lay_tile`` by the company), or None for the railroad's own lay:

    * Sulphur Springs (B2): its R tile on E3 (``tile_lay`` ability on E3, RG1-RG3; no steel,
      not one of the turn's six lays);
    * Steel Depot (B3): a yellow lay paid with a depot cube (our steel step takes one
      whenever the market would charge; the site's track step always charges the market,
      and only a lay by the card itself spends the card's cubes, still one of the six)."""
    if action.hex == SPRINGS_HEX and action.tile in CITY_TILES.values():
        springs = g.privates.get(SULPHUR_SPRINGS)
        if springs is not None and springs.owner == action.entity and not springs.closed:
            return SULPHUR_SPRINGS
    tiles = board_map(g).board.tiles
    if action.tile not in tiles:
        return None
    try:
        column, _ = steel.quote(g, action.entity, tiles[action.tile].colour)
    except IllegalAction:
        return None
    return steel.STEEL_DEPOT if column == "" else None


@dataclasses.dataclass
class SiteTurn(BaseSiteTurn[SiteStep, RoyalGorgeGame]):
    """Where the site stands in one railroad's operating turn (walked by the shared base)."""

    @property
    def steps(self) -> type[SiteStep]:
        return SiteStep

    def waiting(self, g: RoyalGorgeGame, step: SiteStep) -> bool:
        """Whether the site's ``step`` offers the railroad something now."""
        corp = self.corp
        if step is SiteStep.TRACK:
            return True
        if step is SiteStep.TOKEN:
            return token_waits(g, corp)
        ours = our_step(g, corp)
        if step is SiteStep.ROUTE:
            return ours == "routes" and route_available(g, corp)
        if step is SiteStep.DIVIDEND:
            revenue = g.or_round().revenue or 0
            return ours in ("gold", "dividend") and revenue > 0
        if step is SiteStep.BRIDGE:
            return ours == "bridge_lease"
        if step is SiteStep.TRAINS:
            return trains_wait(g, corp)
        return companies_wait(g, corp)

    def done(self, action: Action, step: SiteStep, *, by_card: bool = False) -> None:
        """The site's step state after it took ``action`` in ``step`` (``by_card``: a lay the
        site makes with a private card, :func:`special_lay`)."""
        self.leave_before(step)
        if step is SiteStep.TRACK and isinstance(action, LayTile):
            self.lays += 1
            if self.lays >= SITE_LAYS and not by_card:
                self.passed.add(step)
        elif step in (SiteStep.TOKEN, SiteStep.ROUTE, SiteStep.BRIDGE) and not isinstance(
            action, Pass
        ):
            if step is not SiteStep.BRIDGE or isinstance(action, Choose):
                self.passed.add(step)
        elif step is SiteStep.DIVIDEND and isinstance(action, Dividend):
            self.passed.add(step)


def token_waits(g: RoyalGorgeGame, corp: str) -> bool:
    """``Tokener#can_place_token?`` with ``G18RoyalGorge::Step::Token``: not in the first
    turn (the home station counts), a token left, its price in cash, a city to put it in."""
    company = g.corps[corp]
    if company.operated <= 0:
        return False
    price = company.next_token_cost()
    if price is None:
        return False
    cash = g.ledger.cash(corp)
    return any(price + t.cost <= cash for t in g.map.token_placements(g, corp))


def trains_wait(g: RoyalGorgeGame, corp: str) -> bool:
    """``Train#can_buy_train?`` with the title's ``room?`` (a train that the next one rusts
    leaves room), or a purchase forced on a railroad without trains."""
    depot = g.depot
    owned = depot.owned_by(corp)
    offered = depot.available()
    if not owned and offered:
        return True
    limit = depot.limit_for(corp)
    if limit is not None and depot.counted(corp) >= limit:
        upcoming = depot.trains[depot.upcoming[0]].type if depot.upcoming else None
        if upcoming is None or not any(depot.type_of(t).rusts_on == upcoming for t in owned):
            return False
    prices = [
        min([depot.type_of(t).price, *(v.price for v in depot.type_of(t).variants)])
        for t in offered
    ]
    others = any(
        t.owner not in (corp, DEPOT) and t.owner in g.corps and not g.corps[t.owner].closed
        for t in depot.trains.values()
    )
    if others:
        prices.append(1)
    return bool(prices) and g.ledger.cash(corp) >= min(prices)


def companies_wait(g: RoyalGorgeGame, corp: str) -> bool:
    """``Step::BuyCompany#actions`` for the turn's last, blocking purchase: a company the
    railroad may buy, or else a pass while the railroad holds a power usable in its turn
    (``abilities(entity, passive_ok: false)``: its debt card not yet used this operating
    round, whatever its cash, or Sulphur Springs' lay)."""
    if (
        g.treaty
        and g.debt_owed.get(corp, 0) > 0
        and g.debt_paid_or.get(corp) != (g.set_count, g.or_in_set)
    ):
        return True
    springs = g.privates.get(SULPHUR_SPRINGS)
    if springs is not None and not springs.closed and springs.owner == corp:
        return True
    if g.depot.phases.current.name not in BUY_COMPANY_PHASES:
        return False
    cash = g.ledger.cash(corp)
    return any(
        not p.closed
        and p.owner in g.seats
        and p.spec.company_may_buy
        and -(-p.spec.value // 2) <= cash
        for p in g.privates.values()
    )
