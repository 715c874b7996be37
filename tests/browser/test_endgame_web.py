"""Issue #20's walk-throughs to the end for 18USA, 18West and 18US: a game near its end (its
end already set: the last train bought, the bank broken) imported with one person and two bots and
played to the end through the page at 1280 px; a mid-game operating round and the final
screen at 390, 1280 and 2560 px; and the layout faults such games showed - the stock market
pushed below the fold at 2560 px by 18USA's twenty-row spreadsheet, a six-player spreadsheet
scrolling sideways at 1280 px, and engine names (a choice's id, a loan cube's number, a city
slot) in the log.  The games are heuristic-bot games kept in late_games/ (see late_games.py);
screenshots go to tests/browser/artifacts/."""

from __future__ import annotations

import re

import httpx2
import pytest

from roundhouse.bots import make_bot
from roundhouse.core.game import load, new_game
from tests.browser.conftest import shot
from tests.browser.late_games import cut, late_game
from tests.browser.test_walkthrough_web import WIDTHS, _check_layout, _play_moves

RAW = re.compile(r"\bchooses\b|\(c\)|\bloans? \d|[A-Za-z&]+_\d+\b|\w+:\w+:\w+|\bauction:")
"""Engine names a log must not show: a choice's id ("x2:H3:G4", "auction:KP", "chooses 5"),
a certificate id ("UP_4"), a loan cube ("takes loan 0"), a city slot ("H8 (c)")."""


def _open(browser, base_url: str, doc: dict, width: int, seats: list[dict] | None = None):  # type: ignore[no-untyped-def]
    """The document imported as a new game (every seat a person unless ``seats`` says) and
    opened at ``width``: the context, the page and its script errors."""
    height = WIDTHS.get(width, 900)
    context = browser.new_context(
        viewport={"width": width, "height": height}, is_mobile=width < 500, has_touch=width < 500
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    body: dict = {"doc": doc} if seats is None else {"doc": doc, "seats": seats}
    created = httpx2.post(f"{base_url}/api/games/import", json=body, timeout=120)
    created.raise_for_status()
    page.goto(base_url + created.json()["link"])
    page.wait_for_selector("#board svg [data-hex]", timeout=60000)
    # The first position drawn: the banner names who acts (perhaps a bot, with no move for us).
    page.wait_for_function("document.getElementById('status').textContent !== ''")
    return context, page, errors


@pytest.mark.parametrize("title", ["18USA", "18West", "18US"])
def test_browser_late_game_played_to_the_end(base_url: str, browser, title: str) -> None:
    """From the position where the game's end is set (18USA §4: the last train; 18West
    §10 and 18US: the bank broken), Ann plays through the page against two bots until the game is
    over: the banner says so, the log ends with the result, the summary names the winner
    with the worth chart, and the server agrees."""
    game = late_game(title)
    doc = cut(game["doc"], game["late"])
    seats = [{"name": doc["players"][0]}] + [
        {"name": p, "kind": "bot", "level": "random"} for p in doc["players"][1:]
    ]
    context, page, errors = _open(browser, base_url, doc, 1280, seats)
    name = f"end-{title}-1280"
    shot(page, f"{name}-late")
    assert page.locator("#tables .game-facts").inner_text().count("Game ends") == 1
    _play_moves(page, name, 1280, 150, to_the_end=True)
    page.wait_for_selector("#summary:not([hidden]) svg.chart polyline", state="attached")
    assert page.inner_text("#status").startswith("Game over")
    assert "win" in page.inner_text("#summary")
    assert "Game over" in page.inner_text("#log")
    assert page.locator("svg.chart polyline").count() == len(doc["players"])
    shot(page, f"{name}-finished")
    game_id = page.url.split("/games/")[1].split("#")[0]
    assert httpx2.get(f"{base_url}/api/games/{game_id}").json()["finished"]
    context.close()
    assert not errors, errors


@pytest.mark.parametrize("width", sorted(WIDTHS))
@pytest.mark.parametrize("title", ["18USA", "18West", "18US"])
def test_browser_mid_game_and_final_screens(base_url: str, browser, title: str, width: int) -> None:
    """An operating round in the middle of the game and the finished game, at a phone's,
    a laptop's and a wide screen's width: the banner names the round, the layout checks of
    the walk-throughs hold, and the final screen shows the result with its chart."""
    game = late_game(title)
    height = WIDTHS[width]
    context, page, errors = _open(browser, base_url, cut(game["doc"], game["mid"]), width)
    assert page.inner_text("#status").startswith("OR "), page.inner_text("#status")
    # No move is offered by its choice's id (18US showed "SR chooses ask:D17:7", §7.3).
    ids = re.findall(r"\w+:\w+:\w+", page.inner_text("#controls"))
    assert not ids, ids
    shot(page, f"mid-{title}-{width}")
    _check_layout(page, width, height, f"mid-{title}-{width}")
    context.close()
    context, page, more = _open(browser, base_url, game["doc"], width)
    page.wait_for_selector("#summary:not([hidden]) svg.chart polyline", state="attached")
    assert page.inner_text("#status").startswith("Game over")
    assert "win" in page.inner_text("#summary")
    summary = page.locator("#summary").bounding_box()
    assert summary is not None and summary["y"] < height, f"the result is out of sight: {summary}"
    facts = page.inner_text("#tables .game-facts")
    assert "$-" not in facts, facts
    if title == "18West":
        # §10: the broken bank paid on through the last round; the figure is what it paid
        # beyond its cash, not a negative balance.
        assert "broken: paid $225 beyond its cash" in facts, facts
    shot(page, f"final-{title}-{width}")
    _check_layout(page, width, height, f"final-{title}-{width}")
    context.close()
    assert not errors + more, errors + more


@pytest.mark.parametrize("title", ["18USA", "18West", "18US"])
def test_browser_log_in_words_not_engine_names(base_url: str, browser, title: str) -> None:
    """Every move of a whole game is told in the log in words: a company start's size and
    home (18USA §11.6), a loan (§9), a dividend, an x2 token's move (18West §8.2), an
    auction's company (§3.2.4) - never the choice's id, a loan cube's number or a city slot."""
    context, page, errors = _open(browser, base_url, late_game(title)["doc"], 1280)
    text = page.inner_text("#log")
    raw = sorted({m.group(0) for m in RAW.finditer(text)})
    assert not raw, f"engine names in the {title} log: {raw}"
    context.close()
    assert not errors, errors


def test_browser_wide_screen_market_above_the_fold(base_url: str, browser) -> None:
    """At 2560 x 1440 a six-player 18USA game's stock market is in sight at first, whole,
    beside the map: its twenty-row spreadsheet comes after it, every column in sight."""
    game = late_game("18USA-6p")
    context, page, errors = _open(browser, base_url, cut(game["doc"], game["mid"]), 2560)
    shot(page, "wide-usa-6p-2560")
    market = page.locator(".market-wrap").bounding_box()
    board = page.locator("#board-section").bounding_box()
    assert market is not None and board is not None
    assert market["y"] + market["height"] <= 1440, f"the market is below the fold: {market}"
    assert market["x"] >= board["x"] + board["width"], "the market is not beside the map"
    wide = page.evaluate(
        """() => [...document.querySelectorAll('#tables .table-wrap')]
             .filter((e) => e.scrollWidth > e.clientWidth + 1)
             .map((e) => `${e.className}: ${e.scrollWidth} in ${e.clientWidth}`)"""
    )
    assert not wide, f"tables scroll sideways in their column: {wide}"
    context.close()
    assert not errors, errors


def test_browser_wide_screen_short_map_has_the_log_under_it(base_url: str, browser) -> None:
    """At 2560 x 1440 18USA's map, wider than tall, is as wide as the spreadsheet beside it
    allows and ~600 px tall: the third of the screen under it was empty.  The log fills it,
    in the map's column, its latest moves in sight and its foot above the fold."""
    game = late_game("18USA")
    context, page, errors = _open(browser, base_url, cut(game["doc"], game["mid"]), 2560)
    page.wait_for_selector("#board-column > .log-card")
    shot(page, "wide-usa-log-2560")
    board = page.locator("#board-section").bounding_box()
    log = page.locator(".log-card").bounding_box()
    assert board is not None and log is not None
    assert abs(log["x"] - board["x"]) < 2 and log["y"] >= board["y"] + board["height"]
    assert log["height"] > 400 and log["y"] + log["height"] <= 1440, log
    latest = page.locator("#log li").last.bounding_box()
    assert latest is not None and latest["y"] + latest["height"] <= 1440, latest
    context.close()
    assert not errors, errors


def _bot_game(title: str, moves: int) -> dict:
    """A game of heuristic bots (seed 7) after ``moves`` moves, then on to a move of the
    acting seat's own (18RoyalGorge: its first track lay): a long log of short lines."""
    names = ["Ann", "Bob", "Cy"]
    game = new_game(title, names, 7, {})
    bots = {n: make_bot("heuristic", 7 + i) for i, n in enumerate(names)}
    lays = title == "18RoyalGorge"
    while len(game.log) < moves or (
        lays and all(a.kind != "lay_tile" for a in game.legal_actions())
    ):
        seat = game.acting[0]
        game.apply(bots[seat].choose(game, seat))
    return game.to_doc()


@pytest.mark.parametrize("title", ["ChicagoExpress", "18RoyalGorge", "18West", "18US"])
def test_browser_wide_screen_log_shows_its_latest_move(base_url: str, browser, title: str) -> None:
    """At 2560 px the columns settle after the first drawing and the log's lines re-wrap:
    it was left scrolled ~30 px short of its end, and its box ran ~300 px under the fold
    below Chicago Express's build choices.  Its latest move is in sight, in its box and on
    the screen, and stays so when the window is made narrower; a move told on two lines is
    numbered by its first line (the number sat by its last: the button's baseline)."""
    if title in ("ChicagoExpress", "18RoyalGorge"):
        doc = _bot_game(title, 240 if title == "ChicagoExpress" else 60)
    else:
        doc = cut(late_game(title)["doc"], late_game(title)["mid"])
    context, page, errors = _open(browser, base_url, doc, 2560)
    page.wait_for_timeout(1500)
    box = page.locator(".log-scroll").bounding_box()
    latest = page.locator("#log li").last.bounding_box()
    assert box is not None and latest is not None
    assert latest["y"] + latest["height"] <= box["y"] + box["height"] + 2, (latest, box)
    assert latest["y"] + latest["height"] <= 1440, f"the latest move is below the fold: {latest}"
    assert (
        page.locator("#log li .move").first.evaluate("e => getComputedStyle(e).verticalAlign")
        == "top"
    )
    # The window made narrower: the log's lines re-wrap and it stays at its end.
    page.set_viewport_size({"width": 1280, "height": 800})
    page.wait_for_timeout(800)
    box = page.locator(".log-scroll").bounding_box()
    latest = page.locator("#log li").last.bounding_box()
    assert box is not None and latest is not None
    assert latest["y"] + latest["height"] <= box["y"] + box["height"] + 2, (latest, box)
    context.close()
    assert not errors, errors


def test_browser_spreadsheet_lists_the_companies_at_play_first(base_url: str, browser) -> None:
    """18West mid-game: its eight unstarted Granger roads (CBQ, CMSTPP, ...) led the
    spreadsheet above the companies at play.  Those running come first in operating order
    (the Order column counts 1, 2, 3 ... down the sheet), the unstarted after them."""
    game = late_game("18West")
    context, page, errors = _open(browser, base_url, cut(game["doc"], game["mid"]), 1280)
    rows = page.locator(".spreadsheet tbody tr[data-company]")
    companies = rows.evaluate_all("(rs) => rs.map((r) => r.dataset.company)")
    kinds = rows.evaluate_all("(rs) => rs.map((r) => r.className)")
    assert companies.index("CBQ") > companies.index("UP"), companies
    floated = [i for i, k in enumerate(kinds) if k == "floated"]
    assert floated == list(range(len(floated))), list(zip(companies, kinds, strict=True))
    context.close()
    assert not errors, errors


def test_browser_six_players_tables_fit_at_1280(base_url: str, browser) -> None:
    """A six-player 18USA game near its end at 1280 px: no table scrolls sideways - the
    spreadsheet shows each player's privates as badges and tighter figures."""
    game = late_game("18USA-6p")
    context, page, errors = _open(browser, base_url, cut(game["doc"], game["late"]), 1280)
    shot(page, "usa-6p-1280")
    wide = page.evaluate(
        """() => [...document.querySelectorAll('#tables .table-wrap')]
             .filter((e) => e.scrollWidth > e.clientWidth + 1)
             .map((e) => `${e.className}: ${e.scrollWidth} in ${e.clientWidth}`)"""
    )
    assert not wide, f"tables scroll sideways: {wide}"
    assert page.evaluate("document.documentElement.scrollWidth") <= 1280
    context.close()
    assert not errors, errors


def test_browser_a_single_highlighted_hex_is_said_in_words(base_url: str, browser) -> None:
    """A tile lay with one hex on offer (18US's first operating turn here) asks to "pick the
    highlighted hex", not "one of the 1 highlighted hex"."""
    doc = late_game("18US")["doc"]
    replay = load(cut(doc, 0))

    def one_hex() -> bool:
        lays = [a for a in replay.legal_actions() if a.kind == "lay_tile"]
        return bool(lays) and len({h for a in lays for h in replay.places(a)}) == 1

    length = 0
    while not one_hex():
        assert length < len(doc["actions"]), "no tile lay with a single hex on offer"
        replay.apply(doc["actions"][length])
        length += 1
    context, page, errors = _open(browser, base_url, cut(doc, length), 1280)
    hint = page.inner_text("#controls .on-map")
    assert hint.startswith("Lay tile: pick the highlighted hex on the map, or choose here"), hint
    context.close()
    assert not errors, errors
