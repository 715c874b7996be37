"""One move made as a short sequence of tokens, each step masked exactly.

A :class:`Decision` starts from ``game.legal_actions(player)`` (the listed moves and the
:class:`~roundhouse.core.legal.AmountRange` spans) and narrows it one token at a time: first
the kind, then each field of the kind's dataclass in declaration order (the seat is implied).
A field is chosen in one of two ways:

- **a number** (a whole number field where every value on offer is 0 or more): its digits,
  most significant first, all numbers of the field written with as many digits as the largest;
  at the first digit the ``min`` and ``max`` tokens take the least or greatest value at once;
- **anything else**: the token naming the value (:class:`~.tokens.Names`), then, where several
  values share that token (two shares of one company, a value no segment names), the value's
  ordinal among them (``option`` tokens, in sorted order; base 32 past 32 values).

The mask at every step holds exactly the tokens that lead to at least one legal move.  A step
with a single legal token is taken by the decision itself, and a field with a single value
costs no token, so a move costs as many tokens as it has real choices (a Chicago Express bid:
kind, then two digits; a forced move: none).
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Hashable, Sequence
from typing import Any

from roundhouse.agents.tokens import OPTIONS, Names, TokenSpace, fields_of
from roundhouse.core.actions import Action
from roundhouse.core.legal import AmountRange, LegalActions

KIND = "kind"
"""The pseudo-field chosen first: the action's kind."""


@dataclasses.dataclass(slots=True)
class _Candidate:
    action: Action
    span: AmountRange | None = None
    """Set when ``action`` is a range's template: its ``span.field`` takes any span value."""

    def value(self, field: str) -> object:
        if field == KIND:
            return self.action.kind
        return getattr(self.action, field)

    def spans(self, field: str) -> bool:
        return self.span is not None and self.span.field == field


def _with(action: Action, field: str, value: object) -> Action:
    """``action`` with ``field`` set to ``value``."""
    changes: dict[str, Any] = {field: value}
    return dataclasses.replace(action, **changes)


def _span_values(span: AmountRange) -> tuple[int, int, int]:
    """Lowest and highest value of the span, and its step."""
    step = max(1, span.step)
    high = span.low + (span.high - span.low) // step * step
    return span.low, high, step


def _span_meets(span: AmountRange, lo: int, hi: int) -> bool:
    """Whether some value of the span lies in ``[lo, hi]``."""
    low, high, step = _span_values(span)
    first = max(low, lo)
    first = low + -(-(first - low) // step) * step
    return first <= min(high, hi)


def _ordered(values: Sequence[Hashable]) -> list[Hashable]:
    """Values in sorted order where they compare, else by their repr."""
    try:
        return sorted(values)  # type: ignore[type-var]
    except TypeError:
        return sorted(values, key=repr)


def _ordinal(index: int, count: int) -> tuple[int, ...]:
    """``index`` of ``count`` in base :data:`OPTIONS`, most significant first."""
    width = 1
    while OPTIONS**width < count:
        width += 1
    digits = []
    for _ in range(width):
        digits.append(index % OPTIONS)
        index //= OPTIONS
    return tuple(reversed(digits))


class _PathStage:
    """Choosing a field's value by the token paths of its distinct values."""

    __slots__ = ("depth", "field", "live", "paths")

    def __init__(self, field: str, paths: dict[Hashable, tuple[int, ...]]) -> None:
        self.field = field
        self.paths = paths
        self.live = list(paths)
        self.depth = 0

    def mask(self) -> list[int]:
        return sorted({self.paths[v][self.depth] for v in self.live})

    def take(self, token: int) -> Hashable | None:
        """Narrow by ``token``; the value once it is fixed."""
        self.live = [v for v in self.live if self.paths[v][self.depth] == token]
        self.depth += 1
        if len(self.live) == 1 and len(self.paths[self.live[0]]) == self.depth:
            return self.live[0]
        return None


class _NumberStage:
    """Choosing a whole number digit by digit (or by ``min``/``max``)."""

    __slots__ = ("digits", "field", "lo", "place", "spans", "values")

    def __init__(self, field: str, values: list[int], spans: list[AmountRange]) -> None:
        self.field = field
        self.values = values
        self.spans = spans
        top = max([*values, *(_span_values(s)[1] for s in spans)])
        self.digits = len(str(top))
        self.place = 10 ** (self.digits - 1)
        self.lo = 0

    def least(self) -> int:
        return min([*self.values, *(_span_values(s)[0] for s in self.spans)])

    def greatest(self) -> int:
        return max([*self.values, *(_span_values(s)[1] for s in self.spans)])

    def _meets(self, lo: int, hi: int) -> bool:
        return any(lo <= v <= hi for v in self.values) or any(
            _span_meets(s, lo, hi) for s in self.spans
        )

    def digit_options(self) -> list[int]:
        return [
            d
            for d in range(10)
            if self._meets(self.lo + d * self.place, self.lo + (d + 1) * self.place - 1)
        ]

    def first(self) -> bool:
        return self.place == 10 ** (self.digits - 1) and self.lo == 0

    def take_digit(self, d: int) -> int | None:
        self.lo += d * self.place
        if self.place == 1:
            return self.lo
        self.place //= 10
        return None


class Decision:
    """One seat's move in the making; see the module docstring.

    ``action`` is set once the move is fixed (at once, for a forced move).
    """

    def __init__(self, space: TokenSpace, names: Names, legal: LegalActions, seat: int) -> None:
        if not legal and not legal.ranges:
            raise ValueError("a decision needs at least one legal action")
        self.space = space
        self.names = names
        self.seat = seat
        """The choosing seat's index (seat tokens count from it)."""
        self.kinds_offered: tuple[str, ...] = tuple(
            dict.fromkeys([a.kind for a in legal] + [r.template.kind for r in legal.ranges])
        )
        self._candidates = [_Candidate(a) for a in legal]
        self._candidates += [_Candidate(r.template, r) for r in legal.ranges]
        self.kind: str | None = None
        self.fields: tuple[str, ...] = (KIND,)
        self.field_index = 0
        self.chosen: list[int] = []
        """Tokens taken so far, by the chooser or as the only choice."""
        self.picked: list[int] = []
        """Tokens the chooser picked (:meth:`choose`): replaying them rebuilds the decision."""
        self.action: Action | None = None
        self._stage: _PathStage | _NumberStage | None = None
        self._begin_field()

    def copy(self) -> Decision:
        """This decision at its present step, to go on with apart from it (searching every
        branch of a decision without rebuilding it from the legal moves for each branch)."""
        twin = copy.copy(self)
        twin.chosen = list(self.chosen)
        twin.picked = list(self.picked)
        twin._stage = copy.copy(self._stage)
        return twin

    # -- the public loop -----------------------------------------------------------------

    def mask(self) -> list[int]:
        """The legal tokens now, ascending (empty once the move is fixed)."""
        stage = self._stage
        if stage is None:
            return []
        if isinstance(stage, _PathStage):
            return stage.mask()
        tokens = [self.space.digit(d) for d in stage.digit_options()]
        if stage.first():
            tokens += [self.space.min_token, self.space.max_token]
        return sorted(tokens)

    def choose(self, token: int) -> Action | None:
        """Take ``token`` (one of :meth:`mask`); the move once it is fixed, else None."""
        if self.action is not None:
            raise ValueError("the move is already fixed")
        legal = self.mask()
        if token not in legal:
            shown = ", ".join(f"{t} ({self.label(t)})" for t in legal)
            raise ValueError(f"token {token} is not legal here; legal: {shown}")
        self.picked.append(token)
        self._take(token)
        return self.action

    def label(self, token: int) -> str:
        """What ``token`` means at this step (``company PRR``, ``digit 4``, ``min ($7)``)."""
        stage = self._stage
        if isinstance(stage, _NumberStage) and token in (
            self.space.min_token,
            self.space.max_token,
        ):
            value = stage.least() if token == self.space.min_token else stage.greatest()
            return f"{self.space.label(token)} ({stage.field} {value})"
        if isinstance(stage, _PathStage):
            values = [v for v in stage.live if stage.paths[v][stage.depth] == token]
            if values:
                shown = " / ".join(str(v) for v in values[:3])
                more = " …" if len(values) > 3 else ""
                return f"{stage.field} {shown}{more}"
        return self.names.label(token)

    @property
    def field(self) -> str | None:
        """The field being chosen now (``kind`` first); None once the move is fixed."""
        return None if self.action is not None else self.fields[self.field_index]

    def number_so_far(self) -> tuple[int, int] | None:
        """While a number is chosen: the digits fixed so far (as a value) and digits left."""
        stage = self._stage
        if not isinstance(stage, _NumberStage):
            return None
        return stage.lo, len(str(stage.place))

    # -- stepping ------------------------------------------------------------------------

    def _take(self, token: int) -> None:
        self.chosen.append(token)
        stage = self._stage
        assert stage is not None
        if isinstance(stage, _PathStage):
            value = stage.take(token)
            if value is not None:
                self._fix(stage.field, value)
            else:
                self._auto()
            return
        if token == self.space.min_token:
            self._fix(stage.field, stage.least())
            return
        if token == self.space.max_token:
            self._fix(stage.field, stage.greatest())
            return
        _, d = self.space.segment_of(token)
        number = stage.take_digit(d)
        if number is not None:
            self._fix(stage.field, number)
        else:
            self._auto()

    def _auto(self) -> None:
        """Take the only legal token, if there is just one (and so on, through ``_take``)."""
        legal = self.mask()
        if len(legal) == 1:
            self._take(legal[0])

    def _fix(self, field: str, value: object) -> None:
        """Keep the candidates whose ``field`` is ``value``; move to the next field."""
        kept: list[_Candidate] = []
        for c in self._candidates:
            if c.spans(field):
                assert c.span is not None and isinstance(value, int)
                if _span_meets(c.span, value, value):
                    kept.append(_Candidate(_with(c.action, field, value)))
            elif c.value(field) == value:
                kept.append(c)
        self._candidates = kept
        if field == KIND:
            self._set_kind(str(value))
        self.field_index += 1
        self._begin_field()

    def _set_kind(self, kind: str) -> None:
        self.kind = kind
        self.fields = (KIND, *fields_of(self.space.classes[kind]))

    def _begin_field(self) -> None:
        """Set up the stage for the next field with a choice (or fix the move)."""
        while self.field_index < len(self.fields):
            field = self.fields[self.field_index]
            stage = self._stage_for(field)
            if stage is not None:
                self._stage = stage
                self._auto()
                return
            if field == KIND:
                self._set_kind(self._candidates[0].action.kind)
            self.field_index += 1
        self._stage = None
        actions = {c.action for c in self._candidates}
        assert len(actions) == 1, f"the move is not fixed: {actions}"
        self.action = actions.pop()

    def _stage_for(self, field: str) -> _PathStage | _NumberStage | None:
        """The stage choosing ``field``, or None when it has a single value (fixed then)."""
        spans = [c.span for c in self._candidates if c.span is not None and c.spans(field)]
        listed = [c.value(field) for c in self._candidates if not c.spans(field)]
        numbers = all(type(v) is int and v >= 0 for v in listed)
        if spans and not (numbers and all(s.low >= 0 for s in spans)):
            self._enumerate(field)
            return self._stage_for(field)
        if numbers and (spans or len(set(listed)) > 1):
            ints = [v for v in listed if isinstance(v, int)]
            stage = _NumberStage(field, sorted(set(ints)), spans)
            if stage.least() != stage.greatest():
                return stage
            self._fix_quietly(field, stage.least())
            return None
        distinct = list(dict.fromkeys(v for v in listed if isinstance(v, Hashable)))
        if len(distinct) <= 1:
            return None
        return _PathStage(field, self._paths(field, distinct))

    def _fix_quietly(self, field: str, value: int) -> None:
        kept = []
        for c in self._candidates:
            if c.spans(field):
                assert c.span is not None
                kept.append(_Candidate(_with(c.action, field, value)))
            else:
                kept.append(c)
        self._candidates = kept

    def _enumerate(self, field: str) -> None:
        """List every value of the spans on ``field`` (negative amounts: rare and short)."""
        out: list[_Candidate] = []
        for c in self._candidates:
            if c.spans(field):
                assert c.span is not None
                low, high, step = _span_values(c.span)
                out += [_Candidate(_with(c.action, field, v)) for v in range(low, high + 1, step)]
            else:
                out.append(c)
        self._candidates = out

    def _paths(self, field: str, values: list[Hashable]) -> dict[Hashable, tuple[int, ...]]:
        """Each value's tokens: its name (if any), then its ordinal among its namesakes."""
        if field == KIND:
            return {v: (self.space.kind_token[str(v)],) for v in values}
        groups: dict[int | None, list[Hashable]] = {}
        for v in values:
            groups.setdefault(self.names.token(v, field, self.seat), []).append(v)
        paths: dict[Hashable, tuple[int, ...]] = {}
        for token, group in groups.items():
            head = () if token is None else (token,)
            if len(group) == 1 and token is not None:
                paths[group[0]] = head
                continue
            ordered = _ordered(group)
            for i, v in enumerate(ordered):
                paths[v] = head + tuple(self.space.option(d) for d in _ordinal(i, len(ordered)))
        return paths

    def __repr__(self) -> str:
        if self.action is not None:
            return f"<Decision fixed: {self.action}>"
        return f"<Decision {self.kind or '?'} choosing {self.field}: {len(self.mask())} tokens>"
