"""``python -m bench.differential`` (issue 14): our bot games replayed by the 18xx.games engine.

The engine is a development tool (``../shared/tools/ref18xx``): without it the harness says so
and succeeds; with it, a two-game run is accepted whole.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.console import Console

from bench.differential import Spec, judge, main, play, specs
from bench.ref18xx import SiteReplay, missing, ref_dir
from roundhouse.interop.export import export_with_origins


def run(argv: list[str]) -> tuple[int, str]:
    out = io.StringIO()
    code = main(argv, console=Console(file=out, width=200))
    return code, out.getvalue()


def test_differential_without_the_engine_says_why_and_succeeds(tmp_path: Path) -> None:
    code, out = run(["--games", "1", "--ref", str(tmp_path / "no-engine-here")])
    assert code == 0
    assert "differential skipped" in out and "no-engine-here" in out


def test_differential_games_cycle_through_players_and_bots() -> None:
    plan = specs(6, [2, 3], ["random", "mixed"], 10)
    assert [(s.players, s.bots, s.seed) for s in plan] == [
        (2, "random", 10),
        (3, "random", 11),
        (2, "mixed", 12),
        (3, "mixed", 13),
        (2, "random", 14),
        (3, "random", 15),
    ]
    assert Spec(0, 3, "mixed", 12).seat_bots() == ["greedy", "random", "greedy"]


def test_differential_reports_the_refused_action_with_ours() -> None:
    """A refusal names the site's action, its message and round, and the move of ours it
    was written for."""
    spec = Spec(0, 2, "random", 1)
    game = play(spec)
    doc, origins = export_with_origins(game)
    site = SiteReplay(
        refused={
            "index": 5,
            "action": {"type": "pass"},
            "error": "GameError: no",
            "round": "Auction Round",
            "current_entity": 1,
        },
        finished=False,
        result={},
        end_reason=None,
        result_match=False,
        reason_match=False,
    )
    out = judge(spec, game, doc, origins, site)
    assert out.problem == "refused"
    assert out.detail["our_index"] == origins[5]
    assert out.detail["our_action"] == str(game.log[origins[5]])
    assert out.detail["message"] == "GameError: no" and out.detail["round"] == "Auction Round"


@pytest.mark.slow
def test_differential_two_games_are_accepted(tmp_path: Path) -> None:
    why = missing(ref_dir())
    if why is not None:
        pytest.skip(
            "missing feature: checking our exported 18RoyalGorge games against the 18xx.games "
            "reference engine, action by action, issue #17 (the engine is a Ruby development "
            "tool that make test does not install; issue #17's 18USA acceptance run uses the "
            "same harness); set it up with ../shared/tools/ref18xx/setup.sh or point "
            f"$ROUNDHOUSE_REF18XX at it: {why}"
        )
    argv = ["--games", "2", "--players", "2,3", "--bots", "random", "--seed", "300"]
    code, out = run([*argv, "--failures", str(tmp_path)])
    assert code == 0, out
    assert "all 2 games accepted" in out
    assert not list(tmp_path.iterdir())
