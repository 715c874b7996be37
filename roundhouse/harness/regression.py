"""Failing fuzz cases as files: a save file plus what went wrong, replayed as regression tests.

A regression file is an ordinary game document (``roundhouse.load`` reads it; the extra
``"fuzz"`` key is ignored) cut to the shortest failing prefix.  ``tests/regressions`` replays
every file with all checks on and expects no failure: once the bug is fixed, the file stays as
a test that it does not come back.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from pathlib import Path

from roundhouse.core.actions import Json
from roundhouse.harness.case import Outcome
from roundhouse.harness.invariants import Failure
from roundhouse.harness.roster import import_modules
from roundhouse.harness.shrink import replay_checked


def file_name(outcome: Outcome) -> str:
    """``ChicagoExpress-4p-seed17-money.conserved.json``: unique per case and check."""
    case = outcome.case
    check = outcome.failure.check if outcome.failure else "ok"
    stem = f"{case.title}-{case.players}p-seed{case.seed}-{check}"
    return re.sub(r"[^0-9A-Za-z._-]", "_", stem) + ".json"


def save(outcome: Outcome, directory: Path, imports: tuple[str, ...] = ()) -> Path:
    """Write the failing case's save file with its diagnosis; returns the path."""
    assert outcome.failure is not None and outcome.doc is not None
    failure = outcome.failure
    doc: dict[str, Json] = {
        **outcome.doc,
        "fuzz": {
            "title": outcome.case.title,
            "players": outcome.case.players,
            "seed": outcome.case.seed,
            "check": failure.check,
            "message": failure.message,
            "position": failure.position,
            "action": failure.action,
            "imports": list(imports),
            "command": outcome.case.command(imports),
        },
    }
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / file_name(outcome)
    path.write_text(json.dumps(doc, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return path


def read(path: Path) -> dict[str, Json]:
    doc = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(doc, dict):
        raise ValueError(f"{path}: a regression file holds a JSON object")
    return doc


def imports_of(doc: Mapping[str, Json]) -> list[str]:
    """Modules the file's title needs imported first (test titles register on import)."""
    meta = doc.get("fuzz")
    imports = meta.get("imports") if isinstance(meta, dict) else None
    return [str(m) for m in imports] if isinstance(imports, list) else []


def recheck(doc: Mapping[str, Json]) -> tuple[Failure | None, bool]:
    """Replay a regression file with every check; the failure if it still fails.

    The second value says whether the whole file replayed; False without a failure means a
    recorded action is now refused and not listed (the rules changed), so the file no longer
    reaches the position it was saved for.
    """
    import_modules(imports_of(doc))
    meta = doc.get("fuzz")
    focus = None
    if isinstance(meta, dict) and isinstance(meta.get("position"), int):
        position = meta["position"]
        assert isinstance(position, int)
        focus = Failure(check="", message="", position=position, action=meta.get("action"))
    failure, _, complete = replay_checked(doc, focus=focus)
    return failure, complete
