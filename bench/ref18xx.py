"""The 18xx.games Ruby engine as a reference to test against (``../shared/tools/ref18xx``).

Where it is: ``$ROUNDHOUSE_REF18XX``, else ``ref18xx`` beside the repository (the ``DEST``
given to ``../shared/tools/ref18xx/setup.sh``).  It is a development tool, never a test or CI
dependency: :func:`missing` says why it cannot be used, and callers skip with that reason.

:func:`replay_steps` runs the folder's ``replay_steps.rb`` on one document: the site's engine
processes the actions one at a time and reports the first one it refuses (index, message,
round, acting entity), then its result and end reason next to the document's.
"""

from __future__ import annotations

import dataclasses
import json
import os
import shutil
import subprocess
from pathlib import Path

from roundhouse.core.actions import Json

ENV = "ROUNDHOUSE_REF18XX"
REPO = Path(__file__).resolve().parents[1]
SCRIPT = "replay_steps.rb"


def ref_dir() -> Path:
    """The engine's folder: ``$ROUNDHOUSE_REF18XX`` or ``../ref18xx``."""
    return Path(os.environ.get(ENV, REPO.parent / "ref18xx"))


def missing(ref: Path) -> str | None:
    """Why the engine in ``ref`` cannot run, or None when it can."""
    if shutil.which("ruby") is None:
        return "no `ruby` on PATH (../shared/tools/ref18xx/setup.sh installs Debian's ruby)"
    if not (ref / SCRIPT).is_file() or not (ref / "lib" / "engine.rb").is_file():
        return (
            f"no 18xx.games engine in {ref} (needs {SCRIPT} and lib/engine.rb): set {ENV} "
            "to the folder made by ../shared/tools/ref18xx/setup.sh"
        )
    return None


@dataclasses.dataclass(frozen=True)
class SiteReplay:
    """What the site's engine made of one document."""

    refused: dict[str, Json] | None
    """The first refused action: ``index`` (0-based in the document's list), ``id``,
    ``error`` (the engine's message), ``action``, ``round``, ``current_entity``; or None."""
    finished: bool
    result: dict[str, Json]
    end_reason: str | None
    result_match: bool
    reason_match: bool

    @property
    def accepted(self) -> bool:
        """Every action processed, the game over with the document's result and reason."""
        return self.refused is None and self.finished and self.result_match and self.reason_match


class ReferenceFailed(RuntimeError):
    """The Ruby process itself failed (not an action the engine refused)."""


def replay_steps(ref: Path, document: Path, timeout: float = 600.0) -> SiteReplay:
    """Replay ``document`` action by action in the site's engine."""
    done = subprocess.run(
        ["ruby", str(ref / SCRIPT), str(document)],
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=ref,
        check=False,
    )
    lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
    if done.returncode != 0 or not lines:
        tail = (done.stderr or done.stdout).strip().splitlines()[-3:]
        raise ReferenceFailed(f"ruby exited {done.returncode}: {' / '.join(tail)}")
    out = json.loads(lines[-1])
    refused = out.get("error")
    result = out.get("result")
    reason = out.get("game_end_reason")
    return SiteReplay(
        refused=refused if isinstance(refused, dict) else None,
        finished=bool(out.get("finished")),
        result=result if isinstance(result, dict) else {},
        end_reason=reason if isinstance(reason, str) else None,
        result_match=bool(out.get("result_match")),
        reason_match=bool(out.get("reason_match")),
    )
