"""18USA's 18xx.games actions read into ours (:class:`UsaReader`).

Most types keep their names and fields (our 1817-family actions use the site's vocabulary,
:mod:`roundhouse.titles.g18usa.family1817.actions`).  What needs work (facts sheets
``docs/facts/18xx-games-format.md`` §4-§5 and ``docs/facts/18usa.md`` §5):

* a company's start: the site has the opener place the home token right after the opening
  bid (18USA §11.6 step 2); our auction asks for it once the bidding is over, so the
  placement waits (:class:`~.memory.Memory`) and is made when ours asks; Denver's
  orientation likewise (§12.2.3);
* tiles carrying a resource (``"7ore10"``) are our tile plus a resource token placed with the
  private that brings it (§13), ``"…ore20"`` on the same tile the ore token's upgrade;
* trains: the site numbers every copy (``"2-7"``), our unlimited 2-trains share ids, so the
  reader keeps which of ours each site train is;
* the route step's ``choose "<train>-<upgrade>"`` attaches the Switcher (P19), the Extender
  (P30) or a Pullman, indices into the site's lists (``G18USA::Step::Route#choices``);
* the moves the site makes without recording them (:mod:`.site_moves`), and its passes of
  steps ours does not have or has already left (:meth:`UsaReader.read_pass`).
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Iterator, Sequence

from roundhouse.core.actions import Action
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
from roundhouse.core.flow.train_step import BuyTrainStep
from roundhouse.core.game import Game
from roundhouse.core.ids import PlayerId
from roundhouse.core.routes.adapter import route_graph
from roundhouse.core.routes.run import from_18xx_games
from roundhouse.core.shares import POOL
from roundhouse.interop.translate import SiteAction, Translator
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
from roundhouse.titles.g18usa.interop.memory import Memory
from roundhouse.titles.g18usa.interop.names import board_map, engine, site_tile
from roundhouse.titles.g18usa.interop.site_moves import (
    accepted,
    at_own_turn,
    in_step,
    in_track_step,
    offer_pass,
    pullman_pass,
    settled_moves,
)
from roundhouse.titles.g18usa.interop.site_moves import silent_moves as site_silent_moves
from roundhouse.titles.g18usa.ore_upgrade import UpgradeOre
from roundhouse.titles.g18usa.powers import PrivateLay, UsePrivate
from roundhouse.titles.g18usa.resource_subsidy import SubsidyLay
from roundhouse.titles.g18usa.route_privates import permanent
from roundhouse.titles.g18usa.state import UsaGame

SWITCHER, EXTENDER = "P19", "P30"
"""The privates whose upgrades a train attaches in the route step (18xx.games)."""


class UsaReader(Translator):
    """The reading half of the 18USA translator."""

    def __init__(self) -> None:
        self._memory: weakref.WeakKeyDictionary[Game, Memory] = weakref.WeakKeyDictionary()

    def memory(self, game: Game) -> Memory:
        found = self._memory.get(game)
        if found is None:
            found = self._memory[game] = Memory()
        return found

    # -- who acts ------------------------------------------------------------------------

    def who(self, action: SiteAction, game: Game) -> tuple[PlayerId, str]:
        """(the seat, our entity): a player, a company's president, a private's owner."""
        g = engine(game)
        if action.entity_type == "player":
            seat = action.seat()
            return seat, seat
        entity = str(action.entity)
        if action.entity_type == "company":
            entity = self._card_holder(action, g, entity)
        controller = g.controller(entity)
        if controller is None:
            raise action.fail(f"nobody controls {entity}")
        return PlayerId(controller), entity

    @staticmethod
    def _card_holder(action: SiteAction, g: UsaGame, card: str) -> str:
        """The company holding a private or a subsidy tile (``"S8"``, §11.6.1)."""
        private = g.privates.get(card)
        if private is not None and private.owner is not None:
            return private.owner
        for corp, subsidy in g.company_subsidies.items():
            if subsidy.id == card:
                return corp
        raise action.fail(f"no company holds {card}")

    # -- the framework's entry -----------------------------------------------------------

    def read(self, action: SiteAction, game: Game) -> Iterator[Action]:
        memory = self.memory(game)
        before, memory.last = memory.last, (str(action.entity), action.type)
        memory.previous = before
        first_of_turn = False
        if action.entity_type == "corporation" and isinstance(engine(game).round, OperatingRound):
            corp = memory.turn[0]
            if corp != str(action.entity):
                memory.turn = (str(action.entity), [])
            first_of_turn = not memory.turn[1]
            memory.turn[1].append(action.type)
        memory.first_of_turn = first_of_turn
        yield from self._place_homes(game)
        memory.silent.clear()
        for ours in super().read(action, game):
            if id(ours) not in memory.silent:
                yield from self.silent_moves(ours, game)
            yield ours
        yield from self._place_homes(game)
        yield from self._orient_denver(game)
        removals = self.memory(game).removals
        while removals and accepted(removals[0], game):
            yield removals.pop(0)

    def silent_moves(
        self, ours: Action, game: Game, ready: Callable[[], bool] | None = None
    ) -> Iterator[Action]:
        """:func:`~.site_moves.silent_moves`, each marked so that :meth:`read` does not
        look for silent moves before it a second time.  ``ready`` replaces "our game
        accepts ``ours``" as the test of having caught up (a loan, whose number ours
        chooses)."""
        silent = self.memory(game).silent
        for move in site_silent_moves(ours, game, ready):
            silent.add(id(move))
            yield move

    def _orient_denver(self, game: Game) -> Iterator[Action]:
        """Denver's orientation, chosen on the site right after the home token and asked by
        ours before the company's first track step (§12.2.3)."""
        memory = self.memory(game)
        if not memory.denver:
            return
        wanted = [
            a
            for a in game.legal_actions()
            if isinstance(a, Choose) and a.choice == memory.denver and not a.company
        ]
        if wanted:
            memory.denver = ""
            yield wanted[0]

    def _place_homes(self, game: Game) -> Iterator[Action]:
        """Home tokens chosen at an auction's opening, placed when our game asks."""
        homes = self.memory(game).homes
        for corp, (hex_name, city) in list(homes.items()):
            wanted = [
                a
                for a in game.legal_actions()
                if isinstance(a, PlaceToken) and a.hex == hex_name and a.city == city
            ]
            if wanted and not engine(game).corps[corp].started:
                del homes[corp]
                yield wanted[0]

    def settle(self, game: Game) -> Iterator[Action]:
        """The moves the site made by itself after the document's last action
        (:func:`~.site_moves.settled_moves`)."""
        return settled_moves(game)

    # -- stock round ---------------------------------------------------------------------

    def read_bid(self, action: SiteAction, game: Game) -> Iterator[Action]:
        seat = action.seat()
        target = action.get("corporation") or action.get("company")
        if not isinstance(target, str):
            raise action.fail("a bid names neither a corporation nor a company")
        yield Bid(player=seat, entity=seat, company=target, price=action.integer("price"))

    def read_pass(self, action: SiteAction, game: Game) -> Iterator[Action]:
        """A pass, where the site's steps and ours differ.

        A player's pass the site took as the offering president's decline of a friendly
        sale (it does not check who passes there) is that decline.  A company's pass is
        nothing here when it passes a site step ours has already left or does not have:
        the track step that opens every site turn (ours skips it with nothing to lay) or
        waits after a lay, the buy-trains step after a purchase, the "buy pullman" step
        (ours offers cars beside the turn), or any step of a turn ours has ended."""
        seat, entity = self.who(action, game)
        ours = Pass(player=seat, entity=entity)
        if action.entity_type == "player" and not accepted(ours, game):
            yield from self.silent_moves(ours, game)
            offer = offer_pass(game)
            if offer is not None and not accepted(ours, game):
                # 18xx.games took another player's pass as the offering president's
                # decline (``Step::Acquire#process_pass`` does not check who passes)
                yield offer
                return
        if (
            action.entity_type == "corporation"
            and self.memory(game).previous == (entity, "lay_tile")
            and not in_track_step(game, entity)
        ):
            return  # the site's track step waited for this pass; ours had moved on
        if action.entity_type == "corporation" and self.memory(game).first_of_turn:
            yield from self.silent_moves(ours, game, lambda: at_own_turn(game, entity))
        if (
            action.entity_type == "corporation"
            and self.memory(game).first_of_turn
            and at_own_turn(game, entity)
            and not in_track_step(game, entity)
        ):
            return  # the site opens every turn with its track step; ours had nothing to lay
        if (
            action.entity_type == "corporation"
            and self.memory(game).previous == (entity, "buy_train")
            and at_own_turn(game, entity)
            and not in_step(game, entity, BuyTrainStep)
        ):
            return  # the site's buy-trains step waited for this pass; ours had moved on
        if action.entity_type == "corporation" and pullman_pass(game, entity):
            return  # the site's "buy pullman" step; ours offers cars beside the turn
        if action.entity_type == "corporation" and not accepted(ours, game):
            yield from self.silent_moves(ours, game)
            if accepted(ours, game):
                yield ours
                return
            legal = list(game.legal_actions())
            mine = [a for a in legal if getattr(a, "entity", None) == entity]
            if not mine or not any(isinstance(a, Pass) for a in legal):
                return
        yield ours

    def read_buy_shares(self, action: SiteAction, game: Game) -> Iterator[Action]:
        """The certificates the site names, where ours has them for sale; one the site
        numbered otherwise (a short sale's, §11.2, or one of a merger's) is one of ours in
        the open market, else in the treasury.  Several at once (a company buying its own,
        §11.7) are bought one by one when our game takes them so."""
        seat, entity = self.who(action, game)
        book = engine(game).books
        picked: list[str] = []
        for site in action.texts("shares"):
            corp = site.rpartition("_")[0]
            if corp not in book:
                raise action.fail(f"no corporation {corp}")
            certs = book[corp].certs
            if site in certs and certs[site].owner in (POOL, corp) and site not in picked:
                picked.append(site)
                continue
            spare = [
                c.id
                for source in (POOL, corp)
                for c in sorted(certs.values(), key=lambda c: c.id)
                if c.owner == source and c.playable and not c.president and c.id not in picked
            ]
            if not spare:
                raise action.fail(f"our game has no {corp} share for sale")
            picked.append(spare[0])
        whole = BuyShares(player=seat, entity=entity, shares=tuple(picked))
        yield from self.silent_moves(whole, game)
        if len(picked) == 1 or accepted(whole, game):
            yield whole
            return
        for cert in sorted(picked, key=_cert_order):
            yield BuyShares(player=seat, entity=entity, shares=(cert,))

    def read_sell_shares(self, action: SiteAction, game: Game) -> Iterator[Action]:
        seat, entity = self.who(action, game)
        shares = action.texts("shares")
        corp = shares[0].rpartition("_")[0]
        book = engine(game).books[corp]
        count = sum(book.cert(s).shares for s in shares)
        if action.get("percent") is not None:
            count = action.integer("percent") * book.size // 100
        yield SellShares(player=seat, entity=entity, corporation=corp, count=count)

    def read_short(self, action: SiteAction, game: Game) -> Iterator[Action]:
        seat = action.seat()
        yield Short(player=seat, entity=seat, corporation=action.text("corporation"))

    def read_assign(self, action: SiteAction, game: Game) -> Iterator[Action]:
        """A player giving a private to the company they start (§11.6), a player offering a
        company for sale (§14.2.3), or a private used on a hex by its company."""
        seat, entity = self.who(action, game)
        target = action.text("target")
        kind = action.get("target_type")
        if action.entity_type == "player" and kind == "company":
            yield Choose(player=seat, entity=seat, choice=target, company=target)
        elif action.entity_type == "player" and kind == "corporation":
            yield Assign(player=seat, entity=seat, target=target)
        elif action.entity_type == "company" and kind == "hex":
            company = str(action.entity)
            sketch = UsePrivate(player=seat, entity=entity, company=company, hex=target)
            yield from self.silent_moves(sketch, game)
            yield self._one_of(
                action,
                game,
                lambda a: isinstance(a, UsePrivate) and a.company == company and a.hex == target,
            )
        else:
            raise action.fail(f"assign of a {kind} by a {action.entity_type} is not read")

    def read_choose(self, action: SiteAction, game: Game) -> Iterator[Action]:
        seat, entity = self.who(action, game)
        choice = action.get("choice")
        if action.entity_type == "player":
            yield Choose(player=seat, entity=seat, choice=str(choice))
            return
        if isinstance(choice, str) and _upgrade_choice(choice):
            yield from self._attach(action, game, seat, entity, choice)
            return
        raise action.fail(f"choose {choice!r} by a company is not read")

    # -- operating round -----------------------------------------------------------------

    def read_lay_tile(self, action: SiteAction, game: Game) -> Iterator[Action]:
        seat, entity = self.who(action, game)
        hex_name = action.text("hex")
        tile = site_tile(action.text("tile"))
        rotation = action.integer("rotation")
        self.memory(game).laid[action.text("tile")] = hex_name
        g = engine(game)
        board = board_map(g).board
        if action.entity_type == "company" and str(action.entity) in g.privates:
            yield PrivateLay(
                player=seat,
                entity=entity,
                company=str(action.entity),
                hex=hex_name,
                tile=tile.name,
                rotation=_rotation(g, tile.name, rotation),
            )
            return
        if action.entity_type == "company" and g.company_subsidies[entity].kind == "boomtown":
            yield LayTile(
                player=seat,
                entity=entity,
                hex=hex_name,
                tile=tile.name,
                rotation=_rotation(g, tile.name, rotation),
            )
            return
        if action.entity_type == "company":
            if tile.resource not in ("coal", "oil", "ore"):
                raise action.fail(f"a subsidy lays a resource tile, not {action.text('tile')}")
            yield SubsidyLay(
                player=seat,
                entity=entity,
                hex=hex_name,
                tile=tile.name,
                rotation=_rotation(g, tile.name, rotation),
                choice=tile.resource,  # type: ignore[arg-type]
            )
            return
        if hex_name == DENVER and tile.name == "X04" and g.denver_open:
            # X04s -> X04: the orientation, asked by ours in the company's first turn
            self.memory(game).denver = next(
                c for c, r in ORIENTATIONS.items() if r % 2 == rotation % 2
            )
            yield from self._orient_denver(game)
            return
        if tile.resource == "ore20" and board.hexes[hex_name].tile.id == tile.name:
            yield UpgradeOre(player=seat, entity=entity, hex=hex_name)
            return
        yield LayTile(
            player=seat,
            entity=entity,
            hex=hex_name,
            tile=tile.name,
            rotation=_rotation(g, tile.name, rotation),
        )
        # a tile upgraded over a resource token keeps it: the site names the token again
        resource = "ore" if tile.resource == "ore20" else tile.resource
        if resource and not _has_marker(board.hexes[hex_name].markers, resource):
            yield self._one_of(
                action,
                game,
                lambda a: isinstance(a, UsePrivate) and a.hex == hex_name and a.choice == resource,
            )

    def read_place_token(self, action: SiteAction, game: Game) -> Iterator[Action]:
        corp = str(action.entity)
        g = engine(game)
        hex_name, city = self.city(action, game, action.text("city"))
        if corp in g.corps and not g.corps[corp].started:
            self.memory(game).homes[corp] = (hex_name, city)
            return
        seat, entity = self.who(action, game)
        yield PlaceToken(player=seat, entity=entity, hex=hex_name, city=city)

    def read_remove_token(self, action: SiteAction, game: Game) -> Iterator[Action]:
        """§14.3: the token a company over eight gives up (our token-cut step's choice)."""
        seat, entity = self.who(action, game)
        hex_name, city = self.city(action, game, action.text("city"))
        ours = Choose(player=seat, entity=entity, choice=f"{hex_name} {city}")
        if not accepted(ours, game) and all(
            isinstance(a, DiscardTrain) for a in game.legal_actions()
        ):
            # the site cuts tokens before trains; ours asks for the discard first
            self.memory(game).removals.append(ours)
            return
        yield ours

    def city(self, action: SiteAction, game: Game, site_city: str) -> tuple[str, str]:
        """(hex, our city) of a site city id ``"<tile copy>-<part index>"``: a printed hex
        (``"H8-5-0"``), or the hex where that tile lies (``"X02-0-0"``, ``"57-3-0"``)."""
        copy, _, index = site_city.rpartition("-")
        if not index.isdecimal():
            raise action.fail(f"city {site_city!r} has no index")
        board = board_map(engine(game)).board
        printed = copy.rpartition("-")[0]
        hex_name: str | None = printed if printed in board.hexes else None
        if hex_name is None:
            name = site_tile(copy)
            hex_name = self.memory(game).laid.get(copy)
            if hex_name is None:
                holding = [h for h, here in board.hexes.items() if here.tile.id == name.name]
                if len(holding) != 1:
                    raise action.fail(f"cannot tell which hex holds city {site_city!r}")
                hex_name = holding[0]
        # the index counts every part of the site's tile (icons too: Fargo's city is part
        # 1); where a tile has several cities they come first
        cities = list(board.hexes[hex_name].tokens)
        if len(cities) == 1:
            return hex_name, cities[0]
        if int(index) >= len(cities):
            raise action.fail(f"{hex_name} has no city {index}")
        return hex_name, cities[int(index)]

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

    def read_dividend(self, action: SiteAction, game: Game) -> Iterator[Action]:
        seat, entity = self.who(action, game)
        yield Dividend(player=seat, entity=entity, mode=action.text("kind"))

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
                for a in game.legal_actions()
                if isinstance(a, BuyTrain)
                and a.entity == entity
                and g.depot.trains[a.train].type == kind
                and g.depot.trains[a.train].owner == "depot"
            ]
            if not offered:
                raise action.fail(f"our game offers no {kind} train from the bank")
            ours = offered[0].train
        trains[site] = ours
        acquired = self.memory(game).acquired
        acquired[ours] = len(acquired) + 1
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

    def read_take_loan(self, action: SiteAction, game: Game) -> Iterator[Action]:
        """The site numbers loans in the order they are first taken and puts repaid ones
        last; ours are the cubes of the Bank of New York, taken from the top row (§9):
        the loan is the one our game offers."""
        seat, entity = self.who(action, game)
        sketch = TakeLoan(player=seat, entity=entity, loan=action.integer("loan"))
        yield from self._loan(action, game, sketch)

    def read_payoff_loan(self, action: SiteAction, game: Game) -> Iterator[Action]:
        seat, entity = self.who(action, game)
        sketch = PayoffLoan(player=seat, entity=entity, loan=action.integer("loan"))
        yield from self._loan(action, game, sketch)

    def _loan(self, action: SiteAction, game: Game, sketch: Action) -> Iterator[Action]:
        """The loan our game offers the company now; only when it offers none, the moves
        the site made by itself first (the loan numbers differ, so ``sketch`` itself is
        no test)."""
        entity = getattr(sketch, "entity", None)

        def offered() -> list[Action]:
            return [
                a
                for a in game.legal_actions()
                if type(a) is type(sketch) and getattr(a, "entity", None) == entity
            ]

        found = offered()
        if not found:
            yield from self.silent_moves(sketch, game, lambda: bool(offered()))
            found = offered()
        if not found:
            raise action.fail(f"our game offers {entity} no {sketch.kind} now")
        yield found[0]

    # -- merger and acquisition round ----------------------------------------------------

    def read_convert(self, action: SiteAction, game: Game) -> Iterator[Action]:
        seat, entity = self.who(action, game)
        yield Convert(player=seat, entity=entity)

    def read_merge(self, action: SiteAction, game: Game) -> Iterator[Action]:
        seat, entity = self.who(action, game)
        yield Merge(player=seat, entity=entity, corporation=action.text("corporation"))

    def read_bankrupt(self, action: SiteAction, game: Game) -> Iterator[Action]:
        seat, entity = self.who(action, game)
        yield Bankrupt(player=seat, entity=entity)

    # -- helpers -------------------------------------------------------------------------

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

    @staticmethod
    def _one_of(action: SiteAction, game: Game, wanted: object) -> Action:
        assert callable(wanted)
        found = [a for a in game.legal_actions() if wanted(a)]
        if len(found) != 1:
            raise action.fail(f"our game offers {len(found)} matching moves: {found[:4]}")
        return found[0]


def _cert_order(cert_id: str) -> tuple[str, int]:
    """Certificates in number order (our game offers a company's own purchases so)."""
    corp, _, number = cert_id.rpartition("_")
    return corp, int(number) if number.isdecimal() else 0


def _has_marker(markers: object, resource: str) -> bool:
    """Whether a hex's markers hold a token of ``resource`` (an ore token on either side)."""
    assert isinstance(markers, (list, tuple, set, frozenset))
    return resource in markers or (resource == "ore" and "ore20" in markers)


def _upgrade_choice(choice: str) -> bool:
    left, sep, right = choice.partition("-")
    return bool(sep) and left.isdecimal() and right.isdecimal()


def _rotation(g: UsaGame, name: str, rotation: int) -> int:
    """Our rotation for the site's: a symmetric tile lists only the first of the rotations
    with the same track."""
    tile = board_map(g).board.tiles[name]
    if rotation in tile.rotations:
        return rotation
    links = tile.links(rotation)
    return next((r for r in tile.rotations if tile.links(r) == links), rotation)
