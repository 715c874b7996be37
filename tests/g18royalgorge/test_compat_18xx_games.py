"""18RoyalGorge with ``compat_18xx_games``: where 18xx.games plays differently from the
rulebook, the imported games need the site's behaviour (docs/rules-notes.md "18RoyalGorge",
docs/facts/18royalgorge.md §20).  Each test names the rulebook section it departs from and
the fixture that shows the site's behaviour."""

from __future__ import annotations

import pytest

from roundhouse.core.flow.actions import Bid, Pass
from roundhouse.core.game import Game
from roundhouse.core.ids import PlayerId
from roundhouse.core.tiles import Colour
from roundhouse.titles.g18royalgorge import TITLE, steel
from roundhouse.titles.g18royalgorge.state import RoyalGorgeGame
from tests.g18royalgorge.shared import rg_state

PLAYERS = ["Jim", "Derek", "Lesley"]


def new(seed: int = 3, **options: object) -> tuple[Game, RoyalGorgeGame]:
    game = Game(TITLE, PLAYERS, seed=seed, options={"compat_18xx_games": True, **options})
    return game, rg_state(game.state)  # type: ignore[arg-type]


def bid(game: Game, who: str, company: str, price: int) -> None:
    game.apply(Bid(player=PlayerId(who), entity=who, company=company, price=price))


def pass_(game: Game, who: str) -> None:
    game.apply(Pass(player=PlayerId(who), entity=who))


def test_18royalgorge_compat_auction_decline_before_first_bid_is_not_final() -> None:
    """ "Private Asset Auction": passing drops a player out of the auction.  On 18xx.games a
    pass before anyone has bid only declines: once someone bids, the decliner may bid again
    (fixture 18RoyalGorge_game_end_bankrupt, ids 24-28: 14294 declines G1, bids follow, and
    14294 is asked again)."""
    game, g = new()
    step = g.round.steps[0]
    item = step.auction.item  # type: ignore[attr-defined]
    low = g.privates[item].spec.value
    first, second, third = game.acting[0], *g.turn_order_from(game.acting[0])[1:]
    pass_(game, first)
    bid(game, second, item, low)
    pass_(game, third)
    assert game.acting == (first,)
    bid(game, first, item, low + 5)
    pass_(game, second)
    assert g.privates[item].owner == first


def test_18royalgorge_compat_auction_all_declining_removes_the_card() -> None:
    """ "Private Asset Auction": if every player passes, the card is removed from play."""
    game, g = new()
    item = g.round.steps[0].auction.item  # type: ignore[attr-defined]
    for who in g.turn_order_from(game.acting[0]):
        pass_(game, who)
    assert g.privates[item].closed and g.privates[item].owner is None


def test_18royalgorge_compat_steel_column_may_be_named_again() -> None:
    """18xx.games lets a railroad name another column after naming one (fixture
    endgame_triggered_on_buy ids 62-63: SF chooses B-0, then A-0, then lays)."""
    g = new()[1]
    steel.choose(g, "SF", "B-0")
    assert "A" in steel.choices(g, "SF", [Colour.YELLOW])
    steel.choose(g, "SF", "A-0")
    assert steel.quote(g, "SF", Colour.YELLOW) == ("A", 0)


def fixture_prefix(name: str, stop: int) -> Game:
    """The fixture replayed up to (not including) the top-level action at list index
    ``stop``; skips when the shared fixtures are absent."""
    from roundhouse.interop import read_document
    from roundhouse.interop.replay import apply_site_action, site_actions, start
    from roundhouse.interop.undo import resolve
    from tests.g18royalgorge.shared import fixtures_dir

    path = fixtures_dir() / name
    if not path.is_file():
        pytest.skip(
            f"18RoyalGorge's 18xx.games compatibility option (issue #6) is checked on the "
            f"recorded game {name}, not found: set ROUNDHOUSE_SHARED to the shared folder"
        )
    document = read_document(path)
    game, translator = start(document)
    for action in site_actions(resolve(document.actions)):
        if action.index >= stop:
            break
        apply_site_action(action, game, translator)
    return game


def test_18royalgorge_buy_private_assets_turn_ends_with_a_pass() -> None:
    """ "Buy Private Assets (Optional)": any time in the turn, so a railroad that could still
    buy one must be able to decline and end its turn (fixture 18RoyalGorge_game_end_
    stock_market id 60: RG buys G6 after its trains, then passes)."""
    game = fixture_prefix("18RoyalGorge_game_end_stock_market.json", 56)
    g = rg_state(game.state)  # type: ignore[arg-type]
    assert g.round.entity(g) == "RG"
    game.apply(Pass(player=game.acting[0], entity="RG"))
    assert g.round.entity(g) == "PAV"


def test_18royalgorge_shipping_gold_is_optional() -> None:
    """ "Shipping Gold": a company *may* ship one gold cube; declining leaves the $50 out of
    the revenue (fixture post_boston ids 86-87: RG runs past gold for $130 and pays out
    without shipping)."""
    game = fixture_prefix("post_boston.json", 85)
    g = rg_state(game.state)  # type: ignore[arg-type]
    assert g.gold_pending == "RG"
    game.apply(Pass(player=game.acting[0], entity="RG"))
    assert g.gold_pending is None and g.gold_shipped == 0
    assert g.or_round().revenue == 130


def test_18royalgorge_operating_steps_do_not_reopen_after_the_run() -> None:
    """ "Operating Rounds": lay track, build a station, run trains, pay, buy trains, in that
    order.  Money earned by the run does not reopen track laying or stations (fixture
    18RoyalGorge_game_end_stock_market id 68: PAV pays out, then passes its train buying and
    RG operates)."""
    game = fixture_prefix("18RoyalGorge_game_end_stock_market.json", 65)
    g = rg_state(game.state)  # type: ignore[arg-type]
    assert g.round.entity(g) == "RG"


def test_18royalgorge_compat_buy_trains_waits_for_a_pass_while_room() -> None:
    """ "5. Buy Trains" / "Buy from Another Company": 18xx.games keeps the step open while
    the railroad has room for a train and another railroad owns one, connected or not, so
    the turn ends with a pass (fixture post_boston ids 144-145: SF buys its 3+ and the game
    is ended by hand during SF's turn, before OR 2.2 pays private income)."""
    game = fixture_prefix("post_boston.json", 142)
    g = rg_state(game.state)  # type: ignore[arg-type]
    assert g.round.entity(g) == "SF"
    assert Pass(player=game.acting[0], entity="SF") in game.legal_actions()
