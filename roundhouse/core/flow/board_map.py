"""The map half of an operating turn over a real :class:`~roundhouse.core.board.Board`.

:class:`BoardMap` is the title-agnostic :class:`~roundhouse.core.flow.map_steps.MapRules`: it
lists and carries out tile lays and upgrades (:func:`roundhouse.core.track.tile_lays`, with the
phase's tile colours and the company's :class:`~roundhouse.core.track.Allowance`), station
placements (:func:`roundhouse.core.station.token_placements`), home tokens, and runs (the optimal
run offered as the default, any other legal set of routes accepted through
:func:`roundhouse.core.routes.run.check_run`) - the common rules of 18RoyalGorge "1. Lay
Track", "2. Build a Station", "3. Run Trains", 18USA §12.2-§12.4, 18US §6.2-§6.5 and 18West
§7.1-§7.5.

Private powers that touch the map are read from :mod:`roundhouse.core.ability` records held by
the company: :class:`~roundhouse.core.ability.TerrainDiscount` lowers terrain costs,
:class:`~roundhouse.core.ability.ExtraTileLay` adds lays (:func:`extra_lays`, for a title's
``Hooks.track_lays``), :class:`~roundhouse.core.ability.BonusToken` opens extra token hexes at
its price.  A title changes the rest by subclassing and overriding the small methods below
(:meth:`BoardMap.lay_allowed`, :meth:`BoardMap.lay_cost`, :meth:`BoardMap.after_lay`,
:meth:`BoardMap.revenue_rules`, :meth:`BoardMap.train_kinds`, :meth:`BoardMap.graph_options`).

Money: :attr:`TileLay.cost` is what the operating round's track step pays the bank (terrain
after discounts); anything else a lay costs (18RoyalGorge steel) is the title's to collect in
:meth:`BoardMap.after_lay` and to include in :meth:`BoardMap.extra_cost` so unaffordable lays
are not offered.
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Hashable, Mapping, Sequence
from typing import TYPE_CHECKING

from roundhouse.core.ability import (
    Ability,
    BonusToken,
    ExtraTileLay,
    TerrainDiscount,
)
from roundhouse.core.bank import BANK
from roundhouse.core.board import Board
from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.map_steps import RouteList
from roundhouse.core.flow.terrain_card import Absorbed, Card, absorb, discounts, serving_cards
from roundhouse.core.graph import Graph
from roundhouse.core.routes.adapter import DEFAULT_OPTIONS, GraphOptions
from roundhouse.core.routes.kinds import AnyKind
from roundhouse.core.routes.revenue import PLAIN, RevenueRules
from roundhouse.core.routes.run import check_run, company_trains, optimal_run
from roundhouse.core.station import TokenPlacement, token_placements
from roundhouse.core.tiles import Colour
from roundhouse.core.track import (
    Allowance,
    LayReach,
    TileLay,
    TrackRules,
    check_lay,
    tile_lays,
)
from roundhouse.core.upgrade import UpgradeRules

if TYPE_CHECKING:
    from roundhouse.core.engine18xx import Engine

UNLIMITED = 1 << 40
"""Cash given to the track search so that it lists every lay; the step filters by cash."""


def company_abilities(g: Engine, corp_id: str) -> list[tuple[str, Ability]]:
    """(private id, ability) for every open private the company owns."""
    return [
        (p.id, a)
        for p in g.privates.values()
        if p.owner == corp_id and not p.closed
        for a in p.spec.abilities
    ]


def extra_lays(g: Engine, corp_id: str) -> int:
    """Tile lays the company's :class:`ExtraTileLay` privates add to a turn."""
    return sum(a.count for _, a in company_abilities(g, corp_id) if isinstance(a, ExtraTileLay))


class BoardMap:
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
        self.turn: tuple[int, int, str] = (0, 0, "")
        self.laid: list[str] = []
        """Hexes the company operating now has built in this turn."""
        self.founded: tuple[int, int, str] | None = None
        """The turn whose lay founded a station, which took that turn's token (§6.2.2)."""
        self._lays: (
            tuple[
                tuple[object, ...],
                list[TileLay],
                list[Hashable],
                dict[Hashable, TileLay],
                list[TileLay],
            ]
            | None
        ) = None
        """The last listing before cash (see :meth:`_listing`) under its key."""
        self._priced: (
            tuple[list[TileLay], int, tuple[tuple[int, ...], tuple[int, ...]], tuple[TileLay, ...]]
            | None
        ) = None
        """The last :meth:`tile_lays` answer: listing, cash, extra costs and station prices,
        lays."""
        self._runs: tuple[tuple[object, ...], list[tuple[RouteList, int]]] | None = None
        self.token_choice = False
        """Whether the title's merger and acquisition rounds list
        :class:`~roundhouse.core.flow.token_cut_step.StationTokenCutStep` (18USA §14.3)."""
        self.token_cuts: dict[str, int] = {}
        """Company -> station tokens its president must still take off the map (§14.3)."""
        self.revenue_markers = 0
        """Revenue markers placed (18US §10.1.1 bonus tokens); while none is, the title's
        graph options are used unwrapped."""
        self._rules: dict[frozenset[Colour], TrackRules] = {}
        self.absorbed: Absorbed = {}
        """What each terrain card absorbed in the turn it last served (:mod:`.terrain_card`)."""

    def __deepcopy__(self, memo: dict[int, object]) -> BoardMap:
        """Snapshots and clones: everything is copied except the upgrade table (frozen) and
        the caches, which are shared: the listings are never changed after they are built and
        are keyed by board version, and the track rules' fits do not depend on the position."""
        other = type(self).__new__(type(self))
        memo[id(self)] = other
        for key, value in vars(self).items():
            shared = key in ("_lays", "_priced", "_runs", "_rules", "upgrades")
            setattr(other, key, value if shared else copy.deepcopy(value, memo))
        return other

    # -- turn bookkeeping ----------------------------------------------------------------

    def _sync_turn(self, g: Engine, corp_id: str) -> None:
        """Start the company's turn record before a lay (write paths only: reading the
        position must not change it, or replaying the log would give another state)."""
        key = (g.set_count, g.or_in_set, corp_id)
        if key != self.turn:
            self.turn = key
            self.laid = []

    def laid_now(self, g: Engine, corp_id: str) -> list[str]:
        """Hexes ``corp_id`` has built in its current turn, without writing."""
        return self.laid if self.turn == (g.set_count, g.or_in_set, corp_id) else []

    # -- title overrides -------------------------------------------------------------------

    def colours(self, g: Engine) -> frozenset[Colour]:
        """Tile colours the current phase allows."""
        return frozenset(Colour.parse(c) for c in g.depot.phases.current.tiles)

    def allowance(self, g: Engine, corp_id: str) -> Allowance:
        skip = frozenset(self.laid_now(g, corp_id)) if self.one_lay_per_hex else frozenset()
        return Allowance(cash=UNLIMITED, skip_hexes=skip)

    def lay_allowed(self, g: Engine, corp_id: str, lay: TileLay) -> bool:
        """A title's extra conditions on one lay (reserved tiles, letter rules)."""
        return True

    def lay_cost(self, g: Engine, corp_id: str, lay: TileLay) -> int:
        """Terrain cost after :meth:`terrain_discounts`."""
        if not lay.cost:
            return 0
        return lay.cost - sum(off for _, off in self.terrain_discounts(g, corp_id, lay))

    def terrain_cards(
        self, g: Engine, corp_id: str
    ) -> list[tuple[Card, TerrainDiscount, int | None]]:
        """The :class:`TerrainDiscount` cards that serve ``corp_id`` now, with the dollars
        each may still absorb this turn (:func:`~.terrain_card.serving_cards`)."""
        return serving_cards(g, corp_id, self.absorbed)

    def terrain_discounts(self, g: Engine, corp_id: str, lay: TileLay) -> list[tuple[Card, int]]:
        """(card, dollars) each :meth:`terrain_cards` card takes off this lay
        (:func:`~.terrain_card.discounts`)."""
        parts = self.board.cost_parts(
            lay.hex,
            self.board.tiles[lay.tile],
            lay.rotation,
            terrain_on_upgrade=self.allowance(g, corp_id).terrain_on_upgrade,
        )
        return discounts(parts, self.terrain_cards(g, corp_id))

    def extra_cost(self, g: Engine, corp_id: str, lay: TileLay) -> int:
        """Money a lay costs besides :attr:`TileLay.cost` (paid in :meth:`after_lay`)."""
        return 0

    def extra_cost_key(self, lay: TileLay) -> Hashable:
        """What :meth:`extra_cost` depends on in the lay: lays with equal keys cost the same
        extra in any one position, so a listing prices each key once.  The key must depend
        on the lay only, not on the position.  The default, the lay itself, prices every lay
        on its own; a title whose extra cost depends on less says so (18RoyalGorge's steel
        depends only on the tile's colour), which saves pricing every lay on every listing."""
        return lay

    def listing_key(self, g: Engine, corp_id: str) -> Hashable:
        """What else of the position the title's :meth:`lay_cost` and :meth:`lay_allowed`
        read (the listing of lays is kept while it and the board stay the same); default:
        nothing."""
        return ()

    def after_lay(self, g: Engine, corp_id: str, lay: TileLay) -> None:
        """The tile is down (gold cubes, steel, markers)."""

    def track_rules(self, g: Engine, rules: TrackRules) -> TrackRules:
        """A title's change to the phase's :class:`TrackRules` (18RoyalGorge's letter-tile
        fallback).  Asked once per colour set and kept with its cache of which tile may
        replace which, so the answer may depend only on ``rules`` and on what the game fixes
        at set-up (its variant), never on the position."""
        return rules

    def train_kinds(self, g: Engine, corp_id: str) -> Mapping[str, AnyKind]:
        return self.kinds

    def revenue_rules(self, g: Engine, corp_id: str) -> RevenueRules:
        return self.revenue

    def graph_options(self, g: Engine, corp_id: str) -> GraphOptions:
        return self.options

    def token_cost(self, g: Engine, corp_id: str, hex_name: str, city: str) -> int:
        """Surcharge on top of the charter price (a :class:`BonusToken`'s price)."""
        return 0

    # -- tiles -------------------------------------------------------------------------

    def _track_rules(self, g: Engine) -> TrackRules:
        """The phase's :class:`TrackRules`, one object per colour set, so that its cache of
        which tile may replace which lasts across turns."""
        colours = self.colours(g)
        rules = self._rules.get(colours)
        if (
            rules is None
            or rules.upgrades is not self.upgrades
            or rules.reach is not self.lay_reach
        ):
            rules = TrackRules(upgrades=self.upgrades, colours=colours, reach=self.lay_reach)
            rules = self.track_rules(g, rules)
            self._rules[colours] = rules
        return rules

    def _listing(
        self, g: Engine, corp_id: str
    ) -> tuple[list[TileLay], list[Hashable], dict[Hashable, TileLay], list[TileLay]]:
        """Every lay before cash (cached per board version, company, phase, the hexes
        already built this turn and :meth:`listing_key`), each lay's :meth:`extra_cost_key`,
        the first lay of each key (in listing order), and the lays that found a station."""
        phase = g.depot.phases.current.name
        laid = tuple(self.laid_now(g, corp_id))
        cards = tuple((card, left) for card, _, left in self.terrain_cards(g, corp_id))
        key: tuple[object, ...] = (
            self.board.version,
            corp_id,
            phase,
            laid,
            cards,
            self.listing_key(g, corp_id),
        )
        if self._lays is not None and self._lays[0] == key:
            return self._lays[1], self._lays[2], self._lays[3], self._lays[4]
        rules = self._track_rules(g)
        found = tile_lays(self.board, self.graph, corp_id, self.allowance(g, corp_id), rules)
        out: list[TileLay] = []
        for lay in found:
            if not self.lay_allowed(g, corp_id, lay):
                continue
            cost = self.lay_cost(g, corp_id, lay)
            if cost != lay.cost:
                lay = dataclasses.replace(lay, cost=cost)
            out.append(lay)
        keys = [self.extra_cost_key(lay) for lay in out]
        firsts: dict[Hashable, TileLay] = {}
        for lay, extra_key in zip(out, keys, strict=True):
            firsts.setdefault(extra_key, lay)
        founding = [lay for lay in out if lay.station is not None]
        self._lays = (key, out, keys, firsts, founding)
        return out, keys, firsts, founding

    def _all_lays(self, g: Engine, corp_id: str) -> list[TileLay]:
        return self._listing(g, corp_id)[0]

    def tile_lays(self, g: Engine, corp_id: str) -> Sequence[TileLay]:
        """The lays the company can pay for, terrain plus :meth:`extra_cost` plus, for a lay
        that founds a station, the token (:meth:`station_price`); the track step asks several
        times per action, so the last answer is kept while the listing, the cash and the
        extra costs are the same."""
        cash = g.ledger.cash(corp_id)
        lays, keys, firsts, founding = self._listing(g, corp_id)
        prices = tuple(self.extra_cost(g, corp_id, lay) for lay in firsts.values())
        tokens = {lay: self.station_price(g, corp_id, lay) for lay in founding}
        last = self._priced
        if (
            last is not None
            and last[0] is lays
            and last[1] == cash
            and last[2] == (prices, tuple(tokens.values()))
        ):
            return last[3]
        price = dict(zip(firsts, prices, strict=True))
        out = tuple(
            lay
            for lay, key in zip(lays, keys, strict=True)
            if lay.cost + price[key] + tokens.get(lay, 0) <= cash
        )
        self._priced = (lays, cash, (prices, tuple(tokens.values())), out)
        return out

    def station_price(self, g: Engine, corp_id: str, lay: TileLay) -> int:
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

    def lay_tile(self, g: Engine, corp_id: str, lay: TileLay) -> None:
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
        absorb(self.absorbed, turn, self.terrain_discounts(g, corp_id, lay))
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

    def token_placements(self, g: Engine, corp_id: str) -> Sequence[TokenPlacement]:
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
        bonus = [a for _, a in company_abilities(g, corp_id) if isinstance(a, BonusToken)]
        for ability in bonus:
            for hex_name in sorted(ability.hexes):
                here = self.board.hexes.get(hex_name)
                if here is None:
                    continue
                for city in here.tokens:
                    spot = (hex_name, city)
                    if self.board.open_slots(hex_name, city, corp_id) > 0 and spot not in {
                        (t.hex, t.city) for t in out
                    }:
                        out.append(TokenPlacement(hex_name, city, ability.price))
        return out

    def place_token(self, g: Engine, corp_id: str, placement: TokenPlacement) -> None:
        self.board.place_token(placement.hex, placement.city, corp_id)

    def place_home(self, g: Engine, corp_id: str) -> None:
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

    def convert_station_tokens(self, g: Engine, buyer: str, target: str) -> None:
        """18USA §14.3: ``buyer``'s tokens replace ``target``'s where they stand; a second
        token in one hex goes back to the charter (set aside), and ``buyer``'s
        ``tokens_placed`` becomes its count on the map.  When more than the cap
        (:attr:`TakeoverRules.max_tokens`) would stay on the map, "the president selects
        which eight to keep": with :attr:`token_choice` every token is converted and the
        excess is left in :attr:`token_cuts` for
        :class:`~roundhouse.core.flow.token_cut_step.StationTokenCutStep` to ask for;
        without it this raises :class:`NotImplementedError` before anything moves."""
        board = self.board
        held = {h for h, _ in board.tokens_of(buyer)}
        keep: list[tuple[str, str]] = []
        aside: list[tuple[str, str]] = []
        for hex_name, city in board.tokens_of(target):
            (aside if hex_name in held else keep).append((hex_name, city))
            held.add(hex_name)
        cap = g.config.takeover.max_tokens
        over = 0 if cap is None else len(held) - cap
        if over > 0 and not self.token_choice:
            raise NotImplementedError(
                f"18USA §14.3: {buyer} would have {len(held)} station tokens on the map; the "
                f"president's choice of which {cap} to keep needs StationTokenCutStep "
                "(BoardMap.token_choice)"
            )
        for hex_name, city in aside:
            board.remove_token(hex_name, city, target)
        for hex_name, city in keep:
            board.replace_token(hex_name, city, target, buyer)
        if over > 0:
            self.token_cuts[buyer] = self.token_cuts.get(buyer, 0) + over
        g.corps[buyer].tokens_placed = len(board.tokens_of(buyer))

    def remove_station_tokens(self, g: Engine, corp_id: str) -> None:
        """A closing company's tokens leave the map (18USA §14.2.1: the bank liquidates it and
        nobody takes them; a merged-away company has none left by then, §14.3)."""
        for hex_name, city in self.board.tokens_of(corp_id):
            self.board.remove_token(hex_name, city, corp_id)

    # -- runs --------------------------------------------------------------------------

    def runs(self, g: Engine, corp_id: str) -> Sequence[tuple[RouteList, int]]:
        trains = company_trains(g.depot.running(corp_id), self.train_kinds(g, corp_id))
        phase = g.depot.phases.current
        rules = self.revenue_rules(g, corp_id)
        options = self._route_options(g, corp_id)
        key: tuple[object, ...] = (
            self.board.version,
            corp_id,
            phase.name,
            tuple((t.id, str(t.kind)) for t in trains),
            rules,
            options,
        )
        if self._runs is not None and self._runs[0] == key:
            return self._runs[1]
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
        self._runs = (key, out)
        return out

    def check_run(self, g: Engine, corp_id: str, routes: RouteList) -> int:
        trains = company_trains(g.depot.running(corp_id), self.train_kinds(g, corp_id))
        ids = [r[0] for r in routes if r]
        if len(set(ids)) != len(ids):
            raise IllegalAction("each train runs at most one route", rule="routes.one_per_train")
        result = check_run(
            self.board,
            corp_id,
            [t for t in trains if t.id in ids],
            routes,
            g.depot.phases.current,
            self.revenue_rules(g, corp_id),
            options=self._route_options(g, corp_id),
        )
        return result.total

    def _route_options(self, g: Engine, corp_id: str) -> GraphOptions:
        """The title's graph options, reading revenue markers once one is on the board."""
        options = self.graph_options(g, corp_id)
        if not self.revenue_markers:
            return options
        from roundhouse.core.flow.revenue_marker import with_markers

        return with_markers(options)

    def place_revenue_marker(self, hex_name: str, text: str) -> None:
        """Put a revenue marker (:func:`~roundhouse.core.flow.revenue_marker.marker_text`)
        on the board; it changes the board's version, so cached runs are dropped."""
        self.board.add_marker(hex_name, text)
        self.revenue_markers += 1

    def has_route(self, g: Engine, corp_id: str) -> bool:
        """Some train could run: its track reaches a second revenue centre besides one of its
        stations (18RoyalGorge "Important Rules About Trains" rule 1, exception)."""
        return len(self.graph.reach(corp_id).stops) >= 2
