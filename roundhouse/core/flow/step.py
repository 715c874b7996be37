"""A step: one kind of decision inside a round ("lay track", "buy trains", "bid").

As in 18xx.games, a round is an ordered list of steps and a title changes a round by listing
different steps (STYLE.md "rounds are ordered lists of steps").  A step answers, for the
entity acting now: is it still waiting for a decision (:meth:`Step.active`), what may be done
(:meth:`Step.actions`, complete and cheap), is this action legal (:meth:`Step.check`, never
mutating) and what it does (:meth:`Step.process`).  A non-blocking step (buying a private at
any time during a company's turn) offers its actions alongside the first blocking one.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import ClassVar, Generic

from roundhouse.core.actions import Action
from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.flow_game import G
from roundhouse.core.legal import AmountRange


class Step(Generic[G]):
    """Base of every step; subclasses set :attr:`kinds` and override the four methods.

    ``G`` is the game it acts on (:mod:`~roundhouse.core.flow.flow_game`): core's steps act
    on any :class:`~roundhouse.core.flow.flow_game.FlowGame`, a title's step names its own
    game (``Step[RoyalGorgeGame]``) and reads the title's state typed."""

    kinds: ClassVar[frozenset[str]] = frozenset()
    """Action kinds this step handles."""
    blocking: ClassVar[bool] = True
    """Whether later steps wait until this one is done."""
    name: ClassVar[str] = "step"
    passing: ClassVar[str] = ""
    """A pass in this step in words after the one passing ("passes on laying track"), so
    the log and the pass's button name what was given up; empty: told plainly ("Ann
    passes")."""
    on_behalf: ClassVar[bool] = False
    """Whether the acting player's actions may name one of their companies or cards as the
    actor (18West §6.1 "on behalf of one of their Companies"; a card's power)."""
    lists_pass_as_core: ClassVar[bool] = True
    """Whether :meth:`actions` lists the pass as the core step this class extends does, so
    that a core step's :meth:`check` may take a pass without listing every other move
    (:class:`~.stock_round.StockStep`, :class:`~.train_step.BuyTrainStep`)."""

    def __init_subclass__(cls, **kwargs: object) -> None:
        """A subclass that lists actions of its own is taken not to list the pass as core
        does, unless its class body says it does (``lists_pass_as_core = True``)."""
        super().__init_subclass__(**kwargs)
        if "actions" in cls.__dict__ and "lists_pass_as_core" not in cls.__dict__:
            cls.lists_pass_as_core = False

    takes_only: ClassVar[tuple[str, frozenset[str]] | None] = None
    """(field, values): of its kinds, the step takes only the actions whose field is one of
    the values (18RoyalGorge's Sulphur Springs: lays of its R tiles), so any other action
    of those kinds goes past it without the step being asked (issue #15)."""

    def told_pass(self, g: G, who: str) -> str | None:
        """A pass here by ``who`` in words naming what it gives up ("KP passes on buying
        trains"), for the log and the pass's button; None: told plainly ("Ann passes")."""
        return f"{who} {self.passing}" if self.passing else None

    def takes(self, g: G, action: Action) -> bool:
        """Whether this step handles ``action``: by default, any action of its kinds (and
        :attr:`takes_only`).  A step sharing a kind with a later one narrows it (a private's
        share exchange is a ``buy_shares`` made by the card, not by the player)."""
        if action.kind not in self.kinds:
            return False
        only = self.takes_only
        return only is None or getattr(action, only[0], None) in only[1]

    def setup(self, g: G, entity: str) -> None:
        """A new entity's turn begins (reset per-turn counters)."""

    def active(self, g: G, entity: str) -> bool:
        """Whether this step still wants a decision from ``entity``."""
        return False

    def names(self, kind: str) -> Collection[str]:
        """Names of ``kind`` ("company" ...) this step's actions use beyond the game's own
        companies, hexes and trains (:meth:`Engine.knows`), e.g. a lot bid for."""
        return ()

    def ranges(self, g: G, entity: str) -> Sequence[AmountRange]:
        """Spans of agreed amounts this step accepts beyond the listed ones."""
        return ()

    def actions(self, g: G, entity: str) -> Sequence[Action]:
        """Every legal action of ``entity`` in this step now."""
        return []

    def actions_of(self, g: G, entity: str, kinds: Collection[str]) -> Sequence[Action]:
        """The actions of :meth:`actions` whose kind is in ``kinds``; a step whose listing is
        costly (a search) does not list when none of its kinds is asked for."""
        return [a for a in self.actions(g, entity) if a.kind in kinds]

    def listed_kinds(self, g: G, entity: str) -> frozenset[str]:
        """The kinds of the actions :meth:`actions` lists now; a step whose listing is costly
        answers without listing."""
        return frozenset(a.kind for a in self.actions(g, entity))

    def check(self, g: G, entity: str, action: Action) -> None:
        """Raise :class:`IllegalAction` unless ``action`` is legal; the default tests
        membership in :meth:`actions`.  Never mutates."""
        if action not in self.actions(g, entity):
            raise IllegalAction(f"{action} is not possible now ({self.name})", rule="step.illegal")

    def process(self, g: G, entity: str, action: Action) -> None:
        raise NotImplementedError(f"{type(self).__name__} cannot process {action.kind}")

    def view(self, g: G) -> dict[str, object]:
        return {}

    def __repr__(self) -> str:
        return f"<{type(self).__name__}>"
