"""The seam between 18xx.games's action vocabulary and a title's own: one Translator per title.

The framework (this package) reads the document, resolves undo/redo, walks ``auto_actions``,
drops chat and records programmed orders; it hands every remaining 18xx.games action to the
title's :class:`Translator`, which turns it into zero or more Roundhouse actions.  Exporting
runs the other way: each Roundhouse action becomes zero or more 18xx.games actions.

A translator handles type ``T`` with a method ``read_T`` (site -> ours) and a Roundhouse kind
``K`` with ``write_K`` (ours -> site).  A type with no ``read_`` method is refused with
:class:`UnknownActionType`, naming the type and the action's index, as issue 7 asks.

Translators live in ``roundhouse/interop`` (above the titles, so titles never import interop)
and are registered here by title id, either as an instance or lazily as
``"package.module:ATTR"``.
"""

from __future__ import annotations

import dataclasses
import importlib
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Protocol

from roundhouse.core.actions import Action, Json
from roundhouse.core.errors import InvalidSetup, MalformedAction
from roundhouse.core.ids import PlayerId
from roundhouse.core.title import REGISTRY, OptionValue, normalise_title_id

if TYPE_CHECKING:
    from roundhouse.core.game import Game

SiteDoc = dict[str, Json]
"""One 18xx.games action as plain JSON."""

IGNORED_TYPES = ("message", "log")
"""Types with no game effect (facts sheet §4.5).  ``log`` still takes part in undo/redo."""

PROGRAM_PREFIX = "program_"
"""Standing orders (facts sheet §4.4): no effect on the game; what they caused is recorded in
the ``auto_actions`` that the framework replays anyway."""


@dataclasses.dataclass(frozen=True, slots=True)
class SiteAction:
    """One 18xx.games action being translated, with where it sits in the document.

    The typed getters raise :class:`~roundhouse.core.errors.MalformedAction` naming the action
    and the field, so a translator can read fields without checking types itself.
    """

    data: Mapping[str, Json]
    index: int
    """Position of the top-level entry in the raw action list (0-based)."""
    id: int | None
    """The top-level entry's ``id`` (an auto action has none of its own)."""
    auto: int | None = None
    """Position inside the parent's ``auto_actions``, or None for a top-level entry."""

    @property
    def type(self) -> str:
        kind = self.data.get("type")
        assert isinstance(kind, str)
        return kind

    @property
    def entity(self) -> Json:
        """Who acts: a player id, a corporation or company sym, or a minor id."""
        return self.data.get("entity")

    @property
    def entity_type(self) -> str:
        """``player``, ``corporation``, ``company`` or ``minor``; the site's default is player."""
        value = self.data.get("entity_type", "player")
        return value if isinstance(value, str) else "player"

    @property
    def where(self) -> str:
        """``action index 12 (id 13)`` or ``auto action 1 of action index 12 (id 13)``."""
        top = f"action index {self.index} (id {self.id})"
        return top if self.auto is None else f"auto action {self.auto} of {top}"

    def fail(self, problem: str) -> MalformedAction:
        """An error about this action, for ``raise action.fail("…")``."""
        return MalformedAction(f"{self.where}, {self.type}: {problem}")

    def get(self, name: str, default: Json = None) -> Json:
        """A field, or ``default`` when the site omitted it (it omits null fields, §3)."""
        return self.data.get(name, default)

    def text(self, name: str) -> str:
        value = self.data.get(name)
        if not isinstance(value, str):
            raise self.fail(f"field {name!r} must be text, got {value!r}")
        return value

    def integer(self, name: str) -> int:
        value = self.data.get(name)
        if not isinstance(value, int) or isinstance(value, bool):
            raise self.fail(f"field {name!r} must be a whole number, got {value!r}")
        return value

    def texts(self, name: str) -> tuple[str, ...]:
        value = self.data.get(name)
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise self.fail(f"field {name!r} must be a list of text, got {value!r}")
        return tuple(v for v in value if isinstance(v, str))

    def objects(self, name: str) -> tuple[Mapping[str, Json], ...]:
        value = self.data.get(name)
        if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
            raise self.fail(f"field {name!r} must be a list of objects, got {value!r}")
        return tuple(v for v in value if isinstance(v, dict))

    def seat(self) -> PlayerId:
        """Our seat for a player entity: the site's player id as text."""
        if self.entity_type != "player" or self.entity is None:
            raise self.fail(f"expected a player as entity, got {self.entity!r}")
        return PlayerId(str(self.entity))

    def auto_actions(self) -> tuple[SiteAction, ...]:
        """The embedded follow-up actions, in the order the site processes them (§2.3)."""
        autos = self.data.get("auto_actions") or []
        assert isinstance(autos, list)
        return tuple(
            SiteAction(a, self.index, self.id, j)
            for j, a in enumerate(autos)
            if isinstance(a, dict)
        )


class UnknownActionType(MalformedAction):
    """An 18xx.games action type the title's translator does not handle."""

    def __init__(self, action: SiteAction, title: str, known: Sequence[str]) -> None:
        super().__init__(
            f"unknown 18xx.games action type {action.type!r} at {action.where} "
            f"for {title}; it handles: {', '.join(known) or 'none'}",
            rule="interop.unknown_type",
        )
        self.type = action.type
        self.index = action.index
        self.auto = action.auto


@dataclasses.dataclass(frozen=True, slots=True)
class Disagreement:
    """Something the document recorded that our game computes differently."""

    kind: str
    """``revenue``, ``cash`` or a title's own word; the report groups by it."""
    message: str


class SeatIds(Protocol):
    """Export's map from our seats to 18xx.games player ids."""

    def player_id(self, seat: str) -> int | str: ...


class Translator:
    """A title's two-way translation of single actions; subclass it per title.

    What a title implements:

    * :attr:`title` – our title id.
    * ``read_<type>(self, action: SiteAction, game: Game) -> Iterable[Action]`` for every
      18xx.games type it accepts.  ``game`` is the game *as it stands*; if the method is a
      generator, each yielded action is applied before the generator resumes, so later
      actions may depend on earlier ones (a company's president after a sale, say).  Yield
      nothing for a type with no effect in our rules.
    * ``write_<kind>(self, action: Action, game: Game, seats: SeatIds) -> list[SiteDoc]`` for
      every Roundhouse action kind, against the game *before* the action; return the site's
      actions without ``id`` (the exporter numbers them).
    * optionally :meth:`options`, :meth:`optional_rules`, :meth:`end_reason`,
      :meth:`route_revenues`, :meth:`disagreements` and :meth:`describe`.

    The framework already handles ``undo``/``redo`` (resolved before translation),
    ``auto_actions`` (each is translated like a top-level action), ``message`` and ``log``
    (no effect) and ``program_*`` (no effect; their effects arrive as ``auto_actions``).  A
    title that needs one of these defines its ``read_`` method and it wins.
    """

    title: str = ""

    # -- 18xx.games -> Roundhouse -------------------------------------------------------

    def read(self, action: SiteAction, game: Game) -> Iterable[Action]:
        """The Roundhouse actions for one 18xx.games action (auto actions not included)."""
        method = getattr(self, f"read_{action.type}", None)
        if method is not None:
            result: Iterable[Action] = method(action, game)
            return result
        if action.type in IGNORED_TYPES or action.type.startswith(PROGRAM_PREFIX):
            return ()
        raise UnknownActionType(action, self.title, self.site_types())

    def handles(self, site_type: str) -> bool:
        return (
            hasattr(self, f"read_{site_type}")
            or site_type in IGNORED_TYPES
            or site_type.startswith(PROGRAM_PREFIX)
        )

    def site_types(self) -> list[str]:
        """The 18xx.games types this translator reads (besides message, log, program_*)."""
        return sorted(n.removeprefix("read_") for n in dir(self) if n.startswith("read_"))

    def acting_seat(self, action: SiteAction, game: Game) -> PlayerId:
        """The seat that makes ``action``: the player it names, or, for a company's action,
        the one seat acting now.  A title whose companies can act while several seats are
        acting overrides this (e.g. with the company's president)."""
        if action.entity_type == "player":
            return action.seat()
        acting = game.acting
        if len(acting) != 1:
            raise action.fail(
                f"cannot tell which seat acts for {action.entity!r}: "
                f"{len(acting)} seats are acting ({', '.join(acting) or 'none'})"
            )
        return acting[0]

    def options(self, optional_rules: Sequence[str]) -> dict[str, OptionValue]:
        """Our options for the site's optional rules.  Default: each rule is a boolean
        option of ours with the same name, switched on."""
        return {rule: True for rule in optional_rules}

    # -- Roundhouse -> 18xx.games -------------------------------------------------------

    def write(self, action: Action, game: Game, seats: SeatIds) -> list[SiteDoc]:
        """The 18xx.games actions for one of ours; ``game`` is the position before it."""
        method = getattr(self, f"write_{action.kind}", None)
        if method is None:
            raise MalformedAction(
                f"{self.title} has no 18xx.games form for action kind {action.kind!r}",
                rule="interop.unknown_kind",
            )
        result: list[SiteDoc] = method(action, game, seats)
        return result

    def finish(self, game: Game, seats: SeatIds) -> list[SiteDoc]:
        """Site actions still owed once the whole log is written (``game`` is the final
        position).  Default: none."""
        return []

    def settle(self, game: Game) -> Iterator[Action]:
        """Our moves the site makes by itself after the document's last action (``game`` is
        the position then, updated after each move yielded): the site's state already has
        them, and an exporter that leaves such a move out (it is the site's to make) relies
        on the reader to make it here.  Default: none."""
        return iter(())

    def optional_rules(self, options: Mapping[str, OptionValue]) -> list[str]:
        """The site's optional rules for our options.  Default: the boolean options that are
        on, by name."""
        return [name for name, value in options.items() if value is True]

    def end_reason(self, reason: str | None) -> str | None:
        """Our end reason in the site's words (``bankrupt``, ``stock_market``, …, §1)."""
        return reason

    def written_end_reason(self, game: Game) -> str | None:
        """The end reason an export of ``game`` states, once :meth:`finish` has written
        its last actions: the one the site gives when it replays them.  Default: ours in
        the site's words (:meth:`end_reason`)."""
        return self.end_reason(game.end_reason)

    # -- checks for the verify report ---------------------------------------------------

    def route_revenues(self, action: SiteAction, game: Game) -> Sequence[int] | None:
        """Our revenue for each route of a ``run_routes`` action, in the action's order,
        computed on ``game`` just before the run; None if the title cannot tell yet."""
        return None

    def disagreements(self, action: SiteAction, game: Game) -> Sequence[Disagreement]:
        """After an action was applied: what the document says that our game contradicts
        (the price of a train, the cash of a company)."""
        return ()

    def describe(self, game: Game) -> dict[str, Json]:
        """The position around a divergence, for the report; titles add cash, shares, trains."""
        return {
            "game": repr(game),
            "acting": list(game.acting),
            "actions_applied": len(game.log),
        }


class TranslatorRegistry:
    """Title id -> translator; lazy entries are imported the first time they are asked for."""

    def __init__(self) -> None:
        self._where: dict[str, str | Translator] = {}

    def register(self, title_id: str, translator: str | Translator) -> None:
        """Register ``"package.module:ATTR"`` or an instance for a title id."""
        self._where[normalise_title_id(title_id)] = translator

    def get(self, title_id: str) -> Translator:
        key = normalise_title_id(title_id)
        entry = self._where.get(key)
        if entry is None:
            part = REGISTRY.part(title_id, "interop")
            found = getattr(part, "TRANSLATOR", None)
            if isinstance(found, Translator):
                self._where[key] = entry = found
        if entry is None:
            raise InvalidSetup(
                f"no 18xx.games translator for title {title_id!r} (title not implemented "
                f"in interop yet); translators exist for: {', '.join(self.known()) or 'none'}"
            )
        if isinstance(entry, str):
            module_name, _, attr = entry.partition(":")
            loaded = getattr(importlib.import_module(module_name), attr)
            if not isinstance(loaded, Translator):
                raise TypeError(f"{entry} is not a Translator")
            self._where[key] = entry = loaded
        return entry

    def known(self) -> list[str]:
        """Titles with a translator: registered ones and title folders with an ``interop``
        part (imported to find out)."""
        for key in REGISTRY.folders():
            if key not in self._where and REGISTRY.part(key, "interop") is not None:
                self.get(key)
        return sorted(e.title if isinstance(e, Translator) else k for k, e in self._where.items())


TRANSLATORS = TranslatorRegistry()
"""Every title's translator: a title folder's ``interop`` part (its ``TRANSLATOR``), or one
registered here (tests, plug-ins)."""
