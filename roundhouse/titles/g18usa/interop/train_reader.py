"""The 18USA reader's trains and runs: the site's train copies as ours (our 2-trains are
unlimited, §12.6), routes in our notation with the revenue our board gives them, the route
step's upgrades (P19's Switcher, P30's Extender, a Pullman, §12.7) and the revenue check per
route."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from roundhouse.core.actions import Action
from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.actions import BuyTrain, Choose, DiscardTrain, RunRoutes
from roundhouse.core.game import Game
from roundhouse.core.ids import PlayerId
from roundhouse.core.routes.adapter import route_graph
from roundhouse.core.routes.run import from_18xx_games
from roundhouse.interop.translate import SiteAction
from roundhouse.titles.g18usa.family1817.actions import ScrapTrain
from roundhouse.titles.g18usa.interop.memory import note_acquired
from roundhouse.titles.g18usa.interop.names import board_map, engine
from roundhouse.titles.g18usa.interop.reader_base import ReaderBase
from roundhouse.titles.g18usa.route_privates import permanent

SWITCHER, EXTENDER = "P19", "P30"
"""The privates whose upgrades a train attaches in the route step (18xx.games)."""


class TrainReader(ReaderBase):
    """``run_routes``, the route step's ``choose``, ``buy_train``, ``discard_train``,
    ``scrap_train``."""

    def routes(self, action: SiteAction, game: Game, entity: str) -> tuple[tuple[str, ...], ...]:
        """The site's route objects in our notation, with our train ids."""
        g = engine(game)
        bm = board_map(g)
        graph = route_graph(bm.board, g.depot.phases.current, options=bm.graph_options(g, entity))
        trains = self.memory(game).trains
        out = []
        for route in action.objects("routes"):
            ours = from_18xx_games(graph, route)
            out.append((trains.get(ours[0], ours[0]), *ours[1:]))
        return tuple(out)

    def read_run_routes(self, action: SiteAction, game: Game) -> Iterator[Action]:
        seat, entity = self.who(action, game)
        g = engine(game)
        routes = self.routes(action, game, entity)
        revenue = board_map(g).check_run(g, entity, routes) if routes else 0
        memory = self.memory(game)
        memory.attached.clear()
        memory.pullman = ""
        yield RunRoutes(player=seat, entity=entity, routes=routes, revenue=revenue)

    def route_revenues(self, action: SiteAction, game: Game) -> Sequence[int] | None:
        """Ours per route, in the action's order; the Pullman's bonus (a company bonus of
        ours) counted on the train the site attached it to, as the site counts it."""
        if action.get("routes") is None or action.entity_type != "corporation":
            return None
        g = engine(game)
        entity = str(action.entity)
        try:
            routes = self.routes(action, game, entity)
            revenue, _ = board_map(g).price_run(g, entity, routes)
        except IllegalAction:
            return None
        by_train = {run.train.id: run.revenue for run in revenue.runs}
        extra = sum(b.amount for b in revenue.bonuses)
        pullman = self.memory(game).pullman
        out = []
        for route in routes:
            value = by_train.get(route[0])
            if value is None:
                return None
            out.append(value + (extra if route[0] == pullman else 0))
        if extra and pullman not in {r[0] for r in routes}:
            return None
        return out

    def read_buy_train(self, action: SiteAction, game: Game) -> Iterator[Action]:
        seat, entity = self.who(action, game)
        site = action.text("train")
        price = action.integer("price")
        g = engine(game)
        trains = self.memory(game).trains
        ours = trains.get(site, site)
        kind = site.rpartition("-")[0]
        if ours not in g.depot.trains or g.depot.trains[ours].owner == entity:
            offered = [
                a
                for a in game.legal_actions(kinds={BuyTrain.kind})
                if isinstance(a, BuyTrain)
                and a.entity == entity
                and g.depot.trains[a.train].type == kind
                and g.depot.trains[a.train].owner == "depot"
            ]
            if not offered:
                raise action.fail(f"our game offers no {kind} train from the bank")
            ours = offered[0].train
        trains[site] = ours
        note_acquired(self.memory(game).acquired, ours)
        yield BuyTrain(player=seat, entity=entity, train=ours, price=price)

    def read_discard_train(self, action: SiteAction, game: Game) -> Iterator[Action]:
        seat, entity = self.who(action, game)
        site = action.text("train")
        yield DiscardTrain(
            player=seat, entity=entity, train=self.memory(game).trains.get(site, site)
        )

    def read_scrap_train(self, action: SiteAction, game: Game) -> Iterator[Action]:
        seat, entity = self.who(action, game)
        site = action.text("train")
        yield ScrapTrain(player=seat, entity=entity, train=self.memory(game).trains.get(site, site))

    def _attach(
        self, action: SiteAction, game: Game, seat: PlayerId, entity: str, choice: str
    ) -> Iterator[Action]:
        """``"<train index>-<upgrade index>"``: the upgrades offered are the Switcher (P19)
        and the Extender (P30) when the company owns them, then a Pullman when it has one,
        less those attached this turn; the trains, the company's in the order it got them,
        without its cars, and without permanent ones for the Extender
        (``G18USA::Step::Route``)."""
        g = engine(game)
        memory = self.memory(game)
        upgrades = [
            p
            for p in (SWITCHER, EXTENDER)
            if p in g.privates and g.privates[p].owner == entity and not g.privates[p].closed
        ]
        order = memory.acquired
        owned = sorted(g.depot.owned_by(entity), key=lambda t: order.get(t.id, 0))
        if any(g.depot.is_car(t) for t in owned):
            upgrades.append("pullman")
        upgrades = [u for u in upgrades if u not in memory.attached]
        t_index, _, u_index = choice.partition("-")
        upgrade = upgrades[int(u_index)]
        trains = [t for t in owned if not g.depot.is_car(t)]
        if upgrade == EXTENDER:
            trains = [t for t in trains if not permanent(g, t.id)]
        train = trains[int(t_index)]
        memory.attached.append(upgrade)
        if upgrade == "pullman":
            memory.pullman = train.id
            return  # our run adds the car's bonus to the best train by itself (§12.7)
        yield Choose(player=seat, entity=entity, choice=train.id, company=upgrade)
