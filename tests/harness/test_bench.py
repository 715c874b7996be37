"""``python -m bench`` runs and writes its JSON (no timing thresholds: numbers vary by machine)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench.__main__ import main


def test_bench_quick_run_writes_results(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--quick", "--no-core", "--titles", "Toy", "--import", "tests.toy_title"]
    argv += ["--out", str(tmp_path)]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "random games / s" in out and "Python" in out
    (path,) = tmp_path.glob("*.json")
    doc = json.loads(path.read_text())
    assert doc["machine"]["python"] and doc["quick"] is True
    (result,) = doc["results"]
    assert result["title"] == "Toy" and result["players"] == 3
    assert result["playout"]["games"] >= 2 and result["playout"]["actions_per_game"] >= 3
    assert result["replay"]["actions"] > 0 and result["legal"]["positions"] == 20
    assert result["undo_redo"]["calls_per_s"] > 0
    assert "legal_cached_vs_fresh" in result["ratios"]
