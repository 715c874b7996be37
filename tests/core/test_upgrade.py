"""Upgrade legality: colour order, kept track, stops, slots, labels, tables, phases."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from roundhouse.core.errors import IllegalAction
from roundhouse.core.tables.tiles import standard_tiles
from roundhouse.core.tiles import Colour, Link, Tile, TileSet, parse_tile
from roundhouse.core.upgrade import (
    UpgradeRules,
    check_replacement,
    check_upgrade,
    legal_rotations,
    path_fit,
)
from roundhouse.titles.g18us import tiles as g18us
from roundhouse.titles.g18usa import tiles as g18usa
from roundhouse.titles.g18west import tiles as g18west

T = standard_tiles()
ALL = frozenset(Colour)
COMMON = UpgradeRules()
PLAIN_HEX = parse_tile("plain", "white", "")
CITY_HEX = parse_tile("city", "white", "city c revenue=0")


def rule_of(old: str, new: str, rot: int, **kw: object) -> str | None:
    try:
        check_upgrade(T[old], 0, T[new], rot, rules=COMMON, colours=ALL, **kw)  # type: ignore[arg-type]
    except IllegalAction as exc:
        return exc.rule
    return None


def test_18west_7_1_2_plain_hex_takes_plain_track_only() -> None:
    """18West §7.1.2 table: an empty hex takes #8 or #9, a City hex a City tile."""
    assert legal_rotations(PLAIN_HEX, 0, T["8"], COMMON, ALL) == [0, 1, 2, 3, 4, 5]
    assert legal_rotations(PLAIN_HEX, 0, T["57"], COMMON, ALL) == []
    assert legal_rotations(CITY_HEX, 0, T["57"], COMMON, ALL) == [0, 1, 2]
    assert legal_rotations(CITY_HEX, 0, T["9"], COMMON, ALL) == []


def test_18west_7_1_2_plain_yellow_upgrades_to_green_junctions() -> None:
    """18West §7.1.2: #8 and #9 upgrade to #80–#83, keeping their track."""
    assert legal_rotations(T["8"], 0, T["80"], COMMON, ALL) != []
    assert legal_rotations(T["9"], 0, T["82"], COMMON, ALL) == [0, 3]
    # #80 has no straight, so a #9 cannot become an #80.
    assert legal_rotations(T["9"], 0, T["80"], COMMON, ALL) == []
    assert rule_of("9", "80", 0) == "track.keep_paths"


def test_18west_7_1_2_town_upgrades_keep_the_town() -> None:
    """18West §7.1.2: Town tiles #4 and #58 upgrade to Town tiles #141–#144."""
    assert legal_rotations(T["4"], 0, T["141"], COMMON, ALL) != []
    assert legal_rotations(T["58"], 0, T["141"], COMMON, ALL) != []
    assert rule_of("58", "14", 0) == "track.stops"  # a town never becomes a city


def test_18usa_12_2_2_upgrades_retain_every_track_segment() -> None:
    """18USA §12.2.2: upgrading may not remove track.  #57 (straight) fits #15 but not #619
    turned so that the straight is missing."""
    assert rule_of("57", "15", 0) is None
    assert rule_of("57", "15", 1) == "track.keep_paths"
    assert rule_of("6", "14", 5) is None
    assert rule_of("6", "14", 0) == "track.keep_paths"


def test_18usa_12_2_2_colour_order() -> None:
    """18USA §12.2.2: yellow to green, green to brown, brown to gray, one step at a time."""
    assert rule_of("57", "63", 0) == "track.colour_order"
    assert rule_of("15", "5", 0) == "track.colour_order"
    assert rule_of("171", "171", 0) == "track.colour_order"  # gray never upgrades
    assert rule_of("14", "63", 0) is None


def test_18usa_12_2_4_skipping_levels_when_the_title_allows() -> None:
    """18USA §12.2.4: plain track may skip colours (for a fee)."""
    skip = UpgradeRules(max_colour_step=3)
    check_upgrade(T["8"], 0, T["544"], 5, rules=skip, colours=ALL)
    check_upgrade(PLAIN_HEX, 0, T["544"], 0, rules=skip, colours=ALL)


def test_18us_10_4_phase_colour_must_be_available() -> None:
    """18US §10.4: brown tiles only once a 3E/2G-train has been bought."""
    early = frozenset({Colour.YELLOW, Colour.GREEN})
    with pytest.raises(IllegalAction) as err:
        check_upgrade(T["14"], 0, T["63"], 0, rules=COMMON, colours=early)
    assert err.value.rule == "track.phase_colour"


def test_18royalgorge_letter_tiles_need_a_matching_label() -> None:
    """18RoyalGorge Lay/Upgrade "Letter Tiles": a lettered city needs the matching tile."""
    r1 = parse_tile("RG1", "yellow", "city c revenue=30; track 0-c 1-c 5-c; label R")
    r2 = parse_tile("RG2", "green", "city c revenue=40; track 0-c 1-c 5-c; label R")
    check_upgrade(r1, 0, r2, 0, rules=COMMON, colours=ALL)
    with pytest.raises(IllegalAction) as err:
        check_upgrade(
            r1,
            0,
            T["63"],
            0,
            rules=UpgradeRules(free_colour=frozenset({("RG1", "63")})),
            colours=ALL,
        )
    assert err.value.rule == "track.label"
    assert rule_of("5", "207", 0) == "track.label"
    assert rule_of("5", "207", 0, label="Y") is None


def test_18royalgorge_upgrades_never_reduce_station_spaces() -> None:
    """18RoyalGorge "Letter Tiles": upgrades cannot reduce the number of station spaces."""
    two = parse_tile("two", "green", "city c revenue=40 slots=2; track 0-c 3-c")
    one = parse_tile("one", "brown", "city c revenue=60; track 0-c 3-c 1-c")
    assert path_fit(two, 0, one, 0, False) is None
    with pytest.raises(IllegalAction) as err:
        check_upgrade(two, 0, one, 0, rules=COMMON, colours=ALL)
    assert err.value.rule == "track.keep_paths"


def test_18us_6_2_1_plain_track_becomes_a_junction_town_by_table() -> None:
    """18US §6.2.1 and §12: #7/#8/#9 upgrade only to Junction Towns #141–#144, which may be
    used nowhere else; the town is new, so the stop rule is waived for those pairs."""
    junctions = frozenset({"141", "142", "143", "144"})
    table = {t: junctions for t in ("7", "8", "9")}
    rules = UpgradeRules(
        table=table, free_stops=frozenset((p, j) for p in ("7", "8", "9") for j in junctions)
    )
    check_upgrade(T["9"], 0, T["141"], 0, rules=rules, colours=ALL)
    with pytest.raises(IllegalAction) as err:  # #143 has no straight for the #9
        check_upgrade(T["9"], 0, T["143"], 0, rules=rules, colours=ALL)
    assert err.value.rule == "track.keep_paths"
    with pytest.raises(IllegalAction) as err:
        check_upgrade(T["8"], 0, T["80"], 0, rules=rules, colours=ALL)
    assert err.value.rule == "track.upgrade_table"
    with pytest.raises(IllegalAction) as err:  # a Junction Town only from plain track
        check_upgrade(T["4"], 0, T["141"], 0, rules=rules, colours=ALL)
    assert err.value.rule == "track.upgrade_table"


def test_tokens_follow_their_city_and_need_room() -> None:
    ny = parse_tile("NY", "yellow", "city n revenue=40; city s revenue=40; track 0-n 3-s")
    ny2 = parse_tile(
        "NY2", "green", "city a revenue=50; city b revenue=50 slots=2; track 3-a 0-b 1-b 4-a"
    )
    mapping = check_upgrade(ny, 0, ny2, 0, rules=COMMON, colours=ALL, tokens={"n": 1, "s": 1})
    assert mapping == {"n": "b", "s": "a"}


TILE_IDS = sorted(T.tiles)


@given(st.sampled_from(TILE_IDS), st.integers(0, 5), st.sampled_from(TILE_IDS), st.integers(0, 5))
def test_an_accepted_upgrade_never_loses_a_path(old: str, orot: int, new: str, nrot: int) -> None:
    try:
        mapping = check_upgrade(T[old], orot, T[new], nrot, rules=COMMON, colours=ALL)
    except IllegalAction:
        return
    new_links = {frozenset(link) for link in T[new].links(nrot)}
    for a, b in T[old].links(orot):
        mapped = frozenset(mapping[e] if isinstance(e, str) else e for e in (a, b))
        assert mapped in new_links
    assert T[old].exits(orot) <= T[new].exits(nrot)


def _replaceable(tiles: TileSet, rules: UpgradeRules) -> list[tuple[Tile, Tile, bool]]:
    """Every (old, new, stops may change) pair that passes the rotation-free checks."""
    out = []
    for old, new in itertools.product(tiles.tiles.values(), repeat=2):
        try:
            check_replacement(old, new, rules=rules, colours=ALL, label=old.label)
        except IllegalAction:
            continue
        out.append((old, new, (old.id, new.id) in rules.free_stops))
    return out


TITLE_PAIRS = [
    pair
    for tiles, rules in (
        (g18west.tile_set(), g18west.upgrade_rules()),
        (g18usa.tile_set(), g18usa.upgrade_rules()),
        (g18us.tile_set(), g18us.upgrade_rules()),
    )
    for pair in _replaceable(tiles, rules)
]


def test_title_tables_give_merging_and_stop_changing_pairs() -> None:
    free = {(old.id, new.id) for old, new, loose in TITLE_PAIRS if loose}
    assert {("251", "255"), ("254", "258"), ("243", "246"), ("X12", "X16"), ("8", "141")} <= free


@given(st.sampled_from(TITLE_PAIRS), st.integers(0, 5), st.integers(0, 5))
def test_title_upgrades_never_lose_track_or_station_slots(
    pair: tuple[Tile, Tile, bool], orot: int, nrot: int
) -> None:
    """Property over the 18West, 18USA and 18US tables, merges included (18USA §12.2.2:
    "all of the previous track segments must be retained"): every old exit survives, exits
    joined before stay joined, every old stop has a place, and the cities that share a new
    city had no more slots together than it has."""
    old, new, loose = pair
    try:
        mapping = check_upgrade(
            old, orot, new, nrot, rules=_rules_for(old, new, loose), colours=ALL
        )
    except IllegalAction:
        return
    assert old.exits(orot) <= new.exits(nrot)
    before, after = _joined(old.links(orot)), _joined(new.links(nrot))
    for a, b in itertools.combinations(sorted(old.exits(orot)), 2):
        if before[a] == before[b]:
            assert after[a] == after[b]
    for stop in old.stops:
        if stop.counts_as_stop:
            assert stop.name in mapping
    pooled: dict[str, int] = {}
    for city in old.cities:
        pooled[mapping[city.name]] = pooled.get(mapping[city.name], 0) + city.slots
    for target, slots in pooled.items():
        assert new.stop(target).slots >= slots


def _rules_for(old: Tile, new: Tile, loose: bool) -> UpgradeRules:
    pair = frozenset({(old.id, new.id)}) if loose else frozenset()
    return UpgradeRules(free_stops=pair, free_label=frozenset({(old.id, new.id)}))


def _joined(links: frozenset[Link]) -> dict[object, int]:
    group: dict[object, int] = {}
    for a, b in links:
        ga, gb = group.setdefault(a, len(group)), group.setdefault(b, len(group))
        if ga != gb:
            for key, value in group.items():
                if value == gb:
                    group[key] = ga
    return group
