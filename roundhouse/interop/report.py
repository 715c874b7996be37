"""What a replay of an 18xx.games game found: does our game end the way the site's did?

Issue 7's replay report: per game, whether the final ``result`` and ``game_end_reason`` match;
on divergence, the first action where our game disagrees (an illegal move, a different revenue,
different cash) with the position around it; and our revenue against the site's for every
``run_routes``.
"""

from __future__ import annotations

import dataclasses

from roundhouse.core.actions import Json
from roundhouse.interop.replay import RevenueCheck


@dataclasses.dataclass(frozen=True, kw_only=True)
class Divergence:
    """The first place our game and the site's part ways."""

    kind: str
    """``illegal`` (our game refused the move), ``unknown_type``, ``revenue``, ``cash`` or a
    title's own word for what differs."""
    where: str
    """``action index 153 (id 154)``; auto actions say so."""
    index: int
    """Raw list index of the top-level entry."""
    site_type: str
    message: str
    action: Json
    """The site's action as recorded."""
    attempted: str | None = None
    """Our action that was refused, as table talk."""
    recent: tuple[str, ...] = ()
    """The site actions just before, oldest first."""
    state: Json = None
    """The position just before (title's :meth:`Translator.describe`)."""

    def lines(self) -> list[str]:
        out = [f"{self.kind} at {self.where} ({self.site_type}): {self.message}"]
        if self.attempted:
            out.append(f"  our action: {self.attempted}")
        out.extend(f"  before: {r}" for r in self.recent)
        if self.state is not None:
            out.append(f"  state: {self.state}")
        return out


@dataclasses.dataclass(frozen=True, kw_only=True)
class VerifyReport:
    """One document's replay verdict."""

    source: str
    title: str
    game_id: str
    raw_actions: int = 0
    effective_actions: int = 0
    """Top-level entries left after undo/redo (auto actions not counted)."""
    replayed: int = 0
    """Site actions processed, auto actions included."""
    expected_result: dict[str, int] | None = None
    result: dict[str, int] | None = None
    expected_end_reason: str | None = None
    end_reason: str | None = None
    revenue: tuple[RevenueCheck, ...] = ()
    divergence: Divergence | None = None
    error: str | None = None
    """Why the replay could not even start (bad document, title or translator missing)."""

    @property
    def result_matches(self) -> bool:
        return self.error is None and self.result == self.expected_result

    @property
    def end_reason_matches(self) -> bool:
        return self.error is None and self.end_reason == self.expected_end_reason

    @property
    def revenue_checked(self) -> int:
        return sum(1 for r in self.revenue if r.checked)

    @property
    def revenue_mismatches(self) -> tuple[RevenueCheck, ...]:
        return tuple(r for r in self.revenue if r.checked and not r.matches)

    @property
    def ok(self) -> bool:
        """Same result, same end reason, and nothing disagreed on the way."""
        return self.result_matches and self.end_reason_matches and self.divergence is None

    @property
    def verdict(self) -> str:
        """``OK``; ``OK, REVENUE DIFFERS`` when the game ends as on the site but some recorded
        run is not what our board makes of it (the site replays runs at their recorded
        revenue, so a hand-edited fixture can carry one); else ``FAIL``."""
        if self.ok:
            return "OK"
        ends_alike = self.result_matches and self.end_reason_matches
        if ends_alike and self.divergence is not None and self.divergence.kind == "revenue":
            return "OK, REVENUE DIFFERS"
        return "FAIL"

    def lines(self) -> list[str]:
        """The report as text, for the terminal or a log."""
        head = f"{self.source}: {self.title} game {self.game_id}: {self.verdict}"
        if self.error:
            return [head, f"  cannot replay: {self.error}"]
        out = [
            head,
            f"  actions: {self.raw_actions} recorded, {self.effective_actions} after undo/redo, "
            f"{self.replayed} replayed",
            f"  result: {'match' if self.result_matches else 'MISMATCH'} "
            f"(18xx.games {self.expected_result}, ours {self.result})",
            f"  end reason: {'match' if self.end_reason_matches else 'MISMATCH'} "
            f"(18xx.games {self.expected_end_reason}, ours {self.end_reason})",
            f"  revenue: {self.revenue_checked} of {len(self.revenue)} runs checked, "
            f"{len(self.revenue_mismatches)} differ",
        ]
        out.extend(f"    {r.describe()}" for r in self.revenue_mismatches)
        if self.divergence is not None:
            out.extend("  " + line for line in self.divergence.lines())
        return out

    def to_json(self) -> dict[str, Json]:
        return {
            "source": self.source,
            "title": self.title,
            "game_id": self.game_id,
            "ok": self.ok,
            "verdict": self.verdict,
            "raw_actions": self.raw_actions,
            "effective_actions": self.effective_actions,
            "replayed": self.replayed,
            "expected_result": dict(self.expected_result) if self.expected_result else None,
            "result": dict(self.result) if self.result else None,
            "result_matches": self.result_matches,
            "expected_end_reason": self.expected_end_reason,
            "end_reason": self.end_reason,
            "end_reason_matches": self.end_reason_matches,
            "revenue_checked": self.revenue_checked,
            "revenue_mismatches": [r.describe() for r in self.revenue_mismatches],
            "divergence": None if self.divergence is None else list[Json](self.divergence.lines()),
            "error": self.error,
        }
