"""Privates that change a run: P17 Great Northern Railway's bonus, P19 Union Switch & Signal's
switcher, P30 Double Heading's extender (18xx.games).

* P17: "One train can receive a +$30 revenue bonus for running Fargo-Helena or a +$60 revenue
  bonus for running Seattle-Fargo-Helena-Chicago" - the one run that profits most
  (:class:`GreatNorthernBonus`, a company bonus of the route machinery).
* P19: "One train per turn may attach the Switcher to skip over a city (even a blocked city)":
  the train may include one city more than its number and scores all but its least valuable
  city, keeping one of the company's stations among those scored (18xx.games skips the
  lowest stop, never the only tokened one).  Running *through a city blocked to the company*
  is not done: :func:`switcher_through_blocked` raises NotImplementedError.
* P30: "Each turn one non-permanent train may attach the Extender to run to one extra city":
  the train's number is one higher for the run.

The company attaches them before it runs (:class:`AttachStep`: ``choose`` with the train's id,
``company`` naming the private); the title's board map gives the attached train its changed
kind with :func:`attached_kinds` in ``train_kinds`` (core reads a kind listed under a train's
id as that train's) and adds P17's bonus with :func:`private_revenue_rules` in
``revenue_rules``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence

from roundhouse.core.actions import Action
from roundhouse.core.engine18xx import Engine
from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.actions import Choose
from roundhouse.core.flow.step import Step
from roundhouse.core.routes.graph import RouteGraph
from roundhouse.core.routes.kinds import AnyKind, Train, TrainKind
from roundhouse.core.routes.revenue import Bonus, RevenueRules, Run
from roundhouse.titles.g18usa.powers import held, in_turn
from roundhouse.titles.g18usa.private_abilities import GreatNorthern, TrainBonusStop


@dataclasses.dataclass(frozen=True, kw_only=True)
class GreatNorthernBonus:
    """P17's bonus for the one run that earns the most of it."""

    short_route: tuple[str, ...]
    short_bonus: int
    long_route: tuple[str, ...]
    long_bonus: int

    def value(self, run: Run) -> int:
        hexes = {s.hex for s in run.stop_objs}
        if set(self.long_route) <= hexes:
            return self.long_bonus
        if set(self.short_route) <= hexes:
            return self.short_bonus
        return 0

    def award(self, graph: RouteGraph, company: str, runs: Sequence[Run]) -> Bonus | None:
        best = max((self.value(r) for r in runs), default=0)
        return Bonus("Great Northern", best) if best else None

    def bound(self, graph: RouteGraph, company: str, trains: Sequence[Train]) -> int:
        return self.long_bonus


def private_revenue_rules(g: Engine, corp_id: str, base: RevenueRules) -> RevenueRules:
    """The title's revenue rules for the company, with P17's bonus when it owns P17."""
    owned = held(g, corp_id, GreatNorthern)
    if not owned:
        return base
    gn = owned[0][1]
    bonus = GreatNorthernBonus(
        short_route=gn.short_route,
        short_bonus=gn.short_bonus,
        long_route=gn.long_route,
        long_bonus=gn.long_bonus,
    )
    return dataclasses.replace(base, company_bonuses=(*base.company_bonuses, bonus))


def extended(kind: TrainKind) -> TrainKind:
    """P30: one stop more (each capped pool one larger; a best-of train scores one more)."""
    limits = tuple((kinds, None if cap is None else cap + 1) for kinds, cap in kind.limits)
    best = None if kind.best_of is None else kind.best_of + 1
    return dataclasses.replace(kind, name=f"{kind.name}+x", limits=limits, best_of=best)


def switched(kind: TrainKind) -> TrainKind:
    """P19: one city more on the route, all but the least valuable scored, a station of the
    company among those scored."""
    caps = [cap for _, cap in kind.limits if cap is not None]
    if not caps:
        return kind
    limits = tuple((kinds, None if cap is None else cap + 1) for kinds, cap in kind.limits)
    return dataclasses.replace(
        kind, name=f"{kind.name}/", limits=limits, best_of=sum(caps), token_in_scored=True
    )


def switcher_through_blocked(corp_id: str, city: str) -> None:
    """P19's switcher running through a city blocked to the company: not implemented (the
    route machinery has no per-train passage through a blocked city)."""
    raise NotImplementedError(
        f"18USA P19 Union Switch & Signal: {corp_id}'s switcher cannot yet run through the "
        f"blocked city {city}"
    )


def _permanent(g: Engine, train_id: str) -> bool:
    tt = g.depot.type_of(g.depot.train(train_id))
    return tt.rusts_on is None and tt.obsolete_on is None


class AttachStep(Step):
    """Attach P19's switcher or P30's extender to a train before the run."""

    kinds = frozenset({"choose"})
    blocking = False
    name = "attach"

    def __init__(self) -> None:
        self.attached: dict[str, str] = {}
        """Private -> the train it is attached to, this turn."""

    def setup(self, g: Engine, entity: str) -> None:
        self.attached = {}

    def takes(self, g: Engine, action: Action) -> bool:
        return (
            isinstance(action, Choose)
            and action.company in g.privates
            and any(
                isinstance(a, TrainBonusStop) for a in g.privates[action.company].spec.abilities
            )
        )

    def moves(self, g: Engine, corp_id: str) -> list[Choose]:
        if not in_turn(g, corp_id) or g.or_round().revenue is not None:
            return []
        out: list[Choose] = []
        p = g.controller_id(corp_id)
        for private, a in held(g, corp_id, TrainBonusStop):
            if private.id in self.attached:
                continue
            for train in g.depot.running(corp_id):
                if not a.permanent_trains and _permanent(g, train.id):
                    continue
                out.append(Choose(player=p, entity=corp_id, choice=train.id, company=private.id))
        return out

    def active(self, g: Engine, entity: str) -> bool:
        return bool(self.moves(g, entity))

    def actions(self, g: Engine, entity: str) -> list[Action]:
        return list(self.moves(g, entity))

    def check(self, g: Engine, entity: str, action: Action) -> None:
        if action not in self.moves(g, entity):
            raise IllegalAction(
                f"{entity} may attach a switcher or extender it owns to one of its trains "
                "before running (P30: not a permanent train)",
                rule="attach.train",
            )

    def process(self, g: Engine, entity: str, action: Action) -> None:
        assert isinstance(action, Choose)
        self.attached[action.company] = action.choice
        g.emit("attach", f"{entity} attaches {action.company} to {action.choice}")


def attached_kinds(g: Engine, corp_id: str, kinds: Mapping[str, AnyKind]) -> dict[str, AnyKind]:
    """The company's train kinds with this turn's attachments, keyed by train id."""
    out: dict[str, AnyKind] = dict(kinds)
    step = next((s for s in g.round.steps if isinstance(s, AttachStep)), None)
    if step is None or getattr(g.round, "current", None) != corp_id:
        return out
    for private_id, train_id in step.attached.items():
        train = g.depot.train(train_id)
        kind = out.get(train_id) or out.get(train.variant)
        if not isinstance(kind, TrainKind):
            continue
        for a in g.privates[private_id].spec.abilities:
            if isinstance(a, TrainBonusStop):
                kind = switched(kind) if a.effect == "switcher" else extended(kind)
        out[train_id] = kind
    return out
