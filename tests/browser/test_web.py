"""The web app in a real Chromium: lobby, a whole Chicago Express game against bots through the
UI, undo, history, export/import and the phone layout.  Screenshots go to artifacts/."""

from __future__ import annotations

import json

import httpx2
import pytest

from tests.browser.conftest import shot


def _version(page) -> str:
    return page.evaluate("document.body.dataset.version ?? ''")


def _act(page, click) -> None:
    """Click something that submits an action and wait until the page shows a newer version."""
    before = _version(page)
    click()
    page.wait_for_function("v => document.body.dataset.version !== v", arg=before, timeout=15000)


def _create_toy(base_url: str, seats: list[dict[str, str]]) -> dict:
    reply = httpx2.post(f"{base_url}/api/games", json={"title": "Toy", "seats": seats, "seed": 2})
    assert reply.status_code == 201, reply.text
    return reply.json()


PICK = """() => {
  // Our player's policy: build where it can (map), else bid the minimum, else the first button.
  const hex = document.querySelector('#board .hex.legal');
  if (hex) return { hex: hex.dataset.hex, button: -1, amount: 0 };
  const buttons = [...document.querySelectorAll('#controls button')];
  const build = buttons.findIndex((b) => b.dataset.kind === 'choose_company' ||
    (b.dataset.kind === 'choose_gauge' && b.textContent.includes('build')));
  if (build >= 0) return { hex: null, button: build, amount: 0 };
  const amount = buttons.findIndex((b) => b.closest('form.amount'));
  if (amount >= 0) return { hex: null, button: amount, amount: 1 };
  return { hex: null, button: 0, amount: 0 };
}"""


@pytest.mark.slow
def test_browser_chicago_express_full_game_against_bots(base_url: str, page) -> None:
    """Create a Chicago Express game in the lobby (one person, two bots) and play it to the
    end through the UI: bids in the number input, hexes picked on the map, buttons otherwise."""
    page.goto(base_url + "/")
    page.wait_for_selector("#title option[value=ChicagoExpress]", state="attached")
    page.select_option("#title", "ChicagoExpress")
    page.select_option("#player-count", "3")
    page.fill("#seats li:nth-child(1) .name", "Ann")
    for n in (2, 3):
        page.select_option(f"#seats li:nth-child({n}) .level", "random")
    page.fill("#seed", "11")
    shot(page, "lobby")
    page.click("#create")
    page.wait_for_url("**/games/*")
    page.wait_for_selector("#board svg .hex")
    shot(page, "chicago-express-start")

    map_clicks = bids = moves = 0
    ready = (
        "v => document.body.dataset.version !== v && (document.body.dataset.finished === 'true'"
        " || document.querySelector('#controls button') !== null)"
    )
    version = ""
    while True:
        page.wait_for_function(ready, arg=version, timeout=20000)
        version = _version(page)
        if page.evaluate("document.body.dataset.finished") == "true":
            break
        choice = page.evaluate(PICK)
        if choice["hex"]:
            page.locator(f'#board .hex.legal[data-hex="{choice["hex"]}"]').click()
            page.wait_for_selector(".selected-hex button")
            if map_clicks == 0:
                shot(page, "chicago-express-hex-selected")
            map_clicks += 1
            page.locator(".selected-hex button").first.click()
        else:
            if choice["amount"] and bids == 0:
                shot(page, "chicago-express-bid")
            bids += choice["amount"]
            page.locator("#controls button").nth(choice["button"]).click()
        moves += 1
        assert moves < 400, "the game did not finish within 400 of our moves"

    # Attached, not "visible": a player whose worth never moved has a flat line, whose empty
    # box Playwright counts as invisible.
    page.wait_for_selector("#summary:not([hidden]) svg.chart polyline", state="attached")
    assert page.locator("#summary svg.chart").is_visible()
    assert page.locator("svg.chart polyline").count() == 3
    assert "wins" in page.inner_text("#summary")
    assert map_clicks > 0 and bids > 0
    assert page.locator("#controls-section").is_hidden()
    shot(page, "chicago-express-finished")


def test_browser_undo_and_history_are_read_only(base_url: str, page) -> None:
    created = _create_toy(base_url, [{"name": "Ann"}, {"name": "Bob"}])
    page.goto(base_url + created["link"])
    page.wait_for_selector("#controls button.action")
    assert page.locator("#undo").is_disabled()
    _act(page, lambda: page.get_by_role("button", name="Ann: take count=2").click())
    assert page.locator("#log li").count() == 1
    _act(page, lambda: page.click("#undo"))
    assert page.locator("#log li").count() == 0
    assert "Ann to act" in page.inner_text("#status")

    _act(page, lambda: page.get_by_role("button", name="Ann: take count=3").click())
    _act(page, lambda: page.get_by_role("button", name="Bob: take count=1").click())
    page.click("#history-back")
    page.wait_for_function(
        "() => document.getElementById('status').textContent.includes('after 1 of 2')"
    )
    assert page.locator("#controls-section").is_hidden()
    assert "Bob" in page.inner_text("#tables") or page.locator("#tables table").count() > 0
    shot(page, "toy-history")
    page.click("#history-back")
    page.wait_for_function(
        "() => document.getElementById('status').textContent.includes('after 0')"
    )
    page.click("#history-live")
    page.wait_for_function(
        "() => document.getElementById('status').textContent.includes('Ann to act')"
    )
    assert page.locator("#controls-section").is_visible()


def test_browser_export_then_import_gives_the_same_game(base_url: str, page, tmp_path) -> None:
    created = _create_toy(base_url, [{"name": "Ann"}, {"name": "Bob"}])
    page.goto(base_url + created["link"])
    page.wait_for_selector("#controls button.action")
    _act(page, lambda: page.get_by_role("button", name="Ann: take count=1").click())
    page.click("#save-menu summary")
    with page.expect_download() as download:
        page.click("#export")
    saved = tmp_path / "game.json"
    download.value.save_as(saved)
    doc = json.loads(saved.read_text())
    assert doc["title"] == "Toy" and len(doc["actions"]) == 1

    # 18xx.games has no Toy: the button says so instead of failing (issue #20).
    assert page.locator("#export-18xx").is_disabled()
    assert "not available for Toy Nim" in page.inner_text("#export-18xx-note")

    page.set_input_files("#import-file", str(saved))
    page.wait_for_function(
        "id => !location.pathname.endsWith(id)", arg=created["game"]["id"], timeout=10000
    )
    page.wait_for_selector("#log li")
    assert page.inner_text("#log").strip() == "Ann: take count=1"
    assert "Bob to act" in page.inner_text("#status")


def test_browser_bots_move_and_page_updates_live(base_url: str, page) -> None:
    created = _create_toy(base_url, [{"name": "Ann"}, {"name": "Bot", "kind": "bot"}])
    page.goto(base_url + created["link"])
    page.wait_for_selector("#controls button.action")
    page.get_by_role("button", name="Ann: take count=1").click()
    # The bot answers by itself; the WebSocket brings its move to the page.
    page.wait_for_function("() => document.querySelectorAll('#log li').length >= 2")
    assert "Bot:" in page.inner_text("#log")
    assert page.inner_text("#connection") == "live"


def test_browser_phone_layout_has_no_sideways_scroll(base_url: str, browser) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    page = context.new_page()
    reply = httpx2.post(
        f"{base_url}/api/games",
        json={
            "title": "ChicagoExpress",
            "seats": [{"name": "Ann"}, {"name": "Bot", "kind": "bot", "level": "random"}],
            "seed": 4,
        },
    )
    page.goto(base_url + reply.json()["link"])
    page.wait_for_selector("#board svg .hex")
    page.wait_for_selector("#controls button")
    shot(page, "phone-game")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 392, f"the page is {width}px wide on a 390px phone"
    page.goto(base_url + "/")
    page.wait_for_selector("#title option", state="attached")
    shot(page, "phone-lobby")
    assert page.evaluate("document.documentElement.scrollWidth") <= 392
    context.close()
