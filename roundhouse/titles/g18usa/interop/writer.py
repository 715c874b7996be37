"""Our 18USA actions written as 18xx.games would have recorded them (:class:`UsaWriter`), the
inverse of :mod:`.reader`: the passes the site's steps wait for (:mod:`.site_turn`, the
start auctions' bidders who cannot raise), none of the moves it makes by itself
(:func:`site_makes`, the reader's :mod:`.site_moves`), tiles and cities by the site's names
(:mod:`.site_names`), a resource token laid with its tile, Denver's orientation as the
``X04`` lay, a company's purchases of its own shares in one action, the Pullman attached to
the train our run gave its bonus.

Some site actions need what comes after ours (the token placed with a tile, Denver's
orientation chosen later than the site asks, a company's next purchase): the writer holds
its output back (:class:`Held`) until the next action settles it.
"""

from __future__ import annotations

import dataclasses
import weakref
from collections.abc import Iterator

from roundhouse.core.actions import Action, Json
from roundhouse.core.config import EndTrigger
from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.actions import (
    Bankrupt,
    Bid,
    BuyShares,
    BuyTrain,
    Choose,
    DiscardTrain,
    Dividend,
    LayTile,
    Pass,
    PlaceToken,
    RunRoutes,
    SellShares,
)
from roundhouse.core.flow.operating_round import OperatingRound
from roundhouse.core.flow.stock_round import may_hold_president
from roundhouse.core.flow.trade import sale_counts
from roundhouse.core.game import Game
from roundhouse.core.routes.adapter import route_graph
from roundhouse.core.routes.run import to_18xx_games
from roundhouse.core.shares import POOL, ShareBook
from roundhouse.core.trains import SCRAPPED, Train
from roundhouse.interop.site_turn import turn_key
from roundhouse.interop.translate import SeatIds, SiteDoc, Translator
from roundhouse.titles.g18usa.board import red_areas
from roundhouse.titles.g18usa.denver import DENVER, ORIENTATIONS
from roundhouse.titles.g18usa.family1817.actions import (
    Assign,
    Convert,
    Merge,
    PayoffLoan,
    ScrapTrain,
    Short,
    TakeLoan,
)
from roundhouse.titles.g18usa.family1817.company_start import StartAuction, bid_limit
from roundhouse.titles.g18usa.family1817.loan_step import (
    InterestStep,
    may_borrow,
    site_past_interest,
)
from roundhouse.titles.g18usa.family1817.private_auction import SelectionAuctionStep
from roundhouse.titles.g18usa.family1817.short_sale import (
    CorporateStockRound,
    CorporateStockStep,
)
from roundhouse.titles.g18usa.family1817.takeover_round import TakeoverRound
from roundhouse.titles.g18usa.interop.memory import note_acquired
from roundhouse.titles.g18usa.interop.names import P8_REMOVE, board_map, engine
from roundhouse.titles.g18usa.interop.president_swap import (
    PRESIDENT_SHARES,
    Sale,
    pair_holdings,
    realias,
)
from roundhouse.titles.g18usa.interop.site_moves import (
    ANY_TIME,
    BESIDE,
    car_purchase,
    interest_payment,
    offer_nobody_can_buy,
)
from roundhouse.titles.g18usa.interop.site_names import METROPOLIS_TILES, SiteTiles, site_tile_name
from roundhouse.titles.g18usa.interop.site_turn import (
    FREE_HOME_STEPS,
    SiteStep,
    SiteTurn,
    locomotive_buy,
    site_charter_tokens,
    site_step,
)
from roundhouse.titles.g18usa.interop.train_reader import EXTENDER, SWITCHER
from roundhouse.titles.g18usa.law_firm_step import is_law_firm
from roundhouse.titles.g18usa.ore_upgrade import UpgradeOre
from roundhouse.titles.g18usa.powers import PrivateLay, UsePrivate, owner_of
from roundhouse.titles.g18usa.powers import held as abilities_held
from roundhouse.titles.g18usa.private_abilities import PennsyBoneyard
from roundhouse.titles.g18usa.red_areas import area_of, express_cut
from roundhouse.titles.g18usa.resource_subsidy import SubsidyLay
from roundhouse.titles.g18usa.route_privates import permanent
from roundhouse.titles.g18usa.setup_draw import FREE_STATION
from roundhouse.titles.g18usa.state import UsaGame
from roundhouse.titles.g18usa.train_privates import BONEYARD, LOCOMOTIVE, BoneyardRound

SITE_TURN_LIMIT = "dnf"
"""``Game::Base#process_single_action``: the end reason of a game still going at turn 100."""
SITE_RAISE = 1
"""``G18USA::Step::BuySellParShares#min_increment``: a raise of $1 or more."""
SHORT_FIRST = 9
"""``G1817::Game#short``: a short sale's shares are numbered after max(highest, 9)."""
SITE_NEW_SHARES = {2: (1, 3), 5: (4, 5)}
"""Size converted from -> (first number, count) of the shares ``G1817::Game#convert`` adds."""


def out_of_private_auction(g: UsaGame, player: str) -> bool:
    """Whether the site has already dropped ``player`` from the private auction under way
    (§10): ``Step::PassableAuction`` drops every bidder whose cash is short of the next bid
    ($5 over the high bid, ``MIN_BID_INCREMENT``) when the auction opens and after each
    bid, recording nothing ("cannot bid … and is out of the auction"); ours asks them to
    pass.  A bidder's cash does not change during the auction and the next bid only rises,
    so being short of it now is having been dropped."""
    for step in getattr(g.round, "steps", ()):
        if isinstance(step, SelectionAuctionStep) and step.auction is not None:
            auction = step.auction
            return player != auction.high_bidder and g.ledger.cash(player) < auction.min_next(
                g.config.bid_step
            )
    return False


@dataclasses.dataclass
class AuctionTrack:
    """The site's side of one company start auction: who it still asks, who acted last."""

    auction: StartAuction | None
    active: set[str] = dataclasses.field(default_factory=set)
    last: str = ""


@dataclasses.dataclass
class EndSeen:
    """Whether 18xx.games sees §16's end trigger (the first 8-train, its Phase 8) in the
    document written: the site checks for the game end only after it processes an action
    (``Game::Base#process_single_action``), so Phase 8 reached by a train the Bank exports
    at an operating round's end (§12.10) with no action written after it is never seen;
    the site then plays empty rounds until its turn limit and ends the game ``dnf``."""

    trigger_at: int | None = None
    """Index in our log of the action after which the end was first triggered."""
    by_purchase: bool = False
    """That action was the purchase that triggered it (the site checks right after it)."""
    wrote_at: int = -1
    """Index in our log of the last action the site was given something for."""

    def note(self, game: Game) -> None:
        """Called with the position before each action written and with the final one."""
        if self.trigger_at is not None or not game.log:
            return
        if EndTrigger.FINAL_TRAIN.value in engine(game).end.fired:
            self.trigger_at = len(game.log) - 1
            self.by_purchase = isinstance(game.log[-1], BuyTrain)

    def site_reason(self, reason: str | None) -> str | None:
        """The site's end reason for a game of ours that ended for ``reason`` (site words)."""
        if reason != "final_phase" or self.trigger_at is None:
            return reason
        if self.by_purchase or self.wrote_at > self.trigger_at:
            return reason
        return SITE_TURN_LIMIT


@dataclasses.dataclass
class WriteMemory:
    """What the writer keeps of one game between our actions."""

    tiles: SiteTiles = dataclasses.field(default_factory=SiteTiles)
    turn: SiteTurn | None = None
    auction: AuctionTrack | None = None
    held: list[SiteDoc] = dataclasses.field(default_factory=list)
    """Output waiting for the next action (see the module docstring)."""
    denver_next: bool = False
    """The action being written makes the site ask for Denver's orientation next."""
    denver_at: int | None = None
    """Where in :attr:`held` Denver's ``X04`` lay goes, once our game says how it turns."""
    alias: dict[str, str] = dataclasses.field(default_factory=dict)
    """Our certificate id -> the site's, where a short sale numbered them apart."""
    top: dict[str, int] = dataclasses.field(default_factory=dict)
    """Company -> the highest certificate number on the site."""
    trains: dict[str, str] = dataclasses.field(default_factory=dict)
    """Our train id -> the site's, where they differ (our 2-trains share ids)."""
    acquired: dict[str, int] = dataclasses.field(default_factory=dict)
    """Our train id -> when its company got it (the site lists trains so)."""
    loans: list[int] | None = None
    """The site's loans not lent, in its order (``@loans``)."""
    held_loans: dict[str, list[int]] = dataclasses.field(default_factory=dict)
    """Company -> the site's loans it holds, in the order taken."""
    discards: list[SiteDoc] = dataclasses.field(default_factory=list)
    """Train discards after a merger or acquisition written once its token cuts are: the
    site's ``ReduceTokens`` step comes before its ``DiscardTrain``."""
    operated: dict[str, int] = dataclasses.field(default_factory=dict)
    """Company -> operating turns it had finished when the last action was written."""
    conversion_loan: str = ""
    """A company that took a loan after converting (§14.1.1): the site's loan step waits
    for its pass, which ours does not ask for when the turn ends with the loan."""
    pullman_buyer: str = ""
    """The company that just bought another in a sale (§14.2), while the site may still ask
    it whether to scrap a Pullman (:func:`_pullman_pass`)."""
    loan_before_interest: bool = False
    """Whether the loan being written is taken before the company's interest is due
    (:func:`_before_interest`): it may go before the passes held ahead of it."""
    turn_docs: list[SiteDoc] = dataclasses.field(default_factory=list)
    """What was written in the operating turn under way (:attr:`turn`): the only passes a
    loan of that turn goes before."""
    scrap_at: int | None = None
    """Where in :attr:`held` the car being scrapped goes: before the turn's lays
    (:func:`_scrap_before_lays`)."""
    denver_by: str = ""
    """The company the site asks for Denver's orientation (the one started there, else the
    first to lay track into it), whoever chooses it in our game."""
    denver_home: bool = False
    """Denver is the home of the company being started: the site asks for the
    orientation once the start is over."""
    denver_was_open: bool = False
    """Whether Denver's orientation was open when the last action was written
    (:func:`_note_denver_made`)."""
    end_seen: EndSeen = dataclasses.field(default_factory=lambda: EndSeen())
    boneyard_could: tuple[str, frozenset[str]] | None = None
    """P13's company and its trains P13 may save, when the last action was written
    (:func:`_unasked_boneyard`)."""
    pool: dict[str, list[str]] = dataclasses.field(default_factory=dict)
    """Company -> its shares in the open market by the site's ids, in the site's order
    (:func:`_note_pool`)."""
    holdings: dict[tuple[str, str], list[str]] = dataclasses.field(default_factory=dict)
    """(company, player) -> the site's ids of the player's shares in the order they came
    (``ShareHolder#shares_by_corporation`` appends), which a sale handing over the
    presidency follows (:func:`_note_pool`, :mod:`.president_swap`)."""
    shorts: dict[tuple[str, str], list[int]] = dataclasses.field(default_factory=dict)
    """(company, holder) -> the site's numbers of the short shares held, oldest first
    (``G1817::Game#unshort`` closes the first of the holder's)."""
    merged: dict[str, dict[str, list[str]]] = dataclasses.field(default_factory=dict)
    """Company -> holder -> the site's ids of its shares after a merger just written
    (:func:`_site_merger`), which ours take at the next action (:func:`_note_merged`)."""
    bankrupt: str = ""
    """The player whose bankruptcy was just written: their shares went to the open market,
    where shorts were paired off (:func:`_pair_pool_shorts`)."""
    ghosts: set[str] = dataclasses.field(default_factory=set)
    """Trains of companies the bank liquidated, still listed on the site
    (:func:`.site_turn.live_ghosts`)."""
    sale: Sale | None = None
    """A president's sale just written: if it handed over the presidency, the next
    action's writing pairs our certificates with the site's (:mod:`.president_swap`)."""
    buy: tuple[str, str, str | None, tuple[str, ...]] | None = None
    """A player's purchase just written: company, buyer, president before it, the site's
    ids bought (:func:`_note_buy`)."""
    holders: dict[str, tuple[str, int]] = dataclasses.field(default_factory=dict)
    """Train -> the company holding it when the last action was written, and that
    company's charter (``id`` of its :class:`~roundhouse.core.entities.Corporation`: a
    closed company's charter is replaced)."""
    books: dict[str, ShareBook] = dataclasses.field(default_factory=dict)
    """Company -> its share book when the last action was written: a company
    that leaves play gets a fresh book (:func:`.company_sale.close`), the site fresh shares
    (``Game::Base#reset_corporation``), and what was known of the old ones is forgotten
    (:func:`_forget_gone`)."""


def stock_turn_with_nothing_to_do(g: UsaGame, action: Action, legal: list[Action]) -> bool:
    """Whether ``action`` is a stock-round player's pass that is all they may do (§11: no
    sale, short, purchase, company start, nor anything for one of their companies).  The
    site offers such a player no action at all, so ``Round::Base#skip_steps`` passes for
    them without a record (``Step::Base#skip!``); ours asks for the pass.  A player who
    sold shares of a company this turn and could sell more of it is still asked on the site
    (its sales are one action per lot, ours one per company a turn: the same, as sales do
    not move the price, §11.1), so that pass is written."""
    return (
        isinstance(action, Pass)
        and isinstance(g.round, CorporateStockRound)
        and g.round.auction is None
        and action.entity in g.seats
        and legal == [action]
        and not _sells_again(g, str(action.entity))
    )


def _sells_again(g: UsaGame, player: str) -> bool:
    """Whether ``player``, who has not bought this turn, could sell more of a company they
    sold this turn (the site's ``can_sell_any?``); after a short sale, any company's shares:
    §11 puts sales before the short sale, but the site's only bar to a sale in the turn is a
    purchase (``G1817::Step::BuySellParShares#can_sell_order?``), so it still asks a player
    who shorted and holds shares they could sell (found by the differential: random bots,
    6 players, seed 6022, where P2's pass after shorting MILW, holding MKT, was left
    unwritten)."""
    r = g.round
    assert isinstance(r, CorporateStockRound)
    if r.turn_bought:
        return False
    shorted = any(isinstance(s, CorporateStockStep) and s.shorted for s in r.steps)
    companies = g.books if shorted else r.turn_sold
    return any(sale_counts(g, player, corp) for corp in companies if corp in g.books)


def _acted_for_a_company(g: UsaGame) -> bool:
    """Whether the stock turn now ending was spent acting for a company (§11.7); outside a
    stock round, true.  A president's last move for a company in the merger round before
    is not this turn's (found by the differential: random bots, 2 players, seed 2000,
    where P2's stock-round pass after KCS's merger-round pass was left unwritten)."""
    if not isinstance(g.round, CorporateStockRound):
        return True
    return any(isinstance(s, CorporateStockStep) and s.for_company for s in g.round.steps)


def site_makes(action: Action, game: Game) -> bool:
    """Whether 18xx.games makes ``action`` by itself, recording nothing (the reader makes it
    again, :func:`.site_moves.silent_moves`): passing an offer nobody could buy, paying
    interest, withholding when that is the only move, a merger-round turn with nothing but a
    pass, the end of a stock turn spent acting for a company, the one company that may buy
    what its president won, the loan a buyer short of its bid must take; a friendly sale
    nobody could buy, offered or declined (the site never asks)."""
    if not isinstance(action, (Pass, Dividend, TakeLoan, Merge, Assign)):
        return False  # (the question below lists every legal move: tile lays are many)
    g = engine(game)
    if isinstance(action, (Pass, Assign)) and offer_nobody_can_buy(game):
        return True  # declined or offered, the company is not sold (§14.2.3)
    if interest_payment(game) == action:
        return True
    legal = list(game.legal_actions())
    only = [a for a in legal if a.kind not in ANY_TIME | BESIDE and not car_purchase(game, a)]
    lone = len(only) == 1 and only[0] == action
    takeover = isinstance(g.round, TakeoverRound)
    if lone and isinstance(action, Dividend):
        return True
    if takeover and isinstance(action, Pass) and legal == [action]:
        return True  # a loan on offer (after a conversion) makes the site wait
    if stock_turn_with_nothing_to_do(g, action, legal):
        return True
    if (
        lone
        and isinstance(action, Pass)
        and action.entity in g.seats
        and game.log
        and game.log[-1].player == action.player
        and getattr(game.log[-1], "entity", None) in g.corps
        and _acted_for_a_company(g)
        and not (
            isinstance(game.log[-1], TakeLoan)
            and any(getattr(a, "entity", None) == game.log[-1].entity for a in legal)
        )
    ):
        # after a loan the site still asks while the company may borrow again or buy its
        # own shares (``G1817::Step::BuySellParShares#any_corporate_actions?``)
        return True
    if takeover and len(legal) == 1 and legal[0] == action and isinstance(action, TakeLoan):
        return True
    return lone and isinstance(action, Merge) and action.entity in g.seats


class UsaWriter(Translator):
    """The writing half of the 18USA translator."""

    def __init__(self) -> None:
        super().__init__()
        self._write: weakref.WeakKeyDictionary[Game, WriteMemory] = weakref.WeakKeyDictionary()
        self._ends: weakref.WeakKeyDictionary[Game, EndSeen] = weakref.WeakKeyDictionary()

    def written(self, game: Game) -> WriteMemory:
        found = self._write.get(game)
        if found is None:
            found = self._write[game] = WriteMemory()
            g = engine(game)
            _note_metropolises_made(g, found)
            for corp, book in g.books.items():
                found.top[corp] = max(int(c.rpartition("_")[2]) for c in book.certs)
            found.denver_was_open = g.denver_open
        return found

    # -- the framework's entry -----------------------------------------------------------

    def write(self, action: Action, game: Game, seats: SeatIds) -> list[SiteDoc]:
        memory = self.written(game)
        turn = memory.turn
        memory.end_seen.note(game)
        _forget_gone(engine(game), memory)
        _note_ghosts(engine(game), memory)
        _note_sale(engine(game), memory)
        _note_buy(engine(game), memory)
        _note_merged(engine(game), memory)
        _note_pool(engine(game), memory)
        _note_shorts(engine(game), memory)
        out = _unasked_boneyard(game, memory)
        out += _pullman_pass(action, game, memory)
        out += _unasked_discards(game, memory)
        out += self._auction_passes(action, game, memory, seats)
        _note_metropolises_made(engine(game), memory)
        _note_denver_made(engine(game), memory)
        if memory.denver_home and not isinstance(
            getattr(engine(game).round, "auction", None), StartAuction
        ):
            # the site asks once the start is over (``par_corporation``): after the passes
            # of the bidders it still asked in the auction
            memory.denver_home = False
            memory.denver_at = len(memory.held) + len(out)
        out += self._silent_turns(game, memory)
        lender = memory.conversion_loan
        in_round = isinstance(engine(game).round, TakeoverRound)
        if (
            lender
            and (getattr(action, "entity", None) != lender or not in_round)
            and may_borrow(engine(game), lender)
        ):
            # the site's post-conversion loan step waits while the company may borrow more
            # (``G1817::Step::PostConversionLoans#active_entities``), also when the next
            # action is the company's own in the operating round that follows
            out.append(_corp_pass(lender))
        memory.conversion_loan = ""
        memory.loan_before_interest = isinstance(action, TakeLoan) and _before_interest(
            engine(game), str(action.entity)
        )
        if isinstance(action, Merge) and str(action.entity) not in engine(game).corps:
            memory.pullman_buyer = str(action.corporation)
        if isinstance(action, TakeLoan) and isinstance(engine(game).round, TakeoverRound):
            memory.conversion_loan = str(action.entity)
        earlier = len(out)
        out += self._operating(action, game, seats, memory)
        if memory.turn is None:
            memory.turn_docs = []
        elif memory.turn is not turn:
            memory.turn_docs = out[earlier:]  # what came before ended earlier turns
        else:
            memory.turn_docs += out
        if out:
            memory.end_seen.wrote_at = len(game.log)
        return self._release(memory, out, action)

    def finish(self, game: Game, seats: SeatIds) -> list[SiteDoc]:
        memory = self._write.pop(game, None)
        if memory is None:
            return []
        memory.end_seen.note(game)
        self._ends[game] = memory.end_seen
        if memory.denver_at is not None:
            # asked by the site, never by ours: the game ended before the company started
            # in Denver first operated (§12.2.3; found by the differential, issue #17:
            # random bots, 4 players, seed 14014, DRG's start in the last stock round).
            # The tile stays as set-up laid it, the orientation the site is told.
            rotation = board_map(engine(game)).board.hexes[DENVER].rotation
            memory.held.insert(memory.denver_at, _denver_lay(memory, "", rotation))
            memory.denver_at = None
        return [a for a in [*memory.held, *_unasked_discards(game, memory)] if a]

    def written_end_reason(self, game: Game) -> str | None:
        """The site's end reason for the document just written (:class:`EndSeen`)."""
        reason = self.end_reason(game.end_reason)
        seen = self._ends.pop(game, None)
        return reason if seen is None else seen.site_reason(reason)

    def _release(self, memory: WriteMemory, out: list[SiteDoc], action: Action) -> list[SiteDoc]:
        """Add ``out`` to what is held and give back what no later action can change."""
        held = memory.held
        for site in out:
            last = held[-1] if held else None
            if (
                last is not None
                and site.get("type") == "buy_shares"
                and last.get("type") == "buy_shares"
                and site.get("entity_type") == "corporation"
                and last.get("entity") == site.get("entity")
            ):
                last["shares"] = [*_texts(last["shares"]), *_texts(site["shares"])]
                last["percent"] = _int(last["percent"]) + _int(site["percent"])
                continue
            if (
                site.get("type") == "take_loan"
                and memory.loan_before_interest
                and _lays_before_loans(held)
                and held[-1].get("entity") == site.get("entity")
            ):
                # §9: a loan may be taken at any time in the company's turn; the site's
                # turn may end with the pass held before it (nothing after the track step
                # waits: seed 2325, KCS's loan after passing its second lay, refused in the
                # next turn's track step), so it goes before the company's passes; not
                # one after the interest, which the pass before it paid (seed 2332); nor
                # one of an earlier turn, whose loan step or merger round it ended (seeds
                # 12058, 12065: SR's loan went to the turn before and was in the interest
                # rate set at the next round's start, §9, so SR could not pay its interest)
                at = len(held)
                while (
                    at
                    and held[at - 1].get("type") == "pass"
                    and any(held[at - 1] is doc for doc in memory.turn_docs)
                ):
                    at -= 1
                held.insert(at, site)
                continue
            if site.get("type") == "scrap_train" and memory.scrap_at is not None:
                held.insert(memory.scrap_at, site)
                if memory.denver_at is not None and memory.scrap_at <= memory.denver_at:
                    memory.denver_at += 1
                memory.scrap_at = None
                continue
            held.append(site)
        if memory.denver_next:
            memory.denver_next = False
            if memory.denver_at is None:  # a home in Denver asked first
                memory.denver_at = len(held)
        if memory.denver_at is not None:
            return []
        keep = 0
        if held and held[-1].get("type") in ("lay_tile", "buy_shares"):
            keep = 1
        lays = _lays_before_loans(held)
        if lays:
            keep = len(held) - lays[0]  # a resource token may still ride on those tiles
        release = held[: len(held) - keep]
        memory.held = held[len(held) - keep :]
        return [a for a in release if a]

    # -- the site's operating turn --------------------------------------------------------

    def _operating(
        self, action: Action, game: Game, seats: SeatIds, memory: WriteMemory
    ) -> list[SiteDoc]:
        """The passes the site's turn needs before ``action``, then the action's own."""
        g = engine(game)
        key = turn_key(g)
        if key is None:
            memory.turn = None
            return self._own(action, game, seats)
        if _boneyard_asks(g):
            # the site's ``ObsoleteTrain`` step: a choice or a pass, never the interest's
            # pass the same move of ours would otherwise be taken for (:func:`site_makes`)
            return Translator.write(self, action, game, seats)
        if memory.turn is None or memory.turn.key != key:
            memory.turn = SiteTurn(key, ghosts=memory.ghosts)
        turn = memory.turn
        if site_past_interest(g, turn.corp):
            # the site skips its run, dividend and buy-trains steps and pays the interest
            # (differential random seed 8104: a pass for a buy-trains step that a car
            # scrapped since seemed to open ended its turn); a step before the run still
            # waiting there (the track step's second lay, or P17's) takes its pass as the
            # turn moves on, before the interest (seed 12063: NP's track step waited for
            # P17 after its lay, and P3's bankruptcy over NP's interest came in it)
            turn.passed.update(s for s in SiteStep if SiteStep.ROUTE <= s < SiteStep.LOANS)
        if isinstance(action, ScrapTrain):
            memory.scrap_at = _scrap_before_lays(memory)
            if memory.scrap_at is None:
                turn.catch_up(g)
        step = site_step(action, g, turn.corp)
        if step is None:
            return self._own(action, game, seats)
        if step is SiteStep.INTEREST:
            # §12.8 interest: the site pays it without asking, as the company leaves a
            # step still waiting then (buy trains: a train of another company at $1), which
            # the interest's cost may close by the repay step
            return _leaving(turn.corp, turn.left_to(g, step, through=False))
        passing = isinstance(action, Pass)
        if passing and not turn.waiting(g, step) and step not in (SiteStep.TRACK,):
            # the site skips the step we pass in; the ones before it still waiting take
            # their passes (the track step's second lay, before a token step the site
            # skips: found by the differential, heuristic seed 960)
            before = _leaving(turn.corp, turn.left_to(g, step, through=False))
            turn.passed.add(step)
            return before
        before = _leaving(turn.corp, turn.left_to(g, step, through=passing))
        if passing:
            return before
        if isinstance(action, Dividend) and not turn.waiting(g, step):
            return before  # a run of nothing: the site withholds by itself
        if isinstance(action, Choose) and not turn.waiting(g, step):
            # P19/P30 attached for a run the site skips (no route: its route step, which
            # alone offers the ``choose``, never waits); the attachment lasts the turn only
            return before
        own = self._own(action, game, seats)
        turn.done(action, step)
        return before + own

    @staticmethod
    def _silent_turns(game: Game, memory: WriteMemory) -> list[SiteDoc]:
        """The passes owed for operating turns that ended since the last action written:
        the site's track step waits for the first lay whatever the board offers, so a turn
        that ended before its track step was passed (a loan taken, or no move of ours at
        all) owes it a pass."""
        g = engine(game)
        out: list[SiteDoc] = []
        turn = memory.turn
        key = turn_key(g)
        ended: list[str] = []
        if turn is not None and turn.key != key:
            if SiteStep.TRACK not in turn.passed and turn.lays == 0:
                out.append(_corp_pass(turn.corp))
            memory.turn = None
        operated = {c: corp.operated for c, corp in g.corps.items()}
        last = turn.corp if turn is not None else None
        for corp, n in operated.items():
            more = n - memory.operated.get(corp, n)
            if corp == last:
                more -= 1
            ended.extend([corp] * max(0, more))
        order = list(getattr(g.round, "done", []))
        ended.sort(key=lambda c: order.index(c) if c in order else -1)
        out.extend(_corp_pass(c) for c in ended)
        memory.operated = operated
        return out

    def _own(self, action: Action, game: Game, seats: SeatIds) -> list[SiteDoc]:
        if site_makes(action, game):
            if isinstance(action, Merge):
                # the site acquires by itself but still asks for the same-hex removals
                return self._merge_removals(action, game)
            return []
        return Translator.write(self, action, game, seats)

    # -- start auctions -------------------------------------------------------------------

    def _auction_passes(
        self, action: Action, game: Game, memory: WriteMemory, seats: SeatIds
    ) -> list[SiteDoc]:
        """The passes of bidders the site still asks in a company's start auction where ours
        let them out without a move.  The site (``Step::PassableAuction``) drops a bidder who
        cannot bid the least raise when the auction opens and after each bid, silently; one
        who could then but cannot when their turn comes (the home city chosen after the
        opening bid took a larger cash subsidy away, §11.6.1) is passed for by the site
        (``G18USA::Step::BuySellParShares#auto_actions``), which records that pass.  A
        player at the certificate limit cannot bid at all there (``G1817::Step::
        BuySellParShares#max_bid`` is $0; §11.4), nor take part in ours (found by the
        differential: heuristic bots, 7 players, seeds 7005, 7023 and 7029, where such a
        player's pass was written)."""
        g = engine(game)
        out: list[SiteDoc] = []
        track = memory.auction
        current = getattr(g.round, "auction", None)
        if track is not None and track.auction is None and isinstance(current, StartAuction):
            track.auction = current
        if track is not None and track.auction is not None:
            a = track.auction
            stop = a.high_bidder if a.phase != "bid" else a.bidders[a.turn]
            if track.last in a.bidders and a.phase != "home":
                n = len(a.bidders)
                start = a.bidders.index(track.last)
                for k in range(1, n):
                    p = a.bidders[(start + k) % n]
                    if p == stop:
                        break
                    if p not in track.active or p == a.high_bidder:
                        continue
                    out.append(
                        {"type": "pass", "entity": seats.player_id(p), "entity_type": "player"}
                    )
                    track.active.discard(p)
            if a.phase not in ("bid", "home"):
                memory.auction = None
                track = None
        actor = str(action.player)
        if isinstance(action, Bid) and action.company in g.corps:
            if track is None:
                # the opening bid: the home city is not chosen yet, so every bidder's limit
                # counts the largest cash subsidy
                track = memory.auction = AuctionTrack(None)
                track.active = {
                    p
                    for p in g.players
                    if p == actor
                    or (
                        bid_limit(g, p) >= action.price + SITE_RAISE
                        and may_hold_president(g, p, action.company)
                    )
                }
            else:
                open_auction = track.auction
                track.active = {
                    p
                    for p in track.active
                    if p == actor
                    or (
                        open_auction is not None
                        and open_auction.limit(g, p) >= action.price + SITE_RAISE
                        and may_hold_president(g, p, action.company)
                    )
                }
            track.last = actor
        elif track is not None and actor in track.active and isinstance(action, Pass):
            track.active.discard(actor)
            track.last = actor
        return out

    # -- kinds -----------------------------------------------------------------------------

    @staticmethod
    def _entity(action: Action, game: Game, seats: SeatIds) -> SiteDoc:
        entity = str(getattr(action, "entity", action.player))
        if entity in game.players:
            return {"entity": seats.player_id(entity), "entity_type": "player"}
        return {"entity": entity, "entity_type": "corporation"}

    def write_pass(self, action: Action, game: Game, seats: SeatIds) -> list[SiteDoc]:
        g = engine(game)
        entity = str(getattr(action, "entity", action.player))
        if out_of_private_auction(g, entity):
            return []  # the site dropped this bidder, recording nothing
        if _boneyard_asks(g):
            # P13 declined: the pass of the site's ``G18USA::Step::ObsoleteTrain``, which
            # waits for it (found by the differential: random bots, 2 players, seed 1000)
            return [{"type": "pass", **self._entity(action, game, seats)}]
        try:
            step, _ = g.round.step_for(g, action)
        except IllegalAction:
            step = None
        if step is not None and step.name in ("resource_token_prompt", "pay_interest"):
            return []  # the site's tile carries the token; interest is paid unasked
        if step is not None and step.name in FREE_HOME_STEPS:
            return []  # the site's track step offers the free home tile beside its lays
        if entity in g.corps and step is not None and step.name in ("buy_car", "scrap_car"):
            return []
        return [{"type": "pass", **self._entity(action, game, seats)}]

    def write_bid(self, action: Action, game: Game, seats: SeatIds) -> list[SiteDoc]:
        assert isinstance(action, Bid)
        target = "corporation" if action.company in engine(game).corps else "company"
        return [
            {
                "type": "bid",
                **self._entity(action, game, seats),
                target: action.company,
                "price": action.price,
            }
        ]

    def write_buy_shares(self, action: Action, game: Game, seats: SeatIds) -> list[SiteDoc]:
        assert isinstance(action, BuyShares)
        g = engine(game)
        memory = self.written(game)
        percent = 0
        for cert_id in action.shares:
            book = g.books[cert_id.rpartition("_")[0]]
            percent += 100 * book.cert(cert_id).shares // book.size
        shares = [memory.alias.get(c, c) for c in action.shares]
        corp = action.shares[0].rpartition("_")[0] if action.shares else ""
        if action.entity == corp:
            shares = _own_purchase(g, memory, corp, list(action.shares))
        elif corp and action.entity in g.seats:
            memory.buy = (corp, str(action.entity), g.books[corp].president, tuple(shares))
        doc: SiteDoc = {
            "type": "buy_shares",
            **self._entity(action, game, seats),
            "shares": list[Json](shares),
            "percent": percent,
        }
        if action.entity in g.seats:
            doc["share_price"] = False
        return [doc]

    def write_sell_shares(self, action: Action, game: Game, seats: SeatIds) -> list[SiteDoc]:
        """The certificates our sale moves (``ShareBook.normal_certs_for``), by our
        numbers; when the sale hands over the presidency, the seller's ordinary certificates,
        lowest number first, the president's last (the site's ids are settled after it,
        :func:`_note_sale`)."""
        assert isinstance(action, SellShares)
        g = engine(game)
        memory = self.written(game)
        book = g.books[action.corporation]
        seller = str(action.entity)
        left_with = book.shares_of(seller) - action.count
        pc = book.president_cert
        swap = (
            pc is not None
            and pc.owner == seller
            and any(book.shares_of(p) > left_with for p in g.seats if p != seller)
        )
        moved = None if swap else book.normal_certs_for(seller, action.count)
        held = sorted(
            moved if moved is not None else book.certs_of(seller),
            key=lambda c: (c.president, int(c.id.rpartition("_")[2])),
        )
        chosen: list[Json] = []
        left = action.count
        for cert in held:
            if left <= 0:
                break
            chosen.append(memory.alias.get(cert.id, cert.id))
            left -= cert.shares
        if book.president == action.entity:
            memory.sale = Sale(
                corporation=action.corporation,
                seller=str(action.entity),
                president=book.president,
                sold=tuple(str(c) for c in chosen),
                count=action.count,
                holdings={
                    p: list(memory.holdings.get((action.corporation, p), [])) for p in g.seats
                },
                pool=list(memory.pool.get(action.corporation, [])),
            )
        return [
            {
                "type": "sell_shares",
                **self._entity(action, game, seats),
                "shares": chosen,
                "percent": 100 * action.count // book.size,
            }
        ]

    def write_short(self, action: Action, game: Game, seats: SeatIds) -> list[SiteDoc]:
        """A short sale; the share it puts in the market gets the site's number
        (:data:`SHORT_FIRST`), ours the next after our highest."""
        assert isinstance(action, Short)
        g = engine(game)
        memory = self.written(game)
        corp = action.corporation
        ours = 1 + max(int(c.rpartition("_")[2]) for c in g.books[corp].certs)
        site = _site_highest(g, memory, corp) + 1
        memory.top[corp] = site + 1
        memory.alias[f"{corp}_{ours}"] = f"{corp}_{site}"
        memory.shorts.setdefault((corp, str(action.entity)), []).append(site + 1)
        return [{"type": "short", **self._entity(action, game, seats), "corporation": corp}]

    def write_choose(self, action: Action, game: Game, seats: SeatIds) -> list[SiteDoc]:
        assert isinstance(action, Choose)
        g = engine(game)
        entity = str(action.entity)
        if entity in g.seats and action.company:
            return [
                {
                    "type": "assign",
                    **self._entity(action, game, seats),
                    "target": action.company,
                    "target_type": "company",
                }
            ]
        if entity in g.seats:
            choice: Json = int(action.choice) if action.choice.isdecimal() else action.choice
            return [{"type": "choose", **self._entity(action, game, seats), "choice": choice}]
        if action.choice in ORIENTATIONS:
            return self._denver(action, game)
        if action.company in (SWITCHER, EXTENDER):
            return [
                {
                    "type": "choose",
                    **self._entity(action, game, seats),
                    "choice": self._upgrade_choice(g, entity, action.choice, action.company),
                }
            ]
        if action.company == BONEYARD:
            # ``G18USA::Step::ObsoleteTrain``: its one choice names the kind of train saved
            memory = self.written(game)
            name = memory.trains.get(action.choice, action.choice)
            kind = name.partition("-")[0]
            _boneyard_saves_the_first(g, memory, action.choice)
            return [
                {"type": "choose", **self._entity(action, game, seats), "choice": f"{kind} Train"}
            ]
        memory = self.written(game)
        if action.choice == express_cut(g, entity):
            cut: SiteDoc = {"type": "choose", **self._entity(action, game, seats)}
            cut["choice"] = P8_REMOVE
            return [cut, *self._after_cut(g, memory)]
        if " " in action.choice:
            hex_name, _, city = action.choice.partition(" ")
            held = board_map(g).board.hexes[hex_name].tokens.get(city, [])
            cut = {
                "type": "remove_token",
                **self._entity(action, game, seats),
                "city": memory.tiles.city(g, hex_name, city),
                "slot": held.index(entity) if entity in held else 0,
            }
            return [cut, *self._after_cut(g, memory)]
        raise IllegalAction(f"no 18xx.games form for {action}", rule="interop.unknown_kind")

    @staticmethod
    def _after_cut(g: UsaGame, memory: WriteMemory) -> list[SiteDoc]:
        """The discards held back (:attr:`WriteMemory.discards`) once the token cut being
        written is the last one owed."""
        if _token_cuts(g) > 1:
            return []
        out, memory.discards = memory.discards, []
        return out

    def _denver(self, action: Choose, game: Game) -> list[SiteDoc]:
        """Denver's orientation: the site lays ``X04`` over ``X04s`` where it asked for it
        (right after the home token or the lay pointing into Denver, whichever came first,
        :attr:`WriteMemory.denver_at`), by the company it asked
        (:attr:`WriteMemory.denver_by`), at the rotation of our choice."""
        memory = self.written(game)
        lay = _denver_lay(memory, str(action.entity), ORIENTATIONS[action.choice])
        if memory.denver_at is None:
            return [lay]
        memory.held.insert(memory.denver_at, lay)
        memory.denver_at = None
        return []

    def _upgrade_choice(self, g: UsaGame, corp: str, train: str, upgrade: str) -> str:
        """``"<train index>-<upgrade index>"`` (``G18USA::Step::Route#choices``)."""
        upgrades = _route_upgrades(g, corp)
        trains = self._site_trains(g, corp)
        if upgrade == EXTENDER:
            trains = [t for t in trains if not permanent(g, t.id)]
        t_index = next(i for i, t in enumerate(trains) if t.id == train)
        return f"{t_index}-{upgrades.index(upgrade)}"

    def _site_trains(self, g: UsaGame, corp: str) -> list[Train]:
        """The company's trains (no Pullman) in the order the site lists them: by when the
        company got each."""
        order = self._order(g)
        owned = sorted(g.depot.owned_by(corp), key=lambda t: order.get(t.id, 0))
        return [t for t in owned if not g.depot.is_car(t)]

    def _order(self, g: UsaGame) -> dict[str, int]:
        """Our train id -> when its company got it, in the export of ``g``'s game."""
        for game, memory in self._write.items():
            if game.state is g:
                return memory.acquired
        return {}

    def write_assign(self, action: Action, game: Game, seats: SeatIds) -> list[SiteDoc]:
        assert isinstance(action, Assign)
        return [
            {
                "type": "assign",
                **self._entity(action, game, seats),
                "target": action.target,
                "target_type": "corporation",
            }
        ]

    def write_use_private(self, action: Action, game: Game, seats: SeatIds) -> list[SiteDoc]:
        """A resource token put down with the tile just laid rides on that tile's name;
        the Law Firm's station is the private's ``place_token`` (:func:`_law_firm_token`);
        any other use is the private's ``assign`` of the hex."""
        assert isinstance(action, UsePrivate)
        memory = self.written(game)
        if is_law_firm(engine(game), action.company):
            return [_law_firm_token(engine(game), memory.tiles, action)]
        held = memory.held
        at = [i for i in _lays_before_loans(held) if held[i].get("hex") == action.hex]
        last = held[at[-1]] if at else None
        resource = action.choice if action.choice in ("coal", "oil", "ore") else ""
        if (
            resource
            and last is not None
            and last.get("type") == "lay_tile"
            and last.get("hex") == action.hex
        ):
            base, _, _ = str(last["tile"]).rpartition("-")
            markers = set(board_map(engine(game)).board.hexes[action.hex].markers)
            name = site_tile_name(_base_tile(base), markers | {resource})
            # The lays held after it took their copies as if this one were plain: taken
            # back and laid again, so a plain tile's copies run on from the site's
            # (seed 2303: WP's 8 at D8 then C7, coal on D8; the site's C7 is 8-0).
            later = [d for d in held[at[-1] + 1 :] if d.get("type") == "lay_tile"]
            for doc in reversed(later):
                memory.tiles.unlay(str(doc["hex"]))
            memory.tiles.unlay(action.hex)
            last["tile"] = memory.tiles.lay(action.hex, name, None)
            for doc in later:
                again, _, _ = str(doc["tile"]).rpartition("-")
                total = board_map(engine(game)).board.tiles.counts.get(_base_tile(again))
                doc["tile"] = memory.tiles.lay(str(doc["hex"]), again, total)
            return []
        return [
            {
                "type": "assign",
                "entity": action.company,
                "entity_type": "company",
                "target": _reached_area_hex(engine(game), action),
                "target_type": "hex",
            }
        ]

    def _lay(self, game: Game, hex_name: str, tile: str, extra: set[str]) -> str:
        g = engine(game)
        board = board_map(g).board
        markers = set(board.hexes[hex_name].markers) | extra
        name = site_tile_name(tile, markers)
        total = board.tiles.counts.get(tile)
        return self.written(game).tiles.lay(hex_name, name, total)

    def write_lay_tile(self, action: Action, game: Game, seats: SeatIds) -> list[SiteDoc]:
        assert isinstance(action, LayTile)
        g = engine(game)
        memory = self.written(game)
        entity = self._entity(action, game, seats)
        subsidy = g.company_subsidies.get(str(action.entity))
        if subsidy is not None and subsidy.kind == "boomtown" and self._boomtown(action, game):
            entity = {"entity": subsidy.id, "entity_type": "company"}
        out: list[SiteDoc] = [
            {
                "type": "lay_tile",
                **entity,
                "hex": action.hex,
                "tile": self._lay(game, action.hex, action.tile, set()),
                "rotation": action.rotation,
            }
        ]
        if g.denver_open and _points_into_denver(g, action):
            memory.denver_next = True
            if memory.denver_at is None and not memory.denver_by:
                memory.denver_by = str(action.entity)
        return out

    @staticmethod
    def _boomtown(action: LayTile, game: Game) -> bool:
        g = engine(game)
        try:
            step, _ = g.round.step_for(g, action)
        except IllegalAction:
            return False
        return step.name == "boomtown"

    def write_private_lay(self, action: Action, game: Game, seats: SeatIds) -> list[SiteDoc]:
        assert isinstance(action, PrivateLay)
        return [
            {
                "type": "lay_tile",
                "entity": action.company,
                "entity_type": "company",
                "hex": action.hex,
                "tile": self._lay(game, action.hex, action.tile, set()),
                "rotation": action.rotation,
            }
        ]

    def write_subsidy_lay(self, action: Action, game: Game, seats: SeatIds) -> list[SiteDoc]:
        """The Resource subsidy's lay is the company's own ``lay_tile`` of the resource tile
        in its track step: the site refuses a lay by the subsidy
        (``G18USA::Step::SpecialTrack#abilities`` hides resource tile lays) and takes the
        company's without counting it among its lays (``ResourceTrack#lay_tile_action``:
        the subsidy's ability has ``consume_tile_lay: false``)."""
        assert isinstance(action, SubsidyLay)
        return [
            {
                "type": "lay_tile",
                "entity": str(action.entity),
                "entity_type": "corporation",
                "hex": action.hex,
                "tile": self._lay(game, action.hex, action.tile, {action.choice}),
                "rotation": action.rotation,
            }
        ]

    def write_upgrade_ore(self, action: Action, game: Game, seats: SeatIds) -> list[SiteDoc]:
        """§13.3: the site lays the same tile with its ore token on the $20 side."""
        assert isinstance(action, UpgradeOre)
        g = engine(game)
        here = board_map(g).board.hexes[action.hex]
        markers = (set(here.markers) - {"ore"}) | {"ore20"}
        memory = self.written(game)
        name = site_tile_name(here.tile.id, markers)
        return [
            {
                "type": "lay_tile",
                **self._entity(action, game, seats),
                "hex": action.hex,
                "tile": memory.tiles.lay(action.hex, name, None),
                "rotation": here.rotation,
            }
        ]

    def write_place_token(self, action: Action, game: Game, seats: SeatIds) -> list[SiteDoc]:
        """A home station is placed by the company being started (§11.6 step 2); the Free
        Station subsidy's token by the subsidy, in a full city or once the site's charter
        has no token left (:func:`.site_turn.site_charter_tokens`)."""
        assert isinstance(action, PlaceToken)
        g = engine(game)
        memory = self.written(game)
        city = memory.tiles.city(g, action.hex, action.city)
        board = board_map(g).board
        entity = str(action.entity)
        auction = getattr(g.round, "auction", None)
        if entity in g.seats and isinstance(auction, StartAuction):
            corp = auction.corp
            doc: SiteDoc = {"entity": corp, "entity_type": "corporation"}
            if action.hex == DENVER and g.denver_open:
                memory.denver_home = True
                memory.denver_by = corp
        else:
            corp = entity
            doc = self._entity(action, game, seats)
            free = board_map(g).free_stations
            full = board.open_slots(action.hex, action.city, corp) <= 0
            if corp in free and (full or site_charter_tokens(g, corp) <= 0):
                doc = {"entity": FREE_STATION.id, "entity_type": "company"}
        held = board.hexes[action.hex].tokens.get(action.city, [])
        out: SiteDoc = {
            "type": "place_token",
            **doc,
            "city": city,
            "slot": len(held),
            "tokener": corp,
        }
        return [out]

    def write_run_routes(self, action: Action, game: Game, seats: SeatIds) -> list[SiteDoc]:
        """Each route with the revenue our board gives it, the Pullman's bonus on the train
        our run gave it to (attached first with the route step's ``choose``); a run of
        nothing is the site's skip (no action), or its run of no routes while its route
        step waits (:func:`.site_run.route_waits`: a station joined to a second revenue
        centre; found by the differential, random seed 806)."""
        assert isinstance(action, RunRoutes)
        g = engine(game)
        if not action.routes:
            corp = str(action.entity)
            return [_no_run(corp)] if g.site_run_waits(corp) else []
        bm = board_map(g)
        corp = str(action.entity)
        revenue, exact = bm.price_run(g, corp, action.routes)
        graph = route_graph(bm.board, g.depot.phases.current, options=bm.graph_options(g, corp))
        memory = self.written(game)
        bonus = sum(b.amount for b in revenue.bonuses)
        best = max(revenue.runs, key=lambda r: r.revenue).train.id if revenue.runs else ""
        routes: list[Json] = []
        for run in revenue.runs:
            site = to_18xx_games(graph, run)
            site["train"] = memory.trains.get(str(site["train"]), site["train"])
            if run.train.id == best:
                site["revenue"] = int(str(site["revenue"])) + bonus
            routes.append({k: v for k, v in site.items() if isinstance(v, (str, int, list))})
        out: list[SiteDoc] = []
        car = [t for t in g.depot.owned_by(corp) if g.depot.is_car(t)]
        if car and best:
            out.append(
                {
                    "type": "choose",
                    **self._entity(action, game, seats),
                    "choice": self._pullman_choice(g, corp, best),
                }
            )
        del exact
        out.append(
            {
                "type": "run_routes",
                **self._entity(action, game, seats),
                "routes": routes,
                "extra_revenue": 0,
                "subsidy": 0,
            }
        )
        return out

    def _pullman_choice(self, g: UsaGame, corp: str, train: str) -> str:
        upgrades = _route_upgrades(g, corp)
        trains = self._site_trains(g, corp)
        t_index = next((i for i, t in enumerate(trains) if t.id == train), 0)
        return f"{t_index}-{len(upgrades)}"

    def write_dividend(self, action: Action, game: Game, seats: SeatIds) -> list[SiteDoc]:
        assert isinstance(action, Dividend)
        return [{"type": "dividend", **self._entity(action, game, seats), "kind": action.mode}]

    def write_buy_train(self, action: Action, game: Game, seats: SeatIds) -> list[SiteDoc]:
        """Our trains carry the site's copy numbers (``"5-1"``: the bank hands copies out
        in order, by purchase or export, on both sides)."""
        assert isinstance(action, BuyTrain)
        g = engine(game)
        memory = self.written(game)
        train = g.depot.trains[action.train]
        note_acquired(memory.acquired, action.train)
        variant = getattr(train, "variant", None) or train.type
        who = self._entity(action, game, seats)
        if locomotive_buy(action, g):
            # the site's ``SpecialBuyTrain``: P25 itself buys (found by the differential,
            # random seed 905)
            who = {"entity": LOCOMOTIVE, "entity_type": "company"}
        return [
            {
                "type": "buy_train",
                **who,
                "train": memory.trains.get(action.train, action.train),
                "price": action.price,
                "variant": variant,
            }
        ]

    def write_discard_train(self, action: Action, game: Game, seats: SeatIds) -> list[SiteDoc]:
        assert isinstance(action, DiscardTrain)
        memory = self.written(game)
        doc: SiteDoc = {
            "type": "discard_train",
            **self._entity(action, game, seats),
            "train": memory.trains.get(action.train, action.train),
        }
        if _token_cuts(engine(game)):
            memory.discards.append(doc)
            return []
        return [doc]

    def write_scrap_train(self, action: Action, game: Game, seats: SeatIds) -> list[SiteDoc]:
        assert isinstance(action, ScrapTrain)
        memory = self.written(game)
        return [
            {
                "type": "scrap_train",
                **self._entity(action, game, seats),
                "train": memory.trains.get(action.train, action.train),
            }
        ]

    def _loans(self, game: Game) -> list[int]:
        memory = self.written(game)
        if memory.loans is None:
            memory.loans = list(range(engine(game).config.loans.count))
        return memory.loans

    def write_take_loan(self, action: Action, game: Game, seats: SeatIds) -> list[SiteDoc]:
        """The site lends the last loan of its list whatever the action names
        (``G1817::Game#take_loan``); the id written is that one."""
        assert isinstance(action, TakeLoan)
        free = self._loans(game)
        loan = free.pop() if free else action.loan
        self.written(game).held_loans.setdefault(str(action.entity), []).append(loan)
        return [{"type": "take_loan", **self._entity(action, game, seats), "loan": loan}]

    def write_payoff_loan(self, action: Action, game: Game, seats: SeatIds) -> list[SiteDoc]:
        """The site repays the company's last loan and puts it at the end of its list."""
        assert isinstance(action, PayoffLoan)
        free = self._loans(game)
        held = self.written(game).held_loans.get(str(action.entity), [])
        loan = held.pop() if held else action.loan
        free.append(loan)
        return [{"type": "payoff_loan", **self._entity(action, game, seats), "loan": loan}]

    def write_convert(self, action: Action, game: Game, seats: SeatIds) -> list[SiteDoc]:
        """§14.1.1: the new shares get the site's numbers (``G1817::Game#convert``)."""
        assert isinstance(action, Convert)
        g = engine(game)
        corp = str(action.entity)
        size = g.books[corp].size
        if size in SITE_NEW_SHARES:
            self._new_shares(game, corp, size)
        return [{"type": "convert", **self._entity(action, game, seats)}]

    def _new_shares(self, game: Game, corp: str, size: int) -> None:
        """Alias the certificates our conversion of ``corp`` from ``size`` shares adds
        (numbered after our highest, :func:`.company_sale.grow`) to the site's
        (``G1817::Game#convert``: 2 -> 5 adds shares 1-3, 5 -> 10 shares 4-8); a merger's
        exchange is :func:`_site_merger`'s."""
        g = engine(game)
        memory = self.written(game)
        first, count = SITE_NEW_SHARES[size]
        ours = 1 + max(int(c.rpartition("_")[2]) for c in g.books[corp].certs)
        memory.top[corp] = max(memory.top.get(corp, 0), first + count - 1)
        for k, number in enumerate(range(first, first + count)):
            if ours + k != number:
                memory.alias[f"{corp}_{ours + k}"] = f"{corp}_{number}"

    def write_merge(self, action: Action, game: Game, seats: SeatIds) -> list[SiteDoc]:
        """§14.1.2: two 5-share companies' exchange gives the partner's holders the
        survivor's new shares (the site's numbers, :func:`_site_merger`)."""
        assert isinstance(action, Merge)
        g = engine(game)
        initiator, partner = str(action.entity), str(action.corporation)
        if initiator in g.corps and g.books[initiator].size == 5:
            _site_merger(g, self.written(game), initiator, partner)
        merge_doc: SiteDoc = {
            "type": "merge",
            **self._entity(action, game, seats),
            "corporation": action.corporation,
        }
        return [merge_doc, *self._merge_removals(action, game)]

    def _merge_removals(self, action: Merge, game: Game) -> list[SiteDoc]:
        """The site's ``remove_token`` actions that follow the merger or acquisition
        ``action`` (:meth:`_same_hex_removals`), also when the site made the acquisition
        itself (:func:`site_makes`: the one company that may buy what its president won)."""
        g = engine(game)
        initiator, partner = str(action.entity), str(action.corporation)
        if initiator in g.corps:
            return self._same_hex_removals(game, initiator, partner)
        target = getattr(getattr(g.round, "auction", None), "target", None)
        if isinstance(target, str) and target in g.corps:
            return self._same_hex_removals(game, partner, target)
        return []

    def _same_hex_removals(self, game: Game, buyer: str, target: str) -> list[SiteDoc]:
        """§14.3 "identify any hexes with more than one station and set the excess aside":
        ours sets the target's aside; the site removes a second token in one city itself
        (``TokenMerger#remove_duplicate_tokens``) but asks for one in another city of the
        hex (New York's two, ``Step::ReduceTokens``, before anything else): a
        ``remove_token`` of the target's there."""
        g = engine(game)
        board = board_map(g).board
        memory = self.written(game)
        cities: dict[str, set[str]] = {}
        for hex_name, city in board.tokens_of(buyer):
            cities.setdefault(hex_name, set()).add(city)
        out: list[SiteDoc] = []
        for hex_name, city in board.tokens_of(target):
            if hex_name not in cities or city in cities[hex_name]:
                continue
            held = board.hexes[hex_name].tokens[city]
            out.append(
                {
                    "type": "remove_token",
                    "entity": buyer,
                    "entity_type": "corporation",
                    "city": memory.tiles.city(g, hex_name, city),
                    "slot": held.index(target),
                }
            )
        return out

    def write_bankrupt(self, action: Action, game: Game, seats: SeatIds) -> list[SiteDoc]:
        assert isinstance(action, Bankrupt)
        self.written(game).bankrupt = str(action.entity)
        return [{"type": "bankrupt", **self._entity(action, game, seats)}]


def _unasked_discards(game: Game, memory: WriteMemory) -> list[SiteDoc]:
    """The discards our last action made for companies with nobody to ask
    (:func:`~roundhouse.titles.g18usa.ownerless_discard.discard_for_nobody`): the site's
    discard step waits for the company's own ``discard_train``."""
    if not game.log:
        return []
    out: list[SiteDoc] = []
    for event in game.events(len(game.log) - 1)[0]:
        if event.kind == "discard" and event.data.get("unasked"):
            train = str(event.data["train"])
            out.append(
                {
                    "type": "discard_train",
                    "entity": str(event.data["company"]),
                    "entity_type": "corporation",
                    "train": memory.trains.get(train, train),
                }
            )
    return out


def _before_interest(g: UsaGame, corp: str) -> bool:
    """Whether ``corp``'s operating turn is at a step before its interest (§12.8)."""
    rnd = g.round
    if not isinstance(rnd, OperatingRound) or rnd.entity(g) != corp:
        return False
    steps = list(rnd.steps)
    interest = next((i for i, s in enumerate(steps) if isinstance(s, InterestStep)), None)
    blocking = [s for s in rnd.offered(g, corp) if s.blocking]
    if interest is None or not blocking:
        return False
    return steps.index(blocking[-1]) < interest


def _pullman_pass(action: Action, game: Game, memory: WriteMemory) -> list[SiteDoc]:
    """The buyer's pass the site waits for after a sale (§14.2) leaves it a Pullman within
    its train limit, unless the buyer's own move comes next.  §12.7: "Pullman cars can be
    scrapped for $50 at any time the owning company may take an action"; ours lets it
    without asking, the site asks then (``G18USA::Step::Acquire#acquire_post_loan`` waits
    while ``can_scrap_train?``; a pass, also one on loans, ends it).  Found by the
    differential: random bots, 4 players, seed 2337, where MP got ATSF's Pullman and P2's
    bankruptcy came while the site still asked MP."""
    buyer, memory.pullman_buyer = memory.pullman_buyer, ""
    if not buyer or getattr(action, "entity", None) == buyer:
        return []
    g = engine(game)
    depot = g.depot
    if buyer not in g.corps or not any(depot.is_car(t) for t in depot.owned_by(buyer)):
        return []
    limit = depot.limit_for(buyer)
    if limit is not None and depot.counted(buyer) > limit:
        return []  # the discard step asks instead
    return [_corp_pass(buyer)]


PRIVATE_TRACK_MOVES = frozenset({"lay_tile", "assign"})
"""The site's moves of a private in its company's turn (P9, P16, P17, P26 and P27's lays;
P6's value token, P8's station, a bridge): a resource token may ride on a lay before them,
as the site's token is the lay's own tile and none of them asks what that tile is."""


def _lays_before_loans(held: list[SiteDoc]) -> list[int]:
    """The indices in ``held`` of the company's last tile lays when only loans taken or
    repaid, its passes and its other lays follow them, earliest first.  §13: a resource
    token goes down "as part of a yellow tile lay action"; ours may come after a loan the
    company took beside the turn's steps (§9), while the site's token is only ever the
    lay's own tile (``G18USA::Step::ResourceTrack``, ``7coal``), its track step over after
    the lay.  A loan may come before or after on the site, so the lays are held back over
    the loans until the token, if any, is written into one; and over the company's pass
    ending its track step after a first lay, which our token prompt follows (found by the
    differential: random bots, 6 players, seed 2010, where the site's buy-trains step
    refused P18's ``assign``), and over its second lay, as the token may go on the first
    (seed 2071, P1's coal at E25 after a lay at B28), and its station placed after them
    (seed 2095, P4's ore at D16 after ATSF's station at H20), and its privates' moves of
    the track step between them (:data:`PRIVATE_TRACK_MOVES`: seed 12055, P1's coal at F10
    after P9's lay and P6's value token, refused in the site's route step)."""
    entities: set[Json] = set()
    lays: list[int] = []
    for index in range(len(held) - 1, -1, -1):
        kind = held[index].get("type")
        if held[index].get("entity_type") == "company" and kind in PRIVATE_TRACK_MOVES:
            # the company's private acting in its turn: the company's move, not another's
            if kind == "lay_tile":
                lays.insert(0, index)
            continue
        if kind == "lay_tile":
            entities.add(held[index].get("entity"))
            lays.insert(0, index)
        elif kind in ("pass", "place_token"):
            entities.add(held[index].get("entity"))
        elif kind not in ("take_loan", "payoff_loan"):
            break
    return lays if len(entities) == 1 else []


def _scrap_before_lays(memory: WriteMemory) -> int | None:
    """Where in :attr:`WriteMemory.held` a car scrapped in the company's track step goes:
    before the turn's first lay still held, or None to write it where ours made it.
    §12.7: a Pullman "can be scrapped for $50 at any time the owning company may take an
    action", and §12.2's second tile action costs $20 then.  The site's track step passes
    for good after a lay once the company's buying power no longer covers the next lay
    (``Step::Track#process_lay_tile``, :func:`.site_track.track_waits`), and the $50 of a
    later scrap (taken by ``G18USA::Step::Loan``) does not reopen it; written before the
    lays, the scrap leaves every lay and its cost as ours made them, and the site's step
    waits as ours still does (found by the export differential, issue #17: random bots, 2
    players, seed 15084, KCS's second lay after its first left it $19 and a scrap)."""
    turn = memory.turn
    if turn is None or turn.lays == 0 or SiteStep.TRACK in turn.passed:
        return None
    held = memory.held
    ours = [i for i in _lays_before_loans(held) if any(held[i] is d for d in memory.turn_docs)]
    return ours[0] if ours else None


def _note_metropolises_made(g: UsaGame, memory: WriteMemory) -> None:
    """Lay on the site's board the metropolis tile of each metropolis it does not have yet:
    the three drawn at set-up (§2.4), and one P10 Carnegie Steel made since the last action
    was written (:func:`.carnegie_steel.make_metropolis`), which the site lays as set-up
    does (``G18USA::Game#convert_potential_metro``), so its city is named on that tile
    (``"X05-0-0"``), not on the printed one.  A metropolis already set up has a copy on its
    hex for good (an upgrade replaces it).  Found by the differential: random bots, 5
    players, seed 13009, where P10 made Los Angeles a metropolis and the site refused the
    next company started there with ``undefined method `name' for nil``."""
    for hex_name in g.metropolises:
        tile = METROPOLIS_TILES.get(hex_name)
        if tile is not None and hex_name not in memory.tiles.on_hex:
            memory.tiles.set_up(hex_name, f"{tile}-0")


def _denver_lay(memory: WriteMemory, chooser: str, rotation: int) -> SiteDoc:
    """The site's ``X04`` lay over ``X04s`` at ``rotation``, by the company it asked
    (:attr:`WriteMemory.denver_by`), else by ``chooser``."""
    asked, memory.denver_by = memory.denver_by, ""
    return {
        "type": "lay_tile",
        "entity": asked or chooser,
        "entity_type": "corporation",
        "hex": DENVER,
        "tile": memory.tiles.lay(DENVER, "X04", 1),
        "rotation": rotation,
    }


def _note_denver_made(g: UsaGame, memory: WriteMemory) -> None:
    """Denver's orientation opened since the last action was written: P10 Carnegie Steel
    made Denver, the home of the company it was put into, a metropolis
    (:func:`.carnegie_steel.make_metropolis`).  The site asks that company for the
    orientation once it is parred (``G18USA::Step::BuySellParShares#par_corporation``:
    its home is E11, Denver a metropolis, its tile still ``X04s``), as it asks the first
    company of a drawn Denver (:meth:`UsaWriter.write_place_token`); ours asks in its
    first operating turn (:class:`.denver.DenverStep`).  Found by the differential:
    random bots, 6 players, seed 8216, refused with "Blocking step Choose Denver track
    orientation cannot process action pass"."""
    if g.denver_open and not memory.denver_was_open:
        started = [c for c in g.corps if g.map.home_of(c) == DENVER]
        if started:
            memory.denver_home = True
            memory.denver_by = started[0]
    memory.denver_was_open = g.denver_open


def _forget_gone(g: UsaGame, memory: WriteMemory) -> None:
    """Forget the site's names of certificates that have left the game since the last action
    was written: the market's shares a bankruptcy paired with shorts (§15), a merged or
    liquidated company's whole book (§14.1.2, §14.2.1; a company started again has fresh
    shares on both sides, ``Game::Base#reset_corporation``).  Ours reuse such numbers for
    new certificates (a conversion's, a short sale's), which a stale name would send to a
    share the site no longer has (found by the differential: random bots, 4 players, seeds
    2011 and 2031, refused with ``undefined method `corporation' for nil``)."""
    for corp, book in g.books.items():
        if memory.books.get(corp, book) is not book:
            prefix = f"{corp}_"
            memory.alias = {k: v for k, v in memory.alias.items() if not k.startswith(prefix)}
            memory.pool.pop(corp, None)
            memory.merged.pop(corp, None)
            for key in [k for k in memory.holdings if k[0] == corp]:
                del memory.holdings[key]
            for key in [k for k in memory.shorts if k[0] == corp]:
                del memory.shorts[key]
        memory.books[corp] = book
    for cert_id in list(memory.alias):
        now = g.books.get(cert_id.rpartition("_")[0])
        if now is None or cert_id not in now.certs:
            del memory.alias[cert_id]


def _note_ghosts(g: UsaGame, memory: WriteMemory) -> None:
    """Add to :attr:`WriteMemory.ghosts` the trains a company held when the last action was
    written that have left the game with its charter since (§14.2.1: the bank liquidated
    it; a buyer or a merger's survivor takes the trains, and a rusted or scrapped train
    leaves its company in play)."""
    depot = g.depot
    for train_id, (corp, charter) in memory.holders.items():
        train = depot.trains.get(train_id)
        if train is None or train.owner != SCRAPPED or id(g.corps[corp]) == charter:
            continue
        kind = depot.type_of(train)
        if kind.rusts_on not in depot.sold_types:
            memory.ghosts.add(train_id)
    memory.holders = {
        t.id: (t.owner, id(g.corps[t.owner])) for t in depot.trains.values() if t.owner in g.corps
    }


def _note_sale(g: UsaGame, memory: WriteMemory) -> None:
    """After a president's sale (:attr:`WriteMemory.sale`) that handed the presidency to
    another player (§11.5), our certificates take the ids of the site's where each holder
    has them (:func:`.president_swap.realias`), and the market its order."""
    sale, memory.sale = memory.sale, None
    if sale is None:
        return
    book = g.books[sale.corporation]
    new = book.president
    if new is None or new == sale.president:
        return
    pool = realias(book, memory.alias, sale, new)
    if pool is not None:
        memory.pool[sale.corporation] = pool


def _note_buy(g: UsaGame, memory: WriteMemory) -> None:
    """After a player's purchase (:attr:`WriteMemory.buy`) that made them president (§11.5),
    the site's certificates as ``SharePool#change_president`` moves them: the buyer's first
    two shares, as they came, to the old president, whose president's certificate goes to
    the buyer; our certificates take those ids holder by holder (found by the
    differential: random bots, 7 players, seed 1011)."""
    buy, memory.buy = memory.buy, None
    if buy is None:
        return
    corp, buyer, old, bought = buy
    book = g.books[corp]
    if old is None or old == buyer or book.president != buyer:
        return
    president = f"{corp}_0"
    taken = [*memory.holdings.get((corp, buyer), []), *bought]
    given = [c for c in memory.holdings.get((corp, old), []) if c != president]
    site = {
        buyer: [*taken[PRESIDENT_SHARES:], president],
        old: [*given, *taken[:PRESIDENT_SHARES]],
    }
    if pair_holdings(book, memory.alias, site):
        for holder, ids in site.items():
            memory.holdings[(corp, holder)] = ids


def _number(site_id: str) -> int:
    return int(site_id.rpartition("_")[2])


def _site_merger(g: UsaGame, memory: WriteMemory, corp: str, partner: str) -> None:
    """§14.1.2: the site's shares of ``corp`` after its merger with ``partner``, by holder
    (``G1817::Game#migrate_shares``).  Each 20% of the partner's, in the order the site
    made them (a short sale makes its short before its market share), becomes one 10% of
    ``corp``: shares 4-8 that ``#convert`` adds first, then numbers after max(highest, 9),
    shorts taking their numbers in that run too; then each holder's first 10% shares close
    its first shorts (``#unshort``).  Found by the differential: random bots, 4 players,
    seed 2314, where the exchange's shares were named as if numbered in a row."""
    first, count = SITE_NEW_SHARES[5]
    spare = [f"{corp}_{n}" for n in range(first, first + count)]
    book = g.books[corp]
    owners: dict[str, list[str]] = {}
    for cert in sorted(book.certs.values(), key=lambda c: _number(c.id)):
        owners.setdefault(cert.owner, []).append(memory.alias.get(cert.id, cert.id))
    for owner, ids in owners.items():
        came = memory.pool.get(corp, []) if owner == POOL else memory.holdings.get((corp, owner))
        if came:
            owners[owner] = [i for i in came if i in ids] + [i for i in ids if i not in came]
    shorts = {h: list(n) for (c, h), n in memory.shorts.items() if c == corp and n}
    numbers = [_number(i) for ids in owners.values() for i in ids]
    numbers += [n for held in shorts.values() for n in held]
    highest = max([SHORT_FIRST, first + count - 1, *numbers])
    made: list[tuple[float, str, int]] = []  # site order, holder, 20% units (-1: a short)
    for cert in g.books[partner].certs.values():
        site = _number(memory.alias.get(cert.id, cert.id))
        made.append((site, corp if cert.owner == partner else cert.owner, cert.shares))
    for (c, holder), held in memory.shorts.items():
        if c == partner:
            made += [(n - 1.5, holder, -1) for n in held]
    for _, holder, units in sorted(made):
        for _ in range(abs(units)):
            if units > 0 and spare:
                owners.setdefault(holder, []).append(spare.pop(0))
                continue
            highest += 1
            if units > 0:
                owners.setdefault(holder, []).append(f"{corp}_{highest}")
            else:
                shorts.setdefault(holder, []).append(highest)
    president = book.president_cert
    top = memory.alias.get(president.id, president.id) if president is not None else None
    if president is not None and top is not None:
        _site_merger_president(list(g.seats), president.owner, top, owners, shorts)
    for holder, held in shorts.items():
        ids = owners.get(holder, [])
        while held and any(i != top for i in ids):
            ids.remove(next(i for i in ids if i != top))
            held.pop(0)
    for c, holder in list(memory.shorts):
        if c == corp:
            memory.shorts[(c, holder)] = shorts.pop(holder, [])
    for holder, held in shorts.items():
        memory.shorts[(corp, holder)] = held
    memory.merged[corp] = owners
    memory.top[corp] = max(memory.top.get(corp, 0), highest)


def _site_merger_president(
    seats: list[str],
    before: str,
    top: str,
    owners: dict[str, list[str]],
    shorts: dict[str, list[int]],
) -> None:
    """The site's presidency after a merger's exchange, before its shorts close
    (``G1817::Game#migrate_shares``): a player with the most shares net of shorts, the
    president before on a tie, else the nearest after them in seat order with 20%; the new
    president's first two shares go to the old for the president's certificate
    (``SharePool#change_president``, ``Game::Base#shares_for_presidency_swap``)."""

    def net(player: str) -> int:
        ids = owners.get(player, [])
        return len(ids) + (top in ids) - len(shorts.get(player, []))

    most = max(net(p) for p in seats)
    if net(before) == most or before not in seats:
        return
    start = seats.index(before)
    after = [seats[(start + k) % len(seats)] for k in range(1, len(seats))]
    new = next((p for p in after if net(p) == most and net(p) >= 2), None)
    if new is None:
        return
    given = owners.get(new, [])[:2]
    owners[new] = [i for i in owners.get(new, []) if i not in given] + [top]
    owners[before] = [i for i in owners.get(before, []) if i != top] + given


def _note_merged(g: UsaGame, memory: WriteMemory) -> None:
    """Give ours of a company just merged the site's ids of their holders' shares
    (:func:`_site_merger`; the shares are alike): those already named so keep theirs, the
    rest take the others in order."""
    for corp, owners in memory.merged.items():
        book = g.books.get(corp)
        if book is None:
            continue
        for holder, site in owners.items():
            certs = sorted(book.certs_of(holder), key=lambda c: _number(c.id))
            kept = {memory.alias.get(c.id, c.id) for c in certs} & set(site)
            free = [i for i in site if i not in kept]
            for cert in certs:
                if memory.alias.get(cert.id, cert.id) not in kept and free:
                    theirs = free.pop(0)
                    if theirs == cert.id:
                        memory.alias.pop(cert.id, None)
                    else:
                        memory.alias[cert.id] = theirs
    memory.merged.clear()


def _pair_pool_shorts(g: UsaGame, memory: WriteMemory) -> None:
    """After a bankruptcy (§15: "If a matching share and short share are in the open
    market, move both to the short stack"): the site's market takes the bankrupt player's
    shares at its end, then pairs its shorts with the first shares of its list
    (``G1817::Game#close_market_shorts``), ours with shares of its own choosing.  The
    shares are alike, so ours left in the market take the ids of the site's left there
    (:attr:`WriteMemory.alias`; found by the differential: random bots, 4 players, seed
    2062, where IC's purchase of its own share named one the site had paired off)."""
    player, memory.bankrupt = memory.bankrupt, ""
    if not player:
        return
    for corp, book in g.books.items():
        pc = book.president_cert
        top = memory.alias.get(pc.id, pc.id) if pc is not None else None
        came = memory.holdings.get((corp, player), [])
        listed = [site for site in [*memory.pool.get(corp, []), *came] if site != top]
        ours = [c.id for c in book.certs_of(POOL) if not c.president]
        paired = len(listed) - len(ours)
        if paired <= 0:
            continue
        left = listed[paired:]
        named = {memory.alias.get(c, c): c for c in ours}
        free = [site for site in left if site not in named]
        for site, mine in named.items():
            if site not in left and free:
                memory.alias[mine] = free.pop(0)
        memory.pool[corp] = left


def _note_pool(g: UsaGame, memory: WriteMemory) -> None:
    """Bring :attr:`WriteMemory.pool` up to the open market of the position: shares gone
    leave the list, new ones join its end (the site appends a share to its holder's list,
    ``ShareHolder#shares_by_corporation``), in the order the writer names a sale's shares
    (:meth:`UsaWriter.write_sell_shares`)."""
    _pair_pool_shorts(g, memory)
    for corp, book in g.books.items():
        held = sorted(
            book.certs_of(POOL), key=lambda c: (c.president, int(c.id.rpartition("_")[2]))
        )
        now = [memory.alias.get(c.id, c.id) for c in held]
        if not now and corp not in memory.pool:
            continue
        there = set(now)
        kept = [site for site in memory.pool.get(corp, []) if site in there]
        known = set(kept)
        memory.pool[corp] = kept + [site for site in now if site not in known]
    for corp, book in g.books.items():
        for player in g.seats:
            certs = sorted(
                (c for c in book.certs_of(player) if c.playable),
                key=lambda c: int(c.id.rpartition("_")[2]),
            )
            mine = [memory.alias.get(c.id, c.id) for c in certs]
            key = (corp, player)
            if not mine:
                memory.holdings.pop(key, None)
                continue
            came = [site for site in memory.holdings.get(key, []) if site in set(mine)]
            memory.holdings[key] = came + [site for site in mine if site not in set(came)]


def _note_shorts(g: UsaGame, memory: WriteMemory) -> None:
    """Bring :attr:`WriteMemory.shorts` up to the position: a short closed takes the
    holder's oldest away (``G1817::Game#unshort``); shorts that changed hands (a bankrupt
    player's to the open market, §15) keep their numbers."""
    loose: dict[str, list[int]] = {}
    for (corp, holder), numbers in memory.shorts.items():
        have = g.shorts.of(holder, corp)
        while len(numbers) > have:
            loose.setdefault(corp, []).append(numbers.pop(0))
    for corp, owners in g.shorts.held.items():
        for holder, have in owners.items():
            numbers = memory.shorts.setdefault((corp, holder), [])
            spare = loose.get(corp, [])
            while len(numbers) < have and spare:
                numbers.append(spare.pop(0))


def _site_highest(g: UsaGame, memory: WriteMemory, corp: str) -> int:
    """The highest number among the site's shares of ``corp`` now, at least 9: ours by the
    site's ids and the short shares (``G1817::Game#short`` numbers new ones after it)."""
    numbers = [int(memory.alias.get(c, c).rpartition("_")[2]) for c in g.books[corp].certs]
    numbers += [n for (c, _), held in memory.shorts.items() if c == corp for n in held]
    return max([SHORT_FIRST, *numbers])


def _own_purchase(g: UsaGame, memory: WriteMemory, corp: str, ours: list[str]) -> list[str]:
    """The site's shares for a company's purchase of its own from the open market (§11.7):
    the first in the market's list, as ``G1817::Game#redeemable_shares`` offers only the
    bundles ``Game::Base#all_bundles_for_corporation`` makes of them in that order.  The
    shares are alike, so the site's ids of the shares bought and of ours are swapped
    (:attr:`WriteMemory.alias`) and the market's list loses the ones bought."""
    market = memory.pool.get(corp, [])
    site = market[: len(ours)]
    if len(site) < len(ours):
        return [memory.alias.get(c, c) for c in ours]
    book = g.books[corp]
    for mine, theirs in zip(ours, site, strict=True):
        was = memory.alias.get(mine, mine)
        other = next((c for c in book.certs if memory.alias.get(c, c) == theirs), None)
        memory.alias[mine] = theirs
        if other is not None:
            memory.alias[other] = was
    del market[: len(ours)]
    return site


def _token_cuts(g: UsaGame) -> int:
    """Station tokens presidents must still take off the map after a merger or acquisition
    (§14.3, :attr:`.token_board.TakeoverBoardMap.token_cuts`)."""
    return sum(board_map(g).token_cuts.values())


def _corp_pass(corp: str) -> SiteDoc:
    return {"type": "pass", "entity": corp, "entity_type": "corporation"}


def _no_run(corp: str) -> SiteDoc:
    """A run of no routes: how a company leaves the site's route step, which takes no pass
    (``Step::Route#actions``: ``run_routes`` alone)."""
    return {
        "type": "run_routes",
        "entity": corp,
        "entity_type": "corporation",
        "routes": [],
        "extra_revenue": 0,
        "subsidy": 0,
    }


def _leaving(corp: str, steps: list[SiteStep]) -> list[SiteDoc]:
    """What the company writes to leave each of the site's waiting ``steps``: a pass, or
    for the route step a run of no routes."""
    return [_no_run(corp) if s is SiteStep.ROUTE else _corp_pass(corp) for s in steps]


def _texts(value: Json) -> list[Json]:
    assert isinstance(value, list)
    return list(value)


def _int(value: Json) -> int:
    assert isinstance(value, int)
    return value


def _base_tile(site_name: str) -> str:
    for suffix in ("ore10", "ore20", "oil", "coal"):
        while site_name.endswith(suffix):
            site_name = site_name.removesuffix(suffix)
    return site_name


def _points_into_denver(g: UsaGame, action: LayTile) -> bool:
    """Whether the lay's track leads into Denver while its tile waits to be turned
    (``G18USA::Step::Track#lay_tile``: a pending Denver lay follows at once)."""
    board = board_map(g).board
    if action.tile not in board.tiles:
        return False
    exits: Iterator[int] = iter(board.tiles[action.tile].exits(action.rotation))
    return any(board.grid.neighbour(action.hex, e) == DENVER for e in exits)


def _route_upgrades(g: UsaGame, corp: str) -> list[str]:
    """The route privates (Switcher, Extender) the company holds open, in the site's order."""
    return [
        p
        for p in (SWITCHER, EXTENDER)
        if p in g.privates and g.privates[p].owner == corp and not g.privates[p].closed
    ]


def _law_firm_token(g: UsaGame, tiles: SiteTiles, action: UsePrivate) -> SiteDoc:
    """Appendix P20 as the site records it: its ability is a ``token`` one (``cheater``, a
    station beside the city's full slots), so its use is a ``place_token`` by the private
    for its company (``G18USA::Step::SpecialToken``), not an ``assign`` (found by the
    differential, issue #17: random bots, 6 players, seed 14010, C&O's P20 on H8)."""
    board = board_map(g).board
    held = board.hexes[action.hex].tokens.get(action.choice, [])
    return {
        "type": "place_token",
        "entity": action.company,
        "entity_type": "company",
        "city": tiles.city(g, action.hex, action.choice),
        "slot": len(held),
        "tokener": str(action.entity),
    }


def _reached_area_hex(g: UsaGame, action: UsePrivate) -> str:
    """The hex a private's use names: ours names a red area (appendix P6, P8) by its first
    hex, the site wants one the company's graph reaches (``G18USA::Step::Assign
    #connected_to_hex?``), the first such of the area (found by the differential: random
    bots, 3 players, seed 1001, MILW reaching Mexico at J12 only); any other hex as it is."""
    area = area_of(action.hex)
    if area is None:
        return action.hex
    reach = board_map(g).graph.reach(str(action.entity))
    reached = reach.hexes | {h for h, _ in reach.stops}
    return next((h for h in red_areas()[area].hexes if h in reached), action.hex)


def _boneyard_asks(g: UsaGame) -> bool:
    """Whether P13's company is being asked whether to keep a rusted train (§12.10 with
    appendix P13: :class:`~.train_privates.BoneyardRound`); our next move answers it."""
    return isinstance(g.round, BoneyardRound) and g.round.boneyard is not None


def _unasked_boneyard(game: Game, memory: WriteMemory) -> list[SiteDoc]:
    """The pass of P13's company for a rust our last action set off that ours never asked
    about: ours asks in the next round (:class:`~..private_rounds.UsaBoneyard`), which
    drops the question when P13 is gone by then, as when the M&A round that follows
    liquidates its company (§14.2.1) with nobody to buy it; the site's
    ``G18USA::Step::ObsoleteTrain`` asks at once and waits (differential: random bots, 7
    players, seed 16065, SLSF's 2-train rusted by the 4-train exported as the operating
    round ended).  Declining keeps both games alike: the train rusts."""
    g = engine(game)
    could, memory.boneyard_could = memory.boneyard_could, _boneyard_could(g)
    if could is None or not game.log or _boneyard_asks(g) or g.boneyard_pending is not None:
        return []
    corp, trains = could
    for event in game.events(len(game.log) - 1)[0]:
        rusted = event.data.get("trains")
        if event.kind == "rust" and isinstance(rusted, list) and trains.intersection(rusted):
            return [_corp_pass(corp)]
    return []


def _boneyard_could(g: UsaGame) -> tuple[str, frozenset[str]] | None:
    """P13's company and its trains P13 may save from a rust (appendix P13), if any."""
    corp = owner_of(g, BONEYARD)
    if corp is None or corp not in g.corps:
        return None
    owned = abilities_held(g, corp, PennsyBoneyard)
    if not owned:
        return None
    saves = owned[0][1].saves
    trains = frozenset(t.id for t in g.depot.owned_by(corp) if t.type in saves)
    return (corp, trains) if trains else None


def _boneyard_saves_the_first(g: UsaGame, memory: WriteMemory, saved: str) -> None:
    """The site's P13 keeps the company's first train of the rusting kind, in the order it
    got them (``G18USA::Step::ObsoleteTrain#process_choose``: ``trains_rusting_for(...)
    .first``), whichever ours kept: the two are alike, so the site's id of that first one
    becomes our saved train's (found by the differential: random bots, 6 players, seed 916,
    where WP kept 2-1 and the site 2-0, then refused its run as of a train that had run)."""
    asked = g.round.boneyard if isinstance(g.round, BoneyardRound) else None
    rusting = asked.trains if asked is not None else ()
    if not rusting:
        return
    order = sorted(rusting, key=lambda t: (memory.acquired.get(t, 0), rusting.index(t)))
    first = order[0]
    if first == saved:
        return
    theirs, ours = memory.trains.get(first, first), memory.trains.get(saved, saved)
    memory.trains[saved], memory.trains[first] = theirs, ours
