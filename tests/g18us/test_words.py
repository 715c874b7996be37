"""18US moves in a first-time player's words (issue #20: the page showed "Ann bids $0 for
ERRC" and buttons "PRR chooses ask:D17:8"): the Convention's sealed bids (§3.2) and a request
to build in a Land Grant company's reserved hex (§7.3), on the button and in the log, and the
Convention's step explained as the sealed bids it is, not as an English auction."""

from __future__ import annotations

import re

import pytest

import roundhouse
from roundhouse.core.flow.actions import Choose
from roundhouse.core.game import Game, load
from tests.browser.late_games import late_game
from tests.core.flow.synthetic import act
from tests.g18us.test_consent import prr_by_chicago

RAW = re.compile(r"\bchooses\b|[A-Za-z&]+_\d+\b|\w+:\w+:\w+|\bfor ERRC\b")
"""Engine names a log must not show: a choice made by its id, a certificate's id."""


def test_18us_3_2_convention_bids_in_words() -> None:
    """§3.2: each player secretly writes $0, $5 or $10 "for the right to choose an Eastern
    Concession"; passing is not an option."""
    game = roundhouse.new_game("18US", ["Ann", "Bob", "Cy"], seed=7)
    buttons = [game.describe(m) for m in game.legal_actions() if m.player == "Ann"]
    assert buttons == [
        f"Ann bids ${n} for an early pick of the Eastern Concessions" for n in (0, 5, 10)
    ]
    prompt = game.observe().prompt
    assert "secretly" in prompt.help and "or pass" not in prompt.help
    assert "pass" not in prompt.action
    game.apply(game.legal_actions()[1])
    assert game.log_entries()[0].text == "Ann bids $5 for an early pick of the Eastern Concessions"


@pytest.fixture
def prr_turn() -> Game:
    return prr_by_chicago()


def test_18us_7_3_asking_permission_in_words(prr_turn: Game) -> None:
    """§7.3: the PRR asks Ann's leave to lay a tile in the UP's reserved hex D17: the button
    and the log say so, never the choice's id."""
    g = prr_turn
    asks = [g.describe(m) for m in g.legal_actions() if isinstance(m, Choose)]
    assert asks == [f"PRR asks permission to lay tile {t} on D17 (§7.3)" for t in (7, 8, 9)]
    act(g, "choose", "Bob", entity="PRR", choice="ask:D17:8")
    assert (
        g.log_entries(len(g.log) - 1)[0].text == "PRR asks permission to lay tile 8 on D17 (§7.3)"
    )


def test_18us_whole_game_log_names_no_engine_ids() -> None:
    """A whole heuristic-bot game's log (tests/browser/late_games/18US.json.gz) tells every
    move in words: conversions (§6.3) and Western Concessions put up for auction (§7.1) as
    well, never "B&M chooses E18", "Cy chooses P12", a certificate's id or a choice's id."""
    game = load(late_game("18US")["doc"])
    texts = [entry.text for entry in game.log_entries()]
    raw = sorted({m.group(0) for t in texts for m in RAW.finditer(t)})
    assert not raw, raw
    assert any(" converts, its doubling token to " in t for t in texts)
    assert any(" for auction (§7.1)" in t for t in texts)
