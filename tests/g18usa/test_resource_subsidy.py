"""The Resource subsidy (18USA appendix "Subsidy Tiles", Resource; §13 resource tokens): a free
extra yellow lay with the company's choice of token, on a hex with that resource's icon whose
track points into a city hex; the token then pays as any other (§13.1-§13.3).

Seed 1 puts the Resource subsidy on Tucson (I25), next to the oil icon of I23; Boise (B8) has
no subsidy and lies among coal and ore icons (B10 both, C7 ore and C9 coal in mountains)."""

from __future__ import annotations

import pytest

from roundhouse.core.errors import IllegalAction
from roundhouse.core.game import Game
from roundhouse.titles.g18usa.setup_draw import Subsidy
from tests.g18usa.cards import NO_PRIVATES_TITLE as TITLE
from tests.g18usa.playing import act, usa

RESOURCE = Subsidy("S16", "resource")


def started_in(home: str) -> Game:
    """Ann starts ATSF in ``home`` for $100 in the first stock round; everyone passes to
    its first operating turn."""
    game = Game(TITLE, ["Ann", "Bob", "Cy"], seed=1)
    act(game, "bid", "Ann", company="ATSF", price=100)
    act(game, "place_token", "Ann", hex=home, city="c")
    act(game, "pass", "Bob")
    act(game, "pass", "Cy")
    for p in ("Bob", "Cy", "Ann"):
        act(game, "pass", p)
    assert usa(game).round.kind == "OR"
    return game


def lay_toward(game: Game, home: str, target: str) -> None:
    """ATSF's ordinary first tile action: a yellow tile on its home pointing at ``target``."""
    g = usa(game)
    board = g.map.board
    edge = next(e for e, n in board.grid.neighbours(home).items() if n == target)
    lay = next(
        a
        for a in game.legal_actions()
        if a.kind == "lay_tile" and a.hex == home and edge in board.tiles[a.tile].exits(a.rotation)
    )
    game.apply(lay)


def subsidy_lays(game: Game) -> list[object]:
    return [a for a in game.legal_actions() if a.kind == "subsidy_lay"]


def test_resource_subsidy_is_a_free_extra_lay_with_the_token() -> None:
    """Appendix, Resource: "Placing a track and the resource token from the Resource Subsidy
    is a free extra track lay in addition to the normal track placements".  ATSF (home I25)
    points its track at I23 and lays there with the subsidy: the tile and the oil token land,
    no $20 (§12.2) is charged, the subsidy is spent, and the turn's second ordinary tile
    action is still on offer (at $20)."""
    game = started_in("I25")
    g = usa(game)
    assert g.company_subsidies["ATSF"] == RESOURCE
    assert not subsidy_lays(game)  # §12.2.1: nothing of the company's reaches I23 yet
    lay_toward(game, "I25", "I23")
    offered = subsidy_lays(game)
    assert offered and {(a.hex, a.choice) for a in offered} == {("I23", "oil")}
    cash = g.ledger.cash("ATSF")
    game.apply(offered[0])
    board = g.map.board
    assert board["I23"].tile.colour.label == "yellow" and board["I23"].markers == ["oil"]
    assert g.ledger.cash("ATSF") == cash and "ATSF" not in g.company_subsidies
    assert not subsidy_lays(game)
    second = [a for a in game.legal_actions() if a.kind == "lay_tile"]
    assert second and all(a.hex not in ("I23", "I25") for a in second)
    # §13.2: a run through the oil token earns $10 more (before Phase 5)
    bonuses = {b.tag: b for b in g.map.revenue_rules(g, "ATSF").route_bonuses}
    assert set(bonuses) == {"oil"} and bonuses["oil"].amount == 10
    assert bonuses["oil"].phase_amount["5"] == 20 and bonuses["oil"].single_pass


def test_resource_subsidy_offers_each_resource_of_the_icon_and_ignores_15_terrain() -> None:
    """Appendix, Resource: the type "is chosen when the resource is placed"; §13: B10 takes
    either coal or ore; §13.1, §13.3: a coal or ore token "allows the company to ignore $15
    terrain costs on the hex", so the mountain ore hex C7 costs nothing."""
    game = started_in("B8")
    g = usa(game)
    g.company_subsidies["ATSF"] = RESOURCE  # as if started in the Resource city
    lay_toward(game, "B8", "C7")
    offered = [a for a in subsidy_lays(game) if a.hex == "C7"]
    assert offered and {a.choice for a in offered} == {"ore"}
    assert g.map.board["C7"].printed.cost == 15
    cash = g.ledger.cash("ATSF")
    game.apply(offered[0])
    assert g.ledger.cash("ATSF") == cash and g.map.board["C7"].markers == ["ore"]


def test_resource_subsidy_both_icons_offer_both_tokens() -> None:
    """§13: "B10 and B12 have two resource types, indicating that either or both resources
    may be placed there"."""
    game = started_in("B8")
    g = usa(game)
    g.company_subsidies["ATSF"] = RESOURCE
    lay_toward(game, "B8", "B10")
    assert {a.choice for a in subsidy_lays(game) if a.hex == "B10"} == {"coal", "ore"}


def test_resource_subsidy_kinds_follow_the_privates_in_play() -> None:
    """Appendix, Resource: no ore with P24 in play, no oil with P12, no coal with both P18
    and P28; all of them in play: a "No subsidy" (nothing offered)."""
    from roundhouse.titles.g18usa.privates import resource_subsidy_kinds

    assert [r.value for r in resource_subsidy_kinds(["P12", "P18"])] == ["ore", "coal"]
    assert [r.value for r in resource_subsidy_kinds(["P24", "P18", "P28"])] == ["oil"]
    assert resource_subsidy_kinds(["P12", "P24", "P18", "P28"]) == ()


@pytest.mark.parametrize(
    ("hex_name", "tile", "rotation", "choice", "why"),
    [
        ("I23", "7", 3, "coal", "no coal icon"),  # the icon is oil
        ("H24", "7", 0, "oil", "no oil icon"),  # no icon at all
        ("I21", "7", 3, "oil", "cannot lay"),  # an oil icon, out of the route's reach
    ],
)
def test_resource_subsidy_illegal_placements_are_refused_unchanged(
    hex_name: str, tile: str, rotation: int, choice: str, why: str
) -> None:
    """§13: a token only on a hex with its icon, with a yellow tile the company may lay
    (§12.2.1: its route reaches the hex); a refusal leaves the game as it was."""
    game = started_in("I25")
    lay_toward(game, "I25", "I23")
    before = game.state_hash()
    with pytest.raises(IllegalAction, match=why):
        act(
            game,
            "subsidy_lay",
            "Ann",
            entity="ATSF",
            hex=hex_name,
            tile=tile,
            rotation=rotation,
            choice=choice,
        )
    assert game.state_hash() == before


def test_resource_subsidy_needs_the_subsidy() -> None:
    """Only the company that started with the Resource subsidy lays with it (§11.6.1)."""
    game = started_in("B8")
    lay_toward(game, "B8", "B10")
    assert not subsidy_lays(game)
    before = game.state_hash()
    with pytest.raises(IllegalAction, match="cannot subsidy lay now"):
        act(
            game,
            "subsidy_lay",
            "Ann",
            entity="ATSF",
            hex="B10",
            tile="7",
            rotation=0,
            choice="coal",
        )
    assert game.state_hash() == before


def test_13_3_ore_token_turned_to_20_by_a_tile_upgrade_action() -> None:
    """§13.3: an ore token "can be upgraded to $20 by using a tile upgrade action from Phase 3
    on.  This does not upgrade the tile."  ATSF's subsidy ore token in C7, Phase 3, a later
    turn (C7 not built in it): the upgrade is offered as the turn's second tile action ($20,
    §12.2), the tile stays, the token pays $20, and no other upgrade is left (§12.2)."""
    game = started_in("B8")
    g = usa(game)
    g.company_subsidies["ATSF"] = RESOURCE
    lay_toward(game, "B8", "C7")
    game.apply(next(a for a in subsidy_lays(game) if a.hex == "C7" and a.choice == "ore"))
    board = g.map
    assert not [a for a in game.legal_actions() if a.kind == "upgrade_ore"]  # phase 2
    g.depot.phases.advance_to("3")
    board.laid, board.free_laid = ["B8"], []  # a later turn: C7 not built in it
    tile = board.board["C7"].tile.id
    offered = [a for a in g.round.legal_actions(g) if a.kind == "upgrade_ore"]  # not cached
    assert [a.hex for a in offered] == ["C7"]
    cash = g.ledger.cash("ATSF")
    game.apply(offered[0])
    assert board.board["C7"].markers == ["ore20"] and board.board["C7"].tile.id == tile
    assert g.ledger.cash("ATSF") == cash - 20
    assert {b.tag for b in board.revenue_rules(g, "ATSF").route_bonuses} == {"ore20"}
    assert not [a for a in game.legal_actions() if a.kind in ("upgrade_ore", "lay_tile")]


def test_resource_subsidy_compat_gives_way_to_a_private_of_the_same_resource() -> None:
    """Appendix "Subsidy Tiles", Resource: the company chooses the token it places.  On
    18xx.games a company laying a resource tile spends the ability of fewest resources, a
    private's before the subsidy, so under ``compat_18xx_games`` the subsidy's ore lay is
    not offered to N&W while it holds P4 Hendrickson Iron (ore) beside its Resource subsidy
    (found by the export differential, issue #17: random bots, 4 players, seed 15008; the
    position is its first 192 moves, N&W's next move the subsidy's ore lay on C19)."""
    from tests.g18usa.playing import load_position

    game = load_position("resource-subsidy-beside-p4-4p.json")
    g = usa(game)
    assert g.round.entity(g) == "N&W"
    assert g.privates["P4"].owner == "N&W" and not g.privates["P4"].closed
    assert g.company_subsidies["N&W"].kind == "resource"
    assert subsidy_lays(game) == []
    before = game.to_doc()
    with pytest.raises(IllegalAction):
        game.apply(
            {
                "kind": "subsidy_lay",
                "player": "P2",
                "entity": "N&W",
                "hex": "C19",
                "tile": "9",
                "rotation": 2,
                "choice": "ore",
            }
        )
    assert game.to_doc() == before
    assert usa(game).company_subsidies["N&W"].kind == "resource"
