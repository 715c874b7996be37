"""The typed views of core's 18xx engine (:class:`~roundhouse.core.engine18xx.Engine`).

Every 18xx title gets its board, tile catalogue, market, train roster, privates, table and
prompt from here; a title subclasses :class:`EngineObserver` only to add what the engine does
not know (company colours, a private card's text, its own steps' wording, its panels).  All
18xx information here is public, so ``player`` changes nothing yet; a title with hidden
information hides it in its subclass.

>>> import roundhouse
>>> game = roundhouse.new_game("18RoyalGorge", ["Ann", "Bob", "Cy"], seed=3)
>>> game.prompt().banner()
'Auction · Bob: bid or pass'
>>> game.table().company("RG").treasury, game.market().prices["CF&I"], game.trains().phase
(10, 45, 'Yellow')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, TypeVar

from roundhouse.core.ability import income_now
from roundhouse.core.actions import Action
from roundhouse.core.bank import BANK
from roundhouse.core.board import Board
from roundhouse.core.engine18xx import Engine
from roundhouse.core.errors import IllegalAction
from roundhouse.core.event import a_train
from roundhouse.core.flow.actions import (
    BuyCompany,
    BuyShares,
    BuyTrain,
    ChooseAbility,
    DiscardTrain,
    Dividend,
    LayTile,
    Pass,
    PlaceToken,
    SellShares,
)
from roundhouse.core.flow.auction import EnglishAuction
from roundhouse.core.flow.board_map import BoardMap
from roundhouse.core.flow.operating_round import OperatingRound
from roundhouse.core.flow.step import Step
from roundhouse.core.hexgrid import EDGE_NAMES
from roundhouse.core.ids import PlayerId
from roundhouse.core.shares import IPO, POOL, company_of
from roundhouse.core.tiles import Colour
from roundhouse.core.view.board import BoardView, board_view
from roundhouse.core.view.market import MarketView, market_view
from roundhouse.core.view.observer import Observer
from roundhouse.core.view.panel import Fact, Panel, humanize, panels_from_json
from roundhouse.core.view.part import plain_object
from roundhouse.core.view.private import PrivateView
from roundhouse.core.view.prompt import STEP_ACTION, STEP_HELP, AuctionView, Prompt
from roundhouse.core.view.run import RouteView, RunView
from roundhouse.core.view.table import CompanyRow, PlayerRow, TableView
from roundhouse.core.view.tile import TileCatalogue, tile_catalogue
from roundhouse.core.view.train import TrainRoster, roster_view

COMPASS: Mapping[str, str] = {
    "N": "north",
    "NE": "north-east",
    "E": "east",
    "SE": "south-east",
    "S": "south",
    "SW": "south-west",
    "W": "west",
    "NW": "north-west",
}
"""An edge's compass letters (:data:`~roundhouse.core.hexgrid.EDGE_NAMES`) in words."""

E = TypeVar("E", bound=Engine, covariant=True)

_ROUND_KEYS = frozenset({"kind", "label", "entity", "steps"})
"""Keys of a round's own view that the prompt already says."""


DIVIDEND_WORDS = {
    "payout": "pays out",
    "withhold": "withholds",
    "half": "pays half, keeps half",
}
"""A dividend's mode -> what the company does, for the log (the amounts follow as events)."""


class EngineObserver(Observer[E]):
    """Views of an 18xx game; see the module docstring."""

    __slots__ = ()

    step_action: ClassVar[Mapping[str, str]] = {}
    """A title's step names -> what the banner says ("choose steel")."""
    step_help: ClassVar[Mapping[str, str]] = {}
    """A title's step names -> how to play them."""

    # -- what a title adds ---------------------------------------------------------------

    def colour(self, company: str) -> str:
        """A company's colour word or ``#rrggbb``; "" when the title gives none."""
        return ""

    def private_text(self, private: str) -> str:
        """What a private card does, in the rulebook's words."""
        return ""

    def private_colour(self, private: str) -> str:
        return ""

    # -- parts ---------------------------------------------------------------------------

    def _board(self) -> Board | None:
        rules = self.state.map
        return rules.board if isinstance(rules, BoardMap) else None

    def phase_colour(self) -> Colour:
        """The colour whose revenues count: the latest tile colour the phase allows."""
        colours = [Colour.parse(c) for c in self.state.depot.phases.current.tiles]
        return max(colours) if colours else Colour.YELLOW

    def board(self) -> BoardView | None:
        board = self._board()
        return None if board is None else board_view(board, self.phase_colour())

    def tiles(self) -> TileCatalogue | None:
        board = self._board()
        return None if board is None else tile_catalogue(board)

    def market(self) -> MarketView:
        g = self.state
        zones = g.depot.phases.current.par_zones or frozenset({"par"})
        return market_view(g.market, zones)

    def trains(self) -> TrainRoster:
        return roster_view(self.state.depot)

    def privates(self) -> tuple[PrivateView, ...]:
        g = self.state
        reached = g.phases_reached()
        return tuple(
            PrivateView(
                id=p.id,
                name=p.spec.name,
                value=p.spec.value,
                revenue=income_now(p.spec.abilities, reached),
                owner=p.owner,
                closed=p.closed,
                ability=self.private_text(p.id),
                min_bid=p.spec.value if p.spec.min_bid is None else p.spec.min_bid,
                colour=self.private_colour(p.id),
            )
            for p in g.privates.values()
        )

    def _owned(self) -> dict[str, list[str]]:
        """Owner -> the open privates it holds."""
        owned: dict[str, list[str]] = {}
        for p in self.state.privates.values():
            if p.owner is not None and not p.closed:
                owned.setdefault(p.owner, []).append(p.id)
        return owned

    def standings(self, player: PlayerId | None) -> tuple[PlayerRow, ...]:
        g = self.state
        owned = self._owned()
        return tuple(
            PlayerRow(
                id=p,
                cash=g.ledger.cash(p),
                score=self.score(p),
                estimate=g.heuristic_value(p),
                shares={c: n for c, b in g.books.items() if (n := b.shares_of(p))},
                presidencies=tuple(c for c, b in g.books.items() if b.president == p),
                privates=tuple(owned.get(p, ())),
                certificates=g.cert_count(p),
                bankrupt=g.seats[p].bankrupt,
                extra=self.player_facts(p),
            )
            for p in g.players
        )

    def table(self, player: PlayerId | None) -> TableView:
        g = self.state
        owned = self._owned()
        players = self.standings(player)
        board = self._board()
        order = {c: i for i, c in enumerate(self.operating_order(), start=1)}
        companies = []
        for corp in g.corps.values():
            c = corp.id
            book = g.books[c]
            stations = board.tokens_of(c) if board is not None else []
            companies.append(
                CompanyRow(
                    id=c,
                    name=corp.spec.name,
                    colour=self.colour(c),
                    kind=corp.spec.kind,
                    size=book.size,
                    president=book.president,
                    price=g.share_price(c) if c in g.market.position else None,
                    par=corp.par_price,
                    cash=g.ledger.cash(c),
                    revenue=g.last_revenue.get(c),
                    ipo=book.shares_of(IPO),
                    pool=book.shares_of(POOL),
                    treasury=book.shares_of(c),
                    trains=tuple(t.id for t in g.depot.owned_by(c)),
                    tokens=corp.tokens_owned - corp.tokens_placed,
                    token_cost=corp.next_token_cost(),
                    hexes=tuple(dict.fromkeys(h for h, _ in stations)),
                    floated=corp.floated,
                    operated=corp.operated,
                    closed=corp.closed,
                    privates=tuple(owned.get(c, ())),
                    extra=self.company_facts(c),
                    order=order.get(c),
                )
            )
        return TableView(
            players=players,
            companies=tuple(companies),
            bank=g.ledger.cash(BANK) if g.ledger.finite else None,
            priority=g.priority,
            cert_limit=g.cert_limit(),
        )

    def operating_order(self) -> list[str]:
        """The companies in operating order: in an operating round those done first, then
        the rest as they would go now; otherwise every floated company by price."""
        g = self.state
        floated = [
            c.id for c in g.corps.values() if c.floated and not c.closed and g.controller(c.id)
        ]
        done = list(g.round.done) if isinstance(g.round, OperatingRound) else []
        rest = [c for c in floated if c not in done]
        return done + list(g.hooks.operating_order(g, rest))

    def score(self, player: str) -> int:
        """Net worth as if the game ended now."""
        return self.state.net_worth(player)

    def player_facts(self, player: str) -> tuple[Fact, ...]:
        return ()

    def company_facts(self, company: str) -> tuple[Fact, ...]:
        """A title's own columns of the company table (loans, for a title with loans)."""
        return ()

    def prompt(self, player: PlayerId | None) -> Prompt:
        g = self.state
        label = g.round.label(g)
        if g.finished:
            return Prompt(round=label, acting=())
        acting = tuple(g.acting())
        discarding = next((c for c in sorted(g.pending_discards) if g.controller(c)), None)
        if discarding is not None:
            return Prompt(
                round=label,
                acting=acting,
                entity=discarding,
                step="discard_train",
                action=STEP_ACTION["discard_train"],
                help=STEP_HELP["discard_train"],
                steps=("discard_train",),
                ending=self.ending(),
            )
        entities = g.round.entities_acting(g)
        entity = entities[0] if entities else None
        offered: list[Step[Any]] = g.round.offered(g, entity) if entity is not None else []
        main = offered[-1].name if offered else ""
        action = self.step_action.get(main) or STEP_ACTION.get(main) or humanize(main).lower()
        if not offered:
            # a round that decides without steps (the 1817 family's merger round): name the
            # kinds of move it offers
            kinds = [humanize(k).lower() for k in dict.fromkeys(a.kind for a in g.legal_actions())]
            action = " or ".join(filter(None, [", ".join(kinds[:-1]), kinds[-1]])) if kinds else ""
        return Prompt(
            round=label,
            acting=acting,
            entity=entity,
            step=main,
            action=action,
            help=self.step_help.get(main) or STEP_HELP.get(main, ""),
            steps=tuple(s.name for s in offered),
            auction=self.auction(offered),
            ending=self.ending(),
            details=self.details(offered),
        )

    def ending(self) -> str | None:
        """The reason the game is set to end, once a trigger has fired."""
        end = self.state.end
        return end.reason if end.target is not None and not end.over else None

    def auction(self, offered: Sequence[Step]) -> AuctionView | None:
        """The English auction under way in an offered step, if any."""
        g = self.state
        for step in offered:
            a = getattr(step, "auction", None)  # any step running an English auction
            if not isinstance(a, EnglishAuction):
                continue
            return AuctionView(
                item=a.item,
                high_bid=a.high_bid if a.high_bidder is not None else None,
                high_bidder=a.high_bidder,
                min_bid=a.min_bid,
                lowest_bid=a.min_next(g.config.bid_step),
                bidders=tuple(b for b in a.bidders if b not in a.passed),
                to_act=a.current,
                kind=step.name,
            )
        return None

    def details(self, offered: Sequence[Step]) -> tuple[Panel, ...]:
        """What the round and the offered steps show of a decision in progress (an offer
        waiting for its answer, a draft's hand), as panels."""
        g = self.state
        out: list[Panel] = []
        extra = {k: v for k, v in plain_object(g.round.view(g)).items() if k not in _ROUND_KEYS}
        if extra:
            out.extend(panels_from_json(g.round.label(g), extra, id="round"))
        for step in offered:
            shown = plain_object(step.view(g))
            if shown:
                out.extend(panels_from_json(humanize(step.name), shown, id=step.name))
        return tuple(out)

    def panels(self, player: PlayerId | None) -> tuple[Panel, ...]:
        """None in core: the parts say everything the engine knows; titles add theirs."""
        return ()

    def told(self, action: Action) -> str:
        """The log's words for the moves whose table talk is an engine's name: a dividend's
        mode ("GN chooses half"), a station's city slot ("in H8 (c)"), an ability's id and a
        certificate's id ("Ann buys B&O_1": a share of B&O; how big a share may have changed
        since, so it is not said)."""
        if isinstance(action, BuyShares) and action.shares:
            corps = {company_of(share) for share in action.shares}
            if len(corps) == 1:
                n = len(action.shares)
                what = "a share" if n == 1 else f"{n} shares"
                return f"{action.entity} buys {what} of {corps.pop()}"
        if isinstance(action, Dividend):
            how = DIVIDEND_WORDS.get(action.mode, f"chooses {humanize(action.mode).lower()}")
            return f"{action.entity} {how}"
        if isinstance(action, PlaceToken):
            slot = "" if action.city in ("", "c") else f" ({action.city})"
            return f"{action.entity} places a station in {action.hex}{slot}"
        if isinstance(action, ChooseAbility):
            via = f" ({action.company})" if action.company else ""
            return f"{action.entity}: {humanize(action.choice).lower()}{via}"
        if isinstance(action, LayTile):
            return f"{action.entity} lays tile {action.tile} on {action.hex}{self._exits(action)}"
        if isinstance(action, BuyTrain):
            # Who sold it is the position then, not now: the train's type only (its id is a
            # card's serial number, "buys train 4-0" to a player).
            kind = action.variant or self._train_type(action.train)
            return (
                f"{action.entity} buys {a_train(kind, self._car(action.train))} for ${action.price}"
            )
        if isinstance(action, DiscardTrain):
            kind = self._train_type(action.train)
            return f"{action.entity} discards {a_train(kind, self._car(action.train))}"
        return str(action)

    def _exits(self, lay: LayTile) -> str:
        """Where a lay's track leads, by compass ("track to the north and south-east"):
        players turn a tile to point its track somewhere; "rotation 4" is the engine's
        count of sixths.  The tile set and the map never change, so the log may say it."""
        board = self._board()
        if board is None or lay.tile not in board.tiles:
            return ""
        edges = board.tiles[lay.tile].exits(lay.rotation)
        if not edges:
            return ""
        names = EDGE_NAMES[board.grid.coords.layout]
        sides = sorted((names[e] for e in edges), key=list(COMPASS).index)
        sides = [COMPASS[side] for side in sides]
        listed = sides[0] if len(sides) == 1 else f"{', '.join(sides[:-1])} and {sides[-1]}"
        return f", track to the {listed}"

    def _train_type(self, train_id: str) -> str:
        """A train's type by its id ("4" for "4-0"): the depot's record, which a card keeps
        all game; the id's stem for a card the depot no longer knows."""
        train = self.state.depot.trains.get(train_id)
        return train.type if train is not None else train_id.rpartition("-")[0] or train_id

    def _car(self, train_id: str) -> bool:
        """Whether a card is a car, not a train (18USA §12.7's Pullman)."""
        card = self.state.depot.trains.get(train_id)
        return card is not None and self.state.depot.type_of(card).car

    def describe(self, action: Action) -> str:
        """Moves in words with what they cost or pay now: "Ann buys a 10% share of RG from
        the initial offering for $70", "RG pays out $230 ($23 a share)"."""
        g = self.state
        if isinstance(action, BuyShares) and action.shares:
            corp = company_of(action.shares[0])
            book = g.books.get(corp)
            if book is None or corp not in g.market.position:
                return str(action)
            cert = book.cert(action.shares[0])
            where = {IPO: "the initial offering", POOL: "the market", corp: "its treasury"}
            source = where.get(cert.owner, cert.owner)
            size = f"{100 * cert.shares // book.size}% " if book.size in (5, 10, 20) else ""
            price = cert.shares * g.share_price(corp)
            return f"{action.entity} buys a {size}share of {corp} from {source} for ${price}"
        if isinstance(action, SellShares) and action.corporation in g.market.position:
            each = g.share_price(action.corporation)
            n = action.count
            return (
                f"{action.entity} sells {n} share{'s' if n != 1 else ''} of "
                f"{action.corporation} for ${n * each}"
            )
        if isinstance(action, Dividend):
            revenue = g.round.revenue if isinstance(g.round, OperatingRound) else None
            if revenue is None:
                return str(action)
            shares = g.books[action.entity].size
            if action.mode == "payout":
                return f"{action.entity} pays out ${revenue} (${revenue // shares} a share)"
            if action.mode == "withhold":
                return f"{action.entity} withholds ${revenue} in its treasury"
            return f"{action.entity} pays half of ${revenue}"
        if isinstance(action, BuyTrain):
            train = g.depot.train(action.train)
            seller = {POOL: "the bank's pool"}.get(train.owner, train.owner)
            if train.owner not in g.corps and train.owner != POOL:
                seller = "the bank"
            side = action.variant or train.variant
            what = a_train(side, g.depot.type_of(train).car)
            return f"{action.entity} buys {what} from {seller} for ${action.price}"
        if isinstance(action, DiscardTrain):
            card = self.state.depot.trains.get(action.train)
            side = card.variant if card is not None else self._train_type(action.train)
            noun = "car" if self._car(action.train) else "train"
            return f"{action.entity} discards its {side} {noun}"
        if isinstance(action, BuyCompany):
            name = g.privates[action.company].spec.name if action.company in g.privates else ""
            return f"{action.entity} buys {action.company} {name} for ${action.price}".replace(
                "  ", " "
            )
        if isinstance(action, ChooseAbility):
            via = f" ({action.company})" if action.company else ""
            return f"{action.entity}: {humanize(action.choice).lower()}{via}"
        if isinstance(action, LayTile):
            return self.told(action)
        if isinstance(action, Pass) and not g.finished and not g.pending_discards:
            try:
                return g.round.told_pass(g, action) or str(action)
            except IllegalAction:
                return str(action)
        return str(action)

    def step_of(self, action: Action) -> tuple[str, str]:
        g = self.state
        if g.finished or g.pending_discards:
            return "", ""
        try:
            step, _ = g.round.step_for(g, action)
        except IllegalAction:
            return "", ""
        name = step.name
        return name, self.step_action.get(name) or STEP_ACTION.get(name) or humanize(name).lower()

    def route_revenue(self, entity: str, routes: Sequence[Sequence[str]]) -> int | None:
        g = self.state
        if not isinstance(g.map, BoardMap):
            return None
        return int(g.map.check_run(g, entity, tuple(tuple(r) for r in routes if r)))

    def price_run(self, entity: str, routes: Sequence[Sequence[str]]) -> RunView | None:
        g = self.state
        if not isinstance(g.map, BoardMap):
            return None
        result, exact = g.map.price_run(g, entity, tuple(tuple(r) for r in routes if r))
        return RunView(
            entity=entity,
            routes=tuple(
                RouteView(train=notation[0], stops=tuple(notation[1:]), revenue=run.revenue)
                for run, notation in zip(result.runs, exact, strict=True)
            ),
            total=result.total,
        )
