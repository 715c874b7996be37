"""§6.1's Concession purchases belong to the beginning of a company's turn (§6: "strict
conformance with the order"; §7.2: "at the beginning of the buying company's turn").

The position (``positions/concession-window-2p.json``) is a 2-player game of heuristic bots
(seed 1, our own save format) stopped where the Erie has passed its track, run and is about to
pay its dividend, while Western Concessions it could buy lie in the Pool.  The purchase step
once stayed open all turn (it watched a card's extra-lay step instead of the track step), so
after the dividend, at its train limit, the Erie was left with nothing but purchases to make
and no way to pass.
"""

from __future__ import annotations

import json
from pathlib import Path

import roundhouse
from roundhouse.core.flow.actions import BuyCompany, Dividend

POSITION = Path(__file__).parent / "positions" / "concession-window-2p.json"


def test_18us_6_1_no_concession_purchase_after_the_company_moved_on() -> None:
    doc = json.loads(POSITION.read_text())
    *before, dividend = doc["actions"]
    game = roundhouse.load({**doc, "actions": before})
    assert game.prompt().entity == "Erie"
    assert not any(
        isinstance(a, BuyCompany) and a.entity == "Erie" for a in game.legal_actions()
    ), "the Erie has run: §6.1's purchases are behind it"
    played = game.apply(dividend)
    assert isinstance(played, Dividend)
    assert game.prompt().entity != "Erie", "the Erie's turn ends after its dividend"
