"""How the Chicago Express heuristic player plays a turn.

A turn is a gauge step and what to do with it (§3.2).  The player lays out the whole turns it
could play - each gauge used for nothing, each share it could auction, the developments that
help its own companies most, each company it could build for with its best few placements -
on copies of the game (``game.clone()`` and ``apply``, every move checked).  Auctions are
played out with every bidder bidding up to what the share is worth (:meth:`~.value.Valuer.
max_bid`).  It takes the turn after which its expected final cash (:mod:`.value`) stands best
against the others' - mostly against the leader's.

In an auction it bids the least it may while that stays within what the share is worth, and
passes otherwise.  Builds are searched as a beam over placements (up to three locomotives,
§4.2), judged by what the building company's shares should pay.

:meth:`ChicagoExpressPolicy.quick` is the cheap player for search playouts: a rough share
price, builds that take the best income for the money listed in the prompt, developments and
auctions now and then.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping

from roundhouse.bots.policy import final_or
from roundhouse.bots.random_bot import draw, pick
from roundhouse.core.actions import Action
from roundhouse.core.game import Game
from roundhouse.core.rng import Rng
from roundhouse.titles.chicago_express.bot.model import Position, map_of, number, read
from roundhouse.titles.chicago_express.bot.value import (
    WEIGHTS,
    Valuer,
    Weights,
    growth,
    rounds_left,
)

BUILD_BEAM = 3
"""Partial builds kept at each locomotive placed, and whole builds weighed per company."""
DEVELOPMENTS = 3
"""Developments weighed per turn (the most helpful to the player first)."""
LEADER_WEIGHT = 0.6
"""How much the best opponent counts against the average opponent in judging a turn."""
AUCTION_STEPS = 80
"""Bids played out at most when simulating an auction."""
MAX_LOCOMOTIVES = 3


def standing(values: Mapping[str, float], player: str) -> float:
    """``player``'s expected cash against the others': mostly against the leader's."""
    others = [v for p, v in values.items() if p != player]
    if not others:
        return values[player]
    best = max(others)
    mean = sum(others) / len(others)
    return values[player] - (LEADER_WEIGHT * best + (1 - LEADER_WEIGHT) * mean)


def _amount(action: Action) -> int:
    value = getattr(action, "amount", 0)
    return value if isinstance(value, int) else 0


class ChicagoExpressPolicy:
    """The Chicago Express heuristic; see the module docstring."""

    def __init__(self, seed: int = 0, weights: Weights = WEIGHTS, calibrated: bool = False) -> None:
        self.weights = weights
        self.seed = seed
        self.calibrated = calibrated
        """Judge positions by the calibrated estimate (the search's value)."""
        self._valuers: dict[tuple[object, ...], Valuer] = {}

    def valuer(self, game: Game) -> Valuer:
        key = (game.title.id, *sorted(game.options.items()))
        found = self._valuers.get(key)
        if found is None:
            found = self._valuers[key] = Valuer(map_of(game), game.options, self.weights)
        return found

    def values(self, game: Game) -> dict[str, float]:
        return final_or(game, lambda: self.valuer(game).estimates(read(game), self.calibrated))

    def bid_limit(self, game: Game, player: str, pos: Position | None = None) -> int:
        """The most ``player`` pays for the share on offer (0 without an auction)."""
        pos = pos or read(game)
        if pos.auction is None:
            return 0
        return min(pos.cash[player], self.valuer(game).max_bid(pos, pos.auction.item))

    # -- the heuristic move ---------------------------------------------------------------

    def choose(self, game: Game, player: str, rng: Rng) -> Action:
        legal = game.legal_actions(player)
        if len(legal) == 1:
            return legal[0]
        return self.plans(game, player, rng)[0][0]

    def plans(self, game: Game, player: str, rng: Rng) -> list[list[Action]]:
        """The player's ways through the rest of its turn, best first: each whole turn it
        weighs, cut where another player has to act (an auction's bidding); in an auction,
        its bid or pass first, then the other and a few higher bids."""
        legal = game.legal_actions(player)
        if len(legal) == 1:
            return [[legal[0]]]
        pos = read(game)
        if pos.auction is not None:
            return self._bid_plans(game, player, pos)
        start = len(game.log)
        ranked: list[tuple[float, int, list[Action]]] = []
        seen: set[tuple[Action, ...]] = set()
        for _first, after in self._turns(game, player, pos):
            plan: list[Action] = []
            for action in after.log[start:]:
                if action.player != player:
                    break
                plan.append(action)
            key = tuple(plan)
            if not plan or key in seen:
                continue
            seen.add(key)
            score = standing(self.values(after), player)
            ranked.append((score, draw(rng, 1 << 16), plan))
        ranked.sort(key=lambda r: (r[0], r[1]), reverse=True)
        return [plan for _s, _t, plan in ranked] or [[legal[0]]]

    def _bid_plans(self, game: Game, player: str, pos: Position) -> list[list[Action]]:
        limit = self.bid_limit(game, player, pos)
        legal = game.legal_actions(player)
        choice = _bid(game, player, limit)
        bids = legal.of_kind("bid")
        others: list[Action] = list(legal.of_kind("pass_bid"))
        if bids:
            others.append(bids[0])
            others.extend(bids[min(len(bids) - 1, k)] for k in (2, 5))
        plans = [[choice]]
        for action in others:
            if [action] not in plans:
                plans.append([action])
        return plans

    def _turns(self, game: Game, player: str, pos: Position) -> Iterator[tuple[Action, Game]]:
        """(first action, game after the whole turn) for each turn worth weighing."""
        step = pos.step
        if step == "gauge":
            for gauge in game.legal_actions(player):
                after = game.clone()
                after.apply(gauge)
                for _first, end in self._steps(after, player, pos):
                    yield gauge, end
        elif step.startswith("step:"):
            yield from self._steps(game, player, pos)
        elif step == "build":
            yield from self._builds(game, player)
        else:
            for action in game.legal_actions(player):
                after = game.clone()
                after.apply(action)
                yield action, after

    def _steps(self, game: Game, player: str, pos: Position) -> Iterator[tuple[Action, Game]]:
        """The ways to use the gauge step just taken (§4.1-§4.4)."""
        legal = game.legal_actions(player)
        develops = self._best_developments(game, player, pos, legal.of_kind("develop"))
        for action in legal:
            if action.kind == "develop" and action not in develops:
                continue
            after = game.clone()
            after.apply(action)
            if action.kind == "start_auction":
                self._play_auction(after)
                yield action, after
            elif action.kind == "choose_company":
                for _first, end in self._builds(after, player):
                    yield action, end
            else:
                yield action, after

    def _best_developments(
        self, game: Game, player: str, pos: Position, develops: list[Action]
    ) -> list[Action]:
        """The developments that raise ``player``'s dividends most against the others'
        (§4.3: every company in the hex gains its development value)."""
        if len(develops) <= DEVELOPMENTS:
            return develops
        present = pos.present()
        m = map_of(game)
        rounds = rounds_left(pos, self.weights)

        def gain(action: Action) -> float:
            hex_id = str(getattr(action, "hex", ""))
            info = m.hexes[hex_id]
            step = info.development if info.kind != "forest" else 1
            total = 0.0
            for company in present.get(hex_id, ()):
                c = pos.companies[company]
                if not c.out:
                    continue
                for p in pos.players:
                    share = pos.shares[p].get(company, 0) / c.out
                    total += share * step * rounds * (1.0 if p == player else -0.4)
            return total

        return sorted(develops, key=gain, reverse=True)[:DEVELOPMENTS]

    def _play_auction(self, game: Game) -> None:
        """Play the auction under way out, every bidder bidding up to what the share is
        worth (the same for everyone; each is held back only by their cash)."""
        pos = read(game)
        if pos.auction is None:
            return
        worth = self.valuer(game).max_bid(pos, pos.auction.item)
        cash = pos.cash
        for _ in range(AUCTION_STEPS):
            if not game.acting or game.prompt().auction is None:
                return
            bidder = game.acting[0]
            game.apply(_bid(game, bidder, min(worth, cash[bidder])))

    def _builds(self, game: Game, player: str) -> list[tuple[Action, Game]]:
        """The best few ways to finish the build under way (§4.2), found on the player's own
        reading of the board (:meth:`_build_paths`) and then played on copies of the game."""
        out: list[tuple[Action, Game]] = []
        for path in self._build_paths(game):
            after = game.clone()
            first: Action | None = None
            for hex_id in path:
                places = after.legal_actions(player).of_kind("place_train")
                action = next((a for a in places if getattr(a, "hex", None) == hex_id), None)
                if action is None:
                    break
                after.apply(action)
                first = first or action
            if first is None:
                continue
            if after.prompt().step == "build":
                after.apply(after.legal_actions(player).of_kind("end_build")[0])
            out.append((first, after))
        if not out:
            action = game.legal_actions(player)[0]
            after = game.clone()
            after.apply(action)
            out.append((action, after))
        return out

    def _build_paths(self, game: Game) -> list[list[str]]:
        """Up to ``BUILD_BEAM`` placement sequences, best first: a beam judged by what the
        company's shares should pay once its treasury is spent well."""
        prompt = game.prompt()
        building = next((d for d in prompt.details if d.id == "building"), None)
        if building is None:
            return []
        company = building.title.split(" ", 1)[0]
        placed_text = str(building.value("Placed") or "")
        placed = 0 if placed_text in ("", "—") else len(placed_text.split(","))
        pos = read(game)
        valuer = self.valuer(game)
        board = valuer.board(pos)
        m = valuer.map
        c = pos.companies[company]
        rounds = rounds_left(pos, self.weights)
        out = max(c.out, 1)
        later_out = out + self.weights.dilution * (c.size - out)

        def worth(state: tuple[tuple[str, ...], int, int, int]) -> float:
            hexes, treasury, income, locos = state
            grown = dataclasses.replace(
                c, hexes=hexes, treasury=treasury, income=income, locos=locos
            )
            trial = dataclasses.replace(pos, companies={**pos.companies, company: grown})
            more, chicago = growth(m, board, trial, company, treasury, rounds, self.weights)
            chicago_now = 0
            if m.chicago in hexes and not c.chicago_paid and m.chicago not in c.hexes:
                chicago_now = income
            return (
                -(-income // out) * min(rounds, 1.0)
                + (income * max(rounds - 1.0, 0.0) + more) / later_out
                + (chicago + chicago_now) / out
            )

        start = (c.hexes, c.treasury, c.income, c.locos)
        beam: list[tuple[float, list[str], tuple[tuple[str, ...], int, int, int]]] = [
            (worth(start), [], start)
        ]
        done: list[tuple[float, list[str]]] = []
        for _ in range(MAX_LOCOMOTIVES - placed):
            grown: list[tuple[float, list[str], tuple[tuple[str, ...], int, int, int]]] = []
            for _score, path, state in beam:
                hexes, treasury, income, locos = state
                if locos <= 0:
                    continue
                frontier = {n for h in hexes for n in m.hexes[h].neighbours} - set(hexes)
                for n in sorted(frontier):
                    cost = board.entry.get(n)
                    if cost is None or cost > treasury:
                        continue
                    nxt = ((*hexes, n), treasury - cost, income + board.worth.get(n, 0), locos - 1)
                    grown.append((worth(nxt), [*path, n], nxt))
            grown.sort(key=lambda g: g[0], reverse=True)
            beam = grown[:BUILD_BEAM]
            done.extend((score, path) for score, path, _state in beam)
            if not beam:
                break
        done.sort(key=lambda d: d[0], reverse=True)
        return [path for _score, path in done[:BUILD_BEAM]]

    # -- playouts ---------------------------------------------------------------------------

    def quick(self, game: Game, player: str, rng: Rng) -> Action:
        legal = game.legal_actions(player)
        if len(legal) == 1:
            return legal[0]
        prompt = game.prompt()
        step = prompt.step
        if prompt.auction is not None:
            return self._quick_bid(game, player, rng)
        if step == "gauge":
            return pick(rng, list(legal))
        if step == "build":
            choices = next((d for d in prompt.details if d.id == "build_choices"), None)
            rows = choices.rows if choices is not None else ()
            best = max(
                rows,
                key=lambda r: (number(r[2]) / max(number(r[1]), 1), draw(rng, 64)),
                default=None,
            )
            placed = [a for a in legal if getattr(a, "hex", None) == (best[0] if best else None)]
            ends = legal.of_kind("end_build")
            if best is not None and number(best[2]) > 0 and placed:
                return placed[0]
            if ends and draw(rng, 3):
                return ends[0]
            return pick(rng, placed or list(legal))
        row = next(r for r in game.standings() if r.id == player)
        mine = {c for c, n in row.shares.items() if n}
        if step == "step:build":
            own = [a for a in legal.of_kind("choose_company") if getattr(a, "company", "") in mine]
            return pick(rng, own) if own else legal[0]
        if step == "step:develop":
            develops = legal.of_kind("develop")
            return pick(rng, develops) if develops and draw(rng, 2) else legal[0]
        if step == "step:auction":
            starts = legal.of_kind("start_auction")
            return pick(rng, starts) if starts and draw(rng, 3) else legal[0]
        return pick(rng, list(legal))

    def _quick_bid(self, game: Game, player: str, rng: Rng) -> Action:
        """Bid the least allowed while under a rough price: the share's part of the income
        for the rounds left, with part of the price coming back as growth."""
        prompt = game.prompt()
        auction = prompt.auction
        assert auction is not None
        row = game.table().company(auction.item)
        out = row.size - row.ipo + 1
        digits = "".join(ch for ch in prompt.round if ch.isdigit())
        rounds = max(1.0, 9.0 - int(digits)) if digits else 8.0
        rough = ((row.revenue or 0) + 0.3 * ((row.cash or 0) + auction.lowest_bid)) / out
        limit = rough * rounds * (0.5 + 0.1 * draw(rng, 5))
        return _bid(game, player, int(limit))


def _bid(game: Game, player: str, limit: int) -> Action:
    """The least bid allowed while it is within ``limit``, else pass (§4.1)."""
    legal = game.legal_actions(player)
    bids = legal.of_kind("bid")
    if bids and _amount(bids[0]) <= limit:
        return min(bids, key=_amount)
    passes = legal.of_kind("pass_bid")
    return passes[0] if passes else legal[0]


def make_policy(seed: int, search: bool = False) -> ChicagoExpressPolicy:
    return ChicagoExpressPolicy(seed, calibrated=search)
