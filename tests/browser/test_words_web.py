"""Issue #20's "raw option names in the lobby", for every title in a real Chromium: each
option is named as a player reads it (the title's label: "Houston upgrades as a D city", not
"Houston d"), its explanation does not say the label twice, its choices are said in words
("goes free to the auctioneer", not "To auctioneer"), and no API name (``compat_18xx_games``)
or pointer into the code's docs shows."""

from __future__ import annotations

import re

import pytest

from tests.browser.conftest import shot

API_NAME = re.compile(r"\b[a-z0-9]+_[a-z0-9_]+\b")
"""An option's name for the API: lower case words joined by underscores."""

LABELS = {
    "ChicagoExpress": ["Auctioneer may pass", "Fort Wayne open to all"],
    "18RoyalGorge": ["Shorter Game", "As on 18xx.games"],
    "18USA": ["As on 18xx.games", "Trains of 1817", "No president limit", "Start price cap"],
    "18West": ["Houston upgrades as a D city"],
}


@pytest.mark.parametrize("title", sorted(LABELS))
def test_browser_lobby_options_in_a_players_words(base_url: str, page, title: str) -> None:
    page.goto(base_url + "/")
    page.wait_for_selector(f"#title option[value='{title}']", state="attached")
    page.select_option("#title", title)
    page.evaluate("document.getElementById('options-box').open = true")
    rows = page.locator("#options .option")
    assert rows.count() > 0
    labels = page.locator("#options .option > label").all_inner_texts()
    for wanted in LABELS[title]:
        assert wanted in labels, labels
    for i in range(rows.count()):
        label = rows.nth(i).locator("label").inner_text()
        help_text = rows.nth(i).locator(".hint").inner_text()
        assert not help_text.lower().startswith(label.lower()), (label, help_text)
    for select in page.locator("#options select").all():
        choices = select.locator("option").all_inner_texts()
        assert not any(API_NAME.search(c) or c[:1].isupper() for c in choices), choices
    if title == "ChicagoExpress":
        unbid = page.locator("#option-unbid_share option").all_inner_texts()
        assert unbid == ["stays on the charter", "goes free to the auctioneer"]
    shown = page.inner_text("#options-box")
    assert not API_NAME.search(shown), API_NAME.findall(shown)
    assert "docs/" not in shown
    shot(page, f"words-lobby-options-{title}")
