"""Where a company's operating turn stands relative to its run (18USA §12: track, station,
run trains, earnings, buy trains...).

Several moves are allowed only "prior to the run trains step" (§12.7's car purchase, §13's
resource tokens with the turn's yellow tile).  Core's route step settles the run of a
company without trains at $0 as soon as its turn begins, so "no revenue yet" alone would
close them for such a company all turn; :func:`before_run` also counts its turn as before
the run while a step listed before the route step still waits, and, for a car, until the $0
run's earnings are distributed (18xx.games offers such a company its Pullman then: "passes
buy pullman", then "does not run").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from roundhouse.core.flow.dividend_step import DividendStep
from roundhouse.core.flow.map_steps import RouteStep, TrackStep

if TYPE_CHECKING:
    from roundhouse.titles.g18usa.family1817.engine import FamilyEngine


def moved_past(g: FamilyEngine, entity: str, step: object) -> bool:
    """Whether a round that never goes back (core's ``ForwardTurn``) has left ``step``."""
    method = getattr(g.round, "moved_past", None)
    return bool(method(entity, step)) if callable(method) else False


def open_track_step(g: FamilyEngine, entity: str) -> TrackStep | None:
    """The company's track step while it is active and the turn has not left it behind
    (18USA §12: "Each company takes the following actions in the indicated order", so once
    it has moved on - a station placed, §12.3 - no lay beside the track step is offered:
    a private's, an ore upgrade, the Resource subsidy's; found by the export differential,
    issue #17: random bots, 3 players, seed 913, P27's lay after a station)."""
    for s in g.round.steps:
        if isinstance(s, TrackStep) and s.active(g, entity) and not moved_past(g, entity, s):
            return s
    return None


def waits_before_route(g: FamilyEngine, entity: str) -> bool:
    """Whether a blocking step listed before the route step (track, station...) still waits
    in the company's turn."""
    for s in g.round.steps:
        if isinstance(s, RouteStep):
            return False
        if s.blocking and not moved_past(g, entity, s) and s.active(g, entity):
            return True
    return False


def before_run(g: FamilyEngine, entity: str, *, until_earnings: bool = False) -> bool:
    """Whether the company's turn has not reached its run yet (module docstring); with
    ``until_earnings`` a company without trains stays before its run until its $0 run's
    earnings are distributed (§12.7's car purchase, as 18xx.games offers it)."""
    if g.or_round().revenue is None:
        return True
    if waits_before_route(g, entity):
        return True
    route_seen = False
    for s in g.round.steps:
        if isinstance(s, RouteStep):
            route_seen = True
            continue
        if not route_seen:
            continue
        if isinstance(s, DividendStep) and until_earnings:
            trains = [t for t in g.depot.owned_by(entity) if not g.depot.is_car(t)]
            return not trains and s.active(g, entity)
    return False
