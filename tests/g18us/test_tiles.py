"""18US tiles: the §12 manifest rows and §10.3 city rows against the rulebook text (the only
source: 18US is not on 18xx.games), Junction Town upgrades (§6.2.2), and what is missing."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from roundhouse.core.board_format import load_board
from roundhouse.core.errors import IllegalAction
from roundhouse.core.graph import Graph
from roundhouse.core.hexgrid import Layout
from roundhouse.core.tables.tiles import standard_tiles
from roundhouse.core.tiles import Colour
from roundhouse.core.track import Allowance, LayReach, TrackRules, check_lay, tile_lays
from roundhouse.core.upgrade import check_replacement, legal_rotations
from roundhouse.render import tile_svg
from roundhouse.titles.g18us.tiles import (
    LAY_REACH,
    city_rows,
    manifest_rows,
    missing_facts,
    missing_tiles,
    tile_set,
    unknown_counts,
    upgrade_rules,
)
from tests.core.board_fixture import DOC
from tests.shared_files import shared_file

ALL = frozenset({Colour.YELLOW, Colour.GREEN, Colour.BROWN, Colour.GRAY})
STD = standard_tiles()
RULES = upgrade_rules()


def _rulebook() -> str:
    return shared_file(
        "rules", "18US.txt", feature="18US's tiles read against its rulebook", issue="#19"
    ).read_text(encoding="utf-8")


def _ids(cell: str) -> list[str]:
    return [t.strip() for t in cell.split(",") if t.strip()]


def test_18us_12_manifest_rows_match_rulebook() -> None:
    """§12 "Tile Manifest" as the text prints it: eight "map" rows, no counted tile."""
    text = _rulebook()
    start = text.index("Tile\t#\tLegal Upgrades")
    rows = []
    for line in text[start:].splitlines()[1:]:
        if not line.strip():
            break
        cells = [*line.split("\t"), ""]
        rows.append((cells[0], cells[1], tuple(_ids(cells[2]))))
    assert rows == [(row.hex, row.count, row.upgrades) for row in manifest_rows()]
    assert all(count == "map" for _, count, _ in rows)


def test_18us_10_3_city_rows_match_rulebook() -> None:
    text = _rulebook()
    for hex_id, row in city_rows().items():
        line = next(ln for ln in text.splitlines() if ln.startswith(hex_id + "\t"))
        cells = line.split("\t")
        assert cells[1] == row.name
        assert tuple(c.lower() for c in cells[6:10]) == row.tiles


def test_18us_every_listed_upgrade_is_in_the_table() -> None:
    """Each tile §12 and §10.3 list is a target in the upgrade table, and D25's chain runs
    242 -> 245 -> 247."""
    targets = {t for new in RULES.table.values() for t in new}
    for row in manifest_rows():
        assert set(row.upgrades) <= targets
    assert RULES.table["D25"] == {"242"}
    assert RULES.table["242"] == {"245"} and RULES.table["245"] == {"247"}
    assert RULES.table["E24"] == {"207"}


def test_18us_counts_the_text_lacks_are_flagged() -> None:
    """#7, #8 and #9 are not a hard limit (§6.2.1); #3 is only printed (§6.2.2); the rest of
    the counts are cut from §12, and the title tiles' faces are not transcribed."""
    ts = tile_set()
    assert ts.counts["7"] is ts.counts["8"] is ts.counts["9"] is None
    assert ts.counts["3"] == 0
    assert unknown_counts() == set(ts.tiles) - {"3", "7", "8", "9"}
    assert missing_tiles() == ("242", "243", "245", "247")
    assert not set(missing_tiles()) & set(ts.tiles)


@pytest.mark.parametrize("tile_id", sorted(tile_set().tiles, key=int))
def test_18us_tiles_in_play_render(tile_id: str) -> None:
    root = ET.fromstring(tile_svg(tile_set()[tile_id], 0, Layout.FLAT))
    assert tile_id in "".join(root.itertext())


def test_18us_6_2_2_plain_yellow_becomes_a_junction_town() -> None:
    """ "A company may upgrade a plain yellow track tile (#7, #8, or #9) to a green Junction
    Town tile (#141, #142, #143, or #144)", keeping its connections; later to #145-#147."""
    assert legal_rotations(STD["9"], 0, STD["141"], RULES, ALL)
    assert legal_rotations(STD["8"], 0, STD["142"], RULES, ALL)
    assert legal_rotations(STD["7"], 0, STD["143"], RULES, ALL)
    assert legal_rotations(STD["141"], 0, STD["145"], RULES, ALL)
    assert legal_rotations(STD["142"], 0, STD["146"], RULES, ALL)


def test_18us_11_3_plain_yellow_upgrades_only_to_junction_towns() -> None:
    """§11.3: "you can only upgrade plain yellow track tiles (#7, #8, and #9) to green dot
    Towns"; and the listed city tiles go only where §12 lists them."""
    for new in ("80", "82", "16"):
        with pytest.raises(IllegalAction) as err:
            check_replacement(STD["9"], STD[new], rules=RULES, colours=ALL)
        assert err.value.rule == "track.upgrade_table"
    with pytest.raises(IllegalAction) as err:
        check_replacement(STD["57"], STD["405"], rules=RULES, colours=ALL)
    assert err.value.rule == "track.upgrade_table"


def test_18us_6_2_1_junction_town_extends_the_route() -> None:
    """§6.2.1/§6.2.2 with the EXTENDS_ROUTE switch: PRR's #9 in B4 (NW-SE) may become a
    Junction Town (its track now runs through a new town, so it extends PRR's route), and into
    nothing else: no #80-#83 in 18US."""
    assert LAY_REACH is LayReach.EXTENDS_ROUTE
    board = load_board(DOC, source="fixture", tiles=tile_set())
    board.place_token("A3", "c", "PRR")
    board.lay("B4", "9", 2, {})
    rules = TrackRules(
        colours=frozenset({Colour.YELLOW, Colour.GREEN}), upgrades=RULES, reach=LAY_REACH
    )
    graph = Graph(board)
    lays = [x for x in tile_lays(board, graph, "PRR", Allowance(cash=100), rules) if x.hex == "B4"]
    assert {x.tile for x in lays} == {"141", "142"}  # #143 and #144 have no straight through
    assert all(x.upgrade for x in lays)
    assert all(x.station == "t" for x in lays)  # §6.2.2: the Junction Town takes PRR's token
    first = lays[0]
    cost, _ = check_lay(
        board, graph, "PRR", (first.hex, first.tile, first.rotation), Allowance(cash=100), rules
    )
    assert cost == first.cost


def test_18us_6_5_what_the_text_says_of_the_missing_tiles() -> None:
    """The four title tiles have no faces, but the text fixes their colours (§10.3 D25 row,
    §12 SF-O row) and that the green New York / Philadelphia and Oakland / San Francisco tiles
    keep two separate cities (§6.5)."""
    text = _rulebook()
    assert (
        "from New York (D25-N) to Philadelphia (D25-S) or Oakland (E2-N) to San Francisco "
        "(E2-S) while their tiles are still yellow or green" in text
    )
    facts = missing_facts()
    assert set(facts) == set(missing_tiles())
    d25 = city_rows()["D25"].tiles
    colours = {"242": Colour.GREEN, "245": Colour.BROWN, "247": Colour.GRAY}
    assert d25 == ("printed", "242", "245", "247")
    for tile_id, colour in colours.items():
        assert facts[tile_id].color is colour and facts[tile_id].hex == "D25"
    e2 = facts["243"]
    assert (e2.color, e2.hex, e2.cities) == (Colour.GREEN, "E2", 2)
    assert facts["242"].cities == 2
    assert facts["245"].cities is None and facts["247"].cities is None


def test_18us_6_2_2_printed_junction_towns_b23_b19_fixed_e10_upgrades() -> None:
    """§6.2.2: B23 is "a non-upgradeable #142 tile", B19 "a non-upgradeable #3 tile (not
    otherwise used in the game)"; E10 is "an upgradeable #142 tile" that becomes a brown
    Junction Town (#145, #146 or #147) once Phase 3E/2G begins."""
    doc: dict[str, object] = {
        "board": {"layout": "pointy", "letter_axis": "y"},
        "hexes": {
            "B21 B25 A22 A24 C22 C24 E8 E12 D9 D11 F9 F11": {},
            "B23": {"tile": "142", "upgradeable": False, "location": "Junction Town"},
            "B19": {"tile": "3", "upgradeable": False, "location": "Junction Town"},
            "E10": {"tile": "142", "location": "Junction Town"},
        },
    }
    board = load_board(doc, source="18US printed towns", tiles=tile_set())
    assert board["B23"].fixed and board["B19"].fixed and not board["E10"].fixed
    assert tile_set().counts["3"] == 0  # printed only
    rules = TrackRules(colours=ALL, upgrades=RULES, reach=LAY_REACH)
    for name, tile in (("B23", "146"), ("B19", "146")):
        with pytest.raises(IllegalAction) as err:
            check_lay(board, Graph(board), "DRG", (name, tile, 0), Allowance(cash=100), rules)
        assert err.value.rule == "track.fixed"
    e10 = board["E10"].tile
    for brown in ("145", "146", "147"):
        check_replacement(e10, STD[brown], rules=RULES, colours=ALL)
    with pytest.raises(IllegalAction) as err:
        check_replacement(e10, STD["146"], rules=RULES, colours=ALL - {Colour.BROWN})
    assert err.value.rule == "track.phase_colour"


def test_18us_6_2_2_junction_towns_take_tokens_green_one_brown_two() -> None:
    """§6.2.2: the creator's token in green, "a second company" once brown; the faces are the
    standard tiles' (same track, town and revenue at every rotation)."""
    ts = tile_set()
    for tile_id in ("3", "141", "142", "143", "144", "145", "146", "147"):
        own, std = ts[tile_id], STD[tile_id]
        assert own.colour is std.colour
        assert all(own.links(r) == std.links(r) for r in range(6))
        assert own.stop("t").revenue == std.stop("t").revenue
        assert [s.slots for s in own.stations] == [2 if own.colour is Colour.BROWN else 1]
        assert std.stations == ()
    assert ("8", "142") in upgrade_rules().founds_station
    assert ("141", "145") not in upgrade_rules().founds_station
