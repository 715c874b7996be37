"""Our 18RoyalGorge actions written as 18xx.games would have recorded them
(:class:`RoyalGorgeWriter`): the railroads' passes the site's steps wait for, none of the moves
it makes by itself, tile copies and certificates as the site hands them out, steel cubes and
discounted purchases in its form.  Facts sheet ``docs/facts/18xx-games-format.md`` §4-§6.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from roundhouse.core.actions import Action, Json
from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.actions import (
    Bid,
    BuyCompany,
    BuyShares,
    BuyTrain,
    Choose,
    ChooseAbility,
    Dividend,
    LayTile,
    Par,
    Pass,
    PlaceToken,
    RunRoutes,
    SellShares,
)
from roundhouse.core.game import Game
from roundhouse.core.routes.run import check_run, to_18xx_games
from roundhouse.core.shares import POOL
from roundhouse.core.trains import DEPOT
from roundhouse.interop.site_turn import turn_key
from roundhouse.interop.translate import (
    SeatIds,
    SiteDoc,
    Translator,
)
from roundhouse.titles.g18royalgorge import gold, privates, site_run, site_sale
from roundhouse.titles.g18royalgorge.hanging_bridge import LEASE
from roundhouse.titles.g18royalgorge.interop.certificate import number
from roundhouse.titles.g18royalgorge.interop.names import (
    board_map,
    engine,
    site_route,
    site_steel_choice,
)
from roundhouse.titles.g18royalgorge.interop.route_choices import Questions, power_of
from roundhouse.titles.g18royalgorge.interop.site_game import (
    ANY_TIME,
    DEBT_CARDS,
    GHOST_TOWN,
    INVESTOR,
    MINT,
    SiteMemory,
    TurnTrack,
    any_time_moves,
    owed_after,
    silent,
    skipped_pass,
    skipped_run,
)
from roundhouse.titles.g18royalgorge.interop.turn import (
    OUR_STEPS,
    SiteStep,
    SiteTurn,
    our_step,
    site_step,
    special_lay,
)
from roundhouse.titles.g18royalgorge.state import RoyalGorgeGame


class RoyalGorgeWriter(SiteMemory):
    """The writing half of the 18RoyalGorge translator."""

    # -- ours -> 18xx.games --------------------------------------------------------------

    @staticmethod
    def _entity(action: Action, game: Game, seats: SeatIds) -> SiteDoc:
        entity = str(getattr(action, "entity", action.player))
        if entity in game.players:
            return {"entity": seats.player_id(entity), "entity_type": "player"}
        return {"entity": entity, "entity_type": "corporation"}

    @staticmethod
    def _only_move(action: Action, game: Game) -> bool:
        """Whether 18xx.games would make this move by itself (see ``RoyalGorgeReader.read``)."""
        beside = any_time_moves(game)
        legal = [a for a in game.legal_actions() if a.kind not in ANY_TIME and a not in beside]
        return legal == [action] and silent(action)

    def write(self, action: Action, game: Game, seats: SeatIds) -> list[SiteDoc]:
        """As the base, with the railroads' passes the site waits for where our steps end
        by themselves (:meth:`operating`) and without the stock-round passes the site makes
        itself (:func:`skipped_pass`, see :meth:`write_pass`)."""
        before, out = self.operating(action, game, seats)
        if out is None:
            out = super().write(action, game, seats)
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
            card = isinstance(action, LayTile) and special_lay(action, g) is not None
            turn.done(action, step, by_card=card)
        track.pending = self._after(action, game, turn)
        return before, own

    @staticmethod
    def _railroad_pass(corp: str) -> SiteDoc:
        return {"type": "pass", "entity": corp, "entity_type": "corporation"}

    def _after(self, action: Action, game: Game, turn: SiteTurn) -> list[SiteDoc]:
        """The passes the site would need if the railroad's turn ended with ``action``."""
        return [self._railroad_pass(turn.corp)] * owed_after(action, game, turn)

    def finish(self, game: Game, seats: SeatIds) -> list[SiteDoc]:
        """The railroad passes the site still waits for after our last action."""
        out: list[SiteDoc] = []
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

    def write_pass(self, action: Action, game: Game, seats: SeatIds) -> list[SiteDoc]:
        """Declining gold is not written (the site just chooses the dividend), nor a
        stock-round pass the site makes itself (:func:`skipped_pass`): it would refuse
        them from a player it has already skipped; our reader re-creates them
        (``RoyalGorgeReader.silent_passes``).  An auction's passes are all written (the
        players who cannot bid are out of the auction in compat play already)."""
        g = engine(game)
        entity = g.round.entity(g) if not game.finished else None
        gold_step = entity is not None and any(
            s.name == "gold" for s in g.round.offered(g, entity) if s.blocking
        )
        if gold_step or action == skipped_pass(game):
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
    def _percent(g: RoyalGorgeGame, shares: Sequence[str]) -> int:
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
        book = g.books[action.corporation]
        chosen = view.sale(book, action.entity, action.count)
        view.sold(book, action.entity, chosen, action.count, list(g.players))
        return [
            {
                "type": "sell_shares",
                **self._entity(action, game, seats),
                "shares": list[Json](chosen),
                "percent": 10 * action.count,
            }
        ]

    def write_lay_tile(self, action: Action, game: Game, seats: SeatIds) -> list[SiteDoc]:
        """The lowest free copy of the tile; made by the private card whose power it uses on
        the site (:func:`special_lay`: Sulphur Springs, or the Steel Depot's cube)."""
        assert isinstance(action, LayTile)
        g = engine(game)
        board = board_map(g).board
        site_tile = self.copies(game).lay(action.hex, action.tile, board.tiles.counts[action.tile])
        card = special_lay(action, g)
        entity: SiteDoc = (
            {"entity": card, "entity_type": "company"}
            if card is not None
            else self._entity(action, game, seats)
        )
        return [
            {
                "type": "lay_tile",
                **entity,
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
    def _slot(g: RoyalGorgeGame, action: PlaceToken) -> int:
        """The slot the site's interface fills: a city's slot reserved for a railroad not
        yet there is its first one, so anyone else takes the next free slot after it."""
        board = board_map(g).board
        held = board.hexes[action.hex].tokens.get(action.city, [])
        owner = board.reserved_for(action.hex, action.city)
        if owner is None or owner in held:
            return len(held)
        return 0 if owner == action.entity else len(held) + 1

    def write_run_routes(self, action: Action, game: Game, seats: SeatIds) -> list[SiteDoc]:
        """Nothing for running nothing where the site skips the run (:func:`skipped_run`);
        else each route with the revenue our board gives it; a run our board does not check
        or values differently (taken at its word with ``compat_18xx_games``) is written
        route by route from its notation, the difference put on a route we cannot score
        (or the first), so that reading it back gives the same run."""
        assert isinstance(action, RunRoutes)
        if action == skipped_run(game):
            return []
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
    def _recorded_routes(g: RoyalGorgeGame, action: RunRoutes) -> list[dict[str, Json]]:
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
                paid = privates.discounted_price(g, corp)
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
        out: list[SiteDoc] = [
            {"type": "choose", **entity, "choice": skip} for skip in self._route_skips(action, game)
        ]
        out.append({"type": "choose", **entity, "choice": site_steel_choice(g, action.choice)})
        if self._ghost_town(action, game):
            out.append(
                {"type": "choose", **self._entity(action, game, seats), "choice": GHOST_TOWN}
            )
        return out

    def _route_skips(self, action: Choose, game: Game) -> list[str]:
        """The site's skips to reach the question this coal or engineer choice answers
        (:mod:`.route_choices`)."""
        power = power_of(action.choice)
        turn = turn_key(engine(game))
        if power is None or turn is None:
            return []
        asked = self._questions.get(game)
        if asked is None or asked.turn != turn:
            asked = self._questions[game] = Questions.start(engine(game), turn)
        return asked.skips_before(power)

    @staticmethod
    def _ghost_town(action: Choose, game: Game) -> bool:
        """Whether shipping this gold puts a ghost town down: the site then asks its railroad
        to choose ``ghost_town`` (``G18RoyalGorge::Step::Dividend``, state ``:ghost``) where
        ours places it with the shipment (:func:`~roundhouse.titles.g18royalgorge.gold.ship`:
        the railroad owns Y2, a token is left, the hex's last cube goes)."""
        g = engine(game)
        if site_step(action, g, action.entity) is not SiteStep.DIVIDEND:
            return False
        here = board_map(g).board.hexes.get(action.choice)
        return (
            here is not None
            and gold.owns(g, gold.GHOST_TOURS, action.entity)
            and g.ghost_tokens > 0
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
