"""Issue #20's end of a game and its chart, in a real Chromium, on a Chicago Express game
played by heuristic bots: the finished game's result opens in sight under the sticky banner
at a phone's and a laptop's width (it sat under the banner, or, on a phone, was pushed out of
sight when the chart arrived above the map), and the worth chart and the spreadsheet count a
share as owned once bought, not while its buyer merely leads the auction (Chicago Express
§4.1: the high bidder pays and takes the share when the auction ends)."""

from __future__ import annotations

import functools
import itertools

import httpx2
import pytest

from roundhouse.bots import make_bot
from roundhouse.core.game import Game, new_game
from tests.browser.conftest import shot
from tests.browser.test_walkthrough_web import RESULT_IN_SIGHT

NAMES = ["Ann", "Bob", "Cy"]

IN_SIGHT = RESULT_IN_SIGHT


def _play(until) -> Game:  # type: ignore[no-untyped-def]
    game = new_game("ChicagoExpress", NAMES, 4, {})
    bots = {p: make_bot("heuristic", i) for i, p in enumerate(NAMES)}
    while not game.finished and not until(game):
        seat = game.acting[0]
        game.apply(bots[seat].choose(game, seat))
    return game


def _owned(game: Game) -> list[int]:
    """Shares held by players, company by company."""
    return [n for c in game.state.companies.values() for n in c.holders.values() if n]


@functools.cache
def _finished() -> dict:
    return _play(lambda g: False).to_doc()


def _open(browser, base_url: str, doc: dict, width: int):  # type: ignore[no-untyped-def]
    height = 844 if width < 500 else 900
    context = browser.new_context(
        viewport={"width": width, "height": height}, is_mobile=width < 500, has_touch=width < 500
    )
    page = context.new_page()
    created = httpx2.post(f"{base_url}/api/games/import", json={"doc": doc}, timeout=60)
    created.raise_for_status()
    page.goto(base_url + created.json()["link"])
    return context, page, created.json()["game"]["id"]


@pytest.mark.parametrize("width", [390, 1280])
def test_browser_finished_game_result_opens_in_sight(base_url: str, browser, width: int) -> None:
    context, page, _ = _open(browser, base_url, _finished(), width)
    page.wait_for_selector("#summary:not([hidden]) svg.chart polyline", state="attached")
    page.wait_for_function(IN_SIGHT, timeout=10000)
    page.wait_for_timeout(800)  # nothing drawn later pushes it away
    assert page.evaluate(IN_SIGHT), page.evaluate(
        "[scrollY, document.getElementById('summary').getBoundingClientRect().top]"
    )
    shot(page, f"result-in-sight-{width}")
    context.close()


def test_browser_chicago_express_worth_counts_shares_not_bids(base_url: str, browser) -> None:
    """In the first auction nobody owns a share, so everyone's worth is their cash while the
    bids go up (no 'Worth (est.)' row beside the cash); the chart of the whole game starts
    flat through that auction instead of leaping at each bid."""
    leading = _play(lambda g: bool(g.state.auction and g.state.auction.high_bidder))
    assert not any(_owned(leading)), "the first auction is still open"
    context, page, _ = _open(browser, base_url, leading.to_doc(), 1280)
    page.wait_for_selector(".spreadsheet")
    assert "Worth (est.)" not in page.inner_text(".spreadsheet")
    context.close()

    context, page, game_id = _open(browser, base_url, _finished(), 1280)
    page.wait_for_selector("#summary:not([hidden]) svg.chart polyline", state="attached")
    values = httpx2.get(f"{base_url}/api/games/{game_id}/values").json()
    first_sale = len(_play(lambda g: any(_owned(g))).log)
    for player, series in values["series"].items():
        before = [v for i, v in zip(values["indices"], series, strict=True) if i < first_sale]
        assert len(before) > 3 and set(before) == {before[0]}, (player, before)
    context.close()


def test_browser_worth_chart_reads_by_round_in_round_money(base_url: str, browser) -> None:
    """The chart's money axis steps in round sums ($0, $50, $100 ..., not $0, $58, $116 ...)
    up past the best worth, and its move axis names the rounds where they began, as the
    banner does ("initial auction", "round 2"), instead of a bare "moves played"."""
    context, page, _ = _open(browser, base_url, _finished(), 1280)
    page.wait_for_selector("#summary:not([hidden]) svg.chart polyline", state="attached")
    money = [int(t.lstrip("$")) for t in _texts(page, "svg.chart text.money")]
    assert len(money) >= 3, f"no money axis to read: {money}"
    steps = {b - a for a, b in itertools.pairwise(money)}
    assert money[0] == 0 and len(steps) == 1, money
    assert str(steps.pop()).rstrip("0") in {"1", "2", "25", "5"}, money
    best = max(max(v) for v in _finished_values(page).values())
    assert money[-1] >= best > money[-2], (money, best)
    rounds = _texts(page, "svg.chart text.round")
    assert rounds[:2] == ["initial auction", "round 2"], rounds
    shot(page, "result-chart-rounds")
    context.close()


def _finished_values(page) -> dict[str, list[int]]:  # type: ignore[no-untyped-def]
    """The chart's series as the page fetched them."""
    game_id = page.url.split("/games/")[1].split("#")[0]
    return page.evaluate(
        "async (id) => (await (await fetch(`/api/games/${id}/values`)).json()).series", game_id
    )


def _texts(page, selector: str) -> list[str]:  # type: ignore[no-untyped-def]
    return page.locator(selector).evaluate_all("els => els.map((e) => e.textContent)")


def test_browser_worth_row_explained_in_the_titles_words(base_url: str, browser) -> None:
    """Where only cash scores (Chicago Express §6) the sheet's worth is an estimate; the note
    under it is the title's own (TableView.worth_note), not words the page keeps for one
    title."""
    owning = _play(lambda g: bool(_owned(g)) and g.state.auction is None)
    context, page, _ = _open(browser, base_url, owning.to_doc(), 1280)
    page.wait_for_selector(".spreadsheet")
    assert "Worth (est.)" in page.inner_text(".spreadsheet")
    note = page.inner_text(".spreadsheet .worth-note")
    assert "only cash scores at the end (§6)" in note, note
    context.close()
