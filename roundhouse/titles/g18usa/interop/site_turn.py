"""18xx.games's operating turn in 18USA, followed beside ours to write the passes its steps
wait for (the writer's side of what :meth:`.reader.UsaReader.read_pass` drops).

The site's turn (``G18USA::Game#operating_round``, read for the facts at tobymao/18xx
111f7f69) is a list of steps: the loan step, the track step, tokens, the Pullman purchase,
the run, the dividend, trains; after trains the interest is paid without asking and the loan
step blocks again.  A step waits for its company while it offers something and is skipped
otherwise (``Round::Base#skip_steps``); the company leaves a waiting step only by a ``pass``
or an action of a later step.  Ours ends a step by itself where nothing legal is left, so the
site's step can still be waiting where ours is not:

* track (``Step::Track``, ``Tracker#can_lay_tile?``): while a lay is left that the
  company's buying power covers, or a private the step waits for is held
  (:func:`.site_track.track_waits`);
* tokens: while the charter holds a token and ours offers a station in a city with an open
  slot (:func:`token_waits`; the Free Station subsidy's token is not on the charter);
* the Pullman (``G18USA::Step::BuyPullman``): from Phase 5, for a company without one, with
  room and the buying power for the cheapest train on offer (:func:`site_min_price`);
* the run (``G18USA::Step::Route``): while the company has a train that is not a Pullman and
  a route to run;
* the dividend: while the run earned money (``Step::Dividend`` withholds nothing itself);
* trains (``Step::BuyTrain``, ``Train#can_buy_train?``): while there is room and the buying
  power for the cheapest train on offer (a bank train less P25's discount:
  :func:`site_bank_price`; a company's train for $1, also one the site still lists under a
  company the bank liquidated: :func:`live_ghosts`); never a forced purchase;
* interest: paid as the company leaves the buy-trains step, which may still wait then;
* the loan step after interest (``G1817::Step::Loan#blocks?``): while ours' repay step asks.

Every predicate reads our public game state; nothing is changed.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Collection

from roundhouse.core.actions import Action
from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.actions import (
    BuyTrain,
    Choose,
    Dividend,
    LayTile,
    Pass,
    PlaceToken,
    RunRoutes,
)
from roundhouse.core.trains import DEPOT, Train
from roundhouse.interop.site_turn import SiteTurn as BaseSiteTurn
from roundhouse.titles.g18usa.family1817.actions import PayoffLoan
from roundhouse.titles.g18usa.family1817.hooks import FamilyHooks
from roundhouse.titles.g18usa.interop.names import board_map
from roundhouse.titles.g18usa.interop.train_reader import EXTENDER, SWITCHER
from roundhouse.titles.g18usa.ore_upgrade import UpgradeOre
from roundhouse.titles.g18usa.powers import PrivateLay
from roundhouse.titles.g18usa.private_lays import uses_tile_action
from roundhouse.titles.g18usa.site_track import buying_power, track_waits
from roundhouse.titles.g18usa.state import UsaGame
from roundhouse.titles.g18usa.train_privates import discounted_type_price

PULLMAN_PHASE = "5"


class SiteStep(enum.IntEnum):
    """The site's blocking operating steps, in their order (interest between the last two,
    never asked)."""

    TRACK = 0
    TOKEN = 1
    PULLMAN = 2
    ROUTE = 3
    DIVIDEND = 4
    TRAINS = 5
    INTEREST = 6
    LOANS = 7


OUR_STEPS = {
    "track": SiteStep.TRACK,
    "token": SiteStep.TOKEN,
    "routes": SiteStep.ROUTE,
    "attach": SiteStep.ROUTE,
    "dividend": SiteStep.DIVIDEND,
    "buy_train": SiteStep.TRAINS,
    "pay_interest": SiteStep.INTEREST,
    "payoff_loan": SiteStep.LOANS,
}
"""Our step names -> the site step that does the same."""


def our_step(g: UsaGame, corp: str) -> str | None:
    offered = g.round.offered(g, corp)
    blocking = [s for s in offered if s.blocking]
    return blocking[-1].name if blocking else None


def site_step(action: Action, g: UsaGame, corp: str) -> SiteStep | None:
    """The site step that takes one of our actions in ``corp``'s turn, or None for one the
    site allows beside its steps (loans, privates, a car) or outside them."""
    if getattr(action, "entity", None) != corp:
        return None
    if isinstance(action, LayTile) and free_home_lay(action, g, corp):
        return None
    if isinstance(action, (LayTile, UpgradeOre)):
        return SiteStep.TRACK
    if isinstance(action, PrivateLay) and uses_tile_action(g, action.company):
        # the private's ``tile_lay`` with ``consume_tile_lay`` (P16, P26, P27): the site's
        # special track step counts it among the track step's lays
        return SiteStep.TRACK
    if isinstance(action, PlaceToken):
        return SiteStep.TOKEN
    if isinstance(action, RunRoutes):
        return SiteStep.ROUTE
    if isinstance(action, Choose) and action.company in (SWITCHER, EXTENDER):
        return SiteStep.ROUTE  # ``G18USA::Step::Route#process_choose``
    if isinstance(action, Dividend):
        return SiteStep.DIVIDEND
    if isinstance(action, BuyTrain):
        depot = g.depot
        if action.train in depot.trains and depot.is_car(depot.trains[action.train]):
            return SiteStep.PULLMAN if car_step_buy(action, g) else None
        if locomotive_buy(action, g):
            return None  # P25's own step beside the turn's (``SpecialBuyTrain``)
        return SiteStep.TRAINS
    if isinstance(action, (Pass, PayoffLoan)):
        try:
            step, _ = g.round.step_for(g, action)
        except IllegalAction:
            return None
        if isinstance(action, PayoffLoan) and step.name != "payoff_loan":
            return None
        return OUR_STEPS.get(step.name)
    return None


def car_step_buy(action: Action, g: UsaGame) -> bool:
    """Whether ``action`` buys a car in our step before the run (``buy_car``) under
    ``cars_after_track``, after the track and station steps as in the site's
    ``G18USA::Step::BuyPullman``, whose purchase ends that step (``Step::BuyTrain
    #process_buy_train`` passes once no train is buyable, and a company has one car): a
    car scrapped after it leaves no Pullman step waiting (found by the differential:
    random bots, 4 players, seed 914)."""
    if not g.config.cars_after_track:
        return False
    try:
        step, _ = g.round.step_for(g, action)
    except IllegalAction:
        return False
    return step.name == "buy_car"


def locomotive_buy(action: Action, g: UsaGame) -> bool:
    """Whether ``action`` is a purchase by discarding P25 before the run (our
    ``locomotive`` step), which the site makes in ``G18USA::Step::SpecialBuyTrain``, a
    step beside the turn's, with the private as the acting entity."""
    try:
        step, _ = g.round.step_for(g, action)
    except IllegalAction:
        return False
    return step.name == "locomotive"


FREE_HOME_STEPS = frozenset({"home_brown", "boomtown"})
"""Our steps of a free home tile (§12.2.4's brown home, the Boomtown subsidy): the site lays
them inside its track step (``G18USA::Step::Track#free_brown_city_upgrade?``) or as the
subsidy's own lay, neither counted among the company's lays nor asking for a pass."""


def free_home_lay(action: Action, g: UsaGame, corp: str) -> bool:
    """Whether the lay ``action`` is taken by one of :data:`FREE_HOME_STEPS`."""
    if g.corps[corp].operated:
        return False
    try:
        step, _ = g.round.step_for(g, action)
    except IllegalAction:
        return False
    return step.name in FREE_HOME_STEPS


@dataclasses.dataclass
class SiteTurn(BaseSiteTurn[SiteStep, UsaGame]):
    """Where the site stands in one company's operating turn (walked by the shared base)."""

    ghosts: Collection[str] = ()
    """Trains the site still lists under companies the bank liquidated (:func:`live_ghosts`)."""

    @property
    def steps(self) -> type[SiteStep]:
        return SiteStep

    def waiting(self, g: UsaGame, step: SiteStep) -> bool:
        """Whether the site's ``step`` offers the company something now (module docstring)."""
        corp = self.corp
        ours = our_step(g, corp)
        if step is SiteStep.TRACK:
            return track_waits(g, corp, self.lays)
        if step is SiteStep.TOKEN:
            return ours == "token" and token_waits(g, corp)
        if step is SiteStep.PULLMAN:
            return pullman_waits(g, corp, self.ghosts)
        if step is SiteStep.ROUTE:
            return g.site_run_waits(corp)
        if step is SiteStep.DIVIDEND:
            return ours == "dividend" and (g.or_round().revenue or 0) > 0
        if step is SiteStep.TRAINS:
            return trains_wait(g, corp, self.ghosts)
        if step is SiteStep.INTEREST:
            return False
        return ours == "payoff_loan"

    def catch_up(self, g: UsaGame) -> None:
        """Skip, as the site did after the last action written, the steps up to ours' own
        that offered nothing then: before a move beside the steps that changes what they
        offer.  A car scrapped in the loan step (§12.7: at any time the company may act)
        opens no Pullman purchase the site had already skipped for the car it held (found
        by the export differential, issue #17: random seeds 14077, NP's scrap before its
        run; 14086, MILW's before its run of nothing, whose extra pass the site took for
        its buy-trains step and charged the interest)."""
        ours = our_step(g, self.corp)
        upto = OUR_STEPS.get(ours) if ours is not None else None
        if upto is not None:
            self.current(g, upto)

    def done(self, action: Action, step: SiteStep) -> None:
        """The site's step state after it took ``action`` (not a pass) in ``step``."""
        self.leave_before(step)
        if step is SiteStep.TRACK:
            self.lays += 1
        elif step in (SiteStep.TOKEN, SiteStep.PULLMAN, SiteStep.DIVIDEND) or isinstance(
            action, RunRoutes
        ):
            # a token, a car, a dividend, a run end their step; a choice not
            self.passed.add(step)


def site_charter_tokens(g: UsaGame, corp: str) -> int:
    """The station tokens left on the company's charter on the site.  The Free Station
    subsidy's token is not among them (``S9``'s ``token`` ability, ``from_owner: false``,
    makes its own, :meth:`.rules.UsaHooks.uncapped_tokens`), ours counts it; the writer
    places the charter's first and writes a station as the subsidy's when it goes to a
    full city or the charter has none left, so the subsidy is used once ours has placed
    it in a full city or placed more stations than the charter holds."""
    company = g.corps[corp]
    hooks = g.hooks
    free = hooks.uncapped_tokens(g, corp) if isinstance(hooks, FamilyHooks) else 0
    charter = company.tokens_owned - free
    if not free:
        return charter - company.tokens_placed
    used = corp not in board_map(g).free_stations or company.tokens_placed > charter
    return charter - (company.tokens_placed - int(used))


def token_waits(g: UsaGame, corp: str) -> bool:
    """``Step::Token#can_place_token?``: a token left on the charter
    (:func:`site_charter_tokens`) and a station in a city with an open slot.  A Free
    Station subsidy's token (appendix "Subsidy Tiles") is the subsidy's own ability on the
    site, which its token step does not wait for (found by the differential: heuristic
    bots, 6 players, seed 960)."""
    if site_charter_tokens(g, corp) <= 0:
        return False
    board = board_map(g).board
    for step in g.round.offered(g, corp):
        if step.blocking and step.name == "token":
            return any(
                isinstance(a, PlaceToken) and board.open_slots(a.hex, a.city, corp) > 0
                for a in step.actions(g, corp)
            )
    return False


def pullman_waits(g: UsaGame, corp: str, ghosts: Collection[str] = ()) -> bool:
    """``G18USA::Step::BuyPullman#can_buy_train?``: Phase 5 reached, no car yet, room, and
    the buying power for the cheapest train the step's ``super`` sees (``Step::Train
    #can_buy_train?``, :func:`site_min_price`: any train on offer, not only a car)."""
    depot = g.depot
    if PULLMAN_PHASE not in g.phases_reached():
        return False
    owned = depot.owned_by(corp)
    if any(depot.is_car(t) for t in owned):
        return False
    limit = depot.limit_for(corp)
    if limit is not None and depot.counted(corp) >= limit:
        return False
    cheapest = site_min_price(g, corp, ghosts)
    return cheapest is not None and buying_power(g, corp) >= cheapest


def trains_wait(g: UsaGame, corp: str, ghosts: Collection[str] = ()) -> bool:
    """``Train#can_buy_train?``: room and the buying power for the cheapest train on offer
    (:func:`site_min_price`).  A company without a train is not made to buy one
    (``G1817::Game::MUST_BUY_TRAIN = :never``)."""
    limit = g.depot.limit_for(corp)
    if limit is not None and g.depot.counted(corp) >= limit:
        return False
    cheapest = site_min_price(g, corp, ghosts)
    return cheapest is not None and buying_power(g, corp) >= cheapest


def site_min_price(g: UsaGame, corp: str, ghosts: Collection[str] = ()) -> int | None:
    """``Depot#min_price``: the cheapest train the bank offers (a car too, from Phase 5)
    at the company's price (:func:`site_bank_price`), or $1 when any other company's train
    that is not obsolete could be bought (``Depot#other_trains``: cars included), which on
    the site also counts the trains of a company the bank liquidated (``ghosts``:
    :func:`live_ghosts`)."""
    depot = g.depot
    prices = [site_bank_price(g, corp, t) for t in depot.available()]
    others = any(
        t.owner not in (corp, DEPOT)
        and t.owner in g.corps
        and not g.corps[t.owner].closed
        and not t.obsolete
        for t in depot.trains.values()
    )
    if others or live_ghosts(g, ghosts):
        prices.append(1)
    return min(prices) if prices else None


def site_bank_price(g: UsaGame, corp: str, train: Train) -> int:
    """``Train#min_price`` for a train the bank offers: its price less P25's 10% when the
    company holds American Locomotive Co. (``Step::Train#can_buy_train?`` passes the
    company's ``train_discount`` abilities; the site discounts every train its depot holds,
    the open market's too, ``Train#from_depot?``).  Without it the buy-trains step was
    thought done for a company that could pay $90 for a $100 2-train but not $100, and no
    pass was written (found by the differential: random bots, 7 players, seed 13059, where
    B&O kept $98 after two purchases)."""
    face = g.depot.type_of(train).price
    discounted = discounted_type_price(g, corp, train.type, face)
    return face if discounted is None else discounted


def live_ghosts(g: UsaGame, ghosts: Collection[str]) -> list[str]:
    """The trains of ``ghosts`` the site still lists under the company the bank liquidated
    (§14.2.1; ``G1817::Step::Acquire#process_bank_liquidate`` removes its tokens, not its
    trains, and ``Game::Base#reset_corporation`` starts a new charter, leaving them owned
    by the old one and buyable): until they rust or become obsolete."""
    depot = g.depot
    sold = depot.sold_types
    out = []
    for train_id in ghosts:
        kind = depot.type_of(depot.trains[train_id])
        if kind.rusts_on in sold or kind.obsolete_on in sold:
            continue
        out.append(train_id)
    return out
