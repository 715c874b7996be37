"""18RoyalGorge's 18xx.games translator: its action vocabulary read into ours and written back.

Our 18xx actions already use the site's type names (``roundhouse.core.flow.actions``), share
ids (``"KP_2"``) and train ids (``"2+-1"``), so most types are a renaming of fields.  What
needs work (facts sheet ``docs/facts/18xx-games-format.md`` §4-§5):

* tiles and cities: the site names a laid tile by copy (``"57-2"``) and a city by the tile
  copy on its hex (``"57-2-0"``, pre-printed ``"K7-1-0"``); we name tiles by their name and
  stations by hex.  Reading remembers which copy lies on which hex; writing hands out the
  lowest free copy, as the site's own interface does (:class:`TileCopies`);
* routes: the site's route objects become our route notation with
  :func:`~roundhouse.core.routes.run.from_18xx_games` and back with ``to_18xx_games``;
* privates acting as entities: ``choose_ability`` by the debt cards ``RG-D``/``SF-D`` is the
  indebted railroad paying a token; a ``choose`` by the Gold Nugget ``G2`` is its railroad
  shipping gold with the nugget; ``buy_shares`` with a ``discounter`` is a Metals Investor
  (G5) or U.S. Mint Worker (B6) purchase.

Games are imported with ``compat_18xx_games`` on: every place where 18xx.games plays
differently from the rulebook (docs/facts/18royalgorge.md §20) behaves as on the site.
"""

from __future__ import annotations

import weakref
from collections.abc import Iterator, Mapping, Sequence
from typing import cast

from roundhouse.core.actions import Action, Json
from roundhouse.core.engine18xx import Engine
from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.actions import (
    Bankrupt,
    Bid,
    BuyCompany,
    BuyShares,
    BuyTrain,
    Choose,
    ChooseAbility,
    Dividend,
    EndGame,
    LayTile,
    Par,
    Pass,
    PlaceToken,
    RunRoutes,
    SellShares,
)
from roundhouse.core.game import Game
from roundhouse.core.ids import PlayerId
from roundhouse.core.routes.adapter import route_graph
from roundhouse.core.routes.graph import RouteGraph
from roundhouse.core.routes.run import check_run, from_18xx_games, to_18xx_games
from roundhouse.core.shares import POOL
from roundhouse.core.title import OptionValue
from roundhouse.core.trains import DEPOT
from roundhouse.interop.g18royalgorge_certificate import SiteCertificates, number
from roundhouse.interop.g18royalgorge_names import (
    TileCopies,
    board_map,
    engine,
    our_steel_choice,
    same_track_rotation,
    site_route,
    site_steel_choice,
    tile_name,
)
from roundhouse.interop.g18royalgorge_turn import (
    OUR_STEPS,
    SiteStep,
    SiteTurn,
    our_step,
    site_step,
    turn_key,
)
from roundhouse.interop.translate import (
    Disagreement,
    SeatIds,
    SiteAction,
    SiteDoc,
    Translator,
)
from roundhouse.titles.g18royalgorge import gold, privates, site_run, site_sale
from roundhouse.titles.g18royalgorge.data import city_ids_18xx_games
from roundhouse.titles.g18royalgorge.hanging_bridge import LEASE
from roundhouse.titles.g18royalgorge.state import rg_game

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


class TurnTrack:
    """The site's operating turn followed through one export, and the passes it would still
    need if the turn ended with the last move written."""

    def __init__(self) -> None:
        self.turn: SiteTurn | None = None
        self.pending: list[SiteDoc] = []


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


def self_withholding(game: Game) -> Dividend | None:
    """Withholding a run of nothing when it is the only move left: the site does it the
    moment the run is over (``Step::Dividend#skip!``), before any move allowed at any time
    in the turn (paying debt, buying a private)."""
    beside = any_time_moves(game)
    legal = [a for a in game.legal_actions() if a.kind not in ANY_TIME and a not in beside]
    if len(legal) == 1 and isinstance(legal[0], Dividend) and legal[0].mode == "withhold":
        return legal[0]
    return None


class RoyalGorgeTranslator(Translator):
    title = "18RoyalGorge"

    def __init__(self) -> None:
        self._copies: weakref.WeakKeyDictionary[Game, TileCopies] = weakref.WeakKeyDictionary()
        self._held: weakref.WeakKeyDictionary[Game, list[tuple[Action, SiteDoc]]] = (
            weakref.WeakKeyDictionary()
        )
        self._turns: weakref.WeakKeyDictionary[Game, TurnTrack] = weakref.WeakKeyDictionary()
        self._certs: weakref.WeakKeyDictionary[Game, SiteCertificates] = weakref.WeakKeyDictionary()

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

    # -- options -------------------------------------------------------------------------

    def options(self, optional_rules: Sequence[str]) -> dict[str, OptionValue]:
        return {COMPAT: True, SHORTER: SHORTER in optional_rules}

    def optional_rules(self, options: Mapping[str, OptionValue]) -> list[str]:
        return [SHORTER] if options.get(SHORTER) else []

    # -- who acts ------------------------------------------------------------------------

    def who(self, action: SiteAction, game: Game) -> tuple[PlayerId, str]:
        """(the seat, our entity) for a site action."""
        g = engine(game)
        if action.entity_type == "player":
            seat = action.seat()
            return seat, seat
        entity = str(action.entity)
        if action.entity_type == "company":
            entity = DEBT_CARDS.get(entity) or self._private_owner(action, g, entity)
        controller = g.controller(entity)
        if controller is None:
            raise action.fail(f"nobody controls {entity}")
        return PlayerId(controller), entity

    @staticmethod
    def _private_owner(action: SiteAction, g: Engine, company: str) -> str:
        private = g.privates.get(company)
        if private is None or private.owner is None:
            raise action.fail(f"private {company} has no owner")
        return private.owner

    # -- 18xx.games -> ours --------------------------------------------------------------

    def read(self, action: SiteAction, game: Game) -> Iterator[Action]:
        """The site's actions, each preceded by the passes the site makes by itself.

        18xx.games skips a player or a step with nothing to do but pass (a player who can
        neither buy nor sell in a stock round, the dividend of a railroad without trains);
        our rounds ask for that move.  When the only thing our game accepts (besides the
        any-time moves) is one such move and the site's action is another, that move is the
        one the site made silently.
        """
        for ours in super().read(action, game):
            yield from self.silent_passes(ours, game)
            self._note(ours, game)
            yield ours

    def _site_turn(self, game: Game) -> SiteTurn | None:
        """The site's operating turn under way in ``game`` (followed while reading)."""
        track = self._turns.setdefault(game, TurnTrack())
        key = turn_key(engine(game))
        if track.turn is None or track.turn.key != key:
            track.turn = None if key is None else SiteTurn(key)
        return track.turn

    def _note(self, ours: Action, game: Game) -> None:
        """The site's turn after one of its moves that we read (passes: :meth:`read_pass`)."""
        if isinstance(ours, Pass):
            return
        turn = self._site_turn(game)
        if turn is None:
            return
        step = site_step(ours, engine(game), turn.corp)
        if step is not None:
            turn.done(ours, step)

    @staticmethod
    def silent_passes(ours: Action, game: Game) -> Iterator[Action]:
        """The moves before ``ours`` that 18xx.games made without recording them: the only
        move left (a pass, withholding a run of nothing), or the pass of a step the site
        skipped because it had nothing to offer there (a station it could not place, gold it
        chose not to ship) when ``ours`` belongs to a later step of the same turn."""
        entity = getattr(ours, "entity", None)
        for _ in range(4 * len(game.players) + 8):
            if game.finished:
                return
            g = engine(game)
            if ours.kind in ANY_TIME and (
                ours.kind == "end_game"
                or (ours.player in game.acting and g.round.entity(g) == entity)
            ):
                withheld = self_withholding(game)
                if withheld is not None and ours.kind != "end_game":
                    yield withheld
                    continue
                return
            beside = any_time_moves(game)
            if ours in beside:
                return
            legal = [a for a in game.legal_actions() if a.kind not in ANY_TIME and a not in beside]
            if not legal or ours in legal:
                return
            if len(legal) == 1 and silent(legal[0]):
                yield legal[0]
                continue
            skip = [a for a in legal if isinstance(a, Pass) and a.entity == entity]
            kinds = {a.kind for a in legal} | {a.kind for a in beside} | ANY_TIME
            if skip and ours.kind not in kinds:
                yield skip[0]
                continue
            return

    def settle(self, game: Game) -> Iterator[Action]:
        """Withholding a run of nothing when it is the only move left after the last
        action: the site has already made it (``Step::Dividend#skip!``) and an export leaves
        it out (:meth:`write_dividend`)."""
        while not game.finished:
            withheld = self_withholding(game)
            if withheld is None:
                return
            yield withheld

    def read_bid(self, action: SiteAction, game: Game) -> Iterator[Action]:
        seat = action.seat()
        yield Bid(
            player=seat, entity=seat, company=action.text("company"), price=action.integer("price")
        )

    def read_pass(self, action: SiteAction, game: Game) -> Iterator[Action]:
        """A railroad's pass passes the site's step waiting now (:class:`SiteTurn`): ours
        when our game waits in the same step; nothing when ours has left it (the site's
        track step waits for a pass where ours ends by itself); first our steps the site had
        skipped (nothing to offer there) when ours is behind.  Our game's only move before
        it (withholding a run of nothing) comes first, as do other railroads' silent passes
        (an exported game leaves those out, :meth:`write_pass`)."""
        seat, entity = self.who(action, game)
        ours = Pass(player=seat, entity=entity)
        if action.entity_type == "player":
            yield ours
            return
        yield from self.silent_passes(ours, game)
        turn = self._site_turn(game)
        g = engine(game)
        site = turn.current(g) if turn is not None and turn.corp == entity else None
        if site is not None:
            turn.passed.add(site)  # type: ignore[union-attr]
        for _ in range(len(OUR_STEPS)):
            g = engine(game)
            if g.round.entity(g) != entity or not any(
                isinstance(a, Pass) and a.entity == entity for a in game.legal_actions()
            ):
                return
            mine = OUR_STEPS.get(our_step(g, entity) or "")
            if site is not None and mine is not None and mine > site:
                return
            yield ours
            if site is None or mine is None or mine == site:
                return

    def read_par(self, action: SiteAction, game: Game) -> Iterator[Action]:
        seat = action.seat()
        price = action.text("share_price").partition(",")[0]
        if not price.isdecimal():
            raise action.fail(f"share_price {action.get('share_price')!r} has no price")
        yield Par(
            player=seat, entity=seat, corporation=action.text("corporation"), share_price=int(price)
        )

    def read_buy_shares(self, action: SiteAction, game: Game) -> Iterator[Action]:
        seat = action.seat()
        shares = action.texts("shares")
        discounter = action.get("discounter")
        if discounter == INVESTOR:
            corp = shares[0].rpartition("_")[0]
            yield Choose(player=seat, entity=seat, choice=corp, company=INVESTOR)
        elif discounter == MINT:
            yield Choose(player=seat, entity=seat, choice=f"VGC:{len(shares)}", company=MINT)
        elif discounter is not None:
            raise action.fail(f"unknown discounter {discounter!r}")
        else:
            yield BuyShares(
                player=seat,
                entity=seat,
                shares=tuple(SiteCertificates.ours(engine(game), s) for s in shares),
            )

    def read_sell_shares(self, action: SiteAction, game: Game) -> Iterator[Action]:
        """Without ``percent`` (a hand-edited fixture) the site sells the named certificates
        whole; with a smaller ``percent`` it pays for that and still takes every named
        certificate (:mod:`~roundhouse.titles.g18royalgorge.site_sale`)."""
        seat = action.seat()
        shares = action.texts("shares")
        corp = shares[0].rpartition("_")[0]
        named = sum(engine(game).books[corp].cert(s).shares for s in shares)
        count = named if action.get("percent") is None else action.integer("percent") // 10
        if count < named:
            choice = site_sale.choice(corp, named, count)
            yield Choose(player=seat, entity=seat, choice=choice)
            return
        yield SellShares(player=seat, entity=seat, corporation=corp, count=count)

    def read_lay_tile(self, action: SiteAction, game: Game) -> Iterator[Action]:
        seat, entity = self.who(action, game)
        hex_name, site_tile = action.text("hex"), action.text("tile")
        yield LayTile(
            player=seat,
            entity=entity,
            hex=hex_name,
            tile=tile_name(site_tile),
            rotation=same_track_rotation(
                engine(game), tile_name(site_tile), action.integer("rotation")
            ),
        )
        self.copies(game).record(hex_name, site_tile)

    def read_place_token(self, action: SiteAction, game: Game) -> Iterator[Action]:
        seat, entity = self.who(action, game)
        hex_name = self.city_hex(action, game, action.text("city"))
        g = engine(game)
        cities = list(board_map(g).board.hexes[hex_name].tokens)
        if not cities:
            raise action.fail(f"no city on {hex_name}")
        yield PlaceToken(player=seat, entity=entity, hex=hex_name, city=cities[0])

    def city_hex(self, action: SiteAction, game: Game, city: str) -> str:
        """The hex of a site city id: a recorded tile copy, or a pre-printed city."""
        site_tile = city.rpartition("-")[0]
        for hex_name, laid in self.copies(game).on_hex.items():
            if laid == site_tile:
                return hex_name
        for hex_name, printed in city_ids_18xx_games().items():
            if printed == city:
                return hex_name
        name = tile_name(site_tile)
        board = board_map(engine(game)).board
        if name in board.hexes:
            return name
        holding = [h for h, here in board.hexes.items() if here.tile.id == name]
        if len(holding) == 1:
            return holding[0]
        raise action.fail(f"cannot tell which hex holds city {city!r}")

    def graph(self, g: Engine, corp: str) -> RouteGraph:
        bm = board_map(g)
        return route_graph(bm.board, g.depot.phases.current, options=bm.graph_options(g, corp))

    def routes(self, action: SiteAction, game: Game) -> tuple[tuple[str, ...], ...]:
        g = engine(game)
        graph = self.graph(g, str(action.entity))
        return tuple(from_18xx_games(graph, r) for r in action.objects("routes"))

    def read_run_routes(self, action: SiteAction, game: Game) -> Iterator[Action]:
        """With ``compat_18xx_games``, the revenue the site recorded (it replays runs at
        their word, :mod:`~roundhouse.titles.g18royalgorge.site_run`), whatever our board
        makes of the routes; otherwise ours.  :meth:`route_revenues` reports any
        difference."""
        seat, entity = self.who(action, game)
        routes = self.routes(action, game)
        g = engine(game)
        if routes and site_run.trusted(g):
            recorded = sum(_route_revenue(action, r) for r in action.objects("routes"))
            extra = action.get("extra_revenue", 0)
            recorded += extra if isinstance(extra, int) else 0
            revenue = site_run.recorded_revenue(g, entity, routes, recorded)
        else:
            revenue = board_map(g).check_run(g, entity, routes) if routes else 0
        yield RunRoutes(player=seat, entity=entity, routes=routes, revenue=revenue)

    def route_revenues(self, action: SiteAction, game: Game) -> Sequence[int] | None:
        if action.get("routes") is None:
            return None
        g = engine(game)
        entity = str(action.entity)
        bm = board_map(g)
        routes = self.routes(action, game)
        trains = bm.trains(g, entity)
        ids = {r[0] for r in routes}
        try:
            result = check_run(
                bm.board,
                entity,
                [t for t in trains if t.id in ids],
                routes,
                g.depot.phases.current,
                bm.revenue_rules(g, entity),
                options=bm.graph_options(g, entity),
            )
        except IllegalAction:
            return None
        return [run.revenue for run in result.runs]

    def read_dividend(self, action: SiteAction, game: Game) -> Iterator[Action]:
        seat, entity = self.who(action, game)
        yield Dividend(player=seat, entity=entity, mode=action.text("kind"))

    def read_buy_train(self, action: SiteAction, game: Game) -> Iterator[Action]:
        seat, entity = self.who(action, game)
        train = action.text("train")
        variant = action.get("variant")
        ours = "" if variant is None or variant == train.rpartition("-")[0] else str(variant)
        yield BuyTrain(
            player=seat,
            entity=entity,
            train=train,
            price=action.integer("price"),
            variant=ours,
        )

    def read_choose(self, action: SiteAction, game: Game) -> Iterator[Action]:
        """``ghost_town`` is placed by our game itself when the gold is shipped; a steel
        choice of a column's cheapest cube is our bare column (:func:`our_steel_choice`)."""
        seat, entity = self.who(action, game)
        choice = str(action.get("choice"))
        if choice == GHOST_TOWN:
            return
        choice = our_steel_choice(engine(game), choice)
        company = str(action.entity) if action.entity_type == "company" else ""
        if choice in BRIDGE_PAYERS and not company:
            company = LEASE
        yield Choose(player=seat, entity=entity, choice=choice, company=company)

    def read_choose_ability(self, action: SiteAction, game: Game) -> Iterator[Action]:
        seat, entity = self.who(action, game)
        yield ChooseAbility(player=seat, entity=entity, choice=action.text("choice"))

    def read_buy_company(self, action: SiteAction, game: Game) -> Iterator[Action]:
        seat, entity = self.who(action, game)
        yield BuyCompany(
            player=seat,
            entity=entity,
            company=action.text("company"),
            price=action.integer("price"),
        )

    def read_bankrupt(self, action: SiteAction, game: Game) -> Iterator[Action]:
        seat, entity = self.who(action, game)
        yield Bankrupt(player=seat, entity=entity)

    def read_end_game(self, action: SiteAction, game: Game) -> Iterator[Action]:
        """Anyone may end the game on the site; ours takes it from a seat that is acting."""
        _, entity = self.who(action, game)
        yield EndGame(player=game.acting[0], entity=entity)

    def read_log(self, action: SiteAction, game: Game) -> Iterator[Action]:
        return iter(())

    # -- ours -> 18xx.games --------------------------------------------------------------

    @staticmethod
    def _entity(action: Action, game: Game, seats: SeatIds) -> SiteDoc:
        entity = str(getattr(action, "entity", action.player))
        if entity in game.players:
            return {"entity": seats.player_id(entity), "entity_type": "player"}
        return {"entity": entity, "entity_type": "corporation"}

    @staticmethod
    def _only_move(action: Action, game: Game) -> bool:
        """Whether 18xx.games would make this move by itself (see :meth:`read`)."""
        beside = any_time_moves(game)
        legal = [a for a in game.legal_actions() if a.kind not in ANY_TIME and a not in beside]
        return legal == [action] and silent(action)

    def write(self, action: Action, game: Game, seats: SeatIds) -> list[SiteDoc]:
        """As the base, with the railroads' passes the site waits for where our steps end
        by themselves (:meth:`operating`); a stock-round pass the site makes itself is held
        back (:meth:`write_pass`) and written after all when our reader could not tell it
        from the next action: that action is the same pass, or a move our reader takes
        before any silent pass (one of :data:`ANY_TIME`, or a step waiting beside the turn)."""
        before, own = self.operating(action, game, seats)
        if own is not None:
            return before + own
        held = self._held.setdefault(game, [])
        out = super().write(action, game, seats)
        if isinstance(action, Pass) and not out and self._site_skips(action, game):
            held.append((action, {"type": "pass", **self._entity(action, game, seats)}))
            return []
        if not out:
            return out
        if held and self._taken_first(action, game, [p for p, _ in held]):
            out = [doc for _, doc in held] + out
        held.clear()
        return before + out

    def operating(
        self, action: Action, game: Game, seats: SeatIds
    ) -> tuple[list[SiteDoc], list[SiteDoc] | None]:
        """(passes the site needs first, the action's own site actions or None when it is
        not a move in a railroad's operating turn).

        The site's turn is followed beside ours (:class:`SiteTurn`): before a move in a
        later site step, every earlier step still waiting gets its railroad's pass; our own
        pass passes the site's steps up to its own; when the turn is over, the steps still
        waiting right after the railroad's last move get theirs (:meth:`_after`)."""
        g = engine(game)
        track = self._turns.setdefault(game, TurnTrack())
        key = turn_key(g)
        before: list[SiteDoc] = []
        if track.turn is not None and track.turn.key != key:
            before = track.pending
            track.turn = None
        track.pending = []
        if key is None:
            return before, None
        if track.turn is None:
            track.turn = SiteTurn(key)
        turn = track.turn
        entity = getattr(action, "entity", None)
        step = site_step(action, g, turn.corp)
        if step is None or (entity != turn.corp and not isinstance(action, SellShares)):
            track.pending = self._after(action, game, turn)
            return before, None
        passing = isinstance(action, Pass)
        declined_gold = passing and step is SiteStep.DIVIDEND
        count = turn.passes_to(g, step, through=passing and not declined_gold)
        before += [self._railroad_pass(turn.corp)] * count
        own: list[SiteDoc] = [] if passing else Translator.write(self, action, game, seats)
        if not passing:
            turn.done(action, step)
        track.pending = self._after(action, game, turn)
        return before, own

    @staticmethod
    def _railroad_pass(corp: str) -> SiteDoc:
        return {"type": "pass", "entity": corp, "entity_type": "corporation"}

    def _after(self, action: Action, game: Game, turn: SiteTurn) -> list[SiteDoc]:
        """The passes the site would need if the railroad's turn ended with ``action``: its
        steps still waiting right after the action, before our game moves to the next turn
        (on a copy where only the action's own step has run)."""
        if isinstance(action, (Bankrupt, EndGame)):
            return []
        copy = game.clone()
        g = engine(copy)
        try:
            step, entity = g.round.step_for(g, action)
            g.round.reached = max(  # type: ignore[attr-defined]
                getattr(g.round, "reached", 0), g.round.steps.index(step) if step.blocking else 0
            )
            step.process(g, entity, action)
        except IllegalAction:
            return []
        then = SiteTurn(turn.key, set(turn.passed), turn.lays)
        return [self._railroad_pass(turn.corp)] * then.passes_to(g, None, through=True)

    @staticmethod
    def _taken_first(action: Action, game: Game, held: list[Action]) -> bool:
        """Whether our reader, meeting ``action`` where the first held pass was due, would
        apply it without re-creating the held passes (:meth:`silent_passes`): it is one of
        them, it ends the game, or it is an any-time move of an entity acting then."""
        if action in held or action.kind == "end_game":
            return True
        acting = {getattr(p, "entity", None) for p in held}
        beside = action.kind in ANY_TIME or action in any_time_moves(game)
        return beside and getattr(action, "entity", None) in acting

    def finish(self, game: Game, seats: SeatIds) -> list[SiteDoc]:
        """The held passes at the end of the game (nothing follows that would bring them
        back)."""
        held = self._held.pop(game, [])
        out = [doc for _, doc in held]
        track = self._turns.pop(game, None)
        if track is None or track.turn is None:
            return out
        g = engine(game)
        key = turn_key(g)
        if game.finished or track.turn.key != key:
            out += track.pending
        if key is not None and not game.finished:
            turn = track.turn if track.turn.key == key else SiteTurn(key)
            target = OUR_STEPS.get(our_step(g, turn.corp) or "")
            if target is not None:
                count = turn.passes_to(g, target, through=False)
                out += [self._railroad_pass(turn.corp)] * count
        return out

    def _site_skips(self, action: Action, game: Game) -> bool:
        """A pass the site makes by itself: a stock-round player's only move (they can
        neither buy nor sell).  Railroads' passes are all written: the site records them
        even where our step had nothing else to offer (the fixtures show both)."""
        g = engine(game)
        return g.round.kind == "SR" and self._only_move(action, game)

    def write_pass(self, action: Action, game: Game, seats: SeatIds) -> list[SiteDoc]:
        """Declining gold is not written (the site just chooses the dividend), nor a
        stock-round player's only move (:meth:`_site_skips`): the site makes those itself
        and would refuse them from a player it has already skipped; our reader re-creates
        them (:meth:`read`).  An auction's passes are all written."""
        g = engine(game)
        entity = g.round.entity(g) if not game.finished else None
        gold_step = entity is not None and any(
            s.name == "gold" for s in g.round.offered(g, entity) if s.blocking
        )
        if gold_step or self._site_skips(action, game):
            return []
        return [{"type": "pass", **self._entity(action, game, seats)}]

    def write_bid(self, action: Action, game: Game, seats: SeatIds) -> list[SiteDoc]:
        assert isinstance(action, Bid)
        return [
            {
                "type": "bid",
                **self._entity(action, game, seats),
                "company": action.company,
                "price": action.price,
            }
        ]

    def write_par(self, action: Action, game: Game, seats: SeatIds) -> list[SiteDoc]:
        assert isinstance(action, Par)
        cell = engine(game).market.grid.find(action.share_price)
        return [
            {
                "type": "par",
                **self._entity(action, game, seats),
                "corporation": action.corporation,
                "share_price": f"{cell.price},{cell.row},{cell.col}",
            }
        ]

    @staticmethod
    def _percent(g: Engine, shares: Sequence[str]) -> int:
        total = 0
        for share in shares:
            corp = share.rpartition("_")[0]
            total += 10 * g.books[corp].cert(share).shares
        return total

    def write_buy_shares(self, action: Action, game: Game, seats: SeatIds) -> list[SiteDoc]:
        assert isinstance(action, BuyShares)
        g = engine(game)
        view = self.certificates(game)
        shares: list[str] = []
        for share in action.shares:
            book = g.books[share.rpartition("_")[0]]
            site = view.bought(book, share, book.cert(share).owner)
            view.move(book.company, [site], action.entity)
            shares.append(site)
        return [
            {
                "type": "buy_shares",
                **self._entity(action, game, seats),
                "shares": list[Json](shares),
                "percent": self._percent(engine(game), shares),
            }
        ]

    def write_sell_shares(self, action: Action, game: Game, seats: SeatIds) -> list[SiteDoc]:
        """The seller's certificates as the site's sale bundles take them: certificate 0
        last (the president's; CF&I's and VGC's first ten-percent share is flagged so on
        the site too, as its fixtures show), the others lowest number first
        (``Game::Base#all_bundles_for_corporation`` keeps the order they were bought in,
        which is the order of their numbers unless some came back from the pool)."""
        assert isinstance(action, SellShares)
        g = engine(game)
        view = self.certificates(game)
        chosen = view.sale(g.books[action.corporation], action.entity, action.count)
        view.move(action.corporation, chosen, POOL)
        return [
            {
                "type": "sell_shares",
                **self._entity(action, game, seats),
                "shares": list[Json](chosen),
                "percent": 10 * action.count,
            }
        ]

    def write_lay_tile(self, action: Action, game: Game, seats: SeatIds) -> list[SiteDoc]:
        assert isinstance(action, LayTile)
        board = board_map(engine(game)).board
        site_tile = self.copies(game).lay(action.hex, action.tile, board.tiles.counts[action.tile])
        return [
            {
                "type": "lay_tile",
                **self._entity(action, game, seats),
                "hex": action.hex,
                "tile": site_tile,
                "rotation": action.rotation,
            }
        ]

    def write_place_token(self, action: Action, game: Game, seats: SeatIds) -> list[SiteDoc]:
        assert isinstance(action, PlaceToken)
        g = engine(game)
        return [
            {
                "type": "place_token",
                **self._entity(action, game, seats),
                "city": self.copies(game).city(g, action.hex),
                "slot": self._slot(g, action),
                "tokener": action.entity,
            }
        ]

    @staticmethod
    def _slot(g: Engine, action: PlaceToken) -> int:
        """The slot the site's interface fills: a city's slot reserved for a railroad not
        yet there is its first one, so anyone else takes the next free slot after it."""
        board = board_map(g).board
        held = board.hexes[action.hex].tokens.get(action.city, [])
        owner = board.reserved_for(action.hex, action.city)
        if owner is None or owner in held:
            return len(held)
        return 0 if owner == action.entity else len(held) + 1

    def write_run_routes(self, action: Action, game: Game, seats: SeatIds) -> list[SiteDoc]:
        """Each route with the revenue our board gives it; a run our board does not check
        or values differently (taken at its word with ``compat_18xx_games``) is written
        route by route from its notation, the difference put on a route we cannot score
        (or the first), so that reading it back gives the same run."""
        assert isinstance(action, RunRoutes)
        g = engine(game)
        bm = board_map(g)
        trains = bm.trains(g, action.entity)
        ids = {r[0] for r in action.routes}
        graph = self.graph(g, action.entity)
        try:
            result = check_run(
                bm.board,
                action.entity,
                [t for t in trains if t.id in ids],
                action.routes,
                g.depot.phases.current,
                bm.revenue_rules(g, action.entity),
                options=bm.graph_options(g, action.entity),
            )
        except IllegalAction:
            if not site_run.trusted(g):
                raise
            result = None
        routes: list[Json] = []
        if result is not None and result.total == action.revenue:
            for run in result.runs:
                site = to_18xx_games(graph, run)
                routes.append({k: v for k, v in site.items() if isinstance(v, (str, int, list))})
        else:
            routes = list[Json](self._recorded_routes(g, action))
        return [
            {
                "type": "run_routes",
                **self._entity(action, game, seats),
                "routes": routes,
                "extra_revenue": 0,
                "subsidy": 0,
            }
        ]

    @staticmethod
    def _recorded_routes(g: Engine, action: RunRoutes) -> list[dict[str, Json]]:
        bonus = site_run.recorded_revenue(g, action.entity, action.routes, 0)
        left = action.revenue - bonus
        out: list[dict[str, Json]] = []
        unscored: list[int] = []
        for i, route in enumerate(action.routes):
            runs = site_run.usable_runs(g, action.entity, (route,))
            revenue = runs[0].revenue if runs else 0
            if not runs:
                unscored.append(i)
            left -= revenue
            out.append(site_route(route, revenue))
        if out:
            last = out[unscored[-1] if unscored else 0]
            last["revenue"] = cast(int, last["revenue"]) + left
        return out

    def write_dividend(self, action: Action, game: Game, seats: SeatIds) -> list[SiteDoc]:
        assert isinstance(action, Dividend)
        if self._only_move(action, game):
            return []
        return [{"type": "dividend", **self._entity(action, game, seats), "kind": action.mode}]

    def write_buy_train(self, action: Action, game: Game, seats: SeatIds) -> list[SiteDoc]:
        assert isinstance(action, BuyTrain)
        g = engine(game)
        train = g.depot.train(action.train)
        out: SiteDoc = {
            "type": "buy_train",
            **self._entity(action, game, seats),
            "train": action.train,
            "price": action.price,
        }
        if train.owner in (DEPOT, POOL):
            out["variant"] = action.variant or action.train.rpartition("-")[0]
        return [out]

    def write_choose(self, action: Action, game: Game, seats: SeatIds) -> list[SiteDoc]:
        """Steel, gold and coal choices; the Metals Investor and Mint Worker purchases are
        the site's discounted ``buy_shares``."""
        assert isinstance(action, Choose)
        g = engine(game)
        partial = site_sale.parse(action.choice)
        if partial is not None:
            corp, named, paid = partial
            view = self.certificates(game)
            held = view.sale(g.books[corp], action.entity, named)
            view.move(corp, held, POOL)
            return [
                {
                    "type": "sell_shares",
                    **self._entity(action, game, seats),
                    "shares": list[Json](held),
                    "percent": 10 * paid,
                }
            ]
        if action.company in (INVESTOR, MINT):
            corp = action.choice if action.company == INVESTOR else "VGC"
            count = 1 if action.company == INVESTOR else int(action.choice.partition(":")[2])
            view = self.certificates(game)
            pool = sorted(view.of(corp, POOL), key=number)[:count]
            view.move(corp, pool, action.entity)
            bought: SiteDoc = {
                "type": "buy_shares",
                **self._entity(action, game, seats),
                "shares": list[Json](pool),
                "percent": 10 * count,
            }
            price = g.share_price(corp)
            if action.company == INVESTOR:
                paid = privates.discounted_price(rg_game(g), corp)
            else:
                paid = -(-count * price // 2)
            if paid != count * price:
                each = paid / count
                bought["share_price"] = int(each) if each == int(each) else each
            bought["discounter"] = action.company
            return [bought]
        entity: SiteDoc = self._entity(action, game, seats)
        if action.company == LEASE:
            return [{"type": "choose", **entity, "choice": action.choice}]
        if action.company:
            entity = {"entity": action.company, "entity_type": "company"}
        out = [{"type": "choose", **entity, "choice": site_steel_choice(g, action.choice)}]
        if self._ghost_town(action, game):
            out.append(
                {"type": "choose", **self._entity(action, game, seats), "choice": GHOST_TOWN}
            )
        return out

    @staticmethod
    def _ghost_town(action: Choose, game: Game) -> bool:
        """Whether shipping this gold puts a ghost town down: the site then asks its railroad
        to choose ``ghost_town`` (``G18RoyalGorge::Step::Dividend``, state ``:ghost``) where
        ours places it with the shipment (:func:`~roundhouse.titles.g18royalgorge.gold.ship`:
        the railroad owns Y2, a token is left, the hex's last cube goes)."""
        g = engine(game)
        if site_step(action, g, action.entity) is not SiteStep.DIVIDEND:
            return False
        rg = rg_game(g)
        here = board_map(g).board.hexes.get(action.choice)
        return (
            here is not None
            and gold.owns(rg, gold.GHOST_TOURS, action.entity)
            and rg.ghost_tokens > 0
            and here.markers.count(gold.GOLD) <= 1
        )

    def write_choose_ability(self, action: Action, game: Game, seats: SeatIds) -> list[SiteDoc]:
        assert isinstance(action, ChooseAbility)
        card = next(k for k, v in DEBT_CARDS.items() if v == action.entity)
        return [
            {
                "type": "choose_ability",
                "entity": card,
                "entity_type": "company",
                "choice": "pay_debt",
            }
        ]

    def write_buy_company(self, action: Action, game: Game, seats: SeatIds) -> list[SiteDoc]:
        assert isinstance(action, BuyCompany)
        return [
            {
                "type": "buy_company",
                **self._entity(action, game, seats),
                "company": action.company,
                "price": action.price,
            }
        ]

    def write_bankrupt(self, action: Action, game: Game, seats: SeatIds) -> list[SiteDoc]:
        return [{"type": "bankrupt", **self._entity(action, game, seats)}]

    def write_end_game(self, action: Action, game: Game, seats: SeatIds) -> list[SiteDoc]:
        return [{"type": "end_game", **self._entity(action, game, seats)}]

    # -- checks --------------------------------------------------------------------------

    def disagreements(self, action: SiteAction, game: Game) -> Sequence[Disagreement]:
        return ()

    def describe(self, game: Game) -> dict[str, Json]:
        out = super().describe(game)
        g = engine(game)
        out["round"] = g.round.label(g)
        out["cash"] = {h.id: h.cash for h in g.ledger if h.id != "bank"}
        out["legal"] = [str(a) for a in list(game.legal_actions())[:12]]
        return out


def _route_revenue(action: SiteAction, route: Mapping[str, Json]) -> int:
    value = route.get("revenue")
    if not isinstance(value, int) or isinstance(value, bool):
        raise action.fail(f"a route's revenue must be a whole number, got {value!r}")
    return value


TRANSLATOR = RoyalGorgeTranslator()
