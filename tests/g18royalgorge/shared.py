"""Paths to the shared rulebook and 18xx.games fixtures, skipping tests when they are absent;
the title's state of a game."""

from __future__ import annotations

from pathlib import Path

from roundhouse.core.state import TitleState
from roundhouse.titles.g18royalgorge.state import RoyalGorgeGame
from tests import shared_files
from tests.shared_files import shared_dir, shared_file

__all__ = ["fixture_names", "fixtures_dir", "rg_state", "rulebook", "shared_dir"]


def rg_state(state: TitleState) -> RoyalGorgeGame:
    """A game's state as 18RoyalGorge's, for tests that read the title's own counters (the
    title's code gets it typed: its steps and rules are written for ``RoyalGorgeGame``)."""
    assert isinstance(state, RoyalGorgeGame)
    return state


def rulebook() -> str:
    """The 18RoyalGorge rulebook text, or skip the test."""
    return shared_file(
        "rules",
        "18RoyalGorge.txt",
        feature="18RoyalGorge's rules read against its rulebook",
        issue="#14",
    ).read_text(encoding="utf-8")


def fixtures_dir() -> Path:
    return shared_files.fixtures_dir("18RoyalGorge")


def fixture_names() -> list[str]:
    """The 18RoyalGorge fixture file names (empty when the folder is absent)."""
    folder = fixtures_dir()
    return sorted(p.name for p in folder.glob("*.json")) if folder.is_dir() else []
