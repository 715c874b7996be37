"""18RoyalGorge in a real Chromium: a game of people and bots created in the lobby, then a
saved game imported through the lobby and an operating turn played through the page: lay a
tile from the hex's previews, place a station by clicking its city, run the trains along the
drawn routes (priced again in the route editor) and pay out (18RoyalGorge "Operating Round")."""

from __future__ import annotations

import json

import httpx
import pytest

from tests.browser.conftest import shot
from tests.server.royal_gorge_turn import operating_turn

LOADED = """() => [...document.querySelectorAll('.selected-hex img')]
  .every(i => i.complete && i.naturalWidth > 0)"""
PRICED = "() => document.querySelector('.route-editor [role=status]').textContent.includes('$')"


def _version(page) -> str:
    return page.evaluate("document.body.dataset.version ?? ''")


def _act(page, click) -> None:
    before = _version(page)
    click()
    page.wait_for_function("v => document.body.dataset.version !== v", arg=before, timeout=15000)


def test_browser_18royalgorge_people_and_bots_from_the_lobby(base_url: str, page) -> None:
    """The lobby makes an 18RoyalGorge game; the server-drawn map, market and companies show;
    the bot seats bid and pass by themselves in the private auction."""
    page.goto(base_url + "/")
    page.wait_for_selector("#title option[value='18RoyalGorge']", state="attached")
    page.select_option("#title", "18RoyalGorge")
    page.select_option("#player-count", "3")
    page.fill("#seats li:nth-child(1) .name", "Ann")
    for n in (2, 3):
        page.select_option(f"#seats li:nth-child({n}) .level", "random")
    page.fill("#seed", "3")
    page.click("#create")
    page.wait_for_url("**/games/*")
    page.wait_for_selector("#board svg g[data-hex='E11']")
    page.wait_for_selector("table.market td[data-price]")
    assert "Companies" in page.inner_text("#tables")
    for _ in range(20):
        bots_moved = page.evaluate(
            "[...document.querySelectorAll('#log li')].some(li => !li.textContent.includes('Ann'))"
        )
        if bots_moved:
            break
        if "Ann" in page.inner_text("#status") and page.locator("#controls button").count():
            passes = page.locator("#controls button[data-kind=pass]")
            target = passes.first if passes.count() else page.locator("#controls button").first
            _act(page, target.click)
        else:
            page.wait_for_timeout(200)
    assert bots_moved, "the bots never moved"
    shot(page, "royal-gorge-lobby-game")


@pytest.mark.slow
def test_browser_18royalgorge_operating_turn(base_url: str, page, tmp_path) -> None:
    """Import a game stopped before an operating turn and play the turn through the UI."""
    turn = operating_turn()
    saved = tmp_path / "rg.json"
    saved.write_text(json.dumps(turn.doc))
    page.goto(base_url + "/")
    page.set_input_files("#import-file", str(saved))
    page.wait_for_url("**/games/*")
    page.wait_for_selector("#board svg g[data-hex].legal")
    game_id = page.url.split("/games/")[1].split("#")[0]
    api = f"{base_url}/api/games/{game_id}"

    def view() -> dict:
        return httpx.get(f"{api}/view").json()["view"]

    def cash(shown: dict, player: str) -> int:
        return next(p["cash"] for p in shown["table"]["players"] if p["id"] == player)

    def price(shown: dict, company: str) -> int:
        return next(c["price"] for c in shown["table"]["companies"] if c["id"] == company)

    shot(page, "royal-gorge-or-start")
    before = view()
    for step in turn.plan:
        kind = step["kind"]
        if kind == "lay_tile":
            page.locator(f"#board g[data-hex='{step['hex']}'].legal").click(force=True)
            tile = page.locator(
                f".selected-hex button.tile[data-tile='{step['tile']}']"
                f"[data-rotation='{step['rotation']}']"
            )
            tile.wait_for()
            page.wait_for_function(LOADED)
            shot(page, "royal-gorge-tile-choices")
            _act(page, tile.click)
            laid = httpx.get(f"{api}/log").json()["entries"][-1]
            assert laid["action"]["tile"] == step["tile"] and laid["action"]["hex"] == step["hex"]
            svg = httpx.get(f"{api}/board.svg").text
            assert f'data-hex="{step["hex"]}"' in svg
        elif kind == "place_token":
            spot = page.locator(
                f"#board .stops circle.legal[data-hex='{step['hex']}'][data-city='{step['city']}']"
            )
            _act(page, lambda spot=spot: spot.dispatch_event("click"))
            page.wait_for_selector(
                f"#board .stops [data-hex='{step['hex']}'][data-tokens*='{turn.company}']"
            )
            assert step["hex"] in page.inner_text("#tables")
            shot(page, "royal-gorge-station")
        elif kind == "run_routes":
            page.wait_for_selector("#board g.routes polyline")
            assert page.locator("#board g.routes polyline").count() == len(step["routes"])
            page.click(".route-editor summary")
            page.click(f"#price-{turn.company}")
            page.wait_for_function(PRICED)
            assert f"${step['revenue']}" in page.inner_text(".route-editor")
            shot(page, "royal-gorge-routes")
            _act(page, lambda: page.locator("#controls .offered-run button").first.click())
        else:
            button = page.locator(f"#controls button[data-kind={kind}]").first
            _act(page, button.click)
    president_cash = cash(view(), turn.president)
    page.wait_for_selector("#controls button[data-kind=dividend]")
    payout = page.locator("#controls button[data-kind=dividend]", has_text="payout")
    _act(page, payout.click)
    after = view()
    assert cash(after, turn.president) > president_cash
    assert price(after, turn.company) >= price(before, turn.company)
    assert "payout" in page.inner_text("#log")
    shot(page, "royal-gorge-after-payout")
