"""Built-in titles, registered lazily so ``import roundhouse`` stays fast."""

from __future__ import annotations

from roundhouse.core.title import REGISTRY

REGISTRY.register("ChicagoExpress", "roundhouse.titles.chicago_express:TITLE")
REGISTRY.register("18RoyalGorge", "roundhouse.titles.g18royalgorge:TITLE")


def titles() -> list[dict[str, object]]:
    """Every registered title: id, name, player range, designer and options."""
    return [t.info() for t in REGISTRY.all()]
