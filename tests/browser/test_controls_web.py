"""The move panel's wording of a buy-train step (issue #20): what 18West and 18USA players saw
as five identical "buys a 2 train from the bank's pool" buttons and number inputs limited to a
single price, drawn here from a listing of the kind the server sends."""

from __future__ import annotations

from tests.browser.conftest import shot


def _buy(train: str, price: int, seller: str) -> dict:
    where = "the bank's pool" if seller == "pool" else seller
    return {
        "seat": "Cy",
        "step": "trains",
        "kind": "buy_train",
        "text": f"TP buys a 2 train from {where} for ${price}",
        "action": {
            "kind": "buy_train",
            "player": "Cy",
            "entity": "TP",
            "train": train,
            "price": price,
            "variant": "",
        },
    }


LISTING = [
    *(_buy(f"2-{n}", 100, "pool") for n in (8, 9, 11)),
    *(_buy("2-13", p, "KP") for p in range(1, 101)),
    *(_buy("2-14", p, "KP") for p in range(1, 101)),
    *(_buy("2-20", p, "MP") for p in range(1, 101)),
]
"""Three pool 2-trains at $100, two 2-trains of KP and one of MP at any price $1-$100."""


def test_browser_buy_train_controls_one_button_per_distinct_move(base_url: str, page) -> None:
    page.goto(base_url + "/")
    page.wait_for_selector("#title option", state="attached")
    page.evaluate(
        """async (listing) => {
          const { renderControls } = await import('/static/js/controls.js');
          const box = document.createElement('div');
          box.id = 'probe';
          document.body.prepend(box);
          renderControls(box, listing, { submit: () => {}, mainStep: 'trains' });
        }""",
        LISTING,
    )
    shot(page, "controls-buy-train")
    buttons = page.locator("#probe button.action").all_inner_texts()
    assert buttons == ["TP buys a 2 train from the bank's pool for $100"]
    labels = page.locator("#probe form.amount label").all_inner_texts()
    assert labels == [
        "TP buys a 2 train from KP for $1–$100",
        "TP buys a 2 train from MP for $1–$100",
    ]
    assert page.locator("#probe form.amount input").first.get_attribute("max") == "100"
