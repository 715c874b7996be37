"""The shortest action prefix that still breaks a promise.

Random games find failures late and at sampled positions only.  Replaying the recorded actions
one at a time with *every* check at *every* position (:data:`~roundhouse.harness.invariants.FULL`)
stops at the first position where anything fails, which is the shortest prefix of this game
that reproduces a failure: usually the same one, sometimes an earlier one the sampling missed.
Actions cannot be dropped from the middle of a log (each depends on those before), so a prefix
is the smallest reproduction there is.
"""

from __future__ import annotations

from collections.abc import Mapping

from roundhouse.core.actions import Json
from roundhouse.core.errors import IllegalAction
from roundhouse.core.game import new_game
from roundhouse.core.rng import Rng
from roundhouse.harness.invariants import FULL, Checker, Failure, Policy, describe


def replay_checked(
    doc: Mapping[str, Json], policy: Policy = FULL, focus: Failure | None = None
) -> tuple[Failure | None, int, bool]:
    """Replay a save file action by action, checking everything along the way.

    With ``focus`` (a failure seen before), its action is also tried again at its position.

    Returns the first failure (or None), the number of the file's actions needed to reach it
    (all of them if none failed), and whether the replay reached the end of the file: an
    action that is refused *and not listed* means the rules changed since the file was saved,
    so the replay stops there without a failure.
    """
    actions = doc.get("actions")
    players = doc.get("players")
    title, seed, options = doc.get("title"), doc.get("seed", 0), doc.get("options") or {}
    assert isinstance(actions, list) and isinstance(players, list) and isinstance(title, str)
    assert isinstance(seed, int) and isinstance(options, dict)
    try:
        game = new_game(title, [str(p) for p in players], seed, options)
        checker = Checker(game, Rng(seed), policy)
        checker.position(game)
        if focus is not None and focus.position == 0:
            checker.focus(game, focus.action)
    except Exception as exc:
        return Failure.from_exception(exc, 0), 0, False
    for index, action in enumerate(actions):
        try:
            game.apply(action)  # type: ignore[arg-type]
        except IllegalAction as exc:
            try:
                decoded = game.title.codec.decode(action)
            except IllegalAction:
                return None, index, False
            if decoded in game.legal_actions():
                failure = Failure(
                    check="legal.listed_refused",
                    message=f"{decoded!r} is listed but refused: {exc}",
                    position=index,
                    action=action,
                )
                return failure, index + 1, False
            return None, index, False
        except Exception as exc:
            failure = Failure(check="crash", message=describe(exc), position=index, action=action)
            return failure, index + 1, False
        try:
            checker.position(game)
            if focus is not None and focus.position == index + 1:
                checker.focus(game, focus.action)
        except Exception as exc:
            return Failure.from_exception(exc, index + 1), index + 1, False
    if game.finished:
        try:
            checker.end(game)
        except Exception as exc:
            return Failure.from_exception(exc, len(actions)), len(actions), True
    return None, len(actions), True


def shortest_failing_prefix(
    doc: Mapping[str, Json], failure: Failure
) -> tuple[dict[str, Json], Failure]:
    """The save file cut to the shortest failing prefix, and the failure seen there.

    If the full replay does not fail (a failure that depends on something outside the log,
    which is itself a determinism bug) the original file and failure are returned unchanged.
    """
    found, length, _ = replay_checked(doc, focus=failure)
    if found is None:
        return dict(doc), failure
    actions = doc["actions"]
    assert isinstance(actions, list)
    return {**doc, "actions": actions[:length]}, found
