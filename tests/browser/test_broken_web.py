"""Issue #20's "broken" list, each in a real Chromium: exports that say when 18xx.games cannot
take a game (a rulebook 18RoyalGorge game, any Chicago Express game) instead of failing, the
game page importing 18xx.games files as the lobby does, imports keeping names and bot seats,
unknown games and paths answered with a readable page (no endless "reconnecting…"), and a
stale lobby error going away."""

from __future__ import annotations

import json

import httpx2

from tests.browser.conftest import shot
from tests.shared_files import shared_file

SEATS_3 = [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cy"}]


def _create(base_url: str, **body: object) -> dict:
    reply = httpx2.post(f"{base_url}/api/games", json=body)
    assert reply.status_code == 201, reply.text
    return reply.json()


def _open_save_menu(page) -> None:
    page.click("#save-menu summary")
    page.wait_for_selector("#export", state="visible")


def test_browser_18xx_export_of_a_rulebook_18royalgorge_game_says_why(
    base_url: str, page, tmp_path
) -> None:
    """A default (rulebook) 18RoyalGorge game cannot be set up the same on 18xx.games: the
    button is off and says, in the lobby's words, which option it needs (not the API's
    ``compat_18xx_games=False``); with that option it downloads."""
    plain = _create(base_url, title="18RoyalGorge", seats=SEATS_3, seed=3)
    page.goto(base_url + plain["link"])
    page.wait_for_selector("#board svg")
    _open_save_menu(page)
    assert page.locator("#export-18xx").is_disabled()
    note = page.inner_text("#export-18xx-note")
    assert "“As on 18xx.games” left unticked" in note and "different game" in note, note
    assert "compat" not in note and "=" not in note, note
    assert page.locator("#toast").is_hidden()
    shot(page, "broken-export-18xx-rulebook")

    compat = _create(
        base_url,
        title="18RoyalGorge",
        seats=SEATS_3,
        seed=3,
        options={"compat_18xx_games": True},
    )
    page.goto(base_url + compat["link"])
    page.wait_for_selector("#board svg")
    _open_save_menu(page)
    assert page.locator("#export-18xx").is_enabled()
    assert page.locator("#export-18xx-note").is_hidden()
    with page.expect_download() as download:
        page.click("#export-18xx")
    saved = tmp_path / "site.json"
    download.value.save_as(saved)
    doc = json.loads(saved.read_text())
    assert doc["title"] == "18RoyalGorge" and "compat_18xx_games" not in json.dumps(doc["players"])


def test_browser_chicago_express_offers_no_18xx_export(base_url: str, page) -> None:
    """18xx.games has no Chicago Express: the button is off with the reason, never an error."""
    created = _create(base_url, title="ChicagoExpress", seats=SEATS_3, seed=2)
    page.goto(base_url + created["link"])
    page.wait_for_selector("#board svg .hex")
    _open_save_menu(page)
    assert page.locator("#export-18xx").is_disabled()
    assert "not available for Chicago Express" in page.inner_text("#export-18xx-note")
    assert page.locator("#export").is_enabled()


def test_browser_game_page_imports_an_18xx_games_file(base_url: str, page) -> None:
    """The game page's import reads 18xx.games files as the lobby does; the players keep
    their names from the file."""
    fixture = shared_file(
        "fixtures",
        "18xx.games",
        "18RoyalGorge",
        "post_boston.json",
        feature="the game page's 18xx.games import",
        issue="#20",
    )
    names = [p["name"] for p in json.loads(fixture.read_text())["players"]]
    created = _create(base_url, title="Toy", seats=[{"name": "Ann"}, {"name": "Bob"}])
    page.goto(base_url + created["link"])
    page.wait_for_selector("#controls button.action")
    old = created["game"]["id"]
    page.set_input_files("#import-file", str(fixture))
    page.wait_for_function("id => !location.pathname.endsWith(id)", arg=old, timeout=20000)
    page.wait_for_selector("#board svg g[data-hex]")
    game_id = page.url.split("/games/")[1].split("#")[0]
    summary = httpx2.get(f"{base_url}/api/games/{game_id}").json()
    assert summary["title"] == "18RoyalGorge"
    assert [s["name"] for s in summary["seats"]] == names
    assert names[0] in page.inner_text("#tables")
    assert page.locator("#toast").is_hidden()


def test_browser_import_keeps_names_and_bot_seats(base_url: str, page, tmp_path) -> None:
    """A game exported with a bot seat imports (through the lobby's seat list, which shows
    the file's seats) with the same names and the bot still a bot."""
    created = _create(
        base_url,
        title="ChicagoExpress",
        seats=[{"name": "Zoe"}, {"name": "Robo", "kind": "bot", "level": "random"}],
        seed=5,
    )
    page.goto(base_url + created["link"])
    page.wait_for_selector("#controls button")
    _open_save_menu(page)
    with page.expect_download() as download:
        page.click("#export")
    saved = tmp_path / "game.json"
    download.value.save_as(saved)
    page.goto(base_url + "/")
    page.set_input_files("#import-file", str(saved))
    page.wait_for_selector("#import-form:not([hidden])")
    rows = page.locator("#import-seats li")
    assert rows.count() == 2
    assert rows.nth(0).locator(".name").input_value() == "Zoe"
    assert rows.nth(1).locator(".kind").input_value() == "bot"
    assert rows.nth(1).locator(".level").input_value() == "random"
    shot(page, "broken-import-seats")
    page.click("#import-go")
    page.wait_for_url("**/games/*")
    game_id = page.url.split("/games/")[1].split("#")[0]
    seats = httpx2.get(f"{base_url}/api/games/{game_id}").json()["seats"]
    assert [(s["name"], s["kind"], s["level"]) for s in seats] == [
        ("Zoe", "human", None),
        ("Robo", "bot", "random"),
    ]


def test_browser_unknown_game_is_a_page_not_an_endless_reconnect(base_url: str, page) -> None:
    """/games/<unknown> says there is no such game and leads back to the lobby."""
    response = page.goto(base_url + "/games/nosuchgame")
    assert response is not None and response.status == 404
    text = page.inner_text("body")
    assert "no game 'nosuchgame'" in text and "reconnecting" not in text
    page.wait_for_timeout(1500)
    assert "reconnecting" not in page.inner_text("body")
    page.click("text=Back to the lobby")
    page.wait_for_selector("#title option", state="attached")


def test_browser_unknown_path_is_a_readable_page(base_url: str, page) -> None:
    response = page.goto(base_url + "/no/such/page")
    assert response is not None and response.status == 404
    assert page.locator("#not-found h2").inner_text() == "Not found"
    assert "/no/such/page" in page.inner_text("#not-found")
    assert "{" not in page.inner_text("body")


def test_browser_lobby_error_goes_when_the_form_changes(base_url: str, page) -> None:
    """A refused game (two seats of one name) says why; the message goes as soon as the
    form is changed, not when the next game is made."""
    page.goto(base_url + "/")
    page.wait_for_selector("#title option[value=ChicagoExpress]", state="attached")
    page.select_option("#player-count", "2")
    page.fill("#seats li:nth-child(1) .name", "Same")
    page.fill("#seats li:nth-child(2) .name", "Same")
    page.click("#create")
    page.wait_for_function("() => document.getElementById('create-error').textContent !== ''")
    assert "differ" in page.inner_text("#create-error")
    page.fill("#seats li:nth-child(2) .name", "Other")
    assert page.inner_text("#create-error") == ""


def test_browser_board_lost_on_the_way_is_fetched_again(base_url: str, page) -> None:
    """A board drawing that does not arrive (a dropped connection, a busy server) is asked for
    again, so the page gets its map without a reload."""
    created = _create(base_url, title="ChicagoExpress", seats=SEATS_3, seed=5)
    refused: list[str] = []

    def first_two_fail(route) -> None:
        if len(refused) < 2:
            refused.append(route.request.url)
            route.abort("connectionreset")
        else:
            route.continue_()

    page.route("**/board.svg*", first_two_fail)
    page.goto(base_url + created["link"])
    page.wait_for_selector("#board svg .hex", timeout=20_000)
    assert len(refused) == 2


def test_browser_last_moves_cannot_be_pressed_under_a_new_banner(base_url: str, page) -> None:
    """While a new position's map is on its way, its banner is up but the last position's
    moves are still on screen: they are greyed and cannot be pressed (the server would refuse
    them, or worse take one that happens to be legal again); the new moves follow the map."""
    created = _create(base_url, title="ChicagoExpress", seats=SEATS_3, seed=2)
    page.goto(base_url + created["link"])
    page.wait_for_selector("#board svg .hex")
    held: list[object] = []

    def hold(route) -> None:
        held.append(route)

    page.route("**/board.svg*", hold)
    page.click("#controls button:has-text('Ann passes')")
    page.wait_for_function("() => document.getElementById('status').textContent.includes('Bob')")
    page.wait_for_function("() => document.getElementById('controls').inert")
    assert "stale" in (page.get_attribute("#controls", "class") or "")
    page.wait_for_timeout(300)
    assert held, "the new map should still be on its way"
    for route in held:
        route.continue_()  # type: ignore[attr-defined]
    page.unroute("**/board.svg*", hold)
    page.wait_for_selector("#controls button:has-text('Bob passes')", timeout=10_000)
    assert not page.evaluate("document.getElementById('controls').inert")
    assert page.locator("#controls button:has-text('Ann passes')").count() == 0


def test_browser_a_late_answer_never_paints_an_older_position(base_url: str, page) -> None:
    """Two history steps in a row, the first one's position held up on the way: once it
    arrives, the page still shows the second position (its tables and its status), not the
    position the first click asked for."""
    created = _create(base_url, title="Toy", seats=[{"name": "Ann"}, {"name": "Bob"}], seed=2)
    game_id = created["game"]["id"]
    for player, count, index in (("Ann", 3, 0), ("Bob", 1, 1)):
        reply = httpx2.post(
            f"{base_url}/api/games/{game_id}/actions",
            json={"index": index, "action": {"kind": "take", "player": player, "count": count}},
            headers={"Authorization": f"Bearer {created['token']}"},
        )
        assert reply.status_code == 200, reply.text
    page.goto(base_url + created["link"])
    page.wait_for_function("() => document.getElementById('status').textContent.includes('Ann')")
    held: list[object] = []

    def hold_position_one(route) -> None:
        held.append(route)

    page.route("**/history/1", hold_position_one)
    page.click("#history-back")
    page.wait_for_timeout(300)
    assert held, "the first step's position should be on its way"
    page.click("#history-back")
    page.wait_for_function(
        "() => document.getElementById('status').textContent.includes('after 0 of 2')"
    )
    page.wait_for_timeout(300)
    at_zero = page.inner_text("#tables")
    for route in held:
        route.continue_()  # type: ignore[attr-defined]
    page.unroute("**/history/1", hold_position_one)
    page.wait_for_timeout(800)
    assert "after 0 of 2" in page.inner_text("#status")
    assert page.inner_text("#tables") == at_zero
