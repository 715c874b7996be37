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


def test_18us_3_2_picks_and_10_1_6_southern_start_named_as_what_they_are() -> None:
    """§3.2: once everyone has bid, "each player buys one Eastern Concession at face value";
    the banner and the buttons say so, not "bid for a pick" (one engine step serves both).
    §10.1.6: whoever buys P6 then sets the Southern Railway's starting value."""
    game = roundhouse.new_game("18US", ["Ann", "Bob", "Cy"], seed=7)
    assert game.prompt().action == "bid for a pick of the Concessions"
    for seat in ("Ann", "Bob", "Cy"):  # everyone bids $0: the picks go in player order
        game.apply(next(m for m in game.legal_actions() if m.player == seat))
    seen: list[str] = []
    while game.prompt().step == "auction":
        prompt = game.prompt()
        moves = game.legal_actions()
        if prompt.action == "set the Southern Railway's starting value":
            assert "§10.1.6" in prompt.help and {m.kind for m in moves} == {"par"}
            assert {game.step_of(m)[1] for m in moves} == {prompt.action}
            seen.append("southern")
            game.apply(moves[0])
            continue
        assert prompt.action == "buy an Eastern Concession", prompt.action
        assert "face value" in prompt.help and "secretly" not in prompt.help
        assert all(game.step_of(m) == ("auction", "buy an Eastern Concession") for m in moves)
        texts = [game.describe(m) for m in moves]
        assert all(re.fullmatch(r"\w+ buys P\d+ .+ for \$\d+", t) for t in texts), texts
        pick = next((m for m in moves if getattr(m, "company", "") == "P6"), moves[0])
        game.apply(pick)
        seen.append("pick")
    assert seen.count("pick") == 3 and "southern" in seen, seen


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
