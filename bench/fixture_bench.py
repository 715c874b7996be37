"""Replaying the recorded 18xx.games games (``../shared/fixtures/18xx.games``).

For every fixture our importer can replay: actions per second through the importer (reading
the site's actions) and through ``roundhouse.load`` of the same game saved in our format
(the baseline, measured in the same run), and their ratio.  Fixtures that do not replay yet
are listed with the reason, so the table shows progress as titles land.
"""

from __future__ import annotations

import json
import time

import roundhouse
from tests.shared_files import fixtures_dir


def _seconds(fn: object, runs: int) -> float:
    assert callable(fn)
    best = float("inf")
    for _ in range(runs):
        start = time.process_time()
        fn()
        best = min(best, time.process_time() - start)
    return best


def bench_fixture_replay(runs: int = 3) -> list[dict[str, object]]:
    """One row per fixture: actions, importer and native replay rates, or why it fails."""
    from roundhouse.interop import import_18xx_games

    rows: list[dict[str, object]] = []
    folder = fixtures_dir()
    if not folder.is_dir():
        return [{"fixture": str(folder), "status": "absent (set ROUNDHOUSE_SHARED)"}]
    for path in sorted(folder.glob("*/*.json")):
        doc = json.loads(path.read_text())
        name = f"{path.parent.name}/{path.name}"
        try:
            game = import_18xx_games(doc)
        except ValueError as exc:
            rows.append({"fixture": name, "status": f"does not replay: {str(exc)[:80]}"})
            continue
        ours = game.to_doc()
        n = len(game.log)
        imported = _seconds(lambda doc=doc: import_18xx_games(doc), runs)
        native = _seconds(lambda ours=ours: roundhouse.load(ours), runs)
        rows.append(
            {
                "fixture": name,
                "status": "replays",
                "actions": n,
                "import_actions_per_s": round(n / imported, 1) if imported else None,
                "load_actions_per_s": round(n / native, 1) if native else None,
                "import_over_load": round(imported / native, 2) if native else None,
            }
        )
    return rows


if __name__ == "__main__":
    for row in bench_fixture_replay(runs=1):
        print(row)
