"""The scaffolding of an 18xx heuristic policy: the moves every 18xx title answers the same
way, and the operating turn's train, track and station steps around a title's own rules.

A title subclasses :class:`Policy18xx` (a :class:`~roundhouse.bots.deciding.DecidingPolicy`),
writes :meth:`~roundhouse.bots.deciding.DecidingPolicy.decide` from its own steps, and calls
:meth:`routine` for the run and the discard, :meth:`operate` for a company's train, track and
station, overriding the hooks where its rules differ (the train it takes when it must, whether
a lay is owed, its station costs, the shares its President sells last) and
:attr:`~Policy18xx.LONGER_FROM` where a further train must be longer.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import Any, Generic, TypeVar

from roundhouse.bots.deciding import DecidingPolicy
from roundhouse.bots.map_info import MapInfo, Maps
from roundhouse.bots.moves import field, number, stops
from roundhouse.bots.policy18xx import money, track, trains
from roundhouse.bots.policy18xx.position import C, Position
from roundhouse.core.actions import Action
from roundhouse.core.game import Game

P = TypeVar("P", bound="Position[Any]")
"""A title's position."""

Moves = dict[str, list[Action]]
"""Legal moves by kind, in the legal list's order."""


def by_kind(legal: Sequence[Action]) -> Moves:
    """The legal moves grouped by kind."""
    of: Moves = {}
    for a in legal:
        of.setdefault(a.kind, []).append(a)
    return of


def emergency(kinds: Collection[str]) -> bool:
    """Whether the moves are an emergency's: bankruptcy without a train to buy, or sales
    with nothing else to do (no pass, no purchase, no opening)."""
    if "bankrupt" in kinds and "buy_train" not in kinds:
        return True
    return "sell_shares" in kinds and not set(kinds) & {"pass", "buy_train", "buy_shares", "par"}


class Policy18xx(DecidingPolicy, Generic[P, C]):
    """An 18xx title's heuristic; see the module docstring."""

    LONGER_FROM: int | None = None
    """Trains held from which a further one must be longer than the longest
    (:func:`~roundhouse.bots.policy18xx.trains.choose_train`)."""

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self._maps = Maps()

    def _map(self, game: Game) -> MapInfo:
        return self._maps.of(game)

    @staticmethod
    def routine(of: Moves) -> Action | None:
        """The run the optimiser found best (the legal ``run_routes`` with the highest
        revenue), or the shortest train to discard over the limit; None for other moves."""
        if "run_routes" in of:
            return max(of["run_routes"], key=lambda a: number(a, "revenue"))
        if "discard_train" in of:
            return min(of["discard_train"], key=lambda a: stops(field(a, "train")))
        return None

    # -- hooks ----------------------------------------------------------------------------

    def own(self, pos: P, player: str) -> Collection[str]:
        """The companies ``player`` sells last in an emergency."""
        return {c.id for c in pos.mine(player)}

    def forced_train(self, legal: Sequence[Action], pos: P, company: C) -> Action | None:
        """The train ``company`` takes when it must have one."""
        return trains.forced_train(legal, pos)

    def must_lay(self, of: Moves) -> bool:
        """Whether a lay must be made now (no pass offered beside it)."""
        return False

    def token_cost(self, game: Game, pos: P, company: C) -> Callable[[Action], int]:
        """What a station costs ``company``."""
        return lambda action: 0

    # -- the operating turn ---------------------------------------------------------------

    def operate(
        self,
        game: Game,
        player: str,
        pos: P,
        company: C,
        legal: Sequence[Action],
        of: Moves,
        idle: Action,
    ) -> Action:
        """``company``'s train, track or station move, else ``idle``: the train it wants,
        else (without a pass) the one it must take or a sale to pay for it; the lay the map
        ranks best; a station where the money is spare (the first offered when it must)."""
        if "buy_train" in of:
            train = trains.choose_train(of["buy_train"], pos, company, self.LONGER_FROM)
            if train is not None:
                return train
            if "pass" not in of:
                forced = self.forced_train(legal, pos, company)
                if forced is not None:
                    return forced
                return money.choose_sale(legal, self.own(pos, player))
            return idle
        if "lay_tile" in of:
            lays = [a for a in of["lay_tile"] if field(a, "entity") == company.id]
            info = self._map(game)
            lay = track.choose_lay(
                game, pos, company, lays or of["lay_tile"], info, self.must_lay(of)
            )
            return lay if lay is not None else idle
        if "place_token" in of:
            tokens = [a for a in of["place_token"] if field(a, "entity") == company.id]
            if tokens:
                cost = self.token_cost(game, pos, company)
                token = track.choose_token(game, pos, company, tokens, cost)
                if token is not None:
                    return token
                if "pass" in of:
                    return idle
                return tokens[0]
        return idle
