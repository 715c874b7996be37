"""What the 18RoyalGorge translator follows of the site's side of a game: which tile copy
lies where, who holds which numbered certificate, the site's operating turn, and the moves the
site makes by itself (a pass when it is the only move, withholding a run of nothing).

Shared by both directions (:mod:`roundhouse.titles.g18royalgorge.interop.reader` and
:mod:`roundhouse.titles.g18royalgorge.interop.writer`); facts sheet
``docs/facts/18xx-games-format.md`` §4-§5.
"""

from __future__ import annotations

import dataclasses
import weakref

from roundhouse.core.actions import Action
from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.actions import (
    Bankrupt,
    Dividend,
    EndGame,
    Pass,
    RunRoutes,
)
from roundhouse.core.game import Game
from roundhouse.core.routes.adapter import route_graph
from roundhouse.core.routes.graph import RouteGraph
from roundhouse.core.shares import POOL
from roundhouse.interop.site_turn import turn_key
from roundhouse.interop.translate import (
    SiteDoc,
    Translator,
)
from roundhouse.titles.g18royalgorge.interop.certificate import SiteCertificates
from roundhouse.titles.g18royalgorge.interop.names import (
    TileCopies,
    board_map,
    engine,
)
from roundhouse.titles.g18royalgorge.interop.route_choices import Questions
from roundhouse.titles.g18royalgorge.interop.turn import (
    SiteTurn,
    our_step,
)
from roundhouse.titles.g18royalgorge.privates import discounted_price
from roundhouse.titles.g18royalgorge.site_run import route_available
from roundhouse.titles.g18royalgorge.state import RoyalGorgeGame

COMPAT = "compat_18xx_games"
SHORTER = "shorter_game_end"
DEBT_CARDS = {"RG-D": "RG", "SF-D": "SF"}
"""The site's debt cards (companies created at the Treaty of Boston) and who owes."""
NUGGET = "G2"
BRIDGE_PAYERS = ("corporation", "president")
"""The Hanging Bridge toll's payers as the site names them (its railroad chooses)."""
GHOST_TOWN = "ghost_town"
INVESTOR, MINT = "G5", "B6"
METALS = ("CF&I", "VGC")
ANY_TIME = frozenset({"choose_ability", "buy_company", "end_game"})
"""Our kinds allowed beside a turn's steps (paying debt, buying a private, ending the game)."""


@dataclasses.dataclass
class LastMove:
    """A railroad turn's latest move as read: where it stood in our log, the site's turn
    right after it, and how many passes the site still owes if the turn ended there (worked
    out only when a pass of that railroad turns up in its next turn)."""

    index: int
    action: Action
    turn: SiteTurn
    owed: int | None = None


class TurnTrack:
    """The site's operating turn followed through one export, and the passes it would still
    need if the turn ended with the last move written; reading, the turn's latest move."""

    def __init__(self) -> None:
        self.turn: SiteTurn | None = None
        self.pending: list[SiteDoc] = []
        self.last: LastMove | None = None


def owed_after(action: Action, game: Game, turn: SiteTurn) -> int:
    """How many passes the site needs if the railroad's turn ends with ``action`` (``game``
    stands just before it): its steps still waiting right after the action, before our game
    moves to the next turn (on a copy where only the action's own step has run)."""
    if isinstance(action, (Bankrupt, EndGame)):
        return 0
    copy = game.clone()
    g = engine(copy)
    try:
        step, entity = g.round.step_for(g, action)
        g.round.taking(step, entity)
        step.process(g, entity, action)
    except IllegalAction:
        return 0
    then = turn.copy()
    return then.passes_to(g, None, through=True)


def any_time_moves(game: Game) -> set[Action]:
    """The moves of steps that wait beside the turn's current step (a private's power used
    any time in the turn, such as Sulphur Springs' conversion): never a reason to think the
    site skipped anything."""
    g = engine(game)
    out: set[Action] = set()
    for entity in g.round.entities_acting(g):
        for step in g.round.offered(g, entity):
            if not step.blocking:
                out.update(step.actions(g, entity))
    return out


def silent(action: Action) -> bool:
    """A move 18xx.games makes by itself when it is the only one: a pass, or withholding
    nothing when a railroad ran no train."""
    return isinstance(action, Pass) or (isinstance(action, Dividend) and action.mode == "withhold")


def debt_share_buyable(g: RoyalGorgeGame, player: str) -> bool:
    """Whether the site's stock round still offers ``player`` a purchase we do not: a share
    of its hidden ``DEBT`` corporation, whose certificates all lie in the bank pool at the
    debt marker's price (``G18RoyalGorge::Game#init_debt_corp``).  ``Step::BuySellParShares
    #can_buy_any_from_market?`` counts them like any pool share (cash for one, room under
    the certificate limit), so the site waits for such a player's pass where our round
    offers nothing else.  Nobody ever buys one: the site's interface hides the corporation
    (``visible_corporations``)."""
    return g.ledger.cash(player) >= g.debt_price() and g.cert_count(player) < g.cert_limit()


def discount_offered(g: RoyalGorgeGame, player: str) -> bool:
    """Whether the site's stock round offers ``player`` a discounted purchase, whether or
    not it would then allow it: ``G18RoyalGorge::Step::BuySellParShares
    #can_buy_company_discounted_bundles?`` counts a Metals Investor (G5) share of CF&I or
    VGC (one the owner has not bought with it this round, in the pool, at one space down)
    and the Mint Worker's (B6) one or two VGC shares (in the pool, at half price rounded
    up) the player's cash covers, without asking whether the player sold that company this
    round; ``#can_buy?`` refuses such a purchase later, so our round does not offer it."""
    cash = g.ledger.cash(player)
    pool = {corp: g.books[corp].shares_of(POOL) for corp in METALS if corp in g.books}
    investor = g.privates.get(INVESTOR)
    if investor is not None and not investor.closed and investor.owner == player:
        bought = g.metals_bought.get(player, set())
        for corp in METALS:
            if corp not in bought and pool.get(corp, 0) and discounted_price(g, corp) <= cash:
                return True
    mint = g.privates.get(MINT)
    if mint is not None and not mint.closed and mint.owner == player and pool.get("VGC", 0):
        return -(-g.share_price("VGC") // 2) <= cash
    return False


def site_waits_in_sr(g: RoyalGorgeGame, player: str) -> bool:
    """Whether the site asks ``player`` for a move in its stock round where ours has only a
    pass: a ``DEBT`` share (:func:`debt_share_buyable`) or a discounted purchase
    (:func:`discount_offered`) is on its list."""
    return debt_share_buyable(g, player) or discount_offered(g, player)


def skipped_pass(game: Game) -> Pass | None:
    """A stock-round pass the site makes itself: the player's only move (besides moves
    allowed at any time) and nothing more on the site's list (:func:`site_waits_in_sr`).
    ``Round::Base#skip_steps`` skips a player whose step offers no action ("has no valid
    actions and passes") and records nothing, so a document never holds such a pass: the
    export leaves it out and reading puts it back, before whatever the document has next
    (even a pass of the same player) or after its last action."""
    if game.finished:
        return None
    g = engine(game)
    if g.round.kind != "SR":
        return None
    beside = any_time_moves(game)
    legal = [a for a in game.legal_actions() if a.kind not in ANY_TIME and a not in beside]
    if len(legal) != 1 or not isinstance(legal[0], Pass):
        return None
    if site_waits_in_sr(g, str(legal[0].entity)):
        return None
    return legal[0]


def skipped_run(game: Game) -> RunRoutes | None:
    """Running nothing where the site skips the run: a railroad with trains whose stations
    reach no second revenue centre (``Step::Route#actions`` offers nothing, see
    :func:`~roundhouse.titles.g18royalgorge.interop.turn.route_available`); our route step still
    asks for it ("runs for $0")."""
    g = engine(game)
    corp = turn_key(g)
    if corp is None or our_step(g, corp[2]) != "routes" or route_available(g, corp[2]):
        return None
    return next(
        (a for a in game.legal_actions() if isinstance(a, RunRoutes) and not a.routes), None
    )


def self_withholding(game: Game) -> Dividend | None:
    """Withholding a run of nothing when it is the only move left: the site does it the
    moment the run is over (``Step::Dividend#skip!``), before any move allowed at any time
    in the turn (paying debt, buying a private)."""
    beside = any_time_moves(game)
    legal = [a for a in game.legal_actions() if a.kind not in ANY_TIME and a not in beside]
    if len(legal) == 1 and isinstance(legal[0], Dividend) and legal[0].mode == "withhold":
        return legal[0]
    return None


class SiteMemory(Translator):
    """Per game (weakly keyed, so a finished replay lets go): the site's tile copies,
    certificates and operating turn."""

    def __init__(self) -> None:
        self._copies: weakref.WeakKeyDictionary[Game, TileCopies] = weakref.WeakKeyDictionary()
        self._turns: weakref.WeakKeyDictionary[Game, TurnTrack] = weakref.WeakKeyDictionary()
        self._made_silently: weakref.WeakKeyDictionary[Game, set[int]] = weakref.WeakKeyDictionary()
        """Reading: the moves of the action being read that the site made by itself."""
        self._certs: weakref.WeakKeyDictionary[Game, SiteCertificates] = weakref.WeakKeyDictionary()
        self._questions: weakref.WeakKeyDictionary[Game, Questions] = weakref.WeakKeyDictionary()
        """Writing: the site's run-extension questions in the turn under way."""

    def copies(self, game: Game) -> TileCopies:
        found = self._copies.get(game)
        if found is None:
            found = self._copies[game] = TileCopies()
        return found

    def certificates(self, game: Game) -> SiteCertificates:
        """The site's view of who holds which certificate, caught up with ``game``."""
        g = engine(game)
        found = self._certs.get(game)
        if found is None:
            found = self._certs[game] = SiteCertificates(g)
        found.catch_up(g)
        return found

    def _site_turn(self, game: Game) -> SiteTurn | None:
        """The site's operating turn under way in ``game`` (followed while reading)."""
        track = self._turns.setdefault(game, TurnTrack())
        key = turn_key(engine(game))
        if track.turn is None or track.turn.key != key:
            track.turn = None if key is None else SiteTurn(key)
        return track.turn

    def graph(self, g: RoyalGorgeGame, corp: str) -> RouteGraph:
        bm = board_map(g)
        return route_graph(bm.board, g.depot.phases.current, options=bm.graph_options(g, corp))
