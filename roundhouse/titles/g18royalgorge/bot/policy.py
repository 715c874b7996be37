"""How the 18RoyalGorge heuristic player plays, step by step.

- **Private auction**: bids the least it may up to what a card is worth to it - its face
  value, more for a card a railroad may later buy (for up to twice face, "Buy Private
  Assets") or one with a big income - while keeping the cash to start a railroad.
- **Stock round**: starts a railroad at once (Rio Grande and Santa Fe first, then the one with
  the most stations) at the highest starting price that still leaves money to buy more of it,
  buys its own railroads up to half so they have money for trains and track, then the shares
  that pay best for their price (railroads that pay out, CF&I, Victor Gold); sells nothing
  unless it must.
- **Operating turn**: lays the track that raises the run most for its cost (tried on copies of
  the game up to the run), or heads for the richest cities near its stations while it has no
  train yet, keeping the money for a train it needs; places a station when it pays or blocks;
  ships gold; pays out unless it needs the money for a train it must have; buys a train when
  it has none, when one will rust, or to fill its second slot with a train that will not rust
  soon; sells privates its president owns to the railroad for the most it may pay when the
  railroad can spare it; pays off debt when it can.
- **Emergencies**: sells the fewest shares, its own railroads' last, before going bankrupt.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from roundhouse.bots.map_info import MapInfo, Maps, revenues
from roundhouse.bots.moves import field, laid_this_turn
from roundhouse.bots.policy import final_or
from roundhouse.bots.policy18xx.money import choose_sale
from roundhouse.bots.policy18xx.trial import on_copy
from roundhouse.bots.random_bot import draw, pick
from roundhouse.core.actions import Action
from roundhouse.core.game import Game
from roundhouse.core.rng import Rng
from roundhouse.core.shares import company_of
from roundhouse.titles.g18royalgorge.bot.model import (
    PERMANENT,
    TRAIN_LIMIT,
    Company,
    Position,
    estimates,
    read,
    rounds_left,
)

PREFERRED = ("RG", "SF")
"""Railroads to start first: Rio Grande gets the Royal Gorge ("Alternate Gorge Tiles": "how
powerful Rio Grande is"), Santa Fe its debt from Doc Holliday's side."""
RESERVE_SHARES = 2
"""Shares of a new railroad the starting price leaves money for."""
TRACK_CANDIDATES = 3
"""Tile lays tried on copies of the game up to the run, per lay (finding the best run is the
slow part of a move on a big network)."""
LOOKAHEAD_LAYS = 2
"""Lays in a turn chosen by trying them up to the run; later ones head for revenue."""
TOKEN_CANDIDATES = 2
HEAVY_STOPS = 7
"""Train lengths (stops, summed over a railroad's trains) from which runs are too slow to
find on copies of the game, so track and stations are chosen by the map alone."""
HEAVY_STATIONS = 4
LOOKAHEAD_PHASES = frozenset({"Yellow", "Green"})
LAYS_WITHOUT_TRAIN = 2
"""Tiles laid toward revenue in a turn before the railroad has a train."""
SELLABLE = "sold to a railroad"
PLAN_LAYS = 4
"""Tile lays a search tries besides the heuristic's, the best pointed at revenue."""
FOLLOW_LIMIT = 12
"""Moves a search's plan plays to finish an operating turn (a turn has fewer)."""


def _price(action: Action) -> int:
    for name in ("price", "share_price", "amount"):
        value = getattr(action, name, None)
        if isinstance(value, int):
            return value
    return 0


class RoyalGorgePolicy:
    """The 18RoyalGorge heuristic; see the module docstring."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self._maps = Maps()
        self._runs: dict[tuple[str, int, Action | None], int] = {}
        """Runs found on copies: (railroad, log length, last move) -> revenue."""

    # -- the protocol -----------------------------------------------------------------------

    def values(self, game: Game) -> dict[str, float]:
        return final_or(game, lambda: estimates(read(game)))

    def choose(self, game: Game, player: str, rng: Rng) -> Action:
        legal = game.legal_actions(player)
        if len(legal) == 1:
            return legal[0]
        pos = read(game)
        step = pos.step
        handler: Callable[[Game, str, Position, Rng], Action] = {
            "auction": self._private_bid,
            "stock": self._stock,
            "track": self._track,
            "token": self._token,
            "dividend": self._dividend,
            "buy_train": self._buy_train,
            "end_turn": self._end_turn,
            "gold": self._gold,
            "discard_train": self._discard,
            "start_auction": self._start_auction,
            "hand_pick": self._hand_pick,
        }.get(step, self._default)
        action = handler(game, player, pos, rng)
        assert action in legal, f"{action!r} is not legal"
        return action

    def quick(self, game: Game, player: str, rng: Rng) -> Action:
        return self.choose(game, player, rng)

    def plans(self, game: Game, player: str, rng: Rng) -> list[list[Action]]:
        """The heuristic's move, then the other moves of each kind ranked by its own
        judgement (:meth:`ranked`), taken in turn from each kind so a search widening one
        plan at a time meets every kind of move early."""
        best = self.choose(game, player, rng)
        legal = game.legal_actions(player)
        if len(legal) == 1:
            return [[best]]
        pos = read(game)
        ranked = self.ranked(game, player, pos, legal).values()
        groups = [[a for a in g if a != best] for g in ranked]
        others: list[Action] = []
        for depth in range(max((len(g) for g in groups), default=0)):
            others.extend(g[depth] for g in groups if depth < len(g))
        return [[best], *([a] for a in others)]

    def ranked(
        self, game: Game, player: str, pos: Position, legal: Sequence[Action]
    ) -> dict[str, list[Action]]:
        """The legal moves worth searching by kind, best first by the heuristic's measures:
        lays by how their track points at revenue, stations by their city's revenue, shares
        by what they pay for their price, starting prices nearest the heuristic's
        (the most money left for shares and trains first), trains by length, bids
        cheapest first."""
        by_kind: dict[str, list[Action]] = {}
        for a in legal:
            by_kind.setdefault(a.kind, []).append(a)
        company = self._entity(pos)
        out: dict[str, list[Action]] = {}
        for kind, group in by_kind.items():
            if kind == "lay_tile" and company is not None:
                out[kind] = self._rank_lays(game, company, group)[:PLAN_LAYS]
            elif kind == "place_token":
                out[kind] = self._rank_tokens(game, group)[:2]
            elif kind == "buy_shares":
                scored = sorted(group, key=lambda a: -self._buy_score(pos, player, a))
                out[kind] = scored[:4]
            elif kind == "par":
                out[kind] = self._rank_pars(pos, group, pos.cash[player])[:4]
            elif kind == "buy_train":
                out[kind] = sorted(group, key=lambda a: (-_stops(a), _price(a)))[:3]
            elif kind == "bid":
                out[kind] = sorted(group, key=_price)[:2]
            elif kind == "sell_shares":
                sale = choose_sale(group, set(pos.presidencies.get(player, ())))
                out[kind] = [sale, *(a for a in group if a != sale)][:2]
            else:
                out[kind] = group[:2]
        return out

    def _rank_pars(self, pos: Position, pars: Sequence[Action], cash: int) -> list[Action]:
        """Starting prices: the heuristic's railroad first, each railroad's prices from the
        highest that leaves money for :data:`RESERVE_SHARES` more shares downward."""
        choice = self._choose_par(pos, pars, cash)
        first = field(choice, "corporation") if choice is not None else None

        def key(a: Action) -> tuple[int, int, int]:
            price = _price(a)
            fits = price * (2 + RESERVE_SHARES) <= cash
            corp = field(a, "corporation")
            return (0 if corp == first else 1, 0 if fits else 1, -price if fits else price)

        return sorted(pars, key=key)

    def follow(self, game: Game, plan: Sequence[Action], player: str, rng: Rng) -> list[Action]:
        """Play ``plan`` on ``game``, then, in an operating round, the rest of the railroad's
        turn as the heuristic plays it (a search judges a lay after its run and dividend).
        Returns every move played."""
        prompt = game.prompt()
        turn = (prompt.round, prompt.entity)
        played = list(plan)
        for action in plan:
            game.apply(action)
        if not turn[0].startswith("OR"):
            return played
        for _ in range(FOLLOW_LIMIT):
            if game.finished or not game.acting or game.acting[0] != player:
                break
            now = game.prompt()
            if (now.round, now.entity) != turn:
                break
            action = self.quick(game, player, rng)
            game.apply(action)
            played.append(action)
        return played

    # -- shared judgements ---------------------------------------------------------------

    def _entity(self, pos: Position) -> Company | None:
        return pos.companies.get(pos.entity or "")

    def _train_need(self, pos: Position, company: Company) -> int:
        """Money the railroad should keep for a train it must have: none if it holds a train
        that will not rust soon, else the price of the next train in the deck."""
        if not company.trains:
            return pos.cheapest_train()
        upcoming = [t.rsplit("-", 1)[0] for t in pos.upcoming[:3]]
        for name in company.train_names():
            row = pos.types.get(name)
            if row is None or row.rusts_on is None or row.rusts_on not in upcoming:
                return 0
        return pos.cheapest_train()

    def _spare(self, pos: Position, company: Company) -> int:
        """Treasury the railroad may spend on track, stations, privates and debt."""
        return company.cash - self._train_need(pos, company)

    # -- private auction -----------------------------------------------------------------

    def _private_bid(self, game: Game, player: str, pos: Position, rng: Rng) -> Action:
        legal = game.legal_actions(player)
        auction = pos.auction
        passes = legal.of_kind("pass")
        bids = legal.of_kind("bid")
        if auction is None or not bids:
            return passes[0] if passes else legal[0]
        card = pos.privates.get(auction.item)
        limit = self._private_worth(pos, card.id if card else auction.item)
        reserve = self._start_money(pos)
        limit = min(limit, pos.cash[player] - reserve)
        lowest = min(bids, key=_price)
        if _price(lowest) <= limit:
            return lowest
        return passes[0] if passes else legal[0]

    def _private_worth(self, pos: Position, private: str) -> float:
        card = pos.privates.get(private)
        if card is None:
            return 0.0
        worth = float(card.value)
        if SELLABLE in card.ability and "never" not in card.ability:
            worth *= 1.35
        income = card.revenue or _printed_income(card.ability)
        worth += income * 2.0
        return worth

    def _start_money(self, pos: Position) -> int:
        """Cash to keep for starting a railroad and buying a couple more of its shares."""
        return 70 * (2 + RESERVE_SHARES) if len(pos.players) < 4 else 65 * (2 + 1)

    # -- stock round ------------------------------------------------------------------------

    def _stock(self, game: Game, player: str, pos: Position, rng: Rng) -> Action:
        legal = game.legal_actions(player)
        passes = legal.of_kind("pass")
        idle = passes[0] if passes else legal[0]
        cash = pos.cash[player]
        mine = [c for c in pos.presidencies.get(player, ()) if c in pos.companies]
        room = pos.cert_limit - pos.certificates.get(player, 0)
        pars = legal.of_kind("par")
        openings = [a for a in legal.of_kind("bid") if field(a, "company") in pos.companies]
        if openings and not pars and not mine and room >= 2:
            # Auction Variant: starting a railroad opens an auction for the right to
            return min(openings, key=lambda a: (self._railroad_rank(pos, a), _price(a)))
        if pars and (not mine or (len(mine) < 2 and cash > 450)) and room >= 2:
            choice = self._choose_par(pos, pars, cash)
            if choice is not None:
                return choice
        buys = legal.of_kind("buy_shares")
        if buys and room >= 1:
            best = max(buys, key=lambda a: self._buy_score(pos, player, a))
            if self._buy_score(pos, player, best) > 0:
                return best
        chooses = [a for a in legal.of_kind("choose") if cash > 150]
        if chooses:
            return chooses[0]
        return idle

    def _railroad_rank(self, pos: Position, action: Action) -> tuple[int, int]:
        """Lower is better: preferred railroads first, then those with more stations."""
        corp = field(action, "company") or field(action, "corporation")
        c = pos.companies.get(corp)
        preferred = len(PREFERRED) - PREFERRED.index(corp) if corp in PREFERRED else 0
        return -preferred, -(c.tokens if c is not None else 0)

    def _start_auction(self, game: Game, player: str, pos: Position, rng: Rng) -> Action:
        """Auction Variant: bid a little for the right to start a railroad while without one."""
        legal = game.legal_actions(player)
        passes = legal.of_kind("pass")
        bids = legal.of_kind("bid")
        if bids and not pos.presidencies.get(player):
            lowest = min(bids, key=_price)
            if _price(lowest) <= 30:
                return lowest
        pars = legal.of_kind("par")
        if pars:
            return self._choose_par(pos, pars, pos.cash[player]) or pars[0]
        return passes[0] if passes else legal[0]

    def _hand_pick(self, game: Game, player: str, pos: Position, rng: Rng) -> Action:
        """Hand-Picked Variant: take the card worth most."""
        legal = game.legal_actions(player)
        picks = legal.of_kind("choose")
        if not picks:
            return legal[0]
        return max(picks, key=lambda a: self._private_worth(pos, field(a, "choice")))

    def _choose_par(self, pos: Position, pars: Sequence[Action], cash: int) -> Action | None:
        def rank(corp: str) -> tuple[int, int]:
            c = pos.companies.get(corp)
            preferred = len(PREFERRED) - PREFERRED.index(corp) if corp in PREFERRED else 0
            return preferred, c.tokens if c is not None else 0

        corps = sorted(sorted({field(a, "corporation") for a in pars}), key=rank, reverse=True)
        for corp in corps:
            prices = sorted(
                (a for a in pars if field(a, "corporation") == corp), key=_price, reverse=True
            )
            for action in prices:
                price = _price(action)
                if price <= 80 and price * (2 + RESERVE_SHARES) <= cash:
                    return action
            affordable = [a for a in prices if _price(a) * 2 <= cash]
            if affordable:
                return affordable[-1]
        return None

    def _buy_score(self, pos: Position, player: str, action: Action) -> float:
        shares = getattr(action, "shares", ())
        if not shares:
            return -1.0
        corp = company_of(str(shares[0]))
        c = pos.companies.get(corp)
        if c is None or c.price is None or c.price > pos.cash[player]:
            return -1.0
        held = pos.shares[player].get(corp, 0)
        rounds = rounds_left(pos)
        if c.kind == "metal":
            yield_ = 0.8 * (50 / 10) * rounds / c.price
            return yield_ - 0.25 if held < 3 else -1.0
        if c.president == player:
            # our own railroad: capital for trains and track, up to half of it
            if held >= 5:
                return -1.0
            wants = self._train_need(pos, c) + 150 - c.cash
            return 1.0 + (0.5 if wants > 0 else 0.0) - 0.1 * held
        if held >= 3:
            return -1.0
        if not c.trains or c.revenue <= 0:
            return -0.5
        yield_ = (c.revenue / 10) * 0.8 * rounds / c.price
        return yield_ - 0.4

    # -- operating turn ----------------------------------------------------------------------

    def _side_moves(self, game: Game, player: str, pos: Position) -> Action | None:
        """Debt to pay, a private to sell to the railroad: any time in the turn."""
        company = self._entity(pos)
        if company is None:
            return None
        legal = game.legal_actions(player)
        spare = self._spare(pos, company)
        debts = legal.of_kind("choose_ability")
        if debts and "debt" in pos.steps:
            price = _debt_price(pos)
            if spare >= price + 20:
                return debts[0]
        sales = [
            a
            for a in legal.of_kind("buy_company")
            if field(a, "company") in pos.privates_held.get(player, ())
        ]
        if sales:
            best = max(sales, key=_price)
            if spare - _price(best) >= 40:
                return best
        return None

    def _track(self, game: Game, player: str, pos: Position, rng: Rng) -> Action:
        side = self._side_moves(game, player, pos)
        if side is not None:
            return side
        legal = game.legal_actions(player)
        passes = legal.of_kind("pass")
        idle = passes[0] if passes else legal[0]
        company = self._entity(pos)
        lays = legal.of_kind("lay_tile")
        if company is None or not lays:
            return idle
        spare = self._spare(pos, company)
        if spare <= 0:
            return idle
        if company.trains:
            best = self._best_lay(game, player, pos, company, lays, spare)
            if best is not None:
                return best
        laid = laid_this_turn(game, company.id)
        if laid >= LAYS_WITHOUT_TRAIN:
            return idle
        return self._toward_revenue(game, company, lays, idle, spare)

    def _best_lay(
        self,
        game: Game,
        player: str,
        pos: Position,
        company: Company,
        lays: Sequence[Action],
        spare: int,
    ) -> Action | None:
        """The lay that raises the run most for its cost, tried up to the run (early in the
        game, while runs are quick to find: :func:`_heavy`); None when none raises it."""
        if laid_this_turn(game, company.id) >= LOOKAHEAD_LAYS or _heavy(pos, company):
            return None
        base = self._base_run(game, player, company.id)
        ranked = self._rank_lays(game, company, lays)[:TRACK_CANDIDATES]
        best: tuple[float, Action] | None = None
        for action in ranked:
            trial, cost = on_copy(game, action, company.id, company.cash)
            if cost > spare:
                continue
            run = _run_after(trial, player, company.id, None)
            self._remember_run(company.id, len(game.log) + 1, action, run)
            gain = run - base
            score = gain * 3.0 - cost
            if gain > 0 and (best is None or score > best[0]):
                best = (score, action)
        if best is not None and best[0] > -60:
            return best[1]
        return None

    def _base_run(self, game: Game, player: str, company: str) -> int:
        """The run with the track as it is (remembered from trying the last move)."""
        last = game.log[-1] if game.log else None
        key = (company, len(game.log), last)
        found = self._runs.get(key)
        if found is None:
            found = _run_after(game, player, company, None)
            self._remember_run(company, len(game.log), last, found)
        return found

    def _remember_run(self, company: str, length: int, last: Action | None, run: int) -> None:
        if len(self._runs) > 256:
            self._runs.clear()
        self._runs[(company, length, last)] = run

    def _toward_revenue(
        self, game: Game, company: Company, lays: Sequence[Action], idle: Action, spare: int
    ) -> Action:
        """Before its first train: the cheapest lay that heads for rich cities."""
        ranked = self._rank_lays(game, company, lays)
        for action in ranked[:3]:
            _, cost = on_copy(game, action, company.id, company.cash)
            if cost <= min(spare, 40):
                return action
        return idle

    def _rank_lays(self, game: Game, company: Company, lays: Sequence[Action]) -> list[Action]:
        """Lays by how well their track points at revenue near the railroad's stations."""
        info = self._map(game)
        board = game.board()
        if board is None:
            return list(lays)
        stops = revenues(board)
        home = set(company.hexes)

        def score(action: Action) -> float:
            hex_id = field(action, "hex")
            tile = field(action, "tile")
            rotation = getattr(action, "rotation", 0)
            exits = info.exits(tile, rotation if isinstance(rotation, int) else 0)
            total = 0.0
            here = stops.get(hex_id, 0)
            if here and hex_id not in home:
                total += here * 1.5
            for edge in exits:
                step = info.neighbour(hex_id, edge)
                if step is None:
                    continue
                for target, revenue in stops.items():
                    if target in home:
                        continue
                    d = info.distance(step, target)
                    if d <= 4:
                        total += revenue / (1.0 + d) / max(len(exits), 1)
            return total

        return sorted(lays, key=score, reverse=True)

    def _rank_tokens(self, game: Game, tokens: Sequence[Action]) -> list[Action]:
        """Stations by the revenue of their city, richest first."""
        board = game.board()
        if board is None:
            return list(tokens)
        revenue = {h.id: max((s.revenue for s in h.stops), default=0) for h in board.hexes}
        return sorted(tokens, key=lambda a: revenue.get(field(a, "hex"), 0), reverse=True)

    def _map(self, game: Game) -> MapInfo:
        return self._maps.of(game)

    def _token(self, game: Game, player: str, pos: Position, rng: Rng) -> Action:
        side = self._side_moves(game, player, pos)
        if side is not None:
            return side
        legal = game.legal_actions(player)
        passes = legal.of_kind("pass")
        idle = passes[0] if passes else legal[0]
        company = self._entity(pos)
        tokens = legal.of_kind("place_token")
        if company is None or not tokens or company.token_cost is None:
            return idle
        if self._spare(pos, company) < company.token_cost + 20 or not company.trains:
            return idle
        if _heavy(pos, company):
            return tokens[0] if self._spare(pos, company) > company.token_cost + 150 else idle
        base = self._base_run(game, player, company.id)
        best: tuple[int, Action] | None = None
        for action in self._rank_tokens(game, tokens)[:TOKEN_CANDIDATES]:
            trial = game.clone()
            trial.apply(action)
            run = _run_after(trial, player, company.id, None)
            self._remember_run(company.id, len(game.log) + 1, action, run)
            gain = run - base
            if best is None or gain > best[0]:
                best = (gain, action)
        if best is not None and best[0] > 0:
            return best[1]
        return idle

    def _dividend(self, game: Game, player: str, pos: Position, rng: Rng) -> Action:
        side = self._side_moves(game, player, pos)
        if side is not None:
            return side
        legal = game.legal_actions(player)
        modes = {field(a, "mode"): a for a in legal.of_kind("dividend")}
        company = self._entity(pos)
        if "payout" not in modes:
            return modes.get("withhold") or legal[0]
        if company is None or "withhold" not in modes:
            return modes["payout"]
        revenue = _pending_revenue(game, company)
        need = self._train_need(pos, company)
        if need and company.cash < need and company.cash + revenue >= need * 0.6:
            return modes["withhold"]
        return modes["payout"]

    def _buy_train(self, game: Game, player: str, pos: Position, rng: Rng) -> Action:
        side = self._side_moves(game, player, pos)
        if side is not None:
            return side
        legal = game.legal_actions(player)
        company = self._entity(pos)
        buys = [a for a in legal.of_kind("buy_train") if field(a, "train") in pos.available]
        passes = legal.of_kind("pass")
        if company is None:
            return passes[0] if passes else legal[0]
        if buys:
            affordable = [a for a in buys if _price(a) <= company.cash]
            must = not company.trains or self._train_need(pos, company) > 0
            if affordable and (must or self._wants_train(pos, company, affordable)):
                return max(affordable, key=lambda a: (_stops(a), -_price(a)))
            if not passes:
                return min(buys, key=_price)
        if passes:
            return passes[0]
        return self._emergency(game, player, pos)

    def _wants_train(self, pos: Position, company: Company, buys: Sequence[Action]) -> bool:
        """A second train worth having: room for it, money beyond it, and no rust soon."""
        if len(company.trains) >= TRAIN_LIMIT:
            return False
        best = max(buys, key=_stops)
        name = field(best, "train").rsplit("-", 1)[0]
        row = pos.types.get(name)
        upcoming = [t.rsplit("-", 1)[0] for t in pos.upcoming[:4]]
        if row is not None and row.rusts_on in upcoming:
            return False
        return company.cash - _price(best) >= 0 and (name in PERMANENT or company.revenue > 0)

    def _emergency(self, game: Game, player: str, pos: Position) -> Action:
        """Raise the money for a train the railroad must buy: the fewest shares, others'
        railroads first; bankruptcy only when nothing else is left."""
        legal = game.legal_actions(player)
        sells = legal.of_kind("sell_shares")
        buys = legal.of_kind("buy_train")
        if buys:
            return min(buys, key=_price)
        if sells:
            return choose_sale(sells, set(pos.presidencies.get(player, ())))
        return legal[0]

    def _end_turn(self, game: Game, player: str, pos: Position, rng: Rng) -> Action:
        side = self._side_moves(game, player, pos)
        if side is not None:
            return side
        return self._default(game, player, pos, rng)

    def _gold(self, game: Game, player: str, pos: Position, rng: Rng) -> Action:
        legal = game.legal_actions(player)
        ships = legal.of_kind("choose")
        return ships[0] if ships else legal[0]

    def _discard(self, game: Game, player: str, pos: Position, rng: Rng) -> Action:
        legal = game.legal_actions(player)
        discards = legal.of_kind("discard_train")
        return min(discards, key=_stops) if discards else legal[0]

    def _default(self, game: Game, player: str, pos: Position, rng: Rng) -> Action:
        """Steps without a judgement of their own: the run on offer, the railroad paying the
        bridge toll; elsewhere pass if it may, else the first move that is not a sale or
        bankruptcy."""
        legal = game.legal_actions(player)
        if pos.step == "routes":
            runs = legal.of_kind("run_routes")
            if runs:
                return max(runs, key=lambda a: getattr(a, "revenue", 0))
        if pos.step == "bridge_lease":
            chooses = legal.of_kind("choose")
            railroad = [a for a in chooses if field(a, "choice") in ("corporation", "railroad")]
            if railroad:
                return railroad[0]
        avoid = {"pass", "bid", "sell_shares", "bankrupt", "end_game"}
        useful = [a for a in legal if a.kind not in avoid]
        passes = legal.of_kind("pass")
        if passes:
            return passes[0]
        if useful:
            return (
                pick(Rng(draw(Rng(self.seed), 1 << 20)), useful) if len(useful) > 1 else useful[0]
            )
        return legal[0]


def _heavy(pos: Position, company: Company) -> bool:
    """Whether the railroad's best run is slow to find (long trains, a big network, the later
    phases' many cities): then its moves are not tried up to the run."""
    if pos.phase not in LOOKAHEAD_PHASES:
        return True
    stops = 0
    for name in company.train_names():
        digits = "".join(ch for ch in name.split("x")[0] if ch.isdigit())
        stops += int(digits) if digits else 0
    return stops >= HEAVY_STOPS or len(company.hexes) >= HEAVY_STATIONS


def _stops(action: Action) -> int:
    name = field(action, "train").rsplit("-", 1)[0]
    digits = "".join(ch for ch in name.split("x")[0] if ch.isdigit())
    return int(digits) if digits else 0


def _printed_income(text: str) -> int:
    """The income a card's text names ("Pays $25 per operating round")."""
    marker = "Pays $"
    at = text.find(marker)
    if at < 0:
        return 0
    digits = ""
    for ch in text[at + len(marker) :]:
        if not ch.isdigit():
            break
        digits += ch
    return int(digits) if digits else 0


def _debt_price(pos: Position) -> int:
    panel = pos.panels.get("metals")
    if panel is None:
        return 0
    text = str(panel.value("Debt token price") or "")
    digits = "".join(ch for ch in text if ch.isdigit())
    return int(digits) if digits else 0


def _pending_revenue(game: Game, company: Company) -> int:
    """The run just made, waiting for the dividend decision (the table's last revenue)."""
    return game.table().company(company.id).revenue or 0


def _run_after(game: Game, player: str, company: str, limit: int | None) -> int:
    """What ``company``'s trains earn once the rest of its track and station steps are passed
    (on a copy): the run the routes step offers."""
    trial = game.clone()
    for _ in range(8):
        prompt = trial.prompt()
        if prompt.entity != company or trial.finished:
            return 0
        legal = trial.legal_actions(player)
        if prompt.step == "routes":
            runs = legal.of_kind("run_routes")
            return max((getattr(a, "revenue", 0) for a in runs), default=0)
        passes = [a for a in legal.of_kind("pass") if field(a, "entity") == company]
        if not passes:
            return 0
        trial.apply(passes[0])
    return 0


def make_policy(seed: int, search: bool = False) -> RoyalGorgePolicy:
    return RoyalGorgePolicy(seed)
