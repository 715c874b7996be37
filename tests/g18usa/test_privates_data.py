"""18USA privates.toml: P1-P9 against the rulebook's appendix table, P10-P30 against the facts
taken from 18xx.games (docs/facts/18usa.md §6), the deal of §2.3 and the loader's checks."""

from __future__ import annotations

import dataclasses
import re
import tomllib

import pytest

from roundhouse.core.ability import Closes
from roundhouse.core.datafile import DataError, read
from roundhouse.titles.g18usa.board import great_northern_hexes, red_area_tokens
from roundhouse.titles.g18usa.private_abilities import (
    ABILITY_KINDS,
    BridgeTokens,
    CityUpgrade,
    ExtraLoan,
    GreatNorthern,
    Resource,
    ResourceTokens,
    SpecialTiles,
    TerrainDiscount,
    TrainBonusStop,
    TrainDiscount,
)
from roundhouse.titles.g18usa.privates import (
    PRIVATES,
    Source,
    UsaPrivatesFile,
    data,
    deal_groups,
    privates,
    resource_subsidy_kinds,
)
from tests.shared_files import shared_file

PS = privates()


def _rulebook_table() -> dict[str, tuple[str, int]]:
    """The appendix "Private Companies" table: id -> (name, value)."""
    text = shared_file(
        "rules",
        "18USA.txt",
        feature="18USA's private companies read against its rulebook",
        issue="#17",
    ).read_text(encoding="utf-8")
    start = text.index("ID\tName\tValue\tRules")
    rows: dict[str, tuple[str, int]] = {}
    for line in text[start:].splitlines()[1:]:
        m = re.match(r"(P\d+)\t([^\t]+)\t\$(\d+)\t", line)
        if m is None:
            break
        rows[m[1]] = (m[2], int(m[3]))
    return rows


def test_18usa_appendix_p1_to_p9_names_and_values() -> None:
    """Appendix "Private Companies": the names and face values of P1-P9 as printed (the
    rulebook's "Reece Oil and Gas" is $40; 18xx.games has $30, docs/rules-notes.md)."""
    table = _rulebook_table()
    assert list(table) == [f"P{i}" for i in range(1, 10)]
    assert {pid: (PS[pid].name, PS[pid].value) for pid in table} == table


def test_18usa_p10_to_p30_values_from_18xx_games() -> None:
    """The face values 18xx.games gives P10-P30 (docs/facts/18usa.md §6)."""
    values = {f"P{i}": PS[f"P{i}"].value for i in range(10, 31)}
    assert values == {
        **dict.fromkeys(("P10", "P11"), 40),
        **dict.fromkeys(("P12", "P13", "P14", "P15", "P16", "P17", "P18"), 60),
        **dict.fromkeys(("P19", "P20", "P21", "P22", "P23"), 80),
        **dict.fromkeys(("P24", "P25", "P26", "P27", "P28"), 90),
        **dict.fromkeys(("P29", "P30"), 120),
    }


def test_18usa_sources_cited_per_private() -> None:
    """P1-P9 are the rulebook's, P10-P30 18xx.games's; the header names both."""
    assert [p.source for p in PS.values()] == [Source.RULEBOOK] * 9 + [Source.SITE] * 21
    header = PRIVATES.read_text(encoding="utf-8")[:2000]
    assert "18USA.txt" in header
    assert "111f7f698005a057d68877682486da3f1705e551" in header


def test_18usa_10_opening_bids() -> None:
    """§10: an opening bid of at least half the face value, in $5 steps; the Pyramid Scheme's
    is $5."""
    for p in PS.values():
        expected = 5 if p.id == "P14" else p.value // 2
        assert p.min_bid == expected and p.min_bid % 5 == 0, p.id


def test_18usa_7_1_owners_and_users() -> None:
    """§7.1: owned by players or companies; only an owning company uses an ability; no
    private pays revenue (the rulebook prints none, 18xx.games pays $0)."""
    for p in PS.values():
        assert p.owners == ("player", "company")
        assert p.revenue == 0
        for a in p.spec.abilities:
            if not isinstance(a, Closes):
                assert a.who.value == "owning_company", (p.id, a)


def test_18usa_2_3_deal() -> None:
    """§2.3: P1-P4 always, P10 with five or more players, then 1/2/3/2/2/1 of the $30 ... $120
    privates; every value has enough candidates."""
    deal = data().deal
    assert deal.always == ("P1", "P2", "P3", "P4")
    assert dict(deal.always_from_players) == {5: ("P10",)}
    assert dict(deal.keep_by_value) == {30: 1, 40: 2, 60: 3, 80: 2, 90: 2, 120: 1}
    fixed = {"P1", "P2", "P3", "P4", "P10"}
    for value, keep in deal.keep_by_value.items():
        pool = [p for p in PS.values() if p.value == value and p.id not in fixed]
        assert len(pool) > keep, value


def test_every_ability_kind_is_known() -> None:
    """Each private's abilities are kinds the code knows, plus exactly one closing."""
    for p in PS.values():
        *powers, closing = p.spec.abilities
        assert isinstance(closing, Closes)
        assert all(type(a) in ABILITY_KINDS for a in powers), p.id
    used = {type(a) for p in PS.values() for a in p.spec.abilities[:-1]}
    assert used == set(ABILITY_KINDS)


def test_18usa_13_resource_tokens() -> None:
    """§13 and the appendix's Subsidy Tiles: who brings which resource tokens and how many
    (P21: one coal or one ore, 18xx.games)."""
    got = {
        p.id: (tuple(r.value for r in a.resources), a.uses)
        for p in PS.values()
        if (a := p.find(ResourceTokens)) is not None
    }
    assert got == {
        "P1": (("coal",), 1),
        "P3": (("oil",), 1),
        "P4": (("ore",), 1),
        "P12": (("oil",), 2),
        "P18": (("coal",), 2),
        "P21": (("coal", "ore"), 1),
        "P24": (("ore",), 2),
        "P28": (("coal",), 3),
    }
    assert PS["P24"].ability(ResourceTokens).resources == (Resource.ORE,)


def test_18usa_terrain_and_bridges() -> None:
    """Appendix P2 ($10 river, one bridge), P5 ($15 mountain); 18xx.games P21 (one bridge),
    P22 (two bridges), both waiving $10 river."""
    discounts = {p.id: (a.terrain, a.amount) for p in PS.values() if (a := p.find(TerrainDiscount))}
    assert discounts == {
        "P2": ("river", 10),
        "P5": ("mountain", 15),
        "P21": ("river", 10),
        "P22": ("river", 10),
    }
    bridges = {p.id: a.uses for p in PS.values() if (a := p.find(BridgeTokens))}
    assert bridges == {"P2": 1, "P21": 1, "P22": 2}
    assert all(PS[p].ability(BridgeTokens).bonus == 10 for p in bridges)


def test_18usa_closing() -> None:
    """When each private leaves: used up (tokens, discards, tiles), when put into a company
    being started (P10, P14, P29), P8 with its token, P25 at phase 6; the others never."""
    closes = {p.id: p.spec.abilities[-1] for p in PS.values()}
    used_up = {pid for pid, c in closes.items() if c.after_use}
    assert used_up == {
        "P1", "P3", "P4", "P6", "P9", "P12", "P13", "P16",
        "P18", "P20", "P24", "P26", "P27", "P28",
    }  # fmt: skip
    started = {pid for pid, c in closes.items() if c.on_event == "company_started"}
    assert started == {"P10", "P14", "P29"}
    assert closes["P8"].on_event == "red_area_token_removed"
    assert closes["P25"].on_phase == "6"
    never = {pid for pid, c in closes.items() if c.never}
    assert never == {"P2", "P5", "P7", "P11", "P15", "P17", "P19", "P21", "P22", "P23", "P30"}


def test_18usa_site_numbers() -> None:
    """Numbers of P10-P30 from 18xx.games (docs/facts/18usa.md §6)."""
    assert PS["P15"].ability(ExtraLoan) == ExtraLoan(loans=1, interest=5)
    gn = PS["P17"].ability(GreatNorthern)
    assert (gn.short_route, gn.short_bonus) == (("B8", "B14"), 30)
    assert (gn.long_route, gn.long_bonus, gn.per_round) == (("B2", "B8", "B14", "D20"), 60, 1)
    assert great_northern_hexes() == frozenset(
        ("B4", "B6", "B8", "B10", "B12", "B14", "B16", "B18", "C19", "D20")
    )
    assert PS["P19"].ability(TrainBonusStop).effect == "switcher"
    assert not PS["P30"].ability(TrainBonusStop).permanent_trains
    assert PS["P25"].ability(TrainDiscount).percent == 10
    hq = PS["P16"].ability(CityUpgrade)
    assert (hq.tiles, hq.from_phase, hq.from_colours) == (("X23",), "5", ("green", "brown"))
    assert PS["P26"].ability(SpecialTiles).uses == 3
    assert PS["P27"].ability(SpecialTiles).penalty == 10


def test_18usa_p6_token_is_the_appendix_token() -> None:
    """Appendix "Red Area Markers": the 30/40/50/80 token is P6's."""
    from roundhouse.titles.g18usa.private_abilities import RedAreaToken

    assert PS["P6"].ability(RedAreaToken).values == red_area_tokens().import_export_hub


def _doc() -> dict[str, object]:
    return tomllib.loads(PRIVATES.read_text(encoding="utf-8"))


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        (lambda d: d["privates"]["P2"].update(bridge_tokens={"uses": 1, "span": 2}), "span"),
        (lambda d: d["privates"]["P2"].update(teleport={}), "teleport"),
        (lambda d: d["privates"]["P1"].update(value=35), "multiple of $10"),
        (lambda d: d["privates"]["P5"].update(closes="used_up"), "no ability has a number"),
        (lambda d: d["privates"]["P12"].update(source="rulebook"), "source is 18xx.games"),
        (lambda d: d["privates"].pop("P30"), "P1 to P30"),
        (
            lambda d: d["privates"]["P1"].update(resource_tokens={"resources": ["gold"]}),
            "gold",
        ),
    ],
)
def test_privates_file_errors_name_the_key(change: object, problem: str) -> None:
    """A private naming an unknown ability kind or number, or breaking a rule of the file,
    does not load, and the error says which."""
    doc = _doc()
    change(doc)  # type: ignore[operator]
    with pytest.raises(DataError, match=re.escape(problem)):
        read(UsaPrivatesFile, doc, source="privates.toml")


def test_ability_records_are_frozen() -> None:
    a = PS["P1"].ability(ResourceTokens)
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.uses = 3  # type: ignore[misc]


def test_18usa_p3_value_under_compat_18xx_games() -> None:
    """docs/rules-notes.md: the rulebook's P3 is $40 (opening bid $20), 18xx.games's $30
    ($15); only P3 differs."""
    site = privates(compat_18xx_games=True)
    assert (site["P3"].value, site["P3"].min_bid) == (30, 15)
    assert [p for p in PS if PS[p].value != site[p].value] == ["P3"]


def test_18usa_2_3_deal_groups() -> None:
    """§2.3: with four players P10 is one of the $40 draw; with five it is always in."""
    always, groups = deal_groups(4)
    assert always == ("P1", "P2", "P3", "P4")
    by_value = {g.value: (g.candidates, g.keep) for g in groups}
    assert by_value[30] == (("P5", "P6"), 1)
    assert by_value[40] == (("P7", "P8", "P9", "P10", "P11"), 2)
    assert [g.value for g in groups] == [30, 40, 60, 80, 90, 120]
    always, groups = deal_groups(5)
    assert always[-1] == "P10"
    assert {g.value: g.candidates for g in groups}[40] == ("P7", "P8", "P9", "P11")


def test_18usa_appendix_resource_subsidy_kinds() -> None:
    """Appendix "Subsidy Tiles", Resource: ore if P24 is not in play, oil if P12 is not, coal
    if either P18 or P28 is not; all in play: no subsidy."""
    assert resource_subsidy_kinds(()) == (Resource.ORE, Resource.OIL, Resource.COAL)
    assert resource_subsidy_kinds(("P24", "P18")) == (Resource.OIL, Resource.COAL)
    assert resource_subsidy_kinds(("P24", "P12", "P18", "P28")) == ()
