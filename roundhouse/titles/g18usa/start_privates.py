"""§11.6: the privates the president puts into a new company act when its home station is
down, and those whose card says so close then (18xx.games): P10 Carnegie Steel's metropolis
(:mod:`.carnegie_steel`), P29 Bankrupt Railroad's 2-train (:mod:`.bankrupt_railroad`), P23
Bailey Yard's token (:mod:`.bailey_yard`); P10, P14 Pyramid Scheme (§10; no ability) and P29
close (``Closes(on_event="company_started")``).

The title calls :func:`privates_started` when a company floats (:mod:`.rules`'s
``on_float``, after §11.6.1 gave it its home's subsidy, :mod:`.subsidies`)."""

from __future__ import annotations

import dataclasses
from collections.abc import Collection

from roundhouse.core.ability import Closes
from roundhouse.titles.g18usa import bankrupt_railroad, carnegie_steel
from roundhouse.titles.g18usa import board as usa_board
from roundhouse.titles.g18usa.bailey_yard import private_acquired
from roundhouse.titles.g18usa.powers import close
from roundhouse.titles.g18usa.state import UsaGame


@dataclasses.dataclass(frozen=True)
class StartOutcome:
    """What the privates put into a new company did."""

    metropolis: str | None = None
    """The city P10 made a metropolis (the title lays its metropolis tile)."""
    free_train: str | None = None
    """The train P29 gave."""


def _closes_on_start(g: UsaGame, private_id: str) -> bool:
    return any(
        isinstance(a, Closes) and a.on_event == "company_started"
        for a in g.privates[private_id].spec.abilities
    )


def company_started(
    g: UsaGame,
    corp_id: str,
    home: str,
    *,
    potential_metropolises: Collection[str],
    metropolises: Collection[str],
    no_subsidy: bool,
) -> StartOutcome:
    """The privates the president put into ``corp_id`` at its start act (P10, P29, P23) and
    those that close then do (P10, P14, P29).  ``home``: its home hex; ``no_subsidy``: the
    home city's subsidy tile was "No subsidy"."""
    metropolis = carnegie_steel.new_metropolis(
        g,
        corp_id,
        home,
        potential_metropolises=potential_metropolises,
        metropolises=metropolises,
    )
    train = bankrupt_railroad.started(g, corp_id, no_subsidy=no_subsidy)
    for private in list(g.privates.values()):
        if private.owner != corp_id or private.closed:
            continue
        private_acquired(g, corp_id, private.id)
        if _closes_on_start(g, private.id):
            close(g, private.id)
    return StartOutcome(metropolis, train)


def privates_started(g: UsaGame, corp_id: str, home: str, *, no_subsidy: bool) -> None:
    """§11.6 in the game: :func:`company_started` with the game's metropolises, and P10's
    city made a metropolis (:func:`.carnegie_steel.make_metropolis`)."""
    out = company_started(
        g,
        corp_id,
        home,
        potential_metropolises=usa_board.metropolis_candidates(),
        metropolises=g.metropolises,
        no_subsidy=no_subsidy,
    )
    if out.metropolis is not None:
        carnegie_steel.make_metropolis(g, out.metropolis)
