"""The kernel's hot paths against the way they were (``bench/legacy.py``), in the same run.

On positions and logs of Chicago Express random games (the toy title if Chicago Express is not
registered): ``state_hash`` (canonical form and digest), decoding actions from JSON (every
``load`` does it) and back (``to_doc``), undo plus redo, ``clone`` and ``at`` (history).
Each gives microseconds per call for the old and new way and the speed-up (old ÷ new).
"""

from __future__ import annotations

from collections.abc import Callable

import roundhouse
from bench import legacy
from bench.clock import paired
from bench.playout import play_games
from bench.position import positions
from roundhouse.core.actions import Action, Json
from roundhouse.core.canonical import canonical, digest
from roundhouse.core.game import Game
from roundhouse.core.title import REGISTRY

_GAMES: dict[str, list[dict[str, Json]]] = {}


def _docs() -> tuple[str, list[dict[str, Json]]]:
    """Save files of a few seeded random games, played once per process."""
    try:
        title = REGISTRY.get("ChicagoExpress").id
        players = 4
    except Exception:
        import tests.toy_title  # noqa: F401  (registers "Toy")

        title, players = "Toy", 3
    if title not in _GAMES:
        _GAMES[title] = play_games(title, players, seconds=0.0, min_games=6).docs
    return title, _GAMES[title]


def _row(prefix: str, old: float, new: float) -> dict[str, float]:
    return {
        f"{prefix}.v1_us": round(old * 1e6, 2),
        f"{prefix}.v2_us": round(new * 1e6, 2),
        f"{prefix}.speedup": round(old / new, 2) if new else 0.0,
    }


def _over(games: list[Game], call: Callable[[Game], object]) -> Callable[[], int]:
    def step() -> int:
        for game in games:
            call(game)
        return len(games)

    return step


def bench_state_hash(time_budget: float = 30.0) -> dict[str, float]:
    """``canonical()`` and ``digest()`` of positions spread through the games."""
    _, docs = _docs()
    games = positions(docs, 24)
    states = [g.state for g in games]
    seconds = min(time_budget / 10, 3.0)

    def run(fn: Callable[[object], object]) -> Callable[[], int]:
        def step() -> int:
            for state in states:
                fn(state)
            return len(states)

        return step

    out = _row("canonical", *paired(run(legacy.canonical_v1), run(canonical), seconds))
    out.update(_row("digest", *paired(run(legacy.digest_v1), run(digest), seconds)))
    return out


def bench_decode(time_budget: float = 30.0) -> dict[str, float]:
    """Decoding the JSON form of every recorded action, and encoding it back (per action)."""
    title, docs = _docs()
    codec = REGISTRY.get(title).codec
    old = legacy.ActionCodecV1(codec.classes.values())
    actions = [a for d in docs for a in d["actions"]]  # type: ignore[union-attr]
    seconds = min(time_budget / 10, 3.0)

    def run(decode: Callable[[object], object]) -> Callable[[], int]:
        def step() -> int:
            for action in actions:
                decode(action)
            return len(actions)

        return step

    out = _row("decode_json", *paired(run(old.decode), run(codec.decode), seconds))
    typed = [codec.decode(a) for a in actions]

    def encode(to_json: Callable[[Action], object]) -> Callable[[], int]:
        def step() -> int:
            for action in typed:
                to_json(action)
            return len(typed)

        return step

    out.update(_row("to_json", *paired(encode(legacy.to_json_v1), encode(Action.to_json), seconds)))
    return out


def bench_undo(time_budget: float = 30.0) -> dict[str, float]:
    """Undo the last action and play it again, at positions spread through the games."""
    _, docs = _docs()
    old_games = positions(docs, 24)
    new_games = positions(docs, 24)
    seconds = min(time_budget / 10, 3.0)

    def old(game: Game) -> None:
        last = game.log[-1]
        legacy.restore_v1(game, len(game.log) - 1)
        game.apply(last)

    def new(game: Game) -> None:
        last = game.log[-1]
        game.undo()
        game.apply(last)

    return _row("undo_redo", *paired(_over(old_games, old), _over(new_games, new), seconds))


def bench_clone(time_budget: float = 30.0) -> dict[str, float]:
    """``clone()`` of a game, and ``at()`` half-way back through its log."""
    _, docs = _docs()
    games = [roundhouse.load(d) for d in docs]
    seconds = min(time_budget / 10, 3.0)

    def old_at(game: Game) -> None:
        other = legacy.clone_v1(game)
        legacy.restore_v1(other, len(game.log) // 2)

    out = _row("clone", *paired(_over(games, legacy.clone_v1), _over(games, Game.clone), seconds))
    at = paired(_over(games, old_at), _over(games, lambda g: g.at(len(g.log) // 2)), seconds)
    out.update(_row("at_half", *at))
    return out
