"""Reading 18xx.games documents (facts sheet docs/facts/18xx-games-format.md §1)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from roundhouse.interop.document import DocumentError, parse_document, read_document
from tests.interop.documents import FIXTURE_NAMES, fixture_path, toy_doc

# From the facts sheet's fixture table (§1), typed in by hand, not read from the files.
EXPECTED = {
    "18RoyalGorge/18RoyalGorge_game_end_bankrupt.json": (
        186573,
        1309045437,
        (14142, 14294, 8642, 19195),
        "bankrupt",
        {"8642": 455, "14142": 1196, "14294": 1373, "19195": 1767},
    ),
    "18RoyalGorge/18RoyalGorge_game_end_stock_market.json": (
        "hs_gbhlnehv_1759541873",
        1759541195,
        (0, 1),
        "stock_market",
        {"0": 4980, "1": 3635},
    ),
    "18RoyalGorge/endgame_triggered_on_buy.json": (
        "hs_vpfgnnzu_206522",
        566196971,
        (19188, 18455, 14191, 2550),
        "final_train",
        {"2550": 3425, "14191": 2768, "18455": 3259, "19188": 1944},
    ),
    "18RoyalGorge/post_boston.json": (
        "hs_gcwhhymo_161782",
        156205547,
        (11477, 306, 10874, 3416),
        "manually_ended",
        {"306": 385, "3416": 443, "10874": 317, "11477": 419},
    ),
    "18USA/109372.json": (
        109372,
        109372,
        (605, 1463, 4339, 3763),
        "final_phase",
        {"605": 11886, "1463": 15576, "3763": 11246, "4339": 13950},
    ),
    "18USA/18USA_game_end_bankrupt.json": (
        206383,
        906101963,
        (20742, 20744, 20748, 20737, 20735, 20745, 20743),
        "bankrupt",
        {"20744": 186, **{p: 0 for p in ("20742", "20748", "20737", "20735", "20745", "20743")}},
    ),
}
RAW_COUNTS = {
    "18RoyalGorge/18RoyalGorge_game_end_bankrupt.json": 383,
    "18RoyalGorge/18RoyalGorge_game_end_stock_market.json": 280,
    "18RoyalGorge/endgame_triggered_on_buy.json": 469,
    "18RoyalGorge/post_boston.json": 143,
    "18USA/109372.json": 1543,
    "18USA/18USA_game_end_bankrupt.json": 945,
}


@pytest.mark.parametrize("name", FIXTURE_NAMES)
def test_interop_1_every_fixture_parses_with_its_recorded_facts(name: str) -> None:
    """§1: id, title, seat order, seed, optional rules, result and end reason are read as
    recorded; the action list keeps every raw entry."""
    doc = read_document(fixture_path(name))
    game_id, seed, players, reason, result = EXPECTED[name]
    assert doc.id == game_id
    assert doc.title == name.split("/")[0]
    assert tuple(p.id for p in doc.players) == players
    assert doc.seats == tuple(str(p) for p in players)
    assert doc.settings_seed == seed
    assert doc.optional_rules == ()
    assert doc.game_end_reason == reason
    assert doc.result == result
    assert doc.status == "finished"
    assert len(doc.actions) == RAW_COUNTS[name]
    assert doc.manually_ended == (reason == "manually_ended")


def test_interop_1_top_level_optional_rules_are_accepted_when_settings_has_none() -> None:
    """§1: the site reads settings.optional_rules; a top-level list is accepted too."""
    data = toy_doc()
    del data["settings"]["optional_rules"]
    data["optional_rules"] = ["big_pile"]
    assert parse_document(data).optional_rules == ("big_pile",)
    data["settings"]["optional_rules"] = ["other"]
    assert parse_document(data).optional_rules == ("other",)


def test_interop_1_a_player_without_id_is_known_by_name() -> None:
    """The site keys players by id, or by name when a player has no id."""
    data = toy_doc()
    data["players"] = [{"name": "Ann"}, {"id": 5, "name": "Bob"}]
    assert parse_document(data).seats == ("Ann", "5")


def _broken(change: Any) -> dict[str, Any]:
    data = toy_doc()
    change(data)
    return data


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([1, 2], "must be a JSON object"),
        (_broken(lambda d: d.pop("title")), "missing 'title'"),
        (_broken(lambda d: d.update(id=[1])), "'id' must be a number or text"),
        (_broken(lambda d: d.update(players=[])), "'players' must be a non-empty list"),
        (_broken(lambda d: d["players"].append({"id": 101, "name": "X"})), "101 appear twice"),
        (_broken(lambda d: d["players"][0].pop("name")), r"players\[0\] needs a 'name'"),
        (_broken(lambda d: d["settings"].update(seed="abc")), "settings.seed must be a whole"),
        (_broken(lambda d: d["settings"].update(optional_rules="x")), "optional_rules must be"),
        (_broken(lambda d: d.update(actions={})), "'actions' must be a list"),
        (_broken(lambda d: d["actions"][4].pop("id")), "action index 4: 'id' must be a whole"),
        (_broken(lambda d: d["actions"][2].pop("type")), "action index 2: 'type' must be text"),
        (_broken(lambda d: d["actions"][7].update(id="8")), "action index 7: 'id' must be"),
        (
            _broken(lambda d: d["actions"][9].update(auto_actions=[{"count": 2}])),
            "action index 9, auto action 0: 'type' must be text",
        ),
        (_broken(lambda d: d["actions"][9].update(auto_actions={})), "must be a list"),
        (_broken(lambda d: d.update(result={"101": "one"})), r"result\['101'\] must be a whole"),
        (_broken(lambda d: d.update(game_end_reason=3)), "'game_end_reason' must be text"),
    ],
)
def test_interop_1_bad_documents_are_refused_naming_the_field(data: object, message: str) -> None:
    with pytest.raises(DocumentError, match=message):
        parse_document(data)


def test_interop_1_unreadable_files_name_the_file(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with pytest.raises(DocumentError, match=r"bad\.json: not JSON"):
        read_document(bad)
    with pytest.raises(DocumentError, match="cannot read"):
        read_document(tmp_path / "missing.json")
    good = tmp_path / "good.json"
    good.write_text(json.dumps(toy_doc()))
    assert read_document(good).source == str(good)
