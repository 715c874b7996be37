"""Replay an 18xx.games document and compare every check point with what the site recorded.

Unlike :func:`~roundhouse.interop.replay.import_18xx_games`, this never raises for a game that
goes wrong: it keeps replaying past a revenue difference (so the final result is still
compared) and stops only where our game refuses a move, writing the first divergence into the
:class:`~roundhouse.interop.report.VerifyReport`.
"""

from __future__ import annotations

import collections
import dataclasses
from collections.abc import Mapping

from roundhouse.core.actions import Json
from roundhouse.core.errors import IllegalAction, InvalidSetup
from roundhouse.core.game import Game
from roundhouse.interop.document import Document
from roundhouse.interop.replay import (
    ReplayError,
    RevenueCheck,
    apply_site_action,
    as_document,
    settle,
    site_actions,
    start,
)
from roundhouse.interop.report import Divergence, VerifyReport
from roundhouse.interop.translate import SiteAction, Translator, UnknownActionType
from roundhouse.interop.undo import resolve

RECENT = 3
"""Site actions shown before a divergence."""


def verify(doc: Document | Mapping[str, object], *, source: str | None = None) -> VerifyReport:
    """Replay ``doc`` and report how our game compares with the site's at every check point."""
    try:
        document = as_document(doc)
    except InvalidSetup as exc:
        return VerifyReport(source=source or "document", title="?", game_id="?", error=str(exc))
    report = VerifyReport(
        source=source or document.source,
        title=document.title,
        game_id=str(document.id),
        raw_actions=len(document.actions),
        expected_result=document.result,
        expected_end_reason=document.game_end_reason,
    )
    try:
        resolved = resolve(document.actions)
        game, translator = start(document)
    except (InvalidSetup, ImportError) as exc:
        return dataclasses.replace(report, error=str(exc))
    revenue: list[RevenueCheck] = []
    divergence: Divergence | None = None
    recent: collections.deque[str] = collections.deque(maxlen=RECENT)
    replayed = 0
    for action in site_actions(resolved):
        try:
            step = apply_site_action(action, game, translator, check=True)
        except (UnknownActionType, ReplayError) as exc:
            divergence = _refused(action, exc, recent, translator.describe(game))
            break
        replayed += 1
        if step.revenue is not None:
            revenue.append(step.revenue)
            if divergence is None and step.revenue.checked and not step.revenue.matches:
                divergence = _diverged(
                    action, "revenue", step.revenue.describe(), recent, translator, game
                )
        if divergence is None and step.disagreements:
            first = step.disagreements[0]
            divergence = _diverged(action, first.kind, first.message, recent, translator, game)
        recent.append(_summary(action))
    if divergence is None:
        settle(game, translator)  # the site's own moves after the last action, as on import
    result = {str(k): v for k, v in game.result.items()} if game.result is not None else None
    return dataclasses.replace(
        report,
        effective_actions=len(resolved.effective),
        replayed=replayed,
        result=result,
        end_reason=translator.end_reason(game.end_reason),
        revenue=tuple(revenue),
        divergence=divergence,
    )


def _summary(action: SiteAction) -> str:
    return f"{action.where}: {action.type} by {action.entity}"


def _refused(
    action: SiteAction, exc: IllegalAction, recent: collections.deque[str], before: Json
) -> Divergence:
    attempted = exc.attempted if isinstance(exc, ReplayError) else None
    return Divergence(
        kind="unknown_type" if isinstance(exc, UnknownActionType) else "illegal",
        where=action.where,
        index=action.index,
        site_type=action.type,
        message=str(exc.cause) if isinstance(exc, ReplayError) else str(exc),
        action=dict(action.data),
        attempted=None if attempted is None else str(attempted),
        recent=tuple(recent),
        state=before,
    )


def _diverged(
    action: SiteAction,
    kind: str,
    message: str,
    recent: collections.deque[str],
    translator: Translator,
    game: Game,
) -> Divergence:
    """A difference found after the action was applied; the state shown is the one after."""
    return Divergence(
        kind=kind,
        where=action.where,
        index=action.index,
        site_type=action.type,
        message=message,
        action=dict(action.data),
        recent=tuple(recent),
        state=translator.describe(game),
    )
