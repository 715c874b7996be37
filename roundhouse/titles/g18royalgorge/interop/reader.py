"""18RoyalGorge's 18xx.games actions read into ours (:class:`RoyalGorgeReader`).

Most types are a renaming of fields (our 18xx actions use the site's type names, share and
train ids); the work is in who acts for a private, the tile copies and cities the site names,
routes (:func:`~roundhouse.core.routes.run.from_18xx_games`), and the moves the site made
without recording them (:meth:`RoyalGorgeReader.silent_passes`, :meth:`RoyalGorgeReader.settle`).
Facts sheet ``docs/facts/18xx-games-format.md`` §4-§5.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence

from roundhouse.core.actions import Action, Json
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
from roundhouse.core.routes.run import check_run, from_18xx_games
from roundhouse.interop.site_turn import turn_key
from roundhouse.interop.translate import (
    SiteAction,
)
from roundhouse.titles.g18royalgorge import site_run, site_sale
from roundhouse.titles.g18royalgorge.data import city_ids_18xx_games
from roundhouse.titles.g18royalgorge.hanging_bridge import LEASE
from roundhouse.titles.g18royalgorge.interop.certificate import SiteCertificates
from roundhouse.titles.g18royalgorge.interop.names import (
    board_map,
    engine,
    our_steel_choice,
    same_track_rotation,
    tile_name,
)
from roundhouse.titles.g18royalgorge.interop.route_choices import is_route_skip
from roundhouse.titles.g18royalgorge.interop.site_game import (
    ANY_TIME,
    BRIDGE_PAYERS,
    DEBT_CARDS,
    GHOST_TOWN,
    INVESTOR,
    MINT,
    LastMove,
    SiteMemory,
    TurnTrack,
    any_time_moves,
    owed_after,
    self_withholding,
    silent,
    skipped_pass,
    skipped_run,
)
from roundhouse.titles.g18royalgorge.interop.turn import (
    OUR_STEPS,
    SiteTurn,
    our_step,
    site_step,
    special_lay,
)
from roundhouse.titles.g18royalgorge.state import RoyalGorgeGame

SILENT_MOVES_MAX = 2000
"""Moves the site may make by itself between two recorded actions: when every player is
out of money and no railroad runs, whole sets of rounds pass with nobody asked."""


def _accepted(action: Action, game: Game) -> bool:
    """Whether our game takes ``action`` now though it does not list it (a move accepted
    only from documents, such as the site's partial sale)."""
    try:
        engine(game).check(action)
    except IllegalAction:
        return False
    return True


def _listed(action: Action, game: Game) -> bool:
    """Whether our game lists ``action`` now, found without listing every move (a lay among
    hundreds): a move of a kind the list holds in full is listed exactly when it is taken."""
    g = engine(game)
    if action.kind in ANY_TIME or action.kind in g.open_kinds():
        return action in game.legal_actions()
    return action.player in game.acting and _accepted(action, game)


class RoyalGorgeReader(SiteMemory):
    """The reading half of the 18RoyalGorge translator."""

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
    def _private_owner(action: SiteAction, g: RoyalGorgeGame, company: str) -> str:
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
        made = self._made_silently.setdefault(game, set())
        made.clear()
        for ours in super().read(action, game):
            if id(ours) not in made:
                yield from self.silent_passes(ours, game)
            self._note(ours, game)
            yield ours

    def _silently(self, ours: Action, game: Game) -> Iterator[Action]:
        """:meth:`silent_passes` for a ``read_`` method, marked so that :meth:`read` does not
        look for silent moves before them a second time (a move the site skips would be
        found twice)."""
        made = self._made_silently.setdefault(game, set())
        for move in self.silent_passes(ours, game):
            made.add(id(move))
            yield move

    def _note(self, ours: Action, game: Game) -> None:
        """The site's turn after one of its moves that we read (passes: :meth:`read_pass`)."""
        if isinstance(ours, Pass):
            return
        turn = self._site_turn(game)
        if turn is None:
            return
        g = engine(game)
        step = site_step(ours, g, turn.corp)
        if step is not None:
            card = isinstance(ours, LayTile) and special_lay(ours, g) is not None
            turn.done(ours, step, by_card=card)
        self._remember(ours, game, turn)

    def _remember(self, ours: Action, game: Game, turn: SiteTurn) -> None:
        """Keep the turn's latest move (``game`` stands just before it) for
        :meth:`_owed_pass`."""
        track = self._turns.setdefault(game, TurnTrack())
        track.last = LastMove(index=len(game.log), action=ours, turn=turn.copy())

    def _owed_pass(self, entity: str, game: Game) -> bool:
        """Whether a railroad's pass is one the site still owed its previous turn: the writer
        puts those passes right after the turn's last move, and when the same railroad
        operates next (alone in the round) our game is already in its next turn.  Takes
        the pass when so."""
        track = self._turns.get(game)
        last = track.last if track is not None else None
        if last is None or last.turn.corp != entity or last.turn.key == turn_key(engine(game)):
            return False
        if last.owed is None:
            last.owed = owed_after(last.action, game.at(last.index), last.turn)
        if last.owed <= 0:
            return False
        last.owed -= 1
        return True

    @staticmethod
    def silent_passes(ours: Action, game: Game) -> Iterator[Action]:
        """The moves before ``ours`` that 18xx.games made without recording them: the only
        move left (a pass, withholding a run of nothing), or the pass of a step the site
        skipped because it had nothing to offer there (a station it could not place, gold it
        chose not to ship) when ``ours`` belongs to a later step of the same turn."""
        entity = getattr(ours, "entity", None)
        for _ in range(SILENT_MOVES_MAX):
            if game.finished:
                return
            run = skipped_run(game)
            if run is not None and run != ours:
                yield run
                continue
            passed = skipped_pass(game)
            if passed is not None:
                yield passed
                continue
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
            if _listed(ours, game):
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
            if skip and ours.kind not in kinds and not _accepted(ours, game):
                yield skip[0]
                continue
            return

    def settle(self, game: Game) -> Iterator[Action]:
        """Withholding a run of nothing when it is the only move left after the last
        action, and the stock-round passes the site makes itself (:func:`skipped_pass`):
        the site has already made them (``Step::Dividend#skip!``,
        ``Round::Base#skip_steps``) and an export leaves them out."""
        while not game.finished:
            move = self_withholding(game) or skipped_pass(game)
            if move is None:
                return
            yield move

    def read_bid(self, action: SiteAction, game: Game) -> Iterator[Action]:
        seat = action.seat()
        yield Bid(
            player=seat, entity=seat, company=action.text("company"), price=action.integer("price")
        )

    def read_pass(self, action: SiteAction, game: Game) -> Iterator[Action]:
        """A railroad's pass passes the site's step waiting now (:class:`SiteTurn`): ours
        when our game waits in the same step; nothing when ours has left it (the site's
        track step waits for a pass where ours ends by itself); first our steps the site had
        skipped (nothing to offer there) when ours is behind.  A pass the site still owed
        the railroad's previous turn is taken as such first (our game may already be in the
        next railroad's turn, whose silent moves come after it); otherwise our game's only
        move before it (withholding a run of nothing) comes first, as do other railroads'
        silent passes (an exported game leaves those out, ``RoyalGorgeWriter.write_pass``)."""
        seat, entity = self.who(action, game)
        ours = Pass(player=seat, entity=entity)
        if action.entity_type == "player":
            yield ours
            return
        if self._owed_pass(entity, game):
            return
        if self._behind_ours(entity, game):
            return
        before = turn_key(engine(game))
        yield from self._silently(ours, game)
        ended = before is not None and before[2] == entity and turn_key(engine(game)) != before
        if ended and self._owed_pass(entity, game):
            return  # our own moves just ended the railroad's turn: a pass the site owed it
        turn = self._site_turn(game)
        g = engine(game)
        site = turn.current(g) if turn is not None and turn.corp == entity else None
        if site is not None:
            turn.passed.add(site)  # type: ignore[union-attr]
        for _ in range(len(OUR_STEPS)):
            g = engine(game)
            if g.round.entity(g) != entity or not _listed(
                Pass(player=g.controller_id(entity), entity=entity), game
            ):
                return
            mine = OUR_STEPS.get(our_step(g, entity) or "")
            if site is not None and mine is not None and mine > site:
                return
            if turn is not None:
                self._remember(ours, game, turn)
            yield ours
            if site is None or mine is None or mine == site:
                return

    def _behind_ours(self, entity: str, game: Game) -> bool:
        """Whether a railroad's pass passes a step of the site's turn that ours has already
        left by itself (the site's track step waits where ours ends): it is taken as that,
        before our game makes any move of its own that would carry it into a later turn."""
        turn = self._site_turn(game)
        if turn is None or turn.corp != entity:
            return False
        g = engine(game)
        site = turn.current(g)
        mine = OUR_STEPS.get(our_step(g, entity) or "")
        if site is None or mine is None or mine <= site:
            return False
        turn.passed.add(site)
        return True

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
        book = engine(game).books[corp]
        named = sum(book.cert(s).shares for s in shares)
        count = named if action.get("percent") is None else action.integer("percent") // 10
        president = next((book.cert(s) for s in shares if book.cert(s).president), None)
        if president is not None and 0 < named - count < president.shares:
            # the president's certificate sold in part (Game::Base
            # #partial_bundles_for_presidents_share): an ordinary sale of ``count`` shares
            yield SellShares(player=seat, entity=seat, corporation=corp, count=count)
            return
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
        """``ghost_town`` is placed by our game itself when the gold is shipped, and a
        ``<power>/skip/0`` only orders the site's questions (:func:`route_choice_skips`); a
        steel choice of a column's cheapest cube is our bare column (:func:`our_steel_choice`)."""
        choice = str(action.get("choice"))
        if choice == GHOST_TOWN or is_route_skip(choice):
            return
        seat, entity = self.who(action, game)
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


def _route_revenue(action: SiteAction, route: Mapping[str, Json]) -> int:
    value = route.get("revenue")
    if not isinstance(value, int) or isinstance(value, bool):
        raise action.fail(f"a route's revenue must be a whole number, got {value!r}")
    return value
