"""18RoyalGorge in a real Chromium: a game of people and bots created in the lobby, then a
saved game imported through the lobby and an operating turn played through the page: lay a
tile previewed on its hex, place a station by clicking its city, build the run on the map
(drawn along the track, priced by the engine) and pay out (18RoyalGorge "Operating Round")."""

from __future__ import annotations

import json

import httpx2
import pytest

from tests.browser.conftest import shot
from tests.server.royal_gorge_turn import operating_turn

LOADED = """() => [...document.querySelectorAll('.selected-hex img')]
  .every(i => i.complete && i.naturalWidth > 0)"""


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
    page.wait_for_selector(".market [data-price]")
    assert "Spreadsheet" in page.inner_text("#tables")
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
    """Import a game stopped before an operating turn and play the turn through the UI: the
    tile previewed on its hex and rotated to the planned position, the station by its city,
    the run built on the map (a stop taken off and put back, priced by the engine each time)
    and the payout, narrated in the log (18RoyalGorge "Operating Round")."""
    turn = operating_turn()
    saved = tmp_path / "rg.json"
    saved.write_text(json.dumps(turn.doc))
    page.goto(base_url + "/")
    page.set_input_files("#import-file", str(saved))
    page.click("#import-go")
    page.wait_for_url("**/games/*")
    page.wait_for_selector("#board svg g[data-hex].legal")
    game_id = page.url.split("/games/")[1].split("#")[0]
    api = f"{base_url}/api/games/{game_id}"

    def view() -> dict:
        return httpx2.get(f"{api}/view").json()["view"]

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
            page.locator(f".selected-hex button.tile[data-tile='{step['tile']}']").click()
            page.wait_for_selector(f"#board g.tile-preview[data-hex='{step['hex']}'] image")
            page.wait_for_function(LOADED)
            confirm = page.locator("#lay-confirm")
            for _ in range(6):
                if confirm.get_attribute("data-rotation") == str(step["rotation"]):
                    break
                page.keyboard.press("r")
            assert confirm.get_attribute("data-tile") == step["tile"]
            assert confirm.get_attribute("data-rotation") == str(step["rotation"])
            shot(page, "royal-gorge-tile-preview")
            _act(page, confirm.click)
            laid = httpx2.get(f"{api}/log").json()["entries"][-1]
            assert laid["action"]["tile"] == step["tile"] and laid["action"]["hex"] == step["hex"]
            assert laid["action"]["rotation"] == step["rotation"]
            assert page.locator("#board g.tile-preview").count() == 0
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
            page.wait_for_selector("#run-routes:not([disabled])")
            lines = page.locator("#board g.routes path.line")
            assert lines.count() == len(step["routes"])
            assert f"${step['revenue']}" in page.inner_text(".run-total")
            # Take the first train's last stop off on the map: the engine prices the rest.
            first = step["routes"][0]
            last = first[-1]
            page.locator(f"#board .stops circle[data-stop='{last}']").dispatch_event("click")
            page.wait_for_function(
                "r => !document.querySelector('.run-total').textContent.includes('$' + r)"
                " && document.querySelector('.run-total').textContent.includes('$')",
                arg=step["revenue"],
            )
            shot(page, "royal-gorge-route-edited")
            page.locator(f"#board .stops circle[data-stop='{last}']").dispatch_event("click")
            page.wait_for_function(
                "r => document.querySelector('.run-total').textContent.includes('$' + r)",
                arg=step["revenue"],
            )
            shot(page, "royal-gorge-routes")
            _act(page, lambda: page.click("#run-routes"))
            ran = httpx2.get(f"{api}/log").json()["entries"][-1]
            assert ran["kind"] == "run_routes" and ran["action"]["revenue"] == step["revenue"]
        else:
            button = page.locator(f"#controls button[data-kind={kind}]").first
            _act(page, button.click)
    president_cash = cash(view(), turn.president)
    page.wait_for_selector("#controls button[data-kind=dividend]")
    payout = page.locator("#controls button[data-kind=dividend]", has_text="pays out")
    _act(page, payout.click)
    after = view()
    assert cash(after, turn.president) > president_cash
    assert price(after, turn.company) >= price(before, turn.company)
    log = page.inner_text("#log")
    assert (
        f"{turn.company} pays out" in log and f"{turn.company} pays $" in log and "per share" in log
    )
    shot(page, "royal-gorge-after-payout")
