"""18RoyalGorge "Brown Privates Reference", Sulphur Springs (B2): the owning railroad replaces the
town tile in Sulphur Springs (E3) by the city tile of the same colour (the R, or "SU", tiles);
"ANY company can lay track to Sulphur Springs to earn the income"."""

from __future__ import annotations

import pytest

from roundhouse.core.ability import income_now
from roundhouse.core.bank import BANK
from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.actions import LayTile, Pass
from roundhouse.core.game import Game
from roundhouse.core.rng import Rng
from roundhouse.core.tiles import StopKind
from roundhouse.titles.g18royalgorge import TITLE, sulphur_springs
from roundhouse.titles.g18royalgorge.state import RoyalGorgeGame
from tests.g18royalgorge.shared import rg_state
from tests.g18royalgorge.test_random_games import steady
from tests.g18royalgorge.test_steel import after_a_run_with_money_for_track


def new() -> RoyalGorgeGame:
    """Seed 11 deals Sulphur Springs."""
    return rg_state(Game(TITLE, ["Ann", "Bob", "Cy"], seed=11).state)  # type: ignore[arg-type]


def test_18royalgorge_b2_needs_a_town_tile_and_the_card() -> None:
    """B2: it replaces "the current town tile" - the bare printed town has none - and only the
    railroad holding the card may do it."""
    g = new()
    g.privates["B2"].owner = "RG"
    assert sulphur_springs.conversions(g, "RG") == []
    g.map_board().lay("E3", "3", 0, {})
    assert sulphur_springs.conversions(g, "SF") == []
    g.privates["B2"].owner = "Ann"
    assert sulphur_springs.conversions(g, "Ann") == []


@pytest.mark.parametrize(("town", "rotation", "city"), [("3", 0, "RG1"), ("143", 5, "RG2")])
def test_18royalgorge_b2_town_becomes_a_city_of_the_same_colour(
    town: str, rotation: int, city: str
) -> None:
    """B2: "When upgrading from a town to a city, the color does not change"; the track there
    is kept; no steel is bought (the colour does not change: no upgrade); the card closes."""
    g = new()
    board = g.map_board()
    g.depot.phases.advance_to("Green")
    board.lay("E3", town, rotation, {})
    g.privates["B2"].owner = "RG"
    assert sulphur_springs.conversions(g, "RG") == [(city, 0)]
    steel, cfi = {k: list(v) for k, v in g.steel.items()}, g.ledger.cash("CF&I")
    sulphur_springs.convert(g, "RG", city, 0)
    here = board.hexes["E3"]
    assert here.tile.id == city and here.tile.colour is board.tiles[town].colour
    assert here.tile.kinds() == (StopKind.CITY,) and "c" in here.tokens
    assert here.tile.exits(0) >= board.tiles[town].exits(rotation)
    assert g.steel == steel and g.ledger.cash("CF&I") == cfi
    assert g.privates["B2"].closed
    with pytest.raises(IllegalAction) as err:
        sulphur_springs.convert(g, "RG", city, 0)
    assert err.value.rule == "sulphur_springs.convert"


def stock_round_with_a_railroad() -> tuple[Game, RoyalGorgeGame, str]:
    """A stock round of seed 11 (which deals B2) in which a railroad has started."""
    game = Game(TITLE, ["Ann", "Bob", "Cy"], seed=11)
    g = rg_state(game.state)  # type: ignore[arg-type]
    rng = Rng(3)
    while not (g.round.kind == "SR" and any(c.floated for c in g.corps.values())):
        game.apply(steady(list(game.legal_actions()), rng))
    corp = next(c.id for c in g.corps.values() if c.floated)
    return game, g, corp


def other_income(g: RoyalGorgeGame, owner: str) -> int:
    reached = g.phases_reached()
    return sum(
        income_now(p.spec.abilities, reached)
        for p in g.privates.values()
        if p.owner == owner and not p.closed and p.id != "B2"
    )


@pytest.mark.parametrize(
    ("owner", "track", "paid"), [("player", True, 50), ("player", False, 0), ("railroad", True, 0)]
)
def test_18royalgorge_b2_income_at_the_start_of_the_operating_round(
    owner: str, track: bool, paid: int
) -> None:
    """ "Income": privates pay their owners at the start of every operating round.  B2: $50
    from Brown to the player holding it, once any company has laid track to Sulphur Springs;
    nothing to a railroad.  The operating round paid a railroad its $50: the rule sat on a
    step's method that the round never called."""
    game, g, corp = stock_round_with_a_railroad()
    g.depot.phases.advance_to("Brown")
    if track:
        g.map_board().lay("E3", "3", 0, {})
    holder = corp if owner == "railroad" else "Ann"
    g.privates["B2"].owner = holder
    g.privates["B2"].closed = False
    game._legal = None  # the position was edited by hand
    before = g.ledger.cash(holder)
    while g.round.kind == "SR":
        who = game.acting[0]
        game.apply(Pass(player=who, entity=who))  # type: ignore[arg-type]
    assert g.round.kind == "OR"
    assert g.ledger.cash(holder) == before + other_income(g, holder) + paid


def test_18royalgorge_b2_offered_in_the_turn_and_other_lays_still_work() -> None:
    """In an operating turn the R tile is offered as a lay on E3 (normal track never lays an R
    tile: "Letter Tiles"), and every ordinary lay still goes through."""
    game = Game(TITLE, ["Ann", "Bob", "Cy"], seed=11)
    g = rg_state(game.state)  # type: ignore[arg-type]
    rng = Rng(3)
    while not any(isinstance(m, LayTile) for m in game.legal_actions()):
        game.apply(steady(list(game.legal_actions()), rng))
    corp = next(m.entity for m in game.legal_actions() if isinstance(m, LayTile))
    assert all(
        m.tile not in ("RG1", "RG2", "RG3") for m in game.legal_actions() if isinstance(m, LayTile)
    )
    g.privates["B2"].owner = corp
    g.privates["B2"].closed = False
    g.map_board().lay("E3", "3", 0, {})
    g.ledger.transfer(BANK, corp, 100)
    game._legal = None  # the position was edited by hand
    special = LayTile(player=game.acting[0], entity=corp, hex="E3", tile="RG1", rotation=0)
    assert special in game.legal_actions()
    ordinary = next(m for m in game.legal_actions() if isinstance(m, LayTile) and m.tile != "RG1")
    game.apply(ordinary)
    assert g.map_board().hexes[ordinary.hex].tile.id == ordinary.tile
    game.apply(special)
    assert g.map_board().hexes["E3"].tile.id == "RG1" and g.privates["B2"].closed


def test_18royalgorge_b2_on_offer_does_not_reopen_track_laying() -> None:
    """B2 may be used any time in the owning railroad's turn, but ordinary track is laid
    only in "1. Lay Track" ("Operating Rounds": the steps in order): once the railroad has
    run, a lay of ordinary track is refused while the card is on offer (the card's step took
    it to the track step, which accepted it)."""
    game, g, corp = after_a_run_with_money_for_track(11, column=False)
    g.privates["B2"].owner = corp
    g.map_board().lay("E3", "3", 0, {})
    game._legal = None  # the position was edited by hand
    assert sulphur_springs.conversions(g, corp)
    lay = g.map.tile_lays(g, corp)[0]
    ordinary = LayTile(
        player=game.acting[0], entity=corp, hex=lay.hex, tile=lay.tile, rotation=lay.rotation
    )
    assert ordinary not in game.legal_actions()
    before = game.state_hash()
    with pytest.raises(IllegalAction):
        game.apply(ordinary)
    assert game.state_hash() == before
