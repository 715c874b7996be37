"""Issue #20's table around the map, in a real Chromium: the turn banner, tab title, chime and
browser notification when it becomes your turn; the narrated log; the spreadsheet, market,
trains and privates by name; step help and plain-language options; seat invites with copy
buttons, spectators and unlisted games."""

from __future__ import annotations

import json

import httpx2

from tests.browser.conftest import shot
from tests.server.royal_gorge_turn import operating_turn

# Counts chimes and notifications instead of making them, and lets a test hide the tab.
SPIES = """
window.__chimes = 0; window.__notes = []; window.__hidden = false;
class FakeAudio {
  constructor() { this.currentTime = 0; this.destination = {}; }
  createOscillator() { window.__chimes += 0.5; const o = { frequency: {}, connect: (g) => g,
    start() {}, stop() {} }; return o; }
  createGain() { return { gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} },
    connect: (d) => d }; }
}
window.AudioContext = FakeAudio;
class FakeNotification {
  constructor(title, options) { window.__notes.push([title, options && options.body]); }
}
FakeNotification.permission = "granted";
FakeNotification.requestPermission = async () => "granted";
window.Notification = FakeNotification;
Object.defineProperty(document, "hidden", { get: () => window.__hidden });
"""


def _version(page) -> str:
    return page.evaluate("document.body.dataset.version ?? ''")


def _act(page, click) -> None:
    before = _version(page)
    click()
    page.wait_for_function("v => document.body.dataset.version !== v", arg=before, timeout=15000)


def test_browser_turn_banner_title_chime_and_notification(base_url: str, browser) -> None:
    """Online, against a bot: the banner names the round and step and says it is yours, the
    tab title says "Your turn", and when the bot has moved and it is your turn again the page
    chimes and (asked to, with the tab hidden) notifies."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.add_init_script(SPIES)
    page = context.new_page()
    created = httpx2.post(
        f"{base_url}/api/games",
        json={
            "title": "ChicagoExpress",
            "seats": [{"name": "Ann"}, {"name": "Bot", "kind": "bot", "level": "random"}],
            "mode": "online",
            "join_as": "Ann",
            "seed": 9,
        },
    ).json()
    page.goto(base_url + created["link"])
    page.wait_for_selector("#controls button")
    status = page.inner_text("#status")
    assert status.startswith("Initial auction · Ann (you): bid or pass"), status
    assert page.title().startswith("● Your turn · Initial auction")
    assert page.evaluate("document.getElementById('banner').classList.contains('your-turn')")
    assert page.locator("#prompt-help").inner_text().startswith("Bid at least")
    page.click("#alerts-menu summary")
    page.click("#notify")
    assert page.get_attribute("#notify", "aria-pressed") == "true"
    page.evaluate("window.__hidden = true")
    chimes = page.evaluate("window.__chimes")
    # Ann passes; the bot bids or passes; when it is Ann's turn again the page tells her.
    for _ in range(6):
        _act(page, lambda: page.locator("#controls button[data-kind=pass_bid]").first.click())
        page.wait_for_function(
            "() => document.body.dataset.yourTurn === 'true' || "
            "document.body.dataset.finished === 'true'",
            timeout=15000,
        )
        if page.evaluate("window.__chimes") > chimes:
            break
    assert page.evaluate("window.__chimes") > chimes
    notes = page.evaluate("window.__notes")
    assert notes and notes[-1][0] == "Your turn — Roundhouse" and "Ann" in notes[-1][1]
    shot(page, "table-your-turn")
    context.close()


def test_browser_log_is_narrated_and_the_tables_name_things(base_url: str, page) -> None:
    """An 18RoyalGorge game played on by bots: the log has round headers, auctions won,
    payouts per player and price moves; the spreadsheet lists companies by players with cash
    and worth; the market holds price tokens; privates show their names and abilities; the
    phase table says which card of the train deck starts each phase after the first."""
    turn = operating_turn()
    imported = httpx2.post(f"{base_url}/api/games/import", json={"doc": turn.doc}).json()
    page.goto(base_url + imported["link"])
    page.wait_for_selector("#log li")
    headers = page.locator("#log .round-header").all_inner_texts()
    assert any(h.startswith("Stock round") for h in headers), headers
    assert any(h.startswith("Operating round") for h in headers), headers
    events = page.locator("#log .event").all_inner_texts()
    assert any(" buys " in e and " for $" in e for e in events)  # an auction won
    assert any("share price" in e for e in events)
    assert any(" pays $" in e and "per share" in e for e in events) or any(
        "withholds" in e for e in events
    )
    sheet = page.locator(".spreadsheet")
    assert sheet.locator("tbody tr[data-company='RG']").count() == 1
    for label in ("Cash", "Worth", "Certificates"):
        assert label in sheet.inner_text()
    assert page.locator(".market [data-price] .chip").count() >= 2
    privates = page.inner_text(".privates")
    assert "Ghost Town Tour Co." in privates and "ghost-town" in privates
    held = page.locator(".spreadsheet .private-chip").first
    assert held.get_attribute("title")  # name, value, income and ability on hover
    trains = page.inner_text(".trains")
    assert "rusts when the first" in trains and "Phases" in trains
    # Only the Yellow phase starts the game; the others start on a card of the train deck
    # ("Phase Changes": Green with the fourth 2+, Brown the third 4+, Silver the second 5+).
    starts = page.locator(".trains table.phases tbody td:nth-of-type(1)").all_inner_texts()
    assert starts == ["start", "fourth 2+", "third 4+", "second 5+"], starts
    shot(page, "table-narrated-log")


def test_browser_steps_are_explained_and_options_in_plain_words(base_url: str, page) -> None:
    """The step help sits under the banner; 18RoyalGorge's steel columns say their colour
    and next cube ("Buying Steel from CF&I"); the lobby's options read as words."""
    turn = operating_turn()
    imported = httpx2.post(f"{base_url}/api/games/import", json={"doc": turn.doc}).json()
    page.goto(base_url + imported["link"])
    page.wait_for_selector("#controls button")
    assert "lay track" in page.inner_text("#status")
    assert "highlighted hex" in page.inner_text("#prompt-help")
    steel = page.locator(".step[data-step=steel]")
    assert "choose steel" in steel.inner_text()
    assert "next cube $" in steel.locator("button").first.inner_text()
    page.goto(base_url + "/")
    page.wait_for_selector("#title option[value='18RoyalGorge']", state="attached")
    page.select_option("#title", "18RoyalGorge")
    page.click("#options-box summary")
    labels = page.locator(".option > label").all_inner_texts()
    assert "Shorter Game" in labels and "No Privates Variant" in labels
    assert "shorter_game_end" not in labels
    shot(page, "table-lobby-options")


def _toy_lobby(browser, base_url: str, players: int):
    """A desktop page on the lobby, the toy title chosen for ``players``, allowed to use
    the clipboard (the share panel's Copy buttons)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=base_url)
    page = context.new_page()
    page.goto(base_url + "/")
    page.wait_for_selector("#title option[value=Toy]", state="attached")
    page.select_option("#title", "Toy")
    page.select_option("#player-count", str(players))
    return context, page


def test_browser_invite_links_spectators_and_unlisted(base_url: str, browser) -> None:
    """An online game made in the lobby hands its creator every seat's link with a copy
    button; Bob's link plays Bob; a plain link only watches; an unlisted game stays out of
    the lobby's list."""
    context, page = _toy_lobby(browser, base_url, 2)
    page.fill("#seats li:nth-child(1) .name", "Ann")
    page.fill("#seats li:nth-child(2) .name", "Bob")
    page.select_option("#seats li:nth-child(2) .kind", "human")
    page.check("input[name=mode][value=online]")
    page.uncheck("#listed")
    page.click("#create")
    page.wait_for_url("**/games/*")
    page.wait_for_selector("#share-panel:not([hidden]) .share-line")
    game_id = page.url.split("/games/")[1].split("#")[0]
    lines = page.locator("#share-panel .share-line")
    assert "Ann (you)" in lines.nth(0).inner_text() and "Bob" in lines.nth(1).inner_text()
    lines.nth(1).locator("button.copy").click()
    page.wait_for_function("() => document.querySelectorAll('.copied')[1].textContent === 'copied'")
    bob_link = page.evaluate("navigator.clipboard.readText()")
    assert f"/games/{game_id}#token=" in bob_link
    assert page.inner_text("#seat-badge") == "You are Ann"
    shot(page, "table-invites")

    bob = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    bob_page = bob.new_page()
    bob_page.goto(bob_link)
    bob_page.wait_for_selector("#seat-badge:text('You are Bob')")
    watcher = browser.new_context(viewport={"width": 1280, "height": 900})
    watch_page = watcher.new_page()
    watch_page.goto(f"{base_url}/games/{game_id}")
    watch_page.wait_for_selector("#seat-badge:text('Watching')")
    assert watch_page.locator("#controls button.action").count() == 0

    _act(page, lambda: page.get_by_role("button", name="Ann: take count=1").click())
    bob_page.wait_for_selector("#controls button.action")
    _act(bob_page, lambda: bob_page.get_by_role("button", name="Bob: take count=2").click())
    watch_page.wait_for_function("() => document.querySelectorAll('#log li').length === 2")
    listed = [g["id"] for g in httpx2.get(f"{base_url}/api/games").json()]
    assert game_id not in listed
    for ctx in (bob, watcher, context):
        ctx.close()


def test_browser_open_seat_links_for_the_creator(base_url: str, browser) -> None:
    """An unlisted online game with open seats (issue #20: "per-seat invite links with a copy
    button"): its creator's share panel has a link for each free seat with a copy button (the
    lobby cannot show the game, so the links are the only way in); Bob's link opens the game
    offering Bob's seat first, one click seats him, and the creator's panel says at once that
    the seat is taken; a watcher's offer of free seats goes when the last one is taken."""
    context, page = _toy_lobby(browser, base_url, 3)
    for n, name in ((1, "Ann"), (2, "Bob"), (3, "Cy")):
        page.fill(f"#seats li:nth-child({n}) .name", name)
        page.select_option(f"#seats li:nth-child({n}) .kind", "human")
    page.check("input[name=mode][value=online]")
    page.check("#open-seats")
    page.uncheck("#listed")
    page.click("#create")
    page.wait_for_url("**/games/*")
    page.wait_for_selector("#share-panel:not([hidden]) .share-line")
    game_id = page.url.split("/games/")[1].split("#")[0]
    assert page.inner_text("#seat-badge") == "You are Ann"
    assert page.locator("#join-panel").is_hidden()
    bob_line = page.locator("#share-panel .share-line", has_text="Bob (free)")
    assert page.locator("#share-panel .share-line", has_text="Cy (free)").count() == 1
    bob_line.locator("button.copy").click()
    bob_line.locator(".copied:text('copied')").wait_for()
    bob_link = page.evaluate("navigator.clipboard.readText()")
    assert bob_link == f"{base_url}/games/{game_id}#seat=Bob"
    shot(page, "table-open-seat-links")

    bob = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    bob_page = bob.new_page()
    bob_page.goto(bob_link)
    bob_page.wait_for_selector("#join-panel:not([hidden])")
    assert bob_page.inner_text("#join-heading") == "You are invited to play Bob"
    seats = bob_page.locator("#join-body button").all_inner_texts()
    assert seats == ["Take Bob's seat", "Take Cy's seat"]
    shot(bob_page, "table-open-seat-invited")
    bob_page.click("#join-body button.invited")
    bob_page.wait_for_selector("#seat-badge:text('You are Bob')")
    assert bob_page.locator("#join-panel").is_hidden()

    # Seen live, without a reload: the creator's panel and a watcher's free seats.
    page.wait_for_selector("#share-panel .share-line.taken")
    assert "Bob" in page.inner_text("#share-panel .share-line.taken")
    assert page.locator("#share-panel .share-line", has_text="Cy (free)").count() == 1
    watcher = browser.new_context(viewport={"width": 1280, "height": 900})
    watch_page = watcher.new_page()
    watch_page.goto(f"{base_url}/games/{game_id}")
    watch_page.wait_for_selector("#join-panel:not([hidden])")
    assert watch_page.inner_text("#join-heading") == "Seats are free in this game"
    assert watch_page.locator("#join-body button").all_inner_texts() == ["Take Cy's seat"]
    cy = httpx2.post(f"{base_url}/api/games/{game_id}/seats/Cy/join")
    assert cy.status_code == 200
    watch_page.wait_for_selector("#join-panel", state="hidden")
    page.wait_for_selector("#share-panel .share-line.taken >> nth=1")
    for ctx in (watcher, bob, context):
        ctx.close()


def test_browser_import_of_an_online_game_in_the_lobby(base_url: str, page, tmp_path) -> None:
    """The lobby imports a saved game online: the seats shown are the file's, and the new
    game opens with its share panel."""
    doc = {"title": "Toy", "players": ["Ann", "Bob"], "seed": 1, "actions": []}
    saved = tmp_path / "toy.json"
    saved.write_text(json.dumps(doc))
    page.goto(base_url + "/")
    page.set_input_files("#import-file", str(saved))
    page.wait_for_selector("#import-form:not([hidden])")
    page.check("input[name=import-mode][value=online]")
    page.click("#import-go")
    page.wait_for_url("**/games/*")
    page.wait_for_selector("#share-panel:not([hidden])")
    assert "Bob" in page.inner_text("#share-panel")


PINCH = """() => {
  const svg = document.querySelector('#board svg');
  const r = svg.getBoundingClientRect();
  const cx = r.left + r.width / 2, cy = r.top + r.height / 2;
  const fire = (type, id, x) => svg.dispatchEvent(new PointerEvent(type,
    { pointerId: id, clientX: x, clientY: cy, bubbles: true, pointerType: 'touch' }));
  const before = Number(svg.getAttribute('viewBox').split(' ')[2]);
  fire('pointerdown', 1, cx - 20); fire('pointerdown', 2, cx + 20);
  fire('pointermove', 1, cx - 80); fire('pointermove', 2, cx + 80);
  fire('pointerup', 1, cx - 80); fire('pointerup', 2, cx + 80);
  return [before, Number(svg.getAttribute('viewBox').split(' ')[2])];
}"""


def _view_box(page) -> list[float]:
    box = page.evaluate("document.querySelector('#board svg').getAttribute('viewBox')")
    return [float(v) for v in box.split(" ")]


def test_browser_phone_map_first_pinch_zoom_and_docked_moves(base_url: str, browser) -> None:
    """On a 390 px phone the map comes first and fills the screen above the docked moves,
    the board opening for the map's shape (whole, or on a portrait map at its height); two
    fingers spread apart zoom in; choosing a hex zooms to it and its tiles show in the dock,
    in sight without scrolling."""
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
    )
    page = context.new_page()
    turn = operating_turn()
    imported = httpx2.post(f"{base_url}/api/games/import", json={"doc": turn.doc}).json()
    page.goto(base_url + imported["link"])
    page.wait_for_selector("#board svg g[data-hex].legal")
    board = page.locator("#board-section").bounding_box()
    dock = page.locator("#controls-section").bounding_box()
    assert board is not None and dock is not None
    assert board["y"] < 250 and dock["y"] + dock["height"] >= 842
    opening = _view_box(page)
    shape = page.evaluate(
        "(() => { const r = document.getElementById('board').getBoundingClientRect();"
        " return r.width / r.height; })()"
    )
    before, after = page.evaluate(PINCH)
    assert after < before * 0.6, (before, after)
    page.click("#zoom-reset")
    whole = _view_box(page)
    if shape < whole[2] / whole[3] * 0.75:
        # A portrait map: the landscape board opens filling its height (hexes readable), to
        # be dragged sideways; "Fit" shows it whole.
        assert abs(opening[3] - whole[3]) < 1 and opening[2] < whole[2] * 0.7, (opening, whole)
    else:  # the moves docked below leave a map about the board's shape: the board whole
        assert opening == whole, (opening, whole)
    hex_id = turn.plan[0]["hex"]
    page.locator(f"#board g[data-hex='{hex_id}'].legal").dispatch_event("click")
    page.wait_for_selector("#lay-confirm")
    confirm = page.locator("#lay-confirm").bounding_box()
    assert confirm is not None and 0 < confirm["y"] < 844 - confirm["height"]
    assert _view_box(page)[2] < whole[2] * 0.8
    shot(page, "table-phone-tile")
    page.click("#dock-toggle")
    assert page.locator("#controls").is_hidden()
    context.close()
