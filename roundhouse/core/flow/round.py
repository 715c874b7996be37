"""A round: an ordered list of steps and whose turn it is.

The round decides the acting *entity* (a player in a stock round, a company in an operating
round); the engine maps entities to the seats that control them.  Each action goes to the
first step that handles its kind among the steps on offer: every active non-blocking step
before the first active blocking one, and that one.  When no step is active the entity's turn
is over and :meth:`Round.next_entity` moves on; the round is finished when it says so.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import ClassVar, Generic

from roundhouse.core.actions import Action
from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.flow_game import G
from roundhouse.core.flow.step import Step
from roundhouse.core.legal import AmountRange


def _unasked(g: G, step: Step[G], taking: Action | None) -> bool:
    """Whether :meth:`Round.offered` may leave ``step`` out unasked when looking for the
    step that takes ``taking``: a non-blocking step that does not take it."""
    return taking is not None and not step.blocking and not step.takes(g, taking)


class Round(Generic[G]):
    """Base of every round.  Subclasses choose entities and turn order; ``G`` is the game
    its steps act on (:class:`~roundhouse.core.flow.step.Step`)."""

    kind = "round"
    """Short name for labels and views: "Auction", "SR", "OR", "MR"."""

    def __init__(self, steps: Sequence[Step[G]]) -> None:
        self.steps = list(steps)
        self.finished = False

    # -- turn order (subclasses) ---------------------------------------------------------

    def entity(self, g: G) -> str | None:
        """Who acts now; None once the round is finished."""
        raise NotImplementedError

    def entities_acting(self, g: G) -> tuple[str, ...]:
        """Entities that act now (several during simultaneous choices)."""
        e = self.entity(g)
        return () if e is None else (e,)

    def start(self, g: G) -> None:
        """Called once when the round becomes current."""
        self._begin_turn(g)

    def next_entity(self, g: G) -> None:
        """The current entity's turn is over: move on, or set :attr:`finished`."""
        raise NotImplementedError

    def label(self, g: G) -> str:
        return self.kind

    def on_finish(self, g: G) -> None:
        """Called once when the round is over, before the next one starts."""

    # -- steps ---------------------------------------------------------------------------

    def _begin_turn(self, g: G) -> None:
        """Set up the steps for the new entity, skipping entities with nothing to do."""
        guard = 0
        while not self.finished:
            entity = self.entity(g)
            if entity is None:
                self.finished = True
                return
            for step in self.steps:
                step.setup(g, entity)
            if any(s.active(g, entity) for s in self.steps):
                return
            self.next_entity(g)
            guard += 1
            if guard > 10_000:  # pragma: no cover - a title bug, not a game position
                raise RuntimeError(f"{self.kind}: no entity ever has anything to do")

    def is_open(self, step: Step[G], entity: str) -> bool:
        """Whether ``step`` may still be used in ``entity``'s turn (a round that closes the
        steps a turn has moved past says no; a step acting for another asks)."""
        return step in self.steps

    def offered(self, g: G, entity: str, taking: Action | None = None) -> list[Step[G]]:
        """Steps whose actions are on offer now, in order.

        With ``taking``, a non-blocking step that does not take that action is left out
        unasked: it could neither take it nor stop the steps after it (how
        :meth:`step_for` finds the step for one action without asking every step in front
        of it whether it is active; issue #15).  A round overriding this passes ``taking``
        on, or ignores it (then every step is asked, as without it)."""
        out: list[Step[G]] = []
        for step in self.steps:
            if _unasked(g, step, taking):
                continue
            if step.active(g, entity):
                out.append(step)
                if step.blocking:
                    break
        return out

    def legal_actions(self, g: G, kinds: Collection[str] | None = None) -> list[Action]:
        """Every legal action now; with ``kinds``, only those of these kinds, and the steps
        whose listing is costly list nothing unless asked for their kinds
        (:meth:`Step.actions_of`).  A round that lists moves of its own (an auction inside
        it) answers ``kinds`` too (:func:`~roundhouse.core.legal.of_kinds`)."""
        actions: list[Action] = []
        for entity in self.entities_acting(g):
            for step in self.offered(g, entity):
                if kinds is None:
                    actions.extend(step.actions(g, entity))
                else:
                    actions.extend(step.actions_of(g, entity, kinds))
        return actions

    def legal_kinds(self, g: G) -> frozenset[str]:
        """The kinds of the actions :meth:`legal_actions` lists, without listing the costly
        ones (:meth:`Step.listed_kinds`); a round that lists moves of its own answers for them."""
        kinds: set[str] = set()
        for entity in self.entities_acting(g):
            for step in self.offered(g, entity):
                kinds |= step.listed_kinds(g, entity)
        return frozenset(kinds)

    def legal_ranges(self, g: G) -> list[AmountRange]:
        ranges: list[AmountRange] = []
        for entity in self.entities_acting(g):
            for step in self.offered(g, entity):
                ranges.extend(step.ranges(g, entity))
        return ranges

    def step_for(self, g: G, action: Action) -> tuple[Step[G], str]:
        """The step that takes ``action`` and the acting entity it is for.

        The action's ``entity`` is matched against who acts now, in this order: the acting
        entity itself; a president acting for the acting company in their own name
        (emergency share sales); a company or card controlled by the acting player (a
        president issuing shares for their company in the stock or M&A round, 18West §6.1:
        "a player may perform one of these actions on behalf of one of their Companies");
        or a card whose owner controls the acting company (18US §10.1.4: a share exchange
        "during the turn of the company").  The last two go only to steps that take actions
        on another's behalf (:attr:`Step.on_behalf`), so that a purchase naming a company
        is never taken as its president's own.
        """
        acting = self.entities_acting(g)
        entity = getattr(action, "entity", None)
        behalf = False
        if entity not in acting:
            named = entity
            entity = next((e for e in acting if g.controller(e) == named), None)
            if entity is None and isinstance(named, str) and named not in g.seats:
                behalf = True
                boss = g.controller(named)
                entity = boss if boss in acting else None
                if entity is None and named in g.privates and boss is not None:
                    entity = next((e for e in acting if g.controller(e) == boss), None)
        if not isinstance(entity, str):
            raise IllegalAction(
                f"{getattr(action, 'entity', '?')} cannot act now; waiting for "
                f"{', '.join(acting) or 'nobody'}",
                rule="round.not_your_turn",
            )
        for step in self.offered(g, entity, action):
            if step.takes(g, action) and (step.on_behalf or not behalf):
                return step, entity
        names = ", ".join(sorted({k for s in self.offered(g, entity) for k in s.kinds}))
        raise IllegalAction(
            f"{entity} cannot {action.kind.replace('_', ' ')} now (possible: {names})",
            rule="round.wrong_step",
        )

    def check(self, g: G, action: Action) -> None:
        step, entity = self.step_for(g, action)
        self.check_at(g, step, entity, action)

    def check_at(self, g: G, step: Step[G], entity: str, action: Action) -> None:
        """The step's own check, then the card a choice names: a choice a step lists is
        taken only with the card it lists it with (18xx.games names the private whose power
        is used), whichever fields the step itself reads.

        A president naming themself for the acting company is taken only where the step
        lists that very action (emergency sales of the president's own shares): anywhere
        else the company is the one to name, so each move has one spelling.
        """
        named = getattr(action, "entity", entity)
        if named != entity and named in g.seats and action not in step.actions(g, entity):
            raise IllegalAction(
                f"{named} acts for {entity} here: name {entity} as the one making this "
                f"{action.kind.replace('_', ' ')}",
                rule="round.not_your_entity",
            )
        step.check(g, entity, action)
        card = getattr(action, "company", None)
        choice = getattr(action, "choice", None)
        if not isinstance(card, str) or not isinstance(choice, str):
            return
        listed = [
            a
            for a in step.actions(g, entity)
            if type(a) is type(action) and getattr(a, "choice", None) == choice
        ]
        if listed and action not in listed:
            cards = sorted({str(getattr(a, "company", "")) for a in listed})
            raise IllegalAction(
                f"{choice} is offered with card {' or '.join(repr(c) for c in cards)}, "
                f"not {card!r}",
                rule="step.choice_card",
            )

    def told_pass(self, g: G, action: Action) -> str | None:
        """The pass ``action`` in words naming what it gives up ("KP passes on buying
        trains"), for the log and the pass's button; None: told plainly.  By default the
        step taking it says it (:meth:`Step.told_pass`); a round deciding without steps
        (18USA's merger and acquisition round) says it itself.  Raises
        :class:`IllegalAction` as :meth:`step_for` does when nobody may pass now."""
        step, entity = self.step_for(g, action)
        return step.told_pass(g, getattr(action, "entity", entity))

    def process(self, g: G, action: Action) -> None:
        step, entity = self.step_for(g, action)
        if action.kind == "pass":
            who = getattr(action, "entity", entity)
            words = step.told_pass(g, who)
            if words is not None:
                g.emit("pass", words, entity=who, step=step.name, restates=True)
        self.taking(step, entity)
        step.process(g, entity, action)
        self.after_process(g, entity)

    def taking(self, step: Step[G], entity: str) -> None:
        """``step`` is about to take an action of ``entity``: a round that keeps a turn's
        progress (:class:`ForwardTurn`; a title closing an early step once a later one
        acts) notes it here."""

    def after_process(self, g: G, entity: str) -> None:
        """Move on when the acting entity has nothing left to do.  A step may itself hand
        the turn to someone else (the next bidder); then only the new turn is set up."""
        if self.finished:
            return
        if self.entity(g) == entity:
            if any(s.active(g, entity) for s in self.steps):
                return
            self.next_entity(g)
        self._begin_turn(g)

    def view(self, g: G) -> dict[str, object]:
        out: dict[str, object] = {"kind": self.kind, "label": self.label(g)}
        entity = self.entity(g)
        if entity is not None:
            out["entity"] = entity
            out["steps"] = [s.name for s in self.offered(g, entity)]
        return out

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.kind}>"


class ForwardTurn(Round[G]):
    """A round whose turns only move forward through their blocking steps (18USA §12: the
    company takes its steps "in the indicated order"; 18West §7.1-§7.8 likewise).

    :class:`Round` offers every active step up to the first active blocking one, so a step
    left because it had nothing to offer comes back when it has again: a company that could
    not pay for a tile runs, withholds or earns a subsidy and would be offered the track step
    again after its dividend.  This round remembers the latest blocking step that took an
    action in an entity's turn and offers no blocking step before it."""

    held_by_blocking: ClassVar[bool] = False
    """Whether only a blocking step keeps a turn open: a non-blocking one waiting (buying a
    private, paying debt "any time during a company's operating turn", 18RoyalGorge) does
    not hold the turn by itself once every blocking step is done."""

    def __init__(self, steps: Sequence[Step[G]]) -> None:
        super().__init__(steps)
        self.reached: dict[str, int] = {}
        """Entity -> index of the latest blocking step that took an action in its turn."""
        self.alone: frozenset[str] = frozenset()
        """Names of blocking steps that may be offered without the non-blocking steps before
        them, when :meth:`offered_alone` says so (18xx.games makes a lone withhold at once)."""

    def offered_alone(self, g: G, step: Step[G], entity: str) -> bool:
        """Whether ``step`` (a blocking step named in :attr:`alone`) is offered alone now:
        asked only of those steps, so no step elsewhere in the turn reaches the round."""
        return False

    def is_open(self, step: Step[G], entity: str) -> bool:
        return step in self.steps and not self.moved_past(entity, step)

    def _reached(self, entity: str) -> int:
        return self.reached.get(entity, -1)

    def moved_past(self, entity: str, step: Step[G]) -> bool:
        """Whether ``entity``'s turn has left the blocking ``step`` behind for good."""
        return step.blocking and self.steps.index(step) < self._reached(entity)

    def _open(self, g: G, entity: str) -> list[Step[G]]:
        """The steps still open in ``entity``'s turn: non-blocking ones, and blocking ones
        from the latest that took an action on."""
        floor = self._reached(entity)
        return [s for i, s in enumerate(self.steps) if not s.blocking or i >= floor]

    def offered(self, g: G, entity: str, taking: Action | None = None) -> list[Step[G]]:
        out: list[Step[G]] = []
        for step in self._open(g, entity):
            if _unasked(g, step, taking):
                continue
            if step.active(g, entity):
                out.append(step)
                if step.blocking:
                    if step.name in self.alone and self.offered_alone(g, step, entity):
                        return [step]
                    break
        return out

    def taking(self, step: Step[G], entity: str) -> None:
        if step.blocking:
            self.reached[entity] = max(self._reached(entity), self.steps.index(step))

    def after_process(self, g: G, entity: str) -> None:
        if self.finished:
            return
        if self.entity(g) == entity:
            blocking = self.held_by_blocking
            if any(
                s.active(g, entity) for s in self._open(g, entity) if s.blocking or not blocking
            ):
                return
            self.next_entity(g)
        self._begin_turn(g)
