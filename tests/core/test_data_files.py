"""Every data file of the package loads with its schema, docs/data-format.md is current, and a
broken copy of any of them gives an error naming the file, the line and the key (issue #15:
"one validated loader for the common 18xx tables ... with a documented schema and clear errors
naming file and line")."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import roundhouse
from roundhouse import datadoc
from roundhouse.core.datafile import DataError, Table, load, location_of, schema_fields

PACKAGE = Path(roundhouse.__file__).parent
FILES = {f.path: f for f in datadoc.data_files()}
IDS = [f.path for f in datadoc.data_files()]


def test_every_data_file_is_listed_with_its_schema() -> None:
    on_disk = {p.relative_to(PACKAGE).as_posix() for p in PACKAGE.rglob("*.toml")}
    assert on_disk == set(FILES), "list new data files in their title folder's datafiles.py"


@pytest.mark.parametrize("path", IDS)
def test_every_data_file_loads_with_its_header(path: str) -> None:
    doc = load(PACKAGE / path, FILES[path].schema)
    loc = location_of(doc)
    assert loc is not None and loc.text.header is not None
    assert loc.text.header.source and loc.text.header.checked
    assert loc.text.name == f"roundhouse/{path}"


def test_the_data_format_document_is_current() -> None:
    current = datadoc.DOC.read_text(encoding="utf-8")
    assert datadoc.render(current) == current, "run: python -m roundhouse.datadoc"
    assert datadoc.main(["--check"]) == 0


def _documented() -> list[type[Table]]:
    out: list[type[Table]] = []
    for schema in [s for _, s in datadoc.COMMON] + [f.schema for f in datadoc.data_files()]:
        out += [c for c in datadoc.reachable(schema) if c not in out]
    return out


@pytest.mark.parametrize("schema", _documented(), ids=lambda c: f"{c.__module__}.{c.__name__}")
def test_every_key_is_documented(schema: type[Table]) -> None:
    """The docstrings are the documentation: a table and each of its keys have one."""
    assert schema.__doc__ and not schema.__doc__.startswith(schema.__name__ + "(")
    missing = [f.key for f in schema_fields(schema) if not datadoc.field_doc(schema, f.name)]
    assert not missing, f"{schema.__name__}: no docstring for {missing}"


# --- broken copies ------------------------------------------------------------------------------


def _copy(tmp_path: Path, path: str, text: str) -> Path:
    out = tmp_path / Path(path).name
    out.write_text(text, encoding="utf-8")
    return out


def _fails(tmp_path: Path, path: str, text: str) -> DataError:
    with pytest.raises(DataError) as err:
        load(_copy(tmp_path, path, text), FILES[path].schema, name=path)
    assert err.value.file == path
    return err.value


def _first_table(lines: list[str]) -> int:
    return next(i for i, ln in enumerate(lines) if ln.startswith("["))


@pytest.mark.parametrize("path", IDS)
def test_a_misspelt_key_is_named_at_its_line(tmp_path: Path, path: str) -> None:
    lines = (PACKAGE / path).read_text(encoding="utf-8").splitlines()
    at = _first_table(lines) + 1
    lines.insert(at, "bogus_key = 1")
    err = _fails(tmp_path, path, "\n".join(lines) + "\n")
    assert err.line == at + 1
    assert "'bogus_key'" in err.where or "'bogus_key'" in err.problem


_SCALAR = re.compile(r"^([A-Za-z_][\w-]*) = (-?\d+|\"[^\"]*\")\s*(#.*)?$")


@pytest.mark.parametrize("path", IDS)
def test_a_value_of_the_wrong_kind_is_named_at_its_line(tmp_path: Path, path: str) -> None:
    """The first ``key = number`` (or ``key = "text"``) becomes the other kind."""
    lines = (PACKAGE / path).read_text(encoding="utf-8").splitlines()
    start = _first_table(lines)
    found = [(i, m) for i, ln in enumerate(lines) if i > start and (m := _SCALAR.match(ln))]
    numbers = [(i, m) for i, m in found if not m.group(2).startswith('"')]
    i, m = (numbers or found)[0]
    wrong = '"12"' if not m.group(2).startswith('"') else "12"
    lines[i] = f"{m.group(1)} = {wrong}"
    err = _fails(tmp_path, path, "\n".join(lines) + "\n")
    assert err.line == i + 1
    assert f"key '{m.group(1)}'" in err.where
    assert err.problem.startswith("expected ") and f"got {wrong}" in err.problem


@pytest.mark.parametrize("path", IDS)
def test_a_syntax_error_is_named_at_its_line(tmp_path: Path, path: str) -> None:
    lines = (PACKAGE / path).read_text(encoding="utf-8").splitlines()
    at = _first_table(lines) + 1
    lines.insert(at, "broken = = 1")
    err = _fails(tmp_path, path, "\n".join(lines) + "\n")
    assert err.line == at + 1 and err.problem.startswith("not valid TOML")


@pytest.mark.parametrize("path", IDS)
def test_a_file_without_its_source_is_refused(tmp_path: Path, path: str) -> None:
    text = (PACKAGE / path).read_text(encoding="utf-8").replace("# source:", "# from:", 1)
    err = _fails(tmp_path, path, text)
    assert err.line == 1 and "'source:'" in err.problem


BROKEN = [
    (
        "titles/g18royalgorge/trains.toml",
        "price = 180",
        'price = "180"',
        "[[trains]] 2nd entry, key 'price'",
        'expected a whole number ≥ 0, got "180"',
        'price = "180"',
    ),
    (
        "titles/g18royalgorge/trains.toml",
        'starts_on = "4+-2"',
        'starts_on = "4+-5"',
        "[[phases]] 3rd entry, key 'starts_on'",
        "no train card '4+-5'",
        'starts_on = "4+-5"',
    ),
    (
        "titles/g18royalgorge/trains.toml",
        'rusts_on = "6x2"',
        'rusts_on = "6x3"',
        "[[trains]] 2nd entry, key 'rusts_on'",
        "no train type '6x3' in [[trains]]",
        'rusts_on = "6x3"',
    ),
    (
        "titles/g18royalgorge/trains.toml",
        'kind = "doubling"',
        'kind = "doubled"',
        "[[trains]] 5th entry, key 'kind'",
        '(did you mean "doubling"?)',
        'kind = "doubled"',
    ),
    (
        "titles/g18royalgorge/market.toml",
        'Green = ["par", "par_green"]',
        'Green = ["par", "par_gren"]',
        "[par_regions], key 'Green', item 2",
        "no market cell is in zone 'par_gren'",
        'Green = ["par", "par_gren"]',
    ),
    (
        "titles/g18royalgorge/market.toml",
        '"30 35 40 45',
        '"30 35 4x0 45',
        "[stock_market], key 'rows', item 1",
        "cell 3: cannot read '4x0'",
        '"30 35 4x0 45',
    ),
    (
        "titles/g18royalgorge/market.toml",
        "penalty = [0, 1, 3]",
        "penalty = [0, 1]",
        "[debt.owed.SF], key 'penalty'",
        "2 tokens need 3 penalties",
        "penalty = [0, 1]",
    ),
    (
        "titles/g18royalgorge/companies.toml",
        "wooden_tokens = 7",
        "woden_tokens = 7",
        "[railroads.RG], key 'woden_tokens'",
        "unknown key; did you mean 'wooden_tokens'?",
        "woden_tokens = 7",
    ),
    (
        "titles/g18royalgorge/companies.toml",
        '{ color = "green", cards = ["G1"',
        '{ color = "green", cards = ["G9"',
        "[[draw.private_groups]] 2nd entry, key 'cards', item 1",
        "no private 'G9' in [privates]",
        '{ color = "green", cards = ["G9"',
    ),
    (
        "titles/g18royalgorge/companies.toml",
        'closes = "after_use"',
        'closes = "afteruse"',
        "[privates.B2], key 'closes'",
        '(did you mean "after_use"?)',
        'closes = "afteruse"',
    ),
    (
        "titles/g18royalgorge/tiles.toml",
        'code = "city c revenue=30; track 0-c 1-c 5-c; label R"',
        'code = "city c revenue=30; track 0-c 1-x 5-c; label R"',
        "[tiles.RG1], key 'code'",
        "track refers to 'x'",
        'code = "city c revenue=30; track 0-c 1-x 5-c; label R"',
    ),
    (
        "titles/g18royalgorge/map.toml",
        'walls = ["D12 5", "E13 4"]',
        'walls = ["D12 5", "E13 7"]',
        "[royal_gorge], key 'walls', item 2",
        "'E13 7' is not 'HEX EDGE'",
        'walls = ["D12 5", "E13 7"]',
    ),
    (
        "titles/g18royalgorge/map.toml",
        'borders = ["2 impassable", "5 impassable"]',
        'borders = ["2 impassable", "5impassable"]',
        "[hexes.D14], key 'borders', item 2",
        "border '5impassable' is not 'EDGE KIND [COST]'",
        'borders = ["2 impassable", "5impassable"]',
    ),
    (
        "titles/g18royalgorge/map.toml",
        'hexes = ["J2", "K1", "L2"]',
        'hexes = ["J2", "K1", "L3"]',
        "[offboard_groups.Denver], key 'hexes', item 3",
        "L3 is not a hex of [hexes]",
        'hexes = ["J2", "K1", "L3"]',
    ),
    (
        "titles/chicago_express/map.toml",
        'B5 = { name = "", type = "city"',
        'B5 = { name = "", type = "town"',
        "[hexes.B5], key 'type'",
        'expected one of "plain", "forest"',
        'B5 = { name = "", type = "town"',
    ),
    (
        "titles/chicago_express/map.toml",
        "[industrial.I6]",
        "[industrial.I5]",
        "[industrial.I5]",
        "I5 is not an industrial city",
        "[industrial.I5]",
    ),
    (
        "titles/chicago_express/companies.toml",
        "locos = 22",
        "locos = -22",
        "[companies.\"B&O\"], key 'locos'",
        "expected a whole number ≥ 0, got -22",
        "locos = -22",
    ),
    (
        "titles/g18usa/map.toml",
        "[20, 30, 60, 90], [20, 40, 50, 80],",
        "[20, 30, 60, 90], [20, 40, 50],",
        "[red_area_tokens], key 'rulebook', item 5",
        "expected an array of 4 whole numbers ≥ 0, got 3 items",
        "[20, 30, 60, 90], [20, 40, 50],",
    ),
    (
        "titles/g18usa/map.toml",
        'tile = "X05"\nrotation = 3',
        'tile = "X05"\nrotation = 9',
        "[metropolis.candidates.G3], key 'rotation'",
        "expected a whole number 0-5, got 9",
        "rotation = 9",
    ),
    (
        "titles/g18usa/tiles.toml",
        'empty_city_colour = "green"',
        'empty_city_colour = "grene"',
        "[upgrades], key 'empty_city_colour'",
        '(did you mean "green"?)',
        'empty_city_colour = "grene"',
    ),
    (
        "titles/g18west/map.toml",
        'KP = ["G16-G20", "H15-H19"]',
        'KP = ["G16-G20", "H15-I19"]',
        "[land_grants], key 'KP', item 2",
        "'H15-I19' is not a range like 'H5-H11'",
        'KP = ["G16-G20", "H15-I19"]',
    ),
    (
        "titles/g18west/tiles.toml",
        'free_stops = [["I4", "LA-g"]]',
        'free_stops = [["I4", "LA-g", "256"]]',
        "[reconstructed.upgrades], key 'free_stops', item 1",
        "expected an array of 2 strings, got 3 items",
        'free_stops = [["I4", "LA-g", "256"]]',
    ),
    (
        "titles/g18us/tiles.toml",
        '"245" = { color = "brown", hex = "D25" }',
        '"246" = { color = "brown", hex = "D25" }',
        "[missing.facts]",
        "every missing tile needs its facts",
        "[missing.facts]",
    ),
    (
        "core/data/tiles.toml",
        '[tiles.57]\ncolor = "yellow"',
        '[tiles.57]\ncolor = "yelow"',
        "[tiles.57], key 'color'",
        '(did you mean "yellow"?)',
        'color = "yelow"',
    ),
]
"""(file, text, broken text, where the error is, its problem, text of the line it names)."""


@pytest.mark.parametrize(
    ("path", "old", "new", "where", "problem", "at"),
    BROKEN,
    ids=[f"{b[0]}:{b[2].splitlines()[-1]}" for b in BROKEN],
)
def test_a_broken_title_file_says_what_is_wrong_and_where(
    tmp_path: Path, path: str, old: str, new: str, where: str, problem: str, at: str
) -> None:
    text = (PACKAGE / path).read_text(encoding="utf-8")
    assert old in text, f"{old!r} is no longer in {path}"
    broken = text.replace(old, new, 1)
    err = _fails(tmp_path, path, broken)
    assert err.line is not None
    assert at in broken.splitlines()[err.line - 1]
    assert err.where == where
    assert problem in err.problem
