"""Paths to the shared rulebook and 18xx.games fixtures, skipping tests when they are absent."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


def shared_dir() -> Path:
    """$ROUNDHOUSE_SHARED, else ../shared next to the repository."""
    return Path(os.environ.get("ROUNDHOUSE_SHARED", REPO.parent / "shared"))


def rulebook() -> str:
    """The 18RoyalGorge rulebook text, or skip the test."""
    path = shared_dir() / "rules" / "18RoyalGorge.txt"
    if not path.exists():
        pytest.skip(f"18RoyalGorge rulebook not found at {path} (set ROUNDHOUSE_SHARED)")
    return path.read_text(encoding="utf-8")


def fixtures_dir() -> Path:
    return shared_dir() / "fixtures" / "18xx.games" / "18RoyalGorge"


def fixture_names() -> list[str]:
    """The 18RoyalGorge fixture file names (empty when the folder is absent)."""
    folder = fixtures_dir()
    return sorted(p.name for p in folder.glob("*.json")) if folder.is_dir() else []
