"""The data-file loader (core/datafile.py, core/datatext.py): every value type with good and
bad data, the error that names file, line and key, the line scanner, the source header
(issue #15: "one validated loader ... with clear errors naming file and line")."""

from __future__ import annotations

import dataclasses
import doctest
import enum
import importlib
import pickle
import textwrap
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import ClassVar, Literal

import pytest

from roundhouse.core.datafile import (
    TOML_KEY,
    Amount,
    DataError,
    Edge,
    Invalid,
    Table,
    Unlimited,
    limit,
    load,
    location_of,
    read,
    read_header,
    replace,
)
from roundhouse.core.datatext import Text, describe_path
from roundhouse.core.hexgrid import Layout
from roundhouse.core.tiles import Colour


@dataclasses.dataclass(frozen=True)
class Pair:
    """Written "A-B"."""

    a: str
    b: str

    toml_form: ClassVar[str] = '"A-B"'

    @classmethod
    def parse(cls, text: str) -> Pair:
        a, sep, b = text.partition("-")
        if not sep:
            raise ValueError(text)
        return cls(a, b)


class Speed(enum.Enum):
    SLOW = "slow"
    FAST = "fast"


@dataclasses.dataclass(frozen=True, kw_only=True)
class Inner(Table):
    name: str
    size: Amount = 1


@dataclasses.dataclass(frozen=True, kw_only=True)
class Everything(Table):
    whole: int = 0
    real: float = 0.0
    text: str = ""
    flag: bool = False
    amount: Amount = 0
    edge: Edge = 0
    word: Literal["plus", "doubling"] = "plus"
    layout: Layout = Layout.FLAT
    colour: Colour = Colour.WHITE
    speed: Speed = Speed.SLOW
    pair: Pair | None = None
    names: tuple[str, ...] = ()
    fixed: tuple[int, int] = (0, 0)
    tags: frozenset[str] = frozenset()
    items: list[int] = dataclasses.field(default_factory=list)
    by_key: Mapping[str, int] = dataclasses.field(default_factory=dict)
    by_count: Mapping[int, int] = dataclasses.field(default_factory=dict)
    inner: Inner | None = None
    rows: tuple[Inner, ...] = ()
    count: Amount | Unlimited = 1
    limit_or_table: int | Mapping[str, int] | None = None
    renamed: int = dataclasses.field(default=0, metadata={TOML_KEY: "18xx_games"})


@dataclasses.dataclass(frozen=True, kw_only=True)
class Checked(Table):
    low: int
    high: int

    def __post_init__(self) -> None:
        if self.low > self.high:
            raise Invalid(f"low {self.low} is above high {self.high}", "low")


def parse(schema: type[Table], text: str) -> Table:
    text = textwrap.dedent(text)
    return read(schema, tomllib.loads(text), source="t.toml", text=text)


def error(schema: type[Table], text: str) -> DataError:
    with pytest.raises(DataError) as err:
        parse(schema, text)
    return err.value


def test_every_value_type_reads_good_data() -> None:
    doc = parse(
        Everything,
        """
        whole = -3
        real = 2
        text = "x"
        flag = true
        amount = 7
        edge = 5
        word = "doubling"
        layout = "pointy"
        colour = "grey"
        speed = "fast"
        pair = "A-B"
        names = ["a", "b"]
        fixed = [1, 2]
        tags = ["x", "x", "y"]
        items = [3, 1]
        by_key = { a = 1 }
        by_count = { "2" = 800, "3" = 550 }
        inner = { name = "i" }
        count = "unlimited"
        limit_or_table = { "" = 2, minor = 1 }
        18xx_games = 4

        [[rows]]
        name = "r1"

        [[rows]]
        name = "r2"
        size = 3
        """,
    )
    assert isinstance(doc, Everything)
    assert (doc.whole, doc.real, doc.text, doc.flag, doc.amount, doc.edge) == (
        -3,
        2.0,
        "x",
        True,
        7,
        5,
    )
    assert isinstance(doc.real, float)
    assert (doc.word, doc.layout, doc.colour, doc.speed) == (
        "doubling",
        Layout.POINTY,
        Colour.GRAY,
        Speed.FAST,
    )
    assert doc.pair == Pair("A", "B")
    assert doc.names == ("a", "b") and doc.fixed == (1, 2) and doc.tags == {"x", "y"}
    assert doc.items == [3, 1]
    assert doc.by_key == {"a": 1} and doc.by_count == {2: 800, 3: 550}
    assert doc.inner == Inner(name="i", size=1)
    assert doc.rows == (Inner(name="r1"), Inner(name="r2", size=3))
    assert limit(doc.count) is None and doc.limit_or_table == {"": 2, "minor": 1}
    assert doc.renamed == 4


def test_defaults_fill_missing_optional_keys() -> None:
    doc = parse(Everything, "")
    assert doc == Everything()
    assert limit(1) == 1


@pytest.mark.parametrize(
    ("text", "line", "where", "problem"),
    [
        ('whole = "80"', 2, "key 'whole'", 'expected a whole number, got "80"'),
        ("whole = true", 2, "key 'whole'", "expected a whole number, got true"),
        ("whole = 1.5", 2, "key 'whole'", "expected a whole number, got 1.5"),
        ("real = true", 2, "key 'real'", "expected a number, got true"),
        ("text = 3", 2, "key 'text'", "expected a string, got 3"),
        ("flag = 1", 2, "key 'flag'", "expected true or false, got 1"),
        ("amount = -1", 2, "key 'amount'", "expected a whole number ≥ 0, got -1"),
        ("edge = 6", 2, "key 'edge'", "expected a whole number 0-5, got 6"),
        (
            'word = "doubled"',
            2,
            "key 'word'",
            'expected "plus" or "doubling", got "doubled" (did you mean "doubling"?)',
        ),
        ('layout = "flag"', 2, "key 'layout'", 'expected "flat" or "pointy", got "flag"'),
        ('colour = "purple"', 2, "key 'colour'", 'expected one of "white", "yellow"'),
        ('speed = "fats"', 2, "key 'speed'", '(did you mean "fast"?)'),
        ('pair = "AB"', 2, "key 'pair'", 'expected a string "A-B", got "AB"'),
        ('names = "a"', 2, "key 'names'", 'expected an array of strings, got "a"'),
        ('names = ["a", 2]', 2, "key 'names', item 2", "expected a string, got 2"),
        ("items = [1, true]", 2, "key 'items', item 2", "expected a whole number, got true"),
        (
            "fixed = [1, 2, 3]",
            2,
            "key 'fixed'",
            "expected an array of 2 whole numbers, got 3 items",
        ),
        ("by_key = { a = 'x' }", 2, "[by_key], key 'a'", 'expected a whole number, got "x"'),
        ("by_count = { two = 1 }", 2, "[by_count], key 'two'", "expected a whole number as"),
        ("inner = 3", 2, "key 'inner'", "expected an Inner table, got 3"),
        ("inner = { size = 2 }", 2, "[inner]", "missing key 'name' (a string)"),
        ("inner = { name = 'i', sise = 2 }", 2, "[inner], key 'sise'", "did you mean 'size'?"),
        ('count = "lots"', 2, "key 'count'", 'expected a whole number ≥ 0 or "unlimited"'),
        ("count = -2", 2, "key 'count'", 'expected a whole number ≥ 0 or "unlimited", got -2'),
        (
            'limit_or_table = { a = "x" }',
            2,
            "[limit_or_table], key 'a'",
            'expected a whole number, got "x"',
        ),
        ("wole = 3", 2, "key 'wole'", "unknown key; did you mean 'whole'?"),
        ("[bogus]\na = 1", 2, "[bogus]", "unknown table; the keys are whole, real"),
        (
            '[[rows]]\nname = "a"\n\n[[rows]]\nname = "b"\nsize = "big"',
            7,
            "[[rows]] 2nd entry, key 'size'",
            'expected a whole number ≥ 0, got "big"',
        ),
        (
            '[[rows]]\nname = "a"\n\n[[rows]]\nsize = 2',
            5,
            "[[rows]] 2nd entry",
            "missing key 'name'",
        ),
    ],
)
def test_bad_data_names_file_line_key_and_problem(
    text: str, line: int, where: str, problem: str
) -> None:
    err = error(Everything, "\n" + text + "\n")
    assert (err.file, err.line, err.where) == ("t.toml", line, where)
    assert problem in err.problem
    assert str(err).startswith(f"t.toml:{line}: {where}: ")


def test_a_tables_own_check_names_the_key() -> None:
    err = error(Checked, "\nlow = 5\nhigh = 2\n")
    assert (err.line, err.where, err.problem) == (2, "key 'low'", "low 5 is above high 2")
    assert parse(Checked, "low = 1\nhigh = 2") == Checked(low=1, high=2)


def test_a_missing_required_key_is_reported_at_its_table() -> None:
    err = error(Checked, "# comment\nlow = 1\n")
    assert str(err) == "t.toml: missing key 'high' (a whole number)"
    err = error(Everything, "\n[[rows]]\nsize = 1\n")
    assert (err.line, err.where) == (2, "[[rows]] 1st entry")


def test_errors_without_text_name_the_key_but_no_line() -> None:
    with pytest.raises(DataError) as err:
        read(Everything, {"inner": {"name": 3}}, source="doc")
    assert str(err.value) == "doc: [inner], key 'name': expected a string, got 3"
    assert err.value.line is None


def test_the_scanner_finds_lines_in_every_toml_form() -> None:
    text = textwrap.dedent(
        '''\
        # header
        top = 1
        "quoted key" = 2
        dotted.key = 3
        multi = """
        [not.a.table]
        fake = 1 # not a comment
        """
        literal = \'\'\'x = [1\'\'\'
        array = [
          1,   # first
          [2, 3],
          { a = 1, b = "]" },
        ]

        [table]
        inline = { x = 1, y = { z = 2 } }

        [table."sub table"]
        k = "v"

        [[aot]]
        n = 1

        [[aot.inner]]
        m = 1

        [[aot]]
        n = 2

        [[aot.inner]]
        m = 2
        '''
    )
    lines = Text("t", tomllib.loads(text), text)
    expected = {
        ("top",): 2,
        ("quoted key",): 3,
        ("dotted", "key"): 4,
        ("multi",): 5,
        ("literal",): 9,
        ("array", 0): 11,
        ("array", 1): 12,
        ("array", 1, 1): 12,
        ("array", 2, "b"): 13,
        ("table",): 16,
        ("table", "inline", "y", "z"): 17,
        ("table", "sub table", "k"): 20,
        ("aot", 0, "n"): 23,
        ("aot", 0, "inner", 0, "m"): 26,
        ("aot", 1): 28,
        ("aot", 1, "inner", 0, "m"): 32,
        ("aot", 1, "inner", 0, "missing"): 31,
        ("nowhere",): None,
    }
    assert {path: lines.line(path) for path in expected} == expected


def test_paths_read_like_the_file() -> None:
    data = tomllib.loads(
        '[[trains]]\nname = "2"\n[[trains]]\nname = "3"\n[railroads.KP]\nstations = [0, 40]\n'
        '[metals."CF&I"]\nname = "x"\nlist = [{ a = 1 }]'
    )
    assert describe_path(data, ("trains", 2 - 1, "price")) == "[[trains]] 2nd entry, key 'price'"
    assert describe_path(data, ("railroads", "KP", "stations", 1)) == (
        "[railroads.KP], key 'stations', item 2"
    )
    assert describe_path(data, ("metals", "CF&I")) == '[metals."CF&I"]'
    assert describe_path(data, ("metals", "CF&I", "list", 0, "a")) == (
        "[[metals.\"CF&I\".list]] 1st entry, key 'a'"
    )
    assert describe_path(data, ()) == ""


HEADER = """\
# Example data.
#
# source: the rulebook, p. 3,
#   and the errata.
# checked: 2026-12-01, against the rulebook.
# Format: whatever.

[table]
"""


def test_the_header_names_source_and_checked() -> None:
    header = read_header("f.toml", HEADER)
    assert header.source == "the rulebook, p. 3, and the errata."
    assert header.checked == "2026-12-01, against the rulebook."


def test_a_file_without_checked_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "f.toml"
    path.write_text(HEADER.replace("# checked:", "# looked:") + "low = 1\nhigh = 2\n")
    with pytest.raises(DataError, match=r"f\.toml:1: the opening comments have no 'checked:'"):
        load(path, Checked, name="f.toml")
    path.write_text(HEADER.replace("[table]\n", "low = 1\nhigh = 2\n"))
    doc = load(path, Checked, name="f.toml")
    loc = location_of(doc)
    assert loc is not None and loc.text.header is not None
    assert loc.text.header.source.startswith("the rulebook")


def test_toml_syntax_errors_give_the_line(tmp_path: Path) -> None:
    path = tmp_path / "f.toml"
    path.write_text(HEADER + "a = 1\nb = [1,\n")
    with pytest.raises(DataError, match=r"^f\.toml:10: not valid TOML: .* at the end of the file"):
        load(path, Checked, name="f.toml")
    path.write_text(HEADER + "a = 1\nb = = 2\nc = 3\n")
    with pytest.raises(DataError, match=r"^f\.toml:10: not valid TOML: Invalid value$"):
        load(path, Checked, name="f.toml")
    with pytest.raises(DataError, match="cannot read the file"):
        load(tmp_path / "missing.toml", Checked)


def test_code_building_from_tables_reports_at_their_lines() -> None:
    doc = parse(Everything, "\n[[rows]]\nname = 'a'\nsize = 2\n")
    assert isinstance(doc, Everything)
    row = doc.rows[0]
    err = row.fail("size 2 is too big", "size")
    assert (err.line, err.where) == (4, "[[rows]] 1st entry, key 'size'")
    with (
        pytest.raises(DataError, match=r"^t\.toml:2: \[\[rows\]\] 1st entry: no such"),
        row.located(),
    ):
        raise ValueError("no such row")
    with pytest.raises(DataError, match=r"^t\.toml:3: .*key 'name': bad"), row.located():
        raise Invalid("bad", "name")
    moved = replace(row, size=3)
    assert moved.size == 3 and location_of(moved) == location_of(row)
    assert Inner(name="made in code").fail("x", "size").where == "Inner, key 'size'"


def test_errors_and_tables_survive_pickling() -> None:
    err = DataError("bad", file="f.toml", line=3, where="key 'a'")
    again = pickle.loads(pickle.dumps(err))
    assert str(again) == str(err) == "f.toml:3: key 'a': bad"
    doc = parse(Everything, "\n[[rows]]\nname = 'a'\n")
    copy = pickle.loads(pickle.dumps(doc))
    assert copy == doc and location_of(copy) is None


def test_a_schema_with_an_unsupported_type_is_a_programming_error() -> None:
    @dataclasses.dataclass(frozen=True, kw_only=True)
    class Bad(Table):
        when: complex = 0j

    with pytest.raises(TypeError, match="cannot use the type"):
        read(Bad, {"when": 1}, source="x")


@pytest.mark.parametrize(
    "name",
    [
        "roundhouse.core.datafile",
        "roundhouse.core.datatext",
        "roundhouse.core.tables.trains",
        "roundhouse.core.tables.market",
        "roundhouse.core.tables.companies",
        "roundhouse.core.tables.tiles",
        "roundhouse.titles.g18royalgorge.data",
        "roundhouse.titles.g18royalgorge.company",
        "roundhouse.titles.g18usa.tiles",
        "roundhouse.titles.g18usa.board",
        "roundhouse.titles.g18west.tiles",
        "roundhouse.titles.g18west.board",
        "roundhouse.titles.g18us.tiles",
    ],
)
def test_module_examples_run(name: str) -> None:
    """The ``>>>`` examples of the loader, the common tables and the titles' readers."""
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0 and result.attempted > 0
