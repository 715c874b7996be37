"""trains.toml: the train roster (``[[trains]]``) and the phases (``[[phases]]``).

Train types are listed in the order the depot sells them; phases in the order the game
enters them.  A title adds keys to either (say how its trains run) in subclasses.

>>> from roundhouse.core.datafile import read
>>> doc = read(TrainsFile, {"trains": [{"name": "2", "price": 80, "count": "unlimited"}],
...     "phases": [{"name": "2", "train_limit": 4}]}, source="example")
>>> doc.train_types()[0].count is None, doc.phase_list()[0].limit()
(True, 4)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from roundhouse.core.datafile import Amount, Invalid, Table, Unlimited, limit
from roundhouse.core.phases import Phase
from roundhouse.core.tiles import Colour
from roundhouse.core.trains import TrainType, Variant


@dataclasses.dataclass(frozen=True, kw_only=True)
class VariantRow(Table):
    """The other side of a two-sided train card (18US §10.6: a 3E card's 2G side)."""

    name: str
    """The side's name."""
    price: Amount
    """What the side costs."""

    def variant(self) -> Variant:
        return Variant(self.name, self.price)


@dataclasses.dataclass(frozen=True, kw_only=True)
class TrainRow(Table):
    """One train type of ``[[trains]]``; the cards are sold in the order the types are listed.
    Each card's id is the type's name, a dash and its index ("3+-1")."""

    name: str
    """The type's name as printed ("2", "3+", "6x2")."""
    price: Amount
    """What a card costs from the depot."""
    count: Amount | Unlimited
    """Cards of this type ("unlimited": the depot never runs out)."""
    variants: tuple[VariantRow, ...] = ()
    """The other sides of two-sided cards."""
    rusts_on: str | None = None
    """The type whose first sale removes these trains."""
    obsolete_on: str | None = None
    """The type whose first sale makes these obsolete (run once more, outside the limit)."""
    available_on: str | None = None
    """A type whose first sale lets these be bought early, beside the depot's top card."""
    salvage: Amount = 0
    """What the bank pays the owner when the train rusts."""
    events: tuple[str, ...] = ()
    """Title events set off by the first sale of this type."""
    car: bool = False
    """A car, not a train: it counts for the limit but never runs on its own."""
    scrap_value: Amount = 0
    """What the bank pays an owner who scraps it (0: it cannot be scrapped)."""

    def train_type(self) -> TrainType:
        return TrainType(
            name=self.name,
            price=self.price,
            count=limit(self.count),
            variants=tuple(v.variant() for v in self.variants),
            rusts_on=self.rusts_on,
            obsolete_on=self.obsolete_on,
            available_on=self.available_on,
            salvage=self.salvage,
            events=self.events,
            car=self.car,
            scrap_value=self.scrap_value,
        )


@dataclasses.dataclass(frozen=True, kw_only=True)
class PhaseRow(Table):
    """One phase of ``[[phases]]``, in the order the game enters them."""

    name: str
    """The phase's name ("2", "Green")."""
    on: str | None = None
    """The train type whose first departure from the depot starts it (none: the first phase,
    or a phase the title's rules start)."""
    tiles: tuple[Colour, ...] = (Colour.YELLOW,)
    """Tile colours that may be laid."""
    train_limit: Amount | Mapping[str, Amount] | None = None
    """Trains a company may own: one number for every company, or a table by company kind
    ("" for the kinds not listed); none: no limit."""
    par_zones: tuple[str, ...] = ()
    """Market zones whose cells are starting prices in this phase."""
    operating_rounds: Amount = 2
    """Operating rounds after each stock round."""
    events: tuple[str, ...] = ()
    """Title events set off on entering the phase."""
    status: tuple[str, ...] = ()
    """Title flags that hold during the phase."""

    def phase(self, **changes: object) -> Phase:
        """The core phase; ``changes`` set fields the title computes (its par zones from the
        market file, its status flags from its own keys)."""
        limits: dict[str, int] = {}
        if isinstance(self.train_limit, int):
            limits = {"": self.train_limit}
        elif self.train_limit is not None:
            limits = dict(self.train_limit)
        return dataclasses.replace(
            Phase(
                name=self.name,
                on=self.on,
                tiles=tuple(c.label for c in self.tiles),
                train_limit=limits,
                par_zones=frozenset(self.par_zones),
                operating_rounds=self.operating_rounds,
                events=self.events,
                status=frozenset(self.status),
            ),
            **changes,  # type: ignore[arg-type]
        )


@dataclasses.dataclass(frozen=True, kw_only=True)
class TrainsFile(Table):
    """trains.toml: train types must have different names, and every type a train or phase
    names (``rusts_on``, ``on`` ...) must be one of them."""

    trains: tuple[TrainRow, ...]
    """The roster, in the order the depot sells it."""
    phases: tuple[PhaseRow, ...]
    """The phases, in the order the game enters them."""

    def __post_init__(self) -> None:
        super().__post_init__()
        names: set[str] = set()
        for i, train in enumerate(self.trains):
            if train.name in names:
                raise Invalid(f"a second train type named {train.name!r}", "trains", i, "name")
            names.add(train.name)
        for i, train in enumerate(self.trains):
            for key in ("rusts_on", "obsolete_on", "available_on"):
                value = getattr(train, key)
                if value is not None and value not in names:
                    raise Invalid(f"no train type {value!r} in [[trains]]", "trains", i, key)
        seen: set[str] = set()
        for i, phase in enumerate(self.phases):
            if phase.name in seen:
                raise Invalid(f"a second phase named {phase.name!r}", "phases", i, "name")
            seen.add(phase.name)
            if phase.on is not None and phase.on not in names:
                raise Invalid(f"no train type {phase.on!r} in [[trains]]", "phases", i, "on")
        if not self.phases:
            raise Invalid("a game needs at least one phase", "phases")

    def train_types(self) -> tuple[TrainType, ...]:
        return tuple(t.train_type() for t in self.trains)

    def phase_list(self) -> tuple[Phase, ...]:
        return tuple(p.phase() for p in self.phases)
