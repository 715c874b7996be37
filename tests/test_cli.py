"""The command line: listing titles, a whole bot game in the terminal, replaying a save."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from roundhouse.cli import main


def test_titles_lists_chicago_express(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["titles"]) == 0
    out = capsys.readouterr().out
    assert "ChicagoExpress" in out and "2–6" in out


def test_play_with_only_bots_finishes_and_saves(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    save = tmp_path / "game.json"
    args = ["play", "chicago-express", "--players", "3", "--bots", "3", "--seed", "4"]
    code = main([*args, "--bot-level", "random", "--save", str(save), "--quiet"])
    assert code == 0
    out = capsys.readouterr().out
    assert "Game over" in out
    doc = json.loads(save.read_text())
    assert doc["title"] == "ChicagoExpress" and len(doc["actions"]) > 20

    assert main(["replay", str(save), "--no-pause"]) == 0
    assert "Game over" in capsys.readouterr().out


def test_play_human_moves_by_number_and_by_name(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The human (seat 1, banker) opens the PRR auction: typed bid, then quits."""
    answers = iter(["bid PRR 7", "q"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    assert main(["play", "chicago-express", "--players", "2", "--bots", "1"]) == 0
    out = capsys.readouterr().out
    assert "Player 1 bids $7 for PRR" in out
    assert "Stopped." in out


def test_bad_option_is_reported(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "chicago-express", "--option", "nonsense=1", "--bots", "4"]) == 2
    assert "no option" in capsys.readouterr().out


def test_refused_typed_move_shows_the_engines_reason(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A bid below the minimum (Chicago Express §4.1: PRR opens at its income, $7) is
    refused with the rule; 'pass' abbreviates pass_bid; 'info' shows one record."""
    answers = iter(["bid PRR 3", "info PRR", "pass", "q"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    assert main(["play", "chicago-express", "--players", "2", "--bots", "1"]) == 0
    out = capsys.readouterr().out
    assert "minimum bid is $7" in out and "Chicago Express §4.1" in out
    assert "Player 1 passes on PRR" in out
    assert "Pennsylvania Railroad" in out


def test_replay_narrates_the_game_like_the_web_log(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue #20: the terminal tells the same narrated log as the web page - round headers,
    auctions won and dividends paid per player (Chicago Express §4.1, §5.1) under each move."""
    save = tmp_path / "game.json"
    args = ["play", "chicago-express", "--players", "3", "--bots", "3", "--seed", "4"]
    assert main([*args, "--bot-level", "random", "--save", str(save), "--quiet"]) == 0
    capsys.readouterr()
    assert main(["replay", str(save), "--no-pause"]) == 0
    out = capsys.readouterr().out
    assert "── Initial auctions ──" in out and "── Round 2 ──" in out
    assert "buys a share of PRR for $" in out
    assert "Dividend 1: " in out and " per share (" in out
