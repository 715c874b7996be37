"""How far one 18RoyalGorge tile lay travels through the engine (issue #15: "one 18RoyalGorge
tile lay crosses 18 engine files with about six core<->title hand-offs").

A recorded 18xx.games game (``../shared/fixtures/18xx.games/18RoyalGorge/``) is imported
through our translator up to its ``--nth`` railroad tile lay (earlier lays have imported
every module and filled what caches fill in play); that one ``Game.apply`` runs under
:func:`sys.setprofile`, which sees every Python call.  Counted, over frames of files inside
the ``roundhouse`` package that is imported (so the same script measures any checkout: run
it with ``PYTHONPATH`` set to the checkout):

* ``files``: distinct roundhouse source files entered;
* ``engine_files``: of those, the title's and core's flow, engine and public API
  (:data:`ENGINE_CORE`), leaving out the primitives and the 18xx model (tiles, the board,
  the graph, money): the issue's "18 engine files" at 7124d80 are these;
* ``core_files`` / ``title_files``: of those, under ``roundhouse/core`` and
  ``roundhouse/titles``;
* ``handoffs``: calls from a ``core`` frame into a ``titles`` frame or back (the caller being
  the nearest roundhouse frame below the callee), every call counted;
* ``handoff_edges``: distinct (caller function, callee function) pairs among those calls: the
  places where control changes layer, however often each is taken;
* ``core_to_title_calls`` / ``core_to_title_edges``: the same, only core calling title code
  (the title's rules entered from the engine; the other way is a title using core's model:
  a tile's colour, a transfer);
* ``core_to_title_file_pairs``: distinct (core file, title file) pairs among those: the
  issue's "about six core<->title hand-offs" at 7124d80 are these.

    PYTHONPATH=. python bench/lay_trace.py            # the default fixture, 5th lay
    PYTHONPATH=. python bench/lay_trace.py --nth 1 --json

Not a timing: the counts are the same on every run of one checkout.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path
from types import FrameType
from typing import Any

import roundhouse
from roundhouse.core.actions import Action
from roundhouse.core.game import Game
from roundhouse.interop.document import read_document
from roundhouse.interop.replay import site_actions, start
from roundhouse.interop.undo import resolve

FIXTURES = Path(__file__).resolve().parents[1] / ".." / "shared" / "fixtures" / "18xx.games"
DEFAULT = FIXTURES / "18RoyalGorge" / "18RoyalGorge_game_end_stock_market.json"
PACKAGE = str(Path(roundhouse.__file__).resolve().parent) + "/"


def layer(path: str) -> str | None:
    """``core``, ``titles``, ``other`` (a roundhouse file elsewhere), or None (not ours)."""
    if not path.startswith(PACKAGE):
        return None
    rel = path[len(PACKAGE) :]
    if rel.startswith("core/"):
        return "core"
    if rel.startswith("titles/"):
        return "titles"
    return "other"


ENGINE_CORE = (
    "core/flow/",
    "core/view/",
    "core/engine18xx.py",
    "core/config.py",
    "core/hooks.py",
    "core/state.py",
    "core/game.py",
    "core/title.py",
)
"""Core files above the primitives and the 18xx model (docs/architecture.md "Layers"): the
flow, the engine and the public API."""


def engine_file(rel: str) -> bool:
    """Whether a file (relative to the package) is an engine file: a title's, or core's
    flow, engine or public API (not a primitive nor the 18xx model: ids, tiles, the board,
    the graph, money)."""
    return rel.startswith("titles/") or rel.startswith(ENGINE_CORE)


def _ours_below(frame: FrameType | None) -> FrameType | None:
    while frame is not None and layer(frame.f_code.co_filename) is None:
        frame = frame.f_back
    return frame


def _name(frame: FrameType) -> str:
    rel = frame.f_code.co_filename[len(PACKAGE) :]
    return f"{rel}:{frame.f_code.co_qualname}"


def trace_apply(game: Game, action: Action) -> dict[str, Any]:
    """Apply ``action`` to ``game`` under the profiler and count (module docstring)."""
    files: Counter[str] = Counter()
    handoffs = 0
    into_title = 0
    edges: Counter[tuple[str, str]] = Counter()

    def profile(frame: FrameType, event: str, arg: object) -> None:
        nonlocal handoffs, into_title
        if event != "call":
            return
        here = layer(frame.f_code.co_filename)
        if here is None:
            return
        files[frame.f_code.co_filename[len(PACKAGE) :]] += 1
        caller = _ours_below(frame.f_back)
        if caller is None:
            return
        there = layer(caller.f_code.co_filename)
        if {here, there} == {"core", "titles"}:
            handoffs += 1
            into_title += here == "titles"
            edges[(_name(caller), _name(frame))] += 1

    sys.setprofile(profile)
    try:
        game.apply(action)
    finally:
        sys.setprofile(None)
    names = sorted(files)
    pairs = {(a.split(":")[0], b.split(":")[0]) for a, b in edges if b.startswith("titles/")}
    return {
        "action": str(action),
        "files": len(names),
        "engine_files": sum(engine_file(n) for n in names),
        "core_files": sum(n.startswith("core/") for n in names),
        "title_files": sum(n.startswith("titles/") for n in names),
        "handoffs": handoffs,
        "handoff_edges": len(edges),
        "core_to_title_calls": into_title,
        "core_to_title_edges": sum(b.startswith("titles/") for _, b in edges),
        "core_to_title_file_pairs": len(pairs),
        "pairs": [f"{a} -> {b}" for a, b in sorted(pairs)],
        "package": PACKAGE,
        "file_list": names,
        "edges": [f"{a} -> {b} ({n}x)" for (a, b), n in sorted(edges.items())],
    }


def _is_lay(action: Action) -> bool:
    return action.kind == "lay_tile" and str(getattr(action, "entity", "")) != ""


def lay_trace(path: Path = DEFAULT, nth: int = 5) -> dict[str, Any]:
    """The ``nth`` railroad tile lay of the recorded game, traced."""
    document = read_document(path)
    game, translator = start(document)
    seen = 0
    for site in site_actions(resolve(document.actions)):
        # the translator reads lazily: each of ours is applied before the next is read
        for ours in translator.read(site, game):
            if _is_lay(ours):
                seen += 1
                if seen == nth:
                    return trace_apply(game, ours)
            game.apply(ours)
    raise SystemExit(f"{path.name} has fewer than {nth} tile lays")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--fixture", type=Path, default=DEFAULT)
    parser.add_argument("--nth", type=int, default=5, help="which railroad tile lay (from 1)")
    parser.add_argument("--json", action="store_true", help="everything, as JSON")
    parser.add_argument("--verbose", action="store_true", help="list the files and hand-offs")
    args = parser.parse_args(argv)
    out = lay_trace(args.fixture, args.nth)
    if args.json:
        print(json.dumps(out, indent=2))
        return
    print(out["action"])
    keys = ("files", "engine_files", "core_files", "title_files", "handoffs", "handoff_edges")
    for key in (*keys, "core_to_title_calls", "core_to_title_edges", "core_to_title_file_pairs"):
        print(f"{key:26s} {out[key]}")
    if args.verbose:
        print("\n".join(["", *out["file_list"], "", *out["edges"], "", *out["pairs"]]))


if __name__ == "__main__":
    main()
