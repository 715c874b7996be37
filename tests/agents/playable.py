"""The playable titles (the package's own, not test titles) and their player counts."""

from __future__ import annotations

from roundhouse.core.title import REGISTRY, Title
from roundhouse.titles import titles as _registered  # noqa: F401  (registers the titles)


def playable() -> list[Title]:
    """Every title the package registers (``tests.toy_title`` and the like left out)."""
    return [t for t in REGISTRY.all() if t.setup.__module__.startswith("roundhouse.titles.")]


def seatings() -> list[tuple[str, int]]:
    """``(title id, players)`` for every playable title and player count."""
    return [(t.id, n) for t in playable() for n in t.players]
