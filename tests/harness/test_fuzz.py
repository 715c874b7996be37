"""``roundhouse fuzz``: runs, reproduces from its seed, reports and saves failures."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest

from roundhouse.harness.case import Case, play
from roundhouse.harness.fuzz import main, parse_players
from roundhouse.harness.regression import read, recheck
from tests import toy_title  # noqa: F401  (registers "Toy")
from tests.harness.broken_titles import BROKEN, HEALTHY, registered


def test_harness_fuzz_toy_title_passes_on_two_processes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["--titles", "Toy", "--games", "15", "--jobs", "2", "--save-dir", str(tmp_path)]
    assert main([*argv, "--import", "tests.toy_title"]) == 0
    out = capsys.readouterr().out
    assert "Toy" in out and "pile_empty 15" in out
    assert list(tmp_path.iterdir()) == []


def test_harness_fuzz_case_is_reproducible_from_its_seed() -> None:
    with registered(HEALTHY) as title:
        first = play(Case(title=title, players=3, seed=42))
        again = play(Case(title=title, players=3, seed=42))
        other = play(Case(title=title, players=3, seed=43))
    assert first[0] is not None and again[0] is not None and other[0] is not None
    assert first[2] == again[2] and first[0].state_hash() == again[0].state_hash()
    assert first[2]["actions"] != other[2]["actions"]


def test_harness_fuzz_failure_is_reported_saved_and_replays(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with registered(BROKEN["Leaky"]) as title:
        argv = ["--titles", title, "--players", "2", "--games", "3", "--jobs", "1"]
        code = main([*argv, "--save-dir", str(tmp_path)])
        out = capsys.readouterr().out
        assert code == 1
        assert "FAIL" in out and "money.conserved" in out and "--seed" in out
        files = sorted(tmp_path.glob("*.json"))
        assert files and all("money.conserved" in f.name for f in files)
        doc = read(files[0])
        meta = doc["fuzz"]
        assert isinstance(meta, dict) and meta["check"] == "money.conserved"
        actions = doc["actions"]
        assert isinstance(actions, list) and json.loads(json.dumps(actions)) == actions
        failure, _ = recheck(doc)
    assert failure is not None and failure.check == "money.conserved"
    assert failure.position == len(actions)


def test_harness_fuzz_unknown_title_is_an_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--titles", "NoSuchGame", "--games", "1", "--jobs", "1"]) == 1
    assert "NoSuchGame" in capsys.readouterr().out


def test_harness_fuzz_time_budget_stops_new_games(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--titles", "Toy", "--players", "2", "--games", "5", "--jobs", "1"]
    assert main([*argv, "--time-budget", "0"]) == 0
    assert "5 game(s) not played" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("spec", "counts"), [("2-6", [2, 3, 4, 5, 6]), ("3,4", [3, 4]), ("2-3,5", [2, 3, 5])]
)
def test_harness_fuzz_player_counts(spec: str, counts: list[int]) -> None:
    assert parse_players(spec) == counts


@pytest.mark.parametrize("spec", ["", "x", "4-2", "0"])
def test_harness_fuzz_bad_player_counts(spec: str) -> None:
    with pytest.raises(argparse.ArgumentTypeError):
        parse_players(spec)


def test_harness_fuzz_cases_interleave_titles_and_counts() -> None:
    """A run cut short by its time budget must still reach every title and player count,
    so the cases go seed by seed across all of them rather than title by title."""
    from roundhouse.core.title import REGISTRY
    from roundhouse.harness.fuzz import cases

    titles = [REGISTRY.get("ChicagoExpress"), REGISTRY.get("18RoyalGorge")]
    todo = cases(titles, [2, 3], games=3, seed=100)
    first_round = [(c.title, c.players, c.seed) for c in todo[:4]]
    assert first_round == [
        ("ChicagoExpress", 2, 100),
        ("ChicagoExpress", 3, 100),
        ("18RoyalGorge", 2, 100),
        ("18RoyalGorge", 3, 100),
    ]
    assert len(todo) == 12
    assert {c.seed for c in todo[-4:]} == {102}


def test_harness_fuzz_drivers_seat_heuristic_bots_reproducibly() -> None:
    """``--drivers heuristic`` seats the title's heuristic bot everywhere (long games that
    reach the end the way people play); ``mixed`` draws the seating from the seed, and the
    replay command names the drivers, so a failing case plays again exactly."""
    from roundhouse.bots.heuristic import HeuristicBot
    from roundhouse.bots.random_bot import RandomBot

    plain = Case(title="ChicagoExpress", players=3, seed=5)
    assert all(isinstance(b, RandomBot) for b in plain.bots().values())
    assert "--drivers" not in plain.command()
    case = Case(title="ChicagoExpress", players=3, seed=5, drivers="heuristic")
    assert all(isinstance(b, HeuristicBot) for b in case.bots().values())
    assert case.command().endswith("--drivers heuristic")
    first, again = play(case), play(case)
    assert first[1] is None and first[0] is not None and first[0].finished
    assert first[2] == again[2]
    seatings = {
        tuple(
            type(b).__name__
            for b in Case(title="ChicagoExpress", players=3, seed=s, drivers="mixed")
            .bots()
            .values()
        )
        for s in range(12)
    }
    assert len(seatings) > 2
