"""Issue #20 for the titles added later (18USA, 18West): their own decisions - loans, short
sales, company starts, conversions and mergers, Land Grants and x2 tokens - worded and
explained for a first-time player, their own columns in the spreadsheet, the tables beside the
map on a 2560 px screen without a column of their own to scroll, and the map first on a phone.
Every title-specific word comes from the engine's views; the page has no title code."""

from __future__ import annotations

from tests.browser.conftest import open_imported, open_new_game, shot
from tests.browser.late_games import cut, late_game
from tests.browser.title_positions import us_with_trains, usa_positions


def test_browser_usa_starting_a_company_is_one_form(base_url: str, browser) -> None:
    """18USA's first stock round: any of the companies may be started by a bid (§11.6). They
    share one form - pick the company, then the bid - instead of a form each, and the help
    line says how the round works."""
    context, page, errors = open_imported(browser, base_url, usa_positions()["start"], 1280)
    shot(page, "titles-usa-start")
    picker = page.locator("#controls form.amount.picked .choice-list")
    assert picker.count() == 1
    companies = picker.locator(".choice-item").all_inner_texts()
    assert len(companies) > 3 and all(" starts " in c and " bid" in c for c in companies)
    assert page.locator("#controls form.amount:not(.picked)").count() == 0
    # Picking another company gives the amount that company's range.
    picker.locator(".choice-item").last.click()
    low = companies[-1].split("$")[1].split("–")[0]
    assert (
        page.locator("#controls form.amount.picked input[type=number]").get_attribute("min") == low
    )
    help_text = page.inner_text("#prompt-help")
    assert "short" in help_text and "loans" in help_text and "start a company" in help_text
    context.close()
    assert not errors, errors


def test_browser_usa_shorts_and_loans_in_words(base_url: str, browser) -> None:
    """A short sale says what it pays (§11.2); a loan what it costs and does to the share
    price (§9), never a loan cube's number."""
    positions = usa_positions()
    context, page, errors = open_imported(browser, base_url, positions["short"], 1280)
    shot(page, "titles-usa-short")
    buttons = page.locator("#controls button.action").all_inner_texts()
    shorts = [b for b in buttons if " short" in b]
    assert shorts and all(" short for $" in b for b in shorts), buttons
    context.close()
    context, page, more = open_imported(browser, base_url, positions["loan"], 1280)
    shot(page, "titles-usa-loan")
    loans = page.locator("#controls button[data-kind=take_loan]").all_inner_texts()
    assert loans and all("takes a $100 loan (interest $" in b for b in loans), loans
    assert all("spaces left" in b for b in loans), loans
    context.close()
    assert not errors + more, errors + more


def test_browser_usa_merger_round_explained(base_url: str, browser) -> None:
    """18USA's merger and acquisition round decides without steps; the banner still says what
    is asked and the help line explains conversions and mergers (§14.1), and a conversion
    says what the company becomes."""
    context, page, errors = open_imported(browser, base_url, usa_positions()["merge"], 1280)
    shot(page, "titles-usa-merger-round")
    assert page.inner_text("#status").startswith("MR ")
    help_text = page.inner_text("#prompt-help")
    assert "convert" in help_text and "merge" in help_text and "§14.1" in help_text
    buttons = page.locator("#controls button.action").all_inner_texts()
    converts = [b for b in buttons if " converts " in b]
    assert converts or any("merges with" in b for b in buttons), buttons
    assert all(b.endswith("-share company") for b in converts), buttons
    # Its pass names the decision passed, as the log will (§14.1), not a bare "B&O passes".
    assert any(b.endswith(" passes on converting or merging") for b in buttons), buttons
    context.close()
    assert not errors, errors


def test_browser_usa_repaying_loans_one_button_and_the_sheet(base_url: str, browser) -> None:
    """Repaying loans (§12.9): one button per distinct move, not one per numbered loan cube;
    the spreadsheet has the title's columns (loans, shorts, size, subsidy in words) and the
    privates table says what each 18USA private does."""
    context, page, errors = open_imported(browser, base_url, usa_positions()["payoff_loan"], 1280)
    shot(page, "titles-usa-repay")
    repay = page.locator("#controls button[data-kind=payoff_loan]").all_inner_texts()
    assert len(repay) == 1 and "repays a $100 loan (share price 2 spaces right)" in repay[0], repay
    assert "repay" in page.inner_text("#prompt-help").lower()
    heads = page.locator(".spreadsheet thead th").all_inner_texts()
    for label in ("Loans", "Shorts out", "Shares", "Subsidy"):
        assert label in heads, heads
    sheet = page.inner_text(".spreadsheet")
    assert "free_station" not in sheet and "plus10" not in sheet
    abilities = page.locator(".privates tr.ability").all_inner_texts()
    assert abilities and any("token" in a for a in abilities), abilities
    context.close()
    assert not errors, errors


def test_browser_west_land_grants_in_words_and_on_the_map(base_url: str, browser) -> None:
    """18West at the start: the Initial Stock Round's auctions are offered as sentences
    (§3.2.4) with help; the spreadsheet says which companies are Granger Roads, Land Grants
    and Public Companies (§2.2) and where each Land Grant's x2 token stands (§8.2); the map
    marks those x2 tokens, with a key."""
    context, page, errors = open_new_game(browser, base_url, "18West", 1280)
    shot(page, "titles-west-start")
    texts = page.locator("#controls .choice-item, #controls button").all_inner_texts()
    assert any("President's Certificate up for auction" in t for t in texts), texts
    assert not any("auction:" in t for t in texts), texts
    assert "auction" in page.inner_text("#prompt-help")
    heads = page.locator(".spreadsheet thead th").all_inner_texts()
    assert "Type" in heads and "x2 token" in heads, heads
    sp = page.inner_text(".spreadsheet tr[data-company='SP']")
    assert "Land Grant" in sp and "H3" in sp, sp
    assert "Granger Road" in page.inner_text(".spreadsheet tr[data-company='CBQ']")
    assert "x2 marker" in page.inner_text("#board")
    assert page.locator("#board [data-hex='H3'] .marker").count() == 1
    context.close()
    assert not errors, errors


def test_browser_wide_screen_tables_beside_the_map_without_inner_scroll(
    base_url: str, browser
) -> None:
    """At 2560 px the spreadsheet and the market stand beside the map and the page scrolls,
    not a column: 18USA's sheet with its extra columns fits its column, its one-row market
    wraps instead of running 3,000 px sideways, and the map stays in sight when the page is
    scrolled down to the privates; the tall map column shows the whole board."""
    context, page, errors = open_imported(
        browser, base_url, usa_positions()["payoff_loan"], 2560, 1440
    )
    shot(page, "titles-usa-2560")
    tables = page.locator("#tables")
    assert tables.evaluate("e => getComputedStyle(e).overflowY") == "visible"
    board = page.locator("#board-section").bounding_box()
    for part in (".spreadsheet", ".market-wrap"):
        box = page.locator(part).bounding_box()
        assert box is not None and board is not None
        assert box["x"] >= board["x"] + board["width"], f"{part} is not beside the map"
        fits = page.locator(part).evaluate("e => e.scrollWidth <= e.clientWidth + 1")
        assert fits, f"{part} scrolls sideways inside its card"
    assert board is not None and board["width"] > 1000
    # The map column is taller than wide here; still the whole board is in sight.
    outside = page.evaluate(
        """() => { const b = document.getElementById('board').getBoundingClientRect();
          return [...document.querySelectorAll('#board g[data-hex]')].filter((g) => {
            const r = g.getBoundingClientRect();
            return r.left < b.left - 2 || r.right > b.right + 2; }).length; }"""
    )
    assert outside == 0, f"{outside} hexes lie outside the map at first sight"
    page.locator(".privates").scroll_into_view_if_needed()
    after = page.locator("#board-section").bounding_box()
    assert after is not None and 0 <= after["y"] < 200, f"the map left the screen: {after}"
    context.close()
    assert not errors, errors


def test_browser_phone_map_first_help_folded_sheet_fits(base_url: str, browser) -> None:
    """On a phone an 18USA stock round's long help shows two lines (a tap shows the rest),
    the map starts in the top third of the screen, and every player's column of the
    spreadsheet is in sight beside the company badges."""
    context, page, errors = open_imported(browser, base_url, usa_positions()["short"], 390, 844)
    shot(page, "titles-usa-390")
    help_box = page.locator("#prompt-help")
    folded = help_box.bounding_box()
    assert folded is not None and folded["height"] < 40, folded
    board = page.locator("#board-section").bounding_box()
    assert board is not None and board["y"] < 844 / 3, board
    help_box.click()
    opened = help_box.bounding_box()
    assert opened is not None and opened["height"] > folded["height"] + 20
    sheet = page.locator(".spreadsheet").bounding_box()
    heads = page.locator(".spreadsheet thead th .player-head")
    last = heads.nth(heads.count() - 1).bounding_box()
    assert sheet is not None and last is not None
    assert last["x"] + last["width"] <= sheet["x"] + sheet["width"], "a player's column is cut"
    context.close()
    assert not errors, errors


def _x2_move(new: str) -> dict:
    return {
        "seat": "Ann",
        "step": "land_grant",
        "step_action": "move the x2 token or convert",
        "kind": "choose",
        "text": f"SP moves its x2 token from H3 to {new}",
        "action": {"kind": "choose", "player": "Ann", "entity": "SP", "choice": f"x2:H3:{new}"},
        "hexes": [new],
    }


def test_browser_a_choice_named_on_a_hex_is_offered_on_the_map(base_url: str, page) -> None:
    """18West's Land Grant step (§8.2) asks where the x2 token goes: the server names each
    choice's hex, so those hexes are highlighted and a click on one offers its move (here
    drawn from a listing of the kind the server sends)."""
    listing = [_x2_move(h) for h in ("G4", "H11", "K10")]
    page.goto(base_url + "/")
    page.wait_for_selector("#title option", state="attached")
    shown = page.evaluate(
        """async (listing) => {
          const { legalHexes, renderControls } = await import('/static/js/controls.js');
          const box = document.createElement('div');
          box.id = 'probe';
          document.body.prepend(box);
          const ctx = { submit: () => {}, mainStep: 'land_grant', hexLabel: (h) => h,
                        onPickHex: () => {} };
          renderControls(box, listing, ctx);
          const hint = box.querySelector('.on-map')?.textContent ?? '';
          renderControls(box, listing, { ...ctx, selectedHex: 'H11' });
          return { hexes: [...legalHexes(listing)].sort(), hint,
                   picked: [...box.querySelectorAll('.selected-hex button.action')]
                     .map((b) => b.textContent) };
        }""",
        listing,
    )
    shot(page, "titles-x2-on-map")
    assert shown["hexes"] == ["G4", "H11", "K10"]
    assert shown["hint"].startswith("Move the x2 token or convert: pick one of the 3 highlighted")
    assert shown["picked"] == ["SP moves its x2 token from H3 to H11"]


def test_browser_us_sealed_bids_banner_and_trains_by_name(base_url: str, browser) -> None:
    """18US §3.2: everyone bids for the Eastern Railroad Convention at once, so the banner
    names the seats acting, each once ("ERRC · Ann, Bob, Cy: ..."), not one of them and then
    all three; the spreadsheet names a company's trains as the roster does ("2, 2"), never by
    their ids ("2-0 2-1"), and the roster each owner once with a count."""
    context, page, errors = open_new_game(browser, base_url, "18US", 1280)
    assert page.inner_text("#status").startswith("ERRC · Ann, Bob, Cy: "), page.inner_text(
        "#status"
    )
    context.close()
    assert not errors, errors
    context, page, errors = open_imported(browser, base_url, us_with_trains(), 1280)
    shot(page, "titles-us-trains")
    cells = page.locator(".spreadsheet tbody td.list").all_inner_texts()
    trains = [c for c in cells if c and c != "—" and not any(ch.isalpha() for ch in c)]
    assert trains, cells
    assert not any("-" in c for c in trains), trains
    # The roster says who holds each type once, with a count ("SR ×2").
    for row in page.locator(".trains table:not(.phases) tbody tr").all():
        owners = row.locator(".chip").all_inner_texts()
        assert len(owners) == len(set(owners)), owners
    assert "×2" in page.inner_text(".trains"), page.inner_text(".trains")
    context.close()
    assert not errors, errors


def test_browser_phone_moves_compact_for_many_of_a_kind(base_url: str, browser) -> None:
    """18US on a phone, a company laying track: six permission requests (§7.3) and four
    privates to buy were ten full-width buttons, the docked moves ~530 px of content in a
    third of the screen.  Moves worded alike but for a few words say those words once
    ("SR asks permission to lay tile … (§7.3)") above a small button each naming what differs
    ("7 on D17"), in rows; every move is still a button, named in full."""
    doc = cut(late_game("18US")["doc"], late_game("18US")["mid"])
    context, page, errors = open_imported(browser, base_url, doc, 390, 844)
    shot(page, "titles-us-390-moves")
    named = page.evaluate(
        """() => [...document.querySelectorAll('#controls button.action')]
          .map((b) => [b.getAttribute('aria-label') || b.textContent, b.textContent])"""
    )
    asks = [(full, shown) for full, shown in named if " asks permission to lay tile " in full]
    privates = [full for full, _ in named if " buys P" in full]
    assert len(asks) > 3 and len(privates) > 3, named
    assert all(len(shown) <= 9 and shown in full for full, shown in asks), asks
    said = page.locator("#controls .shared-words").all_inner_texts()
    assert any(t.endswith(" asks permission to lay tile … (§7.3)") for t in said), said
    rows = page.evaluate(
        """() => new Set([...document.querySelectorAll('#controls button.action')]
          .filter((b) => (b.getAttribute('aria-label') || '').includes(' asks permission '))
          .map((b) => Math.round(b.getBoundingClientRect().top))).size"""
    )
    assert rows <= 2, f"the {len(asks)} permission requests take {rows} rows"
    tall = page.evaluate("document.getElementById('controls').scrollHeight")
    assert tall < 460, f"the moves are {tall}px tall"
    # A small button plays the move it names in full.
    before = page.evaluate("document.body.dataset.version")
    page.locator("#controls button.action", has_text=asks[1][1]).first.click()
    page.wait_for_function("v => document.body.dataset.version !== v", arg=before)
    assert asks[1][0] in page.locator("#log li").last.inner_text()
    context.close()
    assert not errors, errors
