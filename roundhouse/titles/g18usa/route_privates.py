"""Privates that change a run: P17 Great Northern Railway's bonus, P19 Union Switch & Signal's
switcher, P30 Double Heading's extender (18xx.games).

* P17: "One train can receive a +$30 revenue bonus for running Fargo-Helena or a +$60 revenue
  bonus for running Seattle-Fargo-Helena-Chicago" - the one run that profits most
  (:class:`GreatNorthernBonus`, a company bonus of the route machinery).
* P19: "One train per turn may attach the Switcher to skip over a city (even a blocked city)":
  the train may include one city more than its number and skips one: a city blocked to the
  company that it runs through if there is one (only that train may, and through one such
  city), else its least valuable, keeping one of the company's stations among those scored
  (18xx.games ``skipped_stop``, ``check_connected``).  The blocked city is passable for the
  company (:class:`SwitcherStops`), :class:`SwitcherCheck` keeps the passage to the switcher's
  train, and :class:`SwitcherSkip` makes the blocked city the skipped one.
* P30: "Each turn one non-permanent train may attach the Extender to run to one extra city":
  the train's number is one higher for the run.

The company attaches them as it comes to its run (:class:`AttachStep`: ``choose`` with the
train's id, ``company`` naming the private); the title's board map gives the attached train
its changed kind with :func:`attached_kinds` in ``train_kinds`` (core reads a kind listed
under a train's id as that train's), adds P17's bonus and the switcher's rules with
:func:`private_revenue_rules` in ``revenue_rules`` and lets the switcher through blocked cities
with :func:`switcher_options` in ``route_options``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence

from roundhouse.core.actions import Action
from roundhouse.core.board import Board
from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.actions import Choose
from roundhouse.core.routes.adapter import GraphOptions, StopDecorator, StopExtras
from roundhouse.core.routes.graph import RouteGraph, Stop, StopKind
from roundhouse.core.routes.kinds import AnyKind, Train, TrainKind
from roundhouse.core.routes.revenue import Bonus, RevenueRules, RouteFacts, Run, StopScore
from roundhouse.titles.g18usa.family1817.turn_stage import waits_before_route
from roundhouse.titles.g18usa.listed_step import ListedStep
from roundhouse.titles.g18usa.powers import held, in_turn
from roundhouse.titles.g18usa.private_abilities import GreatNorthern, TrainBonusStop
from roundhouse.titles.g18usa.state import UsaGame


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


def private_revenue_rules(g: UsaGame, corp_id: str, base: RevenueRules) -> RevenueRules:
    """The title's revenue rules for the company: P17's bonus when it owns P17, the
    switcher's rules while it is attached."""
    train = _switcher_train(g, corp_id)
    if train is not None:
        base = dataclasses.replace(
            base,
            route_bonuses=(*base.route_bonuses, SwitcherSkip(train)),
            combination_checks=(*base.combination_checks, SwitcherCheck(train)),
        )
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


def _blocked(stop: Stop, company: str) -> bool:
    """A city whose slots other companies fill, where ``company`` has no station."""
    return (
        stop.kind is StopKind.CITY
        and stop.slots > 0
        and not stop.has_token(company)
        and len(stop.slot_tokens) >= stop.slots
    )


@dataclasses.dataclass(frozen=True)
class SwitcherStops:
    """A stop decorator: cities blocked to ``company`` become passable for it (the switcher's
    train alone may use that: :class:`SwitcherCheck`); ``base`` decorates first."""

    company: str
    base: StopDecorator | None = None

    def __call__(self, board: Board, hex_name: str, stop: str) -> StopExtras | None:
        extras = None if self.base is None else self.base(board, hex_name, stop)
        here = board[hex_name]
        held = here.tokens.get(stop)
        if held is None or self.company in held:
            return extras
        if board.open_slots(hex_name, stop, self.company) > 0:
            return extras
        extras = extras or StopExtras()
        return dataclasses.replace(extras, passable_for=extras.passable_for | {self.company})


@dataclasses.dataclass(frozen=True)
class SwitcherCheck:
    """Only the switcher's train runs through a city blocked to the company, and through one
    at most."""

    train: str

    def check(self, graph: RouteGraph, company: str, runs: Sequence[Run]) -> None:
        for run in runs:
            passed = [s.id for s in run.stop_objs[1:-1] if _blocked(s, company)]
            if passed and run.train.id != self.train:
                raise IllegalAction(
                    f"{run.train.id} cannot run through {passed[0]}: only the switcher's "
                    "train may pass a blocked city (P19)",
                    rule="switcher.blocked",
                )
            if len(passed) > 1:
                raise IllegalAction(
                    f"the switcher passes one blocked city, not {', '.join(passed)} (P19)",
                    rule="switcher.blocked",
                )


@dataclasses.dataclass(frozen=True)
class SwitcherSkip:
    """The blocked city the switcher's train runs through is the one it skips (its value
    replaces the least valuable stop's in the scored ones)."""

    train: str

    def apply(
        self, graph: RouteGraph, company: str, facts: RouteFacts, scores: Sequence[StopScore]
    ) -> Bonus | None:
        if facts.train.id != self.train:
            return None
        inner = [i for i in range(1, len(facts.stops) - 1) if _blocked(facts.stops[i], company)]
        if not inner or not scores[inner[0]].scored:
            return None
        dropped = [sc.value for sc in scores if not sc.scored]
        back = dropped[0] if dropped else 0
        return Bonus("switcher", back - scores[inner[0]].value)


def _attachments(g: UsaGame, corp_id: str) -> dict[str, str]:
    step = next((s for s in g.round.steps if isinstance(s, AttachStep)), None)
    if step is None or getattr(g.round, "current", None) != corp_id:
        return {}
    return dict(step.attached)


def _switcher_train(g: UsaGame, corp_id: str) -> str | None:
    for private_id, train_id in _attachments(g, corp_id).items():
        for a in g.privates[private_id].spec.abilities:
            if isinstance(a, TrainBonusStop) and a.effect == "switcher":
                return train_id
    return None


def switcher_options(g: UsaGame, corp_id: str, options: GraphOptions) -> GraphOptions:
    """The title's route options for the company, blocked cities passable while its
    switcher is attached."""
    if _switcher_train(g, corp_id) is None:
        return options
    return dataclasses.replace(options, decorate=SwitcherStops(corp_id, options.decorate))


def permanent(g: UsaGame, train_id: str) -> bool:
    """Whether the train neither rusts nor grows obsolete (P30's Extender is not for it)."""
    tt = g.depot.type_of(g.depot.train(train_id))
    return tt.rusts_on is None and tt.obsolete_on is None


class AttachStep(ListedStep[UsaGame]):
    """Attach P19's switcher or P30's extender to a train before the run, once the turn has
    reached it: the steps before the run (track, station) are done, as on 18xx.games, where
    the choice belongs to the route step (``G18USA::Step::Route#process_choose``; the cards' timing
    is the site's: our rulebook copy has no P19 or P30)."""

    kinds = frozenset({"choose"})
    blocking = False
    name = "attach"

    def __init__(self) -> None:
        self.attached: dict[str, str] = {}
        """Private -> the train it is attached to, this turn."""

    def setup(self, g: UsaGame, entity: str) -> None:
        self.attached = {}

    def takes(self, g: UsaGame, action: Action) -> bool:
        return (
            isinstance(action, Choose)
            and action.company in g.privates
            and any(
                isinstance(a, TrainBonusStop) for a in g.privates[action.company].spec.abilities
            )
        )

    def moves(self, g: UsaGame, corp_id: str) -> list[Choose]:
        if not in_turn(g, corp_id) or g.or_round().revenue is not None:
            return []
        if waits_before_route(g, corp_id):
            return []  # chosen with the run (18xx.games's route step), after track and station
        out: list[Choose] = []
        p = g.controller_id(corp_id)
        for private, a in held(g, corp_id, TrainBonusStop):
            if private.id in self.attached:
                continue
            for train in g.depot.running(corp_id):
                if not a.permanent_trains and permanent(g, train.id):
                    continue
                out.append(Choose(player=p, entity=corp_id, choice=train.id, company=private.id))
        return out

    def refusal(self, g: UsaGame, entity: str, action: Action) -> IllegalAction:
        return IllegalAction(
            f"{entity} may attach a switcher or extender it owns to one of its trains "
            "before running (P30: not a permanent train)",
            rule="attach.train",
        )

    def process(self, g: UsaGame, entity: str, action: Action) -> None:
        assert isinstance(action, Choose)
        self.attached[action.company] = action.choice
        g.emit("attach", f"{entity} attaches {action.company} to {action.choice}")


def attached_kinds(g: UsaGame, corp_id: str, kinds: Mapping[str, AnyKind]) -> dict[str, AnyKind]:
    """The company's train kinds with this turn's attachments, keyed by train id."""
    out: dict[str, AnyKind] = dict(kinds)
    for private_id, train_id in _attachments(g, corp_id).items():
        train = g.depot.train(train_id)
        kind = out.get(train_id) or out.get(train.variant)
        if not isinstance(kind, TrainKind):
            continue
        for a in g.privates[private_id].spec.abilities:
            if isinstance(a, TrainBonusStop):
                kind = switched(kind) if a.effect == "switcher" else extended(kind)
        out[train_id] = kind
    return out
