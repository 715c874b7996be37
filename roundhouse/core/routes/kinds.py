"""Train kinds: how far a train may run and which stops it scores.

One declarative :class:`TrainKind` covers the running trains of all four titles; titles build
them with the constructors below and name them as printed ("3+", "6x2", "4E", "4D", "2H").

- ``limits``: how many stops of which kinds the route may include.  Pools are filled in order
  (put the most specific first); a stop that fits no pool ends the route there, because these
  trains may not skip stops (18West §7.5 "may not skip or ignore Cities"; 18USA §12.4).
- ``scores``: which stop kinds earn revenue (18US §6.5: Express trains ignore Junction Towns).
- ``best_of``: score only the best N scoring stops of an unlimited route (18West 4D).
- ``multiplier``: the route's value is multiplied (18RoyalGorge 6x2; 18West 4D doubles).
- ``max_hexes``: H-trains count hexes, not stops (18US §6.8.1).
- ``family``: free label that hooks filter on (18US: only Express trains score coast-to-coast).

Freight trains (18US §6.5.1) run no route at all; they are a :class:`FreightKind`.
"""

from __future__ import annotations

from dataclasses import dataclass

from roundhouse.core.routes.graph import ALL_KINDS, MAJOR_KINDS, StopKind
from roundhouse.core.static import Static

Pool = tuple[frozenset[StopKind], int | None]
"""Stop kinds a pool admits, and how many (None: unlimited)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class TrainKind(Static):
    """What a kind of train may run and score (static: copies of a game share it)."""

    name: str
    limits: tuple[Pool, ...] = ((ALL_KINDS, None),)
    scores: frozenset[StopKind] = ALL_KINDS
    best_of: int | None = None
    token_in_scored: bool = False
    """The best-of stops actually scored must include one of the company's tokens (18West 4D)."""
    multiplier: int = 1
    max_hexes: int | None = None
    family: str = "normal"

    def fits(self, counts: dict[StopKind, int]) -> bool:
        """True if stops of these kinds fit the pools (pools nested, filled in order)."""
        left = dict(counts)
        for kinds, cap in self.limits:
            room = cap
            for kind in sorted(kinds, key=lambda k: k.value):
                have = left.get(kind, 0)
                if not have:
                    continue
                take = have if room is None else min(have, room)
                left[kind] = have - take
                if room is not None:
                    room -= take
        return not any(left.values())

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True, slots=True, kw_only=True)
class FreightKind(Static):
    """A train that runs no route: it scores the company's own tokened stops (18US §6.5.1)."""

    name: str
    capacity: int

    def __str__(self) -> str:
        return self.name


AnyKind = TrainKind | FreightKind


@dataclass(frozen=True, slots=True)
class Train:
    """One train a company owns; ``id`` is its printed id ("3+-0")."""

    id: str
    kind: AnyKind


def n_train(n: int, name: str | None = None) -> TrainKind:
    """Visits up to ``n`` stops of any kind and scores them all (18USA §12.4)."""
    return TrainKind(name=name or str(n), limits=((ALL_KINDS, n),))


def plus_train(n: int, name: str | None = None, family: str = "normal") -> TrainKind:
    """``n`` cities or off-boards plus any number of towns, all scored.

    18RoyalGorge "+" trains; 18US Classic trains (Junction Towns do not count); 18West 2–6
    trains (Towns do not count against the train number).
    """
    return TrainKind(
        name=name or f"{n}+",
        limits=((MAJOR_KINDS, n), (frozenset({StopKind.TOWN}), None)),
        family=family,
    )


def n_plus_m_train(n: int, m: int, name: str | None = None) -> TrainKind:
    """``n`` stops of any kind plus up to ``m`` more towns ("3+1")."""
    return TrainKind(
        name=name or f"{n}+{m}",
        limits=((frozenset({StopKind.TOWN}), m), (ALL_KINDS, n)),
    )


def doubling_train(n: int, factor: int = 2, name: str | None = None) -> TrainKind:
    """Up to ``n`` stops of any kind, total multiplied (18RoyalGorge 6x2)."""
    return TrainKind(name=name or f"{n}x{factor}", limits=((ALL_KINDS, n),), multiplier=factor)


def express_train(n: int, name: str | None = None) -> TrainKind:
    """Scores up to ``n`` cities and off-boards; towns are passed and not scored (18US §6.5)."""
    return TrainKind(
        name=name or f"{n}E",
        limits=((MAJOR_KINDS, n), (frozenset({StopKind.TOWN}), None)),
        scores=MAJOR_KINDS,
        family="express",
    )


def streamliner(best: int = 4, factor: int = 2, name: str | None = None) -> TrainKind:
    """Any length; scores its best ``best`` cities/off-boards, one tokened; doubled.

    18West §7.5 (Streamliners, 4D).
    """
    return TrainKind(
        name=name or f"{best}D",
        scores=MAJOR_KINDS,
        best_of=best,
        token_in_scored=True,
        multiplier=factor,
        family="streamliner",
    )


def hex_train(n: int, name: str | None = None) -> TrainKind:
    """Runs into at most ``n`` hexes besides its base hex and scores every stop (18US §6.8.1)."""
    return TrainKind(name=name or f"{n}H", max_hexes=n + 1, family="commuter")


def freight_train(n: int, name: str | None = None) -> FreightKind:
    """Adds ``n`` to the company's Freight Capacity (18US §6.5.1)."""
    return FreightKind(name=name or f"{n}G", capacity=n)
