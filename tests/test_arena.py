"""``roundhouse arena`` (issue #21): seats rotate, seeds repeat per rotation, results come out
as win rates and ratings with intervals, JSON and replayable save files."""

from __future__ import annotations

import doctest
import json
from pathlib import Path

import pytest

import roundhouse
import roundhouse.arena.rating
import roundhouse.bots.spec
from roundhouse.arena import play, schedule, summarize
from roundhouse.arena.rating import bradley_terry, pairwise, ratings_with_ci
from roundhouse.cli import main


@pytest.mark.parametrize("module", [roundhouse.arena.rating, roundhouse.bots.spec])
def test_arena_examples_run(module: object) -> None:
    result = doctest.testmod(module)  # type: ignore[arg-type]
    assert result.failed == 0 and result.attempted > 0


def test_schedule_rotates_seats_and_repeats_each_seed_once_per_rotation() -> None:
    tasks = schedule("ChicagoExpress", ["a", "b", "b"], games=6, seed=10)
    assert [t.levels for t in tasks] == [
        ("a", "b", "b"),
        ("b", "b", "a"),
        ("b", "a", "b"),
    ] * 2
    assert [t.seed for t in tasks] == [10, 10, 10, 11, 11, 11]


def test_ratings_follow_the_pairwise_results() -> None:
    """Each game counts once for each two levels in it (the share of seat pairs won); the
    stronger level rates higher, and intervals are real even when one level always wins."""
    games = [(("x", "y", "y"), (3.0, 1.0, 2.0))] * 8 + [(("y", "x", "y"), (3.0, 1.0, 2.0))] * 2
    wins = pairwise(games)
    assert wins[("x", "y")] == 8 and wins[("y", "x")] == 2
    fit = bradley_terry(["x", "y"], wins)
    assert fit["x"] > fit["y"] and abs(fit["x"] + fit["y"] - 3000) < 1e-6
    ci = ratings_with_ci(["x", "y"], games)
    assert ci["x"][1] < ci["x"][0] < ci["x"][2]
    assert ci["x"][0] - ci["x"][1] == pytest.approx(ci["y"][0] - ci["y"][1])
    always = ratings_with_ci(["x", "y"], [(("x", "y"), (2.0, 1.0))] * 16)
    assert always["x"][1] < always["x"][0] < always["x"][2] and always["x"][0] > 1700
    three = ratings_with_ci(["x", "y", "z"], [(("x", "y", "z"), (3.0, 2.0, 1.0))] * 10)
    assert three["x"][0] > three["y"][0] > three["z"][0]


def test_arena_game_record_and_save_file_replay(tmp_path: Path) -> None:
    task = schedule("ChicagoExpress", ["random", "heuristic"], 1, seed=3, save_dir=str(tmp_path))[0]
    record = play(task)
    assert record.error is None and record.winners
    assert record.file is not None
    doc = json.loads(Path(record.file).read_text())
    again = roundhouse.load(doc)
    assert again.finished and [again.result[s] for s in task.seats()] == list(record.scores)
    stats = summarize([record], ["random", "heuristic"])
    assert sum(s.seats for s in stats) == 2


def test_arena_command_writes_a_summary(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "arena.json"
    code = main(
        [
            "arena",
            "chicago-express",
            "--lineup",
            "heuristic",
            "random",
            "--games",
            "2",
            "--jobs",
            "1",
            "--json",
            str(out),
            "--save-dir",
            str(tmp_path / "games"),
        ]
    )
    assert code == 0
    printed = capsys.readouterr().out
    assert "win rate" in printed and "Elo" in printed
    doc = json.loads(out.read_text())
    assert doc["games"] == 2 and [lv["level"] for lv in doc["levels"]] == ["heuristic", "random"]
    assert len(list((tmp_path / "games").glob("*.json"))) == 2
    assert doc["complete"] and doc["planned"] == 2
    assert main(["replay", doc["records"][0]["file"], "--no-pause"]) == 0
    capsys.readouterr()
    assert main(["arena", "report", str(out), str(out)]) == 0
    assert "(4 games)" in capsys.readouterr().out


def test_arena_refuses_a_bad_lineup(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "chicago-express", "--lineup", "genius", "random"]) == 2
    assert main(["arena", "18RoyalGorge", "--lineup", "random"]) == 2
    assert "takes 2–4 players" in capsys.readouterr().out
