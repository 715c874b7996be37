"""The map half of an operating turn over a real :class:`~roundhouse.core.board.Board`.

:class:`BoardMap` is the title-agnostic :class:`~roundhouse.core.flow.map_steps.MapRules`: it
lists and carries out tile lays and upgrades (:func:`roundhouse.core.track.tile_lays`, with the
phase's tile colours and the company's :class:`~roundhouse.core.track.Allowance`), station
placements (:func:`roundhouse.core.station.token_placements`), home tokens, and runs (the optimal
run offered as the default, any other legal set of routes accepted through
:func:`roundhouse.core.routes.run.check_run`) - the common rules of 18RoyalGorge "1. Lay
Track", "2. Build a Station", "3. Run Trains", 18USA §12.2-§12.4, 18US §6.2-§6.5 and 18West
§7.1-§7.5.

A title's rules about laying track are :class:`~roundhouse.core.flow.lay_rule.LayRule`
objects given to the map (``lay_rules``): whether a lay is allowed, its terrain cost, what it
costs on top and what it sets off, each rule in one place.  Runs and stations a title changes
by overriding the small methods below (:meth:`BoardMap.revenue_rules`,
:meth:`BoardMap.train_kinds`, :meth:`BoardMap.graph_options`, :meth:`BoardMap.route_options`).

Money: :attr:`TileLay.cost` is what the operating round's track step pays the bank (terrain
after discounts); anything else a lay costs (18RoyalGorge steel) is its rule's to collect in
:meth:`LayRule.after` and to quote in :meth:`LayRule.extra`, so unaffordable lays are not
offered.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Hashable, Iterator, Mapping, Sequence
from typing import Generic, cast

from roundhouse.core.bank import BANK
from roundhouse.core.board import Board
from roundhouse.core.derived import Derived
from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.flow_game import FlowGame, G, RouteList
from roundhouse.core.flow.lay_rule import LayRule, LayScope
from roundhouse.core.graph import Graph
from roundhouse.core.routes.adapter import DEFAULT_OPTIONS, GraphOptions
from roundhouse.core.routes.kinds import AnyKind
from roundhouse.core.routes.revenue import PLAIN, Revenue, RevenueRules
from roundhouse.core.routes.run import Notation, company_trains, optimal_run, priced_run
from roundhouse.core.static import Static
from roundhouse.core.station import TokenPlacement, token_placements
from roundhouse.core.tiles import Colour
from roundhouse.core.track import (
    Allowance,
    LayReach,
    TileLay,
    TrackRules,
    check_lay,
    iter_tile_lays,
    lay_of,
)
from roundhouse.core.upgrade import UpgradeRules

LayIndex = dict[tuple[str, str, int], TileLay]

UNLIMITED = 1 << 40
"""Cash given to the track search so that it lists every lay; the step filters by cash."""


_ANSWERS: dict[tuple[type, str], bool] = {}
"""(lay rule class, question) -> whether the class answers it itself (static: classes only)."""


def _answering(rules: tuple[LayRule[G], ...], question: str) -> Iterator[LayRule[G]]:
    """The rules whose class answers ``question`` (a :class:`LayRule` method) itself: the
    base's answer is the neutral one (allowed, the terrain unchanged, nothing extra, no key,
    nothing after), so a rule that keeps it is not asked (issue #15: a lay entered every
    rule for every question)."""
    for rule in rules:
        key = (type(rule), question)
        own = _ANSWERS.get(key)
        if own is None:
            own = _ANSWERS[key] = getattr(type(rule), question) is not getattr(LayRule, question)
        if own:
            yield rule


_Asked = tuple[tuple[LayRule[G], LayScope | None], ...]


class _Plan(Static, Generic[G]):
    """Which lay rules each question goes to (:func:`_answering`), each with its scope
    (:meth:`LayRule.where`, asked once here): worked out once for a map's rules."""

    __slots__ = ("after", "allowed", "extra", "extra_key", "keyed", "rules", "terrain")

    def __init__(self, rules: tuple[LayRule[G], ...], board: Board) -> None:
        self.rules = rules
        scopes = {id(rule): rule.where(board) for rule in rules}

        def asked(question: str) -> _Asked[G]:
            return tuple((rule, scopes[id(rule)]) for rule in _answering(rules, question))

        self.allowed = asked("allowed")
        self.terrain = asked("terrain")
        self.extra = asked("extra")
        self.extra_key = asked("extra_key")
        self.after = asked("after")
        keyed = {id(rule) for rule in _answering(rules, "position_key")}
        self.keyed: _Asked[G] = tuple(
            (rule, scopes[id(rule)])
            for rule in rules
            if scopes[id(rule)] is not None or id(rule) in keyed
        )
        """The rules a listing is keyed on: a scoped rule by its scope, another by its
        :meth:`LayRule.position_key`."""


def _holds(g: FlowGame, card: str, corp_id: str) -> bool:
    """Whether ``corp_id`` holds the private ``card``, open."""
    private = g.privates.get(card)
    return private is not None and not private.closed and private.owner == corp_id


def _on(where: LayScope, lay: TileLay) -> bool:
    """Whether the lay is on the scope's hexes or of its tiles (any lay without hexes)."""
    return where.hexes is None or lay.hex in where.hexes or lay.tile in where.tiles


def _concerns(g: FlowGame, corp_id: str, lay: TileLay, where: LayScope | None) -> bool:
    """Whether a rule of scope ``where`` is about ``corp_id``'s lay (core's test: the rule
    itself is not entered for a lay it is not about)."""
    if where is None:
        return True
    if where.card is not None and not _holds(g, where.card, corp_id):
        return False
    return _on(where, lay)


class BoardMap(Generic[G]):
    """A title's board behind the operating round's map steps."""

    def __init__(
        self,
        board: Board,
        *,
        kinds: Mapping[str, AnyKind],
        upgrades: UpgradeRules | None = None,
        options: GraphOptions = DEFAULT_OPTIONS,
        revenue: RevenueRules = PLAIN,
        one_lay_per_hex: bool = False,
        time_budget: float | None = None,
        lay_reach: LayReach = LayReach.ANY_LINK_TOUCHES,
        lay_rules: Sequence[LayRule[G]] = (),
    ) -> None:
        self.board = board
        self.graph = Graph(board)
        self.kinds = dict(kinds)
        self.upgrades = upgrades if upgrades is not None else UpgradeRules()
        self.options = options
        self.revenue = revenue
        self.one_lay_per_hex = one_lay_per_hex
        """18USA §12.2: no lay and upgrade of the same hex in one turn."""
        self.time_budget = time_budget
        self.lay_reach = lay_reach
        """How new track must join the company's routes (18USA §12.2.2: any part of the tile;
        18US §6.2.1, 18West §7.1.2, 18RoyalGorge Rule 4: the new track itself)."""
        self.lay_rules = tuple(lay_rules)
        """The title's :class:`~roundhouse.core.flow.lay_rule.LayRule` objects, in order."""
        self._plan: _Plan[G] = _Plan(self.lay_rules, self.board)
        self.turn: tuple[int, int, str] = (0, 0, "")
        self.laid: list[str] = []
        """Hexes the company operating now has built in this turn."""
        self.founded: tuple[int, int, str] | None = None
        """The turn whose lay founded a station, which took that turn's token (§6.2.2)."""

    @property
    def derived(self) -> Derived:
        """The game's derived-data cache (the board holds it): listings and runs are kept
        there under everything they depend on."""
        return self.board.derived

    # -- turn bookkeeping ----------------------------------------------------------------

    def _sync_turn(self, g: G, corp_id: str) -> None:
        """Start the company's turn record before a lay (write paths only: reading the
        position must not change it, or replaying the log would give another state)."""
        key = (g.set_count, g.or_in_set, corp_id)
        if key != self.turn:
            self.turn = key
            self.laid = []

    def laid_now(self, g: G, corp_id: str) -> list[str]:
        """Hexes ``corp_id`` has built in its current turn, without writing."""
        return self.laid if self.turn == (g.set_count, g.or_in_set, corp_id) else []

    # -- title overrides -------------------------------------------------------------------

    def colours(self, g: G) -> frozenset[Colour]:
        """Tile colours the current phase allows."""
        return frozenset(Colour.parse(c) for c in g.depot.phases.current.tiles)

    def allowance(self, g: G, corp_id: str) -> Allowance:
        skip = frozenset(self.laid_now(g, corp_id)) if self.one_lay_per_hex else frozenset()
        return Allowance(cash=UNLIMITED, skip_hexes=skip)

    def _rules(self) -> _Plan[G]:
        """The plan of :attr:`lay_rules` (made again if they were replaced)."""
        plan = self._plan
        if plan.rules is not self.lay_rules:
            plan = self._plan = _Plan(self.lay_rules, self.board)
        return plan

    def lay_allowed(self, g: G, corp_id: str, lay: TileLay) -> bool:
        """Whether every lay rule about the lay allows it (reserved tiles, letter rules)."""
        return all(
            rule.allowed(g, corp_id, lay)
            for rule, where in self._rules().allowed
            if _concerns(g, corp_id, lay, where)
        )

    def lay_cost(self, g: G, corp_id: str, lay: TileLay) -> int:
        """What the track step charges for the lay: its terrain cost as the lay rules leave
        it (halved by a private, less what a title's cards pay, 18US §10.1.3); depends on the
        position only through :meth:`listing_key`."""
        cost = lay.cost
        for rule, where in self._rules().terrain:
            if _concerns(g, corp_id, lay, where):
                cost = rule.terrain(g, corp_id, lay, cost)
        return cost

    def extra_cost(self, g: G, corp_id: str, lay: TileLay) -> int:
        """Money a lay costs besides :attr:`TileLay.cost` (paid in :meth:`after_lay`)."""
        return sum(
            rule.extra(g, corp_id, lay)
            for rule, where in self._rules().extra
            if _concerns(g, corp_id, lay, where)
        )

    def extra_cost_key(self, lay: TileLay) -> Hashable:
        """What :meth:`extra_cost` depends on in the lay: lays with equal keys cost the same
        extra in any one position, so a listing prices each key once.  The key depends on the
        lay only, not on the position: the lay rules' keys (18RoyalGorge's steel reads only
        the tile's colour), None for a rule whose hexes the lay is not on (whether the
        railroad holds a rule's card is one answer for a whole listing).  A title overriding
        :meth:`extra_cost` overrides this too."""
        return tuple(
            rule.extra_key(self.board, lay) if where is None or _on(where, lay) else None
            for rule, where in self._rules().extra_key
        )

    def listing_key(self, g: G, corp_id: str) -> Hashable:
        """What else of the position :meth:`lay_cost` and :meth:`lay_allowed` read besides
        the board, the phase and the hexes built this turn (the lay rules' position keys,
        or what a scoped rule declares it reads and whether the railroad holds its card; a
        title's terrain cards and what they may still pay): the listing of lays is kept
        while it, and those, stay the same."""
        key: list[Hashable] = []
        for rule, where in self._rules().keyed:
            if where is None:
                key.append(rule.position_key(g, corp_id))
                continue
            if where.card is not None:
                held = _holds(g, where.card, corp_id)
                key.append(held)
                if not held:
                    continue
            key.extend(getattr(g, name) for name in where.reads)
        return tuple(key)

    def after_lay(self, g: G, corp_id: str, lay: TileLay) -> None:
        """The tile is down: the after-effects of the lay rules about it, in order (steel,
        gold, markers)."""
        for rule, where in self._rules().after:
            if _concerns(g, corp_id, lay, where):
                rule.after(g, corp_id, lay)

    def track_rules(self, g: G, rules: TrackRules) -> TrackRules:
        """A title's change to the phase's :class:`TrackRules` (18RoyalGorge's letter-tile
        fallback).  Asked once per colour set and kept with its cache of which tile may
        replace which, so the answer may depend only on ``rules`` and on what the game fixes
        at set-up (its variant), never on the position."""
        return rules

    def train_kinds(self, g: G, corp_id: str) -> Mapping[str, AnyKind]:
        return self.kinds

    def revenue_rules(self, g: G, corp_id: str) -> RevenueRules:
        return self.revenue

    def graph_options(self, g: G, corp_id: str) -> GraphOptions:
        return self.options

    def token_cost(self, g: G, corp_id: str, hex_name: str, city: str) -> int:
        """Surcharge on top of the charter price at that station (18US §6.4: distance)."""
        return 0

    # -- tiles -------------------------------------------------------------------------

    def _track_rules(self, g: G) -> TrackRules:
        """The phase's :class:`TrackRules`, one object per colour set, so that its cache of
        which tile may replace which lasts across turns."""
        colours = self.colours(g)
        return self.derived.get(
            ("track_rules", colours, id(self.upgrades), self.lay_reach),
            lambda: self.track_rules(
                g, TrackRules(upgrades=self.upgrades, colours=colours, reach=self.lay_reach)
            ),
        )

    def _listing(
        self, g: G, corp_id: str
    ) -> tuple[list[TileLay], list[Hashable], dict[Hashable, TileLay], list[TileLay]]:
        """Every lay before cash (cached per board version, company, phase, the hexes
        already built this turn and :meth:`listing_key`), each lay's :meth:`extra_cost_key`,
        the first lay of each key (in listing order), and the lays that found a station."""
        return self.derived.get(self._listing_key(g, corp_id), lambda: self._list(g, corp_id))

    def _listing_key(self, g: G, corp_id: str) -> tuple[Hashable, ...]:
        phase = g.depot.phases.current.name
        laid = tuple(self.laid_now(g, corp_id))
        extra = self.listing_key(g, corp_id)
        return ("lays", self.board.version, corp_id, phase, laid, extra)

    def _list(
        self, g: G, corp_id: str
    ) -> tuple[list[TileLay], list[Hashable], dict[Hashable, TileLay], list[TileLay]]:
        return self._listing_of(list(self._allowed_lays(g, corp_id)))

    def _allowed_lays(self, g: G, corp_id: str) -> Iterator[TileLay]:
        """The track's lays that the lay rules allow, at the cost they charge, in listing
        order, worked out only as far as they are read."""
        rules = self._track_rules(g)
        for lay in iter_tile_lays(
            self.board, self.graph, corp_id, self.allowance(g, corp_id), rules
        ):
            if not self.lay_allowed(g, corp_id, lay):
                continue
            cost = self.lay_cost(g, corp_id, lay)
            if cost != lay.cost:
                lay = dataclasses.replace(lay, cost=cost)
            yield lay

    def _listing_of(
        self, out: list[TileLay]
    ) -> tuple[list[TileLay], list[Hashable], dict[Hashable, TileLay], list[TileLay]]:
        keys = [self.extra_cost_key(lay) for lay in out]
        firsts: dict[Hashable, TileLay] = {}
        for lay, extra_key in zip(out, keys, strict=True):
            firsts.setdefault(extra_key, lay)
        founding = [lay for lay in out if lay.station is not None]
        return out, keys, firsts, founding

    def every_lay(self, g: G, corp_id: str) -> list[TileLay]:
        """Every lay the board and the company's allowance permit, whatever it costs: for a
        lay a title makes someone else pay for (an owed tile paid from a President's cash)."""
        return self._listing(g, corp_id)[0]

    def tile_lays(self, g: G, corp_id: str) -> Sequence[TileLay]:
        """The lays the company can pay for, terrain plus :meth:`extra_cost` plus, for a lay
        that founds a station, the token (:meth:`station_price`); the track step asks several
        times per action, so the answer is kept while the listing, the cash and the extra
        costs are the same."""
        cash = g.ledger.cash(corp_id)
        lays, keys, firsts, founding = self._listing(g, corp_id)
        prices = tuple(self.extra_cost(g, corp_id, lay) for lay in firsts.values())
        tokens = tuple(self.station_price(g, corp_id, lay) for lay in founding)

        def priced() -> tuple[TileLay, ...]:
            price = dict(zip(firsts, prices, strict=True))
            token = dict(zip(founding, tokens, strict=True))
            return tuple(
                lay
                for lay, key in zip(lays, keys, strict=True)
                if lay.cost + price[key] + token.get(lay, 0) <= cash
            )

        key = (*self._listing_key(g, corp_id), "priced", cash, prices, tokens)
        return self.derived.get(key, priced)

    def find_lay(self, g: G, corp_id: str, lay: tuple[str, str, int]) -> TileLay:
        """The lay as :meth:`tile_lays` lists it, worked out for this lay alone (replaying a
        game checks each lay without listing them all); IllegalAction naming the rule the
        lay breaks, or what it costs the company cannot pay."""
        found = lay_of(
            self.board, self.graph, corp_id, lay, self.allowance(g, corp_id), self._track_rules(g)
        )
        if not self.lay_allowed(g, corp_id, found):
            raise IllegalAction(
                f"{corp_id} may not lay {found.tile} on {found.hex} now", rule="track.illegal_lay"
            )
        cost = self.lay_cost(g, corp_id, found)
        if cost != found.cost:
            found = dataclasses.replace(found, cost=cost)
        total = self._price(g, corp_id, found)
        if total > g.ledger.cash(corp_id):
            raise IllegalAction(
                f"{corp_id} cannot pay ${total} to lay {found.tile} on {found.hex}",
                rule="track.cash",
            )
        return found

    def may_lay(self, g: G, corp_id: str) -> bool:
        """Whether :meth:`tile_lays` lists any lay: the listing when it is at hand, else the
        lays read only as far as the first the company may make and pay for."""
        key = self._listing_key(g, corp_id)
        if self.derived.peek(key) is not None:
            return bool(self.tile_lays(g, corp_id))
        cash = g.ledger.cash(corp_id)
        # The steps ask several times per action: the lays read by an earlier question at
        # this listing key are kept (before prices, which are asked afresh) and read first.
        seen = cast("tuple[TileLay, ...]", self.derived.peek(("lays read", key)) or ())
        if any(self._price(g, corp_id, lay) <= cash for lay in seen):
            return True
        read: list[TileLay] = []
        for lay in self._allowed_lays(g, corp_id):
            read.append(lay)
            if len(read) > len(seen) and self._price(g, corp_id, lay) <= cash:
                self.derived.put(("lays read", key), tuple(read))
                return True
        # Every lay was read and none is affordable (a railroad short of cash): they are the
        # listing the next question reads.
        self.derived.put(key, self._listing_of(read))
        return False

    def _price(self, g: G, corp_id: str, lay: TileLay) -> int:
        """Everything the lay costs: terrain, :meth:`extra_cost` and a founded station."""
        total = lay.cost + self.extra_cost(g, corp_id, lay)
        if lay.station is not None:
            total += self.station_price(g, corp_id, lay)
        return total

    def lay_index(self, g: G, corp_id: str) -> Mapping[tuple[str, str, int], TileLay]:
        """:meth:`tile_lays` by (hex, tile, rotation), as the track step looks lays up."""
        lays = self.tile_lays(g, corp_id)
        key = ("lay_index", id(lays))
        found = cast(
            "tuple[object, dict[tuple[str, str, int], TileLay]] | None", self.derived.peek(key)
        )
        if found is not None and found[0] is lays:
            return found[1]
        index = {(lay.hex, lay.tile, lay.rotation): lay for lay in lays}
        self.derived.put(key, (lays, index))
        return index

    def station_price(self, g: G, corp_id: str, lay: TileLay) -> int:
        """What the token of a lay that founds a station costs: the charter's next token
        plus :meth:`token_cost` at the hex (18US §6.4: "$20 per hex of distance from the
        company's nearest station token"); more than any treasury when the company has no
        token left (18US §6.2.2: "a company that has no station tokens it can place ... may
        not perform a Junction Town upgrade")."""
        assert lay.station is not None
        price = g.corps[corp_id].next_token_cost()
        if price is None:
            return UNLIMITED
        return price + self.token_cost(g, corp_id, lay.hex, lay.station)

    def lay_tile(self, g: G, corp_id: str, lay: TileLay) -> None:
        self._sync_turn(g, corp_id)
        rules = self._track_rules(g)
        _, moves = check_lay(
            self.board,
            self.graph,
            corp_id,
            (lay.hex, lay.tile, lay.rotation),
            self.allowance(g, corp_id),
            rules,
        )
        turn = (g.set_count, g.or_in_set, corp_id)
        station = 0 if lay.station is None else self.station_price(g, corp_id, lay)
        for back in self.board.lay(lay.hex, lay.tile, lay.rotation, moves):
            if back in g.corps:  # 18West §6.4: a merged city's extra token to the charter
                g.corps[back].tokens_placed -= 1
        self.laid.append(lay.hex)
        if lay.station is not None:
            g.ledger.transfer(corp_id, BANK, station)
            self.board.place_token(lay.hex, lay.station, corp_id)
            g.corps[corp_id].tokens_placed += 1
            self.founded = turn
        self.after_lay(g, corp_id, lay)

    # -- tokens ------------------------------------------------------------------------

    def token_placements(self, g: G, corp_id: str) -> Sequence[TokenPlacement]:
        """Where the company may place its turn's station token: none after a lay that
        founded a station this turn ("Creating a Junction Town thus consumes both a tile
        upgrade step and a token placement step", 18US §6.2.2)."""
        if self.founded == (g.set_count, g.or_in_set, corp_id):
            return []
        out = token_placements(
            self.board,
            self.graph,
            corp_id,
            UNLIMITED,
            lambda h, c: self.token_cost(g, corp_id, h, c),
        )
        return out

    def place_token(self, g: G, corp_id: str, placement: TokenPlacement) -> None:
        self.board.place_token(placement.hex, placement.city, corp_id)

    def place_home(self, g: G, corp_id: str) -> None:
        """The home station goes down when the company starts (18RoyalGorge "Starting a
        company": "the companies home station is immediately placed")."""
        home = g.corps[corp_id].spec.home
        if not home:
            return
        hex_name = home[0]
        city = home[1] if len(home) > 1 else next(iter(self.board.hexes[hex_name].tokens))
        if corp_id in self.board.hexes[hex_name].tokens.get(city, []):
            return
        self.board.place_token(hex_name, city, corp_id)
        g.corps[corp_id].tokens_placed += 1

    # -- runs --------------------------------------------------------------------------

    def runs(self, g: G, corp_id: str) -> Sequence[tuple[RouteList, int]]:
        trains = company_trains(g.depot.running(corp_id), self.train_kinds(g, corp_id))
        phase = g.depot.phases.current
        rules = self.revenue_rules(g, corp_id)
        options = self.route_options(g, corp_id)
        key = (
            "runs",
            self.board.version,
            corp_id,
            phase.name,
            tuple((t.id, str(t.kind)) for t in trains),
            rules,
            options,
        )
        found = cast("list[tuple[RouteList, int]] | None", self.derived.peek(key))
        if found is not None:
            return found
        best = optimal_run(
            self.board,
            corp_id,
            trains,
            phase,
            rules,
            time_budget=self.time_budget,
            options=options,
        )
        out: list[tuple[RouteList, int]] = [(best.routes, best.total)]
        self.derived.put(key, out)
        return out

    def check_run(self, g: G, corp_id: str, routes: RouteList) -> int:
        return self.price_run(g, corp_id, routes)[0].total

    def price_run(
        self, g: G, corp_id: str, routes: RouteList
    ) -> tuple[Revenue, tuple[Notation, ...]]:
        """What the routes earn, and each in the exact notation (every via hex)."""
        trains = company_trains(g.depot.running(corp_id), self.train_kinds(g, corp_id))
        ids = [r[0] for r in routes if r]
        if len(set(ids)) != len(ids):
            raise IllegalAction("each train runs at most one route", rule="routes.one_per_train")
        return priced_run(
            self.board,
            corp_id,
            [t for t in trains if t.id in ids],
            routes,
            g.depot.phases.current,
            self.revenue_rules(g, corp_id),
            options=self.route_options(g, corp_id),
        )

    def route_options(self, g: G, corp_id: str) -> GraphOptions:
        """The graph options runs are found and checked with: :meth:`graph_options`, which a
        board that adds to every stop's value (bonus markers on the board) wraps."""
        return self.graph_options(g, corp_id)

    def has_route(self, g: G, corp_id: str) -> bool:
        """Some train could run: its track reaches a second revenue centre besides one of its
        stations (18RoyalGorge "Important Rules About Trains" rule 1, exception)."""
        return len(self.graph.reach(corp_id).stops) >= 2


def board_of(g: FlowGame) -> Board:
    """The board of a game played on a :class:`BoardMap` (a title's rules reaching its own
    board without a method of the title's game in between)."""
    assert isinstance(g.map, BoardMap)
    return g.map.board
