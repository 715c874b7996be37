"""Registers 18US while it is not yet offered by default (:data:`~roundhouse.titles.g18us.
PLAYABLE` is False): ``roundhouse fuzz --import roundhouse.titles.g18us.draft --titles 18US``
and tests import this module to play it."""

from __future__ import annotations

from roundhouse.core.title import REGISTRY

REGISTRY.register("18US", "roundhouse.titles.g18us:DRAFT")
