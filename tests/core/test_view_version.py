"""View versions (roundhouse.core.view): a change to a part's fields must be acknowledged.

Each part module's records are fingerprinted (record names, field names and types).  When a
fingerprint changes, this test fails until it is recorded here again - and, if the change
removed, renamed or retyped a field, until the module's ``VIEW_VERSION`` is bumped too (then
also the composite's, ``roundhouse.core.view.game.VIEW_VERSION``).  Adding a field with a
default needs only the new fingerprint.
"""

from __future__ import annotations

import dataclasses
import hashlib
import importlib
import inspect

from roundhouse.core.view import game
from roundhouse.core.view.part import Part

RECORDED: dict[str, tuple[int, str]] = {
    "board": (1, "569523214765b207"),
    "game": (1, "8ca84684e34c857d"),
    "log": (1, "e80a59ca7b91d9ce"),
    "market": (1, "fd386026987d372a"),
    "panel": (1, "48394d70360b1ffd"),
    "private": (1, "c186845cbe6c8349"),
    "prompt": (1, "b00565f6265c21ae"),
    "run": (1, "c3b16e837506aad9"),
    "table": (1, "285ea02276da41ef"),
    "tile": (1, "bffd2a1e7343a544"),
    "train": (1, "07b0043c3ef7c813"),
}
"""Module -> (its VIEW_VERSION, the fingerprint of its records' fields)."""

COMPOSITE = (
    1,
    {"prompt": 1, "table": 1, "board": 1, "market": 1, "trains": 1, "privates": 1, "panels": 1},
)
"""The composite's version and the part versions it was last bumped for."""


def fingerprint(module_name: str) -> str:
    module = importlib.import_module(f"roundhouse.core.view.{module_name}")
    records = sorted(
        (
            cls
            for cls in vars(module).values()
            if inspect.isclass(cls) and issubclass(cls, Part) and cls.__module__ == module.__name__
        ),
        key=lambda c: c.__name__,
    )
    text = ";".join(
        f"{cls.__name__}(" + ",".join(f"{f.name}:{f.type}" for f in dataclasses.fields(cls)) + ")"
        for cls in records
    )
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def test_view_parts_changed_only_with_their_versions() -> None:
    found = {}
    for name in RECORDED:
        module = importlib.import_module(f"roundhouse.core.view.{name}")
        found[name] = (module.VIEW_VERSION, fingerprint(name))
    assert found == RECORDED, (
        "a view part's fields changed: bump its VIEW_VERSION if a field was removed, renamed "
        "or retyped (and the composite's), then record the new fingerprints: "
        f"{found}"
    )


def test_composite_version_follows_the_parts() -> None:
    version, parts = COMPOSITE
    assert (game.VIEW_VERSION, dict(game.PART_VERSIONS)) == (version, parts), (
        "a part's version changed: bump roundhouse.core.view.game.VIEW_VERSION and record it"
    )
