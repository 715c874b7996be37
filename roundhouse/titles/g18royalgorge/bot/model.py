"""An 18RoyalGorge position as a bot reads it: the typed views boiled down to numbers.

:func:`read` builds a :class:`Position` from ``game.table()``, ``game.trains()``,
``game.prompt()``, ``game.privates()`` and ``game.panels()``.  Everything in 18RoyalGorge is
open information after the set-up draw (the train deck is sorted face up), so a position is
the same for every seat.

:func:`rounds_left` estimates the operating rounds still to come from the train deck (the game
ends one stock round and one set of operating rounds after the 6x2 leaves it, or at the end of
the set once a share price reaches the red end-game spaces, "Triggering End of Game");
:func:`estimates` turns a position into each player's expected final score (cash plus shares
at their price, "Calculating Scores", plus the dividends and price rises still to come), a
weighed sum of :func:`features` refit on heuristic self-play (:data:`CALIBRATION`,
``python -m bench.calibrate_royal_gorge``).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping, Sequence

from roundhouse.bots.policy18xx.position import holdings
from roundhouse.core.game import Game
from roundhouse.core.view.panel import Panel
from roundhouse.core.view.private import PrivateView
from roundhouse.core.view.prompt import AuctionView
from roundhouse.core.view.table import CompanyRow
from roundhouse.core.view.train import TrainRoster, TrainTypeRow

END_TRAIN = "6x2-0"
"""The card whose departure from the deck triggers the end ("Triggering End of Game")."""
END_PRICE = 310
"""The first red end-game space of the share value track."""
TRAIN_LIMIT = 2
"""A railroad holds two trains at most (18RoyalGorge "3. Run Trains")."""
PERMANENT = frozenset({"4+", "5+", "6x2"})
"""Trains no event rusts."""


@dataclasses.dataclass(slots=True)
class Company:
    id: str
    kind: str
    """``railroad`` or ``metal`` (CF&I, Victor Gold)."""
    president: str | None
    price: int | None
    par: int | None
    cash: int
    revenue: int
    """Last run's revenue."""
    ipo: int
    pool: int
    trains: tuple[str, ...]
    tokens: int
    token_cost: int | None
    hexes: tuple[str, ...]
    floated: bool
    operated: int
    closed: bool
    privates: tuple[str, ...]

    @property
    def started(self) -> bool:
        return self.price is not None

    def train_names(self) -> list[str]:
        """Train types held ("3+"), from the ids ("3+-1")."""
        return [t.rsplit("-", 1)[0] for t in self.trains]


@dataclasses.dataclass(slots=True)
class Position:
    """Everything an 18RoyalGorge bot weighs, read from the views."""

    players: tuple[str, ...]
    cash: dict[str, int]
    shares: dict[str, dict[str, int]]
    presidencies: dict[str, tuple[str, ...]]
    privates_held: dict[str, tuple[str, ...]]
    certificates: dict[str, int]
    cert_limit: int
    scores: dict[str, int]
    companies: dict[str, Company]
    phase: str
    types: dict[str, TrainTypeRow]
    upcoming: tuple[str, ...]
    available: tuple[str, ...]
    privates: dict[str, PrivateView]
    panels: dict[str, Panel]
    round: str
    step: str
    steps: tuple[str, ...]
    entity: str | None
    auction: AuctionView | None
    ending: str | None
    result: Mapping[str, int] | None

    def railroads(self) -> list[Company]:
        return [c for c in self.companies.values() if c.kind == "railroad"]

    def next_train(self) -> TrainTypeRow | None:
        """The train type on top of the deck."""
        if not self.available:
            return None
        return self.types.get(self.available[0].rsplit("-", 1)[0])

    def cheapest_train(self) -> int:
        """The price of the cheapest train for sale from the deck."""
        prices = [
            self.types[t.rsplit("-", 1)[0]].price
            for t in self.available
            if t.rsplit("-", 1)[0] in self.types
        ]
        return min(prices) if prices else 0


def _company(row: CompanyRow) -> Company:
    return Company(
        id=row.id,
        kind=row.kind,
        president=row.president,
        price=row.price,
        par=row.par,
        cash=row.cash or 0,
        revenue=row.revenue or 0,
        ipo=row.ipo,
        pool=row.pool,
        trains=row.trains,
        tokens=row.tokens or 0,
        token_cost=row.token_cost,
        hexes=row.hexes,
        floated=row.floated,
        operated=row.operated,
        closed=row.closed,
        privates=row.privates,
    )


def read(game: Game) -> Position:
    """The position as the views show it."""
    table = game.table()
    prompt = game.prompt()
    roster: TrainRoster | None = game.trains()
    types = {t.name: t for t in roster.types} if roster is not None else {}
    result = game.result
    return Position(
        players=tuple(game.players),
        **holdings(table),
        scores={p.id: p.score for p in table.players},
        companies={row.id: _company(row) for row in table.companies},
        phase=roster.phase if roster is not None else "",
        types=types,
        upcoming=roster.upcoming if roster is not None else (),
        available=roster.available if roster is not None else (),
        privates={p.id: p for p in game.privates()},
        panels={p.id: p for p in game.panels()},
        round=prompt.round,
        step=prompt.step,
        steps=prompt.steps,
        entity=prompt.entity,
        auction=prompt.auction,
        ending=prompt.ending,
        result={str(p): v for p, v in result.items()} if result is not None else None,
    )


def _money(cell: object) -> int:
    """A panel cell like "$210" as 210."""
    if isinstance(cell, int):
        return cell
    match = re.search(r"-?\d+", str(cell))
    return int(match.group()) if match else 0


def rounds_left(pos: Position) -> float:
    """Operating rounds still to come, this one included (at least 1 while the game runs)."""
    if pos.result is not None:
        return 0.0
    in_or = pos.round.startswith("OR")
    second = in_or and pos.round.endswith(".2")
    done_this_set = 1.0 if second else 0.0
    if pos.ending is not None:
        # the set ends the game (price cap) or one more set follows (the 6x2 left the deck)
        if not in_or:
            return 2.0
        more = 0.0 if "stock" in pos.ending else 2.0
        return max(1.0, 2.0 - done_this_set + more)
    deck = list(pos.upcoming)
    cards = deck.index(END_TRAIN) if END_TRAIN in deck else len(deck)
    running = sum(1 for c in pos.railroads() if c.started and not c.closed)
    per_set = 1.0 + 0.45 * max(running, 1)
    sets = cards / per_set + 1.0
    if any((c.price or 0) >= END_PRICE * 0.8 for c in pos.companies.values()):
        sets = min(sets, 1.5)
    return max(1.0, 2.0 * sets - done_this_set)


def dividend_per_share(pos: Position, company: Company) -> float:
    """What one share should pay in an operating round from now on (a tenth of the run for a
    railroad that pays out; the metal companies pay once a set)."""
    if company.kind == "metal":
        if company.id == "CF&I":
            box = _money(pos.panels["metals"].value("CF&I box")) if "metals" in pos.panels else 0
            return max(box, 50) / 10 / 2
        shipped = 0
        if "metals" in pos.panels:
            shipped = _money(pos.panels["metals"].value("Gold shipped this set"))
        return (40 + 20 * shipped) / 10 / 2
    if not company.trains:
        return 0.0
    return company.revenue / 10


FEATURES = ("cash", "shares", "dividends", "rises", "privates", "treasury", "one")
"""What :func:`features` measures for a player, in order."""


def features(pos: Position) -> dict[str, list[float]]:
    """Each player's score parts (:data:`FEATURES`): cash; shares at their price ("Calculating
    Scores"); the dividends the shares should still pay (:func:`dividend_per_share` over the
    rounds left) and the price rises they should still make (a railroad paying a tenth of its
    price or more a share rises, one that operated without a train falls); the privates'
    income to come; the player's part (shares out of ten) of its railroads' treasuries, which
    buy the trains that make the later dividends; and 1."""
    rounds = rounds_left(pos)
    horizon = max(0.0, rounds - 0.5)
    parts: dict[str, tuple[float, float, float, float]] = {}
    for c in pos.companies.values():
        if not c.started or c.closed:
            continue
        price = float(c.price or 0)
        pays = dividend_per_share(pos, c)
        rising = 0.0
        if c.kind == "railroad" and pays * 10 >= price and c.trains:
            rising = min(price * 0.08, 15.0)
        elif c.kind == "railroad" and not c.trains and c.operated:
            rising = -min(price * 0.06, 8.0)
        treasury = c.cash / 10 if c.kind == "railroad" else 0.0
        parts[c.id] = (price, pays * horizon, rising * horizon, treasury)
    out: dict[str, list[float]] = {}
    for p in pos.players:
        row = [float(pos.cash[p]), 0.0, 0.0, 0.0, 0.0, 0.0, 1.0]
        for corp, n in pos.shares[p].items():
            part = parts.get(corp)
            if part is None:
                continue
            row[1] += n * part[0]
            row[2] += n * part[1]
            row[3] += n * part[2]
            row[5] += n * part[3]
        for private in pos.privates_held[p]:
            card = pos.privates.get(private)
            if card is not None and not card.closed:
                row[4] += card.revenue * rounds
        out[p] = row
    return out


HEURISTIC_WEIGHTS = (1.0, 1.0, 0.8, 1.0, 0.8, 0.0, 0.0)
"""The heuristic's own weighing of :data:`FEATURES` (:func:`estimates`)."""


CALIBRATION: tuple[tuple[float, tuple[float, ...]], ...] = (
    (8.0, (0.86, 1.84, 1.89, -0.90, -0.91, 9.60, 2269.47)),
    (0.0, HEURISTIC_WEIGHTS),
)
"""The search's weights for :data:`FEATURES`, by operating rounds left (the first row whose
bound they reach).  ``python -m bench.calibrate_royal_gorge --games 150`` (2026-12-04, seed
2000, 8100 positions): on held-out heuristic self-play positions with 8 or more rounds left
the heuristic's weights name the winner as best 34% of the time (chance is a third) and the
refit ones 50% (R² of the differences from the players' mean 0.02 against 0.16: early on,
a player's part of the railroads' treasuries counts most); with fewer rounds left the
heuristic's weights did as well as the refit (67% and 76% against 62% and 77%), so they stay."""


def calibrated(pos: Position) -> Sequence[float]:
    """The :data:`CALIBRATION` row for the rounds left."""
    rounds = rounds_left(pos)
    return next((w for bound, w in CALIBRATION if rounds >= bound), HEURISTIC_WEIGHTS)


def estimates(pos: Position, weights: Sequence[float] | None = None) -> dict[str, float]:
    """Each player's expected final score: :func:`features` weighed by ``weights`` (by
    default the :data:`CALIBRATION` for the stage of the game)."""
    if pos.result is not None:
        return {p: float(v) for p, v in pos.result.items()}
    w = calibrated(pos) if weights is None else weights
    return {p: sum(a * x for a, x in zip(w, row, strict=True)) for p, row in features(pos).items()}
