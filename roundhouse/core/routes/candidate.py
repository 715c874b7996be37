"""A candidate route: what the route search (:mod:`.growth`) finds and the conflict index
(:mod:`.conflict`) and the optimiser compare."""

from __future__ import annotations


class Candidate:
    """One legal route for a train kind, as the search needs it."""

    __slots__ = ("path", "revenue", "start", "stops", "units")

    def __init__(
        self, revenue: int, units: int, start: int, stops: tuple[int, ...], path: tuple[int, ...]
    ) -> None:
        self.revenue = revenue
        self.units = units
        self.start = start
        self.stops = stops
        self.path = path
        """Chains in order, ``2 * chain + (1 if run backwards)``."""
