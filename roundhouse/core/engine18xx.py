"""The 18xx game machine: a :class:`~roundhouse.core.state.TitleState` built from a title's
data, config and hooks, that plays by delegating every decision to the current round.

A title supplies three things:

* :class:`TitleData` - the printed components: market grid, corporations, privates, train
  roster, phases (loaded from its data files);
* :class:`~roundhouse.core.config.TitleConfig` - its settings;
* a :class:`~roundhouse.core.hooks.Hooks` subclass - its behaviour changes (and, through
  :meth:`~roundhouse.core.hooks.Hooks.operating_steps`, its own steps);

plus, when it has a map, a :class:`~roundhouse.core.flow.map_steps.MapRules` adapter.  Its
``Title.setup`` then returns ``Engine(players, rng, data=..., config=..., hooks=...)``.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Collection, Sequence
from typing import Self

from roundhouse.core import action_names
from roundhouse.core.ability import closes_on
from roundhouse.core.actions import Action, Json
from roundhouse.core.bank import BANK, Ledger
from roundhouse.core.config import (
    BankruptcyEnd,
    Capitalization,
    CertLimitPlayers,
    EndTrigger,
    TitleConfig,
)
from roundhouse.core.derived import Versioned
from roundhouse.core.entities import Corporation, CorporationSpec, Player, Private, PrivateSpec
from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.actions import DiscardTrain, EndGame
from roundhouse.core.flow.board_map import BoardMap
from roundhouse.core.flow.game_end import GameEnd, game_over_text
from roundhouse.core.flow.map_steps import MapRules, NoMap
from roundhouse.core.flow.operating_round import OperatingRound
from roundhouse.core.flow.round import Round
from roundhouse.core.hooks import Hooks
from roundhouse.core.ids import PlayerId
from roundhouse.core.legal import AmountRange
from roundhouse.core.market import Market, MarketGrid
from roundhouse.core.marks import BooksMark, LedgerMark, Marked, MarketMark, RecordsMark
from roundhouse.core.phases import Phase, PhaseTrack
from roundhouse.core.rng import Rng
from roundhouse.core.share_trade import certificate_count
from roundhouse.core.shares import IPO, POOL, ShareBook
from roundhouse.core.state import TitleState
from roundhouse.core.static import Static
from roundhouse.core.trains import DEPOT, SCRAPPED, Depot, TrainEvents, TrainType


@dataclasses.dataclass(frozen=True, kw_only=True)
class TitleData(Static):
    """A title's printed components."""

    market: MarketGrid
    corporations: tuple[CorporationSpec, ...]
    trains: tuple[TrainType, ...]
    phases: tuple[Phase, ...]
    privates: tuple[PrivateSpec, ...] = ()


class Engine(TitleState):
    """One 18xx game in progress; its rounds, hooks and map act on it, or on the title's
    subclass (``Round[Self]``: a title's game gets rounds typed for it)."""

    round: Round[Self]
    closing_round: Round[Self] | None
    """A round played after the end was reached (:meth:`Hooks.round_after_end`)."""
    map: MapRules[Self]
    _hooks: Hooks[Self]

    def __init__(
        self,
        players: Sequence[PlayerId],
        rng: Rng,
        *,
        data: TitleData,
        config: TitleConfig,
        hooks: Hooks[Self] | None = None,
        board: MapRules[Self] | None = None,
    ) -> None:
        self.players = tuple(players)
        self.rng = rng
        self._data = data
        self._config = config
        self._hooks = hooks or Hooks()
        self.map = board if board is not None else NoMap()
        self.ledger = Ledger(bank_cash=config.bank)
        self.seats: dict[str, Player] = {p: Player(p) for p in self.players}
        cash = config.starting_cash[len(self.players)]
        for p in self.players:
            self.ledger.open(p)
            self.ledger.transfer(BANK, p, cash)
        self.corps: dict[str, Corporation] = {}
        self.books: dict[str, ShareBook] = {}
        owner_first = config.capitalization is Capitalization.INCREMENTAL
        for spec in data.corporations:
            self.corps[spec.id] = Corporation(spec)
            self.ledger.open(spec.id)
            self.books[spec.id] = ShareBook.standard(
                spec.id,
                size=spec.size,
                owner=spec.id if owner_first else IPO,
                president_shares=spec.president_shares,
                unplayable=spec.unplayable,
                unplayable_owner=spec.id,
            )
        self.privates = {p.id: Private(p) for p in data.privates}
        self.market = Market(data.market)
        self.depot = Depot(data.trains, PhaseTrack(data.phases))
        for spec in data.corporations:
            self.depot.kinds[spec.id] = spec.kind
        self.priority: str = self.players[0]
        self.sr_count = 0
        self.set_count = 0
        self.or_in_set = 0
        self.ors_in_set = 0
        self.last_revenue: dict[str, int] = {}
        self.pending_discards: dict[str, int] = {}
        self.end = GameEnd()
        self.closing_round = None
        self.round = self._hooks.first_round(self)
        self.round.start(self)
        self._settle()

    # -- the title's parts ---------------------------------------------------------------

    @property
    def config(self) -> TitleConfig:
        return self._config

    @property
    def hooks(self) -> Hooks[Self]:
        return self._hooks

    @property
    def data(self) -> TitleData:
        return self._data

    # -- who is who ----------------------------------------------------------------------

    def pid(self, player: str) -> PlayerId:
        return PlayerId(player)

    def player(self, player: str) -> Player:
        return self.seats[player]

    def controller(self, entity: str) -> str | None:
        """The seat deciding for ``entity``: a player themself, a company's president, a
        private's owner (or its owning company's president)."""
        if entity in self.seats:
            return entity
        if entity in self.books:
            return self.books[entity].president
        if entity in self.privates:
            owner = self.privates[entity].owner
            return None if owner is None else self.controller(owner)
        return None

    def open_kinds(self) -> frozenset[str]:
        return action_names.OPEN_KINDS

    def same_move(self, action: Action) -> Action:
        return action_names.same_move(self, action)

    def knows(self, kind: str, name: str) -> bool:
        return action_names.knows(self, kind, name)

    def controller_id(self, entity: str) -> PlayerId:
        who = self.controller(entity)
        if who is None:
            raise IllegalAction(f"nobody controls {entity}", rule="entity.no_controller")
        return PlayerId(who)

    def turn_order_from(self, player: str) -> list[str]:
        """Solvent players in seat order, starting with ``player``."""
        i = self.players.index(player)
        order = self.players[i:] + self.players[:i]
        return [p for p in order if not self.seats[p].bankrupt]

    def or_round(self) -> OperatingRound[Self]:
        assert isinstance(self.round, OperatingRound)
        return self.round

    # -- shares and prices ---------------------------------------------------------------

    def share_price(self, corp_id: str) -> int:
        return self.market.price(corp_id)

    def player_shares(self, corp_id: str) -> int:
        book = self.books[corp_id]
        return sum(book.shares_of(p) for p in self.players)

    def cert_limit(self) -> int:
        """The certificate limit for the player count the title reads its table with: all
        seats, or only solvent players (:class:`CertLimitPlayers`, 18USA §15).  A count the
        table lacks (one survivor: the game is over) reads the nearest larger column."""
        table = self._config.cert_limit
        n = len(self.players)
        if self._config.cert_limit_players is CertLimitPlayers.SOLVENT:
            n = sum(1 for seat in self.seats.values() if not seat.bankrupt)
        if n in table:
            return table[n]
        larger = [k for k in table if k >= n]
        return table[min(larger)] if larger else table[max(table)]

    def purchase_cert_count(self, player: str, corp_id: str) -> int:
        """The certificates held that count against the limit when ``player`` buys a share
        of ``corp_id``: :meth:`cert_count`, unless a title counts a purchase differently
        (18USA under ``compat_18xx_games``: closing a short)."""
        return self.cert_count(player)

    def cert_count(self, player: str) -> int:
        extra = sum(
            1
            for p in self.privates.values()
            if p.owner == player
            and not p.closed
            and (p.spec.counts_as_cert or self._config.privates_count_for_cert_limit)
        )
        return certificate_count(
            player,
            self.books.values(),
            self.market.zones_by_company(),
            self._config.share_rules,
            extra,
        )

    def phases_reached(self) -> frozenset[str]:
        track = self.depot.phases
        return frozenset(p.name for p in track.phases[: track.index + 1])

    def start_company(
        self: Self, player: str, corp_id: str, price: int, *, paid: bool = False, how: str = ""
    ) -> None:
        """Par: the price token goes on the market, the president's certificate to the
        player, paid to the treasury or the bank (:class:`Capitalization`); ``paid``: the
        player has already paid for it (a title's card exchanged for it), ``how`` says with
        what in the event's words."""
        corp = self.corps[corp_id]
        book = self.books[corp_id]
        pc = book.president_cert
        assert pc is not None
        zones = self.depot.phases.current.par_zones or frozenset({"par"})
        cell = self.market.check_par(corp_id, price, zones)
        self.market.place(corp_id, cell)
        if not paid:
            payee = corp_id if pc.owner == corp_id else BANK
            self.ledger.transfer(player, payee, price * pc.shares)
        book.move(pc.id, player)
        corp.par_price = price
        corp.formed_in = self.sr_count
        self.emit(
            "par",
            f"{player} starts {corp_id} at ${price}{how}",
            company=corp_id,
            price=price,
            restates=True,
        )
        self.map.place_home(self, corp_id)
        self.check_float(corp_id)

    def check_float(self: Self, corp_id: str) -> None:
        """A company floats once players hold its float shares (18US §5.3); with full
        capitalisation the bank then pays it its size times the starting value and its
        unsold initial offering goes to the pool."""
        corp = self.corps[corp_id]
        if corp.floated or not corp.started or self.player_shares(corp_id) < corp.spec.float_shares:
            return
        corp.floated = True
        self.emit("float", f"{corp_id} floats", company=corp_id)
        if self._config.capitalization is Capitalization.FULL:
            assert corp.par_price is not None
            self.ledger.transfer(BANK, corp_id, corp.par_price * corp.spec.size)
            book = self.books[corp_id]
            for cert in book.certs_of(IPO):
                if cert.playable:
                    cert.owner = POOL
        self._hooks.on_float(self, corp_id)

    def after_price_move(self, corp_id: str) -> None:
        """Fire the market-cell end trigger when a token reaches it (18RoyalGorge
        "Ending 2: Stock Value Cap")."""
        if self._config.end_game_zone in self.market.zones(corp_id):
            self.end.trigger(self, EndTrigger.MARKET_CELL)

    # -- trains --------------------------------------------------------------------------

    def train_events(self: Self, corp_id: str | None, events: TrainEvents) -> None:
        """Close privates, fire the final-train trigger, queue forced discards."""
        names = set(events.events)
        sold = events.phases[-1].on if events.phases else None
        for phase in events.phases:
            self.emit("phase", f"Phase {phase.name} begins", phase=phase.name, train=phase.on)
        if events.rusted:
            told = _rusted_words([(owner, self.depot.train(t).type) for t, owner in events.rusted])
            self.emit("rust", f"Trains rust: {told}", trains=[t for t, _ in events.rusted])
        if events.obsoleted:
            old = ", ".join(events.obsoleted)
            self.emit("obsolete", f"Trains become obsolete: {old}", trains=list(events.obsoleted))
        for private in self.privates.values():
            if private.closed:
                continue
            if any(
                closes_on(private.spec.abilities, train=t.on or "", phase=t.name)
                for t in events.phases
            ) or any(closes_on(private.spec.abilities, event=e) for e in names):
                private.closed = True
                self.emit("close", f"{private.id} {private.spec.name} closes", item=private.id)
        if sold is not None:
            for private in self.privates.values():
                if not private.closed and closes_on(private.spec.abilities, train=sold):
                    private.closed = True
                    self.emit("close", f"{private.id} {private.spec.name} closes", item=private.id)
        if self._config.final_train_event in names:
            self.end.trigger(self, EndTrigger.FINAL_TRAIN)
        self.pending_discards = dict(events.must_discard)
        self._hooks.on_train_events(self, corp_id, events)

    # -- rounds --------------------------------------------------------------------------

    def begin_operating_round(self: Self) -> None:
        """Count the operating round starting: the next of this set, or the first of a new
        set.  A title's engine that sets something at every operating round's start (an
        interest rate) extends this."""
        if self.round.kind == "OR" and self.or_in_set < self.ors_in_set:
            self.or_in_set += 1
            return
        self.set_count += 1
        self.or_in_set = 1
        self.ors_in_set = self._hooks.operating_rounds_in_set(self)

    def _settle(self: Self) -> None:
        """After an action: bank-broken trigger, then finish rounds and start the next
        until someone has a decision to make or the game is over."""
        if self.ledger.bank_broken:
            self.end.trigger(self, EndTrigger.BANK_BROKEN)
        while not self.end.over and self.round.finished:
            ended = self.round
            ended.on_finish(self)
            if ended is self.closing_round:
                self.end.over = True
                break
            if ended.kind == "OR":
                last = self.or_in_set >= self.ors_in_set
                if self.end.after_operating_round(self, last):
                    closing = self._hooks.round_after_end(self, ended)
                    if closing is None:
                        break
                    self.end.over = False
                    self.round = self.closing_round = closing
                    closing.start(self)
                    continue
                limit = self._config.or_set_limit
                if last and limit is not None and self.set_count >= limit:
                    self.end.trigger(self, EndTrigger.ROUND_LIMIT)
                    if self.end.over or self.end.after_operating_round(self, last):
                        break
            self.round = self._hooks.next_round(self, ended)
            self.round.start(self)
            if self.ledger.bank_broken:
                self.end.trigger(self, EndTrigger.BANK_BROKEN)

    # -- TitleState ----------------------------------------------------------------------

    def _discarding(self) -> str | None:
        for corp_id in sorted(self.pending_discards):
            if self.controller(corp_id) is not None:
                return corp_id
        return None

    def acting(self: Self) -> tuple[PlayerId, ...]:
        if self.finished:
            return ()
        corp = self._discarding()
        if corp is not None:
            return (self.controller_id(corp),)
        seats: list[PlayerId] = []
        for entity in self.round.entities_acting(self):
            who = self.controller(entity)
            if who is not None and who not in seats:
                seats.append(PlayerId(who))
        return tuple(seats)

    def legal_actions(self: Self) -> Sequence[Action]:
        if self.finished:
            return []
        corp = self._discarding()
        if corp is not None:
            p = self.controller_id(corp)
            return [
                DiscardTrain(player=p, entity=corp, train=t.id)
                for t in self.depot.owned_by(corp)
                if not t.obsolete or self.depot.obsolete_counts
            ]
        return self.round.legal_actions(self)

    def legal_actions_of(self: Self, kinds: Collection[str]) -> Sequence[Action]:
        if self.finished or self._discarding() is not None:
            return [a for a in self.legal_actions() if a.kind in kinds]
        return self.round.legal_actions(self, kinds)

    def legal_kinds(self: Self) -> frozenset[str]:
        if self.finished or self._discarding() is not None:
            return frozenset(a.kind for a in self.legal_actions())
        return self.round.legal_kinds(self)

    def legal_ranges(self: Self) -> Sequence[AmountRange]:
        if self.finished or self._discarding() is not None:
            return []
        return self.round.legal_ranges(self)

    def check(self: Self, action: Action) -> None:
        if isinstance(action, EndGame):
            self._check_manual_end(action)
            return
        corp = self._discarding()
        if corp is not None:
            if action not in self.legal_actions():
                raise IllegalAction(
                    f"{corp} is over its train limit and must discard first",
                    rule="trains.must_discard",
                )
        else:
            self.round.check(self, action)
        entity = getattr(action, "entity", None)
        expected = self.controller(entity) if isinstance(entity, str) else None
        if expected is not None and expected != action.player:
            raise IllegalAction(
                f"{action.player} does not control {entity}", rule="round.not_your_entity"
            )

    def _check_manual_end(self, action: EndGame) -> None:
        """An end by agreement is taken where the title allows it
        (:attr:`TitleConfig.manual_end`), from any player, whoever's turn it is."""
        if not self._config.manual_end:
            raise IllegalAction(
                "the game ends only by its triggers (a manual end exists only on 18xx.games)",
                rule="game.manual_end",
            )
        if action.player not in self.players:
            raise IllegalAction(f"{action.player} is not playing", rule="game.manual_end")

    watched_books: tuple[str, ...] = ()
    """Companies whose certificates :meth:`after_share_moves` follows (18RoyalGorge's
    metal companies on 18xx.games): after an action that moved any of them it is called,
    after any other it is not (issue #15: a tile lay reads no share book)."""

    def _holders(self) -> tuple[str, ...]:
        """Who owns each certificate of the :attr:`watched_books`, in order."""
        books = self.books
        watched = (books[corp] for corp in self.watched_books if corp in books)
        return tuple(c.owner for book in watched for c in book.certs.values())

    def after_share_moves(self) -> None:
        """An action moved certificates of the :attr:`watched_books` (none by default)."""

    def shared_parts(self) -> Sequence[Versioned]:
        """The board (:meth:`TitleState.shared_parts`): nearly half of an 18RoyalGorge
        state's copy, and most moves leave it as it was."""
        return (self.map.board,) if isinstance(self.map, BoardMap) else ()

    def marked_parts(self) -> Sequence[Marked]:
        """The share books, the ledger, the market, the companies, the seats and the private
        cards (:meth:`TitleState.marked_parts`): after the board, most of an 18RoyalGorge
        state's copy, each a mark of a few tuples instead."""
        return (
            BooksMark(self.books, ShareBook.clock),
            LedgerMark(self.ledger),
            MarketMark(self.market),
            RecordsMark(self.corps, clock=Corporation.clock),
            RecordsMark(self.seats, clock=Player.clock),
            RecordsMark(self.privates, ("used",), clock=Private.clock),
        )

    def execute(self: Self, action: Action) -> None:
        if isinstance(action, EndGame):
            # the site's end by agreement: over at once, as it stands (no round finishes)
            self.end.over = True
            self.end.reason = "manually_ended"
            return
        held = self._holders() if self.watched_books else None
        was_over = self.end.over
        corp = self._discarding()
        if corp is not None and isinstance(action, DiscardTrain):
            self.depot.discard(action.train)
            self.pending_discards[corp] -= 1
            if self.pending_discards[corp] <= 0:
                del self.pending_discards[corp]
        else:
            self.round.process(self, action)
        self._settle()
        if self.end.over and not was_over:
            self.emit(
                "game_over",
                game_over_text(self),
                reason=self.end.reason,
                result=self.result,
                winners=list(self.winners or ()),
            )
        if held is not None and self._holders() != held:
            self.after_share_moves()

    def view(self, player: PlayerId | None) -> dict[str, Json]:
        return {
            "round": self._round_view(),
            "priority": self.priority,
            "phase": self.depot.phases.current.name,
            "bank": None if not self.ledger.finite else self.ledger.cash(BANK),
            "cash": {h.id: h.cash for h in self.ledger if h.id != BANK},
            "corporations": {
                c.id: {
                    "price": self.share_price(c.id) if c.id in self.market.position else None,
                    "floated": c.floated,
                    "operated": c.operated,
                    "president": self.books[c.id].president,
                    "shares": dict(self.books[c.id].holdings()),
                    "trains": [t.id for t in self.depot.owned_by(c.id)],
                    "closed": c.closed,
                }
                for c in self.corps.values()
            },
            "privates": {
                p.id: {"owner": p.owner, "closed": p.closed} for p in self.privates.values()
            },
            "depot": list(self.depot.upcoming[:3]),
            "pool_trains": [t.id for t in self.depot.pool()],
        }

    def _round_view(self: Self) -> Json:
        """The round as its steps show it: whose turn, the steps open to them, and any
        decision in progress (an auction's bids, an M&A offer waiting for its answer)."""
        if self.finished:
            return {"kind": self.round.kind, "label": self.round.label(self)}
        shown = self.round.view(self)
        for step in self.round.steps:
            extra = step.view(self)
            if extra:
                shown[step.name] = extra
        plain: Json = json.loads(json.dumps(shown))
        return plain

    @property
    def finished(self) -> bool:
        return self.end.over

    @property
    def result(self) -> dict[PlayerId, int] | None:
        if not self.finished:
            return None
        return {p: self.net_worth(p) for p in self.players}

    @property
    def end_reason(self) -> str | None:
        return self.end.reason if self.finished else None

    @property
    def winners(self) -> tuple[PlayerId, ...] | None:
        """18US §8, 18West §9, 18USA §16: "If all players but one have gone bankrupt, the game
        ends immediately and the sole solvent player is the winner" - even with the lower
        score (a bankrupt player's holdings went to the pool, but their score may tie)."""
        if (
            self.finished
            and self.end.reason == EndTrigger.BANKRUPTCY.value
            and self._config.bankruptcy_end is BankruptcyEnd.ELIMINATE
        ):
            return tuple(p for p in self.players if not self.player(p).bankrupt)
        return super().winners

    def heuristic_value(self, player: PlayerId) -> float:
        """Net worth as if the game ended now (cash, shares at market price, title
        adjustments): the score 18xx games are won on, so a fair guide for greedy bots."""
        return float(self.net_worth(player))

    def net_worth(self, player: str) -> int:
        """A player's score at the end: cash, shares at market price unless their company
        sits in a worthless zone, privates at face value where the title counts them, and
        the title's own adjustments (:meth:`Hooks.score_adjustment`)."""
        total = self.ledger.cash(player)
        for corp_id, book in self.books.items():
            held = book.shares_of(player)
            if not held or corp_id not in self.market.position:
                continue
            if self.market.zones(corp_id) & self.config.worthless_zones:
                continue
            total += held * self.share_price(corp_id)
        if self.config.score_private_value:
            total += sum(
                p.spec.value for p in self.privates.values() if p.owner == player and not p.closed
            )
        return total + self.hooks.score_adjustment(self, player)

    def conserved_money(self) -> int | None:
        return self.ledger.total()

    def invariant_violations(self) -> list[str]:
        out: list[str] = []
        for corp_id, book in self.books.items():
            extra = self.shares_beyond_size(corp_id)
            if book.total() - extra != book.size:
                out.append(
                    f"{corp_id}: certificates less {extra} owed back add up to "
                    f"{book.total() - extra}, not {book.size}"
                )
            for cert in book.certs.values():
                if cert.owner not in self.seats and cert.owner not in (POOL, IPO, corp_id):
                    out.append(f"{cert.id} is held by unknown {cert.owner}")
            pc = book.president_cert
            if pc is not None and pc.owner in self.seats:
                most = max(book.shares_of(p) for p in self.players)
                if book.shares_of(pc.owner) < most:
                    out.append(f"{corp_id}: president {pc.owner} is not the largest holder")
        for holder in self.ledger:
            if holder.id != BANK and holder.cash < 0:
                out.append(f"{holder.id} has negative cash ${holder.cash}")
        for train in self.depot.trains.values():
            if train.owner not in (DEPOT, POOL, SCRAPPED) and train.owner not in self.corps:
                out.append(f"train {train.id} is owned by unknown {train.owner}")
        for corp in self.corps.values():
            if corp.tokens_placed > corp.tokens_owned:
                out.append(
                    f"{corp.id} has {corp.tokens_placed} station tokens on the map but "
                    f"owns {corp.tokens_owned}"
                )
        return out

    def shares_beyond_size(self, corp_id: str) -> int:
        """Certificates of the company in play beyond its size because players owe them
        back (a title's short sales); core has none, so the certificates add up to the
        size."""
        return 0

    def label(self: Self) -> str:
        return self.round.label(self)


_COUNTS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}


def _rusted_words(rusted: list[tuple[str, str]]) -> str:
    """The rusted trains in players' words, by owner in the order they rusted and by type
    ("UP's 2-train, the pool's two 2-trains"), never by card id (issue #20: the log read
    "UP's 2-0, pool's 2-11")."""
    counts: dict[tuple[str, str], int] = {}
    for key in rusted:
        counts[key] = counts.get(key, 0) + 1
    told = []
    for (owner, kind), n in counts.items():
        whose = "the pool's" if owner == POOL else f"{owner}'s"
        many = f"{_COUNTS.get(n, str(n))} {kind}-trains" if n > 1 else f"{kind}-train"
        told.append(f"{whose} {many}")
    return ", ".join(told)
