"""The 18xx.games Ruby engine as a reference to test against (``../shared/tools/ref18xx``).

Where it is: ``$ROUNDHOUSE_REF18XX``, else ``ref18xx`` beside the repository (the ``DEST``
given to ``../shared/tools/ref18xx/setup.sh``: the engine's ``lib/`` and its ``shim.rb``).  It
is a development tool, never a test or CI dependency: :func:`missing` says why it cannot be
used, and callers skip with that reason.

:func:`replay_steps` runs our ``bench/site_replay.rb`` on one document: the site's engine
takes the actions one at a time as its server does (each on a game holding every earlier
action) and reports the first one it refuses (index, message, round, acting entity), then the
result and end reason of the whole document next to the ones it states.
"""

from __future__ import annotations

import dataclasses
import json
import os
import shutil
import subprocess
from collections.abc import Sequence
from pathlib import Path

from roundhouse.core.actions import Json

ENV = "ROUNDHOUSE_REF18XX"
REPO = Path(__file__).resolve().parents[1]
SCRIPT = Path(__file__).with_name("site_replay.rb")


def ref_dir() -> Path:
    """The engine's folder: ``$ROUNDHOUSE_REF18XX`` or ``../ref18xx``."""
    return Path(os.environ.get(ENV, REPO.parent / "ref18xx"))


def missing(ref: Path) -> str | None:
    """Why the engine in ``ref`` cannot run, or None when it can."""
    if shutil.which("ruby") is None:
        return "no `ruby` on PATH (../shared/tools/ref18xx/setup.sh installs Debian's ruby)"
    if not (ref / "shim.rb").is_file() or not (ref / "lib" / "engine.rb").is_file():
        return (
            f"no 18xx.games engine in {ref} (needs shim.rb and lib/engine.rb): set {ENV} "
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
    live_only: tuple[dict[str, Json], ...] = ()
    """Actions a game kept live refused but a fresh load of the earlier ones accepts (the
    server's way): the site's caches, not our document."""

    @property
    def accepted(self) -> bool:
        """Every action processed, the game over with the document's result and reason."""
        return self.refused is None and self.finished and self.result_match and self.reason_match


class ReferenceFailed(RuntimeError):
    """The Ruby process itself failed (not an action the engine refused)."""


def replay_steps(ref: Path, document: Path, timeout: float = 600.0) -> SiteReplay:
    """Replay ``document`` action by action in the site's engine."""
    done = subprocess.run(
        ["ruby", str(SCRIPT), str(ref.resolve()), str(document.resolve())],
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
    live = out.get("live_only")
    return SiteReplay(
        refused=refused if isinstance(refused, dict) else None,
        finished=bool(out.get("finished")),
        result=result if isinstance(result, dict) else {},
        end_reason=reason if isinstance(reason, str) else None,
        result_match=bool(out.get("result_match")),
        reason_match=bool(out.get("reason_match")),
        live_only=tuple(x for x in live if isinstance(x, dict)) if isinstance(live, list) else (),
    )


LOAD_TIME = Path(__file__).with_name("site_load_time.rb")


def load_seconds(ref: Path, documents: Sequence[Path], repeats: int = 3) -> dict[str, float]:
    """The fastest of ``repeats`` whole-document loads by the site's engine, per document
    (``folder/name``), in the Ruby process's CPU time (``bench/site_load_time.rb``; the
    engine's start-up left out), the clock our side of the comparison reads too: under load,
    wall time would count the other programs' use of the cores against Ruby alone."""
    done = subprocess.run(
        ["ruby", str(LOAD_TIME), str(ref.resolve()), str(max(1, repeats))]
        + [str(d.resolve()) for d in documents],
        capture_output=True,
        text=True,
        timeout=1800,
        cwd=ref,
        check=False,
    )
    if done.returncode != 0:
        tail = (done.stderr or done.stdout).strip().splitlines()[-3:]
        raise ReferenceFailed(f"ruby exited {done.returncode}: {' / '.join(tail)}")
    out: dict[str, float] = {}
    for line in done.stdout.splitlines():
        if line.startswith("{"):
            row = json.loads(line)
            out[str(row["fixture"])] = float(row["cpu_s"])
    return out
