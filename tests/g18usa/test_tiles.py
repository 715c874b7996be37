"""18USA tiles: the manifest against the rulebook's table, the X tiles, and the upgrade rules of
§12.2.2-§12.2.4."""

from __future__ import annotations

import itertools
import re
import xml.etree.ElementTree as ET

import pytest

from roundhouse.core.errors import IllegalAction
from roundhouse.core.hexgrid import Layout
from roundhouse.core.tables.tiles import standard_tiles
from roundhouse.core.tiles import Colour, Tile, parse_tile
from roundhouse.core.upgrade import check_replacement, check_upgrade, legal_rotations
from roundhouse.render import tile_svg
from roundhouse.titles.g18usa.tiles import (
    Edition,
    colour_skip,
    empty_city_colour,
    hex_only,
    manifest,
    tile_set,
    unlimited,
    upgrade_rules,
)
from tests.shared_files import shared_file

ALL = frozenset({Colour.YELLOW, Colour.GREEN, Colour.BROWN, Colour.GRAY})
TS = tile_set()
RULES = upgrade_rules()
EMPTY = parse_tile("empty", "white", "")


def _rulebook() -> str:
    return shared_file(
        "rules", "18USA.txt", feature="18USA's tile manifest read against its rulebook", issue="#17"
    ).read_text(encoding="utf-8")


def _manifest_table() -> dict[str, tuple[int, int] | None]:
    """The appendix table: cells "5 (yellow)<TAB>2+6"; a cell cut short has no count (None)."""
    text = _rulebook()
    start = text.index("Tile\t#\tTile\t#")
    rows: dict[str, tuple[int, int] | None] = {}
    for line in text[start:].splitlines()[1:]:
        if not line.strip():
            break
        cells = line.split("\t")
        for i in range(0, len(cells), 2):
            tile = cells[i].split()[0]
            if i + 1 >= len(cells):
                rows[tile] = None
                continue
            base, _, extra = cells[i + 1].partition("+")
            rows[tile] = (int(base), int(extra or 0))
    return rows


def _legal(old: Tile, new: Tile, label: str | None = None) -> list[int]:
    return legal_rotations(old, 0, new, RULES, ALL, label)


def _refusal(old: Tile, new: Tile) -> str:
    with pytest.raises(IllegalAction) as err:
        check_replacement(old, new, rules=RULES, colours=ALL)
    return err.value.rule


# --- manifest ---------------------------------------------------------------------------


def test_18usa_manifest_counts_match_the_rulebook_table() -> None:
    """Every count in "Tile Manifest and Red Area Markers" is ours; the text copy is cut after
    "X08 Rural Junction (yellow)", whose count, and the X09 row, come from 18xx.games."""
    book = _manifest_table()
    ours = manifest()
    assert len(book) == 46
    assert book["X08"] is None and "X09" not in book
    assert {t: c for t, c in book.items() if c is not None} == {
        t: c for t, c in ours.items() if t not in {"X08", "X09"}
    }
    assert ours["X08"] == ours["X09"] == (1, 0)


def test_18usa_components_83_tiles_and_164_more_in_the_full_game() -> None:
    """ "83 track tiles" in the expansion; the full game's "164 tiles" are the '+' counts plus
    the alternates X00, 54 and 62 (0+1 each), which are not used in 18USA."""
    text = _rulebook()
    assert "83 track tiles" in text and "164 tiles" in text
    alternates = re.findall(r"— (\d+)\+(\d+)", text[text.index("Alternate tiles") :])
    assert [(int(a), int(b)) for a, b in alternates] == [(0, 1)] * 3
    assert sum(base for base, _ in manifest().values()) == 83
    assert sum(extra for _, extra in manifest().values()) + 3 == 164


def test_18usa_12_2_plain_city_and_plain_track_tiles_are_unlimited() -> None:
    """§12.2: "All plain city and plain track tiles are considered to be unlimited in
    quantity."  Plain city: an unlabelled city tile; plain track: no stop."""
    derived = {t for t in manifest() if TS[t].label is None and (TS[t].plain_track or TS[t].cities)}
    assert unlimited() == derived
    assert all(TS.counts[t] is None for t in derived)
    assert TS.counts["X10"] == 1 and TS.counts["592"] == 4 and TS.counts["X30"] == 1


def test_18usa_expansion_counts_need_1817_tiles() -> None:
    """The expansion alone has no B tiles and no gray New York: 1817 provides them."""
    exp = tile_set(Edition.EXPANSION)
    assert exp.counts["592"] == exp.counts["593"] == exp.counts["597"] == 0
    assert exp.counts["X30"] == 0 and exp.counts["X13"] == 1
    assert exp.counts["8"] is None


def test_18usa_standard_tiles_are_the_catalogue_ones() -> None:
    """Numbered tiles come from core's catalogue unchanged (checked against tile.rb)."""
    std = standard_tiles()
    for t in manifest():
        if t[0].isdigit():
            assert TS[t] is std[t]


@pytest.mark.parametrize("tile_id", sorted(t for t in manifest() if t.startswith("X")))
def test_18usa_title_tile_parses_and_renders(tile_id: str) -> None:
    tile = TS[tile_id]
    root = ET.fromstring(tile_svg(tile, 0, Layout.POINTY))
    assert root.tag.endswith("svg")
    assert tile_id in "".join(root.itertext())
    assert tile.exits(0)


def test_18usa_metropolis_tiles_have_their_labels_and_values() -> None:
    """§12.2.3: the six metropolis yellows are $30 cities; DFW and LA grow to 80 and 90."""
    labels = {t: TS[t].label for t in ("X01", "X02", "X03", "X04", "X05", "X06")}
    assert labels == {
        "X01": "ATL", "X02": "CHI", "X03": "DFW", "X04": "DEN", "X05": "LA", "X06": "NO",
    }  # fmt: skip
    assert all(TS[t].stop("c").revenue == 30 for t in labels)
    assert TS["X18"].stop("c").revenue == 80 and TS["X19"].stop("c").slots == 4
    assert TS["X20"].stop("c").revenue_in(Colour.BROWN) == 50


# --- upgrades ---------------------------------------------------------------------------


def test_18usa_12_2_3_atlanta_chicago_denver_use_the_b_tiles() -> None:
    """ "Atlanta, Denver, and Chicago use the green, brown, and gray B city tiles"."""
    for yellow in ("X01", "X02", "X04"):
        assert _legal(TS[yellow], TS["592"]), yellow
    assert _legal(TS["592"], TS["593"]) and _legal(TS["593"], TS["597"])
    assert _refusal(TS["X01"], TS["14"]) == "track.upgrade_table"  # only the B tile


def test_18usa_12_2_3_dedicated_tiles_for_dfw_and_los_angeles() -> None:
    """ "Dallas-Fort Worth, Los Angeles ... have dedicated metropolis upgrade tiles"; the B
    tile is not one of them."""
    for chain in (("X03", "X10", "X14", "X18"), ("X05", "X11", "X15", "X19")):
        for old, new in itertools.pairwise(chain):
            assert _legal(TS[old], TS[new]), (old, new)
    assert _refusal(TS["X03"], TS["592"]) == "track.upgrade_table"
    assert _refusal(TS["X03"], TS["X11"]) == "track.label"


def test_18usa_new_york_merges_into_one_brown_city() -> None:
    """The printed yellow New York (two cities, 18xx.games D28) takes X12, X16, then X30."""
    ny = parse_tile("D28", "yellow", "city c1 revenue=40; city c2 revenue=40; track 0-c1 3-c1 1-c2")
    assert _legal(ny, TS["X12"], "NY")
    assert _legal(TS["X12"], TS["X16"])
    assert _legal(TS["X16"], TS["X30"])


def test_18usa_12_2_2_new_york_tokens_stay_on_the_merged_city() -> None:
    """ "If the upgraded tile has one or more station tokens on it these are replaced on the new
    tile in the same position as before": X12's three tokens (two in one city, one in the
    other) all go to X16's one city of four slots."""
    rotations = _legal(TS["X12"], TS["X16"])
    assert rotations
    for rotation in rotations:
        mapping = check_upgrade(
            TS["X12"], 0, TS["X16"], rotation, rules=RULES, colours=ALL, tokens={"c1": 2, "c2": 1}
        )
        assert mapping == {"c1": "c", "c2": "c"}


def test_18usa_12_2_2_corresponding_tiles() -> None:
    """ "Plain track tiles, city tiles, and M city tiles must be upgraded with corresponding
    tiles", one colour at a time without the phase 5 fee."""
    assert _refusal(TS["8"], TS["14"]) == "track.stops"
    assert _refusal(TS["57"], TS["82"]) == "track.stops"
    assert _refusal(TS["8"], TS["544"]) == "track.colour_order"
    assert _legal(TS["8"], TS["81"]) and _legal(TS["57"], TS["619"])


def test_18usa_private_tiles_are_not_ordinary_lays() -> None:
    """Rural junctions (P26), company towns (P27) and the Regional HQ only come with their
    private; Cleveland's X13 only in D24."""
    for tile in ("X07", "X08", "X09", "X20", "X21", "X22", "X23"):
        assert _refusal(EMPTY, TS[tile]) == "track.special_tile", tile
    assert hex_only() == {"X13": "D24"}


def test_18usa_cleveland_takes_only_its_own_brown_tile() -> None:
    """The manifest's "X13 Cleveland (brown)": X13 goes only to Cleveland (D24), and
    Cleveland's brown tile is X13, not a plain brown city such as 448 or 611 (18xx.games
    refused 15 -> 448 in D24 in a bot game of ours: ``G18USA::Game#upgrades_to?``)."""
    from roundhouse.core.game import Game
    from roundhouse.core.track import TileLay
    from roundhouse.titles.g18usa.map_rules import HexOnly
    from tests.g18usa.cards import NO_PRIVATES_TITLE

    g = Game(NO_PRIVATES_TITLE, ["Ann", "Bob", "Cy"], seed=1).state
    rule = HexOnly()

    def allowed(hex_name: str, tile: str) -> bool:
        lay = TileLay(hex=hex_name, tile=tile, rotation=0, cost=0, upgrade=True)
        return rule.allowed(g, "ATSF", lay)

    assert allowed("D24", "X13") and allowed("D24", "15") and allowed("B8", "448")
    assert not allowed("D24", "448") and not allowed("D24", "611") and not allowed("B8", "X13")


def test_18usa_12_2_4_skip_fees() -> None:
    """ "it would cost $20 to place a plain brown tile in an empty hex, or $10 to upgrade a
    yellow track to brown"; a city tile may not skip."""
    skip = colour_skip()
    assert skip.fee(EMPTY, TS["544"]) == 20
    assert skip.fee(TS["8"], TS["544"]) == 10
    assert skip.fee(EMPTY, TS["X17"]) == 30
    assert not skip.applies(TS["57"], TS["63"])
    check_replacement(TS["8"], TS["544"], rules=RULES, colours=ALL, skip=skip)


def test_18usa_12_2_4_empty_city_takes_green() -> None:
    city = parse_tile("city", "white", "city c revenue=0")
    colour = empty_city_colour()
    assert colour is Colour.GREEN
    check_replacement(city, TS["14"], rules=RULES, colours=ALL, empty_city_colour=colour)
    with pytest.raises(IllegalAction) as err:
        check_replacement(city, TS["57"], rules=RULES, colours=ALL, empty_city_colour=colour)
    assert err.value.rule == "track.empty_city_colour"
