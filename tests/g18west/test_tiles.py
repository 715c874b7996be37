"""18West tiles: the §7.1.2 upgrade table and §14.5 rows against the rulebook text, the title
tiles (18xx.games facts), and the city upgrades they allow."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from roundhouse.core.errors import IllegalAction
from roundhouse.core.hexgrid import Layout
from roundhouse.core.tiles import Colour, Tile, parse_tile
from roundhouse.core.upgrade import check_replacement, check_upgrade, legal_rotations
from roundhouse.render import tile_svg
from roundhouse.titles.g18west.tiles import (
    city_rows,
    city_rows_cut_after,
    manifest,
    reconstructed_tiles,
    tile_set,
    unlimited,
    upgrade_rules,
)
from tests.shared_files import shared_file

ALL = frozenset({Colour.YELLOW, Colour.GREEN, Colour.BROWN, Colour.GRAY})
TS = tile_set()
RULES = upgrade_rules()
TITLE_TILES = ("243", "246", "251", "252", "253", "254", "255", "256", "257", "258", "259",
               "260", "261", "262", "D-g", "D-b", "LA-g")  # fmt: skip
PRINTED_D = {
    "G14": parse_tile("G14", "yellow", "city c revenue=10; track 0-c 3-c 4-c"),
    "K20": parse_tile("K20", "yellow", "city c revenue=10; track 1-c"),
    "L21": parse_tile("L21", "yellow", "city c revenue=10; track 0-c 1-c 5-c"),
}
"""The printed yellow "D" cities (18xx.games map.rb): Denver, Dallas-Fort Worth, Houston."""
PRINTED_LA = parse_tile(
    "I4", "yellow", "city c1 revenue=10; city c2 revenue=10; track 4-c1 2-c2 5-c2"
)


def _rulebook() -> str:
    return shared_file(
        "rules", "18West.txt", feature="18West's tiles read against its rulebook", issue="#18"
    ).read_text(encoding="utf-8")


def _ids(cell: str) -> list[str]:
    return re.findall(r"\d+", cell)


def _legal(old: Tile, new: Tile) -> list[int]:
    return legal_rotations(old, 0, new, RULES, ALL)


def _refusal(old: Tile, new: Tile) -> str:
    with pytest.raises(IllegalAction) as err:
        check_replacement(old, new, rules=RULES, colours=ALL)
    return err.value.rule


def test_18west_7_1_2_plain_and_town_table_matches_rulebook() -> None:
    """The §7.1.2 table "Hex type / Unimproved / Yellow tiles / Green tiles", row by row."""
    text = _rulebook()
    rows = {
        line.split("\t")[0]: line.split("\t")
        for line in text.splitlines()
        if line.startswith(("Plain\t", "Town\t"))
    }
    table = {old: sorted(new, key=int) for old, new in RULES.table.items()}
    for kind, key in (("Plain", "plain"), ("Town", "town")):
        _, _, yellow, green = rows[kind]
        assert table[key] == _ids(yellow)
        for tile in _ids(yellow):
            assert table[tile] == _ids(green)
        for tile in _ids(green):
            assert table[tile] == []  # "only Cities upgrade beyond green"


def test_18west_14_5_portland_row() -> None:
    """§14.5 "The Cities": the text copy keeps the A4 Seattle and B3 Portland rows."""
    line = next(ln for ln in _rulebook().splitlines() if ln.startswith("B3\tPortland"))
    cells = line.split("\t")
    assert cells[5:7] == ["Printed", "15"]
    b3 = city_rows()["B3"]
    assert (b3.name, b3.yellow, b3.green) == ("Portland", "printed", ("15",))


def test_18west_rulebook_lists_no_tile_counts() -> None:
    """§1.2 only says "a number of ... track tiles": the counts are 18xx.games's.  Every tile
    the rulebook names is in the supply, and #8 and #9 never run out (§7.1.2)."""
    text = _rulebook()
    assert "a number of train cards, track tiles" in text
    named = {"8", "9", "80", "81", "82", "83", "4", "58", "141", "142", "143", "144", "15"}
    assert named <= set(manifest())
    assert unlimited() == {"8", "9"}
    assert TS.counts["8"] is None and TS.counts["9"] is None
    assert TS.counts["82"] == 7 and TS.counts["252"] == 2 and TS.counts["259"] == 2
    given = {t: n for t, n in manifest().items() if t not in reconstructed_tiles()}
    assert sum(n for n in given.values() if n) == 144  # map.rb TILES: 128 numbered + 16 title


@pytest.mark.parametrize("tile_id", TITLE_TILES)
def test_18west_title_tile_parses_and_renders(tile_id: str) -> None:
    tile = TS[tile_id]
    root = ET.fromstring(tile_svg(tile, 0, Layout.POINTY))
    assert tile_id in "".join(root.itertext())
    assert tile.label in {"SF", "Chi", "M-K", "SD", "StL", "LA", "D"}
    assert tile.colour in {Colour.GREEN, Colour.BROWN, Colour.GRAY}


def test_18west_7_1_2_plain_track_upgrades() -> None:
    """#8 and #9 upgrade to #80-#83 where the track fits; the printed row F track counts as
    #9, "that companies may upgrade to #82 or #83"."""
    assert _legal(TS["9"], TS["82"]) and _legal(TS["9"], TS["83"])
    assert not _legal(TS["9"], TS["80"]) and not _legal(TS["9"], TS["81"])
    assert _legal(TS["8"], TS["80"]) and _legal(TS["8"], TS["81"])
    assert _refusal(TS["8"], TS["141"]) == "track.upgrade_table"


def test_18west_7_1_2_towns_and_green_plain_stop_there() -> None:
    assert _legal(TS["4"], TS["141"]) and _legal(TS["58"], TS["143"])
    assert _refusal(TS["58"], TS["14"]) == "track.upgrade_table"
    assert _refusal(TS["82"], TS["63"]) == "track.upgrade_table"


def test_18west_two_city_cities_merge_at_brown() -> None:
    """San Francisco, Chicago and St. Louis: printed yellow with two cities (18xx.games map),
    green with two, brown with one (§6.4: two tokens "until the tile upgrades to brown")."""
    sf = parse_tile("G2", "yellow", "city c1 revenue=30; city c2 revenue=30; track 3-c1 5-c2")
    chi = parse_tile(
        "F27", "yellow", "city c1 revenue=40; city c2 revenue=40; track 1-c1 2-c2; label Chi"
    )
    stl = parse_tile(
        "H25", "yellow", "city c1 revenue=40; city c2 revenue=40; track 1-c1 0-c2 5-c2; label StL"
    )
    assert legal_rotations(sf, 0, TS["243"], RULES, ALL, "SF")
    assert _legal(TS["243"], TS["246"]) and _legal(TS["246"], TS["261"])
    assert _legal(chi, TS["251"]) and _legal(TS["251"], TS["255"])
    assert _legal(stl, TS["254"]) and _legal(TS["254"], TS["258"]) and _legal(TS["258"], TS["262"])
    assert _refusal(TS["251"], TS["258"]) == "track.label"


def test_18west_6_4_chicago_and_st_louis_tokens_move_into_the_brown_city() -> None:
    """§6.4: tokens in both green circles of Chicago (#251) or St. Louis (#254) stay "until the
    tile upgrades to brown": the one brown city (#255, #258, three slots) takes them all."""
    for green, brown in (("251", "255"), ("254", "258")):
        rotations = _legal(TS[green], TS[brown])
        assert rotations
        for rotation in rotations:
            mapping = check_upgrade(
                TS[green],
                0,
                TS[brown],
                rotation,
                rules=RULES,
                colours=ALL,
                tokens={"c1": 1, "c2": 1},
            )
            assert mapping == {"c1": "c", "c2": "c"}


def test_18west_minneapolis_and_kansas_city_share_tile_252() -> None:
    """Both printed M-K cities (D23 and G22, two $10 cities each) take one of the two #252."""
    d23 = parse_tile(
        "D23", "yellow", "city c1 revenue=10; city c2 revenue=10; track 1-c1 2-c2; label M-K"
    )
    g22 = parse_tile(
        "G22", "yellow", "city c1 revenue=10; city c2 revenue=10; track 0-c1 1-c2; label M-K"
    )
    assert _legal(d23, TS["252"]) and _legal(g22, TS["252"])
    assert TS.counts["252"] == 2


def test_18west_8_5_green_la_and_d_tiles_are_reconstructed() -> None:
    """§8.5's example upgrades Los Angeles and Dallas-Fort Worth while green is the newest
    colour, and gray #259 needs a brown D before it (§7.1.2 "progressively"); no source gives
    those faces, so they are reconstructed (docs/18West-data.md R19-R21) and the only
    tiles of their colour and label."""
    assert "upgrade San Francisco, Los Angeles and Dallas/Fort Worth" in _rulebook()
    assert reconstructed_tiles() == {"D-g", "D-b", "LA-g"}
    faces = {(t.label, t.colour): t.id for t in TS.tiles.values() if t.label in {"D", "LA"}}
    assert faces == {
        ("D", Colour.GREEN): "D-g",
        ("D", Colour.BROWN): "D-b",
        ("D", Colour.GRAY): "259",
        ("LA", Colour.GREEN): "LA-g",
        ("LA", Colour.BROWN): "256",
        ("LA", Colour.GRAY): "260",
    }
    assert TS.counts["D-g"] == 3 and TS.counts["D-b"] == 3 and TS.counts["LA-g"] == 1


def _city(tile: Tile) -> tuple[int, int]:
    (city,) = tile.stations
    return city.revenue_in(Colour.YELLOW), city.slots


def test_18west_d_cities_upgrade_green_brown_gray() -> None:
    """Each printed D city takes the green D ($30, a second circle for §8.6's x2 token), then
    the brown D ($40, two circles), then gray #259 ($50, three), each keeping its track;
    nothing skips a colour and no other label's tiles fit."""
    assert (_city(TS["D-g"]), _city(TS["D-b"]), _city(TS["259"])) == ((30, 2), (40, 2), (50, 3))
    for hex_name, printed in PRINTED_D.items():
        fits = {t.id for t in TS.tiles.values() if legal_rotations(printed, 0, t, RULES, ALL, "D")}
        assert fits == {"D-g"}, hex_name
    # Houston's three neighbouring sides (0 1 5) fit only two rotations of the green D
    assert _legal(PRINTED_D["L21"], TS["D-g"]) == []  # unlabelled: the D label is required
    assert legal_rotations(PRINTED_D["L21"], 0, TS["D-g"], RULES, ALL, "D") == [4, 5]
    assert _legal(TS["D-g"], TS["D-b"]) and _legal(TS["D-b"], TS["259"])
    assert _refusal(TS["D-g"], TS["259"]) == "track.colour_order"
    assert _refusal(TS["D-g"], TS["63"]) == "track.label"


def test_18west_los_angeles_green_joins_its_two_cities() -> None:
    """Printed LA has two $10 cities (§8.6: "whichever of the two City circles it is
    connected to" while LA "is still yellow"); the green LA is one $30 city whose two
    circles take a token from each, and it upgrades to brown #256 and gray #260."""
    (rotation,) = legal_rotations(PRINTED_LA, 0, TS["LA-g"], RULES, ALL, "LA")
    mapping = check_upgrade(
        PRINTED_LA,
        0,
        TS["LA-g"],
        rotation,
        rules=RULES,
        colours=ALL,
        tokens={"c1": 1, "c2": 1},
        label="LA",
    )
    assert mapping == {"c1": "c", "c2": "c"}
    assert TS["LA-g"].exits(rotation) == {2, 3, 4, 5}
    assert _city(TS["LA-g"]) == (30, 2)
    assert _legal(TS["LA-g"], TS["256"]) and _legal(TS["256"], TS["260"])
    others = [
        t.id for t in TS.tiles.values() if legal_rotations(PRINTED_LA, 0, t, RULES, ALL, "LA")
    ]
    assert others == ["LA-g"]


def test_18west_14_5_rows_after_portland_are_cut() -> None:
    """§14.5 "The Cities": the text copy ends inside the D23 row (base stations only), so only
    the B3 row's tiles are known; :func:`city_rows_cut_after` says so."""
    lines = _rulebook().splitlines()
    start = lines.index(next(ln for ln in lines if ln.startswith("B3\tPortland")))
    rest = [ln for ln in lines[start + 1 :] if ln.strip()]
    assert rest[0].split("\t") == ["D23", "Minneapolis / St. Paul", "-", "NP (N), GN (S)"]
    assert len(rest) == 1  # the text ends there
    assert city_rows_cut_after() == "B3"
    assert set(city_rows()) == {"B3"}
