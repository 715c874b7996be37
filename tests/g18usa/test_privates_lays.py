"""18USA privates that lay tiles of their own: P9 Boomtown (appendix), P16 Regional
Headquarters, P17 Great Northern Railway, P26 Rural Junction, P27 Company Town (18xx.games), on
the real board."""

from __future__ import annotations

import pytest

from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.actions import LayTile
from roundhouse.core.flow.map_steps import TrackStep
from roundhouse.titles.g18usa.private_lays import (
    NEUTRAL,
    PrivateLay,
    lay,
    lays_for,
    station_allowed,
)
from tests.g18usa.playing import load_position
from tests.g18usa.privates_engine import (
    ANN,
    apply,
    board_map,
    company,
    give,
    operating,
    usa_engine,
)
from tests.g18usa.privates_engine import lay as normal_lay


def _slc(rotation: int, *, steps: bool = False):  # type: ignore[no-untyped-def]
    """NYC in Salt Lake City (E7) with a yellow 57 at ``rotation``."""
    g = usa_engine()
    company(g, "NYC", "E7")
    normal_lay(g, "NYC", "E7", "57", rotation)
    return g


def _do(g, corp: str, private: str, hex_name: str, tile: str, rotation: int) -> None:  # type: ignore[no-untyped-def]
    lay(
        g,
        corp,
        PrivateLay(
            player=ANN, entity=corp, company=private, hex=hex_name, tile=tile, rotation=rotation
        ),
    )


def test_18usa_appendix_p9_boomtown_upgrades_a_yellow_city_to_green_in_phase_2() -> None:
    """Appendix P9: "upgrade a yellow non-metropolis city to green"; it is discarded."""
    g = _slc(0)
    give(g, "P9", "NYC")
    lays = lays_for(g, "NYC", "P9", ())
    assert {h for h, _, _ in lays} == {"E7"}
    assert {t for _, t, _ in lays} <= {"14", "15", "619"}
    assert lays_for(g, "NYC", "P9", ("E7",)) == []  # a metropolis
    h, t, r = lays[0]
    _do(g, "NYC", "P9", h, t, r)
    assert board_map(g).board["E7"].tile.id == t
    assert board_map(g).board["E7"].tokens["c"] == ["NYC"]
    assert g.privates["P9"].closed


def test_18usa_appendix_p9_is_not_a_tile_action() -> None:
    """Appendix P9: "This does not count as a normal track laying action": after Boomtown the
    track step still offers NYC its lay."""
    g = usa_engine()
    company(g, "NYC", "E7")
    normal_lay(g, "NYC", "E7", "57", 0)
    board_map(g).laid.clear()  # a later turn
    give(g, "P9", "NYC")
    operating(g)
    boom = [a for a in g.legal_actions() if isinstance(a, PrivateLay)]
    assert boom and all(a.company == "P9" for a in boom)
    apply(g, boom[0])
    assert any(isinstance(a, LayTile) for a in g.legal_actions())
    track = next(s for s in g.round.steps if isinstance(s, TrackStep))
    assert track.lays == 0


def test_18usa_p16_regional_hq_from_phase_5_on_green_or_brown() -> None:
    """18xx.games P16: the X23 tile on a green or brown non-metropolis city after phase 5
    begins; its extra exits may point off the map."""
    g = _slc(0)
    give(g, "P16", "NYC")
    board = board_map(g).board
    board.lay("E7", "14", 0, {"c": board.tiles["14"].cities[0].name})
    assert lays_for(g, "NYC", "P16", ()) == []  # phase 2
    g.depot.phases.index = 3  # phase 5
    lays = lays_for(g, "NYC", "P16", ())
    assert [(h, t) for h, t, _ in lays] == [("E7", "X23")]
    _do(g, "NYC", "P16", *lays[0])
    assert (
        board["E7"].tile.id == "X23"
        and "NYC" in board["E7"].tokens[board["E7"].tile.cities[0].name]
    )
    assert g.privates["P16"].closed


def test_18usa_p17_extra_free_yellow_lay_on_the_icons_once_a_round() -> None:
    """18xx.games P17: one extra yellow lay per turn on the track-icon hexes, ignoring
    terrain (B6: mountain $15, coal)."""
    g = usa_engine()
    company(g, "NYC", "B8")  # Helena, a track-icon hex
    normal_lay(g, "NYC", "B8", "57", 1)  # towards B6 and B10
    board_map(g).laid.clear()
    give(g, "P17", "NYC")
    operating(g)
    gn = [a for a in g.legal_actions() if isinstance(a, PrivateLay)]
    assert {a.hex for a in gn} == {"B6", "B10"}
    cash = g.ledger.cash("NYC")
    apply(g, next(a for a in gn if a.hex == "B6"))
    assert g.ledger.cash("NYC") == cash
    assert not any(isinstance(a, PrivateLay) for a in g.legal_actions())
    assert any(isinstance(a, LayTile) for a in g.legal_actions())  # not a tile action
    assert not g.privates["P17"].closed


def test_18usa_p26_rural_junction_on_an_empty_city_uses_a_tile_action() -> None:
    """18xx.games P26: rural junctions on empty city hexes, each a tile action (of §12.2's
    two); never next to another (Boise D6 next to Salt Lake City)."""
    g = usa_engine()
    company(g, "NYC", "E7")
    normal_lay(g, "NYC", "E7", "57", 2)  # towards Boise D6 and F8
    board_map(g).laid.clear()
    give(g, "P26", "NYC")
    operating(g)
    junctions = [a for a in g.legal_actions() if isinstance(a, PrivateLay)]
    assert {a.hex for a in junctions} == {"D6"}
    apply(g, junctions[0])
    board = board_map(g).board
    assert board["D6"].tile.id in {"X07", "X08", "X09"}
    assert not g.privates["P26"].closed  # two left
    # one of the turn's tile actions: the second, for $20, is left (§12.2)
    assert board_map(g).laid_now(g, "NYC") == ["D6"]
    assert any(isinstance(a, LayTile) for a in g.legal_actions())


def test_18usa_p27_company_town_with_its_bonus_station() -> None:
    """18xx.games P27: a company town on an empty hex not next to a metropolis; the company
    gets a bonus station there, a neutral token takes the other slot; P27 closes."""
    g = _slc(0)  # towards D8 and F6
    give(g, "P27", "NYC")
    assert lays_for(g, "NYC", "P27", ("E7",)) == []  # next to a metropolis
    lays = lays_for(g, "NYC", "P27", ())
    assert {h for h, _, _ in lays} == {"D8", "F6"}
    owned = g.corps["NYC"].tokens_owned
    cash = g.ledger.cash("NYC")
    _do(g, "NYC", "P27", *next(x for x in lays if x[0] == "D8"))
    board = board_map(g).board
    assert board["D8"].tokens["c"] == ["NYC", NEUTRAL]
    assert g.corps["NYC"].tokens_owned == owned + 1
    assert g.ledger.cash("NYC") == cash - 15  # D8's mountain, as any first tile
    assert g.privates["P27"].closed
    assert not station_allowed(board, "D8") and station_allowed(board, "E7")


def test_private_lay_refused_names_the_rule() -> None:
    """A lay the private does not allow (Boomtown on an empty city) is refused with the
    rule."""
    g = usa_engine()
    company(g, "NYC", "E7")
    normal_lay(g, "NYC", "E7", "57", 2)
    board_map(g).laid.clear()
    give(g, "P9", "NYC")
    operating(g)
    bad = PrivateLay(player=ANN, entity="NYC", company="P9", hex="D6", tile="14", rotation=0)
    with pytest.raises(IllegalAction) as err:
        g.check(bad)
    assert err.value.rule == "private.lay"


def test_18usa_12_no_private_lay_once_the_turn_has_placed_a_station() -> None:
    """§12: "Each company takes the following actions in the indicated order": track
    (§12.2), then station (§12.3).  C&O lays one tile, places a station and borrows; P27's
    Company Town, one of the turn's tile actions, is no longer on offer, though a second
    tile action would be left (found by the export differential, issue #17: random bots, 3
    players, seed 913, where the site refused the lay; the position is its first 98 moves)."""
    game = load_position("p27-after-a-station-3p.json")
    assert [a.kind for a in game.log[-4:]] == ["lay_tile", "place_token", "take_loan", "take_loan"]
    assert game.state.privates["P27"].owner == "C&O"  # type: ignore[attr-defined]
    assert not [a for a in game.legal_actions() if a.kind == "private_lay"]
    with pytest.raises(IllegalAction):
        game.apply(
            {
                "kind": "private_lay",
                "player": "P2",
                "entity": "C&O",
                "company": "P27",
                "hex": "F8",
                "tile": "X20",
                "rotation": 0,
            }
        )
