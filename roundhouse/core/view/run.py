"""A priced run: the routes a company's trains would run, what each earns, and the whole run's
revenue, by the engine's own route check.

A client sends routes in route notation (a train id, then its stops, via hexes optional) and
gets them back in the exact notation (every hex the route passes), so it can draw each route
along its track and play it as ``run_routes`` with the right revenue.

>>> run = RunView(entity="RG", total=50,
...               routes=(RouteView(train="2+-0", stops=("D12-0", "E13-0"), revenue=50),))
>>> run.to_json()["routes"][0]["stops"]
['D12-0', 'E13-0']
>>> run.notation()
(('2+-0', 'D12-0', 'E13-0'),)
"""

from __future__ import annotations

import dataclasses

from roundhouse.core.view.part import Part

VIEW_VERSION = 1
"""Bumped when a field of a run record is removed, renamed or changes meaning or type."""


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class RouteView(Part):
    """One train's route."""

    train: str
    stops: tuple[str, ...]
    """The route in exact notation after the train: stops ("E11-0") with every hex passed
    between them ("E12")."""
    revenue: int = 0
    """What this train earns on it (before company bonuses)."""


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class RunView(Part):
    """A company's whole run."""

    entity: str
    routes: tuple[RouteView, ...] = ()
    total: int = 0
    """The run's revenue: the routes, company bonuses and freight."""

    def notation(self) -> tuple[tuple[str, ...], ...]:
        """The routes as ``run_routes`` takes them."""
        return tuple((r.train, *r.stops) for r in self.routes)
