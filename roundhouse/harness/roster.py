"""The titles the harness can play: every registered one that imports, and why others do not.

A title that fails to import (one still being written, say) must not stop the harness from
checking the others, so loading is done one title at a time and failures become reasons.
"""

from __future__ import annotations

import dataclasses
import importlib
from collections.abc import Iterable

from roundhouse.core.title import REGISTRY, Title


@dataclasses.dataclass(frozen=True, slots=True)
class Unavailable:
    """A registered title that could not be loaded, and the error that stopped it."""

    title: str
    reason: str


def registered_ids() -> list[str]:
    """Ids of every registered title, in registration order (title folders that fail to
    import are left out: :func:`load_titles` reports them)."""
    return REGISTRY.ids()


def import_modules(modules: Iterable[str]) -> None:
    """Import modules that register extra titles (``tests.toy_title`` registers "Toy")."""
    for module in modules:
        importlib.import_module(module)


def load_titles(wanted: Iterable[str] | None = None) -> tuple[list[Title], list[Unavailable]]:
    """The titles named in ``wanted`` (default: all registered) that load, and those that do not.

    An unknown name is reported as unavailable too, so a typo on the command line is visible.
    """
    names = list(wanted) if wanted is not None else registered_ids()
    loaded: list[Title] = []
    missing: list[Unavailable] = []
    if wanted is None:
        missing.extend(Unavailable(module, reason) for module, reason in REGISTRY.broken.items())
    seen: set[str] = set()
    for name in names:
        try:
            title = REGISTRY.get(name)
        except Exception as exc:
            missing.append(Unavailable(name, f"{type(exc).__name__}: {exc}"))
            continue
        if title.id not in seen:
            seen.add(title.id)
            loaded.append(title)
    return loaded, missing
