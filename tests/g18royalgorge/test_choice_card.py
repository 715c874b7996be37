"""A choice is taken only with the card it is offered with: 18xx.games names the private
whose power a `choose` uses, and a choice offered without a card (the Hand-Picked draft,
"Game Play Variants") cannot claim one."""

from __future__ import annotations

import dataclasses

import pytest

import roundhouse
from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.actions import Choose


def test_18royalgorge_hand_picked_draft_pick_refuses_a_card_it_was_not_offered_with() -> None:
    game = roundhouse.new_game(
        "18RoyalGorge", players=["Ann", "Bob"], seed=1, options={"hand_picked": True}
    )
    pick = next(a for a in game.legal_actions() if isinstance(a, Choose))
    before = game.state_hash()
    with pytest.raises(IllegalAction) as refused:
        game.apply(dataclasses.replace(pick, company="Y1"))
    assert refused.value.rule == "step.choice_card"
    assert game.state_hash() == before
    game.apply(pick)
