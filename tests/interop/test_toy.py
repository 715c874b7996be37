"""The interop seam end to end on the toy title: import with undo/redo, verify, export, CLI."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from rich.console import Console

import roundhouse
from roundhouse.core.game import Game
from roundhouse.interop import (
    ReplayError,
    export_18xx_games,
    import_18xx_games,
    parse_document,
    verify,
)
from roundhouse.interop.cli import export_main, import_main, verify_main
from tests.interop import toy_translator  # noqa: F401  (registers the toy translator)
from tests.interop.documents import toy_doc, toy_seed
from tests.toy_title import Take


def test_interop_import_replays_only_the_surviving_actions() -> None:
    """Surviving ids 1, 5, 6, 12 and 13 (a two-route run) leave player 101 the winner."""
    game = import_18xx_games(toy_doc())
    assert game.players == ("101", "202")
    assert game.seed == toy_seed()
    assert [(a.player, a.count) for a in game.log if isinstance(a, Take)] == [
        ("101", 3),
        ("202", 1),
        ("101", 1),
        ("202", 3),
        ("101", 2),
    ]
    assert game.finished
    assert game.result == {"101": 1, "202": 0}
    assert game.end_reason == "pile_empty"


def test_interop_optional_rules_become_options() -> None:
    data = toy_doc()
    data["settings"]["optional_rules"] = ["big_pile"]
    data["actions"] = data["actions"][:1]
    game = import_18xx_games(data)
    assert game.options == {"pile": 20}
    assert game.state.view(None)["pile"] == 20 + 0 - 3


def test_interop_illegal_move_stops_import_naming_the_action() -> None:
    data = toy_doc()
    data["actions"][11]["count"] = 4
    with pytest.raises(ReplayError, match=r"action index 11 \(id 12\), take by 202: cannot take 4"):
        import_18xx_games(data)


def test_interop_verify_matches_result_end_reason_and_revenue() -> None:
    report = verify(toy_doc())
    assert report.ok, report.lines()
    assert (report.raw_actions, report.effective_actions, report.replayed) == (13, 5, 5)
    assert len(report.revenue) == 1
    assert report.revenue[0].recorded == (20, 10)
    assert report.revenue[0].matches


def test_interop_verify_reports_a_different_result_and_end_reason() -> None:
    data = toy_doc()
    data["result"] = {"101": 0, "202": 1}
    data["game_end_reason"] = "bank"
    report = verify(data)
    assert not report.ok
    assert not report.result_matches and not report.end_reason_matches
    assert report.divergence is None
    assert "result: MISMATCH" in "\n".join(report.lines())


def test_interop_verify_reports_the_first_revenue_difference_and_goes_on() -> None:
    data = toy_doc()
    data["actions"][12]["routes"][1]["revenue"] = 30
    report = verify(data)
    assert report.result_matches and report.end_reason_matches
    assert not report.ok
    assert report.divergence is not None
    assert report.divergence.kind == "revenue"
    assert report.divergence.index == 12
    assert "[20, 30] = 50 on 18xx.games, ours [20, 10] = 30" in report.divergence.message
    assert report.revenue_mismatches == report.revenue


def test_interop_verify_stops_at_an_illegal_move_with_the_state_around_it() -> None:
    data = toy_doc()
    data["actions"][11]["count"] = 4
    report = verify(data)
    assert report.divergence is not None
    div = report.divergence
    assert (div.kind, div.index, div.site_type) == ("illegal", 11, "take")
    assert "cannot take 4" in div.message
    assert div.attempted == "202: take count=4"
    assert div.recent[-1] == "action index 5 (id 6): take by 101"
    assert isinstance(div.state, dict) and div.state["acting"] == ["202"]
    assert div.state["actions_applied"] == 3
    assert report.result is None and not report.result_matches


def test_interop_verify_never_raises_for_bad_input() -> None:
    assert verify({"id": 1}).error is not None
    data = toy_doc()
    data["title"] = "NoSuchTitle"
    assert "unknown title" in (verify(data).error or "")


def hashes(game: Game) -> list[str]:
    return [game.at(i).state_hash() for i in range(len(game.log) + 1)]


def test_interop_6_export_writes_the_sites_shape() -> None:
    """§6: seat order, integer player ids, explicit seed, actions numbered 1..n, result by id."""
    doc = export_18xx_games(import_18xx_games(toy_doc()))
    assert doc["title"] == "Toy"
    assert doc["players"] == [{"id": 101, "name": "101"}, {"id": 202, "name": "202"}]
    assert doc["settings"] == {"seed": toy_seed(), "optional_rules": []}
    assert doc["status"] == "finished"
    assert doc["result"] == {"101": 1, "202": 0}
    assert doc["game_end_reason"] == "pile_empty"
    actions = doc["actions"]
    assert isinstance(actions, list)
    assert [a["id"] for a in actions] == [1, 2, 3, 4, 5]  # type: ignore[index]
    assert actions[0] == {
        "type": "take",
        "entity": 101,
        "entity_type": "player",
        "count": 3,
        "id": 1,
    }


def test_interop_round_trip_gives_the_same_state_at_every_action() -> None:
    """Issue 7: import → export → import gives the same state hash at every action."""
    first = import_18xx_games(toy_doc())
    second = import_18xx_games(export_18xx_games(first))
    assert second.log == first.log
    assert hashes(second) == hashes(first)
    assert (
        parse_document(export_18xx_games(second)).actions
        == parse_document(export_18xx_games(first)).actions
    )


def test_interop_export_of_a_native_game_numbers_players_and_keeps_options() -> None:
    game = roundhouse.new_game("Toy", ["Ann", "Bob", "Cy"], seed=5, options={"pile": 20})
    for _ in range(4):
        game.apply(game.legal_actions()[0])
    doc = export_18xx_games(game, names={"Ann": "Ann A."})
    assert doc["id"] == "hs_roundhouse_5"
    assert doc["players"] == [
        {"id": 1, "name": "Ann A."},
        {"id": 2, "name": "Bob"},
        {"id": 3, "name": "Cy"},
    ]
    assert doc["settings"] == {"seed": 5, "optional_rules": ["big_pile"]}
    assert doc["status"] == "active" and doc["acting"] == [2]
    back = import_18xx_games(doc)
    assert back.options == game.options
    assert hashes(back)[-1] != hashes(game)[-1]  # seats are renamed to the site ids…
    assert [a.count for a in back.log] == [a.count for a in game.log]  # type: ignore[attr-defined]
    assert (
        back.state.view(None)["pile"] == game.state.view(None)["pile"]
    )  # …but the position is the same


def test_interop_cli_verify_import_and_export(tmp_path: Path) -> None:
    good = tmp_path / "good.json"
    good.write_text(json.dumps(toy_doc()))
    bad_data = toy_doc()
    bad_data["result"] = {"101": 0, "202": 1}
    (tmp_path / "sub").mkdir()
    bad = tmp_path / "sub" / "bad.json"
    bad.write_text(json.dumps(bad_data))
    console = Console(record=True, width=200)
    assert verify_main([good], console=console) == 0
    assert verify_main([tmp_path], console=console) == 1
    text = console.export_text()
    assert "good.json" in text and "bad.json" in text and "result: MISMATCH" in text
    assert verify_main([tmp_path / "empty_dir_does_not_exist.json"], console=console) == 1

    saved = tmp_path / "game.json"
    assert import_main(good, saved, console=console) == 0
    assert roundhouse.load(json.loads(saved.read_text())).result == {"101": 1, "202": 0}
    out = tmp_path / "export.json"
    assert export_main(saved, "18xx.games", out, console=console) == 0
    assert import_18xx_games(json.loads(out.read_text())).result == {"101": 1, "202": 0}
    assert export_main(saved, "pdf", console=console) == 2
    assert import_main(bad.with_name("missing.json"), None, console=console) == 1


@pytest.mark.parametrize("seed", range(6))
def test_interop_native_games_survive_export_and_import(seed: int) -> None:
    """A game played here, with seats named like site ids, exports and re-imports to the same
    state after every action (moves picked by the seed, so each seed plays differently)."""
    game = roundhouse.new_game("Toy", ["1", "2", "3"], seed=seed, options={"pile": 20})
    pick = roundhouse.core.rng.Rng(seed)
    while not game.finished:
        moves = game.legal_actions()
        game.apply(moves[pick.next() % len(moves)])
    back = import_18xx_games(export_18xx_games(game))
    assert back.log == game.log
    assert hashes(back) == hashes(game)
    assert back.result == game.result


def test_interop_options_the_site_cannot_express_are_refused() -> None:
    game = roundhouse.new_game("Toy", ["1", "2"], options={"pile": 30})
    with pytest.raises(roundhouse.InvalidSetup, match="no optional rule for pile=30"):
        export_18xx_games(game)


def test_interop_verify_reports_a_malformed_route_as_the_divergence() -> None:
    data = toy_doc()
    data["actions"][12]["routes"][0]["revenue"] = "20"
    report = verify(data)
    assert report.divergence is not None
    assert report.divergence.index == 12
    assert "a route's revenue must be a whole number" in report.divergence.message
