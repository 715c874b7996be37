"""Core's 18xx views on the synthetic titles (no map, loans, shorts, corporate stock rounds):
every part builds and is plain JSON at every position of a random playout, and the parts
agree with each other (issue #15)."""

from __future__ import annotations

import json

import pytest

from roundhouse.core.config import BankruptcyEnd
from roundhouse.core.game import Game
from roundhouse.core.rng import Rng
from roundhouse.core.title import Title
from tests.core.flow.synthetic import engine, make_title
from tests.g18usa.corporate import make_corporate_title

TITLES = {
    "synthetic": make_title(agreed_price_step=100),
    "corporate": make_corporate_title(
        agreed_price_step=100, bankruptcy_end=BankruptcyEnd.ELIMINATE
    ),
}


def _check(game: Game) -> None:
    shown = game.observe("Ann")
    json.dumps(shown.to_json(), allow_nan=False)
    table = shown.table
    assert [p.id for p in table.players] == list(game.players)
    assert shown.prompt.acting == game.acting
    if not game.finished:
        assert shown.prompt.action, shown.prompt
    market = shown.market
    assert market is not None
    state = engine(game)
    for company in table.companies:
        assert company.price == market.prices.get(company.id)
        held = sum(p.shares.get(company.id, 0) for p in table.players)
        every = held + company.ipo + company.pool + company.treasury
        assert every == company.size + state.shares_beyond_size(company.id), company
    trains = shown.trains
    assert trains is not None
    owned = {c.id: set(c.trains) for c in table.companies}
    for t in trains.trains:
        if t.owner in owned:
            assert t.id in owned[t.owner]


@pytest.mark.parametrize("name", sorted(TITLES))
def test_engine_views_at_every_position_of_a_playout(name: str) -> None:
    title: Title = TITLES[name]
    game = Game(title, ["Ann", "Bob", "Cy"], seed=2)
    rng = Rng(2)
    for _ in range(400):
        if game.finished:
            break
        _check(game)
        moves = game.legal_actions()
        game.apply(moves[rng.below(len(moves))])
    _check(game)


@pytest.mark.parametrize("name", sorted(TITLES))
def test_engine_log_tells_a_share_bought_not_its_certificate_id(name: str) -> None:
    """Issue #20's "engine names in the log": a share bought is told as a share of its
    company ("Ann buys a share of B&O"), never as the certificate's id ("Ann buys B&O_1")."""
    title: Title = TITLES[name]
    game = Game(title, ["Ann", "Bob", "Cy"], seed=2)
    rng = Rng(2)
    bought = []
    for _ in range(400):
        if game.finished:
            break
        moves = game.legal_actions()
        game.apply(moves[rng.below(len(moves))])
        if game.log[-1].kind == "buy_shares":
            bought.append(game.log_entries(len(game.log) - 1)[0])
    assert bought, "the playout bought no share"
    for entry in bought:
        shares = [str(s) for s in entry.action["shares"]]  # type: ignore[attr-defined]
        corp = shares[0].rsplit("_", 1)[0]
        assert entry.text.endswith(f"of {corp}"), entry.text
        assert not any(share in entry.text for share in shares), entry.text
