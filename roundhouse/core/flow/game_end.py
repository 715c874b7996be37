"""When the game ends and how players score.

Triggers (:class:`~roundhouse.core.config.EndTrigger`) and what each gives
(:class:`~roundhouse.core.config.EndTiming`) come from the title's config:

* 18RoyalGorge "Triggering End of Game": bankruptcy ends at once; a stock price in the red
  cells ends after the current set of operating rounds; the "Game End" card (silver phase)
  ends after this set, a stock round and one more set;
* 18US §8 and 18West §9: the bank breaking ends after the current (or next) set;
  bankruptcy of all but one player ends at once;
* 18USA §16: the first 8-train ends after this set, a stock round and a final set.

A target is (set, operating round within the set); 0 stands for "the whole set".  When
several triggers fire, the earliest target wins and names the reason; when two give the same
end, the one whose own timing is shorter names it (18RoyalGorge "Ending 2": the stock market
end "applies even if the game end was previously triggered by the purchase or export of a
train"; 18xx.games's engine ranks its end timings the same way).

Scores (18RoyalGorge "Calculating Scores", 18US §8, 18West §9, 18USA §16): cash plus each
share at its final price, shares in worthless zones at $0, privates at face value where the
title says, plus the title's own adjustments (18USA §16's short shares:
:meth:`~roundhouse.core.hooks.Hooks.score_adjustment`).
"""

from __future__ import annotations

from typing import Protocol

from roundhouse.core.config import EndTiming, EndTrigger, TitleConfig
from roundhouse.core.ids import PlayerId


class RoundKind(Protocol):
    @property
    def kind(self) -> str: ...


class Clock(Protocol):
    """What the end is timed by: the 18xx engine (:class:`~roundhouse.core.engine18xx.Engine`)
    is one.  A protocol, not the engine, so that the engine, which keeps a :class:`GameEnd`,
    is not imported back."""

    @property
    def config(self) -> TitleConfig: ...
    @property
    def round(self) -> RoundKind: ...
    @property
    def set_count(self) -> int: ...
    @property
    def or_in_set(self) -> int: ...
    def emit(self, kind: str, text: str, /, **data: object) -> None: ...


class Ended(Protocol):
    """A game whose end is told (:func:`game_over_text`)."""

    @property
    def end(self) -> GameEnd: ...
    @property
    def result(self) -> dict[PlayerId, int] | None: ...
    @property
    def winners(self) -> tuple[PlayerId, ...] | None: ...


WHOLE_SET = 1_000
"""Stands in for "the last operating round of the set" in a target."""

TIMING_ORDER = (
    EndTiming.IMMEDIATE,
    EndTiming.END_OF_OR,
    EndTiming.END_OF_OR_SET,
    EndTiming.AFTER_NEXT_SET,
)
"""End timings from the shortest wait to the longest."""


def _rank(timing: EndTiming) -> int:
    return TIMING_ORDER.index(timing)


class GameEnd:
    """Fired triggers, the earliest end they give, and whether the game is over."""

    __slots__ = ("fired", "over", "reason", "target")

    def __init__(self) -> None:
        self.fired: list[str] = []
        self.target: tuple[int, int] | None = None
        """(set number, operating round in the set or :data:`WHOLE_SET`)."""
        self.reason: str | None = None
        self.over = False

    def trigger(self, g: Clock, trigger: EndTrigger) -> None:
        """Record a trigger; ends the game now if its timing is immediate."""
        timing = g.config.end_timing.get(trigger)
        if timing is None or trigger.value in self.fired or self.over:
            return
        self.fired.append(trigger.value)
        in_or = g.round.kind == "OR"
        s, k = g.set_count, g.or_in_set
        if timing is EndTiming.IMMEDIATE:
            self.over = True
            self.reason = trigger.value
            return
        if timing is EndTiming.END_OF_OR:
            target = (s, k) if in_or else (s + 1, 1)
        elif timing is EndTiming.END_OF_OR_SET:
            target = (s, WHOLE_SET) if in_or else (s + 1, WHOLE_SET)
        else:
            target = (s + 1, WHOLE_SET) if in_or else (s + 2, WHOLE_SET)
        if self.target is None or target < self.target:
            self.target = target
            self.reason = trigger.value
            g.emit(
                "end", f"The game will end ({trigger.value.replace('_', ' ')})", reason=self.reason
            )
        elif target == self.target and _rank(timing) < self._rank_of_reason(g):
            self.reason = trigger.value

    def _rank_of_reason(self, g: Clock) -> int:
        """How soon the trigger that names the end ends a game by its own timing."""
        for trigger, timing in g.config.end_timing.items():
            if trigger.value == self.reason:
                return _rank(timing)
        return len(TIMING_ORDER)

    def after_operating_round(self, g: Clock, last_of_set: bool) -> bool:
        """Whether the game ends now that an operating round is over."""
        if self.target is None:
            return False
        s, k = self.target
        done = (g.set_count, WHOLE_SET if last_of_set else g.or_in_set)
        if done >= (s, k) or (last_of_set and g.set_count >= s):
            self.over = True
        return self.over

    def final_set(self, g: Clock) -> bool:
        """Whether the set being played is the last one (titles lengthen it, 18USA §16)."""
        return self.target is not None and self.target[0] == g.set_count


def game_over_text(g: Ended) -> str:
    """ "Game over (bank broken): Ann wins with $1234; Bob $1100, Cy $950" - the winners as
    the game names them (18West §9: the sole solvent player, whatever the scores)."""
    result = g.result or {}
    why = f" ({g.end.reason.replace('_', ' ')})" if g.end.reason else ""
    winners = g.winners or ()
    if not result or not winners:
        return f"Game over{why}"
    ranked = sorted(result.items(), key=lambda pv: -pv[1])
    rest = ", ".join(f"{p} ${v}" for p, v in ranked if p not in winners)
    verb = "win" if len(winners) > 1 else "wins"
    scores = {result[p] for p in winners}
    told = f" with ${scores.pop()}" if len(scores) == 1 else ""
    return f"Game over{why}: {' and '.join(winners)} {verb}{told}" + (f"; {rest}" if rest else "")
