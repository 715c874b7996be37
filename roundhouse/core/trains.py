"""Trains: the roster, the depot, buying, rusting, obsolescence, export and train limits.

Every physical train has an id: its type's name, a dash and its index among that type's
cards, as 18xx.games writes them ("3-0", "3+-1", "6x2-0").  Two-sided cards (18US §10.6's
3E/2G, 4E/3G, 5E/4G) are one type with :class:`Variant` sides; the buyer picks a side.  A type
with ``count=None`` is unlimited (18USA §12.6: 2- and 8-trains); the depot deals a fresh card
whenever one is taken.

Owners are ids: a company, :data:`DEPOT` (not yet sold), :data:`POOL` (discarded to the open
market, buyable by anyone at face value) or :data:`SCRAPPED` (rusted or exported: out of the
game).  A :class:`Depot` holds all of them and the :class:`~roundhouse.core.phases.PhaseTrack`
its sales move along.  Money moves through a :class:`~roundhouse.core.bank.Ledger`.

A *car* (18USA §12.7's Pullman car) is dealt and bought like a train but is not one: it
counts toward the train limit, a company holds at most one, it never runs on its own (a
company whose only rolling stock is a car has no train), and its owner may scrap it for a
fixed sum.  A title lists it last in the roster, unlimited, released by
:attr:`TrainType.available_on` (§12.7: from Phase 5, i.e. once a 5-train has left the
depot).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence

from roundhouse.core.bank import BANK, Ledger
from roundhouse.core.errors import IllegalAction
from roundhouse.core.phases import Phase, PhaseTrack
from roundhouse.core.shares import POOL

DEPOT = "depot"
SCRAPPED = "scrapped"


@dataclasses.dataclass(frozen=True, slots=True)
class Variant:
    """The other side of a two-sided train card (18US: a 3E card's 2G side at $400)."""

    name: str
    price: int


@dataclasses.dataclass(frozen=True, kw_only=True)
class TrainType:
    name: str
    price: int
    count: int | None
    """Cards of this type; None: unlimited."""
    variants: tuple[Variant, ...] = ()
    rusts_on: str | None = None
    """The type whose first sale rusts (removes) these trains (18USA §12.6: 2 by 4)."""
    obsolete_on: str | None = None
    """The type whose first sale makes these obsolete: they run once more and do not count
    for the train limit (18USA §8: 2+ trains by the first 4)."""
    available_on: str | None = None
    """Buyable early, alongside the depot's top card, once this type has been sold (18West
    §7.8: the 4D after the first 6); None: only when its turn comes in the stack."""
    salvage: int = 0
    """Paid by the bank to the owner when the train rusts (18RoyalGorge "Rusting Events")."""
    events: tuple[str, ...] = ()
    """Title events set off by the first sale of this type."""
    car: bool = False
    """A car, not a train (18USA §12.7 Pullman): counts toward the train limit, at most one
    per company, and a company owning only cars has no train."""
    scrap_value: int = 0
    """What the bank pays an owner who scraps it (18USA §12.7: a Pullman car, $50); 0: it
    cannot be scrapped."""

    def price_of(self, variant: str) -> int:
        if variant == self.name:
            return self.price
        for v in self.variants:
            if v.name == variant:
                return v.price
        raise IllegalAction(f"a {self.name} train has no {variant} side", rule="trains.variant")


class Train:
    __slots__ = ("id", "obsolete", "owner", "type", "variant")

    def __init__(self, train_id: str, type_name: str, owner: str = DEPOT) -> None:
        self.id = train_id
        self.type = type_name
        self.variant = type_name
        """The side in use (the type's own name unless a two-sided card was flipped)."""
        self.owner = owner
        self.obsolete = False

    def __repr__(self) -> str:
        flag = " (obsolete)" if self.obsolete else ""
        return f"<Train {self.variant}{flag} owned by {self.owner}>"


@dataclasses.dataclass(frozen=True, kw_only=True)
class TrainEvents:
    """What a train leaving the depot set off, for the caller to log and act on."""

    phases: tuple[Phase, ...] = ()
    rusted: tuple[tuple[str, str], ...] = ()
    """(train id, former owner) for each train removed."""
    obsoleted: tuple[str, ...] = ()
    events: tuple[str, ...] = ()
    """Train-type and phase event names, in order."""
    must_discard: Mapping[str, int] = dataclasses.field(default_factory=dict)
    """Company -> how many trains it must give up now (train limit fell)."""
    train: str = ""
    """The train bought or exported ("" when none was): a title whose deck cards carry
    their own events reads the card here (18RoyalGorge "Phase Changes")."""


class Depot:
    """The train stack, the pool of discarded trains and every train's owner."""

    __slots__ = (
        "_types",
        "exceed_limit_when_rusting",
        "kinds",
        "obsolete_counts",
        "phases",
        "sold_types",
        "trains",
        "upcoming",
    )

    def __init__(
        self,
        roster: Sequence[TrainType],
        phases: PhaseTrack,
        *,
        exceed_limit_when_rusting: bool = False,
        obsolete_counts: bool = False,
    ) -> None:
        self._types = {t.name: t for t in roster}
        self.phases = phases
        self.exceed_limit_when_rusting = exceed_limit_when_rusting
        """18RoyalGorge "Buy Trains" rule 2: a purchase may pass the limit if it rusts one of
        the buyer's own trains."""
        self.obsolete_counts = obsolete_counts
        self.trains: dict[str, Train] = {}
        self.upcoming: list[str] = []
        """Ids in the depot, top of the stack first."""
        self.sold_types: set[str] = set()
        """Types of which at least one train has left the depot."""
        self.kinds: dict[str, str] = {}
        """Company -> kind, for kind-dependent train limits (18West §14.1 note 1)."""
        for t in roster:
            for i in range(t.count if t.count is not None else 1):
                self._deal(t.name, i, len(self.upcoming))

    def __deepcopy__(self, memo: dict[int, object]) -> Depot:
        copy = Depot.__new__(Depot)
        copy._types = self._types
        copy.phases = PhaseTrack.__deepcopy__(self.phases, memo)
        copy.exceed_limit_when_rusting = self.exceed_limit_when_rusting
        copy.obsolete_counts = self.obsolete_counts
        copy.trains = {k: _copy_train(t) for k, t in self.trains.items()}
        copy.upcoming = list(self.upcoming)
        copy.sold_types = set(self.sold_types)
        copy.kinds = dict(self.kinds)
        return copy

    def _deal(self, type_name: str, index: int, at: int) -> None:
        train = Train(f"{type_name}-{index}", type_name)
        self.trains[train.id] = train
        self.upcoming.insert(at, train.id)

    def type_of(self, train: Train) -> TrainType:
        return self._types[train.type]

    def train(self, train_id: str) -> Train:
        try:
            return self.trains[train_id]
        except KeyError:
            raise IllegalAction(f"there is no train {train_id}", rule="trains.unknown") from None

    def owned_by(self, owner: str) -> list[Train]:
        return [t for t in self.trains.values() if t.owner == owner]

    def pool(self) -> list[Train]:
        return self.owned_by(POOL)

    def available(self) -> list[Train]:
        """Trains a company may buy from the bank now: the top of the stack, the first card of
        any type released early (:attr:`TrainType.available_on`), and the pool."""
        out: list[Train] = []
        seen: set[str] = set()
        for i, tid in enumerate(self.upcoming):
            t = self.trains[tid]
            ttype = self._types[t.type]
            early = ttype.available_on is not None and ttype.available_on in self.sold_types
            if (i == 0 or early) and t.type not in seen:
                out.append(t)
                seen.add(t.type)
        return out + self.pool()

    def is_car(self, train: Train) -> bool:
        return self._types[train.type].car

    def running(self, owner: str) -> list[Train]:
        """The owner's trains proper, cars left out (18USA §12.7: "a company with only a
        Pullman car will go into liquidation")."""
        return [t for t in self.owned_by(owner) if not self._types[t.type].car]

    def _check_one_car(self, buyer: str, train: Train) -> None:
        """18USA §12.7: "A company may only own one Pullman car"."""
        if self.is_car(train) and any(self.is_car(t) for t in self.owned_by(buyer)):
            raise IllegalAction(
                f"{buyer} already owns a {train.type} car and may own only one",
                rule="trains.one_car",
            )

    def check_scrap(self, owner: str, train_id: str) -> int:
        """Raise unless ``owner`` may scrap ``train_id`` now; returns what the bank pays
        (18USA §12.7: a Pullman car, $50)."""
        train = self.train(train_id)
        if train.owner != owner:
            raise IllegalAction(f"{owner} does not own {train_id}", rule="trains.not_owned")
        value = self._types[train.type].scrap_value
        if not value:
            raise IllegalAction(f"a {train.type} cannot be scrapped", rule="trains.scrap")
        return value

    def scrap_for_value(self, owner: str, train_id: str, ledger: Ledger) -> None:
        """The owner scraps a car: out of the game, the bank pays its scrap value."""
        value = self.check_scrap(owner, train_id)
        ledger.transfer(BANK, owner, value)
        self.trains[train_id].owner = SCRAPPED

    def limit_for(self, company: str) -> int | None:
        return self.phases.current.limit(self.kinds.get(company, ""))

    def counted(self, company: str) -> int:
        """Trains that count against the limit (obsolete ones do not, 18USA §6.3)."""
        return sum(1 for t in self.owned_by(company) if self.obsolete_counts or not t.obsolete)

    def must_discard(self) -> dict[str, int]:
        """Companies over their train limit and by how many (18USA §6.3, 18West §6.4)."""
        owners = {t.owner for t in self.trains.values()} - {DEPOT, POOL, SCRAPPED}
        out: dict[str, int] = {}
        for company in sorted(owners):
            limit = self.limit_for(company)
            if limit is not None and self.counted(company) > limit:
                out[company] = self.counted(company) - limit
        return out

    def _would_rust_own(self, buyer: str, train: Train) -> bool:
        if train.owner != DEPOT or train.type in self.sold_types:
            return False
        return any(self._types[t.type].rusts_on == train.type for t in self.owned_by(buyer))

    def check_buy(
        self, buyer: str, train_id: str, ledger: Ledger, *, variant: str | None = None
    ) -> int:
        """Raise unless ``buyer`` may buy ``train_id`` from the bank (stack or pool) now;
        returns the price."""
        train = self.train(train_id)
        if train not in self.available():
            raise IllegalAction(
                f"the {train.type} train {train_id} is not for sale now",
                rule="trains.not_available",
            )
        price = self._types[train.type].price_of(variant or train.variant)
        self._check_one_car(buyer, train)
        limit = self.limit_for(buyer)
        at_limit = limit is not None and self.counted(buyer) >= limit
        if at_limit and not (self.exceed_limit_when_rusting and self._would_rust_own(buyer, train)):
            raise IllegalAction(
                f"{buyer} already has {self.counted(buyer)} trains, its limit",
                rule="trains.limit",
            )
        ledger.check_transfer(buyer, BANK, price)
        return price

    def buy(
        self, buyer: str, train_id: str, ledger: Ledger, *, variant: str | None = None
    ) -> TrainEvents:
        """Buy from the bank at face value; a first sale of its type may start a phase, rust
        and obsolete older trains (salvage paid) and set off events."""
        price = self.check_buy(buyer, train_id, ledger, variant=variant)
        train = self.trains[train_id]
        ledger.transfer(buyer, BANK, price)
        if variant is not None:
            train.variant = variant
        from_depot = train.owner == DEPOT
        train.owner = buyer
        if not from_depot:
            return TrainEvents(train=train_id)
        return self._leave_depot(train, ledger)

    def check_buy_from(
        self, buyer: str, train_id: str, price: int, ledger: Ledger, *, min_price: int = 1
    ) -> None:
        """Raise unless ``buyer`` may buy ``train_id`` from its owning company for ``price``
        (18RoyalGorge "Buy from Another Company", 18USA §12.6, 18US §6.8: at least $1)."""
        train = self.train(train_id)
        if train.owner in (DEPOT, POOL, SCRAPPED):
            raise IllegalAction(
                f"{train_id} is not owned by a company", rule="trains.not_company_owned"
            )
        if train.owner == buyer:
            raise IllegalAction(f"{buyer} already owns {train_id}", rule="trains.own_train")
        if train.obsolete:
            raise IllegalAction(
                f"{train_id} is obsolete and cannot be bought by another company (the "
                "rulebook's glossary, Obsolete)",
                rule="trains.obsolete",
            )
        if price < min_price:
            raise IllegalAction(
                f"a train changes hands for at least ${min_price}", rule="trains.min_price"
            )
        self._check_one_car(buyer, train)
        limit = self.limit_for(buyer)
        if limit is not None and self.counted(buyer) + (0 if train.obsolete else 1) > limit:
            raise IllegalAction(
                f"{buyer} already has {self.counted(buyer)} trains, its limit", rule="trains.limit"
            )
        ledger.check_transfer(buyer, train.owner, price)

    def buy_from(
        self, buyer: str, train_id: str, price: int, ledger: Ledger, *, min_price: int = 1
    ) -> None:
        self.check_buy_from(buyer, train_id, price, ledger, min_price=min_price)
        train = self.trains[train_id]
        ledger.transfer(buyer, train.owner, price)
        train.owner = buyer

    def discard(self, train_id: str) -> None:
        """A company gives a train to the pool, without compensation (18USA §6.3)."""
        train = self.train(train_id)
        if train.owner in (DEPOT, POOL, SCRAPPED):
            raise IllegalAction(f"{train_id} is not a company's train", rule="trains.discard")
        train.owner = POOL

    def scrap(self, train_id: str) -> None:
        """Remove a train from the game (an obsolete train after its last run, 18USA §12.6)."""
        self.train(train_id).owner = SCRAPPED

    def export_next(self, ledger: Ledger, *, to_pool: bool = False) -> TrainEvents:
        """Take the top card off the stack: out of the game (18USA §12.10, 18RoyalGorge "Export
        a train") or into the pool (18US §6.10).  Like a sale, it may change the phase."""
        if not self.upcoming:
            return TrainEvents()
        train = self.trains[self.upcoming[0]]
        train.owner = POOL if to_pool else SCRAPPED
        return self._leave_depot(train, ledger)

    def export_all(self, type_name: str, *, to_pool: bool = False) -> list[str]:
        """Remove every depot card of a type (18USA §12.10: all 2-trains after OR 1;
        18West §3.4: remaining 2-trains to the pool).  No phase change: returns the ids."""
        gone = [tid for tid in self.upcoming if self.trains[tid].type == type_name]
        for tid in gone:
            self.trains[tid].owner = POOL if to_pool else SCRAPPED
            self.upcoming.remove(tid)
        if self._types[type_name].count is None:
            for tid in gone:
                del self.trains[tid]  # the never-ending supply is simply closed
        return gone

    def _leave_depot(self, train: Train, ledger: Ledger) -> TrainEvents:
        at = self.upcoming.index(train.id)
        self.upcoming.pop(at)
        ttype = self._types[train.type]
        if ttype.count is None:
            made = sum(1 for t in self.trains.values() if t.type == train.type)
            self._deal(train.type, made, at)
        if train.type in self.sold_types:
            return TrainEvents(train=train.id)
        self.sold_types.add(train.type)
        phases = self.phases.on_train(train.type)
        rusted: list[tuple[str, str]] = []
        obsoleted: list[str] = []
        for t in self.trains.values():
            if t.owner == SCRAPPED:
                continue
            tt = self._types[t.type]
            if tt.rusts_on == train.type:
                rusted.append((t.id, t.owner))
                if tt.salvage and t.owner not in (DEPOT, POOL):
                    ledger.transfer(BANK, t.owner, tt.salvage)
                if t.owner == DEPOT:
                    self.upcoming.remove(t.id)
                t.owner = SCRAPPED
            elif tt.obsolete_on == train.type and t.owner != DEPOT:
                t.obsolete = True
                obsoleted.append(t.id)
        events = ttype.events + tuple(e for p in phases for e in p.events)
        return TrainEvents(
            phases=tuple(phases),
            rusted=tuple(rusted),
            obsoleted=tuple(obsoleted),
            events=events,
            must_discard=self.must_discard(),
            train=train.id,
        )

    def __repr__(self) -> str:
        top = self.trains[self.upcoming[0]].variant if self.upcoming else "none"
        return f"<Depot next {top}, {len(self.upcoming)} in stack, {len(self.pool())} in pool>"


def _copy_train(train: Train) -> Train:
    copy = Train(train.id, train.type, train.owner)
    copy.variant = train.variant
    copy.obsolete = train.obsolete
    return copy


def roster_ids(roster: Iterable[TrainType]) -> list[str]:
    """Every train id a roster deals at the start, in stack order ("2-0", "2-1", ...)."""
    return [f"{t.name}-{i}" for t in roster for i in range(t.count if t.count is not None else 1)]
