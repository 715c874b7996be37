"""Where the tests find ``../shared`` (rulebooks, facts sheets, 18xx.games fixtures).

The folder stays outside the project: it is ``$ROUNDHOUSE_SHARED`` when set, else ``shared``
beside the repository.  Tests that need a file from it skip, saying which file and how to
point at it, when it is absent.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


def shared_dir() -> Path:
    return Path(os.environ.get("ROUNDHOUSE_SHARED", REPO.parent / "shared"))


def shared_file(*parts: str, feature: str, issue: str) -> Path:
    """The path of a shared file, or skip the calling test saying which feature goes unchecked
    without it, that feature's issue, and where the file was looked for."""
    path = shared_dir().joinpath(*parts)
    if not path.exists():
        pytest.skip(
            f"missing feature: {feature}, issue {issue}, checked only with the shared file "
            f"{'/'.join(parts)}, not found under {shared_dir()} (set ROUNDHOUSE_SHARED to the "
            "shared folder)"
        )
    return path


def fixtures_dir(title: str = "") -> Path:
    """The 18xx.games fixtures folder (of one title when named); may not exist."""
    folder = shared_dir() / "fixtures" / "18xx.games"
    return folder / title if title else folder
