"""A proposal put to another player, accepted or refused (core.flow.answer): the answerer is
asked, an acceptance takes effect, a refusal stands until the title lets it go (issue #15: one
base for 18US's consent and 18West's acquisition offers)."""

from __future__ import annotations

import dataclasses
from typing import cast

import pytest

from roundhouse.core.actions import Action
from roundhouse.core.engine18xx import Engine
from roundhouse.core.flow.actions import Choose
from roundhouse.core.flow.answer import AnswerStep, Asking
from roundhouse.core.ids import PlayerId

NOBODY = cast(Engine, object())
"""The base never reads the game itself; the title's methods do."""


@dataclasses.dataclass(frozen=True)
class Sale:
    buyer: str
    answerer: str
    card: str

    @property
    def refusal(self) -> tuple[str, str]:
        return (self.buyer, self.card)


class SaleStep(AnswerStep[Sale]):
    kinds = frozenset({"choose"})

    def __init__(self) -> None:
        self.held: Asking[Sale] = Asking()
        self.sold: list[Sale] = []
        self.refusals: list[Sale] = []

    def asking(self, g: Engine) -> Asking[Sale]:
        return self.held

    def answers(self, g: Engine, entity: str, question: Sale) -> tuple[Action, Action]:
        p = PlayerId(entity)
        return (
            Choose(player=p, entity=entity, choice="sell"),
            Choose(player=p, entity=entity, choice="refuse"),
        )

    def accept(self, g: Engine, entity: str, question: Sale) -> None:
        self.sold.append(question)

    def refuse(self, g: Engine, entity: str, question: Sale) -> None:
        self.refusals.append(question)


def _answer(entity: str, choice: str) -> Choose:
    return Choose(player=PlayerId(entity), entity=entity, choice=choice)


def test_only_the_asked_player_answers_and_an_acceptance_takes_effect() -> None:
    step = SaleStep()
    assert step.held.answerer() is None and not step.active(NOBODY, "Bob")
    sale = Sale("PRR", "Bob", "P7")
    step.held.ask(sale)
    assert step.held.answerer() == "Bob"
    assert not step.active(NOBODY, "Ann") and step.actions(NOBODY, "Ann") == []
    assert step.actions(NOBODY, "Bob") == [_answer("Bob", "sell"), _answer("Bob", "refuse")]
    step.process(NOBODY, "Bob", _answer("Bob", "sell"))
    assert step.sold == [sale] and step.refusals == []
    assert step.held.question is None and not step.held.was_refused(sale.refusal)


def test_a_refusal_stands_until_the_title_forgets_it() -> None:
    step = SaleStep()
    sale = Sale("PRR", "Bob", "P7")
    step.held.ask(sale)
    step.process(NOBODY, "Bob", _answer("Bob", "refuse"))
    assert step.sold == [] and step.refusals == [sale]
    assert step.held.question is None and step.held.was_refused(("PRR", "P7"))
    step.held.forget_refusals()
    assert not step.held.was_refused(("PRR", "P7"))


def test_an_answer_with_no_question_open_is_refused_by_check() -> None:
    from roundhouse.core.errors import IllegalAction

    with pytest.raises(IllegalAction):
        SaleStep().check(NOBODY, "Bob", _answer("Bob", "sell"))
