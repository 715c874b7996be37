"""The train roster and the phases: what each train type costs, how many are left, what
rusts it, and which phase the game is in.

>>> from roundhouse.core.phases import Phase, PhaseTrack
>>> from roundhouse.core.trains import Depot, TrainType
>>> depot = Depot(
...     [TrainType(name="2", price=80, count=2, rusts_on="4"),
...      TrainType(name="4", price=300, count=1)],
...     PhaseTrack([Phase(name="Yellow", train_limit={"": 4}),
...                 Phase(name="Green", on="4", tiles=("yellow", "green"))]))
>>> roster = roster_view(depot)
>>> [(t.name, t.price, t.left, t.rusts_on) for t in roster.types]
[('2', 80, 2, '4'), ('4', 300, 1, None)]
>>> roster.phase, roster.available
('Yellow', ('2-0',))
>>> yellow = roster.phases[0]
>>> yellow.train_limit, yellow.current, roster.phases[1].tiles
({'': 4}, True, ('yellow', 'green'))
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from roundhouse.core.trains import DEPOT, SCRAPPED, Depot
from roundhouse.core.view.part import Part

VIEW_VERSION = 1
"""Bumped when a field of a roster record is removed, renamed or changes meaning or type."""


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class TrainTypeRow(Part):
    """One train type as the roster prints it, and how many are left in the depot."""

    name: str
    price: int
    count: int | None
    """Cards of this type in the game; None: unlimited."""
    left: int | None
    """Cards still in the depot; None: unlimited."""
    rusts_on: str | None = None
    """The type whose first sale removes these trains."""
    obsolete_on: str | None = None
    """The type whose first sale makes these obsolete (one last run)."""
    available_on: str | None = None
    """Buyable early once this type has been sold."""
    salvage: int = 0
    """Paid to the owner when it rusts."""
    sides: Mapping[str, int] = dataclasses.field(default_factory=dict)
    """Other sides of a two-sided card -> their price."""
    events: tuple[str, ...] = ()
    """Title events its first sale sets off."""
    car: bool = False
    """A car, not a train (counts toward the limit, never runs alone)."""


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class PhaseRow(Part):
    """One phase of the game."""

    name: str
    on: str | None
    """The train type whose sale starts it (its ``on_nth`` card); None for the first phase."""
    tiles: tuple[str, ...]
    """Tile colours that may be laid."""
    train_limit: Mapping[str, int]
    """Company kind -> train limit ("" for every kind not listed)."""
    operating_rounds: int
    events: tuple[str, ...] = ()
    current: bool = False
    on_nth: int = 1
    """Which card of type ``on`` starts it, counting from 1 in deck order: 1 is the first
    sale (most titles); 18RoyalGorge's Green starts on the fourth 2+ to leave the deck."""


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class TrainView(Part):
    """One train owned by a company or lying in the pool."""

    id: str
    """As buying and discarding name it ("3+-0")."""
    name: str
    """The side in use ("3+", or "2G" for a flipped two-sided card)."""
    owner: str
    """A company, or ``pool``."""
    obsolete: bool = False


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class TrainRoster(Part):
    """The trains and phases of an 18xx game."""

    phase: str
    phases: tuple[PhaseRow, ...]
    types: tuple[TrainTypeRow, ...]
    upcoming: tuple[str, ...] = ()
    """Train ids in the depot, top of the stack first."""
    available: tuple[str, ...] = ()
    """Train ids a company may buy from the bank now (depot and pool)."""
    trains: tuple[TrainView, ...] = ()
    """Trains in play: owned by companies or in the pool."""


def roster_view(depot: Depot, starts_on: Mapping[str, str] | None = None) -> TrainRoster:
    """The view of a core :class:`~roundhouse.core.trains.Depot`.  ``starts_on`` maps a
    phase to the train card (its id) whose departure from the deck starts it, for a title
    whose phases start on given cards rather than on the first of a type (18RoyalGorge)."""
    left: dict[str, int] = {}
    for tid in depot.upcoming:
        kind = depot.trains[tid].type
        left[kind] = left.get(kind, 0) + 1
    types = []
    seen: set[str] = set()
    for train in depot.trains.values():
        t = depot.type_of(train)
        if t.name in seen:
            continue
        seen.add(t.name)
        types.append(
            TrainTypeRow(
                name=t.name,
                price=t.price,
                count=t.count,
                left=None if t.count is None else left.get(t.name, 0),
                rusts_on=t.rusts_on,
                obsolete_on=t.obsolete_on,
                available_on=t.available_on,
                salvage=t.salvage,
                sides={v.name: v.price for v in t.variants},
                events=t.events,
                car=t.car,
            )
        )
    track = depot.phases
    phases = tuple(
        PhaseRow(
            name=p.name,
            on=p.on,
            tiles=p.tiles,
            train_limit=dict(p.train_limit),
            operating_rounds=p.operating_rounds,
            events=p.events,
            current=i == track.index,
        )
        for i, p in enumerate(track.phases)
    )
    if starts_on:
        phases = tuple(
            _on_card(depot, row, starts_on[row.name]) if row.name in starts_on else row
            for row in phases
        )
    trains = tuple(
        TrainView(id=t.id, name=t.variant, owner=t.owner, obsolete=t.obsolete)
        for t in depot.trains.values()
        if t.owner not in (DEPOT, SCRAPPED)
    )
    return TrainRoster(
        phase=track.current.name,
        phases=phases,
        types=tuple(types),
        upcoming=tuple(depot.upcoming),
        available=tuple(t.id for t in depot.available()),
        trains=trains,
    )


def _on_card(depot: Depot, row: PhaseRow, card: str) -> PhaseRow:
    """``row`` started by the train card ``card``: its type and its place among that type's
    cards in deck order."""
    kind = depot.trains[card].type
    same = [t.id for t in depot.trains.values() if t.type == kind]
    return dataclasses.replace(row, on=kind, on_nth=same.index(card) + 1)
