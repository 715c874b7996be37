"""18USA's trains.toml and market.toml checks (:mod:`roundhouse.titles.g18usa.tables`): a
broken copy is refused with the file, line and key of the mistake, and the game's values come
out as the rulebook prints them (§12.6 counts by player count, §17's 1817 roster, §2.2's Bank
of New York).  tests/core/test_data_files.py covers what every data file shares."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from roundhouse.core.datafile import DataError, Table, read
from roundhouse.titles.g18usa import tables
from roundhouse.titles.g18usa.tables import UsaMarket, UsaTrains

HERE = Path(tables.__file__).parent


def _refused(name: str, schema: type[Table], old: str, new: str, line_of: str) -> DataError:
    """Read ``name`` with ``old`` replaced by ``new``: refused, at the line where ``line_of``
    first appears in ``new``'s place (or, empty, the line before it: a table's header)."""
    text = (HERE / name).read_text(encoding="utf-8")
    at = text.index(old)
    text = text[:at] + new + text[at + len(old) :]
    with pytest.raises(DataError) as err:
        read(schema, tomllib.loads(text), source=name, text=text)
    line = text[:at].count("\n") + 1 + (new[: new.index(line_of)].count("\n") if line_of else -1)
    assert err.value.file == name and err.value.line == line
    return err.value


def test_18usa_17_the_1817_roster_names_only_its_own_types() -> None:
    """The 1817 roster has no 3+ (§17): a 3-train of it cannot rust on one."""
    err = _refused(
        "trains.toml",
        UsaTrains,
        'count = 12\nrusts_on = "6"\n\n[[trains_1817]]\nname = "4"',
        'count = 12\nrusts_on = "3+"\n\n[[trains_1817]]\nname = "4"',
        "rusts_on",
    )
    assert err.where == "[[trains_1817]] 3rd entry, key 'rusts_on'"
    assert err.problem == "no train type '3+' in [[trains_1817]]"


def test_18usa_12_7_a_car_has_no_stops_and_a_train_needs_them() -> None:
    """§12.7: the Pullman car "does not count as a train"; every train has its number
    (§12.4).  A key that is missing is reported at its table's header."""
    err = _refused(
        "trains.toml", UsaTrains, 'name = "P"\nprice', 'name = "P"\nstops = 1\nprice', "stops"
    )
    assert err.where == "[[trains]] 11th entry, key 'stops'"
    err = _refused("trains.toml", UsaTrains, 'name = "7"\nstops = 7\n', 'name = "7"\n', "")
    assert err.where == "[[trains]] 9th entry, key 'stops'"


def test_18usa_2_2_interest_rows_rise() -> None:
    """§2.2: the interest marker moves down the Bank's rows, each dearer than the last."""
    err = _refused(
        "market.toml",
        UsaMarket,
        "5 = [\n  [5, 4], [10, 6], [15, 6]",
        "5 = [\n  [5, 4], [15, 6], [10, 6]",
        "5 =",
    )
    assert err.where == "[loans.rows_from_players], key '5'"
    assert err.problem == "the interest rates must rise from row to row"


def test_18usa_17_the_variant_ceiling_is_a_market_price() -> None:
    err = _refused(
        "market.toml",
        UsaMarket,
        "max_start_price_variant = 300",
        "max_start_price_variant = 301",
        "max_start",
    )
    assert err.problem == "no market cell at $301"


def test_18usa_2_market_needs_the_players_table() -> None:
    text = (HERE / "market.toml").read_text(encoding="utf-8")
    start = text.index("[players]")
    text = text[:start] + text[text.index("[loans]") :]
    with pytest.raises(DataError) as err:
        read(UsaMarket, tomllib.loads(text), source="market.toml", text=text)
    assert "starting money and certificate limits" in err.value.problem


def test_18usa_12_6_counts_by_player_count_and_the_1817_roster() -> None:
    """§12.6: four 2+ trains at 2-4 players, five at 5+; 2-trains and 8-trains unlimited.
    §17 with 1817's roster: forty 2-trains and no 3+ or 4+."""
    doc = tables.trains_file()
    counts = {n: {t.name: t.count for t in doc.roster(n)} for n in (4, 5)}
    assert (counts[4]["2+"], counts[5]["2+"]) == (4, 5)
    assert (counts[4]["4"], counts[5]["4"]) == (7, 8)
    assert counts[4]["2"] is None and counts[5]["8"] is None and counts[5]["P"] is None
    seventeen = {t.name: t.count for t in doc.roster(3, seventeen=True)}
    assert seventeen["2"] == 40 and "3+" not in seventeen and "4+" not in seventeen
    assert doc.roster(7, seventeen=True) == doc.roster(2, seventeen=True)


def test_18usa_9_seventy_loans_on_either_side_of_the_bank() -> None:
    """§9: "The total number of loans available is 70"; §2.2: with five or more players four
    on the $5 row and six on the others."""
    loans = tables.market_file().loans
    for players in range(2, 8):
        assert sum(cubes for _, cubes in loans.rows_for(players)) == 70
    assert loans.rows_for(4)[0] == (5, 5) and loans.rows_for(5)[:2] == ((5, 4), (10, 6))
