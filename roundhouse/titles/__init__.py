"""Built-in titles, registered lazily so ``import roundhouse`` stays fast."""

from __future__ import annotations

from roundhouse.core.title import REGISTRY

REGISTRY.discover(__name__)


def titles() -> list[dict[str, object]]:
    """Every registered title: id, name, player range, designer and options."""
    return [t.info() for t in REGISTRY.all()]
