"""A proposal one player puts to another, who accepts or refuses before play goes on.

At the table a company's President may propose what only another player can allow: to buy
a card that player owns, to build in a hex that player's company holds, to acquire that
player's company.  Play waits for the answer; a refused proposal is not put again while the
refusal stands (a table would not, and a bot that only picks legal moves cannot loop on it);
a President asked by his own company agrees with himself.  18xx titles differ in what is
proposed, in the answer's wording and in how long a refusal stands, not in these mechanics.

The round holds an :class:`Asking` (the open question and the refusals); while a question
is open its :meth:`~Asking.answerer` is the one acting and the title's :class:`AnswerStep`
(blocking, first in the round's steps or the only one offered) lists the two answers.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Generic, Protocol, TypeVar

from roundhouse.core.actions import Action
from roundhouse.core.flow.flow_game import G
from roundhouse.core.flow.step import Step


class Question(Protocol):
    """A proposal waiting for one player's answer."""

    @property
    def answerer(self) -> str:
        """The player who accepts or refuses."""
        ...

    @property
    def refusal(self) -> Hashable:
        """What a refusal rules out proposing again while it stands."""
        ...


Q = TypeVar("Q", bound=Question)


class Asking(Generic[Q]):
    """A round's open question and the refusals that stand; part of the round's state."""

    def __init__(self) -> None:
        self.question: Q | None = None
        """The proposal waiting for its answer."""
        self.refused: set[Hashable] = set()
        """:attr:`Question.refusal` of every refused proposal while the refusals stand."""

    def answerer(self) -> str | None:
        """Who must answer now, if a question is open."""
        return self.question.answerer if self.question is not None else None

    def was_refused(self, refusal: Hashable) -> bool:
        return refusal in self.refused

    def ask(self, question: Q) -> None:
        """Put ``question``: play waits for its answerer."""
        self.question = question

    def answer(self, accepted: bool) -> Q:
        """Close the open question, noting a refusal; returns it."""
        question = self.question
        assert question is not None, "no question is open"
        self.question = None
        if not accepted:
            self.refused.add(question.refusal)
        return question

    def forget_refusals(self) -> None:
        """The refusals stop standing (a title whose refusals last one turn, at its end)."""
        self.refused = set()


class AnswerStep(Step[G], Generic[Q, G]):
    """The answerer accepts or refuses the open question: a title's step says where the
    question is kept (:meth:`asking`), what the two answers are as actions
    (:meth:`answers`, the acceptance first) and what an acceptance does (:meth:`accept`);
    :meth:`refuse` may add to a refusal, which :class:`Asking` already notes."""

    def asking(self, g: G) -> Asking[Q] | None:
        """The round's :class:`Asking`, or None when the round asks nothing."""
        raise NotImplementedError

    def answers(self, g: G, entity: str, question: Q) -> tuple[Action, Action]:
        """(the acceptance, the refusal) as ``entity`` makes them."""
        raise NotImplementedError

    def accept(self, g: G, entity: str, question: Q) -> None:
        """The proposal takes effect."""
        raise NotImplementedError

    def refuse(self, g: G, entity: str, question: Q) -> None:
        """What a refusal does besides standing (by default nothing)."""

    def question(self, g: G, entity: str) -> Q | None:
        """The open question if ``entity`` is to answer it."""
        asking = self.asking(g)
        question = asking.question if asking is not None else None
        return question if question is not None and question.answerer == entity else None

    def active(self, g: G, entity: str) -> bool:
        return self.question(g, entity) is not None

    def actions(self, g: G, entity: str) -> list[Action]:
        question = self.question(g, entity)
        return [] if question is None else list(self.answers(g, entity, question))

    def process(self, g: G, entity: str, action: Action) -> None:
        asking = self.asking(g)
        question = self.question(g, entity)
        assert asking is not None and question is not None
        accepted = action == self.answers(g, entity, question)[0]
        asking.answer(accepted)
        if accepted:
            self.accept(g, entity, question)
        else:
            self.refuse(g, entity, question)
