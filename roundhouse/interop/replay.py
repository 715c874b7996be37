"""Replaying an 18xx.games document as a Roundhouse game, one site action at a time.

The order is the site's (facts sheet ``docs/facts/18xx-games-format.md`` §2.1 and §2.3): set
the game up from the players, seed and optional rules; resolve undo/redo; then for every
surviving entry, in list order, process it and then each of its ``auto_actions``.  Each site
action goes through the title's :class:`~roundhouse.interop.translate.Translator`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping

from roundhouse.core.actions import Action, Json
from roundhouse.core.errors import IllegalAction
from roundhouse.core.game import Game
from roundhouse.core.title import REGISTRY
from roundhouse.interop.document import Document, parse_document
from roundhouse.interop.seed import game_seed
from roundhouse.interop.translate import (
    TRANSLATORS,
    Disagreement,
    SiteAction,
    Translator,
    UnknownActionType,
)
from roundhouse.interop.undo import ResolvedLog, resolve


class ReplayError(IllegalAction):
    """Our game refused a site action (or what it was translated into)."""

    def __init__(self, action: SiteAction, cause: IllegalAction, attempted: Action | None) -> None:
        entity = action.entity
        super().__init__(
            f"{action.where}, {action.type} by {entity}: {cause}",
            rule=cause.rule,
        )
        self.action = action
        self.cause = cause
        self.attempted = attempted
        """Our action that was refused, or None if translating failed."""


@dataclasses.dataclass(frozen=True, slots=True)
class RevenueCheck:
    """Our revenue against the site's for one ``run_routes`` action (issue 7)."""

    where: str
    entity: str
    recorded: tuple[int, ...]
    """The site's revenue per route, in the action's order."""
    extra_revenue: int
    ours: tuple[int, ...] | None
    """Ours per route, or None when the title cannot compute it."""

    @property
    def recorded_total(self) -> int:
        return sum(self.recorded) + self.extra_revenue

    @property
    def checked(self) -> bool:
        return self.ours is not None

    @property
    def matches(self) -> bool:
        return self.ours is not None and tuple(self.ours) == self.recorded

    def describe(self) -> str:
        ours = "not computed" if self.ours is None else f"{list(self.ours)} = {sum(self.ours)}"
        return (
            f"{self.where}: {self.entity} ran for {list(self.recorded)} = "
            f"{sum(self.recorded)} on 18xx.games, ours {ours}"
        )


@dataclasses.dataclass(frozen=True, slots=True)
class Step:
    """One site action replayed: what it became and what the checks found."""

    action: SiteAction
    applied: tuple[Action, ...]
    revenue: RevenueCheck | None = None
    disagreements: tuple[Disagreement, ...] = ()


def as_document(doc: Document | Mapping[str, object]) -> Document:
    return doc if isinstance(doc, Document) else parse_document(doc)


def start(document: Document, translator: Translator | None = None) -> tuple[Game, Translator]:
    """The game set up as the site sets it up, before any action (§2.1 step 1).

    Seats are the site's player ids as text, so ``game.result`` is keyed like the document's
    ``result``.
    """
    title = REGISTRY.get(document.title)
    translator = translator or TRANSLATORS.get(title.id)
    options = translator.options(document.optional_rules)
    return Game(title, document.seats, game_seed(document), options), translator


def site_actions(resolved: ResolvedLog) -> Iterator[SiteAction]:
    """Every site action to process, in order: each surviving entry, then its auto actions."""
    for entry in resolved.effective:
        top = SiteAction(entry.action, entry.index, entry.id)
        yield top
        yield from top.auto_actions()


def steps(
    document: Document, game: Game, translator: Translator, *, check: bool = False
) -> Iterator[Step]:
    """Apply the document's actions to ``game`` one site action at a time.

    Raises :class:`ReplayError` when our game refuses a move and
    :class:`~roundhouse.interop.translate.UnknownActionType` for a type the title cannot read.
    With ``check``, each step also carries the revenue check and the title's disagreements.
    """
    for action in site_actions(resolve(document.actions)):
        yield apply_site_action(action, game, translator, check=check)


def apply_site_action(
    action: SiteAction, game: Game, translator: Translator, *, check: bool = False
) -> Step:
    revenue: RevenueCheck | None = None
    applied: list[Action] = []
    attempted: Action | None = None
    try:
        if check:
            revenue = revenue_check(action, game, translator)
        for ours in translator.read(action, game):
            attempted = ours
            applied.append(game.apply(ours))
            attempted = None
    except UnknownActionType:
        raise
    except IllegalAction as exc:
        raise ReplayError(action, exc, attempted) from exc
    found = tuple(translator.disagreements(action, game)) if check else ()
    return Step(action, tuple(applied), revenue, found)


def revenue_check(action: SiteAction, game: Game, translator: Translator) -> RevenueCheck | None:
    """For ``run_routes``: the site's revenue per route against ours, before the run."""
    if action.type != "run_routes":
        return None
    routes = action.objects("routes") if action.get("routes") is not None else ()
    recorded = tuple(_revenue(action, route) for route in routes)
    extra = action.get("extra_revenue", 0)
    ours = translator.route_revenues(action, game)
    return RevenueCheck(
        where=action.where,
        entity=str(action.entity),
        recorded=recorded,
        extra_revenue=extra if isinstance(extra, int) else 0,
        ours=None if ours is None else tuple(ours),
    )


def _revenue(action: SiteAction, route: Mapping[str, Json]) -> int:
    value = route.get("revenue")
    if not isinstance(value, int) or isinstance(value, bool):
        raise action.fail(f"a route's revenue must be a whole number, got {value!r}")
    return value


def import_18xx_games(doc: Document | Mapping[str, object]) -> Game:
    """The replayed game of an 18xx.games document.

    ``game.result`` is keyed by the site's player ids as text; ``translator.end_reason``
    gives the end reason in the site's words.  Raises
    :class:`~roundhouse.interop.document.DocumentError` for a bad document,
    :class:`~roundhouse.interop.translate.UnknownActionType` and :class:`ReplayError` when an
    action cannot be read or played.
    """
    document = as_document(doc)
    game, translator = start(document)
    for _ in steps(document, game, translator):
        pass
    settle(game, translator)
    return game


def settle(game: Game, translator: Translator) -> tuple[Action, ...]:
    """Make the moves the site makes by itself after the last action
    (:meth:`~roundhouse.interop.translate.Translator.settle`): an unfinished game whose last
    move was one of them (18RoyalGorge: withholding a run of nothing, which an export leaves
    out) ends where it ended on the site."""
    return tuple(game.apply(ours) for ours in translator.settle(game))
